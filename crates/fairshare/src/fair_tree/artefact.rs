//! Rounding-artefact detection: where exact arithmetic would order or tie two neighbours of a
//! sorted sibling list differently from Slurm's 80-bit Level FS. Only near pairs are checked
//! ([`near_pairs`]), each with exact big-integer arithmetic over exact usage sums ([`mark`]).

use std::collections::HashMap;

use num_bigint::BigUint;

use super::{FairTreeAssoc, FairTreeRun, RoundingArtefact};
use crate::chunked::Chunked;
use crate::hierarchy::Hierarchy;
use crate::ld::LongDouble;

/// Neighbours in sorted lists whose order or tie rounding could have decided.
pub(super) fn near_pairs<'a>(
    assocs: &Chunked<FairTreeAssoc>,
    lists: impl Iterator<Item = &'a [usize]>,
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for list in lists {
        pairs.extend(
            list.windows(2)
                .map(|w| (w[0], w[1]))
                .filter(|&(a, b)| is_near_pair(assocs[a].level_fs_key, assocs[b].level_fs_key)),
        );
    }
    pairs
}

/// A value known exactly: mantissa × 2^exponent.
#[derive(Clone, Debug)]
struct Exact {
    mantissa: BigUint,
    exponent: i64,
}

impl Exact {
    fn from_u32(x: u32) -> Exact {
        Exact {
            mantissa: BigUint::from(x),
            exponent: 0,
        }
    }
    fn is_zero(&self) -> bool {
        self.mantissa == BigUint::ZERO
    }
    fn mul(&self, other: &Exact) -> Exact {
        Exact {
            mantissa: &self.mantissa * &other.mantissa,
            exponent: self.exponent + other.exponent,
        }
    }
    fn cmp(&self, other: &Exact) -> std::cmp::Ordering {
        let e = self.exponent.min(other.exponent);
        let a = &self.mantissa << ((self.exponent - e) as usize);
        let b = &other.mantissa << ((other.exponent - e) as usize);
        a.cmp(&b)
    }
}

/// `acc += x` on little-endian limbs (`acc` at least as long as `x`; a carry out of `acc`
/// cannot happen: its width holds the total).
fn add_limbs(acc: &mut [u64], x: &[u64]) {
    let mut carry = false;
    for (i, a) in acc.iter_mut().enumerate() {
        let add = x.get(i).copied().unwrap_or(0);
        if add == 0 && !carry {
            if i >= x.len() {
                break;
            }
            continue;
        }
        let (v, c1) = a.overflowing_add(add);
        let (v, c2) = v.overflowing_add(u64::from(carry));
        *a = v;
        carry = c1 || c2;
    }
}

/// Whether two neighbours of a sorted list are checked for rounding artefacts: only equal or
/// nearly equal values (within 2^-30) can be ordered differently by rounding; infinite and zero
/// Level FS are exact.
fn is_near_pair(ka: LongDouble, kb: LongDouble) -> bool {
    (ka == kb || ka.is_near(kb, 30))
        && ka.is_finite()
        && kb.is_finite()
        && !ka.is_zero()
        && !kb.is_zero()
}

/// Where exact arithmetic would rank two neighbours differently from Slurm's 80-bit values.
///
/// Exactly, LF = (s / L) / (u / u_P) for shares s, level sum L, usage u and fairshare-parent
/// usage u_P, with every usage the exact sum of its users' values and its accounts' retained
/// usage. Two neighbours compare as s_a · u_Pa · L_b · u_b against s_b · u_Pb · L_a · u_a. Only
/// neighbours whose 80-bit values are equal or within 1e-9 of each other are checked
/// ([`is_near_pair`], given as `pairs`): rounding cannot move values further apart.
pub(super) fn mark(h: &Hierarchy, pairs: Vec<(usize, usize)>, run: &mut FairTreeRun) {
    if pairs.is_empty() {
        return;
    }
    // The exact usage of every association the pairs need: one bottom-up pass over the
    // subtrees of those associations in the real tree (nothing else contributes), each child's
    // exact sum moved into its parent's (no association sums its subtree on its own, which
    // would be quadratic on deep trees).
    let mut needed = vec![false; h.len()];
    let mut tops = Vec::new();
    for &(a, b) in &pairs {
        for ix in [a, b] {
            if !needed[ix] {
                needed[ix] = true;
                tops.push(ix);
            }
        }
    }
    // Shallowest first, so that a needed association inside another's subtree is reached from
    // it: every association below a needed one is listed once, in pre-order, with the slot of
    // its parent in the list (`NONE` for the top of a subtree).
    const NONE: u32 = u32::MAX;
    // (The order among equal depths changes no sum.)
    crate::sort::sort_by(&mut tops, &|a, b| h.depth[a].cmp(&h.depth[b]));
    let mut listed = vec![false; h.len()];
    let mut below: Vec<(usize, u32)> = Vec::new();
    let mut stack: Vec<(usize, u32)> = Vec::new();
    for &top in &tops {
        if listed[top] {
            continue;
        }
        stack.push((top, NONE));
        while let Some((ix, parent_slot)) = stack.pop() {
            listed[ix] = true;
            let slot = below.len() as u32;
            below.push((ix, parent_slot));
            stack.extend(h.children(ix).map(|c| (c, slot)));
        }
    }
    // Sums in fixed point: every usage is m · 2^e with e ≥ `lo`, so each is an integer number
    // of 2^lo, added into `width` 64-bit limbs in place (O(1) per user, O(width) per account),
    // one row of limbs per listed association, instead of a big integer re-shifted and
    // re-allocated on every addition.
    // Each association's own term: a user's usage, an account's retained usage.
    let own_term = |ix: usize| {
        if h.is_user[ix] {
            h.usage_raw[ix]
        } else {
            h.retained_usage(ix)
        }
    };
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for &(ix, _) in &below {
        if let Some((_, e)) = own_term(ix).to_parts().filter(|&(m, _)| m != 0) {
            lo = lo.min(i64::from(e));
            hi = hi.max(i64::from(e) + 64);
        }
    }
    let width = if lo > hi {
        1
    } else {
        ((hi - lo) as usize + 64) / 64 + 1
    };
    let mut limbs = vec![0u64; below.len() * width];
    let mut exact_usage: HashMap<usize, Exact> = HashMap::new();
    for (slot, &(ix, parent_slot)) in below.iter().enumerate().rev() {
        let (before, from) = limbs.split_at_mut(slot * width);
        let own = &mut from[..width];
        if let Some((m, e)) = own_term(ix).to_parts().filter(|&(m, _)| m != 0) {
            let shift = (i64::from(e) - lo) as usize;
            let wide = u128::from(m) << (shift % 64);
            add_limbs(&mut own[shift / 64..], &[wide as u64, (wide >> 64) as u64]);
        }
        if needed[ix] {
            let digits: Vec<u32> = own
                .iter()
                .flat_map(|&l| [l as u32, (l >> 32) as u32])
                .collect();
            exact_usage.insert(
                ix,
                Exact {
                    mantissa: BigUint::new(digits),
                    exponent: if lo > hi { 0 } else { lo },
                },
            );
        }
        if parent_slot != NONE {
            let p = parent_slot as usize * width;
            add_limbs(&mut before[p..p + width], own);
        }
    }
    let usage_of = |ix: usize, memo: &mut HashMap<usize, Exact>| -> Exact {
        memo.get(&ix).cloned().unwrap_or_else(|| Exact::from_u32(0))
    };

    // The exact class of an entry's LF: forced values compare as their keys do.
    enum Class {
        Forced(u128),
        Zero,
        Infinite,
        Ratio { num: Exact, den: Exact },
    }
    let class_of = |ix: usize, memo: &mut HashMap<usize, Exact>| -> Class {
        let a = &run.assocs[ix];
        if h.is_parent_shares[ix] {
            return Class::Forced(a.level_fs_key.order_key());
        }
        if a.shares_norm == 0.0 {
            return Class::Zero;
        }
        let u = usage_of(ix, memo);
        if u.is_zero() {
            return Class::Infinite;
        }
        // LF = s · u_P / (L · u). Both entries of a pair come from one sorted list, so they
        // share the fairshare parent P, and u_P > 0 here (it includes u > 0): comparing
        // s_a · u_P · L_b · u_b with s_b · u_P · L_a · u_a gives the same answer without the
        // common factor u_P, whose exact sum would cover P's whole subtree (the root's, for
        // top-level accounts). So u_P is taken as 1.
        let num = Exact::from_u32(h.shares_raw[ix]);
        let den = Exact::from_u32(h.level_shares[ix]).mul(&u);
        Class::Ratio { num, den }
    };
    fn exact_cmp(a: &Class, b: &Class) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        let rank = |c: &Class| match c {
            Class::Zero => 0u8,
            Class::Ratio { .. } => 1,
            Class::Infinite => 3,
            Class::Forced(_) => 2,
        };
        match (a, b) {
            (Class::Ratio { num: na, den: da }, Class::Ratio { num: nb, den: db }) => {
                na.mul(db).cmp(&nb.mul(da))
            }
            (Class::Forced(x), Class::Forced(y)) => x.cmp(y),
            (Class::Forced(_), Class::Infinite) => Ordering::Less,
            (Class::Infinite, Class::Forced(_)) => Ordering::Greater,
            _ => rank(a).cmp(&rank(b)),
        }
    }

    let mut found = Vec::new();
    for (a, b) in pairs {
        let (ka, kb) = (run.assocs[a].level_fs_key, run.assocs[b].level_fs_key);
        let ca = class_of(a, &mut exact_usage);
        let cb = class_of(b, &mut exact_usage);
        let exact = exact_cmp(&ca, &cb);
        let ld_equal = ka == kb;
        let artefact = match (ld_equal, exact) {
            (true, std::cmp::Ordering::Equal) | (false, std::cmp::Ordering::Greater) => None,
            (true, _) => Some(RoundingArtefact::TieOnlyInLongDouble { sibling: a }),
            (false, std::cmp::Ordering::Equal) => {
                Some(RoundingArtefact::NoTieOnlyInLongDouble { sibling: a })
            }
            (false, std::cmp::Ordering::Less) => {
                Some(RoundingArtefact::OrderOnlyInLongDouble { sibling: a })
            }
        };
        if let Some(artefact) = artefact {
            found.push((b, artefact));
        }
    }
    for (ix, artefact) in found {
        run.assocs[ix].artefact = Some(artefact);
    }
}
