//! `<Minimap/>`: the overview of the shown tree in the corner of the tree's frame, with the
//! viewport's frame and marks for the selected and the compared user; a click or a drag on it
//! moves the view there.
//!
//! A fixed handful of SVG elements whatever the tree's size ([`Overview`]: edges and boxes as
//! a few paths). Hidden while the whole drawing is in view, and on narrow screens (CSS). The
//! geometry is [`crate::tree::minimap`]'s; this file only wires it to the DOM.

use fairshare::AssocId;
use fairshare::format::{fixed, shortest};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::I18n;
use crate::messages::tree::TreeMsg;
use crate::state::AppState;
use crate::tree::minimap::{Camera, MIN_VIEWPORT, Overview, bounds_kept};
use crate::widgets::when::When;

use super::{TreeCtx, memo_of};

/// The camera of the tree view now.
fn camera(ctx: TreeCtx) -> Camera {
    Camera {
        view: ctx.view.get(),
        scale: ctx.scale.get(),
        drawing: ctx.model.with(|m| (m.width, m.height)),
    }
}

/// Scrolls the tree's viewport so that the drawing point under the pointer is in the middle.
fn move_view(ctx: TreeCtx, overview: Memo<Overview>, ev: &web_sys::PointerEvent) {
    let (Some(frame), Some(viewport)) = (
        overview.with_untracked(|o| o.frame),
        ctx.viewport.get_untracked(),
    ) else {
        return;
    };
    // The drawing is the minimap's `<svg>` (inside its padding).
    let Some(svg) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.first_element_child())
    else {
        return;
    };
    let rect = svg.get_bounding_client_rect();
    // The box may be scaled by CSS: map its pixels onto the minimap's.
    let px = (f64::from(ev.client_x()) - rect.left()) * frame.w / rect.width().max(1.0);
    let py = (f64::from(ev.client_y()) - rect.top()) * frame.h / rect.height().max(1.0);
    super::camera::hand_over(ctx);
    let (left, top) = untrack(|| camera(ctx)).scroll_to_centre(frame.to_drawing(px, py));
    viewport.set_scroll_left(left as i32);
    viewport.set_scroll_top(top as i32);
    super::camera::measure(ctx);
}

/// A user's mark on the minimap. Its element is kept while the user has a mark, and only its
/// centre follows: every edit makes a new model (and overview), which must not draw the mark
/// again when it stays in place.
#[component]
fn Mark(#[prop(into)] at: Signal<Option<(f64, f64)>>, class: &'static str) -> impl IntoView {
    let at = memo_of(move || at.get());
    let centre = move |pick: fn((f64, f64)) -> f64| move || shortest(at.get().map_or(0.0, pick));
    view! {
        <When when=move || at.with(Option::is_some)>
            <circle class=class cx=centre(|p| p.0) cy=centre(|p| p.1) r="4"></circle>
        </When>
    }
}

/// The minimap.
#[component]
pub fn Minimap() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = TreeCtx::expect();
    let max = Memo::new(move |kept: Option<&(f64, f64)>| {
        let (_, _, w, h) = ctx.view.get();
        bounds_kept(kept.copied(), w, h)
    });
    // Kept while the model moves no card (a timeline step): no paths formatted again.
    let overview = Memo::new_owning(move |old: Option<Overview>| {
        let max = max.get();
        ctx.model.with(|m| Overview::update(old, m, max))
    });
    // The camera as a memo: every edit and timeline step makes a new model, which mostly
    // keeps the drawing's size; what reads the camera then does not wake.
    let cam = memo_of(move || camera(ctx));
    let hidden = move || {
        let c = cam.get();
        !c.is_measured() || c.fits()
    };
    let size = move |pick: fn(f64, f64) -> f64| {
        move || shortest(overview.with(|o| o.frame.map_or(0.0, |f| pick(f.w, f.h))))
    };
    let view_box = move || {
        overview.with(|o| {
            o.frame
                .map(|f| format!("0 0 {} {}", fixed(f.w, 1), fixed(f.h, 1)))
                .unwrap_or_default()
        })
    };
    // Computed once for its four sides.
    let viewport = memo_of(move || {
        overview.with(|o| o.frame.map(|f| f.rect(cam.get().visible(), MIN_VIEWPORT)))
    });
    let side = move |pick: fn((f64, f64, f64, f64)) -> f64| {
        move || shortest(viewport.get().map(pick).unwrap_or_default())
    };
    let mark_of = move |id: Option<AssocId>| {
        id.and_then(|id| overview.with(|o| ctx.model.with(|m| o.mark(m, id))))
    };
    let selected = Signal::derive(move || mark_of(state.selected().get()));
    let compared = Signal::derive(move || mark_of(state.compare_with().get()));
    let path = move |pick: fn(&Overview) -> &String| move || overview.with(|o| pick(o).clone());
    let dragging = StoredValue::new(false);

    view! {
        <div
            class="ft-minimap"
            node_ref=ctx.minimap
            role="img"
            aria-label=i18n.t(TreeMsg::Minimap)
            title=i18n.t(TreeMsg::MinimapHelp)
            data-minimap=""
            hidden=hidden
            on:pointerdown=move |ev| {
                if ev.button() != 0 {
                    return;
                }
                ev.prevent_default();
                dragging.set_value(true);
                if let Some(el) = ev
                    .current_target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                {
                    // Keeps the drag when the pointer leaves the minimap.
                    let _ = el.set_pointer_capture(ev.pointer_id());
                }
                move_view(ctx, overview, &ev);
            }
            on:pointermove=move |ev| {
                if dragging.get_value() && ev.buttons() & 1 == 1 {
                    move_view(ctx, overview, &ev);
                }
            }
            on:pointerup=move |_| dragging.set_value(false)
            on:pointercancel=move |_| dragging.set_value(false)
        >
            <svg
                class="ft-minimap__svg"
                aria-hidden="true"
                focusable="false"
                width=size(|w, _| w)
                height=size(|_, h| h)
                viewBox=view_box
            >
                <path class="ft-minimap__edges" d=path(|o| &o.edges)></path>
                <path class="ft-minimap__box ft-minimap__box--root" d=path(|o| &o.boxes[0])></path>
                <path class="ft-minimap__box ft-minimap__box--account" d=path(|o| &o.boxes[1])></path>
                <path class="ft-minimap__box ft-minimap__box--user" d=path(|o| &o.boxes[2])></path>
                <path class="ft-minimap__extras" d=path(|o| &o.extras)></path>
                <rect
                    class="ft-minimap__view"
                    x=side(|r| r.0)
                    y=side(|r| r.1)
                    width=side(|r| r.2)
                    height=side(|r| r.3)
                ></rect>
                <Mark at=compared class="ft-minimap__mark ft-minimap__mark--compare" />
                <Mark at=selected class="ft-minimap__mark ft-minimap__mark--selected" />
            </svg>
        </div>
    }
}
