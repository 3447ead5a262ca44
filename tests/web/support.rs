//! Page-object helpers every component test suite shares: mount a component into a fresh
//! container and query it the way the tests read the page. Each suite adds its own helpers in its
//! `ui` module (inherent methods on [`Mounted`] are allowed there: same crate).
// Each suite uses a subset of these.
#![allow(dead_code)]

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use fairshare::Scenario;
use fairshare_explorer::i18n::I18n;
use fairshare_explorer::messages::Lang;
use fairshare_explorer::presets;
use fairshare_explorer::state::AppState;
use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A mounted component and its container. Dropping it unmounts and removes the container.
pub struct Mounted<S: Mountable> {
    pub root: HtmlElement,
    _handle: leptos::mount::UnmountHandle<S>,
}

impl<S: Mountable> Drop for Mounted<S> {
    fn drop(&mut self) {
        self.root.remove();
    }
}

impl<S: Mountable> Mounted<S> {
    /// The first element under the container matching `selector`, if any.
    pub fn find(&self, selector: &str) -> Option<Element> {
        self.root.query_selector(selector).ok().flatten()
    }

    /// Like `find`, but the test fails with the selector if nothing matches.
    pub fn get(&self, selector: &str) -> Element {
        self.find(selector)
            .unwrap_or_else(|| panic!("no element matches {selector:?}"))
    }

    /// Every element matching `selector`, in document order.
    pub fn all(&self, selector: &str) -> Vec<Element> {
        let list = self.root.query_selector_all(selector).unwrap();
        (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
            .collect()
    }

    /// How many elements match `selector`.
    pub fn count(&self, selector: &str) -> u32 {
        self.root
            .query_selector_all(selector)
            .map(|l| l.length())
            .unwrap_or(0)
    }

    /// The trimmed text of the element matching `selector`.
    pub fn text(&self, selector: &str) -> String {
        self.get(selector)
            .text_content()
            .unwrap_or_default()
            .trim()
            .to_owned()
    }

    /// The button whose accessible name (its text) is `name`.
    pub fn button(&self, name: &str) -> HtmlElement {
        self.all("button")
            .into_iter()
            .find(|b| b.text_content().unwrap_or_default().trim() == name)
            .unwrap_or_else(|| panic!("no button named {name:?}"))
            .unchecked_into()
    }
}

/// Mounts `f` into a fresh `<div>` appended to the body.
pub fn mount<F, N>(f: F) -> Mounted<N::State>
where
    F: FnOnce() -> N + 'static,
    N: IntoView,
{
    let root: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = mount_to(root.clone(), f);
    Mounted {
        root,
        _handle: handle,
    }
}

/// Mounts `view` in English with the state `provide` makes (it provides it in context), and
/// hands back the state.
pub fn mount_with_state<P, F, N>(provide: P, view: F) -> (Mounted<N::State>, AppState)
where
    P: FnOnce() -> AppState + 'static,
    F: FnOnce() -> N + 'static,
    N: IntoView,
{
    let slot = Rc::new(Cell::new(None::<AppState>));
    let provided = Rc::clone(&slot);
    let mounted = mount(move || {
        I18n::provide(Lang::En);
        provided.set(Some(provide()));
        view()
    });
    (mounted, slot.get().expect("mounted"))
}

/// The scenario of the preset `id`.
pub fn preset(id: &str) -> Scenario {
    presets::by_id(id).expect("a preset").scenario()
}

/// Waits `ms` milliseconds of real time (the player's clock is a real interval; what waits
/// for an idle period).
pub fn sleep(ms: u64) -> impl Future<Output = ()> {
    woken_by(move |wake| set_timeout(wake, Duration::from_millis(ms)))
}

/// Waits until after the next frame's paint: a task queued from that frame's animation-frame
/// callbacks, after those the app asked for before (`widgets::scroll_echo::after_paint`), and
/// before any idle period.
pub fn after_next_paint() -> impl Future<Output = ()> {
    woken_by(|wake| request_animation_frame(move || set_timeout(wake, Duration::ZERO)))
}

/// A future that is ready once the callback `schedule` is handed has been called.
fn woken_by(schedule: impl FnOnce(Box<dyn FnOnce()>)) -> impl Future<Output = ()> {
    struct Woken {
        done: Rc<Cell<bool>>,
        waker: Rc<RefCell<Option<Waker>>>,
    }
    impl Future for Woken {
        type Output = ();
        fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            if self.done.get() {
                Poll::Ready(())
            } else {
                *self.waker.borrow_mut() = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    }
    let done = Rc::new(Cell::new(false));
    let waker: Rc<RefCell<Option<Waker>>> = Rc::new(RefCell::new(None));
    let (d, w) = (Rc::clone(&done), Rc::clone(&waker));
    schedule(Box::new(move || {
        d.set(true);
        if let Some(waker) = w.borrow_mut().take() {
            waker.wake();
        }
    }));
    Woken { done, waker }
}
