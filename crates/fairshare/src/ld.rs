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

/// An x87 80-bit extended-precision value (sign, 15-bit exponent, 64-bit significand with an
/// explicit integer bit), stored in its 80-bit memory layout.
///
/// Addition, subtraction, multiplication and division of normal values take an exact integer
/// fast path (64-bit words, round to nearest even on the dropped bits); every other case (zeros,
/// infinities, denormals, overflow, underflow) goes through APFloat, which stays the reference:
/// differential proptests check the two bit for bit on random bit patterns, on operands at
/// every exponent difference and on values shaped as the engine makes them.
///
/// Why: every edit divides every association's usage by the root's and blends the effective
/// usages top-down in 80 bits. Counted with callgrind (opt-level z, as the wasm), the classic
/// blend UA = u / root, UE = UA + (UE_P − UA) · s/L costs 390 instructions per association on
/// the fast path against 2,806 through APFloat; on the 100k tree the classic run after a usage
/// edit is 99.4M instructions, 55% of them in `LongDouble` (`examples/one_classic.rs`).
///
/// `PartialEq` is exact IEEE equality, as C's `==` on `long double` (+∞ == +∞; never NaN here).
#[derive(Clone, Copy)]
pub struct LongDouble {
    /// Significand, with the explicit integer bit (bit 63) set for normal values.
    m: u64,
    /// Sign (bit 15) and biased exponent (bits 0–14).
    se: u16,
}

const BIAS: i32 = 16383;
const EXP_MAX: i32 = 0x7fff;
const TOP: u64 = 1 << 63;

#[allow(clippy::should_implement_trait)] // They are implemented too, below.
impl LongDouble {
    /// +0.
    pub const ZERO: LongDouble = LongDouble { m: 0, se: 0 };
    /// +∞.
    pub const INFINITY: LongDouble = LongDouble { m: TOP, se: 0x7fff };

    fn from_ap(x: X87DoubleExtended) -> LongDouble {
        let bits = x.to_bits();
        LongDouble {
            m: bits as u64,
            se: (bits >> 64) as u16,
        }
    }

    fn ap(self) -> X87DoubleExtended {
        X87DoubleExtended::from_bits(self.to_bits())
    }

    fn exp_field(self) -> i32 {
        i32::from(self.se & 0x7fff)
    }

    fn sign(self) -> u16 {
        self.se & 0x8000
    }

    /// Normal: a nonzero finite value with the integer bit set (APFloat makes no unnormals).
    fn is_normal(self) -> bool {
        let e = self.exp_field();
        e != 0 && e != EXP_MAX && self.m & TOP != 0
    }

    /// Packs a rounded result; `None` if the exponent leaves the normal range.
    fn pack(sign: u16, biased: i32, m: u64) -> Option<LongDouble> {
        (biased > 0 && biased < EXP_MAX).then_some(LongDouble {
            m,
            se: sign | biased as u16,
        })
    }

    /// 1.
    pub fn one() -> LongDouble {
        LongDouble {
            m: TOP,
            se: BIAS as u16,
        }
    }

    /// Slurm's `NO_VAL` (4294967294) as a `long double`; it is the sort key of FairShare=parent
    /// accounts and the initial `prev` of every Fair Tree sibling walk.
    pub(crate) fn no_val() -> LongDouble {
        LongDouble::from_u64(4_294_967_294)
    }

    /// Widens a double exactly, as C's `(long double)x`.
    pub fn from_f64(x: f64) -> LongDouble {
        let bits = x.to_bits();
        let sign = ((bits >> 48) & 0x8000) as u16;
        let e = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1 << 52) - 1);
        if e != 0 && e != 0x7ff {
            return LongDouble {
                m: TOP | (frac << 11),
                se: sign | (e - 1023 + BIAS) as u16,
            };
        }
        if e == 0 && frac == 0 {
            return LongDouble { m: 0, se: sign };
        }
        let d = Double::from_bits(u128::from(bits));
        let mut loses_info = false;
        LongDouble::from_ap(d.convert(&mut loses_info).value)
    }

    /// Converts an integer exactly (every `u64` fits the 64-bit significand).
    pub fn from_u64(x: u64) -> LongDouble {
        if x == 0 {
            return LongDouble::ZERO;
        }
        let shift = x.leading_zeros();
        LongDouble {
            m: x << shift,
            se: (BIAS + 63 - shift as i32) as u16,
        }
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
        (!parsed.value.is_nan()).then_some(LongDouble::from_ap(parsed.value))
    }

    /// Rounds to the nearest double, as C's `(double)x`.
    pub fn to_f64(self) -> f64 {
        if self.is_normal() {
            // Keep 53 of the 64 significand bits, rounding the other 11 to nearest even.
            let mut m = self.m >> 11;
            let rest = self.m & 0x7ff;
            if rest > 0x400 || (rest == 0x400 && m & 1 == 1) {
                m += 1;
            }
            let mut e = self.exp_field() - BIAS + 1023;
            if m == 1 << 53 {
                m >>= 1;
                e += 1;
            }
            if e > 0 && e < 0x7ff {
                let sign = u64::from(self.sign()) << 48;
                return f64::from_bits(sign | ((e as u64) << 52) | (m & ((1 << 52) - 1)));
            }
        } else if self.m == 0 && self.exp_field() == 0 {
            return if self.sign() != 0 { -0.0 } else { 0.0 };
        }
        let mut loses_info = false;
        let d: Double = self
            .ap()
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
        self.exp_field() == 0 && self.m == 0
    }

    /// Whether this is ±∞.
    pub fn is_infinite(self) -> bool {
        self.exp_field() == EXP_MAX && self.m == TOP
    }

    /// Whether this is finite (not ∞, not NaN).
    pub fn is_finite(self) -> bool {
        self.exp_field() != EXP_MAX
    }

    /// Whether this is a NaN (or one of the x87 encodings no arithmetic produces).
    pub fn is_nan(self) -> bool {
        !self.is_finite() && !self.is_infinite()
    }

    /// Whether the sign bit is set (−0 included).
    pub fn is_negative(self) -> bool {
        self.sign() != 0
    }

    /// The raw 80 bits, for hashing and stable keys.
    pub fn to_bits(self) -> u128 {
        (u128::from(self.se) << 64) | u128::from(self.m)
    }

    /// A key whose unsigned integer order is the numeric order of non-NaN values
    /// (−0 sorts just below +0, which never matters here: Slurm's values are never −0).
    pub(crate) fn order_key(self) -> u128 {
        let bits = self.to_bits();
        if self.sign() != 0 {
            !bits & ((1u128 << 80) - 1)
        } else {
            bits | (1u128 << 80)
        }
    }

    /// `self + rhs`, rounded to 80 bits.
    pub fn add(self, rhs: LongDouble) -> LongDouble {
        if self.is_normal() && rhs.is_normal() {
            let fast = if self.sign() == rhs.sign() {
                add_magnitudes(self, rhs)
            } else {
                sub_magnitudes(self, rhs)
            };
            if let Some(r) = fast {
                return r;
            }
        } else if rhs.is_zero() && self.is_normal() {
            return self;
        } else if self.is_zero() && rhs.is_normal() {
            return rhs;
        }
        LongDouble::from_ap((self.ap() + rhs.ap()).value)
    }

    /// `self - rhs`, rounded to 80 bits.
    pub(crate) fn sub(self, rhs: LongDouble) -> LongDouble {
        if self.is_normal() && rhs.is_normal() {
            return self.add(-rhs);
        } else if rhs.is_zero() && self.is_normal() {
            // x − 0 = x (classic's blend for the many users with no usage).
            return self;
        }
        LongDouble::from_ap((self.ap() - rhs.ap()).value)
    }

    /// `self * rhs`, rounded to 80 bits.
    pub fn mul(self, rhs: LongDouble) -> LongDouble {
        if self.is_normal() && rhs.is_normal() {
            let p = u128::from(self.m) * u128::from(rhs.m);
            let (hi, lo) = ((p >> 64) as u64, p as u64);
            // The product of two 64-bit significands with top bits set has 127 or 128 bits:
            // bring its leading bit to the top of `hi` (64-bit shifts only; a `u128` shift by a
            // variable amount is a library call in WebAssembly).
            let exp = self.exp_field() + rhs.exp_field() - BIAS;
            let (hi, lo, biased) = if hi & TOP != 0 {
                (hi, lo, exp + 1)
            } else {
                ((hi << 1) | (lo >> 63), lo << 1, exp)
            };
            let (m, carry) = round_top(hi, lo, false);
            if let Some(r) =
                LongDouble::pack(self.sign() ^ rhs.sign(), biased + i32::from(carry), m)
            {
                return r;
            }
        }
        LongDouble::from_ap((self.ap() * rhs.ap()).value)
    }

    /// `self / rhs`, rounded to 80 bits (x/0 = ±∞ for x ≠ 0, as IEEE and x87 do).
    pub fn div(self, rhs: LongDouble) -> LongDouble {
        if rhs.is_normal() {
            if self.is_normal() {
                if let Some(r) = div_normal(self, rhs) {
                    return r;
                }
            } else if self.is_zero() {
                return LongDouble {
                    m: 0,
                    se: self.sign() ^ rhs.sign(),
                };
            }
        } else if rhs.is_zero() && self.is_normal() {
            // S / 0 for an association with no usage: +∞, as IEEE (and x87) divide.
            return LongDouble {
                m: TOP,
                se: (self.sign() ^ rhs.sign()) | EXP_MAX as u16,
            };
        }
        LongDouble::from_ap((self.ap() / rhs.ap()).value)
    }

    /// `self / d.value()`, bit for bit [`LongDouble::div`], for a divisor many values are
    /// divided by ([`Divisor`]).
    pub fn div_by(self, d: Divisor) -> LongDouble {
        if d.value.is_normal()
            && self.is_normal()
            && let Some(r) = div_normal_with(self, d.value, |hi, den| div_preinv(hi, den, d.inv))
        {
            return r;
        }
        self.div(d.value)
    }

    /// `self` capped at 1 (`if self > 1 { 1 } else { self }`); decided on the bits for a
    /// positive normal value, whose order is that of (exponent, significand).
    pub(crate) fn min_one(self) -> LongDouble {
        let one = LongDouble::one();
        let above = if self.is_normal() && self.sign() == 0 {
            (self.se, self.m) > (one.se, one.m)
        } else {
            self > one
        };
        if above { one } else { self }
    }

    /// Whether two positive normal values are within a relative 2^-`bits` of each other,
    /// decided on the bits alone (cheap; used to skip exact re-checks of values far apart).
    pub(crate) fn is_near(self, other: LongDouble, bits: u32) -> bool {
        if !(self.is_normal() && other.is_normal()) || self.sign() != 0 || other.sign() != 0 {
            return false;
        }
        let (hi, lo) = if self.exp_field() >= other.exp_field() {
            (self, other)
        } else {
            (other, self)
        };
        let limit = 1u128 << (64 - bits.min(63));
        match hi.exp_field() - lo.exp_field() {
            0 => u128::from(hi.m.abs_diff(lo.m)) < limit,
            // One binade apart: compare hi·2 with lo on a common scale.
            1 => (u128::from(hi.m) << 1).abs_diff(u128::from(lo.m)) < limit << 1,
            _ => false,
        }
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
    pub(crate) fn to_parts(self) -> Option<(u64, i32)> {
        if !self.is_finite() {
            return None;
        }
        let biased = self.exp_field();
        // Denormals have a biased exponent of 0 but the same scale as exponent 1.
        let exponent = if biased == 0 {
            1 - BIAS - 63
        } else {
            biased - BIAS - 63
        };
        Some((self.m, exponent))
    }
}

/// Rounds `x >> shift` to nearest even, where `x >> shift` has exactly 64 significant bits.
/// `sticky` says that nonzero bits below `x` were already dropped. Returns the significand and
/// whether rounding carried into a 65th bit (the significand is then renormalised to 2^63).
fn round_shifted(x: u128, shift: u32, sticky: bool) -> Option<(u64, bool)> {
    let m = (x >> shift) as u64;
    let rest = x & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let up = rest > half || (rest == half && (sticky || m & 1 == 1));
    if !up {
        return Some((m, false));
    }
    match m.checked_add(1) {
        Some(m) => Some((m, false)),
        None => Some((TOP, true)),
    }
}

/// Rounds the 128-bit value `hi · 2^64 + lo` (bit 63 of `hi` set) to its top 64 bits, to
/// nearest even; `sticky` says that nonzero bits below `lo` were already dropped. Returns the
/// significand and whether rounding carried into a 65th bit (then renormalised to 2^63). The
/// same rule as [`round_shifted`] at a shift of 64, in 64-bit operations only.
fn round_top(hi: u64, lo: u64, sticky: bool) -> (u64, bool) {
    const HALF: u64 = 1 << 63;
    let up = lo > HALF || (lo == HALF && (sticky || hi & 1 == 1));
    if !up {
        return (hi, false);
    }
    match hi.checked_add(1) {
        Some(m) => (m, false),
        None => (TOP, true),
    }
}

/// |a| + |b| for normal a, b of the same sign, in 64-bit integers only (a `u128` shift by a
/// variable amount is a library call in WebAssembly, and sums of usage are the engine's most
/// frequent operation).
///
/// With d the exponent difference, the smaller significand splits into `y = small >> d` (added
/// to the bigger one) and the bits shifted out, `rest`, a 64-bit fraction of the last place.
/// If the sum carries out of 64 bits, it is shifted right once and its dropped bit leads the
/// fraction. Rounding is to nearest, ties to even, on the fraction: above a half rounds up, a
/// half exactly rounds to even.
fn add_magnitudes(a: LongDouble, b: LongDouble) -> Option<LongDouble> {
    let (big, small) = if a.exp_field() >= b.exp_field() {
        (a, b)
    } else {
        (b, a)
    };
    let d = (big.exp_field() - small.exp_field()) as u32;
    if d >= 65 {
        // The smaller one is below half of the bigger one's last place: no effect.
        return Some(big);
    }
    let (y, rest) = match d {
        0 => (small.m, 0),
        64 => (0, small.m),
        _ => (small.m >> d, small.m << (64 - d)),
    };
    let (sum, carry) = big.m.overflowing_add(y);
    const HALF: u64 = 1 << 63;
    let (m, up, biased) = if carry {
        // The true sum is 2^64 + sum + rest / 2^64; halve it.
        let m = TOP | (sum >> 1);
        let dropped = sum & 1 == 1;
        let up = dropped && (rest != 0 || m & 1 == 1);
        (m, up, big.exp_field() + 1)
    } else {
        let up = rest > HALF || (rest == HALF && sum & 1 == 1);
        (sum, up, big.exp_field())
    };
    let (m, biased) = if up {
        match m.checked_add(1) {
            Some(m) => (m, biased),
            None => (TOP, biased + 1),
        }
    } else {
        (m, biased)
    };
    LongDouble::pack(big.sign(), biased, m)
}

/// a + b for normal a, b of opposite signs: the difference of the magnitudes, with the sign of
/// the larger one; exactly +0 when they cancel.
///
/// With d ≤ 64 the smaller significand, aligned to the bigger one's, fits 128 bits, so the
/// difference is exact as two 64-bit words (`hi`, `lo`); it is normalised and rounded on them,
/// without `u128` shifts (library calls in WebAssembly). One place further (d = 65) the
/// smaller value loses a bit: [`sub_magnitudes_far`].
fn sub_magnitudes(a: LongDouble, b: LongDouble) -> Option<LongDouble> {
    let a_bigger = (a.exp_field(), a.m) >= (b.exp_field(), b.m);
    let (big, small) = if a_bigger { (a, b) } else { (b, a) };
    let d = (big.exp_field() - small.exp_field()) as u32;
    if d >= 66 {
        // Less than half of the last place below the bigger value: it rounds back to it.
        return Some(big);
    }
    if d == 65 {
        return sub_magnitudes_far(big, small, d);
    }
    // big = (big.m, 0), small = small.m · 2^(64 − d), both in units of 2^-64 of big's place.
    let (sh, sl) = match d {
        0 => (small.m, 0),
        64 => (0, small.m),
        _ => (small.m >> d, small.m << (64 - d)),
    };
    let (lo, borrow) = 0u64.overflowing_sub(sl);
    // big ≥ small, so the high word does not underflow.
    let hi = big.m - sh - u64::from(borrow);
    if hi == 0 && lo == 0 {
        return Some(LongDouble::ZERO);
    }
    let (hi, lo, words) = if hi == 0 { (lo, 0, 64) } else { (hi, lo, 0) };
    let s = hi.leading_zeros();
    let (hi, lo) = if s == 0 {
        (hi, lo)
    } else {
        ((hi << s) | (lo >> (64 - s)), lo << s)
    };
    let (m, carry) = round_top(hi, lo, false);
    LongDouble::pack(
        big.sign(),
        big.exp_field() - (words + s) as i32 + i32::from(carry),
        m,
    )
}

/// [`sub_magnitudes`] for an exponent difference `d` of 65: in `u128`, with a sticky bit for
/// the smaller value's bits shifted out.
fn sub_magnitudes_far(big: LongDouble, small: LongDouble, d: u32) -> Option<LongDouble> {
    let x = u128::from(big.m) << 63;
    let y_full = u128::from(small.m) << 63;
    let y = y_full >> d;
    // Bits of the smaller value shifted out make the true difference a little smaller than
    // x − y: take one unit off and remember that more lies below (the sticky bit).
    let sticky = d > 0 && (y << d) != y_full;
    let diff = x - y - u128::from(sticky);
    if diff == 0 {
        return Some(LongDouble::ZERO);
    }
    // Normalise so the leading bit sits at bit 126. With a sticky bit (d ≥ 2) the shift is at
    // most one place, and the rounding below stays exact (see `round_shifted`'s tie rule).
    let lz = diff.leading_zeros() - 1;
    let norm = diff << lz;
    let (m, carry) = round_shifted(norm, 63, sticky)?;
    LongDouble::pack(
        big.sign(),
        big.exp_field() - lz as i32 + i32::from(carry),
        m,
    )
}

/// A divisor that many values are divided by (the root's usage for every association's UA, an
/// association's S on every edit): [`LongDouble::div_by`] divides by it bit for bit as
/// [`LongDouble::div`] does, with the 128-by-64-bit division of the significands replaced by
/// two multiplications by a reciprocal computed once (Möller and Granlund, "Improved division
/// by invariant integers", IEEE Trans. Computers 2011, algorithm 4). In WebAssembly that
/// division is a software loop ([`div_wide`]).
#[derive(Clone, Copy, Debug)]
pub struct Divisor {
    value: LongDouble,
    /// ⌊(2^128 − 1) / m⌋ − 2^64 for the value's significand m (0, unread, when not normal).
    inv: u64,
}

impl Divisor {
    /// The divisor `value` (one 128-by-64-bit division).
    pub fn new(value: LongDouble) -> Divisor {
        let inv = if value.is_normal() {
            // (2^128 − 1) / m = (!m · 2^64 + 2^64 − 1) / m: the division of !m · 2^64 (!m < m:
            // bit 63 is set), then of its remainder plus 2^64 − 1 (below 3m: at most 2 more).
            let m = value.m;
            let (q, r) = div_128_by_64(!m, m);
            let mut rest = u128::from(r) + u128::from(u64::MAX);
            let mut q = q;
            while rest >= u128::from(m) {
                rest -= u128::from(m);
                q += 1;
            }
            q
        } else {
            0
        };
        Divisor { value, inv }
    }

    /// The value divided by.
    pub fn value(self) -> LongDouble {
        self.value
    }
}

/// `(hi · 2^64) / d` and its remainder for a normalised `d` and `hi < d`, from `inv` =
/// ⌊(2^128 − 1) / d⌋ − 2^64: Möller and Granlund's algorithm 4 with a low word of 0 (the
/// estimate from one multiplication, then at most two corrections).
fn div_preinv(hi: u64, d: u64, inv: u64) -> (u64, u64) {
    let p = (u128::from(inv) * u128::from(hi)).wrapping_add(u128::from(hi) << 64);
    let (q0, mut q1) = (p as u64, ((p >> 64) as u64).wrapping_add(1));
    let mut r = 0u64.wrapping_sub(q1.wrapping_mul(d));
    if r > q0 {
        q1 = q1.wrapping_sub(1);
        r = r.wrapping_add(d);
    }
    if r >= d {
        q1 += 1;
        r -= d;
    }
    (q1, r)
}

/// a / b for normal a, b.
///
/// The 65-bit quotient of `a.m · 2^64 / b.m` is taken as a leading bit (`a.m ≥ b.m`) and a
/// 64-bit division of the rest ([`div_128_by_64`]).
fn div_normal(a: LongDouble, b: LongDouble) -> Option<LongDouble> {
    div_normal_with(a, b, div_128_by_64)
}

/// [`div_normal`] with `wide` dividing `hi · 2^64` by the divisor's significand.
fn div_normal_with(
    a: LongDouble,
    b: LongDouble,
    wide: impl Fn(u64, u64) -> (u64, u64),
) -> Option<LongDouble> {
    let den = b.m;
    let (q_top, hi) = if a.m >= den {
        (true, a.m - den)
    } else {
        (false, a.m)
    };
    let (q_lo, r) = wide(hi, den);
    let sign = a.sign() ^ b.sign();
    let base = a.exp_field() - b.exp_field() + BIAS;
    let (m, up, biased) = if q_top {
        // 65-bit quotient: drop its lowest bit into the rounding decision.
        let m = TOP | (q_lo >> 1);
        let dropped = q_lo & 1 == 1;
        let up = dropped && (r != 0 || m & 1 == 1);
        (m, up, base)
    } else {
        // 64-bit quotient: the remainder alone decides (compare 2r with the divisor, as
        // r against den − r so that nothing overflows).
        let m = q_lo;
        let other = den - r;
        let up = r > other || (r == other && m & 1 == 1);
        (m, up, base - 1)
    };
    let (m, biased) = if up {
        match m.checked_add(1) {
            Some(m) => (m, biased),
            None => (TOP, biased + 1),
        }
    } else {
        (m, biased)
    };
    LongDouble::pack(sign, biased, m)
}

/// `(hi · 2^64) / d` and its remainder, for a normalised divisor (bit 63 set) and `hi < d`.
///
/// On x86-64, `u128` division (one hardware instruction behind the library call, about 3 ns);
/// elsewhere [`div_wide`]: in WebAssembly a `u128` division is a software loop, about 110 ns
/// in V8 against 30 ns for `div_wide`. Both give the same quotient and remainder (a proptest
/// compares them on every target).
fn div_128_by_64(hi: u64, d: u64) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        // One division: the remainder hi · 2^64 − q · d is below d, so it is exact modulo
        // 2^64, and the low word of hi · 2^64 is 0.
        let q = ((u128::from(hi) << 64) / u128::from(d)) as u64;
        (q, q.wrapping_mul(d).wrapping_neg())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        div_wide(hi, d)
    }
}

/// `(hi · 2^64) / d` and its remainder, for a normalised divisor (bit 63 set) and `hi < d`, so
/// that the quotient fits 64 bits: schoolbook division in two 32-bit digits, each estimated
/// from the divisor's top half and corrected at most twice (Knuth's algorithm D, as in
/// Hacker's Delight's `divlu`), with 64-bit operations only.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn div_wide(hi: u64, d: u64) -> (u64, u64) {
    const B: u64 = 1 << 32;
    let (d1, d0) = (d >> 32, d & (B - 1));
    // First digit: (hi · 2^32) / d. `q1 · d0` is only formed once q1 < 2^32, and rhat < 2^32
    // whenever it is shifted, so nothing overflows.
    let mut q1 = hi / d1;
    let mut rhat = hi - q1 * d1;
    while q1 >= B || q1 * d0 > rhat << 32 {
        q1 -= 1;
        rhat += d1;
        if rhat >= B {
            break;
        }
    }
    // The partial remainder hi · 2^32 − q1 · d is below d, so it is exact modulo 2^64.
    let r1 = (hi << 32).wrapping_sub(q1.wrapping_mul(d));
    let mut q0 = r1 / d1;
    let mut rhat = r1 - q0 * d1;
    while q0 >= B || q0 * d0 > rhat << 32 {
        q0 -= 1;
        rhat += d1;
        if rhat >= B {
            break;
        }
    }
    let r0 = (r1 << 32).wrapping_sub(q0.wrapping_mul(d));
    ((q1 << 32) | q0, r0)
}

impl PartialEq for LongDouble {
    fn eq(&self, other: &Self) -> bool {
        if self.is_nan() || other.is_nan() {
            return false;
        }
        self.to_bits() == other.to_bits() || (self.is_zero() && other.is_zero())
    }
}

impl PartialOrd for LongDouble {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        if self.is_nan() || other.is_nan() {
            return None;
        }
        if self.is_zero() && other.is_zero() {
            return Some(Ordering::Equal);
        }
        Some(self.order_key().cmp(&other.order_key()))
    }
}

// The explicit methods name each rounding step at the call site; the operators are the same
// functions for readers who prefer `a / b`.
impl core::ops::Add for LongDouble {
    type Output = LongDouble;
    fn add(self, rhs: LongDouble) -> LongDouble {
        LongDouble::add(self, rhs)
    }
}

impl core::ops::Sub for LongDouble {
    type Output = LongDouble;
    fn sub(self, rhs: LongDouble) -> LongDouble {
        LongDouble::sub(self, rhs)
    }
}

impl core::ops::Mul for LongDouble {
    type Output = LongDouble;
    fn mul(self, rhs: LongDouble) -> LongDouble {
        LongDouble::mul(self, rhs)
    }
}

impl core::ops::Div for LongDouble {
    type Output = LongDouble;
    fn div(self, rhs: LongDouble) -> LongDouble {
        LongDouble::div(self, rhs)
    }
}

impl core::ops::Neg for LongDouble {
    type Output = LongDouble;
    fn neg(self) -> LongDouble {
        LongDouble {
            m: self.m,
            se: self.se ^ 0x8000,
        }
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

/// The leading decimal digits of a finite nonzero value, as [`round_digits`] needs them to round
/// to `keep` digits: the same result as [`exact_digits`] after rounding, without the full
/// expansion when 128-bit integers suffice (every value from about 4e-19 to 3e38, so every
/// usage, share and factor the engine prints). The value is m × 2^e; below the point, each
/// digit is ⌊frac · 10 / 2^k⌋, exact while frac · 10 fits 128 bits (k ≤ 124). The digits stop
/// after `keep + 1` significant ones; a 1 is then appended when anything nonzero remains,
/// which is all [`round_digits`] asks of the rest (its first digit, and whether any other is
/// nonzero).
fn leading_digits(x: LongDouble, keep: usize) -> (Vec<u8>, i64) {
    let Some((mantissa, exponent)) = x.to_parts() else {
        return exact_digits(x);
    };
    if mantissa == 0 {
        return exact_digits(x);
    }
    if exponent >= 0 {
        if exponent > 64 {
            return far_leading_digits(mantissa, exponent, keep).unwrap_or_else(|| exact_digits(x));
        }
        let text = (u128::from(mantissa) << exponent).to_string();
        let digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
        let exp10 = digits.len() as i64;
        return (digits, exp10);
    }
    let k = exponent.unsigned_abs();
    if k > 124 {
        return far_leading_digits(mantissa, exponent, keep).unwrap_or_else(|| exact_digits(x));
    }
    let mask = (1u128 << k) - 1;
    let int = u128::from(mantissa) >> k;
    let mut frac = u128::from(mantissa) & mask;
    let mut digits: Vec<u8> = Vec::with_capacity(keep + 2);
    let mut exp10 = 0i64;
    if int > 0 {
        digits.extend(int.to_string().bytes().map(|b| b - b'0'));
        exp10 = digits.len() as i64;
    }
    while frac != 0 && digits.len() <= keep {
        frac *= 10;
        let d = (frac >> k) as u8;
        frac &= mask;
        if digits.is_empty() && d == 0 {
            exp10 -= 1;
        } else {
            digits.push(d);
        }
    }
    if frac != 0 {
        digits.push(1);
    }
    (digits, exp10)
}

/// [`leading_digits`] for values beyond 128-bit integers (below about 4e-19 or from 2^128 on):
/// the same `(digits, exp10)` contract, without the full expansion. The value m × 2^e is
/// scaled by a power of ten 10^p chosen from an estimate of its decimal exponent so that
/// N = ⌊m × 2^e × 10^p⌋ has about `keep` + 3 digits; N is one big-integer product and shift
/// (e < 0: m × 5^p >> (−e − p)) or one division (e > 0: (m << e) / 10^−p), so the cost is a
/// few multiplications of numbers the size of the value's exponent instead of writing out its
/// thousands of digits. Whatever was cut off (shifted-out bits, a remainder, digits past
/// `keep` + 1) becomes a trailing 1, as in [`leading_digits`]. `None` when the estimate left
/// too few digits (never seen; the caller then takes the exact expansion).
fn far_leading_digits(mantissa: u64, exponent: i32, keep: usize) -> Option<(Vec<u8>, i64)> {
    // log10(value), good to ~1e-12: enough to land within one of the decimal exponent.
    let log10 = (mantissa as f64).log10() + f64::from(exponent) * core::f64::consts::LOG10_2;
    let target = i64::try_from(keep).ok()?.checked_add(3)?;
    let p = target - (log10.floor() as i64 + 1);
    let (n, cut) = if exponent < 0 {
        let shift = i64::from(exponent.unsigned_abs()) - p;
        if p < 0 || shift <= 0 {
            return None;
        }
        let scaled = BigUint::from(mantissa) * BigUint::from(5u32).pow(u32::try_from(p).ok()?);
        let shift = u64::try_from(shift).ok()?;
        let cut = scaled.trailing_zeros().is_some_and(|tz| tz < shift);
        (scaled >> shift, cut)
    } else {
        if p > 0 {
            return None;
        }
        let whole = BigUint::from(mantissa) << exponent.unsigned_abs();
        let divisor = BigUint::from(10u32).pow(u32::try_from(-p).ok()?);
        let q = &whole / &divisor;
        let cut = &q * &divisor != whole;
        (q, cut)
    };
    let text = n.to_str_radix(10);
    if text.len() < keep + 2 {
        return None;
    }
    let mut digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    let exp10 = digits.len() as i64 - p;
    let dropped = digits.split_off(keep + 1);
    if cut || dropped.iter().any(|&d| d != 0) {
        digits.push(1);
    }
    Some((digits, exp10))
}

/// Rounds the digit string to `keep` digits, ties to even (the exact value is known, so a tie
/// is exactly "5 followed by zeros"). Returns the new digits and exponent (a carry may add one:
/// 9.99… rounded up is 1.00… one decade up). `sshare`'s `%.*e` of a double rounds with it too.
pub(crate) fn round_digits(mut digits: Vec<u8>, mut exp10: i64, keep: usize) -> (Vec<u8>, i64) {
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

/// What glibc prints for a value that is not finite, or `None` for a finite one.
fn non_finite_text(x: LongDouble) -> Option<&'static str> {
    match (x.is_finite(), x.is_infinite(), x.is_negative()) {
        (true, _, _) => None,
        (false, true, false) => Some("inf"),
        (false, true, true) => Some("-inf"),
        (false, false, false) => Some("nan"),
        (false, false, true) => Some("-nan"),
    }
}

fn format_g(x: LongDouble, precision: usize) -> String {
    if let Some(text) = non_finite_text(x) {
        return text.into();
    }
    let sign = if x.is_negative() { "-" } else { "" };
    if x.is_zero() {
        return format!("{sign}0");
    }
    let (digits, exp10) = leading_digits(x, precision);
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
    if let Some(text) = non_finite_text(x) {
        return text.into();
    }
    let sign = if x.is_negative() { "-" } else { "" };
    // N = round(|x| · 10^decimals), ties to even; then print N with `decimals` places.
    let mut n_digits: Vec<u8> = Vec::new();
    // Below a quarter of the last place the value rounds to zero whatever its digits: no
    // expansion (a tiny 80-bit value has thousands of them). The margin of 2 covers the
    // narrowing to a double.
    let rounds_to_zero =
        i32::try_from(decimals).is_ok_and(|d| x.to_f64().abs() < 0.25 * 10f64.powi(-d));
    if !x.is_zero() && !rounds_to_zero {
        let (digits, exp10) = exact_digits(x);
        // |x| = 0.d1d2… × 10^exp10, so |x| · 10^decimals = 0.d1d2… × 10^keep.
        let keep = exp10 + decimals as i64;
        if keep > 0 {
            let (rounded, e) = round_digits(digits, exp10, keep as usize);
            let len = rounded.len() as i64;
            n_digits = rounded;
            // A carry (9.99… → 10.0…) leaves one more power of ten to write out.
            n_digits.extend(std::iter::repeat_n(
                0,
                (e + decimals as i64 - len).max(0) as usize,
            ));
        } else if keep == 0 {
            // 0.d1d2… rounds to 1 above one half; exactly one half rounds to even, 0.
            let above_half =
                digits[0] > 5 || (digits[0] == 5 && digits[1..].iter().any(|&d| d != 0));
            if above_half {
                n_digits.push(1);
            }
        }
    }
    if n_digits.len() <= decimals {
        let mut padded = vec![0u8; decimals + 1 - n_digits.len()];
        padded.extend(n_digits);
        n_digits = padded;
    }
    let text: String = n_digits.iter().map(|d| char::from(b'0' + d)).collect();
    let (int, frac) = text.split_at(text.len() - decimals);
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
    fn leading_digits_round_as_the_exact_expansion_does() {
        // Mantissas with long runs of ones and zeros (ties, carries), at every exponent where
        // the 128-bit path applies and just beyond it.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut mantissas = vec![
            TOP,
            u64::MAX,
            TOP | 1,
            TOP | (TOP >> 1),
            0xC000_0000_0000_0001,
        ];
        for _ in 0..100 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            mantissas.push(seed | TOP);
            mantissas.push((seed | TOP) & !((1u64 << (seed % 60)) - 1));
        }
        for m in mantissas {
            for biased in (BIAS - 140..=BIAS + 140).chain([1, 2, EXP_MAX - 1]) {
                let x = LongDouble {
                    m,
                    se: biased as u16,
                };
                // The same digits up to trailing zeros (which mean nothing after the point).
                let trimmed = |(mut d, e): (Vec<u8>, i64)| {
                    while d.last() == Some(&0) {
                        d.pop();
                    }
                    (d, e)
                };
                let (d, e) = exact_digits(x);
                for keep in [1, 6, 17, 21] {
                    let (f, g) = leading_digits(x, keep);
                    assert_eq!(
                        trimmed(round_digits(f, g, keep)),
                        trimmed(round_digits(d.clone(), e, keep)),
                        "{m:#x} 2^{} keep {keep}",
                        biased - BIAS
                    );
                }
            }
        }
        // Far from one, where the scaled path takes over: every 97th exponent over the whole
        // range, denormals included.
        for m in [
            TOP,
            u64::MAX,
            TOP | 1,
            0xC000_0000_0000_0001,
            0x8000_0000_0000_0500,
        ] {
            for biased in (0..EXP_MAX).step_by(97).chain([EXP_MAX - 1]) {
                let m = if biased == 0 { m >> 3 } else { m };
                let x = LongDouble {
                    m,
                    se: biased as u16,
                };
                if x.is_zero() {
                    continue;
                }
                let (d, e) = exact_digits(x);
                for keep in [1, 6, 21] {
                    let (f, g) = leading_digits(x, keep);
                    let (mantissa, exponent) = x.to_parts().unwrap();
                    if !(-124..=64).contains(&exponent) {
                        let far = far_leading_digits(mantissa, exponent, keep);
                        assert!(far.is_some_and(|(f, _)| f.len() <= keep + 2), "scaled path");
                    }
                    let trimmed = |(mut d, e): (Vec<u8>, i64)| {
                        while d.last() == Some(&0) {
                            d.pop();
                        }
                        (d, e)
                    };
                    assert_eq!(
                        trimmed(round_digits(f, g, keep)),
                        trimmed(round_digits(d.clone(), e, keep)),
                        "{m:#x} biased {biased} keep {keep}"
                    );
                }
            }
        }
        // Exact halfway values: 0.5 and 2.5 at one digit round to even.
        assert_eq!(LongDouble::from_f64(0.5).to_lg21(), "0.5");
        assert_eq!(format_g(LongDouble::from_f64(2.5), 1), "2");
        assert_eq!(format_g(LongDouble::from_f64(3.5), 1), "4");
        assert_eq!(format_g(LongDouble::from_f64(0.25), 1), "0.2");
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
            "1.0000000000000000818e-05"
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
        // The double nearest 5e-7 lies just below it; 1.5e-6 lies just above.
        assert_eq!(LongDouble::from_f64(0.0000005).to_fixed(6), "0.000000");
        assert_eq!(LongDouble::from_f64(0.0000015).to_fixed(6), "0.000002");
        assert_eq!(LongDouble::from_f64(9.9999999).to_fixed(6), "10.000000");
        assert_eq!(LongDouble::from_f64(1250.0).to_fixed(6), "1250.000000");
    }

    #[test]
    fn fixed_rounds_up_into_the_last_place_from_below_it() {
        assert_eq!(LongDouble::from_f64(7.18e-7).to_fixed(6), "0.000001");
        assert_eq!(LongDouble::from_f64(0.5).to_fixed(0), "0");
        assert_eq!(LongDouble::from_f64(1.5).to_fixed(0), "2");
        assert_eq!(LongDouble::from_f64(9.9999996).to_fixed(6), "10.000000");
        assert_eq!(LongDouble::from_f64(-0.25).to_fixed(1), "-0.2");
    }

    proptest::proptest! {
        /// For doubles, Rust's `{:.N}` is an independent, exactly rounded (ties to even) oracle.
        #[test]
        fn fixed_agrees_with_rusts_exact_formatting(bits in proptest::prelude::any::<u64>(), decimals in 0usize..24) {
            let x = f64::from_bits(bits);
            if x.is_finite() && x.abs() < 1e30 {
                proptest::prop_assert_eq!(LongDouble::from_f64(x).to_fixed(decimals), format!("{x:.decimals$}"));
            }
        }

        #[test]
        fn fixed_agrees_on_small_numbers(m in 1u64..1_000_000_000, e in 1i32..30, decimals in 0usize..12) {
            let x = m as f64 / 10f64.powi(e);
            proptest::prop_assert_eq!(LongDouble::from_f64(x).to_fixed(decimals), format!("{x:.decimals$}"));
        }
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

    /// A random 80-bit value: mostly normal, with exponents near each other so that additions
    /// interact, plus significands with long runs of ones or zeros (carries and exact ties).
    fn arb_ld() -> impl proptest::strategy::Strategy<Value = LongDouble> {
        use proptest::prelude::*;
        let significand = prop_oneof![
            any::<u64>().prop_map(|m| m | TOP),
            (0u32..64).prop_map(|k| TOP | ((1u64 << k) - 1)),
            (0u32..63).prop_map(|k| TOP | (1u64 << k)),
            Just(u64::MAX),
            Just(TOP),
        ];
        let exponent = prop_oneof![
            8 => BIAS - 70..BIAS + 70,
            1 => 1..40,
            1 => EXP_MAX - 40..EXP_MAX,
        ];
        let special = prop_oneof![
            Just(LongDouble::ZERO),
            Just(-LongDouble::ZERO),
            Just(LongDouble::INFINITY),
            (1u64..u64::MAX).prop_map(|m| LongDouble { m: m & !TOP, se: 0 }),
        ];
        prop_oneof![
            20 => (significand, exponent, any::<bool>())
                .prop_map(|(m, e, neg)| LongDouble { m, se: e as u16 | if neg { 0x8000 } else { 0 } }),
            1 => special,
        ]
    }

    fn same(a: LongDouble, b: X87DoubleExtended) -> bool {
        a.to_bits() == b.to_bits()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        #[test]
        fn fast_paths_are_bit_identical_to_apfloat(a in arb_ld(), b in arb_ld()) {
            proptest::prop_assert!(same(a.add(b), (a.ap() + b.ap()).value), "{a:?} + {b:?}");
            proptest::prop_assert!(same(a.sub(b), (a.ap() - b.ap()).value), "{a:?} - {b:?}");
            proptest::prop_assert!(same(a.sub(a), (a.ap() - a.ap()).value), "{a:?} - itself");
            proptest::prop_assert!(same(a.mul(b), (a.ap() * b.ap()).value), "{a:?} * {b:?}");
            proptest::prop_assert!(same(a.div(b), (a.ap() / b.ap()).value), "{a:?} / {b:?}");
            // Beyond the double range both convert to ∞; compare only where doubles can.
            if a.is_near(b, 30) && a.to_f64().is_finite() && b.to_f64().is_finite() {
                let (fa, fb) = (a.to_f64(), b.to_f64());
                proptest::prop_assert!((fa - fb).abs() <= 2e-9 * fa.abs().max(fb.abs()), "{a:?} ~ {b:?}");
            }
            proptest::prop_assert_eq!(a == b, a.ap().partial_cmp(&b.ap()) == Some(Ordering::Equal));
            proptest::prop_assert_eq!(a.partial_cmp(&b), a.ap().partial_cmp(&b.ap()));
        }

        /// Operands a few binades apart or fewer (every exponent difference where an addition
        /// or subtraction aligns, cancels or carries, up to where the smaller one stops
        /// counting), and products and quotients near the top or bottom of the exponent range.
        #[test]
        fn near_operands_are_bit_identical_to_apfloat(
            a in arb_ld(),
            b in arb_ld(),
            delta in -67i32..=67,
        ) {
            if a.is_normal() && b.is_normal() {
                let e = (a.exp_field() + delta).clamp(1, EXP_MAX - 1);
                let b = LongDouble { m: b.m, se: b.sign() | e as u16 };
                proptest::prop_assert!(same(a.add(b), (a.ap() + b.ap()).value), "{a:?} + {b:?}");
                proptest::prop_assert!(same(a.sub(b), (a.ap() - b.ap()).value), "{a:?} - {b:?}");
                proptest::prop_assert!(same(b.sub(a), (b.ap() - a.ap()).value), "{b:?} - {a:?}");
                proptest::prop_assert!(same(a.mul(b), (a.ap() * b.ap()).value), "{a:?} * {b:?}");
                proptest::prop_assert!(same(a.div(b), (a.ap() / b.ap()).value), "{a:?} / {b:?}");
                // The same significand one ulp apart: the deepest cancellation.
                let c = LongDouble { m: a.m.wrapping_add(1) | TOP, se: b.se };
                proptest::prop_assert!(same(a.sub(c), (a.ap() - c.ap()).value), "{a:?} - {c:?}");
                proptest::prop_assert!(same(a.add(c), (a.ap() + c.ap()).value), "{a:?} + {c:?}");
            }
        }

        /// What the engine computes: usages divided by their sum (UA), blended with a parent's
        /// effective usage through s / L (UE = UA + (UE_P − UA) · s / L), and summed.
        #[test]
        fn engine_shaped_values_are_bit_identical_to_apfloat(
            usages in proptest::collection::vec(0u64..1u64 << 40, 2..12),
            shares in 1u64..1000,
            level in 1u64..5000,
            parent in arb_ld(),
        ) {
            let one = |x: LongDouble, op: &str, y: LongDouble, got: LongDouble| {
                let want = match op {
                    "+" => (x.ap() + y.ap()).value,
                    "-" => (x.ap() - y.ap()).value,
                    "*" => (x.ap() * y.ap()).value,
                    _ => (x.ap() / y.ap()).value,
                };
                proptest::prop_assert!(same(got, want), "{x:?} {op} {y:?}");
                Ok(())
            };
            let mut total = LongDouble::ZERO;
            for &u in &usages {
                let u = LongDouble::from_u64(u);
                one(total, "+", u, total.add(u))?;
                total = total.add(u);
            }
            let fraction = LongDouble::from_u64(shares).div(LongDouble::from_u64(level));
            for &u in &usages {
                let ua = LongDouble::from_u64(u).div(total);
                one(LongDouble::from_u64(u), "/", total, ua)?;
                let gap = parent.sub(ua);
                one(parent, "-", ua, gap)?;
                one(gap, "*", fraction, gap.mul(fraction))?;
                one(ua, "+", gap.mul(fraction), ua.add(gap.mul(fraction)))?;
            }
        }

        #[test]
        fn double_conversions_are_bit_identical_to_apfloat(bits in proptest::prelude::any::<u64>(), a in arb_ld()) {
            let x = f64::from_bits(bits);
            if !x.is_nan() {
                let mut lost = false;
                let want: X87DoubleExtended = Double::from_bits(u128::from(bits)).convert(&mut lost).value;
                proptest::prop_assert!(same(LongDouble::from_f64(x), want));
            }
            let mut lost = false;
            let want: Double = a.ap().convert_r(Round::NearestTiesToEven, &mut lost).value;
            let got = a.to_f64();
            proptest::prop_assert_eq!(got.to_bits(), want.to_bits() as u64, "{:?}", a);
        }

        #[test]
        fn wide_division_is_u128_division(d in proptest::prelude::any::<u64>(), hi in proptest::prelude::any::<u64>(), edge in 0u8..4) {
            let d = d | TOP;
            // Quotient digits near 2^32 and remainders near d are where the corrections act.
            let hi = match edge {
                0 => hi % d,
                1 => d - 1 - (hi % 1024).min(d - 1),
                2 => (d >> 32 << 32).saturating_sub(hi % 4096) % d,
                _ => (hi % 4096) % d,
            };
            let num = u128::from(hi) << 64;
            let want = (num / u128::from(d), num % u128::from(d));
            let (q, r) = div_wide(hi, d);
            proptest::prop_assert_eq!((u128::from(q), u128::from(r)), want, "{:#x} / {:#x}", hi, d);
            let (q, r) = div_128_by_64(hi, d);
            proptest::prop_assert_eq!((u128::from(q), u128::from(r)), want, "{:#x} / {:#x}", hi, d);
        }

        #[test]
        fn preinverted_division_is_u128_division(d in proptest::prelude::any::<u64>(), hi in proptest::prelude::any::<u64>(), edge in 0u8..4) {
            let d = match edge {
                0 => d | TOP,
                1 => TOP,
                2 => u64::MAX,
                _ => TOP | (d % 4096),
            };
            let hi = if edge % 2 == 0 { hi % d } else { d - 1 - (hi % 1024).min(d - 1) };
            let num = u128::from(hi) << 64;
            let want = (num / u128::from(d), num % u128::from(d));
            let inv = Divisor::new(LongDouble { m: d, se: BIAS as u16 }).inv;
            proptest::prop_assert_eq!(u128::from(inv), u128::MAX / u128::from(d) - (1u128 << 64));
            let (q, r) = div_preinv(hi, d, inv);
            proptest::prop_assert_eq!((u128::from(q), u128::from(r)), want, "{:#x} / {:#x}", hi, d);
        }

        #[test]
        fn division_by_a_divisor_is_division(a in arb_ld(), b in arb_ld(), u in proptest::prelude::any::<u64>(), root in 1u64..) {
            proptest::prop_assert_eq!(a.div_by(Divisor::new(b)).to_bits(), a.div(b).to_bits(), "{:?} / {:?}", a, b);
            // Usage over the root's usage, as UA is.
            let (u, root) = (LongDouble::from_u64(u), LongDouble::from_u64(root));
            proptest::prop_assert!(same(u.div_by(Divisor::new(root)), (u.ap() / root.ap()).value));
        }

        #[test]
        fn integers_convert_exactly(x in proptest::prelude::any::<u64>()) {
            proptest::prop_assert!(same(LongDouble::from_u64(x), X87DoubleExtended::from_u128(u128::from(x)).value));
        }
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
