//! `CompareMarks`: each association's role in the "why is B above me?" comparison (both users'
//! paths, the first common ancestor, the two children whose Level FS decided the order), for
//! the tree's cards and treeitems.
//!
//! Why per-association signals rather than one memo read by every element: see
//! [`crate::widgets::index_marks`]. A new comparison re-runs only the elements on the two paths.

use leptos::prelude::*;

use crate::panels::compare::{Highlight, highlight};
use crate::state::AppState;
use crate::widgets::index_marks::IndexMarks;

/// What an association is in the comparison (the most specific role wins: the ancestor and
/// the deciders are on the paths too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareRole {
    /// The first common ancestor of the two users.
    Ancestor,
    /// One of the two children of the ancestor whose order (Level FS) decided.
    Decider,
    /// On one user's path from the root (the users included).
    Path,
}

impl CompareRole {
    /// The treeitem's `data-compare` value.
    pub fn as_attr(self) -> &'static str {
        match self {
            CompareRole::Ancestor => "ancestor",
            CompareRole::Decider => "decider",
            CompareRole::Path => "path",
        }
    }
}

/// The role of each of the `n` associations (by position) under `hl`, up to the last one that
/// has a role (the positions after it have none: [`IndexMarks`] reads past the end as `None`);
/// empty without a highlight. Positions out of range are ignored (bad input never panics).
pub fn roles(n: usize, hl: Option<&Highlight>) -> Vec<Option<CompareRole>> {
    let Some(hl) = hl else {
        return Vec::new();
    };
    let last = hl
        .paths
        .iter()
        .flatten()
        .chain(&hl.deciding)
        .chain([&hl.ancestor])
        .copied()
        .filter(|&ix| ix < n)
        .max();
    let mut res = vec![None; last.map_or(0, |ix| ix + 1)];
    let mut set = |ix: usize, role: CompareRole| {
        if let Some(slot) = res.get_mut(ix) {
            *slot = Some(role);
        }
    };
    for &ix in hl.paths.iter().flatten() {
        set(ix, CompareRole::Path);
    }
    for &ix in &hl.deciding {
        set(ix, CompareRole::Decider);
    }
    set(hl.ancestor, CompareRole::Ancestor);
    res
}

/// One signal per association, following the comparison in `AppState`. `Copy`.
#[derive(Clone, Copy)]
pub struct CompareMarks(IndexMarks<Option<CompareRole>>);

impl CompareMarks {
    /// Marks that follow the selection, the comparison and the run. Without two associations
    /// to compare there are no roles, and the run is not read: an edit (a new run) then wakes
    /// none of this (it made a vector of every association's role, all `None`, on every edit).
    pub fn new(state: AppState) -> Self {
        Self(IndexMarks::new(move || {
            let (Some(selected), Some(other)) =
                (state.selected().get(), state.compare_with().get())
            else {
                return Vec::new();
            };
            state.ranked().with(|r| {
                let hl = highlight(r, Some(selected), Some(other));
                roles(r.tree().len(), hl.as_ref())
            })
        }))
    }

    /// How many times the roles were computed (see [`IndexMarks::runs`]).
    pub fn runs(self) -> u64 {
        self.0.runs()
    }

    /// The role of association `ix` (reactive: re-runs only when this role changes).
    pub fn role(self, ix: usize) -> Option<CompareRole> {
        self.0.get(ix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_specific_role_wins_and_bad_positions_are_ignored() {
        let hl = Highlight {
            paths: [vec![0, 1, 2, 3], vec![0, 1, 4, 5, 99]],
            ancestor: 1,
            deciding: [2, 4],
        };
        let r = roles(7, Some(&hl));
        use CompareRole::*;
        // Up to the last position with a role: 6 (99 is out of range).
        assert_eq!(
            r,
            vec![
                Some(Path),
                Some(Ancestor),
                Some(Decider),
                Some(Path),
                Some(Decider),
                Some(Path),
            ]
        );
        assert_eq!(roles(3, None), Vec::new());
    }
}
