//! `FrameMarks`: the frame at the cursor, per association, for views that draw one element per
//! association (the tree's cards and treeitems).
//!
//! Why per-association signals rather than one memo read by every element: see
//! [`crate::widgets::index_marks`]. A step then re-runs only the elements whose look changes (the node
//! that stops being current, the one that becomes current, the user just ranked).

use fairshare::step::{Frame, NodeStatus};
use leptos::prelude::*;

use crate::state::AppState;
use crate::widgets::index_marks::IndexMarks;

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
pub struct FrameMarks(IndexMarks<Mark>);

impl FrameMarks {
    /// Marks that follow `state.frame` and `state.cursor`.
    pub fn new(state: AppState) -> Self {
        Self(IndexMarks::new(move || {
            // Outside the animation every mark is the default: no need for the frame.
            if state.cursor().with(Option::is_none) {
                return Vec::new();
            }
            let animating = true;
            state.frame().with(|frame| {
                (0..frame.status.len())
                    .map(|ix| mark_of(frame, ix, animating))
                    .collect()
            })
        }))
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
        self.0.get(ix)
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
        let end = Frame::at(run.steps(), run.steps().len());
        for ix in 0..s.tree.len() {
            assert_eq!(mark_of(&end, ix, false), Mark::default());
        }
        let one = Frame::at(run.steps(), 1);
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
