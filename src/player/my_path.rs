//! "My path": the steps of the walk that decide one user's rank.
//!
//! Pure: reads the run's trace and returns indices into it. A user's rank is decided by
//!
//! - the start (N, and both counters starting at N);
//! - for every account on the walk's stack when the user is ranked (its ancestors, the root
//!   first): entering it, computing its children's Level FS and sorting them;
//! - the user ranked just before it (whose rank it reuses when tied, and after which
//!   rank-no-ties is counted), and, while those reused ranks are ties themselves, the users
//!   before them, back to the one that set the rank;
//! - its own ranking.
//!
//! The stack is replayed from the trace's enter/leave events; the algorithm is not re-run.

use fairshare::step::Step;

/// One account on the replayed stack with the steps that handled its sibling list.
struct Open {
    account: usize,
    steps: Vec<usize>,
}

/// The indices (into `steps`, increasing) of the steps that decide `user`'s rank; empty when
/// `user` is not ranked in this trace (an account, or a position out of range).
pub fn my_path(steps: &[Step], user: usize) -> Vec<usize> {
    let mut stack: Vec<Open> = Vec::new();
    // Every ranking so far: (step index, whether it reused the previous rank).
    let mut ranked: Vec<(usize, bool)> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        match step {
            Step::Started { .. } => {}
            Step::AccountEntered { account, .. } => stack.push(Open {
                account: *account,
                steps: vec![i],
            }),
            Step::LevelFsComputed { .. } | Step::SiblingsSorted { .. } => {
                if let Some(top) = stack.last_mut() {
                    top.steps.push(i);
                }
            }
            Step::AccountLeft { account } => {
                // Under the documented rule merged accounts are left too; they were never
                // pushed, so only the primary account's leave pops.
                if let Some(pos) = stack.iter().rposition(|o| o.account == *account) {
                    stack.truncate(pos);
                }
            }
            Step::UserRanked { user: u, tie, .. } if *u == user => {
                let mut res: Vec<usize> = Vec::new();
                if matches!(steps.first(), Some(Step::Started { .. })) {
                    res.push(0);
                }
                res.extend(stack.iter().flat_map(|o| o.steps.iter().copied()));
                // The user before it, and back through the chain of reused ranks.
                // Going further back only while each rank was itself reused.
                let reuses = tie.is_some();
                for &(j, tied) in ranked.iter().rev() {
                    res.push(j);
                    if !(reuses && tied) {
                        break;
                    }
                }
                res.push(i);
                crate::sort::sort_dedup(&mut res);
                return res;
            }
            Step::UserRanked { tie, .. } => ranked.push((i, tie.is_some())),
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use fairshare::{AssocTree, TieRule, fair_tree};

    fn ix(tree: &AssocTree, name: &str) -> usize {
        tree.assocs()
            .iter()
            .position(|a| a.name() == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    /// The path written as one short line per step: `kind subject`.
    fn describe(tree: &AssocTree, steps: &[Step], path: &[usize]) -> Vec<String> {
        path.iter()
            .map(|&i| {
                let s = &steps[i];
                let kind = match s {
                    Step::Started { .. } => "start",
                    Step::AccountEntered { .. } => "enter",
                    Step::LevelFsComputed { .. } => "compute",
                    Step::SiblingsSorted { .. } => "sort",
                    Step::UserRanked { .. } => "rank",
                    Step::AccountLeft { .. } => "leave",
                };
                format!("{kind} {}", tree.assocs()[s.subject()].name())
            })
            .collect()
    }

    #[test]
    fn a_user_tied_into_an_account_follows_the_user_it_ties_with() {
        let s = presets::by_id("test24-4").unwrap().scenario();
        let run = fair_tree::run(&s.tree);
        let path = my_path(run.steps(), ix(&s.tree, "uGA1"));
        assert_eq!(
            describe(&s.tree, run.steps(), &path),
            [
                "start root",
                "enter root",
                "compute root",
                "sort root",
                "enter aG",
                "compute aG",
                "sort aG",
                "rank uG1",
                "enter aGA",
                "compute aGA",
                "sort aGA",
                "rank uGA1",
            ]
        );
    }

    #[test]
    fn a_tie_chain_goes_back_to_the_user_that_set_the_rank() {
        let s = presets::by_id("test24-4").unwrap().scenario();
        let run = fair_tree::run(&s.tree);
        let path = my_path(run.steps(), ix(&s.tree, "uF2"));
        let text = describe(&s.tree, run.steps(), &path);
        // Every user ranked 21 before uF2 reused u1's rank: the chain ends at u1.
        let ranks: Vec<&str> = text
            .iter()
            .filter(|l| l.starts_with("rank "))
            .map(String::as_str)
            .collect();
        assert_eq!(ranks.first(), Some(&"rank u1"));
        assert_eq!(ranks.last(), Some(&"rank uF2"));
        assert!(ranks.contains(&"rank aE1") && ranks.contains(&"rank aE2"));
        assert!(text.contains(&"enter aF".to_string()));
        assert!(
            !text.contains(&"enter aE".to_string()),
            "aE is not an ancestor"
        );
    }

    #[test]
    fn every_user_path_is_a_subsequence_that_ends_with_its_rank() {
        for p in presets::PRESETS {
            let s = p.scenario();
            for rule in [TieRule::Slurm, TieRule::Documented] {
                let ranked = fairshare::Ranked::new(&s.tree, rule);
                let run = ranked.run();
                for (user, a) in s.tree.assocs().iter().enumerate() {
                    let path = my_path(run.steps(), user);
                    if !a.is_user() {
                        assert!(path.is_empty(), "{}: account {}", p.id, a.name());
                        continue;
                    }
                    assert_eq!(path.first(), Some(&0), "{}: {}", p.id, a.name());
                    assert!(path.windows(2).all(|w| w[0] < w[1]));
                    let last = &run.steps()[*path.last().unwrap()];
                    assert!(
                        matches!(last, Step::UserRanked { user: u, .. } if *u == user),
                        "{}: {}",
                        p.id,
                        a.name()
                    );
                }
            }
        }
    }

    #[test]
    fn nothing_for_an_unknown_position() {
        let s = presets::by_id("test24-4").unwrap().scenario();
        let run = fair_tree::run(&s.tree);
        assert!(my_path(run.steps(), 10_000).is_empty());
        assert!(my_path(&[], 0).is_empty());
    }
}
