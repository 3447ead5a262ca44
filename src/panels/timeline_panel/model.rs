//! The timeline panel's pure parts: the scrubber's words and the chart of one user's position
//! and FairShare over the snapshots (geometry in whole SVG units, so no double is printed), with
//! the table that is its text alternative. Every number is the engine's
//! ([`fairshare::timeline::Timeline::series`]), formatted by `fairshare::format`. O(N) per
//! chart.

use fairshare::format::grouped;
use fairshare::timeline::{Moment, Timeline};
use fairshare::{AssocId, sshare};

use crate::messages::timeline::TimelineMsg;
use crate::messages::{Lang, Message};

/// The chart's drawing size (SVG user units; the SVG scales to its box).
pub const WIDTH: i32 = 320;
/// Its height: the position band above the FairShare band.
pub const HEIGHT: i32 = 150;
const LEFT: i32 = 12;
const RIGHT: i32 = WIDTH - 12;
/// The position band (1 = first served at the top).
const POS_TOP: i32 = 22;
const POS_BOTTOM: i32 = 62;
/// The FairShare band (1 at the top, 0 at the bottom).
const FS_TOP: i32 = 96;
const FS_BOTTOM: i32 = 136;

/// A moment's short name: its time as written, else its label (URL or file name); a moment of a
/// before/after pair has neither, and is named for its side ("before snapshot" for the first,
/// "after snapshot" for the other).
pub fn moment_name(m: &Moment, k: usize, lang: Lang) -> String {
    match (&m.time, m.label.is_empty()) {
        (Some(t), _) => t.text.clone(),
        (None, false) => m.label.clone(),
        (None, true) if k == 0 => TimelineMsg::PairBefore.text(lang).to_string(),
        (None, true) => TimelineMsg::PairAfter.text(lang).to_string(),
    }
}

/// The scrubber's value text for snapshot `k` (0-based) of `n`.
pub fn moment_value(m: &Moment, k: usize, n: usize, lang: Lang) -> String {
    let (place, n) = ((k + 1).to_string(), n.to_string());
    match &m.time {
        Some(t) => {
            TimelineMsg::MomentTimed.fill(lang, &[("time", &t.text), ("k", &place), ("n", &n)])
        }
        None => {
            let label = moment_name(m, k, lang);
            TimelineMsg::MomentUntimed.fill(lang, &[("label", &label), ("k", &place), ("n", &n)])
        }
    }
}

/// The status line: what the snapshot shown is compared with (which snapshot it is, the line
/// above says: [`moment_value`]; said once, not twice).
pub fn showing(timeline: &Timeline, at: usize, lang: Lang) -> String {
    let moments = timeline.moments();
    if at >= moments.len() {
        return String::new();
    }
    match at.checked_sub(1).and_then(|p| moments.get(p)) {
        Some(previous) => {
            TimelineMsg::Showing.fill(lang, &[("previous", &moment_name(previous, at - 1, lang))])
        }
        None => TimelineMsg::ShowingFirst.text(lang).to_string(),
    }
}

/// One point of the chart (absent moments have none).
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The snapshot.
    pub k: usize,
    /// Horizontal place.
    pub x: i32,
    /// Place in the position band, if it has a position.
    pub y_position: Option<i32>,
    /// Place in the FairShare band, if it has a FairShare.
    pub y_fairshare: Option<i32>,
}

/// One row of the chart's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The snapshot.
    pub k: usize,
    /// Its name.
    pub moment: String,
    /// The position, grouped ("1,352"), or "not there".
    pub position: String,
    /// FairShare as sshare prints it, or empty.
    pub fairshare: String,
}

/// The chart of one user over the timeline. It does not depend on the snapshot shown (which
/// [`x_of`] and the rows' `k` mark), so a scrubber step that keeps the user keeps the chart: the
/// view then moves only its "now" line and current row, not the whole figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// Its accessible name.
    pub name: String,
    /// The caption of its table.
    pub caption: String,
    /// SVG path of the positions (`M`/`L` in whole units; a gap where the user was absent).
    pub position_path: String,
    /// SVG path of FairShare.
    pub fairshare_path: String,
    /// The points (clickable: each shows its snapshot).
    pub points: Vec<Point>,
    /// The best and worst positions charted (top and bottom of the band), grouped.
    pub position_range: (String, String),
    /// The table rows, oldest first.
    pub rows: Vec<Row>,
}

/// Horizontal place of snapshot `k` of `n` (the chart's points, and its "now" line at the
/// snapshot shown).
pub fn x_of(k: usize, n: usize) -> i32 {
    if n < 2 {
        return (LEFT + RIGHT) / 2;
    }
    let span = i64::from(RIGHT - LEFT);
    LEFT + i32::try_from(span * k as i64 / (n as i64 - 1)).unwrap_or(0)
}

/// An SVG path through the present points, a new `M` after each gap.
fn path(points: &[(i32, Option<i32>)]) -> String {
    let mut out = String::new();
    let mut pen_down = false;
    for &(x, y) in points {
        match y {
            Some(y) => {
                out.push(if pen_down { 'L' } else { 'M' });
                out.push_str(&x.to_string());
                out.push(' ');
                out.push_str(&y.to_string());
                out.push(' ');
                pen_down = true;
            }
            None => pen_down = false,
        }
    }
    out.trim_end().to_string()
}

/// The chart of the association `id` (as numbered in snapshot `at`, the one shown) over the
/// timeline; `None` if it is not a user of snapshot `at`.
pub fn chart(timeline: &Timeline, at: usize, id: AssocId, lang: Lang) -> Option<Chart> {
    let moment = timeline.moments().get(at)?;
    let tree = moment.ranked.tree();
    let ix = tree.position(id)?;
    let assoc = tree.assocs().get(ix)?;
    if !assoc.is_user() {
        return None;
    }
    let name = assoc.name().to_string();
    let series = timeline.series(at, ix);
    let n = series.len();
    let positions: Vec<u32> = series.iter().flatten().filter_map(|p| p.position).collect();
    let (best, worst) = (
        positions.iter().copied().min().unwrap_or(1),
        positions.iter().copied().max().unwrap_or(1),
    );
    let y_position = |p: u32| {
        if worst == best {
            return (POS_TOP + POS_BOTTOM) / 2;
        }
        let span = i64::from(POS_BOTTOM - POS_TOP);
        POS_TOP + i32::try_from(span * i64::from(p - best) / i64::from(worst - best)).unwrap_or(0)
    };
    // FairShare is in [0, 1]: rounded to whole units of the band (0.5 up), as drawn.
    let y_fairshare = |f: f64| {
        let f = fairshare::clamp(f, 0.0, 1.0);
        let span = f64::from(FS_BOTTOM - FS_TOP);
        FS_BOTTOM - ((f * span + 0.5) as i32)
    };
    let mut points = Vec::with_capacity(n);
    let mut rows = Vec::with_capacity(n);
    for (k, (p, m)) in series.iter().zip(timeline.moments()).enumerate() {
        let x = x_of(k, n);
        points.push(Point {
            k,
            x,
            y_position: p.and_then(|p| p.position).map(y_position),
            y_fairshare: p.and_then(|p| p.fairshare).map(y_fairshare),
        });
        rows.push(Row {
            k,
            moment: moment_name(m, k, lang),
            position: match p.and_then(|p| p.position) {
                Some(pos) => grouped(u64::from(pos)),
                None => TimelineMsg::Absent.text(lang).to_string(),
            },
            fairshare: p.and_then(|p| p.fairshare).map_or_else(String::new, |v| {
                fairshare::format::trim_fixed(&sshare::format_double(v))
            }),
        });
    }
    let position_path = path(
        &points
            .iter()
            .map(|p| (p.x, p.y_position))
            .collect::<Vec<_>>(),
    );
    let fairshare_path = path(
        &points
            .iter()
            .map(|p| (p.x, p.y_fairshare))
            .collect::<Vec<_>>(),
    );
    Some(Chart {
        name: TimelineMsg::Chart.fill(lang, &[("name", &name)]),
        caption: TimelineMsg::TableCaption.fill(lang, &[("name", &name)]),
        position_path,
        fairshare_path,
        points,
        position_range: (grouped(u64::from(best)), grouped(u64::from(worst))),
        rows,
    })
}

/// The bands' places, for the view's axis lines and labels: (position top, position bottom,
/// FairShare top, FairShare bottom, left, right).
pub fn bands() -> (i32, i32, i32, i32, i32, i32) {
    (POS_TOP, POS_BOTTOM, FS_TOP, FS_BOTTOM, LEFT, RIGHT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::timeline::Time;

    fn tree(me_usage: u64, other: &str) -> fairshare::AssocTree {
        let text = format!(
            r#"{{"associations": [
              {{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1}},
              {{"id": 2, "parent": 1, "account": "bio", "user": null, "shares": 1}},
              {{"id": 21, "parent": 2, "account": "bio", "user": "me", "shares": 1, "usage_raw": {me_usage}}},
              {{"id": 22, "parent": 2, "account": "bio", "user": "{other}", "shares": 1, "usage_raw": 50}},
              {{"id": 3, "parent": 1, "account": "geo", "user": null, "shares": 1}},
              {{"id": 31, "parent": 3, "account": "geo", "user": "g1", "shares": 1, "usage_raw": 4000}}
            ]}}"#
        );
        fairshare::scenario::parse(&text).0.unwrap().tree
    }

    fn three_days() -> Timeline {
        Timeline::new(vec![
            (Time::parse("2026-11-20"), "d0.txt".into(), tree(10, "lab")),
            (None, "d1.txt".into(), tree(500, "lab")),
            (Time::parse("2026-11-22"), "d2.txt".into(), tree(10, "lab")),
        ])
    }

    #[test]
    fn words_of_the_scrubber_and_the_status() {
        let tl = three_days();
        let m = tl.moments();
        assert_eq!(moment_value(&m[0], 0, 3, Lang::En), "2026-11-20 (1 of 3)");
        assert_eq!(moment_value(&m[1], 1, 3, Lang::En), "d1.txt (2 of 3)");
        assert_eq!(
            moment_value(&m[1], 1, 3, Lang::Ja),
            "d1.txt（3 個中 2 番目）"
        );
        assert_eq!(
            showing(&tl, 2, Lang::En),
            "Compared with the snapshot before it (d1.txt)."
        );
        assert!(showing(&tl, 0, Lang::En).starts_with("The oldest"));
        assert_eq!(showing(&tl, 9, Lang::En), "");
    }

    #[test]
    fn a_pairs_snapshots_are_named_for_their_side() {
        let tl = Timeline::new(vec![
            (None, String::new(), tree(10, "lab")),
            (None, String::new(), tree(500, "lab")),
        ]);
        let m = tl.moments();
        assert_eq!(
            moment_value(&m[0], 0, 2, Lang::En),
            "before snapshot (1 of 2)"
        );
        assert_eq!(
            moment_value(&m[1], 1, 2, Lang::En),
            "after snapshot (2 of 2)"
        );
        assert_eq!(
            moment_value(&m[1], 1, 2, Lang::Ja),
            "後のスナップショット（2 個中 2 番目）"
        );
        assert_eq!(
            showing(&tl, 1, Lang::En),
            "Compared with the snapshot before it (before snapshot)."
        );
        // The snapshot shown is named once (by the line above the status), not twice.
        let said = format!(
            "{} {}",
            moment_value(&m[1], 1, 2, Lang::En),
            showing(&tl, 1, Lang::En)
        );
        assert_eq!(said.matches("after snapshot").count(), 1, "{said}");
        let me = m[1].ranked.tree().assocs()[2].id;
        let c = chart(&tl, 1, me, Lang::En).expect("a user");
        assert_eq!(c.rows[0].moment, "before snapshot");
    }

    #[test]
    fn the_chart_follows_the_user_and_its_table_says_the_same() {
        let tl = three_days();
        let me = tl.moments()[2].ranked.tree().assocs()[2].id;
        let c = chart(&tl, 2, me, Lang::En).expect("a user");
        assert_eq!(c.name, "me: position and FairShare over time");
        // me is first on days 0 and 2 (little usage), lower on day 1.
        let positions: Vec<&str> = c.rows.iter().map(|r| r.position.as_str()).collect();
        let expected: Vec<String> = (0..3)
            .map(|k| {
                let r = &tl.moments()[k].ranked;
                let ix = r.tree().position(me).unwrap();
                grouped(u64::from(r.run().position(ix).unwrap()))
            })
            .collect();
        assert_eq!(positions, expected);
        assert_eq!(positions[0], "1");
        assert_ne!(positions[1], "1");
        assert_eq!(c.position_range.0, "1");
        // The best position is at the top of the band, the worst at the bottom.
        let ys: Vec<i32> = c.points.iter().map(|p| p.y_position.unwrap()).collect();
        assert_eq!((ys[0], ys[1], ys[2]), (POS_TOP, POS_BOTTOM, POS_TOP));
        assert_eq!(c.points[0].x, LEFT);
        assert_eq!(c.points[2].x, RIGHT);
        assert_eq!(x_of(2, c.points.len()), RIGHT);
        assert!(
            c.position_path.starts_with("M12 22 L"),
            "{}",
            c.position_path
        );
        // The chart of the same user seen from another snapshot is the same chart (a step
        // that keeps the user redraws nothing of it).
        assert_eq!(chart(&tl, 0, me, Lang::En), Some(c.clone()));
        assert_eq!(c.rows[0].fairshare, "1");
        // An account has no chart.
        let bio = tl.moments()[2].ranked.tree().assocs()[1].id;
        assert!(chart(&tl, 2, bio, Lang::En).is_none());
    }

    #[test]
    fn a_user_absent_from_a_snapshot_leaves_a_gap() {
        let tl = Timeline::new(vec![
            (None, "a".into(), tree(10, "lab")),
            (None, "b".into(), tree(10, "newcomer")),
            (None, "c".into(), tree(10, "lab")),
        ]);
        let lab = tl.moments()[2]
            .ranked
            .tree()
            .assocs()
            .iter()
            .find(|a| a.user.as_deref() == Some("lab"))
            .unwrap()
            .id;
        let c = chart(&tl, 2, lab, Lang::En).unwrap();
        assert_eq!(c.rows[0].position, "not there");
        assert_eq!(c.rows[1].position, "not there");
        assert!(c.points[1].y_position.is_none());
        assert_eq!(c.position_path.matches('M').count(), 1);
        assert!(!c.position_path.contains('L'), "one point only");
    }
}
