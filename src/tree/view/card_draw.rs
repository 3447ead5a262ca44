//! What a live card draws inside its `<svg>`, as plain data ([`CardDraw`]: each element's tag,
//! parent, attributes and text), and the two ways it is put into the page: [`build`] makes the
//! elements (when the card is built, and when its shape changes: compact or not, the root's
//! inner border, a rank line, an artefact, the number of tags), [`update`] writes only the
//! attributes and texts that differ from what was drawn last.
//!
//! Why: a card built as Leptos views cost about twenty reactive nodes (a memo per part, an
//! effect per dynamic child and per tag attribute, a `<When/>`, a node reference per element),
//! and the walk's step that opens an account builds its users' cards. Drawn from one writer
//! effect, a card costs that effect alone; the elements and their attributes are the same
//! (the static [`super::node::CardBody`] draws them for the export and the pre-rendered page).

use std::borrow::Cow;

use fairshare::AssocKind;
use fairshare::format::shortest;
use wasm_bindgen::JsCast;

use crate::tree::model::{
    BADGE_Y, BAR_H, BAR_Y, CardView, HEADER_H, ICON_W, INNER_INSET, LINE_Y, PAD,
};

use super::node::{CARD_LINES, icon_path};

/// An attribute value: a constant, or one written from the card's view.
type Value = Cow<'static, str>;

/// One element of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// Its SVG tag.
    tag: &'static str,
    /// Its parent: an earlier part (`Some(index)`), or the card's `<svg>`.
    parent: Option<usize>,
    /// Its attributes, in the order they are set.
    attrs: Vec<(&'static str, Value)>,
    /// Its text, if it holds one.
    text: Option<String>,
}

/// What a live card draws: the `<svg>`'s `viewBox` and its elements, in document order, the
/// tags last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardDraw {
    /// The `viewBox` (`None` while the card has no view).
    view_box: Option<String>,
    /// The elements but the tags.
    parts: Vec<Part>,
    /// The tags (each a `<text>` under the `<svg>`, after the other elements): added and
    /// removed at the end, as an account's count of hidden users comes and goes when it closes
    /// and opens.
    tags: Vec<Part>,
}

/// A length as [`shortest`] writes it.
fn len(x: f64) -> Value {
    Cow::Owned(shortest(x))
}

/// An element of `tag` under the `<svg>` (or `parent`) with `attrs` and an optional text.
fn part(
    tag: &'static str,
    parent: Option<usize>,
    attrs: Vec<(&'static str, Value)>,
    text: Option<String>,
) -> Part {
    Part {
        tag,
        parent,
        attrs,
        text,
    }
}

impl CardDraw {
    /// What card `c` draws (zoomed out: one compact mark), in the order and with the attributes
    /// of [`super::node::CardBody`] (and, compact, of the mark the live card drew).
    pub fn of(c: Option<&CardView>, compact: bool) -> Self {
        let Some(c) = c else {
            return Self::default();
        };
        let mut view_box = String::from("0 0 ");
        view_box.push_str(&shortest(c.w));
        view_box.push(' ');
        view_box.push_str(&shortest(c.h));
        let mut parts = Vec::with_capacity(20);
        if compact {
            parts.push(part(
                "rect",
                None,
                vec![
                    ("class", "ft-node__mark".into()),
                    ("width", len(c.w)),
                    ("height", len(c.h)),
                    ("rx", "10".into()),
                ],
                None,
            ));
            return Self {
                view_box: Some(view_box),
                parts,
                tags: Vec::new(),
            };
        }
        let text = |class: &'static str, x: Value, y: f64, anchor: Option<&'static str>| {
            let mut attrs = vec![("class", class.into()), ("x", x), ("y", len(y))];
            if let Some(anchor) = anchor {
                attrs.push(("text-anchor", anchor.into()));
            }
            attrs
        };
        parts.push(part(
            "rect",
            None,
            vec![
                ("class", "ft-node__body".into()),
                ("width", len(c.w)),
                ("height", len(c.h)),
            ],
            None,
        ));
        if c.kind == AssocKind::Root {
            parts.push(part(
                "rect",
                None,
                vec![
                    ("class", "ft-node__inner".into()),
                    ("x", len(INNER_INSET)),
                    ("y", len(INNER_INSET)),
                    ("width", len(c.inner_w)),
                    ("height", len(c.inner_h)),
                ],
                None,
            ));
        }
        parts.push(part(
            "rect",
            None,
            vec![
                ("class", "ft-node__header".into()),
                ("width", len(c.w)),
                ("height", len(HEADER_H)),
            ],
            None,
        ));
        parts.push(part(
            "path",
            None,
            vec![
                ("class", "ft-node__icon".into()),
                ("transform", "translate(7 5)".into()),
                ("d", icon_path(c.kind).into()),
            ],
            None,
        ));
        parts.push(part(
            "text",
            None,
            text("ft-node__name", len(ICON_W), 16.0, None),
            Some(c.display_name.clone()),
        ));
        for (say, right, line) in CARD_LINES {
            let x = len(if right { c.right_x } else { PAD });
            parts.push(part(
                "text",
                None,
                text("ft-node__text", x, LINE_Y[line], right.then_some("end")),
                Some(say(c)),
            ));
        }
        let badge = c.badge.kind.as_class();
        parts.push(part(
            "rect",
            None,
            vec![
                ("class", badge.into()),
                ("x", len(c.badge.x)),
                ("y", len(BADGE_Y)),
                ("width", len(c.badge.w)),
                ("height", "16".into()),
                ("rx", "8".into()),
            ],
            None,
        ));
        parts.push(part(
            "text",
            None,
            text(badge, len(c.badge.cx), LINE_Y[2], Some("middle")),
            Some(c.badge.text.clone()),
        ));
        if let Some(rank) = &c.rank {
            let g = parts.len();
            parts.push(part(
                "g",
                None,
                vec![("class", "ft-node__rank".into())],
                None,
            ));
            parts.push(part(
                "text",
                Some(g),
                text("ft-node__text", len(PAD), LINE_Y[3], None),
                Some(rank.position.clone()),
            ));
            parts.push(part(
                "text",
                Some(g),
                text(
                    "ft-node__text ft-node__fs",
                    len(c.right_x),
                    LINE_Y[3],
                    Some("end"),
                ),
                Some(rank.fairshare.clone()),
            ));
            for (class, w) in [
                ("ft-node__bar", rank.bar_w),
                ("ft-node__bar-fill", rank.fill_w),
            ] {
                parts.push(part(
                    "rect",
                    Some(g),
                    vec![
                        ("class", class.into()),
                        ("x", len(PAD)),
                        ("y", len(BAR_Y)),
                        ("width", len(w)),
                        ("height", len(BAR_H)),
                    ],
                    None,
                ));
            }
        }
        if let Some(artefact) = &c.artefact {
            let g = parts.len();
            let x = len(c.right_x);
            parts.push(part(
                "g",
                None,
                vec![("class", "ft-node__artefact".into())],
                None,
            ));
            parts.push(part(
                "circle",
                Some(g),
                vec![("cx", x.clone()), ("cy", "12".into()), ("r", "8".into())],
                None,
            ));
            parts.push(part(
                "text",
                Some(g),
                vec![
                    ("x", x),
                    ("y", "16".into()),
                    ("text-anchor", "middle".into()),
                ],
                Some(artefact.clone()),
            ));
        }
        let mut tags = Vec::with_capacity(c.tags.len());
        for tag in &c.tags {
            tags.push(part(
                "text",
                None,
                vec![
                    ("class", tag.class.into()),
                    ("x", len(PAD)),
                    ("y", len(tag.y)),
                ],
                Some(tag.text.clone()),
            ));
        }
        Self {
            view_box: Some(view_box),
            parts,
            tags,
        }
    }

    /// Whether `other` has the same elements but the tags (element names, parents, attribute
    /// names), so that it is drawn by writing values into this one's elements.
    fn same_shape(&self, other: &Self) -> bool {
        self.parts.len() == other.parts.len()
            && self.parts.iter().zip(&other.parts).all(|(a, b)| {
                a.tag == b.tag
                    && a.parent == b.parent
                    && a.text.is_some() == b.text.is_some()
                    && a.attrs.len() == b.attrs.len()
                    && a.attrs.iter().zip(&b.attrs).all(|(x, y)| x.0 == y.0)
            })
    }

    /// Whether the card has a view (a card whose view has ended is leaving: nothing is drawn).
    pub fn is_some(&self) -> bool {
        self.view_box.is_some()
    }
}

/// The SVG namespace.
const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Makes `draw`'s elements inside `svg` (replacing what it holds) and sets its `viewBox`.
pub fn build(svg: &web_sys::Element, draw: &CardDraw) {
    if let Some(view_box) = &draw.view_box {
        let _ = svg.set_attribute("viewBox", view_box);
    }
    svg.set_text_content(None);
    let mut made: Vec<web_sys::Element> = Vec::with_capacity(draw.parts.len());
    for p in draw.parts.iter().chain(&draw.tags) {
        let parent = p.parent.and_then(|ix| made.get(ix)).unwrap_or(svg);
        let Some(el) = make(parent, p) else {
            return;
        };
        made.push(el);
    }
}

/// Makes part `p` at the end of `parent`.
fn make(parent: &web_sys::Element, p: &Part) -> Option<web_sys::Element> {
    let el = leptos::prelude::document()
        .create_element_ns(Some(SVG_NS), p.tag)
        .ok()?;
    for (name, value) in &p.attrs {
        let _ = el.set_attribute(name, value);
    }
    if let Some(text) = &p.text {
        el.set_text_content(Some(text));
    }
    let _ = parent.append_child(&el);
    Some(el)
}

/// Writes into `el`, drawn as `a`, what of `b` differs.
fn write(el: &web_sys::Element, a: &Part, b: &Part) {
    for ((name, x), (_, y)) in a.attrs.iter().zip(&b.attrs) {
        if x != y {
            let _ = el.set_attribute(name, y);
        }
    }
    if a.text != b.text {
        crate::widgets::slots::write_text(el, b.text.as_deref().unwrap_or_default());
    }
}

/// Draws `new` inside `svg`, which holds `old`: the values that differ, written into its
/// elements, or (another shape) the elements made again.
pub fn update(svg: &web_sys::Element, old: &CardDraw, new: &CardDraw) {
    if !old.same_shape(new) {
        build(svg, new);
        return;
    }
    if old.view_box != new.view_box
        && let Some(view_box) = &new.view_box
    {
        let _ = svg.set_attribute("viewBox", view_box);
    }
    let Ok(all) = svg.query_selector_all("*") else {
        return;
    };
    let element = |k: usize| {
        all.item(k as u32)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
    };
    let (old_all, new_all) = (
        old.parts.iter().chain(&old.tags),
        new.parts.iter().chain(&new.tags),
    );
    for (k, (a, b)) in old_all.zip(new_all).enumerate() {
        if a != b
            && let Some(el) = element(k)
        {
            write(&el, a, b);
        }
    }
    // Tags gone, from the end; tags new, at the end.
    for _ in new.tags.len()..old.tags.len() {
        if let Some(last) = svg.last_element_child() {
            last.remove();
        }
    }
    for tag in new.tags.iter().skip(old.tags.len()) {
        make(svg, tag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;
    use crate::tree::model::{Tag, opening_model};
    use crate::tree::view::node::CardBody;
    use leptos::prelude::*;

    /// `draw`'s elements as HTML, as Leptos writes a static view: attributes in order but the
    /// class last, text escaped.
    fn html(draw: &CardDraw) -> String {
        let escape = |s: &str| {
            s.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        // Each part's HTML, then its children's spliced in before its closing tag.
        let mut out: Vec<(String, String)> = Vec::new();
        let mut roots = Vec::new();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); draw.parts.len() + draw.tags.len()];
        for (k, p) in draw.parts.iter().chain(&draw.tags).enumerate() {
            let mut open = format!("<{}", p.tag);
            // Leptos writes the class last.
            let class = p.attrs.iter().filter(|a| a.0 == "class");
            for (name, value) in p.attrs.iter().filter(|a| a.0 != "class").chain(class) {
                open.push_str(&format!(
                    " {name}=\"{}\"",
                    escape(value).replace('"', "&quot;")
                ));
            }
            open.push('>');
            open.push_str(&p.text.as_deref().map(escape).unwrap_or_default());
            out.push((open, format!("</{}>", p.tag)));
            match p.parent {
                Some(g) => children[g].push(k),
                None => roots.push(k),
            }
        }
        fn write(k: usize, out: &[(String, String)], children: &[Vec<usize>], s: &mut String) {
            s.push_str(&out[k].0);
            for &c in &children[k] {
                write(c, out, children, s);
            }
            s.push_str(&out[k].1);
        }
        let mut s = String::new();
        for k in roots {
            write(k, &out, &children, &mut s);
        }
        s
    }

    /// What the static card draws, without Leptos's markers.
    fn static_html(card: &CardView) -> String {
        let card = card.clone();
        view! { <CardBody card /> }
            .to_html()
            .replace("<!>", "")
            .replace("<!---->", "")
    }

    /// The live card draws what the static card (the export, the pre-rendered page) draws, for
    /// every card of every preset, and with tags and an artefact.
    #[test]
    fn the_live_card_draws_what_the_static_card_draws() {
        let mut cards = 0;
        for preset in crate::presets::PRESETS {
            let model = opening_model(&preset.scenario().tree, Lang::En);
            for n in &model.nodes {
                let mut card = n.card.clone();
                for c in [card.clone(), {
                    card.tags = vec![
                        Tag {
                            text: "▲ 2 <places>".into(),
                            class: "ft-tag ft-tag--up",
                            y: 130.0,
                        },
                        Tag {
                            text: "tie".into(),
                            class: "ft-tag",
                            y: 146.0,
                        },
                    ];
                    card.artefact = Some("≈".into());
                    card
                }] {
                    assert_eq!(html(&CardDraw::of(Some(&c), false)), static_html(&c));
                    cards += 1;
                }
            }
        }
        assert!(cards > 20, "{cards}");
    }

    /// A value edit or a tag more or less keeps the shape (values written in place, tags added
    /// or removed at the end); an artefact, a rank line or the compact switch changes it (the
    /// elements are made again).
    #[test]
    fn only_a_change_of_parts_draws_the_card_again() {
        let preset = crate::presets::by_id(crate::presets::DEFAULT).unwrap();
        let model = opening_model(&preset.scenario().tree, Lang::En);
        let user = model.nodes.iter().find(|n| n.card.rank.is_some()).unwrap();
        let card = user.card.clone();
        let draw = CardDraw::of(Some(&card), false);
        let mut edited = card.clone();
        edited.usage = "Usage 12345".into();
        edited.w += 10.0;
        assert!(draw.same_shape(&CardDraw::of(Some(&edited), false)));
        assert_ne!(draw, CardDraw::of(Some(&edited), false));
        let mut tagged = card.clone();
        tagged.tags.push(Tag {
            text: "new".into(),
            class: "ft-tag",
            y: 130.0,
        });
        // A tag more is added at the end, not drawn again.
        assert!(draw.same_shape(&CardDraw::of(Some(&tagged), false)));
        let mut unranked = card.clone();
        unranked.rank = None;
        let mut artefact = card.clone();
        artefact.artefact = Some("≈".into());
        for other in [
            CardDraw::of(Some(&unranked), false),
            CardDraw::of(Some(&artefact), false),
            CardDraw::of(Some(&card), true),
        ] {
            assert!(!draw.same_shape(&other));
        }
        assert!(!CardDraw::of(None, false).is_some());
    }
}
