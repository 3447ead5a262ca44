//! The player's promise, checked natively: what it shows at the last step is the engine's
//! ranking, and the app's frame is the engine's frame at the cursor.
//!
//! Runs on every preset (both tie rules) and on a sample of the golden vectors in
//! `crates/fairshare/tests/data/fair_tree`.

use std::path::Path;

use fairshare::step::{Frame, NodeStatus};
use fairshare::{AssocTree, Scenario, TieRule, fair_tree};
use leptos::prelude::*;

use crate::presets;
use crate::state::AppState;

/// Every preset, and every fourth vector plus every hand-written one.
fn scenarios() -> Vec<(String, Scenario)> {
    let mut res: Vec<(String, Scenario)> = presets::PRESETS
        .iter()
        .map(|p| (p.id.to_string(), p.scenario()))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/fairshare/tests/data/fair_tree");
    // In name order (a BTreeSet: clippy.toml keeps the standard sorts out of the app).
    let paths: std::collections::BTreeSet<_> = std::fs::read_dir(&dir)
        .expect("the engine's vectors")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    for (i, path) in paths.iter().enumerate() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let generated = name.starts_with("ft_rand_") || name.starts_with("ft_tie_");
        if generated && i % 4 != 0 {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let (scenario, diags) = fairshare::scenario::parse(&text);
        let scenario = scenario.unwrap_or_else(|| panic!("{name}: {diags:?}"));
        res.push((name, scenario));
    }
    assert!(res.len() > 40, "a sample of vectors was read");
    res
}

fn check_last_frame(name: &str, tree: &AssocTree, rule: TieRule) {
    let ranked = fairshare::Ranked::new(tree, rule);
    let run = ranked.run();
    let frame = Frame::at(&run.steps, run.steps.len());
    for (ix, (assoc, values)) in tree.assocs().iter().zip(&run.assocs).enumerate() {
        assert_eq!(
            frame.rank_of[ix],
            values.rank,
            "{name} {rule:?}: rank of {}",
            assoc.name()
        );
        let status = frame.status[ix];
        if assoc.is_user() {
            assert_eq!(status, NodeStatus::Ranked, "{name}: {}", assoc.name());
            let rank = frame.rank_of[ix].expect("ranked");
            let fairshare = f64::from(rank) / f64::from(frame.n_users);
            assert_eq!(
                Some(fairshare),
                values.fairshare,
                "{name}: {}",
                assoc.name()
            );
        } else if values.visit.is_some() {
            assert_eq!(status, NodeStatus::Done, "{name}: {}", assoc.name());
        }
    }
    assert!(
        frame.path.is_empty(),
        "{name}: the walk's stack is empty at the end"
    );
    assert_eq!(frame.n_users, run.n_users);
}

#[test]
fn the_last_frame_is_the_engines_ranking() {
    for (name, scenario) in scenarios() {
        for rule in [TieRule::Slurm, TieRule::Documented] {
            check_last_frame(&name, &scenario.tree, rule);
        }
    }
}

#[test]
fn the_app_frame_is_the_frame_at_the_cursor() {
    Owner::new().with(|| {
        let scenario = presets::by_id("test24-4").unwrap().scenario();
        let run = fair_tree::run(&scenario.tree);
        let state = AppState::new(scenario);
        let len = run.steps.len();
        for k in [0, 7, len / 2, len] {
            state.seek(k);
            assert_eq!(state.frame().get(), Frame::at(&run.steps, k));
        }
        state.set_cursor(None);
        assert_eq!(state.frame().get(), Frame::at(&run.steps, len));
    });
}

/// Writes the generated tree the browser benchmark plays (`e2e/bench/player-frames.mjs` runs
/// this): `BENCH_SCENARIO_OUT=file [BENCH_SCENARIO_SIZE=500] cargo test -p fairshare-explorer
/// --lib write_bench_scenario -- --ignored`.
#[test]
#[ignore = "a generator for the benchmark, not a check"]
fn write_bench_scenario() {
    let size = std::env::var("BENCH_SCENARIO_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    let out =
        std::env::var("BENCH_SCENARIO_OUT").expect("BENCH_SCENARIO_OUT names the output file");
    let scenario = fairshare::r#gen::scenario(size, 2024);
    std::fs::write(out, fairshare::scenario::to_json(&scenario)).expect("writable output");
}
