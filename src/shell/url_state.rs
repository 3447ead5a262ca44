//! Share links: the whole scenario in the URL fragment. The only module that reads or writes
//! the URL.
//!
//! **Format (version 2).** The fragment is a list of `key=value` pairs separated by `&`:
//!
//! ```text
//! #z=<base64url of the raw-deflated scenario JSON>[&tie=documented]
//! ```
//!
//! - `z`: the UTF-8 bytes of `fairshare::scenario::to_json(scenario)` (the same JSON the
//!   Export button writes and `fairshare compute` reads), compressed with raw deflate (RFC 1951,
//!   `miniz_oxide`) and encoded as base64url (RFC 4648 §5: `A–Z a–z 0–9 - _`, no padding;
//!   padding and percent-encoded padding are accepted on read). Inflating stops at
//!   [`MAX_INFLATED_LEN`], so a small hostile link cannot exhaust memory.
//! - `scenario` (version 1, still read): the same JSON base64url-encoded without compression.
//! - `tie=documented`: the "Documented tie rule" switch was on (absent: Slurm's rule).
//! - Unknown keys are ignored, so later versions can add some.
//!
//! Reading a link never panics: a damaged fragment gives a [`LinkError`], the app shows an alert
//! and keeps the default preset. Names inside a link are untrusted data: they go through the
//! engine's validation like any import and are only ever rendered as text.

use fairshare::{Diagnostic, Scenario, TieRule};
use leptos::prelude::*;

use crate::messages::Lang;
use crate::messages::Message;
use crate::messages::engine::diagnostic_text;
use crate::messages::shell::ShellMsg;
use crate::messages::toolbar::ToolbarMsg;
use crate::shell::codec::{self, UnpackError};
use crate::state::{AppState, History};

/// The fragment key that holds the deflated scenario (version 2).
pub const DEFLATED_KEY: &str = "z";
/// The fragment key that holds the uncompressed scenario (version 1 links, still read).
pub const SCENARIO_KEY: &str = "scenario";
/// The fragment key that holds the tie rule.
pub const TIE_KEY: &str = "tie";
/// Longer fragments are refused without decoding (about 6 MB of JSON).
pub const MAX_FRAGMENT_LEN: usize = 8 * 1024 * 1024;
/// A deflated scenario that would inflate to more than this many bytes is refused.
pub const MAX_INFLATED_LEN: usize = 32 * 1024 * 1024;

/// What a link restores.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// The scenario.
    pub scenario: Scenario,
    /// The tie rule.
    pub tie_rule: TieRule,
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    /// The fragment is longer than [`MAX_FRAGMENT_LEN`].
    TooLong,
    /// The scenario value is not base64url.
    NotBase64,
    /// The `z` value is not a deflate stream.
    NotDeflate,
    /// The decoded bytes are not UTF-8.
    NotUtf8,
    /// The JSON is not a valid scenario (the parser's diagnostics).
    Scenario(Vec<Diagnostic>),
}

impl LinkError {
    /// The alert text in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let max = MAX_FRAGMENT_LEN.to_string();
        let problem = match self {
            LinkError::TooLong => ToolbarMsg::LinkTooLong.fill(lang, &[("max", &max)]),
            LinkError::NotBase64 => ToolbarMsg::LinkNotBase64.text(lang).to_string(),
            LinkError::NotDeflate => ShellMsg::LinkNotDeflate.text(lang).to_string(),
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

// ----- Pure encoding -----------------------------------------------------------------------

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let take = chunk.len() + 1;
        for i in 0..take {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        // The standard alphabet's two characters too, in case a mail client rewrote the link.
        b'-' | b'+' => 62,
        b'_' | b'/' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Decodes base64url (padding optional, also as `%3D`); `None` for anything else.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches("%3D").trim_end_matches("%3d");
    let text = text.trim_end_matches('=');
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3 + 2);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= sextet(c)? << (18 - 6 * i);
        }
        let produced = chunk.len() - 1;
        for i in 0..produced {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// The fragment (without `#`) that restores `scenario` with `tie_rule`.
pub fn encode(scenario: &Scenario, tie_rule: TieRule) -> String {
    let json = fairshare::scenario::to_json(scenario);
    let mut res = format!("{DEFLATED_KEY}={}", codec::pack(json.as_bytes()));
    if tie_rule == TieRule::Documented {
        res.push_str(&format!("&{TIE_KEY}=documented"));
    }
    res
}

/// Reads a fragment (with or without the leading `#`). `None` when it holds no scenario (an
/// ordinary page load); otherwise the link or why it could not be read.
pub fn decode(fragment: &str) -> Option<Result<Link, LinkError>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_FRAGMENT_LEN {
        let is_link =
            fragment.starts_with(SCENARIO_KEY) || fragment.starts_with(&format!("{DEFLATED_KEY}="));
        return is_link.then_some(Err(LinkError::TooLong));
    }
    let mut value = None;
    let mut tie_rule = TieRule::Slurm;
    for pair in fragment.split('&') {
        let (key, v) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            SCENARIO_KEY => value = Some((v, false)),
            DEFLATED_KEY => value = Some((v, true)),
            TIE_KEY if v == "documented" => tie_rule = TieRule::Documented,
            _ => {}
        }
    }
    let (value, deflated) = value?;
    Some(decode_scenario(value, deflated).map(|scenario| Link { scenario, tie_rule }))
}

fn decode_scenario(value: &str, deflated: bool) -> Result<Scenario, LinkError> {
    let bytes = if deflated {
        codec::unpack(value, MAX_INFLATED_LEN).map_err(|e| match e {
            UnpackError::NotBase64 => LinkError::NotBase64,
            UnpackError::NotDeflate => LinkError::NotDeflate,
            UnpackError::TooLarge => LinkError::TooLong,
        })?
    } else {
        base64url_decode(value).ok_or(LinkError::NotBase64)?
    };
    let text = String::from_utf8(bytes).map_err(|_| LinkError::NotUtf8)?;
    match fairshare::scenario::parse(&text) {
        (Some(scenario), _) => Ok(scenario),
        (None, diagnostics) => Err(LinkError::Scenario(diagnostics)),
    }
}

/// The page URL with its fragment replaced by `fragment`.
pub fn with_fragment(href: &str, fragment: &str) -> String {
    let base = href.split_once('#').map_or(href, |(base, _)| base);
    format!("{base}#{fragment}")
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

    /// Creates the handle and provides it to the component tree (`shell::start` does, once).
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
        self.load(link.scenario, Vec::new(), None);
        self.tie_rule.set(link.tie_rule);
        self.history.set(History::default());
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
    let url = with_fragment(base, &encode(scenario, tie_rule));
    if url.len() <= MAX_FOLLOW_LEN {
        url
    } else {
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
        .scenario
        .with_untracked(|s| followed_url(&href, s, state.tie_rule.get_untracked()));
    replace_url(&url);
}

/// Opens a link pasted into the address bar of the open tab (`hashchange`): an undoable load,
/// or the alert when it cannot be read. Our own `replaceState` calls fire no `hashchange`.
pub fn listen_for_pasted_links(state: AppState, share: ShareLink) {
    let handle = window_event_listener_untyped("hashchange", move |_| {
        let hash = window().location().hash().unwrap_or_default();
        match decode(&hash) {
            Some(Ok(link)) => {
                let same = state.scenario.with_untracked(|s| *s == link.scenario)
                    && state.tie_rule.get_untracked() == link.tie_rule;
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
        .scenario
        .with_untracked(|s| encode(s, state.tie_rule.get_untracked()));
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
    use super::*;

    fn scenario(text: &str) -> Scenario {
        fairshare::scenario::parse(text).0.unwrap()
    }

    const HOSTILE: &str = r#"{"name": "<img src=x onerror=alert(1)>", "associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "<script>alert('x')<script>", "user": null, "shares": "parent"},
      {"id": 3, "parent": 2, "account": "<script>alert('x')<script>", "user": "名前 &amp; \"q\"", "shares": 7,
       "usage_raw": "12345678901234567890.5"}
    ]}"#;

    #[test]
    fn base64url_round_trips_every_length_and_byte() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        for len in 0..bytes.len() {
            let text = base64url_encode(&bytes[..len]);
            assert!(
                text.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
            );
            assert_eq!(base64url_decode(&text).as_deref(), Some(&bytes[..len]));
        }
        assert_eq!(base64url_encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url_encode(b"fo"), "Zm8");
        assert_eq!(base64url_decode("Zm8=").as_deref(), Some(&b"fo"[..]));
        assert_eq!(base64url_decode("Zm8%3D").as_deref(), Some(&b"fo"[..]));
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn base64url_refuses_what_it_is_not() {
        for bad in ["A", "Zm9v!", "Zm 9v", "Zm9vY", "%%%%", "é"] {
            assert_eq!(base64url_decode(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_scenario_survives_the_link_exactly() {
        for rule in [TieRule::Slurm, TieRule::Documented] {
            let s = scenario(HOSTILE);
            let fragment = encode(&s, rule);
            assert!(fragment.starts_with("z="));
            let link = decode(&format!("#{fragment}")).unwrap().unwrap();
            assert_eq!(
                link.scenario, s,
                "names and 80-bit usage come back unchanged"
            );
            assert_eq!(link.tie_rule, rule);
        }
        let preset = crate::presets::by_id("test24-4").unwrap().scenario();
        let link = decode(&encode(&preset, TieRule::Slurm)).unwrap().unwrap();
        assert_eq!(link.scenario, preset);
    }

    #[test]
    fn version_1_links_still_open() {
        let s = scenario(HOSTILE);
        let json = fairshare::scenario::to_json(&s);
        let old = format!(
            "#scenario={}&tie=documented",
            base64url_encode(json.as_bytes())
        );
        let link = decode(&old).unwrap().unwrap();
        assert_eq!(link.scenario, s);
        assert_eq!(link.tie_rule, TieRule::Documented);
    }

    #[test]
    fn compressed_links_are_much_shorter() {
        let preset = crate::presets::by_id("test24-4").unwrap().scenario();
        let json = fairshare::scenario::to_json(&preset);
        let old = base64url_encode(json.as_bytes()).len();
        let new = encode(&preset, TieRule::Slurm).len();
        assert!(new * 3 < old, "{new} vs {old}");
    }

    #[test]
    fn hostile_deflated_links_are_refused() {
        let bomb = format!("z={}", codec::pack(&vec![b' '; MAX_INFLATED_LEN + 1]));
        assert_eq!(decode(&bomb), Some(Err(LinkError::TooLong)));
        assert_eq!(decode("#z=AAAA"), Some(Err(LinkError::NotDeflate)));
        assert_eq!(decode("#z=***"), Some(Err(LinkError::NotBase64)));
        let not_utf8 = codec::pack(&[0xff, 0xfe]);
        assert_eq!(
            decode(&format!("#z={not_utf8}")),
            Some(Err(LinkError::NotUtf8))
        );
        let bad_json = codec::pack(b"{\"associations\": []}");
        assert!(matches!(
            decode(&format!("#z={bad_json}")),
            Some(Err(LinkError::Scenario(_)))
        ));
    }

    #[test]
    fn fragments_without_a_scenario_are_not_links() {
        for f in ["", "#", "#top", "#tie=documented", "#other=1&x"] {
            assert_eq!(decode(f), None, "{f:?}");
        }
    }

    #[test]
    fn hostile_fragments_give_errors_not_panics() {
        assert_eq!(decode("#scenario=***"), Some(Err(LinkError::NotBase64)));
        let not_utf8 = base64url_encode(&[0xff, 0xfe, 0x00]);
        assert_eq!(
            decode(&format!("#scenario={not_utf8}")),
            Some(Err(LinkError::NotUtf8))
        );
        for json in [
            "",
            "null",
            "{",
            r#"{"associations": []}"#,
            r#"{"associations": [{"id": 1, "parent": 9, "account": "a/b"}]}"#,
            r#"{"associations": [{"id": 1, "parent": null, "account": "root", "usage_raw": -5}]}"#,
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        ] {
            let fragment = format!("scenario={}", base64url_encode(json.as_bytes()));
            let Some(Err(LinkError::Scenario(diagnostics))) = decode(&fragment) else {
                panic!("{json:?} should be refused");
            };
            assert!(!diagnostics.is_empty());
            assert!(
                !LinkError::Scenario(diagnostics)
                    .message(Lang::En)
                    .is_empty()
            );
        }
        let huge = format!("scenario={}", "A".repeat(MAX_FRAGMENT_LEN));
        assert_eq!(decode(&huge), Some(Err(LinkError::TooLong)));
        // Arbitrary bytes never panic.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for len in 0..300 {
            let text: String = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    char::from(b"AZaz09-_=&%#scenario"[(seed % 20) as usize])
                })
                .collect();
            let _ = decode(&text);
            let _ = decode(&format!("scenario={text}"));
        }
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

    #[test]
    fn the_fragment_replaces_any_old_one() {
        assert_eq!(
            with_fragment("http://h/p/?q=1#scenario=old", "scenario=new"),
            "http://h/p/?q=1#scenario=new"
        );
        assert_eq!(with_fragment("http://h/", "x=1"), "http://h/#x=1");
    }
}
