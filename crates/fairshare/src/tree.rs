//! The association tree as the user gives it: root, accounts and users, with shares and usage.
//!
//! An [`AssocTree`] is plain, validated data. Everything Slurm derives from it (lineage order,
//! fairshare parents, level shares, aggregated usage) lives in [`crate::hierarchy`]; the
//! algorithms live in [`crate::fair_tree`] and [`crate::classic`].
//!
//! **Invariant:** an `AssocTree` value is always valid: exactly one root (an account), every
//! parent exists and is an account, no cycles, unique ids, users are leaves, names are non-empty
//! and contain no `/` or `|`, usage is finite, not negative and below [`MAX_USAGE_RAW`], and a
//! usage of −0 is stored as +0. Constructors and edits check this and return [`TreeError`]s as
//! values; nothing here panics on bad input.
//!
//! Because every usage is below 2^64 and ids are `u32`, no sum of usages can overflow 80 bits
//! (at most 2^96), so no usage, U or Level FS derived from a valid tree is ever NaN.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::chunked::Chunked;
use crate::ld::LongDouble;
use crate::name::Name;

/// The scenario id of an association (Slurm's `id_assoc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssocId(pub u32);

impl fmt::Display for AssocId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Slurm stores FairShare=parent as this raw share value; a numeric 2147483647 means the same.
pub(crate) const SHARES_PARENT_RAW: u32 = 0x7FFF_FFFF;

/// Usage must be below this (2^64): sshare prints `RawUsage` as a 64-bit integer, so a larger
/// value is one Slurm cannot report (sshare prints it blank), and bounding usage is what keeps
/// every 80-bit sum of usages finite.
pub const MAX_USAGE_RAW: f64 = 18_446_744_073_709_551_616.0;

/// Configured shares (`RawShares`): a number, or FairShare=parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shares {
    /// A share count (a `uint32` in Slurm).
    Value(u32),
    /// `FairShare=parent`: the association uses its parent for fairshare (`shares_raw` =
    /// `SLURMDB_FS_USE_PARENT`, 0x7FFFFFFF).
    Parent,
}

impl Shares {
    /// Maps a raw number to shares the way Slurm stores it: 2147483647 *is* "parent".
    pub fn from_raw(raw: u32) -> Shares {
        if raw == SHARES_PARENT_RAW {
            Shares::Parent
        } else {
            Shares::Value(raw)
        }
    }

    /// Whether this is FairShare=parent.
    pub fn is_parent(self) -> bool {
        matches!(self, Shares::Parent)
    }
}

impl fmt::Display for Shares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shares::Value(v) => v.fmt(f),
            Shares::Parent => f.write_str("parent"),
        }
    }
}

/// What an association is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssocKind {
    /// The one association without a parent.
    Root,
    /// An account association (may hold users and sub-accounts).
    Account,
    /// A user association (always a leaf).
    User,
    /// An association the import inferred for members the pasted output does not show
    /// ([`Assoc::inferred`]): it stands for several hidden users (and usage kept from deleted
    /// ones), never for one real association.
    Hidden,
}

/// One association, as given.
#[derive(Debug, PartialEq)]
pub struct Assoc {
    /// Scenario id.
    pub id: AssocId,
    /// Direct parent in the real hierarchy (`None` for root).
    pub parent: Option<AssocId>,
    /// Account name (for a user association: the account it hangs under).
    pub account: Name,
    /// User name, for user associations.
    pub user: Option<Name>,
    /// Partition of a per-partition user association.
    pub partition: Option<Name>,
    /// Configured shares.
    pub shares: Shares,
    /// Decayed usage in billing-TRES-seconds. Only user usage counts: Slurm rebuilds account
    /// usage as the sum of its users' (and [`Assoc::retained_usage`]), so a value on an account
    /// is kept but ignored.
    pub usage_raw: LongDouble,
    /// An account's retained usage: what Slurm (since 22.05) keeps of associations removed from
    /// it, its `leaf_usage` (removing an association adds its `leaf_usage` to its parent's).
    /// Slurm rebuilds account usage as **account.usage_raw = Σ(descendant users' usage_raw) +
    /// Σ(retained usage of the account and of its descendant accounts)**, each term added in
    /// association-list order ([`crate::hierarchy`]), so an account's RawUsage can exceed its
    /// members' sum. 0 by default and always 0 on users (a user's `leaf_usage` is its own
    /// usage, [`Assoc::usage_raw`]); a value on a user is ignored. Decayed like every usage.
    /// Scenario JSON writes it as `"retained_usage"` when it is not 0.
    pub retained_usage: LongDouble,
    /// Lineage string, if the source gave one (sacctmgr's `Lineage`); otherwise Slurm's rule
    /// derives it (see [`crate::hierarchy`]).
    pub lineage: Option<Name>,
    /// Not printed but inferred from what was: the shares and usage of an account's hidden
    /// members (plain `sshare` without `-a`, `-A`, `-u`, `grep`, `head`), or a root added above
    /// rows cut from a larger output. A tree holding one is partial
    /// ([`AssocTree::is_partial`]): FairShare and rank are then unknown. Scenario JSON writes
    /// it as `"inferred": true`.
    pub inferred: bool,
}

/// A field-by-field clone written out (the derived one, under the release profile's size
/// optimisation, calls out of line for each optional name): an edit at 100k associations copies
/// every association of the tree ([`AssocTree::with_usage`]), and this is most of that copy.
impl Clone for Assoc {
    #[inline]
    fn clone(&self) -> Assoc {
        #[inline(always)]
        fn name(n: &Option<Name>) -> Option<Name> {
            match n {
                Some(n) => Some(Name::clone(n)),
                None => None,
            }
        }
        Assoc {
            id: self.id,
            parent: self.parent,
            account: Name::clone(&self.account),
            user: name(&self.user),
            partition: name(&self.partition),
            shares: self.shares,
            usage_raw: self.usage_raw,
            lineage: name(&self.lineage),
            inferred: self.inferred,
            retained_usage: self.retained_usage,
        }
    }
}

impl Assoc {
    /// A new association as `sacctmgr add` makes one without options: share 1 (Slurm's
    /// default `Fairshare`), no usage, no partition or lineage, nothing inferred; a user
    /// (`user: Some`) belongs to `account`.
    pub fn new(id: AssocId, parent: Option<AssocId>, account: Name, user: Option<Name>) -> Assoc {
        Assoc {
            id,
            parent,
            account,
            user,
            partition: None,
            shares: Shares::Value(1),
            usage_raw: LongDouble::ZERO,
            lineage: None,
            inferred: false,
            retained_usage: LongDouble::ZERO,
        }
    }

    /// The kind, from the parent and user fields.
    pub fn kind(&self) -> AssocKind {
        if self.inferred && self.parent.is_some() {
            AssocKind::Hidden
        } else if self.parent.is_none() {
            AssocKind::Root
        } else if self.user.is_some() {
            AssocKind::User
        } else {
            AssocKind::Account
        }
    }

    /// The display name: the user name for users, the account name otherwise.
    pub fn name(&self) -> &str {
        self.user.as_deref().unwrap_or(&self.account)
    }

    /// Whether this is a user association.
    pub fn is_user(&self) -> bool {
        self.user.is_some()
    }
}

/// Why a tree (or an edit) was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// There is no association without a parent.
    NoRoot,
    /// More than one association has no parent.
    SeveralRoots(Vec<AssocId>),
    /// The root association is a user.
    RootIsUser(AssocId),
    /// Two associations share an id.
    DuplicateId(AssocId),
    /// A parent id names no association.
    MissingParent {
        /// The child.
        id: AssocId,
        /// The missing parent.
        parent: AssocId,
    },
    /// A parent is a user association (users are leaves).
    ParentIsUser {
        /// The child.
        id: AssocId,
        /// The user it names as parent.
        parent: AssocId,
    },
    /// Following parents from this association comes back to it.
    Cycle(AssocId),
    /// An account or user name is empty.
    EmptyName(AssocId),
    /// A name contains a character Slurm's lineage or sshare's format cannot carry.
    BadName {
        /// The association.
        id: AssocId,
        /// The offending name.
        name: String,
    },
    /// Usage is negative, infinite, not a number, or not below [`MAX_USAGE_RAW`].
    BadUsage(AssocId),
    /// No association has this id.
    UnknownId(AssocId),
    /// The edit would remove or re-parent the root.
    RootEdit,
    /// The edit would put an association under one of its own descendants.
    MoveIntoOwnSubtree(AssocId),
    /// A rename or move would give an account a second user of this name (Slurm holds one
    /// association per account, user and partition).
    UserNameTaken {
        /// The user association edited.
        id: AssocId,
        /// The name it would have.
        name: String,
        /// The account that already has a user of that name.
        account: String,
    },
    /// A rename would give two accounts one name (Slurm's account names are unique).
    AccountNameTaken {
        /// The account edited.
        id: AssocId,
        /// The name it would have.
        name: String,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoRoot => f.write_str("no root: one association must have no parent"),
            TreeError::SeveralRoots(ids) => {
                let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
                write!(
                    f,
                    "several associations have no parent (ids {})",
                    ids.join(", ")
                )
            }
            TreeError::RootIsUser(id) => write!(f, "the root (id {id}) must be an account"),
            TreeError::DuplicateId(id) => write!(f, "id {id} is used twice"),
            TreeError::MissingParent { id, parent } => {
                write!(
                    f,
                    "association {id} names parent {parent}, which does not exist"
                )
            }
            TreeError::ParentIsUser { id, parent } => {
                write!(
                    f,
                    "association {id} is under user association {parent}; users are leaves"
                )
            }
            TreeError::Cycle(id) => write!(f, "association {id} is its own ancestor"),
            TreeError::EmptyName(id) => write!(f, "association {id} has an empty name"),
            TreeError::BadName { id, name } => {
                write!(
                    f,
                    "association {id}: name {name:?} may not contain '/', '|' or a line break"
                )
            }
            TreeError::BadUsage(id) => {
                write!(
                    f,
                    "association {id}: usage must be a number from 0 to below 2^64 \
                     (18446744073709551616, MAX_USAGE_RAW: the largest RawUsage sshare prints)"
                )
            }
            TreeError::UnknownId(id) => write!(f, "no association has id {id}"),
            TreeError::RootEdit => f.write_str("the root cannot be deleted or moved"),
            TreeError::MoveIntoOwnSubtree(id) => {
                write!(f, "association {id} cannot move under its own descendant")
            }
            TreeError::UserNameTaken { id, name, account } => write!(
                f,
                "association {id}: account {account:?} already has a user {name:?}; \
                 Slurm holds one association per account and user"
            ),
            TreeError::AccountNameTaken { id, name } => write!(
                f,
                "association {id}: an account {name:?} already exists; Slurm's account names \
                 are unique"
            ),
        }
    }
}

impl std::error::Error for TreeError {}

impl TreeError {
    /// The association the error is about, if it names one (of several roots, the second: the
    /// first is the one kept).
    pub fn assoc(&self) -> Option<AssocId> {
        Some(match self {
            TreeError::RootIsUser(id)
            | TreeError::DuplicateId(id)
            | TreeError::Cycle(id)
            | TreeError::EmptyName(id)
            | TreeError::BadUsage(id)
            | TreeError::MoveIntoOwnSubtree(id)
            | TreeError::UnknownId(id) => *id,
            TreeError::MissingParent { id, .. }
            | TreeError::ParentIsUser { id, .. }
            | TreeError::BadName { id, .. }
            | TreeError::UserNameTaken { id, .. }
            | TreeError::AccountNameTaken { id, .. } => *id,
            TreeError::SeveralRoots(ids) => *ids.get(1)?,
            TreeError::NoRoot | TreeError::RootEdit => return None,
        })
    }
}

/// A validated association tree, in input order.
///
/// Immutable and shared: a clone is O(1) (the associations sit behind an `Arc`), so a
/// [`crate::Ranked`], an undo step and the app's state can each hold the same tree; edits
/// build a new tree.
#[derive(Clone, Debug)]
pub struct AssocTree {
    inner: Arc<TreeData>,
}

impl PartialEq for AssocTree {
    /// Same associations in the same order (a shared tree is equal to itself at once).
    fn eq(&self, other: &AssocTree) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) || self.inner.assocs == other.inner.assocs
    }
}

impl AssocTree {
    /// Whether `other` is a clone of this very tree (O(1)); equal trees built apart are not.
    pub fn is_shared_with(&self, other: &AssocTree) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// The identity of this tree's structure (ids, parents, names and kinds): equal for this
    /// tree and every tree made from it by value edits only ([`AssocTree::with_shares`],
    /// [`AssocTree::with_usage`], in any number), unequal for trees built apart or by any other
    /// edit, even when equal. O(1); what reads only the structure (a menu of accounts) is kept
    /// while it stays equal.
    pub fn structure(&self) -> Structure {
        Structure(Arc::clone(&self.inner.parents))
    }
}

/// [`AssocTree::structure`]: compares by identity, never by content.
#[derive(Clone, Debug)]
pub struct Structure(Arc<Vec<Option<usize>>>);

impl PartialEq for Structure {
    fn eq(&self, other: &Structure) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Structure {}

/// What an [`AssocTree`] shares between its clones.
#[derive(Debug, PartialEq)]
struct TreeData {
    /// In shared chunks: a value edit copies the chunk of the association it edits, not
    /// every association (with its names' reference counts).
    assocs: Chunked<Assoc>,
    /// Whether any association is inferred.
    partial: bool,
    /// User associations, stand-ins for hidden users included ([`AssocTree::n_users`]).
    n_users: usize,
    /// Stand-ins for hidden users ([`AssocKind::Hidden`]).
    n_hidden: usize,
    /// Shared with the trees a value edit makes ([`AssocTree::with_shares`],
    /// [`AssocTree::with_usage`]), which change neither ids nor parents.
    index: Arc<HashMap<AssocId, usize>>,
    /// Position of each association's parent (derived from `assocs` at validation; shared like
    /// `index`).
    parents: Arc<Vec<Option<usize>>>,
}

fn usage_ok(usage: LongDouble) -> bool {
    usage.is_finite() && !usage.is_negative() && usage < LongDouble::from_f64(MAX_USAGE_RAW)
}

fn name_ok(name: &str) -> bool {
    !name.contains(['/', '|', '\n', '\r'])
}

impl AssocTree {
    /// Validates `assocs` and builds the tree. All problems found are returned, not just the first.
    pub fn new(mut assocs: Vec<Assoc>) -> Result<AssocTree, Vec<TreeError>> {
        let mut errors = Vec::new();
        for a in &mut assocs {
            // −0 is 0 (as a sum of usages it would make U −0 and Level FS −∞).
            if a.usage_raw.is_zero() {
                a.usage_raw = LongDouble::ZERO;
            }
            if a.retained_usage.is_zero() {
                a.retained_usage = LongDouble::ZERO;
            }
            // Raw 2147483647 is how Slurm stores FairShare=parent: one value, one meaning (and
            // scenario JSON, which writes it as a number, reads it back as `parent`).
            if a.shares == Shares::Value(SHARES_PARENT_RAW) {
                a.shares = Shares::Parent;
            }
        }
        let mut index = HashMap::with_capacity(assocs.len());
        for (i, a) in assocs.iter().enumerate() {
            if index.insert(a.id, i).is_some() {
                errors.push(TreeError::DuplicateId(a.id));
            }
        }
        let roots: Vec<AssocId> = assocs
            .iter()
            .filter(|a| a.parent.is_none())
            .map(|a| a.id)
            .collect();
        match roots.len() {
            0 if !assocs.is_empty() => errors.push(TreeError::NoRoot),
            0 => errors.push(TreeError::NoRoot),
            1 => {
                let root = &assocs[index[&roots[0]]];
                if root.user.is_some() {
                    errors.push(TreeError::RootIsUser(root.id));
                }
            }
            _ => errors.push(TreeError::SeveralRoots(roots)),
        }
        for a in &assocs {
            if a.account.is_empty() || a.user.as_deref() == Some("") {
                errors.push(TreeError::EmptyName(a.id));
            }
            for name in [
                Some(a.account.as_str()),
                a.user.as_deref(),
                a.partition.as_deref(),
            ]
            .into_iter()
            .flatten()
            {
                if !name_ok(name) {
                    errors.push(TreeError::BadName {
                        id: a.id,
                        name: name.to_string(),
                    });
                }
            }
            if !usage_ok(a.usage_raw) || !usage_ok(a.retained_usage) {
                errors.push(TreeError::BadUsage(a.id));
            }
            if let Some(p) = a.parent {
                match index.get(&p) {
                    None => errors.push(TreeError::MissingParent {
                        id: a.id,
                        parent: p,
                    }),
                    Some(&pi) if assocs[pi].user.is_some() => {
                        errors.push(TreeError::ParentIsUser {
                            id: a.id,
                            parent: p,
                        })
                    }
                    Some(_) => {}
                }
            }
        }
        if errors.is_empty() {
            // Cycle check: walk parents with a step bound; a valid chain ends at the root.
            let n = assocs.len();
            let mut state = vec![0u8; n]; // 0 = unknown, 1 = reaches root
            for start in 0..n {
                let mut path = Vec::new();
                let mut cur = start;
                let mut cyclic = false;
                while state[cur] == 0 {
                    if path.len() > n {
                        cyclic = true;
                        break;
                    }
                    path.push(cur);
                    match assocs[cur].parent {
                        None => break,
                        Some(p) => cur = index[&p],
                    }
                }
                if cyclic {
                    errors.push(TreeError::Cycle(assocs[start].id));
                    break;
                }
                for i in path {
                    state[i] = 1;
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let parents = Arc::new(
            assocs
                .iter()
                .map(|a| a.parent.and_then(|p| index.get(&p).copied()))
                .collect(),
        );
        let partial = assocs.iter().any(|a| a.inferred);
        let n_users = assocs.iter().filter(|a| a.is_user()).count();
        let n_hidden = assocs
            .iter()
            .filter(|a| a.kind() == AssocKind::Hidden)
            .count();
        Ok(AssocTree {
            inner: Arc::new(TreeData {
                partial,
                n_users,
                n_hidden,
                assocs: Chunked::from(assocs),
                index: Arc::new(index),
                parents,
            }),
        })
    }

    /// The associations, in input order (read like a slice: `[ix]`, `get`, `iter`, `len`).
    pub fn assocs(&self) -> &Chunked<Assoc> {
        &self.inner.assocs
    }

    /// Whether some association is inferred ([`Assoc::inferred`]): the tree was completed from
    /// a partial output, so it holds stand-ins for users it does not know. Fair Tree's FairShare
    /// and rank need every user, so runs of a partial tree give none
    /// ([`crate::fair_tree::FairTreeAssoc::fairshare`] and `rank` are `None`).
    pub fn is_partial(&self) -> bool {
        self.inner.partial
    }

    /// Number of associations.
    pub fn len(&self) -> usize {
        self.inner.assocs.len()
    }

    /// Whether the tree is empty (never true for a valid tree; kept for API symmetry).
    pub fn is_empty(&self) -> bool {
        self.inner.assocs.is_empty()
    }

    /// The association with this id.
    pub fn get(&self, id: AssocId) -> Option<&Assoc> {
        self.inner.index.get(&id).map(|&i| &self.inner.assocs[i])
    }

    /// Position of `id` in input order.
    pub fn position(&self, id: AssocId) -> Option<usize> {
        self.inner.index.get(&id).copied()
    }

    /// Position (in input order) of the parent of the association at position `ix`.
    pub fn parent_position(&self, ix: usize) -> Option<usize> {
        self.inner.parents.get(ix).copied().flatten()
    }

    /// The root association.
    pub fn root(&self) -> &Assoc {
        self.inner
            .assocs
            .iter()
            .find(|a| a.parent.is_none())
            .expect("a valid tree has a root")
    }

    /// Number of user associations (Slurm's `g_user_assoc_count`, N). On a partial tree it
    /// counts each stand-in for hidden users ([`AssocTree::n_hidden`]) as one, so it is not the
    /// cluster's N there.
    pub fn n_users(&self) -> usize {
        self.inner.n_users
    }

    /// Number of stand-ins for hidden users ([`AssocKind::Hidden`]): each is one entry for all
    /// the users one account has that the pasted output does not print (0 on a whole tree).
    pub fn n_hidden(&self) -> usize {
        self.inner.n_hidden
    }

    /// Number of user associations that are real users, printed or given: [`AssocTree::n_users`]
    /// without the stand-ins for hidden users.
    pub fn n_known_users(&self) -> usize {
        self.inner.n_users - self.inner.n_hidden
    }

    /// Whether `ancestor` is `id` or one of its ancestors.
    pub(crate) fn is_ancestor_or_self(&self, ancestor: AssocId, id: AssocId) -> bool {
        let mut cur = Some(id);
        let mut steps = 0;
        while let Some(c) = cur {
            if c == ancestor {
                return true;
            }
            steps += 1;
            if steps > self.inner.assocs.len() {
                return false;
            }
            cur = self.get(c).and_then(|a| a.parent);
        }
        false
    }

    /// A fresh id, one above the largest in use.
    pub fn next_id(&self) -> AssocId {
        AssocId(
            self.inner
                .assocs
                .iter()
                .map(|a| a.id.0)
                .max()
                .map_or(1, |m| m.saturating_add(1)),
        )
    }

    fn edited(
        &self,
        f: impl FnOnce(&mut Vec<Assoc>) -> Result<(), TreeError>,
    ) -> Result<AssocTree, Vec<TreeError>> {
        let mut assocs = self.inner.assocs.to_vec();
        f(&mut assocs).map_err(|e| vec![e])?;
        AssocTree::new(assocs)
    }

    fn slot(assocs: &mut [Assoc], id: AssocId) -> Result<&mut Assoc, TreeError> {
        assocs
            .iter_mut()
            .find(|a| a.id == id)
            .ok_or(TreeError::UnknownId(id))
    }

    /// A copy with one association's value (shares or usage) changed by `set`, which returns
    /// its refusal if the new value is not valid. Nothing that [`AssocTree::new`] validates
    /// besides that value can change (ids, parents, names and kinds stay), so the copy shares
    /// the id index and parent positions and is not validated again, and every chunk of
    /// associations but the edited one's ([`Chunked`]): O(n / [`crate::chunked::CHUNK`]).
    fn with_value(
        &self,
        id: AssocId,
        set: impl FnOnce(&mut Assoc) -> Result<(), TreeError>,
    ) -> Result<AssocTree, Vec<TreeError>> {
        let ix = self.position(id).ok_or(vec![TreeError::UnknownId(id)])?;
        let mut assocs = self.inner.assocs.clone();
        set(assocs.make_mut(ix)).map_err(|e| vec![e])?;
        Ok(AssocTree {
            inner: Arc::new(TreeData {
                assocs,
                partial: self.inner.partial,
                n_users: self.inner.n_users,
                n_hidden: self.inner.n_hidden,
                index: Arc::clone(&self.inner.index),
                parents: Arc::clone(&self.inner.parents),
            }),
        })
    }

    /// A copy with `id`'s shares changed.
    pub fn with_shares(&self, id: AssocId, shares: Shares) -> Result<AssocTree, Vec<TreeError>> {
        self.with_value(id, |a| {
            // Raw 2147483647 is FairShare=parent, as `AssocTree::new` stores it.
            a.shares = if shares == Shares::Value(SHARES_PARENT_RAW) {
                Shares::Parent
            } else {
                shares
            };
            Ok(())
        })
    }

    /// A copy with `id`'s raw usage changed.
    pub fn with_usage(
        &self,
        id: AssocId,
        usage_raw: LongDouble,
    ) -> Result<AssocTree, Vec<TreeError>> {
        self.with_value(id, |a| {
            // −0 is 0, as `AssocTree::new` stores it.
            let usage_raw = if usage_raw.is_zero() {
                LongDouble::ZERO
            } else {
                usage_raw
            };
            if !usage_ok(usage_raw) {
                return Err(TreeError::BadUsage(id));
            }
            a.usage_raw = usage_raw;
            Ok(())
        })
    }

    /// A copy with `id` renamed (the user name for users, the account name for accounts; the
    /// account's users follow the new account name).
    ///
    /// Refused when the name is taken: by another user of the same account (and partition), or,
    /// for an account, by any other account.
    pub fn with_name(&self, id: AssocId, name: &str) -> Result<AssocTree, Vec<TreeError>> {
        if let Some(assoc) = self.get(id) {
            let taken = if assoc.is_user() {
                self.user_taken(assoc.parent, name, assoc.partition.as_deref(), id)
            } else {
                let clash = self
                    .assocs()
                    .iter()
                    .any(|a| a.id != id && !a.is_user() && a.account == name);
                clash.then(|| TreeError::AccountNameTaken {
                    id,
                    name: name.to_string(),
                })
            };
            if let Some(e) = taken {
                return Err(vec![e]);
            }
        }
        self.edited(|v| {
            let slot = Self::slot(v, id)?;
            if slot.user.is_some() {
                slot.user = Some(name.into());
            } else {
                let name = Name::from(name);
                let old = std::mem::replace(&mut slot.account, name.clone());
                slot.lineage = None;
                for a in v.iter_mut() {
                    if a.parent == Some(id) && a.user.is_some() && a.account == old {
                        a.account = name.clone();
                    }
                }
            }
            Ok(())
        })
    }

    /// Associations Slurm could not hold side by side, each named by the later of its pair: a
    /// second user of one name (and partition) in one account, or a second account of one name
    /// under one parent. Edits never make them ([`AssocTree::with_name`],
    /// [`AssocTree::with_moved`]); a share link that holds one is refused with them. O(n).
    pub fn name_clashes(&self) -> Vec<TreeError> {
        let mut seen = std::collections::HashSet::new();
        let mut clashes = Vec::new();
        for a in self.assocs() {
            let key = (a.parent, a.user.is_some(), a.name(), a.partition.as_deref());
            if a.parent.is_some() && !seen.insert(key) {
                clashes.push(match &a.user {
                    Some(user) => TreeError::UserNameTaken {
                        id: a.id,
                        name: user.to_string(),
                        account: a.account.to_string(),
                    },
                    None => TreeError::AccountNameTaken {
                        id: a.id,
                        name: a.account.to_string(),
                    },
                });
            }
        }
        clashes
    }

    /// The refusal of a user `name` (in `partition`) under `parent` for association `id`, when
    /// another user there already has it. Linear.
    fn user_taken(
        &self,
        parent: Option<AssocId>,
        name: &str,
        partition: Option<&str>,
        id: AssocId,
    ) -> Option<TreeError> {
        let clash = self.assocs().iter().any(|a| {
            a.id != id
                && a.parent == parent
                && a.user.as_deref() == Some(name)
                && a.partition.as_deref() == partition
        });
        clash.then(|| TreeError::UserNameTaken {
            id,
            name: name.to_string(),
            account: parent
                .and_then(|p| self.get(p))
                .map(|p| p.account.to_string())
                .unwrap_or_default(),
        })
    }

    /// A copy with a new association added under `parent` (an account or the root).
    pub fn with_added(&self, assoc: Assoc) -> Result<AssocTree, Vec<TreeError>> {
        self.edited(|v| {
            v.push(assoc);
            Ok(())
        })
    }

    /// A copy without `id` and its whole subtree, whose usage stays with `id`'s parent as
    /// retained usage ([`Assoc::retained_usage`]), as Slurm (22.05+) keeps it: removing an
    /// association adds its `leaf_usage` (a user's usage, an account's retained usage) to its
    /// direct parent's. So the parent's and every ancestor's usage (and root's) stay what
    /// they were, and the siblings' U and Level FS follow Slurm's after the removal.
    ///
    /// **Order of the 80-bit sum.** A removed account's subtree is removed bottom-up (each
    /// association before its parent: the only order in which all of it reaches the parent),
    /// so the value added to the parent's retained usage is the removed association's own term
    /// plus, for each child in Slurm's association-list order ([`crate::hierarchy`]; users
    /// first), that child's value, nested the same way; that value is then added to the
    /// parent's retained usage (parent's first, as `parent.leaf_usage += removed.leaf_usage`).
    /// The order slurmdbd sends sibling removals in is not modelled beyond that; it moves only
    /// the last bits of a sum that rounds. Linear, plus one O(n log n) list order when some
    /// removed account has two or more children and the subtree has usage. Refused
    /// ([`TreeError::BadUsage`] on the parent) if the parent's retained usage would reach
    /// 2^64.
    pub fn without(&self, id: AssocId) -> Result<AssocTree, Vec<TreeError>> {
        let top = self
            .position(id)
            .ok_or_else(|| vec![TreeError::UnknownId(id)])?;
        let Some(parent) = self.inner.parents[top] else {
            return Err(vec![TreeError::RootEdit]);
        };
        // The subtree, found top-down in one pass over a child index (not one ancestor walk
        // per association, which is quadratic on deep trees).
        let n = self.inner.assocs.len();
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (ix, p) in self.inner.parents.iter().enumerate() {
            if let Some(p) = *p {
                kids[p].push(ix);
            }
        }
        let mut doomed = vec![false; n];
        let mut subtree = Vec::new();
        let mut stack = vec![top];
        while let Some(ix) = stack.pop() {
            doomed[ix] = true;
            subtree.push(ix);
            stack.extend(&kids[ix]);
        }
        let term = |ix: usize| {
            let a = &self.inner.assocs[ix];
            if a.user.is_some() {
                a.usage_raw
            } else {
                a.retained_usage
            }
        };
        let any_usage = subtree.iter().any(|&ix| !term(ix).is_zero());
        let mut kept = LongDouble::ZERO;
        if any_usage {
            if subtree.iter().any(|&ix| kids[ix].len() > 1) {
                let h = crate::hierarchy::Hierarchy::new(self);
                let pos = h.list_pos.as_ref();
                for &ix in &subtree {
                    kids[ix].sort_by_key(|&c| pos[c]);
                }
            }
            // Bottom-up: in reverse pre-order every child comes before its parent.
            let mut leaf = vec![LongDouble::ZERO; n];
            for &ix in subtree.iter().rev() {
                leaf[ix] = kids[ix].iter().fold(term(ix), |sum, &c| sum.add(leaf[c]));
            }
            kept = leaf[top];
        }
        self.edited(|v| {
            if !kept.is_zero() {
                let p = &mut v[parent];
                p.retained_usage = p.retained_usage.add(kept);
                if !usage_ok(p.retained_usage) {
                    return Err(TreeError::BadUsage(p.id));
                }
            }
            let mut keep = doomed.iter().map(|d| !d);
            v.retain(|_| keep.next().unwrap_or(true));
            Ok(())
        })
    }

    /// A copy with `id` moved under `new_parent` (a user's account name follows its new parent).
    pub fn with_moved(
        &self,
        id: AssocId,
        new_parent: AssocId,
    ) -> Result<AssocTree, Vec<TreeError>> {
        let assoc = self.get(id).ok_or_else(|| vec![TreeError::UnknownId(id)])?;
        if assoc.parent.is_none() {
            return Err(vec![TreeError::RootEdit]);
        }
        if self.is_ancestor_or_self(id, new_parent) {
            return Err(vec![TreeError::MoveIntoOwnSubtree(id)]);
        }
        let parent_account = self
            .get(new_parent)
            .ok_or_else(|| vec![TreeError::UnknownId(new_parent)])?
            .account
            .clone();
        if let Some(user) = assoc.user.as_deref()
            && let Some(e) = self.user_taken(Some(new_parent), user, assoc.partition.as_deref(), id)
        {
            return Err(vec![e]);
        }
        self.edited(|v| {
            let slot = Self::slot(v, id)?;
            slot.parent = Some(new_parent);
            slot.lineage = None;
            if slot.user.is_some() {
                slot.account = parent_account;
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{acct, user};

    /// The written-out clone copies every field, each optional name present or not.
    #[test]
    fn a_clone_is_equal_field_by_field() {
        let mut full = user(3, 2, "a", "u", LongDouble::from_u64(7));
        full.partition = Some(Name::from("gpu"));
        full.lineage = Some(Name::from("/a/0-u/"));
        full.inferred = true;
        full.shares = Shares::Parent;
        let bare = acct(1, None, "root");
        for a in [full, bare] {
            let c = a.clone();
            assert_eq!(c, a);
            assert_eq!(
                (c.id, c.parent, c.shares, c.usage_raw, c.inferred),
                (a.id, a.parent, a.shares, a.usage_raw, a.inferred)
            );
            assert_eq!((&c.account, &c.user), (&a.account, &a.user));
            assert_eq!((&c.partition, &c.lineage), (&a.partition, &a.lineage));
        }
    }

    /// The importers name the line of the association an error is about (the second root of
    /// several: the first is kept).
    #[test]
    fn a_tree_error_names_its_association() {
        let errors = AssocTree::new(vec![
            acct(1, None, "root"),
            acct(2, None, "other"),
            user(3, 9, "a", "u", LongDouble::ZERO),
        ])
        .unwrap_err();
        let named: Vec<Option<AssocId>> = errors.iter().map(TreeError::assoc).collect();
        assert!(named.contains(&Some(AssocId(2))), "{errors:?}");
        assert!(named.contains(&Some(AssocId(3))), "{errors:?}");
        assert_eq!(TreeError::NoRoot.assoc(), None);
        assert_eq!(TreeError::RootEdit.assoc(), None);
        assert_eq!(TreeError::Cycle(AssocId(7)).assoc(), Some(AssocId(7)));
    }

    #[test]
    fn validation_reports_every_problem() {
        let bad = vec![
            acct(1, None, "root"),
            acct(2, None, "other"),
            user(3, 9, "a", "u", LongDouble::ZERO),
            user(4, 3, "a", "", LongDouble::ZERO),
            Assoc {
                usage_raw: LongDouble::from_f64(-1.0),
                ..user(5, 1, "root", "neg", LongDouble::ZERO)
            },
        ];
        let errors = AssocTree::new(bad).unwrap_err();
        assert!(errors.contains(&TreeError::SeveralRoots(vec![AssocId(1), AssocId(2)])));
        assert!(errors.contains(&TreeError::MissingParent {
            id: AssocId(3),
            parent: AssocId(9)
        }));
        assert!(errors.contains(&TreeError::ParentIsUser {
            id: AssocId(4),
            parent: AssocId(3)
        }));
        assert!(errors.contains(&TreeError::EmptyName(AssocId(4))));
        assert!(errors.contains(&TreeError::BadUsage(AssocId(5))));
    }

    #[test]
    fn a_rename_or_move_to_a_name_already_there_is_refused() {
        let t = AssocTree::new(vec![
            acct(1, None, "root"),
            acct(2, Some(1), "a"),
            acct(3, Some(1), "b"),
            user(4, 2, "a", "alice", LongDouble::ZERO),
            user(5, 2, "a", "bob", LongDouble::ZERO),
            user(6, 3, "b", "alice", LongDouble::ZERO),
            acct(7, Some(2), "c"),
        ])
        .unwrap();
        let taken = |id: u32, name: &str, account: &str| TreeError::UserNameTaken {
            id: AssocId(id),
            name: name.into(),
            account: account.into(),
        };
        assert_eq!(
            t.with_name(AssocId(5), "alice").unwrap_err(),
            vec![taken(5, "alice", "a")]
        );
        assert_eq!(
            t.with_moved(AssocId(6), AssocId(2)).unwrap_err(),
            vec![taken(6, "alice", "a")]
        );
        let account_taken = |id: u32, name: &str| TreeError::AccountNameTaken {
            id: AssocId(id),
            name: name.into(),
        };
        assert_eq!(
            t.with_name(AssocId(3), "a").unwrap_err(),
            vec![account_taken(3, "a")],
            "a sibling's name"
        );
        assert_eq!(
            t.with_name(AssocId(7), "b").unwrap_err(),
            vec![account_taken(7, "b")],
            "any other account's name"
        );
        assert!(
            t.with_name(AssocId(6), "bob").is_ok(),
            "another account's user"
        );
        assert!(t.with_name(AssocId(5), "bob").is_ok(), "its own name");
        assert!(t.with_name(AssocId(3), "alice").is_ok(), "a user's name");
        assert!(t.with_moved(AssocId(5), AssocId(3)).is_ok());
        assert!(t.name_clashes().is_empty());
        let mut doubled = t.assocs().to_vec();
        doubled.push(user(8, 2, "a", "alice", LongDouble::ZERO));
        doubled.push(acct(9, Some(1), "b"));
        doubled.push(user(10, 3, "b", "alice", LongDouble::ZERO));
        let doubled = AssocTree::new(doubled).unwrap();
        assert_eq!(
            doubled.name_clashes(),
            vec![
                taken(8, "alice", "a"),
                account_taken(9, "b"),
                taken(10, "alice", "b")
            ]
        );
        let text = taken(5, "alice", "a").to_string();
        assert!(text.contains("already has a user \"alice\""), "{text}");
    }

    #[test]
    fn cycles_are_found() {
        let errors = AssocTree::new(vec![
            acct(1, None, "root"),
            acct(2, Some(3), "a"),
            acct(3, Some(2), "b"),
        ])
        .unwrap_err();
        assert!(matches!(errors[0], TreeError::Cycle(_)), "{errors:?}");
    }

    #[test]
    fn edits_keep_the_tree_valid() {
        let tree = AssocTree::new(vec![
            acct(1, None, "root"),
            acct(2, Some(1), "a"),
            acct(3, Some(2), "b"),
            user(4, 3, "b", "u", LongDouble::ZERO),
        ])
        .unwrap();
        assert_eq!(
            tree.with_moved(AssocId(2), AssocId(3)).unwrap_err(),
            vec![TreeError::MoveIntoOwnSubtree(AssocId(2))]
        );
        assert_eq!(
            tree.without(AssocId(1)).unwrap_err(),
            vec![TreeError::RootEdit]
        );
        let moved = tree.with_moved(AssocId(4), AssocId(2)).unwrap();
        assert_eq!(moved.get(AssocId(4)).unwrap().account, "a");
        let smaller = tree.without(AssocId(2)).unwrap();
        assert_eq!(smaller.len(), 1);
        let renamed = tree.with_name(AssocId(3), "bee").unwrap();
        assert_eq!(renamed.get(AssocId(4)).unwrap().account, "bee");
        // Value edits keep the structure's identity; any other edit, or a tree built apart,
        // does not.
        let used = tree.with_usage(AssocId(4), LongDouble::one()).unwrap();
        let shared = used.with_shares(AssocId(3), Shares::Value(7)).unwrap();
        assert_eq!(shared.structure(), tree.structure());
        assert_ne!(renamed.structure(), tree.structure());
        assert_ne!(moved.structure(), tree.structure());
        let apart = AssocTree::new(tree.assocs().to_vec()).unwrap();
        assert_eq!(apart, tree);
        assert_ne!(apart.structure(), tree.structure());
        assert!(tree.with_name(AssocId(4), "a/b").is_err());
        assert!(
            tree.with_added(user(5, 4, "b", "x", LongDouble::ZERO))
                .is_err()
        );
    }
}
