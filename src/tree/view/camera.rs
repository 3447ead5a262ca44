//! The tree view's camera: keeps [`TreeCtx::view`] in step with the viewport (scroll and
//! resize), and scrolls the drawing to the selected association and, while the walk is on
//! screen, to the node it visits. Effects: they only touch the outside world (scroll offsets).

use fairshare::AssocId;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

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

/// Scrolls the viewport so that the treeitem of `id` is in view (centred when it was not),
/// without scrolling the page. Nothing when it is not shown.
pub fn scroll_to(ctx: TreeCtx, id: AssocId) {
    let (Some(v), Some(tree)) = (
        ctx.viewport.try_get_untracked().flatten(),
        ctx.tree.try_get_untracked().flatten(),
    ) else {
        return;
    };
    let selector = format!("[role='treeitem'][data-assoc-id='{}']", id.0);
    let Ok(Some(item)) = tree.query_selector(&selector) else {
        return;
    };
    let Ok(item) = item.dyn_into::<HtmlElement>() else {
        return;
    };
    let (r, vr) = (
        item.get_bounding_client_rect(),
        v.get_bounding_client_rect(),
    );
    let inside = r.left() >= vr.left()
        && r.right() <= vr.right()
        && r.top() >= vr.top()
        && r.bottom() <= vr.bottom();
    if !inside {
        let dx = (r.left() + r.width() / 2.0) - (vr.left() + vr.width() / 2.0);
        let dy = (r.top() + r.height() / 2.0) - (vr.top() + vr.height() / 2.0);
        v.set_scroll_left(v.scroll_left() + dx.round() as i32);
        v.set_scroll_top(v.scroll_top() + dy.round() as i32);
        measure(ctx);
    }
}

/// Installs the camera's effects and listeners for the tree view of `ctx`.
pub fn use_camera(state: AppState, ctx: TreeCtx) {
    // Measure once mounted, and whenever the window changes size.
    Effect::new(move |_| request_animation_frame(move || measure(ctx)));
    let resize = window_event_listener(leptos::ev::resize, move |_| measure(ctx));
    on_cleanup(move || resize.remove());
    // Follow the selection (from the tree, Find, the table, Compare, `me=`).
    Effect::new(move |_| {
        if let Some(id) = state.selected.get() {
            request_animation_frame(move || scroll_to(ctx, id));
        }
    });
    // Follow the walk.
    Effect::new(move |_| {
        if let Some(id) = ctx.follow.get().and_then(|ix| {
            state
                .scenario
                .with_untracked(|s| s.tree.assocs().get(ix).map(|a| a.id))
        }) {
            request_animation_frame(move || scroll_to(ctx, id));
        }
    });
}
