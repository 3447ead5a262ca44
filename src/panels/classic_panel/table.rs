//! `<ClassicTable/>`: the classic values of every association, as sshare prints them under
//! PriorityFlags=NO_FAIR_TREE. Each name is a button that selects the association, so the
//! formulas above can be followed for any row. Sortable by any column, filterable by name, and
//! windowed (only the rows in view are drawn) above `row_window::ALL_ROWS_UP_TO` rows. Only
//! the rows in view are built (`model::row`); the order is built from the tree, and formats a
//! column only while the table is sorted by it (`model::table_order`).

use fairshare::Ranked;
use fairshare::classic::ClassicRun;
use fairshare::tree::Structure;
use leptos::prelude::*;

use super::Runs;
use super::model::{self, ClassicRow};
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::classic::ClassicMsg;
use crate::state::AppState;
use crate::widgets::keyed_rows::KeyedRows;
use crate::widgets::scroll_window::ScrollWindow;
use crate::widgets::slots::{self, Slot, write_slots};
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

/// What a row shows, as the slots its writer compares ([`ROW_SLOTS`]): the row's class, its
/// association, its indent, its name button's `aria-current` (empty: none) and text, and the
/// four value cells' texts.
type RowSlots = [String; 9];

/// Where each of [`RowSlots`] goes: the element (0 the row, 1 its name cell, 2 the name's
/// button, 3–6 the value cells) and what of it; an attribute is removed while empty.
const ROW_SLOTS: [(usize, Slot); 9] = [
    (0, Slot::AttrOrAbsent("class")),
    (0, Slot::AttrOrAbsent("data-assoc-id")),
    (1, Slot::AttrOrAbsent("style")),
    (2, Slot::AttrOrAbsent("aria-current")),
    (2, Slot::Text),
    (3, Slot::Text),
    (4, Slot::Text),
    (5, Slot::Text),
    (6, Slot::Text),
];

/// The slots of `row` (all empty while there is none), selected or not.
fn row_slots(row: Option<&ClassicRow>, selected: bool) -> RowSlots {
    let Some(row) = row else {
        return Default::default();
    };
    let mut class = String::from("ft-ctable__row");
    if row.is_user {
        class.push_str(" ft-ctable__row--user");
    }
    if selected {
        class.push_str(" ft-ctable__row--selected");
    }
    [
        class,
        row.id.0.to_string(),
        depth_style(row.depth),
        if selected {
            "true".into()
        } else {
            String::new()
        },
        row.name.clone(),
        row.shares_norm.clone(),
        row.usage_norm.clone(),
        row.usage_effective.clone(),
        row.fairshare.clone(),
    ]
}

/// Writes to the row `tr` the slots of `new` that differ from `old`; a text into its element's
/// text node (a character-data change, as a reactive text writes it).
fn write_row(tr: &web_sys::Element, old: &RowSlots, new: &RowSlots) {
    let name_cell = tr.first_element_child();
    let button = name_cell
        .as_ref()
        .and_then(web_sys::Element::first_element_child);
    let mut cell = name_cell
        .as_ref()
        .and_then(web_sys::Element::next_element_sibling);
    let mut cells: [Option<web_sys::Element>; 4] = Default::default();
    for slot in &mut cells {
        *slot = cell.clone();
        cell = cell.and_then(|c| c.next_element_sibling());
    }
    let [c0, c1, c2, c3] = cells;
    let elements = [Some(tr.clone()), name_cell, button, c0, c1, c2, c3];
    write_slots(&elements, &ROW_SLOTS, old, new);
}

/// The row of association `ix`: built once from its values and the selection, then kept up to
/// date by one effect that compares its slots ([`RowSlots`]) with what it wrote last, so a
/// value edit writes only the text of the cells whose value changed and a selection only the
/// class and `aria-current` of the rows it leaves and enters. Three reactive nodes a row (its
/// values, the writer, the row's element) where a reactive view of each class, attribute and
/// cell made ten: the build of the rows in view was most of the Classic tab's opening. (A row
/// drawn again as a whole would set every attribute of its seven elements: `erase_components`
/// erases a view's attributes, so tachys rebuilds them all.)
fn drawn_row(runs: Memo<Runs>, ix: usize) -> AnyView {
    let state = AppState::expect();
    let values = Memo::new(move |_| Runs::read(runs, |r, c| model::row(r, c, ix)));
    let now = move || {
        let id = values.with(|row| row.as_ref().map(|r| r.id));
        let selected = id.is_some() && state.selected().get() == id;
        values.with(|row| row_slots(row.as_ref(), selected))
    };
    let tr = NodeRef::<leptos::html::Tr>::new();
    let first = slots::follow(
        move |_| now(),
        move |prev, new| {
            let tr = tr.get_untracked();
            if let Some(tr) = &tr {
                write_row(tr, prev, new);
            }
            tr.is_some()
        },
    );
    let [
        class,
        id,
        style,
        current,
        name,
        shares,
        usage_norm,
        usage,
        factor,
    ] = first;
    let select = move |_| {
        if let Some(id) = values.with_untracked(|row| row.as_ref().map(|r| r.id)) {
            state.select(Some(id));
        }
    };
    view! {
        <tr class=class data-assoc-id=id node_ref=tr>
            <th scope="row" class="ft-ctable__name" style=style>
                <button
                    type="button"
                    class="ft-select-link"
                    aria-current=(!current.is_empty()).then_some(current)
                    on:click=select
                >
                    {name}
                </button>
            </th>
            <td class="ft-ctable__num">{shares}</td>
            <td class="ft-ctable__num">{usage_norm}</td>
            <td class="ft-ctable__num">{usage}</td>
            <td class="ft-ctable__num" data-testid="classic-table-f">{factor}</td>
        </tr>
    }
    .into_any()
}
