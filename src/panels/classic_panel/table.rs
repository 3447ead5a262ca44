//! `<ClassicTable/>`: the classic values of every association, as sshare prints them under
//! PriorityFlags=NO_FAIR_TREE. Each name is a button that selects the association, so the
//! formulas above can be followed for any row. Sortable by any column, filterable by name, and
//! windowed (only the rows in view are drawn) above `row_window::ALL_ROWS_UP_TO` rows. Only
//! the rows in view are built (`model::row`), as copies of one row written by one effect
//! ([`rows`](super::rows)); the order is built from the tree, and formats a column only while
//! the table is sorted by it (`model::table_order`).

use std::collections::BTreeMap;

use fairshare::Ranked;
use fairshare::classic::ClassicRun;
use fairshare::tree::Structure;
use leptos::html;
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;

use super::model::{self, ClassicRow};
use super::{Runs, rows};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::classic::ClassicMsg;
use crate::state::AppState;
use crate::widgets::row_window::RowWindow;
use crate::widgets::scroll_window::ScrollWindow;
use crate::widgets::sort_header::SortHeader;
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
    let drawn = drawn_memo(runs, order, window);
    let tbody = NodeRef::<html::Tbody>::new();
    follow_body(tbody, drawn, window);
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
                    <tbody node_ref=tbody on:click=move |ev| select_clicked(state, &ev)></tbody>
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

/// The drawn rows' values, in display order: the association's index and its row (`None` if
/// the run is another tree's), with the runs they were read from.
#[derive(Clone, PartialEq)]
struct Drawn {
    runs: Option<Runs>,
    rows: Vec<(usize, Option<ClassicRow>)>,
}

/// The drawn rows' values, following the window, the order and the runs. A row still drawn
/// from the same runs keeps its values (a scroll reads only the rows entering the window).
fn drawn_memo(runs: Memo<Runs>, order: Memo<Vec<usize>>, window: Memo<RowWindow>) -> Memo<Drawn> {
    Memo::new(move |prev: Option<&Drawn>| {
        let w = window.get();
        let ixs = order.with(|order| order.get(w.start..w.end).unwrap_or_default().to_vec());
        runs.with(|now| {
            let kept = prev.filter(|p| p.runs.as_ref() == Some(now)).map(|p| {
                p.rows
                    .iter()
                    .map(|(ix, row)| (*ix, row))
                    .collect::<BTreeMap<_, _>>()
            });
            let rows = ixs
                .into_iter()
                .map(|ix| {
                    let row = match kept.as_ref().and_then(|k| k.get(&ix)) {
                        Some(row) => (*row).clone(),
                        None => now.read_runs(|r, c| model::row(r, c, ix)),
                    };
                    (ix, row)
                })
                .collect();
            Drawn {
                runs: Some(now.clone()),
                rows,
            }
        })
    })
}

/// Keeps the table's body (`tbody`) showing the drawn rows, the selection marked, between the
/// window's spacers: one effect for every row ([`rows::Body`]), living as long as the table.
fn follow_body(tbody: NodeRef<html::Tbody>, drawn: Memo<Drawn>, window: Memo<RowWindow>) {
    let state = AppState::expect();
    let writer = RenderEffect::new(move |body: Option<rows::Body>| {
        let mut body = body.unwrap_or_default();
        if let Some(tbody) = tbody.get() {
            let w = window.get();
            let selected = state.selected().get();
            drawn.with(|d| body.update(&tbody, &d.rows, selected, (w.before_px, w.after_px)));
        }
        body
    });
    on_cleanup(move || drop(writer));
}

/// Selects the association of the row whose name button `ev` clicked (one listener for the
/// table's body).
fn select_clicked(state: AppState, ev: &web_sys::MouseEvent) {
    if let Some(id) = rows::clicked(ev.target()) {
        state.select(Some(id));
    }
}
