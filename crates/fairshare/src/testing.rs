//! Test trees built by hand, for the crate's own tests, its integration tests, benchmarks and
//! fuzz targets (the `testing` feature; always there under `cfg(test)`). One builder per way
//! the tests name an association: by ids ([`assoc`], [`acct`], [`user`]) or under a parent
//! already built ([`root`], [`account_of`], [`user_of`]). Generated trees are `gen`.
//! Work counters read only by the resource tests (`Hierarchy::work`, `approximated`,
//! `UsageSim::work`, `approximated`) exist only with this feature as well.

use crate::ld::LongDouble;
use crate::tree::{Assoc, AssocId, Shares};

/// Most 80-bit additions one batch of job charges may spend walking up ancestor chains
/// ([`crate::decay::UsageSim`]); the resource tests go past it.
pub const EXACT_CHARGE_WORK: u64 = crate::decay::EXACT_CHARGE_WORK;

/// Shares as the tests write them: a number of shares or a [`Shares`].
pub trait IntoShares {
    /// The shares.
    fn into_shares(self) -> Shares;
}

impl IntoShares for Shares {
    fn into_shares(self) -> Shares {
        self
    }
}

impl IntoShares for u32 {
    fn into_shares(self) -> Shares {
        Shares::Value(self)
    }
}

/// Any association: `user` `None` makes an account; usage is given as a double.
pub fn assoc(
    id: u32,
    parent: Option<u32>,
    account: &str,
    user: Option<&str>,
    shares: impl IntoShares,
    usage: f64,
) -> Assoc {
    Assoc {
        id: AssocId(id),
        parent: parent.map(AssocId),
        account: account.into(),
        user: user.map(Into::into),
        partition: None,
        shares: shares.into_shares(),
        usage_raw: LongDouble::from_f64(usage),
        lineage: None,
        inferred: false,
        retained_usage: LongDouble::ZERO,
    }
}

/// An account `name` (the root when `parent` is `None`) with 1 share and no usage.
pub fn acct(id: u32, parent: Option<u32>, name: &str) -> Assoc {
    assoc(id, parent, name, None, 1, 0.0)
}

/// A user `name` of `account` (its parent `parent`) with 1 share and `usage`.
pub fn user(id: u32, parent: u32, account: &str, name: &str, usage: LongDouble) -> Assoc {
    Assoc {
        user: Some(name.into()),
        usage_raw: usage,
        ..acct(id, Some(parent), account)
    }
}

/// The root: id 1, account `root`, shares 1, no usage.
pub fn root() -> Assoc {
    acct(1, None, "root")
}

/// A sub-account `name` of `parent` (an account), with no usage of its own.
pub fn account_of(id: u32, parent: &Assoc, name: &str, shares: Shares) -> Assoc {
    Assoc {
        shares,
        ..acct(id, Some(parent.id.0), name)
    }
}

/// A user `name` in account `parent` (a user's account is its parent's).
pub fn user_of(id: u32, parent: &Assoc, name: &str, shares: Shares, usage: LongDouble) -> Assoc {
    Assoc {
        shares,
        ..user(id, parent.id.0, &parent.account, name, usage)
    }
}

/// The lab the what-changed tests share, as JSON: `bio` (users `me`, usage 10, and `labmate`,
/// usage `labmate_usage`) and `geo` (`g1`, 40, and `g2`, 50), one share each; `extra` is
/// written after the last association (`, {...}` entries, or empty).
pub fn lab_json(labmate_usage: &str, extra: &str) -> String {
    const LAB: &str = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "bio", "user": null, "shares": 1},
      {"id": 21, "parent": 2, "account": "bio", "user": "me", "shares": 1, "usage_raw": 10},
      {"id": 22, "parent": 2, "account": "bio", "user": "labmate", "shares": 1, "usage_raw": LABMATE},
      {"id": 3, "parent": 1, "account": "geo", "user": null, "shares": 1},
      {"id": 31, "parent": 3, "account": "geo", "user": "g1", "shares": 1, "usage_raw": 40},
      {"id": 32, "parent": 3, "account": "geo", "user": "g2", "shares": 1, "usage_raw": 50}EXTRA
    ]}"#;
    LAB.replace("LABMATE", labmate_usage)
        .replace("EXTRA", extra)
}

/// The tree the name-lookup tests share (`find`, the app's `me=` parameter): user `alice` in
/// accounts `physics` and `chem` and an account `alice` of its own, `Bob` in `physics` and
/// `malice` in `chem`.
pub fn names_tree() -> crate::tree::AssocTree {
    const NAMES: &str = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "physics", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "physics", "user": "alice", "shares": 1},
      {"id": 4, "parent": 2, "account": "physics", "user": "Bob", "shares": 1},
      {"id": 5, "parent": 1, "account": "chem", "user": null, "shares": 1},
      {"id": 6, "parent": 5, "account": "chem", "user": "alice", "shares": 1},
      {"id": 7, "parent": 5, "account": "chem", "user": "malice", "shares": 1},
      {"id": 8, "parent": 1, "account": "alice", "user": null, "shares": 1}
    ]}"#;
    crate::scenario::parse(NAMES)
        .0
        .expect("the names tree parses")
        .tree
}

/// Runs everything downstream of an import on the tree it gave, if any: both algorithms, the
/// sshare table in fixed width and the printed-versus-recomputed comparison under each. For the
/// property tests and the fuzz targets, which show that none of it panics on an imported tree.
pub fn exercise_import(imp: &crate::import::Imported) {
    use crate::sshare::{self, Header, SshareFlags, TextLayout};
    use crate::{Algorithm, Ranked, TieRule, import};
    let Some(s) = &imp.scenario else {
        return;
    };
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    let cols = sshare::default_columns(Algorithm::FairTree, SshareFlags::LONG_PARTITIONS);
    let _ = sshare::render(&rows, &cols, TextLayout::FixedWidth, Header::Shown);
    let _ = import::compare(&ranked, &rows, &imp.printed);
    let cl = ranked.classic(&s.params);
    let rows = sshare::classic_rows(&ranked, &cl);
    let _ = import::compare(&ranked, &rows, &imp.printed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::AssocTree;

    #[test]
    fn builders_make_a_valid_tree_of_what_they_are_given() {
        let r = root();
        let a = account_of(2, &r, "a", Shares::Parent);
        let u = user_of(3, &a, "u", Shares::Value(7), LongDouble::from_u64(5));
        let tree = AssocTree::new(vec![
            r,
            a,
            u,
            user(4, 1, "root", "v", LongDouble::ZERO),
            assoc(5, Some(1), "b", None, 3, 0.0),
        ])
        .unwrap();
        let u = &tree.assocs()[2];
        assert_eq!((u.account.as_str(), u.user.as_deref()), ("a", Some("u")));
        assert_eq!(
            (u.shares, u.usage_raw),
            (Shares::Value(7), LongDouble::from_u64(5))
        );
        assert_eq!(tree.assocs()[1].shares, Shares::Parent);
        assert_eq!(tree.assocs()[4].shares, Shares::Value(3));
        assert_eq!(tree.n_users(), 2);
        assert_eq!((tree.n_hidden(), tree.n_known_users()), (0, 2));
    }
}
