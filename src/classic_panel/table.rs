//! `<ClassicTable/>`: the classic values of every association, as sshare prints them under
//! PriorityFlags=NO_FAIR_TREE. Each name is a button that selects the association, so the
//! formulas above can be followed for any row.

use leptos::prelude::*;

use super::model::{self, TableRow};
use crate::i18n::I18n;
use crate::messages::classic::ClassicMsg;
use crate::state::AppState;

/// The CSS custom property that indents a row by its depth.
pub fn depth_style(depth: usize) -> String {
    format!("--ft-depth: {depth}")
}

/// The whole-tree table.
#[component]
pub fn ClassicTable() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let rows = Memo::new(move |_| {
        state.scenario.with(|s| {
            state
                .hierarchy
                .with(|h| state.classic.with(|c| model::table(&s.tree, h, c)))
        })
    });
    view! {
        <div class="ft-classic__table ft-pscroll">
            <table class="ft-ctable" data-testid="classic-table">
                <caption class="ft-ctable__caption">
                    <span class="ft-ctable__title">{i18n.t(ClassicMsg::TableTitle)}</span>
                    <span class="ft-panel-help">{i18n.t(ClassicMsg::TableCaption)}</span>
                </caption>
                <thead>
                    <tr>
                        <th scope="col">{i18n.t(ClassicMsg::TableAssociation)}</th>
                        <th scope="col" class="ft-ctable__num">{i18n.t(ClassicMsg::TableShares)}</th>
                        <th scope="col" class="ft-ctable__num">{i18n.t(ClassicMsg::TableUsageNorm)}</th>
                        <th scope="col" class="ft-ctable__num">{i18n.t(ClassicMsg::TableUsage)}</th>
                        <th scope="col" class="ft-ctable__num">{i18n.t(ClassicMsg::TableFactor)}</th>
                    </tr>
                </thead>
                <tbody>
                    {move || rows.get().into_iter().map(|row| view! { <Row row=row /> }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// One row; its name selects the association.
#[component]
fn Row(row: TableRow) -> impl IntoView {
    let state = AppState::expect();
    let id = row.id;
    let selected = move || state.selected.get() == Some(id);
    view! {
        <tr
            class="ft-ctable__row"
            class:ft-ctable__row--user=row.is_user
            class:ft-ctable__row--selected=selected
            data-assoc-id=id.0.to_string()
        >
            <th scope="row" class="ft-ctable__name" style=depth_style(row.depth)>
                <button
                    type="button"
                    class="ft-select-link"
                    aria-current=move || selected().then_some("true")
                    on:click=move |_| state.select(Some(id))
                >
                    {row.name}
                </button>
            </th>
            <td class="ft-ctable__num">{row.shares_norm}</td>
            <td class="ft-ctable__num">{row.usage_norm}</td>
            <td class="ft-ctable__num">{row.usage_effective}</td>
            <td class="ft-ctable__num" data-testid="classic-table-f">{row.fairshare}</td>
        </tr>
    }
}
