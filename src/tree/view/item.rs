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
use leptos::html;
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;
// Leptos has no typed `aria-level` (tachys lacks it), so it is set as a custom attribute.
use leptos::tachys::html::attribute::custom::custom_attribute;

use crate::i18n::I18n;
use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::player::marks::FrameMarks;
use crate::state::AppState;
use crate::tree::model::{ChildRef, NodePlace, NodeView, kind_attr};
use crate::widgets::slots::follow;

use super::compare_marks::CompareRole;
use super::entries::Entries;
use super::extra::ExtraItem;
use super::pos::write_pos;
use super::{TreeCtx, memo_of};

/// The fact a comparison role adds to the accessible name (the paths add none: the compare
/// panel names the two users).
fn role_fact(role: CompareRole) -> Option<TreeMsg> {
    match role {
        CompareRole::Ancestor => Some(TreeMsg::LabelCompareAncestor),
        CompareRole::Decider => Some(TreeMsg::LabelCompareDecider),
        CompareRole::Path => None,
    }
}

/// The treeitem attributes that follow its node's view, in [`ITEM_ATTRS`] order (`None`:
/// absent).
type ItemAttrs = [Option<String>; 13];

/// The names of [`ItemAttrs`], in order.
const ITEM_ATTRS: [&str; 13] = [
    "aria-level",
    "aria-label",
    "data-kind",
    "data-name",
    "data-inferred",
    "data-account",
    "data-level-fs",
    "data-fairshare",
    "data-rank",
    "data-position",
    "data-position-before",
    "data-shares-norm",
    "data-usage-efctv",
];

/// A treeitem's attributes from its node's view `n` (all absent while it has none), its role
/// in the comparison and the UI language: the contract's name (name first, then facts), plus
/// the comparison role as one more fact.
fn item_attrs(n: Option<&NodeView>, role: Option<CompareRole>, lang: Lang) -> ItemAttrs {
    let Some(n) = n else {
        return Default::default();
    };
    let mut label = n.label.clone();
    if let Some(msg) = role.and_then(role_fact) {
        label.push_str(msg.text(lang));
    }
    [
        Some(n.level.to_string()),
        Some(label),
        Some(kind_attr(n.kind).to_string()),
        Some(n.name.clone()),
        n.inferred.then(|| "true".to_string()),
        Some(n.account.clone()),
        Some(n.level_fs_attr.clone()),
        n.fairshare_attr.clone(),
        n.rank_attr.clone(),
        n.position_attr.clone(),
        n.position_before_attr.clone(),
        Some(n.shares_norm_attr.clone()),
        Some(n.usage_effective_attr.clone()),
    ]
}

/// The treeitem attributes that follow the app's marks (selection, tab stop, the walk, the
/// comparison) and its place (expanded), in [`MARK_ATTRS`] order (`None`: absent).
type MarkAttrs = [Option<&'static str>; 7];

/// The names of [`MarkAttrs`], in order.
const MARK_ATTRS: [&str; 7] = [
    "class",
    "aria-selected",
    "aria-expanded",
    "tabindex",
    "data-current",
    "data-ranked",
    "data-compare",
];

/// Writes to `el` the attributes `names` of `new` that differ from `old` (set, or removed when
/// absent).
fn write_attrs<V: AsRef<str> + PartialEq>(
    el: &web_sys::Element,
    names: &[&str],
    old: &[Option<V>],
    new: &[Option<V>],
) {
    for ((name, old), new) in names.iter().zip(old).zip(new) {
        if old == new {
            continue;
        }
        let _ = match new {
            Some(value) => el.set_attribute(name, value.as_ref()),
            None => el.remove_attribute(name),
        };
    }
}

/// `"true"` or `"false"`.
fn bool_attr(b: bool) -> &'static str {
    if b { "true" } else { "false" }
}

/// One node's view (notifies only when that node's view changes; see `TreeCtx::nodes`).
pub fn use_node(ctx: TreeCtx, id: AssocId) -> Signal<Option<Arc<NodeView>>> {
    Signal::derive(move || ctx.nodes.get(id))
}

/// One node's place (notifies only when that node's place changes; see `TreeCtx::places`).
pub fn use_place(ctx: TreeCtx, id: AssocId) -> Signal<Option<NodePlace>> {
    Signal::derive(move || ctx.places.get(id))
}

/// One association of the ARIA tree, with its visible children nested below it.
#[component]
pub fn TreeItem(id: AssocId) -> impl IntoView {
    let state = AppState::expect();
    let ctx = TreeCtx::expect();
    let i18n = I18n::expect();
    let node = use_node(ctx, id);
    // What the rest of the item reads of the node's view, each a memo: a new view (an edit
    // changes the numbers of every node on the edited path) wakes only the readers of what
    // changed, not every closure of the item.
    // Its place and group from its place's signal, which an edit of numbers does not write.
    let place = use_place(ctx, id);
    let ix = memo_of(move || place.with(|n| n.as_ref().map(|n| n.ix)));
    // Whether it has shown children, and whether they are shown: one memo for both (what its
    // toggle and its group are built from, and two of its marks).
    let open = memo_of(move || {
        place.with(|n| {
            n.as_ref()
                .map_or((false, false), |n| (n.has_children, n.expanded))
        })
    });
    let children =
        memo_of(move || place.with(|n| n.as_ref().map(|n| n.children.clone()).unwrap_or_default()));
    // Per-association marks, not `state.frame`: N items reading the frame make a step O(N²).
    let marks = FrameMarks::use_or_new(state);
    // Not a memo: the role is already a per-association mark, notified only when it changes.
    let compare = move || ix.get().and_then(|ix| ctx.compare.role(ix));
    // The attributes that follow the marks, written by one effect that compares each with what
    // it wrote last: one reactive node per item built, not one per attribute.
    let mark_attrs = move || -> MarkAttrs {
        let ix = ix.get();
        let tab_stop = ctx.tab_stop.get() == Some(id);
        let status = ix.and_then(|ix| marks.status(ix));
        let (has_children, expanded) = open.get();
        let open = has_children && expanded;
        [
            // An open item's hover tint is drawn by its group (style/tree.css), which knows
            // whether a descendant is hovered.
            Some(if open {
                "ft-item ft-item--open"
            } else {
                "ft-item"
            }),
            Some(bool_attr(state.selected().get() == Some(id))),
            has_children.then(|| bool_attr(expanded)),
            Some(if tab_stop { "0" } else { "-1" }),
            ix.is_some_and(|ix| marks.is_current(ix)).then_some("true"),
            (status == Some(NodeStatus::Ranked)).then_some("true"),
            compare().map(CompareRole::as_attr),
        ]
    };
    // The node's own attributes ([`ITEM_ATTRS`], the accessible name with the comparison role
    // as one more fact) are written by one effect, which compares each with what it wrote
    // last: one wake-up per changed node and edit, instead of one per attribute.
    let attrs = move || {
        let lang = i18n.lang();
        let role = compare();
        node.with(|n| item_attrs(n.as_deref(), role, lang))
    };
    let el = NodeRef::<html::Div>::new();
    // The first run (now) gives what the element is built with.
    let built = StoredValue::new(None::<ItemAttrs>);
    let writer = RenderEffect::new_isomorphic(move |prev: Option<ItemAttrs>| {
        let new = attrs();
        let Some(prev) = prev else {
            built.set_value(Some(new.clone()));
            return new;
        };
        let Some(el) = el.get_untracked() else {
            // Not built yet: what it will be built with stays the reference.
            return prev;
        };
        if new[0].is_none() {
            // No level: its view has ended, and the item is leaving (its group drops it in this
            // flush, or its ancestor's did): stripping its attributes would only write to an
            // element on its way out. Should the view come back, it is written from what is there.
            return prev;
        }
        write_attrs(&el, &ITEM_ATTRS, &prev, &new);
        new
    });
    let first = built.get_value().unwrap_or_default();
    StoredValue::new(std::sync::Arc::new(writer));
    let built_marks = StoredValue::new(None::<MarkAttrs>);
    let mark_writer = RenderEffect::new_isomorphic(move |prev: Option<MarkAttrs>| {
        let new = mark_attrs();
        let Some(prev) = prev else {
            built_marks.set_value(Some(new));
            return new;
        };
        let Some(el) = el.get_untracked() else {
            return prev;
        };
        if ix.get_untracked().is_none() {
            // Leaving (as above).
            return prev;
        }
        write_attrs(&el, &MARK_ATTRS, &prev, &new);
        new
    });
    let first_marks = built_marks.get_value().unwrap_or_default();
    StoredValue::new(std::sync::Arc::new(mark_writer));
    // Its box follows where it is drawn, by one writer (a move wakes only it).
    let mut pos = write_pos(
        ctx,
        id,
        Box::new(move || el.get_untracked().map(Into::into)),
        &["style"],
        |p| vec![Some(p.overlay_style.clone())],
    );
    let box_style = pos.pop().flatten();
    let select = move |ev: leptos::ev::MouseEvent| {
        ev.stop_propagation();
        ctx.focused.set(Some(id));
        state.select(Some(id));
    };
    let toggle = move |ev: leptos::ev::MouseEvent| {
        ev.stop_propagation();
        state.set_expanded(id, !open.get_untracked().1);
    };

    // The toggle, while it has children to show or hide: built by one closure, its class and
    // title (which turn with it, and follow its name) written by one writer while it is shown,
    // where a `<When/>` with a class and a title effect were four reactive nodes per item, a
    // user's too.
    let has_toggle = memo_of(move || place.with(|n| n.as_ref().is_some_and(|n| n.has_children)));
    let toggle_view = move || {
        has_toggle.get().then(|| {
            let [class, title] = follow(
                move |_: Option<&[String; 2]>| {
                    let expanded = open.get().1;
                    let msg = if expanded {
                        TreeMsg::CollapseName
                    } else {
                        TreeMsg::ExpandName
                    };
                    let title = place.with(|n| {
                        let name = n.as_ref().map_or("", |n| n.name.as_str());
                        msg.fill(i18n.lang(), &[("name", name)])
                    });
                    let class = if expanded {
                        "ft-item__toggle ft-item__toggle--expanded"
                    } else {
                        "ft-item__toggle"
                    };
                    [class.to_string(), title]
                },
                move |old, new| {
                    let Some(toggle) = el
                        .get_untracked()
                        .and_then(|el| el.first_element_child())
                        .filter(|t| t.class_list().contains("ft-item__toggle"))
                    else {
                        return false;
                    };
                    write_attrs(
                        &toggle,
                        &["class", "title"],
                        &old.clone().map(Some),
                        &new.clone().map(Some),
                    );
                    true
                },
            );
            view! { <div class=class aria-hidden="true" title=title on:click=toggle></div> }
        })
    };
    // The group, while the children are shown: a plain closure over the memo, which it reruns
    // only when one of the two changes (and then the group is shown only if both hold, so a
    // rerun that keeps it shown cannot happen).
    let group_view = move || {
        (open.get() == (true, true)).then(|| {
            view! {
                <div class="ft-item__group" role="group">
                    <Entries keys=children entry=group_entry />
                </div>
            }
        })
    };
    view! {
        <div
            class=first_marks[0]
            role="treeitem"
            node_ref=el
            style={box_style}
            {..custom_attribute("aria-level", first[0].clone())}
            aria-label=first[1].clone()
            data-kind=first[2].clone()
            data-name=first[3].clone()
            data-inferred=first[4].clone()
            data-account=first[5].clone()
            data-level-fs=first[6].clone()
            data-fairshare=first[7].clone()
            data-rank=first[8].clone()
            data-position=first[9].clone()
            data-position-before=first[10].clone()
            data-shares-norm=first[11].clone()
            data-usage-efctv=first[12].clone()
            aria-selected=first_marks[1]
            aria-expanded=first_marks[2]
            tabindex=first_marks[3]
            data-assoc-id=id.0.to_string()
            data-current=first_marks[4]
            data-ranked=first_marks[5]
            data-compare=first_marks[6]
            on:click=select
            on:focus=move |_| ctx.focused.set(Some(id))
        >
            {toggle_view}
            {group_view}
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
