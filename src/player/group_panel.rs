//! `<GroupPanel/>`: the sibling group the walk is working on, with S, U and LF = S / U of each
//! member, sliding from list order into visiting order when the sort step is taken, with the
//! reason each member follows the previous one.
//!
//! Rows stay in list order in the DOM (keyed by association) and move with a CSS transform, so
//! the sort is a transition; `aria-rowindex` gives assistive technology the visiting order.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::player::PlayerMsg;
use crate::player::PlayerCtx;
use crate::player::model::{GroupRow, GroupView, group_view, reason_msg};
use crate::player::narration::join_names;
use crate::state::AppState;
use crate::widgets::index_marks::KeyedMarks;
use crate::widgets::keyed_rows::KeyedRows;
use crate::widgets::row_window::RowWindow;
use crate::widgets::when::When;

/// Groups up to this many rows fit in the scroll box (style/player.css: 12.5 rows with the
/// header).
const ROWS_WITHOUT_SCROLLING: usize = 11;

/// A row's height in CSS px before the box is measured (style/player.css: 2rem).
const ROW_PX_GUESS: f64 = 32.0;

/// The sibling-group panel.
#[component]
pub fn GroupPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = PlayerCtx::expect();
    let labelled_by = ctx.element_id("group-title");
    let table_labelled_by = labelled_by.clone();
    let group = Memo::new(move |_| {
        state.run().with(|run| {
            state
                .scenario()
                .with(|s| state.frame().with(|f| group_view(run, &s.tree, f)))
        })
    });
    // Big groups (hundreds of siblings on a real cluster) draw only the rows near the scroll
    // box's view (`RowWindow`): every row transitioning at each sort step painted for several
    // frames per step on the 100k anchor.
    let scroller = NodeRef::<leptos::html::Div>::new();
    let view = RwSignal::new((0.0_f64, 0.0_f64, 0.0_f64));
    let measure = move || {
        if let Some(el) = scroller.get_untracked() {
            let row_px = el
                .query_selector("[role='row']")
                .ok()
                .flatten()
                .map_or(0.0, |head| f64::from(head.client_height()));
            let now = (
                f64::from(el.scroll_top()),
                f64::from(el.client_height()),
                row_px,
            );
            if view.get_untracked() != now {
                view.set(now);
            }
        }
    };
    let keys = Memo::new(move |_| {
        let (scroll_top, view_px, row_px) = view.get();
        group.with(|g| {
            let Some(g) = g.as_ref() else {
                return Vec::new();
            };
            let (row_px, view_px) = if row_px > 0.0 {
                (row_px, view_px)
            } else {
                (
                    ROW_PX_GUESS,
                    ROW_PX_GUESS * (ROWS_WITHOUT_SCROLLING as f64 + 1.5),
                )
            };
            let w = RowWindow::new(g.rows.len(), row_px, scroll_top, view_px);
            g.rows
                .iter()
                .filter(|r| (w.start..w.end).contains(&r.position))
                .map(|r| r.ix)
                .collect::<Vec<_>>()
        })
    });
    // Each row reads its own values, so a step wakes only the rows it changed.
    let rows = KeyedMarks::new(move || {
        group.with(|g| {
            g.as_ref()
                .map(|g| g.rows.iter().map(|r| (r.ix, Some(r.clone()))).collect())
                .unwrap_or_default()
        })
    });
    let n_rows = move || group.with(|g| g.as_ref().map_or(0, |g| g.rows.len()));
    let title = move || group.with(|g| title_text(g.as_ref(), i18n));
    let caption = move || {
        let sorted = group.with(|g| g.as_ref().is_some_and(|g| g.sorted));
        let msg = if sorted {
            PlayerMsg::GroupSorted
        } else {
            PlayerMsg::GroupUnsorted
        };
        msg.text(i18n.lang())
    };
    let body_height = move || format!("calc({} * var(--ft-group-row-h))", n_rows());
    // Big groups scroll: keep the row the step is about in view (the DOM is the outside world).
    let current_place = Memo::new(move |_| {
        group.with(|g| {
            g.as_ref()?
                .rows
                .iter()
                .find(|r| r.current)
                .map(|r| r.position)
        })
    });
    Effect::new(move |_| {
        // Reading the box's geometry forces a layout: only big groups scroll at all.
        if n_rows() <= ROWS_WITHOUT_SCROLLING {
            return;
        }
        if let (Some(place), Some(element)) = (current_place.get(), scroller.get()) {
            keep_row_in_view(&element, place);
            measure();
        }
    });

    view! {
        <section class="ft-group" aria-labelledby=labelled_by.clone()>
            <h3 id=labelled_by.clone() class="ft-player__subtitle">
                {move || title()}
            </h3>
            <When when=move || { n_rows() > 0 }>
                <p class="ft-group__caption">{move || caption()}</p>
                <div class="ft-group__scroll" node_ref=scroller on:scroll=move |_| measure()>
                    <div
                        role="table"
                        class="ft-group__table"
                        aria-labelledby=table_labelled_by.clone()
                        aria-rowcount=move || (n_rows() + 1).to_string()
                    >
                        <div role="rowgroup">
                            <div role="row" class="ft-group__row ft-group__row--head" aria-rowindex="1">
                                <span role="columnheader">{i18n.t(PlayerMsg::ColName)}</span>
                                <span role="columnheader" class="ft-group__num">{i18n.t(PlayerMsg::ColS)}</span>
                                <span role="columnheader" class="ft-group__num">{i18n.t(PlayerMsg::ColU)}</span>
                                <span role="columnheader" class="ft-group__num">{i18n.t(PlayerMsg::ColLf)}</span>
                                <span role="columnheader" class="ft-group__num">{i18n.t(PlayerMsg::ColRank)}</span>
                                <span role="columnheader">{i18n.t(PlayerMsg::ColOrder)}</span>
                            </div>
                        </div>
                        <div role="rowgroup" class="ft-group__body" style:height=body_height>
                            <KeyedRows keys=keys row=Callback::new(move |ix| view! { <GroupRowView ix rows /> }.into_any()) />
                        </div>
                    </div>
                </div>
            </When>
        </section>
    }
}

/// Scrolls the group's scroll box so that the row at `place` (0 = first) is visible below the
/// sticky header row. Rows are as tall as the header.
fn keep_row_in_view(scroller: &web_sys::Element, place: usize) {
    let Some(head) = scroller.query_selector("[role='row']").ok().flatten() else {
        return;
    };
    let row = head.client_height();
    let top = row * (i32::try_from(place).unwrap_or(i32::MAX / 2) + 1);
    let visible_top = scroller.scroll_top() + row;
    let visible_bottom = scroller.scroll_top() + scroller.client_height();
    if top < visible_top {
        scroller.set_scroll_top(top - row);
    } else if top + row > visible_bottom {
        scroller.set_scroll_top(top + row - scroller.client_height());
    }
}

/// The panel's heading.
fn title_text(group: Option<&GroupView>, i18n: I18n) -> String {
    let lang = i18n.lang();
    match group {
        None => PlayerMsg::GroupNone.text(lang).to_string(),
        Some(g) if g.parents.len() > 1 => {
            let names: Vec<&str> = g.parents.iter().map(String::as_str).collect();
            PlayerMsg::GroupTitleMerged.fill(lang, &[("parents", &join_names(&names, lang))])
        }
        Some(g) => {
            let parent = g.parents.first().map_or("", String::as_str);
            PlayerMsg::GroupTitle.fill(lang, &[("parent", parent)])
        }
    }
}

/// One member's row; it reads its own values from the group so it survives re-sorting.
#[component]
fn GroupRowView(ix: usize, rows: KeyedMarks<usize, Option<GroupRow>>) -> impl IntoView {
    let i18n = I18n::expect();
    let row = Memo::new(move |_| rows.get(ix));
    let text = move |f: fn(&GroupRow) -> String| move || row.with(|r| r.as_ref().map(f));
    let level_fs = move || {
        row.with(|r| {
            r.as_ref().map(|r| {
                r.level_fs
                    .clone()
                    .unwrap_or_else(|| PlayerMsg::LfParent.text(i18n.lang()).to_string())
            })
        })
    };
    let reason = move || {
        row.with(|r| {
            let (reason, previous) = r.as_ref()?.reason.as_ref()?;
            Some(reason_msg(*reason).fill(i18n.lang(), &[("previous", previous)]))
        })
    };
    let position = move || row.with(|r| r.as_ref().map_or(0, |r| r.position));
    let class = move || row.with(|r| r.as_ref().map(row_classes).unwrap_or_default());

    view! {
        <div
            role="row"
            class=class
            data-assoc-ix=ix.to_string()
            aria-current=move || row.with(|r| r.as_ref().is_some_and(|r| r.current).then_some("step"))
            aria-rowindex=move || (position() + 2).to_string()
            style:transform=move || format!("translateY({}%)", position() * 100)
        >
            <span role="cell" class="ft-group__name">{text(|r| r.name.clone())}</span>
            <span role="cell" class="ft-group__num">{text(|r| r.shares_norm.clone())}</span>
            <span role="cell" class="ft-group__num">{text(|r| r.usage_effective.clone())}</span>
            <span role="cell" class="ft-group__num ft-group__lf">{move || level_fs()}</span>
            <span role="cell" class="ft-group__num">{text(|r| r.rank.map(|k| k.to_string()).unwrap_or_default())}</span>
            <span role="cell" class="ft-group__reason">{move || reason()}</span>
        </div>
    }
}

/// The row's classes: base, kind, status, and whether the step just taken is about it.
fn row_classes(row: &GroupRow) -> String {
    let kind = if row.is_user {
        "ft-group__row--user"
    } else {
        "ft-group__row--account"
    };
    let mut classes = vec!["ft-group__row", kind, row.status_class()];
    if row.current {
        classes.push("ft-group__row--current");
    }
    classes.join(" ")
}
