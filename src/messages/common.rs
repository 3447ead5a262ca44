//! Strings shared by several areas: toolbar, presets, parameters, generic words.

use super::Message;

/// Keys shared across the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum CommonMsg {
    /// Label of the preset (scenario) menu.
    Scenario,
    /// Label of the language menu.
    Language,
    /// The checkbox that switches to the documented tie rule.
    DocumentedTieRule,
    /// One-line help for the documented tie rule.
    DocumentedTieRuleHelp,
    /// FairShareDampeningFactor input label.
    DampingFactor,
    /// Checkbox for PriorityFlags=DEPTH_OBLIVIOUS.
    DepthOblivious,
    /// Undo button.
    Undo,
    /// Redo button.
    Redo,
    /// "Copy link" button.
    CopyLink,
    /// Shown after the link was copied.
    LinkCopied,
    /// Shown when the clipboard refused.
    LinkCopyFailed,
    /// Caption prefix of a preset ("What to look at").
    WhatToLookAt,
    /// Region name (UI contract): the association tree.
    RegionTree,
    /// Region name (UI contract): the inspector.
    RegionInspector,
    /// Region name (UI contract): the ranking animation.
    RegionAnimation,
    /// Region name (UI contract): the classic panel.
    RegionClassic,
    /// Region name (UI contract): the sshare table.
    RegionSshare,
    /// Region name (UI contract): the comparison.
    RegionCompare,
    /// Region name: import and export.
    RegionImport,
    /// Region name: usage decay over time.
    RegionDecay,
    /// Region name: job priority.
    RegionPriority,
    /// Region and tab name (UI contract): What would it take (here, not in the panel's own
    /// table, so that the tab strip in the first load does not carry the panel's texts).
    RegionCalc,
    /// Placeholder of the name filters (the Inspector's and the Compare panel's).
    FilterPlaceholder,
    /// Placeholder of a Shares field that holds `parent` (the Inspector's and the Compare
    /// panel's).
    LfParent,
    /// A user association named with its account: "User1 (AccountB)".
    NameInAccount,
}

impl Message for CommonMsg {
    const ALL: &'static [CommonMsg] = &[
        CommonMsg::Scenario,
        CommonMsg::Language,
        CommonMsg::DocumentedTieRule,
        CommonMsg::DocumentedTieRuleHelp,
        CommonMsg::DampingFactor,
        CommonMsg::DepthOblivious,
        CommonMsg::Undo,
        CommonMsg::Redo,
        CommonMsg::CopyLink,
        CommonMsg::LinkCopied,
        CommonMsg::LinkCopyFailed,
        CommonMsg::WhatToLookAt,
        CommonMsg::RegionTree,
        CommonMsg::RegionInspector,
        CommonMsg::RegionAnimation,
        CommonMsg::RegionClassic,
        CommonMsg::RegionSshare,
        CommonMsg::RegionCompare,
        CommonMsg::RegionImport,
        CommonMsg::RegionDecay,
        CommonMsg::RegionPriority,
        CommonMsg::RegionCalc,
        CommonMsg::FilterPlaceholder,
        CommonMsg::LfParent,
        CommonMsg::NameInAccount,
    ];

    fn en(self) -> &'static str {
        match self {
            CommonMsg::Scenario => "Scenario",
            CommonMsg::Language => "Language",
            CommonMsg::DocumentedTieRule => "Documented tie rule",
            CommonMsg::DocumentedTieRuleHelp => {
                "Off: what Slurm's code does (tied sibling accounts are visited one after another). \
                 On: what the Fair Tree page says (their users are merged and sorted together)."
            }
            CommonMsg::DampingFactor => "Damping factor",
            CommonMsg::DepthOblivious => "DEPTH_OBLIVIOUS",
            CommonMsg::Undo => "Undo",
            CommonMsg::Redo => "Redo",
            CommonMsg::CopyLink => "Copy link",
            CommonMsg::LinkCopied => "Link copied: it holds the whole scenario.",
            CommonMsg::LinkCopyFailed => {
                "The browser refused the clipboard; copy the address bar instead."
            }
            CommonMsg::WhatToLookAt => "What to look at",
            CommonMsg::RegionTree => "Association tree",
            CommonMsg::RegionInspector => "Inspector",
            CommonMsg::RegionAnimation => "Ranking animation",
            CommonMsg::RegionClassic => "Classic fairshare",
            CommonMsg::RegionSshare => "sshare",
            CommonMsg::RegionCompare => "Compare",
            CommonMsg::RegionImport => "Import and export",
            CommonMsg::RegionDecay => "Usage decay over time",
            CommonMsg::RegionPriority => "Job priority",
            CommonMsg::RegionCalc => "What would it take",
            CommonMsg::FilterPlaceholder => "Type a user or account name",
            CommonMsg::LfParent => "parent",
            CommonMsg::NameInAccount => "{name} ({account})",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            CommonMsg::Scenario => "シナリオ",
            CommonMsg::Language => "言語",
            CommonMsg::DocumentedTieRule => "ドキュメントの同点ルール",
            CommonMsg::DocumentedTieRuleHelp => {
                "オフ：Slurm のコードの動作（同点の兄弟アカウントは順に訪問される）。\
                 オン：Fair Tree のページの説明（それらのユーザーはまとめて並べ替えられる）。"
            }
            CommonMsg::DampingFactor => "減衰係数（FairShareDampeningFactor）",
            CommonMsg::DepthOblivious => "DEPTH_OBLIVIOUS",
            CommonMsg::Undo => "元に戻す",
            CommonMsg::Redo => "やり直す",
            CommonMsg::CopyLink => "リンクをコピー",
            CommonMsg::LinkCopied => "リンクをコピーしました。シナリオ全体が含まれています。",
            CommonMsg::LinkCopyFailed => {
                "ブラウザーがクリップボードを拒否しました。アドレスバーをコピーしてください。"
            }
            CommonMsg::WhatToLookAt => "見どころ",
            CommonMsg::RegionTree => "association ツリー",
            CommonMsg::RegionInspector => "インスペクター",
            CommonMsg::RegionAnimation => "順位付けアニメーション",
            CommonMsg::RegionClassic => "classic フェアシェア",
            CommonMsg::RegionSshare => "sshare",
            CommonMsg::RegionCompare => "比較",
            CommonMsg::RegionImport => "インポートとエクスポート",
            CommonMsg::RegionDecay => "使用量の時間減衰",
            CommonMsg::RegionPriority => "ジョブの優先度",
            CommonMsg::RegionCalc => "どうすれば届く？",
            CommonMsg::FilterPlaceholder => "ユーザー名またはアカウント名を入力",
            CommonMsg::LfParent => "parent",
            CommonMsg::NameInAccount => "{name} ({account})",
        })
    }
}

/// "name (account)" for association `a`, in `lang`.
pub fn name_in_account(a: &fairshare::Assoc, lang: super::Lang) -> String {
    CommonMsg::NameInAccount.fill(lang, &[("name", a.name()), ("account", &a.account)])
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::CommonMsg>().unwrap();
    }
}
