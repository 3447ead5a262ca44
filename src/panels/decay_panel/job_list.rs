//! `<JobList/>`: the jobs on the timeline, each with a remove button.

use fairshare::decay::Job;
use fairshare::format::{fmt_duration, fmt_hours};
use leptos::prelude::*;

use super::{DecayControls, model};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::common::name_in_account;
use crate::messages::decay::DecayMsg;
use crate::state::AppState;
use crate::widgets::when::When;

/// The jobs on the timeline, each with a remove button.
#[component]
pub(super) fn JobList(controls: DecayControls) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let label = move |j: &Job| {
        state
            .scenario()
            .with(|s| s.tree.get(j.assoc).map(|a| name_in_account(a, i18n.lang())))
            .unwrap_or_else(|| format!("#{}", j.assoc.0))
    };
    let line = move |n: usize, j: Job| {
        let lang = i18n.lang();
        let n = (n + 1).to_string();
        let user = label(&j);
        let billable = fairshare::format::shortest(j.billable);
        let start = fmt_duration(j.start);
        match j.end {
            Some(end) => DecayMsg::JobLine.fill(
                lang,
                &[
                    ("n", &n),
                    ("user", &user),
                    ("billable", &billable),
                    ("start", &start),
                    ("hours", &fmt_hours(end - j.start)),
                ],
            ),
            None => DecayMsg::JobLineRunning.fill(
                lang,
                &[
                    ("n", &n),
                    ("user", &user),
                    ("billable", &billable),
                    ("start", &start),
                ],
            ),
        }
    };
    // The jobs as seen from t = 0 (those over by then are in the usage already), each with
    // its index in the panel's list.
    let shown = Memo::new(move |_| {
        state
            .decay()
            .with(|c| model::jobs_from(&c.inputs.jobs, c.epoch))
    });
    let remove = move |i: usize| {
        controls.set_inputs(state, |inputs| {
            if i < inputs.jobs.len() {
                let mut jobs = inputs.jobs.to_vec();
                jobs.remove(i);
                inputs.jobs = jobs.into();
            }
        });
    };
    view! {
        <When
            when=move || shown.with(|j| !j.is_empty())
            fallback=move || view! { <p class="ft-panel-help">{i18n.t(DecayMsg::NoJobs)}</p> }
        >
            <ol class="ft-jobs" data-testid="decay-jobs">
                {move || {
                    shown
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(n, (i, j))| {
                            let text = move || line(n, j.clone());
                            let name = move || {
                                DecayMsg::RemoveJob.fill(i18n.lang(), &[("n", &(n + 1).to_string())])
                            };
                            view! {
                                <li class="ft-jobs__item">
                                    <span>{move || text()}</span>
                                    <button type="button" class="ft-button" on:click=move |_| remove(i)>
                                        {move || name()}
                                    </button>
                                </li>
                            }
                        })
                        .map(IntoAny::into_any).collect::<Vec<_>>()
                }}
            </ol>
        </When>
    }
}
