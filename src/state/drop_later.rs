//! Freeing a replaced ranking after the frame that shows the new one.
//!
//! At 100k associations, freeing a ranking (its run's values, trace and sorted lists, its
//! hierarchy's vectors, the finished walk's frame) costs about as much as a tenth of the edit
//! that replaced it, and the memos that hold one free it while the edit is being drawn. Each
//! such memo hands a share of the value it replaces to [`keep`] (an O(1) clone: the parts are
//! `Arc`s), so the memo's own drop only lowers a count, and the memory is freed in the browser's
//! next idle period, after the frame that shows the edit is painted.
//!
//! At most one old value per [`Slot`] is alive: a value kept in an occupied slot drops the one
//! there first (edits faster than idle periods each pay for one drop, as before, and never hold
//! more than one old ranking). Natively (tests) there is no idle period: a kept value lives
//! until its slot is reused (or, in tests, `release` runs).

use std::any::Any;
use std::cell::RefCell;

/// Which memo's old value is kept (one each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// `slurm_ranked`'s previous ranking.
    SlurmRanked,
    /// `ranked`'s previous ranking (the same parts under Slurm's rule).
    Ranked,
    /// The previous frame of the walk.
    Frame,
    /// The previous classic run.
    Classic,
    /// The oldest undo steps, let go when the history is full.
    History,
}

/// How long a kept value may wait for an idle period, at most.
#[cfg(target_arch = "wasm32")]
const IDLE_TIMEOUT_MS: u32 = 500;

thread_local! {
    static KEPT: RefCell<Vec<(Slot, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// Whether an idle callback that releases the kept values is pending.
    static SCHEDULED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps `value` alive until the next idle period (dropping the value `slot` held, if any).
pub(crate) fn keep(slot: Slot, value: impl Any) {
    let replaced = KEPT.with_borrow_mut(|kept| {
        let old = kept
            .iter()
            .position(|(s, _)| *s == slot)
            .map(|i| kept.swap_remove(i));
        kept.push((slot, Box::new(value)));
        old
    });
    // Dropped outside the borrow.
    drop(replaced);
    schedule();
}

/// Drops every kept value now.
#[cfg(any(test, target_arch = "wasm32"))]
pub(crate) fn release() {
    let kept = KEPT.with_borrow_mut(std::mem::take);
    drop(kept);
}

/// How many values are kept.
#[cfg(test)]
pub(crate) fn kept() -> usize {
    KEPT.with_borrow(Vec::len)
}

#[cfg(target_arch = "wasm32")]
fn schedule() {
    if SCHEDULED.replace(true) {
        return;
    }
    crate::boundary::storage::when_idle(IDLE_TIMEOUT_MS, |_| {
        SCHEDULED.set(false);
        release();
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn schedule() {}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;

    #[test]
    fn one_value_per_slot_until_released() {
        release();
        let (a, b, c) = (Rc::new(1), Rc::new(2), Rc::new(3));
        keep(Slot::Ranked, Rc::clone(&a));
        keep(Slot::Frame, Rc::clone(&b));
        assert_eq!((Rc::strong_count(&a), Rc::strong_count(&b)), (2, 2));
        // The slot's next value drops the one it held; the other slot keeps its own.
        keep(Slot::Ranked, Rc::clone(&c));
        assert_eq!(Rc::strong_count(&a), 1);
        assert_eq!((Rc::strong_count(&b), Rc::strong_count(&c)), (2, 2));
        assert_eq!(kept(), 2);
        release();
        assert_eq!((Rc::strong_count(&b), Rc::strong_count(&c)), (1, 1));
        assert_eq!(kept(), 0);
    }
}
