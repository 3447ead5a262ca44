//! Component tests in a real browser (headless Chromium through wasm-bindgen-test-runner).
//!
//! Run: `cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer`.
//! Tests mount a component into a fresh element, act, `tick().await`, and assert semantic hooks
//! (roles, `aria-*`, `data-*`, the text of specific elements), never whole `innerHTML`.
//! Expected text comes from `messages`, so a wording change does not break these tests.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;

use fairshare_explorer::App;
use fairshare_explorer::chrome::panic_banner;
use fairshare_explorer::i18n::I18n;
use fairshare_explorer::messages::{Lang, Message, Msg};
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

use crate::support;

/// Page-object helpers: the shared ones, and the document-wide text this suite reads.
mod ui {
    use leptos::prelude::*;

    pub use super::support::*;

    /// The trimmed text of the first element in the whole document matching `selector`.
    pub fn document_text(selector: &str) -> Option<String> {
        let element = document().query_selector(selector).ok().flatten()?;
        Some(element.text_content().unwrap_or_default().trim().to_owned())
    }
}

#[wasm_bindgen_test]
async fn app_shows_title_and_the_contract_regions() {
    let app = ui::mount(App);
    tick().await;

    assert_eq!(app.text("h1"), Msg::AppTitle.text(Lang::En));
    let region = |name: &str| format!("[role='region'][aria-label='{name}']");
    // The stage: always on the page.
    for name in ["Association tree", "Ranking animation"] {
        assert!(app.find(&region(name)).is_some(), "no region named {name}");
    }
    // The side panels: behind tabs of the same name, the Inspector's open first.
    assert!(app.find(&region("Inspector")).is_some());
    for name in ["Classic fairshare", "sshare", "Compare"] {
        let tab = app
            .all("[role='tab']")
            .into_iter()
            .find(|t| t.text_content().unwrap_or_default().trim() == name)
            .unwrap_or_else(|| panic!("no tab named {name}"));
        assert_eq!(tab.get_attribute("aria-selected").as_deref(), Some("false"));
        tab.unchecked_ref::<web_sys::HtmlElement>().click();
        tick().await;
        assert_eq!(tab.get_attribute("aria-selected").as_deref(), Some("true"));
        let panel = tab
            .get_attribute("aria-controls")
            .expect("tab controls a panel");
        let shown = app.get(&format!("#{panel}"));
        assert!(!shown.has_attribute("hidden"), "{name}'s panel is shown");
        assert!(
            app.find(&format!("#{panel} {}", region(name))).is_some(),
            "{name}'s tab panel holds its region"
        );
    }
    // One panel at a time.
    assert_eq!(app.count("[role='tabpanel']:not([hidden])"), 1);
    assert!(app.find("[role='alert']").is_none());
}

#[wasm_bindgen_test]
async fn app_syncs_document_title_and_lang() {
    let _app = ui::mount(App);
    tick().await;

    assert_eq!(document().title(), Msg::AppTitle.text(Lang::En));
    let lang = document().document_element().unwrap().get_attribute("lang");
    assert_eq!(lang.as_deref(), Some(Lang::En.as_tag()));
}

#[wasm_bindgen_test]
async fn text_follows_the_language_signal() {
    let i18n = Rc::new(Cell::new(None::<I18n>));
    let provided = Rc::clone(&i18n);
    let view = ui::mount(move || {
        let res = I18n::provide(Lang::En);
        provided.set(Some(res));
        view! { <p data-testid="title">{res.t(Msg::AppTitle)}</p> }
    });
    tick().await;
    assert_eq!(
        view.text("[data-testid='title']"),
        Msg::AppTitle.text(Lang::En)
    );

    i18n.get().expect("mounted").set_lang(Lang::Ja);
    tick().await;
    assert_eq!(
        view.text("[data-testid='title']"),
        Msg::AppTitle.text(Lang::Ja)
    );
}

#[wasm_bindgen_test]
fn panic_banner_is_a_readable_alert() {
    panic_banner::show("index out of bounds: the len is 0 but the index is 0");

    let selector = format!("#{}", panic_banner::BANNER_ID);
    let banner = document()
        .query_selector(&selector)
        .unwrap()
        .expect("banner is in the page");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    assert_eq!(
        ui::document_text(&format!("{selector} .ft-panic__title")).as_deref(),
        Some(Msg::PanicTitle.text(Lang::En))
    );
    assert!(
        ui::document_text(&format!("{selector} pre"))
            .unwrap()
            .contains("index out of bounds")
    );
    let reload = document()
        .query_selector(&format!("{selector} a.ft-panic__action"))
        .unwrap()
        .unwrap();
    assert_eq!(
        reload.text_content().as_deref(),
        Some(Msg::PanicReload.text(Lang::En))
    );

    // A second call does not stack a second banner.
    panic_banner::show("second");
    assert_eq!(
        document().query_selector_all(&selector).unwrap().length(),
        1
    );
    banner.remove();
}
