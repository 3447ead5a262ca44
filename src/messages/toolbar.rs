//! Strings of the toolbar, the keyboard shortcuts and share links (the shared labels such as
//! `Scenario`, `Undo` and `Copy link` live in `common`).

use super::Message;

/// Keys of the toolbar and share links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum ToolbarMsg {
    /// Accessible name of the toolbar's group of controls.
    ControlsLabel,
    /// The language menu's entry for English (an endonym: the same in every language).
    LanguageEnglish,
    /// The language menu's entry for Japanese (an endonym).
    LanguageJapanese,
    /// Preset menu entry shown when the scenario came from an import or a link.
    OwnScenario,
    /// Tooltip of the Undo button.
    UndoTitle,
    /// Tooltip of the Redo button.
    RedoTitle,
    /// Help next to the damping factor.
    DampingHelp,
    /// Alert: the damping factor was refused.
    DampingInvalid,
    /// Tooltip of the Copy link button.
    CopyLinkTitle,
    /// Status: the scenario is too large for a link.
    LinkTooLarge,
    /// Alert: a link's scenario could not be read (`{problem}` says why).
    LinkDamaged,
    /// Problem: the fragment is not base64url.
    LinkNotBase64,
    /// Problem: the decoded bytes are not UTF-8.
    LinkNotUtf8,
    /// Problem: the fragment is too long.
    LinkTooLong,
    /// Problem: the scenario JSON has errors.
    LinkBadScenario,
    /// Button that hides a message.
    Dismiss,
}

impl Message for ToolbarMsg {
    const ALL: &'static [ToolbarMsg] = &[
        ToolbarMsg::ControlsLabel,
        ToolbarMsg::LanguageEnglish,
        ToolbarMsg::LanguageJapanese,
        ToolbarMsg::OwnScenario,
        ToolbarMsg::UndoTitle,
        ToolbarMsg::RedoTitle,
        ToolbarMsg::DampingHelp,
        ToolbarMsg::DampingInvalid,
        ToolbarMsg::CopyLinkTitle,
        ToolbarMsg::LinkTooLarge,
        ToolbarMsg::LinkDamaged,
        ToolbarMsg::LinkNotBase64,
        ToolbarMsg::LinkNotUtf8,
        ToolbarMsg::LinkTooLong,
        ToolbarMsg::LinkBadScenario,
        ToolbarMsg::Dismiss,
    ];

    fn en(self) -> &'static str {
        match self {
            ToolbarMsg::ControlsLabel => "Scenario controls",
            ToolbarMsg::LanguageEnglish => "English",
            ToolbarMsg::LanguageJapanese => "日本語",
            ToolbarMsg::OwnScenario => "Your own scenario (imported or from a link)",
            ToolbarMsg::UndoTitle => "Undo the last change (Ctrl+Z)",
            ToolbarMsg::RedoTitle => "Redo the change just undone (Ctrl+Shift+Z or Ctrl+Y)",
            ToolbarMsg::DampingHelp => {
                "FairShareDampeningFactor: classic fairshare only (F = 2^(-UE/S/d)); Fair Tree ignores it."
            }
            ToolbarMsg::DampingInvalid => {
                "Damping factor must be a whole number from 1 to 65535; it stays {value}."
            }
            ToolbarMsg::CopyLinkTitle => {
                "Copy a link that holds the whole scenario; opening it restores what you see."
            }
            ToolbarMsg::LinkTooLarge => {
                "This scenario is too large for a link ({size} KB); use Export JSON to share it."
            }
            ToolbarMsg::LinkDamaged => {
                "The link's scenario could not be read ({problem}). The default scenario is shown instead."
            }
            ToolbarMsg::LinkNotBase64 => "the text after #scenario= is not base64url",
            ToolbarMsg::LinkNotUtf8 => "the decoded bytes are not UTF-8 text",
            ToolbarMsg::LinkTooLong => "the link is longer than {max} characters",
            ToolbarMsg::LinkBadScenario => "its scenario JSON has errors: {details}",
            ToolbarMsg::Dismiss => "Dismiss",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            ToolbarMsg::ControlsLabel => "シナリオの操作",
            ToolbarMsg::LanguageEnglish => "English",
            ToolbarMsg::LanguageJapanese => "日本語",
            ToolbarMsg::OwnScenario => "独自のシナリオ（インポートまたはリンクから）",
            ToolbarMsg::UndoTitle => "直前の変更を取り消す (Ctrl+Z)",
            ToolbarMsg::RedoTitle => "取り消した変更をやり直す (Ctrl+Shift+Z または Ctrl+Y)",
            ToolbarMsg::DampingHelp => {
                "FairShareDampeningFactor: classic fairshare のみ (F = 2^(-UE/S/d))。Fair Tree では使われません。"
            }
            ToolbarMsg::DampingInvalid => {
                "Damping factor は 1 から 65535 までの整数です。{value} のままにしました。"
            }
            ToolbarMsg::CopyLinkTitle => {
                "シナリオ全体を含むリンクをコピーします。開くと今の表示が復元されます。"
            }
            ToolbarMsg::LinkTooLarge => {
                "このシナリオはリンクには大きすぎます ({size} KB)。共有には「JSON をエクスポート」を使ってください。"
            }
            ToolbarMsg::LinkDamaged => {
                "リンクのシナリオを読み込めませんでした（{problem}）。既定のシナリオを表示しています。"
            }
            ToolbarMsg::LinkNotBase64 => "#scenario= の後が base64url ではありません",
            ToolbarMsg::LinkNotUtf8 => "復号したバイト列が UTF-8 テキストではありません",
            ToolbarMsg::LinkTooLong => "リンクが {max} 文字を超えています",
            ToolbarMsg::LinkBadScenario => "シナリオ JSON にエラーがあります: {details}",
            ToolbarMsg::Dismiss => "閉じる",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::ToolbarMsg>().unwrap();
    }
}
