//! Who moved between two Fair Tree runs, and why.
//!
//! Users are matched by association id between a baseline scenario and the current one (ids
//! survive every edit). Each user whose rank changed is listed with its old and new rank,
//! position and FairShare, sorted by |Δ|, with a reason where the two runs give one. The reason
//! is found by walking the user's path in the fairshare tree from the root down, and stopping at
//! the first level where something that decides ranks changed:
//!
//! 1. the siblings visited before the path's child changed: it was passed by (or passed) a
//!    sibling. [`crate::explain::explain`], run against a user under that sibling (the edited user
//!    if it is there), names the rule that orders the pair now; the Level FS of both, old → new;
//! 2. the child started, or stopped, sharing a rank with the entry before it (a tie).
//!
//! Where no level changed, N did (FairShare = rank / N), or only the tie rule differs.
//!
//! Cost: one pass over the users, plus, for each explained user, its path with one index per
//! sibling list (built once per parent and shared), so a diff of 100 000 moved users stays
//! linear.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::Ranked;
use crate::explain::{Deciding, explain};
use crate::{AssocId, AssocTree, LongDouble};

/// One user whose rank changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Moved {
    /// The association.
    pub id: AssocId,
    /// Its position in the current tree.
    pub ix: usize,
    /// Rank in the baseline.
    pub old_rank: u32,
    /// Rank now.
    pub new_rank: u32,
    /// Position in the baseline (1 = first served: N − rank + 1 with the baseline's N).
    pub old_position: u32,
    /// Position now.
    pub new_position: u32,
    /// FairShare in the baseline.
    pub old_fairshare: f64,
    /// FairShare now.
    pub new_fairshare: f64,
    /// Why, where the runs tell.
    pub reason: Option<Reason>,
}

impl Moved {
    /// Ranks gained (positive: up, since rank N is the best).
    pub fn delta(&self) -> i64 {
        i64::from(self.new_rank) - i64::from(self.old_rank)
    }

    /// Places moved, either way: the distance between the old and the new position (0 when it
    /// kept its place). Positions count from the top of each run, so when the number of users
    /// changed this is not [`Moved::delta`]'s size.
    pub fn places_moved(&self) -> u32 {
        self.old_position.abs_diff(self.new_position)
    }

    /// The move as people read it: up or down how many places ([`PlaceMove::between`] of its
    /// positions).
    pub fn place_move(&self) -> PlaceMove {
        PlaceMove::between(Some(self.old_position), Some(self.new_position))
    }
}

/// How a user's position (1 = first served) changed between two runs, as it is worded: "up
/// 1,352 places", "down 3 places", "same place", "new".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceMove {
    /// Not placed before (a newcomer), or not placed now.
    New,
    /// This many places nearer the top (a smaller position).
    Up(u32),
    /// This many places further down.
    Down(u32),
    /// The same position.
    Same,
}

impl PlaceMove {
    /// The move from position `old` to position `new`; [`PlaceMove::New`] when either is
    /// missing.
    pub fn between(old: Option<u32>, new: Option<u32>) -> PlaceMove {
        let (Some(old), Some(new)) = (old, new) else {
            return PlaceMove::New;
        };
        match new.cmp(&old) {
            std::cmp::Ordering::Less => PlaceMove::Up(old - new),
            std::cmp::Ordering::Greater => PlaceMove::Down(new - old),
            std::cmp::Ordering::Equal => PlaceMove::Same,
        }
    }
}

/// Position from the top (1 = first served) of `rank` among `n_users`.
fn position(n_users: u32, rank: u32) -> u32 {
    n_users.saturating_sub(rank).saturating_add(1)
}

/// Why a user moved. Positions are in the current tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Under `parent`, the path's `child` and its sibling `other` changed order.
    Crossed {
        /// The common parent (the first common ancestor of the user and `other`'s users).
        parent: usize,
        /// The user's ancestor-or-self below `parent`.
        child: usize,
        /// The sibling it passed, or that passed it.
        other: usize,
        /// Whether `child` now goes before `other`.
        now_ahead: bool,
        /// `child`'s Level FS, baseline → now.
        child_lf: LfChange,
        /// `other`'s Level FS, baseline → now.
        other_lf: LfChange,
        /// The rule that orders them now, from `fairshare::explain` (when `other` has users).
        deciding: Option<Deciding>,
    },
    /// Under `parent`, `child` started (or stopped) sharing a rank with the entry before it.
    Tie {
        /// The parent.
        parent: usize,
        /// The user's ancestor-or-self below it.
        child: usize,
        /// Whether it is tied now.
        tied: bool,
    },
    /// N changed.
    UserCount {
        /// Baseline N.
        old: u32,
        /// N now.
        new: u32,
    },
    /// The tie rule differs from the baseline's (and nothing else does).
    TieRule,
}

/// A Level FS in the baseline and now (`None`: it has none, e.g. the root).
pub type LfChange = (Option<LongDouble>, Option<LongDouble>);

impl Reason {
    /// For [`Reason::Crossed`], the two siblings in the order they are visited now (the one
    /// served first first), each with its Level FS change; `None` for the other reasons.
    pub fn crossed_in_order(&self) -> Option<[(usize, LfChange); 2]> {
        match *self {
            Reason::Crossed {
                child,
                other,
                now_ahead,
                child_lf,
                other_lf,
                ..
            } => {
                let (child, other) = ((child, child_lf), (other, other_lf));
                Some(if now_ahead {
                    [child, other]
                } else {
                    [other, child]
                })
            }
            _ => None,
        }
    }
}

/// The whole comparison (two are equal when their moves, added and removed are).
#[derive(Clone, Debug, Default)]
pub struct RunDiff {
    /// Users whose rank changed, by |Δ| (largest first), then best rank first. The first
    /// `explained` (an argument of [`run_diff`]) carry a reason.
    pub moved: Vec<Moved>,
    /// Users that exist now but not in the baseline.
    pub added: usize,
    /// Users of the baseline that no longer exist.
    pub removed: usize,
    /// What the reasons were found with: the one edited user, if exactly one user differs
    /// from the baseline, and whether the trees are equal (so [`reason_in`] finds any user's
    /// reason without comparing the trees again).
    edited_user: Option<usize>,
    same_tree: bool,
}

impl PartialEq for RunDiff {
    fn eq(&self, other: &Self) -> bool {
        // What the reasons were found with is not compared: it follows from the two runs.
        self.moved == other.moved && self.added == other.added && self.removed == other.removed
    }
}

/// The baseline position of the association at current position `ix` (edits rarely move
/// positions, so the same position is tried before the id index).
fn base_position(base: &AssocTree, ix: usize, id: AssocId) -> Option<usize> {
    match base.assocs().get(ix) {
        Some(a) if a.id == id => Some(ix),
        _ => base.position(id),
    }
}

/// The users whose association differs from the baseline's: none when the trees are equal
/// (known without comparing them association by association).
fn edited_of(runs: &Runs<'_>) -> Vec<usize> {
    if runs.same_tree {
        return Vec::new();
    }
    edited_users(runs.base.tree(), runs.cur.tree())
}

/// The users whose association differs from the baseline's (new ones included).
fn edited_users(base: &AssocTree, cur: &AssocTree) -> Vec<usize> {
    cur.assocs()
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_user())
        .filter(|(ix, a)| {
            base_position(base, *ix, a.id).and_then(|b| base.assocs().get(b)) != Some(*a)
        })
        .map(|(ix, _)| ix)
        .collect()
}

/// The move of the user at position `ix` of `cur`'s tree against `base`, as [`run_diff`] lists
/// it (without a reason): `None` if its rank did not change, it is new since the baseline, has
/// no rank, or is no user. O(1) (a position the edit moved: one id lookup), so a caller that
/// shows a few users (the tree's what-if tags) needs no whole diff, which is O(n) per edit.
pub fn moved(base: &Ranked, cur: &Ranked, ix: usize) -> Option<Moved> {
    let a = cur.tree().assocs().get(ix).filter(|a| a.is_user())?;
    row_of(base, cur, ix, a).ok().flatten()
}

/// The row of the user `a` at `ix` if its rank changed; `Err(())` if it is new.
fn row_of(
    base: &Ranked,
    cur: &Ranked,
    ix: usize,
    a: &crate::tree::Assoc,
) -> Result<Option<Moved>, ()> {
    let (bt, base_run, run) = (base.tree(), base.run(), cur.run());
    let Some(now) = run.assocs.get(ix) else {
        return Ok(None);
    };
    let before = base_position(bt, ix, a.id).and_then(|b| base_run.assocs.get(b));
    let before = before.ok_or(())?;
    let (Some(old_rank), Some(new_rank)) = (before.rank, now.rank) else {
        return Ok(None);
    };
    Ok((old_rank != new_rank).then(|| Moved {
        id: a.id,
        ix,
        old_rank,
        new_rank,
        old_position: position(base_run.n_users, old_rank),
        new_position: position(run.n_users, new_rank),
        old_fairshare: before.fairshare.unwrap_or(0.0),
        new_fairshare: now.fairshare.unwrap_or(0.0),
        reason: None,
    }))
}

/// Compares a run (`cur`, with its hierarchy `h` and `run`) with a baseline run of `base`.
///
/// Users are matched by association id (ids survive every edit). Each user whose rank changed
/// is listed, largest |Δ| first; the first `explained` of them carry a [`Reason`].
pub fn run_diff(base: &Ranked, cur: &Ranked, explained: usize) -> RunDiff {
    // A ranking against itself (a timeline's oldest snapshot is its own baseline): nothing
    // moved, known in O(1) rather than by a pass over both trees.
    if std::sync::Arc::ptr_eq(&base.shared_run(), &cur.shared_run()) {
        return RunDiff {
            same_tree: true,
            ..RunDiff::default()
        };
    }
    let (bt, ct) = (base.tree(), cur.tree());
    let runs = Runs {
        base,
        cur,
        same_tree: bt == ct,
        levels: RefCell::new(HashMap::new()),
    };
    let edited = edited_of(&runs);
    let edited_user = match edited.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let mut diff = RunDiff {
        edited_user,
        same_tree: runs.same_tree,
        ..RunDiff::default()
    };
    // The row of the user at `ix` if its rank changed; `Err(())` if it is new.
    let row = |ix: usize, a: &crate::tree::Assoc| row_of(base, cur, ix, a);
    // Largest moves first, then the better new rank, equal ones in tree order (as a stable
    // sort of the rows would leave them): an unstable sort of (inverted key, tree position)
    // pairs, the element type of Fair Tree's sibling sort, so that the wasm holds one copy of
    // the sort for both. The rows are built again in that order rather than moved about.
    let mut tagged: Vec<(u128, u32)> = Vec::new();
    for (ix, a) in ct.assocs().iter().enumerate() {
        if !a.is_user() {
            continue;
        }
        match row(ix, a) {
            Err(()) => diff.added += 1,
            Ok(Some(m)) => {
                let key = (u128::from(m.delta().unsigned_abs()) << 32) | u128::from(m.new_rank);
                tagged.push((!key, ix as u32));
            }
            Ok(None) => {}
        }
    }
    tagged.sort_unstable();
    let assocs = ct.assocs();
    diff.moved = tagged
        .iter()
        .filter_map(|&(_, ix)| {
            let ix = ix as usize;
            row(ix, assocs.get(ix)?).ok().flatten()
        })
        .collect();
    diff.removed = bt
        .assocs()
        .iter()
        .filter(|a| a.is_user() && ct.get(a.id).is_none())
        .count();
    // Reasons only for the rows shown: each may call `explain`, which is linear in a sibling
    // list, and a big import can move every one of 100 000 users.
    for m in diff.moved.iter_mut().take(explained) {
        m.reason = reason(&runs, m.ix, edited_user);
    }
    diff
}

/// The reason the user at current position `ix` moved (or would have: the first level on its
/// path whose order changed), as [`run_diff`] gives its rows: for one user (a selected one)
/// without explaining the others. `None` for a position that is not a user.
pub fn reason_for(base: &Ranked, cur: &Ranked, ix: usize) -> Option<Reason> {
    if !cur.hierarchy().is_user(ix) {
        return None;
    }
    let runs = Runs {
        base,
        cur,
        same_tree: base.tree() == cur.tree(),
        levels: RefCell::new(HashMap::new()),
    };
    let edited = edited_of(&runs);
    let edited_user = match edited.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    reason(&runs, ix, edited_user)
}

/// [`reason_for`] of the user at position `ix` of `cur`, given `diff`, which is
/// `run_diff(base, cur, _)`: the diff's own reason when it explained that user, else found
/// as [`reason_for`] finds it, without the scan of both trees for edited users (the diff
/// made it once). O(the user's path and its sibling lists). Equal to [`reason_for`] (tested).
pub fn reason_in(diff: &RunDiff, base: &Ranked, cur: &Ranked, ix: usize) -> Option<Reason> {
    if !cur.hierarchy().is_user(ix) {
        return None;
    }
    if let Some(reason) = diff
        .moved
        .iter()
        .find(|m| m.ix == ix)
        .and_then(|m| m.reason.clone())
    {
        return Some(reason);
    }
    let runs = Runs {
        base,
        cur,
        same_tree: diff.same_tree,
        levels: RefCell::new(HashMap::new()),
    };
    reason(&runs, ix, diff.edited_user)
}

/// The baseline and current runs with their trees, for looking one up by the other's ids.
struct Runs<'a> {
    base: &'a Ranked,
    cur: &'a Ranked,
    /// Whether the trees are equal (so only the tie rule can differ).
    same_tree: bool,
    /// Per parent (current position): its children's order now and in the baseline, built once
    /// and shared by every user below it (a big what-if stays linear, not quadratic).
    levels: RefCell<HashMap<usize, Rc<Level>>>,
}

/// One parent's sorted children, now and in the baseline, indexed by association id.
struct Level {
    /// Position of each child in the current order.
    now: HashMap<AssocId, usize>,
    /// The current order (positions in the current tree).
    order: crate::step::Order,
    /// `now_sets[i]`: a hash of the set of ids before position `i` (now).
    now_sets: Vec<u64>,
    /// Position of each child in the baseline order (empty if the parent is new).
    before: HashMap<AssocId, usize>,
    /// The same set hashes in the baseline.
    before_sets: Vec<u64>,
}

/// A well-mixed 64-bit hash of an id (splitmix64); sums of these hash sets of ids.
fn id_hash(id: AssocId) -> u64 {
    let mut z = u64::from(id.0).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Positions and prefix set hashes of an ordered list of ids.
fn index(ids: impl Iterator<Item = AssocId>) -> (HashMap<AssocId, usize>, Vec<u64>) {
    let mut pos = HashMap::new();
    let mut sets = vec![0u64];
    for (i, id) in ids.enumerate() {
        pos.insert(id, i);
        let last = sets[sets.len() - 1];
        sets.push(last.wrapping_add(id_hash(id)));
    }
    (pos, sets)
}

impl Runs<'_> {
    fn id(&self, ix: usize) -> Option<AssocId> {
        self.cur.tree().assocs().get(ix).map(|a| a.id)
    }

    /// The baseline's values of the association at current position `ix`.
    fn before(&self, ix: usize) -> Option<&crate::FairTreeAssoc> {
        let b = self.base.tree().position(self.id(ix)?)?;
        self.base.run().assocs.get(b)
    }

    fn level(&self, parent: usize) -> Rc<Level> {
        if let Some(level) = self.levels.borrow().get(&parent) {
            return Rc::clone(level);
        }
        let order = self
            .cur
            .run()
            .sorted_children
            .get(parent)
            .cloned()
            .unwrap_or_default();
        let (now, now_sets) = index(order.iter().filter_map(|&ix| self.id(ix)));
        let base_order = self
            .id(parent)
            .and_then(|pid| self.base.tree().position(pid))
            .and_then(|bp| self.base.run().sorted_children.get(bp));
        let assocs = self.base.tree().assocs();
        let (before, before_sets) = index(
            base_order
                .into_iter()
                .flat_map(|o| o.iter())
                .filter_map(|&b| assocs.get(b).map(|a| a.id)),
        );
        let level = Rc::new(Level {
            now,
            order,
            now_sets,
            before,
            before_sets,
        });
        self.levels.borrow_mut().insert(parent, Rc::clone(&level));
        level
    }

    /// The first user Fair Tree visited below `ix` (itself if a user): the walk is depth-first,
    /// so it is the first user visited from `ix` on, if that one is under `ix`.
    fn first_user_under(&self, ix: usize) -> Option<usize> {
        let start = self.cur.run().assocs.get(ix)?.visit? as usize;
        let user = self
            .cur
            .run()
            .visit_order
            .get(start..)?
            .iter()
            .copied()
            .find(|&v| {
                self.cur
                    .hierarchy()
                    .is_user
                    .get(v)
                    .copied()
                    .unwrap_or(false)
            })?;
        (user == ix || self.cur.hierarchy().fs_ancestors(user).any(|a| a == ix)).then_some(user)
    }

    /// `user`'s ancestor-or-self directly below `parent` in the fairshare tree, if any.
    fn below(&self, parent: usize, user: usize) -> Option<usize> {
        std::iter::once(user)
            .chain(self.cur.hierarchy().fs_ancestors(user))
            .find(|&a| self.cur.hierarchy().fs_parent.get(a).copied().flatten() == Some(parent))
    }
}

/// Under `parent`, did the set of siblings before `child` change? If so, the sibling that
/// changed sides (the edited user's side if it did, else the nearest one), when one still
/// exists; `Some(None)` when only added or removed siblings changed the set.
fn crossing(
    runs: &Runs,
    parent: usize,
    child: usize,
    edited_user: Option<usize>,
) -> Option<Option<usize>> {
    let level = runs.level(parent);
    let id = runs.id(child)?;
    let now = *level.now.get(&id)?;
    let same = level
        .before
        .get(&id)
        .is_some_and(|&b| b == now && level.before_sets.get(b) == level.now_sets.get(now));
    if same {
        return None;
    }
    let flipped = |s: usize| {
        let Some(sid) = runs.id(s) else { return false };
        match (
            level.now.get(&sid),
            level.before.get(&sid),
            level.before.get(&id),
        ) {
            (Some(&sn), Some(&sb), Some(&cb)) => s != child && (sn < now) != (sb < cb),
            _ => false,
        }
    };
    let edited_side = edited_user
        .and_then(|e| runs.below(parent, e))
        .filter(|&s| flipped(s));
    let nearest = || {
        (1..level.order.len()).find_map(|d| {
            [now.checked_sub(d), now.checked_add(d)]
                .into_iter()
                .flatten()
                .filter_map(|p| level.order.get(p).copied())
                .find(|&s| flipped(s))
        })
    };
    Some(edited_side.or_else(nearest))
}

fn reason(runs: &Runs, x: usize, edited_user: Option<usize>) -> Option<Reason> {
    let (h, run) = (runs.cur.hierarchy(), runs.cur.run());
    if runs.same_tree && runs.base.rule() != run.tie_rule {
        return Some(Reason::TieRule);
    }
    let mut path: Vec<usize> = std::iter::once(x).chain(h.fs_ancestors(x)).collect();
    path.reverse();
    for w in path.windows(2) {
        let (parent, child) = (w[0], w[1]);
        let lf_now = |ix: usize| run.assocs.get(ix).and_then(|a| a.level_fs);
        let lf_before = |ix: usize| runs.before(ix).and_then(|a| a.level_fs);
        if let Some(Some(other)) = crossing(runs, parent, child, edited_user) {
            let level = runs.level(parent);
            let pos = |ix: usize| runs.id(ix).and_then(|id| level.now.get(&id).copied());
            let now_ahead = pos(child) < pos(other);
            let user = edited_user
                .filter(|&e| runs.below(parent, e) == Some(other))
                .or_else(|| runs.first_user_under(other));
            let deciding = user
                .and_then(|u| explain(runs.cur, x, u).ok())
                .filter(|e| e.common_ancestor == parent)
                .map(|e| e.deciding);
            return Some(Reason::Crossed {
                parent,
                child,
                other,
                now_ahead,
                child_lf: (lf_before(child), lf_now(child)),
                other_lf: (lf_before(other), lf_now(other)),
                deciding,
            });
        }
        let tied_now = run.assocs.get(child).is_some_and(|a| a.tie.is_some());
        let tied_before = runs.before(child).is_some_and(|a| a.tie.is_some());
        if tied_now != tied_before {
            return Some(Reason::Tie {
                parent,
                child,
                tied: tied_now,
            });
        }
    }
    if runs.base.run().n_users != run.n_users {
        return Some(Reason::UserCount {
            old: runs.base.run().n_users,
            new: run.n_users,
        });
    }
    (runs.base.run().tie_rule != run.tie_rule).then_some(Reason::TieRule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Scenario, TieRule};

    /// The lab every case starts from (labmate's usage 20).
    fn lab() -> String {
        crate::testing::lab_json("20", "")
    }

    fn diff_after(
        edit: impl FnOnce(&AssocTree) -> AssocTree,
        rule: TieRule,
    ) -> (Scenario, RunDiff) {
        let base = crate::scenario::parse(&lab()).0.unwrap();
        let mut cur = base.clone();
        cur.tree = edit(&base.tree);
        let d = run_diff(
            &Ranked::new(&base.tree, TieRule::Slurm),
            &Ranked::new(&cur.tree, rule),
            usize::MAX,
        );
        (cur, d)
    }

    fn ix(s: &Scenario, id: u32) -> usize {
        s.tree.position(AssocId(id)).unwrap()
    }

    #[test]
    fn nothing_moves_without_an_edit() {
        let (_, d) = diff_after(Clone::clone, TieRule::Slurm);
        assert_eq!(d, RunDiff::default());
    }

    #[test]
    fn a_labmates_usage_sinks_the_whole_account() {
        // bio (usage 30) is above geo (90); the labmate runs 200 more, and bio falls below geo.
        let (cur, d) = diff_after(
            |t| {
                t.with_usage(AssocId(22), LongDouble::from_u64(220))
                    .unwrap()
            },
            TieRule::Slurm,
        );
        let me = d.moved.iter().find(|m| m.id == AssocId(21)).unwrap();
        assert_eq!((me.old_rank, me.new_rank), (4, 2));
        assert_eq!((me.old_position, me.new_position), (1, 3));
        assert_eq!(me.places_moved(), 2);
        assert_eq!((me.old_fairshare, me.new_fairshare), (1.0, 0.5));
        // The first level where my path changed: under root, geo passed bio.
        let Some(Reason::Crossed {
            parent,
            child,
            other,
            now_ahead,
            deciding,
            child_lf,
            other_lf,
        }) = me.reason
        else {
            panic!("{:?}", me.reason)
        };
        assert_eq!(
            (parent, child, other, now_ahead, deciding),
            (
                ix(&cur, 1),
                ix(&cur, 2),
                ix(&cur, 3),
                false,
                Some(Deciding::HigherLevelFs)
            )
        );
        assert_ne!(child_lf.0, child_lf.1, "bio's Level FS changed");
        assert_ne!(
            other_lf.0, other_lf.1,
            "geo's Level FS changed (root's usage grew)"
        );
        // Sorted by |Δ|, largest first.
        let deltas: Vec<i64> = d.moved.iter().map(|m| m.delta().abs()).collect();
        assert!(deltas.windows(2).all(|w| w[0] >= w[1]), "{deltas:?}");
        assert_eq!(d.moved.len(), 4);
    }

    #[test]
    fn only_the_first_explained_rows_carry_a_reason() {
        let (_, all) = diff_after(
            |t| {
                t.with_usage(AssocId(22), LongDouble::from_u64(220))
                    .unwrap()
            },
            TieRule::Slurm,
        );
        let base = crate::scenario::parse(&lab()).0.unwrap();
        let mut cur = base.clone();
        cur.tree = base
            .tree
            .with_usage(AssocId(22), LongDouble::from_u64(220))
            .unwrap();
        let one = run_diff(
            &Ranked::new(&base.tree, TieRule::Slurm),
            &Ranked::new(&cur.tree, TieRule::Slurm),
            1,
        );
        assert!(one.moved[0].reason.is_some());
        assert!(one.moved[1..].iter().all(|m| m.reason.is_none()));
        assert_eq!(one.moved.len(), all.moved.len());
    }

    #[test]
    fn a_new_tie_is_named() {
        // g2 uses as much as g1: equal Level FS, so g2 shares g1's rank.
        let (cur, d) = diff_after(
            |t| t.with_usage(AssocId(32), LongDouble::from_u64(40)).unwrap(),
            TieRule::Slurm,
        );
        let g2 = d.moved.iter().find(|m| m.id == AssocId(32)).unwrap();
        assert_eq!((g2.old_rank, g2.new_rank), (1, 2));
        assert_eq!(
            g2.reason,
            Some(Reason::Tie {
                parent: ix(&cur, 3),
                child: ix(&cur, 32),
                tied: true
            })
        );
    }

    #[test]
    fn added_users_are_counted_and_n_explains_the_rest() {
        let (_, d) = diff_after(
            |t| {
                t.with_added(crate::testing::assoc(
                    99,
                    Some(3),
                    "geo",
                    Some("newbie"),
                    0,
                    0.0,
                ))
                .unwrap()
            },
            TieRule::Slurm,
        );
        assert_eq!((d.added, d.removed), (1, 0));
        assert_eq!(d.moved.len(), 4, "N grew, so every rank shifted");
        for m in &d.moved {
            assert_eq!(
                m.reason,
                Some(Reason::UserCount { old: 4, new: 5 }),
                "{m:?}"
            );
            // A rank shift caused by N alone leaves positions where they were.
            assert_eq!(m.old_position, m.new_position, "{m:?}");
        }
        let (_, removed) = diff_after(|t| t.without(AssocId(21)).unwrap(), TieRule::Slurm);
        assert_eq!(removed.removed, 1);
    }

    #[test]
    fn the_tie_rule_is_named_when_it_is_the_only_change() {
        // Two tied accounts: the documented rule merges them, Slurm's code does not.
        let base = crate::scenario::parse(
            r#"{"associations": [
              {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
              {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
              {"id": 21, "parent": 2, "account": "a", "user": "a1", "shares": 1, "usage_raw": 1},
              {"id": 22, "parent": 2, "account": "a", "user": "a2", "shares": 1, "usage_raw": 3},
              {"id": 3, "parent": 1, "account": "b", "user": null, "shares": 1},
              {"id": 31, "parent": 3, "account": "b", "user": "b1", "shares": 1, "usage_raw": 4}
            ]}"#,
        )
        .0
        .unwrap();
        let slurm = Ranked::new(&base.tree, TieRule::Slurm);
        let d = run_diff(&slurm, &slurm.with_rule(TieRule::Documented), usize::MAX);
        assert!(!d.moved.is_empty(), "the rules rank this tree differently");
        assert!(d.moved.iter().all(|m| m.reason == Some(Reason::TieRule)));
    }

    #[test]
    fn place_move_words_the_change_of_position() {
        assert_eq!(
            PlaceMove::between(Some(1_400), Some(48)),
            PlaceMove::Up(1_352)
        );
        assert_eq!(PlaceMove::between(Some(1), Some(4)), PlaceMove::Down(3));
        assert_eq!(PlaceMove::between(Some(2), Some(2)), PlaceMove::Same);
        assert_eq!(PlaceMove::between(None, Some(2)), PlaceMove::New);
        assert_eq!(PlaceMove::between(Some(2), None), PlaceMove::New);
        assert_eq!(
            PlaceMove::between(Some(u32::MAX), Some(1)),
            PlaceMove::Up(u32::MAX - 1)
        );
    }

    /// A ranking against itself (found in O(1)) is what the full comparison of two equal
    /// rankings built apart gives: no move, nobody added or removed, and any user's reason
    /// looked up in it is the full lookup's.
    #[test]
    fn a_ranking_against_itself_is_the_diff_of_equal_rankings() {
        let s = crate::scenario::parse(&lab()).0.unwrap();
        let r = Ranked::new(&s.tree, TieRule::Slurm);
        let apart = Ranked::new(&s.tree, TieRule::Slurm);
        let own = run_diff(&r, &r, usize::MAX);
        let full = run_diff(&apart, &r, usize::MAX);
        assert_eq!(own, full);
        assert!(own.moved.is_empty() && own.added == 0 && own.removed == 0);
        assert_eq!(
            (own.edited_user, own.same_tree),
            (full.edited_user, full.same_tree)
        );
        for ix in 0..s.tree.len() {
            assert_eq!(reason_in(&own, &r, &r, ix), reason_for(&apart, &r, ix));
        }
    }

    #[test]
    fn places_moved_is_the_distance_between_positions_either_way() {
        // Up from 1,400th to 48th while the run lost 10 users: 1,352 places, 1,342 ranks.
        let up = Moved {
            id: AssocId(7),
            ix: 0,
            old_rank: 1,
            new_rank: 1_343,
            old_position: 1_400,
            new_position: 48,
            old_fairshare: 0.0,
            new_fairshare: 0.5,
            reason: None,
        };
        assert_eq!(up.places_moved(), 1_352);
        assert_eq!(up.delta(), 1_342);
        let down = Moved {
            old_position: 48,
            new_position: 1_400,
            ..up.clone()
        };
        assert_eq!(down.places_moved(), 1_352);
        let stayed = Moved {
            new_position: 1_400,
            ..up.clone()
        };
        assert_eq!(stayed.places_moved(), 0);
        assert_eq!(up.place_move(), PlaceMove::Up(1_352));
        assert_eq!(down.place_move(), PlaceMove::Down(1_352));
        assert_eq!(stayed.place_move(), PlaceMove::Same);
    }
}
