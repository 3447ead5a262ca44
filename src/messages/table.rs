//! Strings of the sshare table (the column headers themselves are Slurm's and come from the
//! engine's `sshare::Column::header`, identical in every language).

use super::Message;

/// Keys of the sshare table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
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
    /// Details of `TruncatedUsage`.
    TruncatedUsageWhy,
    /// Details of `Retained`.
    RetainedWhy,
    /// Details of `Differs`.
    DiffersWhy,
    /// A column Slurm printed nothing in: "{column}: not printed, recomputed {recomputed}".
    NotPrinted,
    /// The recomputed FairShare of a partial tree.
    NotComputable,
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
        TableMsg::TruncatedUsageWhy,
        TableMsg::RetainedWhy,
        TableMsg::DiffersWhy,
        TableMsg::NotPrinted,
        TableMsg::NotComputable,
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
            TableMsg::TruncatedUsage => "truncated usage",
            TableMsg::Retained => "retained usage",
            TableMsg::Differs => "unexplained",
            TableMsg::TruncatedUsageWhy => {
                "sshare prints RawUsage truncated to an integer, so the recomputation starts \
                 from slightly different usage"
            }
            TableMsg::RetainedWhy => {
                "Slurm keeps the usage of deleted users on this account (or one above it), \
                 which the printed rows cannot show"
            }
            TableMsg::DiffersWhy => {
                "truncated usage cannot make this difference: shares, structure or usage are \
                 not what Slurm had (an edit, or rows printed at another moment)"
            }
            TableMsg::NotPrinted => "{column}: not printed, recomputed {recomputed}",
            TableMsg::NotComputable => "not computable from this output",
            TableMsg::ColumnDiff => "{column}: Slurm {printed}, recomputed {recomputed}",
            TableMsg::RowHint => "Enter selects the association",
            TableMsg::Filter => "Filter by account or user",
            TableMsg::Shown => "{shown} of {n} rows",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            TableMsg::Caption => {
                "このシナリオの sshare -l（エンジンによる再計算、Slurm のリスト順）。\
                 行をクリック（または Enter）すると association を選択します。"
            }
            TableMsg::CaptionPrinted => {
                "出力 FS と出力 LF は、インポートしたテキストで Slurm が出力した値です。\
                 再計算と異なる行には理由を示します。"
            }
            TableMsg::PrintedFs => "出力 FS",
            TableMsg::PrintedLf => "出力 LF",
            TableMsg::Check => "照合",
            TableMsg::Match => "一致",
            TableMsg::TruncatedUsage => "使用量の切り捨て",
            TableMsg::Retained => "保持された使用量",
            TableMsg::Differs => "説明できない差",
            TableMsg::TruncatedUsageWhy => {
                "sshare は RawUsage を整数に切り捨てて出力するため、\
                 再計算はわずかに異なる使用量から始まる"
            }
            TableMsg::RetainedWhy => {
                "Slurm は削除されたユーザーの使用量をこのアカウント（またはその上位）に\
                 残しており、出力された行からはそれが分からない"
            }
            TableMsg::DiffersWhy => {
                "使用量の切り捨てではこの差は生じない：シェア、構造、または使用量が\
                 Slurm の持っていたものと違う（編集、または別の時点の出力）"
            }
            TableMsg::NotPrinted => "{column}: 出力なし、再計算 {recomputed}",
            TableMsg::NotComputable => "この出力からは計算できません",
            TableMsg::ColumnDiff => "{column}: Slurm {printed}、再計算 {recomputed}",
            TableMsg::RowHint => "Enter で association を選択",
            TableMsg::Filter => "アカウントまたはユーザーで絞り込む",
            TableMsg::Shown => "{n} 行中 {shown} 行",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::TableMsg>().unwrap();
    }
}
