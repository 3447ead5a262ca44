//! `<Inspector/>`: edit the selected association and read what Fair Tree computed for it.
//!
//! Fields apply on `change` (Enter or leaving the field) through `AppState`'s edits, so the tree
//! re-ranks at once and every edit can be undone. A refused value shows the reason in a
//! `role="alert"` next to its field and the scenario stays as it was: parsing is in
//! [`fields`], validation is the engine's. The numbers shown come from the run ([`facts()`]).

pub mod facts;
pub mod fields;
pub mod first_look;
pub mod why;

use fairshare::{Assoc, AssocId, AssocKind, Shares};
use leptos::html;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::common::CommonMsg;
use crate::messages::inspector::InspectorMsg;
use crate::state::AppState;
use crate::widgets::dom_id::next_dom_id;
use crate::widgets::input_field::InputField;
use crate::widgets::keyed_rows::KeyedRows;

use self::facts::{Facts, facts};
use self::fields::{
    FieldError, MOVE_MENU_LIMIT, add_parent, fresh_name, hours_text, move_menu, move_targets,
    parse_shares, parse_usage, seconds_text, usage_field_text,
};
use crate::widgets::when::When;

/// Which field an error belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Name,
    Shares,
    Usage,
    Actions,
}

/// The inspector's own state: the last refusal (one at a time; any accepted edit clears it),
/// and whether the Name field should take the focus (after Add user/account).
#[derive(Clone, Copy)]
struct Edits {
    error: RwSignal<Option<(AssocId, Field, FieldError)>>,
    focus_name: RwSignal<bool>,
}

impl Edits {
    /// Runs an edit and records its outcome for `field`.
    fn apply(self, id: AssocId, field: Field, res: Result<(), FieldError>) {
        self.error.set(res.err().map(|e| (id, field, e)));
    }

    /// Withdraws the refusal of `field` (Escape put the value in force back).
    fn clear(self, id: AssocId, field: Field) {
        if self
            .error
            .with_untracked(|e| e.as_ref().is_some_and(|(i, f, _)| *i == id && *f == field))
        {
            self.error.set(None);
        }
    }
}

/// The Inspector region.
#[component]
pub fn Inspector() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let edits = Edits {
        error: RwSignal::new(None),
        focus_name: RwSignal::new(false),
    };
    provide_context(edits);
    // Only a change of selection re-creates the editor (so edits keep the focus where it is).
    let current = Memo::new(move |_| {
        let id = state.selected().get()?;
        state
            .scenario()
            .with(|s| s.tree.get(id).is_some())
            .then_some(id)
    });
    view! {
        <section class="ft-panel ft-inspector" role="region" aria-label=i18n.t(CommonMsg::RegionInspector)>
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionInspector)}</h2>
            {move || match current.get() {
                Some(id) => editor(id),
                None => view! { <first_look::FirstLook /> }.into_any(),
            }}
        </section>
    }
}

/// The editor of `id`.
#[cfg(not(feature = "split"))]
fn editor(id: AssocId) -> AnyView {
    view! { <Editor id /> }.into_any()
}

/// The editor of `id`, from a wasm module of its own (issue 24 §2: nothing selected on the
/// first view, so the first load need not carry it; [`prefetch_editor`] brings it in the first
/// idle period after the mount, before a click needs it). A module that does not arrive leaves
/// the panels' alert and Try again.
#[cfg(feature = "split")]
fn editor(id: AssocId) -> AnyView {
    crate::chrome::tab_panel::lazy_content(move || split::editor(id), RwSignal::new(false))
}

/// Brings in the editor's module (fetched and compiled, nothing built) in the first idle period
/// after the app mounts, so that the first selection finds it in; not when the browser asks to
/// save data (it then comes with the first selection). Nothing without the split.
pub fn prefetch_editor() {
    #[cfg(feature = "split")]
    {
        if crate::boundary::document::save_data() {
            return;
        }
        crate::boundary::storage::when_idle(2_000, |_| {
            leptos::task::spawn_local(async {
                // A failure is dropped: the loader keeps none, so a selection asks again and
                // says so if it fails then.
                let _ = split::preload_editor().await;
            });
        });
    }
}

/// The editor's split point (`scripts/split-build.sh`).
#[cfg(feature = "split")]
mod split {
    use fairshare::AssocId;
    use leptos::prelude::*;
    use leptos::wasm_split::{SplitLoaderError, wasm_split};

    use super::Editor;

    #[wasm_split(
        inspector_editor,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(preload_editor)
    )]
    pub(super) fn editor(id: AssocId) -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <Editor id /> }.into_any())
    }
}

/// The editor of one association.
#[component]
fn Editor(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    // Only a change of kind swaps the usage field (so edits keep the focus where it is).
    let kind = Memo::new(move |_| state.scenario().with(|s| s.tree.get(id).map(Assoc::kind)));
    let heading = move || {
        let lang = i18n.lang();
        state.scenario().with(|s| {
            let Some(a) = s.tree.get(id) else {
                return String::new();
            };
            let account = ("account", a.account.as_str());
            match (&a.user, a.kind()) {
                (Some(user), _) => InspectorMsg::HeadingUser.fill(lang, &[("user", user), account]),
                (None, AssocKind::Root) => InspectorMsg::HeadingRoot.fill(lang, &[account]),
                (None, _) => InspectorMsg::HeadingAccount.fill(lang, &[account]),
            }
        })
    };
    view! {
        <div class="ft-inspector__editor" data-assoc-id=id.0>
            <h3 class="ft-inspector__heading">{move || heading()}</h3>
            <NameField id />
            <SharesField id />
            {move || match kind.get() {
                Some(AssocKind::User) => view! { <UsageField id /> }.into_any(),
                _ => view! { <AccountUsage id /> }.into_any(),
            }}
            <Actions id />
            <FactsView id />
        </div>
    }
}

/// The visible refusal of `field`, if the last edit of it was refused.
fn field_error(edits: Edits, id: AssocId, field: Field) -> impl Fn() -> Option<FieldError> + Copy {
    move || {
        edits.error.with(|e| {
            e.as_ref()
                .filter(|(i, f, _)| *i == id && *f == field)
                .map(|(_, _, e)| e.clone())
        })
    }
}

/// The alert under the action buttons (leaf).
#[component]
fn FieldAlert(#[prop(into)] error: Signal<Option<FieldError>>, error_id: String) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    view! {
        <When when=move || error.with(Option::is_some)>
            <p class="ft-field__error" role="alert" id=error_id.clone()>
                {move || error.get().map(|e| state.scenario().with(|s| e.message(i18n.lang(), &s.tree))).unwrap_or_default()}
            </p>
        </When>
    }
}

/// The refusal of `field` as text in the current language (it follows a change of language).
fn error_text(edits: Edits, id: AssocId, field: Field) -> Signal<Option<String>> {
    let i18n = I18n::expect();
    let error = field_error(edits, id, field);
    let state = AppState::expect();
    Signal::derive(move || {
        error().map(|e| state.scenario().with(|s| e.message(i18n.lang(), &s.tree)))
    })
}

/// The Name field.
#[component]
fn NameField(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let edits = expect_context::<Edits>();
    let input_ref = NodeRef::<html::Input>::new();
    let name_of = move |s: &fairshare::Scenario| {
        s.tree
            .get(id)
            .map(|a| a.name().to_string())
            .unwrap_or_default()
    };
    let value = Signal::derive(move || state.scenario().with(name_of));
    let value_untracked = move || state.scenario().with_untracked(name_of);
    let on_commit = Callback::new(move |text: String| {
        let res = state.rename(id, text.trim()).map_err(FieldError::Refused);
        edits.apply(id, Field::Name, res);
    });
    // Focus the name of a just-added association, ready to type over (DOM: an effect).
    Effect::new(move |_| {
        if let Some(input) = input_ref.get()
            && edits.focus_name.get_untracked()
        {
            edits.focus_name.set(false);
            // The value may not be in the element yet: put it there, so select() covers it.
            input.set_value(&value_untracked());
            let _ = input.focus();
            input.select();
        }
    });
    view! {
        <InputField
            label=Signal::derive(move || i18n.t(InspectorMsg::Name)().to_string())
            value
            on_commit
            error=error_text(edits, id, Field::Name)
            on_cancel=Callback::new(move |()| edits.clear(id, Field::Name))
            kind="text"
            node_ref=input_ref
        />
    }
}

/// The Shares field and the FairShare=parent switch.
#[component]
fn SharesField(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let edits = expect_context::<Edits>();
    let (parent_id, help_id) = (next_dom_id("ft-parent"), next_dom_id("ft-parent-help"));
    let shares = Memo::new(move |_| state.scenario().with(|s| s.tree.get(id).map(|a| a.shares)));
    let is_parent = move || shares.get().is_some_and(Shares::is_parent);
    let value = Signal::derive(move || match shares.get() {
        Some(Shares::Value(v)) => v.to_string(),
        _ => String::new(),
    });
    let on_commit = Callback::new(move |text: String| {
        let res = parse_shares(&text)
            .and_then(|sh| state.set_shares(id, sh).map_err(FieldError::Refused));
        edits.apply(id, Field::Shares, res);
    });
    let on_parent = move |ev| {
        let shares = if event_target_checked(&ev) {
            Shares::Parent
        } else {
            Shares::Value(1)
        };
        let res = state.set_shares(id, shares).map_err(FieldError::Refused);
        edits.apply(id, Field::Shares, res);
    };
    let is_root = move || state.scenario().with(|s| s.tree.root().id == id);
    let placeholder = Signal::derive(move || {
        if is_parent() {
            CommonMsg::LfParent.text(i18n.lang()).to_string()
        } else {
            String::new()
        }
    });
    view! {
        <InputField
            label=Signal::derive(move || i18n.t(InspectorMsg::Shares)().to_string())
            value
            on_commit
            error=error_text(edits, id, Field::Shares)
            on_cancel=Callback::new(move |()| edits.clear(id, Field::Shares))
            kind="text"
            role=Some("spinbutton")
            inputmode="numeric"
            placeholder
            disabled=Signal::derive(is_parent)
        >
            <span class="ft-field__inline">
                <input type="checkbox" id=parent_id.clone() prop:checked=is_parent on:change=on_parent
                    disabled=is_root aria-describedby=help_id.clone() />
                <label for=parent_id>{i18n.t(InspectorMsg::FairShareParent)}</label>
            </span>
            <p class="ft-help" id=help_id>{i18n.t(InspectorMsg::FairShareParentHelp)}</p>
        </InputField>
    }
}

/// The Raw usage field of a user, with the value in hours.
#[component]
fn UsageField(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let edits = expect_context::<Edits>();
    let usage = Memo::new(move |_| {
        state
            .scenario()
            .with(|s| s.tree.get(id).map(|a| a.usage_raw))
    });
    let value = Signal::derive(move || usage.get().map(usage_field_text).unwrap_or_default());
    let unit = Signal::derive(move || {
        let hours = usage.get().map(hours_text).unwrap_or_default();
        InspectorMsg::RawUsageUnit.fill(i18n.lang(), &[("hours", &hours)])
    });
    let on_commit = Callback::new(move |text: String| {
        let res =
            parse_usage(&text).and_then(|u| state.set_usage(id, u).map_err(FieldError::Refused));
        edits.apply(id, Field::Usage, res);
    });
    view! {
        <InputField
            label=Signal::derive(move || i18n.t(InspectorMsg::RawUsage)().to_string())
            value
            on_commit
            error=error_text(edits, id, Field::Usage)
            on_cancel=Callback::new(move |()| edits.clear(id, Field::Usage))
            kind="text"
            role=Some("spinbutton")
            inputmode="decimal"
            help=unit
            help_testid="usage-hours"
        />
    }
}

/// An account's raw usage: the sum of its users' (and of usage kept from removed users, shown
/// below it when there is any), computed by the engine (read-only).
#[component]
fn AccountUsage(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let text = move || {
        let usage = state.ix(id).and_then(|ix| {
            state
                .run()
                .with(|r| r.assocs().get(ix).map(|a| a.usage_raw))
        })?;
        // With usage kept from removed users anywhere in the tree, an account's raw usage may
        // hold some of it (its own or a sub-account's): "the sum of its users'" would be wrong.
        let msg = if state.ranked().with(|r| r.hierarchy().has_retained_usage()) {
            InspectorMsg::AccountUsageWithKept
        } else {
            InspectorMsg::AccountUsage
        };
        Some(msg.fill(
            i18n.lang(),
            &[
                ("usage", &seconds_text(usage)),
                ("hours", &hours_text(usage)),
            ],
        ))
    };
    // Usage kept from removed users (Slurm's leaf_usage of the account), when there is any.
    let retained = Memo::new(move |_| {
        state.scenario().with(|s| {
            s.tree
                .get(id)
                .map(|a| a.retained_usage)
                .filter(|r| !r.is_zero())
        })
    });
    let retained_text = move || {
        let kept = retained.get()?;
        Some(InspectorMsg::RetainedUsage.fill(
            i18n.lang(),
            &[("usage", &seconds_text(kept)), ("hours", &hours_text(kept))],
        ))
    };
    view! {
        <p class="ft-help" data-testid="account-usage">{move || text()}</p>
        {move || {
            retained_text()
                .map(|t| view! { <p class="ft-help" data-testid="retained-usage">{t}</p> })
        }}
    }
}

#[cfg(test)]
thread_local! {
    /// How many times [`move_targets_memo`] listed the accounts (tests count it).
    static TARGETS_LISTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The "Move to" menu's accounts for `id`, listed again only when the tree's structure changes
/// (`AssocTree::structure`): a Shares or Raw usage edit keeps it, so at 100k associations an
/// edit does not scan the tree for them (every option stays in the menu).
fn move_targets_memo(state: AppState, id: AssocId) -> Memo<Vec<fields::MoveTarget>> {
    let structure = Memo::new(move |_| state.scenario().with(|s| s.tree.structure()));
    Memo::new(move |_| {
        // Read, not only tracked: a memo runs (and so follows the scenario) only when read.
        structure.with(|_| ());
        #[cfg(test)]
        TARGETS_LISTED.with(|n| n.set(n.get() + 1));
        state
            .scenario()
            .with_untracked(|s| move_targets(&s.tree, id))
    })
}

/// Add user, Add account, Delete and Move to.
#[component]
fn Actions(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let edits = expect_context::<Edits>();
    let (move_id, error_id, help_id, delete_help_id) = (
        next_dom_id("ft-move"),
        next_dom_id("ft-actions-error"),
        next_dom_id("ft-add-help"),
        next_dom_id("ft-delete-help"),
    );
    let is_root = move || state.scenario().with(|s| s.tree.root().id == id);
    let add = move |user: bool| {
        let added = state.scenario().with_untracked(|s| {
            let parent = add_parent(&s.tree, id)?;
            Some((
                parent,
                fresh_name(&s.tree, if user { "new_user" } else { "new_account" }),
            ))
        });
        let Some((parent, name)) = added else { return };
        match state.add_child(parent, user, &name) {
            Ok(_) => {
                edits.focus_name.set(true);
                edits.error.set(None);
            }
            Err(e) => edits.apply(id, Field::Actions, Err(FieldError::Refused(e))),
        }
    };
    let delete = move |_| {
        let res = state.delete(id).map_err(FieldError::Refused);
        edits.apply(id, Field::Actions, res);
    };
    // The root has no Delete (and no such text).
    let delete_described = {
        let help = delete_help_id.clone();
        move || (!is_root()).then(|| help.clone())
    };
    let targets = move_targets_memo(state, id);
    let move_filter = RwSignal::new(String::new());
    let long_menu = move || targets.with(|t| t.len() > MOVE_MENU_LIMIT);
    let menu = move || targets.with(|t| move_filter.with(|f| move_menu(t, f)));
    let on_move = move |ev| {
        let Ok(to) = event_target_value(&ev).parse::<u32>() else {
            return;
        };
        let res = state.move_to(id, AssocId(to)).map_err(FieldError::Refused);
        edits.apply(id, Field::Actions, res);
    };
    let error = field_error(edits, id, Field::Actions);
    view! {
        <div class="ft-field ft-inspector__actions">
            <div class="ft-button-row">
                <button type="button" class="ft-button" on:click=move |_| add(true)
                    aria-describedby=help_id.clone()>{i18n.t(InspectorMsg::AddUser)}</button>
                <button type="button" class="ft-button" on:click=move |_| add(false)
                    aria-describedby=help_id.clone()>{i18n.t(InspectorMsg::AddAccount)}</button>
                <button type="button" class="ft-button ft-button--danger" on:click=delete
                    disabled=is_root aria-describedby=delete_described
                    >{i18n.t(InspectorMsg::Delete)}</button>
            </div>
            <p class="ft-help" id=help_id>{i18n.t(InspectorMsg::AddHelp)}</p>
            <When when=move || !is_root()>
                <p class="ft-help" id=delete_help_id.clone()>{i18n.t(InspectorMsg::DeleteHelp)}</p>
            </When>
            <label class="ft-field__label" for=move_id.clone()>{i18n.t(InspectorMsg::MoveTo)}</label>
            <When when=long_menu>
                <input type="search" class="ft-input" autocomplete="off"
                    aria-label=i18n.t(InspectorMsg::MoveFilter)
                    placeholder=i18n.t(CommonMsg::FilterPlaceholder)
                    prop:value=move || move_filter.get()
                    on:input=move |ev| move_filter.set(event_target_value(&ev)) />
            </When>
            <select id=move_id class="ft-select" on:change=on_move disabled=is_root
                aria-describedby=error_id.clone()>
                {move || menu().into_iter().map(|t| view! {
                    <option value=t.id.0.to_string() prop:selected=t.current>{t.label()}</option>
                }.into_any()).collect::<Vec<_>>()}
            </select>
            <FieldAlert error=Signal::derive(error) error_id />
        </div>
    }
}

/// What Fair Tree computed for the association. The list is built once per association; each
/// value follows its own text in one memo ([`FactTexts`]), so an edit rewrites only the texts
/// that changed (a rebuild of the whole list rewrote every element's attributes).
#[component]
fn FactsView(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let texts = Memo::new(move |_| {
        let lang = i18n.lang();
        let facts = state.ix(id).and_then(|ix| {
            let f = state.run().with(|r| facts(r, ix))?;
            let partial_user = state.scenario().with(|s| {
                s.tree.is_partial() && s.tree.assocs().get(ix).is_some_and(Assoc::is_user)
            });
            if !partial_user {
                return Some(f);
            }
            // Slurm's printed FairShare of this row, shown beside "not computable".
            let printed = state.printed().with(|rows| {
                rows.iter()
                    .find(|r| r.id == id)
                    .and_then(|r| r.fairshare.as_ref())
                    .map(|n| n.text.as_str().to_string())
            });
            Some(f.of_partial_user(printed))
        });
        fact_texts(state, facts.as_ref(), lang)
    });
    // The optional parts are views of their own: rebuilt only when they themselves change.
    let served = Memo::new(move |_| texts.with(|t| t.served));
    let printed = Memo::new(move |_| texts.with(|t| t.printed.clone()));
    let artefact = Memo::new(move |_| texts.with(|t| t.artefact.clone()));
    let text = move |f: fn(&FactTexts) -> &String| move || texts.with(|t| f(t).clone());
    view! {
        <h4 class="ft-inspector__subheading">{i18n.t(InspectorMsg::Computed)}</h4>
        <dl class="ft-facts">
            <dt>{i18n.t(InspectorMsg::FactS)}</dt>
            <dd data-testid="fact-s">{text(|t| &t.s)}</dd>
            <dt>{i18n.t(InspectorMsg::FactU)}</dt>
            <dd data-testid="fact-u">{text(|t| &t.u)}</dd>
            <dt>{i18n.t(InspectorMsg::FactLevelFs)}</dt>
            <dd data-testid="fact-level-fs">
                {text(|t| &t.level_fs)}
                {move || served.get().map(|s| view! {
                    " " <span class=s.as_class()>{move || s.text(i18n.lang())}</span>
                }.into_any())}
            </dd>
            <dt>{i18n.t(InspectorMsg::FactRank)}</dt>
            <dd data-testid="fact-rank">{text(|t| &t.rank)}</dd>
            <dt>{i18n.t(InspectorMsg::FactFairShare)}</dt>
            <dd data-testid="fact-fairshare">
                {text(|t| &t.fairshare)}
                {move || printed.get().map(|t| view! {
                    " " <span class="ft-printed" data-testid="fact-fairshare-printed" data-printed="true">{t}</span>
                }.into_any())}
            </dd>
        </dl>
        {move || artefact.get().map(|text| view! { <p class="ft-inspector__artefact">{text}</p> }.into_any())}
        <WhyView id />
    }
}

/// "Why is my FairShare this?" (issue 20 §3/§4): the selected user's path, level by level, in
/// a region of its own, open at once (a plain `sshare` paste or `me=` selects that user). The
/// region is built once and each part follows its own text, so an edit changes the levels'
/// texts in place (a rebuild of the whole region rewrote every element's attributes).
#[component]
fn WhyView(id: AssocId) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let text = Memo::new(move |_| {
        let lang = i18n.lang();
        let ix = state.ix(id)?;
        state.ranked().with(|r| self::why::why_text(r, ix, lang))
    });
    let shown = Signal::derive(move || text.with(Option::is_some));
    let intro = move || text.with(|w| w.as_ref().map(|w| w.intro.clone()));
    let partial = Memo::new(move |_| text.with(|w| w.as_ref().and_then(|w| w.partial.clone())));
    let keys = Memo::new(move |_| {
        (0..text.with(|w| w.as_ref().map_or(0, |w| w.levels.len()))).collect::<Vec<_>>()
    });
    let level = move |k: usize| {
        Memo::new(move |_| text.with(|w| w.as_ref().and_then(|w| w.levels.get(k).cloned())))
    };
    let title = i18n.t(InspectorMsg::WhyTitle);
    view! {
        <When when=shown>
            <section class="ft-why" role="region" aria-label=title data-testid="why-my-fairshare">
                <h4 class="ft-inspector__subheading">{title}</h4>
                <p class="ft-hint">{intro}</p>
                {move || partial.get().map(|t| view! { <p class="ft-why__partial">{t}</p> }.into_any())}
                <ol class="ft-why__levels">
                    <KeyedRows keys row=Callback::new(move |k| why_level(level(k))) />
                </ol>
            </section>
        </When>
    }
}

/// One level of the Why region: its summary and the siblings just ahead and behind, each
/// following its own text.
fn why_level(level: Memo<Option<self::why::LevelText>>) -> AnyView {
    type Part = fn(&self::why::LevelText) -> Option<&String>;
    let part = move |f: Part| move || level.with(|l| l.as_ref().and_then(f).cloned());
    let has =
        move |f: Part| Signal::derive(move || level.with(|l| l.as_ref().and_then(f).is_some()));
    let (ahead, behind): (Part, Part) = (|l| l.ahead.as_ref(), |l| l.behind.as_ref());
    view! {
        <li class="ft-why__level">
            <span>{part(|l| Some(&l.summary))}</span>
            <When when=has(ahead)><br /><span class="ft-why__ahead">{part(ahead)}</span></When>
            <When when=has(behind)><br /><span class="ft-why__behind">{part(behind)}</span></When>
        </li>
    }
    .into_any()
}

/// The facts' texts in `lang`, as the list shows them (blank values before the association
/// is in the run).
#[derive(Clone, Debug, Default, PartialEq)]
struct FactTexts {
    s: String,
    u: String,
    level_fs: String,
    served: Option<facts::Served>,
    rank: String,
    fairshare: String,
    /// Slurm's printed FairShare beside "not computable" (partial trees).
    printed: Option<String>,
    /// The note on a rounding artefact, naming the sibling.
    artefact: Option<String>,
}

fn fact_texts(state: AppState, facts: Option<&Facts>, lang: crate::messages::Lang) -> FactTexts {
    let Some(f) = facts else {
        return FactTexts::default();
    };
    FactTexts {
        s: f.s.clone(),
        u: f.u.clone(),
        level_fs: f.level_fs_text(lang),
        served: f.served,
        rank: f.rank_text(lang),
        fairshare: f.fairshare_text(lang),
        printed: f.printed_fairshare_text(lang),
        artefact: f.artefact_text(lang, |sib| {
            state.scenario().with(|s| {
                s.tree
                    .assocs()
                    .get(sib)
                    .map(|a| a.name().to_string())
                    .unwrap_or_default()
            })
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::LongDouble;
    use leptos::prelude::Owner;

    /// A usage or shares edit keeps the tree's structure, so the "Move to" accounts are not
    /// listed again; a rename is listed again (its name is in the menu), and undoing it too.
    #[test]
    fn move_targets_are_listed_again_only_when_the_structure_changes() {
        Owner::new().with(|| {
            let preset = crate::presets::by_id("classic-example").unwrap();
            let state = AppState::new(preset.scenario());
            let (user, account) = state.scenario().with_untracked(|s| {
                let tree = &s.tree;
                let user = tree.assocs().iter().find(|a| a.is_user()).unwrap();
                let account = tree
                    .assocs()
                    .iter()
                    .find(|a| a.parent.is_some() && !a.is_user());
                (user.id, account.unwrap().id)
            });
            let targets = move_targets_memo(state, user);
            let listed = || TARGETS_LISTED.with(std::cell::Cell::get);
            let first = targets.get();
            assert!(!first.is_empty());
            let before = listed();
            state.set_usage(user, LongDouble::from_u64(12_345)).unwrap();
            state.set_shares(user, Shares::Value(7)).unwrap();
            assert_eq!(targets.get(), first);
            assert_eq!(listed(), before, "value edits list nothing again");
            state.rename(account, "renamed").unwrap();
            let renamed = targets.get();
            assert_eq!(listed(), before + 1);
            assert!(renamed.iter().any(|t| t.name == "renamed"));
            state.undo();
            assert_eq!(targets.get(), first);
            assert_eq!(listed(), before + 2);
        });
    }
}
