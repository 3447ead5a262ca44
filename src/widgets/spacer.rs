//! `<Spacer/>`: the stand-in for the rows a windowed table leaves out (nothing when 0 px).

use leptos::prelude::*;

/// An empty, hidden table row of `px` CSS pixels; absent when `px` is 0.
#[component]
pub fn Spacer(#[prop(into)] px: Signal<f64>) -> impl IntoView {
    view! {
        {move || {
            let px = px.get();
            (px > 0.0).then(|| {
                view! { <tr class="ft-table-spacer" aria-hidden="true" style=format!("height: {}px", fairshare::format::shortest(px))></tr> }
                    .into_any()
            })
        }}
    }
}
