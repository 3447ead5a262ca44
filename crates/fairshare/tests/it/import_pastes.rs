//! What people actually paste (issue 20 §1): sshare output with shell prompts around it, in
//! markdown code fences, indented as a block, with tabs, without its dash line, with custom
//! widths, right-aligned and pre-16.05 headers, without header, with elision marks, with names
//! cut by `+`, and rows cut out of a larger output. Each reads like the output alone.
//! Also: duplicates (issue 25 item 4) and the import messages of issue 25 item 6.
//!
//! The texts are the engine's own printer (`sshare::render`) on Slurm's test24.1 tree (as the
//! real sshare prints it), wrapped the way people paste them, and Slurm's documented outputs.

use crate::common;

use common::TEST24_1_CLASSIC_FIXED;
use common::trees::{Shape, shape};
use fairshare::import::{self, Format, Imported};
use fairshare::sshare::{self, Column, Header, SshareFlags, TextLayout};
use fairshare::{Algorithm, Ranked, TieRule};

fn messages(imp: &Imported) -> Vec<String> {
    imp.diagnostics.iter().map(ToString::to_string).collect()
}

fn no_errors(imp: &Imported) {
    assert!(!imp.has_errors(), "{:#?}", messages(imp));
}

fn tree_shape(imp: &Imported) -> Shape {
    shape(&imp.scenario.as_ref().expect("a tree").tree)
}

/// The printed values of every row, as text, in order.
fn printed(imp: &Imported) -> Vec<Vec<String>> {
    imp.printed
        .iter()
        .map(|p| {
            [
                p.raw_usage.as_ref().map(|x| x.text.to_string()),
                p.norm_shares.as_ref().map(|x| x.text.to_string()),
                p.effective_usage.as_ref().map(|x| x.text.to_string()),
                p.fairshare.as_ref().map(|x| x.text.to_string()),
                p.level_fs.as_ref().map(|x| x.text.to_string()),
            ]
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect()
        })
        .collect()
}

/// `wrapped` reads as `plain` does: same tree, same printed values, no error.
fn reads_like(wrapped: &str, plain: &str) -> Imported {
    let a = import::import(plain);
    let b = import::import(wrapped);
    no_errors(&a);
    no_errors(&b);
    assert_eq!(tree_shape(&b), tree_shape(&a), "{wrapped}");
    assert_eq!(printed(&b), printed(&a), "{wrapped}");
    b
}

fn warned(imp: &Imported, line: Option<usize>, words: &str) {
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| !d.is_error() && d.line == line && d.message().contains(words)),
        "no warning on {line:?} with {words:?}: {:#?}",
        messages(imp)
    );
}

/// The engine's own `sshare -a` (short, Fair Tree) of Slurm's test24.1 tree.
fn test24_1(layout: TextLayout, header: Header, flags: SshareFlags) -> String {
    let imp = import::import(TEST24_1_CLASSIC_FIXED);
    let tree = imp.scenario.expect("test24.1").tree;
    let rows = sshare::fair_tree_rows(&Ranked::new(&tree, TieRule::Slurm));
    let cols = sshare::default_columns(Algorithm::FairTree, flags);
    sshare::render_text(&rows, &cols, layout, header)
}

fn short_fixed() -> String {
    test24_1(TextLayout::FixedWidth, Header::Shown, SshareFlags::SHORT)
}

#[test]
fn shell_prompts_before_and_after() {
    let plain = short_fixed();
    for (before, after) in [
        ("$ sshare\n", ""),
        ("[user@login1 ~]$ sshare -l\n", "[user@login1 ~]$ \n"),
        (
            "(env) user@host:~$ sshare -a | head -20\n",
            "(env) user@host:~$\n",
        ),
        ("(cluster)-[root@admin ~]$ sshare -a\n", "$ "),
        (
            "bash-4.2$ sshare -a\n",
            "bash-4.2$ date\nThu Nov 26 22:42:46 UTC 2026\n",
        ),
    ] {
        let wrapped = format!("{before}{plain}{after}");
        let imp = reads_like(&wrapped, &plain);
        warned(&imp, Some(1), "a command line");
    }
    // The output of a second command after the prompt is not read as rows.
    let imp = import::import(&format!(
        "$ sshare -a\n{plain}$ date\nThu Nov 26 22:42:46 UTC 2026\n"
    ));
    // Line 1 is the prompt, 2–17 the table, 18 the next prompt.
    warned(&imp, Some(18), "a command line");
    warned(&imp, Some(19), "not part of the output");
}

#[test]
fn a_prompt_line_is_not_taken_for_json() {
    // It used to read as JSON ("a scenario must be a JSON object …") because of its `[`.
    let imp = import::import("[user@login1 ~]$ sshare -l\n[user@login1 ~]$ \n");
    assert!(
        messages(&imp).iter().all(|m| !m.contains("JSON object")),
        "{:#?}",
        messages(&imp)
    );
    let imp = import::import("hello world\nthis is not sshare\n");
    assert_eq!(imp.format, Format::Unknown);
    assert_eq!(
        messages(&imp),
        [
            "line 1: error: not a format this tool reads: found \"hello world\", which is not a \
          table header, a row or JSON; paste scenario JSON, sshare output (sshare -a -l -P, -p, \
          the plain table, or --json), or sacctmgr show assoc tree format=Account,User,Share -P"
        ]
    );
}

#[test]
fn markdown_fences_and_the_prose_around_them() {
    let plain = short_fixed();
    for (open, close) in [
        ("```", "```"),
        ("```text", "```"),
        ("~~~", "~~~"),
        ("```console", "```"),
    ] {
        let wrapped = format!(
            "Here is what I get on our cluster:\n\n{open}\n$ sshare -a\n{plain}{close}\n\nWhy is my FairShare so low?\n"
        );
        let imp = reads_like(&wrapped, &plain);
        // Each run of prose is named for itself (line 1; line 23 after the 16-line table).
        warned(
            &imp,
            Some(1),
            "skipped: this line is not part of the output",
        );
        warned(
            &imp,
            Some(23),
            "skipped: this line is not part of the output",
        );
    }
    // JSON in a fence reads too, with its lines counted as pasted.
    let json = "```json\n{\"associations\": [\n{\"id\": 1, \"account\": \"root\"},\n{\"id\": 2, \"parent\": 1, \"account\": \"a\", \"user\": \"u\", \"shares\": -3}\n]}\n```\n";
    let imp = import::import(json);
    assert_eq!(imp.format, Format::ScenarioJson);
    assert_eq!(imp.diagnostics[0].line, Some(4), "{:#?}", messages(&imp));
}

#[test]
fn a_block_indented_as_a_whole() {
    for layout in [TextLayout::FixedWidth, TextLayout::ParsableNoEnding] {
        let plain = test24_1(layout, Header::Shown, SshareFlags::LONG);
        for margin in ["    ", "\t", "  \t"] {
            let wrapped: String = plain.lines().map(|l| format!("{margin}{l}\n")).collect();
            reads_like(&wrapped, &plain);
        }
        // Without header, the root row is at the margin too.
        let plain = test24_1(layout, Header::Omitted, SshareFlags::LONG);
        let wrapped: String = plain.lines().map(|l| format!("        {l}\n")).collect();
        reads_like(&wrapped, &plain);
    }
}

#[test]
fn fixed_width_without_the_dash_line() {
    for flags in [SshareFlags::SHORT, SshareFlags::LONG] {
        let plain = test24_1(TextLayout::FixedWidth, Header::Shown, flags);
        let no_dashes: String = plain
            .lines()
            .enumerate()
            .filter(|(i, _)| *i != 1)
            .map(|(_, l)| format!("{}\n", l.trim_end()))
            .collect();
        reads_like(&no_dashes, &plain);
    }
}

/// Fixed-width rows as sshare prints them with `--format=Account%W,…`: the Account column
/// left-justified (cut with `+`), every other cell right-justified, header names right-justified
/// (as sshare before 17.02 printed every header), one space after each cell.
fn custom_widths(parsable: &str, widths: &[usize], names: &[&str], dashes: bool) -> String {
    let mut out = String::new();
    let cell = |s: &str, w: usize, left: bool| {
        if s.len() > w {
            format!("{}+", &s[..w - 1])
        } else if left {
            format!("{s:<w$}")
        } else {
            format!("{s:>w$}")
        }
    };
    for (k, &w) in widths.iter().enumerate() {
        out.push_str(&cell(names[k], w, false));
        out.push(' ');
    }
    out.push('\n');
    if dashes {
        for &w in widths {
            out.push_str(&"-".repeat(w));
            out.push(' ');
        }
        out.push('\n');
    }
    for line in parsable.lines().skip(1) {
        for (k, c) in line.split('|').enumerate() {
            out.push_str(&cell(c, widths[k], k == 0));
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

const SHORT_NAMES: [&str; 7] = [
    "Account",
    "User",
    "RawShares",
    "NormShares",
    "RawUsage",
    "EffectvUsage",
    "FairShare",
];

/// Before 16.05 (sshare's `process.c` then), two-word header names.
const OLD_NAMES: [&str; 7] = [
    "Account",
    "User",
    "Raw Shares",
    "Norm Shares",
    "Raw Usage",
    "Effectv Usage",
    "FairShare",
];

#[test]
fn custom_widths_and_right_aligned_headers() {
    let plain = test24_1(
        TextLayout::ParsableNoEnding,
        Header::Shown,
        SshareFlags::SHORT,
    );
    for dashes in [true, false] {
        // `--format=Account%14,User%8,RawShares,NormShares,RawUsage%14,EffectvUsage,FairShare`
        let text = custom_widths(&plain, &[14, 8, 10, 11, 14, 13, 10], &SHORT_NAMES, dashes);
        let imp = reads_like(&text, &plain);
        assert_eq!(
            imp.format,
            Format::Sshare {
                layout: TextLayout::FixedWidth,
                header: true
            }
        );
        // sshare's own widths with every header name right-justified (`Account` too).
        let text = custom_widths(&plain, &[20, 10, 10, 11, 11, 13, 10], &SHORT_NAMES, dashes);
        assert!(text.starts_with("             Account "));
        reads_like(&text, &plain);
    }
}

#[test]
fn pre_16_05_header_names() {
    let plain = test24_1(
        TextLayout::ParsableNoEnding,
        Header::Shown,
        SshareFlags::SHORT,
    );
    for dashes in [true, false] {
        let text = custom_widths(&plain, &[20, 10, 10, 11, 11, 13, 10], &OLD_NAMES, dashes);
        assert!(text.contains(" Raw Shares Norm Shares   Raw Usage Effectv Usage "));
        reads_like(&text, &plain);
    }
    // `-P` with the old names.
    let mut lines: Vec<String> = plain.lines().map(str::to_string).collect();
    lines[0] = OLD_NAMES.join("|");
    reads_like(&(lines.join("\n") + "\n"), &plain);
    // And `Level FS`, `Norm Usage` in the long list.
    let long = test24_1(TextLayout::FixedWidth, Header::Shown, SshareFlags::LONG);
    let old =
        long.replacen("   NormUsage", "  Norm Usage", 1)
            .replacen("    LevelFS", "   Level FS", 1);
    assert!(old.contains(" Norm Usage ") && old.contains(" Level FS "));
    reads_like(&old, &long);
}

#[test]
fn a_raw_usage_wider_than_its_column() {
    // 13 digits in an 11-wide column push the rest of the row right, as printf does.
    let text = "\
Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare
-------------------- ---------- ---------- ----------- ----------- ------------- ----------
root                                          0.000000 1234567890123      1.000000
 root                     alice          1    0.500000 1234567890123      1.000000   0.250000
 root                       bob          1    0.500000           0      0.000000   1.000000
";
    let no_dashes: String = text
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    for t in [text, &no_dashes] {
        let imp = import::import(t);
        no_errors(&imp);
        assert_eq!(
            tree_shape(&imp)[1],
            (
                1,
                "root".into(),
                Some("alice".into()),
                Some(fairshare::Shares::Value(1)),
                Some(1_234_567_890_123)
            )
        );
        assert_eq!(printed(&imp)[1][3], "0.250000");
    }
}

#[test]
fn parsable_without_header_says_which_list_it_assumed() {
    for (flags, list) in [
        (
            SshareFlags::SHORT,
            "Account,User,RawShares,NormShares,RawUsage,EffectvUsage,FairShare",
        ),
        (
            SshareFlags::LONG,
            "Account,User,RawShares,NormShares,RawUsage,NormUsage,EffectvUsage,FairShare,LevelFS,GrpTRESMins,TRESRunMins",
        ),
        (
            SshareFlags::LONG_PARTITIONS,
            "Account,User,Partition,RawShares,NormShares,RawUsage,NormUsage,EffectvUsage,FairShare,LevelFS,GrpTRESMins,TRESRunMins",
        ),
    ] {
        for layout in [TextLayout::Parsable, TextLayout::ParsableNoEnding] {
            let plain = test24_1(layout, Header::Shown, flags);
            let bare = test24_1(layout, Header::Omitted, flags);
            let a = import::import(&plain);
            let b = import::import(&bare);
            no_errors(&b);
            assert_eq!(tree_shape(&b), tree_shape(&a));
            warned(&b, Some(1), &format!("sshare's own list {list} "));
        }
    }
}

#[test]
fn tab_separated_cells() {
    let plain = test24_1(
        TextLayout::ParsableNoEnding,
        Header::Shown,
        SshareFlags::LONG,
    );
    let tabs = plain.replace('|', "\t");
    let imp = reads_like(&tabs, &plain);
    warned(&imp, Some(1), "separated by tabs");
    // A spreadsheet leaves out a row's empty trailing cells.
    let short = test24_1(
        TextLayout::ParsableNoEnding,
        Header::Shown,
        SshareFlags::SHORT,
    );
    let trimmed: String = short
        .replace('|', "\t")
        .lines()
        .map(|l| format!("{}\n", l.trim_end_matches('\t')))
        .collect();
    reads_like(&trimmed, &short);
}

#[test]
fn elision_marks_are_skipped_with_a_warning() {
    let plain = short_fixed();
    for mark in ["...", "[...]", "…", "   ...", "(...)", "[snip]"] {
        let mut lines: Vec<&str> = plain.lines().collect();
        let n = lines.len();
        lines.insert(n, mark);
        let text = lines.join("\n");
        let imp = reads_like(&text, &plain);
        warned(&imp, Some(n + 1), "an elision mark");
    }
    // Between rows: the rows around it still read (what was cut is not there).
    let mut lines: Vec<&str> = plain.lines().collect();
    lines.insert(5, "...");
    let imp = import::import(&lines.join("\n"));
    no_errors(&imp);
    warned(&imp, Some(6), "an elision mark");
    assert_eq!(tree_shape(&imp).len(), 14);
}

#[test]
fn names_cut_by_a_trailing_plus() {
    let plain = "\
Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare
root|||0.000000|100|1.000000|
 computational_chemistry||40|0.400000|45|0.450000|
  computational_chemistry|averyverylongname|1|1.000000|45|1.000000|0.500000
 physics||60|0.600000|55|0.550000|
  physics|bob|1|1.000000|55|1.000000|0.400000
";
    let widths = [20, 10, 10, 11, 11, 13, 10];
    for dashes in [true, false] {
        let text = custom_widths(plain, &widths, &SHORT_NAMES, dashes);
        assert!(text.contains(" computational_chem+ "), "{text}");
        assert!(text.contains("  computational_che+ averyvery+ "), "{text}");
        let imp = import::import(&text);
        no_errors(&imp);
        let first_row = if dashes { 4 } else { 3 };
        warned(&imp, Some(first_row), "names longer than their column");
        let s = tree_shape(&imp);
        assert_eq!(s[1].1, "computational_chem+");
        // The user row hangs under the account its cut name starts like, and takes its name.
        assert_eq!((s[2].0, s[2].1.as_str()), (2, "computational_chem+"));
        assert_eq!(s[2].2.as_deref(), Some("averyvery+"));
        assert_eq!(printed(&imp)[2][3], "0.500000");
    }
}

#[test]
fn rows_cut_out_of_a_larger_output_hang_under_an_added_root() {
    // `sshare -l | grep -A3 AccountD` without the header: the first row is indented.
    let long = test24_1(
        TextLayout::ParsableNoEnding,
        Header::Omitted,
        SshareFlags::LONG,
    );
    let cut: String = long
        .lines()
        .filter(|l| l.contains("AccountD") || l.contains("AccountE") || l.contains("AccountF"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(cut.starts_with(" AccountD|"));
    for text in [
        cut.clone(),
        // With the header kept (`sshare -l | sed -n '1p;/AccountD/,$p'`).
        format!(
            "{}\n{cut}",
            test24_1(
                TextLayout::ParsableNoEnding,
                Header::Shown,
                SshareFlags::LONG
            )
            .lines()
            .next()
            .unwrap()
        ),
    ] {
        let imp = import::import(&text);
        no_errors(&imp);
        warned(
            &imp,
            Some(if text.starts_with(' ') { 1 } else { 2 }),
            "does not start with the root",
        );
        let s = tree_shape(&imp);
        let outline: Vec<(u32, &str, Option<&str>)> = s
            .iter()
            .map(|(d, a, u, _, _)| (*d, a.as_str(), u.as_deref()))
            .collect();
        assert_eq!(
            outline,
            [
                (0, "root", None),
                // AccountD's NormShares says it has siblings the cut left out: the completion
                // stands for them with one inferred member of the added root.
                (1, "root", Some("(hidden)")),
                (1, "AccountD", None),
                (2, "AccountE", None),
                (3, "AccountE", Some("User4")),
                (2, "AccountF", None),
                (3, "AccountF", Some("User5")),
            ]
        );
        assert!(imp.scenario.as_ref().unwrap().tree.is_partial());
    }
}

#[test]
fn everything_at_once() {
    // A forum post: prose, a fence, a prompt, an indented right-aligned old-style table
    // without the dash line, an elision, a closing prompt, more prose.
    let plain = test24_1(
        TextLayout::ParsableNoEnding,
        Header::Shown,
        SshareFlags::SHORT,
    );
    let table = custom_widths(&plain, &[20, 10, 10, 11, 11, 13, 10], &OLD_NAMES, false);
    let body: String = table.lines().map(|l| format!("    {l}\n")).collect();
    let text = format!(
        "Our FairShare looks odd:\n```\n    [me@login1 ~]$ sshare -a\n{body}    ...\n    [me@login1 ~]$\n```\nAny idea?\n"
    );
    reads_like(&text, &plain);
}

// --- Duplicates (issue 25 item 4) ----------------------------------------------------------

const SMALL: &str = "\
Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare
root|||0.000000|100|1.000000|
 chem||60|0.600000|30|0.300000|
  chem|dave|1|0.500000|30|1.000000|0.666667
  chem|erin|1|0.500000|0|0.000000|1.000000
 physics||40|0.400000|70|0.700000|
  physics|alice|1|1.000000|70|1.000000|0.333333
";

#[test]
fn a_repeated_sshare_line_is_merged_with_a_warning() {
    // The same user row twice (a paste that overlapped).
    let mut lines: Vec<&str> = SMALL.lines().collect();
    lines.insert(4, lines[3]);
    let imp = import::import(&lines.join("\n"));
    no_errors(&imp);
    warned(&imp, Some(5), "repeats line 4 with the same values");
    assert_eq!(tree_shape(&imp), tree_shape(&import::import(SMALL)));
    assert_eq!(imp.printed.len(), 6);

    // A whole account block twice: read once.
    let mut lines: Vec<&str> = SMALL.lines().collect();
    lines.extend(["  physics|alice|1|1.000000|70|1.000000|0.333333"]);
    let text = format!(
        "{}\n physics||40|0.400000|70|0.700000|\n{}",
        SMALL.trim_end(),
        lines[6]
    );
    let imp = import::import(&text);
    no_errors(&imp);
    warned(&imp, Some(8), "account \"physics\" repeats line 6");
    warned(
        &imp,
        Some(9),
        "user \"alice\" of account \"physics\" repeats line 7",
    );
    assert_eq!(tree_shape(&imp), tree_shape(&import::import(SMALL)));
}

#[test]
fn a_user_twice_with_other_values_is_refused_by_line() {
    let text = format!("{SMALL}  physics|alice|5|1.000000|10|1.000000|0.333333\n");
    let imp = import::import(&text);
    assert_eq!(
        messages(&imp),
        [
            "line 8: error: user \"alice\" of account \"physics\" is also on line 7; Slurm holds \
          one association per account and user: keep one of them"
        ]
    );
    // The rest is a partial tree, loaded only on request.
    assert!(imp.is_partial());
    assert_eq!(tree_shape(&imp), tree_shape(&import::import(SMALL)));
}

#[test]
fn duplicates_in_json_are_refused() {
    let scenario = "{\"associations\": [
{\"id\": 1, \"account\": \"root\"},
{\"id\": 2, \"parent\": 1, \"account\": \"chem\", \"shares\": 1},
{\"id\": 3, \"parent\": 2, \"account\": \"chem\", \"user\": \"dave\", \"shares\": 1},
{\"id\": 4, \"parent\": 2, \"account\": \"chem\", \"user\": \"dave\", \"shares\": 1}
]}";
    let imp = import::import(scenario);
    assert!(imp.scenario.is_none());
    assert_eq!(
        messages(&imp),
        [
            "line 5: error: user \"dave\" of account \"chem\" is also on line 4; Slurm holds one \
          association per account and user: keep one of them"
        ]
    );
    let sshare_json = "{\"shares\": {\"shares\": [
{\"id\": 1, \"name\": \"root\", \"parent\": \"\", \"type\": [\"ASSOCIATION\"], \"usage\": 0},
{\"id\": 2, \"name\": \"chem\", \"parent\": \"root\", \"type\": [\"ASSOCIATION\"], \"shares\": 1, \"usage\": 0},
{\"id\": 3, \"name\": \"dave\", \"parent\": \"chem\", \"type\": [\"USER\"], \"shares\": 1, \"usage\": 0},
{\"id\": 4, \"name\": \"dave\", \"parent\": \"chem\", \"type\": [\"USER\"], \"shares\": 1, \"usage\": 0}
]}}";
    let imp = import::import(sshare_json);
    assert!(imp.has_errors());
    assert!(
        messages(&imp)[0]
            .starts_with("line 5: error: user \"dave\" of account \"chem\" is also on line 4"),
        "{:#?}",
        messages(&imp)
    );
}

// --- Import messages (issue 25 items 6 and 7) -------------------------------------------------

#[test]
fn negative_shares_get_one_correct_message() {
    let text = SMALL.replace("  chem|dave|1|", "  chem|dave|-3|");
    let imp = import::import(&text);
    let on_4: Vec<String> = imp
        .diagnostics
        .iter()
        .filter(|d| d.line == Some(4))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        on_4,
        ["line 4: error: RawShares \"-3\" is not a whole number from 0 to 4294967295 or 'parent'"]
    );
}

#[test]
fn minus_zero_shares_read_as_zero_like_minus_zero_usage() {
    let text = SMALL.replace("  chem|dave|1|0.500000|30|", "  chem|dave|-0|0.500000|-0|");
    let imp = import::import(&text);
    no_errors(&imp);
    let s = tree_shape(&imp);
    // Found by name: chem's printed RawUsage (30) is no longer its printed members' (dave's -0 and
    // erin's 0), so the completion adds an inferred member for the difference before them.
    let dave = s
        .iter()
        .find(|(_, _, u, _, _)| u.as_deref() == Some("dave"))
        .expect("dave");
    assert_eq!(dave.3, Some(fairshare::Shares::Value(0)));
    assert_eq!(dave.4, Some(0));
}

#[test]
fn a_scenario_json_reports_every_problem() {
    // Bad shares (id 3), bad usage (id 4) and a parent that does not exist (id 5).
    let text = "{\"associations\": [
{\"id\": 1, \"account\": \"root\"},
{\"id\": 2, \"parent\": 1, \"account\": \"chem\", \"shares\": 1},
{\"id\": 3, \"parent\": 2, \"account\": \"chem\", \"user\": \"dave\", \"shares\": -3},
{\"id\": 4, \"parent\": 2, \"account\": \"chem\", \"user\": \"erin\", \"usage_raw\": \"lots\"},
{\"id\": 5, \"parent\": 9, \"account\": \"chem\", \"user\": \"fay\"}
]}";
    let imp = import::import(text);
    let lines: Vec<Option<usize>> = imp.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(lines, [Some(4), Some(5), Some(6)], "{:#?}", messages(&imp));
    assert!(messages(&imp)[2].contains("9"), "{:#?}", messages(&imp));
}

#[test]
fn one_more_problem_is_singular() {
    assert_eq!(
        fairshare::DiagKind::MoreNotListed { more: 1 }.to_string(),
        "… and 1 more problem not listed"
    );
    assert_eq!(
        fairshare::DiagKind::MoreNotListed { more: 2 }.to_string(),
        "… and 2 more problems not listed"
    );
}

#[test]
fn columns_of_the_printer_are_the_readers() {
    // The reader's header-less lists are the printer's: a long `-m` table without header reads.
    let cols = sshare::default_columns(Algorithm::FairTree, SshareFlags::LONG_PARTITIONS);
    assert_eq!(cols.len(), 12);
    assert_eq!(cols[2], Column::Partition);
}

#[test]
fn minus_zero_shares_in_json_read_as_zero() {
    let scenario = "{\"associations\": [
{\"id\": 1, \"account\": \"root\"},
{\"id\": 2, \"parent\": 1, \"account\": \"chem\", \"shares\": -0},
{\"id\": 3, \"parent\": 2, \"account\": \"chem\", \"user\": \"dave\", \"shares\": 1, \"usage_raw\": -0}
]}";
    let imp = import::import(scenario);
    no_errors(&imp);
    assert_eq!(tree_shape(&imp)[1].3, Some(fairshare::Shares::Value(0)));
    let sshare_json = "{\"shares\": {\"shares\": [
{\"id\": 1, \"name\": \"root\", \"parent\": \"\", \"type\": [\"ASSOCIATION\"], \"usage\": 0},
{\"id\": 2, \"name\": \"chem\", \"parent\": \"root\", \"type\": [\"ASSOCIATION\"], \"shares\": -0, \"usage\": -0},
{\"id\": 3, \"name\": \"dave\", \"parent\": \"chem\", \"type\": [\"USER\"], \"shares\": 1, \"usage\": -0}
]}}";
    let imp = import::import(sshare_json);
    no_errors(&imp);
    assert_eq!(tree_shape(&imp)[1].3, Some(fairshare::Shares::Value(0)));
}

#[test]
fn names_cut_alike_are_not_taken_for_a_pair() {
    // Two users whose names sshare cut to the same `averyvery+`: not a duplicate.
    let plain = "\
Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare
root|||0.000000|100|1.000000|
 chem||1|1.000000|100|1.000000|
  chem|averyverylongname|1|0.500000|60|0.600000|0.333333
  chem|averyverylongnamf|1|0.500000|40|0.400000|0.666667
";
    let text = custom_widths(plain, &[20, 10, 10, 11, 11, 13, 10], &SHORT_NAMES, true);
    let imp = import::import(&text);
    no_errors(&imp);
    assert_eq!(tree_shape(&imp).len(), 4);
}

#[test]
fn no_break_spaces_from_a_web_page() {
    // A web page shows the table's spaces as `&nbsp;`; a copy gives U+00A0.
    let plain = short_fixed();
    let nbsp = plain.replace(' ', "\u{a0}");
    reads_like(&nbsp, &plain);
}
