//! Leptos alone: the smallest app that uses what the app uses.
#[path = "../app.rs"]
mod app;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
