//! `me=<user or account/user>` in the page's query: the association selected (and so revealed
//! in the tree) when the page opens, winning over a restored session's selection. The query is
//! parsed once, by `shell::launch_params`; resolution is the engine's name rule
//! (`fairshare::find::resolve`).

use fairshare::AssocId;
use leptos::prelude::*;

use crate::shell::launch_params::LaunchParams;
use crate::shell::start::Shell;
use crate::state::AppState;

/// The association `value` names exactly in the current scenario, if any.
pub fn resolve(state: AppState, value: &str) -> Option<AssocId> {
    state.scenario.with_untracked(|s| {
        fairshare::find::resolve(&s.tree, value).map(|ix| s.tree.assocs()[ix].id)
    })
}

/// Selects what `me=` names (nothing when it names nothing). Call once, after the scenario is
/// restored. The launch parameters come from the shell; a tree mounted alone (component tests)
/// reads the address bar with the same parser.
pub fn apply(state: AppState) {
    let me = match Shell::use_context() {
        Some(shell) => shell.params.with_value(|p| p.me.clone()),
        None => window()
            .location()
            .search()
            .ok()
            .and_then(|search| LaunchParams::parse(&search).me),
    };
    if let Some(id) = me.and_then(|value| resolve(state, &value)) {
        state.select(Some(id));
    }
}
