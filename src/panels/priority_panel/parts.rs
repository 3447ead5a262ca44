//! The priority panel's parts: the result (bar, table of terms, total), the suggested weight,
//! and the weight and job fields.

use fairshare::format::{
    fmt_hours, fmt_tres_weights, parse_slurm_minutes, parse_tres_weights, shortest, two_decimals,
};
use fairshare::priority::{self, Priority};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::priority::PriorityMsg;
use crate::messages::{Lang, Message};
use crate::panels::decay_panel::model::{hours_to_secs, parse_non_negative};
use crate::state::AppState;
use crate::widgets::field::Field;

use super::model::*;
use super::{Inputs, job_owner};

/// The stacked bar, the table of terms, and the total: one render of the engine's result for
/// the example job (they change together, and nothing in it takes the focus).
#[component]
pub(super) fn PriorityResult(inputs: Inputs) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    view! {
        {move || {
            let (segs, p) = example_priority(state, inputs);
            result_view(segs, &p, i18n.lang())
        }}
    }
}

/// The engine's priority of the example job, owned by the job's user (FairShare 0 when there
/// is none), with the bar's segments.
pub(super) fn example_priority(state: AppState, inputs: Inputs) -> (Vec<Segment>, Priority) {
    let fs = job_owner(state).map_or(0.0, |o| o.fairshare);
    let job = inputs.example.with(|e| pending_job(e, fs));
    inputs.config.with(|cfg| {
        let p = priority::priority(cfg, &job);
        (segments(cfg, &p), p)
    })
}

/// The total, the clamp note, the stacked bar and the table of terms of `p` (`segs` are its
/// terms).
pub(super) fn result_view(segs: Vec<Segment>, p: &Priority, lang: Lang) -> AnyView {
    let total = PriorityMsg::Total.fill(
        lang,
        &[
            ("sum", &two_decimals(p.sum)),
            ("priority", &p.priority.to_string()),
        ],
    );
    let terms = segs
        .iter()
        .filter(|s| s.value != 0.0)
        .map(|s| format!("{} {}", s.term.label(lang), s.value_text))
        .collect::<Vec<_>>()
        .join(", ");
    let bar_label = PriorityMsg::BarLabel.fill(
        lang,
        &[("priority", &p.priority.to_string()), ("terms", &terms)],
    );
    let clamp = p.clamp.map(|c| match c {
        priority::Clamp::RaisedToOne => PriorityMsg::ClampRaised,
        priority::Clamp::CappedAtMax => PriorityMsg::ClampCapped,
    });
    let bar = segs
        .iter()
        .filter(|s| s.percent > 0.0)
        .map(|s| {
            let title = format!("{} {}", s.term.label(lang), s.value_text);
            view! {
                <span class=s.term.as_class() style=segment_style(s.percent) title=title></span>
            }
            .into_any()
        })
        .collect::<Vec<_>>();
    let rows = segs
        .into_iter()
        .map(|s| {
            view! {
                <tr>
                    <th scope="row">
                        <span class=format!("ft-swatch {}", s.term.as_class()) aria-hidden="true"></span>
                        {s.term.label(lang)}
                    </th>
                    <td class="ft-terms__num">{s.weight}</td>
                    <td class="ft-terms__num">{s.factor}</td>
                    <td class="ft-terms__num">{s.value_text}</td>
                </tr>
            }
            .into_any()
        })
        .collect::<Vec<_>>();
    view! {
        <p class="ft-total" data-testid="priority-total">{total}</p>
        {clamp.map(|m| view! { <p class="ft-panel-help">{m.text(lang)}</p> }.into_any())}
        <div class="ft-bar" role="img" aria-label=bar_label data-testid="priority-bar">{bar}</div>
        <table class="ft-terms">
            <caption class="ft-ctable__caption">{PriorityMsg::TermsTitle.text(lang)}</caption>
            <thead>
                <tr>
                    <th scope="col">{PriorityMsg::ColumnTerm.text(lang)}</th>
                    <th scope="col" class="ft-terms__num">{PriorityMsg::ColumnWeight.text(lang)}</th>
                    <th scope="col" class="ft-terms__num">{PriorityMsg::ColumnFactor.text(lang)}</th>
                    <th scope="col" class="ft-terms__num">{PriorityMsg::ColumnProduct.text(lang)}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

/// PriorityWeightFairshare's 1–2 × N advice for the current tree.
#[component]
pub(super) fn SuggestedWeight(inputs: Inputs) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let range = move || {
        let r = priority::suggested_fairshare_weight(state.run().with(|r| r.n_users()));
        (*r.start(), *r.end())
    };
    let text = i18n.tf(PriorityMsg::Suggested, move || {
        let (low, high) = range();
        vec![
            (
                "n",
                fairshare::format::grouped(state.run().with(|r| r.n_users()).into()),
            ),
            ("low", low.to_string()),
            ("high", high.to_string()),
        ]
    });
    let button = i18n.tf(PriorityMsg::UseSuggested, move || {
        vec![("high", range().1.to_string())]
    });
    view! {
        <p class="ft-fnote ft-fnote--fact" data-testid="priority-suggested">{move || text()}</p>
        <button
            type="button"
            class="ft-button"
            on:click=move |_| {
                let high = untrack(range).1;
                inputs.config.update(|c| c.weights.fairshare = high);
            }
        >
            {move || button()}
        </button>
    }
}

/// A `u32` field bound to part of a value held in a signal.
pub(super) fn uint_field<T: Send + Sync + 'static>(
    i18n: I18n,
    msg: PriorityMsg,
    refusal: PriorityMsg,
    sig: RwSignal<T>,
    get: fn(&T) -> u32,
    set: fn(&mut T, u32),
) -> impl IntoView {
    let on_commit = Callback::new(move |text: String| match parse_u32(&text) {
        Some(v) => {
            sig.update(|t| set(t, v));
            None
        }
        None => {
            let lang = i18n.lang_untracked();
            Some(refusal.fill(lang, &[("field", msg.text(lang))]))
        }
    });
    view! {
        <Field
            label=Signal::derive(move || msg.text(i18n.lang()).to_string())
            value=Signal::derive(move || sig.with(|t| get(t).to_string()))
            on_commit=on_commit
            min="0"
            step="1"
        />
    }
}

/// The PriorityWeight* inputs, PriorityWeightTRES and PriorityMaxAge.
#[component]
pub(super) fn WeightFields(inputs: Inputs) -> impl IntoView {
    let i18n = I18n::expect();
    let c = inputs.config;
    let w = PriorityMsg::FieldWeight;
    let on_tres = Callback::new(move |text: String| match parse_tres_weights(&text) {
        Some(tres) => {
            inputs.tres_text.set(fmt_tres_weights(&tres));
            c.update(|c| c.weights.tres = tres);
            None
        }
        None => Some(
            PriorityMsg::FieldTres
                .text(i18n.lang_untracked())
                .to_string(),
        ),
    });
    let on_max_age = Callback::new(move |text: String| match parse_slurm_minutes(&text) {
        Some(min) => {
            c.update(|c| c.max_age_secs = fairshare::decay::minutes_to_secs(min));
            inputs.max_age_text.set(text.trim().to_string());
            None
        }
        None => Some(
            PriorityMsg::FieldMaxAge
                .text(i18n.lang_untracked())
                .to_string(),
        ),
    });
    view! {
        <fieldset class="ft-pfieldset">
            <legend>{i18n.t(PriorityMsg::WeightsTitle)}</legend>
            <p class="ft-panel-help">{i18n.t(PriorityMsg::WeightsDefaultNote)}</p>
            {uint_field(i18n, PriorityMsg::WeightAge, w, c, |c| c.weights.age, |c, v| c.weights.age = v)}
            {uint_field(i18n, PriorityMsg::WeightFairshare, w, c, |c| c.weights.fairshare, |c, v| c.weights.fairshare = v)}
            {uint_field(i18n, PriorityMsg::WeightJobSize, w, c, |c| c.weights.job_size, |c, v| c.weights.job_size = v)}
            {uint_field(i18n, PriorityMsg::WeightPartition, w, c, |c| c.weights.partition, |c, v| c.weights.partition = v)}
            {uint_field(i18n, PriorityMsg::WeightQos, w, c, |c| c.weights.qos, |c, v| c.weights.qos = v)}
            {uint_field(i18n, PriorityMsg::WeightAssoc, w, c, |c| c.weights.assoc, |c, v| c.weights.assoc = v)}
            <Field
                label=Signal::derive(move || PriorityMsg::WeightTres.text(i18n.lang()).to_string())
                value=inputs.tres_text
                on_commit=on_tres
                kind="text"
            />
            <p class="ft-panel-help">{i18n.t(PriorityMsg::TresHelp)}</p>
            <Field
                label=Signal::derive(move || PriorityMsg::MaxAge.text(i18n.lang()).to_string())
                value=inputs.max_age_text
                on_commit=on_max_age
                kind="text"
            />
        </fieldset>
    }
}

/// The example job's inputs.
#[component]
pub(super) fn JobFields(inputs: Inputs) -> impl IntoView {
    let i18n = I18n::expect();
    let e = inputs.example;
    let whole = PriorityMsg::FieldWhole;
    let refuse = move |msg: PriorityMsg, field: PriorityMsg| {
        let lang = i18n.lang_untracked();
        Some(msg.fill(lang, &[("field", field.text(lang))]))
    };
    let on_waited = Callback::new(move |text: String| {
        match parse_non_negative(&text).and_then(hours_to_secs) {
            Some(s) => {
                e.update(|e| e.waited_secs = s.unsigned_abs());
                None
            }
            None => refuse(PriorityMsg::FieldNumber, PriorityMsg::Waited),
        }
    });
    let number = move |field: PriorityMsg, set: fn(&mut Example, f64)| {
        Callback::new(move |text: String| match parse_non_negative(&text) {
            Some(x) => {
                e.update(|e| set(e, x));
                None
            }
            None => refuse(PriorityMsg::FieldNumber, field),
        })
    };
    let on_nice = Callback::new(move |text: String| match text.trim().parse::<i32>() {
        Ok(n) => {
            e.update(|e| e.nice = i64::from(n));
            None
        }
        Err(_) => refuse(PriorityMsg::FieldSigned, PriorityMsg::Nice),
    });
    let label = move |m: PriorityMsg| Signal::derive(move || m.text(i18n.lang()).to_string());
    view! {
        <fieldset class="ft-pfieldset">
            <legend>{i18n.t(PriorityMsg::JobTitle)}</legend>
            <Field
                label=label(PriorityMsg::Waited)
                value=Signal::derive(move || fmt_hours(e.with(|e| e.waited_secs as i64)))
                on_commit=on_waited
                min="0"
            />
            {uint_field(i18n, PriorityMsg::MinNodes, whole, e, |e| e.min_nodes, |e, v| e.min_nodes = v)}
            {uint_field(i18n, PriorityMsg::Cpus, whole, e, |e| e.cpus, |e, v| e.cpus = v)}
            {uint_field(i18n, PriorityMsg::ClusterNodes, whole, e, |e| e.cluster_nodes, |e, v| e.cluster_nodes = v)}
            {uint_field(i18n, PriorityMsg::ClusterCpus, whole, e, |e| e.cluster_cpus, |e, v| e.cluster_cpus = v)}
            {uint_field(i18n, PriorityMsg::PartitionFactor, whole, e, |e| e.partition_factor, |e, v| e.partition_factor = v)}
            {uint_field(i18n, PriorityMsg::MaxPartitionFactor, whole, e, |e| e.max_partition_factor, |e, v| e.max_partition_factor = v)}
            {uint_field(i18n, PriorityMsg::QosPriority, whole, e, |e| e.qos_priority, |e, v| e.qos_priority = v)}
            {uint_field(i18n, PriorityMsg::MaxQosPriority, whole, e, |e| e.max_qos_priority, |e, v| e.max_qos_priority = v)}
            <Field
                label=label(PriorityMsg::Gpus)
                value=Signal::derive(move || e.with(|e| shortest(e.gpus)))
                on_commit=number(PriorityMsg::Gpus, |e, x| e.gpus = x)
                min="0"
            />
            <Field
                label=label(PriorityMsg::PartitionGpus)
                value=Signal::derive(move || e.with(|e| shortest(e.partition_gpus)))
                on_commit=number(PriorityMsg::PartitionGpus, |e, x| e.partition_gpus = x)
                min="0"
            />
            <Field
                label=label(PriorityMsg::Nice)
                value=Signal::derive(move || e.with(|e| e.nice.to_string()))
                on_commit=on_nice
                step="1"
            />
        </fieldset>
    }
}
