//! `<DecayParams/>`: PriorityDecayHalfLife and PriorityCalcPeriod, with the factors they give.

use std::sync::Arc;

use fairshare::decay;
use fairshare::format::{self, parse_slurm_minutes, printf_f};
use leptos::prelude::*;

use super::DecayControls;
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::decay::DecayMsg;
use crate::state::{AppState, DecayInputs};
use crate::widgets::field::Field;
use crate::widgets::when::When;

/// PriorityDecayHalfLife and PriorityCalcPeriod, with the factors they give.
#[component]
pub(super) fn DecayParams(controls: DecayControls) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    // A text that reads becomes the schedule in force (one undoable step); the field keeps
    // what was typed, trimmed.
    let on_half_life = Callback::new(move |text: String| match parse_slurm_minutes(&text) {
        Some(_) => {
            controls.set_inputs(state, |i| i.half_life = Arc::from(text.trim()));
            None
        }
        None => Some(
            DecayMsg::FieldHalfLife
                .text(i18n.lang_untracked())
                .to_string(),
        ),
    });
    let on_period = Callback::new(move |text: String| match parse_slurm_minutes(&text) {
        Some(min) if min >= 1 => {
            controls.set_inputs(state, |i| i.period = Arc::from(text.trim()));
            None
        }
        _ => Some(
            DecayMsg::FieldCalcPeriod
                .text(i18n.lang_untracked())
                .to_string(),
        ),
    });
    let text = move |field: fn(&DecayInputs) -> &Arc<str>| {
        Signal::derive(move || state.decay().with(|c| field(&c.inputs).to_string()))
    };
    let factors = i18n.tf(DecayMsg::FactorLine, move || {
        let s = controls.schedule();
        let d = decay::decay_factor(s.half_life_secs);
        vec![
            ("h", s.half_life_secs.to_string()),
            ("d", format::fixed(d, 16)),
            ("p", s.period().to_string()),
            (
                "dp",
                format::fixed(decay::cycle_factor(s.half_life_secs, s.period() as f64), 8),
            ),
        ]
    });
    let fact = i18n.tf(DecayMsg::HalfLifeFact, move || {
        let h = controls.schedule().half_life_secs;
        vec![("factor", printf_f(decay::decayed(1.0, h as f64, h)))]
    });
    let decays = move || controls.schedule().half_life_secs > 0;
    view! {
        <div class="ft-decay__params">
            <Field
                label=Signal::derive(move || DecayMsg::HalfLife.text(i18n.lang()).to_string())
                value=text(|i| &i.half_life)
                on_commit=on_half_life
                kind="text"
            />
            <p class="ft-panel-help">{i18n.t(DecayMsg::HalfLifeHelp)}</p>
            <Field
                label=Signal::derive(move || DecayMsg::CalcPeriod.text(i18n.lang()).to_string())
                value=text(|i| &i.period)
                on_commit=on_period
                kind="text"
            />
            <p class="ft-panel-help">{i18n.t(DecayMsg::CalcPeriodHelp)}</p>
            <When when=decays fallback=move || view! { <p class="ft-readout">{i18n.t(DecayMsg::NoDecay)}</p> }>
                <p class="ft-readout">{move || factors()}</p>
                <p class="ft-readout" data-testid="decay-half-life-fact">{move || fact()}</p>
            </When>
        </div>
    }
}
