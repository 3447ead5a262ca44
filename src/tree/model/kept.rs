//! [`KeptModels`]: the tree models of the last snapshots shown, by what each was built from.
//!
//! A timeline's scrubber moved back and forth shows the same snapshots again: the same shared
//! runs (the timeline's), the same visible set, the same language. The model built when the
//! snapshot was last shown is then taken back instead of built again (its texts, card sizes,
//! layout and nesting: ~1.3 ms of a 10k step's frame in a no-wasm-opt profile). An edit makes
//! new runs, which nothing kept matches. The runs are held as `Weak`s, which keep their
//! addresses from being reused while an entry lives.

use std::sync::{Arc, Weak};

use fairshare::fair_tree::FairTreeRun;

use super::{ModelInput, TreeModel, build};
use crate::messages::Lang;
use crate::tree::visible::Visible;

/// How many models are kept: the snapshot shown, the one before it, and one more.
const KEPT: usize = 3;

/// What a model was built from: the runs by address, the rest by value.
struct Key {
    /// The shown run, the baseline's, the current run under Slurm's rule, and the before
    /// snapshot's.
    runs: [Option<Weak<FairTreeRun>>; 4],
    visible: Visible,
    unsorted: Option<Vec<usize>>,
    lang: Lang,
}

/// The runs `input` reads, in [`Key::runs`] order.
fn runs(input: &ModelInput<'_>) -> [Option<*const FairTreeRun>; 4] {
    let w = input.what_if.as_ref();
    [
        Some(input.ranked.run() as *const _),
        w.map(|w| w.base.run() as *const _),
        w.map(|w| w.cur.run() as *const _),
        w.and_then(|w| w.before).map(|b| b.run() as *const _),
    ]
}

impl Key {
    fn matches(&self, runs: &[Option<*const FairTreeRun>; 4], input: &ModelInput<'_>) -> bool {
        self.runs
            .iter()
            .zip(runs)
            .all(|(kept, now)| match (kept, now) {
                (Some(kept), Some(now)) => {
                    kept.strong_count() > 0 && std::ptr::eq(kept.as_ptr(), *now)
                }
                (None, None) => true,
                _ => false,
            })
            && self.lang == input.lang
            && self.unsorted.as_deref() == input.unsorted
            && self.visible == *input.visible
    }
}

/// Models built, newest last, at most [`KEPT`].
#[derive(Default)]
pub struct KeptModels {
    entries: Vec<(Key, TreeModel)>,
    /// How many models were taken back (for tests).
    hits: usize,
}

impl KeptModels {
    /// The model of `input` ([`build`]'s), taken back if one was kept for the same inputs.
    /// `shared` gives the `Arc` of each run `input` reads (the `Weak`s kept), in the order
    /// shown, baseline, current, before. A model shown under another tie rule than Slurm's
    /// (which reads Slurm's run as well) is built and not kept.
    pub fn model(
        &mut self,
        input: &ModelInput<'_>,
        shared: [Option<Arc<FairTreeRun>>; 4],
    ) -> TreeModel {
        let now = runs(input);
        let same_runs = shared
            .iter()
            .zip(&now)
            .all(|(s, n)| s.as_ref().map(Arc::as_ptr) == *n);
        if !same_runs || input.slurm_run.is_some() {
            return build(input);
        }
        if let Some(i) = self
            .entries
            .iter()
            .position(|(k, _)| k.matches(&now, input))
        {
            self.hits += 1;
            let hit = self.entries.remove(i);
            let model = hit.1.clone();
            self.entries.push(hit);
            return model;
        }
        let model = build(input);
        self.entries
            .retain(|(k, _)| k.runs.iter().flatten().all(|w| w.strong_count() > 0));
        if self.entries.len() == KEPT {
            self.entries.remove(0);
        }
        let key = Key {
            runs: shared.map(|s| s.as_ref().map(Arc::downgrade)),
            visible: input.visible.clone(),
            unsorted: input.unsorted.map(<[usize]>::to_vec),
            lang: input.lang,
        };
        self.entries.push((key, model.clone()));
        model
    }

    /// How many models were taken back.
    pub fn hits(&self) -> usize {
        self.hits
    }
}

#[cfg(test)]
mod tests {
    use fairshare::{Ranked, TieRule};

    use super::*;
    use crate::tree::model::WhatIf;
    use crate::tree::visible::{Outline, visible};

    /// Each snapshot's model, through the kept models and built afresh.
    fn both(kept: &mut KeptModels, r: &Ranked) -> (TreeModel, TreeModel) {
        let outline = Outline::new(r.hierarchy(), r.run());
        let shown = visible(&outline, &Default::default(), None);
        let input = ModelInput {
            ranked: r,
            slurm_run: None,
            what_if: Some(WhatIf {
                base: r,
                cur: r,
                before: None,
            }),
            outline: &outline,
            visible: &shown,
            unsorted: None,
            lang: Lang::En,
        };
        let run = || Some(r.shared_run());
        (
            kept.model(&input, [run(), run(), run(), None]),
            build(&input),
        )
    }

    /// Two snapshots shown in turn: each model is built once, and the one taken back is the
    /// one a build gives; a new ranking of the same tree (an edit's) is built again.
    #[test]
    fn a_snapshot_shown_again_takes_its_model_back() {
        let tree = |id| crate::presets::by_id(id).unwrap().scenario().tree;
        let (a, b) = (
            Ranked::new(&tree("labmates"), TieRule::Slurm),
            Ranked::new(&tree("test24-4"), TieRule::Slurm),
        );
        let mut kept = KeptModels::default();
        for r in [&a, &b, &a, &b, &a] {
            let (model, fresh) = both(&mut kept, r);
            assert_eq!(model, fresh);
        }
        assert_eq!(kept.hits(), 3);
        let again = Ranked::new(&tree("labmates"), TieRule::Slurm);
        both(&mut kept, &again);
        assert_eq!(
            kept.hits(),
            3,
            "another run of an equal tree is not the one kept"
        );
    }
}
