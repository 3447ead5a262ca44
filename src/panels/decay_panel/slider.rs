//! `<TimeSlider/>`: the time slider and what it does to usage and ranks.

use fairshare::decay;
use fairshare::format::{fmt_duration, formula_usage as fmt_usage, printf_f};
use leptos::prelude::*;

use super::{DecayControls, model};
use crate::i18n::I18n;
use crate::messages::decay::DecayMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;
use crate::widgets::when::When;

/// Usage at the slider's time, from the engine's simulation (for the readouts).
#[derive(Clone, Debug, PartialEq)]
struct Readout {
    root_from: String,
    root_to: String,
    selected: Option<(String, String, String)>,
}

/// The time slider and what it does to usage and ranks.
#[component]
pub(super) fn TimeSlider(controls: DecayControls) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let shown = Memo::new(move |_| controls.shown(state));
    // The usage readouts: one render of the engine's simulation at the slider's time.
    let readout = move || {
        let origin = controls.origin(state);
        let r = model::readout_usages(
            &origin,
            &controls.jobs_from_origin(state),
            &controls.schedule(),
            shown.get(),
            state.selected().get(),
        )?;
        Some(Readout {
            root_from: fmt_usage(r.root.0),
            root_to: fmt_usage(r.root.1),
            selected: r
                .selected
                .map(|(name, from, to)| (name, fmt_usage(from), fmt_usage(to))),
        })
    };
    // The tree at t = 0 and its run, once per start of the timeline (not per move).
    let origin_run = Memo::new(move |_| {
        let base = state.decay().with(|c| c.base.clone())?;
        let rule = state.tie_rule().get();
        Some(model::origin_run(&base, rule))
    });
    let changed = Memo::new(move |_| {
        origin_run
            .with(|then| {
                let then = then.as_ref()?;
                Some(state.ranked().with(|now| model::rank_changes(then, now)))
            })
            .unwrap_or(0)
    });
    let time_text = i18n.tf(DecayMsg::TimeValue, move || {
        let t = shown.get();
        vec![
            ("t", fmt_duration(t)),
            ("cycles", (t / controls.schedule().period()).to_string()),
        ]
    });
    let factor_text = i18n.tf(DecayMsg::FactorReadout, move || {
        let factor = decay::decayed(1.0, shown.get() as f64, controls.schedule().half_life_secs);
        vec![("factor", printf_f(factor))]
    });
    let changed_text = i18n.tf(DecayMsg::RanksChanged, move || {
        vec![("n", changed.get().to_string())]
    });
    let any_changed = move || changed.get() != 0;
    let n_assocs = move || state.scenario().with(|s| s.tree.len());
    let horizon = move || model::horizon_secs(&controls.schedule(), n_assocs()).to_string();
    let step = move || controls.schedule().period().to_string();
    view! {
        <div class="ft-decay__timeline">
            <label class="ft-numfield__label">
                <span class="ft-numfield__text">{i18n.t(DecayMsg::Time)}</span>
                <input
                    class="ft-decay__slider"
                    type="range"
                    min="0"
                    max=horizon
                    step=step
                    prop:value=move || shown.get().to_string()
                    aria-valuetext=move || fmt_duration(shown.get())
                    on:input=move |ev| {
                        if let Ok(t) = event_target_value(&ev).parse::<i64>() {
                            controls.dragging.set(true);
                            controls.preview.set(t);
                        }
                    }
                    on:change=move |ev| {
                        match event_target_value(&ev).parse::<i64>() {
                            Ok(t) => controls.move_to(state, t),
                            Err(_) => controls.dragging.set(false),
                        }
                    }
                />
            </label>
            <p class="ft-readout ft-readout--big" data-testid="decay-time">{move || time_text()}</p>
            <p class="ft-readout" data-testid="decay-factor">{move || factor_text()}</p>
            {move || readout_view(readout(), i18n.lang())}
            <p class="ft-panel-help">{i18n.t(DecayMsg::ApplyHint)}</p>
            <When when=move || state.decay().with(|c| c.base.is_none() && c.epoch > 0)>
                <p class="ft-panel-help">{i18n.t(DecayMsg::Restarted)}</p>
            </When>
            <When when=move || controls.error.with(Option::is_some)>
                <p class="ft-numfield__error" role="alert">{move || controls.refusal(state, i18n.lang())}</p>
            </When>
            <p class="ft-fnote ft-fnote--fact" data-testid="decay-rank-fact">{i18n.t(DecayMsg::RankFact)}</p>
            <p class="ft-readout" data-testid="decay-rank-changes">
                <When when=any_changed fallback=move || i18n.t(DecayMsg::RanksSame)()>
                    {move || changed_text()}
                </When>
            </p>
        </div>
    }
}

/// The root's usage from t = 0 to the slider's time, and the selected user's.
fn readout_view(readout: Option<Readout>, lang: Lang) -> AnyView {
    let (root, selected) = match readout {
        Some(r) => (
            DecayMsg::RootUsage.fill(lang, &[("from", &r.root_from), ("to", &r.root_to)]),
            r.selected.map(|(name, from, to)| {
                DecayMsg::SelectedUsage.fill(lang, &[("name", &name), ("from", &from), ("to", &to)])
            }),
        ),
        None => (DecayMsg::RootUsage.fill(lang, &[]), None),
    };
    view! {
        <p class="ft-readout" data-testid="decay-root-usage">{root}</p>
        {selected.map(|text| view! { <p class="ft-readout" data-testid="decay-selected-usage">{text}</p> }.into_any())}
    }
    .into_any()
}
