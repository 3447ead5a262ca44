//! "Why is B above me?": the procedure of Slurm's Fair Tree page, as data.
//!
//! Walk up from both users to their first common ancestor in the fairshare tree (FairShare=parent
//! hoisting included). Below it, each user's path passes through one child. Those two siblings
//! were sorted against each other, and that comparison decided the two users' order:
//!
//! - a higher Level FS goes first, so every user under it comes before every user under the other;
//! - on equal Level FS a user goes before an account;
//! - on equal Level FS and the same kind, Slurm keeps its list (lineage) order, and the later one
//!   starts tied, which can make the two users share a rank.
//!
//! This module only reads a finished [`crate::FairTreeRun`]; it does not rank anything itself.

use std::fmt::Write as _;

use crate::Ranked;
use crate::fair_tree::TieRule;
use crate::format::grouped;
use crate::ld::LongDouble;
use crate::step::{OrderReason, Tie};
use crate::tree::{AssocId, AssocTree};

/// Why the two children below the common ancestor are in the order they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deciding {
    /// The first one's Level FS is higher.
    HigherLevelFs,
    /// Equal Level FS; the first one is a user and the other an account.
    UserBeforeAccount,
    /// Equal Level FS, same kind: Slurm's list order (users first, then byte order of names).
    ListOrder,
    /// Equal Level FS, both accounts, and the documented tie rule merged their children: the
    /// order comes from inside the merged list.
    MergedByDocumentedRule,
}

/// One side of a comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// The user association.
    pub user: AssocId,
    /// Its ancestor-or-self directly below the common ancestor (a position in the tree).
    pub child: usize,
    /// Whether `child` is the user itself (the user sits directly below the common ancestor), so
    /// the comparison is about that one user rather than every user under an account.
    pub user_is_child: bool,
    /// That child's Level FS as displayed (`None` for a FairShare=parent account).
    pub child_level_fs: Option<LongDouble>,
    /// Whether that child is FairShare=parent (Level FS forced to +∞ for a user, `NO_VAL` for an
    /// account).
    pub child_is_parent_shares: bool,
    /// The user's rank.
    pub rank: u32,
}

/// The answer to "why is `first.user` above (or level with) `second.user`?".
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The first common ancestor in the fairshare tree.
    pub common_ancestor: usize,
    /// The side visited first (its user ranks higher, or the same on a tie).
    pub first: Side,
    /// The side visited second.
    pub second: Side,
    /// What ordered the two children.
    pub deciding: Deciding,
    /// Whether the two users ended with the same rank.
    pub same_rank: bool,
    /// Why the second user reused a rank, if it did.
    pub second_tie: Option<Tie>,
    /// N.
    pub n_users: u32,
}

/// Why two associations cannot be compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplainError {
    /// The association is not a user association.
    NotAUser(usize),
    /// The two are the same association.
    Same,
}

impl std::fmt::Display for ExplainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExplainError::NotAUser(_) => f.write_str("only user associations have a rank"),
            ExplainError::Same => f.write_str("that is the same association"),
        }
    }
}

impl std::error::Error for ExplainError {}

/// Explains the order of user associations `a` and `b` (positions in the ranked tree).
pub fn explain(ranked: &Ranked, a: usize, b: usize) -> Result<Explanation, ExplainError> {
    let (tree, h, run) = (ranked.tree(), ranked.hierarchy(), ranked.run());
    for x in [a, b] {
        if !h.is_user.get(x).copied().unwrap_or(false) {
            return Err(ExplainError::NotAUser(x));
        }
    }
    if a == b {
        return Err(ExplainError::Same);
    }
    // Paths from the root down, in the fairshare tree.
    let path = |x: usize| {
        let mut p: Vec<usize> = std::iter::once(x).chain(h.fs_ancestors(x)).collect();
        p.reverse();
        p
    };
    let (pa, pb) = (path(a), path(b));
    let common_len = pa.iter().zip(&pb).take_while(|(x, y)| x == y).count();
    // Both paths start at the root and the users differ, so 1 ≤ common_len < both lengths.
    let ancestor = pa[common_len - 1];
    let (ca, cb) = (pa[common_len], pb[common_len]);
    let order = &run.sorted_children[ancestor];
    let pos = |c: usize| order.iter().position(|&x| x == c).unwrap_or(usize::MAX);
    let a_first =
        pos(ca) < pos(cb) || (pos(ca) == pos(cb) && run.assocs[a].visit < run.assocs[b].visit);
    let (first_user, second_user) = if a_first { (a, b) } else { (b, a) };
    let (c1, c2) = if a_first { (ca, cb) } else { (cb, ca) };
    let side = |user: usize, child: usize| Side {
        user: tree.assocs()[user].id,
        child,
        user_is_child: child == user,
        child_level_fs: run.assocs[child].level_fs,
        child_is_parent_shares: h.is_parent_shares[child],
        rank: run.assocs[user].rank.unwrap_or(0),
    };
    let (k1, k2) = (run.assocs[c1].level_fs_key, run.assocs[c2].level_fs_key);
    let deciding = if k1 != k2 {
        Deciding::HigherLevelFs
    } else if h.is_user[c1] != h.is_user[c2] {
        Deciding::UserBeforeAccount
    } else if run.tie_rule == TieRule::Documented && !h.is_user[c1] {
        Deciding::MergedByDocumentedRule
    } else {
        Deciding::ListOrder
    };
    let first = side(first_user, c1);
    let second = side(second_user, c2);
    Ok(Explanation {
        common_ancestor: ancestor,
        same_rank: first.rank == second.rank,
        second_tie: run.assocs[second_user].tie,
        first,
        second,
        deciding,
        n_users: run.n_users,
    })
}

impl From<OrderReason> for Deciding {
    fn from(r: OrderReason) -> Deciding {
        match r {
            OrderReason::HigherLevelFs => Deciding::HigherLevelFs,
            OrderReason::UserBeforeAccount => Deciding::UserBeforeAccount,
            OrderReason::ListOrder => Deciding::ListOrder,
        }
    }
}

fn level_fs_text(side: &Side) -> String {
    match side.child_level_fs {
        _ if side.child_is_parent_shares => "parent".to_string(),
        Some(lf) if lf.is_infinite() => "inf".to_string(),
        Some(lf) => crate::format::fixed(lf.to_f64(), 6),
        None => "unset".to_string(),
    }
}

impl Explanation {
    /// A side's place in the ranking counted from the top (1 = first served), as
    /// `FairTreeRun::position` reads Slurm's rank.
    pub fn position(&self, side: &Side) -> u32 {
        self.n_users.saturating_sub(side.rank).saturating_add(1)
    }

    /// The explanation in one or two plain English sentences (the app translates from the data;
    /// this is for the CLI and tests).
    pub fn sentence(&self, tree: &AssocTree) -> String {
        let label = |a: &crate::tree::Assoc| match &a.user {
            Some(u) => format!("{u} (in {})", a.account),
            None => a.account.to_string(),
        };
        let name = |ix: usize| tree.assocs().get(ix).map(label).unwrap_or_default();
        let user = |id: AssocId| tree.get(id).map(label).unwrap_or_default();
        let (f, s) = (&self.first, &self.second);
        let under = name(self.common_ancestor);
        let group = |side: &Side| {
            if side.user_is_child {
                user(side.user)
            } else {
                format!("every user under {}", name(side.child))
            }
        };
        let mut out = String::new();
        match self.deciding {
            Deciding::HigherLevelFs => {
                let _ = write!(
                    out,
                    "Under {under}, {} has Level FS {} and {} has Level FS {}: higher goes first, so {} comes before {}.",
                    name(f.child),
                    level_fs_text(f),
                    name(s.child),
                    level_fs_text(s),
                    group(f),
                    group(s),
                );
            }
            Deciding::UserBeforeAccount => {
                let _ = write!(
                    out,
                    "Under {under}, {} and {} have the same Level FS ({}); Slurm puts users before accounts, so {} comes first.",
                    name(f.child),
                    name(s.child),
                    level_fs_text(f),
                    name(f.child),
                );
            }
            Deciding::ListOrder => {
                let _ = write!(
                    out,
                    "Under {under}, {} and {} have exactly the same Level FS ({}); Slurm keeps its list order (users first, then names in byte order), so {} is visited first.",
                    name(f.child),
                    name(s.child),
                    level_fs_text(f),
                    name(f.child),
                );
            }
            Deciding::MergedByDocumentedRule => {
                let _ = write!(
                    out,
                    "Under {under}, accounts {} and {} have the same Level FS ({}); under the documented tie rule their users are merged and sorted together.",
                    name(f.child),
                    name(s.child),
                    level_fs_text(f),
                );
            }
        }
        if self.same_rank {
            let why = match self.second_tie {
                Some(Tie::CarriedIntoAccount { account })
                    if !s.user_is_child && self.deciding == Deciding::UserBeforeAccount =>
                {
                    format!(
                        "{} ties with the user before it, so its first user, {}, shares that \
                         user's position (as Slurm's documentation says)",
                        name(account),
                        user(s.user)
                    )
                }
                Some(Tie::CarriedIntoAccount { account }) if !s.user_is_child => format!(
                    "{} ties with the account before it; Slurm does not merge tied accounts \
                     (its documentation says it does), it visits them one after another and \
                     the later one's first user, {}, reuses the last position given",
                    name(account),
                    user(s.user)
                ),
                Some(Tie::CarriedIntoAccount { account }) => format!(
                    "{} is the first entry of {}, which was entered tied",
                    user(s.user),
                    name(account)
                ),
                _ => format!(
                    "{} has exactly the same Level FS as the entry before it",
                    user(s.user)
                ),
            };
            let _ = write!(
                out,
                " Both share position {} of {} (Slurm rank {}): {why}.",
                grouped(self.position(f).into()),
                grouped(self.n_users.into()),
                grouped(f.rank.into())
            );
        } else {
            let _ = write!(
                out,
                " {} is at position {} of {}; {} at position {}.",
                user(f.user),
                grouped(self.position(f).into()),
                grouped(self.n_users.into()),
                user(s.user),
                grouped(self.position(s).into())
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario;

    const TREE: &str = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "physics", "user": null, "shares": 1},
      {"id": 21, "parent": 2, "account": "physics", "user": "alice", "shares": 1, "usage_raw": 10},
      {"id": 22, "parent": 2, "account": "physics", "user": "bob", "shares": 1, "usage_raw": 90},
      {"id": 3, "parent": 1, "account": "chemistry", "user": null, "shares": 1},
      {"id": 31, "parent": 3, "account": "chemistry", "user": "carol", "shares": 1, "usage_raw": 30}
    ]}"#;

    #[test]
    fn explains_at_the_first_common_ancestor() {
        let s = scenario::parse(TREE).0.unwrap();
        let ranked = Ranked::new(&s.tree, TieRule::Slurm);
        let ix = |id: u32| s.tree.position(crate::AssocId(id)).unwrap();
        let e = explain(&ranked, ix(21), ix(31)).unwrap();
        assert_eq!(e.common_ancestor, ix(1));
        assert_eq!((e.first.user, e.first.child), (AssocId(31), ix(3)));
        assert_eq!((e.second.user, e.second.child), (AssocId(21), ix(2)));
        assert_eq!(e.deciding, Deciding::HigherLevelFs);
        expect_test::expect!["Under root, chemistry has Level FS 2.166667 and physics has Level FS 0.650000: higher goes first, so every user under chemistry comes before every user under physics. carol (in chemistry) is at position 1 of 3; alice (in physics) at position 2."]
        .assert_eq(&e.sentence(&s.tree));
        let within = explain(&ranked, ix(22), ix(21)).unwrap();
        assert_eq!(within.common_ancestor, ix(2));
        assert_eq!(within.first.user, AssocId(21));
        assert!(within.first.user_is_child && !e.first.user_is_child);
        assert_eq!(
            explain(&ranked, ix(2), ix(21)),
            Err(ExplainError::NotAUser(ix(2)))
        );
    }

    /// Positions and N from 1,000 on read grouped, as everywhere else (`format::grouped`).
    #[test]
    fn large_positions_are_grouped() {
        let tree = crate::r#gen::tree(3_000, 7);
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let run = ranked.run();
        let users: Vec<usize> = (0..tree.len())
            .filter(|&ix| tree.assocs()[ix].is_user())
            .collect();
        let last = *users.iter().max_by_key(|&&ix| run.position(ix)).unwrap();
        let e = explain(&ranked, users[0], last).unwrap();
        let n = run.n_users();
        assert!(n >= 1_000, "{n}");
        let text = e.sentence(&tree);
        assert!(
            text.contains(&format!(" of {}", grouped(n.into()))),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(" at position {}.", grouped(n.into()))) || e.same_rank,
            "{text}"
        );
    }
}
