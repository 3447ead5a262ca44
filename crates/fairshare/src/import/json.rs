//! `sshare --json`: `{"shares": {"shares": [...]}}`, one entry per association in
//! Slurm's list order, with `type` `["USER"]` or `["ASSOCIATION"]`, `name` (the user for user
//! rows, else the account), `parent` (the account name), `partition`, `shares` (2147483647 is
//! FairShare=parent; unset for the root) and `usage` (an integer). Numbers may be plain JSON
//! numbers (older data_parser versions) or `{"set", "infinite", "number"}` structs.
//!
//! The tree is linked by names (see [`super::build`]); each entry's diagnostics name the line
//! its object starts on. Must never panic.

use serde_json::Value;

use super::build::{self, Linking, Options, Record};
use super::dedup;
use super::{Diags, Format, PrintedNumber, PrintedRow, clip};
use crate::diag::{DiagKind, not_json};
use crate::ld::LongDouble;
use crate::scenario::{Algorithm, Params, Scenario};
use crate::tree::Shares;

/// Scenario JSON or `sshare --json`, by the keys it mentions.
pub(super) fn sniff(trimmed: &str) -> Format {
    if trimmed.contains("\"associations\"") {
        Format::ScenarioJson
    } else if trimmed.contains("\"shares\"") {
        Format::SshareJson
    } else {
        // Most likely a scenario with a mistake; its parser explains what is missing.
        Format::ScenarioJson
    }
}

/// A number as the data_parser writes it: plain, or `{"set", "infinite", "number"}`.
fn number(v: &Value) -> PrintedNumber<f64> {
    match v {
        Value::Number(n) => PrintedNumber {
            text: n.to_string().into(),
            value: n.as_f64(),
        },
        Value::Object(o) => {
            if o.get("set").and_then(Value::as_bool) == Some(false) {
                PrintedNumber {
                    text: "".into(),
                    value: None,
                }
            } else if o.get("infinite").and_then(Value::as_bool) == Some(true) {
                PrintedNumber {
                    text: "inf".into(),
                    value: Some(f64::INFINITY),
                }
            } else {
                match o.get("number") {
                    Some(inner @ Value::Number(_)) => number(inner),
                    _ => PrintedNumber {
                        text: "".into(),
                        value: None,
                    },
                }
            }
        }
        Value::Null => PrintedNumber {
            text: "".into(),
            value: None,
        },
        Value::String(s) => PrintedNumber {
            text: s.as_str().into(),
            value: crate::format::parse_f64(s.trim()),
        },
        other => PrintedNumber {
            text: other.to_string().into(),
            value: None,
        },
    }
}

/// The exact value of a JSON number (integers exactly, up to `u64`).
fn exact(v: &Value) -> Option<LongDouble> {
    let v = match v {
        Value::Object(o) => {
            if o.get("set").and_then(Value::as_bool) == Some(false) {
                return None;
            }
            if o.get("infinite").and_then(Value::as_bool) == Some(true) {
                return Some(LongDouble::INFINITY);
            }
            o.get("number")?
        }
        other => other,
    };
    match v {
        Value::Number(n) => match n.as_u64() {
            Some(u) => Some(LongDouble::from_u64(u)),
            None => n.as_f64().map(LongDouble::from_f64),
        },
        // Decimal parsing in 80 bits is not linear in the length; no usage needs 100 digits.
        Value::String(s) if s.len() <= 100 => LongDouble::parse(s),
        _ => None,
    }
}

fn string<'a>(o: &'a serde_json::Map<String, Value>, key: &str) -> Option<&'a str> {
    o.get(key).and_then(Value::as_str)
}

/// Reads `sshare --json` output.
pub(super) fn import(text: &str, diags: &mut Diags) -> (Option<Scenario>, Vec<PrintedRow>) {
    let root: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            diags.error(Some(e.line().max(1)), not_json(&e));
            return (None, Vec::new());
        }
    };
    let list = match root.get("shares") {
        Some(Value::Object(o)) => o.get("shares").and_then(Value::as_array),
        Some(Value::Array(a)) => Some(a),
        _ => None,
    };
    let Some(list) = list else {
        diags.error(Some(1), DiagKind::NoSharesList);
        return (None, Vec::new());
    };
    let lines = element_lines(text);
    let mut records = Vec::with_capacity(list.len());
    let mut printed: Vec<PrintedRow> = Vec::with_capacity(list.len());
    let ids_from_input = list.iter().all(|e| {
        e.get("id")
            .and_then(Value::as_u64)
            .is_some_and(|id| id <= u64::from(u32::MAX))
    });
    let mut first_cluster: Option<String> = None;
    let mut cluster_warned = false;
    for (i, e) in list.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(1);
        let ordinal = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let mut rec = Record::empty(line, ordinal, 0);
        let mut shown = build::empty_printed();
        let Some(o) = e.as_object() else {
            diags.error(Some(line), DiagKind::EntryNotObject { n: i + 1 });
            rec.bad = true;
            records.push(rec);
            printed.push(shown);
            continue;
        };
        if let Some(c) = string(o, "cluster") {
            match &first_cluster {
                None => first_cluster = Some(c.to_string()),
                Some(fc) if fc != c => {
                    if !cluster_warned {
                        diags.warning(
                            Some(line),
                            DiagKind::OtherClusterEntries { cluster: clip(c) },
                        );
                        cluster_warned = true;
                    }
                    continue;
                }
                Some(_) => {}
            }
        }
        rec.id = o
            .get("id")
            .and_then(Value::as_u64)
            .and_then(|id| u32::try_from(id).ok());
        let is_user = match o.get("type") {
            Some(Value::Array(a)) => a
                .iter()
                .any(|t| t.as_str().is_some_and(|s| s.eq_ignore_ascii_case("USER"))),
            Some(Value::String(s)) => s.eq_ignore_ascii_case("USER"),
            _ => {
                diags.error(Some(line), DiagKind::NoType);
                rec.bad = true;
                false
            }
        };
        let name = string(o, "name").unwrap_or("").trim();
        let parent = string(o, "parent").unwrap_or("").trim();
        if name.is_empty() {
            diags.error(Some(line), DiagKind::NameMissing);
            rec.bad = true;
        } else if name.contains(['/', '|', '\n', '\r']) {
            diags.error(
                Some(line),
                DiagKind::NameSlash {
                    field: "name",
                    name: clip(name),
                },
            );
            rec.bad = true;
        }
        if is_user {
            rec.user = Some(name.to_string());
            rec.account = parent.to_string();
            if parent.is_empty() {
                diags.error(Some(line), DiagKind::UserNoParent);
                rec.bad = true;
            }
            rec.partition = string(o, "partition")
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_string);
        } else {
            rec.account = name.to_string();
            rec.parent_name = (!parent.is_empty()).then(|| parent.to_string());
        }
        match o.get("shares") {
            None => {}
            Some(v) => match exact(v) {
                None => {
                    let unset = number(v).text.is_empty();
                    if !(unset && !is_user && parent.is_empty()) {
                        diags.error(
                            Some(line),
                            DiagKind::SharesUnset {
                                value: clip(&v.to_string()),
                            },
                        );
                        rec.bad = true;
                    }
                }
                Some(x) => {
                    let raw = crate::sshare::truncate_usage(x);
                    if x.is_finite() && LongDouble::from_u64(raw) == x && raw <= u64::from(u32::MAX)
                    {
                        rec.shares = Some(Shares::from_raw(raw as u32));
                    } else {
                        diags.error(
                            Some(line),
                            DiagKind::SharesRange {
                                value: clip(&v.to_string()),
                            },
                        );
                        rec.bad = true;
                    }
                }
            },
        }
        if let Some(v) = o.get("usage") {
            let u = exact(v);
            match u {
                Some(x) if x.is_finite() && (!x.is_negative() || x.is_zero()) => {
                    rec.usage = Some(x)
                }
                None if number(v).text.is_empty() => {}
                _ => {
                    diags.error(
                        Some(line),
                        DiagKind::UsageBad {
                            value: clip(&v.to_string()),
                        },
                    );
                    rec.bad = true;
                }
            }
            shown.raw_usage = Some(PrintedNumber {
                text: number(v).text,
                value: rec.usage,
            });
        }
        shown.norm_shares = o.get("shares_normalized").map(number);
        shown.norm_usage = o.get("usage_normalized").map(number);
        shown.effective_usage = o.get("effective_usage").map(number);
        if let Some(fs) = o.get("fairshare").and_then(Value::as_object) {
            shown.fairshare = fs.get("factor").map(number);
            shown.level_fs = fs.get("level").map(number);
        }
        records.push(rec);
        printed.push(shown);
    }
    if records.is_empty() {
        diags.error(None, DiagKind::SharesListEmpty);
        return (None, Vec::new());
    }
    // Classic gives the root NormShares 1; Fair Tree shares/NO_VAL, about 0.
    let algorithm = if records
        .iter()
        .position(|r| r.user.is_none() && r.parent_name.is_none())
        .and_then(|i| printed.get(i))
        .and_then(|p| p.norm_shares.as_ref())
        .and_then(|p| p.value)
        == Some(1.0)
    {
        Algorithm::Classic
    } else {
        Algorithm::FairTree
    };
    let opts = Options {
        linking: Linking::Names,
        ids_from_input,
        cut_names: false,
        algorithm,
    };
    let (tree, mut printed) = build::build(records, printed, &opts, diags);
    let tree = dedup::resolve_built(tree, &mut printed, dedup::Policy::Refuse, false, diags);
    let scenario = tree.map(|tree| Scenario {
        name: "imported sshare --json".into(),
        algorithm,
        params: Params::default(),
        tree,
    });
    (scenario, printed)
}

/// The 1-based line on which each element of the `shares.shares` array (or of a top-level
/// `shares` array) starts. The text is valid JSON here (serde read it), so a light scan that
/// tracks strings, nesting and keys is enough.
fn element_lines(text: &str) -> Vec<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Obj,
        Arr,
    }
    // (kind, whether this container is the value of a "shares" key)
    let mut stack: Vec<(Kind, bool)> = Vec::new();
    let mut out = Vec::new();
    let mut line = 1usize;
    let mut expect_key = false;
    let mut last_key_is_shares = false;
    let b = text.as_bytes();
    let mut i = 0;
    let is_target = |stack: &[(Kind, bool)]| -> bool {
        matches!(
            stack,
            [(Kind::Obj, _), (Kind::Obj, true), (Kind::Arr, true)]
                | [(Kind::Obj, _), (Kind::Arr, true)]
        )
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => line += 1,
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if expect_key {
                    last_key_is_shares = b.get(start..i) == Some(b"shares".as_slice());
                    expect_key = false;
                } else if is_target(&stack) {
                    out.push(line);
                }
            }
            b'{' | b'[' => {
                if is_target(&stack) {
                    out.push(line);
                }
                let in_obj = stack.last().is_some_and(|&(k, _)| k == Kind::Obj);
                let keyed = in_obj && last_key_is_shares;
                stack.push((if c == b'{' { Kind::Obj } else { Kind::Arr }, keyed));
                last_key_is_shares = false;
                expect_key = c == b'{';
            }
            b'}' | b']' => {
                stack.pop();
                expect_key = false;
            }
            b',' => {
                expect_key = stack.last().is_some_and(|&(k, _)| k == Kind::Obj);
            }
            b':' => expect_key = false,
            b' ' | b'\t' | b'\r' => {}
            _ => {
                // A scalar (number, true, false, null): an element if directly in the array.
                if is_target(&stack) {
                    out.push(line);
                }
                while i + 1 < b.len()
                    && !matches!(b[i + 1], b',' | b']' | b'}' | b' ' | b'\n' | b'\r' | b'\t')
                {
                    i += 1;
                }
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_lines_find_each_entry() {
        let text = "{\"meta\": {\"shares\": 1},\n \"shares\": {\"shares\": [\n  {\"id\": 1,\n   \"x\": [1, 2]},\n  {\"id\": 2}\n ], \"total_shares\": 0}}";
        assert_eq!(element_lines(text), vec![3, 5]);
        assert_eq!(element_lines("{\"shares\": [\n{}, \n{}]}"), vec![2, 3]);
    }
}
