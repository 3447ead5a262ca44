//! Snapshot tests of the app's long texts (`expect-test`): what a person reads, whole, so a
//! change to any sentence, number format or order shows up as a reviewable diff.
//!
//! Update after an intended change with `UPDATE_EXPECT=1 cargo test -p fairshare-explorer --lib
//! snapshot`, and read the diff of `src/snapshots/` before committing it.
//!
//! - narration transcripts: the player's sentence at every step of a preset's walk;
//! - classic formula lines: the classic panel's arithmetic for every association;
//! - compare sentences: each user compared with the user ranked just above;
//! - what-if rows: the rows after a few typical edits, one of each kind of reason (a group
//!   passed, a sibling user passed, a new tie, a new user changing N, the tie rule alone);
//! - import outlines: what the import panel says about each sample file.

use std::fmt::Write as _;
use std::path::Path;

use expect_test::expect_file;
use fairshare::step::Frame;
use fairshare::{AssocId, AssocTree, LongDouble, Scenario, TieRule, fair_tree, testing};

use crate::messages::import::ImportMsg;
use crate::messages::{Lang, Message};
use crate::panels::classic_panel::model as classic;
use crate::panels::compare::{describe, user_just_above};
use crate::panels::import_panel::diagnostic_lines;
use crate::panels::whatif::{WhatIfRows, what_if};
use crate::player::narration::narrate;
use crate::presets;

fn preset(id: &str) -> Scenario {
    presets::by_id(id).expect("a preset").scenario()
}

/// The narration of every step of `id`'s walk, one numbered line each, in `lang`.
fn transcript(id: &str, lang: Lang) -> String {
    let s = preset(id);
    let run = fair_tree::run(&s.tree);
    let mut out = String::new();
    let finished = Frame::at(run.steps(), run.steps().len());
    writeln!(
        out,
        "finished: {}",
        narrate(&run, &s.tree, &finished, true, lang)
    )
    .unwrap();
    for k in 0..=run.steps().len() {
        let frame = Frame::at(run.steps(), k);
        writeln!(
            out,
            "{k:>3}: {}",
            narrate(&run, &s.tree, &frame, false, lang)
        )
        .unwrap();
    }
    out
}

#[test]
fn snapshot_narration_fair_tree_example() {
    expect_file!["snapshots/narration_fair_tree_example.en.txt"]
        .assert_eq(&transcript("fair-tree-example", Lang::En));
    expect_file!["snapshots/narration_fair_tree_example.ja.txt"]
        .assert_eq(&transcript("fair-tree-example", Lang::Ja));
}

#[test]
fn snapshot_narration_test24_4() {
    expect_file!["snapshots/narration_test24_4.en.txt"]
        .assert_eq(&transcript("test24-4", Lang::En));
}

#[test]
fn snapshot_narration_ties() {
    expect_file!["snapshots/narration_level_fs_inf.en.txt"]
        .assert_eq(&transcript("level-fs-inf", Lang::En));
    expect_file!["snapshots/narration_tied_accounts.en.txt"]
        .assert_eq(&transcript("tied-accounts", Lang::En));
}

/// The classic panel's lines for every association of `id`.
fn classic_lines(id: &str, lang: Lang) -> String {
    let s = preset(id);
    let ranked = fairshare::Ranked::new(&s.tree, TieRule::Slurm);
    let run = ranked.classic(&s.params);
    let mut out = String::new();
    for a in s.tree.assocs() {
        let e = classic::explain(&ranked, &run, a.id).expect("every association explains");
        writeln!(out, "## {}", e.heading.text(lang)).unwrap();
        writeln!(out, "{}", e.shares.text(lang)).unwrap();
        for line in e.usage_norm.iter() {
            writeln!(out, "{}", line.text(lang)).unwrap();
        }
        for step in &e.usage_chain {
            for line in &step.lines {
                writeln!(out, "{}", line.text(lang)).unwrap();
            }
        }
        for line in e.factor.iter() {
            writeln!(out, "{}", line.text(lang)).unwrap();
        }
        if let Some(f) = &e.fairshare {
            writeln!(out, "FairShare {f}").unwrap();
        }
    }
    out
}

#[test]
fn snapshot_classic_formula_lines() {
    expect_file!["snapshots/classic_classic_example.en.txt"]
        .assert_eq(&classic_lines("classic-example", Lang::En));
    expect_file!["snapshots/classic_classic_example.ja.txt"]
        .assert_eq(&classic_lines("classic-example", Lang::Ja));
    expect_file!["snapshots/classic_test24_4.en.txt"]
        .assert_eq(&classic_lines("test24-4", Lang::En));
}

/// Every user of `id` compared with the user ranked just above it: the sentence and notes.
fn compare_sentences(id: &str, lang: Lang) -> String {
    let s = preset(id);
    let ranked = fairshare::Ranked::new(&s.tree, TieRule::Slurm);
    let (h, run) = (ranked.hierarchy(), ranked.run());
    let mut out = String::new();
    for (ix, a) in s.tree.assocs().iter().enumerate() {
        let Some(above) = a.is_user().then(|| user_just_above(h, run, ix)).flatten() else {
            continue;
        };
        let e = fairshare::explain::explain(&ranked, ix, above).expect("two users explain");
        let text = describe(&ranked, &e, lang);
        writeln!(out, "## {} / {}", a.name(), s.tree.assocs()[above].name()).unwrap();
        writeln!(out, "{}", text.sentence).unwrap();
        for note in &text.notes {
            writeln!(out, "  note: {note}").unwrap();
        }
    }
    out
}

#[test]
fn snapshot_compare_sentences() {
    expect_file!["snapshots/compare_fair_tree_example.en.txt"]
        .assert_eq(&compare_sentences("fair-tree-example", Lang::En));
    expect_file!["snapshots/compare_fair_tree_example.ja.txt"]
        .assert_eq(&compare_sentences("fair-tree-example", Lang::Ja));
    expect_file!["snapshots/compare_test24_4.en.txt"]
        .assert_eq(&compare_sentences("test24-4", Lang::En));
    expect_file!["snapshots/compare_fairshare_parent.en.txt"]
        .assert_eq(&compare_sentences("fairshare-parent", Lang::En));
}

/// The what-if rows after `edit` of preset `id`, under `rule`.
fn what_if_rows(
    id: &str,
    edit: impl FnOnce(&AssocTree) -> AssocTree,
    rule: TieRule,
    lang: Lang,
) -> String {
    let base = preset(id);
    let base_ranked = fairshare::Ranked::new(&base.tree, TieRule::Slurm);
    let mut cur = base.clone();
    cur.tree = edit(&base.tree);
    let ranked = fairshare::Ranked::new(&cur.tree, rule);
    let diff = what_if(&base_ranked, &ranked);
    let mut out = String::new();
    for row in diff.rows(&cur.tree, lang) {
        writeln!(out, "{} | {}", row.delta_text, row.text).unwrap();
        if !row.reason.is_empty() {
            writeln!(out, "    {}", row.reason).unwrap();
        }
    }
    out
}

/// The id of the association named `name` (a user, or an account).
fn id_of(tree: &AssocTree, name: &str) -> AssocId {
    tree.assocs()
        .iter()
        .find(|a| a.name() == name)
        .map(|a| a.id)
        .expect("the name is in the preset")
}

#[test]
fn snapshot_what_if_rows() {
    let usage = |name: &'static str, x: u64| {
        move |t: &AssocTree| {
            t.with_usage(id_of(t, name), LongDouble::from_u64(x))
                .expect("a valid edit")
        }
    };
    let mut out = String::new();
    for (title, id, text) in [
        (
            "UserB runs a lot",
            "fair-tree-example",
            what_if_rows(
                "fair-tree-example",
                usage("UserB", 1_000_000),
                TieRule::Slurm,
                Lang::En,
            ),
        ),
        (
            "uD1 runs a lot",
            "test24-4",
            what_if_rows(
                "test24-4",
                usage("uD1", 1_000_000),
                TieRule::Slurm,
                Lang::En,
            ),
        ),
        (
            "the documented tie rule, nothing else",
            "tied-accounts",
            what_if_rows("tied-accounts", Clone::clone, TieRule::Documented, Lang::En),
        ),
        (
            "UserC runs less: it passes its sibling UserA",
            "fair-tree-example",
            what_if_rows(
                "fair-tree-example",
                usage("UserC", 50),
                TieRule::Slurm,
                Lang::En,
            ),
        ),
        (
            "UserC runs as little as UserA: a new tie",
            "fair-tree-example",
            what_if_rows(
                "fair-tree-example",
                usage("UserC", 100),
                TieRule::Slurm,
                Lang::En,
            ),
        ),
        (
            "a new user in Acct12 with no shares: N grows",
            "fair-tree-example",
            what_if_rows(
                "fair-tree-example",
                |t: &AssocTree| {
                    let parent = id_of(t, "Acct12").0;
                    t.with_added(testing::assoc(
                        999,
                        Some(parent),
                        "Acct12",
                        Some("newbie"),
                        0,
                        0.0,
                    ))
                    .expect("a valid edit")
                },
                TieRule::Slurm,
                Lang::En,
            ),
        ),
        (
            "UserC runs less (ja)",
            "fair-tree-example",
            what_if_rows(
                "fair-tree-example",
                usage("UserC", 50),
                TieRule::Slurm,
                Lang::Ja,
            ),
        ),
        (
            "UserB runs a lot (ja)",
            "fair-tree-example",
            what_if_rows(
                "fair-tree-example",
                usage("UserB", 1_000_000),
                TieRule::Slurm,
                Lang::Ja,
            ),
        ),
    ] {
        writeln!(out, "# {id}: {title}\n{text}").unwrap();
    }
    expect_file!["snapshots/what_if_rows.txt"].assert_eq(&out);
}

/// What the import panel says about each sample file: the status line, then the diagnostics.
fn import_outline(text: &str, lang: Lang) -> String {
    let imported = fairshare::import::import(text);
    let format = crate::messages::engine::format_text(imported.format, lang);
    let n = imported.scenario.as_ref().map_or(0, |s| s.tree.len());
    let status = if imported.has_errors() {
        format!("refused ({format})")
    } else {
        ImportMsg::Loaded.fill(
            lang,
            &[
                ("n", &fairshare::format::grouped(n as u64)),
                ("format", &format),
            ],
        )
    };
    let mut out = format!("{status}\n");
    for line in diagnostic_lines(&imported.diagnostics, lang) {
        writeln!(out, "  {line}").unwrap();
    }
    out
}

#[test]
fn snapshot_import_outlines() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/fixtures/import");
    // In name order (a BTreeSet: clippy.toml keeps the standard sorts out of the app).
    let files: std::collections::BTreeSet<_> = std::fs::read_dir(&dir)
        .expect("the import samples")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    let mut out = String::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a text sample");
        let name = path.file_name().unwrap().to_string_lossy();
        for lang in Lang::ALL {
            writeln!(out, "# {name} ({})", lang.as_tag()).unwrap();
            out.push_str(&import_outline(&text, lang));
        }
        // Cut off after 3 lines: the same import with a truncated tail.
        let head: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
        writeln!(out, "# {name}, first 3 lines (en)").unwrap();
        out.push_str(&import_outline(&head, Lang::En));
    }
    expect_file!["snapshots/import_outlines.txt"].assert_eq(&out);
}

/// "Why is my FairShare this?" for every user of `id`, in `lang`.
fn why_transcript(id: &str, lang: Lang) -> String {
    let s = preset(id);
    let ranked = fairshare::Ranked::new(&s.tree, TieRule::Slurm);
    let mut out = String::new();
    for (ix, a) in s.tree.assocs().iter().enumerate() {
        let Some(w) = crate::panels::inspector::why::why_text(&ranked, ix, lang) else {
            continue;
        };
        writeln!(out, "## {} ({})", a.name(), a.account).unwrap();
        for line in w.lines() {
            writeln!(out, "{line}").unwrap();
        }
    }
    out
}

#[test]
fn snapshot_why_my_fairshare_fair_tree_example() {
    expect_file!["snapshots/why_fair_tree_example.en.txt"]
        .assert_eq(&why_transcript("fair-tree-example", Lang::En));
    expect_file!["snapshots/why_fair_tree_example.ja.txt"]
        .assert_eq(&why_transcript("fair-tree-example", Lang::Ja));
}
