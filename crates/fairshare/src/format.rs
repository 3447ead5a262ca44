//! Every number format the app and the CLI show, in one place: C's `printf` forms (exact, as
//! glibc rounds), the trimmed forms people read, and Slurm's duration syntax.
//!
//! `%f` for doubles and `%.21Lg`/`%.Nf` for 80-bit values live with the sshare printer and
//! [`crate::LongDouble`]; they are re-exported here so callers need one module.

use std::fmt::Write as _;

pub use crate::sshare::{format_double, printf_e, printf_f};

use num_bigint::BigUint;

use crate::LongDouble;

/// C's `printf("%.17g", x)`: 17 significant digits, trailing zeros removed, plain notation for
/// decimal exponents −4 to 16 and `d.ddde±XX` otherwise. JavaScript's `Number()` (and any
/// correct decimal reader) reads the text back as exactly `x`. `inf`, `-inf`, `nan`.
pub fn sig17(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Correctly rounded, as glibc's printf is.
    let e_form = e16_in_u128(x.abs()).map_or_else(
        || printf_e(x, 16),
        |(digits, exp)| {
            let sign = if x.is_sign_negative() { "-" } else { "" };
            let (first, rest) = (digits / 10u64.pow(16), digits % 10u64.pow(16));
            let mut text = String::with_capacity(24);
            let _ = write!(text, "{sign}{first}.{rest:016}e{exp}");
            text
        },
    );
    let (mantissa, exp) = e_form.split_once('e').unwrap_or((&e_form, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let mut res = String::from(sign);
    if !(-4..17).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let rest = rest.trim_end_matches('0');
        res.push_str(first);
        if !rest.is_empty() {
            res.push('.');
            res.push_str(rest);
        }
        let _ = write!(res, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    } else if exp >= 0 {
        let (int, frac) = digits.split_at((exp as usize + 1).min(digits.len()));
        res.push_str(int);
        let frac = frac.trim_end_matches('0');
        if !frac.is_empty() {
            res.push('.');
            res.push_str(frac);
        }
    } else {
        res.push_str("0.");
        res.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
        res.push_str(digits.trim_end_matches('0'));
    }
    res
}

/// `printf("%.16e", a)`'s digits and exponent for a finite `a > 0` between about 10^-16 and
/// 2^52 (the values the app writes into `data-*` attributes: U, S, Level FS, FairShare), in
/// 128-bit integers: `(d, exp)` with 10^16 ≤ d < 10^17 and `a ≈ d · 10^(exp − 16)`, correctly
/// rounded (ties to even); `None` outside that range. With a = m · 2^−s and p = 16 − exp
/// decimals, a · 10^p = m · 5^p / 2^(s − p): m · 5^p is exact below 2^116 for p ≤ 27, and the
/// shift's lost bits decide the rounding, as [`printf_e`]'s exact expansion does.
fn e16_in_u128(a: f64) -> Option<(u64, i32)> {
    const LOW: u128 = 10u128.pow(16);
    const HIGH: u128 = 10u128.pow(17);
    if !(a > 0.0 && a.is_finite()) {
        return None;
    }
    let (m, e) = mantissa_exponent(a);
    if e >= 0 {
        return None;
    }
    let s = e.unsigned_abs() as i32;
    // log10 may be off by one near a power of ten: the range check below corrects it.
    let mut exp = a.log10().floor() as i32;
    for _ in 0..3 {
        let p = 16 - exp;
        if !(0..=27).contains(&p) {
            return None;
        }
        let n = u128::from(m) * 5u128.pow(p as u32);
        let t = s - p;
        let (q, r, half) = if t <= 0 {
            let up = t.unsigned_abs();
            if n.leading_zeros() <= up {
                return None;
            }
            (n << up, 0, 1)
        } else if t >= 127 {
            (0, 0, 1)
        } else {
            let t = t as u32;
            (n >> t, n & ((1u128 << t) - 1), 1u128 << (t - 1))
        };
        if q < LOW {
            exp -= 1;
            continue;
        }
        if q >= HIGH {
            exp += 1;
            continue;
        }
        let q = if r > half || (r == half && q & 1 == 1) {
            q + 1
        } else {
            q
        };
        // 9.99…95e-1 rounds up to 1.0000000000000000e+0.
        let (q, exp) = if q == HIGH { (LOW, exp + 1) } else { (q, exp) };
        return u64::try_from(q).ok().map(|q| (q, exp));
    }
    None
}

/// A `%f` text without its trailing zeros (`1.250000` → `1.25`, `1.000000` → `1`), for spoken
/// names; other texts (`inf`, integers) are returned unchanged.
pub fn trim_fixed(text: &str) -> String {
    match text.split_once('.') {
        Some((int, frac)) if frac.bytes().all(|b| b.is_ascii_digit()) => {
            let frac = frac.trim_end_matches('0');
            if frac.is_empty() {
                int.to_string()
            } else {
                format!("{int}.{frac}")
            }
        }
        _ => text.to_string(),
    }
}

/// `%f` (six decimals, as sshare prints) with trailing zeros removed: `2.500000` → `2.5`,
/// `3.000000` → `3`; `inf` stays `inf`.
pub fn trimmed(x: f64) -> String {
    trim_fixed(&printf_f(x))
}

/// A value inside a written-out formula: sshare's `%f` (six decimals), or four significant
/// digits in `%e` form when a nonzero value is too small for six decimals to show it
/// (DEPTH_OBLIVIOUS terms): `0.387500`, `1.236e-07`.
pub fn formula_value(x: f64) -> String {
    if x != 0.0 && x.is_finite() && x.abs() < 1e-3 {
        printf_e(x, 3)
    } else {
        printf_f(x)
    }
}

/// An 80-bit value inside a formula, narrowed to a double as sshare narrows it, then
/// [`formula_value`].
pub fn formula_value_ld(x: LongDouble) -> String {
    formula_value(x.to_f64())
}

/// A raw usage inside a formula: the whole number when it is one below 10^15 (`100`),
/// otherwise [`formula_value`].
pub fn formula_usage(x: LongDouble) -> String {
    let f = x.to_f64();
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 {
        fixed(f, 0)
    } else {
        formula_value(f)
    }
}

/// `x` with exactly `decimals` digits after the point, as Rust's `{x:.decimals$}` writes it
/// (correctly rounded from the exact binary value, ties to even, as glibc's `%.Nf`; `NaN`,
/// `inf`, `-inf`): the decay factors (`%.16f`, `%.8f`) people compare with Slurm's
/// documentation, CSS and SVG geometry.
///
/// The app's float texts all come from here, [`shortest`] and [`shortest_exp`] rather than
/// `format!`: core's float printing (Grisu and Dragon with their tables) is then not in the
/// wasm at all.
pub fn fixed(x: f64, decimals: usize) -> String {
    let mut out = String::with_capacity(decimals + 8);
    push_fixed(&mut out, x, decimals);
    out
}

/// [`fixed`], appended to `out`.
pub fn push_fixed(out: &mut String, x: f64, decimals: usize) {
    push_signed(out, x, |out, a| push_fixed_abs(out, a, decimals));
}

/// `NaN`, the sign and `inf` as Rust's float formatting writes them; a finite `|x|` is written
/// by `finite`.
fn push_signed(out: &mut String, x: f64, finite: impl FnOnce(&mut String, f64)) {
    if x.is_nan() {
        out.push_str("NaN");
        return;
    }
    if x.is_sign_negative() {
        out.push('-');
    }
    if x.is_infinite() {
        out.push_str("inf");
    } else {
        finite(out, x.abs());
    }
}

/// `a = m · 2^e` exactly, for a finite `a ≥ 0` (`m < 2^53`; subnormals have `e = −1074`).
fn mantissa_exponent(a: f64) -> (u64, i32) {
    let bits = a.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    (m, e)
}

/// A finite `a ≥ 0` with `decimals` digits after the point, correctly rounded (ties to even).
pub(crate) fn push_fixed_abs(out: &mut String, a: f64, decimals: usize) {
    let Some((q, unit)) = scaled_to_decimals(a, decimals) else {
        // Huge values or many decimals: exact digits through the 80-bit formatter, which is
        // exact for a widened double.
        out.push_str(&LongDouble::from_f64(a).to_fixed(decimals));
        return;
    };
    // 64-bit division when it fits (the usual case; wasm has no 128-bit division).
    let _ = match (u64::try_from(q), u64::try_from(unit)) {
        (Ok(q), Ok(unit)) => write!(out, "{}", q / unit),
        _ => write!(out, "{}", q / unit),
    };
    if decimals > 0 {
        let _ = match (u64::try_from(q), u64::try_from(unit)) {
            (Ok(q), Ok(unit)) => write!(out, ".{:0decimals$}", q % unit),
            _ => write!(out, ".{:0decimals$}", q % unit),
        };
    }
}

/// `(round(a · 10^decimals), 10^decimals)` in 128-bit integers (ties to even), when they fit.
/// With a = m · 2^e (m < 2^53) the product m · 10^decimals is exact; the power of two is a
/// shift, and a right shift's lost bits decide the rounding.
fn scaled_to_decimals(a: f64, decimals: usize) -> Option<(u128, u128)> {
    let unit = 10u128.checked_pow(u32::try_from(decimals).ok()?)?;
    let (m, e) = mantissa_exponent(a);
    let n = u128::from(m).checked_mul(unit)?;
    if e >= 0 {
        let e = e.unsigned_abs();
        return (n.leading_zeros() > e).then(|| (n << e, unit));
    }
    let s = e.unsigned_abs();
    if s > 128 {
        // n < 2^128 ≤ 2^(s-1): below one half of the last place.
        return Some((0, unit));
    }
    if s == 128 {
        return None;
    }
    let q = n >> s;
    let r = n & ((1u128 << s) - 1);
    let half = 1u128 << (s - 1);
    let q = if r > half || (r == half && q & 1 == 1) {
        q + 1
    } else {
        q
    };
    Some((q, unit))
}

/// The shortest decimal digits that read back as `a` (finite, > 0), nearest to `a`:
/// `(digits, exp10)` with `a ≈ 0.d1d2… × 10^exp10`, no leading or trailing zeros. The digits
/// are serde_json's (its shortest round-trip writer, in the wasm anyway for JSON output).
fn shortest_digits(a: f64) -> (String, i32) {
    let text = serde_json::Number::from_f64(a).map_or_else(String::new, |n| n.to_string());
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let mut digits = all.trim_matches('0').to_string();
    let mut exp10 = exp + int.len() as i32 - lead as i32;
    // When `a` lies exactly halfway between two shortest candidates, serde_json's writer takes
    // the even one and Rust's the upper one: round up to write what Rust writes.
    if is_halfway_above(a, &digits, exp10) {
        let mut bytes = digits.into_bytes();
        let mut carry = true;
        for b in bytes.iter_mut().rev() {
            if *b == b'9' {
                *b = b'0';
            } else {
                *b += 1;
                carry = false;
                break;
            }
        }
        if carry {
            bytes.insert(0, b'1');
            exp10 += 1;
        }
        let text = String::from_utf8(bytes).unwrap_or_default();
        digits = text.trim_end_matches('0').to_string();
    }
    (digits, exp10)
}

/// Whether `a` is exactly `0.digits5 × 10^exp10`: halfway between `digits` and the next value
/// of that many digits.
fn is_halfway_above(a: f64, digits: &str, exp10: i32) -> bool {
    let (m, e) = mantissa_exponent(a);
    if m == 0 {
        return false;
    }
    let (m, e) = (m >> m.trailing_zeros(), e + m.trailing_zeros() as i32);
    // The halfway digit's place: `places` decimals after the point (negative: left of it).
    let places = digits.len() as i32 + 1 - exp10;
    // a = m · 5^s / 10^s with m odd (e = −s < 0) has its last nonzero decimal exactly at place
    // s; an integer's digits after the point are all 0, never 5. Only then compare exactly.
    let candidate = if e < 0 {
        places > 0 && e.unsigned_abs() == places.unsigned_abs()
    } else {
        places <= 0
    };
    let Some(digits) = candidate.then(|| digits.parse::<u64>().ok()).flatten() else {
        return false;
    };
    let halfway = BigUint::from(digits) * 10u32 + 5u32;
    if e < 0 {
        BigUint::from(m) * BigUint::from(5u32).pow(e.unsigned_abs()) == halfway
    } else {
        (BigUint::from(m) << e.unsigned_abs() as usize)
            == halfway * BigUint::from(10u32).pow(places.unsigned_abs())
    }
}

/// `x` as Rust's `{x}` (`Display`) writes it: the shortest decimal that reads back as `x`, in
/// plain notation (`0.1`, `1`, `1e16` as `10000000000000000`); `NaN`, `inf`, `-inf`, `-0`.
pub fn shortest(x: f64) -> String {
    let mut out = String::new();
    push_signed(&mut out, x, |out, a| {
        if a.fract() == 0.0 && a < 9_007_199_254_740_992.0 {
            // A whole number below 2^53 (zero included): its digits, as an integer's.
            let _ = write!(out, "{}", a as u64);
            return;
        }
        if push_few_decimals(out, a) {
            return;
        }
        let (digits, exp10) = shortest_digits(a);
        let len = digits.len() as i32;
        if exp10 <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', exp10.unsigned_abs() as usize));
            out.push_str(&digits);
        } else if exp10 >= len {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', (exp10 - len) as usize));
        } else {
            let (int, frac) = digits.split_at(exp10 as usize);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        }
    });
    out
}

/// Writes a finite `a > 0` below 2^30 that reads back from at most six decimals as the
/// shortest form does (`12.5`, `0.000001`) and returns `true`; otherwise writes nothing and
/// returns `false`. The app's SVG lengths and offsets (sums of character widths) are such
/// values, and this path costs a few float operations instead of the shortest-digits search.
///
/// Why it is exact: for a < 2^30 a's spacing (ulp) is at most 2^-23, so with d ≤ 6 decimals
/// 10^d · ulp < 0.12: at most one decimal of d places reads back as `a` (two would be 10^-d
/// apart, more than an ulp), `round(a · 10^d)` finds it when it exists (the product's own
/// rounding error is below 0.125 at these magnitudes, and a reading-back decimal is within half
/// an ulp of `a`), and `n / 10^d` (both exact, the quotient correctly rounded) equals `a`
/// exactly when that decimal reads back as `a`. The first d that works gives the fewest digits,
/// which is the shortest form (no shorter one exists, and a decimal of fewer places that reads
/// back would have been found at its d); a whole number is never reached here.
fn push_few_decimals(out: &mut String, a: f64) -> bool {
    if !(a > 0.0 && a < 1_073_741_824.0) {
        return false;
    }
    let mut unit = 1u64;
    for d in 1..=6usize {
        unit *= 10;
        let p = unit as f64;
        let n = (a * p).round();
        if n / p == a {
            let n = n as u64;
            let _ = write!(out, "{}.{:0d$}", n / unit, n % unit);
            return true;
        }
    }
    false
}

/// `x` as Rust's `{x:e}` (`LowerExp`) writes it: the shortest round-trip digits as `d.ddde-7`
/// (`1e0`, `1.5e16`); `NaN`, `inf`, `-inf`, `0e0`.
pub fn shortest_exp(x: f64) -> String {
    let mut out = String::new();
    push_signed(&mut out, x, |out, a| {
        if a == 0.0 {
            out.push_str("0e0");
            return;
        }
        let (digits, exp10) = shortest_digits(a);
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        let _ = write!(out, "e{}", exp10 - 1);
    });
    out
}

/// Two decimals with trailing zeros removed (`12.50` → `12.5`, `-0.00` → `0`): the terms of the
/// job priority sum, whose weights are whole numbers.
pub fn two_decimals(x: f64) -> String {
    let s = fixed(x, 2);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Reads a double exactly as Rust's `str::parse::<f64>` does (the same texts accepted, the same
/// correctly rounded value): an optional sign, then `inf`, `infinity` or `nan` in any case, or
/// digits with an optional point (`5.`, `.5`) and exponent (`1e5`, `1E-5`); no blanks.
///
/// The decimal conversion is serde_json's (correctly rounded with its `float_roundtrip`
/// feature), which the wasm build links anyway for JSON: `str::parse` would add core's own
/// reader and its 10 KB table of powers of five.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let value = if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if rest.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        parse_unsigned_decimal(rest)?
    };
    Some(if negative { -value } else { value })
}

/// `digits[.digits][(e|E)[sign]digits]` with a digit before or after the point, as a JSON
/// number (no leading zeros, no bare point) read by serde_json; too large is +∞.
fn parse_unsigned_decimal(text: &str) -> Option<f64> {
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (mantissa, exp) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if !digits(int) || !digits(frac) || (int.is_empty() && frac.is_empty()) {
        return None;
    }
    if let Some(exp) = exp {
        let unsigned = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        if unsigned.is_empty() || !digits(unsigned) {
            return None;
        }
    }
    if let Some(x) = clinger_fast_path(int, frac, exp) {
        return Some(x);
    }
    // Most texts are JSON already (`0.500000`, `12`, `1.5e-07`); others are rewritten.
    let json_int = int == "0" || (!int.is_empty() && !int.starts_with('0'));
    let json: std::borrow::Cow<str> = if json_int && (!frac.is_empty() || !mantissa.contains('.')) {
        text.into()
    } else {
        let int = int.trim_start_matches('0');
        let mut json = String::with_capacity(text.len() + 2);
        json.push_str(if int.is_empty() { "0" } else { int });
        if !frac.is_empty() {
            json.push('.');
            json.push_str(frac);
        }
        if let Some(exp) = exp {
            json.push('e');
            json.push_str(exp);
        }
        json.into()
    };
    match serde_json::from_str::<serde_json::Value>(&json) {
        Ok(value) => value.as_f64(),
        // The text is a valid JSON number, so the only error left is "out of range": a value
        // that rounds beyond the largest double.
        Err(_) => Some(f64::INFINITY),
    }
}

/// The value of `int.frac × 10^exp` when it is one correctly rounded operation (Clinger's fast
/// path): the digits form an integer of at most 2^53 and the power of ten is at most 10^22, so
/// both are exact doubles. `None` otherwise. (Most texts take this path: `0.500000`, `1024`.)
fn clinger_fast_path(int: &str, frac: &str, exp: Option<&str>) -> Option<f64> {
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    if int.len() + frac.len() > 19 {
        return None;
    }
    let w = int
        .bytes()
        .chain(frac.bytes())
        .fold(0u64, |w, b| w * 10 + u64::from(b - b'0'));
    if w > 1 << 53 {
        return None;
    }
    let e = match exp {
        Some(exp) => i64::from(exp.parse::<i32>().ok()?),
        None => 0,
    } - frac.len() as i64;
    let p = *POW10.get(usize::try_from(e.unsigned_abs()).ok()?)?;
    let w = w as f64;
    Some(if e >= 0 { w * p } else { w / p })
}

/// A Slurm time string in minutes, as `time_str2mins` reads PriorityDecayHalfLife and
/// PriorityCalcPeriod: `M`, `M:S`, `H:M:S`, `D-H`, `D-H:M`, `D-H:M:S`; seconds round up to a
/// minute. `None` for anything else (negative numbers, words, overflow).
pub fn parse_slurm_minutes(text: &str) -> Option<u64> {
    fn num(s: &str) -> Option<u64> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    }
    let text = text.trim();
    let (days, rest) = match text.split_once('-') {
        Some((d, rest)) => (Some(num(d)?), rest),
        None => (None, text),
    };
    let parts: Vec<u64> = rest.split(':').map(num).collect::<Option<_>>()?;
    let hms = |h: u64, m: u64, s: u64| {
        h.checked_mul(3600)?
            .checked_add(m.checked_mul(60)?)?
            .checked_add(s)
    };
    let secs = match (days, parts.as_slice()) {
        (Some(_), [h]) => hms(*h, 0, 0),
        (Some(_), [h, m]) => hms(*h, *m, 0),
        (Some(_), [h, m, s]) => hms(*h, *m, *s),
        (None, [m]) => hms(0, *m, 0),
        (None, [m, s]) => hms(0, *m, *s),
        (None, [h, m, s]) => hms(*h, *m, *s),
        _ => None,
    }?;
    let secs = match days {
        Some(d) => d.checked_mul(86_400)?.checked_add(secs)?,
        None => secs,
    };
    Some(secs.div_ceil(60))
}

/// Seconds as Slurm prints a duration: `D-HH:MM:SS`, or `HH:MM:SS` under a day.
pub fn fmt_duration(secs: i64) -> String {
    let sign = if secs < 0 { "-" } else { "" };
    let s = secs.unsigned_abs();
    let (d, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{sign}{d}-{h:02}:{m:02}:{s:02}")
    } else {
        format!("{sign}{h:02}:{m:02}:{s:02}")
    }
}

/// A number of hours for an input's value: no trailing zeros.
pub fn fmt_hours(secs: i64) -> String {
    let h = secs as f64 / 3600.0;
    if h.fract() == 0.0 {
        fixed(h, 0)
    } else {
        shortest(h)
    }
}

/// PriorityWeightTRES (and `TRESBillingWeights`) as slurm.conf writes it: comma-separated
/// `TYPE=weight` pairs such as `CPU=500,GRES/gpu=1000`; blanks around names and weights are
/// ignored and an empty text is no weights. A TRES type is letters, digits and `/ _ - :`; a
/// weight is a whole number (what sites use; Slurm stores these weights as `uint32`). `None`
/// if any pair is not of that form.
pub fn parse_tres_weights(text: &str) -> Option<Vec<(String, u32)>> {
    let text = text.trim();
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',')
        .map(|pair| {
            let (name, weight) = pair.split_once('=')?;
            let name = name.trim();
            let ok = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | ':'));
            ok.then_some(())?;
            Some((name.to_string(), weight.trim().parse::<u32>().ok()?))
        })
        .collect()
}

/// TRES weights back as slurm.conf text (`CPU=500,GRES/gpu=1000`), which
/// [`parse_tres_weights`] reads back unchanged.
pub fn fmt_tres_weights(weights: &[(String, u32)]) -> String {
    let mut out = String::new();
    for (i, (name, w)) in weights.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{name}={w}");
    }
    out
}

/// A count with thousands separators, as the move of a user is read: `1352` → `1,352`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A change as a whole percentage of the old value, without its sign (the words say which
/// way): `0.38` → `38%`, `-0.12` → `12%`; one decimal below 10 % (`0.004` → `0.4%`), `<0.1%`
/// for smaller nonzero changes; `inf`/`nan` as [`fixed`] writes them.
pub fn percent(change: f64) -> String {
    let p = (change * 100.0).abs();
    if p != 0.0 && p < 0.05 {
        return "<0.1%".into();
    }
    let mut out = trim_fixed(&fixed(p, if p < 10.0 { 1 } else { 0 }));
    out.push('%');
    out
}

/// A large amount in three significant digits at most, with k, M, G, T, P, E
/// (`1_234_567.0` → `1.23M`, `950.0` → `950`, `0.5` → `0.5`), without its sign; for usage in
/// TRES-seconds in sentences (the exact values are in the tables).
pub fn compact(x: f64) -> String {
    let mut a = x.abs();
    if !a.is_finite() {
        return fixed(a, 0);
    }
    let mut unit = 0;
    const UNITS: [&str; 7] = ["", "k", "M", "G", "T", "P", "E"];
    while a >= 999.5 && unit + 1 < UNITS.len() {
        a /= 1000.0;
        unit += 1;
    }
    let decimals = if a >= 99.95 {
        0
    } else if a >= 9.995 {
        1
    } else {
        2
    };
    let mut out = trim_fixed(&fixed(a, decimals));
    out.push_str(UNITS[unit]);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn grouped_percent_and_compact() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1352), "1,352");
        assert_eq!(super::grouped(1_234_567), "1,234,567");
        assert_eq!(super::percent(0.38), "38%");
        assert_eq!(super::percent(-0.12), "12%");
        assert_eq!(super::percent(0.004), "0.4%");
        assert_eq!(super::percent(0.0001), "<0.1%");
        assert_eq!(super::percent(0.0), "0%");
        assert_eq!(super::percent(6.6667), "667%");
        assert_eq!(super::compact(1_234_567.0), "1.23M");
        assert_eq!(super::compact(-1_200_000.0), "1.2M");
        assert_eq!(super::compact(950.0), "950");
        assert_eq!(super::compact(999.7), "1k");
        assert_eq!(super::compact(0.5), "0.5");
        assert_eq!(super::compact(200.0), "200");
        assert_eq!(super::compact(12_345.0), "12.3k");
    }

    use super::*;

    #[test]
    fn formula_values_read_as_the_formula_writes_them() {
        assert_eq!(formula_value(0.3875), "0.387500");
        assert_eq!(formula_value(0.0), "0.000000");
        assert_eq!(formula_value(1.2363462267067424e-07), "1.236e-07");
        assert_eq!(formula_usage(LongDouble::from_u64(100)), "100");
        assert_eq!(
            formula_usage(LongDouble::from_f64(19132102.999856964)),
            "19132102.999857"
        );
        assert_eq!(fixed(0.5f64.powf(1.0 / 7.0), 16), "0.9057236642639067");
        assert_eq!(fixed(2.0 / 3.0, 8), "0.66666667");
    }

    #[test]
    fn sig17_matches_printf() {
        // Expected texts are C's / Python's "%.17g".
        let cases: [(f64, &str); 14] = [
            (2.0 / 3.0, "0.66666666666666663"),
            (0.6666666666666666, "0.66666666666666663"),
            (1.0, "1"),
            (0.5, "0.5"),
            (0.1, "0.10000000000000001"),
            (1e-5, "1.0000000000000001e-05"),
            (0.0001, "0.0001"),
            (1e17, "1e+17"),
            (1.2345678901234568e17, "1.2345678901234568e+17"),
            (12345678901234567.0, "12345678901234568"),
            (4294967294.0, "4294967294"),
            (-2.5, "-2.5"),
            (5e-324, "4.9406564584124654e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
        ];
        for (x, want) in cases {
            assert_eq!(sig17(x), want, "{x:e}");
            let back: f64 = sig17(x).parse().unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "round trip of {x:e}");
        }
        assert_eq!(sig17(0.0), "0");
        assert_eq!(sig17(f64::INFINITY), "inf");
    }

    #[test]
    fn sig17_round_trips_many_values() {
        let mut rng = crate::r#gen::SplitMix64::new(7);
        for _ in 0..20_000 {
            let x = f64::from_bits(rng.next_u64());
            if !x.is_finite() {
                continue;
            }
            let text = sig17(x);
            let back: f64 = text.parse().unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "{text}");
            let digits = text
                .split(['e'])
                .next()
                .unwrap()
                .chars()
                .filter(char::is_ascii_digit)
                .collect::<String>();
            assert!(digits.trim_start_matches('0').len() <= 17, "{text}");
        }
    }

    /// The 128-bit path of `sig17` gives `printf_e(x, 16)`'s digits, and it is the path taken
    /// for everyday values (U, S, Level FS, FairShare).
    #[test]
    fn sig17_short_path_is_printf_e() {
        let mut rng = crate::r#gen::SplitMix64::new(23);
        let mut taken = 0;
        let mut values = vec![0.1, 2.0 / 3.0, 1.0 - f64::EPSILON / 2.0, 0.95, 9.5, 1e-16];
        for _ in 0..30_000 {
            values.push(f64::from_bits(rng.next_u64()).abs());
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            values.push(unit);
            values.push(unit * 10f64.powi((rng.next_u64() % 40) as i32 - 20));
            // Just below and above powers of ten (log10 off by one), and decimals that round.
            let ten = 10f64.powi((rng.next_u64() % 30) as i32 - 15);
            values.push(f64::from_bits(ten.to_bits() - 1 - rng.next_u64() % 3));
            values.push(f64::from_bits(ten.to_bits() + rng.next_u64() % 3));
        }
        for a in values {
            let Some((digits, exp)) = e16_in_u128(a) else {
                continue;
            };
            taken += 1;
            let want = printf_e(a, 16);
            let got = format!(
                "{}.{:016}e{}{:02}",
                digits / 10u64.pow(16),
                digits % 10u64.pow(16),
                if exp < 0 { '-' } else { '+' },
                exp.abs()
            );
            assert_eq!(got, want, "{:#x}", a.to_bits());
        }
        assert!(taken > 60_000, "{taken}");
    }

    #[test]
    fn trimmed_forms_drop_only_trailing_zeros() {
        assert_eq!(trim_fixed("1.250000"), "1.25");
        assert_eq!(trim_fixed("1.000000"), "1");
        assert_eq!(trim_fixed("inf"), "inf");
        assert_eq!(trim_fixed("100"), "100");
        assert_eq!(trimmed(2.5), "2.5");
        assert_eq!(trimmed(1e-7), "0");
        assert_eq!(two_decimals(12.5), "12.5");
        assert_eq!(two_decimals(-0.001), "0");
        assert_eq!(two_decimals(3.0), "3");
    }

    /// `parse_f64` against `str::parse` (the reference) on the same text.
    fn same_as_str_parse(text: &str) {
        let want = text.parse::<f64>().ok();
        let got = parse_f64(text);
        match (want, got) {
            (Some(w), Some(g)) if w.is_nan() => {
                assert!(g.is_nan(), "{text:?}: {g:?}");
                assert_eq!(w.is_sign_negative(), g.is_sign_negative(), "{text:?}");
            }
            (Some(w), Some(g)) => assert_eq!(w.to_bits(), g.to_bits(), "{text:?}: {w:e} {g:e}"),
            (None, None) => {}
            _ => panic!("{text:?}: str::parse {want:?}, parse_f64 {got:?}"),
        }
    }

    #[test]
    fn parse_f64_reads_what_str_parse_reads() {
        for text in [
            "0",
            "-0",
            "+0",
            "00",
            "007",
            "1",
            "-1",
            "+1.5",
            "1.",
            ".5",
            "-.5",
            ".",
            "-",
            "+",
            "",
            "e5",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1e",
            "1e+",
            "1.5e3",
            "0.0001",
            "1_000",
            " 1",
            "1 ",
            "0x10",
            "inf",
            "-inf",
            "+inf",
            "INF",
            "Infinity",
            "-infinity",
            "infin",
            "nan",
            "NaN",
            "-nan",
            "+NAN",
            "nanx",
            "1e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "-1e400",
            "1e-400",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "0e99999999999999999999",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "18446744073709551615",
            "18446744073709551616",
            "9007199254740993",
            "123456789012345678901234567890",
            "0.1",
            "0.30000000000000004",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "1--1",
            "1.2.3",
            "1e5.5",
            "٣",
            "1e١",
        ] {
            same_as_str_parse(text);
        }
    }

    #[test]
    fn parse_f64_agrees_on_many_texts() {
        let mut rng = crate::r#gen::SplitMix64::new(11);
        for _ in 0..20_000 {
            let x = f64::from_bits(rng.next_u64());
            if !x.is_finite() {
                continue;
            }
            same_as_str_parse(&sig17(x));
            same_as_str_parse(&format!("{x:e}"));
            same_as_str_parse(&format!("{x:.30e}"));
            // Random short decimals, with ties and long mantissas among them.
            let digits = rng.next_u64() % 10_000_000_000_000_000_000;
            let exp = (rng.next_u64() % 700) as i64 - 350;
            same_as_str_parse(&format!("{digits}e{exp}"));
            same_as_str_parse(&format!("{digits}5000000000000000000001e{exp}"));
            same_as_str_parse(&format!(".{digits}"));
        }
    }

    #[test]
    fn float_texts_are_rusts() {
        let mut rng = crate::r#gen::SplitMix64::new(5);
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            0.15,
            0.25,
            2.5,
            -2.5,
            1e15,
            1e16,
            1e21,
            1e22,
            1e-4,
            1e-5,
            1e-7,
            5e-324,
            2.2250738585072014e-308,
            f64::MAX,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            123.456,
            0.1 + 0.2,
            9007199254740993.0,
            4294967296.5,
        ];
        for _ in 0..20_000 {
            values.push(f64::from_bits(rng.next_u64()));
            // Everyday magnitudes: geometry, percentages, hours.
            values.push((rng.next_u64() % 10_000_000) as f64 / 1024.0 - 4000.0);
            // Halfway cases: few fraction bits at 16-17 digits, integers ending in 5 beyond.
            let n = (1u64 << 49) + rng.next_u64() % (1u64 << 50);
            values.push(n as f64 + 0.25);
            values.push((n % 100_000_000_000_000_000 / 10 * 10 + 5) as f64 * 1e3);
            // Few decimals (the short path of `shortest`): decimals read as doubles, sums of
            // character widths as the cards' lengths are, and values next to them.
            let k = rng.next_u64();
            let d = (k % 7) as i32;
            let few = (k >> 8) as f64 % 2e9 / 10f64.powi(d);
            values.push(few);
            values.push(f64::from_bits(few.to_bits() + 1));
            values.push(f64::from_bits(few.to_bits().saturating_sub(1)));
            let width: f64 = (0..k % 40)
                .map(|i| [7.2, 6.6, 12.96, 0.1][(i % 4) as usize])
                .sum();
            values.push(width);
            values.push(width - 8.0 - 2.5);
        }
        for x in values {
            assert_eq!(shortest(x), format!("{x}"), "{:#x}", x.to_bits());
            assert_eq!(shortest_exp(x), format!("{x:e}"), "{:#x}", x.to_bits());
            for decimals in [0, 1, 2, 3, 6, 16, 20, 40] {
                assert_eq!(
                    fixed(x, decimals),
                    format!("{x:.decimals$}"),
                    "{x:e} {decimals}"
                );
            }
        }
    }

    #[test]
    fn slurm_time_strings() {
        assert_eq!(parse_slurm_minutes("7-0"), Some(7 * 24 * 60));
        assert_eq!(parse_slurm_minutes("10080"), Some(10080));
        assert_eq!(parse_slurm_minutes("5"), Some(5));
        assert_eq!(parse_slurm_minutes("2:30:00"), Some(150));
        assert_eq!(
            parse_slurm_minutes("1:30"),
            Some(2),
            "M:S, seconds round up"
        );
        assert_eq!(parse_slurm_minutes("1-12"), Some(36 * 60));
        assert_eq!(parse_slurm_minutes("1-12:30"), Some(36 * 60 + 30));
        assert_eq!(parse_slurm_minutes("1-0:0:1"), Some(24 * 60 + 1));
        assert_eq!(parse_slurm_minutes(" 0 "), Some(0));
        for bad in [
            "",
            "-1",
            "7d",
            "1:2:3:4",
            "a-1",
            "1-",
            "1.5",
            "99999999999999999999",
        ] {
            assert_eq!(parse_slurm_minutes(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn durations_print_like_slurm() {
        assert_eq!(fmt_duration(0), "00:00:00");
        assert_eq!(fmt_duration(300), "00:05:00");
        assert_eq!(fmt_duration(604_800), "7-00:00:00");
        assert_eq!(fmt_duration(90_061), "1-01:01:01");
        assert_eq!(fmt_duration(-3600), "-01:00:00");
        assert_eq!(fmt_hours(86_400), "24");
        assert_eq!(fmt_hours(5400), "1.5");
    }

    #[test]
    fn tres_weights_parse_like_slurm_conf() {
        assert_eq!(
            parse_tres_weights("CPU=500,GRES/gpu=1000"),
            Some(vec![("CPU".into(), 500), ("GRES/gpu".into(), 1000)])
        );
        assert_eq!(parse_tres_weights(" "), Some(vec![]));
        assert_eq!(
            parse_tres_weights("Mem = 2 "),
            Some(vec![("Mem".into(), 2)])
        );
        for bad in [
            "CPU",
            "CPU=-1",
            "=5",
            "C P U=5",
            "CPU=1.5",
            "CPU=1,",
            "CPU=99999999999",
        ] {
            assert_eq!(parse_tres_weights(bad), None, "{bad:?}");
        }
        let w = vec![("CPU".to_string(), 1), ("GRES/gpu".to_string(), 2)];
        assert_eq!(fmt_tres_weights(&w), "CPU=1,GRES/gpu=2");
        assert_eq!(parse_tres_weights(&fmt_tres_weights(&w)), Some(w));
        assert_eq!(fmt_tres_weights(&[]), "");
    }
}
