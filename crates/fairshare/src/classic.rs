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
use std::sync::{Arc, Mutex, OnceLock};

use crate::hierarchy::{EXACT_WORK_LIMIT, Hierarchy};
use crate::ld::{Divisor, LongDouble};
use crate::scenario::Params;
use crate::tree::AssocTree;

mod slices;
pub use slices::ArraysJob;

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
///
/// The arrays are made by their first reader that needs every association
/// ([`ClassicRun::assocs`], [`ClassicRun::compute_all`], the orders), carried over from the
/// last run whose arrays were made. Until then [`ClassicRun::assoc`] and
/// [`ClassicRun::fairshare`] compute the association asked for alone, from its ancestors (the
/// same operations in the same order, so the same bits), which costs O(depth): a view of a
/// few rows of a big tree computes a few rows. An association deeper than [`LAZY_DEPTH`], or
/// any under DEPTH_OBLIVIOUS (whose sibling sums read whole lists), makes the arrays instead,
/// so reading every association one at a time stays O(n).
pub struct ClassicRun {
    /// The hierarchy the run was computed on (usage, shares, fairshare parents).
    h: Arc<Hierarchy>,
    damping_factor: u16,
    depth_oblivious: bool,
    /// Whether S is multiplied out per association ([`SharesPart::exact`]; the shape decides).
    exact: bool,
    /// UA's divisor, the root's usage (`None` when it is 0: every UA is 0).
    root_usage: Option<Divisor>,
    /// What the arrays are carried over from, until they are made.
    source: Mutex<Option<Source>>,
    /// Every association's values, made by the first reader of all of them.
    arrays: OnceLock<Arrays>,
    /// Every association's record, made on the first [`ClassicRun::assocs`].
    records: OnceLock<Vec<ClassicAssoc>>,
}

/// How deep (ancestors up to the root) an association may be for [`ClassicRun::assoc`] to
/// compute it alone, before the arrays are made.
pub const LAZY_DEPTH: usize = 64;

/// Every association's values.
#[derive(Clone)]
struct Arrays {
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
}

/// A run's arrays with what they were computed from: what a later run carries over.
#[derive(Clone)]
struct Source {
    h: Arc<Hierarchy>,
    arrays: Arrays,
    damping_factor: u16,
    depth_oblivious: bool,
}

impl Clone for ClassicRun {
    /// O(1): the arrays are shared (the records, if made, are not copied).
    fn clone(&self) -> ClassicRun {
        ClassicRun {
            h: Arc::clone(&self.h),
            damping_factor: self.damping_factor,
            depth_oblivious: self.depth_oblivious,
            exact: self.exact,
            root_usage: self.root_usage,
            source: Mutex::new(self.pending_source()),
            arrays: self.arrays.clone(),
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
        self.h.len()
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
            let a = self.arrays();
            (0..self.len()).map(|ix| self.record_held(a, ix)).collect()
        })
    }

    /// Computes every association's values now (O(n)), if not done yet: for a reader of many
    /// associations ([`ClassicRun::assoc`] then reads them instead of computing each alone).
    pub fn compute_all(&self) {
        self.arrays();
    }

    /// The classic values of association `ix` with the terms of its formulas (`None` outside
    /// the tree). O(1) once the values are computed ([`ClassicRun::compute_all`]), else
    /// O(depth of `ix`).
    pub fn assoc(&self, ix: usize) -> Option<ClassicAssoc> {
        if ix >= self.len() {
            return None;
        }
        Some(match self.held_or_shallow(ix) {
            Some(a) => self.record_held(a, ix),
            None => self.record_alone(ix),
        })
    }

    /// F of association `ix`; `None` for the root and outside the tree. O(1) once the values
    /// are computed, else O(depth of `ix`).
    pub fn fairshare(&self, ix: usize) -> Option<f64> {
        if ix >= self.len() || ix == self.h.root {
            return None;
        }
        Some(match self.held_or_shallow(ix) {
            Some(a) => a.fairshare[ix],
            None => self.alone().fairshare(ix),
        })
    }

    /// F of every association, indexed like [`AssocTree::assocs`] (the root's is 0: it has
    /// none, [`ClassicRun::fairshare`]).
    pub(crate) fn factors(&self) -> &[f64] {
        &self.arrays().fairshare
    }

    /// The damping factor d used.
    pub fn damping_factor(&self) -> u16 {
        self.damping_factor
    }

    /// Whether DEPTH_OBLIVIOUS was used.
    pub fn depth_oblivious(&self) -> bool {
        self.depth_oblivious
    }

    /// The arrays, made on the first call (carried over from the run's source).
    fn arrays(&self) -> &Arrays {
        self.arrays.get_or_init(|| {
            let source = match self.source.lock() {
                Ok(mut s) => s.take(),
                Err(poisoned) => poisoned.into_inner().take(),
            };
            arrays_after(
                source.as_ref(),
                &self.h,
                self.damping_factor,
                self.depth_oblivious,
                self.exact,
            )
        })
    }

    /// The source the arrays will be carried over from (while they are not made).
    fn pending_source(&self) -> Option<Source> {
        match self.source.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// What a run carried over from this one carries over: these arrays if made, else what
    /// they would have been carried over from.
    fn source_for_next(&self) -> Option<Source> {
        match self.arrays.get() {
            Some(arrays) => Some(Source {
                h: Arc::clone(&self.h),
                arrays: arrays.clone(),
                damping_factor: self.damping_factor,
                depth_oblivious: self.depth_oblivious,
            }),
            None => self.pending_source(),
        }
    }

    /// The arrays if made, else `None` when `ix` can be computed alone (not DEPTH_OBLIVIOUS,
    /// at most [`LAZY_DEPTH`] deep); otherwise they are made now.
    fn held_or_shallow(&self, ix: usize) -> Option<&Arrays> {
        if let Some(a) = self.arrays.get() {
            return Some(a);
        }
        if !self.depth_oblivious && self.depth_within(ix, LAZY_DEPTH) {
            return None;
        }
        Some(self.arrays())
    }

    /// Whether `ix` has at most `limit` ancestors.
    fn depth_within(&self, ix: usize, limit: usize) -> bool {
        let parent = &self.h.parent[..];
        let mut cur = ix;
        for _ in 0..=limit {
            match parent[cur] {
                Some(p) => cur = p,
                None => return true,
            }
        }
        false
    }

    /// The effective-usage formula over this run's arrays `a`.
    fn held_values<'a>(&'a self, a: &'a Arrays) -> Values<'a, Held<'a>> {
        Values {
            h: &self.h,
            inputs: Held::of(&a.shares, &a.usage_norm),
            depth_oblivious: self.depth_oblivious,
        }
    }

    /// The DEPTH_OBLIVIOUS sibling sum `ix`'s formula reads (its fairshare parent's).
    fn sibling_usage_of(&self, a: &Arrays, ix: usize) -> LongDouble {
        self.h.fs_parent[ix]
            .and_then(|p| a.sibling_usage.get(p).copied())
            .unwrap_or(LongDouble::ZERO)
    }

    /// The record of `ix` read from the arrays.
    fn record_held(&self, a: &Arrays, ix: usize) -> ClassicAssoc {
        let h = &*self.h;
        let values = self.held_values(a);
        let ue_p = h.fs_parent[ix].map_or(LongDouble::ZERO, |p| a.usage_effective[p]);
        self.record(
            ix,
            a.shares.shares_norm[ix],
            a.usage_norm[ix],
            a.usage_effective[ix],
            a.fairshare[ix],
            values.usage_rule(ix, ue_p, self.sibling_usage_of(a, ix)),
        )
    }

    /// The record of `ix` computed alone (not DEPTH_OBLIVIOUS).
    fn record_alone(&self, ix: usize) -> ClassicAssoc {
        let alone = self.alone();
        let h = &*self.h;
        let ue_p = h.fs_parent[ix].map_or(LongDouble::ZERO, |p| alone.usage_effective(p));
        let values = Values {
            h,
            inputs: &alone,
            depth_oblivious: false,
        };
        let fairshare = if ix == h.root {
            0.0
        } else {
            alone.fairshare(ix)
        };
        self.record(
            ix,
            alone.shares_norm(ix),
            alone.usage_norm(ix),
            alone.usage_effective(ix),
            fairshare,
            values.usage_rule(ix, ue_p, LongDouble::ZERO),
        )
    }

    fn record(
        &self,
        ix: usize,
        shares_norm: f64,
        usage_norm: LongDouble,
        usage_effective: LongDouble,
        fairshare: f64,
        usage_rule: UsageRule,
    ) -> ClassicAssoc {
        let h = &*self.h;
        let root = h.root;
        let shares_rule = if ix == root {
            SharesRule::Root
        } else if h.is_parent_shares[ix] {
            SharesRule::CopiedFrom(h.fs_parent[ix].unwrap_or(root))
        } else {
            SharesRule::Product
        };
        ClassicAssoc {
            shares_norm,
            usage_raw: h.usage_raw[ix],
            usage_norm: (ix != root).then_some(usage_norm),
            usage_effective,
            fairshare: (ix != root).then_some(fairshare),
            shares_rule,
            usage_rule,
            factor_source: factor_source(h, ix),
        }
    }

    /// The values of single associations, computed from their ancestors.
    fn alone(&self) -> Alone<'_> {
        Alone { run: self }
    }
}

/// What a carried-over run shares with the run it was carried over from (the tests of
/// [`crate::Ranked::classic_after`] check that it did carry over).
#[cfg(any(test, feature = "testing"))]
impl ClassicRun {
    /// Whether S is `other`'s very array (kept, not computed again). Makes both runs' arrays.
    pub fn shares_shared_with(&self, other: &ClassicRun) -> bool {
        Arc::ptr_eq(&self.arrays().shares, &other.arrays().shares)
    }

    /// Whether every association's values are computed (not only those read one at a time).
    pub fn is_computed(&self) -> bool {
        self.arrays.get().is_some()
    }

    /// UE and F of every association, as the run holds them.
    pub fn values_held(&self) -> (Vec<LongDouble>, Vec<f64>) {
        let a = self.arrays();
        ((*a.usage_effective).clone(), (*a.fairshare).clone())
    }

    /// UE and F of every association computed again one association at a time by the
    /// per-association formulas ([`Values::usage_effective`] and [`factor`], the branches the
    /// records explain) from this run's S and UA: what the one pass over the [`plan`] that a
    /// usage edit makes must equal bit for bit.
    pub fn values_by_formula(&self) -> (Vec<LongDouble>, Vec<f64>) {
        let h = &*self.h;
        let a = self.arrays();
        let values = self.held_values(a);
        let mut ue = vec![LongDouble::ZERO; self.len()];
        for &ix in &a.shares.topdown {
            let ix = ix as usize;
            let ue_p = h.fs_parent[ix].map_or(LongDouble::ZERO, |p| ue[p]);
            ue[ix] = values.usage_effective(ix, ue_p, self.sibling_usage_of(a, ix));
        }
        let damping = damping_divisor(self.damping_factor);
        let fs = (0..self.len())
            .map(|ix| {
                if ix == h.root {
                    0.0
                } else {
                    factor(h, ix, &a.shares.shares_norm, &ue, damping)
                }
            })
            .collect();
        (ue, fs)
    }

    /// Whether S, UA, UE and F are all `other`'s very arrays. Makes both runs' arrays.
    pub fn values_shared_with(&self, other: &ClassicRun) -> bool {
        let (a, b) = (self.arrays(), other.arrays());
        Arc::ptr_eq(&a.shares, &b.shares)
            && Arc::ptr_eq(&a.usage_norm, &b.usage_norm)
            && Arc::ptr_eq(&a.usage_effective, &b.usage_effective)
            && Arc::ptr_eq(&a.fairshare, &b.fairshare)
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
    shares
        .topdown
        .iter()
        .map(|&ix| plan_step(h, &shares.shares_norm, ix))
        .collect()
}

/// The [`plan`]'s step of association `ix32`, from every association's S.
fn plan_step(h: &Hierarchy, shares_norm: &[f64], ix32: u32) -> Step {
    let root = h.root;
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
    let s = shares_norm[source];
    let factor_zero = s <= 0.0;
    let factor_copied = source != ix && source != root && factor_source(h, source) == source;
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
    every_value_of(
        steps,
        fraction,
        usage_norm,
        damping,
        &mut ue_held,
        &mut fs_held,
    );
    (ue_held, fs_held)
}

/// [`every_value`] of the associations of `steps` (a part of the plan, after the parts before
/// it), written into `ue` and `fs` (every association's, the earlier parts' written).
fn every_value_of(
    steps: &[Step],
    fraction: &[LongDouble],
    usage_norm: &[LongDouble],
    damping: Option<LongDouble>,
    ue: &mut [LongDouble],
    fs: &mut [f64],
) {
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
    (0..h.len()).map(|ix| share_quotient(h, ix)).collect()
}

/// One element of [`share_quotients`].
fn share_quotient(h: &Hierarchy, ix: usize) -> f64 {
    let level = h.level_shares[ix];
    if ix == h.root || h.is_parent_shares[ix] {
        1.0
    } else if level == 0 {
        f64::NAN
    } else {
        f64::from(h.shares_raw[ix]) / f64::from(level)
    }
}

/// S of a non-FairShare=parent association: Π s_Y / L_Y from `ix` up to the root, multiplied
/// in that order as Slurm does (0 once a level sum is 0): [`ShareFactors`]' product, read from
/// [`share_quotients`] (`q`, or [`share_quotient`] computed on the way).
fn shares_product(h: &Hierarchy, q: impl Fn(usize) -> f64, ix: usize) -> f64 {
    let (parent, root) = (&h.parent[..], h.root);
    let mut s = 1.0f64;
    let mut cur = ix;
    while cur != root {
        let f = q(cur);
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

/// s / L of `ix` as a double in the product beyond [`EXACT_WORK_LIMIT`] (`None` where L = 0).
fn chain_factor(h: &Hierarchy, ix: usize) -> Option<f64> {
    let level = h.level_shares[ix];
    (level != 0).then(|| f64::from(h.shares_raw[ix]) / f64::from(level))
}

/// Whether [`shares_part`] multiplies S out per association (its `exact`): the factor chains
/// of every association that is neither the root nor FairShare=parent cost at most
/// [`EXACT_WORK_LIMIT`] in all. The shape alone decides. O(1) when n × the greatest depth is
/// within the limit (an association's chain is at most its depth long), as in every tree but
/// the deep ones; else O(n) (what a run's first reader of S used to wait for at 100k).
fn shares_exact(h: &Hierarchy) -> bool {
    let (n, root) = (h.len(), h.root);
    if (n as u64).saturating_mul(u64::from(h.max_depth())) <= EXACT_WORK_LIMIT {
        return true;
    }
    let mut chain_held = vec![0u64; n];
    let chain = &mut chain_held[..];
    let mut cost = 0u64;
    for &ix in h.topdown() {
        if let Some(p) = h.parent[ix]
            && p != root
        {
            chain[ix] = chain[p];
        }
        if ix != root && !h.is_parent_shares[ix] {
            chain[ix] += 1;
            cost += chain[ix];
        }
    }
    cost <= EXACT_WORK_LIMIT
}

/// S of `ix` beyond [`EXACT_WORK_LIMIT`]: [`shares_part`]'s `chain_product`, s/L of `ix` times
/// that of its real parent below the root (FairShare=parent associations add no factor),
/// multiplied in the same order.
fn chain_product(h: &Hierarchy, ix: usize) -> f64 {
    let root = h.root;
    let mut path = Vec::new();
    let mut cur = ix;
    while cur != root {
        path.push(cur);
        match h.parent[cur] {
            Some(p) => cur = p,
            None => break,
        }
    }
    let mut product = 1.0f64;
    for &y in path.iter().rev() {
        if !h.is_parent_shares[y] {
            product = match chain_factor(h, y) {
                None => 0.0,
                Some(f) => f * product,
            };
        }
    }
    product
}

/// S of every association, from scratch.
fn shares_part(h: &Hierarchy, exact: bool) -> SharesPart {
    let mut part = SharesStart::new(h, exact);
    part.shares_of(h, 0..part.topdown.len());
    part.finish()
}

/// [`shares_part`] begun: what its pass over the associations reads, and S and s/L of the
/// associations it passed.
struct SharesStart {
    topdown: Vec<u32>,
    exact: bool,
    /// Each association's s/L as a double (`exact`), [`share_quotients`].
    quotients: Vec<f64>,
    /// Each association's S beyond [`EXACT_WORK_LIMIT`] (not `exact`).
    chain_product: Vec<f64>,
    shares_norm: Vec<f64>,
    fraction: Vec<LongDouble>,
}

impl SharesStart {
    /// Everything before the pass over the associations (O(n)).
    fn new(h: &Hierarchy, exact: bool) -> SharesStart {
        let n = h.len();
        let root = h.root;
        let topdown = fs_topdown(h);
        // S = Π s_Y / L_Y from X up to the root, multiplied in that order as Slurm does. Each
        // association's product starts from its own factor, so no partial product can be shared;
        // followed to the bit it costs one multiplication per ancestor, done while the whole tree
        // costs at most EXACT_WORK_LIMIT (`exact`, [`shares_exact`]); beyond it
        // S = s_X/L_X · (the parent's product).
        // Slices, not `Vec`s: at opt-level z (the WebAssembly) a `Vec` index is a call.
        let mut chain_product_held = if exact { Vec::new() } else { vec![1.0f64; n] };
        if !exact {
            let chain_product = &mut chain_product_held[..];
            for &ix in h.topdown() {
                if let Some(p) = h.parent[ix]
                    && p != root
                {
                    chain_product[ix] = chain_product[p];
                }
                if ix != root && !h.is_parent_shares[ix] {
                    chain_product[ix] = match chain_factor(h, ix) {
                        None => 0.0,
                        Some(f) => f * chain_product[ix],
                    };
                }
            }
        }
        let quotients = if exact {
            share_quotients(h)
        } else {
            Vec::new()
        };
        SharesStart {
            topdown,
            exact,
            quotients,
            chain_product: chain_product_held,
            shares_norm: vec![0.0f64; n],
            fraction: vec![LongDouble::ZERO; n],
        }
    }

    /// S and s/L of the associations at `at` of the fairshare tree's top-down order (after
    /// those before them).
    fn shares_of(&mut self, h: &Hierarchy, at: std::ops::Range<usize>) {
        let root = h.root;
        let (exact, quotients, chain_product) =
            (self.exact, &self.quotients[..], &self.chain_product[..]);
        let (shares_norm, fractions) = (&mut self.shares_norm[..], &mut self.fraction[..]);
        for &ix in &self.topdown[at] {
            let ix = ix as usize;
            shares_norm[ix] = if ix == root {
                1.0
            } else if h.is_parent_shares[ix] {
                shares_norm[h.fs_parent[ix].unwrap_or(root)]
            } else {
                fractions[ix] = fraction(h, ix);
                if exact {
                    shares_product(h, |i| quotients[i], ix)
                } else {
                    chain_product[ix]
                }
            };
        }
    }

    /// The shares part, once every association is passed.
    fn finish(self) -> SharesPart {
        SharesPart {
            shares_norm: self.shares_norm,
            fraction: self.fraction,
            topdown: self.topdown,
            exact: self.exact,
            plan: OnceLock::new(),
        }
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
    for &ix in h.topdown() {
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
            shares_product(h, |i| quotients[i], ix)
        };
    }
    Some((Arc::new(part), Dirty::Some(dirty)))
}

/// S, s/L and UA of an association: what the effective-usage formula reads besides UE_P.
trait Inputs {
    /// S.
    fn shares_norm(&self, ix: usize) -> f64;
    /// s / L in 80 bits (read only where the blend applies).
    fn fraction(&self, ix: usize) -> LongDouble;
    /// UA.
    fn usage_norm(&self, ix: usize) -> LongDouble;
}

/// The inputs read from a run's arrays.
struct Held<'a> {
    shares_norm: &'a [f64],
    fraction: &'a [LongDouble],
    usage_norm: &'a [LongDouble],
}

impl<'a> Held<'a> {
    /// The inputs of S's part and these UA.
    fn of(shares: &'a SharesPart, usage_norm: &'a [LongDouble]) -> Self {
        Held {
            shares_norm: &shares.shares_norm,
            fraction: &shares.fraction,
            usage_norm,
        }
    }
}

impl Inputs for Held<'_> {
    fn shares_norm(&self, ix: usize) -> f64 {
        self.shares_norm[ix]
    }
    fn fraction(&self, ix: usize) -> LongDouble {
        self.fraction[ix]
    }
    fn usage_norm(&self, ix: usize) -> LongDouble {
        self.usage_norm[ix]
    }
}

/// The values of single associations of a run whose arrays are not made, each computed from
/// its ancestors by the operations of [`shares_part`], [`usage_norm`], [`every_value`] and
/// [`factor`] (without DEPTH_OBLIVIOUS), so bit for bit what the arrays would hold. O(depth).
struct Alone<'a> {
    run: &'a ClassicRun,
}

impl Alone<'_> {
    /// UE of `ix`: the effective-usage formula from the first tier down to `ix`.
    fn usage_effective(&self, ix: usize) -> LongDouble {
        let h = &*self.run.h;
        let mut path = Vec::new();
        let mut cur = ix;
        loop {
            path.push(cur);
            match h.fs_parent[cur] {
                Some(p) if cur != h.root => cur = p,
                _ => break,
            }
        }
        let values = Values {
            h,
            inputs: self,
            depth_oblivious: false,
        };
        let mut ue = LongDouble::ZERO;
        for &y in path.iter().rev() {
            ue = values.usage_effective(y, ue, LongDouble::ZERO);
        }
        ue
    }

    /// F of `ix` (not the root).
    fn fairshare(&self, ix: usize) -> f64 {
        let source = factor_source(&self.run.h, ix);
        factor_of(
            self.shares_norm(source),
            self.usage_effective(source),
            damping_divisor(self.run.damping_factor),
        )
    }
}

impl Inputs for &Alone<'_> {
    fn shares_norm(&self, ix: usize) -> f64 {
        Alone::shares_norm(self, ix)
    }
    fn fraction(&self, ix: usize) -> LongDouble {
        fraction(&self.run.h, ix)
    }
    fn usage_norm(&self, ix: usize) -> LongDouble {
        Alone::usage_norm(self, ix)
    }
}

impl Alone<'_> {
    /// S of `ix`: 1 for the root, its fairshare parent's for FairShare=parent, else the
    /// product of its factors.
    fn shares_norm(&self, ix: usize) -> f64 {
        let h = &*self.run.h;
        let mut ix = ix;
        loop {
            if ix == h.root {
                return 1.0;
            }
            if !h.is_parent_shares[ix] {
                break;
            }
            ix = h.fs_parent[ix].unwrap_or(h.root);
        }
        if self.run.exact {
            shares_product(h, |y| share_quotient(h, y), ix)
        } else {
            chain_product(h, ix)
        }
    }

    /// UA of `ix`.
    fn usage_norm(&self, ix: usize) -> LongDouble {
        match self.run.root_usage {
            Some(root) => self.run.h.usage_raw[ix].div_by(root).min_one(),
            None => LongDouble::ZERO,
        }
    }
}

/// The inputs of the effective-usage formula.
struct Values<'a, I: Inputs> {
    h: &'a Hierarchy,
    inputs: I,
    depth_oblivious: bool,
}

impl<I: Inputs> Values<'_, I> {
    /// UE of `ix`, from `ue_p`, the UE of its fairshare parent (computed before it; read only
    /// where the formula reads it).
    fn usage_effective(
        &self,
        ix: usize,
        ue_p: LongDouble,
        sibling_usage: LongDouble,
    ) -> LongDouble {
        let h = self.h;
        if ix == h.root {
            return LongDouble::one();
        }
        let Some(p) = h.fs_parent[ix] else {
            return LongDouble::ZERO;
        };
        if p == h.root {
            self.inputs.usage_norm(ix)
        } else if h.is_parent_shares[ix] {
            ue_p
        } else if self.depth_oblivious {
            self.depth_oblivious(ix, p, ue_p, sibling_usage).0
        } else if h.level_shares[ix] == 0 {
            ue_p
        } else {
            let ua = self.inputs.usage_norm(ix);
            ua.add(ue_p.sub(ua).mul(self.inputs.fraction(ix)))
        }
    }

    /// How UE of `ix` was obtained, with its terms (the branches of
    /// [`Values::usage_effective`]).
    fn usage_rule(&self, ix: usize, ue_p: LongDouble, sibling_usage: LongDouble) -> UsageRule {
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
            self.depth_oblivious(ix, p, ue_p, sibling_usage).1
        } else if h.level_shares[ix] == 0 {
            UsageRule::ZeroLevelShares
        } else {
            UsageRule::Blend {
                shares: h.shares_raw[ix],
                level_shares: h.level_shares[ix],
                parent_usage_effective: ue_p,
            }
        }
    }

    fn depth_oblivious(
        &self,
        ix: usize,
        p: usize,
        ue_p: LongDouble,
        sibling_usage: LongDouble,
    ) -> (LongDouble, UsageRule) {
        let ua = self.inputs.usage_norm(ix);
        let s = self.inputs.shares_norm(ix);
        let s_p = self.inputs.shares_norm(p);
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
    factor_of(s[source], ue[source], damping)
}

/// F = 2^(−UE/S/d) from S and UE of the factor source ([`factor`]).
fn factor_of(s: f64, ue: LongDouble, damping: Option<LongDouble>) -> f64 {
    if s <= 0.0 {
        return 0.0;
    }
    let q = ue.div(LongDouble::from_f64(s));
    let q = match damping {
        Some(d) => q.div(d),
        None => q,
    };
    2f64.powf((-q).to_f64())
}

/// d as [`factor`] divides by it: `None` for d = 1 (x / 1 is x exactly).
fn damping_divisor(damping_factor: u16) -> Option<LongDouble> {
    (damping_factor != 1).then(|| LongDouble::from_u64(u64::from(damping_factor)))
}

/// UA of every association: usage / root usage, capped at 1 (0 when the root has none).
fn usage_norm(h: &Hierarchy) -> Vec<LongDouble> {
    let root_usage = h.usage_raw[h.root];
    if root_usage.is_zero() {
        return vec![LongDouble::ZERO; h.len()];
    }
    // One divisor for all: its reciprocal is computed once.
    let root_usage = Divisor::new(root_usage);
    h.usage_raw.iter().map(|&u| ua_of(u, root_usage)).collect()
}

/// UA of a usage `u`: `u` / the root's usage, at most 1.
fn ua_of(u: LongDouble, root_usage: Divisor) -> LongDouble {
    u.div_by(root_usage).min_one()
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
/// (a run of another hierarchy, typically the tree before an edit) what `h` did not change.
///
/// O(n) at most, and less: the values are computed when read ([`ClassicRun`]): one association
/// alone from its ancestors, or every association at once ([`arrays_after`]) from the arrays
/// of `prev` (or of the run `prev` would have carried over from, if `prev`'s were never made).
/// The result is the run from scratch (`prev` = `None`), bit for bit.
pub(crate) fn run_after(
    prev: Option<&ClassicRun>,
    h: &Arc<Hierarchy>,
    params: &Params,
) -> ClassicRun {
    let source = prev
        .filter(|p| p.len() == h.len())
        .and_then(ClassicRun::source_for_next);
    // Whether S is multiplied out per association depends on the shape alone.
    let exact = match &source {
        Some(s) if same_shape(&s.h, h) => s.arrays.shares.exact,
        _ => shares_exact(h),
    };
    let root_usage = h.usage_raw[h.root];
    ClassicRun {
        h: Arc::clone(h),
        damping_factor: params.damping_factor,
        depth_oblivious: params.depth_oblivious,
        exact,
        root_usage: (!root_usage.is_zero()).then(|| Divisor::new(root_usage)),
        source: Mutex::new(source),
        arrays: OnceLock::new(),
        records: OnceLock::new(),
    }
}

/// Every association's values on the hierarchy `h`, carrying over from `prev` (the arrays of a
/// run of another hierarchy, with it) what `h` did not change:
///
/// - the same shape (parents, fairshare parents, FairShare=parent) and shares: S is shared;
///   only some shares or level sums changed: S, UE and F are computed again below them;
/// - the same usage: UA is shared (else every UA changes: the root's usage divides them all);
/// - the same parameters and nothing to compute again: UE and F are shared.
///
/// The result is the arrays from scratch (`prev` = `None`), bit for bit: every value carried
/// over reads only inputs that are equal in both hierarchies.
fn arrays_after(
    prev: Option<&Source>,
    h: &Arc<Hierarchy>,
    damping_factor: u16,
    depth_oblivious: bool,
    exact: bool,
) -> Arrays {
    let n = h.len();
    let prev = prev.filter(|p| p.h.len() == n);
    let (shares, mut dirty) = match prev.and_then(|p| shares_after(&p.arrays.shares, &p.h, h)) {
        Some(carried) => carried,
        None => (Arc::new(shares_part(h, exact)), Dirty::All),
    };
    let usage_norm = match prev {
        Some(p) if same_usage(&p.h, h) => Arc::clone(&p.arrays.usage_norm),
        _ => {
            dirty = Dirty::All;
            Arc::new(usage_norm(h))
        }
    };
    if prev.is_none_or(|p| p.depth_oblivious != depth_oblivious) {
        dirty = Dirty::All;
    }
    let sibling_usage = match (depth_oblivious, prev, &dirty) {
        (false, _, _) => Arc::new(Vec::new()),
        (true, Some(p), Dirty::Nothing | Dirty::Some(_)) => Arc::clone(&p.arrays.sibling_usage),
        (true, _, _) => Arc::new(sibling_sums(h, &usage_norm)),
    };
    let values = Values {
        h,
        inputs: Held::of(&shares, &usage_norm),
        depth_oblivious,
    };
    let sum_of = |ix: usize| {
        h.fs_parent[ix]
            .and_then(|p| sibling_usage.get(p).copied())
            .unwrap_or(LongDouble::ZERO)
    };
    let damping = damping_divisor(damping_factor);
    if matches!(dirty, Dirty::All) && !depth_oblivious {
        let steps = shares.plan.get_or_init(|| plan(h, &shares));
        let (ue, fs) = every_value(steps, &shares.fraction, &usage_norm, damping);
        return Arrays {
            shares,
            usage_norm,
            usage_effective: Arc::new(ue),
            fairshare: Arc::new(fs),
            sibling_usage,
        };
    }
    let parent_ue =
        |ue: &[LongDouble], ix: usize| h.fs_parent[ix].map_or(LongDouble::ZERO, |p| ue[p]);
    let usage_effective = match (&dirty, prev) {
        (Dirty::Nothing, Some(p)) => Arc::clone(&p.arrays.usage_effective),
        (Dirty::Some(marked), Some(p)) => {
            let mut ue = (*p.arrays.usage_effective).clone();
            for &ix in &shares.topdown {
                let ix = ix as usize;
                if marked[ix] {
                    ue[ix] = values.usage_effective(ix, parent_ue(&ue, ix), sum_of(ix));
                }
            }
            Arc::new(ue)
        }
        _ => {
            let mut ue = vec![LongDouble::ZERO; n];
            for &ix in &shares.topdown {
                let ix = ix as usize;
                ue[ix] = values.usage_effective(ix, parent_ue(&ue, ix), sum_of(ix));
            }
            Arc::new(ue)
        }
    };
    let f = |ix: usize| factor(h, ix, &shares.shares_norm, &usage_effective, damping);
    let same_damping = prev.is_some_and(|p| p.damping_factor == damping_factor);
    let fairshare = match (&dirty, prev) {
        (Dirty::Nothing, Some(p)) if same_damping => Arc::clone(&p.arrays.fairshare),
        (Dirty::Some(marked), Some(p)) if same_damping => {
            let mut fs = (*p.arrays.fairshare).clone();
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
    Arrays {
        shares,
        usage_norm,
        usage_effective,
        fairshare,
        sibling_usage,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every association's record and F read one at a time from a run whose arrays are not
    /// made, then the records of the arrays (made after).
    fn alone_then_held(run: &ClassicRun) -> (Vec<ClassicAssoc>, Vec<Option<f64>>) {
        let alone: Vec<ClassicAssoc> = (0..run.len()).filter_map(|ix| run.assoc(ix)).collect();
        let fs = (0..run.len()).map(|ix| run.fairshare(ix)).collect();
        assert!(!run.is_computed(), "read one at a time, not made whole");
        (alone, fs)
    }

    /// Records compared by their bits (80-bit values and doubles, `==` would let −0 be +0).
    fn bits(records: &[ClassicAssoc]) -> Vec<String> {
        records
            .iter()
            .map(|a| {
                format!(
                    "{:x} {:x} {:?} {:x} {:?} {:?} {:?} {}",
                    a.shares_norm.to_bits(),
                    a.usage_raw.to_bits(),
                    a.usage_norm.map(LongDouble::to_bits),
                    a.usage_effective.to_bits(),
                    a.fairshare.map(f64::to_bits),
                    a.shares_rule,
                    a.usage_rule,
                    a.factor_source,
                )
            })
            .collect()
    }

    /// S beyond `EXACT_WORK_LIMIT` (each association's s/L times its parent's product, which
    /// only trees of millions of associations reach): an association read alone is the arrays'
    /// value, bit for bit, on generated trees with the product forced to that rule.
    #[test]
    fn the_product_beyond_the_exact_limit_read_alone_is_the_arrays() {
        for (n, seed) in [(300, 1), (2_000, 7)] {
            let tree = crate::r#gen::tree(n, seed);
            let h = Arc::new(Hierarchy::new(&tree));
            for damping_factor in [1, 3] {
                let params = Params {
                    damping_factor,
                    depth_oblivious: false,
                };
                let mut run = run_after(None, &h, &params);
                assert!(run.exact, "a small tree is multiplied out");
                run.exact = false;
                let (alone, fs) = alone_then_held(&run);
                assert_eq!(bits(&alone), bits(run.assocs()));
                let held: Vec<Option<f64>> = run.assocs().iter().map(|a| a.fairshare).collect();
                assert_eq!(
                    fs.iter().map(|f| f.map(f64::to_bits)).collect::<Vec<_>>(),
                    held.iter().map(|f| f.map(f64::to_bits)).collect::<Vec<_>>()
                );
            }
        }
    }

    /// An association deeper than `LAZY_DEPTH` is not computed alone (O(depth) each would make
    /// reading every association of a chain quadratic): the arrays are made instead.
    #[test]
    fn a_deep_association_makes_the_arrays() {
        let mut assocs = vec![crate::testing::root()];
        for i in 0..(LAZY_DEPTH as u32 + 4) {
            let parent = assocs.last().expect("a parent").clone();
            assocs.push(crate::testing::account_of(
                i + 2,
                &parent,
                &format!("a{i}"),
                crate::Shares::Value(1),
            ));
        }
        let tree = AssocTree::new(assocs).expect("a valid chain");
        let h = Arc::new(Hierarchy::new(&tree));
        let run = run_after(None, &h, &Params::default());
        assert!(run.assoc(3).is_some());
        assert!(
            !run.is_computed(),
            "a shallow association is computed alone"
        );
        assert!(run.fairshare(tree.len() - 1).is_some());
        assert!(run.is_computed(), "the deepest made the arrays");
    }
}
