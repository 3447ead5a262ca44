//! The minimap's geometry (pure): the overview of the shown tree in a corner of the tree's
//! frame, where the viewport is on it, and where a click on it moves the view.
//!
//! Three coordinate spaces meet here: the *drawing* (the tree model's units, `width` ×
//! `height`), the *viewport* (the tree frame's scrolled content, CSS pixels: the canvas is the
//! drawing times the scale, centred when it is narrower than the frame) and the *minimap*
//! (CSS pixels of the small overview). [`Camera`] maps drawing ↔ viewport, [`Frame`] drawing ↔
//! minimap. [`Overview`] is the picture: a few SVG paths (edges, and one path of boxes per
//! kind), so the minimap costs the same DOM at 100k associations as at 10.
//!
//! No Leptos, no DOM: `tree/view/minimap.rs` puts these values into markup.

use fairshare::{AssocId, AssocKind, clamp};

use crate::tree::model::TreeModel;

/// The largest minimap, CSS pixels.
pub const MAX_W: f64 = 180.0;
/// See [`MAX_W`].
pub const MAX_H: f64 = 112.0;
/// The largest part of the tree's frame the minimap takes, per side.
pub const MAX_SHARE: (f64, f64) = (0.25, 0.3);
/// The smallest side of the minimap (a very wide tree is stretched to this height rather than
/// drawn as a line nobody can click).
pub const MIN_SIDE: f64 = 48.0;
/// The smallest box drawn for a card or a viewport, CSS pixels of the minimap.
pub const MIN_BOX: f64 = 2.0;
/// The smallest viewport frame drawn, CSS pixels of the minimap.
pub const MIN_VIEWPORT: f64 = 6.0;

/// A rectangle: left, top, width, height.
pub type Rect = (f64, f64, f64, f64);

/// The minimap's size and its scale from the drawing (per axis: a very wide or very deep tree
/// is stretched to [`MIN_SIDE`] on its short side).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Width of the minimap, CSS pixels.
    pub w: f64,
    /// Height of the minimap, CSS pixels.
    pub h: f64,
    /// Minimap pixels per drawing unit, horizontally.
    pub sx: f64,
    /// Minimap pixels per drawing unit, vertically.
    pub sy: f64,
}

/// The largest minimap for a tree frame of `view_w` × `view_h` CSS pixels: [`MAX_W`] ×
/// [`MAX_H`], or [`MAX_SHARE`] of a small frame (never below [`MIN_SIDE`]).
pub fn bounds(view_w: f64, view_h: f64) -> (f64, f64) {
    (
        clamp(view_w * MAX_SHARE.0, MIN_SIDE, MAX_W),
        clamp(view_h * MAX_SHARE.1, MIN_SIDE, MAX_H),
    )
}

/// [`bounds`] for a frame now `view_w` × `view_h`, keeping the bounds `kept` when neither side
/// moved by a pixel or more. The minimap's column narrows the frame it is computed from, and a
/// frame of fractional width measures a pixel wider or narrower as the minimap's width changes by
/// a quarter pixel, so without the margin the two fed each other for ever (test24-4 at
/// 1280x720: the frame 718 and 719 px wide in turn, a layout every frame).
pub fn bounds_kept(kept: Option<(f64, f64)>, view_w: f64, view_h: f64) -> (f64, f64) {
    let now = bounds(view_w, view_h);
    match kept {
        Some(kept) if (kept.0 - now.0).abs() < 1.0 && (kept.1 - now.1).abs() < 1.0 => kept,
        _ => now,
    }
}

impl Frame {
    /// The minimap of a drawing of `width` × `height` units within `max_w` × `max_h` pixels
    /// ([`bounds`]): as large as fits with the drawing's proportions, but no side below
    /// [`MIN_SIDE`].
    pub fn new(width: f64, height: f64, (max_w, max_h): (f64, f64)) -> Frame {
        let (width, height) = (width.max(1.0), height.max(1.0));
        let (max_w, max_h) = (max_w.max(MIN_SIDE), max_h.max(MIN_SIDE));
        let fit = (max_w / width).min(max_h / height);
        let w = clamp(width * fit, MIN_SIDE, max_w);
        let h = clamp(height * fit, MIN_SIDE, max_h);
        Frame {
            w,
            h,
            sx: w / width,
            sy: h / height,
        }
    }

    /// A drawing rectangle in minimap pixels, at least `min` pixels a side (grown about its
    /// centre).
    pub fn rect(&self, (x, y, w, h): Rect, min: f64) -> Rect {
        let grow = |pos: f64, size: f64| {
            if size >= min {
                (pos, size)
            } else {
                (pos - (min - size) / 2.0, min)
            }
        };
        let (x, w) = grow(x * self.sx, w * self.sx);
        let (y, h) = grow(y * self.sy, h * self.sy);
        (x, y, w, h)
    }

    /// The drawing point under the minimap point `(px, py)` (clamped into the minimap).
    pub fn to_drawing(&self, px: f64, py: f64) -> (f64, f64) {
        (
            clamp(px, 0.0, self.w) / self.sx,
            clamp(py, 0.0, self.h) / self.sy,
        )
    }
}

/// The tree frame's view onto the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The viewport's scroll position and size, CSS pixels: left, top, width, height.
    pub view: Rect,
    /// CSS pixels per drawing unit.
    pub scale: f64,
    /// The drawing's width and height, drawing units.
    pub drawing: (f64, f64),
}

impl Camera {
    /// The canvas's size, CSS pixels.
    fn canvas(&self) -> (f64, f64) {
        (
            self.drawing.0.max(1.0) * self.scale,
            self.drawing.1.max(1.0) * self.scale,
        )
    }

    /// Where the canvas starts in the viewport's content: centred horizontally when narrower
    /// than the viewport (`margin: 0 auto`), at the top.
    fn canvas_left(&self) -> f64 {
        ((self.view.2 - self.canvas().0) / 2.0).max(0.0)
    }

    /// Whether the viewport has been measured.
    pub fn is_measured(&self) -> bool {
        self.view.2 > 0.0 && self.view.3 > 0.0 && self.scale > 0.0
    }

    /// Whether the whole drawing is in view (no scrolling needed; the minimap is then hidden).
    pub fn fits(&self) -> bool {
        let (cw, ch) = self.canvas();
        cw <= self.view.2 + 1.0 && ch <= self.view.3 + 1.0
    }

    /// The part of the drawing in view, drawing units (clipped to the drawing).
    pub fn visible(&self) -> Rect {
        let s = self.scale.max(1e-9);
        let (left, top, w, h) = self.view;
        let (dw, dh) = (self.drawing.0.max(1.0), self.drawing.1.max(1.0));
        let x0 = clamp((left - self.canvas_left()) / s, 0.0, dw);
        let y0 = clamp(top / s, 0.0, dh);
        let x1 = clamp((left - self.canvas_left() + w) / s, 0.0, dw);
        let y1 = clamp((top + h) / s, 0.0, dh);
        (x0, y0, x1 - x0, y1 - y0)
    }

    /// The scroll position (left, top) that centres the drawing point `(x, y)` in the view,
    /// as far as the canvas allows.
    pub fn scroll_to_centre(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let (cw, ch) = self.canvas();
        let (_, _, w, h) = self.view;
        let left = self.canvas_left() + x * self.scale - w / 2.0;
        let top = y * self.scale - h / 2.0;
        (
            clamp(left, 0.0, (cw - w).max(0.0)).round(),
            clamp(top, 0.0, (ch - h).max(0.0)).round(),
        )
    }
}

/// The picture in the minimap, in minimap pixels: a handful of SVG paths whatever the size of
/// the tree.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Overview {
    /// Its size and scale.
    pub frame: Option<Frame>,
    /// Every edge (parent's bottom centre to child's top centre), one path.
    pub edges: String,
    /// The cards' boxes, one path per kind: root, accounts, users.
    pub boxes: [String; 3],
    /// The "… N more" and "… K levels" entries, one path.
    pub extras: String,
    /// Every number the paths are drawn from ([`shape_of`]), as bits: an overview whose model
    /// moved no card is kept ([`Overview::update`]) rather than drawn again.
    shape: Vec<u64>,
}

/// Every number an overview of `model` within `max` is drawn from, as bits (exact, NaN-safe):
/// the bounds and the drawing's size; each shown card's kind, box and its parent's box; each
/// extra's place and size. Two models with the same shape draw the same overview, whatever
/// their numbers (a timeline step or an edit that moves no card). O(shown), no formatting.
fn shape_of(model: &TreeModel, (max_w, max_h): (f64, f64)) -> Vec<u64> {
    let mut shape = Vec::with_capacity(6 + 9 * model.nodes.len() + 4 * model.extras.len());
    let mut push = |xs: &[f64]| shape.extend(xs.iter().map(|x| x.to_bits()));
    push(&[max_w, max_h, model.width, model.height]);
    push(&[model.nodes.len() as f64, model.extras.len() as f64]);
    for node in &model.nodes {
        let (x, y, w, h) = node.bbox;
        push(&[kind_slot(node.kind) as f64, x, y, w, h]);
        match node.parent.and_then(|p| model.get(p)) {
            Some(parent) => {
                let (px, py, pw, ph) = parent.bbox;
                push(&[px, py, pw, ph]);
            }
            None => push(&[f64::NAN; 4]),
        }
    }
    for extra in &model.extras {
        let (x, y) = translate_of(&extra.transform).unwrap_or((f64::NAN, f64::NAN));
        push(&[x, y, extra.w, extra.h]);
    }
    shape
}

/// Which of [`Overview::boxes`] a kind goes to.
pub fn kind_slot(kind: AssocKind) -> usize {
    match kind {
        AssocKind::Root => 0,
        AssocKind::Account => 1,
        AssocKind::User | AssocKind::Hidden => 2,
    }
}

/// Appends SVG path data: each command (or separator) with its number, one decimal
/// (sub-pixel detail is invisible here).
fn push_path(path: &mut String, parts: &[(&str, f64)]) {
    for &(command, value) in parts {
        path.push_str(command);
        fairshare::format::push_fixed(path, value, 1);
    }
}

/// Appends a rectangle to SVG path data.
fn push_rect(path: &mut String, (x, y, w, h): Rect) {
    push_path(path, &[("M", x), (" ", y), ("h", w), ("v", h), ("h", -w)]);
    path.push('z');
}

impl Overview {
    /// The overview of what the model shows, within `max` pixels ([`bounds`]). O(shown).
    pub fn new(model: &TreeModel, max: (f64, f64)) -> Overview {
        Self::draw(model, max, shape_of(model, max))
    }

    /// The overview of `model` within `max`, and whether it changed: `old` itself when the
    /// model's shape is `old`'s (every step of a timeline rebuilds the model with new numbers
    /// and mostly the same boxes: comparing the boxes costs far less than formatting the
    /// paths again). O(shown).
    pub fn update(old: Option<Overview>, model: &TreeModel, max: (f64, f64)) -> (Overview, bool) {
        let shape = shape_of(model, max);
        match old {
            Some(old) if old.shape == shape => (old, false),
            _ => (Self::draw(model, max, shape), true),
        }
    }

    fn draw(model: &TreeModel, max: (f64, f64), shape: Vec<u64>) -> Overview {
        let frame = Frame::new(model.width, model.height, max);
        let mut res = Overview {
            frame: Some(frame),
            shape,
            ..Overview::default()
        };
        let centre_bottom = |(x, y, w, h): Rect| ((x + w / 2.0) * frame.sx, (y + h) * frame.sy);
        let centre_top = |(x, y, w, _): Rect| ((x + w / 2.0) * frame.sx, y * frame.sy);
        for node in &model.nodes {
            push_rect(
                &mut res.boxes[kind_slot(node.kind)],
                frame.rect(node.bbox, MIN_BOX),
            );
            if let Some(parent) = node.parent.and_then(|p| model.get(p)) {
                let ((x0, y0), (x1, y1)) = (centre_bottom(parent.bbox), centre_top(node.bbox));
                push_path(
                    &mut res.edges,
                    &[("M", x0), (" ", y0), ("L", x1), (" ", y1)],
                );
            }
        }
        for extra in &model.extras {
            if let Some((x, y)) = translate_of(&extra.transform) {
                push_rect(
                    &mut res.extras,
                    frame.rect((x, y, extra.w, extra.h), MIN_BOX),
                );
            }
        }
        res
    }

    /// The centre of `id`'s card in minimap pixels (`None` when it is not shown).
    pub fn mark(&self, model: &TreeModel, id: AssocId) -> Option<(f64, f64)> {
        let frame = self.frame?;
        let (x, y, w, h) = model.get(id)?.bbox;
        Some(((x + w / 2.0) * frame.sx, (y + h / 2.0) * frame.sy))
    }
}

/// The offset of a CSS `transform: translate(Xpx, Ypx)` value (how the model places the
/// "… N more" pills).
fn translate_of(transform: &str) -> Option<(f64, f64)> {
    let inner = transform.split("translate(").nth(1)?.split(')').next()?;
    let mut parts = inner
        .split(',')
        .map(|p| fairshare::format::parse_f64(p.trim().trim_end_matches("px")));
    Some((parts.next()??, parts.next()??))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;
    use crate::tree::model::opening_model;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn frame_keeps_proportions_within_bounds() {
        let f = Frame::new(900.0, 560.0, (MAX_W, MAX_H));
        assert!(close(f.w, 180.0) && close(f.h, 112.0));
        assert!(close(f.sx, f.sy));
        // A deep narrow drawing: full height, proportional width.
        let f = Frame::new(700.0, 1400.0, (MAX_W, MAX_H));
        assert!(close(f.h, MAX_H) && close(f.w, 56.0), "{f:?}");
    }

    #[test]
    fn very_wide_trees_are_stretched_to_a_clickable_height() {
        let f = Frame::new(60_000.0, 600.0, (MAX_W, MAX_H));
        assert!(close(f.w, MAX_W));
        assert!(close(f.h, MIN_SIDE));
        assert!(f.sy > f.sx);
        // Degenerate sizes never divide by zero.
        let f = Frame::new(0.0, 0.0, (0.0, 0.0));
        assert!(f.sx.is_finite() && f.sy.is_finite() && f.w > 0.0 && f.h > 0.0);
    }

    /// A frame a pixel wider or narrower keeps the minimap's bounds (which would otherwise
    /// narrow the frame again); a real resize changes them.
    #[test]
    fn a_pixel_of_frame_keeps_the_minimap_bounds() {
        let at_718 = bounds_kept(None, 718.0, 263.0);
        assert_eq!(at_718, bounds(718.0, 263.0));
        assert_eq!(bounds_kept(Some(at_718), 719.0, 263.0), at_718);
        assert_ne!(bounds(719.0, 263.0), at_718);
        assert_eq!(
            bounds_kept(Some(at_718), 640.0, 263.0),
            bounds(640.0, 263.0)
        );
    }

    #[test]
    fn a_small_frame_gets_a_small_minimap() {
        assert_eq!(bounds(1400.0, 700.0), (MAX_W, MAX_H));
        assert_eq!(bounds(600.0, 220.0), (150.0, 66.0));
        assert_eq!(bounds(100.0, 100.0), (MIN_SIDE, MIN_SIDE));
        let f = Frame::new(1100.0, 700.0, bounds(600.0, 220.0));
        assert!(f.w <= 150.0 && f.h <= 66.0, "{f:?}");
    }

    #[test]
    fn minimap_points_map_back_to_the_drawing() {
        let f = Frame::new(2200.0, 1400.0, (220.0, 140.0));
        assert_eq!(f.to_drawing(110.0, 70.0), (1100.0, 700.0));
        // Outside the minimap: clamped to its edge.
        assert_eq!(f.to_drawing(-5.0, 999.0), (0.0, 1400.0));
    }

    #[test]
    fn small_rectangles_grow_about_their_centre() {
        let f = Frame::new(2200.0, 1400.0, (220.0, 140.0));
        assert_eq!(
            f.rect((100.0, 100.0, 5.0, 50.0), 2.0),
            (9.25, 10.0, 2.0, 5.0)
        );
    }

    #[test]
    fn the_visible_part_follows_scroll_and_scale() {
        let cam = Camera {
            view: (500.0, 200.0, 800.0, 400.0),
            scale: 0.5,
            drawing: (4000.0, 2000.0),
        };
        assert!(!cam.fits());
        assert_eq!(cam.visible(), (1000.0, 400.0, 1600.0, 800.0));
        // Centring on a point and reading the view back puts the point in the middle.
        let (left, top) = cam.scroll_to_centre((2000.0, 1000.0));
        assert_eq!((left, top), (600.0, 300.0));
        let moved = Camera {
            view: (left, top, 800.0, 400.0),
            ..cam
        };
        let (x, y, w, h) = moved.visible();
        assert_eq!((x + w / 2.0, y + h / 2.0), (2000.0, 1000.0));
    }

    #[test]
    fn scrolling_stops_at_the_canvas_edges() {
        let cam = Camera {
            view: (0.0, 0.0, 800.0, 400.0),
            scale: 1.0,
            drawing: (2000.0, 1000.0),
        };
        assert_eq!(cam.scroll_to_centre((0.0, 0.0)), (0.0, 0.0));
        assert_eq!(cam.scroll_to_centre((2000.0, 1000.0)), (1200.0, 600.0));
    }

    #[test]
    fn a_narrow_canvas_is_centred_and_fits() {
        // 400 px of canvas in an 800 px frame: it starts at 200 px.
        let cam = Camera {
            view: (0.0, 0.0, 800.0, 600.0),
            scale: 1.0,
            drawing: (400.0, 300.0),
        };
        assert!(cam.fits());
        assert_eq!(cam.visible(), (0.0, 0.0, 400.0, 300.0));
        assert_eq!(cam.scroll_to_centre((200.0, 150.0)), (0.0, 0.0));
        // Unmeasured: not measured, and nothing divides by zero.
        let unmeasured = Camera {
            view: (0.0, 0.0, 0.0, 0.0),
            ..cam
        };
        assert!(!unmeasured.is_measured());
        assert!(unmeasured.visible().0.is_finite());
    }

    #[test]
    fn the_overview_is_a_few_paths_with_one_box_per_shown_card() {
        let scenario = crate::presets::by_id("test24-4").unwrap().scenario();
        let model = opening_model(&scenario.tree, Lang::En);
        let overview = Overview::new(&model, (MAX_W, MAX_H));
        let boxes: usize = overview.boxes.iter().map(|p| p.matches('z').count()).sum();
        assert_eq!(boxes, model.nodes.len());
        assert_eq!(overview.boxes[0].matches('z').count(), 1, "one root");
        assert_eq!(overview.edges.matches('M').count(), model.nodes.len() - 1);
        let frame = overview.frame.unwrap();
        assert!(frame.w <= MAX_W && frame.h <= MAX_H);
        // The root's mark is in the top middle.
        let root = model.root.unwrap();
        let (x, y) = overview.mark(&model, root).unwrap();
        assert!(x > 0.0 && x < frame.w && y < frame.h / 3.0, "{x} {y}");
        assert_eq!(overview.mark(&model, AssocId(987_654)), None);
    }

    #[test]
    fn the_overview_of_a_big_tree_draws_its_extras() {
        let tree = fairshare::r#gen::tree(2_000, 7);
        let model = opening_model(&tree, Lang::En);
        assert!(!model.extras.is_empty());
        let overview = Overview::new(&model, (MAX_W, MAX_H));
        assert_eq!(overview.extras.matches('z').count(), model.extras.len());
    }

    #[test]
    fn an_overview_is_kept_while_the_model_moves_no_card() {
        let tree = fairshare::r#gen::tree(2_000, 7);
        let model = opening_model(&tree, Lang::En);
        let max = (MAX_W, MAX_H);
        let first = Overview::new(&model, max);
        // The same boxes (a timeline step's new model, its numbers aside): kept, not drawn again.
        let (kept, changed) = Overview::update(Some(first.clone()), &model, max);
        assert!(!changed);
        assert_eq!(kept, first);
        // One card moved: drawn again, and the same as a fresh overview of that model.
        let mut moved = model.clone();
        let node = std::sync::Arc::make_mut(&mut moved.nodes[1]);
        node.bbox.0 += 40.0;
        let (redrawn, changed) = Overview::update(Some(first.clone()), &moved, max);
        assert!(changed);
        assert_ne!(redrawn.boxes, first.boxes);
        assert_eq!(redrawn, Overview::new(&moved, max));
        // Other bounds: drawn again.
        let (_, changed) = Overview::update(Some(first), &model, (MAX_W / 2.0, MAX_H));
        assert!(changed);
        // No old overview: drawn.
        assert!(Overview::update(None, &model, max).1);
    }

    #[test]
    fn translate_values_parse() {
        assert_eq!(
            translate_of("transform: translate(12.5px, 30px);"),
            Some((12.5, 30.0))
        );
        assert_eq!(translate_of("none"), None);
    }
}
