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

/// `diff` lists who moved between two scenarios, largest move first, with positions (1 = first
/// served), Slurm's ranks and the first level on the user's path whose order changed.
#[test]
fn diff_says_who_moved_and_why() {
    let dir = std::env::temp_dir().join(format!("fairshare-cli-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lab = |labmate_usage: u32| {
        format!(
            r#"{{"associations": [
              {{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1}},
              {{"id": 2, "parent": 1, "account": "bio", "user": null, "shares": 1}},
              {{"id": 21, "parent": 2, "account": "bio", "user": "me", "shares": 1, "usage_raw": 10}},
              {{"id": 22, "parent": 2, "account": "bio", "user": "labmate", "shares": 1, "usage_raw": {labmate_usage}}},
              {{"id": 3, "parent": 1, "account": "geo", "user": null, "shares": 1}},
              {{"id": 31, "parent": 3, "account": "geo", "user": "g1", "shares": 1, "usage_raw": 40}},
              {{"id": 32, "parent": 3, "account": "geo", "user": "g2", "shares": 1, "usage_raw": 50}}
            ]}}"#
        )
    };
    let (base, new) = (dir.join("base.json"), dir.join("new.json"));
    std::fs::write(&base, lab(20)).unwrap();
    std::fs::write(&new, lab(220)).unwrap();
    let out = stdout(&fairshare(&[
        "diff",
        base.to_str().unwrap(),
        new.to_str().unwrap(),
    ]));
    expect_test::expect![[r#"
        4 users moved, 0 added, 0 removed
        geo/g1: position 3 → 1 (rank 2 → 4), FairShare 0.5 → 1: under root, geo (Level FS 0.666666666666666666685 → 1.77777777777777777775) now goes before bio (Level FS 2 → 0.695652173913043478251)
          geo passed bio: bio's usage rose 667% (+200 TRES-seconds); geo's usage did not change; the level's total usage rose 167% [Δ ln Level FS: geo +0.981 = own usage 0 + level usage +0.981 + own shares 0 + level shares 0; bio −1.056 = own usage −2.037 + level usage +0.981 + own shares 0 + level shares 0]
        geo/g2: position 4 → 2 (rank 1 → 3), FairShare 0.25 → 0.75: under root, geo (Level FS 0.666666666666666666685 → 1.77777777777777777775) now goes before bio (Level FS 2 → 0.695652173913043478251)
          geo passed bio: bio's usage rose 667% (+200 TRES-seconds); geo's usage did not change; the level's total usage rose 167% [Δ ln Level FS: geo +0.981 = own usage 0 + level usage +0.981 + own shares 0 + level shares 0; bio −1.056 = own usage −2.037 + level usage +0.981 + own shares 0 + level shares 0]
        bio/me: position 1 → 3 (rank 4 → 2), FairShare 1 → 0.5: under root, geo (Level FS 0.666666666666666666685 → 1.77777777777777777775) now goes before bio (Level FS 2 → 0.695652173913043478251)
          geo passed bio: bio's usage rose 667% (+200 TRES-seconds); geo's usage did not change; the level's total usage rose 167% [Δ ln Level FS: geo +0.981 = own usage 0 + level usage +0.981 + own shares 0 + level shares 0; bio −1.056 = own usage −2.037 + level usage +0.981 + own shares 0 + level shares 0]
        bio/labmate: position 2 → 4 (rank 3 → 1), FairShare 0.75 → 0.25: under root, geo (Level FS 0.666666666666666666685 → 1.77777777777777777775) now goes before bio (Level FS 2 → 0.695652173913043478251)
          geo passed bio: bio's usage rose 667% (+200 TRES-seconds); geo's usage did not change; the level's total usage rose 167% [Δ ln Level FS: geo +0.981 = own usage 0 + level usage +0.981 + own shares 0 + level shares 0; bio −1.056 = own usage −2.037 + level usage +0.981 + own shares 0 + level shares 0]
    "#]]
    .assert_eq(&out);
    let same = stdout(&fairshare(&[
        "diff",
        base.to_str().unwrap(),
        base.to_str().unwrap(),
    ]));
    assert_eq!(same, "0 users moved, 0 added, 0 removed\n");
    std::fs::remove_dir_all(&dir).ok();
}

/// `diff` text writes positions, ranks and counts grouped (`1,001`) as the page's snapshot panel
/// does, so the page's English and the CLI's sentences agree; `--json` keeps plain numbers.
#[test]
fn diff_text_groups_positions_and_counts_as_the_page_does() {
    let dir = std::env::temp_dir().join(format!("fairshare-cli-diff-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 1,000 users with distinct usage, and `me` who goes from least to most used: me moves from
    // position 1 to position 1,001 and every other user moves up one.
    let scenario = |me_usage: u64| {
        let mut s = String::from(
            r#"{"associations": [
{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
{"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
{"id": 3, "parent": 2, "account": "a", "user": "me", "shares": 1, "usage_raw": "#,
        );
        s.push_str(&format!("{me_usage}}}"));
        for i in 0..1000u64 {
            s.push_str(&format!(
                ",\n{{\"id\": {}, \"parent\": 2, \"account\": \"a\", \"user\": \"u{i}\", \"shares\": 1, \"usage_raw\": {}}}",
                10 + i,
                10 + i
            ));
        }
        s.push_str("\n]}");
        s
    };
    let (base, new) = (dir.join("base.json"), dir.join("new.json"));
    std::fs::write(&base, scenario(1)).unwrap();
    std::fs::write(&new, scenario(1_000_000)).unwrap();
    let (base, new) = (base.to_str().unwrap(), new.to_str().unwrap());
    let out = stdout(&fairshare(&["diff", base, new]));
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("1,001 users moved, 0 added, 0 removed"),
        "{out}"
    );
    let me = lines
        .next()
        .unwrap_or_else(|| panic!("a mover line: {out}"));
    assert!(
        me.starts_with("a/me: position 1 → 1,001 (rank 1,001 → 1), FairShare "),
        "{me}"
    );
    let u999 = out
        .lines()
        .find(|l| l.starts_with("a/u999: "))
        .unwrap_or_else(|| panic!("u999 moved: {out}"));
    assert!(
        u999.starts_with("a/u999: position 1,001 → 1,000 (rank 1 → 2), "),
        "{u999}"
    );
    // --json: plain numbers for scripts.
    let json: Value = serde_json::from_str(&stdout(&fairshare(&["diff", "--json", base, new])))
        .expect("diff --json is JSON");
    assert_eq!(json["moved"].as_u64(), Some(1001));
    let users = json["users"].as_array().unwrap();
    let me = users.iter().find(|u| u["user"] == "me").unwrap();
    assert_eq!(
        (me["position_before"].as_u64(), me["position"].as_u64()),
        (Some(1), Some(1001))
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `diff` of two `sshare -a -l -P` texts (a user added and one removed shift the rows after them,
/// so the row ids differ) matches
/// associations by name: users added and removed are listed, and the mover's line says who
/// passed whom and why, in parts that add up to the change in ln Level FS.
#[test]
fn diff_of_two_sshare_texts_matches_by_name() {
    let dir = std::env::temp_dir().join(format!("fairshare-cli-snap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lab = |labmate_usage: u32, extra: &str| {
        format!(
            r#"{{"associations": [
              {{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1}},
              {{"id": 2, "parent": 1, "account": "bio", "user": null, "shares": 1}},
              {{"id": 21, "parent": 2, "account": "bio", "user": "me", "shares": 1, "usage_raw": 10}},
              {{"id": 22, "parent": 2, "account": "bio", "user": "labmate", "shares": 1, "usage_raw": {labmate_usage}}},
              {{"id": 3, "parent": 1, "account": "geo", "user": null, "shares": 1}},
              {{"id": 31, "parent": 3, "account": "geo", "user": "g1", "shares": 1, "usage_raw": 40}},
              {{"id": 32, "parent": 3, "account": "geo", "user": "g2", "shares": 1, "usage_raw": 50}}{extra}
            ]}}"#
        )
    };
    let to_sshare = |json: String, name: &str| {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, json).unwrap();
        let text = stdout(&fairshare(&[
            "convert",
            "--to",
            "sshare",
            path.to_str().unwrap(),
        ]));
        let out = dir.join(format!("{name}.txt"));
        std::fs::write(&out, &text).unwrap();
        out
    };
    let before = to_sshare(
        lab(
            20,
            r#", {"id": 33, "parent": 3, "account": "geo", "user": "leaver", "shares": 1, "usage_raw": 5}"#,
        ),
        "before",
    );
    let after = to_sshare(
        lab(
            220,
            r#", {"id": 23, "parent": 2, "account": "bio", "user": "newcomer", "shares": 1}"#,
        ),
        "after",
    );
    let out = stdout(&fairshare(&[
        "diff",
        before.to_str().unwrap(),
        after.to_str().unwrap(),
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("1 added, 1 removed"), "{out}");
    assert!(lines.contains(&"added user bio/newcomer"), "{out}");
    assert!(lines.contains(&"removed user geo/leaver"), "{out}");
    let me = lines
        .iter()
        .position(|l| l.starts_with("bio/me: position 1 → 4"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        lines[me + 1].starts_with("  geo passed bio: bio's usage rose 667% (+200 TRES-seconds)"),
        "{out}"
    );
    // --json: the same comparison, every user with both positions and a mover's deciding level.
    let json: serde_json::Value = serde_json::from_str(&stdout(&fairshare(&[
        "diff",
        "--json",
        before.to_str().unwrap(),
        after.to_str().unwrap(),
    ])))
    .expect("JSON");
    assert_eq!(
        (json["added"].as_u64(), json["removed"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        json["moved"].as_u64(),
        Some(lines[0].split(' ').next().unwrap().parse().unwrap())
    );
    assert_eq!(json["added_associations"][0]["user"], "newcomer");
    assert_eq!(json["removed_associations"][0]["user"], "leaver");
    let users = json["users"].as_array().unwrap();
    let user = |name: &str| users.iter().find(|u| u["user"] == name).unwrap();
    let me = user("me");
    assert_eq!(
        (me["position_before"].as_u64(), me["position"].as_u64()),
        (Some(1), Some(4))
    );
    assert_eq!(me["fairshare_before"].as_f64(), Some(1.0));
    assert_eq!(
        me["deciding"],
        serde_json::json!({"parent": "root", "ahead": "geo", "behind": "bio"})
    );
    assert!(user("newcomer")["position_before"].is_null());
    assert_eq!(users.len(), 5, "every user of the after snapshot");
    std::fs::remove_dir_all(&dir).ok();
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

/// A scenario file of a chain `depth` deep with a user at the bottom, written to a temp file.
fn chain_file(tag: &str, depth: u32) -> PathBuf {
    let mut text = String::from("{\"associations\": [\n{\"id\": 1, \"account\": \"root\"}");
    for i in 2..=depth + 1 {
        text.push_str(&format!(
            ",\n{{\"id\": {i}, \"parent\": {}, \"account\": \"a{i}\"}}",
            i - 1
        ));
    }
    text.push_str(&format!(
        ",\n{{\"id\": {}, \"parent\": {}, \"account\": \"a{}\", \"user\": \"u\", \"usage_raw\": 5}}\n]}}\n",
        depth + 2,
        depth + 1,
        depth + 1
    ));
    let path = std::env::temp_dir().join(format!("fairshare-{tag}-{}.json", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// `fairshare compute … | head`: the reader closes the pipe early; the command stops quietly.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read as _;
    use std::process::Stdio;
    let path = chain_file("pipe", 20_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairshare"))
        .args(["compute", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line's worth, then close our end (the output is megabytes: far beyond the pipe).
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(err, "", "nothing on stderr");
    assert!(status.success(), "{status:?}");
}

/// sshare's one-space-per-level indentation on a deep tree is refused up front by name; JSON
/// output of the same tree works.
#[test]
fn sshare_output_of_a_very_deep_tree_is_refused_by_name() {
    let path = chain_file("deep", 20_000);
    let out = fairshare(&["compute", "--format", "sshare", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let json = fairshare(&["compute", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("MAX_PARSABLE_INDENT"), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert_eq!(stdout(&json).lines().count(), 20_000 + 4);
}

/// `link` prints the fragment that opens the scenario in the app (for docs authors), and that
/// fragment reads back to the same scenario.
#[test]
fn link_prints_the_share_fragment() {
    let dir = std::env::temp_dir().join(format!("fairshare-cli-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lab.json");
    let json = r#"{"name": "lab", "associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "bio", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "bio", "user": "me", "shares": 1, "usage_raw": 10}
    ]}"#;
    std::fs::write(&file, json).unwrap();
    let out = stdout(&fairshare(&["link", file.to_str().unwrap()]));
    expect_test::expect![[r#"
        z=ndA9DoMwDAXgnVMgz1EFdMtVEEImhBApP8hJ1AFx9yZILV1YOtrP7xu8g0MrgddgcAJWAxrlScfVlt2CmsZIUpZkQ0Ib8nqHGe2mnRoXFNET8JbBYlDlsB-OgoTghcaovSuFvqpzSc_nYWaki8BdMoYBCuFTGYG8j8AgBUmfMKz5NpytFFDJkfAFvHk0B_uK3SW2v9yk_R_a89K6Ow3yv-60tnDVcFRv
    "#]]
    .assert_eq(&out);
    let link = fairshare::link::decode(out.trim_end()).unwrap().unwrap();
    assert_eq!(link.scenario, fairshare::scenario::parse(json).0.unwrap());
    assert_eq!(link.tie_rule, fairshare::TieRule::Slurm);
    let documented = stdout(&fairshare(&[
        "link",
        "--documented-ties",
        file.to_str().unwrap(),
    ]));
    assert_eq!(documented, format!("{}&tie=documented\n", out.trim_end()));
    std::fs::remove_dir_all(&dir).ok();
}

/// Plain `sshare` (no `-a`): every account, the caller's row only.
const PLAIN_SSHARE: &str = "\
Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare 
-------------------- ---------- ---------- ----------- ----------- ------------- ---------- 
root                                          0.000000     1000000      1.000000            
 chem                                   60    0.600000      300000      0.300000            
 phn                                    40    0.400000      700000      0.700000            
  phn                        me          1    0.058824       67063      0.095804   0.322314 
";

/// Issue 20: on partial output the CLI warns on stderr about what it inferred (exit status 0),
/// gives `null` FairShare and rank in JSON, and leaves them empty in sshare output; `convert`
/// writes `"inferred": true`.
#[test]
fn partial_output_warns_and_gives_no_fairshare() {
    let dir = std::env::temp_dir().join(format!("fairshare-cli-partial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("plain.txt");
    std::fs::write(&file, PLAIN_SSHARE).unwrap();
    let path = file.to_str().unwrap();

    let out = fairshare(&["compute", path]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("inferred 16 hidden users' shares in phn with usage 632937"),
        "{err}"
    );
    assert!(
        err.contains("inferred 1 hidden users' shares in chem"),
        "{err}"
    );
    assert!(err.contains("not computable"), "{err}");
    let json: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rows = json["associations"].as_array().unwrap();
    // Ids are row numbers: `me` is the fourth row.
    let me = rows
        .iter()
        .find(|r| r["id"] == 4)
        .expect("the caller's row");
    assert_eq!(me["fairshare"], Value::Null);
    assert_eq!(me["rank"], Value::Null);
    assert!(
        rows.iter()
            .all(|r| r["fairshare"].is_null() && r["rank"].is_null())
    );

    let out = fairshare(&["compute", "--format", "sshare", path]);
    let text = stdout(&out);
    let me = text.lines().find(|l| l.contains("|me|")).expect("me");
    // Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|…
    assert_eq!(me.split('|').nth(7), Some(""), "{me}");
    assert_eq!(me.split('|').nth(6), Some("0.095804"), "{me}");

    let out = fairshare(&["convert", "--to", "json", path]);
    let json = stdout(&out);
    assert_eq!(json.matches("\"inferred\":true").count(), 2, "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every example in a command's `--help` that reads a file of this repository (a preset) runs
/// as written, from the repository's root.
#[test]
fn the_help_examples_on_presets_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut ran = Vec::new();
    for command in ["compute", "explain", "diff", "convert", "calc", "link"] {
        let help = stdout(&fairshare(&[command, "--help"]));
        for line in help.lines() {
            let Some(example) = line.trim().strip_prefix("fairshare ") else {
                continue;
            };
            let args: Vec<&str> = example.split_whitespace().collect();
            if !args.iter().any(|a| a.starts_with("src/presets/")) || example.contains('|') {
                continue;
            }
            let out = Command::new(env!("CARGO_BIN_EXE_fairshare"))
                .args(&args)
                .current_dir(&root)
                .output()
                .expect("run fairshare");
            assert!(
                out.status.success(),
                "`fairshare {example}` failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran.push(example.to_string());
        }
    }
    assert!(ran.len() >= 5, "{ran:?}");
    assert!(ran.iter().any(|e| e.starts_with("calc ")), "{ran:?}");
}

/// Each command's `--help` shows its own options and an example; a bad option is a usage error
/// (status 2) that names it, and the build generated completions and man pages from the same grammar.
#[test]
fn each_command_has_its_own_help_and_the_build_generates_completions_and_man_pages() {
    for (command, option) in [
        ("compute", "--algorithm"),
        ("explain", "<A>"),
        ("diff", "--documented-ties"),
        ("convert", "--to"),
        ("link", "--documented-ties"),
    ] {
        let help = stdout(&fairshare(&[command, "--help"]));
        assert!(
            help.contains(&format!("Usage: fairshare {command}")),
            "{help}"
        );
        assert!(help.contains(option), "{command}: {help}");
        assert!(
            help.contains(&format!("  fairshare {command} ")),
            "{command}: no example in {help}"
        );
    }
    let bad = fairshare(&["compute", "--damping", "0", "x.json"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.starts_with("fairshare: ") && err.contains("--damping"),
        "{err}"
    );

    let out = Path::new(env!("OUT_DIR"));
    let man = std::fs::read_to_string(out.join("fairshare.1")).unwrap();
    for command in ["compute", "explain", "diff", "convert", "link"] {
        assert!(man.contains(command), "fairshare.1 lacks {command}");
        let page = std::fs::read_to_string(out.join(format!("fairshare-{command}.1"))).unwrap();
        assert!(
            page.contains(".TH fairshare-"),
            "fairshare-{command}.1: {page}"
        );
    }
    let bash = std::fs::read_to_string(out.join("fairshare.bash")).unwrap();
    assert!(
        bash.contains("--documented-ties") && bash.contains("compute"),
        "{bash}"
    );
    for file in [
        "_fairshare",
        "fairshare.fish",
        "fairshare.elv",
        "_fairshare.ps1",
    ] {
        assert!(out.join(file).is_file(), "{file} not generated");
    }
}

fn preset(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../src/presets")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// `calc` prints the engine's boundary, the same number in the sentence and in JSON, for the
/// default question (X = the user's position) and for X a user.
#[test]
fn calc_prints_the_engines_headroom_in_words_and_json() {
    let path = preset("fair-tree-example.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let scenario = fairshare::scenario::parse(&text).0.unwrap();
    let r = fairshare::Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
    let user = fairshare::find::resolve(r.tree(), "UserB").unwrap();
    let p = r.run().position(user).unwrap();
    let want = fairshare::calc::usage_headroom(&r, user, fairshare::calc::Target::Position(p))
        .unwrap()
        .headroom;
    let json: Value = serde_json::from_str(&stdout(&fairshare(&[
        "calc", "--format", "json", &path, "UserB",
    ])))
    .unwrap();
    assert_eq!(json["usage_headroom"].as_u64(), Some(want));
    assert_eq!(json["target"]["position"].as_u64(), Some(u64::from(p)));
    let words = stdout(&fairshare(&["calc", &path, "UserB"]));
    assert!(
        words.starts_with(&format!(
            "UserB can run {} raw units",
            fairshare::format::grouped(want)
        )) && words.contains(&format!("before dropping below position {p}")),
        "{words}"
    );
    // Hours follow --tres-weights: CPU=2 halves the core-hours.
    let json: Value = serde_json::from_str(&stdout(&fairshare(&[
        "calc",
        "--format",
        "json",
        "--tres-weights",
        "CPU=2",
        &path,
        "UserB",
    ])))
    .unwrap();
    assert_eq!(json["core_hours"].as_f64(), Some(want as f64 / 7200.0));
}

/// Every question answers from the command line; a question without an answer says why.
#[test]
fn calc_answers_each_question() {
    let path = preset("two-accounts.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let scenario = fairshare::scenario::parse(&text).0.unwrap();
    let users: Vec<String> = scenario
        .tree
        .assocs()
        .iter()
        .filter(|a| a.is_user())
        .map(|a| format!("{}/{}", a.account, a.name()))
        .collect();
    let (first, last) = (&users[0], &users[users.len() - 1]);
    let shares: Value = serde_json::from_str(&stdout(&fairshare(&[
        "calc",
        "--format",
        "json",
        &path,
        last,
        "--shares-to-pass",
        "1",
    ])))
    .unwrap();
    assert!(
        shares["shares_needed"].is_u64() || shares["no_answer"].is_string(),
        "{shares}"
    );
    let accounts: Value = serde_json::from_str(&stdout(&fairshare(&[
        "calc",
        "--format",
        "json",
        &path,
        first,
        "--accounts",
        "--job",
        "3600",
    ])))
    .unwrap();
    assert!(accounts["best_account"].is_string(), "{accounts}");
    let idle = stdout(&fairshare(&[
        "calc", &path, first, "--above", "1", "--idle",
    ]));
    assert!(
        idle.contains("already above") || idle.contains("decay alone never"),
        "{idle}"
    );
    let help = stdout(&fairshare(&["calc", "--help"]));
    assert!(
        help.contains("fairshare calc cluster.txt alice --below bob"),
        "{help}"
    );
}

/// `--sprio`: each job's deciding factor; a bad line exits 2 naming the file and line.
#[test]
fn calc_reads_sprio_and_names_a_bad_line() {
    let path = preset("test24-4.json");
    // The page's component test and e2e journey paste the same file (alice's and ben's jobs; the
    // user asked about is u1 all the same).
    let sprio = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../e2e/fixtures/sprio.txt");
    let tmp = std::env::temp_dir().join(format!("fairshare-sprio-{}.txt", std::process::id()));
    let out = stdout(&fairshare(&[
        "calc",
        &path,
        "u1",
        "--sprio",
        sprio.to_str().unwrap(),
    ]));
    assert!(
        out.contains("Job 101 (alice): 1 jobs ahead; job 102 leads by 500, most of it from FAIRSHARE; fairshare decides; FairShare 0.3501 would put it first"),
        "{out}"
    );
    let json: Value = serde_json::from_str(&stdout(&fairshare(&[
        "calc",
        "--format",
        "json",
        &path,
        "u1",
        "--sprio",
        sprio.to_str().unwrap(),
    ])))
    .unwrap();
    assert_eq!(json["jobs"][0]["deciding_factor"], "FAIRSHARE");
    std::fs::write(&tmp, "JOBID PRIORITY AGE\n1 10 x\n").unwrap();
    let bad = fairshare(&["calc", &path, "u1", "--sprio", tmp.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains(&format!("{}:2: AGE is \"x\"", tmp.display())),
        "{err}"
    );
    let bad = fairshare(&["calc", &path, "u1", "--below", "nobody"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// Positions from 1,000 on read grouped, as the page's What would it take tab writes them (its
/// English is this sentence, word for word).
#[test]
fn calc_groups_the_digits_of_large_positions() {
    let mut assocs = vec![
        r#"{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1, "usage_raw": 0}"#.to_string(),
        r#"{"id": 2, "parent": 1, "account": "lab", "user": null, "shares": 1, "usage_raw": 0}"#.to_string(),
    ];
    // 1,200 users; u1199 used the most, so it is served last: position 1,200.
    assocs.extend((0..1200).map(|i| {
        format!(r#"{{"id": {}, "parent": 2, "account": "lab", "user": "u{i}", "shares": 1, "usage_raw": {}}}"#, 10 + i, 1 + i)
    }));
    let json = format!(
        r#"{{"name": "wide", "algorithm": "fair_tree", "params": {{"damping_factor": 1, "flags": []}}, "associations": [{}]}}"#,
        assocs.join(",")
    );
    let path = std::env::temp_dir().join(format!("fairshare-cli-wide-{}.json", std::process::id()));
    std::fs::write(&path, json).unwrap();
    let words = stdout(&fairshare(&[
        "calc",
        path.to_str().unwrap(),
        "u1199",
        "--accounts",
    ]));
    assert!(
        words.contains("does best under lab: position 1,200."),
        "{words}"
    );
    std::fs::remove_file(&path).ok();
}
