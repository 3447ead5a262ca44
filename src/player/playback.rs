//! `use_playback`: the one timer of the whole app (the ranking animation's clock).
//!
//! Modelled on an interval hook that clears its handle: an effect starts a browser interval
//! while `playing` is true and registers its `clearInterval` as the effect's cleanup, so a
//! change of pace, a pause or unmounting the player always clears the previous handle first.
//! The timer only calls `on_tick`; what a tick does (moving the cursor) is the caller's intent.
//! Keeping the timer in this file means Leptos's timer API changes touch one file.

use std::time::Duration;

use leptos::prelude::*;

/// The playing state, driven by [`use_playback`]. `Copy`: move it into closures freely.
#[derive(Clone, Copy)]
pub struct Playback {
    playing: RwSignal<bool>,
}

impl Playback {
    /// Whether the timer is running (reactive).
    pub fn is_playing(self) -> bool {
        self.playing.get()
    }

    /// Whether the timer is running, without tracking (for event handlers).
    pub fn is_playing_untracked(self) -> bool {
        self.playing.get_untracked()
    }

    /// Starts ticking.
    pub fn play(self) {
        self.playing.set(true);
    }

    /// Stops ticking.
    pub fn pause(self) {
        self.playing.set(false);
    }
}

/// Calls `on_tick` every `interval_ms()` milliseconds while playing. `on_tick` returns whether
/// to keep playing (false at the end of the walk, which pauses). A new interval takes effect
/// at once: the running timer is cleared and restarted.
pub fn use_playback(interval_ms: Signal<u64>, on_tick: Callback<(), bool>) -> Playback {
    let playing = RwSignal::new(false);
    Effect::new(move |_| {
        if !playing.get() {
            return;
        }
        let period = Duration::from_millis(interval_ms.get().max(1));
        let tick = move || {
            // A disposed callback (the player unmounted mid-tick) stops the clock too.
            if !on_tick.try_run(()).unwrap_or(false) {
                playing.set(false);
            }
        };
        match set_interval_with_handle(tick, period) {
            Ok(handle) => on_cleanup(move || handle.clear()),
            // No timer available (not in a browser window): stay paused rather than fail.
            Err(_) => playing.set(false),
        }
    });
    Playback { playing }
}
