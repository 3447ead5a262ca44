//! What each column of a table holds: header names as sshare and sacctmgr print them, and the
//! column lists assumed for header-less output. sshare's own columns and lists are the
//! printer's ([`crate::sshare::Column`], [`crate::sshare::layouts_of_width`]); only sacctmgr's
//! names and the older spellings are written here.

use crate::scenario::Algorithm;
use crate::sshare::{self, Column};

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    /// A column sshare prints (sacctmgr's `Share` is [`Column::RawShares`]); `GrpTRESMins` and
    /// `TRESRunMins` are read and not needed.
    Sshare(Column),
    Id,
    ParentId,
    ParentName,
    Lineage,
    Cluster,
    /// Known and not needed (`GrpTRESRaw`, the CPU minutes of old versions).
    Quiet,
    /// Not known: ignored with a warning.
    Unknown,
}

pub(super) const ACCOUNT: Field = Field::Sshare(Column::Account);
pub(super) const SHARES: Field = Field::Sshare(Column::RawShares);

/// Header names, lower case, that are not sshare's own headers ([`Column::header`]): sacctmgr's,
/// the `format=` spellings, and older versions'. Looked up after sshare's, in this order.
const OTHER_NAMES: &[(&str, Field)] = &[
    ("acct", ACCOUNT),
    ("share", SHARES),
    ("shares", SHARES),
    ("id", Field::Id),
    ("parid", Field::ParentId),
    ("parentid", Field::ParentId),
    ("parname", Field::ParentName),
    ("parentname", Field::ParentName),
    ("lineage", Field::Lineage),
    ("cluster", Field::Cluster),
    ("grptresraw", Field::Quiet),
    // Before 17.02 the long list ended in CPU minutes rather than TRES minutes.
    ("grpcpumins", Field::Quiet),
    ("cpurunmins", Field::Quiet),
];

/// Names only sacctmgr prints.
const SACCTMGR_ONLY: &[&str] = &[
    "share",
    "shares",
    "parid",
    "parentid",
    "parname",
    "parentname",
    "lineage",
];

/// A header name as looked up: lower case, without spaces (before 16.05 sshare printed `Raw
/// Shares`, `Norm Usage`, `Effectv Usage`, `Level FS`; sacctmgr prints `Par ID`).
fn normalized(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The first known name (sshare's headers, then [`OTHER_NAMES`]) that `matches`.
fn find_name(matches: impl Fn(&str) -> bool) -> Option<Field> {
    let mut lower = String::new();
    for c in Column::ALL {
        lower.clear();
        lower.extend(c.header().chars().map(|ch| ch.to_ascii_lowercase()));
        if matches(&lower) {
            return Some(Field::Sshare(c));
        }
    }
    OTHER_NAMES
        .iter()
        .find(|(n, _)| matches(n))
        .map(|&(_, f)| f)
}

pub(super) fn field_of(name: &str) -> Field {
    let lower = normalized(name);
    if let Some(f) = find_name(|n| n == lower) {
        return f;
    }
    // A header cut by a narrow fixed-width column ends in '+': match it as a prefix.
    if let Some(stem) = lower.strip_suffix('+').filter(|s| !s.is_empty())
        && let Some(f) = find_name(|n| n.starts_with(stem))
    {
        return f;
    }
    Field::Unknown
}

pub(super) fn is_sacctmgr_header(names: &[&str]) -> bool {
    names
        .iter()
        .any(|n| SACCTMGR_ONLY.contains(&normalized(n).as_str()))
}

/// Whether these cells read as a header: an Account column and mostly known names.
pub(super) fn looks_like_header(cells: &[&str]) -> bool {
    let named: Vec<Field> = cells
        .iter()
        .filter(|c| !c.trim().is_empty())
        .map(|c| field_of(c))
        .collect();
    named.contains(&ACCOUNT)
        && named.iter().filter(|f| **f != Field::Unknown).count() * 2 >= named.len()
}

/// The sshare column list of header-less output with `n` fields (the printer's own,
/// [`sshare::layouts_of_width`]); with 11, Fair Tree's `-l` or classic's `-l -m`.
fn sshare_list(n: usize, eleven_is_fair_tree: bool) -> Option<&'static [Column]> {
    let want = if eleven_is_fair_tree {
        Algorithm::FairTree
    } else {
        Algorithm::Classic
    };
    let mut first = None;
    for l in sshare::layouts_of_width(n) {
        if l.algorithm == want {
            return Some(l.columns);
        }
        first = first.or(Some(l.columns));
    }
    first
}

/// Column lists of header-less sshare output, by field count.
pub(super) fn sshare_columns(n: usize, eleven_is_fair_tree: bool) -> Option<Vec<Field>> {
    sshare_list(n, eleven_is_fair_tree).map(|c| c.iter().map(|&c| Field::Sshare(c)).collect())
}

/// Column lists of header-less sacctmgr output, by field count.
pub(super) fn sacctmgr_columns(n: usize) -> Option<Vec<Field>> {
    use Column::{Account, Partition, User};
    use Field::*;
    match n {
        3 => Some(vec![Sshare(Account), Sshare(User), SHARES]),
        9 => Some(vec![
            Cluster,
            Id,
            ParentId,
            Sshare(Account),
            Sshare(User),
            Sshare(Partition),
            ParentName,
            SHARES,
            Lineage,
        ]),
        _ => None,
    }
}

/// The names of an assumed column list, for the diagnostic that says which was assumed.
pub(super) fn list_names(fields: &[Field], sacctmgr: bool) -> String {
    let name = |f: &Field| match f {
        &SHARES if sacctmgr => "Share",
        Field::Sshare(c) => c.header(),
        Field::Id => "ID",
        Field::ParentId => "ParentID",
        Field::ParentName => "ParentName",
        Field::Lineage => "Lineage",
        Field::Cluster => "Cluster",
        Field::Quiet | Field::Unknown => "?",
    };
    fields.iter().map(name).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_recognised() {
        assert_eq!(field_of("EffectvUs+"), Field::Sshare(Column::EffectvUsage));
        assert_eq!(field_of("Par ID"), Field::ParentId);
        assert_eq!(field_of("Bogus"), Field::Unknown);
        assert!(looks_like_header(&["Account", "User", "RawShares"]));
        assert!(!looks_like_header(&["root", "", "", "0.000000"]));
    }

    #[test]
    fn cut_headers_resolve_as_before_the_table_was_shared() {
        // A prefix is matched against sshare's headers first, then sacctmgr's names.
        assert_eq!(field_of("Par+"), Field::Sshare(Column::Partition));
        assert_eq!(field_of("Sha+"), SHARES);
        assert_eq!(field_of("Acc+"), ACCOUNT);
        assert_eq!(field_of("Ac+"), ACCOUNT);
        assert_eq!(field_of("L+"), Field::Sshare(Column::LevelFS));
        assert_eq!(field_of("Lin+"), Field::Lineage);
        assert_eq!(field_of("GrpTRES+"), Field::Sshare(Column::GrpTRESMins));
        assert_eq!(field_of("Cl+"), Field::Cluster);
        assert_eq!(field_of("ParentN+"), Field::ParentName);
    }

    #[test]
    fn header_less_lists_are_the_printers() {
        let names = |n, ft| sshare_columns(n, ft).map(|f| list_names(&f, false));
        assert_eq!(
            names(7, true).as_deref(),
            Some("Account,User,RawShares,NormShares,RawUsage,EffectvUsage,FairShare")
        );
        assert!(names(11, true).unwrap().contains("LevelFS"));
        assert!(names(11, false).unwrap().contains("Partition"));
        assert_eq!(names(9, true), None);
        assert_eq!(
            list_names(&sacctmgr_columns(3).unwrap(), true),
            "Account,User,Share"
        );
    }
}
