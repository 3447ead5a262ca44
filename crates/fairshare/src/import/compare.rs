//! Slurm's printed values beside the recomputation, with a reason per row for any difference.
//!
//! Values are compared at the resolution Slurm printed them: `%f` text against the recomputed
//! value formatted with `%f` (exact text comparison), `%e` text (fixed-width tables) with the
//! same precision, and `sshare --json` numbers after formatting both with `%f`.
//!
//! Not compared: FairShare on account rows (sshare prints it blank; JSON shows a stored
//! value) and LevelFS on FairShare=parent rows and the root (sshare blanks them; JSON shows
//! Slurm's internal +∞ / NO_VAL).
//!
//! Must not panic, whatever the printed rows hold.

use std::collections::HashMap;

use super::{PrintedNumber, PrintedRow};
use crate::Ranked;
use crate::sshare::{self, Column, Row};
use crate::tree::AssocId;

/// Why a printed row and its recomputation agree or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Every printed value is reproduced exactly (as printed).
    Match,
    /// Only usage-derived values differ (NormUsage, EffectvUsage, FairShare, LevelFS, or an
    /// account's RawUsage by less than one per user below it), and the printed usage agrees
    /// with the tree up to truncation. Slurm's usage has fractions that sshare does not print
    /// (RawUsage is truncated to an integer), so small differences, and rank changes between
    /// near-tied users, are expected.
    TruncatedUsage,
    /// This account (or one above it) prints a RawUsage larger than its users' usage and the
    /// tree's retained usage can explain, even with truncation: Slurm keeps the usage of deleted
    /// users on their account (`leaf_usage`, since Slurm 22.05). The import reads it into the
    /// account's [`crate::tree::Assoc::retained_usage`] where it is certain, so this is left for
    /// a tree that lacks it (saved before retained usage was modelled, or built by hand). Values
    /// below it differ for that reason.
    AccountUsageIncludesRetained,
    /// Unexplained: a difference the above do not explain. NormShares differs (shares or
    /// structure are not what Slurm had, e.g. hidden rows or another algorithm), the tree's
    /// usage no longer matches the printed RawUsage (it was edited), a usage-derived value is
    /// further off than truncated usage can make it, or FairShare differs while every value it
    /// is ranked by is reproduced (truncation changed nothing that was printed, so it cannot
    /// have changed the rank: the row was edited, or printed at another moment).
    Differs,
}

/// One column of one row: printed text, recomputed text, and whether they agree.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnCheck {
    /// The column.
    pub column: Column,
    /// What Slurm printed.
    pub printed: String,
    /// The recomputed value, formatted the way the printed one was.
    pub recomputed: String,
    /// Whether they agree at the printed resolution (an empty printed cell is not a
    /// difference: see `not_printed`).
    pub same: bool,
    /// Slurm printed nothing in this cell (the value is recomputed only).
    pub not_printed: bool,
}

/// The comparison of one printed row.
#[derive(Clone, Debug, PartialEq)]
pub struct RowComparison {
    /// The association.
    pub id: AssocId,
    /// Its input line.
    pub line: Option<usize>,
    /// The verdict for the whole row.
    pub agreement: Agreement,
    /// Every compared column.
    pub columns: Vec<ColumnCheck>,
}

/// `%f`-shaped text (what `-p`/`-P` and the fixed-width table print for a double that fits).
fn is_f_text(t: &str) -> bool {
    let t = t.strip_prefix('-').unwrap_or(t);
    if matches!(t, "inf" | "nan") {
        return true;
    }
    match t.split_once('.') {
        Some((int, frac)) => {
            !int.is_empty()
                && int.bytes().all(|b| b.is_ascii_digit())
                && frac.len() == 6
                && frac.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// Compares one printed double with the recomputed one (`None` = blank).
fn check_double(column: Column, p: &PrintedNumber<f64>, r: Option<f64>) -> ColumnCheck {
    let t = p.text.trim();
    let blank_r = r.is_none_or(sshare::is_blank_double);
    let (recomputed, same) = if t.is_empty() {
        // Nothing printed: nothing to disagree with (`not_printed` says so).
        let rt = match r {
            Some(x) if !blank_r => sshare::format_double(x),
            _ => String::new(),
        };
        (rt, true)
    } else if is_f_text(t) {
        let rt = r.map(sshare::format_double).unwrap_or_default();
        let same = rt == t;
        (rt, same)
    } else if let Some(prec) = e_precision(t) {
        let rt = match r {
            Some(x) if !blank_r => sshare::printf_e(x, prec),
            _ => String::new(),
        };
        let same = rt == t;
        (rt, same)
    } else {
        // JSON: a full double; compare at sshare's printed resolution.
        let rt = match r {
            Some(x) if !blank_r => crate::format::shortest(x),
            _ => String::new(),
        };
        let pf = p.value.map(sshare::format_double).unwrap_or_default();
        let rf = r.map(sshare::format_double).unwrap_or_default();
        (rt, pf == rf)
    };
    ColumnCheck {
        column,
        printed: t.to_string(),
        not_printed: t.is_empty() && !blank_r,
        recomputed,
        same,
    }
}

/// Whether `f` (printed to six decimals) is k / n for a whole k in 1..=n.
fn is_a_rank(f: f64, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let k = (f * f64::from(n)).round();
    k >= 1.0 && k <= f64::from(n) && (k / f64::from(n) - f).abs() <= 5.000_001e-7
}

/// Whether a printed double is within `rel` (relative) of the recomputed one, plus half a unit
/// of the printed text's last digit.
fn within(check: &ColumnCheck, printed: Option<f64>, recomputed: Option<f64>, rel: f64) -> bool {
    if rel.is_infinite() {
        // A usage below one prints as 0: any value (+inf Level FS included) may be right.
        return true;
    }
    let (Some(p), Some(r)) = (printed, recomputed) else {
        return false;
    };
    if p.is_infinite() || r.is_infinite() {
        return false;
    }
    let t = check.printed.as_str();
    let mant = t.split_once(['e', 'E']).map_or(t, |(m, _)| m);
    let exp: i32 = t
        .split_once(['e', 'E'])
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let decimals = mant.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    let half = 10f64.powi(exp - decimals) / 2.0;
    (p - r).abs() <= half * 1.000_001 + r.abs() * rel
}

/// The precision of `%e` text such as `1.2500e+03` (4).
fn e_precision(t: &str) -> Option<usize> {
    let (mant, exp) = t.split_once(['e', 'E'])?;
    let exp = exp.strip_prefix(['+', '-'])?;
    if exp.is_empty() || !exp.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mant = mant.strip_prefix('-').unwrap_or(mant);
    match mant.split_once('.') {
        Some((i, f)) if i.len() == 1 && f.bytes().all(|b| b.is_ascii_digit()) => Some(f.len()),
        None if mant.len() == 1 => Some(0),
        _ => None,
    }
}

/// Compares what Slurm printed with recomputed sshare rows of the same tree.
///
/// `rows` are the recomputed rows ([`sshare::fair_tree_rows`] or [`sshare::classic_rows`]) of
/// the ranked tree. Printed rows whose association is no longer in the tree are
/// skipped. The result follows the order of `printed`.
pub fn compare(ranked: &Ranked, rows: &[Row], printed: &[PrintedRow]) -> Vec<RowComparison> {
    let (tree, h) = (ranked.tree(), ranked.hierarchy());
    let n = tree.len();
    let by_ix: HashMap<usize, &Row> = rows.iter().map(|r| (r.ix, r)).collect();
    let printed_of: HashMap<usize, &PrintedRow> = printed
        .iter()
        .filter_map(|p| tree.position(p.id).map(|ix| (ix, p)))
        .collect();

    // Users below each association (the most an account's truncated total can exceed the sum
    // of its users' truncated usage is one less than this).
    let mut users_below = vec![0u64; n];
    for &ix in h.list_order.iter().rev() {
        if ix < n && h.is_user.get(ix).copied().unwrap_or(false) {
            users_below[ix] += 1;
        }
        if let Some(Some(p)) = h.parent.get(ix)
            && *p < n
        {
            users_below[*p] += users_below[ix];
        }
    }
    let printed_usage = |ix: usize| -> Option<u64> {
        printed_of
            .get(&ix)
            .and_then(|p| p.raw_usage.as_ref())
            .and_then(|u| u.value)
            .map(sshare::truncate_usage)
    };
    // Retained usage is certain when the printed total is at least the users' (truncated)
    // sum plus the number of users: their fractions add less than one each.
    let retained_here: Vec<bool> = (0..n)
        .map(|ix| {
            if h.is_user.get(ix).copied().unwrap_or(true) {
                return false;
            }
            match (printed_usage(ix), by_ix.get(&ix)) {
                (Some(t), Some(r)) => t >= r.raw_usage.saturating_add(users_below[ix].max(1)),
                _ => false,
            }
        })
        .collect();
    // Whether an association or one of its ancestors retained usage: top-down, one step per
    // association (not an ancestor walk per row, quadratic on deep trees).
    let mut retained_at = vec![false; n];
    let mut stack = vec![h.root];
    while let Some(ix) = stack.pop() {
        if ix >= n {
            continue;
        }
        let above = h
            .parent
            .get(ix)
            .copied()
            .flatten()
            .is_some_and(|p| retained_at[p]);
        retained_at[ix] = above || retained_here.get(ix).copied().unwrap_or(false);
        stack.extend(h.children(ix));
    }
    let retained = |ix: usize| retained_at.get(ix).copied().unwrap_or(false);
    // Whether every user's printed usage is the tree's usage, truncated.
    #[expect(
        clippy::disallowed_methods,
        reason = "`all` of a pure test: the same answer in any order"
    )]
    let users_agree = printed_of.iter().all(|(&ix, p)| {
        if !h.is_user.get(ix).copied().unwrap_or(false) {
            return true;
        }
        match (p.raw_usage.as_ref().and_then(|u| u.value), by_ix.get(&ix)) {
            (Some(v), Some(r)) => sshare::truncate_usage(v) == r.raw_usage,
            _ => true,
        }
    });

    // Whether truncated usage moved any printed usage-derived value anywhere: only then can it
    // have changed a rank, and so a FairShare.
    let usage_moved_somewhere = printed.iter().any(|p| {
        let Some(r) = tree.position(p.id).and_then(|ix| by_ix.get(&ix)) else {
            return false;
        };
        let ix = r.ix;
        let skip_lf = tree.get(p.id).is_some_and(|a| a.shares.is_parent()) || ix == h.root;
        p.norm_usage
            .as_ref()
            .is_some_and(|x| !check_double(Column::NormUsage, x, r.norm_usage).same)
            || p.effective_usage.as_ref().is_some_and(|x| {
                !check_double(Column::EffectvUsage, x, Some(r.effective_usage)).same
            })
            || (!skip_lf
                && p.level_fs
                    .as_ref()
                    .is_some_and(|x| !check_double(Column::LevelFS, x, r.level_fs).same))
    });
    // Fair Tree rows carry Level FS (classic rows never do): their FairShare is rank / N.
    let fair_tree_rows = rows.iter().any(|r| r.level_fs.is_some());
    let mut out = Vec::with_capacity(printed.len());
    for p in printed {
        let Some(ix) = tree.position(p.id) else {
            continue;
        };
        let Some(r) = by_ix.get(&ix) else {
            continue;
        };
        let is_user = r.user.is_some();
        let is_root = ix == h.root;
        let parent_shares = tree.get(p.id).is_some_and(|a| a.shares.is_parent());
        let mut columns = Vec::new();
        let mut usage_check = None;
        if let Some(u) = &p.raw_usage {
            let printed_t = u.value.map(sshare::truncate_usage);
            let same = match printed_t {
                Some(t) => t == r.raw_usage,
                None => u.text.trim().is_empty(),
            };
            usage_check = Some((printed_t, same));
            columns.push(ColumnCheck {
                column: Column::RawUsage,
                printed: u.text.to_string(),
                recomputed: r.raw_usage.to_string(),
                same: same || u.text.trim().is_empty(),
                not_printed: u.text.trim().is_empty(),
            });
        }
        if let Some(x) = &p.norm_shares {
            columns.push(check_double(Column::NormShares, x, Some(r.norm_shares)));
        }
        if let Some(x) = &p.norm_usage {
            columns.push(check_double(Column::NormUsage, x, r.norm_usage));
        }
        if let Some(x) = &p.effective_usage {
            columns.push(check_double(
                Column::EffectvUsage,
                x,
                Some(r.effective_usage),
            ));
        }
        // On a partial tree FairShare is not computable (`None`): nothing to compare.
        if let (Some(x), true, false) = (&p.fairshare, is_user, tree.is_partial()) {
            columns.push(check_double(Column::FairShare, x, r.fairshare));
        }
        if let (Some(x), false) = (&p.level_fs, parent_shares || is_root) {
            columns.push(check_double(Column::LevelFS, x, r.level_fs));
        }
        // How far truncated usage can move this row's usage-derived values: each user's usage
        // is printed less than one below its value, here and at the fairshare parent.
        let own = r.raw_usage as f64;
        let fs_parent = h.fs_parent(ix).unwrap_or(ix);
        let parent_usage = by_ix.get(&fs_parent).map_or(own, |pr| pr.raw_usage as f64);
        let below = |i: usize| users_below.get(i).copied().unwrap_or(1).max(1) as f64;
        let rel = if own < 1.0 || parent_usage < 1.0 {
            f64::INFINITY
        } else {
            (below(ix) + 1.0) / own + (below(fs_parent) + 1.0) / parent_usage
        };
        let printed_value = |c: Column| -> Option<f64> {
            let n = match c {
                Column::NormUsage => p.norm_usage.as_ref(),
                Column::EffectvUsage => p.effective_usage.as_ref(),
                Column::LevelFS => p.level_fs.as_ref(),
                Column::FairShare => p.fairshare.as_ref(),
                _ => None,
            };
            n.and_then(|n| n.value)
        };
        let recomputed_value = |c: Column| -> Option<f64> {
            match c {
                Column::NormUsage => r.norm_usage,
                Column::EffectvUsage => Some(r.effective_usage),
                Column::LevelFS => r.level_fs,
                Column::FairShare => r.fairshare,
                _ => None,
            }
        };
        // Truncation explains a usage-derived difference only within its bound; a FairShare
        // difference only when something it is ranked by differs too.
        let usage_derived_differs = columns.iter().any(|c| {
            !c.same
                && matches!(
                    c.column,
                    Column::NormUsage | Column::EffectvUsage | Column::LevelFS | Column::RawUsage
                )
        });
        let truncation_explains = columns.iter().filter(|c| !c.same).all(|c| match c.column {
            Column::NormUsage | Column::EffectvUsage | Column::LevelFS => {
                // LevelFS = S / U moves as U does.
                within(c, printed_value(c.column), recomputed_value(c.column), rel)
            }
            // FairShare is rank / N: a printed value that is no k / N is no ranking of this
            // tree's N users at all.
            Column::FairShare => {
                (usage_derived_differs || usage_moved_somewhere)
                    && (!fair_tree_rows
                        || printed_value(Column::FairShare)
                            .is_some_and(|f| is_a_rank(f, ranked.run().n_users)))
            }
            Column::RawUsage => true,
            _ => false,
        });
        let agreement = if columns.iter().all(|c| c.same) {
            Agreement::Match
        } else if columns
            .iter()
            .any(|c| c.column == Column::NormShares && !c.same)
        {
            Agreement::Differs
        } else if !users_agree {
            // The tree is not the one printed any more (a user's usage was edited).
            Agreement::Differs
        } else if retained(ix) {
            Agreement::AccountUsageIncludesRetained
        } else if !truncation_explains {
            Agreement::Differs
        } else {
            match usage_check {
                // A user's own usage is what was imported; an account's truncated total may
                // exceed its users' truncated sum by less than one per user.
                Some((Some(t), false)) if is_user || t < r.raw_usage => Agreement::Differs,
                _ => Agreement::TruncatedUsage,
            }
        };
        out.push(RowComparison {
            id: p.id,
            line: p.line,
            agreement,
            columns,
        });
    }
    out
}

/// The user whose rows a paste prints when it prints one user's only (plain `sshare`, `-u`):
/// the first printed row of that user. `None` when no user row or several users are printed.
/// O(printed).
pub fn only_user(tree: &crate::AssocTree, printed: &[PrintedRow]) -> Option<AssocId> {
    let mut first: Option<(AssocId, &str)> = None;
    for p in printed {
        let Some(a) = tree.get(p.id) else {
            continue;
        };
        let Some(user) = a.user.as_deref().filter(|_| !a.inferred) else {
            continue;
        };
        match first {
            None => first = Some((p.id, user)),
            Some((_, u)) if u == user => {}
            Some(_) => return None,
        }
    }
    first.map(|(id, _)| id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_shapes() {
        assert!(is_f_text("0.166667"));
        assert!(is_f_text("-inf"));
        assert!(!is_f_text("0.16666666666666666"));
        assert_eq!(e_precision("1.2500e+03"), Some(4));
        assert_eq!(e_precision("1e+03"), Some(0));
        assert_eq!(e_precision("0.5"), None);
        let p = PrintedNumber {
            text: "1.2500e+03".into(),
            value: Some(1250.0),
        };
        assert!(check_double(Column::LevelFS, &p, Some(1250.0)).same);
        assert!(!check_double(Column::LevelFS, &p, Some(1251.0)).same);
        let json = PrintedNumber {
            text: "0.16666666666666666".into(),
            value: Some(1.0 / 6.0),
        };
        assert!(check_double(Column::FairShare, &json, Some(0.1666668)).same);
        let blank = PrintedNumber {
            text: "".into(),
            value: None,
        };
        assert!(check_double(Column::NormUsage, &blank, None).same);
        assert!(check_double(Column::NormUsage, &blank, Some(4294967294.0)).same);
        // An empty printed cell is not a difference: it was not printed.
        let not_printed = check_double(Column::NormUsage, &blank, Some(0.5));
        assert!(not_printed.same && not_printed.not_printed);
        assert!(!check_double(Column::NormUsage, &blank, None).not_printed);
    }
}
