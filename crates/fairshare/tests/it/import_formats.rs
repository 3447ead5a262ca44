//! Every import format with a hand-written sample (read completely, no diagnostics) and a
//! broken one (a diagnostic naming the right line, and the partial tree the rest gives).

use crate::common;

use common::TEST24_1_CLASSIC_FIXED;
use fairshare::Ranked;
use fairshare::import::{self, Agreement, Format, Imported};
use fairshare::sshare::{self, TextLayout};
use fairshare::{Algorithm, AssocTree, Hierarchy, Shares, TieRule};

/// (depth, name, shares) in Slurm's list order: a compact picture of a tree.
/// The associations read from rows (not inferred).
fn printed_len(tree: &AssocTree) -> usize {
    tree.assocs().iter().filter(|a| !a.inferred).count()
}

fn outline(tree: &AssocTree) -> Vec<String> {
    let h = Hierarchy::new(tree);
    h.list_order()
        .iter()
        .map(|&ix| {
            let a = &tree.assocs()[ix];
            let who = match &a.user {
                Some(u) => format!("{}:{u}", a.account),
                None => a.account.to_string(),
            };
            format!(
                "{}{who} {} {}",
                " ".repeat(h.depth(ix) as usize),
                a.shares,
                a.usage_raw
            )
        })
        .collect()
}

fn clean(imp: &Imported) -> &fairshare::Scenario {
    assert!(
        imp.diagnostics.is_empty(),
        "{:?}",
        imp.diagnostics
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
    imp.scenario.as_ref().expect("a scenario")
}

fn error_on(imp: &Imported, line: usize, words: &str) {
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.is_error() && d.line == Some(line) && d.message().contains(words)),
        "no error on line {line} mentioning {words:?}: {:?}",
        imp.diagnostics
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
}

const SSHARE_LONG_P: &str = "\
Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins
root|||0.000000|100||1.000000||||cpu=0
 chem||60|0.600000|30|0.300000|0.300000||2.000000||cpu=0
  chem|dave|1|1.000000|30|0.300000|1.000000|0.666667|1.000000||cpu=0
 physics||40|0.400000|70|0.700000|0.700000||0.571429||cpu=0
  physics|alice|1|0.500000|50|0.500000|0.714286|0.333333|0.700000||cpu=0
  physics|bob|parent|0.400000|20|0.200000|0.285714|0.666667|||cpu=0
  theory||60|0.600000|0|0.000000|0.000000||inf||cpu=0
   theory|carol|1|1.000000|0|0.000000|0.000000|1.000000|inf||cpu=0
";

#[test]
fn sshare_long_parsable_with_header() {
    let imp = import::import(SSHARE_LONG_P);
    assert_eq!(
        imp.format,
        Format::Sshare {
            layout: TextLayout::ParsableNoEnding,
            header: true
        }
    );
    assert_eq!(imp.format.to_string(), "sshare -P");
    let s = clean(&imp);
    assert_eq!(s.algorithm, Algorithm::FairTree);
    assert_eq!(
        outline(&s.tree),
        [
            "root 1 0",
            " chem 60 0",
            "  chem:dave 1 30",
            " physics 40 0",
            "  physics:alice 1 50",
            "  physics:bob parent 20",
            "  theory 60 0",
            "   theory:carol 1 0",
        ]
    );
    // Ids are row numbers; the printed values are kept per id, with their lines.
    let alice = s.tree.get(fairshare::AssocId(5)).expect("id 5");
    assert_eq!(alice.user.as_deref(), Some("alice"));
    let p = imp.printed.iter().find(|p| p.id.0 == 5).expect("printed");
    assert_eq!(p.line, Some(6));
    assert_eq!(
        p.fairshare.as_ref().map(|f| f.text.as_str()),
        Some("0.333333")
    );
    assert_eq!(p.level_fs.as_ref().and_then(|f| f.value), Some(0.7));
    // Accounts keep their printed totals only for comparison: their usage is not imported.
    let physics = s.tree.get(fairshare::AssocId(4)).expect("id 4");
    assert!(physics.usage_raw.is_zero());
    let p = imp.printed.iter().find(|p| p.id.0 == 4).expect("printed");
    assert_eq!(p.raw_usage.as_ref().map(|u| u.text.as_str()), Some("70"));
}

#[test]
fn sshare_broken_row_is_named_and_its_subtree_left_out() {
    let broken = SSHARE_LONG_P.replace("  theory||60|0.600000", "  theory||abc|0.600000");
    let imp = import::import(&broken);
    // Line 8 is `  theory` (the header is line 1).
    error_on(
        &imp,
        8,
        "RawShares \"abc\" is not a whole number from 0 to 4294967295 or 'parent'",
    );
    assert_eq!(
        imp.diagnostics
            .iter()
            .find(|d| d.line == Some(8))
            .map(ToString::to_string)
            .as_deref(),
        Some(
            "line 8: error: RawShares \"abc\" is not a whole number from 0 to 4294967295 or 'parent'"
        )
    );
    error_on(&imp, 9, "hangs under line 8");
    assert!(imp.is_partial());
    let s = imp.scenario.as_ref().expect("partial tree");
    // theory and carol are left out; physics's printed RawUsage and alice's NormShares show
    // what they held, and one inferred member stands for it.
    assert!(s.tree.assocs().iter().all(|a| a.account != "theory"));
    assert_eq!(printed_len(&s.tree), 6, "theory and carol are left out");
    let hidden: Vec<_> = s.tree.assocs().iter().filter(|a| a.inferred).collect();
    assert_eq!(hidden.len(), 1);
    assert_eq!(
        (hidden[0].account.as_str(), hidden[0].shares),
        ("physics", Shares::Value(1))
    );
    assert!(s.tree.is_partial());
}

#[test]
fn sshare_short_p_without_header() {
    // `sshare -a -p -n`: 7 fields and a trailing bar.
    let text = "root|||0.000000|10|1.000000||\n root|u1|5|0.500000|10|1.000000|0.500000|\n a||5|0.500000|0|0.000000||\n  a|u2|1|1.000000|0|0.000000|1.000000|\n";
    let imp = import::import(text);
    assert_eq!(
        imp.format,
        Format::Sshare {
            layout: TextLayout::Parsable,
            header: false
        }
    );
    // Which of sshare's lists was assumed is said, as a warning.
    assert_eq!(
        imp.diagnostics
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "line 1: warning: no header: the columns were taken to be sshare's own list \
          Account,User,RawShares,NormShares,RawUsage,EffectvUsage,FairShare (keep the header \
          to be sure)"
        ]
    );
    let s = imp.scenario.as_ref().expect("a tree");
    assert_eq!(s.algorithm, Algorithm::FairTree);
    assert_eq!(
        outline(&s.tree),
        ["root 1 0", " root:u1 5 10", " a 5 0", "  a:u2 1 0"]
    );
    // Broken: a row with the wrong number of fields.
    let imp = import::import(&text.replace(" a||5|0.500000|0|0.000000||", " a||5|0.5"));
    error_on(&imp, 3, "4 fields, but 7 expected");
    error_on(&imp, 4, "hangs under line 3");
    // Account `a`'s row is left out; root's printed usage and u1's NormShares show it.
    let tree = imp.scenario.map(|s| s.tree).expect("partial tree");
    assert_eq!(printed_len(&tree), 2);
    assert_eq!(
        outline(&tree),
        ["root 1 0", " root:(hidden) 5 0", " root:u1 5 10"]
    );
}

#[test]
fn fixed_width_classic_table_recomputes_exactly() {
    let imp = import::import(TEST24_1_CLASSIC_FIXED);
    assert_eq!(
        imp.format,
        Format::Sshare {
            layout: TextLayout::FixedWidth,
            header: true
        }
    );
    let s = clean(&imp);
    assert_eq!(s.algorithm, Algorithm::Classic);
    assert_eq!(s.tree.len(), 14);
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    let run = ranked.classic(&s.params);
    let rows = sshare::classic_rows(&ranked, &run);
    let cmp = import::compare(&ranked, &rows, &imp.printed);
    assert_eq!(cmp.len(), 14);
    for c in &cmp {
        assert_eq!(c.agreement, Agreement::Match, "{c:?}");
    }
    // Re-rendered, it is the same table.
    let cols = sshare::default_columns(Algorithm::Classic, sshare::SshareFlags::LONG);
    let again: Vec<String> =
        sshare::render(&rows, &cols, TextLayout::FixedWidth, sshare::Header::Shown)
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect();
    assert_eq!(again.join("\n"), TEST24_1_CLASSIC_FIXED);
}

#[test]
fn fixed_width_broken_indentation() {
    // `   AccountB  User1` indented one level too deep (line 6).
    let broken = TEST24_1_CLASSIC_FIXED.replace(
        "   AccountB               User1",
        "    AccountB              User1",
    );
    let imp = import::import(&broken);
    error_on(&imp, 6, "indented 4 spaces");
    assert_eq!(imp.scenario.map(|s| printed_len(&s.tree)), Some(13));
}

#[test]
fn fixed_width_numbers_wider_than_their_column() {
    // printf does not cut numbers: a 13-digit RawUsage pushes the rest of its row right.
    let text = "\
Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare
-------------------- ---------- ---------- ----------- ----------- ------------- ----------
root                                          0.000000 1234567890123      1.000000
 root                     alice          1    1.000000 1234567890123      1.000000   1.000000
";
    let s = clean(&import::import(text)).clone();
    let alice = &s.tree.assocs()[1];
    assert_eq!(alice.user.as_deref(), Some("alice"));
    assert_eq!(sshare::truncate_usage(alice.usage_raw), 1_234_567_890_123);
}

const SSHARE_JSON: &str = r#"{
  "shares": {
    "shares": [
      {"id": 1, "cluster": "c", "name": "root", "parent": "", "partition": "",
       "shares_normalized": {"set": true, "infinite": false, "number": 0.0},
       "shares": {"set": false, "infinite": false, "number": 0},
       "effective_usage": {"set": true, "infinite": false, "number": 1.0},
       "usage_normalized": {"set": false, "infinite": false, "number": 0.0},
       "usage": 30, "fairshare": {"factor": {"set": true, "infinite": false, "number": 0.0},
       "level": {"set": false, "infinite": false, "number": 0.0}}, "type": ["ASSOCIATION"]},
      {"id": 2, "cluster": "c", "name": "a", "parent": "root", "partition": "",
       "shares_normalized": {"set": true, "infinite": false, "number": 1.0},
       "shares": {"set": true, "infinite": false, "number": 10},
       "effective_usage": {"set": true, "infinite": false, "number": 1.0},
       "usage_normalized": {"set": true, "infinite": false, "number": 1.0},
       "usage": 30, "fairshare": {"factor": {"set": true, "infinite": false, "number": 0.0},
       "level": {"set": true, "infinite": false, "number": 1.0}}, "type": ["ASSOCIATION"]},
      {"id": 7, "cluster": "c", "name": "u1", "parent": "a", "partition": "",
       "shares_normalized": {"set": true, "infinite": false, "number": 1.0},
       "shares": {"set": true, "infinite": false, "number": 2147483647},
       "effective_usage": {"set": true, "infinite": false, "number": 1.0},
       "usage_normalized": {"set": true, "infinite": false, "number": 1.0},
       "usage": 30, "fairshare": {"factor": {"set": true, "infinite": false, "number": 1.0},
       "level": {"set": true, "infinite": true, "number": 0.0}}, "type": ["USER"]}
    ],
    "total_shares": 0
  },
  "meta": {}, "errors": [], "warnings": []
}"#;

#[test]
fn sshare_json() {
    let imp = import::import(SSHARE_JSON);
    assert_eq!(imp.format, Format::SshareJson);
    let s = clean(&imp);
    assert_eq!(
        outline(&s.tree),
        ["root 1 0", " a 10 0", "  a:u1 parent 30"]
    );
    let u1 = s
        .tree
        .get(fairshare::AssocId(7))
        .expect("ids come from the JSON");
    assert_eq!(u1.shares, Shares::Parent);
    let p = imp.printed.iter().find(|p| p.id.0 == 7).expect("printed");
    assert_eq!(p.line, Some(18));
    assert_eq!(p.level_fs.as_ref().map(|l| l.text.as_str()), Some("inf"));
    // Recomputed: u1 is the only user, FairShare 1.
    let ranked = Ranked::new(&s.tree, fairshare::TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    for c in import::compare(&ranked, &rows, &imp.printed) {
        assert_eq!(c.agreement, Agreement::Match, "{c:?}");
    }
}

#[test]
fn sshare_json_broken() {
    let imp = import::import(&SSHARE_JSON.replace("\"number\": 10}", "\"number\": -10}"));
    // The entry of account `a` starts on line 11.
    error_on(&imp, 11, "shares");
    error_on(&imp, 18, "hangs under line 11");
    assert_eq!(imp.scenario.map(|s| printed_len(&s.tree)), Some(1));
    let imp = import::import(&SSHARE_JSON.replace("\"usage\": 30, \"fairshare\": {\"factor\": {\"set\": true, \"infinite\": false, \"number\": 1.0}", "\"usage\": 30,, \"fairshare\": {"));
    assert!(imp.scenario.is_none());
    error_on(&imp, 23, "not valid JSON");
}

const SACCTMGR_TREE: &str = "\
Account|User|Share
root||1
 chem||60
  chem|dave|1
 physics||40
  physics|alice|1
  physics|bob|parent
";

#[test]
fn sacctmgr_tree() {
    let imp = import::import(SACCTMGR_TREE);
    assert_eq!(
        imp.format,
        Format::Sacctmgr {
            layout: TextLayout::ParsableNoEnding,
            header: true
        }
    );
    // sacctmgr has no usage: one warning says so.
    assert_eq!(imp.diagnostics.len(), 1, "{:?}", imp.diagnostics);
    assert!(!imp.has_errors());
    assert!(imp.diagnostics[0].message().contains("no RawUsage"));
    let s = imp.scenario.as_ref().expect("tree");
    assert_eq!(
        outline(&s.tree),
        [
            "root 1 0",
            " chem 60 0",
            "  chem:dave 1 0",
            " physics 40 0",
            "  physics:alice 1 0",
            "  physics:bob parent 0",
        ]
    );
    assert!(s.tree.assocs().iter().all(|a| a.lineage.is_none()));
    assert!(imp.printed.is_empty(), "sacctmgr prints no computed values");
}

#[test]
fn printed_order_is_kept_when_it_is_not_lineage_order() {
    // physics before chem is not Slurm's (byte) order: the import keeps the printed order,
    // which decides Fair Tree ties, by giving lineages, and says so.
    let swapped =
        "Account|User|Share\nroot||1\n physics||40\n  physics|alice|1\n chem||60\n  chem|dave|1\n";
    let imp = import::import(swapped);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.message().contains("printed order is kept"))
    );
    let s = imp.scenario.as_ref().expect("tree");
    assert_eq!(
        outline(&s.tree),
        [
            "root 1 0",
            " physics 40 0",
            "  physics:alice 1 0",
            " chem 60 0",
            "  chem:dave 1 0"
        ]
    );
    assert!(s.tree.assocs().iter().all(|a| a.lineage.is_some()));
}

#[test]
fn sacctmgr_tree_broken() {
    let imp = import::import(&SACCTMGR_TREE.replace("  physics|bob|parent", "  physics|bob|lots"));
    error_on(
        &imp,
        7,
        "\"lots\" is not a whole number from 0 to 4294967295 or 'parent'",
    );
    assert_eq!(imp.scenario.map(|s| s.tree.len()), Some(5));
    let imp = import::import(&SACCTMGR_TREE.replace("  chem|dave|1", "    chem|dave|1"));
    error_on(&imp, 4, "indented 4 spaces");
}

const SACCTMGR_IDS: &str = "\
c|1|0|root||||1|/
c|5|1|chem||||60|/chem/
c|9|5|chem|dave|||1|/chem/0-dave/
c|4|1|physics|||root|40|/physics/
c|6|4|physics|alice|||1|/physics/0-alice/
c|8|4|physics|bob|gpu||parent|/physics/0-bob/gpu/
";

#[test]
fn sacctmgr_ids_and_lineage() {
    let imp = import::import(SACCTMGR_IDS);
    assert_eq!(
        imp.format,
        Format::Sacctmgr {
            layout: TextLayout::ParsableNoEnding,
            header: false
        }
    );
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    let s = imp.scenario.as_ref().expect("tree");
    let bob = s
        .tree
        .get(fairshare::AssocId(8))
        .expect("ids from the input");
    assert_eq!(bob.partition.as_deref(), Some("gpu"));
    assert_eq!(bob.parent, Some(fairshare::AssocId(4)));
    assert_eq!(bob.lineage.as_deref(), Some("/physics/0-bob/gpu/"));
    assert_eq!(bob.shares, Shares::Parent);
    // The header-driven form with sacctmgr's own header names.
    let with_header =
        format!("Cluster|ID|Par ID|Account|User|Partition|Par Name|Share|Lineage\n{SACCTMGR_IDS}");
    let imp = import::import(&with_header);
    assert_eq!(
        imp.format,
        Format::Sacctmgr {
            layout: TextLayout::ParsableNoEnding,
            header: true
        }
    );
    assert_eq!(imp.scenario.map(|s| s.tree.len()), Some(6));
}

#[test]
fn sacctmgr_ids_broken() {
    let imp = import::import(&SACCTMGR_IDS.replace("c|6|4|physics|alice", "c|6|44|physics|alice"));
    error_on(&imp, 5, "ParentID 44 is not the ID of any row");
    assert_eq!(imp.scenario.map(|s| s.tree.len()), Some(5));
    let imp = import::import(&SACCTMGR_IDS.replace("c|9|5|", "c|5|5|"));
    error_on(&imp, 3, "ID 5 is used twice (first on line 2)");
}

#[test]
fn scenario_json_is_delegated() {
    let text = "{\"associations\": [\n {\"id\": 1, \"parent\": null, \"account\": \"root\"},\n {\"id\": 2, \"parent\": 1, \"account\": \"root\", \"user\": \"u\", \"usage_raw\": 5}\n]}";
    let imp = import::import(text);
    assert_eq!(imp.format, Format::ScenarioJson);
    assert_eq!(clean(&imp).tree.len(), 2);
    assert!(imp.printed.is_empty());
    let imp = import::import(&text.replace("\"parent\": 1,", "\"parent\": 9,"));
    assert!(imp.scenario.is_none());
    error_on(&imp, 3, "parent 9");
}

#[test]
fn empty_and_unknown_inputs() {
    let imp = import::import("  \n\t\n");
    assert_eq!(imp.format, Format::Empty);
    assert!(imp.scenario.is_none() && imp.has_errors());
    let imp = import::import("\nhello world\nthis is not sshare\n");
    assert_eq!(imp.format, Format::Unknown);
    error_on(&imp, 2, "not a format this tool reads");
    // Unknown columns are ignored with a warning.
    let imp = import::import("Account|User|RawShares|Colour\nroot|||red\n root|u|3|blue\n");
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.line == Some(1) && d.message().contains("Colour"))
    );
}

#[test]
fn filtered_output_gets_a_root_and_later_clusters_are_ignored() {
    // `sshare -A physics -l -P`: no root row.
    let text = "CLUSTER: one\nAccount|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare\nphysics||40|0.4|70|0.7|\n physics|alice|1|0.5|50|0.7|0.3\nCLUSTER: two\nAccount|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare\nother||1|1|0|0|\n";
    let imp = import::import(text);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.message().contains("root account was added"))
    );
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.line == Some(5) && d.message().contains("second cluster"))
    );
    let s = imp.scenario.as_ref().expect("tree");
    // The root is inferred, with a member for the accounts beside physics (NormShares 0.4 of
    // 40 shares: 60 more; EffectvUsage 0.7 of 70: 30 more), and physics has a member for its
    // users beside alice (NormShares 0.5: 1 share; RawUsage 70: 20 more).
    assert_eq!(
        outline(&s.tree),
        [
            "root 1 0",
            " root:(hidden) 60 30",
            " physics 40 0",
            "  physics:(hidden) 1 20",
            "  physics:alice 1 50"
        ]
    );
    assert!(s.tree.root().inferred);
    assert!(s.tree.is_partial());
    // N counts the two stand-ins as users; alice is the one user the output prints. The
    // inferred root is no stand-in for users.
    assert_eq!(
        (s.tree.n_users(), s.tree.n_hidden(), s.tree.n_known_users()),
        (3, 2, 1)
    );
    // A value edit keeps the counts.
    let alice = s.tree.assocs()[4].id;
    let edited = s.tree.with_shares(alice, Shares::Value(7)).unwrap();
    assert_eq!((edited.n_users(), edited.n_hidden()), (3, 2));
}

#[test]
fn partition_column_is_honoured() {
    let text = "Account|User|Partition|RawShares|NormShares|RawUsage|EffectvUsage|FairShare\nroot||||0.000000|5|1.000000|\n root|u|gpu|1|1.000000|5|1.000000|1.000000\n";
    let s = clean(&import::import(text)).clone();
    assert_eq!(s.tree.assocs()[1].partition.as_deref(), Some("gpu"));
}

#[test]
fn truncated_usage_and_retained_usage_are_told_apart() {
    // Slurm's users had 10.6 and 20.7 (printed 10 and 20, total 31); the account also holds
    // 100 of usage from a deleted user in the second sample.
    let text = "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS\nroot|||0.000000|31||1.000000||\n a||1|1.000000|31|1.000000|1.000000||1.000000\n  a|u1|1|0.500000|10|0.340836|0.340836|0.500000|1.466981\n  a|u2|1|0.500000|20|0.665595|0.665595|1.000000|0.751208\n";
    let imp = import::import(text);
    let s = clean(&imp);
    let ranked = Ranked::new(&s.tree, fairshare::TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    let cmp = import::compare(&ranked, &rows, &imp.printed);
    let verdicts: Vec<Agreement> = cmp.iter().map(|c| c.agreement).collect();
    assert_eq!(
        verdicts,
        [
            Agreement::TruncatedUsage,
            Agreement::TruncatedUsage,
            Agreement::TruncatedUsage,
            Agreement::TruncatedUsage
        ]
    );
    // The same users, and 100 kept on the account from a deleted user (Slurm 22.05+): 131.3
    // in all, so u1's U is 10.6 / 131.3. The import reads the 101 that no member explains as
    // the account's retained usage (the certain 100 and the users' fractions), and the rows
    // are reproduced up to truncation.
    let retained = "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS\nroot|||0.000000|131||1.000000||\n a||1|1.000000|131|1.000000|1.000000||1.000000\n  a|u1|1|0.500000|10|0.080731|0.080731|1.000000|6.193396\n  a|u2|1|0.500000|20|0.157654|0.157654|0.500000|3.171498\n";
    let imp = import::import(retained);
    let s = clean(&imp);
    assert!(!s.tree.is_partial());
    assert_eq!(
        s.tree.assocs()[1].retained_usage,
        fairshare::LongDouble::from_u64(101)
    );
    let ranked = Ranked::new(&s.tree, fairshare::TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    let cmp = import::compare(&ranked, &rows, &imp.printed);
    let verdicts: Vec<Agreement> = cmp.iter().map(|c| c.agreement).collect();
    assert_eq!(
        verdicts,
        [
            Agreement::Match,
            Agreement::Match,
            Agreement::TruncatedUsage,
            Agreement::TruncatedUsage
        ],
        "{cmp:?}"
    );
    // A tree without it (a scenario saved before retained usage was modelled) is flagged.
    let without: Vec<fairshare::Assoc> = s
        .tree
        .assocs()
        .iter()
        .map(|a| fairshare::Assoc {
            retained_usage: fairshare::LongDouble::ZERO,
            ..a.clone()
        })
        .collect();
    let without = fairshare::AssocTree::new(without).expect("valid");
    let ranked = Ranked::new(&without, fairshare::TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    let cmp = import::compare(&ranked, &rows, &imp.printed);
    assert!(
        cmp.iter()
            .all(|c| c.agreement == Agreement::AccountUsageIncludesRetained),
        "{cmp:?}"
    );
    // An edited tree no longer matches what was printed.
    let imp = import::import(text);
    let s = clean(&imp);
    let edited = s
        .tree
        .with_usage(fairshare::AssocId(4), fairshare::LongDouble::from_u64(99))
        .expect("edit");
    let ranked = Ranked::new(&edited, fairshare::TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    let cmp = import::compare(&ranked, &rows, &imp.printed);
    assert_eq!(cmp[3].agreement, Agreement::Differs, "{:?}", cmp[3]);
}

#[test]
fn pasted_command_lines_are_skipped() {
    let text = format!("$ sshare -a -l -P\n{SSHARE_LONG_P}");
    let imp = import::import(&text);
    assert_eq!(
        imp.format,
        Format::Sshare {
            layout: TextLayout::ParsableNoEnding,
            header: true
        }
    );
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.line == Some(1) && d.message().contains("command line"))
    );
    assert_eq!(imp.scenario.map(|s| s.tree.len()), Some(8));
    // Line numbers still count the skipped line.
    let p = imp.printed.iter().find(|p| p.id.0 == 5).expect("alice");
    assert_eq!(p.line, Some(7));
}

#[test]
fn names_cut_by_the_fixed_width_table_are_flagged() {
    let text = "\
Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare
-------------------- ---------- ---------- ----------- ----------- ------------- ----------
root                                          0.000000          10      1.000000
 averyveryverylongn+                     1    1.000000          10      1.000000
  averyveryverylong+ averyvery+          1    1.000000          10      1.000000   1.000000
";
    let imp = import::import(text);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.line == Some(4) && d.message().contains("cut"))
    );
    let s = imp.scenario.as_ref().expect("tree");
    assert_eq!(s.tree.len(), 3);
    // The user hangs under the cut account, whose printed name it takes.
    assert_eq!(s.tree.assocs()[2].account, "averyveryverylongn+");
    assert_eq!(s.tree.assocs()[2].user.as_deref(), Some("averyvery+"));
}

#[test]
fn sacctmgr_fixed_width_tree_and_parent_names() {
    // `sacctmgr show assoc tree format=Account,User,Share`: Account left-justified, indented.
    let tree = "\
Account                    User     Share 
-------------------- ---------- --------- 
root                                    1 
 chem                                  60 
  chem                     dave         1 
 physics                               40 
  physics                 alice    parent 
";
    let imp = import::import(tree);
    assert_eq!(
        imp.format,
        Format::Sacctmgr {
            layout: TextLayout::FixedWidth,
            header: true
        }
    );
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    let s = imp.scenario.as_ref().expect("tree");
    assert_eq!(
        outline(&s.tree),
        [
            "root 1 0",
            " chem 60 0",
            "  chem:dave 1 0",
            " physics 40 0",
            "  physics:alice parent 0"
        ]
    );
    // Without `tree`, Account is right-justified padding; ParentName links the accounts.
    let flat = [
        "   Account       User   Par Name     Share ",
        "---------- ---------- ---------- --------- ",
        "      root                               1 ",
        "      chem                  root        60 ",
        "      chem       dave                    1 ",
        "   physics                  root        40 ",
        "   physics      alice               parent ",
    ]
    .join("\n");
    let imp = import::import(&flat);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    let s = imp.scenario.as_ref().expect("tree");
    assert_eq!(
        outline(&s.tree),
        [
            "root 1 0",
            " chem 60 0",
            "  chem:dave 1 0",
            " physics 40 0",
            "  physics:alice parent 0"
        ]
    );
    // The same as -P with ParentName.
    let parsable = "Account|User|Par Name|Share\nroot|||1\nchem||root|60\nchem|dave||1\nphysics||root|40\nphysics|alice||parent\n";
    let imp = import::import(parsable);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    assert_eq!(imp.scenario.map(|s| s.tree.len()), Some(5));
    // A flat table without ParentName cannot say how accounts nest.
    let imp = import::import("Account|User|Share\nroot||1\nchem||60\nchem|dave|1\n");
    error_on(&imp, 3, "second top-level row");
}

#[test]
fn huge_cells_give_short_messages() {
    let long = "9".repeat(100_000);
    let text = format!("Account|User|RawShares|RawUsage\nroot|||0\n root|u|{long}|{long}\n");
    let imp = import::import(&text);
    error_on(&imp, 3, "RawShares");
    error_on(&imp, 3, "RawUsage");
    assert!(
        imp.diagnostics.iter().all(|d| d.message().len() < 200),
        "{:?}",
        imp.diagnostics
    );
}
