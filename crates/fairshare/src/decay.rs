//! Usage over time: Slurm's decay of `usage_raw`, new usage from jobs, and "when will I rank
//! higher?" (Slurm's `_apply_new_usage` and `_apply_decay`).
//!
//! Slurm's decay thread (`_decay_thread` in `priority_multifactor.c`) wakes every
//! PriorityCalcPeriod P seconds on an absolute schedule. With H = PriorityDecayHalfLife in
//! seconds, each cycle
//!
//! 1. multiplies every association's `usage_raw` by real = max(d^Δ, DBL_MIN), where
//!    **d = 1 − 0.693 / H** (d = 1 when H = 0) and Δ = now − last run (= P on schedule);
//!    nothing is decayed when there is no previous run (no state file) or Δ ≤ 0;
//! 2. charges every running job billable · r · d^r · UsageFactor, where r = now − max(last run,
//!    job start): new usage is decayed as if it had all happened at the start of its interval.
//!    A job that ends is charged the same way at its end, up to its end time
//!    (`priority_p_job_end`), so that charge is decayed by the next cycle.
//!
//! Per period, for a user with jobs j: **U ← U·d^P + Σ_j billable_j · r_j · d^{r_j} · UF_j**.
//! Because 0.693 is a truncated ln 2, d^H is not ½: for H = 7 days it is 0.500073.
//!
//! Numbers follow Slurm's types: d, d^Δ and each job's charge are doubles (`pow` from the
//! platform's maths library); usage is an 80-bit [`LongDouble`] multiplied by the (widened)
//! double factor and incremented by the (widened) double charge, as `usage_raw *= real_decay`
//! and `usage_raw += (long double)real_decay` do.
//!
//! **Every association's usage is carried, as Slurm carries it.** Usage vectors are indexed like
//! [`AssocTree::assocs`] and hold users *and* accounts: they start from the aggregated values of
//! [`Hierarchy::new`] (what Slurm computes when it loads associations), each cycle multiplies
//! every entry, and a job's charge is added to its association and to every ancestor. This
//! matters for ties: an account's decayed value round(Σ·f) is not always the sum of its users'
//! decayed values Σ round(u·f), and re-summing (which a tree rebuilt from user usages does)
//! splits ties that Slurm keeps, such as test24.4's uG1 and aGA after two cycles. To run Fair
//! Tree or classic on the simulated state exactly, use [`crate::Ranked::with_usages`];
//! [`tree_with_usages`] (users' values only, accounts re-summed) is for display and editing.
//! Accounts' retained usage (Slurm's `leaf_usage` of an account) is decayed with the rest
//! ([`UsageSim::retained`]); [`tree_at`] carries it into the tree at t.
//!
//! **Ranks under decay.** Decay multiplies every association's usage by the same factor, so
//! every U = usage / parent usage, every Level FS and so every Fair Tree rank stays the same:
//! decay alone never reorders users, only new usage does. One exception, in Slurm as here:
//! Level FS values that are mathematically equal but computed from different numbers (shares 10
//! with usage 10 beside shares 15 with usage 15) are tied or ordered by 80-bit rounding alone,
//! and a cycle's rounding can split, join or swap them (4 of the 135 Fair Tree vectors).
//!
//! PriorityUsageResetPeriod (Slurm's `_reset_usage`) is not modelled here.
//!
//! This module must stay pure: no clock, no IO; time is a number of seconds the caller chooses
//! (0 = the moment the given usage is current).

use crate::diag::{DiagKind, Diagnostic};
use crate::fair_tree::{self, TieRule};
use crate::hierarchy::Hierarchy;
use crate::ld::LongDouble;
use crate::tree::{AssocId, AssocTree, TreeError};

/// The 0.693 Slurm uses for ln 2 in d = 1 − 0.693 / H (ln 2 = 0.693147…).
pub(crate) const LN2_APPROX: f64 = 0.693;

/// Slurm's default PriorityDecayHalfLife, 7-0 (7 days), in seconds: 604800.
pub const DEFAULT_HALF_LIFE_SECS: u64 = 7 * 24 * 60 * 60;

/// Slurm's default PriorityCalcPeriod, 5 minutes, in seconds: 300.
pub const DEFAULT_CALC_PERIOD_SECS: u64 = 5 * 60;

/// One year of default calc periods (365 · 24 · 12 = 105120), a sensible search horizon.
pub const YEAR_OF_DEFAULT_PERIODS: u64 = 365 * 24 * 12;

/// slurm.conf gives PriorityDecayHalfLife and PriorityCalcPeriod in minutes (time strings such
/// as `7-0` are minutes too); `read_config.c` multiplies by 60. Saturates instead of wrapping.
pub const fn minutes_to_secs(minutes: u64) -> u64 {
    minutes.saturating_mul(60)
}

/// The per-second decay factor: **d = 1 − 0.693 / H** for a half-life of H > 0 seconds, else 1
/// (no decay). For H = 604800 (7 days), d = 0.9999988541666667.
pub fn decay_factor(half_life_secs: u64) -> f64 {
    if half_life_secs > 0 {
        1.0 - LN2_APPROX / half_life_secs as f64
    } else {
        1.0
    }
}

/// The factor one cycle applies after `secs` seconds: **max(d^secs, DBL_MIN)**, Slurm's
/// `real_decay` (the clamp keeps usage from underflowing to 0).
pub fn cycle_factor(half_life_secs: u64, secs: f64) -> f64 {
    decay_factor(half_life_secs)
        .powf(secs)
        .max(f64::MIN_POSITIVE)
}

/// Usage left after `secs` seconds of pure decay: **U · d^secs** (continuous in `secs`; Slurm
/// applies it in steps of P, which multiply to the same value up to rounding).
/// With the default half-life, `decayed(1.0, 604800.0, 604800)` = 0.500073.
pub fn decayed(usage: f64, secs: f64, half_life_secs: u64) -> f64 {
    usage * decay_factor(half_life_secs).powf(secs)
}

/// What a job adds for `run_secs` seconds of running with per-second factor `d`:
/// **billable · r · d^r · UF**, computed in Slurm's order ((r · d^r) · billable) · UF. The QOS
/// UsageFactor applies only when it is ≥ 0 (Slurm's "not set" is negative).
pub fn job_charge(billable: f64, run_secs: f64, usage_factor: f64, d: f64) -> f64 {
    let run_decay = run_secs * d.powf(run_secs);
    let mut charge = run_decay * billable;
    if usage_factor >= 0.0 {
        charge *= usage_factor;
    }
    charge
}

/// Seconds of pure decay until `usage` has fallen to `target` or below:
/// **t = ln(target / U) / ln d**, with ln of the double d Slurm actually uses (d is within
/// 1e-16 of 1 − 0.693/H, which moves ln d by about 1e-10 relative: enough to matter at the
/// 12th digit, so the closed form uses the same d as [`decayed`]).
///
/// `Some(0.0)` if `usage ≤ target` already; `None` if it never gets there (no decay, a target
/// ≤ 0, or a non-finite input).
pub fn secs_until_below(usage: f64, target: f64, half_life_secs: u64) -> Option<f64> {
    if !usage.is_finite() || !target.is_finite() {
        return None;
    }
    if usage <= target {
        return Some(0.0);
    }
    if target <= 0.0 || half_life_secs == 0 {
        return None;
    }
    let ln_d = decay_factor(half_life_secs).ln();
    Some((target / usage).ln() / ln_d)
}

/// The same, in whole calc periods: the smallest k with **U · (d^P)^k ≤ target**, i.e. the
/// number of decay cycles after which the usage shown is at or below the target (multiply by P
/// for seconds). Starts from ⌈t / P⌉ and corrects it against the product itself, so floating
/// error in the logarithms cannot make it off by one.
pub fn periods_until_below(
    usage: f64,
    target: f64,
    half_life_secs: u64,
    calc_period_secs: u64,
) -> Option<u64> {
    let t = secs_until_below(usage, target, half_life_secs)?;
    if t == 0.0 {
        return Some(0);
    }
    let p = calc_period_secs.max(1) as f64;
    let per_period = decay_factor(half_life_secs).powf(p);
    let at = |k: f64| usage * per_period.powf(k);
    let mut k = (t / p).ceil().max(1.0);
    while k > 1.0 && at(k - 1.0) <= target {
        k -= 1.0;
    }
    while at(k) > target {
        k += 1.0;
    }
    Some(k as u64)
}

/// A job, for the usage simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// The job's user association.
    pub assoc: AssocId,
    /// Billable TRES: allocated CPUs without `TRESBillingWeights`, otherwise the weighted sum
    /// (e.g. CPUs × the CPU billing weight). Must be finite and ≥ 0.
    pub billable: f64,
    /// Start time in seconds (may be negative: already running at time 0).
    pub start: i64,
    /// End time in seconds; `None` while the job is still running.
    pub end: Option<i64>,
    /// QOS UsageFactor (default 1); a negative value means "not set" and counts as 1.
    pub usage_factor: f64,
}

impl Job {
    /// A job on association `assoc` with `billable` TRES, running from `start` on (UsageFactor 1).
    pub fn running(assoc: AssocId, billable: f64, start: i64) -> Job {
        Job {
            assoc,
            billable,
            start,
            end: None,
            usage_factor: 1.0,
        }
    }

    /// The same job, ending at `end`.
    pub fn until(self, end: i64) -> Job {
        Job {
            end: Some(end),
            ..self
        }
    }

    /// The same job under a QOS with this UsageFactor.
    pub fn with_usage_factor(self, usage_factor: f64) -> Job {
        Job {
            usage_factor,
            ..self
        }
    }

    /// Whether the simulation uses this job, given its association's position (`None`: not in
    /// the tree): it exists, billable is finite and ≥ 0, and UsageFactor is not NaN or +∞ (jobs
    /// that fail are skipped, see [`job_problems`]).
    fn usable(&self, position: Option<usize>, n_assocs: usize) -> bool {
        position.is_some_and(|ix| ix < n_assocs)
            && self.billable.is_finite()
            && self.billable >= 0.0
            && !self.usage_factor.is_nan()
            && self.usage_factor != f64::INFINITY
    }

    /// This job with its association resolved to a position, for [`UsageSim`].
    fn placed(&self, assoc: usize) -> SimJob {
        SimJob {
            assoc,
            billable: self.billable,
            start: self.start,
            end: self.end,
            usage_factor: self.usage_factor,
        }
    }
}

/// A [`Job`] inside the simulation: its association as a position in the usage vector.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SimJob {
    assoc: usize,
    billable: f64,
    start: i64,
    end: Option<i64>,
    usage_factor: f64,
}

/// `jobs` placed in `tree` (unusable jobs become done-at-once jobs of position `usize::MAX`,
/// which the simulation skips).
fn place_jobs(tree: &AssocTree, jobs: &[Job]) -> (Vec<SimJob>, Vec<bool>) {
    let n = tree.len();
    jobs.iter()
        .map(|j| {
            let ix = tree.position(j.assoc);
            let usable = j.usable(ix, n);
            (j.placed(ix.unwrap_or(usize::MAX)), usable)
        })
        .unzip()
}

/// Problems with jobs, one diagnostic per bad job (the simulation skips such jobs).
pub fn job_problems(tree: &AssocTree, jobs: &[Job]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, j) in jobs.iter().enumerate() {
        let job = i + 1;
        match tree.get(j.assoc) {
            None => out.push(Diagnostic::error(
                None,
                DiagKind::JobNoAssoc {
                    job,
                    assoc: j.assoc,
                },
            )),
            Some(a) if !a.is_user() => out.push(Diagnostic::warning(
                None,
                DiagKind::JobOnAccount {
                    job,
                    name: a.name().to_string(),
                },
            )),
            Some(_) => {}
        }
        if !(j.billable.is_finite() && j.billable >= 0.0) {
            out.push(Diagnostic::error(None, DiagKind::JobBillable { job }));
        }
        if j.usage_factor.is_nan() || j.usage_factor == f64::INFINITY {
            out.push(Diagnostic::error(None, DiagKind::JobUsageFactor { job }));
        }
        if let Some(end) = j.end
            && end < j.start
        {
            out.push(Diagnostic::warning(
                None,
                DiagKind::JobEndsBeforeStart { job },
            ));
        }
    }
    out
}

/// Decay settings and how the simulation starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// PriorityDecayHalfLife H in seconds (0 = no decay).
    pub half_life_secs: u64,
    /// PriorityCalcPeriod P in seconds (0 is read as 1).
    pub calc_period_secs: u64,
    /// slurmctld starts at time 0 **without** its `priority_last_decay_ran` state file. Its first
    /// cycle runs at once, at time 0, with no previous run time: it decays nothing, and it
    /// charges each running job from the job's own start, so a job that started before 0 is
    /// charged for all of its earlier run time again (as Slurm does). Cycles at P, 2P, … are
    /// normal. Off (the default): the usage given is as of a cycle at time 0, and jobs are
    /// charged only from time 0 on.
    pub no_state_file: bool,
}

impl Default for Schedule {
    /// Slurm's defaults: H = 7 days, P = 5 minutes, a state file present.
    fn default() -> Self {
        Schedule {
            half_life_secs: DEFAULT_HALF_LIFE_SECS,
            calc_period_secs: DEFAULT_CALC_PERIOD_SECS,
            no_state_file: false,
        }
    }
}

impl Schedule {
    /// P in seconds, at least 1.
    pub fn period(&self) -> i64 {
        i64::try_from(self.calc_period_secs.max(1)).unwrap_or(i64::MAX)
    }
}

/// Most 80-bit additions one batch of job charges may spend walking up ancestor chains (see
/// [`UsageSim`]); beyond, the batch is summed up the tree once instead.
pub(crate) const EXACT_CHARGE_WORK: u64 = 1 << 20;

/// Usage advancing through Slurm's decay cycles, with jobs. Cycles run at P, 2P, 3P, … (and at
/// 0 with [`Schedule::no_state_file`]).
///
/// **Cost per cycle: O(n + jobs)** for n associations: an 80-bit soft-float multiply per
/// association, and the cycle's job charges (a `powf` each) as one or two batches (the jobs that
/// ended before the cycle, then the running ones). Slurm adds each charge to the job's
/// association and then to every ancestor, one rounded 80-bit addition at a time; that is what
/// a batch does while it costs at most [`EXACT_CHARGE_WORK`] additions (jobs × depth), so the
/// values are Slurm's bit for bit. A larger batch (many jobs deep in a deep tree) charges each
/// job's association only and then sums the charges up the tree once, children before parents:
/// O(n + jobs), and still bit for bit wherever an association receives at most one charge in
/// the batch; where it receives several, their sum is added in one rounding instead of one per
/// charge (a difference in the last bits, reported by `UsageSim::approximated` (tests)).
#[derive(Clone, Debug)]
pub struct UsageSim {
    usage: Vec<LongDouble>,
    /// Each account's retained usage (Slurm's `leaf_usage` of an account), decayed with the
    /// rest; empty when no account has any.
    retained: Vec<LongDouble>,
    parent: Vec<Option<usize>>,
    /// Associations with children before parents (those on a parent cycle are left out).
    bottom_up: Vec<usize>,
    /// Ancestors of each association plus one (what a charge's walk costs), capped at n + 1.
    walk_len: Vec<u32>,
    jobs: Vec<SimJob>,
    /// Whether each job's final charge has been made (or it never needs one).
    done: Vec<bool>,
    schedule: Schedule,
    d: f64,
    last_ran: i64,
    now: i64,
    cycles: u64,
    /// 80-bit operations spent (decay multiplies and charge additions).
    work: u64,
    /// Whether a batch was summed up the tree (see the type's doc).
    approximated: bool,
}

impl UsageSim {
    /// Starts at time 0 from the usage of `tree`'s hierarchy (users' own, accounts' aggregated,
    /// as Slurm holds it after loading) and `jobs`, charging jobs up the real parent chain.
    /// Jobs that ended at or before 0 are taken to be in the usage already; unusable jobs (see
    /// [`job_problems`]) are ignored.
    pub fn from_tree(tree: &AssocTree, jobs: &[Job], schedule: Schedule) -> UsageSim {
        UsageSim::with_hierarchy(tree, &Hierarchy::new(tree), jobs, schedule)
    }

    /// [`UsageSim::from_tree`] with `tree`'s hierarchy already derived.
    pub(crate) fn with_hierarchy(
        tree: &AssocTree,
        h: &Hierarchy,
        jobs: &[Job],
        schedule: Schedule,
    ) -> UsageSim {
        let (placed, usable) = place_jobs(tree, jobs);
        let mut sim = UsageSim::from_parts(
            h.usage_raw.clone(),
            h.parent.to_vec(),
            placed,
            &usable,
            schedule,
        );
        if h.has_retained_usage() {
            sim.retained = (0..h.len()).map(|ix| h.retained_usage(ix)).collect();
        }
        sim
    }

    /// Starts from explicit per-association usage and direct parents (same length; a job's
    /// charge goes to its association and every ancestor through `parent`); `usable[i]` says
    /// whether job i is simulated at all.
    pub(crate) fn from_parts(
        usage: Vec<LongDouble>,
        parent: Vec<Option<usize>>,
        jobs: Vec<SimJob>,
        usable: &[bool],
        schedule: Schedule,
    ) -> UsageSim {
        let n = usage.len().min(parent.len());
        let done = jobs
            .iter()
            .zip(usable)
            .map(|(j, &ok)| !ok || j.assoc >= n || j.end.is_some_and(|e| e <= 0))
            .collect();
        let (bottom_up, walk_len) = chain_order(&parent[..n]);
        let mut sim = UsageSim {
            usage,
            retained: Vec::new(),
            parent,
            bottom_up,
            walk_len,
            jobs,
            done,
            schedule,
            d: decay_factor(schedule.half_life_secs),
            last_ran: 0,
            now: 0,
            cycles: 0,
            work: 0,
            approximated: false,
        };
        if schedule.no_state_file {
            // Slurm's first cycle with g_last_ran = 0: no decay; running jobs are charged from
            // their own start (`_apply_new_usage` takes max(last_ran, start) with last_ran 0).
            let batch: Vec<(usize, LongDouble)> = (0..sim.jobs.len())
                .filter(|&i| !sim.done[i])
                .filter_map(|i| sim.charge(i, sim.jobs[i].start, 0))
                .collect();
            sim.apply(&batch, EXACT_CHARGE_WORK);
        }
        sim
    }

    /// 80-bit operations spent so far (decay multiplies and charge additions): the work
    /// counter of the resource tests.
    #[cfg(any(test, feature = "testing"))]
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whether some batch of charges was summed up the tree rather than walked (see
    /// [`UsageSim`]): the values may then differ from Slurm's in the last bits.
    #[cfg(any(test, feature = "testing"))]
    pub fn approximated(&self) -> bool {
        self.approximated
    }

    /// The current usage of every association, indexed like [`AssocTree::assocs`].
    pub fn usage(&self) -> &[LongDouble] {
        &self.usage
    }

    /// The current retained usage of every account ([`crate::tree::Assoc::retained_usage`]),
    /// indexed like [`AssocTree::assocs`]: decayed by every cycle, as Slurm decays each
    /// account's `leaf_usage`. Empty when no account has any.
    pub fn retained(&self) -> &[LongDouble] {
        &self.retained
    }

    /// The current time in seconds.
    pub fn now(&self) -> i64 {
        self.now
    }

    /// How many cycles have run (not counting the one at 0 with `no_state_file`).
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Whether every job has ended and been charged, so only decay is left.
    pub fn jobs_finished(&self) -> bool {
        self.done.iter().all(|&d| d)
    }

    /// Job `i`'s charge for running from max(`from`, start) to `to`, with its association; `None`
    /// if it ran no time then.
    fn charge(&self, i: usize, from: i64, to: i64) -> Option<(usize, LongDouble)> {
        let job = &self.jobs[i];
        let begin = from.max(job.start);
        let r = to.saturating_sub(begin);
        if r <= 0 {
            return None;
        }
        let c = job_charge(job.billable, r as f64, job.usage_factor, self.d);
        Some((job.assoc, LongDouble::from_f64(c)))
    }

    /// Adds a batch of charges, in order, to their associations and every ancestor, as
    /// `_apply_new_usage` does: walking each chain while that costs at most `exact_work`
    /// additions, otherwise summed up the tree once (see [`UsageSim`]).
    fn apply(&mut self, batch: &[(usize, LongDouble)], exact_work: u64) {
        let walk: u64 = batch
            .iter()
            .map(|&(a, _)| u64::from(self.walk_len.get(a).copied().unwrap_or(0)))
            .sum();
        if walk <= exact_work {
            for &(assoc, c) in batch {
                let mut at = Some(assoc);
                // Bounded walk: a parent vector with a cycle cannot loop forever.
                for _ in 0..=self.usage.len() {
                    let Some(a) = at else { break };
                    if let Some(slot) = self.usage.get_mut(a) {
                        *slot = slot.add(c);
                        self.work += 1;
                    }
                    at = self.parent.get(a).copied().flatten();
                }
            }
            return;
        }
        // Each association's own charges, then its children's sums, then onto its usage.
        let n = self.usage.len();
        let mut delta = vec![LongDouble::ZERO; n];
        let mut charged = vec![0u8; n];
        for &(a, c) in batch {
            if let Some(d) = delta.get_mut(a) {
                *d = d.add(c);
                charged[a] = charged[a].saturating_add(1);
                self.work += 1;
            }
        }
        for k in 0..self.bottom_up.len() {
            let a = self.bottom_up[k];
            if charged[a] == 0 {
                continue;
            }
            self.approximated |= charged[a] > 1;
            self.usage[a] = self.usage[a].add(delta[a]);
            self.work += 1;
            if let Some(p) = self.parent[a].filter(|&p| p < n) {
                delta[p] = delta[p].add(delta[a]);
                charged[p] = charged[p].saturating_add(charged[a]);
                self.work += 1;
            }
        }
    }

    /// Charges every job that ends in (last cycle, `t`], in order of end time (Slurm charges a
    /// job when it ends).
    fn charge_ends_until(&mut self, t: i64) {
        let ending: Vec<(i64, usize)> = self
            .jobs
            .iter()
            .enumerate()
            .filter_map(|(i, j)| match j.end {
                Some(e) if !self.done[i] && e <= t => Some((e, i)),
                _ => None,
            })
            .collect();
        // By end time, then job: (end with its sign bit flipped, which orders like the end
        // itself, and position) pairs, the element type of Fair Tree's sibling sort, so that
        // the wasm holds one copy of the sort for both.
        let mut tagged: Vec<(u128, u32)> = ending
            .iter()
            .enumerate()
            .map(|(pos, &(end, i))| {
                let end = u128::from(end.cast_unsigned() ^ (1 << 63));
                ((end << 64) | i as u128, pos as u32)
            })
            .collect();
        tagged.sort_unstable();
        let mut batch = Vec::with_capacity(ending.len());
        for (end, i) in tagged.iter().map(|&(_, pos)| ending[pos as usize]) {
            batch.extend(self.charge(i, self.last_ran, end));
            self.done[i] = true;
        }
        self.apply(&batch, EXACT_CHARGE_WORK);
    }

    /// Runs the next cycle, at last cycle + P: job ends before it are charged, then every
    /// association's usage is multiplied by max(d^P, DBL_MIN), then running jobs are charged
    /// for the period.
    pub fn next_cycle(&mut self) {
        let p = self.schedule.period();
        let at = self.last_ran.saturating_add(p);
        self.charge_ends_until(at);
        let real = cycle_factor(self.schedule.half_life_secs, p as f64);
        if real != 1.0 {
            // Slurm skips the multiplication when real_decay is exactly 1.
            let f = LongDouble::from_f64(real);
            for u in &mut self.usage {
                *u = u.mul(f);
            }
            for r in &mut self.retained {
                *r = r.mul(f);
            }
            self.work += (self.usage.len() + self.retained.len()) as u64;
        }
        let batch: Vec<(usize, LongDouble)> = (0..self.jobs.len())
            .filter(|&i| !self.done[i] && self.jobs[i].start < at)
            .filter_map(|i| self.charge(i, self.last_ran, at))
            .collect();
        self.apply(&batch, EXACT_CHARGE_WORK);
        self.last_ran = at;
        self.now = at;
        self.cycles += 1;
    }

    /// Advances to time `t` (no-op if `t` is not after now): every cycle at or before `t`, then
    /// the end-of-job charges of jobs ending after the last cycle and by `t`.
    pub fn advance_to(&mut self, t: i64) {
        if t <= self.now {
            return;
        }
        let p = self.schedule.period();
        while self.last_ran.saturating_add(p) <= t {
            self.next_cycle();
        }
        self.charge_ends_until(t);
        self.now = t;
    }
}

/// Every association's usage, indexed like [`AssocTree::assocs`], as Slurm holds it after
/// loading: users their own, accounts and root the sum of their users' and of their retained
/// usage ([`Hierarchy::new`]).
pub fn usage_of(tree: &AssocTree) -> Vec<LongDouble> {
    Hierarchy::new(tree).usage_raw
}

/// The usage of every association of `tree` advanced from time 0 to `t` seconds by `jobs`: the
/// one-call form of [`UsageSim`]. Indexed like [`AssocTree::assocs`]; feed it back with
/// [`crate::Ranked::with_usages`] (exact) or [`tree_with_usages`] (users only).
pub fn advance_usage(
    tree: &AssocTree,
    jobs: &[Job],
    schedule: &Schedule,
    t: i64,
) -> Vec<LongDouble> {
    let mut sim = UsageSim::from_tree(tree, jobs, *schedule);
    sim.advance_to(t);
    sim.usage
}

/// One association's usage at time 0 and at time `t`, from [`usage_at`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UsageAt {
    /// The association.
    pub assoc: AssocId,
    /// Its usage at time 0, as Slurm holds it after loading (accounts: their users' sum and
    /// retained usage).
    pub start: LongDouble,
    /// Its usage after `t` seconds of decay cycles and jobs.
    pub at: LongDouble,
}

/// The usage of each of `assocs` (ids not in `tree` are skipped) at time 0 and at `t` seconds,
/// exactly as [`advance_usage`] gives it, without simulating the rest of the tree.
///
/// An association's usage evolves on its own: every cycle multiplies it by the same factor, and
/// adds the charges of the jobs on it or below it (each charge is added to every ancestor).
/// So each one is simulated as a single entry carrying the jobs of its subtree: the same
/// 80-bit operations in the same order, O(n + cycles · jobs) in all instead of O(cycles · n).
/// This is what a readout that follows a time slider on a big tree needs.
pub fn usage_at(
    tree: &AssocTree,
    jobs: &[Job],
    schedule: &Schedule,
    t: i64,
    assocs: &[AssocId],
) -> Vec<UsageAt> {
    let h = Hierarchy::new(tree);
    let (placed, usable) = place_jobs(tree, jobs);
    let ids: Vec<AssocId> = tree.assocs().iter().map(|a| a.id).collect();
    assocs
        .iter()
        .filter_map(|&id| {
            let ix = tree.position(id)?;
            let (mine, ok): (Vec<SimJob>, Vec<bool>) = placed
                .iter()
                .zip(&usable)
                .filter(|(j, _)| {
                    ids.get(j.assoc)
                        .is_some_and(|&user| tree.is_ancestor_or_self(id, user))
                })
                .map(|(j, &ok)| {
                    (
                        SimJob {
                            assoc: 0,
                            ..j.clone()
                        },
                        ok,
                    )
                })
                .unzip();
            let start = h.usage_raw[ix];
            let mut sim = UsageSim::from_parts(vec![start], vec![None], mine, &ok, *schedule);
            sim.advance_to(t);
            Some(UsageAt {
                assoc: id,
                start,
                at: sim.usage[0],
            })
        })
        .collect()
}

/// `tree` as it stands `t` seconds on (jobs timed from its t = 0): every user's usage and every
/// account's retained usage as Slurm's decay cycles and `jobs` leave them ([`UsageSim`]), for
/// display and editing; accounts keep the `usage_raw` given (ignored, as always), so that time
/// 0 gives back `tree` itself. Its hierarchy re-sums account usage; to rank exactly what Slurm
/// holds, use [`advance_usage`] with [`crate::Ranked::with_usages`].
pub fn tree_at(
    tree: &AssocTree,
    jobs: &[Job],
    schedule: &Schedule,
    t: i64,
) -> Result<AssocTree, Vec<TreeError>> {
    let mut sim = UsageSim::from_tree(tree, jobs, *schedule);
    sim.advance_to(t);
    let mut assocs = tree.assocs().to_vec();
    for (ix, a) in assocs.iter_mut().enumerate() {
        if a.is_user() {
            a.usage_raw = sim.usage[ix];
        } else if let Some(&r) = sim.retained.get(ix) {
            a.retained_usage = r;
        }
    }
    AssocTree::new(assocs)
}

/// A copy of `tree` with every association's `usage_raw` replaced by `usage[i]` (entries beyond
/// the vector keep their value). Account values are stored but, as always, ignored: the tree's
/// hierarchy re-sums its users (and the accounts' retained usage, kept as given: [`tree_at`]
/// decays it too). One O(n) rebuild, unlike n calls of [`AssocTree::with_usage`].
pub fn tree_with_usages(
    tree: &AssocTree,
    usage: &[LongDouble],
) -> Result<AssocTree, Vec<TreeError>> {
    let mut assocs = tree.assocs().to_vec();
    for (a, u) in assocs.iter_mut().zip(usage) {
        a.usage_raw = *u;
    }
    AssocTree::new(assocs)
}

/// Puts Slurm's per-association usage (indexed like [`AssocTree::assocs`]) in place of the
/// hierarchy's re-summed one; entries beyond `usage` keep the summed value
/// ([`crate::Ranked::with_usages`]).
pub(crate) fn set_usages(h: &mut Hierarchy, usage: &[LongDouble]) {
    for (slot, u) in h.usage_raw.iter_mut().zip(usage) {
        *slot = *u;
    }
}

/// Associations with children before parents, and each one's walk length to the root (itself
/// and its ancestors), from a parent vector that may be arbitrary: an association on a parent
/// cycle (or below one) is left out of the order and its walk counted as n + 1. O(n).
fn chain_order(parent: &[Option<usize>]) -> (Vec<usize>, Vec<u32>) {
    let n = parent.len();
    let valid = |p: Option<usize>| p.filter(|&p| p < n);
    let mut children = vec![0u32; n];
    for &p in parent {
        if let Some(p) = valid(p) {
            children[p] += 1;
        }
    }
    // Kahn's algorithm from the leaves up.
    let mut order: Vec<usize> = (0..n).filter(|&a| children[a] == 0).collect();
    let mut k = 0;
    while k < order.len() {
        if let Some(p) = valid(parent[order[k]]) {
            children[p] -= 1;
            if children[p] == 0 {
                order.push(p);
            }
        }
        k += 1;
    }
    // Nodes on a cycle never reach the order (the ones below them do, but their walks run into
    // the cycle). Walk lengths from the top down: finite where the chain reaches a root.
    let cap = u32::try_from(n).unwrap_or(u32::MAX).saturating_add(1);
    let mut walk = vec![cap; n];
    let mut finite = vec![false; n];
    for &a in order.iter().rev() {
        match valid(parent[a]) {
            None => {
                walk[a] = 1;
                finite[a] = true;
            }
            Some(p) if finite[p] => {
                walk[a] = walk[p].saturating_add(1).min(cap);
                finite[a] = true;
            }
            Some(_) => {}
        }
    }
    (order, walk)
}

/// What [`time_until_rank`] looks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RankTarget {
    /// Fair Tree rank ≥ R (Slurm's rank: N is the best).
    RankAtLeast(u32),
    /// Position ≤ P, as people read the ranking (1 = first served; position = N − rank + 1).
    PositionAtMost(u32),
    /// FairShare (rank / N) ≥ F.
    FairShareAtLeast(f64),
}

/// When and how a target was reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankReached {
    /// The cycle's time in seconds (0 = already true now).
    pub time: i64,
    /// How many calc periods from now.
    pub periods: u64,
    /// The user's rank then (Slurm's: N is the best).
    pub rank: u32,
    /// The user's position then (1 = first served).
    pub position: u32,
    /// The user's FairShare then.
    pub fairshare: f64,
}

/// The user's Fair Tree (rank, position, FairShare) with `h` holding these usages.
fn rank_with(
    tree: &AssocTree,
    h: &mut Hierarchy,
    usage: &[LongDouble],
    user: usize,
) -> Option<(u32, u32, f64)> {
    set_usages(h, usage);
    let run = fair_tree::run_with(tree, h, TieRule::Slurm);
    let a = run.assocs.get(user)?;
    Some((a.rank?, run.position(user)?, a.fairshare?))
}

/// The earliest calc-period boundary, from now (0) up to `horizon_periods` periods ahead, at which
/// `user` meets `target` under Fair Tree, with usage evolving by `jobs` and `schedule`.
///
/// Found by computation: the usage is stepped cycle by cycle ([`UsageSim`], every association
/// carried as Slurm carries it) and Fair Tree is run on the whole tree at each boundary (the
/// hierarchy is derived once). The cost is O(periods · n log n): one full Fair Tree run, trace
/// included, per period. Measured natively on a busy 2-core machine: test24.4's 35
/// associations take about 46 µs per period, so a year of 5-minute periods (105,120) takes
/// about 5 s; a generated 1,000-association tree takes about 0.7 ms per period. In WebAssembly
/// expect more: keep the horizon short or run it off the UI thread.
///
/// Once every job has ended and been charged, only decay is left, and decay multiplies every
/// usage by the same factor, which leaves every Fair Tree ratio and so every rank unchanged
/// (except where 80-bit rounding alone separates mathematically equal Level FS values; see
/// the module doc). The search therefore stops at the first boundary after that and returns
/// `None` if the target does not hold there.
///
/// `None` also if `user` is not a user association of `tree`, or the target is not reached
/// within the horizon.
pub fn time_until_rank(
    tree: &AssocTree,
    user: AssocId,
    target: RankTarget,
    jobs: &[Job],
    schedule: &Schedule,
    horizon_periods: u64,
) -> Option<RankReached> {
    let ix = tree.position(user)?;
    if !tree.assocs()[ix].is_user() {
        return None;
    }
    let meets = |rank: u32, position: u32, fs: f64| match target {
        RankTarget::RankAtLeast(r) => rank >= r,
        RankTarget::PositionAtMost(p) => position <= p,
        RankTarget::FairShareAtLeast(f) => fs >= f,
    };
    // The hierarchy is derived once; each period only swaps its usage values.
    let mut h = Hierarchy::new(tree);
    let mut sim = UsageSim::with_hierarchy(tree, &h, jobs, *schedule);
    for k in 0..=horizon_periods {
        if k > 0 {
            sim.next_cycle();
        }
        let (rank, position, fairshare) = rank_with(tree, &mut h, sim.usage(), ix)?;
        if meets(rank, position, fairshare) {
            return Some(RankReached {
                time: sim.now(),
                periods: k,
                rank,
                position,
                fairshare,
            });
        }
        if k > 0 && sim.jobs_finished() {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld(x: f64) -> LongDouble {
        LongDouble::from_f64(x)
    }

    /// Root 0, a chain 0 → 1 → 2, a leaf 3 under 1 and 4 under 0.
    fn small() -> UsageSim {
        let usage = [0.1, 0.7, 0.3, 1.0 / 3.0, 5.0].map(ld).to_vec();
        let parent = vec![None, Some(0), Some(1), Some(1), Some(0)];
        UsageSim::from_parts(usage, parent, Vec::new(), &[], Schedule::default())
    }

    #[test]
    fn summing_up_the_tree_equals_the_walk_when_each_gets_one_charge() {
        // One charge: every sum up the tree is that charge, exactly.
        for batch in [[(2, ld(0.3))], [(3, ld(1e-7))], [(4, ld(2.0 / 3.0))]] {
            let (mut walked, mut summed) = (small(), small());
            walked.apply(&batch, u64::MAX);
            summed.apply(&batch, 0);
            assert_eq!(walked.usage, summed.usage);
            assert!(!walked.approximated && !summed.approximated);
        }
    }

    #[test]
    fn several_charges_under_one_account_are_walked_unless_too_many() {
        // 0.1 + 1/3 + 1/3 rounds twice when walked, once (onto a rounded sum) when summed.
        let batch = [(2, ld(1.0 / 3.0)), (3, ld(1.0 / 3.0))];
        let (mut walked, mut summed) = (small(), small());
        walked.apply(&batch, EXACT_CHARGE_WORK);
        summed.apply(&batch, 0);
        let by_hand = ld(0.1).add(ld(1.0 / 3.0)).add(ld(1.0 / 3.0));
        assert_eq!(walked.usage[0], by_hand);
        assert!(!walked.approximated());
        assert!(summed.approximated());
        assert_eq!(walked.usage[2..], summed.usage[2..], "one charge each");
        let rel = (walked.usage[0].to_f64() - summed.usage[0].to_f64()).abs();
        assert!(rel < 1e-15, "{rel}");
        assert_eq!(walked.work, 6);
        assert_eq!(summed.work, 2 + 4 + 3);
    }

    #[test]
    fn a_parent_cycle_is_walked_a_bounded_number_of_times() {
        // 0 ↔ 1 with 2 below: no root at all; nothing loops, nothing panics.
        let usage = vec![LongDouble::ZERO; 3];
        let parent = vec![Some(1), Some(0), Some(0)];
        let (order, walk) = chain_order(&parent);
        assert_eq!(order, [2]);
        assert_eq!(walk, [4, 4, 4]);
        for limit in [0, u64::MAX] {
            let mut sim = UsageSim::from_parts(
                usage.clone(),
                parent.clone(),
                Vec::new(),
                &[],
                Schedule::default(),
            );
            sim.apply(&[(2, ld(1.0)), (9, ld(1.0))], limit);
            assert_eq!(sim.usage[2], ld(1.0));
        }
    }

    #[test]
    fn defaults_are_slurms() {
        assert_eq!(minutes_to_secs(7 * 24 * 60), DEFAULT_HALF_LIFE_SECS);
        assert_eq!(DEFAULT_CALC_PERIOD_SECS, 300);
        assert_eq!(decay_factor(0), 1.0);
        assert_eq!(decay_factor(DEFAULT_HALF_LIFE_SECS), 0.9999988541666667);
    }

    #[test]
    fn charge_uses_usage_factor_only_when_set() {
        let d = 0.5;
        assert_eq!(job_charge(4.0, 2.0, -1.0, d), 2.0);
        assert_eq!(job_charge(4.0, 2.0, 0.5, d), 1.0);
        assert_eq!(job_charge(4.0, 2.0, 0.0, d), 0.0);
    }
}
