//! Building blocks of the trees the property tests generate, and a tree's shape as every import
//! must keep it. Each property file keeps its own strategy (what it picks: ties, extremes, names;
//! [`with_ties`] builds the trees two of them pick alike);
//! how a picked node becomes an [`fairshare::Assoc`] is the engine's `fairshare::testing`.

use fairshare::sshare;
use fairshare::{Algorithm, AssocTree, Hierarchy, LongDouble, Ranked, Scenario, Shares, TieRule};
use proptest::sample::Index;

pub use fairshare::testing::{account_of as account, root, user_of as user};

/// A tree built to contain ties from picked nodes (node 0 the root; node i + 1 the i-th pick):
/// each hangs under an earlier account (`parent`), is a user when `kind < 6` (named
/// `user_name(i)`) and an account `a{i}` otherwise, with few distinct shares (`shares` 0:
/// FairShare=parent, 1: zero, else 1 to 4) and the usage picked (kept on an account only when
/// `account_usage`, where Slurm ignores it). A user name repeated in one account keeps its first.
pub fn with_ties(
    nodes: impl IntoIterator<Item = (Index, u8, u8, f64)>,
    user_name: impl Fn(usize) -> String,
    account_usage: bool,
) -> AssocTree {
    let mut assocs = vec![root()];
    let mut accounts = vec![0usize];
    for (i, (parent_pick, kind, shares_pick, usage)) in nodes.into_iter().enumerate() {
        let parent = &assocs[accounts[parent_pick.index(accounts.len())]];
        let shares = match shares_pick {
            0 => Shares::Parent,
            1 => Shares::Value(0),
            k => Shares::Value(u32::from(k % 4) + 1),
        };
        let id = i as u32 + 2;
        let usage = LongDouble::from_f64(usage);
        if kind < 6 {
            assocs.push(user(id, parent, &user_name(i), shares, usage));
        } else {
            let mut a = account(id, parent, &format!("a{i}"), shares);
            if account_usage {
                a.usage_raw = usage;
            }
            assocs.push(a);
            accounts.push(assocs.len() - 1);
        }
    }
    // Two users of one name in one account are refused: drop the tree's later duplicates.
    let mut seen = std::collections::HashSet::new();
    assocs.retain(|a| a.user.is_none() || seen.insert((a.parent, a.user.clone())));
    AssocTree::new(assocs).expect("generated trees are valid")
}

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
