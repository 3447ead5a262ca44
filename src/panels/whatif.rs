//! `<WhatIf/>`: "who moved and why" against the what-if baseline.
//!
//! The comparison is the engine's [`fairshare::diff`] (who moved, by how much, and the first
//! level on the user's path whose order changed); this module only words it and lays it out.

use std::sync::{Arc, Weak};

use fairshare::diff::LfChange;
use fairshare::explain::Deciding;
use fairshare::{AssocId, AssocTree, LongDouble, Ranked};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::compare::CompareMsg;
use crate::messages::inspector::WhatIfMsg;
use crate::messages::{Lang, Message};
use crate::panels::inspector::facts::{level_fs_number, number};
use crate::panels::snapshot_panel::SnapshotPanel;
use crate::panels::timeline_panel::TimelinePanel;
use crate::state::AppState;
use crate::widgets::when::When;

/// The What if region: the list and the reset button.
#[component]
pub fn WhatIf() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    // A timeline's step is diffed once, by the timeline (a scrubber step diffs nothing again),
    // and shared with it (a step copies none of its moves).
    // A new diff is never compared with the old one (O(moved) for what is almost never equal).
    let diff = Memo::new_with_compare(
        move |_| {
            state.baseline_ranked().with(|base| {
                state.ranked().with(|cur| {
                    state
                        .timeline_moves(base, cur)
                        .unwrap_or_else(|| Arc::new(what_if(base, cur)))
                })
            })
        },
        |_: Option<&Arc<WhatIfDiff>>, _: Option<&Arc<WhatIfDiff>>| true,
    );
    // The list starts with the first `FIRST_ROWS` rows (a screenful: a timeline step rewrites
    // them all, and building 200 rows of text cost more than the step's own work); the button
    // after it lists the rest, and the list stays whole from then on.
    let whole = RwSignal::new(false);
    let count = move |d: &WhatIfDiff| listed(d.moved.len(), whole.get());
    // A moment that lists no one (a timeline's first day, a reset baseline) hides the list and
    // keeps its rows (hidden, out of the accessibility tree): the next step rewrites their texts
    // in place rather than building them again, and a step back to the same rows changes nothing.
    // A step back to rows worded a moment ago (the same diff of the same tree) words nothing.
    let worded = StoredValue::new(WordedFrom::default());
    let rows = Memo::new_owning(move |kept: Option<Vec<Row>>| {
        let lang = i18n.lang();
        diff.with(|d| {
            let n = count(d);
            state.scenario().with(|s| {
                worded
                    .try_update_value(|w| next_rows(kept, w, d, &s.tree, lang, n))
                    .unwrap_or_default()
            })
        })
    });
    let none = Memo::new(move |_| diff.with(|d| d.moved.is_empty()));
    let rest = Memo::new(move |_| diff.with(|d| d.moved.len().min(SHOWN) - count(d)));
    let rest_label = Memo::new(move |kept: Option<&String>| match (rest.get(), kept) {
        (0, Some(kept)) => kept.clone(),
        (n, _) => WhatIfMsg::ShowRest.fill(
            i18n.lang(),
            &[("rest", &fairshare::format::grouped(n as u64))],
        ),
    });
    let unchanged =
        Memo::new(move |_| state.baseline().with(|b| state.scenario().with(|s| b == s)));
    let summary = move || {
        diff.with(|d| {
            let lang = i18n.lang();
            let mut text = if d.moved.is_empty() {
                WhatIfMsg::Empty.text(lang).to_string()
            } else {
                WhatIfMsg::Summary.fill(
                    lang,
                    &[("n", &fairshare::format::grouped(d.moved.len() as u64))],
                )
            };
            if d.moved.len() > SHOWN {
                text.push(' ');
                text.push_str(&WhatIfMsg::More.fill(
                    lang,
                    &[("shown", &fairshare::format::grouped(SHOWN as u64))],
                ));
            }
            if d.added + d.removed > 0 {
                text.push(' ');
                text.push_str(&WhatIfMsg::AddedRemoved.fill(
                    lang,
                    &[
                        ("added", &fairshare::format::grouped(d.added as u64)),
                        ("removed", &fairshare::format::grouped(d.removed as u64)),
                    ],
                ));
            }
            text
        })
    };
    let timeline_shown = Memo::new(move |_| state.timeline().with(Option::is_some));
    view! {
        <section class="ft-panel ft-whatif" role="region" aria-label=i18n.t(WhatIfMsg::Region)>
            <h2 class="ft-panel__title">{i18n.t(WhatIfMsg::Region)}</h2>
            // The reason for the step sits under the scrubber that picks it; without a timeline
            // (nothing loaded, or a before snapshot alone), at the top.
            <TimelinePanel>
                <SnapshotPanel nested=true />
            </TimelinePanel>
            <When when=move || !timeline_shown.get()>
                <SnapshotPanel />
            </When>
            <p class="ft-whatif__summary" role="status">{move || summary()}</p>
            <ol class="ft-whatif__list" aria-label=i18n.t(WhatIfMsg::List) hidden=move || none.get()>
                {move || rows.with(|rows| rows.iter().map(|row| view! {
                    <li class="ft-whatif__row" data-assoc-id=row.id.0 data-delta=row.delta>
                        <span class=row.direction_class()>{row.delta_text.clone()}</span>
                        " "
                        <span>{row.text.clone()}</span>
                        <span class="ft-whatif__reason">{row.reason.clone()}</span>
                    </li>
                }.into_any()).collect::<Vec<_>>())}
            </ol>
            // Kept (hidden) while there is no rest, as the rows are: a step does not build it again.
            <p class="ft-button-row" hidden=move || rest.get() == 0>
                <button type="button" class="ft-button" on:click=move |_| whole.set(true)>
                    {move || rest_label.get()}
                </button>
            </p>
            <button type="button" class="ft-button" title=i18n.t(WhatIfMsg::ResetHelp)
                on:click=move |_| state.reset_baseline() disabled=move || unchanged.get()>
                {i18n.t(WhatIfMsg::ResetBaseline)}
            </button>
        </section>
    }
}

pub use fairshare::diff::{Moved, Reason, RunDiff as WhatIfDiff};

/// At most this many rows are listed (largest moves first) and given a reason: as many as a
/// timeline's step explains, so the list of a step is the timeline's.
pub const SHOWN: usize = fairshare::timeline::EXPLAINED;

/// The rows listed before the list is asked for whole: more than a screenful of the panel.
pub const FIRST_ROWS: usize = 30;

/// How many of `moved` rows the list holds: the first [`FIRST_ROWS`], or up to [`SHOWN`] once
/// asked for whole.
pub fn listed(moved: usize, whole: bool) -> usize {
    moved.min(if whole { SHOWN } else { FIRST_ROWS })
}

/// What the What-if list's rows were last worded from: the diff (by address, held as a `Weak`,
/// which keeps it from being reused), the tree whose names they give, the language and how many.
#[derive(Default)]
pub struct WordedFrom {
    from: Option<(Weak<WhatIfDiff>, AssocTree, Lang, usize)>,
    /// How many times rows were worded (for tests).
    pub times: usize,
}

/// The list's rows after `kept` (the rows it holds): the first `n` moves of `diff` worded in
/// `lang` with `tree`'s names, and whether they differ from `kept`. A moment that lists no one
/// keeps the rows (the list hides them, and a step back shows them again as they were); rows
/// last worded from this very diff, tree, language and count are `kept` itself, worded again
/// by nobody (a timeline's scrubber moved back and forth shows the timeline's own diff of each
/// step again, with that snapshot's tree).
pub fn next_rows(
    kept: Option<Vec<Row>>,
    from: &mut WordedFrom,
    diff: &Arc<WhatIfDiff>,
    tree: &AssocTree,
    lang: Lang,
    n: usize,
) -> (Vec<Row>, bool) {
    let same = from.from.as_ref().is_some_and(|(d, t, l, k)| {
        std::ptr::eq(d.as_ptr(), Arc::as_ptr(diff))
            && t.is_shared_with(tree)
            && *l == lang
            && *k == n
    });
    match kept {
        Some(kept) if n == 0 || same => (kept, false),
        kept => {
            from.times += 1;
            from.from = Some((Arc::downgrade(diff), tree.clone(), lang, n));
            let now = diff.rows_up_to(tree, lang, n);
            let changed = kept.as_ref() != Some(&now);
            (now, changed)
        }
    }
}

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
    fn rows(&self, tree: &AssocTree, lang: Lang) -> Vec<Row> {
        self.rows_up_to(tree, lang, SHOWN)
    }

    /// The first `n` rows (at most [`SHOWN`]): only what is listed is worded.
    fn rows_up_to(&self, tree: &AssocTree, lang: Lang, n: usize) -> Vec<Row>;
}

impl WhatIfRows for WhatIfDiff {
    fn rows_up_to(&self, tree: &AssocTree, lang: Lang, n: usize) -> Vec<Row> {
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
            .take(n.min(SHOWN))
            .map(|m| {
                let delta = m.delta();
                let magnitude = fairshare::format::grouped(delta.unsigned_abs());
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
                        ("old", &fairshare::format::grouped(m.old_position.into())),
                        ("new", &fairshare::format::grouped(m.new_position.into())),
                        ("old_fs", &number(m.old_fairshare)),
                        ("new_fs", &number(m.new_fairshare)),
                    ],
                );
                let reason = match &m.reason {
                    None => String::new(),
                    Some(
                        reason @ Reason::Crossed {
                            parent,
                            other,
                            now_ahead,
                            deciding,
                            ..
                        },
                    ) => {
                        let change = |(old, new): LfChange| {
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
                        let msg = if *now_ahead {
                            WhatIfMsg::ReasonCrossedAbove
                        } else {
                            WhatIfMsg::ReasonCrossedBelow
                        };
                        let [(first, lf1), (second, lf2)] =
                            reason.crossed_in_order().expect("a crossing");
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
                        &[
                            ("old", &fairshare::format::grouped((*old).into())),
                            ("new", &fairshare::format::grouped((*new).into())),
                        ],
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
    //! The rows' wording after typical edits, one of each kind of reason, is the snapshot
    //! `src/snapshots/what_if_rows.txt` (src/snapshot_tests.rs); who moved and why is the
    //! engine's, tested in `fairshare::diff`.

    use super::*;
    use fairshare::TieRule;

    /// A generated 100 000-association tree where a big user's usage changes: every row shown
    /// gets a reason. (How long it takes is the benchmarks' business, not a test's.)
    #[test]
    fn what_if_on_100k_associations_gives_every_row_a_reason() {
        let base = fairshare::r#gen::scenario(100_000, 7);
        let base_ranked = fairshare::Ranked::new(&base.tree, TieRule::Slurm);
        let mut cur = base.clone();
        cur.tree = fairshare::r#gen::heaviest_user_idle(&base.tree).unwrap();
        let ranked = fairshare::Ranked::new(&cur.tree, TieRule::Slurm);
        let d = what_if(&base_ranked, &ranked);
        let rows = d.rows(&cur.tree, Lang::En);
        assert!(!rows.is_empty());
        assert!(rows.iter().all(|r| !r.reason.is_empty()));
        // The list starts with the first rows only, worded alike; asked for whole, all of them.
        assert!(d.moved.len() > FIRST_ROWS);
        let first = d.rows_up_to(&cur.tree, Lang::En, listed(d.moved.len(), false));
        assert_eq!(first.len(), FIRST_ROWS);
        assert_eq!(first[..], rows[..FIRST_ROWS]);
        let whole = d.rows_up_to(&cur.tree, Lang::En, listed(d.moved.len(), true));
        assert_eq!(whole, rows);
        // Rank moves read grouped (`up 12,345`), as every count does: no run of four digits.
        let far = rows.iter().map(|r| r.delta.unsigned_abs()).max().unwrap();
        assert!(far >= 1_000, "{far}");
        for r in &rows {
            let runs = r.delta_text.split(|c: char| !c.is_ascii_digit());
            assert!(runs.clone().all(|d| d.len() <= 3), "{}", r.delta_text);
        }
    }

    /// A timeline's scrubber moved back and forth shows the timeline's own diff of a step
    /// again with that snapshot's tree: its rows are taken back, not worded again; a moment that
    /// lists no one keeps them; another language or another diff words them afresh.
    #[test]
    fn a_step_back_to_the_same_diff_words_no_row() {
        let base = fairshare::r#gen::scenario(2_000, 7);
        let base_ranked = fairshare::Ranked::new(&base.tree, TieRule::Slurm);
        let tree = fairshare::r#gen::heaviest_user_idle(&base.tree).unwrap();
        let ranked = fairshare::Ranked::new(&tree, TieRule::Slurm);
        let step = Arc::new(what_if(&base_ranked, &ranked));
        let n = listed(step.moved.len(), false);
        assert!(n > 0);
        let mut from = WordedFrom::default();
        let (first, changed) = next_rows(None, &mut from, &step, &tree, Lang::En, n);
        assert!(changed);
        assert_eq!(first, step.rows_up_to(&tree, Lang::En, n));
        // The first day of a timeline lists no one: the rows are kept, hidden.
        let none = Arc::new(what_if(&base_ranked, &base_ranked));
        let (kept, changed) = next_rows(
            Some(first.clone()),
            &mut from,
            &none,
            &base.tree,
            Lang::En,
            0,
        );
        assert!(!changed);
        assert_eq!(kept, first);
        // Back to the step: the same rows, not worded again.
        let (back, changed) = next_rows(Some(kept), &mut from, &step, &tree, Lang::En, n);
        assert!(!changed);
        assert_eq!(back, first);
        assert_eq!(from.times, 1, "worded once");
        // Another language words them again.
        let (ja, changed) = next_rows(Some(back), &mut from, &step, &tree, Lang::Ja, n);
        assert!(changed);
        assert_eq!(ja, step.rows_up_to(&tree, Lang::Ja, n));
        // So does another diff, even an equal one (its rows are then unchanged).
        let copy = Arc::new((*step).clone());
        let (en, _) = next_rows(Some(ja), &mut from, &step, &tree, Lang::En, n);
        let (again, changed) = next_rows(Some(en), &mut from, &copy, &tree, Lang::En, n);
        assert!(!changed);
        assert_eq!(again, first);
        assert_eq!(from.times, 4);
    }

    #[test]
    fn the_list_starts_with_a_screenful() {
        assert_eq!(listed(5, false), 5);
        assert_eq!(listed(5, true), 5);
        assert_eq!(listed(1000, false), FIRST_ROWS);
        assert_eq!(listed(1000, true), SHOWN);
    }
}
