//! Where an entry is drawn, written into its elements: [`write_pos`], one writer per element
//! (the card, the edge, the treeitem) over the entry's [`NodePos`] signal (`TreeCtx::poses`).
//!
//! Why: an edit or a walk step that moves a sibling list's shown window moves every shown entry
//! after it (their boxes and edges change, nothing else). Read through memos of the node's place
//! (index, class, box, edge path and style, group, name), each moved entry woke about eleven
//! memos and four effects to write three attributes; now it wakes these writers only.

use fairshare::AssocId;
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;

use crate::tree::model::NodePos;

use super::TreeCtx;

/// Keeps the attributes `names` of an element (`el`, once built) equal to `parts` of the entry
/// `id`'s [`NodePos`] (one value per name), writing only those that changed; returns what the
/// element is built with (`None`: absent). Once the entry's place has ended (`None`: it is
/// leaving, dropped by its list in this flush) nothing is written to its element on its way
/// out; should it come back, it is written from what is there. Not generic: one effect's code
/// for the cards', edges' and treeitems' writers.
pub fn write_pos(
    ctx: TreeCtx,
    id: AssocId,
    el: Box<dyn Fn() -> Option<web_sys::Element> + Send + Sync>,
    names: &'static [&'static str],
    parts: fn(&NodePos) -> Vec<Option<String>>,
) -> Vec<Option<String>> {
    let built = StoredValue::new(None::<Vec<Option<String>>>);
    let writer = RenderEffect::new_isomorphic(move |prev: Option<Vec<Option<String>>>| {
        let new = ctx.poses.with(id, |p| p.as_ref().map(parts));
        let Some(prev) = prev else {
            let first = new.unwrap_or_else(|| vec![None; names.len()]);
            built.set_value(Some(first.clone()));
            return first;
        };
        let (Some(new), Some(el)) = (new, el()) else {
            // Leaving, or not built yet: what it holds stays the reference.
            return prev;
        };
        for ((name, old), new) in names.iter().zip(&prev).zip(&new) {
            if old == new {
                continue;
            }
            let _ = match new {
                Some(value) => el.set_attribute(name, value),
                None => el.remove_attribute(name),
            };
        }
        new
    });
    // It lives as long as the entry's view.
    StoredValue::new(std::sync::Arc::new(writer));
    built.get_value().unwrap_or_else(|| vec![None; names.len()])
}
