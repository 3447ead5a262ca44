//! `ScrollWindow`: the scroll state of a table's own scroll container, for windowed rows
//! ([`RowWindow`]), and bringing a row into view when it is selected elsewhere.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use fairshare::AssocId;

use crate::state::AppState;
use crate::widgets::panel_open::PanelOpen;
use crate::widgets::row_window::{self, RowWindow};
use crate::widgets::scroll_echo::after_paint;

/// Height of one table row in CSS px (the tables' CSS fixes it: `--ft-row-h`).
pub const ROW_PX: f64 = 26.0;

/// Visible height assumed before the container has been measured.
const VIEW_PX_GUESS: f64 = 600.0;

/// The scroll state of one scroll container. `Copy`.
#[derive(Clone, Copy)]
pub struct ScrollWindow {
    /// The scroll container.
    pub node: NodeRef<Div>,
    scroll_top: RwSignal<f64>,
    view_px: RwSignal<f64>,
    /// Whether rows out of the box are drawn too (the overscan): from the first paint on.
    overscan: RwSignal<bool>,
}

impl ScrollWindow {
    /// A fresh, unscrolled state, drawing the overscan from the first build.
    pub fn new() -> Self {
        Self {
            node: NodeRef::new(),
            scroll_top: RwSignal::new(0.0),
            view_px: RwSignal::new(VIEW_PX_GUESS),
            overscan: RwSignal::new(true),
        }
    }

    /// A fresh, unscrolled state whose container is assumed `view_px` high until measured (its
    /// CSS height, where the CSS fixes one): the first build, made before any layout, draws
    /// only the rows that height shows, none to be dropped after the paint, and none out of the
    /// box: the overscan (rows for fast scrolling and the arrow keys) is drawn after the first
    /// paint ([`after_paint`]), outside the task that builds the table.
    pub fn with_view_guess(view_px: f64) -> Self {
        let overscan = RwSignal::new(false);
        after_paint(move || {
            overscan.try_set(true);
        });
        Self {
            node: NodeRef::new(),
            scroll_top: RwSignal::new(0.0),
            view_px: RwSignal::new(view_px),
            overscan,
        }
    }

    /// Reads the container's scroll offset and height (the `scroll` handler).
    pub fn measure(self) {
        if let Some(el) = self.node.try_get_untracked().flatten() {
            // Set only what changed: an unchanged window is not computed again.
            let top = f64::from(el.scroll_top());
            if self.scroll_top.try_get_untracked() != Some(top) {
                self.scroll_top.try_set(top);
            }
            let height = f64::from(el.client_height());
            if height > 0.0 && self.view_px.try_get_untracked() != Some(height) {
                self.view_px.try_set(height);
            }
        }
    }

    /// The rows to draw out of `n` (reactive).
    pub fn window(self, n: usize) -> RowWindow {
        let overscan = if self.overscan.get() {
            row_window::OVERSCAN
        } else {
            0
        };
        RowWindow::with_overscan(
            overscan,
            n,
            ROW_PX,
            self.scroll_top.get(),
            self.view_px.get(),
        )
    }

    /// Keeps the selection in view: whenever the selection changes (or the table's tab panel
    /// opens, [`PanelOpen`]), scrolls to the selected association's row among `order` (the
    /// drawn rows' keys, in display order; `key_of` gives an association's key). Edits and
    /// sorting do not move the scroll position. The scroll happens after the next paint
    /// ([`after_paint`]): reading the container's size and the rows' offsets in the task that
    /// built or changed them would force a layout of the whole page there (at 100k, the Classic
    /// tab's opening: the panel's build and a forced layout in one task), while after the paint
    /// the layout is up to date and reading it costs nothing; the real height is read then too.
    pub fn follow_selection(
        self,
        state: AppState,
        order: Memo<Vec<usize>>,
        key_of: impl Fn(AssocId) -> Option<usize> + Clone + 'static,
    ) {
        let open = PanelOpen::signal();
        Effect::new(move |_| {
            let selected = state.selected().get();
            if let (Some(want), true) = (selected, open.get()) {
                let key_of = key_of.clone();
                after_paint(move || {
                    // Still wanted (a newer selection or a closed tab schedules its own).
                    if state.selected().try_get_untracked() != Some(Some(want))
                        || open.try_get_untracked() != Some(true)
                    {
                        return;
                    }
                    let index = key_of(want).and_then(|key| {
                        order
                            .try_with_untracked(|order| order.iter().position(|&k| k == key))
                            .flatten()
                    });
                    self.measure();
                    if let Some(index) = index {
                        self.reveal(want.0, index);
                    }
                });
            }
        });
    }

    /// Scrolls the container (only it, never the page) so that the row with `data-assoc-id`
    /// `id`, the `index`-th of the ordered rows, is in view.
    pub fn reveal(self, id: u32, index: usize) {
        let Some(el) = self.node.try_get_untracked().flatten() else {
            return;
        };
        let view = f64::from(el.client_height());
        if view <= 0.0 {
            return; // Hidden (another tab is open): nothing to scroll.
        }
        let scroll_top = f64::from(el.scroll_top());
        // The rows start under the caption and the header: the table body's offset.
        let body_top = el
            .query_selector("tbody")
            .ok()
            .flatten()
            .and_then(|b| b.dyn_into::<HtmlElement>().ok())
            .map_or(0.0, |b| f64::from(b.offset_top()));
        let head = el
            .query_selector("thead")
            .ok()
            .flatten()
            .and_then(|h| h.dyn_into::<HtmlElement>().ok())
            .map_or(0.0, |h| f64::from(h.offset_height()));
        let drawn = el
            .query_selector(&format!("tbody tr[data-assoc-id='{id}']"))
            .ok()
            .flatten()
            .and_then(|r| r.dyn_into::<HtmlElement>().ok());
        let top = match drawn {
            Some(row) => body_top + f64::from(row.offset_top()),
            None => body_top + index as f64 * ROW_PX,
        };
        let target = row_window::scroll_to_row(top, ROW_PX, scroll_top, view, head);
        if let Some(target) = target {
            el.set_scroll_top(target as i32);
            self.measure();
        }
    }
}

impl Default for ScrollWindow {
    fn default() -> Self {
        Self::new()
    }
}
