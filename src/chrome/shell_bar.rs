//! `<ShellBar/>`: the line above the page for what the shell has to say: the restored-session
//! note with `Start over`, the note that the session could not be saved, in embed mode the
//! `Open in full` link, and in presenter mode the lesson bar (`shell/lesson.rs`).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::boundary::launch_params::full_url;
use crate::boundary::url_state;
use crate::chrome::start::{Shell, Unsaved};
use crate::i18n::I18n;
use crate::messages::shell::ShellMsg;
use crate::state::AppState;
use crate::widgets::when::When;

/// The shell's line; empty (and not rendered) when there is nothing to say.
#[component]
pub fn ShellBar() -> impl IntoView {
    let Some(shell) = Shell::use_context() else {
        return ().into_any();
    };
    let embed = shell.params.with_value(|p| p.embed);
    let present = shell.params.with_value(|p| p.present);
    view! {
        <div class="ft-shellbar">
            <When when=move || shell.restored.get()>
                <SessionNote shell />
            </When>
            <When when=move || shell.unsaved.get().is_some()>
                <UnsavedNote shell />
            </When>
            {embed.then(|| view! { <OpenInFull /> }.into_any())}
        </div>
        {present.then(|| view! { <crate::chrome::lesson::LessonBar /> }.into_any())}
    }
    .into_any()
}

/// "Your last session was restored" with its `Start over` button.
#[component]
fn SessionNote(shell: Shell) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    view! {
        <p class="ft-shellbar__note" role="status">
            <span>{i18n.t(ShellMsg::SessionRestored)}</span>
            " "
            <button type="button" class="ft-button" on:click=move |_| shell.start_over(state)>
                {i18n.t(ShellMsg::StartOver)}
            </button>
        </p>
    }
}

/// "This session could not be saved", and why; until a save succeeds.
#[component]
fn UnsavedNote(shell: Shell) -> impl IntoView {
    let i18n = I18n::expect();
    let text = move || match shell.unsaved.get() {
        Some(Unsaved::StorageFull) => i18n.t(ShellMsg::SessionStorageFull)(),
        Some(Unsaved::WithoutBaseline) => i18n.t(ShellMsg::SessionWithoutBaseline)(),
        _ => i18n.t(ShellMsg::SessionTooBig)(),
    };
    let reason = move || match shell.unsaved.get() {
        Some(Unsaved::StorageFull) => "storage-full",
        Some(Unsaved::WithoutBaseline) => "without-baseline",
        _ => "too-big",
    };
    view! {
        <p class="ft-shellbar__note" role="status" data-session-unsaved=reason>
            {text}
        </p>
    }
}

/// The standalone app with the same state, in a new tab. The link's address is brought up to
/// date when it is activated (before the browser follows it), so it always carries the scenario
/// on screen, not the one at render time.
#[component]
fn OpenInFull() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let url_now = move || {
        let href = window().location().href().unwrap_or_default();
        let fragment = state
            .scenario()
            .with_untracked(|s| url_state::encode(s, state.tie_rule().get_untracked()));
        full_url(&href, state.cursor().get_untracked(), &fragment)
    };
    let initial = full_url(&window().location().href().unwrap_or_default(), None, "");
    // Written straight to the element: a reactive attribute would update only after the
    // browser has already followed the old address.
    let refresh = move |ev: web_sys::Event| {
        if let Some(link) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = link.set_attribute("href", &url_now());
        }
    };
    view! {
        <a class="ft-shellbar__full" target="_blank" rel="noopener" href=initial
            on:click=move |ev: web_sys::MouseEvent| refresh(ev.into())
            on:auxclick=move |ev: web_sys::MouseEvent| refresh(ev.into())
            on:focus=move |ev: web_sys::FocusEvent| refresh(ev.into())>
            {i18n.t(ShellMsg::OpenInFull)}
        </a>
    }
}
