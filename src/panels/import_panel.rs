//! `<ImportPanel/>`: paste, open or drop a tree (sshare, sacctmgr or scenario JSON) and export
//! the scenario on screen as JSON.
//!
//! Reading is `fairshare::import::import`, which detects the format and never fails. A clean
//! result loads at once (with sshare's printed values into `AppState::printed`, for the sshare
//! table to compare). With errors nothing changes: a `role="alert"` lists every diagnostic with
//! its line, and when a partial tree exists a button offers to load just the valid part (only on
//! that explicit click). Loading is undoable like any edit.

use fairshare::import::{Format, Imported, import};
use fairshare::{Diagnostic, Scenario};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::chrome::PanelTab;
use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::engine::{diagnostic_text, format_text};
use crate::messages::import::ImportMsg;
use crate::messages::inspector::InspectorMsg;
use crate::messages::snapshot::SnapshotMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;
use crate::widgets::dom_id::next_dom_id;
use crate::widgets::download::download_text;
use crate::widgets::when::When;

/// What the last Load did.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    /// Loaded (all of it, or the valid part on request), with the assumptions made.
    Loaded {
        n: usize,
        format: Format,
        partial: bool,
        warnings: Vec<Diagnostic>,
        /// The paste printed one user's rows only, and Load selected that user: the status
        /// offers "Why is my FairShare this?" (the Inspector) at once.
        me: bool,
    },
    /// Not loaded; the diagnostics, and the partial tree that could be loaded on request.
    Refused {
        format: Format,
        diagnostics: Vec<Diagnostic>,
        partial: Option<Box<Imported>>,
    },
    /// A file could not be read.
    FileFailed(String),
}

/// The Import and export region.
#[component]
pub fn ImportPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let outcome = RwSignal::new(None::<Outcome>);
    let exported = RwSignal::new(None::<String>);
    let textarea = NodeRef::<html::Textarea>::new();
    let (paste_id, help_id, file_id) = (
        next_dom_id("ft-paste"),
        next_dom_id("ft-paste-help"),
        next_dom_id("ft-file"),
    );
    let load_text = move |text: String| outcome.set(Some(load(state, import(&text))));
    let on_load = move |_| {
        if let Some(area) = textarea.get_untracked() {
            load_text(area.value());
        }
    };
    let read_file = move |file: web_sys::File| {
        let promise = file.text();
        crate::boundary::url_state::then(
            &promise,
            move |text| {
                let text = text.as_string().unwrap_or_default();
                if let Some(area) = textarea.get_untracked() {
                    area.set_value(&text);
                }
                load_text(text);
            },
            move |err| outcome.set(Some(file_failed(&err))),
        );
    };
    let on_file = move |ev: web_sys::Event| {
        let file = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            read_file(file);
        }
    };
    // Two files or more at once are a timeline, oldest first (two: a before/after pair): by
    // modification time when they differ by more than a minute, otherwise by name (files saved
    // or copied together carry about the same time; collectors name them by time).
    let read_pair = move |files: web_sys::FileList| {
        let list: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        let order = file_order(
            &list
                .iter()
                .map(|f| (f.name(), f.last_modified()))
                .collect::<Vec<_>>(),
        );
        let mut queue: Vec<web_sys::File> = order.into_iter().map(|i| list[i].clone()).collect();
        queue.reverse();
        read_timeline(state, outcome, queue, Vec::new());
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        let Some(files) = ev.data_transfer().and_then(|dt| dt.files()) else {
            return;
        };
        if files.length() >= 2 {
            ev.prevent_default();
            read_pair(files);
        } else if let Some(file) = files.get(0) {
            ev.prevent_default();
            read_file(file);
        }
    };
    let on_load_before = move |_| {
        if let Some(area) = textarea.get_untracked() {
            outcome.set(Some(load_before(state, import(&area.value()))));
        }
    };
    let on_before_files = move |ev: web_sys::Event| {
        let Some(files) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
        else {
            return;
        };
        if files.length() >= 2 {
            read_pair(files);
        } else if let Some(file) = files.get(0) {
            crate::boundary::url_state::then(
                &file.text(),
                move |text| {
                    let text = text.as_string().unwrap_or_default();
                    outcome.set(Some(load_before(state, import(&text))));
                },
                move |_| {},
            );
        }
    };
    let before_file_id = next_dom_id("ft-before-file");
    let on_export = move |_| {
        let json = state
            .scenario()
            .with_untracked(fairshare::scenario::to_json);
        download_text(EXPORT_FILE, &json, "application/json");
        exported.set(Some(json));
    };
    view! {
        <section class="ft-panel ft-import" role="region" aria-label=i18n.t(CommonMsg::RegionImport)>
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionImport)}</h2>
            <label class="ft-field__label" for=paste_id.clone()>{i18n.t(ImportMsg::PasteLabel)}</label>
            <textarea id=paste_id class="ft-textarea ft-import__paste" node_ref=textarea rows="8"
                spellcheck="false" autocomplete="off" aria-describedby=help_id.clone()
                on:dragover=|ev: web_sys::DragEvent| ev.prevent_default() on:drop=on_drop></textarea>
            <p class="ft-help" id=help_id>{i18n.t(ImportMsg::PasteHelp)} " " {i18n.t(ImportMsg::DropHint)}</p>
            <p class="ft-help">{i18n.t(SnapshotMsg::Help)}</p>
            <div class="ft-button-row">
                <button type="button" class="ft-button ft-button--primary" on:click=on_load>
                    {i18n.t(ImportMsg::Load)}
                </button>
                <input type="file" id=file_id.clone() class="ft-file__input" on:change=on_file
                    accept=".txt,.json,.csv,.tsv,.log,text/plain,application/json" />
                <label class="ft-button ft-file" for=file_id>{i18n.t(ImportMsg::OpenFile)}</label>
                <button type="button" class="ft-button" on:click=on_load_before>
                    {i18n.t(SnapshotMsg::LoadBefore)}
                </button>
                <input type="file" id=before_file_id.clone() class="ft-file__input" multiple=true
                    on:change=on_before_files
                    accept=".txt,.json,.csv,.tsv,.log,text/plain,application/json" />
                <label class="ft-button ft-file" for=before_file_id>{i18n.t(SnapshotMsg::OpenBefore)}</label>
                <button type="button" class="ft-button" on:click=on_export>{i18n.t(ImportMsg::Export)}</button>
                <crate::boundary::export::ExportButtons />
            </div>
            {move || outcome.get().map(|o| view! { <OutcomeView outcome=o on_partial=Callback::new(move |imported: Box<Imported>| {
                outcome.set(Some(load_partial(state, *imported)));
            }) /> }.into_any())}
            <When when=move || exported.with(Option::is_some)>
                <ExportedJson json=Signal::derive(move || exported.get().unwrap_or_default()) />
            </When>
        </section>
    }
}

/// The status or alert of the last Load (leaf).
#[component]
fn OutcomeView(outcome: Outcome, on_partial: Callback<Box<Imported>>) -> impl IntoView {
    let i18n = I18n::expect();
    match outcome {
        Outcome::Loaded {
            n,
            format,
            partial,
            warnings,
            me,
        } => {
            let state = AppState::expect();
            let msg = if partial {
                ImportMsg::LoadedPartial
            } else {
                ImportMsg::Loaded
            }
            .counted(n);
            let status = move || {
                msg.fill(
                    i18n.lang(),
                    &[
                        ("n", &fairshare::format::grouped(n as u64)),
                        ("format", &format_text(format, i18n.lang())),
                    ],
                )
            };
            let warnings = StoredValue::new(warnings);
            view! {
                <div class="ft-import__status" role="status">
                    <p>{move || status()}</p>
                    <When when=move || me>
                        <button type="button" class="ft-button ft-button--primary"
                            on:click=move |_| state.open_panel(PanelTab::Inspector)>
                            {i18n.t(InspectorMsg::WhyTitle)}
                        </button>
                    </When>
                    <When when=move || warnings.with_value(|w| !w.is_empty())>
                        <p>{i18n.t(ImportMsg::Assumptions)}</p>
                        <ul class="ft-import__diagnostics">
                            {move || diagnostic_lines(&warnings.get_value(), i18n.lang()).into_iter().map(|l| view! { <li>{l}</li> }.into_any()).collect::<Vec<_>>()}
                        </ul>
                    </When>
                </div>
            }
            .into_any()
        }
        Outcome::Refused {
            format,
            diagnostics,
            partial,
        } => {
            let n_errors = diagnostics.iter().filter(|d| d.is_error()).count();
            let heading = move || {
                ImportMsg::NotLoaded.counted(n_errors).fill(
                    i18n.lang(),
                    &[
                        ("format", &format_text(format, i18n.lang())),
                        ("n", &fairshare::format::grouped(n_errors as u64)),
                    ],
                )
            };
            let diagnostics = StoredValue::new(diagnostics);
            let n_partial = partial
                .as_ref()
                .and_then(|p| p.scenario.as_ref())
                .map(|s| s.tree.len());
            let partial = StoredValue::new(partial);
            let on_click = move |_| {
                if let Some(p) = partial.get_value() {
                    on_partial.run(p);
                }
            };
            view! {
                <div class="ft-import__alert" role="alert">
                    <p class="ft-import__alert-title">{move || heading()}</p>
                    <ul class="ft-import__diagnostics">
                        {move || diagnostic_lines(&diagnostics.get_value(), i18n.lang()).into_iter().map(|l| view! { <li>{l}</li> }.into_any()).collect::<Vec<_>>()}
                    </ul>
                </div>
                {n_partial.map(|n| view! {
                    <button type="button" class="ft-button" on:click=on_click>
                        {move || ImportMsg::LoadPartial.counted(n).fill(i18n.lang(), &[("n", &fairshare::format::grouped(n as u64))])}
                    </button>
                }.into_any())}
            }
            .into_any()
        }
        Outcome::FileFailed(reason) => view! {
            <p class="ft-import__alert" role="alert">
                {move || ImportMsg::FileFailed.fill(i18n.lang(), &[("reason", &reason)])}
            </p>
        }
        .into_any(),
    }
}

/// The exported JSON, shown read-only so it can be copied where downloads are blocked.
#[component]
fn ExportedJson(#[prop(into)] json: Signal<String>) -> impl IntoView {
    let i18n = I18n::expect();
    let id = next_dom_id("ft-exported");
    let status = move || ImportMsg::Exported.fill(i18n.lang(), &[("file", EXPORT_FILE)]);
    view! {
        <p class="ft-status" role="status">{move || status()}</p>
        <label class="ft-field__label" for=id.clone()>{i18n.t(ImportMsg::ExportedLabel)}</label>
        <textarea id=id class="ft-textarea" rows="6" readonly=true spellcheck="false" prop:value=json></textarea>
    }
}

/// The name of the exported file.
pub const EXPORT_FILE: &str = "fairshare-scenario.json";

/// Loads a clean import, or describes why nothing was loaded.
fn load(state: AppState, imported: Imported) -> Outcome {
    let warnings = || {
        imported
            .diagnostics
            .iter()
            .filter(|d| !d.is_error())
            .cloned()
            .collect()
    };
    match &imported.scenario {
        Some(scenario) if !imported.has_errors() => {
            let mut outcome = Outcome::Loaded {
                n: scenario.tree.len(),
                format: imported.format,
                partial: false,
                warnings: warnings(),
                me: false,
            };
            let Imported {
                scenario, printed, ..
            } = imported;
            if let Some(scenario) = scenario {
                // Plain `sshare` prints the caller's rows only: that user is selected (and
                // revealed), so the page opens on the one row that is them.
                let me = fairshare::import::only_user(&scenario.tree, &printed);
                state.load(scenario, printed, None);
                if me.is_some() {
                    state.select(me);
                    if let Outcome::Loaded { me: offered, .. } = &mut outcome {
                        *offered = true;
                    }
                }
                bring_tree_into_view();
            }
            outcome
        }
        _ => Outcome::Refused {
            format: imported.format,
            diagnostics: imported.diagnostics.clone(),
            partial: imported.is_partial().then(|| Box::new(imported)),
        },
    }
}

/// The order of files given together, oldest first: by modification time (ms) when the
/// oldest and newest differ by more than a minute, otherwise by name. Stable.
pub fn file_order(files: &[(String, f64)]) -> Vec<usize> {
    let times = files.iter().map(|f| f.1);
    let spread =
        times.clone().fold(f64::NEG_INFINITY, f64::max) - times.fold(f64::INFINITY, f64::min);
    if spread > 60_000.0 {
        crate::sort::order(files.len(), &|a, b| files[a].1.total_cmp(&files[b].1))
    } else {
        crate::sort::order(files.len(), &|a, b| files[a].0.cmp(&files[b].0))
    }
}

/// Reads the files of `queue` (the next last), importing each, then loads them as a timeline
/// (newest shown, compared with the one before it). A file that does not import is said and
/// left out; with fewer than two left, the one left loads as a plain import.
fn read_timeline(
    state: AppState,
    outcome: RwSignal<Option<Outcome>>,
    mut queue: Vec<web_sys::File>,
    mut read: Vec<(Option<fairshare::timeline::Time>, String, Imported)>,
) {
    let Some(file) = queue.pop() else {
        let last = read
            .last()
            .map(|r| (r.2.scenario.as_ref().map(|s| s.tree.len()), r.2.format));
        let refused = read
            .iter()
            .find(|r| r.2.has_errors() || r.2.scenario.is_none())
            .map(|r| (r.2.format, r.2.diagnostics.clone()));
        if read.len() < 2 {
            if let Some((_, _, imported)) = read.pop() {
                outcome.set(Some(load(state, imported)));
            }
            return;
        }
        let (built, _) = crate::state::build_timeline(read);
        match (built, refused) {
            (Ok((timeline, printed, template)), None) => {
                state.load_timeline(timeline, printed, template);
                if let Some((Some(n), format)) = last {
                    outcome.set(Some(Outcome::Loaded {
                        n,
                        format,
                        partial: false,
                        warnings: Vec::new(),
                        me: false,
                    }));
                }
                state.open_panel(crate::chrome::PanelTab::WhatIf);
            }
            (_, Some((format, diagnostics))) => outcome.set(Some(Outcome::Refused {
                format,
                diagnostics,
                partial: None,
            })),
            (Err(_), None) => {}
        }
        return;
    };
    let name = file.name();
    crate::boundary::url_state::then(
        &file.text(),
        move |text| {
            let text = text.as_string().unwrap_or_default();
            read.push((None, name, import(&text)));
            read_timeline(state, outcome, queue, read);
        },
        move |err| outcome.set(Some(file_failed(&err))),
    );
}

/// The outcome of a file the browser could not read: its error's message (empty when it gave
/// none), for every file input of the panel.
fn file_failed(err: &wasm_bindgen::JsValue) -> Outcome {
    let reason = err
        .dyn_ref::<web_sys::js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_default();
    Outcome::FileFailed(reason)
}

/// Loads a clean import as the before snapshot to compare with (the scenario stays), or
/// describes why nothing was loaded.
fn load_before(state: AppState, imported: Imported) -> Outcome {
    match imported.scenario {
        Some(scenario) if !imported.has_errors() => {
            state.load_before(&scenario.tree);
            Outcome::Loaded {
                n: scenario.tree.len(),
                format: imported.format,
                partial: false,
                warnings: imported
                    .diagnostics
                    .into_iter()
                    .filter(|d| !d.is_error())
                    .collect(),
                me: false,
            }
        }
        // No partial load for a before snapshot: it is a comparison, fix the text and load it.
        _ => Outcome::Refused {
            format: imported.format,
            diagnostics: imported.diagnostics,
            partial: None,
        },
    }
}

/// Scrolls the page so that the tree is in view (on a phone the Import panel sits about two
/// screens below it).
fn bring_tree_into_view() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(tree) = window
        .document()
        .and_then(|d| d.query_selector("[role=\"tree\"]").ok().flatten())
    else {
        return;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let rect = tree.get_bounding_client_rect();
    // Only when it is out of view (on a wide screen the stage is always in view).
    if rect.bottom() <= 0.0 || rect.top() >= height {
        tree.scroll_into_view();
    }
}

/// Loads the valid part of a partial import (after the person asked for it).
fn load_partial(state: AppState, imported: Imported) -> Outcome {
    let Imported {
        format,
        scenario,
        printed,
        diagnostics,
    } = imported;
    let Some(scenario): Option<Scenario> = scenario else {
        return Outcome::Refused {
            format,
            diagnostics,
            partial: None,
        };
    };
    let n = scenario.tree.len();
    state.load(scenario, printed, None);
    Outcome::Loaded {
        n,
        format,
        partial: true,
        warnings: diagnostics,
        me: false,
    }
}

/// Each diagnostic as one line, "line 7: …" where the line is known.
pub fn diagnostic_lines(diagnostics: &[Diagnostic], lang: Lang) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| diagnostic_text(d, lang))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files given together are ordered oldest first: by time when their times differ by more
    /// than a minute, else by name (a collector names them by time).
    #[test]
    fn files_given_together_are_ordered_oldest_first() {
        let f = |name: &str, t: f64| (name.to_string(), t);
        assert_eq!(
            file_order(&[f("b", 5e6), f("a", 9e6), f("c", 1e6)]),
            vec![2, 0, 1]
        );
        assert_eq!(
            file_order(&[
                f("day2.txt", 1e6),
                f("day0.txt", 1e6 + 30_000.0),
                f("day1.txt", 1e6)
            ]),
            vec![1, 2, 0]
        );
        assert!(file_order(&[]).is_empty());
    }

    #[test]
    fn diagnostics_name_their_line() {
        let imported = import("Account|User|RawShares\nroot||1\n a|u|x\n");
        let lines = diagnostic_lines(&imported.diagnostics, Lang::En);
        assert!(!lines.is_empty());
        assert!(lines.iter().any(|l| l.starts_with("line 3: ")), "{lines:?}");
        let ja = diagnostic_lines(&imported.diagnostics, Lang::Ja);
        assert!(ja.iter().any(|l| l.starts_with("3 行目")), "{ja:?}");
        let empty = diagnostic_lines(&import("").diagnostics, Lang::En);
        assert_eq!(empty, ["nothing to import: the text is empty"]);
        let warning = Diagnostic::warning(Some(2), fairshare::DiagKind::RawUsageEmpty);
        assert_eq!(
            diagnostic_lines(std::slice::from_ref(&warning), Lang::En),
            ["line 2 (assumption): RawUsage is empty; taken as 0"]
        );
        assert_eq!(
            diagnostic_lines(&[warning], Lang::Ja),
            ["2 行目（仮定）: RawUsage が空なので 0 とします"]
        );
    }
}
