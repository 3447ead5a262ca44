//! `on_screen` and `follow_in_slices`: a part of a view that computes from the whole state
//! (the classic orders read every user's F) follows it at once only while it is on screen;
//! off screen it catches up a slice at a time in the browser's idle periods, so neither an
//! edit's frame nor any later task waits for work no one sees, and the part is up to date soon
//! after (for a scroll or a screen reader).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::js_sys::{Array, Date, Function, Reflect};

/// How long an off-screen part waits for an idle period, at most (ms).
const IDLE_TIMEOUT_MS: u32 = 250;

/// How long the slices of one idle callback run, at most (ms; a frame's worth, so an input
/// that arrives meanwhile waits no longer than a frame).
const SLICE_MS: f64 = 12.0;

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

/// Work that can be done a slice at a time: a part computed from the whole state.
pub trait Sliced: 'static {
    /// What the work makes.
    type Output: 'static;
    /// Does one slice (a millisecond or two); whether the work is done.
    fn step(&mut self) -> bool;
    /// What the work made, doing what is left at once.
    fn finish(self) -> Self::Output;
}

/// `value` with what `start(value, last output)` makes of it, as a part shown while `shown`
/// follows it: made at once while `shown` is true; else a slice at a time in the browser's idle
/// periods (as many slices as an idle period has room for, at least one), so no task holds the
/// thread for the whole work; a newer value drops the unfinished work, and coming on screen
/// finishes it at once. `None` until the first time.
pub fn follow_in_slices<T, J>(
    value: Memo<T>,
    shown: ReadSignal<bool>,
    start: impl Fn(&T, Option<&J::Output>) -> J + 'static,
) -> ReadSignal<Option<(T, J::Output)>>
where
    T: Clone + PartialEq + Send + Sync + 'static,
    J: Sliced,
    J::Output: Send + Sync,
{
    let followed = RwSignal::new(None::<(T, J::Output)>);
    // The work under way, by number: a newer one makes the older's slices stop.
    let current = StoredValue::new(0u64);
    Effect::new(move |_| {
        let now = value.get();
        let on = shown.get();
        if followed.with_untracked(|f| f.as_ref().is_some_and(|(v, _)| *v == now)) {
            return;
        }
        let job = followed.with_untracked(|f| start(&now, f.as_ref().map(|(_, o)| o)));
        let n = current.get_value().wrapping_add(1);
        current.set_value(n);
        if on {
            followed.set(Some((now, job.finish())));
        } else {
            in_slices(job, now, n, current, followed);
        }
    });
    followed.read_only()
}

/// Runs `job`'s slices in idle periods while it is the current work `n`, then shows its output.
fn in_slices<T, J>(
    mut job: J,
    value: T,
    n: u64,
    current: StoredValue<u64>,
    followed: RwSignal<Option<(T, J::Output)>>,
) where
    T: Send + Sync + 'static,
    J: Sliced,
    J::Output: Send + Sync,
{
    crate::boundary::storage::when_idle(IDLE_TIMEOUT_MS, move |idle| {
        if current.try_get_value() != Some(n) {
            return;
        }
        // The idle period's room, at most SLICE_MS (a callback run by its timeout has none:
        // then SLICE_MS); at least one slice.
        let left = idle.time_left_ms();
        let room = if left > 0.0 {
            left.min(SLICE_MS)
        } else {
            SLICE_MS
        };
        let until = Date::now() + room;
        loop {
            if job.step() {
                followed.try_set(Some((value, job.finish())));
                return;
            }
            if Date::now() >= until {
                break;
            }
        }
        in_slices(job, value, n, current, followed);
    });
}
