//! Properties on trees far outside what the golden vectors hold: deep (chains to 1,000 levels),
//! wide (to 10,000 siblings), usage that is −0, subnormal (80-bit), tiny, fractional or just
//! below 2^64, every kind of share value (0, 1, u32::MAX, 2147483647 = FairShare=parent,
//! "parent"), and explicit lineages that follow the tree or do not.
//!
//! Besides "never panics, never NaN", the hierarchy is checked against the plain per-ancestor
//! computation Slurm's code does (account usage as each user's usage added to every ancestor in
//! list order; list order as whole lineage strings sorted stably), bit for bit whenever the
//! hierarchy did not have to approximate (see `hierarchy::EXACT_WORK_LIMIT`).

use crate::common;

use common::trees;
use fairshare::step::Frame;
use fairshare::{
    AssocTree, Hierarchy, LongDouble, Params, Ranked, Shares, TieRule, classic, sshare,
};
use proptest::prelude::*;

fn usage_values() -> Vec<LongDouble> {
    let ld = |s: &str| LongDouble::parse(s).expect("a decimal");
    vec![
        LongDouble::ZERO,
        -LongDouble::ZERO,
        ld("1e-4940"), // an 80-bit subnormal
        ld("3.6e-4951"),
        LongDouble::from_f64(5e-324),
        LongDouble::from_f64(1e-300),
        LongDouble::from_f64(0.1),
        LongDouble::from_f64(1.0),
        LongDouble::from_f64(2.5),
        LongDouble::from_f64(1000.37),
        LongDouble::from_f64(123_456_789.123),
        LongDouble::from_u64(u64::MAX), // the largest accepted usage, 2^64 − 1
        LongDouble::from_u64(1 << 62),
        ld("0.200000000000000000003"),
    ]
}

fn share_values() -> Vec<Shares> {
    vec![
        Shares::Value(0),
        Shares::Value(1),
        Shares::Value(u32::MAX),
        Shares::from_raw(2_147_483_647),
        Shares::Parent,
        Shares::Value(3),
        Shares::Value(7),
    ]
}

/// How a generated node is placed.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Each account hangs under the previous account: a chain, users sprinkled along it.
    Deep,
    /// Everything hangs under one of the first few accounts.
    Wide,
}

/// Builds a tree of `n` nodes after the root from picks (kind, usage, shares, name, lineage).
fn build(shape: Shape, picks: &[(u8, usize, usize, u8, u8)]) -> AssocTree {
    let usages = usage_values();
    let shares = share_values();
    let mut assocs = vec![trees::root()];
    let mut accounts = vec![0usize];
    for (i, &(kind, u, s, name, lineage)) in picks.iter().enumerate() {
        let parent = match shape {
            Shape::Deep => *accounts.last().expect("the root"),
            Shape::Wide => accounts[i % accounts.len().min(3)],
        };
        let is_user = kind % 3 != 0;
        // Few names, so that sibling users tie on their lineage suffix and sort stably.
        let names = ["a", "b", "a.b", "0", "-x", "zz"];
        let base = names[usize::from(name) % names.len()];
        let parent_lineage = assocs[parent].lineage.clone();
        let (id, share) = (i as u32 + 2, shares[s % shares.len()]);
        let mut a = if is_user {
            trees::user(id, &assocs[parent], base, share, usages[u % usages.len()])
        } else {
            // Account names are unique, as in Slurm (two sibling accounts of one name would
            // interleave their subtrees in a whole-string sort; the engine keeps each subtree
            // together there).
            let mut a = trees::account(id, &assocs[parent], &format!("{base}{i}"), share);
            a.usage_raw = usages[u % usages.len()];
            a
        };
        a.partition = (is_user && kind % 7 == 1).then(|| "gpu".into());
        a.lineage = match lineage % 8 {
            // An explicit lineage that follows the tree (when the parent's is known).
            1 => parent_lineage.map(|p| {
                let seg = match (&a.user, &a.partition) {
                    (Some(u), Some(part)) => format!("0-{u}/{part}/"),
                    (Some(u), None) => format!("0-{u}/"),
                    (None, _) => format!("{}/", a.account),
                };
                format!("{p}{seg}").into()
            }),
            // One that does not.
            2 => Some(format!("/x{}/", (i * 7919) % 13).into()),
            _ => None,
        };
        if i == 0 && lineage % 2 == 1 {
            assocs[0].lineage = Some("/".into());
        }
        assocs.push(a);
        if !is_user {
            accounts.push(assocs.len() - 1);
        }
    }
    AssocTree::new(assocs).expect("generated trees are valid")
}

fn arb_picks(max: usize) -> impl Strategy<Value = Vec<(u8, usize, usize, u8, u8)>> {
    prop::collection::vec(
        (
            any::<u8>(),
            0usize..64,
            0usize..64,
            any::<u8>(),
            any::<u8>(),
        ),
        1..max,
    )
}

/// Slurm's list order, the plain way: whole lineages, sorted stably.
fn reference_list_order(tree: &AssocTree) -> Vec<usize> {
    let assocs = tree.assocs();
    let n = assocs.len();
    let mut lineage: Vec<Option<String>> = vec![None; n];
    fn get(tree: &AssocTree, ix: usize, memo: &mut [Option<String>]) -> String {
        if let Some(l) = &memo[ix] {
            return l.clone();
        }
        let a = &tree.assocs()[ix];
        let l = match (&a.lineage, tree.parent_position(ix)) {
            (Some(l), _) => l.to_string(),
            (None, None) => "/".into(),
            (None, Some(p)) => {
                let suffix = match (&a.user, &a.partition) {
                    (Some(u), Some(part)) => format!("0-{u}/{part}/"),
                    (Some(u), None) => format!("0-{u}/"),
                    (None, _) => format!("{}/", a.account),
                };
                format!("{}{suffix}", get(tree, p, memo))
            }
        };
        memo[ix] = Some(l.clone());
        l
    }
    let keys: Vec<String> = (0..n).map(|ix| get(tree, ix, &mut lineage)).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| keys[a].as_bytes().cmp(keys[b].as_bytes()));
    order
}

/// Slurm's account usage, the plain way: every user's usage added to every ancestor, users in
/// list order.
fn reference_usage(tree: &AssocTree, h: &Hierarchy) -> Vec<LongDouble> {
    let mut usage: Vec<LongDouble> = (0..tree.len())
        .map(|ix| {
            if h.is_user(ix) {
                tree.assocs()[ix].usage_raw
            } else {
                LongDouble::ZERO
            }
        })
        .collect();
    for &ix in h.list_order() {
        if !h.is_user(ix) {
            continue;
        }
        let u = usage[ix];
        let mut p = h.parent(ix);
        while let Some(a) = p {
            usage[a] = usage[a].add(u);
            p = h.parent(a);
        }
    }
    usage
}

/// Everything must run, agree with its own trace, and never produce a NaN.
fn check_everything(tree: &AssocTree) -> Result<(), TestCaseError> {
    let slurm = Ranked::new(tree, TieRule::Slurm);
    let h = slurm.hierarchy();
    prop_assert!(!h.approximated(), "small trees are computed exactly");
    // Lineages that do not follow the tree sort as whole strings: any order then is Slurm's.
    prop_assert_eq!(&h.list_order(), &reference_list_order(tree));
    let want = reference_usage(tree, h);
    for (ix, (got, want)) in (0..h.len())
        .map(|ix| h.usage_raw(ix))
        .zip(&want)
        .enumerate()
    {
        prop_assert_eq!(got.to_bits(), want.to_bits(), "usage of {}", ix);
        prop_assert!(got.is_finite() && !got.is_negative());
    }
    for rule in [TieRule::Slurm, TieRule::Documented] {
        let ranked = slurm.with_rule(rule);
        let run = ranked.run();
        for a in run.assocs() {
            prop_assert!(!a.level_fs_key.is_nan());
            prop_assert!(!a.usage_effective.is_nan());
            prop_assert!(
                !a.level_fs_key.is_negative(),
                "Level FS is never negative (−0 usage is 0)"
            );
        }
        let end = Frame::at(run.steps(), run.steps().len());
        for (ix, a) in run.assocs().iter().enumerate() {
            prop_assert_eq!(end.rank_of[ix], a.rank);
        }
        let rows = sshare::fair_tree_rows(&ranked);
        let _ = sshare::render(
            &rows,
            &sshare::default_columns(fairshare::Algorithm::FairTree, sshare::SshareFlags::LONG),
            sshare::TextLayout::FixedWidth,
            sshare::Header::Shown,
        );
    }
    for depth_oblivious in [false, true] {
        let params = Params {
            depth_oblivious,
            ..Params::default()
        };
        let run = slurm.classic(&params);
        for (ix, a) in run.assocs().iter().enumerate() {
            prop_assert!(
                !a.usage_effective.is_nan() || depth_oblivious,
                "UE of {}",
                ix
            );
            // S the plain way: the factors multiplied from the association up.
            if let classic::SharesRule::Product = a.shares_rule {
                let mut s = 1.0f64;
                for f in classic::share_factors(h, ix) {
                    if f.level_shares == 0 {
                        s = 0.0;
                    } else if s != 0.0 {
                        s *= f64::from(f.shares) / f64::from(f.level_shares);
                    }
                }
                prop_assert_eq!(s.to_bits(), a.shares_norm.to_bits());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn deep_trees_to_a_thousand_levels(picks in arb_picks(1000)) {
        check_everything(&build(Shape::Deep, &picks))?;
    }

    #[test]
    fn wide_trees_to_ten_thousand_siblings(picks in arb_picks(10_000)) {
        check_everything(&build(Shape::Wide, &picks))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn small_trees_of_every_value(picks in arb_picks(40), deep in any::<bool>()) {
        check_everything(&build(if deep { Shape::Deep } else { Shape::Wide }, &picks))?;
    }
}
