//! The engine's own messages (import diagnostics, field problems, tree refusals) in every UI
//! language. The engine hands over a kind and its values (`fairshare::DiagKind`, `TreeError`);
//! this module picks the key for the kind and fills it. The English table is the engine's
//! `Display` wording, word for word (a test checks every kind), so the CLI and the English page
//! say the same thing.

use fairshare::diag::{DiagKind, FieldProblem, UsageProblem, quote};
use fairshare::import::Format;
use fairshare::sshare::TextLayout;
use fairshare::{AssocId, AssocTree, Diagnostic, TreeError};

use super::import::ImportMsg;
use super::{Lang, Message};

/// Keys of the engine's own messages: one per kind of import diagnostic, field problem,
/// usage problem and tree refusal (`fairshare::DiagKind`, `TreeError`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum EngineMsg {
    /// More problems than are listed.
    MoreNotListed,
    /// One more problem than are listed.
    MoreNotListedOne,
    /// An elision mark was skipped.
    ElisionSkipped,
    /// One line that is not output was skipped.
    TextIgnored,
    /// Lines that are not output were skipped.
    TextIgnoredTo,
    /// Tab-separated cells read as columns.
    TabsAsColumns,
    /// A repeated user row merged.
    DuplicateMergedUser,
    /// A repeated account row merged.
    DuplicateMergedAccount,
    /// A user twice in one account.
    DuplicatePairUser,
    /// An account twice under one parent.
    DuplicatePairAccount,
    /// "is also on line N" (inside the two above).
    AlsoOnLine,
    /// "appears twice" (inside the two above, when the first line is unknown).
    AppearsTwice,
    /// The pasted text is empty.
    Empty,
    /// No known format was recognised.
    UnknownFormat,
    /// No association row.
    NoRows,
    /// A row without an ID.
    NoId,
    /// An ID used twice.
    IdTwice,
    /// A user row without a ParentID.
    UserNoParentId,
    /// A second row without a parent (IDs).
    SecondRoot,
    /// A ParentID naming no row.
    ParentIdUnknown,
    /// A row under a user row.
    ParentRowIsUser,
    /// Parents lead back to the row.
    SelfAncestor,
    /// Left out.
    LeftOut,
    /// Left out with its parent.
    LeftOutUnder,
    /// Nothing usable.
    NothingRead,
    /// Rows not in lineage order.
    NotLineageOrder,
    /// A root was added.
    RootAdded,
    /// A second unindented row.
    SecondTopLevel,
    /// Indented too deep.
    IndentUnder,
    /// Indented at the top.
    IndentTop,
    /// User row under another account.
    UserUnderOtherAccount,
    /// A missing account was added.
    AccountAdded,
    /// A second account without a parent (names).
    SecondParentless,
    /// A user's account is missing.
    UserAccountMissing,
    /// A parent account is missing.
    ParentAccountMissing,
    /// Not valid JSON.
    NotJson,
    /// Where the JSON goes wrong (the English text uses the parser's own words instead).
    JsonSyntax,
    /// The JSON ends too early (the English text uses the parser's own words instead).
    JsonEof,
    /// No shares list.
    NoSharesList,
    /// An entry that is not an object.
    EntryNotObject,
    /// Entries of another cluster.
    OtherClusterEntries,
    /// No type.
    NoType,
    /// No name.
    NameMissing,
    /// A name with '/'.
    NameSlash,
    /// A user entry without its account.
    UserNoParent,
    /// Shares not set.
    SharesUnset,
    /// Shares out of range.
    SharesRange,
    /// Usage not ≥ 0.
    UsageBad,
    /// Empty shares list.
    SharesListEmpty,
    /// A command line was skipped.
    CommandLineSkipped,
    /// Header only.
    NoRowsAfterHeader,
    /// No dash line.
    NoDashLine,
    /// No header: default table assumed.
    NoHeaderAssumed,
    /// No header and an unknown field count.
    FieldsNoHeader,
    /// No Account column.
    NoAccountColumn,
    /// sacctmgr without nesting.
    SacctmgrNoNesting,
    /// No shares column.
    NoSharesColumn,
    /// No RawUsage column.
    NoUsageColumn,
    /// A second cluster's output.
    SecondCluster,
    /// Wrong field count.
    FieldCount,
    /// Wrong field count (header).
    FieldCountHeader,
    /// Rows of another cluster.
    OtherClusterRows,
    /// Names cut by sshare.
    NamesCut,
    /// Unused columns.
    UnknownColumns,
    /// A printed number that is not a number.
    NotANumber,
    /// Empty Account.
    AccountEmpty,
    /// Bad RawShares.
    RawSharesBad,
    /// Bad RawUsage.
    RawUsageBad,
    /// ID not whole.
    IdNotWhole,
    /// ParentID not whole.
    ParentIdNotWhole,
    /// Partition on an account.
    PartitionOnAccount,
    /// Empty RawShares.
    RawSharesEmpty,
    /// Empty RawUsage.
    RawUsageEmpty,
    /// Not a scenario object.
    NotScenarioObject,
    /// Unknown algorithm.
    UnknownAlgorithm,
    /// Damping factor out of range.
    DampingRange,
    /// No associations.
    NoAssociations,
    /// Association not an object.
    AssocNotObject,
    /// Association without id.
    AssocNoId,
    /// Job with a missing association.
    JobNoAssoc,
    /// Job charged to an account.
    JobOnAccount,
    /// Bad billable TRES.
    JobBillable,
    /// Bad UsageFactor.
    JobUsageFactor,
    /// Job ends before it starts.
    JobEndsBeforeStart,
    /// A field of an association.
    Assoc,
    /// parent not an id.
    FieldParentNotId,
    /// No account.
    FieldNoAccount,
    /// Not a string or null.
    FieldNotStringOrNull,
    /// Unreadable usage.
    FieldUsageUnreadable,
    /// Usage too long.
    FieldUsageTooLong,
    /// Usage not decimal.
    FieldUsageNotDecimal,
    /// Usage of another type.
    FieldUsageWrongType,
    /// Shares out of range.
    FieldSharesRange,
    /// Shares of another type.
    FieldSharesWrongType,
    /// An account's retained_usage unreadable or out of range.
    FieldRetainedUnreadable,
    /// 2^64 or more.
    UsageTooLarge,
    /// Too long.
    UsageTooLong,
    /// Negative.
    UsageNegative,
    /// Not a number.
    UsageNotANumber,
    /// No root.
    TreeNoRoot,
    /// Several roots.
    TreeSeveralRoots,
    /// Root is a user.
    TreeRootIsUser,
    /// Duplicate id.
    TreeDuplicateId,
    /// Missing parent.
    TreeMissingParent,
    /// Parent is a user.
    TreeParentIsUser,
    /// Cycle.
    TreeCycle,
    /// Empty name.
    TreeEmptyName,
    /// Bad name.
    TreeBadName,
    /// Bad usage.
    TreeBadUsage,
    /// Unknown id.
    TreeUnknownId,
    /// Root edit.
    TreeRootEdit,
    /// Move into own subtree.
    TreeMoveIntoOwnSubtree,
    /// A user name its account already has.
    TreeUserNameTaken,
    /// An account name another account has.
    TreeAccountNameTaken,
    /// A user association named for people (in place of its id in an edit's refusal).
    AssocUserLabel,
    /// Two or more tree refusals in one text.
    TreeJoin,
    /// The detected format: empty.
    FormatEmpty,
    /// The detected format: unknown.
    FormatUnknown,
    /// The detected format: scenario JSON.
    FormatScenarioJson,
    /// A fixed-width table of `tool`.
    FormatFixedWidth,
    /// A table without its header.
    FormatNoHeader,
}

impl Message for EngineMsg {
    const ALL: &'static [EngineMsg] = &[
        EngineMsg::MoreNotListed,
        EngineMsg::MoreNotListedOne,
        EngineMsg::ElisionSkipped,
        EngineMsg::TextIgnored,
        EngineMsg::TextIgnoredTo,
        EngineMsg::TabsAsColumns,
        EngineMsg::DuplicateMergedUser,
        EngineMsg::DuplicateMergedAccount,
        EngineMsg::DuplicatePairUser,
        EngineMsg::DuplicatePairAccount,
        EngineMsg::AlsoOnLine,
        EngineMsg::AppearsTwice,
        EngineMsg::Empty,
        EngineMsg::UnknownFormat,
        EngineMsg::NoRows,
        EngineMsg::NoId,
        EngineMsg::IdTwice,
        EngineMsg::UserNoParentId,
        EngineMsg::SecondRoot,
        EngineMsg::ParentIdUnknown,
        EngineMsg::ParentRowIsUser,
        EngineMsg::SelfAncestor,
        EngineMsg::LeftOut,
        EngineMsg::LeftOutUnder,
        EngineMsg::NothingRead,
        EngineMsg::NotLineageOrder,
        EngineMsg::RootAdded,
        EngineMsg::SecondTopLevel,
        EngineMsg::IndentUnder,
        EngineMsg::IndentTop,
        EngineMsg::UserUnderOtherAccount,
        EngineMsg::AccountAdded,
        EngineMsg::SecondParentless,
        EngineMsg::UserAccountMissing,
        EngineMsg::ParentAccountMissing,
        EngineMsg::NotJson,
        EngineMsg::JsonSyntax,
        EngineMsg::JsonEof,
        EngineMsg::NoSharesList,
        EngineMsg::EntryNotObject,
        EngineMsg::OtherClusterEntries,
        EngineMsg::NoType,
        EngineMsg::NameMissing,
        EngineMsg::NameSlash,
        EngineMsg::UserNoParent,
        EngineMsg::SharesUnset,
        EngineMsg::SharesRange,
        EngineMsg::UsageBad,
        EngineMsg::SharesListEmpty,
        EngineMsg::CommandLineSkipped,
        EngineMsg::NoRowsAfterHeader,
        EngineMsg::NoDashLine,
        EngineMsg::NoHeaderAssumed,
        EngineMsg::FieldsNoHeader,
        EngineMsg::NoAccountColumn,
        EngineMsg::SacctmgrNoNesting,
        EngineMsg::NoSharesColumn,
        EngineMsg::NoUsageColumn,
        EngineMsg::SecondCluster,
        EngineMsg::FieldCount,
        EngineMsg::FieldCountHeader,
        EngineMsg::OtherClusterRows,
        EngineMsg::NamesCut,
        EngineMsg::UnknownColumns,
        EngineMsg::NotANumber,
        EngineMsg::AccountEmpty,
        EngineMsg::RawSharesBad,
        EngineMsg::RawUsageBad,
        EngineMsg::IdNotWhole,
        EngineMsg::ParentIdNotWhole,
        EngineMsg::PartitionOnAccount,
        EngineMsg::RawSharesEmpty,
        EngineMsg::RawUsageEmpty,
        EngineMsg::NotScenarioObject,
        EngineMsg::UnknownAlgorithm,
        EngineMsg::DampingRange,
        EngineMsg::NoAssociations,
        EngineMsg::AssocNotObject,
        EngineMsg::AssocNoId,
        EngineMsg::JobNoAssoc,
        EngineMsg::JobOnAccount,
        EngineMsg::JobBillable,
        EngineMsg::JobUsageFactor,
        EngineMsg::JobEndsBeforeStart,
        EngineMsg::Assoc,
        EngineMsg::FieldParentNotId,
        EngineMsg::FieldNoAccount,
        EngineMsg::FieldNotStringOrNull,
        EngineMsg::FieldUsageUnreadable,
        EngineMsg::FieldUsageTooLong,
        EngineMsg::FieldUsageNotDecimal,
        EngineMsg::FieldUsageWrongType,
        EngineMsg::FieldSharesRange,
        EngineMsg::FieldSharesWrongType,
        EngineMsg::FieldRetainedUnreadable,
        EngineMsg::UsageTooLarge,
        EngineMsg::UsageTooLong,
        EngineMsg::UsageNegative,
        EngineMsg::UsageNotANumber,
        EngineMsg::TreeNoRoot,
        EngineMsg::TreeSeveralRoots,
        EngineMsg::TreeRootIsUser,
        EngineMsg::TreeDuplicateId,
        EngineMsg::TreeMissingParent,
        EngineMsg::TreeParentIsUser,
        EngineMsg::TreeCycle,
        EngineMsg::TreeEmptyName,
        EngineMsg::TreeBadName,
        EngineMsg::TreeBadUsage,
        EngineMsg::TreeUnknownId,
        EngineMsg::TreeRootEdit,
        EngineMsg::TreeMoveIntoOwnSubtree,
        EngineMsg::TreeUserNameTaken,
        EngineMsg::TreeAccountNameTaken,
        EngineMsg::AssocUserLabel,
        EngineMsg::TreeJoin,
        EngineMsg::FormatEmpty,
        EngineMsg::FormatUnknown,
        EngineMsg::FormatScenarioJson,
        EngineMsg::FormatFixedWidth,
        EngineMsg::FormatNoHeader,
    ];

    fn en(self) -> &'static str {
        match self {
            EngineMsg::MoreNotListed => "… and {more} more problems not listed",
            EngineMsg::MoreNotListedOne => "… and 1 more problem not listed",
            EngineMsg::ElisionSkipped => {
                "skipped: an elision mark, not a row; whatever was cut there is not in the tree"
            }
            EngineMsg::TextIgnored => "skipped: this line is not part of the output",
            EngineMsg::TextIgnoredTo => {
                "skipped: this line and the next ones up to line {last} are not part of the output"
            }
            EngineMsg::TabsAsColumns => {
                "cells separated by tabs (as a web page or a spreadsheet copies them) were read as sshare -P's columns"
            }
            EngineMsg::DuplicateMergedUser => {
                "user {user} of account {account} repeats line {first_line} with the same values; Slurm holds one association per account and user, so the two were read as one"
            }
            EngineMsg::DuplicateMergedAccount => {
                "account {account} repeats line {first_line} under the same parent with the same values; Slurm holds each account once, so the two were read as one (what is under this row joins line {first_line}'s)"
            }
            EngineMsg::DuplicatePairUser => {
                "user {user} of account {account} {also}; Slurm holds one association per account and user: keep one of them"
            }
            EngineMsg::DuplicatePairAccount => {
                "account {account} {also} under the same parent; Slurm holds each account once: keep one of them"
            }
            EngineMsg::AlsoOnLine => "is also on line {line}",
            EngineMsg::AppearsTwice => "appears twice",
            EngineMsg::Empty => "nothing to import: the text is empty",
            EngineMsg::UnknownFormat => {
                "not a format this tool reads: found {found}, which is not a table header, a row or JSON; paste scenario JSON, sshare output (sshare -a -l -P, -p, the plain table, or --json), or sacctmgr show assoc tree format=Account,User,Share -P"
            }
            EngineMsg::NoRows => "no association rows found",
            EngineMsg::NoId => "the row has no ID",
            EngineMsg::IdTwice => "ID {id} is used twice (first on line {first})",
            EngineMsg::UserNoParentId => "a user association has no ParentID",
            EngineMsg::SecondRoot => {
                "a second association without a parent (the root is on line {root_line})"
            }
            EngineMsg::ParentIdUnknown => "ParentID {parent} is not the ID of any row",
            EngineMsg::ParentRowIsUser => {
                "its parent (line {parent_line}) is a user association; users hold nothing"
            }
            EngineMsg::SelfAncestor => {
                "its parents lead back to itself, so it has no place in the tree"
            }
            EngineMsg::LeftOut => "left out",
            EngineMsg::LeftOutUnder => "left out: it hangs under line {line}, which is left out",
            EngineMsg::NothingRead => "no association could be read",
            EngineMsg::NotLineageOrder => {
                "the rows are not in the order Slurm's lineage (by name) would give; the printed order is kept, since it decides Fair Tree ties"
            }
            EngineMsg::RootAdded => {
                "the output does not start with the root account (was sshare run without -a, or with -A or -U?); a root account was added above the top-level rows"
            }
            EngineMsg::SecondTopLevel => {
                "a second top-level row: only the root may have no indentation (if the Account column's leading spaces were lost in copying, copy the text as printed, or run sshare -a -l -P)"
            }
            EngineMsg::IndentUnder => {
                "indented {spaces} spaces, but the account row above it (line {above_line}) is indented {above_spaces}: one space per level is expected"
            }
            EngineMsg::IndentTop => {
                "indented {spaces} spaces at the top of the tree: one space per level is expected"
            }
            EngineMsg::UserUnderOtherAccount => {
                "the user row names account {account}, but it is indented under account {above} (line {above_line})"
            }
            EngineMsg::AccountAdded => {
                "account {account} is not in the output; it was added under the root with 1 share"
            }
            EngineMsg::SecondParentless => {
                "a second account without a parent (the root is on line {root_line})"
            }
            EngineMsg::UserAccountMissing => "the user's account {account} is not in the output",
            EngineMsg::ParentAccountMissing => "the parent account {account} is not in the output",
            EngineMsg::NotJson => "not valid JSON: {detail}",
            EngineMsg::JsonSyntax => "the text does not follow JSON at column {column}",
            EngineMsg::JsonEof => "the JSON text ends too early",
            EngineMsg::NoSharesList => {
                "no \"shares\": {\"shares\": [...]} list (is this sshare --json output?)"
            }
            EngineMsg::EntryNotObject => "entry #{n} is not an object",
            EngineMsg::OtherClusterEntries => {
                "entries of cluster {cluster} are ignored: one cluster at a time"
            }
            EngineMsg::NoType => "no \"type\" ([\"USER\"] or [\"ASSOCIATION\"])",
            EngineMsg::NameMissing => "\"name\" is missing or empty",
            EngineMsg::NameSlash => {
                "{field} {name} contains '/', which Slurm's lineage cannot carry"
            }
            EngineMsg::UserNoParent => "a user entry without its account (\"parent\")",
            EngineMsg::SharesUnset => "shares {value} is not set; only the root has no shares",
            EngineMsg::SharesRange => "shares {value} is not a whole number from 0 to 4294967295",
            EngineMsg::UsageBad => "usage {value} is not a number of at least 0",
            EngineMsg::SharesListEmpty => "the shares list is empty",
            EngineMsg::CommandLineSkipped => "skipped: a command line, not output",
            EngineMsg::NoRowsAfterHeader => "no rows after the header",
            EngineMsg::NoDashLine => "the header has no dash line under it",
            EngineMsg::NoHeaderAssumed => {
                "no header: the columns were taken to be {tool}'s own list {columns} (keep the header to be sure)"
            }
            EngineMsg::FieldsNoHeader => {
                "{n} fields and no header: without a header only sshare's own column lists (7, 10 or 11 fields, 8 or 12 with -m) and sacctmgr's Account,User,Share (3) or the recommended 9-field list can be read; keep the header"
            }
            EngineMsg::NoAccountColumn => "no Account column",
            EngineMsg::SacctmgrNoNesting => {
                "this sacctmgr table does not show how accounts nest: run sacctmgr show assoc tree format=Account,User,Share -P (or add ID,ParentID)"
            }
            EngineMsg::NoSharesColumn => {
                "no RawShares (or Share) column: every association gets 1 share"
            }
            EngineMsg::NoUsageColumn => {
                "{tool} output has no RawUsage: every user starts with no usage (paste sshare -a -l -P output to get usage)"
            }
            EngineMsg::SecondCluster => {
                "output for a second cluster ({name}) starts here and is ignored: one cluster at a time"
            }
            EngineMsg::FieldCount => "{found} fields, but {expected} expected",
            EngineMsg::FieldCountHeader => {
                "{found} fields, but {expected} expected (as in the header)"
            }
            EngineMsg::OtherClusterRows => {
                "rows of cluster {cluster} (from this line on) are ignored: one cluster at a time"
            }
            EngineMsg::NamesCut => {
                "names longer than their column were cut by sshare (such as {name}); they are kept as printed (sshare -P prints them whole)"
            }
            EngineMsg::UnknownColumns => "ignored column(s) this tool does not use: {names}",
            EngineMsg::NotANumber => "{field} {value} is not a number; it is ignored",
            EngineMsg::AccountEmpty => "Account is empty",
            EngineMsg::RawSharesBad => {
                "RawShares {value} is not a whole number from 0 to 4294967295 or 'parent'"
            }
            EngineMsg::RawUsageBad => "RawUsage {value} {why}",
            EngineMsg::IdNotWhole => "ID {value} is not a whole number",
            EngineMsg::ParentIdNotWhole => "ParentID {value} is not a whole number",
            EngineMsg::PartitionOnAccount => {
                "a partition on an account row is ignored (only user associations have one)"
            }
            EngineMsg::RawSharesEmpty => "RawShares is empty (only the root has none)",
            EngineMsg::RawUsageEmpty => "RawUsage is empty; taken as 0",
            EngineMsg::NotScenarioObject => {
                "a scenario must be a JSON object with an \"associations\" list"
            }
            EngineMsg::UnknownAlgorithm => {
                "algorithm {value} is neither \"fair_tree\" nor \"classic\""
            }
            EngineMsg::DampingRange => {
                "damping_factor {value} must be a whole number from 1 to 65535"
            }
            EngineMsg::NoAssociations => "no \"associations\" list",
            EngineMsg::AssocNotObject => "association #{n} is not an object",
            EngineMsg::AssocNoId => "association #{n} has no whole-number \"id\"",
            EngineMsg::JobNoAssoc => "job #{job}: association id {assoc} does not exist",
            EngineMsg::JobOnAccount => {
                "job #{job}: {name} is an account; Slurm charges jobs to user associations, and account usage is the sum of its users'"
            }
            EngineMsg::JobBillable => "job #{job}: billable TRES must be a finite number ≥ 0",
            EngineMsg::JobUsageFactor => "job #{job}: UsageFactor must be a finite number",
            EngineMsg::JobEndsBeforeStart => {
                "job #{job}: ends before it starts, so it adds no usage"
            }
            EngineMsg::Assoc => "association {id}: {problem}",
            EngineMsg::FieldParentNotId => "parent {value} must be an id or null",
            EngineMsg::FieldNoAccount => "needs an \"account\" name",
            EngineMsg::FieldNotStringOrNull => "{key} must be a string or null, not {value}",
            EngineMsg::FieldUsageUnreadable => {
                "usage_raw {value} is not a number this tool can read"
            }
            EngineMsg::FieldUsageTooLong => {
                "usage_raw has {chars} characters; at most 100 are accepted"
            }
            EngineMsg::FieldUsageNotDecimal => "usage_raw {value} is not a decimal number",
            EngineMsg::FieldUsageWrongType => {
                "usage_raw must be a number or a decimal string, not {value}"
            }
            EngineMsg::FieldSharesRange => {
                "shares {value} must be a whole number from 0 to 4294967295"
            }
            EngineMsg::FieldSharesWrongType => {
                "shares must be a whole number or \"parent\", not {value}"
            }
            EngineMsg::FieldRetainedUnreadable => {
                "retained_usage must be a number from 0 to below 2^64 (or a decimal string), not {value}"
            }
            EngineMsg::UsageTooLarge => {
                "is 2^64 or more (MAX_USAGE_RAW), more than sshare's RawUsage can hold"
            }
            EngineMsg::UsageTooLong => "has more than 100 characters; no usage needs that many",
            EngineMsg::UsageNegative => "is negative",
            EngineMsg::UsageNotANumber => "is not a number",
            EngineMsg::TreeNoRoot => "no root: one association must have no parent",
            EngineMsg::TreeSeveralRoots => "several associations have no parent (ids {ids})",
            EngineMsg::TreeRootIsUser => "the root (id {id}) must be an account",
            EngineMsg::TreeDuplicateId => "id {id} is used twice",
            EngineMsg::TreeMissingParent => {
                "association {id} names parent {parent}, which does not exist"
            }
            EngineMsg::TreeParentIsUser => {
                "association {id} is under user association {parent}; users are leaves"
            }
            EngineMsg::TreeCycle => "association {id} is its own ancestor",
            EngineMsg::TreeEmptyName => "association {id} has an empty name",
            EngineMsg::TreeBadName => {
                "association {id}: name {name} may not contain '/', '|' or a line break"
            }
            EngineMsg::TreeBadUsage => {
                "association {id}: usage must be a number from 0 to below 2^64 (18446744073709551616, MAX_USAGE_RAW: the largest RawUsage sshare prints)"
            }
            EngineMsg::TreeUnknownId => "no association has id {id}",
            EngineMsg::TreeRootEdit => "the root cannot be deleted or moved",
            EngineMsg::TreeMoveIntoOwnSubtree => {
                "association {id} cannot move under its own descendant"
            }
            EngineMsg::TreeUserNameTaken => {
                "association {id}: account {account} already has a user {name}; Slurm holds one association per account and user"
            }
            EngineMsg::TreeAccountNameTaken => {
                "association {id}: an account {name} already exists; Slurm's account names are unique"
            }
            EngineMsg::AssocUserLabel => "{user} in {account}",
            EngineMsg::TreeJoin => "{first}; {rest}",
            EngineMsg::FormatEmpty => "empty input",
            EngineMsg::FormatUnknown => "unknown format",
            EngineMsg::FormatScenarioJson => "scenario JSON",
            EngineMsg::FormatFixedWidth => "{tool} (fixed width)",
            EngineMsg::FormatNoHeader => "{format} without header",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            EngineMsg::MoreNotListed => {
                "…ほかに {more} 件の問題があります（一覧には出していません）"
            }
            EngineMsg::MoreNotListedOne => "…ほかに 1 件の問題があります（一覧には出していません）",
            EngineMsg::ElisionSkipped => {
                "読み飛ばしました：行ではなく省略の印です。そこで省かれた行はツリーにありません"
            }
            EngineMsg::TextIgnored => "読み飛ばしました：この行は出力の一部ではありません",
            EngineMsg::TextIgnoredTo => {
                "読み飛ばしました：この行から {last} 行目までは出力の一部ではありません"
            }
            EngineMsg::TabsAsColumns => {
                "タブで区切られたセル（ウェブページや表計算ソフトからのコピー）を sshare -P の列として読みました"
            }
            EngineMsg::DuplicateMergedUser => {
                "アカウント {account} のユーザー {user} は {first_line} 行目と同じ値で繰り返されています。Slurm はアカウントとユーザーの組ごとに association を 1 つしか持たないため、1 つとして読みました"
            }
            EngineMsg::DuplicateMergedAccount => {
                "アカウント {account} は同じ親の下で {first_line} 行目と同じ値で繰り返されています。Slurm は各アカウントを 1 つしか持たないため、1 つとして読みました（この行の下にあるものは {first_line} 行目の下に入ります）"
            }
            EngineMsg::DuplicatePairUser => {
                "アカウント {account} のユーザー {user} は{also}。Slurm はアカウントとユーザーの組ごとに association を 1 つしか持ちません：どちらか一方を残してください"
            }
            EngineMsg::DuplicatePairAccount => {
                "アカウント {account} は同じ親の下で{also}。Slurm は各アカウントを 1 つしか持ちません：どちらか一方を残してください"
            }
            EngineMsg::AlsoOnLine => " {line} 行目にもあります",
            EngineMsg::AppearsTwice => " 2 回現れます",
            EngineMsg::Empty => "読み込むものがありません：テキストが空です",
            EngineMsg::UnknownFormat => {
                "このツールが読める形式ではありません：{found} が見つかりましたが、表の見出しでも行でも JSON でもありません。シナリオ JSON、sshare の出力（sshare -a -l -P、-p、通常の表、または --json）、または sacctmgr show assoc tree format=Account,User,Share -P の出力を貼り付けてください"
            }
            EngineMsg::NoRows => "association の行が見つかりません",
            EngineMsg::NoId => "この行には ID がありません",
            EngineMsg::IdTwice => "ID {id} が2回使われています（最初は {first} 行目）",
            EngineMsg::UserNoParentId => "ユーザーの association に ParentID がありません",
            EngineMsg::SecondRoot => {
                "親のない association が2つ目です（ルートは {root_line} 行目）"
            }
            EngineMsg::ParentIdUnknown => "ParentID {parent} はどの行の ID でもありません",
            EngineMsg::ParentRowIsUser => {
                "親（{parent_line} 行目）がユーザーの association です。ユーザーの下には何も置けません"
            }
            EngineMsg::SelfAncestor => {
                "親をたどると自分自身に戻るため、ツリーに置く場所がありません"
            }
            EngineMsg::LeftOut => "除外しました",
            EngineMsg::LeftOutUnder => "除外しました：除外された {line} 行目の下にあります",
            EngineMsg::NothingRead => "読み取れた association がありません",
            EngineMsg::NotLineageOrder => {
                "行の順序が Slurm の lineage（名前順）と異なります。Fair Tree の同点の扱いを決めるので、出力された順序のまま使います"
            }
            EngineMsg::RootAdded => {
                "出力が root アカウントから始まっていません（sshare を -a なしで、または -A や -U 付きで実行しましたか）。最上位の行の上に root アカウントを補いました"
            }
            EngineMsg::SecondTopLevel => {
                "最上位の行が2つあります：字下げなしにできるのはルートだけです（コピーの際に Account 列の先頭の空白が失われたなら、表示どおりにコピーするか、sshare -a -l -P を実行してください）"
            }
            EngineMsg::IndentUnder => {
                "{spaces} 文字の字下げですが、上のアカウント行（{above_line} 行目）は {above_spaces} 文字です：1段につき1文字の字下げが必要です"
            }
            EngineMsg::IndentTop => {
                "ツリーの先頭で {spaces} 文字の字下げがあります：1段につき1文字の字下げが必要です"
            }
            EngineMsg::UserUnderOtherAccount => {
                "ユーザー行のアカウントは {account} ですが、アカウント {above}（{above_line} 行目）の下に字下げされています"
            }
            EngineMsg::AccountAdded => {
                "アカウント {account} が出力にないため、シェア 1 でルートの下に補いました"
            }
            EngineMsg::SecondParentless => {
                "親のないアカウントが2つ目です（ルートは {root_line} 行目）"
            }
            EngineMsg::UserAccountMissing => "ユーザーのアカウント {account} が出力にありません",
            EngineMsg::ParentAccountMissing => "親アカウント {account} が出力にありません",
            EngineMsg::NotJson => "JSON として正しくありません：{detail}",
            EngineMsg::JsonSyntax => "{column} 文字目が JSON の書き方に合いません",
            EngineMsg::JsonEof => "JSON が途中で終わっています",
            EngineMsg::NoSharesList => {
                "\"shares\": {\"shares\": [...]} の一覧がありません（sshare --json の出力ですか）"
            }
            EngineMsg::EntryNotObject => "{n} 番目の項目がオブジェクトではありません",
            EngineMsg::OtherClusterEntries => {
                "クラスタ {cluster} の項目は無視しました：一度に扱えるのは1クラスタだけです"
            }
            EngineMsg::NoType => "\"type\"（[\"USER\"] または [\"ASSOCIATION\"]）がありません",
            EngineMsg::NameMissing => "\"name\" がないか空です",
            EngineMsg::NameSlash => {
                "{field} {name} に '/' が含まれています。Slurm の lineage には使えない文字です"
            }
            EngineMsg::UserNoParent => "ユーザーの項目にアカウント（\"parent\"）がありません",
            EngineMsg::SharesUnset => {
                "shares {value} が設定されていません。シェアがないのはルートだけです"
            }
            EngineMsg::SharesRange => {
                "shares {value} は 0 から 4294967295 までの整数ではありません"
            }
            EngineMsg::UsageBad => "usage {value} は 0 以上の数ではありません",
            EngineMsg::SharesListEmpty => "shares の一覧が空です",
            EngineMsg::CommandLineSkipped => "読み飛ばしました：出力ではなくコマンド行です",
            EngineMsg::NoRowsAfterHeader => "見出しの後に行がありません",
            EngineMsg::NoDashLine => "見出しの下に区切り線（-----）がありません",
            EngineMsg::NoHeaderAssumed => {
                "見出しがないため、列を {tool} 自身の列構成 {columns} とみなしました（確実にするには見出しを残してください）"
            }
            EngineMsg::FieldsNoHeader => {
                "{n} 個の欄があり見出しがありません：見出しなしで読めるのは sshare 自身の列構成（7、10、11 欄、-m 付きで 8、12 欄）と sacctmgr の Account,User,Share（3 欄）、推奨の 9 欄だけです。見出しを残してください"
            }
            EngineMsg::NoAccountColumn => "Account の列がありません",
            EngineMsg::SacctmgrNoNesting => {
                "この sacctmgr の表ではアカウントの入れ子がわかりません：sacctmgr show assoc tree format=Account,User,Share -P を実行してください（または ID,ParentID を加えてください）"
            }
            EngineMsg::NoSharesColumn => {
                "RawShares（または Share）の列がありません：すべての association をシェア 1 とします"
            }
            EngineMsg::NoUsageColumn => {
                "{tool} の出力に RawUsage がありません：どのユーザーも使用量 0 から始めます（使用量を入れるには sshare -a -l -P の出力を貼り付けてください）"
            }
            EngineMsg::SecondCluster => {
                "ここから2つ目のクラスタ（{name}）の出力なので無視しました：一度に扱えるのは1クラスタだけです"
            }
            EngineMsg::FieldCount => "{found} 個の欄がありますが、{expected} 個のはずです",
            EngineMsg::FieldCountHeader => {
                "{found} 個の欄がありますが、見出しのとおり {expected} 個のはずです"
            }
            EngineMsg::OtherClusterRows => {
                "クラスタ {cluster} の行（この行から後）は無視しました：一度に扱えるのは1クラスタだけです"
            }
            EngineMsg::NamesCut => {
                "列より長い名前が sshare によって切り詰められています（{name} など）。出力されたとおりに使います（sshare -P なら全体が出力されます）"
            }
            EngineMsg::UnknownColumns => "このツールが使わない列を無視しました：{names}",
            EngineMsg::NotANumber => "{field} {value} は数ではないため無視しました",
            EngineMsg::AccountEmpty => "Account が空です",
            EngineMsg::RawSharesBad => {
                "RawShares {value} は 0 から 4294967295 までの整数でも 'parent' でもありません"
            }
            EngineMsg::RawUsageBad => "RawUsage {value} は{why}",
            EngineMsg::IdNotWhole => "ID {value} は整数ではありません",
            EngineMsg::ParentIdNotWhole => "ParentID {value} は整数ではありません",
            EngineMsg::PartitionOnAccount => {
                "アカウント行のパーティションは無視しました（パーティションを持つのはユーザーの association だけです）"
            }
            EngineMsg::RawSharesEmpty => "RawShares が空です（空でよいのはルートだけです）",
            EngineMsg::RawUsageEmpty => "RawUsage が空なので 0 とします",
            EngineMsg::NotScenarioObject => {
                "シナリオは \"associations\" の一覧を持つ JSON オブジェクトでなければなりません"
            }
            EngineMsg::UnknownAlgorithm => {
                "algorithm {value} は \"fair_tree\" でも \"classic\" でもありません"
            }
            EngineMsg::DampingRange => {
                "damping_factor {value} は 1 から 65535 までの整数でなければなりません"
            }
            EngineMsg::NoAssociations => "\"associations\" の一覧がありません",
            EngineMsg::AssocNotObject => "{n} 番目の association がオブジェクトではありません",
            EngineMsg::AssocNoId => "{n} 番目の association に整数の \"id\" がありません",
            EngineMsg::JobNoAssoc => "ジョブ {job}：association ID {assoc} は存在しません",
            EngineMsg::JobOnAccount => {
                "ジョブ {job}：{name} はアカウントです。Slurm はジョブをユーザーの association に課金し、アカウントの使用量はそのユーザーたちの合計です"
            }
            EngineMsg::JobBillable => {
                "ジョブ {job}：billable TRES は 0 以上の有限の数でなければなりません"
            }
            EngineMsg::JobUsageFactor => "ジョブ {job}：UsageFactor は有限の数でなければなりません",
            EngineMsg::JobEndsBeforeStart => {
                "ジョブ {job}：開始より前に終わるので、使用量は増えません"
            }
            EngineMsg::Assoc => "association {id}：{problem}",
            EngineMsg::FieldParentNotId => "parent {value} は id か null でなければなりません",
            EngineMsg::FieldNoAccount => "\"account\" の名前が必要です",
            EngineMsg::FieldNotStringOrNull => {
                "{key} は文字列か null でなければなりません（{value} ではなく）"
            }
            EngineMsg::FieldUsageUnreadable => {
                "usage_raw {value} はこのツールで読める数ではありません"
            }
            EngineMsg::FieldUsageTooLong => {
                "usage_raw が {chars} 文字あります。受け付けるのは 100 文字までです"
            }
            EngineMsg::FieldUsageNotDecimal => "usage_raw {value} は10進数ではありません",
            EngineMsg::FieldUsageWrongType => {
                "usage_raw は数か10進数の文字列でなければなりません（{value} ではなく）"
            }
            EngineMsg::FieldSharesRange => {
                "shares {value} は 0 から 4294967295 までの整数でなければなりません"
            }
            EngineMsg::FieldSharesWrongType => {
                "shares は整数か \"parent\" でなければなりません（{value} ではなく）"
            }
            EngineMsg::FieldRetainedUnreadable => {
                "retained_usage は 0 以上 2^64 未満の数（または10進数の文字列）でなければなりません（{value} ではなく）"
            }
            EngineMsg::UsageTooLarge => {
                "2^64 以上です（MAX_USAGE_RAW）。sshare の RawUsage が表せる値を超えています"
            }
            EngineMsg::UsageTooLong => "100 文字を超えています。そんなに長い使用量はありません",
            EngineMsg::UsageNegative => "負の値です",
            EngineMsg::UsageNotANumber => "数ではありません",
            EngineMsg::TreeNoRoot => "ルートがありません：親のない association が1つ必要です",
            EngineMsg::TreeSeveralRoots => "親のない association が複数あります（id {ids}）",
            EngineMsg::TreeRootIsUser => "ルート（id {id}）はアカウントでなければなりません",
            EngineMsg::TreeDuplicateId => "id {id} が2回使われています",
            EngineMsg::TreeMissingParent => "association {id} の親 {parent} が存在しません",
            EngineMsg::TreeParentIsUser => {
                "association {id} がユーザーの association {parent} の下にあります。ユーザーの下には何も置けません"
            }
            EngineMsg::TreeCycle => "association {id} が自分自身の祖先になっています",
            EngineMsg::TreeEmptyName => "association {id} の名前が空です",
            EngineMsg::TreeBadName => {
                "association {id}：名前 {name} には '/'、'|'、改行を含められません"
            }
            EngineMsg::TreeBadUsage => {
                "association {id}：使用量は 0 以上 2^64 未満の数でなければなりません（18446744073709551616、MAX_USAGE_RAW：sshare が出力する RawUsage の上限）"
            }
            EngineMsg::TreeUnknownId => "id {id} の association はありません",
            EngineMsg::TreeRootEdit => "ルートは削除も移動もできません",
            EngineMsg::TreeMoveIntoOwnSubtree => {
                "association {id} は自分の子孫の下には移動できません"
            }
            EngineMsg::TreeUserNameTaken => {
                "association {id}：アカウント {account} にはユーザー {name} がすでにいます。Slurm ではアカウントとユーザーの組は1つの association だけです"
            }
            EngineMsg::TreeAccountNameTaken => {
                "association {id}：アカウント {name} はすでにあります。Slurm のアカウント名は重複できません"
            }
            EngineMsg::AssocUserLabel => "{account} の {user}",
            EngineMsg::TreeJoin => "{first}。{rest}",
            EngineMsg::FormatEmpty => "空の入力",
            EngineMsg::FormatUnknown => "不明な形式",
            EngineMsg::FormatScenarioJson => "シナリオ JSON",
            EngineMsg::FormatFixedWidth => "{tool}（固定幅）",
            EngineMsg::FormatNoHeader => "{format}（見出しなし）",
        })
    }
}

/// A diagnostic as one line in `lang`: "line 7: …" where the line is known, warnings marked as
/// assumptions.
pub fn diagnostic_text(d: &Diagnostic, lang: Lang) -> String {
    let text = diag_text(&d.kind, lang);
    let message = ("message", text.as_str());
    match (d.line, d.is_error()) {
        (Some(line), true) => {
            ImportMsg::DiagLine.fill(lang, &[("line", &line.to_string()), message])
        }
        (Some(line), false) => {
            ImportMsg::WarnLine.fill(lang, &[("line", &line.to_string()), message])
        }
        (None, true) => ImportMsg::DiagNoLine.fill(lang, &[message]),
        (None, false) => ImportMsg::WarnNoLine.fill(lang, &[message]),
    }
}

/// A diagnostic's text in `lang` (without its line and severity).
pub fn diag_text(kind: &DiagKind, lang: Lang) -> String {
    use DiagKind as K;
    use EngineMsg as M;
    let n = |x: &dyn ToString| x.to_string();
    let (msg, args): (M, Vec<(&str, String)>) = match kind {
        K::MoreNotListed { more: 1 } => (M::MoreNotListedOne, vec![]),
        K::MoreNotListed { more } => (M::MoreNotListed, vec![("more", n(more))]),
        K::Empty => (M::Empty, vec![]),
        K::UnknownFormat { found } => (M::UnknownFormat, vec![("found", quote(found))]),
        K::NoRows => (M::NoRows, vec![]),
        K::NoId => (M::NoId, vec![]),
        K::IdTwice { id, first } => (M::IdTwice, vec![("id", n(id)), ("first", n(first))]),
        K::UserNoParentId => (M::UserNoParentId, vec![]),
        K::SecondRoot { root_line } => (M::SecondRoot, vec![("root_line", n(root_line))]),
        K::ParentIdUnknown { parent } => (M::ParentIdUnknown, vec![("parent", n(parent))]),
        K::ParentRowIsUser { parent_line } => {
            (M::ParentRowIsUser, vec![("parent_line", n(parent_line))])
        }
        K::SelfAncestor => (M::SelfAncestor, vec![]),
        K::LeftOut { under: None } => (M::LeftOut, vec![]),
        K::LeftOut { under: Some(line) } => (M::LeftOutUnder, vec![("line", n(line))]),
        K::NothingRead => (M::NothingRead, vec![]),
        K::NotLineageOrder => (M::NotLineageOrder, vec![]),
        K::Tree(e) => return tree_error_text(e, lang),
        K::RootAdded => (M::RootAdded, vec![]),
        K::SecondTopLevel => (M::SecondTopLevel, vec![]),
        K::IndentUnder {
            spaces,
            above_line,
            above_spaces,
        } => (
            M::IndentUnder,
            vec![
                ("spaces", n(spaces)),
                ("above_line", n(above_line)),
                ("above_spaces", n(above_spaces)),
            ],
        ),
        K::IndentTop { spaces } => (M::IndentTop, vec![("spaces", n(spaces))]),
        K::UserUnderOtherAccount {
            account,
            above,
            above_line,
        } => (
            M::UserUnderOtherAccount,
            vec![
                ("account", quote(account)),
                ("above", quote(above)),
                ("above_line", n(above_line)),
            ],
        ),
        K::AccountAdded { account } => (M::AccountAdded, vec![("account", quote(account))]),
        K::SecondParentless { root_line } => {
            (M::SecondParentless, vec![("root_line", n(root_line))])
        }
        K::UserAccountMissing { account } => {
            (M::UserAccountMissing, vec![("account", quote(account))])
        }
        K::ParentAccountMissing { account } => {
            (M::ParentAccountMissing, vec![("account", quote(account))])
        }
        K::NotJson {
            detail,
            column,
            at_end,
        } => {
            // English keeps the parser's own words (as the CLI prints them); other languages
            // say where, in their own words.
            let detail = match (lang, at_end) {
                (Lang::En, _) => detail.clone(),
                (_, true) => M::JsonEof.text(lang).to_string(),
                (_, false) => M::JsonSyntax.fill(lang, &[("column", &n(column))]),
            };
            (M::NotJson, vec![("detail", detail)])
        }
        K::NoSharesList => (M::NoSharesList, vec![]),
        K::EntryNotObject { n: i } => (M::EntryNotObject, vec![("n", n(i))]),
        K::OtherClusterEntries { cluster } => {
            (M::OtherClusterEntries, vec![("cluster", quote(cluster))])
        }
        K::NoType => (M::NoType, vec![]),
        K::NameMissing => (M::NameMissing, vec![]),
        K::NameSlash { field, name } => (
            M::NameSlash,
            vec![("field", n(field)), ("name", quote(name))],
        ),
        K::UserNoParent => (M::UserNoParent, vec![]),
        K::SharesUnset { value } => (M::SharesUnset, vec![("value", value.clone())]),
        K::SharesRange { value } => (M::SharesRange, vec![("value", value.clone())]),
        K::UsageBad { value } => (M::UsageBad, vec![("value", value.clone())]),
        K::SharesListEmpty => (M::SharesListEmpty, vec![]),
        K::CommandLineSkipped => (M::CommandLineSkipped, vec![]),
        K::NoRowsAfterHeader => (M::NoRowsAfterHeader, vec![]),
        K::NoDashLine => (M::NoDashLine, vec![]),
        K::NoHeaderAssumed { tool, columns } => (
            M::NoHeaderAssumed,
            vec![("tool", n(tool)), ("columns", columns.clone())],
        ),
        K::ElisionSkipped => (M::ElisionSkipped, vec![]),
        K::TextIgnored { last: None } => (M::TextIgnored, vec![]),
        K::TextIgnored { last: Some(last) } => (M::TextIgnoredTo, vec![("last", n(last))]),
        K::TabsAsColumns => (M::TabsAsColumns, vec![]),
        K::DuplicateMerged {
            first_line,
            account,
            user,
        } => {
            let mut args = vec![("first_line", n(first_line)), ("account", quote(account))];
            let msg = match user {
                Some(u) => {
                    args.push(("user", quote(u)));
                    M::DuplicateMergedUser
                }
                None => M::DuplicateMergedAccount,
            };
            (msg, args)
        }
        K::DuplicatePair {
            first_line,
            account,
            user,
        } => {
            let also = match first_line {
                Some(l) => M::AlsoOnLine.fill(lang, &[("line", &l.to_string())]),
                None => M::AppearsTwice.text(lang).to_string(),
            };
            let mut args = vec![("also", also), ("account", quote(account))];
            let msg = match user {
                Some(u) => {
                    args.push(("user", quote(u)));
                    M::DuplicatePairUser
                }
                None => M::DuplicatePairAccount,
            };
            (msg, args)
        }
        K::FieldsNoHeader { n: count } => (M::FieldsNoHeader, vec![("n", n(count))]),
        K::NoAccountColumn => (M::NoAccountColumn, vec![]),
        K::SacctmgrNoNesting => (M::SacctmgrNoNesting, vec![]),
        K::NoSharesColumn => (M::NoSharesColumn, vec![]),
        K::NoUsageColumn { tool } => (M::NoUsageColumn, vec![("tool", n(tool))]),
        K::SecondCluster { name } => (M::SecondCluster, vec![("name", name.clone())]),
        K::FieldCount {
            found,
            expected,
            header,
        } => (
            if *header {
                M::FieldCountHeader
            } else {
                M::FieldCount
            },
            vec![("found", n(found)), ("expected", n(expected))],
        ),
        K::OtherClusterRows { cluster } => (M::OtherClusterRows, vec![("cluster", quote(cluster))]),
        K::NamesCut { name } => (M::NamesCut, vec![("name", quote(name))]),
        K::UnknownColumns { names } => (M::UnknownColumns, vec![("names", names.clone())]),
        K::NotANumber { field, value } => (
            M::NotANumber,
            vec![("field", n(field)), ("value", quote(value))],
        ),
        K::AccountEmpty => (M::AccountEmpty, vec![]),
        K::RawSharesBad { value } => (M::RawSharesBad, vec![("value", quote(value))]),
        K::RawUsageBad { value, why } => (
            M::RawUsageBad,
            vec![
                ("value", quote(value)),
                ("why", usage_problem_text(*why, lang)),
            ],
        ),
        K::IdNotWhole { value } => (M::IdNotWhole, vec![("value", quote(value))]),
        K::ParentIdNotWhole { value } => (M::ParentIdNotWhole, vec![("value", quote(value))]),
        K::PartitionOnAccount => (M::PartitionOnAccount, vec![]),
        K::RawSharesEmpty => (M::RawSharesEmpty, vec![]),
        K::RawUsageEmpty => (M::RawUsageEmpty, vec![]),
        K::NotScenarioObject => (M::NotScenarioObject, vec![]),
        K::UnknownAlgorithm { value } => (M::UnknownAlgorithm, vec![("value", quote(value))]),
        K::DampingRange { value } => (M::DampingRange, vec![("value", value.clone())]),
        K::NoAssociations => (M::NoAssociations, vec![]),
        K::AssocNotObject { n: i } => (M::AssocNotObject, vec![("n", n(i))]),
        K::AssocNoId { n: i } => (M::AssocNoId, vec![("n", n(i))]),
        K::JobNoAssoc { job, assoc } => (
            M::JobNoAssoc,
            vec![("job", n(job)), ("assoc", assoc.0.to_string())],
        ),
        K::JobOnAccount { job, name } => (
            M::JobOnAccount,
            vec![("job", n(job)), ("name", name.clone())],
        ),
        K::JobBillable { job } => (M::JobBillable, vec![("job", n(job))]),
        K::JobUsageFactor { job } => (M::JobUsageFactor, vec![("job", n(job))]),
        K::JobEndsBeforeStart { job } => (M::JobEndsBeforeStart, vec![("job", n(job))]),
        K::Assoc { id, problem } => (
            M::Assoc,
            vec![
                ("id", n(id)),
                ("problem", field_problem_text(problem, lang)),
            ],
        ),
    };
    fill(msg, lang, &args)
}

/// What is wrong with one field of a scenario association, in `lang`.
pub fn field_problem_text(problem: &FieldProblem, lang: Lang) -> String {
    use EngineMsg as M;
    use FieldProblem as P;
    let (msg, args): (M, Vec<(&str, String)>) = match problem {
        P::ParentNotId { value } => (M::FieldParentNotId, vec![("value", value.clone())]),
        P::NoAccount => (M::FieldNoAccount, vec![]),
        P::NotStringOrNull { key, value } => (
            M::FieldNotStringOrNull,
            vec![("key", key.to_string()), ("value", value.clone())],
        ),
        P::UsageUnreadable { value } => (M::FieldUsageUnreadable, vec![("value", value.clone())]),
        P::UsageTooLong { chars } => (M::FieldUsageTooLong, vec![("chars", chars.to_string())]),
        P::UsageNotDecimal { value } => (M::FieldUsageNotDecimal, vec![("value", quote(value))]),
        P::UsageWrongType { value } => (M::FieldUsageWrongType, vec![("value", value.clone())]),
        P::SharesRange { value } => (M::FieldSharesRange, vec![("value", value.clone())]),
        P::SharesWrongType { value } => (M::FieldSharesWrongType, vec![("value", value.clone())]),
        P::RetainedUnreadable { value } => {
            (M::FieldRetainedUnreadable, vec![("value", value.clone())])
        }
    };
    fill(msg, lang, &args)
}

/// What is wrong with a RawUsage cell, in `lang`.
pub fn usage_problem_text(why: UsageProblem, lang: Lang) -> String {
    match why {
        UsageProblem::TooLarge => EngineMsg::UsageTooLarge,
        UsageProblem::TooLong => EngineMsg::UsageTooLong,
        UsageProblem::Negative => EngineMsg::UsageNegative,
        UsageProblem::NotANumber => EngineMsg::UsageNotANumber,
    }
    .text(lang)
    .to_string()
}

/// Why the engine refused a tree or an edit, in `lang`.
pub fn tree_error_text(e: &TreeError, lang: Lang) -> String {
    tree_error_text_with(e, lang, &|x| x.to_string())
}

/// A tree refusal in `lang`, each association it is about written by `name`.
fn tree_error_text_with(e: &TreeError, lang: Lang, name: &dyn Fn(AssocId) -> String) -> String {
    use EngineMsg as M;
    use TreeError as T;
    let id = |x: &AssocId| ("id", name(*x));
    let (msg, args): (M, Vec<(&str, String)>) = match e {
        T::NoRoot => (M::TreeNoRoot, vec![]),
        T::SeveralRoots(ids) => {
            let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
            (M::TreeSeveralRoots, vec![("ids", ids.join(", "))])
        }
        T::RootIsUser(x) => (M::TreeRootIsUser, vec![id(x)]),
        T::DuplicateId(x) => (M::TreeDuplicateId, vec![id(x)]),
        T::MissingParent { id: x, parent } => (
            M::TreeMissingParent,
            vec![id(x), ("parent", parent.to_string())],
        ),
        T::ParentIsUser { id: x, parent } => (
            M::TreeParentIsUser,
            vec![id(x), ("parent", parent.to_string())],
        ),
        T::Cycle(x) => (M::TreeCycle, vec![id(x)]),
        T::EmptyName(x) => (M::TreeEmptyName, vec![id(x)]),
        T::BadName { id: x, name } => (M::TreeBadName, vec![id(x), ("name", quote(name))]),
        T::BadUsage(x) => (M::TreeBadUsage, vec![id(x)]),
        T::UnknownId(x) => (M::TreeUnknownId, vec![id(x)]),
        T::RootEdit => (M::TreeRootEdit, vec![]),
        T::MoveIntoOwnSubtree(x) => (M::TreeMoveIntoOwnSubtree, vec![id(x)]),
        T::UserNameTaken {
            id: x,
            name,
            account,
        } => (
            M::TreeUserNameTaken,
            vec![id(x), ("name", quote(name)), ("account", quote(account))],
        ),
        T::AccountNameTaken { id: x, name } => {
            (M::TreeAccountNameTaken, vec![id(x), ("name", quote(name))])
        }
    };
    fill(msg, lang, &args)
}

/// The name of a detected input format in `lang` (tool names and flags stay as they are).
pub fn format_text(format: Format, lang: Lang) -> String {
    let (tool, layout, header) = match format {
        Format::Empty => return EngineMsg::FormatEmpty.text(lang).to_string(),
        Format::Unknown => return EngineMsg::FormatUnknown.text(lang).to_string(),
        Format::ScenarioJson => return EngineMsg::FormatScenarioJson.text(lang).to_string(),
        Format::SshareJson => return format.to_string(),
        Format::Sshare { layout, header } => ("sshare", layout, header),
        Format::Sacctmgr { layout, header } => ("sacctmgr", layout, header),
    };
    let table = match layout {
        TextLayout::Parsable => format!("{tool} -p"),
        TextLayout::ParsableNoEnding => format!("{tool} -P"),
        TextLayout::FixedWidth => EngineMsg::FormatFixedWidth.fill(lang, &[("tool", tool)]),
    };
    if header {
        table
    } else {
        EngineMsg::FormatNoHeader.fill(lang, &[("format", &table)])
    }
}

/// Several refusals as one text (the engine returns every problem it found, not just the first).
pub fn tree_errors_text(errors: &[TreeError], lang: Lang) -> String {
    let mut texts = errors.iter().map(|e| tree_error_text(e, lang));
    let first = texts.next().unwrap_or_default();
    texts.fold(first, |acc, next| {
        EngineMsg::TreeJoin.fill(lang, &[("first", &acc), ("rest", &next)])
    })
}

/// The refusals of an edit of `tree`, each association named by its account and user as people
/// see them (`alice in physics`, `physics`), not by its internal id.
pub fn edit_errors_text(errors: &[TreeError], lang: Lang, tree: &AssocTree) -> String {
    let name = |id: AssocId| match tree.get(id) {
        Some(a) => match &a.user {
            Some(user) => EngineMsg::AssocUserLabel.fill(
                lang,
                &[("user", user.as_str()), ("account", a.account.as_str())],
            ),
            None => a.account.to_string(),
        },
        None => id.to_string(),
    };
    let mut texts = errors.iter().map(|e| tree_error_text_with(e, lang, &name));
    let first = texts.next().unwrap_or_default();
    texts.fold(first, |acc, next| {
        EngineMsg::TreeJoin.fill(lang, &[("first", &acc), ("rest", &next)])
    })
}

fn fill(msg: EngineMsg, lang: Lang, args: &[(&str, String)]) -> String {
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    msg.fill(lang, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairshare::AssocId;
    use fairshare::Severity;

    /// Every kind with sample values: each `DiagKind`, each `FieldProblem` (inside `Assoc`),
    /// each `UsageProblem` (inside `RawUsageBad`) and each `TreeError` (inside `Tree`).
    fn samples() -> Vec<DiagKind> {
        use DiagKind as K;
        let s = |x: &str| x.to_string();
        let mut out = vec![
            K::MoreNotListed { more: 12 },
            K::MoreNotListed { more: 1 },
            K::ElisionSkipped,
            K::TextIgnored { last: None },
            K::TextIgnored { last: Some(9) },
            K::TabsAsColumns,
            K::DuplicateMerged {
                first_line: 3,
                account: s("chem"),
                user: Some(s("dave")),
            },
            K::DuplicateMerged {
                first_line: 3,
                account: s("chem"),
                user: None,
            },
            K::DuplicatePair {
                first_line: Some(3),
                account: s("chem"),
                user: Some(s("dave")),
            },
            K::DuplicatePair {
                first_line: None,
                account: s("chem"),
                user: None,
            },
            K::Empty,
            K::UnknownFormat {
                found: s("hello world"),
            },
            K::NoRows,
            K::NoId,
            K::IdTwice { id: 7, first: 3 },
            K::UserNoParentId,
            K::SecondRoot { root_line: 2 },
            K::ParentIdUnknown { parent: 99 },
            K::ParentRowIsUser { parent_line: 4 },
            K::SelfAncestor,
            K::LeftOut { under: None },
            K::LeftOut { under: Some(5) },
            K::NothingRead,
            K::NotLineageOrder,
            K::RootAdded,
            K::SecondTopLevel,
            K::IndentUnder {
                spaces: 3,
                above_line: 2,
                above_spaces: 1,
            },
            K::IndentTop { spaces: 2 },
            K::UserUnderOtherAccount {
                account: s("chem"),
                above: s("phys"),
                above_line: 6,
            },
            K::AccountAdded { account: s("bio") },
            K::SecondParentless { root_line: 1 },
            K::UserAccountMissing { account: s("bio") },
            K::ParentAccountMissing {
                account: s("bio\"x"),
            },
            K::NotJson {
                detail: s("expected value at line 1 column 2"),
                column: 2,
                at_end: false,
            },
            K::NotJson {
                detail: s("EOF while parsing an object at line 3 column 0"),
                column: 0,
                at_end: true,
            },
            K::NoSharesList,
            K::EntryNotObject { n: 4 },
            K::OtherClusterEntries { cluster: s("c2") },
            K::NoType,
            K::NameMissing,
            K::NameSlash {
                field: "User",
                name: s("a/b"),
            },
            K::UserNoParent,
            K::SharesUnset { value: s("null") },
            K::SharesRange { value: s("-1") },
            K::UsageBad { value: s("\"x\"") },
            K::SharesListEmpty,
            K::CommandLineSkipped,
            K::NoRowsAfterHeader,
            K::NoDashLine,
            K::NoHeaderAssumed {
                tool: "sshare",
                columns: s("Account,User,RawShares,NormShares,RawUsage,EffectvUsage,FairShare"),
            },
            K::FieldsNoHeader { n: 5 },
            K::NoAccountColumn,
            K::SacctmgrNoNesting,
            K::NoSharesColumn,
            K::NoUsageColumn { tool: "sacctmgr" },
            K::SecondCluster { name: s("c2") },
            K::FieldCount {
                found: 3,
                expected: 7,
                header: true,
            },
            K::FieldCount {
                found: 3,
                expected: 7,
                header: false,
            },
            K::OtherClusterRows { cluster: s("c2") },
            K::NamesCut {
                name: s("verylongna+"),
            },
            K::UnknownColumns {
                names: s("Colour, Size"),
            },
            K::NotANumber {
                field: "NormShares",
                value: s("abc"),
            },
            K::AccountEmpty,
            K::RawSharesBad { value: s("x") },
            K::IdNotWhole { value: s("1.5") },
            K::ParentIdNotWhole { value: s("x") },
            K::PartitionOnAccount,
            K::RawSharesEmpty,
            K::RawUsageEmpty,
            K::NotScenarioObject,
            K::UnknownAlgorithm { value: s("fifo") },
            K::DampingRange { value: s("0") },
            K::NoAssociations,
            K::AssocNotObject { n: 2 },
            K::AssocNoId { n: 2 },
            K::JobNoAssoc {
                job: 1,
                assoc: fairshare::AssocId(40),
            },
            K::JobOnAccount {
                job: 2,
                name: s("chem"),
            },
            K::JobBillable { job: 3 },
            K::JobUsageFactor { job: 3 },
            K::JobEndsBeforeStart { job: 4 },
        ];
        for why in [
            UsageProblem::TooLarge,
            UsageProblem::TooLong,
            UsageProblem::Negative,
            UsageProblem::NotANumber,
        ] {
            out.push(K::RawUsageBad {
                value: s("-3"),
                why,
            });
        }
        let problems = [
            FieldProblem::ParentNotId { value: s("\"a\"") },
            FieldProblem::NoAccount,
            FieldProblem::NotStringOrNull {
                key: "user",
                value: s("3"),
            },
            FieldProblem::UsageUnreadable { value: s("1e999") },
            FieldProblem::UsageTooLong { chars: 120 },
            FieldProblem::UsageNotDecimal { value: s("x") },
            FieldProblem::UsageWrongType { value: s("true") },
            FieldProblem::SharesRange { value: s("-2") },
            FieldProblem::SharesWrongType { value: s("[]") },
            FieldProblem::RetainedUnreadable { value: s("-4") },
        ];
        out.extend(
            problems
                .into_iter()
                .map(|problem| K::Assoc { id: 3, problem }),
        );
        let id = AssocId(3);
        let trees = [
            TreeError::NoRoot,
            TreeError::SeveralRoots(vec![AssocId(1), AssocId(2)]),
            TreeError::RootIsUser(id),
            TreeError::DuplicateId(id),
            TreeError::MissingParent {
                id,
                parent: AssocId(9),
            },
            TreeError::ParentIsUser {
                id,
                parent: AssocId(9),
            },
            TreeError::Cycle(id),
            TreeError::EmptyName(id),
            TreeError::BadName { id, name: s("a|b") },
            TreeError::BadUsage(id),
            TreeError::UnknownId(id),
            TreeError::RootEdit,
            TreeError::MoveIntoOwnSubtree(id),
            TreeError::UserNameTaken {
                id,
                name: s("alice"),
                account: s("physics"),
            },
            TreeError::AccountNameTaken {
                id,
                name: s("physics"),
            },
        ];
        out.extend(trees.into_iter().map(K::Tree));
        // A kind added to the engine must be added above: this match has no catch-all.
        for k in &out {
            match k {
                K::MoreNotListed { .. }
                | K::Empty
                | K::UnknownFormat { .. }
                | K::ElisionSkipped
                | K::TextIgnored { .. }
                | K::TabsAsColumns
                | K::DuplicateMerged { .. }
                | K::DuplicatePair { .. }
                | K::NoRows
                | K::NoId
                | K::IdTwice { .. }
                | K::UserNoParentId
                | K::SecondRoot { .. }
                | K::ParentIdUnknown { .. }
                | K::ParentRowIsUser { .. }
                | K::SelfAncestor
                | K::LeftOut { .. }
                | K::NothingRead
                | K::NotLineageOrder
                | K::Tree(_)
                | K::RootAdded
                | K::SecondTopLevel
                | K::IndentUnder { .. }
                | K::IndentTop { .. }
                | K::UserUnderOtherAccount { .. }
                | K::AccountAdded { .. }
                | K::SecondParentless { .. }
                | K::UserAccountMissing { .. }
                | K::ParentAccountMissing { .. }
                | K::NotJson { .. }
                | K::NoSharesList
                | K::EntryNotObject { .. }
                | K::OtherClusterEntries { .. }
                | K::NoType
                | K::NameMissing
                | K::NameSlash { .. }
                | K::UserNoParent
                | K::SharesUnset { .. }
                | K::SharesRange { .. }
                | K::UsageBad { .. }
                | K::SharesListEmpty
                | K::CommandLineSkipped
                | K::NoRowsAfterHeader
                | K::NoDashLine
                | K::NoHeaderAssumed { .. }
                | K::FieldsNoHeader { .. }
                | K::NoAccountColumn
                | K::SacctmgrNoNesting
                | K::NoSharesColumn
                | K::NoUsageColumn { .. }
                | K::SecondCluster { .. }
                | K::FieldCount { .. }
                | K::OtherClusterRows { .. }
                | K::NamesCut { .. }
                | K::UnknownColumns { .. }
                | K::NotANumber { .. }
                | K::AccountEmpty
                | K::RawSharesBad { .. }
                | K::RawUsageBad { .. }
                | K::IdNotWhole { .. }
                | K::ParentIdNotWhole { .. }
                | K::PartitionOnAccount
                | K::RawSharesEmpty
                | K::RawUsageEmpty
                | K::NotScenarioObject
                | K::UnknownAlgorithm { .. }
                | K::DampingRange { .. }
                | K::NoAssociations
                | K::AssocNotObject { .. }
                | K::AssocNoId { .. }
                | K::JobNoAssoc { .. }
                | K::JobOnAccount { .. }
                | K::JobBillable { .. }
                | K::JobUsageFactor { .. }
                | K::JobEndsBeforeStart { .. }
                | K::Assoc { .. } => {}
            }
        }
        out
    }

    /// Slurm's own command lines and names, which read the same in every language.
    const SLURM_WORDS: &[&str] = &[
        "sacctmgr show assoc tree format=Account,User,Share -P",
        "sshare -a -l -P",
    ];

    /// The longest run of ASCII words (space-separated tokens with a letter, with nothing
    /// non-ASCII between them) in `text`, placeholders and Slurm's command lines left out.
    fn longest_ascii_run(text: &str) -> usize {
        let mut text = text.to_string();
        for w in SLURM_WORDS {
            text = text.replace(w, "※");
        }
        let mut no_placeholders = String::new();
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            no_placeholders.push_str(&rest[..open]);
            match rest[open..].find('}') {
                Some(close) if !rest[open + 1..open + close].contains(' ') => {
                    no_placeholders.push('※');
                    rest = &rest[open + close + 1..];
                }
                _ => {
                    no_placeholders.push('{');
                    rest = &rest[open + 1..];
                }
            }
        }
        no_placeholders.push_str(rest);
        no_placeholders
            .split(|c: char| !c.is_ascii())
            .map(|run| {
                run.split_ascii_whitespace()
                    .filter(|t| t.chars().any(|c| c.is_ascii_alphabetic()))
                    .count()
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn the_table_is_complete_in_both_languages() {
        crate::messages::check_table::<EngineMsg>().unwrap();
        for &msg in EngineMsg::ALL {
            // Some templates are only values and punctuation ("association {id}：{problem}");
            // the rendered texts (next test) must all hold Japanese.
            let ja = msg
                .ja()
                .unwrap_or_else(|| panic!("{msg:?} has no Japanese"));
            assert!(longest_ascii_run(ja) < 3, "{msg:?} reads as English: {ja}");
        }
        // The heuristic sees English.
        assert!(longest_ascii_run(EngineMsg::NoRows.en()) >= 3);
        assert!(longest_ascii_run("{n} 個、sshare の {field}") < 3);
    }

    #[test]
    fn every_kind_reads_as_the_engine_in_english_and_in_japanese() {
        let kinds = samples();
        assert!(kinds.len() > 90, "{}", kinds.len());
        for kind in &kinds {
            let en = diag_text(kind, Lang::En);
            assert_eq!(en, kind.to_string(), "{kind:?}: the English table differs");
            let ja = diag_text(kind, Lang::Ja);
            assert_ne!(ja, en, "{kind:?}");
            assert!(
                ja.chars().any(|c| ('\u{3040}'..='\u{9fff}').contains(&c)),
                "{kind:?}: {ja}"
            );
            assert!(!ja.contains("{id}") && !ja.contains("{value}"), "{ja}");
        }
        // The parser's English words stay out of the Japanese text.
        let json = &kinds
            .iter()
            .find(|k| matches!(k, DiagKind::NotJson { .. }))
            .unwrap();
        let ja = diag_text(json, Lang::Ja);
        assert!(ja.contains("2 文字目") && !ja.contains("expected"), "{ja}");
        // Values from the input keep their quotes and escapes.
        let missing = DiagKind::ParentAccountMissing {
            account: "bio\"x".into(),
        };
        assert!(diag_text(&missing, Lang::Ja).contains(r#""bio\"x""#));
    }

    #[test]
    fn diagnostics_and_refusals_render_whole_lines() {
        let d = Diagnostic::error(Some(4), DiagKind::NoId);
        assert_eq!(diagnostic_text(&d, Lang::En), "line 4: the row has no ID");
        assert_eq!(
            diagnostic_text(&d, Lang::Ja),
            "4 行目: この行には ID がありません"
        );
        let w = Diagnostic::warning(None, DiagKind::RawUsageEmpty);
        assert_eq!(w.severity, Severity::Warning);
        assert!(diagnostic_text(&w, Lang::Ja).starts_with("仮定"));
        let errors = [TreeError::RootEdit, TreeError::UnknownId(AssocId(8))];
        assert_eq!(
            tree_errors_text(&errors, Lang::En),
            "the root cannot be deleted or moved; no association has id 8"
        );
        assert_eq!(
            tree_errors_text(&errors, Lang::Ja),
            "ルートは削除も移動もできません。id 8 の association はありません"
        );
        assert_eq!(tree_errors_text(&[], Lang::Ja), "");
    }

    #[test]
    fn formats_read_as_the_engine_names_them() {
        let mut formats = vec![
            Format::Empty,
            Format::Unknown,
            Format::ScenarioJson,
            Format::SshareJson,
        ];
        for layout in [
            TextLayout::Parsable,
            TextLayout::ParsableNoEnding,
            TextLayout::FixedWidth,
        ] {
            for header in [true, false] {
                formats.push(Format::Sshare { layout, header });
                formats.push(Format::Sacctmgr { layout, header });
            }
        }
        for f in formats {
            assert_eq!(format_text(f, Lang::En), f.to_string());
            assert!(longest_ascii_run(&format_text(f, Lang::Ja)) < 3, "{f:?}");
        }
        let fixed = Format::Sacctmgr {
            layout: TextLayout::FixedWidth,
            header: false,
        };
        assert_eq!(
            format_text(fixed, Lang::Ja),
            "sacctmgr（固定幅）（見出しなし）"
        );
    }

    #[test]
    fn real_imports_come_out_in_japanese() {
        for text in [
            "",
            "hello world",
            "Account|User|RawShares|RawUsage\nroot|||0\n a|u|x|-1\n",
            "{\"associations\": [{\"id\": 1, \"account\": \"root\", \"usage_raw\": true}]}",
            "{\"associations\": [",
        ] {
            let imported = fairshare::import::import(text);
            assert!(!imported.diagnostics.is_empty(), "{text:?}");
            for d in &imported.diagnostics {
                assert_eq!(diag_text(&d.kind, Lang::En), d.message());
                let ja = diagnostic_text(d, Lang::Ja);
                assert!(longest_ascii_run(&ja) < 3, "{text:?}: {ja}");
            }
        }
    }
}
