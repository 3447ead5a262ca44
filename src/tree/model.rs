//! The association tree's view model: everything the tree view shows, as plain data.
//!
//! [`build`] turns engine results (the tree, its [`Hierarchy`], a [`FairTreeRun`], optionally
//! the run under Slurm's tie rule and the what-if baseline) into one [`NodeView`] per visible
//! association: the `data-*` attributes of the UI contract, the accessible name, the texts of
//! the SVG card (numbers formatted by the engine's `sshare` module, exactly as sshare prints
//! them), the colour band, the badges and tags, and the geometry from the engine's tidy layout.
//! The components in `tree::view` only put these values into markup.
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
use std::sync::Arc;

use fairshare::fair_tree::{FairTreeRun, LevelFsRule, RoundingArtefact};
use fairshare::sshare::{self, Column};
use fairshare::step::{Frame, NodeStatus};
use fairshare::{AssocId, AssocKind, AssocTree, Hierarchy, LongDouble, Ranked};

use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::tree::visible::{Item, Outline, Visible};

mod card;
mod classes;
mod geometry;
mod kept;
mod keyboard;
mod pipeline;
#[cfg(test)]
mod tests;

use card::*;
pub use classes::*;
pub use geometry::*;
pub use kept::KeptModels;
pub use keyboard::*;
pub use pipeline::*;

// ---------------------------------------------------------------------------------------------
// Number formatting
// ---------------------------------------------------------------------------------------------

pub use fairshare::format::{sig17, trim_fixed};

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
    /// "… N more": the n-th run (0 first) of hidden siblings below this parent (its place among
    /// the parent's runs, which stays when the shown window beside it moves; the run's child
    /// positions are [`ExtraView::range`]).
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
    /// Overlay box relative to its parent treeitem's box (as [`NodeView::overlay_style`]).
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
    /// Card position in the drawing: CSS `transform` value (the SVG export and the
    /// pre-rendered page draw the card as a `<g>` in one SVG).
    pub transform: String,
    /// The live card's box in the canvas: width and height in drawing units times the canvas's
    /// `--ft-scale`, moved there by a `transform` in percentages of its own size, so the card
    /// scales with the drawing, a move is a compositor transition, and a change of the drawing's
    /// size alone does not change it.
    pub card_style: String,
    /// The edge from the parent (drawing coordinates), as SVG path data.
    pub edge: Option<String>,
    /// The same path as a CSS `d` declaration (so that it transitions with the cards).
    pub edge_style: Option<String>,
    /// Overlay box relative to the parent's box (root: to the canvas): CSS `width/height` in
    /// drawing units times the canvas's `--ft-scale`, placed by a `transform` in percentages of
    /// its own size.
    pub overlay_style: String,
}

/// What of a node's view nests and names it, not its numbers nor where it is drawn: what its
/// card's class and its treeitem's group and toggle read. A Raw usage or Shares edit that moves
/// nobody changes the numbers of most shown nodes (every node on the edited path and its
/// siblings) and none of their places, so the view keeps these in signals of their own
/// (`TreeCtx::places`): their readers are not woken by a change of numbers, only to find the
/// same place. Where it is drawn is [`NodePos`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodePlace {
    /// [`NodeView::ix`].
    pub ix: usize,
    /// [`NodeView::class`].
    pub class: String,
    /// [`NodeView::has_children`].
    pub has_children: bool,
    /// [`NodeView::expanded`].
    pub expanded: bool,
    /// [`NodeView::children`].
    pub children: Vec<ChildRef>,
    /// [`NodeView::name`].
    pub name: String,
}

impl NodePlace {
    /// The place of `n`.
    pub fn of(n: &NodeView) -> Self {
        Self {
            ix: n.ix,
            class: n.class.clone(),
            has_children: n.has_children,
            expanded: n.expanded,
            children: n.children.clone(),
            name: n.name.clone(),
        }
    }
}

/// Where a node is drawn: its card's box, its edge and its treeitem's box. An edit that moves
/// the shown window of a sibling list (a reordering edit, a walk step into another account)
/// moves every shown entry after it, changing only this: the view keeps it in a signal of its
/// own (`TreeCtx::poses`), each written into its three elements by one writer, so a moved
/// entry wakes those and nothing else.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodePos {
    /// [`NodeView::card_style`].
    pub card_style: String,
    /// [`NodeView::edge`].
    pub edge: Option<String>,
    /// [`NodeView::edge_style`].
    pub edge_style: Option<String>,
    /// [`NodeView::overlay_style`].
    pub overlay_style: String,
}

impl NodePos {
    /// Where `n` is drawn.
    pub fn of(n: &NodeView) -> Self {
        Self {
            card_style: n.card_style.clone(),
            edge: n.edge.clone(),
            edge_style: n.edge_style.clone(),
            overlay_style: n.overlay_style.clone(),
        }
    }
}

impl NodeView {
    /// Whether `self` and `other` are equal but for where they are drawn (their box, transform,
    /// card style, edge and overlay style: [`NodePos`]): what the readers of a node's view
    /// (its card's texts, its treeitem's attributes) need not hear of.
    pub fn same_but_drawn(&self, other: &Self) -> bool {
        // Every field named, so that a new one is compared (or left out) on purpose.
        let Self {
            id,
            ix,
            kind,
            level,
            parent,
            children,
            has_children,
            expanded,
            name,
            inferred,
            account,
            level_fs_attr,
            fairshare_attr,
            rank_attr,
            position_attr,
            position_before_attr,
            shares_norm_attr,
            usage_effective_attr,
            label,
            class,
            artefact,
            card,
            bbox: _,
            transform: _,
            card_style: _,
            edge: _,
            edge_style: _,
            overlay_style: _,
        } = self;
        *id == other.id
            && *ix == other.ix
            && *kind == other.kind
            && *level == other.level
            && *parent == other.parent
            && *children == other.children
            && *has_children == other.has_children
            && *expanded == other.expanded
            && *name == other.name
            && *inferred == other.inferred
            && *account == other.account
            && *level_fs_attr == other.level_fs_attr
            && *fairshare_attr == other.fairshare_attr
            && *rank_attr == other.rank_attr
            && *position_attr == other.position_attr
            && *position_before_attr == other.position_before_attr
            && *shares_norm_attr == other.shares_norm_attr
            && *usage_effective_attr == other.usage_effective_attr
            && *label == other.label
            && *class == other.class
            && *artefact == other.artefact
            && *card == other.card
    }
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

    /// CSS of the canvas drawn at `scale` CSS pixels per drawing unit: its size, and `scale` as
    /// `--ft-scale`, which the cards' and treeitems' boxes are sized by (in drawing units, so that
    /// a change of the drawing's size alone rewrites none of them).
    pub fn canvas_style(&self, scale: f64) -> String {
        let (w, h) = (self.width.max(1.0), self.height.max(1.0));
        css_list(&[
            ("width: ", w * scale, 1, "px; "),
            ("height: ", h * scale, 1, "px; "),
            ("--ft-scale: ", scale, 6, ";"),
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
    /// The baseline ranked with Slurm's tie rule (`AppState::baseline_ranked`; users not in
    /// its tree are tagged "new").
    pub base: &'a Ranked,
    /// The tree ranked with Slurm's tie rule (`AppState::slurm_ranked`): a shown user's move
    /// is read from the two alone ([`fairshare::diff::moved`], O(1) a user), so an edit diffs
    /// no whole tree for the tags.
    pub cur: &'a Ranked,
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

/// The model the tree view builds when `tree` opens: Slurm's tie rule, what is shown at first
/// ([`crate::tree::visible::Request::default`]), no what-if, every sibling list sorted. One
/// builder for the tests that need a whole drawing (the pre-render, the minimap).
#[cfg(test)]
pub fn opening_model(tree: &AssocTree, lang: Lang) -> TreeModel {
    let ranked = Ranked::new(tree, fairshare::TieRule::Slurm);
    let outline = Outline::new(ranked.hierarchy(), ranked.run());
    let shown = crate::tree::visible::visible(&outline, &Default::default(), None);
    build(&ModelInput {
        ranked: &ranked,
        slurm_run: None,
        what_if: None,
        outline: &outline,
        visible: &shown,
        unsorted: None,
        lang,
    })
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
