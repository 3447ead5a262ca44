//! `<GroupPanel/>`: the sibling group the walk is working on, with S, U and LF = S / U of each
//! member, sliding from list order into visiting order when the sort step is taken, with the
//! reason each member follows the previous one.
//!
//! Rows stay in list order in the DOM and move with a CSS transform, so the sort is a
//! transition; `aria-rowindex` gives assistive technology the visiting order. A row is keyed by
//! its place in the list, not by its association: a step into another group (every account the
//! walk enters or leaves) rewrites the rows' texts in place instead of dropping every row and
//! building the new group's, and that step does not glide (`ft-group__body--still`), since each
//! row now shows another member.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::player::PlayerMsg;
use crate::player::PlayerCtx;
use crate::player::model::{GroupRow, GroupView, group_view, reason_msg};
use crate::player::narration::join_names;
use crate::player::shown::shown;
use crate::state::AppState;
use crate::widgets::index_marks::KeyedMarks;
use crate::widgets::keyed_rows::KeyedRows;
use crate::widgets::row_window::RowWindow;
use crate::widgets::scroll_echo::{ScrollEcho, after_paint, settle_next_frame};
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
    let group = shown(state, move || {
        state.run().with(|run| {
            state
                .scenario()
                .with(|s| state.frame().with(|f| group_view(run, &s.tree, f)))
        })
    });
    // A group that scrolls draws only the rows near the scroll box's view (`RowWindow`): each
    // row is a dozen layout objects, restyled and laid out again at every step, and every row
    // transitioning at a sort step painted for several frames (the 10k anchor's root has 150
    // children; a real cluster's accounts hundreds).
    let scroller = NodeRef::<leptos::html::Div>::new();
    // The scroll box as last read: scroll top, visible height, row height (0 before the first
    // reading). Read when it scrolls, not at each step: a step of the walk forces no layout.
    let view = RwSignal::new((0.0_f64, 0.0_f64, 0.0_f64));
    // The scroll event of the panel's own write needs no reading: where the box is was set when
    // it was written ([`ScrollEcho`]). Reading it then forced a layout of the box in the next
    // step's frame.
    let echo = StoredValue::new(ScrollEcho::new());
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
    let drawn = Memo::new(move |_| {
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
            let w = RowWindow::drawing_all_up_to(
                ROWS_WITHOUT_SCROLLING,
                g.rows.len(),
                row_px,
                scroll_top,
                view_px,
            );
            drawn_places(&g.rows, w.start..w.end)
        })
    });
    // The row elements are a pool, one per slot, as many as the most rows drawn at once: a
    // step into a group with fewer rows hides the spare ones instead of dropping them, and a
    // step back (or a scroll) hands each slot another place instead of building a row.
    // Read at every step, not only when the drawn places change: a slot is `fresh` (jumps) only
    // in the step it took its place, so the next step (a sort that keeps the places) glides.
    let slots = Memo::new(move |prev: Option<&Vec<Slot>>| {
        group.with(|_| ());
        drawn.with(|d| assign_slots(prev.map_or(&[][..], Vec::as_slice), d))
    });
    let keys = Memo::new(move |_| (0..slots.with(Vec::len)).collect::<Vec<_>>());
    let slot_marks =
        KeyedMarks::new(move || slots.with(|s| s.iter().copied().map(Some).enumerate().collect()));
    // Each row reads its own values, so a step wakes only the rows it changed.
    let rows = KeyedMarks::new(move || {
        group.with(|g| {
            g.as_ref()
                .map(|g| g.rows.iter().cloned().map(Some).enumerate().collect())
                .unwrap_or_default()
        })
    });
    // Whether each place still holds the member it held before the step: then a change of
    // place is the sort, and glides; otherwise the rows show another group, and jump.
    let glide = Memo::new(move |prev: Option<&(Vec<usize>, bool)>| {
        let members = group.with(|g| g.as_ref().map(GroupView::members).unwrap_or_default());
        let same = prev.is_some_and(|(before, _)| *before == members);
        (members, same)
    });
    let body_class = move || {
        if glide.with(|g| g.1) {
            "ft-group__body"
        } else {
            "ft-group__body ft-group__body--still"
        }
    };
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
    // From the box as last read ([`row_scroll`]): a step whose row is in view reads and writes
    // nothing; one that scrolls draws the rows at the new place now and writes the offset after
    // the step's frame is painted ([`after_paint`]), so the write lays out nothing again.
    Effect::new(move |_| {
        if n_rows() <= ROWS_WITHOUT_SCROLLING {
            return;
        }
        let (Some(place), Some(element)) = (current_place.get(), scroller.get()) else {
            return;
        };
        if view.with_untracked(|v| v.2 <= 0.0) {
            // Never read yet (the group has just grown past the box): once.
            measure();
        }
        let (scroll_top, view_px, row_px) = view.get_untracked();
        if let Some(top) = row_scroll(place, row_px, scroll_top, view_px) {
            view.set((top, view_px, row_px));
            after_paint(move || {
                let write = echo
                    .try_update_value(|e| e.write((0, scroll_top as i32), (0, top as i32)))
                    .unwrap_or(false);
                if write {
                    element.set_scroll_top(top as i32);
                    settle_next_frame(echo);
                }
            });
        }
    });

    view! {
        <section class="ft-group" aria-labelledby=labelled_by.clone()>
            <h3 id=labelled_by.clone() class="ft-player__subtitle">
                {move || title()}
            </h3>
            <When when=move || { n_rows() > 0 }>
                <p class="ft-group__caption">{move || caption()}</p>
                <div class="ft-group__scroll" node_ref=scroller on:scroll=move |_| {
                    if echo.try_update_value(|e| e.heard()).unwrap_or(true) {
                        measure();
                    }
                }>
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
                        <div role="rowgroup" class=body_class style:height=body_height>
                            <KeyedRows keys=keys row=Callback::new(move |at| view! { <GroupRowView at slots=slot_marks rows /> }.into_any()) />
                        </div>
                    </div>
                </div>
            </When>
        </section>
    }
}

/// The scroll offset that shows the row at `place` (0 = first) below the sticky header row,
/// in a box scrolled to `scroll_top` that shows `view_px`, rows as tall as the header
/// (`row_px`); `None` when it is in view. It moves as little as that takes: the row lands at
/// the edge it was beyond. Pure.
fn row_scroll(place: usize, row_px: f64, scroll_top: f64, view_px: f64) -> Option<f64> {
    let top = row_px * (place as f64 + 1.0);
    if top < scroll_top + row_px {
        Some(top - row_px)
    } else if top + row_px > scroll_top + view_px {
        Some((top + row_px - view_px).max(0.0))
    } else {
        None
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

/// The places in the list (indices into `rows`, list order) of the rows drawn: those whose row
/// on screen is in `window`. Pure.
fn drawn_places(rows: &[GroupRow], window: std::ops::Range<usize>) -> Vec<usize> {
    rows.iter()
        .enumerate()
        .filter(|(_, r)| window.contains(&r.position))
        .map(|(place, _)| place)
        .collect()
}

/// What a pooled row element shows: the place in the group's list it draws (`None`: a spare
/// row, hidden), and whether it took that place in this step (it then jumps there rather than
/// gliding from where its previous member was).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    place: Option<usize>,
    fresh: bool,
}

/// The places `drawn` handed to the pool `prev`: a slot that draws a place still drawn keeps
/// it, the other places take the free slots in order, and the pool grows only when more places
/// are drawn than it has slots (it never shrinks: its spare slots are hidden). Pure.
fn assign_slots(prev: &[Slot], drawn: &[usize]) -> Vec<Slot> {
    let kept = |place: usize| prev.iter().any(|s| s.place == Some(place));
    let mut arriving = drawn.iter().copied().filter(|p| !kept(*p));
    let mut slots: Vec<Slot> = prev
        .iter()
        .map(|s| match s.place {
            Some(p) if drawn.contains(&p) => Slot {
                place: Some(p),
                fresh: false,
            },
            _ => Slot {
                place: arriving.next(),
                fresh: true,
            },
        })
        .collect();
    slots.extend(arriving.map(|p| Slot {
        place: Some(p),
        fresh: true,
    }));
    slots
}

/// The pooled row in slot `at`: it shows the member at the place the pool gives it (reading its own
/// values from the group, so it survives re-sorting), and is hidden while it has none (keeping
/// its texts, without naming its member or being current).
#[component]
fn GroupRowView(
    at: usize,
    slots: KeyedMarks<usize, Option<Slot>>,
    rows: KeyedMarks<usize, Option<GroupRow>>,
) -> impl IntoView {
    let i18n = I18n::expect();
    let held = Memo::new(move |_| slots.get(at).unwrap_or_default());
    let shown = Memo::new(move |_| held.with(|h| h.place.is_some()));
    // A spare row keeps the member it showed last, hidden: showing it again rewrites its texts
    // instead of building their nodes.
    let row = Memo::new(
        move |kept: Option<&Option<GroupRow>>| match held.get().place {
            Some(place) => rows.get(place),
            None => kept.cloned().flatten(),
        },
    );
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
    // Empty rather than absent without a reason: the cell keeps its text node.
    let reason = move || {
        row.with(|r| {
            let (reason, previous) = r.as_ref()?.reason.as_ref()?;
            Some(reason_msg(*reason).fill(i18n.lang(), &[("previous", previous)]))
        })
        .unwrap_or_default()
    };
    let position = move || row.with(|r| r.as_ref().map(|r| r.position));
    let class = move || {
        row.with(|r| {
            r.as_ref()
                .map(|r| row_classes(r, held.with(|h| h.fresh)))
                .unwrap_or_else(|| "ft-group__row".to_string())
        })
    };

    view! {
        <div
            role="row"
            class=class
            hidden=move || !shown.get()
            data-assoc-ix=move || shown.get().then(|| row.with(|r| r.as_ref().map(|r| r.ix.to_string()))).flatten()
            aria-current=move || (shown.get() && row.with(|r| r.as_ref().is_some_and(|r| r.current))).then_some("step")
            aria-rowindex=move || position().map(|p| (p + 2).to_string())
            style:transform=move || position().map(|p| format!("translateY({}%)", p * 100))
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

/// The row's classes: base, kind, status, whether the step just taken is about it, and whether
/// its element took this member in this step (`fresh`: it jumps rather than glides).
fn row_classes(row: &GroupRow, fresh: bool) -> String {
    let kind = if row.is_user {
        "ft-group__row--user"
    } else {
        "ft-group__row--account"
    };
    let mut classes = vec!["ft-group__row", kind, row.status_class()];
    if row.current {
        classes.push("ft-group__row--current");
    }
    if fresh {
        classes.push("ft-group__row--still");
    }
    classes.join(" ")
}

#[cfg(test)]
mod tests {
    use super::{Slot, assign_slots, row_scroll};

    fn places(slots: &[Slot]) -> Vec<Option<usize>> {
        slots.iter().map(|s| s.place).collect()
    }

    #[test]
    fn the_pool_keeps_its_rows_across_smaller_groups_and_scrolls() {
        // A group of 21 rows drawn: 21 slots, each new.
        let big: Vec<usize> = (0..21).collect();
        let first = assign_slots(&[], &big);
        assert_eq!(
            places(&first),
            big.iter().copied().map(Some).collect::<Vec<_>>()
        );
        assert!(first.iter().all(|s| s.fresh));
        // A group of 3: the pool keeps its 21 slots, 3 show the new places, 18 are spare.
        let small = assign_slots(&first, &[0, 1, 2]);
        assert_eq!(small.len(), 21);
        assert_eq!(&places(&small)[..3], &[Some(0), Some(1), Some(2)]);
        assert!(small[3..].iter().all(|s| s.place.is_none()));
        // Places 0-2 stayed in their slots: they glide (the group's own change is the body's).
        assert!(small[..3].iter().all(|s| !s.fresh));
        // Back to a window of 21 further down: no slot is added, every place is drawn once.
        let later: Vec<usize> = (40..61).collect();
        let back = assign_slots(&small, &later);
        assert_eq!(back.len(), 21);
        let mut shown: Vec<usize> = back.iter().filter_map(|s| s.place).collect();
        crate::sort::sort_dedup(&mut shown);
        assert_eq!(shown, later);
        // Scrolled by one row: one slot takes the new place (and jumps), the rest keep theirs.
        let scrolled: Vec<usize> = (41..62).collect();
        let next = assign_slots(&back, &scrolled);
        assert_eq!(next.len(), 21);
        let moved: Vec<&Slot> = next.iter().filter(|s| s.fresh).collect();
        assert_eq!(moved.len(), 1);
        assert_eq!(moved[0].place, Some(61));
        let was = back.iter().position(|s| s.place == Some(40)).unwrap();
        assert_eq!(
            next[was].place,
            Some(61),
            "the slot that drew place 40 draws 61"
        );
        // More places than slots: the pool grows by the difference.
        let wide: Vec<usize> = (0..25).collect();
        assert_eq!(assign_slots(&next, &wide).len(), 25);
    }

    #[test]
    fn the_box_scrolls_only_for_a_row_out_of_view() {
        // Rows of 32 px, a 400 px box (the header and 11.5 rows) at the top.
        assert_eq!(row_scroll(0, 32.0, 0.0, 400.0), None);
        assert_eq!(row_scroll(10, 32.0, 0.0, 400.0), None);
        // Row 11 ends at 12 × 32 + 32 = 416 px: scrolled by 16 px, to the box's bottom edge.
        assert_eq!(row_scroll(11, 32.0, 0.0, 400.0), Some(16.0));
        // Under the sticky header: it comes back to just below it.
        assert_eq!(row_scroll(3, 32.0, 200.0, 400.0), Some(96.0));
        assert_eq!(row_scroll(3, 32.0, 96.0, 400.0), None);
        // Far below: brought to the bottom edge.
        assert_eq!(
            row_scroll(140, 32.0, 0.0, 400.0),
            Some(141.0 * 32.0 + 32.0 - 400.0)
        );
    }
}
