//! Two snapshots matched by name (`fairshare::snapshot`): reordered and renumbered rows,
//! added, removed and re-parented associations, two sshare texts, and the parts of a crossing
//! that add up to the change in log Level FS.

use crate::common;

use common::trees::{account, root, user};
use fairshare::snapshot::{Comparison, compare, match_trees, why};
use fairshare::{Assoc, AssocId, AssocTree, LongDouble, Ranked, Shares, TieRule, r#gen};
use proptest::prelude::*;

fn ld(x: u64) -> LongDouble {
    LongDouble::from_u64(x)
}

/// `tree`'s rows in another order (a deterministic shuffle from `seed`) with every id replaced
/// (a bijection onto other numbers).
fn shuffled_and_renumbered(tree: &AssocTree, seed: u64) -> AssocTree {
    let mut state = seed;
    let mut next = move || {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut rows: Vec<Assoc> = tree.assocs().to_vec();
    for i in (1..rows.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        rows.swap(i, j);
    }
    let n = rows.len() as u32;
    let new_id = |id: AssocId| AssocId(1_000_000 + (id.0.wrapping_mul(7919) % (n * 10 + 7)) * 3);
    // 7919 is prime and n*10+7 is not a multiple of it for these sizes: check injectivity.
    let ids: std::collections::HashSet<AssocId> = rows.iter().map(|a| new_id(a.id)).collect();
    assert_eq!(ids.len(), rows.len(), "the renumbering is a bijection");
    for a in &mut rows {
        a.id = new_id(a.id);
        a.parent = a.parent.map(new_id);
    }
    AssocTree::new(rows).expect("the same tree")
}

fn positions(cmp: &Comparison, after: &Ranked) -> Vec<(usize, Option<u32>, Option<u32>)> {
    (0..after.tree().len())
        .filter(|&ix| after.tree().assocs()[ix].is_user())
        .map(|ix| (ix, cmp.position_before(after, ix), after.run().position(ix)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Matching ignores row order and ids: a snapshot compared with itself reshuffled and
    /// renumbered matches every association, nobody moves and every position is kept.
    #[test]
    fn matching_ignores_row_order_and_ids(seed in any::<u64>(), n in 20usize..400) {
        let after = r#gen::tree(n, seed);
        let before = shuffled_and_renumbered(&after, seed ^ 0x5eed);
        let m = match_trees(&before, &after);
        prop_assert!(m.added().is_empty());
        prop_assert!(m.removed().is_empty());
        for ix in 0..after.len() {
            let b = m.before_of(ix).expect("matched");
            let (x, y) = (&after.assocs()[ix], &before.assocs()[b]);
            prop_assert_eq!((&x.account, &x.user), (&y.account, &y.user));
            prop_assert_eq!(m.after_of(b), Some(ix));
        }
        let ranked = Ranked::new(&after, TieRule::Slurm);
        let cmp = compare(&before, &ranked, usize::MAX);
        prop_assert!(cmp.diff.moved.is_empty(), "{:?}", cmp.diff.moved.first());
        prop_assert_eq!((cmp.diff.added, cmp.diff.removed), (0, 0));
        for (_, old, new) in positions(&cmp, &ranked) {
            prop_assert_eq!(old, new);
        }
    }
}

/// root ─ sci ─ bio ─ {alice, bob}, root ─ geo ─ {carol, dave}, root ─ old ─ {eve}.
fn lab(sci: &str, with_old: bool, usages: [u64; 4]) -> AssocTree {
    let r = root();
    let s = account(2, &r, sci, Shares::Value(1));
    let bio = account(3, &s, "bio", Shares::Value(1));
    let geo = account(4, &r, "geo", Shares::Value(1));
    let mut rows = vec![
        r.clone(),
        s,
        user(10, &bio, "alice", Shares::Value(1), ld(usages[0])),
        user(11, &bio, "bob", Shares::Value(1), ld(usages[1])),
        bio,
        user(12, &geo, "carol", Shares::Value(1), ld(usages[2])),
        user(13, &geo, "dave", Shares::Value(1), ld(usages[3])),
        geo,
    ];
    if with_old {
        let old = account(5, &r, "old", Shares::Value(1));
        rows.push(user(14, &old, "eve", Shares::Value(1), ld(7)));
        rows.push(old);
    }
    AssocTree::new(rows).unwrap()
}

fn find(tree: &AssocTree, name: &str) -> usize {
    tree.assocs().iter().position(|a| a.name() == name).unwrap()
}

#[test]
fn a_renamed_parent_keeps_its_subtree_matched_and_gone_ones_are_listed() {
    let before = lab("sci", true, [10, 20, 40, 50]);
    // sci is now "science"; old and eve are gone; frank joins geo.
    let mut rows = lab("science", false, [10, 20, 40, 50]).assocs().to_vec();
    let geo = rows
        .iter()
        .find(|a| a.account == "geo" && a.user.is_none())
        .unwrap()
        .clone();
    rows.push(user(20, &geo, "frank", Shares::Value(1), ld(1)));
    let after = AssocTree::new(rows).unwrap();
    let m = match_trees(&before, &after);
    let names = |t: &AssocTree, v: Vec<usize>| -> Vec<String> {
        v.into_iter()
            .map(|i| t.assocs()[i].name().to_string())
            .collect()
    };
    assert_eq!(names(&after, m.added()), ["science", "frank"]);
    assert_eq!(names(&before, m.removed()), ["sci", "eve", "old"]);
    // bio moved from root/sci to root/science: matched, listed as re-parented, users matched.
    let bio = (find(&before, "bio"), find(&after, "bio"));
    assert_eq!(m.after_of(bio.0), Some(bio.1));
    assert_eq!(m.reparented(&before, &after), vec![bio]);
    assert_eq!(
        m.after_of(find(&before, "alice")),
        Some(find(&after, "alice"))
    );
    let ranked = Ranked::new(&after, TieRule::Slurm);
    let cmp = compare(&before, &ranked, usize::MAX);
    assert_eq!((cmp.diff.added, cmp.diff.removed), (1, 1));
    assert_eq!(cmp.position_before(&ranked, find(&after, "frank")), None);
}

#[test]
fn an_account_name_used_twice_matches_by_its_path() {
    // Two accounts named "x" (possible in a scenario file): each matches its own path.
    let r = root();
    let a = account(2, &r, "a", Shares::Value(1));
    let b = account(3, &r, "b", Shares::Value(1));
    let xa = account(4, &a, "x", Shares::Value(1));
    let xb = account(5, &b, "x", Shares::Value(1));
    let rows = vec![
        r.clone(),
        a,
        b,
        user(6, &xa, "u", Shares::Value(1), ld(1)),
        user(7, &xb, "u", Shares::Value(1), ld(9)),
        xa,
        xb,
    ];
    let after = AssocTree::new(rows.clone()).unwrap();
    let mut rev = rows;
    rev.reverse();
    let before = AssocTree::new(rev).unwrap();
    let m = match_trees(&before, &after);
    for ix in 0..after.len() {
        let b = m.before_of(ix).unwrap();
        assert_eq!(before.assocs()[b].id, after.assocs()[ix].id, "row {ix}");
    }
}

#[test]
fn two_sshare_texts_give_the_moves_and_the_deciding_level() {
    // Yesterday bio (alice 10, bob 20) was ahead of geo (90); today bob ran 200 more and geo
    // decayed: geo passed bio. The texts are what sshare -a -l -P prints, in different orders.
    let before = lab("sci", false, [10, 20, 40, 50]);
    let after = lab("sci", false, [10, 220, 30, 40]);
    let text_before = common::texts::sshare_long_parsable(&before);
    let text_after = common::texts::sshare_long_parsable(&after);
    let before = fairshare::import::import(&text_before)
        .scenario
        .unwrap()
        .tree;
    let after = fairshare::import::import(&text_after)
        .scenario
        .unwrap()
        .tree;
    let ranked = Ranked::new(&after, TieRule::Slurm);
    let cmp = compare(&before, &ranked, usize::MAX);
    let alice = find(&after, "alice");
    assert_eq!(cmp.position_before(&ranked, alice), Some(1));
    assert_eq!(ranked.run().position(alice), Some(3));
    let w = why(&cmp.before, &ranked, alice).expect("a crossing");
    // The deciding level is the root: geo passed sci (alice's ancestor there).
    assert_eq!(after.assocs()[w.parent].name(), "root");
    assert_eq!(after.assocs()[w.ahead.ix].name(), "geo");
    assert_eq!(after.assocs()[w.behind.ix].name(), "sci");
    assert!(!w.user_ahead);
    // sci's usage rose from 30 to 230; geo's fell 90 → 70.
    assert_eq!(w.behind.usage, (ld(30), ld(230)));
    assert_eq!(w.ahead.usage, (ld(90), ld(70)));
    let rose = w.behind.usage_change().unwrap();
    assert!((rose - 200.0 / 30.0).abs() < 1e-12, "{rose}");
    assert_eq!(w.behind.usage_delta(), 200.0);
}

/// Two accounts a and b (one user each) and a third c; before, a's user used far less than b's
/// so a led; after, far more, so b passed a. Shares random on both days.
fn crossing_pair(s: [u32; 6], u: [u64; 6], c_usage: (u64, u64)) -> (AssocTree, AssocTree) {
    let make = |sa: u32, sb: u32, ua: u64, ub: u64, uc: u64| {
        let r = root();
        let a = account(2, &r, "a", Shares::Value(sa));
        let b = account(3, &r, "b", Shares::Value(sb));
        let c = account(4, &r, "c", Shares::Value(s[4]));
        AssocTree::new(vec![
            user(5, &a, "ua", Shares::Value(1), ld(ua)),
            user(6, &b, "ub", Shares::Value(1), ld(ub)),
            user(7, &c, "uc", Shares::Value(s[5]), ld(uc)),
            r,
            a,
            b,
            c,
        ])
        .unwrap()
    };
    (
        make(s[0], s[1], u[0], u[1] * 1_000_000, c_usage.0),
        make(s[2], s[3], u[2] * 1_000_000, u[3], c_usage.1),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// At the deciding level, each side's parts (own usage, siblings' usage, own shares,
    /// siblings' shares) add up to the change in ln Level FS, and the user's side fell behind.
    #[test]
    fn the_parts_add_up_to_the_change_in_log_level_fs(
        s in prop::array::uniform6(1u32..10),
        u in prop::array::uniform6(1u64..100),
        c_usage in (1u64..1_000_000_000, 1u64..1_000_000_000),
    ) {
        let (before, after) = crossing_pair(s, u, c_usage);
        let ranked = Ranked::new(&after, TieRule::Slurm);
        let cmp = compare(&before, &ranked, usize::MAX);
        let ua = find(&after, "ua");
        let w = why(&cmp.before, &ranked, ua).expect("b passed a");
        prop_assert!(!w.user_ahead);
        prop_assert_eq!(after.assocs()[w.behind.ix].name(), "a");
        // b passed a; c may have passed it too (the nearest sibling that changed sides is named).
        prop_assert!(["b", "c"].contains(&after.assocs()[w.ahead.ix].name()));
        for side in [&w.ahead, &w.behind] {
            let parts = side.parts.expect("all values positive");
            let (old, new) = side.level_fs;
            let (old, new) = (old.unwrap().to_f64(), new.unwrap().to_f64());
            let delta = (new / old).ln();
            prop_assert!(
                (parts.total() - delta).abs() <= 1e-12 * delta.abs().max(1.0),
                "{parts:?} sums to {} but Δ ln LF = {delta}", parts.total()
            );
        }
        // Both sides share the parent: the siblings' parts are the same for both.
        prop_assert_eq!(w.ahead.parts.unwrap().siblings_usage, w.behind.parts.unwrap().siblings_usage);
        prop_assert_eq!(w.ahead.parts.unwrap().siblings_shares, w.behind.parts.unwrap().siblings_shares);
    }
}

#[test]
fn a_side_without_usage_has_no_parts() {
    // c used far more than anyone on both days, so it stays last; b's user used nothing on the
    // second day.
    let big = 1_000_000_000_000;
    let (before, after) = crossing_pair([1; 6], [1; 6], (big, big));
    let rows: Vec<Assoc> = after
        .assocs()
        .iter()
        .cloned()
        .map(|mut a| {
            if a.user.as_deref() == Some("ub") {
                a.usage_raw = LongDouble::ZERO;
            }
            a
        })
        .collect();
    let after = AssocTree::new(rows).unwrap();
    let ranked = Ranked::new(&after, TieRule::Slurm);
    let cmp = compare(&before, &ranked, usize::MAX);
    let w = why(&cmp.before, &ranked, find(&after, "ua")).expect("b passed a");
    assert_eq!(after.assocs()[w.ahead.ix].name(), "b");
    assert!(w.ahead.parts.is_none(), "no usage: Level FS is infinite");
    assert!(w.behind.parts.is_some());
}

#[test]
fn a_hundred_thousand_associations_compare_in_near_linear_time() {
    // Not a timing: the matching of a 10^5 tree against its reshuffle completes and matches all.
    let after = r#gen::tree(100_000, 7);
    let before = shuffled_and_renumbered(&after, 8);
    let m = match_trees(&before, &after);
    assert!(m.added().is_empty() && m.removed().is_empty());
}
