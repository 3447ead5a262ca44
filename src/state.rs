//! `AppState`: the one app-wide state, provided through context.
//!
//! Every field is a `Copy` handle (signals and memos). The scenario is the single source of
//! truth; everything the screen shows about fairshare is a memo over the engine's pure functions
//! (`Ranked::new`, `Ranked::with_rule`, `Ranked::classic`, `Frame::at`). Components change
//! state only through the intent methods below (or intent methods of their own, in their own
//! files, built on these), never by writing signals handed down to them.
//!
//! Edits go through the engine's validated tree edits: an invalid edit returns the engine's
//! message and leaves the scenario as it was. Every accepted edit can be undone.

use std::collections::BTreeSet;
use std::sync::Arc;

use fairshare::diff::RunDiff;
use fairshare::import::PrintedRow;
use fairshare::step::Frame;
use fairshare::{
    Assoc, AssocId, AssocTree, Hierarchy, LongDouble, Ranked, Scenario, Shares, TieRule, TreeError,
    classic, fair_tree,
};
use leptos::prelude::*;

use crate::chrome::PanelTab;

mod timeline;
pub use timeline::{LoadedTimeline, build_timeline};

/// The comparison of memos whose value is new on every change of their sources (a whole run or
/// hierarchy): always "changed", instead of a deep comparison that would find the same.
fn changed<T>(_: Option<&T>, _: Option<&T>) -> bool {
    true
}

/// The comparison of memos that hold a part of a `Ranked`: changed unless it is the same shared
/// value (switching the tie rule keeps the hierarchy; O(1) either way).
fn other_arc<T>(old: Option<&Arc<T>>, new: Option<&Arc<T>>) -> bool {
    !matches!((old, new), (Some(old), Some(new)) if Arc::ptr_eq(old, new))
}

/// How many edits can be undone.
const HISTORY_LIMIT: usize = 200;

/// Where the decay timeline stands (the decay panel moves it; every other edit restarts it).
///
/// The decay panel's jobs are timed on one clock that never restarts; the timeline's t = 0 is
/// `epoch` seconds into it. The tree on screen is the tree at `time` seconds after t = 0,
/// computed from `base`, the tree at t = 0 (never decayed twice).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecayClock {
    /// Seconds from the jobs' clock's start to the timeline's t = 0.
    pub epoch: i64,
    /// Seconds after t = 0 that the tree on screen shows.
    pub time: i64,
    /// The tree at t = 0, once the timeline has moved since it (re)started; `None`: the tree on
    /// screen is itself t = 0.
    pub base: Option<Arc<AssocTree>>,
}

impl DecayClock {
    /// The clock after an edit that is not a move in time: t = 0 becomes the tree as it is,
    /// at the same moment of the jobs' clock.
    pub fn restarted(&self) -> DecayClock {
        DecayClock {
            epoch: self.epoch.saturating_add(self.time),
            time: 0,
            base: None,
        }
    }
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

/// Undo and redo stacks of whole snapshots (small: a snapshot's tree is shared, an `AssocTree`
/// clone is O(1)).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl History {
    /// A history with these stacks (oldest first), as a saved session restores it; at most
    /// [`HISTORY_LIMIT`] undo steps are kept (the newest).
    pub fn from_stacks(mut undo: Vec<Snapshot>, redo: Vec<Snapshot>) -> Self {
        let excess = undo.len().saturating_sub(HISTORY_LIMIT);
        undo.drain(..excess);
        Self { undo, redo }
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

/// A before snapshot loaded to compare the scenario with: its tree numbered with the
/// scenario's ids (matched by name, `fairshare::snapshot`), ranked with Slurm's rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Before {
    /// The before snapshot, ranked (numbered with the scenario's ids).
    pub ranked: Ranked,
    /// Users of the scenario that were not in the before snapshot.
    pub added: usize,
    /// Users of the before snapshot that are gone.
    pub removed: usize,
}

/// The app-wide state. `Copy`: move it into closures freely.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The scenario on screen (tree, algorithm, parameters).
    pub scenario: RwSignal<Scenario>,
    /// The what-if baseline: ranks are compared against this scenario.
    pub baseline: RwSignal<Scenario>,
    /// Undo/redo stacks.
    pub history: RwSignal<History>,
    /// The selected association.
    pub selected: RwSignal<Option<AssocId>>,
    /// The user association compared with the selected one ("why is B above me?").
    pub compare_with: RwSignal<Option<AssocId>>,
    /// Which tie rule ranks the tree (Slurm's by default).
    pub tie_rule: RwSignal<TieRule>,
    /// Accounts collapsed on purpose in the tree view.
    pub collapsed: RwSignal<BTreeSet<AssocId>>,
    /// Accounts expanded on purpose in the tree view (big trees open collapsed).
    pub expanded: RwSignal<BTreeSet<AssocId>>,
    /// What Slurm printed for an imported sshare text (empty otherwise), by association id.
    pub printed: RwSignal<Arc<[PrintedRow]>>,
    /// The preset the scenario came from, if any.
    pub preset: RwSignal<Option<&'static str>>,
    /// The decay timeline's time (part of each undo step).
    pub decay: RwSignal<DecayClock>,
    /// The side column's open panel (its tab is selected).
    pub panel: RwSignal<PanelTab>,
    /// The ranking animation's cursor: `None` shows the finished ranking (the page opens so);
    /// `Some(k)` shows the walk after `k` steps.
    pub cursor: RwSignal<Option<usize>>,
    /// The scenario's tree ranked by Fair Tree with the chosen tie rule (tree, hierarchy and
    /// run built together): what the tree shows, and what `explain`, the sshare rows and the
    /// diff read.
    pub ranked: Memo<Ranked>,
    /// The same tree ranked with Slurm's tie rule (`ranked` itself, shared, under Slurm's
    /// rule; otherwise another run on the same hierarchy).
    pub slurm_ranked: Memo<Ranked>,
    /// The baseline scenario ranked with Slurm's tie rule: the one baseline run (the what-if
    /// panel's diff and the tree's what-if tags compare against it).
    pub baseline_ranked: Memo<Ranked>,
    /// `ranked`'s hierarchy (Slurm's derived structure of the scenario's tree), shared.
    pub hierarchy: Memo<Arc<Hierarchy>>,
    /// `ranked`'s run: Fair Tree with the chosen tie rule, shared.
    pub run: Memo<Arc<fair_tree::FairTreeRun>>,
    /// Who moved against the baseline, both ranked with Slurm's tie rule (so that switching the
    /// tie rule alone moves nobody: the tree tags that difference on its own). The engine's
    /// [`fairshare::diff::run_diff`], without reasons; the tree's what-if tags read it.
    pub moves: Memo<RunDiff>,
    /// The classic algorithm on the same scenario (computed only while something reads it; not
    /// again when only the tie rule changes).
    pub classic: Memo<classic::ClassicRun>,
    /// The animation frame at the cursor (the finished walk when the cursor is `None`).
    pub frame: Memo<Frame>,
    /// The before snapshot the scenario is compared with, if one is loaded (it is also the
    /// what-if baseline, so the tree's tags and the what-if list show the moves since it).
    pub before: RwSignal<Option<Before>>,
    /// The ranking of the scenario's next tree, computed by an edit from the ranking before it
    /// (`Ranked::with_usage`, `Ranked::with_shares`: only the lists on the edited path sorted
    /// again); `slurm_ranked` takes it when it ranks that very tree, instead of ranking it
    /// from scratch.
    next_ranked: StoredValue<Option<Ranked>>,
    /// The timeline of snapshots, if one is loaded: the scenario is its snapshot `at`, and the
    /// before snapshot the one before it (`state/timeline.rs`).
    pub timeline: RwSignal<Option<LoadedTimeline>>,
}

impl AppState {
    /// Creates the state for `initial` and provides it to the component tree.
    pub fn provide(initial: Scenario) -> Self {
        let state = Self::new(initial);
        provide_context(state);
        state
    }

    /// Creates the state for a built-in preset, recording which one (the toolbar's menu shows
    /// it), and provides it to the component tree.
    pub fn provide_preset(preset: &crate::presets::Preset) -> Self {
        let state = Self::provide(preset.scenario());
        state.preset.set(Some(preset.id));
        state
    }

    /// Creates the state (without providing it; tests use this directly).
    pub fn new(initial: Scenario) -> Self {
        let scenario = RwSignal::new(initial.clone());
        let baseline = RwSignal::new(initial);
        let tie_rule = RwSignal::new(TieRule::Slurm);
        let cursor = RwSignal::new(None);
        // The big memos are recomputed on every edit and never come out equal, so they skip
        // the deep comparison (O(n) per memo and edit on a 100k tree). A `Ranked` shares its
        // tree with the scenario (an `AssocTree` clone is O(1)) and its parts with its clones.
        let next_ranked: StoredValue<Option<Ranked>> = StoredValue::new(None);
        let slurm_ranked = Memo::new_with_compare(
            move |_| {
                scenario.with(|s| {
                    next_ranked
                        .try_update_value(Option::take)
                        .flatten()
                        .filter(|next| *next.tree() == s.tree)
                        .unwrap_or_else(|| Ranked::new(&s.tree, TieRule::Slurm))
                })
            },
            changed,
        );
        let ranked = Memo::new_with_compare(
            move |_| {
                let rule = tie_rule.get();
                slurm_ranked.with(|slurm| slurm.with_rule(rule))
            },
            changed,
        );
        let baseline_ranked = Memo::new_with_compare(
            move |_| baseline.with(|s| Ranked::new(&s.tree, TieRule::Slurm)),
            changed,
        );
        let hierarchy =
            Memo::new_with_compare(move |_| ranked.with(Ranked::shared_hierarchy), other_arc);
        let run = Memo::new_with_compare(move |_| ranked.with(Ranked::shared_run), other_arc);
        // Classic does not depend on the tie rule: on `slurm_ranked`'s tree and hierarchy (the
        // same as `ranked`'s), it is not recomputed when only the rule changes.
        let classic = Memo::new_with_compare(
            move |_| {
                let params = scenario.with(|s| s.params.clone());
                slurm_ranked.with(|r| r.classic(&params))
            },
            changed,
        );
        let frame = Memo::new_with_compare(
            move |_| run.with(|r| Frame::at(&r.steps, cursor.get().unwrap_or(r.steps.len()))),
            changed,
        );
        let moves = Memo::new(move |_| {
            baseline_ranked
                .with(|base| slurm_ranked.with(|cur| fairshare::diff::run_diff(base, cur, 0)))
        });
        Self {
            scenario,
            baseline,
            history: RwSignal::new(History::default()),
            selected: RwSignal::new(None),
            compare_with: RwSignal::new(None),
            tie_rule,
            collapsed: RwSignal::new(BTreeSet::new()),
            expanded: RwSignal::new(BTreeSet::new()),
            printed: RwSignal::new(Arc::from([])),
            preset: RwSignal::new(None),
            decay: RwSignal::new(DecayClock::default()),
            panel: RwSignal::new(PanelTab::default()),
            cursor,
            ranked,
            slurm_ranked,
            baseline_ranked,
            hierarchy,
            run,
            moves,
            classic,
            frame,
            before: RwSignal::new(None),
            next_ranked,
            timeline: RwSignal::new(None),
        }
    }

    /// Reads the run under Slurm's tie rule (`run` itself under Slurm's rule).
    pub fn with_slurm_run<R>(self, f: impl FnOnce(&fair_tree::FairTreeRun) -> R) -> R {
        self.slurm_ranked.with(|r| f(r.run()))
    }

    /// The state provided by `App`.
    pub fn expect() -> Self {
        expect_context::<Self>()
    }

    /// Position of `id` in the current tree (reactive).
    pub fn ix(self, id: AssocId) -> Option<usize> {
        self.scenario.with(|s| s.tree.position(id))
    }

    /// Id of the association at position `ix` of the current tree (reactive).
    pub fn id_at(self, ix: usize) -> Option<AssocId> {
        self.scenario
            .with(|s| s.tree.assocs().get(ix).map(|a| a.id))
    }

    // ----- Loading -------------------------------------------------------------------------

    /// Replaces the scenario (a preset or an import). Undoable; resets the baseline, the
    /// selection, the collapsed set and the animation.
    pub fn load(self, scenario: Scenario, printed: Vec<PrintedRow>, preset: Option<&'static str>) {
        self.push_history();
        self.baseline.set(scenario.clone());
        self.scenario.set(scenario);
        self.printed.set(printed.into());
        self.preset.set(preset);
        self.decay.update(|c| *c = c.restarted());
        self.selected.set(None);
        self.compare_with.set(None);
        self.collapsed.set(BTreeSet::new());
        self.expanded.set(BTreeSet::new());
        self.cursor.set(None);
        // A timeline ends with any other load (`load_timeline` starts its own after this).
        self.timeline.set(None);
        // A before snapshot stays loaded across imports (matched again by name with the new
        // tree, so before and after load in either order); a preset ends the comparison.
        match (preset, self.before.get_untracked()) {
            (None, Some(before)) => self.load_before(before.ranked.tree()),
            _ => self.before.set(None),
        }
    }

    /// Compares the scenario with `before`, an earlier snapshot of the same cluster: matched by
    /// name (`fairshare::snapshot::compare`), numbered with the scenario's ids, ranked, and made
    /// the what-if baseline. Not an edit of the scenario (no undo step).
    pub fn load_before(self, before: &AssocTree) {
        let cmp = self
            .slurm_ranked
            .with_untracked(|after| fairshare::snapshot::compare(before, after, 0));
        let baseline = self.scenario.with_untracked(|s| Scenario {
            name: s.name.clone(),
            algorithm: s.algorithm,
            params: s.params.clone(),
            tree: cmp.before.tree().clone(),
        });
        self.baseline.set(baseline);
        self.before.set(Some(Before {
            ranked: cmp.before,
            added: cmp.diff.added,
            removed: cmp.diff.removed,
        }));
    }

    /// Stops comparing with a before snapshot (the baseline becomes the scenario itself).
    pub fn clear_before(self) {
        self.before.set(None);
        self.timeline.set(None);
        self.baseline.set(self.scenario.get_untracked());
    }

    // ----- Edits ---------------------------------------------------------------------------

    /// Applies an engine edit of the tree. On success the old scenario goes on the undo stack;
    /// on failure nothing changes and the engine's refusals come back for the field's alert.
    pub fn edit(
        self,
        f: impl FnOnce(&AssocTree) -> Result<AssocTree, Vec<TreeError>>,
    ) -> Result<(), Vec<TreeError>> {
        let result = self.scenario.with_untracked(|s| f(&s.tree));
        match result {
            Ok(tree) => {
                // The old tree goes to the history as it is (moved out; trees are shared, so
                // nothing here copies associations).
                let mut old_tree = tree;
                self.scenario
                    .update(|s| std::mem::swap(&mut s.tree, &mut old_tree));
                let previous = self.scenario.with_untracked(|s| Scenario {
                    name: s.name.clone(),
                    algorithm: s.algorithm,
                    params: s.params.clone(),
                    tree: old_tree,
                });
                self.push_snapshot(self.snapshot_with(previous));
                self.decay.update(|c| *c = c.restarted());
                // Edits while playing keep the cursor, clamped to the new trace.
                self.clamp_cursor();
                Ok(())
            }
            Err(errors) => Err(errors),
        }
    }

    /// Edits while playing keep the cursor, clamped to the new trace.
    fn clamp_cursor(self) {
        let len = self.run.with_untracked(|r| r.steps.len());
        self.cursor.update(|c| {
            if let Some(k) = c {
                *k = (*k).min(len);
            }
        });
    }

    /// Moves the decay timeline to `time` seconds after its t = 0: the tree becomes `at(base)`,
    /// where `base` is the tree at t = 0 (the tree on screen, if the timeline has not moved
    /// since it restarted). One undoable step that also restores the time; none if neither the
    /// tree nor the time changes. On refusal nothing changes.
    pub fn move_in_time(
        self,
        time: i64,
        at: impl FnOnce(&AssocTree) -> Result<AssocTree, Vec<TreeError>>,
    ) -> Result<(), Vec<TreeError>> {
        let clock = self.decay.get_untracked();
        let base = match clock.base {
            Some(base) => base,
            None => Arc::new(self.scenario.with_untracked(|s| s.tree.clone())),
        };
        let tree = at(&base)?;
        if time == clock.time && self.scenario.with_untracked(|s| s.tree == tree) {
            return Ok(());
        }
        self.push_history();
        self.scenario.update(|s| s.tree = tree);
        self.decay.set(DecayClock {
            epoch: clock.epoch,
            time,
            base: Some(base),
        });
        self.clamp_cursor();
        Ok(())
    }

    /// Sets an association's shares (a number, or FairShare=parent), ranked from the current
    /// ranking ([`AppState::edit_ranked`]).
    pub fn set_shares(self, id: AssocId, shares: Shares) -> Result<(), Vec<TreeError>> {
        self.edit_ranked(|r| r.with_shares(id, shares))
    }

    /// Sets a user association's raw usage, ranked from the current ranking
    /// ([`AppState::edit_ranked`]).
    pub fn set_usage(self, id: AssocId, usage: LongDouble) -> Result<(), Vec<TreeError>> {
        self.edit_ranked(|r| r.with_usage(id, usage))
    }

    /// An edit that the engine ranks from the current ranking (under Slurm's rule): the edited
    /// tree becomes the scenario as [`AppState::edit`] makes it, and `slurm_ranked` takes the
    /// new ranking instead of ranking the tree from scratch (at 100k associations, the
    /// difference between an edit painted in one frame or in several).
    fn edit_ranked(
        self,
        f: impl FnOnce(&Ranked) -> Result<Ranked, Vec<TreeError>>,
    ) -> Result<(), Vec<TreeError>> {
        let next = self.slurm_ranked.with_untracked(f)?;
        let tree = next.tree().clone();
        self.next_ranked.set_value(Some(next));
        self.edit(|_| Ok(tree))
    }

    /// Renames an association.
    pub fn rename(self, id: AssocId, name: &str) -> Result<(), Vec<TreeError>> {
        self.edit(|t| t.with_name(id, name))
    }

    /// Adds a user (`user = true`) or an account under `parent`, selects it, and returns its id.
    pub fn add_child(
        self,
        parent: AssocId,
        user: bool,
        name: &str,
    ) -> Result<AssocId, Vec<TreeError>> {
        let id = self.scenario.with_untracked(|s| s.tree.next_id());
        self.edit(|t| {
            let account = t.get(parent).map(|p| p.account.clone()).unwrap_or_default();
            t.with_added(Assoc {
                id,
                parent: Some(parent),
                account: if user { account } else { name.into() },
                user: user.then(|| name.into()),
                partition: None,
                shares: Shares::Value(1),
                usage_raw: LongDouble::ZERO,
                lineage: None,
                inferred: false,
            })
        })?;
        self.selected.set(Some(id));
        Ok(id)
    }

    /// Deletes an association and its subtree.
    pub fn delete(self, id: AssocId) -> Result<(), Vec<TreeError>> {
        self.edit(|t| t.without(id))?;
        if self.selected.get_untracked() == Some(id) {
            self.selected.set(None);
        }
        if self.compare_with.get_untracked() == Some(id) {
            self.compare_with.set(None);
        }
        Ok(())
    }

    /// Moves an association under another account.
    pub fn move_to(self, id: AssocId, new_parent: AssocId) -> Result<(), Vec<TreeError>> {
        self.edit(|t| t.with_moved(id, new_parent))
    }

    /// Sets FairShareDampeningFactor (classic). Undoable.
    pub fn set_damping(self, damping: u16) {
        self.push_history();
        self.scenario
            .update(|s| s.params.damping_factor = damping.max(1));
    }

    /// Switches DEPTH_OBLIVIOUS (classic). Undoable.
    pub fn set_depth_oblivious(self, on: bool) {
        self.push_history();
        self.scenario.update(|s| s.params.depth_oblivious = on);
    }

    // ----- History -------------------------------------------------------------------------

    /// The current scenario with what belongs to it, as one undo step would restore it.
    pub fn snapshot(self) -> Snapshot {
        self.snapshot_with(self.scenario.get_untracked())
    }

    /// A snapshot of `scenario` with the current baseline, printed rows and preset.
    fn snapshot_with(self, scenario: Scenario) -> Snapshot {
        Snapshot {
            scenario,
            baseline: self.baseline.get_untracked(),
            printed: self.printed.get_untracked(),
            preset: self.preset.get_untracked(),
            decay: self.decay.get_untracked(),
        }
    }

    fn push_history(self) {
        self.push_snapshot(self.snapshot());
    }

    fn push_snapshot(self, current: Snapshot) {
        self.history.update(|h| {
            h.undo.push(current);
            if h.undo.len() > HISTORY_LIMIT {
                h.undo.remove(0);
            }
            h.redo.clear();
        });
    }

    /// Undoes the last edit (or load).
    pub fn undo(self) {
        let mut h = self.history.get_untracked();
        if let Some(previous) = h.undo.pop() {
            h.redo.push(self.snapshot());
            self.history.set(h);
            self.restore(previous);
        }
    }

    /// Redoes the last undone edit.
    pub fn redo(self) {
        let mut h = self.history.get_untracked();
        if let Some(next) = h.redo.pop() {
            h.undo.push(self.snapshot());
            self.history.set(h);
            self.restore(next);
        }
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
        self.selected.update(|s| *s = exists(*s));
        self.compare_with.update(|s| *s = exists(*s));
        self.baseline.set(baseline);
        self.printed.set(printed);
        self.preset.set(preset);
        self.decay.set(decay);
        self.scenario.set(scenario);
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
        self.collapsed.set(BTreeSet::new());
        self.cursor.set(None);
        self.selected.set(None);
        self.compare_with.set(None);
        self.restore(current);
        let exists = |id: Option<AssocId>| {
            id.filter(|id| self.scenario.with_untracked(|s| s.tree.get(*id).is_some()))
        };
        self.selected.set(exists(selected));
        self.compare_with
            .set(exists(compare_with).filter(|c| Some(*c) != selected));
        self.tie_rule.set(tie_rule);
        self.history.set(history);
    }

    /// Starts over from `scenario`: no undo history, Slurm's tie rule, nothing selected.
    pub fn start_over(self, scenario: Scenario, preset: Option<&'static str>) {
        self.load(scenario, Vec::new(), preset);
        self.tie_rule.set(TieRule::Slurm);
        self.history.set(History::default());
    }

    // ----- Selection and view --------------------------------------------------------------

    /// Selects an association (or nothing) and reveals it in the tree (from any panel).
    pub fn select(self, id: Option<AssocId>) {
        if let Some(id) = id {
            self.reveal(id);
        }
        self.selected.set(id);
        if id.is_some() && id == self.compare_with.get_untracked() {
            self.compare_with.set(None);
        }
    }

    /// Opens a side panel (selects its tab).
    pub fn open_panel(self, tab: PanelTab) {
        self.panel.set(tab);
    }

    /// Chooses the user to compare the selected one with.
    pub fn compare(self, other: Option<AssocId>) {
        self.compare_with.set(other);
    }

    /// Makes the current scenario the what-if baseline.
    pub fn reset_baseline(self) {
        self.baseline.set(self.scenario.get_untracked());
    }

    /// Chooses the tie rule.
    pub fn set_tie_rule(self, rule: TieRule) {
        self.tie_rule.set(rule);
    }

    /// Expands (`open`) or collapses an account's subtree in the tree view, on purpose.
    pub fn set_expanded(self, id: AssocId, open: bool) {
        let (add, remove) = if open {
            (self.expanded, self.collapsed)
        } else {
            (self.collapsed, self.expanded)
        };
        if remove.with_untracked(|s| s.contains(&id)) {
            remove.update(|s| {
                s.remove(&id);
            });
        }
        if add.with_untracked(|s| !s.contains(&id)) {
            add.update(|s| {
                s.insert(id);
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leptos::prelude::Owner;

    fn scenario() -> Scenario {
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
          {"id": 3, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": 10},
          {"id": 4, "parent": 2, "account": "a", "user": "u2", "shares": 1, "usage_raw": 30}
        ]}"#;
        fairshare::scenario::parse(text).0.unwrap()
    }

    #[test]
    fn a_state_made_for_a_preset_records_the_preset() {
        Owner::new().with(|| {
            let preset = crate::presets::by_id("classic-example").unwrap();
            let state = AppState::provide_preset(preset);
            assert_eq!(state.preset.get_untracked(), Some("classic-example"));
            assert_eq!(
                expect_context::<AppState>().preset.get_untracked(),
                Some("classic-example")
            );
            assert_eq!(
                state.scenario.with_untracked(|s| s.tree.len()),
                preset.scenario().tree.len()
            );
        });
    }

    #[test]
    fn edits_rerank_and_undo_restores() {
        Owner::new().with(|| {
            let state = AppState::new(scenario());
            let rank = |id: u32| {
                let ix = state.ix(AssocId(id)).unwrap();
                state.run.with(|r| r.assocs[ix].rank)
            };
            assert_eq!((rank(3), rank(4)), (Some(2), Some(1)));
            state
                .set_usage(AssocId(3), LongDouble::from_u64(50))
                .unwrap();
            assert_eq!((rank(3), rank(4)), (Some(1), Some(2)));
            assert!(state.set_shares(AssocId(99), Shares::Value(1)).is_err());
            assert!(state.rename(AssocId(3), "bad/name").is_err());
            state.undo();
            assert_eq!((rank(3), rank(4)), (Some(2), Some(1)));
            state.redo();
            assert_eq!((rank(3), rank(4)), (Some(1), Some(2)));
            let new = state.add_child(AssocId(2), true, "u3").unwrap();
            assert_eq!(state.selected.get(), Some(new));
            state.delete(new).unwrap();
            assert_eq!(state.selected.get(), None);
            assert!(state.history.with(History::can_undo));
        });
    }

    /// The edit intents hand the engine's incremental ranking to `slurm_ranked`: equal to the
    /// edited tree ranked from scratch, and taken as computed (a usage given on an account
    /// changes nothing Slurm ranks, so the engine shares the hierarchy with the ranking before;
    /// ranked from scratch it would be a new one).
    #[test]
    fn edits_take_the_engines_incremental_ranking() {
        Owner::new().with(|| {
            let state = AppState::new(scenario());
            let before = state.slurm_ranked.with(Ranked::shared_hierarchy);
            state
                .set_usage(AssocId(2), LongDouble::from_u64(7))
                .unwrap();
            let after = state.slurm_ranked.with(Ranked::shared_hierarchy);
            assert!(
                Arc::ptr_eq(&before, &after),
                "the engine's ranking was taken"
            );
            state
                .set_usage(AssocId(3), LongDouble::from_u64(50))
                .unwrap();
            state.set_shares(AssocId(4), Shares::Value(3)).unwrap();
            let fresh = state
                .scenario
                .with(|s| Ranked::new(&s.tree, TieRule::Slurm));
            assert!(state.slurm_ranked.with(|r| *r == fresh));
            // An undo ranks the tree it restores (no incremental ranking is pending for it).
            state.undo();
            let fresh = state
                .scenario
                .with(|s| Ranked::new(&s.tree, TieRule::Slurm));
            assert!(state.slurm_ranked.with(|r| *r == fresh));
        });
    }

    #[test]
    fn undo_restores_what_belongs_to_the_state_and_nothing_else() {
        Owner::new().with(|| {
            let state = AppState::new(scenario());
            let sshare = [
                "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS",
                "root|||0.000000|10||1.000000||",
                " a||1|1.000000|10|1.000000|1.000000||1.000000",
                "  a|x|1|1.000000|10|1.000000|1.000000|1.000000|1.000000",
            ]
            .join("\n");
            let imported = fairshare::import::import(&sshare);
            let printed = imported.printed.clone();
            assert!(!printed.is_empty(), "the import has printed rows");
            let scenario_b = imported.scenario.unwrap();
            state.load(scenario_b.clone(), printed.clone(), None);
            state.set_usage(state.id_at(2).unwrap(), LongDouble::from_u64(5)).unwrap();
            state.reset_baseline();
            state.set_tie_rule(TieRule::Documented);
            state.undo(); // the usage edit: baseline and rows of that time come back
            assert_eq!(state.baseline.get(), scenario_b);
            assert_eq!(*state.printed.get(), *printed);
            state.undo(); // the import: the first scenario, no printed rows, its baseline
            assert_eq!(state.scenario.get(), scenario());
            assert_eq!(state.baseline.get(), scenario());
            assert!(state.printed.get().is_empty());
            assert_eq!(
                state.tie_rule.get(),
                TieRule::Documented,
                "not part of a step"
            );
            state.redo();
            assert_eq!(*state.printed.get(), *printed);
        });
    }

    #[test]
    fn the_frame_follows_the_cursor_and_the_tie_rule() {
        Owner::new().with(|| {
            let state = AppState::new(scenario());
            let steps = state.run.with(|r| r.steps.len());
            assert_eq!(
                state.frame.with(|f| f.cursor),
                steps,
                "static first: the finished walk"
            );
            state.cursor.set(Some(1));
            assert_eq!(state.frame.with(|f| f.cursor), 1);
            let hierarchy = state.hierarchy.get();
            state.set_tie_rule(TieRule::Documented);
            assert_eq!(state.run.with(|r| r.tie_rule), TieRule::Documented);
            assert!(
                Arc::ptr_eq(&hierarchy, &state.hierarchy.get()),
                "another tie rule ranks the same hierarchy again"
            );
            assert_eq!(state.with_slurm_run(|r| r.tie_rule), TieRule::Slurm);
            assert_eq!(state.ranked.with(Ranked::rule), TieRule::Documented);
            assert!(state.ranked.with(|r| {
                state
                    .slurm_ranked
                    .with(|s| Arc::ptr_eq(&r.shared_hierarchy(), &s.shared_hierarchy()))
            }));
        });
    }
}
