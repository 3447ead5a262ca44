//! `<ClassicPanel/>`: the classic algorithm's arithmetic beside the Fair Tree view (region
//! `Classic fairshare`).
//!
//! For the selected association it shows S as the product of level fractions down the path, UA,
//! the chain of effective usages UE from the first tier down (so the classic page's worked
//! example can be followed number by number), F = 2^(−UE/S/d), and the DEPTH_OBLIVIOUS terms
//! when that flag is on; each formula carries a short note where Slurm's code differs from the
//! classic page (Slurm's `doc/html/classic_fair_share.shtml`). Below: the classic values of the
//! whole tree ([`table`]) and the classic order beside the Fair Tree order ([`orders`]).
//!
//! The numbers come from `AppState::classic` (the engine's `ClassicRun`) through the pure
//! [`model`]; this module only lays them out. It must not compute fairshare. What it derives
//! from them follows the state only while its tab is open ([`while_open`]).

pub mod model;
mod orders;
mod table;
#[cfg(test)]
mod tests;

use leptos::prelude::*;

use crate::chrome::PanelTab;
use crate::i18n::I18n;
use crate::messages::classic::ClassicMsg;
use crate::messages::common::CommonMsg;
use crate::state::AppState;
use crate::widgets::when::When;
use model::{Explain, Line};

/// The preset whose zero-share account stands for the idle machine (the classic page's example).
const CLASSIC_EXAMPLE: &str = "classic-example";

/// A memo of `compute` that follows the state only while the Classic tab is open. The panel is
/// kept once built; hidden, its memos keep their last value and read nothing, so an edit made
/// in another panel does not run the classic algorithm and rebuild the whole tree's table and
/// the two orders for a panel no one sees (at 100k associations, most of an edit's time once
/// the tab had been opened). Opening the tab again brings them up to date.
pub(crate) fn while_open<T>(
    state: AppState,
    compute: impl Fn() -> T + Send + Sync + 'static,
) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new_owning(move |prev: Option<T>| {
        let open = state.panel().get() == PanelTab::Classic;
        match prev {
            Some(prev) if !open => (prev, false),
            prev => {
                let new = compute();
                let changed = prev.as_ref() != Some(&new);
                (new, changed)
            }
        }
    })
}

/// The classic side panel.
#[component]
pub fn ClassicPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let explain = while_open(state, move || {
        let id = state.selected().get()?;
        state
            .ranked()
            .with(|r| state.classic().with(|c| model::explain(r, c, id)))
    });
    let explain = move || explain.get();
    // Only on the classic page's example (a tree of a few associations): cheap to recompute.
    let idle = while_open(state, move || {
        if state.preset().get() != Some(CLASSIC_EXAMPLE) {
            return None;
        }
        state
            .ranked()
            .with(|r| state.classic().with(|c| model::idle_holder(r, c)))
    });
    let idle = move || idle.get();
    let machine_note = i18n.tf(ClassicMsg::MachineNote, move || {
        idle().map_or_else(Vec::new, |(account, ua)| {
            vec![("account", account), ("ua", ua)]
        })
    });

    view! {
        <section
            class="ft-panel ft-classic"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionClassic)
        >
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionClassic)}</h2>
            <p class="ft-panel-help">{i18n.t(ClassicMsg::Intro)}</p>
            <ClassicParams />
            <When when=move || idle().is_some()>
                <p class="ft-fnote ft-fnote--machine" data-testid="machine-note">
                    {move || machine_note()}
                </p>
            </When>
            {move || match explain() {
                Some(e) => view! { <ExplainView e=e /> }.into_any(),
                None => {
                    view! { <p class="ft-classic__prompt">{i18n.t(ClassicMsg::SelectPrompt)}</p> }
                        .into_any()
                }
            }}
            <table::ClassicTable />
            <orders::OrderComparison />
        </section>
    }
}

/// DEPTH_OBLIVIOUS, bound to the scenario's parameters (the damping factor's input is the
/// toolbar's: the page has one control of that name).
#[component]
fn ClassicParams() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let depth_oblivious = move || state.scenario().with(|s| s.params.depth_oblivious);
    view! {
        <div class="ft-classic__params">
            <label class="ft-pcheck">
                <input
                    type="checkbox"
                    prop:checked=depth_oblivious
                    on:change=move |ev| state.set_depth_oblivious(event_target_checked(&ev))
                />
                <span>{i18n.t(CommonMsg::DepthOblivious)}</span>
            </label>
            <p class="ft-panel-help">{i18n.t(ClassicMsg::DepthObliviousHelp)}</p>
        </div>
    }
}

/// The formulas of one association, with the notes where Slurm's code differs from the page.
#[component]
fn ExplainView(e: Explain) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let text = move |line: Line| move || line.text(i18n.lang());
    let damping = while_open(state, move || state.classic().with(|c| c.damping_factor()));
    let damping_note = i18n.tf(ClassicMsg::NoteDamping, move || {
        vec![("d", damping.get().to_string())]
    });
    let steps = e
        .usage_chain
        .into_iter()
        .map(|step| {
            let lines = step
                .lines
                .into_iter()
                .map(|line| view! { <p class="ft-formula">{text(line)}</p> })
                .map(IntoAny::into_any)
                .collect::<Vec<_>>();
            view! {
                <li class="ft-chain__step" class:ft-chain__step--selected=step.is_selected>
                    {lines}
                </li>
            }
        })
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    let usage_norm = e.usage_norm.map(|line| {
        view! {
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionUsageNorm)}</h4>
                <p class="ft-formula" data-testid="classic-usage-norm">{text(line)}</p>
                <p class="ft-fnote">{i18n.t(ClassicMsg::NoteUsageNorm)}</p>
            </div>
        }
        .into_any()
    });
    let factor = e.factor.map(|line| {
        view! {
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionFactor)}</h4>
                <p
                    class="ft-formula ft-formula--result"
                    data-testid="classic-factor"
                    data-fairshare=e.fairshare.clone()
                >
                    {text(line)}
                </p>
                <p class="ft-fnote">{move || damping_note()}</p>
            </div>
        }
        .into_any()
    });
    let depth_note = e.uses_depth_oblivious.then(|| {
        view! { <p class="ft-fnote">{i18n.t(ClassicMsg::NoteDepthOblivious)}</p> }.into_any()
    });
    view! {
        <article class="ft-classic__explain" data-testid="classic-explain">
            <h3 class="ft-classic__heading">{text(e.heading)}</h3>
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionShares)}</h4>
                <p class="ft-formula" data-testid="classic-shares">{text(e.shares)}</p>
                <p class="ft-fnote">{i18n.t(ClassicMsg::NoteLevelSum)}</p>
            </div>
            {usage_norm}
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionUsage)}</h4>
                <ol class="ft-chain" data-testid="classic-usage-chain">{steps}</ol>
                <p class="ft-fnote">{i18n.t(ClassicMsg::NoteFirstTier)}</p>
                {depth_note}
            </div>
            {factor}
        </article>
    }
}
