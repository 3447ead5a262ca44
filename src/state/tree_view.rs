//! The tree view's intents on [`AppState`]: which accounts are expanded or collapsed on purpose.

use std::collections::BTreeSet;

use fairshare::{AssocId, AssocKind};
use leptos::prelude::*;

use super::AppState;

impl AppState {
    /// Expands (`open`) or collapses an account's subtree in the tree view, on purpose.
    pub fn set_expanded(self, id: AssocId, open: bool) {
        let (add, remove) = if open {
            (
                (self.expanded, self.write.expanded),
                (self.collapsed, self.write.collapsed),
            )
        } else {
            (
                (self.collapsed, self.write.collapsed),
                (self.expanded, self.write.expanded),
            )
        };
        if remove.0.with_untracked(|s| s.contains(&id)) {
            remove.1.update(|s| {
                s.remove(&id);
            });
        }
        if add.0.with_untracked(|s| !s.contains(&id)) {
            add.1.update(|s| {
                s.insert(id);
            });
        }
    }

    /// Expands every account above `id` (on purpose, so they stay open), so that it is shown.
    pub fn reveal(self, id: AssocId) {
        let ancestors: Vec<AssocId> = self.scenario.with_untracked(|s| {
            std::iter::successors(s.tree.get(id).and_then(|a| a.parent), |&p| {
                s.tree.get(p).and_then(|a| a.parent)
            })
            .collect()
        });
        if ancestors
            .iter()
            .any(|a| self.collapsed.with_untracked(|c| c.contains(a)))
        {
            self.write.collapsed.update(|c| {
                for a in &ancestors {
                    c.remove(a);
                }
            });
        }
        if ancestors
            .iter()
            .any(|a| self.expanded.with_untracked(|e| !e.contains(a)))
        {
            self.write
                .expanded
                .update(|e| e.extend(ancestors.iter().copied()));
        }
    }

    /// Expands every account (big trees still show at most about `visible::MAX_VISIBLE`).
    pub fn expand_all(self) {
        if self.collapsed.with_untracked(|c| !c.is_empty()) {
            self.write.collapsed.update(|c| c.clear());
        }
        // Inserted one by one: `collect` into a set would sort first, with a sort of its own.
        let mut accounts = BTreeSet::new();
        self.scenario.with_untracked(|s| {
            accounts.extend(
                s.tree
                    .assocs()
                    .iter()
                    .filter(|a| a.kind() != AssocKind::User)
                    .map(|a| a.id),
            );
        });
        self.write.expanded.set(accounts);
    }
}
