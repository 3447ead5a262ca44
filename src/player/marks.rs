//! `FrameMarks`: the frame at the cursor, per association, for views that draw one element per
//! association (the tree's cards and treeitems).
//!
//! Why: if N elements each read `AppState::frame` (and `cursor`), every step re-runs N closures,
//! and each re-run unsubscribes from and resubscribes to those two signals. A signal's
//! subscriber set removes in O(subscribers), so a step costs O(N²): about 100 ms per step on a
//! 500-association tree in WebAssembly, measured with e2e/bench/player-frames.mjs. A mark is one
//! signal per association that is written only when that association's look changes (the node
//! that stops being current, the one that becomes current, the user just ranked), so a step
//! re-runs a handful of closures. This is the `Selector` idea of reactive_graph, with values.
//!
//! The marks are derived state kept in step by a render effect (it writes only the marks whose
//! value changed); nothing else writes them.

use std::sync::Arc;

use fairshare::step::{Frame, NodeStatus};
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;

use crate::state::AppState;

/// How one association looks at the cursor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// Whether the step just taken is about it (only while the walk is on screen).
    pub current: bool,
    /// Its status in the walk; `None` while the finished ranking is shown (cursor `None`).
    pub status: Option<NodeStatus>,
}

/// The mark of association `ix` in `frame` (`animating`: the cursor is `Some`).
pub fn mark_of(frame: &Frame, ix: usize, animating: bool) -> Mark {
    if !animating {
        return Mark::default();
    }
    Mark {
        current: frame.current == Some(ix),
        status: frame.status.get(ix).copied(),
    }
}

/// One signal per association, following `AppState::frame`. `Copy`.
#[derive(Clone, Copy)]
pub struct FrameMarks {
    marks: RwSignal<Vec<ArcRwSignal<Mark>>>,
    _sync: StoredValue<Arc<RenderEffect<()>>>,
}

impl FrameMarks {
    /// Creates the marks over `state` (kept in step with its frame until the owner is disposed).
    pub fn new(state: AppState) -> Self {
        let marks: RwSignal<Vec<ArcRwSignal<Mark>>> = RwSignal::new(Vec::new());
        let sync = RenderEffect::new_isomorphic(move |_: Option<()>| {
            let animating = state.cursor.with(Option::is_some);
            state.frame.with(|frame| {
                let n = frame.status.len();
                if marks.with_untracked(Vec::len) != n {
                    // A new tree size: new marks (rare; every reader re-resolves once).
                    marks.set(
                        (0..n)
                            .map(|ix| ArcRwSignal::new(mark_of(frame, ix, animating)))
                            .collect(),
                    );
                    return;
                }
                marks.with_untracked(|v| {
                    for (ix, signal) in v.iter().enumerate() {
                        let mark = mark_of(frame, ix, animating);
                        if signal.get_untracked() != mark {
                            signal.set(mark);
                        }
                    }
                });
            });
        });
        Self {
            marks,
            _sync: StoredValue::new(Arc::new(sync)),
        }
    }

    /// Creates the marks and provides them to the component tree (from `App`, so the tree view
    /// and the player share one set).
    pub fn provide(state: AppState) -> Self {
        let res = Self::new(state);
        provide_context(res);
        res
    }

    /// The marks provided by an ancestor, or new ones over `state` if none were.
    pub fn use_or_new(state: AppState) -> Self {
        use_context::<Self>().unwrap_or_else(|| Self::new(state))
    }

    /// The mark of association `ix` (reactive: re-runs only when this mark changes).
    pub fn mark(self, ix: usize) -> Mark {
        self.marks
            .with(|v| v.get(ix).map(|signal| signal.get()))
            .unwrap_or_default()
    }

    /// Whether the step just taken is about association `ix` (reactive).
    pub fn is_current(self, ix: usize) -> bool {
        self.mark(ix).current
    }

    /// The status of association `ix` in the walk, `None` outside the animation (reactive).
    pub fn status(self, ix: usize) -> Option<NodeStatus> {
        self.mark(ix).status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn marks_follow_the_frame_only_while_animating() {
        let s = presets::by_id("test24-4").unwrap().scenario();
        let run = fairshare::fair_tree::run(&s.tree);
        let end = Frame::at(&run.steps, run.steps.len());
        for ix in 0..s.tree.len() {
            assert_eq!(mark_of(&end, ix, false), Mark::default());
        }
        let one = Frame::at(&run.steps, 1);
        let root = s.tree.position(s.tree.root().id).unwrap();
        assert_eq!(
            mark_of(&one, root, true),
            Mark {
                current: true,
                status: Some(NodeStatus::Pending)
            }
        );
        let user = s.tree.assocs().iter().position(|a| a.is_user()).unwrap();
        assert_eq!(mark_of(&end, user, true).status, Some(NodeStatus::Ranked));
    }
}
