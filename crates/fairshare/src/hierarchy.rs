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
//! - **Usage.** An account's `usage_raw` is the 80-bit sum of its descendant users' usage and of
//!   the retained usage ([`crate::tree::Assoc::retained_usage`], Slurm's `leaf_usage`) of itself
//!   and its descendant accounts, each term added in list order (so rounding matches Slurm's:
//!   `_foreach_add_coord_and_aggregate` zeroes every account, then adds each association's
//!   `leaf_usage` to itself if it is an account and to every ancestor, in list order; an
//!   account's own term comes first, as it precedes its subtree). Usage given on accounts is
//!   ignored, as Slurm ignores it. With no retained usage anywhere the sums are the users'
//!   alone, bit for bit.
//!
//! All indices are positions in [`AssocTree::assocs`] (input order).
//!
//! **Cost.** Every pass is O(n log n) in time and O(n) in memory, whatever the depth or width
//! (no pass walks all ancestors of every association, and nothing recurses per level). Two of
//! Slurm's own computations are quadratic on deep trees when followed to the bit: each account's
//! usage is a *sequential* 80-bit sum over its users, and an explicit lineage's order depends on
//! whole strings that grow with depth. They are done exactly with shared work (an account's sum
//! continues from its first child's; lineages that follow the tree are sorted per sibling list),
//! and exactly whenever all sums are provably free of rounding. Only what would still take more
//! than [`EXACT_WORK_LIMIT`] basic steps is computed another way, documented where it happens;
//! `Hierarchy::approximated` (the `testing` feature) says whether that happened.

use std::sync::{Arc, OnceLock};

use crate::ld::LongDouble;
use crate::step::Order;
use crate::tree::{AssocTree, SHARES_PARENT_RAW, Shares};

/// Slurm's `NO_VAL` (an unset `uint32`).
pub const NO_VAL: u32 = 4_294_967_294;

/// The most basic steps (80-bit additions, multiplications, lineage bytes) the engine spends on
/// following one of Slurm's per-ancestor computations to the bit, per pass. Beyond it, account
/// usage is summed child by child (an account's sum continues from its first child's and adds
/// the other children's sums), lineages that do not follow the tree are ordered within their
/// sibling lists, and classic's S is `s/L · S_parent`: all the same numbers up to rounding in
/// the last bits. Only trees that are deep *and* irregular reach it (for example a
/// 10,000-deep chain with a fractional-usage user at every level).
pub(crate) const EXACT_WORK_LIMIT: u64 = 1 << 26;

/// The derived structure of one tree. Built by [`Hierarchy::new`] in O(n log n).
///
/// What an edit of shares or usage keeps (parents, list order, fairshare children) is shared
/// (`Arc`) between the hierarchies before and after it, so an edit copies only the values it
/// changes.
///
/// Read through its methods; every association is named by its position in
/// [`AssocTree::assocs`] (`usize`), like everywhere in the engine. (The fields are the crate's:
/// the algorithms read them as plain vectors.)
#[derive(Clone, Debug)]
pub struct Hierarchy {
    /// Index of the root.
    pub(crate) root: usize,
    /// Direct parent of each association (the real tree).
    pub(crate) parent: Arc<[Option<usize>]>,
    /// Depth in the real tree (root = 0).
    pub(crate) depth: Arc<[u32]>,
    /// Fairshare parent of each association (`None` for the root).
    pub(crate) fs_parent: Arc<[Option<usize>]>,
    /// Slurm's association-list order (by lineage).
    pub(crate) list_order: Arc<[usize]>,
    /// Position of each association in `list_order`.
    pub(crate) list_pos: Arc<[u32]>,
    /// Level shares of each association: the sum over its fairshare sibling list (`NO_VAL` for
    /// the root).
    pub(crate) level_shares: Vec<u32>,
    /// `usage_raw` as Slurm aggregates it (users: their own; accounts and root: the list-order
    /// sum of descendant users and of the retained usage of the account and its descendant
    /// accounts).
    pub(crate) usage_raw: Vec<LongDouble>,
    /// Each account's own retained usage (users: 0), `None` when every one is 0 (the common
    /// case costs nothing).
    retained: Option<Arc<[LongDouble]>>,
    /// Raw shares as Slurm stores them (FairShare=parent is 2147483647).
    pub(crate) shares_raw: Vec<u32>,
    /// Whether each association is FairShare=parent.
    pub(crate) is_parent_shares: Arc<[bool]>,
    /// Whether each association is a user association.
    pub(crate) is_user: Arc<[bool]>,
    /// N: the number of user associations.
    pub(crate) n_users: u32,
    fs_child_start: Arc<[u32]>,
    fs_child_list: Arc<[u32]>,
    child_start: Arc<[u32]>,
    child_list: Arc<[u32]>,
    /// Every association, parents before children (what [`usage_sums`] walks, kept so that a
    /// usage edit sums again without deriving the rest).
    topdown: Arc<[usize]>,
    /// The work and approximation of everything but the usage sums.
    order_work: u64,
    order_approximated: bool,
    /// Each association's subtree size, when list order is a pre-order and no sum was
    /// approximated: then a usage edit sums again only the edited user's ancestors
    /// ([`Hierarchy::with_usage`]).
    subtree_size: Option<Arc<[u32]>>,
    /// The greatest depth (bounds the work of the usage sums: users × depth).
    max_depth: u32,
    work: u64,
    approximated: bool,
    /// Each association's fairshare children as a shared list (the walk's
    /// `LevelFsComputed` members), made on first use and shared by the hierarchies of edited
    /// trees, whose fairshare children are the same.
    members: Arc<OnceLock<Vec<Order>>>,
}

impl PartialEq for Hierarchy {
    /// Every derived value; not `Hierarchy::work`, the steps spent, which an edit's
    /// hierarchy spends fewer of.
    fn eq(&self, other: &Hierarchy) -> bool {
        let Hierarchy {
            root,
            parent,
            depth,
            fs_parent,
            list_order,
            list_pos,
            level_shares,
            usage_raw,
            retained,
            shares_raw,
            is_parent_shares,
            is_user,
            n_users,
            fs_child_start,
            fs_child_list,
            child_start,
            child_list,
            topdown,
            order_work,
            order_approximated,
            subtree_size,
            max_depth,
            work: _,
            approximated,
            members: _,
        } = self;
        *root == other.root
            && *parent == other.parent
            && *depth == other.depth
            && *fs_parent == other.fs_parent
            && *list_order == other.list_order
            && *list_pos == other.list_pos
            && *level_shares == other.level_shares
            && *usage_raw == other.usage_raw
            && *retained == other.retained
            && *shares_raw == other.shares_raw
            && *is_parent_shares == other.is_parent_shares
            && *is_user == other.is_user
            && *n_users == other.n_users
            && *fs_child_start == other.fs_child_start
            && *fs_child_list == other.fs_child_list
            && *child_start == other.child_start
            && *child_list == other.child_list
            && *topdown == other.topdown
            && *order_work == other.order_work
            && *order_approximated == other.order_approximated
            && *subtree_size == other.subtree_size
            && *max_depth == other.max_depth
            && *approximated == other.approximated
    }
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

/// Appends [`suffix_bytes`] to `out`, a piece at a time.
fn push_suffix(tree: &AssocTree, ix: usize, out: &mut Vec<u8>) {
    let a = &tree.assocs()[ix];
    match &a.user {
        Some(user) => {
            push_bytes(out, b"0-");
            push_bytes(out, user.as_bytes());
            out.push(b'/');
            if let Some(partition) = a.partition.as_deref().filter(|p| !p.is_empty()) {
                push_bytes(out, partition.as_bytes());
                out.push(b'/');
            }
        }
        None => {
            push_bytes(out, a.account.as_bytes());
            out.push(b'/');
        }
    }
}

/// `out.extend_from_slice(bytes)` for short names, byte by byte: in WebAssembly a slice copy
/// is a `memory.copy`, which costs far more than a few bytes' loop (Chromium: 10 ms for the
/// 100k tree's names).
fn push_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len());
    for &b in bytes {
        out.push(b);
    }
}

/// The first 16 bytes of `key`, big-endian, zero-padded: if two keys' prefixes differ, they
/// compare as the keys do (a shorter key padded with zeros is at most any key it is a prefix
/// of), so a sort compares these integers first and whole keys only on equal prefixes.
fn key_prefix(key: &[u8]) -> u128 {
    // Two 64-bit halves, shifted by constants only (no slice copy, no variable u128 shift:
    // both are library calls in WebAssembly).
    let (mut hi, mut lo) = (0u64, 0u64);
    for (i, &b) in key.iter().take(16).enumerate() {
        if i < 8 {
            hi |= u64::from(b) << (56 - 8 * i);
        } else {
            lo |= u64::from(b) << (56 - 8 * (i - 8));
        }
    }
    (u128::from(hi) << 64) | u128::from(lo)
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
        // Everything read from the associations themselves, in one pass over them.
        let mut is_user = Vec::with_capacity(n);
        let mut is_parent_shares = Vec::with_capacity(n);
        let mut shares_raw = Vec::with_capacity(n);
        // Each association's own term of the usage sums: users' usage, accounts' retained usage
        // (usage given on accounts is ignored, as Slurm ignores it).
        let mut own_usage = Vec::with_capacity(n);
        let mut any_retained = false;
        for a in assocs {
            is_user.push(a.user.is_some());
            is_parent_shares.push(a.shares.is_parent());
            shares_raw.push(match a.shares {
                Shares::Value(v) => v,
                Shares::Parent => SHARES_PARENT_RAW,
            });
            own_usage.push(if a.user.is_some() {
                a.usage_raw
            } else {
                any_retained |= !a.retained_usage.is_zero();
                a.retained_usage
            });
        }

        // Pre-order of the real tree (children in input order) and depth, top-down from the root
        // (explicit lineages need not put parents first).
        let mut depth = vec![0u32; n];
        let (kid_start, kid_list) = csr(n, child_pairs(&parent));
        let mut topdown = Vec::with_capacity(n);
        let mut stack = vec![root];
        while let Some(ix) = stack.pop() {
            topdown.push(ix);
            for &c in &kid_list[kid_start[ix] as usize..kid_start[ix + 1] as usize] {
                depth[c as usize] = depth[ix] + 1;
                stack.push(c as usize);
            }
        }

        let mut work = 0u64;
        let mut approximated = false;
        let list_order = list_order(
            tree,
            root,
            &parent,
            &is_user,
            &topdown,
            (kid_start, kid_list),
            &mut work,
            &mut approximated,
        );
        let mut list_pos = vec![0u32; n];
        for (pos, &ix) in list_order.iter().enumerate() {
            list_pos[ix] = pos as u32;
        }

        // Fairshare parent: first ancestor from the direct parent that is root or not "parent".
        // Top-down, so a FairShare=parent ancestor's answer is reused (one step per association).
        let mut fs_parent: Vec<Option<usize>> = vec![None; n];
        for &ix in &topdown {
            if let Some(p) = parent[ix] {
                fs_parent[ix] = Some(if p == root || !is_parent_shares[p] {
                    p
                } else {
                    fs_parent[p].unwrap_or(p)
                });
            }
        }

        let (fs_child_start, fs_child_list) = csr(n, pairs_in_order(&list_order, &fs_parent));
        let (child_start, child_list) = csr(n, pairs_in_order(&list_order, &parent));

        let mut level_shares = vec![NO_VAL; n];
        for p in 0..n {
            let kids = &fs_child_list[fs_child_start[p] as usize..fs_child_start[p + 1] as usize];
            if kids.is_empty() {
                continue;
            }
            // FairShare=parent members count 0.
            let sum = kids.iter().fold(0u32, |acc, &c| {
                let c = c as usize;
                acc.wrapping_add(if is_parent_shares[c] {
                    0
                } else {
                    shares_raw[c]
                })
            });
            for &c in kids {
                level_shares[c as usize] = sum;
            }
        }

        let (order_work, order_approximated) = (work, approximated);
        let retained: Option<Arc<[LongDouble]>> = any_retained.then(|| {
            own_usage
                .iter()
                .zip(&is_user)
                .map(|(&u, &user)| if user { LongDouble::ZERO } else { u })
                .collect()
        });
        let input = UsageInput {
            parent: &parent,
            is_user: &is_user,
            list_order: &list_order,
            list_pos: &list_pos,
            topdown: &topdown,
            child_start: &child_start,
            child_list: &child_list,
        };
        let usage_raw = usage_sums(own_usage, &input, &mut work, &mut approximated);
        let subtree_size = if approximated {
            None
        } else {
            preorder_sizes(&input)
        };
        let max_depth = depth.iter().copied().max().unwrap_or(0);

        let n_users = is_user.iter().filter(|&&u| u).count() as u32;
        Hierarchy {
            topdown: topdown.into(),
            order_work,
            order_approximated,
            subtree_size: subtree_size.map(Arc::from),
            max_depth,
            root,
            parent: parent.into(),
            depth: depth.into(),
            fs_parent: fs_parent.into(),
            list_order: list_order.into(),
            list_pos: list_pos.into(),
            level_shares,
            usage_raw,
            retained,
            shares_raw,
            is_parent_shares: is_parent_shares.into(),
            is_user: is_user.into(),
            n_users,
            fs_child_start: fs_child_start.into(),
            fs_child_list: fs_child_list.into(),
            child_start: child_start.into(),
            child_list: child_list.into(),
            work,
            approximated,
            members: Arc::default(),
        }
    }

    /// The hierarchy of the tree whose association at `ix` has the raw usage `usage` instead
    /// (a user; usage given on accounts is ignored, as ever), equal to [`Hierarchy::new`] of
    /// that tree: only the usage sums are done again (O(n) additions at most; list order,
    /// fairshare parents and level shares are kept). `self` must be a tree's own hierarchy
    /// (not one whose usage [`crate::Ranked::with_usages`] replaced).
    pub(crate) fn with_usage(&self, ix: usize, usage: LongDouble) -> Hierarchy {
        if let Some(h) = self.with_usage_on_path(ix, usage) {
            return h;
        }
        let own: Vec<LongDouble> = (0..self.len())
            .map(|i| match (self.is_user[i], i == ix) {
                (false, _) => self.retained_usage(i),
                (true, true) => usage,
                (true, false) => self.usage_raw[i],
            })
            .collect();
        let (mut work, mut approximated) = (self.order_work, self.order_approximated);
        let input = UsageInput {
            parent: &self.parent,
            is_user: &self.is_user,
            list_order: &self.list_order,
            list_pos: &self.list_pos,
            topdown: &self.topdown,
            child_start: &self.child_start,
            child_list: &self.child_list,
        };
        let usage_raw = usage_sums(own, &input, &mut work, &mut approximated);
        let subtree_size = if approximated {
            None
        } else {
            preorder_sizes(&input).map(Arc::from)
        };
        Hierarchy {
            usage_raw,
            work,
            approximated,
            subtree_size,
            ..self.clone()
        }
    }

    /// [`Hierarchy::with_usage`] summing again only the ancestors of `ix`, bottom-up, when
    /// list order is a pre-order and Slurm's sums are followed to the bit (nothing approximated
    /// before, and none can be after: users × depth within [`EXACT_WORK_LIMIT`]). An account's
    /// usage is the sequential 80-bit sum of its users in list order from 0, which is its first
    /// child's sum continued over the users after that child's subtree (a user of zero usage
    /// adds nothing: x + 0 is x), exactly as [`usage_sums`] continues its first non-empty
    /// child's sum. An account with retained usage of its own starts from it instead and adds
    /// every term of its subtree. O(path + users outside each ancestor's first child).
    fn with_usage_on_path(&self, ix: usize, usage: LongDouble) -> Option<Hierarchy> {
        let size = self.subtree_size.as_ref()?;
        // Retained usage makes accounts terms of the sums too.
        let terms = if self.retained.is_some() {
            self.len() as u64
        } else {
            u64::from(self.n_users)
        };
        let bound = terms.saturating_mul(u64::from(self.max_depth) + 1);
        if !self.is_user[ix] || bound > EXACT_WORK_LIMIT {
            return None;
        }
        let mut h = self.clone();
        h.usage_raw[ix] = usage;
        let mut work = self.order_work;
        let mut cur = h.parent[ix];
        while let Some(a) = cur {
            let pos = h.list_pos[a] as usize;
            let end = pos + size[a] as usize;
            let own = h.retained_usage(a);
            let (mut sum, from) = if own.is_zero() {
                // `a` has a child (the path came from one): the first is right after it.
                let first = h.list_order[pos + 1];
                (h.usage_raw[first], pos + 1 + size[first] as usize)
            } else {
                (own, pos + 1)
            };
            for &u in &h.list_order[from..end] {
                let term = if h.is_user[u] {
                    h.usage_raw[u]
                } else {
                    h.retained_usage(u)
                };
                if h.is_user[u] || !term.is_zero() {
                    work += 1;
                    sum = sum.add(term);
                }
            }
            h.usage_raw[a] = sum;
            cur = h.parent[a];
        }
        h.work = work;
        Some(h)
    }

    /// The hierarchy of the tree whose association at `ix` has the raw shares `shares`
    /// instead, equal to [`Hierarchy::new`] of that tree, if neither value is FairShare=parent
    /// (which changes fairshare parents): only the level shares of `ix`'s list are summed
    /// again, O(siblings). `None` otherwise.
    pub(crate) fn with_shares(&self, ix: usize, shares: Shares) -> Option<Hierarchy> {
        let Shares::Value(raw) = shares else {
            return None;
        };
        if self.is_parent_shares[ix] || raw == SHARES_PARENT_RAW {
            return None;
        }
        let mut h = self.clone();
        h.shares_raw[ix] = raw;
        if let Some(p) = h.fs_parent[ix] {
            let sum = h.fs_children_u32(p).iter().fold(0u32, |acc, &c| {
                let c = c as usize;
                acc.wrapping_add(if h.is_parent_shares[c] {
                    0
                } else {
                    h.shares_raw[c]
                })
            });
            let start = h.fs_child_start[p] as usize;
            let end = h.fs_child_start[p + 1] as usize;
            for k in start..end {
                let c = h.fs_child_list[k] as usize;
                h.level_shares[c] = sum;
            }
        }
        Some(h)
    }

    /// The basic steps spent deriving this hierarchy (additions, ancestor steps, lineage bytes):
    /// O(n log n) for every tree; resource tests read it to check that. (For a hierarchy a
    /// usage edit derived from another, the list order's steps and the sums the edit did.)
    #[cfg(any(test, feature = "testing"))]
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whether some value was computed child by child instead of followed to the bit because it
    /// would have taken more than [`EXACT_WORK_LIMIT`] steps (see the module doc).
    #[cfg(any(test, feature = "testing"))]
    pub fn approximated(&self) -> bool {
        self.approximated
    }

    /// Number of associations.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no associations.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The root association.
    pub fn root(&self) -> usize {
        self.root
    }

    /// The direct parent of `ix` in the real tree (Slurm's `parent_assoc_ptr`); `None` for the
    /// root.
    pub fn parent(&self, ix: usize) -> Option<usize> {
        self.parent[ix]
    }

    /// The depth of `ix` in the real tree (the root is 0).
    pub fn depth(&self, ix: usize) -> u32 {
        self.depth[ix]
    }

    /// The fairshare parent of `ix` (Slurm's `fs_assoc_ptr`): the nearest ancestor, from the
    /// direct parent up, that is the root or not FairShare=parent. `None` for the root.
    pub fn fs_parent(&self, ix: usize) -> Option<usize> {
        self.fs_parent[ix]
    }

    /// Every association in Slurm's association-list order: sorted byte-wise by lineage, so
    /// each account is followed by its users, then its sub-accounts (the order `sshare -a`
    /// prints).
    pub fn list_order(&self) -> &[usize] {
        &self.list_order
    }

    /// Slurm's `level_shares` of `ix`: the raw shares of its fairshare siblings (itself
    /// included, FairShare=parent members counting 0) summed as a wrapping `u32`; S = shares /
    /// level shares. [`NO_VAL`] for the root.
    pub fn level_shares(&self, ix: usize) -> u32 {
        self.level_shares[ix]
    }

    /// Slurm's `usage_raw` of `ix`, 80-bit: a user's own; an account's (and the root's) the
    /// sum of its users' usage and of the retained usage of itself and its descendant
    /// accounts, in list order (usage given on accounts is ignored).
    pub fn usage_raw(&self, ix: usize) -> LongDouble {
        self.usage_raw[ix]
    }

    /// The retained usage of account `ix` itself ([`crate::tree::Assoc::retained_usage`],
    /// Slurm's `leaf_usage` of an account): 0 for users and for positions outside the tree.
    pub fn retained_usage(&self, ix: usize) -> LongDouble {
        self.retained
            .as_ref()
            .and_then(|r| r.get(ix).copied())
            .unwrap_or(LongDouble::ZERO)
    }

    /// Whether some account has retained usage.
    pub fn has_retained_usage(&self) -> bool {
        self.retained.is_some()
    }

    /// Slurm's `shares_raw` of `ix`: the FairShare value, or 2147483647 (`0x7FFFFFFF`,
    /// `SLURMDB_FS_USE_PARENT`) for FairShare=parent.
    pub fn shares_raw(&self, ix: usize) -> u32 {
        self.shares_raw[ix]
    }

    /// Whether `ix` is a user association (false for positions outside the tree).
    pub fn is_user(&self, ix: usize) -> bool {
        self.is_user.get(ix).copied().unwrap_or(false)
    }

    /// N, the number of user associations (Slurm's `g_user_assoc_count`): ranks run from N
    /// (first served) down, and FairShare = rank / N.
    pub fn n_users(&self) -> u32 {
        self.n_users
    }

    /// The fairshare children of every association, in list order, each list shared (leaves
    /// share one empty list). Made once per tree structure: a hierarchy from
    /// [`Hierarchy::with_usage`] or [`Hierarchy::with_shares`] shares them.
    pub(crate) fn fs_members(&self) -> &[Order] {
        self.members.get_or_init(|| {
            let empty = Order::from([]);
            (0..self.len())
                .map(|p| {
                    let kids = self.fs_children_u32(p);
                    if kids.is_empty() {
                        Order::clone(&empty)
                    } else {
                        kids.iter().map(|&c| c as usize).collect()
                    }
                })
                .collect()
        })
    }

    /// The fairshare children of `ix`, in list order (Slurm's `children_list`: the real
    /// children, with a FairShare=parent account's children hoisted into its parent's list).
    pub fn fs_children(
        &self,
        ix: usize,
    ) -> impl ExactSizeIterator<Item = usize> + DoubleEndedIterator + Clone + '_ {
        self.fs_children_u32(ix).iter().map(|&c| c as usize)
    }

    /// The real children of `ix`, in list order.
    pub fn children(
        &self,
        ix: usize,
    ) -> impl ExactSizeIterator<Item = usize> + DoubleEndedIterator + Clone + '_ {
        self.children_u32(ix).iter().map(|&c| c as usize)
    }

    /// [`Hierarchy::fs_children`] as stored (compact, for the crate's own loops).
    pub(crate) fn fs_children_u32(&self, ix: usize) -> &[u32] {
        &self.fs_child_list[self.fs_child_start[ix] as usize..self.fs_child_start[ix + 1] as usize]
    }

    /// [`Hierarchy::children`] as stored.
    pub(crate) fn children_u32(&self, ix: usize) -> &[u32] {
        &self.child_list[self.child_start[ix] as usize..self.child_start[ix + 1] as usize]
    }

    /// Every association, parents before children in the real tree (made with the hierarchy
    /// and shared by the hierarchies of value edits: a pass over it allocates nothing).
    pub(crate) fn topdown(&self) -> &[usize] {
        &self.topdown
    }

    /// The greatest depth in the real tree (the root is 0).
    pub(crate) fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Ancestors of `ix` in the fairshare tree, nearest first (not including `ix`).
    pub fn fs_ancestors(&self, ix: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(self.fs_parent[ix], move |&p| self.fs_parent[p])
    }

    /// The usage of `ix`'s fairshare parent (root: its own).
    pub(crate) fn fs_parent_usage(&self, ix: usize) -> LongDouble {
        self.usage_raw[self.fs_parent[ix].unwrap_or(ix)]
    }
}

/// What [`usage_sums`] reads.
struct UsageInput<'a> {
    parent: &'a [Option<usize>],
    is_user: &'a [bool],
    list_order: &'a [usize],
    list_pos: &'a [u32],
    topdown: &'a [usize],
    child_start: &'a [u32],
    child_list: &'a [u32],
}

/// Whether `order` is a pre-order of the tree: every subtree occupies consecutive positions.
fn is_preorder(x: &UsageInput<'_>) -> bool {
    preorder_sizes(x).is_some()
}

/// The size of every association's subtree (itself included), if list order is a pre-order of
/// the tree: then the subtree of `ix` is `list_order[list_pos[ix]..list_pos[ix] + size[ix]]`.
fn preorder_sizes(x: &UsageInput<'_>) -> Option<Vec<u32>> {
    let n = x.parent.len();
    let mut size = vec![1u32; n];
    for &ix in x.topdown.iter().rev() {
        if let Some(p) = x.parent[ix] {
            size[p] += size[ix];
        }
    }
    let preorder = (0..n).all(|ix| match x.parent[ix] {
        None => x.list_pos[ix] == 0,
        Some(p) => {
            let (pos, ppos) = (u64::from(x.list_pos[ix]), u64::from(x.list_pos[p]));
            pos > ppos && pos + u64::from(size[ix]) <= ppos + u64::from(size[p])
        }
    });
    preorder.then_some(size)
}

/// Account usage as Slurm sums it: for each user in list order, its usage is added to every
/// ancestor, so an account holds the sequential 80-bit sum of its users' usage in list order.
/// `own_usage` holds each association's own term: a user's usage, an account's retained usage
/// (usually 0), which is added to the account itself and its ancestors at the account's place
/// in list order (before its subtree in a pre-order).
///
/// Done without the per-ancestor walk: when no partial sum can round (every usage a multiple of
/// the smallest usage's last bit and the total within 64 bits of it), addition is exact and
/// children's sums are simply added. Otherwise, in list (pre-)order an account's users are its
/// first non-empty child's users followed by the rest, so its sum continues from that child's
/// sum over the remaining users: exactly Slurm's sequence of additions. That costs the number of
/// users outside each account's first non-empty child; beyond [`EXACT_WORK_LIMIT`] the
/// remaining children are added as sums instead (nearly always the same value).
fn usage_sums(
    own_usage: Vec<LongDouble>,
    x: &UsageInput<'_>,
    work: &mut u64,
    approximated: &mut bool,
) -> Vec<LongDouble> {
    let n = own_usage.len();
    let mut usage = own_usage;
    let bottom_up = x.topdown.iter().rev().copied();

    // The exact case: no addition anywhere can round.
    let (mut lo, mut hi, mut count) = (i64::MAX, i64::MIN, 0u64);
    for u in &usage {
        if let Some((m, e)) = u.to_parts().filter(|&(m, _)| m != 0) {
            lo = lo.min(i64::from(e) + i64::from(m.trailing_zeros()));
            hi = hi.max(i64::from(e) + 63 - i64::from(m.leading_zeros()));
            count += 1;
        }
    }
    let count_bits = i64::from(64 - count.leading_zeros());
    if count == 0 || hi + count_bits - lo <= 63 {
        // Every partial sum is a multiple of 2^lo below 2^(hi + count_bits + 1): representable.
        for ix in bottom_up {
            if let Some(p) = x.parent[ix] {
                *work += 1;
                usage[p] = usage[p].add(usage[ix]);
            }
        }
        return usage;
    }

    if !is_preorder(x) {
        // Lineages that do not follow the tree: Slurm's walk itself, if affordable.
        let cost: u64 = (0..n)
            .filter(|&ix| !usage[ix].is_zero())
            .map(|ix| u64::from(depth_of(x.parent, ix)) + 1)
            .sum();
        if cost <= EXACT_WORK_LIMIT {
            // Accounts start from 0 and take their own retained usage at their place in list
            // order, as the rest.
            let own = usage.clone();
            for (u, &user) in usage.iter_mut().zip(x.is_user) {
                if !user {
                    *u = LongDouble::ZERO;
                }
            }
            for &ix in x.list_order {
                let u = own[ix];
                if u.is_zero() {
                    continue;
                }
                if !x.is_user[ix] {
                    *work += 1;
                    usage[ix] = usage[ix].add(u);
                }
                let mut p = x.parent[ix];
                while let Some(a) = p {
                    *work += 1;
                    usage[a] = usage[a].add(u);
                    p = x.parent[a];
                }
            }
            return usage;
        }
        *approximated = true;
        for ix in bottom_up {
            let kids = &x.child_list[x.child_start[ix] as usize..x.child_start[ix + 1] as usize];
            for &c in kids {
                *work += 1;
                usage[ix] = usage[ix].add(usage[c as usize]);
            }
        }
        return usage;
    }

    // Pre-order: the nonzero terms (users' usage, accounts' retained usage) in list order, and
    // each association's range of them (an account's own term first).
    let mut seq: Vec<LongDouble> = Vec::new();
    let mut first = vec![0u32; n];
    for &ix in x.list_order {
        first[ix] = seq.len() as u32;
        if !usage[ix].is_zero() {
            seq.push(usage[ix]);
        }
    }
    let mut count = vec![0u32; n];
    for ix in x.topdown.iter().rev().copied() {
        // (An account's children have added theirs already.)
        if !usage[ix].is_zero() {
            count[ix] += 1;
        }
        if let Some(p) = x.parent[ix] {
            count[p] += count[ix];
        }
    }
    let kids =
        |ix: usize| &x.child_list[x.child_start[ix] as usize..x.child_start[ix + 1] as usize];
    // An account continues its first non-empty child's sum, unless it has a term of its own
    // (retained usage), which comes first.
    let lead = |ix: usize| kids(ix).iter().map(|&c| c as usize).find(|&c| count[c] > 0);
    let cost: u64 = (0..n)
        .filter(|&ix| !x.is_user[ix])
        .map(|ix| {
            if usage[ix].is_zero() {
                u64::from(count[ix] - lead(ix).map_or(0, |c| count[c]))
            } else {
                u64::from(count[ix])
            }
        })
        .sum();
    let exact = cost <= EXACT_WORK_LIMIT;
    *approximated |= !exact;
    for ix in bottom_up {
        if x.is_user[ix] {
            continue;
        }
        // Still the account's own term (only its own turn writes it).
        let own = usage[ix];
        let (mut sum, lead_kid, from) = if own.is_zero() {
            let Some(c) = lead(ix) else { continue };
            (usage[c], Some(c), first[c] + count[c])
        } else {
            (own, None, first[ix] + 1)
        };
        if exact {
            let to = first[ix] + count[ix];
            for &u in &seq[from as usize..to as usize] {
                *work += 1;
                sum = sum.add(u);
            }
        } else {
            for &k in kids(ix) {
                let k = k as usize;
                if Some(k) != lead_kid && count[k] > 0 {
                    *work += 1;
                    sum = sum.add(usage[k]);
                }
            }
        }
        usage[ix] = sum;
    }
    usage
}

/// Depth by walking up (only for costing; bounded by the tree's size).
fn depth_of(parent: &[Option<usize>], ix: usize) -> u32 {
    std::iter::successors(parent[ix], |&p| parent[p]).count() as u32
}

/// Slurm's association-list order: all lineages sorted byte-wise, stably.
///
/// With no explicit lineage anywhere, or explicit lineages that follow the tree (each is its
/// parent's lineage plus one `/`-terminated segment, as sacctmgr prints them), this is a
/// pre-order walk with each account's children sorted by their own segment: the same order,
/// without building strings that grow with depth (O(n log n) compares of short keys). Only
/// lineages that do not follow the tree are built whole and sorted, up to
/// [`EXACT_WORK_LIMIT`] bytes in all; beyond it the segments order each sibling list.
#[allow(clippy::too_many_arguments)] // One caller; the arguments are what it has derived.
fn list_order(
    tree: &AssocTree,
    root: usize,
    parent: &[Option<usize>],
    is_user: &[bool],
    topdown: &[usize],
    // The real tree's children in input order (CSR), sorted here into list order.
    (start, mut kids): (Vec<u32>, Vec<u32>),
    work: &mut u64,
    approximated: &mut bool,
) -> Vec<usize> {
    let assocs = tree.assocs();
    let n = assocs.len();
    // Each association's sibling key (its lineage below its parent's) in one byte arena. Keys
    // that depend on the association alone are written in input order (the order in which the
    // associations and their names lie in memory); an explicit lineage needs its parent's
    // length, so it waits for the top-down pass.
    let mut arena: Vec<u8> = Vec::with_capacity(n * 12);
    let mut at: Vec<(u32, u32)> = vec![(0, 0); n];
    let mut explicit = vec![false; n];
    for (ix, a) in assocs.iter().enumerate() {
        if a.lineage.is_some() {
            explicit[ix] = true;
        } else if parent[ix].is_some() {
            let start = arena.len() as u32;
            push_suffix(tree, ix, &mut arena);
            at[ix] = (start, arena.len() as u32);
        }
    }
    // Length of each full lineage, and whether every explicit lineage follows the tree.
    let mut len = vec![0u64; n];
    let mut follows = true;
    for &ix in topdown {
        let Some(p) = parent[ix] else {
            len[ix] = assocs[ix].lineage.as_ref().map_or(1, |l| l.len() as u64);
            continue;
        };
        if !explicit[ix] {
            len[ix] = len[p] + u64::from(at[ix].1 - at[ix].0);
            continue;
        }
        let a = &assocs[ix];
        let Some(l) = &a.lineage else { continue };
        let start = arena.len() as u32;
        let l = l.as_bytes();
        *work += l.len() as u64;
        let cut = len[p].min(l.len() as u64) as usize;
        let segment = &l[cut..];
        let ok = len[p] < l.len() as u64
            && segment.last() == Some(&b'/')
            && (a.user.is_some() || !segment[..segment.len() - 1].contains(&b'/'))
            && lineage_is(tree, parent, &l[..cut], p);
        if ok {
            arena.extend_from_slice(segment);
        } else {
            follows = false;
            push_suffix(tree, ix, &mut arena);
        }
        len[ix] = l.len() as u64;
        at[ix] = (start, arena.len() as u32);
    }
    let key = |ix: u32| {
        let (s, e) = at[ix as usize];
        &arena[s as usize..e as usize]
    };
    let prefix: Vec<u128> = (0..n as u32).map(|ix| key_prefix(key(ix))).collect();
    // Scratch for one sibling list: (key prefix, position in the list), and the sorted list.
    let mut tagged: Vec<(u128, u32)> = Vec::new();
    let mut sorted: Vec<u32> = Vec::new();
    for p in 0..n {
        let siblings = &mut kids[start[p] as usize..start[p + 1] as usize];
        if siblings.len() > 1 {
            *work +=
                siblings.len() as u64 * u64::from(usize::BITS - siblings.len().leading_zeros());
            // A stable sort by key: prefixes first, whole keys on equal prefixes, then the
            // position in the list (so equal keys keep their order, as a stable sort does).
            tagged.clear();
            tagged.extend(
                siblings
                    .iter()
                    .enumerate()
                    .map(|(pos, &c)| (prefix[c as usize], pos as u32)),
            );
            tagged.sort_unstable_by(|a, b| {
                a.0.cmp(&b.0)
                    .then_with(|| key(siblings[a.1 as usize]).cmp(key(siblings[b.1 as usize])))
                    .then(a.1.cmp(&b.1))
            });
            sorted.clear();
            sorted.extend(tagged.iter().map(|&(_, pos)| siblings[pos as usize]));
            siblings.copy_from_slice(&sorted);
            // A sibling's key that starts with an account's whole key (a partition user
            // `0-u/p/` next to an account `0-u`) would sort inside that account's subtree; so
            // would a sibling with the same key as an account that has children (two accounts
            // given the same explicit lineage): whole lineages then put it between that
            // account and its children.
            for w in siblings.windows(2) {
                let first = w[0] as usize;
                if !is_user[first] && key(w[1]).starts_with(key(w[0])) {
                    let has_children = start[first + 1] > start[first];
                    follows &= key(w[1]) == key(w[0]) && !has_children;
                }
            }
        }
    }
    let total: u64 = len.iter().sum();
    if !follows && total <= EXACT_WORK_LIMIT {
        // Whole lineages, built top-down (an explicit one wins) and sorted as Slurm does.
        *work += total;
        let mut lineage: Vec<String> = vec![String::new(); n];
        for &ix in topdown {
            let a = &assocs[ix];
            lineage[ix] = match (&a.lineage, parent[ix]) {
                (Some(explicit), _) => explicit.to_string(),
                (None, Some(p)) => format!("{}{}", lineage[p], lineage_suffix(tree, ix)),
                (None, None) => "/".to_string(),
            };
        }
        let mut order: Vec<usize> = (0..n).collect();
        crate::sort::sort_by(&mut order, &|a, b| {
            lineage[a].as_bytes().cmp(lineage[b].as_bytes())
        });
        return order;
    }
    *approximated |= !follows;
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

/// Whether `bytes` is the lineage of `ix` (explicit, or derived from the nearest explicit
/// ancestor). Compared from the end, one suffix per level: O(`bytes.len()`) plus one step per
/// level with an empty suffix (there is none: every suffix ends with `/`).
fn lineage_is(tree: &AssocTree, parent: &[Option<usize>], bytes: &[u8], ix: usize) -> bool {
    let mut end = bytes.len();
    let mut cur = ix;
    loop {
        let a = &tree.assocs()[cur];
        if let Some(explicit) = &a.lineage {
            return explicit.as_bytes() == &bytes[..end];
        }
        let Some(p) = parent[cur] else {
            return &bytes[..end] == b"/";
        };
        let suffix: Vec<u8> = suffix_bytes(tree, cur).collect();
        if suffix.len() > end || bytes[end - suffix.len()..end] != suffix[..] {
            return false;
        }
        end -= suffix.len();
        cur = p;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assoc;

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
        let kids: Vec<u32> = h.fs_children(1).map(|i| tree.assocs()[i].id.0).collect();
        assert_eq!(kids, vec![52, 53, 51, 512]);
        assert_eq!(h.fs_children(4).len(), 0);
        assert_eq!(h.level_shares[5], 70);
        assert_eq!(h.level_shares[0], NO_VAL);
        // Account usage is the users' sum; the 99 given on aDA is ignored.
        assert_eq!(h.usage_raw[4], LongDouble::from_f64(10.0));
        assert_eq!(h.usage_raw[1], LongDouble::from_f64(50.0));
        assert_eq!(h.usage_raw[0], LongDouble::from_f64(50.0));
    }
}
