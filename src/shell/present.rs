//! Presenter mode (`present=1`): `ft-present` on `<html>` enlarges the type (theme.css), and a
//! presentation clicker's keys step the walk: PageDown one step forward, PageUp one step back.

use leptos::prelude::*;

use crate::state::AppState;

/// Where a clicker key moves the cursor from `cursor` (`None`: the finished ranking), for a
/// walk of `len` steps; `None` for other keys.
pub fn clicker_target(key: &str, cursor: Option<usize>, len: usize) -> Option<usize> {
    match key {
        "PageDown" => Some(cursor.map_or(0, |k| (k + 1).min(len))),
        "PageUp" => Some(cursor.unwrap_or(len).saturating_sub(1)),
        _ => None,
    }
}

/// Listens for the clicker's keys on the whole page (not while typing in a field).
pub fn install(state: AppState) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.alt_key() || ev.ctrl_key() || ev.meta_key() || typing(&ev) {
            return;
        }
        let target = clicker_target(&ev.key(), state.cursor.get_untracked(), state.trace_len());
        if let Some(k) = target {
            ev.prevent_default();
            state.seek(k);
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
    use super::clicker_target;

    #[test]
    fn page_keys_step_the_walk_within_its_ends() {
        assert_eq!(clicker_target("PageDown", None, 10), Some(0));
        assert_eq!(clicker_target("PageDown", Some(3), 10), Some(4));
        assert_eq!(clicker_target("PageDown", Some(10), 10), Some(10));
        assert_eq!(clicker_target("PageUp", Some(3), 10), Some(2));
        assert_eq!(clicker_target("PageUp", Some(0), 10), Some(0));
        assert_eq!(clicker_target("PageUp", None, 10), Some(9));
        assert_eq!(clicker_target("Enter", Some(3), 10), None);
    }
}
