//! Leptos and the engine together (what they share is counted once): the floor under any UI.
#[path = "../app.rs"]
mod app;
#[path = "../probe.rs"]
mod probe;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
