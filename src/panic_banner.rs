//! Turns a Rust panic into a readable error banner on the page instead of a dead page.
//!
//! After a panic the wasm instance is unusable (release builds abort), so the banner is built
//! with plain DOM calls, not Leptos, and its reload button is a plain inline handler.
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
    let reload = element(
        &document,
        "button",
        "ft-button",
        Some(Msg::PanicReload.text(lang)),
    )?;
    reload.set_attribute("type", "button").ok()?;
    // Inline on purpose: the wasm instance cannot run callbacks after a panic.
    reload.set_attribute("onclick", "location.reload()").ok()?;

    for child in [&title, &text, &disclosure, &reload] {
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
