//! `<SidePanels/>`: the side column: the tab list and one tab panel per side panel.

use leptos::prelude::*;

use crate::chrome::tab_list::TabList;
use crate::chrome::tab_panel::{BuildAhead, PanelScroll, TabPanel};
use crate::chrome::tabs::PanelTab;

/// The side column. Only the selected panel is shown; a panel is built the first time its tab
/// is opened and then kept (hidden), so what was typed into it survives switching tabs. The
/// panels sit in one `.ft-side__panels` box: on wide screens it gives the shown panel a fixed
/// box of its own, so a change inside it (a timeline step) is laid out there alone
/// (style/main.css); elsewhere it is no box at all.
#[component]
pub fn SidePanels() -> impl IntoView {
    PanelScroll::provide();
    crate::chrome::tab_panel::prefetch(BuildAhead::provide());
    crate::panels::inspector::prefetch_editor();
    view! {
        <aside class="ft-side">
            <TabList />
            <div class="ft-side__panels">
                {PanelTab::ALL.into_iter().map(|tab| view! { <TabPanel tab /> }).map(IntoAny::into_any).collect::<Vec<_>>()}
            </div>
        </aside>
    }
}
