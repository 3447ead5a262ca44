//! `<ClassicTable/>`: the classic values of every association, as sshare prints them under
//! PriorityFlags=NO_FAIR_TREE. Each name is a button that selects the association, so the
//! formulas above can be followed for any row. Sortable by any column, filterable by name, and
//! windowed (only the rows in view are drawn) above `row_window::ALL_ROWS_UP_TO` rows. Only
//! the rows in view are built (`model::row`); the order is built from the tree, and formats a
//! column only while the table is sorted by it (`model::table_order`).

use fairshare::classic::ClassicRun;
use fairshare::tree::Structure;
use fairshare::{AssocId, Ranked};
use leptos::prelude::*;

use super::Runs;
use super::model::{self, ClassicRow};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::classic::ClassicMsg;
use crate::state::AppState;
use crate::widgets::keyed_rows::{KeyedRows, row_with};
use crate::widgets::scroll_window::ScrollWindow;
use crate::widgets::sort_header::SortHeader;
use crate::widgets::spacer::Spacer;
use crate::widgets::table_filter::TableFilter;
use crate::widgets::table_order::SortBy;

/// The CSS custom property that indents a row by its depth.
pub fn depth_style(depth: usize) -> String {
    format!("--ft-depth: {depth}")
}

/// The height of the table's scroll container in CSS px (`.ft-ctable__scroll`'s `max-height:
/// 28rem` in style/table.css, at the 16 px root size): the first build draws what it holds.
pub const VIEW_PX: f64 = 448.0;

/// The headers, in cell order (`model::ClassicRow`'s `Cells`), and whether each is a number.
const HEADERS: [(ClassicMsg, bool); 5] = [
    (ClassicMsg::TableAssociation, false),
    (ClassicMsg::TableShares, true),
    (ClassicMsg::TableUsageNorm, true),
    (ClassicMsg::TableUsage, true),
    (ClassicMsg::TableFactor, true),
];

/// The whole-tree table.
#[component]
pub fn ClassicTable(runs: Memo<Runs>) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let sort = RwSignal::new(None::<SortBy>);
    let query = RwSignal::new(String::new());
    let order = order_memo(runs, query, sort, model::table_order);
    let total = Memo::new(move |_| Runs::read(runs, |r, _| r.tree().len()));
    let scroll = ScrollWindow::with_view_guess(VIEW_PX);
    let window = Memo::new(move |_| scroll.window(order.with(Vec::len)));
    // The drawn rows' associations (each row reads its own values).
    let drawn = move || {
        let w = window.get();
        order.with(|order| order[w.start..w.end].to_vec())
    };
    scroll.follow_selection(state, order, move |id| {
        runs.with_untracked(|r| r.ranked.tree().position(id))
    });
    let headers = HEADERS
        .into_iter()
        .enumerate()
        .map(|(column, (msg, numeric))| {
            let label = Signal::derive(move || msg.text(i18n.lang()).to_string());
            let class = if numeric { "ft-ctable__num" } else { "" };
            view! { <SortHeader column label sort class /> }
        })
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    view! {
        <div class="ft-classic__table">
            <TableFilter id_prefix="ft-ctable-filter" query shown=Signal::derive(move || order.with(Vec::len))
                total=Signal::derive(move || total.get()) scroll scroll_class="ft-pscroll ft-ctable__scroll">
                <table
                    class="ft-ctable"
                    class:ft-ctable--windowed=move || window.get().is_windowed()
                    data-testid="classic-table"
                >
                    <caption class="ft-ctable__caption">
                        <span class="ft-ctable__title">{i18n.t(ClassicMsg::TableTitle)}</span>
                        <span class="ft-panel-help">{i18n.t(ClassicMsg::TableCaption)}</span>
                    </caption>
                    <thead>
                        <tr>{headers}</tr>
                    </thead>
                    <tbody>
                        <Spacer px=Signal::derive(move || window.get().before_px) />
                        <KeyedRows keys=Signal::derive(drawn) row=Callback::new(move |ix| drawn_row(runs, ix)) />
                        <Spacer px=Signal::derive(move || window.get().after_px) />
                    </tbody>
                </table>
            </TableFilter>
        </div>
    }
}

/// What the table's order reads of the runs besides values: the tree's layout (its
/// associations, names and parents, one for all the trees value edits make) and whether the
/// classic run is this tree's.
#[derive(Clone, PartialEq)]
struct Layout {
    structure: Structure,
    run_matches: bool,
}

/// The rows to show, as association indices in display order (`order`, i.e.
/// [`model::table_order`]), computed again only when what it reads changes: the filter, the
/// sort, the tree's layout, and the values only while sorted by a value column. So a usage or
/// shares edit with the table unsorted or sorted by name neither copies nor compares the
/// order of the whole tree (at 100k, 3.9 + 1.3 ms of an edit).
pub(super) fn order_memo(
    runs: Memo<Runs>,
    query: RwSignal<String>,
    sort: RwSignal<Option<SortBy>>,
    order: impl Fn(&Ranked, &ClassicRun, &str, Option<SortBy>) -> Vec<usize> + Send + Sync + 'static,
) -> Memo<Vec<usize>> {
    let layout = Memo::new(move |_| {
        runs.with(|r| Layout {
            structure: r.ranked.tree().structure(),
            run_matches: r.classic.len() == r.ranked.tree().len(),
        })
    });
    Memo::new(move |_| {
        let sort = sort.get();
        let compute = |r: &Runs| query.with(|q| order(&r.ranked, &r.classic, q, sort));
        if model::order_reads_values(sort) {
            runs.with(compute)
        } else {
            // Read, not only tracked: reading brings the layout up to date, which it may not be
            // if it went unread while the table was sorted by a value.
            layout.with(|_| ());
            runs.with_untracked(compute)
        }
    })
}

/// What of a row is drawn once: the association, its name and depth. A value edit keeps them.
#[derive(Clone, PartialEq)]
struct RowHead {
    id: AssocId,
    name: String,
    depth: usize,
    is_user: bool,
}

impl RowHead {
    fn of(row: &ClassicRow) -> RowHead {
        RowHead {
            id: row.id,
            name: row.name.clone(),
            depth: row.depth,
            is_user: row.is_user,
        }
    }
}

/// The row of association `ix`: drawn once while its head (`RowHead`) stays, its value cells
/// updated in place. A value edit changes only the text of the cells whose value changed (a
/// row drawn again would set every attribute of its seven elements again: at 100k with the
/// Classic tab open, about 900 attributes for the 64 rows in view, per edit).
fn drawn_row(runs: Memo<Runs>, ix: usize) -> AnyView {
    let values = Memo::new(move |_| Runs::read(runs, |r, c| model::row(r, c, ix)));
    let head = Memo::new(move |_| values.with(|row| row.as_ref().map(RowHead::of)));
    row_with(
        move || head.get(),
        move |head| view! { <Row head values /> }.into_any(),
    )
}

/// One row; its name selects the association.
#[component]
fn Row(head: RowHead, values: Memo<Option<ClassicRow>>) -> impl IntoView {
    let state = AppState::expect();
    let id = head.id;
    let selected = move || state.selected().get() == Some(id);
    let cell = move |text: fn(&ClassicRow) -> &String| {
        move || values.with(|row| row.as_ref().map(text).cloned().unwrap_or_default())
    };
    view! {
        <tr
            class="ft-ctable__row"
            class:ft-ctable__row--user=head.is_user
            class:ft-ctable__row--selected=selected
            data-assoc-id=id.0.to_string()
        >
            <th scope="row" class="ft-ctable__name" style=depth_style(head.depth)>
                <button
                    type="button"
                    class="ft-select-link"
                    aria-current=move || selected().then_some("true")
                    on:click=move |_| state.select(Some(id))
                >
                    {head.name}
                </button>
            </th>
            <td class="ft-ctable__num">{cell(|r| &r.shares_norm)}</td>
            <td class="ft-ctable__num">{cell(|r| &r.usage_norm)}</td>
            <td class="ft-ctable__num">{cell(|r| &r.usage_effective)}</td>
            <td class="ft-ctable__num" data-testid="classic-table-f">{cell(|r| &r.fairshare)}</td>
        </tr>
    }
}
