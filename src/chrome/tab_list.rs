//! `<TabList/>`: the side column's tabs (WAI-ARIA tabs pattern, automatic activation).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};

use crate::chrome::tab_panel::PanelScroll;
use crate::chrome::tabs::{self, PanelTab};
use crate::i18n::I18n;
use crate::messages::shell::ShellMsg;
use crate::state::AppState;

/// The tab list. The selected tab is the only one in the Tab order; arrow keys, Home and End
/// move between tabs and open the panel of the tab they land on.
#[component]
pub fn TabList() -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        <div class="ft-tabs" role="tablist" aria-label=i18n.t(ShellMsg::PanelsLabel)>
            {PanelTab::ALL.into_iter().map(|tab| view! { <Tab tab /> }).map(IntoAny::into_any).collect::<Vec<_>>()}
        </div>
    }
}

/// One tab.
#[component]
fn Tab(tab: PanelTab) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let selected = Memo::new(move |_| state.panel().get() == tab);
    let scroll = use_context::<PanelScroll>();
    let on_keydown = move |ev: KeyboardEvent| {
        if let Some(to) = tabs::key_target(tab, &ev.key()) {
            ev.prevent_default();
            state.open_panel(to);
            focus(&to.tab_id());
        }
    };
    view! {
        <button
            type="button"
            class="ft-tab"
            class:ft-tab--selected=move || selected.get()
            role="tab"
            id=tab.tab_id()
            aria-controls=tab.panel_id()
            aria-selected=move || selected.get().to_string()
            tabindex=move || if selected.get() { "0" } else { "-1" }
            on:click=move |_| {
                state.open_panel(tab);
                if let Some(scroll) = scroll {
                    bring_into_view(scroll, tab);
                }
            }
            on:keydown=on_keydown
        >
            {move || tab.name(i18n.lang())}
        </button>
    }
}

/// Scrolls the page to `tab`'s panel, once its content is on the page (`PanelScroll`), where
/// panels sit under the tree (one column on narrow screens, and in an embedding frame). In the
/// two-column workspace the panel is beside the tree, always in view, and nothing moves.
fn bring_into_view(scroll: PanelScroll, tab: PanelTab) {
    let embedded = document()
        .document_element()
        .is_some_and(|root| root.class_list().contains(EMBED_CLASS));
    let width = window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(f64::INFINITY);
    if !(embedded || width <= ONE_COLUMN_MAX_PX) {
        return;
    }
    scroll.request(tab);
}

/// The class `?embed=1` puts on `<html>`.
const EMBED_CLASS: &str = "ft-embed";

/// The widest viewport (CSS px) with one column (style/main.css: `max-width: 60rem`).
const ONE_COLUMN_MAX_PX: f64 = 960.0;

/// Moves keyboard focus to the element with `id`, if it exists.
fn focus(id: &str) {
    if let Some(element) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        // Focusing a button cannot fail; ignore the Result.
        let _ = element.focus();
    }
}
