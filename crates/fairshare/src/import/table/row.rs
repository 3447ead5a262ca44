//! Reading one row's cells into a [`Record`] (what the tree is built from) and a
//! [`PrintedRow`] (what Slurm printed, kept for comparison): names, shares, usage, ids and the
//! printed doubles, each checked, each problem a diagnostic naming the line.

use std::borrow::Cow;

use super::super::build::Record;
use super::super::{Diags, PrintedNumber, PrintedRow, clip};
use super::fields::{Field, SHARES};
use crate::diag::{DiagKind, UsageProblem};
use crate::ld::LongDouble;
use crate::sshare::Column;
use crate::tree::Shares;

/// A row that could not be split into its fields. It is taken as an account row at its
/// indentation, so that whatever is indented under it is left out rather than misplaced.
pub(super) fn bad_record(line: usize, ordinal: u32, text: &str) -> Record {
    let depth = text.len() - text.trim_start_matches(' ').len();
    Record {
        bad: true,
        ..Record::empty(line, ordinal, depth)
    }
}

/// Names Slurm's lineage and sshare's format cannot carry.
fn check_name(what: &'static str, name: &str, line: usize, diags: &mut Diags) -> bool {
    if name
        .bytes()
        .any(|b| matches!(b, b'/' | b'|' | b'\n' | b'\r'))
    {
        diags.error(
            Some(line),
            DiagKind::NameSlash {
                field: what,
                name: clip(name),
            },
        );
        false
    } else {
        true
    }
}

/// Reads shares: blank, `parent`, or a whole number (2147483647 is "parent", as in Slurm).
fn parse_shares(cell: &str) -> Result<Option<Shares>, ()> {
    let t = cell.trim_ascii();
    if t.is_empty() {
        return Ok(None);
    }
    if t.eq_ignore_ascii_case("parent") {
        return Ok(Some(Shares::Parent));
    }
    // `-0` is 0, as it is for usage.
    let t = match t.strip_prefix('-') {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b == b'0') => digits,
        _ => t,
    };
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    // Leading zeros are fine; more than 10 digits never fit.
    let digits = t.trim_start_matches('0');
    if digits.len() > 10 {
        return Err(());
    }
    if digits.is_empty() {
        return Ok(Some(Shares::from_raw(0)));
    }
    digits
        .parse::<u32>()
        .map(|v| Some(Shares::from_raw(v)))
        .map_err(|_| ())
}

/// Reads a usage value: blank, a whole number, or a non-negative decimal below 2^64
/// ([`crate::tree::MAX_USAGE_RAW`]); `-0` is 0. The error says what is wrong with the cell.
pub(crate) fn parse_usage(cell: &str) -> Result<Option<LongDouble>, UsageProblem> {
    const TOO_LARGE: UsageProblem = UsageProblem::TooLarge;
    let t = cell.trim_ascii();
    if t.is_empty() {
        return Ok(None);
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        // A whole number of any length: leading zeros are fine, more than 20 digits is too big.
        let digits = t.trim_start_matches('0');
        if digits.len() > 20 {
            return Err(TOO_LARGE);
        }
        return match digits.parse::<u64>() {
            Ok(v) => Ok(Some(LongDouble::from_u64(v))),
            Err(_) if digits.is_empty() => Ok(Some(LongDouble::ZERO)),
            Err(_) => Err(TOO_LARGE),
        };
    }
    // Decimal parsing in 80 bits is not linear in the length; no usage needs 100 digits.
    if t.len() > 100 {
        return Err(UsageProblem::TooLong);
    }
    match LongDouble::parse(t) {
        Some(v) if v.is_zero() => Ok(Some(LongDouble::ZERO)),
        Some(v) if v.is_negative() => Err(UsageProblem::Negative),
        Some(v) if !v.is_finite() || v >= LongDouble::from_f64(crate::tree::MAX_USAGE_RAW) => {
            Err(TOO_LARGE)
        }
        Some(v) => Ok(Some(v)),
        None => Err(UsageProblem::NotANumber),
    }
}

fn printed_double(
    cell: &str,
    what: &'static str,
    line: usize,
    diags: &mut Diags,
) -> PrintedNumber<f64> {
    let t = cell.trim_ascii();
    let value = if t.is_empty() {
        None
    } else {
        match crate::format::parse_f64(t) {
            Some(v) => Some(v),
            None => {
                diags.warning(
                    Some(line),
                    DiagKind::NotANumber {
                        field: what,
                        value: clip(t),
                    },
                );
                None
            }
        }
    };
    PrintedNumber {
        text: t.into(),
        value,
    }
}

/// Reads one row's cells into `rec` (a blank record for its line) and `shown`.
pub(super) fn parse_row(
    rec: &mut Record,
    shown: &mut PrintedRow,
    fields: &[Field],
    cells: &[Cow<'_, str>],
    diags: &mut Diags,
) {
    let line = rec.line;
    let ordinal = rec.ordinal;
    rec.bad = false;
    let mut bad = false;
    let mut shares_refused = false;
    for (&f, cell) in fields.iter().zip(cells) {
        let cell: &str = cell;
        match f {
            Field::Sshare(Column::Account) => {
                let depth = cell.len() - cell.trim_start_matches(' ').len();
                let name = cell.trim_ascii();
                rec.depth = depth;
                if name.is_empty() {
                    diags.error(Some(line), DiagKind::AccountEmpty);
                    bad = true;
                } else if !check_name("Account", name, line, diags) {
                    bad = true;
                }
                rec.account = name.to_string();
            }
            Field::Sshare(Column::User) => {
                let name = cell.trim_ascii();
                if !name.is_empty() {
                    if !check_name("User", name, line, diags) {
                        bad = true;
                    }
                    rec.user = Some(name.to_string());
                }
            }
            Field::Sshare(Column::Partition) => {
                let name = cell.trim_ascii();
                if !name.is_empty() {
                    if !check_name("Partition", name, line, diags) {
                        bad = true;
                    }
                    rec.partition = Some(name.to_string());
                }
            }
            SHARES => match parse_shares(cell) {
                Ok(s) => rec.shares = s,
                Err(()) => {
                    diags.error(
                        Some(line),
                        DiagKind::RawSharesBad {
                            value: clip(cell.trim_ascii()),
                        },
                    );
                    shares_refused = true;
                    bad = true;
                }
            },
            Field::Sshare(Column::RawUsage) => {
                match parse_usage(cell) {
                    Ok(u) => rec.usage = u,
                    Err(why) => {
                        let value = clip(cell.trim_ascii());
                        diags.error(Some(line), DiagKind::RawUsageBad { value, why });
                        bad = true;
                    }
                }
                shown.raw_usage = Some(PrintedNumber {
                    text: cell.trim_ascii().into(),
                    value: rec.usage,
                });
            }
            Field::Sshare(Column::NormShares) => {
                shown.norm_shares = Some(printed_double(cell, "NormShares", line, diags))
            }
            Field::Sshare(Column::NormUsage) => {
                shown.norm_usage = Some(printed_double(cell, "NormUsage", line, diags))
            }
            Field::Sshare(Column::EffectvUsage) => {
                shown.effective_usage = Some(printed_double(cell, "EffectvUsage", line, diags))
            }
            Field::Sshare(Column::FairShare) => {
                shown.fairshare = Some(printed_double(cell, "FairShare", line, diags))
            }
            Field::Sshare(Column::LevelFS) => {
                shown.level_fs = Some(printed_double(cell, "LevelFS", line, diags))
            }
            Field::Id => {
                let t = cell.trim_ascii();
                match t.parse::<u32>() {
                    Ok(id) => rec.id = Some(id),
                    Err(_) => {
                        diags.error(Some(line), DiagKind::IdNotWhole { value: clip(t) });
                        bad = true;
                    }
                }
            }
            Field::ParentId => {
                let t = cell.trim_ascii();
                if t.is_empty() {
                    rec.parent_id = None;
                } else {
                    match t.parse::<u32>() {
                        Ok(id) => rec.parent_id = Some(id),
                        Err(_) => {
                            diags.error(Some(line), DiagKind::ParentIdNotWhole { value: clip(t) });
                            bad = true;
                        }
                    }
                }
            }
            Field::ParentName => {
                let t = cell.trim_ascii();
                rec.parent_name = (!t.is_empty()).then(|| t.to_string());
            }
            Field::Lineage => {
                let t = cell.trim_ascii();
                rec.lineage = (!t.is_empty()).then(|| t.to_string());
            }
            Field::Sshare(Column::GrpTRESMins | Column::TRESRunMins)
            | Field::Cluster
            | Field::Quiet
            | Field::Unknown => {}
        }
    }
    if rec.user.is_none() && rec.partition.is_some() {
        diags.warning(Some(line), DiagKind::PartitionOnAccount);
        rec.partition = None;
    }
    // Only the root prints no shares (Slurm sends NO_VAL for it).
    if rec.shares.is_none()
        && !shares_refused
        && fields.contains(&SHARES)
        && !(rec.user.is_none() && (ordinal == 1 || rec.account == "root"))
    {
        diags.error(Some(line), DiagKind::RawSharesEmpty);
        bad = true;
    }
    if rec.user.is_some()
        && rec.usage.is_none()
        && fields.contains(&Field::Sshare(Column::RawUsage))
        && !bad
    {
        diags.warning(Some(line), DiagKind::RawUsageEmpty);
    }
    rec.bad = bad;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_usage_cells() {
        assert_eq!(parse_shares(" parent "), Ok(Some(Shares::Parent)));
        assert_eq!(parse_shares("2147483647"), Ok(Some(Shares::Parent)));
        assert_eq!(parse_shares("40"), Ok(Some(Shares::Value(40))));
        assert_eq!(parse_shares(""), Ok(None));
        assert!(parse_shares("-1").is_err());
        assert!(parse_shares("4294967296").is_err());
        assert!(parse_usage("-3").is_err());
        assert!(parse_usage("nan").is_err());
        assert_eq!(
            parse_usage("18446744073709551615"),
            Ok(Some(LongDouble::from_u64(u64::MAX)))
        );
        assert_eq!(parse_usage("2.5"), Ok(Some(LongDouble::from_f64(2.5))));
    }
}
