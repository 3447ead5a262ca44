//! `<Toolbar/>`: the scenario menu with its caption, undo/redo, the teaching toggle, the damping
//! factor, the language and "Copy link".
//!
//! Every control calls an intent of `AppState` (or `I18n`, or `url_state`); the toolbar also
//! installs the global Ctrl+Z / Ctrl+Shift+Z shortcuts (`keyboard_shortcuts`).

use fairshare::TieRule;
use leptos::prelude::*;

use crate::boundary::url_state::{self, Copied, LinkErrorText, ShareLink};
use crate::chrome::keyboard_shortcuts;
use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::toolbar::ToolbarMsg;
use crate::messages::{Lang, Message};
use crate::presets::{self, PRESETS};
use crate::state::{AppState, History};
use crate::widgets::dom_id::next_dom_id;
use crate::widgets::input_field::{FieldLook, InputField};
use crate::widgets::when::When;

/// The toolbar above the tree, and the disclosure button it folds behind on a phone, in
/// presenter mode and embedded (controls.css shows the button and folds the toolbar there; on
/// wide screens the toolbar is always shown and the button hidden).
#[component]
pub fn Toolbar() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    keyboard_shortcuts::install(state);
    let open = RwSignal::new(false);
    let id = next_dom_id("ft-toolbar");
    view! {
        <button
            type="button"
            class="ft-button ft-menu-button"
            aria-expanded=move || if open.get() { "true" } else { "false" }
            aria-controls=id.clone()
            on:click=move |_| open.update(|o| *o = !*o)
        >
            {i18n.t(ToolbarMsg::ControlsLabel)}
        </button>
        <div
            class="ft-toolbar"
            class:ft-toolbar--open=move || open.get()
            id=id
            role="group"
            aria-label=i18n.t(ToolbarMsg::ControlsLabel)
        >
            <PresetMenu />
            <div class="ft-toolbar__row">
                <UndoRedo />
                <TieRuleToggle />
                <DampingField />
                <LanguageMenu />
                <ShareButton />
            </div>
        </div>
    }
}

/// The `Scenario` menu and the chosen preset's two-line caption.
#[component]
fn PresetMenu() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let id = next_dom_id("ft-preset");
    let caption_id = next_dom_id("ft-preset-caption");
    let on_change = move |ev| {
        if let Some(p) = presets::by_id(&event_target_value(&ev)) {
            state.load(p.scenario(), Vec::new(), Some(p.id));
        }
    };
    let caption = move || {
        let lang = i18n.lang();
        state
            .preset()
            .get()
            .and_then(presets::by_id)
            .map(|p| p.caption.text(lang))
    };
    view! {
        <div class="ft-toolbar__preset">
            <label class="ft-field__label" for=id.clone()>{i18n.t(CommonMsg::Scenario)}</label>
            <select id=id class="ft-select" on:change=on_change aria-describedby=caption_id.clone()>
                <option value="" disabled=true prop:selected=move || state.preset().get().is_none()>
                    {i18n.t(ToolbarMsg::OwnScenario)}
                </option>
                {PRESETS
                    .iter()
                    .map(|p| {
                        view! {
                            <option value=p.id prop:selected=move || state.preset().get() == Some(p.id)>
                                {i18n.t(p.title)}
                            </option>
                        }
                    })
                    .map(IntoAny::into_any).collect::<Vec<_>>()}
            </select>
            <When when=move || caption().is_some()>
                // A disclosure: one line while closed, the whole text when opened, by mouse or
                // keyboard (the summary is a button).
                <details class="ft-caption" id=caption_id.clone() data-testid="preset-caption">
                    <summary class="ft-caption__summary">
                        <strong>{i18n.t(CommonMsg::WhatToLookAt)}": "</strong>
                        <span class="ft-caption__text">{move || caption().unwrap_or_default()}</span>
                    </summary>
                </details>
            </When>
        </div>
    }
}

/// The Undo and Redo buttons (disabled when there is nothing to undo or redo).
#[component]
fn UndoRedo() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let cannot_undo = move || !state.history().with(History::can_undo);
    let cannot_redo = move || !state.history().with(History::can_redo);
    view! {
        <div class="ft-toolbar__history">
            <button type="button" class="ft-button" on:click=move |_| state.undo() disabled=cannot_undo
                title=i18n.t(ToolbarMsg::UndoTitle) aria-keyshortcuts="Control+Z Meta+Z">
                {i18n.t(CommonMsg::Undo)}
            </button>
            <button type="button" class="ft-button" on:click=move |_| state.redo() disabled=cannot_redo
                title=i18n.t(ToolbarMsg::RedoTitle) aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z">
                {i18n.t(CommonMsg::Redo)}
            </button>
        </div>
    }
}

/// The "Documented tie rule" checkbox and its help.
#[component]
fn TieRuleToggle() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let id = next_dom_id("ft-tie-rule");
    let help_id = next_dom_id("ft-tie-rule-help");
    let on_change = move |ev| {
        let rule = if event_target_checked(&ev) {
            TieRule::Documented
        } else {
            TieRule::Slurm
        };
        state.set_tie_rule(rule);
    };
    view! {
        <div class="ft-toolbar__toggle">
            <input type="checkbox" id=id.clone() aria-describedby=help_id.clone() on:change=on_change
                prop:checked=move || state.tie_rule().get() == TieRule::Documented />
            <label for=id>{i18n.t(CommonMsg::DocumentedTieRule)}</label>
            <p class="ft-help" id=help_id>{i18n.t(CommonMsg::DocumentedTieRuleHelp)}</p>
        </div>
    }
}

/// The "Damping factor" field: a whole number ≥ 1; anything else is refused with an alert.
#[component]
fn DampingField() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let refused = RwSignal::new(false);
    let current = move || state.scenario().with(|s| s.params.damping_factor);
    let on_commit = Callback::new(move |text: String| match parse_damping(&text) {
        Some(d) => {
            refused.set(false);
            if d != current() {
                state.set_damping(d);
            }
        }
        None => refused.set(true),
    });
    let error = Signal::derive(move || {
        refused.get().then(|| {
            ToolbarMsg::DampingInvalid.fill(i18n.lang(), &[("value", &current().to_string())])
        })
    });
    view! {
        <InputField
                label=Signal::derive(move || i18n.t(CommonMsg::DampingFactor)().to_string())
                value=Signal::derive(move || current().to_string())
                on_commit
                error
                on_cancel=Callback::new(move |()| refused.set(false))
                min=Some("1")
                max=Some("65535")
                step="1"
                inputmode="numeric"
                narrow=true
            help=Signal::derive(move || i18n.t(ToolbarMsg::DampingHelp)().to_string())
            look=FieldLook::Toolbar
        />
    }
}

/// The language menu.
#[component]
fn LanguageMenu() -> impl IntoView {
    let i18n = I18n::expect();
    let id = next_dom_id("ft-language");
    let on_change = move |ev| {
        if let Some(lang) = Lang::from_tag(&event_target_value(&ev)) {
            crate::boundary::ja_fetch::choose(i18n, lang);
        }
    };
    let name = |lang: Lang| match lang {
        Lang::En => ToolbarMsg::LanguageEnglish,
        Lang::Ja => ToolbarMsg::LanguageJapanese,
    };
    view! {
        <div class="ft-toolbar__field">
            <label class="ft-field__label" for=id.clone()>{i18n.t(CommonMsg::Language)}</label>
            <select id=id class="ft-select" on:change=on_change>
                {Lang::ALL
                    .iter()
                    .map(|&lang| {
                        view! {
                            <option value=lang.as_tag() lang=lang.as_tag()
                                prop:selected=move || i18n.lang() == lang>
                                {i18n.t(name(lang))}
                            </option>
                        }
                    })
                    .map(IntoAny::into_any).collect::<Vec<_>>()}
            </select>
        </div>
    }
}

/// "Copy link", the clipboard's answer, and the alert for a damaged link opened at start.
#[component]
fn ShareButton() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let share = ShareLink::use_or_new();
    let status = move || match share.copied.get() {
        Some(Copied::Yes) => CommonMsg::LinkCopied.text(i18n.lang()).to_string(),
        Some(Copied::AddressBarOnly) => CommonMsg::LinkCopyFailed.text(i18n.lang()).to_string(),
        Some(Copied::TooLarge(kb)) => {
            ToolbarMsg::LinkTooLarge.fill(i18n.lang(), &[("size", &kb.to_string())])
        }
        None => String::new(),
    };
    let link_error = move || {
        share
            .error
            .with(|e| e.as_ref().map(|e| e.message(i18n.lang())))
    };
    view! {
        <div class="ft-toolbar__share">
            <button type="button" class="ft-button" title=i18n.t(ToolbarMsg::CopyLinkTitle)
                on:click=move |_| url_state::copy_link(state, share)>
                {i18n.t(CommonMsg::CopyLink)}
            </button>
            <span class="ft-status" role="status">{move || status()}</span>
        </div>
        <When when=move || link_error().is_some()>
            <div class="ft-toolbar__alert" role="alert">
                <span>{move || link_error().unwrap_or_default()}</span>
                <button type="button" class="ft-button" on:click=move |_| share.error.set(None)>
                    {i18n.t(ToolbarMsg::Dismiss)}
                </button>
            </div>
        </When>
    }
}

/// Reads the damping factor field: a whole number from 1 to 65535 (Slurm's `uint16` ≥ 1).
pub fn parse_damping(text: &str) -> Option<u16> {
    text.trim().parse::<u16>().ok().filter(|&d| d >= 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damping_is_a_whole_number_from_1() {
        assert_eq!(parse_damping("1"), Some(1));
        assert_eq!(parse_damping(" 5 "), Some(5));
        assert_eq!(parse_damping("65535"), Some(65535));
        for bad in ["0", "-1", "1.5", "", "abc", "65536", "1e2"] {
            assert_eq!(parse_damping(bad), None, "{bad:?}");
        }
    }
}
