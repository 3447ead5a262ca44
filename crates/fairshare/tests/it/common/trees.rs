//! Building blocks of the trees the property tests generate, and a tree's shape as every import
//! must keep it. Each property file keeps its own strategy (what it picks: ties, extremes, names);
//! how a picked node becomes an [`fairshare::Assoc`] is the engine's `fairshare::testing`.

use fairshare::sshare;
use fairshare::{Algorithm, AssocTree, Hierarchy, Ranked, Scenario, Shares, TieRule};

pub use fairshare::testing::{account_of as account, root, user_of as user};

/// A tree in Slurm's list order, with ids replaced by list positions: what any import must
/// preserve. (depth, account, user, shares (None for the root), truncated usage of users).
pub type Shape = Vec<(u32, String, Option<String>, Option<Shares>, Option<u64>)>;

/// The [`Shape`] of `tree`.
pub fn shape(tree: &AssocTree) -> Shape {
    let h = Hierarchy::new(tree);
    h.list_order()
        .iter()
        .map(|&ix| {
            let a = &tree.assocs()[ix];
            (
                h.depth(ix),
                a.account.to_string(),
                a.user.as_deref().map(str::to_string),
                (ix != h.root()).then_some(a.shares),
                a.user
                    .is_some()
                    .then(|| sshare::truncate_usage(a.usage_raw)),
            )
        })
        .collect()
}

/// sshare's rows for a scenario, under the scenario's own algorithm.
pub fn sshare_rows(s: &Scenario) -> Vec<sshare::Row> {
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    match s.algorithm {
        Algorithm::FairTree => sshare::fair_tree_rows(&ranked),
        Algorithm::Classic => sshare::classic_rows(&ranked, &ranked.classic(&s.params)),
    }
}
