//! Reading a large `sshare -a -l -P` output is fast: 100 000 rows in well under 100 ms
//! natively (the engine is built with opt-level 2 even in test builds). The measured times are
//! printed (`cargo test -p fairshare --test import_perf -- --nocapture`): wall time, and on
//! Linux the CPU time of the thread (from /proc/thread-self/schedstat), which a machine busy
//! with other builds does not inflate. The assertion is loose so that CI does not flake.

use std::time::{Duration, Instant};

use fairshare::import;

/// 100 000 rows: root, 1 000 accounts in 10 groups, 99 users each, realistic numbers.
fn big_sshare_text() -> String {
    let mut s = String::with_capacity(100_000 * 90);
    s.push_str("Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins\n");
    s.push_str("root|||0.000000|98765432109||1.000000||||cpu=0,mem=0,energy=0,node=0,billing=0\n");
    let mut rows = 1;
    for g in 0..10 {
        s.push_str(&format!(
            " grp{g:02}||10|0.100000|9876543210|0.100000|0.100000||1.000000||cpu=0,mem=0\n"
        ));
        rows += 1;
        for a in 0..100 {
            if rows >= 100_000 {
                break;
            }
            s.push_str(&format!(
                "  acct{g:02}{a:03}||{}|0.010000|98765432|0.001000|0.010000||1.000000||cpu=0,mem=0\n",
                a + 1
            ));
            rows += 1;
            for u in 0..99 {
                if rows >= 100_000 {
                    break;
                }
                s.push_str(&format!(
                    "   acct{g:02}{a:03}|user{u:02}x{a:03}|{}|0.010101|{}|0.000010|0.010101|0.{:06}|1.{:06}||cpu=0,mem=0\n",
                    u % 7 + 1,
                    (u * 7919 + a * 104_729) % 1_000_000,
                    (u * 37 + a) % 1_000_000,
                    (u * 101) % 1_000_000
                ));
                rows += 1;
            }
        }
    }
    s
}

/// CPU time of this thread, where Linux tells it.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

#[test]
fn hundred_thousand_rows_parse_quickly() {
    let text = big_sshare_text();
    assert_eq!(text.lines().count(), 100_001);
    let mut best = Duration::MAX;
    let mut best_cpu = Duration::MAX;
    let mut imp = None;
    // IMPORT_PERF_REPS changes the repetitions (for `perf stat`, say).
    let reps: usize = std::env::var("IMPORT_PERF_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5)
        .max(1);
    for _ in 0..reps {
        let cpu = thread_cpu();
        let t = Instant::now();
        let got = import::import(&text);
        best = best.min(t.elapsed());
        if let (Some(a), Some(b)) = (cpu, thread_cpu()) {
            best_cpu = best_cpu.min(b.saturating_sub(a));
        }
        imp = Some(got);
    }
    let imp = imp.expect("ran");
    assert!(
        !imp.has_errors(),
        "{:?}",
        &imp.diagnostics[..imp.diagnostics.len().min(5)]
    );
    assert_eq!(imp.scenario.as_ref().map(|s| s.tree.len()), Some(100_000));
    assert_eq!(imp.printed.len(), 100_000);
    println!(
        "import of 100 000 sshare -l -P rows, best of {reps}: {best:?} wall, {best_cpu:?} CPU"
    );
    assert!(best < Duration::from_secs(2), "took {best:?}");
}
