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

use fairshare::explain::{Deciding, Explanation, explain};
use fairshare::fair_tree::{FairTreeRun, RoundingArtefact};
use fairshare::step::Tie;
use fairshare::{AssocId, AssocTree, Hierarchy, Ranked};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::compare::CompareMsg;
use crate::messages::{Lang, Message};
use crate::panels::inspector::facts::level_fs_number;
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
        let ix = state.selected.get().and_then(|id| state.ix(id))?;
        state.hierarchy.with(|h| h.is_user(ix)).then_some(ix)
    });
    let other = Memo::new(move |_| state.compare_with.get().and_then(|id| state.ix(id)));
    let users = Memo::new(move |_| {
        let lang = i18n.lang();
        state
            .scenario
            .with(|s| state.run.with(|r| user_choices(&s.tree, r, lang)))
    });
    let explanation = move || {
        let (me, other) = (me.get()?, other.get()?);
        state.ranked.with(|r| explain(r, me, other).ok())
    };
    let above = Memo::new(move |_| {
        let me = me.get()?;
        state
            .run
            .with(|r| state.hierarchy.with(|h| user_just_above(h, r, me)))
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
                    .scenario
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
                    placeholder=i18n.t(CompareMsg::FilterPlaceholder)
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
            let text = state.ranked.with(|r| describe(r, &explanation, lang));
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

// ----- Pure helpers ------------------------------------------------------------------------

/// Every user association, best rank first (Fair Tree's visiting order), labelled in `lang`.
pub fn user_choices(tree: &AssocTree, run: &FairTreeRun, lang: Lang) -> Vec<UserChoice> {
    run.visit_order
        .iter()
        .filter_map(|&ix| {
            let a = tree.assocs().get(ix)?;
            let user = a.user.as_deref()?;
            Some(UserChoice {
                id: a.id,
                label: CompareMsg::UserOption
                    .fill(lang, &[("user", user), ("account", &a.account)]),
            })
        })
        .collect()
}

/// The user ranked just above user `ix`: the user Fair Tree visited just before it.
pub fn user_just_above(h: &Hierarchy, run: &FairTreeRun, ix: usize) -> Option<usize> {
    let users: Vec<usize> = run
        .visit_order
        .iter()
        .copied()
        .filter(|&v| h.is_user(v))
        .collect();
    let at = users.iter().position(|&v| v == ix)?;
    at.checked_sub(1).map(|above| users[above])
}

/// What the tree view marks while two users are compared (positions in the tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Both users' paths in the fairshare tree, root first (the ancestor appears in both).
    pub paths: [Vec<usize>; 2],
    /// The first common ancestor.
    pub ancestor: usize,
    /// The two children below it whose order decided, the one visited first first.
    pub deciding: [usize; 2],
}

/// What to highlight for `selected` compared with `compare_with` (ids, as in `AppState`); `None`
/// unless both are distinct user associations of the tree.
pub fn highlight(
    ranked: &Ranked,
    selected: Option<AssocId>,
    compare_with: Option<AssocId>,
) -> Option<Highlight> {
    let (tree, h) = (ranked.tree(), ranked.hierarchy());
    let a = tree.position(selected?)?;
    let b = tree.position(compare_with?)?;
    let e = explain(ranked, a, b).ok()?;
    let path = |x: usize| {
        let mut p: Vec<usize> = std::iter::once(x).chain(h.fs_ancestors(x)).collect();
        p.reverse();
        p
    };
    Some(Highlight {
        paths: [
            path(tree.position(e.first.user)?),
            path(tree.position(e.second.user)?),
        ],
        ancestor: e.common_ancestor,
        deciding: [e.first.child, e.second.child],
    })
}

/// The `data-rule` value of a deciding rule (stable, for tests and styles).
pub fn deciding_attr(d: Deciding) -> &'static str {
    match d {
        Deciding::HigherLevelFs => "higher-level-fs",
        Deciding::UserBeforeAccount => "user-before-account",
        Deciding::ListOrder => "list-order",
        Deciding::MergedByDocumentedRule => "merged",
    }
}

/// The explanation as text in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComparisonText {
    /// The first common ancestor's name.
    pub ancestor: String,
    /// The child visited first, with its Level FS.
    pub first_child: String,
    /// The child visited second, with its Level FS.
    pub second_child: String,
    /// The rule that ordered them.
    pub rule: String,
    /// The first user's rank.
    pub first_rank: String,
    /// The second user's rank.
    pub second_rank: String,
    /// The plain sentence.
    pub sentence: String,
    /// FairShare=parent and 80-bit notes.
    pub notes: Vec<String>,
}

/// Builds every text of an explanation from its data.
pub fn describe(ranked: &Ranked, e: &Explanation, lang: Lang) -> ComparisonText {
    let (tree, h, run) = (ranked.tree(), ranked.hierarchy(), ranked.run());
    let assocs = tree.assocs();
    let plain = |ix: usize| {
        assocs
            .get(ix)
            .map(|a| a.name().to_string())
            .unwrap_or_default()
    };
    let name = |ix: usize| match assocs.get(ix) {
        Some(a) => match &a.user {
            Some(user) => CompareMsg::UserInAccount.fill(
                lang,
                &[("user", user.as_str()), ("account", a.account.as_str())],
            ),
            None => a.account.clone(),
        },
        None => String::new(),
    };
    // A side's user by position (out of range, so empty text, if the id is not in the tree).
    let user = |id: AssocId| tree.position(id).unwrap_or(usize::MAX);
    let lf = |side: &fairshare::explain::Side| {
        if side.child_is_parent_shares {
            CompareMsg::LfParent.text(lang).to_string()
        } else {
            level_fs_number(side.child_level_fs)
                .unwrap_or_else(|| CompareMsg::LfUnset.text(lang).to_string())
        }
    };
    let (f, s) = (&e.first, &e.second);
    let (lf1, lf2) = (lf(f), lf(s));
    let group = |side: &fairshare::explain::Side| {
        if side.user_is_child {
            name(user(side.user))
        } else {
            CompareMsg::EveryUserUnder.fill(lang, &[("account", &name(side.child))])
        }
    };
    let ancestor = name(e.common_ancestor);
    let (first, second) = (name(f.child), name(s.child));
    let args = [
        ("ancestor", ancestor.as_str()),
        ("first", first.as_str()),
        ("second", second.as_str()),
        ("lf1", lf1.as_str()),
        ("lf2", lf2.as_str()),
    ];
    let (rule, mut sentence) = match e.deciding {
        Deciding::HigherLevelFs => {
            let (g1, g2) = (group(f), group(s));
            let mut all = args.to_vec();
            all.extend([("first_group", g1.as_str()), ("second_group", g2.as_str())]);
            (
                CompareMsg::RuleHigher,
                CompareMsg::SentenceHigher.fill(lang, &all),
            )
        }
        Deciding::UserBeforeAccount => (
            CompareMsg::RuleUserFirst,
            CompareMsg::SentenceUserFirst.fill(lang, &args),
        ),
        Deciding::ListOrder => (
            CompareMsg::RuleListOrder,
            CompareMsg::SentenceListOrder.fill(lang, &args),
        ),
        Deciding::MergedByDocumentedRule => (
            CompareMsg::RuleMerged,
            CompareMsg::SentenceMerged.fill(lang, &args),
        ),
    };
    let n = e.n_users.to_string();
    let rank1 = f.rank.to_string();
    // Positions count from the top (1 = first served): the engine's reading of the rank.
    let position = |side: &fairshare::explain::Side| {
        run.position(user(side.user))
            .map(|p| p.to_string())
            .unwrap_or_default()
    };
    let (position1, position2) = (position(f), position(s));
    sentence.push(' ');
    if e.same_rank {
        let why = tie_reason(e, &name, &name(user(s.user)), lang);
        sentence.push_str(&CompareMsg::SentenceSameRank.fill(
            lang,
            &[
                ("position", &position1),
                ("rank", &rank1),
                ("n", &n),
                ("why", &why),
            ],
        ));
    } else {
        sentence.push_str(&CompareMsg::SentenceRanks.fill(
            lang,
            &[
                ("first_user", &name(user(f.user))),
                ("position1", &position1),
                ("n", &n),
                ("second_user", &name(user(s.user))),
                ("position2", &position2),
            ],
        ));
    }
    let mut notes = Vec::new();
    for side in [f, s] {
        if side.child_is_parent_shares && h.is_user(side.child) {
            notes.push(CompareMsg::ParentNote.fill(lang, &[("name", &plain(side.child))]));
        }
    }
    let artefact_between = |x: usize, y: usize| {
        run.assocs
            .get(x)
            .and_then(|a| a.artefact)
            .is_some_and(|art| match art {
                RoundingArtefact::TieOnlyInLongDouble { sibling }
                | RoundingArtefact::NoTieOnlyInLongDouble { sibling }
                | RoundingArtefact::OrderOnlyInLongDouble { sibling } => sibling == y,
            })
    };
    if artefact_between(s.child, f.child) || artefact_between(f.child, s.child) {
        notes.push(CompareMsg::ArtefactNote.text(lang).to_string());
    }
    let rank_line = |side: &fairshare::explain::Side| {
        CompareMsg::RankLine.fill(
            lang,
            &[
                ("user", &plain(user(side.user))),
                ("position", &position(side)),
                ("rank", &side.rank.to_string()),
                ("n", &n),
            ],
        )
    };
    ComparisonText {
        first_child: CompareMsg::ChildLevelFs
            .fill(lang, &[("name", &plain(f.child)), ("lf", &lf1)]),
        second_child: CompareMsg::ChildLevelFs
            .fill(lang, &[("name", &plain(s.child)), ("lf", &lf2)]),
        ancestor: plain(e.common_ancestor),
        rule: rule.text(lang).to_string(),
        first_rank: rank_line(f),
        second_rank: rank_line(s),
        sentence,
        notes,
    }
}

/// Why the second user shares the first one's rank (mirrors the cases of `Explanation`).
fn tie_reason(
    e: &Explanation,
    name: &impl Fn(usize) -> String,
    user_name: &str,
    lang: Lang,
) -> String {
    let s = &e.second;
    match e.second_tie {
        Some(Tie::CarriedIntoAccount { account })
            if !s.user_is_child && e.deciding == Deciding::UserBeforeAccount =>
        {
            CompareMsg::TieAccountAfterUser
                .fill(lang, &[("account", &name(account)), ("user", user_name)])
        }
        Some(Tie::CarriedIntoAccount { account }) if !s.user_is_child => {
            CompareMsg::TieAccountAfterAccount
                .fill(lang, &[("account", &name(account)), ("user", user_name)])
        }
        Some(Tie::CarriedIntoAccount { account }) => CompareMsg::TieFirstOfTiedAccount
            .fill(lang, &[("account", &name(account)), ("user", user_name)]),
        _ => CompareMsg::TieEqual.fill(lang, &[("user", user_name)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::{Scenario, TieRule};
    use std::sync::Arc;

    struct Case {
        s: Scenario,
        ranked: Ranked,
        h: Arc<Hierarchy>,
        run: Arc<FairTreeRun>,
    }

    impl Case {
        fn new(s: Scenario, rule: TieRule) -> Self {
            let ranked = Ranked::new(&s.tree, rule);
            let (h, run) = (ranked.shared_hierarchy(), ranked.shared_run());
            Case { s, ranked, h, run }
        }
        fn preset(id: &str) -> Self {
            Self::new(
                crate::presets::by_id(id).unwrap().scenario(),
                TieRule::Slurm,
            )
        }
        fn json(text: &str) -> Self {
            Self::new(fairshare::scenario::parse(text).0.unwrap(), TieRule::Slurm)
        }
        fn ix(&self, name: &str) -> usize {
            self.s
                .tree
                .assocs()
                .iter()
                .position(|a| a.name() == name)
                .unwrap_or_else(|| panic!("no {name}"))
        }
        fn text(&self, a: &str, b: &str, lang: Lang) -> (Explanation, ComparisonText) {
            let e = explain(&self.ranked, self.ix(a), self.ix(b)).unwrap();
            let t = describe(&self.ranked, &e, lang);
            (e, t)
        }
    }

    #[test]
    fn fair_tree_page_example_names_acct1_and_its_children() {
        let c = Case::preset("fair-tree-example");
        let (e, t) = c.text("UserA", "UserB", Lang::En);
        assert_eq!(e.deciding, Deciding::HigherLevelFs);
        assert_eq!(t.ancestor, "Acct1");
        assert!(
            t.first_child.starts_with("Acct16 (Level FS "),
            "{}",
            t.first_child
        );
        assert!(
            t.second_child.starts_with("Acct12 (Level FS "),
            "{}",
            t.second_child
        );
        assert!(
            t.sentence.starts_with("Under Acct1, Acct16 has Level FS ")
                && t.sentence
                    .contains("so every user under Acct16 comes before every user under Acct12."),
            "{}",
            t.sentence
        );
        assert!(t.first_rank.starts_with("UserB: position "));
        // The same data as the engine's English sentence, word for word.
        assert_eq!(t.sentence, e.sentence(&c.s.tree));
        let (_, ja) = c.text("UserA", "UserB", Lang::Ja);
        assert!(ja.sentence.contains("Acct1 の下で"), "{}", ja.sentence);
    }

    #[test]
    fn ties_users_before_accounts_and_carried_ties_match_the_engine() {
        // Every pair of users of every preset, both rules: the template sentence equals the
        // engine's English sentence (so every case, ties included, is covered by the templates).
        for preset in crate::presets::PRESETS {
            for rule in [TieRule::Slurm, TieRule::Documented] {
                let c = Case::new(preset.scenario(), rule);
                let users: Vec<usize> = (0..c.s.tree.len()).filter(|&ix| c.h.is_user(ix)).collect();
                for &a in &users {
                    for &b in &users {
                        let Ok(e) = explain(&c.ranked, a, b) else {
                            continue;
                        };
                        let t = describe(&c.ranked, &e, Lang::En);
                        assert_eq!(t.sentence, e.sentence(&c.s.tree), "{} {a} {b}", preset.id);
                    }
                }
            }
        }
    }

    #[test]
    fn fairshare_parent_users_get_a_note() {
        let c = Case::json(
            r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
          {"id": 3, "parent": 2, "account": "a", "user": "heir", "shares": "parent", "usage_raw": 50},
          {"id": 4, "parent": 2, "account": "a", "user": "u", "shares": 1, "usage_raw": 1}
        ]}"#,
        );
        let (e, t) = c.text("u", "heir", Lang::En);
        assert_eq!(e.first.user, c.s.tree.assocs()[c.ix("heir")].id);
        assert!(
            t.first_child.contains("Level FS parent"),
            "{}",
            t.first_child
        );
        assert_eq!(t.notes.len(), 1);
        assert!(t.notes[0].starts_with("heir is FairShare=parent"));
    }

    #[test]
    fn the_user_just_above_is_the_previous_user_visited() {
        let c = Case::preset("fair-tree-example");
        let order: Vec<usize> = c
            .run
            .visit_order
            .iter()
            .copied()
            .filter(|&v| c.h.is_user(v))
            .collect();
        assert_eq!(user_just_above(&c.h, &c.run, order[0]), None);
        for w in order.windows(2) {
            assert_eq!(user_just_above(&c.h, &c.run, w[1]), Some(w[0]));
        }
        assert_eq!(user_just_above(&c.h, &c.run, c.ix("Acct1")), None);
    }

    #[test]
    fn menus_list_users_best_first_as_text() {
        let c = Case::json(
            r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "<b>acct<b>", "user": null, "shares": 1},
          {"id": 3, "parent": 2, "account": "<b>acct<b>", "user": "<img src=x>", "shares": 1, "usage_raw": 9},
          {"id": 4, "parent": 2, "account": "<b>acct<b>", "user": "idle", "shares": 1}
        ]}"#,
        );
        let choices = user_choices(&c.s.tree, &c.run, Lang::En);
        let labels: Vec<&str> = choices.iter().map(|u| u.label.as_str()).collect();
        assert_eq!(labels, ["idle in <b>acct<b>", "<img src=x> in <b>acct<b>"]);
    }

    #[test]
    fn highlight_marks_both_paths_and_the_deciding_pair() {
        let c = Case::preset("fair-tree-example");
        let id = |name: &str| c.s.tree.assocs()[c.ix(name)].id;
        let hl = highlight(&c.ranked, Some(id("UserA")), Some(id("UserB"))).unwrap();
        assert_eq!(hl.ancestor, c.ix("Acct1"));
        assert_eq!(hl.deciding, [c.ix("Acct16"), c.ix("Acct12")]);
        assert_eq!(hl.paths[0].last(), Some(&c.ix("UserB")));
        assert_eq!(hl.paths[1][0], c.ix("root"));
        assert_eq!(highlight(&c.ranked, Some(id("UserA")), None), None);
        assert_eq!(
            highlight(&c.ranked, Some(id("Acct1")), Some(id("UserA"))),
            None
        );
    }
}
