//! Slurm's fairshare, computed exactly as Slurm's code computes it.
//!
//! - [`tree`]: the association tree as given (validated plain data, with edits).
//! - [`hierarchy`]: what Slurm derives from it (list order, fairshare parents, level shares,
//!   usage sums).
//! - [`fair_tree`]: Fair Tree, with a typed trace ([`step`]) produced in the same pass.
//! - [`Ranked`]: a tree, its hierarchy and its Fair Tree run, built together; what
//!   [`explain`], [`diff`] and [`sshare`]'s rows read.
//! - [`calc`]: "what would it take?": usage headroom, idle time, best account, shares needed,
//!   sprio.
//! - [`classic`]: the classic algorithm (and DEPTH_OBLIVIOUS), with the terms of every formula.
//! - [`snapshot`]: two snapshots of a cluster matched by name, who moved and why.
//! - [`timeline`]: N snapshots, oldest first: each step explained, a user followed over time.
//! - [`explain`]: "why is B above me?", answered at the first common ancestor.
//! - [`orders`]: classic order beside Fair Tree order, each user's place in both; [`reading`]:
//!   what one user's FairShare means under each algorithm.
//! - [`decay`], [`priority`]: usage decay over time and the multifactor job priority.
//! - [`scenario`], [`import`], [`sshare`]: reading and writing scenario JSON, `sshare` and
//!   `sacctmgr` output.
//! - [`link`]: share links (a scenario in a URL fragment) and query parameters.
//! - [`field`]: one Shares or Raw usage value typed by a person.
//! - [`ld`]: the x87 80-bit `long double` arithmetic that decides Slurm's ties.
//! - `gen` and `testing` (the `testing` feature: tests, benchmarks and fuzzing): generated
//!   trees, and test trees built by hand.
//!
//! **Invariant:** this crate is pure: no UI framework, no browser bindings, no IO. Every parser
//! returns diagnostics instead of failing, and nothing panics on bad input.
//!
//! Where Slurm's documentation and code disagree, this crate follows the code (see the module
//! docs of [`fair_tree`] and [`classic`]).

#![warn(missing_docs)]

pub mod calc;
pub mod chunked;
pub mod classic;
pub mod decay;
pub mod diag;
pub mod diff;
pub mod explain;
pub mod fair_tree;
pub mod field;
pub mod find;
pub mod format;
#[cfg(any(test, feature = "testing"))]
pub mod r#gen;
pub mod hierarchy;
pub mod import;
pub mod layout;
pub mod ld;
pub mod link;
pub mod name;
pub mod orders;
pub mod priority;
pub mod ranked;
pub mod reading;
pub mod scenario;
pub mod snapshot;
pub mod sort;
pub mod sshare;
pub mod step;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod timeline;
pub mod tree;
pub mod why;

pub use chunked::Chunked;
pub use diag::{DiagKind, Diagnostic, Severity};
pub use fair_tree::{FairTreeAssoc, FairTreeRun, LevelFsRule, TieRule};
pub use hierarchy::Hierarchy;
pub use import::{Imported, PrintedRow};
pub use ld::LongDouble;
pub use name::Name;
pub use ranked::Ranked;
pub use scenario::{Algorithm, Params, Scenario};
pub use step::{Frame, Step};
pub use tree::{Assoc, AssocId, AssocKind, AssocTree, Shares, TreeError};

/// `x` limited to `[lo, hi]`, as `f64::clamp` computes it (`x` itself when it is NaN), without
/// its panic when `lo > hi`, where `x` is compared with `lo` first. `f64::clamp`'s panic
/// message prints both bounds with `{:?}`, and that one message links core's whole float
/// printer (Grisu, Dragon and their tables) into the wasm; the app and the engine clamp with
/// this instead.
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}
