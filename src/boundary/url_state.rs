//! Share links: the whole scenario in the URL fragment. The only module that reads or writes
//! the URL.
//!
//! The format and its limits are the engine's ([`fairshare::link`]: `#z=<base64url of the
//! raw-deflated scenario JSON>[&tie=documented]`, version 1 `#scenario=` links still read); this
//! module is the browser side: the alert text, the address bar, the clipboard and `hashchange`.
//!
//! Reading a link never panics: a damaged fragment gives a [`LinkError`], the app shows an alert
//! and keeps the default preset. Names inside a link are untrusted data: they go through the
//! engine's validation like any import and are only ever rendered as text.

pub use fairshare::link::{
    DEFLATED_KEY, Link, LinkError, MAX_FRAGMENT_LEN, MAX_INFLATED_LEN, SCENARIO_KEY, TIE_KEY,
    base64url_decode, base64url_encode, decode, with_fragment,
};
use fairshare::{Scenario, TieRule};
use leptos::prelude::*;

use crate::messages::Lang;
use crate::messages::Message;
use crate::messages::engine::diagnostic_text;
use crate::messages::shell::ShellMsg;
use crate::messages::toolbar::ToolbarMsg;
use crate::state::AppState;

/// The fragment (without `#`) that restores `scenario` with `tie_rule`
/// ([`fairshare::link::encode`], packed by [`super::codec::pack`]: deflated once the deflater's
/// module is in).
pub fn encode(scenario: &Scenario, tie_rule: TieRule) -> String {
    fairshare::link::encode_with(scenario, tie_rule, super::codec::pack)
}

/// The alert text of a [`LinkError`].
pub trait LinkErrorText {
    /// The alert text in `lang`.
    fn message(&self, lang: Lang) -> String;
}

impl LinkErrorText for LinkError {
    fn message(&self, lang: Lang) -> String {
        let max = MAX_FRAGMENT_LEN.to_string();
        let problem = match self {
            LinkError::TooLong => ToolbarMsg::LinkTooLong.fill(lang, &[("max", &max)]),
            LinkError::NotBase64 => ToolbarMsg::LinkNotBase64.text(lang).to_string(),
            LinkError::NotDeflate => ShellMsg::LinkNotDeflate.text(lang).to_string(),
            LinkError::TooLarge => {
                ShellMsg::LinkInflatesTooLarge.fill(lang, &[("max", &MAX_INFLATED_LEN.to_string())])
            }
            LinkError::NotUtf8 => ToolbarMsg::LinkNotUtf8.text(lang).to_string(),
            LinkError::Scenario(diagnostics) => {
                let details: Vec<String> = diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .take(3)
                    .map(|d| diagnostic_text(d, lang))
                    .collect();
                ToolbarMsg::LinkBadScenario.fill(lang, &[("details", &details.join("; "))])
            }
        };
        ToolbarMsg::LinkDamaged.fill(lang, &[("problem", &problem)])
    }
}

// ----- In the browser ----------------------------------------------------------------------

/// What "Copy link" achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copied {
    /// On the clipboard and in the address bar.
    Yes,
    /// In the address bar only: the browser refused the clipboard.
    AddressBarOnly,
    /// Neither: the link would be longer than [`MAX_LINK_LEN`] (its length in KB).
    TooLarge(usize),
}

/// Links longer than this are not made (browsers cap URLs near 2 MB; mail and chat far lower).
pub const MAX_LINK_LEN: usize = 1_000_000;

/// What happened to the last link (read at start, or copied), for the toolbar to show.
#[derive(Clone, Copy)]
pub struct ShareLink {
    /// The link opened at start could not be read.
    pub error: RwSignal<Option<LinkError>>,
    /// The result of the last "Copy link".
    pub copied: RwSignal<Option<Copied>>,
}

impl ShareLink {
    fn new() -> Self {
        Self {
            error: RwSignal::new(None),
            copied: RwSignal::new(None),
        }
    }

    /// Creates the handle and provides it to the component tree (`chrome::start` does, once).
    pub fn provide() -> Self {
        let res = Self::new();
        provide_context(res);
        res
    }

    /// The handle provided by [`ShareLink::provide`], or a fresh one (components mounted alone in tests).
    pub fn use_or_new() -> Self {
        use_context::<Self>().unwrap_or_else(|| {
            let res = Self::new();
            provide_context(res);
            res
        })
    }
}

impl AppState {
    /// Opens a link's scenario as the starting point: no undo step, the baseline is the link.
    pub fn open_link(self, link: Link) {
        self.start_over(link.scenario, None);
        self.set_tie_rule(link.tie_rule);
    }
}

/// The address bar follows the scenario only while the whole URL stays under this length
/// (longer links are made only on request, by "Copy link").
pub const MAX_FOLLOW_LEN: usize = 64 * 1024;

/// The URL the address bar should show for `scenario`: `href` with the scenario's link as its
/// fragment when that fits in [`MAX_FOLLOW_LEN`], otherwise `href` without any fragment (so a
/// reload never opens an older link than what was on screen).
pub fn followed_url(href: &str, scenario: &Scenario, tie_rule: TieRule) -> String {
    let base = href.split_once('#').map_or(href, |(base, _)| base);
    // Scenario JSON is about 110 bytes per association, and deflate plus base64 shrink it
    // about fivefold: skip encodes that cannot fit (a 10k tree would take a noticeable pause).
    let estimate = scenario.tree.assocs().len() * 110 / 6;
    if estimate > MAX_FOLLOW_LEN {
        return base.to_string();
    }
    let fragment = fairshare::link::encode_with(scenario, tie_rule, super::codec::pack_if_in);
    let url = with_fragment(base, &fragment);
    if url.len() <= MAX_FOLLOW_LEN {
        url
    } else {
        // Deflated, it might fit: the next save's address will be, once the module is in.
        super::deferred::preload_deflate();
        base.to_string()
    }
}

/// Replaces the address bar's URL without a reload or a history entry; does nothing when it
/// is already `url`.
pub fn replace_url(url: &str) {
    let window = window();
    if window.location().href().ok().as_deref() == Some(url) {
        return;
    }
    // replaceState only fails for cross-origin URLs, which this one never is.
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
    }
}

/// Makes the address bar follow the current scenario ([`followed_url`]).
pub fn follow(state: AppState) {
    let href = window().location().href().unwrap_or_default();
    let url = state
        .scenario()
        .with_untracked(|s| followed_url(&href, s, state.tie_rule().get_untracked()));
    replace_url(&url);
}

/// Opens a link pasted into the address bar of the open tab (`hashchange`): an undoable load,
/// or the alert when it cannot be read. Our own `replaceState` calls fire no `hashchange`.
pub fn listen_for_pasted_links(state: AppState, share: ShareLink) {
    let handle = window_event_listener_untyped("hashchange", move |_| {
        let hash = window().location().hash().unwrap_or_default();
        match decode(&hash) {
            Some(Ok(link)) => {
                let same = state.scenario().with_untracked(|s| *s == link.scenario)
                    && state.tie_rule().get_untracked() == link.tie_rule;
                if !same {
                    share.error.set(None);
                    state.load(link.scenario, Vec::new(), None);
                    state.set_tie_rule(link.tie_rule);
                }
            }
            Some(Err(e)) => share.error.set(Some(e)),
            None => {}
        }
    });
    // The listener lives as long as the page.
    std::mem::forget(handle);
}

/// Puts the link to the current scenario in the address bar (`history.replaceState`, no
/// reload) and on the clipboard; `share.copied` tells how the clipboard answered.
pub fn copy_link(state: AppState, share: ShareLink) {
    use web_sys::js_sys::Reflect;

    let fragment = state
        .scenario()
        .with_untracked(|s| encode(s, state.tie_rule().get_untracked()));
    let window = window();
    let href = window.location().href().unwrap_or_default();
    let url = with_fragment(&href, &fragment);
    if url.len() > MAX_LINK_LEN {
        share
            .copied
            .set(Some(Copied::TooLarge(url.len().div_ceil(1024))));
        return;
    }
    replace_url(&url);
    share.copied.set(None);
    // `navigator.clipboard` is undefined outside secure contexts and in some iframes: check
    // before calling, since a JS exception thrown through wasm would break the app.
    let navigator = window.navigator();
    let has_clipboard = Reflect::get(&navigator, &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has_clipboard {
        share.copied.set(Some(Copied::AddressBarOnly));
        return;
    }
    let promise = navigator.clipboard().write_text(&url);
    on_settled(
        &promise,
        move || share.copied.set(Some(Copied::Yes)),
        move || share.copied.set(Some(Copied::AddressBarOnly)),
    );
}

/// Calls `on_ok` or `on_err` when the JS promise `promise` settles (with its value ignored).
/// Goes through `promise.then` dynamically, so nothing here can throw into wasm.
pub fn on_settled(
    promise: &wasm_bindgen::JsValue,
    on_ok: impl FnOnce() + 'static,
    on_err: impl FnOnce() + 'static,
) {
    then(
        promise,
        move |_: wasm_bindgen::JsValue| on_ok(),
        move |_: wasm_bindgen::JsValue| on_err(),
    );
}

/// Calls `on_ok(value)` or `on_err(reason)` when the JS promise `promise` settles.
pub fn then(
    promise: &wasm_bindgen::JsValue,
    on_ok: impl FnOnce(wasm_bindgen::JsValue) + 'static,
    on_err: impl FnOnce(wasm_bindgen::JsValue) + 'static,
) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    use web_sys::js_sys::{Array, Function, Reflect};

    let ok = Closure::once_into_js(on_ok);
    let err = Closure::once_into_js(on_err);
    let then = Reflect::get(promise, &"then".into()).ok();
    if let Some(then) = then.as_ref().and_then(|f| f.dyn_ref::<Function>()) {
        let _ = then.apply(promise, &Array::of2(&ok, &err));
    }
}

#[cfg(test)]
mod tests {
    //! The format itself is tested in `fairshare::link`; these are the app's side of it.
    use super::*;

    #[test]
    fn presets_survive_the_link_and_shrink() {
        let preset = crate::presets::by_id("test24-4").unwrap().scenario();
        let link = decode(&encode(&preset, TieRule::Slurm)).unwrap().unwrap();
        assert_eq!(link.scenario, preset);
        let json = fairshare::scenario::to_json(&preset);
        let old = base64url_encode(json.as_bytes()).len();
        let new = encode(&preset, TieRule::Slurm).len();
        assert!(new * 3 < old, "{new} vs {old}");
    }

    #[test]
    fn every_link_error_has_an_alert_in_both_languages() {
        let bad_json = fairshare::link::pack(b"{\"associations\": []}");
        let Some(Err(scenario_error)) = decode(&format!("#z={bad_json}")) else {
            panic!("an empty scenario is refused");
        };
        for e in [
            LinkError::TooLong,
            LinkError::NotBase64,
            LinkError::NotDeflate,
            LinkError::TooLarge,
            LinkError::NotUtf8,
            scenario_error,
        ] {
            for lang in [Lang::En, Lang::Ja] {
                let text = e.message(lang);
                assert!(!text.is_empty() && !text.contains('{'), "{e:?}: {text}");
            }
        }
        let too_large = LinkError::TooLarge.message(Lang::En);
        assert!(
            too_large.contains(&MAX_INFLATED_LEN.to_string()),
            "{too_large}"
        );
    }

    #[test]
    fn the_error_message_names_the_problem() {
        let en = LinkError::NotBase64.message(Lang::En);
        assert!(
            en.contains("base64url") && en.contains("default scenario"),
            "{en}"
        );
        let ja = LinkError::NotUtf8.message(Lang::Ja);
        assert!(ja.contains("UTF-8"), "{ja}");
    }

    #[test]
    fn the_address_bar_follows_the_scenario_where_it_fits() {
        let small = crate::presets::by_id("test24-4").unwrap().scenario();
        let url = followed_url("http://h/p/?lang=ja#z=old", &small, TieRule::Documented);
        let (base, fragment) = url.split_once('#').unwrap();
        assert_eq!(base, "http://h/p/?lang=ja");
        let link = decode(fragment).unwrap().unwrap();
        assert_eq!((link.scenario, link.tie_rule), (small, TieRule::Documented));

        let big = fairshare::r#gen::scenario(20_000, 7);
        assert_eq!(
            followed_url("http://h/p/#z=old", &big, TieRule::Slurm),
            "http://h/p/",
            "too long: no fragment at all, so a reload cannot open the old link"
        );
    }
}
