//! A deterministic generator of realistic association trees, for benchmarks, tests and demos.
//!
//! The shape follows the performance anchor trees (`perf_{1k,10k,100k}.json.gz`): root → 50–300
//! top-level accounts → sub-accounts 1–3 levels deep → users (at most `MAX_USERS_PER_ACCOUNT`
//! per account), shares uniform in 1–100 with about 2 % FairShare=parent, 30 % of users with no
//! usage and a log-normal usage (median e¹², σ = 3 in natural-log units) otherwise, and user
//! names reused across accounts (about half as many names as user associations).
//!
//! The same `(size, seed)` gives the same tree on every platform: the generator has its own
//! PRNG (SplitMix64) and uses only IEEE basic arithmetic (no `ln`, `exp` or `cos`, whose
//! last bit may differ between the native and the WebAssembly maths libraries).
//!
//! This module must not do IO and must not depend on a random-number crate; it only builds
//! [`AssocTree`] / [`Scenario`] values through their public constructors.

use crate::ld::LongDouble;
use crate::name::Name;
use crate::scenario::{Algorithm, Params, Scenario};
use crate::tree::{Assoc, AssocId, AssocTree, Shares};

/// The most users one generated account holds (the anchor trees' maximum is 46).
pub(crate) const MAX_USERS_PER_ACCOUNT: usize = 46;

/// Sebastiano Vigna's SplitMix64: a tiny, fast, statistically decent 64-bit PRNG.
///
/// state ← state + 0x9E3779B97F4A7C15; z = state; z = (z ⊕ z≫30)·0xBF58476D1CE4E5B9;
/// z = (z ⊕ z≫27)·0x94D049BB133111EB; output z ⊕ z≫31 (all wrapping, mod 2⁶⁴).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed` (every seed, 0 included, is fine).
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (Lemire's multiply-shift; 0 when `n` is 0). The bias is at
    /// most n / 2⁶⁴, irrelevant here.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A uniform integer in `lo..=hi` (`lo` if `hi < lo`).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            lo
        } else {
            lo + self.below(hi - lo + 1)
        }
    }

    /// A uniform double in [0, 1) with 53 random bits: (x ≫ 11) · 2⁻⁵³.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `true` with probability `p`.
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// An approximately standard normal deviate: the Irwin–Hall sum of 12 uniforms minus 6
    /// (mean 0, variance 1, range ±6). Only additions, so it is bit-identical everywhere.
    pub fn normal(&mut self) -> f64 {
        let mut s = 0.0;
        for _ in 0..12 {
            s += self.unit();
        }
        s - 6.0
    }
}

/// 2^x for a finite x, with basic arithmetic only (so bit-identical on every platform): the
/// integer part scales by an exact power of two, the fraction f ∈ [0, 1) uses the Taylor series
/// of e^(f·ln 2) to 14 terms (relative error < 1e-15).
fn exp2(x: f64) -> f64 {
    let x = crate::clamp(x, -1000.0, 1000.0);
    let k = x.floor();
    let f = x - k;
    let y = f * std::f64::consts::LN_2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..=14 {
        term = term * y / f64::from(i);
        sum += term;
    }
    // Multiply by 2^k in steps that stay inside the normal range.
    let mut k = k as i32;
    while k > 0 {
        let step = k.min(1000);
        sum *= f64::from_bits(((1023 + step) as u64) << 52);
        k -= step;
    }
    while k < 0 {
        let step = (-k).min(1000);
        sum *= f64::from_bits(((1023 - step) as u64) << 52);
        k += step;
    }
    sum
}

/// What to generate. [`GenConfig::new`] gives the anchor trees' proportions.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GenConfig {
    /// Total number of associations, the root included (at least 1).
    pub n_assocs: usize,
    /// PRNG seed.
    pub seed: u64,
    /// Fraction of non-root associations with FairShare=parent (default 0.02).
    pub parent_fraction: f64,
    /// Fraction of users with zero usage (default 0.30).
    pub zero_usage_fraction: f64,
    /// Mean of ln(usage) for users with usage (default 12, about 163,000 billing-TRES-seconds).
    pub log_usage_mean: f64,
    /// Standard deviation of ln(usage) (default 3).
    pub log_usage_sd: f64,
}

impl GenConfig {
    /// The anchor trees' proportions, for `n_assocs` associations and `seed`.
    pub fn new(n_assocs: usize, seed: u64) -> GenConfig {
        GenConfig {
            n_assocs,
            seed,
            parent_fraction: 0.02,
            zero_usage_fraction: 0.30,
            log_usage_mean: 12.0,
            log_usage_sd: 3.0,
        }
    }
}

/// A tree of `n_assocs` associations (the root included), with the anchor trees' shape.
/// Cost: O(n) time and memory; about a millisecond per 10,000 associations.
pub fn tree(n_assocs: usize, seed: u64) -> AssocTree {
    tree_with(&GenConfig::new(n_assocs, seed))
}

/// The same tree wrapped in a Fair Tree [`Scenario`] named `gen_<n>_<seed>`.
pub fn scenario(n_assocs: usize, seed: u64) -> Scenario {
    Scenario {
        name: format!("gen_{n_assocs}_{seed}"),
        algorithm: Algorithm::FairTree,
        params: Params::default(),
        tree: tree(n_assocs, seed),
    }
}

/// The deepest tree for its size: a chain of `depth` accounts below the root (account `c<d>` at
/// depth d + 1 has id d + 2), and one user `deep` (usage 5) under the last, id `depth + 2`; every
/// share 1. Trees like it stress what is linear in depth: the tree view's elision, sshare's
/// indentation, recursion limits.
pub fn chain(depth: u32) -> Scenario {
    let account = |d: u32| record(d + 2, Some(d + 1), format!("c{d}").into());
    let mut assocs = Vec::with_capacity(depth as usize + 2);
    assocs.push(root());
    assocs.extend((0..depth).map(account));
    let last = assocs[depth as usize].account.clone();
    assocs.push(Assoc {
        user: Some("deep".into()),
        usage_raw: LongDouble::from_u64(5),
        ..record(depth + 2, Some(depth + 1), last)
    });
    Scenario {
        name: format!("chain_{depth}"),
        algorithm: Algorithm::FairTree,
        params: Params::default(),
        tree: AssocTree::new(assocs).expect("a chain is a valid tree"),
    }
}

/// An account as the generators write it: [`Assoc::new`] (users and other shares are written
/// over it).
fn record(id: u32, parent: Option<u32>, account: Name) -> Assoc {
    Assoc::new(AssocId(id), parent.map(AssocId), account, None)
}

/// The root every generated tree starts with: id 1.
fn root() -> Assoc {
    record(1, None, "root".into())
}

/// `tree` with its heaviest user idle (usage 0): the edit that moves the most users, as when a
/// big consumer stops running. What the what-if and diff benchmarks measure. `None` for a tree
/// without users.
pub fn heaviest_user_idle(tree: &AssocTree) -> Option<AssocTree> {
    let heavy = tree
        .assocs()
        .iter()
        .filter(|a| a.is_user())
        .max_by(|a, b| {
            (a.usage_raw.partial_cmp(&b.usage_raw)).unwrap_or(core::cmp::Ordering::Equal)
        })?;
    tree.with_usage(heavy.id, LongDouble::ZERO).ok()
}

/// A tree for an explicit configuration.
///
/// Layout, with n associations and A accounts:
/// - T = clamp(⌊1.5·√n⌋, 50, 300) top-level accounts (fewer for tiny trees), A = max(T, ⌊n/16⌋)
///   accounts in all (so most accounts hold 11–19 users, as in the anchor trees);
/// - every further account hangs under a random account at depth ≤ 3, so sub-accounts are 1–3
///   levels below the top level;
/// - the remaining n − 1 − A associations are users, spread at random over the accounts
///   (accounts without sub-accounts are four times as likely to receive one), at most
///   [`MAX_USERS_PER_ACCOUNT`] per account while there is room anywhere, and listed after the
///   accounts grouped by account (as in the anchor files);
/// - names: accounts `a00001`…, users `u000001`… drawn from a pool of ⌈0.62·users⌉ names, never
///   twice under one account.
pub(crate) fn tree_with(cfg: &GenConfig) -> AssocTree {
    let mut rng = SplitMix64::new(cfg.seed);
    let n = cfg.n_assocs.max(1);
    let mut assocs: Vec<Assoc> = Vec::with_capacity(n);
    assocs.push(root());
    if n == 1 {
        return AssocTree::new(assocs).expect("a lone root is a valid tree");
    }
    let rest = n - 1;
    // Tiny trees: keep roughly ten users per account so there are users at all.
    let top = ((1.5 * (n as f64).sqrt()) as usize)
        .clamp(50, 300)
        .min((rest / 10).max(1));
    let n_accounts = top.max(n / 16).min(rest);
    let n_users = rest - n_accounts;

    let shares = |rng: &mut SplitMix64| {
        if rng.chance(cfg.parent_fraction) {
            Shares::Parent
        } else {
            Shares::Value(rng.range(1, 100) as u32)
        }
    };

    // Accounts: index 0 of these vectors is the root.
    let mut depth: Vec<u32> = vec![0];
    let mut has_sub: Vec<bool> = vec![false];
    let mut name: Vec<crate::Name> = vec!["root".into()];
    let mut eligible_parents: Vec<usize> = Vec::new();
    for a in 1..=n_accounts {
        let parent = if a <= top || eligible_parents.is_empty() {
            0
        } else {
            eligible_parents[rng.below(eligible_parents.len() as u64) as usize]
        };
        let d = depth[parent] + 1;
        depth.push(d);
        has_sub.push(false);
        has_sub[parent] = true;
        let account = crate::Name::from(format!("a{a:05}"));
        name.push(account.clone());
        if d <= 3 {
            eligible_parents.push(a);
        }
        assocs.push(Assoc {
            shares: shares(&mut rng),
            ..record(a as u32 + 1, Some(parent as u32 + 1), account)
        });
    }

    // Users. Slot list: leaf accounts four times, inner accounts once; a full account is
    // swapped out of the list, and when every slot is full the cap is lifted.
    let mut slots: Vec<usize> = Vec::new();
    for (a, &inner) in has_sub.iter().enumerate().skip(1) {
        let weight = if inner { 1 } else { 4 };
        slots.extend(std::iter::repeat_n(a, weight));
    }
    if slots.is_empty() {
        slots.push(0);
    }
    let all_slots = slots.clone();
    let pool = ((n_users as f64 * 0.62).ceil() as u64).max(1);
    let mut count = vec![0usize; n_accounts + 1];
    let mut taken: std::collections::HashSet<(usize, u64)> =
        std::collections::HashSet::with_capacity(n_users);
    let log2_mean = cfg.log_usage_mean / std::f64::consts::LN_2;
    let log2_sd = cfg.log_usage_sd / std::f64::consts::LN_2;
    let mut users: Vec<Assoc> = Vec::with_capacity(n_users);
    for _ in 0..n_users {
        if slots.is_empty() {
            slots = all_slots.clone();
        }
        let pick = rng.below(slots.len() as u64) as usize;
        let account = slots[pick];
        count[account] += 1;
        if count[account].is_multiple_of(MAX_USERS_PER_ACCOUNT) {
            // Full: drop every slot of this account.
            slots.retain(|&s| s != account);
        }
        // A pool name not yet used in this account (linear probing; the pool is larger than
        // any account, so this ends).
        let mut user = rng.below(pool);
        while !taken.insert((account, user)) {
            user = (user + 1) % pool.max(count[account] as u64 + 1);
        }
        let usage = if rng.chance(cfg.zero_usage_fraction) {
            0.0
        } else {
            exp2(log2_mean + log2_sd * rng.normal())
        };
        // Id 0: numbered below, once users are grouped by account.
        users.push(Assoc {
            user: Some(format!("u{:06}", user + 1).into()),
            shares: shares(&mut rng),
            usage_raw: LongDouble::from_f64(usage),
            ..record(0, Some(account as u32 + 1), name[account].clone())
        });
    }
    // Listed grouped by account, as sacctmgr and the anchor files list them (it also keeps an
    // account's users close together in memory, which the benchmarks should see).
    users.sort_by_key(|u| u.parent);
    for (i, mut u) in users.into_iter().enumerate() {
        u.id = AssocId((n_accounts + 2 + i) as u32);
        assocs.push(u);
    }
    // Valid by construction: one root, parents are earlier accounts, unique ids, clean names,
    // finite non-negative usage. The tests check many sizes and seeds.
    AssocTree::new(assocs).expect("the generator builds valid trees")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // First outputs of the reference C implementation for seed 1234567.
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    #[test]
    fn every_size_gives_a_valid_tree_of_that_size() {
        for n in [1, 2, 3, 10, 51, 100, 999, 1000, 2500] {
            for seed in [0, 1, 42] {
                let t = tree(n, seed);
                assert_eq!(t.len(), n, "n={n} seed={seed}");
            }
        }
    }

    #[test]
    fn same_seed_same_tree_other_seed_other_tree() {
        assert_eq!(tree(500, 7), tree(500, 7));
        assert_ne!(tree(500, 7), tree(500, 8));
    }

    #[test]
    fn shape_matches_the_anchor_trees() {
        let t = tree(10_000, 3);
        let a = t.assocs();
        let users: Vec<_> = a.iter().filter(|x| x.is_user()).collect();
        let top = a.iter().filter(|x| x.parent == Some(AssocId(1))).count();
        assert_eq!(top, 150);
        let mut per_account = std::collections::BTreeMap::new();
        for u in &users {
            *per_account.entry(u.parent).or_insert(0usize) += 1;
        }
        assert!(per_account.values().all(|&c| c <= MAX_USERS_PER_ACCOUNT));
        let frac = |k: usize, of: usize| k as f64 / of as f64;
        let parents = a.iter().filter(|x| x.shares.is_parent()).count();
        assert!((0.01..0.03).contains(&frac(parents, a.len())), "{parents}");
        let zero = users.iter().filter(|u| u.usage_raw.is_zero()).count();
        assert!((0.27..0.33).contains(&frac(zero, users.len())), "{zero}");
        let names: std::collections::HashSet<_> = users.iter().map(|u| &u.user).collect();
        assert!(
            (0.4..0.6).contains(&frac(names.len(), users.len())),
            "{}",
            names.len()
        );
        // Depth: top-level accounts at 1, sub-accounts at most 3 levels below.
        let h = crate::hierarchy::Hierarchy::new(&t);
        let max_account_depth = (0..t.len())
            .filter(|&i| !h.is_user[i])
            .map(|i| h.depth[i])
            .max();
        assert_eq!(max_account_depth, Some(4));
        // Median usage of the users with usage is near e^12 ≈ 163,000.
        let mut u: Vec<f64> = users
            .iter()
            .map(|u| u.usage_raw.to_f64())
            .filter(|&x| x > 0.0)
            .collect();
        u.sort_by(f64::total_cmp);
        let median = u[u.len() / 2];
        assert!((80_000.0..330_000.0).contains(&median), "{median}");
    }

    #[test]
    fn exp2_is_accurate() {
        for x in [-30.5, -1.0, 0.0, 0.25, 1.0, 17.3, 40.7] {
            let want = f64::powf(2.0, x);
            assert!(((exp2(x) - want) / want).abs() < 1e-14, "{x}");
        }
    }
}
