//! `<NodeCard/>` and `<NodeEdge/>`: the card of one association and the edge into it
//! (decorative: the ARIA overlay speaks for them).
//!
//! The card is an `<svg>` of its own in the HTML cards layer, over the drawing's SVG that holds
//! the edges. Both keep their elements for the association's whole life, so when the layout
//! moves them, CSS transitions animate the move: the card's `transform` (an HTML box's, which
//! the compositor runs without restyling or repainting the page each frame) and the edge's `d`
//! (a repaint of the edges alone). The live card's contents are drawn by one writer from its
//! view ([`super::card_draw`]: built with the card, then only what changed written), so an edit
//! writes only what changed and a card built is three reactive nodes (class, place, contents);
//! [`CardBody`] draws the same elements statically (the SVG export, the pre-rendered page).
//! Accounts are square-cornered with a folder icon, users
//! round-cornered with a person icon and a rank bar, the root has a double border; the
//! header's colour is the Level FS band (see style/tree.css and the legend).

use std::sync::Arc;

use fairshare::format::shortest;
use fairshare::step::NodeStatus;
use fairshare::{AssocId, AssocKind};
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;
use leptos::svg;

use crate::player::marks::FrameMarks;
use crate::state::AppState;
use crate::tree::model::{
    BADGE_Y, BAR_H, BAR_Y, CardView, HEADER_H, ICON_W, INNER_INSET, LINE_Y, PAD, status_class,
};

use super::TreeCtx;
use super::card_draw::{self, CardDraw};
use super::compare_marks::CompareRole;
use super::pos::write_pos;

/// The icon of each kind, drawn in a 14×14 box.
pub(super) fn icon_path(kind: AssocKind) -> &'static str {
    match kind {
        // A folder.
        AssocKind::Account => "M0 3 h5 l2 2 h7 v8 h-14 z",
        // A person: head and shoulders.
        AssocKind::User | AssocKind::Hidden => {
            "M7 1 a3 3 0 1 1 0 6 a3 3 0 1 1 0 -6 z M1 14 c0 -4 3 -6 6 -6 c3 0 6 2 6 6 z"
        }
        // A branching root.
        AssocKind::Root => "M7 1 v5 M7 6 l-5 5 M7 6 l5 5 M7 6 v7 M1 11 h2 M11 11 h2",
    }
}

/// What a card's classes say besides the model's: the animation status, whether it is the
/// selected association or the current step's, and its role in the comparison.
#[derive(Clone, Copy, Default)]
struct CardMarks {
    status: Option<NodeStatus>,
    selected: bool,
    current: bool,
    compare: Option<CompareRole>,
}

/// The card's classes: the model's (`class`: kind, Level FS band) plus its marks. One class
/// string (one effect per card, written only when it changes) rather than a toggle per mark.
fn card_class(class: &str, marks: CardMarks) -> String {
    let mut res = class.to_string();
    let mut add = |c: &str| {
        res.push(' ');
        res.push_str(c);
    };
    if let Some(status) = marks.status {
        add(status_class(status));
    }
    if marks.selected {
        add("ft-node--selected");
    }
    if marks.current {
        add("ft-node--current");
    }
    match marks.compare {
        Some(CompareRole::Path) => add("ft-node--compare-path"),
        Some(CompareRole::Ancestor) => add("ft-node--compare-ancestor"),
        Some(CompareRole::Decider) => add("ft-node--compare-decider"),
        None => {}
    }
    res
}

/// The edge into one association's card (in the drawing's SVG).
#[component]
pub fn NodeEdge(id: AssocId) -> impl IntoView {
    let ctx = TreeCtx::expect();
    // Its path follows where the node is drawn ([`TreeCtx::poses`]), by one writer: a new view
    // of its numbers (on every edit along its path) does not wake it, and a move wakes only it.
    let el = NodeRef::<svg::Path>::new();
    let mut pos = write_pos(
        ctx,
        id,
        Box::new(move || el.get_untracked().map(Into::into)),
        &["d", "style"],
        |p| {
            vec![
                Some(p.edge.clone().unwrap_or_default()),
                Some(p.edge_style.clone().unwrap_or_default()),
            ]
        },
    );
    let (edge_style, d) = (pos.pop().flatten(), pos.pop().flatten());
    // Its index from its place, which neither an edit of numbers nor a move writes.
    let compare = move || {
        ctx.places
            .with(id, |p| p.as_ref().map(|p| p.ix))
            .and_then(|ix| ctx.compare.role(ix))
    };
    view! {
        <path
            class="ft-edge"
            class:ft-edge--compare=move || compare().is_some()
            node_ref=el
            d=d
            style={edge_style}
        ></path>
    }
}

/// One association's card (an `<svg>` in the HTML cards layer).
#[component]
pub fn NodeCard(id: AssocId) -> impl IntoView {
    let state = AppState::expect();
    let ctx = TreeCtx::expect();
    // Its place (index, class), read directly: neither an edit of numbers nor a move writes it,
    // so its readers need no memo in between.
    let ix = move || ctx.places.with(id, |p| p.as_ref().map(|p| p.ix));
    // Per-association marks, not `state.frame`: N cards reading the frame make a step O(N²).
    let marks = FrameMarks::use_or_new(state);
    let status = move || ix().and_then(|ix| marks.status(ix));
    let compare = move || ix().and_then(|ix| ctx.compare.role(ix));
    let selected = move || state.selected().get() == Some(id);
    let current = move || ix().is_some_and(|ix| marks.is_current(ix));
    // Every class in one closure: a card is one class effect, not one per toggled mark (fewer
    // reactive nodes to build and dispose of when cards come into and go out of view).
    let class = move || {
        let marks = CardMarks {
            status: status(),
            selected: selected(),
            current: current(),
            compare: compare(),
        };
        ctx.places
            .with(id, |p| p.as_ref().map(|p| card_class(&p.class, marks)))
    };
    // Its box follows where it is drawn, by one writer (a move wakes only it).
    let el = NodeRef::<svg::Svg>::new();
    let mut pos = write_pos(
        ctx,
        id,
        Box::new(move || el.get_untracked().map(Into::into)),
        &["style"],
        |p| vec![Some(p.card_style.clone())],
    );
    let box_style = pos.pop().flatten();
    // Everything inside it (and its `viewBox`) is drawn by one writer from its view: built with
    // the card (`use:` below), then written where it changed (`card_draw`).
    let first = draw_card(ctx, id, el);
    view! {
        <svg
            class=class
            node_ref=el
            style={box_style}
            focusable="false"
            use:build_card=first
        ></svg>
    }
}

/// Keeps the inside of card `id`'s `<svg>` (`el`, once built) equal to what its view draws
/// ([`CardDraw::of`]), compact or not, by one effect writing only what changed; returns what
/// the card is built with. Once the view has ended the card is leaving: nothing is written to
/// it on its way out (should the view come back, it is drawn from what is there).
fn draw_card(ctx: TreeCtx, id: AssocId, el: NodeRef<svg::Svg>) -> Arc<CardDraw> {
    let writer = RenderEffect::new_isomorphic(move |prev: Option<Arc<CardDraw>>| {
        let compact = ctx.compact.get();
        let new = ctx
            .nodes
            .with(id, |n| CardDraw::of(n.as_ref().map(|n| &n.card), compact));
        let Some(prev) = prev else {
            return Arc::new(new);
        };
        let Some(svg) = el.get_untracked() else {
            // Not built yet: what it will be built with stays the reference.
            return prev;
        };
        if !new.is_some() || *prev == new {
            return prev;
        }
        card_draw::update(&svg, &prev, &new);
        Arc::new(new)
    });
    let first = writer.with_value_mut(|v| v.clone()).unwrap_or_default();
    // It lives as long as the card's view.
    StoredValue::new(Arc::new(writer));
    first
}

/// The `use:` directive that draws a card's first contents when its `<svg>` is built.
fn build_card(el: web_sys::Element, first: Arc<CardDraw>) {
    card_draw::build(&el, &first);
}
/// What a card's text line says.
pub(super) type LineText = fn(&CardView) -> String;

/// The card's text lines under its name, for the live card and the static one alike: what each
/// says, whether it is right-aligned (at the card's right edge; else left, at [`PAD`]), and its
/// line ([`LINE_Y`]).
pub(super) const CARD_LINES: [(LineText, bool, usize); 5] = [
    (|c| c.shares.clone(), false, 0),
    (|c| c.s.clone(), true, 0),
    (|c| c.usage.clone(), false, 1),
    (|c| c.u.clone(), true, 1),
    (|c| c.level_fs_label.clone(), false, 2),
];

/// The contents of a card (static: redrawn when the card's view changes; also drawn by the
/// SVG export, [`super::picture::TreePicture`]).
#[component]
pub fn CardBody(card: CardView) -> impl IntoView {
    let user = card.rank.clone().map(|rank| {
        view! {
            <g class="ft-node__rank">
                <text class="ft-node__text" x=shortest(PAD) y=shortest(LINE_Y[3])>
                    {rank.position}
                </text>
                <text
                    class="ft-node__text ft-node__fs"
                    x=shortest(card.right_x)
                    y=shortest(LINE_Y[3])
                    text-anchor="end"
                >
                    {rank.fairshare}
                </text>
                <rect class="ft-node__bar" x=shortest(PAD) y=shortest(BAR_Y) width=shortest(rank.bar_w) height=shortest(BAR_H)></rect>
                <rect
                    class="ft-node__bar-fill"
                    x=shortest(PAD)
                    y=shortest(BAR_Y)
                    width=shortest(rank.fill_w)
                    height=shortest(BAR_H)
                ></rect>
            </g>
        }
        .into_any()
    });
    let artefact = card.artefact.clone().map(|text| {
        view! {
            <g class="ft-node__artefact">
                <circle cx=shortest(card.right_x) cy="12" r="8"></circle>
                <text x=shortest(card.right_x) y="16" text-anchor="middle">
                    {text}
                </text>
            </g>
        }
        .into_any()
    });
    let tags = card
        .tags
        .iter()
        .map(|tag| {
            view! {
                <text class=tag.class x=shortest(PAD) y=shortest(tag.y)>
                    {tag.text.clone()}
                </text>
            }
        })
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    let lines = CARD_LINES.map(|(text, right, line)| {
        view! {
            <text
                class="ft-node__text"
                x=shortest(if right { card.right_x } else { PAD })
                y=shortest(LINE_Y[line])
                text-anchor=right.then_some("end")
            >
                {text(&card)}
            </text>
        }
    });
    // The root's inner border (only the root draws one), as the live card.
    let inner = (card.kind == AssocKind::Root).then(|| {
        view! {
            <rect
                class="ft-node__inner"
                x=shortest(INNER_INSET)
                y=shortest(INNER_INSET)
                width=shortest(card.inner_w)
                height=shortest(card.inner_h)
            ></rect>
        }
    });
    let badge = card.badge.kind.as_class();
    view! {
        <rect class="ft-node__body" width=shortest(card.w) height=shortest(card.h)></rect>
        {inner}
        <rect class="ft-node__header" width=shortest(card.w) height=shortest(HEADER_H)></rect>
        <path class="ft-node__icon" transform="translate(7 5)" d=icon_path(card.kind)></path>
        <text class="ft-node__name" x=shortest(ICON_W) y="16">
            {card.display_name.clone()}
        </text>
        {lines}
        <rect class=badge x=shortest(card.badge.x) y=shortest(BADGE_Y) width=shortest(card.badge.w) height="16" rx="8"></rect>
        <text class=badge x=shortest(card.badge.cx) y=shortest(LINE_Y[2]) text-anchor="middle">
            {card.badge.text.clone()}
        </text>
        {user}
        {artefact}
        {tags}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::model::{ModelInput, NodeView, build};
    use fairshare::{Ranked, TieRule};
    use std::sync::Arc;

    #[test]
    fn each_kind_has_its_own_icon() {
        let kinds = [AssocKind::Root, AssocKind::Account, AssocKind::User];
        let icons: std::collections::BTreeSet<&str> = kinds.iter().map(|&k| icon_path(k)).collect();
        assert_eq!(icons.len(), 3);
    }

    #[test]
    fn status_classes_are_added_only_while_animating() {
        let scenario = crate::presets::by_id("classic-example").unwrap().scenario();
        let ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
        let outline = crate::tree::visible::Outline::new(ranked.hierarchy(), ranked.run());
        let visible = crate::tree::visible::visible(&outline, &Default::default(), None);
        let model = build(&ModelInput {
            ranked: &ranked,
            slurm_run: None,
            what_if: None,
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: crate::messages::Lang::En,
        });
        let user: &Arc<NodeView> = model.get(AssocId(211)).unwrap();
        assert_eq!(
            card_class(&user.class, CardMarks::default()),
            "ft-node ft-node--user ft-lf--even"
        );
        let ranked = CardMarks {
            status: Some(NodeStatus::Ranked),
            ..CardMarks::default()
        };
        assert_eq!(
            card_class(&user.class, ranked),
            "ft-node ft-node--user ft-lf--even ft-node--ranked"
        );
    }

    #[test]
    fn the_selection_current_step_and_comparison_are_classes_of_the_one_class_string() {
        let marks = CardMarks {
            status: Some(NodeStatus::Ranked),
            selected: true,
            current: true,
            compare: Some(CompareRole::Decider),
        };
        assert_eq!(
            card_class("ft-node ft-node--user", marks),
            "ft-node ft-node--user ft-node--ranked ft-node--selected ft-node--current \
             ft-node--compare-decider"
        );
        for (role, class) in [
            (CompareRole::Path, "ft-node--compare-path"),
            (CompareRole::Ancestor, "ft-node--compare-ancestor"),
        ] {
            let marks = CardMarks {
                compare: Some(role),
                ..CardMarks::default()
            };
            assert_eq!(card_class("ft-node", marks), format!("ft-node {class}"));
        }
    }
}
