use super::*;
use fairshare::format::two_decimals;
use fairshare::priority::{self, PendingJob};

#[test]
fn the_example_job_gives_the_engines_sum() {
    let cfg = example_config();
    let job = pending_job(&Example::default(), 0.5);
    let p = priority::priority(&cfg, &job);
    // Computed by hand from Slurm's multifactor formula: age 1000 · 1/7; fairshare 10000 · 0.5;
    // job size 1000 · (1/16 + 32/1024)/2; partition 1000 · 1; QOS 2000 · 0.1;
    // TRES CPU 500 · 32/1024, GPU 1000 · 2/32.
    let want = 1000.0 / 7.0
        + 5000.0
        + 1000.0 * (1.0 / 16.0 + 32.0 / 1024.0) / 2.0
        + 1000.0
        + 200.0
        + 500.0 * 32.0 / 1024.0
        + 1000.0 * 2.0 / 32.0;
    assert!((p.sum - want).abs() < 1e-9, "{} vs {want}", p.sum);
    assert_eq!(p.priority, want as u32);
    let segs = segments(&cfg, &p);
    let total: f64 = segs.iter().map(|s| s.value).sum();
    assert!((total - p.sum).abs() < 1e-9);
    let percent: f64 = segs.iter().map(|s| s.percent).sum();
    assert!((percent - 100.0).abs() < 1e-9);
    let fs = segs.iter().find(|s| s.term == Term::Fairshare).unwrap();
    assert_eq!(
        (
            fs.weight.as_str(),
            fs.factor.as_str(),
            fs.value_text.as_str()
        ),
        ("10000", "0.500000", "5000")
    );
    let gpu = segs
        .iter()
        .find(|s| s.term == Term::Tres(TRES_GPU.into()))
        .unwrap();
    assert_eq!(gpu.value_text, "62.5");
}

#[test]
fn a_weight_change_changes_the_total() {
    let mut cfg = example_config();
    let job = pending_job(&Example::default(), 0.25);
    let before = priority::priority(&cfg, &job).priority;
    cfg.weights.age = 5000;
    let after = priority::priority(&cfg, &job).priority;
    assert!(after > before);
}

#[test]
fn nice_lowers_and_clamps_show() {
    let cfg = PriorityConfig::default();
    let job = PendingJob {
        nice: 10,
        ..pending_job(&Example::default(), 1.0)
    };
    let p = priority::priority(&cfg, &job);
    assert_eq!(p.priority, 1);
    assert_eq!(p.clamp, Some(priority::Clamp::RaisedToOne));
    let segs = segments(&cfg, &p);
    let nice = segs.iter().find(|s| s.term == Term::Nice).unwrap();
    assert_eq!((nice.value_text.as_str(), nice.percent), ("-10", 0.0));
    assert!(segs.iter().all(|s| s.percent == 0.0));
}

#[test]
fn term_text_and_styles() {
    assert_eq!(two_decimals(5000.0), "5000");
    assert_eq!(two_decimals(142.857142), "142.86");
    assert_eq!(two_decimals(62.5), "62.5");
    assert_eq!(two_decimals(-0.001), "0");
    assert_eq!(segment_style(12.5), "flex: 0 0 12.500%");
    assert_eq!(parse_u32("4294967295"), Some(u32::MAX));
    assert_eq!(parse_u32("4294967296"), None);
    assert_eq!(parse_u32("-1"), None);
}

#[test]
fn suggested_weight_is_one_to_two_n_for_the_tree() {
    let s = crate::presets::by_id("classic-example").unwrap().scenario();
    let n = fairshare::fair_tree::run(&s.tree).n_users();
    assert_eq!(priority::suggested_fairshare_weight(n), 6..=12);
}

#[test]
fn the_job_owner_is_the_selected_user_or_the_first() {
    leptos::prelude::Owner::new().with(|| {
        let s = crate::presets::by_id("classic-example").unwrap().scenario();
        let state = AppState::new(s);
        let first = job_owner(state).unwrap();
        assert!(!first.selected);
        assert_eq!(first.name, "User1");
        state.select(Some(fairshare::AssocId(321)));
        let o = job_owner(state).unwrap();
        assert!(o.selected);
        assert_eq!(o.name, "User5");
        let run = state.run().get();
        let ix = state.ix(fairshare::AssocId(321)).unwrap();
        assert_eq!(Some(o.fairshare), run.assocs()[ix].fairshare);
        // An account selected: back to the first user.
        state.select(Some(fairshare::AssocId(2)));
        assert!(!job_owner(state).unwrap().selected);
    });
}
