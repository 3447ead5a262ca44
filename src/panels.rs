//! The side column's panels, one folder per panel where it has parts: each reads the engine's
//! results from `AppState` and renders them; none computes a fairshare value itself.
//!
//! `inspector` (the selected association's facts and editor), `compare` ("why is B above me?"),
//! `calc_panel` ("what would it take?"), `whatif` (rank changes against the baseline), `classic_panel` (the classic algorithm's
//! arithmetic), `score_legend`, `decay_panel`, `priority_panel`, `sshare_table` and
//! `import_panel`.

pub mod calc_panel;
pub mod classic_panel;
pub mod compare;
pub mod decay_panel;
pub mod import_panel;
pub mod inspector;
pub mod priority_panel;
pub mod score_legend;
pub mod snapshot_panel;
pub mod sshare_table;
pub mod timeline_panel;
pub mod whatif;
