//! The undo history: what one undo step brings back ([`Snapshot`]), the stacks ([`History`]),
//! and the intents that push, undo, redo and restore steps or put back a saved session.

use std::collections::BTreeSet;
use std::sync::Arc;

use fairshare::import::PrintedRow;
use fairshare::{AssocId, Scenario, TieRule};
use leptos::prelude::*;

use super::timeline::ShownMoment;
use super::{AppState, DecayClock, drop_later};

/// How many edits can be undone.
const HISTORY_LIMIT: usize = 200;

/// How many associations the undo steps' trees may hold together. An edited tree is a new
/// copy (about 136 bytes per association), so without a bound 200 edits of a 100k tree held
/// 2.7 GB, near wasm32's 4 GB, and every edit grew the memory by a tree (a copy into fresh
/// pages costs 10–20 times one into freed ones). With it, a 100k tree keeps its last 10 edits,
/// a 10k tree 100, anything up to 5,000 associations all 200.
const HISTORY_ASSOCS: usize = 1_000_000;

/// How many of the oldest undo steps to drop (their trees' sizes, oldest first) so that at
/// most [`HISTORY_LIMIT`] are kept and they hold at most [`HISTORY_ASSOCS`] associations
/// together; the newest step is always kept, however large its tree.
fn excess(sizes: &[usize]) -> usize {
    let mut held = 0usize;
    let kept = sizes
        .iter()
        .rev()
        .take(HISTORY_LIMIT)
        .enumerate()
        .take_while(|&(i, &n)| {
            held = held.saturating_add(n);
            i == 0 || held <= HISTORY_ASSOCS
        })
        .count();
    sizes.len() - kept
}

/// Everything one undo step brings back: the scenario and what belongs to it (the what-if
/// baseline, the rows Slurm printed for an imported text, the preset it came from, the decay
/// timeline's time). Nothing else (selection, tie rule, cursor) is part of a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The scenario.
    pub scenario: Scenario,
    /// The what-if baseline at that time.
    pub baseline: Scenario,
    /// What Slurm printed for the imported text the scenario came from (empty otherwise).
    pub printed: Arc<[PrintedRow]>,
    /// The preset the scenario came from, if any.
    pub preset: Option<&'static str>,
    /// The decay timeline's time for this tree.
    pub decay: DecayClock,
}

impl Snapshot {
    /// How many associations its tree holds.
    fn assocs(&self) -> usize {
        self.scenario.tree.len()
    }
}

/// Undo and redo stacks of whole snapshots (small: a snapshot's tree is shared, an `AssocTree`
/// clone is O(1)).
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// Beside each undo (redo) step, the timeline's snapshot it was shown as, if any (so undoing
    /// a scrubber step away from an edited snapshot shows that snapshot's comparison again).
    /// As long as its stack; not part of a saved session (which holds no timeline).
    undo_at: Vec<Option<ShownMoment>>,
    redo_at: Vec<Option<ShownMoment>>,
}

/// Two histories are equal when their steps are (where in a timeline each was shown aside).
impl PartialEq for History {
    fn eq(&self, other: &Self) -> bool {
        self.undo == other.undo && self.redo == other.redo
    }
}

/// Which way [`AppState::undo`] and [`AppState::redo`] go through the history.
#[derive(Clone, Copy)]
enum Way {
    /// Undo: from the undo stack to the redo stack.
    Back,
    /// Redo: from the redo stack to the undo stack.
    Forward,
}

impl History {
    /// The stack a step `way` takes from and the one it puts what is shown on, each with the
    /// timeline's moments beside its steps.
    fn stacks(&mut self, way: Way) -> [(&mut Vec<Snapshot>, &mut Vec<Option<ShownMoment>>); 2] {
        let History {
            undo,
            redo,
            undo_at,
            redo_at,
        } = self;
        match way {
            Way::Back => [(undo, undo_at), (redo, redo_at)],
            Way::Forward => [(redo, redo_at), (undo, undo_at)],
        }
    }

    /// A history with these stacks (oldest first), as a saved session restores it; the newest
    /// undo steps are kept, as many as [`excess`] allows.
    pub fn from_stacks(mut undo: Vec<Snapshot>, redo: Vec<Snapshot>) -> Self {
        let excess = excess(&undo.iter().map(Snapshot::assocs).collect::<Vec<_>>());
        undo.drain(..excess);
        let (undo_at, redo_at) = (vec![None; undo.len()], vec![None; redo.len()]);
        Self {
            undo,
            redo,
            undo_at,
            redo_at,
        }
    }

    /// The undo stack, oldest first.
    pub fn undo_stack(&self) -> &[Snapshot] {
        &self.undo
    }

    /// The redo stack (the next redo last).
    pub fn redo_stack(&self) -> &[Snapshot] {
        &self.redo
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

impl AppState {
    // ----- History -------------------------------------------------------------------------

    /// The current scenario with what belongs to it, as one undo step would restore it.
    pub fn snapshot(self) -> Snapshot {
        self.snapshot_with(self.scenario.get_untracked())
    }

    /// A snapshot of `scenario` with the current baseline, printed rows and preset.
    pub(super) fn snapshot_with(self, scenario: Scenario) -> Snapshot {
        Snapshot {
            scenario,
            baseline: self.baseline.get_untracked(),
            printed: self.printed.get_untracked(),
            preset: self.preset.get_untracked(),
            decay: self.decay.get_untracked(),
        }
    }

    pub(super) fn push_history(self) {
        self.push_snapshot(self.snapshot());
    }

    pub(super) fn push_snapshot(self, current: Snapshot) {
        let at = self.shown_moment();
        self.write.history.update(|h| {
            h.undo.push(current);
            h.undo_at.push(at);
            let excess = excess(&h.undo.iter().map(Snapshot::assocs).collect::<Vec<_>>());
            if excess > 0 {
                let dropped: Vec<Snapshot> = h.undo.drain(..excess).collect();
                drop_later::keep(drop_later::Slot::History, dropped);
                h.undo_at.drain(..excess);
            }
            h.redo.clear();
            h.redo_at.clear();
        });
    }

    /// Undoes the last edit (or load, or scrubber step away from an edited snapshot).
    pub fn undo(self) {
        self.travel(Way::Back);
    }

    /// Redoes the last undone edit.
    pub fn redo(self) {
        self.travel(Way::Forward);
    }

    /// Brings back the newest step of the stack `way` takes from (and the timeline's moment it
    /// was shown as), putting what is shown now on the other stack.
    fn travel(self, way: Way) {
        let mut h = self.history.get_untracked();
        let [(from, from_at), (to, to_at)] = h.stacks(way);
        let Some(step) = from.pop() else {
            return;
        };
        let at = from_at.pop().flatten();
        to.push(self.snapshot());
        to_at.push(self.shown_moment());
        self.write.history.set(h);
        self.restore(step);
        self.return_to_moment(at);
    }

    /// Brings back a snapshot: its scenario, baseline, printed rows and preset. The selection
    /// stays where it still exists; the cursor is clamped to the new walk.
    fn restore(self, snapshot: Snapshot) {
        let Snapshot {
            scenario,
            baseline,
            printed,
            preset,
            decay,
        } = snapshot;
        let exists = |id: Option<AssocId>| id.filter(|id| scenario.tree.get(*id).is_some());
        self.write.selected.update(|s| *s = exists(*s));
        self.write.compare_with.update(|s| *s = exists(*s));
        self.write.baseline.set(baseline);
        self.write.printed.set(printed);
        self.write.preset.set(preset);
        self.write.decay.set(decay);
        self.write.scenario.set(scenario);
        self.clamp_cursor();
    }

    // ----- Sessions ------------------------------------------------------------------------

    /// Puts back a saved session as it was: the snapshot on screen, its undo history, the
    /// selection (where it exists), the comparison and the tie rule. Not itself undoable.
    pub fn resume(
        self,
        current: Snapshot,
        history: History,
        selected: Option<AssocId>,
        compare_with: Option<AssocId>,
        tie_rule: TieRule,
    ) {
        self.write.collapsed.set(BTreeSet::new());
        self.write.cursor.set(None);
        self.write.selected.set(None);
        self.write.compare_with.set(None);
        self.restore(current);
        let exists = |id: Option<AssocId>| {
            id.filter(|id| self.scenario.with_untracked(|s| s.tree.get(*id).is_some()))
        };
        self.write.selected.set(exists(selected));
        self.write
            .compare_with
            .set(exists(compare_with).filter(|c| Some(*c) != selected));
        self.write.tie_rule.set(tie_rule);
        self.write.history.set(history);
    }

    /// Starts over from `scenario`: no undo history, Slurm's tie rule, nothing selected.
    pub fn start_over(self, scenario: Scenario, preset: Option<&'static str>) {
        self.load(scenario, Vec::new(), preset);
        self.write.tie_rule.set(TieRule::Slurm);
        self.write.history.set(History::default());
    }
}

#[cfg(test)]
mod tests {
    use super::{HISTORY_ASSOCS, HISTORY_LIMIT, excess};

    #[test]
    fn small_trees_keep_every_step_up_to_the_limit() {
        assert_eq!(excess(&[6; 10]), 0);
        assert_eq!(excess(&[5_000; HISTORY_LIMIT]), 0);
        assert_eq!(excess(&[6; HISTORY_LIMIT + 3]), 3);
    }

    #[test]
    fn big_trees_keep_the_newest_steps_their_associations_allow() {
        // A 100k tree's edits: the newest ten are kept (ten trees hold HISTORY_ASSOCS).
        assert_eq!(excess(&[100_000; 25]), 15);
        // Mixed sizes count from the newest: 600k + 400k fit, the older 1k no longer does.
        assert_eq!(excess(&[1_000, 400_000, 600_000]), 1);
        assert_eq!(excess(&[1, HISTORY_ASSOCS]), 1);
    }

    #[test]
    fn the_newest_step_is_kept_however_large() {
        assert_eq!(excess(&[2 * HISTORY_ASSOCS]), 0);
        assert_eq!(excess(&[10, 2 * HISTORY_ASSOCS]), 1);
        assert_eq!(excess(&[]), 0);
    }
}
