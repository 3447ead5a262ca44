//! `<TabPanel/>`: the panel behind one tab, built on first opening and then kept.

use leptos::context::Provider;
use leptos::prelude::*;

use crate::chrome::tabs::PanelTab;
use crate::panels::calc_panel::CalcPanel;
use crate::panels::classic_panel::ClassicPanel;
use crate::panels::compare::ComparePanel;
use crate::panels::decay_panel::DecayPanel;
use crate::panels::import_panel::ImportPanel;
use crate::panels::inspector::Inspector;
use crate::panels::priority_panel::PriorityPanel;
use crate::panels::score_legend::ScoreLegend;
use crate::panels::sshare_table::SshareTable;
use crate::panels::whatif::WhatIf;
use crate::state::AppState;
use crate::widgets::panel_open::PanelOpen;

/// One tab panel. Hidden unless its tab is selected; its content is created the first time the
/// tab opens (panels never opened cost nothing) and kept afterwards (their local state, such as
/// pasted text or a filter, survives switching tabs). The content gets the panel's "open" signal
/// ([`PanelOpen`]), so it can follow the state only while shown.
#[component]
pub fn TabPanel(tab: PanelTab) -> impl IntoView {
    let state = AppState::expect();
    let shown = Memo::new(move |_| state.panel().get() == tab);
    // Once true, stays true: the content is built once.
    let built = Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || shown.get());
    view! {
        <div
            class="ft-tabpanel"
            role="tabpanel"
            id=tab.panel_id()
            aria-labelledby=tab.tab_id()
            tabindex="0"
            hidden=move || !shown.get()
        >
            <Provider value=PanelOpen::new(shown.into())>
                {move || built.get().then(|| panel(tab))}
            </Provider>
        </div>
    }
}

/// The component behind `tab`.
fn panel(tab: PanelTab) -> AnyView {
    match tab {
        PanelTab::Inspector => view! { <Inspector /> }.into_any(),
        PanelTab::Compare => view! { <ComparePanel /> }.into_any(),
        PanelTab::Calc => view! { <CalcPanel /> }.into_any(),
        PanelTab::WhatIf => view! { <WhatIf /> }.into_any(),
        PanelTab::Classic => view! { <ClassicPanel /> }.into_any(),
        PanelTab::Score => view! { <ScoreLegend /> }.into_any(),
        PanelTab::Decay => view! { <DecayPanel /> }.into_any(),
        PanelTab::Priority => view! { <PriorityPanel /> }.into_any(),
        PanelTab::Sshare => view! { <SshareTable /> }.into_any(),
        PanelTab::Import => view! { <ImportPanel /> }.into_any(),
    }
}
