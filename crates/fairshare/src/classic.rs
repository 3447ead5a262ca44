//! The classic fairshare algorithm (`PriorityFlags=NO_FAIR_TREE`), and DEPTH_OBLIVIOUS, as
//! Slurm's code computes it, in the steady state (from the second calculation cycle on).
//!
//! For an association X with fairshare parent P (Slurm's `priority_multifactor.c`):
//!
//! - **S** (`shares_norm`, a double) is a product of level fractions down the real tree:
//!   S = Π s_Y / L_Y over X and its ancestors below the root that are not FairShare=parent;
//!   0 if any L_Y = 0. The root has 1. A FairShare=parent association copies P's S.
//!   (The classic page separates users from sub-accounts; the code's level sum L adds both.)
//! - **UA** (`usage_norm`) = usage / root usage, capped at 1.
//! - **UE** (`usage_efctv`, 80 bits), first matching rule:
//!   P is the root → UE = UA (also for FairShare=parent associations there);
//!   X is FairShare=parent → UE = UE_P;
//!   DEPTH_OBLIVIOUS → see [`DepthOblivious`];
//!   L = 0 → UE = UE_P; otherwise **UE = UA + (UE_P − UA) · s / L**.
//!   The root has UE = 1.
//! - **F** = 2^(−UE / S / d) with d = FairShareDampeningFactor, computed from P's UE and S for a
//!   FairShare=parent association; 0 when S ≤ 0. So 0.5 means "used exactly its share".

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::hierarchy::{EXACT_WORK_LIMIT, Hierarchy};
use crate::ld::{Divisor, LongDouble};
use crate::scenario::Params;
use crate::tree::AssocTree;

/// One factor s_Y / L_Y of the normalized-shares product.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShareFactor {
    /// The association Y the factor belongs to (X itself first, then its ancestors).
    pub assoc: usize,
    /// s_Y, its raw shares.
    pub shares: u32,
    /// L_Y, the level sum of its fairshare sibling list.
    pub level_shares: u32,
}

/// How S was obtained.
#[derive(Clone, Debug, PartialEq)]
pub enum SharesRule {
    /// The root: 1.
    Root,
    /// FairShare=parent: a copy of this association's S.
    CopiedFrom(usize),
    /// The product of the factors [`share_factors`] lists (0 if any level sum is 0). They are not
    /// stored: on a deep tree every association's list would hold all its ancestors.
    Product,
}

/// The numbers of the DEPTH_OBLIVIOUS effective-usage formula (Slurm's
/// `_depth_oblivious_set_usage_efctv`):
/// ratio_p = UE_P / S_P; ratio_s = Σ UA(siblings, self included) / S_P;
/// ratio_l = (UA / S) / ratio_s; k = 1 when ln ratio_p · ln ratio_l ≥ 0 (or a ratio is 0),
/// else 1 / (1 + (5 · ln ratio_p)²); UE = ratio_p · ratio_l^k · S.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthOblivious {
    /// UE_P / S_P.
    pub ratio_p: LongDouble,
    /// Σ UA over the fairshare siblings that are not FairShare=parent, self included.
    pub sibling_usage: LongDouble,
    /// sibling_usage / S_P.
    pub ratio_s: LongDouble,
    /// (UA / S) / ratio_s.
    pub ratio_l: LongDouble,
    /// The exponent k.
    pub k: f64,
}

/// How UE was obtained.
#[derive(Clone, Debug, PartialEq)]
pub enum UsageRule {
    /// The root: 1.
    Root,
    /// The fairshare parent is the root: UE = UA.
    FirstTier,
    /// FairShare=parent: UE = UE_P of this association.
    CopiedFrom(usize),
    /// The level sum is 0: UE = UE_P.
    ZeroLevelShares,
    /// UE = UA + (UE_P − UA) · s / L.
    Blend {
        /// s, raw shares.
        shares: u32,
        /// L, the level sum.
        level_shares: u32,
        /// UE_P.
        parent_usage_effective: LongDouble,
    },
    /// DEPTH_OBLIVIOUS with one of S, S_P, UE_P or UA zero: UE = UA.
    DepthObliviousFallback,
    /// DEPTH_OBLIVIOUS.
    DepthOblivious(DepthOblivious),
}

/// Classic values for one association, with the terms that produced them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassicAssoc {
    /// S (`NormShares`).
    pub shares_norm: f64,
    /// `RawUsage` as Slurm aggregates it.
    pub usage_raw: LongDouble,
    /// UA (`NormUsage`); `None` for the root.
    pub usage_norm: Option<LongDouble>,
    /// UE (`EffectvUsage`).
    pub usage_effective: LongDouble,
    /// F = 2^(−UE/S/d); `None` for the root. Accounts have one too (sshare hides it).
    pub fairshare: Option<f64>,
    /// How S was obtained.
    pub shares_rule: SharesRule,
    /// How UE was obtained.
    pub usage_rule: UsageRule,
    /// Whose UE and S enter F (the association itself, or its fairshare parent for
    /// FairShare=parent).
    pub factor_source: usize,
}

/// The result of a classic run, read through its accessors.
///
/// Kept as one compact array per quantity (S, UA, UE, F), each shared (`Arc`) with the run it
/// was carried over from ([`crate::Ranked::classic_after`]); the per-association records with
/// the terms of each formula ([`ClassicAssoc`]) are built on demand: [`ClassicRun::assoc`] for
/// one, [`ClassicRun::assocs`] for all (made on its first call and kept).
pub struct ClassicRun {
    /// The hierarchy the run was computed on (usage, shares, fairshare parents).
    h: Arc<Hierarchy>,
    /// S and what only shares decide.
    shares: Arc<SharesPart>,
    /// UA per association (the root's is not shown).
    usage_norm: Arc<Vec<LongDouble>>,
    /// UE per association.
    usage_effective: Arc<Vec<LongDouble>>,
    /// F per association (the root's is not shown).
    fairshare: Arc<Vec<f64>>,
    /// DEPTH_OBLIVIOUS only: Σ UA over each association's fairshare children that are not
    /// FairShare=parent (empty otherwise).
    sibling_usage: Arc<Vec<LongDouble>>,
    damping_factor: u16,
    depth_oblivious: bool,
    /// Every association's record, made on the first [`ClassicRun::assocs`].
    records: OnceLock<Vec<ClassicAssoc>>,
}

impl Clone for ClassicRun {
    /// O(1): the arrays are shared (the records, if made, are not copied).
    fn clone(&self) -> ClassicRun {
        ClassicRun {
            h: Arc::clone(&self.h),
            shares: Arc::clone(&self.shares),
            usage_norm: Arc::clone(&self.usage_norm),
            usage_effective: Arc::clone(&self.usage_effective),
            fairshare: Arc::clone(&self.fairshare),
            sibling_usage: Arc::clone(&self.sibling_usage),
            damping_factor: self.damping_factor,
            depth_oblivious: self.depth_oblivious,
            records: OnceLock::new(),
        }
    }
}

impl PartialEq for ClassicRun {
    /// The same parameters and the same record for every association.
    fn eq(&self, other: &ClassicRun) -> bool {
        self.damping_factor == other.damping_factor
            && self.depth_oblivious == other.depth_oblivious
            && self.assocs() == other.assocs()
    }
}

impl fmt::Debug for ClassicRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClassicRun")
            .field("assocs", &self.assocs())
            .field("damping_factor", &self.damping_factor)
            .field("depth_oblivious", &self.depth_oblivious)
            .finish()
    }
}

impl ClassicRun {
    /// The number of associations (the tree's).
    pub fn len(&self) -> usize {
        self.usage_effective.len()
    }

    /// Whether the run holds no association.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The classic values of every association, indexed like [`AssocTree::assocs`]. Made on
    /// the first call (O(n)) and kept; a view of a few associations reads
    /// [`ClassicRun::assoc`] or [`ClassicRun::fairshare`] instead.
    pub fn assocs(&self) -> &[ClassicAssoc] {
        self.records.get_or_init(|| {
            (0..self.len())
                .map(|ix| self.record(ix, self.sibling_usage_of(ix)))
                .collect()
        })
    }

    /// The classic values of association `ix` with the terms of its formulas (`None` outside
    /// the tree). O(1).
    pub fn assoc(&self, ix: usize) -> Option<ClassicAssoc> {
        (ix < self.len()).then(|| self.record(ix, self.sibling_usage_of(ix)))
    }

    /// F of association `ix`; `None` for the root and outside the tree. O(1).
    pub fn fairshare(&self, ix: usize) -> Option<f64> {
        (ix < self.len() && ix != self.h.root).then(|| self.fairshare[ix])
    }

    /// F of every association, indexed like [`AssocTree::assocs`] (the root's is 0: it has
    /// none, [`ClassicRun::fairshare`]).
    pub(crate) fn factors(&self) -> &[f64] {
        &self.fairshare
    }

    /// The damping factor d used.
    pub fn damping_factor(&self) -> u16 {
        self.damping_factor
    }

    /// Whether DEPTH_OBLIVIOUS was used.
    pub fn depth_oblivious(&self) -> bool {
        self.depth_oblivious
    }

    /// The DEPTH_OBLIVIOUS sibling sum `ix`'s formula reads (its fairshare parent's).
    fn sibling_usage_of(&self, ix: usize) -> LongDouble {
        self.h.fs_parent[ix]
            .and_then(|p| self.sibling_usage.get(p).copied())
            .unwrap_or(LongDouble::ZERO)
    }

    fn record(&self, ix: usize, sibling_usage: LongDouble) -> ClassicAssoc {
        let h = &*self.h;
        let root = h.root;
        let source = factor_source(h, ix);
        let shares_rule = if ix == root {
            SharesRule::Root
        } else if h.is_parent_shares[ix] {
            SharesRule::CopiedFrom(h.fs_parent[ix].unwrap_or(root))
        } else {
            SharesRule::Product
        };
        let values = self.values();
        ClassicAssoc {
            shares_norm: self.shares.shares_norm[ix],
            usage_raw: h.usage_raw[ix],
            usage_norm: (ix != root).then_some(self.usage_norm[ix]),
            usage_effective: self.usage_effective[ix],
            fairshare: (ix != root).then_some(self.fairshare[ix]),
            shares_rule,
            usage_rule: values.usage_rule(ix, &self.usage_effective, sibling_usage),
            factor_source: source,
        }
    }

    /// The inputs of the effective-usage formula.
    fn values(&self) -> Values<'_> {
        Values {
            h: &self.h,
            shares_norm: &self.shares.shares_norm,
            fraction: &self.shares.fraction,
            usage_norm: &self.usage_norm,
            depth_oblivious: self.depth_oblivious,
        }
    }
}

/// What a carried-over run shares with the run it was carried over from (the tests of
/// [`crate::Ranked::classic_after`] check that it did carry over).
#[cfg(any(test, feature = "testing"))]
impl ClassicRun {
    /// Whether S is `other`'s very array (kept, not computed again).
    pub fn shares_shared_with(&self, other: &ClassicRun) -> bool {
        Arc::ptr_eq(&self.shares, &other.shares)
    }

    /// UE and F of every association, as the run holds them.
    pub fn values_held(&self) -> (Vec<LongDouble>, Vec<f64>) {
        ((*self.usage_effective).clone(), (*self.fairshare).clone())
    }

    /// UE and F of every association computed again one association at a time by the
    /// per-association formulas ([`Values::usage_effective`] and [`factor`], the branches the
    /// records explain) from this run's S and UA: what the one pass over the [`plan`] that a
    /// usage edit makes must equal bit for bit.
    pub fn values_by_formula(&self) -> (Vec<LongDouble>, Vec<f64>) {
        let h = &*self.h;
        let values = self.values();
        let mut ue = vec![LongDouble::ZERO; self.len()];
        for &ix in &self.shares.topdown {
            let ix = ix as usize;
            ue[ix] = values.usage_effective(ix, &ue, self.sibling_usage_of(ix));
        }
        let damping = (self.damping_factor != 1)
            .then(|| LongDouble::from_u64(u64::from(self.damping_factor)));
        let fs = (0..self.len())
            .map(|ix| {
                if ix == h.root {
                    0.0
                } else {
                    factor(h, ix, &self.shares.shares_norm, &ue, damping)
                }
            })
            .collect();
        (ue, fs)
    }

    /// Whether S, UA, UE and F are all `other`'s very arrays.
    pub fn values_shared_with(&self, other: &ClassicRun) -> bool {
        self.shares_shared_with(other)
            && Arc::ptr_eq(&self.usage_norm, &other.usage_norm)
            && Arc::ptr_eq(&self.usage_effective, &other.usage_effective)
            && Arc::ptr_eq(&self.fairshare, &other.fairshare)
    }
}

/// The factors s_Y / L_Y of `ix`'s S, from `ix` up to (not including) the root, skipping
/// FairShare=parent associations: what [`SharesRule::Product`] multiplies.
pub fn share_factors(h: &Hierarchy, ix: usize) -> Vec<ShareFactor> {
    ShareFactors::new(h, ix).collect()
}

/// The factors of [`share_factors`], one ancestor at a time.
struct ShareFactors<'a> {
    h: &'a Hierarchy,
    next: Option<usize>,
}

impl<'a> ShareFactors<'a> {
    fn new(h: &'a Hierarchy, ix: usize) -> ShareFactors<'a> {
        ShareFactors { h, next: Some(ix) }
    }
}

impl Iterator for ShareFactors<'_> {
    type Item = ShareFactor;
    fn next(&mut self) -> Option<ShareFactor> {
        let h = self.h;
        while let Some(cur) = self.next {
            if cur == h.root {
                self.next = None;
                return None;
            }
            self.next = h.parent[cur];
            if !h.is_parent_shares[cur] {
                return Some(ShareFactor {
                    assoc: cur,
                    shares: h.shares_raw[cur],
                    level_shares: h.level_shares[cur],
                });
            }
        }
        None
    }
}

/// The fairshare tree's associations top-down (every fairshare parent before its children).
fn fs_topdown(h: &Hierarchy) -> Vec<u32> {
    let mut order = Vec::with_capacity(h.len());
    let mut stack = vec![h.root as u32];
    while let Some(ix) = stack.pop() {
        order.push(ix);
        stack.extend(h.fs_children_u32(ix as usize).iter().rev());
    }
    order
}

/// The real tree top-down (parents before children).
fn realtopdown(h: &Hierarchy) -> Vec<usize> {
    let mut order = Vec::with_capacity(h.len());
    let mut stack = vec![h.root];
    while let Some(ix) = stack.pop() {
        order.push(ix);
        stack.extend(h.children(ix));
    }
    order
}

/// What only the tree's shape and its shares decide: S, each association's fraction s / L of
/// the blend, and the fairshare tree's top-down order. A usage edit keeps all of it.
#[derive(Debug)]
struct SharesPart {
    /// S per association.
    shares_norm: Vec<f64>,
    /// s / L in 80 bits (0 where L = 0, which the blend does not read).
    fraction: Vec<LongDouble>,
    /// [`fs_topdown`].
    topdown: Vec<u32>,
    /// Whether S was multiplied out per association to the bit (the tree's factor chains cost
    /// at most [`EXACT_WORK_LIMIT`]); else S = s/L · (the parent's product).
    exact: bool,
    /// [`plan`], made by the first run that computes every value (a usage edit's).
    plan: OnceLock<Vec<Step>>,
}

/// Which rule gives an association's UE (without DEPTH_OBLIVIOUS), decided once per shape
/// and shares ([`plan`]), so that the pass a usage edit makes over every association only
/// reads a byte instead of re-deriving the branch of [`Values::usage_effective`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UeRule {
    /// The root: 1.
    Root,
    /// No fairshare parent (not reachable from the root): 0.
    Detached,
    /// The fairshare parent is the root: UE = UA.
    FirstTier,
    /// FairShare=parent, or a level sum of 0: UE = UE_P.
    Parent,
    /// UE = UA + (UE_P − UA) · s/L.
    Blend,
}

/// One association of the [`plan`], in the fairshare tree's top-down order.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// S of F's source as a long double (F's divisor, its reciprocal computed once per shape
    /// and shares: every usage edit divides by it again); unread when `factor_zero`.
    s: Divisor,
    /// The association.
    ix: u32,
    /// Its fairshare parent (the association itself where it has none).
    parent: u32,
    rule: UeRule,
    /// F reads the fairshare parent's UE and S (FairShare=parent below the root), not its own.
    factor_from_parent: bool,
    /// F is the fairshare parent's own F (read from the parent's UE and S by the same
    /// operations, so the same bits): `factor_from_parent`, and the parent is not the root (whose
    /// F the pass does not compute) and reads its own UE and S.
    factor_copied: bool,
    /// S of F's source is ≤ 0: F = 0.
    factor_zero: bool,
}

/// The steps of the pass over every association: [`Values::usage_effective`]'s and
/// [`factor`]'s branches, decided per association from the shape and the shares alone.
fn plan(h: &Hierarchy, shares: &SharesPart) -> Vec<Step> {
    let root = h.root;
    shares
        .topdown
        .iter()
        .map(|&ix32| {
            let ix = ix32 as usize;
            let p = h.fs_parent[ix];
            let rule = match p {
                _ if ix == root => UeRule::Root,
                None => UeRule::Detached,
                Some(p) if p == root => UeRule::FirstTier,
                Some(_) if h.is_parent_shares[ix] || h.level_shares[ix] == 0 => UeRule::Parent,
                Some(_) => UeRule::Blend,
            };
            let source = factor_source(h, ix);
            let s = shares.shares_norm[source];
            let factor_zero = s <= 0.0;
            let factor_copied =
                source != ix && source != root && factor_source(h, source) == source;
            Step {
                s: Divisor::new(if factor_zero {
                    LongDouble::ZERO
                } else {
                    LongDouble::from_f64(s)
                }),
                ix: ix32,
                parent: p.map_or(ix32, |p| p as u32),
                rule,
                factor_from_parent: source != ix,
                factor_copied,
                factor_zero,
            }
        })
        .collect()
}

/// UE and F of every association without DEPTH_OBLIVIOUS, in one pass over the [`plan`]:
/// bit for bit [`Values::usage_effective`] then [`factor`] (the same operations in the same
/// order), the root's F 0.
fn every_value(
    steps: &[Step],
    fraction: &[LongDouble],
    usage_norm: &[LongDouble],
    damping: Option<LongDouble>,
) -> (Vec<LongDouble>, Vec<f64>) {
    let n = usage_norm.len();
    let mut ue_held = vec![LongDouble::ZERO; n];
    let mut fs_held = vec![0.0f64; n];
    // Slices, not `Vec`s: at opt-level z a `Vec` index is a call.
    let (ue, fs) = (&mut ue_held[..], &mut fs_held[..]);
    for st in steps {
        let (ix, p) = (st.ix as usize, st.parent as usize);
        let v = match st.rule {
            UeRule::Root => {
                ue[ix] = LongDouble::one();
                continue;
            }
            UeRule::Detached => LongDouble::ZERO,
            UeRule::FirstTier => usage_norm[ix],
            UeRule::Parent => ue[p],
            UeRule::Blend => {
                let (ua, ue_p) = (usage_norm[ix], ue[p]);
                if ua.to_bits() == 0 && !ue_p.is_nan() {
                    // No usage (+0): UE_P − 0 is UE_P and 0 + x is x (+0 for −0), exactly.
                    let v = ue_p.mul(fraction[ix]);
                    if v.is_zero() { LongDouble::ZERO } else { v }
                } else {
                    ua.add(ue_p.sub(ua).mul(fraction[ix]))
                }
            }
        };
        ue[ix] = v;
        fs[ix] = if st.factor_zero {
            0.0
        } else if st.factor_copied {
            // The parent's step came first (top-down) and computed this very F.
            fs[p]
        } else {
            let u = if st.factor_from_parent { ue[p] } else { v };
            let q = u.div_by(st.s);
            let q = match damping {
                Some(d) => q.div(d),
                None => q,
            };
            2f64.powf((-q).to_f64())
        };
    }
    (ue_held, fs_held)
}

/// s / L of `ix` in 80 bits; 0 when L = 0.
fn fraction(h: &Hierarchy, ix: usize) -> LongDouble {
    let level = h.level_shares[ix];
    if level == 0 {
        return LongDouble::ZERO;
    }
    LongDouble::from_u64(u64::from(h.shares_raw[ix])).div(LongDouble::from_u64(u64::from(level)))
}

/// Each association's factor s / L of the normalized-shares product, as a double: NaN (never
/// a quotient: L ≠ 0) where L = 0, and 1 (multiplying by it is exact) where the product skips
/// the association (the root, FairShare=parent).
fn share_quotients(h: &Hierarchy) -> Vec<f64> {
    (0..h.len())
        .map(|ix| {
            let level = h.level_shares[ix];
            if ix == h.root || h.is_parent_shares[ix] {
                1.0
            } else if level == 0 {
                f64::NAN
            } else {
                f64::from(h.shares_raw[ix]) / f64::from(level)
            }
        })
        .collect()
}

/// S of a non-FairShare=parent association: Π s_Y / L_Y from `ix` up to the root, multiplied
/// in that order as Slurm does (0 once a level sum is 0): [`ShareFactors`]' product, read from
/// [`share_quotients`] (`q`).
fn shares_product(h: &Hierarchy, q: &[f64], ix: usize) -> f64 {
    let (parent, root) = (&h.parent[..], h.root);
    let mut s = 1.0f64;
    let mut cur = ix;
    while cur != root {
        let f = q[cur];
        if f.is_nan() {
            s = 0.0;
        } else {
            s *= f;
        }
        // 0 stays 0: the product skips every factor after it.
        if s == 0.0 {
            break;
        }
        match parent[cur] {
            Some(p) => cur = p,
            None => break,
        }
    }
    s
}

/// S of every association, from scratch.
fn shares_part(h: &Hierarchy) -> SharesPart {
    let n = h.len();
    let root = h.root;
    let topdown = fs_topdown(h);
    // S = Π s_Y / L_Y from X up to the root, multiplied in that order as Slurm does. Each
    // association's product starts from its own factor, so no partial product can be shared;
    // followed to the bit it costs one multiplication per ancestor, done while the whole tree
    // costs at most EXACT_WORK_LIMIT; beyond it S = s_X/L_X · (the parent's product).
    let factor = |ix: usize| -> Option<f64> {
        let level = h.level_shares[ix];
        (level != 0).then(|| f64::from(h.shares_raw[ix]) / f64::from(level))
    };
    // Slices, not `Vec`s: at opt-level z (the WebAssembly) a `Vec` index is a call.
    let mut chain_held = vec![0u64; n];
    let mut chain_product_held = vec![1.0f64; n];
    let (chain, chain_product) = (&mut chain_held[..], &mut chain_product_held[..]);
    for &ix in &realtopdown(h) {
        if let Some(p) = h.parent[ix]
            && p != root
        {
            chain[ix] = chain[p];
            chain_product[ix] = chain_product[p];
        }
        if ix != root && !h.is_parent_shares[ix] {
            chain[ix] += 1;
            chain_product[ix] = match factor(ix) {
                None => 0.0,
                Some(f) => f * chain_product[ix],
            };
        }
    }
    let cost: u64 = (0..n)
        .filter(|&ix| ix != root && !h.is_parent_shares[ix])
        .map(|ix| chain[ix])
        .sum();
    let exact = cost <= EXACT_WORK_LIMIT;
    drop(chain_held);
    let chain_product = &chain_product_held[..];
    let mut shares_norm_held = vec![0.0f64; n];
    let mut fractions_held = vec![LongDouble::ZERO; n];
    let (shares_norm, fractions) = (&mut shares_norm_held[..], &mut fractions_held[..]);
    let quotients = if exact {
        share_quotients(h)
    } else {
        Vec::new()
    };
    for &ix in &topdown {
        let ix = ix as usize;
        shares_norm[ix] = if ix == root {
            1.0
        } else if h.is_parent_shares[ix] {
            shares_norm[h.fs_parent[ix].unwrap_or(root)]
        } else {
            fractions[ix] = fraction(h, ix);
            if exact {
                shares_product(h, &quotients, ix)
            } else {
                chain_product[ix]
            }
        };
    }
    SharesPart {
        shares_norm: shares_norm_held,
        fraction: fractions_held,
        topdown,
        exact,
        plan: OnceLock::new(),
    }
}

/// Whether two hierarchies have the same shape: the same associations, parents, fairshare
/// parents and FairShare=parent flags (what every order and copy rule of the run reads).
fn same_shape(a: &Hierarchy, b: &Hierarchy) -> bool {
    // The arrays are shared between the hierarchies of one structure: O(1) then.
    fn same<T: PartialEq>(a: &Arc<[T]>, b: &Arc<[T]>) -> bool {
        Arc::ptr_eq(a, b) || a[..] == b[..]
    }
    a.len() == b.len()
        && a.root == b.root
        && same(&a.parent, &b.parent)
        && same(&a.fs_parent, &b.fs_parent)
        && same(&a.is_parent_shares, &b.is_parent_shares)
}

/// Whether two hierarchies hold the same usage, bit for bit.
fn same_usage(a: &Hierarchy, b: &Hierarchy) -> bool {
    a.usage_raw.len() == b.usage_raw.len()
        && a.usage_raw
            .iter()
            .zip(&b.usage_raw)
            .all(|(x, y)| x.to_bits() == y.to_bits())
}

/// Which associations' values a carried-over run must compute again.
enum Dirty {
    /// None: every value is the previous run's.
    Nothing,
    /// Those marked.
    Some(Vec<bool>),
    /// All.
    All,
}

/// `prev`'s shares part carried over to `h` (of the same shape as `ph`, `prev`'s hierarchy):
/// shared when no association's shares or level sum changed, else S computed again below
/// each association whose shares or level sum changed, with the associations whose values
/// may have changed. `None` when the shape differs (or S was not multiplied out per
/// association): then everything is computed again.
fn shares_after(
    prev: &Arc<SharesPart>,
    ph: &Hierarchy,
    h: &Hierarchy,
) -> Option<(Arc<SharesPart>, Dirty)> {
    if !prev.exact || !same_shape(ph, h) {
        return None;
    }
    let n = h.len();
    let changed = |ix: usize| {
        ph.shares_raw[ix] != h.shares_raw[ix] || ph.level_shares[ix] != h.level_shares[ix]
    };
    // Whole-slice comparisons first (a usage edit changes no shares: two `memcmp`s).
    if ph.shares_raw == h.shares_raw && ph.level_shares == h.level_shares {
        return Some((Arc::clone(prev), Dirty::Nothing));
    }
    // S and UE of an association read only its own and its ancestors' shares and level sums.
    let mut dirty = vec![false; n];
    for ix in realtopdown(h) {
        dirty[ix] = changed(ix) || h.parent[ix].is_some_and(|p| dirty[p]);
    }
    let root = h.root;
    let quotients = share_quotients(h);
    let mut part = SharesPart {
        shares_norm: prev.shares_norm.clone(),
        fraction: prev.fraction.clone(),
        topdown: prev.topdown.clone(),
        exact: true,
        plan: OnceLock::new(),
    };
    for &ix in &prev.topdown {
        let ix = ix as usize;
        if !dirty[ix] || ix == root {
            continue;
        }
        part.shares_norm[ix] = if h.is_parent_shares[ix] {
            part.shares_norm[h.fs_parent[ix].unwrap_or(root)]
        } else {
            part.fraction[ix] = fraction(h, ix);
            shares_product(h, &quotients, ix)
        };
    }
    Some((Arc::new(part), Dirty::Some(dirty)))
}

/// The inputs of the effective-usage formula.
struct Values<'a> {
    h: &'a Hierarchy,
    shares_norm: &'a [f64],
    fraction: &'a [LongDouble],
    usage_norm: &'a [LongDouble],
    depth_oblivious: bool,
}

impl Values<'_> {
    /// UE of `ix`, from `usage_effective` of its fairshare parent (computed before it).
    fn usage_effective(
        &self,
        ix: usize,
        ue: &[LongDouble],
        sibling_usage: LongDouble,
    ) -> LongDouble {
        let h = self.h;
        if ix == h.root {
            return LongDouble::one();
        }
        let Some(p) = h.fs_parent[ix] else {
            return LongDouble::ZERO;
        };
        let ua = self.usage_norm[ix];
        if p == h.root {
            ua
        } else if h.is_parent_shares[ix] {
            ue[p]
        } else if self.depth_oblivious {
            self.depth_oblivious(ix, p, ue, sibling_usage).0
        } else if h.level_shares[ix] == 0 {
            ue[p]
        } else {
            ua.add(ue[p].sub(ua).mul(self.fraction[ix]))
        }
    }

    /// How UE of `ix` was obtained, with its terms (the branches of
    /// [`Values::usage_effective`]).
    fn usage_rule(&self, ix: usize, ue: &[LongDouble], sibling_usage: LongDouble) -> UsageRule {
        let h = self.h;
        if ix == h.root {
            return UsageRule::Root;
        }
        let Some(p) = h.fs_parent[ix] else {
            return UsageRule::Root;
        };
        if p == h.root {
            UsageRule::FirstTier
        } else if h.is_parent_shares[ix] {
            UsageRule::CopiedFrom(p)
        } else if self.depth_oblivious {
            self.depth_oblivious(ix, p, ue, sibling_usage).1
        } else if h.level_shares[ix] == 0 {
            UsageRule::ZeroLevelShares
        } else {
            UsageRule::Blend {
                shares: h.shares_raw[ix],
                level_shares: h.level_shares[ix],
                parent_usage_effective: ue[p],
            }
        }
    }

    fn depth_oblivious(
        &self,
        ix: usize,
        p: usize,
        ue: &[LongDouble],
        sibling_usage: LongDouble,
    ) -> (LongDouble, UsageRule) {
        let ua = self.usage_norm[ix];
        let s = self.shares_norm[ix];
        let s_p = self.shares_norm[p];
        let ue_p = ue[p];
        if s == 0.0 || s_p == 0.0 || ue_p.is_zero() || ua.is_zero() {
            return (ua, UsageRule::DepthObliviousFallback);
        }
        let s_ld = LongDouble::from_f64(s);
        let s_p_ld = LongDouble::from_f64(s_p);
        let ratio_p = ue_p.div(s_p_ld);
        let ratio_s = sibling_usage.div(s_p_ld);
        let ratio_l = ua.div(s_ld).div(ratio_s);
        // Slurm takes these logarithms in long double; f64 logarithms differ by far less than
        // the classic tolerance, and only through k, which is a smooth function of them.
        let (lp, ll) = (ratio_p.to_f64().ln(), ratio_l.to_f64().ln());
        let k = if ratio_p.is_zero() || ratio_l.is_zero() || lp * ll >= 0.0 {
            1.0
        } else {
            1.0 / (1.0 + (5.0 * lp).powi(2))
        };
        let powered = ratio_l.to_f64().powf(k);
        let ue = ratio_p.mul(LongDouble::from_f64(powered)).mul(s_ld);
        (
            ue,
            UsageRule::DepthOblivious(DepthOblivious {
                ratio_p,
                sibling_usage,
                ratio_s,
                ratio_l,
                k,
            }),
        )
    }
}

/// Whose UE and S enter `ix`'s F: its own, or its fairshare parent's for FairShare=parent.
fn factor_source(h: &Hierarchy, ix: usize) -> usize {
    if h.is_parent_shares[ix] && ix != h.root {
        h.fs_parent[ix].unwrap_or(ix)
    } else {
        ix
    }
}

/// F = 2^(−UE/S/d) from the UE and S of `ix`'s factor source; 0 when S ≤ 0. `damping` is
/// `None` for d = 1 (x / 1 is x exactly, so the division is skipped).
fn factor(
    h: &Hierarchy,
    ix: usize,
    s: &[f64],
    ue: &[LongDouble],
    damping: Option<LongDouble>,
) -> f64 {
    let source = factor_source(h, ix);
    let s = s[source];
    if s <= 0.0 {
        return 0.0;
    }
    let q = ue[source].div(LongDouble::from_f64(s));
    let q = match damping {
        Some(d) => q.div(d),
        None => q,
    };
    2f64.powf((-q).to_f64())
}

/// UA of every association: usage / root usage, capped at 1 (0 when the root has none).
fn usage_norm(h: &Hierarchy) -> Vec<LongDouble> {
    let root_usage = h.usage_raw[h.root];
    if root_usage.is_zero() {
        return vec![LongDouble::ZERO; h.len()];
    }
    // One divisor for all: its reciprocal is computed once.
    let root_usage = Divisor::new(root_usage);
    h.usage_raw
        .iter()
        .map(|u| u.div_by(root_usage).min_one())
        .collect()
}

/// DEPTH_OBLIVIOUS's Σ UA over each association's fairshare children that are not
/// FairShare=parent, in list order (the same sum for every member of a list).
fn sibling_sums(h: &Hierarchy, ua: &[LongDouble]) -> Vec<LongDouble> {
    (0..h.len())
        .map(|p| {
            h.fs_children_u32(p)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !h.is_parent_shares[c])
                .fold(LongDouble::ZERO, |acc, c| acc.add(ua[c]))
        })
        .collect()
}

/// Runs the classic algorithm.
pub fn run(tree: &AssocTree, params: &Params) -> ClassicRun {
    run_after(None, &Arc::new(Hierarchy::new(tree)), params)
}

/// Runs the classic algorithm on the hierarchy `h` (callers outside the crate use
/// [`crate::Ranked::classic`] and [`crate::Ranked::classic_after`]), carrying over from `prev`
/// (a run of another hierarchy, typically the tree before an edit) what `h` did not change:
///
/// - the same shape (parents, fairshare parents, FairShare=parent) and shares: S is shared;
///   only some shares or level sums changed: S, UE and F are computed again below them;
/// - the same usage: UA is shared (else every UA changes: the root's usage divides them all);
/// - the same parameters and nothing to compute again: UE and F are shared.
///
/// The result is the run from scratch (`prev` = `None`), bit for bit: every value carried over
/// reads only inputs that are equal in both hierarchies.
pub(crate) fn run_after(
    prev: Option<&ClassicRun>,
    h: &Arc<Hierarchy>,
    params: &Params,
) -> ClassicRun {
    let n = h.len();
    let prev = prev.filter(|p| p.len() == n);
    let (shares, mut dirty) = match prev.and_then(|p| shares_after(&p.shares, &p.h, h)) {
        Some(carried) => carried,
        None => (Arc::new(shares_part(h)), Dirty::All),
    };
    let usage_norm = match prev {
        Some(p) if same_usage(&p.h, h) => Arc::clone(&p.usage_norm),
        _ => {
            dirty = Dirty::All;
            Arc::new(usage_norm(h))
        }
    };
    if prev.is_none_or(|p| p.depth_oblivious != params.depth_oblivious) {
        dirty = Dirty::All;
    }
    let sibling_usage = match (params.depth_oblivious, prev, &dirty) {
        (false, _, _) => Arc::new(Vec::new()),
        (true, Some(p), Dirty::Nothing | Dirty::Some(_)) => Arc::clone(&p.sibling_usage),
        (true, _, _) => Arc::new(sibling_sums(h, &usage_norm)),
    };
    let values = Values {
        h,
        shares_norm: &shares.shares_norm,
        fraction: &shares.fraction,
        usage_norm: &usage_norm,
        depth_oblivious: params.depth_oblivious,
    };
    let sum_of = |ix: usize| {
        h.fs_parent[ix]
            .and_then(|p| sibling_usage.get(p).copied())
            .unwrap_or(LongDouble::ZERO)
    };
    let damping = (params.damping_factor != 1)
        .then(|| LongDouble::from_u64(u64::from(params.damping_factor)));
    if matches!(dirty, Dirty::All) && !params.depth_oblivious {
        let steps = shares.plan.get_or_init(|| plan(h, &shares));
        let (ue, fs) = every_value(steps, &shares.fraction, &usage_norm, damping);
        return ClassicRun {
            h: Arc::clone(h),
            shares,
            usage_norm,
            usage_effective: Arc::new(ue),
            fairshare: Arc::new(fs),
            sibling_usage,
            damping_factor: params.damping_factor,
            depth_oblivious: params.depth_oblivious,
            records: OnceLock::new(),
        };
    }
    let usage_effective = match (&dirty, prev) {
        (Dirty::Nothing, Some(p)) => Arc::clone(&p.usage_effective),
        (Dirty::Some(marked), Some(p)) => {
            let mut ue = (*p.usage_effective).clone();
            for &ix in &shares.topdown {
                let ix = ix as usize;
                if marked[ix] {
                    ue[ix] = values.usage_effective(ix, &ue, sum_of(ix));
                }
            }
            Arc::new(ue)
        }
        _ => {
            let mut ue = vec![LongDouble::ZERO; n];
            for &ix in &shares.topdown {
                let ix = ix as usize;
                ue[ix] = values.usage_effective(ix, &ue, sum_of(ix));
            }
            Arc::new(ue)
        }
    };
    let f = |ix: usize| factor(h, ix, &shares.shares_norm, &usage_effective, damping);
    let same_damping = prev.is_some_and(|p| p.damping_factor == params.damping_factor);
    let fairshare = match (&dirty, prev) {
        (Dirty::Nothing, Some(p)) if same_damping => Arc::clone(&p.fairshare),
        (Dirty::Some(marked), Some(p)) if same_damping => {
            let mut fs = (*p.fairshare).clone();
            for (ix, _) in marked
                .iter()
                .enumerate()
                .filter(|&(ix, m)| *m && ix != h.root)
            {
                fs[ix] = f(ix);
            }
            Arc::new(fs)
        }
        _ => Arc::new(
            (0..n)
                .map(|ix| if ix == h.root { 0.0 } else { f(ix) })
                .collect(),
        ),
    };
    ClassicRun {
        h: Arc::clone(h),
        shares,
        usage_norm,
        usage_effective,
        fairshare,
        sibling_usage,
        damping_factor: params.damping_factor,
        depth_oblivious: params.depth_oblivious,
        records: OnceLock::new(),
    }
}
