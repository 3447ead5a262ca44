//! Turns a Rust panic into a readable error banner on the page instead of a dead page.
//!
//! After a panic the wasm instance is unusable (release builds abort), so the banner is built
//! with plain DOM calls, not Leptos, and its actions are plain links that need no script at all
//! (an inline handler would be blocked by a strict Content-Security-Policy): `Reload` opens the
//! page again without its fragment, so the session saved in the browser (`boundary::session`) is
//! restored; `Start over` adds `fresh=1`, which discards it.
//! The panic is also logged to the browser console, with its stack, by
//! `console_error_panic_hook`.
//! Nothing here may panic: every DOM step that can fail gives up quietly.

use std::sync::atomic::{AtomicBool, Ordering};

use web_sys::{Document, Element};

use crate::messages::{Lang, Message, Msg};

/// The banner's element id (also its test hook).
pub const BANNER_ID: &str = "ft-panic-banner";

static SHOWN: AtomicBool = AtomicBool::new(false);

/// Installs the panic hook: log to the console, then show the banner (once).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        // The first panic is the informative one; later ones are usually its consequences.
        if !SHOWN.swap(true, Ordering::SeqCst) {
            show(&info.to_string());
        }
    }));
}

/// Shows the error banner at the top of the page with `details` in a disclosure.
/// Does nothing if the banner is already there or there is no document body.
pub fn show(details: &str) {
    let _ = try_show(details);
}

fn try_show(details: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    if document.get_element_by_id(BANNER_ID).is_some() {
        return Some(());
    }
    let lang = page_lang(&document);

    let banner = element(&document, "div", "ft-panic", None)?;
    banner.set_id(BANNER_ID);
    banner.set_attribute("role", "alert").ok()?;
    banner.set_attribute("data-testid", "panic-banner").ok()?;

    let title = element(
        &document,
        "h2",
        "ft-panic__title",
        Some(Msg::PanicTitle.text(lang)),
    )?;
    let text = element(
        &document,
        "p",
        "ft-panic__text",
        Some(Msg::PanicBody.text(lang)),
    )?;
    let disclosure = element(&document, "details", "ft-panic__details", None)?;
    let summary = element(&document, "summary", "", Some(Msg::PanicDetails.text(lang)))?;
    let pre = element(&document, "pre", "ft-panic__trace", Some(details))?;
    disclosure.append_child(&summary).ok()?;
    disclosure.append_child(&pre).ok()?;
    let (reload_href, fresh_href) = reload_links(&web_sys::window()?.location().href().ok()?);
    let reload = link(&document, &reload_href, Msg::PanicReload.text(lang))?;
    let fresh = link(&document, &fresh_href, Msg::PanicStartOver.text(lang))?;

    for child in [&title, &text, &disclosure, &reload, &fresh] {
        banner.append_child(child).ok()?;
    }
    body.insert_before(&banner, body.first_child().as_ref())
        .ok()?;
    Some(())
}

/// The UI language as the page declares it (`<html lang>`), read without touching Leptos state.
fn page_lang(document: &Document) -> Lang {
    document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default()
}

/// A link styled as a button (a plain link works after a panic and under a strict CSP).
fn link(document: &Document, href: &str, text: &str) -> Option<Element> {
    let res = element(document, "a", "ft-button ft-panic__action", Some(text))?;
    res.set_attribute("href", href).ok()?;
    Some(res)
}

/// The banner's two targets for the page at `href`: the page without its fragment (the saved
/// session is restored), and the same with `fresh=1` (the saved session is discarded).
/// Without the fragment, so following the link always loads the page again.
pub fn reload_links(href: &str) -> (String, String) {
    let base = href.split_once('#').map_or(href, |(base, _)| base);
    let sep = if base.contains('?') { '&' } else { '?' };
    let fresh = if base.contains("fresh=1") {
        base.to_string()
    } else {
        format!("{base}{sep}fresh=1")
    };
    (base.to_string(), fresh)
}

fn element(document: &Document, tag: &str, class: &str, text: Option<&str>) -> Option<Element> {
    let res = document.create_element(tag).ok()?;
    if !class.is_empty() {
        res.set_class_name(class);
    }
    if let Some(text) = text {
        res.set_text_content(Some(text));
    }
    Some(res)
}

#[cfg(test)]
mod tests {
    use super::reload_links;

    #[test]
    fn the_links_drop_the_fragment_and_keep_the_query() {
        assert_eq!(
            reload_links("http://h/p/?embed=1#scenario=abc"),
            (
                "http://h/p/?embed=1".to_string(),
                "http://h/p/?embed=1&fresh=1".to_string()
            )
        );
        assert_eq!(
            reload_links("http://h/p/"),
            ("http://h/p/".to_string(), "http://h/p/?fresh=1".to_string())
        );
        let (_, again) = reload_links("http://h/?fresh=1");
        assert_eq!(again, "http://h/?fresh=1");
    }
}
