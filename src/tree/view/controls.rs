//! `<TreeControls/>`: zoom, fit to screen, pan and expand-all buttons of the tree view.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::tree::TreeMsg;
use crate::state::AppState;

use super::TreeCtx;

/// How much one zoom click scales.
const ZOOM_STEP: f64 = 1.25;
/// The zoom range.
const ZOOM_MIN: f64 = 0.1;
const ZOOM_MAX: f64 = 2.5;
/// One pan click moves this fraction of the viewport.
const PAN_STEP: f64 = 0.4;

/// The next zoom after a zoom click by `factor`, from the current scale.
pub fn next_zoom(current: f64, factor: f64) -> f64 {
    (current * factor).clamp(ZOOM_MIN, ZOOM_MAX)
}

impl TreeCtx {
    /// The scale the drawing is shown at now.
    fn current_scale(self) -> f64 {
        self.scale.get_untracked()
    }

    /// Zooms by `factor`, keeping the centre of the view in place.
    pub fn zoom_by(self, factor: f64) {
        let centre = self.viewport.get_untracked().map(|v| {
            let ratio = |pos: i32, size: i32, total: i32| {
                (f64::from(pos) + f64::from(size) / 2.0) / f64::from(total.max(1))
            };
            (
                ratio(v.scroll_left(), v.client_width(), v.scroll_width()),
                ratio(v.scroll_top(), v.client_height(), v.scroll_height()),
            )
        });
        self.zoom.set(Some(next_zoom(self.current_scale(), factor)));
        let (viewport, ctx) = (self.viewport, self);
        request_animation_frame(move || {
            if let (Some(v), Some((cx, cy))) = (viewport.get_untracked(), centre) {
                let to = |ratio: f64, size: i32, total: i32| {
                    (ratio * f64::from(total) - f64::from(size) / 2.0) as i32
                };
                v.set_scroll_left(to(cx, v.client_width(), v.scroll_width()));
                v.set_scroll_top(to(cy, v.client_height(), v.scroll_height()));
            }
            super::camera::measure(ctx);
        });
    }

    /// Pans by a fraction of the viewport (negative: left or up).
    pub fn pan(self, dx: f64, dy: f64) {
        if let Some(v) = self.viewport.get_untracked() {
            let x = f64::from(v.client_width()) * dx;
            let y = f64::from(v.client_height()) * dy;
            v.scroll_by_with_x_and_y(x, y);
        }
    }
}

/// The view buttons, in a labelled group.
#[component]
pub fn TreeControls() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = TreeCtx::expect();
    let button = move |msg: TreeMsg, class: &'static str, act: fn(TreeCtx, AppState)| {
        view! {
            <button
                type="button"
                class=class
                aria-label=i18n.t(msg)
                title=i18n.t(msg)
                on:click=move |_| act(ctx, state)
            ></button>
        }
    };
    view! {
        <div class="ft-tree-controls" role="group" aria-label=i18n.t(TreeMsg::Controls)>
            {button(TreeMsg::ZoomOut, "ft-button ft-icon-button ft-icon-button--zoom-out", |c, _| {
                c.zoom_by(1.0 / ZOOM_STEP)
            })}
            {button(TreeMsg::ZoomIn, "ft-button ft-icon-button ft-icon-button--zoom-in", |c, _| {
                c.zoom_by(ZOOM_STEP)
            })}
            <button type="button" class="ft-button" on:click=move |_| ctx.zoom.set(None)>
                {i18n.t(TreeMsg::FitToScreen)}
            </button>
            {button(TreeMsg::PanLeft, "ft-button ft-icon-button ft-icon-button--left", |c, _| {
                c.pan(-PAN_STEP, 0.0)
            })}
            {button(TreeMsg::PanUp, "ft-button ft-icon-button ft-icon-button--up", |c, _| {
                c.pan(0.0, -PAN_STEP)
            })}
            {button(TreeMsg::PanDown, "ft-button ft-icon-button ft-icon-button--down", |c, _| {
                c.pan(0.0, PAN_STEP)
            })}
            {button(TreeMsg::PanRight, "ft-button ft-icon-button ft-icon-button--right", |c, _| {
                c.pan(PAN_STEP, 0.0)
            })}
            <button type="button" class="ft-button" on:click=move |_| state.expand_all()>
                {i18n.t(TreeMsg::ExpandAll)}
            </button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_steps_stay_in_range() {
        assert_eq!(next_zoom(1.0, ZOOM_STEP), 1.25);
        assert_eq!(next_zoom(3.9, ZOOM_STEP), ZOOM_MAX);
        assert_eq!(next_zoom(0.11, 1.0 / ZOOM_STEP), ZOOM_MIN);
    }
}
