//! `<FirstLook/>`: the Inspector before anything is selected. The side column is the first
//! thing a newcomer reads beside the tree, so rather than an empty panel it says what the
//! preset shows ("What to look at", the preset's caption in full) and how to start: click a
//! card, or type a name into the find box above the tree.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::inspector::InspectorMsg;
use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::presets;
use crate::state::AppState;

/// The pointer to the find box, with the box's own name in it (so it can be searched for).
pub fn find_pointer(lang: Lang) -> String {
    InspectorMsg::FindPointer.fill(lang, &[("find", TreeMsg::Find.text(lang))])
}

/// What the Inspector shows while nothing is selected.
#[component]
pub fn FirstLook() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let caption = move || {
        state
            .preset()
            .get()
            .and_then(presets::by_id)
            .map(|p| p.caption.text(i18n.lang()))
    };
    view! {
        <div class="ft-first-look" data-testid="first-look">
            {move || caption().map(|text| view! {
                <h3 class="ft-first-look__title">{i18n.t(CommonMsg::WhatToLookAt)}</h3>
                <p class="ft-first-look__caption">{text}</p>
            })}
            <p class="ft-hint">{i18n.t(InspectorMsg::NothingSelected)}</p>
            <p class="ft-hint">{move || find_pointer(i18n.lang())}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pointer_names_the_find_box_in_both_languages() {
        for lang in [Lang::En, Lang::Ja] {
            let text = find_pointer(lang);
            assert!(text.contains(TreeMsg::Find.text(lang)), "{text}");
            assert!(!text.contains('{'), "{text}");
        }
    }
}
