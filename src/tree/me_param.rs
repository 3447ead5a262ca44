//! `me=<user or account/user>` in the page's query: the association selected (and so revealed
//! in the tree) when the page opens. Resolution is the engine's name rule
//! (`fairshare::find::resolve`); this module only reads the address bar once.

use fairshare::AssocId;
use leptos::prelude::*;

use crate::state::AppState;

/// The query parameter's name.
pub const KEY: &str = "me";

/// The association `value` names exactly in the current scenario, if any.
pub fn resolve(state: AppState, value: &str) -> Option<AssocId> {
    state.scenario.with_untracked(|s| {
        fairshare::find::resolve(&s.tree, value).map(|ix| s.tree.assocs()[ix].id)
    })
}

/// Reads `me=` from the address bar and selects what it names (nothing when it names nothing).
/// Call once, after the scenario is restored.
pub fn apply(state: AppState) {
    let Ok(search) = window().location().search() else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    if let Some(value) = params.get(KEY)
        && let Some(id) = resolve(state, &value)
    {
        state.select(Some(id));
    }
}
