//! [`ByTrace`]: what the app derives from a walk's trace alone (the finished frame, the slider's
//! ticks), kept for the last few traces shown.
//!
//! A timeline's scrubber moved back and forth shows the same snapshots again, each with its own
//! run and trace (shared `Arc`s, kept by the timeline): what was derived from a trace when its
//! snapshot was last shown is taken back instead of made again (at 10k the finished frame is
//! ~1.4 ms of a step's frame, the ticks ~5 ms of the idle period after it). An undo that brings
//! back a tree shown a moment ago hits too. The key is the trace's address, held as a `Weak`,
//! which keeps the address from being reused while the entry lives.

use std::sync::{Arc, Weak};

use fairshare::Step;

/// How many traces' values are kept: the snapshot shown, the one before it, and one more
/// (a replay shows the previous snapshot and comes back).
pub const TRACES_KEPT: usize = 3;

/// Values derived from traces, newest last, at most [`TRACES_KEPT`].
#[derive(Debug)]
pub struct ByTrace<T> {
    entries: Vec<(Weak<Vec<Step>>, T)>,
    /// How many lookups found their trace (for tests).
    hits: usize,
}

impl<T> Default for ByTrace<T> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
            hits: 0,
        }
    }
}

impl<T: Clone> ByTrace<T> {
    /// The value kept for `steps` (then the newest), or `make()`'s, kept.
    pub fn get_or_make(&mut self, steps: &Arc<Vec<Step>>, make: impl FnOnce() -> T) -> T {
        if let Some(i) = self.position(steps) {
            self.hits += 1;
            let hit = self.entries.remove(i);
            let value = hit.1.clone();
            self.entries.push(hit);
            return value;
        }
        let value = make();
        // Entries of traces no longer alive go first, then the oldest.
        self.entries.retain(|(w, _)| w.strong_count() > 0);
        if self.entries.len() == TRACES_KEPT {
            self.entries.remove(0);
        }
        self.entries.push((Arc::downgrade(steps), value.clone()));
        value
    }

    /// Forgets the value kept for `steps` (its holder is about to change it in place).
    pub fn forget(&mut self, steps: &Arc<Vec<Step>>) {
        if let Some(i) = self.position(steps) {
            self.entries.remove(i);
        }
    }

    /// How many lookups found their trace kept.
    pub fn hits(&self) -> usize {
        self.hits
    }

    fn position(&self, steps: &Arc<Vec<Step>>) -> Option<usize> {
        self.entries
            .iter()
            .position(|(w, _)| std::ptr::eq(w.as_ptr(), Arc::as_ptr(steps)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_traces_and_forgets_on_request() {
        let traces: Vec<Arc<Vec<Step>>> = (0..4).map(|_| Arc::new(Vec::new())).collect();
        let mut kept = ByTrace::default();
        let mut made = 0;
        let mut get = |kept: &mut ByTrace<usize>, k: usize| {
            kept.get_or_make(&traces[k], || {
                made += 1;
                k
            })
        };
        for k in [0, 1, 0, 1, 2, 0] {
            assert_eq!(get(&mut kept, k), k);
        }
        assert_eq!(kept.hits(), 3);
        // A fourth trace drops the oldest (1).
        get(&mut kept, 3);
        get(&mut kept, 1);
        assert_eq!(kept.hits(), 3);
        kept.forget(&traces[1]);
        get(&mut kept, 1);
        assert_eq!(kept.hits(), 3);
        assert_eq!(made, 6);
    }
}
