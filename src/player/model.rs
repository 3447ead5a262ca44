//! The player's pure logic: where the cursor may stop, and what the panels show at a frame.
//!
//! Everything here reads the engine's trace (`run.steps`) and the replayed [`Frame`]; nothing
//! re-runs or re-orders the algorithm. Numbers are formatted with sshare's formatting. The
//! components in `player/` only render these views.

use fairshare::fair_tree::FairTreeRun;
use fairshare::sshare::format_double;
use fairshare::step::{Frame, NodeStatus, OrderReason, PseudoLine, Step, Tie};
use fairshare::{AssocTree, TieRule};

use crate::messages::player::PlayerMsg;
use crate::player::narration::{level_fs_text, name_of};

/// How far one "Step forward" goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum Granularity {
    /// One stop per sibling group (`Step::is_group_start`).
    #[default]
    Group,
    /// One stop per step of the trace: every visit and comparison.
    Visit,
}

impl Granularity {
    /// Both choices, in menu order.
    pub const ALL: [Granularity; 2] = [Granularity::Group, Granularity::Visit];

    /// The option's label.
    pub fn label(self) -> PlayerMsg {
        match self {
            Granularity::Group => PlayerMsg::GranularityGroup,
            Granularity::Visit => PlayerMsg::GranularityVisit,
        }
    }

    /// The radio button's value (stable, for tests).
    pub fn as_value(self) -> &'static str {
        match self {
            Granularity::Group => "group",
            Granularity::Visit => "visit",
        }
    }
}

/// The speeds offered, as multipliers of the base pace.
pub const SPEEDS: [f64; 6] = [0.25, 0.5, 1.0, 1.5, 2.0, 4.0];

/// The position in [`SPEEDS`] of the speed offered nearest to `speed` (what the Speed slider
/// shows; a speed that is not a number shows as 1×).
pub fn speed_index(speed: f64) -> usize {
    let mut best = 2;
    if speed.is_finite() {
        let mut gap = f64::INFINITY;
        for (k, &s) in SPEEDS.iter().enumerate() {
            let d = (s - speed).abs();
            if d < gap {
                (best, gap) = (k, d);
            }
        }
    }
    best
}

/// Milliseconds between two stops at 1×.
pub const BASE_INTERVAL_MS: f64 = 900.0;

/// The interval between two stops at `speed` (clamped to the offered range), in milliseconds.
pub fn interval_ms(speed: f64) -> u64 {
    let speed = if speed.is_finite() {
        fairshare::clamp(speed, SPEEDS[0], SPEEDS[SPEEDS.len() - 1])
    } else {
        1.0
    };
    (BASE_INTERVAL_MS / speed).round() as u64
}

/// The cursor positions (`0..=steps.len()`, increasing) where stepping and playing stop.
/// With `path` (indices into `steps`, see `crate::player::my_path`), only the path's steps, the start
/// and the end; otherwise every step, or every group start, by `granularity`.
pub fn stops(steps: &[Step], granularity: Granularity, path: Option<&[usize]>) -> Vec<usize> {
    let len = steps.len();
    let mut res: Vec<usize> = match path {
        Some(path) => std::iter::once(0)
            .chain(path.iter().map(|&i| i + 1).filter(|&k| k <= len))
            .chain(std::iter::once(len))
            .collect(),
        None => match granularity {
            Granularity::Visit => (0..=len).collect(),
            Granularity::Group => std::iter::once(0)
                .chain((1..=len).filter(|&k| steps[k - 1].is_group_start()))
                .chain(std::iter::once(len))
                .collect(),
        },
    };
    crate::sort::sort_dedup(&mut res);
    res
}

/// The first stop after `from`, or `None` at or past the last one.
pub fn next_stop(stops: &[usize], from: usize) -> Option<usize> {
    let i = stops.partition_point(|&k| k <= from);
    stops.get(i).copied()
}

/// The last stop before `from`, or `None` at or before the first one.
pub fn prev_stop(stops: &[usize], from: usize) -> Option<usize> {
    let i = stops.partition_point(|&k| k < from);
    i.checked_sub(1).and_then(|i| stops.get(i).copied())
}

/// The cursor right after the next step (after `from`) that ranks a user.
pub fn next_rank(steps: &[Step], from: usize) -> Option<usize> {
    steps
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, s)| s.is_rank())
        .map(|(i, _)| i + 1)
}

/// The cursors right after each ranking: the slider's tick marks.
pub fn rank_ticks(steps: &[Step]) -> Vec<usize> {
    steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_rank())
        .map(|(i, _)| i + 1)
        .collect()
}

/// Width of the tick path's coordinate system (the SVG stretches it over the slider).
pub const TICKS_WIDTH: f64 = 1000.0;

/// Every tick as one SVG path (a vertical stroke per tick, `TICKS_WIDTH` wide, 6 high): one
/// element however many users the tree has. Positions are written to a tenth of a unit, and a
/// tick at the tenth of the one before it is drawn once: at most 10,001 strokes (the slider is
/// about 800 pixels wide), not one per user (a 1 MB path at 100k users, formatted again,
/// compared and handed to the browser on every edit).
pub fn tick_path(ticks: &[usize], len: usize) -> String {
    const TENTHS: usize = (TICKS_WIDTH as usize) * 10;
    let mut d = String::with_capacity(ticks.len().min(TENTHS + 1) * 12);
    let mut last = None;
    for &k in ticks {
        let x = tick_percent(k, len) * TICKS_WIDTH / 100.0;
        // Written at its tenth, so that ticks written alike are one stroke.
        let tenth = (x * 10.0).round();
        if last == Some(tenth) {
            continue;
        }
        last = Some(tenth);
        d.push('M');
        fairshare::format::push_fixed(&mut d, tenth / 10.0, 1);
        d.push_str(" 0v6");
    }
    d
}

/// A tick's position along the slider, in percent of its length.
pub fn tick_percent(k: usize, len: usize) -> f64 {
    if len == 0 {
        0.0
    } else {
        100.0 * k as f64 / len as f64
    }
}

/// The sibling group the step just taken is about, with S, U and LF of each member.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupView {
    /// The account(s) whose children these are (more than one when merged, documented rule).
    pub parents: Vec<String>,
    /// Whether the members are in visiting order yet (the sort step was taken).
    pub sorted: bool,
    /// The members, in Slurm's list order (stable, so rows can slide to their sorted place).
    pub rows: Vec<GroupRow>,
}

impl GroupView {
    /// The members' positions in the tree, in list order.
    pub fn members(&self) -> Vec<usize> {
        self.rows.iter().map(|r| r.ix).collect()
    }
}

/// One member of a sibling group.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupRow {
    /// Position in the tree (the row's key).
    pub ix: usize,
    /// Its name.
    pub name: String,
    /// Whether it is a user association.
    pub is_user: bool,
    /// S, as sshare prints it.
    pub shares_norm: String,
    /// U, as sshare prints it.
    pub usage_effective: String,
    /// LF = S / U as sshare prints it; `None` for a FairShare=parent account.
    pub level_fs: Option<String>,
    /// Its row on screen: its place in the visiting order once sorted, its list place before.
    pub position: usize,
    /// Why it follows the previous member (once sorted): the reason and that member's name.
    pub reason: Option<(OrderReason, String)>,
    /// Its status at this frame.
    pub status: NodeStatus,
    /// The rank given so far (users).
    pub rank: Option<u32>,
    /// Whether the step just taken is about it.
    pub current: bool,
}

impl GroupRow {
    /// The CSS modifier class of the row's status.
    pub fn status_class(&self) -> &'static str {
        match self.status {
            NodeStatus::Pending => "ft-group__row--pending",
            NodeStatus::Computed => "ft-group__row--computed",
            NodeStatus::Open => "ft-group__row--open",
            NodeStatus::Done => "ft-group__row--done",
            NodeStatus::Ranked => "ft-group__row--ranked",
        }
    }
}

/// The message that says why a member follows the previous one.
pub fn reason_msg(reason: OrderReason) -> PlayerMsg {
    match reason {
        OrderReason::HigherLevelFs => PlayerMsg::ReasonHigherLevelFs,
        OrderReason::UserBeforeAccount => PlayerMsg::ReasonUserBeforeAccount,
        OrderReason::ListOrder => PlayerMsg::ReasonListOrder,
    }
}

/// The account whose sibling list the step just taken belongs to.
fn group_parent(frame: &Frame) -> Option<usize> {
    match frame.last.as_ref()? {
        Step::Started { .. } => None,
        Step::LevelFsComputed { parent, .. } | Step::SiblingsSorted { parent, .. } => Some(*parent),
        // The account just entered is shown among its siblings, in its parent's list.
        Step::AccountEntered { .. } => frame.path.iter().rev().nth(1).copied(),
        Step::UserRanked { .. } | Step::AccountLeft { .. } => frame.path.last().copied(),
    }
}

/// The sibling group to show at `frame`, if one has been computed.
pub fn group_view(run: &FairTreeRun, tree: &AssocTree, frame: &Frame) -> Option<GroupView> {
    let parent = group_parent(frame)?;
    let done = &run.steps()[..frame.cursor.min(run.steps().len())];
    let members = done.iter().rev().find_map(|s| match s {
        Step::LevelFsComputed { parent: p, members } if *p == parent => Some(members),
        _ => None,
    })?;
    let merged: &[usize] = done
        .iter()
        .rev()
        .find_map(|s| match s {
            Step::AccountEntered {
                account, merged, ..
            } if *account == parent => Some(merged.as_slice()),
            _ => None,
        })
        .unwrap_or(&[]);
    let sorted = frame.sorted.get(parent).and_then(Option::as_ref);
    let reasons: &[OrderReason] = done
        .iter()
        .rev()
        .find_map(|s| match s {
            Step::SiblingsSorted {
                parent: p, reasons, ..
            } if *p == parent => Some(&reasons[..]),
            _ => None,
        })
        .unwrap_or(&[]);
    let rows = members
        .iter()
        .enumerate()
        .map(|(list_pos, &ix)| {
            let place = sorted.and_then(|order| order.iter().position(|&m| m == ix));
            let reason = place
                .and_then(|p| p.checked_sub(1))
                .and_then(|p| Some((*reasons.get(p)?, *sorted?.get(p)?)))
                .map(|(r, prev)| (r, name_of(tree, prev).to_string()));
            let values = run.assocs().get(ix);
            GroupRow {
                ix,
                name: name_of(tree, ix).to_string(),
                is_user: tree.assocs().get(ix).is_some_and(|a| a.is_user()),
                shares_norm: values
                    .map(|a| format_double(a.shares_norm))
                    .unwrap_or_default(),
                usage_effective: values
                    .map(|a| format_double(a.usage_effective.to_f64()))
                    .unwrap_or_default(),
                level_fs: values.and_then(level_fs_text),
                position: place.unwrap_or(list_pos),
                reason,
                status: frame.status.get(ix).copied().unwrap_or_default(),
                rank: frame.rank_of.get(ix).copied().flatten(),
                current: frame.current == Some(ix),
            }
        })
        .collect();
    Some(GroupView {
        parents: std::iter::once(parent)
            .chain(merged.iter().copied())
            .map(|ix| name_of(tree, ix).to_string())
            .collect(),
        sorted: sorted.is_some(),
        rows,
    })
}

/// The rank counters at a frame, and the user the step just taken ranked.
#[derive(Clone, Debug, PartialEq)]
pub struct CountersView {
    /// The `rank` counter.
    pub rank: u32,
    /// The `rank_no_ties` counter (the next rank if there were no ties).
    pub rank_no_ties: u32,
    /// N.
    pub n_users: u32,
    /// The user just ranked, if the step just taken ranked one.
    pub just_ranked: Option<JustRanked>,
}

/// The user the step just taken ranked.
#[derive(Clone, Debug, PartialEq)]
pub struct JustRanked {
    /// Its name.
    pub user: String,
    /// The rank given.
    pub rank: u32,
    /// FairShare = rank / N, as sshare prints it (from the run); `None` on a partial tree,
    /// where it is not computable.
    pub fairshare: Option<String>,
    /// Why the rank was reused, if it was.
    pub tie: Option<Tie>,
}

/// The counters panel's content at `frame`.
pub fn counters_view(run: &FairTreeRun, tree: &AssocTree, frame: &Frame) -> CountersView {
    let just_ranked = match &frame.last {
        Some(Step::UserRanked {
            user, rank, tie, ..
        }) => Some(JustRanked {
            user: name_of(tree, *user).to_string(),
            rank: *rank,
            fairshare: run
                .assocs()
                .get(*user)
                .and_then(|a| a.fairshare)
                .map(format_double),
            tie: *tie,
        }),
        _ => None,
    };
    CountersView {
        rank: frame.rank,
        rank_no_ties: frame.rank_no_ties,
        n_users: frame.n_users,
        just_ranked,
    }
}

/// The message naming a tie rule.
pub fn tie_msg(tie: Tie) -> PlayerMsg {
    match tie {
        Tie::EqualToPrevious { .. } => PlayerMsg::TieEqualToPrevious,
        Tie::CarriedIntoAccount { .. } => PlayerMsg::TieCarriedIntoAccount,
        Tie::EqualToStartValue => PlayerMsg::TieEqualToStartValue,
    }
}

/// The names on the walk's stack, root first.
pub fn path_names(tree: &AssocTree, frame: &Frame) -> Vec<String> {
    frame
        .path
        .iter()
        .map(|&ix| name_of(tree, ix).to_string())
        .collect()
}

/// One line of the pseudo-code panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PseudoRow {
    /// Its text.
    pub msg: PlayerMsg,
    /// Indentation level.
    pub indent: u8,
    /// The trace's line it stands for, if a step can be on it.
    pub line: Option<PseudoLine>,
}

/// The pseudo-code of the walk, line by line (the recursion line says how the tie rule visits
/// tied sibling accounts).
pub fn pseudo_rows(rule: TieRule) -> [PseudoRow; 9] {
    let row = |msg, indent, line| PseudoRow { msg, indent, line };
    [
        row(PlayerMsg::PseudoStart, 0, Some(PseudoLine::Start)),
        row(PlayerMsg::PseudoEnter, 0, Some(PseudoLine::Enter)),
        row(
            PlayerMsg::PseudoCompute,
            1,
            Some(PseudoLine::ComputeLevelFs),
        ),
        row(PlayerMsg::PseudoSort, 1, Some(PseudoLine::Sort)),
        row(PlayerMsg::PseudoLoop, 1, None),
        row(PlayerMsg::PseudoTied, 2, None),
        row(PlayerMsg::PseudoRank, 2, Some(PseudoLine::RankUser)),
        match rule {
            TieRule::Slurm => row(PlayerMsg::PseudoRecurse, 2, None),
            TieRule::Documented => row(PlayerMsg::PseudoRecurseMerged, 2, None),
        },
        row(PlayerMsg::PseudoLeave, 1, Some(PseudoLine::Leave)),
    ]
}

/// What a key pressed inside the player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKey {
    /// Space: play or pause.
    TogglePlay,
    /// ←: one stop back.
    Back,
    /// →: one stop forward.
    Forward,
    /// Home: step 0.
    Start,
    /// End: the last step.
    End,
}

/// The kind of element a key event comes from, as far as the player's keys are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyTarget {
    /// Text fields, number fields, text areas and selects: every key is theirs.
    Typing,
    /// A slider (the step, which seeks as it moves, or the speed): arrows, Home and End move it
    /// natively.
    Range,
    /// A radio button: Space and arrows choose natively.
    Radio,
    /// A checkbox: Space toggles it natively.
    Checkbox,
    /// A button: the player takes Space (instead of a click) and the arrows.
    Button,
    /// Anything else in the player.
    Other,
}

/// The player's action for `key` pressed on `target`, if the player handles it.
pub fn key_action(key: &str, target: KeyTarget) -> Option<PlayerKey> {
    let action = match key {
        " " | "Spacebar" => PlayerKey::TogglePlay,
        "ArrowLeft" | "Left" => PlayerKey::Back,
        "ArrowRight" | "Right" => PlayerKey::Forward,
        "Home" => PlayerKey::Start,
        "End" => PlayerKey::End,
        _ => return None,
    };
    let native = match target {
        KeyTarget::Typing | KeyTarget::Radio => true,
        KeyTarget::Range => action != PlayerKey::TogglePlay,
        KeyTarget::Checkbox => action == PlayerKey::TogglePlay,
        KeyTarget::Button | KeyTarget::Other => false,
    };
    (!native).then_some(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use fairshare::fair_tree;

    fn test24() -> (AssocTree, FairTreeRun) {
        let s = presets::by_id("test24-4").unwrap().scenario();
        let run = fair_tree::run(&s.tree);
        (s.tree, run)
    }

    #[test]
    fn speed_index_is_the_nearest_speed_offered() {
        for (k, &s) in SPEEDS.iter().enumerate() {
            assert_eq!(speed_index(s), k);
        }
        assert_eq!(SPEEDS[speed_index(1.0)], 1.0);
        assert_eq!(speed_index(0.0), 0);
        assert_eq!(speed_index(1.6), 3);
        assert_eq!(speed_index(100.0), SPEEDS.len() - 1);
        assert_eq!(speed_index(f64::NAN), speed_index(1.0));
    }

    #[test]
    fn stops_by_granularity_and_path() {
        let (_, run) = test24();
        let len = run.steps().len();
        let fine = stops(run.steps(), Granularity::Visit, None);
        assert_eq!(fine, (0..=len).collect::<Vec<_>>());
        let coarse = stops(run.steps(), Granularity::Group, None);
        assert_eq!(coarse.first(), Some(&0));
        assert_eq!(coarse.last(), Some(&len));
        assert!(coarse.len() < fine.len());
        for &k in &coarse[1..coarse.len() - 1] {
            assert!(run.steps()[k - 1].is_group_start());
        }
        let path = [0, 5, 9];
        assert_eq!(
            stops(run.steps(), Granularity::Visit, Some(&path)),
            [0, 1, 6, 10, len]
        );
    }

    #[test]
    fn next_and_previous_stops() {
        let s = [0, 3, 7, 10];
        assert_eq!(next_stop(&s, 0), Some(3));
        assert_eq!(next_stop(&s, 4), Some(7));
        assert_eq!(next_stop(&s, 10), None);
        assert_eq!(prev_stop(&s, 10), Some(7));
        assert_eq!(prev_stop(&s, 5), Some(3));
        assert_eq!(prev_stop(&s, 0), None);
        assert_eq!(next_stop(&[], 0), None);
    }

    #[test]
    fn next_rank_and_ticks() {
        let (_, run) = test24();
        let ticks = rank_ticks(run.steps());
        assert_eq!(ticks.len(), run.n_users() as usize);
        assert_eq!(next_rank(run.steps(), 0), ticks.first().copied());
        assert_eq!(next_rank(run.steps(), ticks[0]), Some(ticks[1]));
        assert_eq!(next_rank(run.steps(), run.steps().len()), None);
        assert_eq!(tick_percent(5, 10), 50.0);
        assert_eq!(
            tick_path(&[1, 5, 10], 10),
            "M100.0 0v6M500.0 0v6M1000.0 0v6"
        );
        assert_eq!(
            tick_path(&ticks, run.steps().len()).matches('M').count(),
            ticks.len()
        );
        assert_eq!(tick_path(&[], 0), "");
        assert_eq!(tick_percent(5, 0), 0.0);
    }

    #[test]
    fn ticks_closer_than_a_tenth_are_drawn_once() {
        // 100k users in a walk of 300k steps: a tick every 3 steps, 0.01 units apart.
        let ticks: Vec<usize> = (1..=100_000).map(|u| 3 * u).collect();
        let d = tick_path(&ticks, 300_000);
        let xs: Vec<&str> = d
            .split('M')
            .skip(1)
            .map(|t| t.trim_end_matches(" 0v6"))
            .collect();
        assert!(xs.len() <= 10_001, "{} strokes", xs.len());
        assert_eq!((xs[0], xs[xs.len() - 1]), ("0.0", "1000.0"));
        let distinct: std::collections::BTreeSet<&str> = xs.iter().copied().collect();
        assert_eq!(distinct.len(), xs.len(), "no stroke written twice");
        // Ticks further apart keep one stroke each.
        assert_eq!(tick_path(&[1, 2, 3], 3), "M333.3 0v6M666.7 0v6M1000.0 0v6");
    }

    #[test]
    fn speed_gives_the_interval() {
        assert_eq!(interval_ms(1.0), 900);
        assert_eq!(interval_ms(4.0), 225);
        assert_eq!(interval_ms(0.25), 3600);
        assert_eq!(interval_ms(100.0), 225);
        assert_eq!(interval_ms(f64::NAN), 900);
    }

    #[test]
    fn the_group_of_ab_slides_into_order_with_its_numbers() {
        let (tree, run) = test24();
        let aab = tree
            .assocs()
            .iter()
            .position(|a| a.name() == "aAB")
            .unwrap();
        let computed = run
            .steps()
            .iter()
            .position(|s| matches!(s, Step::LevelFsComputed { parent, .. } if *parent == aab))
            .unwrap();
        let before = group_view(&run, &tree, &Frame::at(run.steps(), computed + 1)).unwrap();
        assert_eq!(before.parents, ["aAB"]);
        assert!(!before.sorted);
        let rows: Vec<_> = before
            .rows
            .iter()
            .map(|r| {
                (
                    r.name.as_str(),
                    r.shares_norm.as_str(),
                    r.usage_effective.as_str(),
                    r.level_fs.as_deref(),
                    r.position,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("uAB1", "0.500000", "1.000000", Some("0.500000"), 0),
                ("uAB2", "0.500000", "0.000000", Some("inf"), 1),
            ]
        );
        let after = group_view(&run, &tree, &Frame::at(run.steps(), computed + 2)).unwrap();
        assert!(after.sorted);
        assert_eq!(after.rows[0].position, 1, "uAB1 slides down");
        assert_eq!(after.rows[1].position, 0, "uAB2 slides up");
        assert_eq!(
            after.rows[0].reason,
            Some((OrderReason::HigherLevelFs, "uAB2".to_string()))
        );
        // Ranking uAB2 keeps the same group on screen, with uAB2 current and ranked.
        let ranked = group_view(&run, &tree, &Frame::at(run.steps(), computed + 3)).unwrap();
        assert_eq!(ranked.parents, ["aAB"]);
        assert!(ranked.rows[1].current);
        assert_eq!(ranked.rows[1].rank, Some(12));
        assert_eq!(ranked.rows[1].status, NodeStatus::Ranked);
    }

    #[test]
    fn no_group_before_the_first_computation() {
        let (tree, run) = test24();
        assert_eq!(group_view(&run, &tree, &Frame::at(run.steps(), 0)), None);
        assert_eq!(group_view(&run, &tree, &Frame::at(run.steps(), 2)), None);
        assert!(group_view(&run, &tree, &Frame::at(run.steps(), 3)).is_some());
    }

    #[test]
    fn entering_an_account_shows_it_among_its_siblings() {
        let (tree, run) = test24();
        let aa = tree.assocs().iter().position(|a| a.name() == "aA").unwrap();
        let k = run
            .steps()
            .iter()
            .position(|s| matches!(s, Step::AccountEntered { account, .. } if *account == aa))
            .unwrap()
            + 1;
        let view = group_view(&run, &tree, &Frame::at(run.steps(), k)).unwrap();
        assert_eq!(view.parents, ["root"]);
        assert!(view.rows.iter().any(|r| r.name == "aA" && r.current));
    }

    #[test]
    fn counters_after_a_tied_rank() {
        let (tree, run) = test24();
        let uga1 = tree
            .assocs()
            .iter()
            .position(|a| a.name() == "uGA1")
            .unwrap();
        let k = run
            .steps()
            .iter()
            .position(|s| matches!(s, Step::UserRanked { user, .. } if *user == uga1))
            .unwrap()
            + 1;
        let c = counters_view(&run, &tree, &Frame::at(run.steps(), k));
        assert_eq!((c.rank, c.n_users), (4, 21));
        let j = c.just_ranked.unwrap();
        assert_eq!(
            (j.user.as_str(), j.rank, j.fairshare.as_deref()),
            ("uGA1", 4, Some("0.190476"))
        );
        assert!(matches!(j.tie, Some(Tie::CarriedIntoAccount { .. })));
        let start = counters_view(&run, &tree, &Frame::at(run.steps(), 0));
        assert_eq!((start.rank, start.rank_no_ties), (21, 21));
        assert_eq!(start.just_ranked, None);
    }

    #[test]
    fn on_a_partial_tree_the_user_just_placed_has_no_fairshare() {
        let text = crate::test_texts::PLAIN_SSHARE;
        let tree = fairshare::import::import(text).scenario.unwrap().tree;
        let run = fairshare::fair_tree::run(&tree);
        let k = run.steps().iter().position(Step::is_rank).unwrap() + 1;
        let j = counters_view(&run, &tree, &Frame::at(run.steps(), k))
            .just_ranked
            .unwrap();
        assert_eq!(j.fairshare, None, "not computable, so not shown");
    }

    #[test]
    fn every_pseudo_line_of_the_trace_is_in_the_panel() {
        let (_, run) = test24();
        for rule in [TieRule::Slurm, TieRule::Documented] {
            let rows = pseudo_rows(rule);
            for s in run.steps() {
                assert!(rows.iter().any(|r| r.line == Some(s.pseudo_line())));
            }
        }
    }

    #[test]
    fn keys_leave_text_fields_and_native_controls_alone() {
        use KeyTarget::*;
        use PlayerKey::*;
        assert_eq!(key_action(" ", Other), Some(TogglePlay));
        assert_eq!(key_action(" ", Button), Some(TogglePlay));
        assert_eq!(key_action(" ", Range), Some(TogglePlay));
        assert_eq!(key_action(" ", Typing), None);
        assert_eq!(key_action(" ", Checkbox), None);
        assert_eq!(key_action("ArrowLeft", Button), Some(Back));
        assert_eq!(key_action("ArrowRight", Checkbox), Some(Forward));
        assert_eq!(key_action("ArrowRight", Range), None);
        assert_eq!(key_action("ArrowRight", Radio), None);
        assert_eq!(key_action("Home", Other), Some(Start));
        assert_eq!(key_action("End", Other), Some(End));
        assert_eq!(key_action("End", Typing), None);
        assert_eq!(key_action("a", Other), None);
    }
}
