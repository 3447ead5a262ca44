//! Properties that must hold for every tree, checked on random trees built to contain ties:
//! few distinct shares and usage values, FairShare=parent accounts and users, zero shares,
//! zero usage, empty accounts.

use crate::common;

use common::trees;
use fairshare::Ranked;
use fairshare::step::{Frame, NodeStatus};
use fairshare::{
    AssocTree, Hierarchy, LongDouble, Params, Scenario, Shares, TieRule, classic, fair_tree,
    scenario,
};
use proptest::prelude::*;

/// A random tree: node 0 is the root; node i > 0 hangs under an earlier account.
fn arb_tree() -> impl Strategy<Value = AssocTree> {
    let node = (any::<prop::sample::Index>(), 0u8..10, 0u8..12, 0usize..8);
    prop::collection::vec(node, 1..40).prop_map(|nodes| {
        let usages = [0.0, 1.0, 2.0, 3.0, 5.0, 10.0, 0.5, 1e12];
        let nodes = nodes.into_iter().map(|(p, k, s, u)| (p, k, s, usages[u]));
        trees::with_ties(nodes, |i| format!("u{i}"), true)
    })
}

fn users_under(h: &Hierarchy, ix: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack = vec![ix];
    while let Some(x) = stack.pop() {
        if h.is_user(x) {
            out.push(x);
        }
        stack.extend(h.fs_children(x));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn fairshare_is_rank_over_n_and_in_unit_interval(tree in arb_tree()) {
        for rule in [TieRule::Slurm, TieRule::Documented] {
            let ranked = Ranked::new(&tree, rule);
            let (h, run) = (ranked.hierarchy(), ranked.run());
            let n = h.n_users();
            for (ix, a) in run.assocs().iter().enumerate() {
                if h.is_user(ix) {
                    let rank = a.rank.expect("every user is ranked");
                    let fs = a.fairshare.expect("every user has a FairShare");
                    prop_assert!(rank >= 1 && rank <= n);
                    prop_assert!(fs > 0.0 && fs <= 1.0);
                    prop_assert_eq!(fs, f64::from(rank) / f64::from(n));
                } else {
                    prop_assert!(a.rank.is_none() && a.fairshare.is_none());
                }
            }
            // Competition ranking along the walk: the k-th user reached gets N − k unless tied,
            // and a tied user repeats the previous rank.
            let users: Vec<usize> = run.visit_order().iter().copied().filter(|&x| h.is_user(x)).collect();
            prop_assert_eq!(users.len() as u32, n);
            for (k, &u) in users.iter().enumerate() {
                let rank = run.assocs()[u].rank.unwrap();
                match run.assocs()[u].tie {
                    None => prop_assert_eq!(rank, n - k as u32),
                    Some(_) if k > 0 => prop_assert_eq!(rank, run.assocs()[users[k - 1]].rank.unwrap()),
                    Some(_) => prop_assert_eq!(rank, n),
                }
            }
        }
    }

    #[test]
    fn a_higher_level_fs_ranks_every_user_below_it_higher(tree in arb_tree()) {
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let (h, run) = (ranked.hierarchy(), ranked.run());
        for order in run.sorted_children() {
            for w in order.windows(2) {
                let (x, y) = (w[0], w[1]);
                prop_assert!(run.assocs()[x].level_fs_key >= run.assocs()[y].level_fs_key, "sorted descending");
                if run.assocs()[x].level_fs_key > run.assocs()[y].level_fs_key {
                    let low_x = users_under(h, x).iter().filter_map(|&u| run.assocs()[u].rank).min();
                    let high_y = users_under(h, y).iter().filter_map(|&u| run.assocs()[u].rank).max();
                    if let (Some(lx), Some(hy)) = (low_x, high_y) {
                        prop_assert!(lx >= hy, "users under the higher sibling rank at least as high");
                    }
                }
            }
        }
    }

    #[test]
    fn replaying_the_trace_gives_the_results(tree in arb_tree(), cut in any::<prop::sample::Index>(), documented in any::<bool>()) {
        let rule = if documented { TieRule::Documented } else { TieRule::Slurm };
        let ranked = Ranked::new(&tree, rule);
        let (h, run) = (ranked.hierarchy(), ranked.run());
        let end = Frame::at(run.steps(), run.steps().len());
        prop_assert_eq!(end.n_users, run.n_users());
        for (ix, a) in run.assocs().iter().enumerate() {
            prop_assert_eq!(end.rank_of[ix], a.rank);
            if h.is_user(ix) {
                prop_assert_eq!(end.status[ix], NodeStatus::Ranked);
                let fairshare = end.rank_of[ix].map(|r| f64::from(r) / f64::from(end.n_users));
                prop_assert_eq!(fairshare, a.fairshare);
            } else if a.visit.is_some() {
                prop_assert_eq!(end.status[ix], NodeStatus::Done);
            }
        }
        prop_assert!(end.path.is_empty(), "every account entered is left");
        // Frames are pure and grow monotonically: ranks given by step k stay given afterwards.
        let k = cut.index(run.steps().len() + 1);
        let f1 = Frame::at(run.steps(), k);
        prop_assert_eq!(&f1, &Frame::at(run.steps(), k));
        for (ix, r) in f1.rank_of.iter().enumerate() {
            if r.is_some() {
                prop_assert_eq!(*r, end.rank_of[ix]);
            }
        }
    }

    #[test]
    fn scaling_one_sibling_groups_shares_changes_nothing(tree in arb_tree(), pick in any::<prop::sample::Index>(), factor in 2u32..8) {
        let h = Hierarchy::new(&tree);
        let groups: Vec<usize> = (0..h.len()).filter(|&p| h.fs_children(p).len() > 0).collect();
        let group = groups[pick.index(groups.len())];
        let mut scaled = tree.clone();
        for c in h.fs_children(group) {
            let a = &tree.assocs()[c];
            if let Shares::Value(v) = a.shares {
                scaled = scaled.with_shares(a.id, Shares::Value(v * factor)).unwrap();
            }
        }
        let before = fair_tree::run(&tree);
        let after = fair_tree::run(&scaled);
        for (b, a) in before.assocs().iter().zip(after.assocs()) {
            prop_assert_eq!(b.rank, a.rank);
            prop_assert_eq!(b.level_fs, a.level_fs);
            prop_assert_eq!(b.shares_norm, a.shares_norm);
        }
    }

    #[test]
    fn input_order_does_not_matter(tree in arb_tree(), seed in any::<u64>()) {
        let mut assocs = tree.assocs().to_vec();
        // A deterministic shuffle from the seed.
        let mut state = seed | 1;
        for i in (1..assocs.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            assocs.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let shuffled = AssocTree::new(assocs).unwrap();
        let (r1, r2) = (fair_tree::run(&tree), fair_tree::run(&shuffled));
        for a in tree.assocs() {
            let (i1, i2) = (tree.position(a.id).unwrap(), shuffled.position(a.id).unwrap());
            prop_assert_eq!(r1.assocs()[i1].rank, r2.assocs()[i2].rank);
            prop_assert_eq!(r1.assocs()[i1].level_fs, r2.assocs()[i2].level_fs);
        }
    }

    #[test]
    fn classic_fairshare_is_in_unit_interval(tree in arb_tree(), damping in 1u16..5, depth_oblivious in any::<bool>()) {
        let run = classic::run(&tree, &Params { damping_factor: damping, depth_oblivious });
        for a in &run.assocs()[1..] {
            let f = a.fairshare.unwrap();
            prop_assert!((0.0..=1.0).contains(&f), "F = {}", f);
        }
    }

    /// The classic run's one pass over every association (a plan of rules decided per shape
    /// and shares) is the per-association formulas, bit for bit, UE and F, from scratch and
    /// carried over a usage edit (the Classic tab's edit path), FairShare=parent, zero shares
    /// and every damping factor included.
    #[test]
    fn the_classic_pass_is_the_per_association_formulas(tree in arb_tree(), damping in 1u16..5, pick in any::<prop::sample::Index>(), usage in 0usize..4) {
        let params = Params { damping_factor: damping, depth_oblivious: false };
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let run = ranked.classic(&params);
        let bits = |(ue, fs): (Vec<LongDouble>, Vec<f64>)| {
            (ue.iter().map(|x| x.to_bits()).collect::<Vec<_>>(), fs.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
        };
        prop_assert_eq!(bits(run.values_held()), bits(run.values_by_formula()));
        // S of a product association: its factors multiplied from it up, 0 once a level sum is 0.
        for (ix, a) in run.assocs().iter().enumerate() {
            if a.shares_rule == classic::SharesRule::Product {
                let mut s = 1.0f64;
                for f in classic::share_factors(ranked.hierarchy(), ix) {
                    if f.level_shares == 0 {
                        s = 0.0;
                    } else if s != 0.0 {
                        s *= f64::from(f.shares) / f64::from(f.level_shares);
                    }
                }
                prop_assert_eq!(a.shares_norm.to_bits(), s.to_bits(), "S of {}", ix);
            }
        }
        let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
        if !users.is_empty() {
            let user = users[pick.index(users.len())];
            let value = [0.0, 1.0, 7.5, 1e12][usage];
            if let Ok(edited) = ranked.with_usage(user.id, LongDouble::from_f64(value)) {
                let after = edited.classic_after(&run, &params);
                prop_assert_eq!(bits(after.values_held()), bits(after.values_by_formula()));
            }
        }
    }

    /// The engine's two orders are their definition: the users sorted (stably, from the list
    /// order) by F, highest first, and by Fair Tree rank, highest first, then visiting order;
    /// each user's place is 1 + the number of users strictly ahead of it (ties share a place).
    #[test]
    fn classic_beside_fair_tree_is_its_definition(tree in arb_tree(), damping in 1u16..5, depth_oblivious in any::<bool>(), documented in any::<bool>()) {
        let rule = if documented { TieRule::Documented } else { TieRule::Slurm };
        let ranked = Ranked::new(&tree, rule);
        let cl = ranked.classic(&Params { damping_factor: damping, depth_oblivious });
        let got = fairshare::orders::classic_beside_fair_tree(&ranked, &cl);
        let (h, ft) = (ranked.hierarchy(), ranked.run());
        let users: Vec<usize> = h.list_order().iter().copied().filter(|&ix| h.is_user(ix)).collect();
        let f = |ix: usize| cl.assocs()[ix].fairshare.unwrap_or(0.0);
        let rank = |ix: usize| ft.assocs()[ix].rank.unwrap_or(0);
        let mut by_f = users.clone();
        by_f.sort_by(|&a, &b| f(b).total_cmp(&f(a)));
        let mut by_rank = users.clone();
        by_rank.sort_by(|&a, &b| rank(b).cmp(&rank(a)).then(ft.assocs()[a].visit.cmp(&ft.assocs()[b].visit)));
        let classic_place = |ix: usize| 1 + users.iter().filter(|&&v| f(v) > f(ix)).count();
        let ft_place = |ix: usize| 1 + users.iter().filter(|&&v| rank(v) > rank(ix)).count();
        prop_assert_eq!(got.classic.iter().map(|p| p.ix).collect::<Vec<_>>(), by_f);
        prop_assert_eq!(got.fair_tree.iter().map(|p| p.ix).collect::<Vec<_>>(), by_rank);
        for p in &got.classic {
            prop_assert_eq!((p.place, p.other_place), (classic_place(p.ix), ft_place(p.ix)));
        }
        for p in &got.fair_tree {
            prop_assert_eq!((p.place, p.other_place), (ft_place(p.ix), classic_place(p.ix)));
        }
        prop_assert_eq!(got.n_differ(), users.iter().filter(|&&u| classic_place(u) != ft_place(u)).count());
    }

    #[test]
    fn scenario_json_round_trips(tree in arb_tree(), damping in 1u16..100) {
        let s = Scenario { name: "t".into(), algorithm: fairshare::Algorithm::Classic, params: Params { damping_factor: damping, depth_oblivious: false }, tree };
        let (back, diags) = scenario::parse(&scenario::to_json(&s));
        prop_assert!(diags.is_empty(), "{:?}", diags);
        prop_assert_eq!(back, Some(s));
    }

    #[test]
    fn the_scenario_parser_never_panics(text in ".{0,400}") {
        let _ = scenario::parse(&text);
    }
}
