//! `timeline=URL`: a list of snapshot URLs a docs site publishes (one a line, oldest first, each
//! optionally after an ISO time and a space; `fairshare::timeline::parse_list`), fetched on open
//! from the page's own origin (so the fetches fit `connect-src 'self'`), each snapshot imported
//! as a paste is, then loaded as a timeline (`AppState::load_timeline`) and `me=` applied.
//! Entries are relative to the list's URL. A bad line of the list, a URL on another site, a
//! failed fetch or a snapshot that does not import is an alert (through
//! [`super::snapshot_urls::SnapshotFetch`]) and is left out; the rest still loads.

use fairshare::Severity;
use fairshare::import::Imported;
use fairshare::timeline::{ListProblem, Time, parse_list};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::snapshot_urls::{FetchProblem, SnapshotFetch};
use crate::state::AppState;

/// `value` resolved against `base` if it names a URL on the page's own origin.
fn same_origin(value: &str, base: &str) -> Option<String> {
    let url = web_sys::Url::new_with_base(value, base).ok()?;
    (url.origin() == window().location().origin().ok()?).then(|| url.href())
}

/// Fetches `url` as text: `done(Ok(text))`, or `done(Err(reason))` for a refused fetch or an
/// HTTP error.
fn fetch_text(url: &str, done: impl FnOnce(Result<String, String>) + 'static) {
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let finish = move |r: Result<String, String>| {
        if let Some(done) = done.borrow_mut().take() {
            done(r);
        }
    };
    let reason = |err: wasm_bindgen::JsValue| {
        err.dyn_ref::<web_sys::js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| err.as_string())
            .unwrap_or_default()
    };
    let (f1, f2, f3) = (finish.clone(), finish.clone(), finish);
    crate::boundary::url_state::then(
        &window().fetch_with_str(url),
        move |response| {
            let Ok(response) = response.dyn_into::<web_sys::Response>() else {
                return f1(Err(String::new()));
            };
            if !response.ok() {
                return f1(Err(format!("HTTP {}", response.status())));
            }
            let Ok(text) = response.text() else {
                return f1(Err(String::new()));
            };
            let f = f1.clone();
            crate::boundary::url_state::then(
                &text,
                move |text| f(Ok(text.as_string().unwrap_or_default())),
                move |err| f2(Err(reason(err))),
            );
        },
        move |err| f3(Err(reason(err))),
    );
}

/// One snapshot read: its time, its label (the URL as listed) and its import.
type Read = (Option<Time>, String, Imported);

/// Fetches the list at `list`, then its snapshots one after the other, then loads the timeline
/// and applies `me`.
pub fn fetch_timeline(state: AppState, fetch: SnapshotFetch, list: String, me: Option<String>) {
    let Some(list_url) = same_origin(&list, &window().location().href().unwrap_or_default()) else {
        fetch.push(FetchProblem::NotSameOrigin(list));
        return;
    };
    let list_url2 = list_url.clone();
    fetch_text(&list_url, move |text| {
        let text = match text {
            Ok(text) => text,
            Err(reason) => return fetch.push(FetchProblem::Failed(list, reason)),
        };
        let (entries, diags) = parse_list(&text);
        // Skipped blank lines and comments are not worth an alert.
        for d in diags.into_iter().filter(|d| {
            d.severity == Severity::Error
                || !matches!(d.problem, ListProblem::Blank | ListProblem::Comment)
        }) {
            fetch.push(FetchProblem::List(list.clone(), d));
        }
        let mut queue: Vec<(Option<Time>, String, Option<String>)> = entries
            .into_iter()
            .map(|e| {
                let url = same_origin(&e.url, &list_url2);
                (e.time, e.url, url)
            })
            .collect();
        queue.reverse();
        next(state, fetch, list, queue, Vec::new(), me);
    });
}

/// Fetches the last of `queue` (oldest first once reversed), then the rest; at the end loads.
fn next(
    state: AppState,
    fetch: SnapshotFetch,
    list: String,
    mut queue: Vec<(Option<Time>, String, Option<String>)>,
    mut read: Vec<Read>,
    me: Option<String>,
) {
    let Some((time, label, url)) = queue.pop() else {
        return finish(state, fetch, list, read, me);
    };
    let Some(url) = url else {
        fetch.push(FetchProblem::NotSameOrigin(label));
        return next(state, fetch, list, queue, read, me);
    };
    fetch_text(&url, move |text| {
        let text = match text {
            Ok(text) => text,
            Err(reason) => {
                fetch.push(FetchProblem::Failed(label, reason));
                return next(state, fetch, list, queue, read, me);
            }
        };
        // The importer is not in the first load: its module may arrive later.
        crate::boundary::deferred::spawn(async move {
            match super::deferred::import(text).await {
                Some(imported) => read.push((time, label, imported)),
                None => fetch.push(FetchProblem::NoImporter(label)),
            }
            next(state, fetch, list, queue, read, me);
        });
    });
}

/// Loads what was read as a timeline (two snapshots at least; one alone loads as a plain
/// snapshot), opens the What-if tab and applies `me`.
fn finish(
    state: AppState,
    fetch: SnapshotFetch,
    list: String,
    read: Vec<Read>,
    me: Option<String>,
) {
    let single = (read.len() == 1)
        .then(|| read[0].2.scenario.clone())
        .flatten();
    let (built, problems) = crate::state::build_timeline(read);
    for (label, d) in problems {
        fetch.push(FetchProblem::NotLoaded(label, d));
    }
    match built {
        Ok((timeline, printed, template)) => {
            state.load_timeline(timeline, printed, template);
            state.open_panel(crate::chrome::PanelTab::WhatIf);
        }
        Err(n) => {
            fetch.push(FetchProblem::TooFew(list, n));
            if let Some(scenario) = single.filter(|_| n == 1) {
                state.load(scenario, Vec::new(), None);
            }
        }
    }
    if let Some(id) = me.and_then(|m| crate::boundary::me_param::resolve(state, &m)) {
        state.select(Some(id));
    }
}
