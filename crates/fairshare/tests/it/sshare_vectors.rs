//! The sshare emitter against Slurm's own output: every golden vector's `sshare_lines`
//! (`sshare -a -l -p` without header) character for character, and the fixed-width tables of
//! Slurm's test24.1 and test24.4 trees (here and in `common.rs`), printed by the real `sshare`.

use crate::common;

use common::trees::sshare_rows;
use common::{TEST24_1_CLASSIC_FIXED, vectors};
use fairshare::sshare::{self, Column, TextLayout};
use fairshare::{Algorithm, Scenario, scenario};

fn load(kind: &str, name: &str) -> (Scenario, serde_json::Value) {
    let v = vectors(kind)
        .into_iter()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no vector {kind}/{name}"));
    (scenario::parse(&v.text).0.expect("vector parses"), v.json)
}

#[test]
fn every_vector_prints_its_sshare_lines() {
    let mut failures = Vec::new();
    let mut count = 0;
    for kind in ["fair_tree", "classic"] {
        for v in vectors(kind) {
            count += 1;
            let s = scenario::parse(&v.text).0.expect("vector parses");
            let cols = sshare::default_columns(s.algorithm, sshare::SshareFlags::LONG);
            let got = sshare::render(
                &sshare_rows(&s),
                &cols,
                TextLayout::Parsable,
                sshare::Header::Omitted,
            );
            let want: Vec<&str> = v.json["sshare_lines"]
                .as_array()
                .expect("sshare_lines")
                .iter()
                .map(|l| l.as_str().expect("line"))
                .collect();
            if got.len() != want.len() {
                failures.push(format!(
                    "{}: {} rows, Slurm {}",
                    v.name,
                    got.len(),
                    want.len()
                ));
                continue;
            }
            if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
                failures.push(format!(
                    "{} row {i}:\n  ours  {:?}\n  Slurm {:?}",
                    v.name, got[i], want[i]
                ));
            }
        }
    }
    assert_eq!(count, 216, "all 216 vectors are checked");
    common::assert_none_failed(&failures, count);
}

#[test]
fn parsable_variants_differ_only_in_the_trailing_bar() {
    let (s, _) = load("fair_tree", "slurm_test24.4_original");
    let rows = sshare_rows(&s);
    let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
    let p = sshare::render(&rows, &cols, TextLayout::Parsable, sshare::Header::Shown);
    let big_p = sshare::render(
        &rows,
        &cols,
        TextLayout::ParsableNoEnding,
        sshare::Header::Shown,
    );
    assert_eq!(
        p[0],
        "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins|"
    );
    assert_eq!(big_p[0], p[0].trim_end_matches('|'));
    for (a, b) in p.iter().zip(&big_p) {
        assert_eq!(a.strip_suffix('|'), Some(b.as_str()));
    }
    // -m adds Partition after User (blank here).
    let m = sshare::render(
        &rows,
        &sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG_PARTITIONS),
        TextLayout::ParsableNoEnding,
        sshare::Header::Shown,
    );
    assert!(m[0].starts_with("Account|User|Partition|RawShares|"));
    assert!(m[1].starts_with("root||||0.000000|240|"), "{}", m[1]);
}

fn trimmed(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// sshare's fixed-width table (header shown) of a golden vector, and its columns.
fn fixed_width(
    kind: &str,
    name: &str,
    algorithm: Algorithm,
    flags: sshare::SshareFlags,
) -> (Vec<String>, Vec<Column>) {
    let (s, _) = load(kind, name);
    let cols = sshare::default_columns(algorithm, flags);
    let lines = sshare::render(
        &sshare_rows(&s),
        &cols,
        TextLayout::FixedWidth,
        sshare::Header::Shown,
    );
    (lines, cols)
}

#[test]
fn fixed_width_lines_end_in_a_space_and_have_the_column_widths() {
    let (lines, cols) = fixed_width(
        "fair_tree",
        "slurm_test24.4_original",
        Algorithm::FairTree,
        sshare::SshareFlags::LONG,
    );
    let width: usize = cols.iter().map(|c| c.width() + 1).sum();
    for l in &lines {
        assert!(l.ends_with(' '), "{l:?}");
        assert_eq!(l.len(), width, "{l:?}");
    }
}

// The first rows of `sshare -a -l` on the test24.4 tree (Fair Tree), as printed by the real
// sshare (trailing spaces removed).
const TEST24_4_FIXED: &str = "\
Account                    User  RawShares  NormShares    RawUsage   NormUsage  EffectvUsage  FairShare    LevelFS                    GrpTRESMins                    TRESRunMins
-------------------- ---------- ---------- ----------- ----------- ----------- ------------- ---------- ---------- ------------------------------ ------------------------------
root                                          0.000000         240                  1.000000                                                                               cpu=0
 root                        u1         10    0.048077           0    0.000000      0.000000   1.000000        inf                                                         cpu=0
 root                        u2         10    0.048077          10    0.041667      0.041667   0.666667   1.153846                                                         cpu=0
 aA                                     40    0.192308          45    0.187500      0.187500              1.025641                                                         cpu=0
  aAA                                   30    0.750000          20    0.083333      0.444444              1.687500                                                         cpu=0
   aAA                     uAA1          1    1.000000          20    0.083333      1.000000   0.619048   1.000000                                                         cpu=0
  aAB                                   10    0.250000          25    0.104167      0.555556              0.450000                                                         cpu=0
   aAB                     uAB1          1    0.500000          25    0.104167      1.000000   0.523810   0.500000                                                         cpu=0
   aAB                     uAB2          1    0.500000           0    0.000000      0.000000   0.571429        inf                                                         cpu=0
 aB                                     60    0.288462          25    0.104167      0.104167              2.769231                                                         cpu=0
  aBA                                   25    0.416667          25    0.104167      1.000000              0.416667                                                         cpu=0
   aBA                     uBA1          1    1.000000          25    0.104167      1.000000   0.714286   1.000000                                                         cpu=0
  aBB                                   35    0.583333           0    0.000000      0.000000                   inf                                                         cpu=0
   aBB                     uBB1          1    1.000000           0    0.000000      0.000000   0.761905        inf                                                         cpu=0
 aC                                      0    0.000000          30    0.125000      0.125000              0.000000                                                         cpu=0
  aC                        uC1          0    0.000000          30    0.125000      1.000000   0.047619   0.000000                                                         cpu=0
 aD                                     50    0.240385         110    0.458333      0.458333              0.524476                                                         cpu=0
  aD                        uD1     parent    0.240385          20    0.083333      0.181818   0.476190                                                                    cpu=0
  aD                        uD2         40    0.235294          20    0.083333      0.181818   0.238095   1.294118                                                         cpu=0
  aD                        uD3         50    0.294118          25    0.104167      0.227273   0.333333   1.294118                                                         cpu=0
  aDA                               parent    0.240385          45    0.187500      0.409091                                                                               cpu=0
   aDA                     uDA1     parent    0.240385          10    0.041667      0.090909   0.476190                                                                    cpu=0";

#[test]
fn fixed_width_test24_4_fair_tree_matches_spec() {
    let (lines, _) = fixed_width(
        "fair_tree",
        "slurm_test24.4_original",
        Algorithm::FairTree,
        sshare::SshareFlags::LONG,
    );
    let first = TEST24_4_FIXED.lines().count();
    assert_eq!(trimmed(&lines[..first]), TEST24_4_FIXED);
}

#[test]
fn fixed_width_test24_1_classic_matches_spec() {
    let (lines, _) = fixed_width(
        "classic",
        "slurm_test24.1_original",
        Algorithm::Classic,
        sshare::SshareFlags::LONG,
    );
    assert_eq!(trimmed(&lines), TEST24_1_CLASSIC_FIXED);
}

const TEST24_1_FAIR_TREE_SHORT: &str = "\
Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare
-------------------- ---------- ---------- ----------- ----------- ------------- ----------
root                                          0.000000         100      1.000000
 AccountA                               40    0.400000          45      0.450000
  AccountB                              30    0.750000          20      0.444444
   AccountB               User1          1    1.000000          20      1.000000   0.666667
  AccountC                              10    0.250000          25      0.555556
   AccountC               User2          1    0.500000          25      1.000000   0.333333
   AccountC               User3          1    0.500000           0      0.000000   0.500000
 AccountD                               60    0.600000          25      0.250000
  AccountE                              25    0.416667          25      1.000000
   AccountE               User4          1    1.000000          25      1.000000   0.833333
  AccountF                              35    0.583333           0      0.000000
   AccountF               User5          1    1.000000           0      0.000000   1.000000
 AccountG                                0    0.000000          30      0.300000
  AccountG                User6          0    0.000000          30      1.000000   0.166667";

#[test]
fn fixed_width_short_fair_tree_matches_spec() {
    let (s, _) = load("fair_tree", "slurm_test24.1_tree_fair_tree");
    let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::SHORT);
    assert_eq!(
        cols,
        [
            Column::Account,
            Column::User,
            Column::RawShares,
            Column::NormShares,
            Column::RawUsage,
            Column::EffectvUsage,
            Column::FairShare
        ]
    );
    let lines = sshare::render(
        &sshare_rows(&s),
        &cols,
        TextLayout::FixedWidth,
        sshare::Header::Shown,
    );
    assert_eq!(trimmed(&lines), TEST24_1_FAIR_TREE_SHORT);
}

#[test]
fn large_level_fs_switches_to_e_in_fixed_width_only() {
    // A LevelFS wider than its 10 columns: `%f` with -p, `%e` cut to fit in the table (sshare's fixed-width cells).
    let mut seen = 0;
    for v in vectors("fair_tree") {
        let s = scenario::parse(&v.text).0.expect("parses");
        let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
        for r in sshare_rows(&s) {
            let Some(lf) = r.level_fs.filter(|x| x.is_finite() && *x >= 1000.0) else {
                continue;
            };
            seen += 1;
            assert_eq!(r.cell_text(Column::LevelFS), sshare::format_double(lf));
            let line = &sshare::render(
                std::slice::from_ref(&r),
                &cols,
                TextLayout::FixedWidth,
                sshare::Header::Omitted,
            )[0];
            let cell = &line[line.len() - 73..line.len() - 62];
            assert!(cell.contains("e+"), "{cell:?} in {line:?}");
            assert_eq!(cell.len(), 11, "{cell:?}");
            let back: f64 = cell.trim().parse().expect("a number");
            assert!((back - lf).abs() <= lf * 1e-3, "{back} vs {lf}");
        }
    }
    assert!(seen > 0, "some vector has a LevelFS of 1000 or more");
    assert_eq!(sshare::format_double_fixed(1250.0, 10), "1.2500e+03");
}
