//! `<TreeView/>`: the association tree as an ordered plane tree (SVG, tidy layout), with an
//! accessible ARIA tree laid over it, at any size.
//!
//! **What is shown** is the visible set ([`crate::tree::visible`]): small trees whole, big ones
//! collapsed below the first levels, sibling groups windowed ("… N more"), deep paths elided
//! ("… K levels"), and always the paths to the selection, the compared user and the node the
//! walk visits. So the nesting of treeitems is bounded (the view recurses per *shown* level
//! only) and the DOM stays small on any tree; text is never scaled below readable size: the
//! drawing scrolls inside its own frame, and zoomed out it shows compact marks.
//!
//! **Two layers, one model.** Everything shown comes from one memo of
//! [`crate::tree::model::TreeModel`] (engine results turned into texts, attributes and
//! geometry, for the shown entries only). It is drawn twice:
//!
//! - a drawing (`aria-hidden`): an SVG of the edges ([`node::NodeEdge`]) and, above it, a layer
//!   of cards, each an `<svg>` of its own ([`node::NodeCard`]); both *flat* keyed lists in tree
//!   order, limited to the cards near the viewport: their DOM order never changes when ranks
//!   change, so every card keeps its element and glides to its new place with a CSS
//!   `transform` transition, which the compositor runs (an SVG `<g>`'s transform would restyle
//!   and repaint the whole drawing every frame of the glide), and every edge with a `d`
//!   transition (no movement under `prefers-reduced-motion`);
//! - an HTML ARIA tree on top of it ([`item::TreeItem`]): `role="tree"`, one `role="treeitem"`
//!   per shown association, children nested in `role="group"` in Fair Tree visiting order, with
//!   the contract's `data-*` attributes and accessible names. Each treeitem is a transparent box
//!   exactly over its card (placed from its parent's box, sized in drawing units times the
//!   canvas's `--ft-scale`, so the overlay scales with the drawing), which takes clicks, focus and
//!   the selection outline.
//!
//! Why not roles on SVG `<g>` elements? The contract needs children *nested* in their parent's
//! treeitem and the DOM order to follow the visiting order. Nested `<g>`s would (1) reorder DOM
//! nodes whenever ranks change, and a moved DOM node loses its CSS transition, so the nodes that
//! move most would jump; and (2) give every account a bounding box that spans its whole subtree,
//! so a click at "the centre of the treeitem" (how people and Playwright click) would land on a
//! child or on empty space. The overlay keeps the drawing free to animate and the tree exact
//! for screen readers and tests.
//!
//! Pan and zoom: the viewport scrolls natively (drag the background, scroll, the pan buttons,
//! or the minimap in its corner); the canvas is the drawing's size times the scale, inside the
//! viewport, so the page never widens. Unzoomed, the scale fits the drawing into the viewport
//! but never goes below 1; "Fit to screen" fits all that is shown, as compact marks when cards
//! would be too small to read.
//!
//! This module wires signals to markup only; rules live in `visible` and `model` (tested
//! natively).

pub mod camera;
pub mod card_draw;
pub mod compare_marks;
pub mod controls;
pub mod entries;
pub mod extra;
pub mod find_box;
pub mod item;
pub mod keyboard;
pub mod legend;
pub mod minimap;
pub mod node;
pub mod opening;
pub mod picture;
pub mod pos;

use std::collections::HashMap;
use std::sync::Arc;

use fairshare::{AssocId, TieRule, fair_tree};
use leptos::html;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::common::CommonMsg;
use crate::messages::tree::TreeMsg;
use crate::player::marks::FrameMarks;
use crate::state::AppState;
use crate::tree::model::{
    self, CARD_MIN_SCALE, ChildRef, ModelInput, NodePlace, NodePos, NodeView, TreeModel, WhatIf,
    auto_scale,
};
use crate::tree::visible::{self, Outline, Request, Visible};
use crate::widgets::index_marks::{KeyedMarks, settled};
use crate::widgets::when::When;
use compare_marks::CompareMarks;
use controls::TreeControls;
use entries::Entries;
use extra::ExtraCard;
use find_box::FindBox;
use legend::Legend;
use minimap::Minimap;
use node::{NodeCard, NodeEdge};
use picture::HatchDefs;

/// The viewport's scroll position and size, in CSS pixels: left, top, width, height.
pub type ViewRect = (f64, f64, f64, f64);

/// Pages of hidden siblings opened with "… N more", per parent: ranges of child positions.
pub type Pages = HashMap<AssocId, Vec<(u32, u32)>>;

/// A memo of `f`, made through one non-generic-in-`f` constructor per value type: every
/// `Memo::new` call site instantiates reactive_graph's memo closure (value comparison, the
/// previous value's drop) for its own closure type, which for the tree view's many small memos
/// (one set per card and treeitem) made the first-load wasm larger for nothing.
pub fn memo_of<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    memo_boxed(Box::new(f))
}

/// [`memo_of`]'s one instantiation per value type.
#[inline(never)]
fn memo_boxed<T>(f: Box<dyn Fn() -> T + Send + Sync>) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| {
        MEMO_RUNS.with(|runs| runs.set(runs.get() + 1));
        f()
    })
}

thread_local! {
    /// How many times memos made by [`memo_of`] computed.
    static MEMO_RUNS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times the memos made by [`memo_of`] (the tree view's per-card and per-treeitem
/// memos among them) have computed on this thread: what a change woke, counted for tests.
pub fn memo_runs() -> u64 {
    MEMO_RUNS.with(std::cell::Cell::get)
}

/// Cards are drawn this far (drawing units) beyond the viewport, so that panning shows them.
const DRAW_MARGIN: f64 = 400.0;

/// The tree view's own state, shared by its parts through context. `Copy`.
#[derive(Clone, Copy)]
pub struct TreeCtx {
    /// The view model.
    pub model: Memo<TreeModel>,
    /// The zoom: `None` fits the tree into the viewport (never below scale 1), `Some(s)` draws
    /// it at scale `s` ("Fit to screen" and the zoom buttons).
    pub zoom: RwSignal<Option<f64>>,
    /// The viewport's scroll position and size (updated on scroll and resize).
    pub view: RwSignal<ViewRect>,
    /// CSS pixels per drawing unit.
    pub scale: Memo<f64>,
    /// Zoomed out below readable cards: compact marks instead. Every card reads it, so it is
    /// [`settled`], not a memo: a new model (every edit) would otherwise mark each card's body
    /// for a check and wake it, to find the same value.
    pub compact: ReadSignal<bool>,
    /// Pages of hidden siblings opened with "… N more".
    pub pages: RwSignal<Pages>,
    /// The treeitem that last had focus (the roving tab stop follows it).
    pub focused: RwSignal<Option<AssocId>>,
    /// The one treeitem with `tabindex="0"`. Every treeitem reads it: [`settled`] (as
    /// [`TreeCtx::compact`]), so an edit that keeps it wakes none of them.
    pub tab_stop: ReadSignal<Option<AssocId>>,
    /// The scrolling viewport.
    pub viewport: NodeRef<html::Div>,
    /// The canvas (drawing + overlay).
    pub canvas: NodeRef<html::Div>,
    /// Each association's role in the "why is B above me?" comparison.
    pub compare: CompareMarks,
    /// Each visible node's view, one signal per association (`None` when hidden): what cards and
    /// treeitems read, rather than `model`, so that a new model wakes only the nodes it changed.
    pub nodes: KeyedMarks<AssocId, Option<Arc<NodeView>>>,
    /// Each visible node's place ([`NodePlace`]), one signal per association: what the edges,
    /// the cards' classes and boxes and the treeitems' groups read, so that an edit that changes
    /// only numbers wakes none of them.
    pub places: KeyedMarks<AssocId, Option<NodePlace>>,
    /// Where each visible node is drawn ([`NodePos`]), one signal per association: what its
    /// card's box, its edge and its treeitem's box are written from, each by one writer
    /// ([`pos::write_pos`]), so that an entry the layout moves (all those after a sibling list's
    /// moved window) wakes those three and no memo. The node's view ([`TreeCtx::nodes`]) is not
    /// written for a move alone ([`NodeView::same_but_drawn`]).
    pub poses: KeyedMarks<AssocId, Option<NodePos>>,
    /// The association the walk is visiting (while the walk is on screen), by position.
    pub follow: ReadSignal<Option<usize>>,
    /// The `role="tree"` element.
    pub tree: NodeRef<html::Div>,
    /// The minimap, over the viewport's corner: the camera treats what it covers as hidden.
    pub minimap: NodeRef<html::Div>,
    /// The minimap's box from the viewport's top-left corner, as last measured (`None`: hidden):
    /// the camera reads it instead of the layout ([`camera::measure`]).
    pub covered: StoredValue<Option<(f64, f64, f64, f64)>>,
    /// The camera's own scroll awaiting its scroll event, which is not measured: the camera set
    /// [`TreeCtx::view`] when it wrote ([`camera::heard_scroll`]).
    pub echo: StoredValue<crate::widgets::scroll_echo::ScrollEcho>,
    /// The association Find last found, when its account lies beyond the frame's edge (the
    /// frame too narrow for both, [`camera::account_away`]): the account is named on the frame
    /// while that association stays selected.
    pub found_away: RwSignal<Option<camera::FoundAway>>,
    /// The root a newly loaded tree opens on, centred in the frame, until the opening hands over
    /// ([`camera::hand_over`]: the person moves the view, something is selected, the tree is
    /// edited, the walk is followed). While it leads, the camera centres the root again when
    /// the frame or the drawing changes size, as they do in the frames after a load, a few
    /// times at most ([`opening::Opening`]).
    pub opening: StoredValue<Option<opening::Opening>>,
}

impl TreeCtx {
    /// The context provided by `<TreeView/>`.
    pub fn expect() -> Self {
        expect_context::<Self>()
    }

    /// Shows the next page of the siblings hidden at positions `[from, to)` below `parent`.
    pub fn show_more(self, parent: AssocId, from: u32, to: u32) {
        let end = to.min(from.saturating_add(visible::PAGE));
        self.pages
            .update(|p| p.entry(parent).or_default().push((from, end)));
    }
}

/// The model of the tree on screen, for what lies outside the tree view (the SVG export draws
/// every shown card from it). `App` provides the slot; `<TreeView/>` fills it. `Copy`.
#[derive(Clone, Copy)]
pub struct ShownTree(StoredValue<Option<Memo<TreeModel>>>);

impl ShownTree {
    /// Provides an empty slot to the component tree.
    pub fn provide() -> Self {
        let res = Self(StoredValue::new(None));
        provide_context(res);
        res
    }

    /// The model shown now (a snapshot), if a tree view is mounted.
    pub fn model(self) -> Option<Arc<TreeModel>> {
        let memo = self.0.try_get_value().flatten()?;
        memo.try_with_untracked(|m| Arc::new(m.clone()))
    }
}

/// What the person asked to see, by position in the tree (changes only on their actions).
fn use_request(state: AppState, pages: RwSignal<Pages>) -> Memo<Request> {
    memo_of(move || {
        state.scenario().with(|s| {
            let ix = |id: &AssocId| s.tree.position(*id);
            Request {
                collapsed: state
                    .collapsed()
                    .with(|c| c.iter().filter_map(ix).collect()),
                expanded: state.expanded().with(|c| c.iter().filter_map(ix).collect()),
                focus: [state.selected().get(), state.compare_with().get()]
                    .iter()
                    .flatten()
                    .filter_map(ix)
                    .collect(),
                pages: pages.with(|p| {
                    p.iter()
                        .filter_map(|(id, ranges)| Some((ix(id)?, ranges.clone())))
                        .collect()
                }),
            }
        })
    })
}

/// The tree model as a memo over the app state (and the UI language), with the visible set
/// in between: the outline is rebuilt once per run, the visible set when the request or the
/// walk's node changes (O(shown)), the model when the visible set or the run changes.
pub fn use_tree_model(
    state: AppState,
    i18n: I18n,
    pages: RwSignal<Pages>,
    follow: ReadSignal<Option<usize>>,
) -> Memo<TreeModel> {
    // What the outline was last made from (`Outline::follow`): a Shares or Raw usage edit keeps
    // the tree's structure, so its outline shares the last one's hierarchy parts and only
    // orders the children again; one that moves no entry of any sibling list (the run shares
    // the last walk) keeps the outline itself, which then wakes nothing that reads it.
    let made_from = StoredValue::new(visible::MadeFrom::default());
    let outline = Memo::new_owning(move |prev: Option<Outline>| {
        state.ranked().with(|ranked| {
            made_from
                .try_update_value(|from| Outline::follow(prev, from, ranked))
                .unwrap_or_else(|| (Outline::new(ranked.hierarchy(), ranked.run()), true))
        })
    });
    let request = use_request(state, pages);
    let shown: Memo<Visible> = Memo::new(move |_| {
        outline.with(|o| request.with(|r| visible::visible(o, r, follow.get())))
    });
    // While the animation runs, shown lists the walk has not sorted yet are drawn in list
    // order. `settled`, not a memo: it is recomputed on every step (O(shown)) but changes on
    // few (see there).
    let unsorted = settled(move || {
        state.cursor().get().map(|_| {
            shown.with(|v| {
                state.hierarchy().with(|h| {
                    state
                        .frame()
                        .with(|f| model::unsorted_parents(h, f, v.open_nodes()))
                })
            })
        })
    });
    // The models of the last snapshots shown (a timeline's scrubber moved back and forth).
    let kept = StoredValue::new(model::KeptModels::default());
    memo_of(move || {
        let lang = i18n.lang();
        let documented = state.tie_rule().get() != TieRule::Slurm;
        let build = |slurm_run: Option<&fair_tree::FairTreeRun>| {
            state.ranked().with(|ranked| {
                state.baseline_ranked().with(|base| {
                    state.slurm_ranked().with(|cur| {
                        state.before().with(|before| {
                            outline.with(|outline| {
                                shown.with(|visible| {
                                    unsorted.with(|unsorted| {
                                        let input = ModelInput {
                                            ranked,
                                            slurm_run,
                                            what_if: Some(WhatIf {
                                                base,
                                                cur,
                                                before: before.as_ref().map(|b| &b.ranked),
                                            }),
                                            outline,
                                            visible,
                                            unsorted: unsorted.as_deref(),
                                            lang,
                                        };
                                        let shared = [
                                            Some(ranked.shared_run()),
                                            Some(base.shared_run()),
                                            Some(cur.shared_run()),
                                            before.as_ref().map(|b| b.ranked.shared_run()),
                                        ];
                                        kept.try_update_value(|k| k.model(&input, shared))
                                            .unwrap_or_else(|| model::build(&input))
                                    })
                                })
                            })
                        })
                    })
                })
            })
        };
        if documented {
            state.with_slurm_run(|slurm| build(Some(slurm)))
        } else {
            build(None)
        }
    })
}

/// The association tree: heading, find box, view controls, the drawing with its ARIA overlay,
/// legend.
#[component]
pub fn TreeView() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let pages = RwSignal::new(Pages::new());
    // The walk's node, written only when it changes.
    let follow = settled(move || {
        state
            .cursor()
            .get()
            .and_then(|_| state.frame().with(|f| f.current))
    });
    let model = use_tree_model(state, i18n, pages, follow);
    let focused = RwSignal::new(None::<AssocId>);
    let tab_stop = settled(move || {
        model.with(|m| {
            let visible = |id: Option<AssocId>| id.filter(|id| m.is_visible(*id));
            visible(focused.get())
                .or_else(|| visible(state.selected().get()))
                .or(m.root)
        })
    });
    let zoom = RwSignal::new(None::<f64>);
    let view = RwSignal::new((0.0, 0.0, 0.0, 0.0));
    let scale = memo_of(move || match zoom.get() {
        Some(s) => s,
        None => {
            let (_, _, w, h) = view.get();
            model.with(|m| auto_scale(m.width, m.height, w, h))
        }
    });
    // The nodes' places and views, written by one effect, the places first: what each wakes
    // runs after both are written, the readers of the places (a group's entries) first, so a
    // treeitem leaving its group is dropped before its view's end (`None`) would wake it to
    // remove its attributes, and one joining a group finds its view already there.
    // Then where they are drawn, and their views but for a move alone, which their readers
    // (texts, attributes) need not hear of.
    let (nodes, places, poses) = (
        KeyedMarks::unsynced(),
        KeyedMarks::unsynced(),
        KeyedMarks::unsynced(),
    );
    let sync = leptos::reactive::effect::RenderEffect::new_isomorphic(move |_: Option<()>| {
        model.with(|m| {
            places.sync(
                m.nodes
                    .iter()
                    .map(|n| (n.id, Some(NodePlace::of(n))))
                    .collect(),
            );
            poses.sync(
                m.nodes
                    .iter()
                    .map(|n| (n.id, Some(NodePos::of(n))))
                    .collect(),
            );
            nodes.sync_by(
                m.nodes.iter().map(|n| (n.id, Some(n.clone()))).collect(),
                |old: &Option<Arc<NodeView>>, new| match (old, new) {
                    (Some(old), Some(new)) => old.same_but_drawn(new),
                    (old, new) => old.is_none() && new.is_none(),
                },
            );
        });
    });
    // It lives as long as the view.
    StoredValue::new(Arc::new(sync));
    let ctx = TreeCtx {
        model,
        zoom,
        view,
        scale,
        compact: settled(move || scale.get() < CARD_MIN_SCALE),
        pages,
        focused,
        tab_stop,
        viewport: NodeRef::new(),
        canvas: NodeRef::new(),
        tree: NodeRef::new(),
        minimap: NodeRef::new(),
        covered: StoredValue::new(None),
        echo: StoredValue::new(crate::widgets::scroll_echo::ScrollEcho::new()),
        found_away: RwSignal::new(None),
        opening: StoredValue::new(None),
        compare: CompareMarks::new(state),
        nodes,
        places,
        poses,
        follow,
    };
    provide_context(ctx);
    if let Some(shown) = use_context::<ShownTree>() {
        shown.0.set_value(Some(model));
    }
    // One set of frame marks for all cards and items (App provides it; tests may not).
    provide_context(FrameMarks::use_or_new(state));
    camera::use_camera(state, ctx);
    let me_note = crate::boundary::me_param::apply(state);

    // Memos, as the key lists below: every edit makes a new model, which mostly keeps the
    // drawing's size and the lists of entries; their readers then wake for nothing.
    let canvas_style = memo_of(move || model.with(|m| m.canvas_style(scale.get())));
    let view_box = memo_of(move || model.with(TreeModel::view_box));
    // Only the cards near the viewport are drawn (all of them before it is measured).
    let drawn = memo_of(move || {
        let (left, top, w, h) = view.get();
        let s = scale.get().max(1e-6);
        model.with(|m| {
            if w <= 0.0 || h <= 0.0 {
                m.draw_order.clone()
            } else {
                m.cards_in((
                    left / s - DRAW_MARGIN,
                    top / s - DRAW_MARGIN,
                    w / s + 2.0 * DRAW_MARGIN,
                    h / s + 2.0 * DRAW_MARGIN,
                ))
            }
        })
    });
    let extras =
        memo_of(move || model.with(|m| m.extras.iter().map(|e| e.key).collect::<Vec<_>>()));
    let drawn_keys = move || {
        drawn
            .get()
            .into_iter()
            .map(ChildRef::Node)
            .collect::<Vec<_>>()
    };
    let root_keys =
        memo_of(move || model.with(|m| m.root.into_iter().map(ChildRef::Node).collect::<Vec<_>>()));
    // In the drawing's SVG: an association's edge, or the edge and pill of an entry standing
    // for hidden ones. In the cards layer above it: an association's card.
    let drawing = |key| match key {
        ChildRef::Node(id) => view! { <NodeEdge id /> }.into_any(),
        key => view! { <ExtraCard key /> }.into_any(),
    };
    let card = |key| match key {
        ChildRef::Node(id) => view! { <NodeCard id /> }.into_any(),
        _ => ().into_any(),
    };
    let drag = keyboard::use_drag_to_pan(ctx);

    view! {
        <section
            class="ft-panel ft-tree-panel"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionTree)
        >
            <div class="ft-tree-panel__head">
                <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionTree)}</h2>
                <FindBox />
                <TreeControls />
            </div>
            {me_note.map(|note| view! {
                <p class="ft-tree-panel__note" role="status" data-testid="me-note">
                    {move || note.text(i18n.lang())}
                </p>
            })}
            <div class="ft-tree__frame">
            <div
                class="ft-tree__viewport"
                node_ref=ctx.viewport
                on:scroll=move |_| camera::heard_scroll(ctx)
                on:pointerdown=move |ev| {
                    camera::hand_over(ctx);
                    drag.down(ev)
                }
                on:pointermove=move |ev| drag.moved(ev)
                on:pointerup=move |_| drag.up()
                on:pointercancel=move |_| drag.up()
            >
                <div
                    class="ft-tree__canvas"
                    class:ft-tree--compact=move || ctx.compact.get()
                    style=canvas_style
                    node_ref=ctx.canvas
                >
                    <svg
                        class="ft-tree__svg"
                        aria-hidden="true"
                        focusable="false"
                        data-tree-drawing=""
                        viewBox=view_box
                        preserveAspectRatio="xMidYMin meet"
                    >
                        <HatchDefs />
                        <g class="ft-tree__nodes">
                            <Entries keys=drawn_keys entry=drawing />
                            <Entries keys=extras entry=drawing />
                        </g>
                    </svg>
                    <div class="ft-tree__cards" aria-hidden="true" data-tree-cards="">
                        <Entries keys=drawn_keys entry=card />
                    </div>
                    <div
                        class="ft-tree__items"
                        role="tree"
                        aria-label=i18n.t(CommonMsg::RegionTree)
                        node_ref=ctx.tree
                        on:keydown=move |ev| keyboard::on_key(state, ctx, ev)
                    >
                        <Entries keys=root_keys entry=item::group_entry />
                    </div>
                </div>
            </div>
            // Over the frame, not under it: the hint must not change the frame's size, which
            // "Fit to screen" fitted the drawing into.
            <When when=move || ctx.compact.get()>
                <p class="ft-tree-panel__hint">{i18n.t(TreeMsg::CompactHint)}</p>
            </When>
            {move || found_where(state, ctx, i18n)}
            <Minimap />
            </div>
            <Legend />
        </section>
    }
}

/// The account of the association Find found, named on the frame at the side it lies beyond
/// when the frame is too narrow to show both ([`TreeCtx::found_away`]), while that association
/// stays selected. The name is text, never markup.
fn found_where(state: AppState, ctx: TreeCtx, i18n: I18n) -> Option<impl IntoView + use<>> {
    let away = ctx.found_away.get()?;
    (state.selected().get() == Some(away.id)).then(|| {
        let (msg, side) = match away.side {
            camera::Side::Left => (TreeMsg::FoundAccountLeft, "left"),
            camera::Side::Right => (TreeMsg::FoundAccountRight, "right"),
        };
        view! {
            <p class="ft-tree-panel__where" data-side=side data-testid="found-account">
                {msg.fill(i18n.lang(), &[("name", &away.account)])}
            </p>
        }
    })
}
