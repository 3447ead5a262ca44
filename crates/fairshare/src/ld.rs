//! `LongDouble`: the x87 80-bit extended-precision number that Slurm's `long double` is on x86-64.
//!
//! Slurm keeps `usage_raw`, `usage_norm`, `usage_efctv` and `level_fs` in `long double`, and Fair
//! Tree decides ties by *exact* equality of those values. Values that are mathematically equal
//! but computed from different operands (18/90 ÷ 2/10 versus 27/90 ÷ 3/10) differ in the last bit
//! of an 80-bit mantissa, and that bit decides ranks. So every `long double` operation Slurm does
//! is done here with the same rounding (round to nearest, ties to even, 64-bit significand), in
//! software, so that it is bit-identical on x86-64, aarch64 and wasm32 alike.
//!
//! The arithmetic is `rustc_apfloat`'s `X87DoubleExtended` (a port of LLVM's APFloat). Formatting
//! follows C's `printf("%.21Lg")`, which is how the golden vectors write values that are not
//! exactly a double.
//!
//! This module must not depend on anything else in the crate.

use core::cmp::Ordering;
use core::fmt;

use num_bigint::BigUint;
use rustc_apfloat::ieee::{Double, X87DoubleExtended};
use rustc_apfloat::{Float, FloatConvert, Round};

/// An x87 80-bit extended-precision value (sign, 15-bit exponent, 64-bit significand).
///
/// `PartialEq` is exact IEEE equality, as C's `==` on `long double` (+∞ == +∞; never NaN here).
#[derive(Clone, Copy)]
pub struct LongDouble(X87DoubleExtended);

impl LongDouble {
    /// +0.
    pub const ZERO: LongDouble = LongDouble(X87DoubleExtended::ZERO);
    /// +∞.
    pub const INFINITY: LongDouble = LongDouble(X87DoubleExtended::INFINITY);

    /// 1.
    pub fn one() -> LongDouble {
        LongDouble::from_u64(1)
    }

    /// Slurm's `NO_VAL` (4294967294) as a `long double`; it is the sort key of FairShare=parent
    /// accounts and the initial `prev` of every Fair Tree sibling walk.
    pub fn no_val() -> LongDouble {
        LongDouble::from_u64(4_294_967_294)
    }

    /// Widens a double exactly, as C's `(long double)x`.
    pub fn from_f64(x: f64) -> LongDouble {
        let d = Double::from_bits(u128::from(x.to_bits()));
        let mut loses_info = false;
        LongDouble(d.convert(&mut loses_info).value)
    }

    /// Converts an integer exactly (every `u64` fits the 64-bit significand).
    pub fn from_u64(x: u64) -> LongDouble {
        LongDouble(X87DoubleExtended::from_u128(u128::from(x)).value)
    }

    /// Parses a decimal string (such as `%.21Lg` output) with correct rounding to 80 bits.
    ///
    /// Returns `None` for anything that is not a finite or infinite decimal number
    /// (`inf`/`infinity` are accepted, NaN is not).
    pub fn parse(text: &str) -> Option<LongDouble> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        let (neg, body) = match lower.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, lower.strip_prefix('+').unwrap_or(&lower)),
        };
        if body == "inf" || body == "infinity" {
            let v = LongDouble::INFINITY;
            return Some(if neg { -v } else { v });
        }
        // APFloat also accepts hexadecimal floats and a few spellings that are not decimals;
        // only plain decimal syntax is data here.
        let valid = !body.is_empty()
            && body
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'+' | b'-'))
            && body
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_digit() || b == b'.')
            && body.bytes().any(|b| b.is_ascii_digit());
        if !valid {
            return None;
        }
        let parsed = X87DoubleExtended::from_str_r(t, Round::NearestTiesToEven).ok()?;
        (!parsed.value.is_nan()).then_some(LongDouble(parsed.value))
    }

    /// Rounds to the nearest double, as C's `(double)x`.
    pub fn to_f64(self) -> f64 {
        let mut loses_info = false;
        let d: Double = self
            .0
            .convert_r(Round::NearestTiesToEven, &mut loses_info)
            .value;
        f64::from_bits(d.to_bits() as u64)
    }

    /// Whether this value is exactly a double (so it can be written as a JSON number).
    pub fn is_exact_f64(self) -> bool {
        LongDouble::from_f64(self.to_f64()) == self
    }

    /// Whether this is +0 or −0.
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// Whether this is ±∞.
    pub fn is_infinite(self) -> bool {
        self.0.is_infinite()
    }

    /// Whether this is finite (not ∞, not NaN).
    pub fn is_finite(self) -> bool {
        self.0.is_finite()
    }

    /// Whether the sign bit is set (−0 included).
    pub fn is_negative(self) -> bool {
        self.0.is_negative()
    }

    /// The raw 80 bits, for hashing and stable keys.
    pub fn to_bits(self) -> u128 {
        self.0.to_bits()
    }

    /// A key whose unsigned integer order is the numeric order of non-NaN values
    /// (−0 sorts just below +0, which never matters here: Slurm's values are never −0).
    pub fn order_key(self) -> u128 {
        let bits = self.to_bits() & ((1u128 << 80) - 1);
        if bits >> 79 == 1 {
            !bits & ((1u128 << 80) - 1)
        } else {
            bits | (1u128 << 80)
        }
    }

    /// `self + rhs`, rounded to 80 bits.
    pub fn add(self, rhs: LongDouble) -> LongDouble {
        LongDouble((self.0 + rhs.0).value)
    }

    /// `self - rhs`, rounded to 80 bits.
    pub fn sub(self, rhs: LongDouble) -> LongDouble {
        LongDouble((self.0 - rhs.0).value)
    }

    /// `self * rhs`, rounded to 80 bits.
    pub fn mul(self, rhs: LongDouble) -> LongDouble {
        LongDouble((self.0 * rhs.0).value)
    }

    /// `self / rhs`, rounded to 80 bits (x/0 = ±∞ for x ≠ 0, as IEEE and x87 do).
    pub fn div(self, rhs: LongDouble) -> LongDouble {
        LongDouble((self.0 / rhs.0).value)
    }

    /// Formats as C's `printf("%.21Lg", x)`: 21 significant digits, correctly rounded from the
    /// exact binary value (ties to even), trailing zeros removed; `inf` for +∞.
    pub fn to_lg21(self) -> String {
        format_g(self, 21)
    }

    /// Formats as C's `printf("%.20Lf", x)` (20 decimals), as Slurm's Fair Tree debug log does.
    pub fn to_fixed(self, decimals: usize) -> String {
        format_fixed(self, decimals)
    }

    /// The exact value as `(mantissa, exponent)` with value = mantissa × 2^exponent, for finite
    /// values; the mantissa is the unsigned 64-bit significand (sign dropped).
    pub fn to_parts(self) -> Option<(u64, i32)> {
        if !self.is_finite() {
            return None;
        }
        let bits = self.to_bits();
        let mantissa = bits as u64;
        let biased = ((bits >> 64) & 0x7fff) as i32;
        // Denormals have a biased exponent of 0 but the same scale as exponent 1.
        let exponent = if biased == 0 {
            1 - 16383 - 63
        } else {
            biased - 16383 - 63
        };
        Some((mantissa, exponent))
    }
}

impl PartialEq for LongDouble {
    fn eq(&self, other: &Self) -> bool {
        self.0.partial_cmp(&other.0) == Some(Ordering::Equal)
    }
}

impl PartialOrd for LongDouble {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.0.partial_cmp(&other.0)
    }
}

impl core::ops::Neg for LongDouble {
    type Output = LongDouble;
    fn neg(self) -> LongDouble {
        LongDouble(-self.0)
    }
}

impl fmt::Debug for LongDouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_lg21())
    }
}

impl fmt::Display for LongDouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_lg21())
    }
}

impl Default for LongDouble {
    fn default() -> Self {
        LongDouble::ZERO
    }
}

/// The exact decimal digits of a finite nonzero value: `(digits, exp10)` such that the value is
/// `0.d1d2d3… × 10^exp10`, with every digit of the (terminating) binary expansion.
fn exact_digits(x: LongDouble) -> (Vec<u8>, i64) {
    let (mantissa, exponent) = x.to_parts().expect("finite");
    // value = m × 2^e. For e < 0 write it as m × 5^(−e) / 10^(−e): an integer over a power of ten.
    let (int, scale10) = if exponent >= 0 {
        (BigUint::from(mantissa) << (exponent as usize), 0i64)
    } else {
        let k = (-exponent) as u32;
        (
            BigUint::from(mantissa) * BigUint::from(5u32).pow(k),
            i64::from(k),
        )
    };
    let text = int.to_str_radix(10);
    let digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    let exp10 = digits.len() as i64 - scale10;
    (digits, exp10)
}

/// Rounds the digit string to `keep` digits, ties to even (the exact value is known, so a tie
/// is exactly "5 followed by zeros"). Returns the new digits and exponent (a carry may add one).
fn round_digits(mut digits: Vec<u8>, mut exp10: i64, keep: usize) -> (Vec<u8>, i64) {
    if digits.len() <= keep {
        return (digits, exp10);
    }
    let rest = digits.split_off(keep);
    let first = rest[0];
    let beyond_nonzero = rest[1..].iter().any(|&d| d != 0);
    let last_odd = digits.last().is_some_and(|d| d % 2 == 1);
    let round_up = first > 5 || (first == 5 && (beyond_nonzero || last_odd));
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                exp10 += 1;
                digits.pop();
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    (digits, exp10)
}

fn format_g(x: LongDouble, precision: usize) -> String {
    if x.is_infinite() {
        return if x.is_negative() {
            "-inf".into()
        } else {
            "inf".into()
        };
    }
    let sign = if x.is_negative() { "-" } else { "" };
    if x.is_zero() {
        return format!("{sign}0");
    }
    let (digits, exp10) = exact_digits(x);
    let (mut digits, exp10) = round_digits(digits, exp10, precision);
    digits.resize(precision, 0);
    // %g: X is the exponent of %e style; use %f style when −4 ≤ X < P.
    let x_exp = exp10 - 1;
    let body = if x_exp < -4 || x_exp >= precision as i64 {
        let mut mant: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        mant.insert(1, '.');
        let mant = trim_fraction(&mant);
        let exp_sign = if x_exp < 0 { '-' } else { '+' };
        format!("{mant}e{exp_sign}{:02}", x_exp.abs())
    } else {
        let s: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        let text = if exp10 <= 0 {
            format!("0.{}{}", "0".repeat((-exp10) as usize), s)
        } else {
            let point = exp10 as usize;
            format!("{}.{}", &s[..point], &s[point..])
        };
        trim_fraction(&text).to_string()
    };
    format!("{sign}{body}")
}

fn format_fixed(x: LongDouble, decimals: usize) -> String {
    if x.is_infinite() {
        return if x.is_negative() {
            "-inf".into()
        } else {
            "inf".into()
        };
    }
    let sign = if x.is_negative() { "-" } else { "" };
    let (digits, exp10) = if x.is_zero() {
        (vec![0], 1)
    } else {
        exact_digits(x)
    };
    // Keep every digit up to `decimals` places after the point.
    let keep = exp10 + decimals as i64;
    let (mut digits, mut exp10) = if keep <= 0 {
        // Everything rounds to zero or to one unit in the last place.
        let mut padded = vec![0u8; (1 - keep) as usize];
        padded.extend(digits);
        round_digits(padded, 1, 1)
    } else {
        round_digits(digits, exp10, keep as usize)
    };
    if exp10 <= 0 {
        let mut padded = vec![0u8; (1 - exp10) as usize];
        padded.extend(digits);
        digits = padded;
        exp10 = 1;
    }
    digits.resize((exp10 + decimals as i64) as usize, 0);
    let s: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let (int, frac) = s.split_at(exp10 as usize);
    if decimals == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

fn trim_fraction(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld(s: &str) -> LongDouble {
        LongDouble::parse(s).unwrap()
    }

    #[test]
    fn lg21_matches_printf_on_vector_values() {
        // Values as Slurm printed them with %.21Lg in the golden vectors.
        for s in [
            "0.200000000000000000003",
            "0.300000000000000000011",
            "1.00000000000000005551",
        ] {
            assert_eq!(ld(s).to_lg21(), s);
        }
        assert_eq!(LongDouble::from_f64(0.5).to_lg21(), "0.5");
        assert_eq!(LongDouble::from_u64(4_294_967_294).to_lg21(), "4294967294");
        assert_eq!(LongDouble::INFINITY.to_lg21(), "inf");
        assert_eq!(LongDouble::ZERO.to_lg21(), "0");
        assert_eq!(
            LongDouble::from_f64(1e-5).to_lg21(),
            "1.00000000000000008180e-05"
        );
        assert_eq!(LongDouble::from_f64(1e22).to_lg21(), "1e+22");
    }

    #[test]
    fn ld_division_differs_from_f64_where_slurm_says_so() {
        // ld_vs_f64_no_tie: (18/90)/(2/10) and (27/90)/(3/10) are 1 in f64 but not in 80 bits.
        let s = LongDouble::from_f64(18.0 / 90.0);
        let u = LongDouble::from_u64(2).div(LongDouble::from_u64(10));
        assert_eq!(u.to_lg21(), "0.200000000000000000003");
        assert_eq!(s.div(u).to_fixed(20), "1.00000000000000005551");
    }

    #[test]
    fn fixed_formatting() {
        assert_eq!(
            LongDouble::from_f64(1.0).to_fixed(20),
            "1.00000000000000000000"
        );
        assert_eq!(LongDouble::from_f64(0.5).to_fixed(6), "0.500000");
        assert_eq!(LongDouble::from_f64(2.0 / 3.0).to_fixed(6), "0.666667");
        assert_eq!(LongDouble::from_f64(0.0000004).to_fixed(6), "0.000000");
        assert_eq!(LongDouble::from_f64(0.0000005).to_fixed(6), "0.000001");
        assert_eq!(LongDouble::from_f64(9.9999999).to_fixed(6), "10.000000");
        assert_eq!(LongDouble::from_f64(1250.0).to_fixed(6), "1250.000000");
    }

    #[test]
    fn parse_rejects_non_numbers() {
        for s in ["", "nan", "0x1p3", "abc", "1.2.3e", "-", "."] {
            assert!(LongDouble::parse(s).is_none(), "{s}");
        }
        assert!(LongDouble::parse("inf").unwrap().is_infinite());
        assert_eq!(
            LongDouble::parse("1e3").unwrap(),
            LongDouble::from_u64(1000)
        );
    }

    #[test]
    fn order_key_is_numeric_order() {
        let vals = [
            "-inf",
            "-2",
            "-0.5",
            "0",
            "1e-300",
            "0.5",
            "1",
            "4294967294",
            "inf",
        ];
        let keys: Vec<u128> = vals.iter().map(|s| ld(s).order_key()).collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    }
}
