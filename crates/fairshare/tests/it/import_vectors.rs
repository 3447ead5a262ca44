//! Importing what Slurm printed for every golden vector gives back the vector's tree, and
//! recomputing it reproduces what Slurm printed.
//!
//! - The vectors' own `sshare_lines` (`sshare -a -l -p`, no header): structure, names, shares
//!   and truncated usage always; and when every user's usage is an integer (nothing lost to
//!   truncation), every printed line, FairShare included, character for character.
//! - The same trees printed by this crate's emitter in the other layouts (`-P` with header,
//!   the fixed-width table with and without header, `--json`, and both sacctmgr forms) read back
//!   to the same structure.

use crate::common;

use common::trees::{shape, sshare_rows};
use common::{Vector, vectors};
use fairshare::Ranked;
use fairshare::import::{self, Agreement, Format};
use fairshare::sshare::{self, TextLayout};
use fairshare::{Scenario, Shares, scenario};
use serde_json::{Value, json};

fn integer_usage(s: &Scenario) -> bool {
    s.tree
        .assocs()
        .iter()
        .filter(|a| a.is_user())
        .all(|a| LongDoubleExt::is_integer(a.usage_raw))
}

struct LongDoubleExt;
impl LongDoubleExt {
    fn is_integer(x: fairshare::LongDouble) -> bool {
        x.is_finite() && fairshare::LongDouble::from_u64(sshare::truncate_usage(x)) == x
    }
}

fn sshare_lines(v: &Vector) -> Vec<String> {
    v.json["sshare_lines"]
        .as_array()
        .expect("sshare_lines")
        .iter()
        .map(|l| l.as_str().expect("line").to_string())
        .collect()
}

fn no_errors(name: &str, what: &str, imp: &import::Imported) -> Result<(), String> {
    if imp.has_errors() || imp.scenario.is_none() {
        return Err(format!(
            "{name} ({what}): {:?}",
            imp.diagnostics
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        ));
    }
    Ok(())
}

#[test]
fn every_vectors_sshare_lines_import_back() {
    let mut failures = Vec::new();
    let (mut exact, mut structural) = (0, 0);
    for kind in ["fair_tree", "classic"] {
        for v in vectors(kind) {
            if let Err(e) = check_vector_lines(&v, &mut exact, &mut structural) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(exact + structural, 216);
    assert_eq!(
        exact, 113,
        "vectors with integer usage, reproduced line for line"
    );
}

fn check_vector_lines(v: &Vector, exact: &mut u32, structural: &mut u32) -> Result<(), String> {
    let original = scenario::parse(&v.text).0.expect("vector parses");
    let lines = sshare_lines(v);
    let text = lines.join("\n");
    let imp = import::import(&text);
    assert_eq!(
        imp.format,
        Format::Sshare {
            layout: TextLayout::Parsable,
            header: false
        },
        "{}",
        v.name
    );
    no_errors(&v.name, "sshare_lines", &imp)?;
    let mut got = imp.scenario.clone().expect("checked");
    if got.algorithm != original.algorithm {
        return Err(format!("{}: detected {:?}", v.name, got.algorithm));
    }
    if shape(&got.tree) != shape(&original.tree) {
        return Err(format!("{}: the imported tree differs", v.name));
    }
    // sshare prints no damping factor or flags; take them from the vector.
    got.params = original.params.clone();
    let rows = sshare_rows(&got);
    let ranked = Ranked::new(&got.tree, fairshare::TieRule::Slurm);
    let cmp = import::compare(&ranked, &rows, &imp.printed);
    if cmp.len() != lines.len() {
        return Err(format!("{}: {} comparisons", v.name, cmp.len()));
    }
    if integer_usage(&original) {
        *exact += 1;
        let cols = sshare::default_columns(got.algorithm, sshare::SshareFlags::LONG);
        let again = sshare::render(&rows, &cols, TextLayout::Parsable, sshare::Header::Omitted);
        if again != lines {
            let i = (0..lines.len())
                .find(|&i| again[i] != lines[i])
                .unwrap_or(0);
            return Err(format!(
                "{} row {i}: recomputed {:?}, Slurm {:?}",
                v.name, again[i], lines[i]
            ));
        }
        if let Some(c) = cmp.iter().find(|c| c.agreement != Agreement::Match) {
            return Err(format!("{}: {c:?}", v.name));
        }
    } else {
        *structural += 1;
        if let Some(c) = cmp
            .iter()
            .find(|c| !matches!(c.agreement, Agreement::Match | Agreement::TruncatedUsage))
        {
            return Err(format!("{}: {c:?}", v.name));
        }
    }
    Ok(())
}

/// `sshare --json` as Slurm's data_parser writes it, from recomputed rows.
fn to_sshare_json(s: &Scenario, rows: &[sshare::Row]) -> String {
    let num = |x: Option<f64>| match x {
        None => json!({"set": false, "infinite": false, "number": 0.0}),
        Some(x) if x.is_infinite() => json!({"set": true, "infinite": true, "number": 0.0}),
        Some(x) => json!({"set": true, "infinite": false, "number": x}),
    };
    let tree = &s.tree;
    let entries: Vec<Value> = rows
        .iter()
        .map(|r| {
            let a = &tree.assocs()[r.ix];
            let parent_name = match (&a.user, a.parent.and_then(|p| tree.get(p))) {
                (Some(_), _) => a.account.to_string(),
                (None, Some(p)) => p.account.to_string(),
                (None, None) => String::new(),
            };
            let shares = match r.raw_shares {
                None => json!({"set": false, "infinite": false, "number": 0}),
                Some(Shares::Parent) => {
                    json!({"set": true, "infinite": false, "number": 2147483647u32})
                }
                Some(Shares::Value(v)) => json!({"set": true, "infinite": false, "number": v}),
            };
            json!({
                "id": a.id.0, "cluster": "c", "name": a.name(), "parent": parent_name,
                "partition": a.partition.clone().unwrap_or_default(),
                "shares_normalized": num(Some(r.norm_shares)), "shares": shares,
                "tres": {"run_seconds": [], "group_minutes": [], "usage": []},
                "effective_usage": num(Some(r.effective_usage)),
                "usage_normalized": num(r.norm_usage), "usage": r.raw_usage,
                "fairshare": {"factor": num(r.fairshare), "level": num(r.level_fs)},
                "type": [if a.is_user() { "USER" } else { "ASSOCIATION" }],
            })
        })
        .collect();
    serde_json::to_string_pretty(&json!({
        "shares": {"shares": entries, "total_shares": 0},
        "meta": {}, "errors": [], "warnings": []
    }))
    .expect("json")
}

/// `sacctmgr show assoc tree format=Account,User,Share -P`.
fn to_sacctmgr_tree(s: &Scenario, rows: &[sshare::Row]) -> String {
    let mut out = String::from("Account|User|Share\n");
    for r in rows {
        let a = &s.tree.assocs()[r.ix];
        let share = match a.shares {
            Shares::Parent => "parent".to_string(),
            Shares::Value(v) => v.to_string(),
        };
        out.push_str(&format!(
            "{}{}|{}|{share}\n",
            " ".repeat(r.depth),
            a.account,
            a.user.as_deref().unwrap_or("")
        ));
    }
    out
}

/// `sacctmgr -nP show assoc format=Cluster,ID,ParentID,Account,User,Partition,ParentName,Share,Lineage`.
fn to_sacctmgr_ids(s: &Scenario, rows: &[sshare::Row]) -> String {
    let tree = &s.tree;
    let mut lineage: std::collections::HashMap<u32, String> = Default::default();
    let mut out = String::new();
    for r in rows {
        let a = &tree.assocs()[r.ix];
        let parent = a.parent.and_then(|p| tree.get(p));
        let l = match parent {
            None => "/".to_string(),
            Some(p) => format!(
                "{}{}",
                lineage.get(&p.id.0).cloned().unwrap_or_default(),
                match &a.user {
                    Some(u) => format!("0-{u}/"),
                    None => format!("{}/", a.account),
                }
            ),
        };
        lineage.insert(a.id.0, l.clone());
        let share = match a.shares {
            Shares::Parent => "parent".to_string(),
            Shares::Value(v) => v.to_string(),
        };
        let parent_name = match (&a.user, parent) {
            (None, Some(p)) => p.account.to_string(),
            _ => String::new(),
        };
        out.push_str(&format!(
            "c|{}|{}|{}|{}||{parent_name}|{share}|{l}\n",
            a.id.0,
            parent.map_or(0, |p| p.id.0),
            a.account,
            a.user.as_deref().unwrap_or(""),
        ));
    }
    out
}

#[test]
fn every_vector_reads_back_from_every_layout() {
    let (mut failures, mut count) = (Vec::new(), 0);
    for kind in ["fair_tree", "classic"] {
        for v in vectors(kind) {
            let original = scenario::parse(&v.text).0.expect("vector parses");
            let rows = sshare_rows(&original);
            let want = shape(&original.tree);
            let cols = sshare::default_columns(original.algorithm, sshare::SshareFlags::LONG);
            let cut = rows.iter().any(|r| {
                r.depth + r.account.len() > 20 || r.user.as_deref().is_some_and(|u| u.len() > 10)
            });
            let mut texts = vec![
                (
                    "-P with header",
                    sshare::render_text(
                        &rows,
                        &cols,
                        TextLayout::ParsableNoEnding,
                        sshare::Header::Shown,
                    ),
                    true,
                ),
                ("--json", to_sshare_json(&original, &rows), true),
                ("sacctmgr tree", to_sacctmgr_tree(&original, &rows), false),
                ("sacctmgr ids", to_sacctmgr_ids(&original, &rows), false),
            ];
            if !cut {
                texts.push((
                    "fixed width",
                    sshare::render_text(
                        &rows,
                        &cols,
                        TextLayout::FixedWidth,
                        sshare::Header::Shown,
                    ),
                    true,
                ));
                texts.push((
                    "fixed width without header",
                    sshare::render_text(
                        &rows,
                        &cols,
                        TextLayout::FixedWidth,
                        sshare::Header::Omitted,
                    ),
                    true,
                ));
            }
            for (what, text, has_usage) in texts {
                count += 1;
                let imp = import::import(&text);
                let errors: Vec<String> = imp
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(ToString::to_string)
                    .collect();
                let Some(got) = imp.scenario.as_ref().filter(|_| errors.is_empty()) else {
                    failures.push(format!("{} ({what}, {}): {errors:?}", v.name, imp.format));
                    continue;
                };
                let mut got_shape = shape(&got.tree);
                let mut want = want.clone();
                if !has_usage {
                    for (w, g) in want.iter_mut().zip(got_shape.iter_mut()) {
                        w.4 = w.4.map(|_| 0);
                        g.4 = g.4.map(|_| 0);
                    }
                }
                // sacctmgr prints the root's shares; sshare does not.
                want[0].3 = None;
                got_shape[0].3 = None;
                if got_shape != want {
                    let i = (0..want.len().min(got_shape.len()))
                        .find(|&i| got_shape[i] != want[i])
                        .unwrap_or(0);
                    failures.push(format!(
                        "{} ({what}): row {i}: {:?} vs {:?}",
                        v.name,
                        got_shape.get(i),
                        want.get(i)
                    ));
                }
                if has_usage && got.algorithm != original.algorithm {
                    failures.push(format!(
                        "{} ({what}): algorithm {:?}",
                        v.name, got.algorithm
                    ));
                }
            }
        }
    }
    common::assert_none_failed(&failures, count);
}
