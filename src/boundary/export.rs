//! Exports beside `Export JSON`: the tree as drawn (`Export SVG`, a standalone file with every
//! computed colour, stroke and font written into it; `Export PNG`, the same at twice the size)
//! and the `sshare -l -P` text of the current tree.
//!
//! The picture is the whole tree as shown, every shown card, however far from the viewport:
//! [`TreePicture`] draws it from the tree model (the live drawing holds only the cards near the
//! viewport) into an off-screen element, so the page's style sheets give it its colours and
//! fonts; each element's computed presentation styles are then written inline, because the file
//! is opened without the page's style sheets (in a browser, in Inkscape, on a slide). Without a
//! tree model (a panel mounted alone), the page's drawing, `svg[data-tree-drawing]`, is used.

use fairshare::sshare::{
    Header, SshareFlags, TextLayout, default_columns, fair_tree_rows, render_text,
};
use fairshare::{Algorithm, Ranked};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{Element, js_sys};

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::shell::ShellMsg;
use crate::state::AppState;
use crate::tree::view::ShownTree;
use crate::tree::view::picture::TreePicture;
use crate::widgets::download::{download_blob, download_text};

/// File names of the exports.
pub const SVG_FILE: &str = "fairshare-tree.svg";
/// See [`SVG_FILE`].
pub const PNG_FILE: &str = "fairshare-tree.png";
/// See [`SVG_FILE`].
pub const SSHARE_FILE: &str = "fairshare-sshare.txt";
/// The PNG is drawn at this many pixels per CSS pixel.
pub const PNG_SCALE: f64 = 2.0;

/// The drawing's selector, and the fallback while no element carries `data-tree-drawing`.
const DRAWING: &str = "svg[data-tree-drawing]";
const DRAWING_FALLBACK: &str = ".ft-tree__svg";
/// The presentation properties copied from the computed style into the file.
const PROPERTIES: &[&str] = &[
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "letter-spacing",
    "paint-order",
    "visibility",
];

/// `sshare -a -l -P` text (header included) of the tree as it is ranked on screen: the
/// engine's rows and Slurm's formatting, nothing computed here.
pub fn sshare_text(ranked: &Ranked) -> String {
    let rows = fair_tree_rows(ranked);
    let columns = default_columns(Algorithm::FairTree, SshareFlags::LONG);
    render_text(&rows, &columns, TextLayout::ParsableNoEnding, Header::Shown)
}

/// Why a picture could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExportError {
    NoDrawing,
    NoImage,
}

impl ExportError {
    fn message(self, lang: crate::messages::Lang) -> String {
        let problem = match self {
            ExportError::NoDrawing => ShellMsg::ExportNoDrawing,
            ExportError::NoImage => ShellMsg::ExportNoImage,
        };
        ShellMsg::ExportFailed.fill(lang, &[("problem", problem.text(lang))])
    }
}

/// The three export buttons and the alert when a picture could not be made.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let error = RwSignal::new(None::<ExportError>);
    let shown = use_context::<ShownTree>();
    let drawing_svg = move || drawing_svg(shown, state);
    let on_svg = move |_| match drawing_svg() {
        Ok(svg) => {
            error.set(None);
            download_text(SVG_FILE, &svg, "image/svg+xml");
        }
        Err(e) => error.set(Some(e)),
    };
    let on_png = move |_| match drawing_svg() {
        Ok(svg) => {
            error.set(None);
            download_png(svg, move |e| error.set(Some(e)));
        }
        Err(e) => error.set(Some(e)),
    };
    let on_sshare = move |_| {
        let text = state.ranked().with_untracked(sshare_text);
        download_text(SSHARE_FILE, &text, "text/plain");
    };
    view! {
        <button type="button" class="ft-button" on:click=on_svg>{i18n.t(ShellMsg::ExportSvg)}</button>
        <button type="button" class="ft-button" on:click=on_png>{i18n.t(ShellMsg::ExportPng)}</button>
        <button type="button" class="ft-button" on:click=on_sshare>{i18n.t(ShellMsg::ExportSshare)}</button>
        {move || error.get().map(|e| view! {
            <p class="ft-alert" role="alert">{move || e.message(i18n.lang())}</p>
        }.into_any())}
    }
}

fn find_drawing() -> Option<Element> {
    let document = document();
    document
        .query_selector(DRAWING)
        .ok()
        .flatten()
        .or_else(|| document.query_selector(DRAWING_FALLBACK).ok().flatten())
}

/// The tree as shown, as a standalone SVG document (text): drawn whole from the tree model
/// when there is one, else the page's drawing.
fn drawing_svg(shown: Option<ShownTree>, state: AppState) -> Result<String, ExportError> {
    let Some(model) = shown.and_then(ShownTree::model) else {
        let original = find_drawing().ok_or(ExportError::NoDrawing)?;
        let rect = original.get_bounding_client_rect();
        let size = (
            rect.width().max(1.0).round(),
            rect.height().max(1.0).round(),
        );
        return standalone(&original, Some(size));
    };
    let selected = state.selected().get_untracked();
    let host = offscreen_host().ok_or(ExportError::NoDrawing)?;
    let mounted = leptos::mount::mount_to(host.clone(), move || {
        view! { <TreePicture model selected /> }
    });
    let res = host
        .first_element_child()
        .ok_or(ExportError::NoDrawing)
        .and_then(|picture| standalone(&picture, None));
    drop(mounted);
    host.remove();
    res
}

/// An element outside the view, in the document (so style sheets apply), for drawing the
/// picture in.
fn offscreen_host() -> Option<web_sys::HtmlElement> {
    let host = document()
        .create_element("div")
        .ok()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()?;
    let _ = host.set_attribute("aria-hidden", "true");
    let _ = host.set_attribute(
        "style",
        "position: fixed; left: -100000px; top: 0; width: 1px; height: 1px; overflow: hidden; \
         pointer-events: none;",
    );
    document().body()?.append_child(&host).ok()?;
    Some(host)
}

/// `original` (an SVG element in the document) as a standalone SVG document: a copy with every
/// computed presentation style inline, the page's background behind it, and `size` (CSS pixels)
/// as its width and height when given (else its own attributes).
fn standalone(original: &Element, size: Option<(f64, f64)>) -> Result<String, ExportError> {
    let copy = original
        .clone_node_with_deep(true)
        .ok()
        .and_then(|n| n.dyn_into::<Element>().ok())
        .ok_or(ExportError::NoDrawing)?;
    inline_styles(original, &copy, &[]);
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    if let Some((w, h)) = size {
        let _ = copy.set_attribute("width", &fairshare::format::shortest(w));
        let _ = copy.set_attribute("height", &fairshare::format::shortest(h));
    }
    let (w, h) = (
        copy.get_attribute("width").unwrap_or_default(),
        copy.get_attribute("height").unwrap_or_default(),
    );
    for attr in [
        "class",
        "aria-hidden",
        "focusable",
        "data-tree-drawing",
        "data-tree-picture",
    ] {
        let _ = copy.remove_attribute(attr);
    }
    // The page's background, so the picture reads the same on a dark or light slide.
    let background = computed(&document().document_element(), "--ft-color-bg")
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .or_else(|| computed(&document().body().map(Element::from), "background-color"));
    let view_box = copy
        .get_attribute("viewBox")
        .unwrap_or_else(|| format!("0 0 {w} {h}"));
    let bg = background.filter(|c| !c.is_empty() && c != "rgba(0, 0, 0, 0)");
    let rect = document().create_element_ns(Some("http://www.w3.org/2000/svg"), "rect");
    if let (Some(bg), Ok(rect), [x, y, vw, vh]) = (bg, rect, view_box_parts(&view_box).as_slice()) {
        for (k, v) in [("x", x), ("y", y), ("width", vw), ("height", vh)] {
            let _ = rect.set_attribute(k, v);
        }
        let _ = rect.set_attribute("fill", &bg);
        let _ = copy.insert_before(&rect, copy.first_child().as_ref());
    }
    let text = web_sys::XmlSerializer::new()
        .and_then(|s| s.serialize_to_string(&copy))
        .map_err(|_| ExportError::NoDrawing)?;
    Ok(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{text}\n"
    ))
}

/// The four numbers of a `viewBox` (empty if it has not exactly four).
fn view_box_parts(view_box: &str) -> Vec<&str> {
    let parts: Vec<&str> = view_box
        .split(|c: char| c.is_ascii_whitespace() || c == ',')
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() == 4 { parts } else { Vec::new() }
}

fn computed(element: &Option<Element>, property: &str) -> Option<String> {
    let style = window().get_computed_style(element.as_ref()?).ok()??;
    style.get_property_value(property).ok()
}

/// Writes each element's computed presentation into the copy, element by element (the copy
/// has the same shape as the original). Inherited properties are written only where they
/// differ from the parent's, which keeps the file small. CSS transforms become `transform`
/// attributes, which every SVG reader understands; `url(...)` paints keep only their
/// `#fragment`.
fn inline_styles(original: &Element, copy: &Element, parent: &[String]) {
    let Ok(Some(style)) = window().get_computed_style(original) else {
        return;
    };
    let values: Vec<String> = PROPERTIES
        .iter()
        .map(|p| local_url(&style.get_property_value(p).unwrap_or_default()))
        .collect();
    let mut declarations = String::new();
    for (i, (property, value)) in PROPERTIES.iter().zip(&values).enumerate() {
        let same_as_parent = parent.get(i) == Some(value);
        // Opacity is not inherited: it is written wherever it is not the initial 1.
        let skip = if *property == "opacity" {
            value == "1"
        } else {
            same_as_parent
        };
        if !value.is_empty() && !skip {
            declarations.push_str(&format!("{property}:{value};"));
        }
    }
    if style.get_property_value("display").ok().as_deref() == Some("none") {
        declarations.push_str("display:none;");
    }
    if declarations.is_empty() {
        let _ = copy.remove_attribute("style");
    } else {
        let _ = copy.set_attribute("style", &declarations);
    }
    if let Ok(transform) = style.get_property_value("transform")
        && transform != "none"
        && !transform.is_empty()
        && copy.tag_name() != "svg"
    {
        let _ = copy.set_attribute("transform", &transform);
    }
    let _ = copy.remove_attribute("class");
    let originals = original.children();
    let copies = copy.children();
    for i in 0..originals.length().min(copies.length()) {
        if let (Some(o), Some(c)) = (originals.item(i), copies.item(i)) {
            inline_styles(&o, &c, &values);
        }
    }
}

/// `url("http://host/page#id")` or `url("#id")` → `url(#id)`; other values unchanged.
fn local_url(value: &str) -> String {
    match (value.find("url("), value.find('#')) {
        (Some(start), Some(hash)) if hash > start => {
            let end = value[hash..].find(')').map_or(value.len(), |e| hash + e);
            let id = value[hash..end].trim_end_matches(['"', '\'']);
            format!(
                "{}url({id}){}",
                &value[..start],
                &value[(end + 1).min(value.len())..]
            )
        }
        _ => value.to_string(),
    }
}

/// Draws `svg` on a canvas at [`PNG_SCALE`] and downloads it as PNG; `on_error` if the browser
/// cannot (the image does not load, or the canvas gives no blob).
fn download_png(svg: String, on_error: impl Fn(ExportError) + Clone + 'static) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(&svg));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let url = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .ok()
        .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob).ok());
    let (Some(url), Ok(image)) = (url, web_sys::HtmlImageElement::new()) else {
        on_error(ExportError::NoImage);
        return;
    };
    let loaded = {
        let image = image.clone();
        let url = url.clone();
        let on_error = on_error.clone();
        Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
            if draw_png(&image, on_error.clone()).is_none() {
                on_error(ExportError::NoImage);
            }
        })
    };
    let failed = {
        let url = url.clone();
        Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
            on_error(ExportError::NoImage);
        })
    };
    image.set_onload(Some(loaded.unchecked_ref()));
    image.set_onerror(Some(failed.unchecked_ref()));
    image.set_src(&url);
}

fn draw_png(
    image: &web_sys::HtmlImageElement,
    on_error: impl Fn(ExportError) + 'static,
) -> Option<()> {
    let canvas = document()
        .create_element("canvas")
        .ok()?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .ok()?;
    let (w, h) = (
        f64::from(image.natural_width()),
        f64::from(image.natural_height()),
    );
    canvas.set_width((w * PNG_SCALE) as u32);
    canvas.set_height((h * PNG_SCALE) as u32);
    let context = canvas
        .get_context("2d")
        .ok()??
        .dyn_into::<web_sys::CanvasRenderingContext2d>()
        .ok()?;
    context.scale(PNG_SCALE, PNG_SCALE).ok()?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, w, h)
        .ok()?;
    let done = Closure::once_into_js(move |blob: Option<web_sys::Blob>| match blob {
        Some(blob) => download_blob(PNG_FILE, &blob),
        None => on_error(ExportError::NoImage),
    });
    canvas.to_blob(done.unchecked_ref()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sshare_text_is_the_engines_long_parsable_output() {
        let scenario = crate::presets::by_id("test24-4").unwrap().scenario();
        let ranked = fairshare::Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
        let text = sshare_text(&ranked);
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some(
                "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins"
            )
        );
        assert_eq!(lines.count(), scenario.tree.len());
        // It reads back as the same tree.
        let back = fairshare::import::import(&text);
        assert!(!back.has_errors(), "{:?}", back.diagnostics);
        assert_eq!(back.scenario.unwrap().tree.len(), scenario.tree.len());
    }

    #[test]
    fn paint_urls_keep_only_their_fragment() {
        assert_eq!(
            local_url("url(\"http://h/p/#ft-hatch-inf\")"),
            "url(#ft-hatch-inf)"
        );
        assert_eq!(local_url("url(\"#a\") none"), "url(#a) none");
        assert_eq!(local_url("rgb(1, 2, 3)"), "rgb(1, 2, 3)");
        assert_eq!(local_url("url(x"), "url(x");
    }
}
