//! `<DecayPanel/>`: usage decay over time (region `Usage decay over time`).
//!
//! Inputs PriorityDecayHalfLife and PriorityCalcPeriod (Slurm time strings), a time slider, jobs
//! on the timeline, and "how long until I am back above X?" for the selected user.
//!
//! **How time moves the tree (the design choice).** The panel keeps a small [`Timeline`] of its
//! own signals: the tree at t = 0 (`base`), the time, the jobs. While the slider is dragged
//! (`input`) only the panel's readouts follow it (the decay factor d^t and the usage at t, from
//! the engine's simulation); when it is released (`change`, also fired by each arrow key) the
//! usages at t replace the scenario's through [`AppState::advance_time`], an intent built on
//! `AppState::edit`. So each move is one undoable edit, Level FS and ranks recompute, and the
//! tree animates once, to where the ranking is at t. The usages are always computed from `base`
//! (never decayed twice), by `fairshare::decay`: Slurm's decay thread cycle by cycle. When the
//! scenario changes behind the timeline's back (an edit, an undo, a new preset), the timeline
//! restarts: t = 0 becomes the tree as it is then.
//!
//! Everything numeric here is the engine's (`decay::advance_usage`, `decay::decayed`,
//! `decay::time_until_rank`); the pure glue below (time strings, job mapping, the answer) is
//! tested natively.

use fairshare::decay::{self, Job, RankTarget, Schedule};
use fairshare::sshare::printf_f;
use fairshare::{AssocId, AssocTree, FairTreeRun, LongDouble, TreeError, fair_tree};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::common::CommonMsg;
use crate::messages::decay::DecayMsg;
use crate::messages::engine::tree_errors_text;
use crate::panels::classic_panel::field::Field;
use crate::panels::classic_panel::model::usage as fmt_usage;
use crate::panels::compare::MENU_LIMIT;
use crate::state::AppState;
use crate::widgets::row_window::window_around;

// ---------------------------------------------------------------------------------------------
// Pure glue (tested natively)
// ---------------------------------------------------------------------------------------------

/// A job placed on the timeline. Times are seconds from t = 0 of the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedJob {
    /// The user association it charges.
    pub user: AssocId,
    /// Billing TRES (e.g. CPUs).
    pub billable: f64,
    /// Start, seconds after t = 0.
    pub start: i64,
    /// End, or `None` while it keeps running.
    pub end: Option<i64>,
}

/// The engine's jobs for `tree`, with times measured from `now` (jobs of associations that no
/// longer exist are dropped).
pub fn engine_jobs(tree: &AssocTree, jobs: &[PlannedJob], now: i64) -> Vec<Job> {
    jobs.iter()
        .filter_map(|j| {
            let ix = tree.position(j.user)?;
            let job = Job::running(ix, j.billable, j.start.saturating_sub(now));
            Some(match j.end {
                Some(end) => job.until(end.saturating_sub(now)),
                None => job,
            })
        })
        .collect()
}

/// Every association's usage at `t` seconds after `base`, as Slurm's decay thread would have it
/// (indexed like `base.assocs()`).
pub fn usages_at(
    base: &AssocTree,
    jobs: &[PlannedJob],
    schedule: &Schedule,
    t: i64,
) -> Vec<LongDouble> {
    decay::advance_usage(base, &engine_jobs(base, jobs, 0), schedule, t)
}

/// Root's usage and one association's (`selected`, if any) at 0 and at `t` seconds after
/// `base`: the very arithmetic of [`usages_at`] (the engine's `UsageSim`, cycle by cycle) on
/// just those two values, so the readouts can follow the slider on big trees. A job charges
/// the selected association when its user is that association or below it; every job charges
/// root.
pub fn readout_usages(
    base: &AssocTree,
    jobs: &[PlannedJob],
    schedule: &Schedule,
    t: i64,
    selected: Option<AssocId>,
) -> ReadoutUsages {
    let h = fairshare::Hierarchy::new(base);
    let sel = selected
        .and_then(|id| base.position(id))
        .filter(|&ix| ix != h.root);
    let mut usage = vec![h.usage_raw[h.root]];
    let mut parent = vec![None];
    if let Some(ix) = sel {
        usage.push(h.usage_raw[ix]);
        parent.push(Some(0));
    }
    let sel_id = sel.map(|ix| base.assocs()[ix].id);
    let compact: Vec<Job> = engine_jobs(base, jobs, 0)
        .into_iter()
        .map(|mut job| {
            let user = base.assocs()[job.assoc].id;
            let below = sel_id.is_some_and(|s| base.is_ancestor_or_self(s, user));
            job.assoc = usize::from(below);
            job
        })
        .collect();
    let start = usage.clone();
    let mut sim = decay::UsageSim::from_parts(usage, parent, &compact, *schedule);
    sim.advance_to(t);
    let now = sim.usage();
    ReadoutUsages {
        root: (start[0], now[0]),
        selected: sel.map(|ix| (ix, start[1], now[1])),
    }
}

/// What [`readout_usages`] returns.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadoutUsages {
    /// Root's usage at 0 and at t.
    pub root: (LongDouble, LongDouble),
    /// The selected association's index, and its usage at 0 and at t.
    pub selected: Option<(usize, LongDouble, LongDouble)>,
}

/// `base` with its users' usage at time `t`.
///
/// Accounts keep the value they had in `base` (Slurm re-sums account usage from its users, and
/// so does the engine), so that time 0 gives back `base` itself.
pub fn tree_at(
    base: &AssocTree,
    jobs: &[PlannedJob],
    schedule: &Schedule,
    t: i64,
) -> Result<AssocTree, Vec<TreeError>> {
    let mut usage = usages_at(base, jobs, schedule, t);
    for (slot, a) in usage.iter_mut().zip(base.assocs()) {
        if !a.is_user() {
            *slot = a.usage_raw;
        }
    }
    decay::tree_with_usages(base, &usage)
}

pub use fairshare::format::{fmt_duration, fmt_hours, parse_slurm_minutes};

/// Hours (from an input) to whole seconds; `None` unless finite and ≥ 0.
pub fn hours_to_secs(hours: f64) -> Option<i64> {
    (0.0..1e12)
        .contains(&hours)
        .then(|| (hours * 3600.0).round() as i64)
}

/// A number of at least 0 (billing TRES, hours).
pub fn parse_non_negative(text: &str) -> Option<f64> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
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

/// The jobs as seen from a clock restarted at `shift` seconds: times move back by `shift`, and
/// jobs that were over by then are dropped (their usage is in the tree already).
pub fn shift_jobs(jobs: &[PlannedJob], shift: i64) -> Vec<PlannedJob> {
    jobs.iter()
        .filter(|j| j.end.is_none_or(|e| e > shift))
        .map(|j| PlannedJob {
            start: j.start.saturating_sub(shift),
            end: j.end.map(|e| e.saturating_sub(shift)),
            ..j.clone()
        })
        .collect()
}

/// The answer to "how long until I am back above X?".
#[derive(Clone, Debug, PartialEq)]
pub enum Until {
    /// Already true.
    Now {
        /// Rank now.
        rank: u32,
        /// FairShare now.
        fairshare: f64,
    },
    /// True after this many seconds.
    At {
        /// Seconds from now.
        secs: i64,
        /// Decay cycles from now.
        periods: u64,
        /// Rank then.
        rank: u32,
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

/// When `user` first meets `target`, with `tree` as the usage now (`now` seconds into the
/// timeline) and the planned jobs, searched cycle by cycle by the engine
/// (`decay::time_until_rank`) up to the slider's horizon.
pub fn until(
    tree: &AssocTree,
    user: AssocId,
    target: RankTarget,
    jobs: &[PlannedJob],
    now: i64,
    schedule: &Schedule,
) -> Until {
    if !tree.get(user).is_some_and(|a| a.is_user()) {
        return Until::NotAUser;
    }
    let engine = engine_jobs(tree, jobs, now);
    let horizon_periods = until_horizon_periods(tree.len(), schedule);
    match decay::time_until_rank(tree, user, target, &engine, schedule, horizon_periods) {
        Some(r) if r.periods == 0 => Until::Now {
            rank: r.rank,
            fairshare: r.fairshare,
        },
        Some(r) => Until::At {
            secs: r.time,
            periods: r.periods,
            rank: r.rank,
            fairshare: r.fairshare,
        },
        None if engine.iter().all(|j| j.end.is_some_and(|e| e <= 0)) => Until::NeverDecayOnly,
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

/// A target from the form: `rank` picks a rank (1..=N), otherwise a FairShare in [0, 1].
pub fn parse_target(rank: bool, text: &str, n_users: usize) -> Option<RankTarget> {
    let text = text.trim();
    if rank {
        let r: u32 = text.parse().ok()?;
        (r >= 1 && (r as usize) <= n_users).then_some(RankTarget::RankAtLeast(r))
    } else {
        let f: f64 = text.parse().ok()?;
        (f.is_finite() && (0.0..=1.0).contains(&f)).then_some(RankTarget::FairShareAtLeast(f))
    }
}

/// How many users (matched by id) have a different Fair Tree rank in `now` than in `then`.
pub fn rank_changes(
    then_tree: &AssocTree,
    then_run: &FairTreeRun,
    now_tree: &AssocTree,
    now_run: &FairTreeRun,
) -> usize {
    now_tree
        .assocs()
        .iter()
        .enumerate()
        .filter(|(ix, a)| {
            let now = now_run.assocs.get(*ix).and_then(|x| x.rank);
            let then = then_tree
                .position(a.id)
                .and_then(|j| then_run.assocs.get(j))
                .and_then(|x| x.rank);
            now.is_some() && now != then
        })
        .count()
}

// ---------------------------------------------------------------------------------------------
// The intent
// ---------------------------------------------------------------------------------------------

impl AppState {
    /// Moves the scenario to time `t` of a decay timeline that started at `base`: the users'
    /// usages become what Slurm's decay thread (and `jobs`) make of `base`'s after `t` seconds.
    /// One undoable edit (none if nothing changes). Returns the tree now on screen.
    pub fn advance_time(
        self,
        base: &AssocTree,
        jobs: &[PlannedJob],
        schedule: &Schedule,
        t: i64,
    ) -> Result<AssocTree, Vec<TreeError>> {
        let tree = tree_at(base, jobs, schedule, t)?;
        if self.scenario.with_untracked(|s| s.tree != tree) {
            self.edit(|_| Ok(tree.clone()))?;
        }
        Ok(tree)
    }
}

// ---------------------------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------------------------

/// How many trees the timeline remembers (to recognise undo and redo through its moves).
const VISITED_LIMIT: usize = 64;

/// The panel's own state: the timeline. `Copy`, passed to the parts of the panel.
#[derive(Clone, Copy)]
struct Timeline {
    half_life: RwSignal<u64>,
    half_life_text: RwSignal<String>,
    period: RwSignal<u64>,
    period_text: RwSignal<String>,
    /// The time of the last move (seconds after t = 0).
    time: RwSignal<i64>,
    /// The slider's position while it is dragged.
    preview: RwSignal<i64>,
    dragging: RwSignal<bool>,
    /// The tree at t = 0.
    base: RwSignal<Option<AssocTree>>,
    /// Trees the timeline put on screen, with their time (the base at 0 included), so that
    /// undo and redo through its moves keep their time.
    visited: RwSignal<Vec<(AssocTree, i64)>>,
    jobs: RwSignal<Vec<PlannedJob>>,
    error: RwSignal<Option<Vec<TreeError>>>,
    /// The time of the tree on screen, if the timeline put it there.
    known: Memo<Option<i64>>,
}

impl Timeline {
    fn new(state: AppState) -> Timeline {
        let visited = RwSignal::new(Vec::<(AssocTree, i64)>::new());
        let known = Memo::new(move |_| {
            state.scenario.with(|s| {
                visited.with(|v| {
                    v.iter()
                        .rev()
                        .find(|(t, _)| *t == s.tree)
                        .map(|(_, at)| *at)
                })
            })
        });
        Timeline {
            half_life: RwSignal::new(decay::DEFAULT_HALF_LIFE_SECS),
            half_life_text: RwSignal::new("7-0".to_string()),
            period: RwSignal::new(decay::DEFAULT_CALC_PERIOD_SECS),
            period_text: RwSignal::new("5".to_string()),
            time: RwSignal::new(0),
            preview: RwSignal::new(0),
            dragging: RwSignal::new(false),
            base: RwSignal::new(None),
            visited,
            jobs: RwSignal::new(Vec::new()),
            error: RwSignal::new(None),
            known,
        }
    }

    fn schedule(self) -> Schedule {
        Schedule {
            half_life_secs: self.half_life.get(),
            calc_period_secs: self.period.get(),
            no_state_file: false,
        }
    }

    fn schedule_untracked(self) -> Schedule {
        Schedule {
            half_life_secs: self.half_life.get_untracked(),
            calc_period_secs: self.period.get_untracked(),
            no_state_file: false,
        }
    }

    /// Whether the tree on screen is one the timeline put there.
    fn current(self) -> bool {
        self.known.with(Option::is_some)
    }

    /// The time shown: the slider while it is dragged, else the time of the tree on screen
    /// (0 once the timeline has restarted).
    fn shown(self) -> i64 {
        if self.dragging.get() {
            self.preview.get()
        } else {
            self.known.get().unwrap_or(0)
        }
    }

    /// The time of the tree on screen, for computations from "now".
    fn now_untracked(self) -> i64 {
        self.known.get_untracked().unwrap_or(0)
    }

    /// The tree at t = 0 (reactive).
    fn origin(self, state: AppState) -> AssocTree {
        match (self.current(), self.base.get()) {
            (true, Some(base)) => base,
            _ => state.scenario.with(|s| s.tree.clone()),
        }
    }

    /// Applies time `t` to the tree (one edit). If the tree was changed behind the timeline's
    /// back, the timeline restarts from it: t = 0 becomes that tree, and the jobs move with
    /// the clock (their times shift by the last move's time; jobs already over are dropped).
    fn move_to(self, state: AppState, t: i64) {
        let schedule = self.schedule_untracked();
        let n = state.scenario.with_untracked(|s| s.tree.len());
        let t = snap(t, &schedule, n);
        let base = match (self.current_untracked(), self.base.get_untracked()) {
            (true, Some(base)) => base,
            _ => {
                let shift = self.time.get_untracked();
                self.jobs.update(|jobs| {
                    *jobs = shift_jobs(jobs, shift);
                });
                self.visited.set(Vec::new());
                state.scenario.with_untracked(|s| s.tree.clone())
            }
        };
        let jobs = self.jobs.get_untracked();
        match state.advance_time(&base, &jobs, &schedule, t) {
            Ok(tree) => {
                self.visited.update(|v| {
                    if v.is_empty() {
                        v.push((base.clone(), 0));
                    }
                    v.push((tree, t));
                    if v.len() > VISITED_LIMIT {
                        // Keep the base (first) and the most recent moves.
                        v.remove(1);
                    }
                });
                self.base.set(Some(base));
                self.time.set(t);
                self.preview.set(t);
                self.error.set(None);
            }
            Err(e) => self.error.set(Some(e)),
        }
        self.dragging.set(false);
    }

    fn current_untracked(self) -> bool {
        self.known.with_untracked(Option::is_some)
    }

    /// Re-applies the current time after the jobs or the schedule changed (the base's usages
    /// with the new jobs or schedule).
    fn reapply(self, state: AppState) {
        if self.current_untracked() {
            // The trees remembered were computed with the old jobs or schedule.
            let t = self.now_untracked();
            self.visited.update(|v| v.truncate(1));
            if t > 0 {
                self.move_to(state, t);
            }
        }
    }
}

/// The decay panel.
#[component]
pub fn DecayPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let tl = Timeline::new(state);
    view! {
        <section
            class="ft-panel ft-decay"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionDecay)
        >
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionDecay)}</h2>
            <p class="ft-panel-help">{i18n.t(DecayMsg::Intro)}</p>
            <DecayParams tl=tl />
            <TimeSlider tl=tl />
            <Jobs tl=tl />
            <UntilQuestion tl=tl />
        </section>
    }
}

/// PriorityDecayHalfLife and PriorityCalcPeriod, with the factors they give.
#[component]
fn DecayParams(tl: Timeline) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let on_half_life = Callback::new(move |text: String| match parse_slurm_minutes(&text) {
        Some(min) => {
            tl.half_life.set(decay::minutes_to_secs(min));
            tl.half_life_text.set(text.trim().to_string());
            tl.reapply(state);
            None
        }
        None => Some(
            DecayMsg::FieldHalfLife
                .text(i18n.lang_untracked())
                .to_string(),
        ),
    });
    let on_period = Callback::new(move |text: String| match parse_slurm_minutes(&text) {
        Some(min) if min >= 1 => {
            tl.period.set(decay::minutes_to_secs(min));
            tl.period_text.set(text.trim().to_string());
            tl.reapply(state);
            None
        }
        _ => Some(
            DecayMsg::FieldCalcPeriod
                .text(i18n.lang_untracked())
                .to_string(),
        ),
    });
    let factors = i18n.tf(DecayMsg::FactorLine, move || {
        let s = tl.schedule();
        let d = decay::decay_factor(s.half_life_secs);
        vec![
            ("h", s.half_life_secs.to_string()),
            ("d", format!("{d:.16}")),
            ("p", s.period().to_string()),
            (
                "dp",
                format!(
                    "{:.8}",
                    decay::cycle_factor(s.half_life_secs, s.period() as f64)
                ),
            ),
        ]
    });
    let fact = i18n.tf(DecayMsg::HalfLifeFact, move || {
        let h = tl.half_life.get();
        vec![("factor", printf_f(decay::decayed(1.0, h as f64, h)))]
    });
    let decays = move || tl.half_life.get() > 0;
    view! {
        <div class="ft-decay__params">
            <Field
                label=Signal::derive(move || DecayMsg::HalfLife.text(i18n.lang()).to_string())
                value=tl.half_life_text
                on_commit=on_half_life
                kind="text"
            />
            <p class="ft-panel-help">{i18n.t(DecayMsg::HalfLifeHelp)}</p>
            <Field
                label=Signal::derive(move || DecayMsg::CalcPeriod.text(i18n.lang()).to_string())
                value=tl.period_text
                on_commit=on_period
                kind="text"
            />
            <p class="ft-panel-help">{i18n.t(DecayMsg::CalcPeriodHelp)}</p>
            <Show when=decays fallback=move || view! { <p class="ft-readout">{i18n.t(DecayMsg::NoDecay)}</p> }>
                <p class="ft-readout">{factors}</p>
                <p class="ft-readout" data-testid="decay-half-life-fact">{fact}</p>
            </Show>
        </div>
    }
}

/// Usage at the slider's time, from the engine's simulation (for the readouts).
#[derive(Clone, Debug, PartialEq)]
struct Readout {
    root_from: String,
    root_to: String,
    selected: Option<(String, String, String)>,
}

/// The time slider and what it does to usage and ranks.
#[component]
fn TimeSlider(tl: Timeline) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let shown = Memo::new(move |_| tl.shown());
    let readout = Memo::new(move |_| {
        let origin = tl.origin(state);
        let r = readout_usages(
            &origin,
            &tl.jobs.get(),
            &tl.schedule(),
            shown.get(),
            state.selected.get(),
        );
        Readout {
            root_from: fmt_usage(r.root.0),
            root_to: fmt_usage(r.root.1),
            selected: r.selected.map(|(ix, from, to)| {
                let name = origin.assocs()[ix].name().to_string();
                (name, fmt_usage(from), fmt_usage(to))
            }),
        }
    });
    let origin_run = Memo::new(move |_| {
        let origin = tl.origin(state);
        let run = fair_tree::run(&origin);
        (origin, run)
    });
    let changed = Memo::new(move |_| {
        if !tl.current() {
            return 0;
        }
        origin_run.with(|(t0, r0)| {
            state
                .scenario
                .with(|s| state.run.with(|r| rank_changes(t0, r0, &s.tree, r)))
        })
    });
    let time_text = i18n.tf(DecayMsg::TimeValue, move || {
        let t = shown.get();
        vec![
            ("t", fmt_duration(t)),
            ("cycles", (t / tl.schedule().period()).to_string()),
        ]
    });
    let factor_text = i18n.tf(DecayMsg::FactorReadout, move || {
        let factor = decay::decayed(1.0, shown.get() as f64, tl.half_life.get());
        vec![("factor", printf_f(factor))]
    });
    let root_text = i18n.tf(DecayMsg::RootUsage, move || {
        readout.with(|r| vec![("from", r.root_from.clone()), ("to", r.root_to.clone())])
    });
    let selected_text = i18n.tf(DecayMsg::SelectedUsage, move || {
        readout.with(|r| {
            r.selected
                .clone()
                .map_or_else(Vec::new, |(name, from, to)| {
                    vec![("name", name), ("from", from), ("to", to)]
                })
        })
    });
    let changed_text = i18n.tf(DecayMsg::RanksChanged, move || {
        vec![("n", changed.get().to_string())]
    });
    let any_changed = move || changed.get() != 0;
    let n_assocs = move || state.scenario.with(|s| s.tree.len());
    let horizon = move || horizon_secs(&tl.schedule(), n_assocs()).to_string();
    let step = move || tl.schedule().period().to_string();
    view! {
        <div class="ft-decay__timeline">
            <label class="ft-numfield__label">
                <span class="ft-numfield__text">{i18n.t(DecayMsg::Time)}</span>
                <input
                    class="ft-decay__slider"
                    type="range"
                    min="0"
                    max=horizon
                    step=step
                    prop:value=move || shown.get().to_string()
                    aria-valuetext=move || fmt_duration(shown.get())
                    on:input=move |ev| {
                        if let Ok(t) = event_target_value(&ev).parse::<i64>() {
                            tl.dragging.set(true);
                            tl.preview.set(t);
                        }
                    }
                    on:change=move |ev| {
                        match event_target_value(&ev).parse::<i64>() {
                            Ok(t) => tl.move_to(state, t),
                            Err(_) => tl.dragging.set(false),
                        }
                    }
                />
            </label>
            <p class="ft-readout ft-readout--big" data-testid="decay-time">{time_text}</p>
            <p class="ft-readout" data-testid="decay-factor">{factor_text}</p>
            <p class="ft-readout" data-testid="decay-root-usage">{root_text}</p>
            <Show when=move || readout.with(|r| r.selected.is_some())>
                <p class="ft-readout" data-testid="decay-selected-usage">{selected_text}</p>
            </Show>
            <p class="ft-panel-help">{i18n.t(DecayMsg::ApplyHint)}</p>
            <Show when=move || tl.base.with(Option::is_some) && !tl.current()>
                <p class="ft-panel-help">{i18n.t(DecayMsg::Restarted)}</p>
            </Show>
            <Show when=move || tl.error.with(Option::is_some)>
                <p class="ft-numfield__error" role="alert">{move || tl.error.with(|e| e.as_deref().map(|e| tree_errors_text(e, i18n.lang())))}</p>
            </Show>
            <p class="ft-fnote ft-fnote--fact" data-testid="decay-rank-fact">{i18n.t(DecayMsg::RankFact)}</p>
            <p class="ft-readout" data-testid="decay-rank-changes">
                <Show when=any_changed fallback=move || i18n.t(DecayMsg::RanksSame)()>
                    {changed_text}
                </Show>
            </p>
        </div>
    }
}

/// Adding jobs to the timeline, and the list of them.
#[component]
fn Jobs(tl: Timeline) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let users = Memo::new(move |_| {
        state.scenario.with(|s| {
            s.tree
                .assocs()
                .iter()
                .filter(|a| a.is_user())
                .map(|a| (a.id, format!("{} ({})", a.name(), a.account)))
                .collect::<Vec<_>>()
        })
    });
    let chosen = RwSignal::new(None::<AssocId>);
    // The job's user: the one chosen, else the selected user, else the first user.
    let job_user = Memo::new(move |_| {
        let valid =
            |id: Option<AssocId>| id.filter(|id| users.with(|u| u.iter().any(|(x, _)| x == id)));
        valid(chosen.get())
            .or_else(|| valid(state.selected.get()))
            .or_else(|| users.with(|u| u.first().map(|(id, _)| *id)))
    });
    let billable = RwSignal::new(64.0);
    let hours = RwSignal::new(24.0);
    let start = RwSignal::new(None::<i64>);
    let running = RwSignal::new(false);
    let start_secs = move || start.get().unwrap_or_else(|| tl.shown());
    let field_msg = move |field: DecayMsg| {
        let lang = i18n.lang_untracked();
        DecayMsg::FieldNonNegative.fill(lang, &[("field", field.text(lang))])
    };
    let number = move |sig: RwSignal<f64>, field: DecayMsg| {
        Callback::new(move |text: String| match parse_non_negative(&text) {
            Some(x) => {
                sig.set(x);
                None
            }
            None => Some(field_msg(field)),
        })
    };
    let on_start = Callback::new(move |text: String| {
        match parse_non_negative(&text).and_then(hours_to_secs) {
            Some(s) => {
                start.set(Some(s));
                None
            }
            None => Some(field_msg(DecayMsg::JobStart)),
        }
    });
    let add_error = RwSignal::new(None::<String>);
    let add = move |_| {
        let Some(user) = job_user.get_untracked() else {
            add_error.set(Some(
                DecayMsg::JobNeedsUser
                    .text(i18n.lang_untracked())
                    .to_string(),
            ));
            return;
        };
        let begin = start.get_untracked().unwrap_or_else(|| tl.now_untracked());
        let end = (!running.get_untracked())
            .then(|| hours_to_secs(hours.get_untracked()).map(|h| begin.saturating_add(h)))
            .flatten();
        tl.jobs.update(|jobs| {
            jobs.push(PlannedJob {
                user,
                billable: billable.get_untracked(),
                start: begin,
                end,
            });
        });
        add_error.set(None);
        tl.reapply(state);
    };
    view! {
        <div class="ft-decay__jobs">
            <h3>{i18n.t(DecayMsg::JobsTitle)}</h3>
            <label class="ft-numfield__label">
                <span class="ft-numfield__text">{i18n.t(DecayMsg::JobUser)}</span>
                <select
                    class="ft-pselect"
                    on:change=move |ev| {
                        chosen.set(event_target_value(&ev).parse::<u32>().ok().map(AssocId));
                    }
                >
                    {move || {
                        // A long menu lists the users around the job's user (selecting a user
                        // in the tree moves it there): never one option per user of a big tree.
                        let on = job_user.get();
                        users
                            .with(|u| {
                                let centre = u.iter().position(|(id, _)| Some(*id) == on);
                                u[window_around(u.len(), centre, MENU_LIMIT)].to_vec()
                            })
                            .into_iter()
                            .map(|(id, label)| {
                                let on = job_user.get() == Some(id);
                                view! {
                                    <option value=id.0.to_string() selected=on>
                                        {label}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <Field
                label=Signal::derive(move || DecayMsg::JobBillable.text(i18n.lang()).to_string())
                value=Signal::derive(move || billable.get().to_string())
                on_commit=number(billable, DecayMsg::JobBillable)
                min="0"
            />
            <Field
                label=Signal::derive(move || DecayMsg::JobStart.text(i18n.lang()).to_string())
                value=Signal::derive(move || fmt_hours(start_secs()))
                on_commit=on_start
                min="0"
            />
            <label class="ft-pcheck">
                <input
                    type="checkbox"
                    prop:checked=move || running.get()
                    on:change=move |ev| running.set(event_target_checked(&ev))
                />
                <span>{i18n.t(DecayMsg::JobRunning)}</span>
            </label>
            <Show when=move || !running.get()>
                <Field
                    label=Signal::derive(move || DecayMsg::JobHours.text(i18n.lang()).to_string())
                    value=Signal::derive(move || hours.get().to_string())
                    on_commit=number(hours, DecayMsg::JobHours)
                    min="0"
                />
            </Show>
            <button type="button" class="ft-button" on:click=add>
                {i18n.t(DecayMsg::AddJob)}
            </button>
            <Show when=move || add_error.with(Option::is_some)>
                <p class="ft-numfield__error" role="alert">{move || add_error.get().unwrap_or_default()}</p>
            </Show>
            <JobList tl=tl />
        </div>
    }
}

/// The jobs on the timeline, each with a remove button.
#[component]
fn JobList(tl: Timeline) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let label = move |j: &PlannedJob| {
        state
            .scenario
            .with(|s| {
                s.tree
                    .get(j.user)
                    .map(|a| format!("{} ({})", a.name(), a.account))
            })
            .unwrap_or_else(|| format!("#{}", j.user.0))
    };
    let line = move |n: usize, j: PlannedJob| {
        let lang = i18n.lang();
        let n = (n + 1).to_string();
        let user = label(&j);
        let billable = j.billable.to_string();
        let start = fmt_duration(j.start);
        match j.end {
            Some(end) => DecayMsg::JobLine.fill(
                lang,
                &[
                    ("n", &n),
                    ("user", &user),
                    ("billable", &billable),
                    ("start", &start),
                    ("hours", &fmt_hours(end - j.start)),
                ],
            ),
            None => DecayMsg::JobLineRunning.fill(
                lang,
                &[
                    ("n", &n),
                    ("user", &user),
                    ("billable", &billable),
                    ("start", &start),
                ],
            ),
        }
    };
    let remove = move |i: usize| {
        tl.jobs.update(|jobs| {
            if i < jobs.len() {
                jobs.remove(i);
            }
        });
        tl.reapply(state);
    };
    view! {
        <Show
            when=move || tl.jobs.with(|j| !j.is_empty())
            fallback=move || view! { <p class="ft-panel-help">{i18n.t(DecayMsg::NoJobs)}</p> }
        >
            <ol class="ft-jobs" data-testid="decay-jobs">
                {move || {
                    tl.jobs
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, j)| {
                            let text = move || line(i, j.clone());
                            let name = move || {
                                DecayMsg::RemoveJob.fill(i18n.lang(), &[("n", &(i + 1).to_string())])
                            };
                            view! {
                                <li class="ft-jobs__item">
                                    <span>{text}</span>
                                    <button type="button" class="ft-button" on:click=move |_| remove(i)>
                                        {name}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </Show>
    }
}

/// "How long until I am back above X?" for the selected user, computed by the engine.
#[component]
fn UntilQuestion(tl: Timeline) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let by_rank = RwSignal::new(false);
    let target_text = RwSignal::new("0.5".to_string());
    let target = RwSignal::new(Some(RankTarget::FairShareAtLeast(0.5)));
    let answer = RwSignal::new(None::<(AssocId, AssocTree, Until)>);
    let user = Memo::new(move |_| {
        let id = state.selected.get()?;
        state.scenario.with(|s| {
            s.tree
                .get(id)
                .filter(|a| a.is_user())
                .map(|a| (id, a.name().to_string()))
        })
    });
    let n_users = move || state.scenario.with(|s| s.tree.n_users());
    let refusal = move || {
        let lang = i18n.lang_untracked();
        if by_rank.get_untracked() {
            DecayMsg::FieldRank.fill(lang, &[("n", &n_users().to_string())])
        } else {
            DecayMsg::FieldFairShare.text(lang).to_string()
        }
    };
    let on_value = Callback::new(move |text: String| {
        match parse_target(by_rank.get_untracked(), &text, n_users()) {
            Some(t) => {
                target.set(Some(t));
                target_text.set(text.trim().to_string());
                None
            }
            None => {
                target.set(None);
                Some(refusal())
            }
        }
    });
    let compute = move |_| {
        let (Some((id, _)), Some(t)) = (user.get_untracked(), target.get_untracked()) else {
            return;
        };
        let now = tl.now_untracked();
        let tree = state.scenario.with_untracked(|s| s.tree.clone());
        let res = until(
            &tree,
            id,
            t,
            &tl.jobs.get_untracked(),
            now,
            &tl.schedule_untracked(),
        );
        answer.set(Some((id, tree, res)));
    };
    // The answer stands while the question does: same user, same tree.
    let shown = Memo::new(move |_| {
        let (id, tree, res) = answer.get()?;
        let (sel, name) = user.get()?;
        let same = sel == id && state.scenario.with(|s| s.tree == tree);
        same.then_some((name, res))
    });
    let answer_text = move || shown.get().map(|(name, res)| until_text(i18n, &name, &res));
    view! {
        <div class="ft-decay__until">
            <h3>{i18n.t(DecayMsg::UntilTitle)}</h3>
            <Show
                when=move || user.with(Option::is_some)
                fallback=move || view! { <p class="ft-panel-help">{i18n.t(DecayMsg::UntilPick)}</p> }
            >
                <label class="ft-numfield__label">
                    <span class="ft-numfield__text">{i18n.t(DecayMsg::UntilKind)}</span>
                    <select
                        class="ft-pselect"
                        on:change=move |ev| {
                            let rank = event_target_value(&ev) == "rank";
                            by_rank.set(rank);
                            let text = if rank { n_users().to_string() } else { "0.5".to_string() };
                            target.set(parse_target(rank, &text, n_users()));
                            target_text.set(text);
                        }
                    >
                        <option value="fairshare" selected=move || !by_rank.get()>
                            {i18n.t(DecayMsg::UntilFairShare)}
                        </option>
                        <option value="rank" selected=move || by_rank.get()>
                            {i18n.t(DecayMsg::UntilRank)}
                        </option>
                    </select>
                </label>
                <Field
                    label=Signal::derive(move || DecayMsg::UntilValue.text(i18n.lang()).to_string())
                    value=target_text
                    on_commit=on_value
                    min="0"
                />
                <button
                    type="button"
                    class="ft-button"
                    disabled=move || target.with(Option::is_none)
                    on:click=compute
                >
                    {i18n.t(DecayMsg::UntilCompute)}
                </button>
            </Show>
            <p class="ft-answer" role="status" data-testid="decay-until">{answer_text}</p>
        </div>
    }
}

/// The answer in words.
fn until_text(i18n: I18n, name: &str, res: &Until) -> String {
    let lang = i18n.lang();
    match res {
        Until::Now { rank, fairshare } => DecayMsg::UntilNow.fill(
            lang,
            &[
                ("name", name),
                ("rank", &rank.to_string()),
                ("fs", &printf_f(*fairshare)),
            ],
        ),
        Until::At {
            secs,
            periods,
            rank,
            fairshare,
        } => DecayMsg::UntilAt.fill(
            lang,
            &[
                ("name", name),
                ("time", &fmt_duration(*secs)),
                ("periods", &periods.to_string()),
                ("rank", &rank.to_string()),
                ("fs", &printf_f(*fairshare)),
            ],
        ),
        Until::NeverDecayOnly => DecayMsg::UntilNeverNoJobs.fill(lang, &[("name", name)]),
        Until::Never { horizon } => DecayMsg::UntilNever.fill(
            lang,
            &[("name", name), ("horizon", &fmt_duration(*horizon))],
        ),
        Until::NotAUser => DecayMsg::UntilPick.text(lang).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::Hierarchy;

    fn classic_example() -> AssocTree {
        crate::presets::by_id("classic-example")
            .unwrap()
            .scenario()
            .tree
    }

    fn schedule() -> Schedule {
        Schedule::default()
    }

    #[test]
    fn hours_from_inputs_are_whole_seconds() {
        assert_eq!(hours_to_secs(1.5), Some(5400));
        assert_eq!(hours_to_secs(-1.0), None);
        assert_eq!(hours_to_secs(f64::NAN), None);
    }

    #[test]
    fn horizon_and_snapping_follow_the_schedule() {
        let s = schedule();
        assert_eq!(horizon_secs(&s, 14), 4 * 604_800);
        assert_eq!(snap(604_800, &s, 14), 604_800);
        assert_eq!(snap(604_949, &s, 14), 604_800);
        assert_eq!(snap(604_950, &s, 14), 605_100);
        assert_eq!(snap(-5, &s, 14), 0);
        assert_eq!(snap(i64::MAX / 2, &s, 14), horizon_secs(&s, 14));
        // Long half-lives and big trees are capped to what simulates quickly.
        let year = Schedule {
            half_life_secs: 365 * 86_400,
            ..s
        };
        assert_eq!(horizon_secs(&year, 14), 105_120 * 300);
        assert_eq!(horizon_secs(&s, 100_000), 288 * 300);
        assert_eq!(horizon_secs(&s, 5_000), 1000 * 300);
        let none = Schedule {
            half_life_secs: 0,
            calc_period_secs: 600,
            no_state_file: false,
        };
        assert_eq!(horizon_secs(&none, 14), 7 * 86_400);
    }

    /// One half-life of pure decay leaves Slurm's 0.500073 of every usage (hand-computed:
    /// (1 − 0.693/604800)^604800 = 0.5000730…), applied cycle by cycle as the panel applies it.
    #[test]
    fn one_half_life_halves_every_usage() {
        let base = classic_example();
        let tree = tree_at(&base, &[], &schedule(), 604_800).unwrap();
        let h0 = Hierarchy::new(&base);
        let h1 = Hierarchy::new(&tree);
        let ratio = h1.usage_raw[h1.root].to_f64() / h0.usage_raw[h0.root].to_f64();
        assert_eq!(printf_f(ratio), "0.500073");
        assert_eq!(
            printf_f(decay::decayed(1.0, 604_800.0, 604_800)),
            "0.500073"
        );
        let user1 = base.position(AssocId(211)).unwrap();
        assert!((tree.assocs()[user1].usage_raw.to_f64() - 20.0 * 0.500073).abs() < 1e-5);
        // Decay alone: the same ranks.
        let r0 = fair_tree::run(&base);
        let r1 = fair_tree::run(&tree);
        assert_eq!(rank_changes(&base, &r0, &tree, &r1), 0);
    }

    #[test]
    fn a_job_adds_usage_and_moves_ranks() {
        let base = classic_example();
        // User5 (AccountF, no usage) runs 100 billing TRES for 10 hours from t = 0.
        let jobs = [PlannedJob {
            user: AssocId(321),
            billable: 100.0,
            start: 0,
            end: Some(36_000),
        }];
        let usages = usages_at(&base, &jobs, &schedule(), 36_000);
        let ix = base.position(AssocId(321)).unwrap();
        let d = decay::decay_factor(604_800);
        // Charged per 300 s cycle as billable · r · d^r, then decayed by the later cycles.
        let per_cycle = decay::job_charge(100.0, 300.0, 1.0, d);
        // The job ends exactly at the 120th cycle: Slurm charges an ending job before that
        // cycle's decay, so its last charge is decayed once.
        let mut want = 0.0;
        for _ in 0..119 {
            want = want * d.powf(300.0) + per_cycle;
        }
        want = (want + per_cycle) * d.powf(300.0);
        assert!(
            (usages[ix].to_f64() - want).abs() < 1e-6 * want,
            "{} vs {want}",
            usages[ix].to_f64()
        );
        let tree = tree_at(&base, &jobs, &schedule(), 36_000).unwrap();
        let r0 = fair_tree::run(&base);
        let r1 = fair_tree::run(&tree);
        assert!(rank_changes(&base, &r0, &tree, &r1) > 0);
    }

    #[test]
    fn readouts_equal_the_whole_tree_simulation() {
        let base = classic_example();
        let jobs = [
            PlannedJob {
                user: AssocId(211),
                billable: 3.0,
                start: 600,
                end: Some(7_250),
            },
            PlannedJob {
                user: AssocId(311),
                billable: 0.5,
                start: 0,
                end: None,
            },
        ];
        let t = 2 * 86_400 + 1_234;
        let full = usages_at(&base, &jobs, &schedule(), t);
        let start = decay::usage_of(&base);
        for a in base.assocs() {
            let r = readout_usages(&base, &jobs, &schedule(), t, Some(a.id));
            assert_eq!(r.root, (start[0], full[0]), "root, selected {}", a.name());
            match r.selected {
                Some((ix, from, to)) => {
                    assert_eq!((from, to), (start[ix], full[ix]), "{}", a.name());
                }
                None => assert_eq!(a.id, AssocId(1)),
            }
        }
        assert_eq!(
            readout_usages(&base, &jobs, &schedule(), t, None).selected,
            None
        );
    }

    #[test]
    fn restarting_the_clock_shifts_jobs() {
        let jobs = [
            PlannedJob {
                user: AssocId(211),
                billable: 1.0,
                start: 0,
                end: Some(3600),
            },
            PlannedJob {
                user: AssocId(311),
                billable: 2.0,
                start: 1800,
                end: None,
            },
            PlannedJob {
                user: AssocId(221),
                billable: 3.0,
                start: 7200,
                end: Some(9000),
            },
        ];
        let shifted = shift_jobs(&jobs, 3600);
        assert_eq!(
            shifted.len(),
            2,
            "the job over at 3600 is in the usage already"
        );
        assert_eq!((shifted[0].start, shifted[0].end), (-1800, None));
        assert_eq!((shifted[1].start, shifted[1].end), (3600, Some(5400)));
    }

    #[test]
    fn until_searches_a_bounded_horizon() {
        let s = schedule();
        assert_eq!(until_horizon_periods(14, &s), 8064);
        assert_eq!(until_horizon_periods(35, &s), 8064);
        assert_eq!(until_horizon_periods(2_000, &s), 200);
        assert_eq!(until_horizon_periods(100_000, &s), 12);
    }

    #[test]
    fn jobs_of_deleted_users_are_dropped_and_times_shift() {
        let base = classic_example();
        let jobs = [
            PlannedJob {
                user: AssocId(211),
                billable: 8.0,
                start: 3600,
                end: None,
            },
            PlannedJob {
                user: AssocId(999),
                billable: 8.0,
                start: 0,
                end: Some(10),
            },
        ];
        let e = engine_jobs(&base, &jobs, 600);
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].start, 3000);
        assert_eq!(e[0].end, None);
        assert_eq!(e[0].assoc, base.position(AssocId(211)).unwrap());
    }

    #[test]
    fn until_answers_by_computation() {
        let base = classic_example();
        let s = schedule();
        // Decay alone never changes a rank.
        let user2 = AssocId(221);
        let r = until(&base, user2, RankTarget::RankAtLeast(6), &[], 0, &s);
        assert_eq!(r, Until::NeverDecayOnly);
        // Already true.
        let run = fair_tree::run(&base);
        let ix = base.position(user2).unwrap();
        let rank = run.assocs[ix].rank.unwrap();
        assert!(matches!(
            until(&base, user2, RankTarget::RankAtLeast(rank), &[], 0, &s),
            Until::Now { .. }
        ));
        // Not a user.
        assert_eq!(
            until(&base, AssocId(2), RankTarget::RankAtLeast(1), &[], 0, &s),
            Until::NotAUser
        );
        // Someone else's running job lifts User2 once it has used enough.
        let top = run.n_users;
        let others: Vec<PlannedJob> = [211, 311, 222]
            .into_iter()
            .map(|id| PlannedJob {
                user: AssocId(id),
                billable: 1000.0,
                start: 0,
                end: None,
            })
            .collect();
        match until(
            &base,
            user2,
            RankTarget::RankAtLeast(rank + 1),
            &others,
            0,
            &s,
        ) {
            Until::At {
                secs,
                periods,
                rank: got,
                ..
            } => {
                assert!(got > rank && got <= top);
                assert_eq!(secs, periods as i64 * 300);
                // The engine's own search agrees.
                let engine = engine_jobs(&base, &others, 0);
                let direct = decay::time_until_rank(
                    &base,
                    user2,
                    RankTarget::RankAtLeast(rank + 1),
                    &engine,
                    &s,
                    8064,
                )
                .unwrap();
                assert_eq!(direct.time, secs);
            }
            other => panic!("expected a time, got {other:?}"),
        }
        // A job that has ended leaves only decay: never.
        let ended = [PlannedJob {
            user: AssocId(211),
            billable: 1.0,
            start: 0,
            end: Some(300),
        }];
        assert_eq!(
            until(&base, user2, RankTarget::RankAtLeast(top), &ended, 600, &s),
            Until::NeverDecayOnly
        );
    }

    #[test]
    fn targets_are_checked() {
        assert_eq!(parse_target(true, "3", 6), Some(RankTarget::RankAtLeast(3)));
        assert_eq!(parse_target(true, "0", 6), None);
        assert_eq!(parse_target(true, "7", 6), None);
        assert_eq!(parse_target(true, "2.5", 6), None);
        assert_eq!(
            parse_target(false, "0.5", 6),
            Some(RankTarget::FairShareAtLeast(0.5))
        );
        assert_eq!(parse_target(false, "1.5", 6), None);
        assert_eq!(parse_target(false, "NaN", 6), None);
        assert_eq!(parse_non_negative("64"), Some(64.0));
        assert_eq!(parse_non_negative("-1"), None);
        assert_eq!(parse_non_negative("inf"), None);
    }

    #[test]
    fn advance_time_is_one_undoable_edit() {
        leptos::prelude::Owner::new().with(|| {
            let scenario = crate::presets::by_id("classic-example").unwrap().scenario();
            let base = scenario.tree.clone();
            let state = AppState::new(scenario);
            let tree = state
                .advance_time(&base, &[], &schedule(), 604_800)
                .unwrap();
            assert_eq!(state.scenario.with(|s| s.tree.clone()), tree);
            let root = |st: &AppState| st.run.with(|r| r.assocs[0].usage_raw.to_f64());
            assert_eq!(printf_f(root(&state) / 100.0), "0.500073");
            // Moving back to 0 restores the usage exactly (computed from the base, not undone).
            state.advance_time(&base, &[], &schedule(), 0).unwrap();
            assert_eq!(state.scenario.with(|s| s.tree.clone()), base);
            state.undo();
            assert_eq!(state.scenario.with(|s| s.tree.clone()), tree);
            state.undo();
            assert_eq!(state.scenario.with(|s| s.tree.clone()), base);
            // No change, no edit.
            let before = state.history.with(|h| h.can_redo());
            state.advance_time(&base, &[], &schedule(), 0).unwrap();
            assert_eq!(state.history.with(|h| h.can_redo()), before);
        });
    }
}
