//! `<WhatIf/>`: "who moved and why" against the what-if baseline.
//!
//! Users are matched by association id between `AppState::baseline` and the scenario on screen
//! (ids survive every edit). Each user whose rank changed is listed with ↑/↓ and Δ, old → new
//! rank and FairShare, sorted by |Δ|, with a one-line reason where the two runs give one. The
//! reason is found by walking the user's path in the fairshare tree from the root down, and
//! stopping at the first level where something that decides ranks changed:
//!
//! 1. the siblings visited before the path's child changed: it was passed by (or passed) a
//!    sibling. `fairshare::explain`, run against a user under that sibling (the edited user if
//!    it is there), names the rule that orders the pair now; the Level FS of both, old → new;
//! 2. the child started, or stopped, sharing a rank with the entry before it (a tie).
//!
//! Where no level changed, N did (FairShare = rank / N), or only the tie rule differs.
//!
//! The comparison is a pure function ([`what_if`]); the component only lays it out.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use fairshare::explain::{Deciding, explain};
use fairshare::fair_tree::FairTreeRun;
use fairshare::{AssocId, AssocTree, Hierarchy, LongDouble, Scenario};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::inspector::facts::{level_fs_number, number};
use crate::messages::compare::CompareMsg;
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
    /// Place in the baseline's ranking counted from the top (1 = first served).
    pub old_position: u32,
    /// Place in the ranking now, counted from the top.
    pub new_position: u32,
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
    /// Under `parent`, the path's `child` and its sibling `other` changed order.
    Crossed {
        /// The common parent (the first common ancestor of the user and `other`'s users).
        parent: usize,
        /// The user's ancestor-or-self below `parent`.
        child: usize,
        /// The sibling it passed, or that passed it.
        other: usize,
        /// Whether `child` now goes before `other`.
        now_ahead: bool,
        /// `child`'s Level FS, baseline → now.
        child_lf: (Option<LongDouble>, Option<LongDouble>),
        /// `other`'s Level FS, baseline → now.
        other_lf: (Option<LongDouble>, Option<LongDouble>),
        /// The rule that orders them now, from `fairshare::explain` (when `other` has users).
        deciding: Option<Deciding>,
    },
    /// Under `parent`, `child` started (or stopped) sharing a rank with the entry before it.
    Tie {
        /// The parent.
        parent: usize,
        /// The user's ancestor-or-self below it.
        child: usize,
        /// Whether it is tied now.
        tied: bool,
    },
    /// N changed.
    UserCount {
        /// Baseline N.
        old: u32,
        /// N now.
        new: u32,
    },
    /// The tie rule differs from the baseline's (and nothing else does).
    TieRule,
}

/// The whole comparison.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WhatIfDiff {
    /// Users whose rank changed, by |Δ| (largest first), then best rank first. The first
    /// [`SHOWN`] carry a reason.
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

/// The baseline position of the association at current position `ix` (edits rarely move
/// positions, so the same position is tried before the id index).
fn base_position(base: &AssocTree, ix: usize, id: AssocId) -> Option<usize> {
    match base.assocs().get(ix) {
        Some(a) if a.id == id => Some(ix),
        _ => base.position(id),
    }
}

/// The users whose association differs from the baseline's (new ones included).
fn edited_users(base: &AssocTree, cur: &AssocTree) -> Vec<usize> {
    cur.assocs()
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_user())
        .filter(|(ix, a)| {
            base_position(base, *ix, a.id).and_then(|b| base.assocs().get(b)) != Some(*a)
        })
        .map(|(ix, _)| ix)
        .collect()
}

/// At most this many rows are listed (largest moves first) and given a reason.
pub const SHOWN: usize = 200;

/// Compares the scenario on screen (`cur`, with its hierarchy `h` and `run`) with the baseline.
pub fn what_if(
    base: &Scenario,
    base_run: &FairTreeRun,
    cur: &Scenario,
    h: &Hierarchy,
    run: &FairTreeRun,
) -> WhatIfDiff {
    let (bt, ct) = (&base.tree, &cur.tree);
    let runs = Runs {
        base,
        base_run,
        cur,
        h,
        run,
        same_tree: bt == ct,
        levels: RefCell::new(HashMap::new()),
    };
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
        let Some(base_ix) = base_position(bt, ix, a.id) else {
            diff.added += 1;
            continue;
        };
        let Some(before) = base_run.assocs.get(base_ix) else {
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
            old_position: base_run.position(base_ix).unwrap_or_default(),
            new_position: run.position(ix).unwrap_or_default(),
            old_fairshare: before.fairshare.unwrap_or(0.0),
            new_fairshare: now.fairshare.unwrap_or(0.0),
            reason: None,
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
    // Reasons only for the rows shown: each may call `explain`, which is linear in a sibling
    // list, and a big import can move every one of 100 000 users.
    for m in diff.moved.iter_mut().take(SHOWN) {
        m.reason = reason(&runs, m.ix, edited_user);
    }
    diff
}

/// The baseline and current runs with their trees, for looking one up by the other's ids.
struct Runs<'a> {
    base: &'a Scenario,
    base_run: &'a FairTreeRun,
    cur: &'a Scenario,
    h: &'a Hierarchy,
    run: &'a FairTreeRun,
    /// Whether the trees are equal (so only the tie rule can differ).
    same_tree: bool,
    /// Per parent (current position): its children's order now and in the baseline, built once
    /// and shared by every user below it (a big what-if stays linear, not quadratic).
    levels: RefCell<HashMap<usize, Rc<Level>>>,
}

/// One parent's sorted children, now and in the baseline, indexed by association id.
struct Level {
    /// Position of each child in the current order.
    now: HashMap<AssocId, usize>,
    /// The current order (positions in the current tree).
    order: Vec<usize>,
    /// `now_sets[i]`: a hash of the set of ids before position `i` (now).
    now_sets: Vec<u64>,
    /// Position of each child in the baseline order (empty if the parent is new).
    before: HashMap<AssocId, usize>,
    /// The same set hashes in the baseline.
    before_sets: Vec<u64>,
}

/// A well-mixed 64-bit hash of an id (splitmix64); sums of these hash sets of ids.
fn id_hash(id: AssocId) -> u64 {
    let mut z = u64::from(id.0).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Positions and prefix set hashes of an ordered list of ids.
fn index(ids: impl Iterator<Item = AssocId>) -> (HashMap<AssocId, usize>, Vec<u64>) {
    let mut pos = HashMap::new();
    let mut sets = vec![0u64];
    for (i, id) in ids.enumerate() {
        pos.insert(id, i);
        let last = sets[sets.len() - 1];
        sets.push(last.wrapping_add(id_hash(id)));
    }
    (pos, sets)
}

impl Runs<'_> {
    fn id(&self, ix: usize) -> Option<AssocId> {
        self.cur.tree.assocs().get(ix).map(|a| a.id)
    }

    /// The baseline's values of the association at current position `ix`.
    fn before(&self, ix: usize) -> Option<&fairshare::FairTreeAssoc> {
        let b = self.base.tree.position(self.id(ix)?)?;
        self.base_run.assocs.get(b)
    }

    fn level(&self, parent: usize) -> Rc<Level> {
        if let Some(level) = self.levels.borrow().get(&parent) {
            return Rc::clone(level);
        }
        let order = self
            .run
            .sorted_children
            .get(parent)
            .cloned()
            .unwrap_or_default();
        let (now, now_sets) = index(order.iter().filter_map(|&ix| self.id(ix)));
        let base_order = self
            .id(parent)
            .and_then(|pid| self.base.tree.position(pid))
            .and_then(|bp| self.base_run.sorted_children.get(bp));
        let assocs = self.base.tree.assocs();
        let (before, before_sets) = index(
            base_order
                .into_iter()
                .flatten()
                .filter_map(|&b| assocs.get(b).map(|a| a.id)),
        );
        let level = Rc::new(Level {
            now,
            order,
            now_sets,
            before,
            before_sets,
        });
        self.levels.borrow_mut().insert(parent, Rc::clone(&level));
        level
    }

    /// The first user Fair Tree visited below `ix` (itself if a user): the walk is depth-first,
    /// so it is the first user visited from `ix` on, if that one is under `ix`.
    fn first_user_under(&self, ix: usize) -> Option<usize> {
        let start = self.run.assocs.get(ix)?.visit? as usize;
        let user = self
            .run
            .visit_order
            .get(start..)?
            .iter()
            .copied()
            .find(|&v| self.h.is_user.get(v).copied().unwrap_or(false))?;
        (user == ix || self.h.fs_ancestors(user).any(|a| a == ix)).then_some(user)
    }

    /// `user`'s ancestor-or-self directly below `parent` in the fairshare tree, if any.
    fn below(&self, parent: usize, user: usize) -> Option<usize> {
        std::iter::once(user)
            .chain(self.h.fs_ancestors(user))
            .find(|&a| self.h.fs_parent.get(a).copied().flatten() == Some(parent))
    }
}

/// Under `parent`, did the set of siblings before `child` change? If so, the sibling that
/// changed sides (the edited user's side if it did, else the nearest one), when one still
/// exists; `Some(None)` when only added or removed siblings changed the set.
fn crossing(
    runs: &Runs,
    parent: usize,
    child: usize,
    edited_user: Option<usize>,
) -> Option<Option<usize>> {
    let level = runs.level(parent);
    let id = runs.id(child)?;
    let now = *level.now.get(&id)?;
    let same = level
        .before
        .get(&id)
        .is_some_and(|&b| b == now && level.before_sets.get(b) == level.now_sets.get(now));
    if same {
        return None;
    }
    let flipped = |s: usize| {
        let Some(sid) = runs.id(s) else { return false };
        match (
            level.now.get(&sid),
            level.before.get(&sid),
            level.before.get(&id),
        ) {
            (Some(&sn), Some(&sb), Some(&cb)) => s != child && (sn < now) != (sb < cb),
            _ => false,
        }
    };
    let edited_side = edited_user
        .and_then(|e| runs.below(parent, e))
        .filter(|&s| flipped(s));
    let nearest = || {
        (1..level.order.len()).find_map(|d| {
            [now.checked_sub(d), now.checked_add(d)]
                .into_iter()
                .flatten()
                .filter_map(|p| level.order.get(p).copied())
                .find(|&s| flipped(s))
        })
    };
    Some(edited_side.or_else(nearest))
}

fn reason(runs: &Runs, x: usize, edited_user: Option<usize>) -> Option<Reason> {
    let (h, run) = (runs.h, runs.run);
    if runs.same_tree && runs.base_run.tie_rule != run.tie_rule {
        return Some(Reason::TieRule);
    }
    let mut path: Vec<usize> = std::iter::once(x).chain(h.fs_ancestors(x)).collect();
    path.reverse();
    for w in path.windows(2) {
        let (parent, child) = (w[0], w[1]);
        let lf_now = |ix: usize| run.assocs.get(ix).and_then(|a| a.level_fs);
        let lf_before = |ix: usize| runs.before(ix).and_then(|a| a.level_fs);
        if let Some(Some(other)) = crossing(runs, parent, child, edited_user) {
            let level = runs.level(parent);
            let pos = |ix: usize| runs.id(ix).and_then(|id| level.now.get(&id).copied());
            let now_ahead = pos(child) < pos(other);
            let user = edited_user
                .filter(|&e| runs.below(parent, e) == Some(other))
                .or_else(|| runs.first_user_under(other));
            let deciding = user
                .and_then(|u| explain(h, run, x, u).ok())
                .filter(|e| e.common_ancestor == parent)
                .map(|e| e.deciding);
            return Some(Reason::Crossed {
                parent,
                child,
                other,
                now_ahead,
                child_lf: (lf_before(child), lf_now(child)),
                other_lf: (lf_before(other), lf_now(other)),
                deciding,
            });
        }
        let tied_now = run.assocs.get(child).is_some_and(|a| a.tie.is_some());
        let tied_before = runs.before(child).is_some_and(|a| a.tie.is_some());
        if tied_now != tied_before {
            return Some(Reason::Tie {
                parent,
                child,
                tied: tied_now,
            });
        }
    }
    if runs.base_run.n_users != run.n_users {
        return Some(Reason::UserCount {
            old: runs.base_run.n_users,
            new: run.n_users,
        });
    }
    (runs.base_run.tie_rule != run.tie_rule).then_some(Reason::TieRule)
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

impl WhatIfDiff {
    /// The first [`SHOWN`] rows as text in `lang`, names from the current tree.
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
    /// gets a reason. It prints the time taken (no bound is asserted: timing belongs in the
    /// note, not in a test); `--release -- --nocapture` gives the figure the app sees.
    #[test]
    fn what_if_on_100k_associations_gives_every_row_a_reason() {
        let base = fairshare::r#gen::scenario(100_000, 7);
        let base_run = fair_tree::run(&base.tree);
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
        let h = Hierarchy::new(&cur.tree);
        let run = fair_tree::run_with(&cur.tree, &h, TieRule::Slurm);
        let started = std::time::Instant::now();
        let d = what_if(&base, &base_run, &cur, &h, &run);
        let rows = d.rows(&cur.tree, Lang::En);
        let took = started.elapsed();
        eprintln!(
            "{} moved, {} rows, what_if + rows: {took:?}",
            d.moved.len(),
            rows.len()
        );
        assert!(!rows.is_empty());
        assert!(rows.iter().all(|r| !r.reason.is_empty()));
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
