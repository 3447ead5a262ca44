//! `<LessonBar/>`: presenter mode's lesson sequence. The current preset's title and caption in
//! large type, where it stands in the sequence, and `Previous lesson` / `Next lesson` (the
//! presets in menu order, `shell/present.rs`).

use leptos::prelude::*;

use crate::chrome::present;
use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::shell::ShellMsg;
use crate::presets::{self, PRESETS};
use crate::state::AppState;

/// The lesson bar, shown above the toolbar in presenter mode.
#[component]
pub fn LessonBar() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let current = move || state.preset().get().and_then(presets::by_id);
    let counter = move || {
        let n = present::lesson_index(state.preset().get()).map_or(0, |i| i + 1);
        ShellMsg::LessonCounter.fill(
            i18n.lang(),
            &[("n", &n.to_string()), ("total", &PRESETS.len().to_string())],
        )
    };
    let title = move || current().map(|p| p.title.text(i18n.lang()));
    let caption = move || current().map(|p| p.caption.text(i18n.lang()));
    let no_previous = move || present::previous_lesson(state.preset().get()).is_none();
    let no_next = move || present::next_lesson(state.preset().get()).is_none();
    view! {
        <section class="ft-lesson" aria-label=i18n.t(ShellMsg::LessonLabel)>
            <div class="ft-lesson__head">
                <span class="ft-lesson__counter">{move || counter()}</span>
                <h2 class="ft-lesson__title">{move || title()}</h2>
            </div>
            <p class="ft-lesson__caption">{move || caption()}</p>
            <div class="ft-lesson__nav">
                <button type="button" class="ft-button" disabled=no_previous
                    on:click=move |_| present::step_lesson(state, false)>
                    {i18n.t(ShellMsg::PreviousLesson)}
                </button>
                <button type="button" class="ft-button ft-button--primary" disabled=no_next
                    on:click=move |_| present::step_lesson(state, true)>
                    {i18n.t(ShellMsg::NextLesson)}
                </button>
                <span class="ft-help">{i18n.t(ShellMsg::LessonKeys)}</span>
            </div>
        </section>
    }
}
