//! `<FindBox/>`: the searchbox `Find user or account`. Matches as you type (the engine's name
//! rule, `fairshare::find`), each user with its position; Enter or picking a match selects it,
//! and selecting reveals it in the tree and scrolls it into view with the way up to its account
//! (`AppState::select`, `camera::scroll_to_found`).

use fairshare::AssocId;
use fairshare::format::grouped;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;
use crate::tree::view::memo_of;
use crate::widgets::when::When;

/// How many matches are offered.
pub const LIMIT: usize = 8;

/// One offered match: the association and what the option says.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// The association.
    pub id: AssocId,
    /// The option's text (name, account, position).
    pub text: String,
}

/// The matches of `query` in `tree` ranked by `run`, as option texts.
pub fn offers(
    tree: &fairshare::AssocTree,
    run: &fairshare::FairTreeRun,
    query: &str,
    lang: Lang,
) -> Vec<Offer> {
    fairshare::find::find(tree, query, LIMIT)
        .into_iter()
        .filter_map(|f| {
            let a = tree.assocs().get(f.ix)?;
            let text = match &a.user {
                Some(user) => TreeMsg::FindUser.fill(
                    lang,
                    &[
                        ("name", user),
                        ("account", &a.account),
                        (
                            "position",
                            &run.position(f.ix)
                                .map(|p| grouped(u64::from(p)))
                                .unwrap_or_default(),
                        ),
                        ("n", &grouped(u64::from(run.n_users()))),
                    ],
                ),
                None => TreeMsg::FindAccount.fill(lang, &[("name", &a.account)]),
            };
            Some(Offer { id: a.id, text })
        })
        .collect()
}

/// The find box with its list of matches.
#[component]
pub fn FindBox() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let query = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let active = RwSignal::new(0usize);
    let matches = memo_of(move || {
        let lang = i18n.lang();
        query.with(|q| {
            state
                .scenario()
                .with(|s| state.run().with(|run| offers(&s.tree, run, q, lang)))
        })
    });
    // The tree's camera, when the box is inside a tree view.
    let tree = use_context::<super::TreeCtx>();
    let pick = move |id: AssocId| {
        open.set(false);
        state.select(Some(id));
        // Shows the way up to the found association's account too (the selection's own
        // camera, which runs after this, then finds the card in view and keeps it there).
        if let Some(ctx) = tree {
            request_animation_frame(move || super::camera::scroll_to_found(ctx, id));
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let n = matches.with(Vec::len);
        match ev.key().as_str() {
            "ArrowDown" if n > 0 => {
                open.set(true);
                active.update(|a| *a = (*a + 1) % n);
            }
            "ArrowUp" if n > 0 => {
                open.set(true);
                active.update(|a| *a = (*a + n - 1) % n);
            }
            "Enter" => {
                let chosen = matches.with(|m| m.get(active.get()).or(m.first()).map(|o| o.id));
                if let Some(id) = chosen {
                    pick(id);
                }
            }
            "Escape" => open.set(false),
            _ => return,
        }
        ev.prevent_default();
    };
    let shown = move || open.get() && query.with(|q| !q.trim().is_empty());
    // The list exists only while it has options: the input points at it only then (an
    // aria-controls to an absent id is invalid).
    let listed = move || shown() && matches.with(|m| !m.is_empty());
    let options = move || {
        matches
            .get()
            .into_iter()
            .enumerate()
            .map(|(k, offer)| {
                let id = offer.id;
                view! {
                    <li
                        class="ft-find__option"
                        role="option"
                        aria-selected=move || (active.get() == k).to_string()
                        data-assoc-id=id.0.to_string()
                        on:mousedown=move |ev| {
                            ev.prevent_default();
                            pick(id);
                        }
                    >
                        {offer.text}
                    </li>
                }
            })
            .map(IntoAny::into_any)
            .collect::<Vec<_>>()
    };
    view! {
        <div class="ft-find">
            <input
                type="search"
                class="ft-find__input"
                aria-label=i18n.t(TreeMsg::Find)
                placeholder=i18n.t(TreeMsg::FindPlaceholder)
                aria-controls=move || listed().then_some("ft-find-matches")
                autocomplete="off"
                spellcheck="false"
                prop:value=move || query.get()
                on:input=move |ev| {
                    query.set(event_target_value(&ev));
                    active.set(0);
                    open.set(true);
                }
                on:keydown=on_key
                on:blur=move |_| open.set(false)
                on:focus=move |_| open.set(true)
            />
            <When when=shown>
                <When
                    when=move || matches.with(|m| !m.is_empty())
                    fallback=move || {
                        view! {
                            <p class="ft-find__none" role="status">
                                {i18n.t(TreeMsg::FindNone)}
                            </p>
                        }
                    }
                >
                    <ul
                        class="ft-find__list"
                        id="ft-find-matches"
                        role="listbox"
                        aria-label=i18n.t(TreeMsg::FindMatches)
                    >
                        {move || options()}
                    </ul>
                </When>
            </When>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_name_users_with_their_position() {
        let scenario = crate::presets::by_id("classic-example").unwrap().scenario();
        let run = fairshare::fair_tree::run(&scenario.tree);
        let found = offers(&scenario.tree, &run, "user1", Lang::En);
        assert_eq!(found[0].id, AssocId(211));
        assert_eq!(found[0].text, "User1 in AccountB: position 3 of 6");
        let found = offers(&scenario.tree, &run, "accountb", Lang::En);
        assert_eq!(found[0].text, "AccountB (account)");
        assert!(offers(&scenario.tree, &run, "zzz", Lang::En).is_empty());
    }

    /// The position and the number of users are grouped (`1,352`), as every panel writes them.
    #[test]
    fn offers_group_large_positions() {
        let tree = fairshare::r#gen::tree(2_000, 7);
        let run = fairshare::fair_tree::run(&tree);
        let n = run.n_users();
        let ix = (0..tree.len())
            .find(|&ix| run.position(ix).is_some_and(|p| p >= 1_000))
            .expect("a user at position 1,000 or below");
        let p = run.position(ix).unwrap();
        let a = &tree.assocs()[ix];
        let thousands = |x: u32| format!("{},{:03}", x / 1_000, x % 1_000);
        let query = fairshare::find::unambiguous_name(&tree, ix);
        for (lang, want) in [
            (
                Lang::En,
                format!("position {} of {}", thousands(p), thousands(n)),
            ),
            (
                Lang::Ja,
                format!("{} 人中 {} 番目", thousands(n), thousands(p)),
            ),
        ] {
            let found = offers(&tree, &run, &query, lang);
            let offer = found.iter().find(|o| o.id == a.id).expect("offered");
            assert!(offer.text.ends_with(&want), "{}", offer.text);
        }
    }
}
