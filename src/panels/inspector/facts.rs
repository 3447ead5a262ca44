//! What Fair Tree computed for one association, as the inspector shows it: the engine's values
//! picked out of a run and formatted, with the case of the Level FS rule that applied. No
//! arithmetic: every number here comes from `FairTreeRun`; this module only chooses the words.

use std::cmp::Ordering;

use fairshare::fair_tree::{FairTreeRun, RoundingArtefact};
use fairshare::{LevelFsRule, LongDouble};

use crate::messages::inspector::InspectorMsg;
use crate::messages::{Lang, Message};

/// A double as sshare prints it (`%f`: six decimals, `inf`).
pub fn number(x: f64) -> String {
    fairshare::sshare::printf_f(x)
}

/// A Level FS as sshare-like text: `inf`, six decimals, or `None` when there is none.
pub fn level_fs_number(lf: Option<LongDouble>) -> Option<String> {
    lf.map(|lf| {
        if lf.is_infinite() {
            "inf".to_string()
        } else {
            number(lf.to_f64())
        }
    })
}

/// Which case of Fair Tree's Level FS rule gave an association its value: the engine's
/// [`LevelFsRule`], with the value as text for the ratio.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelFsCase {
    /// The root has none.
    Root,
    /// A FairShare=parent account: none of its own (its children move up).
    ParentAccount,
    /// A FairShare=parent user: +∞.
    ParentUser,
    /// No shares: 0, whatever the usage.
    NoShares,
    /// No usage: S / 0 = +∞.
    NoUsage,
    /// S / U, with the result.
    Ratio {
        /// The Level FS.
        lf: String,
    },
}

/// Whether an association used less or more than its share (LF against 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Served {
    /// LF > 1.
    Under,
    /// LF < 1.
    Over,
    /// LF = 1.
    Exactly,
}

impl Served {
    /// The CSS classes of its badge.
    pub fn as_class(self) -> &'static str {
        match self {
            Served::Under => "ft-served ft-served--under",
            Served::Over => "ft-served ft-served--over",
            Served::Exactly => "ft-served ft-served--exactly",
        }
    }

    /// The words.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Served::Under => InspectorMsg::UnderServed.text(lang),
            Served::Over => InspectorMsg::OverServed.text(lang),
            Served::Exactly => InspectorMsg::ExactlyServed.text(lang),
        }
    }
}

/// The computed numbers of one association.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// S (`NormShares`).
    pub s: String,
    /// U (`EffectvUsage`).
    pub u: String,
    /// How the Level FS came about.
    pub level_fs: LevelFsCase,
    /// LF against 1, where there is a Level FS.
    pub served: Option<Served>,
    /// Slurm's rank (users; N = first served).
    pub rank: Option<u32>,
    /// The place in the ranking counted from the top (users; 1 = first served).
    pub position: Option<u32>,
    /// N.
    pub n_users: u32,
    /// FairShare (users).
    pub fairshare: Option<String>,
    /// Raw usage as Slurm aggregates it (an account's is the sum of its users' and its
    /// retained usage).
    pub usage_raw: LongDouble,
    /// A tie or order that exists only because of 80-bit rounding, and the sibling involved.
    pub artefact: Option<RoundingArtefact>,
    /// A user of a partial tree ([`Facts::of_partial_user`]): FairShare and rank are not
    /// computable from the output.
    pub not_computable: bool,
    /// Slurm's printed FairShare of that user, as printed.
    pub printed_fairshare: Option<String>,
}

/// The facts of the association at position `ix` of the run's tree; `None` if out of range.
pub fn facts(run: &FairTreeRun, ix: usize) -> Option<Facts> {
    let a = run.assocs().get(ix)?;
    let level_fs = match (a.level_fs_rule, a.level_fs) {
        (LevelFsRule::Root, _) => LevelFsCase::Root,
        (LevelFsRule::ParentUser, _) => LevelFsCase::ParentUser,
        (LevelFsRule::ParentAccount, _) => LevelFsCase::ParentAccount,
        (LevelFsRule::NoShares, _) => LevelFsCase::NoShares,
        (LevelFsRule::NoUsage, _) => LevelFsCase::NoUsage,
        (LevelFsRule::Ratio, lf) => LevelFsCase::Ratio {
            lf: number(lf.map_or(0.0, LongDouble::to_f64)),
        },
    };
    let served = match (&level_fs, a.level_fs) {
        (LevelFsCase::Root | LevelFsCase::ParentAccount, _) | (_, None) => None,
        (_, Some(lf)) => match lf.partial_cmp(&LongDouble::one()) {
            Some(Ordering::Greater) => Some(Served::Under),
            Some(Ordering::Less) => Some(Served::Over),
            Some(Ordering::Equal) => Some(Served::Exactly),
            None => None,
        },
    };
    Some(Facts {
        s: number(a.shares_norm),
        u: number(a.usage_effective.to_f64()),
        level_fs,
        served,
        rank: a.rank,
        position: run.position(ix),
        n_users: run.n_users(),
        fairshare: a.fairshare.map(number),
        usage_raw: a.usage_raw,
        artefact: a.artefact,
        not_computable: false,
        printed_fairshare: None,
    })
}

impl Facts {
    /// The Level FS line, with S and U in place where the rule divides.
    pub fn level_fs_text(&self, lang: Lang) -> String {
        let args = [("s", self.s.as_str()), ("u", self.u.as_str())];
        match &self.level_fs {
            LevelFsCase::Root => InspectorMsg::LfRoot.text(lang).to_string(),
            LevelFsCase::ParentAccount => InspectorMsg::LfParentAccount.text(lang).to_string(),
            LevelFsCase::ParentUser => InspectorMsg::LfParentUser.text(lang).to_string(),
            LevelFsCase::NoShares => InspectorMsg::LfNoShares.text(lang).to_string(),
            LevelFsCase::NoUsage => InspectorMsg::LfNoUsage.fill(lang, &args),
            LevelFsCase::Ratio { lf } => {
                InspectorMsg::LfRatio.fill(lang, &[args[0], args[1], ("lf", lf.as_str())])
            }
        }
    }

    /// The facts of a user of a partial tree (plain `sshare`): FairShare and rank are not
    /// computable from the output; Slurm's `printed` FairShare goes beside them.
    pub fn of_partial_user(self, printed: Option<String>) -> Facts {
        Facts {
            not_computable: true,
            printed_fairshare: printed.filter(|p| !p.is_empty()),
            ..self
        }
    }

    /// The FairShare cell: the value, "not computable" on a partial tree, or blank.
    pub fn fairshare_text(&self, lang: Lang) -> String {
        match &self.fairshare {
            Some(fs) => fs.clone(),
            None if self.not_computable => InspectorMsg::NotComputable.text(lang).to_string(),
            None => InspectorMsg::Blank.text(lang).to_string(),
        }
    }

    /// Slurm's printed FairShare, marked as printed (partial trees only).
    pub fn printed_fairshare_text(&self, lang: Lang) -> Option<String> {
        let printed = self.printed_fairshare.as_deref()?;
        Some(InspectorMsg::PrintedFairShare.fill(lang, &[("fairshare", printed)]))
    }

    /// The position line ("19 of 21 (Slurm rank 3)"), or why there is none.
    pub fn rank_text(&self, lang: Lang) -> String {
        if self.not_computable {
            return InspectorMsg::NotComputable.text(lang).to_string();
        }
        match self.rank.zip(self.position) {
            Some((rank, position)) => InspectorMsg::RankOf.fill(
                lang,
                &[
                    ("position", &fairshare::format::grouped(position.into())),
                    ("rank", &fairshare::format::grouped(rank.into())),
                    ("n", &fairshare::format::grouped(self.n_users.into())),
                ],
            ),
            None => InspectorMsg::NoRank.text(lang).to_string(),
        }
    }

    /// The 80-bit rounding note, naming the sibling with `name_of`.
    pub fn artefact_text(&self, lang: Lang, name_of: impl Fn(usize) -> String) -> Option<String> {
        let (msg, sibling) = match self.artefact? {
            RoundingArtefact::TieOnlyInLongDouble { sibling } => {
                (InspectorMsg::ArtefactTie, sibling)
            }
            RoundingArtefact::NoTieOnlyInLongDouble { sibling } => {
                (InspectorMsg::ArtefactNoTie, sibling)
            }
            RoundingArtefact::OrderOnlyInLongDouble { sibling } => {
                (InspectorMsg::ArtefactOrder, sibling)
            }
        };
        Some(msg.fill(lang, &[("sibling", &name_of(sibling))]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::{AssocId, TieRule};

    const TREE: &str = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "a", "user": "used", "shares": 1, "usage_raw": 30},
      {"id": 4, "parent": 2, "account": "a", "user": "idle", "shares": 1},
      {"id": 5, "parent": 2, "account": "a", "user": "zero", "shares": 0, "usage_raw": 10},
      {"id": 6, "parent": 2, "account": "a", "user": "heir", "shares": "parent", "usage_raw": 5},
      {"id": 7, "parent": 1, "account": "p", "user": null, "shares": "parent"},
      {"id": 8, "parent": 7, "account": "p", "user": "pu", "shares": 1, "usage_raw": 5}
    ]}"#;

    fn with_facts(check: impl Fn(&dyn Fn(u32) -> Facts)) {
        let s = fairshare::scenario::parse(TREE).0.unwrap();
        let ranked = fairshare::Ranked::new(&s.tree, TieRule::Slurm);
        let run = ranked.run();
        let get = |id: u32| facts(run, s.tree.position(AssocId(id)).unwrap()).unwrap();
        check(&get);
    }

    #[test]
    fn every_level_fs_case_is_named_with_the_engines_numbers() {
        with_facts(|get| {
            assert_eq!(get(1).level_fs, LevelFsCase::Root);
            assert_eq!(get(1).served, None);
            assert_eq!(get(7).level_fs, LevelFsCase::ParentAccount);
            assert_eq!(get(6).level_fs, LevelFsCase::ParentUser);
            assert_eq!(get(6).served, Some(Served::Under), "inf > 1");
            assert_eq!(get(5).level_fs, LevelFsCase::NoShares);
            assert_eq!(get(5).served, Some(Served::Over));
            assert_eq!(get(4).level_fs, LevelFsCase::NoUsage);
            let used = get(3);
            let LevelFsCase::Ratio { lf } = &used.level_fs else {
                panic!("{:?}", used.level_fs)
            };
            // S = 1/2 among a's children (1 + 1 + 0; parent counts 0), U = 30/45.
            assert_eq!(used.s, "0.500000");
            assert_eq!(used.u, "0.666667");
            assert_eq!(lf, "0.750000");
            assert_eq!(
                used.level_fs_text(Lang::En),
                "S / U = 0.500000 / 0.666667 = 0.750000"
            );
            assert_eq!(used.served, Some(Served::Over));
            assert!(get(4).level_fs_text(Lang::En).contains("/ 0 = inf"));
        });
    }

    #[test]
    fn users_have_a_rank_and_accounts_do_not() {
        with_facts(|get| {
            let used = get(3);
            assert!(used.rank.is_some() && used.fairshare.is_some());
            assert_eq!(used.n_users, 5);
            let text = used.rank_text(Lang::En);
            let (rank, position) = (used.rank.unwrap(), used.position.unwrap());
            assert_eq!(rank + position, 6, "position = N - rank + 1");
            assert_eq!(text, format!("{position} of 5 (Slurm rank {rank})"));
            // Counts from 1,000 on are grouped, as the engine writes them everywhere.
            let big = Facts {
                rank: Some(1_200),
                position: Some(8_801),
                n_users: 10_000,
                ..used.clone()
            };
            assert_eq!(
                big.rank_text(Lang::En),
                "8,801 of 10,000 (Slurm rank 1,200)"
            );
            let account = get(2);
            assert_eq!((account.rank, account.fairshare.clone()), (None, None));
            assert!(account.rank_text(Lang::En).contains("users only"));
            assert_eq!(
                seconds(&account),
                "45",
                "an account's usage is its users' sum"
            );
        });
    }

    #[test]
    fn a_user_of_a_partial_tree_is_not_computable_and_shows_the_printed_fairshare() {
        let text = crate::test_texts::PLAIN_SSHARE;
        let tree = fairshare::import::import(text).scenario.unwrap().tree;
        let ranked = fairshare::Ranked::new(&tree, TieRule::Slurm);
        let u1 = (0..tree.len())
            .find(|&i| tree.assocs()[i].name() == "u1")
            .unwrap();
        let plain = facts(ranked.run(), u1).unwrap();
        assert_eq!(plain.fairshare, None, "the engine gives none");
        let f = plain.of_partial_user(Some("0.750000".into()));
        assert_eq!(
            f.fairshare_text(Lang::En),
            "not computable from this output"
        );
        assert_eq!(f.rank_text(Lang::En), "not computable from this output");
        assert_eq!(
            f.printed_fairshare_text(Lang::En).as_deref(),
            Some("0.750000 as printed by Slurm")
        );
        assert_eq!(f.fairshare_text(Lang::Ja), "この出力からは計算できません");
        // A whole tree: the value itself, nothing marked as printed.
        with_facts(|get| {
            let used = get(3);
            assert_eq!(
                used.fairshare_text(Lang::En),
                used.fairshare.clone().unwrap()
            );
            assert_eq!(used.printed_fairshare_text(Lang::En), None);
        });
    }

    fn seconds(f: &Facts) -> String {
        crate::panels::inspector::fields::seconds_text(f.usage_raw)
    }

    #[test]
    fn rounding_artefacts_are_named() {
        // 18/90 ÷ 2/10, 27/90 ÷ 3/10 and 45/90 ÷ 5/10 are equal, but not in 80 bits.
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
          {"id": 3, "parent": 2, "account": "a", "user": "x", "shares": 18, "usage_raw": 2},
          {"id": 4, "parent": 2, "account": "a", "user": "y", "shares": 27, "usage_raw": 3},
          {"id": 5, "parent": 2, "account": "a", "user": "z", "shares": 45, "usage_raw": 5}
        ]}"#;
        let s = fairshare::scenario::parse(text).0.unwrap();
        let ranked = fairshare::Ranked::new(&s.tree, TieRule::Slurm);
        let run = ranked.run();
        let notes: Vec<String> = (0..s.tree.len())
            .filter_map(|ix| {
                facts(run, ix)?
                    .artefact_text(Lang::En, |sib| s.tree.assocs()[sib].name().to_string())
            })
            .collect();
        assert!(!notes.is_empty(), "the engine flags the non-tie");
        for note in &notes {
            assert!(
                note.starts_with("80-bit rounding: mathematically equal to"),
                "{note}"
            );
        }
    }
}
