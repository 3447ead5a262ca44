//! Slots: the texts and attributes of elements built once and then kept up to date by one
//! effect that compares each value with what it wrote last and writes only those that changed
//! (the Classic table's rows, the Classic formulas, the tree's toggles; the tree's live cards
//! draw theirs from data, `tree/view/card_draw.rs`). A reactive view per
//! text and attribute would wake one effect per value, and an erased-mode rebuild
//! (`--cfg erase_components`) removes and sets every attribute of every element again.

use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;

/// What of an element a slot is.
#[derive(Clone, Copy, Debug)]
pub enum Slot {
    /// The attribute of that name, always present.
    Attr(&'static str),
    /// The attribute of that name, removed while its value is empty (`aria-current`).
    AttrOrAbsent(&'static str),
    /// The element's text.
    Text,
}

/// Writes `text` into `el`'s text node (a character-data change, as a reactive text writes it),
/// or as its content when it has none.
pub fn write_text(el: &web_sys::Element, text: &str) {
    match el.first_child() {
        Some(node) => node.set_node_value(Some(text)),
        None => el.set_text_content(Some(text)),
    }
}

/// Writes to `elements` the slots of `new` that differ from `old`: slot `k` is `slots[k]`, an
/// index into `elements` and what of that element. A missing element is skipped.
pub fn write_slots(
    elements: &[Option<web_sys::Element>],
    slots: &[(usize, Slot)],
    old: &[String],
    new: &[String],
) {
    for ((&(ix, slot), old), new) in slots.iter().zip(old).zip(new) {
        if old == new {
            continue;
        }
        let Some(el) = elements.get(ix).and_then(Option::as_ref) else {
            continue;
        };
        match slot {
            Slot::AttrOrAbsent(name) if new.is_empty() => {
                let _ = el.remove_attribute(name);
            }
            Slot::Attr(name) | Slot::AttrOrAbsent(name) => {
                let _ = el.set_attribute(name, new);
            }
            Slot::Text => write_text(el, new),
        }
    }
}

/// Follows `compute` (handed the value it gave last) with one render effect and returns its
/// first value: what the caller builds its elements with. From the second run on, `write` gets
/// the value last written and the new one, and returns `false` while the elements are not built
/// yet (the old value then stays the reference). The effect lives as long as the calling owner.
pub fn follow<S>(
    compute: impl Fn(Option<&S>) -> S + 'static,
    write: impl Fn(&S, &S) -> bool + 'static,
) -> S
where
    S: Clone + Default + Send + Sync + 'static,
{
    let writer = RenderEffect::new(move |prev: Option<S>| {
        let new = compute(prev.as_ref());
        match prev {
            Some(prev) if !write(&prev, &new) => prev,
            _ => new,
        }
    });
    let first = writer.with_value_mut(|v| v.clone()).unwrap_or_default();
    on_cleanup(move || drop(writer));
    first
}
