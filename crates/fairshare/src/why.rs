//! "Why is my FairShare this?": one user's path through Fair Tree, level by level.
//!
//! A user's rank is decided on its path from the root down (in the fairshare tree, so
//! FairShare=parent accounts are skipped as Slurm hoists their children): at each level the
//! walk sorts the siblings by Level FS, and everything under a sibling sorted ahead is ranked
//! before everything under the user's own ancestor. This module reads a finished run and says,
//! per level, which siblings are ahead and behind, with their Level FS and its ratio to the
//! user's side. It ranks nothing itself.
//!
//! On a partial tree (plain `sshare`) the Level FS along the caller's path is exact when the
//! siblings at each level are printed or inferred, so this explanation holds even though the
//! FairShare itself is not computable ([`crate::AssocTree::is_partial`]).
//!
//! Cost: O(path × siblings), no recursion.

use crate::Ranked;
use crate::ld::LongDouble;

/// Where a sibling stands against the user's side at one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Sorted before the user's side: every user under it is ranked first.
    Ahead,
    /// The user's ancestor (or the user) itself.
    Own,
    /// Sorted after the user's side.
    Behind,
}

/// One sibling at one level, in the order Slurm sorted them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WhySibling {
    /// Its position in the tree.
    pub ix: usize,
    /// Whether it is a user association (a user goes before an account on equal Level FS).
    pub is_user: bool,
    /// Its Level FS (`None` where there is none, e.g. FairShare=parent accounts).
    pub level_fs: Option<LongDouble>,
    /// Ahead of, or behind, the user's side.
    pub standing: Standing,
    /// Whether its Level FS equals the user's side's (`==` in 80 bits, as Slurm compares):
    /// then the order came from the tie rules, not from Level FS.
    pub equal: bool,
    /// By how much the one sorted first leads: for a sibling ahead, its Level FS over the
    /// user's side's; for one behind, the user's side's over its. `None` for the user's side,
    /// or where a Level FS is infinite, missing, or the divisor is 0 (`2.0`: twice as high).
    pub ratio: Option<f64>,
}

/// One level of the user's path.
#[derive(Clone, Debug, PartialEq)]
pub struct WhyLevel {
    /// The association whose children were sorted (the root first).
    pub parent: usize,
    /// The user's ancestor-or-self among those children.
    pub own: usize,
    /// Its Level FS.
    pub own_level_fs: Option<LongDouble>,
    /// Every child of `parent` in Slurm's sorted order (first served first), `own` included.
    pub siblings: Vec<WhySibling>,
    /// Where `own` is in `siblings`.
    pub own_index: usize,
}

impl WhyLevel {
    /// How many siblings are sorted ahead of the user's side.
    pub fn ahead(&self) -> usize {
        self.own_index
    }

    /// How many siblings are sorted behind it.
    pub fn behind(&self) -> usize {
        self.siblings.len() - self.own_index - 1
    }

    /// How many siblings it has besides itself (ahead and behind).
    pub fn others(&self) -> usize {
        self.siblings.len() - 1
    }

    /// The sibling sorted just ahead, if any.
    pub fn just_ahead(&self) -> Option<&WhySibling> {
        self.own_index
            .checked_sub(1)
            .and_then(|i| self.siblings.get(i))
    }

    /// The sibling sorted just behind, if any.
    pub fn just_behind(&self) -> Option<&WhySibling> {
        self.siblings.get(self.own_index + 1)
    }
}

/// The levels of user `user`'s path (a position in the ranked tree), root first; `None` when
/// `user` is not a user association of this tree.
pub fn why(ranked: &Ranked, user: usize) -> Option<Vec<WhyLevel>> {
    let (h, run) = (ranked.hierarchy(), ranked.run());
    if !h.is_user.get(user).copied().unwrap_or(false) {
        return None;
    }
    let mut path: Vec<usize> = std::iter::once(user).chain(h.fs_ancestors(user)).collect();
    path.reverse();
    let level_fs = |ix: usize| run.assocs.get(ix).and_then(|a| a.level_fs);
    let mut levels = Vec::with_capacity(path.len().saturating_sub(1));
    for pair in path.windows(2) {
        let (parent, own) = (pair[0], pair[1]);
        let order = &run.sorted_children[parent];
        let Some(own_index) = order.iter().position(|&c| c == own) else {
            // Under the documented rule a merged account's children sort in another list;
            // the level is still read from the list that holds the user's side.
            continue;
        };
        let own_lf = level_fs(own);
        let siblings = order
            .iter()
            .enumerate()
            .map(|(i, &ix)| {
                let lf = level_fs(ix);
                let standing = match i.cmp(&own_index) {
                    std::cmp::Ordering::Less => Standing::Ahead,
                    std::cmp::Ordering::Equal => Standing::Own,
                    std::cmp::Ordering::Greater => Standing::Behind,
                };
                let equal = matches!((lf, own_lf), (Some(a), Some(b)) if a == b);
                let (first, second) = match standing {
                    Standing::Ahead => (lf, own_lf),
                    Standing::Behind => (own_lf, lf),
                    Standing::Own => (None, None),
                };
                let ratio = match (first, second) {
                    (Some(a), Some(b)) if !a.is_infinite() && !b.is_infinite() && !b.is_zero() => {
                        Some(a.to_f64() / b.to_f64())
                    }
                    _ => None,
                };
                WhySibling {
                    ix,
                    is_user: h.is_user.get(ix).copied().unwrap_or(false),
                    level_fs: lf,
                    standing,
                    equal,
                    ratio,
                }
            })
            .collect();
        levels.push(WhyLevel {
            parent,
            own,
            own_level_fs: own_lf,
            siblings,
            own_index,
        });
    }
    Some(levels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TieRule;

    const TREE: &str = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1, "usage_raw": 0},
      {"id": 3, "parent": 1, "account": "b", "user": null, "shares": 1},
      {"id": 4, "parent": 2, "account": "a", "user": "me", "shares": 1, "usage_raw": 10},
      {"id": 5, "parent": 2, "account": "a", "user": "light", "shares": 1, "usage_raw": 5},
      {"id": 6, "parent": 2, "account": "a", "user": "heavy", "shares": 1, "usage_raw": 40},
      {"id": 7, "parent": 3, "account": "b", "user": "other", "shares": 1, "usage_raw": 100}
    ]}"#;

    fn ranked() -> Ranked {
        let s = crate::scenario::parse(TREE).0.unwrap();
        Ranked::new(&s.tree, TieRule::Slurm)
    }

    fn name(r: &Ranked, ix: usize) -> &str {
        r.tree().assocs()[ix].name()
    }

    fn pos(r: &Ranked, name_: &str) -> usize {
        (0..r.tree().len()).find(|&i| name(r, i) == name_).unwrap()
    }

    #[test]
    fn each_level_lists_the_siblings_in_slurms_order_with_the_users_side_among_them() {
        let r = ranked();
        let levels = why(&r, pos(&r, "me")).unwrap();
        assert_eq!(levels.len(), 2);
        // Root level: a (usage 55 of 155) ahead of b (100 of 155), same shares.
        let top = &levels[0];
        assert_eq!(name(&r, top.parent), "root");
        assert_eq!(name(&r, top.own), "a");
        assert_eq!((top.ahead(), top.behind(), top.others()), (0, 1, 1));
        let b = top.just_behind().unwrap();
        assert_eq!((name(&r, b.ix), b.standing), ("b", Standing::Behind));
        // a leads: LF(a) / LF(b) = U(b) / U(a) = 100 / 55.
        assert!(
            (b.ratio.unwrap() - 100.0 / 55.0).abs() < 1e-12,
            "{:?}",
            b.ratio
        );
        // In a: light (5) ahead, me (10), heavy (40) behind.
        let a = &levels[1];
        let names: Vec<&str> = a.siblings.iter().map(|s| name(&r, s.ix)).collect();
        assert_eq!(names, ["light", "me", "heavy"]);
        assert_eq!(a.siblings[1].standing, Standing::Own);
        assert_eq!(a.own_index, 1);
        let light = a.just_ahead().unwrap();
        assert_eq!(light.standing, Standing::Ahead);
        assert!((light.ratio.unwrap() - 2.0).abs() < 1e-12);
        assert!((a.just_behind().unwrap().ratio.unwrap() - 4.0).abs() < 1e-12);
        assert_eq!(a.siblings[1].ratio, None, "the user's own side");
        assert!(a.siblings.iter().all(|s| s.equal == (s.ix == a.own)));
    }

    #[test]
    fn the_order_agrees_with_the_ranks() {
        let r = ranked();
        let run = r.run();
        let me = pos(&r, "me");
        let levels = why(&r, me).unwrap();
        let last = levels.last().unwrap();
        for s in &last.siblings {
            let (rs, rm) = (run.assocs[s.ix].rank.unwrap(), run.assocs[me].rank.unwrap());
            match s.standing {
                Standing::Ahead => assert!(rs > rm),
                Standing::Behind => assert!(rs < rm),
                Standing::Own => assert_eq!(rs, rm),
            }
        }
    }

    #[test]
    fn accounts_and_unknown_positions_have_no_path() {
        let r = ranked();
        assert_eq!(why(&r, pos(&r, "a")), None);
        assert_eq!(why(&r, 10_000), None);
    }

    #[test]
    fn a_zero_or_infinite_level_fs_has_no_ratio() {
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": "idle", "shares": 1},
          {"id": 3, "parent": 1, "account": "a", "user": "me", "shares": 1, "usage_raw": 5},
          {"id": 4, "parent": 1, "account": "a", "user": "none", "shares": 0, "usage_raw": 5}
        ]}"#;
        let s = crate::scenario::parse(text).0.unwrap();
        let r = Ranked::new(&s.tree, TieRule::Slurm);
        let levels = why(&r, pos(&r, "me")).unwrap();
        let l = &levels[0];
        let idle = l.just_ahead().unwrap();
        assert_eq!((name(&r, idle.ix), idle.ratio), ("idle", None));
        // Behind with Level FS 0: no finite lead.
        assert_eq!(l.just_behind().unwrap().ratio, None);
        let none_side = why(&r, pos(&r, "none")).unwrap();
        assert!(none_side[0].siblings.iter().all(|s| s.ratio.is_none()));
    }
}
