//! The session's stored form: what [`super::encode`] writes as JSON and [`super::decode`] reads
//! back, and how a [`Saved`] becomes one (the history within its budget).

use std::sync::Arc;

use fairshare::decay::Job;
use fairshare::{AssocId, Scenario, TieRule};
use serde::{Deserialize, Serialize};

use super::cache::JsonCache;
use super::{HISTORY_JSON_BUDGET, MAX_SAVED_STEPS, Saved};
use crate::presets;
use crate::state::{DecayClock, DecayInputs, Snapshot};

#[derive(Clone, Serialize, Deserialize)]
pub(super) struct StoredSnapshot {
    pub(super) scenario: String,
    /// Absent when equal to the scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) baseline: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) preset: Option<String>,
    /// Absent: Slurm's decay defaults, no jobs, t = 0 at the start of the jobs' clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) decay: Option<StoredDecay>,
}

/// The decay timeline's inputs, and where its t = 0 is on the jobs' clock. The tree saved is
/// its own t = 0 (the timeline restarts at the time shown, as after an edit), so the jobs stay
/// where they were in time.
#[derive(Clone, Serialize, Deserialize)]
pub(super) struct StoredDecay {
    pub(super) half_life: String,
    pub(super) period: String,
    #[serde(default)]
    pub(super) epoch: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) jobs: Vec<StoredJob>,
}

/// A job of the decay timeline; numbers as `fairshare::format::shortest` prints them (read back
/// exactly by `fairshare::format::parse_f64`).
#[derive(Clone, Serialize, Deserialize)]
pub(super) struct StoredJob {
    pub(super) user: u32,
    pub(super) billable: String,
    pub(super) start: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) end: Option<i64>,
    /// Absent: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) usage_factor: Option<String>,
}

pub(super) fn store_decay(clock: &DecayClock) -> Option<StoredDecay> {
    let clock = clock.restarted();
    if clock == DecayClock::default() {
        return None;
    }
    let shortest = fairshare::format::shortest;
    Some(StoredDecay {
        half_life: clock.inputs.half_life.to_string(),
        period: clock.inputs.period.to_string(),
        epoch: clock.epoch,
        jobs: clock
            .inputs
            .jobs
            .iter()
            .map(|j| StoredJob {
                user: j.assoc.0,
                billable: shortest(j.billable),
                start: j.start,
                end: j.end,
                usage_factor: (j.usage_factor != 1.0).then(|| shortest(j.usage_factor)),
            })
            .collect(),
    })
}

/// The clock a stored timeline gives; texts that do not read fall back to Slurm's defaults,
/// and jobs whose numbers do not read are left out.
pub(super) fn load_decay(stored: Option<StoredDecay>) -> DecayClock {
    let Some(stored) = stored else {
        return DecayClock::default();
    };
    let defaults = DecayInputs::default();
    let minutes = fairshare::format::parse_slurm_minutes;
    let number = |text: &str| fairshare::format::parse_f64(text).filter(|x| x.is_finite());
    let jobs = stored
        .jobs
        .iter()
        .filter_map(|j| {
            let billable = number(&j.billable).filter(|b| *b >= 0.0)?;
            let usage_factor = match &j.usage_factor {
                Some(text) => number(text)?,
                None => 1.0,
            };
            let job = Job::running(AssocId(j.user), billable, j.start);
            let job = match j.end {
                Some(end) => job.until(end),
                None => job,
            };
            Some(job.with_usage_factor(usage_factor))
        })
        .collect();
    DecayClock {
        epoch: stored.epoch,
        time: 0,
        base: None,
        inputs: DecayInputs {
            half_life: match minutes(&stored.half_life) {
                Some(_) => Arc::from(stored.half_life.trim()),
                None => defaults.half_life,
            },
            period: match minutes(&stored.period) {
                Some(m) if m >= 1 => Arc::from(stored.period.trim()),
                _ => defaults.period,
            },
            jobs,
        },
    }
}

#[derive(Clone, Serialize, Deserialize)]
pub(super) struct StoredSession {
    pub(super) current: StoredSnapshot,
    #[serde(default)]
    pub(super) undo: Vec<StoredSnapshot>,
    #[serde(default)]
    pub(super) redo: Vec<StoredSnapshot>,
    #[serde(default)]
    pub(super) selected: Option<u32>,
    #[serde(default)]
    pub(super) compare_with: Option<u32>,
    #[serde(default)]
    pub(super) documented_ties: bool,
    /// Absent (false) in sessions saved before it existed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) before: bool,
    /// Absent in sessions saved before it existed, or saved from an address without a link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) from: Option<u64>,
}

pub(super) fn store(s: &Snapshot, cache: &mut JsonCache) -> StoredSnapshot {
    StoredSnapshot {
        scenario: cache.json(&s.scenario),
        baseline: (s.baseline != s.scenario).then(|| cache.json(&s.baseline)),
        preset: s.preset.map(str::to_string),
        decay: store_decay(&s.decay),
    }
}

pub(super) fn load(s: StoredSnapshot) -> Option<Snapshot> {
    let parse = |text: &str| fairshare::scenario::parse(text).0;
    let scenario = parse(&s.scenario)?;
    let baseline = match s.baseline {
        Some(text) => parse(&text)?,
        None => scenario.clone(),
    };
    Some(Snapshot {
        scenario,
        baseline,
        printed: Arc::from([]),
        preset: s.preset.as_deref().and_then(presets::by_id).map(|p| p.id),
        // The tree restored is its own t = 0, at the same moment of the jobs' clock.
        decay: load_decay(s.decay),
    })
}

/// Stored snapshots of `stack`, newest first, within the step count and the JSON budget.
pub(super) fn newest_within_budget(
    stack: &[Snapshot],
    budget: &mut usize,
    cache: &mut JsonCache,
) -> Vec<StoredSnapshot> {
    let mut res = Vec::new();
    for snapshot in stack.iter().rev().take(MAX_SAVED_STEPS) {
        let stored = store(snapshot, cache);
        let size = stored.scenario.len() + stored.baseline.as_ref().map_or(0, String::len);
        if size > *budget {
            break;
        }
        *budget -= size;
        res.push(stored);
    }
    res
}

/// The first scenario the session needs whose JSON the cache does not hold, in the order
/// [`build`] prints them (the history only as far as its budget reaches).
pub(super) fn first_unprinted(saved: &Saved, cache: &mut JsonCache) -> Result<(), Scenario> {
    let mut len = |s: &Scenario| cache.known_len(s).ok_or_else(|| s.clone());
    let mut snapshot_len = |s: &Snapshot| -> Result<usize, Scenario> {
        let scenario = len(&s.scenario)?;
        let baseline = if s.baseline == s.scenario {
            0
        } else {
            len(&s.baseline)?
        };
        Ok(scenario + baseline)
    };
    snapshot_len(&saved.current)?;
    let mut budget = HISTORY_JSON_BUDGET;
    for stack in [saved.history.undo_stack(), saved.history.redo_stack()] {
        for snapshot in stack.iter().rev().take(MAX_SAVED_STEPS) {
            let size = snapshot_len(snapshot)?;
            if size > budget {
                break;
            }
            budget -= size;
        }
    }
    Ok(())
}

/// The session to store for `saved`, its history within [`HISTORY_JSON_BUDGET`].
pub(super) fn build(saved: &Saved, cache: &mut JsonCache) -> StoredSession {
    let current = store(&saved.current, cache);
    let mut budget = HISTORY_JSON_BUDGET;
    let mut undo = newest_within_budget(saved.history.undo_stack(), &mut budget, cache);
    let mut redo = newest_within_budget(saved.history.redo_stack(), &mut budget, cache);
    cache.finish();
    undo.reverse();
    redo.reverse();
    StoredSession {
        current,
        undo,
        redo,
        selected: saved.selected.map(|id| id.0),
        compare_with: saved.compare_with.map(|id| id.0),
        documented_ties: saved.tie_rule == TieRule::Documented,
        before: saved.before,
        from: saved.from,
    }
}
