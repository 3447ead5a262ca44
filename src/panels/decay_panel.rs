//! `<DecayPanel/>`: usage decay over time (region `Usage decay over time`).
//!
//! Inputs PriorityDecayHalfLife and PriorityCalcPeriod (Slurm time strings), a time slider, jobs
//! on the timeline, and "how long until I am back above X?" for the selected user.
//!
//! **How time moves the tree (the design choice).** Where the timeline stands is app state,
//! `AppState::decay` (a `DecayClock`: the tree at t = 0 and the time shown), and it is part of
//! every undo step. While the slider is dragged (`input`) only the panel's readouts follow it
//! (the decay factor d^t and the usage at t, from the engine's `decay::usage_at`); when it is
//! released (`change`, also fired by each arrow key) the usages at t replace the scenario's
//! through `AppState::move_in_time`: one undoable step that carries its time, so Level FS and
//! ranks recompute, the tree animates once, and undo brings back the tree *and* the time. The
//! usages are always computed from the tree at t = 0 (never decayed twice), by
//! `fairshare::decay`: Slurm's decay thread cycle by cycle. Any other edit restarts the
//! timeline: t = 0 becomes the tree as it is then, at the same moment of the jobs' clock.
//!
//! The schedule and the jobs are app state too (`DecayClock::inputs`, a [`DecayInputs`]): each
//! change is one undoable step (`AppState::set_decay_inputs`, which recomputes the tree at the
//! timeline's time in the same step) and they are saved with the session. Only the slider while
//! dragged and the last refusal are the panel's own ([`DecayControls`]). Jobs are timed on one
//! clock that never restarts (the clock's `epoch` says where t = 0 is on it), so a restart or an
//! undo never rewrites them. The pure glue is in [`model`], tested natively.

mod job_form;
mod job_list;
pub mod model;
mod params;
mod slider;
#[cfg(test)]
mod tests;
mod until;

use fairshare::decay::{Job, Schedule};
use fairshare::{AssocTree, TreeError};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::decay::DecayMsg;
use crate::state::{AppState, DecayInputs};
use job_form::JobForm;
use params::DecayParams;
use slider::TimeSlider;
use until::UntilQuestion;

/// The panel's own state: the slider while it is dragged and the last refusal. `Copy`, passed
/// to the parts of the panel. The schedule and the jobs are app state
/// ([`crate::state::DecayInputs`], in undo and in the saved session).
#[derive(Clone, Copy)]
struct DecayControls {
    state: AppState,
    /// The slider's position while it is dragged.
    preview: RwSignal<i64>,
    dragging: RwSignal<bool>,
    error: RwSignal<Option<Vec<TreeError>>>,
}

impl DecayControls {
    fn new(state: AppState) -> DecayControls {
        DecayControls {
            state,
            preview: RwSignal::new(0),
            dragging: RwSignal::new(false),
            error: RwSignal::new(None),
        }
    }

    /// The slider's refusal in `lang` (reactive), each association named by its account and
    /// user as people see them (`User1 in AccountB`), never by its internal id (issue 25.7).
    fn refusal(self, state: AppState, lang: crate::messages::Lang) -> Option<String> {
        self.error.with(|e| {
            e.as_deref().map(|e| {
                state
                    .scenario()
                    .with(|s| crate::messages::engine::edit_errors_text(e, lang, &s.tree))
            })
        })
    }

    /// The schedule in force (reactive).
    fn schedule(self) -> Schedule {
        self.state.decay().with(|c| c.inputs.schedule())
    }

    /// The time shown: the slider while it is dragged, else the timeline's time.
    fn shown(self, state: AppState) -> i64 {
        if self.dragging.get() {
            self.preview.get()
        } else {
            state.decay().with(|c| c.time)
        }
    }

    /// The tree at t = 0 (reactive).
    fn origin(self, state: AppState) -> AssocTree {
        match state.decay().with(|c| c.base.clone()) {
            Some(base) => (*base).clone(),
            None => state.scenario().with(|s| s.tree.clone()),
        }
    }

    /// The jobs timed from t = 0 (reactive).
    fn jobs_from_origin(self, state: AppState) -> Vec<Job> {
        state
            .decay()
            .with(|c| model::jobs_at(&c.inputs.jobs, c.epoch, 0))
    }

    /// Moves the timeline to time `t` (one undoable step).
    fn move_to(self, state: AppState, t: i64) {
        let (schedule, jobs) = state.decay().with_untracked(|c| {
            (
                c.inputs.schedule(),
                model::jobs_at(&c.inputs.jobs, c.epoch, 0),
            )
        });
        let n = state.scenario().with_untracked(|s| s.tree.len());
        let t = model::snap(t, &schedule, n);
        let result = state.move_in_time(t, |base| model::tree_at(base, &jobs, &schedule, t));
        self.settle(result);
    }

    /// Changes the schedule or the jobs (`edit` on the inputs in force): one undoable step that
    /// also recomputes the tree at the timeline's time, if it has moved.
    fn set_inputs(self, state: AppState, edit: impl FnOnce(&mut DecayInputs)) {
        let (mut inputs, epoch) = state
            .decay()
            .with_untracked(|c| (c.inputs.clone(), c.epoch));
        edit(&mut inputs);
        let n = state.scenario().with_untracked(|s| s.tree.len());
        let result = state.set_decay_inputs(inputs, |base, inputs, t| {
            let schedule = inputs.schedule();
            let t = model::snap(t, &schedule, n);
            let jobs = model::jobs_at(&inputs.jobs, epoch, 0);
            Ok((t, model::tree_at(base, &jobs, &schedule, t)?))
        });
        self.settle(result);
    }

    /// After a move or a change: the slider rests at the timeline's time, and a refusal shows.
    fn settle(self, result: Result<(), Vec<TreeError>>) {
        match result {
            Ok(()) => {
                self.preview
                    .set(self.state.decay().with_untracked(|c| c.time));
                self.error.set(None);
            }
            Err(e) => self.error.set(Some(e)),
        }
        self.dragging.set(false);
    }
}

/// The decay panel.
#[component]
pub fn DecayPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let controls = DecayControls::new(AppState::expect());
    view! {
        <section
            class="ft-panel ft-decay"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionDecay)
        >
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionDecay)}</h2>
            <p class="ft-panel-help">{i18n.t(DecayMsg::Intro)}</p>
            <DecayParams controls=controls />
            <TimeSlider controls=controls />
            <JobForm controls=controls />
            <UntilQuestion />
        </section>
    }
}
