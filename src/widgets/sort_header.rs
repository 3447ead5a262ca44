//! `<SortHeader/>`: a column header whose button sorts the table (`aria-sort` on the header).

use leptos::prelude::*;

use crate::widgets::table_order::{self, SortBy};

/// One sortable column header. A click sorts ascending, then descending, then restores the
/// table's own order. The visible text is the column's name only (tests read headers by text);
/// the direction shows through `aria-sort` and a CSS arrow.
#[component]
pub fn SortHeader(
    /// The column's index in the row cells.
    column: usize,
    /// The column's name.
    #[prop(into)]
    label: Signal<String>,
    /// The table's sort.
    sort: RwSignal<Option<SortBy>>,
    /// Extra classes of the header cell.
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    view! {
        <th
            scope="col"
            class=format!("ft-sort-head {class}")
            aria-sort=move || table_order::aria_sort(sort.get(), column)
        >
            <button
                type="button"
                class="ft-sort-head__button"
                on:click=move |_| sort.update(|s| *s = table_order::next_sort(*s, column))
            >
                {move || label.get()}
            </button>
        </th>
    }
}
