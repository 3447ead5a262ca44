//! Helpers shared by the integration tests: loading the golden vectors copied from Slurm's code.

#![allow(dead_code)]

pub mod texts;
pub mod trees;

use std::path::{Path, PathBuf};

use fairshare::LongDouble;
use serde_json::Value;

/// One golden vector file.
pub struct Vector {
    pub name: String,
    pub text: String,
    pub json: Value,
}

pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Every vector in `tests/data/<kind>/`, sorted by file name.
pub fn vectors(kind: &str) -> Vec<Vector> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(data_dir().join(kind))
        .expect("vector folder")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no vectors in {kind}");
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read vector");
            let json = serde_json::from_str(&text).expect("vector is JSON");
            Vector {
                name: p.file_stem().unwrap().to_string_lossy().into_owned(),
                text,
                json,
            }
        })
        .collect()
}

/// Fails, listing every failure one a line, unless `failures` is empty; `of` is how many things
/// were checked (vectors, rows), named in the message.
#[track_caller]
pub fn assert_none_failed(failures: &[String], of: usize) {
    assert!(
        failures.is_empty(),
        "{} of {of} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// An expected 80-bit value: a JSON number (exactly a double), "inf", or a %.21Lg string.
pub fn ld(v: &Value) -> Option<LongDouble> {
    match v {
        Value::Null => None,
        Value::String(s) => {
            Some(LongDouble::parse(s).unwrap_or_else(|| panic!("bad expected value {s}")))
        }
        Value::Number(n) => Some(LongDouble::from_f64(n.as_f64().unwrap())),
        other => panic!("unexpected {other}"),
    }
}

pub fn f64_of(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// `sshare -a -l` on Slurm's test24.1 tree under classic, as printed by the real
/// sshare (trailing spaces removed, as when pasted from a web page).
pub const TEST24_1_CLASSIC_FIXED: &str = "\
Account                    User  RawShares  NormShares    RawUsage   NormUsage  EffectvUsage  FairShare                    GrpTRESMins                    TRESRunMins
-------------------- ---------- ---------- ----------- ----------- ----------- ------------- ---------- ------------------------------ ------------------------------
root                                          1.000000         100                  1.000000                                                                    cpu=0
 AccountA                               40    0.400000          45    0.450000      0.450000                                                                    cpu=0
  AccountB                              30    0.300000          20    0.200000      0.387500                                                                    cpu=0
   AccountB               User1          1    0.300000          20    0.200000      0.387500   0.408479                                                         cpu=0
  AccountC                              10    0.100000          25    0.250000      0.300000                                                                    cpu=0
   AccountC               User2          1    0.050000          25    0.250000      0.275000   0.022097                                                         cpu=0
   AccountC               User3          1    0.050000           0    0.000000      0.150000   0.125000                                                         cpu=0
 AccountD                               60    0.600000          25    0.250000      0.250000                                                                    cpu=0
  AccountE                              25    0.250000          25    0.250000      0.250000                                                                    cpu=0
   AccountE               User4          1    0.250000          25    0.250000      0.250000   0.500000                                                         cpu=0
  AccountF                              35    0.350000           0    0.000000      0.145833                                                                    cpu=0
   AccountF               User5          1    0.350000           0    0.000000      0.145833   0.749154                                                         cpu=0
 AccountG                                0    0.000000          30    0.300000      0.300000                                                                    cpu=0
  AccountG                User6          0    0.000000          30    0.300000      0.300000   0.000000                                                         cpu=0";
