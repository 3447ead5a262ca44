//! `<Field/>`: a labelled input that commits on `change` and shows its own `role="alert"` when
//! the value is refused (the last valid value stays in force). Shared by the classic, decay and
//! priority panels. A leaf component: props only, no context.
//!
//! Parsing lives with the caller (`on_commit` returns the refusal's text, or `None`), so every
//! parser is a plain function tested natively.

use leptos::prelude::*;

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
    let commit = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        error.set(on_commit.run(text));
    };
    view! {
        <div class="ft-numfield">
            <label class="ft-numfield__label">
                <span class="ft-numfield__text">{move || label.get()}</span>
                <input
                    class="ft-numfield__input"
                    class:ft-numfield__input--invalid=move || error.with(Option::is_some)
                    type=kind
                    min=min
                    max=max
                    step=(kind == "number").then_some(step)
                    data-testid=testid
                    aria-invalid=move || error.with(Option::is_some).then_some("true")
                    prop:value=move || value.get()
                    on:change=commit
                />
            </label>
            <Show when=move || error.with(Option::is_some)>
                <p class="ft-numfield__error" role="alert">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
        </div>
    }
}
