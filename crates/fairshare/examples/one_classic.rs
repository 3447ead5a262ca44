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
//! instead (the tab opening). Building the trees and the rankings are outside the count.

use fairshare::classic::ClassicRun;
use fairshare::orders::{self, Orders};
use fairshare::{LongDouble, Params, Ranked, TieRule};

#[inline(never)]
fn classic(edited: &Ranked, prev: Option<(&ClassicRun, &Orders)>, params: &Params) -> usize {
    let run = run(edited, prev.map(|p| p.0), params);
    orders(edited, &run, prev.map(|p| p.1))
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
    let scratch = std::env::args().nth(2).as_deref() == Some("scratch");
    let tree = fairshare::r#gen::tree(n, 2026);
    let params = Params::default();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let before = ranked.classic(&params);
    let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    let user = users[users.len() / 2];
    let usage = user.usage_raw.add(user.usage_raw).add(LongDouble::one());
    let edited = ranked.with_usage(user.id, usage).expect("a valid edit");
    let before_orders = orders::classic_beside_fair_tree(&ranked, &before);
    let prev = (!scratch).then_some((&before, &before_orders));
    println!(
        "{} users placed differently",
        classic(&edited, prev, &params)
    );
}
