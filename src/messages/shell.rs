//! Strings of the shell: the side column's tab list, and the app's boundary with the outside
//! world (the restored-session note, embedding, exports, share links that are not plain base64).

use super::Message;

/// Keys of the tab list, the session note, embed mode, exports and compressed links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum ShellMsg {
    /// Accessible name of the side column's tab list.
    PanelsLabel,
    /// The import panel's tab (the UI contract: `Import`).
    TabImport,
    /// Note: the session saved in this browser was restored.
    SessionRestored,
    /// Button: discard the saved session and open the default scenario.
    StartOver,
    /// Status: the session is too long for the browser's storage; a reload would not bring
    /// the latest changes back.
    SessionTooBig,
    /// Status: the browser's storage for this site is full; the session saved before is kept.
    SessionStorageFull,
    /// Status: the session was saved without its baseline (too big with it).
    SessionWithoutBaseline,
    /// Link in embed mode: the standalone app with the same state, in a new tab.
    OpenInFull,
    /// Button: download the tree as drawn, as a standalone SVG file.
    ExportSvg,
    /// Button: download the tree as drawn, as a PNG at twice its size.
    ExportPng,
    /// Button: download the `sshare -l -P` text of the current tree.
    ExportSshare,
    /// Alert: the tree drawing could not be exported (`{problem}` says why).
    ExportFailed,
    /// Problem: there is no tree drawing on the page.
    ExportNoDrawing,
    /// Problem: the browser could not turn the drawing into a picture.
    ExportNoImage,
    /// Link problem: the text after `#z=` is not a deflate stream.
    LinkNotDeflate,
    /// Accessible name of presenter mode's lesson bar.
    LessonLabel,
    /// Where the current lesson stands in the sequence (`{n}` of `{total}`; 0 = no preset).
    LessonCounter,
    /// Button: open the previous preset of the lesson sequence.
    PreviousLesson,
    /// Button: open the next preset of the lesson sequence.
    NextLesson,
    /// Help beside the lesson buttons: what the clicker's keys do.
    LessonKeys,
    /// Problem: the `#z=` data would unpack to more than `{max}` bytes.
    LinkInflatesTooLarge,
    /// Status: the browser keeps a copy of the app, which now opens without a network.
    WorksOffline,
    /// Tooltip of [`ShellMsg::WorksOffline`].
    WorksOfflineTitle,
    /// Alert: the Japanese texts could not be fetched (`{reason}` says why); English stays.
    JapaneseFailed,
    /// Reason: the Japanese file belongs to another version of the app.
    JapaneseOtherVersion,
    /// Reason: the Japanese file is not what the app writes (`{problem}`: the parser's words).
    JapaneseDamaged,
    /// Reason: the page names no Japanese file (a build without one).
    JapaneseNoFile,
    /// Reason inside [`ShellMsg::JapaneseFailed`]: the code that reads the file did not arrive.
    JapaneseNoReader,
    /// Alert in a panel whose code (its own wasm module) could not be fetched.
    PanelLoadFailed,
    /// Button beside [`ShellMsg::PanelLoadFailed`]: fetch the panel's code again.
    PanelLoadRetry,
}

impl Message for ShellMsg {
    const ALL: &'static [Self] = &[
        ShellMsg::PanelsLabel,
        ShellMsg::TabImport,
        ShellMsg::SessionRestored,
        ShellMsg::StartOver,
        ShellMsg::SessionTooBig,
        ShellMsg::SessionStorageFull,
        ShellMsg::SessionWithoutBaseline,
        ShellMsg::OpenInFull,
        ShellMsg::ExportSvg,
        ShellMsg::ExportPng,
        ShellMsg::ExportSshare,
        ShellMsg::ExportFailed,
        ShellMsg::ExportNoDrawing,
        ShellMsg::ExportNoImage,
        ShellMsg::LinkNotDeflate,
        ShellMsg::LessonLabel,
        ShellMsg::LessonCounter,
        ShellMsg::PreviousLesson,
        ShellMsg::NextLesson,
        ShellMsg::LessonKeys,
        ShellMsg::LinkInflatesTooLarge,
        ShellMsg::WorksOffline,
        ShellMsg::WorksOfflineTitle,
        ShellMsg::JapaneseFailed,
        ShellMsg::JapaneseOtherVersion,
        ShellMsg::JapaneseDamaged,
        ShellMsg::JapaneseNoFile,
        ShellMsg::JapaneseNoReader,
        ShellMsg::PanelLoadFailed,
        ShellMsg::PanelLoadRetry,
    ];

    fn en(self) -> &'static str {
        match self {
            ShellMsg::PanelsLabel => "Panels",
            ShellMsg::TabImport => "Import",
            ShellMsg::SessionRestored => {
                "Your last session in this browser was restored, with its edits and undo history."
            }
            ShellMsg::StartOver => "Start over",
            ShellMsg::SessionTooBig => {
                "This session is too big to save in this browser: a reload would not bring back the latest changes. Export JSON to keep them."
            }
            ShellMsg::SessionWithoutBaseline => {
                "This session is too big to save with the tree it is compared with: a reload would bring back the tree with your edits, no longer marked as changes."
            }
            ShellMsg::SessionStorageFull => {
                "This browser's storage for the site is full, so the latest changes were not saved: a reload would bring back the session saved before. Export JSON to keep them."
            }
            ShellMsg::OpenInFull => "Open in full",
            ShellMsg::ExportSvg => "Export SVG",
            ShellMsg::ExportPng => "Export PNG",
            ShellMsg::ExportSshare => "Export sshare text",
            ShellMsg::ExportFailed => "The tree could not be exported: {problem}",
            ShellMsg::ExportNoDrawing => "there is no tree drawing on the page",
            ShellMsg::ExportNoImage => "the browser could not draw the picture",
            ShellMsg::LinkNotDeflate => "the text after #z= is not compressed scenario data",
            ShellMsg::LessonLabel => "Lesson",
            ShellMsg::LessonCounter => "Lesson {n} of {total}",
            ShellMsg::PreviousLesson => "Previous lesson",
            ShellMsg::NextLesson => "Next lesson",
            ShellMsg::LessonKeys => {
                "PageDown and PageUp step the walk; at its end they open the next or previous lesson."
            }
            ShellMsg::LinkInflatesTooLarge => {
                "the text after #z= would unpack to more than {max} bytes"
            }
            ShellMsg::WorksOffline => "Works offline",
            ShellMsg::WorksOfflineTitle => {
                "This browser keeps a copy of the app: it opens without a network too, in a training room without Wi-Fi for example."
            }
            ShellMsg::JapaneseFailed => {
                "The Japanese texts could not be loaded, so the page stays in English: {reason}"
            }
            ShellMsg::JapaneseOtherVersion => {
                "the file is from another version of the app; reload the page"
            }
            ShellMsg::JapaneseDamaged => "the file is damaged ({problem})",
            ShellMsg::JapaneseNoFile => "this copy of the app has no Japanese file",
            ShellMsg::JapaneseNoReader => "the code that reads the Japanese file did not arrive",
            ShellMsg::PanelLoadFailed => {
                "This panel could not be loaded: its code did not arrive. Check the connection and try again; the rest of the app works as before."
            }
            ShellMsg::PanelLoadRetry => "Try again",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            ShellMsg::PanelsLabel => "パネル",
            ShellMsg::TabImport => "インポート",
            ShellMsg::SessionRestored => {
                "このブラウザーでの前回のセッションを、編集内容と取り消し履歴ごと復元しました。"
            }
            ShellMsg::StartOver => "最初からやり直す",
            ShellMsg::SessionTooBig => {
                "このセッションは大きすぎてこのブラウザーに保存できません。再読み込みすると最新の変更は戻りません。残すには「JSON をエクスポート」を使ってください。"
            }
            ShellMsg::SessionWithoutBaseline => {
                "このセッションは比較対象のツリーと一緒には大きすぎて保存できません。再読み込みすると編集後のツリーは戻りますが、変更箇所の表示は失われます。"
            }
            ShellMsg::SessionStorageFull => {
                "このサイト用のブラウザーの保存領域がいっぱいのため、最新の変更を保存できませんでした。再読み込みすると以前に保存したセッションが開きます。残すには「JSON をエクスポート」を使ってください。"
            }
            ShellMsg::OpenInFull => "全画面で開く",
            ShellMsg::ExportSvg => "SVG をエクスポート",
            ShellMsg::ExportPng => "PNG をエクスポート",
            ShellMsg::ExportSshare => "sshare テキストをエクスポート",
            ShellMsg::ExportFailed => "ツリーをエクスポートできませんでした: {problem}",
            ShellMsg::ExportNoDrawing => "ページにツリーの図がありません",
            ShellMsg::ExportNoImage => "ブラウザーが画像を描けませんでした",
            ShellMsg::LinkNotDeflate => "#z= の後が圧縮されたシナリオデータではありません",
            ShellMsg::LessonLabel => "レッスン",
            ShellMsg::LessonCounter => "レッスン {n} / {total}",
            ShellMsg::PreviousLesson => "前のレッスン",
            ShellMsg::NextLesson => "次のレッスン",
            ShellMsg::LessonKeys => {
                "PageDown と PageUp で手順を進め・戻します。手順の端では次・前のレッスンを開きます。"
            }
            ShellMsg::LinkInflatesTooLarge => "#z= の後を展開すると {max} バイトを超えます",
            ShellMsg::WorksOffline => "オフラインでも使えます",
            ShellMsg::WorksOfflineTitle => {
                "このブラウザーにアプリの写しを保存しました。Wi-Fi のない研修室などでも、ネットワークなしで開けます。"
            }
            ShellMsg::JapaneseFailed => {
                "日本語の文言を読み込めなかったため、英語のまま表示しています: {reason}"
            }
            ShellMsg::JapaneseOtherVersion => {
                "ファイルがアプリの別のバージョンのものです。ページを再読み込みしてください"
            }
            ShellMsg::JapaneseDamaged => "ファイルが壊れています（{problem}）",
            ShellMsg::JapaneseNoFile => "このアプリの写しには日本語のファイルがありません",
            ShellMsg::JapaneseNoReader => "日本語のファイルを読むプログラムが届きませんでした",
            ShellMsg::PanelLoadFailed => {
                "このパネルを読み込めませんでした（プログラムが届きませんでした）。接続を確認して、もう一度お試しください。アプリのほかの部分はそのまま使えます。"
            }
            ShellMsg::PanelLoadRetry => "もう一度試す",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::ShellMsg>().unwrap();
    }
}
