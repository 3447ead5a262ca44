//! The region's sentences on a preset, in English and Japanese (an `expect-test` snapshot), and
//! its pure parts: the `calc=` parameter, "Show me"'s edits, sprio problems.

use std::fmt::Write as _;

use expect_test::expect_file;
use fairshare::{Ranked, TieRule};

use super::*;
use crate::presets;

fn ranked(id: &str) -> Ranked {
    Ranked::new(
        &presets::by_id(id).expect("a preset").scenario().tree,
        TieRule::Slurm,
    )
}

/// A `sprio -l` of two jobs (alice's and ben's) and a `sprio -w`: the CLI's test and the e2e
/// journey paste the same file.
const SPRIO: &str = include_str!("../../../e2e/fixtures/sprio.txt");

/// Every question for every user of `two-accounts` (alice has two accounts), in `lang`.
fn transcript(lang: Lang) -> String {
    let r = ranked("two-accounts");
    let mut out = String::new();
    let inputs = Inputs {
        above: "1".into(),
        running: "ben=4, geo/dan=16".into(),
        job: "3600".into(),
        pass: "1".into(),
        weights: "CPU=1,GRES/gpu=4".into(),
        ..Inputs::default()
    };
    for (ix, a) in r.tree().assocs().iter().enumerate() {
        if !a.is_user() {
            continue;
        }
        writeln!(out, "== {}/{}", a.account, a.name()).unwrap();
        for q in [
            Question::Below,
            Question::Idle,
            Question::Accounts,
            Question::Shares,
        ] {
            let ans = answer(&r, ix, q, &inputs, lang).expect("asked");
            writeln!(out, "{q:?} [{}]: {}", ans.value, ans.text).unwrap();
            for row in ans.rows {
                writeln!(out, "    {row}").unwrap();
            }
        }
    }
    writeln!(out, "== sprio").unwrap();
    for (line, factor) in sprio_lines(&r, SPRIO, lang).unwrap() {
        writeln!(out, "[{factor}] {line}").unwrap();
    }
    out
}

#[test]
fn snapshot_calc_sentences_two_accounts() {
    expect_file!["../../snapshots/calc_two_accounts.en.txt"].assert_eq(&transcript(Lang::En));
    expect_file!["../../snapshots/calc_two_accounts.ja.txt"].assert_eq(&transcript(Lang::Ja));
}

/// The English of question 1 is `fairshare calc`'s sentence, word for word (both group a
/// position's digits from 1,000).
#[test]
fn question_one_reads_as_the_cli_prints_it() {
    let r = ranked("two-accounts");
    let ben = fairshare::find::resolve(r.tree(), "ben").unwrap();
    let a = answer(&r, ben, Question::Below, &Inputs::default(), Lang::En).unwrap();
    let h: u64 = a.value.parse().unwrap();
    let p = r.run().position(ben).unwrap();
    assert!(
        a.text.starts_with(&format!(
            "ben can run {} raw units (",
            fairshare::format::grouped(h)
        )) && a.text.contains(&format!(
            "core-hours) more before dropping below position {p}: at "
        )),
        "{}",
        a.text
    );
}

/// "Show me" for question 1 charges one unit past the boundary: the user drops; for question 4
/// it sets the shares needed: the user is above X.
#[test]
fn show_me_edits_cross_the_boundary() {
    let r = ranked("two-accounts");
    let ben = fairshare::find::resolve(r.tree(), "ben").unwrap();
    let a = answer(&r, ben, Question::Below, &Inputs::default(), Lang::En).unwrap();
    let Some(Edit::Usage(id, usage)) = a.edit else {
        panic!("a usage edit")
    };
    let after = Ranked::new(&r.tree().with_usage(id, usage).unwrap(), TieRule::Slurm);
    assert!(after.run().position(ben) > r.run().position(ben));
    let inputs = Inputs {
        pass: "1".into(),
        ..Inputs::default()
    };
    let s = answer(&r, ben, Question::Shares, &inputs, Lang::En).unwrap();
    if let Some(Edit::Shares(id, shares)) = s.edit {
        let after = Ranked::new(
            &r.tree()
                .with_shares(id, fairshare::Shares::Value(shares))
                .unwrap(),
            TieRule::Slurm,
        );
        assert_eq!(after.run().position(ben), Some(1));
        assert_eq!(s.value, shares.to_string());
    } else {
        assert!(
            s.value.is_empty(),
            "no edit only without an answer: {}",
            s.text
        );
    }
}

#[test]
fn unasked_questions_stay_empty_and_bad_inputs_are_said() {
    let r = ranked("two-accounts");
    let ben = fairshare::find::resolve(r.tree(), "ben").unwrap();
    let none = Inputs::default();
    assert_eq!(answer(&r, ben, Question::Idle, &none, Lang::En), None);
    assert_eq!(answer(&r, ben, Question::Shares, &none, Lang::En), None);
    let bad = Inputs {
        below: "nobody".into(),
        ..Inputs::default()
    };
    let a = answer(&r, ben, Question::Below, &bad, Lang::En).unwrap();
    assert_eq!(a.text, "No user named \"nobody\".");
    assert_eq!(a.value, "");
    let bad = Inputs {
        weights: "CPU".into(),
        ..Inputs::default()
    };
    assert_eq!(
        answer(&r, ben, Question::Below, &bad, Lang::Ja)
            .unwrap()
            .text,
        CalcMsg::BadWeights.text(Lang::Ja)
    );
    let e = sprio_lines(&r, "JOBID PRIORITY AGE\n1 10 x\n", Lang::En).unwrap_err();
    assert_eq!(e, "Line 2: AGE is \"x\", not a number");
}

#[test]
fn the_calc_parameter_fills_one_question() {
    let p = CalcParam::parse("below:alice").unwrap();
    assert_eq!(p.inputs.below, "alice");
    assert_eq!(CalcParam::parse("below").unwrap().inputs, Inputs::default());
    assert_eq!(CalcParam::parse("above:1").unwrap().inputs.above, "1");
    assert_eq!(
        CalcParam::parse("accounts:3600").unwrap().inputs.job,
        "3600"
    );
    assert_eq!(CalcParam::parse("shares:0.5").unwrap().inputs.pass, "0.5");
    assert_eq!(CalcParam::parse("shares"), None);
    assert_eq!(CalcParam::parse("bogus:1"), None);
}

/// Positions and the number of users read as every other panel writes them: grouped
/// (`1,352`), in both languages.
#[test]
fn positions_and_counts_are_grouped() {
    let r = Ranked::new(&fairshare::r#gen::tree(2_000, 7), TieRule::Slurm);
    let n = r.run().n_users();
    assert!(n >= 1_000, "{n} users");
    let user = (0..r.tree().len())
        .find(|&ix| r.run().position(ix).is_some_and(|p| p >= 1_000))
        .expect("a user at position 1,000 or below");
    let p = r.run().position(user).unwrap();
    let thousands = |x: u32| format!("{},{:03}", x / 1_000, x % 1_000);
    // Question 1 against the user's own position: the sentence names it, grouped.
    let own = answer(&r, user, Question::Below, &Inputs::default(), Lang::En).unwrap();
    assert!(
        own.text.contains(&format!("position {}", thousands(p))),
        "{}",
        own.text
    );
    // A position past the last: X and the range are grouped.
    let far = Inputs {
        below: "99999".into(),
        ..Inputs::default()
    };
    let en = answer(&r, user, Question::Below, &far, Lang::En)
        .unwrap()
        .text;
    assert!(
        en.contains("position 99,999") && en.contains(&format!("between 1 and {}", thousands(n))),
        "{en}"
    );
    let ja = answer(&r, user, Question::Below, &far, Lang::Ja)
        .unwrap()
        .text;
    assert!(
        ja.contains("99,999 番目") && ja.contains(&format!("1 から {} の間", thousands(n))),
        "{ja}"
    );
}
