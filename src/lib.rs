//! Fairshare Explorer: the browser app (Leptos, client-side rendered) around the `fairshare` engine.
//!
//! This crate is UI only: components, state wiring and browser effects.
//! Slurm's arithmetic lives in `crates/fairshare`, which never imports Leptos or web-sys.
//! The library target exists so `tests/web.rs` can mount components; `main.rs` only mounts [`App`].

pub mod app;
pub mod i18n;
pub mod messages;
pub mod panic_banner;

pub use app::App;
