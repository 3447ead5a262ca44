//! The `fairshare` binary, run as a person would run it: on every golden vector, on sshare text,
//! and on bad input (exit status 2, one message naming the file, line and problem).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn data(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fairshare/tests/data")
        .join(kind);
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

fn fairshare(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairshare"))
        .args(args)
        .output()
        .expect("run fairshare")
}

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// `compute` prints exactly Slurm's values for every vector (FairShare, rank, Level FS, U, S),
/// encoded as the vectors encode them.
#[test]
fn compute_json_reproduces_every_vector() {
    let mut checked = 0;
    for path in data("fair_tree").into_iter().chain(data("classic")) {
        let vector: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let out: Value =
            serde_json::from_str(&stdout(&fairshare(&["compute", path.to_str().unwrap()])))
                .unwrap();
        let rows = out["associations"].as_array().unwrap();
        let ranks: std::collections::HashMap<u64, u64> = vector["internal"]["assocs"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| Some((a["id"].as_u64()?, a["rank"].as_u64()?)))
            .collect();
        let classic = vector["algorithm"] == "classic";
        let expected = vector["expected"].as_array().unwrap();
        assert_eq!(rows.len(), expected.len(), "{path:?}");
        for (got, want) in rows.iter().zip(expected) {
            let name = path.file_name().unwrap().to_string_lossy();
            assert_eq!(got["id"], want["id"], "{name}: order");
            let fields: &[&str] = if classic {
                &["usage_norm"]
            } else {
                &[
                    "shares_norm",
                    "usage_norm",
                    "usage_efctv",
                    "level_fs",
                    "fairshare",
                ]
            };
            for f in fields {
                assert_eq!(got[*f], want[*f], "{name} id {}: {f}", want["id"]);
            }
            if classic {
                for f in ["fairshare", "usage_efctv", "shares_norm"] {
                    if got[f].is_null() || want[f].is_null() {
                        assert_eq!(got[f], want[f], "{name} id {}: {f}", want["id"]);
                        continue;
                    }
                    let (g, w) = (number(&got[f]), number(&want[f]));
                    assert!(
                        g == w || (g - w).abs() <= 1e-12 * w.abs(),
                        "{name} id {}: {f} {g} vs {w}",
                        want["id"]
                    );
                }
            } else {
                assert_eq!(
                    got["rank"].as_u64(),
                    ranks.get(&want["id"].as_u64().unwrap()).copied(),
                    "{name}: rank"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 5000, "{checked}");
}

fn number(v: &Value) -> f64 {
    match v {
        Value::String(s) if s == "inf" => f64::INFINITY,
        Value::String(s) => s.parse().unwrap(),
        n => n.as_f64().unwrap_or_else(|| panic!("not a number: {n}")),
    }
}

/// The sshare format prints what Slurm printed (the vectors' `sshare_lines` are `-l -p`;
/// ours are `-l -P`, so compare without the trailing `|`).
#[test]
fn compute_sshare_matches_slurms_rows() {
    for path in data("fair_tree")
        .into_iter()
        .chain(data("classic"))
        .step_by(7)
    {
        let vector: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let text = stdout(&fairshare(&[
            "compute",
            "--format",
            "sshare",
            path.to_str().unwrap(),
        ]));
        let ours: Vec<&str> = text.lines().skip(1).collect();
        let slurm: Vec<String> = vector["sshare_lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().strip_suffix('|').unwrap().to_string())
            .collect();
        assert_eq!(ours, slurm, "{path:?}");
        assert!(text.starts_with(
            "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare"
        ));
    }
}

/// sshare text read back (format detected) ranks as Slurm did, and `convert` round-trips.
#[test]
fn sshare_text_is_detected_and_converted() {
    let path = data("fair_tree")
        .into_iter()
        .find(|p| p.ends_with("slurm_test24.4_original_autolineage.json"))
        .unwrap();
    let sshare = stdout(&fairshare(&[
        "convert",
        "--to",
        "sshare",
        path.to_str().unwrap(),
    ]));
    let tmp = std::env::temp_dir().join(format!("fairshare-cli-{}.txt", std::process::id()));
    std::fs::write(&tmp, &sshare).unwrap();
    let again = stdout(&fairshare(&[
        "compute",
        "--format",
        "sshare",
        tmp.to_str().unwrap(),
    ]));
    assert_eq!(
        again, sshare,
        "sshare -> compute -> sshare is stable for integer usages"
    );
    let json = stdout(&fairshare(&[
        "convert",
        "--to",
        "json",
        tmp.to_str().unwrap(),
    ]));
    assert!(json.contains("\"user\":\"uDA3\""), "{json}");
    std::fs::remove_file(&tmp).ok();
}

#[test]
fn explain_names_the_common_ancestor_and_the_deciding_pair() {
    let path = data("fair_tree")
        .into_iter()
        .find(|p| p.ends_with("slurm_test24.4_original_autolineage.json"))
        .unwrap();
    let out = stdout(&fairshare(&[
        "explain",
        path.to_str().unwrap(),
        "uC1",
        "aBB/uBB1",
    ]));
    assert!(
        out.starts_with("Under root, aB has Level FS 2.769231 and aC has Level FS 0.000000"),
        "{out}"
    );
    assert!(out.contains("position 6 of 21"), "{out}");
    let tie = stdout(&fairshare(&[
        "explain",
        path.to_str().unwrap(),
        "uG1",
        "uGA1",
    ]));
    assert!(
        tie.contains("users before accounts")
            && tie.contains(
                "Both share position 18 of 21 (Slurm rank 4): aGA ties with the user before it"
            ),
        "{tie}"
    );
    let bad = fairshare(&["explain", path.to_str().unwrap(), "nobody", "uG1"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bad_input_exits_2_naming_file_line_and_problem() {
    let tmp = std::env::temp_dir().join(format!("fairshare-bad-{}.json", std::process::id()));
    std::fs::write(&tmp, "{\"associations\": [\n {\"id\": 1, \"parent\": null, \"account\": \"root\"},\n {\"id\": 2, \"parent\": 1, \"account\": \"a\", \"shares\": \"lots\"}\n]}").unwrap();
    let out = fairshare(&["compute", tmp.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}:3:", tmp.display())) && err.contains("shares"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one message: {err}");
    std::fs::write(&tmp, "Account|User|RawShares\nroot||\n a||many\n").unwrap();
    let out = fairshare(&["compute", tmp.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(":3:"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let missing = fairshare(&["compute", "/nonexistent/file.json"]);
    assert_eq!(missing.status.code(), Some(2));
    let usage = fairshare(&["compute", "--algorithm", "quantum", "x"]);
    assert_eq!(usage.status.code(), Some(2));
    std::fs::remove_file(&tmp).ok();
}
