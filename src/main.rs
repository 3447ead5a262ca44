//! Browser entry point: install the panic hook, then (once the Japanese texts are in, if the
//! page opens in Japanese) take away the pre-rendered first view and mount the app. Nothing
//! else lives here.

fn main() {
    fairshare_explorer::chrome::panic_banner::install();
    fairshare_explorer::boundary::ja_fetch::then_mount(|| {
        use fairshare_explorer::prerender;
        // The pre-rendered first view (index.html) goes in the same task as the app comes, so
        // no frame shows neither or both. A card clicked on it meanwhile is kept for start-up
        // to select (src/prerender.rs).
        if let Some(pre) = leptos::prelude::document().get_element_by_id(prerender::ID) {
            prerender::remember_pick(pre.get_attribute(prerender::PICKED).as_deref());
            pre.remove();
        }
        leptos::mount::mount_to_body(fairshare_explorer::App);
    });
}
