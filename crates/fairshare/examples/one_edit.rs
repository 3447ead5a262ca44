//! One usage or shares edit of a generated tree, ranked from the ranking before it (the app's
//! edit path, `Ranked::with_usage` / `Ranked::with_shares`), for counting its instructions with
//! callgrind, which does not depend on the machine's load as timings do:
//!
//! ```sh
//! cargo build --release -p fairshare --example one_edit
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='one_edit::edit' \
//!     target/release/examples/one_edit 100000 [usage|shares] [FACTOR]
//! ```
//!
//! The first argument is the tree's size (default 100,000), or a file whose tree is read
//! instead (what the app's paste reads: scenario JSON, `sshare -l -P`); the user edited is half-way down
//! the input order and its usage doubled (or its shares raised by three), as in the
//! `edit_usage_incremental` / `edit_shares_incremental` benchmarks. Such an edit moves no
//! entry of any sibling list, so the walk is the old one (shared, not done again); a
//! FACTOR (default 2 for usage, 3 added for shares: `usage 1000` or `shares 1000`) large
//! enough to move the user, and so its account and the ranks below, counts an edit that walks
//! again. The example prints whether the edit moved anything. Building the tree and the
//! first ranking are outside the count. The other parts of an edit in the app are counted apart
//! (`--toggle-collect` on each): `one_edit::finished_frame` (the frame of the finished walk the
//! page shows, `Ranked::frame`), `one_edit::replayed_frame` (the same frame by replaying the
//! trace, `Frame::at`, as the app built it before), `one_edit::stepped_frame` (one step of the
//! playing walk half-way, the frame moved in place, `Ranked::move_frame`) against
//! `one_edit::replayed_step` (that step replayed from step 0, as the app took it before),
//! and `one_edit::drop_ranked` (freeing the
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

/// One step of the playing walk half-way through the trace, as the app takes it: the frame
/// moved in place by one step (`Ranked::move_frame`).
#[inline(never)]
fn stepped_frame(ranked: &Ranked, frame: &mut Frame) {
    ranked.move_frame(frame, frame.cursor + 1);
}

/// The same step as the app took it before: the frame at the next cursor replayed from step 0
/// (`Frame::at`, O(cursor)).
#[inline(never)]
fn replayed_step(ranked: &Ranked, cursor: usize) -> Frame {
    ranked.frame(cursor + 1)
}

#[inline(never)]
fn drop_ranked(ranked: Ranked) {
    drop(ranked);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next();
    // A file (scenario JSON, sshare or sacctmgr output) in place of a size: its tree.
    let file = first
        .as_deref()
        .and_then(|a| std::fs::read_to_string(a).ok());
    let n = first.and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let shares = args.next().is_some_and(|a| a == "shares");
    let factor: Option<u32> = args.next().and_then(|a| a.parse().ok());
    let tree = match file {
        Some(text) => {
            fairshare::import::import(&text)
                .scenario
                .expect("a tree in the file")
                .tree
        }
        None => fairshare::r#gen::tree(n, 2026),
    };
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let users: Vec<&fairshare::Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    let user = users[users.len() / 2];
    let e = if shares {
        let by = factor.unwrap_or(3);
        Edit::Shares(Shares::Value(match user.shares {
            Shares::Value(v) => v.saturating_add(by),
            Shares::Parent => by,
        }))
    } else {
        let by = LongDouble::from_u64(u64::from(factor.unwrap_or(2)));
        Edit::Usage(user.usage_raw.mul(by).add(LongDouble::one()))
    };
    let edited = edit(&ranked, user.id, e);
    let (finished, replayed) = (finished_frame(&edited), replayed_frame(&edited));
    assert!(finished == replayed, "the finished frame is the replay's");
    let half = edited.run().steps().len() / 2;
    let mut frame = edited.frame(half);
    stepped_frame(&edited, &mut frame);
    assert!(
        frame == replayed_step(&edited, half),
        "a step is the replay's"
    );
    let moved = !std::sync::Arc::ptr_eq(&edited.shared_run(), &ranked.shared_run())
        && edited.run().steps() != ranked.run().steps();
    println!(
        "{} associations ranked; the edit {} the walk",
        edited.run().assocs().len(),
        if moved { "changed" } else { "left" }
    );
    drop((finished, replayed));
    drop_ranked(edited);
}
