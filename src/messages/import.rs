//! Strings of the Import and export region.

use super::Message;

/// Keys of the Import and export region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum ImportMsg {
    /// Label of the paste box (UI contract).
    PasteLabel,
    /// What can be pasted.
    PasteHelp,
    /// The load button (UI contract).
    Load,
    /// Label of the file picker.
    OpenFile,
    /// Drop zone hint.
    DropHint,
    /// Alert heading: nothing was loaded.
    NotLoaded,
    /// One diagnostic with its line.
    DiagLine,
    /// One diagnostic without a line.
    DiagNoLine,
    /// A warning with its line.
    WarnLine,
    /// A warning without a line.
    WarnNoLine,
    /// Button: load only the valid rows.
    LoadPartial,
    /// Status: loaded.
    Loaded,
    /// Status: the valid part was loaded.
    LoadedPartial,
    /// Heading of the warnings list.
    Assumptions,
    /// The export button.
    Export,
    /// Status after export.
    Exported,
    /// Label of the exported JSON box.
    ExportedLabel,
    /// The file could not be read.
    FileFailed,
}

impl Message for ImportMsg {
    const ALL: &'static [ImportMsg] = &[
        ImportMsg::PasteLabel,
        ImportMsg::PasteHelp,
        ImportMsg::Load,
        ImportMsg::OpenFile,
        ImportMsg::DropHint,
        ImportMsg::NotLoaded,
        ImportMsg::DiagLine,
        ImportMsg::DiagNoLine,
        ImportMsg::WarnLine,
        ImportMsg::WarnNoLine,
        ImportMsg::LoadPartial,
        ImportMsg::Loaded,
        ImportMsg::LoadedPartial,
        ImportMsg::Assumptions,
        ImportMsg::Export,
        ImportMsg::Exported,
        ImportMsg::ExportedLabel,
        ImportMsg::FileFailed,
    ];

    fn en(self) -> &'static str {
        match self {
            ImportMsg::PasteLabel => "Paste sshare output or scenario JSON",
            ImportMsg::PasteHelp => {
                "sshare -a -l -P (or -p, -P without header, the plain table, --json), sacctmgr show assoc tree format=Account,User,Share -P, or scenario JSON."
            }
            ImportMsg::Load => "Load",
            ImportMsg::OpenFile => "Open a file",
            ImportMsg::DropHint => "…or drop a file on the box.",
            ImportMsg::NotLoaded => {
                "Not loaded ({format}): {n} problems. The current tree is kept."
            }
            ImportMsg::DiagLine => "line {line}: {message}",
            ImportMsg::DiagNoLine => "{message}",
            ImportMsg::WarnLine => "line {line} (assumption): {message}",
            ImportMsg::WarnNoLine => "Assumption: {message}",
            ImportMsg::LoadPartial => "Load only the valid part ({n} associations)",
            ImportMsg::Loaded => "Loaded {n} associations ({format}).",
            ImportMsg::LoadedPartial => {
                "Loaded the valid part: {n} associations ({format}). Undo brings the previous tree back."
            }
            ImportMsg::Assumptions => "Read with these assumptions:",
            ImportMsg::Export => "Export JSON",
            ImportMsg::Exported => "Downloaded {file}; the same JSON is below.",
            ImportMsg::ExportedLabel => "Exported scenario JSON",
            ImportMsg::FileFailed => "The file could not be read: {reason}",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            ImportMsg::PasteLabel => "sshare の出力またはシナリオ JSON を貼り付け",
            ImportMsg::PasteHelp => {
                "sshare -a -l -P（または -p、ヘッダーなしの -P、通常の表、--json）、sacctmgr show assoc tree format=Account,User,Share -P、またはシナリオ JSON。"
            }
            ImportMsg::Load => "読み込む",
            ImportMsg::OpenFile => "ファイルを開く",
            ImportMsg::DropHint => "…またはボックスにファイルをドロップ。",
            ImportMsg::NotLoaded => {
                "読み込みませんでした ({format}): 問題が {n} 件あります。現在のツリーはそのままです。"
            }
            ImportMsg::DiagLine => "{line} 行目: {message}",
            ImportMsg::DiagNoLine => "{message}",
            ImportMsg::WarnLine => "{line} 行目（仮定）: {message}",
            ImportMsg::WarnNoLine => "仮定: {message}",
            ImportMsg::LoadPartial => "有効な部分だけ読み込む（{n} 個の association）",
            ImportMsg::Loaded => "{n} 個の association を読み込みました ({format})。",
            ImportMsg::LoadedPartial => {
                "有効な部分 {n} 個の association を読み込みました ({format})。元に戻すと前のツリーに戻ります。"
            }
            ImportMsg::Assumptions => "次の仮定で読み込みました:",
            ImportMsg::Export => "JSON をエクスポート",
            ImportMsg::Exported => "{file} をダウンロードしました。同じ JSON を下に示します。",
            ImportMsg::ExportedLabel => "エクスポートしたシナリオ JSON",
            ImportMsg::FileFailed => "ファイルを読めませんでした: {reason}",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::ImportMsg>().unwrap();
    }
}
