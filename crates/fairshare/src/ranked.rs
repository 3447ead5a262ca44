//! [`Ranked`]: a tree, its hierarchy and its Fair Tree run, built together.
//!
//! Every result that reads a run also reads the tree it ranked (names, ids) and the hierarchy
//! it was ranked on (fairshare parents, level shares): [`crate::explain::explain`],
//! [`crate::diff::run_diff`], [`crate::sshare::fair_tree_rows`],
//! [`crate::fair_tree::slurm_debug_lines`]. They take a `Ranked`, which can only be built from a
//! tree, so the three never disagree.
//!
//! All three parts are shared (`Arc`), so a clone is O(1); [`Ranked::with_rule`] ranks the same
//! tree and hierarchy again under another tie rule without deriving the hierarchy again.
//! [`Ranked::with_usage`] and [`Ranked::with_shares`] rank an edited tree from the ranking of
//! the tree before the edit: only the sibling lists on the edited association's path are
//! sorted again, the rest of the hierarchy and the sorted order are kept, and the result is
//! the one [`Ranked::new`] gives, bit for bit.

use std::sync::Arc;

use crate::classic::{self, ClassicRun};
use crate::decay;
use crate::fair_tree::{self, Edited, FairTreeRun, TieRule};
use crate::hierarchy::Hierarchy;
use crate::ld::LongDouble;
use crate::scenario::Params;
use crate::step::Frame;
use crate::tree::{AssocId, AssocTree, Shares, TreeError};

/// A tree ranked by Fair Tree: the tree, the hierarchy Slurm derives from it
/// ([`Hierarchy::new`]) and the run over both ([`FairTreeRun`]), under one [`TieRule`].
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    tree: AssocTree,
    hierarchy: Arc<Hierarchy>,
    run: Arc<FairTreeRun>,
    /// Whether the hierarchy's usage is the tree's own (summed from its users), which the
    /// edits' incremental path relies on; false after [`Ranked::with_usages`].
    own_usage: bool,
}

impl Ranked {
    /// Derives the hierarchy of `tree` and runs Fair Tree on it with `rule`: O(n log n).
    /// (The tree is shared, not copied.)
    pub fn new(tree: &AssocTree, rule: TieRule) -> Ranked {
        Ranked::on(tree.clone(), Hierarchy::new(tree), rule)
    }

    /// `tree` ranked with the usage Slurm holds at some moment in place of the tree's own:
    /// `usage[i]` for the association at position `i` (accounts included, as
    /// [`decay::advance_usage`] gives them; entries beyond the vector keep the summed value).
    /// This is what Slurm ranks after decay cycles, bit for bit, whereas a tree rebuilt with
    /// [`decay::tree_with_usages`] re-sums account usage from its users.
    pub fn with_usages(tree: &AssocTree, usage: &[LongDouble], rule: TieRule) -> Ranked {
        let mut h = Hierarchy::new(tree);
        decay::set_usages(&mut h, usage);
        Ranked {
            own_usage: false,
            ..Ranked::on(tree.clone(), h, rule)
        }
    }

    fn on(tree: AssocTree, hierarchy: Hierarchy, rule: TieRule) -> Ranked {
        let run = fair_tree::run_with(&tree, &hierarchy, rule);
        Ranked {
            tree,
            hierarchy: Arc::new(hierarchy),
            run: Arc::new(run),
            own_usage: true,
        }
    }

    /// The tree with `id`'s raw usage changed ([`AssocTree::with_usage`], refused as it
    /// refuses), ranked under the same rule: equal to [`Ranked::new`] of the edited tree, bit
    /// for bit, but derived from this ranking. The usage sums are done again; only the sibling
    /// lists of `id`'s ancestors are sorted again; the walk that ranks users is walked again
    /// only over the entries that moved (the trace and visiting order are copied then: O(n);
    /// the tree, the values and the lists only a chunk at a time, [`crate::Chunked`]).
    /// Usage given on an account changes nothing Slurm ranks (it is ignored), so the hierarchy
    /// and run are shared. After [`Ranked::with_usages`], the edited tree is ranked from
    /// scratch (on its own usage).
    pub fn with_usage(&self, id: AssocId, usage: LongDouble) -> Result<Ranked, Vec<TreeError>> {
        let tree = self.tree.with_usage(id, usage)?;
        let Some(ix) = tree.position(id).filter(|_| self.own_usage) else {
            return Ok(Ranked::new(&tree, self.rule()));
        };
        let edited = &tree.assocs()[ix];
        if !edited.is_user() {
            return Ok(Ranked {
                tree,
                hierarchy: Arc::clone(&self.hierarchy),
                run: Arc::clone(&self.run),
                own_usage: true,
            });
        }
        let h = self.hierarchy.with_usage(ix, edited.usage_raw);
        let run = fair_tree::rerun(&self.run, &tree, &h, Edited::Usage(ix));
        Ok(Ranked {
            tree,
            hierarchy: Arc::new(h),
            run: Arc::new(run),
            own_usage: true,
        })
    }

    /// The tree with `id`'s shares changed ([`AssocTree::with_shares`], refused as it
    /// refuses), ranked under the same rule: equal to [`Ranked::new`] of the edited tree, bit
    /// for bit. Between two share values only `id`'s sibling list is sorted again, and walked
    /// again over the entries that moved; to or from FairShare=parent (which moves lists: children are hoisted) the
    /// edited tree is ranked from scratch, as it is after [`Ranked::with_usages`].
    pub fn with_shares(&self, id: AssocId, shares: Shares) -> Result<Ranked, Vec<TreeError>> {
        let tree = self.tree.with_shares(id, shares)?;
        let incremental = tree.position(id).filter(|_| self.own_usage).and_then(|ix| {
            Some((
                ix,
                self.hierarchy.with_shares(ix, tree.assocs()[ix].shares)?,
            ))
        });
        let Some((ix, h)) = incremental else {
            return Ok(Ranked::new(&tree, self.rule()));
        };
        let run = fair_tree::rerun(&self.run, &tree, &h, Edited::Shares(ix));
        Ok(Ranked {
            tree,
            hierarchy: Arc::new(h),
            run: Arc::new(run),
            own_usage: true,
        })
    }

    /// The same tree and hierarchy (shared) ranked under `rule`: one Fair Tree run, O(n log n);
    /// a clone if `rule` is already this run's.
    pub fn with_rule(&self, rule: TieRule) -> Ranked {
        if rule == self.rule() {
            return self.clone();
        }
        Ranked {
            tree: self.tree.clone(),
            hierarchy: Arc::clone(&self.hierarchy),
            run: Arc::new(fair_tree::run_with(&self.tree, &self.hierarchy, rule)),
            own_usage: self.own_usage,
        }
    }

    /// The classic algorithm (or DEPTH_OBLIVIOUS, as `params` say) on the same tree and
    /// hierarchy. Its values are computed when read: one association alone, or all at once
    /// ([`ClassicRun`]).
    pub fn classic(&self, params: &Params) -> ClassicRun {
        classic::run_after(None, &self.hierarchy, params)
    }

    /// [`Ranked::classic`], bit for bit, carrying over from `prev` (the classic run of another
    /// ranking, typically of the tree before an edit) what this tree did not change: after a
    /// usage edit every S and level fraction is kept (UA, UE and F change everywhere: the
    /// root's usage divides every UA); after a shares edit only the values below the edited
    /// sibling list are computed again; with nothing changed the run is shared. O(n), when its
    /// values are computed whole (from the last run of the chain whose values were).
    pub fn classic_after(&self, prev: &ClassicRun, params: &Params) -> ClassicRun {
        classic::run_after(Some(prev), &self.hierarchy, params)
    }

    /// The tree that was ranked.
    pub fn tree(&self) -> &AssocTree {
        &self.tree
    }

    /// Its hierarchy (list order, fairshare parents, level shares, usage sums).
    pub fn hierarchy(&self) -> &Hierarchy {
        &self.hierarchy
    }

    /// The Fair Tree run: per-association values, visiting order and trace.
    pub fn run(&self) -> &FairTreeRun {
        &self.run
    }

    /// The hierarchy as a shared handle (for a holder that outlives this `Ranked`).
    pub fn shared_hierarchy(&self) -> Arc<Hierarchy> {
        Arc::clone(&self.hierarchy)
    }

    /// The run as a shared handle (for a holder that outlives this `Ranked`).
    pub fn shared_run(&self) -> Arc<FairTreeRun> {
        Arc::clone(&self.run)
    }

    /// The walk's frame after `cursor` steps: [`Frame::at`]`(run.steps(), cursor)`, built from
    /// the run's results without replaying the trace when `cursor` is at (or past) its end, the
    /// finished walk every edit shows (a replay of 100k associations' trace is ~8 M
    /// instructions; this is O(n) plain writes).
    pub fn frame(&self, cursor: usize) -> Frame {
        let steps = self.run.steps();
        if cursor >= steps.len() {
            self.run.finished_frame(&self.hierarchy.is_user)
        } else {
            Frame::at(steps, cursor)
        }
    }

    /// `frame`, a frame of this run (from [`Ranked::frame`] or earlier moves), moved to
    /// `cursor`: equal to [`Ranked::frame`]`(cursor)`, bit for bit. While the walk plays
    /// forward only the steps taken are applied ([`Frame::step_to`], O(1) amortised per step);
    /// to the end of a walk still far from it, the finished frame is built from the run's
    /// results (O(n)) rather than replayed.
    pub fn move_frame(&self, frame: &mut Frame, cursor: usize) {
        let steps = self.run.steps();
        let far = steps.len().saturating_sub(frame.cursor) > steps.len() / 4;
        if cursor >= steps.len() && (far || frame.cursor > steps.len()) {
            *frame = self.run.finished_frame(&self.hierarchy.is_user);
        } else {
            frame.step_to(steps, cursor);
        }
    }

    /// The tie rule the run used.
    pub fn rule(&self) -> TieRule {
        self.run.tie_rule
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> AssocTree {
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
          {"id": 3, "parent": 1, "account": "b", "user": null, "shares": 1},
          {"id": 4, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": 10},
          {"id": 5, "parent": 3, "account": "b", "user": "u2", "shares": 1, "usage_raw": 10}
        ]}"#;
        crate::scenario::parse(text).0.unwrap().tree
    }

    #[test]
    fn another_rule_shares_the_tree_and_hierarchy_and_ranks_again() {
        let slurm = Ranked::new(&tree(), TieRule::Slurm);
        let documented = slurm.with_rule(TieRule::Documented);
        assert!(Arc::ptr_eq(&slurm.hierarchy, &documented.hierarchy));
        assert_eq!(documented.rule(), TieRule::Documented);
        assert_eq!(slurm.rule(), TieRule::Slurm);
        // Tied accounts a and b: Slurm's code gives u2 the rank u1 had; the documented merge
        // ranks them together too, but the runs are built separately.
        assert_eq!(documented, Ranked::new(&tree(), TieRule::Documented));
        assert_eq!(slurm.with_rule(TieRule::Slurm), slurm);
    }

    #[test]
    fn usages_replace_the_summed_ones() {
        let t = tree();
        let usage = [20.0, 5.0, 15.0, 5.0, 15.0].map(LongDouble::from_f64);
        let r = Ranked::with_usages(&t, &usage, TieRule::Slurm);
        assert_eq!(r.run().assocs[1].usage_raw, LongDouble::from_f64(5.0));
        assert_eq!(r.run().assocs[4].rank, Some(1), "u2 below u1 now");
        assert_eq!(
            Ranked::new(&t, TieRule::Slurm).run().assocs[4].rank,
            Some(2),
            "tied with u1 on the tree's own usage"
        );
    }
}
