//! `AppState`'s read accessors: a read-only handle per field, so that the intent methods in
//! `state.rs` and its other submodules are the only writers.

use std::collections::BTreeSet;
use std::sync::Arc;

use fairshare::diff::RunDiff;
use fairshare::import::PrintedRow;
use fairshare::step::Frame;
use leptos::prelude::*;

use fairshare::{AssocId, Hierarchy, Ranked, Scenario, TieRule, classic, fair_tree};

use super::{AppState, Before, DecayClock, History, LoadedTimeline};
use crate::chrome::PanelTab;

/// Read-only handles: every field read goes through these (`state.scenario().with(..)`).
impl AppState {
    /// The scenario on screen (tree, algorithm, parameters).
    pub fn scenario(self) -> ReadSignal<Scenario> {
        self.scenario
    }

    /// The what-if baseline: ranks are compared against this scenario.
    pub fn baseline(self) -> ReadSignal<Scenario> {
        self.baseline
    }

    /// Undo/redo stacks.
    pub fn history(self) -> ReadSignal<History> {
        self.history
    }

    /// The selected association.
    pub fn selected(self) -> ReadSignal<Option<AssocId>> {
        self.selected
    }

    /// The user association compared with the selected one ("why is B above me?").
    pub fn compare_with(self) -> ReadSignal<Option<AssocId>> {
        self.compare_with
    }

    /// Which tie rule ranks the tree (Slurm's by default).
    pub fn tie_rule(self) -> ReadSignal<TieRule> {
        self.tie_rule
    }

    /// Accounts collapsed on purpose in the tree view.
    pub fn collapsed(self) -> ReadSignal<BTreeSet<AssocId>> {
        self.collapsed
    }

    /// Accounts expanded on purpose in the tree view (big trees open collapsed).
    pub fn expanded(self) -> ReadSignal<BTreeSet<AssocId>> {
        self.expanded
    }

    /// What Slurm printed for an imported sshare text (empty otherwise), by association id.
    pub fn printed(self) -> ReadSignal<Arc<[PrintedRow]>> {
        self.printed
    }

    /// How many trees have been loaded (a preset, an import, a link, a new start): changes with
    /// each load and never with an edit or its undo.
    pub fn loads(self) -> ReadSignal<u64> {
        self.loads
    }

    /// The preset the scenario came from, if any.
    pub fn preset(self) -> ReadSignal<Option<&'static str>> {
        self.preset
    }

    /// The decay timeline's time (part of each undo step).
    pub fn decay(self) -> ReadSignal<DecayClock> {
        self.decay
    }

    /// The side column's open panel (its tab is selected).
    pub fn panel(self) -> ReadSignal<PanelTab> {
        self.panel
    }

    /// The ranking animation's cursor: `None` shows the finished ranking (the page opens so);
    /// `Some(k)` shows the walk after `k` steps.
    pub fn cursor(self) -> ReadSignal<Option<usize>> {
        self.cursor
    }

    /// The before snapshot the scenario is compared with, if one is loaded (it is also the
    /// what-if baseline, so the tree's tags and the what-if list show the moves since it).
    pub fn before(self) -> ReadSignal<Option<Before>> {
        self.before
    }

    /// The timeline of snapshots, if one is loaded: the scenario is its snapshot `at`, and the
    /// before snapshot the one before it (`state/timeline.rs`).
    pub fn timeline(self) -> ReadSignal<Option<LoadedTimeline>> {
        self.timeline
    }

    /// Whether what the player shows is held back: from a scrubber step until that step's
    /// frame is painted, the player keeps showing the walk it showed (`player/shown.rs`), so
    /// its texts are computed, written and laid out in the frame after (wasm only).
    pub fn player_held(self) -> ReadSignal<bool> {
        self.player_held.read_only()
    }

    /// The scenario's tree ranked by Fair Tree with the chosen tie rule (tree, hierarchy and
    /// run built together): what the tree shows, and what `explain`, the sshare rows and the
    /// diff read.
    pub fn ranked(self) -> Memo<Ranked> {
        self.ranked
    }

    /// The same tree ranked with Slurm's tie rule (`ranked` itself, shared, under Slurm's
    /// rule; otherwise another run on the same hierarchy).
    pub fn slurm_ranked(self) -> Memo<Ranked> {
        self.slurm_ranked
    }

    /// The baseline scenario ranked with Slurm's tie rule: the one baseline run (the what-if
    /// panel's diff and the tree's what-if tags compare against it).
    pub fn baseline_ranked(self) -> Memo<Ranked> {
        self.baseline_ranked
    }

    /// `ranked`'s hierarchy (Slurm's derived structure of the scenario's tree), shared.
    pub fn hierarchy(self) -> Memo<Arc<Hierarchy>> {
        self.hierarchy
    }

    /// `ranked`'s run: Fair Tree with the chosen tie rule, shared.
    pub fn run(self) -> Memo<Arc<fair_tree::FairTreeRun>> {
        self.run
    }

    /// `run`'s trace, shared: unchanged (the same handle, no notification) by an edit whose
    /// run walks as the one before it did ([`fairshare::fair_tree::FairTreeRun::shared_steps`]).
    pub fn steps(self) -> Memo<Arc<Vec<fairshare::Step>>> {
        self.steps
    }

    /// Who moved against the baseline, both ranked with Slurm's tie rule (so that switching the
    /// tie rule alone moves nobody: the tree tags that difference on its own). The engine's
    /// [`fairshare::diff::run_diff`], without reasons (a timeline's step: the timeline's own
    /// diff, whose first rows have one). O(n) per edit, so computed only while something reads
    /// it (the snapshot panel); the tree's what-if tags read each shown user's move alone
    /// ([`fairshare::diff::moved`] on `baseline_ranked` and `slurm_ranked`).
    pub fn moves(self) -> Memo<Arc<RunDiff>> {
        self.moves
    }

    /// The classic algorithm on the same scenario (computed only while something reads it; not
    /// again when only the tie rule changes). The memo is made by the first call: only split
    /// panels call this, so its code stays out of the first load (issue 24 §2).
    pub fn classic(self) -> Memo<Arc<classic::ClassicRun>> {
        if let Some(memo) = self.classic.with_value(|slot| slot.memo) {
            return memo;
        }
        let owner = self
            .classic
            .with_value(|slot| slot.owner.as_ref().and_then(WeakOwner::upgrade));
        let make = || classic_memo(self.scenario, self.slurm_ranked);
        let memo = match owner {
            Some(owner) => owner.with(make),
            None => make(),
        };
        self.classic.update_value(|slot| slot.memo = Some(memo));
        memo
    }

    /// The animation frame at the cursor (the finished walk when the cursor is `None`), shared
    /// (its predecessor is freed after the frame that shows it).
    pub fn frame(self) -> Memo<Arc<Frame>> {
        self.frame
    }
}

/// The classic run of `slurm_ranked`'s tree with the scenario's parameters. Classic does not
/// depend on the tie rule: on `slurm_ranked`'s tree and hierarchy (the same as `ranked`'s), it
/// is not recomputed when only the rule changes. After an edit it carries over what the edit
/// left alone (every S after a usage edit).
fn classic_memo(
    scenario: ReadSignal<Scenario>,
    slurm_ranked: Memo<Ranked>,
) -> Memo<Arc<classic::ClassicRun>> {
    Memo::new_with_compare(
        move |prev: Option<&Arc<classic::ClassicRun>>| {
            let params = scenario.with(|s| s.params.clone());
            slurm_ranked.with(|r| {
                Arc::new(match prev {
                    Some(prev) => {
                        super::drop_later::keep(super::drop_later::Slot::Classic, Arc::clone(prev));
                        r.classic_after(prev, &params)
                    }
                    None => r.classic(&params),
                })
            })
        },
        super::other_arc,
    )
}
