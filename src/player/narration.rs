//! The one-sentence narration of the ranking animation: what the step just taken did and why.
//!
//! Pure: a frame of the run's trace, the run and the tree give a sentence, built from the
//! `PlayerMsg` templates of the chosen language. Every number comes from the engine (the step,
//! the run's values) and is printed with sshare's formatting; nothing here recomputes fairshare.
//! When a rank is reused, the sentence names the tie rule that caused it (equal Level FS, a tie
//! carried into an account, users before accounts, Slurm's unmerged tied accounts, NO_VAL).

use fairshare::fair_tree::FairTreeRun;
use fairshare::format::grouped;
use fairshare::sshare::format_double;
use fairshare::step::{Frame, OrderReason, Step, Tie};
use fairshare::{AssocTree, FairTreeAssoc};

use crate::messages::player::PlayerMsg;
use crate::messages::{Lang, Message};

/// How many names a list in a sentence shows before it is shortened with "…".
const LIST_MAX: usize = 6;

/// The name shown for the association at position `ix` (the user name for users).
pub fn name_of(tree: &AssocTree, ix: usize) -> &str {
    tree.assocs().get(ix).map_or("?", |a| a.name())
}

/// Level FS as sshare prints it (`inf` for infinity); `None` when the association has none
/// (the root and FairShare=parent accounts).
pub fn level_fs_text(assoc: &FairTreeAssoc) -> Option<String> {
    assoc.level_fs.map(|lf| format_double(lf.to_f64()))
}

/// Whether the association has a Level FS of +∞ because it has no usage (not FairShare=parent).
fn infinite_for_no_usage(assoc: &FairTreeAssoc) -> bool {
    assoc.level_fs_rule == fairshare::LevelFsRule::NoUsage
}

/// Names joined as "a, b and c", shortened to [`LIST_MAX`] names ("a, b, …, and z").
pub fn join_names(names: &[&str], lang: Lang) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [head @ .., last] => {
            let rest = if head.len() >= LIST_MAX {
                let mut shown: Vec<&str> = head[..LIST_MAX - 1].to_vec();
                shown.push("…");
                shown.join(", ")
            } else {
                head.join(", ")
            };
            PlayerMsg::ListAnd.fill(lang, &[("rest", &rest), ("last", last)])
        }
    }
}

/// The narration of `frame`: `finished` is true when the page shows the finished ranking (the
/// player's cursor is `None`), so the sentence invites to play instead of describing a step.
pub fn narrate(
    run: &FairTreeRun,
    tree: &AssocTree,
    frame: &Frame,
    finished: bool,
    lang: Lang,
) -> String {
    let n = grouped(u64::from(run.n_users()));
    // On a partial tree N counts the stand-ins for hidden users: the sentences that count say
    // how many users are printed and how many entries stand for hidden ones.
    let known = grouped(tree.n_known_users() as u64);
    let hidden = grouped(tree.n_hidden() as u64);
    let counts = [("n", n.as_str()), ("known", &known), ("hidden", &hidden)];
    if finished {
        return if tree.is_partial() {
            PlayerMsg::NarrFinishedPartial.fill(lang, &counts)
        } else {
            PlayerMsg::NarrFinished.fill(lang, &counts)
        };
    }
    let Some(step) = &frame.last else {
        return PlayerMsg::NarrReady.text(lang).to_string();
    };
    let ctx = Ctx {
        run,
        tree,
        frame,
        lang,
    };
    match step {
        Step::Started { root, n_users, .. } => {
            let msg = if tree.is_partial() {
                PlayerMsg::NarrStartedPartial
            } else {
                PlayerMsg::NarrStarted
            };
            msg.fill(
                lang,
                &[
                    ("root", ctx.name(*root)),
                    ("n", &grouped(u64::from(*n_users))),
                    ("known", &known),
                    ("hidden", &hidden),
                ],
            )
        }
        Step::AccountEntered {
            account,
            tie,
            merged,
        } => ctx.entered(*account, *tie, merged),
        Step::LevelFsComputed { parent, members } => match &members[..] {
            [child] => PlayerMsg::NarrComputedOne.fill(
                lang,
                &[("child", ctx.name(*child)), ("parent", ctx.name(*parent))],
            ),
            _ => PlayerMsg::NarrComputed.fill(
                lang,
                &[
                    ("n", &grouped(members.len() as u64)),
                    ("parent", ctx.name(*parent)),
                ],
            ),
        },
        Step::SiblingsSorted {
            parent,
            order,
            reasons,
        } => ctx.sorted(*parent, order, reasons),
        Step::UserRanked {
            user,
            rank,
            n_users,
            tie,
            ..
        } => ctx.ranked(*user, *rank, *n_users, *tie),
        Step::AccountLeft { account } => match frame.path.last() {
            Some(parent) => PlayerMsg::NarrLeft.fill(
                lang,
                &[
                    ("account", ctx.name(*account)),
                    ("parent", ctx.name(*parent)),
                ],
            ),
            None if tree.is_partial() => PlayerMsg::NarrLeftRootPartial.fill(lang, &counts),
            None => PlayerMsg::NarrLeftRoot.fill(lang, &counts),
        },
    }
}

/// What the sentence builders share.
struct Ctx<'a> {
    run: &'a FairTreeRun,
    tree: &'a AssocTree,
    frame: &'a Frame,
    lang: Lang,
}

impl Ctx<'_> {
    fn name(&self, ix: usize) -> &str {
        name_of(self.tree, ix)
    }

    fn is_user(&self, ix: usize) -> bool {
        self.tree.assocs().get(ix).is_some_and(|a| a.is_user())
    }

    fn assoc(&self, ix: usize) -> Option<&FairTreeAssoc> {
        self.run.assocs().get(ix)
    }

    /// The user ranked most recently before the step just taken.
    fn last_ranked_before(&self) -> Option<usize> {
        let end = self
            .frame
            .cursor
            .saturating_sub(1)
            .min(self.run.steps().len());
        self.run.steps()[..end].iter().rev().find_map(|s| match s {
            Step::UserRanked { user, .. } => Some(*user),
            _ => None,
        })
    }

    fn entered(&self, account: usize, tie: Option<Tie>, merged: &[usize]) -> String {
        let lang = self.lang;
        let name = self.name(account);
        if !merged.is_empty() {
            let names: Vec<&str> = merged.iter().map(|&m| self.name(m)).collect();
            let merged = join_names(&names, lang);
            return PlayerMsg::NarrEnterMerged
                .fill(lang, &[("account", name), ("merged", &merged)]);
        }
        match tie {
            Some(Tie::EqualToPrevious { previous }) => {
                let msg = if self.is_user(previous) {
                    PlayerMsg::NarrEnterTiedUser
                } else {
                    PlayerMsg::NarrEnterTiedAccount
                };
                msg.fill(
                    lang,
                    &[("account", name), ("previous", self.name(previous))],
                )
            }
            Some(Tie::CarriedIntoAccount { account: outer }) => PlayerMsg::NarrEnterCarried
                .fill(lang, &[("account", name), ("outer", self.name(outer))]),
            Some(Tie::EqualToStartValue) => {
                PlayerMsg::NarrEnterStartValue.fill(lang, &[("account", name)])
            }
            None if self
                .run
                .steps()
                .first()
                .is_some_and(|s| s.subject() == account) =>
            {
                PlayerMsg::NarrEnterRoot.fill(lang, &[("account", name)])
            }
            None => match self.assoc(account) {
                Some(a) if infinite_for_no_usage(a) => {
                    PlayerMsg::NarrEnterInf.fill(lang, &[("account", name)])
                }
                // The root aside, only FairShare=parent accounts have no Level FS.
                Some(a) if a.level_fs.is_none() => {
                    PlayerMsg::NarrEnterParentShares.fill(lang, &[("account", name)])
                }
                a => {
                    let lf = a
                        .and_then(level_fs_text)
                        .unwrap_or_else(|| PlayerMsg::LfParent.text(lang).to_string());
                    PlayerMsg::NarrEnter.fill(lang, &[("account", name), ("lf", &lf)])
                }
            },
        }
    }

    fn sorted(&self, parent: usize, order: &[usize], reasons: &[OrderReason]) -> String {
        let lang = self.lang;
        let parent_name = self.name(parent);
        if let [child] = order {
            return PlayerMsg::NarrSortedOne.fill(
                lang,
                &[("parent", parent_name), ("child", self.name(*child))],
            );
        }
        let pair = |reason: OrderReason| {
            reasons
                .iter()
                .position(|&r| r == reason)
                .and_then(|i| Some((*order.get(i)?, *order.get(i + 1)?)))
        };
        if let Some((user, account)) = pair(OrderReason::UserBeforeAccount) {
            return PlayerMsg::NarrSortedUserFirst.fill(
                lang,
                &[
                    ("parent", parent_name),
                    ("user", self.name(user)),
                    ("account", self.name(account)),
                ],
            );
        }
        if let Some((first, second)) = pair(OrderReason::ListOrder) {
            return PlayerMsg::NarrSortedListOrder.fill(
                lang,
                &[
                    ("parent", parent_name),
                    ("first", self.name(first)),
                    ("second", self.name(second)),
                ],
            );
        }
        if let [first, second, ..] = order
            && self.assoc(*first).is_some_and(infinite_for_no_usage)
        {
            return PlayerMsg::NarrSortedInf.fill(
                lang,
                &[
                    ("parent", parent_name),
                    ("first", self.name(*first)),
                    ("second", self.name(*second)),
                ],
            );
        }
        let names: Vec<&str> = order.iter().map(|&ix| self.name(ix)).collect();
        PlayerMsg::NarrSorted.fill(
            lang,
            &[
                ("parent", parent_name),
                ("order", &join_names(&names, lang)),
            ],
        )
    }

    fn ranked(&self, user: usize, rank: u32, n_users: u32, tie: Option<Tie>) -> String {
        let lang = self.lang;
        let rank = grouped(u64::from(rank));
        let n = grouped(u64::from(n_users));
        let position = self
            .run
            .position(user)
            .map(|p| grouped(u64::from(p)))
            .unwrap_or_default();
        let fairshare = self
            .assoc(user)
            .and_then(|a| a.fairshare)
            .map(format_double)
            .unwrap_or_default();
        let user_name = self.name(user);
        if self.tree.is_partial() {
            // The walk still places the users it has, but among the rows shown only: no
            // FairShare or rank of Slurm's (issue 20 §3).
            return PlayerMsg::NarrRankedPartial.fill(
                lang,
                &[
                    ("user", user_name),
                    ("rank", &rank),
                    ("n", &n),
                    ("known", &grouped(self.tree.n_known_users() as u64)),
                    ("hidden", &grouped(self.tree.n_hidden() as u64)),
                ],
            );
        }
        let last = self.last_ranked_before().map_or("?", |ix| self.name(ix));
        match tie {
            None => PlayerMsg::NarrRanked.fill(
                lang,
                &[
                    ("user", user_name),
                    ("position", &position),
                    ("rank", &rank),
                    ("n", &n),
                    ("fairshare", &fairshare),
                ],
            ),
            Some(Tie::EqualToPrevious { previous }) => PlayerMsg::NarrRankedTie.fill(
                lang,
                &[
                    ("user", user_name),
                    ("rank", &rank),
                    ("previous", self.name(previous)),
                    ("fairshare", &fairshare),
                ],
            ),
            Some(Tie::CarriedIntoAccount { account }) => {
                let account_name = self.name(account);
                match self.assoc(account).and_then(|a| a.tie) {
                    Some(Tie::EqualToPrevious { previous }) if self.is_user(previous) => {
                        PlayerMsg::NarrRankedUsersFirst.fill(
                            lang,
                            &[
                                ("user", user_name),
                                ("rank", &rank),
                                ("account", account_name),
                                ("previous", self.name(previous)),
                            ],
                        )
                    }
                    Some(Tie::EqualToPrevious { .. }) => PlayerMsg::NarrRankedUnmerged.fill(
                        lang,
                        &[
                            ("user", user_name),
                            ("rank", &rank),
                            ("account", account_name),
                            ("last", last),
                        ],
                    ),
                    _ => PlayerMsg::NarrRankedCarried.fill(
                        lang,
                        &[
                            ("user", user_name),
                            ("rank", &rank),
                            ("account", account_name),
                            ("last", last),
                        ],
                    ),
                }
            }
            Some(Tie::EqualToStartValue) => {
                PlayerMsg::NarrRankedStartValue.fill(lang, &[("user", user_name), ("rank", &rank)])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use fairshare::{TieRule, fair_tree};

    fn preset(id: &str) -> (AssocTree, FairTreeRun) {
        let s = presets::by_id(id).expect("preset").scenario();
        let run = fair_tree::run(&s.tree);
        (s.tree, run)
    }

    fn ix(tree: &AssocTree, name: &str) -> usize {
        tree.assocs()
            .iter()
            .position(|a| a.name() == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    /// The cursor just after the step that ranks the user `name`.
    fn placed(run: &FairTreeRun, tree: &AssocTree, name: &str) -> usize {
        let subject = ix(tree, name);
        run.steps()
            .iter()
            .position(|s| s.is_rank() && s.subject() == subject)
            .unwrap_or_else(|| panic!("{name} is never ranked"))
            + 1
    }

    /// The sentence after the step whose subject is `name` and that matches `pick`.
    fn sentence_at(
        tree: &AssocTree,
        run: &FairTreeRun,
        name: &str,
        pick: fn(&Step) -> bool,
    ) -> String {
        let target = ix(tree, name);
        let k = run
            .steps()
            .iter()
            .position(|s| pick(s) && s.subject() == target)
            .unwrap_or_else(|| panic!("no such step for {name}"))
            + 1;
        narrate(run, tree, &Frame::at(run.steps(), k), false, Lang::En)
    }

    #[test]
    fn every_step_of_every_preset_has_a_clean_sentence_in_both_languages() {
        for p in presets::PRESETS {
            let s = p.scenario();
            for rule in [TieRule::Slurm, TieRule::Documented] {
                let ranked = fairshare::Ranked::new(&s.tree, rule);
                let run = ranked.run();
                let mut previous = String::new();
                for k in 0..=run.steps().len() {
                    let frame = Frame::at(run.steps(), k);
                    for lang in Lang::ALL {
                        let text = narrate(run, &s.tree, &frame, false, lang);
                        assert!(!text.is_empty(), "{} step {k}", p.id);
                        assert!(!text.contains('{'), "{} step {k}: {text}", p.id);
                        assert!(!text.contains('?'), "{} step {k}: {text}", p.id);
                    }
                    let text = narrate(run, &s.tree, &frame, false, Lang::En);
                    assert_ne!(text, previous, "{} step {k} repeats the sentence", p.id);
                    previous = text;
                }
            }
        }
    }

    #[test]
    fn finished_and_ready() {
        let (tree, run) = preset("test24-4");
        let end = Frame::at(run.steps(), run.steps().len());
        assert!(
            narrate(&run, &tree, &end, true, Lang::En).starts_with("The finished ranking of 21")
        );
        let start = Frame::at(run.steps(), 0);
        assert!(narrate(&run, &tree, &start, false, Lang::En).starts_with("Step 0"));
        let one = Frame::at(run.steps(), 1);
        assert_eq!(
            narrate(&run, &tree, &one, false, Lang::En),
            "Fair Tree starts at root with N = 21 users, so rank and rank-no-ties both start at 21."
        );
    }

    #[test]
    fn no_usage_means_infinite_level_fs_and_goes_first() {
        let (tree, run) = preset("test24-4");
        assert_eq!(
            sentence_at(&tree, &run, "aAB", |s| matches!(
                s,
                Step::SiblingsSorted { .. }
            )),
            "In aAB, uAB2 has no usage, so its Level FS is infinite and it is visited before uAB1."
        );
    }

    #[test]
    fn a_user_before_an_account_with_equal_level_fs() {
        let (tree, run) = preset("test24-4");
        assert_eq!(
            sentence_at(&tree, &run, "aG", |s| matches!(
                s,
                Step::SiblingsSorted { .. }
            )),
            "In aG, uG1 and aGA have equal Level FS, so uG1 goes first (users before accounts)."
        );
        assert_eq!(
            sentence_at(&tree, &run, "uGA1", Step::is_rank),
            "uGA1 reuses rank 4 because aGA was entered tied with uG1 (users before accounts)."
        );
        assert_eq!(
            sentence_at(&tree, &run, "aGA", |s| matches!(
                s,
                Step::AccountEntered { .. }
            )),
            "aGA is entered tied with uG1 (equal Level FS, users before accounts), so its first user will reuse uG1's rank."
        );
    }

    #[test]
    fn a_fairshare_parent_account_has_nothing_left_to_rank() {
        let (tree, run) = preset("test24-4");
        assert!(
            sentence_at(&tree, &run, "aDA", |s| matches!(
                s,
                Step::AccountEntered { .. }
            ))
            .starts_with("Enter account aDA: it has FairShare=parent")
        );
    }

    #[test]
    fn plain_ranks_and_equal_level_fs() {
        let (tree, run) = preset("test24-4");
        assert_eq!(
            sentence_at(&tree, &run, "uAA1", Step::is_rank),
            "uAA1 takes position 9 of 21 (Slurm rank 13, the current rank-no-ties): FairShare = 13 / 21 = 0.619048."
        );
        assert_eq!(
            sentence_at(&tree, &run, "aE2", Step::is_rank),
            "aE2 reuses rank 21 because its Level FS equals aE1's: FairShare = 1.000000."
        );
    }

    #[test]
    fn on_a_partial_tree_a_placed_user_gets_no_fairshare_or_rank() {
        // Plain sshare: every account, the caller's row only (issue 20 §3).
        let text = crate::test_texts::PLAIN_SSHARE;
        let tree = fairshare::import::import(text).scenario.unwrap().tree;
        assert!(tree.is_partial());
        let run = fair_tree::run(&tree);
        for lang in [Lang::En, Lang::Ja] {
            let k = placed(&run, &tree, "u1");
            let text = narrate(&run, &tree, &Frame::at(run.steps(), k), false, lang);
            assert!(text.contains("u1"), "{text}");
            assert!(!text.contains("= "), "no FairShare formula: {text}");
            assert!(text.contains("FairShare"), "{text}");
            if lang == Lang::En {
                assert!(text.contains("not Slurm's rank or FairShare"), "{text}");
                assert!(text.contains("not computable"), "{text}");
            }
        }
    }

    #[test]
    fn on_a_partial_tree_the_counts_say_which_entries_are_hidden_users() {
        // Plain sshare prints u1 only: "a" has hidden users beside it, "b" shows none, so the
        // walk places u1 and two "hidden in" entries; N = 3 is not three users of the cluster.
        let tree = fairshare::import::import(crate::test_texts::PLAIN_SSHARE)
            .scenario
            .unwrap()
            .tree;
        let run = fair_tree::run(&tree);
        assert_eq!(run.n_users(), 3);
        let at = |k: usize, finished: bool, lang: Lang| {
            narrate(&run, &tree, &Frame::at(run.steps(), k), finished, lang)
        };
        let last = run.steps().len();
        assert_eq!(
            at(last, true, Lang::En),
            "The finished order of the entries in this output (printed users: 1; \"hidden in\" entries, each standing for one account's hidden users: 2). Press Play or Step forward to watch the walk that produced it."
        );
        assert_eq!(
            at(1, false, Lang::En),
            "Fair Tree starts at root. This output hides users (printed users: 1; \"hidden in\" entries, each standing for one account's hidden users: 2), so Slurm's N is unknown; the counter starts at 3, one per entry."
        );
        assert_eq!(
            at(last, false, Lang::En),
            "The walk is done: every entry of this output is placed (printed users: 1; \"hidden in\" entries: 2)."
        );
        let k = placed(&run, &tree, "u1");
        assert!(
            at(k, false, Lang::En)
                .contains("of this output's entries (printed users: 1; \"hidden in\" entries: 2)"),
            "{}",
            at(k, false, Lang::En)
        );
        for k in [1, k, last] {
            let ja = at(k, k == last, Lang::Ja);
            assert!(
                ja.contains("1 人") && ja.contains("「非表示分」2 件"),
                "{ja}"
            );
        }
        // A whole tree keeps the plain wording.
        let (tree, run) = preset("test24-4");
        let text = narrate(&run, &tree, &Frame::at(run.steps(), 1), false, Lang::En);
        assert!(text.contains("with N = 21 users"), "{text}");
    }

    #[test]
    fn slurm_does_not_merge_tied_accounts() {
        let (tree, run) = preset("tied-accounts");
        let texts: Vec<String> = (1..=run.steps().len())
            .map(|k| narrate(&run, &tree, &Frame::at(run.steps(), k), false, Lang::En))
            .collect();
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Slurm does not merge tied accounts:")
                    && t.contains("starts tied, so")
                    && t.contains("'s rank")),
            "{texts:#?}"
        );
    }

    #[test]
    fn the_documented_rule_names_the_merged_accounts() {
        let s = presets::by_id("tied-accounts").unwrap().scenario();
        let ranked = fairshare::Ranked::new(&s.tree, TieRule::Documented);
        let run = ranked.run();
        let texts: Vec<String> = (1..=run.steps().len())
            .map(|k| narrate(run, &s.tree, &Frame::at(run.steps(), k), false, Lang::En))
            .collect();
        assert!(
            texts.iter().any(|t| t.starts_with("Documented tie rule:")),
            "{texts:#?}"
        );
    }

    #[test]
    fn names_are_joined_and_shortened() {
        assert_eq!(join_names(&["a"], Lang::En), "a");
        assert_eq!(join_names(&["a", "b", "c"], Lang::En), "a, b and c");
        let many = ["a", "b", "c", "d", "e", "f", "g", "h"];
        assert_eq!(join_names(&many, Lang::En), "a, b, c, d, e, … and h");
    }
}
