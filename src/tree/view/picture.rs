//! `<TreePicture/>`: the whole shown tree as one static SVG drawing, for the SVG and PNG
//! exports. Built from the tree model (every shown card, however far from the viewport), with
//! the same card markup and classes as the live drawing ([`super::node::CardBody`]), so the
//! export's colours and fonts are the page's; `shell/export.rs` writes them inline.

use std::sync::Arc;

use fairshare::AssocId;
use fairshare::format::fixed;
use leptos::prelude::*;

use crate::tree::model::{NodeView, TreeModel};

use super::extra::extra_drawing;
use super::node::CardBody;

/// The hatch pattern of `inf` Level FS cards (`url(#ft-hatch-inf)` in style/tree.css).
#[component]
pub fn HatchDefs() -> impl IntoView {
    view! {
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
    }
}

/// One association's edge and card, as in the live drawing (without the walk's marks).
fn node_picture(node: &NodeView, selected: bool) -> impl IntoView + use<> {
    let class = if selected {
        format!("{} ft-node--selected", node.class)
    } else {
        node.class.clone()
    };
    view! {
        <path class="ft-edge" d=node.edge.clone()></path>
        <g class=class style=node.transform.clone()>
            <CardBody card=node.card.clone() />
        </g>
    }
}

/// Every shown card of `model` at scale 1, in drawing order; `selected` keeps its outline.
#[component]
pub fn TreePicture(model: Arc<TreeModel>, selected: Option<AssocId>) -> impl IntoView {
    let nodes = model
        .draw_order
        .iter()
        .filter_map(|id| model.get(*id))
        .map(|n| node_picture(n, selected == Some(n.id)))
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    let extras = model
        .extras
        .iter()
        .map(|e| extra_drawing(e))
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    view! {
        <svg
            data-tree-picture=""
            width=fixed(model.width.max(1.0).ceil(), 0)
            height=fixed(model.height.max(1.0).ceil(), 0)
            viewBox=model.view_box()
        >
            <HatchDefs />
            <g class="ft-tree__nodes">{nodes} {extras}</g>
        </svg>
    }
}
