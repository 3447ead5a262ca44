//! The engine's integration tests, one module per concern, in one test binary: each binary links
//! the engine and its dependencies again, and on two cores linking dominates a cold CI run.
//! (`hardening.rs` stays its own binary: it installs a counting global allocator.)

mod common;

mod calc_props;
mod classic_vectors;
mod decay_ranks;
mod decay_usage;
mod fair_tree_vectors;
mod import_formats;
mod import_pastes;
mod import_props;
mod import_vectors;
mod incremental;
mod invariants;
mod partial_props;
mod priority_formula;
mod retained;
mod snapshots;
mod sshare_vectors;
mod timeline;
mod wide_props;
