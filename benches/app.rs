//! The app's own work natively (outside the engine), on generated trees of the performance
//! anchors' shape: a benchmark, not a test (nothing here asserts a time).
//!
//! Run: `cargo bench -p fairshare-explorer --bench app` (add `-- move_targets` to filter).
//!
//! - `inspector::move_targets_generated`: the inspector's "Move to" menu, every account outside
//!   the selection's subtree (the root's first child is selected); `move_targets_wide` on a root
//!   with 20 000 accounts side by side (the tree of the test that used to time it);
//! - `tree_view::{outline, visible_set, model}`: the tree view's three steps after an edit
//!   (children in visiting order and counts; the shown set, the deepest association in focus;
//!   the drawing model of that set, with the what-if tags);
//! - `player::{my_path, stops}`: the walk's "My path" for the last user ranked (the whole trace
//!   read) and the player's stops along it, made again after every edit that changes the trace;
//! - `what_if::rows`: the what-if list's wording of the engine's diff (its first 200 rows) after
//!   the heaviest user's usage drops to zero. The diff itself is the engine's `run_diff` bench.
//!
//! WebAssembly in the page is slower than these figures (about 1.5× for the engine, see
//! `benches/engine_wasm.rs`); the page's own timings are `node e2e/bench/workspace.mjs`.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    divan::main();
}

/// Generated trees with their hierarchy and run, built once per size (not timed).
#[cfg(not(target_arch = "wasm32"))]
mod fixtures {
    use std::sync::OnceLock;

    use fairshare::{Ranked, TieRule};

    pub const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
    const SEED: u64 = 2026;

    pub fn ranked(n: usize) -> &'static Ranked {
        static RANKED: [OnceLock<Ranked>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = SIZES.iter().position(|&s| s == n).unwrap_or(0);
        RANKED[slot].get_or_init(|| Ranked::new(&fairshare::r#gen::tree(n, SEED), TieRule::Slurm))
    }

    /// The deepest association: the focus of the shown set.
    pub fn deepest(r: &Ranked) -> usize {
        let h = r.hierarchy();
        (0..h.len())
            .max_by_key(|&ix| h.depth(ix))
            .expect("a tree has a root")
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod inspector {
    use divan::Bencher;
    use fairshare::AssocId;
    use fairshare_explorer::panels::inspector::fields::move_targets;

    use crate::fixtures::{SIZES, ranked};

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn move_targets_generated(b: Bencher, n: usize) {
        let r = ranked(n);
        let h = r.hierarchy();
        let first = h
            .fs_children(h.root())
            .next()
            .expect("the root has children");
        let first = r.tree().assocs()[first].id;
        b.bench(|| move_targets(r.tree(), first));
    }

    #[divan::bench(sample_count = 20)]
    fn move_targets_wide(b: Bencher) {
        let mut text = String::from(
            r#"{"associations": [{"id": 1, "parent": null, "account": "root", "user": null}"#,
        );
        for id in 2..20_002u32 {
            text.push_str(&format!(
                r#", {{"id": {id}, "parent": 1, "account": "a{id}", "user": null}}"#
            ));
        }
        text.push_str("]}");
        let tree = fairshare::scenario::parse(&text)
            .0
            .expect("a valid scenario")
            .tree;
        b.bench(|| move_targets(&tree, AssocId(2)));
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod tree_view {
    use divan::Bencher;
    use fairshare_explorer::messages::Lang;
    use fairshare_explorer::tree::model::{ModelInput, WhatIf, build};
    use fairshare_explorer::tree::visible::{Outline, Request, visible};

    use crate::fixtures::{SIZES, deepest, ranked};

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn outline(b: Bencher, n: usize) {
        let r = ranked(n);
        b.bench(|| Outline::new(r.hierarchy(), r.run()));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn visible_set(b: Bencher, n: usize) {
        let r = ranked(n);
        let outline = Outline::new(r.hierarchy(), r.run());
        let request = Request {
            focus: vec![deepest(r)],
            ..Request::default()
        };
        b.bench(|| visible(&outline, &request, None));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn model(b: Bencher, n: usize) {
        let r = ranked(n);
        let outline = Outline::new(r.hierarchy(), r.run());
        let request = Request {
            focus: vec![deepest(r)],
            ..Request::default()
        };
        let shown = visible(&outline, &request, None);
        b.bench(|| {
            build(&ModelInput {
                ranked: r,
                slurm_run: None,
                what_if: Some(WhatIf {
                    base: r,
                    cur: r,
                    before: None,
                }),
                outline: &outline,
                visible: &shown,
                unsorted: None,
                lang: Lang::En,
            })
        });
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod what_if {
    use divan::Bencher;
    use fairshare::{Ranked, TieRule};
    use fairshare_explorer::messages::Lang;
    use fairshare_explorer::panels::whatif::{WhatIfRows, what_if};

    use crate::fixtures::{SIZES, ranked};

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn rows(b: Bencher, n: usize) {
        let base = ranked(n);
        let cur =
            fairshare::r#gen::heaviest_user_idle(base.tree()).expect("generated trees have users");
        let cur = Ranked::new(&cur, TieRule::Slurm);
        let diff = what_if(base, &cur);
        b.bench(|| diff.rows(cur.tree(), Lang::En));
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod player {
    use divan::Bencher;
    use fairshare::step::Step;
    use fairshare_explorer::player::model::{Granularity, stops};
    use fairshare_explorer::player::my_path::my_path;

    use crate::fixtures::{SIZES, ranked};

    /// The last user the walk ranks: its path is found at the trace's end.
    fn last_ranked(steps: &[Step]) -> usize {
        steps
            .iter()
            .rev()
            .find_map(|s| match s {
                Step::UserRanked { user, .. } => Some(*user),
                _ => None,
            })
            .expect("a generated tree has users")
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn my_path_last_user(b: Bencher, n: usize) {
        let steps = ranked(n).run().steps();
        let user = last_ranked(steps);
        b.bench(|| my_path(steps, user));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn stops_on_my_path(b: Bencher, n: usize) {
        let steps = ranked(n).run().steps();
        let path = my_path(steps, last_ranked(steps));
        b.bench(|| stops(steps, Granularity::Visit, Some(&path)));
    }
}
