//! Fair Tree, as Slurm's code computes it (not as its documentation describes it).
//!
//! For every non-root association X with fairshare parent P (see [`crate::hierarchy`]):
//!
//! - S = `shares_norm` = shares / level shares, a double; 0 when the level sum is 0. A
//!   FairShare=parent association shows P's own S; the root's is root shares / `NO_VAL`.
//! - U = `usage_efctv` = usage_raw(X) / usage_raw(P) in 80 bits; 0 when P has no usage.
//! - LF = `level_fs`, in 80 bits, checked in this order:
//!   FairShare=parent user → +∞; FairShare=parent account → `NO_VAL` (4294967294);
//!   S = 0 → 0 (even with no usage); otherwise (long double)S / U, which is +∞ when U = 0.
//!   LF > 1: under-served; LF < 1: over-served.
//!
//! Each sibling list is sorted stably by LF, highest first, users before accounts on equal LF;
//! then a depth-first walk ranks users. `rank` and `rank_no_ties` both start at N (the number of
//! user associations). Entry i of a list is *tied* if i = 0 and the list's account was entered
//! tied, or else if its LF equals the previous entry's LF exactly (`prev` starts at `NO_VAL` in
//! every list). An untied user takes `rank = rank_no_ties`; every user gets FairShare = rank / N
//! and decrements `rank_no_ties`. An account is entered with its `tied` flag.
//!
//! **Slurm's code never merges tied sibling accounts**, although its documentation says it does
//! (the helper meant to count them always finds none). Tied accounts are visited one after
//! another in list order; each later one starts tied, so its first user reuses the rank of the
//! last user ranked before it. [`TieRule::Documented`] applies the documented merge instead, for
//! teaching; [`TieRule::Slurm`] is the default and is what every golden vector checks.

mod artefact;

use std::sync::Arc;

use crate::chunked::Chunked;
use crate::hierarchy::Hierarchy;
use crate::ld::LongDouble;
use crate::step::{Frame, NodeStatus, Order, OrderReason, Reasons, Step, Tie};
use crate::tree::AssocTree;

/// Which rule decides ties between sibling accounts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TieRule {
    /// What Slurm's code does: tied accounts are visited one after another (never merged).
    #[default]
    Slurm,
    /// What `fair_tree.shtml` says: tied sibling accounts have their children merged, then sorted.
    Documented,
}

/// How a tie (or a non-tie) differs from what exact arithmetic would give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundingArtefact {
    /// Equal to the previous sibling in 80 bits, but not mathematically.
    TieOnlyInLongDouble {
        /// The sibling it ties with.
        sibling: usize,
    },
    /// Mathematically equal to the previous sibling, but not in 80 bits.
    NoTieOnlyInLongDouble {
        /// The sibling it would tie with.
        sibling: usize,
    },
    /// Sorted after the previous sibling, though mathematically its Level FS is higher.
    OrderOnlyInLongDouble {
        /// The sibling it would precede.
        sibling: usize,
    },
}

/// Which case of Fair Tree's Level FS rule gave an association its Level FS, in the order the
/// engine (and Slurm) decides it: the root, FairShare=parent, S = 0, U = 0, else S / U.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelFsRule {
    /// The root: no Level FS (it has no siblings).
    Root,
    /// A FairShare=parent account: none of its own; its children are sorted one level up.
    ParentAccount,
    /// A FairShare=parent user: +∞ internally (sshare prints it blank).
    ParentUser,
    /// S = 0 (no shares at its level): LF = 0, whatever the usage.
    NoShares,
    /// S > 0 and U = 0 (no usage): LF = S / 0 = +∞.
    NoUsage,
    /// LF = S / U.
    Ratio,
}

/// Fair Tree's values for one association (`Copy`: an edit copies the run's values as one
/// block).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FairTreeAssoc {
    /// S (`NormShares`), a double.
    pub shares_norm: f64,
    /// `RawUsage` as Slurm aggregates it (80 bits).
    pub usage_raw: LongDouble,
    /// U (`EffectvUsage`) = usage / fairshare-parent usage (the root: 1).
    pub usage_effective: LongDouble,
    /// `LevelFS` as displayed: `None` for the root and FairShare=parent accounts; +∞ for
    /// FairShare=parent users (their real internal value, which sshare prints blank).
    pub level_fs: Option<LongDouble>,
    /// The value the sort and tie tests use (`NO_VAL` for the root and FairShare=parent accounts).
    pub level_fs_key: LongDouble,
    /// Which case of the Level FS rule gave `level_fs`.
    pub level_fs_rule: LevelFsRule,
    /// FairShare = rank / N (users only; `None` on a partial tree, [`AssocTree::is_partial`]).
    pub fairshare: Option<f64>,
    /// The rank (users only; N is best; `None` on a partial tree).
    pub rank: Option<u32>,
    /// Position in the depth-first visiting order (root = 0).
    pub visit: Option<u32>,
    /// Why this user reused a rank, or this account was entered tied.
    pub tie: Option<Tie>,
    /// Whether exact arithmetic would decide this entry's tie or order differently.
    pub artefact: Option<RoundingArtefact>,
}

/// The result of one Fair Tree run: per-association values, the visiting order and the trace,
/// read through its accessors (a run is made only by this module, from a tree and its
/// hierarchy, so its fields are the engine's own; [`FairTreeAssoc`] is a plain record of one
/// association's values).
#[derive(Clone, Debug, PartialEq)]
pub struct FairTreeRun {
    /// Per association, indexed like [`AssocTree::assocs`]; in shared chunks, so the run of
    /// an edited tree copies only the chunks of the values it changed.
    pub(crate) assocs: Chunked<FairTreeAssoc>,
    /// Every association in the order the walk reaches it (root first); shared, like the
    /// trace and the merges, with the run of an edited tree whose walk is the same.
    pub(crate) visit_order: Arc<Vec<usize>>,
    /// The trace, replayable with [`crate::step::Frame::at`].
    pub(crate) steps: Arc<Vec<Step>>,
    /// The sorted fairshare children of each association (empty for leaves), shared with the
    /// trace's `SiblingsSorted` steps and with the run of an edited tree.
    pub(crate) sorted_children: Chunked<Order>,
    /// Why each entry of each sorted list precedes the next (the trace's `SiblingsSorted`
    /// reasons), shared like the lists.
    pub(crate) sorted_reasons: Chunked<Reasons>,
    /// N, the number of user associations.
    pub(crate) n_users: u32,
    /// Which tie rule produced this run.
    pub(crate) tie_rule: TieRule,
    /// The root's position (whose usage divides every `NormUsage`).
    pub(crate) root: usize,
    /// Under [`TieRule::Documented`]: every visit that merged tied sibling accounts, in walk
    /// order (empty under Slurm's rule), so that the finished frame is built without the trace.
    pub(crate) merges: Arc<Vec<Merge>>,
    /// Whether the tree is whole (not [`AssocTree::is_partial`]): the run's ranks are the walk's.
    pub(crate) whole: bool,
}

/// One visit of the documented tie rule that merged tied sibling accounts into `account`'s.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Merge {
    /// The account visited.
    pub(crate) account: usize,
    /// The tied sibling accounts merged into its visit.
    pub(crate) merged: Vec<usize>,
    /// The merged list's visiting order (`None` if the merged accounts have no children).
    pub(crate) order: Option<Order>,
}

impl FairTreeRun {
    /// Fair Tree's values of every association, indexed like [`AssocTree::assocs`] (read like
    /// a slice: [`Chunked`]).
    pub fn assocs(&self) -> &Chunked<FairTreeAssoc> {
        &self.assocs
    }

    /// Every association in the order the walk reaches it (root first).
    pub fn visit_order(&self) -> &[usize] {
        &self.visit_order
    }

    /// The trace, replayable with [`crate::step::Frame::at`].
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The trace as a shared handle: the run of an edit that moved no entry of any sibling
    /// list holds the very trace of the run before it, so a holder can tell that nothing read
    /// from the trace changed by comparing handles ([`Arc::ptr_eq`]), O(1).
    pub fn shared_steps(&self) -> Arc<Vec<Step>> {
        Arc::clone(&self.steps)
    }

    /// The sorted fairshare children of every association (empty for leaves).
    pub fn sorted_children(&self) -> &Chunked<Order> {
        &self.sorted_children
    }

    /// `NormUsage` of the association at `ix`: its usage over the root's, capped at 1 (`None`
    /// for the root, which Slurm never sets, and out of range). Computed when read: a usage edit
    /// changes the root's usage and so every association's `NormUsage`, and dividing all of
    /// them on every edit cost more than the few that are ever shown.
    pub fn usage_norm(&self, ix: usize) -> Option<LongDouble> {
        if ix == self.root {
            return None;
        }
        let a = self.assocs.get(ix)?;
        Some(usage_norm(a.usage_raw, self.assocs[self.root].usage_raw))
    }

    /// N, the number of user associations.
    pub fn n_users(&self) -> u32 {
        self.n_users
    }

    /// The frame after the whole walk, `Frame::at(self.steps(), self.steps().len())`, built from
    /// the run's results without replaying the trace (`is_user` is the hierarchy's): every
    /// association the walk reached is ranked (users) or done (accounts), each user's rank is
    /// the walk's own (given on a partial tree too, where the run shows none: the rank counter
    /// re-counted over the visiting order with each user's tie), and each entered account's
    /// sorted list is the run's, or under the documented rule its merged list. O(n), a few
    /// writes per association, against a replay's ~60 instructions per step.
    pub(crate) fn finished_frame(&self, is_user: &[bool]) -> Frame {
        // Every association is reached (each hangs under its fairshare parent, an account the
        // walk enters), so every user is ranked and every account done; each vector is one
        // pass over parallel slices.
        let status: Vec<NodeStatus> = self
            .assocs
            .iter()
            .zip(is_user)
            .map(|(a, &user)| match (a.visit.is_some(), user) {
                (false, _) => NodeStatus::Pending,
                (true, true) => NodeStatus::Ranked,
                (true, false) => NodeStatus::Done,
            })
            .collect();
        let mut sorted: Vec<Option<Order>> = self
            .sorted_children
            .iter()
            .zip(is_user)
            .map(|(order, &user)| (!user && !order.is_empty()).then(|| Order::clone(order)))
            .collect();
        for m in self.merges.iter() {
            sorted[m.account] = m.order.clone();
            for &x in &m.merged {
                sorted[x] = None;
            }
        }
        // The walk's ranks: the run's own on a whole tree; on a partial tree (whose run shows
        // none) the rank counter counted again over the visiting order, with each user's tie.
        let (rank_of, rank) = if self.whole {
            let rank_of: Vec<Option<u32>> = self.assocs.iter().map(|a| a.rank).collect();
            let last = self.visit_order.iter().rev().find(|&&ix| is_user[ix]);
            let rank = last.and_then(|&ix| rank_of[ix]);
            (rank_of, rank)
        } else {
            let mut rank_of = vec![None; self.assocs.len()];
            let (mut rank, mut counter) = (self.n_users, self.n_users);
            for &ix in self.visit_order.iter() {
                if is_user[ix] {
                    if self.assocs[ix].tie.is_none() {
                        rank = counter;
                    }
                    rank_of[ix] = Some(rank);
                    counter = counter.wrapping_sub(1);
                }
            }
            (rank_of, Some(rank))
        };
        // After the last user the counter is N minus every user (each is ranked): 0, or N if
        // there is none.
        let any_user = self.n_users > 0;
        Frame {
            cursor: self.steps.len(),
            status,
            rank_of,
            sorted,
            path: Vec::new(),
            current: self.steps.last().map(Step::subject),
            rank: rank.unwrap_or(self.n_users),
            rank_no_ties: if any_user { 0 } else { self.n_users },
            n_users: self.n_users,
            last: self.steps.last().cloned(),
        }
    }

    /// Which tie rule produced this run.
    pub fn tie_rule(&self) -> TieRule {
        self.tie_rule
    }

    /// The user's place in the ranking counted from the top, as people read it:
    /// position = N − rank + 1, so 1 is first served and N last. Tied users share a rank and
    /// so share a position. `None` for accounts and the root.
    pub fn position(&self, ix: usize) -> Option<u32> {
        let rank = self.assocs.get(ix)?.rank?;
        Some(self.n_users.saturating_sub(rank).saturating_add(1))
    }
}

/// Runs Fair Tree with Slurm's tie behaviour.
pub fn run(tree: &AssocTree) -> FairTreeRun {
    run_with(tree, &Hierarchy::new(tree), TieRule::Slurm)
}

/// Runs Fair Tree on `tree`'s hierarchy `h` with the given tie rule (callers outside the crate
/// use [`crate::Ranked`], which builds `h` from `tree`).
///
/// In named steps: every association's values ([`values`]), the sort keys
/// ([`sort_keys`]), every sibling list sorted ([`sort_list`]), then [`finish`]: the walk that
/// ranks users and writes the trace ([`walk`]) and the rounding-artefact check
/// ([`artefact`]).
pub(crate) fn run_with(tree: &AssocTree, h: &Hierarchy, tie_rule: TieRule) -> FairTreeRun {
    // Per-association S, U, LF. Slurm computes them when it reaches each sibling list; the
    // values depend only on the tree, so computing them up front gives the same numbers.
    let assocs: Chunked<FairTreeAssoc> = (0..h.len()).map(|ix| values(h, ix)).collect();
    let sort = sort_keys(&assocs, h);
    let key = |ix: usize| sort[ix];
    let mut tagged = Vec::new();
    let empty = Order::from([]);
    let sorted_children: Chunked<Order> = (0..h.len())
        .map(|p| sort_list(h, &key, p, &mut tagged, &empty))
        .collect();
    let no_reasons = Reasons::from([]);
    let sorted_reasons: Chunked<Reasons> = sorted_children
        .iter()
        .map(|o| reasons_of(&key, o, &no_reasons))
        .collect();
    let near_pairs = artefact::near_pairs(&assocs, sorted_children.iter().map(|o| &o[..]));
    finish(
        tree,
        h,
        tie_rule,
        Sorted {
            assocs,
            sorted_children,
            sorted_reasons,
        },
        near_pairs,
        Plan::Whole,
    )
}

/// Why each entry of `order` precedes the next (`sort` gives each association's sort key,
/// [`sort_key`]; `empty` is shared by every list of fewer than two entries).
fn reasons_of(sort: &impl Fn(usize) -> u128, order: &[usize], empty: &Reasons) -> Reasons {
    if order.len() < 2 {
        return Reasons::clone(empty);
    }
    order
        .windows(2)
        .map(|w| {
            let (a, b) = (sort(w[0]), sort(w[1]));
            if a >> 1 != b >> 1 {
                OrderReason::HigherLevelFs
            } else if a != b {
                OrderReason::UserBeforeAccount
            } else {
                OrderReason::ListOrder
            }
        })
        .collect()
}

/// What one edit of a tree changed, for [`rerun`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edited {
    /// The raw usage of the association at this position.
    Usage(usize),
    /// The raw shares of the association at this position (neither the old nor the new value
    /// FairShare=parent, so fairshare parents are the same).
    Shares(usize),
}

/// The run of an edited tree from the run `old` of the tree before the edit, equal to
/// [`run_with`] on the edited tree and its hierarchy `h`, bit for bit.
///
/// An edit changes values only along the edited association's path: a usage edit changes the
/// usage of the association and its ancestors, so U and Level FS only in the sibling lists
/// of those ancestors (and NormUsage everywhere, through the root's usage); a shares edit
/// changes S only in the association's own list (and the S shown by FairShare=parent members
/// below that list). Only those lists are sorted again, and only their neighbours checked for
/// rounding artefacts; every other list keeps its order. The walk that ranks users is kept
/// when no list changed its order or ties, and otherwise walked again only over the entries
/// that moved in the shallowest list that did ([`rewalk_range`]; under the documented rule the
/// whole walk). The trace and visiting order are still copied (O(n)): ranks change everywhere
/// after a move.
pub(crate) fn rerun(
    old: &FairTreeRun,
    tree: &AssocTree,
    h: &Hierarchy,
    edit: Edited,
) -> FairTreeRun {
    let mut assocs = old.assocs.clone();
    // The lists sorted again (by their fairshare parent) and the associations whose values
    // change.
    let mut lists: Vec<usize> = Vec::new();
    let mut changed: Vec<usize> = Vec::new();
    match edit {
        Edited::Usage(x) => {
            // `x` and its ancestors change usage; their lists, and the lists below each of
            // them (whose U divides by it), are the lists of the ancestors.
            let path = std::iter::successors(Some(x), |&a| h.parent[a]);
            for a in path {
                changed.push(a);
                if h.fs_children_u32(a).is_empty() {
                    continue;
                }
                lists.push(a);
                changed.extend(h.fs_children(a));
            }
        }
        Edited::Shares(y) => {
            // Level shares change for `y`'s list, so S for its members, and the S shown by
            // FairShare=parent associations whose fairshare parent is one of them.
            let members: Vec<usize> = match h.fs_parent[y] {
                Some(p) => {
                    lists.push(p);
                    h.fs_children(p).collect()
                }
                None => vec![y],
            };
            for &m in &members {
                changed.push(m);
                changed.extend(h.fs_children(m).filter(|&c| h.is_parent_shares[c]));
            }
        }
    }
    for &ix in &changed {
        let keep = &assocs[ix];
        assocs[ix] = FairTreeAssoc {
            artefact: keep.artefact,
            ..values(h, ix)
        };
    }
    // Only the members of the lists sorted again need their sort keys (the walk reads the
    // lists' reasons, not keys), so none is computed for the rest of the tree.
    let key = |ix: usize| sort_key(&assocs[ix], h.is_user[ix]);
    // Shared with the old run until a list changes (an edit that moves nothing copies none).
    let mut sorted_children = old.sorted_children.clone();
    let mut sorted_reasons = old.sorted_reasons.clone();
    let mut tagged = Vec::new();
    let empty = Order::from([]);
    let no_reasons = Reasons::from([]);
    // The walk reads, of the values, only each list's order and reasons and whether a list's
    // first entry has Level FS `NO_VAL` (and under the documented rule the keys of merged
    // lists): when none of these changed, and nothing was merged, the walk is the old one.
    // The lists where one of them changed (`walked_again`) are walked again.
    let no_val_key = LongDouble::no_val().order_key();
    let mut walked_again: Vec<usize> = Vec::new();
    for &p in &lists {
        let order = sort_list(h, &key, p, &mut tagged, &empty);
        let reasons = reasons_of(&key, &order, &no_reasons);
        if order[..] == sorted_children[p][..] && reasons[..] == sorted_reasons[p][..] {
            // (The old lists are kept: the old trace holds them.)
            let first_no_val = |key: LongDouble| key.order_key() == no_val_key;
            if let Some(&f) = order.first()
                && first_no_val(old.assocs[f].level_fs_key) != first_no_val(assocs[f].level_fs_key)
            {
                walked_again.push(p);
            }
        } else {
            walked_again.push(p);
            sorted_children[p] = order;
            sorted_reasons[p] = reasons;
        }
    }
    // Every list walked again is on one path from the root (the edited association's), so
    // the shallowest holds the others, below its entry on that path: under Slurm's rule only
    // the entries of that list from its first change to its last (and that entry) are walked
    // again ([`rewalk_range`]).
    let plan =
        if walked_again.is_empty() && (old.tie_rule == TieRule::Slurm || old.merges.is_empty()) {
            Plan::Same(old, &changed)
        } else {
            match walked_again.iter().copied().min_by_key(|&p| h.depth[p]) {
                Some(top) if old.tie_rule == TieRule::Slurm => {
                    // The entry of `top`'s list whose subtree holds the other lists walked again.
                    let deeper = walked_again.iter().copied().find(|&p| p != top);
                    let entry = deeper.and_then(|mut a| {
                        while h.fs_parent[a] != Some(top) {
                            a = h.fs_parent[a]?;
                        }
                        Some(a)
                    });
                    match (deeper, entry) {
                        (Some(_), None) => Plan::Whole,
                        _ => Plan::Range(old, &changed, top, entry),
                    }
                }
                _ => Plan::Whole,
            }
        };
    // Their neighbours are checked again.
    for &p in &lists {
        for &c in sorted_children[p].iter() {
            assocs[c].artefact = None;
        }
    }
    let near_pairs = artefact::near_pairs(&assocs, lists.iter().map(|&p| &sorted_children[p][..]));
    finish(
        tree,
        h,
        old.tie_rule,
        Sorted {
            assocs,
            sorted_children,
            sorted_reasons,
        },
        near_pairs,
        plan,
    )
}

/// NormUsage: usage over the root's usage, at most 1 (0 when the root has none).
fn usage_norm(usage_raw: LongDouble, root_usage: LongDouble) -> LongDouble {
    if root_usage.is_zero() {
        LongDouble::ZERO
    } else {
        let v = usage_raw.div(root_usage);
        let one = LongDouble::one();
        if v > one { one } else { v }
    }
}

/// The values of the association at `ix` (S, usage, U, Level FS and its rule), before the walk
/// (rank, visit, tie and artefact unset).
fn values(h: &Hierarchy, ix: usize) -> FairTreeAssoc {
    let usage_raw = h.usage_raw[ix];
    let unranked = |shares_norm, usage_effective, level_fs, key, rule| FairTreeAssoc {
        shares_norm,
        usage_raw,
        usage_effective,
        level_fs,
        level_fs_key: key,
        level_fs_rule: rule,
        fairshare: None,
        rank: None,
        visit: None,
        tie: None,
        artefact: None,
    };
    let no_val = LongDouble::no_val();
    if ix == h.root {
        let shares_norm = f64::from(h.shares_raw[ix]) / f64::from(crate::hierarchy::NO_VAL);
        return unranked(
            shares_norm,
            LongDouble::one(),
            None,
            no_val,
            LevelFsRule::Root,
        );
    }
    let share_source = if h.is_parent_shares[ix] {
        h.fs_parent[ix].unwrap_or(ix)
    } else {
        ix
    };
    let level = h.level_shares[share_source];
    let shares_norm = if level == 0 {
        0.0
    } else {
        f64::from(h.shares_raw[share_source]) / f64::from(level)
    };
    let parent_usage = h.fs_parent_usage(ix);
    let usage_effective = if parent_usage.is_zero() {
        LongDouble::ZERO
    } else {
        usage_raw.div(parent_usage)
    };
    let (level_fs, key, rule) = if h.is_parent_shares[ix] {
        if h.is_user[ix] {
            (
                Some(LongDouble::INFINITY),
                LongDouble::INFINITY,
                LevelFsRule::ParentUser,
            )
        } else {
            (None, no_val, LevelFsRule::ParentAccount)
        }
    } else if shares_norm == 0.0 {
        (
            Some(LongDouble::ZERO),
            LongDouble::ZERO,
            LevelFsRule::NoShares,
        )
    } else {
        // NOT A BUG: U can be 0, and S / 0 = +∞ is the intended value.
        let lf = LongDouble::from_f64(shares_norm).div(usage_effective);
        let rule = if usage_effective.is_zero() {
            LevelFsRule::NoUsage
        } else {
            LevelFsRule::Ratio
        };
        (Some(lf), lf, rule)
    };
    unranked(shares_norm, usage_effective, level_fs, key, rule)
}

/// One integer per association that orders it as Slurm's comparator does: the Level FS key's
/// total order (`order_key`), then users before accounts on an equal key. Sorting and tie
/// tests compare these (never 80-bit values); `key >> 1` is the Level FS key alone.
fn sort_keys(assocs: &Chunked<FairTreeAssoc>, h: &Hierarchy) -> Vec<u128> {
    assocs
        .iter()
        .zip(h.is_user.iter())
        .map(|(a, &user)| sort_key(a, user))
        .collect()
}

/// The sort key of one association ([`sort_keys`]).
fn sort_key(a: &FairTreeAssoc, user: bool) -> u128 {
    (a.level_fs_key.order_key() << 1) | u128::from(user)
}

/// The fairshare children of `p` in Slurm's sorted order (`tagged` is scratch; `empty`, an
/// empty order, is shared by every leaf rather than allocated for each).
fn sort_list(
    h: &Hierarchy,
    sort: &impl Fn(usize) -> u128,
    p: usize,
    tagged: &mut Vec<(u128, u32)>,
    empty: &Order,
) -> Order {
    let members = h.fs_children_u32(p);
    if members.is_empty() {
        return Order::clone(empty);
    }
    sort_members(sort, members.iter().map(|&m| m as usize), tagged).into()
}

/// `members` (in list order) sorted as Slurm's comparator does: higher LF first; on equal LF
/// users first; else equal, keeping list order as a stable sort (glibc's qsort, a merge sort)
/// does: an unstable sort of (inverted key, position) pairs gives exactly that order.
fn sort_members(
    sort: &impl Fn(usize) -> u128,
    members: impl Iterator<Item = usize> + Clone,
    tagged: &mut Vec<(u128, u32)>,
) -> Vec<usize> {
    tagged.clear();
    tagged.extend(
        members
            .clone()
            .enumerate()
            .map(|(pos, m)| (!sort(m), pos as u32)),
    );
    tagged.sort_unstable();
    let members: Vec<usize> = members.collect();
    tagged
        .iter()
        .map(|&(_, pos)| members[pos as usize])
        .collect()
}

/// A run's values before the walk: every association's values and every sorted sibling list
/// with its reasons.
struct Sorted {
    assocs: Chunked<FairTreeAssoc>,
    sorted_children: Chunked<Order>,
    sorted_reasons: Chunked<Reasons>,
}

/// How [`finish`] gets the walk of an edited tree from the run of the tree before the edit
/// (`old`), given the associations whose values were computed again (`changed`; the rest
/// hold `old`'s walk results already).
#[derive(Clone, Copy)]
enum Plan<'a> {
    /// Walk the whole tree.
    Whole,
    /// `old`'s walk, repeated exactly ([`rerun`] decides): its trace, visiting order and merges
    /// are shared and the walk is not done again.
    Same(&'a FairTreeRun, &'a [usize]),
    /// `old`'s walk with part of this account's list walked again, under Slurm's rule: no
    /// list outside its subtree changed, and of the lists inside only those below the entry
    /// given ([`rewalk_range`]).
    Range(&'a FairTreeRun, &'a [usize], usize, Option<usize>),
}

/// The walk over sorted lists, then each association's rank, FairShare, visit and tie, and the
/// rounding artefacts of `near_pairs` (entries of those pairs have no artefact yet). `plan`
/// says how much of an earlier run's walk is kept.
fn finish(
    tree: &AssocTree,
    h: &Hierarchy,
    tie_rule: TieRule,
    sorted: Sorted,
    near_pairs: Vec<(usize, usize)>,
    plan: Plan<'_>,
) -> FairTreeRun {
    let Sorted {
        mut assocs,
        sorted_children,
        sorted_reasons,
    } = sorted;
    let key = |ix: usize| sort_key(&assocs[ix], h.is_user[ix]);
    let whole_walk = || walk(h, tie_rule, &key, &sorted_children, &sorted_reasons, None).0;
    let (walked, kept) = match plan {
        Plan::Whole => (whole_walk(), None),
        Plan::Same(old, changed) => (
            Walk {
                per_assoc: None,
                visit_order: Arc::clone(&old.visit_order),
                steps: Arc::clone(&old.steps),
                merges: Arc::clone(&old.merges),
            },
            Some((old, changed)),
        ),
        Plan::Range(old, changed, list, entry) => {
            let sorted = (&sorted_children, &sorted_reasons);
            match rewalk_range(h, &key, sorted, old, list, entry) {
                Some(w) => (w, Some((old, changed))),
                None => (whole_walk(), None),
            }
        }
    };
    // A partial tree (completed from a cut output) holds stand-ins for users it does not know:
    // the walk still orders what it has, but rank and FairShare, which count every user, are
    // unknown, so no caller can show one by accident.
    let whole = !tree.is_partial();
    let n_users = h.n_users;
    let fairshare = |rank: Option<u32>| rank.map(|rank| f64::from(rank) / f64::from(n_users));
    // The old walk's results, for the associations whose values were computed again (the
    // others kept theirs); then what was walked again.
    if let Some((old, changed)) = kept {
        for &ix in changed {
            let (a, o) = (&mut assocs[ix], &old.assocs[ix]);
            a.visit = o.visit;
            a.tie = o.tie;
            a.rank = o.rank;
            a.fairshare = o.fairshare;
        }
    }
    match (&walked.per_assoc, kept) {
        (Some(w), None) => {
            for (a, w) in assocs.iter_mut().zip(&w.walked) {
                a.visit = w.visit;
                a.tie = w.tie;
                a.rank = w.rank.filter(|_| whole);
                a.fairshare = fairshare(a.rank);
            }
        }
        (Some(w), Some(_)) => {
            for &ix in &walked.visit_order[w.visits.clone()] {
                let (a, w) = (&mut assocs[ix], &w.walked[ix]);
                a.visit = w.visit;
                a.tie = w.tie;
                a.rank = w.rank.filter(|_| whole);
                a.fairshare = fairshare(a.rank);
            }
            for &(ix, rank) in &w.reranked {
                let a = &mut assocs[ix];
                a.rank = Some(rank).filter(|_| whole);
                a.fairshare = fairshare(a.rank);
            }
        }
        (None, _) => {}
    }
    let mut run = FairTreeRun {
        assocs,
        visit_order: walked.visit_order,
        steps: walked.steps,
        sorted_children,
        sorted_reasons,
        n_users,
        tie_rule,
        root: h.root,
        merges: walked.merges,
        whole,
    };
    artefact::mark(h, near_pairs, &mut run);
    run
}

/// What the walk gives each association, kept compact (the walk jumps around the tree) and
/// copied into the run's values in one pass at the end.
#[derive(Clone, Copy, Default)]
struct Walked {
    visit: Option<u32>,
    rank: Option<u32>,
    tie: Option<Tie>,
}

/// The walk's results: per association, the visiting order and the trace.
struct Walk {
    /// `None` when the walk is an earlier run's ([`finish`]), whose values are kept.
    per_assoc: Option<PerAssoc>,
    visit_order: Arc<Vec<usize>>,
    steps: Arc<Vec<Step>>,
    merges: Arc<Vec<Merge>>,
}

/// What a walk gave the associations it visited.
struct PerAssoc {
    /// Indexed like the tree's associations; set for those visited.
    walked: Vec<Walked>,
    /// The positions of the visiting order that were walked (all of it, but after
    /// [`rewalk_range`]).
    visits: std::ops::Range<usize>,
    /// After [`rewalk_range`]: users outside the entries walked again whose rank changed (tied
    /// users right after them, which take the rank they ended with), with their new rank.
    reranked: Vec<(usize, u32)>,
}

/// Where a walk starts other than at the root ([`rewalk_range`]): in `account`'s list (its
/// visit entered, tied or not), at entry `first`, with the rank counters as the walk had them
/// there and the place in the visiting order of that entry's first visit; it stops after entry
/// `last`.
#[derive(Clone, Copy)]
struct WalkFrom {
    account: usize,
    entered_tied: bool,
    first: usize,
    last: usize,
    rank: u32,
    rank_no_ties: u32,
    visit: u32,
}

/// The walk of an edited tree, `old`'s (the run before the edit) but for part of `list`'s
/// (an account's sorted fairshare children), under Slurm's rule, when no list outside `list`'s
/// subtree changed its order, reasons or first entry's `NO_VAL` test, and inside it only lists
/// below `entry` (one of its members) did.
///
/// The entries of `list` from the first whose place or tie changed to the last (and `entry`)
/// are walked again; the walk before them is the same and they start in the same state (the
/// rank counters; each entry's tie comes from its list's reasons). They are the same
/// associations as before, so they write as many steps and visits, and the walk after them is
/// the same too, with the same visiting positions and `rank_no_ties`, but for the tied users
/// right after them (before any untied one), who take the rank counter handed on, which may
/// differ. O(the entries walked + copying the trace and visiting order); `None` if `old`'s
/// trace does not hold the entries as expected (the caller walks the whole tree).
fn rewalk_range(
    h: &Hierarchy,
    sort: &impl Fn(usize) -> u128,
    (sorted_children, sorted_reasons): (&Chunked<Order>, &Chunked<Reasons>),
    old: &FairTreeRun,
    list: usize,
    entry: Option<usize>,
) -> Option<Walk> {
    let (was, is) = (&old.sorted_children[list], &sorted_children[list]);
    let (was_why, is_why) = (&old.sorted_reasons[list], &sorted_reasons[list]);
    if was.len() != is.len() || was.is_empty() {
        return None;
    }
    // Entry i's tie is read from reasons[i - 1] and names entry i - 1 (the first entry's is
    // read from `NO_VAL`).
    let no_val_key = LongDouble::no_val().order_key();
    let differs = |i: usize| {
        was[i] != is[i]
            || match i {
                0 => {
                    (old.assocs[was[0]].level_fs_key.order_key() == no_val_key)
                        != (sort(is[0]) >> 1 == no_val_key)
                }
                _ => was[i - 1] != is[i - 1] || was_why[i - 1] != is_why[i - 1],
            }
    };
    let at = entry.and_then(|e| is.iter().position(|&x| x == e));
    let first = (0..is.len()).find(|&i| differs(i));
    let last = (0..is.len()).rev().find(|&i| differs(i));
    let (first, last) = match (first, last, at) {
        (Some(f), Some(l), Some(a)) => (f.min(a), l.max(a)),
        (Some(f), Some(l), None) if entry.is_none() => (f, l),
        (None, None, Some(a)) => (a, a),
        _ => return None,
    };
    let steps = &old.steps[..];
    // An association's step (entering it, or ranking it) comes after the `Started` step and
    // every earlier visit's.
    let step_of = |x: usize| -> Option<usize> {
        let visit = old.assocs[x].visit? as usize;
        let found = steps.get(visit..)?.iter().position(|s| match s {
            Step::AccountEntered { account, .. } => *account == x,
            Step::UserRanked { user, .. } => *user == x,
            _ => false,
        })?;
        Some(visit + found)
    };
    let start = step_of(was[first])?;
    let last_step = step_of(was[last])?;
    let end = 1 + match steps[last_step] {
        Step::AccountEntered { .. } => {
            last_step
                + steps[last_step..].iter().position(
                    |s| matches!(s, Step::AccountLeft { account } if *account == was[last]),
                )?
        }
        _ => last_step,
    };
    // The list's own sort step, written when its account was entered.
    let sorted_at = step_of(list)? + 2;
    if !matches!(steps.get(sorted_at), Some(Step::SiblingsSorted { parent, .. }) if *parent == list)
    {
        return None;
    }
    let last_rank = |steps: &[Step]| {
        steps.iter().rev().find_map(|s| match s {
            Step::UserRanked {
                rank, rank_no_ties, ..
            } => Some((*rank, rank_no_ties.wrapping_sub(1))),
            _ => None,
        })
    };
    let n = old.n_users;
    let (rank, rank_no_ties) = last_rank(&steps[..start]).unwrap_or((n, n));
    let old_end_rank = last_rank(&steps[start..end]).map_or(rank, |(r, _)| r);
    let visit = old.assocs[was[first]].visit?;
    let from = WalkFrom {
        account: list,
        entered_tied: old.assocs[list].tie.is_some(),
        first,
        last,
        rank,
        rank_no_ties,
        visit,
    };
    let (part, end_rank) = walk(
        h,
        TieRule::Slurm,
        sort,
        sorted_children,
        sorted_reasons,
        Some(from),
    );
    let (visit, visits) = (visit as usize, part.visit_order.len());
    if part.steps.len() != end - start || visit + visits > old.visit_order.len() {
        return None;
    }
    let mut all = Vec::with_capacity(steps.len());
    all.extend_from_slice(&steps[..start]);
    all[sorted_at] = Step::SiblingsSorted {
        parent: list,
        order: Order::clone(is),
        reasons: Reasons::clone(is_why),
    };
    all.extend_from_slice(&part.steps);
    all.extend_from_slice(&steps[end..]);
    // The tied users after the part, up to the first untied one, take the rank it ends with.
    let mut reranked = Vec::new();
    if end_rank != old_end_rank {
        for s in &mut all[end..] {
            if let Step::UserRanked {
                user, rank, tie, ..
            } = s
            {
                if tie.is_none() {
                    break;
                }
                *rank = end_rank;
                reranked.push((*user, end_rank));
            }
        }
    }
    let mut visit_order = Vec::with_capacity(old.visit_order.len());
    visit_order.extend_from_slice(&old.visit_order[..visit]);
    visit_order.extend_from_slice(&part.visit_order);
    visit_order.extend_from_slice(&old.visit_order[visit + visits..]);
    Some(Walk {
        per_assoc: Some(PerAssoc {
            walked: part.per_assoc?.walked,
            visits: visit..visit + visits,
            reranked,
        }),
        visit_order: Arc::new(visit_order),
        steps: Arc::new(all),
        merges: Arc::clone(&old.merges),
    })
}

/// The depth-first walk over the sorted lists that ranks users and writes the trace, as
/// Slurm's does, with an explicit stack so that a very deep tree cannot overflow the call
/// stack. O(n) (plus the sort of merged lists under the documented rule).
///
/// Slurm's tie test compares each entry's Level FS with the previous entry's (`prev`, which
/// starts at `NO_VAL` in every list). Past the first entry that is the list's own reason
/// (equal Level FS unless the reason is [`OrderReason::HigherLevelFs`]), so `sort` (the
/// association's sort key, [`sort_key`]) is read only for each list's first entry and for the
/// merged lists of the documented rule.
fn walk(
    h: &Hierarchy,
    tie_rule: TieRule,
    sort: &impl Fn(usize) -> u128,
    sorted_children: &Chunked<Order>,
    sorted_reasons: &Chunked<Reasons>,
    from: Option<WalkFrom>,
) -> (Walk, u32) {
    let n = h.len();
    let root = h.root;
    let key = |ix: usize| sort(ix) >> 1;
    let fs_members = h.fs_members();
    let no_reasons = Reasons::from([]);
    let mut tagged: Vec<(u128, u32)> = Vec::new();
    let mut merges: Vec<Merge> = Vec::new();
    let mut walked = vec![Walked::default(); n];
    let n_users = h.n_users;
    // The whole walk: about one step per association plus a few per sibling group.
    let (mut steps, mut visit_order) = match from {
        None => (Vec::with_capacity(n + n / 4 + 8), Vec::with_capacity(n)),
        Some(_) => (Vec::new(), Vec::new()),
    };
    if from.is_none() {
        steps.push(Step::Started {
            root,
            n_assocs: n,
            n_users,
        });
    }
    // The first visit's place in the visiting order.
    let first_visit = from.map_or(0, |f| f.visit);

    struct Level {
        /// The account whose list this is.
        account: usize,
        /// Under the documented rule: the tied sibling accounts merged into this visit.
        merged: Vec<usize>,
        /// The list's visiting order (its `SiblingsSorted` step's, shared), if it has one.
        order: Option<Order>,
        /// Why each entry of `order` follows the one before (equal Level FS: tied).
        reasons: Option<Reasons>,
        next: usize,
        entered_tied: bool,
    }
    let mut rank = from.map_or(n_users, |f| f.rank);
    let mut rank_no_ties = from.map_or(n_users, |f| f.rank_no_ties);
    let no_val_key = LongDouble::no_val().order_key();

    let mut enter = |account: usize,
                     merged: Vec<usize>,
                     tie: Option<Tie>,
                     steps: &mut Vec<Step>,
                     visit_order: &mut Vec<usize>,
                     walked: &mut [Walked]|
     -> Level {
        for &a in std::iter::once(&account).chain(&merged) {
            walked[a].visit = Some(first_visit + visit_order.len() as u32);
            walked[a].tie = tie;
            visit_order.push(a);
        }
        steps.push(Step::AccountEntered {
            account,
            tie,
            merged: merged.clone(),
        });
        let members: Order = if merged.is_empty() {
            Order::clone(&fs_members[account])
        } else {
            std::iter::once(&account)
                .chain(&merged)
                .flat_map(|&a| h.fs_children(a))
                .collect()
        };
        let sorted = if members.is_empty() {
            None
        } else {
            let (order, reasons) = if merged.is_empty() {
                (
                    Order::clone(&sorted_children[account]),
                    Reasons::clone(&sorted_reasons[account]),
                )
            } else {
                // Under the documented rule a merged list is sorted as one.
                let order: Order = sort_members(sort, members.iter().copied(), &mut tagged).into();
                let reasons = reasons_of(sort, &order, &no_reasons);
                (order, reasons)
            };
            steps.push(Step::LevelFsComputed {
                parent: account,
                members,
            });
            steps.push(Step::SiblingsSorted {
                parent: account,
                reasons: Reasons::clone(&reasons),
                order: Order::clone(&order),
            });
            Some((order, reasons))
        };
        let (sorted, reasons) = match sorted {
            Some((order, reasons)) => (Some(order), Some(reasons)),
            None => (None, None),
        };
        if !merged.is_empty() {
            merges.push(Merge {
                account,
                merged: merged.clone(),
                order: sorted.clone(),
            });
        }
        Level {
            account,
            merged,
            order: sorted,
            reasons,
            next: 0,
            entered_tied: tie.is_some(),
        }
    };

    let mut stack = match from {
        None => vec![enter(
            root,
            Vec::new(),
            None,
            &mut steps,
            &mut visit_order,
            &mut walked,
        )],
        // Inside a list already entered (its steps written), at its entry `first`.
        Some(f) => vec![Level {
            account: f.account,
            merged: Vec::new(),
            order: Some(Order::clone(&sorted_children[f.account])),
            reasons: Some(Reasons::clone(&sorted_reasons[f.account])),
            next: f.first,
            entered_tied: f.entered_tied,
        }],
    };
    // Past this entry of the first list the walk stops (the whole walk: when that list is done).
    let stop = from.map_or(usize::MAX, |f| f.last);
    loop {
        let depth = stack.len();
        let Some(level) = stack.last_mut() else {
            break;
        };
        let i = level.next;
        if depth == 1 && i > stop {
            break;
        }
        let order: &[usize] = level.order.as_deref().unwrap_or(&[]);
        if i >= order.len() {
            let done = stack.pop().expect("non-empty stack");
            for &a in std::iter::once(&done.account).chain(&done.merged) {
                steps.push(Step::AccountLeft { account: a });
            }
            continue;
        }
        let reasons: &[OrderReason] = level.reasons.as_deref().unwrap_or(&[]);
        // Whether entry `j > 0` has the Level FS of entry `j - 1`.
        let equal_to_previous = |j: usize| reasons[j - 1] != OrderReason::HigherLevelFs;
        let x = order[i];
        let tie = if i == 0 && level.entered_tied {
            Some(Tie::CarriedIntoAccount {
                account: level.account,
            })
        } else if i == 0 {
            // `prev` starts at NO_VAL, so a first FairShare=parent account (key NO_VAL) counts as
            // tied, exactly as in Slurm; its list is always empty, so nothing follows from it.
            (key(x) == no_val_key).then_some(Tie::EqualToStartValue)
        } else if equal_to_previous(i) {
            Some(Tie::EqualToPrevious {
                previous: order[i - 1],
            })
        } else {
            None
        };
        if h.is_user[x] {
            level.next += 1;
            if tie.is_none() {
                rank = rank_no_ties;
            }
            walked[x] = Walked {
                visit: Some(first_visit + visit_order.len() as u32),
                rank: Some(rank),
                tie,
            };
            visit_order.push(x);
            steps.push(Step::UserRanked {
                user: x,
                rank,
                rank_no_ties,
                n_users,
                tie,
            });
            rank_no_ties = rank_no_ties.wrapping_sub(1);
        } else {
            let mut merged = Vec::new();
            if tie_rule == TieRule::Documented {
                // The documented rule: following sibling accounts with the same LF are merged.
                // (Equal to the previous entry, which is `x` or merged, so equal to `x`.)
                let mut j = i + 1;
                while j < order.len() && !h.is_user[order[j]] && equal_to_previous(j) {
                    merged.push(order[j]);
                    j += 1;
                }
            }
            level.next += 1 + merged.len();
            let child = enter(x, merged, tie, &mut steps, &mut visit_order, &mut walked);
            stack.push(child);
        }
    }
    #[cfg(test)]
    tests::WALKED_STEPS.with(|w| w.set(w.get() + steps.len()));
    let visits = 0..visit_order.len();
    let walk = Walk {
        per_assoc: Some(PerAssoc {
            walked,
            visits,
            reranked: Vec::new(),
        }),
        visit_order: Arc::new(visit_order),
        steps: Arc::new(steps),
        merges: Arc::new(merges),
    };
    (walk, rank)
}

/// The run's trace written as Slurm's `_ft_debug` lines (DebugFlags=Priority): one line per
/// visited association below the root, indented 4 × depth, `=` before tied entries, then
/// `name (account):  LF` with LF as `%.20Lf`, `inf`, or `parent` for FairShare=parent.
pub fn slurm_debug_lines(ranked: &crate::Ranked) -> Vec<String> {
    let (tree, run) = (ranked.tree(), ranked.run());
    let mut depth = 0usize;
    let mut lines = Vec::new();
    let mut line = |ix: usize, depth: usize, tied: bool| {
        let a = &tree.assocs()[ix];
        let r = &run.assocs[ix];
        let lf = if a.shares.is_parent() {
            "parent".to_string()
        } else if r.level_fs_key.is_infinite() {
            "inf".to_string()
        } else {
            r.level_fs_key.to_fixed(20)
        };
        let tie = if tied { "=" } else { "" };
        lines.push(format!(
            "{}{tie}{} ({}):  {lf}",
            " ".repeat(4 * depth),
            a.name(),
            a.account
        ));
    };
    for step in run.steps.iter() {
        match step {
            Step::AccountEntered {
                account,
                tie,
                merged,
            } => {
                if depth > 0 {
                    line(*account, depth, tie.is_some());
                    for &m in merged {
                        line(m, depth, tie.is_some());
                    }
                }
                depth += 1;
            }
            Step::AccountLeft { .. } => depth = depth.saturating_sub(1),
            Step::UserRanked { user, tie, .. } => line(*user, depth, tie.is_some()),
            _ => {}
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{account_of, assoc, root, user_of};
    use crate::tree::{AssocId, Shares};
    use crate::{LongDouble, Ranked};
    use std::cell::Cell;

    thread_local! {
        /// Steps written by [`walk`] on this thread (each test runs on its own thread).
        pub(super) static WALKED_STEPS: Cell<usize> = const { Cell::new(0) };
    }

    /// `edit` of `before`, with the steps it walked.
    fn walked(before: &Ranked, edit: impl FnOnce(&Ranked) -> Ranked) -> (Ranked, usize) {
        WALKED_STEPS.with(|w| w.set(0));
        let after = edit(before);
        (after, WALKED_STEPS.with(Cell::get))
    }

    /// An edit that reorders a list walks again only the entries of that list from the first
    /// that moved to the last: the walk before and after them is the old one, equal to ranking
    /// the edited tree from scratch, trace included; below the root and in the root's list.
    #[test]
    fn a_move_walks_only_the_entries_that_moved() {
        let ld = LongDouble::from_u64;
        let one = Shares::Value(1);
        let r = root();
        let big = account_of(2, &r, "big", Shares::Value(100));
        let lab = account_of(3, &r, "lab", one);
        let after = account_of(4, &r, "after", one);
        let tree = AssocTree::new(vec![
            r.clone(),
            big.clone(),
            lab.clone(),
            after.clone(),
            user_of(5, &big, "b1", one, ld(1)),
            user_of(6, &big, "b2", one, ld(2)),
            user_of(7, &lab, "x", one, ld(10)),
            user_of(8, &lab, "y", one, ld(20)),
            user_of(9, &lab, "z", one, ld(30)),
            user_of(10, &after, "p", one, ld(1_000)),
            user_of(11, &after, "q", one, ld(2_000)),
        ])
        .unwrap();
        let before = Ranked::new(&tree, TieRule::Slurm);
        let order = |r: &Ranked| -> Vec<usize> { r.run().visit_order().to_vec() };
        // z's usage 30 → 11: z moves ahead of y in lab's list (lab stays between big and after
        // in the root's, its usage 60 → 41 against after's 3,000).
        let (moved, steps) = walked(&before, |b| b.with_usage(AssocId(9), ld(11)).unwrap());
        assert_ne!(order(&moved), order(&before), "z moved");
        assert_eq!(moved, Ranked::new(moved.tree(), TieRule::Slurm));
        assert_eq!(steps, 2, "only z and y are walked again");
        let (_, whole) = walked(&before, |_| Ranked::new(moved.tree(), TieRule::Slurm));
        assert_eq!(whole, before.run().steps().len());
        assert_eq!(whole, 24);
        // z's usage 30 → 10,000: lab (usage 10,030) goes after `after` (3,000) in the root's
        // list, z stays last in lab's.
        let (swapped, steps) = walked(&before, |b| b.with_usage(AssocId(9), ld(10_000)).unwrap());
        assert_eq!(swapped, Ranked::new(swapped.tree(), TieRule::Slurm));
        // after's visit (entered, its list's two steps, two users, left) and lab's (three
        // users); not big's, nor the root's own steps.
        assert_eq!(
            steps,
            6 + 7,
            "only after's and lab's visits are walked again"
        );
    }

    /// The visit walked again can end with another rank counter than before: tied users right
    /// after it (here b1, first of a sibling account entered tied) take the new one.
    #[test]
    fn tied_users_after_a_visit_walked_again_take_its_last_rank() {
        let ld = LongDouble::from_u64;
        let one = Shares::Value(1);
        let r = root();
        let a = account_of(2, &r, "a", one);
        let b = account_of(3, &r, "b", one);
        let tree = AssocTree::new(vec![
            r.clone(),
            a.clone(),
            b.clone(),
            user_of(4, &a, "a1", one, ld(1)),
            user_of(5, &a, "a2", one, ld(1)),
            user_of(6, &b, "b1", one, ld(2)),
        ])
        .unwrap();
        let before = Ranked::new(&tree, TieRule::Slurm);
        let rank =
            |r: &Ranked, id: u32| r.run().assocs()[r.tree().position(AssocId(id)).unwrap()].rank;
        // a1 and a2 tie, a and b tie: everyone shares rank 3.
        assert_eq!(
            [rank(&before, 4), rank(&before, 5), rank(&before, 6)],
            [Some(3); 3]
        );
        // a2's shares 1 → 2: a2 goes first in a's list, a1 second and untied (rank 2); a's and
        // b's Level FS do not change, so b is still entered tied, and b1 takes rank 2.
        let (edited, steps) = walked(&before, |b| {
            b.with_shares(AssocId(5), Shares::Value(2)).unwrap()
        });
        assert_eq!(
            [rank(&edited, 4), rank(&edited, 5), rank(&edited, 6)],
            [Some(2), Some(3), Some(2)]
        );
        assert_eq!(edited, Ranked::new(edited.tree(), TieRule::Slurm));
        assert_eq!(steps, 2, "only a's users are walked again");
    }

    fn fairshare_by_name(tree: &AssocTree, run: &FairTreeRun) -> Vec<(String, f64)> {
        tree.assocs()
            .iter()
            .zip(&run.assocs)
            .filter_map(|(a, r)| Some((a.name().to_string(), r.fairshare?)))
            .collect()
    }

    /// Every case of the Level FS rule, named where the value is computed.
    #[test]
    fn level_fs_rule_names_each_case() {
        let mut parent_acct = assoc(3, Some(1), "hoisted", None, 0, 0.0);
        parent_acct.shares = Shares::Parent;
        let mut parent_user = assoc(31, Some(3), "hoisted", Some("pu"), 0, 5.0);
        parent_user.shares = Shares::Parent;
        let tree = AssocTree::new(vec![
            assoc(1, None, "root", None, 1, 0.0),
            assoc(2, Some(1), "lab", None, 1, 0.0),
            assoc(21, Some(2), "lab", Some("runs"), 1, 3.0),
            assoc(22, Some(2), "lab", Some("idle"), 1, 0.0),
            assoc(23, Some(2), "lab", Some("noshares"), 0, 2.0),
            parent_acct,
            parent_user,
        ])
        .unwrap();
        let run = run(&tree);
        let rule = |id: u32| run.assocs[tree.position(AssocId(id)).unwrap()].level_fs_rule;
        assert_eq!(rule(1), LevelFsRule::Root);
        assert_eq!(rule(2), LevelFsRule::Ratio);
        assert_eq!(rule(21), LevelFsRule::Ratio);
        assert_eq!(rule(22), LevelFsRule::NoUsage);
        assert_eq!(rule(23), LevelFsRule::NoShares);
        assert_eq!(rule(3), LevelFsRule::ParentAccount);
        assert_eq!(rule(31), LevelFsRule::ParentUser);
        // The values agree with the rule's formula.
        let lf = |id: u32| run.assocs[tree.position(AssocId(id)).unwrap()].level_fs;
        assert_eq!(lf(22), Some(LongDouble::INFINITY));
        assert_eq!(lf(23), Some(LongDouble::ZERO));
        assert_eq!(lf(3), None);
    }

    /// Position reads the ranking from the top: the best user (rank N) is position 1, the
    /// worst (rank 1) position N, tied users share one; accounts have none.
    #[test]
    fn position_counts_from_the_top() {
        let tree = tie_merge_minimal();
        let run = run(&tree);
        let by_name = |name: &str| {
            let ix = tree.assocs().iter().position(|a| a.name() == name).unwrap();
            (run.assocs[ix].rank, run.position(ix))
        };
        assert_eq!(run.n_users, 3);
        assert_eq!(by_name("a1"), (Some(3), Some(1)));
        // a2 and b1 tie in Slurm's code: one rank, so one position.
        assert_eq!(by_name("a2"), (Some(2), Some(2)));
        assert_eq!(by_name("b1"), (Some(2), Some(2)));
        assert_eq!(by_name("acct_a"), (None, None));
    }

    /// `tie_merge_minimal`: real Slurm gives a2 and b1 the same rank.
    fn tie_merge_minimal() -> AssocTree {
        AssocTree::new(vec![
            assoc(1, None, "root", None, 1, 0.0),
            assoc(2, Some(1), "acct_a", None, 1, 0.0),
            assoc(21, Some(2), "acct_a", Some("a1"), 1, 1.0),
            assoc(22, Some(2), "acct_a", Some("a2"), 1, 3.0),
            assoc(3, Some(1), "acct_b", None, 1, 0.0),
            assoc(31, Some(3), "acct_b", Some("b1"), 1, 4.0),
        ])
        .unwrap()
    }

    #[test]
    fn tied_accounts_are_not_merged() {
        let tree = tie_merge_minimal();
        let run = run(&tree);
        let got = fairshare_by_name(&tree, &run);
        let want = [("a1", 1.0), ("a2", 2.0 / 3.0), ("b1", 2.0 / 3.0)];
        for (name, fs) in want {
            assert!(
                got.iter().any(|(n, f)| n == name && *f == fs),
                "{name}: {got:?}"
            );
        }
    }

    #[test]
    fn documented_rule_merges_tied_accounts() {
        let tree = tie_merge_minimal();
        let run = run_with(&tree, &Hierarchy::new(&tree), TieRule::Documented);
        let got = fairshare_by_name(&tree, &run);
        let want = [("a1", 1.0), ("b1", 2.0 / 3.0), ("a2", 1.0 / 3.0)];
        for (name, fs) in want {
            assert!(
                got.iter().any(|(n, f)| n == name && *f == fs),
                "{name}: {got:?}"
            );
        }
    }

    #[test]
    fn artefacts_of_accounts_use_exact_sums_of_their_users() {
        // The same mathematical tie one level up: sub-accounts with shares 18/27/45 whose users
        // (two each, fractions of a power of two, so exact in binary) sum to 2/3/5 units.
        let unit = 1.0 / 1024.0;
        let mut v = vec![assoc(1, None, "root", None, 1, 0.0)];
        for (k, (shares, usage)) in [(18, 2.0), (27, 3.0), (45, 5.0)].into_iter().enumerate() {
            let id = 10 * (k as u32 + 1);
            let name = ["sa", "sb", "sc"][k];
            v.push(assoc(id, Some(1), name, None, shares, 0.0));
            v.push(assoc(
                id + 1,
                Some(id),
                name,
                Some("u1"),
                1,
                usage * unit * 0.25,
            ));
            v.push(assoc(
                id + 2,
                Some(id),
                name,
                Some("u2"),
                1,
                usage * unit * 0.75,
            ));
        }
        let tree = AssocTree::new(v).unwrap();
        let run = run(&tree);
        let flagged = run
            .assocs
            .iter()
            .filter(|a| {
                matches!(
                    a.artefact,
                    Some(RoundingArtefact::NoTieOnlyInLongDouble { .. })
                )
            })
            .count();
        assert_eq!(
            flagged,
            2,
            "{:?}",
            run.assocs.iter().map(|a| a.artefact).collect::<Vec<_>>()
        );
    }

    #[test]
    fn long_double_non_tie_is_flagged_as_an_artefact() {
        // ld_vs_f64_no_tie: shares 18/27/45 with usage 2/3/5 are mathematically tied.
        let tree = AssocTree::new(vec![
            assoc(1, None, "root", None, 1, 0.0),
            assoc(2, Some(1), "root", Some("x"), 18, 2.0),
            assoc(3, Some(1), "root", Some("y"), 27, 3.0),
            assoc(4, Some(1), "root", Some("z"), 45, 5.0),
        ])
        .unwrap();
        let run = run(&tree);
        let ranks: Vec<Option<u32>> = run.assocs.iter().map(|a| a.rank).collect();
        assert_eq!(ranks, vec![None, Some(3), Some(1), Some(2)]);
        assert!(matches!(
            run.assocs[3].artefact,
            Some(RoundingArtefact::NoTieOnlyInLongDouble { .. })
        ));
        assert!(matches!(
            run.assocs[2].artefact,
            Some(RoundingArtefact::NoTieOnlyInLongDouble { .. })
        ));
    }
}
