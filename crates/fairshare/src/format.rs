//! Every number format the app and the CLI show, in one place: C's `printf` forms (exact, as
//! glibc rounds), the trimmed forms people read, and Slurm's duration syntax.
//!
//! `%f` for doubles and `%.21Lg`/`%.Nf` for 80-bit values live with the sshare printer and
//! [`crate::LongDouble`]; they are re-exported here so callers need one module.

use std::fmt::Write as _;

pub use crate::sshare::{format_double, printf_e, printf_f};

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
    // Rust's exact-precision formatting is correctly rounded, as glibc's printf is.
    let e_form = format!("{x:.16e}");
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
        format!("{f:.0}")
    } else {
        formula_value(f)
    }
}

/// `x` with exactly `decimals` digits after the point (Rust's correctly rounded formatting,
/// as glibc's `%.Nf` rounds): the decay factors (`%.16f`, `%.8f`) people compare with
/// Slurm's documentation.
pub fn fixed(x: f64, decimals: usize) -> String {
    format!("{x:.decimals$}")
}

/// Two decimals with trailing zeros removed (`12.50` → `12.5`, `-0.00` → `0`): the terms of the
/// job priority sum, whose weights are whole numbers.
pub fn two_decimals(x: f64) -> String {
    let s = format!("{x:.2}");
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
        format!("{h:.0}")
    } else {
        format!("{h}")
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

#[cfg(test)]
mod tests {
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
