//! A training room without Wi-Fi (issue 24 §3): the service worker `sw.js`, registered at start,
//! keeps a copy of the whole build in the browser, so after one visit the app opens without a
//! network; [`OfflineStatus`] says so once the copy is complete. scripts/finish-dist.py writes
//! `dist/sw.js` from scripts/sw.js for release builds (README "Offline").
//!
//! Not in `embed=1`, where the host page owns caching (the worker also leaves such pages to the
//! network), and not in debug builds (`trunk serve` has no `sw.js`). Everything goes through
//! `Reflect`, so a browser without service workers, a page that may not use them (no secure
//! context, a sandboxed frame) or a refused registration only means no offline copy, never an
//! exception into the wasm.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys::{Function, Reflect};

use crate::i18n::I18n;
use crate::messages::shell::ShellMsg;
use crate::widgets::when::When;

/// The worker's file, beside index.html (same origin and scope: allowed by `script-src 'self'`,
/// which `worker-src` falls back to).
const SCRIPT: &str = "./sw.js";

/// Whether the browser holds a complete copy of the app (provided by [`register`]).
#[derive(Clone, Copy)]
pub struct Offline {
    ready: RwSignal<bool>,
}

/// Registers the worker unless `embed`, and provides [`Offline`]. Call once, at start.
pub fn register(embed: bool) -> Offline {
    let res = Offline {
        ready: RwSignal::new(false),
    };
    provide_context(res);
    if embed || cfg!(debug_assertions) {
        return res;
    }
    let Some(container) = Reflect::get(&window().navigator(), &"serviceWorker".into())
        .ok()
        .filter(JsValue::is_object)
    else {
        return res;
    };
    let register = Reflect::get(&container, &"register".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call1(&container, &SCRIPT.into()).ok());
    if let Some(promise) = register {
        // A refusal (blocked, no sw.js) leaves the app as it was: handled, not thrown.
        crate::boundary::url_state::then(&promise, |_| {}, |_| {});
    }
    // Resolves once a worker is active for this page: its install put the whole build in.
    if let Ok(ready) = Reflect::get(&container, &"ready".into()) {
        crate::boundary::url_state::then(&ready, move |_| res.ready.set(true), |_| {});
    }
    res
}

/// "Works offline", once the browser holds the copy; nothing before (or in embed mode).
#[component]
pub fn OfflineStatus() -> impl IntoView {
    let i18n = I18n::expect();
    let ready = use_context::<Offline>().map(|o| o.ready);
    let when = Signal::derive(move || ready.is_some_and(|r| r.get()));
    view! {
        <When when=when>
            <p class="ft-offline" role="status" title=i18n.t(ShellMsg::WorksOfflineTitle)>
                {i18n.t(ShellMsg::WorksOffline)}
            </p>
        </When>
    }
}
