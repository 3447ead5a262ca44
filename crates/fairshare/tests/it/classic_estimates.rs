//! The classic run's f64 estimates (a usage edit's run, or one from scratch, without
//! DEPTH_OBLIVIOUS): the classic order decided from them, and every value read on demand, equal
//! the full exact 80-bit pass bit for bit, ties included, on trees made to have near-ties.

use crate::common::trees;
use fairshare::orders::classic_beside_fair_tree;
use fairshare::{AssocTree, LongDouble, Params, Ranked, TieRule};
use proptest::prelude::*;

/// Usages close to each other: equal, one f64 ulp apart, sums that round alike or not
/// (0.1 + 0.2 against 0.3), huge and tiny ones, zero.
fn usages() -> Vec<f64> {
    let up = |x: f64| f64::from_bits(x.to_bits() + 1);
    let down = |x: f64| f64::from_bits(x.to_bits() - 1);
    vec![
        0.0,
        1.0,
        up(1.0),
        down(1.0),
        3.0,
        up(3.0),
        down(3.0),
        0.1 + 0.2,
        0.3,
        1e12,
        up(1e12),
        1.8e19,
        up(1.8e19),
        1e-300,
        5e-324,
        10.0,
        2.0,
    ]
}

/// A random tree (`trees::with_ties`: FairShare=parent, zero shares, few distinct shares)
/// with usages that come close to each other.
fn arb_near_ties() -> impl Strategy<Value = AssocTree> {
    let usages = usages();
    let node = (
        any::<prop::sample::Index>(),
        0u8..10,
        0u8..12,
        0usize..usages.len(),
    );
    prop::collection::vec(node, 1..40).prop_map(move |nodes| {
        let nodes = nodes.into_iter().map(|(p, k, s, u)| (p, k, s, usages[u]));
        trees::with_ties(nodes, |i| format!("u{i}"), false)
    })
}

fn ld_bits(v: &[LongDouble]) -> Vec<u128> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn f_bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// The classic list by its definition from the exact F (`values_held`): users in list order,
/// stably by F highest first, each with 1 + the number of users of a higher F.
fn by_definition(ranked: &Ranked, fs: &[f64]) -> Vec<(usize, usize)> {
    let h = ranked.hierarchy();
    let users: Vec<usize> = h
        .list_order()
        .iter()
        .copied()
        .filter(|&ix| h.is_user(ix))
        .collect();
    let f = |ix: usize| if fs[ix] == 0.0 { 0.0 } else { fs[ix] };
    let mut by_f = users.clone();
    by_f.sort_by(|&a, &b| f(b).total_cmp(&f(a)));
    by_f.iter()
        .map(|&ix| (ix, 1 + users.iter().filter(|&&v| f(v) > f(ix)).count()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The order from the estimates is the order by exact F, places (ties) included; the
    /// values read one association at a time before the arrays are made are the arrays'.
    #[test]
    fn the_estimated_order_and_values_are_the_exact_ones(
        tree in arb_near_ties(),
        damping in prop::sample::select(vec![1u16, 1, 2, 3, 5, 7, 1000]),
        depth_oblivious in prop::bool::weighted(0.2),
    ) {
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let run = ranked.classic(&Params { damping_factor: damping, depth_oblivious });
        let orders = classic_beside_fair_tree(&ranked, &run);
        let (ue1, fs1) = run.values_read_one_by_one();
        let (ue, fs) = run.values_held();
        prop_assert_eq!(ld_bits(&ue1), ld_bits(&ue));
        prop_assert_eq!(f_bits(&fs1), f_bits(&fs));
        let got: Vec<(usize, usize)> = orders.classic.iter().map(|p| (p.ix, p.place)).collect();
        prop_assert_eq!(got, by_definition(&ranked, &fs));
        // Every usage edit's run too (the run the Classic tab makes while open).
        let user = tree.assocs().iter().find(|a| a.is_user()).map(|a| a.id);
        if let Some(user) = user {
            let edited = ranked.with_usage(user, LongDouble::from_f64(3.0)).expect("a valid edit");
            let after = edited.classic_after(&run, &Params { damping_factor: damping, depth_oblivious });
            let orders = classic_beside_fair_tree(&edited, &after);
            let (_, fs) = after.values_held();
            let got: Vec<(usize, usize)> = orders.classic.iter().map(|p| (p.ix, p.place)).collect();
            prop_assert_eq!(got, by_definition(&edited, &fs));
        }
    }
}

/// The generated 10k tree's run after a usage edit estimates (and so decides its order from
/// the estimates): the path the Classic tab takes on every usage edit.
#[test]
fn a_usage_edit_on_a_generated_tree_estimates() {
    let tree = fairshare::r#gen::tree(10_000, 2026);
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let params = Params::default();
    let before = ranked.classic(&params);
    let user = tree
        .assocs()
        .iter()
        .filter(|a| a.is_user())
        .nth(500)
        .expect("users");
    let edited = ranked
        .with_usage(user.id, user.usage_raw.add(LongDouble::one()))
        .expect("a valid edit");
    let after = edited.classic_after(&before, &params);
    assert!(before.estimated() && after.estimated());
    let orders = classic_beside_fair_tree(&edited, &after);
    let (_, fs) = after.values_held();
    let got: Vec<(usize, usize)> = orders.classic.iter().map(|p| (p.ix, p.place)).collect();
    assert_eq!(got, by_definition(&edited, &fs));
}
