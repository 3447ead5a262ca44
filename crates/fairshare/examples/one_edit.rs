//! One usage or shares edit of a generated tree, ranked from the ranking before it (the app's
//! edit path, `Ranked::with_usage` / `Ranked::with_shares`), for counting its instructions with
//! callgrind, which does not depend on the machine's load as timings do:
//!
//! ```sh
//! cargo build --release -p fairshare --example one_edit
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='one_edit::edit' \
//!     target/release/examples/one_edit 100000 [usage|shares]
//! ```
//!
//! The first argument is the tree's size (default 100,000); the user edited is half-way down
//! the input order and its usage doubled (or its shares raised by three), as in the
//! `edit_usage_incremental` / `edit_shares_incremental` benchmarks. Building the tree and the
//! first ranking are outside the count; dropping the edited ranking is inside (the app drops it
//! when a later edit replaces it).

use fairshare::{AssocId, LongDouble, Ranked, Shares, TieRule};

/// The edit counted.
#[derive(Clone, Copy)]
enum Edit {
    Usage(LongDouble),
    Shares(Shares),
}

#[inline(never)]
fn edit(ranked: &Ranked, id: AssocId, edit: Edit) -> usize {
    let edited = match edit {
        Edit::Usage(u) => ranked.with_usage(id, u),
        Edit::Shares(s) => ranked.with_shares(id, s),
    }
    .expect("a valid edit");
    edited.run().assocs().len()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let shares = args.next().is_some_and(|a| a == "shares");
    let tree = fairshare::r#gen::tree(n, 2026);
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    let user = users[users.len() / 2];
    let e = if shares {
        Edit::Shares(Shares::Value(match user.shares {
            Shares::Value(v) => v.saturating_add(3),
            Shares::Parent => 3,
        }))
    } else {
        Edit::Usage(user.usage_raw.add(user.usage_raw).add(LongDouble::one()))
    };
    println!("{} associations ranked", edit(&ranked, user.id, e));
}
