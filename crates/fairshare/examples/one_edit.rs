//! One usage edit of a generated tree, ranked from the ranking before it (the app's edit path,
//! `Ranked::with_usage`), for counting its instructions with callgrind, which does not depend
//! on the machine's load as timings do:
//!
//! ```sh
//! cargo build --release -p fairshare --example one_edit
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='one_edit::edit' \
//!     target/release/examples/one_edit 100000
//! ```
//!
//! The argument is the tree's size (default 100,000); the user edited is half-way down the
//! input order and its usage doubled, as in the `edit_usage_incremental` benchmark. Building
//! the tree and the first ranking are outside the count; dropping the edited ranking is inside
//! (the app drops it when a later edit replaces it).

use fairshare::{AssocId, LongDouble, Ranked, TieRule};

#[inline(never)]
fn edit(ranked: &Ranked, id: AssocId, usage: LongDouble) -> usize {
    let edited = ranked.with_usage(id, usage).expect("a valid edit");
    edited.run().assocs().len()
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let tree = fairshare::r#gen::tree(n, 2026);
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    let user = users[users.len() / 2];
    let usage = user.usage_raw.add(user.usage_raw).add(LongDouble::one());
    println!("{} associations ranked", edit(&ranked, user.id, usage));
}
