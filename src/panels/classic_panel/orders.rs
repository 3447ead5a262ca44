//! `<OrderComparison/>`: the users in classic order (by F) beside the Fair Tree order (by rank)
//! for the same scenario, with every user the two algorithms place differently marked. The
//! orders are the engine's ([`fairshare::orders`]); each list shows a window of them.

use fairshare::orders::{Placed, classic_beside_fair_tree};
use leptos::prelude::*;

use super::Runs;
use super::model::{self, OrderEntry, Side};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::classic::ClassicMsg;
use crate::state::AppState;
use crate::widgets::row_window::window_around;
use crate::widgets::when::When;

/// Each list shows at most this many users (around the selected one).
pub const ORDER_LIMIT: usize = 30;

/// The part of one list to show: all of it up to [`ORDER_LIMIT`] users, else those around the
/// user at `selected` (an association index).
pub fn shown_part(list: &[Placed], selected: Option<usize>) -> &[Placed] {
    let centre = selected.and_then(|ix| list.iter().position(|p| p.ix == ix));
    &list[window_around(list.len(), centre, ORDER_LIMIT)]
}

/// The words of the "other place" marker of `side`'s entries.
fn other_place(side: Side) -> ClassicMsg {
    match side {
        Side::Classic => ClassicMsg::OrderOtherFairTree,
        Side::FairTree => ClassicMsg::OrderOtherClassic,
    }
}

fn list_class(side: Side) -> &'static str {
    match side {
        Side::Classic => "ft-order__list ft-order__list--classic",
        Side::FairTree => "ft-order__list ft-order__list--fair-tree",
    }
}

/// The two orders side by side. The engine orders every user once per change; only the shown
/// users get their words and numbers.
#[component]
pub fn OrderComparison(runs: Memo<Runs>) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let orders = Memo::new(move |_| Runs::read(runs, classic_beside_fair_tree));
    let summary = i18n.tf(ClassicMsg::OrdersDiffer, move || {
        orders.with(|o| {
            vec![
                ("n", o.n_differ().to_string()),
                ("total", o.classic.len().to_string()),
            ]
        })
    });
    let same = move || orders.with(|o| o.n_differ() == 0);
    let cut = move || orders.with(|o| o.classic.len() > ORDER_LIMIT);
    let window_note = i18n.tf(ClassicMsg::OrdersWindow, move || {
        vec![
            ("shown", ORDER_LIMIT.to_string()),
            ("n", orders.with(|o| o.classic.len()).to_string()),
        ]
    });
    let shown = move |side: Side| {
        let lang = i18n.lang();
        Runs::read(runs, |r, c| {
            let selected = state.selected().get().and_then(|id| r.tree().position(id));
            orders.with(|o| {
                model::order_entries(r, c, side, shown_part(side.list(o), selected), lang)
            })
        })
    };
    view! {
        <div class="ft-order" data-testid="classic-orders">
            <h3 class="ft-order__title">{i18n.t(ClassicMsg::OrdersTitle)}</h3>
            <p class="ft-panel-help">{i18n.t(ClassicMsg::OrdersCaption)}</p>
            <p class="ft-order__summary">
                <When when=same fallback=move || summary()>
                    {i18n.t(ClassicMsg::OrdersSame)}
                </When>
            </p>
            <When when=cut>
                <p class="ft-panel-help">{move || window_note()}</p>
            </When>
            <div class="ft-order__columns">
                <OrderList
                    side=Side::Classic
                    heading=ClassicMsg::OrdersClassic
                    entries=Signal::derive(move || shown(Side::Classic))
                />
                <OrderList
                    side=Side::FairTree
                    heading=ClassicMsg::OrdersFairTree
                    entries=Signal::derive(move || shown(Side::FairTree))
                />
            </div>
        </div>
    }
}

/// One of the two lists; each entry writes its place, so tied users show the same one.
#[component]
fn OrderList(
    side: Side,
    heading: ClassicMsg,
    #[prop(into)] entries: Signal<Vec<OrderEntry>>,
) -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        <div class=list_class(side)>
            <h4 class="ft-order__heading">{i18n.t(heading)}</h4>
            <ol class="ft-order__entries">
                {move || {
                    entries
                        .get()
                        .into_iter()
                        .map(|entry| view! { <Entry side=side entry=entry /> })
                        .map(IntoAny::into_any).collect::<Vec<_>>()
                }}
            </ol>
        </div>
    }
}

/// One user in one list.
#[component]
fn Entry(side: Side, entry: OrderEntry) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let id = entry.id;
    let differs = entry.differs();
    let place = format!("{}.", entry.place);
    let other = entry.other_place.to_string();
    let marker = move || other_place(side).fill(i18n.lang(), &[("place", other.as_str())]);
    let selected = move || state.selected().get() == Some(id);
    view! {
        <li
            class="ft-order__entry"
            class:ft-order__entry--differs=differs
            class:ft-order__entry--selected=selected
            data-assoc-id=id.0.to_string()
            data-differs=differs.to_string()
        >
            <span class="ft-order__place">{place}</span>
            " "
            <span class="ft-order__label">{entry.label}</span>
            " "
            <span class="ft-order__value">{entry.value}</span>
            {differs.then(|| view! { <span class="ft-order__moved">{move || marker()}</span> }.into_any())}
        </li>
    }
}
