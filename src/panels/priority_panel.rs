//! `<PriorityPanel/>`: how a FairShare becomes a job's priority (region `Job priority`).
//!
//! Slurm's multifactor formula with PriorityWeight* inputs named after Slurm's
//! parameters, an example job's factors (age, the selected user's FairShare from the tree, job
//! size, partition, QOS, TRES), a stacked bar of weight × factor with a table of the same values
//! for screen readers, the total, and PriorityWeightFairshare's 1–2 × N advice computed for the
//! current tree.
//!
//! The arithmetic is the engine's (`fairshare::priority::priority`,
//! `priority::suggested_fairshare_weight`); this module builds its inputs, turns its result
//! into bar segments and text, and keeps its own input signals (they are not part of the
//! scenario). Pure helpers are tested natively below.

mod model;
mod parts;
#[cfg(test)]
mod tests;

pub use model::*;
use parts::{JobFields, PriorityResult, SuggestedWeight, WeightFields};

use fairshare::format::{fmt_tres_weights, printf_f};
use fairshare::priority::PriorityConfig;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::common::CommonMsg;
use crate::messages::priority::PriorityMsg;
use crate::state::AppState;

/// The job's user and its FairShare: the selected user, else the first user of the tree.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct JobOwner {
    pub(super) name: String,
    pub(super) fairshare: f64,
    /// Its place in the ranking as the tree shows it (1 = first served).
    pub(super) position: u32,
    pub(super) selected: bool,
}

pub(super) fn job_owner(state: AppState) -> Option<JobOwner> {
    let selected = state.selected().get();
    state.scenario().with(|s| {
        state.run().with(|run| {
            let user_at = |ix: usize| {
                let a = s.tree.assocs().get(ix).filter(|a| a.is_user())?;
                let r = run.assocs().get(ix)?;
                Some((a.name().to_string(), r.fairshare?, run.position(ix)?))
            };
            let chosen = selected
                .and_then(|id| s.tree.position(id))
                .and_then(user_at);
            let (found, is_selected) = match chosen {
                Some(x) => (Some(x), true),
                None => ((0..s.tree.len()).find_map(user_at), false),
            };
            found.map(|(name, fairshare, position)| JobOwner {
                name,
                fairshare,
                position,
                selected: is_selected,
            })
        })
    })
}

/// The panel's inputs. `Copy`.
#[derive(Clone, Copy)]
pub(super) struct Inputs {
    pub(super) config: RwSignal<PriorityConfig>,
    pub(super) example: RwSignal<Example>,
    pub(super) tres_text: RwSignal<String>,
    pub(super) max_age_text: RwSignal<String>,
}

/// The job-priority panel.
#[component]
pub fn PriorityPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let config = example_config();
    let inputs = Inputs {
        tres_text: RwSignal::new(fmt_tres_weights(&config.weights.tres)),
        config: RwSignal::new(config),
        example: RwSignal::new(Example::default()),
        max_age_text: RwSignal::new("7-0".to_string()),
    };
    let owner = move || job_owner(state);
    let owner_text = move || {
        let lang = i18n.lang();
        let n = fairshare::format::grouped(state.run().with(|r| r.n_users()).into());
        match owner() {
            Some(o) => {
                let msg = if o.selected {
                    PriorityMsg::JobUser
                } else {
                    PriorityMsg::JobUserFallback
                };
                msg.fill(
                    lang,
                    &[
                        ("name", &o.name),
                        ("fs", &printf_f(o.fairshare)),
                        ("position", &fairshare::format::grouped(o.position.into())),
                        ("n", &n),
                    ],
                )
            }
            None => PriorityMsg::JobNoUser.text(lang).to_string(),
        }
    };
    view! {
        <section
            class="ft-panel ft-priority"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionPriority)
        >
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionPriority)}</h2>
            <p class="ft-panel-help">{i18n.t(PriorityMsg::Intro)}</p>
            <p class="ft-formula">{i18n.t(PriorityMsg::Formula)}</p>
            <p class="ft-readout" data-testid="priority-owner">{move || owner_text()}</p>
            <PriorityResult inputs=inputs />
            <SuggestedWeight inputs=inputs />
            <WeightFields inputs=inputs />
            <JobFields inputs=inputs />
        </section>
    }
}
