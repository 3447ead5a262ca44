//! Scenarios: a tree plus the algorithm and parameters to run it with, as JSON.
//!
//! The format is the golden vectors' (and the UI contract's):
//! `{"name", "algorithm": "fair_tree"|"classic", "params": {"damping_factor", "flags"},
//!   "associations": [{"id", "parent", "account", "user", "shares", "usage_raw"}]}`.
//! `shares` is an integer or `"parent"`; `usage_raw` a number or a decimal string (80-bit values
//! that are not doubles are written as `%.21Lg` strings). Optional `lineage` and `partition` keys
//! are read too, an account's optional `retained_usage` (usage kept from removed associations,
//! [`crate::tree::Assoc::retained_usage`]; written only when not 0, so files without it read as
//! before), and `"inferred": true` marks an association the import inferred for members a
//! partial output does not show ([`crate::tree::Assoc::inferred`]; written only when true); any
//! other key is ignored.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use crate::diag::{DiagKind, Diagnostic, FieldProblem, not_json};
use crate::ld::LongDouble;
use crate::name::Name;
use crate::tree::{Assoc, AssocId, AssocTree, Shares, TreeError};

/// Which fairshare algorithm a site runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Fair Tree (Slurm's default since 19.05).
    #[default]
    FairTree,
    /// The classic algorithm (`PriorityFlags=NO_FAIR_TREE`), optionally DEPTH_OBLIVIOUS.
    Classic,
}

impl Algorithm {
    /// The scenario-JSON spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Algorithm::FairTree => "fair_tree",
            Algorithm::Classic => "classic",
        }
    }
}

/// Parameters that change the numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// FairShareDampeningFactor d (classic only; a `uint16` ≥ 1 in Slurm).
    pub damping_factor: u16,
    /// PriorityFlags=DEPTH_OBLIVIOUS (classic only).
    pub depth_oblivious: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            damping_factor: 1,
            depth_oblivious: false,
        }
    }
}

/// A tree with its name, algorithm and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// A short name.
    pub name: String,
    /// The algorithm the scenario is meant for.
    pub algorithm: Algorithm,
    /// Parameters.
    pub params: Params,
    /// The associations.
    pub tree: AssocTree,
}

/// The line (1-based) on which `"id": <id>` first appears, for every id in the text: built in
/// one pass the first time a problem needs a line (a scan per problem would make 50,000 bad
/// associations quadratic).
pub(crate) struct IdLines<'a> {
    text: &'a str,
    lines: Option<HashMap<u32, usize>>,
}

impl<'a> IdLines<'a> {
    pub(crate) fn new(text: &'a str) -> IdLines<'a> {
        IdLines { text, lines: None }
    }

    pub(crate) fn get(&mut self, id: u32) -> Option<usize> {
        let text = self.text;
        self.lines
            .get_or_insert_with(|| {
                let mut map = HashMap::new();
                for (i, line) in text.lines().enumerate() {
                    let mut rest = line;
                    while let Some(at) = rest.find("\"id\"") {
                        rest = &rest[at + 4..];
                        let Some(value) = rest.trim_start().strip_prefix(':') else {
                            continue;
                        };
                        let value = value.trim_start();
                        let digits = &value[..value
                            .find(|c: char| !c.is_ascii_digit())
                            .unwrap_or(value.len())];
                        // Only the canonical spelling, as `"id": 7` (not `007`) names id 7.
                        if (digits == "0" || !digits.starts_with('0'))
                            && let Ok(id) = digits.parse::<u32>()
                        {
                            map.entry(id).or_insert(i + 1);
                        }
                    }
                }
                map
            })
            .get(&id)
            .copied()
    }
}

fn describe(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 40 {
        format!(
            "{}…",
            &s[..s.char_indices().nth(40).map_or(s.len(), |(i, _)| i)]
        )
    } else {
        s
    }
}

/// Reads a usage value: a number, or a decimal string rounded to 80 bits.
pub(crate) fn usage_from_json(v: &Value) -> Result<LongDouble, FieldProblem> {
    match v {
        Value::Null => Ok(LongDouble::ZERO),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                Ok(LongDouble::from_u64(u))
            } else if let Some(f) = n.as_f64() {
                Ok(LongDouble::from_f64(f))
            } else {
                Err(FieldProblem::UsageUnreadable {
                    value: n.to_string(),
                })
            }
        }
        // Decimal-to-80-bit conversion is superlinear in the length; no real usage needs more
        // than the 21 significant digits %.21Lg writes.
        Value::String(s) if s.len() > 100 => Err(FieldProblem::UsageTooLong { chars: s.len() }),
        Value::String(s) => {
            LongDouble::parse(s).ok_or_else(|| FieldProblem::UsageNotDecimal { value: s.clone() })
        }
        other => Err(FieldProblem::UsageWrongType {
            value: describe(other),
        }),
    }
}

/// Writes a usage value as the vectors do: a number when it is exactly a double, else `%.21Lg`.
pub(crate) fn usage_to_json(x: LongDouble) -> Value {
    ld_to_json(x)
}

/// Encodes an 80-bit value as the vectors do: `"inf"`, a JSON number when the value is exactly a
/// double, else a `%.21Lg` string.
pub fn ld_to_json(x: LongDouble) -> Value {
    if x.is_infinite() {
        Value::String(if x.is_negative() {
            "-inf".into()
        } else {
            "inf".into()
        })
    } else if x.is_exact_f64() {
        f64_to_json(x.to_f64())
    } else {
        Value::String(x.to_lg21())
    }
}

/// A double as a JSON number (integral values keep a `.0`, as Python writes them).
pub fn f64_to_json(x: f64) -> Value {
    serde_json::Number::from_f64(x)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

fn shares_from_json(v: &Value) -> Result<Shares, FieldProblem> {
    match v {
        Value::String(s) if s.eq_ignore_ascii_case("parent") => Ok(Shares::Parent),
        Value::Number(n) => match n.as_u64() {
            Some(x) if x <= u64::from(u32::MAX) => Ok(Shares::from_raw(x as u32)),
            // `-0` is 0, as it is for usage.
            None if n.as_f64() == Some(0.0) => Ok(Shares::from_raw(0)),
            _ => Err(FieldProblem::SharesRange {
                value: n.to_string(),
            }),
        },
        other => Err(FieldProblem::SharesWrongType {
            value: describe(other),
        }),
    }
}

fn opt_string(
    obj: &mut Map<String, Value>,
    key: &'static str,
) -> Result<Option<String>, FieldProblem> {
    match obj.remove(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(FieldProblem::NotStringOrNull {
            key,
            value: describe(&other),
        }),
    }
}

/// A problem with one association: the message, and the id to find its line by.
struct Problem {
    id: Option<u32>,
    kind: DiagKind,
}

/// The top level of a scenario. Each association is converted as soon as it is parsed, so
/// the JSON of a 1,000,000-association file is never held whole (it would take ~700 bytes an
/// association on top of the text).
struct Top {
    /// `name`, `algorithm`, `params` (other keys are skipped).
    fields: Map<String, Value>,
    /// `associations`, if it is a list.
    associations: Option<Vec<Result<Assoc, Problem>>>,
}

impl<'de> serde::Deserialize<'de> for Top {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Top, D::Error> {
        struct TopVisitor;
        impl<'de> serde::de::Visitor<'de> for TopVisitor {
            type Value = Top;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut m: M) -> Result<Top, M::Error> {
                let mut top = Top {
                    fields: Map::new(),
                    associations: None,
                };
                while let Some(key) = m.next_key::<String>()? {
                    match key.as_str() {
                        "associations" => top.associations = m.next_value_seed(ListSeed)?,
                        "name" | "algorithm" | "params" => {
                            let v: Value = m.next_value()?;
                            top.fields.insert(key, v);
                        }
                        _ => {
                            m.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(top)
            }
        }
        d.deserialize_map(TopVisitor)
    }
}

/// Reads the `associations` value: a list is converted element by element; anything else is
/// `None`.
struct ListSeed;

impl<'de> serde::de::DeserializeSeed<'de> for ListSeed {
    type Value = Option<Vec<Result<Assoc, Problem>>>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        struct ListVisitor;
        impl<'de> serde::de::Visitor<'de> for ListVisitor {
            type Value = Option<Vec<Result<Assoc, Problem>>>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_seq<S: serde::de::SeqAccess<'de>>(
                self,
                mut s: S,
            ) -> Result<Self::Value, S::Error> {
                let mut out = Vec::new();
                while let Some(v) = s.next_element::<Value>()? {
                    out.push(read_assoc(out.len(), v));
                }
                Ok(Some(out))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut m: M,
            ) -> Result<Self::Value, M::Error> {
                while m
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(None)
            }
            fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
        }
        d.deserialize_any(ListVisitor)
    }
}

/// Converts the `i`-th (0-based) element of `associations`.
fn read_assoc(i: usize, item: Value) -> Result<Assoc, Problem> {
    let Value::Object(mut a) = item else {
        return Err(Problem {
            id: None,
            kind: DiagKind::AssocNotObject { n: i + 1 },
        });
    };
    let id = match a.get("id").and_then(Value::as_u64) {
        Some(id) if id <= u64::from(u32::MAX) => id as u32,
        _ => {
            return Err(Problem {
                id: None,
                kind: DiagKind::AssocNoId { n: i + 1 },
            });
        }
    };
    let bad = |problem: FieldProblem| Problem {
        id: Some(id),
        kind: DiagKind::Assoc { id, problem },
    };
    let parent = match a.get("parent") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_u64() {
            Some(p) if p <= u64::from(u32::MAX) => Some(AssocId(p as u32)),
            _ => {
                return Err(bad(FieldProblem::ParentNotId { value: describe(v) }));
            }
        },
    };
    let account = match a.remove("account") {
        Some(Value::String(s)) => s,
        _ => return Err(bad(FieldProblem::NoAccount)),
    };
    let user = opt_string(&mut a, "user").map_err(bad)?;
    let partition = opt_string(&mut a, "partition").map_err(bad)?;
    let lineage = opt_string(&mut a, "lineage").map_err(bad)?;
    let shares = a
        .get("shares")
        .map(shares_from_json)
        .unwrap_or(Ok(Shares::Value(1)))
        .map_err(bad)?;
    // Only `true` marks an association inferred (written only then; `false` and null are the
    // default).
    let inferred = a.get("inferred") == Some(&Value::Bool(true));
    let usage_raw = a
        .get("usage_raw")
        .map(usage_from_json)
        .unwrap_or(Ok(LongDouble::ZERO))
        .map_err(bad)?;
    // An account's usage kept from removed associations (Slurm's `leaf_usage`); a user has
    // none (its `leaf_usage` is its own usage), so the key is ignored on users.
    let retained_usage = match a.get("retained_usage") {
        Some(v) if user.is_none() => usage_from_json(v)
            .ok()
            .map(|r| if r.is_zero() { LongDouble::ZERO } else { r })
            .filter(|r| {
                r.is_finite()
                    && !r.is_negative()
                    && *r < LongDouble::from_f64(crate::tree::MAX_USAGE_RAW)
            })
            .ok_or_else(|| bad(FieldProblem::RetainedUnreadable { value: describe(v) }))?,
        _ => LongDouble::ZERO,
    };
    Ok(Assoc {
        id: AssocId(id),
        parent,
        account: account.into(),
        user: user.map(Name::from),
        partition: partition.map(Name::from),
        shares,
        usage_raw,
        lineage: lineage.map(Name::from),
        inferred,
        retained_usage,
    })
}

/// Parses scenario JSON. Never panics; on any error returns `None` and the diagnostics.
pub fn parse(text: &str) -> (Option<Scenario>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let top: Top = match serde_json::from_str(text) {
        Ok(top) => top,
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            diags.push(Diagnostic::error(Some(1), DiagKind::NotScenarioObject));
            return (None, diags);
        }
        Err(e) => {
            diags.push(Diagnostic::error(Some(e.line().max(1)), not_json(&e)));
            return (None, diags);
        }
    };
    let obj = &top.fields;
    let name = obj
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("scenario")
        .to_string();
    let algorithm = match obj.get("algorithm").and_then(Value::as_str) {
        None | Some("fair_tree") => Algorithm::FairTree,
        Some("classic") => Algorithm::Classic,
        Some(other) => {
            diags.push(Diagnostic::error(
                None,
                DiagKind::UnknownAlgorithm {
                    value: other.to_string(),
                },
            ));
            Algorithm::FairTree
        }
    };
    let mut params = Params::default();
    if let Some(p) = obj.get("params").and_then(Value::as_object) {
        // The vectors say "damping_factor"; the spec's examples say "fs_dampening_factor".
        if let Some(d) = p
            .get("damping_factor")
            .or_else(|| p.get("fs_dampening_factor"))
        {
            match d.as_u64() {
                Some(d) if (1..=u64::from(u16::MAX)).contains(&d) => {
                    params.damping_factor = d as u16
                }
                _ => diags.push(Diagnostic::error(
                    None,
                    DiagKind::DampingRange { value: describe(d) },
                )),
            }
        }
        let flags = p.get("flags").or_else(|| p.get("priority_flags"));
        if let Some(flags) = flags.and_then(Value::as_array) {
            for f in flags.iter().filter_map(Value::as_str) {
                // Slurm matches DEPTH_OBLIVIOUS as a case-insensitive substring.
                if f.to_ascii_uppercase().contains("DEPTH_OBLIVIOUS") {
                    params.depth_oblivious = true;
                }
            }
        }
    }
    let Some(list) = top.associations else {
        diags.push(Diagnostic::error(Some(1), DiagKind::NoAssociations));
        return (None, diags);
    };
    let mut assocs = Vec::with_capacity(list.len());
    let mut id_lines = IdLines::new(text);
    let mut unreadable: std::collections::HashSet<Option<u32>> = Default::default();
    for item in list {
        match item {
            Ok(a) => assocs.push(a),
            // The line is looked up only when there is something to report.
            Err(Problem { id, kind }) => {
                let line = id.and_then(|id| id_lines.get(id));
                diags.push(Diagnostic::error(line, kind));
                unreadable.insert(id);
            }
        }
    }
    if crate::diag::has_errors(&diags) {
        // Every problem is reported, not just the fields': the tree the readable associations
        // make is checked too, leaving out what only an unreadable one explains (a parent that
        // could not be read, a root that could not be read).
        if let Err(errors) = AssocTree::new(assocs) {
            for e in errors {
                let explained = match &e {
                    TreeError::MissingParent { parent, .. } => {
                        unreadable.contains(&Some(parent.0)) || unreadable.contains(&None)
                    }
                    TreeError::NoRoot => !unreadable.is_empty(),
                    _ => false,
                };
                if !explained {
                    let line = e.assoc().and_then(|id| id_lines.get(id.0));
                    diags.push(Diagnostic::error(line, DiagKind::Tree(e)));
                }
            }
        }
        return (None, diags);
    }
    match AssocTree::new(assocs) {
        Ok(tree) => (
            Some(Scenario {
                name,
                algorithm,
                params,
                tree,
            }),
            diags,
        ),
        Err(errors) => {
            for e in errors {
                let line = e.assoc().and_then(|id| id_lines.get(id.0));
                diags.push(Diagnostic::error(line, DiagKind::Tree(e)));
            }
            (None, diags)
        }
    }
}

/// Writes a scenario as JSON, one association per line.
pub fn to_json(s: &Scenario) -> String {
    let mut printer = JsonPrinter::new(s);
    printer.print(usize::MAX);
    printer.finish()
}

/// [`to_json`] a slice at a time, for a caller that must yield between slices (a 100k tree's
/// JSON, 80-bit usage printed in `%.21Lg`, is hundreds of milliseconds of work). The text is
/// the same byte for byte, however it is sliced.
#[derive(Clone, Debug)]
pub struct JsonPrinter {
    scenario: Scenario,
    out: String,
    /// The next association to print.
    next: usize,
}

impl JsonPrinter {
    /// A printer for `s` (a cheap clone: the tree is shared), its header written.
    pub fn new(s: &Scenario) -> JsonPrinter {
        let mut flags = Vec::new();
        if s.params.depth_oblivious {
            flags.push("DEPTH_OBLIVIOUS");
        } else if s.algorithm == Algorithm::Classic {
            flags.push("NO_FAIR_TREE");
        }
        let head = json!({"name": s.name, "algorithm": s.algorithm.as_str(),
            "params": {"damping_factor": s.params.damping_factor, "flags": flags}});
        let mut out = String::from("{");
        let head_obj = head.as_object().expect("object");
        for (k, v) in head_obj {
            out.push_str(&format!("{}: {}, ", Value::String(k.clone()), v));
        }
        out.push_str("\"associations\": [\n");
        JsonPrinter {
            scenario: s.clone(),
            out,
            next: 0,
        }
    }

    /// Prints at most `n` more associations; whether all are printed.
    pub fn print(&mut self, n: usize) -> bool {
        let assocs = self.scenario.tree.assocs();
        let end = self.next.saturating_add(n).min(assocs.len());
        for a in assocs.range(self.next..end) {
            if self.next > 0 {
                self.out.push_str(",\n");
            }
            self.out.push_str("  ");
            self.out.push_str(&assoc_to_json(a).to_string());
            self.next += 1;
        }
        self.is_done()
    }

    /// Whether every association is printed.
    pub fn is_done(&self) -> bool {
        self.next == self.scenario.tree.assocs().len()
    }

    /// How many associations are left to print.
    pub fn remaining(&self) -> usize {
        self.scenario.tree.assocs().len() - self.next
    }

    /// The scenario being printed.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The JSON, printing whatever is left first.
    pub fn finish(mut self) -> String {
        self.print(usize::MAX);
        self.out.push_str("\n]}\n");
        self.out
    }
}

fn assoc_to_json(a: &Assoc) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), json!(a.id.0));
    m.insert(
        "parent".into(),
        a.parent.map_or(Value::Null, |p| json!(p.0)),
    );
    m.insert("account".into(), json!(a.account));
    m.insert(
        "user".into(),
        a.user.as_ref().map_or(Value::Null, |u| json!(u)),
    );
    if let Some(p) = &a.partition {
        m.insert("partition".into(), json!(p));
    }
    m.insert(
        "shares".into(),
        match a.shares {
            Shares::Value(v) => json!(v),
            Shares::Parent => json!("parent"),
        },
    );
    m.insert("usage_raw".into(), usage_to_json(a.usage_raw));
    if !a.retained_usage.is_zero() {
        m.insert("retained_usage".into(), usage_to_json(a.retained_usage));
    }
    if let Some(l) = &a.lineage {
        m.insert("lineage".into(), json!(l));
    }
    if a.inferred {
        m.insert("inferred".into(), Value::Bool(true));
    }
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// However it is sliced, the printer writes `to_json`'s text (itself the one-slice case),
    /// and a slice prints at most its count of associations.
    #[test]
    fn sliced_json_is_the_whole_json() {
        for (n, seed) in [(1, 1), (2, 2), (37, 3), (1000, 4)] {
            let s = crate::r#gen::scenario(n, seed);
            let whole = to_json(&s);
            assert!(parse(&whole).0.is_some_and(|back| back == s), "{n}");
            for slice in [1, 2, 7, 999, 1000] {
                let mut printer = JsonPrinter::new(&s);
                let mut slices = 0;
                while !printer.is_done() {
                    let before = printer.remaining();
                    printer.print(slice);
                    assert!(before - printer.remaining() <= slice);
                    slices += 1;
                }
                assert_eq!(slices, n.div_ceil(slice), "{n} by {slice}");
                assert_eq!(printer.finish(), whole, "{n} by {slice}");
            }
        }
    }

    #[test]
    fn bad_scenarios_name_the_line() {
        let text = "{\"associations\": [\n {\"id\": 1, \"parent\": null, \"account\": \"root\"},\n {\"id\": 2, \"parent\": 7, \"account\": \"a\"}\n]}";
        let (s, d) = parse(text);
        assert!(s.is_none());
        assert_eq!(d[0].line, Some(3), "{d:?}");
        assert!(d[0].message().contains("parent 7"), "{d:?}");
        let (_, d) = parse("{\"associations\": [\n {\"id\": 1,, }]}");
        assert_eq!(d[0].line, Some(2));
        let (_, d) = parse(
            "{\"associations\": [{\"id\": 1, \"parent\": null, \"account\": \"r\", \"shares\": -3}]}",
        );
        assert!(d[0].message().contains("shares"), "{d:?}");
    }

    #[test]
    fn round_trips() {
        let text = r#"{"name": "t", "algorithm": "classic", "params": {"damping_factor": 3, "flags": ["NO_FAIR_TREE", "DEPTH_OBLIVIOUS"]},
          "associations": [{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1, "usage_raw": 0.0},
          {"id": 2, "parent": 1, "account": "root", "user": "x", "shares": "parent", "usage_raw": "0.200000000000000000003"}]}"#;
        let (s, d) = parse(text);
        assert!(d.is_empty(), "{d:?}");
        let s = s.unwrap();
        assert_eq!(
            s.params,
            Params {
                damping_factor: 3,
                depth_oblivious: true
            }
        );
        let again = parse(&to_json(&s)).0.unwrap();
        assert_eq!(again, s);
    }
}
