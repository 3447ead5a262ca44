//! Strings of the inspector (editing the selected association) and of the what-if summary.

use super::Message;

/// Keys of the inspector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum InspectorMsg {
    /// Shown when nothing is selected.
    NothingSelected,
    /// Shown when nothing is selected: the find box above the tree (`{find}`: its name).
    FindPointer,
    /// Heading for a user association.
    HeadingUser,
    /// Heading for an account.
    HeadingAccount,
    /// Heading for the root.
    HeadingRoot,
    /// Label of the name field.
    Name,
    /// Label of the shares field (UI contract: `Shares`).
    Shares,
    /// Label of the FairShare=parent checkbox (UI contract).
    FairShareParent,
    /// Help of the FairShare=parent checkbox.
    FairShareParentHelp,
    /// Label of the raw usage field (UI contract: `Raw usage`).
    RawUsage,
    /// The unit of raw usage, with the value in hours.
    RawUsageUnit,
    /// An account's raw usage (read-only: the sum of its users').
    AccountUsage,
    /// An account's raw usage in a tree that holds usage kept from removed users (read-only).
    AccountUsageWithKept,
    /// An account's own retained usage, kept from removed users (shown when not 0).
    RetainedUsage,
    /// Add-user button (UI contract).
    AddUser,
    /// Add-account button (UI contract).
    AddAccount,
    /// Delete button (UI contract).
    Delete,
    /// Help of the Delete button: the subtree goes, its usage stays with the parent account.
    DeleteHelp,
    /// Label of the move-to menu.
    MoveTo,
    /// Accessible name of the filter box of a long "Move to" menu.
    MoveFilter,
    /// Help of the edit buttons: where new associations go.
    AddHelp,
    /// Refusal: the field is empty.
    ErrEmpty,
    /// Refusal: the field is not a number.
    ErrNotANumber,
    /// Refusal: shares must be a whole number (`{max}`: the largest).
    ErrNotWhole,
    /// Refusal: negative shares (`{max}`: the largest).
    ErrSharesNegative,
    /// Refusal: shares above the largest (`{max}`).
    ErrSharesTooLarge,
    /// Refusal: usage of 2^64 or more.
    ErrUsageTooLarge,
    /// Refusal: negative usage.
    ErrUsageNegative,
    /// Refusal: usage text over 100 characters.
    ErrUsageTooLong,
    /// Refusal: the engine's validation said no (`{reason}` is its message).
    ErrRefused,
    /// Heading of the computed numbers.
    Computed,
    /// Label: S.
    FactS,
    /// Label: U.
    FactU,
    /// Label: Level FS.
    FactLevelFs,
    /// Label: rank.
    FactRank,
    /// Label: FairShare.
    FactFairShare,
    /// Level FS = S / U with the numbers in place.
    LfRatio,
    /// Level FS with no usage.
    LfNoUsage,
    /// Level FS with no shares.
    LfNoShares,
    /// Level FS of a FairShare=parent user.
    LfParentUser,
    /// Level FS of a FairShare=parent account.
    LfParentAccount,
    /// Level FS of the root.
    LfRoot,
    /// LF > 1.
    UnderServed,
    /// LF < 1.
    OverServed,
    /// LF = 1.
    ExactlyServed,
    /// Rank of N.
    RankOf,
    /// Accounts have no rank or FairShare under Fair Tree.
    NoRank,
    /// A value sshare leaves blank.
    Blank,
    /// FairShare on a partial tree.
    NotComputable,
    /// Slurm's printed FairShare beside it.
    PrintedFairShare,
    /// Region/disclosure: "Why is my FairShare this?".
    WhyTitle,
    /// What the levels below say.
    WhyIntro,
    /// On a partial tree: what is exact.
    WhyPartial,
    /// One level: where the user's side stands.
    WhyLevel,
    /// One level where the user's side has no siblings.
    WhyLevelAlone,
    /// The sibling just ahead, with its ratio.
    WhyAheadRatio,
    /// The sibling just ahead, no ratio (inf or 0).
    WhyAhead,
    /// The sibling just ahead, equal Level FS.
    WhyAheadEqual,
    /// The sibling just behind, with its ratio.
    WhyBehindRatio,
    /// The sibling just behind, no ratio.
    WhyBehind,
    /// The sibling just behind, equal Level FS.
    WhyBehindEqual,
    /// A Level FS that does not exist (FairShare=parent).
    WhyNoLevelFs,
    /// 80-bit rounding: a tie that exact arithmetic would not give.
    ArtefactTie,
    /// 80-bit rounding: a non-tie that exact arithmetic would give.
    ArtefactNoTie,
    /// 80-bit rounding: an order exact arithmetic would reverse.
    ArtefactOrder,
}

impl Message for InspectorMsg {
    const ALL: &'static [InspectorMsg] = &[
        InspectorMsg::NothingSelected,
        InspectorMsg::FindPointer,
        InspectorMsg::HeadingUser,
        InspectorMsg::HeadingAccount,
        InspectorMsg::HeadingRoot,
        InspectorMsg::Name,
        InspectorMsg::Shares,
        InspectorMsg::FairShareParent,
        InspectorMsg::FairShareParentHelp,
        InspectorMsg::RawUsage,
        InspectorMsg::RawUsageUnit,
        InspectorMsg::AccountUsage,
        InspectorMsg::AccountUsageWithKept,
        InspectorMsg::RetainedUsage,
        InspectorMsg::AddUser,
        InspectorMsg::AddAccount,
        InspectorMsg::Delete,
        InspectorMsg::DeleteHelp,
        InspectorMsg::MoveTo,
        InspectorMsg::MoveFilter,
        InspectorMsg::AddHelp,
        InspectorMsg::ErrEmpty,
        InspectorMsg::ErrNotANumber,
        InspectorMsg::ErrNotWhole,
        InspectorMsg::ErrSharesNegative,
        InspectorMsg::ErrSharesTooLarge,
        InspectorMsg::ErrUsageTooLarge,
        InspectorMsg::ErrUsageNegative,
        InspectorMsg::ErrUsageTooLong,
        InspectorMsg::ErrRefused,
        InspectorMsg::Computed,
        InspectorMsg::FactS,
        InspectorMsg::FactU,
        InspectorMsg::FactLevelFs,
        InspectorMsg::FactRank,
        InspectorMsg::FactFairShare,
        InspectorMsg::LfRatio,
        InspectorMsg::LfNoUsage,
        InspectorMsg::LfNoShares,
        InspectorMsg::LfParentUser,
        InspectorMsg::LfParentAccount,
        InspectorMsg::LfRoot,
        InspectorMsg::UnderServed,
        InspectorMsg::OverServed,
        InspectorMsg::ExactlyServed,
        InspectorMsg::RankOf,
        InspectorMsg::NoRank,
        InspectorMsg::Blank,
        InspectorMsg::NotComputable,
        InspectorMsg::PrintedFairShare,
        InspectorMsg::WhyTitle,
        InspectorMsg::WhyIntro,
        InspectorMsg::WhyPartial,
        InspectorMsg::WhyLevel,
        InspectorMsg::WhyLevelAlone,
        InspectorMsg::WhyAheadRatio,
        InspectorMsg::WhyAhead,
        InspectorMsg::WhyAheadEqual,
        InspectorMsg::WhyBehindRatio,
        InspectorMsg::WhyBehind,
        InspectorMsg::WhyBehindEqual,
        InspectorMsg::WhyNoLevelFs,
        InspectorMsg::ArtefactTie,
        InspectorMsg::ArtefactNoTie,
        InspectorMsg::ArtefactOrder,
    ];

    fn en(self) -> &'static str {
        match self {
            InspectorMsg::NothingSelected => {
                "Select an association in the tree (click it, or press Enter on it) to change it here."
            }
            InspectorMsg::FindPointer => {
                "Looking for someone? Type a user or account name into “{find}” above the tree."
            }
            InspectorMsg::HeadingUser => "User {user} in {account}",
            InspectorMsg::HeadingAccount => "Account {account}",
            InspectorMsg::HeadingRoot => "The root account {account}",
            InspectorMsg::Name => "Name",
            InspectorMsg::Shares => "Shares",
            InspectorMsg::FairShareParent => "FairShare=parent",
            InspectorMsg::FairShareParentHelp => {
                "Use the parent's fairshare: a user gets Level FS inf, an account's children are ranked with its parent's."
            }
            InspectorMsg::RawUsage => "Raw usage",
            InspectorMsg::RawUsageUnit => {
                "TRES-seconds (billing-weighted, decayed) = {hours} TRES-hours"
            }
            InspectorMsg::AccountUsage => {
                "Raw usage, the sum of its users': {usage} TRES-seconds = {hours} TRES-hours"
            }
            InspectorMsg::AccountUsageWithKept => {
                "Raw usage, the sum of its users' and of the usage kept from removed users in it: {usage} TRES-seconds = {hours} TRES-hours"
            }
            InspectorMsg::RetainedUsage => {
                "Usage kept from removed users: {usage} TRES-seconds = {hours} TRES-hours, counted in this account's raw usage (Slurm 22.05 and later keep a removed user's usage on its account)"
            }
            InspectorMsg::AddUser => "Add user",
            InspectorMsg::AddAccount => "Add account",
            InspectorMsg::Delete => "Delete",
            InspectorMsg::DeleteHelp => {
                "Delete removes the selected user or account and everything under it. Its usage stays with the parent account (as Slurm 22.05 and later keep it), so the parent's raw usage and the Level FS of the other members are unchanged."
            }
            InspectorMsg::MoveTo => "Move to",
            InspectorMsg::MoveFilter => "Filter the Move to menu",
            InspectorMsg::AddHelp => {
                "New users and accounts go under the selected account (or the selected user's account)."
            }
            InspectorMsg::ErrEmpty => {
                "Refused: the field is empty. The tree keeps its last valid state."
            }
            InspectorMsg::ErrNotANumber => {
                "Refused: that is not a number. The tree keeps its last valid state."
            }
            InspectorMsg::ErrNotWhole => {
                "Refused: shares must be a whole number from 0 to {max}. The tree keeps its last valid state."
            }
            InspectorMsg::ErrSharesNegative => {
                "Refused: shares cannot be negative; they go from 0 to {max}. The tree keeps its last valid state."
            }
            InspectorMsg::ErrSharesTooLarge => {
                "Refused: too large: shares go up to {max} (Slurm keeps them in 32 bits). The tree keeps its last valid state."
            }
            InspectorMsg::ErrUsageTooLarge => {
                "Refused: too large: raw usage must be below 2^64 (18446744073709551616), the largest RawUsage sshare prints. The tree keeps its last valid state."
            }
            InspectorMsg::ErrUsageNegative => {
                "Refused: raw usage cannot be negative. The tree keeps its last valid state."
            }
            InspectorMsg::ErrUsageTooLong => {
                "Refused: more than 100 characters; no usage needs that many. The tree keeps its last valid state."
            }
            InspectorMsg::ErrRefused => "Refused: {reason}. The tree keeps its last valid state.",
            InspectorMsg::Computed => "What Fair Tree computed",
            InspectorMsg::FactS => "S (NormShares)",
            InspectorMsg::FactU => "U (EffectvUsage)",
            InspectorMsg::FactLevelFs => "Level FS",
            InspectorMsg::FactRank => "Position",
            InspectorMsg::FactFairShare => "FairShare",
            InspectorMsg::LfRatio => "S / U = {s} / {u} = {lf}",
            InspectorMsg::LfNoUsage => "S / U = {s} / 0 = inf (no usage)",
            InspectorMsg::LfNoShares => "0 (no shares: S = 0)",
            InspectorMsg::LfParentUser => "inf (a FairShare=parent user; sshare prints it blank)",
            InspectorMsg::LfParentAccount => {
                "none: FairShare=parent, its children are ranked among its parent's"
            }
            InspectorMsg::LfRoot => "none (the root)",
            InspectorMsg::UnderServed => "under-served (LF > 1)",
            InspectorMsg::OverServed => "over-served (LF < 1)",
            InspectorMsg::ExactlyServed => "exactly its share (LF = 1)",
            InspectorMsg::RankOf => "{position} of {n} (Slurm rank {rank})",
            InspectorMsg::NoRank => "blank: Fair Tree ranks users only",
            InspectorMsg::NotComputable => "not computable from this output",
            InspectorMsg::PrintedFairShare => "{fairshare} as printed by Slurm",
            InspectorMsg::WhyTitle => "Why is my FairShare this?",
            InspectorMsg::WhyIntro => {
                "At each level from the root down, Slurm serves siblings in order of Level FS: every user under a sibling ahead is ranked before {user}."
            }
            InspectorMsg::WhyPartial => {
                "This output hides users, so FairShare itself is not computable; the Level FS of each level below is exact where its siblings are printed or inferred."
            }
            InspectorMsg::WhyLevel => {
                "Under {parent}: {own} has Level FS {lf}; of its {count} siblings, {ahead} ahead and {behind} behind."
            }
            InspectorMsg::WhyLevelAlone => {
                "Under {parent}: {own} has Level FS {lf} and no siblings: nothing to pass here."
            }
            InspectorMsg::WhyAheadRatio => {
                "Just ahead: {name}, Level FS {lf} ({ratio} times {own}'s)."
            }
            InspectorMsg::WhyAhead => "Just ahead: {name}, Level FS {lf}.",
            InspectorMsg::WhyAheadEqual => {
                "Just ahead: {name}, equal Level FS {lf} (Slurm's tie order put it first)."
            }
            InspectorMsg::WhyBehindRatio => {
                "Just behind: {name}, Level FS {lf} ({own}'s is {ratio} times it)."
            }
            InspectorMsg::WhyBehind => "Just behind: {name}, Level FS {lf}.",
            InspectorMsg::WhyBehindEqual => {
                "Just behind: {name}, equal Level FS {lf} (Slurm's tie order put it after)."
            }
            InspectorMsg::WhyNoLevelFs => "none",
            InspectorMsg::Blank => "blank (sshare prints nothing)",
            InspectorMsg::ArtefactTie => {
                "80-bit rounding: this tie with {sibling} exists only in long double arithmetic."
            }
            InspectorMsg::ArtefactNoTie => {
                "80-bit rounding: mathematically equal to {sibling}, but not in long double, so no tie."
            }
            InspectorMsg::ArtefactOrder => {
                "80-bit rounding: sorted after {sibling}, though mathematically its Level FS is higher."
            }
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            InspectorMsg::NothingSelected => {
                "ツリーで association を選ぶ（クリックまたは Enter）と、ここで変更できます。"
            }
            InspectorMsg::FindPointer => {
                "誰かを探すときは、ツリーの上の「{find}」にユーザー名かアカウント名を入力します。"
            }
            InspectorMsg::HeadingUser => "{account} のユーザー {user}",
            InspectorMsg::HeadingAccount => "アカウント {account}",
            InspectorMsg::HeadingRoot => "ルートアカウント {account}",
            InspectorMsg::Name => "名前",
            InspectorMsg::Shares => "Shares",
            InspectorMsg::FairShareParent => "FairShare=parent",
            InspectorMsg::FairShareParentHelp => {
                "親の fairshare を使う: ユーザーは Level FS が inf に、アカウントの子は親の子と一緒に順位付けされます。"
            }
            InspectorMsg::RawUsage => "使用量（RawUsage）",
            InspectorMsg::RawUsageUnit => "TRES 秒（billing 重み付き、減衰後）= {hours} TRES 時間",
            InspectorMsg::AccountUsage => {
                "使用量 RawUsage（ユーザーの合計）: {usage} TRES 秒 = {hours} TRES 時間"
            }
            InspectorMsg::AccountUsageWithKept => {
                "使用量 RawUsage（ユーザーと、配下で削除されたユーザーから引き継いだ使用量の合計）: {usage} TRES 秒 = {hours} TRES 時間"
            }
            InspectorMsg::RetainedUsage => {
                "削除されたユーザーから引き継いだ使用量: {usage} TRES 秒 = {hours} TRES 時間。このアカウントの使用量に含まれます（Slurm 22.05 以降、削除したユーザーの使用量はアカウントに残ります）"
            }
            InspectorMsg::AddUser => "ユーザーを追加",
            InspectorMsg::AddAccount => "アカウントを追加",
            InspectorMsg::Delete => "削除",
            InspectorMsg::DeleteHelp => {
                "削除すると、選択中のユーザーまたはアカウントとその下のすべてが消えます。その使用量は親アカウントに残る（Slurm 22.05 以降と同じ）ため、親の使用量とほかのメンバーの Level FS は変わりません。"
            }
            InspectorMsg::MoveTo => "移動先",
            InspectorMsg::MoveFilter => "移動先の一覧を絞り込む",
            InspectorMsg::AddHelp => {
                "新しいユーザーやアカウントは、選択中のアカウント（ユーザーならそのアカウント）の下に追加されます。"
            }
            InspectorMsg::ErrEmpty => {
                "受け付けません: 空欄です。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrNotANumber => {
                "受け付けません: 数値ではありません。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrNotWhole => {
                "受け付けません: shares は 0 から {max} までの整数です。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrSharesNegative => {
                "受け付けません: shares は負にできません（0 から {max} まで）。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrSharesTooLarge => {
                "受け付けません: 大きすぎます。shares の上限は {max} です（Slurm は 32 ビットで保持）。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrUsageTooLarge => {
                "受け付けません: 大きすぎます。使用量は 2^64（18446744073709551616、sshare が出力する RawUsage の上限）未満でなければなりません。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrUsageNegative => {
                "受け付けません: 使用量は負にできません。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrUsageTooLong => {
                "受け付けません: 100 文字を超えています。そんなに長い使用量はありません。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::ErrRefused => {
                "受け付けません: {reason}。ツリーは最後の有効な状態のままです。"
            }
            InspectorMsg::Computed => "Fair Tree の計算結果",
            InspectorMsg::FactS => "S (NormShares)",
            InspectorMsg::FactU => "U (EffectvUsage)",
            InspectorMsg::FactLevelFs => "Level FS",
            InspectorMsg::FactRank => "順番",
            InspectorMsg::FactFairShare => "FairShare",
            InspectorMsg::LfRatio => "S / U = {s} / {u} = {lf}",
            InspectorMsg::LfNoUsage => "S / U = {s} / 0 = inf（使用量なし）",
            InspectorMsg::LfNoShares => "0（shares なし: S = 0）",
            InspectorMsg::LfParentUser => "inf（FairShare=parent のユーザー。sshare では空欄）",
            InspectorMsg::LfParentAccount => {
                "なし: FairShare=parent のため、子は親の子と一緒に順位付けされます"
            }
            InspectorMsg::LfRoot => "なし（ルート）",
            InspectorMsg::UnderServed => "割り当てより少ない使用 (LF > 1)",
            InspectorMsg::OverServed => "割り当てより多い使用 (LF < 1)",
            InspectorMsg::ExactlyServed => "割り当てどおり (LF = 1)",
            InspectorMsg::RankOf => "{n} 人中 {position} 番目（Slurm の rank {rank}）",
            InspectorMsg::NoRank => "空欄: Fair Tree はユーザーだけを順位付けします",
            InspectorMsg::NotComputable => "この出力からは計算できません",
            InspectorMsg::PrintedFairShare => "Slurm の表示: {fairshare}",
            InspectorMsg::WhyTitle => "なぜこの FairShare なのか？",
            InspectorMsg::WhyIntro => {
                "ルートから下へ各レベルで、Slurm は兄弟を Level FS の順に処理します。前にある兄弟の下のユーザーは全員 {user} より先に順位が付きます。"
            }
            InspectorMsg::WhyPartial => {
                "この出力はユーザーを隠しているため FairShare 自体は計算できません。下の各レベルの Level FS は、兄弟が表示または推定されていれば正確です。"
            }
            InspectorMsg::WhyLevel => {
                "{parent} の下: {own} の Level FS は {lf}。兄弟 {count} 件のうち前に {ahead} 件、後ろに {behind} 件。"
            }
            InspectorMsg::WhyLevelAlone => {
                "{parent} の下: {own} の Level FS は {lf}。兄弟はなく、ここで追い越す相手はいません。"
            }
            InspectorMsg::WhyAheadRatio => "すぐ前: {name}、Level FS {lf}（{own} の {ratio} 倍）。",
            InspectorMsg::WhyAhead => "すぐ前: {name}、Level FS {lf}。",
            InspectorMsg::WhyAheadEqual => {
                "すぐ前: {name}、Level FS は同じ {lf}（Slurm の同点時の順序で先）。"
            }
            InspectorMsg::WhyBehindRatio => {
                "すぐ後ろ: {name}、Level FS {lf}（{own} はその {ratio} 倍）。"
            }
            InspectorMsg::WhyBehind => "すぐ後ろ: {name}、Level FS {lf}。",
            InspectorMsg::WhyBehindEqual => {
                "すぐ後ろ: {name}、Level FS は同じ {lf}（Slurm の同点時の順序で後）。"
            }
            InspectorMsg::WhyNoLevelFs => "なし",
            InspectorMsg::Blank => "空欄（sshare は何も表示しません）",
            InspectorMsg::ArtefactTie => {
                "80 ビット丸め: {sibling} との同点は long double の演算でだけ生じます。"
            }
            InspectorMsg::ArtefactNoTie => {
                "80 ビット丸め: 数学的には {sibling} と等しいが、long double では等しくないため同点になりません。"
            }
            InspectorMsg::ArtefactOrder => {
                "80 ビット丸め: 数学的には Level FS が高いのに {sibling} の後に並びます。"
            }
        })
    }
}

/// Keys of the what-if summary ("who moved and why").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum WhatIfMsg {
    /// Region name.
    Region,
    /// Accessible name of the list.
    List,
    /// Nothing moved.
    Empty,
    /// How many users moved.
    Summary,
    /// Users added and removed against the baseline.
    AddedRemoved,
    /// Only the largest moves are listed.
    More,
    /// The button that lists the rest of the moves (the list starts with the first few).
    ShowRest,
    /// The reset button.
    ResetBaseline,
    /// Help of the reset button.
    ResetHelp,
    /// Moved up by `{delta}` ranks.
    Up,
    /// Moved down by `{delta}` ranks.
    Down,
    /// Same rank, different FairShare (N changed).
    Same,
    /// One row: user, ranks and FairShares.
    Row,
    /// Reason: the user's side passed a sibling.
    ReasonCrossedAbove,
    /// Reason: a sibling passed the user's side.
    ReasonCrossedBelow,
    /// Reason: the user's side now ties with the entry before it.
    ReasonTied,
    /// Reason: the user's side no longer ties.
    ReasonUntied,
    /// A Level FS that changed: old → new.
    LfChange,
    /// Reason: the number of users changed.
    ReasonUserCount,
    /// Reason: the documented tie rule is on.
    ReasonTieRule,
    /// A Level FS that did not exist before.
    LfNone,
}

impl Message for WhatIfMsg {
    const ALL: &'static [WhatIfMsg] = &[
        WhatIfMsg::Region,
        WhatIfMsg::List,
        WhatIfMsg::Empty,
        WhatIfMsg::Summary,
        WhatIfMsg::AddedRemoved,
        WhatIfMsg::More,
        WhatIfMsg::ShowRest,
        WhatIfMsg::ResetBaseline,
        WhatIfMsg::ResetHelp,
        WhatIfMsg::Up,
        WhatIfMsg::Down,
        WhatIfMsg::Same,
        WhatIfMsg::Row,
        WhatIfMsg::ReasonCrossedAbove,
        WhatIfMsg::ReasonCrossedBelow,
        WhatIfMsg::ReasonTied,
        WhatIfMsg::ReasonUntied,
        WhatIfMsg::LfChange,
        WhatIfMsg::ReasonUserCount,
        WhatIfMsg::ReasonTieRule,
        WhatIfMsg::LfNone,
    ];

    fn en(self) -> &'static str {
        match self {
            WhatIfMsg::Region => "What if",
            WhatIfMsg::List => "Who moved and why",
            WhatIfMsg::Empty => {
                "No user changed rank against the baseline. Change a share or a usage to see who moves."
            }
            WhatIfMsg::Summary => "{n} users changed rank against the baseline.",
            WhatIfMsg::AddedRemoved => {
                "{added} users added and {removed} removed since the baseline."
            }
            WhatIfMsg::More => "The {shown} largest moves are listed.",
            WhatIfMsg::ShowRest => "List {rest} more",
            WhatIfMsg::ResetBaseline => "Reset baseline",
            WhatIfMsg::ResetHelp => "Measure later changes against the scenario as it is now.",
            WhatIfMsg::Up => "↑ {delta}",
            WhatIfMsg::Down => "↓ {delta}",
            WhatIfMsg::Same => "= 0",
            WhatIfMsg::Row => {
                "{user} in {account}: position {old} → {new}, FairShare {old_fs} → {new_fs}"
            }
            WhatIfMsg::ReasonCrossedAbove => {
                "Now above {group}: under {parent}, {first} (Level FS {lf1}) goes before {second} (Level FS {lf2})."
            }
            WhatIfMsg::ReasonCrossedBelow => {
                "Now below {group}: under {parent}, {first} (Level FS {lf1}) goes before {second} (Level FS {lf2})."
            }
            WhatIfMsg::ReasonTied => {
                "Under {parent}, {child} now has exactly the Level FS of the entry before it, so it shares that rank."
            }
            WhatIfMsg::ReasonUntied => {
                "Under {parent}, {child} no longer ties with the entry before it."
            }
            WhatIfMsg::LfChange => "{old} → {new}",
            WhatIfMsg::ReasonUserCount => {
                "The number of users changed (N {old} → {new}), and FairShare = rank / N."
            }
            WhatIfMsg::ReasonTieRule => {
                "The documented tie rule merges tied accounts; the baseline uses Slurm's code."
            }
            WhatIfMsg::LfNone => "none",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            WhatIfMsg::Region => "もしも",
            WhatIfMsg::List => "順位が動いたユーザーとその理由",
            WhatIfMsg::Empty => {
                "基準と比べて順位が変わったユーザーはいません。shares や使用量を変えると誰が動くかが分かります。"
            }
            WhatIfMsg::Summary => "基準と比べて {n} 人の順位が変わりました。",
            WhatIfMsg::AddedRemoved => "基準から {added} 人追加、{removed} 人削除されました。",
            WhatIfMsg::More => "変動の大きい {shown} 人を示します。",
            WhatIfMsg::ShowRest => "残り {rest} 人を表示",
            WhatIfMsg::ResetBaseline => "基準をリセット",
            WhatIfMsg::ResetHelp => "今のシナリオを、これからの変更を比べる基準にします。",
            WhatIfMsg::Up => "↑ {delta}",
            WhatIfMsg::Down => "↓ {delta}",
            WhatIfMsg::Same => "= 0",
            WhatIfMsg::Row => {
                "{account} の {user}: 順番 {old} → {new}、FairShare {old_fs} → {new_fs}"
            }
            WhatIfMsg::ReasonCrossedAbove => {
                "{group}より上になりました: {parent} の下で {first} (Level FS {lf1}) が {second} (Level FS {lf2}) より先です。"
            }
            WhatIfMsg::ReasonCrossedBelow => {
                "{group}より下になりました: {parent} の下で {first} (Level FS {lf1}) が {second} (Level FS {lf2}) より先です。"
            }
            WhatIfMsg::ReasonTied => {
                "{parent} の下で {child} の Level FS が直前のエントリと完全に等しくなり、同じ順位になりました。"
            }
            WhatIfMsg::ReasonUntied => {
                "{parent} の下で {child} は直前のエントリと同点ではなくなりました。"
            }
            WhatIfMsg::LfChange => "{old} → {new}",
            WhatIfMsg::ReasonUserCount => {
                "ユーザー数が変わりました (N {old} → {new})。FairShare = 順位 / N です。"
            }
            WhatIfMsg::ReasonTieRule => {
                "ドキュメントの同点ルールは同点のアカウントを統合します。基準は Slurm のコードどおりです。"
            }
            WhatIfMsg::LfNone => "なし",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::InspectorMsg>().unwrap();
        super::super::check_table::<super::WhatIfMsg>().unwrap();
    }
}
