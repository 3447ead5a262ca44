//! Finding associations by name: what a person types to find themselves in a big tree.
//!
//! A query is `user`, `account`, or `account/user` (one user association of that account).
//! Names compare without regard to case (Unicode lowercase). A name matches a query part
//! exactly, by prefix, or by substring; results come best first (exact, then prefix, then
//! substring; users before accounts; then the tree's order), so the first result of a name
//! that exists is that association. One pass over the tree: O(N · name length).

use crate::tree::{AssocKind, AssocTree};

/// How well a name matched a query part (the better, the smaller).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quality {
    /// The whole name, ignoring case.
    Exact,
    /// The name starts with the query.
    Prefix,
    /// The name contains the query.
    Substring,
}

/// One found association.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its index in [`AssocTree::assocs`].
    pub ix: usize,
    /// How well it matched (for `account/user`, the worse of the two parts).
    pub quality: Quality,
}

/// A parsed query: lowercase parts.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Query {
    /// A bare name: users by user name, accounts (and the root) by account name.
    Name(String),
    /// `account/user`: user associations of that account.
    Pair(String, String),
}

fn parse(query: &str) -> Option<Query> {
    let query = query.trim();
    if query.is_empty() {
        return None;
    }
    Some(match query.split_once('/') {
        Some((account, user)) => {
            let (account, user) = (account.trim(), user.trim());
            if user.is_empty() {
                Query::Name(account.to_lowercase())
            } else {
                Query::Pair(account.to_lowercase(), user.to_lowercase())
            }
        }
        None => Query::Name(query.to_lowercase()),
    })
}

/// How `name` matches the lowercase `part` (an empty part matches everything, by substring).
fn quality(name: &str, part: &str) -> Option<Quality> {
    let name = name.to_lowercase();
    if name == part {
        Some(Quality::Exact)
    } else if name.starts_with(part) {
        Some(Quality::Prefix)
    } else if name.contains(part) {
        Some(Quality::Substring)
    } else {
        None
    }
}

/// The associations that match `query`, best first, at most `limit` of them.
pub fn find(tree: &AssocTree, query: &str, limit: usize) -> Vec<Found> {
    let Some(query) = parse(query) else {
        return Vec::new();
    };
    // Buckets by (quality, accounts after users); each stops growing at `limit`.
    let mut buckets: [Vec<Found>; 6] = Default::default();
    for (ix, a) in tree.assocs().iter().enumerate() {
        let found = match (&query, &a.user) {
            (Query::Name(q), Some(user)) => quality(user, q).map(|q| (q, 0)),
            (Query::Name(q), None) => quality(&a.account, q).map(|q| (q, 1)),
            (Query::Pair(acc, usr), Some(user)) => {
                match (quality(&a.account, acc), quality(user, usr)) {
                    (Some(qa), Some(qu)) => Some((qa.max(qu), 0)),
                    _ => None,
                }
            }
            (Query::Pair(..), None) => None,
        };
        if let Some((quality, kind)) = found {
            let bucket = &mut buckets[quality as usize * 2 + kind];
            if bucket.len() < limit {
                bucket.push(Found { ix, quality });
            }
        }
    }
    buckets.into_iter().flatten().take(limit).collect()
}

/// The one association `query` names exactly (`user`, `account` or `account/user`): users
/// before accounts, then the first in the tree's order. `None` when no name matches exactly.
pub fn resolve(tree: &AssocTree, query: &str) -> Option<usize> {
    find(tree, query, 1)
        .first()
        .filter(|f| f.quality == Quality::Exact)
        .map(|f| f.ix)
}

/// Every association `query` names exactly, in [`resolve`]'s order, at most `limit`: its users
/// (a user name may be in several accounts), or, when no user has the name, its accounts.
/// The first is [`resolve`]'s; more than one means the name alone is ambiguous.
pub fn resolve_all(tree: &AssocTree, query: &str, limit: usize) -> Vec<usize> {
    let found = find(tree, query, limit);
    let first_is_user = found.first().map(|f| is_user(tree, f.ix));
    found
        .into_iter()
        .take_while(|f| f.quality == Quality::Exact && Some(is_user(tree, f.ix)) == first_is_user)
        .map(|f| f.ix)
        .collect()
}

/// How to name association `ix` so that [`resolve`] finds it again: a user's name, or
/// `account/user` when that user name has several associations. Empty for no association.
pub fn unambiguous_name(tree: &AssocTree, ix: usize) -> String {
    let Some(a) = tree.assocs().get(ix) else {
        return String::new();
    };
    let name = a.name();
    let several = tree
        .assocs()
        .iter()
        .filter(|b| b.is_user() && b.name() == name)
        .nth(1)
        .is_some();
    if a.is_user() && several {
        qualified_name(tree, ix)
    } else {
        name.to_string()
    }
}

/// Association `ix` named with its account, as [`resolve`] reads it back: `account/user` for a
/// user (whether or not the user name is ambiguous), the account's name for an account. Empty
/// for no association.
pub fn qualified_name(tree: &AssocTree, ix: usize) -> String {
    let Some(a) = tree.assocs().get(ix) else {
        return String::new();
    };
    match &a.user {
        Some(user) => format!("{}/{user}", a.account),
        None => a.account.to_string(),
    }
}

/// Whether association `ix` is a user (for callers that show kinds next to results).
pub fn is_user(tree: &AssocTree, ix: usize) -> bool {
    tree.assocs()
        .get(ix)
        .is_some_and(|a| a.kind() == AssocKind::User)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::names_tree as tree;

    fn ids(tree: &AssocTree, found: &[Found]) -> Vec<u32> {
        found.iter().map(|f| tree.assocs()[f.ix].id.0).collect()
    }

    /// A user is named `account/user` even where the user name alone is unambiguous; an account
    /// by its name; and each qualified name finds its association again.
    #[test]
    fn a_qualified_name_carries_the_account_and_resolves_back() {
        let t = tree();
        let names: Vec<String> = (0..t.len()).map(|ix| qualified_name(&t, ix)).collect();
        assert_eq!(
            names,
            [
                "root",
                "physics",
                "physics/alice",
                "physics/Bob",
                "chem",
                "chem/alice",
                "chem/malice",
                "alice"
            ]
        );
        for (ix, name) in names.iter().enumerate().filter(|&(ix, _)| is_user(&t, ix)) {
            assert_eq!(resolve(&t, name), Some(ix), "{name}");
        }
        assert_eq!(qualified_name(&t, t.len()), "");
    }

    /// The name said for each association finds that association again.
    #[test]
    fn an_unambiguous_name_resolves_to_its_association() {
        let t = tree();
        let names: Vec<String> = (0..t.len()).map(|ix| unambiguous_name(&t, ix)).collect();
        assert_eq!(
            names,
            [
                "root",
                "physics",
                "physics/alice",
                "Bob",
                "chem",
                "chem/alice",
                "malice",
                "alice"
            ]
        );
        for (ix, name) in names.iter().enumerate().filter(|(ix, _)| is_user(&t, *ix)) {
            assert_eq!(resolve(&t, name), Some(ix), "{name}");
        }
        assert_eq!(unambiguous_name(&t, 99), "");
    }

    #[test]
    fn resolve_all_lists_every_exact_match_of_the_first_kind() {
        let t = tree();
        let ids = |q: &str| -> Vec<u32> {
            resolve_all(&t, q, 10)
                .into_iter()
                .map(|ix| t.assocs()[ix].id.0)
                .collect()
        };
        assert_eq!(ids("alice"), [3, 6], "two users, not the account alice");
        assert_eq!(ids("chem/alice"), [6]);
        assert_eq!(ids("physics"), [2]);
        assert_eq!(ids("nobody"), Vec::<u32>::new());
        assert_eq!(ids("ali"), Vec::<u32>::new(), "a prefix is not a name");
        assert_eq!(resolve_all(&t, "alice", 1).len(), 1, "bounded");
        let first = resolve(&t, "alice").unwrap();
        assert_eq!(resolve_all(&t, "alice", 10)[0], first);
    }

    #[test]
    fn exact_then_prefix_then_substring_users_first() {
        let t = tree();
        assert_eq!(ids(&t, &find(&t, "alice", 10)), [3, 6, 8, 7]);
        assert_eq!(ids(&t, &find(&t, "ALI", 10)), [3, 6, 8, 7]);
        assert_eq!(find(&t, "ali", 10)[0].quality, Quality::Prefix);
        assert_eq!(ids(&t, &find(&t, "bob", 10)), [4]);
        assert_eq!(ids(&t, &find(&t, "ics", 10)), [2]);
        assert_eq!(ids(&t, &find(&t, "alice", 2)), [3, 6]);
        assert!(find(&t, "  ", 10).is_empty());
        assert!(find(&t, "nobody", 10).is_empty());
    }

    #[test]
    fn account_slash_user_picks_one_user_association() {
        let t = tree();
        assert_eq!(ids(&t, &find(&t, "chem/alice", 10)), [6, 7]);
        assert_eq!(
            resolve(&t, "chem/alice").map(|ix| t.assocs()[ix].id.0),
            Some(6)
        );
        assert_eq!(
            resolve(&t, "physics/alice").map(|ix| t.assocs()[ix].id.0),
            Some(3)
        );
        assert_eq!(
            resolve(&t, "physics/").map(|ix| t.assocs()[ix].id.0),
            Some(2)
        );
        assert_eq!(resolve(&t, "chem/bob"), None);
        assert_eq!(resolve(&t, "ali"), None, "only exact names resolve");
        assert_eq!(resolve(&t, "root").map(|ix| t.assocs()[ix].id.0), Some(1));
        assert!(is_user(&t, 2) && !is_user(&t, 1) && !is_user(&t, 99));
    }

    #[test]
    fn linear_on_a_big_tree() {
        let s = crate::r#gen::scenario(20_000, 3);
        let name = s.tree.assocs().last().unwrap().name().to_string();
        let ix = resolve(&s.tree, &name).unwrap();
        assert_eq!(s.tree.assocs()[ix].name(), name);
    }
}
