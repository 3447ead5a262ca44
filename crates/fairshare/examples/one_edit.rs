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
//! first ranking are outside the count. The other parts of an edit in the app are counted apart
//! (`--toggle-collect` on each): `one_edit::finished_frame` (the frame of the finished walk the
//! page shows, `Ranked::frame`), `one_edit::replayed_frame` (the same frame by replaying the
//! trace, `Frame::at`, as the app built it before), and `one_edit::drop_ranked` (freeing the
//! edited ranking, as the app frees the one an edit replaces; since `state/drop_later.rs` in an
//! idle period after the frame).

use fairshare::{AssocId, Frame, LongDouble, Ranked, Shares, TieRule};

/// The edit counted.
#[derive(Clone, Copy)]
enum Edit {
    Usage(LongDouble),
    Shares(Shares),
}

#[inline(never)]
fn edit(ranked: &Ranked, id: AssocId, edit: Edit) -> Ranked {
    match edit {
        Edit::Usage(u) => ranked.with_usage(id, u),
        Edit::Shares(s) => ranked.with_shares(id, s),
    }
    .expect("a valid edit")
}

#[inline(never)]
fn finished_frame(ranked: &Ranked) -> Frame {
    ranked.frame(usize::MAX)
}

#[inline(never)]
fn replayed_frame(ranked: &Ranked) -> Frame {
    let steps = ranked.run().steps();
    Frame::at(steps, steps.len())
}

#[inline(never)]
fn drop_ranked(ranked: Ranked) {
    drop(ranked);
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
    let edited = edit(&ranked, user.id, e);
    let (finished, replayed) = (finished_frame(&edited), replayed_frame(&edited));
    assert!(finished == replayed, "the finished frame is the replay's");
    println!("{} associations ranked", edited.run().assocs().len());
    drop((finished, replayed));
    drop_ranked(edited);
}
