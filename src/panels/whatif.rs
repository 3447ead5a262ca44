//! `<WhatIf/>`: "who moved and why" against the what-if baseline.
//!
//! The comparison is the engine's [`fairshare::diff`] (who moved, by how much, and the first
//! level on the user's path whose order changed); this module only words it and lays it out.

use fairshare::explain::Deciding;
use fairshare::{AssocId, AssocTree, LongDouble, Ranked};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::compare::CompareMsg;
use crate::messages::inspector::WhatIfMsg;
use crate::messages::{Lang, Message};
use crate::panels::inspector::facts::{level_fs_number, number};
use crate::state::AppState;

/// The What if region: the list and the reset button.
#[component]
pub fn WhatIf() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let diff = Memo::new(move |_| {
        state
            .baseline_ranked
            .with(|base| state.ranked.with(|cur| what_if(base, cur)))
    });
    let rows = Memo::new(move |_| {
        let lang = i18n.lang();
        let d = diff.get();
        state.scenario.with(|s| d.rows(&s.tree, lang))
    });
    let unchanged = Memo::new(move |_| state.baseline.with(|b| state.scenario.with(|s| b == s)));
    let summary = move || {
        let d = diff.get();
        let lang = i18n.lang();
        let mut text = if d.moved.is_empty() {
            WhatIfMsg::Empty.text(lang).to_string()
        } else {
            WhatIfMsg::Summary.fill(lang, &[("n", &d.moved.len().to_string())])
        };
        if d.moved.len() > SHOWN {
            text.push(' ');
            text.push_str(&WhatIfMsg::More.fill(lang, &[("shown", &SHOWN.to_string())]));
        }
        if d.added + d.removed > 0 {
            text.push(' ');
            text.push_str(&WhatIfMsg::AddedRemoved.fill(
                lang,
                &[
                    ("added", &d.added.to_string()),
                    ("removed", &d.removed.to_string()),
                ],
            ));
        }
        text
    };
    view! {
        <section class="ft-panel ft-whatif" role="region" aria-label=i18n.t(WhatIfMsg::Region)>
            <h2 class="ft-panel__title">{i18n.t(WhatIfMsg::Region)}</h2>
            <p class="ft-whatif__summary" role="status">{move || summary()}</p>
            <ol class="ft-whatif__list" aria-label=i18n.t(WhatIfMsg::List)>
                <For each=move || rows.get() key=|r| r.clone() let:row>
                    <li class="ft-whatif__row" data-assoc-id=row.id.0 data-delta=row.delta>
                        <span class=row.direction_class()>{row.delta_text.clone()}</span>
                        " "
                        <span>{row.text}</span>
                        <span class="ft-whatif__reason">{row.reason}</span>
                    </li>
                </For>
            </ol>
            <button type="button" class="ft-button" title=i18n.t(WhatIfMsg::ResetHelp)
                on:click=move |_| state.reset_baseline() disabled=move || unchanged.get()>
                {i18n.t(WhatIfMsg::ResetBaseline)}
            </button>
        </section>
    }
}

pub use fairshare::diff::{Moved, Reason, RunDiff as WhatIfDiff};

/// At most this many rows are listed (largest moves first) and given a reason.
pub const SHOWN: usize = 200;

/// Compares the scenario on screen (`cur`) with the baseline: the engine's
/// [`fairshare::diff::run_diff`], explaining the rows the panel shows.
pub fn what_if(base: &Ranked, cur: &Ranked) -> WhatIfDiff {
    fairshare::diff::run_diff(base, cur, SHOWN)
}

/// One row as text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// The association.
    pub id: AssocId,
    /// Δ.
    pub delta: i64,
    /// "↑ 3".
    pub delta_text: String,
    /// "alice in physics: rank 3 → 6, FairShare …".
    pub text: String,
    /// The reason, or empty.
    pub reason: String,
}

impl Row {
    /// The CSS class of the Δ badge.
    pub fn direction_class(&self) -> &'static str {
        match self.delta.signum() {
            1 => "ft-delta ft-delta--up",
            -1 => "ft-delta ft-delta--down",
            _ => "ft-delta",
        }
    }
}

/// The rule sentence worth adding to a reason (a higher Level FS needs no words).
fn rule_text(deciding: Deciding) -> Option<CompareMsg> {
    match deciding {
        Deciding::HigherLevelFs => None,
        Deciding::UserBeforeAccount => Some(CompareMsg::RuleUserFirst),
        Deciding::ListOrder => Some(CompareMsg::RuleListOrder),
        Deciding::MergedByDocumentedRule => Some(CompareMsg::RuleMerged),
    }
}

/// The what-if list as text (the diff itself is the engine's).
pub trait WhatIfRows {
    /// The first [`SHOWN`] rows as text in `lang`, names from the current tree.
    fn rows(&self, tree: &AssocTree, lang: Lang) -> Vec<Row>;
}

impl WhatIfRows for WhatIfDiff {
    fn rows(&self, tree: &AssocTree, lang: Lang) -> Vec<Row> {
        let assocs = tree.assocs();
        let name = |ix: usize| {
            assocs
                .get(ix)
                .map(|a| a.name().to_string())
                .unwrap_or_default()
        };
        let lf = |x: Option<LongDouble>| {
            level_fs_number(x).unwrap_or_else(|| WhatIfMsg::LfNone.text(lang).to_string())
        };
        self.moved
            .iter()
            .take(SHOWN)
            .map(|m| {
                let delta = m.delta();
                let magnitude = delta.unsigned_abs().to_string();
                let delta_text = match delta.signum() {
                    1 => WhatIfMsg::Up.fill(lang, &[("delta", &magnitude)]),
                    -1 => WhatIfMsg::Down.fill(lang, &[("delta", &magnitude)]),
                    _ => WhatIfMsg::Same.text(lang).to_string(),
                };
                let account = assocs
                    .get(m.ix)
                    .map(|a| a.account.clone())
                    .unwrap_or_default();
                let text = WhatIfMsg::Row.fill(
                    lang,
                    &[
                        ("user", &name(m.ix)),
                        ("account", &account),
                        ("old", &m.old_position.to_string()),
                        ("new", &m.new_position.to_string()),
                        ("old_fs", &number(m.old_fairshare)),
                        ("new_fs", &number(m.new_fairshare)),
                    ],
                );
                let reason = match &m.reason {
                    None => String::new(),
                    Some(Reason::Crossed {
                        parent,
                        child,
                        other,
                        now_ahead,
                        child_lf,
                        other_lf,
                        deciding,
                    }) => {
                        let change = |(old, new): (Option<LongDouble>, Option<LongDouble>)| {
                            if old == new {
                                lf(new)
                            } else {
                                WhatIfMsg::LfChange
                                    .fill(lang, &[("old", &lf(old)), ("new", &lf(new))])
                            }
                        };
                        let group = if assocs.get(*other).is_some_and(|a| a.is_user()) {
                            name(*other)
                        } else {
                            CompareMsg::EveryUserUnder.fill(lang, &[("account", &name(*other))])
                        };
                        let ((first, lf1), (second, lf2), msg) = if *now_ahead {
                            (
                                (*child, *child_lf),
                                (*other, *other_lf),
                                WhatIfMsg::ReasonCrossedAbove,
                            )
                        } else {
                            (
                                (*other, *other_lf),
                                (*child, *child_lf),
                                WhatIfMsg::ReasonCrossedBelow,
                            )
                        };
                        let mut text = msg.fill(
                            lang,
                            &[
                                ("group", &group),
                                ("parent", &name(*parent)),
                                ("first", &name(first)),
                                ("lf1", &change(lf1)),
                                ("second", &name(second)),
                                ("lf2", &change(lf2)),
                            ],
                        );
                        if let Some(rule) = deciding.and_then(rule_text) {
                            text.push(' ');
                            text.push_str(rule.text(lang));
                        }
                        text
                    }
                    Some(Reason::Tie {
                        parent,
                        child,
                        tied,
                    }) => {
                        let msg = if *tied {
                            WhatIfMsg::ReasonTied
                        } else {
                            WhatIfMsg::ReasonUntied
                        };
                        msg.fill(
                            lang,
                            &[("parent", &name(*parent)), ("child", &name(*child))],
                        )
                    }
                    Some(Reason::UserCount { old, new }) => WhatIfMsg::ReasonUserCount.fill(
                        lang,
                        &[("old", &old.to_string()), ("new", &new.to_string())],
                    ),
                    Some(Reason::TieRule) => WhatIfMsg::ReasonTieRule.text(lang).to_string(),
                };
                Row {
                    id: m.id,
                    delta,
                    delta_text,
                    text,
                    reason,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::{Scenario, Shares, TieRule, fair_tree};

    const LAB: &str = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "bio", "user": null, "shares": 1},
      {"id": 21, "parent": 2, "account": "bio", "user": "me", "shares": 1, "usage_raw": 10},
      {"id": 22, "parent": 2, "account": "bio", "user": "labmate", "shares": 1, "usage_raw": 20},
      {"id": 3, "parent": 1, "account": "geo", "user": null, "shares": 1},
      {"id": 31, "parent": 3, "account": "geo", "user": "g1", "shares": 1, "usage_raw": 40},
      {"id": 32, "parent": 3, "account": "geo", "user": "g2", "shares": 1, "usage_raw": 50}
    ]}"#;

    fn diff_after(
        edit: impl FnOnce(&AssocTree) -> AssocTree,
        rule: TieRule,
    ) -> (Scenario, WhatIfDiff) {
        let base = fairshare::scenario::parse(LAB).0.unwrap();
        let base_ranked = fairshare::Ranked::new(&base.tree, TieRule::Slurm);
        let mut cur = base.clone();
        cur.tree = edit(&base.tree);
        let ranked = fairshare::Ranked::new(&cur.tree, rule);
        let d = what_if(&base_ranked, &ranked);
        (cur, d)
    }

    fn ix(s: &Scenario, id: u32) -> usize {
        s.tree.position(AssocId(id)).unwrap()
    }

    #[test]
    fn a_labmates_usage_sinks_the_whole_account() {
        // bio (usage 30) is above geo (90); the labmate runs 200 more, and bio falls below geo.
        let (cur, d) = diff_after(
            |t| {
                t.with_usage(AssocId(22), LongDouble::from_u64(220))
                    .unwrap()
            },
            TieRule::Slurm,
        );
        let me = d.moved.iter().find(|m| m.id == AssocId(21)).unwrap();
        assert_eq!((me.old_rank, me.new_rank), (4, 2));
        let n = fair_tree::run(&cur.tree).n_users;
        assert_eq!(
            (me.old_position, me.new_position),
            (n - 4 + 1, n - 2 + 1),
            "positions count from the top"
        );
        // The first level where my path changed: under root, geo passed bio.
        let Some(Reason::Crossed {
            parent,
            child,
            other,
            now_ahead,
            deciding,
            ..
        }) = me.reason
        else {
            panic!("{:?}", me.reason)
        };
        assert_eq!(
            (parent, child, other, now_ahead, deciding),
            (
                ix(&cur, 1),
                ix(&cur, 2),
                ix(&cur, 3),
                false,
                Some(Deciding::HigherLevelFs)
            )
        );
        let rows = d.rows(&cur.tree, Lang::En);
        let row = |id: u32| rows.iter().find(|r| r.id == AssocId(id)).unwrap();
        assert_eq!(row(21).delta_text, "↓ 2");
        assert_eq!(
            row(21).text,
            "me in bio: position 1 → 3, FairShare 1.000000 → 0.500000"
        );
        assert_eq!(
            row(21).reason,
            "Now below every user under geo: under root, geo (Level FS 0.666667 → 1.777778) \
             goes before bio (Level FS 2.000000 → 0.695652)."
        );
        assert_eq!(row(31).delta_text, "↑ 2");
        assert!(
            row(31)
                .reason
                .starts_with("Now above every user under bio: under root, geo (Level FS "),
            "{}",
            row(31).reason
        );
        // Sorted by |Δ|, largest first.
        let deltas: Vec<i64> = d.moved.iter().map(|m| m.delta().abs()).collect();
        assert!(deltas.windows(2).all(|w| w[0] >= w[1]), "{deltas:?}");
        assert_eq!(d.moved.len(), 4);
    }

    #[test]
    fn a_user_who_stops_running_passes_its_sibling() {
        let (cur, d) = diff_after(
            |t| t.with_usage(AssocId(32), LongDouble::ZERO).unwrap(),
            TieRule::Slurm,
        );
        let rows = d.rows(&cur.tree, Lang::En);
        let g2 = rows.iter().find(|r| r.id == AssocId(32)).unwrap();
        assert_eq!(g2.delta_text, "↑ 1");
        assert_eq!(
            g2.reason,
            "Now above g1: under geo, g2 (Level FS 0.900000 → inf) goes before g1 \
             (Level FS 1.125000 → 0.500000)."
        );
        let ja = d.rows(&cur.tree, Lang::Ja);
        assert!(ja.iter().all(|r| r.reason.contains("より")), "{ja:?}");
    }

    #[test]
    fn a_new_tie_is_named() {
        // g2 uses as much as g1: equal Level FS, so g2 shares g1's rank.
        let (cur, d) = diff_after(
            |t| t.with_usage(AssocId(32), LongDouble::from_u64(40)).unwrap(),
            TieRule::Slurm,
        );
        let g2 = d.moved.iter().find(|m| m.id == AssocId(32)).unwrap();
        assert_eq!((g2.old_rank, g2.new_rank), (1, 2));
        assert_eq!(
            g2.reason,
            Some(Reason::Tie {
                parent: ix(&cur, 3),
                child: ix(&cur, 32),
                tied: true
            })
        );
        let rows = d.rows(&cur.tree, Lang::En);
        assert_eq!(
            rows[0].reason,
            "Under geo, g2 now has exactly the Level FS of the entry before it, so it shares that rank."
        );
    }

    #[test]
    fn added_users_are_counted_and_n_explains_the_rest() {
        let (cur, d) = diff_after(
            |t| {
                t.with_added(fairshare::Assoc {
                    id: AssocId(99),
                    parent: Some(AssocId(3)),
                    account: "geo".into(),
                    user: Some("newbie".into()),
                    partition: None,
                    shares: Shares::Value(0),
                    usage_raw: LongDouble::ZERO,
                    lineage: None,
                })
                .unwrap()
            },
            TieRule::Slurm,
        );
        assert_eq!((d.added, d.removed), (1, 0));
        assert_eq!(d.moved.len(), 4, "N grew, so every rank shifted");
        for m in &d.moved {
            assert_eq!(
                m.reason,
                Some(Reason::UserCount { old: 4, new: 5 }),
                "{m:?}"
            );
        }
        assert!(d.rows(&cur.tree, Lang::En)[0].reason.contains("N 4 → 5"));
        let (_, removed) = diff_after(|t| t.without(AssocId(21)).unwrap(), TieRule::Slurm);
        assert_eq!(removed.removed, 1);
    }

    /// A generated 100 000-association tree where a big user's usage changes: every row shown
    /// gets a reason. (How long it takes is the benchmarks' business, not a test's.)
    #[test]
    fn what_if_on_100k_associations_gives_every_row_a_reason() {
        let base = fairshare::r#gen::scenario(100_000, 7);
        let base_ranked = fairshare::Ranked::new(&base.tree, TieRule::Slurm);
        let heavy = base
            .tree
            .assocs()
            .iter()
            .filter(|a| a.is_user())
            .max_by(|a, b| a.usage_raw.partial_cmp(&b.usage_raw).unwrap())
            .unwrap()
            .id;
        let mut cur = base.clone();
        cur.tree = base.tree.with_usage(heavy, LongDouble::ZERO).unwrap();
        let ranked = fairshare::Ranked::new(&cur.tree, TieRule::Slurm);
        let d = what_if(&base_ranked, &ranked);
        let rows = d.rows(&cur.tree, Lang::En);
        assert!(!rows.is_empty());
        assert!(rows.iter().all(|r| !r.reason.is_empty()));
    }

    #[test]
    fn the_documented_rule_is_named_when_it_is_the_only_change() {
        let tied = crate::presets::by_id("tied-accounts").unwrap().scenario();
        let base_ranked = fairshare::Ranked::new(&tied.tree, TieRule::Slurm);
        let ranked = fairshare::Ranked::new(&tied.tree, TieRule::Documented);
        let d = what_if(&base_ranked, &ranked);
        assert!(
            !d.moved.is_empty(),
            "the preset's ranks differ between the rules"
        );
        assert!(d.moved.iter().all(|m| m.reason == Some(Reason::TieRule)));
    }
}
