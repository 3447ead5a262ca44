//! Which rows of a long table are drawn: only those in view (plus a margin), with spacers of
//! the right height before and after, so the scroll bar and scrolling behave as for the whole
//! table. Tables of at most [`ALL_ROWS_UP_TO`] rows draw every row. Pure and tested natively.

/// Tables with at most this many rows draw every row.
pub const ALL_ROWS_UP_TO: usize = 200;

/// Rows drawn above and below the visible ones, so fast scrolling and the arrow keys find a row.
pub const OVERSCAN: usize = 8;

/// The rows to draw: `start..end` of the ordered rows, and the spacers' heights in CSS px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowWindow {
    /// First drawn row.
    pub start: usize,
    /// One past the last drawn row.
    pub end: usize,
    /// Height of the spacer before the first drawn row.
    pub before_px: f64,
    /// Height of the spacer after the last drawn row.
    pub after_px: f64,
}

impl RowWindow {
    /// The window over `n` rows of `row_px` each, for a scroll container scrolled to
    /// `scroll_top` whose visible height is `view_px`. Non-finite or negative inputs count as 0.
    pub fn new(n: usize, row_px: f64, scroll_top: f64, view_px: f64) -> Self {
        Self::drawing_all_up_to(ALL_ROWS_UP_TO, n, row_px, scroll_top, view_px)
    }

    /// [`RowWindow::new`] for a list that draws every row only up to `all_up_to` rows (the
    /// player's sibling group windows every group that scrolls: each drawn row is a dozen
    /// layout objects restyled and laid out again at every step of the walk).
    pub fn drawing_all_up_to(
        all_up_to: usize,
        n: usize,
        row_px: f64,
        scroll_top: f64,
        view_px: f64,
    ) -> Self {
        Self::windowed(all_up_to, OVERSCAN, n, row_px, scroll_top, view_px)
    }

    /// [`RowWindow::new`] with `overscan` rows above and below the visible ones instead of
    /// [`OVERSCAN`] (a table's first build, before its first paint, draws none out of its box:
    /// no one scrolls before the table is shown).
    pub fn with_overscan(
        overscan: usize,
        n: usize,
        row_px: f64,
        scroll_top: f64,
        view_px: f64,
    ) -> Self {
        Self::windowed(ALL_ROWS_UP_TO, overscan, n, row_px, scroll_top, view_px)
    }

    fn windowed(
        all_up_to: usize,
        overscan: usize,
        n: usize,
        row_px: f64,
        scroll_top: f64,
        view_px: f64,
    ) -> Self {
        if n <= all_up_to || !(row_px.is_finite() && row_px > 0.0) {
            return Self::all(n);
        }
        let clean = |x: f64| if x.is_finite() { x.max(0.0) } else { 0.0 };
        let (scroll_top, view_px) = (clean(scroll_top), clean(view_px));
        // The float-to-int casts saturate, so huge offsets clamp instead of wrapping.
        let visible = ((view_px / row_px).ceil() as usize).max(1);
        // Past the end (a stale offset after the filter shrank the table): the last screenful.
        let first_visible = ((scroll_top / row_px).floor() as usize).min(n.saturating_sub(visible));
        let start = first_visible.saturating_sub(overscan);
        let end = first_visible
            .saturating_add(visible)
            .saturating_add(overscan)
            .min(n);
        let start = start.min(end);
        Self {
            start,
            end,
            before_px: start as f64 * row_px,
            after_px: (n - end) as f64 * row_px,
        }
    }

    /// Every row, no spacers.
    pub fn all(n: usize) -> Self {
        Self {
            start: 0,
            end: n,
            before_px: 0.0,
            after_px: 0.0,
        }
    }

    /// Whether rows are left out (the table is windowed).
    pub fn is_windowed(&self) -> bool {
        self.before_px > 0.0 || self.after_px > 0.0
    }
}

/// The scroll offset that brings a row whose top is at `top` (px from the top of the scrolled
/// content) into a view of `view_px` scrolled to `scroll_top`, whose first `head_px` are covered
/// by a sticky header; `None` when the row is already fully visible. The row lands mid-view.
pub fn scroll_to_row(
    top: f64,
    row_px: f64,
    scroll_top: f64,
    view_px: f64,
    head_px: f64,
) -> Option<f64> {
    let visible = (scroll_top + head_px)..=(scroll_top + view_px);
    if visible.contains(&top) && visible.contains(&(top + row_px)) {
        return None;
    }
    Some((top - head_px - (view_px - head_px - row_px) / 2.0).max(0.0))
}

/// The at most `limit` consecutive indices of a list of `len` that a bounded list shows: centred
/// on `centre` (the selected entry) when there is one, else the first ones.
pub fn window_around(len: usize, centre: Option<usize>, limit: usize) -> std::ops::Range<usize> {
    let span = limit.min(len);
    let start = centre
        .map_or(0, |c| c.saturating_sub(span / 2))
        .min(len - span);
    start..start + span
}

#[cfg(test)]
mod tests {
    #[test]
    fn bounded_lists_centre_on_the_selection() {
        assert_eq!(window_around(10, None, 50), 0..10);
        assert_eq!(window_around(1000, None, 50), 0..50);
        assert_eq!(window_around(1000, Some(500), 50), 475..525);
        assert_eq!(window_around(1000, Some(999), 50), 950..1000);
        assert_eq!(window_around(1000, Some(5000), 50), 950..1000);
        assert_eq!(window_around(0, Some(3), 50), 0..0);
    }

    use super::*;

    #[test]
    fn small_tables_draw_every_row() {
        assert_eq!(
            RowWindow::new(200, 28.0, 5000.0, 300.0),
            RowWindow::all(200)
        );
        assert!(!RowWindow::new(0, 28.0, 0.0, 300.0).is_windowed());
    }

    #[test]
    fn big_tables_draw_the_rows_in_view_and_a_margin() {
        // 10,000 rows of 20 px, a 400 px view scrolled to row 1,000.
        let w = RowWindow::new(10_000, 20.0, 20_000.0, 400.0);
        assert_eq!((w.start, w.end), (1000 - OVERSCAN, 1000 + 20 + OVERSCAN));
        assert_eq!(w.before_px, (1000 - OVERSCAN) as f64 * 20.0);
        assert_eq!(w.after_px, (10_000 - 1028) as f64 * 20.0);
        // The spacers and the drawn rows add up to the whole table.
        assert_eq!(
            w.before_px + (w.end - w.start) as f64 * 20.0 + w.after_px,
            200_000.0
        );
        assert!(w.is_windowed());
    }

    #[test]
    fn a_lower_threshold_windows_smaller_lists() {
        // 150 rows of 32 px in a 400 px view at the top: drawn whole by `new`, windowed here.
        assert_eq!(RowWindow::new(150, 32.0, 0.0, 400.0), RowWindow::all(150));
        let w = RowWindow::drawing_all_up_to(11, 150, 32.0, 0.0, 400.0);
        assert_eq!((w.start, w.end), (0, 13 + OVERSCAN));
        assert!(w.is_windowed());
        assert_eq!(
            RowWindow::drawing_all_up_to(11, 11, 32.0, 0.0, 400.0),
            RowWindow::all(11)
        );
    }

    #[test]
    fn a_window_without_overscan_draws_the_rows_in_view_only() {
        // 10,000 rows of 26 px, a 448 px view at the top: 18 rows, none below the box.
        let w = RowWindow::with_overscan(0, 10_000, 26.0, 0.0, 448.0);
        assert_eq!((w.start, w.end), (0, 18));
        assert_eq!(w.after_px, (10_000 - 18) as f64 * 26.0);
        let scrolled = RowWindow::with_overscan(0, 10_000, 26.0, 2600.0, 448.0);
        assert_eq!((scrolled.start, scrolled.end), (100, 118));
        assert_eq!(
            RowWindow::with_overscan(OVERSCAN, 10_000, 26.0, 2600.0, 448.0),
            RowWindow::new(10_000, 26.0, 2600.0, 448.0)
        );
        assert_eq!(
            RowWindow::with_overscan(0, 150, 26.0, 0.0, 448.0),
            RowWindow::all(150)
        );
    }

    #[test]
    fn the_ends_and_bad_input_are_clamped() {
        let top = RowWindow::new(1000, 20.0, 0.0, 400.0);
        assert_eq!((top.start, top.end, top.before_px), (0, 20 + OVERSCAN, 0.0));
        let past = RowWindow::new(1000, 20.0, 1e12, 400.0);
        assert_eq!(
            (past.start, past.end, past.after_px),
            (1000 - 20 - OVERSCAN, 1000, 0.0)
        );
        let nan = RowWindow::new(1000, 20.0, f64::NAN, f64::INFINITY);
        assert_eq!(nan.start, 0);
        assert!(nan.end >= 1);
        assert_eq!(RowWindow::new(1000, 0.0, 10.0, 10.0), RowWindow::all(1000));
    }

    #[test]
    fn scrolling_to_a_row_only_when_it_is_out_of_view() {
        // In view: no scrolling.
        assert_eq!(scroll_to_row(60.0, 20.0, 0.0, 400.0, 30.0), None);
        // Below the view: centred in the part under the header.
        assert_eq!(
            scroll_to_row(10_000.0, 20.0, 0.0, 400.0, 30.0),
            Some(10_000.0 - 30.0 - 175.0)
        );
        // Hidden under the sticky header: scrolled back, never above 0.
        assert_eq!(scroll_to_row(10.0, 20.0, 0.0, 400.0, 30.0), Some(0.0));
        assert!(scroll_to_row(300.0, 20.0, 290.0, 400.0, 30.0).is_some());
    }
}
