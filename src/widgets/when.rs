//! `<When/>`: Leptos's `<Show/>` compiled once. `<Show/>` is generic over its condition and its
//! children, so every use compiled its own memo and render code (36 uses); here both are erased
//! (`Signal<bool>`, `ChildrenFn`) and each use costs only its own closures (docs/bundle.md).

use leptos::prelude::*;

/// Shows `children` while `when` is true, else `fallback` (nothing by default). As with
/// `<Show/>`, the condition is memoised: the children are built again only when it turns true.
#[component]
pub fn When(
    children: ChildrenFn,
    #[prop(into)] when: Signal<bool>,
    #[prop(optional, into)] fallback: ViewFn,
) -> impl IntoView {
    let shown = Memo::new(move |_| when.get());
    view! {
        {move || {
            if shown.get() {
                children()
            } else {
                fallback.run()
            }
        }}
    }
}
