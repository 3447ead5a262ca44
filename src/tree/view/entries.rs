//! `<Entries/>`: the tree's keyed lists (the cards of the drawing, the treeitems of the root and
//! of each group) through one `<For/>`. Every `<For/>` with its own item and closure types
//! compiles its own keyed diff (about 7 KB of WebAssembly); here the keys are always
//! [`ChildRef`] and the entry is drawn by a [`Callback`], so the four lists share one
//! (docs/bundle.md).

use leptos::prelude::*;

use crate::tree::model::ChildRef;

/// The entries `keys`, each drawn by `entry`, keyed by their `ChildRef` (an entry whose key
/// stays is kept, not drawn again).
#[component]
pub fn Entries(
    #[prop(into)] keys: Signal<Vec<ChildRef>>,
    #[prop(into)] entry: Callback<ChildRef, AnyView>,
) -> impl IntoView {
    view! { <For each=move || keys.get() key=|key| *key children=move |key| entry.run(key) /> }
}
