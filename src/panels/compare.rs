//! `<ComparePanel/>`: "why is B above me?" for two user associations.
//!
//! The selected association is "me" (chosen in the tree, or in the `Me` menu here); `Compare
//! with` picks the other user (or the button picks the user ranked just above). The panel sets
//! `AppState::compare_with`, names the first common ancestor, the two children below it whose
//! Level FS decided the order, the rule, both ranks, and one plain sentence.
//!
//! Everything comes from `fairshare::explain::explain` on the run on screen; the sentences are
//! filled from `Explanation` data with the `CompareMsg` templates (not `Explanation::sentence`,
//! which is English-only for the CLI). Names are untrusted text and only rendered as text.
//!
//! For the tree view, [`highlight`] gives what to mark: both paths, the ancestor and the
//! deciding pair.
mod model;
#[cfg(test)]
mod tests;

pub use model::*;

use fairshare::AssocId;
use fairshare::explain::{Deciding, Explanation, explain};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::compare::CompareMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;
use crate::widgets::dom_id::next_dom_id;
use crate::widgets::user_menu::{MENU_LIMIT, UserChoice, menu_entries};
use crate::widgets::when::When;

/// The Compare region.
#[component]
pub fn ComparePanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    // The selected association's position if it is a user (else no "me").
    let me = Memo::new(move |_| {
        let ix = state.selected().get().and_then(|id| state.ix(id))?;
        state.hierarchy().with(|h| h.is_user(ix)).then_some(ix)
    });
    let other = Memo::new(move |_| state.compare_with().get().and_then(|id| state.ix(id)));
    let users = Memo::new(move |_| {
        let lang = i18n.lang();
        state
            .scenario()
            .with(|s| state.run().with(|r| user_choices(&s.tree, r, lang)))
    });
    let explanation = move || {
        let (me, other) = (me.get()?, other.get()?);
        state.ranked().with(|r| explain(r, me, other).ok())
    };
    let above = Memo::new(move |_| {
        let me = me.get()?;
        state
            .run()
            .with(|r| state.hierarchy().with(|h| user_just_above(h, r, me)))
    });
    let me_id = Signal::derive(move || me.get().and_then(|ix| state.id_at(ix)));
    let other_id = Signal::derive(move || other.get().and_then(|ix| state.id_at(ix)));
    // Choosing "me" here also reveals me in the tree (expands the accounts above).
    let on_me = Callback::new(move |id: Option<AssocId>| {
        if let Some(id) = id {
            state.reveal(id);
        }
        state.select(id);
    });
    let on_other = Callback::new(move |id: Option<AssocId>| state.compare(id));
    let pick_above = move |_| state.compare(above.get_untracked().and_then(|ix| state.id_at(ix)));
    let nobody_above = move || {
        let name = me
            .get()
            .map(|ix| {
                state
                    .scenario()
                    .with(|s| s.tree.assocs()[ix].name().to_string())
            })
            .unwrap_or_default();
        CompareMsg::NobodyAbove.fill(i18n.lang(), &[("user", &name)])
    };

    view! {
        <section class="ft-panel ft-compare" role="region" aria-label=i18n.t(CommonMsg::RegionCompare)>
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionCompare)}</h2>
            <div class="ft-compare__pickers">
                <UserSelect label=CompareMsg::Me users=users value=me_id exclude=other_id around=me_id on_change=on_me />
                <UserSelect label=CompareMsg::CompareWith users=users value=other_id exclude=me_id around=me_id on_change=on_other />
                <button type="button" class="ft-button" on:click=pick_above
                    disabled=move || above.get().is_none()>
                    {i18n.t(CompareMsg::JustAbove)}
                </button>
            </div>
            <When when=move || me.get().is_some() && above.get().is_none()>
                <p class="ft-hint">{move || nobody_above()}</p>
            </When>
            {move || match explanation() {
                Some(e) => view! { <ExplanationView explanation=e /> }.into_any(),
                None => view! { <p class="ft-hint">{i18n.t(CompareMsg::PickTwo)}</p> }.into_any(),
            }}
        </section>
    }
}

/// A labelled menu of user associations (leaf: props only). With more than [`MENU_LIMIT`]
/// users a filter field narrows the menu, which lists at most that many.
#[component]
fn UserSelect(
    label: CompareMsg,
    #[prop(into)] users: Signal<Vec<UserChoice>>,
    #[prop(into)] value: Signal<Option<AssocId>>,
    #[prop(into)] exclude: Signal<Option<AssocId>>,
    /// The user whose neighbours in the ranking a long menu lists.
    #[prop(into)]
    around: Signal<Option<AssocId>>,
    on_change: Callback<Option<AssocId>>,
) -> impl IntoView {
    let i18n = I18n::expect();
    let (id, filter_id) = (
        next_dom_id("ft-compare-select"),
        next_dom_id("ft-compare-filter"),
    );
    let filter = RwSignal::new(String::new());
    let on_input = move |ev| {
        let id = event_target_value(&ev).parse::<u32>().ok().map(AssocId);
        on_change.run(id);
    };
    let many = move || users.with(|u| u.len() > MENU_LIMIT);
    let options = move || {
        users
            .with(|u| filter.with(|f| menu_entries(u, f, exclude.get(), value.get(), around.get())))
    };
    let count = move || {
        let shown = options().len().to_string();
        let n = users.with(Vec::len).to_string();
        CompareMsg::MenuCount.fill(i18n.lang(), &[("shown", &shown), ("n", &n)])
    };
    view! {
        <label class="ft-field__label" for=id.clone()>{i18n.t(label)}</label>
        <div class="ft-compare__select">
            <When when=many>
                <input type="search" id=filter_id.clone() class="ft-input" autocomplete="off"
                    aria-label=move || CompareMsg::FilterLabel.fill(i18n.lang(), &[("menu", label.text(i18n.lang()))])
                    placeholder=i18n.t(CommonMsg::FilterPlaceholder)
                    on:input=move |ev| filter.set(event_target_value(&ev)) />
            </When>
            <select id=id class="ft-select" on:change=on_input>
                <option value="" prop:selected=move || value.get().is_none()>{i18n.t(CompareMsg::ChooseUser)}</option>
                {move || options().into_iter().map(|u| view! {
                    <option value=u.id.0.to_string() prop:selected=move || value.get() == Some(u.id)>{u.label}</option>
                }.into_any()).collect::<Vec<_>>()}
            </select>
            <When when=many>
                <span class="ft-help">{move || count()}</span>
            </When>
        </div>
    }
}

/// The answer, laid out as a definition list with the sentence below: one render of every
/// text (they change together, and nothing in it takes the focus).
#[component]
fn ExplanationView(explanation: Explanation) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    view! {
        {move || {
            let lang = i18n.lang();
            let text = state.ranked().with(|r| describe(r, &explanation, lang));
            let ancestor_id = state.id_at(explanation.common_ancestor).map(|id| id.0);
            explanation_list(text, ancestor_id, explanation.deciding, lang)
        }}
    }
}

/// The texts of an explanation as a definition list, with its notes below.
fn explanation_list(
    text: ComparisonText,
    ancestor_id: Option<u32>,
    deciding: Deciding,
    lang: Lang,
) -> AnyView {
    view! {
        <dl class="ft-compare__facts">
            <dt>{CompareMsg::AncestorLabel.text(lang)}</dt>
            <dd data-testid="compare-ancestor" data-assoc-id=ancestor_id>{text.ancestor}</dd>
            <dt>{CompareMsg::DecidingLabel.text(lang)}</dt>
            <dd data-testid="compare-deciding">
                <span data-testid="compare-first-child">{text.first_child}</span>
                " · "
                <span data-testid="compare-second-child">{text.second_child}</span>
            </dd>
            <dt>{CompareMsg::RuleLabel.text(lang)}</dt>
            <dd data-testid="compare-rule" data-rule=deciding_attr(deciding)>{text.rule}</dd>
            <dt>{CompareMsg::PositionsLabel.text(lang)}</dt>
            <dd data-testid="compare-ranks">
                <span>{text.first_rank}</span>
                <br />
                <span>{text.second_rank}</span>
            </dd>
            <dt>{CompareMsg::WhyLabel.text(lang)}</dt>
            <dd data-testid="compare-sentence" class="ft-compare__sentence">{text.sentence}</dd>
        </dl>
        {text.notes.into_iter().map(|note| view! { <p class="ft-note">{note}</p> }.into_any()).collect::<Vec<_>>()}
    }
    .into_any()
}
