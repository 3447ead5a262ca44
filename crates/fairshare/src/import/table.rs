//! sshare and sacctmgr text output: `-p`/`-P` (`|`-separated, with or without the trailing
//! `|`) and fixed-width tables (header, a dash line whose runs give the columns), with or
//! without header. Splits lines into cells without copying, maps header names to fields, and
//! parses each row into a [`Record`] for [`super::build`].
//!
//! Must never panic: every slice is taken with `get`, every number is parsed with checks.

use std::borrow::Cow;

use super::build::{self, Linking, Options, Record};
use super::dedup;
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
    ("parid", Field::ParentId),
    ("parentid", Field::ParentId),
    ("parname", Field::ParentName),
    ("parentname", Field::ParentName),
    ("lineage", Field::Lineage),
    ("cluster", Field::Cluster),
    ("grptresmins", Field::Quiet),
    ("tresrunmins", Field::Quiet),
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

fn field_of(name: &str) -> Field {
    let lower = normalized(name);
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
    names
        .iter()
        .any(|n| SACCTMGR_ONLY.contains(&normalized(n).as_str()))
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

/// The field a column of sshare's own lists holds.
fn field_of_column(c: crate::sshare::Column) -> Field {
    use crate::sshare::Column as C;
    match c {
        C::Account => Field::Account,
        C::User => Field::User,
        C::Partition => Field::Partition,
        C::RawShares => Field::Shares,
        C::NormShares => Field::NormShares,
        C::RawUsage => Field::RawUsage,
        C::NormUsage => Field::NormUsage,
        C::EffectvUsage => Field::EffectvUsage,
        C::FairShare => Field::FairShare,
        C::LevelFS => Field::LevelFS,
        C::GrpTRESMins | C::TRESRunMins => Field::Quiet,
    }
}

/// The sshare column list (the printer's own, [`crate::sshare::default_columns`]) of
/// header-less output with `n` fields: 7 (short), 8 (short `-m`), 10 (classic `-l`), 11 (Fair
/// Tree `-l`, or classic `-l -m`), 12 (Fair Tree `-l -m`).
fn sshare_list(n: usize, eleven_is_fair_tree: bool) -> Option<Vec<crate::sshare::Column>> {
    use crate::sshare::{SshareFlags, default_columns};
    let flags = |long, partitions| SshareFlags { long, partitions };
    let (algorithm, f) = match n {
        7 => (Algorithm::FairTree, flags(false, false)),
        8 => (Algorithm::FairTree, flags(false, true)),
        10 => (Algorithm::Classic, flags(true, false)),
        11 if eleven_is_fair_tree => (Algorithm::FairTree, flags(true, false)),
        11 => (Algorithm::Classic, flags(true, true)),
        12 => (Algorithm::FairTree, flags(true, true)),
        _ => return None,
    };
    let cols = default_columns(algorithm, f);
    (cols.len() == n).then_some(cols)
}

/// Column lists of header-less output, by field count.
fn sshare_columns(n: usize, eleven_is_fair_tree: bool) -> Option<Vec<Field>> {
    sshare_list(n, eleven_is_fair_tree).map(|c| c.into_iter().map(field_of_column).collect())
}

/// The names of an assumed column list, for the diagnostic that says which was assumed.
fn list_names(fields: &[Field], sacctmgr: bool, n: usize, eleven_is_fair_tree: bool) -> String {
    if !sacctmgr && let Some(cols) = sshare_list(n, eleven_is_fair_tree) {
        return cols
            .iter()
            .map(|c| c.header())
            .collect::<Vec<_>>()
            .join(",");
    }
    let name = |f: &Field| match f {
        Field::Account => "Account",
        Field::User => "User",
        Field::Partition => "Partition",
        Field::Shares => "Share",
        Field::Id => "ID",
        Field::ParentId => "ParentID",
        Field::ParentName => "ParentName",
        Field::Lineage => "Lineage",
        Field::Cluster => "Cluster",
        _ => "?",
    };
    fields.iter().map(name).collect::<Vec<_>>().join(",")
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

/// The names of a fixed-width header without its dash line, with their byte spans: words
/// split at spaces, two words joined where only together they name a column (`Raw Shares`,
/// `Effectv Usage`, `Level FS`, `Par ID`).
fn header_words(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i] != b' ' {
            i += 1;
        }
        words.push((start, i));
    }
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let (s, e) = words[k];
        if let Some(&(s2, e2)) = words.get(k + 1)
            && s2 == e + 1
            && field_of(&line[s..e]) == Field::Unknown
            && field_of(&line[s..e2]) != Field::Unknown
        {
            out.push((s, e2));
            k += 2;
            continue;
        }
        out.push((s, e));
        k += 1;
    }
    out
}

/// Whether a line is a fixed-width header (without its dash line): an Account column and
/// mostly known names.
fn is_fixed_header(line: &str) -> bool {
    if line.contains('|') {
        return false;
    }
    let names: Vec<&str> = header_words(line)
        .into_iter()
        .map(|(s, e)| &line[s..e])
        .collect();
    names.len() >= 2 && looks_like_header(&names)
}

/// The end of the first word at or after `from` (leading spaces included): where a
/// left-justified cell's text ends.
fn word_end(line: &str, from: usize) -> usize {
    let b = line.as_bytes();
    let mut i = from.min(b.len());
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    while i < b.len() && b[i] != b' ' {
        i += 1;
    }
    i
}

/// Column widths of a fixed-width table whose dash line is missing, from its header: every
/// column but a left-justified Account is right-justified, so its name ends where the column
/// ends. A left-justified Account column (its name starts where the column starts) ends after
/// the longest Account cell of the rows.
fn widths_from_header<'a>(
    words: &[(usize, usize)],
    fields: &[Field],
    rows: impl Iterator<Item = &'a str> + Clone,
) -> Vec<usize> {
    let mut ends: Vec<usize> = Vec::with_capacity(words.len());
    for (i, &(s, e)) in words.iter().enumerate() {
        let col_start = ends.last().map_or(0, |&p| p + 1);
        let end = if fields.get(i) == Some(&Field::Account) && s <= col_start {
            rows.clone()
                .filter(|r| !is_dash_line(r))
                .take(100_000)
                .map(|r| word_end(r, col_start))
                .fold(e, usize::max)
        } else {
            e
        };
        ends.push(end.max(col_start));
    }
    let mut widths = Vec::with_capacity(ends.len());
    let mut prev: Option<usize> = None;
    for &e in &ends {
        widths.push(match prev {
            None => e,
            Some(p) => e.saturating_sub(p + 1),
        });
        prev = Some(e);
    }
    widths
}

/// Whether the Account cells of a fixed-width table are left-justified (sshare, and sacctmgr's
/// `tree`: the leading spaces are depth) rather than right-justified (plain sacctmgr: padding).
/// A left-justified cell ends in padding or starts at the column; a right-justified one ends
/// at the column's end.
fn account_left_justified<'a>(
    rows: impl Iterator<Item = &'a str>,
    start: usize,
    width: usize,
) -> bool {
    let mut any = false;
    for r in rows.filter(|r| !is_dash_line(r)).take(10_000) {
        let cell = slice(r, start, start + width);
        if cell.trim().is_empty() {
            continue;
        }
        any = true;
        if cell.ends_with(' ') || cell.len() < width || !cell.starts_with(' ') {
            return true;
        }
    }
    !any
}

/// How the rows of a table are laid out.
enum Shape {
    Parsable { trailing: bool },
    Fixed { widths: Vec<usize> },
}

/// A fixed-width table with a header: sacctmgr's if its column names are sacctmgr's, else sshare's.
fn fixed_width_format(names: &[&str]) -> Format {
    if is_sacctmgr_header(names) {
        Format::Sacctmgr {
            layout: TextLayout::FixedWidth,
            header: true,
        }
    } else {
        Format::Sshare {
            layout: TextLayout::FixedWidth,
            header: true,
        }
    }
}

/// Detects sshare/sacctmgr text (see [`super::detect`]); the text is already prepared
/// ([`super::paste`]).
pub(super) fn detect(text: &str) -> Format {
    let mut lines = content_lines(text).filter(|(_, l)| cluster_banner(l).is_none());
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
        return fixed_width_format(&names);
    }
    // A header without its dash line.
    if is_fixed_header(first) {
        let names: Vec<&str> = header_words(first)
            .into_iter()
            .map(|(s, e)| &first[s..e])
            .collect();
        return fixed_width_format(&names);
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
///
/// With `tabs` (cells were separated by tabs, [`super::paste`]), a row may lack trailing empty
/// cells, as a spreadsheet or a web page copies them.
pub(super) fn import(
    text: &str,
    format: Format,
    tabs: bool,
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
    // read). Prompt lines are already blank ([`super::paste`]).
    while lines
        .peek()
        .is_some_and(|&(_, l)| cluster_banner(l).is_some())
    {
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
                let rows = lines.clone().map(|(_, l)| l);
                let (names, widths, account_span): (Vec<String>, Vec<usize>, _) = match lines.peek()
                {
                    Some(&(_, dashes)) if is_dash_line(dashes) => {
                        lines.next();
                        let spans = dash_spans(dashes);
                        let names = spans
                            .iter()
                            .map(|&(s, w)| slice(h, s, s + w).trim_ascii().to_string())
                            .collect::<Vec<_>>();
                        let account = names
                            .iter()
                            .position(|n| field_of(n) == Field::Account)
                            .and_then(|i| spans.get(i).copied());
                        (names, spans.iter().map(|&(_, w)| w).collect(), account)
                    }
                    _ => {
                        let words = header_words(h);
                        let names: Vec<String> =
                            words.iter().map(|&(s, e)| h[s..e].to_string()).collect();
                        let fields: Vec<Field> = names.iter().map(|n| field_of(n)).collect();
                        let widths = widths_from_header(&words, &fields, rows.clone());
                        let mut start = 0;
                        let mut account = None;
                        for (f, &w) in fields.iter().zip(&widths) {
                            if *f == Field::Account {
                                account = Some((start, w));
                            }
                            start += w + 1;
                        }
                        (names, widths, account)
                    }
                };
                // sshare and `sacctmgr ... tree` left-justify an indented Account column; plain
                // sacctmgr right-justifies it (padding, not depth). The header cannot tell
                // (sshare before 17.02 right-justified every header name): the rows can.
                if sacctmgr && let Some((s, w)) = account_span {
                    fixed_account_indented = account_left_justified(rows, s, w);
                }
                fields = names.iter().map(|n| field_of(n)).collect();
                warn_unknown(&names, &fields, hl, diags);
                shape = Shape::Fixed { widths };
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
                        tool,
                        columns: list_names(&chosen, false, n, true),
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
                    Some(c) => {
                        diags.warning(
                            lines.peek().map(|&(l, _)| l),
                            DiagKind::NoHeaderAssumed {
                                tool,
                                columns: list_names(&c, sacctmgr, n, eleven_ft),
                            },
                        );
                        fields = c;
                    }
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
        if tabs {
            while cells.len() < fields.len() {
                cells.push(Cow::Borrowed(""));
            }
            while cells.len() > fields.len() && cells.last().is_some_and(|c| c.trim().is_empty()) {
                cells.pop();
            }
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
    let tree = dedup::resolve_built(
        tree,
        &mut printed,
        dedup::Policy::MergeRepeats,
        layout == TextLayout::FixedWidth,
        diags,
    );
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
    // `-0` is 0, as it is for usage.
    let t = match t.strip_prefix('-') {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b == b'0') => digits,
        _ => t,
    };
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    // Leading zeros are fine; more than 10 digits never fit.
    let digits = t.trim_start_matches('0');
    if digits.len() > 10 {
        return Err(());
    }
    if digits.is_empty() {
        return Ok(Some(Shares::from_raw(0)));
    }
    digits
        .parse::<u32>()
        .map(|v| Some(Shares::from_raw(v)))
        .map_err(|_| ())
}

/// Reads a usage value: blank, a whole number, or a non-negative decimal below 2^64
/// ([`crate::tree::MAX_USAGE_RAW`]); `-0` is 0. The error says what is wrong with the cell.
pub(crate) fn parse_usage(cell: &str) -> Result<Option<LongDouble>, UsageProblem> {
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
    let mut shares_refused = false;
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
                    shares_refused = true;
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
        && !shares_refused
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
