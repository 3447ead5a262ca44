//! Building blocks of the trees the property tests generate, and a tree's shape as every import
//! must keep it. Each property file keeps its own strategy (what it picks: ties, extremes, names);
//! how a picked node becomes an [`Assoc`] is here, once.

use fairshare::sshare;
use fairshare::{
    Algorithm, Assoc, AssocId, AssocTree, Hierarchy, LongDouble, Ranked, Scenario, Shares, TieRule,
};

/// The root every generated tree starts with: id 1, account `root`, shares 1, no usage.
pub fn root() -> Assoc {
    Assoc {
        id: AssocId(1),
        parent: None,
        account: "root".into(),
        user: None,
        partition: None,
        shares: Shares::Value(1),
        usage_raw: LongDouble::ZERO,
        lineage: None,
        inferred: false,
    }
}

/// A sub-account `name` of `parent` (an account), with no usage of its own.
pub fn account(id: u32, parent: &Assoc, name: &str, shares: Shares) -> Assoc {
    Assoc {
        id: AssocId(id),
        parent: Some(parent.id),
        account: name.into(),
        user: None,
        partition: None,
        shares,
        usage_raw: LongDouble::ZERO,
        lineage: None,
        inferred: false,
    }
}

/// A user `name` in account `parent` (a user's account is its parent's).
pub fn user(id: u32, parent: &Assoc, name: &str, shares: Shares, usage: LongDouble) -> Assoc {
    Assoc {
        id: AssocId(id),
        parent: Some(parent.id),
        account: parent.account.clone(),
        user: Some(name.into()),
        partition: None,
        shares,
        usage_raw: usage,
        lineage: None,
        inferred: false,
    }
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
