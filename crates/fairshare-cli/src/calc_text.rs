//! `fairshare calc`: the five "what would it take?" questions (`fairshare::calc`) in one
//! English sentence each (the page's English says the same: positions and counts grouped, 1,352), or their values as JSON.

use fairshare::calc::{self, NoAnswer, Target, Units, sprio};
use fairshare::decay::Schedule;
use fairshare::format;
use fairshare::{Ranked, Scenario, TieRule};
use serde_json::{Value, json};

use crate::args::{Calc, Question};

/// X in words: `position 3`, `FairShare 0.5`, or the user's name (`account/user` when the
/// name has several associations).
fn target_words(r: &Ranked, target: Target) -> String {
    match target {
        Target::Position(p) => format!("position {}", format::grouped(p.into())),
        Target::FairShare(f) => format!("FairShare {}", format::shortest(f)),
        Target::User(v) => user_words(r, v),
    }
}

fn user_words(r: &Ranked, ix: usize) -> String {
    fairshare::find::unambiguous_name(r.tree(), ix)
}

fn target_json(r: &Ranked, target: Target) -> Value {
    match target {
        Target::Position(p) => json!({"position": p}),
        Target::FairShare(f) => json!({"fairshare": f}),
        Target::User(v) => json!({"user": user_words(r, v)}),
    }
}

/// Raw units with their hours: `12,345 raw units (3.43 core-hours, 0.86 GPU-hours)`.
fn raw_words(units: &Units, raw: u64) -> String {
    let f = raw as f64;
    let mut out = format!(
        "{} raw units ({} core-hours",
        format::grouped(raw),
        format::compact(units.core_hours(f))
    );
    if let Some(h) = units.gpu_hours(f) {
        out.push_str(&format!(", {} GPU-hours", format::compact(h)));
    }
    if let Some(h) = units.node_hours(f) {
        out.push_str(&format!(", {} node-hours", format::compact(h)));
    }
    out.push(')');
    out
}

fn no_answer_words(who: &str, x: &str, e: NoAnswer) -> String {
    format!("No answer for {who} and {x}: {e}.\n")
}

fn no_answer_json(e: NoAnswer) -> Value {
    json!({"no_answer": format!("{e:?}"), "reason": e.to_string()})
}

/// Runs `calc` on a loaded scenario (`sprio_text`: the `--sprio` file's text, read by the
/// caller). `Err` is a usage problem (bad X, bad --running, bad sprio text), exit status 2.
pub fn run(scenario: &Scenario, c: &Calc, sprio_text: Option<&str>) -> Result<String, String> {
    let r = Ranked::new(&scenario.tree, TieRule::Slurm);
    let user = crate::find_user(scenario, &c.user)?;
    let units = match &c.tres_weights {
        Some(text) => Units::from_weights(
            &format::parse_tres_weights(text)
                .ok_or_else(|| format!("--tres-weights {text:?} is not TYPE=weight,..."))?,
        ),
        None => Units::default(),
    };
    let who = user_words(&r, user);
    let target =
        |text: &str| calc::parse_target(r.tree(), text).map_err(|e| format!("X {text:?}: {e}"));
    let out =
        |text: String, value: Value| -> String { if c.json { format!("{value}\n") } else { text } };
    Ok(match &c.question {
        Question::Below(x) => {
            let t = match x {
                Some(text) => target(text)?,
                None => Target::Position(r.run().position(user).unwrap_or(1)),
            };
            let xw = target_words(&r, t);
            match calc::usage_headroom(&r, user, t) {
                Ok(h) => out(
                    format!(
                        "{who} can run {} more before dropping below {xw}: at {} raw usage {who} is at position {}; one unit more puts {who} at position {}.\n",
                        raw_words(&units, h.headroom),
                        format::formula_usage(h.usage_at_boundary()),
                        format::grouped(h.at_boundary.position.into()),
                        format::grouped(h.past_boundary.position.into())
                    ),
                    json!({
                        "question": "below", "user": who, "target": target_json(&r, t),
                        "usage_headroom": h.headroom,
                        "core_hours": units.core_hours(h.headroom as f64),
                        "position_at_boundary": h.at_boundary.position,
                        "position_past_boundary": h.past_boundary.position,
                    }),
                ),
                Err(e) => out(no_answer_words(&who, &xw, e), no_answer_json(e)),
            }
        }
        Question::Idle {
            above,
            running,
            horizon,
        } => {
            let t = target(above)?;
            let xw = target_words(&r, t);
            let jobs = calc::parse_running(r.tree(), &running.join(","))
                .map_err(|e| format!("--running: {e}"))?;
            let schedule = Schedule::default();
            match calc::idle_until_above(&r, user, t, &jobs, &schedule, *horizon) {
                Ok(idle) => out(
                    format!(
                        "{who} is above {xw} after {} idle ({} calc periods), at position {}.\n",
                        format::fmt_duration(idle.seconds),
                        format::grouped(idle.periods),
                        format::grouped(idle.at.position.into())
                    ),
                    json!({
                        "question": "idle", "user": who, "target": target_json(&r, t),
                        "idle_seconds": idle.seconds, "periods": idle.periods,
                        "position": idle.at.position,
                    }),
                ),
                Err(e) => out(no_answer_words(&who, &xw, e), no_answer_json(e)),
            }
        }
        Question::Accounts(job) => match calc::best_account(&r, user, *job) {
            Ok(best) => {
                let account = |ix: usize| r.tree().assocs()[ix].account.clone();
                let b = best.best_option();
                let mut text = match job {
                    Some(j) => format!(
                        "{who} does best under {}: position {} after a job of {}.\n",
                        account(b.assoc),
                        format::grouped(b.after_job.map_or(b.now.position, |s| s.position).into()),
                        raw_words(&units, *j)
                    ),
                    None => format!(
                        "{who} does best under {}: position {}.\n",
                        account(b.assoc),
                        format::grouped(b.now.position.into())
                    ),
                };
                for o in &best.options {
                    text.push_str(&match o.after_job {
                        Some(after) => format!(
                            "  {}: position {} now, {} after the job\n",
                            account(o.assoc),
                            format::grouped(o.now.position.into()),
                            format::grouped(after.position.into())
                        ),
                        None => format!(
                            "  {}: position {}\n",
                            account(o.assoc),
                            format::grouped(o.now.position.into())
                        ),
                    });
                }
                let options: Vec<Value> = best
                    .options
                    .iter()
                    .map(|o| {
                        json!({
                            "account": account(o.assoc), "position": o.now.position,
                            "position_after_job": o.after_job.map(|s| s.position),
                        })
                    })
                    .collect();
                out(
                    text,
                    json!({
                        "question": "accounts", "user": who, "job": job,
                        "best_account": account(b.assoc), "accounts": options,
                    }),
                )
            }
            Err(e) => out(no_answer_words(&who, "its accounts", e), no_answer_json(e)),
        },
        Question::Shares { target: x, account } => {
            let t = target(x)?;
            let xw = target_words(&r, t);
            let assoc = match account {
                None => user,
                Some(name) => find_account(&r, user, name)?,
            };
            let whose = if assoc == user {
                who.clone()
            } else {
                format!("account {}", r.tree().assocs()[assoc].account)
            };
            match calc::shares_to_pass(&r, user, assoc, t) {
                Ok(s) => out(
                    format!(
                        "{whose} needs {} shares (now {}) for {who} to be above {xw}: with {} shares {who} is at position {}, with {} at position {}.\n",
                        s.needed,
                        s.shares_now,
                        s.needed,
                        format::grouped(s.at.position.into()),
                        s.fewer(),
                        format::grouped(s.one_fewer.position.into())
                    ),
                    json!({
                        "question": "shares", "user": who, "target": target_json(&r, t),
                        "association": whose, "shares_now": s.shares_now,
                        "shares_needed": s.needed, "position": s.at.position,
                    }),
                ),
                Err(e) => out(no_answer_words(&who, &xw, e), no_answer_json(e)),
            }
        }
        Question::Sprio(file) => {
            let text = sprio_text.unwrap_or_default();
            let s = sprio::parse(text).map_err(|e| match e.line {
                Some(line) => format!("{file}:{line}: {}", e.problem),
                None => format!("{file}: {}", e.problem),
            })?;
            sprio_answer(&r, &s, c.json)
        }
    })
}

/// The association `name` on `user`'s path (an account name), for `--account`.
fn find_account(r: &Ranked, user: usize, name: &str) -> Result<usize, String> {
    let h = r.hierarchy();
    let mut cur = h.parent(user);
    while let Some(a) = cur {
        if a != h.root() && r.tree().assocs()[a].account == name {
            return Ok(a);
        }
        cur = h.parent(a);
    }
    Err(format!(
        "--account {name:?} is not one of the user's accounts"
    ))
}

fn sprio_answer(r: &Ranked, s: &sprio::Sprio, json_out: bool) -> String {
    let verdicts = sprio::analyse(s);
    let position_for = |f: f64| sprio::position_for_fairshare(r.run().n_users(), f);
    if json_out {
        let jobs: Vec<Value> = verdicts
            .iter()
            .map(|v| {
                let job = &s.jobs[v.job];
                json!({
                    "job_id": job.job_id,
                    "priority": job.priority,
                    "ahead": v.ahead.iter().map(|&k| s.jobs[k].job_id.clone()).collect::<Vec<_>>(),
                    "deciding_factor": v.deciding.map(|f| f.header()),
                    "fairshare_decides": v.fairshare_decides,
                    "fairshare_to_lead": match v.to_lead {
                        sprio::FairShareToLead::Factor(f) => json!(f),
                        other => json!(format!("{other:?}")),
                    },
                })
            })
            .collect();
        return format!("{}\n", json!({"question": "sprio", "jobs": jobs}));
    }
    let mut out = String::new();
    for v in &verdicts {
        let job = &s.jobs[v.job];
        let mut line = format!("Job {}", job.job_id);
        if let Some(u) = &job.user {
            line.push_str(&format!(" ({u})"));
        }
        match v.ahead.first() {
            None => line.push_str(": first of the jobs shown"),
            Some(&top) => {
                let k = &s.jobs[top];
                line.push_str(&format!(
                    ": {} jobs ahead; job {} leads by {}",
                    v.ahead.len(),
                    k.job_id,
                    format::trimmed(v.lead)
                ));
                if let Some(f) = v.deciding {
                    line.push_str(&format!(", most of it from {}", f.header()));
                }
                line.push_str(if v.fairshare_decides {
                    "; fairshare decides"
                } else {
                    "; fairshare does not decide"
                });
            }
        }
        match v.to_lead {
            sprio::FairShareToLead::AlreadyFirst => {}
            sprio::FairShareToLead::Factor(f) => line.push_str(&format!(
                "; FairShare {} would put it first (position {} on this tree)",
                format::fixed(f, 4),
                format::grouped(position_for(f).into())
            )),
            sprio::FairShareToLead::Unreachable => line.push_str("; no FairShare puts it first"),
            sprio::FairShareToLead::NoWeights => {
                line.push_str("; paste sprio -w for the FairShare that would put it first")
            }
        }
        line.push_str(".\n");
        out.push_str(&line);
    }
    out
}
