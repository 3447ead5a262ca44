//! The inspector's pure helpers: reading what was typed into a field, writing values back into
//! fields, and the choices the edit buttons offer. No Leptos, no DOM; tested natively.
//!
//! Parsing only turns text into a value. Whether the value is acceptable (negative usage, an
//! empty name, a '/' in a name, a move into its own subtree) is the engine's validation, which
//! `AppState`'s edits run and whose message the field shows.

use std::collections::HashMap;

use fairshare::diag::UsageProblem;
use fairshare::field::{self, SharesProblem};
use fairshare::{AssocId, AssocTree, LongDouble, Shares, TreeError};

use crate::messages::engine::edit_errors_text;
use crate::messages::inspector::InspectorMsg;
use crate::messages::{Lang, Message};

/// Why an edit was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// Nothing was typed.
    Empty,
    /// What is wrong with the typed shares (the engine's reading).
    Shares(SharesProblem),
    /// What is wrong with the typed raw usage (the engine's reading).
    Usage(UsageProblem),
    /// The engine refused the edit; why.
    Refused(Vec<TreeError>),
}

impl FieldError {
    /// The text of the field's alert in `lang`; associations are named as in `tree` (the tree
    /// the refused edit was made on), not by their internal ids.
    pub fn message(&self, lang: Lang, tree: &AssocTree) -> String {
        match self {
            FieldError::Empty => InspectorMsg::ErrEmpty.text(lang).to_string(),
            FieldError::Shares(problem) => {
                let msg = match problem {
                    SharesProblem::Negative => InspectorMsg::ErrSharesNegative,
                    SharesProblem::TooLarge => InspectorMsg::ErrSharesTooLarge,
                    SharesProblem::NotWhole => InspectorMsg::ErrNotWhole,
                    SharesProblem::NotANumber => InspectorMsg::ErrNotANumber,
                };
                msg.fill(lang, &[("max", &field::MAX_SHARES.to_string())])
            }
            FieldError::Usage(problem) => match problem {
                UsageProblem::TooLarge => InspectorMsg::ErrUsageTooLarge,
                UsageProblem::Negative => InspectorMsg::ErrUsageNegative,
                UsageProblem::TooLong => InspectorMsg::ErrUsageTooLong,
                UsageProblem::NotANumber => InspectorMsg::ErrNotANumber,
            }
            .text(lang)
            .to_string(),
            FieldError::Refused(errors) => InspectorMsg::ErrRefused
                .fill(lang, &[("reason", &edit_errors_text(errors, lang, tree))]),
        }
    }
}

/// Reads the Shares field: a whole number (2147483647 is FairShare=parent, as in Slurm); the
/// engine's reading ([`fairshare::field::shares`]), `-0` included.
pub fn parse_shares(text: &str) -> Result<Shares, FieldError> {
    field::shares(text)
        .map_err(FieldError::Shares)?
        .ok_or(FieldError::Empty)
}

/// Reads the Raw usage field as an 80-bit value (decimal text keeps every digit typed); the
/// engine's reading ([`fairshare::field::usage`]), which names a value too large or negative.
pub fn parse_usage(text: &str) -> Result<LongDouble, FieldError> {
    field::usage(text)
        .map_err(FieldError::Usage)?
        .ok_or(FieldError::Empty)
}

/// The text a number field shows for a usage value, such that [`parse_usage`] reads back the
/// very same 80-bit value: the shortest decimal for doubles, `%.21Lg` otherwise. Always a valid
/// HTML floating-point number.
pub fn usage_field_text(x: LongDouble) -> String {
    if x.is_exact_f64() {
        let f = x.to_f64();
        if f == 0.0 || (1e-6..1e21).contains(&f.abs()) {
            fairshare::format::shortest(f)
        } else {
            fairshare::format::shortest_exp(f)
        }
    } else {
        x.to_lg21()
    }
}

/// A usage in TRES-seconds, as readable text (an integer part with the fraction if any).
pub fn seconds_text(x: LongDouble) -> String {
    fairshare::format::trimmed(x.to_f64())
}

/// A usage in TRES-seconds converted to TRES-hours (÷ 3600), as text.
pub fn hours_text(x: LongDouble) -> String {
    fairshare::format::trimmed(x.div(LongDouble::from_u64(3600)).to_f64())
}

/// A name not yet used by any association: `base`, then `base2`, `base3`, …
pub fn fresh_name(tree: &AssocTree, base: &str) -> String {
    let taken = |name: &str| {
        tree.assocs()
            .iter()
            .any(|a| a.account == name || a.user.as_deref() == Some(name))
    };
    if !taken(base) {
        return base.to_string();
    }
    (2u32..)
        .map(|n| format!("{base}{n}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| base.to_string())
}

/// Where "Add user" and "Add account" put the new association: under the selected account, or
/// under the selected user's account.
pub fn add_parent(tree: &AssocTree, selected: AssocId) -> Option<AssocId> {
    let assoc = tree.get(selected)?;
    if assoc.is_user() {
        assoc.parent
    } else {
        Some(assoc.id)
    }
}

/// One entry of the "Move to" menu.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveTarget {
    /// The account.
    pub id: AssocId,
    /// Its name.
    pub name: String,
    /// Its depth (root = 0), for indentation.
    pub depth: usize,
    /// Whether it is the current parent.
    pub current: bool,
}

impl MoveTarget {
    /// The menu text: the name indented by depth (with no-break spaces, which `<option>` keeps).
    pub fn label(&self) -> String {
        format!("{}{}", "\u{a0}\u{a0}".repeat(self.depth), self.name)
    }
}

/// The accounts `id` can move under, in tree order (pre-order): every account outside its own
/// subtree. Empty for the root, which cannot move. Linear in the size of the tree.
pub fn move_targets(tree: &AssocTree, id: AssocId) -> Vec<MoveTarget> {
    let Some(parent) = tree.get(id).and_then(|a| a.parent) else {
        return Vec::new();
    };
    let mut children: HashMap<AssocId, Vec<AssocId>> = HashMap::new();
    for a in tree.assocs() {
        if let Some(p) = a.parent
            && !a.is_user()
        {
            children.entry(p).or_default().push(a.id);
        }
    }
    let mut res = Vec::new();
    let mut stack = vec![(tree.root().id, 0usize)];
    while let Some((at, depth)) = stack.pop() {
        // Its own subtree is skipped whole: `id` is neither listed nor descended into.
        let Some(a) = tree.get(at).filter(|_| at != id) else {
            continue;
        };
        res.push(MoveTarget {
            id: at,
            name: a.account.to_string(),
            depth,
            current: at == parent,
        });
        // Children pushed in reverse so they pop in input order.
        for &child in children.get(&at).into_iter().flatten().rev() {
            stack.push((child, depth + 1));
        }
    }
    res
}

/// The "Move to" menu lists at most this many accounts (a filter finds the others).
pub const MOVE_MENU_LIMIT: usize = 100;

/// The entries of the "Move to" menu out of `targets` (tree order): all of them when there are
/// at most [`MOVE_MENU_LIMIT`]; else, with a `filter`, the first matches by name
/// (case-insensitive), without one the accounts around the current parent in tree order; the
/// root and the current parent always, so the menu shows where the association is.
pub fn move_menu(targets: &[MoveTarget], filter: &str) -> Vec<MoveTarget> {
    if targets.len() <= MOVE_MENU_LIMIT {
        return targets.to_vec();
    }
    let needle = filter.trim().to_lowercase();
    let current = targets.iter().position(|t| t.current).unwrap_or(0);
    let mut picked: Vec<usize> = if needle.is_empty() {
        crate::widgets::row_window::window_around(targets.len(), Some(current), MOVE_MENU_LIMIT)
            .collect()
    } else {
        (0..targets.len())
            .filter(|&i| targets[i].name.to_lowercase().contains(&needle))
            .take(MOVE_MENU_LIMIT)
            .collect()
    };
    for always in [0, current] {
        if !picked.contains(&always) {
            picked.push(always);
        }
    }
    crate::sort::sort_by(&mut picked, &|a, b| a.cmp(&b));
    picked.into_iter().map(|i| targets[i].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_move_menus_are_bounded_around_the_current_parent() {
        let targets: Vec<MoveTarget> = (0..1000u32)
            .map(|i| MoveTarget {
                id: AssocId(i),
                name: format!("acct{i}"),
                depth: usize::from(i > 0),
                current: i == 700,
            })
            .collect();
        let near = move_menu(&targets, "");
        let ids: Vec<u32> = near.iter().map(|t| t.id.0).collect();
        assert_eq!(ids.len(), MOVE_MENU_LIMIT + 1, "the window and the root");
        assert_eq!(ids[0], 0);
        assert!(ids.contains(&699) && ids.contains(&700) && ids.contains(&701));
        let found = move_menu(&targets, " ACCT99");
        let ids: Vec<u32> = found.iter().map(|t| t.id.0).collect();
        assert_eq!(ids[..4], [0, 99, 700, 990]);
        assert!(ids.contains(&700), "the current parent stays");
        assert_eq!(
            move_menu(&targets[..10], "x").len(),
            10,
            "short menus list all"
        );
    }

    fn tree() -> AssocTree {
        let text = r#"{"associations": [
          {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
          {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
          {"id": 3, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": 10},
          {"id": 4, "parent": 2, "account": "a2", "user": null, "shares": 1},
          {"id": 5, "parent": 1, "account": "b", "user": null, "shares": 1},
          {"id": 6, "parent": 5, "account": "b", "user": "new_user", "shares": 1}
        ]}"#;
        fairshare::scenario::parse(text).0.unwrap().tree
    }

    #[test]
    fn shares_are_whole_numbers() {
        assert_eq!(parse_shares("5"), Ok(Shares::Value(5)));
        assert_eq!(parse_shares(" 0 "), Ok(Shares::Value(0)));
        assert_eq!(parse_shares("4294967295"), Ok(Shares::Value(u32::MAX)));
        assert_eq!(
            parse_shares("2147483647"),
            Ok(Shares::Parent),
            "Slurm's parent value"
        );
        assert_eq!(parse_shares(""), Err(FieldError::Empty));
        assert_eq!(parse_shares("  "), Err(FieldError::Empty));
        let shares = FieldError::Shares;
        assert_eq!(parse_shares("-1"), Err(shares(SharesProblem::Negative)));
        assert_eq!(parse_shares("2.5"), Err(shares(SharesProblem::NotWhole)));
        assert_eq!(
            parse_shares("4294967296"),
            Err(shares(SharesProblem::TooLarge))
        );
        assert_eq!(parse_shares("1e400"), Err(shares(SharesProblem::TooLarge)));
        assert_eq!(parse_shares("1e3"), Err(shares(SharesProblem::NotWhole)));
        assert_eq!(parse_shares("abc"), Err(shares(SharesProblem::NotANumber)));
        assert_eq!(parse_shares("0x10"), Err(shares(SharesProblem::NotANumber)));
        assert_eq!(parse_shares("nan"), Err(shares(SharesProblem::NotANumber)));
        assert_eq!(
            parse_shares("-0"),
            Ok(Shares::Value(0)),
            "as Raw usage reads -0"
        );
    }

    #[test]
    fn usage_keeps_80_bits_and_leaves_validity_to_the_engine() {
        let big = "12345678901234567890.5";
        let x = parse_usage(big).unwrap();
        assert!(!x.is_exact_f64(), "more digits than a double holds");
        assert_eq!(parse_usage(&usage_field_text(x)), Ok(x));
        assert_eq!(parse_usage("3600"), Ok(LongDouble::from_u64(3600)));
        assert_eq!(parse_usage("1e3"), Ok(LongDouble::from_u64(1000)));
        assert_eq!(
            parse_usage("-5"),
            Err(FieldError::Usage(UsageProblem::Negative))
        );
        assert_eq!(
            parse_usage("1e400"),
            Err(FieldError::Usage(UsageProblem::TooLarge))
        );
        assert_eq!(parse_usage("-0"), Ok(LongDouble::ZERO));
        assert_eq!(parse_usage(""), Err(FieldError::Empty));
        let nan = Err(FieldError::Usage(UsageProblem::NotANumber));
        assert_eq!(parse_usage("ten"), nan);
        assert_eq!(parse_usage("nan"), nan);
    }

    #[test]
    fn usage_field_text_reads_back_exactly() {
        for text in [
            "0",
            "1",
            "0.1",
            "3600",
            "1e-300",
            "1.5e19",
            "12345678901234567890.123",
            "1e-4000",
            "0.000001",
            "7.000000000000000000001",
        ] {
            let x = parse_usage(text).unwrap();
            let shown = usage_field_text(x);
            assert_eq!(parse_usage(&shown), Ok(x), "{text} shown as {shown}");
        }
        assert_eq!(usage_field_text(LongDouble::from_u64(400)), "400");
        assert_eq!(usage_field_text(LongDouble::from_f64(0.5)), "0.5");
    }

    #[test]
    fn hours_divide_by_3600() {
        assert_eq!(hours_text(LongDouble::from_u64(3600)), "1");
        assert_eq!(hours_text(LongDouble::from_u64(100_000)), "27.777778");
        assert_eq!(hours_text(LongDouble::ZERO), "0");
        assert_eq!(seconds_text(LongDouble::from_u64(400)), "400");
        assert_eq!(seconds_text(LongDouble::from_f64(2.5)), "2.5");
    }

    #[test]
    fn fresh_names_avoid_every_name_in_use() {
        let t = tree();
        assert_eq!(fresh_name(&t, "new_account"), "new_account");
        assert_eq!(fresh_name(&t, "new_user"), "new_user2");
        assert_eq!(fresh_name(&t, "a"), "a3", "a and a2 are taken");
    }

    #[test]
    fn new_associations_go_under_the_account() {
        let t = tree();
        assert_eq!(add_parent(&t, AssocId(2)), Some(AssocId(2)));
        assert_eq!(add_parent(&t, AssocId(3)), Some(AssocId(2)));
        assert_eq!(add_parent(&t, AssocId(1)), Some(AssocId(1)));
        assert_eq!(add_parent(&t, AssocId(99)), None);
    }

    #[test]
    fn move_targets_exclude_the_own_subtree() {
        let t = tree();
        let names = |id: u32| -> Vec<(String, bool)> {
            move_targets(&t, AssocId(id))
                .into_iter()
                .map(|m| (m.label(), m.current))
                .collect()
        };
        let nb = "\u{a0}\u{a0}";
        assert_eq!(
            names(3),
            vec![
                ("root".to_string(), false),
                (format!("{nb}a"), true),
                (format!("{nb}{nb}a2"), false),
                (format!("{nb}b"), false),
            ]
        );
        assert_eq!(
            names(2),
            vec![("root".to_string(), true), (format!("{nb}b"), false)]
        );
        assert!(names(1).is_empty(), "the root cannot move");
        assert!(names(99).is_empty());
    }

    #[test]
    fn move_targets_on_a_wide_tree_list_every_other_account() {
        let mut text = String::from(
            r#"{"associations": [{"id": 1, "parent": null, "account": "root", "user": null}"#,
        );
        for i in 0..20_000u32 {
            let id = 2 + i;
            text.push_str(&format!(
                r#", {{"id": {id}, "parent": 1, "account": "a{id}", "user": null}}"#
            ));
        }
        text.push_str("]}");
        let t = fairshare::scenario::parse(&text).0.unwrap().tree;
        let targets = move_targets(&t, AssocId(2));
        assert_eq!(targets.len(), 20_000, "root and every other account");
    }

    #[test]
    fn messages_name_the_problem() {
        let t = tree();
        let refused = FieldError::Refused(vec![TreeError::BadUsage(AssocId(3))]);
        let en = refused.message(Lang::En, &t);
        assert!(
            en.contains("association u1 in a: usage must be a number from 0"),
            "named by account and user, not by the internal id: {en}"
        );
        let ja = refused.message(Lang::Ja, &t);
        assert!(ja.contains("a の u1：使用量は 0 以上"), "{ja}");
        let refused = FieldError::Refused(vec![TreeError::MoveIntoOwnSubtree(AssocId(2))]);
        assert!(
            refused
                .message(Lang::En, &t)
                .contains("association a cannot move")
        );
        assert!(
            FieldError::Shares(SharesProblem::NotWhole)
                .message(Lang::En, &t)
                .contains("whole number")
        );
        let too_large = FieldError::Shares(SharesProblem::TooLarge).message(Lang::En, &t);
        assert!(
            too_large.contains("too large") && too_large.contains("4294967295"),
            "{too_large}"
        );
        let too_large = FieldError::Usage(UsageProblem::TooLarge).message(Lang::En, &t);
        assert!(
            too_large.contains("too large") && too_large.contains("18446744073709551616"),
            "{too_large}"
        );
        assert!(
            FieldError::Usage(UsageProblem::TooLarge)
                .message(Lang::Ja, &t)
                .contains("18446744073709551616")
        );
        assert_ne!(
            FieldError::Empty.message(Lang::Ja, &t),
            FieldError::Empty.message(Lang::En, &t)
        );
    }
}
