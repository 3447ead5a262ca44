//! `localStorage`, never throwing: it is missing in some sandboxed iframes, access can raise a
//! `SecurityError`, and writes can exceed the quota. Every failure is a quiet `None`/`false`.
//! [`when_idle`] runs a long write when the browser is idle.

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The value stored under `key`, if any and readable.
pub fn read(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Why a write was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// `QuotaExceededError`: the origin's storage is full (Chromium: 5,242,880 UTF-16 code
    /// units of keys and values per origin, all keys together). The value stored before is
    /// left as it was.
    Full,
    /// No storage, or access denied (privacy settings, a sandboxed frame).
    Unavailable,
}

/// Stores `value` under `key`.
pub fn write(key: &str, value: &str) -> Result<(), Refused> {
    let s = storage().ok_or(Refused::Unavailable)?;
    s.set_item(key, value).map_err(|e| {
        // A `DOMException`; its name read as a property (no web-sys feature for one field).
        let full = web_sys::js_sys::Reflect::get(&e, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .is_some_and(|n| n == "QuotaExceededError");
        if full {
            Refused::Full
        } else {
            Refused::Unavailable
        }
    })
}

/// Removes `key` (quietly, if storage is unavailable).
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Runs `f` in the browser's next idle period (`requestIdleCallback`, at most `timeout_ms`
/// later), or after a zero timeout where there is none (Safari): for a write that takes long
/// (a big session), so that it never runs in front of a frame. `f` is given the period's
/// [`Idle`] time left.
pub fn when_idle(timeout_ms: u32, f: impl FnOnce(Idle) + 'static) {
    use wasm_bindgen::JsCast;
    use web_sys::js_sys::{Function, Object, Reflect};
    let Some(w) = web_sys::window() else {
        return f(Idle(None));
    };
    let idle = Reflect::get(&w, &"requestIdleCallback".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    let Some(idle) = idle else {
        leptos::prelude::set_timeout(move || f(Idle(None)), std::time::Duration::ZERO);
        return;
    };
    let options = Object::new();
    let _ = Reflect::set(&options, &"timeout".into(), &timeout_ms.into());
    let f = move |deadline: wasm_bindgen::JsValue| f(Idle(Some(deadline)));
    // If the call fails, `f` does not run: a save then stays due until the next change or the
    // page hiding.
    let _ = idle.call2(
        &w,
        &wasm_bindgen::closure::Closure::once_into_js(f),
        &options,
    );
}

/// An idle period's deadline (`IdleDeadline`), read without a web-sys feature for it.
pub struct Idle(Option<wasm_bindgen::JsValue>);

impl Idle {
    /// Milliseconds left in the idle period (0 where there is no deadline, or the callback
    /// ran because its timeout passed).
    pub fn time_left_ms(&self) -> f64 {
        use wasm_bindgen::JsCast;
        use web_sys::js_sys::{Function, Reflect};
        let Some(deadline) = &self.0 else {
            return 0.0;
        };
        Reflect::get(deadline, &"timeRemaining".into())
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
            .and_then(|f| f.call0(deadline).ok())
            .and_then(|t| t.as_f64())
            .unwrap_or(0.0)
    }
}
