//! Hostile and huge input: refused by name or handled, never a panic or a NaN, and linear work.
//!
//! The resource tests build deep, wide and same-named trees of 100,000 associations and assert
//! linear behaviour by *counting*: `Hierarchy::work` (the basic steps the derivation spent) and
//! the bytes and allocations this test binary's allocator saw. No wall-clock assertion.

// The counting allocator below is the one unsafe code in the workspace ([workspace.lints]).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use fairshare::Ranked;
use fairshare::sshare::{self, MAX_PARSABLE_INDENT};
use fairshare::step::Frame;
use fairshare::testing::{acct, user};
use fairshare::tree::MAX_USAGE_RAW;
use fairshare::{
    Assoc, AssocId, AssocTree, Hierarchy, LongDouble, Params, Shares, TieRule, TreeError, classic,
    fair_tree, import, scenario,
};

// ---------------------------------------------------------------------------------------------
// Counting allocator (this test binary only).

struct Counting;

static BYTES: AtomicU64 = AtomicU64::new(0);
static COUNT: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        COUNT.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        BYTES.fetch_add(new_size as u64, Ordering::Relaxed);
        COUNT.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Bytes and allocations made by `f` (every test in this file holds `SERIAL`, so no other test
/// allocates meanwhile).
fn allocated<T>(f: impl FnOnce() -> T) -> (T, u64, u64) {
    let (b0, c0) = (BYTES.load(Ordering::Relaxed), COUNT.load(Ordering::Relaxed));
    let out = f();
    let (b1, c1) = (BYTES.load(Ordering::Relaxed), COUNT.load(Ordering::Relaxed));
    (out, b1 - b0, c1 - c0)
}

/// The allocation counters are global: every test takes this lock.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

// ---------------------------------------------------------------------------------------------
// Builders.

/// A chain of `depth` accounts under the root; `user_at(level)` says whether that level gets a
/// user, with what usage.
fn chain(depth: u32, user_at: impl Fn(u32) -> Option<LongDouble>) -> Vec<Assoc> {
    let mut v = vec![acct(1, None, "root")];
    let mut next = 2;
    let mut parent = 1;
    for level in 0..depth {
        let name = format!("l{level}");
        v.push(acct(next, Some(parent), &name));
        parent = next;
        next += 1;
        if let Some(u) = user_at(level) {
            v.push(user(next, parent, &name, &format!("u{level}"), u));
            next += 1;
        }
    }
    v
}

const N: u32 = 100_000;

/// n · ⌈log2 n⌉, the budget the counters are held to (times a small constant).
fn n_log_n(n: usize) -> u64 {
    n as u64 * u64::from(usize::BITS - n.leading_zeros())
}

// ---------------------------------------------------------------------------------------------
// No panic, no NaN.

/// A chain's hierarchy, followed to the bit: its list order walks down the chain.
fn assert_exact_chain(h: &Hierarchy) {
    assert!(!h.approximated());
    assert!(
        h.list_order()
            .windows(2)
            .all(|w| h.parent(w[1]) == Some(w[0]))
    );
}

#[test]
fn usage_sums_cannot_overflow_because_huge_usage_is_refused_by_name() {
    let _serial = SERIAL.lock();
    // Two users of 1e4932 in one account overflowed the 80-bit sum to ∞ and made U NaN.
    let huge = LongDouble::parse("1e4932").unwrap();
    let mut v = chain(1, |_| Some(huge));
    v.push(user(9, 2, "l0", "other", huge));
    let errors = AssocTree::new(v).unwrap_err();
    assert!(
        errors.contains(&TreeError::BadUsage(AssocId(3))),
        "{errors:?}"
    );
    assert!(
        errors.contains(&TreeError::BadUsage(AssocId(9))),
        "{errors:?}"
    );
    let message = errors[0].to_string();
    assert!(
        message.contains("association 3") && message.contains("MAX_USAGE_RAW"),
        "{message}"
    );

    // The same through scenario JSON names the line.
    let text = "{\"associations\": [\n{\"id\": 1, \"account\": \"root\"},\n{\"id\": 2, \"parent\": 1, \"account\": \"root\", \"user\": \"a\", \"usage_raw\": \"1e4932\"}\n]}";
    let (s, d) = scenario::parse(text);
    assert!(s.is_none());
    assert_eq!(d[0].line, Some(3), "{d:?}");
    assert!(d[0].message().contains("2^64"), "{d:?}");
}

#[test]
fn usage_at_and_beyond_two_to_the_64_is_refused_below_is_kept() {
    let _serial = SERIAL.lock();
    let at = |u: LongDouble| AssocTree::new(chain(1, |_| Some(u)));
    assert!(
        at(LongDouble::from_u64(u64::MAX)).is_ok(),
        "2^64 − 1 is what sshare can print"
    );
    assert!(at(LongDouble::from_f64(MAX_USAGE_RAW)).is_err());
    assert!(at(LongDouble::INFINITY).is_err());
    // sshare text: a 5,000-digit RawUsage is "too large", not "not a whole number".
    let digits = "9".repeat(5000);
    let text =
        format!("Account|User|RawShares|RawUsage\nroot|||0\n root||1|0\n  root|u|1|{digits}\n");
    let imp = import::import(&text);
    let error = imp
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    assert_eq!(error.line, Some(4));
    assert!(error.message().contains("2^64"), "{}", error.message());
    assert!(
        error.message().len() < 300,
        "the cell is shortened: {}",
        error.message()
    );
    let text = "Account|User|RawShares|RawUsage\nroot|||0\n root|u|1|18446744073709551616\n";
    assert!(import::import(text).has_errors());
    let text = "Account|User|RawShares|RawUsage\nroot|||0\n root|u|1|0018446744073709551615\n";
    assert!(!import::import(text).has_errors());
}

#[test]
fn minus_zero_usage_is_zero_and_ranks_first() {
    let _serial = SERIAL.lock();
    // −0 gave U = −0 and Level FS −∞: the idle user ranked last instead of first.
    let mut v = chain(1, |_| Some(-LongDouble::ZERO));
    v.push(user(9, 2, "l0", "busy", LongDouble::from_f64(10.0)));
    let tree = AssocTree::new(v).unwrap();
    let idle = tree.position(AssocId(3)).unwrap();
    assert!(!tree.assocs()[idle].usage_raw.is_negative());
    let run = fair_tree::run(&tree);
    assert_eq!(run.assocs()[idle].level_fs, Some(LongDouble::INFINITY));
    assert_eq!(run.position(idle), Some(1));
    // Through every reader too.
    let text = "Account|User|RawShares|RawUsage\nroot|||0\n root|u|1|-0\n root|v|1|3\n";
    let imp = import::import(text);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    let s = imp.scenario.unwrap();
    assert!(s.tree.assocs().iter().all(|a| !a.usage_raw.is_negative()));
    let (s, d) = scenario::parse(
        "{\"associations\": [{\"id\": 1, \"account\": \"r\"}, {\"id\": 2, \"parent\": 1, \"account\": \"r\", \"user\": \"u\", \"usage_raw\": -0.0}]}",
    );
    assert!(d.is_empty(), "{d:?}");
    assert!(!s.unwrap().tree.assocs()[1].usage_raw.is_negative());
}

#[test]
fn formatting_never_panics_on_values_that_are_not_finite() {
    let _serial = SERIAL.lock();
    let nan = LongDouble::ZERO.div(LongDouble::ZERO);
    assert!(nan.is_nan());
    assert_eq!(nan.to_lg21().trim_start_matches('-'), "nan");
    assert_eq!(format!("{nan}").trim_start_matches('-'), "nan");
    assert_eq!(nan.to_fixed(20).trim_start_matches('-'), "nan");
    assert_eq!(format!("{:?}", -LongDouble::INFINITY), "-inf");
    assert_eq!((-LongDouble::INFINITY).to_fixed(6), "-inf");
    // The largest and smallest finite values format in full.
    assert!(
        LongDouble::parse("1.18e4932")
            .unwrap()
            .to_lg21()
            .ends_with("e+4932")
    );
    assert!(
        LongDouble::parse("4e-4951")
            .unwrap()
            .to_lg21()
            .contains("e-4951")
    );
}

// ---------------------------------------------------------------------------------------------
// Linear work at 100,000.

/// Builds `tree`'s hierarchy, checking that it takes O(n log n) work, O(n) memory in a bounded
/// number of allocations, and gives finite usage sums.
fn linear_hierarchy(tree: &AssocTree) -> Hierarchy {
    let n = tree.len();
    let (h, bytes, count) = allocated(|| Hierarchy::new(tree));
    assert!(h.work() <= 4 * n_log_n(n), "work {} for {n}", h.work());
    assert!(bytes <= 400 * n as u64, "{bytes} bytes for {n}");
    assert!(count <= 200, "{count} allocations");
    assert!((0..h.len()).all(|ix| h.usage_raw(ix).is_finite()));
    h
}

#[test]
fn deep_chain_with_a_fractional_user_at_every_level_is_linear() {
    let _serial = SERIAL.lock();
    // Slurm's sequential sums would take N²/2 additions here; past EXACT_WORK_LIMIT they are
    // continued from the first child's sum.
    let v = chain(N, |l| {
        Some(LongDouble::from_f64(1000.5 + f64::from(l) * 0.37))
    });
    let tree = AssocTree::new(v).unwrap();
    let n = tree.len();
    linear_hierarchy(&tree);
    // The rest of the engine on the same chain: runs and memory stay linear.
    // (A Ranked under the other rule first, so that only the run is measured.)
    let ranked = Ranked::new(&tree, TieRule::Documented);
    let (ranked, bytes, _) = allocated(|| ranked.with_rule(TieRule::Slurm));
    let run = ranked.run();
    assert!(bytes <= 1200 * n as u64, "Fair Tree: {bytes} bytes for {n}");
    assert!(run.steps().len() <= 4 * n);
    let (c, bytes, _) = allocated(|| {
        let c = ranked.classic(&Params::default());
        c.compute_all();
        c
    });
    assert!(bytes <= 800 * n as u64, "classic: {bytes} bytes for {n}");
    assert!(
        c.assocs()
            .iter()
            .all(|a| a.fairshare.is_none_or(|f| f.is_finite()))
    );
    let end = Frame::at(run.steps(), run.steps().len());
    assert_eq!(end.rank_of[n - 1], run.assocs()[n - 1].rank);
}

#[test]
fn deep_chain_with_retained_usage_at_every_level_is_linear() {
    let _serial = SERIAL.lock();
    // Every account's own retained usage starts its sum (Slurm adds it first), so no account
    // continues a child's sum: N²/2 additions exactly, past EXACT_WORK_LIMIT summed child by
    // child instead. An edit of the deepest user stays linear too.
    let v: Vec<Assoc> = chain(N, |l| {
        Some(LongDouble::from_f64(1000.5 + f64::from(l) * 0.37))
    })
    .into_iter()
    .map(|a| {
        let retained = if a.is_user() {
            LongDouble::ZERO
        } else {
            LongDouble::from_f64(3.25 + f64::from(a.id.0) * 0.11)
        };
        Assoc {
            retained_usage: retained,
            ..a
        }
    })
    .collect();
    let tree = AssocTree::new(v).unwrap();
    let n = tree.len();
    assert!(linear_hierarchy(&tree).has_retained_usage());
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let deepest = tree.assocs()[n - 1].id;
    let edited = ranked
        .with_usage(deepest, LongDouble::from_f64(7.5))
        .unwrap();
    assert!(
        edited.hierarchy().work() <= 4 * n_log_n(n),
        "edit: work {}",
        edited.hierarchy().work()
    );
}

#[test]
fn deep_chain_with_whole_usages_is_exact_and_linear() {
    let _serial = SERIAL.lock();
    // Whole numbers far below 2^64: no sum can round, so the exact answer costs one step each.
    let v = chain(N, |l| {
        (l % 3 == 0).then(|| LongDouble::from_u64(u64::from(l) * 1000 + 7))
    });
    let tree = AssocTree::new(v).unwrap();
    let h = Hierarchy::new(&tree);
    assert!(!h.approximated());
    assert!(h.work() <= 2 * tree.len() as u64, "work {}", h.work());
    let total: u64 = (0..N)
        .filter(|l| l % 3 == 0)
        .map(|l| u64::from(l) * 1000 + 7)
        .sum();
    assert_eq!(h.usage_raw(h.root()), LongDouble::from_u64(total));
}

#[test]
fn users_at_the_bottom_of_a_deep_chain_are_summed_once() {
    let _serial = SERIAL.lock();
    // 50,000 users under a 50,000-deep chain: every account's sum is its only child's.
    let mut v = chain(N / 2, |_| None);
    let bottom = v.len() as u32;
    for k in 0..N / 2 {
        v.push(user(
            bottom + 1 + k,
            bottom,
            &format!("l{}", N / 2 - 1),
            &format!("b{k}"),
            LongDouble::from_f64(1.25 + f64::from(k) * 0.1),
        ));
    }
    let tree = AssocTree::new(v).unwrap();
    let h = Hierarchy::new(&tree);
    assert!(!h.approximated(), "the exact sums are affordable");
    assert!(h.work() <= 4 * n_log_n(tree.len()), "work {}", h.work());
    let bottom_ix = tree.position(AssocId(bottom)).unwrap();
    assert_eq!(h.usage_raw(h.root()), h.usage_raw(bottom_ix));
}

#[test]
fn fairshare_parent_chain_is_linear() {
    let _serial = SERIAL.lock();
    let mut v = chain(N, |l| (l == N - 1).then(|| LongDouble::from_f64(2.5)));
    for a in v.iter_mut().skip(1) {
        if a.user.is_none() {
            a.shares = Shares::Parent;
        }
    }
    let tree = AssocTree::new(v).unwrap();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let h = ranked.hierarchy();
    assert!(h.work() <= 4 * n_log_n(tree.len()), "work {}", h.work());
    // Every account of the chain is hoisted to the root.
    assert!(
        (0..h.len())
            .filter_map(|ix| h.fs_parent(ix))
            .all(|p| p == h.root())
    );
    let run = ranked.classic(&Params::default());
    assert!(run.assocs().iter().all(|a| !a.usage_effective.is_nan()));
}

#[test]
fn lineage_on_the_root_only_builds_no_long_strings() {
    let _serial = SERIAL.lock();
    let mut v = chain(N / 5, |_| None);
    v[0].lineage = Some("/".into());
    // Lineages that follow the tree, as sacctmgr prints them, on every level but a few.
    let mut path = String::from("/");
    for a in v.iter_mut().skip(1).take(50) {
        path.push_str(&a.account);
        path.push('/');
        a.lineage = Some(path.as_str().into());
    }
    let tree = AssocTree::new(v).unwrap();
    let n = tree.len();
    let (h, bytes, _) = allocated(|| Hierarchy::new(&tree));
    assert!(bytes <= 400 * n as u64, "{bytes} bytes for {n}");
    assert!(h.work() <= 4 * n_log_n(n), "work {}", h.work());
    assert_exact_chain(&h);
}

#[test]
fn lineages_that_do_not_follow_the_tree_still_sort_as_whole_strings() {
    let _serial = SERIAL.lock();
    // Explicit lineages that contradict the tree: Slurm sorts the strings, so does the engine.
    let mut v = chain(3, |_| None);
    v[1].lineage = Some("/z/".into());
    v[2].lineage = Some("/a/".into());
    v.push(Assoc {
        lineage: Some("/m/".into()),
        ..acct(9, Some(1), "m")
    });
    let tree = AssocTree::new(v).unwrap();
    let h = Hierarchy::new(&tree);
    let names: Vec<&str> = h
        .list_order()
        .iter()
        .map(|&ix| tree.assocs()[ix].account.as_str())
        .collect();
    // l2 derives "/a/l2/" from l1's "/a/".
    assert_eq!(names, ["root", "l1", "l2", "m", "l0"]);
}

#[test]
fn depth_oblivious_with_wide_sibling_lists_sums_each_list_once() {
    let _serial = SERIAL.lock();
    let mut v = vec![acct(1, None, "root"), acct(2, Some(1), "top")];
    for k in 0..N {
        v.push(user(
            3 + k,
            2,
            "top",
            &format!("s{k}"),
            LongDouble::from_f64(10.0 + f64::from(k) * 0.5),
        ));
    }
    let tree = AssocTree::new(v).unwrap();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let params = Params {
        depth_oblivious: true,
        ..Params::default()
    };
    let (run, bytes, count) = allocated(|| {
        let run = ranked.classic(&params);
        run.compute_all();
        run
    });
    assert!(bytes <= 800 * tree.len() as u64, "{bytes} bytes");
    assert!(count <= 64, "{count} allocations");
    let sums: Vec<LongDouble> = run
        .assocs()
        .iter()
        .filter_map(|a| match &a.usage_rule {
            classic::UsageRule::DepthOblivious(d) => Some(d.sibling_usage),
            _ => None,
        })
        .collect();
    assert_eq!(sums.len(), N as usize);
    assert!(sums.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn same_named_sacctmgr_accounts_import_in_linear_memory() {
    let _serial = SERIAL.lock();
    // 50,000 accounts all called "same", each followed by a user of it: every user row looks
    // for the nearest "same" above it. Slurm holds an account once (issue 25 item 4), so the
    // repeats, all with the same values, are read as one account holding every user.
    let mut text = String::from("Account|User|Par Name|Share\nroot|||1\n");
    for k in 0..N / 2 {
        text.push_str("same||root|1\n");
        text.push_str(&format!("same|u{k}||1\n"));
    }
    let (imp, bytes, _) = allocated(|| import::import(&text));
    assert!(
        !imp.has_errors(),
        "{:?}",
        &imp.diagnostics[..imp.diagnostics.len().min(3)]
    );
    assert!(
        imp.diagnostics
            .iter()
            .any(|d| d.line == Some(5) && d.message().contains("account \"same\" repeats line 3")),
        "{:?}",
        &imp.diagnostics[..imp.diagnostics.len().min(3)]
    );
    let rows = u64::from(N) + 1;
    assert!(bytes <= 2000 * rows, "{bytes} bytes");
    let s = imp.scenario.unwrap();
    assert_eq!(s.tree.len() as u64, 2 + u64::from(N / 2));
    let a = s.tree.assocs();
    let same = a
        .iter()
        .find(|x| x.account == "same" && x.user.is_none())
        .unwrap();
    assert!(
        a.iter()
            .filter(|x| x.user.is_some())
            .all(|u| u.parent == Some(same.id))
    );
}

#[test]
fn sacctmgr_ids_children_first_keep_the_printed_order_in_linear_memory() {
    let _serial = SERIAL.lock();
    let depth = 20_000u32;
    let mut rows: Vec<String> = vec!["1|0|root||1".into()];
    rows.extend((2..=depth + 1).map(|i| format!("{i}|{}|a{i}||1", i - 1)));
    rows.reverse();
    let text = format!("ID|ParentID|Account|User|Share\n{}\n", rows.join("\n"));
    let (imp, bytes, _) = allocated(|| import::import(&text));
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    let tree = imp.scenario.unwrap().tree;
    // Lineages that repeat the path would be depth²/2 bytes (2 × 10^8 here).
    assert!(bytes <= 2000 * tree.len() as u64, "{bytes} bytes");
    let lineage_bytes: usize = tree
        .assocs()
        .iter()
        .filter_map(|a| a.lineage.as_ref())
        .map(|l| l.len())
        .sum();
    assert!(lineage_bytes <= 32 * tree.len(), "{lineage_bytes}");
    let h = Hierarchy::new(&tree);
    assert_exact_chain(&h);
}

#[test]
fn scenario_with_fifty_thousand_bad_associations_finds_lines_once() {
    let _serial = SERIAL.lock();
    let mut text = String::from("{\"associations\": [\n{\"id\": 1, \"account\": \"root\"}");
    for k in 2..=50_001u32 {
        text.push_str(&format!(
            ",\n{{\"id\": {k}, \"parent\": {}, \"account\": \"a{k}\"}}",
            1_000_000 + k
        ));
    }
    text.push_str("\n]}\n");
    let ((s, d), bytes, _) = allocated(|| scenario::parse(&text));
    assert!(s.is_none());
    assert_eq!(d.len(), 50_000);
    assert_eq!(d[0].line, Some(3));
    assert_eq!(d[49_999].line, Some(50_002));
    assert!(
        bytes <= 40 * text.len() as u64,
        "{bytes} bytes for {} of text",
        text.len()
    );
}

#[test]
fn sshare_rows_of_a_deep_tree_are_refused_up_front_or_cut_to_the_column() {
    let _serial = SERIAL.lock();
    let tree = AssocTree::new(chain(N, |_| None)).unwrap();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    // -P would write N²/2 spaces: the caller sees that before rendering.
    assert!(sshare::parsable_indentation(&rows) > MAX_PARSABLE_INDENT);
    // Fixed width shows at most the column: linear.
    let columns =
        sshare::default_columns(fairshare::Algorithm::FairTree, sshare::SshareFlags::LONG);
    let (lines, bytes, _) = allocated(|| {
        sshare::render(
            &rows,
            &columns,
            sshare::TextLayout::FixedWidth,
            sshare::Header::Shown,
        )
    });
    assert_eq!(lines.len(), rows.len() + 2);
    assert!(bytes <= 2000 * rows.len() as u64, "{bytes} bytes");
}

#[test]
fn deleting_the_top_of_a_deep_chain_is_linear() {
    let _serial = SERIAL.lock();
    let tree = AssocTree::new(chain(N, |_| None)).unwrap();
    let (smaller, _, count) = allocated(|| tree.without(AssocId(2)));
    assert_eq!(smaller.unwrap().len(), 1);
    assert!(count <= 4 * N as u64, "{count} allocations");
}

#[test]
fn deleting_the_top_of_a_deep_chain_with_usage_keeps_it_on_the_root_in_n_log_n() {
    // A user of 1.5 at every level: every removed account has two members, so their order
    // (list order) is worked out once; the removed usage is summed bottom-up without
    // recursion, and all of it stays on the root.
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let tree = AssocTree::new(chain(N, |_| Some(LongDouble::from_f64(1.5)))).unwrap();
    let (smaller, _, count) = allocated(|| tree.without(AssocId(2)));
    let smaller = smaller.unwrap();
    assert_eq!(smaller.len(), 1);
    assert_eq!(
        smaller.root().retained_usage,
        LongDouble::from_f64(1.5 * f64::from(N))
    );
    assert!(count <= 4 * n_log_n(tree.len()), "{count} allocations");
}

// ---------------------------------------------------------------------------------------------
// Decay on a deep chain: linear in associations plus jobs, whatever the depth.

#[test]
fn decay_cycles_on_a_100k_deep_chain_cost_linear_work() {
    use fairshare::decay::{Job, Schedule, UsageSim};
    use fairshare::testing::EXACT_CHARGE_WORK;

    let _serial = SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let tree = AssocTree::new(chain(N, |level| {
        (level + 1 == N).then(|| LongDouble::from_f64(1.5))
    }))
    .unwrap();
    let n = tree.len() as u64;
    let deepest = tree.assocs()[tree.len() - 1].id;
    let cycles = 3;
    let schedule = Schedule::default();
    let t = schedule.period() * cycles;

    // One running job at the bottom: walked to the root, exactly as Slurm does (n adds a cycle).
    let one = [Job::running(deepest, 4.0, -100)];
    let mut sim = UsageSim::from_tree(&tree, &one, schedule);
    sim.advance_to(t);
    assert!(!sim.approximated());
    assert_eq!(sim.work(), cycles as u64 * (n + n));

    // A thousand jobs there: a thousand walks would be 10^8 adds a cycle; summed up the tree
    // once, a cycle costs n multiplies, the jobs, and two adds per charged association.
    let jobs: Vec<Job> = (0..1000)
        .map(|k| Job::running(deepest, 1.0 + f64::from(k), -100))
        .collect();
    let (sim, bytes, _) = allocated(|| {
        let mut sim = UsageSim::from_tree(&tree, &jobs, schedule);
        sim.advance_to(t);
        sim
    });
    assert!(1000 * n > EXACT_CHARGE_WORK);
    assert!(sim.approximated());
    assert!(
        sim.work() <= cycles as u64 * (n + 1000 + 2 * n),
        "work {} for {n} associations",
        sim.work()
    );
    // Total allocated: the tree's hierarchy (from_tree derives it), the simulation's vectors and
    // a scratch sum per batch (not per job).
    let (_, hierarchy_bytes, _) = allocated(|| Hierarchy::new(&tree));
    assert!(
        bytes < hierarchy_bytes + 40 * n * (cycles as u64 + 2),
        "{bytes} bytes ({hierarchy_bytes} for the hierarchy)"
    );
    // Every account on the way holds the same total as the user (one path, same charges).
    let usage = sim.usage();
    let root = usage[0].to_f64();
    assert!(root > 1.5 && (root - usage[tree.len() - 1].to_f64()).abs() <= root * 1e-15);
}

/// Found by the `output` fuzz target: a share value of 2147483647 given as a number (not through
/// a parser) stayed `Value` in the tree, but scenario JSON read it back as `Parent`.
#[test]
fn shares_2147483647_is_fairshare_parent_however_it_is_given() {
    let mut a = acct(2, Some(1), "a");
    a.shares = Shares::Value(2_147_483_647);
    let tree = AssocTree::new(vec![acct(1, None, "root"), a]).unwrap();
    assert_eq!(tree.assocs()[1].shares, Shares::Parent);
    let s = fairshare::Scenario {
        name: "p".into(),
        algorithm: fairshare::Algorithm::FairTree,
        params: Params::default(),
        tree,
    };
    let back = scenario::parse(&scenario::to_json(&s)).0.unwrap();
    assert_eq!(back.tree, s.tree);
}

/// N users under two accounts (even and odd), usages repeating every 1,000 users: ties in
/// every order.
fn two_accounts_of_users() -> AssocTree {
    let mut v = vec![
        acct(1, None, "root"),
        acct(2, Some(1), "a"),
        acct(3, Some(1), "b"),
    ];
    for k in 0..N {
        let (parent, account) = if k % 2 == 0 { (2, "a") } else { (3, "b") };
        let usage = LongDouble::from_f64(10.0 + f64::from(k % 1000));
        v.push(user(4 + k, parent, account, &format!("u{k}"), usage));
    }
    AssocTree::new(v).unwrap()
}

#[test]
fn classic_beside_fair_tree_on_100k_users_costs_n_log_n_work() {
    let _serial = SERIAL.lock();
    // 100,000 users under two accounts, usages repeating every 1,000 users: many ties in both
    // orders (equal F, equal rank), which the old per-user linear lookup made O(U²).
    let tree = two_accounts_of_users();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let classic_run = ranked.classic(&Params::default());
    // The run's values, made outside the count: only the orders are measured.
    classic_run.compute_all();
    let (orders, bytes, count) =
        allocated(|| fairshare::orders::classic_beside_fair_tree(&ranked, &classic_run));
    let users = N as usize;
    assert!(
        orders.work <= 4 * n_log_n(tree.len()),
        "{} comparisons and lookups",
        orders.work
    );
    assert!(bytes <= 200 * tree.len() as u64, "{bytes} bytes");
    assert!(count <= 32, "{count} allocations");
    assert_eq!(orders.classic.len(), users);
    assert_eq!(orders.fair_tree.len(), users);
    // Places never decrease, the first is 1, and each user's other place is its place there.
    for list in [&orders.classic, &orders.fair_tree] {
        assert_eq!(list[0].place, 1);
        assert!(list.windows(2).all(|w| w[0].place <= w[1].place));
    }
    let mut ft_place = vec![0; tree.len()];
    for p in &orders.fair_tree {
        ft_place[p.ix] = p.place;
    }
    assert!(
        orders
            .classic
            .iter()
            .all(|p| p.other_place == ft_place[p.ix])
    );
    // Ties share a place (1,000 distinct usages per account), in both orders.
    for list in [&orders.classic, &orders.fair_tree] {
        assert!(list.windows(2).any(|w| w[0].place == w[1].place));
    }
}

#[test]
fn a_classic_run_of_a_shallow_100k_tree_starts_without_a_pass_over_it() {
    let _serial = SERIAL.lock();
    // 100,000 users under two accounts. A view of a few rows (the app's Classic tab opening)
    // makes the run and reads those rows: neither may walk the whole tree. Whether S is
    // multiplied out to the bit is known from n × the greatest depth here (it walked every
    // association, 1.6 MB, for every new tree's first run).
    let tree = two_accounts_of_users();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let (f, bytes, _) = allocated(|| {
        let run = ranked.classic(&Params::default());
        (3..35).map(|ix| run.fairshare(ix)).collect::<Vec<_>>()
    });
    assert!(
        bytes <= 16 * 1024,
        "{bytes} bytes to make the run and read 32 rows"
    );
    let whole = ranked.classic(&Params::default());
    whole.compute_all();
    assert_eq!(f, (3..35).map(|ix| whole.fairshare(ix)).collect::<Vec<_>>());
}
