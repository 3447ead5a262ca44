//! `<CalcPanel/>`: the `What would it take` region (issue 22) for the selected user: question 1
//! (usage headroom, below the user's own position unless X is typed) answered at once, and
//! questions 2–5 as soon as their input is given. Every answer is the engine's
//! (`fairshare::calc`); this module words it ([`CalcMsg`], English as `fairshare calc` prints
//! it) and lays it out. "Show me" applies an answer as an ordinary, undoable edit
//! (`AppState::set_usage` / `set_shares`), so the tree, the What-if list and the walk show it.
//! The answers are computed only while the tab is open (each ranks the tree a few times).
//!
//! Pure parts (tested natively): [`Inputs`], [`answer`], [`sprio_lines`], [`CalcParam`].

use fairshare::calc::{
    self, NoAnswer, RunningProblem, Target, TargetProblem, Units,
    sprio::{self, FairShareToLead, SprioProblem},
};
use fairshare::decay::Schedule;
use fairshare::format::{compact, fixed, fmt_duration, formula_usage, grouped, shortest, trimmed};
use fairshare::{AssocId, LongDouble, Ranked, Shares};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::calc::CalcMsg;
use crate::messages::common::CommonMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;

/// An edit that shows an answer in the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Edit {
    /// Set this association's raw usage.
    Usage(AssocId, LongDouble),
    /// Set this association's shares.
    Shares(AssocId, u32),
}

/// One answered question: the sentence, the value for the `data-*` hook (empty without an
/// answer), and the edit "Show me" applies.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The sentence.
    pub text: String,
    /// The number (or account name) tests read.
    pub value: String,
    /// What "Show me" does, if anything.
    pub edit: Option<Edit>,
    /// More lines (question 3's accounts).
    pub rows: Vec<String>,
}

impl Answer {
    fn problem(text: String) -> Answer {
        Answer {
            text,
            value: String::new(),
            edit: None,
            rows: Vec::new(),
        }
    }
}

/// What the person typed (each committed on change).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// Question 1's X (empty: the user's position).
    pub below: String,
    /// Question 2's X (empty: not asked).
    pub above: String,
    /// Question 2's other users' running jobs.
    pub running: String,
    /// Question 3's job size (empty: positions only).
    pub job: String,
    /// Question 4's X (empty: not asked).
    pub pass: String,
    /// Question 4: whose shares (an account name; empty: the user's own).
    pub whose: String,
    /// Question 5's sprio text (empty: not asked).
    pub sprio: String,
    /// TRES billing weights for the hours.
    pub weights: String,
}

/// Which question [`answer`] answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// 1: headroom.
    Below,
    /// 2: idle time.
    Idle,
    /// 3: best account.
    Accounts,
    /// 4: shares needed.
    Shares,
}

/// A position or a count of users as every panel writes it: grouped (`1,352`).
fn count(n: u32) -> String {
    grouped(u64::from(n))
}

/// `X` in words.
pub fn target_words(r: &Ranked, target: Target, lang: Lang) -> String {
    match target {
        Target::Position(p) => CalcMsg::PositionX.fill(lang, &[("p", &count(p))]),
        Target::FairShare(f) => CalcMsg::FairShareX.fill(lang, &[("f", &shortest(f))]),
        Target::User(v) => CalcMsg::UserX.fill(lang, &[("user", &user_words(r, v))]),
    }
}

/// A user's name, as `account/user` when the name has several associations (as the CLI says it).
pub fn user_words(r: &Ranked, ix: usize) -> String {
    fairshare::find::unambiguous_name(r.tree(), ix)
}

/// Raw units with their hours: `12,345 raw units (3.43 core-hours)`.
pub fn raw_words(units: &Units, raw: u64, lang: Lang) -> String {
    let f = raw as f64;
    let mut hours = CalcMsg::CoreHours.fill(lang, &[("h", &compact(units.core_hours(f)))]);
    if let Some(h) = units.gpu_hours(f) {
        hours.push_str(", ");
        hours.push_str(&CalcMsg::GpuHours.fill(lang, &[("h", &compact(h))]));
    }
    if let Some(h) = units.node_hours(f) {
        hours.push_str(", ");
        hours.push_str(&CalcMsg::NodeHours.fill(lang, &[("h", &compact(h))]));
    }
    CalcMsg::RawUnits.fill(lang, &[("raw", &grouped(raw)), ("hours", &hours)])
}

/// Why there is no answer, in words (English: the engine's `Display`).
pub fn reason_words(e: NoAnswer, lang: Lang) -> String {
    match e {
        NoAnswer::NotAUser => CalcMsg::NotAUser.text(lang).to_string(),
        NoAnswer::PartialTree => CalcMsg::PartialTree.text(lang).to_string(),
        NoAnswer::TargetIsSelf => CalcMsg::TargetIsSelf.text(lang).to_string(),
        NoAnswer::TargetNotAUser => CalcMsg::TargetNotAUser.text(lang).to_string(),
        NoAnswer::PositionOutOfRange { n } => {
            CalcMsg::PositionOutOfRange.fill(lang, &[("n", &count(n))])
        }
        NoAnswer::FairShareOutOfRange => CalcMsg::FairShareOutOfRange.text(lang).to_string(),
        NoAnswer::AlreadyBelow => CalcMsg::AlreadyBelow.text(lang).to_string(),
        NoAnswer::NeverBelow {
            other_account: Some(_),
        } => CalcMsg::NeverBelowAccount.text(lang).to_string(),
        NoAnswer::NeverBelow {
            other_account: None,
        } => CalcMsg::NeverBelow.text(lang).to_string(),
        NoAnswer::AlreadyAbove => CalcMsg::AlreadyAbove.text(lang).to_string(),
        NoAnswer::DecayNeverGetsThere => CalcMsg::DecayNever.text(lang).to_string(),
        NoAnswer::NotEnoughShares => CalcMsg::NotEnoughShares.text(lang).to_string(),
        NoAnswer::NotOnPath => CalcMsg::NotOnPath.text(lang).to_string(),
        NoAnswer::ParentShares => CalcMsg::ParentShares.text(lang).to_string(),
    }
}

fn no_answer(who: &str, x: &str, e: NoAnswer, lang: Lang) -> Answer {
    Answer::problem(CalcMsg::NoAnswer.fill(
        lang,
        &[("user", who), ("x", x), ("reason", &reason_words(e, lang))],
    ))
}

fn target_problem(e: &TargetProblem, lang: Lang) -> String {
    match e {
        TargetProblem::Empty => CalcMsg::TargetEmpty.text(lang).to_string(),
        TargetProblem::NoSuchUser(name) => CalcMsg::NoSuchUser.fill(lang, &[("name", name)]),
        TargetProblem::NotAUser(name) => CalcMsg::TargetIsAccount.fill(lang, &[("name", name)]),
    }
}

/// The units the hours are in (`None`: the weights text is not TYPE=weight pairs).
pub fn units(weights: &str) -> Option<Units> {
    fairshare::format::parse_tres_weights(weights).map(|w| Units::from_weights(&w))
}

/// Answers `question` for the user at position `user` of `r`; `None` when the question was
/// not asked (its input is empty).
pub fn answer(
    r: &Ranked,
    user: usize,
    question: Question,
    inputs: &Inputs,
    lang: Lang,
) -> Option<Answer> {
    let tree = r.tree();
    let me = tree.assocs().get(user)?;
    let who = user_words(r, user);
    let Some(units) = units(&inputs.weights) else {
        return Some(Answer::problem(CalcMsg::BadWeights.text(lang).to_string()));
    };
    let target = |text: &str| calc::parse_target(tree, text);
    Some(match question {
        Question::Below => {
            let t = if inputs.below.trim().is_empty() {
                Target::Position(r.run().position(user).unwrap_or(1))
            } else {
                match target(&inputs.below) {
                    Ok(t) => t,
                    Err(e) => return Some(Answer::problem(target_problem(&e, lang))),
                }
            };
            let x = target_words(r, t, lang);
            match calc::usage_headroom(r, user, t) {
                Ok(h) => Answer {
                    text: CalcMsg::Headroom.fill(
                        lang,
                        &[
                            ("user", &who),
                            ("raw", &raw_words(&units, h.headroom, lang)),
                            ("x", &x),
                            ("usage", &formula_usage(h.usage_at_boundary())),
                            ("at", &count(h.at_boundary.position)),
                            ("past", &count(h.past_boundary.position)),
                        ],
                    ),
                    value: h.headroom.to_string(),
                    // One unit past the boundary: the moment someone passes.
                    edit: Some(Edit::Usage(
                        me.id,
                        h.usage_at_boundary().add(LongDouble::one()),
                    )),
                    rows: Vec::new(),
                },
                Err(e) => no_answer(&who, &x, e, lang),
            }
        }
        Question::Idle => {
            if inputs.above.trim().is_empty() {
                return None;
            }
            let t = match target(&inputs.above) {
                Ok(t) => t,
                Err(e) => return Some(Answer::problem(target_problem(&e, lang))),
            };
            let jobs = match calc::parse_running(tree, &inputs.running) {
                Ok(jobs) => jobs,
                Err(e) => {
                    return Some(Answer::problem(match e {
                        RunningProblem::NotAPair(text) => {
                            CalcMsg::RunningNotAPair.fill(lang, &[("text", &text)])
                        }
                        RunningProblem::NoSuchUser(name) => {
                            CalcMsg::NoSuchUser.fill(lang, &[("name", &name)])
                        }
                        RunningProblem::BadBillable(text) => {
                            CalcMsg::RunningBadBillable.fill(lang, &[("text", &text)])
                        }
                    }));
                }
            };
            let x = target_words(r, t, lang);
            // A week of calc periods, as the CLI's default horizon.
            match calc::idle_until_above(r, user, t, &jobs, &Schedule::default(), 2016) {
                Ok(idle) => Answer {
                    text: CalcMsg::Idle.fill(
                        lang,
                        &[
                            ("user", &who),
                            ("x", &x),
                            ("duration", &fmt_duration(idle.seconds)),
                            ("periods", &grouped(idle.periods)),
                            ("p", &count(idle.at.position)),
                        ],
                    ),
                    value: idle.seconds.to_string(),
                    edit: None,
                    rows: Vec::new(),
                },
                Err(e) => no_answer(&who, &x, e, lang),
            }
        }
        Question::Accounts => {
            let job = if inputs.job.trim().is_empty() {
                None
            } else {
                match inputs.job.trim().parse::<u64>() {
                    Ok(j) => Some(j),
                    Err(_) => {
                        return Some(Answer::problem(CalcMsg::BadJobSize.text(lang).to_string()));
                    }
                }
            };
            match calc::best_account(r, user, job) {
                Ok(best) => {
                    let account = |ix: usize| tree.assocs()[ix].account.to_string();
                    let b = best.best_option();
                    let text = match job {
                        Some(j) => CalcMsg::BestWithJob.fill(
                            lang,
                            &[
                                ("user", &who),
                                ("account", &account(b.assoc)),
                                (
                                    "p",
                                    &count(b.after_job.map_or(b.now.position, |s| s.position)),
                                ),
                                ("raw", &raw_words(&units, j, lang)),
                            ],
                        ),
                        None => CalcMsg::BestNoJob.fill(
                            lang,
                            &[
                                ("user", &who),
                                ("account", &account(b.assoc)),
                                ("p", &count(b.now.position)),
                            ],
                        ),
                    };
                    let rows = best
                        .options
                        .iter()
                        .map(|o| match o.after_job {
                            Some(after) => CalcMsg::AccountRow.fill(
                                lang,
                                &[
                                    ("account", &account(o.assoc)),
                                    ("now", &count(o.now.position)),
                                    ("after", &count(after.position)),
                                ],
                            ),
                            None => CalcMsg::AccountRowNoJob.fill(
                                lang,
                                &[
                                    ("account", &account(o.assoc)),
                                    ("now", &count(o.now.position)),
                                ],
                            ),
                        })
                        .collect();
                    let best_assoc = &tree.assocs()[b.assoc];
                    Answer {
                        text,
                        value: account(b.assoc),
                        edit: job.map(|j| {
                            Edit::Usage(
                                best_assoc.id,
                                best_assoc.usage_raw.add(LongDouble::from_u64(j)),
                            )
                        }),
                        rows,
                    }
                }
                Err(e) => no_answer(&who, CalcMsg::ItsAccounts.text(lang), e, lang),
            }
        }
        Question::Shares => {
            if inputs.pass.trim().is_empty() {
                return None;
            }
            let t = match target(&inputs.pass) {
                Ok(t) => t,
                Err(e) => return Some(Answer::problem(target_problem(&e, lang))),
            };
            let x = target_words(r, t, lang);
            let assoc = whose(r, user, &inputs.whose);
            let whose_words = if assoc == user {
                who.clone()
            } else {
                CalcMsg::AccountWhose.fill(lang, &[("account", &tree.assocs()[assoc].account)])
            };
            match calc::shares_to_pass(r, user, assoc, t) {
                Ok(s) => Answer {
                    text: CalcMsg::SharesNeeded.fill(
                        lang,
                        &[
                            ("whose", &whose_words),
                            ("needed", &s.needed.to_string()),
                            ("now", &s.shares_now.to_string()),
                            ("user", &who),
                            ("x", &x),
                            ("at", &count(s.at.position)),
                            ("fewer", &s.fewer().to_string()),
                            ("below", &count(s.one_fewer.position)),
                        ],
                    ),
                    value: s.needed.to_string(),
                    edit: Some(Edit::Shares(tree.assocs()[assoc].id, s.needed)),
                    rows: Vec::new(),
                },
                Err(e) => no_answer(&who, &x, e, lang),
            }
        }
    })
}

/// The association whose shares question 4 changes: the account named `name` on the user's
/// path, else the user.
pub fn whose(r: &Ranked, user: usize, name: &str) -> usize {
    let h = r.hierarchy();
    let mut cur = h.parent(user);
    while let Some(a) = cur {
        if a != h.root() && r.tree().assocs()[a].account == name.trim() {
            return a;
        }
        cur = h.parent(a);
    }
    user
}

/// The accounts question 4 can change: the user's own (empty name) and each account above it.
pub fn shares_choices(r: &Ranked, user: usize) -> Vec<String> {
    let h = r.hierarchy();
    let mut out = vec![String::new()];
    let mut cur = h.parent(user);
    while let Some(a) = cur {
        if a != h.root() {
            out.push(r.tree().assocs()[a].account.to_string());
        }
        cur = h.parent(a);
    }
    out
}

/// Question 5: one sentence per pasted job, with its deciding factor (`""` when first), or the
/// problem with the paste (naming the line).
pub fn sprio_lines(r: &Ranked, text: &str, lang: Lang) -> Result<Vec<(String, String)>, String> {
    let s = sprio::parse(text).map_err(|e| {
        let problem = match &e.problem {
            SprioProblem::NoHeader => CalcMsg::SprioNoHeader.text(lang).to_string(),
            SprioProblem::UnknownColumn(c) => {
                CalcMsg::SprioUnknownColumn.fill(lang, &[("column", c)])
            }
            SprioProblem::NoPriorityColumn => CalcMsg::SprioNoPriority.text(lang).to_string(),
            SprioProblem::FieldCount { expected, found } => CalcMsg::SprioFieldCount.fill(
                lang,
                &[
                    ("expected", &expected.to_string()),
                    ("found", &found.to_string()),
                ],
            ),
            SprioProblem::NotANumber { column, text } => {
                CalcMsg::SprioNotANumber.fill(lang, &[("column", column), ("text", text)])
            }
            SprioProblem::NoJobs => CalcMsg::SprioNoJobs.text(lang).to_string(),
        };
        match e.line {
            Some(line) => {
                CalcMsg::SprioLine.fill(lang, &[("line", &line.to_string()), ("problem", &problem)])
            }
            None => problem,
        }
    })?;
    let n = r.run().n_users();
    let position_for = |f: f64| sprio::position_for_fairshare(n, f);
    Ok(sprio::analyse(&s)
        .into_iter()
        .map(|v| {
            let job = &s.jobs[v.job];
            let user = job
                .user
                .as_deref()
                .map(|u| CalcMsg::JobUser.fill(lang, &[("user", u)]))
                .map(|u| format!(" {u}"))
                .unwrap_or_default();
            let mut line = match v.ahead.first() {
                None => CalcMsg::JobFirst.fill(lang, &[("job", &job.job_id), ("user", &user)]),
                Some(&top) => {
                    let k = &s.jobs[top];
                    let mut l = CalcMsg::JobBehind.fill(
                        lang,
                        &[
                            ("job", &job.job_id),
                            ("user", &user),
                            ("n", &grouped(v.ahead.len() as u64)),
                            ("top", &k.job_id),
                            ("gap", &trimmed(v.lead)),
                        ],
                    );
                    if let Some(f) = v.deciding {
                        l.push_str(&CalcMsg::MostFrom.fill(lang, &[("factor", f.header())]));
                    }
                    l.push_str(if v.fairshare_decides {
                        CalcMsg::Decides.text(lang)
                    } else {
                        CalcMsg::NotDecides.text(lang)
                    });
                    l
                }
            };
            if !v.ahead.is_empty() {
                match v.to_lead {
                    FairShareToLead::AlreadyFirst => {}
                    FairShareToLead::Factor(f) => line.push_str(
                        &CalcMsg::Lead
                            .fill(lang, &[("f", &fixed(f, 4)), ("p", &count(position_for(f)))]),
                    ),
                    FairShareToLead::Unreachable => line.push_str(CalcMsg::Unreachable.text(lang)),
                    FairShareToLead::NoWeights => line.push_str(CalcMsg::NoWeights.text(lang)),
                }
                line.push_str(CalcMsg::End.text(lang));
            }
            (
                line,
                v.deciding.map(|f| f.header()).unwrap_or("").to_string(),
            )
        })
        .collect())
}

/// The `calc=` URL parameter: which question the region opens with, filled in. Syntax:
/// `below` or `below:X` (question 1), `above:X` (2), `accounts` or `accounts:JOB` (3),
/// `shares:X` (4); X as [`calc::parse_target`] reads it (a position, a FairShare, a user).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CalcParam {
    /// The inputs it fills.
    pub inputs: Inputs,
}

impl CalcParam {
    /// Reads the parameter's value; `None` for anything else (the region still opens).
    pub fn parse(value: &str) -> Option<CalcParam> {
        let (question, x) = match value.split_once(':') {
            Some((q, x)) => (q.trim(), x.trim()),
            None => (value.trim(), ""),
        };
        let mut inputs = Inputs::default();
        match question {
            "below" => inputs.below = x.to_string(),
            "above" if !x.is_empty() => inputs.above = x.to_string(),
            "accounts" => inputs.job = x.to_string(),
            "shares" if !x.is_empty() => inputs.pass = x.to_string(),
            _ => return None,
        }
        Some(CalcParam { inputs })
    }
}

/// The region.
#[component]
pub fn CalcPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    // `calc=`: the question the page opened with (absent in component tests).
    let start = crate::chrome::start::Shell::use_context()
        .and_then(|shell| shell.params.with_value(|p| p.calc.clone()))
        .and_then(|value| CalcParam::parse(&value));
    let inputs = RwSignal::new(start.map(|p| p.inputs).unwrap_or_default());
    let shown = Memo::new(move |_| state.panel().get() == crate::chrome::tabs::PanelTab::Calc);
    let user = Memo::new(move |_| {
        let id = state.selected().get()?;
        state.ranked().with(|r| {
            let ix = r.tree().position(id)?;
            r.tree().assocs()[ix].is_user().then_some(ix)
        })
    });
    let ask = move |q: Question| {
        Memo::new(move |_| {
            if !shown.get() {
                return None;
            }
            let ix = user.get()?;
            let lang = i18n.lang();
            inputs.with(|inp| state.ranked().with(|r| answer(r, ix, q, inp, lang)))
        })
    };
    let below = ask(Question::Below);
    let idle = ask(Question::Idle);
    let accounts = ask(Question::Accounts);
    let shares = ask(Question::Shares);
    let sprio = Memo::new(move |_| {
        if !shown.get() {
            return None;
        }
        let lang = i18n.lang();
        let text = inputs.with(|i| i.sprio.clone());
        if text.trim().is_empty() {
            return None;
        }
        Some(state.ranked().with(|r| sprio_lines(r, &text, lang)))
    });
    let choices = Memo::new(move |_| {
        let ix = user.get()?;
        Some(state.ranked().with(|r| shares_choices(r, ix)))
    });
    let apply = move |edit: Option<Edit>| {
        // A refused edit leaves the tree as it was; the answer stays on screen.
        let _ = match edit {
            Some(Edit::Usage(id, usage)) => state.set_usage(id, usage),
            Some(Edit::Shares(id, s)) => state.set_shares(id, Shares::Value(s)),
            None => Ok(()),
        };
    };
    let field = move |label: CalcMsg, get: fn(&Inputs) -> String, set: fn(&mut Inputs, String)| {
        view! {
            <label class="ft-field">
                <span class="ft-field__label">{i18n.t(label)}</span>
                <input type="text" class="ft-input" spellcheck="false" autocomplete="off"
                    prop:value=move || inputs.with(get)
                    on:change=move |ev| { let v = event_target_value(&ev); inputs.update(|i| set(i, v)); } />
            </label>
        }
    };
    let answer_view = move |a: Memo<Option<Answer>>, hook: &'static str| {
        move || {
            a.get().map(|a| {
                let edit = a.edit;
                let show = edit.map(|_| {
                    view! {
                        <button type="button" class="ft-button" on:click=move |_| apply(edit)>
                            {i18n.t(CalcMsg::ShowMe)}
                        </button>
                    }
                });
                let rows = (!a.rows.is_empty()).then(|| {
                    view! { <ul class="ft-calc__rows">{a.rows.into_iter().map(|r| view! { <li>{r}</li> }).collect::<Vec<_>>()}</ul> }
                });
                view! {
                    <p class="ft-calc__answer" role="status" data-answer=hook
                        data-usage-headroom=(hook == "headroom").then(|| a.value.clone())
                        data-idle-seconds=(hook == "idle").then(|| a.value.clone())
                        data-best-account=(hook == "accounts").then(|| a.value.clone())
                        data-shares-needed=(hook == "shares").then(|| a.value.clone())>
                        {a.text}
                    </p>
                    {rows}
                    {show}
                }
            })
        }
    };
    view! {
        <section class="ft-panel ft-calc" role="region" aria-label=i18n.t(CommonMsg::RegionCalc)>
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionCalc)}</h2>
            {move || user.get().is_none().then(|| view! { <p class="ft-help">{i18n.t(CalcMsg::SelectUser)}</p> })}
            <p class="ft-help">{i18n.t(CalcMsg::XHelp)}</p>
            {field(CalcMsg::WeightsLabel, |i| i.weights.clone(), |i, v| i.weights = v)}
            <h3 class="ft-calc__q">{i18n.t(CalcMsg::Q1Heading)}</h3>
            {field(CalcMsg::BelowLabel, |i| i.below.clone(), |i, v| i.below = v)}
            {answer_view(below, "headroom")}
            <h3 class="ft-calc__q">{i18n.t(CalcMsg::Q2Heading)}</h3>
            {field(CalcMsg::AboveLabel, |i| i.above.clone(), |i, v| i.above = v)}
            {field(CalcMsg::RunningLabel, |i| i.running.clone(), |i, v| i.running = v)}
            {answer_view(idle, "idle")}
            <h3 class="ft-calc__q">{i18n.t(CalcMsg::Q3Heading)}</h3>
            {field(CalcMsg::JobLabel, |i| i.job.clone(), |i, v| i.job = v)}
            {answer_view(accounts, "accounts")}
            <h3 class="ft-calc__q">{i18n.t(CalcMsg::Q4Heading)}</h3>
            {field(CalcMsg::PassLabel, |i| i.pass.clone(), |i, v| i.pass = v)}
            <label class="ft-field">
                <span class="ft-field__label">{i18n.t(CalcMsg::SharesOfLabel)}</span>
                <select class="ft-input" on:change=move |ev| { let v = event_target_value(&ev); inputs.update(|i| i.whose = v); }>
                    {move || choices.get().unwrap_or_default().into_iter().map(|name| {
                        let shown_name = if name.is_empty() {
                            user.get().map(|ix| state.ranked().with(|r| user_words(r, ix))).unwrap_or_default()
                        } else {
                            CalcMsg::AccountWhose.fill(i18n.lang(), &[("account", &name)])
                        };
                        view! { <option value=name>{shown_name}</option> }
                    }).collect::<Vec<_>>()}
                </select>
            </label>
            {answer_view(shares, "shares")}
            <h3 class="ft-calc__q">{i18n.t(CalcMsg::Q5Heading)}</h3>
            <label class="ft-field">
                <span class="ft-field__label">{i18n.t(CalcMsg::SprioLabel)}</span>
                <textarea class="ft-input ft-calc__sprio" rows="5" spellcheck="false"
                    prop:value=move || inputs.with(|i| i.sprio.clone())
                    on:change=move |ev| { let v = event_target_value(&ev); inputs.update(|i| i.sprio = v); } />
            </label>
            {move || sprio.get().map(|res| match res {
                Ok(lines) => view! {
                    <ul class="ft-calc__rows">
                        {lines.into_iter().map(|(text, factor)| view! { <li data-deciding-factor=factor>{text}</li> }).collect::<Vec<_>>()}
                    </ul>
                }.into_any(),
                Err(problem) => view! { <p class="ft-alert" role="alert">{problem}</p> }.into_any(),
            })}
        </section>
    }
}

#[cfg(test)]
mod tests;
