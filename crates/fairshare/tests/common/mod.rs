//! Helpers shared by the integration tests: loading the golden vectors copied from Slurm's code.

#![allow(dead_code)]

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
