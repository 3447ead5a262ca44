//! A timeline: N snapshots of one cluster, oldest first, each with an optional time; each step
//! between two consecutive snapshots explained as [`crate::snapshot`] explains two, and a
//! user's position and FairShare followed across all of them.
//!
//! - [`parse_list`] reads the `timeline=` list a docs site publishes: one snapshot URL a line,
//!   oldest first, each optionally prefixed by an ISO 8601 time and a space
//!   (`2024-05-01T12:00Z data/sshare-1200.txt`). Blank lines and `#` comments are skipped with
//!   a warning; a line that is neither is an error naming the line, and is left out.
//! - [`Timeline::new`] ranks every snapshot (Slurm's tie rule) and matches each with the next
//!   by name ([`crate::snapshot::match_trees`]); [`Timeline::step`] compares two consecutive
//!   snapshots exactly as the before/after comparison does; [`Timeline::series`] follows one
//!   association through the matchings (positions and FairShare per moment).
//!
//! Cost: N rankings and N − 1 matchings, each near-linear in its snapshot, at load; a series is
//! O(N); nothing recurses. Showing a step ([`Timeline::moves`]) ranks and matches nothing
//! again: both rankings and the matching are the ones made at load, and the step's moves are
//! computed on its first showing and kept (one diff per step, at most the size of the rankings
//! already held, so the cache is never the larger part of a timeline's memory).

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::diff::{RunDiff, run_diff};
use crate::snapshot::{Comparison, Matching, match_trees};
use crate::tree::AssocTree;
use crate::{Ranked, Severity, TieRule};

/// A moment in time read from an ISO 8601 text: the text as written and seconds since
/// 1970-01-01T00:00:00Z (a time without an offset is read as UTC).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Time {
    /// As written in the list.
    pub text: String,
    /// Seconds since the Unix epoch, UTC.
    pub unix: i64,
}

/// Days from 1970-01-01 to the given civil date (proleptic Gregorian), Howard Hinnant's
/// well-known algorithm.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `n` ASCII digits at the start of `s`, as a number, and the rest.
fn digits(s: &str, n: usize) -> Option<(i64, &str)> {
    let head = s.get(..n)?;
    if !head.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((head.parse().ok()?, &s[n..]))
}

impl Time {
    /// Reads `YYYY-MM-DD`, optionally followed by `T` (or `t`) and `HH:MM`, `:SS` and a
    /// fraction, then `Z` or an offset `±HH:MM` / `±HHMM`. `None` for anything else,
    /// including a date or time out of range.
    pub fn parse(text: &str) -> Option<Time> {
        let (y, s) = digits(text, 4)?;
        let s = s.strip_prefix('-')?;
        let (mo, s) = digits(s, 2)?;
        let s = s.strip_prefix('-')?;
        let (d, mut s) = digits(s, 2)?;
        if !(1..=12).contains(&mo) || d < 1 || d > days_in_month(y, mo) {
            return None;
        }
        let (mut h, mut mi, mut sec) = (0, 0, 0);
        if let Some(rest) = s.strip_prefix('T').or_else(|| s.strip_prefix('t')) {
            let (hh, rest) = digits(rest, 2)?;
            let rest = rest.strip_prefix(':')?;
            let (mm, mut rest) = digits(rest, 2)?;
            if let Some(r) = rest.strip_prefix(':') {
                let (ss, r) = digits(r, 2)?;
                sec = ss;
                rest = r;
                if let Some(r) = rest.strip_prefix('.').or_else(|| rest.strip_prefix(',')) {
                    let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
                    if end == 0 {
                        return None;
                    }
                    rest = &r[end..];
                }
            }
            (h, mi) = (hh, mm);
            s = rest;
        }
        if h > 23 || mi > 59 || sec > 60 {
            return None;
        }
        let offset = match s {
            "" | "Z" | "z" => 0,
            _ => {
                let sign = match s.as_bytes()[0] {
                    b'+' => 1,
                    b'-' => -1,
                    _ => return None,
                };
                let (oh, r) = digits(&s[1..], 2)?;
                let r = r.strip_prefix(':').unwrap_or(r);
                let (om, r) = digits(r, 2)?;
                if !r.is_empty() || oh > 23 || om > 59 {
                    return None;
                }
                sign * (oh * 3600 + om * 60)
            }
        };
        let unix = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec - offset;
        Some(Time {
            text: text.to_string(),
            unix,
        })
    }
}

/// How many of a step's movers [`Timeline::moves`] gives a reason (the largest moves first):
/// as many as a what-if list shows.
pub const EXPLAINED: usize = 200;

/// One snapshot named by a timeline list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListEntry {
    /// Its 1-based line in the list.
    pub line: usize,
    /// The time it was taken, if the line gives one.
    pub time: Option<Time>,
    /// The snapshot's URL as written (absolute or relative to the list).
    pub url: String,
}

/// What is wrong with a line of a timeline list (the values cut to 40 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListProblem {
    /// A blank line between entries, skipped.
    Blank,
    /// A `#` comment, skipped.
    Comment,
    /// Two words where the first is not an ISO 8601 time; the line is left out.
    BadTime {
        /// The first word.
        found: String,
    },
    /// More than a time and a URL; the line is left out.
    TooManyWords {
        /// How many words the line has.
        words: usize,
    },
    /// Its time is not later than the entry above it (the list is oldest first); kept in list
    /// order.
    NotLater {
        /// The line of the entry above.
        previous: usize,
    },
    /// Some entries have a time and this one has none; kept, without a time.
    NoTime,
    /// No snapshot URL at all.
    NoEntries,
}

impl fmt::Display for ListProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListProblem::Blank => write!(f, "blank line skipped"),
            ListProblem::Comment => write!(f, "comment skipped"),
            ListProblem::BadTime { found } => write!(
                f,
                "{} is not an ISO 8601 time (e.g. 2024-05-01T12:00Z); line left out",
                crate::diag::quote(found)
            ),
            ListProblem::TooManyWords { words } => write!(
                f,
                "{words} words; a line is a URL, optionally after a time and a space; line left out"
            ),
            ListProblem::NotLater { previous } => write!(
                f,
                "not later than line {previous}; the list should be oldest first (kept in list order)"
            ),
            ListProblem::NoTime => write!(f, "no time, where other lines have one"),
            ListProblem::NoEntries => write!(f, "no snapshot URL in the list"),
        }
    }
}

/// A problem on a line of a timeline list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListDiagnostic {
    /// 1-based line (`None` for the whole list).
    pub line: Option<usize>,
    /// Warning (read, with an assumption) or error (left out).
    pub severity: Severity,
    /// What is wrong.
    pub problem: ListProblem,
}

impl fmt::Display for ListDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        match self.line {
            Some(line) => write!(f, "line {line}: {kind}: {}", self.problem),
            None => write!(f, "{kind}: {}", self.problem),
        }
    }
}

fn cut(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// Reads a timeline list (see the module doc): the entries in list order and what was wrong.
/// Never fails; O(length of the text).
pub fn parse_list(text: &str) -> (Vec<ListEntry>, Vec<ListDiagnostic>) {
    let mut entries: Vec<ListEntry> = Vec::new();
    let mut diags = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    // Blank lines before the first and after the last entry are not worth a warning.
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let say = |diags: &mut Vec<ListDiagnostic>, line, severity, problem| {
        diags.push(ListDiagnostic {
            line: Some(line),
            severity,
            problem,
        })
    };
    for (i, raw) in lines.iter().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim().trim_start_matches('\u{feff}');
        if trimmed.is_empty() {
            if first.is_some_and(|f| i > f) && last.is_some_and(|l| i < l) {
                say(&mut diags, line, Severity::Warning, ListProblem::Blank);
            }
            continue;
        }
        if trimmed.starts_with('#') {
            say(&mut diags, line, Severity::Warning, ListProblem::Comment);
            continue;
        }
        let words: Vec<&str> = trimmed.split_whitespace().collect();
        let (time, url) = match words.as_slice() {
            [url] => (None, *url),
            [t, url] => match Time::parse(t) {
                Some(time) => (Some(time), *url),
                None => {
                    let found = cut(t);
                    say(
                        &mut diags,
                        line,
                        Severity::Error,
                        ListProblem::BadTime { found },
                    );
                    continue;
                }
            },
            _ => {
                let words = words.len();
                say(
                    &mut diags,
                    line,
                    Severity::Error,
                    ListProblem::TooManyWords { words },
                );
                continue;
            }
        };
        if let (Some(t), Some(prev)) = (
            &time,
            entries.iter().rev().find(|e: &&ListEntry| e.time.is_some()),
        ) && prev.time.as_ref().is_some_and(|p| t.unix <= p.unix)
        {
            let previous = prev.line;
            say(
                &mut diags,
                line,
                Severity::Warning,
                ListProblem::NotLater { previous },
            );
        }
        entries.push(ListEntry {
            line,
            time,
            url: url.to_string(),
        });
    }
    if entries.iter().any(|e| e.time.is_some()) {
        for e in entries.iter().filter(|e| e.time.is_none()) {
            say(&mut diags, e.line, Severity::Warning, ListProblem::NoTime);
        }
        diags.sort_by_key(|d| d.line);
    }
    if entries.is_empty() {
        diags.push(ListDiagnostic {
            line: None,
            severity: Severity::Error,
            problem: ListProblem::NoEntries,
        });
    }
    (entries, diags)
}

/// One snapshot of a timeline: when, what it is called (a URL or file name), and its tree
/// ranked under Slurm's tie rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    /// When it was taken, if known.
    pub time: Option<Time>,
    /// Its name (URL or file name), as given.
    pub label: String,
    /// The snapshot, ranked.
    pub ranked: Ranked,
}

/// One association at one moment of a [`Timeline::series`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Its position in that snapshot's tree.
    pub ix: usize,
    /// Its position in the ranking (1 = first served); `None` for an account or a partial tree.
    pub position: Option<u32>,
    /// Its FairShare; `None` where the run gives none.
    pub fairshare: Option<f64>,
}

/// N snapshots, oldest first, each matched by name with the next.
#[derive(Clone, Debug)]
pub struct Timeline {
    moments: Vec<Moment>,
    /// `links[k]` matches moment `k` (before) with moment `k + 1` (after).
    links: Vec<Matching>,
    /// `moves[k]`: the moves from moment `k` to moment `k + 1` (the first [`EXPLAINED`] with a
    /// reason), computed on the first [`Timeline::moves`] of that step and kept, shared with
    /// its readers ([`Timeline::shared_moves`]).
    moves: Vec<OnceLock<Arc<RunDiff>>>,
}

impl PartialEq for Timeline {
    /// The same snapshots and matchings (what is cached so far does not count).
    fn eq(&self, other: &Timeline) -> bool {
        self.moments == other.moments && self.links == other.links
    }
}

impl Timeline {
    /// Ranks each snapshot and matches each with the next. `snapshots` are oldest first.
    ///
    /// The snapshots are numbered alike: the newest keeps its ids, and each older one takes the
    /// ids of the associations it matches in the next ([`Matching::renumbered`]), so an
    /// association keeps one id from snapshot to snapshot (a view keyed by id moves it rather
    /// than replacing it). Ids take no part in ranking, so nothing else changes.
    pub fn new(snapshots: Vec<(Option<Time>, String, AssocTree)>) -> Timeline {
        let mut trees: Vec<AssocTree> = Vec::with_capacity(snapshots.len());
        let mut rest = Vec::with_capacity(snapshots.len());
        for (time, label, tree) in snapshots {
            trees.push(tree);
            rest.push((time, label));
        }
        let mut links: Vec<Matching> = Vec::with_capacity(trees.len().saturating_sub(1));
        for k in (0..trees.len().saturating_sub(1)).rev() {
            let link = match_trees(&trees[k], &trees[k + 1]);
            trees[k] = link.renumbered().clone();
            links.push(link);
        }
        links.reverse();
        let moments = trees
            .iter()
            .zip(rest)
            .map(|(tree, (time, label))| Moment {
                time,
                label,
                ranked: Ranked::new(tree, TieRule::Slurm),
            })
            .collect();
        let moves = links.iter().map(|_| OnceLock::new()).collect();
        Timeline {
            moments,
            links,
            moves,
        }
    }

    /// A before/after pair as a timeline of two, the after snapshot already ranked (its ids are
    /// kept, as [`Timeline::new`] keeps the newest's): the same timeline as `Timeline::new` of
    /// the two trees, without ranking the after tree again. Its moments are unnamed
    /// (empty labels, no times).
    pub fn pair(before: &AssocTree, after: Ranked) -> Timeline {
        let link = match_trees(before, after.tree());
        let before = Ranked::new(link.renumbered(), TieRule::Slurm);
        let moment = |ranked| Moment {
            time: None,
            label: String::new(),
            ranked,
        };
        Timeline {
            moments: vec![moment(before), moment(after)],
            links: vec![link],
            moves: vec![OnceLock::new()],
        }
    }

    /// How many snapshots.
    pub fn len(&self) -> usize {
        self.moments.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.moments.is_empty()
    }

    /// The snapshots, oldest first.
    pub fn moments(&self) -> &[Moment] {
        &self.moments
    }

    /// The matching of moment `k − 1` (before) with moment `k` (after), `k ≥ 1`.
    pub fn matching(&self, k: usize) -> Option<&Matching> {
        self.links.get(k.checked_sub(1)?)
    }

    /// Who moved from moment `k − 1` to moment `k` (`k ≥ 1`), in moment `k`'s positions, the
    /// first [`EXPLAINED`] with a reason: [`run_diff`] of the two rankings made at load (moment
    /// `k − 1` is numbered with moment `k`'s ids), exactly what [`Timeline::step`] and
    /// [`crate::snapshot::compare`] give. Computed on the first call for that step and kept, so
    /// showing a step again costs nothing; ranks and matches nothing again.
    pub fn moves(&self, k: usize) -> Option<&RunDiff> {
        self.moves_cell(k).map(|d| &**d)
    }

    /// [`Timeline::moves`], shared: an O(1) handle on the kept moves, where a copy of a step's
    /// moves at 10k (every user that moved, about 1 MB) was copied and freed at each showing.
    pub fn shared_moves(&self, k: usize) -> Option<Arc<RunDiff>> {
        self.moves_cell(k).cloned()
    }

    fn moves_cell(&self, k: usize) -> Option<&Arc<RunDiff>> {
        let cell = self.moves.get(k.checked_sub(1)?)?;
        let (before, after) = (&self.moments[k - 1].ranked, &self.moments[k].ranked);
        Some(cell.get_or_init(|| Arc::new(run_diff(before, after, EXPLAINED))))
    }

    /// The step from moment `k − 1` to moment `k` (`k ≥ 1`): the before/after comparison of
    /// the two, in moment `k`'s positions, the first `explained` movers with a reason (with
    /// [`EXPLAINED`], the moves [`Timeline::moves`] keeps).
    pub fn step(&self, k: usize, explained: usize) -> Option<Comparison> {
        let link = self.links.get(k.checked_sub(1)?)?;
        let after = &self.moments.get(k)?.ranked;
        // Moment k − 1 is already numbered with moment k's ids, and ranked.
        let before = self.moments[k - 1].ranked.clone();
        let diff = match explained {
            EXPLAINED => self.moves(k)?.clone(),
            _ => run_diff(&before, after, explained),
        };
        Some(Comparison {
            matching: link.clone(),
            before,
            diff,
        })
    }

    /// The position in moment `to` of the association at position `ix` of moment `from`,
    /// following the name matchings step by step; `None` once it is missing from a snapshot
    /// in between. O(|to − from|).
    pub fn follow(&self, from: usize, ix: usize, to: usize) -> Option<usize> {
        let mut ix = ix;
        if to >= from {
            for link in self.links.get(from..to)? {
                ix = link.after_of(ix)?;
            }
        } else {
            for link in self.links.get(to..from)?.iter().rev() {
                ix = link.before_of(ix)?;
            }
        }
        Some(ix)
    }

    /// The association at position `ix` of moment `k`, at every moment (`None` where it is not
    /// in that snapshot). O(N): the matchings are followed outwards from `k` once.
    pub fn series(&self, k: usize, ix: usize) -> Vec<Option<Point>> {
        let n = self.moments.len();
        let mut at: Vec<Option<usize>> = vec![None; n];
        if k >= n || ix >= self.moments[k].ranked.tree().len() {
            return vec![None; n];
        }
        at[k] = Some(ix);
        for j in k + 1..n {
            at[j] = at[j - 1].and_then(|i| self.links[j - 1].after_of(i));
        }
        for j in (0..k).rev() {
            at[j] = at[j + 1].and_then(|i| self.links[j].before_of(i));
        }
        at.iter()
            .zip(&self.moments)
            .map(|(ix, m)| {
                let ix = (*ix)?;
                let run = m.ranked.run();
                Some(Point {
                    ix,
                    position: run.position(ix),
                    fairshare: run.assocs.get(ix).and_then(|a| a.fairshare),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc_seconds() {
        let t = |s: &str| Time::parse(s).map(|t| t.unix);
        assert_eq!(t("1970-01-01"), Some(0));
        assert_eq!(t("1970-01-02T00:00Z"), Some(86_400));
        assert_eq!(t("2000-03-01T00:00:00Z"), Some(951_868_800));
        assert_eq!(t("2024-05-01T12:30:15.250+02:00"), Some(1_714_559_415));
        assert_eq!(t("2024-05-01T12:30:15-0130"), Some(1_714_572_015));
        assert_eq!(t("2024-02-29"), Some(1_709_164_800));
        for bad in [
            "2023-02-29",
            "2024-13-01",
            "2024-05-01T24:00",
            "2024-05-01T12",
            "2024-05-01 12:00",
            "24-05-01",
            "2024-05-01T12:00+2",
            "2024-05-01T12:00:00.",
            "yesterday",
            "",
        ] {
            assert_eq!(t(bad), None, "{bad}");
        }
    }
}
