//! `<UntilQuestion/>`: "how long until I am back above X?" for the selected user, computed by
//! the engine.

use fairshare::decay::RankTarget;
use fairshare::format::{fmt_duration, printf_f};
use fairshare::{AssocId, AssocTree};
use leptos::prelude::*;

use super::model::{self, TargetKind, Until};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::decay::DecayMsg;
use crate::state::AppState;
use crate::widgets::field::Field;
use crate::widgets::when::When;

/// "How long until I am back above X?" for the selected user, computed by the engine.
#[component]
pub(super) fn UntilQuestion() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let kind = RwSignal::new(TargetKind::FairShare);
    let target_text = RwSignal::new("0.5".to_string());
    let target = RwSignal::new(Some(RankTarget::FairShareAtLeast(0.5)));
    let answer = RwSignal::new(None::<(AssocId, AssocTree, Until)>);
    let user = move || {
        let id = state.selected().get()?;
        state.scenario().with(|s| {
            s.tree
                .get(id)
                .filter(|a| a.is_user())
                .map(|a| (id, a.name().to_string()))
        })
    };
    let n_users = move || state.scenario().with(|s| s.tree.n_users());
    let refusal = move || {
        let lang = i18n.lang_untracked();
        match kind.get_untracked() {
            TargetKind::Position => DecayMsg::FieldPosition.fill(
                lang,
                &[("n", &fairshare::format::grouped(n_users() as u64))],
            ),
            TargetKind::FairShare => DecayMsg::FieldFairShare.text(lang).to_string(),
        }
    };
    let on_value = Callback::new(move |text: String| {
        match model::parse_target(kind.get_untracked(), &text, n_users()) {
            Some(t) => {
                target.set(Some(t));
                target_text.set(text.trim().to_string());
                None
            }
            None => {
                // No question, so no answer: the last one must not stand beside the refusal.
                target.set(None);
                answer.set(None);
                Some(refusal())
            }
        }
    });
    let compute = move |_| {
        let (Some((id, _)), Some(t)) = (untrack(user), target.get_untracked()) else {
            return;
        };
        let (jobs, schedule) = state.decay().with_untracked(|c| {
            let jobs = model::jobs_at(&c.inputs.jobs, c.epoch, c.time);
            (jobs, c.inputs.schedule())
        });
        let tree = state.scenario().with_untracked(|s| s.tree.clone());
        let res = model::until(&tree, id, t, &jobs, &schedule);
        answer.set(Some((id, tree, res)));
    };
    // The answer stands while the question does: same user, same tree.
    let shown = move || {
        let (id, tree, res) = answer.get()?;
        let (sel, name) = user()?;
        let same = sel == id && state.scenario().with(|s| s.tree == tree);
        same.then_some((name, res))
    };
    let answer_text = move || shown().map(|(name, res)| until_text(i18n, &name, n_users(), &res));
    view! {
        <div class="ft-decay__until">
            <h3>{i18n.t(DecayMsg::UntilTitle)}</h3>
            <When
                when=move || user().is_some()
                fallback=move || view! { <p class="ft-panel-help">{i18n.t(DecayMsg::UntilPick)}</p> }
            >
                <label class="ft-numfield__label">
                    <span class="ft-numfield__text">{i18n.t(DecayMsg::UntilKind)}</span>
                    <select
                        class="ft-pselect"
                        on:change=move |ev| {
                            let k = if event_target_value(&ev) == "position" {
                                TargetKind::Position
                            } else {
                                TargetKind::FairShare
                            };
                            kind.set(k);
                            answer.set(None);
                            let text = match k {
                                TargetKind::Position => "1".to_string(),
                                TargetKind::FairShare => "0.5".to_string(),
                            };
                            target.set(model::parse_target(k, &text, n_users()));
                            target_text.set(text);
                        }
                    >
                        <option value="fairshare" selected=move || kind.get() == TargetKind::FairShare>
                            {i18n.t(DecayMsg::UntilFairShare)}
                        </option>
                        <option value="position" selected=move || kind.get() == TargetKind::Position>
                            {i18n.t(DecayMsg::UntilPosition)}
                        </option>
                    </select>
                </label>
                <Field
                    label=Signal::derive(move || DecayMsg::UntilValue.text(i18n.lang()).to_string())
                    value=target_text
                    on_commit=on_value
                    min="0"
                />
                <button
                    type="button"
                    class="ft-button"
                    disabled=move || target.with(Option::is_none)
                    on:click=compute
                >
                    {i18n.t(DecayMsg::UntilCompute)}
                </button>
            </When>
            <p class="ft-answer" role="status" data-testid="decay-until">{move || answer_text()}</p>
        </div>
    }
}

/// The answer in words.
fn until_text(i18n: I18n, name: &str, n: usize, res: &Until) -> String {
    let lang = i18n.lang();
    match res {
        Until::Now {
            position,
            fairshare,
        } => DecayMsg::UntilNow.fill(
            lang,
            &[
                ("name", name),
                (
                    "position",
                    &fairshare::format::grouped(u64::from(*position)),
                ),
                ("n", &fairshare::format::grouped(n as u64)),
                ("fs", &printf_f(*fairshare)),
            ],
        ),
        Until::At {
            secs,
            periods,
            position,
            fairshare,
        } => DecayMsg::UntilAt.fill(
            lang,
            &[
                ("name", name),
                ("time", &fmt_duration(*secs)),
                ("periods", &fairshare::format::grouped(*periods)),
                (
                    "position",
                    &fairshare::format::grouped(u64::from(*position)),
                ),
                ("n", &fairshare::format::grouped(n as u64)),
                ("fs", &printf_f(*fairshare)),
            ],
        ),
        Until::NeverDecayOnly => DecayMsg::UntilNeverNoJobs.fill(lang, &[("name", name)]),
        Until::Never { horizon } => DecayMsg::UntilNever.fill(
            lang,
            &[("name", name), ("horizon", &fmt_duration(*horizon))],
        ),
        Until::NotAUser => DecayMsg::UntilPick.text(lang).to_string(),
    }
}
