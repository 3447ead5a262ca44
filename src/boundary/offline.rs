//! A training room without Wi-Fi (issue 24 §3): the service worker `sw.js`, registered once the
//! app is up (after its first frame, in an idle period: not on the first click's path), keeps a
//! copy of the whole build in the browser, so after one visit the app opens without a network; [`OfflineStatus`] says so once the copy is complete. scripts/finish-dist.py writes
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

/// Registers the worker unless `embed` (after the app's first frame, when idle), and provides
/// [`Offline`]. Call once, at start.
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
    // Not now: the worker's install fetches every file of the build, and its script, its
    // thread and its integrity checks would share the machine with the app's mount and its
    // first click (on a slow-4G first visit, sw.js was fetched 0.45 s before the app mounted).
    // It registers in the first idle period after the app's first frame.
    let when = container.clone();
    request_animation_frame(move || {
        crate::boundary::storage::when_idle(REGISTER_WITHIN_MS, move |_| register_now(&when));
    });
    // Resolves once a worker is active for this page: its install put the whole build in.
    if let Ok(ready) = Reflect::get(&container, &"ready".into()) {
        crate::boundary::url_state::then(&ready, move |_| res.ready.set(true), |_| {});
    }
    res
}

/// At most this long after the app's first frame, the worker registers even if the page has
/// not been idle.
const REGISTER_WITHIN_MS: u32 = 3000;

/// `navigator.serviceWorker.register(SCRIPT)`; a refusal (blocked, no sw.js) leaves the app as
/// it was: handled, not thrown.
fn register_now(container: &JsValue) {
    let register = Reflect::get(container, &"register".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call1(container, &SCRIPT.into()).ok());
    if let Some(promise) = register {
        crate::boundary::url_state::then(&promise, |_| {}, |_| {});
    }
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
