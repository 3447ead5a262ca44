//! sshare and sacctmgr text output: `-p`/`-P` (`|`-separated, with or without the trailing
//! `|`) and fixed-width tables (header, a dash line whose runs give the columns), with or
//! without header. Splits lines into cells without copying, maps header names to fields, and
//! parses each row into a [`Record`] for [`super::build`].
//!
//! Must never panic: every slice is taken with `get`, every number is parsed with checks.

use std::borrow::Cow;

use super::build::{self, Linking, Options, Record};
use super::{Diags, Format, PrintedNumber, PrintedRow, clip};
use crate::diag::{DiagKind, UsageProblem};
use crate::ld::LongDouble;
use crate::scenario::{Algorithm, Params, Scenario};
use crate::sshare::TextLayout;
use crate::tree::Shares;

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    Account,
    User,
    Partition,
    /// sshare's `RawShares` or sacctmgr's `Share`.
    Shares,
    NormShares,
    RawUsage,
    NormUsage,
    EffectvUsage,
    FairShare,
    LevelFS,
    Id,
    ParentId,
    ParentName,
    Lineage,
    Cluster,
    /// Known and not needed (`GrpTRESMins`, `TRESRunMins`, `GrpTRESRaw`).
    Quiet,
    /// Not known: ignored with a warning.
    Unknown,
}

/// Header names, lower case, as sshare and sacctmgr print them (and the `format=` spellings).
const NAMES: &[(&str, Field)] = &[
    ("account", Field::Account),
    ("acct", Field::Account),
    ("user", Field::User),
    ("partition", Field::Partition),
    ("rawshares", Field::Shares),
    ("share", Field::Shares),
    ("shares", Field::Shares),
    ("normshares", Field::NormShares),
    ("rawusage", Field::RawUsage),
    ("normusage", Field::NormUsage),
    ("effectvusage", Field::EffectvUsage),
    ("fairshare", Field::FairShare),
    ("levelfs", Field::LevelFS),
    ("id", Field::Id),
    ("par id", Field::ParentId),
    ("parentid", Field::ParentId),
    ("par name", Field::ParentName),
    ("parentname", Field::ParentName),
    ("lineage", Field::Lineage),
    ("cluster", Field::Cluster),
    ("grptresmins", Field::Quiet),
    ("tresrunmins", Field::Quiet),
    ("grptresraw", Field::Quiet),
];

/// Names only sacctmgr prints.
const SACCTMGR_ONLY: &[&str] = &[
    "share",
    "shares",
    "par id",
    "parentid",
    "par name",
    "parentname",
    "lineage",
];

fn field_of(name: &str) -> Field {
    let lower = name.trim().to_ascii_lowercase();
    if let Some(&(_, f)) = NAMES.iter().find(|(n, _)| *n == lower) {
        return f;
    }
    // A header cut by a narrow fixed-width column ends in '+': match it as a prefix.
    if let Some(stem) = lower.strip_suffix('+').filter(|s| !s.is_empty())
        && let Some(&(_, f)) = NAMES.iter().find(|(n, _)| n.starts_with(stem))
    {
        return f;
    }
    Field::Unknown
}

fn is_sacctmgr_header(names: &[&str]) -> bool {
    names.iter().any(|n| {
        let l = n.trim().to_ascii_lowercase();
        SACCTMGR_ONLY.contains(&l.as_str())
    })
}

/// Whether these cells read as a header: an Account column and mostly known names.
fn looks_like_header(cells: &[&str]) -> bool {
    let named: Vec<Field> = cells
        .iter()
        .filter(|c| !c.trim().is_empty())
        .map(|c| field_of(c))
        .collect();
    named.contains(&Field::Account)
        && named.iter().filter(|f| **f != Field::Unknown).count() * 2 >= named.len()
}

/// Column lists of header-less output, by field count.
fn sshare_columns(n: usize, eleven_is_fair_tree: bool) -> Option<Vec<Field>> {
    use Field::*;
    let short = [
        Account,
        User,
        Shares,
        NormShares,
        RawUsage,
        EffectvUsage,
        FairShare,
    ];
    Some(match n {
        7 => short.to_vec(),
        8 => vec![
            Account,
            User,
            Partition,
            Shares,
            NormShares,
            RawUsage,
            EffectvUsage,
            FairShare,
        ],
        10 => vec![
            Account,
            User,
            Shares,
            NormShares,
            RawUsage,
            NormUsage,
            EffectvUsage,
            FairShare,
            Quiet,
            Quiet,
        ],
        11 if eleven_is_fair_tree => vec![
            Account,
            User,
            Shares,
            NormShares,
            RawUsage,
            NormUsage,
            EffectvUsage,
            FairShare,
            LevelFS,
            Quiet,
            Quiet,
        ],
        11 => vec![
            Account,
            User,
            Partition,
            Shares,
            NormShares,
            RawUsage,
            NormUsage,
            EffectvUsage,
            FairShare,
            Quiet,
            Quiet,
        ],
        12 => vec![
            Account,
            User,
            Partition,
            Shares,
            NormShares,
            RawUsage,
            NormUsage,
            EffectvUsage,
            FairShare,
            LevelFS,
            Quiet,
            Quiet,
        ],
        _ => return None,
    })
}

fn sacctmgr_columns(n: usize) -> Option<Vec<Field>> {
    use Field::*;
    match n {
        3 => Some(vec![Account, User, Shares]),
        9 => Some(vec![
            Cluster, Id, ParentId, Account, User, Partition, ParentName, Shares, Lineage,
        ]),
        _ => None,
    }
}

/// The lines that carry content: (1-based number, text without `\r`), skipping blank lines.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty())
}

/// `sshare -M` prints `CLUSTER: name` before each cluster's table.
fn cluster_banner(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("CLUSTER:").map(str::trim)
}

/// Whether a line is a pasted shell command (`$ sshare -a -l -P`, `sacctmgr show assoc ...`)
/// rather than output: it starts with a prompt character, or with the tool's name.
fn is_command_line(line: &str) -> bool {
    let t = line.trim_start();
    let t = t
        .strip_prefix(['$', '%', '#', '>'])
        .map(str::trim_start)
        .unwrap_or(t);
    let first = t.split_whitespace().next().unwrap_or("");
    let tool = first.rsplit('/').next().unwrap_or(first);
    (tool == "sshare" || tool == "sacctmgr")
        || (t.len() < line.trim_start().len() && !t.contains('|'))
}

/// Whether a line is a fixed-width dash line: runs of `-` separated by spaces.
fn is_dash_line(line: &str) -> bool {
    let t = line.trim_end();
    t.starts_with('-') && t.bytes().all(|b| b == b'-' || b == b' ')
}

/// The column spans (start, width) of a dash line.
fn dash_spans(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'-' {
            let start = i;
            while i < b.len() && b[i] == b'-' {
                i += 1;
            }
            spans.push((start, i - start));
        } else {
            i += 1;
        }
    }
    spans
}

/// A byte range of a line as text (lossy if the range splits a UTF-8 character).
fn slice(line: &str, start: usize, end: usize) -> Cow<'_, str> {
    let end = end.min(line.len());
    let start = start.min(end);
    match line.get(start..end) {
        Some(s) => Cow::Borrowed(s),
        None => String::from_utf8_lossy(line.as_bytes().get(start..end).unwrap_or(&[])),
    }
}

/// Cells of a fixed-width row. Cells are `width` bytes followed by one space, except that
/// printf never cuts a number: a number wider than its column pushes the rest of the row
/// right. So each cell ends at its nominal end if a space is there, else at the next space.
fn fixed_cells<'a>(line: &'a str, widths: &[usize], out: &mut Vec<Cow<'a, str>>) {
    let b = line.as_bytes();
    let mut pos = 0usize;
    for &w in widths {
        let nominal = pos.saturating_add(w);
        let mut end = nominal.min(b.len());
        if nominal < b.len() && b[nominal] != b' ' {
            let mut e = nominal;
            while e < b.len() && b[e] != b' ' {
                e += 1;
            }
            end = e;
        }
        out.push(slice(line, pos, end));
        pos = end.saturating_add(1);
    }
}

/// How the rows of a table are laid out.
enum Shape {
    Parsable { trailing: bool },
    Fixed { widths: Vec<usize> },
}

/// Detects sshare/sacctmgr text (see [`super::detect`]).
pub(super) fn detect(text: &str) -> Format {
    let mut lines = content_lines(text)
        .filter(|(_, l)| cluster_banner(l).is_none())
        .skip_while(|(_, l)| is_command_line(l));
    let Some((_, first)) = lines.next() else {
        return Format::Empty;
    };
    let second = lines.next().map(|(_, l)| l);
    if first.contains('|') {
        let cells: Vec<&str> = first.split('|').collect();
        if looks_like_header(&cells) {
            let trailing = first.trim_end().ends_with('|');
            let layout = if trailing {
                TextLayout::Parsable
            } else {
                TextLayout::ParsableNoEnding
            };
            return if is_sacctmgr_header(&cells) {
                Format::Sacctmgr {
                    layout,
                    header: true,
                }
            } else {
                Format::Sshare {
                    layout,
                    header: true,
                }
            };
        }
        let count = cells.len();
        let known = |n: usize| sshare_columns(n, true).is_some() || sacctmgr_columns(n).is_some();
        let trailing = first.ends_with('|') && count > 1 && known(count - 1);
        let n = if trailing { count - 1 } else { count };
        let layout = if trailing {
            TextLayout::Parsable
        } else {
            TextLayout::ParsableNoEnding
        };
        return if sacctmgr_columns(n).is_some() {
            Format::Sacctmgr {
                layout,
                header: false,
            }
        } else {
            Format::Sshare {
                layout,
                header: false,
            }
        };
    }
    if second.is_some_and(is_dash_line) {
        let spans = dash_spans(second.unwrap_or(""));
        let names: Vec<Cow<'_, str>> = spans.iter().map(|&(s, w)| slice(first, s, s + w)).collect();
        let names: Vec<&str> = names.iter().map(|c| c.as_ref()).collect();
        if !names.iter().any(|n| field_of(n) == Field::Account) {
            return Format::Unknown;
        }
        return if is_sacctmgr_header(&names) {
            Format::Sacctmgr {
                layout: TextLayout::FixedWidth,
                header: true,
            }
        } else {
            Format::Sshare {
                layout: TextLayout::FixedWidth,
                header: true,
            }
        };
    }
    // A header-less sshare table: the Account column is 20 wide and followed by a space.
    if first.len() > 40 && first.as_bytes().get(20) == Some(&b' ') {
        return Format::Sshare {
            layout: TextLayout::FixedWidth,
            header: false,
        };
    }
    Format::Unknown
}

/// Reads sshare/sacctmgr text into a scenario (see the module docs of [`super`]).
pub(super) fn import(
    text: &str,
    format: Format,
    diags: &mut Diags,
) -> (Option<Scenario>, Vec<PrintedRow>) {
    let (sacctmgr, layout, has_header) = match format {
        Format::Sshare { layout, header } => (false, layout, header),
        Format::Sacctmgr { layout, header } => (true, layout, header),
        _ => return (None, Vec::new()),
    };
    let tool = if sacctmgr { "sacctmgr" } else { "sshare" };
    let mut lines = content_lines(text).peekable();

    // Skip a leading `CLUSTER:` banner (a later one starts a second cluster, which ends the
    // read) and a pasted command line such as `$ sshare -a -l -P`.
    while let Some(&(no, l)) = lines.peek() {
        if cluster_banner(l).is_some() {
            // The first cluster's banner: nothing to keep.
        } else if is_command_line(l) {
            diags.warning(Some(no), DiagKind::CommandLineSkipped);
        } else {
            break;
        }
        lines.next();
    }

    // --- Header -------------------------------------------------------------------------
    let fields: Vec<Field>;
    let shape: Shape;
    let mut header_line = None;
    let mut fixed_account_indented = true;
    if has_header {
        let Some((hl, h)) = lines.next() else {
            diags.error(None, DiagKind::NoRowsAfterHeader);
            return (None, Vec::new());
        };
        header_line = Some(hl);
        match layout {
            TextLayout::FixedWidth => {
                let Some((_, dashes)) = lines.next() else {
                    diags.error(Some(hl), DiagKind::NoDashLine);
                    return (None, Vec::new());
                };
                let spans = dash_spans(dashes);
                let mut names = Vec::with_capacity(spans.len());
                for &(s, w) in &spans {
                    let cell = slice(h, s, s + w);
                    let f = field_of(&cell);
                    if f == Field::Account {
                        // sshare and `sacctmgr ... tree` left-justify an indented Account
                        // column; plain sacctmgr right-justifies it (padding, not depth).
                        fixed_account_indented = !cell.starts_with(' ');
                    }
                    names.push(cell.trim_ascii().to_string());
                }
                fields = names.iter().map(|n| field_of(n)).collect();
                warn_unknown(&names, &fields, hl, diags);
                shape = Shape::Fixed {
                    widths: spans.iter().map(|&(_, w)| w).collect(),
                };
            }
            TextLayout::Parsable | TextLayout::ParsableNoEnding => {
                let mut names: Vec<&str> = h.split('|').collect();
                let trailing = layout == TextLayout::Parsable;
                if trailing && names.last().is_some_and(|s| s.trim().is_empty()) {
                    names.pop();
                }
                fields = names.iter().map(|n| field_of(n)).collect();
                warn_unknown(&names, &fields, hl, diags);
                shape = Shape::Parsable { trailing };
            }
        }
    } else {
        match layout {
            TextLayout::FixedWidth => {
                // No header: one of sshare's own tables. The long ones end in TRESRunMins
                // (`cpu=0,...`). Fair Tree's has LevelFS: an account row with it has 8 words, a
                // user row 10; classic rows have 5, 7 or 9. (Widths cannot tell: printf lets a
                // wide RawUsage push the rest of its row to the right.)
                let mut sample = content_lines(text).filter(|(_, l)| cluster_banner(l).is_none());
                let long = sample
                    .next()
                    .and_then(|(_, l)| l.split_whitespace().last())
                    .is_some_and(|t| t.contains('='));
                let fair_tree = sample
                    .take(10_000)
                    .any(|(_, l)| matches!(l.split_whitespace().count(), 8 | 10..));
                let n = match (long, fair_tree) {
                    (false, _) => 7,
                    (true, true) => 11,
                    (true, false) => 10,
                };
                let chosen = sshare_columns(n, true).unwrap_or_default();
                let widths_of = |cols: &[Field]| -> Vec<usize> {
                    cols.iter().map(|&f| fixed_width_of(f)).collect()
                };
                diags.warning(
                    None,
                    DiagKind::NoHeaderAssumed {
                        columns: chosen.len(),
                    },
                );
                shape = Shape::Fixed {
                    widths: widths_of(&chosen),
                };
                fields = chosen;
            }
            TextLayout::Parsable | TextLayout::ParsableNoEnding => {
                let trailing = layout == TextLayout::Parsable;
                let first_cells: Vec<Vec<&str>> = lines
                    .clone()
                    .filter(|(_, l)| cluster_banner(l).is_none())
                    .take(50)
                    .map(|(_, l)| split_parsable(l, trailing))
                    .collect();
                let n = first_cells.first().map_or(0, Vec::len);
                // 11 fields: Fair Tree -l (NormShares, with a decimal point, 4th) or classic
                // -l -m (RawShares 4th).
                let eleven_ft = first_cells
                    .iter()
                    .any(|c| c.get(3).is_some_and(|s| s.contains('.')));
                let cols = if sacctmgr {
                    sacctmgr_columns(n)
                } else {
                    sshare_columns(n, eleven_ft)
                };
                match cols {
                    Some(c) => fields = c,
                    None => {
                        diags.error(
                            lines.peek().map(|&(l, _)| l),
                            DiagKind::FieldsNoHeader { n },
                        );
                        return (None, Vec::new());
                    }
                }
                shape = Shape::Parsable { trailing };
            }
        }
    }

    let col = |f: Field| fields.iter().position(|&x| x == f);
    if col(Field::Account).is_none() {
        diags.error(header_line, DiagKind::NoAccountColumn);
        return (None, Vec::new());
    }
    let has_ids = col(Field::Id).is_some();
    let linking = if sacctmgr {
        if has_ids && col(Field::ParentId).is_some() {
            Linking::Ids
        } else if col(Field::ParentName).is_some()
            && !has_indentation(text, &shape, &fields, fixed_account_indented)
        {
            Linking::Names
        } else {
            Linking::Indentation
        }
    } else {
        Linking::Indentation
    };
    if layout == TextLayout::FixedWidth
        && !fixed_account_indented
        && linking == Linking::Indentation
    {
        diags.error(header_line, DiagKind::SacctmgrNoNesting);
        return (None, Vec::new());
    }
    if col(Field::Shares).is_none() {
        diags.warning(header_line, DiagKind::NoSharesColumn);
    }
    if col(Field::RawUsage).is_none() {
        diags.warning(header_line, DiagKind::NoUsageColumn { tool });
    }

    // --- Rows ---------------------------------------------------------------------------
    // One record per line; sized up front (a row needs a few bytes at least, which bounds it for
    // inputs made of empty lines).
    let line_count = memchr_count(text.as_bytes(), b'\n') + 1;
    let mut records: Vec<Record> = Vec::with_capacity(line_count.min(text.len() / 4 + 1));
    let mut printed: Vec<PrintedRow> = Vec::with_capacity(records.capacity());
    let mut cells: Vec<Cow<'_, str>> = Vec::with_capacity(fields.len() + 1);
    let mut ordinal = 0u32;
    let mut first_cluster: Option<String> = None;
    let mut other_cluster_warned = false;
    for (no, line) in lines {
        if let Some(name) = cluster_banner(line) {
            if records.is_empty() {
                continue;
            }
            diags.warning(
                Some(no),
                DiagKind::SecondCluster {
                    name: name.to_string(),
                },
            );
            break;
        }
        if matches!(shape, Shape::Fixed { .. }) && is_dash_line(line) {
            continue;
        }
        ordinal = ordinal.saturating_add(1);
        cells.clear();
        match &shape {
            Shape::Parsable { trailing } => {
                let mut n = 0;
                for c in line.split('|') {
                    cells.push(Cow::Borrowed(c));
                    n += 1;
                }
                if *trailing && n > 1 && cells.last().is_some_and(|c| c.is_empty()) {
                    cells.pop();
                }
            }
            Shape::Fixed { widths } => fixed_cells(line, widths, &mut cells),
        }
        if cells.len() != fields.len() {
            diags.error(
                Some(no),
                DiagKind::FieldCount {
                    found: cells.len(),
                    expected: fields.len(),
                    header: has_header,
                },
            );
            records.push(bad_record(no, ordinal, line));
            printed.push(build::empty_printed());
            continue;
        }
        // Rows of a second cluster (sacctmgr's Cluster column) are skipped before reading.
        if let Some(ci) = col(Field::Cluster) {
            let c = cells.get(ci).map(|c| c.trim_ascii()).unwrap_or("");
            match &first_cluster {
                None => first_cluster = Some(c.to_string()),
                Some(fc) if fc != c => {
                    if !other_cluster_warned {
                        diags.warning(Some(no), DiagKind::OtherClusterRows { cluster: clip(c) });
                        other_cluster_warned = true;
                    }
                    ordinal = ordinal.saturating_sub(1);
                    continue;
                }
                Some(_) => {}
            }
        }
        // Filled in place: records are large, and 100 000 of them should not be copied twice.
        records.push(bad_record(no, ordinal, ""));
        printed.push(build::empty_printed());
        if let (Some(rec), Some(shown)) = (records.last_mut(), printed.last_mut()) {
            parse_row(rec, shown, &fields, &cells, diags);
            if linking != Linking::Indentation {
                rec.depth = 0;
            }
        }
    }
    if records.is_empty() {
        diags.error(None, DiagKind::NoRows);
        return (None, Vec::new());
    }

    if layout == TextLayout::FixedWidth
        && let Some(r) = records.iter().find(|r| {
            !r.bad
                && (r.account.ends_with('+') || r.user.as_deref().is_some_and(|u| u.ends_with('+')))
        })
    {
        let name = r
            .user
            .as_deref()
            .filter(|u| u.ends_with('+'))
            .unwrap_or(&r.account);
        diags.warning(Some(r.line), DiagKind::NamesCut { name: clip(name) });
    }
    let algorithm = guess_algorithm(&fields, &records, &printed);
    let opts = Options {
        linking,
        ids_from_input: has_ids,
        cut_names: layout == TextLayout::FixedWidth,
        algorithm,
    };
    let (tree, mut printed) = build::build(records, printed, &opts, diags);
    if sacctmgr {
        // sacctmgr prints no computed values.
        printed.clear();
    }
    let scenario = tree.map(|tree| Scenario {
        name: format!("imported {format}"),
        algorithm,
        params: Params::default(),
        tree,
    });
    (scenario, printed)
}

fn memchr_count(b: &[u8], needle: u8) -> usize {
    b.iter().filter(|&&c| c == needle).count()
}

fn fixed_width_of(f: Field) -> usize {
    use crate::sshare::Column;
    let c = match f {
        Field::Account => Column::Account,
        Field::User => Column::User,
        Field::Partition => Column::Partition,
        Field::Shares => Column::RawShares,
        Field::NormShares => Column::NormShares,
        Field::RawUsage => Column::RawUsage,
        Field::NormUsage => Column::NormUsage,
        Field::EffectvUsage => Column::EffectvUsage,
        Field::FairShare => Column::FairShare,
        Field::LevelFS => Column::LevelFS,
        _ => Column::TRESRunMins,
    };
    c.width()
}

fn warn_unknown<S: AsRef<str>>(names: &[S], fields: &[Field], line: usize, diags: &mut Diags) {
    let unknown: Vec<&str> = names
        .iter()
        .zip(fields)
        .filter(|(_, f)| **f == Field::Unknown)
        .map(|(n, _)| n.as_ref().trim())
        .collect();
    if !unknown.is_empty() {
        diags.warning(
            Some(line),
            DiagKind::UnknownColumns {
                names: unknown.join(", "),
            },
        );
    }
}

fn split_parsable(line: &str, trailing: bool) -> Vec<&str> {
    let mut v: Vec<&str> = line.split('|').collect();
    if trailing && v.len() > 1 && v.last().is_some_and(|c| c.is_empty()) {
        v.pop();
    }
    v
}

/// Whether any Account cell is indented (sacctmgr's `tree` keyword).
fn has_indentation(text: &str, shape: &Shape, fields: &[Field], fixed_left: bool) -> bool {
    let Some(ai) = fields.iter().position(|&f| f == Field::Account) else {
        return false;
    };
    match shape {
        Shape::Parsable { .. } => content_lines(text)
            .take(10_000)
            .any(|(_, l)| l.split('|').nth(ai).is_some_and(|c| c.starts_with(' '))),
        // A left-justified Account column is sacctmgr's `tree` layout (or sshare's).
        Shape::Fixed { .. } => fixed_left,
    }
}

/// A row that could not be split into its fields. It is taken as an account row at its
/// indentation, so that whatever is indented under it is left out rather than misplaced.
fn bad_record(line: usize, ordinal: u32, text: &str) -> Record {
    Record {
        line,
        ordinal,
        depth: text.len() - text.trim_start_matches(' ').len(),
        account: String::new(),
        user: None,
        partition: None,
        shares: None,
        usage: None,
        id: None,
        parent_id: None,
        parent_name: None,
        lineage: None,
        bad: true,
    }
}

/// Names Slurm's lineage and sshare's format cannot carry.
fn check_name(what: &'static str, name: &str, line: usize, diags: &mut Diags) -> bool {
    if name
        .bytes()
        .any(|b| matches!(b, b'/' | b'|' | b'\n' | b'\r'))
    {
        diags.error(
            Some(line),
            DiagKind::NameSlash {
                field: what,
                name: clip(name),
            },
        );
        false
    } else {
        true
    }
}

/// Reads shares: blank, `parent`, or a whole number (2147483647 is "parent", as in Slurm).
pub(super) fn parse_shares(cell: &str) -> Result<Option<Shares>, ()> {
    let t = cell.trim_ascii();
    if t.is_empty() {
        return Ok(None);
    }
    if t.eq_ignore_ascii_case("parent") {
        return Ok(Some(Shares::Parent));
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    t.parse::<u32>()
        .map(|v| Some(Shares::from_raw(v)))
        .map_err(|_| ())
}

/// Reads a usage value: blank, a whole number, or a non-negative decimal below 2^64
/// ([`crate::tree::MAX_USAGE_RAW`]); `-0` is 0. The error says what is wrong with the cell.
pub(super) fn parse_usage(cell: &str) -> Result<Option<LongDouble>, UsageProblem> {
    const TOO_LARGE: UsageProblem = UsageProblem::TooLarge;
    let t = cell.trim_ascii();
    if t.is_empty() {
        return Ok(None);
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        // A whole number of any length: leading zeros are fine, more than 20 digits is too big.
        let digits = t.trim_start_matches('0');
        if digits.len() > 20 {
            return Err(TOO_LARGE);
        }
        return match digits.parse::<u64>() {
            Ok(v) => Ok(Some(LongDouble::from_u64(v))),
            Err(_) if digits.is_empty() => Ok(Some(LongDouble::ZERO)),
            Err(_) => Err(TOO_LARGE),
        };
    }
    // Decimal parsing in 80 bits is not linear in the length; no usage needs 100 digits.
    if t.len() > 100 {
        return Err(UsageProblem::TooLong);
    }
    match LongDouble::parse(t) {
        Some(v) if v.is_zero() => Ok(Some(LongDouble::ZERO)),
        Some(v) if v.is_negative() => Err(UsageProblem::Negative),
        Some(v) if !v.is_finite() || v >= LongDouble::from_f64(crate::tree::MAX_USAGE_RAW) => {
            Err(TOO_LARGE)
        }
        Some(v) => Ok(Some(v)),
        None => Err(UsageProblem::NotANumber),
    }
}

fn printed_double(
    cell: &str,
    what: &'static str,
    line: usize,
    diags: &mut Diags,
) -> PrintedNumber<f64> {
    let t = cell.trim_ascii();
    let value = if t.is_empty() {
        None
    } else {
        match crate::format::parse_f64(t) {
            Some(v) => Some(v),
            None => {
                diags.warning(
                    Some(line),
                    DiagKind::NotANumber {
                        field: what,
                        value: clip(t),
                    },
                );
                None
            }
        }
    };
    PrintedNumber {
        text: t.into(),
        value,
    }
}

/// Reads one row's cells into `rec` (a blank record for its line) and `shown`.
fn parse_row(
    rec: &mut Record,
    shown: &mut PrintedRow,
    fields: &[Field],
    cells: &[Cow<'_, str>],
    diags: &mut Diags,
) {
    let line = rec.line;
    let ordinal = rec.ordinal;
    rec.bad = false;
    let mut bad = false;
    for (&f, cell) in fields.iter().zip(cells) {
        let cell: &str = cell;
        match f {
            Field::Account => {
                let depth = cell.len() - cell.trim_start_matches(' ').len();
                let name = cell.trim_ascii();
                rec.depth = depth;
                if name.is_empty() {
                    diags.error(Some(line), DiagKind::AccountEmpty);
                    bad = true;
                } else if !check_name("Account", name, line, diags) {
                    bad = true;
                }
                rec.account = name.to_string();
            }
            Field::User => {
                let name = cell.trim_ascii();
                if !name.is_empty() {
                    if !check_name("User", name, line, diags) {
                        bad = true;
                    }
                    rec.user = Some(name.to_string());
                }
            }
            Field::Partition => {
                let name = cell.trim_ascii();
                if !name.is_empty() {
                    if !check_name("Partition", name, line, diags) {
                        bad = true;
                    }
                    rec.partition = Some(name.to_string());
                }
            }
            Field::Shares => match parse_shares(cell) {
                Ok(s) => rec.shares = s,
                Err(()) => {
                    diags.error(
                        Some(line),
                        DiagKind::RawSharesBad {
                            value: clip(cell.trim_ascii()),
                        },
                    );
                    bad = true;
                }
            },
            Field::RawUsage => {
                match parse_usage(cell) {
                    Ok(u) => rec.usage = u,
                    Err(why) => {
                        let value = clip(cell.trim_ascii());
                        diags.error(Some(line), DiagKind::RawUsageBad { value, why });
                        bad = true;
                    }
                }
                shown.raw_usage = Some(PrintedNumber {
                    text: cell.trim_ascii().into(),
                    value: rec.usage,
                });
            }
            Field::NormShares => {
                shown.norm_shares = Some(printed_double(cell, "NormShares", line, diags))
            }
            Field::NormUsage => {
                shown.norm_usage = Some(printed_double(cell, "NormUsage", line, diags))
            }
            Field::EffectvUsage => {
                shown.effective_usage = Some(printed_double(cell, "EffectvUsage", line, diags))
            }
            Field::FairShare => {
                shown.fairshare = Some(printed_double(cell, "FairShare", line, diags))
            }
            Field::LevelFS => shown.level_fs = Some(printed_double(cell, "LevelFS", line, diags)),
            Field::Id => {
                let t = cell.trim_ascii();
                match t.parse::<u32>() {
                    Ok(id) => rec.id = Some(id),
                    Err(_) => {
                        diags.error(Some(line), DiagKind::IdNotWhole { value: clip(t) });
                        bad = true;
                    }
                }
            }
            Field::ParentId => {
                let t = cell.trim_ascii();
                if t.is_empty() {
                    rec.parent_id = None;
                } else {
                    match t.parse::<u32>() {
                        Ok(id) => rec.parent_id = Some(id),
                        Err(_) => {
                            diags.error(Some(line), DiagKind::ParentIdNotWhole { value: clip(t) });
                            bad = true;
                        }
                    }
                }
            }
            Field::ParentName => {
                let t = cell.trim_ascii();
                rec.parent_name = (!t.is_empty()).then(|| t.to_string());
            }
            Field::Lineage => {
                let t = cell.trim_ascii();
                rec.lineage = (!t.is_empty()).then(|| t.to_string());
            }
            Field::Cluster | Field::Quiet | Field::Unknown => {}
        }
    }
    if rec.user.is_none() && rec.partition.is_some() {
        diags.warning(Some(line), DiagKind::PartitionOnAccount);
        rec.partition = None;
    }
    // Only the root prints no shares (Slurm sends NO_VAL for it).
    if rec.shares.is_none()
        && fields.contains(&Field::Shares)
        && !(rec.user.is_none() && (ordinal == 1 || rec.account == "root"))
    {
        diags.error(Some(line), DiagKind::RawSharesEmpty);
        bad = true;
    }
    if rec.user.is_some() && rec.usage.is_none() && fields.contains(&Field::RawUsage) && !bad {
        diags.warning(Some(line), DiagKind::RawUsageEmpty);
    }
    rec.bad = bad;
}

/// Which algorithm produced the output: `LevelFS` means Fair Tree; `-l` without it means
/// classic; otherwise the root's NormShares tells (1 under classic, ~0 under Fair Tree).
fn guess_algorithm(fields: &[Field], records: &[Record], printed: &[PrintedRow]) -> Algorithm {
    if fields.contains(&Field::LevelFS) {
        return Algorithm::FairTree;
    }
    if fields.contains(&Field::NormUsage) {
        return Algorithm::Classic;
    }
    let root_norm = records
        .iter()
        .position(|r| r.user.is_none() && r.depth == 0 && !r.bad)
        .and_then(|i| printed.get(i))
        .and_then(|p| p.norm_shares.as_ref())
        .and_then(|p| p.value);
    if root_norm == Some(1.0) {
        Algorithm::Classic
    } else {
        Algorithm::FairTree
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_cells_follow_numbers_that_overflow() {
        let mut out = Vec::new();
        // RawUsage 123456789012 is wider than its 11 columns and pushes the rest right.
        fixed_cells("ab   123456789012 x  ", &[4, 11, 2], &mut out);
        let cells: Vec<&str> = out.iter().map(|c| c.as_ref()).collect();
        assert_eq!(cells, ["ab  ", "123456789012", "x "]);
    }

    #[test]
    fn headers_are_recognised() {
        assert_eq!(field_of("EffectvUs+"), Field::EffectvUsage);
        assert_eq!(field_of("Par ID"), Field::ParentId);
        assert_eq!(field_of("Bogus"), Field::Unknown);
        assert!(looks_like_header(&["Account", "User", "RawShares"]));
        assert!(!looks_like_header(&["root", "", "", "0.000000"]));
    }

    #[test]
    fn shares_and_usage_cells() {
        assert_eq!(parse_shares(" parent "), Ok(Some(Shares::Parent)));
        assert_eq!(parse_shares("2147483647"), Ok(Some(Shares::Parent)));
        assert_eq!(parse_shares("40"), Ok(Some(Shares::Value(40))));
        assert_eq!(parse_shares(""), Ok(None));
        assert!(parse_shares("-1").is_err());
        assert!(parse_shares("4294967296").is_err());
        assert!(parse_usage("-3").is_err());
        assert!(parse_usage("nan").is_err());
        assert_eq!(
            parse_usage("18446744073709551615"),
            Ok(Some(LongDouble::from_u64(u64::MAX)))
        );
        assert_eq!(parse_usage("2.5"), Ok(Some(LongDouble::from_f64(2.5))));
    }
}
