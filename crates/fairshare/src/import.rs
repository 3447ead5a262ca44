//! Reading a tree from what people paste: scenario JSON, `sshare` output (`-P`, `-p`, fixed
//! width, `--json`) and `sacctmgr show assoc` output. One entry point, [`import`], detects the
//! format ([`detect`]) and returns an [`Imported`]: the scenario, what Slurm printed for each
//! association ([`PrintedRow`]), and [`Diagnostic`]s that name the line and the problem.
//!
//! **What is returned when** (the UI relies on this):
//! - `scenario: Some(_)` and no error diagnostic: the whole input was read (warnings may
//!   explain assumptions, e.g. "no usage in sacctmgr output").
//! - `scenario: Some(_)` **and** error diagnostics: a *partial* tree, built from the rows that
//!   could be read. A row with an error is left out together with everything indented (or
//!   parented) under it; every left-out line is named. The UI should ask before loading it.
//! - `scenario: None`: nothing usable (no root, not a known format, invalid JSON, or the rows
//!   read do not form a valid tree); the diagnostics say why.
//!
//! Scenario JSON is delegated to [`crate::scenario::parse`], which is all-or-nothing.
//!
//! **What surrounds a paste** is taken away first (`paste`), keeping every line where it was:
//! shell prompt lines before or after the output (one after it ends the output), markdown code
//! fences and the prose outside them, prose before the table, elision marks (`...`, `[...]`,
//! `…`), the margin every line of an indented block shares, tabs between cells (read as `|`),
//! and no-break spaces (read as spaces). Each is named in a warning. Then the format is detected on what is left.
//!
//! **Duplicates** (`dedup`): Slurm holds one association per account and user (and each
//! account once). In text output a repeated row with the same values is merged into the first
//! (a warning); one with other values is an error. In JSON every duplicate is an error.
//!
//! **Rebuilding the tree from text.** sshare and `sacctmgr ... tree` indent the Account cell one
//! space per level: an account row hangs under the most recent account row one level up, a user
//! row under the account row one level up (whose name it repeats). `sacctmgr` output with
//! `ID`/`ParentID` columns is linked by id, `sshare --json` and sacctmgr output with
//! `ParentName` by account name. Ids are taken from the input when it has them (`ID`, JSON
//! `id`), otherwise assigned 1, 2, … in row order (the n-th data row gets id n, whether or not it
//! could be read). Usage comes from `RawUsage` on **user rows only**: Slurm rebuilds account
//! usage from its users (plus usage retained from deleted users), so printed account totals are
//! kept in [`PrintedRow`] for comparison ([`compare()`]) and nowhere else. RawUsage is printed
//! truncated to an integer, so recomputed values may differ slightly from the printed ones;
//! [`compare()`] says which differences that explains.
//!
//! Slurm's row order is its association-list order, which decides Fair Tree ties. When the
//! rows are not in the order Slurm's name-based lineage would give, the import keeps the
//! printed order by giving every association a lineage (and says so in a warning).
//!
//! Assumptions, each announced by a warning where it applies:
//! - the root prints no shares; it gets 1, Slurm's database default (it changes no number);
//! - output that does not start with the root (`sshare -A`, no `-a`) gets a root added above
//!   its top-level rows; a user printed without its account row (`-U`) gets that account;
//! - a second cluster (`sshare -M`, sacctmgr's `Cluster` column) is ignored, as are a pasted
//!   command line (`$ sshare -a -l -P`) and columns this tool does not use;
//! - names cut by a fixed-width column (`longaccountnam+`) are kept as printed;
//! - a fixed-width table without header is read as sshare's own short or `-l` table, and `-p`/
//!   `-P` rows without header as the list of sshare's (the printer's
//!   [`crate::sshare::default_columns`]) with as many fields; the warning names the list;
//! - a fixed-width table without its dash line takes its columns from the header: every name
//!   but a left-justified `Account` ends where its column ends (pre-16.05 two-word names such as
//!   `Raw Shares` and `Level FS` included);
//! - rows cut out of a larger output (no root, the first row indented) hang under the added
//!   root, the least indented ones directly.
//!
//! At most `MAX_DIAGNOSTICS` diagnostics are listed, then one that counts the rest.
//!
//! This module must never panic on any input, and does no IO.

mod build;
mod compare;
mod dedup;
mod json;
mod paste;
mod table;
/// The reading of a RawUsage cell, shared with a typed Raw usage field ([`crate::field::usage`]).
pub(crate) use table::parse_usage as read_usage_cell;

use std::fmt;

pub use compare::{Agreement, ColumnCheck, RowComparison, compare, only_user};

use crate::diag::{DiagKind, Diagnostic};
use crate::ld::LongDouble;
use crate::scenario::Scenario;
use crate::sshare::TextLayout;
use crate::tree::AssocId;

/// The input formats [`import`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Nothing but whitespace.
    Empty,
    /// None of the formats below.
    Unknown,
    /// The project's scenario JSON (`{"associations": [...]}`).
    ScenarioJson,
    /// `sshare --json` (`{"shares": {"shares": [...]}}`).
    SshareJson,
    /// `sshare` text output.
    Sshare {
        /// `-p`, `-P` or the fixed-width table.
        layout: TextLayout,
        /// Whether a header line is present (no `-n`).
        header: bool,
    },
    /// `sacctmgr show assoc` text output (with `tree`, or with `ID`/`ParentID`/`ParentName`).
    Sacctmgr {
        /// `-p`, `-P` or the fixed-width table.
        layout: TextLayout,
        /// Whether a header line is present (no `-n`).
        header: bool,
    },
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (tool, layout, header) = match self {
            Format::Empty => return f.write_str("empty input"),
            Format::Unknown => return f.write_str("unknown format"),
            Format::ScenarioJson => return f.write_str("scenario JSON"),
            Format::SshareJson => return f.write_str("sshare --json"),
            Format::Sshare { layout, header } => ("sshare", layout, header),
            Format::Sacctmgr { layout, header } => ("sacctmgr", layout, header),
        };
        let layout = match layout {
            TextLayout::Parsable => " -p",
            TextLayout::ParsableNoEnding => " -P",
            TextLayout::FixedWidth => " (fixed width)",
        };
        let header = if *header { "" } else { " without header" };
        write!(f, "{tool}{layout}{header}")
    }
}

/// The text of one printed cell. Short texts (every number sshare prints) are stored inline,
/// without an allocation, which keeps a 100 000-row import fast; it reads as a `&str`.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct CellText(CellRepr);

#[derive(Clone, PartialEq, Eq)]
enum CellRepr {
    Inline { len: u8, bytes: [u8; 22] },
    Heap(Box<str>),
}

impl Default for CellRepr {
    fn default() -> Self {
        CellRepr::Inline {
            len: 0,
            bytes: [0; 22],
        }
    }
}

impl CellText {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Built from a `&str` cut at its end, so always valid UTF-8.
            CellRepr::Inline { len, bytes } => {
                std::str::from_utf8(bytes.get(..usize::from(*len)).unwrap_or(&[])).unwrap_or("")
            }
            CellRepr::Heap(s) => s,
        }
    }
}

impl From<&str> for CellText {
    fn from(s: &str) -> CellText {
        if s.len() <= 22 {
            let mut bytes = [0u8; 22];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            CellText(CellRepr::Inline {
                len: s.len() as u8,
                bytes,
            })
        } else {
            CellText(CellRepr::Heap(s.into()))
        }
    }
}

impl From<String> for CellText {
    fn from(s: String) -> CellText {
        CellText::from(s.as_str())
    }
}

impl std::ops::Deref for CellText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for CellText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for CellText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Debug for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One value as Slurm printed it: the text, and the number read from it (`None` for a blank
/// cell or text that is not a number).
#[derive(Clone, Debug, PartialEq)]
pub struct PrintedNumber<T> {
    /// The cell text, trimmed (for JSON: the number as written, `inf`, or empty when unset).
    pub text: CellText,
    /// The value.
    pub value: Option<T>,
}

/// What Slurm printed for one association, for comparison with the recomputation. A field is
/// `None` when the input has no such column.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintedRow {
    /// The association (its id in the imported tree).
    pub id: AssocId,
    /// The 1-based input line of the row.
    pub line: Option<usize>,
    /// `RawUsage` (integer-truncated by Slurm; on accounts, the total Slurm keeps).
    pub raw_usage: Option<PrintedNumber<LongDouble>>,
    /// `NormShares`.
    pub norm_shares: Option<PrintedNumber<f64>>,
    /// `NormUsage`.
    pub norm_usage: Option<PrintedNumber<f64>>,
    /// `EffectvUsage`.
    pub effective_usage: Option<PrintedNumber<f64>>,
    /// `FairShare`.
    pub fairshare: Option<PrintedNumber<f64>>,
    /// `LevelFS`.
    pub level_fs: Option<PrintedNumber<f64>>,
}

/// The result of [`import`]. See the module documentation for which fields are set when.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The detected format.
    pub format: Format,
    /// The tree read, possibly partial (then `diagnostics` has errors).
    pub scenario: Option<Scenario>,
    /// Slurm's printed values per association, in input order (empty for scenario JSON and
    /// sacctmgr output, which print none).
    pub printed: Vec<PrintedRow>,
    /// Problems found, with 1-based line numbers where known.
    pub diagnostics: Vec<Diagnostic>,
}

impl Imported {
    /// Whether any diagnostic is an error (with `scenario` set, the tree is partial).
    pub fn has_errors(&self) -> bool {
        crate::diag::has_errors(&self.diagnostics)
    }

    /// Whether a tree was read but some rows were left out.
    pub fn is_partial(&self) -> bool {
        self.scenario.is_some() && self.has_errors()
    }
}

/// At most this many diagnostics are listed; the rest are counted in one final message.
pub(crate) const MAX_DIAGNOSTICS: usize = 100;

/// Collects diagnostics with a cap, so that pasting a novel does not produce a novel of errors.
#[derive(Default)]
pub(crate) struct Diags {
    list: Vec<Diagnostic>,
    suppressed_errors: usize,
    suppressed_warnings: usize,
}

impl Diags {
    fn push(&mut self, d: Diagnostic) {
        if self.list.len() < MAX_DIAGNOSTICS {
            self.list.push(d);
        } else if d.is_error() {
            self.suppressed_errors += 1;
        } else {
            self.suppressed_warnings += 1;
        }
    }

    pub(crate) fn error(&mut self, line: Option<usize>, kind: DiagKind) {
        self.push(Diagnostic::error(line, kind));
    }

    pub(crate) fn warning(&mut self, line: Option<usize>, kind: DiagKind) {
        self.push(Diagnostic::warning(line, kind));
    }

    fn has_errors(&self) -> bool {
        self.suppressed_errors > 0 || crate::diag::has_errors(&self.list)
    }

    fn finish(mut self) -> Vec<Diagnostic> {
        let more = self.suppressed_errors + self.suppressed_warnings;
        if more > 0 {
            let message = DiagKind::MoreNotListed { more };
            self.list.push(if self.suppressed_errors > 0 {
                Diagnostic::error(None, message)
            } else {
                Diagnostic::warning(None, message)
            });
        }
        self.list
    }
}

/// Detects the format of `text` from its first lines. This is what [`import`] uses; the CLI
/// prints it as "detected: …". What surrounds a paste (prompts, fences, prose, a margin, tabs)
/// is taken away first (see the module documentation).
///
/// Rules, in order: empty → [`Format::Empty`]; starts with `{` → scenario JSON if it mentions
/// `"associations"`, `sshare --json` if it mentions `"shares"`, else unknown; the first line
/// with a `|` → `-p`/`-P` (a header ending in `|`, or header-less rows with one empty field too
/// many, mean `-p`); a header followed by a line of dash runs, or a header of known names
/// alone → fixed width; header-less lines
/// as wide as sshare's default tables → fixed width without header. sacctmgr is told from
/// sshare by its header names (`Share`, `Par ID`/`ParentID`, `Par Name`/`ParentName`,
/// `Lineage`) or, without header, by the field count (3: `Account|User|Share`; 9: the
/// recommended `Cluster,ID,ParentID,Account,User,Partition,ParentName,Share,Lineage`).
pub fn detect(text: &str) -> Format {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    detect_prepared(&paste::prepare(text).text)
}

/// [`detect`] on text already [`paste::prepare`]d.
fn detect_prepared(text: &str) -> Format {
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Format::Empty;
    }
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        return json::sniff(trimmed);
    }
    table::detect(text)
}

/// Reads `text` in whatever supported format it is in. Never panics; see the module
/// documentation for what is returned when.
pub fn import(text: &str) -> Imported {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let prepared = paste::prepare(text);
    let text: &str = &prepared.text;
    let format = detect_prepared(text);
    let mut diags = Diags::default();
    for d in prepared.notes {
        diags.push(d);
    }
    let (scenario, printed) = match format {
        Format::Empty => {
            diags.error(None, DiagKind::Empty);
            (None, Vec::new())
        }
        Format::Unknown => {
            let line = first_content_line(text);
            let found = line
                .and_then(|l| text.split('\n').nth(l - 1))
                .map(|l| clip(l.trim()))
                .unwrap_or_default();
            diags.error(line, DiagKind::UnknownFormat { found });
            (None, Vec::new())
        }
        Format::ScenarioJson => {
            let (scenario, list) = crate::scenario::parse(text);
            for d in list {
                diags.push(d);
            }
            let scenario = scenario.and_then(|s| {
                let mut ids = crate::scenario::IdLines::new(text);
                let mut no_rows = Vec::new();
                let tree = dedup::resolve(
                    s.tree.clone(),
                    &mut no_rows,
                    &mut |id| ids.get(id.0),
                    dedup::Policy::Refuse,
                    false,
                    &mut diags,
                )?;
                // Scenario JSON is all or nothing.
                (!diags.has_errors()).then_some(Scenario { tree, ..s })
            });
            (scenario, Vec::new())
        }
        Format::SshareJson => json::import(text, &mut diags),
        Format::Sshare { .. } | Format::Sacctmgr { .. } => {
            table::import(text, format, prepared.tabs, &mut diags)
        }
    };
    Imported {
        format,
        scenario,
        printed,
        diagnostics: diags.finish(),
    }
}

/// Input text cut to 40 characters, with `…` when cut: a diagnostic must stay readable (and
/// small) whatever was pasted.
pub(crate) fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

fn first_content_line(text: &str) -> Option<usize> {
    text.lines()
        .position(|l| !l.trim().is_empty())
        .map(|i| i + 1)
}
