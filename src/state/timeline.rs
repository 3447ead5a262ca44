//! The timeline of snapshots in [`AppState`]: N snapshots loaded at once (several files, or
//! `timeline=URL`), one shown at a time as the scenario, compared with the one before it as the
//! before snapshot (so the tree's tags, `data-position-before` and the `Since the before
//! snapshot` region explain each step). The engine's [`Timeline`] numbers the snapshots alike,
//! so the selection and the tree's keyed cards carry over from one snapshot to the next: cards
//! glide to their new places.

use std::sync::Arc;

use fairshare::diff::RunDiff;
use fairshare::import::Imported;
use fairshare::timeline::{Time, Timeline};
use fairshare::{AssocTree, Diagnostic, PrintedRow, Ranked, Scenario};

use leptos::prelude::*;

use super::{AppState, Before};

/// A loaded timeline and the snapshot shown.
#[derive(Clone, Debug)]
pub struct LoadedTimeline {
    /// The snapshots, ranked and matched (oldest first).
    pub timeline: Arc<Timeline>,
    /// What Slurm printed in each snapshot (for the sshare table's printed columns).
    pub printed: Arc<[Arc<[PrintedRow]>]>,
    /// The scenario settings every snapshot is shown with (the newest import's).
    pub template: Arc<Scenario>,
    /// The snapshot shown (an index into the timeline).
    pub at: usize,
}

impl PartialEq for LoadedTimeline {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.timeline, &other.timeline) && self.at == other.at
    }
}

/// Which snapshot of which loaded timeline was on screen (kept beside each undo step).
#[derive(Clone, Debug)]
pub struct ShownMoment {
    timeline: Arc<Timeline>,
    at: usize,
}

/// What a timeline step hands to `AppState`'s memos: the before snapshot's ranking (for
/// `baseline_ranked`) and the step's moves (for `moves`), both computed by the timeline, each
/// taken once by its memo when it is for the very trees shown (shared trees: an O(1) check).
#[derive(Debug, Default)]
pub(super) struct StepHint {
    baseline: Option<Ranked>,
    /// The moves, with the before and after trees they are for.
    moves: Option<(AssocTree, AssocTree, Arc<RunDiff>)>,
}

impl StepHint {
    /// The before snapshot's ranking, if the hint holds the ranking of `tree`.
    pub(super) fn take_baseline(hint: StoredValue<StepHint>, tree: &AssocTree) -> Option<Ranked> {
        hint.try_update_value(|h| h.baseline.take())
            .flatten()
            .filter(|r| r.tree() == tree)
    }

    /// The step's moves, if the hint holds those of `before` → `after`.
    pub(super) fn take_moves(
        hint: StoredValue<StepHint>,
        before: &AssocTree,
        after: &AssocTree,
    ) -> Option<Arc<RunDiff>> {
        hint.try_update_value(|h| h.moves.take())
            .flatten()
            .filter(|(b, a, _)| b == before && a == after)
            .map(|(_, _, d)| d)
    }
}

impl AppState {
    /// Loads `timeline` (at least one snapshot) and shows its newest snapshot, compared with the
    /// one before it. `printed[k]` is what snapshot k printed; `template` gives the algorithm
    /// and parameters. Undoable as an import is (the undo step holds what was on screen).
    pub fn load_timeline(
        self,
        timeline: Timeline,
        printed: Vec<Vec<PrintedRow>>,
        template: Scenario,
    ) {
        let Some(last) = timeline.len().checked_sub(1) else {
            return;
        };
        let scenario = moment_scenario(&timeline, last, &template);
        let newest = printed.get(last).cloned().unwrap_or_default();
        // `load` ends any earlier comparison and timeline (and takes the newest snapshot's
        // ranking, made by the timeline); then this one starts.
        self.write.before.set(None);
        self.next_ranked
            .set_value(Some(timeline.moments()[last].ranked.clone()));
        self.load(scenario, newest, None);
        let printed = printed.into_iter().map(Arc::from).collect();
        self.start_timeline(timeline, printed, template);
    }

    /// Makes `timeline`, whose newest snapshot is the scenario on screen, the loaded timeline,
    /// showing that snapshot compared with the one before it.
    pub(super) fn start_timeline(
        self,
        timeline: Timeline,
        printed: Vec<Arc<[PrintedRow]>>,
        template: Scenario,
    ) {
        let Some(last) = timeline.len().checked_sub(1) else {
            return;
        };
        self.write.timeline.set(Some(LoadedTimeline {
            timeline: Arc::new(timeline),
            printed: printed.into(),
            template: Arc::new(template),
            at: last,
        }));
        self.show_step(last);
    }

    /// Shows snapshot `k` of the loaded timeline (compared with snapshot `k − 1`), keeping the
    /// selection where the selected association is in it. Not an edit: no undo step, unless the
    /// snapshot on screen was edited (its tree, parameters or decay time changed since it was
    /// shown): then the edited scenario goes on the undo stack, so nothing the user made is
    /// lost, and undoing shows it again with its comparison. Out of range or without a
    /// timeline: nothing happens.
    ///
    /// Nothing is ranked or matched again: the scenario's ranking, the before snapshot's and
    /// the step's moves are the timeline's (`Timeline::moves` keeps each step's once shown).
    pub fn show_moment(self, k: usize) {
        let Some(loaded) = self.timeline.get_untracked() else {
            return;
        };
        if k >= loaded.timeline.len() || k == loaded.at {
            return;
        }
        // O(1) unless edited: an unedited scenario shares its tree with the timeline's.
        let edited = self
            .scenario
            .with_untracked(|s| *s != loaded.scenario_at(loaded.at));
        if edited {
            self.push_history();
        }
        self.hold_player();
        let scenario = loaded.scenario_at(k);
        let printed = loaded
            .printed
            .get(k)
            .cloned()
            .unwrap_or_else(|| Arc::from([]));
        let keep = self
            .selected
            .get_untracked()
            .filter(|id| scenario.tree.position(*id).is_some());
        let keep_other = self
            .compare_with
            .get_untracked()
            .filter(|id| scenario.tree.position(*id).is_some());
        self.next_ranked
            .set_value(Some(loaded.timeline.moments()[k].ranked.clone()));
        self.write.scenario.set(scenario);
        self.write.printed.set(printed);
        // What a step usually leaves as it was (the decay clock at t = 0, no walk playing, the
        // same selection) is written only when it changes: a write of the same value would wake
        // every reader (each card's and treeitem's selection mark, the player, the panels).
        self.restart_decay();
        self.write.cursor.maybe_update(|c| c.take().is_some());
        set_if_changed(self.write.selected, keep);
        set_if_changed(self.write.compare_with, keep_other);
        self.write.timeline.update(|t| {
            if let Some(t) = t {
                t.at = k;
            }
        });
        self.show_step(k);
    }

    /// Holds the player back until this step's frame is painted ([`AppState::player_held`]):
    /// the tree, the scrubber and the moment's label change in the step's frame, the player's
    /// texts (the other snapshot's walk: narration, slider, counters, group) in the next one,
    /// so the docked player, which is not a relayout boundary (its Speed `<select>`), does not
    /// make the step's frame lay out the whole page. Natively nothing is painted: no hold.
    fn hold_player(self) {
        #[cfg(target_arch = "wasm32")]
        if self.player_held.try_get_untracked() == Some(false) {
            self.player_held.set(true);
            crate::widgets::scroll_echo::after_paint(move || self.release_player());
        }
    }

    /// Lets the player show the state again (after a scrubber step's frame is painted, or at
    /// once when the person acts on the player).
    pub fn release_player(self) {
        if self.player_held.try_get_untracked() == Some(true) {
            self.player_held.set(false);
        }
    }

    /// The before snapshot and the baseline of snapshot `k` (the scenario on screen): snapshot
    /// `k − 1`, or none for the oldest. Both rankings and the moves are the timeline's, handed
    /// to the memos that would otherwise compute them again.
    fn show_step(self, k: usize) {
        let step = self.timeline.with_untracked(|t| {
            let t = t.as_ref()?;
            let moments = t.timeline.moments();
            let after = moments.get(k)?.ranked.clone();
            let before = k.checked_sub(1).map(|p| {
                let moves = t.timeline.shared_moves(k).unwrap_or_default();
                (moments[p].ranked.clone(), moves)
            });
            Some((after, before, t.scenario_at(k)))
        });
        let Some((after, before, scenario)) = step else {
            return;
        };
        match before {
            Some((ranked, moves)) => {
                let (added, removed) = (moves.added, moves.removed);
                let tree = ranked.tree().clone();
                self.next_step.set_value(StepHint {
                    baseline: Some(ranked.clone()),
                    moves: Some((tree.clone(), after.tree().clone(), moves)),
                });
                self.write.baseline.set(Scenario { tree, ..scenario });
                self.write.before.set(Some(Before {
                    ranked,
                    added,
                    removed,
                }));
            }
            None => {
                self.next_step.set_value(StepHint {
                    baseline: Some(after),
                    moves: None,
                });
                self.write.before.set(None);
                self.write.baseline.set(scenario);
            }
        }
    }

    /// The loaded timeline's snapshot on screen, if a timeline is loaded (for the undo stack).
    pub(super) fn shown_moment(self) -> Option<ShownMoment> {
        self.timeline.with_untracked(|t| {
            t.as_ref().map(|t| ShownMoment {
                timeline: t.timeline.clone(),
                at: t.at,
            })
        })
    }

    /// After an undo or redo has brought back a snapshot shown as `moment` of a timeline: if
    /// that timeline is still loaded, it shows that moment again, compared with the one before
    /// it (the restored baseline stays as the undo step holds it). Otherwise nothing happens.
    pub(super) fn return_to_moment(self, moment: Option<ShownMoment>) {
        let Some(ShownMoment { timeline, at }) = moment else {
            return;
        };
        let same = self.timeline.with_untracked(|t| {
            t.as_ref()
                .is_some_and(|t| Arc::ptr_eq(&t.timeline, &timeline) && t.at != at)
        });
        if !same || at >= timeline.len() {
            return;
        }
        self.write.timeline.update(|t| {
            if let Some(t) = t {
                t.at = at;
            }
        });
        let before = at.checked_sub(1).map(|p| {
            let (added, removed) = timeline.moves(at).map_or((0, 0), |m| (m.added, m.removed));
            Before {
                ranked: timeline.moments()[p].ranked.clone(),
                added,
                removed,
            }
        });
        self.write.before.set(before);
    }

    /// The loaded timeline's moves for the step shown (`Timeline::moves`, kept by the timeline),
    /// if `base` → `cur` is that very step: the before snapshot's ranking and the shown one's
    /// (the same shared runs, so under Slurm's tie rule and without edits since). O(1).
    pub fn timeline_moves(self, base: &Ranked, cur: &Ranked) -> Option<Arc<RunDiff>> {
        self.timeline.with_untracked(|t| {
            let t = t.as_ref()?;
            let moments = t.timeline.moments();
            let before = &moments.get(t.at.checked_sub(1)?)?.ranked;
            let after = &moments.get(t.at)?.ranked;
            let same = |a: &Ranked, b: &Ranked| Arc::ptr_eq(&a.shared_run(), &b.shared_run());
            (same(before, base) && same(after, cur))
                .then(|| t.timeline.shared_moves(t.at))
                .flatten()
        })
    }

    /// Closes the timeline (the snapshot shown stays, still compared with its before snapshot).
    pub fn clear_timeline(self) {
        self.write.timeline.set(None);
    }
}

/// Writes `value` to `signal` only when it differs from what it holds (an unchanged value wakes
/// no reader).
fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: WriteSignal<T>, value: T) {
    signal.maybe_update(|v| {
        let changed = *v != value;
        if changed {
            *v = value;
        }
        changed
    });
}

/// A timeline built from imported snapshots (oldest first): the timeline, what each snapshot
/// printed (renumbered with the timeline's ids), and the newest import's scenario settings.
pub type Built = (Timeline, Vec<Vec<PrintedRow>>, Scenario);

/// Builds a timeline from imports, oldest first, each with its time and label. A snapshot that
/// did not import cleanly is left out, with its label and first error. `None` when fewer than
/// two snapshots are left (with how many were).
pub fn build_timeline(
    snapshots: Vec<(Option<Time>, String, Imported)>,
) -> (Result<Built, usize>, Vec<(String, Diagnostic)>) {
    let mut problems = Vec::new();
    let mut kept: Vec<(Option<Time>, String, Scenario, Vec<PrintedRow>)> = Vec::new();
    for (time, label, imported) in snapshots {
        let error = imported.diagnostics.iter().find(|d| d.is_error()).cloned();
        match (imported.scenario, error) {
            (Some(scenario), None) => kept.push((time, label, scenario, imported.printed)),
            (_, error) => problems.push((
                label,
                error.unwrap_or_else(|| Diagnostic::error(None, fairshare::DiagKind::Empty)),
            )),
        }
    }
    if kept.len() < 2 {
        return (Err(kept.len()), problems);
    }
    let template = kept.last().map(|k| k.2.clone()).expect("two at least");
    let originals: Vec<fairshare::AssocTree> = kept.iter().map(|k| k.2.tree.clone()).collect();
    let mut printed_all = Vec::with_capacity(kept.len());
    let timeline = Timeline::new(
        kept.into_iter()
            .map(|(time, label, scenario, printed)| {
                printed_all.push(printed);
                (time, label, scenario.tree)
            })
            .collect(),
    );
    // Printed rows name their association by id: the timeline renumbered the older snapshots
    // (positions unchanged), so each row takes the id now at its association's position.
    for (k, printed) in printed_all.iter_mut().enumerate() {
        let (old, new) = (&originals[k], timeline.moments()[k].ranked.tree());
        for row in printed.iter_mut() {
            if let Some(a) = old.position(row.id).and_then(|ix| new.assocs().get(ix)) {
                row.id = a.id;
            }
        }
    }
    (Ok((timeline, printed_all, template)), problems)
}

impl LoadedTimeline {
    /// Snapshot `k` as a scenario with the template's settings ([`moment_scenario`]).
    pub fn scenario_at(&self, k: usize) -> Scenario {
        moment_scenario(&self.timeline, k, &self.template)
    }
}

/// Snapshot `k` as a scenario with `template`'s settings, named by its label (a pair's
/// unnamed snapshots keep the template's name).
fn moment_scenario(timeline: &Timeline, k: usize, template: &Scenario) -> Scenario {
    let m = &timeline.moments()[k];
    Scenario {
        name: if m.label.is_empty() {
            template.name.clone()
        } else {
            m.label.clone()
        },
        algorithm: template.algorithm,
        params: template.params.clone(),
        tree: m.ranked.tree().clone(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use fairshare::diff::run_diff;
    use fairshare::snapshot::compare;
    use fairshare::{AssocId, LongDouble, Ranked, TieRule};
    use leptos::prelude::*;

    use super::*;

    /// A small cluster whose user `u1` (id 3) has `u1` usage and `u2` (id 4) 30.
    fn scenario(u1: u32) -> Scenario {
        let text = format!(
            r#"{{"associations": [
              {{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1}},
              {{"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1}},
              {{"id": 3, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": {u1}}},
              {{"id": 4, "parent": 2, "account": "a", "user": "u2", "shares": 1, "usage_raw": 30}},
              {{"id": 5, "parent": 1, "account": "b", "user": null, "shares": 1}},
              {{"id": 6, "parent": 5, "account": "b", "user": "u3", "shares": 1, "usage_raw": 20}}
            ]}}"#
        );
        fairshare::scenario::parse(&text).0.unwrap()
    }

    /// Three days' scenarios and their timeline (`day0`, `day1`, `day2`).
    fn three_days() -> ([Scenario; 3], Timeline) {
        let days = [scenario(10), scenario(50), scenario(5)];
        let timeline = Timeline::new(
            days.iter()
                .enumerate()
                .map(|(k, s)| (None, format!("day{k}"), s.tree.clone()))
                .collect(),
        );
        (days, timeline)
    }

    fn run_of(r: &Ranked) -> Arc<fairshare::fair_tree::FairTreeRun> {
        r.shared_run()
    }

    /// Moving the scrubber ranks and matches nothing again: the page's rankings are the
    /// timeline's own (the same shared runs), and its moves are the timeline's, equal to the
    /// comparison made from scratch.
    #[test]
    fn a_step_shows_the_timelines_rankings_and_moves() {
        Owner::new().with(|| {
            let (days, timeline) = three_days();
            let kept = timeline.clone();
            let state = AppState::new(scenario(1));
            state.load_timeline(timeline, vec![Vec::new(); 3], days[2].clone());
            let shown = state
                .timeline
                .with_untracked(|t| t.clone().unwrap().timeline);
            for k in [1, 0, 2, 1] {
                state.show_moment(k);
                let m = &shown.moments()[k];
                assert!(Arc::ptr_eq(
                    &state.slurm_ranked.with_untracked(run_of),
                    &run_of(&m.ranked)
                ));
                let base = &shown.moments()[k.saturating_sub(1)].ranked;
                assert!(Arc::ptr_eq(
                    &state.baseline_ranked.with_untracked(run_of),
                    &run_of(base)
                ));
                let moves = state.moves.get_untracked();
                match k {
                    0 => {
                        assert!(moves.moved.is_empty());
                        assert!(state.before.get_untracked().is_none());
                    }
                    _ => {
                        // From scratch: the two snapshots ranked, matched and diffed again.
                        let after = Ranked::new(kept.moments()[k].ranked.tree(), TieRule::Slurm);
                        let scratch = compare(
                            kept.moments()[k - 1].ranked.tree(),
                            &after,
                            fairshare::timeline::EXPLAINED,
                        );
                        assert_eq!(*moves, scratch.diff);
                        // Not a copy: the step's moves are the timeline's own.
                        assert!(Arc::ptr_eq(&moves, &shown.shared_moves(k).unwrap()));
                        assert!(!moves.moved.is_empty(), "day {k} moves someone");
                        let before = state.before.get_untracked().expect("a before snapshot");
                        assert_eq!(before.ranked, scratch.before);
                    }
                }
            }
            // The what-if list's diff of the step shown is the timeline's (200 explained).
            let listed = state
                .baseline_ranked
                .with_untracked(|b| state.ranked.with_untracked(|c| state.timeline_moves(b, c)));
            assert!(Arc::ptr_eq(
                &listed.unwrap(),
                &shown.shared_moves(1).unwrap()
            ));
            // An edit after a step is diffed afresh (the hint is for the step's trees only).
            state
                .set_usage(AssocId(3), LongDouble::from_f64(1e6))
                .expect("a valid edit");
            let expected = state
                .baseline_ranked
                .with_untracked(|b| state.slurm_ranked.with_untracked(|c| run_diff(b, c, 0)));
            assert_eq!(*state.moves.get_untracked(), expected);
            let listed = state
                .baseline_ranked
                .with_untracked(|b| state.ranked.with_untracked(|c| state.timeline_moves(b, c)));
            assert_eq!(listed, None);
        });
    }

    /// A step that keeps the selection, the compared user, the finished walk and the decay
    /// clock as they were wakes none of their readers (each card and treeitem reads the
    /// selection): only what the step changes is written.
    #[test]
    fn a_step_wakes_no_reader_of_what_it_keeps() {
        Owner::new().with(|| {
            let (days, timeline) = three_days();
            let state = AppState::new(scenario(1));
            state.load_timeline(timeline, vec![Vec::new(); 3], days[2].clone());
            state.select(Some(AssocId(3)));
            state.compare(Some(AssocId(6)));
            let runs = Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let counted = |read: Box<dyn Fn() -> u64 + Send + Sync>| {
                let runs = runs.clone();
                Memo::new(move |_| {
                    runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    read()
                })
            };
            let readers = [
                counted(Box::new(move || {
                    state.selected().get().map_or(0, |id| id.0.into())
                })),
                counted(Box::new(move || {
                    state.compare_with().get().map_or(0, |id| id.0.into())
                })),
                counted(Box::new(move || {
                    state.cursor().get().map_or(0, |c| c as u64)
                })),
                counted(Box::new(move || state.decay().with(|c| c.epoch as u64))),
            ];
            let read_all = || {
                readers
                    .iter()
                    .map(|m| m.get_untracked())
                    .collect::<Vec<_>>()
            };
            let first = read_all();
            let made = runs.load(std::sync::atomic::Ordering::Relaxed);
            for k in [1, 0, 2, 1] {
                state.show_moment(k);
                assert_eq!(read_all(), first);
            }
            assert_eq!(
                runs.load(std::sync::atomic::Ordering::Relaxed),
                made,
                "no reader of what the steps kept ran again"
            );
            // A step that does change one of them still wakes its readers.
            state.set_cursor(Some(1));
            state.show_moment(2);
            assert_eq!(state.cursor().get_untracked(), None);
            read_all();
            assert!(runs.load(std::sync::atomic::Ordering::Relaxed) > made);
        });
    }

    /// A snapshot shown again takes back the finished frame made when it was last shown (the
    /// scrubber moved back and forth builds no frame), equal to one made from scratch; playing
    /// the walk moves a frame of its own, and the one kept stays finished.
    #[test]
    fn a_snapshot_shown_again_keeps_its_finished_frame() {
        Owner::new().with(|| {
            let (days, timeline) = three_days();
            let state = AppState::new(scenario(1));
            state.load_timeline(timeline, vec![Vec::new(); 3], days[2].clone());
            let shown = state
                .timeline
                .with_untracked(|t| t.clone().unwrap().timeline);
            state.show_moment(1);
            let first = state.frame.get_untracked();
            state.show_moment(0);
            let other = state.frame.get_untracked();
            assert!(!Arc::ptr_eq(&first, &other));
            state.show_moment(1);
            assert!(
                Arc::ptr_eq(&first, &state.frame.get_untracked()),
                "day 1's frame taken back"
            );
            let scratch = shown.moments()[1].ranked.frame(usize::MAX);
            assert_eq!(*first, scratch);
            state.set_cursor(Some(2));
            let playing = state.frame.get_untracked();
            assert_eq!(*playing, shown.moments()[1].ranked.frame(2));
            state.set_cursor(None);
            assert_eq!(*first, scratch, "the kept frame was not moved");
            assert_eq!(*state.frame.get_untracked(), scratch);
        });
    }

    /// Scrubbing away from an edited snapshot loses nothing: the edited scenario is an undo
    /// step, and undoing shows it again compared with the snapshot before it; redo comes back.
    /// Scrubbing without edits adds no undo step.
    #[test]
    fn scrubbing_away_from_an_edit_is_undoable() {
        Owner::new().with(|| {
            let (days, timeline) = three_days();
            let state = AppState::new(scenario(1));
            state.load_timeline(timeline, vec![Vec::new(); 3], days[2].clone());
            let shown = state
                .timeline
                .with_untracked(|t| t.clone().unwrap().timeline);
            let steps = || state.history.with_untracked(|h| h.undo_stack().len());
            let loaded = steps();
            state.show_moment(1);
            state.show_moment(0);
            state.show_moment(1);
            assert_eq!(steps(), loaded, "an unedited snapshot is not an undo step");
            state
                .set_usage(AssocId(3), LongDouble::from_f64(1e6))
                .expect("a valid edit");
            let edited = state.scenario.get_untracked();
            let at = |state: AppState| state.timeline.with_untracked(|t| t.as_ref().unwrap().at);
            state.show_moment(2);
            assert_eq!(at(state), 2);
            assert_eq!(
                state.scenario.with_untracked(|s| s.tree.clone()),
                *shown.moments()[2].ranked.tree()
            );
            assert_eq!(steps(), loaded + 2, "the edit, then the edited snapshot");
            state.undo();
            assert_eq!(state.scenario.get_untracked(), edited);
            assert_eq!(
                at(state),
                1,
                "the timeline shows the edited snapshot's moment"
            );
            assert_eq!(
                state.before.get_untracked().map(|b| b.ranked),
                Some(shown.moments()[0].ranked.clone())
            );
            assert_eq!(
                state.baseline.with_untracked(|b| b.tree.clone()),
                *shown.moments()[0].ranked.tree()
            );
            state.redo();
            assert_eq!(at(state), 2);
            assert_eq!(
                state.scenario.with_untracked(|s| s.tree.clone()),
                *shown.moments()[2].ranked.tree()
            );
            assert_eq!(
                state.before.get_untracked().map(|b| b.ranked),
                Some(shown.moments()[1].ranked.clone())
            );
            state.undo();
            state.undo();
            assert_eq!(
                state.scenario.with_untracked(|s| s.tree.clone()),
                *shown.moments()[1].ranked.tree(),
                "the edit itself undone"
            );
            assert_eq!(at(state), 1);
        });
    }

    /// A before/after pair (Load as before, `before=`, a saved session) is a timeline of two:
    /// the scrubber can show the before snapshot and come back, with the same comparison.
    #[test]
    fn a_pair_is_a_timeline_of_two() {
        Owner::new().with(|| {
            let state = AppState::new(scenario(50));
            let after_run = state.slurm_ranked.with_untracked(run_of);
            state.load_before(&scenario(10).tree);
            let loaded = state.timeline.get_untracked().expect("a timeline");
            assert_eq!((loaded.timeline.len(), loaded.at), (2, 1));
            // The scenario's ranking is the pair's after snapshot, not ranked again.
            assert!(Arc::ptr_eq(
                &run_of(&loaded.timeline.moments()[1].ranked),
                &after_run
            ));
            let scratch = state.slurm_ranked.with_untracked(|after| {
                compare(&scenario(10).tree, after, fairshare::timeline::EXPLAINED)
            });
            assert_eq!(*state.moves.get_untracked(), scratch.diff);
            assert!(!scratch.diff.moved.is_empty());
            state.show_moment(0);
            assert!(state.before.get_untracked().is_none());
            assert_eq!(
                state.scenario.with_untracked(|s| s.tree.clone()),
                *scratch.before.tree()
            );
            state.show_moment(1);
            assert_eq!(*state.moves.get_untracked(), scratch.diff);
            assert_eq!(
                state.before.get_untracked().map(|b| b.ranked),
                Some(scratch.before)
            );
            // The scenario keeps its name on both sides of the pair.
            assert_eq!(
                state.scenario.with_untracked(|s| s.name.clone()),
                scenario(50).name
            );
        });
    }
}
