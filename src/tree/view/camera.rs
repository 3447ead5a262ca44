//! The tree view's camera: keeps [`TreeCtx::view`] in step with the viewport (scroll and
//! resize), and scrolls the drawing to the selected association and, while the walk is on
//! screen, to the node it visits. Effects: they only touch the outside world (scroll offsets).
//!
//! Layout is read only when it changes by itself (scroll, resize, the frame's size), not on
//! the scroll event of the camera's own write
//! ([`ScrollEcho`](crate::widgets::scroll_echo::ScrollEcho)): following the walk or the
//! selection works from what was read then and from the model ([`target`]), so a step of the
//! walk forces no layout of its own, and one whose node is in view writes nothing either. A
//! write (which lays the page out first, were it changed) waits until the step's frame is
//! painted ([`after_paint`]), so it forces no layout either.

use fairshare::AssocId;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::state::AppState;
use crate::tree::model::ChildRef;
use crate::widgets::scroll_echo::{after_paint, settle_next_frame};

use super::opening::Opening;
use super::{TreeCtx, ViewRect, memo_of};

/// Reads the viewport's scroll position and size into `ctx.view` (when it changed), and where
/// the minimap lies over it. Nothing once the view is gone (animation frames may run after it
/// is unmounted).
pub fn measure(ctx: TreeCtx) {
    let Some(v) = ctx.viewport.try_get_untracked().flatten() else {
        return;
    };
    let rect = (
        f64::from(v.scroll_left()),
        f64::from(v.scroll_top()),
        f64::from(v.client_width()),
        f64::from(v.client_height()),
    );
    let vr = v.get_bounding_client_rect();
    let covered = ctx
        .minimap
        .try_get_untracked()
        .flatten()
        .filter(|m| !m.hidden())
        .map(|m| m.get_bounding_client_rect())
        // Hidden by CSS (narrow screens) it has an empty box, and covers nothing.
        .filter(|mr| mr.width() > 0.0 && mr.height() > 0.0)
        .map(|mr| {
            (
                mr.left() - vr.left(),
                mr.top() - vr.top(),
                mr.width(),
                mr.height(),
            )
        });
    ctx.covered.try_set_value(covered);
    if ctx.view.try_get_untracked().is_some_and(|old| old != rect) {
        ctx.view.try_set(rect);
    }
}

/// The viewport scrolled: measured, unless it is the echo of the camera's own write, whose
/// position the camera set in [`TreeCtx::view`] as it wrote
/// ([`ScrollEcho`](crate::widgets::scroll_echo::ScrollEcho)): reading the
/// layout then would force one in a frame whose input (a step of the walk) changed the page.
pub fn heard_scroll(ctx: TreeCtx) {
    if ctx.echo.try_update_value(|e| e.heard()).unwrap_or(true) {
        measure(ctx);
    }
}

/// The room (CSS pixels) a card needs between it and each edge of the viewport to count as in
/// view, where the content and the card's size leave that much: a card that only just fits
/// (its tags or its bottom edge at the frame's edge, read as cut) is brought to the centre.
pub const IN_VIEW_MARGIN: f64 = 32.0;

/// How far (CSS pixels) a card may miss its margin and still count as in view ([`target`]).
const SLACK: f64 = 1.0;

/// The scroll position that brings `bbox` (left, top, right, bottom: CSS pixels in the
/// viewport's scrolled content) into view, centred on it; `None` when it is in view already,
/// with [`IN_VIEW_MARGIN`] of room to the viewport's edges (less where the content ends, or
/// where the card is too big for it).
/// `view` is the viewport's scroll position and size as last read, `content` the size of what
/// scrolls (the browser clamps the scroll position to it), `covered` the box of what lies over
/// the viewport (the minimap, from the viewport's top-left corner): a card under it is not in
/// view either. Pure: no layout is read.
pub fn target(
    view: ViewRect,
    content: (f64, f64),
    covered: Option<(f64, f64, f64, f64)>,
    bbox: (f64, f64, f64, f64),
) -> Option<(f64, f64)> {
    let (sl, st, vw, vh) = view;
    let room = |content: f64, size: f64| (content - size).max(0.0);
    // Where the browser has clamped the scroll position if the content shrank since.
    let (sl, st) = (sl.min(room(content.0, vw)), st.min(room(content.1, vh)));
    let (left, top, right, bottom) = bbox;
    // The room wanted on each side: the margin, at most what the content has beyond the card
    // and half of what the viewport has beside it.
    let margin = |card: f64, size: f64| IN_VIEW_MARGIN.min(((size - card) / 2.0).max(0.0));
    let (mx, my) = (margin(right - left, vw), margin(bottom - top, vh));
    // Within a pixel: the browser scrolls by whole pixels and clamps to a content size it
    // rounds, so a card placed at the margin (or at the content's end) may miss it by a
    // fraction, and must not be moved again for that.
    let inside = left - mx.min(left.max(0.0)) >= sl - SLACK
        && right + mx.min((content.0 - right).max(0.0)) <= sl + vw + SLACK
        && top - my.min(top.max(0.0)) >= st - SLACK
        && bottom + my.min((content.1 - bottom).max(0.0)) <= st + vh + SLACK;
    let under = covered.is_some_and(|(ml, mt, mw, mh)| {
        let (cl, ct) = (left - sl, top - st);
        cl < ml + mw && cl + (right - left) > ml && ct < mt + mh && ct + (bottom - top) > mt
    });
    if inside && !under {
        return None;
    }
    Some(centred(view, content, bbox))
}

/// The scroll position that centres `bbox` in the viewport, as far as the content allows
/// (arguments as for [`target`]). Pure.
pub fn centred(view: ViewRect, content: (f64, f64), bbox: (f64, f64, f64, f64)) -> (f64, f64) {
    let (_, _, vw, vh) = view;
    let (left, top, right, bottom) = bbox;
    let centre = |a: f64, b: f64, size: f64, content: f64| {
        (((a + b) - size) / 2.0)
            .min((content - size).max(0.0))
            .max(0.0)
            .round()
    };
    (
        centre(left, right, vw, content.0),
        centre(top, bottom, vh, content.1),
    )
}

/// Scrolls the viewport so that the card of `id` is in view and not under the minimap (centred
/// when it was not), without scrolling the page. Nothing when it is not shown, and nothing
/// written when it is in view.
///
/// The target comes from the model (the card's box in the drawing × the scale), not from the
/// element's box: cards glide to new places by CSS transition after a reveal, so the element
/// is still moving when the camera looks at it. The canvas is centred in the viewport when it
/// is narrower (`margin: 0 auto`) and starts at its top.
pub fn scroll_to(ctx: TreeCtx, id: AssocId) {
    if let Some(card) = card_box(ctx, id) {
        scroll_to_box(ctx, card, false);
    }
}

/// The box of `id`'s card in the drawing (left, top, width, height, drawing units), from the
/// model; `None` when it is not shown or the view is gone.
fn card_box(ctx: TreeCtx, id: AssocId) -> Option<(f64, f64, f64, f64)> {
    ctx.model
        .try_with_untracked(|m| m.get(id).map(|n| n.bbox))
        .flatten()
}

/// Scrolls the viewport to the walk's node `id`, as [`scroll_to`], and with it the first of its
/// children shown below it ([`walk_box`]): a step about a node's children (their Level FS
/// computed, their list sorted) is about that row, which must not be cut at the frame's edge.
pub fn follow_walk(ctx: TreeCtx, id: AssocId) {
    let Some(boxes) = ctx
        .model
        .try_with_untracked(|m| {
            m.get(id).map(|n| {
                let child = n
                    .expanded
                    .then(|| {
                        n.children.iter().find_map(|c| match c {
                            ChildRef::Node(c) => m.get(*c).map(|c| c.bbox),
                            _ => None,
                        })
                    })
                    .flatten();
                (n.bbox, child)
            })
        })
        .flatten()
    else {
        return;
    };
    let (Some(s), Some(view)) = (ctx.scale.try_get_untracked(), ctx.view.try_get_untracked())
    else {
        return;
    };
    scroll_to_box(ctx, walk_box(boxes.0, boxes.1, view, s), false);
}

/// The box (drawing units: left, top, width, height) the camera keeps in view for the walk's
/// node `card`: the node with its first shown child `child`, when both fit in the viewport
/// (`view`, CSS pixels, at `scale`) with [`IN_VIEW_MARGIN`] of room on each side; else the node
/// alone. Pure.
pub fn walk_box(
    card: (f64, f64, f64, f64),
    child: Option<(f64, f64, f64, f64)>,
    view: ViewRect,
    scale: f64,
) -> (f64, f64, f64, f64) {
    let Some(child) = child else {
        return card;
    };
    let left = card.0.min(child.0);
    let top = card.1.min(child.1);
    let right = (card.0 + card.2).max(child.0 + child.2);
    let bottom = (card.1 + card.3).max(child.1 + child.3);
    let fits = |size: f64, room: f64| size * scale + 2.0 * IN_VIEW_MARGIN <= room;
    if fits(right - left, view.2) && fits(bottom - top, view.3) {
        (left, top, right - left, bottom - top)
    } else {
        card
    }
}

/// The scroll position that shows a found card `card` with the way up to its account: its
/// parent's card `parent` (boxes as for [`target`]: left, top, right, bottom, CSS pixels in the
/// scrolled content). Where the pair fits in the viewport with [`IN_VIEW_MARGIN`] of room, it
/// is brought into view as one box (centred; `None` when already in view). Along an axis where
/// it does not fit (at 390 px an account is often centred far to the side over its children),
/// the card keeps the margin at the viewport's edge away from its parent, so the frame shows
/// the card and, beyond it, as much of the edge up to its account as the frame holds. Pure.
pub fn found_target(
    view: ViewRect,
    content: (f64, f64),
    covered: Option<(f64, f64, f64, f64)>,
    card: (f64, f64, f64, f64),
    parent: (f64, f64, f64, f64),
) -> Option<(f64, f64)> {
    let (sl, st, vw, vh) = view;
    let pair = (
        card.0.min(parent.0),
        card.1.min(parent.1),
        card.2.max(parent.2),
        card.3.max(parent.3),
    );
    let (fit_x, fit_y) = (fits(pair.0, pair.2, vw), fits(pair.1, pair.3, vh));
    if fit_x && fit_y {
        return target(view, content, covered, pair);
    }
    // One axis: the pair centred where it fits; else the card at the edge away from its parent
    // (centred when even the card alone does not fit with the margins). Whole pixels, rounded
    // towards the card, so that the card keeps its whole margin ([`target`] then finds it in
    // view, and the selection's camera leaves it there).
    let axis = |card: (f64, f64), pair: (f64, f64), parent_mid: f64, size: f64, content: f64| {
        let start = if fits(pair.0, pair.1, size) {
            ((pair.0 + pair.1 - size) / 2.0).round()
        } else if !fits(card.0, card.1, size) {
            ((card.0 + card.1 - size) / 2.0).round()
        } else if parent_mid >= (card.0 + card.1) / 2.0 {
            (card.0 - IN_VIEW_MARGIN).floor()
        } else {
            (card.1 + IN_VIEW_MARGIN - size).ceil()
        };
        start.min((content - size).max(0.0).floor()).max(0.0)
    };
    let to = (
        axis(
            (card.0, card.2),
            (pair.0, pair.2),
            (parent.0 + parent.2) / 2.0,
            vw,
            content.0,
        ),
        axis(
            (card.1, card.3),
            (pair.1, pair.3),
            (parent.1 + parent.3) / 2.0,
            vh,
            content.1,
        ),
    );
    let room = |content: f64, size: f64| (content - size).max(0.0);
    let now = (sl.min(room(content.0, vw)), st.min(room(content.1, vh)));
    ((to.0 - now.0).abs() >= 1.0 || (to.1 - now.1).abs() >= 1.0).then_some(to)
}

/// Which side of the frame a found card's parent `parent` lies beyond when the two cannot
/// share the frame side by side (boxes as for [`found_target`]; `width`, the viewport's): the
/// pair is wider than the frame with [`IN_VIEW_MARGIN`] of room on each side, so the frame
/// shows the card and the way towards its account, not the account. `None` when they fit. The
/// page then names the account on the frame, on that side ([`FoundAway`]). Pure.
pub fn account_away(
    width: f64,
    card: (f64, f64, f64, f64),
    parent: (f64, f64, f64, f64),
) -> Option<Side> {
    let side = if parent.0 + parent.2 >= card.0 + card.2 {
        Side::Right
    } else {
        Side::Left
    };
    (!fits(card.0.min(parent.0), card.2.max(parent.2), width)).then_some(side)
}

/// Whether the span `a..b` fits in `size` with [`IN_VIEW_MARGIN`] of room on each side: where
/// it does, [`found_target`] shows a found card and its parent together, and [`account_away`]
/// names no account.
fn fits(a: f64, b: f64, size: f64) -> bool {
    b - a + 2.0 * IN_VIEW_MARGIN <= size
}

/// A side of the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Left.
    Left,
    /// Right.
    Right,
}

/// A found association whose account lies beyond the frame's edge ([`account_away`]): its id,
/// the account's name and the side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundAway {
    /// The association found.
    pub id: AssocId,
    /// Its parent's name (the account).
    pub account: String,
    /// The side of the frame the account lies beyond.
    pub side: Side,
}

/// Scrolls the viewport to the card of `id` found by Find, with the way up to its account
/// ([`found_target`]): its parent's card where both fit; where they do not, the account is
/// named on the frame ([`TreeCtx::found_away`]). As [`scroll_to`] for the root.
pub fn scroll_to_found(ctx: TreeCtx, id: AssocId) {
    let Some((card, parent)) = ctx
        .model
        .try_with_untracked(|m| {
            let n = m.get(id)?;
            let parent = n
                .parent
                .and_then(|p| m.get(p))
                .map(|p| (p.bbox, p.name.clone()));
            Some((n.bbox, parent))
        })
        .flatten()
    else {
        return;
    };
    let Some((parent, account)) = parent else {
        ctx.found_away.try_set(None);
        scroll_to_box(ctx, card, false);
        return;
    };
    let Some(at) = placed(ctx) else {
        return;
    };
    let (card, parent) = (at.css(card), at.css(parent));
    let away = account_away(at.view.2, card, parent).map(|side| FoundAway { id, account, side });
    ctx.found_away.try_set(away);
    let to = found_target(
        at.view,
        at.content,
        ctx.covered.try_get_value().flatten(),
        card,
        parent,
    );
    at.scroll(ctx, to);
}

/// The viewport with what turns a drawing box into CSS pixels of its scrolled content.
struct Placed {
    viewport: web_sys::HtmlDivElement,
    /// The scroll position and size as last read.
    view: ViewRect,
    /// CSS pixels per drawing unit.
    scale: f64,
    /// The canvas's left offset in the viewport (centred when narrower; it starts at the top).
    left: f64,
    /// The size of what scrolls.
    content: (f64, f64),
}

impl Placed {
    /// A drawing box (left, top, width, height) as left, top, right, bottom in CSS pixels.
    fn css(&self, (x, y, w, h): (f64, f64, f64, f64)) -> (f64, f64, f64, f64) {
        let s = self.scale;
        (
            self.left + x * s,
            y * s,
            self.left + (x + w) * s,
            (y + h) * s,
        )
    }

    /// Scrolls to `to`, if any.
    fn scroll(&self, ctx: TreeCtx, to: Option<(f64, f64)>) {
        if let Some((left, top)) = to {
            let now = (self.view.0 as i32, self.view.1 as i32);
            let write = ctx
                .echo
                .try_update_value(|e| e.write(now, (left as i32, top as i32)))
                .unwrap_or(true);
            if !write {
                return;
            }
            self.viewport.set_scroll_left(left as i32);
            self.viewport.set_scroll_top(top as i32);
            settle_next_frame(ctx.echo);
            // Where the browser puts it (the target is within the content): not read back,
            // which would force a layout; the scroll event measures again.
            ctx.view.try_set((left, top, self.view.2, self.view.3));
        }
    }
}

/// The viewport as [`Placed`] (measured first if it never was); `None` once the view is gone.
fn placed(ctx: TreeCtx) -> Option<Placed> {
    let viewport = ctx.viewport.try_get_untracked().flatten()?;
    if ctx
        .view
        .try_get_untracked()
        .is_some_and(|(_, _, w, h)| w <= 0.0 || h <= 0.0)
    {
        // Not measured yet.
        measure(ctx);
    }
    let (mw, mh) = ctx
        .model
        .try_with_untracked(|m| (m.width.max(1.0), m.height.max(1.0)))?;
    let (scale, view) = (
        ctx.scale.try_get_untracked()?,
        ctx.view.try_get_untracked()?,
    );
    let (cw, ch) = (mw * scale, mh * scale);
    Some(Placed {
        viewport,
        view,
        scale,
        left: ((view.2 - cw) / 2.0).max(0.0),
        content: (cw.max(view.2), ch.max(view.3)),
    })
}

/// [`scroll_to`] for a box of the drawing (left, top, width, height, drawing units); with
/// `centre`, centred even when it is in view.
fn scroll_to_box(ctx: TreeCtx, bbox: (f64, f64, f64, f64), centre: bool) {
    let Some(at) = placed(ctx) else {
        return;
    };
    let (bbox, content) = (at.css(bbox), at.content);
    let to = if centre {
        Some(centred(at.view, content, bbox))
    } else {
        target(
            at.view,
            content,
            ctx.covered.try_get_value().flatten(),
            bbox,
        )
    };
    at.scroll(ctx, to);
}

/// [`scroll_to`] after reading the viewport again: for when the drawing's size has just
/// changed (a new tree, a fit), so that the scroll position the browser clamped is known.
pub fn scroll_to_measured(ctx: TreeCtx, id: AssocId) {
    measure(ctx);
    scroll_to(ctx, id);
}

/// Centres the viewport on the root a newly loaded tree opens on ([`TreeCtx::opening`]), as far
/// as the drawing allows, after reading the viewport again: a tree opens on its root in the
/// middle of the frame, as the pre-rendered first view (`style/prerender.css`) shows it, even
/// when the root is in view at the left. Nothing once the opening has handed over (something
/// selected, the view moved, an edit) or while the frame is not laid out.
fn centre_opening(state: AppState, ctx: TreeCtx) {
    let Some(opening) = ctx.opening.try_get_value().flatten() else {
        return;
    };
    if state.selected().try_get_untracked().flatten().is_some() {
        hand_over(ctx);
        return;
    }
    measure(ctx);
    if ctx
        .view
        .try_get_untracked()
        .is_some_and(|(_, _, w, h)| w <= 0.0 || h <= 0.0)
    {
        return;
    }
    if let Some(card) = card_box(ctx, opening.root()) {
        scroll_to_box(ctx, card, true);
    }
}

/// The opening no longer leads the camera ([`TreeCtx::opening`]): the person moved the view,
/// selected something, edited the tree, or the walk is followed.
pub fn hand_over(ctx: TreeCtx) {
    ctx.opening.try_set_value(None);
}

/// Installs the camera's effects and listeners for the tree view of `ctx`.
pub fn use_camera(state: AppState, ctx: TreeCtx) {
    // Measure once mounted, and whenever the window changes size.
    Effect::new(move |_| request_animation_frame(move || measure(ctx)));
    let resize = window_event_listener(leptos::ev::resize, move |_| measure(ctx));
    on_cleanup(move || resize.remove());
    // And whenever the frame alone changes size (the legend opens, the player grows): the fit,
    // the cards drawn and the minimap follow the frame, not the window.
    Effect::new(move |_| {
        let Some(viewport) = ctx.viewport.get() else {
            return;
        };
        let callback = Closure::<dyn FnMut()>::new(move || measure(ctx));
        if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
            observer.observe(&viewport);
        }
        // The observer goes with its element; the callback stays callable (a no-op once the
        // view is gone, see `measure`), so a late notification never calls a dropped closure.
        callback.forget();
    });
    // A tree that opens wider than its frame starts on its root (at the top centre of the
    // drawing), not on the empty top-left corner: the first tree, and every tree loaded after
    // it (a preset, a paste, a file, a link), however alike their names.
    // The frame's and the drawing's sizes (frame width and height, drawing width and height at
    // its scale), which change in the frames after a load.
    let sizes = memo_of(move || {
        let (_, _, w, h) = ctx.view.get();
        let s = ctx.scale.get();
        ctx.model.with(|m| [w, h, m.width * s, m.height * s])
    });
    Effect::new(move |_| {
        state.loads().track();
        let root = ctx.model.with_untracked(|m| m.root);
        let opening = root
            .filter(|_| state.selected().get_untracked().is_none())
            .map(|root| Opening::new(root, sizes.get_untracked()));
        ctx.opening.set_value(opening);
        request_animation_frame(move || centre_opening(state, ctx));
    });
    // And again while the new drawing settles: its frame and its size change in the frames
    // after a load (the minimap's column appears beside a drawing that does not fit and narrows
    // the frame; the fit's scale follows the frame), and the root must stay in the middle of
    // the frame as it ends up, not as it was at the load. A few times at most ([`Opening`]).
    Effect::new(move |_| {
        // Read, not only tracked: a memo computes (and so subscribes to its sources) when read.
        let now = sizes.get();
        let Some(opening) = ctx.opening.get_value() else {
            return;
        };
        match opening.settle(now) {
            (Some(next), _) => {
                ctx.opening.set_value(Some(next));
                request_animation_frame(move || centre_opening(state, ctx));
            }
            (None, true) => hand_over(ctx),
            (None, false) => {}
        }
    });
    // An edit (or its undo) is not a new tree: the view stays where it is. A load changes the
    // scenario and the count of loads together; an edit the scenario alone.
    Effect::new(move |loads_before: Option<u64>| {
        state.scenario().track();
        let loads = state.loads().get_untracked();
        if loads_before == Some(loads) {
            hand_over(ctx);
        }
        loads
    });
    // Follow the selection (from the tree, Find, the table, Compare, `me=`).
    Effect::new(move |_| {
        if let Some(id) = state.selected().get() {
            hand_over(ctx);
            after_paint(move || scroll_to(ctx, id));
        }
    });
    // Follow the walk.
    Effect::new(move |_| {
        if let Some(id) = ctx.follow.get().and_then(|ix| {
            state
                .scenario()
                .with_untracked(|s| s.tree.assocs().get(ix).map(|a| a.id))
        }) {
            hand_over(ctx);
            after_paint(move || follow_walk(ctx, id));
        }
    });
}

#[cfg(test)]
mod tests;
