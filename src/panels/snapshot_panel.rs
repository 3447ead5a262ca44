//! `<SnapshotPanel/>` (at the top of the What-if panel, whose baseline the before snapshot is;
//! inside the Timeline region, under its scrubber, while a timeline is loaded): while a before snapshot is loaded, the selected user's move since it (old
//! and new position and FairShare) and why, at the deciding level: who passed whom, each side's
//! usage and shares change, and the parts of the change in ln Level FS (the engine's
//! `fairshare::snapshot::why`). Pure texts here ([`move_text`], [`move_view`]); every number
//! comes from the engine and `fairshare::format`.

use fairshare::diff::{PlaceMove, Reason, RunDiff};
use fairshare::format::{compact, fixed, grouped, percent};
use fairshare::snapshot::{Side, Why, position_before, why_of};
use fairshare::{AssocTree, Ranked, sshare};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::snapshot::SnapshotMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;

/// A user's move in words: "up 1,352 places", "down 3 places", "same place as before", "not in
/// the before snapshot" (positions: 1 = first served).
/// The engine classifies the move ([`PlaceMove::between`]); this only words it.
pub fn move_text(old: Option<u32>, new: Option<u32>, lang: Lang) -> String {
    match PlaceMove::between(old, new) {
        PlaceMove::New => SnapshotMsg::MoveNew.text(lang).to_string(),
        PlaceMove::Up(n) => SnapshotMsg::MoveUp.fill(lang, &[("n", &grouped(u64::from(n)))]),
        PlaceMove::Down(n) => SnapshotMsg::MoveDown.fill(lang, &[("n", &grouped(u64::from(n)))]),
        PlaceMove::Same => SnapshotMsg::MoveNone.text(lang).to_string(),
    }
}

/// What the panel says about one user.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveView {
    /// "alice: position 1 → 3, FairShare 1 → 0.5 (down 2 places)."
    pub summary: String,
    /// The reason, sentence by sentence.
    pub reason: Vec<String>,
}

fn name(tree: &AssocTree, ix: usize) -> String {
    tree.assocs()
        .get(ix)
        .map(|a| a.name().to_string())
        .unwrap_or_default()
}

/// The move and reason of the user at position `ix` of `after`, against `before` (numbered with
/// `after`'s ids); `None` for an association that is not a user. `moves`, when given, is
/// `run_diff(before, after, _)` (the step's moves), where the reason is looked up rather than
/// found by comparing the trees again.
pub fn move_view(
    before: &Ranked,
    after: &Ranked,
    moves: Option<&RunDiff>,
    ix: usize,
    lang: Lang,
) -> Option<MoveView> {
    let tree = after.tree();
    if !tree.assocs().get(ix)?.is_user() {
        return None;
    }
    let old = position_before(before, after, ix);
    let new = after.run().position(ix);
    let fs = |r: &Ranked, i: Option<usize>| {
        i.and_then(|i| r.run().assocs().get(i)?.fairshare)
            .map_or_else(String::new, |v| {
                fairshare::format::trim_fixed(&sshare::format_double(v))
            })
    };
    let b = before.tree().position(tree.assocs()[ix].id);
    let dash = "–".to_string();
    let summary = SnapshotMsg::UserMove.fill(
        lang,
        &[
            ("name", &name(tree, ix)),
            (
                "old",
                &old.map_or_else(|| dash.clone(), |p| grouped(u64::from(p))),
            ),
            (
                "new",
                &new.map_or_else(|| dash.clone(), |p| grouped(u64::from(p))),
            ),
            (
                "old_fs",
                &Some(fs(before, b))
                    .filter(|s| !s.is_empty())
                    .unwrap_or(dash.clone()),
            ),
            ("new_fs", &fs(after, Some(ix))),
            ("move", &move_text(old, new, lang)),
        ],
    );
    let mut reason = Vec::new();
    if old.is_some() {
        let found = match moves {
            Some(d) => fairshare::diff::reason_in(d, before, after, ix),
            None => fairshare::diff::reason_for(before, after, ix),
        };
        match found {
            Some(r @ Reason::Crossed { .. }) => match why_of(before, after, &r) {
                Some(w) => reason = why_lines(tree, &w, lang),
                None => reason.push(SnapshotMsg::ReasonNone.text(lang).to_string()),
            },
            Some(Reason::Tie { parent, child, .. }) => reason.push(SnapshotMsg::ReasonTie.fill(
                lang,
                &[
                    ("parent", &name(tree, parent)),
                    ("child", &name(tree, child)),
                ],
            )),
            Some(Reason::UserCount { old, new }) => reason.push(SnapshotMsg::ReasonN.fill(
                lang,
                &[
                    ("old", &grouped(u64::from(old))),
                    ("new", &grouped(u64::from(new))),
                ],
            )),
            Some(Reason::TieRule) | None => {
                reason.push(SnapshotMsg::ReasonNone.text(lang).to_string())
            }
        }
    }
    Some(MoveView { summary, reason })
}

/// A change in ln Level FS, signed, three decimals ("0" when it rounds to nothing).
fn signed(x: f64) -> String {
    let t = fixed(x.abs(), 3);
    if t == "0.000" {
        "0".into()
    } else if x < 0.0 {
        format!("−{t}")
    } else {
        format!("+{t}")
    }
}

fn usage_line(tree: &AssocTree, s: &Side, lang: Lang) -> String {
    let n = name(tree, s.ix);
    let delta = s.usage_delta();
    let amount = compact(delta);
    match s.usage_change() {
        _ if delta == 0.0 => SnapshotMsg::UsageSame.fill(lang, &[("name", &n)]),
        None => SnapshotMsg::UsageStarted.fill(lang, &[("name", &n), ("amount", &amount)]),
        Some(c) => {
            let msg = if c > 0.0 {
                SnapshotMsg::UsageRose
            } else {
                SnapshotMsg::UsageFell
            };
            msg.fill(
                lang,
                &[("name", &n), ("pct", &percent(c)), ("amount", &amount)],
            )
        }
    }
}

fn parts_line(tree: &AssocTree, s: &Side, lang: Lang) -> String {
    let n = name(tree, s.ix);
    match s.parts {
        None => SnapshotMsg::NoParts.fill(lang, &[("name", &n)]),
        Some(p) => SnapshotMsg::Parts.fill(
            lang,
            &[
                ("name", &n),
                ("total", &signed(p.total())),
                ("own_usage", &signed(p.own_usage)),
                ("level_usage", &signed(p.siblings_usage)),
                ("own_shares", &signed(p.own_shares)),
                ("level_shares", &signed(p.siblings_shares)),
            ],
        ),
    }
}

/// The sentences of a crossing: who passed whom, each side's usage (and shares) change, the
/// level's total, and the parts of each side's change in ln Level FS.
pub fn why_lines(tree: &AssocTree, w: &Why, lang: Lang) -> Vec<String> {
    let parent = name(tree, w.parent);
    let mut lines = vec![SnapshotMsg::Passed.fill(
        lang,
        &[
            ("parent", &parent),
            ("ahead", &name(tree, w.ahead.ix)),
            ("behind", &name(tree, w.behind.ix)),
        ],
    )];
    for s in [&w.behind, &w.ahead] {
        lines.push(usage_line(tree, s, lang));
        if s.shares.0 != s.shares.1 {
            lines.push(SnapshotMsg::SharesChanged.fill(
                lang,
                &[
                    ("name", &name(tree, s.ix)),
                    ("old", &s.shares.0.to_string()),
                    ("new", &s.shares.1.to_string()),
                ],
            ));
        }
    }
    match w.ahead.parent_usage_change() {
        Some(c) if c > 0.0 => lines
            .push(SnapshotMsg::LevelRose.fill(lang, &[("parent", &parent), ("pct", &percent(c))])),
        Some(c) if c < 0.0 => lines
            .push(SnapshotMsg::LevelFell.fill(lang, &[("parent", &parent), ("pct", &percent(c))])),
        _ => {}
    }
    let (ls0, ls1) = w.ahead.level_shares;
    if ls0 != ls1 {
        lines.push(SnapshotMsg::LevelSharesChanged.fill(
            lang,
            &[
                ("parent", &parent),
                ("old", &ls0.to_string()),
                ("new", &ls1.to_string()),
            ],
        ));
    }
    lines.push(parts_line(tree, &w.ahead, lang));
    lines.push(parts_line(tree, &w.behind, lang));
    lines
}

/// What the section shows: the before snapshot's line and the selected user's move. Each is
/// kept (with `shown` or `has_move` false) while there is nothing new to show, so the section's
/// elements and texts stay for the next moment that has it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Shown {
    /// A before snapshot is loaded: the section is shown.
    shown: bool,
    /// "Before snapshot: N associations, …".
    info: String,
    /// A user is selected: `mv` is theirs (else the last one shown, hidden).
    has_move: bool,
    /// The selected user's move.
    mv: MoveView,
}

/// The selected user's move since the before snapshot, and why (shown while one is loaded).
///
/// The section is built once and kept: a moment without a before snapshot (a timeline's first
/// day, a cleared snapshot) hides it (out of the accessibility tree) and keeps its elements and
/// texts; the next moment with one rewrites the texts in place. Likewise the move and its reason
/// are kept (hidden) while no user is selected.
#[component]
pub fn SnapshotPanel(
    /// Inside the Timeline region (under its scrubber): its heading one level down.
    #[prop(optional)]
    nested: bool,
) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let view_model = Memo::new(move |kept: Option<&Shown>| {
        let lang = i18n.lang();
        let selected = state.selected().get();
        let now = state.before().with(|before| {
            let before = before.as_ref()?;
            Some(state.slurm_ranked().with(|after| {
                let ix = selected.and_then(|id| after.tree().position(id));
                // The step's moves (the tree's tags') are for this very comparison when the
                // baseline is the before snapshot (shared runs): the reason is looked up there.
                let same = |a: &Ranked, b: &Ranked| {
                    std::sync::Arc::ptr_eq(&a.shared_run(), &b.shared_run())
                };
                let for_before =
                    ix.is_some() && state.baseline_ranked().with(|b| same(b, &before.ranked));
                let info = SnapshotMsg::Loaded.fill(
                    lang,
                    &[
                        ("n", &grouped(before.ranked.tree().len() as u64)),
                        ("added", &grouped(before.added as u64)),
                        ("removed", &grouped(before.removed as u64)),
                    ],
                );
                let mv = ix.and_then(|ix| {
                    if for_before {
                        state
                            .moves()
                            .with(|d| move_view(&before.ranked, after, Some(&**d), ix, lang))
                    } else {
                        move_view(&before.ranked, after, None, ix, lang)
                    }
                });
                (info, mv)
            }))
        });
        match (now, kept) {
            (Some((info, mv)), kept) => Shown {
                shown: true,
                info,
                has_move: mv.is_some(),
                mv: mv
                    .or_else(|| kept.map(|k| k.mv.clone()))
                    .unwrap_or_default(),
            },
            (None, Some(kept)) => Shown {
                shown: false,
                ..kept.clone()
            },
            (None, None) => Shown::default(),
        }
    });
    let hidden = Memo::new(move |_| view_model.with(|v| !v.shown));
    let info = Memo::new(move |_| view_model.with(|v| v.info.clone()));
    let no_move = Memo::new(move |_| view_model.with(|v| !v.has_move));
    let summary = Memo::new(move |_| view_model.with(|v| v.mv.summary.clone()));
    let reason = Memo::new(move |_| view_model.with(|v| v.mv.reason.clone()));
    view! {
        <section class="ft-panel ft-snapshot" role="region" aria-label=i18n.t(SnapshotMsg::Heading)
            hidden=move || hidden.get()>
            {if nested {
                view! { <h4 class="ft-snapshot__title">{i18n.t(SnapshotMsg::Heading)}</h4> }.into_any()
            } else {
                view! { <h3 class="ft-snapshot__title">{i18n.t(SnapshotMsg::Heading)}</h3> }.into_any()
            }}
            <p class="ft-snapshot__info" role="status">
                {move || info.get()} " "
                <button type="button" class="ft-button" on:click=move |_| state.clear_before()>
                    {i18n.t(SnapshotMsg::Clear)}
                </button>
            </p>
            <p class="ft-snapshot__move" data-snapshot-move="" hidden=move || no_move.get()>
                {move || summary.get()}
            </p>
            <ul class="ft-snapshot__reason" data-snapshot-reason="" hidden=move || no_move.get()>
                {move || reason.with(|r| r.iter().map(|l| view! { <li>{l.clone()}</li> }).collect::<Vec<_>>())}
            </ul>
            <p class="ft-help" hidden=move || !no_move.get()>{i18n.t(SnapshotMsg::SelectUser)}</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::TieRule;

    fn ranked(labmate: &str, extra: &str) -> Ranked {
        let text = fairshare::testing::lab_json(labmate, extra);
        let imported = fairshare::import::import(&text);
        let tree = imported.scenario.expect("imports").tree;
        Ranked::new(&tree, TieRule::Slurm)
    }

    #[test]
    fn move_words() {
        assert_eq!(move_text(Some(1400), Some(48), Lang::En), "up 1,352 places");
        assert_eq!(move_text(Some(1), Some(4), Lang::En), "down 3 places");
        assert_eq!(
            move_text(Some(2), Some(2), Lang::En),
            "same place as before"
        );
        assert_eq!(
            move_text(None, Some(2), Lang::En),
            "not in the before snapshot"
        );
        assert_eq!(
            move_text(Some(1400), Some(48), Lang::Ja),
            "1,352 位上がった"
        );
    }

    #[test]
    fn the_selected_users_move_and_reason() {
        let after = ranked(
            "220",
            r#", {"id": 7, "parent": 3, "account": "geo", "user": "newbie", "shares": 1}"#,
        );
        let cmp = fairshare::snapshot::compare(ranked("20", "").tree(), &after, 0);
        let me = after
            .tree()
            .assocs()
            .iter()
            .position(|a| a.name() == "me")
            .unwrap();
        let v = move_view(&cmp.before, &after, None, me, Lang::En).unwrap();
        assert!(
            v.summary.starts_with("me: position 1 → 4, FairShare 1 → "),
            "{}",
            v.summary
        );
        assert!(v.summary.ends_with("(down 3 places)."), "{}", v.summary);
        assert_eq!(v.reason[0], "Under root, geo passed bio.");
        assert_eq!(v.reason[1], "bio's usage rose 667% (+200 TRES-seconds).");
        assert!(
            v.reason
                .iter()
                .any(|l| l.starts_with("Change in ln Level FS of bio: −"))
        );
        let ja = move_view(&cmp.before, &after, Some(&cmp.diff), me, Lang::Ja).unwrap();
        assert_eq!(ja.reason[0], "root の下で geo が bio を追い越しました。");
        let newbie = after
            .tree()
            .assocs()
            .iter()
            .position(|a| a.name() == "newbie")
            .unwrap();
        let v = move_view(&cmp.before, &after, Some(&cmp.diff), newbie, Lang::En).unwrap();
        assert!(
            v.summary.contains("not in the before snapshot"),
            "{}",
            v.summary
        );
        assert!(v.reason.is_empty());
    }
}
