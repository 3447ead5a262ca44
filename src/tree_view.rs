//! `<TreeView/>`: the association tree as an ordered plane tree (SVG, tidy layout), with an
//! accessible ARIA tree laid over it.
//!
//! **Two layers, one model.** Everything shown comes from one memo of
//! [`crate::tree_model::TreeModel`] (engine results turned into texts, attributes and
//! geometry). It is drawn twice:
//!
//! - an SVG drawing (`aria-hidden`), a *flat* keyed list of edges and cards in tree order
//!   ([`node::NodeCard`]): its DOM order never changes when ranks change, so every card keeps
//!   its element and glides to its new place with a CSS `transform` transition (and every edge
//!   with a `d` transition; no movement under `prefers-reduced-motion`);
//! - an HTML ARIA tree on top of it ([`item::TreeItem`]): `role="tree"`, one `role="treeitem"`
//!   per visible association, children nested in `role="group"` in Fair Tree visiting order, with
//!   the contract's `data-*` attributes and accessible names. Each treeitem is a transparent box
//!   exactly over its card (percentages of its parent's box, so the overlay scales with the
//!   drawing), which takes clicks, focus and the selection outline.
//!
//! Why not roles on SVG `<g>` elements? The contract needs children *nested* in their parent's
//! treeitem and the DOM order to follow the visiting order. Nested `<g>`s would (1) reorder DOM
//! nodes whenever ranks change, and a moved DOM node loses its CSS transition, so the nodes that
//! move most would jump; and (2) give every account a bounding box that spans its whole subtree,
//! so a click at "the centre of the treeitem" (how people and Playwright click) would land on a
//! child or on empty space. The overlay keeps the drawing free to animate and the tree exact
//! for screen readers and tests.
//!
//! Pan and zoom: the viewport scrolls natively (drag the background or use the pan buttons);
//! "fit to screen" is pure CSS (the canvas width is the smaller of the viewport's width and its
//! height times the drawing's aspect ratio), so it follows resizes and edits with no measuring.
//!
//! This module wires signals to markup only; rules live in `tree_model` (tested natively).

pub mod compare_marks;
pub mod controls;
pub mod item;
pub mod keyboard;
pub mod legend;
pub mod node;

use std::sync::Arc;

use fairshare::{AssocId, Hierarchy, TieRule, fair_tree};
use leptos::html;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::index_marks::KeyedMarks;
use crate::messages::common::CommonMsg;
use crate::messages::tree::TreeMsg;
use crate::player::marks::FrameMarks;
use crate::state::AppState;
use crate::tree_model::{self, ModelInput, NodeView, TreeModel};
use compare_marks::CompareMarks;
use controls::TreeControls;
use item::TreeItem;
use legend::Legend;
use node::NodeCard;

/// The tree view's own state, shared by its parts through context. `Copy`.
#[derive(Clone, Copy)]
pub struct TreeCtx {
    /// The view model.
    pub model: Memo<TreeModel>,
    /// The zoom: `None` fits the tree into the viewport, `Some(s)` draws it at scale `s`.
    pub zoom: RwSignal<Option<f64>>,
    /// The treeitem that last had focus (the roving tab stop follows it).
    pub focused: RwSignal<Option<AssocId>>,
    /// The one treeitem with `tabindex="0"`.
    pub tab_stop: Memo<Option<AssocId>>,
    /// The scrolling viewport.
    pub viewport: NodeRef<html::Div>,
    /// The canvas (drawing + overlay).
    pub canvas: NodeRef<html::Div>,
    /// Each association's role in the "why is B above me?" comparison.
    pub compare: CompareMarks,
    /// Each visible node's view, one signal per association (`None` when hidden): what cards and
    /// treeitems read, rather than `model`, so that a new model wakes only the nodes it changed.
    pub nodes: KeyedMarks<AssocId, Option<Arc<NodeView>>>,
    /// The `role="tree"` element.
    pub tree: NodeRef<html::Div>,
}

impl TreeCtx {
    /// The context provided by `<TreeView/>`.
    pub fn expect() -> Self {
        expect_context::<Self>()
    }
}

impl AppState {
    /// Expands every account above `id`, so that it is visible in the tree.
    pub fn reveal(self, id: AssocId) {
        let ancestors: Vec<AssocId> = self.scenario.with_untracked(|s| {
            std::iter::successors(s.tree.get(id).and_then(|a| a.parent), |&p| {
                s.tree.get(p).and_then(|a| a.parent)
            })
            .collect()
        });
        if ancestors
            .iter()
            .any(|a| self.collapsed.with_untracked(|c| c.contains(a)))
        {
            self.collapsed.update(|c| {
                for a in &ancestors {
                    c.remove(a);
                }
            });
        }
    }

    /// Expands every collapsed account.
    pub fn expand_all(self) {
        if self.collapsed.with_untracked(|c| !c.is_empty()) {
            self.collapsed.update(|c| c.clear());
        }
    }
}

/// The tree model as a memo over the app state (and the UI language).
pub fn use_tree_model(state: AppState, i18n: I18n) -> Memo<TreeModel> {
    // The what-if baseline ranked with the same tie rule as the tree, so that switching the
    // rule alone shows no what-if change (the tie-rule difference has its own tag).
    let baseline_other_rule = Memo::new(move |_| match state.tie_rule.get() {
        TieRule::Slurm => None,
        rule => Some(
            state
                .baseline
                .with(|b| fair_tree::run_with(&b.tree, &Hierarchy::new(&b.tree), rule)),
        ),
    });
    // While the animation runs, lists the walk has not sorted yet are drawn in list order.
    // `settled`, not a memo: it is recomputed on every step but changes on few (see there).
    let unsorted = crate::index_marks::settled(move || {
        state.cursor.get().map(|_| {
            state
                .hierarchy
                .with(|h| state.frame.with(|f| tree_model::unsorted_parents(h, f)))
        })
    });
    Memo::new(move |_| {
        let lang = i18n.lang();
        let documented = state.tie_rule.get() != TieRule::Slurm;
        state.scenario.with(|s| {
            state.hierarchy.with(|h| {
                state.run.with(|run| {
                    state.slurm_run.with(|slurm| {
                        state.baseline.with(|b| {
                            state.baseline_run.with(|slurm_base| {
                                baseline_other_rule.with(|other_base| {
                                    state.collapsed.with(|collapsed| {
                                        unsorted.with(|unsorted| {
                                            tree_model::build(&ModelInput {
                                                tree: &s.tree,
                                                hierarchy: h,
                                                run,
                                                slurm_run: documented.then_some(slurm),
                                                baseline: Some((
                                                    &b.tree,
                                                    other_base.as_ref().unwrap_or(slurm_base),
                                                )),
                                                collapsed,
                                                unsorted: unsorted.as_deref(),
                                                lang,
                                            })
                                        })
                                    })
                                })
                            })
                        })
                    })
                })
            })
        })
    })
}

/// The association tree: heading, view controls, the drawing with its ARIA overlay, legend.
#[component]
pub fn TreeView() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let model = use_tree_model(state, i18n);
    let focused = RwSignal::new(None::<AssocId>);
    let tab_stop = Memo::new(move |_| {
        model.with(|m| {
            let visible = |id: Option<AssocId>| id.filter(|id| m.is_visible(*id));
            visible(focused.get())
                .or_else(|| visible(state.selected.get()))
                .or(m.root)
        })
    });
    let ctx = TreeCtx {
        model,
        zoom: RwSignal::new(None),
        focused,
        tab_stop,
        viewport: NodeRef::new(),
        canvas: NodeRef::new(),
        tree: NodeRef::new(),
        compare: CompareMarks::new(state),
        nodes: KeyedMarks::new(move || {
            model.with(|m| m.nodes.iter().map(|n| (n.id, Some(n.clone()))).collect())
        }),
    };
    provide_context(ctx);
    // One set of frame marks for all cards and items (App provides it; tests may not).
    provide_context(FrameMarks::use_or_new(state));

    let canvas_style = move || model.with(|m| m.canvas_style(ctx.zoom.get()));
    let view_box = move || model.with(TreeModel::view_box);
    let draw_order = move || model.with(|m| m.draw_order.clone());
    let root = move || model.with(|m| m.root);
    let drag = keyboard::use_drag_to_pan(ctx);

    view! {
        <section
            class="ft-panel ft-tree-panel"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionTree)
        >
            <div class="ft-tree-panel__head">
                <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionTree)}</h2>
                <TreeControls />
            </div>
            <p class="ft-tree-panel__help">{i18n.t(TreeMsg::Help)}</p>
            <div
                class="ft-tree__viewport"
                node_ref=ctx.viewport
                on:pointerdown=move |ev| drag.down(ev)
                on:pointermove=move |ev| drag.moved(ev)
                on:pointerup=move |_| drag.up()
                on:pointercancel=move |_| drag.up()
            >
                <div class="ft-tree__canvas" style=canvas_style node_ref=ctx.canvas>
                    <svg
                        class="ft-tree__svg"
                        aria-hidden="true"
                        focusable="false"
                        viewBox=view_box
                        preserveAspectRatio="xMidYMin meet"
                    >
                        <defs>
                            <pattern
                                id="ft-hatch-inf"
                                class="ft-hatch"
                                width="6"
                                height="6"
                                patternUnits="userSpaceOnUse"
                                patternTransform="rotate(45)"
                            >
                                <rect class="ft-hatch__bg" width="6" height="6"></rect>
                                <rect class="ft-hatch__line" width="2.5" height="6"></rect>
                            </pattern>
                        </defs>
                        <g class="ft-tree__nodes">
                            <For each=draw_order key=|id| *id let:id>
                                <NodeCard id />
                            </For>
                        </g>
                    </svg>
                    <div
                        class="ft-tree__items"
                        role="tree"
                        aria-label=i18n.t(CommonMsg::RegionTree)
                        node_ref=ctx.tree
                        on:keydown=move |ev| keyboard::on_key(state, ctx, ev)
                    >
                        <For each=move || root().into_iter() key=|id| *id let:id>
                            <TreeItem id />
                        </For>
                    </div>
                </div>
            </div>
            <Legend />
        </section>
    }
}
