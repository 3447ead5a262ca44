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
//! The panel's own inputs ([`DecayControls`]: the schedule, the jobs, the slider while dragged)
//! are not part of undo. Jobs are timed on one clock that never restarts (the clock's `epoch`
//! says where t = 0 is on it), so a restart or an undo never rewrites them. The pure glue is
//! in [`model`], tested natively.

mod job_form;
mod job_list;
pub mod model;
mod params;
mod slider;
#[cfg(test)]
mod tests;
mod until;

use fairshare::decay::{self, Job, Schedule};
use fairshare::{AssocTree, TreeError};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::decay::DecayMsg;
use crate::state::AppState;
use job_form::JobForm;
use params::DecayParams;
use slider::TimeSlider;
use until::UntilQuestion;

/// The panel's own inputs. `Copy`, passed to the parts of the panel.
#[derive(Clone, Copy)]
struct DecayControls {
    half_life: RwSignal<u64>,
    half_life_text: RwSignal<String>,
    period: RwSignal<u64>,
    period_text: RwSignal<String>,
    /// The slider's position while it is dragged.
    preview: RwSignal<i64>,
    dragging: RwSignal<bool>,
    /// The jobs, timed on the jobs' clock (see [`crate::state::DecayClock`]).
    jobs: RwSignal<Vec<Job>>,
    error: RwSignal<Option<Vec<TreeError>>>,
}

impl DecayControls {
    fn new() -> DecayControls {
        DecayControls {
            half_life: RwSignal::new(decay::DEFAULT_HALF_LIFE_SECS),
            half_life_text: RwSignal::new("7-0".to_string()),
            period: RwSignal::new(decay::DEFAULT_CALC_PERIOD_SECS),
            period_text: RwSignal::new("5".to_string()),
            preview: RwSignal::new(0),
            dragging: RwSignal::new(false),
            jobs: RwSignal::new(Vec::new()),
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

    fn schedule(self) -> Schedule {
        Schedule {
            half_life_secs: self.half_life.get(),
            calc_period_secs: self.period.get(),
            no_state_file: false,
        }
    }

    fn schedule_untracked(self) -> Schedule {
        Schedule {
            half_life_secs: self.half_life.get_untracked(),
            calc_period_secs: self.period.get_untracked(),
            no_state_file: false,
        }
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
        let epoch = state.decay().with(|c| c.epoch);
        self.jobs.with(|j| model::jobs_at(j, epoch, 0))
    }

    /// Moves the timeline to time `t` (one undoable step).
    fn move_to(self, state: AppState, t: i64) {
        let schedule = self.schedule_untracked();
        let n = state.scenario().with_untracked(|s| s.tree.len());
        let t = model::snap(t, &schedule, n);
        let epoch = state.decay().with_untracked(|c| c.epoch);
        let jobs = self.jobs.with_untracked(|j| model::jobs_at(j, epoch, 0));
        match state.move_in_time(t, |base| model::tree_at(base, &jobs, &schedule, t)) {
            Ok(()) => {
                self.preview.set(t);
                self.error.set(None);
            }
            Err(e) => self.error.set(Some(e)),
        }
        self.dragging.set(false);
    }

    /// Re-applies the current time after the jobs or the schedule changed.
    fn reapply(self, state: AppState) {
        let t = state.decay().with_untracked(|c| c.time);
        if t > 0 {
            self.move_to(state, t);
        }
    }
}

/// The decay panel.
#[component]
pub fn DecayPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let controls = DecayControls::new();
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
            <UntilQuestion controls=controls />
        </section>
    }
}
