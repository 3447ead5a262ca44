//! `<Toolbar/>`: (being built).

use leptos::prelude::*;

/// (being built)
#[component]
pub fn Toolbar() -> impl IntoView {
    view! { <div class="ft-toolbar"></div> }
}
