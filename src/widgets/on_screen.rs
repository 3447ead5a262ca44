//! `on_screen` and `follow_in_slices`: a part of a view that computes from the whole state
//! (the classic orders read every user's F) follows it a slice at a time in the browser's idle
//! periods, on screen or not, so no edit's frame and no later task waits for the whole work;
//! on screen it shows its last output marked as updating meanwhile, and asks for idle periods
//! sooner (for a scroll or a screen reader, it is up to date soon after).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::js_sys::{Array, Date, Function, Reflect};

use crate::widgets::scroll_echo::after_paint;

/// How long an off-screen part waits for an idle period, at most (ms).
const IDLE_TIMEOUT_MS: u32 = 250;

/// How long a part on screen waits for an idle period, at most (ms): a few frames.
const ON_SCREEN_TIMEOUT_MS: u32 = 50;

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

/// What [`follow_in_slices`] follows: the last output with the value it was made of (`None`
/// until the first is made), and whether a newer value's is being made (what is shown is then
/// the last output, to be marked as updating: `aria-busy`).
pub struct Followed<T: 'static, O: 'static> {
    /// The last value followed, with its output.
    pub last: ReadSignal<Option<(T, O)>>,
    /// Whether `last` is behind the value (its work is under way).
    pub pending: Memo<bool>,
}

/// `value` with what `start(value, last output)` makes of it, a slice at a time in the
/// browser's idle periods (as many slices as an idle period has room for, at least one), from
/// the first paint after the value changed, so no task holds the thread for the whole work and
/// neither an edit's frame nor a panel's first paint waits for any of it; a newer value drops
/// the unfinished work. While `shown`, the idle periods are asked for sooner.
pub fn follow_in_slices<T, J>(
    value: Memo<T>,
    shown: ReadSignal<bool>,
    start: impl Fn(&T, Option<&J::Output>) -> J + 'static,
) -> Followed<T, J::Output>
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
        if followed.with_untracked(|f| f.as_ref().is_some_and(|(v, _)| *v == now)) {
            return;
        }
        let job = followed.with_untracked(|f| start(&now, f.as_ref().map(|(_, o)| o)));
        let n = current.get_value().wrapping_add(1);
        current.set_value(n);
        // Not before the next paint: the change that made the value (a panel's opening, an
        // edit) is shown first, whatever the idle callback's timeout.
        after_paint(move || in_slices(job, now, n, current, shown, followed));
    });
    let pending = Memo::new(move |_| {
        value.with(|now| followed.with(|f| !f.as_ref().is_some_and(|(v, _)| v == now)))
    });
    Followed {
        last: followed.read_only(),
        pending,
    }
}

/// Runs `job`'s slices in idle periods while it is the current work `n`, then shows its output.
fn in_slices<T, J>(
    mut job: J,
    value: T,
    n: u64,
    current: StoredValue<u64>,
    shown: ReadSignal<bool>,
    followed: RwSignal<Option<(T, J::Output)>>,
) where
    T: Send + Sync + 'static,
    J: Sliced,
    J::Output: Send + Sync,
{
    let timeout = if shown.try_get_untracked() == Some(true) {
        ON_SCREEN_TIMEOUT_MS
    } else {
        IDLE_TIMEOUT_MS
    };
    crate::boundary::storage::when_idle(timeout, move |idle| {
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
        in_slices(job, value, n, current, shown, followed);
    });
}
