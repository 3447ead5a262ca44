//! The ranking animation's intent methods on `AppState`: they move the cursor only.
//!
//! The cursor is `None` while the finished ranking is shown (static first); stepping forward,
//! playing or asking for the next ranked user from there starts the walk from step 0, and
//! stepping back from there goes back from the end. Every method clamps to the current trace,
//! so a trace that shrank under an edit never leaves the cursor past its end.

use leptos::prelude::*;

use crate::player::model::{next_rank, next_stop, prev_stop};
use crate::state::AppState;

impl AppState {
    /// The number of steps of the current trace (untracked, for handlers).
    pub fn trace_len(self) -> usize {
        self.run().with_untracked(|r| r.steps().len())
    }

    /// The cursor as a position in `0..=len`, `None` counting as `none_as`.
    fn position(self, none_as: usize) -> usize {
        let len = self.trace_len();
        self.cursor().get_untracked().unwrap_or(none_as).min(len)
    }

    /// Whether stepping back would move (false at step 0, where Step back is disabled). Tracked.
    pub fn can_step_back(self) -> bool {
        let len = self.run().with(|r| r.steps().len());
        self.cursor().get().unwrap_or(len).min(len) > 0
    }

    /// Shows the walk after `k` steps (clamped to the trace).
    pub fn seek(self, k: usize) {
        self.set_cursor(Some(k));
    }

    /// Moves to the next stop; returns whether another stop follows (playing goes on).
    pub fn step_forward(self, stops: &[usize]) -> bool {
        let len = self.trace_len();
        let from = self.position(0);
        match next_stop(stops, from).filter(|&k| k <= len) {
            Some(k) => {
                self.seek(k);
                next_stop(stops, k).is_some_and(|next| next <= len)
            }
            None => {
                self.seek(from);
                false
            }
        }
    }

    /// Moves to the previous stop (step 0 at the latest).
    pub fn step_back(self, stops: &[usize]) {
        let from = self.position(usize::MAX);
        self.seek(prev_stop(stops, from).unwrap_or(0));
    }

    /// Goes back to step 0.
    pub fn restart(self) {
        self.seek(0);
    }

    /// Goes to the last step: the walk is complete, every user ranked.
    pub fn jump_to_end(self) {
        self.seek(usize::MAX);
    }

    /// Goes to right after the next step that ranks a user (or stays at the end).
    pub fn next_ranked_user(self) {
        let from = self.position(0);
        let next = self.run().with_untracked(|r| next_rank(r.steps(), from));
        self.seek(next.unwrap_or(from));
    }

    /// Before playing: from the finished ranking or the end, the walk starts again at step 0.
    pub fn rewind_if_finished(self) {
        let len = self.trace_len();
        match self.cursor().get_untracked() {
            Some(k) if k < len => {}
            _ => self.seek(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::model::{Granularity, stops};
    use crate::presets;
    use fairshare::{AssocId, LongDouble};
    use leptos::prelude::Owner;

    fn with_state(f: impl FnOnce(AppState)) {
        Owner::new().with(|| {
            let s = presets::by_id("test24-4").unwrap().scenario();
            f(AppState::new(s));
        });
    }

    fn all_stops(state: AppState) -> Vec<usize> {
        state
            .run()
            .with_untracked(|r| stops(r.steps(), Granularity::Visit, None))
    }

    #[test]
    fn static_first_then_forward_from_zero() {
        with_state(|state| {
            let stops = all_stops(state);
            assert_eq!(state.cursor().get_untracked(), None);
            assert!(state.step_forward(&stops));
            assert_eq!(state.cursor().get_untracked(), Some(1));
            state.step_back(&stops);
            assert_eq!(state.cursor().get_untracked(), Some(0));
            state.step_back(&stops);
            assert_eq!(state.cursor().get_untracked(), Some(0));
        });
    }

    #[test]
    fn back_from_the_finished_ranking_goes_to_the_step_before_the_end() {
        with_state(|state| {
            let stops = all_stops(state);
            let len = state.trace_len();
            state.step_back(&stops);
            assert_eq!(state.cursor().get_untracked(), Some(len - 1));
            assert!(!state.step_forward(&stops), "the end: nothing follows");
            assert_eq!(state.cursor().get_untracked(), Some(len));
            assert!(!state.step_forward(&stops));
            assert_eq!(state.cursor().get_untracked(), Some(len));
        });
    }

    #[test]
    fn restart_end_seek_and_next_ranked_user() {
        with_state(|state| {
            let len = state.trace_len();
            state.jump_to_end();
            assert_eq!(state.cursor().get_untracked(), Some(len));
            state.restart();
            assert_eq!(state.cursor().get_untracked(), Some(0));
            state.seek(len + 50);
            assert_eq!(state.cursor().get_untracked(), Some(len));
            state.restart();
            state.next_ranked_user();
            let k = state.cursor().get_untracked().unwrap();
            assert!(state.run().with_untracked(|r| r.steps()[k - 1].is_rank()));
            state.next_ranked_user();
            let k2 = state.cursor().get_untracked().unwrap();
            assert!(k2 > k && state.run().with_untracked(|r| r.steps()[k2 - 1].is_rank()));
            assert_eq!(state.frame().with_untracked(|f| f.cursor), k2);
        });
    }

    #[test]
    fn playing_rewinds_only_when_finished() {
        with_state(|state| {
            state.rewind_if_finished();
            assert_eq!(state.cursor().get_untracked(), Some(0));
            state.seek(5);
            state.rewind_if_finished();
            assert_eq!(state.cursor().get_untracked(), Some(5));
            state.jump_to_end();
            state.rewind_if_finished();
            assert_eq!(state.cursor().get_untracked(), Some(0));
        });
    }

    #[test]
    fn a_shrinking_trace_keeps_the_cursor_at_the_nearest_step_before() {
        with_state(|state| {
            let stops = all_stops(state);
            state.jump_to_end();
            let len = state.trace_len();
            // Deleting account aB (3 associations) shortens the trace.
            state.delete(AssocId(3)).unwrap();
            let shorter = state.trace_len();
            assert!(shorter < len);
            assert_eq!(state.cursor().get_untracked(), Some(shorter));
            // Stepping with stops of the old trace still stays inside the new one.
            assert!(!state.step_forward(&stops));
            assert_eq!(state.cursor().get_untracked(), Some(shorter));
            // An edit that keeps the length keeps the step index.
            state.seek(10);
            state
                .set_usage(AssocId(211), LongDouble::from_u64(99))
                .unwrap();
            assert_eq!(state.cursor().get_untracked(), Some(10));
        });
    }
}
