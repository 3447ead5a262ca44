//! A scroll position the app writes, told apart from the person's scrolling (pure).
//!
//! Writing a scroll offset makes the browser dispatch a scroll event in the next frame, before
//! its animation-frame callbacks: the write's echo. A scroll box that measures itself on every
//! scroll event (scroll offset, client size) reads the layout then, and when the frame's input
//! (a step of the walk) has already changed the page, that read forces a layout of its own
//! before the frame's. The app knows where it put the box, so the echo needs no reading:
//! [`ScrollEcho`] says which event is the echo. It waits for one event, and only until the
//! frame after the write has begun (its scroll events are dispatched by then), so a person's
//! scrolling is never taken for an echo later than that.
//!
//! The write itself lays the page out first when it has changed (Chromium's scroll setters
//! update the layout to know how far the box scrolls): [`after_paint`] runs it once the frame
//! that showed the change is painted, when the layout is clean, so it forces none.

use std::time::Duration;

/// A written scroll position awaiting its scroll event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScrollEcho {
    /// A write is awaiting its echo.
    awaiting: bool,
}

impl ScrollEcho {
    /// Nothing written.
    pub const fn new() -> Self {
        Self { awaiting: false }
    }

    /// The app is about to move the box from `now` to `to` (scroll offsets, whole CSS pixels as
    /// the browser takes them: left and top). Returns whether to write: not when the box is
    /// there already (the browser would dispatch no event, and none is awaited then).
    pub fn write(&mut self, now: (i32, i32), to: (i32, i32)) -> bool {
        if now == to {
            return false;
        }
        self.awaiting = true;
        true
    }

    /// A scroll event: `true` when it must be measured (the person scrolled, or the layout
    /// moved the box), `false` for the echo of the app's own write, which it consumes (the
    /// browser dispatches one event per box and frame however many offsets were written).
    pub fn heard(&mut self) -> bool {
        !std::mem::take(&mut self.awaiting)
    }

    /// The frame after the write has begun its animation-frame callbacks: its scroll events
    /// are dispatched, and any later event is the person's.
    pub fn settle(&mut self) {
        self.awaiting = false;
    }
}

/// Runs `f` after the next frame's paint: in a task queued from that frame's animation-frame
/// callbacks, when the frame's layout is done and nothing has changed the page since, so a
/// scroll offset written there, or a size read there, forces no layout. A written scroll shows
/// in the frame after; a writer settles its [`ScrollEcho`] in the animation frame after its
/// write. (The tree's camera, the walk's group box and the tables' `ScrollWindow` all use it.)
pub fn after_paint(f: impl FnOnce() + 'static) {
    leptos::prelude::request_animation_frame(move || {
        leptos::prelude::set_timeout(f, Duration::ZERO);
    });
}

/// After a write: the write's echo is the next frame's scroll event, dispatched before that
/// frame's animation-frame callbacks, so from them on any scroll is the person's
/// ([`ScrollEcho::settle`]). What every writer of a measured scroll box calls after its write.
pub fn settle_next_frame(echo: leptos::prelude::StoredValue<ScrollEcho>) {
    use leptos::prelude::*;
    request_animation_frame(move || {
        echo.try_update_value(ScrollEcho::settle);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_echo_of_a_write_is_not_measured_and_the_next_event_is() {
        let mut echo = ScrollEcho::new();
        assert!(echo.write((0, 0), (0, 120)));
        assert!(!echo.heard(), "the write's own event");
        assert!(echo.heard(), "the person's next scroll");
    }

    #[test]
    fn two_offsets_written_in_one_frame_await_one_event() {
        let mut echo = ScrollEcho::new();
        assert!(echo.write((0, 0), (300, 0)));
        assert!(echo.write((300, 0), (300, 80)));
        assert!(!echo.heard());
        assert!(echo.heard());
    }

    #[test]
    fn a_write_to_where_the_box_is_writes_nothing_and_awaits_nothing() {
        let mut echo = ScrollEcho::new();
        assert!(!echo.write((40, 40), (40, 40)));
        assert!(
            echo.heard(),
            "no event was caused: this one is the person's"
        );
    }

    #[test]
    fn an_echo_is_awaited_only_until_the_next_frame() {
        // The browser sent no event (it clamped the write to where the box was): the next
        // frame settles, and the person's scroll after it is measured.
        let mut echo = ScrollEcho::new();
        assert!(echo.write((0, 0), (0, 50)));
        echo.settle();
        assert!(echo.heard());
    }
}
