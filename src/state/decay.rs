//! The decay timeline's clock and inputs, part of every undo step and of the saved session.

use std::sync::Arc;

use fairshare::AssocTree;
use fairshare::decay::{self, Job, Schedule};

/// Where the decay timeline stands and what it is made of (the decay panel moves it; every
/// other edit restarts it).
///
/// The decay panel's jobs are timed on one clock that never restarts; the timeline's t = 0 is
/// `epoch` seconds into it. The tree on screen is the tree at `time` seconds after t = 0,
/// computed from `base`, the tree at t = 0 (never decayed twice), with `inputs` (the schedule
/// and the jobs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecayClock {
    /// Seconds from the jobs' clock's start to the timeline's t = 0.
    pub epoch: i64,
    /// Seconds after t = 0 that the tree on screen shows.
    pub time: i64,
    /// The tree at t = 0, once the timeline has moved since it (re)started; `None`: the tree on
    /// screen is itself t = 0.
    pub base: Option<Arc<AssocTree>>,
    /// The schedule and the jobs the timeline is computed with.
    pub inputs: DecayInputs,
}

impl DecayClock {
    /// The clock after an edit that is not a move in time: t = 0 becomes the tree as it is,
    /// at the same moment of the jobs' clock (the schedule and the jobs stay).
    pub fn restarted(&self) -> DecayClock {
        DecayClock {
            epoch: self.epoch.saturating_add(self.time),
            time: 0,
            base: None,
            inputs: self.inputs.clone(),
        }
    }
}

/// The decay timeline's inputs, as the person gave them in the decay panel: part of every undo
/// step and of the saved session.
#[derive(Clone, Debug, PartialEq)]
pub struct DecayInputs {
    /// PriorityDecayHalfLife as typed (a Slurm time string that `parse_slurm_minutes` reads).
    pub half_life: Arc<str>,
    /// PriorityCalcPeriod as typed (at least one minute).
    pub period: Arc<str>,
    /// The jobs, timed on the jobs' clock (see [`DecayClock`]).
    pub jobs: Arc<[Job]>,
}

impl Default for DecayInputs {
    /// Slurm's defaults (7 days, 5 minutes) and no jobs.
    fn default() -> Self {
        DecayInputs {
            half_life: Arc::from("7-0"),
            period: Arc::from("5"),
            jobs: Arc::from([]),
        }
    }
}

impl DecayInputs {
    /// The schedule the texts give (Slurm's default for a text that does not read: the
    /// intents accept only texts that do).
    pub fn schedule(&self) -> Schedule {
        let secs = |text: &str, default: u64| {
            fairshare::format::parse_slurm_minutes(text).map_or(default, decay::minutes_to_secs)
        };
        Schedule {
            half_life_secs: secs(&self.half_life, decay::DEFAULT_HALF_LIFE_SECS),
            calc_period_secs: secs(&self.period, decay::DEFAULT_CALC_PERIOD_SECS)
                .max(decay::minutes_to_secs(1)),
            no_state_file: false,
        }
    }
}
