//! The Classic table's body: the rows in view, each cloned from one prototype row and written
//! by one effect for the whole body, which compares every row's slots ([`RowSlots`]) with what
//! it wrote last. A value edit writes only the text of the cells whose value changed, a
//! selection only the class and `aria-current` of the rows it leaves and enters, a scroll
//! builds the rows entering the window and removes those leaving it (a row kept is the same
//! element, moved when the order changes). One click listener on the body selects the row
//! whose name button was pressed.
//!
//! A row built by the framework (seven elements, their attributes one call each, its text
//! nodes, a listener, the keyed list's item, a values memo and a writer each) was most of the
//! work of the Classic tab's opening at 100k; a clone of the prototype and its texts is a few
//! DOM calls and no reactive node.

use std::collections::BTreeMap;

use fairshare::AssocId;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

use super::model::ClassicRow;
use super::table::depth_style;
use crate::widgets::slots::{Slot, write_slots};

/// What a row shows, as the slots its writer compares ([`ROW_SLOTS`]): the row's class, its
/// association, its indent, its name button's `aria-current` (empty: none) and text, and the
/// four value cells' texts.
type RowSlots = [String; 9];

/// Where each of [`RowSlots`] goes: the element (0 the row, 1 its name cell, 2 the name's
/// button, 3–6 the value cells) and what of it; an attribute is removed while empty.
const ROW_SLOTS: [(usize, Slot); 9] = [
    (0, Slot::AttrOrAbsent("class")),
    (0, Slot::AttrOrAbsent("data-assoc-id")),
    (1, Slot::AttrOrAbsent("style")),
    (2, Slot::AttrOrAbsent("aria-current")),
    (2, Slot::Text),
    (3, Slot::Text),
    (4, Slot::Text),
    (5, Slot::Text),
    (6, Slot::Text),
];

/// The slots of `row` (all empty while there is none), selected or not.
fn row_slots(row: Option<&ClassicRow>, selected: bool) -> RowSlots {
    let Some(row) = row else {
        return Default::default();
    };
    let mut class = String::from("ft-ctable__row");
    if row.is_user {
        class.push_str(" ft-ctable__row--user");
    }
    if selected {
        class.push_str(" ft-ctable__row--selected");
    }
    [
        class,
        row.id.0.to_string(),
        depth_style(row.depth),
        if selected {
            "true".into()
        } else {
            String::new()
        },
        row.name.clone(),
        row.shares_norm.clone(),
        row.usage_norm.clone(),
        row.usage_effective.clone(),
        row.fairshare.clone(),
    ]
}

/// An element of `tag` with `attrs`, holding `child` (or an empty text node, which a row's
/// writer fills: a character-data change, as a reactive text writes it).
fn element(document: &web_sys::Document, tag: &str, attrs: &[(&str, &str)]) -> Option<Element> {
    let el = document.create_element(tag).ok()?;
    for (name, value) in attrs {
        el.set_attribute(name, value).ok()?;
    }
    Some(el)
}

/// The prototype row: its seven elements with their fixed attributes, the texts empty. The
/// markup is fixed; names and values only ever go into text nodes.
fn prototype() -> Option<Element> {
    let document = web_sys::window()?.document()?;
    let tr = element(&document, "tr", &[])?;
    let th = element(
        &document,
        "th",
        &[("scope", "row"), ("class", "ft-ctable__name")],
    )?;
    let button = element(
        &document,
        "button",
        &[("type", "button"), ("class", "ft-select-link")],
    )?;
    button.append_child(&document.create_text_node("")).ok()?;
    th.append_child(&button).ok()?;
    tr.append_child(&th).ok()?;
    for last in [false, false, false, true] {
        let attrs: &[(&str, &str)] = if last {
            &[
                ("class", "ft-ctable__num"),
                ("data-testid", "classic-table-f"),
            ]
        } else {
            &[("class", "ft-ctable__num")]
        };
        let td = element(&document, "td", attrs)?;
        td.append_child(&document.create_text_node("")).ok()?;
        tr.append_child(&td).ok()?;
    }
    Some(tr)
}

/// A drawn row: its association's index, its elements (as [`ROW_SLOTS`] numbers them) and the
/// slots last written to them.
struct Row {
    ix: usize,
    elements: [Option<Element>; 7],
    slots: RowSlots,
}

impl Row {
    /// A copy of `prototype` for association `ix`, not yet written.
    fn new(prototype: &Element, ix: usize) -> Option<Row> {
        let tr: Element = prototype.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
        let name_cell = tr.first_element_child();
        let button = name_cell.as_ref().and_then(Element::first_element_child);
        let c0 = name_cell.as_ref().and_then(Element::next_element_sibling);
        let c1 = c0.as_ref().and_then(Element::next_element_sibling);
        let c2 = c1.as_ref().and_then(Element::next_element_sibling);
        let c3 = c2.as_ref().and_then(Element::next_element_sibling);
        Some(Row {
            ix,
            elements: [Some(tr), name_cell, button, c0, c1, c2, c3],
            slots: RowSlots::default(),
        })
    }

    fn tr(&self) -> Option<&Element> {
        self.elements[0].as_ref()
    }

    /// Writes `new` where it differs from what the row shows.
    fn write(&mut self, new: RowSlots) {
        write_slots(&self.elements, &ROW_SLOTS, &self.slots, &new);
        self.slots = new;
    }
}

/// What the table's body holds: the drawn rows in display order, the spacers standing for the
/// rows before and after them, and the prototype the rows are cloned from.
#[derive(Default)]
pub(super) struct Body {
    rows: Vec<Row>,
    before: Spacer,
    after: Spacer,
    prototype: Option<Element>,
}

impl Body {
    /// Shows in `tbody` the rows `rows` (association index and values, in display order) with
    /// `selected` marked, between spacers of `before_px` and `after_px`.
    pub(super) fn update(
        &mut self,
        tbody: &Element,
        rows: &[(usize, Option<ClassicRow>)],
        selected: Option<AssocId>,
        (before_px, after_px): (f64, f64),
    ) {
        let same_order = self.rows.len() == rows.len()
            && self.rows.iter().zip(rows).all(|(r, (ix, _))| r.ix == *ix);
        if !same_order {
            self.reorder(tbody, rows);
        }
        // The rows are `rows` in order (less any whose element could not be made).
        let mut values = rows.iter();
        for row in &mut self.rows {
            let Some((_, v)) = values.by_ref().find(|(ix, _)| *ix == row.ix) else {
                break;
            };
            let id = v.as_ref().map(|v| v.id);
            row.write(row_slots(v.as_ref(), id.is_some() && id == selected));
        }
        if !same_order {
            self.place(tbody);
        }
        self.before.show(tbody, before_px, true);
        self.after.show(tbody, after_px, false);
    }

    /// Keeps the rows still drawn, removes the others and makes (detached) the new ones, in
    /// the order of `rows`.
    fn reorder(&mut self, tbody: &Element, rows: &[(usize, Option<ClassicRow>)]) {
        let mut kept: BTreeMap<usize, Row> = self.rows.drain(..).map(|r| (r.ix, r)).collect();
        let mut next = Vec::with_capacity(rows.len());
        for &(ix, _) in rows {
            if let Some(row) = kept.remove(&ix) {
                next.push(row);
                continue;
            }
            if self.prototype.is_none() {
                self.prototype = prototype();
            }
            if let Some(row) = self.prototype.as_ref().and_then(|p| Row::new(p, ix)) {
                next.push(row);
            }
        }
        for (_, gone) in kept {
            if let Some(tr) = gone.tr() {
                let _ = tbody.remove_child(tr);
            }
        }
        self.rows = next;
    }

    /// Puts the rows into `tbody` in their order, before the after spacer: from the last one
    /// up, moving only a row not already right before the one after it.
    fn place(&self, tbody: &Element) {
        let mut anchor: Option<Node> = self.after.attached(tbody);
        for row in self.rows.iter().rev() {
            let Some(tr) = row.tr() else { continue };
            let in_place = tr.parent_node().is_some_and(|p| &p == tbody.as_ref())
                && tr.next_sibling() == anchor;
            if !in_place {
                let _ = tbody.insert_before(tr, anchor.as_ref());
            }
            anchor = Some(tr.clone().into());
        }
    }
}

/// An empty, hidden row standing for the rows a windowed table leaves out (absent at 0 px), as
/// `widgets::spacer` draws it.
#[derive(Default)]
struct Spacer {
    tr: Option<Element>,
    px: f64,
}

impl Spacer {
    /// The spacer's row while it is in `tbody`.
    fn attached(&self, tbody: &Element) -> Option<Node> {
        let tr = self.tr.as_ref()?;
        let in_body = tr.parent_node().is_some_and(|p| &p == tbody.as_ref());
        in_body.then(|| tr.clone().into())
    }

    /// Shows the spacer at `px` in `tbody` (its first row, or its last), or removes it at 0 px.
    fn show(&mut self, tbody: &Element, px: f64, first: bool) {
        if px <= 0.0 {
            if let Some(tr) = self.attached(tbody) {
                let _ = tbody.remove_child(&tr);
            }
            return;
        }
        if self.tr.is_none() {
            let document = web_sys::window().and_then(|w| w.document());
            self.tr = document.and_then(|d| {
                element(
                    &d,
                    "tr",
                    &[("class", "ft-table-spacer"), ("aria-hidden", "true")],
                )
            });
            self.px = -1.0;
        }
        let Some(tr) = &self.tr else { return };
        if self.px != px {
            let style = format!("height: {}px", fairshare::format::shortest(px));
            let _ = tr.set_attribute("style", &style);
            self.px = px;
        }
        let end = if first {
            tbody.first_child()
        } else {
            tbody.last_child()
        };
        if end.as_ref() != Some(tr.as_ref()) {
            let before = if first { end } else { None };
            let _ = tbody.insert_before(tr, before.as_ref());
        }
    }
}

/// The association of the row whose name button `target` is (or is inside), if any.
pub(super) fn clicked(target: Option<web_sys::EventTarget>) -> Option<AssocId> {
    let target: Element = target?.dyn_into().ok()?;
    let button = target.closest("button.ft-select-link").ok()??;
    let tr = button.closest("tr").ok()??;
    let id = tr.get_attribute("data-assoc-id")?;
    id.parse::<u32>().ok().map(AssocId)
}
