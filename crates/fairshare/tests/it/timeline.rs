//! A timeline of snapshots (`fairshare::timeline`): the `timeline=` list format, each step
//! compared as two snapshots are, and a user followed by name across snapshots where it is
//! missing, renumbered and reordered.

use fairshare::diff::{Reason, RunDiff};
use fairshare::snapshot::compare;
use fairshare::timeline::{EXPLAINED, ListProblem, Time, Timeline, parse_list};
use fairshare::{Assoc, AssocTree, LongDouble, Ranked, Severity, TieRule, r#gen};
use proptest::prelude::*;

/// A mover as [`rows`] gives it.
type MovedRow = (usize, u32, u32, f64, f64, Option<Reason>);

/// A diff's rows without the ids: each mover's index, positions and FairShares (and its reason
/// when `reason`), and the counts added and removed.
fn rows(d: &RunDiff, reason: bool) -> (Vec<MovedRow>, usize, usize) {
    let moved = d
        .moved
        .iter()
        .map(|m| {
            (
                m.ix,
                m.old_position,
                m.new_position,
                m.old_fairshare,
                m.new_fairshare,
                m.reason.clone().filter(|_| reason),
            )
        })
        .collect();
    (moved, d.added, d.removed)
}

#[test]
fn a_list_gives_its_urls_oldest_first_with_their_times() {
    let text = "\
# a day of fairshare, every 8 hours
2024-05-01T00:00Z snap/0000.txt
2024-05-01T08:00Z snap/0800.txt

2024-05-01T16:00:00+00:00 /snap/1600.txt
";
    let (entries, diags) = parse_list(text);
    let urls: Vec<&str> = entries.iter().map(|e| e.url.as_str()).collect();
    assert_eq!(urls, ["snap/0000.txt", "snap/0800.txt", "/snap/1600.txt"]);
    assert_eq!(
        entries.iter().map(|e| e.line).collect::<Vec<_>>(),
        [2, 3, 5]
    );
    let t = |s| Time::parse(s).unwrap().unix;
    assert_eq!(
        entries[2].time.as_ref().map(|t| t.unix),
        Some(t("2024-05-01T16:00Z"))
    );
    assert_eq!(entries[0].time.as_ref().unwrap().text, "2024-05-01T00:00Z");
    // The comment and the blank line between entries are skipped with a warning, by line.
    let said: Vec<(Option<usize>, Severity, ListProblem)> = diags
        .into_iter()
        .map(|d| (d.line, d.severity, d.problem))
        .collect();
    assert_eq!(
        said,
        [
            (Some(1), Severity::Warning, ListProblem::Comment),
            (Some(4), Severity::Warning, ListProblem::Blank),
        ]
    );
}

#[test]
fn bad_lines_are_named_and_left_out() {
    let text = "a.txt\r\nyesterday b.txt\r\n2024-05-01 c.txt d.txt\r\n2024-05-02 e.txt\r\n\
                2024-05-01T23:00Z f.txt\r\n";
    let (entries, diags) = parse_list(text);
    let urls: Vec<&str> = entries.iter().map(|e| e.url.as_str()).collect();
    assert_eq!(urls, ["a.txt", "e.txt", "f.txt"]);
    let said: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        said,
        [
            "line 1: warning: no time, where other lines have one",
            "line 2: error: \"yesterday\" is not an ISO 8601 time (e.g. 2024-05-01T12:00Z); line left out",
            "line 3: error: 3 words; a line is a URL, optionally after a time and a space; line left out",
            "line 5: warning: not later than line 4; the list should be oldest first (kept in list order)",
        ]
    );
    let (entries, diags) = parse_list("\n# nothing yet\n\n");
    assert!(entries.is_empty());
    assert_eq!(diags.last().unwrap().problem, ListProblem::NoEntries);
    assert!(diags.last().unwrap().line.is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any text reads without a panic; every line is either an entry or named once at most
    /// (a line without a time among timed ones is both), entries keep list order.
    #[test]
    fn any_text_reads_and_each_line_is_accounted_for(text in "(([0-9T:Z#+ -]{0,12}|[a-z./]{0,8}) ?){0,3}(\r?\n(([0-9T:Z#+ -]{0,12}|[a-z./]{0,8}) ?){0,3}){0,12}") {
        let (entries, diags) = parse_list(&text);
        let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
        prop_assert!(lines.windows(2).all(|w| w[0] < w[1]));
        for d in &diags {
            if let Some(line) = d.line {
                prop_assert!(line >= 1 && line <= text.lines().count());
                let is_entry = lines.contains(&line);
                prop_assert_eq!(is_entry, d.severity == Severity::Warning
                    && matches!(d.problem, ListProblem::NoTime | ListProblem::NotLater { .. }), "{}", d);
            }
        }
        for e in &entries {
            prop_assert!(!e.url.is_empty() && !e.url.contains(char::is_whitespace));
        }
    }
}

fn name_of(tree: &AssocTree, ix: usize) -> (String, Option<String>) {
    let a = &tree.assocs()[ix];
    (a.account.to_string(), a.user.as_deref().map(str::to_string))
}

/// `tree` a day later: every usage decayed by `decay`, users whose index is a multiple of
/// `busy` ran `ran` more, users whose index is a multiple of `gone` removed, rows reversed
/// (so row order and positions differ).
fn next_day(tree: &AssocTree, decay: f64, busy: usize, ran: u64, gone: usize) -> AssocTree {
    let mut rows: Vec<Assoc> = Vec::new();
    for (i, a) in tree.assocs().iter().enumerate() {
        let mut a = a.clone();
        if a.is_user() {
            if i % gone == gone - 1 {
                continue;
            }
            let mut u = (a.usage_raw.to_f64() * decay).floor();
            if i % busy == 0 {
                u += ran as f64;
            }
            a.usage_raw = LongDouble::from_f64(u);
        }
        rows.push(a);
    }
    rows.reverse();
    AssocTree::new(rows).expect("leaves removed from a valid tree")
}

#[test]
fn a_user_is_followed_across_snapshots_and_each_step_is_the_pair_comparison() {
    let day0 = r#gen::tree(400, 11);
    let day1 = next_day(&day0, 0.5, 7, 5_000_000, 13);
    let day2 = next_day(&day1, 0.5, 5, 9_000_000, 11);
    let t = |s| Time::parse(s);
    let tl = Timeline::new(vec![
        (t("2024-05-01"), "d0".into(), day0.clone()),
        (t("2024-05-02"), "d1".into(), day1.clone()),
        (t("2024-05-03"), "d2".into(), day2.clone()),
    ]);
    assert_eq!(tl.len(), 3);
    assert!(tl.step(0, 0).is_none() && tl.step(3, 0).is_none());
    // Each step is exactly the before/after comparison of its two snapshots (the same moves,
    // positions and reasons; positions do not depend on ids).
    for (k, (before, after)) in [(&day0, &day1), (&day1, &day2)].into_iter().enumerate() {
        let ranked = Ranked::new(after, TieRule::Slurm);
        let expected = compare(before, &ranked, 20);
        let step = tl.step(k + 1, 20).expect("a step");
        assert!(!expected.diff.moved.is_empty());
        // The same rows but for the ids (moment k is numbered with moment k + 1's ids).
        assert_eq!(rows(&step.diff, true), rows(&expected.diff, true));
        assert_eq!(step.matching.added(), expected.matching.added());
        assert_eq!(step.matching.removed(), expected.matching.removed());
        // An association keeps its id from one snapshot to the next.
        let (b, a) = (
            tl.moments()[k].ranked.tree(),
            tl.moments()[k + 1].ranked.tree(),
        );
        for ix in 0..b.len() {
            match step.matching.after_of(ix) {
                Some(j) => assert_eq!(b.assocs()[ix].id, a.assocs()[j].id),
                None => assert!(a.position(b.assocs()[ix].id).is_none()),
            }
        }
    }
    // Every user of the last day, followed back by name: the same names, and its position and
    // FairShare in each snapshot; a user removed on day 1 has no point from then on.
    let runs: Vec<Ranked> = [&day0, &day1, &day2]
        .iter()
        .map(|t| Ranked::new(t, TieRule::Slurm))
        .collect();
    let mut followed = 0;
    for ix in (0..day2.len()).filter(|&ix| day2.assocs()[ix].is_user()) {
        let series = tl.series(2, ix);
        assert_eq!(series.len(), 3);
        for (k, p) in series.iter().enumerate() {
            let p = p.expect("day 2's users were there on every day");
            let tree = runs[k].tree();
            assert_eq!(name_of(tree, p.ix), name_of(&day2, ix));
            assert_eq!(p.position, runs[k].run().position(p.ix));
            assert_eq!(p.fairshare, runs[k].run().assocs()[p.ix].fairshare);
            assert_eq!(tl.follow(2, ix, k), Some(p.ix));
            assert_eq!(tl.follow(k, p.ix, 2), Some(ix));
        }
        followed += 1;
    }
    assert!(followed > 100);
    let removed: Vec<usize> = (0..day0.len())
        .filter(|&ix| day0.assocs()[ix].is_user() && tl.follow(0, ix, 1).is_none())
        .collect();
    assert!(!removed.is_empty());
    for ix in removed {
        let series = tl.series(0, ix);
        assert!(series[0].is_some() && series[1].is_none() && series[2].is_none());
    }
    // Out of range asks give nothing, never a panic.
    assert_eq!(tl.series(5, 0), vec![None; 3]);
    assert_eq!(tl.series(0, 1_000_000), vec![None; 3]);
    assert_eq!(tl.follow(0, 0, 9), None);
}

/// A scrubber step reuses the timeline's work: each step's moves equal, row for row and id for
/// id, the comparison made from scratch (both snapshots ranked again, matched again, diffed),
/// and a second showing returns the very same kept diff.
#[test]
fn a_step_reuses_the_rankings_and_equals_the_comparison_from_scratch() {
    let day0 = r#gen::tree(500, 5);
    let day1 = next_day(&day0, 0.6, 3, 7_000_000, 17);
    let day2 = next_day(&day1, 0.8, 4, 2_000_000, 9);
    let tl = Timeline::new(vec![
        (None, "d0".into(), day0.clone()),
        (None, "d1".into(), day1.clone()),
        (None, "d2".into(), day2.clone()),
    ]);
    assert!(tl.moves(0).is_none() && tl.moves(3).is_none());
    for k in [2, 1, 2] {
        // From scratch, on the snapshots as the timeline numbers them (the ids to compare).
        let after = Ranked::new(tl.moments()[k].ranked.tree(), TieRule::Slurm);
        let scratch = compare(tl.moments()[k - 1].ranked.tree(), &after, EXPLAINED);
        let moves = tl.moves(k).expect("a step");
        assert!(!moves.moved.is_empty() && moves.removed > 0);
        assert!(
            moves
                .moved
                .iter()
                .take(EXPLAINED)
                .all(|m| m.reason.is_some())
        );
        assert_eq!(*moves, scratch.diff);
        assert_eq!(scratch.before, tl.moments()[k - 1].ranked);
        assert_eq!(tl.step(k, EXPLAINED).expect("a step").diff, scratch.diff);
        assert_eq!(
            tl.step(k, 0).expect("a step").diff,
            compare(tl.moments()[k - 1].ranked.tree(), &after, 0).diff
        );
        assert_eq!(
            tl.matching(k).map(|m| m.removed()),
            Some(scratch.matching.removed())
        );
        // Kept: the second showing is the same diff, not another one.
        assert!(std::ptr::eq(moves, tl.moves(k).expect("a step")));
    }
    // And on the snapshots as they were pasted (other ids): the same rows but for the ids.
    let scratch = compare(&day1, &Ranked::new(&day2, TieRule::Slurm), 0).diff;
    assert_eq!(
        rows(tl.moves(2).expect("a step"), false),
        rows(&scratch, false)
    );
}

/// A before/after pair made from the after snapshot's ranking is the timeline of the two trees.
#[test]
fn a_pair_is_the_timeline_of_its_two_snapshots() {
    let day0 = r#gen::tree(300, 8);
    let day1 = next_day(&day0, 0.5, 4, 3_000_000, 7);
    let after = Ranked::new(&day1, TieRule::Slurm);
    let pair = Timeline::pair(&day0, after.clone());
    let two = Timeline::new(vec![
        (None, String::new(), day0.clone()),
        (None, String::new(), day1.clone()),
    ]);
    assert_eq!(pair, two);
    // The after ranking is the one given (shared, not ranked again), its ids kept.
    assert!(std::sync::Arc::ptr_eq(
        &pair.moments()[1].ranked.shared_run(),
        &after.shared_run()
    ));
    assert_eq!(pair.moments()[1].ranked.tree(), &day1);
    assert_eq!(pair.moves(1), two.moves(1));
    assert!(!pair.moves(1).expect("a step").moved.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Following a user forwards then back returns it, with its names, on random trees and days.
    #[test]
    fn following_there_and_back_is_the_identity(
        seed in any::<u64>(),
        n in 20usize..300,
        busy in 2usize..9,
        gone in 3usize..15,
    ) {
        let day0 = r#gen::tree(n, seed);
        let day1 = next_day(&day0, 0.7, busy, 1_000_000, gone);
        let tl = Timeline::new(vec![(None, "a".into(), day0.clone()), (None, "b".into(), day1.clone())]);
        for ix in 0..day0.len() {
            if let Some(j) = tl.follow(0, ix, 1) {
                prop_assert_eq!(name_of(&day1, j), name_of(&day0, ix));
                prop_assert_eq!(tl.follow(1, j, 0), Some(ix));
            } else {
                prop_assert!(day0.assocs()[ix].is_user());
            }
        }
    }
}

/// The snapshot panel's reason of any user, looked up in the step's moves (`reason_in`), is
/// `reason_for`'s, computed alone: for a timeline step (many users changed), an edit of one
/// user, and the same tree under the other tie rule; explained users or not.
#[test]
fn a_reason_looked_up_in_the_moves_is_the_reason_computed_alone() {
    use fairshare::diff::{reason_for, reason_in, run_diff};
    let day0 = r#gen::tree(400, 3);
    let day1 = next_day(&day0, 0.7, 3, 6_000_000, 19);
    let tl = Timeline::new(vec![
        (None, "d0".into(), day0.clone()),
        (None, "d1".into(), day1),
    ]);
    let (before, after) = (&tl.moments()[0].ranked, &tl.moments()[1].ranked);
    let heavy = r#gen::heaviest_user_idle(&day0).expect("a user with usage");
    let edited = Ranked::new(&heavy, TieRule::Slurm);
    let base = Ranked::new(&day0, TieRule::Slurm);
    let cases = [
        (before.clone(), after.clone()),
        (base.clone(), edited),
        (base.clone(), base.with_rule(TieRule::Documented)),
    ];
    let mut found = 0;
    for (base, cur) in &cases {
        for explained in [0, 5, EXPLAINED] {
            let diff = run_diff(base, cur, explained);
            for ix in 0..cur.tree().len() {
                let alone = reason_for(base, cur, ix);
                found += usize::from(alone.is_some());
                assert_eq!(reason_in(&diff, base, cur, ix), alone, "position {ix}");
            }
        }
    }
    assert!(found > 100, "reasons to compare: {found}");
}
