//! The timeline of snapshots in [`AppState`]: N snapshots loaded at once (several files, or
//! `timeline=URL`), one shown at a time as the scenario, compared with the one before it as the
//! before snapshot (so the tree's tags, `data-position-before` and the `Since the before
//! snapshot` region explain each step). The engine's [`Timeline`] numbers the snapshots alike,
//! so the selection and the tree's keyed cards carry over from one snapshot to the next: cards
//! glide to their new places.

use std::sync::Arc;

use fairshare::import::Imported;
use fairshare::timeline::{Time, Timeline};
use fairshare::{Diagnostic, PrintedRow, Scenario};

use leptos::prelude::*;

use super::AppState;

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
        let n = timeline.len();
        let Some(last) = n.checked_sub(1) else {
            return;
        };
        let loaded = LoadedTimeline {
            timeline: Arc::new(timeline),
            printed: printed.into_iter().map(Arc::from).collect(),
            template: Arc::new(template),
            at: last,
        };
        let scenario = loaded.scenario_at(last);
        let printed = loaded
            .printed
            .get(last)
            .cloned()
            .unwrap_or_else(|| Arc::from([]));
        // `load` ends any earlier comparison and timeline; then this one starts.
        self.write.before.set(None);
        self.load(scenario, printed.to_vec(), None);
        self.write.timeline.set(Some(loaded));
        self.compare_with_previous(last);
    }

    /// Shows snapshot `k` of the loaded timeline (compared with snapshot `k − 1`), keeping the
    /// selection where the selected association is in it. Not an edit: no undo step. Out of
    /// range or without a timeline: nothing happens.
    pub fn show_moment(self, k: usize) {
        let Some(loaded) = self.timeline.get_untracked() else {
            return;
        };
        if k >= loaded.timeline.len() || k == loaded.at {
            return;
        }
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
        self.write.baseline.set(scenario.clone());
        self.write.scenario.set(scenario);
        self.write.printed.set(printed);
        self.write.decay.update(|c| *c = c.restarted());
        self.write.cursor.set(None);
        self.write.selected.set(keep);
        self.write.compare_with.set(keep_other);
        self.write.timeline.update(|t| {
            if let Some(t) = t {
                t.at = k;
            }
        });
        self.compare_with_previous(k);
    }

    /// The before snapshot of snapshot `k`: snapshot `k − 1`, or none for the oldest.
    fn compare_with_previous(self, k: usize) {
        let previous = self.timeline.with_untracked(|t| {
            let t = t.as_ref()?;
            Some(
                t.timeline
                    .moments()
                    .get(k.checked_sub(1)?)?
                    .ranked
                    .tree()
                    .clone(),
            )
        });
        match previous {
            Some(tree) => self.load_before(&tree),
            None => {
                self.write.before.set(None);
                self.write.baseline.set(self.scenario.get_untracked());
            }
        }
    }

    /// Closes the timeline (the snapshot shown stays, still compared with its before snapshot).
    pub fn clear_timeline(self) {
        self.write.timeline.set(None);
    }
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
    /// Snapshot `k` as a scenario with the template's settings.
    pub fn scenario_at(&self, k: usize) -> Scenario {
        let m = &self.timeline.moments()[k];
        Scenario {
            name: m.label.clone(),
            algorithm: self.template.algorithm,
            params: self.template.params.clone(),
            tree: m.ranked.tree().clone(),
        }
    }
}
