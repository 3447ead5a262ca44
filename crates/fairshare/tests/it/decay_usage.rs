//! Decay and new usage, checked against figures computed by hand from Slurm's decay formula.

use crate::common;

use common::trees;
use fairshare::LongDouble;
use fairshare::decay::{
    self, DEFAULT_CALC_PERIOD_SECS, DEFAULT_HALF_LIFE_SECS, Job, Schedule, UsageSim, cycle_factor,
    decay_factor, decayed, job_charge, periods_until_below, secs_until_below,
};
use fairshare::tree::{Assoc, AssocId, AssocTree, Shares};

const H: u64 = DEFAULT_HALF_LIFE_SECS;

fn ld(x: f64) -> LongDouble {
    LongDouble::from_f64(x)
}

/// The user of the flat trees below that jobs run on: the first (id 2).
const U0: AssocId = AssocId(2);

/// A simulation over a flat tree: root and one user per entry (ids 2, 3, …, user k holding
/// `usage[k]`). Its `usage()` is the users' (root, which sums them, is left out).
struct Flat(UsageSim);

impl Flat {
    fn usage(&self) -> Vec<LongDouble> {
        self.0.usage()[1..].to_vec()
    }
}

impl std::ops::Deref for Flat {
    type Target = UsageSim;
    fn deref(&self) -> &UsageSim {
        &self.0
    }
}

impl std::ops::DerefMut for Flat {
    fn deref_mut(&mut self) -> &mut UsageSim {
        &mut self.0
    }
}

fn flat(usage: Vec<LongDouble>, jobs: &[Job], s: Schedule) -> Flat {
    let root = trees::root();
    let users: Vec<Assoc> = (usage.iter().enumerate())
        .map(|(k, &u)| trees::user(2 + k as u32, &root, &format!("u{k}"), Shares::Value(1), u))
        .collect();
    let mut assocs = vec![root];
    assocs.extend(users);
    let tree = AssocTree::new(assocs).expect("a flat tree");
    Flat(UsageSim::from_tree(&tree, jobs, s))
}

/// Flat usage advanced to `t`.
fn advance_usage(usage: &[LongDouble], jobs: &[Job], s: &Schedule, t: i64) -> Vec<LongDouble> {
    let mut sim = flat(usage.to_vec(), jobs, *s);
    sim.advance_to(t);
    sim.usage()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn seven_day_half_life_leaves_0_500073_not_one_half() {
    assert_eq!(decay_factor(H), 0.9999988541666667);
    assert_eq!(format!("{:.6}", decayed(1.0, H as f64, H)), "0.500073");
    // The per-period multiplier of the spec's example: d^300 = 0.99965631.
    assert_eq!(format!("{:.8}", cycle_factor(H, 300.0)), "0.99965631");
    // Minutes in slurm.conf: 7-0 = 10080 minutes.
    assert_eq!(decay::minutes_to_secs(10_080), H);
}

#[test]
fn one_second_half_life_as_in_the_test_programs() {
    // H = 1 s: d = 1 - 0.693 = 0.307; one second takes 240 to 73.68.
    assert!(close(decay_factor(1), 0.307));
    assert!(close(decayed(240.0, 1.0, 1), 73.68));
    // No decay at all when H = 0.
    assert_eq!(decayed(240.0, 1e9, 0), 240.0);
}

#[test]
fn pure_decay_per_period() {
    let s = Schedule::default();
    let mut sim = flat(vec![ld(1e6), ld(0.0), ld(3.0)], &[], s);
    for _ in 0..12 {
        sim.next_cycle();
    }
    assert_eq!(sim.now(), 3600);
    let want = 1e6 * cycle_factor(H, 300.0).powi(12);
    assert!(close(sim.usage()[0].to_f64(), want));
    assert!(sim.usage()[1].is_zero());
    // Between cycles nothing changes: usage is Slurm's value as of the last cycle.
    let at_3599 = advance_usage(&[ld(1e6)], &[], &s, 3599);
    let at_3300 = advance_usage(&[ld(1e6)], &[], &s, 3300);
    assert_eq!(at_3599, at_3300);
}

#[test]
fn a_running_job_adds_billable_r_d_pow_r_each_period() {
    let s = Schedule::default();
    let d = decay_factor(H);
    // 4 CPUs from time 0.
    let jobs = [Job::running(U0, 4.0, 0)];
    let charge = 4.0 * 300.0 * d.powf(300.0);
    assert_eq!(job_charge(4.0, 300.0, 1.0, d), 300.0 * d.powf(300.0) * 4.0);
    let one = advance_usage(&[ld(0.0)], &jobs, &s, 300);
    assert!(close(one[0].to_f64(), charge), "{one:?}");
    let two = advance_usage(&[ld(0.0)], &jobs, &s, 600);
    assert!(close(
        two[0].to_f64(),
        charge * cycle_factor(H, 300.0) + charge
    ));
    // Started in the middle of the period: only r = 200 s counts, decayed by d^200.
    let late = advance_usage(&[ld(0.0)], &[Job::running(U0, 4.0, 100)], &s, 300);
    assert!(close(late[0].to_f64(), 4.0 * 200.0 * d.powf(200.0)));
    // Existing usage decays, then the period's new usage is added.
    let both = advance_usage(&[ld(1e6)], &jobs, &s, 300);
    assert!(close(
        both[0].to_f64(),
        1e6 * cycle_factor(H, 300.0) + charge
    ));
}

#[test]
fn a_job_ending_inside_a_period_is_charged_at_its_end_then_decayed() {
    let s = Schedule::default();
    let d = decay_factor(H);
    let jobs = [Job::running(U0, 4.0, 0).until(100)];
    let at_end = 4.0 * 100.0 * d.powf(100.0);
    // Slurm charges the job when it ends (priority_p_job_end)...
    let mid = advance_usage(&[ld(0.0)], &jobs, &s, 150);
    assert!(close(mid[0].to_f64(), at_end));
    // ...and the next cycle decays that charge like all other usage.
    let after = advance_usage(&[ld(0.0)], &jobs, &s, 300);
    assert!(close(after[0].to_f64(), at_end * cycle_factor(H, 300.0)));
    // Stepping through 150 first gives the same as jumping to 300 (no double charge).
    let mut sim = flat(vec![ld(0.0)], &jobs, s);
    sim.advance_to(150);
    sim.advance_to(300);
    assert_eq!(sim.usage(), after);
    assert!(sim.jobs_finished());
    // A job that ended before time 0 is already in the usage.
    let old = advance_usage(&[ld(5.0)], &[Job::running(U0, 4.0, -900).until(-1)], &s, 0);
    assert_eq!(old[0], ld(5.0));
}

#[test]
fn usage_factor_scales_and_negative_means_unset() {
    let s = Schedule::default();
    let base = advance_usage(&[ld(0.0)], &[Job::running(U0, 2.0, 0)], &s, 300)[0].to_f64();
    let twice = advance_usage(
        &[ld(0.0)],
        &[Job::running(U0, 2.0, 0).with_usage_factor(2.0)],
        &s,
        300,
    )[0]
    .to_f64();
    let unset = advance_usage(
        &[ld(0.0)],
        &[Job::running(U0, 2.0, 0).with_usage_factor(-1.0)],
        &s,
        300,
    )[0]
    .to_f64();
    let free = advance_usage(
        &[ld(0.0)],
        &[Job::running(U0, 2.0, 0).with_usage_factor(0.0)],
        &s,
        300,
    )[0];
    assert!(close(twice, 2.0 * base));
    assert_eq!(unset, base);
    assert!(free.is_zero());
}

#[test]
fn without_a_state_file_the_first_cycle_decays_nothing_and_charges_from_job_start() {
    let d = decay_factor(H);
    let p = cycle_factor(H, 300.0);
    let jobs = [Job::running(U0, 4.0, -600)];
    let normal = Schedule::default();
    let fresh = Schedule {
        no_state_file: true,
        ..normal
    };
    // Default: the usage given is current at 0; the job is charged from 0 on.
    let mut sim = flat(vec![ld(1000.0)], &jobs, normal);
    assert_eq!(sim.usage()[0], ld(1000.0));
    sim.next_cycle();
    assert!(close(
        sim.usage()[0].to_f64(),
        1000.0 * p + 4.0 * 300.0 * d.powf(300.0)
    ));
    // No state file: a cycle at 0 without decay charges the job's 600 earlier seconds.
    let mut sim = flat(vec![ld(1000.0)], &jobs, fresh);
    let at0 = 1000.0 + 4.0 * 600.0 * d.powf(600.0);
    assert!(close(sim.usage()[0].to_f64(), at0));
    sim.next_cycle();
    assert!(close(
        sim.usage()[0].to_f64(),
        at0 * p + 4.0 * 300.0 * d.powf(300.0)
    ));
    assert_eq!(sim.cycles(), 1);
}

#[test]
fn closed_form_time_until_below() {
    // U = 1 down to 0.5 takes a little more than H, because d^H = 0.500073.
    let t = secs_until_below(1.0, 0.5, H).unwrap();
    assert!(t > H as f64 && t < H as f64 + 200.0, "{t}");
    assert!(close(decayed(1.0, t, H), 0.5));
    // In 5-minute periods: H is exactly 2016 periods, which leaves 0.500073 > 0.5, so 2017.
    assert_eq!(
        periods_until_below(1.0, 0.5, H, DEFAULT_CALC_PERIOD_SECS),
        Some(2017)
    );
    // d^H = 0.50007340: a target of 0.50008 is reached after exactly 2016 periods.
    assert_eq!(periods_until_below(1.0, 0.50008, H, 300), Some(2016));
    assert_eq!(periods_until_below(1.0, 0.5000733, H, 300), Some(2017));
    // Already there; never (no decay, or a target of 0); bad input.
    assert_eq!(secs_until_below(0.4, 0.5, H), Some(0.0));
    assert_eq!(periods_until_below(0.5, 0.5, H, 300), Some(0));
    assert_eq!(secs_until_below(1.0, 0.5, 0), None);
    assert_eq!(secs_until_below(1.0, 0.0, H), None);
    assert_eq!(secs_until_below(f64::NAN, 0.5, H), None);
    // A one-day half-life: 1e6 down to 1e3 is about log2(1000) ≈ 9.97 days.
    let days = secs_until_below(1e6, 1e3, 86_400).unwrap() / 86_400.0;
    assert!((9.96..9.98).contains(&days), "{days}");
}

fn tiny_tree() -> AssocTree {
    let a = |id: u32, parent: Option<u32>, user: Option<&str>, usage: f64| {
        let account = if id == 1 { "root" } else { "acct" };
        fairshare::testing::assoc(id, parent, account, user, 1, usage)
    };
    AssocTree::new(vec![
        a(1, None, None, 0.0),
        a(2, Some(1), None, 0.0),
        a(3, Some(2), Some("x"), 10.0),
        a(4, Some(2), Some("y"), 20.0),
    ])
    .unwrap()
}

#[test]
fn jobs_charge_the_user_and_every_ancestor_and_usages_go_back_into_a_tree() {
    let tree = tiny_tree();
    let u = decay::usage_of(&tree);
    // Slurm's values after loading: root and acct hold the users' sum.
    assert_eq!(u[0], ld(30.0));
    assert_eq!(u[1], ld(30.0));
    let s = Schedule::default();
    let later = decay::advance_usage(&tree, &[Job::running(AssocId(3), 1.0, 0)], &s, 3600);
    let decayed_only = decay::advance_usage(&tree, &[], &s, 3600);
    let added = later[2].to_f64() - decayed_only[2].to_f64();
    assert!(added > 3500.0 && added < 3600.0, "{added}");
    // The same charge reached acct and root; y only decayed.
    for ix in [0, 1] {
        let diff = later[ix].to_f64() - decayed_only[ix].to_f64();
        assert!(close(diff, added), "{ix}: {diff} vs {added}");
    }
    assert_eq!(later[3], decayed_only[3]);
    // Back into a tree (users' values), or exactly as Slurm holds them (a ranked tree).
    let t2 = decay::tree_with_usages(&tree, &later).unwrap();
    assert_eq!(t2.assocs()[2].usage_raw, later[2]);
    let ranked = fairshare::Ranked::with_usages(&tree, &later, fairshare::TieRule::Slurm);
    let h = ranked.hierarchy();
    let usage: Vec<LongDouble> = (0..h.len()).map(|ix| h.usage_raw(ix)).collect();
    assert_eq!(usage, later);
}

#[test]
fn bad_jobs_are_reported_and_skipped() {
    let tree = tiny_tree();
    let jobs = [
        Job::running(AssocId(99), 1.0, 0),
        Job::running(AssocId(2), 1.0, 0),
        Job::running(AssocId(3), f64::NAN, 0),
        Job::running(AssocId(4), 1.0, 0).with_usage_factor(f64::INFINITY),
        Job::running(AssocId(4), 1.0, 50).until(10),
    ];
    let problems = decay::job_problems(&tree, &jobs);
    assert_eq!(problems.len(), 5, "{problems:?}");
    assert_eq!(problems.iter().filter(|d| d.is_error()).count(), 3);
    // Only the account job (a warning, not an error) is used: it charges acct and root.
    let s = Schedule::default();
    let later = decay::advance_usage(&tree, &jobs, &s, 300);
    let plain = decay::advance_usage(&tree, &[], &s, 300);
    assert_eq!((later[2], later[3]), (plain[2], plain[3]));
    assert!(later[1].to_f64() > plain[1].to_f64());
}

#[test]
fn usage_at_equals_the_whole_tree_simulation_bit_for_bit() {
    let tree = tiny_tree();
    let s = Schedule::default();
    let jobs = [
        Job::running(AssocId(3), 3.0, 600).until(7_250),
        Job::running(AssocId(4), 0.5, 0),
        Job::running(AssocId(99), 9.0, 0),
    ];
    let t = 2 * 86_400 + 1_234;
    let full = decay::advance_usage(&tree, &jobs, &s, t);
    let start = decay::usage_of(&tree);
    let ids: Vec<AssocId> = tree
        .assocs()
        .iter()
        .map(|a| a.id)
        .chain([AssocId(99)])
        .collect();
    let got = decay::usage_at(&tree, &jobs, &s, t, &ids);
    assert_eq!(got.len(), tree.len(), "an id not in the tree is skipped");
    for (ix, u) in got.iter().enumerate() {
        assert_eq!(u.assoc, tree.assocs()[ix].id);
        assert_eq!((u.start, u.at), (start[ix], full[ix]), "{ix}");
    }
    // The job on x did reach x, acct and root, not y.
    let plain = decay::advance_usage(&tree, &jobs[1..], &s, t);
    assert!(got[2].at.to_f64() > plain[2].to_f64());
    assert_eq!(got[3].at, plain[3]);
}
