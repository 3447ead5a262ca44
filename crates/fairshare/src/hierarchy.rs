//! What Slurm's association manager derives from a tree before any fairshare algorithm runs.
//!
//! - **List order.** Slurm sorts associations by lineage string, byte-wise (`strcmp`). Lineage is
//!   root `/`, account `<parent lineage><account>/`, user `<parent lineage>0-<user>/` (plus
//!   `<partition>/` for a per-partition user). So under each account its users come first, and a
//!   name with `.` or `-` sorts before a name that is its prefix (`0-a.b/` < `0-a/`).
//! - **Fairshare parent.** The nearest ancestor, starting from the direct parent, that is the root
//!   or is not FairShare=parent. Children of a FairShare=parent account are hoisted into that
//!   ancestor's list; the FairShare=parent account stays there too, with no children of its own.
//! - **Fairshare children lists**, in list order.
//! - **Level shares** L(P) = Σ raw shares over P's fairshare children, FairShare=parent members
//!   counting 0, summed as a wrapping `u32` like Slurm's. Stored on each child; the root keeps
//!   `NO_VAL`.
//! - **Usage.** An account's `usage_raw` is the 80-bit sum of its descendant users' usage, added
//!   in list order (so rounding matches Slurm's). Usage given on accounts is ignored, as Slurm
//!   ignores it.
//!
//! All indices are positions in [`AssocTree::assocs`] (input order).

use crate::ld::LongDouble;
use crate::tree::{AssocTree, SHARES_PARENT_RAW, Shares};

/// Slurm's `NO_VAL` (an unset `uint32`).
pub const NO_VAL: u32 = 4_294_967_294;

/// The derived structure of one tree. Built by [`Hierarchy::new`] in O(n · depth).
#[derive(Clone, Debug, PartialEq)]
pub struct Hierarchy {
    /// Index of the root.
    pub root: usize,
    /// Direct parent of each association (the real tree).
    pub parent: Vec<Option<usize>>,
    /// Depth in the real tree (root = 0).
    pub depth: Vec<u32>,
    /// Fairshare parent of each association (`None` for the root).
    pub fs_parent: Vec<Option<usize>>,
    /// Slurm's association-list order (by lineage).
    pub list_order: Vec<usize>,
    /// Position of each association in `list_order`.
    pub list_pos: Vec<u32>,
    /// Level shares of each association: the sum over its fairshare sibling list (`NO_VAL` for
    /// the root).
    pub level_shares: Vec<u32>,
    /// `usage_raw` as Slurm aggregates it (users: their own; accounts and root: the list-order
    /// sum of descendant users).
    pub usage_raw: Vec<LongDouble>,
    /// Raw shares as Slurm stores them (FairShare=parent is 2147483647).
    pub shares_raw: Vec<u32>,
    /// Whether each association is FairShare=parent.
    pub is_parent_shares: Vec<bool>,
    /// Whether each association is a user association.
    pub is_user: Vec<bool>,
    /// N: the number of user associations.
    pub n_users: u32,
    fs_child_start: Vec<u32>,
    fs_child_list: Vec<u32>,
    child_start: Vec<u32>,
    child_list: Vec<u32>,
}

/// The sibling sort key of one association: the part of its lineage below its parent's, as
/// bytes, without allocating (sibling sorts compare these).
fn suffix_bytes(tree: &AssocTree, ix: usize) -> impl Iterator<Item = u8> + '_ {
    let a = &tree.assocs()[ix];
    let (prefix, name): (&[u8], &str) = match &a.user {
        Some(user) => (b"0-", user),
        None => (b"", &a.account),
    };
    let partition = a.user.as_ref().and(a.partition.as_deref()).unwrap_or("");
    let part_sep: &[u8] = if partition.is_empty() { b"" } else { b"/" };
    prefix
        .iter()
        .chain(name.as_bytes())
        .chain(b"/")
        .chain(partition.as_bytes())
        .chain(part_sep)
        .copied()
}

/// [`suffix_bytes`] as a string (building whole lineages).
fn lineage_suffix(tree: &AssocTree, ix: usize) -> String {
    String::from_utf8_lossy(&suffix_bytes(tree, ix).collect::<Vec<u8>>()).into_owned()
}

/// (parent, child) pairs of a parent array, in child order.
fn child_pairs(parent: &[Option<usize>]) -> impl Iterator<Item = (usize, usize)> + Clone + '_ {
    parent
        .iter()
        .enumerate()
        .filter_map(|(ix, p)| p.map(|p| (p, ix)))
}

/// (parent, child) pairs with children taken in `order`.
fn pairs_in_order<'a>(
    order: &'a [usize],
    parent: &'a [Option<usize>],
) -> impl Iterator<Item = (usize, usize)> + Clone + 'a {
    order.iter().filter_map(|&c| parent[c].map(|p| (p, c)))
}

/// Compressed adjacency (CSR): children of node i are `list[start[i]..start[i+1]]`.
fn csr(n: usize, items: impl Iterator<Item = (usize, usize)> + Clone) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; n + 1];
    for (p, _) in items.clone() {
        start[p + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut list = vec![0u32; start[n] as usize];
    for (p, c) in items {
        list[fill[p] as usize] = c as u32;
        fill[p] += 1;
    }
    (start, list)
}

impl Hierarchy {
    /// Derives everything from a valid tree.
    pub fn new(tree: &AssocTree) -> Hierarchy {
        let assocs = tree.assocs();
        let n = assocs.len();
        let root = tree.position(tree.root().id).expect("root is in the tree");
        let parent: Vec<Option<usize>> = (0..n).map(|ix| tree.parent_position(ix)).collect();
        let is_user: Vec<bool> = assocs.iter().map(|a| a.user.is_some()).collect();
        let is_parent_shares: Vec<bool> = assocs.iter().map(|a| a.shares.is_parent()).collect();
        let shares_raw: Vec<u32> = assocs
            .iter()
            .map(|a| match a.shares {
                Shares::Value(v) => v,
                Shares::Parent => SHARES_PARENT_RAW,
            })
            .collect();

        let list_order = list_order(tree, root, &parent);
        let mut list_pos = vec![0u32; n];
        for (pos, &ix) in list_order.iter().enumerate() {
            list_pos[ix] = pos as u32;
        }

        // Depth, top-down from the root (explicit lineages need not put parents first).
        let mut depth = vec![0u32; n];
        let (kid_start, kid_list) = csr(n, child_pairs(&parent));
        let mut stack = vec![root];
        while let Some(ix) = stack.pop() {
            for &c in &kid_list[kid_start[ix] as usize..kid_start[ix + 1] as usize] {
                depth[c as usize] = depth[ix] + 1;
                stack.push(c as usize);
            }
        }

        // Fairshare parent: first ancestor from the direct parent that is root or not "parent".
        let fs_parent: Vec<Option<usize>> = (0..n)
            .map(|ix| {
                let mut p = parent[ix]?;
                while is_parent_shares[p] && p != root {
                    match parent[p] {
                        Some(pp) => p = pp,
                        None => break,
                    }
                }
                Some(p)
            })
            .collect();

        let (fs_child_start, fs_child_list) = csr(n, pairs_in_order(&list_order, &fs_parent));
        let (child_start, child_list) = csr(n, pairs_in_order(&list_order, &parent));

        let mut level_shares = vec![NO_VAL; n];
        for p in 0..n {
            let kids = &fs_child_list[fs_child_start[p] as usize..fs_child_start[p + 1] as usize];
            if kids.is_empty() {
                continue;
            }
            let sum = kids.iter().fold(0u32, |acc, &c| {
                acc.wrapping_add(assocs[c as usize].shares.level_contribution())
            });
            for &c in kids {
                level_shares[c as usize] = sum;
            }
        }

        // Usage: users keep theirs; every ancestor gets each user's usage added in list order.
        let mut usage_raw: Vec<LongDouble> = (0..n)
            .map(|ix| {
                if is_user[ix] {
                    assocs[ix].usage_raw
                } else {
                    LongDouble::ZERO
                }
            })
            .collect();
        for &ix in &list_order {
            if !is_user[ix] || usage_raw[ix].is_zero() {
                // Adding +0 never changes an 80-bit sum, so zero-usage users can be skipped.
                continue;
            }
            let u = usage_raw[ix];
            let mut p = parent[ix];
            while let Some(a) = p {
                usage_raw[a] = usage_raw[a].add(u);
                p = parent[a];
            }
        }

        let n_users = is_user.iter().filter(|&&u| u).count() as u32;
        Hierarchy {
            root,
            parent,
            depth,
            fs_parent,
            list_order,
            list_pos,
            level_shares,
            usage_raw,
            shares_raw,
            is_parent_shares,
            is_user,
            n_users,
            fs_child_start,
            fs_child_list,
            child_start,
            child_list,
        }
    }

    /// Number of associations.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no associations.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The fairshare children of `ix`, in list order (Slurm's `children_list`).
    pub fn fs_children(&self, ix: usize) -> &[u32] {
        &self.fs_child_list[self.fs_child_start[ix] as usize..self.fs_child_start[ix + 1] as usize]
    }

    /// The real children of `ix`, in list order.
    pub fn children(&self, ix: usize) -> &[u32] {
        &self.child_list[self.child_start[ix] as usize..self.child_start[ix + 1] as usize]
    }

    /// Ancestors of `ix` in the fairshare tree, nearest first (not including `ix`).
    pub fn fs_ancestors(&self, ix: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.fs_parent[ix], move |&p| self.fs_parent[p])
    }

    /// The usage of `ix`'s fairshare parent (root: its own).
    pub fn fs_parent_usage(&self, ix: usize) -> LongDouble {
        self.usage_raw[self.fs_parent[ix].unwrap_or(ix)]
    }
}

/// Slurm's association-list order. With no explicit lineage anywhere, it is a pre-order walk
/// with each account's children sorted by their lineage suffix (equivalent to sorting whole
/// lineages, and O(n log k) instead of O(n log n) string compares). With any explicit lineage,
/// whole lineages are built and sorted, stably, exactly as Slurm does.
fn list_order(tree: &AssocTree, root: usize, parent: &[Option<usize>]) -> Vec<usize> {
    let assocs = tree.assocs();
    let n = assocs.len();
    if assocs.iter().any(|a| a.lineage.is_some()) {
        let mut lineage: Vec<Option<String>> = vec![None; n];
        // Resolve lineages top-down; an explicit one wins, otherwise parent's + suffix.
        fn resolve(
            ix: usize,
            tree: &AssocTree,
            parent: &[Option<usize>],
            memo: &mut [Option<String>],
        ) -> String {
            // Iterative to stay safe on very deep trees.
            let mut chain = vec![ix];
            while let Some(&top) = chain.last() {
                if memo[top].is_some() || tree.assocs()[top].lineage.is_some() {
                    break;
                }
                match parent[top] {
                    Some(p) => chain.push(p),
                    None => break,
                }
            }
            while let Some(top) = chain.pop() {
                if memo[top].is_some() {
                    continue;
                }
                let a = &tree.assocs()[top];
                let value = if let Some(explicit) = &a.lineage {
                    explicit.clone()
                } else if let Some(p) = parent[top] {
                    format!(
                        "{}{}",
                        memo[p].as_deref().unwrap_or("/"),
                        lineage_suffix(tree, top)
                    )
                } else {
                    "/".to_string()
                };
                memo[top] = Some(value);
            }
            memo[ix].clone().unwrap_or_default()
        }
        for ix in 0..n {
            if lineage[ix].is_none() {
                resolve(ix, tree, parent, &mut lineage);
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            lineage[a]
                .as_deref()
                .unwrap_or("")
                .as_bytes()
                .cmp(lineage[b].as_deref().unwrap_or("").as_bytes())
        });
        return order;
    }

    // All sibling keys in one byte arena: one allocation, and sorts compare plain slices.
    let mut arena: Vec<u8> = Vec::with_capacity(n * 12);
    let mut at: Vec<u32> = Vec::with_capacity(n + 1);
    for ix in 0..n {
        at.push(arena.len() as u32);
        arena.extend(suffix_bytes(tree, ix));
    }
    at.push(arena.len() as u32);
    let key = |ix: u32| &arena[at[ix as usize] as usize..at[ix as usize + 1] as usize];
    let (start, mut kids) = csr(n, child_pairs(parent));
    for p in 0..n {
        let siblings = &mut kids[start[p] as usize..start[p + 1] as usize];
        if siblings.len() > 1 {
            siblings.sort_by(|&a, &b| key(a).cmp(key(b)));
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![root];
    while let Some(ix) = stack.pop() {
        order.push(ix);
        stack.extend(
            kids[start[ix] as usize..start[ix + 1] as usize]
                .iter()
                .rev()
                .map(|&c| c as usize),
        );
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Assoc, AssocId};

    fn assoc(
        id: u32,
        parent: Option<u32>,
        account: &str,
        user: Option<&str>,
        shares: Shares,
        usage: f64,
    ) -> Assoc {
        Assoc {
            id: AssocId(id),
            parent: parent.map(AssocId),
            account: account.into(),
            user: user.map(Into::into),
            partition: None,
            shares,
            usage_raw: LongDouble::from_f64(usage),
            lineage: None,
        }
    }

    #[test]
    fn lineage_order_puts_users_first_and_dotted_names_before_prefixes() {
        let tree = AssocTree::new(vec![
            assoc(1, None, "root", None, Shares::Value(1), 0.0),
            assoc(2, Some(1), "b", None, Shares::Value(1), 0.0),
            assoc(3, Some(1), "a", None, Shares::Value(1), 0.0),
            assoc(4, Some(1), "root", Some("zed"), Shares::Value(1), 0.0),
            assoc(5, Some(3), "a", Some("x"), Shares::Value(1), 0.0),
            assoc(6, Some(3), "a", Some("x.y"), Shares::Value(1), 0.0),
        ])
        .unwrap();
        let h = Hierarchy::new(&tree);
        let ids: Vec<u32> = h
            .list_order
            .iter()
            .map(|&i| tree.assocs()[i].id.0)
            .collect();
        assert_eq!(ids, vec![1, 4, 3, 6, 5, 2]);
    }

    #[test]
    fn parent_accounts_hoist_their_children_and_count_zero() {
        // aD (50) holds uD1 (parent), uD2 (40), aDA (parent) holding uDA2 (30): test24.4's shape.
        let tree = AssocTree::new(vec![
            assoc(1, None, "root", None, Shares::Value(0), 0.0),
            assoc(5, Some(1), "aD", None, Shares::Value(50), 0.0),
            assoc(52, Some(5), "aD", Some("uD1"), Shares::Parent, 20.0),
            assoc(53, Some(5), "aD", Some("uD2"), Shares::Value(40), 20.0),
            assoc(51, Some(5), "aDA", None, Shares::Parent, 99.0),
            assoc(512, Some(51), "aDA", Some("uDA2"), Shares::Value(30), 10.0),
        ])
        .unwrap();
        let h = Hierarchy::new(&tree);
        let kids: Vec<u32> = h
            .fs_children(1)
            .iter()
            .map(|&i| tree.assocs()[i as usize].id.0)
            .collect();
        assert_eq!(kids, vec![52, 53, 51, 512]);
        assert!(h.fs_children(4).is_empty());
        assert_eq!(h.level_shares[5], 70);
        assert_eq!(h.level_shares[0], NO_VAL);
        // Account usage is the users' sum; the 99 given on aDA is ignored.
        assert_eq!(h.usage_raw[4], LongDouble::from_f64(10.0));
        assert_eq!(h.usage_raw[1], LongDouble::from_f64(50.0));
        assert_eq!(h.usage_raw[0], LongDouble::from_f64(50.0));
    }
}
