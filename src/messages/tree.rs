//! Strings of the association tree view: node cards, accessible names, controls and legend.
//!
//! Slurm's words (FairShare, Level FS, S, U, `inf`, `parent`) keep Slurm's spelling in every
//! language. Accessible names are templates so a translation may reorder the facts.

use super::Message;

/// Keys of the tree view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum TreeMsg {
    /// Name of the group of view buttons (zoom, pan, fit).
    Controls,
    /// Button: zoom in.
    ZoomIn,
    /// Button: zoom out.
    ZoomOut,
    /// Button: fit the whole tree into the view.
    FitToScreen,
    /// Button: pan left.
    PanLeft,
    /// Button: pan right.
    PanRight,
    /// Button: pan up.
    PanUp,
    /// Button: pan down.
    PanDown,
    /// Button: expand every collapsed account.
    ExpandAll,
    /// One line of help under the controls: how to use the tree with the keyboard and mouse.
    Help,
    /// Tooltip of the collapse handle of an expanded account.
    CollapseName,
    /// Tooltip of the expand handle of a collapsed account.
    ExpandName,
    /// Card text: raw shares.
    CardShares,
    /// Card text: raw usage.
    CardUsage,
    /// Card text: S (NormShares).
    CardS,
    /// Card text: U (EffectvUsage).
    CardU,
    /// A value that does not exist (the root's shares or Level FS, a missing rank).
    NoValue,
    /// Card label: Level FS.
    CardLevelFs,
    /// Card text: the rank of a user.
    CardRank,
    /// Card text: the FairShare of a user.
    CardFairShare,
    /// Card text on the root: the number of users.
    CardUsers,
    /// Card text on a collapsed account: how many associations are hidden.
    CardHidden,
    /// Badge: Level FS is infinite (no usage).
    BadgeInf,
    /// Badge: Level FS is zero (no shares).
    BadgeZero,
    /// Badge: FairShare=parent.
    BadgeParent,
    /// Badge text: a rounding artefact.
    BadgeArtefact,
    /// Accessible name of a user association.
    LabelUser,
    /// Accessible name of an account association.
    LabelAccount,
    /// Accessible name of an inferred association (the hidden members of an account).
    LabelHidden,
    /// Card name of an inferred association.
    CardHiddenName,
    /// What the UI says for a FairShare or rank that a partial tree cannot give.
    NotComputable,
    /// Accessible name of the root.
    LabelRoot,
    /// Accessible name addition: the what-if move (in positions) against the baseline.
    LabelPositionChange,
    /// Accessible name addition: the user is new since the baseline.
    LabelNew,
    /// Accessible name addition: the first common ancestor of the two compared users.
    LabelCompareAncestor,
    /// Accessible name addition: one of the two children whose Level FS decided the comparison.
    LabelCompareDecider,
    /// Tag under a user card: moved up by `{delta}` positions (served earlier).
    TagUp,
    /// Tag under a user card: moved down by `{delta}` positions.
    TagDown,
    /// Tag under a user card: old → new position.
    TagPosition,
    /// Tag under a user card: not in the baseline.
    TagNew,
    /// Tag/name addition when the documented tie rule changes the rank: Slurm's code's rank.
    TieRuleDiff,
    /// Explanation: tied with a sibling only because of 80-bit rounding.
    ArtefactTie,
    /// Explanation: not tied with a sibling only because of 80-bit rounding.
    ArtefactNoTie,
    /// Explanation: sorted after a sibling only because of 80-bit rounding.
    ArtefactOrder,
    /// Legend heading.
    LegendTitle,
    /// Legend: what the colour means.
    LegendScale,
    /// Legend band: LF > 4.
    BandUnder3,
    /// Legend band: 2 < LF ≤ 4.
    BandUnder2,
    /// Legend band: 1.1 < LF ≤ 2.
    BandUnder1,
    /// Legend band: 0.9 ≤ LF ≤ 1.1.
    BandEven,
    /// Legend band: 0.5 ≤ LF < 0.9.
    BandOver1,
    /// Legend band: 0.25 ≤ LF < 0.5.
    BandOver2,
    /// Legend band: 0 < LF < 0.25.
    BandOver3,
    /// Legend band: LF = 0.
    BandZero,
    /// Legend band: LF = inf.
    BandInf,
    /// Legend band: FairShare=parent.
    BandParent,
    /// Legend band: no Level FS (the root).
    BandNone,
    /// Legend: the account shape.
    LegendAccount,
    /// Legend: the user shape.
    LegendUser,
    /// Legend: the root shape.
    LegendRoot,
    /// Legend: the rounding artefact badge.
    LegendArtefact,
    /// Legend: the what-if tags.
    LegendWhatIf,
    /// Legend: the comparison highlight.
    LegendCompare,
    /// Accessible name addition of a collapsed account: how many users it holds.
    LabelCollapsed,
    /// The entry that stands for hidden siblings (click: show more of them).
    More,
    /// Tooltip of the "… N more" entry.
    MoreTitle,
    /// The entry that stands for hidden levels of a deep path.
    Elided,
    /// Name of the search box.
    Find,
    /// Placeholder of the search box: the query forms.
    FindPlaceholder,
    /// Name of the list of matches.
    FindMatches,
    /// A matching user: name, account, position.
    FindUser,
    /// A matching account.
    FindAccount,
    /// Nothing matches.
    FindNone,
    /// The drawing is zoomed out: compact marks instead of cards.
    CompactHint,
    /// On the frame, after Find: the found association's account lies beyond its left edge.
    FoundAccountLeft,
    /// The same beyond its right edge.
    FoundAccountRight,
    /// Accessible name of the minimap (the overview of the whole tree).
    Minimap,
    /// Tooltip of the minimap: what a click or a drag does.
    MinimapHelp,
    /// `me=` in the link names nothing in this tree.
    MeNotFound,
    /// `me=` names a user in several accounts: which one was selected, and the others.
    MeSeveral,
}

impl Message for TreeMsg {
    const ALL: &'static [TreeMsg] = &[
        TreeMsg::Controls,
        TreeMsg::ZoomIn,
        TreeMsg::ZoomOut,
        TreeMsg::FitToScreen,
        TreeMsg::PanLeft,
        TreeMsg::PanRight,
        TreeMsg::PanUp,
        TreeMsg::PanDown,
        TreeMsg::ExpandAll,
        TreeMsg::Help,
        TreeMsg::CollapseName,
        TreeMsg::ExpandName,
        TreeMsg::CardShares,
        TreeMsg::CardUsage,
        TreeMsg::CardS,
        TreeMsg::CardU,
        TreeMsg::NoValue,
        TreeMsg::CardLevelFs,
        TreeMsg::CardRank,
        TreeMsg::CardFairShare,
        TreeMsg::CardUsers,
        TreeMsg::CardHidden,
        TreeMsg::BadgeInf,
        TreeMsg::BadgeZero,
        TreeMsg::BadgeParent,
        TreeMsg::BadgeArtefact,
        TreeMsg::LabelUser,
        TreeMsg::LabelAccount,
        TreeMsg::LabelHidden,
        TreeMsg::CardHiddenName,
        TreeMsg::NotComputable,
        TreeMsg::LabelRoot,
        TreeMsg::LabelPositionChange,
        TreeMsg::LabelNew,
        TreeMsg::LabelCompareAncestor,
        TreeMsg::LabelCompareDecider,
        TreeMsg::TagUp,
        TreeMsg::TagDown,
        TreeMsg::TagPosition,
        TreeMsg::TagNew,
        TreeMsg::TieRuleDiff,
        TreeMsg::ArtefactTie,
        TreeMsg::ArtefactNoTie,
        TreeMsg::ArtefactOrder,
        TreeMsg::LegendTitle,
        TreeMsg::LegendScale,
        TreeMsg::BandUnder3,
        TreeMsg::BandUnder2,
        TreeMsg::BandUnder1,
        TreeMsg::BandEven,
        TreeMsg::BandOver1,
        TreeMsg::BandOver2,
        TreeMsg::BandOver3,
        TreeMsg::BandZero,
        TreeMsg::BandInf,
        TreeMsg::BandParent,
        TreeMsg::BandNone,
        TreeMsg::LegendAccount,
        TreeMsg::LegendUser,
        TreeMsg::LegendRoot,
        TreeMsg::LegendArtefact,
        TreeMsg::LegendWhatIf,
        TreeMsg::LegendCompare,
        TreeMsg::LabelCollapsed,
        TreeMsg::More,
        TreeMsg::MoreTitle,
        TreeMsg::Elided,
        TreeMsg::Find,
        TreeMsg::FindPlaceholder,
        TreeMsg::FindMatches,
        TreeMsg::FindUser,
        TreeMsg::FindAccount,
        TreeMsg::FindNone,
        TreeMsg::CompactHint,
        TreeMsg::FoundAccountLeft,
        TreeMsg::FoundAccountRight,
        TreeMsg::Minimap,
        TreeMsg::MinimapHelp,
        TreeMsg::MeNotFound,
        TreeMsg::MeSeveral,
    ];

    fn en(self) -> &'static str {
        match self {
            TreeMsg::Controls => "Tree view",
            TreeMsg::ZoomIn => "Zoom in",
            TreeMsg::ZoomOut => "Zoom out",
            TreeMsg::FitToScreen => "Fit to screen",
            TreeMsg::PanLeft => "Pan left",
            TreeMsg::PanRight => "Pan right",
            TreeMsg::PanUp => "Pan up",
            TreeMsg::PanDown => "Pan down",
            TreeMsg::ExpandAll => "Expand all",
            TreeMsg::Help => {
                "Siblings are drawn in Fair Tree's visiting order: highest Level FS on the left. \
                 Click a node or use the arrow keys and Enter to select it; Left and Right \
                 collapse and expand accounts. Drag or scroll to pan."
            }
            TreeMsg::CollapseName => "Collapse {name}",
            TreeMsg::ExpandName => "Expand {name}",
            TreeMsg::CardShares => "Shares {value}",
            TreeMsg::CardUsage => "Usage {value}",
            TreeMsg::CardS => "S {value}",
            TreeMsg::CardU => "U {value}",
            TreeMsg::NoValue => "–",
            TreeMsg::CardLevelFs => "Level FS",
            TreeMsg::CardRank => "position {position} of {n}",
            TreeMsg::CardFairShare => "FS {fairshare}",
            TreeMsg::CardUsers => "{n} users",
            TreeMsg::CardHidden => "+{n} hidden",
            TreeMsg::BadgeInf => "inf",
            TreeMsg::BadgeZero => "0",
            TreeMsg::BadgeParent => "parent",
            TreeMsg::BadgeArtefact => "≈",
            TreeMsg::LabelUser => {
                "{name} in {account}: position {position} of {n}, rank {rank}, FairShare {fairshare}, \
                 Level FS {level_fs}"
            }
            TreeMsg::LabelAccount => "{name}: Level FS {level_fs}",
            TreeMsg::LabelHidden => {
                "{shares} hidden users' shares in {account} (inferred from the paste): usage \
                 {usage}, Level FS {level_fs}"
            }
            TreeMsg::CardHiddenName => "hidden in {account}",
            TreeMsg::NotComputable => "not computable from this output",
            TreeMsg::LabelRoot => "{name}: {n} users",
            TreeMsg::LabelPositionChange => {
                "what-if: position {old} → {new}, FairShare {old_fs} → {new_fs}"
            }
            TreeMsg::LabelNew => "what-if: new since the baseline",
            TreeMsg::TagUp => "↑{delta}",
            TreeMsg::TagDown => "↓{delta}",
            TreeMsg::TagPosition => "position {old} → {new}",
            TreeMsg::TagNew => "new",
            TreeMsg::TieRuleDiff => "Slurm's code: rank {rank}",
            TreeMsg::ArtefactTie => {
                "80-bit rounding: tied with {sibling} only because of rounding; \
                 exact arithmetic would separate them"
            }
            TreeMsg::ArtefactNoTie => {
                "80-bit rounding: not tied with {sibling} only because of rounding; \
                 mathematically their Level FS are equal"
            }
            TreeMsg::ArtefactOrder => {
                "80-bit rounding: sorted after {sibling} only because of rounding; \
                 mathematically its Level FS is higher"
            }
            TreeMsg::LegendTitle => "Legend and help",
            TreeMsg::LegendScale => {
                "Colour: Level FS = S / U. Above 1 the association used less than its share \
                 (under-served), below 1 more (over-served)."
            }
            TreeMsg::BandUnder3 => "LF > 4: far under-served",
            TreeMsg::BandUnder2 => "2 < LF ≤ 4: under-served",
            TreeMsg::BandUnder1 => "1.1 < LF ≤ 2: a little under-served",
            TreeMsg::BandEven => "0.9 ≤ LF ≤ 1.1: about its share",
            TreeMsg::BandOver1 => "0.5 ≤ LF < 0.9: a little over-served",
            TreeMsg::BandOver2 => "0.25 ≤ LF < 0.5: over-served",
            TreeMsg::BandOver3 => "0 < LF < 0.25: far over-served",
            TreeMsg::BandZero => "LF = 0: no shares",
            TreeMsg::BandInf => "LF = inf: no usage yet (unused)",
            TreeMsg::BandParent => "parent: FairShare=parent (competes one level up)",
            TreeMsg::BandNone => "No Level FS (the root)",
            TreeMsg::LegendAccount => "Account: square corners",
            TreeMsg::LegendUser => "User: round corners, rank bar",
            TreeMsg::LegendRoot => "Root: double border",
            TreeMsg::LegendArtefact => {
                "≈: a tie (or non-tie) that exists only because of Slurm's 80-bit rounding"
            }
            TreeMsg::LegendWhatIf => {
                "↑/↓: rank change since the baseline, with old → new FairShare"
            }
            TreeMsg::LegendCompare => {
                "Comparing two users: thick edges follow both paths, a thick ring marks their \
                 first common ancestor, dashed outlines the two children whose Level FS decided \
                 the order"
            }
            TreeMsg::LabelCompareAncestor => ", first common ancestor",
            TreeMsg::LabelCompareDecider => ", decided the order",
            TreeMsg::LabelCollapsed => "collapsed, holds {users} users",
            TreeMsg::More => "… {n} more",
            TreeMsg::MoreTitle => "Show {n} more of these siblings",
            TreeMsg::Elided => "… {n} levels",
            TreeMsg::Find => "Find user or account",
            TreeMsg::FindPlaceholder => "user, account or account/user",
            TreeMsg::FindMatches => "Matches",
            TreeMsg::FindUser => "{name} in {account}: position {position} of {n}",
            TreeMsg::FindAccount => "{name} (account)",
            TreeMsg::FindNone => "No user or account matches",
            TreeMsg::CompactHint => {
                "Zoomed out: marks coloured by Level FS. Zoom in to read the cards."
            }
            TreeMsg::FoundAccountLeft => "← in account {name}",
            TreeMsg::FoundAccountRight => "in account {name} →",
            TreeMsg::Minimap => "Tree overview",
            TreeMsg::MinimapHelp => "Overview of the tree: click or drag to move the view there",
            TreeMsg::MeNotFound => {
                "The link's me={value} names no user or account in this tree, so nothing is selected."
            }
            TreeMsg::MeSeveral => {
                "The link's me={value} names {count} associations ({all}); {chosen} is selected. Use me=account/user to pick one."
            }
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            TreeMsg::Controls => "ツリー表示",
            TreeMsg::ZoomIn => "拡大",
            TreeMsg::ZoomOut => "縮小",
            TreeMsg::FitToScreen => "全体を表示",
            TreeMsg::PanLeft => "左へ移動",
            TreeMsg::PanRight => "右へ移動",
            TreeMsg::PanUp => "上へ移動",
            TreeMsg::PanDown => "下へ移動",
            TreeMsg::ExpandAll => "すべて展開",
            TreeMsg::CollapseName => "{name} を折りたたむ",
            TreeMsg::ExpandName => "{name} を展開",
            TreeMsg::CardUsage => "使用量 {value}",
            TreeMsg::CardRank => "{n} 人中 {position} 番目",
            TreeMsg::CardUsers => "ユーザー {n} 人",
            TreeMsg::CardHidden => "+{n} 件非表示",
            TreeMsg::LabelUser => {
                "{name}（{account}）: {n} 人中 {position} 番目、rank {rank}、FairShare {fairshare}、\
                 Level FS {level_fs}"
            }
            TreeMsg::LabelRoot => "{name}: ユーザー {n} 人",
            TreeMsg::LegendTitle => "凡例と使い方",
            TreeMsg::TieRuleDiff => "Slurm のコードでは rank {rank}",
            TreeMsg::TagNew => "新規",
            TreeMsg::LegendCompare => {
                "2 人のユーザーを比較中: 太い辺は両者の経路、太い輪は最初の共通祖先、\
                 破線の枠は Level FS で順序を決めた 2 つの子"
            }
            TreeMsg::LabelCompareAncestor => "、最初の共通祖先",
            TreeMsg::LabelCompareDecider => "、順序を決めた子",
            TreeMsg::LabelCollapsed => "折りたたみ中、ユーザー {users} 人",
            TreeMsg::More => "… ほか {n} 件",
            TreeMsg::MoreTitle => "この兄弟をさらに {n} 件表示",
            TreeMsg::Elided => "… {n} 階層",
            TreeMsg::Find => "ユーザーまたはアカウントを検索",
            TreeMsg::FindPlaceholder => "ユーザー、アカウント、またはアカウント/ユーザー",
            TreeMsg::FindMatches => "候補",
            TreeMsg::FindUser => "{name}（{account}）: {n} 人中 {position} 番目",
            TreeMsg::FindAccount => "{name}（アカウント）",
            TreeMsg::FindNone => "一致するユーザーもアカウントもありません",
            TreeMsg::CompactHint => {
                "縮小表示: Level FS で色分けした印。拡大するとカードを読めます。"
            }
            TreeMsg::FoundAccountLeft => "← アカウント {name} 内",
            TreeMsg::FoundAccountRight => "アカウント {name} 内 →",
            TreeMsg::Minimap => "ツリーの全体図",
            TreeMsg::MinimapHelp => "ツリーの全体図: クリックまたはドラッグでその場所を表示",
            TreeMsg::MeNotFound => {
                "リンクの me={value} に当たるユーザーもアカウントもこのツリーにないため、何も選択していません。"
            }
            TreeMsg::MeSeveral => {
                "リンクの me={value} は {count} 個の association（{all}）に当たります。{chosen} を選択しました。1つに決めるには me=アカウント/ユーザー を使ってください。"
            }
            TreeMsg::Help => {
                "兄弟は Fair Tree の訪問順に並ぶ：Level FS が最も高いものが左。ノードをクリックするか、\
                 矢印キーと Enter で選択。左右キーでアカウントを折りたたみ・展開。ドラッグまたは\
                 スクロールで移動。"
            }
            TreeMsg::CardShares => "シェア {value}",
            // Slurm's symbols and values read the same in Japanese.
            TreeMsg::CardS
            | TreeMsg::CardU
            | TreeMsg::NoValue
            | TreeMsg::CardLevelFs
            | TreeMsg::BadgeInf
            | TreeMsg::BadgeZero
            | TreeMsg::BadgeArtefact
            | TreeMsg::TagUp
            | TreeMsg::TagDown => return Some(self.en()),
            TreeMsg::TagPosition => "{old} 番目 → {new} 番目",
            TreeMsg::CardFairShare => "FS {fairshare}",
            TreeMsg::BadgeParent => "parent",
            TreeMsg::LabelAccount => "{name}: Level FS {level_fs}",
            TreeMsg::LabelHidden => {
                "{account} の非表示ユーザーの持ち分 {shares}（貼り付けから推定）: 使用量 {usage}、\
                 Level FS {level_fs}"
            }
            TreeMsg::CardHiddenName => "{account} の非表示分",
            TreeMsg::NotComputable => "この出力からは計算できません",
            TreeMsg::LabelPositionChange => {
                "what-if: {old} 番目 → {new} 番目、FairShare {old_fs} → {new_fs}"
            }
            TreeMsg::LabelNew => "what-if: ベースライン以降に追加",
            TreeMsg::ArtefactTie => {
                "80 ビットの丸め: {sibling} と同点なのは丸めのためだけで、正確な計算なら差がつく"
            }
            TreeMsg::ArtefactNoTie => {
                "80 ビットの丸め: {sibling} と同点でないのは丸めのためだけで、数学的には Level FS が等しい"
            }
            TreeMsg::ArtefactOrder => {
                "80 ビットの丸め: {sibling} の後に並ぶのは丸めのためだけで、数学的には Level FS の方が高い"
            }
            TreeMsg::LegendScale => {
                "色: Level FS = S / U。1 より大きければ配分より少なく使っている（不足）、\
                 1 より小さければ多く使っている（超過）。"
            }
            TreeMsg::BandUnder3 => "LF > 4: 大きく不足",
            TreeMsg::BandUnder2 => "2 < LF ≤ 4: 不足",
            TreeMsg::BandUnder1 => "1.1 < LF ≤ 2: やや不足",
            TreeMsg::BandEven => "0.9 ≤ LF ≤ 1.1: ほぼ配分どおり",
            TreeMsg::BandOver1 => "0.5 ≤ LF < 0.9: やや超過",
            TreeMsg::BandOver2 => "0.25 ≤ LF < 0.5: 超過",
            TreeMsg::BandOver3 => "0 < LF < 0.25: 大きく超過",
            TreeMsg::BandZero => "LF = 0: シェアなし",
            TreeMsg::BandInf => "LF = inf: まだ使用量なし（未使用）",
            TreeMsg::BandParent => "parent: FairShare=parent（1 つ上の階層で競う）",
            TreeMsg::BandNone => "Level FS なし（ルート）",
            TreeMsg::LegendAccount => "アカウント: 角が四角",
            TreeMsg::LegendUser => "ユーザー: 角が丸く、順位バーつき",
            TreeMsg::LegendRoot => "ルート: 二重線",
            TreeMsg::LegendArtefact => {
                "≈: Slurm の 80 ビットの丸めのためだけに生じた同点（または非同点）"
            }
            TreeMsg::LegendWhatIf => {
                "↑/↓: ベースラインからの順位の変化と、FairShare の変化（前 → 後）"
            }
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::TreeMsg>().unwrap();
    }
}
