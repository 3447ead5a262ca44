//! What `fairshare` prints: computed values as JSON (encoded as in the golden vectors) or as
//! Slurm's `sshare -l -P` rows. Formatting only; the numbers come from the engine.

use fairshare::scenario::{f64_to_json, ld_to_json};
use fairshare::{Algorithm, Ranked, Scenario, TieRule};
use std::fmt::Write as _;

use serde_json::Value;

use crate::args::Options;

fn tie_rule(options: &Options) -> TieRule {
    if options.documented_ties {
        TieRule::Documented
    } else {
        TieRule::Slurm
    }
}

/// `{"associations":[{"id","shares_norm","usage_norm","usage_efctv","level_fs","fairshare","rank"}]}`
/// in Slurm's association-list order. 80-bit values are a JSON number when exactly a double,
/// `"inf"`, or a `%.21Lg` string; `null` where Slurm leaves a value unset.
pub fn compute_json(scenario: &Scenario, options: &Options) -> String {
    let tree = &scenario.tree;
    let ranked = Ranked::new(tree, tie_rule(options));
    let h = ranked.hierarchy();
    let opt_ld = |x: Option<fairshare::LongDouble>| x.map_or(Value::Null, ld_to_json);
    let opt_f64 = |x: Option<f64>| x.map_or(Value::Null, f64_to_json);
    // Written row by row into one string (no JSON object per row: a million of them cost
    // seconds and hundreds of megabytes).
    let mut out = String::with_capacity(64 + h.len() * 160);
    out.push_str("{\"associations\": [\n");
    let mut row = |ix: usize, values: [(&str, Value); 6]| {
        if out.len() > 20 {
            out.push_str(",\n");
        }
        let _ = write!(out, "  {{\"id\":{}", tree.assocs()[ix].id.0);
        for (key, value) in values {
            let _ = write!(out, ",\"{key}\":{value}");
        }
        out.push('}');
    };
    match scenario.algorithm {
        Algorithm::FairTree => {
            let run = ranked.run();
            for &ix in h.list_order() {
                let a = &run.assocs[ix];
                row(
                    ix,
                    [
                        ("shares_norm", f64_to_json(a.shares_norm)),
                        ("usage_norm", opt_ld(a.usage_norm)),
                        ("usage_efctv", ld_to_json(a.usage_effective)),
                        ("level_fs", opt_ld(a.level_fs)),
                        ("fairshare", opt_f64(a.fairshare)),
                        ("rank", a.rank.map_or(Value::Null, Value::from)),
                    ],
                );
            }
        }
        Algorithm::Classic => {
            let run = ranked.classic(&scenario.params);
            for &ix in h.list_order() {
                let a = &run.assocs[ix];
                row(
                    ix,
                    [
                        ("shares_norm", f64_to_json(a.shares_norm)),
                        ("usage_norm", opt_ld(a.usage_norm)),
                        ("usage_efctv", ld_to_json(a.usage_effective)),
                        ("level_fs", Value::Null),
                        ("fairshare", opt_f64(a.fairshare)),
                        ("rank", Value::Null),
                    ],
                );
            }
        }
    }
    out.push_str("\n]}\n");
    out
}

/// `sshare -a -l -P` output (header included) for the scenario, as Slurm prints it; refused
/// when sshare's one-space-per-level indentation would exceed `MAX_PARSABLE_INDENT` bytes.
pub fn sshare_lines(scenario: &Scenario, options: &Options) -> Result<String, String> {
    use fairshare::sshare::{
        Header, MAX_PARSABLE_INDENT, SshareFlags, TextLayout, classic_rows, default_columns,
        fair_tree_rows, parsable_indentation, render_text,
    };
    let ranked = Ranked::new(&scenario.tree, tie_rule(options));
    let rows = match scenario.algorithm {
        Algorithm::FairTree => fair_tree_rows(&ranked),
        Algorithm::Classic => classic_rows(&ranked, &ranked.classic(&scenario.params)),
    };
    let indent = parsable_indentation(&rows);
    if indent > MAX_PARSABLE_INDENT {
        return Err(format!(
            "sshare indents each row one space per level: this tree needs {indent} bytes of \
             indentation, more than MAX_PARSABLE_INDENT ({MAX_PARSABLE_INDENT}); use --format json"
        ));
    }
    let columns = default_columns(scenario.algorithm, SshareFlags::LONG);
    Ok(render_text(
        &rows,
        &columns,
        TextLayout::ParsableNoEnding,
        Header::Shown,
    ))
}

/// `fairshare diff`: a summary line, then one line per user whose rank changed (largest move
/// first): `account/user: position P → Q (rank R → S), FairShare F → G` and the reason, if the
/// runs give one. Positions count from the top (1 = first served).
pub fn diff_text(base: &Scenario, new: &Scenario, options: &Options) -> String {
    use fairshare::diff::{LfChange, Reason, run_diff};
    use std::fmt::Write as _;
    let d = run_diff(
        &Ranked::new(&base.tree, TieRule::Slurm),
        &Ranked::new(&new.tree, tie_rule(options)),
        usize::MAX,
    );
    let assocs = new.tree.assocs();
    let name = |ix: usize| {
        assocs
            .get(ix)
            .map(|a| a.name().to_string())
            .unwrap_or_default()
    };
    let lf =
        |x: Option<fairshare::LongDouble>| x.map_or_else(|| "none".to_string(), |v| v.to_string());
    let mut out = format!(
        "{} users moved, {} added, {} removed\n",
        d.moved.len(),
        d.added,
        d.removed
    );
    for m in &d.moved {
        let a = &assocs[m.ix];
        let _ = write!(
            out,
            "{}/{}: position {} → {} (rank {} → {}), FairShare {} → {}",
            a.account,
            a.user.as_deref().unwrap_or(""),
            m.old_position,
            m.new_position,
            m.old_rank,
            m.new_rank,
            m.old_fairshare,
            m.new_fairshare
        );
        let reason = match &m.reason {
            None => String::new(),
            Some(reason @ Reason::Crossed { parent, .. }) => {
                let [first, second] = reason.crossed_in_order().expect("a crossing");
                let side = |(ix, (old, new)): (usize, LfChange)| {
                    format!("{} (Level FS {} → {})", name(ix), lf(old), lf(new))
                };
                format!(
                    "under {}, {} now goes before {}",
                    name(*parent),
                    side(first),
                    side(second)
                )
            }
            Some(Reason::Tie {
                parent,
                child,
                tied: true,
            }) => {
                format!(
                    "under {}, {} now ties with the entry before it",
                    name(*parent),
                    name(*child)
                )
            }
            Some(Reason::Tie {
                parent,
                child,
                tied: false,
            }) => {
                format!(
                    "under {}, {} no longer ties with the entry before it",
                    name(*parent),
                    name(*child)
                )
            }
            Some(Reason::UserCount { old, new }) => format!("N {old} → {new}"),
            Some(Reason::TieRule) => "the tie rule differs".to_string(),
        };
        if !reason.is_empty() {
            let _ = write!(out, ": {reason}");
        }
        out.push('\n');
    }
    out
}
