//! sshare and sacctmgr text output: `-p`/`-P` (`|`-separated, with or without the trailing
//! `|`) and fixed-width tables (header, a dash line whose runs give the columns), with or
//! without header. [`import`] reads a table in named steps: the columns (from the header,
//! [`read_header`], or assumed by field count, [`assume_columns`]), how rows are linked
//! ([`check_columns`]), the rows ([`read_rows`]: lines into cells, [`cells`], and cells into
//! records, [`row`]), then the tree ([`finish`], through [`super::build`] and [`super::dedup`]).
//! What a column holds is [`fields`]; sshare's own columns and lists are the printer's
//! ([`crate::sshare`]).
//!
//! Must never panic: every slice is taken with `get`, every number is parsed with checks.

mod cells;
mod fields;
mod row;

use std::borrow::Cow;
use std::iter::Peekable;

pub(crate) use row::parse_usage;

use self::cells::{
    account_left_justified, cluster_banner, content_lines, dash_spans, fixed_cells, header_words,
    is_dash_line, is_fixed_header, slice, split_parsable, widths_from_header,
};
use self::fields::{
    ACCOUNT, Field, SHARES, field_of, is_sacctmgr_header, list_names, looks_like_header,
    sacctmgr_columns, sshare_columns,
};
use super::build::{self, Linking, Options, Record};
use super::dedup;
use super::{Diags, Format, PrintedRow, clip};
use crate::diag::DiagKind;
use crate::scenario::{Algorithm, Params, Scenario};
use crate::sshare::{Column, TextLayout};

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
        if !names.iter().any(|n| field_of(n) == ACCOUNT) {
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

/// Which table is read: whose, how laid out, with or without its header.
#[derive(Clone, Copy)]
struct Kind {
    sacctmgr: bool,
    layout: TextLayout,
    header: bool,
}

impl Kind {
    fn of(format: Format) -> Option<Kind> {
        match format {
            Format::Sshare { layout, header } => Some(Kind {
                sacctmgr: false,
                layout,
                header,
            }),
            Format::Sacctmgr { layout, header } => Some(Kind {
                sacctmgr: true,
                layout,
                header,
            }),
            _ => None,
        }
    }

    fn tool(self) -> &'static str {
        if self.sacctmgr { "sacctmgr" } else { "sshare" }
    }

    fn fixed(self) -> bool {
        self.layout == TextLayout::FixedWidth
    }
}

/// The columns of a table: what each holds and how a row splits into them.
struct Columns {
    fields: Vec<Field>,
    shape: Shape,
    /// The header's line, if the table has one.
    header_line: Option<usize>,
    /// Whether a fixed-width Account column is left-justified (indented by depth).
    account_indented: bool,
}

impl Columns {
    fn position(&self, f: Field) -> Option<usize> {
        self.fields.iter().position(|&x| x == f)
    }
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
    let nothing = || (None, Vec::new());
    let Some(kind) = Kind::of(format) else {
        return nothing();
    };
    let mut lines = content_lines(text).peekable();
    // Skip a leading `CLUSTER:` banner (a later one starts a second cluster, which ends the
    // read). Prompt lines are already blank ([`super::paste`]).
    while lines
        .peek()
        .is_some_and(|&(_, l)| cluster_banner(l).is_some())
    {
        lines.next();
    }
    let columns = if kind.header {
        read_header(&mut lines, kind, diags)
    } else {
        assume_columns(text, &mut lines, kind, diags)
    };
    let Some(columns) = columns else {
        return nothing();
    };
    let Some(linking) = check_columns(text, &columns, kind, diags) else {
        return nothing();
    };
    let (records, printed) = read_rows(text, lines, &columns, kind, linking, tabs, diags);
    if records.is_empty() {
        diags.error(None, DiagKind::NoRows);
        return nothing();
    }
    finish(records, printed, &columns, kind, linking, format, diags)
}

/// The columns named by the table's header (the next line), and past its dash line if any.
fn read_header<'a, I>(lines: &mut Peekable<I>, kind: Kind, diags: &mut Diags) -> Option<Columns>
where
    I: Iterator<Item = (usize, &'a str)> + Clone,
{
    let Some((hl, h)) = lines.next() else {
        diags.error(None, DiagKind::NoRowsAfterHeader);
        return None;
    };
    let (names, shape, account_indented): (Vec<Cow<'_, str>>, Shape, bool) = match kind.layout {
        TextLayout::FixedWidth => {
            let (names, widths, account_indented) = fixed_header(h, lines, kind.sacctmgr);
            (names, Shape::Fixed { widths }, account_indented)
        }
        TextLayout::Parsable | TextLayout::ParsableNoEnding => {
            let mut names: Vec<Cow<'_, str>> = h.split('|').map(Cow::Borrowed).collect();
            let trailing = kind.layout == TextLayout::Parsable;
            if trailing && names.last().is_some_and(|s| s.trim().is_empty()) {
                names.pop();
            }
            (names, Shape::Parsable { trailing }, true)
        }
    };
    let fields: Vec<Field> = names.iter().map(|n| field_of(n)).collect();
    warn_unknown(&names, &fields, hl, diags);
    Some(Columns {
        fields,
        shape,
        header_line: Some(hl),
        account_indented,
    })
}

/// A fixed-width header `h`: its names and column widths, from the dash line that follows it
/// (taken from `lines`) or else from the header itself, and whether the Account column is
/// left-justified.
fn fixed_header<'a, 'h, I>(
    h: &'h str,
    lines: &mut Peekable<I>,
    sacctmgr: bool,
) -> (Vec<Cow<'h, str>>, Vec<usize>, bool)
where
    I: Iterator<Item = (usize, &'a str)> + Clone,
{
    let (names, widths, account_span) = match lines.peek() {
        Some(&(_, dashes)) if is_dash_line(dashes) => {
            lines.next();
            let spans = dash_spans(dashes);
            let names: Vec<Cow<'h, str>> = spans
                .iter()
                .map(|&(s, w)| Cow::Owned(slice(h, s, s + w).trim_ascii().to_string()))
                .collect();
            let account = names
                .iter()
                .position(|n| field_of(n) == ACCOUNT)
                .and_then(|i| spans.get(i).copied());
            (names, spans.iter().map(|&(_, w)| w).collect(), account)
        }
        _ => {
            let words = header_words(h);
            let names: Vec<Cow<'h, str>> = words
                .iter()
                .map(|&(s, e)| Cow::Borrowed(h.get(s..e).unwrap_or("")))
                .collect();
            let fields: Vec<Field> = names.iter().map(|n| field_of(n)).collect();
            let widths = widths_from_header(&words, &fields, lines.clone().map(|(_, l)| l));
            let mut start = 0;
            let mut account = None;
            for (f, &w) in fields.iter().zip(&widths) {
                if *f == ACCOUNT {
                    account = Some((start, w));
                }
                start += w + 1;
            }
            (names, widths, account)
        }
    };
    // sshare and `sacctmgr ... tree` left-justify an indented Account column; plain sacctmgr
    // right-justifies it (padding, not depth). The header cannot tell (sshare before 17.02
    // right-justified every header name): the rows can.
    let account_indented = match account_span {
        Some((s, w)) if sacctmgr => account_left_justified(lines.clone().map(|(_, l)| l), s, w),
        _ => true,
    };
    (names, widths, account_indented)
}

/// The columns of a table without header: one of sshare's own lists (or sacctmgr's), chosen by
/// the rows, and announced in a warning that names it.
fn assume_columns<'a, I>(
    text: &str,
    lines: &mut Peekable<I>,
    kind: Kind,
    diags: &mut Diags,
) -> Option<Columns>
where
    I: Iterator<Item = (usize, &'a str)> + Clone,
{
    let tool = kind.tool();
    let (fields, shape) = match kind.layout {
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
            diags.warning(
                None,
                DiagKind::NoHeaderAssumed {
                    tool,
                    columns: list_names(&chosen, false),
                },
            );
            let widths = chosen.iter().map(|&f| fixed_width_of(f)).collect();
            (chosen, Shape::Fixed { widths })
        }
        TextLayout::Parsable | TextLayout::ParsableNoEnding => {
            let trailing = kind.layout == TextLayout::Parsable;
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
            let cols = if kind.sacctmgr {
                sacctmgr_columns(n)
            } else {
                sshare_columns(n, eleven_ft)
            };
            let line = lines.peek().map(|&(l, _)| l);
            let Some(c) = cols else {
                diags.error(line, DiagKind::FieldsNoHeader { n });
                return None;
            };
            diags.warning(
                line,
                DiagKind::NoHeaderAssumed {
                    tool,
                    columns: list_names(&c, kind.sacctmgr),
                },
            );
            (c, Shape::Parsable { trailing })
        }
    };
    Some(Columns {
        fields,
        shape,
        header_line: None,
        account_indented: true,
    })
}

/// The fixed width of one of sshare's columns (header-less fixed-width tables are sshare's).
fn fixed_width_of(f: Field) -> usize {
    match f {
        Field::Sshare(c) => c.width(),
        _ => Column::TRESRunMins.width(),
    }
}

/// Checks the columns a tree needs (an error without Account, warnings without shares or
/// usage) and decides how rows are linked: `None` when the table cannot be read.
fn check_columns(text: &str, columns: &Columns, kind: Kind, diags: &mut Diags) -> Option<Linking> {
    let header_line = columns.header_line;
    let col = |f: Field| columns.position(f);
    if col(ACCOUNT).is_none() {
        diags.error(header_line, DiagKind::NoAccountColumn);
        return None;
    }
    let linking = if kind.sacctmgr {
        if col(Field::Id).is_some() && col(Field::ParentId).is_some() {
            Linking::Ids
        } else if col(Field::ParentName).is_some() && !has_indentation(text, columns) {
            Linking::Names
        } else {
            Linking::Indentation
        }
    } else {
        Linking::Indentation
    };
    if kind.fixed() && !columns.account_indented && linking == Linking::Indentation {
        diags.error(header_line, DiagKind::SacctmgrNoNesting);
        return None;
    }
    if col(SHARES).is_none() {
        diags.warning(header_line, DiagKind::NoSharesColumn);
    }
    if col(Field::Sshare(Column::RawUsage)).is_none() {
        diags.warning(header_line, DiagKind::NoUsageColumn { tool: kind.tool() });
    }
    Some(linking)
}

/// Reads the rows after the header: one [`Record`] and one [`PrintedRow`] per line (a line
/// that does not split into the columns is a bad record, so what hangs under it is left out),
/// up to a second cluster; rows of another cluster in a `Cluster` column are skipped.
fn read_rows<'a>(
    text: &str,
    lines: impl Iterator<Item = (usize, &'a str)>,
    columns: &Columns,
    kind: Kind,
    linking: Linking,
    tabs: bool,
    diags: &mut Diags,
) -> (Vec<Record>, Vec<PrintedRow>) {
    let fields = &columns.fields;
    let cluster_col = columns.position(Field::Cluster);
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
        if matches!(columns.shape, Shape::Fixed { .. }) && is_dash_line(line) {
            continue;
        }
        ordinal = ordinal.saturating_add(1);
        split_row(line, &columns.shape, tabs, fields.len(), &mut cells);
        if cells.len() != fields.len() {
            diags.error(
                Some(no),
                DiagKind::FieldCount {
                    found: cells.len(),
                    expected: fields.len(),
                    header: kind.header,
                },
            );
            records.push(row::bad_record(no, ordinal, line));
            printed.push(build::empty_printed());
            continue;
        }
        // Rows of a second cluster (sacctmgr's Cluster column) are skipped before reading.
        if let Some(ci) = cluster_col {
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
        records.push(row::bad_record(no, ordinal, ""));
        printed.push(build::empty_printed());
        if let (Some(rec), Some(shown)) = (records.last_mut(), printed.last_mut()) {
            row::parse_row(rec, shown, fields, &cells, diags);
            if linking != Linking::Indentation {
                rec.depth = 0;
            }
        }
    }
    (records, printed)
}

/// Splits one row into `cells` (cleared first). With `tabs`, missing trailing cells are
/// added empty and empty extra ones dropped, up to `n`.
fn split_row<'a>(
    line: &'a str,
    shape: &Shape,
    tabs: bool,
    n: usize,
    cells: &mut Vec<Cow<'a, str>>,
) {
    cells.clear();
    match shape {
        Shape::Parsable { trailing } => {
            cells.extend(line.split('|').map(Cow::Borrowed));
            if *trailing && cells.len() > 1 && cells.last().is_some_and(|c| c.is_empty()) {
                cells.pop();
            }
        }
        Shape::Fixed { widths } => fixed_cells(line, widths, cells),
    }
    if tabs {
        while cells.len() < n {
            cells.push(Cow::Borrowed(""));
        }
        while cells.len() > n && cells.last().is_some_and(|c| c.trim().is_empty()) {
            cells.pop();
        }
    }
}

/// Builds the tree from the records read: names cut by a fixed-width column are announced,
/// the algorithm is guessed from the columns, duplicates merged or refused.
fn finish(
    records: Vec<Record>,
    printed: Vec<PrintedRow>,
    columns: &Columns,
    kind: Kind,
    linking: Linking,
    format: Format,
    diags: &mut Diags,
) -> (Option<Scenario>, Vec<PrintedRow>) {
    if kind.fixed()
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
    let algorithm = guess_algorithm(&columns.fields, &records, &printed);
    let opts = Options {
        linking,
        ids_from_input: columns.position(Field::Id).is_some(),
        cut_names: kind.fixed(),
        algorithm,
    };
    let (tree, mut printed) = build::build(records, printed, &opts, diags);
    let tree = dedup::resolve_built(
        tree,
        &mut printed,
        dedup::Policy::MergeRepeats,
        kind.fixed(),
        diags,
    );
    if kind.sacctmgr {
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

/// Whether any Account cell is indented (sacctmgr's `tree` keyword).
fn has_indentation(text: &str, columns: &Columns) -> bool {
    let Some(ai) = columns.position(ACCOUNT) else {
        return false;
    };
    match columns.shape {
        Shape::Parsable { .. } => content_lines(text)
            .take(10_000)
            .any(|(_, l)| l.split('|').nth(ai).is_some_and(|c| c.starts_with(' '))),
        // A left-justified Account column is sacctmgr's `tree` layout (or sshare's).
        Shape::Fixed { .. } => columns.account_indented,
    }
}

/// Which algorithm produced the output: `LevelFS` means Fair Tree; `-l` without it means
/// classic; otherwise the root's NormShares tells (1 under classic, ~0 under Fair Tree).
fn guess_algorithm(fields: &[Field], records: &[Record], printed: &[PrintedRow]) -> Algorithm {
    if fields.contains(&Field::Sshare(Column::LevelFS)) {
        return Algorithm::FairTree;
    }
    if fields.contains(&Field::Sshare(Column::NormUsage)) {
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
