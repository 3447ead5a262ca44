//! Presenter mode (`present=1`): `ft-present` on `<html>` enlarges the type (theme.css), the
//! lesson bar (`shell/lesson.rs`) shows the current preset's caption large with `Previous
//! lesson` / `Next lesson`, and a presentation clicker's keys drive the talk.
//!
//! A clicker has two keys, so they do what a trainer's next/previous slide does: PageDown
//! steps the walk forward and, once the walk has reached its end, opens the next lesson (the
//! next preset, showing its finished ranking; the next PageDown starts its walk); PageUp steps
//! back and, at the walk's first step, opens the previous lesson. The presets, in menu order,
//! are the lessons.

use leptos::prelude::*;

use crate::presets::{PRESETS, Preset};
use crate::state::AppState;

/// What a clicker key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clicker {
    /// Move the walk's cursor to this step.
    Seek(usize),
    /// Open the next lesson.
    NextLesson,
    /// Open the previous lesson.
    PreviousLesson,
}

/// What a clicker key does with the cursor at `cursor` (`None`: the finished ranking, as a
/// lesson opens), for a walk of `len` steps; `None` for other keys.
pub fn clicker_target(key: &str, cursor: Option<usize>, len: usize) -> Option<Clicker> {
    match (key, cursor) {
        ("PageDown", Some(k)) if k >= len => Some(Clicker::NextLesson),
        ("PageDown", _) => Some(Clicker::Seek(cursor.map_or(0, |k| k + 1))),
        ("PageUp", Some(0)) => Some(Clicker::PreviousLesson),
        ("PageUp", _) => Some(Clicker::Seek(cursor.unwrap_or(len).saturating_sub(1))),
        _ => None,
    }
}

/// The place of the preset `id` among the lessons (0-based).
pub fn lesson_index(id: Option<&str>) -> Option<usize> {
    id.and_then(|id| PRESETS.iter().position(|p| p.id == id))
}

/// The lesson after the current one; from a scenario that is no preset, the first lesson.
pub fn next_lesson(id: Option<&str>) -> Option<&'static Preset> {
    match lesson_index(id) {
        Some(i) => PRESETS.get(i + 1),
        None => PRESETS.first(),
    }
}

/// The lesson before the current one; none before the first, or from a scenario that is no
/// preset.
pub fn previous_lesson(id: Option<&str>) -> Option<&'static Preset> {
    lesson_index(id)
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| PRESETS.get(i))
}

/// Opens a lesson: the preset's scenario, as the `Scenario` menu opens it (undoable).
pub fn open_lesson(state: AppState, lesson: &'static Preset) {
    state.load(lesson.scenario(), Vec::new(), Some(lesson.id));
}

/// Opens the next (`forward`) or previous lesson, if there is one.
pub fn step_lesson(state: AppState, forward: bool) {
    let current = state.preset().get_untracked();
    let lesson = if forward {
        next_lesson(current)
    } else {
        previous_lesson(current)
    };
    if let Some(lesson) = lesson {
        open_lesson(state, lesson);
    }
}

/// Listens for the clicker's keys on the whole page (not while typing in a field).
pub fn install(state: AppState) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() || typing(&ev) {
            return;
        }
        let target = clicker_target(&ev.key(), state.cursor().get_untracked(), state.trace_len());
        let Some(target) = target else {
            return;
        };
        ev.prevent_default();
        match target {
            Clicker::Seek(k) => state.seek(k),
            Clicker::NextLesson => step_lesson(state, true),
            Clicker::PreviousLesson => step_lesson(state, false),
        }
    });
    // The listener lives as long as the page.
    std::mem::forget(handle);
}

fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_keys_step_the_walk_and_leave_it_at_its_ends() {
        let seek = |k| Some(Clicker::Seek(k));
        assert_eq!(clicker_target("PageDown", None, 10), seek(0));
        assert_eq!(clicker_target("PageDown", Some(3), 10), seek(4));
        assert_eq!(clicker_target("PageDown", Some(9), 10), seek(10));
        assert_eq!(
            clicker_target("PageDown", Some(10), 10),
            Some(Clicker::NextLesson)
        );
        assert_eq!(clicker_target("PageUp", Some(3), 10), seek(2));
        assert_eq!(clicker_target("PageUp", None, 10), seek(9));
        assert_eq!(
            clicker_target("PageUp", Some(0), 10),
            Some(Clicker::PreviousLesson)
        );
        assert_eq!(clicker_target("Enter", Some(3), 10), None);
    }

    #[test]
    fn lessons_are_the_presets_in_menu_order() {
        let ids: Vec<_> = PRESETS.iter().map(|p| p.id).collect();
        assert_eq!(next_lesson(Some(ids[0])).map(|p| p.id), Some(ids[1]));
        assert_eq!(previous_lesson(Some(ids[1])).map(|p| p.id), Some(ids[0]));
        assert_eq!(previous_lesson(Some(ids[0])), None);
        assert_eq!(next_lesson(ids.last().copied()), None);
        // A scenario of one's own: Next starts the sequence, Back has nowhere to go.
        assert_eq!(next_lesson(None).map(|p| p.id), Some(ids[0]));
        assert_eq!(previous_lesson(None), None);
        assert_eq!(lesson_index(Some("no-such-preset")), None);
    }
}
