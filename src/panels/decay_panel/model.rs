//! What the decay panel computes, as plain functions (tested natively): the tree at a time, the
//! readouts, the slider's horizon, the jobs seen from the timeline's t = 0, and the answer to
//! "how long until I am back above X?".
//!
//! Every number is the engine's (`decay::advance_usage`, `decay::usage_at`,
//! `decay::time_until_rank`, `diff::run_diff`); this module only chooses what to ask it.

use fairshare::decay::{self, Job, RankTarget, Schedule};
use fairshare::diff::run_diff;
use fairshare::{AssocId, AssocTree, LongDouble, Ranked, TieRule, TreeError};

/// The jobs as seen from the timeline's t = 0, which is `epoch` seconds into the jobs' clock:
/// times move back by `epoch`, and jobs that were over by then are left out (their usage is in
/// the tree at t = 0 already). Each comes with its index in `jobs`.
pub fn jobs_from(jobs: &[Job], epoch: i64) -> Vec<(usize, Job)> {
    jobs.iter()
        .enumerate()
        .filter(|(_, j)| j.end.is_none_or(|e| e > epoch))
        .map(|(i, j)| {
            let job = Job {
                start: j.start.saturating_sub(epoch),
                end: j.end.map(|e| e.saturating_sub(epoch)),
                ..j.clone()
            };
            (i, job)
        })
        .collect()
}

/// [`jobs_from`] without the indices, measured from `now` seconds after t = 0.
pub fn jobs_at(jobs: &[Job], epoch: i64, now: i64) -> Vec<Job> {
    jobs_from(jobs, epoch.saturating_add(now))
        .into_iter()
        .map(|(_, j)| j)
        .collect()
}

/// `base` with its users' usage (and its accounts' retained usage) at time `t`, as Slurm's
/// decay thread (and `jobs`, timed from `base`'s t = 0) make it: the engine's
/// [`decay::tree_at`].
///
/// Accounts keep the value they had in `base` (Slurm re-sums account usage from its users, and
/// so does the engine), so that time 0 gives back `base` itself.
pub fn tree_at(
    base: &AssocTree,
    jobs: &[Job],
    schedule: &Schedule,
    t: i64,
) -> Result<AssocTree, Vec<TreeError>> {
    decay::tree_at(base, jobs, schedule, t)
}

/// Root's usage and the selected association's (if any, and not root) at 0 and at `t`, from
/// the engine's [`decay::usage_at`] (cheap enough to follow the slider on big trees).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadoutUsages {
    /// Root's usage at 0 and at t.
    pub root: (LongDouble, LongDouble),
    /// The selected association's name, and its usage at 0 and at t.
    pub selected: Option<(String, LongDouble, LongDouble)>,
}

/// The readouts for `base` at `t` (jobs timed from `base`'s t = 0).
pub fn readout_usages(
    base: &AssocTree,
    jobs: &[Job],
    schedule: &Schedule,
    t: i64,
    selected: Option<AssocId>,
) -> Option<ReadoutUsages> {
    let root = base.assocs().first()?.id;
    let mut ids = vec![root];
    ids.extend(selected.filter(|&s| s != root && base.get(s).is_some()));
    let got = decay::usage_at(base, jobs, schedule, t, &ids);
    let (first, rest) = got.split_first()?;
    Some(ReadoutUsages {
        root: (first.start, first.at),
        selected: rest.first().and_then(|u| {
            let name = base.get(u.assoc)?.name().to_string();
            Some((name, u.start, u.at))
        }),
    })
}

/// The timeline's t = 0 (`base`, the tree then) ranked under `rule`, to compare the scenario
/// now with.
pub fn origin_run(base: &AssocTree, rule: TieRule) -> Ranked {
    Ranked::new(base, rule)
}

/// How many users rank differently now than at the timeline's t = 0, by the engine's
/// [`run_diff`] (users matched by id).
pub fn rank_changes(then: &Ranked, now: &Ranked) -> usize {
    run_diff(then, now, 0).moved.len()
}

/// Hours (from an input) to whole seconds; `None` unless finite and ≥ 0.
pub fn hours_to_secs(hours: f64) -> Option<i64> {
    (0.0..1e12)
        .contains(&hours)
        .then(|| (hours * 3600.0).round() as i64)
}

/// A number of at least 0 (billing TRES, hours).
pub fn parse_non_negative(text: &str) -> Option<f64> {
    fairshare::format::parse_f64(text.trim()).filter(|x| x.is_finite() && *x >= 0.0)
}

/// How far the slider reaches for a tree of `n_assocs` associations: four half-lives (a week
/// without decay), a whole number of calc periods, and at most as many cycles as stay quick to
/// simulate (a year of default cycles, fewer on big trees: about 5 million
/// association-cycles, never under a day of default cycles).
pub fn horizon_secs(schedule: &Schedule, n_assocs: usize) -> i64 {
    let p = schedule.period();
    let h = i64::try_from(schedule.half_life_secs).unwrap_or(i64::MAX / 8);
    let raw = if h > 0 {
        h.saturating_mul(4)
    } else {
        7 * 86_400
    };
    let budget = i64::try_from(5_000_000 / n_assocs.max(1)).unwrap_or(i64::MAX);
    let max_cycles = budget.clamp(288, decay::YEAR_OF_DEFAULT_PERIODS as i64);
    (raw / p).clamp(1, max_cycles) * p
}

/// `t` rounded to the nearest decay cycle (the slider steps by P; this guards typed values).
pub fn snap(t: i64, schedule: &Schedule, n_assocs: usize) -> i64 {
    let p = schedule.period();
    ((t.max(0) + p / 2) / p * p).min(horizon_secs(schedule, n_assocs))
}

/// The answer to "how long until I am back above X?".
#[derive(Clone, Debug, PartialEq)]
pub enum Until {
    /// Already true.
    Now {
        /// Position now (1 = first served).
        position: u32,
        /// FairShare now.
        fairshare: f64,
    },
    /// True after this many seconds.
    At {
        /// Seconds from now.
        secs: i64,
        /// Decay cycles from now.
        periods: u64,
        /// Position then (1 = first served).
        position: u32,
        /// FairShare then.
        fairshare: f64,
    },
    /// No job runs after now: only decay is left, which changes no rank.
    NeverDecayOnly,
    /// Not within the horizon.
    Never {
        /// The horizon searched, in seconds.
        horizon: i64,
    },
    /// The association is not a user.
    NotAUser,
}

/// When `user` first meets `target`, with `tree` as the usage now and `jobs` timed from now,
/// searched cycle by cycle by the engine (`decay::time_until_rank`) up to the slider's
/// horizon.
pub fn until(
    tree: &AssocTree,
    user: AssocId,
    target: RankTarget,
    jobs: &[Job],
    schedule: &Schedule,
) -> Until {
    if !tree.get(user).is_some_and(|a| a.is_user()) {
        return Until::NotAUser;
    }
    let horizon_periods = until_horizon_periods(tree.len(), schedule);
    match decay::time_until_rank(tree, user, target, jobs, schedule, horizon_periods) {
        Some(r) if r.periods == 0 => Until::Now {
            position: r.position,
            fairshare: r.fairshare,
        },
        Some(r) => Until::At {
            secs: r.time,
            periods: r.periods,
            position: r.position,
            fairshare: r.fairshare,
        },
        None if jobs
            .iter()
            .all(|j| j.end.is_some_and(|e| e <= 0) || tree.get(j.assoc).is_none()) =>
        {
            Until::NeverDecayOnly
        }
        None => Until::Never {
            horizon: i64::try_from(horizon_periods)
                .unwrap_or(i64::MAX)
                .saturating_mul(schedule.period()),
        },
    }
}

/// How many decay cycles [`until`] searches: the slider's horizon, but at most about 400,000
/// association-cycles of work (one Fair Tree run per cycle, about 1.3 µs per association
/// natively, more in WebAssembly), and never under an hour of default cycles. The answer names
/// the horizon, so a shorter search stays honest.
pub fn until_horizon_periods(n_assocs: usize, schedule: &Schedule) -> u64 {
    let full = u64::try_from(horizon_secs(schedule, n_assocs) / schedule.period()).unwrap_or(0);
    let budget = u64::try_from(400_000 / n_assocs.max(1)).unwrap_or(u64::MAX);
    full.min(budget.max(12))
}

/// What the "until" question asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// A position in the Fair Tree ranking (1..=N, 1 = first served), as people read it.
    Position,
    /// A FairShare value in [0, 1].
    FairShare,
}

/// A target from the form: a position in 1..=`n_users` (met at that position or better), or a
/// FairShare in [0, 1].
pub fn parse_target(kind: TargetKind, text: &str, n_users: usize) -> Option<RankTarget> {
    let text = text.trim();
    match kind {
        TargetKind::Position => {
            let p: u32 = text.parse().ok()?;
            (p >= 1 && (p as usize) <= n_users).then_some(RankTarget::PositionAtMost(p))
        }
        TargetKind::FairShare => {
            let f = fairshare::format::parse_f64(text)?;
            (f.is_finite() && (0.0..=1.0).contains(&f)).then_some(RankTarget::FairShareAtLeast(f))
        }
    }
}
