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
    /// This account (or one above it) prints a RawUsage larger than its users' usage can
    /// explain, even with truncation: Slurm keeps the usage of deleted users on their account
    /// (spec §1.6), which the import cannot see. Values below it differ for that reason.
    AccountUsageIncludesRetained,
    /// A difference the above do not explain: NormShares differs (shares or structure are not
    /// what Slurm had, e.g. hidden rows or another algorithm), or the tree's usage no longer
    /// matches the printed RawUsage (it was edited).
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
    /// Whether they agree at the printed resolution.
    pub same: bool,
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
        let rt = r.map(sshare::format_double).unwrap_or_default();
        (rt, blank_r)
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
        recomputed,
        same,
    }
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
    let users_agree = printed_of.iter().all(|(&ix, p)| {
        if !h.is_user.get(ix).copied().unwrap_or(false) {
            return true;
        }
        match (p.raw_usage.as_ref().and_then(|u| u.value), by_ix.get(&ix)) {
            (Some(v), Some(r)) => sshare::truncate_usage(v) == r.raw_usage,
            _ => true,
        }
    });

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
                same,
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
        if let (Some(x), true) = (&p.fairshare, is_user) {
            columns.push(check_double(Column::FairShare, x, r.fairshare));
        }
        if let (Some(x), false) = (&p.level_fs, parent_shares || is_root) {
            columns.push(check_double(Column::LevelFS, x, r.level_fs));
        }
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
        assert!(!check_double(Column::NormUsage, &blank, Some(0.5)).same);
    }
}
