//! Keyboard and pointer glue of the tree view: the WAI-ARIA tree keys (the rules are
//! `tree::model::key_action`, tested natively) and drag-to-pan on the background.

use fairshare::AssocId;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use crate::state::AppState;
use crate::tree::model::{TreeKey, key_action};

use super::TreeCtx;

/// The treeitem an event happened in (its `data-assoc-id`).
fn item_of(target: Option<web_sys::EventTarget>) -> Option<AssocId> {
    let element = target?.dyn_into::<Element>().ok()?;
    let item = element.closest("[role='treeitem']").ok()??;
    let id = item.get_attribute("data-assoc-id")?.parse().ok()?;
    Some(AssocId(id))
}

/// Moves DOM focus to the treeitem of `id` (it scrolls into view).
pub fn focus_item(ctx: TreeCtx, id: AssocId) {
    let Some(tree) = ctx.tree.get_untracked() else {
        return;
    };
    let selector = format!("[role='treeitem'][data-assoc-id='{}']", id.0);
    if let Ok(Some(item)) = tree.query_selector(&selector)
        && let Ok(item) = item.dyn_into::<HtmlElement>()
    {
        let _ = item.focus();
    }
}

/// Handles a key pressed on a treeitem.
pub fn on_key(state: AppState, ctx: TreeCtx, ev: leptos::ev::KeyboardEvent) {
    if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
        return;
    }
    // Keys on the entries inside the tree that are not treeitems ("… N more") are theirs.
    let on_item = ev
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|e| e.get_attribute("role").as_deref() == Some("treeitem"));
    if !on_item {
        return;
    }
    let Some(focused) = item_of(ev.target()) else {
        return;
    };
    let action = ctx
        .model
        .with_untracked(|m| key_action(m, focused, &ev.key()));
    if matches!(action, TreeKey::None) {
        return;
    }
    // The person moves through the tree: the view follows them, not a new tree's opening.
    super::camera::hand_over(ctx);
    match action {
        TreeKey::None => return,
        TreeKey::Focus(id) => {
            ctx.focused.set(Some(id));
            focus_item(ctx, id);
        }
        TreeKey::Expand(id) => state.set_expanded(id, true),
        TreeKey::Collapse(id) => state.set_expanded(id, false),
        TreeKey::Select(id) => {
            ctx.focused.set(Some(id));
            state.select(Some(id));
        }
    }
    ev.prevent_default();
}

/// Drag-to-pan state: where the drag started (pointer and scroll position).
#[derive(Clone, Copy)]
pub struct Drag {
    ctx: TreeCtx,
    start: StoredValue<Option<(i32, i32, i32, i32)>>,
}

/// Drag on the background (not on a node) scrolls the viewport.
pub fn use_drag_to_pan(ctx: TreeCtx) -> Drag {
    Drag {
        ctx,
        start: StoredValue::new(None),
    }
}

impl Drag {
    /// Pointer pressed: start dragging if it is the primary button on the background.
    pub fn down(self, ev: leptos::ev::PointerEvent) {
        // Touch and pen scroll natively; only a mouse drags.
        if ev.button() != 0 || ev.pointer_type() != "mouse" || item_of(ev.target()).is_some() {
            return;
        }
        if let Some(v) = self.ctx.viewport.get_untracked() {
            self.start.set_value(Some((
                ev.client_x(),
                ev.client_y(),
                v.scroll_left(),
                v.scroll_top(),
            )));
        }
    }

    /// Pointer moved: scroll by the distance dragged.
    pub fn moved(self, ev: leptos::ev::PointerEvent) {
        let Some((x, y, left, top)) = self.start.get_value() else {
            return;
        };
        if ev.buttons() & 1 == 0 {
            self.start.set_value(None);
            return;
        }
        if let Some(v) = self.ctx.viewport.get_untracked() {
            v.set_scroll_left(left - (ev.client_x() - x));
            v.set_scroll_top(top - (ev.client_y() - y));
        }
    }

    /// Pointer released: stop dragging.
    pub fn up(self) {
        self.start.set_value(None);
    }
}
