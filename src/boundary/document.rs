//! The page around the app: the launch parameters from the address bar, the language to open
//! with (and remembering the one chosen), the theme and embed classes on `<html>`, and telling
//! a host page the content height when the app runs in a frame; whether the browser asks to save
//! data.

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::js_sys::{Object, Reflect};

use crate::boundary::launch_params::LaunchParams;
use crate::boundary::storage;
use crate::i18n::I18n;
use crate::messages::Lang;

/// Where the chosen language is remembered.
const LANG_KEY: &str = "fairshare-explorer:lang";
/// The class on `<html>` in embed mode (the layout styles it).
pub const EMBED_CLASS: &str = "ft-embed";
/// The class on `<html>` in presenter mode.
pub const PRESENT_CLASS: &str = "ft-present";
/// The `type` of the message that tells a host page the content height.
pub const RESIZE_MESSAGE: &str = "fairshare-explorer:resize";

/// The query parameters of the page's URL.
pub fn launch_params() -> LaunchParams {
    LaunchParams::parse(&window().location().search().unwrap_or_default())
}

/// The language to open with: `lang=`, else the one chosen on an earlier visit, else the
/// browser's, else English.
pub fn initial_lang(params: &LaunchParams) -> Lang {
    params
        .lang
        .or_else(|| storage::read(LANG_KEY).and_then(|tag| Lang::from_tag(&tag)))
        .or_else(|| {
            window()
                .navigator()
                .language()
                .and_then(|t| Lang::from_tag(&t))
        })
        .unwrap_or_default()
}

/// Applies the parameters to `<html>` (`data-theme`, `ft-embed`, `ft-present`), remembers the
/// language once the reader changes it, and reports the content height to a host page.
pub fn apply(params: &LaunchParams, i18n: I18n) {
    if let Some(root) = document().document_element() {
        if let Some(theme) = params.theme {
            let _ = root.set_attribute("data-theme", theme.as_str());
        }
        let list = root.class_list();
        if params.embed {
            let _ = list.add_1(EMBED_CLASS);
        }
        if params.present {
            let _ = list.add_1(PRESENT_CLASS);
        }
    }
    Effect::new(move |first: Option<()>| {
        let lang = i18n.lang();
        // Opening in a language is not choosing it; a change afterwards is.
        if first.is_some() {
            let _ = storage::write(LANG_KEY, lang.as_tag());
        }
    });
    if params.embed || in_frame() {
        report_height();
    }
}

/// Whether the browser asks pages to save data (`navigator.connection.saveData`, the user's
/// "Lite mode" or data saver; false where the browser has no such setting).
pub fn save_data() -> bool {
    Reflect::get(&window().navigator(), &"connection".into())
        .ok()
        .filter(wasm_bindgen::JsValue::is_object)
        .and_then(|c| Reflect::get(&c, &"saveData".into()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

fn in_frame() -> bool {
    let window = window();
    window
        .parent()
        .ok()
        .flatten()
        .is_some_and(|parent| !Object::is(&parent, &window))
}

/// Posts `{type: "fairshare-explorer:resize", height}` to the parent window whenever the
/// page's content height changes (a `ResizeObserver` on `<html>` and `<body>`).
fn report_height() {
    let Some(root) = document().document_element() else {
        return;
    };
    let last = Cell::new(-1);
    let post = move || {
        let Some(root) = document().document_element() else {
            return;
        };
        let height = root.scroll_height();
        if height == last.replace(height) {
            return;
        }
        let Some(parent) = window().parent().ok().flatten() else {
            return;
        };
        let message = Object::new();
        let _ = Reflect::set(&message, &"type".into(), &RESIZE_MESSAGE.into());
        let _ = Reflect::set(&message, &"height".into(), &height.into());
        // The height is not a secret: any origin may embed the app.
        let _ = parent.post_message(&message, "*");
    };
    let callback = Closure::<dyn FnMut()>::new(post);
    if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
        observer.observe(&root);
        if let Some(body) = document().body() {
            observer.observe(&body);
        }
    }
    // The observer lives as long as the page.
    callback.forget();
}
