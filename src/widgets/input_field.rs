//! `<InputField/>`: the app's one labelled input. Every field that turns typed text into a value
//! (the inspector's Name, Shares and Raw usage, the toolbar's Damping factor, the classic, decay
//! and priority panels' parameters) is this component, so they all behave alike:
//!
//! - the label names the input (`<label for>`), and the help text, when there is one, describes
//!   it (`aria-describedby`);
//! - what was typed is handed to `on_commit` on `change` (browsers fire it on Enter and when the
//!   field loses the focus), and the caller parses it with a plain function tested natively;
//! - a refusal is the caller's `error` text: shown under the field as `role="alert"`, with
//!   `aria-invalid="true"` and the alert added to `aria-describedby`; the value in force stays;
//! - Escape puts the value in force back into the field and withdraws the refusal (`on_cancel`).
//!
//! A leaf component: props only, no context, no domain logic.

use leptos::html;
use leptos::prelude::*;

use crate::widgets::dom_id::next_dom_id;
use crate::widgets::when::When;

/// How the label sits against the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FieldLook {
    /// Label above a full-width input (the inspector, the toolbar).
    #[default]
    Stacked,
    /// Label and a compact input on one line (a panel's parameter rows).
    Inline,
    /// A toolbar control: on one line, its help a popover (controls.css).
    Toolbar,
}

impl FieldLook {
    /// The class of the field's box.
    pub fn box_class(self) -> &'static str {
        match self {
            FieldLook::Stacked => "ft-field",
            FieldLook::Inline => "ft-numfield ft-field--inline",
            FieldLook::Toolbar => "ft-toolbar__field",
        }
    }

    /// The class of the label.
    pub fn label_class(self) -> &'static str {
        match self {
            FieldLook::Stacked => "ft-field__label",
            FieldLook::Inline => "ft-numfield__text",
            FieldLook::Toolbar => "ft-field__label",
        }
    }

    /// The class of the input.
    pub fn input_class(self) -> &'static str {
        match self {
            FieldLook::Stacked => "ft-input",
            FieldLook::Inline => "ft-numfield__input",
            FieldLook::Toolbar => "ft-input",
        }
    }

    /// The class of the alert.
    pub fn error_class(self) -> &'static str {
        match self {
            FieldLook::Stacked => "ft-field__error",
            FieldLook::Inline => "ft-numfield__error",
            FieldLook::Toolbar => "ft-field__error",
        }
    }
}

/// The ids an input refers to by `aria-describedby`: its help (if any), then its alert (while it
/// shows one).
pub fn described_by(help_id: Option<&str>, error_id: &str, refused: bool) -> Option<String> {
    let ids: Vec<&str> = help_id
        .into_iter()
        .chain(refused.then_some(error_id))
        .collect();
    (!ids.is_empty()).then(|| ids.join(" "))
}

/// A labelled input; see the module doc.
#[component]
pub fn InputField(
    /// The accessible name (the visible label).
    #[prop(into)]
    label: Signal<String>,
    /// The value in force, as text.
    #[prop(into)]
    value: Signal<String>,
    /// Receives what the person entered.
    on_commit: Callback<String>,
    /// The refusal of the last entry, if any (the caller words it).
    #[prop(into, optional)]
    error: Signal<Option<String>>,
    /// Escape was pressed: the caller withdraws its refusal.
    #[prop(optional)]
    on_cancel: Option<Callback<()>>,
    /// A help text under the input, which also describes it.
    #[prop(into, optional)]
    help: Option<Signal<String>>,
    /// `data-testid` of the help text.
    #[prop(optional)]
    help_testid: Option<&'static str>,
    /// The input type (`number` by default; `text` for names and Slurm time strings).
    #[prop(default = "number")]
    kind: &'static str,
    /// An ARIA role for a text input that holds a number (`spinbutton`): the inspector's Shares
    /// and Raw usage are text inputs, so that what was typed reaches the caller as typed (a
    /// number input hands over "" for `1e400`, which it cannot hold in a double).
    #[prop(optional_no_strip)]
    role: Option<&'static str>,
    /// `min` of a number input.
    #[prop(optional_no_strip)]
    min: Option<&'static str>,
    /// `max` of a number input.
    #[prop(optional_no_strip)]
    max: Option<&'static str>,
    /// `step` of a number input (`any` by default).
    #[prop(default = "any")]
    step: &'static str,
    /// `inputmode` (the on-screen keyboard to offer).
    #[prop(optional)]
    inputmode: Option<&'static str>,
    /// Shown while the field is empty.
    #[prop(into, optional)]
    placeholder: Signal<String>,
    /// Whether the input is disabled.
    #[prop(into, optional)]
    disabled: Signal<bool>,
    /// Label and input placement.
    #[prop(optional)]
    look: FieldLook,
    /// A narrow input (a few digits).
    #[prop(optional)]
    narrow: bool,
    /// A `data-testid` for tests that need the input itself.
    #[prop(optional_no_strip)]
    testid: Option<&'static str>,
    /// The input element, for a caller that moves the focus to it.
    #[prop(optional)]
    node_ref: Option<NodeRef<html::Input>>,
    /// Content after the input (a switch that belongs to the same value).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let input_id = next_dom_id("ft-input");
    let error_id = next_dom_id("ft-input-error");
    let help_id = help.map(|_| next_dom_id("ft-input-help"));
    let node_ref = node_ref.unwrap_or_default();
    let refused = move || error.with(Option::is_some);
    let describedby = {
        let (help_id, error_id) = (help_id.clone(), error_id.clone());
        move || described_by(help_id.as_deref(), &error_id, refused())
    };
    let commit = move |ev: leptos::ev::Event| on_commit.run(event_target_value(&ev));
    let keydown = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape"
            && let Some(input) = node_ref.get_untracked()
        {
            input.set_value(&value.get_untracked());
            if let Some(cancel) = on_cancel {
                cancel.run(());
            }
        }
    };
    // The value in force goes into the input only when the input does not already hold it: in
    // Chromium a write of `value` lays out the page at once (tachys queues it after the edit's
    // other DOM changes, so the frame lays out twice), and after an accepted edit the input
    // usually holds the committed text already (e2e/bench/edit-profile.mjs --trace names the
    // forced layouts). Reading `value` costs no layout.
    Effect::new(move |_| {
        let text = value.get();
        if let Some(input) = node_ref.get()
            && input.value() != text
        {
            input.set_value(&text);
        }
    });
    view! {
        <div class=look.box_class()>
            <label class=look.label_class() for=input_id.clone()>{move || label.get()}</label>
            <input
                id=input_id
                class=look.input_class()
                class:ft-input--narrow=narrow
                class:ft-numfield__input--invalid=move || look == FieldLook::Inline && refused()
                type=kind
                role=role
                min=min
                max=max
                step=(kind == "number").then_some(step)
                inputmode=inputmode
                autocomplete="off"
                spellcheck=(kind == "text").then_some("false")
                data-testid=testid
                node_ref=node_ref
                placeholder=move || Some(placeholder.get()).filter(|p| !p.is_empty())
                disabled=move || disabled.get()
                aria-invalid=move || refused().to_string()
                aria-describedby=describedby
                on:change=commit
                on:keydown=keydown
            />
            {children.map(|c| c())}
            {help.zip(help_id).map(|(help, id)| view! {
                <p class="ft-help" id=id data-testid=help_testid>{move || help.get()}</p>
            }.into_any())}
            <When when=refused>
                <p class=look.error_class() role="alert" id=error_id.clone()>
                    {move || error.get().unwrap_or_default()}
                </p>
            </When>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_is_described_by_its_help_then_its_alert() {
        assert_eq!(described_by(Some("h"), "e", false).as_deref(), Some("h"));
        assert_eq!(described_by(Some("h"), "e", true).as_deref(), Some("h e"));
        assert_eq!(described_by(None, "e", true).as_deref(), Some("e"));
        assert_eq!(described_by(None, "e", false), None);
    }
}
