//! Component tests in a real browser (headless Chromium through wasm-bindgen-test-runner), one
//! module per part of the page, in one test binary: each binary links the whole app again.
//!
//! Run: `cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer`.
#![cfg(target_arch = "wasm32")]

mod support;

mod app;
mod edit;
mod panels;
mod player;
mod timeline;
mod tree;
