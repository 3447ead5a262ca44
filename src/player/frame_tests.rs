//! The player's promise, checked natively: the app's frame is the engine's frame at the cursor.
//! (That the last frame is the engine's ranking is the engine's own test, on every golden vector
//! under both tie rules and on random trees: `crates/fairshare/tests/it/fair_tree_vectors.rs`,
//! `invariants.rs`.)

use fairshare::fair_tree;
use fairshare::step::Frame;
use leptos::prelude::*;

use crate::presets;
use crate::state::AppState;

#[test]
fn the_app_frame_is_the_frame_at_the_cursor() {
    Owner::new().with(|| {
        let scenario = presets::by_id("test24-4").unwrap().scenario();
        let run = fair_tree::run(&scenario.tree);
        let state = AppState::new(scenario);
        let len = run.steps().len();
        for k in [0, 7, len / 2, len] {
            state.seek(k);
            assert_eq!(*state.frame().get(), Frame::at(run.steps(), k));
        }
        state.set_cursor(None);
        assert_eq!(*state.frame().get(), Frame::at(run.steps(), len));
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
