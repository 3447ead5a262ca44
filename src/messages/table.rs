//! Strings of the sshare table (the column headers themselves are Slurm's and come from the
//! engine's `sshare::Column::header`, identical in every language).

use super::Message;

/// Keys of the sshare table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableMsg {
    /// The table's caption.
    Caption,
    /// Caption addition when Slurm's printed values are shown beside the recomputed ones.
    CaptionPrinted,
    /// Header: FairShare as Slurm printed it (must not contain "FairShare": tests look headers
    /// up by substring).
    PrintedFs,
    /// Header: LevelFS as Slurm printed it (must not contain "LevelFS").
    PrintedLf,
    /// Header: the comparison verdict.
    Check,
    /// Verdict: every printed value is reproduced.
    Match,
    /// Verdict: differences explained by RawUsage being printed truncated.
    TruncatedUsage,
    /// Verdict: the account keeps usage of deleted users.
    Retained,
    /// Verdict: a difference nothing explains.
    Differs,
    /// One differing column: "{column}: Slurm {printed}, recomputed {recomputed}".
    ColumnDiff,
    /// Accessible hint of a row: press Enter to select.
    RowHint,
    /// Label of a table's filter box.
    Filter,
    /// How many rows the filter leaves: "{shown} of {n} rows".
    Shown,
}

impl Message for TableMsg {
    const ALL: &'static [TableMsg] = &[
        TableMsg::Caption,
        TableMsg::CaptionPrinted,
        TableMsg::PrintedFs,
        TableMsg::PrintedLf,
        TableMsg::Check,
        TableMsg::Match,
        TableMsg::TruncatedUsage,
        TableMsg::Retained,
        TableMsg::Differs,
        TableMsg::ColumnDiff,
        TableMsg::RowHint,
        TableMsg::Filter,
        TableMsg::Shown,
    ];

    fn en(self) -> &'static str {
        match self {
            TableMsg::Caption => {
                "sshare -l for this scenario, recomputed by the engine, in Slurm's list order. \
                 Click a row (or press Enter on it) to select the association."
            }
            TableMsg::CaptionPrinted => {
                "Printed FS and Printed LF are what Slurm printed in the imported text; \
                 rows where the recomputation differs are marked with the reason."
            }
            TableMsg::PrintedFs => "Printed FS",
            TableMsg::PrintedLf => "Printed LF",
            TableMsg::Check => "Check",
            TableMsg::Match => "matches",
            TableMsg::TruncatedUsage => {
                "differs as expected: sshare prints RawUsage truncated to an integer, so the \
                 recomputation starts from slightly different usage"
            }
            TableMsg::Retained => {
                "differs: Slurm keeps the usage of deleted users on this account (or one above \
                 it), which the printed rows cannot show"
            }
            TableMsg::Differs => {
                "differs: shares, structure or usage are not what Slurm had (hidden rows, \
                 another algorithm, or an edit)"
            }
            TableMsg::ColumnDiff => "{column}: Slurm {printed}, recomputed {recomputed}",
            TableMsg::RowHint => "Enter selects the association",
            TableMsg::Filter => "Filter by account or user",
            TableMsg::Shown => "{shown} of {n} rows",
        }
    }

    fn ja(self) -> Option<&'static str> {
        match self {
            TableMsg::Check => Some("照合"),
            TableMsg::Match => Some("一致"),
            TableMsg::ColumnDiff => Some("{column}: Slurm {printed}、再計算 {recomputed}"),
            TableMsg::Filter => Some("アカウントまたはユーザーで絞り込む"),
            TableMsg::Shown => Some("{n} 行中 {shown} 行"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::TableMsg>().unwrap();
    }
}
