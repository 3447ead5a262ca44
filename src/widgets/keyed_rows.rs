//! `<KeyedRows/>`: the keyed lists of table rows (the sshare and classic tables' row windows,
//! the player's sibling group) through one `<For/>`. Every `<For/>` with its own item and
//! closure types compiles its own keyed diff (about 8 KB of WebAssembly); here the keys are
//! always row indices and the row is drawn by a [`Callback`], so the three lists share one
//! (docs/bundle.md). A row keyed by its index reads its own value ([`row_at`]), so it is
//! moved, not drawn again, when the rows are re-sorted, and updated when its value changes.

use leptos::prelude::*;

/// The rows `keys` (indices into the caller's rows, in display order), each drawn by `row`,
/// keyed by their index.
#[component]
pub fn KeyedRows(
    #[prop(into)] keys: Signal<Vec<usize>>,
    #[prop(into)] row: Callback<usize, AnyView>,
) -> impl IntoView {
    view! { <For each=move || keys.get() key=|ix| *ix children=move |ix| row.run(ix) /> }
}

/// The row at `ix` of `rows`, drawn by `draw`, and drawn again in place (the same element,
/// its changed parts updated) whenever `rows` changes; nothing once `ix` is past the end.
pub fn row_at<R>(
    rows: Memo<Vec<R>>,
    ix: usize,
    draw: impl Fn(R) -> AnyView + Send + Sync + 'static,
) -> AnyView
where
    R: Clone + PartialEq + Send + Sync + 'static,
{
    row_with(move || rows.with(|rows| rows.get(ix).cloned()), draw)
}

/// A row built by `read` (for a table that builds only the rows in view), drawn by `draw`, and
/// drawn again in place whenever what `read` reads changes; nothing while `read` gives `None`.
pub fn row_with<R>(
    read: impl Fn() -> Option<R> + Send + Sync + 'static,
    draw: impl Fn(R) -> AnyView + Send + Sync + 'static,
) -> AnyView
where
    R: Send + Sync + 'static,
{
    view! { {move || read().map(&draw)} }.into_any()
}
