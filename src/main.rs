//! Browser entry point: install the panic hook, then mount the app (once the Japanese texts
//! are in, if the page opens in Japanese). Nothing else lives here.

fn main() {
    fairshare_explorer::chrome::panic_banner::install();
    fairshare_explorer::boundary::ja_fetch::then_mount(|| {
        leptos::mount::mount_to_body(fairshare_explorer::App);
    });
}
