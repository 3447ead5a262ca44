//! `fairshare::calc`'s boundaries, on random trees built to contain ties (few distinct shares
//! and usages, FairShare=parent, zero shares and usage): at the returned value the order asked
//! for holds, one unit past it it does not, and a linear scan (brute force) finds the same value
//! on small trees.

use crate::common::trees;
use fairshare::calc::{self, NoAnswer, Target};
use fairshare::{AssocTree, Ranked, TieRule};
use proptest::prelude::*;

/// A random tree (node 0 the root; node i > 0 under an earlier account) with small whole
/// usages, so that boundaries are small enough to scan.
fn arb_tree(usages: &'static [f64]) -> impl Strategy<Value = AssocTree> {
    let node = (
        any::<prop::sample::Index>(),
        0u8..10,
        0u8..12,
        any::<prop::sample::Index>(),
    );
    prop::collection::vec(node, 2..30).prop_map(move |nodes| {
        let nodes = nodes
            .into_iter()
            .map(|(p, k, s, u)| (p, k, s, usages[u.index(usages.len())]));
        trees::with_ties(nodes, |i| format!("u{}", i % 5), false)
    })
}

const SMALL: &[f64] = &[0.0, 1.0, 2.0, 3.0, 5.0, 10.0];
const WIDE: &[f64] = &[0.0, 1.0, 3.0, 10.0, 0.5, 1e12, 12345.25];

fn users(r: &Ranked) -> Vec<usize> {
    (0..r.tree().len())
        .filter(|&i| r.tree().assocs()[i].is_user())
        .collect()
}

fn pick_target(r: &Ranked, user: usize, kind: u8, pick: prop::sample::Index) -> Target {
    let n = r.run().n_users();
    let us = users(r);
    match kind % 3 {
        0 => Target::Position(pick.index(n as usize) as u32 + 1),
        1 => Target::User(us[pick.index(us.len())]).clamp_self(user),
        _ => Target::FairShare(f64::from(pick.index(n as usize + 1) as u32) / f64::from(n)),
    }
}

trait ClampSelf {
    fn clamp_self(self, user: usize) -> Target;
}
impl ClampSelf for Target {
    fn clamp_self(self, user: usize) -> Target {
        match self {
            Target::User(v) if v == user => Target::Position(1),
            t => t,
        }
    }
}

fn not_below_at(r: &Ranked, user: usize, target: Target, d: u64) -> bool {
    calc::not_below(&calc::with_extra_usage(r, user, d).unwrap(), user, target)
}

fn above_with(r: &Ranked, user: usize, assoc: usize, target: Target, s: u32) -> bool {
    calc::above(&calc::with_shares(r, assoc, s).unwrap(), user, target)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn headroom_is_a_boundary(
        tree in arb_tree(WIDE),
        rule in prop::bool::ANY,
        user_pick in any::<prop::sample::Index>(),
        kind in 0u8..3,
        pick in any::<prop::sample::Index>(),
    ) {
        let rule = if rule { TieRule::Slurm } else { TieRule::Documented };
        let r = Ranked::new(&tree, rule);
        let us = users(&r);
        prop_assume!(!us.is_empty());
        let user = us[user_pick.index(us.len())];
        let target = pick_target(&r, user, kind, pick);
        match calc::usage_headroom(&r, user, target) {
            Ok(h) => {
                prop_assert!(not_below_at(&r, user, target, h.headroom));
                prop_assert!(!not_below_at(&r, user, target, h.headroom + 1));
                prop_assert_eq!(h.now, calc::standing(&r, user).unwrap());
            }
            Err(NoAnswer::AlreadyBelow) => prop_assert!(!calc::not_below(&r, user, target)),
            Err(NoAnswer::NeverBelow { .. }) => {
                prop_assert!(not_below_at(&r, user, target, 1 << 62));
            }
            Err(e) => prop_assert!(false, "unexpected {:?}", e),
        }
    }

    #[test]
    fn headroom_agrees_with_a_linear_scan(
        tree in arb_tree(SMALL),
        user_pick in any::<prop::sample::Index>(),
        kind in 0u8..3,
        pick in any::<prop::sample::Index>(),
    ) {
        let r = Ranked::new(&tree, TieRule::Slurm);
        let us = users(&r);
        prop_assume!(!us.is_empty());
        let user = us[user_pick.index(us.len())];
        let target = pick_target(&r, user, kind, pick);
        let first_fail = (0..=300u64).find(|&d| !not_below_at(&r, user, target, d));
        match calc::usage_headroom(&r, user, target) {
            Ok(h) if h.headroom < 300 => prop_assert_eq!(first_fail, Some(h.headroom + 1)),
            Ok(_) | Err(NoAnswer::NeverBelow { .. }) => prop_assert_eq!(first_fail, None),
            Err(NoAnswer::AlreadyBelow) => prop_assert_eq!(first_fail, Some(0)),
            Err(e) => prop_assert!(false, "unexpected {:?}", e),
        }
    }

    #[test]
    fn shares_needed_is_a_boundary_and_agrees_with_a_scan(
        tree in arb_tree(SMALL),
        user_pick in any::<prop::sample::Index>(),
        assoc_pick in any::<prop::sample::Index>(),
        kind in 0u8..3,
        pick in any::<prop::sample::Index>(),
    ) {
        let r = Ranked::new(&tree, TieRule::Slurm);
        let us = users(&r);
        prop_assume!(!us.is_empty());
        let user = us[user_pick.index(us.len())];
        // The user or one of its accounts below the root.
        let mut path = vec![user];
        let mut cur = user;
        while let Some(p) = r.hierarchy().parent(cur) {
            if p != r.hierarchy().root() {
                path.push(p);
            }
            cur = p;
        }
        let assoc = path[assoc_pick.index(path.len())];
        let target = pick_target(&r, user, kind, pick);
        match calc::shares_to_pass(&r, user, assoc, target) {
            Ok(s) => {
                prop_assert!(above_with(&r, user, assoc, target, s.needed));
                prop_assert!(!above_with(&r, user, assoc, target, s.needed - 1));
                prop_assert!(s.needed > s.shares_now);
                let scan = (s.shares_now..=s.shares_now + 200)
                    .find(|&k| above_with(&r, user, assoc, target, k));
                if s.needed <= s.shares_now + 200 {
                    prop_assert_eq!(scan, Some(s.needed));
                }
            }
            Err(NoAnswer::AlreadyAbove) => prop_assert!(calc::above(&r, user, target)),
            Err(NoAnswer::ParentShares) => {
                prop_assert!(r.tree().assocs()[assoc].shares.is_parent());
            }
            Err(NoAnswer::NotEnoughShares) => {
                let scan = (0..=200).any(|k| above_with(&r, user, assoc, target, k));
                prop_assert!(!scan);
            }
            Err(e) => prop_assert!(false, "unexpected {:?}", e),
        }
    }

    #[test]
    fn the_best_account_is_the_lowest_position_after_the_job(
        tree in arb_tree(SMALL),
        user_pick in any::<prop::sample::Index>(),
        job in 0u64..20,
    ) {
        let r = Ranked::new(&tree, TieRule::Slurm);
        let us = users(&r);
        prop_assume!(!us.is_empty());
        let user = us[user_pick.index(us.len())];
        let best = calc::best_account(&r, user, Some(job)).unwrap();
        prop_assert!(best.options.iter().any(|o| o.assoc == user));
        let b = best.best_option().after_job.unwrap().position;
        for o in &best.options {
            let after = calc::standing(&calc::with_extra_usage(&r, o.assoc, job).unwrap(), o.assoc);
            prop_assert_eq!(o.after_job, after);
            prop_assert!(b <= after.unwrap().position);
            prop_assert_eq!(&r.tree().assocs()[o.assoc].user, &r.tree().assocs()[user].user);
        }
    }
}
