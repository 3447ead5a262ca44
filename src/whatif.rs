//! `<WhatIf/>`: "who moved and why" against the what-if baseline.
//!
//! Users are matched by association id between `AppState::baseline` and the scenario on screen
//! (ids survive every edit). Each user whose rank changed is listed with ↑/↓ and Δ, old → new
//! rank and FairShare, sorted by |Δ|, with a one-line reason where the runs give one:
//!
//! 1. It crossed the one edited user, at or above the highest level where its path changed:
//!    `fairshare::explain` names the common ancestor and the deciding pair.
//! 2. Otherwise the highest association on its path (root first) whose Level FS changed: its
//!    own, or an ancestor's (a labmate's usage raises the account's U, lowering its LF).
//! 3. Otherwise N changed (FairShare = rank / N), or the tie rule differs from the baseline's.
//!
//! The comparison is a pure function ([`what_if`]); the component only lays it out.

use fairshare::explain::{Explanation, explain};
use fairshare::fair_tree::FairTreeRun;
use fairshare::{AssocId, AssocTree, Hierarchy, LongDouble, Scenario};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::inspector::facts::{level_fs_number, number};
use crate::messages::inspector::WhatIfMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;

/// The What if region: the list and the reset button.
#[component]
pub fn WhatIf() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let diff = Memo::new(move |_| {
        state.baseline.with(|base| {
            state.baseline_run.with(|base_run| {
                state.scenario.with(|cur| {
                    state
                        .hierarchy
                        .with(|h| state.run.with(|run| what_if(base, base_run, cur, h, run)))
                })
            })
        })
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
            <p class="ft-whatif__summary" role="status">{summary}</p>
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

/// One user whose rank changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Moved {
    /// The association.
    pub id: AssocId,
    /// Its position in the current tree.
    pub ix: usize,
    /// Rank in the baseline.
    pub old_rank: u32,
    /// Rank now.
    pub new_rank: u32,
    /// FairShare in the baseline.
    pub old_fairshare: f64,
    /// FairShare now.
    pub new_fairshare: f64,
    /// Why, where the runs tell.
    pub reason: Option<Reason>,
}

impl Moved {
    /// Ranks gained (positive: up, since rank N is the best).
    pub fn delta(&self) -> i64 {
        i64::from(self.new_rank) - i64::from(self.old_rank)
    }
}

/// Why a user moved. Positions are in the current tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Its own Level FS under `parent` changed.
    Own {
        /// Its fairshare parent.
        parent: usize,
        /// Baseline Level FS.
        old: Option<LongDouble>,
        /// Level FS now.
        new: Option<LongDouble>,
    },
    /// The Level FS of `account`, on its path, changed.
    Ancestor {
        /// The account.
        account: usize,
        /// Its fairshare parent.
        parent: usize,
        /// Baseline Level FS.
        old: Option<LongDouble>,
        /// Level FS now.
        new: Option<LongDouble>,
    },
    /// It passed the edited user `other` (or was passed by it).
    Crossed {
        /// The edited user.
        other: usize,
        /// The two users' order now, explained.
        explanation: Explanation,
    },
    /// N changed.
    UserCount {
        /// Baseline N.
        old: u32,
        /// N now.
        new: u32,
    },
    /// The tie rule differs from the baseline's.
    TieRule,
}

/// The whole comparison.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WhatIfDiff {
    /// Users whose rank changed, by |Δ| (largest first), then best rank first.
    pub moved: Vec<Moved>,
    /// Users that exist now but not in the baseline.
    pub added: usize,
    /// Users of the baseline that no longer exist.
    pub removed: usize,
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

fn lf_of(tree: &AssocTree, run: &FairTreeRun, id: AssocId) -> Option<Option<LongDouble>> {
    let ix = tree.position(id)?;
    Some(run.assocs.get(ix)?.level_fs)
}

/// The users whose association differs from the baseline's (new ones included).
fn edited_users(base: &AssocTree, cur: &AssocTree) -> Vec<usize> {
    cur.assocs()
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_user())
        .filter(|(_, a)| base.get(a.id) != Some(*a))
        .map(|(ix, _)| ix)
        .collect()
}

/// Compares the scenario on screen (`cur`, with its hierarchy `h` and `run`) with the baseline.
pub fn what_if(
    base: &Scenario,
    base_run: &FairTreeRun,
    cur: &Scenario,
    h: &Hierarchy,
    run: &FairTreeRun,
) -> WhatIfDiff {
    let (bt, ct) = (&base.tree, &cur.tree);
    let edited = edited_users(bt, ct);
    let edited_user = match edited.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let mut diff = WhatIfDiff::default();
    for (ix, a) in ct.assocs().iter().enumerate() {
        if !a.is_user() {
            continue;
        }
        let Some(now) = run.assocs.get(ix) else {
            continue;
        };
        let Some(before) = bt.position(a.id).and_then(|b| base_run.assocs.get(b)) else {
            diff.added += 1;
            continue;
        };
        let (Some(old_rank), Some(new_rank)) = (before.rank, now.rank) else {
            continue;
        };
        if old_rank == new_rank {
            continue;
        }
        diff.moved.push(Moved {
            id: a.id,
            ix,
            old_rank,
            new_rank,
            old_fairshare: before.fairshare.unwrap_or(0.0),
            new_fairshare: now.fairshare.unwrap_or(0.0),
            reason: reason(base, base_run, cur, h, run, ix, edited_user),
        });
    }
    diff.removed = bt
        .assocs()
        .iter()
        .filter(|a| a.is_user() && ct.get(a.id).is_none())
        .count();
    diff.moved.sort_by(|a, b| {
        b.delta()
            .abs()
            .cmp(&a.delta().abs())
            .then(b.new_rank.cmp(&a.new_rank))
    });
    diff
}

fn reason(
    base: &Scenario,
    base_run: &FairTreeRun,
    cur: &Scenario,
    h: &Hierarchy,
    run: &FairTreeRun,
    x: usize,
    edited_user: Option<usize>,
) -> Option<Reason> {
    let (bt, ct) = (&base.tree, &cur.tree);
    let id = |ix: usize| ct.assocs().get(ix).map(|a| a.id);
    // The path in the fairshare tree, root first.
    let mut path: Vec<usize> = std::iter::once(x).chain(h.fs_ancestors(x)).collect();
    path.reverse();
    let highest_change = path.windows(2).find_map(|w| {
        let (parent, child) = (w[0], w[1]);
        let new = run.assocs.get(child)?.level_fs;
        let old = id(child).and_then(|c| lf_of(bt, base_run, c)).flatten();
        (old != new).then_some((parent, child, old, new))
    });
    let crossed = edited_user.filter(|&e| e != x).and_then(|e| {
        let before = |ix: usize| {
            let b = bt.position(id(ix)?)?;
            base_run.assocs.get(b)?.visit
        };
        let (bx, be) = (before(x)?, before(e)?);
        let (nx, ne) = (run.assocs.get(x)?.visit?, run.assocs.get(e)?.visit?);
        if (bx < be) == (nx < ne) {
            return None;
        }
        let explanation = explain(h, run, x, e).ok()?;
        let at_or_above = match highest_change {
            Some((parent, ..)) => h.depth.get(explanation.common_ancestor) <= h.depth.get(parent),
            None => true,
        };
        at_or_above.then_some(Reason::Crossed {
            other: e,
            explanation,
        })
    });
    if crossed.is_some() {
        return crossed;
    }
    if let Some((parent, child, old, new)) = highest_change {
        return Some(if child == x {
            Reason::Own { parent, old, new }
        } else {
            Reason::Ancestor {
                account: child,
                parent,
                old,
                new,
            }
        });
    }
    if base_run.n_users != run.n_users {
        return Some(Reason::UserCount {
            old: base_run.n_users,
            new: run.n_users,
        });
    }
    (base_run.tie_rule != run.tie_rule).then_some(Reason::TieRule)
}

impl WhatIfDiff {
    /// The rows as text in `lang`, names from the current tree.
    pub fn rows(&self, tree: &AssocTree, lang: Lang) -> Vec<Row> {
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
                        ("old", &m.old_rank.to_string()),
                        ("new", &m.new_rank.to_string()),
                        ("old_fs", &number(m.old_fairshare)),
                        ("new_fs", &number(m.new_fairshare)),
                    ],
                );
                let reason = match &m.reason {
                    None => String::new(),
                    Some(Reason::Own { parent, old, new }) => WhatIfMsg::ReasonOwn.fill(
                        lang,
                        &[
                            ("parent", &name(*parent)),
                            ("old", &lf(*old)),
                            ("new", &lf(*new)),
                        ],
                    ),
                    Some(Reason::Ancestor {
                        account,
                        parent,
                        old,
                        new,
                    }) => WhatIfMsg::ReasonAncestor.fill(
                        lang,
                        &[
                            ("account", &name(*account)),
                            ("parent", &name(*parent)),
                            ("old", &lf(*old)),
                            ("new", &lf(*new)),
                        ],
                    ),
                    Some(Reason::Crossed { other, explanation }) => {
                        let e = explanation;
                        let msg = if e.first.user == m.ix {
                            WhatIfMsg::ReasonCrossedAbove
                        } else {
                            WhatIfMsg::ReasonCrossedBelow
                        };
                        let side_lf = |s: &fairshare::explain::Side| {
                            if s.child_is_parent_shares {
                                crate::messages::compare::CompareMsg::LfParent
                                    .text(lang)
                                    .to_string()
                            } else {
                                lf(s.child_level_fs)
                            }
                        };
                        msg.fill(
                            lang,
                            &[
                                ("other", &name(*other)),
                                ("ancestor", &name(e.common_ancestor)),
                                ("first", &name(e.first.child)),
                                ("lf1", &side_lf(&e.first)),
                                ("second", &name(e.second.child)),
                                ("lf2", &side_lf(&e.second)),
                            ],
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
    use fairshare::{Shares, TieRule, fair_tree};

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
        let base_run = fair_tree::run(&base.tree);
        let mut cur = base.clone();
        cur.tree = edit(&base.tree);
        let h = Hierarchy::new(&cur.tree);
        let run = fair_tree::run_with(&cur.tree, &h, rule);
        let d = what_if(&base, &base_run, &cur, &h, &run);
        (cur, d)
    }

    fn ix(s: &Scenario, id: u32) -> usize {
        s.tree.position(AssocId(id)).unwrap()
    }

    #[test]
    fn nothing_moves_without_an_edit() {
        let (_, d) = diff_after(Clone::clone, TieRule::Slurm);
        assert_eq!(d, WhatIfDiff::default());
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
        assert!(me.delta() < 0, "me moved down: {me:?}");
        // The highest change on my path is bio's Level FS under root.
        assert_eq!(
            me.reason.as_ref().map(|r| match r {
                Reason::Ancestor {
                    account, parent, ..
                } => (*account, *parent),
                other => panic!("{other:?}"),
            }),
            Some((ix(&cur, 2), ix(&cur, 1)))
        );
        // geo's users crossed the labmate at root: explain names root and the pair.
        let g1 = d.moved.iter().find(|m| m.id == AssocId(31)).unwrap();
        let Some(Reason::Crossed { explanation, other }) = &g1.reason else {
            panic!("{:?}", g1.reason)
        };
        assert_eq!(*other, ix(&cur, 22));
        assert_eq!(explanation.common_ancestor, ix(&cur, 1));
        assert_eq!(explanation.first.child, ix(&cur, 3));
        let rows = d.rows(&cur.tree, Lang::En);
        let g1_row = rows.iter().find(|r| r.id == AssocId(31)).unwrap();
        assert!(g1_row.delta_text.starts_with('↑'));
        assert!(
            g1_row
                .reason
                .starts_with("Now above labmate: under root, geo (Level FS "),
            "{}",
            g1_row.reason
        );
        let me_row = rows.iter().find(|r| r.id == AssocId(21)).unwrap();
        assert!(
            me_row.text.starts_with("me in bio: rank "),
            "{}",
            me_row.text
        );
        assert!(me_row.reason.starts_with("bio's Level FS under root went "));
        // Sorted by |Δ|, largest first.
        let deltas: Vec<i64> = d.moved.iter().map(|m| m.delta().abs()).collect();
        assert!(deltas.windows(2).all(|w| w[0] >= w[1]), "{deltas:?}");
    }

    #[test]
    fn an_own_edit_is_its_own_reason() {
        let (cur, d) = diff_after(
            |t| t.with_usage(AssocId(32), LongDouble::ZERO).unwrap(),
            TieRule::Slurm,
        );
        let g2 = d.moved.iter().find(|m| m.id == AssocId(32)).unwrap();
        // g2 now has no usage: geo's LF changes at root first (highest), which is the reason.
        assert!(
            matches!(g2.reason, Some(Reason::Ancestor { account, .. }) if account == ix(&cur, 3))
        );
        let rows = d.rows(&cur.tree, Lang::Ja);
        assert!(rows.iter().all(|r| !r.reason.is_empty()));
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
        assert!(!d.moved.is_empty(), "N grew, so ranks shifted");
        for m in &d.moved {
            assert!(m.reason.is_some(), "{m:?}");
        }
        let _ = cur;
        let (_, removed) = diff_after(|t| t.without(AssocId(21)).unwrap(), TieRule::Slurm);
        assert_eq!(removed.removed, 1);
    }

    #[test]
    fn the_documented_rule_is_named_when_it_is_the_only_change() {
        let tied = crate::presets::by_id("tied-accounts").unwrap().scenario();
        let base_run = fair_tree::run(&tied.tree);
        let h = Hierarchy::new(&tied.tree);
        let run = fair_tree::run_with(&tied.tree, &h, TieRule::Documented);
        let d = what_if(&tied, &base_run, &tied, &h, &run);
        assert!(
            !d.moved.is_empty(),
            "the preset's ranks differ between the rules"
        );
        assert!(d.moved.iter().all(|m| m.reason == Some(Reason::TieRule)));
    }
}
