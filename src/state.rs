//! `AppState`: the one app-wide state, provided through context.
//!
//! Every field is a private `Copy` handle (signals and memos), read through an accessor of the
//! same name that returns a read-only handle (`state.scenario().with(..)`). The scenario is the
//! single source of truth; everything the screen shows about fairshare is a memo over the
//! engine's pure functions (`Ranked::new`, `Ranked::with_rule`, `Ranked::classic`,
//! `Frame::at`). The intent methods of this module (here and in `state/`) are the only writers;
//! intent methods elsewhere (the player's, `open_link`) are built on them.
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

mod by_trace;
mod decay;
mod drop_later;
mod history;
mod read;
mod timeline;
pub use by_trace::ByTrace;
pub use decay::{DecayClock, DecayInputs};
pub use history::{History, Snapshot};
use timeline::StepHint;
mod tree_view;
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
///
/// Its fields are private: components read them through the accessors below (read-only
/// handles) and change them only through the intent methods, so those are the only writers.
#[derive(Clone, Copy)]
pub struct AppState {
    scenario: ReadSignal<Scenario>,
    baseline: ReadSignal<Scenario>,
    history: ReadSignal<History>,
    selected: ReadSignal<Option<AssocId>>,
    compare_with: ReadSignal<Option<AssocId>>,
    tie_rule: ReadSignal<TieRule>,
    collapsed: ReadSignal<BTreeSet<AssocId>>,
    expanded: ReadSignal<BTreeSet<AssocId>>,
    printed: ReadSignal<Arc<[PrintedRow]>>,
    preset: ReadSignal<Option<&'static str>>,
    decay: ReadSignal<DecayClock>,
    panel: ReadSignal<PanelTab>,
    cursor: ReadSignal<Option<usize>>,
    before: ReadSignal<Option<Before>>,
    timeline: ReadSignal<Option<LoadedTimeline>>,
    /// How many trees have been loaded ([`AppState::load`]): the tree view opens each new one
    /// on its root, and an edit (which does not count) leaves the view where it is.
    loads: ReadSignal<u64>,
    /// Whether the player's texts are held back until a scrubber step's frame is painted
    /// (`state/timeline.rs`, `AppState::player_held`).
    player_held: RwSignal<bool>,
    ranked: Memo<Ranked>,
    slurm_ranked: Memo<Ranked>,
    baseline_ranked: Memo<Ranked>,
    hierarchy: Memo<Arc<Hierarchy>>,
    run: Memo<Arc<fair_tree::FairTreeRun>>,
    steps: Memo<Arc<Vec<fairshare::Step>>>,
    moves: Memo<Arc<RunDiff>>,
    /// The classic memo, made by its first reader ([`AppState::classic`]): only the Classic and
    /// Score panels read it, and they are split modules, so the classic run's code (its 80-bit
    /// blend, `powf`, the orders' sorts) is fetched with them, not in the first load.
    classic: StoredValue<ClassicSlot>,
    frame: Memo<Arc<Frame>>,
    /// The ranking of the scenario's next tree, computed by an edit from the ranking before it
    /// (`Ranked::with_usage`, `Ranked::with_shares`: only the lists on the edited path sorted
    /// again); `slurm_ranked` takes it when it ranks that very tree, instead of ranking it
    /// from scratch.
    next_ranked: StoredValue<Option<Ranked>>,
    /// What a timeline step already computed for `baseline_ranked` and `moves` (the before
    /// snapshot's ranking and the step's moves), which they take when they are for the very
    /// trees shown (`state/timeline.rs`).
    next_step: StoredValue<StepHint>,
    /// The write handles of the signals above (only the intent methods write).
    write: Writers,
}

/// Where [`AppState::classic`] keeps the classic memo it makes on its first call, and the owner
/// to make it under (that of the state's other memos: a reader's owner is disposed with the
/// reader's panel, and the memo carries each run over from the one before it).
struct ClassicSlot {
    owner: Option<WeakOwner>,
    memo: Option<Memo<Arc<classic::ClassicRun>>>,
}

/// The write halves of `AppState`'s signals, private to the `state` module.
#[derive(Clone, Copy)]
struct Writers {
    scenario: WriteSignal<Scenario>,
    baseline: WriteSignal<Scenario>,
    history: WriteSignal<History>,
    selected: WriteSignal<Option<AssocId>>,
    compare_with: WriteSignal<Option<AssocId>>,
    tie_rule: WriteSignal<TieRule>,
    collapsed: WriteSignal<BTreeSet<AssocId>>,
    expanded: WriteSignal<BTreeSet<AssocId>>,
    printed: WriteSignal<Arc<[PrintedRow]>>,
    preset: WriteSignal<Option<&'static str>>,
    decay: WriteSignal<DecayClock>,
    panel: WriteSignal<PanelTab>,
    cursor: WriteSignal<Option<usize>>,
    before: WriteSignal<Option<Before>>,
    timeline: WriteSignal<Option<LoadedTimeline>>,
    loads: WriteSignal<u64>,
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
        state.write.preset.set(Some(preset.id));
        state
    }

    /// Creates the state (without providing it; tests use this directly).
    pub fn new(initial: Scenario) -> Self {
        let (scenario, write_scenario) = signal(initial.clone());
        let (baseline, write_baseline) = signal(initial);
        let (tie_rule, write_tie_rule) = signal(TieRule::Slurm);
        let (cursor, write_cursor) = signal(None);
        let (history, write_history) = signal(History::default());
        let (selected, write_selected) = signal(None);
        let (compare_with, write_compare_with) = signal(None);
        let (collapsed, write_collapsed) = signal(BTreeSet::new());
        let (expanded, write_expanded) = signal(BTreeSet::new());
        let (printed, write_printed) = signal(Arc::from([]));
        let (preset, write_preset) = signal(None);
        let (decay, write_decay) = signal(DecayClock::default());
        let (panel, write_panel) = signal(PanelTab::default());
        let (before, write_before) = signal(None);
        let (timeline, write_timeline) = signal(None);
        let (loads, write_loads) = signal(0);
        let player_held = RwSignal::new(false);
        // The big memos are recomputed on every edit and never come out equal, so they skip
        // the deep comparison (O(n) per memo and edit on a 100k tree). A `Ranked` shares its
        // tree with the scenario (an `AssocTree` clone is O(1)) and its parts with its clones.
        let next_ranked: StoredValue<Option<Ranked>> = StoredValue::new(None);
        // The memos that hold a ranking hand the one they replace to `drop_later`, which frees
        // it after the frame that shows the edit (at 100k, ~8 M instructions off the edit's path).
        let slurm_ranked = Memo::new_with_compare(
            move |prev: Option<&Ranked>| {
                if let Some(prev) = prev {
                    drop_later::keep(drop_later::Slot::SlurmRanked, prev.clone());
                }
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
            move |prev: Option<&Ranked>| {
                if let Some(prev) = prev {
                    drop_later::keep(drop_later::Slot::Ranked, prev.clone());
                }
                let rule = tie_rule.get();
                slurm_ranked.with(|slurm| slurm.with_rule(rule))
            },
            changed,
        );
        let next_step: StoredValue<StepHint> = StoredValue::new(StepHint::default());
        let baseline_ranked = Memo::new_with_compare(
            move |_| {
                baseline.with(|s| {
                    StepHint::take_baseline(next_step, &s.tree)
                        .unwrap_or_else(|| Ranked::new(&s.tree, TieRule::Slurm))
                })
            },
            changed,
        );
        let hierarchy =
            Memo::new_with_compare(move |_| ranked.with(Ranked::shared_hierarchy), other_arc);
        let run = Memo::new_with_compare(move |_| ranked.with(Ranked::shared_run), other_arc);
        // The trace alone: an edit that moves no entry of any sibling list shares the trace of
        // the run before it, and what reads only the trace (the player's stops, ticks, "my
        // path") is not computed again (O(steps) each at 100k).
        let steps = Memo::new_with_compare(move |_| run.with(|r| r.shared_steps()), other_arc);
        // Made by its first reader, under the owner the other memos have (not the reader's).
        let classic = StoredValue::new(ClassicSlot {
            owner: Owner::current().map(|o| o.downgrade()),
            memo: None,
        });
        // The frame is a function of the trace and the cursor alone (`Frame::at`), so it
        // follows `steps`: an edit whose run walks as the one before (the same trace) leaves
        // it as it was, and a usage edit on an account too. The finished walk (no cursor) is
        // built from the run's results, not replayed. While the walk plays, the frame of the
        // same trace is moved to the new cursor in place (`Ranked::move_frame`: only the steps
        // taken are applied, where a replay from step 0 was O(cursor) per step, O(n²) per play
        // at 100k); `frame_steps` is the trace the frame belongs to (a `Weak`, which keeps its
        // address from being reused).
        let frame_steps: StoredValue<std::sync::Weak<Vec<fairshare::Step>>> =
            StoredValue::new(std::sync::Weak::new());
        // The finished frames of the last timeline traces shown (a timeline's scrubber moved
        // back and forth shows them again: `state/by_trace.rs`).
        let finished: StoredValue<ByTrace<Arc<Frame>>> = StoredValue::new(ByTrace::default());
        let frame = Memo::new_owning(move |prev: Option<Arc<Frame>>| {
            let at = cursor.get();
            let shared = steps.get();
            let same = frame_steps.with_value(|w| std::ptr::eq(w.as_ptr(), Arc::as_ptr(&shared)));
            match (prev, at) {
                (Some(mut prev), Some(at)) if same => {
                    // No reader keeps a frame (they read it in place), and the finished frame
                    // kept for this trace is let go, so this is the frame itself, not a copy.
                    finished.update_value(|f| f.forget(&shared));
                    ranked.with_untracked(|r| r.move_frame(Arc::make_mut(&mut prev), at));
                    (prev, true)
                }
                (prev, at) => {
                    // (While the walk plays, a step's frame is dropped at once, as before: no
                    // idle callback per step.)
                    if let (Some(prev), None) = (prev, at) {
                        drop_later::keep(drop_later::Slot::Frame, prev);
                    }
                    frame_steps.set_value(Arc::downgrade(&shared));
                    let frame = match at {
                        Some(at) => Arc::new(ranked.with_untracked(|r| r.frame(at))),
                        None => {
                            let make = || Arc::new(ranked.with_untracked(|r| r.frame(usize::MAX)));
                            // Only a loaded timeline's traces (which it keeps alive anyway): an
                            // edit's frame is freed with its ranking when replaced (drop_later).
                            let of_timeline =
                                timeline.with_untracked(|t: &Option<LoadedTimeline>| {
                                    t.as_ref().is_some_and(|t| {
                                        t.timeline.moments().iter().any(|m| {
                                            Arc::ptr_eq(&m.ranked.run().shared_steps(), &shared)
                                        })
                                    })
                                });
                            if of_timeline {
                                finished
                                    .try_update_value(|f| f.get_or_make(&shared, make))
                                    .unwrap_or_else(make)
                            } else {
                                make()
                            }
                        }
                    };
                    (frame, true)
                }
            }
        });
        let moves = Memo::new(move |_| {
            baseline_ranked.with(|base| {
                slurm_ranked.with(|cur| {
                    StepHint::take_moves(next_step, base.tree(), cur.tree())
                        .unwrap_or_else(|| Arc::new(fairshare::diff::run_diff(base, cur, 0)))
                })
            })
        });
        Self {
            scenario,
            baseline,
            history,
            selected,
            compare_with,
            tie_rule,
            collapsed,
            expanded,
            printed,
            preset,
            decay,
            panel,
            cursor,
            before,
            timeline,
            loads,
            player_held,
            ranked,
            slurm_ranked,
            baseline_ranked,
            hierarchy,
            run,
            steps,
            moves,
            classic,
            frame,
            next_ranked,
            next_step,
            write: Writers {
                scenario: write_scenario,
                baseline: write_baseline,
                history: write_history,
                selected: write_selected,
                compare_with: write_compare_with,
                tie_rule: write_tie_rule,
                collapsed: write_collapsed,
                expanded: write_expanded,
                printed: write_printed,
                preset: write_preset,
                decay: write_decay,
                panel: write_panel,
                cursor: write_cursor,
                before: write_before,
                timeline: write_timeline,
                loads: write_loads,
            },
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
        self.write.baseline.set(scenario.clone());
        self.write.scenario.set(scenario);
        self.write.printed.set(printed.into());
        self.write.preset.set(preset);
        self.restart_decay();
        self.write.selected.set(None);
        self.write.compare_with.set(None);
        self.write.collapsed.set(BTreeSet::new());
        self.write.expanded.set(BTreeSet::new());
        self.write.cursor.set(None);
        self.write.loads.update(|n| *n += 1);
        // A timeline ends with any other load (`load_timeline` starts its own after this).
        self.write.timeline.set(None);
        // A before snapshot stays loaded across imports (matched again by name with the new
        // tree, so before and after load in either order); a preset ends the comparison.
        match (preset, self.before.get_untracked()) {
            (None, Some(before)) => self.load_before(before.ranked.tree()),
            _ => self.write.before.set(None),
        }
    }

    /// Compares the scenario with `before`, an earlier snapshot of the same cluster, as a
    /// timeline of two ([`fairshare::timeline::Timeline::pair`]: matched by name, numbered with
    /// the scenario's ids, ranked), showing the scenario with the before snapshot as the what-if
    /// baseline, so the scrubber, the chart and the replay work for a pair as for any timeline.
    /// Not an edit of the scenario (no undo step).
    pub fn load_before(self, before: &AssocTree) {
        let after = self.slurm_ranked.with_untracked(Ranked::clone);
        let template = self.scenario.get_untracked();
        let printed = self.printed.get_untracked();
        self.start_timeline(
            fairshare::timeline::Timeline::pair(before, after),
            vec![Arc::from([]), printed],
            template,
        );
    }

    /// Stops comparing with a before snapshot (the baseline becomes the scenario itself).
    pub fn clear_before(self) {
        self.write.before.set(None);
        self.write.timeline.set(None);
        self.write.baseline.set(self.scenario.get_untracked());
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
                self.write
                    .scenario
                    .update(|s| std::mem::swap(&mut s.tree, &mut old_tree));
                let previous = self.scenario.with_untracked(|s| Scenario {
                    name: s.name.clone(),
                    algorithm: s.algorithm,
                    params: s.params.clone(),
                    tree: old_tree,
                });
                self.push_snapshot(self.snapshot_with(previous));
                self.restart_decay();
                // Edits while playing keep the cursor, clamped to the new trace.
                self.clamp_cursor();
                Ok(())
            }
            Err(errors) => Err(errors),
        }
    }

    /// Restarts the decay timeline at the tree as it is (an edit that is not a move in time).
    /// Only a timeline that had moved changes, so an edit wakes nothing that reads the clock
    /// when it stands at t = 0 (the usual case).
    fn restart_decay(self) {
        self.write.decay.maybe_update(|c| {
            let moved = c.time != 0 || c.base.is_some();
            if moved {
                *c = c.restarted();
            }
            moved
        });
    }

    /// Edits while playing keep the cursor, clamped to the new trace. The cursor changes (and
    /// wakes its readers) only when it was past the new trace's end.
    fn clamp_cursor(self) {
        let len = self.run.with_untracked(|r| r.steps().len());
        self.write.cursor.maybe_update(|c| match c {
            Some(k) if *k > len => {
                *k = len;
                true
            }
            _ => false,
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
        let inputs = self.decay.with_untracked(|c| c.inputs.clone());
        self.change_decay(inputs, |base, _| Ok((time, at(base)?)))
    }

    /// Changes the decay timeline's inputs (the schedule, the jobs) as one undoable step. If the
    /// timeline has moved (time > 0), the tree on screen is computed again in the same step:
    /// `at(base, inputs)` gives the time it moves to and the tree there. Nothing happens if
    /// nothing changes; on refusal nothing changes.
    pub fn set_decay_inputs(
        self,
        inputs: DecayInputs,
        at: impl FnOnce(&AssocTree, &DecayInputs, i64) -> Result<(i64, AssocTree), Vec<TreeError>>,
    ) -> Result<(), Vec<TreeError>> {
        let time = self.decay.with_untracked(|c| c.time);
        if time == 0 {
            if self.decay.with_untracked(|c| c.inputs == inputs) {
                return Ok(());
            }
            self.push_history();
            self.write.decay.update(|c| c.inputs = inputs);
            return Ok(());
        }
        self.change_decay(inputs, |base, inputs| at(base, inputs, time))
    }

    /// The timeline with `inputs`, at the time and tree `at(base, inputs)` gives: one undoable
    /// step, none if nothing changes.
    fn change_decay(
        self,
        inputs: DecayInputs,
        at: impl FnOnce(&AssocTree, &DecayInputs) -> Result<(i64, AssocTree), Vec<TreeError>>,
    ) -> Result<(), Vec<TreeError>> {
        let clock = self.decay.get_untracked();
        let base = match clock.base {
            Some(base) => base,
            None => Arc::new(self.scenario.with_untracked(|s| s.tree.clone())),
        };
        let (time, tree) = at(&base, &inputs)?;
        if time == clock.time
            && inputs == clock.inputs
            && self.scenario.with_untracked(|s| s.tree == tree)
        {
            return Ok(());
        }
        self.push_history();
        self.write.scenario.update(|s| s.tree = tree);
        self.write.decay.set(DecayClock {
            epoch: clock.epoch,
            time,
            base: Some(base),
            inputs,
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
            t.with_added(Assoc::new(
                id,
                Some(parent),
                if user { account } else { name.into() },
                user.then(|| name.into()),
            ))
        })?;
        self.write.selected.set(Some(id));
        Ok(id)
    }

    /// Deletes an association and its subtree.
    pub fn delete(self, id: AssocId) -> Result<(), Vec<TreeError>> {
        self.edit(|t| t.without(id))?;
        if self.selected.get_untracked() == Some(id) {
            self.write.selected.set(None);
        }
        if self.compare_with.get_untracked() == Some(id) {
            self.write.compare_with.set(None);
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
        self.write
            .scenario
            .update(|s| s.params.damping_factor = damping.max(1));
    }

    /// Switches DEPTH_OBLIVIOUS (classic). Undoable.
    pub fn set_depth_oblivious(self, on: bool) {
        self.push_history();
        self.write
            .scenario
            .update(|s| s.params.depth_oblivious = on);
    }

    // ----- Selection and view --------------------------------------------------------------

    /// Selects an association (or nothing) and reveals it in the tree (from any panel).
    pub fn select(self, id: Option<AssocId>) {
        if let Some(id) = id {
            self.reveal(id);
        }
        self.write.selected.set(id);
        if id.is_some() && id == self.compare_with.get_untracked() {
            self.write.compare_with.set(None);
        }
    }

    /// Shows the ranking animation after `k` steps (clamped to the trace), or the finished
    /// ranking (`None`). The player's intents (`player/intents.rs`) are built on it.
    pub fn set_cursor(self, k: Option<usize>) {
        let len = self.run.with_untracked(|r| r.steps().len());
        self.write.cursor.set(k.map(|k| k.min(len)));
    }

    /// Opens a side panel (selects its tab).
    pub fn open_panel(self, tab: PanelTab) {
        self.write.panel.set(tab);
    }

    /// Chooses the user to compare the selected one with.
    pub fn compare(self, other: Option<AssocId>) {
        self.write.compare_with.set(other);
    }

    /// Makes the current scenario the what-if baseline.
    pub fn reset_baseline(self) {
        self.write.baseline.set(self.scenario.get_untracked());
    }

    /// Chooses the tie rule.
    pub fn set_tie_rule(self, rule: TieRule) {
        self.write.tie_rule.set(rule);
    }
}

#[cfg(test)]
mod tests;
