//! The compare panel's pure part: the user menus' entries, the user just above, what the tree
//! highlights, and every text of an explanation (tested natively).

use fairshare::explain::{Deciding, Explanation, explain};
use fairshare::fair_tree::{FairTreeRun, RoundingArtefact};
use fairshare::step::Tie;
use fairshare::{AssocId, AssocTree, Hierarchy, Ranked};

use crate::messages::common::CommonMsg;
use crate::messages::compare::CompareMsg;
use crate::messages::{Lang, Message};
use crate::panels::inspector::facts::level_fs_number;
use crate::widgets::user_menu::UserChoice;

/// Every user association, best rank first (Fair Tree's visiting order), labelled in `lang`.
pub fn user_choices(tree: &AssocTree, run: &FairTreeRun, lang: Lang) -> Vec<UserChoice> {
    run.visit_order()
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
        .visit_order()
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
            None => a.account.to_string(),
        },
        None => String::new(),
    };
    // A side's user by position (out of range, so empty text, if the id is not in the tree).
    let user = |id: AssocId| tree.position(id).unwrap_or(usize::MAX);
    let lf = |side: &fairshare::explain::Side| {
        if side.child_is_parent_shares {
            CommonMsg::LfParent.text(lang).to_string()
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
    let n = fairshare::format::grouped(e.n_users.into());
    let rank1 = fairshare::format::grouped(f.rank.into());
    // Positions count from the top (1 = first served): the engine's reading of the rank.
    let position = |side: &fairshare::explain::Side| {
        run.position(user(side.user))
            .map(|p| fairshare::format::grouped(p.into()))
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
        run.assocs()
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
                ("rank", &fairshare::format::grouped(side.rank.into())),
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
