//! `<Field/>`: a panel parameter row (label and compact input on one line) that keeps its own
//! refusal: [`InputField`] in its inline look, for callers whose parser returns the refusal's
//! text (`on_commit` returns `Some(message)` to refuse; the last valid value stays in force).
//! Used by the classic, decay and priority panels.

use leptos::prelude::*;

use crate::widgets::input_field::{FieldLook, InputField};

/// A labelled input. `value` is the text of the value in force; `on_commit` receives what the
/// person entered and returns `Some(message)` to refuse it.
#[component]
pub fn Field(
    /// The accessible name (the visible label).
    #[prop(into)]
    label: Signal<String>,
    /// The value in force, as text.
    #[prop(into)]
    value: Signal<String>,
    /// Applies an entered value; `Some(text)` refuses it with that message.
    on_commit: Callback<String, Option<String>>,
    /// The input type (`number` by default; `text` for Slurm time strings).
    #[prop(default = "number")]
    kind: &'static str,
    /// `min` of a number input.
    #[prop(optional)]
    min: Option<&'static str>,
    /// `max` of a number input.
    #[prop(optional)]
    max: Option<&'static str>,
    /// `step` of a number input (`any` by default).
    #[prop(default = "any")]
    step: &'static str,
    /// A `data-testid` for tests that need the input itself.
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    view! {
        <InputField
            label
            value
            on_commit=Callback::new(move |text| error.set(on_commit.run(text)))
            error=error
            on_cancel=Callback::new(move |()| error.set(None))
            kind
            min=min
            max=max
            step
            testid=testid
            look=FieldLook::Inline
        />
    }
}
