//! Duplicate associations in an imported tree: the same user twice in one account (same
//! partition), or the same account twice under one parent. Slurm cannot hold such a pair, so
//! an import never keeps both.
//!
//! - Text output (sshare, sacctmgr), where a paste may repeat lines: a repeat with the same
//!   values is merged into the first (a warning says so; what hangs under a repeated account
//!   joins the first). A repeat with other values is an error: it is left out, with whatever
//!   hangs under it, and the rest is a partial tree.
//! - JSON ([`Policy::Refuse`]): every duplicate is an error.
//!
//! One pass in pre-order, parents before children, with a hash of (parent, name): linear.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::{Diags, PrintedRow, clip};
use crate::diag::DiagKind;
use crate::tree::{Assoc, AssocId, AssocTree};

/// FNV-1a: the keys are short names and positions, and this runs once per association of every
/// import (SipHash costs several times more here).
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// What to do with a repeat that has the same values as the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Policy {
    /// Merge it into the first, with a warning.
    MergeRepeats,
    /// Refuse it (an error).
    Refuse,
}

fn same_printed(a: &PrintedRow, b: &PrintedRow) -> bool {
    a.raw_usage == b.raw_usage
        && a.norm_shares == b.norm_shares
        && a.norm_usage == b.norm_usage
        && a.effective_usage == b.effective_usage
        && a.fairshare == b.fairshare
        && a.level_fs == b.level_fs
}

/// [`resolve`] for what `build::build` returned: the tree (if any) and its printed rows, with each
/// duplicate named by the input line of its printed row (indexed only when a duplicate is found).
pub(super) fn resolve_built(
    tree: Option<AssocTree>,
    printed: &mut Vec<PrintedRow>,
    policy: Policy,
    cut_names: bool,
    diags: &mut Diags,
) -> Option<AssocTree> {
    let id_lines: Vec<(u32, usize)> = printed
        .iter()
        .filter_map(|p| Some((p.id.0, p.line?)))
        .collect();
    let mut lines: Option<HashMap<u32, usize>> = None;
    tree.and_then(|t| {
        resolve(
            t,
            printed,
            &mut |id| {
                lines
                    .get_or_insert_with(|| id_lines.iter().copied().collect())
                    .get(&id.0)
                    .copied()
            },
            policy,
            cut_names,
            diags,
        )
    })
}

/// Merges or leaves out duplicates (see the module documentation). `line_of` gives an
/// association's input line. Returns the tree unchanged (no copy) when there is none; else
/// the tree without them, and `printed` without their rows. `None` only if the rest does not
/// form a tree, which cannot happen (a duplicate is never the root).
pub(super) fn resolve(
    tree: AssocTree,
    printed: &mut Vec<PrintedRow>,
    line_of: &mut dyn FnMut(AssocId) -> Option<usize>,
    policy: Policy,
    cut_names: bool,
    diags: &mut Diags,
) -> Option<AssocTree> {
    let assocs = tree.assocs();
    let n = assocs.len();
    let parent_ix: Vec<Option<usize>> = (0..n).map(|i| tree.parent_position(i)).collect();

    // Cheap first look: any (parent, name) pair twice at all?
    type Key<'a> = (Option<usize>, Option<&'a str>, &'a str, Option<&'a str>);
    let key = |i: usize, parent: Option<usize>| -> Key<'_> {
        let a = &assocs[i];
        match &a.user {
            Some(u) => (parent, Some(u.as_str()), "", a.partition.as_deref()),
            None => (parent, None, a.account.as_str(), None),
        }
    };
    // Names cut by a fixed-width column (`averyvery+`) may stand for different names: never
    // taken for a pair.
    let cut = |i: usize| {
        let a = &assocs[i];
        cut_names && a.user.as_deref().unwrap_or(&a.account).ends_with('+')
    };
    {
        let mut seen: FnvMap<Key<'_>, ()> = FnvMap::default();
        seen.reserve(n);
        if (0..n).all(|i| cut(i) || seen.insert(key(i, parent_ix[i]), ()).is_none()) {
            return Some(tree);
        }
    }

    // Pre-order (parents first), iteratively.
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, p) in parent_ix.iter().enumerate() {
        match p {
            Some(p) => kids[*p].push(i),
            None => roots.push(i),
        }
    }
    let printed_ix: HashMap<AssocId, usize> =
        printed.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let printed_of = |i: usize| printed_ix.get(&assocs[i].id).and_then(|&k| printed.get(k));

    // Where each association ends up: itself, the first of its pair, or nowhere.
    let mut target: Vec<Option<usize>> = vec![None; n];
    let mut dropped = vec![false; n];
    let mut seen: FnvMap<Key<'_>, usize> = FnvMap::default();
    seen.reserve(n);
    let mut stack: Vec<usize> = roots.into_iter().rev().collect();
    let mut changed = false;
    while let Some(i) = stack.pop() {
        stack.extend(kids[i].iter().rev());
        let line = line_of(assocs[i].id);
        let parent = match parent_ix[i] {
            None => None,
            Some(p) if dropped[p] => {
                dropped[i] = true;
                diags.error(
                    line,
                    DiagKind::LeftOut {
                        under: line_of(assocs[p].id),
                    },
                );
                continue;
            }
            Some(p) => target[p],
        };
        let k = key(i, parent);
        if cut(i) {
            target[i] = Some(i);
            continue;
        }
        match seen.get(&k) {
            None => {
                seen.insert(k, i);
                target[i] = Some(i);
            }
            Some(&first) => {
                changed = true;
                let (a, b) = (&assocs[first], &assocs[i]);
                let same = a.shares == b.shares
                    && a.usage_raw == b.usage_raw
                    && match (printed_of(first), printed_of(i)) {
                        (Some(x), Some(y)) => same_printed(x, y),
                        (None, None) => true,
                        _ => false,
                    };
                let account = clip(&b.account);
                let user = b.user.as_deref().map(clip);
                if same && policy == Policy::MergeRepeats {
                    diags.warning(
                        line,
                        DiagKind::DuplicateMerged {
                            first_line: line_of(a.id).unwrap_or(0),
                            account,
                            user,
                        },
                    );
                    // Read as the first: what hangs under a repeated account hangs there.
                    target[i] = Some(first);
                } else {
                    diags.error(
                        line,
                        DiagKind::DuplicatePair {
                            first_line: line_of(a.id),
                            account,
                            user,
                        },
                    );
                    dropped[i] = true;
                }
            }
        }
    }
    if !changed {
        return Some(tree);
    }

    let mut out: Vec<Assoc> = Vec::with_capacity(n);
    for (i, a) in assocs.iter().enumerate() {
        if dropped[i] || target[i] != Some(i) {
            continue;
        }
        let mut a = a.clone();
        a.parent = parent_ix[i].and_then(|p| target[p]).map(|t| assocs[t].id);
        out.push(a);
    }
    let kept: std::collections::HashSet<AssocId> = out.iter().map(|a| a.id).collect();
    printed.retain(|p| kept.contains(&p.id));
    match AssocTree::new(out) {
        Ok(t) => Some(t),
        Err(errors) => {
            for e in errors {
                diags.error(None, DiagKind::Tree(e));
            }
            None
        }
    }
}
