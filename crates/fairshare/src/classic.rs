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

use crate::hierarchy::{EXACT_WORK_LIMIT, Hierarchy};
use crate::ld::LongDouble;
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
#[derive(Clone, Debug, PartialEq)]
pub struct ClassicRun {
    pub(crate) assocs: Vec<ClassicAssoc>,
    pub(crate) damping_factor: u16,
    pub(crate) depth_oblivious: bool,
}

impl ClassicRun {
    /// The classic values of every association, indexed like [`AssocTree::assocs`].
    pub fn assocs(&self) -> &[ClassicAssoc] {
        &self.assocs
    }

    /// The damping factor d used.
    pub fn damping_factor(&self) -> u16 {
        self.damping_factor
    }

    /// Whether DEPTH_OBLIVIOUS was used.
    pub fn depth_oblivious(&self) -> bool {
        self.depth_oblivious
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

/// Runs the classic algorithm.
pub fn run(tree: &AssocTree, params: &Params) -> ClassicRun {
    run_with(tree, &Hierarchy::new(tree), params)
}

/// Runs the classic algorithm on `tree`'s hierarchy `h` (callers outside the crate use
/// [`crate::Ranked::classic`], which builds `h` from `tree`).
pub(crate) fn run_with(tree: &AssocTree, h: &Hierarchy, params: &Params) -> ClassicRun {
    let _ = tree;
    let n = h.len();
    let root = h.root;
    let one = LongDouble::one();
    let root_usage = h.usage_raw[root];

    // Top-down over the fairshare tree, so every fairshare parent is done before its children.
    let mut topdown = Vec::with_capacity(n);
    let mut stack = vec![root];
    while let Some(ix) = stack.pop() {
        topdown.push(ix);
        stack.extend(h.fs_children(ix).rev());
    }

    let usage_norm: Vec<LongDouble> = (0..n)
        .map(|ix| {
            if root_usage.is_zero() {
                return LongDouble::ZERO;
            }
            let v = h.usage_raw[ix].div(root_usage);
            if v > one { one } else { v }
        })
        .collect();

    // S = Π s_Y / L_Y from X up to the root, multiplied in that order as Slurm does. Each
    // association's product starts from its own factor, so no partial product can be shared;
    // followed to the bit it costs one multiplication per ancestor, done while the whole tree
    // costs at most EXACT_WORK_LIMIT; beyond it S = s_X/L_X · (the parent's product).
    let factor = |ix: usize| -> Option<f64> {
        let level = h.level_shares[ix];
        (level != 0).then(|| f64::from(h.shares_raw[ix]) / f64::from(level))
    };
    let mut chain = vec![0u64; n];
    let mut chain_product = vec![1.0f64; n];
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
    let mut shares_norm = vec![0.0f64; n];
    let mut shares_rule: Vec<SharesRule> = vec![SharesRule::Root; n];
    for &ix in &topdown {
        if ix == root {
            shares_norm[ix] = 1.0;
            continue;
        }
        if h.is_parent_shares[ix] {
            let p = h.fs_parent[ix].unwrap_or(root);
            shares_norm[ix] = shares_norm[p];
            shares_rule[ix] = SharesRule::CopiedFrom(p);
            continue;
        }
        shares_norm[ix] = if exact {
            let mut s = 1.0f64;
            for f in ShareFactors::new(h, ix) {
                if f.level_shares == 0 {
                    s = 0.0;
                } else if s != 0.0 {
                    s *= f64::from(f.shares) / f64::from(f.level_shares);
                }
            }
            s
        } else {
            chain_product[ix]
        };
        shares_rule[ix] = SharesRule::Product;
    }

    // DEPTH_OBLIVIOUS sums the usage of each sibling list once (the same sum for every member).
    let mut sibling_usage: std::collections::HashMap<usize, LongDouble> =
        std::collections::HashMap::new();
    let mut usage_effective = vec![LongDouble::ZERO; n];
    let mut usage_rule: Vec<UsageRule> = vec![UsageRule::Root; n];
    for &ix in &topdown {
        if ix == root {
            usage_effective[ix] = one;
            continue;
        }
        let Some(p) = h.fs_parent[ix] else { continue };
        let ua = usage_norm[ix];
        let (ue, rule) = if p == root {
            (ua, UsageRule::FirstTier)
        } else if h.is_parent_shares[ix] {
            (usage_effective[p], UsageRule::CopiedFrom(p))
        } else if params.depth_oblivious {
            let sums = &mut sibling_usage;
            let sibling_usage = *sums.entry(p).or_insert_with(|| {
                h.fs_children(p)
                    .filter(|&c| !h.is_parent_shares[c])
                    .fold(LongDouble::ZERO, |acc, c| acc.add(usage_norm[c]))
            });
            depth_oblivious(
                ix,
                p,
                sibling_usage,
                &usage_norm,
                &shares_norm,
                &usage_effective,
            )
        } else {
            let level = h.level_shares[ix];
            if level == 0 {
                (usage_effective[p], UsageRule::ZeroLevelShares)
            } else {
                let parent_ue = usage_effective[p];
                let fraction = LongDouble::from_u64(u64::from(h.shares_raw[ix]))
                    .div(LongDouble::from_u64(u64::from(level)));
                let ue = ua.add(parent_ue.sub(ua).mul(fraction));
                (
                    ue,
                    UsageRule::Blend {
                        shares: h.shares_raw[ix],
                        level_shares: level,
                        parent_usage_effective: parent_ue,
                    },
                )
            }
        };
        usage_effective[ix] = ue;
        usage_rule[ix] = rule;
    }

    let damping = LongDouble::from_u64(u64::from(params.damping_factor));
    let assocs = (0..n)
        .map(|ix| {
            let source = if h.is_parent_shares[ix] && ix != root {
                h.fs_parent[ix].unwrap_or(ix)
            } else {
                ix
            };
            let fairshare = (ix != root).then(|| {
                let s = shares_norm[source];
                if s <= 0.0 {
                    0.0
                } else {
                    let exponent =
                        -(usage_effective[source].div(LongDouble::from_f64(s))).div(damping);
                    2f64.powf(exponent.to_f64())
                }
            });
            ClassicAssoc {
                shares_norm: shares_norm[ix],
                usage_raw: h.usage_raw[ix],
                usage_norm: (ix != root).then_some(usage_norm[ix]),
                usage_effective: usage_effective[ix],
                fairshare,
                shares_rule: shares_rule[ix].clone(),
                usage_rule: usage_rule[ix].clone(),
                factor_source: source,
            }
        })
        .collect();
    ClassicRun {
        assocs,
        damping_factor: params.damping_factor,
        depth_oblivious: params.depth_oblivious,
    }
}

fn depth_oblivious(
    ix: usize,
    p: usize,
    sibling_usage: LongDouble,
    usage_norm: &[LongDouble],
    shares_norm: &[f64],
    usage_effective: &[LongDouble],
) -> (LongDouble, UsageRule) {
    let ua = usage_norm[ix];
    let s = shares_norm[ix];
    let s_p = shares_norm[p];
    let ue_p = usage_effective[p];
    if s == 0.0 || s_p == 0.0 || ue_p.is_zero() || ua.is_zero() {
        return (ua, UsageRule::DepthObliviousFallback);
    }
    let s_ld = LongDouble::from_f64(s);
    let s_p_ld = LongDouble::from_f64(s_p);
    let ratio_p = ue_p.div(s_p_ld);
    let ratio_s = sibling_usage.div(s_p_ld);
    let ratio_l = ua.div(s_ld).div(ratio_s);
    // Slurm takes these logarithms in long double; f64 logarithms differ by far less than the
    // classic tolerance, and only through k, which is a smooth function of them.
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
