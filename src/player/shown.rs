//! What the player shows of the state, held back after a timeline's scrubber step until that
//! step's frame is painted ([`AppState::player_held`]).
//!
//! Each of the player's memos over the state (the narration, the counters, the sibling group,
//! the slider's length, the stops) is made by [`shown`]: while the state holds the player, it
//! keeps the value it had and reads nothing else, so a scrubber step computes and writes none
//! of the player's texts in its own frame; when the hold ends (the next task after that frame's
//! paint) each follows the state again, and the player shows the other snapshot's walk in the
//! frame after. A memo made during a hold computes its first value at once.

use leptos::prelude::*;

use crate::state::AppState;
use crate::widgets::panel_open::while_shown;

/// A memo of `f` over the state that keeps its last value while the player is held (the tab
/// panels' [`while_shown`], open while the player is not held).
pub fn shown<T>(state: AppState, f: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    while_shown(Signal::derive(move || !state.player_held().get()), f)
}
