//! The page's query parameters (`?lang=ja&theme=dark&preset=test24-4&step=12&embed=1`), read
//! once at start. Pure: parsing never fails; an unknown key or a bad value is ignored, so a
//! docs page with a typo still gets a working app.
//!
//! | key | values | effect |
//! |---|---|---|
//! | `lang` | `en`, `ja` | the UI language (default: remembered choice, else the browser's) |
//! | `theme` | `light`, `dark` | the colour theme (default: the system's) |
//! | `preset` | a preset id | opens that preset |
//! | `step` | 0, 1, … | the ranking animation's cursor (clamped to the walk) |
//! | `embed` | `1` | embed mode: `ft-embed` on `<html>`, an `Open in full` link |
//! | `present` | `1` | presenter mode (read here; the layout decides what it changes) |
//! | `me` | `user`, `account/user` | selected on open (the tree view reads it) |
//! | `fresh` | `1` | discard the saved session (the panic banner's `Start over`) |
//! | `src` | a same-origin URL | a snapshot in any importable format, loaded on open |
//! | `before` | a same-origin URL | an earlier snapshot to compare with (`boundary::snapshot_urls`) |
//! | `timeline` | a same-origin URL | a list of snapshot URLs, oldest first (`boundary::timeline_urls`) |

use crate::messages::Lang;

/// An explicit colour theme; none means the system's (`prefers-color-scheme`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Light colours.
    Light,
    /// Dark colours.
    Dark,
}

impl Theme {
    /// The value of `data-theme` on `<html>`.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// What the query string asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchParams {
    /// `lang=`.
    pub lang: Option<Lang>,
    /// `theme=`.
    pub theme: Option<Theme>,
    /// `preset=` (not checked against the presets here).
    pub preset: Option<String>,
    /// `step=`.
    pub step: Option<usize>,
    /// `embed=1`.
    pub embed: bool,
    /// `present=1`.
    pub present: bool,
    /// `me=` (percent-decoded).
    pub me: Option<String>,
    /// `fresh=1`.
    pub fresh: bool,
    /// `src=` (percent-decoded): a snapshot to load on open.
    pub src: Option<String>,
    /// `before=` (percent-decoded): an earlier snapshot to compare with.
    pub before: Option<String>,
    /// `calc=` (percent-decoded): open `What would it take` with a question filled in
    /// (`crate::panels::calc_panel::CalcParam`).
    pub calc: Option<String>,
    /// `timeline=` (percent-decoded): a list of snapshot URLs, loaded as a timeline.
    pub timeline: Option<String>,
}

impl LaunchParams {
    /// Reads a query string, with or without its leading `?`.
    pub fn parse(query: &str) -> Self {
        let mut res = Self::default();
        // Values too long or not UTF-8 are skipped there ([`fairshare::link::query_pairs`]).
        for (key, value) in fairshare::link::query_pairs(query) {
            match key {
                "lang" => res.lang = Lang::from_tag(&value).or(res.lang),
                "theme" => {
                    res.theme = match value.as_str() {
                        "light" => Some(Theme::Light),
                        "dark" => Some(Theme::Dark),
                        _ => res.theme,
                    }
                }
                "preset" if !value.is_empty() => res.preset = Some(value),
                "step" => res.step = value.parse().ok().or(res.step),
                "embed" => res.embed = is_on(&value),
                "present" => res.present = is_on(&value),
                "me" if !value.is_empty() => res.me = Some(value),
                "fresh" => res.fresh = is_on(&value),
                "src" if !value.is_empty() => res.src = Some(value),
                "before" if !value.is_empty() => res.before = Some(value),
                "calc" if !value.is_empty() => res.calc = Some(value),
                "timeline" if !value.is_empty() => res.timeline = Some(value),
                _ => {}
            }
        }
        res
    }
}

fn is_on(value: &str) -> bool {
    matches!(value, "1" | "true" | "yes" | "on")
}

/// The standalone app's URL for "Open in full": `href` without `embed` (and without `fresh`
/// and `step`, which `step` then replaces when given), with `fragment` as its fragment.
pub fn full_url(href: &str, step: Option<usize>, fragment: &str) -> String {
    let base = href.split_once('#').map_or(href, |(base, _)| base);
    let (path, query) = base.split_once('?').unwrap_or((base, ""));
    let mut pairs: Vec<String> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let key = p.split_once('=').map_or(*p, |(k, _)| k);
            !matches!(key, "embed" | "fresh" | "step")
        })
        .map(str::to_string)
        .collect();
    if let Some(step) = step {
        pairs.push(format!("step={step}"));
    }
    let mut res = path.to_string();
    if !pairs.is_empty() {
        res.push('?');
        res.push_str(&pairs.join("&"));
    }
    if !fragment.is_empty() {
        res.push('#');
        res.push_str(fragment);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::link::percent_decode;

    #[test]
    fn every_parameter_is_read() {
        let p = LaunchParams::parse(
            "?lang=ja&theme=dark&preset=test24-4&step=12&embed=1&present=1&me=physics%2Falice&fresh=1&src=snap%2Ftoday.txt&before=yesterday.txt&calc=shares%3A1&timeline=snap%2Fday.txt",
        );
        assert_eq!(
            p,
            LaunchParams {
                lang: Some(Lang::Ja),
                theme: Some(Theme::Dark),
                preset: Some("test24-4".into()),
                step: Some(12),
                embed: true,
                present: true,
                me: Some("physics/alice".into()),
                fresh: true,
                src: Some("snap/today.txt".into()),
                before: Some("yesterday.txt".into()),
                calc: Some("shares:1".into()),
                timeline: Some("snap/day.txt".into()),
            }
        );
        assert_eq!(LaunchParams::parse(""), LaunchParams::default());
        assert_eq!(LaunchParams::parse("theme=light").theme, Some(Theme::Light));
        assert_eq!(
            LaunchParams::parse("calc=below%3Aalice").calc.as_deref(),
            Some("below:alice")
        );
        assert_eq!(LaunchParams::parse("calc=").calc, None);
        assert_eq!(LaunchParams::parse("lang=en-GB").lang, Some(Lang::En));
    }

    #[test]
    fn bad_values_are_ignored_not_fatal() {
        let p = LaunchParams::parse(
            "lang=de&theme=pink&step=-3&step=x&embed=0&me=%ff%fe&preset=&&=&%%%&me=%",
        );
        assert_eq!(p.lang, None);
        assert_eq!(p.theme, None);
        assert_eq!(p.step, None);
        assert!(!p.embed);
        assert_eq!(p.preset, None);
        assert_eq!(p.me.as_deref(), Some("%"));
        let huge = format!("me={}", "a".repeat(10_000));
        assert_eq!(LaunchParams::parse(&huge).me, None);
        assert_eq!(
            LaunchParams::parse("step=99999999999999999999999").step,
            None
        );
        // Arbitrary text never panics.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for len in 0..300 {
            let text: String = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    char::from(b"%2fF=&?+me=lang=step9x\xc3"[(seed % 23) as usize])
                })
                .collect();
            let _ = LaunchParams::parse(&text);
        }
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b+c").as_deref(), Some("a b c"));
        assert_eq!(percent_decode("%E5%90%8D").as_deref(), Some("名"));
        assert_eq!(percent_decode("100%").as_deref(), Some("100%"));
        assert_eq!(percent_decode("%4").as_deref(), Some("%4"));
        assert_eq!(percent_decode("%zz").as_deref(), Some("%zz"));
        assert_eq!(percent_decode("%ff"), None);
    }

    #[test]
    fn open_in_full_drops_embed_and_keeps_the_rest() {
        assert_eq!(
            full_url(
                "http://h/docs/fx/?embed=1&lang=ja&step=3#old",
                Some(7),
                "z=abc"
            ),
            "http://h/docs/fx/?lang=ja&step=7#z=abc"
        );
        assert_eq!(full_url("http://h/?embed=1", None, ""), "http://h/");
    }
}
