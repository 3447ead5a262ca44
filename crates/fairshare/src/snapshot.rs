//! Two snapshots of one cluster (yesterday's `sshare` and today's), matched by name: who was
//! added or removed, who moved, and why.
//!
//! Ids in an imported snapshot are only the order of its rows, so two snapshots are matched by
//! name, never by id or row order ([`match_trees`]):
//!
//! - the root matches the root;
//! - an account whose name is used by exactly one account in each snapshot matches that
//!   account, wherever it hangs (Slurm's account names are unique, so a parent renamed or an
//!   account moved keeps its subtree matched; [`Matching::reparented`] lists those);
//! - any other account, and every user association, matches by its matched parent and its names
//!   (account, user, partition): its account path.
//!
//! [`compare`] then numbers the *before* tree with the *after* tree's ids (fresh ids, from the
//! top of the id range down, for associations that are gone) and hands both to
//! [`crate::diff::run_diff`], so the moves, positions and deciding levels are exactly the what-if
//! diff's. Positions are unchanged by the renumbering (ids do not take part in ranking).
//!
//! [`why`] splits the deciding level's crossing into the parts of the change in log Level FS of
//! both siblings (LF = S / U, S = shares / level shares, U = usage / parent usage):
//!
//! Δ ln LF = Δ ln shares − Δ ln level shares − Δ ln usage + Δ ln parent usage
//!
//! (own shares, siblings' total shares, own usage, the siblings' total usage: decay scales every
//! usage alike, so it moves the last two by the same amount and cancels in a comparison).
//!
//! Cost: O(n) hashing for the match, one renumbered tree (O(n log n), as any tree) and one
//! Fair Tree run of it; nothing recurses per tree level.

use std::collections::{HashMap, HashSet};

use crate::diff::{LfChange, Moved, Reason, RunDiff, reason_for, run_diff};
use crate::tree::{Assoc, AssocId, AssocKind, AssocTree};
use crate::{LongDouble, Ranked, TieRule};

/// How the associations of two snapshots correspond.
#[derive(Clone, Debug, PartialEq)]
pub struct Matching {
    /// Per position in the after tree, the matched position in the before tree.
    before_of: Vec<Option<usize>>,
    /// Per position in the before tree, the matched position in the after tree.
    after_of: Vec<Option<usize>>,
    /// The before tree, its associations numbered with the after tree's ids (same positions).
    renumbered: AssocTree,
}

/// What an association is matched by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key<'a> {
    Root,
    /// An account name used once in each snapshot.
    Account(&'a str),
    /// Names under a matched parent (its position in the after tree).
    Child {
        parent: usize,
        account: &'a str,
        user: Option<&'a str>,
        partition: Option<&'a str>,
    },
}

/// Positions parents first (breadth-first from the root), without recursion.
fn top_down(tree: &AssocTree) -> Vec<usize> {
    let n = tree.len();
    let mut first_child = vec![usize::MAX; n];
    let mut next_sibling = vec![usize::MAX; n];
    let mut root = None;
    for ix in (0..n).rev() {
        match tree.parent_position(ix) {
            Some(p) if p < n => {
                next_sibling[ix] = first_child[p];
                first_child[p] = ix;
            }
            _ => root = Some(ix),
        }
    }
    let mut order = Vec::with_capacity(n);
    order.extend(root);
    let mut i = 0;
    while let Some(&ix) = order.get(i) {
        let mut c = first_child[ix];
        while c != usize::MAX {
            order.push(c);
            c = next_sibling[c];
        }
        i += 1;
    }
    order
}

/// Accounts (not the root) per name.
fn account_counts(tree: &AssocTree) -> HashMap<&str, u32> {
    let mut counts = HashMap::new();
    for a in tree.assocs() {
        if a.kind() == AssocKind::Account {
            *counts.entry(a.account.as_str()).or_insert(0) += 1;
        }
    }
    counts
}

/// The key of `a`, whose parent is at `parent` in the after tree (`None`: unmatched parent).
fn key<'a>(a: &'a Assoc, parent: Option<Option<usize>>, unique: &HashSet<&str>) -> Option<Key<'a>> {
    match a.kind() {
        AssocKind::Root => Some(Key::Root),
        AssocKind::Account if unique.contains(a.account.as_str()) => Some(Key::Account(&a.account)),
        _ => Some(Key::Child {
            parent: parent.flatten()?,
            account: &a.account,
            user: a.user.as_deref(),
            partition: a.partition.as_deref(),
        }),
    }
}

/// Matches the associations of `before` with those of `after` by name (see the module doc).
/// Where one snapshot holds two associations with the same names, the first in top-down order
/// is matched and the others count as added or removed. O(n) expected.
pub fn match_trees(before: &AssocTree, after: &AssocTree) -> Matching {
    let (bc, ac) = (account_counts(before), account_counts(after));
    #[expect(
        clippy::disallowed_methods,
        reason = "collected into a set: the same set in any order"
    )]
    let unique: HashSet<&str> = ac
        .iter()
        .filter(|&(name, &count)| count == 1 && bc.get(name) == Some(&1))
        .map(|(&name, _)| name)
        .collect();
    let mut keys: HashMap<Key, usize> = HashMap::with_capacity(after.len());
    for ix in top_down(after) {
        let a = &after.assocs()[ix];
        if let Some(k) = key(a, Some(after.parent_position(ix)), &unique) {
            keys.entry(k).or_insert(ix);
        }
    }
    let mut before_of = vec![None; after.len()];
    let mut after_of: Vec<Option<usize>> = vec![None; before.len()];
    for ix in top_down(before) {
        let a = &before.assocs()[ix];
        let parent = before.parent_position(ix).map(|p| after_of[p]);
        let found = key(a, parent, &unique).and_then(|k| keys.get(&k).copied());
        if let Some(m) = found.filter(|&m| before_of[m].is_none()) {
            before_of[m] = Some(ix);
            after_of[ix] = Some(m);
        }
    }
    let renumbered = renumber(before, after, &after_of);
    Matching {
        before_of,
        after_of,
        renumbered,
    }
}

/// `before` with the ids of its matched associations taken from `after`, and fresh ids (from
/// `u32::MAX` down, none used in `after`) for the others; the same positions.
fn renumber(before: &AssocTree, after: &AssocTree, after_of: &[Option<usize>]) -> AssocTree {
    let used: HashSet<AssocId> = after.assocs().iter().map(|a| a.id).collect();
    let mut fresh = u32::MAX;
    let mut ids: HashMap<AssocId, AssocId> = HashMap::with_capacity(before.len());
    for (ix, a) in before.assocs().iter().enumerate() {
        let id = match after_of[ix].and_then(|m| after.assocs().get(m)) {
            Some(m) => m.id,
            None => {
                while used.contains(&AssocId(fresh)) {
                    fresh -= 1;
                }
                fresh -= 1;
                AssocId(fresh + 1)
            }
        };
        ids.insert(a.id, id);
    }
    let assocs: Vec<Assoc> = before
        .assocs()
        .iter()
        .map(|a| Assoc {
            id: ids[&a.id],
            parent: a.parent.map(|p| ids.get(&p).copied().unwrap_or(p)),
            ..a.clone()
        })
        .collect();
    // The same structure with distinct ids (each after id is taken once, fresh ids are unused
    // and distinct): always valid. The fallback only guards the invariant.
    AssocTree::new(assocs).unwrap_or_else(|_| before.clone())
}

impl Matching {
    /// The before position matched with after position `ix`.
    pub fn before_of(&self, ix: usize) -> Option<usize> {
        self.before_of.get(ix).copied().flatten()
    }

    /// The after position matched with before position `ix`.
    pub fn after_of(&self, ix: usize) -> Option<usize> {
        self.after_of.get(ix).copied().flatten()
    }

    /// The before tree numbered with the after tree's ids (positions unchanged).
    pub fn renumbered(&self) -> &AssocTree {
        &self.renumbered
    }

    /// After positions with no match in the before tree (users and accounts), in row order.
    pub fn added(&self) -> Vec<usize> {
        (0..self.before_of.len())
            .filter(|&ix| self.before_of[ix].is_none())
            .collect()
    }

    /// Before positions with no match in the after tree, in row order.
    pub fn removed(&self) -> Vec<usize> {
        (0..self.after_of.len())
            .filter(|&ix| self.after_of[ix].is_none())
            .collect()
    }

    /// Matched accounts whose parent changed (renamed, or moved to another account): pairs of
    /// (before position, after position).
    pub fn reparented(&self, before: &AssocTree, after: &AssocTree) -> Vec<(usize, usize)> {
        self.after_of
            .iter()
            .enumerate()
            .filter_map(|(b, &a)| Some((b, a?)))
            .filter(|&(b, a)| {
                let (bp, ap) = (before.parent_position(b), after.parent_position(a));
                bp.map(|p| self.after_of(p)) != ap.map(Some)
            })
            .collect()
    }
}

/// Two snapshots compared: the matching, the before snapshot ranked (renumbered, Slurm's tie
/// rule) and the diff of the after run against it.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// How the associations correspond.
    pub matching: Matching,
    /// The before snapshot, ranked (its tree is [`Matching::renumbered`]).
    pub before: Ranked,
    /// Who moved (positions in the after tree), largest move first; the first `explained` with
    /// a reason.
    pub diff: RunDiff,
}

impl Comparison {
    /// The before position (1 = first served) of the user at after position `ix`; `None` if it
    /// was not there.
    pub fn position_before(&self, after: &Ranked, ix: usize) -> Option<u32> {
        position_before(&self.before, after, ix)
    }
}

/// The position in `before` (a before snapshot numbered with `after`'s ids, as
/// [`Comparison::before`]) of the user at position `ix` of `after`; `None` if it was not there.
/// Read by id, so it stays right while `after` is edited (edits keep ids).
pub fn position_before(before: &Ranked, after: &Ranked, ix: usize) -> Option<u32> {
    let id = after.tree().assocs().get(ix)?.id;
    before.run().position(before.tree().position(id)?)
}

/// Compares the before snapshot `before` with the ranked after snapshot: matching by name, then
/// [`run_diff`] with the first `explained` movers given a reason.
pub fn compare(before: &AssocTree, after: &Ranked, explained: usize) -> Comparison {
    let matching = match_trees(before, after.tree());
    let before = Ranked::new(matching.renumbered(), TieRule::Slurm);
    let diff = run_diff(&before, after, explained);
    Comparison {
        matching,
        before,
        diff,
    }
}

/// The parts of a change in ln Level FS (natural logarithms; each is the part's share of
/// ln(LF after / LF before)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LfParts {
    /// −Δ ln usage: own usage rising lowers Level FS.
    pub own_usage: f64,
    /// +Δ ln parent usage: the siblings' total usage (own included) rising, or decaying,
    /// moves every sibling's Level FS alike.
    pub siblings_usage: f64,
    /// +Δ ln shares.
    pub own_shares: f64,
    /// −Δ ln level shares (the siblings' total shares, own included).
    pub siblings_shares: f64,
}

impl LfParts {
    /// The sum: Δ ln Level FS.
    pub fn total(&self) -> f64 {
        self.own_usage + self.siblings_usage + self.own_shares + self.siblings_shares
    }
}

/// One side of a crossing, before and after (`.0` before, `.1` after).
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    /// Its position in the after tree.
    pub ix: usize,
    /// Its usage (an account's: its users' sum and its retained usage).
    pub usage: (LongDouble, LongDouble),
    /// Its fairshare parent's usage (the siblings' total).
    pub parent_usage: (LongDouble, LongDouble),
    /// Its raw shares.
    pub shares: (u32, u32),
    /// The level shares (the siblings' total shares).
    pub level_shares: (u32, u32),
    /// Level FS.
    pub level_fs: LfChange,
    /// The parts of Δ ln Level FS; `None` where a value is zero (no usage: Level FS is
    /// infinite; no shares: zero), or FairShare=parent, so no logarithm exists.
    pub parts: Option<LfParts>,
}

impl Side {
    /// Its usage after ÷ before, minus 1 (0.38: rose 38 %); `None` when it had none before.
    pub fn usage_change(&self) -> Option<f64> {
        ratio(self.usage).map(|r| r - 1.0)
    }

    /// The siblings' total usage after ÷ before, minus 1.
    pub fn parent_usage_change(&self) -> Option<f64> {
        ratio(self.parent_usage).map(|r| r - 1.0)
    }

    /// Usage after − before (TRES-seconds), as a double.
    pub fn usage_delta(&self) -> f64 {
        self.usage.1.to_f64() - self.usage.0.to_f64()
    }
}

fn ratio((old, new): (LongDouble, LongDouble)) -> Option<f64> {
    let (old, new) = (old.to_f64(), new.to_f64());
    (old > 0.0 && old.is_finite() && new.is_finite()).then(|| new / old)
}

/// Why a user moved, at the deciding level: who passed whom, each side's change split into
/// its parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Why {
    /// The common parent (after position).
    pub parent: usize,
    /// The sibling served first now (after position), with its change.
    pub ahead: Side,
    /// The sibling it passed (or that fell behind it).
    pub behind: Side,
    /// Whether the user's own side (its ancestor-or-self) is `ahead`.
    pub user_ahead: bool,
}

fn side(before: &Ranked, after: &Ranked, ix: usize) -> Option<Side> {
    let b = before.tree().position(after.tree().assocs().get(ix)?.id)?;
    let (bh, ah) = (before.hierarchy(), after.hierarchy());
    let pu = |h: &crate::Hierarchy, i: usize| h.usage_raw(h.fs_parent(i).unwrap_or(i));
    let usage = (bh.usage_raw(b), ah.usage_raw(ix));
    let parent_usage = (pu(bh, b), pu(ah, ix));
    let shares = (bh.shares_raw(b), ah.shares_raw(ix));
    let level_shares = (bh.level_shares(b), ah.level_shares(ix));
    let level_fs = (
        before.run().assocs.get(b)?.level_fs,
        after.run().assocs.get(ix)?.level_fs,
    );
    let parent_raw = crate::tree::SHARES_PARENT_RAW;
    let ln = |x: f64| (x > 0.0 && x.is_finite()).then(|| x.ln());
    let d = |(old, new): (f64, f64)| Some(ln(new)? - ln(old)?);
    let parts = (shares.0 != parent_raw && shares.1 != parent_raw)
        .then(|| {
            Some(LfParts {
                own_usage: -d((usage.0.to_f64(), usage.1.to_f64()))?,
                siblings_usage: d((parent_usage.0.to_f64(), parent_usage.1.to_f64()))?,
                own_shares: d((f64::from(shares.0), f64::from(shares.1)))?,
                siblings_shares: -d((f64::from(level_shares.0), f64::from(level_shares.1)))?,
            })
        })
        .flatten();
    Some(Side {
        ix,
        usage,
        parent_usage,
        shares,
        level_shares,
        level_fs,
        parts,
    })
}

/// The reason the user at after position `ix` moved, at the deciding level, with both sides'
/// changes; `None` when the deciding level is not a crossing of two siblings present in both
/// snapshots (a tie, N, or nothing). `before` is numbered with `after`'s ids
/// ([`Comparison::before`]).
pub fn why(before: &Ranked, after: &Ranked, ix: usize) -> Option<Why> {
    why_of(before, after, &reason_for(before, after, ix)?)
}

/// [`why`] from a reason already found (e.g. a [`Moved`]'s).
pub fn why_of(before: &Ranked, after: &Ranked, reason: &Reason) -> Option<Why> {
    let Reason::Crossed {
        parent,
        child,
        other,
        now_ahead,
        ..
    } = *reason
    else {
        return None;
    };
    let (c, o) = (side(before, after, child)?, side(before, after, other)?);
    let (ahead, behind) = if now_ahead { (c, o) } else { (o, c) };
    Some(Why {
        parent,
        ahead,
        behind,
        user_ahead: now_ahead,
    })
}

/// The row of `diff` for the user at after position `ix`, if its rank changed.
pub fn moved_of(cmp: &Comparison, ix: usize) -> Option<&Moved> {
    cmp.diff.moved.iter().find(|m| m.ix == ix)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> AssocTree {
        crate::scenario::parse(text).0.unwrap().tree
    }

    #[test]
    fn fresh_ids_avoid_the_after_trees() {
        let before = tree(
            r#"{"associations": [
              {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
              {"id": 2, "parent": 1, "account": "a", "user": "gone", "shares": 1}
            ]}"#,
        );
        let after = tree(
            r#"{"associations": [
              {"id": 4294967295, "parent": null, "account": "root", "user": null, "shares": 1},
              {"id": 4294967294, "parent": 4294967295, "account": "a", "user": "new", "shares": 1}
            ]}"#,
        );
        let m = match_trees(&before, &after);
        assert_eq!(m.removed(), vec![1]);
        assert_eq!(m.added(), vec![1]);
        assert_eq!(m.renumbered().assocs()[0].id, AssocId(u32::MAX));
        assert_eq!(m.renumbered().assocs()[1].id, AssocId(u32::MAX - 2));
    }
}
