//! `src=URL` and `before=URL`: snapshots a docs site publishes, fetched on open (same origin
//! only, so the fetches fit `connect-src 'self'`), imported as a paste is, then `me=` applied.
//! A URL on another site, a failed or refused fetch, or a text that does not import is a clear
//! `role="alert"` message; the app stays usable with what it had. `<SnapshotBar/>` shows those
//! messages. A before snapshot loaded from a URL opens the What-if tab, where
//! `panels::snapshot_panel` says the selected user's move.

use fairshare::import::Imported;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::snapshot::SnapshotMsg;
use crate::messages::timeline::TimelineMsg;
use crate::state::AppState;

/// A problem with a snapshot URL, worded when shown (so a language switch re-words it).
#[derive(Clone, Debug, PartialEq)]
pub enum FetchProblem {
    /// Not on this site.
    NotSameOrigin(String),
    /// The fetch failed (network, CSP, HTTP status): the URL and the reason.
    Failed(String, String),
    /// Read, but the import refused it: the URL and its first diagnostic.
    NotLoaded(String, fairshare::Diagnostic),
    /// A line of a `timeline=` list that was left out or read with an assumption.
    List(String, fairshare::timeline::ListDiagnostic),
    /// Read, but the importer's code (a module of its own, `super::deferred`) did not arrive:
    /// the URL.
    NoImporter(String),
    /// A `timeline=` list that gave fewer than two snapshots: the list's URL and how many.
    TooFew(String, usize),
}

/// The snapshot fetches' messages, provided by [`fetch_on_open`].
#[derive(Clone, Copy)]
pub struct SnapshotFetch {
    problems: RwSignal<Vec<FetchProblem>>,
}

impl SnapshotFetch {
    /// Says a problem (an alert in `<SnapshotBar/>`).
    pub fn push(self, problem: FetchProblem) {
        self.problems.update(|v| v.push(problem));
    }
}

/// Which snapshot a URL holds.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    After,
    Before,
}

/// Whether `value` (absolute or relative to the page) names a URL on the page's own origin;
/// the resolved URL if so.
fn same_origin(value: &str) -> Option<String> {
    let location = window().location();
    let href = location.href().ok()?;
    let url = web_sys::Url::new_with_base(value, &href).ok()?;
    (url.origin() == location.origin().ok()?).then(|| url.href())
}

/// Fetches `src` then `before` (each if given), loads them, then selects `me`. Call once, at
/// start, after the state exists.
pub fn fetch_on_open(
    state: AppState,
    src: Option<String>,
    before: Option<String>,
    timeline: Option<String>,
    me: Option<String>,
) {
    let fetch = SnapshotFetch {
        problems: RwSignal::new(Vec::new()),
    };
    provide_context(fetch);
    if src.is_some() || before.is_some() || timeline.is_some() {
        // The importer's module is fetched beside the snapshots, not after them.
        super::deferred::preload_import();
    }
    // A timeline holds its own before snapshots: `src=` and `before=` are not fetched with it.
    if let Some(list) = timeline {
        return super::timeline_urls::fetch_timeline(state, fetch, list, me);
    }
    let mut queue: Vec<(Role, String)> = Vec::new();
    queue.extend(src.map(|u| (Role::After, u)));
    queue.extend(before.map(|u| (Role::Before, u)));
    if queue.is_empty() {
        return;
    }
    queue.reverse();
    next(state, fetch, queue, me);
}

/// Loads the last of `queue`, then the rest; at the end applies `me`.
fn next(state: AppState, fetch: SnapshotFetch, mut queue: Vec<(Role, String)>, me: Option<String>) {
    let Some((role, value)) = queue.pop() else {
        if let Some(id) = me.and_then(|m| crate::boundary::me_param::resolve(state, &m)) {
            state.select(Some(id));
        }
        return;
    };
    let problem = move |p: FetchProblem| fetch.problems.update(|v| v.push(p));
    let Some(url) = same_origin(&value) else {
        problem(FetchProblem::NotSameOrigin(value));
        return next(state, fetch, queue, me);
    };
    let promise = window().fetch_with_str(&url);
    let failed = move |value: String, err: wasm_bindgen::JsValue| {
        let reason = err
            .dyn_ref::<web_sys::js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| err.as_string())
            .unwrap_or_default();
        fetch
            .problems
            .update(|v| v.push(FetchProblem::Failed(value, reason)));
    };
    let (v1, v2, v3) = (value.clone(), value.clone(), value.clone());
    let (q1, q2, q3, q4) = (queue.clone(), queue.clone(), queue.clone(), queue);
    let (m1, m2, m3, m4) = (me.clone(), me.clone(), me.clone(), me);
    crate::boundary::url_state::then(
        &promise,
        move |response| {
            let Ok(response) = response.dyn_into::<web_sys::Response>() else {
                return next(state, fetch, q1, m1);
            };
            if !response.ok() {
                let status = response.status().to_string();
                failed(
                    v1,
                    wasm_bindgen::JsValue::from_str(&format!("HTTP {status}")),
                );
                return next(state, fetch, q1, m1);
            }
            let Ok(text) = response.text() else {
                return next(state, fetch, q1, m1);
            };
            crate::boundary::url_state::then(
                &text,
                move |text| {
                    let text = text.as_string().unwrap_or_default();
                    // The importer is not in the first load: its module may arrive later.
                    crate::boundary::deferred::spawn(async move {
                        let imported = super::deferred::import(text).await;
                        load(state, fetch, role, v2, imported);
                        next(state, fetch, q2, m2);
                    });
                },
                move |err| {
                    failed(v3.clone(), err);
                    next(state, fetch, q3, m3);
                },
            );
        },
        // A refused fetch (network, CSP): said, and the rest still loads.
        move |err| {
            failed(value, err);
            next(state, fetch, q4, m4);
        },
    );
}

/// Loads a fetched text's import as the scenario or the before snapshot; `None` (the
/// importer's module did not arrive) is said as such.
fn load(
    state: AppState,
    fetch: SnapshotFetch,
    role: Role,
    url: String,
    imported: Option<Imported>,
) {
    let Some(imported) = imported else {
        return fetch.push(FetchProblem::NoImporter(url));
    };
    let error = imported.diagnostics.iter().find(|d| d.is_error()).cloned();
    match (imported.scenario, error) {
        (Some(scenario), None) => match role {
            Role::After => state.load(scenario, imported.printed, None),
            Role::Before => {
                state.load_before(&scenario.tree);
                state.open_panel(crate::chrome::PanelTab::WhatIf);
            }
        },
        (_, error) => {
            let d = error
                .unwrap_or_else(|| fairshare::Diagnostic::error(None, fairshare::DiagKind::Empty));
            fetch
                .problems
                .update(|v| v.push(FetchProblem::NotLoaded(url, d)));
        }
    }
}

/// The fetch problems (alerts), under the shell bar.
#[component]
pub fn SnapshotBar() -> impl IntoView {
    let i18n = I18n::expect();
    let problems = use_context::<SnapshotFetch>().map(|f| f.problems);
    let texts = move || {
        let lang = i18n.lang();
        problems
            .map(|p| p.get())
            .unwrap_or_default()
            .into_iter()
            .map(|p| match p {
                FetchProblem::NotSameOrigin(url) => {
                    SnapshotMsg::NotSameOrigin.fill(lang, &[("url", &url)])
                }
                FetchProblem::Failed(url, reason) => {
                    SnapshotMsg::FetchFailed.fill(lang, &[("url", &url), ("reason", &reason)])
                }
                FetchProblem::NoImporter(url) => {
                    SnapshotMsg::NoImporter.fill(lang, &[("url", &url)])
                }
                FetchProblem::List(url, d) => {
                    let problem = crate::messages::timeline::list_problem(&d.problem, lang);
                    match d.line {
                        Some(line) => TimelineMsg::ListLine.fill(
                            lang,
                            &[
                                ("url", &url),
                                ("line", &line.to_string()),
                                ("problem", &problem),
                            ],
                        ),
                        None => TimelineMsg::ListWhole
                            .fill(lang, &[("url", &url), ("problem", &problem)]),
                    }
                }
                FetchProblem::TooFew(_, n) => {
                    TimelineMsg::TooFew.fill(lang, &[("n", &fairshare::format::grouped(n as u64))])
                }
                FetchProblem::NotLoaded(url, d) => SnapshotMsg::FetchNotLoaded.fill(
                    lang,
                    &[
                        ("url", &url),
                        (
                            "problem",
                            &crate::messages::engine::diagnostic_text(&d, lang),
                        ),
                    ],
                ),
            })
            .collect::<Vec<_>>()
    };
    view! {
        {move || {
            let lines = texts();
            (!lines.is_empty()).then(|| view! {
                <div class="ft-import__alert ft-snapshot__alert" role="alert">
                    {lines.into_iter().map(|l| view! { <p>{l}</p> }).collect::<Vec<_>>()}
                </div>
            })
        }}
    }
}
