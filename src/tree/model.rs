//! The association tree's view model: everything the tree view shows, as plain data.
//!
//! [`build`] turns engine results (the tree, its [`Hierarchy`], a [`FairTreeRun`], optionally
//! the run under Slurm's tie rule and the what-if baseline) into one [`NodeView`] per visible
//! association: the `data-*` attributes of the UI contract, the accessible name, the texts of
//! the SVG card (numbers formatted by the engine's `sshare` module, exactly as sshare prints
//! them), the colour band, the badges and tags, and the geometry from the engine's tidy layout.
//! The components in `tree_view` only put these values into markup.
//!
//! What the tree draws is the **real** tree (each association under its direct parent, as
//! `sshare` indents it), each account's children ordered by the Fair Tree walk's visiting order
//! (`FairTreeAssoc::visit`): highest Level FS on the left, in Slurm's exact tie order. During
//! the ranking animation, sibling lists that the walk has not sorted yet are drawn in Slurm's
//! list order instead ([`unsorted_parents`]), so the nodes visibly move when the walk sorts them.
//!
//! This module computes no fairshare value: it reads them from the run. It must stay pure (no
//! Leptos, no DOM), so every rule here is tested natively.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use fairshare::diff::{Moved, RunDiff};
use fairshare::fair_tree::{FairTreeRun, LevelFsRule, RoundingArtefact};
use fairshare::layout::{self, Spacing};
use fairshare::sshare::{self, Column};
use fairshare::step::{Frame, NodeStatus};
use fairshare::{AssocId, AssocKind, AssocTree, Hierarchy, LongDouble, Ranked};

use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::tree::visible::{Item, Outline, Visible};

// ---------------------------------------------------------------------------------------------
// Geometry of a card (SVG user units = CSS pixels at zoom 1)
// ---------------------------------------------------------------------------------------------

/// Space around the drawing.
pub const MARGIN: f64 = 16.0;
/// Inner horizontal padding of a card.
pub const PAD: f64 = 8.0;
/// Height of the coloured header band that holds the name.
pub const HEADER_H: f64 = 24.0;
/// Height of an account (or root) card.
pub const ACCOUNT_H: f64 = 86.0;
/// Height of a user card (two more lines: rank and the rank bar).
pub const USER_H: f64 = 116.0;
/// Baselines of the card's text lines.
pub const LINE_Y: [f64; 4] = [40.0, 56.0, 74.0, 95.0];
/// Top of the Level FS badge (its text sits on `LINE_Y[2]`).
pub const BADGE_Y: f64 = LINE_Y[2] - 12.0;
/// Inset of the root's second border.
pub const INNER_INSET: f64 = 3.0;
/// Top of the rank bar and its height.
pub const BAR_Y: f64 = 102.0;
/// Height of the rank bar.
pub const BAR_H: f64 = 6.0;
/// Distance between tag lines under a card.
pub const TAG_STEP: f64 = 14.0;
/// Narrowest and widest card.
const MIN_W: f64 = 140.0;
const MAX_W: f64 = 300.0;
/// Estimated advance of one character: the numbers (11px monospace) and the name (12px bold).
const MONO_CH: f64 = 6.7;
const NAME_CH: f64 = 7.6;
/// Room for the kind icon in the header.
pub const ICON_W: f64 = 26.0;

/// The tidy layout's spacing for cards (its `row_height` only separates levels for the
/// contours; the levels' tops come from [`level_tops`]).
pub const SPACING: Spacing = Spacing {
    row_height: USER_H + 2.0 * TAG_STEP + 36.0,
    sibling_gap: 16.0,
    cousin_gap: 28.0,
};

/// The largest scale "fit to screen" uses (small trees are not blown up further).
pub const MAX_FIT_SCALE: f64 = 1.25;

// ---------------------------------------------------------------------------------------------
// Number formatting
// ---------------------------------------------------------------------------------------------

pub use fairshare::format::{sig17, trim_fixed};

// ---------------------------------------------------------------------------------------------
// Classes from enums
// ---------------------------------------------------------------------------------------------

/// The `ft-node--<kind>` class of a node.
pub fn kind_class(kind: AssocKind) -> &'static str {
    match kind {
        AssocKind::Root => "ft-node--root",
        AssocKind::Account => "ft-node--account",
        AssocKind::User => "ft-node--user",
        // Drawn as a user (it stands for users), with a dashed border.
        AssocKind::Hidden => "ft-node--user ft-node--hidden",
    }
}

/// The `data-kind` value of the UI contract.
pub fn kind_attr(kind: AssocKind) -> &'static str {
    match kind {
        AssocKind::Root => "root",
        AssocKind::Account => "account",
        AssocKind::User => "user",
        AssocKind::Hidden => "hidden",
    }
}

/// The class of a node's animation status (only used while the ranking animation runs).
pub fn status_class(status: NodeStatus) -> &'static str {
    match status {
        NodeStatus::Pending => "ft-node--pending",
        NodeStatus::Computed => "ft-node--computed",
        NodeStatus::Open => "ft-node--open",
        NodeStatus::Done => "ft-node--done",
        NodeStatus::Ranked => "ft-node--ranked",
    }
}

/// What the Level FS badge of a card says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LfBadge {
    /// No Level FS (the root).
    None,
    /// A finite, non-zero value (shown with `%f`).
    Number,
    /// `inf`: no usage.
    Inf,
    /// `0`: no shares.
    Zero,
    /// `parent`: FairShare=parent.
    Parent,
}

impl LfBadge {
    /// The badge's class (`ft-badge--…`).
    pub fn as_class(self) -> &'static str {
        match self {
            LfBadge::None => "ft-badge ft-badge--none",
            LfBadge::Number => "ft-badge ft-badge--number",
            LfBadge::Inf => "ft-badge ft-badge--inf",
            LfBadge::Zero => "ft-badge ft-badge--zero",
            LfBadge::Parent => "ft-badge ft-badge--parent",
        }
    }
}

/// The diverging colour band of a Level FS, centred at 1 (log scale, symmetric steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum LfBand {
    /// LF > 4.
    Under3,
    /// 2 < LF ≤ 4.
    Under2,
    /// 1.1 < LF ≤ 2.
    Under1,
    /// 0.9 ≤ LF ≤ 1.1.
    Even,
    /// 0.5 ≤ LF < 0.9.
    Over1,
    /// 0.25 ≤ LF < 0.5.
    Over2,
    /// 0 < LF < 0.25.
    Over3,
    /// LF = 0 (no shares).
    Zero,
    /// LF = inf (no usage: unused).
    Inf,
    /// FairShare=parent.
    Parent,
    /// No Level FS (the root).
    None,
}

impl LfBand {
    /// Every band, in legend order.
    pub const ALL: [LfBand; 11] = [
        LfBand::Inf,
        LfBand::Under3,
        LfBand::Under2,
        LfBand::Under1,
        LfBand::Even,
        LfBand::Over1,
        LfBand::Over2,
        LfBand::Over3,
        LfBand::Zero,
        LfBand::Parent,
        LfBand::None,
    ];

    /// The band of an association's Level FS: the engine's case ([`LevelFsRule`]) decides
    /// root, FairShare=parent, no shares (LF = 0) and no usage (LF = +∞); only a ratio S / U is
    /// banded by its value (for colour only; the value shown is the engine's).
    pub fn of(rule: LevelFsRule, level_fs: Option<LongDouble>) -> LfBand {
        match (rule, level_fs) {
            (LevelFsRule::Root, _) | (LevelFsRule::Ratio, None) => LfBand::None,
            (LevelFsRule::ParentAccount | LevelFsRule::ParentUser, _) => LfBand::Parent,
            (LevelFsRule::NoShares, _) => LfBand::Zero,
            (LevelFsRule::NoUsage, _) => LfBand::Inf,
            (LevelFsRule::Ratio, Some(lf)) => match lf.to_f64() {
                x if x > 4.0 => LfBand::Under3,
                x if x > 2.0 => LfBand::Under2,
                x if x > 1.1 => LfBand::Under1,
                x if x >= 0.9 => LfBand::Even,
                x if x >= 0.5 => LfBand::Over1,
                x if x >= 0.25 => LfBand::Over2,
                _ => LfBand::Over3,
            },
        }
    }

    /// The `ft-lf--…` class (colours live in style/tree.css).
    pub fn as_class(self) -> &'static str {
        match self {
            LfBand::Under3 => "ft-lf--under3",
            LfBand::Under2 => "ft-lf--under2",
            LfBand::Under1 => "ft-lf--under1",
            LfBand::Even => "ft-lf--even",
            LfBand::Over1 => "ft-lf--over1",
            LfBand::Over2 => "ft-lf--over2",
            LfBand::Over3 => "ft-lf--over3",
            LfBand::Zero => "ft-lf--zero",
            LfBand::Inf => "ft-lf--inf",
            LfBand::Parent => "ft-lf--parent",
            LfBand::None => "ft-lf--none",
        }
    }

    /// The legend text.
    pub fn message(self) -> TreeMsg {
        match self {
            LfBand::Under3 => TreeMsg::BandUnder3,
            LfBand::Under2 => TreeMsg::BandUnder2,
            LfBand::Under1 => TreeMsg::BandUnder1,
            LfBand::Even => TreeMsg::BandEven,
            LfBand::Over1 => TreeMsg::BandOver1,
            LfBand::Over2 => TreeMsg::BandOver2,
            LfBand::Over3 => TreeMsg::BandOver3,
            LfBand::Zero => TreeMsg::BandZero,
            LfBand::Inf => TreeMsg::BandInf,
            LfBand::Parent => TreeMsg::BandParent,
            LfBand::None => TreeMsg::BandNone,
        }
    }
}

/// Direction of a what-if move, in positions (1 = first served, so up is a smaller position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    /// Served earlier than in the baseline.
    Up,
    /// Served later.
    Down,
    /// Not in the baseline.
    New,
}

impl Trend {
    /// The tag's class.
    pub fn as_class(self) -> &'static str {
        match self {
            Trend::Up => "ft-tag ft-tag--up",
            Trend::Down => "ft-tag ft-tag--down",
            Trend::New => "ft-tag ft-tag--new",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

/// A text placed on a card, with its class and position.
#[derive(Clone, Debug, PartialEq)]
pub struct Tag {
    /// What it says.
    pub text: String,
    /// Its class (from an enum).
    pub class: &'static str,
    /// Baseline, relative to the card's top.
    pub y: f64,
}

/// The Level FS badge of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    /// What it says.
    pub text: String,
    /// Its kind (class).
    pub kind: LfBadge,
    /// Left edge, in card coordinates.
    pub x: f64,
    /// Width.
    pub w: f64,
    /// Centre of its text.
    pub cx: f64,
}

/// A user card's rank line and rank bar.
#[derive(Clone, Debug, PartialEq)]
pub struct RankLine {
    /// "position p of N".
    pub position: String,
    /// "FS f".
    pub fairshare: String,
    /// The bar's full width.
    pub bar_w: f64,
    /// The bar's filled width (FairShare of it).
    pub fill_w: f64,
}

/// The contents of one SVG card, in card coordinates (the card's position is on [`NodeView`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CardView {
    /// Root, account or user.
    pub kind: AssocKind,
    /// The name as drawn (cut with `…` when too long for the widest card).
    pub display_name: String,
    /// "Shares n" (first line, left).
    pub shares: String,
    /// "S x" (first line, right).
    pub s: String,
    /// "Usage n" (second line, left).
    pub usage: String,
    /// "U x" (second line, right).
    pub u: String,
    /// Third line, left: "Level FS" beside the badge, or the root's user count.
    pub level_fs_label: String,
    /// The Level FS badge.
    pub badge: Badge,
    /// Users: the rank line and bar.
    pub rank: Option<RankLine>,
    /// Tags under the card (what-if change, tie-rule difference, hidden count).
    pub tags: Vec<Tag>,
    /// The rounding artefact badge's text, if there is an artefact.
    pub artefact: Option<String>,
    /// Card width.
    pub w: f64,
    /// Card height.
    pub h: f64,
    /// Width of the root's inner border.
    pub inner_w: f64,
    /// Height of the root's inner border.
    pub inner_h: f64,
    /// x of right-aligned texts (card coordinates).
    pub right_x: f64,
}

/// One entry of a treeitem's group, in DOM order: a child association, or one of the entries
/// that stand for hidden ones (not treeitems).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChildRef {
    /// A shown association.
    Node(AssocId),
    /// "… N more": hidden siblings below this parent, from this child position.
    More(AssocId, u32),
    /// "… K levels": hidden levels below this parent.
    Elision(AssocId),
}

/// A "… N more" or "… K levels" entry: drawn and clickable, but not an association.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtraView {
    /// Its key (also its place in its parent's group).
    pub key: ChildRef,
    /// "… N more": the hidden child positions `[from, to)`, to page in.
    pub range: Option<(u32, u32)>,
    /// What it says.
    pub text: String,
    /// Card width and height.
    pub w: f64,
    /// Card height.
    pub h: f64,
    /// Position in the drawing: CSS `transform` value.
    pub transform: String,
    /// The edge from the node above, as SVG path data.
    pub edge: Option<String>,
    /// Overlay box relative to its parent treeitem's box (CSS percentages).
    pub overlay_style: String,
}

/// Drawing order: by position in the tree, then by id.
fn by_ix_id(a: &NodeView, b: &NodeView) -> std::cmp::Ordering {
    (a.ix, a.id).cmp(&(b.ix, b.id))
}

/// Everything the tree view shows about one visible association.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeView {
    /// Scenario id.
    pub id: AssocId,
    /// Position in the tree (and in the run, the hierarchy and the animation frame).
    pub ix: usize,
    /// Root, account or user.
    pub kind: AssocKind,
    /// `aria-level`: depth in the real tree, root = 1.
    pub level: u32,
    /// Its real parent, if any.
    pub parent: Option<AssocId>,
    /// The entries of its group, in DOM order (children in Fair Tree visiting order, "… N
    /// more" where siblings are hidden, "… K levels" where levels are).
    pub children: Vec<ChildRef>,
    /// Whether it has children at all (then it carries `aria-expanded`).
    pub has_children: bool,
    /// Whether its children are shown.
    pub expanded: bool,
    /// `data-name`: the account name, or the user name for users.
    pub name: String,
    /// `data-inferred`: not printed but inferred by the import (hidden members, an added
    /// root).
    pub inferred: bool,
    /// `data-account`.
    pub account: String,
    /// `data-level-fs`: `inf`, empty, or 17 significant digits.
    pub level_fs_attr: String,
    /// `data-fairshare` (users): 17 significant digits.
    pub fairshare_attr: Option<String>,
    /// `data-rank` (users): Slurm's rank, N = first served.
    pub rank_attr: Option<String>,
    /// `data-position` (users): 1 = first served.
    pub position_attr: Option<String>,
    /// `data-position-before` (users, while a before snapshot is loaded): the position in it,
    /// empty for a user who was not there.
    pub position_before_attr: Option<String>,
    /// `data-shares-norm`: 17 significant digits.
    pub shares_norm_attr: String,
    /// `data-usage-efctv`: 17 significant digits.
    pub usage_effective_attr: String,
    /// The accessible name: the name, then the facts.
    pub label: String,
    /// Classes of the card: kind and colour band.
    pub class: String,
    /// The rounding artefact explanation, if any (also in the label).
    pub artefact: Option<String>,
    /// What the SVG card shows (re-drawn as a whole when it changes).
    pub card: CardView,
    /// Card box in the drawing: left, top, width, height.
    pub bbox: (f64, f64, f64, f64),
    /// Card position in the drawing: CSS `transform` value.
    pub transform: String,
    /// The edge from the parent (drawing coordinates), as SVG path data.
    pub edge: Option<String>,
    /// The same path as a CSS `d` declaration (so that it transitions with the cards).
    pub edge_style: Option<String>,
    /// Overlay box relative to the parent's box (root: to the canvas), as CSS `left/top/width/
    /// height` percentages.
    pub overlay_style: String,
}

/// The whole tree view.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TreeModel {
    /// The root's id (`None` only for an empty tree, which `AssocTree` never is).
    pub root: Option<AssocId>,
    /// Visible nodes in DOM order: pre-order, children in visiting order.
    pub nodes: Vec<Arc<NodeView>>,
    /// The "… N more" and "… K levels" entries.
    pub extras: Vec<Arc<ExtraView>>,
    /// Visible ids in tree order (stable while ranks change: the drawing's order, so nodes never
    /// move in the DOM and their CSS transitions run).
    pub draw_order: Vec<AssocId>,
    /// Width and height of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    index: HashMap<AssocId, usize>,
}

impl TreeModel {
    /// The view of a visible node.
    pub fn get(&self, id: AssocId) -> Option<&Arc<NodeView>> {
        self.index.get(&id).and_then(|&i| self.nodes.get(i))
    }

    /// The view of a "… N more" or "… K levels" entry.
    pub fn extra(&self, key: ChildRef) -> Option<&Arc<ExtraView>> {
        self.extras.iter().find(|e| e.key == key)
    }

    /// Whether `id` is visible (not inside a collapsed account).
    pub fn is_visible(&self, id: AssocId) -> bool {
        self.index.contains_key(&id)
    }

    /// The SVG `viewBox`.
    pub fn view_box(&self) -> String {
        let fixed = fairshare::format::fixed;
        format!("0 0 {} {}", fixed(self.width, 1), fixed(self.height, 1))
    }

    /// CSS of the canvas drawn at `scale` CSS pixels per drawing unit.
    pub fn canvas_style(&self, scale: f64) -> String {
        let (w, h) = (self.width.max(1.0), self.height.max(1.0));
        css_list(&[
            ("width: ", w * scale, 1, "px; "),
            ("height: ", h * scale, 1, "px;"),
        ])
    }

    /// The ids whose cards meet the rectangle `(left, top, width, height)` (drawing units), in
    /// drawing order.
    pub fn cards_in(&self, rect: (f64, f64, f64, f64)) -> Vec<AssocId> {
        let (x, y, w, h) = rect;
        let nodes = &self.nodes;
        let mut res: Vec<usize> = (0..nodes.len())
            .filter(|&k| {
                let (l, t, bw, bh) = nodes[k].bbox;
                l < x + w && l + bw > x && t < y + h && t + bh + 2.0 * TAG_STEP > y
            })
            .collect();
        crate::sort::sort_by(&mut res, &|a, b| by_ix_id(&nodes[a], &nodes[b]));
        res.into_iter().map(|k| nodes[k].id).collect()
    }
}

/// The smallest scale the drawing is shown at unasked, and the smallest "Fit to screen" fits
/// to: the cards' numbers (11 px) stay at least 8.8 CSS pixels and their names (12 px bold)
/// 9.6, and the default preset's whole tree fits its frame at 1440x900.
pub const READABLE_SCALE: f64 = 0.8;

/// The scale at which the drawing is shown when nobody zoomed: fit into the viewport
/// (`view_w` × `view_h` CSS pixels), but never below [`READABLE_SCALE`] (the view scrolls
/// instead) nor above [`MAX_FIT_SCALE`]. 1 while the viewport is not measured.
pub fn auto_scale(width: f64, height: f64, view_w: f64, view_h: f64) -> f64 {
    if view_w <= 0.0 || view_h <= 0.0 || width <= 0.0 || height <= 0.0 {
        return 1.0;
    }
    fairshare::clamp(
        (view_w / width).min(view_h / height),
        READABLE_SCALE,
        MAX_FIT_SCALE,
    )
}

/// Below this scale the drawing shows compact marks instead of cards (only by zooming out:
/// neither the fit on open nor "Fit to screen" goes below it).
pub const CARD_MIN_SCALE: f64 = READABLE_SCALE;

/// The what-if comparison the tree tags users with.
#[derive(Clone, Copy)]
pub struct WhatIf<'a> {
    /// The baseline's tree (users not in it are tagged "new").
    pub baseline: &'a AssocTree,
    /// Who moved against the baseline: the engine's diff (`AppState::moves`).
    pub moves: &'a RunDiff,
    /// The before snapshot, when one is loaded (`AppState::before`; numbered with the tree's
    /// ids): users carry `data-position-before` and their move in their accessible name.
    pub before: Option<&'a Ranked>,
}

/// What [`build`] reads.
pub struct ModelInput<'a> {
    /// The scenario's tree, its hierarchy and the run the tree shows (with the chosen tie rule).
    pub ranked: &'a Ranked,
    /// The run with Slurm's tie rule, when the shown run uses another rule (ranks that differ
    /// are tagged).
    pub slurm_run: Option<&'a FairTreeRun>,
    /// The what-if comparison, if any.
    pub what_if: Option<WhatIf<'a>>,
    /// The run's outline (children in visiting order, counts).
    pub outline: &'a Outline,
    /// What is shown.
    pub visible: &'a Visible,
    /// The shown accounts whose children the animation has not sorted yet, ascending (they are
    /// drawn in list order). `None` = everything sorted.
    pub unsorted: Option<&'a [usize]>,
    /// The UI language.
    pub lang: Lang,
}

/// Of the accounts `parents`, those whose real children the animation frame has not all
/// sorted yet (they are then drawn in list order), ascending. A child is sorted once its
/// fairshare parent's sibling list has been sorted. O(children of `parents`): the tree view
/// passes the shown accounts only, so a step of the walk costs O(shown), not O(n).
pub fn unsorted_parents(
    h: &Hierarchy,
    frame: &Frame,
    parents: impl IntoIterator<Item = usize>,
) -> Vec<usize> {
    let sorted =
        |p: Option<usize>| p.is_some_and(|p| frame.sorted.get(p).is_some_and(Option::is_some));
    let mut res: Vec<usize> = parents
        .into_iter()
        .filter(|&ix| ix < h.len())
        .filter(|&ix| {
            let mut last = None;
            h.children(ix).any(|c| {
                let fs_parent = h.fs_parent(c);
                // Siblings share their fairshare parent: look each one up once.
                if last == Some(fs_parent) {
                    return false;
                }
                last = Some(fs_parent);
                !sorted(fs_parent)
            })
        })
        .collect();
    crate::sort::sort_dedup(&mut res);
    res
}

/// A real parent's children in Fair Tree visiting order (ties and FairShare=parent hoisting as
/// Slurm walks them); children without a visit number (none in a valid run) go last.
pub fn children_in_visit_order(h: &Hierarchy, run: &FairTreeRun, ix: usize) -> Vec<usize> {
    let mut kids: Vec<usize> = h.children(ix).collect();
    let visit = |c: usize| run.assocs.get(c).and_then(|a| a.visit).unwrap_or(u32::MAX);
    crate::sort::sort_by(&mut kids, &|a, b| visit(a).cmp(&visit(b)));
    kids
}

/// Appends `v` with `decimals` digits after the point, by integer arithmetic: the model writes
/// thousands of coordinates per build, and this is several times faster than float formatting.
fn push_fixed(out: &mut String, v: f64, decimals: u32) {
    let unit = 10u64.pow(decimals);
    let scaled = (v * unit as f64).round();
    if !scaled.is_finite() || scaled.abs() >= 1e15 {
        fairshare::format::push_fixed(out, v, decimals as usize);
        return;
    }
    let n = scaled as i64;
    if n < 0 {
        out.push('-');
    }
    let n = n.unsigned_abs();
    let _ = write!(out, "{}", n / unit);
    if decimals > 0 {
        let _ = write!(out, ".{:0width$}", n % unit, width = decimals as usize);
    }
}

/// Concatenates `prefix value suffix` pieces, each value with its number of decimals.
fn css_list(parts: &[(&str, f64, u32, &str)]) -> String {
    let mut res = String::with_capacity(16 * parts.len());
    for &(prefix, value, decimals, suffix) in parts {
        res.push_str(prefix);
        push_fixed(&mut res, value, decimals);
        res.push_str(suffix);
    }
    res
}

fn text_w(text: &str, per_char: f64) -> f64 {
    text.chars()
        .map(|c| {
            if c.is_ascii() {
                per_char
            } else {
                per_char * 1.8
            }
        })
        .sum()
}

fn cut_name(name: &str) -> String {
    let room = MAX_W - ICON_W - PAD;
    if text_w(name, NAME_CH) <= room {
        return name.to_string();
    }
    let mut res = String::new();
    let mut used = NAME_CH; // The ellipsis.
    for c in name.chars() {
        used += text_w(c.encode_utf8(&mut [0; 4]), NAME_CH);
        if used > room {
            break;
        }
        res.push(c);
    }
    res.push('…');
    res
}

/// A tag's text and class, before it is placed under the card.
struct TagText {
    text: String,
    class: &'static str,
}

/// The texts of one association's card and accessible name (the card's width depends on
/// them, so they come before the layout).
struct NodeTexts {
    shares: String,
    s: String,
    usage: String,
    u: String,
    level_fs_label: String,
    badge: String,
    badge_kind: LfBadge,
    /// Users: "position p of N" and "FS f".
    rank: Option<(String, String)>,
    tags: Vec<TagText>,
    label: String,
    artefact: Option<String>,
    band: LfBand,
}

/// The texts of one shown entry: an association's card, or what a "… N more" or "… K levels"
/// entry says.
enum EntryTexts {
    Node(Box<NodeTexts>),
    Extra(String),
}

/// Where the shown entries are drawn.
struct Drawing {
    /// Per entry: left, top, width, height.
    boxes: Vec<(f64, f64, f64, f64)>,
    width: f64,
    height: f64,
}

/// The ARIA tree's nesting of the shown entries.
struct Nesting {
    /// Per entry: the entry of its parent treeitem.
    dom_parent: Vec<Option<usize>>,
    /// Per entry: its group, in DOM order.
    groups: Vec<Vec<ChildRef>>,
}

/// Width and height of a "… N more" / "… K levels" card.
const EXTRA_W: f64 = 120.0;
const EXTRA_H: f64 = 32.0;

/// Builds the view model of the shown entries: texts, layout (only of what is shown), boxes.
/// O(shown + moved users). Never panics on a valid tree and run of the same tree.
pub fn build(input: &ModelInput<'_>) -> TreeModel {
    if !fits(input) {
        return TreeModel::default();
    }
    let moves = moves_by_position(input);
    let texts = entry_texts(input, &moves);
    let sizes = entry_sizes(input, &texts);
    let drawing = lay_out(input, &sizes);
    let nesting = nest(input);
    assemble(input, texts, &drawing, nesting)
}

/// Whether the parts of `input` belong together (same tree, a visible set of it, rooted).
fn fits(input: &ModelInput<'_>) -> bool {
    let (n, h, v) = (
        input.ranked.tree().len(),
        input.ranked.hierarchy(),
        input.visible,
    );
    let valid =
        n > 0 && h.len() == n && input.ranked.run().assocs.len() == n && input.outline.len() == n;
    let rooted = matches!(v.items.first(), Some(Item::Node { ix, .. }) if *ix == h.root());
    let in_range = v.items.iter().all(|it| match *it {
        Item::Node { ix, .. } => ix < n,
        Item::Gap { parent, .. } | Item::Elision { parent, .. } => parent < n,
    });
    valid && rooted && in_range && v.up.len() == v.items.len()
}

/// The engine's what-if moves, by current position.
fn moves_by_position<'a>(input: &ModelInput<'a>) -> HashMap<usize, &'a Moved> {
    input
        .what_if
        .map(|w| w.moves.moved.iter().map(|m| (m.ix, m)).collect())
        .unwrap_or_default()
}

/// The texts of every shown entry.
fn entry_texts(input: &ModelInput<'_>, moves: &HashMap<usize, &Moved>) -> Vec<EntryTexts> {
    let lang = input.lang;
    input
        .visible
        .items
        .iter()
        .map(|it| match *it {
            Item::Node { ix, open } => {
                EntryTexts::Node(Box::new(node_texts(input, ix, open, moves)))
            }
            Item::Gap { from, to, .. } => {
                EntryTexts::Extra(TreeMsg::More.fill(lang, &[("n", &(to - from).to_string())]))
            }
            Item::Elision { levels, .. } => {
                EntryTexts::Extra(TreeMsg::Elided.fill(lang, &[("n", &levels.to_string())]))
            }
        })
        .collect()
}

/// Width and height of every shown entry's card.
fn entry_sizes(input: &ModelInput<'_>, texts: &[EntryTexts]) -> Vec<(f64, f64)> {
    let (assocs, h) = (input.ranked.tree().assocs(), input.ranked.hierarchy());
    input
        .visible
        .items
        .iter()
        .zip(texts)
        .map(|(it, t)| match (*it, t) {
            (Item::Node { ix, .. }, EntryTexts::Node(t)) => (
                card_width(assocs[ix].name(), t),
                if h.is_user(ix) { USER_H } else { ACCOUNT_H },
            ),
            _ => (EXTRA_W, EXTRA_H),
        })
        .collect()
}

/// The tidy layout of the shown entries. Drawing order: the DOM's, except that lists the
/// animation has not sorted yet are drawn in Slurm's list order.
fn lay_out(input: &ModelInput<'_>, sizes: &[(f64, f64)]) -> Drawing {
    let (items, up) = (&input.visible.items, &input.visible.up);
    let m = items.len();
    let mut draw_kids: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (i, up) in up.iter().enumerate() {
        if let Some(u) = up.map(|u| u as usize).filter(|&u| u < i) {
            draw_kids[u].push(i);
        }
    }
    if let Some(unsorted) = input.unsorted {
        for (u, kids) in draw_kids.iter_mut().enumerate() {
            if let Item::Node { ix, .. } = items[u]
                && unsorted.binary_search(&ix).is_ok()
            {
                let key = |i: usize| match items[i] {
                    Item::Node { ix: c, .. } => (0, input.outline.list_pos[c], i),
                    _ => (1, 0, i),
                };
                crate::sort::sort_by(kids, &|a, b| key(a).cmp(&key(b)));
            }
        }
    }
    let lay = layout::tidy(m, 0, |i| &draw_kids[i], |i| sizes[i].0, SPACING);
    let placed = |i: usize| {
        lay.nodes[i].unwrap_or(layout::Placement {
            x: 0.0,
            y: 0.0,
            depth: 0,
        })
    };
    let is_user = |i: usize| match items[i] {
        Item::Node { ix, .. } => input.ranked.hierarchy().is_user(ix),
        _ => false,
    };
    let tops = level_tops((0..m).map(|i| {
        let room = if is_user(i) {
            USER_TAG_ROOM
        } else {
            ACCOUNT_TAG_ROOM
        };
        (placed(i).depth as usize, sizes[i].1 + room)
    }));
    let boxes: Vec<(f64, f64, f64, f64)> = (0..m)
        .map(|i| {
            let (w, h) = sizes[i];
            let p = placed(i);
            (
                p.x - w / 2.0 + MARGIN,
                tops[p.depth as usize] + MARGIN,
                w,
                h,
            )
        })
        .collect();
    let height = tops.last().copied().unwrap_or(0.0) + MARGIN;
    Drawing {
        boxes,
        width: lay.width + 2.0 * MARGIN,
        height,
    }
}

/// Room under a user's card for its tags (what-if, tie rule), whether or not it has any now: a
/// tag appearing after an edit must not push the levels below it down.
const USER_TAG_ROOM: f64 = 2.0 * TAG_STEP;
/// Room under an account's card for its tag ("+N hidden" or "new"; a collapsed new account's
/// second tag runs into the gap, where a collapsed account draws no edges).
const ACCOUNT_TAG_ROOM: f64 = TAG_STEP;
/// Space between one level's tags and the next level's cards (the edges run through it).
const LEVEL_GAP: f64 = 24.0;

/// The top of every level and, last, the bottom of the drawing, from each entry's (depth,
/// height of its card and tags): a level is as tall as its tallest entry, so levels of account
/// cards take less room than levels of user cards. O(entries).
fn level_tops(entries: impl Iterator<Item = (usize, f64)>) -> Vec<f64> {
    let mut tallest: Vec<f64> = Vec::new();
    for (depth, h) in entries {
        if tallest.len() <= depth {
            tallest.resize(depth + 1, 0.0);
        }
        tallest[depth] = tallest[depth].max(h);
    }
    let mut tops = Vec::with_capacity(tallest.len() + 1);
    let mut y = 0.0;
    for h in tallest {
        tops.push(y);
        y += h + LEVEL_GAP;
    }
    tops.push((y - LEVEL_GAP).max(0.0));
    tops
}

/// The key of a shown entry in its parent's group.
fn key_of(input: &ModelInput<'_>, it: &Item) -> ChildRef {
    let id_of = |ix: usize| input.ranked.tree().assocs()[ix].id;
    match *it {
        Item::Node { ix, .. } => ChildRef::Node(id_of(ix)),
        Item::Gap { parent, from, .. } => ChildRef::More(id_of(parent), from),
        Item::Elision { parent, .. } => ChildRef::Elision(id_of(parent)),
    }
}

/// Each entry's treeitem parent (an elision is not a treeitem: its entries belong to the
/// treeitem above it) and each node's group.
fn nest(input: &ModelInput<'_>) -> Nesting {
    let (items, up) = (&input.visible.items, &input.visible.up);
    let m = items.len();
    let mut dom_parent: Vec<Option<usize>> = vec![None; m];
    for i in 1..m {
        dom_parent[i] = up[i].map(|u| u as usize).and_then(|u| match items[u] {
            Item::Node { .. } => Some(u),
            _ => dom_parent[u],
        });
    }
    let mut groups: Vec<Vec<ChildRef>> = vec![Vec::new(); m];
    for i in 1..m {
        if let Some(p) = dom_parent[i] {
            groups[p].push(key_of(input, &items[i]));
        }
    }
    Nesting { dom_parent, groups }
}

/// The views of the shown entries, from their texts, boxes and nesting.
fn assemble(
    input: &ModelInput<'_>,
    texts: Vec<EntryTexts>,
    drawing: &Drawing,
    mut nesting: Nesting,
) -> TreeModel {
    let v = input.visible;
    let boxes = &drawing.boxes;
    let canvas = (0.0, 0.0, drawing.width, drawing.height);
    let mut nodes = Vec::new();
    let mut extras = Vec::new();
    let mut index = HashMap::new();
    for (i, (it, t)) in v.items.iter().zip(texts).enumerate() {
        let b = boxes[i];
        let base = nesting.dom_parent[i].map_or(canvas, |p| boxes[p]);
        let edge = v.up[i]
            .map(|u| u as usize)
            .filter(|&u| u < boxes.len())
            .map(|u| edge_path(boxes[u], b));
        match (*it, t) {
            (Item::Node { ix, open }, EntryTexts::Node(t)) => {
                let group = std::mem::take(&mut nesting.groups[i]);
                let view = node_view(input, ix, open, *t, b, base, edge, group);
                index.insert(view.id, nodes.len());
                nodes.push(Arc::new(view));
            }
            (_, EntryTexts::Extra(text)) => extras.push(Arc::new(ExtraView {
                key: key_of(input, it),
                range: match *it {
                    Item::Gap { from, to, .. } => Some((from, to)),
                    _ => None,
                },
                text,
                w: b.2,
                h: b.3,
                transform: translate(b.0, b.1),
                edge,
                overlay_style: overlay(b, base),
            })),
            _ => {}
        }
    }
    let draw_order: Vec<AssocId> =
        crate::sort::order(nodes.len(), &|a, b| by_ix_id(&nodes[a], &nodes[b]))
            .into_iter()
            .map(|k| nodes[k].id)
            .collect();
    TreeModel {
        root: Some(input.ranked.tree().assocs()[input.ranked.hierarchy().root()].id),
        nodes,
        extras,
        draw_order,
        width: drawing.width,
        height: drawing.height,
        index,
    }
}

/// The view of association `ix` drawn in box `b` (its treeitem's box relative to `base`).
#[allow(clippy::too_many_arguments)]
fn node_view(
    input: &ModelInput<'_>,
    ix: usize,
    open: bool,
    t: NodeTexts,
    b: (f64, f64, f64, f64),
    base: (f64, f64, f64, f64),
    edge: Option<String>,
    children: Vec<ChildRef>,
) -> NodeView {
    let (h, run) = (input.ranked.hierarchy(), input.ranked.run());
    let a = &input.ranked.tree().assocs()[ix];
    let r = &run.assocs[ix];
    let kind = kind_of(input, ix);
    let user = kind == AssocKind::User;
    let mut class = String::from("ft-node ");
    class.push_str(kind_class(kind));
    class.push(' ');
    class.push_str(t.band.as_class());
    let card = card_view(input, ix, &t, b.2, b.3);
    NodeView {
        id: a.id,
        ix,
        kind,
        level: h.depth(ix) + 1,
        parent: h.parent(ix).map(|p| input.ranked.tree().assocs()[p].id),
        children,
        has_children: !input.outline.kids[ix].is_empty(),
        expanded: open,
        name: a.name().to_string(),
        inferred: a.inferred,
        account: a.account.clone(),
        level_fs_attr: r.level_fs.map(|lf| sig17(lf.to_f64())).unwrap_or_default(),
        // Users always carry them; on a partial tree they are empty (not computable).
        fairshare_attr: user.then(|| r.fairshare.map(sig17).unwrap_or_default()),
        rank_attr: user.then(|| r.rank.map(|k| k.to_string()).unwrap_or_default()),
        position_attr: user.then(|| run.position(ix).map(|k| k.to_string()).unwrap_or_default()),
        position_before_attr: input
            .what_if
            .and_then(|w| w.before)
            .filter(|_| user)
            .map(|before| {
                fairshare::snapshot::position_before(before, input.ranked, ix)
                    .map(|k| k.to_string())
                    .unwrap_or_default()
            }),
        shares_norm_attr: sig17(r.shares_norm),
        usage_effective_attr: sig17(r.usage_effective.to_f64()),
        label: t.label,
        class,
        card,
        artefact: t.artefact,
        bbox: b,
        transform: translate(b.0, b.1),
        edge_style: edge.as_ref().map(|d| format!("d: path(\"{d}\");")),
        edge,
        overlay_style: overlay(b, base),
    }
}

/// The card of association `ix`, `w` × `card_h`, from its texts.
fn card_view(input: &ModelInput<'_>, ix: usize, t: &NodeTexts, w: f64, card_h: f64) -> CardView {
    let a = &input.ranked.tree().assocs()[ix];
    let bw = badge_w(&t.badge);
    let bar_w = w - 2.0 * PAD;
    let fairshare = fairshare::clamp(
        input.ranked.run().assocs[ix].fairshare.unwrap_or(0.0),
        0.0,
        1.0,
    );
    CardView {
        kind: kind_of(input, ix),
        display_name: if a.kind() == AssocKind::Hidden {
            cut_name(&TreeMsg::CardHiddenName.fill(input.lang, &[("account", &a.account)]))
        } else {
            cut_name(a.name())
        },
        shares: t.shares.clone(),
        s: t.s.clone(),
        usage: t.usage.clone(),
        u: t.u.clone(),
        level_fs_label: t.level_fs_label.clone(),
        badge: Badge {
            text: t.badge.clone(),
            kind: t.badge_kind,
            x: w - PAD - bw,
            w: bw,
            cx: w - PAD - bw / 2.0,
        },
        rank: t.rank.as_ref().map(|(position, fs)| RankLine {
            position: position.clone(),
            fairshare: fs.clone(),
            bar_w,
            fill_w: bar_w * fairshare,
        }),
        tags: t
            .tags
            .iter()
            .enumerate()
            .map(|(k, tag)| Tag {
                text: tag.text.clone(),
                class: tag.class,
                y: card_h + TAG_STEP * (k as f64 + 1.0) - 2.0,
            })
            .collect(),
        artefact: t
            .artefact
            .is_some()
            .then(|| TreeMsg::BadgeArtefact.text(input.lang).to_string()),
        w,
        h: card_h,
        inner_w: w - 2.0 * INNER_INSET,
        inner_h: card_h - 2.0 * INNER_INSET,
        right_x: w - PAD,
    }
}

fn artefact_text(tree: &AssocTree, artefact: RoundingArtefact, lang: Lang) -> String {
    let (msg, sibling) = match artefact {
        RoundingArtefact::TieOnlyInLongDouble { sibling } => (TreeMsg::ArtefactTie, sibling),
        RoundingArtefact::NoTieOnlyInLongDouble { sibling } => (TreeMsg::ArtefactNoTie, sibling),
        RoundingArtefact::OrderOnlyInLongDouble { sibling } => (TreeMsg::ArtefactOrder, sibling),
    };
    let name = tree.assocs().get(sibling).map_or("?", |a| a.name());
    msg.fill(lang, &[("sibling", name)])
}

/// The kind a node is drawn as (the root by position, not by its fields).
fn kind_of(input: &ModelInput<'_>, ix: usize) -> AssocKind {
    if ix == input.ranked.hierarchy().root() {
        AssocKind::Root
    } else {
        input.ranked.tree().assocs()[ix].kind()
    }
}

/// The what-if tag and accessible-name addition of user `ix`: new since the baseline, or moved
/// (in positions) according to the engine's diff.
fn what_if(
    input: &ModelInput<'_>,
    ix: usize,
    moves: &HashMap<usize, &Moved>,
) -> Option<(TagText, String)> {
    let lang = input.lang;
    let w = input.what_if?;
    if w.baseline
        .get(input.ranked.tree().assocs()[ix].id)
        .is_none()
    {
        let tag = TagText {
            text: TreeMsg::TagNew.text(lang).to_string(),
            class: Trend::New.as_class(),
        };
        return Some((tag, TreeMsg::LabelNew.text(lang).to_string()));
    }
    let m = moves.get(&ix)?;
    let (old, new) = (m.old_position, m.new_position);
    let (trend, arrow) = match new.cmp(&old) {
        std::cmp::Ordering::Less => (Trend::Up, TreeMsg::TagUp),
        std::cmp::Ordering::Greater => (Trend::Down, TreeMsg::TagDown),
        std::cmp::Ordering::Equal => return None,
    };
    let (old, new) = (old.to_string(), new.to_string());
    let arrow = arrow.fill(
        lang,
        &[(
            "delta",
            &m.old_position.abs_diff(m.new_position).to_string(),
        )],
    );
    let change = TreeMsg::TagPosition.fill(lang, &[("old", &old), ("new", &new)]);
    let fs = |v: f64| trim_fixed(&sshare::format_double(v));
    let label = TreeMsg::LabelPositionChange.fill(
        lang,
        &[
            ("old", &old),
            ("new", &new),
            ("old_fs", &fs(m.old_fairshare)),
            ("new_fs", &fs(m.new_fairshare)),
        ],
    );
    let tag = TagText {
        text: format!("{arrow} {change}"),
        class: trend.as_class(),
    };
    Some((tag, label))
}

/// What the Level FS badge of association `ix` says, and its kind.
fn badge_of(input: &ModelInput<'_>, ix: usize) -> (String, LfBadge) {
    let lang = input.lang;
    if input.ranked.tree().assocs()[ix].shares.is_parent() {
        return (TreeMsg::BadgeParent.text(lang).to_string(), LfBadge::Parent);
    }
    let r = &input.ranked.run().assocs[ix];
    match (r.level_fs_rule, r.level_fs) {
        (LevelFsRule::ParentAccount | LevelFsRule::ParentUser, _) => {
            (TreeMsg::BadgeParent.text(lang).to_string(), LfBadge::Parent)
        }
        (LevelFsRule::NoUsage, _) => (TreeMsg::BadgeInf.text(lang).to_string(), LfBadge::Inf),
        (LevelFsRule::NoShares, _) => (TreeMsg::BadgeZero.text(lang).to_string(), LfBadge::Zero),
        (LevelFsRule::Ratio, Some(lf)) => (sshare::format_double(lf.to_f64()), LfBadge::Number),
        (LevelFsRule::Root | LevelFsRule::Ratio, _) => {
            (TreeMsg::NoValue.text(lang).to_string(), LfBadge::None)
        }
    }
}

/// The card texts and the accessible name of association `ix`, shown `open` or collapsed.
fn node_texts(
    input: &ModelInput<'_>,
    ix: usize,
    open: bool,
    moves: &HashMap<usize, &Moved>,
) -> NodeTexts {
    let (tree, run, lang) = (input.ranked.tree(), input.ranked.run(), input.lang);
    let a = &tree.assocs()[ix];
    let r = &run.assocs[ix];
    let kind = kind_of(input, ix);
    let row = sshare::fair_tree_row(input.ranked, ix);
    let cell = |column: Column| row.cell_text(column);
    let n_users = run.n_users.to_string();
    let no_value = TreeMsg::NoValue.text(lang);
    let (badge, badge_kind) = badge_of(input, ix);
    let shares = match cell(Column::RawShares) {
        s if s.is_empty() => no_value.to_string(),
        s => s,
    };
    let spoken_lf = if badge_kind == LfBadge::Number {
        trim_fixed(&badge)
    } else {
        badge.clone()
    };
    // On a partial tree FairShare and rank are not computable (the engine gives none).
    let partial = tree.is_partial();
    let fairshare_text = match cell(Column::FairShare) {
        s if s.is_empty() && partial => no_value.to_string(),
        s => s,
    };
    let spoken_fairshare = if partial && r.fairshare.is_none() {
        TreeMsg::NotComputable.text(lang).to_string()
    } else {
        trim_fixed(&fairshare_text)
    };
    let rank_text = r
        .rank
        .map_or_else(|| no_value.to_string(), |k| k.to_string());
    let position_text = run
        .position(ix)
        .map_or_else(|| no_value.to_string(), |k| k.to_string());
    let mut label = match kind {
        AssocKind::Root => TreeMsg::LabelRoot.fill(lang, &[("name", a.name()), ("n", &n_users)]),
        AssocKind::Account => {
            TreeMsg::LabelAccount.fill(lang, &[("name", a.name()), ("level_fs", &spoken_lf)])
        }
        AssocKind::User => TreeMsg::LabelUser.fill(
            lang,
            &[
                ("name", a.name()),
                ("account", &a.account),
                ("position", &position_text),
                ("rank", &rank_text),
                ("n", &n_users),
                ("fairshare", &spoken_fairshare),
                ("level_fs", &spoken_lf),
            ],
        ),
        AssocKind::Hidden => TreeMsg::LabelHidden.fill(
            lang,
            &[
                ("account", &a.account),
                ("shares", &shares),
                ("usage", &cell(Column::RawUsage)),
                ("level_fs", &spoken_lf),
            ],
        ),
    };
    let (tags, additions) = tag_texts(input, ix, kind, open, moves);
    for text in &additions {
        label.push_str("; ");
        label.push_str(text);
    }
    let artefact = r.artefact.map(|art| artefact_text(tree, art, lang));
    if let Some(text) = &artefact {
        label.push_str("; ");
        label.push_str(text);
    }
    NodeTexts {
        shares: TreeMsg::CardShares.fill(lang, &[("value", &shares)]),
        s: TreeMsg::CardS.fill(lang, &[("value", &cell(Column::NormShares))]),
        usage: TreeMsg::CardUsage.fill(lang, &[("value", &cell(Column::RawUsage))]),
        u: TreeMsg::CardU.fill(lang, &[("value", &cell(Column::EffectvUsage))]),
        level_fs_label: if kind == AssocKind::Root {
            TreeMsg::CardUsers.fill(lang, &[("n", &n_users)])
        } else {
            TreeMsg::CardLevelFs.text(lang).to_string()
        },
        badge,
        badge_kind,
        // The card reads the position only (Slurm's rank is in the name and the sshare table):
        // four-digit ranks did not fit beside FairShare on a card.
        rank: (kind == AssocKind::User).then(|| {
            (
                TreeMsg::CardRank.fill(lang, &[("position", &position_text), ("n", &n_users)]),
                TreeMsg::CardFairShare.fill(lang, &[("fairshare", &fairshare_text)]),
            )
        }),
        tags,
        label,
        artefact,
        band: LfBand::of(r.level_fs_rule, r.level_fs),
    }
}

/// The tags under the card of association `ix` and what each adds to its accessible name:
/// the what-if move, Slurm's rank where the chosen tie rule gives another, the hidden count.
fn tag_texts(
    input: &ModelInput<'_>,
    ix: usize,
    kind: AssocKind,
    open: bool,
    moves: &HashMap<usize, &Moved>,
) -> (Vec<TagText>, Vec<String>) {
    let lang = input.lang;
    let mut tags = Vec::new();
    let mut additions = Vec::new();
    if kind == AssocKind::User {
        if let Some(before) = input.what_if.and_then(|w| w.before) {
            let old = fairshare::snapshot::position_before(before, input.ranked, ix);
            additions.push(crate::panels::snapshot_panel::move_text(
                old,
                input.ranked.run().position(ix),
                lang,
            ));
        }
        if let Some((tag, text)) = what_if(input, ix, moves) {
            tags.push(tag);
            additions.push(text);
        }
        let slurm_rank = input
            .slurm_run
            .and_then(|slurm| slurm.assocs.get(ix))
            .and_then(|s| s.rank);
        if let Some(k) = slurm_rank.filter(|&k| Some(k) != input.ranked.run().assocs[ix].rank) {
            let text = TreeMsg::TieRuleDiff.fill(lang, &[("rank", &k.to_string())]);
            additions.push(text.clone());
            tags.push(TagText {
                text,
                class: "ft-tag ft-tag--tie-rule",
            });
        }
    }
    let below = input.outline.below.get(ix).copied().unwrap_or(0);
    if !open && below > 0 {
        tags.push(TagText {
            text: TreeMsg::CardHidden.fill(lang, &[("n", &below.to_string())]),
            class: "ft-tag ft-tag--hidden",
        });
        let users = input.outline.users.get(ix).copied().unwrap_or(0);
        additions.push(TreeMsg::LabelCollapsed.fill(lang, &[("users", &users.to_string())]));
    }
    (tags, additions)
}

fn badge_w(badge: &str) -> f64 {
    text_w(badge, MONO_CH) + 12.0
}

/// The width of a card, from its texts.
fn card_width(name: &str, t: &NodeTexts) -> f64 {
    let line = |l: &str, r: &str| text_w(l, MONO_CH) + text_w(r, MONO_CH) + 2.0 * PAD + 14.0;
    let mut w = text_w(&cut_name(name), NAME_CH) + ICON_W + PAD + 18.0;
    w = w.max(line(&t.shares, &t.s));
    w = w.max(line(&t.usage, &t.u));
    w = w.max(text_w(&t.level_fs_label, MONO_CH) + badge_w(&t.badge) + 2.0 * PAD + 14.0);
    if let Some((rank, fs)) = &t.rank {
        w = w.max(line(rank, fs));
    }
    for tag in &t.tags {
        w = w.max(text_w(&tag.text, MONO_CH) + 2.0 * PAD);
    }
    fairshare::clamp(w, MIN_W, MAX_W)
}

/// A cubic edge from the bottom centre of box `from` to the top centre of box `to`.
fn edge_path(from: (f64, f64, f64, f64), to: (f64, f64, f64, f64)) -> String {
    let (x1, y1) = (from.0 + from.2 / 2.0, from.1 + from.3);
    let (x2, y2) = (to.0 + to.2 / 2.0, to.1);
    let mid = (y1 + y2) / 2.0;
    css_list(&[
        ("M ", x1, 1, " "),
        ("", y1, 1, " C "),
        ("", x1, 1, " "),
        ("", mid, 1, ", "),
        ("", x2, 1, " "),
        ("", mid, 1, ", "),
        ("", x2, 1, " "),
        ("", y2, 1, ""),
    ])
}

/// The overlay box of `b` relative to `base` (CSS percentages).
fn overlay(b: (f64, f64, f64, f64), base: (f64, f64, f64, f64)) -> String {
    let (bw, bh) = (base.2.max(1e-9), base.3.max(1e-9));
    css_list(&[
        ("left: ", 100.0 * (b.0 - base.0) / bw, 4, "%; "),
        ("top: ", 100.0 * (b.1 - base.1) / bh, 4, "%; "),
        ("width: ", 100.0 * b.2 / bw, 4, "%; "),
        ("height: ", 100.0 * b.3 / bh, 4, "%;"),
    ])
}

fn translate(left: f64, top: f64) -> String {
    css_list(&[
        ("transform: translate(", left, 1, "px, "),
        ("", top, 1, "px);"),
    ])
}

// ---------------------------------------------------------------------------------------------
// Keyboard (WAI-ARIA tree pattern)
// ---------------------------------------------------------------------------------------------

/// What a key press on a focused treeitem does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeKey {
    /// Move focus to this treeitem.
    Focus(AssocId),
    /// Expand this (collapsed) account.
    Expand(AssocId),
    /// Collapse this (expanded) account.
    Collapse(AssocId),
    /// Select this association.
    Select(AssocId),
    /// Nothing (the key is not the tree's).
    None,
}

/// The WAI-ARIA tree pattern: Up/Down move through visible items, Right expands a collapsed
/// account or enters an expanded one, Left collapses an expanded account or goes to the parent,
/// Home/End go to the first/last visible item, Enter and Space select.
pub fn key_action(model: &TreeModel, focused: AssocId, key: &str) -> TreeKey {
    let Some(&pos) = model.index.get(&focused) else {
        return model.root.map_or(TreeKey::None, TreeKey::Focus);
    };
    let node = &model.nodes[pos];
    let at = |i: usize| {
        model
            .nodes
            .get(i)
            .map_or(TreeKey::None, |n| TreeKey::Focus(n.id))
    };
    match key {
        "ArrowDown" => at(pos + 1),
        "ArrowUp" => pos.checked_sub(1).map_or(TreeKey::None, at),
        "Home" => at(0),
        "End" => model.nodes.len().checked_sub(1).map_or(TreeKey::None, at),
        "ArrowRight" if node.has_children && !node.expanded => TreeKey::Expand(node.id),
        "ArrowRight" => node
            .children
            .iter()
            .find_map(|c| match *c {
                ChildRef::Node(id) => Some(id),
                _ => None,
            })
            .map_or(TreeKey::None, TreeKey::Focus),
        "ArrowLeft" if node.has_children && node.expanded => TreeKey::Collapse(node.id),
        "ArrowLeft" => node.parent.map_or(TreeKey::None, TreeKey::Focus),
        "Enter" | " " => TreeKey::Select(node.id),
        _ => TreeKey::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use fairshare::{Scenario, TieRule};
    use std::collections::BTreeSet;

    fn preset(id: &str) -> Scenario {
        presets::by_id(id).expect("preset exists").scenario()
    }

    #[test]
    fn levels_are_as_tall_as_their_tallest_card() {
        // Root and accounts (86) above users (116); a level of both is a user level.
        let tops = level_tops(
            [
                (0, ACCOUNT_H),
                (1, ACCOUNT_H),
                (2, USER_H),
                (2, ACCOUNT_H),
                (1, USER_H),
            ]
            .into_iter(),
        );
        let account = ACCOUNT_H + LEVEL_GAP;
        let user = USER_H + LEVEL_GAP;
        assert_eq!(
            tops,
            vec![
                0.0,
                account,
                account + user,
                account + 2.0 * user - LEVEL_GAP
            ]
        );
        assert_eq!(level_tops(std::iter::empty()), vec![0.0]);
    }

    struct Fixture {
        scenario: Scenario,
        ranked: Ranked,
        h: Arc<Hierarchy>,
        run: Arc<FairTreeRun>,
    }

    impl Fixture {
        fn new(scenario: Scenario) -> Fixture {
            let ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
            let (h, run) = (ranked.shared_hierarchy(), ranked.shared_run());
            Fixture {
                scenario,
                ranked,
                h,
                run,
            }
        }

        fn model(&self, collapsed: &BTreeSet<AssocId>) -> TreeModel {
            let outline = Outline::new(&self.h, &self.run);
            let visible = shown(&self.scenario.tree, &outline, collapsed);
            build(&ModelInput {
                ranked: &self.ranked,
                slurm_run: None,
                what_if: None,
                outline: &outline,
                visible: &visible,
                unsorted: None,
                lang: Lang::En,
            })
        }
    }

    /// The visible set with `collapsed` accounts collapsed on purpose.
    fn shown(tree: &AssocTree, outline: &Outline, collapsed: &BTreeSet<AssocId>) -> Visible {
        let request = crate::tree::visible::Request {
            collapsed: collapsed
                .iter()
                .filter_map(|&id| tree.position(id))
                .collect(),
            ..Default::default()
        };
        crate::tree::visible::visible(outline, &request, None)
    }

    fn ids(model: &TreeModel) -> Vec<u32> {
        model.nodes.iter().map(|n| n.id.0).collect()
    }

    fn node(model: &TreeModel, id: u32) -> &NodeView {
        model.get(AssocId(id)).expect("visible node")
    }

    #[test]
    fn fixed_point_texts_match_float_formatting() {
        for (v, d) in [
            (0.0, 1),
            (12.34, 1),
            (-0.04, 1),
            (99.99999, 4),
            (1.5e14, 1),
            (7.0, 0),
        ] {
            let mut s = String::new();
            push_fixed(&mut s, v, d);
            let want = format!("{v:.*}", d as usize);
            assert_eq!(
                s.parse::<f64>().unwrap(),
                want.parse::<f64>().unwrap(),
                "{v} {d}"
            );
        }
        assert_eq!(
            css_list(&[("translate(", 12.25, 1, "px, "), ("", -3.0, 1, "px)")]),
            "translate(12.3px, -3.0px)"
        );
    }

    #[test]
    fn trim_fixed_drops_trailing_zeros() {
        assert_eq!(trim_fixed("1.250000"), "1.25");
        assert_eq!(trim_fixed("1.000000"), "1");
        assert_eq!(trim_fixed("0.904762"), "0.904762");
        assert_eq!(trim_fixed("0.000000"), "0");
        assert_eq!(trim_fixed("inf"), "inf");
        assert_eq!(trim_fixed("parent"), "parent");
    }

    #[test]
    fn classic_example_is_in_visiting_order() {
        let f = Fixture::new(preset("classic-example"));
        let model = f.model(&BTreeSet::new());
        // AccountD (LF 2.4) before AccountA (0.89) before AccountG (0); AccountF (inf) before
        // AccountE; AccountB (1.69) before AccountC; User3 (inf) before User2.
        assert_eq!(
            ids(&model),
            [1, 3, 32, 321, 31, 311, 2, 21, 211, 22, 222, 221, 4, 41]
        );
        // Ranks fall along the DOM order (no ties here).
        let ranks: Vec<u32> = model
            .nodes
            .iter()
            .filter_map(|n| n.rank_attr.as_ref().map(|r| r.parse().unwrap()))
            .collect();
        assert_eq!(ranks, [6, 5, 4, 3, 2, 1]);
        // The DOM order is the run's visiting order.
        let by_visit: Vec<u32> = f
            .run
            .visit_order
            .iter()
            .map(|&ix| f.scenario.tree.assocs()[ix].id.0)
            .collect();
        assert_eq!(ids(&model), by_visit);
        assert_eq!(model.draw_order.len(), 14);
    }

    #[test]
    fn contract_attributes() {
        let f = Fixture::new(preset("classic-example"));
        let model = f.model(&BTreeSet::new());
        let root = node(&model, 1);
        assert_eq!((root.kind, root.level), (AssocKind::Root, 1));
        assert_eq!(root.level_fs_attr, "");
        assert_eq!(root.fairshare_attr, None);
        assert_eq!(root.rank_attr, None);
        assert!(root.has_children && root.expanded);

        let a = node(&model, 2);
        assert_eq!((a.kind, a.level), (AssocKind::Account, 2));
        assert_eq!(a.name, "AccountA");
        assert_eq!(a.level_fs_attr, "0.88888888888888895");
        assert_eq!(a.shares_norm_attr, "0.40000000000000002");
        assert_eq!(a.usage_effective_attr, "0.45000000000000001");

        let u1 = node(&model, 211);
        assert_eq!((u1.kind, u1.level), (AssocKind::User, 4));
        assert_eq!(
            (u1.name.as_str(), u1.account.as_str()),
            ("User1", "AccountB")
        );
        assert_eq!(u1.fairshare_attr.as_deref(), Some("0.66666666666666663"));
        assert_eq!(u1.rank_attr.as_deref(), Some("4"));
        assert_eq!(u1.level_fs_attr, "1");
        assert_eq!(u1.parent, Some(AssocId(21)));

        let u3 = node(&model, 222);
        assert_eq!(u3.level_fs_attr, "inf");
        assert_eq!(
            (u3.card.badge.text.as_str(), u3.card.badge.kind),
            ("inf", LfBadge::Inf)
        );
        assert!(u3.class.contains("ft-lf--inf"));
        let g = node(&model, 4);
        assert_eq!(
            (g.card.badge.text.as_str(), g.card.badge.kind),
            ("0", LfBadge::Zero)
        );
        assert_eq!(g.level_fs_attr, "0");
    }

    /// Every shown node of `model` as a person reads it: the accessible name, then the card's
    /// lines and tags, indented by level.
    #[cfg(not(target_arch = "wasm32"))]
    fn transcript(model: &TreeModel) -> String {
        let mut out = String::new();
        for n in &model.nodes {
            let indent = "  ".repeat(n.level as usize - 1);
            let c = &n.card;
            let _ = writeln!(out, "{indent}{}", n.label);
            let _ = writeln!(
                out,
                "{indent}  [{}] {} | {} | {} | {} | {} ({})",
                c.display_name, c.shares, c.s, c.usage, c.u, c.level_fs_label, c.badge.text
            );
            if let Some(rank) = &c.rank {
                let _ = writeln!(out, "{indent}  {} | {}", rank.position, rank.fairshare);
            }
            for tag in &c.tags {
                let _ = writeln!(out, "{indent}  tag: {}", tag.text);
            }
        }
        out
    }

    /// The classic example's tree model after User4 (id 311) uses 1000 instead of 20, tagged
    /// against the preset as the what-if baseline, and the engine's diff it was tagged from.
    fn classic_example_with_user4_busy() -> (TreeModel, RunDiff) {
        let base = Fixture::new(preset("classic-example"));
        let edited = base
            .scenario
            .tree
            .with_usage(AssocId(311), LongDouble::from_u64(1000))
            .unwrap();
        let f = Fixture::new(Scenario {
            tree: edited,
            ..base.scenario.clone()
        });
        let moves = fairshare::diff::run_diff(&base.ranked, &f.ranked, 0);
        let outline = Outline::new(&f.h, &f.run);
        let visible = shown(&f.scenario.tree, &outline, &BTreeSet::new());
        let model = build(&ModelInput {
            ranked: &f.ranked,
            slurm_run: None,
            what_if: Some(WhatIf {
                baseline: &base.scenario.tree,
                moves: &moves,
                before: None,
            }),
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: Lang::En,
        });
        (model, moves)
    }

    #[test]
    fn a_before_snapshot_gives_users_their_old_position_and_their_move() {
        // The before snapshot: the classic example with User4 busy, its rows reversed and
        // renumbered (as another paste would be); after: the preset. Matched by name.
        let base = Fixture::new(preset("classic-example"));
        let busy = base
            .scenario
            .tree
            .with_usage(AssocId(311), LongDouble::from_u64(1000))
            .unwrap();
        let mut rows: Vec<fairshare::Assoc> = busy.assocs().to_vec();
        rows.reverse();
        for a in &mut rows {
            a.id = AssocId(a.id.0 + 5000);
            a.parent = a.parent.map(|p| AssocId(p.0 + 5000));
        }
        let before_tree = AssocTree::new(rows).unwrap();
        let cmp = fairshare::snapshot::compare(&before_tree, &base.ranked, 0);
        let moves = fairshare::diff::run_diff(&cmp.before, &base.ranked, 0);
        let outline = Outline::new(&base.h, &base.run);
        let visible = shown(&base.scenario.tree, &outline, &BTreeSet::new());
        let model = build(&ModelInput {
            ranked: &base.ranked,
            slurm_run: None,
            what_if: Some(WhatIf {
                baseline: cmp.before.tree(),
                moves: &moves,
                before: Some(&cmp.before),
            }),
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: Lang::En,
        });
        // User4 was 5th with its heavy usage; in the preset it is 2nd.
        let user4 = node(&model, 311);
        assert_eq!(user4.position_attr.as_deref(), Some("2"));
        assert_eq!(user4.position_before_attr.as_deref(), Some("5"));
        assert!(user4.label.contains("; up 3 places"), "{}", user4.label);
        // Accounts carry no position.
        assert_eq!(node(&model, 1).position_before_attr, None);
        // Without a before snapshot, no attribute.
        assert_eq!(
            base.model(&BTreeSet::new())
                .get(AssocId(311))
                .unwrap()
                .position_before_attr,
            None
        );
    }

    // Snapshots are files: native only (a wasm test has no file system).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn card_labels_of_the_classic_example() {
        // One what-if edit, so that the snapshot shows the tags too.
        let (model, _) = classic_example_with_user4_busy();
        expect_test::expect_file!["snapshots/classic_example_cards.txt"]
            .assert_eq(&transcript(&model));
        let base = Fixture::new(preset("classic-example"));
        let ja = build(&ModelInput {
            lang: Lang::Ja,
            ranked: &base.ranked,
            slurm_run: None,
            what_if: None,
            outline: &Outline::new(&base.h, &base.run),
            visible: &shown(
                &base.scenario.tree,
                &Outline::new(&base.h, &base.run),
                &BTreeSet::new(),
            ),
            unsorted: None,
        });
        expect_test::expect_file!["snapshots/classic_example_cards_ja.txt"]
            .assert_eq(&transcript(&ja));
    }

    #[test]
    fn accessible_names_start_with_the_name() {
        let f = Fixture::new(preset("classic-example"));
        let model = f.model(&BTreeSet::new());
        assert_eq!(
            node(&model, 211).label,
            "User1 in AccountB: position 3 of 6, rank 4, FairShare 0.666667, Level FS 1"
        );
        assert_eq!(node(&model, 211).position_attr.as_deref(), Some("3"));
        assert_eq!(
            node(&model, 222).label,
            "User3 in AccountC: position 4 of 6, rank 3, FairShare 0.5, Level FS inf"
        );
        assert_eq!(node(&model, 21).label, "AccountB: Level FS 1.6875");
        assert_eq!(node(&model, 4).label, "AccountG: Level FS 0");
        assert_eq!(node(&model, 1).label, "root: 6 users");
    }

    #[test]
    fn card_texts_use_sshare_formatting() {
        let f = Fixture::new(preset("classic-example"));
        let model = f.model(&BTreeSet::new());
        let u1 = node(&model, 211);
        let card = &u1.card;
        assert_eq!(
            (card.shares.as_str(), card.usage.as_str()),
            ("Shares 1", "Usage 20")
        );
        assert_eq!(
            (card.s.as_str(), card.u.as_str()),
            ("S 1.000000", "U 1.000000")
        );
        assert_eq!(
            (card.badge.text.as_str(), card.badge.kind),
            ("1.000000", LfBadge::Number)
        );
        let rank = card.rank.as_ref().unwrap();
        assert_eq!(
            (rank.position.as_str(), rank.fairshare.as_str()),
            ("position 3 of 6", "FS 0.666667")
        );
        assert!((rank.fill_w - rank.bar_w * 4.0 / 6.0).abs() < 1e-9);
        let a = node(&model, 21);
        assert_eq!(a.card.u, "U 0.444444");
        assert_eq!(a.card.badge.text, "1.687500");
        assert!(a.card.rank.is_none());
        assert_eq!(node(&model, 1).card.shares, "Shares –");
    }

    #[test]
    fn fairshare_parent_shows_the_parent_badge() {
        let f = Fixture::new(preset("fairshare-parent"));
        let model = f.model(&BTreeSet::new());
        let parents: Vec<&Arc<NodeView>> = model
            .nodes
            .iter()
            .filter(|n| f.scenario.tree.assocs()[n.ix].shares.is_parent())
            .collect();
        assert!(!parents.is_empty(), "the preset has FairShare=parent");
        for n in parents {
            assert_eq!(n.card.badge.kind, LfBadge::Parent, "{}", n.name);
            assert!(n.class.contains("ft-lf--parent"));
            assert!(n.label.contains("Level FS parent"), "{}", n.label);
            assert_eq!(n.card.shares, "Shares parent");
        }
    }

    #[test]
    fn every_preset_keeps_siblings_in_visiting_order() {
        for p in presets::PRESETS {
            let f = Fixture::new(p.scenario());
            let model = f.model(&BTreeSet::new());
            assert_eq!(model.nodes.len(), f.scenario.tree.len(), "{}", p.id);
            for n in &model.nodes {
                let visits: Vec<u32> = n
                    .children
                    .iter()
                    .map(|&c| {
                        let ChildRef::Node(c) = c else {
                            panic!("small trees show everything")
                        };
                        f.run.assocs[model.get(c).unwrap().ix].visit.unwrap()
                    })
                    .collect();
                assert!(
                    visits.windows(2).all(|w| w[0] < w[1]),
                    "{}: {}",
                    p.id,
                    n.name
                );
                // The overlay box of each child lies inside the canvas.
                assert!(n.card.w >= MIN_W && n.card.w <= MAX_W);
            }
        }
    }

    #[test]
    fn collapsed_accounts_hide_their_subtree() {
        let f = Fixture::new(preset("classic-example"));
        let collapsed: BTreeSet<AssocId> = [AssocId(2)].into();
        let model = f.model(&collapsed);
        assert_eq!(ids(&model), [1, 3, 32, 321, 31, 311, 2, 4, 41]);
        let a = node(&model, 2);
        assert!(a.has_children && !a.expanded && a.children.is_empty());
        assert_eq!(a.card.tags[0].text, "+5 hidden");
        assert!(
            a.label.ends_with("; collapsed, holds 3 users"),
            "{}",
            a.label
        );
        assert!(!model.is_visible(AssocId(211)));
        assert_eq!(model.draw_order.len(), 9);
    }

    #[test]
    fn keyboard_follows_the_tree_pattern() {
        let f = Fixture::new(preset("classic-example"));
        let model = f.model(&BTreeSet::new());
        let id = AssocId;
        assert_eq!(
            key_action(&model, id(1), "ArrowDown"),
            TreeKey::Focus(id(3))
        );
        assert_eq!(key_action(&model, id(3), "ArrowUp"), TreeKey::Focus(id(1)));
        assert_eq!(key_action(&model, id(1), "ArrowUp"), TreeKey::None);
        assert_eq!(
            key_action(&model, id(311), "ArrowDown"),
            TreeKey::Focus(id(2))
        );
        assert_eq!(
            key_action(&model, id(3), "ArrowRight"),
            TreeKey::Focus(id(32))
        );
        assert_eq!(key_action(&model, id(321), "ArrowRight"), TreeKey::None);
        assert_eq!(
            key_action(&model, id(321), "ArrowLeft"),
            TreeKey::Focus(id(32))
        );
        assert_eq!(
            key_action(&model, id(32), "ArrowLeft"),
            TreeKey::Collapse(id(32))
        );
        assert_eq!(key_action(&model, id(22), "Home"), TreeKey::Focus(id(1)));
        assert_eq!(key_action(&model, id(22), "End"), TreeKey::Focus(id(41)));
        assert_eq!(key_action(&model, id(22), "Enter"), TreeKey::Select(id(22)));
        assert_eq!(key_action(&model, id(22), " "), TreeKey::Select(id(22)));
        assert_eq!(key_action(&model, id(22), "x"), TreeKey::None);
        assert_eq!(
            key_action(&model, id(999), "ArrowDown"),
            TreeKey::Focus(id(1))
        );

        let collapsed: BTreeSet<AssocId> = [AssocId(32)].into();
        let model = f.model(&collapsed);
        assert_eq!(
            key_action(&model, id(32), "ArrowRight"),
            TreeKey::Expand(id(32))
        );
        assert_eq!(
            key_action(&model, id(32), "ArrowLeft"),
            TreeKey::Focus(id(3))
        );
        assert_eq!(
            key_action(&model, id(32), "ArrowDown"),
            TreeKey::Focus(id(31))
        );
    }

    #[test]
    fn what_if_tags_show_position_changes_from_the_engines_diff() {
        // User4 (position 2) uses much more: it drops below everyone in AccountA.
        let (model, moves) = classic_example_with_user4_busy();
        let u4 = node(&model, 311);
        let moved = moves.moved.iter().find(|m| m.id == AssocId(311)).unwrap();
        assert_eq!(u4.card.tags.len(), 1);
        assert_eq!(u4.card.tags[0].class, Trend::Down.as_class());
        let delta = moved.new_position - moved.old_position;
        assert_eq!(
            u4.card.tags[0].text,
            format!(
                "↓{delta} position {} → {}",
                moved.old_position, moved.new_position
            )
        );
        assert!(
            u4.label
                .contains("what-if: position 2 → 5, FairShare 0.833333 → 0.333333"),
            "{}",
            u4.label
        );
        // Every user the engine lists as moved carries a tag, and nobody else does.
        for n in model.nodes.iter().filter(|n| n.kind == AssocKind::User) {
            let listed = moves.moved.iter().any(|m| m.id == n.id);
            assert_eq!(!n.card.tags.is_empty(), listed, "{}", n.name);
        }
        assert!(
            model
                .nodes
                .iter()
                .any(|n| n.card.tags.iter().any(|t| t.class == Trend::Up.as_class())),
            "someone moved up"
        );
    }

    #[test]
    fn documented_tie_rule_marks_rank_differences() {
        let scenario = preset("tied-accounts");
        let slurm_ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
        let ranked = slurm_ranked.with_rule(TieRule::Documented);
        let (slurm, documented) = (slurm_ranked.run(), ranked.run());
        let outline = Outline::new(ranked.hierarchy(), documented);
        let visible = shown(&scenario.tree, &outline, &BTreeSet::new());
        let model = build(&ModelInput {
            ranked: &ranked,
            slurm_run: Some(slurm),
            what_if: None,
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: Lang::En,
        });
        let mut differing = 0;
        for n in model.nodes.iter().filter(|n| n.kind == AssocKind::User) {
            let (s, d) = (slurm.assocs[n.ix].rank, documented.assocs[n.ix].rank);
            let tagged = n
                .card
                .tags
                .iter()
                .any(|t| t.class == "ft-tag ft-tag--tie-rule");
            assert_eq!(tagged, s != d, "{}", n.name);
            if s != d {
                differing += 1;
                assert!(n.label.contains("Slurm's code: rank"), "{}", n.label);
            }
        }
        assert!(differing > 0, "the preset shows the difference");
    }

    #[test]
    fn rounding_artefacts_get_an_explanation() {
        // 18/90 ÷ 2/10 and 27/90 ÷ 3/10 are both 1, but not in 80 bits (ARCHITECTURE.md).
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 2},
          {"id": 3, "parent": 2, "account": "a", "user": "ua", "shares": 1, "usage_raw": 18},
          {"id": 4, "parent": 1, "account": "b", "user": null, "shares": 3},
          {"id": 5, "parent": 4, "account": "b", "user": "ub", "shares": 1, "usage_raw": 27},
          {"id": 6, "parent": 1, "account": "c", "user": null, "shares": 5},
          {"id": 7, "parent": 6, "account": "c", "user": "uc", "shares": 1, "usage_raw": 45}
        ]}"#;
        let f = Fixture::new(fairshare::scenario::parse(text).0.unwrap());
        let model = f.model(&BTreeSet::new());
        let marked: Vec<&Arc<NodeView>> = model
            .nodes
            .iter()
            .filter(|n| n.artefact.is_some())
            .collect();
        let expected = f.run.assocs.iter().filter(|a| a.artefact.is_some()).count();
        assert_eq!(marked.len(), expected);
        for n in marked {
            let text = n.artefact.as_deref().unwrap();
            assert!(text.starts_with("80-bit rounding"), "{text}");
            assert!(n.label.ends_with(text));
        }
    }

    #[test]
    fn unsorted_lists_are_drawn_in_list_order_during_the_animation() {
        let f = Fixture::new(preset("classic-example"));
        let start = Frame::at(&f.run.steps, 0);
        let all = || 0..f.h.len();
        let unsorted = unsorted_parents(&f.h, &start, all());
        assert!(
            unsorted.contains(&f.h.root()),
            "nothing is sorted at step 0"
        );
        assert_eq!(
            unsorted_parents(&f.h, &start, [f.h.root(), 999]),
            [f.h.root()],
            "only the accounts asked about, in range"
        );
        let end = Frame::at(&f.run.steps, f.run.steps.len());
        assert!(unsorted_parents(&f.h, &end, all()).is_empty());
        let outline = Outline::new(&f.h, &f.run);
        let visible = shown(&f.scenario.tree, &outline, &BTreeSet::new());
        let input = |unsorted| ModelInput {
            ranked: &f.ranked,
            slurm_run: None,
            what_if: None,
            outline: &outline,
            visible: &visible,
            unsorted,
            lang: Lang::En,
        };
        let sorted = build(&input(None));
        let drawn = build(&input(Some(&unsorted)));
        // The DOM order stays the visiting order; only positions change.
        assert_eq!(ids(&sorted), ids(&drawn));
        let x = |m: &TreeModel, id: u32| node(m, id).transform.clone();
        assert_ne!(
            x(&sorted, 2),
            x(&drawn, 2),
            "AccountA is drawn first in list order"
        );
    }

    #[test]
    fn overlay_boxes_are_relative_to_the_parent() {
        let f = Fixture::new(preset("classic-example"));
        let model = f.model(&BTreeSet::new());
        let root = node(&model, 1);
        assert!(root.overlay_style.starts_with("left: "));
        assert!(root.edge.is_none());
        assert!(node(&model, 3).edge.as_deref().unwrap().starts_with("M "));
        assert!(model.canvas_style(2.0).starts_with("width: "));
        assert_eq!(auto_scale(1000.0, 500.0, 2000.0, 2000.0), MAX_FIT_SCALE);
        assert_eq!(
            auto_scale(1000.0, 500.0, 900.0, 500.0),
            0.9,
            "shrinks to fit while readable"
        );
        assert_eq!(
            auto_scale(1000.0, 500.0, 500.0, 500.0),
            READABLE_SCALE,
            "never below readable"
        );
        assert_eq!(auto_scale(1000.0, 500.0, 0.0, 0.0), 1.0);
        assert!(model.view_box().starts_with("0 0 "));
    }

    #[test]
    fn big_trees_build_only_what_is_shown() {
        // The model holds the shown entries only. (How long the three steps take:
        // `cargo bench -p fairshare-explorer --bench app -- tree_view`.)
        for n in [1_000, 10_000, 100_000] {
            let f = Fixture::new(fairshare::r#gen::scenario(n, 42));
            let outline = Outline::new(&f.h, &f.run);
            let deep = (0..n).max_by_key(|&ix| f.h.depth(ix)).unwrap();
            let request = crate::tree::visible::Request {
                focus: vec![deep],
                ..Default::default()
            };
            let visible = crate::tree::visible::visible(&outline, &request, None);
            let model = build(&ModelInput {
                ranked: &f.ranked,
                slurm_run: None,
                what_if: Some(WhatIf {
                    baseline: &f.scenario.tree,
                    moves: &RunDiff::default(),
                    before: None,
                }),
                outline: &outline,
                visible: &visible,
                unsorted: None,
                lang: Lang::En,
            });
            assert_eq!(model.nodes.len(), visible.node_count());
            assert_eq!(model.nodes.len() + model.extras.len(), visible.items.len());
            assert!(model.nodes.len() <= crate::tree::visible::MAX_VISIBLE);
            assert!(model.is_visible(f.scenario.tree.assocs()[deep].id));
            let unique: std::collections::HashSet<AssocId> =
                model.nodes.iter().map(|n| n.id).collect();
            assert_eq!(unique.len(), model.nodes.len());
            // Overlay boxes are relative to a box that exists: no NaN or infinite percentages.
            assert!(model.nodes.iter().all(|n| !n.overlay_style.contains("NaN")));
        }
    }

    #[test]
    fn lf_bands() {
        let b = |x: f64| LfBand::of(LevelFsRule::Ratio, Some(LongDouble::from_f64(x)));
        assert_eq!(b(5.0), LfBand::Under3);
        assert_eq!(b(3.0), LfBand::Under2);
        assert_eq!(b(1.5), LfBand::Under1);
        assert_eq!(b(1.0), LfBand::Even);
        assert_eq!(b(0.7), LfBand::Over1);
        assert_eq!(b(0.3), LfBand::Over2);
        assert_eq!(b(0.1), LfBand::Over3);
        // The case is the engine's, whatever the value says.
        let inf = Some(LongDouble::INFINITY);
        assert_eq!(
            LfBand::of(LevelFsRule::NoShares, Some(LongDouble::ZERO)),
            LfBand::Zero
        );
        assert_eq!(LfBand::of(LevelFsRule::NoUsage, inf), LfBand::Inf);
        assert_eq!(LfBand::of(LevelFsRule::Root, None), LfBand::None);
        assert_eq!(LfBand::of(LevelFsRule::ParentUser, inf), LfBand::Parent);
        assert_eq!(LfBand::of(LevelFsRule::ParentAccount, None), LfBand::Parent);
        let classes: BTreeSet<&str> = LfBand::ALL.iter().map(|b| b.as_class()).collect();
        assert_eq!(classes.len(), LfBand::ALL.len());
    }
}
