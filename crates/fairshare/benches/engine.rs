//! Engine benchmarks: a benchmark, not a test (nothing here asserts a time).
//!
//! Run: `cargo bench -p fairshare --bench engine` (add `-- fair_tree` to filter).
//!
//! On generated trees of 1k, 10k and 100k associations ([`fairshare::r#gen`], the shape of the
//! performance anchors) and, when present, on the anchor files themselves
//! (`../../../shared/perf/perf_{1k,10k,100k}.json.gz` from this crate's manifest directory;
//! skipped with a note when absent):
//!
//! - `hierarchy_new`: [`Hierarchy::new`], i.e. list order, fairshare parents, level shares
//!   (Slurm's share normalisation inputs) and usage aggregation;
//! - `fair_tree_run_with`: Fair Tree with its trace, on a ready hierarchy (`Ranked::with_rule`;
//!   what Slurm's timing covers: Slurm normalises and aggregates when associations load);
//! - `fair_tree_run`: the same including `Hierarchy::new` (the project's target: at most half of
//!   Slurm's time, so ≤ 20.6 ms at 100k);
//! - `classic_run` / `classic_run_with`: every association's classic factor, with and without
//!   the hierarchy (`Ranked::classic`); `classic_orders`: the users in classic order beside
//!   Fair Tree order ([`fairshare::orders`], the Classic panel's lists), both runs ready;
//!   `classic_edit_usage_from_scratch` / `classic_edit_usage_after`: after `edit_usage_*`'s
//!   edit, the classic run and both orders, from scratch against [`Ranked::classic_after`]
//!   (carried over from the run before the edit: the Classic tab's edit path);
//! - `scenario_parse`: scenario JSON text to a validated tree;
//! - `import_sshare`, `import_sacctmgr`, `import_scenario_json`: [`fairshare::import::import`]
//!   (format detection, parsing, diagnostics, the tree) of `sshare -a -l -P` output as the engine
//!   prints it, of `sacctmgr show assoc` output (Account|User|Share, indented) and of scenario
//!   JSON, for the same trees (the import tab's paste → Load);
//! - `run_diff`: [`fairshare::diff::run_diff`] after the heaviest user's usage drops to zero,
//!   explaining the first 200 movers as the what-if panel does (both runs ready, not timed);
//! - `edit_usage_from_scratch` / `edit_usage_incremental`: one user's usage edited (a user
//!   half-way down the input order, its usage doubled): the tree edited and ranked again with
//!   [`Ranked::new`], against [`Ranked::with_usage`] from the ranking before the edit (the app's
//!   edit path); `edit_shares_*` the same for that user's shares (3 more);
//! - `snapshot_compare`: [`fairshare::snapshot::compare`], loading a before/after pair of
//!   snapshots (matched by name, the before tree renumbered and ranked, the diff).
//! - `timeline_step_from_scratch` / `timeline_step`: moving a timeline's scrubber to the next
//!   snapshot (the same pair of snapshots as `snapshot_compare`). From scratch: the after tree
//!   ranked, compared with the before tree (matched, renumbered, ranked, diffed), the tree's
//!   what-if moves diffed and the what-if list's (200 explained), as the app did before it
//!   reused the timeline's work; against [`fairshare::timeline::Timeline::moves`], first
//!   showing (the diff of the rankings made at load, 200 explained) and again (kept).
//!
//! - `calc_headroom`, `calc_shares_to_pass`, `calc_best_account`: [`fairshare::calc`]'s
//!   questions 1, 4 and 3 for the user at the middle position (the default target: its own
//!   position; for shares, passing the user one position ahead; a one-day, one-core job),
//!   each boundary checked on the exact engine.
//!
//! Slurm's own code (26.11 `priority/multifactor`, gcc 12, a 2-core machine) on the anchor trees,
//! per whole-tree calculation, warm, median of 7 processes, normalisation and aggregation
//! excluded: Fair Tree 0.073 / 1.41 / 41.2 ms, classic 0.032 / 0.95 / 49.3 ms for 1k / 10k / 100k.
//!
//! divan rather than criterion: with default features off, criterion still builds about 25
//! more crates (serde + ciborium, regex, tinytemplate, itertools, zerocopy…); divan about 10.

use std::io::Read;
use std::path::PathBuf;
use std::sync::OnceLock;

use divan::Bencher;
use fairshare::{
    AssocTree, Hierarchy, Params, Ranked, Scenario, TieRule, classic, diff, fair_tree, import,
    scenario,
};

/// The cluster texts the importer's tests use (`sshare -a -l -P`, sacctmgr).
#[path = "../tests/it/common/texts.rs"]
mod texts;

fn main() {
    divan::main();
}

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
const SEED: u64 = 2026;
const ANCHORS: [&str; 3] = ["1k", "10k", "100k"];

/// Generated trees, built once per size (generation is not timed).
fn generated(n: usize) -> &'static AssocTree {
    static TREES: [OnceLock<AssocTree>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = SIZES.iter().position(|&s| s == n).unwrap_or(0);
    TREES[slot].get_or_init(|| fairshare::r#gen::tree(n, SEED))
}

fn anchor_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../../shared/perf/perf_{name}.json.gz"))
}

/// An anchor file's JSON text, or `None` (with a note on stderr) if it is absent or unreadable.
fn anchor_text(name: &str) -> Option<&'static str> {
    static TEXTS: [OnceLock<Option<String>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = ANCHORS.iter().position(|&s| s == name).unwrap_or(0);
    TEXTS[slot]
        .get_or_init(|| {
            let path = anchor_path(name);
            let read = std::fs::File::open(&path).and_then(|f| {
                let mut text = String::new();
                flate2::read::GzDecoder::new(f).read_to_string(&mut text)?;
                Ok(text)
            });
            match read {
                Ok(text) => Some(text),
                Err(e) => {
                    eprintln!("note: skipping anchor {name}: {} ({e})", path.display());
                    None
                }
            }
        })
        .as_deref()
}

/// An anchor file's scenario (parsed once), or `None`.
fn anchor(name: &str) -> Option<&'static Scenario> {
    static SCENARIOS: [OnceLock<Option<Scenario>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = ANCHORS.iter().position(|&s| s == name).unwrap_or(0);
    SCENARIOS[slot]
        .get_or_init(|| {
            let (s, diags) = scenario::parse(anchor_text(name)?);
            if s.is_none() {
                eprintln!("note: anchor {name} did not parse: {diags:?}");
            }
            s
        })
        .as_ref()
}

mod generated_trees {
    use super::*;

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn hierarchy_new(b: Bencher, n: usize) {
        let tree = generated(n);
        b.bench(|| Hierarchy::new(tree));
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn fair_tree_run_with(b: Bencher, n: usize) {
        let tree = generated(n);
        let ranked = Ranked::new(tree, TieRule::Documented);
        b.bench(|| ranked.with_rule(TieRule::Slurm));
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn fair_tree_run(b: Bencher, n: usize) {
        let tree = generated(n);
        b.bench(|| fair_tree::run(tree));
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn classic_run_with(b: Bencher, n: usize) {
        let tree = generated(n);
        let ranked = Ranked::new(tree, TieRule::Slurm);
        let params = Params::default();
        b.bench(|| ranked.classic(&params));
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn classic_orders(b: Bencher, n: usize) {
        let tree = generated(n);
        let ranked = Ranked::new(tree, TieRule::Slurm);
        let run = ranked.classic(&Params::default());
        b.bench(|| fairshare::orders::classic_beside_fair_tree(&ranked, &run));
    }

    /// One user's usage edited (`edit_usage_*`'s user), then the classic run and both orders
    /// of the edited ranking: from scratch ([`Ranked::classic`]) against carried over from the
    /// run and orders before the edit ([`Ranked::classic_after`],
    /// `orders::classic_beside_fair_tree_after`: the Classic tab's edit path).
    #[divan::bench(args = SIZES, sample_count = 30)]
    fn classic_edit_usage_from_scratch(b: Bencher, n: usize) {
        let (_, edited) = usage_edited(n);
        let params = Params::default();
        b.bench(|| {
            let run = edited.classic(&params);
            fairshare::orders::classic_beside_fair_tree(edited, &run)
        });
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn classic_edit_usage_after(b: Bencher, n: usize) {
        let (before, edited) = usage_edited(n);
        let params = Params::default();
        let prev = before.classic(&params);
        let prev_orders = fairshare::orders::classic_beside_fair_tree(before, &prev);
        b.bench(|| {
            let run = edited.classic_after(&prev, &params);
            fairshare::orders::classic_beside_fair_tree_after(&prev_orders, edited, &run)
        });
    }

    /// The ranking of the generated tree and of it with `edit_usage_*`'s edit.
    fn usage_edited(n: usize) -> &'static (Ranked, Ranked) {
        static PAIRS: [OnceLock<(Ranked, Ranked)>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = SIZES.iter().position(|&s| s == n).unwrap_or(0);
        PAIRS[slot].get_or_init(|| {
            let tree = generated(n);
            let before = Ranked::new(tree, TieRule::Slurm);
            let user = edited_user(tree);
            let usage = user
                .usage_raw
                .add(user.usage_raw)
                .add(fairshare::LongDouble::one());
            let edited = before.with_usage(user.id, usage).expect("a valid edit");
            (before, edited)
        })
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn classic_run(b: Bencher, n: usize) {
        let tree = generated(n);
        let params = Params::default();
        b.bench(|| classic::run(tree, &params));
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn scenario_parse(b: Bencher, n: usize) {
        let text = scenario::to_json(&fairshare::r#gen::scenario(n, SEED));
        b.bench(|| scenario::parse(&text));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn import_sshare(b: Bencher, n: usize) {
        let text = texts::sshare_long_parsable(generated(n));
        b.bench(|| import::import(&text));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn import_sacctmgr(b: Bencher, n: usize) {
        let text = texts::sacctmgr(generated(n));
        b.bench(|| import::import(&text));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn import_scenario_json(b: Bencher, n: usize) {
        let text = scenario::to_json(&fairshare::r#gen::scenario(n, SEED));
        b.bench(|| import::import(&text));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn run_diff(b: Bencher, n: usize) {
        let base = generated(n);
        let cur = fairshare::r#gen::heaviest_user_idle(base).expect("generated trees have users");
        let (base, cur) = (
            Ranked::new(base, TieRule::Slurm),
            Ranked::new(&cur, TieRule::Slurm),
        );
        b.bench(|| diff::run_diff(&base, &cur, 200));
    }

    /// A user half-way down the input order (not timed).
    fn edited_user(tree: &AssocTree) -> &fairshare::Assoc {
        let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
        users[users.len() / 2]
    }

    /// The usage edit the benchmarks time: the user's usage doubled, plus one.
    fn new_usage(user: &fairshare::Assoc) -> fairshare::LongDouble {
        user.usage_raw
            .add(user.usage_raw)
            .add(fairshare::LongDouble::one())
    }

    /// The shares edit the benchmarks time: three more (3 for FairShare=parent).
    fn new_shares(user: &fairshare::Assoc) -> fairshare::Shares {
        fairshare::Shares::Value(match user.shares {
            fairshare::Shares::Value(v) => v.saturating_add(3),
            fairshare::Shares::Parent => 3,
        })
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn edit_usage_from_scratch(b: Bencher, n: usize) {
        let tree = generated(n);
        let user = edited_user(tree);
        let usage = new_usage(user);
        b.bench(|| {
            let edited = tree.with_usage(user.id, usage).expect("a valid edit");
            Ranked::new(&edited, TieRule::Slurm)
        });
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn edit_usage_incremental(b: Bencher, n: usize) {
        let tree = generated(n);
        let ranked = Ranked::new(tree, TieRule::Slurm);
        let user = edited_user(tree);
        let usage = new_usage(user);
        b.bench(|| ranked.with_usage(user.id, usage).expect("a valid edit"));
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn edit_shares_from_scratch(b: Bencher, n: usize) {
        let tree = generated(n);
        let user = edited_user(tree);
        let shares = new_shares(user);
        b.bench(|| {
            let edited = tree.with_shares(user.id, shares).expect("a valid edit");
            Ranked::new(&edited, TieRule::Slurm)
        });
    }

    #[divan::bench(args = SIZES, sample_count = 20)]
    fn edit_shares_incremental(b: Bencher, n: usize) {
        let tree = generated(n);
        let ranked = Ranked::new(tree, TieRule::Slurm);
        let user = edited_user(tree);
        let shares = new_shares(user);
        b.bench(|| ranked.with_shares(user.id, shares).expect("a valid edit"));
    }

    /// Loading a before/after pair: [`fairshare::snapshot::compare`] of yesterday's tree
    /// (rows reversed and renumbered, as another paste gives them; every usage decayed 10 %)
    /// against today's ranked tree, with the first 200 movers explained (the after run ready,
    /// not timed): matching by name, the renumbered tree, its ranking and the diff.
    #[divan::bench(args = SIZES, sample_count = 20)]
    fn snapshot_compare(b: Bencher, n: usize) {
        let after = generated(n);
        let mut rows: Vec<fairshare::Assoc> = after.assocs().to_vec();
        rows.reverse();
        let shift = |id: fairshare::AssocId| fairshare::AssocId(id.0 + 10_000_000);
        for a in &mut rows {
            a.id = shift(a.id);
            a.parent = a.parent.map(shift);
            a.usage_raw = a.usage_raw.mul(fairshare::LongDouble::from_f64(0.9));
        }
        let before = AssocTree::new(rows).expect("the same tree");
        let after = Ranked::new(after, TieRule::Slurm);
        b.bench(|| fairshare::snapshot::compare(&before, &after, 200));
    }

    /// Yesterday's tree as another paste gives it (see `snapshot_compare`) and today's.
    fn pair(n: usize) -> (AssocTree, AssocTree) {
        let after = generated(n);
        let mut rows: Vec<fairshare::Assoc> = after.assocs().to_vec();
        rows.reverse();
        let shift = |id: fairshare::AssocId| fairshare::AssocId(id.0 + 10_000_000);
        for a in &mut rows {
            a.id = shift(a.id);
            a.parent = a.parent.map(shift);
            a.usage_raw = a.usage_raw.mul(fairshare::LongDouble::from_f64(0.9));
        }
        (AssocTree::new(rows).expect("the same tree"), after.clone())
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn timeline_step_from_scratch(b: Bencher, n: usize) {
        let (before, after) = pair(n);
        b.bench(|| {
            let after = Ranked::new(&after, TieRule::Slurm);
            let cmp = fairshare::snapshot::compare(&before, &after, 0);
            let moves = diff::run_diff(&cmp.before, &after, 0);
            (moves, diff::run_diff(&cmp.before, &after, 200))
        });
    }

    #[divan::bench(args = SIZES, sample_count = 10)]
    fn timeline_step_first(b: Bencher, n: usize) {
        let (before, after) = pair(n);
        let timeline = fairshare::timeline::Timeline::new(vec![
            (None, "0".into(), before),
            (None, "1".into(), after),
        ]);
        b.with_inputs(|| timeline.clone())
            .bench_local_refs(|t| t.moves(1).map(|d| d.moved.len()));
    }

    #[divan::bench(args = SIZES, sample_count = 30)]
    fn timeline_step(b: Bencher, n: usize) {
        let (before, after) = pair(n);
        let timeline = fairshare::timeline::Timeline::new(vec![
            (None, "0".into(), before),
            (None, "1".into(), after),
        ]);
        timeline.moves(1);
        b.bench(|| timeline.moves(1).map(|d| d.moved.len()));
    }
}

mod calc_questions {
    use super::*;
    use fairshare::calc::{self, Target};

    const CALC_SIZES: [usize; 2] = [10_000, 100_000];

    /// The user at the middle position, and the user one position ahead of it.
    fn middle(r: &Ranked) -> (usize, usize) {
        let run = r.run();
        let at = |p: u32| (0..run.assocs().len()).find(|&i| run.position(i) == Some(p));
        let n = run.n_users();
        let me = at(n / 2)
            .or_else(|| at(n / 2 + 1))
            .expect("a user at the middle");
        let p = run.position(me).unwrap_or(1);
        let ahead = (1..p).rev().find_map(at).unwrap_or(me);
        (me, ahead)
    }

    #[divan::bench(args = CALC_SIZES, sample_count = 5)]
    fn calc_headroom(b: Bencher, n: usize) {
        let r = Ranked::new(generated(n), TieRule::Slurm);
        let (me, _) = middle(&r);
        let p = r.run().position(me).unwrap_or(1);
        b.bench(|| calc::usage_headroom(&r, me, Target::Position(p)));
    }

    #[divan::bench(args = CALC_SIZES, sample_count = 5)]
    fn calc_shares_to_pass(b: Bencher, n: usize) {
        let r = Ranked::new(generated(n), TieRule::Slurm);
        let (me, ahead) = middle(&r);
        b.bench(|| calc::shares_to_pass(&r, me, me, Target::User(ahead)));
    }

    #[divan::bench(args = CALC_SIZES, sample_count = 5)]
    fn calc_best_account(b: Bencher, n: usize) {
        let r = Ranked::new(generated(n), TieRule::Slurm);
        let (me, _) = middle(&r);
        b.bench(|| calc::best_account(&r, me, Some(86_400)));
    }
}

mod anchor_files {
    use super::*;

    #[divan::bench(args = ANCHORS, sample_count = 30)]
    fn hierarchy_new(b: Bencher, name: &str) {
        if let Some(s) = anchor(name) {
            b.bench(|| Hierarchy::new(&s.tree));
        }
    }

    #[divan::bench(args = ANCHORS, sample_count = 30)]
    fn fair_tree_run_with(b: Bencher, name: &str) {
        if let Some(s) = anchor(name) {
            let ranked = Ranked::new(&s.tree, TieRule::Documented);
            b.bench(|| ranked.with_rule(TieRule::Slurm));
        }
    }

    #[divan::bench(args = ANCHORS, sample_count = 30)]
    fn fair_tree_run(b: Bencher, name: &str) {
        if let Some(s) = anchor(name) {
            b.bench(|| fair_tree::run(&s.tree));
        }
    }

    #[divan::bench(args = ANCHORS, sample_count = 30)]
    fn classic_run_with(b: Bencher, name: &str) {
        if let Some(s) = anchor(name) {
            let ranked = Ranked::new(&s.tree, TieRule::Slurm);
            let params = Params::default();
            b.bench(|| ranked.classic(&params));
        }
    }

    #[divan::bench(args = ANCHORS, sample_count = 30)]
    fn classic_run(b: Bencher, name: &str) {
        if let Some(s) = anchor(name) {
            let params = Params::default();
            b.bench(|| classic::run(&s.tree, &params));
        }
    }

    #[divan::bench(args = ANCHORS, sample_count = 30)]
    fn scenario_parse(b: Bencher, name: &str) {
        if let Some(text) = anchor_text(name) {
            b.bench(|| scenario::parse(text));
        }
    }
}
