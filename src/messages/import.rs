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
    /// [`ImportMsg::NotLoaded`] for one problem.
    NotLoadedOne,
    /// [`ImportMsg::LoadPartial`] for one association.
    LoadPartialOne,
    /// [`ImportMsg::Loaded`] for one association.
    LoadedOne,
    /// [`ImportMsg::LoadedPartial`] for one association.
    LoadedPartialOne,
}

impl ImportMsg {
    /// The form of a message that counts `{n}` things, for that `n`: English says "1 problem"
    /// but "2 problems" (Japanese counts without a plural, the same text either way).
    pub fn counted(self, n: usize) -> ImportMsg {
        match (self, n) {
            (ImportMsg::NotLoaded, 1) => ImportMsg::NotLoadedOne,
            (ImportMsg::LoadPartial, 1) => ImportMsg::LoadPartialOne,
            (ImportMsg::Loaded, 1) => ImportMsg::LoadedOne,
            (ImportMsg::LoadedPartial, 1) => ImportMsg::LoadedPartialOne,
            (msg, _) => msg,
        }
    }
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
        ImportMsg::NotLoadedOne,
        ImportMsg::LoadPartialOne,
        ImportMsg::LoadedOne,
        ImportMsg::LoadedPartialOne,
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
            ImportMsg::NotLoadedOne => {
                "Not loaded ({format}): 1 problem. The current tree is kept."
            }
            ImportMsg::LoadPartialOne => "Load only the valid part (1 association)",
            ImportMsg::LoadedOne => "Loaded 1 association ({format}).",
            ImportMsg::LoadedPartialOne => {
                "Loaded the valid part: 1 association ({format}). Undo brings the previous tree back."
            }
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
            ImportMsg::NotLoadedOne => {
                "読み込みませんでした ({format}): 問題が 1 件あります。現在のツリーはそのままです。"
            }
            ImportMsg::LoadPartialOne => "有効な部分だけ読み込む（1 個の association）",
            ImportMsg::LoadedOne => "1 個の association を読み込みました ({format})。",
            ImportMsg::LoadedPartialOne => {
                "有効な部分 1 個の association を読み込みました ({format})。元に戻すと前のツリーに戻ります。"
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ImportMsg;
    use crate::messages::{Lang, Message};

    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::ImportMsg>().unwrap();
    }

    #[test]
    fn counts_agree_with_their_noun() {
        let fill = |msg: ImportMsg, n: usize, lang| {
            msg.counted(n)
                .fill(lang, &[("n", &n.to_string()), ("format", "sshare -P")])
        };
        assert_eq!(
            fill(ImportMsg::NotLoaded, 1, Lang::En),
            "Not loaded (sshare -P): 1 problem. The current tree is kept."
        );
        assert_eq!(
            fill(ImportMsg::NotLoaded, 2, Lang::En),
            "Not loaded (sshare -P): 2 problems. The current tree is kept."
        );
        for msg in [
            ImportMsg::NotLoaded,
            ImportMsg::LoadPartial,
            ImportMsg::Loaded,
            ImportMsg::LoadedPartial,
        ] {
            let one = fill(msg, 1, Lang::En);
            assert!(
                !one.contains("1 problems") && !one.contains("1 associations"),
                "{one}"
            );
            assert!(fill(msg, 3, Lang::En).contains('3'));
            // Japanese counts with a counter word: the same sentence for 1 and for 3.
            assert_eq!(
                fill(msg, 1, Lang::Ja).replace('1', "3"),
                fill(msg, 3, Lang::Ja)
            );
        }
    }
}
