//! "Why is my FairShare this?": the engine's [`fairshare::why`] levels of one user's path,
//! put in words. Pure: names and numbers come from the ranked tree; the formats are the
//! engine's (`sshare::printf_f` for Level FS, `format::trimmed` for the ratios).

use fairshare::why::{WhyLevel, WhySibling, why};
use fairshare::{AssocKind, Ranked};

use crate::messages::inspector::InspectorMsg;
use crate::messages::tree::TreeMsg;
use crate::messages::{Lang, Message};
use crate::panels::inspector::facts::level_fs_number;

/// One level of the path in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelText {
    /// Where the user's side stands among its siblings.
    pub summary: String,
    /// The sibling just ahead, if any.
    pub ahead: Option<String>,
    /// The sibling just behind, if any.
    pub behind: Option<String>,
}

/// The whole explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhyText {
    /// What the levels say.
    pub intro: String,
    /// On a partial tree: what is exact and what is not computable.
    pub partial: Option<String>,
    /// The levels, root first.
    pub levels: Vec<LevelText>,
}

/// The explanation of user `user` (a position in `ranked`'s tree); `None` for an account.
/// O(path × siblings).
pub fn why_text(ranked: &Ranked, user: usize, lang: Lang) -> Option<WhyText> {
    let levels = why(ranked, user)?;
    let tree = ranked.tree();
    // An inferred member is named as its card is ("hidden in a"), not by its placeholder name.
    let hidden: std::collections::HashMap<usize, String> = levels
        .iter()
        .flat_map(|l| &l.siblings)
        .filter_map(|s| {
            let a = tree.assocs().get(s.ix)?;
            (a.kind() == AssocKind::Hidden).then(|| {
                (
                    s.ix,
                    TreeMsg::CardHiddenName.fill(lang, &[("account", &a.account)]),
                )
            })
        })
        .collect();
    let name = |ix: usize| {
        hidden
            .get(&ix)
            .map(String::as_str)
            .unwrap_or_else(|| tree.assocs().get(ix).map_or("", |a| a.name()))
    };
    let lf_text = |lf| {
        level_fs_number(lf).unwrap_or_else(|| InspectorMsg::WhyNoLevelFs.text(lang).to_string())
    };
    let neighbour = |level: &WhyLevel, s: &WhySibling, ahead: bool| {
        let lf = lf_text(s.level_fs);
        let ratio = s.ratio.map(fairshare::format::trimmed);
        let (equal, with_ratio, plain) = if ahead {
            (
                InspectorMsg::WhyAheadEqual,
                InspectorMsg::WhyAheadRatio,
                InspectorMsg::WhyAhead,
            )
        } else {
            (
                InspectorMsg::WhyBehindEqual,
                InspectorMsg::WhyBehindRatio,
                InspectorMsg::WhyBehind,
            )
        };
        let args = [
            ("name", name(s.ix)),
            ("lf", lf.as_str()),
            ("own", name(level.own)),
            ("ratio", ratio.as_deref().unwrap_or("")),
        ];
        match (s.equal, &ratio) {
            (true, _) => equal.fill(lang, &args),
            (false, Some(_)) => with_ratio.fill(lang, &args),
            (false, None) => plain.fill(lang, &args),
        }
    };
    let levels = levels
        .iter()
        .map(|level| LevelText {
            summary: if level.siblings.len() == 1 {
                InspectorMsg::WhyLevelAlone.fill(
                    lang,
                    &[
                        ("parent", name(level.parent)),
                        ("own", name(level.own)),
                        ("lf", &lf_text(level.own_level_fs)),
                    ],
                )
            } else {
                InspectorMsg::WhyLevel.fill(
                    lang,
                    &[
                        ("parent", name(level.parent)),
                        ("own", name(level.own)),
                        ("lf", &lf_text(level.own_level_fs)),
                        ("ahead", &fairshare::format::grouped(level.ahead() as u64)),
                        ("behind", &fairshare::format::grouped(level.behind() as u64)),
                        ("count", &fairshare::format::grouped(level.others() as u64)),
                    ],
                )
            },
            ahead: level.just_ahead().map(|s| neighbour(level, s, true)),
            behind: level.just_behind().map(|s| neighbour(level, s, false)),
        })
        .collect();
    Some(WhyText {
        intro: InspectorMsg::WhyIntro.fill(lang, &[("user", name(user))]),
        partial: tree
            .is_partial()
            .then(|| InspectorMsg::WhyPartial.text(lang).to_string()),
        levels,
    })
}

impl WhyText {
    /// The explanation as plain lines (snapshots and tests).
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![self.intro.clone()];
        out.extend(self.partial.clone());
        for l in &self.levels {
            out.push(format!("- {}", l.summary));
            out.extend(l.ahead.iter().map(|t| format!("  {t}")));
            out.extend(l.behind.iter().map(|t| format!("  {t}")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::TieRule;

    use crate::test_texts::PLAIN_SSHARE as PLAIN;

    #[test]
    fn a_plain_sshare_paste_is_explained_from_the_callers_path() {
        let tree = fairshare::import::import(PLAIN).scenario.unwrap().tree;
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let u1 = (0..tree.len())
            .find(|&i| tree.assocs()[i].name() == "u1")
            .unwrap();
        let w = why_text(&ranked, u1, Lang::En).unwrap();
        assert!(w.partial.as_deref().unwrap().contains("not computable"));
        assert_eq!(w.levels.len(), 2);
        // The root level: b (1.25) ahead of a (0.833333), 1.5 times a's.
        assert_eq!(
            w.levels[0].summary,
            "Under root: a has Level FS 0.833333; of its 1 siblings, 1 ahead and 0 behind."
        );
        assert_eq!(
            w.levels[0].ahead.as_deref(),
            Some("Just ahead: b, Level FS 1.250000 (1.5 times a's).")
        );
        assert_eq!(w.levels[0].behind, None);
        // In a: u1 and the inferred hidden users (the other half of a's shares, 30 usage):
        // equal Level FS.
        let l = &w.levels[1];
        assert!(
            l.summary.starts_with("Under a: u1 has Level FS 1.000000"),
            "{l:?}"
        );
        let other = l.ahead.as_ref().or(l.behind.as_ref()).unwrap();
        assert!(other.contains("equal Level FS 1.000000"), "{other}");
        assert!(
            other.contains(": hidden in a,"),
            "named as its card: {other}"
        );
        let ja = why_text(&ranked, u1, Lang::Ja).unwrap();
        assert!(ja.levels[0].summary.starts_with("root の下"), "{ja:?}");
    }

    #[test]
    fn an_account_has_no_explanation_and_a_whole_tree_no_partial_note() {
        let s = crate::presets::by_id("fair-tree-example")
            .unwrap()
            .scenario();
        let ranked = Ranked::new(&s.tree, TieRule::Slurm);
        let root = (0..s.tree.len())
            .find(|&i| s.tree.parent_position(i).is_none())
            .unwrap();
        assert_eq!(why_text(&ranked, root, Lang::En), None);
        let user = (0..s.tree.len())
            .find(|&i| s.tree.assocs()[i].is_user())
            .unwrap();
        let w = why_text(&ranked, user, Lang::En).unwrap();
        assert_eq!(w.partial, None);
        assert!(!w.levels.is_empty());
    }
}
