//! Turns rows read from any text format into an [`AssocTree`]: ids, parents (by indentation, by
//! account name, or by id), left-out subtrees, and the lineage that keeps Slurm's row order.
//!
//! Rows arrive already parsed ([`Record`]); a row with a problem arrives with `bad` set and its
//! diagnostic already reported. This module decides who hangs under whom, leaves out whatever
//! hangs under a bad row (naming each line), and never panics.

use std::collections::HashMap;

use super::{Diags, PrintedRow, clip};
use crate::diag::DiagKind;
use crate::ld::LongDouble;
use crate::name::Name;
use crate::tree::{Assoc, AssocId, AssocTree, Shares};

/// One row of the input, parsed.
#[derive(Clone, Debug)]
pub(super) struct Record {
    /// 1-based input line.
    pub line: usize,
    /// 1-based data-row number (the id when the input carries none).
    pub ordinal: u32,
    /// Leading spaces of the Account cell, where the format indents.
    pub depth: usize,
    /// Account name (for a user row: the account it names).
    pub account: String,
    /// User name, for user rows.
    pub user: Option<String>,
    /// Partition, for per-partition user associations.
    pub partition: Option<String>,
    /// Raw shares; `None` for a blank cell or no shares column.
    pub shares: Option<Shares>,
    /// RawUsage.
    pub usage: Option<LongDouble>,
    /// Id from the input (`ID` column, JSON `id`).
    pub id: Option<u32>,
    /// Parent id from the input (`ParentID`; 0 means none).
    pub parent_id: Option<u32>,
    /// Parent account name from the input (`ParentName`, JSON `parent` of account rows).
    pub parent_name: Option<String>,
    /// Lineage from the input.
    pub lineage: Option<String>,
    /// The row could not be read; it and everything under it are left out.
    pub bad: bool,
}

impl Record {
    /// Row `ordinal` at input `line`, indented `depth`, before any of its cells is read: no
    /// names, no numbers, readable. Every reader starts a row here and fills in what it finds.
    pub fn empty(line: usize, ordinal: u32, depth: usize) -> Record {
        Record {
            line,
            ordinal,
            depth,
            account: String::new(),
            user: None,
            partition: None,
            shares: None,
            usage: None,
            id: None,
            parent_id: None,
            parent_name: None,
            lineage: None,
            bad: false,
        }
    }
}

/// How rows say who their parent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Linking {
    /// One leading space per level (sshare, `sacctmgr ... tree`).
    Indentation,
    /// Account rows name their parent account; user rows name their account (`sshare --json`,
    /// sacctmgr with `ParentName`).
    Names,
    /// `ID` and `ParentID` columns.
    Ids,
}

/// How to build.
#[derive(Clone, Copy, Debug)]
pub(super) struct Options {
    /// How parents are found.
    pub linking: Linking,
    /// Whether ids come from the input (else the row ordinal).
    pub ids_from_input: bool,
    /// Whether names may have been cut by a fixed-width column (`abc+`).
    pub cut_names: bool,
    /// The algorithm that printed the values (NormShares is a level fraction under Fair Tree,
    /// a product of fractions under classic).
    pub algorithm: crate::scenario::Algorithm,
}

/// Where a row's parent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parent {
    /// This row is the root.
    Root,
    /// Another row.
    Rec(usize),
    /// An association added by the import (a missing root or account).
    Synth(usize),
    /// Not found (the row is bad).
    None,
}

/// An association the input implies but does not print (the root of `sshare -A` output, or
/// the account of a user printed without it).
struct Synth {
    account: String,
    parent: Parent,
    id: u32,
}

/// Whether a user row's account cell names `account`, allowing for fixed-width cuts
/// (`longaccountnam+`).
fn same_account(cell: &str, account: &str, cut_names: bool) -> bool {
    if cell == account {
        return true;
    }
    if !cut_names {
        return false;
    }
    let (a, a_cut) = match cell.strip_suffix('+') {
        Some(s) => (s, true),
        None => (cell, false),
    };
    let (b, b_cut) = match account.strip_suffix('+') {
        Some(s) => (s, true),
        None => (account, false),
    };
    (a_cut && b.starts_with(a))
        || (b_cut && a.starts_with(b))
        || (a_cut && b_cut && (a.starts_with(b) || b.starts_with(a)))
}

/// The sibling sort key Slurm's lineage gives (see [`crate::hierarchy`]), compared without
/// allocating: users `0-<user>/` (+ `<partition>/`), accounts `<account>/`.
fn suffix_parts(a: &Assoc) -> [&[u8]; 5] {
    match (&a.user, &a.partition) {
        (Some(u), Some(p)) => [b"0-", u.as_bytes(), b"/", p.as_bytes(), b"/"],
        (Some(u), None) => [b"0-", u.as_bytes(), b"/", b"", b""],
        (None, _) => [a.account.as_bytes(), b"/", b"", b"", b""],
    }
}

fn suffix_le(a: &Assoc, b: &Assoc) -> bool {
    cmp_segments(&suffix_parts(a), &suffix_parts(b)).is_le()
}

/// Compares the concatenations of two lists of byte strings, without concatenating.
fn cmp_segments(mut x: &[&[u8]], mut y: &[&[u8]]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let mut a: &[u8] = &[];
    let mut b: &[u8] = &[];
    loop {
        while a.is_empty() {
            match x.split_first() {
                Some((h, t)) => {
                    a = h;
                    x = t;
                }
                None => break,
            }
        }
        while b.is_empty() {
            match y.split_first() {
                Some((h, t)) => {
                    b = h;
                    y = t;
                }
                None => break,
            }
        }
        match (a.is_empty(), b.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            (false, false) => {}
        }
        let n = a.len().min(b.len());
        match a[..n].cmp(&b[..n]) {
            Ordering::Equal => {
                a = &a[n..];
                b = &b[n..];
            }
            other => return other,
        }
    }
}

/// Builds the tree from the records. Returns the tree (when the rows that could be read form
/// one) and the printed rows of the associations in it.
pub(super) fn build(
    mut recs: Vec<Record>,
    mut printed: Vec<PrintedRow>,
    opts: &Options,
    diags: &mut Diags,
) -> (Option<AssocTree>, Vec<PrintedRow>) {
    let n = recs.len();
    // One printed row per record (the readers guarantee it; this keeps indexing safe anyway).
    printed.resize_with(n, empty_printed);
    if n == 0 {
        diags.error(None, DiagKind::NoRows);
        return (None, Vec::new());
    }

    // --- Ids -----------------------------------------------------------------------------
    let mut ids = vec![0u32; n];
    let mut by_id: HashMap<u32, usize> = HashMap::new();
    for (i, r) in recs.iter_mut().enumerate() {
        let id = if opts.ids_from_input {
            match r.id {
                Some(id) => id,
                None => {
                    if !r.bad {
                        diags.error(Some(r.line), DiagKind::NoId);
                    }
                    r.bad = true;
                    continue;
                }
            }
        } else {
            r.ordinal
        };
        ids[i] = id;
        if !opts.ids_from_input {
            // Row numbers are unique.
            continue;
        }
        if let Some(&first) = by_id.get(&id) {
            if !r.bad {
                diags.error(Some(r.line), DiagKind::IdTwice { id, first });
            }
            r.bad = true;
        } else {
            by_id.insert(id, r.line);
        }
    }
    // Record index by id (first holder), for linking by id.
    let mut rec_of_id: HashMap<u32, usize> = HashMap::with_capacity(n);
    for (i, r) in recs.iter().enumerate() {
        if opts.ids_from_input && r.id.is_some() {
            rec_of_id.entry(ids[i]).or_insert(i);
        }
    }
    let mut next_synth_id = ids.iter().copied().max().unwrap_or(0).saturating_add(1);
    let mut synths: Vec<Synth> = Vec::new();
    let mut parents = vec![Parent::None; n];

    // --- Parents -------------------------------------------------------------------------
    match opts.linking {
        Linking::Indentation => link_by_indentation(
            &mut recs,
            opts,
            &mut parents,
            &mut synths,
            &mut next_synth_id,
            diags,
        ),
        Linking::Names => link_by_names(&mut recs, &mut parents, diags),
        Linking::Ids => {
            let mut root_seen: Option<usize> = None;
            for i in 0..n {
                let r = &recs[i];
                match r.parent_id {
                    None | Some(0) => {
                        if r.user.is_some() {
                            if !r.bad {
                                diags.error(Some(r.line), DiagKind::UserNoParentId);
                            }
                            recs[i].bad = true;
                        } else if let Some(first) = root_seen {
                            if !r.bad {
                                diags.error(
                                    Some(r.line),
                                    DiagKind::SecondRoot {
                                        root_line: recs[first].line,
                                    },
                                );
                            }
                            recs[i].bad = true;
                        } else {
                            root_seen = Some(i);
                            parents[i] = Parent::Root;
                        }
                    }
                    Some(p) => match rec_of_id.get(&p) {
                        Some(&j) if j != i => parents[i] = Parent::Rec(j),
                        _ => {
                            if !r.bad {
                                diags.error(Some(r.line), DiagKind::ParentIdUnknown { parent: p });
                            }
                            recs[i].bad = true;
                        }
                    },
                }
            }
        }
    }

    // A user association cannot hold anything.
    for i in 0..n {
        if let Parent::Rec(j) = parents[i]
            && recs[j].user.is_some()
            && !recs[i].bad
        {
            diags.error(
                Some(recs[i].line),
                DiagKind::ParentRowIsUser {
                    parent_line: recs[j].line,
                },
            );
            recs[i].bad = true;
        }
    }

    // --- Leave out whatever hangs under a bad row (and break loops) ----------------------
    // state: 0 unknown, 1 in the tree, 2 left out, 3 being walked.
    let mut state = vec![0u8; n];
    for start in 0..n {
        if state[start] != 0 {
            continue;
        }
        let mut path: Vec<usize> = Vec::new();
        let mut cur = start;
        let verdict = loop {
            match state[cur] {
                1 => break 1u8,
                2 => break 2,
                3 => {
                    // A loop of ParentIDs or names: every member is left out.
                    for &k in &path {
                        if !recs[k].bad {
                            diags.error(Some(recs[k].line), DiagKind::SelfAncestor);
                        }
                        recs[k].bad = true;
                    }
                    break 2;
                }
                _ => {}
            }
            if recs[cur].bad {
                state[cur] = 2;
                break 2;
            }
            state[cur] = 3;
            path.push(cur);
            match parents[cur] {
                Parent::Root | Parent::Synth(_) => break 1,
                Parent::Rec(j) => cur = j,
                Parent::None => {
                    recs[cur].bad = true;
                    break 2;
                }
            }
        };
        for &k in &path {
            if verdict == 2 && !recs[k].bad {
                let anc = match parents[k] {
                    Parent::Rec(j) => Some(recs[j].line),
                    _ => None,
                };
                diags.error(Some(recs[k].line), DiagKind::LeftOut { under: anc });
                recs[k].bad = true;
            }
            state[k] = verdict;
        }
    }

    // --- Assemble -----------------------------------------------------------------------
    let synth_ids: Vec<u32> = synths.iter().map(|s| s.id).collect();
    let id_of_parent = |p: Parent| -> Option<AssocId> {
        match p {
            Parent::Root | Parent::None => None,
            Parent::Rec(j) => Some(AssocId(ids[j])),
            Parent::Synth(k) => synth_ids.get(k).map(|&id| AssocId(id)),
        }
    };
    let mut assocs: Vec<Assoc> = Vec::with_capacity(n + synths.len());
    let mut lines: Vec<Option<usize>> = Vec::with_capacity(n + synths.len());
    for s in &synths {
        assocs.push(Assoc {
            id: AssocId(s.id),
            parent: id_of_parent(s.parent),
            account: s.account.as_str().into(),
            user: None,
            partition: None,
            shares: Shares::Value(1),
            usage_raw: LongDouble::ZERO,
            lineage: None,
            // The root of rows cut from a larger output is not the cluster's: the tree is
            // partial. (An account added for a user printed without it is named: not inferred.)
            inferred: s.parent == Parent::Root,
            retained_usage: LongDouble::ZERO,
        });
        lines.push(None);
    }
    for i in 0..n {
        if recs[i].bad {
            continue;
        }
        let parent = parents[i];
        // A user row repeats its account's name: move it instead of copying (the common case),
        // but take the parent's name when it differs (a name cut by a fixed-width column).
        // Account names are copied: rows below may still need them.
        let account = if recs[i].user.is_some() {
            let parent_name: Option<&str> = match parent {
                _ if opts.linking == Linking::Ids => None,
                Parent::Rec(j) => Some(recs[j].account.as_str()),
                Parent::Synth(k) => synths.get(k).map(|s| s.account.as_str()),
                Parent::Root | Parent::None => None,
            };
            match parent_name {
                Some(p) if p != recs[i].account => p.to_string(),
                _ => std::mem::take(&mut recs[i].account),
            }
        } else {
            recs[i].account.clone()
        };
        let r = &mut recs[i];
        let shares = match r.shares {
            Some(s) => s,
            // The root prints no shares; Slurm's database gives it 1 (it changes no number).
            None => Shares::Value(1),
        };
        let usage_raw = if r.user.is_some() {
            r.usage.unwrap_or(LongDouble::ZERO)
        } else {
            LongDouble::ZERO
        };
        assocs.push(Assoc {
            id: AssocId(ids[i]),
            parent: id_of_parent(parent),
            account: account.into(),
            user: r.user.take().map(Name::from),
            partition: r.partition.take().map(Name::from),
            shares,
            usage_raw,
            lineage: r.lineage.take().map(Name::from),
            inferred: false,
            retained_usage: LongDouble::ZERO,
        });
        lines.push(Some(r.line));
    }
    let mut k = 0;
    printed.retain_mut(|p| {
        let i = k;
        k += 1;
        match recs.get(i) {
            Some(r) if !r.bad => {
                p.id = AssocId(ids[i]);
                p.line = Some(r.line);
                true
            }
            _ => false,
        }
    });
    if assocs.is_empty() {
        diags.error(None, DiagKind::NothingRead);
        return (None, Vec::new());
    }
    let mut assocs = complete(assocs, &printed, opts.algorithm);

    // --- Keep the printed order ----------------------------------------------------------
    if assocs.iter().all(|a| a.lineage.is_none()) && !in_lineage_order(&assocs) {
        set_order_lineages(&mut assocs);
        diags.warning(None, DiagKind::NotLineageOrder);
    }

    match AssocTree::new(assocs) {
        Ok(tree) => (Some(tree), printed),
        Err(errors) => {
            let line_of: HashMap<u32, Option<usize>> = lines
                .iter()
                .zip(ids_for_lines(&synth_ids, &ids, &recs))
                .map(|(l, id)| (id, *l))
                .collect();
            for e in errors {
                let line = e
                    .assoc()
                    .and_then(|id| line_of.get(&id.0).copied().flatten());
                diags.error(line, DiagKind::Tree(e));
            }
            (None, Vec::new())
        }
    }
}

/// The ids in the order assocs were assembled (synthetic first, then good records).
fn ids_for_lines(synth_ids: &[u32], ids: &[u32], recs: &[Record]) -> Vec<u32> {
    let mut out = synth_ids.to_vec();
    out.extend(
        recs.iter()
            .zip(ids)
            .filter(|(r, _)| !r.bad)
            .map(|(_, &id)| id),
    );
    out
}

pub(super) fn empty_printed() -> PrintedRow {
    PrintedRow {
        id: AssocId(0),
        line: None,
        raw_usage: None,
        norm_shares: None,
        norm_usage: None,
        effective_usage: None,
        fairshare: None,
        level_fs: None,
    }
}

fn link_by_indentation(
    recs: &mut [Record],
    opts: &Options,
    parents: &mut [Parent],
    synths: &mut Vec<Synth>,
    next_synth_id: &mut u32,
    diags: &mut Diags,
) {
    // The path of account rows above the current row: (depth, parent reference). A synthetic
    // root sits at depth -1 so that the top-level rows under it are at depth 0.
    let mut stack: Vec<(i64, Parent)> = Vec::new();
    let first_is_root = recs
        .first()
        .is_some_and(|r| r.user.is_none() && r.depth == 0 && r.account == "root");
    let mut synthetic_root: Option<usize> = None;
    if !first_is_root {
        let line = recs.first().map(|r| r.line);
        diags.warning(line, DiagKind::RootAdded);
        synths.push(Synth {
            account: "root".into(),
            parent: Parent::Root,
            id: *next_synth_id,
        });
        *next_synth_id = next_synth_id.saturating_add(1);
        synthetic_root = Some(synths.len() - 1);
        // Rows cut out of a larger output keep their indentation: the least indented hang
        // under the added root.
        let top = recs.iter().map(|r| r.depth as i64).min().unwrap_or(0);
        stack.push((top - 1, Parent::Synth(synths.len() - 1)));
    }
    // Accounts seen so far by name, for users printed without their account row.
    let mut account_named: HashMap<String, Parent> = HashMap::new();
    for i in 0..recs.len() {
        let d = recs[i].depth as i64;
        let line = recs[i].line;
        if i == 0 && first_is_root {
            parents[0] = Parent::Root;
            stack.push((0, Parent::Rec(0)));
            account_named.insert(recs[0].account.clone(), Parent::Rec(0));
            continue;
        }
        while stack.last().is_some_and(|&(sd, _)| sd >= d) {
            stack.pop();
        }
        let top = stack.last().copied();
        let is_user = recs[i].user.is_some();
        let parent = match top {
            None => {
                if !recs[i].bad {
                    diags.error(Some(line), DiagKind::SecondTopLevel);
                }
                Parent::None
            }
            // Under a root added above cut rows (`sshare -A`, `grep`), rows keep the
            // indentation of the output they were cut from: any depth is a top-level row.
            Some((sd, p)) if sd + 1 < d && sd >= 0 => {
                if !recs[i].bad {
                    let msg = match p {
                        Parent::Rec(j) => DiagKind::IndentUnder {
                            spaces: d,
                            above_line: recs[j].line,
                            above_spaces: sd,
                        },
                        _ => DiagKind::IndentTop { spaces: d },
                    };
                    diags.error(Some(line), msg);
                }
                Parent::None
            }
            Some((_, Parent::Rec(j))) if is_user => {
                // Under a row that could not be read, the name cannot be checked; the row is
                // left out with it anyway.
                if recs[j].bad || same_account(&recs[i].account, &recs[j].account, opts.cut_names) {
                    Parent::Rec(j)
                } else {
                    if !recs[i].bad {
                        diags.error(
                            Some(line),
                            DiagKind::UserUnderOtherAccount {
                                account: clip(&recs[i].account),
                                above: clip(&recs[j].account),
                                above_line: recs[j].line,
                            },
                        );
                    }
                    Parent::None
                }
            }
            Some((_, Parent::Synth(k))) if is_user && Some(k) == synthetic_root => {
                // A user printed without its account row (sshare -U): find or add the account.
                match account_named.get(&recs[i].account) {
                    Some(&p) => p,
                    None => {
                        diags.warning(
                            Some(line),
                            DiagKind::AccountAdded {
                                account: clip(&recs[i].account),
                            },
                        );
                        synths.push(Synth {
                            account: recs[i].account.clone(),
                            parent: Parent::Synth(k),
                            id: *next_synth_id,
                        });
                        *next_synth_id = next_synth_id.saturating_add(1);
                        let p = Parent::Synth(synths.len() - 1);
                        account_named.insert(recs[i].account.clone(), p);
                        p
                    }
                }
            }
            Some((_, p)) => p,
        };
        if parent == Parent::None {
            recs[i].bad = true;
        }
        parents[i] = parent;
        if !is_user {
            // Bad account rows stay on the path, so that what hangs under them is left out.
            stack.push((d, Parent::Rec(i)));
            if !recs[i].bad {
                account_named.insert(recs[i].account.clone(), Parent::Rec(i));
            }
        }
    }
}

fn link_by_names(recs: &mut [Record], parents: &mut [Parent], diags: &mut Diags) {
    // Every account row by name, in order (bad ones too, so that their children are left out
    // with a clear reason rather than "not found").
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, r) in recs.iter().enumerate() {
        if r.user.is_none() {
            by_name.entry(r.account.as_str()).or_default().push(i);
        }
    }
    let mut root: Option<usize> = None;
    let mut found = vec![Parent::None; recs.len()];
    let mut errors: Vec<(usize, DiagKind)> = Vec::new();
    for (i, r) in recs.iter().enumerate() {
        let wanted: &str = if r.user.is_some() {
            &r.account
        } else {
            match r.parent_name.as_deref() {
                Some(p) if !p.is_empty() => p,
                _ => {
                    if let Some(first) = root {
                        errors.push((
                            i,
                            DiagKind::SecondParentless {
                                root_line: recs[first].line,
                            },
                        ));
                    } else {
                        root = Some(i);
                        found[i] = Parent::Root;
                    }
                    continue;
                }
            }
        };
        // The nearest account row of that name before this row (Slurm lists parents first),
        // else the first after it.
        let candidates = by_name.get(wanted).map(Vec::as_slice).unwrap_or(&[]);
        // `candidates` is ascending: binary searches, not a scan per row (200,000 accounts of one
        // name would make that quadratic).
        let below = candidates.partition_point(|&j| j < i);
        let before = below.checked_sub(1).map(|k| &candidates[k]);
        let after = candidates.get(candidates.partition_point(|&j| j <= i));
        match before.or(after) {
            Some(&j) => found[i] = Parent::Rec(j),
            None => errors.push((
                i,
                if r.user.is_some() {
                    DiagKind::UserAccountMissing {
                        account: clip(wanted),
                    }
                } else {
                    DiagKind::ParentAccountMissing {
                        account: clip(wanted),
                    }
                },
            )),
        }
    }
    for (i, msg) in errors {
        if !recs[i].bad {
            diags.error(Some(recs[i].line), msg);
        }
        recs[i].bad = true;
    }
    parents.copy_from_slice(&found);
}

/// The user name of an inferred association: parentheses, which no Slurm user name holds, so
/// it never meets a real user of the same account.
pub const HIDDEN_USER: &str = "(hidden)";

/// What the printed rows say about one association's members, bottom-up.
struct Completion {
    /// Usage of the subtree after completion (sum of truncated user usages, plus inferred).
    total: u128,
    /// Users in the subtree (each truncated usage is below its value by less than one).
    users: u128,
}

/// Half a unit of the last digit of a printed number (`0.400000`: 5e-7; `0.4`: 0.05;
/// `1.2500e-03`: 5e-8).
fn half_unit(value: f64, text: &str) -> f64 {
    let (mant, exp) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let decimals = mant.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    let unit = 10f64.powi(exp - decimals);
    if unit.is_finite() && unit > 0.0 {
        unit / 2.0
    } else {
        value.abs() * 1e-6
    }
}

/// Whether `x` prints as `text` (read as `value`) at the text's precision.
fn printed_as(x: f64, value: f64, text: &str) -> bool {
    if crate::sshare::printf_f(x) == text {
        return true;
    }
    // Within half a unit (and a hair for the double's own rounding).
    (x - value).abs() <= half_unit(value, text) * (1.0 + 1e-9)
}

/// The sibling total `L` that the printed NormShares of an account's members imply, when they
/// imply one: a whole number of shares for which every printed member's RawShares / L prints
/// as its printed NormShares, the nearest to the estimate from the member with the most shares.
/// `None` when no member prints both, or when no whole number fits them all.
fn implied_level_shares(members: &[(u32, &PrintedRow)]) -> Option<u64> {
    let with_norm: Vec<(u32, f64, &str)> = members
        .iter()
        .filter_map(|&(r, p)| {
            let ns = p.norm_shares.as_ref()?;
            let v = ns.value?;
            (r > 0 && v > 0.0 && v.is_finite()).then_some((r, v, ns.text.as_str()))
        })
        .collect();
    let &(r, v, _) = with_norm.iter().max_by_key(|(r, _, _)| *r)?;
    let estimate = f64::from(r) / v;
    if !estimate.is_finite() || estimate > f64::from(u32::MAX) {
        return None;
    }
    // The value is within half a unit of the text's last digit.
    let half = with_norm
        .iter()
        .find(|&&(rr, _, _)| rr == r)
        .map_or(5e-7, |&(_, v, text)| half_unit(v, text));
    let lo = (f64::from(r) / (v + half)).floor().max(1.0) as u64;
    let hi = if v > half {
        (f64::from(r) / (v - half)).ceil().min(f64::from(u32::MAX)) as u64
    } else {
        lo
    };
    let fits = |l: u64| {
        with_norm.iter().all(|&(r, v, text)| {
            let x = f64::from(r) / l as f64;
            printed_as(x, v, text)
        })
    };
    let nearest = estimate.round().max(1.0) as u64;
    if hi.saturating_sub(lo) > 10_000 {
        return Some(nearest);
    }
    (lo..=hi).filter(|&l| fits(l)).min_by(|&a, &b| {
        let da = (a as f64 - estimate).abs();
        let db = (b as f64 - estimate).abs();
        da.total_cmp(&db)
    })
    // No whole number fits every printed NormShares: the rows are not one Slurm output (edited,
    // or from different moments); nothing is inferred from them, and the comparison flags them.
}

/// Completes a tree read from a partial output (issue: plain `sshare` prints every account but
/// only the caller's users; `-A`, `-u`, `grep` and `head` cut more). sshare prints enough to
/// rebuild what it hides: an account's RawUsage is the sum of all its members' usage, and a
/// member's NormShares is its RawShares over all its siblings' shares. Where the printed
/// members of an account do not account for its shares (or, when no member prints
/// NormShares, for its usage beyond what truncation explains), ONE inferred user association
/// ([`HIDDEN_USER`], [`Assoc::inferred`]) is added as the account's first member: its shares
/// are the sibling total implied by NormShares less the printed ones, its usage the account's
/// printed RawUsage less the printed members'. An account without printed RawUsage (the root
/// added above cut rows, an account added for its user) takes the usage its printed members'
/// EffectvUsage implies.
///
/// Usage retained from deleted users (Slurm's `leaf_usage`, since 22.05) also shows as usage no
/// member explains; when the shares say that every member is printed, no association is added for
/// it (it is no user: adding one would change N). When the account's RawUsage is printed and
/// exceeds its printed members' by at least what truncation can explain (one per user below
/// it), the difference is the account's [`Assoc::retained_usage`], so the tree reproduces the
/// printed values; a smaller difference is left to [`super::compare()`]. (An account that prints
/// no member at all reads as hiding users, as plain `sshare` hides them.)
///
/// O(n) time and memory, iterative.
fn complete(
    assocs: Vec<Assoc>,
    printed: &[PrintedRow],
    algorithm: crate::scenario::Algorithm,
) -> Vec<Assoc> {
    let n = assocs.len();
    if printed
        .iter()
        .all(|p| p.raw_usage.is_none() && p.norm_shares.is_none())
    {
        return assocs;
    }
    let position = positions(&assocs);
    let printed_at: HashMap<usize, &PrintedRow> = printed
        .iter()
        .filter_map(|p| position(p.id).map(|ix| (ix, p)))
        .collect();
    let (kids, roots) = children(&assocs);
    // Pre-order, then children before parents.
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<usize> = roots;
    while let Some(c) = stack.pop() {
        order.push(c);
        stack.extend(kids[c].iter().copied());
    }
    // Fairshare parents (Slurm's FairShare=parent hoisting: the first ancestor that is the root
    // or has shares of its own), top-down.
    let root_ix = order.first().copied().unwrap_or(0);
    let mut fs_parent: Vec<Option<usize>> = vec![None; n];
    for &ix in &order {
        for &c in &kids[ix] {
            fs_parent[c] = Some(if ix == root_ix || !assocs[ix].shares.is_parent() {
                ix
            } else {
                fs_parent[ix].unwrap_or(ix)
            });
        }
    }
    // Per level (a fairshare parent): the shares its printed members do not account for.
    let mut level_members: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (c, p) in fs_parent.iter().enumerate() {
        if let Some(p) = p {
            level_members[*p].push(c);
        }
    }
    // Classic prints NormShares as a product of fractions down the tree: shares are not
    // inferred from it.
    let fair_tree = algorithm == crate::scenario::Algorithm::FairTree;
    let hidden_shares: Vec<Option<u32>> = level_members
        .iter()
        .map(|members| {
            if !fair_tree {
                return None;
            }
            let with_shares: Vec<(u32, &PrintedRow)> = members
                .iter()
                .filter_map(|&c| match assocs[c].shares {
                    Shares::Value(r) => printed_at.get(&c).map(|p| (r, *p)),
                    Shares::Parent => None,
                })
                .collect();
            let level = implied_level_shares(&with_shares)?;
            let printed_sum: u64 = members
                .iter()
                .map(|&c| match assocs[c].shares {
                    Shares::Value(r) => u64::from(r),
                    Shares::Parent => 0,
                })
                .sum();
            Some(u32::try_from(level.saturating_sub(printed_sum)).unwrap_or(u32::MAX))
        })
        .collect();
    let usage_of = |a: &Assoc| u128::from(crate::sshare::truncate_usage(a.usage_raw));
    let mut done: Vec<Completion> = (0..n).map(|_| Completion { total: 0, users: 0 }).collect();
    let mut added: Vec<Option<Assoc>> = (0..n).map(|_| None).collect();
    let mut next_id = assocs.iter().map(|a| a.id.0).max().unwrap_or(0);
    // Each account's retained usage, where the printed values make it certain.
    let mut retained: Vec<u64> = vec![0; n];
    for &ix in order.iter().rev() {
        let a = &assocs[ix];
        if a.is_user() {
            done[ix] = Completion {
                total: usage_of(a),
                users: 1,
            };
            continue;
        }
        let members = &kids[ix];
        let sum: u128 = members.iter().map(|&c| done[c].total).sum();
        let users: u128 = members.iter().map(|&c| done[c].users).sum();
        // What the account's total usage is: printed, or implied by a member's EffectvUsage.
        let printed_total: Option<u128> = printed_at
            .get(&ix)
            .and_then(|p| p.raw_usage.as_ref())
            .and_then(|u| u.value)
            .map(|v| u128::from(crate::sshare::truncate_usage(v)));
        let total = printed_total.or_else(|| {
            let &c = members
                .iter()
                .filter(|&&c| done[c].total > 0)
                .max_by_key(|&&c| done[c].total)?;
            let u = printed_at.get(&c)?.effective_usage.as_ref()?.value?;
            let t = done[c].total as f64 / u;
            (u > 0.0 && t.is_finite() && t < crate::tree::MAX_USAGE_RAW).then(|| t.round() as u128)
        });
        let hidden_usage = total.map_or(0, |t| t.saturating_sub(sum));
        let unexplained = if members.is_empty() {
            hidden_usage > 0
        } else {
            // More than the truncation of each user's usage explains.
            hidden_usage >= users.max(1)
        };
        // Usage kept from deleted users: certain when the printed total exceeds the members'
        // by more than truncation explains and every member is printed.
        let retain = unexplained && printed_total.is_some() && !members.is_empty();
        let inferred_shares: Option<u32> = if a.shares.is_parent() && ix != root_ix {
            // Its members share its fairshare parent's level: their hidden shares are counted
            // there; here only usage can be hidden.
            let owner_level = fs_parent[ix].and_then(|p| hidden_shares[p]);
            match owner_level {
                // That level's members are all printed: usage kept from deleted users.
                Some(0) if retain => {
                    retained[ix] = u64::try_from(hidden_usage).unwrap_or(u64::MAX);
                    None
                }
                Some(_) => unexplained.then_some(0),
                None => unexplained.then_some(1),
            }
        } else {
            match hidden_shares[ix] {
                Some(h) if h > 0 => Some(h),
                // Every member's shares are printed: what no member explains is usage kept
                // from deleted users, no user (adding one would change N).
                Some(_) => {
                    if retain {
                        retained[ix] = u64::try_from(hidden_usage).unwrap_or(u64::MAX);
                    }
                    None
                }
                None => unexplained.then_some(1),
            }
        };
        let mut total_here = sum + u128::from(retained[ix]);
        if let Some(shares) = inferred_shares {
            next_id = next_id.saturating_add(1);
            let usage = u64::try_from(hidden_usage).unwrap_or(u64::MAX);
            total_here += u128::from(usage);
            done[ix].users = users + 1;
            added[ix] = Some(Assoc {
                id: AssocId(next_id),
                parent: Some(a.id),
                account: a.account.clone(),
                user: Some(HIDDEN_USER.into()),
                partition: None,
                shares: Shares::Value(shares),
                usage_raw: LongDouble::from_u64(usage),
                lineage: None,
                inferred: true,
                retained_usage: LongDouble::ZERO,
            });
        } else {
            done[ix].users = users;
        }
        done[ix].total = total_here;
    }
    let mut assocs = assocs;
    for (a, &r) in assocs.iter_mut().zip(&retained) {
        if r > 0 {
            a.retained_usage = LongDouble::from_u64(r);
        }
    }
    if added.iter().all(Option::is_none) {
        return assocs;
    }
    let mut out = Vec::with_capacity(n + n / 4);
    for (a, extra) in assocs.into_iter().zip(added) {
        out.push(a);
        if let Some(mut e) = extra {
            // Keep a lineage order the import gave (the member sorts first: `0-(` is below
            // every name).
            if let Some(l) = &out.last().and_then(|p| p.lineage.clone()) {
                e.lineage = Some(format!("{l}0-{HIDDEN_USER}/").into());
            }
            out.push(e);
        }
    }
    out
}

/// The position of an id among `assocs`: a table when ids are dense (row numbers), else a
/// hash map.
fn positions(assocs: &[Assoc]) -> Box<dyn Fn(AssocId) -> Option<usize>> {
    let n = assocs.len();
    let max = assocs.iter().map(|a| a.id.0 as usize).max().unwrap_or(0);
    if max <= 4 * n + 16 {
        let mut table = vec![usize::MAX; max + 1];
        for (i, a) in assocs.iter().enumerate() {
            table[a.id.0 as usize] = i;
        }
        Box::new(move |id: AssocId| {
            table
                .get(id.0 as usize)
                .copied()
                .filter(|&i| i != usize::MAX)
        })
    } else {
        let index: HashMap<AssocId, usize> =
            assocs.iter().enumerate().map(|(i, a)| (a.id, i)).collect();
        Box::new(move |id: AssocId| index.get(&id).copied())
    }
}

/// Each association's children (positions, in order) and the parentless ones.
fn children(assocs: &[Assoc]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let n = assocs.len();
    let position = positions(assocs);
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, a) in assocs.iter().enumerate() {
        match a.parent.and_then(&position) {
            Some(p) => kids[p].push(i),
            None => roots.push(i),
        }
    }
    (kids, roots)
}

/// Whether the assembled order is what Slurm's name-based lineage would give: a pre-order walk
/// in which each account's children come sorted by their lineage suffix. One pass: every
/// association's parent must be on the current path, and it must sort after the previous child
/// of the same parent.
fn in_lineage_order(assocs: &[Assoc]) -> bool {
    let position = positions(assocs);
    let mut last_child: Vec<usize> = vec![usize::MAX; assocs.len()];
    let mut path: Vec<usize> = Vec::new();
    for (i, a) in assocs.iter().enumerate() {
        match a.parent.and_then(&position) {
            None => {
                if !path.is_empty() {
                    return false;
                }
            }
            Some(p) => {
                while path.last().is_some_and(|&top| top != p) {
                    path.pop();
                }
                if path.is_empty() {
                    return false;
                }
                let prev = last_child[p];
                if prev != usize::MAX && !suffix_le(&assocs[prev], a) {
                    return false;
                }
                last_child[p] = i;
            }
        }
        path.push(i);
    }
    true
}

/// Gives every association a lineage that sorts exactly in the assembled (printed) order:
/// `/<k>.<name>/`, with `k` its zero-padded position in a pre-order walk that keeps each
/// account's children in printed order (the root keeps `/`). Flat, not `<parent lineage>…`:
/// lineages that repeat the path grow with depth, quadratic on a deep tree.
fn set_order_lineages(assocs: &mut [Assoc]) {
    let (kids, roots) = children(assocs);
    let width = assocs.len().to_string().len();
    let mut lineage: Vec<String> = vec![String::new(); assocs.len()];
    let mut stack: Vec<usize> = roots.into_iter().rev().collect();
    let mut k = 0usize;
    while let Some(c) = stack.pop() {
        let a = &assocs[c];
        lineage[c] = if a.parent.is_none() {
            "/".to_string()
        } else {
            let name = match (&a.user, &a.partition) {
                (Some(u), Some(part)) => format!("0-{u}.{part}"),
                (Some(u), None) => format!("0-{u}"),
                (None, _) => a.account.to_string(),
            };
            format!("/{k:0width$}.{name}/")
        };
        k += 1;
        stack.extend(kids[c].iter().rev());
    }
    for (a, l) in assocs.iter_mut().zip(lineage) {
        a.lineage = Some(l.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_compare_as_their_concatenation() {
        use std::cmp::Ordering;
        type Segments<'a> = &'a [&'a [u8]];
        let cases: [(Segments, Segments); 4] = [
            (&[b"0-", b"a.b", b"/"], &[b"0-", b"a", b"/"]),
            (&[b"ab", b"c"], &[b"a", b"bc"]),
            (&[b"a"], &[b"a", b"/"]),
            (&[b"", b"z"], &[b"y", b""]),
        ];
        for (x, y) in cases {
            let cx: Vec<u8> = x.concat();
            let cy: Vec<u8> = y.concat();
            assert_eq!(cmp_segments(x, y), cx.cmp(&cy));
        }
        assert_eq!(cmp_segments(&[], &[]), Ordering::Equal);
    }

    #[test]
    fn cut_names_match_their_account() {
        assert!(same_account(
            "averyveryverylong+",
            "averyveryverylongname",
            true
        ));
        assert!(same_account(
            "averyveryverylong+",
            "averyveryverylongn+",
            true
        ));
        assert!(!same_account(
            "averyveryverylong+",
            "averyveryverylongname",
            false
        ));
        assert!(!same_account("abc", "abd", true));
    }
}
