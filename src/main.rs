//! Browser entry point: install the panic hook, then mount the app. Nothing else lives here.

fn main() {
    fairshare_explorer::chrome::panic_banner::install();
    leptos::mount::mount_to_body(fairshare_explorer::App);
}
