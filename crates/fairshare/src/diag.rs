//! Diagnostics: what a parser found wrong with its input, with the line it was on.
//!
//! Parsers never fail or panic; they return what they could read plus a list of diagnostics.
//! An `Error` means the input (or that line) could not be used; a `Warning` means it was used
//! with an assumption the person should know about.

use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Read, with an assumption worth knowing.
    Warning,
    /// Not usable as it stands.
    Error,
}

/// One problem in an input, located by line (1-based) where a line is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number in the input, if known.
    pub line: Option<usize>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, with the values it names.
    pub kind: DiagKind,
}

impl Diagnostic {
    /// An error on a line.
    pub fn error(line: Option<usize>, kind: DiagKind) -> Diagnostic {
        Diagnostic {
            line,
            severity: Severity::Error,
            kind,
        }
    }

    /// A warning on a line.
    pub fn warning(line: Option<usize>, kind: DiagKind) -> Diagnostic {
        Diagnostic {
            line,
            severity: Severity::Warning,
            kind,
        }
    }

    /// What is wrong, in English (the CLI's words).
    pub fn message(&self) -> String {
        self.kind.to_string()
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        match self.line {
            Some(line) => write!(f, "line {line}: {kind}: {}", self.kind),
            None => write!(f, "{kind}: {}", self.kind),
        }
    }
}

/// Quotes an untrusted piece of input the way diagnostics show it (Rust string escapes, so a
/// control character or a quote cannot break the line it is shown on).
pub fn quote(s: &str) -> String {
    format!("{s:?}")
}

/// What is wrong with an input: one kind per problem, with the values it names. Texts from the
/// input are already cut short (at most 40 characters and "…"). `Display` is the English
/// wording the CLI prints; the app renders each kind in its own languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagKind {
    /// More problems were found than are listed.
    MoreNotListed {
        /// How many were left out.
        more: usize,
    },
    /// The pasted text is empty.
    Empty,
    /// No known format was recognised.
    UnknownFormat {
        /// The first line of the text, cut short.
        found: String,
    },
    /// No association row at all.
    NoRows,
    /// A row has no ID (when IDs link the rows).
    NoId,
    /// An ID appears twice.
    IdTwice {
        /// The ID.
        id: u32,
        /// The line it was first seen on.
        first: usize,
    },
    /// A user row without a ParentID.
    UserNoParentId,
    /// A second row without a parent (ID-linked input).
    SecondRoot {
        /// The line of the root.
        root_line: usize,
    },
    /// A ParentID that names no row.
    ParentIdUnknown {
        /// The ParentID.
        parent: u32,
    },
    /// A row's parent is a user row.
    ParentRowIsUser {
        /// The parent's line.
        parent_line: usize,
    },
    /// Following parents comes back to the row.
    SelfAncestor,
    /// Left out because an ancestor is left out.
    LeftOut {
        /// The parent's line, when known.
        under: Option<usize>,
    },
    /// Nothing usable was read.
    NothingRead,
    /// The rows are not in lineage order; kept as printed.
    NotLineageOrder,
    /// The tree the rows make is not valid.
    Tree(crate::tree::TreeError),
    /// No root row; one was added.
    RootAdded,
    /// A second row with no indentation.
    SecondTopLevel,
    /// Indented more than one level below the account row above.
    IndentUnder {
        /// This row's indentation.
        spaces: i64,
        /// The account row above it.
        above_line: usize,
        /// That row's indentation.
        above_spaces: i64,
    },
    /// Indented at the top of the tree.
    IndentTop {
        /// This row's indentation.
        spaces: i64,
    },
    /// A user row indented under another account than its own.
    UserUnderOtherAccount {
        /// The account the row names.
        account: String,
        /// The account it is indented under.
        above: String,
        /// That account's line.
        above_line: usize,
    },
    /// An account missing from the output was added under the root.
    AccountAdded {
        /// The account.
        account: String,
    },
    /// A second account without a parent (name-linked input).
    SecondParentless {
        /// The line of the root.
        root_line: usize,
    },
    /// The account a user row names is missing.
    UserAccountMissing {
        /// The account.
        account: String,
    },
    /// The parent account a row names is missing.
    ParentAccountMissing {
        /// The account.
        account: String,
    },
    /// The JSON does not parse.
    NotJson {
        /// The parser's own (English) words, for the CLI.
        detail: String,
        /// The column of the problem (1-based; 0 at the end of the text).
        column: usize,
        /// Whether the text ends too early (rather than holding a wrong character).
        at_end: bool,
    },
    /// sshare --json without a shares list.
    NoSharesList,
    /// An sshare --json entry that is not an object.
    EntryNotObject {
        /// 1-based position in the list.
        n: usize,
    },
    /// Entries of a second cluster (sshare --json) are ignored.
    OtherClusterEntries {
        /// The cluster.
        cluster: String,
    },
    /// An sshare --json entry has no type.
    NoType,
    /// An sshare --json entry has no name.
    NameMissing,
    /// A name holds a character Slurm's lineage cannot carry.
    NameSlash {
        /// Which name: `name` (sshare --json), `Account`, `User` or `Partition`.
        field: &'static str,
        /// The name.
        name: String,
    },
    /// An sshare --json user entry without its account.
    UserNoParent,
    /// Shares not set on a non-root entry.
    SharesUnset {
        /// The value as written.
        value: String,
    },
    /// Shares out of range.
    SharesRange {
        /// The value as written.
        value: String,
    },
    /// Usage not a number ≥ 0.
    UsageBad {
        /// The value as written.
        value: String,
    },
    /// The sshare --json list is empty.
    SharesListEmpty,
    /// A command line before the output was skipped.
    CommandLineSkipped,
    /// A header and nothing after it.
    NoRowsAfterHeader,
    /// A fixed-width header without its dash line.
    NoDashLine,
    /// No header: read as one of the tool's own column lists.
    NoHeaderAssumed {
        /// `sshare` or `sacctmgr`.
        tool: &'static str,
        /// The list assumed, comma-separated (`Account,User,RawShares,…`).
        columns: String,
    },
    /// An elision mark (`...`, `[...]`, `…`) was skipped.
    ElisionSkipped,
    /// Text that is not part of the output (prose around a code fence, before the table, or
    /// another command's output after a prompt) was skipped, from this line to `last`.
    TextIgnored {
        /// The last line skipped, when more than one.
        last: Option<usize>,
    },
    /// Tab-separated cells were read as `|`-separated ones.
    TabsAsColumns,
    /// The same account and user (or the same account under the same parent) printed again
    /// with the same values: merged into the first.
    DuplicateMerged {
        /// The line of the first.
        first_line: usize,
        /// The account.
        account: String,
        /// The user, for a user association.
        user: Option<String>,
    },
    /// The same account and user (or account) twice, which Slurm cannot hold.
    DuplicatePair {
        /// The line of the first, when known.
        first_line: Option<usize>,
        /// The account.
        account: String,
        /// The user, for a user association.
        user: Option<String>,
    },
    /// No header and a field count no known list has.
    FieldsNoHeader {
        /// The field count.
        n: usize,
    },
    /// No Account column.
    NoAccountColumn,
    /// A sacctmgr table that does not show nesting.
    SacctmgrNoNesting,
    /// No shares column.
    NoSharesColumn,
    /// No RawUsage column.
    NoUsageColumn {
        /// `sshare` or `sacctmgr`.
        tool: &'static str,
    },
    /// Output of a second cluster starts (its banner).
    SecondCluster {
        /// The cluster.
        name: String,
    },
    /// A row with another number of fields than expected.
    FieldCount {
        /// Fields found.
        found: usize,
        /// Fields expected.
        expected: usize,
        /// Whether the header set the count.
        header: bool,
    },
    /// Rows of a second cluster are ignored.
    OtherClusterRows {
        /// The cluster.
        cluster: String,
    },
    /// Names cut by sshare's column width.
    NamesCut {
        /// One such name.
        name: String,
    },
    /// Columns the tool does not use.
    UnknownColumns {
        /// Their names, comma-separated.
        names: String,
    },
    /// A printed number that is not a number (ignored).
    NotANumber {
        /// The column.
        field: &'static str,
        /// The cell.
        value: String,
    },
    /// An empty Account cell.
    AccountEmpty,
    /// A RawShares cell that is not a number or `parent`.
    RawSharesBad {
        /// The cell.
        value: String,
    },
    /// A RawUsage cell that cannot be used.
    RawUsageBad {
        /// The cell.
        value: String,
        /// What is wrong with it.
        why: UsageProblem,
    },
    /// An ID cell that is not a whole number.
    IdNotWhole {
        /// The cell.
        value: String,
    },
    /// A ParentID cell that is not a whole number.
    ParentIdNotWhole {
        /// The cell.
        value: String,
    },
    /// A partition on an account row.
    PartitionOnAccount,
    /// An empty RawShares cell on a non-root row.
    RawSharesEmpty,
    /// An empty RawUsage cell (taken as 0).
    RawUsageEmpty,
    /// Scenario JSON that is not an object with associations.
    NotScenarioObject,
    /// An unknown algorithm.
    UnknownAlgorithm {
        /// The value.
        value: String,
    },
    /// A damping factor out of range.
    DampingRange {
        /// The value as written.
        value: String,
    },
    /// No associations list.
    NoAssociations,
    /// An association that is not an object.
    AssocNotObject {
        /// 1-based position in the list.
        n: usize,
    },
    /// An association without a whole-number id.
    AssocNoId {
        /// 1-based position in the list.
        n: usize,
    },
    /// A job (1-based) names an association id that is not in the tree.
    JobNoAssoc {
        /// The job's number.
        job: usize,
        /// The id it names.
        assoc: crate::tree::AssocId,
    },
    /// A job is charged to an account.
    JobOnAccount {
        /// The job's number.
        job: usize,
        /// The account.
        name: String,
    },
    /// A job's billable TRES is not a finite number ≥ 0.
    JobBillable {
        /// The job's number.
        job: usize,
    },
    /// A job's UsageFactor is not finite.
    JobUsageFactor {
        /// The job's number.
        job: usize,
    },
    /// A job ends before it starts.
    JobEndsBeforeStart {
        /// The job's number.
        job: usize,
    },
    /// A field of association `id` that cannot be used.
    Assoc {
        /// The association's id.
        id: u32,
        /// What is wrong.
        problem: FieldProblem,
    },
}

/// What is wrong with a RawUsage cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsageProblem {
    /// 2^64 or more.
    TooLarge,
    /// More than 100 characters.
    TooLong,
    /// Negative.
    Negative,
    /// Not a number.
    NotANumber,
}

/// What is wrong with one field of a scenario association (values as written, cut short).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    /// `parent` is not an id or null.
    ParentNotId {
        /// The value.
        value: String,
    },
    /// No `account`.
    NoAccount,
    /// A string field of another type.
    NotStringOrNull {
        /// The key.
        key: &'static str,
        /// The value.
        value: String,
    },
    /// A usage number that cannot be read.
    UsageUnreadable {
        /// The value.
        value: String,
    },
    /// A usage string that is too long.
    UsageTooLong {
        /// Its length.
        chars: usize,
    },
    /// A usage string that is not a decimal number.
    UsageNotDecimal {
        /// The string.
        value: String,
    },
    /// A usage of another type.
    UsageWrongType {
        /// The value.
        value: String,
    },
    /// Shares out of range.
    SharesRange {
        /// The value.
        value: String,
    },
    /// Shares of another type.
    SharesWrongType {
        /// The value.
        value: String,
    },
    /// An account's `retained_usage` is not a number from 0 to below 2^64.
    RetainedUnreadable {
        /// The value.
        value: String,
    },
}

impl fmt::Display for UsageProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UsageProblem::TooLarge => {
                "is 2^64 or more (MAX_USAGE_RAW), more than sshare's RawUsage can hold"
            }
            UsageProblem::TooLong => "has more than 100 characters; no usage needs that many",
            UsageProblem::Negative => "is negative",
            UsageProblem::NotANumber => "is not a number",
        })
    }
}

impl fmt::Display for FieldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldProblem::ParentNotId { value } => {
                write!(f, "parent {value} must be an id or null")
            }
            FieldProblem::NoAccount => f.write_str("needs an \"account\" name"),
            FieldProblem::NotStringOrNull { key, value } => {
                write!(f, "{key} must be a string or null, not {value}")
            }
            FieldProblem::UsageUnreadable { value } => {
                write!(f, "usage_raw {value} is not a number this tool can read")
            }
            FieldProblem::UsageTooLong { chars } => {
                write!(
                    f,
                    "usage_raw has {chars} characters; at most 100 are accepted"
                )
            }
            FieldProblem::UsageNotDecimal { value } => {
                write!(f, "usage_raw {value:?} is not a decimal number")
            }
            FieldProblem::UsageWrongType { value } => {
                write!(
                    f,
                    "usage_raw must be a number or a decimal string, not {value}"
                )
            }
            FieldProblem::SharesRange { value } => {
                write!(
                    f,
                    "shares {value} must be a whole number from 0 to 4294967295"
                )
            }
            FieldProblem::SharesWrongType { value } => {
                write!(
                    f,
                    "shares must be a whole number or \"parent\", not {value}"
                )
            }
            FieldProblem::RetainedUnreadable { value } => write!(
                f,
                "retained_usage must be a number from 0 to below 2^64 (or a decimal string), \
                 not {value}"
            ),
        }
    }
}

impl fmt::Display for DiagKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DiagKind as K;
        match self {
            K::MoreNotListed { more: 1 } => f.write_str("… and 1 more problem not listed"),
            K::MoreNotListed { more } => write!(f, "… and {more} more problems not listed"),
            K::Empty => f.write_str("nothing to import: the text is empty"),
            K::UnknownFormat { found } => write!(
                f,
                "not a format this tool reads: found {}, which is not a table header, a row or \
                 JSON; paste scenario JSON, sshare output (sshare -a -l -P, -p, the plain \
                 table, or --json), or sacctmgr show assoc tree format=Account,User,Share -P",
                quote(found)
            ),
            K::NoRows => f.write_str("no association rows found"),
            K::NoId => f.write_str("the row has no ID"),
            K::IdTwice { id, first } => write!(f, "ID {id} is used twice (first on line {first})"),
            K::UserNoParentId => f.write_str("a user association has no ParentID"),
            K::SecondRoot { root_line } => write!(
                f,
                "a second association without a parent (the root is on line {root_line})"
            ),
            K::ParentIdUnknown { parent } => {
                write!(f, "ParentID {parent} is not the ID of any row")
            }
            K::ParentRowIsUser { parent_line } => write!(
                f,
                "its parent (line {parent_line}) is a user association; users hold nothing"
            ),
            K::SelfAncestor => {
                f.write_str("its parents lead back to itself, so it has no place in the tree")
            }
            K::LeftOut { under: Some(l) } => {
                write!(f, "left out: it hangs under line {l}, which is left out")
            }
            K::LeftOut { under: None } => f.write_str("left out"),
            K::NothingRead => f.write_str("no association could be read"),
            K::NotLineageOrder => f.write_str(
                "the rows are not in the order Slurm's lineage (by name) would give; the printed \
                 order is kept, since it decides Fair Tree ties",
            ),
            K::Tree(e) => e.fmt(f),
            K::RootAdded => f.write_str(
                "the output does not start with the root account (was sshare run without -a, or \
                 with -A or -U?); a root account was added above the top-level rows",
            ),
            K::SecondTopLevel => f.write_str(
                "a second top-level row: only the root may have no indentation (if the \
                     Account column's leading spaces were lost in copying, copy the text as \
                     printed, or run sshare -a -l -P)",
            ),
            K::IndentUnder {
                spaces,
                above_line,
                above_spaces,
            } => write!(
                f,
                "indented {spaces} spaces, but the account row above it (line {above_line}) is \
                 indented {above_spaces}: one space per level is expected"
            ),
            K::IndentTop { spaces } => write!(
                f,
                "indented {spaces} spaces at the top of the tree: one space per level is expected"
            ),
            K::UserUnderOtherAccount {
                account,
                above,
                above_line,
            } => write!(
                f,
                "the user row names account {}, but it is indented under account {} (line {above_line})",
                quote(account),
                quote(above)
            ),
            K::AccountAdded { account } => write!(
                f,
                "account {} is not in the output; it was added under the root with 1 share",
                quote(account)
            ),
            K::SecondParentless { root_line } => write!(
                f,
                "a second account without a parent (the root is on line {root_line})"
            ),
            K::UserAccountMissing { account } => {
                write!(
                    f,
                    "the user's account {} is not in the output",
                    quote(account)
                )
            }
            K::ParentAccountMissing { account } => {
                write!(
                    f,
                    "the parent account {} is not in the output",
                    quote(account)
                )
            }
            K::NotJson { detail, .. } => write!(f, "not valid JSON: {detail}"),
            K::NoSharesList => f.write_str(
                "no \"shares\": {\"shares\": [...]} list (is this sshare --json output?)",
            ),
            K::EntryNotObject { n } => write!(f, "entry #{n} is not an object"),
            K::OtherClusterEntries { cluster } => write!(
                f,
                "entries of cluster {} are ignored: one cluster at a time",
                quote(cluster)
            ),
            K::NoType => f.write_str("no \"type\" ([\"USER\"] or [\"ASSOCIATION\"])"),
            K::NameMissing => f.write_str("\"name\" is missing or empty"),
            K::NameSlash { field, name } => write!(
                f,
                "{field} {} contains '/', which Slurm's lineage cannot carry",
                quote(name)
            ),
            K::UserNoParent => f.write_str("a user entry without its account (\"parent\")"),
            K::SharesUnset { value } => {
                write!(f, "shares {value} is not set; only the root has no shares")
            }
            K::SharesRange { value } => {
                write!(
                    f,
                    "shares {value} is not a whole number from 0 to 4294967295"
                )
            }
            K::UsageBad { value } => write!(f, "usage {value} is not a number of at least 0"),
            K::SharesListEmpty => f.write_str("the shares list is empty"),
            K::CommandLineSkipped => f.write_str("skipped: a command line, not output"),
            K::NoRowsAfterHeader => f.write_str("no rows after the header"),
            K::NoDashLine => f.write_str("the header has no dash line under it"),
            K::NoHeaderAssumed { tool, columns } => write!(
                f,
                "no header: the columns were taken to be {tool}'s own list {columns} (keep the \
                 header to be sure)"
            ),
            K::ElisionSkipped => f.write_str(
                "skipped: an elision mark, not a row; whatever was cut there is not in the tree",
            ),
            K::TextIgnored { last: None } => {
                f.write_str("skipped: this line is not part of the output")
            }
            K::TextIgnored { last: Some(last) } => write!(
                f,
                "skipped: this line and the next ones up to line {last} are not part of the output"
            ),
            K::TabsAsColumns => f.write_str(
                "cells separated by tabs (as a web page or a spreadsheet copies them) were read \
                 as sshare -P's columns",
            ),
            K::DuplicateMerged {
                first_line,
                account,
                user: Some(user),
            } => write!(
                f,
                "user {} of account {} repeats line {first_line} with the same values; Slurm \
                 holds one association per account and user, so the two were read as one",
                quote(user),
                quote(account)
            ),
            K::DuplicateMerged {
                first_line,
                account,
                user: None,
            } => write!(
                f,
                "account {} repeats line {first_line} under the same parent with the same \
                 values; Slurm holds each account once, so the two were read as one (what is \
                 under this row joins line {first_line}'s)",
                quote(account)
            ),
            K::DuplicatePair {
                first_line,
                account,
                user,
            } => {
                let also = match first_line {
                    Some(l) => format!("is also on line {l}"),
                    None => "appears twice".to_string(),
                };
                match user {
                    Some(user) => write!(
                        f,
                        "user {} of account {} {also}; Slurm holds one association per account \
                         and user: keep one of them",
                        quote(user),
                        quote(account)
                    ),
                    None => write!(
                        f,
                        "account {} {also} under the same parent; Slurm holds each account \
                         once: keep one of them",
                        quote(account)
                    ),
                }
            }
            K::FieldsNoHeader { n } => write!(
                f,
                "{n} fields and no header: without a header only sshare's own \
                 column lists (7, 10 or 11 fields, 8 or 12 with -m) and sacctmgr's \
                 Account,User,Share (3) or the recommended 9-field list can be read; \
                 keep the header"
            ),
            K::NoAccountColumn => f.write_str("no Account column"),
            K::SacctmgrNoNesting => f.write_str(
                "this sacctmgr table does not show how accounts nest: run sacctmgr show assoc \
                 tree format=Account,User,Share -P (or add ID,ParentID)",
            ),
            K::NoSharesColumn => {
                f.write_str("no RawShares (or Share) column: every association gets 1 share")
            }
            K::NoUsageColumn { tool } => write!(
                f,
                "{tool} output has no RawUsage: every user starts with no usage (paste sshare -a -l -P \
                 output to get usage)"
            ),
            K::SecondCluster { name } => write!(
                f,
                "output for a second cluster ({name}) starts here and is ignored: one cluster \
                 at a time"
            ),
            K::FieldCount {
                found,
                expected,
                header,
            } => write!(
                f,
                "{found} fields, but {expected} expected{}",
                if *header { " (as in the header)" } else { "" }
            ),
            K::OtherClusterRows { cluster } => write!(
                f,
                "rows of cluster {} (from this line on) are ignored: one cluster at a time",
                quote(cluster)
            ),
            K::NamesCut { name } => write!(
                f,
                "names longer than their column were cut by sshare (such as {}); they are \
                 kept as printed (sshare -P prints them whole)",
                quote(name)
            ),
            K::UnknownColumns { names } => {
                write!(f, "ignored column(s) this tool does not use: {names}")
            }
            K::NotANumber { field, value } => {
                write!(f, "{field} {} is not a number; it is ignored", quote(value))
            }
            K::AccountEmpty => f.write_str("Account is empty"),
            K::RawSharesBad { value } => write!(
                f,
                "RawShares {} is not a whole number from 0 to 4294967295 or 'parent'",
                quote(value)
            ),
            K::RawUsageBad { value, why } => write!(f, "RawUsage {} {why}", quote(value)),
            K::IdNotWhole { value } => write!(f, "ID {} is not a whole number", quote(value)),
            K::ParentIdNotWhole { value } => {
                write!(f, "ParentID {} is not a whole number", quote(value))
            }
            K::PartitionOnAccount => f.write_str(
                "a partition on an account row is ignored (only user associations have one)",
            ),
            K::RawSharesEmpty => f.write_str("RawShares is empty (only the root has none)"),
            K::RawUsageEmpty => f.write_str("RawUsage is empty; taken as 0"),
            K::NotScenarioObject => {
                f.write_str("a scenario must be a JSON object with an \"associations\" list")
            }
            K::UnknownAlgorithm { value } => write!(
                f,
                "algorithm {value:?} is neither \"fair_tree\" nor \"classic\""
            ),
            K::DampingRange { value } => write!(
                f,
                "damping_factor {value} must be a whole number from 1 to 65535"
            ),
            K::NoAssociations => f.write_str("no \"associations\" list"),
            K::AssocNotObject { n } => write!(f, "association #{n} is not an object"),
            K::AssocNoId { n } => write!(f, "association #{n} has no whole-number \"id\""),
            K::JobNoAssoc { job, assoc } => {
                write!(f, "job #{job}: association id {} does not exist", assoc.0)
            }
            K::JobOnAccount { job, name } => write!(
                f,
                "job #{job}: {name} is an account; Slurm charges jobs to user associations, and \
                 account usage is the sum of its users'"
            ),
            K::JobBillable { job } => {
                write!(f, "job #{job}: billable TRES must be a finite number ≥ 0")
            }
            K::JobUsageFactor { job } => {
                write!(f, "job #{job}: UsageFactor must be a finite number")
            }
            K::JobEndsBeforeStart { job } => {
                write!(f, "job #{job}: ends before it starts, so it adds no usage")
            }
            K::Assoc { id, problem } => write!(f, "association {id}: {problem}"),
        }
    }
}

/// Whether any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}

/// The diagnostic for text that is not valid JSON.
pub(crate) fn not_json(e: &serde_json::Error) -> DiagKind {
    DiagKind::NotJson {
        detail: e.to_string(),
        column: e.column(),
        at_end: e.is_eof(),
    }
}
