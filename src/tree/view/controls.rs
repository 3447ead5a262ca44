//! `<TreeControls/>`: zoom, fit to screen, pan and expand-all buttons of the tree view.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::tree::TreeMsg;
use crate::state::AppState;
use crate::tree::model::MAX_FIT_SCALE;

use super::TreeCtx;

/// How much one zoom click scales.
const ZOOM_STEP: f64 = 1.25;
/// The zoom range. Far out, the drawing shows compact marks, so the whole shown part of a
/// 1,000-association tree fits in the frame.
const ZOOM_MIN: f64 = 0.02;
const ZOOM_MAX: f64 = 2.5;
/// Pixels "Fit to screen" leaves free, so that rounding never makes the frame scroll.
const FIT_SLACK: f64 = 4.0;
/// One pan click moves this fraction of the viewport.
const PAN_STEP: f64 = 0.4;

/// The next zoom after a zoom click by `factor`, from the current scale.
pub fn next_zoom(current: f64, factor: f64) -> f64 {
    fairshare::clamp(current * factor, ZOOM_MIN, ZOOM_MAX)
}

/// The scale "Fit to screen" chooses for a drawing of `width` × `height` units in a frame of
/// `view_w` × `view_h` CSS pixels: all of it in the frame, but never below
/// [`crate::tree::model::READABLE_SCALE`] (the names stay readable; a tree still larger than the
/// frame scrolls, with the minimap, and "Zoom out" goes on to compact marks) nor above
/// [`MAX_FIT_SCALE`]. `None` while the frame is not measured.
pub fn fit_scale(width: f64, height: f64, view_w: f64, view_h: f64) -> Option<f64> {
    if view_w <= FIT_SLACK || view_h <= FIT_SLACK || width <= 0.0 || height <= 0.0 {
        return None;
    }
    Some(fairshare::clamp(
        ((view_w - FIT_SLACK) / width).min((view_h - FIT_SLACK) / height),
        crate::tree::model::READABLE_SCALE,
        MAX_FIT_SCALE,
    ))
}

impl TreeCtx {
    /// The scale the drawing is shown at now.
    fn current_scale(self) -> f64 {
        self.scale.get_untracked()
    }

    /// Zooms by `factor`, keeping the centre of the view in place.
    pub fn zoom_by(self, factor: f64) {
        super::camera::hand_over(self);
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

    /// Fits everything shown into the frame (see [`fit_scale`]), then shows the root (the
    /// drawing's top when it is still larger than the frame at the smallest zoom).
    pub fn fit(self) {
        super::camera::hand_over(self);
        let (_, _, w, h) = self.view.get_untracked();
        let fit = self
            .model
            .with_untracked(|m| fit_scale(m.width, m.height, w, h));
        self.zoom.set(fit);
        if let Some(root) = self.model.with_untracked(|m| m.root) {
            request_animation_frame(move || super::camera::scroll_to_measured(self, root));
        }
    }

    /// Pans by a fraction of the viewport (negative: left or up).
    pub fn pan(self, dx: f64, dy: f64) {
        super::camera::hand_over(self);
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
            <button type="button" class="ft-button" on:click=move |_| ctx.fit()>
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
        assert_eq!(next_zoom(0.021, 1.0 / ZOOM_STEP), ZOOM_MIN);
    }

    #[test]
    fn fit_shows_everything_down_to_a_readable_scale() {
        use crate::tree::model::{CARD_MIN_SCALE, READABLE_SCALE};
        // A small drawing is not blown up past the largest fit scale.
        assert_eq!(fit_scale(400.0, 300.0, 1004.0, 604.0), Some(MAX_FIT_SCALE));
        // A slightly larger one fits, as cards.
        let s = fit_scale(1000.0, 500.0, 904.0, 604.0).unwrap();
        assert_eq!(s, 0.9);
        assert!(s >= CARD_MIN_SCALE);
        // A big one stops at the readable scale (cards, never compact marks): it scrolls.
        let big = fit_scale(20_000.0, 800.0, 1004.0, 504.0).unwrap();
        assert_eq!(big, READABLE_SCALE);
        assert!(big >= CARD_MIN_SCALE);
        // Nothing before the frame is measured.
        assert_eq!(fit_scale(400.0, 300.0, 0.0, 0.0), None);
    }
}
