//! `<JobForm/>`: adding jobs to the timeline, and the list of them.

use fairshare::AssocId;
use fairshare::decay::Job;
use fairshare::format::fmt_hours;
use leptos::prelude::*;

use super::job_list::JobList;
use super::{DecayControls, model};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::common::name_in_account;
use crate::messages::decay::DecayMsg;
use crate::state::AppState;
use crate::widgets::field::Field;
use crate::widgets::row_window::window_around;
use crate::widgets::user_menu::MENU_LIMIT;
use crate::widgets::when::When;

/// Adding jobs to the timeline, and the list of them.
#[component]
pub(super) fn JobForm(controls: DecayControls) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let users = Memo::new(move |_| {
        let lang = i18n.lang();
        state.scenario().with(|s| {
            s.tree
                .assocs()
                .iter()
                .filter(|a| a.is_user())
                .map(|a| (a.id, name_in_account(a, lang)))
                .collect::<Vec<_>>()
        })
    });
    let chosen = RwSignal::new(None::<AssocId>);
    // The job's user: the one chosen, else the selected user, else the first user.
    let job_user = Memo::new(move |_| {
        let valid =
            |id: Option<AssocId>| id.filter(|id| users.with(|u| u.iter().any(|(x, _)| x == id)));
        valid(chosen.get())
            .or_else(|| valid(state.selected().get()))
            .or_else(|| users.with(|u| u.first().map(|(id, _)| *id)))
    });
    let billable = RwSignal::new(64.0);
    let hours = RwSignal::new(24.0);
    let start = RwSignal::new(None::<i64>);
    let running = RwSignal::new(false);
    let start_secs = move || start.get().unwrap_or_else(|| controls.shown(state));
    let field_msg = move |field: DecayMsg| {
        let lang = i18n.lang_untracked();
        DecayMsg::FieldNonNegative.fill(lang, &[("field", field.text(lang))])
    };
    let number = move |sig: RwSignal<f64>, field: DecayMsg| {
        Callback::new(move |text: String| match model::parse_non_negative(&text) {
            Some(x) => {
                sig.set(x);
                None
            }
            None => Some(field_msg(field)),
        })
    };
    let on_start = Callback::new(move |text: String| {
        match model::parse_non_negative(&text).and_then(model::hours_to_secs) {
            Some(s) => {
                start.set(Some(s));
                None
            }
            None => Some(field_msg(DecayMsg::JobStart)),
        }
    });
    let add_error = RwSignal::new(None::<String>);
    let add = move |_| {
        let Some(user) = job_user.get_untracked() else {
            add_error.set(Some(
                DecayMsg::JobNeedsUser
                    .text(i18n.lang_untracked())
                    .to_string(),
            ));
            return;
        };
        let (epoch, now) = state.decay().with_untracked(|c| (c.epoch, c.time));
        // Times in the form are from t = 0; the jobs' clock starts `epoch` earlier.
        let begin = start.get_untracked().unwrap_or(now).saturating_add(epoch);
        let end = (!running.get_untracked())
            .then(|| model::hours_to_secs(hours.get_untracked()).map(|h| begin.saturating_add(h)))
            .flatten();
        let job = Job::running(user, billable.get_untracked(), begin);
        let job = match end {
            Some(end) => job.until(end),
            None => job,
        };
        add_error.set(None);
        controls.set_inputs(state, |inputs| {
            let mut jobs = inputs.jobs.to_vec();
            jobs.push(job);
            inputs.jobs = jobs.into();
        });
    };
    view! {
        <div class="ft-decay__jobs">
            <h3>{i18n.t(DecayMsg::JobsTitle)}</h3>
            <label class="ft-numfield__label">
                <span class="ft-numfield__text">{i18n.t(DecayMsg::JobUser)}</span>
                <select
                    class="ft-pselect"
                    on:change=move |ev| {
                        chosen.set(event_target_value(&ev).parse::<u32>().ok().map(AssocId));
                    }
                >
                    {move || {
                        // A long menu lists the users around the job's user (selecting a user
                        // in the tree moves it there): never one option per user of a big tree.
                        let on = job_user.get();
                        users
                            .with(|u| {
                                let centre = u.iter().position(|(id, _)| Some(*id) == on);
                                u[window_around(u.len(), centre, MENU_LIMIT)].to_vec()
                            })
                            .into_iter()
                            .map(|(id, label)| {
                                let on = job_user.get() == Some(id);
                                view! {
                                    <option value=id.0.to_string() selected=on>
                                        {label}
                                    </option>
                                }
                            })
                            .map(IntoAny::into_any).collect::<Vec<_>>()
                    }}
                </select>
            </label>
            <Field
                label=Signal::derive(move || DecayMsg::JobBillable.text(i18n.lang()).to_string())
                value=Signal::derive(move || fairshare::format::shortest(billable.get()))
                on_commit=number(billable, DecayMsg::JobBillable)
                min="0"
            />
            <Field
                label=Signal::derive(move || DecayMsg::JobStart.text(i18n.lang()).to_string())
                value=Signal::derive(move || fmt_hours(start_secs()))
                on_commit=on_start
                min="0"
            />
            <label class="ft-pcheck">
                <input
                    type="checkbox"
                    prop:checked=move || running.get()
                    on:change=move |ev| running.set(event_target_checked(&ev))
                />
                <span>{i18n.t(DecayMsg::JobRunning)}</span>
            </label>
            <When when=move || !running.get()>
                <Field
                    label=Signal::derive(move || DecayMsg::JobHours.text(i18n.lang()).to_string())
                    value=Signal::derive(move || fairshare::format::shortest(hours.get()))
                    on_commit=number(hours, DecayMsg::JobHours)
                    min="0"
                />
            </When>
            <button type="button" class="ft-button" on:click=add>
                {i18n.t(DecayMsg::AddJob)}
            </button>
            <When when=move || add_error.with(Option::is_some)>
                <p class="ft-numfield__error" role="alert">{move || add_error.get().unwrap_or_default()}</p>
            </When>
            <JobList controls=controls />
        </div>
    }
}
