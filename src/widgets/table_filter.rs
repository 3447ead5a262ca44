//! `<TableFilter/>`: a table's filter bar (label, search field, "N of M shown") above the
//! table's own scroll container, which reports its scroll position to a [`ScrollWindow`]. The
//! whole-tree tables (sshare, classic) share it.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::table::TableMsg;
use crate::widgets::dom_id::next_dom_id;
use crate::widgets::scroll_window::ScrollWindow;

/// The filter bar and the scroll container holding the table (`children`).
#[component]
pub fn TableFilter(
    /// The prefix of the filter field's id.
    id_prefix: &'static str,
    /// The filter text.
    query: RwSignal<String>,
    /// How many rows the filter keeps.
    #[prop(into)]
    shown: Signal<usize>,
    /// How many rows there are.
    #[prop(into)]
    total: Signal<usize>,
    /// The scroll state of the container.
    scroll: ScrollWindow,
    /// The container's classes.
    scroll_class: &'static str,
    /// The table.
    children: Children,
) -> impl IntoView {
    let i18n = I18n::expect();
    let count = i18n.tf(TableMsg::Shown, move || {
        vec![
            ("shown", shown.get().to_string()),
            ("n", total.get().to_string()),
        ]
    });
    let filter_id = next_dom_id(id_prefix);
    view! {
        <div class="ft-table-tools">
            <label class="ft-table-tools__label" for=filter_id.clone()>{i18n.t(TableMsg::Filter)}</label>
            <input
                id=filter_id
                class="ft-input ft-table-tools__filter"
                type="search"
                autocomplete="off"
                spellcheck="false"
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev))
            />
            <span class="ft-table-tools__count" role="status">{move || count()}</span>
        </div>
        <div class=scroll_class node_ref=scroll.node on:scroll=move |_| scroll.measure()>
            {children()}
        </div>
    }
}
