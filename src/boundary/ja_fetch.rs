//! The Japanese texts, fetched when Japanese is chosen (issue 24 §2): `lang=ja`, a language
//! remembered or preferred by the browser, or the language menu. English is built into the wasm;
//! Japanese is a file (`crate::messages::ja_file`) that index.html names in
//! `<meta name="fairshare-ja">`, fetched from the page's own site (fits `connect-src 'self'`).
//! A page that opens in Japanese is mounted once the file is in, so it never shows English
//! first. If the fetch fails, English stays and an alert says why ([`JaAlert`]); nothing else
//! changes.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::{I18n, JaProblem};
use crate::messages::Lang;
use crate::messages::ja_file::{self, InstallError};

/// The `name` of the `<meta>` whose `content` is the file's URL (scripts/finish-dist.py).
const META: &str = "fairshare-ja";

thread_local! {
    /// Why Japanese could not be loaded before the app mounted ([`then_mount`]).
    static START_PROBLEM: RefCell<Option<JaProblem>> = const { RefCell::new(None) };
}

/// Mounts the app with `mount`, after fetching the Japanese texts if the page opens in
/// Japanese. Call once, from `main`.
pub fn then_mount(mount: impl FnOnce() + 'static) {
    let params = crate::boundary::document::launch_params();
    if crate::boundary::document::initial_lang(&params) != Lang::Ja || ja_file::is_available() {
        return mount();
    }
    load(move |res| {
        match res {
            // `<html lang>` says Japanese before the app's first frame, not after the effect
            // that keeps it in step (`app::sync_document`) has run.
            Ok(()) => {
                if let Some(root) = document().document_element() {
                    let _ = root.set_attribute("lang", Lang::Ja.as_tag());
                }
            }
            Err(problem) => START_PROBLEM.with(|p| *p.borrow_mut() = Some(problem)),
        }
        mount();
    });
}

/// The problem [`then_mount`] met, once (the app shows it and opens in English).
pub fn take_start_problem() -> Option<JaProblem> {
    START_PROBLEM.with(|p| p.borrow_mut().take())
}

/// The reader chose `lang` in the menu: Japanese once its texts are in (at once when they
/// are); English, and the problem said, when they cannot be.
pub fn choose(i18n: I18n, lang: Lang) {
    i18n.want(lang);
    if lang != Lang::Ja {
        return i18n.set_lang(lang);
    }
    load(move |res| match res {
        // The reader may have chosen English again meanwhile.
        Ok(()) if i18n.wanted() == Lang::Ja => i18n.set_lang(Lang::Ja),
        Ok(()) => {}
        Err(problem) => i18n.refuse_ja(problem),
    });
}

/// Fetches and installs the Japanese texts, then calls `done` (at once if they are in).
fn load(done: impl FnOnce(Result<(), JaProblem>) + 'static) {
    if ja_file::is_available() {
        return done(Ok(()));
    }
    let Some(url) = document()
        .query_selector(&format!("meta[name=\"{META}\"]"))
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
    else {
        return done(Err(JaProblem::NoFile));
    };
    // One of the promise's branches calls it.
    let done = Rc::new(RefCell::new(Some(done)));
    let finish = move |res: Result<(), JaProblem>| {
        if let Some(done) = done.borrow_mut().take() {
            done(res);
        }
    };
    let (f1, f2, f3, f4) = (finish.clone(), finish.clone(), finish.clone(), finish);
    // The code that reads the file is fetched beside it, not after it.
    crate::boundary::deferred::preload_ja();
    let promise = window().fetch_with_str(&url);
    crate::boundary::url_state::then(
        &promise,
        move |response| {
            let Ok(response) = response.dyn_into::<web_sys::Response>() else {
                return f1(Err(JaProblem::Fetch(String::new())));
            };
            if !response.ok() {
                return f1(Err(JaProblem::Fetch(format!("HTTP {}", response.status()))));
            }
            let Ok(text) = response.text() else {
                return f1(Err(JaProblem::Fetch(String::new())));
            };
            crate::boundary::url_state::then(
                &text,
                move |text| {
                    let text = text.as_string().unwrap_or_default();
                    // Reading the table is not in the first load: its module may come later.
                    crate::boundary::deferred::spawn(async move {
                        f2(match crate::boundary::deferred::install_ja(text).await {
                            Some(res) => res.map_err(|e| match e {
                                InstallError::NotJson(problem) => JaProblem::Damaged(problem),
                                InstallError::OtherBuild => JaProblem::OtherVersion,
                            }),
                            None => Err(JaProblem::NoReader),
                        });
                    });
                },
                move |err| f3(Err(JaProblem::Fetch(reason(&err)))),
            );
        },
        // Offline with no copy, refused by a policy, blocked: the browser's words.
        move |err| f4(Err(JaProblem::Fetch(reason(&err)))),
    );
}

/// The browser's words for a failed fetch.
fn reason(err: &wasm_bindgen::JsValue) -> String {
    err.dyn_ref::<web_sys::js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| err.as_string())
        .unwrap_or_default()
}

/// The alert for a Japanese file that could not be loaded, worded in the shown language.
#[component]
pub fn JaAlert() -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        {move || {
            i18n.ja_problem().map(|problem| {
                let text = move || crate::i18n::ja_problem_text(&problem, i18n.lang());
                view! {
                    <div class="ft-import__alert ft-snapshot__alert" role="alert">
                        <p>{move || text()}</p>
                    </div>
                }
                .into_any()
            })
        }}
    }
}
