//! Reading one value typed by a person: the Shares and Raw usage of an association.
//!
//! Blank text is `Ok(None)` (the caller words "the field is empty"); anything else is a value or
//! the one thing wrong with it, including the limit it passed. `-0` is 0 in both fields, as the
//! tree stores usage −0 as 0. Linear in the text (usage text over 100 characters is refused
//! before any decimal conversion).

use crate::diag::UsageProblem;
use crate::ld::LongDouble;
use crate::tree::Shares;

/// What is wrong with a typed shares value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharesProblem {
    /// A number below 0.
    Negative,
    /// A number above [`MAX_SHARES`].
    TooLarge,
    /// A number with a fraction or an exponent.
    NotWhole,
    /// Not a number at all.
    NotANumber,
}

/// The largest shares value (Slurm keeps shares in a `uint32`).
pub const MAX_SHARES: u32 = u32::MAX;

/// Reads a Shares field: a whole number from 0 to [`MAX_SHARES`] (2147483647 is FairShare=parent,
/// as Slurm stores it), or blank.
pub fn shares(text: &str) -> Result<Option<Shares>, SharesProblem> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let significant = digits.trim_start_matches('0');
        if significant.is_empty() {
            return Ok(Some(Shares::Value(0)));
        }
        if negative {
            return Err(SharesProblem::Negative);
        }
        return match significant.parse::<u32>() {
            Ok(v) => Ok(Some(Shares::from_raw(v))),
            Err(_) => Err(SharesProblem::TooLarge),
        };
    }
    if t.len() > 100 {
        return Err(SharesProblem::NotANumber);
    }
    match LongDouble::parse(t) {
        Some(v) if v.is_negative() && !v.is_zero() => Err(SharesProblem::Negative),
        Some(v) if v > LongDouble::from_u64(u64::from(MAX_SHARES)) => Err(SharesProblem::TooLarge),
        Some(_) => Err(SharesProblem::NotWhole),
        None => Err(SharesProblem::NotANumber),
    }
}

/// Reads a Raw usage field: a number from 0 to below [`crate::tree::MAX_USAGE_RAW`] (2^64) in
/// 80 bits (decimal text keeps every digit typed), or blank. The same reading as a pasted
/// sshare RawUsage cell.
pub fn usage(text: &str) -> Result<Option<LongDouble>, UsageProblem> {
    crate::import::read_usage_cell(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_whole_numbers_up_to_the_limit() {
        assert_eq!(shares("5"), Ok(Some(Shares::Value(5))));
        assert_eq!(shares(" 0 "), Ok(Some(Shares::Value(0))));
        assert_eq!(shares("+7"), Ok(Some(Shares::Value(7))));
        assert_eq!(shares("0007"), Ok(Some(Shares::Value(7))));
        assert_eq!(shares("4294967295"), Ok(Some(Shares::Value(u32::MAX))));
        assert_eq!(shares("2147483647"), Ok(Some(Shares::Parent)));
        assert_eq!(shares(""), Ok(None));
        assert_eq!(shares("  "), Ok(None));
        assert_eq!(shares("-1"), Err(SharesProblem::Negative));
        assert_eq!(shares("-2.5"), Err(SharesProblem::Negative));
        assert_eq!(shares("2.5"), Err(SharesProblem::NotWhole));
        assert_eq!(shares("1e3"), Err(SharesProblem::NotWhole));
        assert_eq!(shares("4294967296"), Err(SharesProblem::TooLarge));
        assert_eq!(
            shares("99999999999999999999999"),
            Err(SharesProblem::TooLarge)
        );
        assert_eq!(shares("abc"), Err(SharesProblem::NotANumber));
        assert_eq!(shares("0x10"), Err(SharesProblem::NotANumber));
        assert_eq!(shares("nan"), Err(SharesProblem::NotANumber));
        assert_eq!(shares("-"), Err(SharesProblem::NotANumber));
    }

    #[test]
    fn too_large_is_said_even_beyond_every_float() {
        assert_eq!(shares("1e400"), Err(SharesProblem::TooLarge));
        assert_eq!(shares("1e99999"), Err(SharesProblem::TooLarge));
        assert_eq!(shares("inf"), Err(SharesProblem::TooLarge));
        assert_eq!(usage("1e400"), Err(UsageProblem::TooLarge));
        assert_eq!(usage("18446744073709551616"), Err(UsageProblem::TooLarge));
        assert_eq!(
            usage("18446744073709551615"),
            Ok(Some(LongDouble::from_u64(u64::MAX)))
        );
    }

    #[test]
    fn minus_zero_is_zero_in_both_fields() {
        for t in ["-0", "-00", "-0.0", "+0"] {
            assert_eq!(usage(t), Ok(Some(LongDouble::ZERO)), "{t}");
        }
        assert_eq!(shares("-0"), Ok(Some(Shares::Value(0))));
        assert_eq!(shares("-000"), Ok(Some(Shares::Value(0))));
        assert_eq!(
            shares("-0.0"),
            Err(SharesProblem::NotWhole),
            "a fraction, like 0.0"
        );
    }

    #[test]
    fn usage_keeps_80_bits() {
        let x = usage("12345678901234567890.5").unwrap().unwrap();
        assert!(!x.is_exact_f64());
        assert_eq!(usage("1e3"), Ok(Some(LongDouble::from_u64(1000))));
        assert_eq!(usage("-5"), Err(UsageProblem::Negative));
        assert_eq!(usage("ten"), Err(UsageProblem::NotANumber));
        assert_eq!(usage(&"1".repeat(101)), Err(UsageProblem::TooLarge));
        assert_eq!(
            usage(&format!("0.{}", "1".repeat(100))),
            Err(UsageProblem::TooLong)
        );
        assert_eq!(usage(""), Ok(None));
    }
}
