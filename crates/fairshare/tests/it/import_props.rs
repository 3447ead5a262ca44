//! Properties of the importer:
//! - round trip: for random trees (names with `.`, `-`, `_`, shares including 0 and "parent",
//!   integer usage up to 10^12), importing what the sshare emitter prints (`-P` with header,
//!   `-p` without, the fixed-width table) and what sacctmgr would print gives back the same
//!   tree structure, names, shares and usage;
//! - never panics: arbitrary text, arbitrary bytes read as lossy UTF-8, and valid inputs with a
//!   line deleted, duplicated, swapped or garbled. Whatever tree comes out also runs through
//!   both algorithms, the sshare emitter and the comparison without panicking.

use crate::common;

use common::texts;
use common::trees::{self, Shape, shape};
use fairshare::Ranked;
use fairshare::import;
use fairshare::sshare::{self, TextLayout};
use fairshare::{Algorithm, AssocTree, LongDouble, Shares};
use proptest::prelude::*;

/// One generated node: (parent pick, is user, name, shares pick, usage).
type Spec = (u16, bool, String, u32, u64);

/// A valid tree from specs: parents are earlier accounts less than 6 deep; account names are
/// unique, user names unique per account (as in Slurm).
fn tree_from(specs: &[Spec]) -> AssocTree {
    let mut assocs = vec![trees::root()];
    let mut accounts: Vec<(usize, u32)> = vec![(0, 0)]; // (index, depth)
    let mut used = std::collections::HashSet::new();
    used.insert("root".to_string());
    for (i, (pick, is_user, name, shares, usage)) in specs.iter().enumerate() {
        let open: Vec<&(usize, u32)> = accounts.iter().filter(|(_, d)| *d < 6).collect();
        let &&(p, pd) = open
            .get(usize::from(*pick) % open.len())
            .expect("root is always open");
        let parent = &assocs[p];
        let shares = if *shares >= 110 {
            Shares::Parent
        } else {
            Shares::Value(*shares)
        };
        let id = i as u32 + 2;
        if *is_user {
            if !used.insert(format!("{}:{name}", parent.account)) {
                continue;
            }
            let usage = LongDouble::from_u64(*usage);
            assocs.push(trees::user(id, parent, name, shares, usage));
        } else {
            if !used.insert(name.clone()) {
                continue;
            }
            assocs.push(trees::account(id, parent, name, shares));
            accounts.push((assocs.len() - 1, pd + 1));
        }
    }
    AssocTree::new(assocs).expect("generated trees are valid")
}

fn specs() -> impl Strategy<Value = Vec<Spec>> {
    prop::collection::vec(
        (
            any::<u16>(),
            any::<bool>(),
            "[a-z][a-z0-9]{0,4}[._-]?",
            0u32..120,
            prop_oneof![0u64..30, 0u64..1_000_000_000_000u64],
        ),
        0..50,
    )
}

// Runs everything downstream of an import, to show that an imported tree is usable.
use fairshare::testing::exercise_import as exercise;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn emitted_sshare_reads_back(specs in specs()) {
        let tree = tree_from(&specs);
        let ranked = Ranked::new(&tree, fairshare::TieRule::Slurm);
        let rows = sshare::fair_tree_rows(&ranked);
        let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
        let mut want = shape(&tree);
        want[0].3 = None;
        for (layout, header) in [
            (TextLayout::ParsableNoEnding, sshare::Header::Shown),
            (TextLayout::Parsable, sshare::Header::Omitted),
            (TextLayout::FixedWidth, sshare::Header::Shown),
        ] {
            let text = sshare::render_text(&rows, &cols, layout, header);
            let imp = import::import(&text);
            prop_assert!(!imp.has_errors(), "{layout:?}: {:?}\n{text}", imp.diagnostics);
            let got = imp.scenario.as_ref().expect("a tree");
            let mut got = shape(&got.tree);
            got[0].3 = None;
            prop_assert_eq!(&got, &want, "{:?}\n{}", layout, text);
        }
        // sacctmgr carries shares (root's too) but no usage.
        let imp = import::import(&texts::sacctmgr(&tree));
        prop_assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
        let got = shape(&imp.scenario.as_ref().expect("a tree").tree);
        let no_usage: Shape = shape(&tree)
            .into_iter()
            .map(|(d, a, u, s, x)| (d, a, u, s, x.map(|_| 0)))
            .collect();
        prop_assert_eq!(got, no_usage);
    }

    /// Issue 20 §1: whatever people wrap around sshare's output (prompts, a code fence, prose,
    /// a margin of spaces or a TAB, tabs between cells, an elision mark at the end), in every
    /// layout sshare prints, the import is the import of the output alone.
    #[test]
    fn wrapped_output_reads_like_the_output(
        specs in specs(),
        layout_pick in 0usize..6,
        prompt in 0usize..5,
        fence in 0usize..4,
        margin in 0usize..4,
        elision in any::<bool>(),
    ) {
        let tree = tree_from(&specs);
        let ranked = Ranked::new(&tree, fairshare::TieRule::Slurm);
        let rows = sshare::fair_tree_rows(&ranked);
        let (layout, header, flags) = [
            (TextLayout::ParsableNoEnding, sshare::Header::Shown, sshare::SshareFlags::LONG),
            (TextLayout::Parsable, sshare::Header::Omitted, sshare::SshareFlags::SHORT),
            (TextLayout::FixedWidth, sshare::Header::Shown, sshare::SshareFlags::SHORT),
            (TextLayout::FixedWidth, sshare::Header::Shown, sshare::SshareFlags::LONG),
            (TextLayout::FixedWidth, sshare::Header::Omitted, sshare::SshareFlags::SHORT),
            (TextLayout::ParsableNoEnding, sshare::Header::Shown, sshare::SshareFlags::SHORT),
        ][layout_pick];
        let cols = sshare::default_columns(Algorithm::FairTree, flags);
        let plain = sshare::render_text(&rows, &cols, layout, header);
        let mut body: Vec<String> = plain.lines().map(str::to_string).collect();
        // Tabs between cells, as a spreadsheet gives them (parsable layouts only).
        if layout_pick == 5 {
            body = body.iter().map(|l| l.replace('|', "\t")).collect();
        }
        let prompts = [
            ("$ sshare -a", "$ "),
            ("[user@login1 ~]$ sshare -a -l", "[user@login1 ~]$"),
            ("(env) user@host:~$ sshare -a | cat", ""),
            ("(cluster)-[root@admin ~]$ sshare -a", "(cluster)-[root@admin ~]$ date"),
            ("", ""),
        ];
        let (before, after) = prompts[prompt];
        let mut lines: Vec<String> = Vec::new();
        if !before.is_empty() {
            lines.push(before.to_string());
        }
        lines.extend(body);
        if elision {
            lines.push("...".to_string());
        }
        if !after.is_empty() {
            lines.push(after.to_string());
        }
        let pad = ["", "    ", "\t", "  "][margin];
        let mut lines: Vec<String> = lines.into_iter().map(|l| format!("{pad}{l}")).collect();
        match fence {
            1 => {
                lines.insert(0, "```".into());
                lines.push("```".into());
            }
            2 => {
                lines.insert(0, "~~~text".into());
                lines.insert(0, "My sshare output:".into());
                lines.push("~~~".into());
                lines.push("Is this right?".into());
            }
            3 => {
                lines.insert(0, "Output from our cluster today".into());
            }
            _ => {}
        }
        let wrapped = lines.join("\n");
        let a = import::import(&plain);
        let b = import::import(&wrapped);
        prop_assert!(!b.has_errors(), "{:?}\n{}", b.diagnostics, wrapped);
        let sa = a.scenario.as_ref().map(|s| shape(&s.tree));
        let sb = b.scenario.as_ref().map(|s| shape(&s.tree));
        prop_assert_eq!(sa, sb, "{}", wrapped);
        prop_assert_eq!(&a.printed.len(), &b.printed.len());
        for (x, y) in a.printed.iter().zip(&b.printed) {
            prop_assert_eq!(&x.fairshare, &y.fairshare);
            prop_assert_eq!(&x.raw_usage, &y.raw_usage);
            prop_assert_eq!(&x.norm_shares, &y.norm_shares);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC*") {
        exercise(&import::import(&text));
    }

    #[test]
    fn arbitrary_table_like_text_never_panics(
        text in "([ a-z0-9|.\\-]{0,40}\n){0,12}",
        header in prop_oneof![
            Just(""),
            Just("Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare\n"),
            Just("Account|User|Share\n"),
            Just("ID|ParentID|Account|User|Share\n"),
        ],
    ) {
        exercise(&import::import(&format!("{header}{text}")));
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        exercise(&import::import(&String::from_utf8_lossy(&bytes)));
    }

    #[test]
    fn mutated_inputs_never_panic(
        specs in specs(),
        which in 0usize..5,
        op in 0u8..4,
        at in any::<usize>(),
        other in any::<usize>(),
        junk in "\\PC{0,12}",
    ) {
        let tree = tree_from(&specs);
        let ranked = Ranked::new(&tree, fairshare::TieRule::Slurm);
        let rows = sshare::fair_tree_rows(&ranked);
        let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
        let text = match which {
            0 => sshare::render_text(&rows, &cols, TextLayout::ParsableNoEnding, sshare::Header::Shown),
            1 => sshare::render_text(&rows, &cols, TextLayout::FixedWidth, sshare::Header::Shown),
            2 => texts::sacctmgr(&tree),
            3 => fairshare::scenario::to_json(&fairshare::Scenario {
                name: "t".into(),
                algorithm: Algorithm::FairTree,
                params: Default::default(),
                tree: tree.clone(),
            }),
            _ => sshare::render_text(&rows, &cols, TextLayout::Parsable, sshare::Header::Omitted),
        };
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        if !lines.is_empty() {
            let i = at % lines.len();
            let j = other % lines.len();
            match op {
                0 => {
                    lines.remove(i);
                }
                1 => {
                    let l = lines[i].clone();
                    lines.insert(j, l);
                }
                2 => lines.swap(i, j),
                _ => {
                    let l = &lines[i];
                    let mut cut = (other % (l.len() + 1)).min(l.len());
                    while !l.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    lines[i] = format!("{}{junk}{}", &l[..cut], &l[cut..].chars().skip(3).collect::<String>());
                }
            }
        }
        let imp = import::import(&lines.join("\n"));
        // A tree that comes out is always valid and usable.
        exercise(&imp);
        if let Some(s) = &imp.scenario {
            prop_assert!(AssocTree::new(s.tree.assocs().to_vec()).is_ok());
        }
    }
}

/// At the size of the largest performance anchor: 100 000 rows of `sshare -a -l -P` and the
/// same tree as sacctmgr prints it read back whole, with no diagnostics. (How long it takes is
/// measured by `cargo bench -p fairshare --bench engine -- import`, not asserted here.)
#[test]
fn a_hundred_thousand_rows_read_back() {
    let tree = fairshare::r#gen::tree(100_000, 2026);
    let imp = import::import(&texts::sshare_long_parsable(&tree));
    assert!(
        !imp.has_errors(),
        "{:?}",
        &imp.diagnostics[..imp.diagnostics.len().min(5)]
    );
    assert_eq!(imp.printed.len(), 100_000);
    let got = imp.scenario.expect("a tree").tree;
    assert_eq!(shape(&got), shape(&tree));
    let imp = import::import(&texts::sacctmgr(&tree));
    assert!(
        !imp.has_errors(),
        "{:?}",
        &imp.diagnostics[..imp.diagnostics.len().min(5)]
    );
    assert_eq!(imp.scenario.map(|s| s.tree.len()), Some(100_000));
}
