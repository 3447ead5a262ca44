//! `me=<user or account/user>` in the page's query: the association selected (and so revealed
//! in the tree) when the page opens, winning over a restored session's selection. The query is
//! parsed once, by `boundary::launch_params`; resolution is the engine's name rule
//! (`fairshare::find::resolve`). A value that names nothing, or a user in several accounts, is
//! said in a visible note ([`MeNote`]), not passed over in silence.

use fairshare::{AssocId, AssocTree};
use leptos::prelude::*;

use crate::boundary::launch_params::LaunchParams;
use crate::chrome::start::Shell;
use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;

/// What the page says about `me=` when it did not name exactly one association.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeNote {
    /// No user or account has that name.
    NotFound {
        /// The value, as given.
        value: String,
    },
    /// A user in several accounts: the first (in the tree's order) is selected.
    Several {
        /// The value, as given.
        value: String,
        /// How many associations it names (up to [`SEVERAL_LISTED`] are listed).
        count: usize,
        /// Each, as `account/user` (the value that would name it alone).
        all: Vec<String>,
    },
}

/// At most this many associations are listed in a [`MeNote::Several`].
pub const SEVERAL_LISTED: usize = 10;

impl MeNote {
    /// The note in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            MeNote::NotFound { value } => TreeMsg::MeNotFound.fill(lang, &[("value", value)]),
            MeNote::Several { value, count, all } => TreeMsg::MeSeveral.fill(
                lang,
                &[
                    ("value", value),
                    ("count", &fairshare::format::grouped(*count as u64)),
                    ("all", &all.join(", ")),
                    ("chosen", all.first().map_or("", String::as_str)),
                ],
            ),
        }
    }
}

/// What `value` selects in `tree`, and the note to show when it does not name exactly one
/// association. Linear in the tree.
pub fn resolve_in(tree: &AssocTree, value: &str) -> (Option<AssocId>, Option<MeNote>) {
    let found = fairshare::find::resolve_all(tree, value, SEVERAL_LISTED + 1);
    let value = value.trim().to_string();
    match found.as_slice() {
        [] => (None, Some(MeNote::NotFound { value })),
        [one] => (Some(tree.assocs()[*one].id), None),
        [first, ..] => {
            let count = if found.len() > SEVERAL_LISTED {
                fairshare::find::resolve_all(tree, &value, usize::MAX).len()
            } else {
                found.len()
            };
            let all = found
                .iter()
                .take(SEVERAL_LISTED)
                .map(|&ix| fairshare::find::qualified_name(tree, ix))
                .collect();
            (
                Some(tree.assocs()[*first].id),
                Some(MeNote::Several { value, count, all }),
            )
        }
    }
}

/// The association `value` names exactly in the current scenario, if any.
pub fn resolve(state: AppState, value: &str) -> Option<AssocId> {
    state.scenario().with_untracked(|s| {
        fairshare::find::resolve(&s.tree, value).map(|ix| s.tree.assocs()[ix].id)
    })
}

/// Selects what `me=` names (nothing when it names nothing) and returns the note to show when it
/// did not name exactly one association (nothing while `src=` or `timeline=` is being fetched).
/// Call once, after the scenario is restored. The launch
/// parameters come from the shell; a tree mounted alone (component tests) reads the address bar
/// with the same parser.
pub fn apply(state: AppState) -> Option<MeNote> {
    let params = match Shell::use_context() {
        Some(shell) => shell.params.with_value(Clone::clone),
        None => LaunchParams::parse(&window().location().search().unwrap_or_default()),
    };
    // A snapshot or a timeline fetched on open is not there yet: the fetch applies `me=` once
    // it has loaded (`boundary::snapshot_urls`), so the tree it is looked up in is the right one.
    if params.src.is_some() || params.timeline.is_some() {
        return None;
    }
    let me = params.me?;
    let (id, note) = state
        .scenario()
        .with_untracked(|s| resolve_in(&s.tree, &me));
    if let Some(id) = id {
        state.select(Some(id));
    }
    note
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::testing::names_tree as tree;

    #[test]
    fn one_name_selects_silently() {
        assert_eq!(resolve_in(&tree(), "chem/alice"), (Some(AssocId(6)), None));
        assert_eq!(resolve_in(&tree(), "physics"), (Some(AssocId(2)), None));
    }

    #[test]
    fn nothing_and_several_are_said() {
        let (id, note) = resolve_in(&tree(), "nobody");
        assert_eq!(id, None);
        let note = note.expect("a note");
        assert_eq!(
            note.text(Lang::En),
            "The link's me=nobody names no user or account in this tree, so nothing is selected."
        );
        assert!(note.text(Lang::Ja).contains("me=nobody"));
        let (id, note) = resolve_in(&tree(), "alice");
        assert_eq!(id, Some(AssocId(3)), "the first in the tree's order");
        let note = note.expect("a note");
        assert_eq!(
            note.text(Lang::En),
            "The link's me=alice names 2 associations (physics/alice, chem/alice); \
             physics/alice is selected. Use me=account/user to pick one."
        );
        assert_ne!(note.text(Lang::Ja), note.text(Lang::En));
    }
}
