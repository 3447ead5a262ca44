//! Fairshare Explorer: the browser app (Leptos, client-side rendered) around the `fairshare` engine.
//!
//! This crate is UI only: components, state wiring and browser effects.
//! Slurm's arithmetic lives in `crates/fairshare`, which never imports Leptos or web-sys.
//! The library target exists so `tests/web/` can mount components; `main.rs` only mounts [`App`].

pub mod app;
pub mod boundary;
pub mod chrome;
pub mod i18n;
pub mod messages;
pub mod panels;
pub mod player;
pub mod presets;
pub mod sort;
pub mod state;
pub mod tree;
pub mod widgets;

#[cfg(test)]
mod snapshot_tests;
#[cfg(test)]
mod test_texts;

pub use app::App;
