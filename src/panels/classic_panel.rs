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
//! [`model`]; this module only lays them out. It must not compute fairshare. It follows the
//! state only while its tab is open (`widgets::panel_open::while_open`): hidden, an edit made
//! elsewhere computes nothing here (the tab panel brings the table and formulas up to date in an
//! idle period afterwards, `chrome::tab_panel::TabPanel`, and may build the panel ahead of its
//! first opening, hidden, so that opening the tab only shows it). Open, an edit costs the rows in
//! view and the formulas, each association computed alone by the engine (`ClassicRun::assoc`); the
//! whole classic run and the engine's two orders follow in idle periods (the lists show the last
//! orders, marked as updating, meanwhile): the table and the lists build only what they show. The
//! orders, below the table, are built after the tab's first paint, not in the task that opens it.

mod explain;
pub mod model;
mod orders;
mod table;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use fairshare::Ranked;
use fairshare::classic::ClassicRun;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::classic::ClassicMsg;
use crate::messages::common::CommonMsg;
use crate::state::AppState;
use crate::widgets::panel_open::{PanelOpen, while_open, while_shown};
use crate::widgets::scroll_echo::after_paint;
use crate::widgets::when::When;

/// The preset whose zero-share account stands for the idle machine (the classic page's example).
const CLASSIC_EXAMPLE: &str = "classic-example";

/// What the panel shows is made of: the ranking and its classic run, shared (taking them is
/// O(1)). Equal when they are the very same runs.
#[derive(Clone)]
pub(crate) struct Runs {
    ranked: Ranked,
    classic: Arc<ClassicRun>,
}

impl PartialEq for Runs {
    fn eq(&self, other: &Runs) -> bool {
        Arc::ptr_eq(&self.classic, &other.classic)
            && Arc::ptr_eq(&self.ranked.shared_run(), &other.ranked.shared_run())
    }
}

impl Runs {
    /// Reads `f` of the ranking and the classic run.
    pub(crate) fn read<R>(runs: Memo<Runs>, f: impl FnOnce(&Ranked, &ClassicRun) -> R) -> R {
        runs.with(|r| Runs::read_runs(r, f))
    }

    /// Reads `f` of these runs.
    pub(crate) fn read_runs<R>(&self, f: impl FnOnce(&Ranked, &ClassicRun) -> R) -> R {
        f(&self.ranked, &self.classic)
    }
}

/// The classic side panel.
#[component]
pub fn ClassicPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let runs = while_open(move || Runs {
        ranked: state.ranked().get(),
        classic: state.classic().get(),
    });
    let explain = while_open(move || {
        let id = state.selected().get()?;
        Runs::read(runs, |r, c| model::explain(r, c, id))
    });
    // What of the formulas is built once (the prompt, or which formulas there are): an edit
    // or a selection changes only their texts, written in place (`explain::ExplainView`).
    let shape = Memo::new(move |_| explain.with(|e| e.as_ref().map(explain::Shape::of)));
    // Only on the classic page's example (a tree of a few associations): cheap to recompute.
    let idle = while_open(move || {
        if state.preset().get() != Some(CLASSIC_EXAMPLE) {
            return None;
        }
        Runs::read(runs, model::idle_holder)
    });
    let idle = move || idle.get();
    let machine_note = i18n.tf(ClassicMsg::MachineNote, move || {
        idle().map_or_else(Vec::new, |(account, ua)| {
            vec![("account", account), ("ua", ua)]
        })
    });

    // The orders sit below the table, out of the tab's first paint: they are built in the task
    // after it, so the opening's own task builds only what the first paint shows. A panel built
    // ahead, hidden (`chrome::tab_panel::BuildAhead`), builds them after the first paint of its
    // opening. They read every user's F and follow the runs only while shown: a hidden panel
    // brought up to date after an edit (`PanelOpen::signal`) updates its table and formulas,
    // not the orders, which follow in idle slices once the tab opens (marked as updating).
    let shown = PanelOpen::shown();
    let orders_built = RwSignal::new(false);
    Effect::new(move |_| {
        if shown.get() && !orders_built.get_untracked() {
            after_paint(move || {
                orders_built.try_set(true);
            });
        }
    });
    let orders_runs = while_shown(shown, move || runs.get());

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
            {move || match shape.get() {
                Some(shape) => view! { <explain::ExplainView shape explain runs /> }.into_any(),
                None => {
                    view! { <p class="ft-classic__prompt">{i18n.t(ClassicMsg::SelectPrompt)}</p> }
                        .into_any()
                }
            }}
            <table::ClassicTable runs />
            <When when=orders_built>
                <orders::OrderComparison runs=orders_runs />
            </When>
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
