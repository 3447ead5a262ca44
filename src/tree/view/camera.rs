//! The tree view's camera: keeps [`TreeCtx::view`] in step with the viewport (scroll and
//! resize), and scrolls the drawing to the selected association and, while the walk is on
//! screen, to the node it visits. Effects: they only touch the outside world (scroll offsets).

use fairshare::AssocId;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::state::AppState;

use super::TreeCtx;

/// Reads the viewport's scroll position and size into `ctx.view` (when it changed). Nothing
/// once the view is gone (animation frames may run after it is unmounted).
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
    if ctx.view.try_get_untracked().is_some_and(|old| old != rect) {
        ctx.view.try_set(rect);
    }
}

/// Scrolls the viewport so that the card of `id` is in view and not under the minimap (centred
/// when it was not), without scrolling the page. Nothing when it is not shown.
///
/// The target comes from the model (the card's box in the drawing × the scale), not from the
/// element's box: cards glide to new places by CSS transition after a reveal, so the element
/// is still moving when the camera looks at it.
pub fn scroll_to(ctx: TreeCtx, id: AssocId) {
    let (Some(v), Some(canvas)) = (
        ctx.viewport.try_get_untracked().flatten(),
        ctx.canvas.try_get_untracked().flatten(),
    ) else {
        return;
    };
    let Some((x, y, w, h)) = ctx
        .model
        .try_with_untracked(|m| m.get(id).map(|n| n.bbox))
        .flatten()
    else {
        return;
    };
    let Some(s) = ctx.scale.try_get_untracked() else {
        return;
    };
    let (sl, st) = (f64::from(v.scroll_left()), f64::from(v.scroll_top()));
    let (cr, vr) = (
        canvas.get_bounding_client_rect(),
        v.get_bounding_client_rect(),
    );
    // The canvas's origin in the viewport's scrolled content.
    let (ox, oy) = (cr.left() - vr.left() + sl, cr.top() - vr.top() + st);
    let (left, top) = (ox + x * s, oy + y * s);
    let (right, bottom) = (left + w * s, top + h * s);
    let (vw, vh) = (f64::from(v.client_width()), f64::from(v.client_height()));
    let inside = left >= sl && right <= sl + vw && top >= st && bottom <= st + vh;
    // A card under the minimap is not in view either (it sits over the viewport's corner).
    let (cl, ct) = (vr.left() + left - sl, vr.top() + top - st);
    let under_minimap = ctx
        .minimap
        .try_get_untracked()
        .flatten()
        .filter(|m| !m.hidden())
        .is_some_and(|m| {
            let mr = m.get_bounding_client_rect();
            cl < mr.right()
                && cl + (right - left) > mr.left()
                && ct < mr.bottom()
                && ct + (bottom - top) > mr.top()
        });
    let inside = inside && !under_minimap;
    if !inside {
        v.set_scroll_left((((left + right) - vw) / 2.0).max(0.0).round() as i32);
        v.set_scroll_top((((top + bottom) - vh) / 2.0).max(0.0).round() as i32);
        measure(ctx);
    }
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
    // drawing), not on the empty top-left corner; again whenever another tree is loaded.
    let opened = Memo::new(move |_| {
        state
            .scenario()
            .with(|s| (s.name.clone(), s.tree.assocs().first().map(|a| a.id)))
    });
    Effect::new(move |_| {
        opened.track();
        if state.selected().get_untracked().is_none()
            && let Some(root) = ctx.model.with_untracked(|m| m.root)
        {
            request_animation_frame(move || scroll_to(ctx, root));
        }
    });
    // Follow the selection (from the tree, Find, the table, Compare, `me=`).
    Effect::new(move |_| {
        if let Some(id) = state.selected().get() {
            request_animation_frame(move || scroll_to(ctx, id));
        }
    });
    // Follow the walk.
    Effect::new(move |_| {
        if let Some(id) = ctx.follow.get().and_then(|ix| {
            state
                .scenario()
                .with_untracked(|s| s.tree.assocs().get(ix).map(|a| a.id))
        }) {
            request_animation_frame(move || scroll_to(ctx, id));
        }
    });
}
