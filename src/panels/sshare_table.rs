//! `<SshareTable/>`: the scenario as `sshare -l` prints it, kept in step with the tree.
//!
//! Rows are the engine's `sshare::fair_tree_rows` (Slurm's association-list order, the Account
//! cell indented one space per level) and every cell is the engine's `cell_text`, so the numbers
//! read exactly as sshare prints them. Clicking a row (or Enter on it) selects the association
//! (and expands the tree down to it); the selected association's row is highlighted.
//!
//! After an import of sshare output (`AppState::printed` non-empty), two more columns show what
//! Slurm printed for FairShare and LevelFS (each right after the recomputed one), and a third,
//! after them, the verdict of `import::compare` with the reason for any difference (RawUsage is
//! printed truncated, so small differences are expected and the table says so).
//!
//! The rows are built by [`table_rows`], a plain function tested natively.

use std::collections::HashMap;

use fairshare::import::{self, Agreement, PrintedRow};
use fairshare::sshare::{self, Column};
use fairshare::{AssocId, Ranked};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::table::TableMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;
use crate::widgets::keyed_rows::{KeyedRows, row_at};
use crate::widgets::panel_open::while_open;
use crate::widgets::scroll_window::ScrollWindow;
use crate::widgets::sort_header::SortHeader;
use crate::widgets::spacer::Spacer;
use crate::widgets::table_filter::TableFilter;
use crate::widgets::table_order::{self, SortBy};
use crate::widgets::when::When;

/// The `sshare -l` columns of a Fair Tree run (without the TRES columns, which a scenario leaves
/// empty), with sshare's header names but the deciding columns first: who (Account, User), then
/// what decides their place (FairShare, LevelFS), then the inputs in sshare's order. The side
/// panel is narrow; the columns people look for must show without a sideways scroll (issue 25).
pub const COLUMNS: [Column; 9] = [
    Column::Account,
    Column::User,
    Column::FairShare,
    Column::LevelFS,
    Column::RawShares,
    Column::NormShares,
    Column::RawUsage,
    Column::NormUsage,
    Column::EffectvUsage,
];

/// Whether Slurm's printed value of an imported row (and, after LevelFS, the check) stands right
/// after this column, beside the recomputed one.
fn printed_after(column: Column) -> bool {
    matches!(column, Column::FairShare | Column::LevelFS)
}

/// What Slurm printed for one row, beside the recomputation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PrintedCells {
    /// Slurm's FairShare text.
    pub fairshare: String,
    /// Slurm's LevelFS text.
    pub level_fs: String,
    /// Whether the recomputed FairShare differs.
    pub fairshare_differs: bool,
    /// Whether the recomputed LevelFS differs.
    pub level_fs_differs: bool,
    /// Whether anything in the row differs.
    pub differs: bool,
    /// The verdict and its reason.
    pub verdict: String,
    /// One line per differing column.
    pub details: Vec<String>,
}

/// One table row: the association and its cell texts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SshareRow {
    /// The association.
    pub id: AssocId,
    /// The cells, one per [`COLUMNS`] entry, as sshare prints them.
    pub cells: Vec<String>,
    /// Slurm's printed values, when the scenario was imported from sshare output.
    pub printed: Option<PrintedCells>,
}

impl table_order::Cells for SshareRow {
    fn cell(&self, column: usize) -> &str {
        self.cells.get(column).map_or("", String::as_str)
    }
}

/// The columns the filter box searches: Account and User.
pub const FILTER_COLUMNS: [usize; 2] = [0, 1];

/// The longer reason behind a verdict (shown on demand).
fn why(agreement: Agreement) -> Option<TableMsg> {
    match agreement {
        Agreement::Match => None,
        Agreement::TruncatedUsage => Some(TableMsg::TruncatedUsageWhy),
        Agreement::AccountUsageIncludesRetained => Some(TableMsg::RetainedWhy),
        Agreement::Differs => Some(TableMsg::DiffersWhy),
    }
}

fn verdict(agreement: Agreement) -> TableMsg {
    match agreement {
        Agreement::Match => TableMsg::Match,
        Agreement::TruncatedUsage => TableMsg::TruncatedUsage,
        Agreement::AccountUsageIncludesRetained => TableMsg::Retained,
        Agreement::Differs => TableMsg::Differs,
    }
}

/// The rows of the table, in Slurm's list order.
pub fn table_rows(ranked: &Ranked, printed: &[PrintedRow], lang: Lang) -> Vec<SshareRow> {
    let tree = ranked.tree();
    let rows = sshare::fair_tree_rows(ranked);
    let comparisons: HashMap<AssocId, import::RowComparison> = if printed.is_empty() {
        HashMap::new()
    } else {
        import::compare(ranked, &rows, printed)
            .into_iter()
            .map(|c| (c.id, c))
            .collect()
    };
    let printed_of: HashMap<AssocId, &PrintedRow> = printed.iter().map(|p| (p.id, p)).collect();
    rows.iter()
        .map(|row| {
            let id = tree.assocs()[row.ix].id;
            let printed = printed_of.get(&id).map(|p| {
                let text = |n: &Option<import::PrintedNumber<f64>>| {
                    n.as_ref()
                        .map(|n| n.text.as_str().trim().to_string())
                        .unwrap_or_default()
                };
                let comparison = comparisons.get(&id);
                let differs = |column: Column| {
                    comparison
                        .is_some_and(|c| c.columns.iter().any(|k| k.column == column && !k.same))
                };
                let details = comparison
                    .map(|c| {
                        let why = why(c.agreement).map(|m| m.text(lang).to_string());
                        let not_printed = c.columns.iter().filter(|k| k.not_printed).map(|k| {
                            TableMsg::NotPrinted.fill(
                                lang,
                                &[("column", k.column.header()), ("recomputed", &k.recomputed)],
                            )
                        });
                        why.into_iter()
                            .chain(c.columns.iter().filter(|k| !k.same).map(|k| {
                                TableMsg::ColumnDiff.fill(
                                    lang,
                                    &[
                                        ("column", k.column.header()),
                                        ("printed", &k.printed),
                                        ("recomputed", &k.recomputed),
                                    ],
                                )
                            }))
                            .chain(not_printed)
                            .collect()
                    })
                    .unwrap_or_default();
                let agreement = comparison.map_or(Agreement::Match, |c| c.agreement);
                PrintedCells {
                    fairshare: text(&p.fairshare),
                    level_fs: text(&p.level_fs),
                    fairshare_differs: differs(Column::FairShare),
                    level_fs_differs: differs(Column::LevelFS),
                    differs: agreement != Agreement::Match,
                    verdict: verdict(agreement).text(lang).to_string(),
                    details,
                }
            });
            SshareRow {
                id,
                cells: COLUMNS.iter().map(|&c| row.cell_text(c)).collect(),
                printed,
            }
        })
        .collect()
}

/// Moves focus to the previous or next row (the table's roving tab stop).
fn focus_sibling(ev: &leptos::ev::KeyboardEvent, next: bool) {
    let Some(row) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let sibling = if next {
        row.next_element_sibling()
    } else {
        row.previous_element_sibling()
    };
    // Spacer rows (windowed tables) are not rows of the table: they have no association.
    if let Some(sibling) = sibling
        .filter(|s| s.has_attribute("data-assoc-id"))
        .and_then(|s| s.dyn_into::<HtmlElement>().ok())
    {
        let _ = sibling.focus();
    }
}

/// One row of the table.
#[component]
fn SshareRow(row: SshareRow, #[prop(into)] tab_stop: Signal<Option<AssocId>>) -> impl IntoView {
    let state = AppState::expect();
    let i18n = I18n::expect();
    let id = row.id;
    let selected = move || state.selected().get() == Some(id);
    let select = move || {
        state.reveal(id);
        state.select(Some(id));
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "Enter" | " " => {
            ev.prevent_default();
            select();
        }
        "ArrowDown" => {
            ev.prevent_default();
            focus_sibling(&ev, true);
        }
        "ArrowUp" => {
            ev.prevent_default();
            focus_sibling(&ev, false);
        }
        _ => {}
    };
    let differs = row.printed.as_ref().is_some_and(|p| p.differs);
    // Slurm's printed FairShare, and its LevelFS with the check, for the cells after the
    // recomputed ones.
    let (mut printed_fs, mut printed_lf) = match row.printed {
        Some(p) => {
            let mark = |differs: bool| {
                if differs {
                    "ft-sshare__cell ft-sshare__cell--printed ft-sshare__cell--differs"
                } else {
                    "ft-sshare__cell ft-sshare__cell--printed"
                }
            };
            let details = p
                .details
                .into_iter()
                .map(|d| view! { <li>{d}</li> })
                .map(IntoAny::into_any)
                .collect::<Vec<_>>();
            let fs = view! { <td class=mark(p.fairshare_differs)>{p.fairshare}</td> }.into_any();
            let lf = view! {
                <td class=mark(p.level_fs_differs)>{p.level_fs}</td>
                <td class="ft-sshare__check" class:ft-sshare__check--differs=p.differs>
                    // One short line; the reason and each column on demand.
                    <details class="ft-sshare__more">
                        <summary class="ft-sshare__verdict">{p.verdict}</summary>
                        <ul class="ft-sshare__details">{details}</ul>
                    </details>
                </td>
            }
            .into_any();
            (Some(fs), Some(lf))
        }
        None => (None, None),
    };
    let mut cells = Vec::with_capacity(COLUMNS.len() + 2);
    for (text, column) in row.cells.into_iter().zip(COLUMNS) {
        let class = if column == Column::Account {
            "ft-sshare__cell ft-sshare__cell--account"
        } else {
            "ft-sshare__cell"
        };
        cells.push(view! { <td class=class>{text}</td> }.into_any());
        let after = match column {
            Column::FairShare => printed_fs.take(),
            Column::LevelFS => printed_lf.take(),
            _ => None,
        };
        cells.extend(after);
    }
    view! {
        <tr
            class="ft-sshare__row"
            class:ft-sshare__row--selected=selected
            class:ft-sshare__row--differs=differs
            data-assoc-id=id.0.to_string()
            aria-current=move || selected().then_some("true")
            title=i18n.t(TableMsg::RowHint)
            tabindex=move || if tab_stop.get() == Some(id) { "0" } else { "-1" }
            on:click=move |_| select()
            on:keydown=on_key
        >
            {cells}
        </tr>
    }
}

/// The table's rows, following the state only while the enclosing tab panel is open
/// (`widgets::panel_open::while_open`): kept hidden behind another tab, an edit made elsewhere
/// builds no rows here (every row of the tree); opening the tab brings them up to date.
fn shown_rows(
    state: AppState,
    lang: impl Fn() -> Lang + Send + Sync + 'static,
) -> Memo<Vec<SshareRow>> {
    while_open(move || {
        let lang = lang();
        state
            .ranked()
            .with(|r| state.printed().with(|p| table_rows(r, p, lang)))
    })
}

/// The sshare table region: sortable by any column, filterable by name, and windowed (only the
/// rows in view are drawn) above `row_window::ALL_ROWS_UP_TO` rows.
#[component]
pub fn SshareTable() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let rows = shown_rows(state, move || i18n.lang());
    let sort = RwSignal::new(None::<SortBy>);
    let query = RwSignal::new(String::new());
    // The rows shown, in display order (indices into `rows`).
    let order = Memo::new(move |_| {
        rows.with(|rows| query.with(|q| table_order::order(rows, &FILTER_COLUMNS, q, sort.get())))
    });
    let scroll = ScrollWindow::new();
    let window = Memo::new(move |_| scroll.window(order.with(Vec::len)));
    // The drawn rows, as indices into `rows` (each row reads its own value).
    let drawn = move || {
        let w = window.get();
        order.with(|order| order[w.start..w.end].to_vec())
    };
    let has_printed = move || state.printed().with(|p| !p.is_empty());
    let tab_stop = Signal::derive(move || {
        let selected = state.selected().get();
        rows.with(|rows| {
            selected
                .filter(|id| rows.iter().any(|r| r.id == *id))
                .or_else(|| rows.first().map(|r| r.id))
        })
    });
    // A selection made elsewhere (the tree, Find, Compare) scrolls its row into view. Also
    // when this tab opens. Edits and sorting do not move the scroll position.
    scroll.follow_selection(state, order, move |id| {
        rows.with_untracked(|rows| rows.iter().position(|r| r.id == id))
    });
    let mut headers = Vec::with_capacity(COLUMNS.len() + 2);
    for (column, c) in COLUMNS.iter().enumerate() {
        let label = c.header().to_string();
        headers.push(view! { <SortHeader column label=Signal::stored(label) sort /> }.into_any());
        if !printed_after(*c) {
            continue;
        }
        // Slurm's printed value right after the recomputed one; the check after LevelFS's.
        let printed_head = if *c == Column::FairShare {
            TableMsg::PrintedFs
        } else {
            TableMsg::PrintedLf
        };
        let with_check = *c == Column::LevelFS;
        headers.push(
            view! {
                <When when=has_printed>
                    <th scope="col" class="ft-sshare__printed-head">
                        {i18n.t(printed_head)}
                    </th>
                    {with_check.then(|| view! { <th scope="col">{i18n.t(TableMsg::Check)}</th> })}
                </When>
            }
            .into_any(),
        );
    }
    view! {
        <section class="ft-panel ft-sshare-panel" role="region" aria-label=i18n.t(CommonMsg::RegionSshare)>
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionSshare)}</h2>
            <TableFilter id_prefix="ft-sshare-filter" query shown=Signal::derive(move || order.with(Vec::len))
                total=Signal::derive(move || rows.with(Vec::len)) scroll scroll_class="ft-sshare__scroll">
                <table class="ft-sshare" class:ft-sshare--windowed=move || window.get().is_windowed()>
                    <caption class="ft-sshare__caption">
                        {i18n.t(TableMsg::Caption)}
                        <When when=has_printed>
                            " "
                            {i18n.t(TableMsg::CaptionPrinted)}
                        </When>
                    </caption>
                    <thead>
                        <tr>
                            {headers}
                        </tr>
                    </thead>
                    <tbody>
                        <Spacer px=Signal::derive(move || window.get().before_px) />
                        <KeyedRows
                            keys=Signal::derive(drawn)
                            row=Callback::new(move |ix| {
                                row_at(rows, ix, move |row| view! { <SshareRow row tab_stop /> }.into_any())
                            })
                        />
                        <Spacer px=Signal::derive(move || window.get().after_px) />
                    </tbody>
                </table>
            </TableFilter>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_of(text: &str) -> (Vec<SshareRow>, fairshare::Scenario) {
        let imported = import::import(text);
        let scenario = imported.scenario.expect("imports");
        let ranked = fairshare::Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
        let rows = table_rows(&ranked, &imported.printed, Lang::En);
        (rows, scenario)
    }

    #[test]
    fn classic_example_rows_are_sshare_rows() {
        let scenario = crate::presets::by_id("classic-example").unwrap().scenario();
        let ranked = fairshare::Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
        let rows = table_rows(&ranked, &[], Lang::En);
        assert_eq!(rows.len(), 14);
        let headers: Vec<&str> = COLUMNS.iter().map(|c| c.header()).collect();
        assert_eq!(
            headers,
            [
                "Account",
                "User",
                "FairShare",
                "LevelFS",
                "RawShares",
                "NormShares",
                "RawUsage",
                "NormUsage",
                "EffectvUsage",
            ]
        );
        // Slurm's list order: lineage, users before sub-accounts.
        let ids: Vec<u32> = rows.iter().map(|r| r.id.0).collect();
        assert_eq!(
            ids,
            [1, 2, 21, 211, 22, 221, 222, 3, 31, 311, 32, 321, 4, 41]
        );
        let user1 = &rows[3];
        assert_eq!(
            user1.cells,
            [
                "   AccountB",
                "User1",
                "0.666667",
                "1.000000",
                "1",
                "1.000000",
                "20",
                "0.200000",
                "1.000000",
            ]
        );
        assert_eq!(rows[0].cells[0], "root");
        assert_eq!(rows[0].cells[2], "", "root RawShares is blank");
        assert_eq!(rows[1].cells[0], " AccountA");
        assert_eq!(rows[6].cells[3], "inf", "LevelFS");
        assert!(rows.iter().all(|r| r.printed.is_none()));
    }

    /// Every row, every cell, in order: what `sshare -a -l -P` (the engine's emitter, which the
    /// CLI's `compute --format sshare` prints) gives for these columns.
    #[test]
    fn every_cell_is_what_sshare_prints() {
        for id in [
            "classic-example",
            "fair-tree-example",
            "test24-4",
            "fairshare-parent",
        ] {
            let scenario = crate::presets::by_id(id).unwrap().scenario();
            let ranked = Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
            let cells: Vec<String> = table_rows(&ranked, &[], Lang::En)
                .iter()
                .map(|r| r.cells.join("|"))
                .collect();
            let printed = sshare::render(
                &sshare::fair_tree_rows(&ranked),
                &COLUMNS,
                sshare::TextLayout::ParsableNoEnding,
                sshare::Header::Omitted,
            );
            assert_eq!(cells, printed, "{id}");
        }
    }

    #[test]
    fn imported_sshare_shows_printed_values_and_reasons() {
        let text = "\
Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins
root|||0.000000|100||1.000000||||cpu=0
 a||1|0.500000|60|0.600000|0.600000||0.833333||cpu=0
  a|u1|1|1.000000|60|0.600000|1.000000|0.500000|1.000000||cpu=0
 b||1|0.500000|40|0.400000|0.400000||1.250000||cpu=0
  b|u2|1|1.000000|40|0.400000|1.000000|0.900000|1.000000||cpu=0
";
        let (rows, _) = rows_of(text);
        assert_eq!(rows.len(), 5);
        let u1 = rows.iter().find(|r| r.cells[1] == "u1").unwrap();
        let p = u1.printed.as_ref().unwrap();
        assert_eq!(p.fairshare, "0.500000");
        assert!(!p.fairshare_differs && !p.differs);
        assert_eq!(p.verdict, "matches");
        // u2's printed FairShare (0.9) is not what the tree gives (1.0): marked, with a reason.
        let u2 = rows.iter().find(|r| r.cells[1] == "u2").unwrap();
        let p = u2.printed.as_ref().unwrap();
        assert!(p.fairshare_differs && p.differs);
        // Every RawUsage is an integer and reproduced: truncation cannot explain it (issue
        // 25.1). The verdict is one short word; the reason and the column come on demand.
        assert_eq!(p.verdict, "unexplained");
        assert!(p.details[0].starts_with("truncated usage cannot make this difference"));
        assert!(p.details[1].starts_with("FairShare: Slurm 0.900000, recomputed 1.000000"));
    }

    #[test]
    fn an_empty_printed_cell_is_not_printed_and_a_partial_tree_has_no_fairshare() {
        // Plain sshare: every account, the caller's row only; NormUsage left empty on u1.
        let text = "\
Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins
root|||0.000000|100||1.000000||||cpu=0
 a||1|0.500000|60|0.600000|0.600000||0.833333||cpu=0
  a|u1|1|0.500000|30||0.500000|0.750000|1.000000||cpu=0
 b||1|0.500000|40|0.400000|0.400000||1.250000||cpu=0
";
        let (rows, _) = rows_of(text);
        let u1 = rows.iter().find(|r| r.cells[1] == "u1").unwrap();
        let p = u1.printed.as_ref().unwrap();
        assert!(!p.differs, "{p:?}");
        assert_eq!(p.verdict, "matches");
        assert!(
            p.details
                .iter()
                .any(|d| d == "NormUsage: not printed, recomputed 0.300000"),
            "{p:?}"
        );
        // The recomputed FairShare is empty (not computable); Slurm's printed one is beside it.
        assert_eq!(u1.cells[2], "", "FairShare");
        assert_eq!(p.fairshare, "0.750000");
        assert!(!p.fairshare_differs);
    }

    /// Kept hidden behind another tab, the table builds no rows on an edit and shows its last
    /// ones; opening its tab brings them up to date, and open it follows every edit.
    #[test]
    fn a_hidden_sshare_table_builds_no_rows_on_edits() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};

        use fairshare::LongDouble;

        use crate::chrome::PanelTab;
        use crate::widgets::panel_open::PanelOpen;

        Owner::new().with(|| {
            let scenario = crate::presets::by_id("classic-example").unwrap().scenario();
            let state = AppState::new(scenario);
            state.open_panel(PanelTab::Sshare);
            // What the tab panel gives the table: open while its tab is selected.
            let open = Signal::derive(move || state.panel().get() == PanelTab::Sshare);
            provide_context(PanelOpen::new(open));
            let langs = Arc::new(AtomicUsize::new(0));
            let counted = Arc::clone(&langs);
            // The language is read once per build of the rows: it counts them.
            let rows = shown_rows(state, move || {
                counted.fetch_add(1, Ordering::Relaxed);
                Lang::En
            });
            let built = || langs.load(Ordering::Relaxed);
            let user = state.scenario().with_untracked(|s| {
                s.tree
                    .assocs()
                    .iter()
                    .find(|a| a.is_user())
                    .map(|a| a.id)
                    .unwrap()
            });
            let usage_cell = |rows: &[SshareRow]| {
                let row = rows.iter().find(|r| r.id == user).unwrap();
                let raw_usage = COLUMNS.iter().position(|c| *c == Column::RawUsage).unwrap();
                row.cells[raw_usage].clone()
            };
            let before = rows.with(|r| usage_cell(r));
            assert_eq!(built(), 1);
            state.open_panel(PanelTab::Inspector);
            state.set_usage(user, LongDouble::from_u64(12_345)).unwrap();
            assert_eq!(
                rows.with(|r| usage_cell(r)),
                before,
                "hidden: the last rows"
            );
            assert_eq!(built(), 1, "hidden: no rows built");
            state.open_panel(PanelTab::Sshare);
            assert_eq!(
                rows.with(|r| usage_cell(r)),
                "12345",
                "open again: up to date"
            );
            assert_eq!(built(), 2);
            state.set_usage(user, LongDouble::from_u64(54_321)).unwrap();
            assert_eq!(rows.with(|r| usage_cell(r)), "54321", "open: follows edits");
            assert_eq!(built(), 3);
        });
    }
}
