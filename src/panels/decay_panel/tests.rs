//! Native tests of the decay panel's model and of its undoable move in time.

use fairshare::decay::{self, Job, RankTarget, Schedule};
use fairshare::format::printf_f;
use fairshare::{AssocId, AssocTree, Hierarchy, TieRule, fair_tree};

use super::model::*;
use crate::state::AppState;
use leptos::prelude::*;

fn classic_example() -> fairshare::Scenario {
    crate::presets::by_id("classic-example").unwrap().scenario()
}

fn schedule() -> Schedule {
    Schedule::default()
}

/// Users whose rank differs between `base` and `tree` (Slurm's tie rule).
fn changes(base: &AssocTree, tree: &AssocTree) -> usize {
    let now = fairshare::Ranked::new(tree, TieRule::Slurm);
    let then = origin_run(base, TieRule::Slurm);
    rank_changes(&then, &now)
}

#[test]
fn hours_from_inputs_are_whole_seconds() {
    assert_eq!(hours_to_secs(1.5), Some(5400));
    assert_eq!(hours_to_secs(-1.0), None);
    assert_eq!(hours_to_secs(f64::NAN), None);
}

#[test]
fn horizon_and_snapping_follow_the_schedule() {
    let s = schedule();
    assert_eq!(horizon_secs(&s, 14), 4 * 604_800);
    assert_eq!(snap(604_800, &s, 14), 604_800);
    assert_eq!(snap(604_949, &s, 14), 604_800);
    assert_eq!(snap(604_950, &s, 14), 605_100);
    assert_eq!(snap(-5, &s, 14), 0);
    assert_eq!(snap(i64::MAX / 2, &s, 14), horizon_secs(&s, 14));
    // Long half-lives and big trees are capped to what simulates quickly.
    let year = Schedule {
        half_life_secs: 365 * 86_400,
        ..s
    };
    assert_eq!(horizon_secs(&year, 14), 105_120 * 300);
    assert_eq!(horizon_secs(&s, 100_000), 288 * 300);
    assert_eq!(horizon_secs(&s, 5_000), 1000 * 300);
    let none = Schedule {
        half_life_secs: 0,
        calc_period_secs: 600,
        no_state_file: false,
    };
    assert_eq!(horizon_secs(&none, 14), 7 * 86_400);
}

/// One half-life of pure decay leaves Slurm's 0.500073 of every usage (hand-computed:
/// (1 − 0.693/604800)^604800 = 0.5000730…), applied cycle by cycle as the panel applies it.
#[test]
fn one_half_life_halves_every_usage() {
    let base = classic_example().tree;
    let tree = tree_at(&base, &[], &schedule(), 604_800).unwrap();
    let h0 = Hierarchy::new(&base);
    let h1 = Hierarchy::new(&tree);
    let ratio = h1.usage_raw(h1.root()).to_f64() / h0.usage_raw(h0.root()).to_f64();
    assert_eq!(printf_f(ratio), "0.500073");
    let user1 = base.position(AssocId(211)).unwrap();
    assert!((tree.assocs()[user1].usage_raw.to_f64() - 20.0 * 0.500073).abs() < 1e-5);
    // Decay alone: the same ranks.
    assert_eq!(changes(&base, &tree), 0);
    // Time 0 gives back the base itself.
    assert_eq!(tree_at(&base, &[], &schedule(), 0).unwrap(), base);
}

#[test]
fn a_job_adds_usage_and_moves_ranks() {
    let base = classic_example().tree;
    // User5 (AccountF, no usage) runs 100 billing TRES for 10 hours from t = 0.
    let jobs = [Job::running(AssocId(321), 100.0, 0).until(36_000)];
    let tree = tree_at(&base, &jobs, &schedule(), 36_000).unwrap();
    let ix = base.position(AssocId(321)).unwrap();
    let d = decay::decay_factor(604_800);
    // Charged per 300 s cycle as billable · r · d^r, then decayed by the later cycles. The job
    // ends exactly at the 120th cycle: Slurm charges an ending job before that cycle's decay,
    // so its last charge is decayed once.
    let per_cycle = decay::job_charge(100.0, 300.0, 1.0, d);
    let mut want = 0.0;
    for _ in 0..119 {
        want = want * d.powf(300.0) + per_cycle;
    }
    want = (want + per_cycle) * d.powf(300.0);
    let got = tree.assocs()[ix].usage_raw.to_f64();
    assert!((got - want).abs() < 1e-6 * want, "{got} vs {want}");
    assert!(changes(&base, &tree) > 0);
}

#[test]
fn readouts_name_root_and_the_selection() {
    let base = classic_example().tree;
    let jobs = [Job::running(AssocId(211), 3.0, 600).until(7_250)];
    let t = 2 * 86_400;
    let full = decay::advance_usage(&base, &jobs, &schedule(), t);
    let r = readout_usages(&base, &jobs, &schedule(), t, Some(AssocId(211))).unwrap();
    assert_eq!(r.root.1, full[0]);
    let ix = base.position(AssocId(211)).unwrap();
    let (name, from, to) = r.selected.unwrap();
    assert_eq!(name, "User1");
    assert_eq!((from, to), (base.assocs()[ix].usage_raw, full[ix]));
    // Root selected, or nothing: root only.
    for sel in [Some(AssocId(1)), None, Some(AssocId(999))] {
        let r = readout_usages(&base, &jobs, &schedule(), t, sel).unwrap();
        assert_eq!(r.selected, None, "{sel:?}");
    }
}

#[test]
fn jobs_are_seen_from_the_timelines_start() {
    let jobs = [
        Job::running(AssocId(211), 1.0, 0).until(3600),
        Job::running(AssocId(311), 2.0, 1800),
        Job::running(AssocId(221), 3.0, 7200).until(9000),
    ];
    let shifted = jobs_from(&jobs, 3600);
    let kept: Vec<usize> = shifted.iter().map(|(i, _)| *i).collect();
    assert_eq!(kept, [1, 2], "the job over at 3600 is in the usage already");
    assert_eq!((shifted[0].1.start, shifted[0].1.end), (-1800, None));
    assert_eq!((shifted[1].1.start, shifted[1].1.end), (3600, Some(5400)));
    assert_eq!(jobs_at(&jobs, 3000, 600), jobs_at(&jobs, 3600, 0));
    assert_eq!(jobs_from(&jobs, 0).len(), 3);
}

#[test]
fn until_searches_a_bounded_horizon() {
    let s = schedule();
    assert_eq!(until_horizon_periods(14, &s), 8064);
    assert_eq!(until_horizon_periods(35, &s), 8064);
    assert_eq!(until_horizon_periods(2_000, &s), 200);
    assert_eq!(until_horizon_periods(100_000, &s), 12);
}

#[test]
fn until_answers_by_computation() {
    let base = classic_example().tree;
    let s = schedule();
    // Decay alone never changes a position.
    let user2 = AssocId(221);
    let r = until(&base, user2, RankTarget::PositionAtMost(1), &[], &s);
    assert_eq!(r, Until::NeverDecayOnly);
    // Already true: its own position, or any later one.
    let run = fair_tree::run(&base);
    let ix = base.position(user2).unwrap();
    let position = run.position(ix).unwrap();
    let top = run.n_users();
    for p in [position, top] {
        assert!(
            matches!(
                until(&base, user2, RankTarget::PositionAtMost(p), &[], &s),
                Until::Now { position: got, .. } if got == position
            ),
            "position {p}"
        );
    }
    // Not a user.
    assert_eq!(
        until(&base, AssocId(2), RankTarget::PositionAtMost(1), &[], &s),
        Until::NotAUser
    );
    // Someone else's running job lifts User2 once it has used enough.
    let others: Vec<Job> = [211, 311, 222]
        .into_iter()
        .map(|id| Job::running(AssocId(id), 1000.0, 0))
        .collect();
    match until(
        &base,
        user2,
        RankTarget::PositionAtMost(position - 1),
        &others,
        &s,
    ) {
        Until::At {
            secs,
            periods,
            position: got,
            ..
        } => {
            assert!(got < position && got >= 1, "moved up to {got}");
            assert_eq!(secs, periods as i64 * 300);
        }
        other => panic!("expected a time, got {other:?}"),
    }
    // A job that has ended leaves only decay: never. So does a job of a deleted user.
    let ended = jobs_at(&[Job::running(AssocId(211), 1.0, 0).until(300)], 0, 600);
    assert_eq!(
        until(&base, user2, RankTarget::PositionAtMost(1), &ended, &s),
        Until::NeverDecayOnly
    );
    let gone = [Job::running(AssocId(999), 1000.0, 0)];
    assert_eq!(
        until(&base, user2, RankTarget::PositionAtMost(1), &gone, &s),
        Until::NeverDecayOnly
    );
}

#[test]
fn targets_are_checked() {
    use TargetKind::{FairShare, Position};
    assert_eq!(
        parse_target(Position, "3", 6),
        Some(RankTarget::PositionAtMost(3)),
        "position 3 or better (1 = first served)"
    );
    assert_eq!(parse_target(Position, "0", 6), None);
    assert_eq!(parse_target(Position, "7", 6), None);
    assert_eq!(parse_target(Position, "2.5", 6), None);
    assert_eq!(
        parse_target(FairShare, "0.5", 6),
        Some(RankTarget::FairShareAtLeast(0.5))
    );
    assert_eq!(parse_target(FairShare, "1.5", 6), None);
    assert_eq!(parse_target(FairShare, "NaN", 6), None);
    assert_eq!(parse_non_negative("64"), Some(64.0));
    assert_eq!(parse_non_negative("-1"), None);
    assert_eq!(parse_non_negative("inf"), None);
}

#[test]
fn a_move_in_time_is_one_undoable_step_that_undo_takes_back_with_its_time() {
    leptos::prelude::Owner::new().with(|| {
        let scenario = classic_example();
        let base = scenario.tree.clone();
        let state = AppState::new(scenario);
        let go = |t: i64| {
            state
                .move_in_time(t, |b| tree_at(b, &[], &schedule(), t))
                .unwrap();
        };
        let tree = || state.scenario().with(|s| s.tree.clone());
        let time = || state.decay().with(|c| c.time);
        go(604_800);
        let week = tree();
        assert_eq!(time(), 604_800);
        let root = |st: &AppState| st.run().with(|r| r.assocs()[0].usage_raw.to_f64());
        assert_eq!(printf_f(root(&state) / 100.0), "0.500073");
        // Moving back to 0 restores the usage exactly (computed from the base, not undone).
        go(0);
        assert_eq!((tree(), time()), (base.clone(), 0));
        state.undo();
        assert_eq!((tree(), time()), (week.clone(), 604_800));
        state.undo();
        assert_eq!((tree(), time()), (base.clone(), 0));
        state.redo();
        assert_eq!((tree(), time()), (week, 604_800));
        // No change, no step.
        let steps = state.history().with(|h| h.undo_stack().len());
        go(604_800);
        assert_eq!(state.history().with(|h| h.undo_stack().len()), steps);
        // An edit restarts the timeline from the edited tree, at the same moment of the jobs'
        // clock; undoing the edit brings the time back.
        state
            .set_shares(AssocId(2), fairshare::Shares::Value(41))
            .unwrap();
        let clock = state.decay().get();
        assert_eq!((clock.epoch, clock.time, clock.base), (604_800, 0, None));
        state.undo();
        assert_eq!(time(), 604_800);
        assert_eq!(state.decay().with(|c| c.epoch), 0);
    });
}

/// Issue 25.7: the slider's refusal names the account and user, not the internal id.
#[test]
fn a_slider_refusal_names_account_and_user() {
    leptos::prelude::Owner::new().with(|| {
        let state = AppState::new(classic_example());
        let controls = super::DecayControls::new(state);
        assert_eq!(controls.refusal(state, crate::messages::Lang::En), None);
        controls
            .error
            .set(Some(vec![fairshare::TreeError::BadUsage(AssocId(211))]));
        for lang in crate::messages::Lang::ALL {
            let text = controls.refusal(state, lang).unwrap();
            assert!(
                text.contains("User1") && text.contains("AccountB"),
                "{text}"
            );
            assert!(!text.contains("211"), "{text}");
        }
    });
}
