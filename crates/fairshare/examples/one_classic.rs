//! One classic run of a generated tree after a usage edit, as the Classic tab computes it
//! while open (`Ranked::classic_after` from the run before the edit, then both orders carried
//! over from the orders before it, `orders::classic_beside_fair_tree_after`), for
//! counting its instructions with callgrind, which does not depend on the machine's load:
//!
//! ```sh
//! cargo build --release -p fairshare --example one_classic
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='one_classic::classic' \
//!     target/release/examples/one_classic 100000 [scratch]
//! ```
//!
//! The argument is the tree's size (default 100,000); the edit is `one_edit`'s (the user half-way
//! down the input order, its usage doubled). With `scratch`, the run is `Ranked::classic`
//! instead (the tab opening). With `rows` (after `scratch` or alone), no orders: the run and
//! the records of the 64 associations after the edited user in list order, as the tab reads
//! them with its orders off screen (`--toggle-collect='one_classic::rows'` counts the reads).
//! With `slices` (after `scratch` or alone), the run and both orders as the tab makes them off
//! screen, a slice of 4,096 associations at a time (`orders::OrdersJob`); each slice is one call
//! of `one_classic::slice`, so `--dump-after='one_classic::slice'` writes one profile per slice
//! (the longest slice is the largest of them).
//! Building the trees and the rankings are outside the count.

use fairshare::classic::ClassicRun;
use fairshare::orders::{self, Orders};
use fairshare::{LongDouble, Params, Ranked, TieRule};

#[inline(never)]
fn classic(
    edited: &Ranked,
    prev: Option<(&ClassicRun, &Orders)>,
    params: &Params,
    shown: Option<&[usize]>,
) -> usize {
    let run = run(edited, prev.map(|p| p.0), params);
    match shown {
        Some(shown) => rows(&run, shown),
        None => orders(edited, &run, prev.map(|p| p.1)),
    }
}

/// One slice of the orders' work.
#[inline(never)]
fn slice(job: &mut orders::OrdersJob) -> bool {
    job.step(4096)
}

/// The run and both orders in slices; how many.
#[inline(never)]
fn sliced(edited: &Ranked, prev: Option<(&ClassicRun, &Orders)>, params: &Params) -> usize {
    let run = std::sync::Arc::new(self::run(edited, prev.map(|p| p.0), params));
    let prev = prev.map(|p| std::sync::Arc::new(p.1.clone()));
    let mut job = orders::OrdersJob::new(prev, edited.clone(), run);
    let mut n = 1;
    while !slice(&mut job) {
        n += 1;
    }
    n
}

/// The records and F of the associations `shown` (the table's rows in view), read one by one.
#[inline(never)]
fn rows(run: &ClassicRun, shown: &[usize]) -> usize {
    shown
        .iter()
        .filter(|&&ix| run.assoc(ix).is_some() && run.fairshare(ix).is_some())
        .count()
}

/// The run alone (callgrind's `--toggle-collect='one_classic::run'` counts it apart).
#[inline(never)]
fn run(edited: &Ranked, prev: Option<&ClassicRun>, params: &Params) -> ClassicRun {
    match prev {
        Some(prev) => edited.classic_after(prev, params),
        None => edited.classic(params),
    }
}

/// Both orders alone (`--toggle-collect='one_classic::orders'`), carried over from the orders
/// before the edit as the tab does.
#[inline(never)]
fn orders(edited: &Ranked, run: &ClassicRun, prev: Option<&Orders>) -> usize {
    match prev {
        Some(prev) => orders::classic_beside_fair_tree_after(prev, edited, run).n_differ(),
        None => orders::classic_beside_fair_tree(edited, run).n_differ(),
    }
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let args: Vec<String> = std::env::args().skip(2).collect();
    let scratch = args.iter().any(|a| a == "scratch");
    let only_rows = args.iter().any(|a| a == "rows");
    let in_slices = args.iter().any(|a| a == "slices");
    let tree = fairshare::r#gen::tree(n, 2026);
    let params = Params::default();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let before = ranked.classic(&params);
    let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    let user = users[users.len() / 2];
    let usage = user.usage_raw.add(user.usage_raw).add(LongDouble::one());
    let edited = ranked.with_usage(user.id, usage).expect("a valid edit");
    let before_orders = orders::classic_beside_fair_tree(&ranked, &before);
    // The last run computed whole, as the tab's orders leave it.
    before.compute_all();
    let prev = (!scratch).then_some((&before, &before_orders));
    let ix = tree.position(user.id).expect("in the tree");
    let list = edited.hierarchy().list_order();
    let at = list.iter().position(|&i| i == ix).unwrap_or(0);
    let shown: Vec<usize> = list[at..].iter().copied().take(64).collect();
    if in_slices {
        println!("{} slices", sliced(&edited, prev, &params));
        return;
    }
    let n = classic(&edited, prev, &params, only_rows.then_some(&shown[..]));
    if only_rows {
        println!("{n} rows read");
    } else {
        println!("{n} users placed differently");
    }
}
