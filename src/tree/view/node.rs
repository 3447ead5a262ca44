//! `<NodeCard/>` and `<NodeEdge/>`: the card of one association and the edge into it
//! (decorative: the ARIA overlay speaks for them).
//!
//! The card is an `<svg>` of its own in the HTML cards layer, over the drawing's SVG that holds
//! the edges. Both keep their elements for the association's whole life, so when the layout
//! moves them, CSS transitions animate the move: the card's `transform` (an HTML box's, which
//! the compositor runs without restyling or repainting the page each frame) and the edge's `d`
//! (a repaint of the edges alone). The live card's contents are built once and each text and
//! length follows the card's view ([`LiveCardBody`]), so an edit writes only what changed;
//! [`CardBody`] draws the same elements statically (the SVG export, the pre-rendered page).
//! Accounts are square-cornered with a folder icon, users
//! round-cornered with a person icon and a rank bar, the root has a double border; the
//! header's colour is the Level FS band (see style/tree.css and the legend).

use fairshare::format::shortest;
use fairshare::step::NodeStatus;
use fairshare::{AssocId, AssocKind};
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;
use leptos::svg;

use crate::player::marks::FrameMarks;
use crate::state::AppState;
use crate::tree::model::{
    BADGE_Y, BAR_H, BAR_Y, CardView, HEADER_H, ICON_W, INNER_INSET, LINE_Y, PAD, RankLine, Tag,
    status_class,
};
use crate::widgets::slots::{Slot, follow, write_slots};
use crate::widgets::when::When;

use super::compare_marks::CompareRole;
use super::item::use_node;
use super::pos::write_pos;
use super::{TreeCtx, memo_of};

/// The icon of each kind, drawn in a 14×14 box.
fn icon_path(kind: AssocKind) -> &'static str {
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
    let node = use_node(ctx, id);
    let card = memo_of(move || node.with(|n| n.as_ref().map(|n| n.card.clone())));
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
    // Only the root's card draws the inner border (hidden on every other card by style/tree.css):
    // one element fewer to build and restyle per card coming into view. A memo of the class,
    // which changes with the Level FS band, not with the card's numbers.
    let root = memo_of(move || {
        ctx.places.with(id, |p| {
            p.as_ref()
                .is_some_and(|p| p.class.contains("ft-node--root"))
        })
    });
    let view_box = move || {
        card.with(|c| {
            c.as_ref().map(|c| {
                let mut res = String::from("0 0 ");
                res.push_str(&shortest(c.w));
                res.push(' ');
                res.push_str(&shortest(c.h));
                res
            })
        })
    };
    view! {
        <svg
            class=class
            node_ref=el
            style={box_style}
            viewBox=view_box
            focusable="false"
        >
            {move || {
                if ctx.compact.get() {
                    view! { <LiveMarkBody card /> }.into_any()
                } else {
                    let root = root.get();
                    view! { <LiveCardBody card root /> }.into_any()
                }
            }}
        </svg>
    }
}

/// A length of the live card (drawing units), written as [`shortest`] does.
fn card_len(
    card: Memo<Option<CardView>>,
    f: fn(&CardView) -> f64,
) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    move || shortest(card.with(|c| c.as_ref().map_or(0.0, f)))
}

/// What a card's text line says.
type LineText = fn(&CardView) -> String;

/// The card's text lines under its name, for the live card and the static one alike: what each
/// says, whether it is right-aligned (at the card's right edge; else left, at [`PAD`]), and its
/// line ([`LINE_Y`]).
const CARD_LINES: [(LineText, bool, usize); 5] = [
    (|c| c.shares.clone(), false, 0),
    (|c| c.s.clone(), true, 0),
    (|c| c.usage.clone(), false, 1),
    (|c| c.u.clone(), true, 1),
    (|c| c.level_fs_label.clone(), false, 2),
];

/// Zoomed out: the card as one compact mark, coloured by its Level FS band (the class of the
/// enclosing `<svg>`), with no text.
#[component]
fn LiveMarkBody(card: Memo<Option<CardView>>) -> impl IntoView {
    view! {
        <rect
            class="ft-node__mark"
            width=card_len(card, |c| c.w)
            height=card_len(card, |c| c.h)
            rx="10"
        ></rect>
    }
}

/// The elements of the live card's fixed part, by index: body, header, icon, name, the five
/// text lines ([`CARD_LINES`]), the badge's rect and text (each with the badge's class: no
/// group around them).
const CARD_ELEMENTS: usize = 11;

/// The values of the live card's fixed part that follow its view: which element
/// ([`CARD_ELEMENTS`]) and what of it.
const CARD_SLOTS: [(usize, Slot); 18] = [
    (0, Slot::Attr("width")),
    (0, Slot::Attr("height")),
    (1, Slot::Attr("width")),
    (2, Slot::Attr("d")),
    (3, Slot::Text),
    (4, Slot::Text),
    (5, Slot::Text),
    (6, Slot::Text),
    (7, Slot::Text),
    (8, Slot::Text),
    (5, Slot::Attr("x")),
    (7, Slot::Attr("x")),
    (9, Slot::Attr("class")),
    (10, Slot::Attr("class")),
    (9, Slot::Attr("x")),
    (9, Slot::Attr("width")),
    (10, Slot::Attr("x")),
    (10, Slot::Text),
];

/// The values of [`CARD_SLOTS`] for card `c` (lengths as [`shortest`] writes them; zero
/// lengths and empty texts while it has none).
fn card_slots(c: Option<&CardView>) -> [String; 18] {
    let len = |f: fn(&CardView) -> f64| shortest(c.map_or(0.0, f));
    let text = |f: fn(&CardView) -> String| c.map(f).unwrap_or_default();
    let [l0, l1, l2, l3, l4] = CARD_LINES.map(|(f, _, _)| text(f));
    let badge = c
        .map(|c| c.badge.kind.as_class())
        .unwrap_or_default()
        .to_string();
    [
        len(|c| c.w),
        len(|c| c.h),
        len(|c| c.w),
        c.map(|c| icon_path(c.kind)).unwrap_or_default().to_string(),
        text(|c| c.display_name.clone()),
        l0,
        l1,
        l2,
        l3,
        l4,
        len(|c| c.right_x),
        len(|c| c.right_x),
        badge.clone(),
        badge,
        len(|c| c.badge.x),
        len(|c| c.badge.w),
        len(|c| c.badge.cx),
        text(|c| c.badge.text.clone()),
    ]
}

/// The live card's contents: the same elements as [`CardBody`], built once. The fixed part's
/// texts and lengths ([`CARD_SLOTS`]) are written by one effect that compares each with what
/// it wrote last, so an edit (which changes most cards' numbers) writes only what changed and
/// wakes one effect per changed card, not one per text and length: redrawing the body as a
/// whole rebuilt every element's attributes (in the wasm build, with `--cfg erase_components`,
/// a rebuilt element removes and sets all its attributes), about 80 DOM writes per card and a
/// restyle of each of its elements.
///
/// `root`: the card draws the root's inner border (whose lengths follow the card's).
#[component]
fn LiveCardBody(card: Memo<Option<CardView>>, root: bool) -> impl IntoView {
    // The rank line, the right edge and the tags as memos: most edits change a card's
    // numbers but not its rank line or its tags, whose elements then wake no effect.
    let rank = memo_of(move || card.with(|c| c.as_ref().and_then(|c| c.rank.clone())));
    let tags = memo_of(move || card.with(|c| c.as_ref().map(|c| c.tags.clone())));
    let right = memo_of(move || card.with(|c| c.as_ref().map_or(0.0, |c| c.right_x)));
    let has_rank = move || rank.with(Option::is_some);
    let (body, header) = (NodeRef::<svg::Rect>::new(), NodeRef::<svg::Rect>::new());
    let icon = NodeRef::<svg::Path>::new();
    let name = NodeRef::<svg::Text>::new();
    let line_refs = [(); 5].map(|()| NodeRef::<svg::Text>::new());
    let badge_rect = NodeRef::<svg::Rect>::new();
    let badge_text = NodeRef::<svg::Text>::new();
    let elements = move || -> [Option<web_sys::Element>; CARD_ELEMENTS] {
        [
            body.get_untracked().map(Into::into),
            header.get_untracked().map(Into::into),
            icon.get_untracked().map(Into::into),
            name.get_untracked().map(Into::into),
            line_refs[0].get_untracked().map(Into::into),
            line_refs[1].get_untracked().map(Into::into),
            line_refs[2].get_untracked().map(Into::into),
            line_refs[3].get_untracked().map(Into::into),
            line_refs[4].get_untracked().map(Into::into),
            badge_rect.get_untracked().map(Into::into),
            badge_text.get_untracked().map(Into::into),
        ]
    };
    // The first run (now) gives what the elements are built with.
    let built = StoredValue::new(None::<[String; 18]>);
    let writer = RenderEffect::new_isomorphic(move |prev: Option<[String; 18]>| {
        let new = card.with(|c| card_slots(c.as_ref()));
        let Some(prev) = prev else {
            built.set_value(Some(new.clone()));
            return new;
        };
        let elements = elements();
        if elements.iter().any(Option::is_none) || card.with(Option::is_none) {
            // Not built yet: what they will be built with stays the reference. Or its view has
            // ended: the card is leaving, and zeroing its lengths would write to an element on
            // its way out (should the view come back, it is written from what is there).
            return prev;
        }
        write_slots(&elements, &CARD_SLOTS, &prev, &new);
        new
    });
    StoredValue::new(std::sync::Arc::new(writer));
    let first = built.get_value().unwrap_or_default();
    // The rare parts, drawn again only when they change.
    // Its text; its place is the right edge (`right`).
    let artefact = memo_of(move || card.with(|c| c.as_ref().and_then(|c| c.artefact.clone())));
    // How many tags the card has: the tag elements are made again only when it changes; each
    // tag's text, class and place follow its slot (a what-if tag's count changes on most edits,
    // and rebuilding the tags set every attribute of each again).
    let n_tags = memo_of(move || tags.with(|t| t.as_ref().map_or(0, Vec::len)));
    // A left line's x reads nothing reactive, so it is written once.
    let line_view = |k: usize| {
        let (_, right, line) = CARD_LINES[k];
        let x = if right {
            first[10].clone()
        } else {
            shortest(PAD)
        };
        view! {
            <text
                class="ft-node__text"
                node_ref=line_refs[k]
                x=x
                y=shortest(LINE_Y[line])
                text-anchor=right.then_some("end")
            >
                {first[5 + k].clone()}
            </text>
        }
    };
    let lines = [0, 1, 2, 3, 4].map(line_view);
    let inner = root.then(|| {
        view! {
            <rect
                class="ft-node__inner"
                x=shortest(INNER_INSET)
                y=shortest(INNER_INSET)
                width=card_len(card, |c| c.inner_w)
                height=card_len(card, |c| c.inner_h)
            ></rect>
        }
    });
    view! {
        <rect
            class="ft-node__body"
            node_ref=body
            width=first[0].clone()
            height=first[1].clone()
        ></rect>
        {inner}
        <rect
            class="ft-node__header"
            node_ref=header
            width=first[2].clone()
            height=shortest(HEADER_H)
        ></rect>
        <path class="ft-node__icon" node_ref=icon transform="translate(7 5)" d=first[3].clone()></path>
        <text class="ft-node__name" node_ref=name x=shortest(ICON_W) y="16">
            {first[4].clone()}
        </text>
        {lines}
        <rect
            class=first[12].clone()
            node_ref=badge_rect
            x=first[14].clone()
            y=shortest(BADGE_Y)
            width=first[15].clone()
            height="16"
            rx="8"
        ></rect>
        <text
            class=first[13].clone()
            node_ref=badge_text
            x=first[16].clone()
            y=shortest(LINE_Y[2])
            text-anchor="middle"
        >
            {first[17].clone()}
        </text>
        <When when=has_rank>
            <LiveRankLine rank right />
        </When>
        {move || {
            artefact.get().map(|text| {
                let x = right.get();
                view! {
                    <g class="ft-node__artefact">
                        <circle cx=shortest(x) cy="12" r="8"></circle>
                        <text x=shortest(x) y="16" text-anchor="middle">
                            {text}
                        </text>
                    </g>
                }
                .into_any()
            })
        }}
        {move || {
            (0..n_tags.get())
                .map(|k| {
                    let tag = move |f: fn(&Tag) -> String| {
                        move || {
                            tags.with(|t| {
                                t.as_ref()
                                    .and_then(|t| t.get(k))
                                    .map(f)
                                    .unwrap_or_default()
                            })
                        }
                    };
                    view! {
                        <text
                            class=tag(|t| t.class.to_string())
                            x=shortest(PAD)
                            y=tag(|t| shortest(t.y))
                        >
                            {tag(|t| t.text.clone())}
                        </text>
                    }
                })
                .collect::<Vec<_>>()
        }}
    }
}

/// The elements of the live card's rank line, by index: the position text, the FairShare
/// text, the bar and its fill.
const RANK_ELEMENTS: usize = 4;

/// The values of the rank line that follow the card's view: which element ([`RANK_ELEMENTS`])
/// and what of it.
const RANK_SLOTS: [(usize, Slot); 5] = [
    (0, Slot::Text),
    (1, Slot::Text),
    (1, Slot::Attr("x")),
    (2, Slot::Attr("width")),
    (3, Slot::Attr("width")),
];

/// A user's rank line (position, FairShare, the bar), built once while the card has one; its
/// texts and lengths ([`RANK_SLOTS`]) written by one effect, as the card's fixed part: one
/// reactive node per user card built instead of one per text and length.
#[component]
fn LiveRankLine(rank: Memo<Option<RankLine>>, right: Memo<f64>) -> impl IntoView {
    let (position, fairshare) = (NodeRef::<svg::Text>::new(), NodeRef::<svg::Text>::new());
    let (bar, fill) = (NodeRef::<svg::Rect>::new(), NodeRef::<svg::Rect>::new());
    let elements = move || -> [Option<web_sys::Element>; RANK_ELEMENTS] {
        [
            position.get_untracked().map(Into::into),
            fairshare.get_untracked().map(Into::into),
            bar.get_untracked().map(Into::into),
            fill.get_untracked().map(Into::into),
        ]
    };
    let first = follow(
        move |_: Option<&[String; 5]>| {
            let x = shortest(right.get());
            rank.with(|r| {
                let text = |f: fn(&RankLine) -> String| r.as_ref().map(f).unwrap_or_default();
                let len = |f: fn(&RankLine) -> f64| shortest(r.as_ref().map_or(0.0, f));
                [
                    text(|r| r.position.clone()),
                    text(|r| r.fairshare.clone()),
                    x,
                    len(|r| r.bar_w),
                    len(|r| r.fill_w),
                ]
            })
        },
        move |old, new| {
            let elements = elements();
            if elements.iter().any(Option::is_none) || rank.with_untracked(Option::is_none) {
                // Not built yet, or leaving: nothing written (as the card's fixed part).
                return false;
            }
            write_slots(&elements, &RANK_SLOTS, old, new);
            true
        },
    );
    view! {
        <g class="ft-node__rank">
            <text class="ft-node__text" node_ref=position x=shortest(PAD) y=shortest(LINE_Y[3])>
                {first[0].clone()}
            </text>
            <text
                class="ft-node__text ft-node__fs"
                node_ref=fairshare
                x=first[2].clone()
                y=shortest(LINE_Y[3])
                text-anchor="end"
            >
                {first[1].clone()}
            </text>
            <rect
                class="ft-node__bar"
                node_ref=bar
                x=shortest(PAD)
                y=shortest(BAR_Y)
                width=first[3].clone()
                height=shortest(BAR_H)
            ></rect>
            <rect
                class="ft-node__bar-fill"
                node_ref=fill
                x=shortest(PAD)
                y=shortest(BAR_Y)
                width=first[4].clone()
                height=shortest(BAR_H)
            ></rect>
        </g>
    }
}

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
