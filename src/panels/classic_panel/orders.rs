//! `<OrderComparison/>`: the users in classic order (by F) beside the Fair Tree order (by rank)
//! for the same scenario, with every user the two algorithms place differently marked. The
//! orders are the engine's ([`fairshare::orders`]); each list shows a window of them.

use std::sync::Arc;

use fairshare::orders::{Orders, OrdersJob, Placed};
use leptos::prelude::*;

use super::Runs;
use super::model::{self, OrderEntry, Side};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::classic::ClassicMsg;
use crate::state::AppState;
use crate::widgets::keyed_rows::KeyedRows;
use crate::widgets::on_screen::{Followed, Sliced, follow_in_slices, on_screen};
use crate::widgets::row_window::window_around;
use crate::widgets::scroll_echo::after_paint;
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

/// The engine's [`OrdersJob`] in slices of [`SLICE`] associations (about a millisecond each).
struct Slices(OrdersJob);

/// Associations per slice of the orders' work.
const SLICE: usize = 4096;

impl Sliced for Slices {
    type Output = Arc<Orders>;
    fn step(&mut self) -> bool {
        self.0.step(SLICE)
    }
    fn finish(self) -> Arc<Orders> {
        Arc::new(self.0.finish())
    }
}

/// The two orders side by side. The engine orders every user once per change (carried over
/// from the orders before it); only the shown users get their words and numbers. The orders
/// read every user's F (the whole classic run, where the table and the formulas read the rows
/// they show): they follow the runs a slice at a time in idle periods (`widgets::on_screen`),
/// so no edit's frame and no later task computes them whole; meanwhile the lists show the last
/// orders, marked as updating (`aria-busy`, dimmed, and a note; out of view, from the frame
/// after the change's on: `marked_after_paint`), never as the current ones on screen.
#[component]
pub fn OrderComparison(runs: Memo<Runs>) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let node = NodeRef::new();
    // After an edit, the classic list is carried over from the one before it (the engine
    // merges the few users the edit moved instead of sorting every user again). New runs make
    // new orders: they are not compared with the old ones (two lists of every user), only the
    // few shown entries are (`OrderList`'s memo). `None` until the runs are first followed.
    let seen = on_screen(node);
    let Followed {
        last: followed,
        pending,
    } = follow_in_slices(runs, seen, |runs: &Runs, prev| {
        Slices(OrdersJob::new(
            prev.cloned(),
            runs.ranked.clone(),
            Arc::clone(&runs.classic),
        ))
    });
    let marked = marked_after_paint(pending, seen);
    let count = move |f: fn(&Orders) -> usize| {
        move || followed.with(|o| o.as_ref().map_or(0, |(_, o)| f(o)))
    };
    let summary = i18n.tf(ClassicMsg::OrdersDiffer, move || {
        vec![
            ("n", count(Orders::n_differ)().to_string()),
            ("total", count(|o| o.classic.len())().to_string()),
        ]
    });
    let ready = move || followed.with(Option::is_some);
    let same = move || count(Orders::n_differ)() == 0;
    let cut = move || count(|o| o.classic.len())() > ORDER_LIMIT;
    let window_note = i18n.tf(ClassicMsg::OrdersWindow, move || {
        vec![
            ("shown", ORDER_LIMIT.to_string()),
            ("n", count(|o| o.classic.len())().to_string()),
        ]
    });
    let shown = move |side: Side| {
        let lang = i18n.lang();
        followed.with(|f| {
            let Some((runs, o)) = f else {
                return Vec::new();
            };
            Runs::read_runs(runs, |r, c| {
                let selected = state.selected().get().and_then(|id| r.tree().position(id));
                model::order_entries(r, c, side, shown_part(side.list(o), selected), lang)
            })
        })
    };
    view! {
        <div
            class="ft-order"
            class:ft-order--updating=move || marked.get()
            aria-busy=move || marked.get().then_some("true")
            data-testid="classic-orders"
            node_ref=node
        >
            <h3 class="ft-order__title">{i18n.t(ClassicMsg::OrdersTitle)}</h3>
            <p class="ft-panel-help">{i18n.t(ClassicMsg::OrdersCaption)}</p>
            <When when=move || marked.get()>
                <p class="ft-order__updating" data-testid="classic-orders-updating">
                    {i18n.t(ClassicMsg::OrdersUpdating)}
                </p>
            </When>
            <p class="ft-order__summary">
                <When when=ready>
                    <When when=same fallback=move || summary()>
                        {i18n.t(ClassicMsg::OrdersSame)}
                    </When>
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

/// Whether to mark the orders as updating: `pending`, at once while the lists are on screen
/// (`seen`), else only after the paint of the frame that made it true
/// (`widgets::scroll_echo::after_paint`); cleared at once. The mark (the lists' muted colour, the
/// note above them, `aria-busy`) repaints every entry and, the note moving the lists down and the
/// panel's height with them, re-layerizes the whole panel: at 100k with the tab open about 470
/// display items and 2–3 ms of an edit's frame, more than the rest of the panel's share of it.
/// The panel is a scroller painted whole, so lists out of its view (below the table, where they
/// usually are) cost that too; there the mark comes one frame later, when no one sees the
/// difference, and the edit's frame shows its values at once. On screen the lists are never
/// shown unmarked while they are behind, as before.
fn marked_after_paint(pending: Memo<bool>, seen: ReadSignal<bool>) -> ReadSignal<bool> {
    let (marked, set_marked) = signal(false);
    Effect::new(move |_| {
        if !pending.get() {
            set_marked.set(false);
        } else if seen.get_untracked() {
            set_marked.set(true);
        } else {
            after_paint(move || {
                if pending.try_get_untracked() == Some(true) {
                    set_marked.try_set(true);
                }
            });
        }
    });
    marked
}

/// One of the two lists; each entry writes its place, so tied users show the same one. Each
/// place in the list is drawn once and follows the entry there: an edit rewrites only the words
/// and numbers that changed (every value, usually; not the elements and their attributes).
#[component]
fn OrderList(
    side: Side,
    heading: ClassicMsg,
    #[prop(into)] entries: Signal<Vec<OrderEntry>>,
) -> impl IntoView {
    let i18n = I18n::expect();
    let entries = Memo::new(move |_| entries.get());
    let places = Signal::derive(move || (0..entries.with(Vec::len)).collect::<Vec<_>>());
    view! {
        <div class=list_class(side)>
            <h4 class="ft-order__heading">{i18n.t(heading)}</h4>
            <ol class="ft-order__entries">
                <KeyedRows keys=places row=Callback::new(move |at| entry_at(side, entries, at)) />
            </ol>
        </div>
    }
}

/// The entry at place `at` of `entries`, whichever user it is.
fn entry_at(side: Side, entries: Memo<Vec<OrderEntry>>, at: usize) -> AnyView {
    let entry = Memo::new(move |_| entries.with(|e| e.get(at).cloned()));
    view! { <Entry side entry /> }.into_any()
}

/// One user in one list (nothing while `entry` is `None`, past the list's end).
#[component]
fn Entry(side: Side, entry: Memo<Option<OrderEntry>>) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let field = move |f: fn(&OrderEntry) -> String| {
        move || entry.with(|e| e.as_ref().map(f).unwrap_or_default())
    };
    let id = move || entry.with(|e| e.as_ref().map(|e| e.id));
    let differs = move || entry.with(|e| e.as_ref().is_some_and(OrderEntry::differs));
    let marker = move || {
        let other = field(|e| e.other_place.to_string())();
        other_place(side).fill(i18n.lang(), &[("place", other.as_str())])
    };
    let selected = move || id().is_some_and(|id| state.selected().get() == Some(id));
    view! {
        <li
            class="ft-order__entry"
            class:ft-order__entry--differs=differs
            class:ft-order__entry--selected=selected
            data-assoc-id=field(|e| e.id.0.to_string())
            data-differs=move || differs().to_string()
        >
            <span class="ft-order__place">{field(|e| format!("{}.", e.place))}</span>
            " "
            <span class="ft-order__label">{field(|e| e.label.clone())}</span>
            " "
            <span class="ft-order__value">{field(|e| e.value.clone())}</span>
            <When when=differs>
                <span class="ft-order__moved">{marker}</span>
            </When>
        </li>
    }
}
