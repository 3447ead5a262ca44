//! `on_screen` and `follow_on_screen`: a part of a view that computes from the whole state
//! (the classic orders read every user's F) follows it at once only while it is on screen;
//! off screen it catches up in the browser's next idle period, so an edit's frame does not wait
//! for work no one sees, and the part is up to date soon after (for a scroll or a screen
//! reader).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::js_sys::{Array, Function, Reflect};

/// How long an off-screen part waits for an idle period, at most (ms).
const IDLE_TIMEOUT_MS: u32 = 250;

/// True while some of `node`'s element is within the viewport and its scrolled ancestors'
/// visible parts (an `IntersectionObserver`); false until the browser first says (after the
/// element's first layout). Where there is no `IntersectionObserver`, always true.
pub fn on_screen(node: NodeRef<leptos::html::Div>) -> ReadSignal<bool> {
    let (shown, set_shown) = signal(false);
    Effect::new(move |_| {
        let Some(element) = node.get() else {
            return;
        };
        let observer_class = web_sys::window()
            .and_then(|w| Reflect::get(&w, &"IntersectionObserver".into()).ok())
            .and_then(|f| f.dyn_into::<Function>().ok());
        let Some(observer_class) = observer_class else {
            set_shown.set(true);
            return;
        };
        let callback = Closure::<dyn FnMut(Array)>::new(move |entries: Array| {
            // The newest entry is the element's state now.
            let Some(last) = entries.length().checked_sub(1) else {
                return;
            };
            let seen = Reflect::get(&entries.get(last), &"isIntersecting".into())
                .ok()
                .and_then(|v| v.as_bool())
                .unwrap_or(true);
            set_shown.try_set(seen);
        });
        let observer = Reflect::construct(&observer_class, &Array::of1(callback.as_ref()));
        let observe = observer.as_ref().ok().and_then(|o| {
            Reflect::get(o, &"observe".into())
                .ok()
                .and_then(|f| f.dyn_into::<Function>().ok())
                .map(|f| (o.clone(), f))
        });
        match observe {
            Some((observer, observe)) if observe.call1(&observer, &element).is_ok() => {}
            _ => {
                set_shown.set(true);
            }
        }
        // The observer goes with its element; the callback stays callable (a no-op once the
        // signal is gone: `try_set`), so a late notification never calls a dropped closure.
        callback.forget();
    });
    shown
}

/// `value` as a part shown while `shown` follows it: at once while `shown` is true, else once
/// the browser is next idle after `value` changed. `None` until the first time.
pub fn follow_on_screen<T>(value: Memo<T>, shown: ReadSignal<bool>) -> ReadSignal<Option<T>>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let followed = RwSignal::new(None::<T>);
    let catch_up = move || {
        let Some(now) = value.try_get_untracked() else {
            return;
        };
        if followed.try_with_untracked(|f| f.as_ref() != Some(&now)) == Some(true) {
            followed.try_set(Some(now));
        }
    };
    Effect::new(move |_| {
        value.track();
        if shown.get() {
            catch_up();
        } else {
            crate::boundary::storage::when_idle(IDLE_TIMEOUT_MS, move |_| catch_up());
        }
    });
    followed.read_only()
}
