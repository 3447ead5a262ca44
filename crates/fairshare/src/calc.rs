//! "What would it take?": exact answers to the questions users ask after "why", for one user
//! association of any [`Ranked`] tree.
//!
//! 1. [`usage_headroom`]: how much more usage the user can be charged before dropping below a
//!    [`Target`] (by default the current position: "before anyone passes me").
//! 2. [`idle_until_above`]: how long, charging nothing more, until the user is above a target,
//!    with usage evolving by Slurm's decay cycles and other users' jobs ([`crate::decay::UsageSim`], the
//!    decay panel's engine).
//! 3. [`best_account`]: the user's position under each account it has an association in, and
//!    after one job of a given size charged there.
//! 4. [`shares_to_pass`]: the whole shares the user (or one of its accounts) needs to be above a
//!    target.
//! 5. [`sprio`]: reading `sprio` output and saying which factor puts a competing job ahead.
//!
//! **Exactness.** Every answer is checked on the engine itself: each candidate is ranked by
//! [`Ranked::new`] on the edited tree (80-bit Level FS, Slurm's tie rule or the run's), so ties
//! are broken as Slurm breaks them. A threshold is a *boundary*: at the returned value the order
//! asked for holds, and one unit past it, it does not (usage: one more raw unit; shares: one
//! fewer share). The search gallops from the current value (1, 2, 4, … units) until the order
//! changes, then bisects. The gallop starts from an estimate (`f64`, only the sibling lists on
//! the user's fairshare path, shared ranks ignored), so it ranks the tree a few times around
//! the answer: O(n log n) per ranking, about 2·log₂(estimate's error) + 2 rankings, and never
//! more than about 130 for usage or 64 for shares whatever the estimate.
//!
//! **Units.** Raw usage is Slurm's `RawUsage`: TRES-seconds after billing weights. One unit is
//! one raw usage unit added to the user's own usage (an 80-bit addition, exact for whole
//! usages below 2⁶⁴). [`Units`] converts to core-, GPU- and node-hours.
//!
//! **Where no answer exists** the functions return a [`NoAnswer`], a typed reason; the engine
//! words nothing (the CLI's English is [`NoAnswer`]'s `Display`, the app words each kind).

pub mod sprio;

use std::fmt;

use crate::Ranked;
use crate::decay::{Job, Schedule, UsageSim};
use crate::fair_tree::LevelFsRule;
use crate::ld::LongDouble;
use crate::tree::{MAX_USAGE_RAW, SHARES_PARENT_RAW, Shares};

/// What "X" is in a question: a position, another user, or a FairShare value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// A position (1 = first served).
    Position(u32),
    /// Another user association, by its position in the tree.
    User(usize),
    /// A FairShare value (rank / N).
    FairShare(f64),
}

/// What is wrong with a typed X ([`parse_target`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetProblem {
    /// Nothing typed.
    Empty,
    /// No user of that name (cut to 40 characters).
    NoSuchUser(String),
    /// The name is an account, not a user.
    NotAUser(String),
}

impl fmt::Display for TargetProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetProblem::Empty => f.write_str("X is empty"),
            TargetProblem::NoSuchUser(name) => write!(f, "no user named \"{name}\""),
            TargetProblem::NotAUser(name) => write!(f, "\"{name}\" is an account, not a user"),
        }
    }
}

/// X as people type it, in the CLI and in the page's `calc=` parameter: a whole number is a
/// position (`3`); a number with a point, or `fs=` before a number, is a FairShare (`0.5`,
/// `fs=1`); anything else names a user (`alice`, or `account/alice` for one of several),
/// found as `Find user or account` finds it ([`crate::find::resolve`]). A position or
/// FairShare out of range is refused later, by the question ([`NoAnswer`]).
pub fn parse_target(tree: &crate::AssocTree, text: &str) -> Result<Target, TargetProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(TargetProblem::Empty);
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        // Too many digits for a u32 is a position past every N.
        return Ok(Target::Position(text.parse().unwrap_or(u32::MAX)));
    }
    let fs = text
        .strip_prefix("fs=")
        .or_else(|| text.strip_prefix("FS="))
        .or_else(|| text.contains('.').then_some(text));
    if let Some(v) = fs.and_then(crate::format::parse_f64) {
        return Ok(Target::FairShare(v));
    }
    let cut: String = text.chars().take(40).collect();
    match crate::find::resolve(tree, text) {
        Some(ix) if tree.assocs()[ix].is_user() => Ok(Target::User(ix)),
        Some(_) => Err(TargetProblem::NotAUser(cut)),
        None => Err(TargetProblem::NoSuchUser(cut)),
    }
}

/// What is wrong with a typed list of running jobs ([`parse_running`]); texts cut to 40
/// characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunningProblem {
    /// A piece that is not `USER=BILLABLE`.
    NotAPair(String),
    /// No user of that name.
    NoSuchUser(String),
    /// The billable TRES is not a finite number ≥ 0.
    BadBillable(String),
}

impl fmt::Display for RunningProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunningProblem::NotAPair(t) => write!(f, "\"{t}\" is not USER=BILLABLE"),
            RunningProblem::NoSuchUser(t) => write!(f, "no user named \"{t}\""),
            RunningProblem::BadBillable(t) => {
                write!(f, "\"{t}\" is not a number of billable TRES")
            }
        }
    }
}

/// Other users' jobs running from now on, typed as comma-separated `USER=BILLABLE` pairs
/// (`bob=64, chem/carol=8`; a user as [`parse_target`] finds one), for question 2.
pub fn parse_running(tree: &crate::AssocTree, text: &str) -> Result<Vec<Job>, RunningProblem> {
    let cut = |t: &str| t.chars().take(40).collect::<String>();
    text.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (who, billable) = pair
                .rsplit_once('=')
                .ok_or_else(|| RunningProblem::NotAPair(cut(pair)))?;
            let ix = crate::find::resolve(tree, who.trim())
                .filter(|&ix| tree.assocs()[ix].is_user())
                .ok_or_else(|| RunningProblem::NoSuchUser(cut(who.trim())))?;
            let billable = crate::format::parse_f64(billable.trim())
                .filter(|b| b.is_finite() && *b >= 0.0)
                .ok_or_else(|| RunningProblem::BadBillable(cut(billable.trim())))?;
            Ok(Job::running(tree.assocs()[ix].id, billable, 0))
        })
        .collect()
}

/// Why a question has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// The association asked about is not a user association of the tree.
    NotAUser,
    /// The tree is partial (an inferred association): Slurm's ranks cannot be known.
    PartialTree,
    /// X is the user itself.
    TargetIsSelf,
    /// X names an association that is not a user of the tree.
    TargetNotAUser,
    /// X is a position outside 1..=N.
    PositionOutOfRange {
        /// N, the number of user associations.
        n: u32,
    },
    /// X is a FairShare outside 0..=1 (or not a number).
    FairShareOutOfRange,
    /// Question 1: the user is already below X.
    AlreadyBelow,
    /// Question 1: no usage the tree can hold drops the user below X.
    NeverBelow {
        /// When X is a user: the account on X's side at the level that decides between the
        /// two, whose Level FS stays below the user's side whatever the user runs (`None` when
        /// the deciding entries are users, or X is not a user).
        other_account: Option<usize>,
    },
    /// Questions 2 and 4: the user is already above X.
    AlreadyAbove,
    /// Question 2: decay alone never gets the user there: X's usage decays too (every usage is
    /// multiplied by the same factor each cycle), and the jobs given do not change the order.
    DecayNeverGetsThere,
    /// Question 4: even the most shares Slurm can hold at that level do not get the user above X.
    NotEnoughShares,
    /// Question 4: the association whose shares would change is neither the user nor one of
    /// its accounts (the root has no siblings to pass).
    NotOnPath,
    /// Question 4: the association is FairShare=parent, so it has no shares of its own.
    ParentShares,
}

impl fmt::Display for NoAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoAnswer::NotAUser => f.write_str("that association is not a user"),
            NoAnswer::PartialTree => f.write_str(
                "the tree is partial (an inferred association), so positions cannot be known",
            ),
            NoAnswer::TargetIsSelf => f.write_str("X is the user itself"),
            NoAnswer::TargetNotAUser => f.write_str("X is not a user association"),
            NoAnswer::PositionOutOfRange { n } => {
                write!(f, "the position must be between 1 and {n}")
            }
            NoAnswer::FairShareOutOfRange => f.write_str("the FairShare must be between 0 and 1"),
            NoAnswer::AlreadyBelow => f.write_str("you are already below X"),
            NoAnswer::NeverBelow { other_account: Some(_) } => f.write_str(
                "no usage can drop you below X: X is in another account whose Level FS stays below yours",
            ),
            NoAnswer::NeverBelow { other_account: None } => {
                f.write_str("no usage can drop you below X")
            }
            NoAnswer::AlreadyAbove => f.write_str("you are already above X"),
            NoAnswer::DecayNeverGetsThere => f.write_str(
                "decay alone never gets you there, because X's usage also decays",
            ),
            NoAnswer::NotEnoughShares => {
                f.write_str("no number of shares Slurm can hold gets you above X")
            }
            NoAnswer::NotOnPath => {
                f.write_str("that association is neither the user nor one of its accounts")
            }
            NoAnswer::ParentShares => {
                f.write_str("that association is FairShare=parent and has no shares of its own")
            }
        }
    }
}

/// A user's place in one ranking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// Position (1 = first served).
    pub position: u32,
    /// Slurm's rank (N = first served).
    pub rank: u32,
    /// FairShare = rank / N.
    pub fairshare: f64,
}

/// The standing of association `ix` in `r` (`None` for accounts and on a partial tree).
pub fn standing(r: &Ranked, ix: usize) -> Option<Standing> {
    let a = r.run().assocs.get(ix)?;
    Some(Standing {
        position: r.run().position(ix)?,
        rank: a.rank?,
        fairshare: a.fairshare?,
    })
}

/// Whether `user` is *not below* `target` in `r` (question 1's order): position ≤ P, position ≤
/// X's (a tie is not below), FairShare ≥ F.
pub fn not_below(r: &Ranked, user: usize, target: Target) -> bool {
    let Some(me) = standing(r, user) else {
        return false;
    };
    match target {
        Target::Position(p) => me.position <= p,
        Target::User(v) => standing(r, v).is_some_and(|x| me.position <= x.position),
        Target::FairShare(f) => me.fairshare >= f,
    }
}

/// Whether `user` is *above* `target` in `r` (questions 2 and 4): position ≤ P, position
/// strictly before X's (a tie does not pass X), FairShare ≥ F.
pub fn above(r: &Ranked, user: usize, target: Target) -> bool {
    let Some(me) = standing(r, user) else {
        return false;
    };
    match target {
        Target::Position(p) => me.position <= p,
        Target::User(v) => standing(r, v).is_some_and(|x| me.position < x.position),
        Target::FairShare(f) => me.fairshare >= f,
    }
}

/// Checks the user and the target before a question: the user is a user of a complete tree,
/// and the target is in range.
fn check(r: &Ranked, user: usize, target: Target) -> Result<(), NoAnswer> {
    let tree = r.tree();
    if !tree.assocs().get(user).is_some_and(|a| a.is_user()) {
        return Err(NoAnswer::NotAUser);
    }
    if tree.is_partial() {
        return Err(NoAnswer::PartialTree);
    }
    let n = r.run().n_users;
    match target {
        Target::Position(p) if p == 0 || p > n => Err(NoAnswer::PositionOutOfRange { n }),
        Target::User(v) if v == user => Err(NoAnswer::TargetIsSelf),
        Target::User(v) if !tree.assocs().get(v).is_some_and(|a| a.is_user()) => {
            Err(NoAnswer::TargetNotAUser)
        }
        Target::FairShare(f) if !(0.0..=1.0).contains(&f) => Err(NoAnswer::FairShareOutOfRange),
        _ => Ok(()),
    }
}

/// A cheap estimate of a user's position after a change, used only to *seed* the exact search
/// (so that it ranks the tree a few times around the answer instead of ~2·log₂(answer) times).
/// In `f64`, ignoring shared ranks; only the sibling lists on the fairshare path of the user
/// whose usage or shares change are recomputed: O(path lists) per estimate after an O(n)
/// start.
struct Estimate<'a> {
    r: &'a Ranked,
    /// Users in each association's fairshare subtree (itself included).
    users: Vec<u32>,
    /// Whether each association is the changed user or one of its real ancestors.
    on_path: Vec<bool>,
}

/// What changes in an estimate: usage added to the user, and one association's shares.
#[derive(Clone, Copy)]
struct Change {
    extra: f64,
    shares: Option<(usize, u32)>,
}

impl<'a> Estimate<'a> {
    fn new(r: &'a Ranked, user: usize) -> Estimate<'a> {
        let h = r.hierarchy();
        let n = h.len();
        let mut users: Vec<u32> = (0..n).map(|i| u32::from(h.is_user(i))).collect();
        for &x in h.list_order().iter().rev() {
            if let Some(p) = h.fs_parent(x) {
                users[p] = users[p].saturating_add(users[x]);
            }
        }
        let mut on_path = vec![false; n];
        let mut cur = Some(user);
        while let Some(c) = cur {
            on_path[c] = true;
            cur = h.parent(c);
        }
        Estimate { r, users, on_path }
    }

    /// Entry `e`'s Level FS after `change`, in `f64`.
    fn value(&self, e: usize, change: Change) -> f64 {
        let h = self.r.hierarchy();
        let a = &self.r.run().assocs[e];
        match a.level_fs_rule {
            LevelFsRule::Root | LevelFsRule::ParentAccount => {
                return f64::from(crate::hierarchy::NO_VAL);
            }
            LevelFsRule::ParentUser => return f64::INFINITY,
            _ => {}
        }
        let mut s = a.shares_norm;
        if let Some((assoc, shares)) = change.shares
            && h.fs_parent(assoc) == h.fs_parent(e)
        {
            let level = f64::from(h.level_shares(assoc)) - f64::from(h.shares_raw(assoc))
                + f64::from(shares);
            let mine = if e == assoc {
                f64::from(shares)
            } else {
                f64::from(h.shares_raw(e))
            };
            s = if level > 0.0 { mine / level } else { 0.0 };
        }
        if s == 0.0 {
            return 0.0;
        }
        let bump = |x: usize| {
            let u = h.usage_raw(x).to_f64();
            if self.on_path[x] { u + change.extra } else { u }
        };
        let usage = bump(e);
        let parent = h.fs_parent(e).map_or(usage, bump);
        if usage == 0.0 || parent == 0.0 {
            return f64::INFINITY;
        }
        s * parent / usage
    }

    /// `x`'s estimated position after `change`.
    fn position(&self, x: usize, change: Change) -> u32 {
        let h = self.r.hierarchy();
        let mut ahead = 0u32;
        let mut entry = x;
        while let Some(parent) = h.fs_parent(entry) {
            let mine = self.value(entry, change);
            let my_user = h.is_user(entry);
            let mut seen_me = false;
            for e in h.fs_children(parent) {
                if e == entry {
                    seen_me = true;
                    continue;
                }
                let v = self.value(e, change);
                let user = h.is_user(e);
                let before = v > mine
                    || (v == mine && ((user && !my_user) || (user == my_user && !seen_me)));
                if before {
                    ahead = ahead.saturating_add(self.users[e]);
                }
            }
            entry = parent;
        }
        ahead.saturating_add(1)
    }

    /// Whether `user` is estimated not below (`strict`: above) `target` after `change`.
    fn holds(&self, user: usize, target: Target, change: Change, strict: bool) -> bool {
        let me = self.position(user, change);
        let n = self.r.run().n_users;
        match target {
            Target::Position(p) => me <= p,
            Target::User(v) => {
                let other = self.position(v, change);
                if strict { me < other } else { me <= other }
            }
            Target::FairShare(f) => {
                let need = (f * f64::from(n)).ceil();
                // rank >= need, position = n - rank + 1.
                need <= 0.0 || f64::from(me) <= f64::from(n) - need + 1.0
            }
        }
    }
}

/// The largest `k` in `lo..=hi` with `holds(k)`, assuming `holds(lo)` and a monotone `holds`
/// (the estimate's): a plain bisection.
fn last_holding(mut lo: u64, mut hi: u64, holds: impl Fn(u64) -> bool) -> u64 {
    if holds(hi) {
        return hi;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Question 1's answer: the usage headroom below a target.
#[derive(Clone, Debug, PartialEq)]
pub struct Headroom {
    /// The user.
    pub user: usize,
    /// X.
    pub target: Target,
    /// The user's raw usage now.
    pub usage_now: LongDouble,
    /// The boundary: the most whole raw usage units that can be added to the user's usage with
    /// the user still not below X.
    pub headroom: u64,
    /// The user's standing now.
    pub now: Standing,
    /// The user's standing with `headroom` more units (not below X).
    pub at_boundary: Standing,
    /// The user's standing with one unit more (below X).
    pub past_boundary: Standing,
}

impl Headroom {
    /// The user's raw usage at the boundary (`usage_now + headroom`, 80-bit).
    pub fn usage_at_boundary(&self) -> LongDouble {
        self.usage_now.add(LongDouble::from_u64(self.headroom))
    }
}

/// `r`'s tree with `extra` whole units added to `user`'s usage, ranked under `r`'s rule.
/// `None` when the usage would not be below [`MAX_USAGE_RAW`].
pub fn with_extra_usage(r: &Ranked, user: usize, extra: u64) -> Option<Ranked> {
    let a = r.tree().assocs().get(user)?;
    let usage = a.usage_raw.add(LongDouble::from_u64(extra));
    let tree = r.tree().with_usage(a.id, usage).ok()?;
    Some(Ranked::new(&tree, r.rule()))
}

/// The most whole units that can be added to `usage` with the tree still valid: below 2⁶⁴, less
/// a margin of 2048 (one `f64` step at 2⁶⁴) so that the 80-bit sum cannot round up to it.
fn usage_room(usage: LongDouble) -> u64 {
    let room = MAX_USAGE_RAW - usage.to_f64();
    if room.is_nan() || room <= 0.0 {
        return 0;
    }
    // `as` saturates: 2^64 itself becomes u64::MAX.
    (room as u64).saturating_sub(2048)
}

/// A boundary found by [`boundary`]: the last value where the order holds and the next one,
/// each with its probe's value.
type Bracket<T> = ((u64, T), (u64, T));

/// A boundary search over whole numbers `lo..=cap` where `holds(lo)` is true: the `k` with
/// `holds(k)` and not `holds(k + 1)`. It probes the `seed` first (an estimate of the answer),
/// gallops from there (steps 1, 2, 4, …, up while the order holds, down while it does not),
/// then bisects. `Err(value at cap)` when `holds(cap)`. Each probe's value is kept, so the
/// caller gets the rankings at `k` and `k + 1` without ranking them again.
fn boundary<T>(
    lo: u64,
    lo_value: T,
    cap: u64,
    seed: u64,
    mut probe: impl FnMut(u64) -> Option<(bool, T)>,
) -> Result<Bracket<T>, T> {
    let (mut lo, mut lo_value) = (lo, lo_value);
    let seed = seed.max(lo).min(cap);
    let mut hi: Option<(u64, T)> = None;
    if seed > lo {
        match probe(seed) {
            Some((true, v)) => {
                lo = seed;
                lo_value = v;
            }
            Some((false, v)) => {
                // Gallop down from the seed to a value where the order holds.
                let mut top = (seed, v);
                let mut step = 1u64;
                loop {
                    let next = top.0.saturating_sub(step).max(lo);
                    if next == lo {
                        break;
                    }
                    match probe(next) {
                        Some((true, v)) => {
                            lo = next;
                            lo_value = v;
                            break;
                        }
                        Some((false, v)) => top = (next, v),
                        None => return Err(lo_value),
                    }
                    step = step.saturating_mul(2);
                }
                hi = Some(top);
            }
            None => return Err(lo_value),
        }
    }
    // Gallop up.
    let (mut hi, mut hi_value) = match hi {
        Some(h) => h,
        None => {
            let mut step = 1u64;
            loop {
                if lo >= cap {
                    return Err(lo_value);
                }
                let next = lo.saturating_add(step).min(cap);
                match probe(next) {
                    Some((true, v)) => {
                        lo = next;
                        lo_value = v;
                        step = step.saturating_mul(2);
                    }
                    Some((false, v)) => break (next, v),
                    None => return Err(lo_value),
                }
            }
        }
    };
    // Bisect: holds(lo), not holds(hi).
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match probe(mid) {
            Some((true, v)) => {
                lo = mid;
                lo_value = v;
            }
            Some((false, v)) => {
                hi = mid;
                hi_value = v;
            }
            // Unreachable for the callers (every value up to `cap` is a valid edit).
            None => return Err(lo_value),
        }
    }
    Ok(((lo, lo_value), (hi, hi_value)))
}

/// Question 1: how many whole raw usage units the user can still be charged before dropping
/// below `target` ([`not_below`]). Returns the boundary: at `headroom` more units the user is
/// not below X, at one more unit it is.
///
/// `Err(AlreadyBelow)` when the user is below X now; `Err(NeverBelow)` when even the most usage
/// the tree can hold leaves the user not below X.
pub fn usage_headroom(r: &Ranked, user: usize, target: Target) -> Result<Headroom, NoAnswer> {
    check(r, user, target)?;
    if !not_below(r, user, target) {
        return Err(NoAnswer::AlreadyBelow);
    }
    let now = standing(r, user).ok_or(NoAnswer::PartialTree)?;
    let usage_now = r.tree().assocs()[user].usage_raw;
    let cap = usage_room(usage_now);
    let est = Estimate::new(r, user);
    let seed = last_holding(0, cap, |d| {
        let change = Change {
            extra: d as f64,
            shares: None,
        };
        est.holds(user, target, change, false)
    });
    let found = boundary(0, r.clone(), cap, seed, |d| {
        let ranked = with_extra_usage(r, user, d)?;
        Some((not_below(&ranked, user, target), ranked))
    });
    match found {
        Ok(((d, at), (_, past))) => Ok(Headroom {
            user,
            target,
            usage_now,
            headroom: d,
            now,
            at_boundary: standing(&at, user).ok_or(NoAnswer::PartialTree)?,
            past_boundary: standing(&past, user).ok_or(NoAnswer::PartialTree)?,
        }),
        Err(_) => Err(NoAnswer::NeverBelow {
            other_account: match target {
                Target::User(v) => deciding_account(r, user, v),
                _ => None,
            },
        }),
    }
}

/// The entry on `v`'s side at the first fairshare level shared with `user`, when it is an
/// account.
fn deciding_account(r: &Ranked, user: usize, v: usize) -> Option<usize> {
    let h = r.hierarchy();
    let mine: Vec<usize> = std::iter::once(user).chain(h.fs_ancestors(user)).collect();
    let mut prev = v;
    for a in h.fs_ancestors(v) {
        if mine.contains(&a) {
            return (!h.is_user(prev)).then_some(prev);
        }
        prev = a;
    }
    None
}

/// Question 2's answer: when the user, charging nothing more, is above the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IdleTime {
    /// Seconds from now (a calc-period boundary).
    pub seconds: i64,
    /// Calc periods from now.
    pub periods: u64,
    /// The user's standing then.
    pub at: Standing,
}

/// Question 2: the first calc-period boundary, up to `horizon_periods` ahead, at which `user`,
/// running nothing more, is [`above`] `target`. Usage evolves as the decay panel's does
/// ([`UsageSim`]: Slurm's decay cycles, every association carried as Slurm carries it), with
/// `jobs` charged except those on the user's own association ("if I stop"); each probed
/// boundary is ranked exactly ([`Ranked::with_usages`]).
///
/// The boundary is found like question 1's: probing 1, 2, 4, … periods ahead until the user is
/// above X, then bisecting (from a copy of the simulation at the last period probed below X),
/// so at the answer the user is above X and one period earlier it is not. Cost: the simulation,
/// O(n + jobs) per period, about 1.5 × the answer's periods; and about 2·log₂(periods) rankings
/// of O(n log n).
///
/// Decay alone multiplies every usage by the same factor, which leaves every ratio and so every
/// rank unchanged: once all jobs have been charged and the user is still not above X, the
/// answer is [`NoAnswer::DecayNeverGetsThere`] (also when the horizon is reached).
pub fn idle_until_above(
    r: &Ranked,
    user: usize,
    target: Target,
    jobs: &[Job],
    schedule: &Schedule,
    horizon_periods: u64,
) -> Result<IdleTime, NoAnswer> {
    check(r, user, target)?;
    if above(r, user, target) {
        return Err(NoAnswer::AlreadyAbove);
    }
    let tree = r.tree();
    let me = tree.assocs()[user].id;
    let others: Vec<Job> = jobs.iter().filter(|j| j.assoc != me).cloned().collect();
    let rank_at = |sim: &UsageSim| Ranked::with_usages(tree, sim.usage(), r.rule());
    let advance = |sim: &mut UsageSim, from: u64, to: u64| {
        for _ in from..to {
            sim.next_cycle();
        }
    };
    // Gallop: `below` is the last probe not above X (period and simulation).
    let mut below = (0u64, UsageSim::from_tree(tree, &others, *schedule));
    let mut sim = below.1.clone();
    let mut at = 0u64;
    let mut step = 1u64;
    let (mut hi, mut hi_ranked) = loop {
        if at >= horizon_periods {
            return Err(NoAnswer::DecayNeverGetsThere);
        }
        let next = at.saturating_add(step).min(horizon_periods);
        advance(&mut sim, at, next);
        at = next;
        let ranked = rank_at(&sim);
        if above(&ranked, user, target) {
            break (next, ranked);
        }
        if sim.jobs_finished() {
            return Err(NoAnswer::DecayNeverGetsThere);
        }
        below = (next, sim.clone());
        step = step.saturating_mul(2);
    };
    // Bisect between below.0 (not above) and hi (above).
    while hi - below.0 > 1 {
        let mid = below.0 + (hi - below.0) / 2;
        let mut probe = below.1.clone();
        advance(&mut probe, below.0, mid);
        let ranked = rank_at(&probe);
        if above(&ranked, user, target) {
            hi = mid;
            hi_ranked = ranked;
        } else {
            below = (mid, probe);
        }
    }
    Ok(IdleTime {
        seconds: i64::try_from(hi)
            .unwrap_or(i64::MAX)
            .saturating_mul(schedule.period()),
        periods: hi,
        at: standing(&hi_ranked, user).ok_or(NoAnswer::PartialTree)?,
    })
}

/// One of the user's associations in question 3.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AccountOption {
    /// The user association (same user name, another account).
    pub assoc: usize,
    /// Its standing now.
    pub now: Standing,
    /// Its standing with the job charged to it (`None` without a job, or when the job would
    /// take the usage past what the tree can hold).
    pub after_job: Option<Standing>,
}

/// Question 3's answer: the user's associations, and the best one to charge.
#[derive(Clone, Debug, PartialEq)]
pub struct BestAccount {
    /// Every user association with the user's name (and partition), in tree order.
    pub options: Vec<AccountOption>,
    /// The index in `options` of the best: the lowest position after the job (now, without
    /// one), then the lowest position now; the first such in tree order on a tie.
    pub best: usize,
    /// The job size in raw units (TRES-seconds), if one was given.
    pub job: Option<u64>,
}

impl BestAccount {
    /// The best option.
    pub fn best_option(&self) -> &AccountOption {
        &self.options[self.best]
    }
}

/// Question 3: the user's position under each account it has an association in (same user
/// name and partition), and what one job of `job` raw units (TRES-seconds after billing
/// weights) charged there does to it. O(k · n log n) for k associations.
pub fn best_account(r: &Ranked, user: usize, job: Option<u64>) -> Result<BestAccount, NoAnswer> {
    check(r, user, Target::FairShare(0.0))?;
    let tree = r.tree();
    let me = &tree.assocs()[user];
    let mut options = Vec::new();
    for (ix, a) in tree.assocs().iter().enumerate() {
        if a.is_user() && a.user == me.user && a.partition == me.partition {
            let now = standing(r, ix).ok_or(NoAnswer::PartialTree)?;
            let after_job = job
                .and_then(|d| with_extra_usage(r, ix, d))
                .and_then(|ranked| standing(&ranked, ix));
            options.push(AccountOption {
                assoc: ix,
                now,
                after_job,
            });
        }
    }
    let key = |o: &AccountOption| (o.after_job.unwrap_or(o.now).position, o.now.position);
    let best = (0..options.len())
        .min_by_key(|&i| key(&options[i]))
        .ok_or(NoAnswer::NotAUser)?;
    Ok(BestAccount { options, best, job })
}

/// Question 4's answer: the shares an association needs for the user to be above the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SharesNeeded {
    /// The association whose shares change (the user or one of its accounts).
    pub assoc: usize,
    /// Its shares now.
    pub shares_now: u32,
    /// The boundary: the fewest whole shares with which the user is above X.
    pub needed: u32,
    /// The user's standing with `needed` shares (above X).
    pub at: Standing,
    /// The user's standing with one share fewer (not above X).
    pub one_fewer: Standing,
}

impl SharesNeeded {
    /// The shares [`SharesNeeded::one_fewer`] is the standing with: one fewer than needed.
    pub fn fewer(&self) -> u32 {
        self.needed.saturating_sub(1)
    }
}

/// `r`'s tree with `assoc`'s shares set to `shares`, ranked under `r`'s rule.
pub fn with_shares(r: &Ranked, assoc: usize, shares: u32) -> Option<Ranked> {
    let a = r.tree().assocs().get(assoc)?;
    let tree = r.tree().with_shares(a.id, Shares::Value(shares)).ok()?;
    Some(Ranked::new(&tree, r.rule()))
}

/// Question 4: the fewest whole shares `assoc` (the user itself or one of its accounts below
/// the root) needs for `user` to be [`above`] `target`, checked at the boundary (with one share
/// fewer it is not). Shares go up to the most that keeps the level's sum a `u32` without
/// wrapping and below FairShare=parent's 2147483647.
pub fn shares_to_pass(
    r: &Ranked,
    user: usize,
    assoc: usize,
    target: Target,
) -> Result<SharesNeeded, NoAnswer> {
    check(r, user, target)?;
    let h = r.hierarchy();
    let on_path = assoc == user
        || r.tree()
            .is_ancestor_or_self(r.tree().assocs()[assoc].id, r.tree().assocs()[user].id);
    if assoc >= h.len() || assoc == h.root() || !on_path {
        return Err(NoAnswer::NotOnPath);
    }
    let Shares::Value(shares_now) = r.tree().assocs()[assoc].shares else {
        return Err(NoAnswer::ParentShares);
    };
    if above(r, user, target) {
        return Err(NoAnswer::AlreadyAbove);
    }
    let others = h.level_shares(assoc).wrapping_sub(shares_now);
    let cap = u64::from((SHARES_PARENT_RAW - 1).min(u32::MAX - others));
    // "not above" is monotone the other way: search the last share count that is *not*
    // above X, and answer one more.
    let est = Estimate::new(r, user);
    let seed = last_holding(u64::from(shares_now), cap, |s| {
        let change = Change {
            extra: 0.0,
            shares: Some((assoc, s as u32)),
        };
        !est.holds(user, target, change, true)
    });
    let found = boundary(u64::from(shares_now), r.clone(), cap, seed, |s| {
        let ranked = with_shares(r, assoc, u32::try_from(s).ok()?)?;
        Some((!above(&ranked, user, target), ranked))
    });
    match found {
        Ok(((_, below), (s, at))) => Ok(SharesNeeded {
            assoc,
            shares_now,
            needed: u32::try_from(s).map_err(|_| NoAnswer::NotEnoughShares)?,
            at: standing(&at, user).ok_or(NoAnswer::PartialTree)?,
            one_fewer: standing(&below, user).ok_or(NoAnswer::PartialTree)?,
        }),
        Err(_) => Err(NoAnswer::NotEnoughShares),
    }
}

/// Raw usage in the units people think in. Raw usage is TRES-seconds after billing weights:
/// with no weights (Slurm's default billing is the CPU count) one unit is one core-second. With
/// `TYPE=weight` pairs (the Priority panel's TRES field), one core-hour is 3600 × the CPU
/// weight units, one GPU-hour 3600 × the `GRES/gpu` weight, one node-hour 3600 × the `Node`
/// weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Units {
    /// Raw units per core-second (1 by default).
    pub cpu: f64,
    /// Raw units per GPU-second, when the weights name `GRES/gpu` (or `gpu`).
    pub gpu: Option<f64>,
    /// Raw units per node-second, when the weights name `Node`.
    pub node: Option<f64>,
}

impl Default for Units {
    /// No billing weights: one raw unit is one core-second.
    fn default() -> Self {
        Units {
            cpu: 1.0,
            gpu: None,
            node: None,
        }
    }
}

impl Units {
    /// From `TYPE=weight` pairs ([`crate::format::parse_tres_weights`]); a type not named (or
    /// weighted 0) keeps the default (CPU: 1; GPU and node: none).
    pub fn from_weights(weights: &[(String, u32)]) -> Units {
        let mut units = Units::default();
        for (name, w) in weights {
            if *w == 0 {
                continue;
            }
            let w = f64::from(*w);
            match name.to_ascii_lowercase().as_str() {
                "cpu" => units.cpu = w,
                "gres/gpu" | "gpu" => units.gpu = Some(w),
                "node" => units.node = Some(w),
                _ => {}
            }
        }
        units
    }

    /// `raw` units in core-hours.
    pub fn core_hours(&self, raw: f64) -> f64 {
        raw / (3600.0 * self.cpu)
    }

    /// `raw` units in GPU-hours, when the weights say what a GPU costs.
    pub fn gpu_hours(&self, raw: f64) -> Option<f64> {
        self.gpu.map(|w| raw / (3600.0 * w))
    }

    /// `raw` units in node-hours, when the weights say what a node costs.
    pub fn node_hours(&self, raw: f64) -> Option<f64> {
        self.node.map(|w| raw / (3600.0 * w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TieRule;
    use crate::decay::Job;
    use crate::tree::AssocTree;

    /// root → a → u1 (usage `u1`), u2 (usage `u2`), every share 1.
    fn two(u1: f64, u2: f64) -> Ranked {
        let text = format!(
            r#"{{"associations": [
          {{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1}},
          {{"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1}},
          {{"id": 3, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": {u1}}},
          {{"id": 4, "parent": 2, "account": "a", "user": "u2", "shares": 1, "usage_raw": {u2}}}
        ]}}"#
        );
        let tree: AssocTree = crate::scenario::parse(&text).0.unwrap().tree;
        Ranked::new(&tree, TieRule::Slurm)
    }

    #[test]
    fn headroom_reaches_the_tie_and_stops_one_unit_past_it() {
        let r = two(10.0, 20.0);
        // At 20 the two tie (LF equal), and a tie shares the position: not below.
        let h = usage_headroom(&r, 2, Target::Position(1)).unwrap();
        assert_eq!(h.headroom, 10);
        assert_eq!(h.at_boundary.position, 1);
        assert_eq!(h.past_boundary.position, 2);
        assert_eq!(h.usage_at_boundary(), LongDouble::from_f64(20.0));
        assert_eq!(usage_headroom(&r, 2, Target::User(3)).unwrap().headroom, 10);
        assert_eq!(
            usage_headroom(&r, 3, Target::Position(1)),
            Err(NoAnswer::AlreadyBelow)
        );
        // Position 2 is the last: nothing drops u1 below it.
        assert_eq!(
            usage_headroom(&r, 2, Target::Position(2)),
            Err(NoAnswer::NeverBelow {
                other_account: None
            })
        );
        assert_eq!(
            usage_headroom(&r, 1, Target::Position(1)),
            Err(NoAnswer::NotAUser)
        );
        assert_eq!(
            usage_headroom(&r, 2, Target::Position(3)),
            Err(NoAnswer::PositionOutOfRange { n: 2 })
        );
        assert_eq!(
            usage_headroom(&r, 2, Target::User(2)),
            Err(NoAnswer::TargetIsSelf)
        );
    }

    #[test]
    fn shares_needed_is_the_first_whole_share_that_passes() {
        // u1 30, u2 20: u1 passes u2 when s1 / 30 > 1 / 20, so at 2 shares.
        let r = two(30.0, 20.0);
        let s = shares_to_pass(&r, 2, 2, Target::User(3)).unwrap();
        assert_eq!((s.shares_now, s.needed, s.fewer()), (1, 2, 1));
        assert_eq!((s.at.position, s.one_fewer.position), (1, 2));
        assert_eq!(
            shares_to_pass(&r, 3, 3, Target::User(2)),
            Err(NoAnswer::AlreadyAbove)
        );
        assert_eq!(
            shares_to_pass(&r, 2, 0, Target::User(3)),
            Err(NoAnswer::NotOnPath)
        );
        assert_eq!(
            shares_to_pass(&r, 2, 3, Target::User(3)),
            Err(NoAnswer::NotOnPath)
        );
        // The account a is alone under the root: its shares change nothing.
        assert_eq!(
            shares_to_pass(&r, 2, 1, Target::User(3)),
            Err(NoAnswer::NotEnoughShares)
        );
    }

    #[test]
    fn idle_time_needs_others_to_run_and_is_a_period_boundary() {
        let r = two(3600.0, 1800.0);
        let schedule = Schedule::default();
        // Nobody runs: decay alone keeps the order.
        assert_eq!(
            idle_until_above(&r, 2, Target::User(3), &[], &schedule, 10_000),
            Err(NoAnswer::DecayNeverGetsThere)
        );
        // u2 runs one CPU from now on; u1's own job is ignored ("if I stop").
        let jobs = [
            Job::running(crate::AssocId(4), 1.0, 0),
            Job::running(crate::AssocId(3), 100.0, 0),
        ];
        let idle = idle_until_above(&r, 2, Target::User(3), &jobs, &schedule, 10_000).unwrap();
        assert_eq!(idle.at.position, 1);
        assert_eq!(
            idle.seconds,
            i64::try_from(idle.periods).unwrap() * schedule.period()
        );
        // One period earlier it was not above (a horizon one period shorter finds nothing).
        let earlier = idle_until_above(&r, 2, Target::User(3), &jobs, &schedule, idle.periods - 1);
        assert_eq!(earlier, Err(NoAnswer::DecayNeverGetsThere));
        // The same answer as a period-by-period scan with the decay engine.
        let scan = crate::decay::time_until_rank(
            r.tree(),
            crate::AssocId(3),
            crate::decay::RankTarget::PositionAtMost(1),
            &jobs[..1],
            &schedule,
            10_000,
        )
        .unwrap();
        assert_eq!(scan.periods, idle.periods);
        assert_eq!(
            idle_until_above(&r, 3, Target::User(2), &jobs, &schedule, 10),
            Err(NoAnswer::AlreadyAbove)
        );
    }

    #[test]
    fn targets_are_typed_as_positions_fairshares_or_users() {
        let r = two(10.0, 20.0);
        let t = r.tree();
        assert_eq!(parse_target(t, " 2 "), Ok(Target::Position(2)));
        assert_eq!(parse_target(t, "0.5"), Ok(Target::FairShare(0.5)));
        assert_eq!(parse_target(t, "fs=1"), Ok(Target::FairShare(1.0)));
        assert_eq!(parse_target(t, "u2"), Ok(Target::User(3)));
        assert_eq!(parse_target(t, "a/u2"), Ok(Target::User(3)));
        assert_eq!(
            parse_target(t, "a"),
            Err(TargetProblem::NotAUser("a".into()))
        );
        assert_eq!(
            parse_target(t, "nobody"),
            Err(TargetProblem::NoSuchUser("nobody".into()))
        );
        assert_eq!(parse_target(t, ""), Err(TargetProblem::Empty));
        assert_eq!(
            parse_target(t, "99999999999"),
            Ok(Target::Position(u32::MAX))
        );
    }

    #[test]
    fn running_jobs_are_typed_as_user_billable_pairs() {
        let r = two(10.0, 20.0);
        let t = r.tree();
        let jobs = parse_running(t, " u2=4, a/u1 = 0.5 ,").unwrap();
        assert_eq!(jobs.len(), 2);
        assert_eq!((jobs[0].assoc, jobs[0].billable), (crate::AssocId(4), 4.0));
        assert_eq!((jobs[1].assoc, jobs[1].billable), (crate::AssocId(3), 0.5));
        assert_eq!(parse_running(t, ""), Ok(vec![]));
        assert_eq!(
            parse_running(t, "u2"),
            Err(RunningProblem::NotAPair("u2".into()))
        );
        assert_eq!(
            parse_running(t, "x=1"),
            Err(RunningProblem::NoSuchUser("x".into()))
        );
        assert_eq!(
            parse_running(t, "u2=-1"),
            Err(RunningProblem::BadBillable("-1".into()))
        );
    }

    #[test]
    fn units_follow_the_weights_and_default_to_core_seconds() {
        let u = Units::default();
        assert_eq!(u.core_hours(7200.0), 2.0);
        assert_eq!(u.gpu_hours(7200.0), None);
        let w = crate::format::parse_tres_weights("CPU=2,GRES/gpu=10,Node=64").unwrap();
        let u = Units::from_weights(&w);
        assert_eq!(u.core_hours(7200.0), 1.0);
        assert_eq!(u.gpu_hours(72000.0), Some(2.0));
        assert_eq!(u.node_hours(3600.0 * 64.0), Some(1.0));
    }

    #[test]
    fn best_account_names_the_account_with_the_lowest_position_after_the_job() {
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
          {"id": 3, "parent": 1, "account": "b", "user": null, "shares": 1},
          {"id": 4, "parent": 2, "account": "a", "user": "me", "shares": 1, "usage_raw": 1000},
          {"id": 5, "parent": 2, "account": "a", "user": "x", "shares": 1, "usage_raw": 10},
          {"id": 6, "parent": 3, "account": "b", "user": "me", "shares": 1, "usage_raw": 10},
          {"id": 7, "parent": 3, "account": "b", "user": "y", "shares": 1, "usage_raw": 100}
        ]}"#;
        let tree = crate::scenario::parse(text).0.unwrap().tree;
        let r = Ranked::new(&tree, TieRule::Slurm);
        let best = best_account(&r, 3, Some(50)).unwrap();
        assert_eq!(best.options.len(), 2);
        assert_eq!(r.tree().assocs()[best.best_option().assoc].account, "b");
        assert_eq!(best.best_option().after_job.unwrap().position, 1);
        assert_eq!(best.options[0].now.position, 4);
    }
}
