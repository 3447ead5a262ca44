//! A classic run's values made a slice at a time: [`ArraysJob`], for a reader of every
//! association (the app's orders) that must not hold the thread for the whole run at once.

use std::sync::Arc;

use super::{
    Arrays, ClassicRun, Dirty, LongDouble, SharesPart, SharesStart, Source, Step, damping_divisor,
    every_value_of, plan_step, same_usage, shares_after, ua_of,
};

/// Makes a run's arrays ([`ClassicRun::compute_all`]) in slices of at most a given number of
/// associations each ([`ArraysJob::step`]): S, UA, the per-association plan and UE and F, each
/// a pass over the associations in the order the whole pass takes them, resumed where the last
/// slice stopped. The same operations in the same order as [`ClassicRun::compute_all`], so the
/// same bits (`tests/it/incremental.rs`). A run carried over from one whose arrays were made
/// keeps what the edit left (S after a usage edit); a shares edit, which computes again only
/// below the edited list, and DEPTH_OBLIVIOUS are made in one slice.
pub struct ArraysJob {
    run: Arc<ClassicRun>,
    stage: Stage,
}

enum Stage {
    Begin,
    Shares {
        start: Box<SharesStart>,
        at: usize,
    },
    Usage {
        shares: Arc<SharesPart>,
        ua: Vec<LongDouble>,
        at: usize,
    },
    Plan {
        shares: Arc<SharesPart>,
        usage_norm: Arc<Vec<LongDouble>>,
        steps: Vec<Step>,
    },
    Values {
        shares: Arc<SharesPart>,
        usage_norm: Arc<Vec<LongDouble>>,
        ue: Vec<LongDouble>,
        fs: Vec<f64>,
        at: usize,
    },
    Done,
}

impl ArraysJob {
    /// The job of making `run`'s arrays (nothing is computed until [`ArraysJob::step`]).
    pub fn new(run: Arc<ClassicRun>) -> ArraysJob {
        ArraysJob {
            run,
            stage: Stage::Begin,
        }
    }

    /// The run whose arrays this job makes.
    pub fn run(&self) -> &Arc<ClassicRun> {
        &self.run
    }

    /// Computes at most about `budget` associations' part of the run (at least one), and
    /// whether the arrays are made. Once they are, O(1).
    pub fn step(&mut self, budget: usize) -> bool {
        let budget = budget.max(1);
        let run = Arc::clone(&self.run);
        if run.arrays.get().is_some() {
            self.stage = Stage::Done;
            return true;
        }
        let h = &run.h;
        let n = h.len();
        let stage = std::mem::replace(&mut self.stage, Stage::Done);
        self.stage = match stage {
            Stage::Begin => {
                if run.depth_oblivious {
                    return self.whole();
                }
                let source = run.pending_source().filter(|p| p.h.len() == n);
                match source
                    .as_ref()
                    .and_then(|p| shares_after(&p.arrays.shares, &p.h, h))
                {
                    // A usage edit: S is kept, every UA, UE and F changes.
                    Some((shares, Dirty::Nothing))
                        if source.as_ref().is_some_and(|p| !same_usage(&p.h, h)) =>
                    {
                        Stage::Usage {
                            shares,
                            ua: vec![LongDouble::ZERO; n],
                            at: 0,
                        }
                    }
                    // Nothing but the parameters changed, or a shares edit (computed again
                    // only below the edited list): at once.
                    Some(_) => return self.whole(),
                    None => Stage::Shares {
                        start: Box::new(SharesStart::new(h, run.exact)),
                        at: 0,
                    },
                }
            }
            Stage::Shares { mut start, at } => {
                let end = (at + budget).min(start.topdown.len());
                start.shares_of(h, at..end);
                if end < start.topdown.len() {
                    Stage::Shares { start, at: end }
                } else {
                    Stage::Usage {
                        shares: Arc::new(start.finish()),
                        ua: vec![LongDouble::ZERO; n],
                        at: 0,
                    }
                }
            }
            Stage::Usage { shares, mut ua, at } => {
                // UA as `usage_norm` computes it: all 0 when the root's usage is.
                let end = match run.root_usage {
                    Some(d) => {
                        let end = (at + budget).min(n);
                        for (slot, &u) in ua[at..end].iter_mut().zip(&h.usage_raw[at..end]) {
                            *slot = ua_of(u, d);
                        }
                        end
                    }
                    None => n,
                };
                if end < n {
                    Stage::Usage {
                        shares,
                        ua,
                        at: end,
                    }
                } else {
                    Stage::Plan {
                        shares,
                        usage_norm: Arc::new(ua),
                        steps: Vec::new(),
                    }
                }
            }
            Stage::Plan {
                shares,
                usage_norm,
                mut steps,
            } => {
                if shares.plan.get().is_none() {
                    let at = steps.len();
                    let end = (at + budget).min(shares.topdown.len());
                    steps.extend(
                        shares.topdown[at..end]
                            .iter()
                            .map(|&ix| plan_step(h, &shares.shares_norm, ix)),
                    );
                    if end < shares.topdown.len() {
                        self.stage = Stage::Plan {
                            shares,
                            usage_norm,
                            steps,
                        };
                        return false;
                    }
                    // Made by another reader meanwhile: the same steps.
                    let _ = shares.plan.set(steps);
                }
                Stage::Values {
                    shares,
                    usage_norm,
                    ue: vec![LongDouble::ZERO; n],
                    fs: vec![0.0; n],
                    at: 0,
                }
            }
            Stage::Values {
                shares,
                usage_norm,
                mut ue,
                mut fs,
                at,
            } => {
                let steps = shares.plan.get().map_or(&[][..], Vec::as_slice);
                let end = (at + budget).min(steps.len());
                let damping = damping_divisor(run.damping_factor);
                every_value_of(
                    &steps[at..end],
                    &shares.fraction,
                    &usage_norm,
                    damping,
                    &mut ue,
                    &mut fs,
                );
                if end < steps.len() {
                    Stage::Values {
                        shares,
                        usage_norm,
                        ue,
                        fs,
                        at: end,
                    }
                } else {
                    let arrays = Arrays {
                        shares,
                        usage_norm,
                        usage_effective: Arc::new(ue),
                        fairshare: Arc::new(fs),
                        sibling_usage: Arc::new(Vec::new()),
                    };
                    run.arrays.get_or_init(|| arrays);
                    // What the arrays would have been carried over from is not needed now.
                    drop(run.take_source());
                    Stage::Done
                }
            }
            Stage::Done => Stage::Done,
        };
        matches!(self.stage, Stage::Done)
    }

    /// The rest at once.
    fn whole(&mut self) -> bool {
        self.run.compute_all();
        self.stage = Stage::Done;
        true
    }
}

impl ClassicRun {
    /// The source the arrays would be carried over from, taken out.
    fn take_source(&self) -> Option<Source> {
        match self.source.lock() {
            Ok(mut s) => s.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        }
    }
}
