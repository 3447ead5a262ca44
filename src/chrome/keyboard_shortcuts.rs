//! Global keyboard shortcuts: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac).
//!
//! While the focus is in a text field (a text or number input, a textarea, an editable
//! element) the browser's own undo of the typing applies, so the shortcuts step aside there.
//! The decision is a pure function ([`shortcut`], [`is_text_entry`]); [`install`] only wires it
//! to the window's `keydown` event for the lifetime of the calling component.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::AppState;

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Undo the last change.
    Undo,
    /// Redo the change just undone.
    Redo,
}

/// The shortcut for a key press: `key` is `KeyboardEvent.key`, `command` is Ctrl (or ⌘).
pub fn shortcut(key: &str, command: bool, shift: bool, alt: bool) -> Option<Shortcut> {
    if !command || alt {
        return None;
    }
    match (key.to_ascii_lowercase().as_str(), shift) {
        ("z", false) => Some(Shortcut::Undo),
        ("z", true) | ("y", false) => Some(Shortcut::Redo),
        _ => None,
    }
}

/// Whether an element with this tag name (any case) and `type` attribute takes typed text, so
/// that the browser's undo applies instead of ours.
pub fn is_text_entry(tag: &str, input_type: Option<&str>, content_editable: bool) -> bool {
    if content_editable {
        return true;
    }
    match tag.to_ascii_lowercase().as_str() {
        "textarea" => true,
        "input" => {
            let kind = input_type.unwrap_or("text").to_ascii_lowercase();
            !matches!(
                kind.as_str(),
                "checkbox"
                    | "radio"
                    | "button"
                    | "submit"
                    | "reset"
                    | "range"
                    | "color"
                    | "file"
                    | "image"
                    | "hidden"
            )
        }
        _ => false,
    }
}

/// Whether the event's target takes typed text.
fn targets_text_entry(event: &web_sys::KeyboardEvent) -> bool {
    let Some(element) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return false;
    };
    is_text_entry(
        &element.tag_name(),
        element.get_attribute("type").as_deref(),
        element.is_content_editable(),
    )
}

/// Listens for the shortcuts on the window until the calling component is unmounted.
pub fn install(state: AppState) {
    let handle = window_event_listener(ev::keydown, move |event| {
        if event.default_prevented() || event.is_composing() || targets_text_entry(&event) {
            return;
        }
        let command = event.ctrl_key() || event.meta_key();
        match shortcut(&event.key(), command, event.shift_key(), event.alt_key()) {
            Some(Shortcut::Undo) => {
                event.prevent_default();
                state.undo();
            }
            Some(Shortcut::Redo) => {
                event.prevent_default();
                state.redo();
            }
            None => {}
        }
    });
    on_cleanup(move || handle.remove());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_z_undoes_and_shift_or_y_redoes() {
        assert_eq!(shortcut("z", true, false, false), Some(Shortcut::Undo));
        assert_eq!(shortcut("Z", true, true, false), Some(Shortcut::Redo));
        assert_eq!(shortcut("z", true, true, false), Some(Shortcut::Redo));
        assert_eq!(shortcut("y", true, false, false), Some(Shortcut::Redo));
        assert_eq!(shortcut("Y", true, false, false), Some(Shortcut::Redo));
    }

    #[test]
    fn other_keys_are_left_alone() {
        assert_eq!(
            shortcut("z", false, false, false),
            None,
            "plain z types a z"
        );
        assert_eq!(
            shortcut("z", true, false, true),
            None,
            "Ctrl+Alt+Z is not ours"
        );
        assert_eq!(shortcut("y", true, true, false), None);
        assert_eq!(shortcut("x", true, false, false), None);
        assert_eq!(shortcut("Enter", true, false, false), None);
    }

    #[test]
    fn typing_fields_keep_the_browsers_undo() {
        assert!(is_text_entry("INPUT", None, false));
        assert!(is_text_entry("INPUT", Some("number"), false));
        assert!(is_text_entry("input", Some("text"), false));
        assert!(is_text_entry("TEXTAREA", None, false));
        assert!(is_text_entry("DIV", None, true));
        assert!(!is_text_entry("INPUT", Some("checkbox"), false));
        assert!(!is_text_entry("INPUT", Some("range"), false));
        assert!(!is_text_entry("SELECT", None, false));
        assert!(!is_text_entry("BUTTON", None, false));
        assert!(!is_text_entry("BODY", None, false));
    }
}
