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
    // The values every algorithm has; Level FS and rank are Fair Tree's (`null` in classic).
    let mut row = |ix: usize,
                   shares_norm: f64,
                   usage_norm: Option<fairshare::LongDouble>,
                   usage_efctv: fairshare::LongDouble,
                   fair_tree: [Value; 2],
                   fairshare: Option<f64>| {
        if out.len() > 20 {
            out.push_str(",\n");
        }
        let _ = write!(out, "  {{\"id\":{}", tree.assocs()[ix].id.0);
        let [level_fs, rank] = fair_tree;
        for (key, value) in [
            ("shares_norm", f64_to_json(shares_norm)),
            ("usage_norm", opt_ld(usage_norm)),
            ("usage_efctv", ld_to_json(usage_efctv)),
            ("level_fs", level_fs),
            ("fairshare", opt_f64(fairshare)),
            ("rank", rank),
        ] {
            let _ = write!(out, ",\"{key}\":{value}");
        }
        out.push('}');
    };
    match scenario.algorithm {
        Algorithm::FairTree => {
            let run = ranked.run();
            for &ix in h.list_order() {
                let a = &run.assocs()[ix];
                let fair_tree = [opt_ld(a.level_fs), a.rank.map_or(Value::Null, Value::from)];
                let (s, u) = (a.shares_norm, run.usage_norm(ix));
                row(ix, s, u, a.usage_effective, fair_tree, a.fairshare);
            }
        }
        Algorithm::Classic => {
            let run = ranked.classic(&scenario.params);
            for &ix in h.list_order() {
                let a = &run.assocs()[ix];
                let (s, u) = (a.shares_norm, a.usage_norm);
                row(
                    ix,
                    s,
                    u,
                    a.usage_effective,
                    [Value::Null, Value::Null],
                    a.fairshare,
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

/// `fairshare diff --json`: the same comparison as [`diff_text`], for scripts and tests:
/// `{"moved","added","removed","users":[...],"added_associations":[...],"removed_associations":[...]}`.
/// `users` holds every user of NEW in row order: `account`, `user`, `partition`,
/// `position_before` (`null`: not in BASE), `position`, `fairshare_before`, `fairshare`, and for
/// a user whose rank changed its `deciding` level: `{"parent","ahead","behind"}` (the sibling
/// served first now and the one it passed), `{"parent","tie","tied"}`, `{"n_before","n"}` or
/// `{"tie_rule":true}`. Written row by row into one string.
pub fn diff_json(base: &Scenario, new: &Scenario, options: &Options) -> String {
    use fairshare::diff::Reason;
    use fairshare::snapshot::{compare, why_of};
    let after = Ranked::new(&new.tree, tie_rule(options));
    let cmp = compare(&base.tree, &after, usize::MAX);
    let d = &cmp.diff;
    let assocs = new.tree.assocs();
    let name = |ix: usize| Value::from(assocs.get(ix).map_or("", |a| a.name()));
    let opt_f64 = |x: Option<f64>| x.map_or(Value::Null, f64_to_json);
    let opt_u32 = |x: Option<u32>| x.map_or(Value::Null, Value::from);
    let mut reasons: Vec<Option<&Reason>> = vec![None; assocs.len()];
    for m in &d.moved {
        if let Some(slot) = reasons.get_mut(m.ix) {
            *slot = m.reason.as_ref();
        }
    }
    let label = |tree: &fairshare::AssocTree, ix: usize| {
        let a = &tree.assocs()[ix];
        serde_json::json!({"account": a.account, "user": a.user, "partition": a.partition})
    };
    let mut out = String::with_capacity(128 + assocs.len() * 200);
    let _ = write!(
        out,
        "{{\"moved\":{},\"added\":{},\"removed\":{},\n\"added_associations\":{},\n\"removed_associations\":{},\n\"users\":[",
        d.moved.len(),
        d.added,
        d.removed,
        Value::Array(
            cmp.matching
                .added()
                .into_iter()
                .map(|ix| label(&new.tree, ix))
                .collect()
        ),
        Value::Array(
            cmp.matching
                .removed()
                .into_iter()
                .map(|ix| label(cmp.before.tree(), ix))
                .collect()
        ),
    );
    let mut first = true;
    for (ix, a) in assocs.iter().enumerate().filter(|(_, a)| a.is_user()) {
        let b = cmp.before.tree().position(a.id);
        let deciding = match reasons[ix] {
            None => Value::Null,
            Some(r @ Reason::Crossed { parent, .. }) => match why_of(&cmp.before, &after, r) {
                Some(w) => serde_json::json!({
                    "parent": name(w.parent), "ahead": name(w.ahead.ix), "behind": name(w.behind.ix)
                }),
                None => serde_json::json!({"parent": name(*parent)}),
            },
            Some(Reason::Tie {
                parent,
                child,
                tied,
            }) => serde_json::json!({"parent": name(*parent), "tie": name(*child), "tied": tied}),
            Some(Reason::UserCount { old, new }) => serde_json::json!({"n_before": old, "n": new}),
            Some(Reason::TieRule) => serde_json::json!({"tie_rule": true}),
        };
        let row = serde_json::json!({
            "account": a.account,
            "user": a.user,
            "partition": a.partition,
            "position_before": opt_u32(b.and_then(|b| cmp.before.run().position(b))),
            "position": opt_u32(after.run().position(ix)),
            "fairshare_before": opt_f64(b.and_then(|b| cmp.before.run().assocs().get(b)?.fairshare)),
            "fairshare": opt_f64(after.run().assocs().get(ix).and_then(|x| x.fairshare)),
            "deciding": deciding,
        });
        out.push_str(if first { "\n  " } else { ",\n  " });
        first = false;
        let _ = write!(out, "{row}");
    }
    out.push_str("\n]}\n");
    out
}

/// `fairshare diff`: two snapshots matched by name (account path and user, never ids or row
/// order; [`fairshare::snapshot`]). A summary line, the associations added, removed or moved to
/// another parent, then one line per user whose rank changed (largest move first):
/// `account/user: position P → Q (rank R → S), FairShare F → G` and the deciding level, if the
/// runs give one, with an indented line saying who passed whom and why, in parts of the change
/// in ln Level FS. Positions count from the top (1 = first served). Positions, ranks and counts
/// are grouped (`1,352`) as the page's snapshot panel writes them; `--json` keeps plain numbers.
pub fn diff_text(base: &Scenario, new: &Scenario, options: &Options) -> String {
    use fairshare::diff::{LfChange, Reason};
    use fairshare::format::grouped;
    use fairshare::snapshot::{compare, why_of};
    use std::fmt::Write as _;
    let after = Ranked::new(&new.tree, tie_rule(options));
    let cmp = compare(&base.tree, &after, usize::MAX);
    let d = &cmp.diff;
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
        grouped(d.moved.len() as u64),
        grouped(d.added as u64),
        grouped(d.removed as u64)
    );
    let label = |tree: &fairshare::AssocTree, ix: usize| {
        let a = &tree.assocs()[ix];
        match &a.user {
            Some(u) => format!("user {}/{u}", a.account),
            None => format!("account {}", a.account),
        }
    };
    for ix in cmp.matching.added() {
        let _ = writeln!(out, "added {}", label(&new.tree, ix));
    }
    for ix in cmp.matching.removed() {
        let _ = writeln!(out, "removed {}", label(&base.tree, ix));
    }
    for (b, a) in cmp.matching.reparented(&base.tree, &new.tree) {
        let parent = |t: &fairshare::AssocTree, ix: usize| {
            t.parent_position(ix)
                .map_or_else(String::new, |p| t.assocs()[p].account.to_string())
        };
        let _ = writeln!(
            out,
            "moved {} from {} to {}",
            label(&new.tree, a),
            parent(&base.tree, b),
            parent(&new.tree, a)
        );
    }
    for m in &d.moved {
        let a = &assocs[m.ix];
        let _ = write!(
            out,
            "{}/{}: position {} → {} (rank {} → {}), FairShare {} → {}",
            a.account,
            a.user.as_deref().unwrap_or(""),
            grouped(m.old_position.into()),
            grouped(m.new_position.into()),
            grouped(m.old_rank.into()),
            grouped(m.new_rank.into()),
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
            Some(Reason::UserCount { old, new }) => {
                format!(
                    "N {} → {}",
                    grouped(u64::from(*old)),
                    grouped(u64::from(*new))
                )
            }
            Some(Reason::TieRule) => "the tie rule differs".to_string(),
        };
        if !reason.is_empty() {
            let _ = write!(out, ": {reason}");
        }
        out.push('\n');
        if let Some(w) = m
            .reason
            .as_ref()
            .and_then(|r| why_of(&cmp.before, &after, r))
        {
            let _ = writeln!(out, "  {}", why_text(&new.tree, &w));
        }
    }
    out
}

/// "geo passed sci: sci's usage rose 667% (+200 TRES-seconds); geo's fell 22% (−20
/// TRES-seconds); the level's total usage rose 111% [Δ ln Level FS: …]".
fn why_text(tree: &fairshare::AssocTree, w: &fairshare::snapshot::Why) -> String {
    use fairshare::format::{compact, fixed, percent};
    use fairshare::snapshot::Side;
    let name = |ix: usize| {
        tree.assocs()
            .get(ix)
            .map(|a| a.name().to_string())
            .unwrap_or_default()
    };
    let signed = |x: f64| {
        let t = fixed(x.abs(), 3);
        match () {
            _ if t == "0.000" => "0".to_string(),
            _ if x < 0.0 => format!("−{t}"),
            _ => format!("+{t}"),
        }
    };
    let usage = |s: &Side| {
        let delta = s.usage_delta();
        let amount = format!(
            "{}{} TRES-seconds",
            if delta < 0.0 { "−" } else { "+" },
            compact(delta)
        );
        match s.usage_change() {
            _ if delta == 0.0 => format!("{}'s usage did not change", name(s.ix)),
            None => format!("{}'s usage started ({amount})", name(s.ix)),
            Some(c) if c > 0.0 => format!("{}'s usage rose {} ({amount})", name(s.ix), percent(c)),
            Some(c) => format!("{}'s usage decayed {} ({amount})", name(s.ix), percent(c)),
        }
    };
    let shares = |s: &Side| {
        if s.shares.0 == s.shares.1 {
            String::new()
        } else {
            format!(", its shares {} → {}", s.shares.0, s.shares.1)
        }
    };
    let mut text = format!(
        "{} passed {}: {}{}; {}{}",
        name(w.ahead.ix),
        name(w.behind.ix),
        usage(&w.behind),
        shares(&w.behind),
        usage(&w.ahead),
        shares(&w.ahead)
    );
    match w.ahead.parent_usage_change() {
        Some(c) if c > 0.0 => text += &format!("; the level's total usage rose {}", percent(c)),
        Some(c) if c < 0.0 => text += &format!("; the level's total usage decayed {}", percent(c)),
        _ => {}
    }
    if w.ahead.level_shares.0 != w.ahead.level_shares.1 {
        text += &format!(
            "; the level's total shares {} → {}",
            w.ahead.level_shares.0, w.ahead.level_shares.1
        );
    }
    let parts = |s: &Side| {
        s.parts.map_or_else(
            || format!("{} has no finite Level FS on one day", name(s.ix)),
            |p| {
                format!(
                    "{} {} = own usage {} + level usage {} + own shares {} + level shares {}",
                    name(s.ix),
                    signed(p.total()),
                    signed(p.own_usage),
                    signed(p.siblings_usage),
                    signed(p.own_shares),
                    signed(p.siblings_shares)
                )
            },
        )
    };
    text += &format!(
        " [Δ ln Level FS: {}; {}]",
        parts(&w.ahead),
        parts(&w.behind)
    );
    text
}
