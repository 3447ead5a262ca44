//! `<PriorityPanel/>`: how a FairShare becomes a job's priority (region `Job priority`).
//!
//! The multifactor formula (spec §4.4) with PriorityWeight* inputs named after Slurm's
//! parameters, an example job's factors (age, the selected user's FairShare from the tree, job
//! size, partition, QOS, TRES), a stacked bar of weight × factor with a table of the same values
//! for screen readers, the total, and PriorityWeightFairshare's 1–2 × N advice computed for the
//! current tree.
//!
//! The arithmetic is the engine's (`fairshare::priority::priority`,
//! `priority::suggested_fairshare_weight`); this module builds its inputs, turns its result
//! into bar segments and text, and keeps its own input signals (they are not part of the
//! scenario). Pure helpers are tested natively below.

use fairshare::format::{
    fmt_hours, fmt_tres_weights, parse_slurm_minutes, parse_tres_weights, printf_f, shortest,
    two_decimals,
};
use fairshare::priority::{self, PendingJob, Priority, PriorityConfig, TresCount, Weights};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::priority::PriorityMsg;
use crate::messages::{Lang, Message};
use crate::panels::decay_panel::model::{hours_to_secs, parse_non_negative};
use crate::state::AppState;
use crate::widgets::field::Field;

// ---------------------------------------------------------------------------------------------
// Pure helpers (tested natively)
// ---------------------------------------------------------------------------------------------

/// The example job, apart from its fairshare factor (which comes from the tree).
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Seconds since the job began accruing age.
    pub waited_secs: u64,
    /// Nodes requested.
    pub min_nodes: u32,
    /// CPUs requested.
    pub cpus: u32,
    /// Nodes in the cluster.
    pub cluster_nodes: u32,
    /// CPUs in the cluster (also the partition's CPU total for the TRES factor).
    pub cluster_cpus: u32,
    /// The partition's PriorityJobFactor.
    pub partition_factor: u32,
    /// The largest PriorityJobFactor of any partition.
    pub max_partition_factor: u32,
    /// The QOS priority.
    pub qos_priority: u32,
    /// The largest QOS priority.
    pub max_qos_priority: u32,
    /// GPUs requested.
    pub gpus: f64,
    /// GPUs in the partition.
    pub partition_gpus: f64,
    /// The nice value.
    pub nice: i64,
}

impl Default for Example {
    /// A one-node, 32-CPU, 2-GPU job that has waited a day, in a 16-node cluster.
    fn default() -> Self {
        Example {
            waited_secs: 24 * 3600,
            min_nodes: 1,
            cpus: 32,
            cluster_nodes: 16,
            cluster_cpus: 1024,
            partition_factor: 1,
            max_partition_factor: 1,
            qos_priority: 10,
            max_qos_priority: 100,
            gpus: 2.0,
            partition_gpus: 32.0,
            nice: 0,
        }
    }
}

/// The TRES names the example job has (matched case-insensitively with PriorityWeightTRES).
pub const TRES_CPU: &str = "CPU";
/// The GPU TRES name.
pub const TRES_GPU: &str = "GRES/gpu";

/// Example weights: Slurm's defaults are all 0, which would show nothing.
pub fn example_config() -> PriorityConfig {
    PriorityConfig {
        weights: Weights {
            age: 1000,
            assoc: 0,
            fairshare: 10_000,
            job_size: 1000,
            partition: 1000,
            qos: 2000,
            tres: vec![(TRES_CPU.to_string(), 500), (TRES_GPU.to_string(), 1000)],
        },
        ..PriorityConfig::default()
    }
}

/// The engine's pending job for the example with fairshare factor `fairshare`.
pub fn pending_job(example: &Example, fairshare: f64) -> PendingJob {
    PendingJob {
        waited_secs: example.waited_secs,
        fairshare,
        size: priority::JobSize {
            min_nodes: example.min_nodes,
            cpus: Some(example.cpus),
            time_limit_minutes: None,
            cluster_nodes: example.cluster_nodes,
            cluster_cpus: example.cluster_cpus,
        },
        partition_factor: example.partition_factor,
        max_partition_factor: example.max_partition_factor,
        qos_priority: example.qos_priority,
        max_qos_priority: example.max_qos_priority,
        tres: vec![
            TresCount {
                name: TRES_CPU.to_string(),
                count: f64::from(example.cpus),
                partition_total: f64::from(example.cluster_cpus),
            },
            TresCount {
                name: TRES_GPU.to_string(),
                count: example.gpus,
                partition_total: example.partition_gpus,
            },
        ],
        nice: example.nice,
        ..PendingJob::default()
    }
}

/// One term of the sum.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// W_age · age.
    Age,
    /// W_assoc · assoc.
    Assoc,
    /// W_fs · fairshare.
    Fairshare,
    /// W_js · job size.
    JobSize,
    /// W_part · partition.
    Partition,
    /// W_qos · QOS.
    Qos,
    /// W_t · TRES t.
    Tres(String),
    /// −nice.
    Nice,
}

impl Term {
    /// The bar segment's class.
    pub fn as_class(&self) -> &'static str {
        match self {
            Term::Age => "ft-bar__segment ft-bar__segment--age",
            Term::Assoc => "ft-bar__segment ft-bar__segment--assoc",
            Term::Fairshare => "ft-bar__segment ft-bar__segment--fairshare",
            Term::JobSize => "ft-bar__segment ft-bar__segment--job-size",
            Term::Partition => "ft-bar__segment ft-bar__segment--partition",
            Term::Qos => "ft-bar__segment ft-bar__segment--qos",
            Term::Tres(_) => "ft-bar__segment ft-bar__segment--tres",
            Term::Nice => "ft-bar__segment ft-bar__segment--site",
        }
    }

    /// The term's name in `lang`.
    pub fn label(&self, lang: crate::messages::Lang) -> String {
        let msg = match self {
            Term::Age => PriorityMsg::TermAge,
            Term::Assoc => PriorityMsg::TermAssoc,
            Term::Fairshare => PriorityMsg::TermFairshare,
            Term::JobSize => PriorityMsg::TermJobSize,
            Term::Partition => PriorityMsg::TermPartition,
            Term::Qos => PriorityMsg::TermQos,
            Term::Tres(name) => return PriorityMsg::TermTres.fill(lang, &[("name", name)]),
            Term::Nice => PriorityMsg::TermNice,
        };
        msg.text(lang).to_string()
    }
}

/// A term with its numbers, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Which term.
    pub term: Term,
    /// The weight, as text (empty for nice).
    pub weight: String,
    /// The factor, as text (sshare-style 6 decimals; the raw nice for nice).
    pub factor: String,
    /// Weight × factor.
    pub value: f64,
    /// Weight × factor, as text.
    pub value_text: String,
    /// Share of the bar (0–100) among the positive terms.
    pub percent: f64,
}

/// Every term of `p` (computed with `cfg`), in the formula's order; the bar shows the positive
/// ones, each as its share of their sum.
pub fn segments(cfg: &PriorityConfig, p: &Priority) -> Vec<Segment> {
    let w = &cfg.weights;
    let f = &p.factors;
    let mut rows = vec![
        (Term::Age, Some(w.age), f.age, p.age),
        (Term::Assoc, Some(w.assoc), f.assoc, p.assoc),
        (Term::Fairshare, Some(w.fairshare), f.fairshare, p.fairshare),
        (Term::JobSize, Some(w.job_size), f.job_size, p.job_size),
        (Term::Partition, Some(w.partition), f.partition, p.partition),
        (Term::Qos, Some(w.qos), f.qos, p.qos),
    ];
    for (((name, weight), (_, factor)), (_, value)) in w.tres.iter().zip(&f.tres).zip(&p.tres) {
        rows.push((Term::Tres(name.clone()), Some(*weight), *factor, *value));
    }
    rows.push((Term::Nice, None, -p.nice, p.nice));
    let positive: f64 = rows.iter().map(|r| r.3).filter(|v| *v > 0.0).sum();
    rows.into_iter()
        .map(|(term, weight, factor, value)| Segment {
            weight: weight.map(|w| w.to_string()).unwrap_or_default(),
            factor: match term {
                Term::Nice => two_decimals(factor),
                _ => printf_f(factor),
            },
            value,
            value_text: two_decimals(value),
            percent: if value > 0.0 && positive > 0.0 {
                value / positive * 100.0
            } else {
                0.0
            },
            term,
        })
        .collect()
}

/// The CSS of a bar segment.
pub fn segment_style(percent: f64) -> String {
    format!("flex: 0 0 {}%", fairshare::format::fixed(percent, 3))
}

/// A whole number from an input, in `u32`.
pub fn parse_u32(text: &str) -> Option<u32> {
    text.trim().parse().ok()
}

// ---------------------------------------------------------------------------------------------
// Component
// ---------------------------------------------------------------------------------------------

/// The job's user and its FairShare: the selected user, else the first user of the tree.
#[derive(Clone, Debug, PartialEq)]
struct JobOwner {
    name: String,
    fairshare: f64,
    /// Its place in the ranking as the tree shows it (1 = first served).
    position: u32,
    selected: bool,
}

fn job_owner(state: AppState) -> Option<JobOwner> {
    let selected = state.selected.get();
    state.scenario.with(|s| {
        state.run.with(|run| {
            let user_at = |ix: usize| {
                let a = s.tree.assocs().get(ix).filter(|a| a.is_user())?;
                let r = run.assocs.get(ix)?;
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
struct Inputs {
    config: RwSignal<PriorityConfig>,
    example: RwSignal<Example>,
    tres_text: RwSignal<String>,
    max_age_text: RwSignal<String>,
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
        let n = state.run.with(|r| r.n_users).to_string();
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
                        ("position", &o.position.to_string()),
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

/// The stacked bar, the table of terms, and the total: one render of the engine's result for
/// the example job (they change together, and nothing in it takes the focus).
#[component]
fn PriorityResult(inputs: Inputs) -> impl IntoView {
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
fn example_priority(state: AppState, inputs: Inputs) -> (Vec<Segment>, Priority) {
    let fs = job_owner(state).map_or(0.0, |o| o.fairshare);
    let job = inputs.example.with(|e| pending_job(e, fs));
    inputs.config.with(|cfg| {
        let p = priority::priority(cfg, &job);
        (segments(cfg, &p), p)
    })
}

/// The total, the clamp note, the stacked bar and the table of terms of `p` (`segs` are its
/// terms).
fn result_view(segs: Vec<Segment>, p: &Priority, lang: Lang) -> AnyView {
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
fn SuggestedWeight(inputs: Inputs) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let range = move || {
        let r = priority::suggested_fairshare_weight(state.run.with(|r| r.n_users));
        (*r.start(), *r.end())
    };
    let text = i18n.tf(PriorityMsg::Suggested, move || {
        let (low, high) = range();
        vec![
            ("n", state.run.with(|r| r.n_users).to_string()),
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
fn uint_field<T: Send + Sync + 'static>(
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
fn WeightFields(inputs: Inputs) -> impl IntoView {
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
fn JobFields(inputs: Inputs) -> impl IntoView {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_job_gives_the_engines_sum() {
        let cfg = example_config();
        let job = pending_job(&Example::default(), 0.5);
        let p = priority::priority(&cfg, &job);
        // Hand-computed from spec §4.4: age 1000 · 1/7; fairshare 10000 · 0.5;
        // job size 1000 · (1/16 + 32/1024)/2; partition 1000 · 1; QOS 2000 · 0.1;
        // TRES CPU 500 · 32/1024, GPU 1000 · 2/32.
        let want = 1000.0 / 7.0
            + 5000.0
            + 1000.0 * (1.0 / 16.0 + 32.0 / 1024.0) / 2.0
            + 1000.0
            + 200.0
            + 500.0 * 32.0 / 1024.0
            + 1000.0 * 2.0 / 32.0;
        assert!((p.sum - want).abs() < 1e-9, "{} vs {want}", p.sum);
        assert_eq!(p.priority, want as u32);
        let segs = segments(&cfg, &p);
        let total: f64 = segs.iter().map(|s| s.value).sum();
        assert!((total - p.sum).abs() < 1e-9);
        let percent: f64 = segs.iter().map(|s| s.percent).sum();
        assert!((percent - 100.0).abs() < 1e-9);
        let fs = segs.iter().find(|s| s.term == Term::Fairshare).unwrap();
        assert_eq!(
            (
                fs.weight.as_str(),
                fs.factor.as_str(),
                fs.value_text.as_str()
            ),
            ("10000", "0.500000", "5000")
        );
        let gpu = segs
            .iter()
            .find(|s| s.term == Term::Tres(TRES_GPU.into()))
            .unwrap();
        assert_eq!(gpu.value_text, "62.5");
    }

    #[test]
    fn a_weight_change_changes_the_total() {
        let mut cfg = example_config();
        let job = pending_job(&Example::default(), 0.25);
        let before = priority::priority(&cfg, &job).priority;
        cfg.weights.age = 5000;
        let after = priority::priority(&cfg, &job).priority;
        assert!(after > before);
    }

    #[test]
    fn nice_lowers_and_clamps_show() {
        let cfg = PriorityConfig::default();
        let job = PendingJob {
            nice: 10,
            ..pending_job(&Example::default(), 1.0)
        };
        let p = priority::priority(&cfg, &job);
        assert_eq!(p.priority, 1);
        assert_eq!(p.clamp, Some(priority::Clamp::RaisedToOne));
        let segs = segments(&cfg, &p);
        let nice = segs.iter().find(|s| s.term == Term::Nice).unwrap();
        assert_eq!((nice.value_text.as_str(), nice.percent), ("-10", 0.0));
        assert!(segs.iter().all(|s| s.percent == 0.0));
    }

    #[test]
    fn term_text_and_styles() {
        assert_eq!(two_decimals(5000.0), "5000");
        assert_eq!(two_decimals(142.857142), "142.86");
        assert_eq!(two_decimals(62.5), "62.5");
        assert_eq!(two_decimals(-0.001), "0");
        assert_eq!(segment_style(12.5), "flex: 0 0 12.500%");
        assert_eq!(parse_u32("4294967295"), Some(u32::MAX));
        assert_eq!(parse_u32("4294967296"), None);
        assert_eq!(parse_u32("-1"), None);
    }

    #[test]
    fn suggested_weight_is_one_to_two_n_for_the_tree() {
        let s = crate::presets::by_id("classic-example").unwrap().scenario();
        let n = fairshare::fair_tree::run(&s.tree).n_users;
        assert_eq!(priority::suggested_fairshare_weight(n), 6..=12);
    }

    #[test]
    fn the_job_owner_is_the_selected_user_or_the_first() {
        leptos::prelude::Owner::new().with(|| {
            let s = crate::presets::by_id("classic-example").unwrap().scenario();
            let state = AppState::new(s);
            let first = job_owner(state).unwrap();
            assert!(!first.selected);
            assert_eq!(first.name, "User1");
            state.select(Some(fairshare::AssocId(321)));
            let o = job_owner(state).unwrap();
            assert!(o.selected);
            assert_eq!(o.name, "User5");
            let run = state.run.get();
            let ix = state.ix(fairshare::AssocId(321)).unwrap();
            assert_eq!(Some(o.fairshare), run.assocs[ix].fairshare);
            // An account selected: back to the first user.
            state.select(Some(fairshare::AssocId(2)));
            assert!(!job_owner(state).unwrap().selected);
        });
    }
}
