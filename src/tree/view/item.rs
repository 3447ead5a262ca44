//! `<TreeItem/>`: one `role="treeitem"` of the accessible overlay, and its shown children
//! inside a `role="group"`, in Fair Tree visiting order ("… N more" and "… K levels" entries
//! among them). The component nests once per *shown* level, which the visible set bounds
//! (deep paths are elided), so no tree depth can exhaust the stack.
//!
//! The element is a transparent box exactly over the association's card; it carries the UI
//! contract's attributes and accessible name, takes clicks (select) and focus (roving tabindex),
//! and shows the focus ring and the selection outline. Its texts come from the model; the
//! animation hooks (`data-current`, `data-ranked`) from the frame at the cursor.

use std::sync::Arc;

use fairshare::AssocId;
use fairshare::step::NodeStatus;
use leptos::prelude::*;
// Leptos has no typed `aria-level` (tachys lacks it), so it is set as a custom attribute.
use leptos::tachys::html::attribute::custom::custom_attribute;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::tree::TreeMsg;
use crate::player::marks::FrameMarks;
use crate::state::AppState;
use crate::tree::model::{ChildRef, NodeView, kind_attr};
use crate::widgets::when::When;

use super::TreeCtx;
use super::compare_marks::CompareRole;
use super::entries::Entries;
use super::extra::ExtraItem;

/// The fact a comparison role adds to the accessible name (the paths add none: the compare
/// panel names the two users).
fn role_fact(role: CompareRole) -> Option<TreeMsg> {
    match role {
        CompareRole::Ancestor => Some(TreeMsg::LabelCompareAncestor),
        CompareRole::Decider => Some(TreeMsg::LabelCompareDecider),
        CompareRole::Path => None,
    }
}

/// One node's view (notifies only when that node's view changes; see `TreeCtx::nodes`).
pub fn use_node(ctx: TreeCtx, id: AssocId) -> Signal<Option<Arc<NodeView>>> {
    Signal::derive(move || ctx.nodes.get(id))
}

/// One association of the ARIA tree, with its visible children nested below it.
#[component]
pub fn TreeItem(id: AssocId) -> impl IntoView {
    let state = AppState::expect();
    let ctx = TreeCtx::expect();
    let i18n = I18n::expect();
    let node = use_node(ctx, id);
    let text = move |f: fn(&NodeView) -> String| move || node.with(|n| n.as_deref().map(f));
    let opt =
        move |f: fn(&NodeView) -> Option<String>| move || node.with(|n| n.as_deref().and_then(f));
    let ix = move || node.with(|n| n.as_ref().map(|n| n.ix));
    let has_children = move || node.with(|n| n.as_ref().is_some_and(|n| n.has_children));
    let expanded = move || node.with(|n| n.as_ref().is_some_and(|n| n.expanded));
    let aria_expanded = move || has_children().then(|| expanded().to_string());
    let selected = move || (state.selected().get() == Some(id)).to_string();
    let tabindex = move || {
        if ctx.tab_stop.get() == Some(id) {
            "0"
        } else {
            "-1"
        }
    };
    // Per-association marks, not `state.frame`: N items reading the frame make a step O(N²).
    let marks = FrameMarks::use_or_new(state);
    let current = move || {
        ix().is_some_and(|ix| marks.is_current(ix))
            .then_some("true")
    };
    let ranked = move || {
        let status = ix().and_then(|ix| marks.status(ix));
        (status == Some(NodeStatus::Ranked)).then_some("true")
    };
    let compare = move || ix().and_then(|ix| ctx.compare.role(ix));
    // The contract's name (name first, then facts), plus the comparison role as one more fact.
    let label = move || {
        let mut res = node.with(|n| n.as_ref().map(|n| n.label.clone()).unwrap_or_default());
        if let Some(msg) = compare().and_then(role_fact) {
            res.push_str(msg.text(i18n.lang()));
        }
        res
    };
    let toggle_title = move || {
        let msg = if expanded() {
            TreeMsg::CollapseName
        } else {
            TreeMsg::ExpandName
        };
        let name = node.with(|n| n.as_ref().map(|n| n.name.clone()).unwrap_or_default());
        msg.fill(i18n.lang(), &[("name", &name)])
    };
    let children =
        move || node.with(|n| n.as_ref().map(|n| n.children.clone()).unwrap_or_default());
    let select = move |ev: leptos::ev::MouseEvent| {
        ev.stop_propagation();
        ctx.focused.set(Some(id));
        state.select(Some(id));
    };
    let toggle = move |ev: leptos::ev::MouseEvent| {
        ev.stop_propagation();
        state.set_expanded(id, !expanded());
    };

    view! {
        <div
            class="ft-item"
            role="treeitem"
            style=text(|n| n.overlay_style.clone())
            {..custom_attribute("aria-level", text(|n| n.level.to_string()))}
            aria-label=label
            aria-selected=selected
            aria-expanded=aria_expanded
            tabindex=tabindex
            data-assoc-id=id.0.to_string()
            data-kind=text(|n| kind_attr(n.kind).to_string())
            data-name=text(|n| n.name.clone())
            data-inferred=opt(|n| n.inferred.then(|| "true".to_string()))
            data-account=text(|n| n.account.clone())
            data-level-fs=text(|n| n.level_fs_attr.clone())
            data-fairshare=opt(|n| n.fairshare_attr.clone())
            data-rank=opt(|n| n.rank_attr.clone())
            data-position=opt(|n| n.position_attr.clone())
            data-position-before=opt(|n| n.position_before_attr.clone())
            data-shares-norm=text(|n| n.shares_norm_attr.clone())
            data-usage-efctv=text(|n| n.usage_effective_attr.clone())
            data-current=current
            data-ranked=ranked
            data-compare=move || compare().map(CompareRole::as_attr)
            on:click=select
            on:focus=move |_| ctx.focused.set(Some(id))
        >
            <When when=has_children>
                <div
                    class="ft-item__toggle"
                    class:ft-item__toggle--expanded=expanded
                    aria-hidden="true"
                    title=toggle_title
                    on:click=toggle
                ></div>
            </When>
            <When when=move || has_children() && expanded()>
                <div class="ft-item__group" role="group">
                    <Entries keys=children entry=group_entry />
                </div>
            </When>
        </div>
    }
}

/// One entry of a group: a child treeitem, or an entry standing for hidden ones.
pub fn group_entry(key: ChildRef) -> AnyView {
    match key {
        ChildRef::Node(id) => view! { <TreeItem id /> }.into_any(),
        key => view! { <ExtraItem key /> }.into_any(),
    }
}
