//! The engine alone in WebAssembly, in headless Chromium: a benchmark, not a test.
//!
//! Run: `. scripts/env.sh && cargo bench --target wasm32-unknown-unknown -p fairshare-explorer
//! --bench engine_wasm` (wasm-bindgen-test's criterion, in the browser the test runner drives).
//!
//! Measures what an edit costs the engine in the page: `Hierarchy::new` (share normalisation and
//! usage aggregation) plus Fair Tree with its trace (`Ranked::new` does both), on generated trees of
//! 1k, 10k and 100k associations with the performance anchors' shape (`fairshare::r#gen`; the
//! browser cannot read the anchor files, and benches must not need `../shared`). Slurm's own C
//! code takes 0.073 / 1.41 / 41.2 ms on the anchors (without normalisation).
//!
//! The same measurement natively: `cargo bench -p fairshare --bench engine -- fair_tree_run`.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::time::Duration;

    use fairshare::{Ranked, TieRule};
    use wasm_bindgen_test::{Criterion, wasm_bindgen_bench};

    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    fn bench_size(c: &mut Criterion, n: usize) {
        // Short runs: the test runner's WebDriver polls the page, and a main thread busy for
        // more than about 20 s makes it give up.
        let configured = std::mem::take(c)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        *c = configured;
        let tree = fairshare::r#gen::tree(n, 2026);
        c.bench_function(&format!("fair_tree_run (with Hierarchy::new) {n}"), |b| {
            b.iter(|| Ranked::new(&tree, TieRule::Slurm))
        });
    }

    #[wasm_bindgen_bench]
    fn fair_tree_1k(c: &mut Criterion) {
        bench_size(c, 1_000);
    }

    #[wasm_bindgen_bench]
    fn fair_tree_10k(c: &mut Criterion) {
        bench_size(c, 10_000);
    }

    #[wasm_bindgen_bench]
    fn fair_tree_100k(c: &mut Criterion) {
        bench_size(c, 100_000);
    }
}
