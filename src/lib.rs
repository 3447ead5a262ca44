//! Fairshare Explorer: the browser app (Leptos, client-side rendered) around the `fairshare` engine.
//!
//! This crate is UI only: components, state wiring and browser effects.
//! Slurm's arithmetic lives in `crates/fairshare`, which never imports Leptos or web-sys.
//! The library target exists so `tests/web.rs` can mount components; `main.rs` only mounts [`App`].

pub mod app;
pub mod classic_panel;
pub mod compare;
pub mod decay_panel;
pub mod i18n;
pub mod import_panel;
pub mod index_marks;
pub mod inspector;
pub mod keyboard_shortcuts;
pub mod messages;
pub mod my_path;
pub mod narration;
pub mod panic_banner;
pub mod playback;
pub mod player;
pub mod presets;
pub mod priority_panel;
pub mod score_legend;
pub mod shell;
pub mod sshare_table;
pub mod state;
pub mod toolbar;
pub mod tree;
pub mod url_state;
pub mod whatif;
pub mod widgets;

pub use app::App;
// The tree's modules under their former paths (other modules and tests import them so).
pub use tree::model as tree_model;
pub use tree::view as tree_view;
