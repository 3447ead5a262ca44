//! The engine on arbitrary valid trees: both tie rules, classic with and without
//! DEPTH_OBLIVIOUS and any damping, explain on pairs of users, `Frame::at` at the end (checked
//! against the run) and at cursors the bytes pick, the tree layout, and usage decay with jobs.
//!
//! Cost per input is kept small so the fuzzer makes many: trees of at most [`MAX_ASSOCS`]
//! (every branch of the engine is reachable well below that: depth, width and ties come from
//! the bytes), and `Frame::at` at three cursors, not all of them (each call replays the steps
//! up to its cursor, so every cursor would be quadratic; the end cursor replays every step).
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

use fairshare::decay::{self, Job, Schedule};
use fairshare::layout::{self, Spacing};
use fairshare::step::Frame;
use fairshare::{Params, Ranked, TieRule, explain, fair_tree};
use fairshare_fuzz::arb;

/// Largest tree built from one input.
const MAX_ASSOCS: usize = 100;
/// Most decay cycles simulated per input.
const MAX_CYCLES: u8 = 48;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(tree) = arb::tree(&mut u, MAX_ASSOCS) else {
        return;
    };
    let slurm = Ranked::new(&tree, TieRule::Slurm);
    let h = slurm.hierarchy();
    let users: Vec<usize> = (0..tree.len()).filter(|&i| h.is_user(i)).collect();
    for rule in [TieRule::Slurm, TieRule::Documented] {
        let ranked = slurm.with_rule(rule);
        let run = ranked.run();
        for a in run.assocs() {
            assert!(!a.level_fs_key.is_nan(), "Level FS is never NaN");
            if let Some(fs) = a.fairshare {
                assert!((0.0..=1.0).contains(&fs));
            }
        }
        // The end agrees with the results; two more cursors (and one past the end) anywhere.
        let end = Frame::at(run.steps(), run.steps().len());
        for (ix, a) in run.assocs().iter().enumerate() {
            assert_eq!(end.rank_of[ix], a.rank);
        }
        for _ in 0..2 {
            let cursor = u.choose_index(run.steps().len() + 2).unwrap_or(0);
            let frame = Frame::at(run.steps(), cursor);
            assert_eq!(frame.cursor, cursor.min(run.steps().len()));
        }
        if rule == TieRule::Slurm {
            // Exact decimal expansion of every value (slow for subnormals): once per input.
            let _ = fair_tree::slurm_debug_lines(&ranked);
        }
        if let (Ok(i), Ok(j)) = (
            u.choose_index(users.len().max(1)),
            u.choose_index(users.len().max(1)),
        ) {
            if let (Some(&a), Some(&b)) = (users.get(i), users.get(j)) {
                if let Ok(e) = explain::explain(&ranked, a, b) {
                    let _ = e.sentence(&tree);
                }
            }
        }
    }
    let damping = u.int_in_range(1..=u16::MAX).unwrap_or(1);
    for depth_oblivious in [false, true] {
        let params = Params {
            damping_factor: damping,
            depth_oblivious,
        };
        let run = slurm.classic(&params);
        for a in run.assocs() {
            if let Some(f) = a.fairshare {
                assert!(!(f < 0.0 || f > 1.0), "F in [0, 1] or NaN-free: {f}");
            }
        }
    }
    // Layout of the whole tree.
    let kids: Vec<Vec<usize>> = (0..tree.len())
        .map(|i| h.children(i).collect())
        .collect();
    let _ = layout::tidy(
        tree.len(),
        h.root(),
        |i| &kids[i],
        |_| 10.0,
        Spacing::default(),
    );
    // Decay with a few jobs.
    let mut jobs = Vec::new();
    while jobs.len() < 4 && !u.is_empty() {
        let Ok(k) = u.choose_index(tree.len()) else {
            break;
        };
        let billable = f64::from(u.int_in_range(0..=1000u16).unwrap_or(1));
        let start = i64::from(u.int_in_range(-10_000..=10_000i32).unwrap_or(0));
        let end = start + i64::from(u.int_in_range(0..=100_000i32).unwrap_or(0));
        jobs.push(Job::running(tree.assocs()[k].id, billable, start).until(end));
    }
    let _ = decay::job_problems(&tree, &jobs);
    let schedule = Schedule {
        half_life_secs: u64::from(u.int_in_range(0..=1_000_000u32).unwrap_or(604_800)),
        calc_period_secs: u64::from(u.int_in_range(0..=3600u16).unwrap_or(300)),
        no_state_file: u.arbitrary().unwrap_or(false),
    };
    // At most MAX_CYCLES decay cycles (each one touches every association), over a span that
    // reaches past the jobs' ends when the period allows.
    let cycles = i64::from(u.int_in_range(0..=MAX_CYCLES).unwrap_or(24));
    let t = (schedule.calc_period_secs.max(1) as i64 * cycles).min(7200);
    let usage = decay::advance_usage(&tree, &jobs, &schedule, t);
    let _ = Ranked::with_usages(&tree, &usage, TieRule::Slurm);
});
