//! `Ranked::with_usage` and `Ranked::with_shares` rank an edited tree from the ranking before the
//! edit, sorting again only the sibling lists on the edited association's path. Whatever the
//! tree and the edits, the result must be `Ranked::new` of the edited tree bit for bit: every
//! per-association value (80-bit and double values compared by their bits), the hierarchy's
//! sums, the sorted lists, the visiting order, ranks, ties, rounding artefacts and the trace.
//! Trees are built to tie: few share and usage values, equal ratios that differ only in 80
//! bits (18/27/45 shares against usage 2/3/5), FairShare=parent, zero shares and usage.

use std::sync::Arc;

use crate::common;

use common::trees;
use fairshare::chunked::CHUNK;
use fairshare::classic::{ClassicAssoc, ClassicRun, UsageRule};
use fairshare::{AssocId, AssocTree, Frame, LongDouble, Params, Ranked, Shares, Step, TieRule};
use proptest::prelude::*;

/// Usage values that tie and that round: equal ratios with the 18/27/45 shares, fractions, a
/// huge value next to small ones.
const USAGES: [f64; 10] = [0.0, 1.0, 2.0, 3.0, 5.0, 10.0, 0.1, 0.3, 1e12, 2.0 / 3.0];
const SHARES: [u32; 6] = [1, 2, 18, 27, 45, 0];

/// Usage pick `k`: one of [`USAGES`], or (beyond them) the shares over 9, so that siblings'
/// S / U are equal ratios (18/27/45 shares against 2/3/5), which 80 bits tie or not by rounding.
fn usage_of(k: usize, shares: Shares) -> LongDouble {
    match (USAGES.get(k), shares) {
        (Some(&u), _) => LongDouble::from_f64(u),
        (None, Shares::Value(v)) => LongDouble::from_f64(f64::from(v) / 9.0),
        (None, Shares::Parent) => LongDouble::one(),
    }
}
const USAGE_PICKS: usize = USAGES.len() + 8;

fn shares_of(pick: u8) -> Shares {
    match pick {
        0 => Shares::Parent,
        k => Shares::Value(SHARES[usize::from(k - 1) % SHARES.len()]),
    }
}

/// A random tree: node i > 0 hangs under an earlier account; maybe one user is inferred
/// (a partial tree, which has no ranks).
fn arb_tree() -> impl Strategy<Value = AssocTree> {
    arb_tree_of(1..48)
}

/// [`arb_tree`] of `sizes` nodes below the root.
fn arb_tree_of(sizes: std::ops::Range<usize>) -> impl Strategy<Value = AssocTree> {
    let node = (
        any::<prop::sample::Index>(),
        0u8..10,
        0u8..9,
        0usize..USAGE_PICKS,
    );
    (prop::collection::vec(node, sizes), 0u8..8).prop_map(|(nodes, partial)| {
        let mut assocs = vec![trees::root()];
        let mut accounts = vec![0usize];
        for (i, (parent_pick, kind, shares_pick, usage_pick)) in nodes.into_iter().enumerate() {
            let parent = &assocs[accounts[parent_pick.index(accounts.len())]];
            let shares = shares_of(shares_pick % 8);
            let id = i as u32 + 2;
            if kind < 6 {
                let usage = usage_of(usage_pick, shares);
                let mut u = trees::user(id, parent, &format!("u{i}"), shares, usage);
                u.inferred = partial == 0 && i == 3;
                assocs.push(u);
            } else {
                assocs.push(trees::account(id, parent, &format!("a{i}"), shares));
                accounts.push(assocs.len() - 1);
            }
        }
        AssocTree::new(assocs).expect("generated trees are valid")
    })
}

/// One edit: which association (any, root and accounts included), usage or shares, the value.
#[derive(Clone, Debug)]
enum Edit {
    Usage(prop::sample::Index, usize),
    Shares(prop::sample::Index, u8),
}

fn arb_edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<prop::sample::Index>(), 0..USAGE_PICKS).prop_map(|(i, u)| Edit::Usage(i, u)),
        2 => (any::<prop::sample::Index>(), 0u8..9).prop_map(|(i, s)| Edit::Shares(i, s)),
    ]
}

fn bits(x: LongDouble) -> u128 {
    x.to_bits()
}

/// Every value of the two rankings, compared bit for bit, then the whole (which also compares
/// the trace step by step).
fn assert_same(inc: &Ranked, fresh: &Ranked) -> Result<(), TestCaseError> {
    prop_assert_eq!(inc.tree(), fresh.tree());
    let (hi, hf) = (inc.hierarchy(), fresh.hierarchy());
    prop_assert_eq!(hi.list_order(), hf.list_order());
    // (`work()` counts the steps spent, fewer for an edit: not a value.)
    prop_assert_eq!(hi.approximated(), hf.approximated());
    for ix in 0..fresh.tree().len() {
        prop_assert_eq!(
            bits(hi.usage_raw(ix)),
            bits(hf.usage_raw(ix)),
            "usage of {}",
            ix
        );
        prop_assert_eq!(
            hi.level_shares(ix),
            hf.level_shares(ix),
            "level shares of {}",
            ix
        );
        prop_assert_eq!(hi.shares_raw(ix), hf.shares_raw(ix));
        let (a, b) = (&inc.run().assocs()[ix], &fresh.run().assocs()[ix]);
        prop_assert_eq!(
            a.shares_norm.to_bits(),
            b.shares_norm.to_bits(),
            "S of {}",
            ix
        );
        prop_assert_eq!(bits(a.usage_raw), bits(b.usage_raw), "usage of {}", ix);
        prop_assert_eq!(
            inc.run().usage_norm(ix).map(bits),
            fresh.run().usage_norm(ix).map(bits),
            "NormUsage of {}",
            ix
        );
        prop_assert_eq!(
            bits(a.usage_effective),
            bits(b.usage_effective),
            "U of {}",
            ix
        );
        prop_assert_eq!(a.level_fs.map(bits), b.level_fs.map(bits), "LF of {}", ix);
        prop_assert_eq!(
            bits(a.level_fs_key),
            bits(b.level_fs_key),
            "LF key of {}",
            ix
        );
        prop_assert_eq!(a.level_fs_rule, b.level_fs_rule);
        prop_assert_eq!(a.fairshare.map(f64::to_bits), b.fairshare.map(f64::to_bits));
        prop_assert_eq!(a.rank, b.rank, "rank of {}", ix);
        prop_assert_eq!(a.visit, b.visit, "visit of {}", ix);
        prop_assert_eq!(a.tie, b.tie, "tie of {}", ix);
        prop_assert_eq!(a.artefact, b.artefact, "artefact of {}", ix);
    }
    prop_assert_eq!(&inc.run().sorted_children(), &fresh.run().sorted_children());
    prop_assert_eq!(&inc.run().visit_order(), &fresh.run().visit_order());
    prop_assert_eq!(&inc.run().steps(), &fresh.run().steps());
    prop_assert_eq!(inc.run().n_users(), fresh.run().n_users());
    prop_assert_eq!(inc.rule(), fresh.rule());
    prop_assert!(inc == fresh);
    Ok(())
}

/// Applies `edit` both ways: incrementally on `ranked`, and to its tree then from scratch.
/// Both refuse alike (an edit is never refused here: the values are valid).
fn apply(ranked: &Ranked, edit: &Edit) -> Result<Ranked, TestCaseError> {
    let n = ranked.tree().len();
    let ix = match edit {
        Edit::Usage(pick, _) | Edit::Shares(pick, _) => pick.index(n),
    };
    apply_at(ranked, ix, edit)
}

/// [`apply`] to the association at `ix` (the edit's own pick unread).
fn apply_at(ranked: &Ranked, ix: usize, edit: &Edit) -> Result<Ranked, TestCaseError> {
    let tree = ranked.tree();
    let a = &tree.assocs()[ix];
    let (inc, edited) = match edit {
        Edit::Usage(_, u) => {
            let (id, usage): (AssocId, _) = (a.id, usage_of(*u, a.shares));
            (ranked.with_usage(id, usage), tree.with_usage(id, usage))
        }
        Edit::Shares(_, s) => {
            let shares = shares_of(*s);
            (
                ranked.with_shares(a.id, shares),
                tree.with_shares(a.id, shares),
            )
        }
    };
    let (inc, edited) = (inc.expect("a valid edit"), edited.expect("a valid edit"));
    let fresh = Ranked::new(&edited, ranked.rule());
    assert_same(&inc, &fresh)?;
    Ok(inc)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// A chain of edits, each applied to the previous incremental result, equals ranking each
    /// edited tree from scratch, under both tie rules.
    #[test]
    fn incremental_edits_equal_ranking_from_scratch(
        tree in arb_tree(),
        edits in prop::collection::vec(arb_edit(), 1..6),
        documented in any::<bool>(),
    ) {
        let rule = if documented { TieRule::Documented } else { TieRule::Slurm };
        let mut ranked = Ranked::new(&tree, rule);
        for edit in &edits {
            ranked = apply(&ranked, edit)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The same over trees of several chunks of associations ([`fairshare::chunked::CHUNK`]:
    /// the tree's associations and the run's values and lists are stored in shared chunks,
    /// copied on write), with longer chains of edits, the edited association often at a
    /// chunk's first or last position: each edit leaves the ranking it was made from as it
    /// was (equal to ranking its tree from scratch again).
    #[test]
    fn incremental_edits_across_chunks_equal_ranking_from_scratch(
        tree in arb_tree_of(CHUNK - 2..3 * CHUNK + 10),
        edits in prop::collection::vec((arb_edit(), 0u8..4), 1..12),
        documented in any::<bool>(),
    ) {
        let rule = if documented { TieRule::Documented } else { TieRule::Slurm };
        let mut ranked = Ranked::new(&tree, rule);
        for (edit, at) in &edits {
            // At a chunk's edge (0: first of one, 1: last of one) or anywhere.
            let n = ranked.tree().len();
            let (Edit::Usage(pick, _) | Edit::Shares(pick, _)) = edit;
            let chunk = pick.index(n.div_ceil(CHUNK));
            let ix = match at {
                0 => chunk * CHUNK,
                1 => (chunk * CHUNK + CHUNK - 1).min(n - 1),
                _ => pick.index(n),
            };
            let before = ranked.clone();
            ranked = apply_at(&ranked, ix, edit)?;
            assert_same(&before, &Ranked::new(before.tree(), rule))?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `diff::moved`, one user's move read alone (the tree's what-if tags), is what
    /// `diff::run_diff` lists for that user after any chain of edits (reasons aside), and
    /// nothing for a user it does not list.
    #[test]
    fn one_users_move_is_the_diffs_row(
        tree in arb_tree(),
        edits in prop::collection::vec(arb_edit(), 1..6),
    ) {
        let base = Ranked::new(&tree, TieRule::Slurm);
        let mut cur = base.clone();
        for edit in &edits {
            cur = apply(&cur, edit)?;
        }
        let diff = fairshare::diff::run_diff(&base, &cur, 0);
        for ix in 0..cur.tree().len() {
            let listed = diff.moved.iter().find(|m| m.ix == ix).cloned();
            prop_assert_eq!(fairshare::diff::moved(&base, &cur, ix), listed);
        }
        prop_assert_eq!(fairshare::diff::moved(&base, &cur, cur.tree().len()), None);
    }
}

/// `Ranked::frame` at the end of the trace (built from the run's results, no replay) and
/// before it (the replay) is `Frame::at`, the trace replayed.
fn assert_frames(r: &Ranked) -> Result<(), TestCaseError> {
    let steps = r.run().steps();
    let len = steps.len();
    for cursor in [len, len + 3, len / 2, 0] {
        prop_assert_eq!(
            r.frame(cursor),
            Frame::at(steps, cursor),
            "cursor {}",
            cursor
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The finished frame built from a run's results equals the trace replayed to its end,
    /// under both tie rules (the documented rule's merged lists), on partial trees (whose run
    /// shows no rank but whose walk gives them) and for the runs edits make incrementally.
    #[test]
    fn the_finished_frame_is_the_trace_replayed(
        tree in arb_tree(),
        edits in prop::collection::vec(arb_edit(), 0..4),
        documented in any::<bool>(),
    ) {
        let rule = if documented { TieRule::Documented } else { TieRule::Slurm };
        let mut ranked = Ranked::new(&tree, rule);
        assert_frames(&ranked)?;
        assert_frames(&ranked.with_rule(match rule {
            TieRule::Slurm => TieRule::Documented,
            TieRule::Documented => TieRule::Slurm,
        }))?;
        for edit in &edits {
            ranked = apply(&ranked, edit)?;
            assert_frames(&ranked)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A frame moved from cursor to cursor (`Frame::step_to`, `Ranked::move_frame`: the
    /// player applies only the steps taken) equals the frame built at that cursor
    /// (`Frame::at`, `Ranked::frame`), bit for bit: played one step at a time from the start
    /// to past the end, then scrubbed back and forth, under both tie rules, on partial trees
    /// and on runs edits made incrementally; and a frame of another trace's size is cleared
    /// and replayed.
    #[test]
    fn a_moved_frame_is_the_frame_at_its_cursor(
        tree in arb_tree(),
        edits in prop::collection::vec(arb_edit(), 0..3),
        documented in any::<bool>(),
        jumps in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let rule = if documented { TieRule::Documented } else { TieRule::Slurm };
        let mut ranked = Ranked::new(&tree, rule);
        for edit in &edits {
            ranked = apply(&ranked, edit)?;
        }
        let steps = ranked.run().steps();
        let len = steps.len();
        let mut frame = ranked.frame(0);
        for cursor in 0..=len + 1 {
            ranked.move_frame(&mut frame, cursor);
            prop_assert_eq!(&frame, &Frame::at(steps, cursor), "played to {}", cursor);
        }
        for (k, jump) in jumps.iter().enumerate() {
            let cursor = jump.index(len + 2);
            if k % 2 == 0 {
                frame.step_to(steps, cursor);
            } else {
                ranked.move_frame(&mut frame, cursor);
            }
            prop_assert_eq!(&frame, &ranked.frame(cursor), "scrubbed to {}", cursor);
        }
        let mut foreign = Frame::at(&[], 0);
        let cursor = jumps.first().map_or(len / 2, |j| j.index(len + 1));
        foreign.step_to(steps, cursor);
        prop_assert_eq!(&foreign, &Frame::at(steps, cursor), "a frame of no trace, to {}", cursor);
    }
}

/// The frame property is not vacuous: some generated trees merge tied accounts with children
/// under the documented rule, and some are partial with ranked users.
#[test]
fn the_generated_trees_merge_and_are_partial() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut merges, mut partial) = (0, 0);
    for _ in 0..300 {
        let tree = arb_tree().new_tree(&mut runner).expect("a tree").current();
        let ranked = Ranked::new(&tree, TieRule::Documented);
        let steps = ranked.run().steps();
        merges += steps
            .windows(3)
            .filter(|w| {
                matches!(&w[0], Step::AccountEntered { merged, .. } if !merged.is_empty())
                    && matches!(w[2], Step::SiblingsSorted { .. })
            })
            .count();
        if tree.is_partial() {
            let end = ranked.frame(steps.len());
            partial += end.rank_of.iter().filter(|r| r.is_some()).count();
        }
    }
    assert!(merges > 20, "{merges} merged visits with children");
    assert!(
        partial > 20,
        "{partial} ranked users in partial trees' frames"
    );
}

/// The generated trees do tie and do round: the property above is not vacuous. (Some case of
/// the strategy has a tie carried by rank, and some an artefact.)
#[test]
fn the_generated_trees_tie_and_round() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut ties, mut artefacts) = (0, 0);
    for _ in 0..300 {
        let tree = arb_tree().new_tree(&mut runner).expect("a tree").current();
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        ties += ranked
            .run()
            .assocs()
            .iter()
            .filter(|a| a.tie.is_some() && a.rank.is_some())
            .count();
        artefacts += ranked
            .run()
            .assocs()
            .iter()
            .filter(|a| a.artefact.is_some())
            .count();
    }
    assert!(ties > 100, "{ties} tied users");
    assert!(artefacts > 10, "{artefacts} rounding artefacts");
}

/// A refused edit is refused the same way as the tree's own edit, and an unknown id too.
#[test]
fn refusals_are_the_trees() {
    let tree = fairshare::r#gen::tree(50, 7);
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let user = tree
        .assocs()
        .iter()
        .find(|a| a.is_user())
        .expect("a user")
        .id;
    let bad = LongDouble::from_f64(-1.0);
    assert_eq!(
        ranked.with_usage(user, bad).unwrap_err(),
        tree.with_usage(user, bad).unwrap_err()
    );
    let nobody = AssocId(999_999);
    assert_eq!(
        ranked.with_shares(nobody, Shares::Value(3)).unwrap_err(),
        tree.with_shares(nobody, Shares::Value(3)).unwrap_err()
    );
}

// ---------------------------------------------------------------------------------------------
// Classic: `Ranked::classic_after` carries a run over an edit
// ---------------------------------------------------------------------------------------------

/// Every value and term of a classic run, by their bits (80-bit values and doubles).
fn classic_bits(run: &ClassicRun) -> Vec<String> {
    records_bits(run.assocs())
}

/// [`classic_bits`] of records.
fn records_bits(records: &[ClassicAssoc]) -> Vec<String> {
    records
        .iter()
        .map(|a| {
            format!(
                "{:x} {:x} {:?} {:x} {:?} {:?} {:?} {} | {:?}",
                a.shares_norm.to_bits(),
                bits(a.usage_raw),
                a.usage_norm.map(bits),
                bits(a.usage_effective),
                a.fairshare.map(f64::to_bits),
                a.shares_rule,
                usage_rule_bits(&a.usage_rule),
                a.factor_source,
                a.usage_rule,
            )
        })
        .collect()
}

fn usage_rule_bits(rule: &UsageRule) -> Vec<u128> {
    match rule {
        UsageRule::Blend {
            shares,
            level_shares,
            parent_usage_effective,
        } => vec![
            u128::from(*shares),
            u128::from(*level_shares),
            bits(*parent_usage_effective),
        ],
        UsageRule::DepthOblivious(d) => vec![
            bits(d.ratio_p),
            bits(d.sibling_usage),
            bits(d.ratio_s),
            bits(d.ratio_l),
            u128::from(d.k.to_bits()),
        ],
        _ => Vec::new(),
    }
}

fn arb_params() -> impl Strategy<Value = Params> {
    (prop::sample::select(vec![1u16, 1, 2, 5]), any::<bool>()).prop_map(
        |(damping_factor, depth_oblivious)| Params {
            damping_factor,
            depth_oblivious,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// A chain of edits (usage, shares, FairShare=parent, parameters), each classic run carried
    /// over from the one before, equals the classic run of each edited tree from scratch, bit
    /// for bit, every term included; and so do both orders.
    #[test]
    fn classic_carried_over_edits_equals_classic_from_scratch(
        tree in arb_tree(),
        steps in prop::collection::vec((arb_edit(), arb_params()), 1..6),
        first in arb_params(),
    ) {
        let mut ranked = Ranked::new(&tree, TieRule::Slurm);
        let mut run = ranked.classic(&first);
        let mut orders = fairshare::orders::classic_beside_fair_tree(&ranked, &run);
        for (edit, params) in &steps {
            ranked = apply(&ranked, edit)?;
            let carried = ranked.classic_after(&run, params);
            let fresh = ranked.classic(params);
            prop_assert_eq!(classic_bits(&carried), classic_bits(&fresh));
            prop_assert!(carried == fresh);
            // (`invariants::classic_beside_fair_tree_is_its_definition` checks the orders.)
            let fresh_orders = fairshare::orders::classic_beside_fair_tree(&ranked, &fresh);
            prop_assert_eq!(
                &fairshare::orders::classic_beside_fair_tree(&ranked, &carried),
                &fresh_orders
            );
            // The classic list carried over from the one before the edit is the list sorted
            // from scratch, places included.
            let carried_orders =
                fairshare::orders::classic_beside_fair_tree_after(&orders, &ranked, &carried);
            prop_assert_eq!(lists(&carried_orders), lists(&fresh_orders));
            run = carried;
            orders = carried_orders;
        }
    }

    /// A classic run read one association at a time before its values are computed whole (the
    /// Classic tab's rows in view and formulas), from scratch and carried over a chain of edits
    /// (from the last run computed whole, some runs between never computed), is the run from
    /// scratch, bit for bit, every term included; and so is the run computed whole after.
    #[test]
    fn classic_read_one_at_a_time_equals_classic_from_scratch(
        tree in arb_tree(),
        steps in prop::collection::vec((arb_edit(), arb_params(), any::<bool>()), 0..6),
        first in arb_params(),
    ) {
        let mut ranked = Ranked::new(&tree, TieRule::Slurm);
        let mut run = ranked.classic(&first);
        let mut params = &first;
        for step in std::iter::once(None).chain(steps.iter().map(Some)) {
            if let Some((edit, next, whole)) = step {
                // Some runs are computed whole (the orders read every F), some never are.
                if *whole {
                    run.compute_all();
                }
                ranked = apply(&ranked, edit)?;
                run = ranked.classic_after(&run, next);
                params = next;
            }
            let fresh = ranked.classic(params);
            let one_at_a_time: Vec<ClassicAssoc> =
                (0..run.len()).filter_map(|ix| run.assoc(ix)).collect();
            let factors: Vec<Option<u64>> =
                (0..run.len()).map(|ix| run.fairshare(ix).map(f64::to_bits)).collect();
            // Without DEPTH_OBLIVIOUS (whose sibling sums read whole lists) nothing was computed
            // whole for these reads (the generated trees are shallow).
            prop_assert_eq!(run.is_computed(), params.depth_oblivious);
            prop_assert_eq!(records_bits(&one_at_a_time), classic_bits(&fresh));
            let fresh_factors: Vec<Option<u64>> =
                fresh.assocs().iter().map(|a| a.fairshare.map(f64::to_bits)).collect();
            prop_assert_eq!(factors, fresh_factors);
            // Computed whole later (a copy: this run stays uncomputed for the next edit).
            prop_assert_eq!(classic_bits(&run.clone()), classic_bits(&fresh));
        }
    }

    /// The orders made a slice at a time (`OrdersJob`, slices of `budget` associations; the
    /// classic run's values by `ArraysJob`), from scratch and carried over a chain of edits (from
    /// runs computed whole, sliced or not at all), are the orders and the run from scratch, bit
    /// for bit.
    #[test]
    fn classic_orders_in_slices_equal_orders_from_scratch(
        tree in arb_tree(),
        steps in prop::collection::vec((arb_edit(), arb_params(), 0u8..3), 0..6),
        first in arb_params(),
        budget in 1usize..9,
    ) {
        let mut ranked = Ranked::new(&tree, TieRule::Slurm);
        let mut run = Arc::new(ranked.classic(&first));
        let mut params = &first;
        let mut prev: Option<Arc<fairshare::orders::Orders>> = None;
        for step in std::iter::once(None).chain(steps.iter().map(Some)) {
            if let Some((edit, next, how)) = step {
                ranked = apply(&ranked, edit)?;
                run = Arc::new(ranked.classic_after(&run, next));
                params = next;
                // The run is made in slices (below), whole at once, or only read through its
                // orders.
                if *how == 1 {
                    run.compute_all();
                }
            }
            let fresh = ranked.classic(params);
            let mut job = fairshare::orders::OrdersJob::new(prev.clone(), ranked.clone(), Arc::clone(&run));
            let mut slices = 1;
            while !job.step(budget) {
                slices += 1;
                prop_assert!(slices <= 4 * run.len() + 8, "the job ends");
            }
            let sliced = Arc::new(job.finish());
            prop_assert_eq!(classic_bits(&run), classic_bits(&fresh));
            let fresh_orders = fairshare::orders::classic_beside_fair_tree(&ranked, &fresh);
            prop_assert_eq!(lists(&sliced), lists(&fresh_orders));
            prop_assert_eq!(sliced.n_differ(), fresh_orders.n_differ());
            prev = (step.is_none_or(|(_, _, how)| *how != 2)).then_some(sliced);
        }
    }

    /// The run's values made a slice at a time are the run from scratch, bit for bit.
    #[test]
    fn classic_arrays_in_slices_equal_classic_from_scratch(
        tree in arb_tree(),
        edit in arb_edit(),
        params in arb_params(),
        budget in 1usize..9,
    ) {
        let before = Ranked::new(&tree, TieRule::Slurm);
        let prev = before.classic(&params);
        let mut job = fairshare::classic::ArraysJob::new(Arc::new(before.classic(&params)));
        while !job.step(budget) {}
        prop_assert!(job.run().is_computed());
        prop_assert_eq!(classic_bits(job.run()), classic_bits(&prev));
        // Carried over an edit from the run computed whole.
        let ranked = apply(&before, &edit)?;
        let mut job = fairshare::classic::ArraysJob::new(Arc::new(ranked.classic_after(&prev, &params)));
        while !job.step(budget) {}
        prop_assert!(job.run().is_computed());
        prop_assert_eq!(classic_bits(job.run()), classic_bits(&ranked.classic(&params)));
    }

    /// A run of another tree (another size or shape) carries nothing wrong over.
    #[test]
    fn classic_after_another_trees_run_is_from_scratch(
        a in arb_tree(),
        b in arb_tree(),
        params in arb_params(),
    ) {
        let (ra, rb) = (Ranked::new(&a, TieRule::Slurm), Ranked::new(&b, TieRule::Slurm));
        let other = ra.classic(&params);
        prop_assert_eq!(classic_bits(&rb.classic_after(&other, &params)), classic_bits(&rb.classic(&params)));
        // Nor do the orders: another tree's classic list is no list of this tree's users.
        let other_orders = fairshare::orders::classic_beside_fair_tree(&ra, &other);
        let run = rb.classic(&params);
        prop_assert_eq!(
            lists(&fairshare::orders::classic_beside_fair_tree_after(&other_orders, &rb, &run)),
            lists(&fairshare::orders::classic_beside_fair_tree(&rb, &run))
        );
    }
}

/// Both lists of `o`, each user with its places (not the work spent on them).
fn lists(
    o: &fairshare::orders::Orders,
) -> (
    Vec<fairshare::orders::Placed>,
    Vec<fairshare::orders::Placed>,
) {
    (o.classic.clone(), o.fair_tree.clone())
}

/// After a usage edit on a generated tree (many users with no usage, whose F are near ties
/// that the edit reshuffles), the classic list carried over from the one before the edit is the
/// list sorted from scratch, and it was carried (merged, not sorted again: less work).
#[test]
fn a_usage_edit_carries_the_classic_list_over() {
    let tree = fairshare::r#gen::tree(2_000, 11);
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let params = Params::default();
    let before = ranked.classic(&params);
    let orders = fairshare::orders::classic_beside_fair_tree(&ranked, &before);
    let users: Vec<_> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    for (k, factor) in [(0, 2.0), (users.len() / 2, 0.5), (users.len() - 1, 10.0)] {
        let user = users[k];
        let usage = user
            .usage_raw
            .mul(LongDouble::from_f64(factor))
            .add(LongDouble::one());
        let edited = ranked.with_usage(user.id, usage).expect("a valid edit");
        let run = edited.classic_after(&before, &params);
        let carried = fairshare::orders::classic_beside_fair_tree_after(&orders, &edited, &run);
        let fresh = fairshare::orders::classic_beside_fair_tree(&edited, &run);
        assert_eq!(lists(&carried), lists(&fresh));
        assert_ne!(
            lists(&carried),
            lists(&orders),
            "the edit changed the orders"
        );
        assert!(
            carried.work < fresh.work,
            "{} >= {}",
            carried.work,
            fresh.work
        );
    }
}

/// A usage edit keeps every S (carried, not computed again) and changes F; an edit that
/// changes nothing classic reads keeps the whole run.
#[test]
fn a_usage_edit_keeps_every_s() {
    let tree = fairshare::r#gen::tree(2_000, 11);
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let params = Params::default();
    let before = ranked.classic(&params);
    // Carried over from a run computed whole (the Classic tab's orders compute it).
    before.compute_all();
    let user = tree
        .assocs()
        .iter()
        .rev()
        .find(|a| a.is_user())
        .expect("a user");
    let edited = ranked
        .with_usage(user.id, user.usage_raw.add(LongDouble::one()))
        .expect("a valid edit");
    let after = edited.classic_after(&before, &params);
    assert_eq!(classic_bits(&after), classic_bits(&edited.classic(&params)));
    let ix = tree.position(user.id).expect("in the tree");
    assert_ne!(before.fairshare(ix), after.fairshare(ix));
    assert!(after.shares_shared_with(&before), "S carried over");
    let again = edited.classic_after(&after, &params);
    assert!(
        again.values_shared_with(&after),
        "nothing changed: every value shared"
    );
    let shares = edited
        .with_shares(user.id, Shares::Value(77))
        .expect("a valid edit");
    assert!(
        !shares
            .classic_after(&after, &params)
            .shares_shared_with(&after)
    );
}

/// An edit that moves no entry of any sibling list shares the walk of the ranking before it
/// (its trace, not walked again) and equals ranking from scratch; one that moves a user walks
/// again. The shared walk is refused when a list's first entry comes to have Level FS exactly
/// `NO_VAL`, the value Slurm's `prev` starts at (it is then "tied" with the start value)
/// though no entry moved.
#[test]
fn an_edit_that_moves_nothing_shares_the_walk() {
    use fairshare::step::Tie;
    let root = trees::root();
    let lab = trees::account(2, &root, "lab", Shares::Value(1));
    let ld = LongDouble::from_u64;
    let x = trees::user(3, &lab, "x", Shares::Value(1), ld(2));
    let y = trees::user(4, &lab, "y", Shares::Value(1), ld(8_589_934_587));
    let tree = AssocTree::new(vec![root, lab, x, y]).unwrap();
    let before = Ranked::new(&tree, TieRule::Slurm);
    let shared = |r: &Ranked| std::ptr::eq(r.run().steps().as_ptr(), before.run().steps().as_ptr());
    let scratch = |r: &Ranked| Ranked::new(r.tree(), TieRule::Slurm);

    // x stays first (S / U far above y's), y second: the same walk, and the same sorted lists
    // (not a copy of each list's handle).
    let still = before.with_usage(AssocId(3), ld(3)).unwrap();
    assert!(shared(&still), "nothing moved: the walk is shared");
    let lists = |r: &Ranked| r.run().sorted_children().clone();
    assert!(
        lists(&still).is_shared_with(&lists(&before)),
        "the lists are shared"
    );
    assert_eq!(still, scratch(&still));

    // y without usage goes first: walked again.
    let moved = before.with_usage(AssocId(4), ld(0)).unwrap();
    assert!(!shared(&moved), "y moved: walked again");
    assert!(
        !lists(&moved).is_shared_with(&lists(&before)),
        "lab's list changed"
    );
    assert_eq!(moved, scratch(&moved));

    // x's Level FS becomes 0.5 / (1 / 8589934588) = 4294967294 = NO_VAL exactly: same order,
    // but x, first of its list, is now tied with the start value.
    let no_val = before.with_usage(AssocId(3), ld(1)).unwrap();
    let fresh = scratch(&no_val);
    let ix = fresh.tree().position(AssocId(3)).unwrap();
    assert_eq!(fresh.run().assocs()[ix].level_fs, Some(ld(4_294_967_294)));
    assert_eq!(fresh.run().assocs()[ix].tie, Some(Tie::EqualToStartValue));
    assert!(
        !shared(&no_val),
        "a first entry's tie with NO_VAL changed: walked again"
    );
    assert_eq!(no_val, fresh);
}

/// A value edit copies the chunk of the tree's associations it lands in and the chunks of the
/// run's values it computes again, not every record: at 1,000 associations (16 chunks) a usage
/// edit shares 15 chunks of the tree with the ranking before it, and a shares edit that moves
/// nobody 15 of the run's values; the ranking before the edit is left as it was.
#[test]
fn a_value_edit_copies_a_few_chunks_not_every_record() {
    let tree = fairshare::r#gen::tree(1_000, 2026);
    let before = Ranked::new(&tree, TieRule::Slurm);
    let user = tree
        .assocs()
        .iter()
        .filter(|a| a.is_user())
        .nth(300)
        .unwrap();
    let chunks = tree.assocs().chunks().len();
    assert_eq!(chunks, 1_000_usize.div_ceil(CHUNK));
    let usage = user.usage_raw.add(LongDouble::one());
    let edited = before.with_usage(user.id, usage).unwrap();
    assert_eq!(
        edited
            .tree()
            .assocs()
            .chunks_shared_with(before.tree().assocs()),
        chunks - 1
    );
    assert_eq!(edited, Ranked::new(edited.tree(), TieRule::Slurm));
    let shares = match user.shares {
        Shares::Value(v) => Shares::Value(v + 1),
        Shares::Parent => Shares::Value(1),
    };
    let edited = before.with_shares(user.id, shares).unwrap();
    assert_eq!(
        edited
            .tree()
            .assocs()
            .chunks_shared_with(before.tree().assocs()),
        chunks - 1
    );
    if Arc::ptr_eq(&edited.run().shared_steps(), &before.run().shared_steps()) {
        // Nobody moved: only the user's list's values (one account's users, in one or two
        // chunks) were computed again.
        let shared = edited
            .run()
            .assocs()
            .chunks_shared_with(before.run().assocs());
        assert!(shared >= chunks - 2, "{shared} of {chunks} chunks shared");
    }
    assert_eq!(edited, Ranked::new(edited.tree(), TieRule::Slurm));
    assert_eq!(before, Ranked::new(&tree, TieRule::Slurm));
}
