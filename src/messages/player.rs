//! Strings of the ranking animation: its controls, its panels, the pseudo-code and the
//! narration templates (filled by `crate::player::narration`).
//!
//! Slurm's words (Level FS, FairShare, S, U, N, NO_VAL) keep Slurm's spelling in every language.

use super::Message;

/// Keys of the ranking animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum PlayerMsg {
    /// Button: start playing (UI contract name).
    Play,
    /// Button: the same button while playing (UI contract name).
    Pause,
    /// Button: one stop back (UI contract name).
    StepBack,
    /// Button: one stop forward (UI contract name).
    StepForward,
    /// Button: back to step 0 (UI contract name).
    Restart,
    /// Button: to the last step (UI contract name).
    JumpToEnd,
    /// Button: to the next step that ranks a user.
    NextRankedUser,
    /// The step slider's name (UI contract name).
    Slider,
    /// The slider's value text and the position readout.
    StepOf,
    /// The position readout when the finished ranking is shown (no walk on screen).
    StepFinished,
    /// The speed control's name (UI contract name).
    Speed,
    /// One speed option, `{speed}` being a multiplier such as 0.25.
    SpeedOption,
    /// Legend of the granularity choice.
    Granularity,
    /// Granularity: one stop per sibling group.
    GranularityGroup,
    /// Granularity: one stop per visit or comparison.
    GranularityVisit,
    /// Checkbox: play only the steps that decide the selected user's rank.
    MyPath,
    /// Shown next to "My path" when no user is selected.
    MyPathHint,
    /// Shown next to "My path" when a user is selected.
    MyPathFor,
    /// The keyboard shortcuts, in one line.
    KeysHint,

    /// Heading of the sibling-group panel.
    GroupTitle,
    /// Heading of the sibling-group panel when accounts were merged (documented tie rule).
    GroupTitleMerged,
    /// Shown when no sibling group has been computed yet.
    GroupNone,
    /// Caption while the group is still in list order.
    GroupUnsorted,
    /// Caption once the group is sorted.
    GroupSorted,
    /// Column header: the member's name.
    ColName,
    /// Column header: S.
    ColS,
    /// Column header: U.
    ColU,
    /// Column header: LF = S / U.
    ColLf,
    /// Column header: the rank given so far.
    ColRank,
    /// Column header: why this member follows the previous one.
    ColOrder,
    /// The LF cell of a FairShare=parent account (no Level FS of its own).
    LfParent,
    /// Order note: a lower Level FS than the previous member.
    ReasonHigherLevelFs,
    /// Order note: equal Level FS, users before accounts.
    ReasonUserBeforeAccount,
    /// Order note: equal Level FS, Slurm's list order.
    ReasonListOrder,

    /// Heading of the counters panel.
    CountersTitle,
    /// Label: the rank counter.
    CounterRank,
    /// Label: the rank-no-ties counter.
    CounterRankNoTies,
    /// Label: N.
    CounterN,
    /// The FairShare of the user just ranked.
    FairShareOf,
    /// Shown when the last step did not rank a user.
    FairShareNone,
    /// Shown when the rank just given was reused, with the tie rule.
    RankReused,
    /// Tie rule: equal Level FS to the previous sibling.
    TieEqualToPrevious,
    /// Tie rule: a tie carried into an account.
    TieCarriedIntoAccount,
    /// Tie rule: equal to the start value NO_VAL.
    TieEqualToStartValue,
    /// Label of the walk's stack.
    PathLabel,

    /// Heading of the pseudo-code panel.
    PseudoTitle,
    /// Pseudo-code: the start.
    PseudoStart,
    /// Pseudo-code: entering an account.
    PseudoEnter,
    /// Pseudo-code: computing Level FS.
    PseudoCompute,
    /// Pseudo-code: sorting.
    PseudoSort,
    /// Pseudo-code: the loop over the sorted children.
    PseudoLoop,
    /// Pseudo-code: the tie test.
    PseudoTied,
    /// Pseudo-code: ranking a user.
    PseudoRank,
    /// Pseudo-code: descending into an account (Slurm's code).
    PseudoRecurse,
    /// Pseudo-code: descending into an account (documented tie rule).
    PseudoRecurseMerged,
    /// Pseudo-code: leaving.
    PseudoLeave,

    /// Narration: the finished ranking is shown.
    NarrFinished,
    /// Narration: the finished order of a partial tree (printed users and stand-ins).
    NarrFinishedPartial,
    /// Narration: step 0.
    NarrReady,
    /// Narration: the run starts.
    NarrStarted,
    /// Narration: the run of a partial tree starts (N is not the cluster's).
    NarrStartedPartial,
    /// Narration: the root is entered.
    NarrEnterRoot,
    /// Narration: an account is entered.
    NarrEnter,
    /// Narration: an account with infinite Level FS is entered.
    NarrEnterInf,
    /// Narration: a FairShare=parent account is entered (its users were sorted one level up).
    NarrEnterParentShares,
    /// Narration: an account is entered tied with the user before it.
    NarrEnterTiedUser,
    /// Narration: an account is entered tied with the account before it (Slurm: no merge).
    NarrEnterTiedAccount,
    /// Narration: an account is entered with a tie carried from its parent.
    NarrEnterCarried,
    /// Narration: an account counts as tied with the start value.
    NarrEnterStartValue,
    /// Narration: tied accounts merged (documented rule).
    NarrEnterMerged,
    /// Narration: Level FS computed for a group.
    NarrComputed,
    /// Narration: Level FS computed for a one-member group.
    NarrComputedOne,
    /// Narration: a group sorted, nothing special.
    NarrSorted,
    /// Narration: a one-member group.
    NarrSortedOne,
    /// Narration: a group sorted where a member without usage leads.
    NarrSortedInf,
    /// Narration: a group sorted where a user precedes an account with equal Level FS.
    NarrSortedUserFirst,
    /// Narration: a group sorted where equal Level FS kept Slurm's list order.
    NarrSortedListOrder,
    /// Narration: a user ranked.
    NarrRanked,
    /// Narration: a user reuses the previous sibling's rank.
    NarrRankedTie,
    /// A user placed on a partial tree: no FairShare.
    NarrRankedPartial,
    /// Counters on a partial tree.
    FairShareNotComputable,
    /// Narration: a user reuses a rank because its account was entered tied with a user.
    NarrRankedUsersFirst,
    /// Narration: a user reuses a rank because Slurm did not merge its tied account.
    NarrRankedUnmerged,
    /// Narration: a user reuses a rank through a tie carried down several accounts.
    NarrRankedCarried,
    /// Narration: a user reuses a rank because its Level FS equals NO_VAL.
    NarrRankedStartValue,
    /// Narration: an account is done.
    NarrLeft,
    /// Narration: the walk is done.
    NarrLeftRoot,
    /// Narration: the walk of a partial tree is done.
    NarrLeftRootPartial,
    /// Joins the last two names of a list ("a and b").
    ListAnd,
}

impl Message for PlayerMsg {
    const ALL: &'static [PlayerMsg] = &[
        PlayerMsg::Play,
        PlayerMsg::Pause,
        PlayerMsg::StepBack,
        PlayerMsg::StepForward,
        PlayerMsg::Restart,
        PlayerMsg::JumpToEnd,
        PlayerMsg::NextRankedUser,
        PlayerMsg::Slider,
        PlayerMsg::StepOf,
        PlayerMsg::StepFinished,
        PlayerMsg::Speed,
        PlayerMsg::SpeedOption,
        PlayerMsg::Granularity,
        PlayerMsg::GranularityGroup,
        PlayerMsg::GranularityVisit,
        PlayerMsg::MyPath,
        PlayerMsg::MyPathHint,
        PlayerMsg::MyPathFor,
        PlayerMsg::KeysHint,
        PlayerMsg::GroupTitle,
        PlayerMsg::GroupTitleMerged,
        PlayerMsg::GroupNone,
        PlayerMsg::GroupUnsorted,
        PlayerMsg::GroupSorted,
        PlayerMsg::ColName,
        PlayerMsg::ColS,
        PlayerMsg::ColU,
        PlayerMsg::ColLf,
        PlayerMsg::ColRank,
        PlayerMsg::ColOrder,
        PlayerMsg::LfParent,
        PlayerMsg::ReasonHigherLevelFs,
        PlayerMsg::ReasonUserBeforeAccount,
        PlayerMsg::ReasonListOrder,
        PlayerMsg::CountersTitle,
        PlayerMsg::CounterRank,
        PlayerMsg::CounterRankNoTies,
        PlayerMsg::CounterN,
        PlayerMsg::FairShareOf,
        PlayerMsg::FairShareNone,
        PlayerMsg::RankReused,
        PlayerMsg::TieEqualToPrevious,
        PlayerMsg::TieCarriedIntoAccount,
        PlayerMsg::TieEqualToStartValue,
        PlayerMsg::PathLabel,
        PlayerMsg::PseudoTitle,
        PlayerMsg::PseudoStart,
        PlayerMsg::PseudoEnter,
        PlayerMsg::PseudoCompute,
        PlayerMsg::PseudoSort,
        PlayerMsg::PseudoLoop,
        PlayerMsg::PseudoTied,
        PlayerMsg::PseudoRank,
        PlayerMsg::PseudoRecurse,
        PlayerMsg::PseudoRecurseMerged,
        PlayerMsg::PseudoLeave,
        PlayerMsg::NarrFinished,
        PlayerMsg::NarrFinishedPartial,
        PlayerMsg::NarrReady,
        PlayerMsg::NarrStarted,
        PlayerMsg::NarrStartedPartial,
        PlayerMsg::NarrEnterRoot,
        PlayerMsg::NarrEnter,
        PlayerMsg::NarrEnterInf,
        PlayerMsg::NarrEnterParentShares,
        PlayerMsg::NarrEnterTiedUser,
        PlayerMsg::NarrEnterTiedAccount,
        PlayerMsg::NarrEnterCarried,
        PlayerMsg::NarrEnterStartValue,
        PlayerMsg::NarrEnterMerged,
        PlayerMsg::NarrComputed,
        PlayerMsg::NarrComputedOne,
        PlayerMsg::NarrSorted,
        PlayerMsg::NarrSortedOne,
        PlayerMsg::NarrSortedInf,
        PlayerMsg::NarrSortedUserFirst,
        PlayerMsg::NarrSortedListOrder,
        PlayerMsg::NarrRanked,
        PlayerMsg::NarrRankedTie,
        PlayerMsg::NarrRankedPartial,
        PlayerMsg::FairShareNotComputable,
        PlayerMsg::NarrRankedUsersFirst,
        PlayerMsg::NarrRankedUnmerged,
        PlayerMsg::NarrRankedCarried,
        PlayerMsg::NarrRankedStartValue,
        PlayerMsg::NarrLeft,
        PlayerMsg::NarrLeftRoot,
        PlayerMsg::NarrLeftRootPartial,
        PlayerMsg::ListAnd,
    ];

    fn en(self) -> &'static str {
        match self {
            PlayerMsg::Play => "Play",
            PlayerMsg::Pause => "Pause",
            PlayerMsg::StepBack => "Step back",
            PlayerMsg::StepForward => "Step forward",
            PlayerMsg::Restart => "Restart",
            PlayerMsg::JumpToEnd => "Jump to end",
            PlayerMsg::NextRankedUser => "Next ranked user",
            PlayerMsg::Slider => "Step",
            PlayerMsg::StepOf => "Step {k} of {n}",
            PlayerMsg::StepFinished => "Finished ranking ({n} steps)",
            PlayerMsg::Speed => "Speed",
            PlayerMsg::SpeedOption => "{speed}×",
            PlayerMsg::Granularity => "Granularity",
            PlayerMsg::GranularityGroup => "One step per sibling group",
            PlayerMsg::GranularityVisit => "One step per visit or comparison",
            PlayerMsg::MyPath => "My path",
            PlayerMsg::MyPathHint => {
                "Select a user in the tree to play only the steps that decide its rank."
            }
            PlayerMsg::MyPathFor => "Only the {n} steps that decide {user}'s rank.",
            PlayerMsg::KeysHint => {
                "Keys: Space plays or pauses, ← and → step, Home and End jump to the start and the end."
            }
            PlayerMsg::GroupTitle => "Sibling group of {parent}",
            PlayerMsg::GroupTitleMerged => "Merged sibling group of {parents}",
            PlayerMsg::GroupNone => "No sibling group computed yet.",
            PlayerMsg::GroupUnsorted => "List order: Level FS computed, not sorted yet.",
            PlayerMsg::GroupSorted => "Visiting order: highest Level FS first.",
            PlayerMsg::ColName => "Name",
            PlayerMsg::ColS => "S",
            PlayerMsg::ColU => "U",
            PlayerMsg::ColLf => "LF = S / U",
            PlayerMsg::ColRank => "Rank",
            PlayerMsg::ColOrder => "Why here",
            PlayerMsg::LfParent => "parent",
            PlayerMsg::ReasonHigherLevelFs => "after {previous}: lower Level FS",
            PlayerMsg::ReasonUserBeforeAccount => {
                "after {previous}: equal Level FS, users before accounts"
            }
            PlayerMsg::ReasonListOrder => "after {previous}: equal Level FS, Slurm's list order",
            PlayerMsg::CountersTitle => "Rank counters",
            PlayerMsg::CounterRank => "rank",
            PlayerMsg::CounterRankNoTies => "rank-no-ties",
            PlayerMsg::CounterN => "N",
            PlayerMsg::FairShareOf => "FairShare of {user} = {rank} / {n} = {fairshare}",
            PlayerMsg::FairShareNone => "No user ranked at this step.",
            PlayerMsg::RankReused => "Rank reused: {rule}.",
            PlayerMsg::TieEqualToPrevious => "equal Level FS to the previous sibling",
            PlayerMsg::TieCarriedIntoAccount => "a tie carried into the account",
            PlayerMsg::TieEqualToStartValue => "Level FS equal to the start value NO_VAL",
            PlayerMsg::PathLabel => "Path from the root",
            PlayerMsg::PseudoTitle => "Fair Tree, step by step",
            PlayerMsg::PseudoStart => "rank = rank_no_ties = N; visit(root, tied = false)",
            PlayerMsg::PseudoEnter => "visit(account, tied):",
            PlayerMsg::PseudoCompute => "for each child c: LF(c) = S(c) / U(c)",
            PlayerMsg::PseudoSort => {
                "sort the children by LF, highest first (users before accounts on equal LF)"
            }
            PlayerMsg::PseudoLoop => "for each child c in that order:",
            PlayerMsg::PseudoTied => {
                "tied = (c is first and the account is tied) or LF(c) == LF(previous)"
            }
            PlayerMsg::PseudoRank => {
                "if c is a user: if not tied: rank = rank_no_ties; FairShare(c) = rank / N; rank_no_ties -= 1"
            }
            PlayerMsg::PseudoRecurse => "else: visit(c, tied)",
            PlayerMsg::PseudoRecurseMerged => {
                "else: visit(c merged with the next accounts of equal LF, tied)"
            }
            PlayerMsg::PseudoLeave => "return",
            PlayerMsg::NarrFinished => {
                "The finished ranking of {n} users. Press Play or Step forward to watch the walk that produced it."
            }
            PlayerMsg::NarrFinishedPartial => {
                "The finished order of the entries in this output (printed users: {known}; \"hidden in\" entries, each standing for one account's hidden users: {hidden}). Press Play or Step forward to watch the walk that produced it."
            }
            PlayerMsg::NarrReady => {
                "Step 0: nothing is computed yet. Fair Tree will compute Level FS group by group, sort each group and rank users as its walk finds them."
            }
            PlayerMsg::NarrStarted => {
                "Fair Tree starts at {root} with N = {n} users, so rank and rank-no-ties both start at {n}."
            }
            PlayerMsg::NarrStartedPartial => {
                "Fair Tree starts at {root}. This output hides users (printed users: {known}; \"hidden in\" entries, each standing for one account's hidden users: {hidden}), so Slurm's N is unknown; the counter starts at {n}, one per entry."
            }
            PlayerMsg::NarrEnterRoot => {
                "Enter {account}, the top of the tree, to handle its children."
            }
            PlayerMsg::NarrEnter => {
                "Enter account {account} (Level FS {lf}) to rank the users below it."
            }
            PlayerMsg::NarrEnterInf => {
                "Enter account {account}: it has no usage, so its Level FS is infinite and it comes before its siblings that have usage."
            }
            PlayerMsg::NarrEnterParentShares => {
                "Enter account {account}: it has FairShare=parent, so its users were sorted among its parent's children and nothing is left to rank in it."
            }
            PlayerMsg::NarrEnterTiedUser => {
                "{account} is entered tied with {previous} (equal Level FS, users before accounts), so its first user will reuse {previous}'s rank."
            }
            PlayerMsg::NarrEnterTiedAccount => {
                "Slurm does not merge tied accounts: {account} has the same Level FS as {previous}, so it starts tied and its first user will reuse the last rank."
            }
            PlayerMsg::NarrEnterCarried => {
                "{account} comes first in {outer}, which was entered tied, so the tie carries into {account}."
            }
            PlayerMsg::NarrEnterStartValue => {
                "{account} counts as tied: its Level FS equals the start value NO_VAL (a FairShare=parent account listed first), and its own list is empty."
            }
            PlayerMsg::NarrEnterMerged => {
                "Documented tie rule: {account} and {merged} have the same Level FS, so their children are merged into one sibling group."
            }
            PlayerMsg::NarrComputed => "Compute Level FS = S / U for the {n} children of {parent}.",
            PlayerMsg::NarrComputedOne => {
                "Compute Level FS = S / U for {child}, the only child of {parent}."
            }
            PlayerMsg::NarrSorted => {
                "Sort {parent}'s children by Level FS, highest first: {order}."
            }
            PlayerMsg::NarrSortedOne => "{parent} has one child, {child}: nothing to sort.",
            PlayerMsg::NarrSortedInf => {
                "In {parent}, {first} has no usage, so its Level FS is infinite and it is visited before {second}."
            }
            PlayerMsg::NarrSortedUserFirst => {
                "In {parent}, {user} and {account} have equal Level FS, so {user} goes first (users before accounts)."
            }
            PlayerMsg::NarrSortedListOrder => {
                "In {parent}, {first} and {second} have equal Level FS, so Slurm keeps its list order and {first} goes first."
            }
            PlayerMsg::NarrRanked => {
                "{user} takes position {position} of {n} (Slurm rank {rank}, the current rank-no-ties): FairShare = {rank} / {n} = {fairshare}."
            }
            PlayerMsg::NarrRankedPartial => {
                "{user} is placed next, at counter {rank} of this output's entries (printed users: {known}; \"hidden in\" entries: {hidden}). That is not Slurm's rank or FairShare: the output hides users, so FairShare is not computable from it."
            }
            PlayerMsg::FairShareNotComputable => {
                "{user} placed; FairShare not computable from this output"
            }
            PlayerMsg::NarrRankedTie => {
                "{user} reuses rank {rank} because its Level FS equals {previous}'s: FairShare = {fairshare}."
            }
            PlayerMsg::NarrRankedUsersFirst => {
                "{user} reuses rank {rank} because {account} was entered tied with {previous} (users before accounts)."
            }
            PlayerMsg::NarrRankedUnmerged => {
                "Slurm does not merge tied accounts: {account} starts tied, so {user} reuses {last}'s rank {rank}."
            }
            PlayerMsg::NarrRankedCarried => {
                "{user} reuses {last}'s rank {rank}: the tie {account} was entered with carries into its first entry."
            }
            PlayerMsg::NarrRankedStartValue => {
                "{user} reuses rank {rank}: its Level FS equals the start value NO_VAL."
            }
            PlayerMsg::NarrLeft => "{account} is done; back to {parent}.",
            PlayerMsg::NarrLeftRoot => "The walk is done: all {n} users have a rank.",
            PlayerMsg::NarrLeftRootPartial => {
                "The walk is done: every entry of this output is placed (printed users: {known}; \"hidden in\" entries: {hidden})."
            }
            PlayerMsg::ListAnd => "{rest} and {last}",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            PlayerMsg::Play => "再生",
            PlayerMsg::Pause => "一時停止",
            PlayerMsg::StepBack => "1ステップ戻る",
            PlayerMsg::StepForward => "1ステップ進む",
            PlayerMsg::Restart => "最初から",
            PlayerMsg::JumpToEnd => "最後へ",
            PlayerMsg::NextRankedUser => "次に順位が付くユーザー",
            PlayerMsg::Slider => "ステップ",
            PlayerMsg::StepOf => "ステップ {k} / {n}",
            PlayerMsg::StepFinished => "完成した順位（{n} ステップ）",
            PlayerMsg::Speed => "速度",
            PlayerMsg::SpeedOption => "{speed}×",
            PlayerMsg::Granularity => "細かさ",
            PlayerMsg::GranularityGroup => "兄弟グループごとに1ステップ",
            PlayerMsg::GranularityVisit => "訪問・比較ごとに1ステップ",
            PlayerMsg::MyPath => "自分の経路",
            PlayerMsg::MyPathHint => {
                "ツリーでユーザーを選ぶと、その順位を決めるステップだけを再生します。"
            }
            PlayerMsg::MyPathFor => "{user} の順位を決める {n} ステップだけを再生します。",
            PlayerMsg::KeysHint => {
                "キー: Space で再生・一時停止、← → で1ステップ、Home と End で最初と最後へ。"
            }
            PlayerMsg::GroupTitle => "{parent} の兄弟グループ",
            PlayerMsg::GroupTitleMerged => "{parents} を併合した兄弟グループ",
            PlayerMsg::GroupNone => "まだ兄弟グループは計算されていません。",
            PlayerMsg::GroupUnsorted => "リスト順: Level FS は計算済み、まだ並べ替えていません。",
            PlayerMsg::GroupSorted => "訪問順: Level FS の高い順。",
            PlayerMsg::ColName => "名前",
            PlayerMsg::ColS => "S",
            PlayerMsg::ColU => "U",
            PlayerMsg::ColLf => "LF = S / U",
            PlayerMsg::ColRank => "順位",
            PlayerMsg::ColOrder => "この位置の理由",
            PlayerMsg::LfParent => "parent",
            PlayerMsg::ReasonHigherLevelFs => "{previous} の次: Level FS が低い",
            PlayerMsg::ReasonUserBeforeAccount => {
                "{previous} の次: Level FS が同じで、ユーザーがアカウントより先"
            }
            PlayerMsg::ReasonListOrder => "{previous} の次: Level FS が同じで、Slurm のリスト順",
            PlayerMsg::CountersTitle => "順位カウンター",
            PlayerMsg::CounterRank => "rank",
            PlayerMsg::CounterRankNoTies => "rank_no_ties",
            PlayerMsg::CounterN => "N",
            PlayerMsg::FairShareOf => "{user} の FairShare = {rank} / {n} = {fairshare}",
            PlayerMsg::FairShareNone => "このステップでは順位が付いていません。",
            PlayerMsg::RankReused => "順位の再利用: {rule}。",
            PlayerMsg::TieEqualToPrevious => "直前の兄弟と Level FS が等しい",
            PlayerMsg::TieCarriedIntoAccount => "同順位がアカウントの中へ引き継がれた",
            PlayerMsg::TieEqualToStartValue => "Level FS が初期値 NO_VAL と等しい",
            PlayerMsg::PathLabel => "ルートからの経路",
            PlayerMsg::PseudoTitle => "Fair Tree の手順",
            PlayerMsg::NarrFinished => {
                "{n} 人のユーザーの完成した順位です。再生または1ステップ進むで、その順位を生んだ巡回を見られます。"
            }
            PlayerMsg::NarrFinishedPartial => {
                "この出力に表示されたユーザー {known} 人と「非表示分」{hidden} 件（それぞれ 1 つのアカウントの表示されないユーザーの代わり）の完成した並びです。再生または1ステップ進むで、その並びを生んだ巡回を見られます。"
            }
            PlayerMsg::NarrReady => {
                "ステップ 0: まだ何も計算していません。Fair Tree はグループごとに Level FS を計算して並べ替え、巡回で見つけた順にユーザーへ順位を付けます。"
            }
            PlayerMsg::NarrStarted => {
                "Fair Tree は {root} から始まります。N = {n} 人なので、rank と rank_no_ties はどちらも {n} から始まります。"
            }
            PlayerMsg::NarrStartedPartial => {
                "Fair Tree は {root} から始まります。この出力はユーザー {known} 人を表示し、ほかを隠しています。「非表示分」{hidden} 件がそれぞれ 1 つのアカウントの隠れたユーザーの代わりなので、Slurm の N は分からず、カウンタは項目ごとに 1 つとして {n} から始まります。"
            }
            PlayerMsg::NarrEnterRoot => "ツリーの頂点 {account} に入り、その子を処理します。",
            PlayerMsg::NarrEnter => {
                "アカウント {account}（Level FS {lf}）に入り、その下のユーザーに順位を付けます。"
            }
            PlayerMsg::NarrEnterInf => {
                "アカウント {account} に入ります。使用量がないので Level FS は無限大で、使用量のある兄弟より先に来ます。"
            }
            PlayerMsg::NarrEnterParentShares => {
                "アカウント {account} に入ります。FairShare=parent なので、そのユーザーは親の子と一緒に並べ替え済みで、ここで順位を付ける相手は残っていません。"
            }
            PlayerMsg::NarrEnterTiedUser => {
                "{account} は {previous} と同順位で入ります（Level FS が同じで、ユーザーが先）。最初のユーザーは {previous} の順位を再利用します。"
            }
            PlayerMsg::NarrEnterTiedAccount => {
                "Slurm は同順位のアカウントを併合しません。{account} は {previous} と Level FS が同じなので同順位で始まり、最初のユーザーは直前の順位を再利用します。"
            }
            PlayerMsg::NarrEnterCarried => {
                "{account} は同順位で入った {outer} の先頭なので、同順位が {account} に引き継がれます。"
            }
            PlayerMsg::NarrEnterStartValue => {
                "{account} は同順位と見なされます。Level FS が初期値 NO_VAL と等しく（先頭の FairShare=parent アカウント）、そのリストは空です。"
            }
            PlayerMsg::NarrEnterMerged => {
                "ドキュメントの同順位規則: {account} と {merged} は Level FS が同じなので、子が1つの兄弟グループに併合されます。"
            }
            PlayerMsg::NarrComputed => {
                "{parent} の {n} 個の子について Level FS = S / U を計算します。"
            }
            PlayerMsg::NarrComputedOne => {
                "{parent} の唯一の子 {child} について Level FS = S / U を計算します。"
            }
            PlayerMsg::NarrSorted => "{parent} の子を Level FS の高い順に並べ替えます: {order}。",
            PlayerMsg::NarrSortedOne => "{parent} の子は {child} だけなので、並べ替えは不要です。",
            PlayerMsg::NarrSortedInf => {
                "{parent} の中で {first} は使用量がないので Level FS が無限大になり、{second} より先に訪問されます。"
            }
            PlayerMsg::NarrSortedUserFirst => {
                "{parent} の中で {user} と {account} は Level FS が同じなので、{user} が先です（ユーザーがアカウントより先）。"
            }
            PlayerMsg::NarrSortedListOrder => {
                "{parent} の中で {first} と {second} は Level FS が同じなので、Slurm のリスト順のまま {first} が先です。"
            }
            PlayerMsg::NarrRanked => {
                "{user} は {n} 人中 {position} 番目（Slurm の rank {rank}、現在の rank_no_ties）になります: FairShare = {rank} / {n} = {fairshare}。"
            }
            PlayerMsg::NarrRankedPartial => {
                "{user} が次に置かれます（この出力の項目（表示されたユーザー {known} 人と「非表示分」{hidden} 件）の中でカウンタ {rank}）。これは Slurm の FairShare や順位ではありません。出力がユーザーを隠しているため、FairShare は計算できません。"
            }
            PlayerMsg::FairShareNotComputable => {
                "{user} を配置。FairShare はこの出力からは計算できません"
            }
            PlayerMsg::NarrRankedTie => {
                "{user} は Level FS が {previous} と等しいので順位 {rank} を再利用します: FairShare = {fairshare}。"
            }
            PlayerMsg::NarrRankedUsersFirst => {
                "{account} が {previous} と同順位で入ったので（ユーザーがアカウントより先）、{user} は順位 {rank} を再利用します。"
            }
            PlayerMsg::NarrRankedUnmerged => {
                "Slurm は同順位のアカウントを併合しません: {account} は同順位で始まるので、{user} は {last} の順位 {rank} を再利用します。"
            }
            PlayerMsg::NarrRankedCarried => {
                "{user} は {last} の順位 {rank} を再利用します: {account} が入ったときの同順位が先頭の子へ引き継がれます。"
            }
            PlayerMsg::NarrRankedStartValue => {
                "{user} は順位 {rank} を再利用します: Level FS が初期値 NO_VAL と等しいためです。"
            }
            PlayerMsg::NarrLeft => "{account} は完了しました。{parent} に戻ります。",
            PlayerMsg::NarrLeftRoot => "巡回が終わりました: {n} 人全員に順位が付きました。",
            PlayerMsg::NarrLeftRootPartial => {
                "巡回が終わりました: 表示されたユーザー {known} 人と「非表示分」{hidden} 件がすべて置かれました。"
            }
            PlayerMsg::ListAnd => "{rest}、{last}",
            // Pseudo-code: identifiers stay as they are, the words around them are Japanese.
            PlayerMsg::PseudoStart => return Some(self.en()),
            PlayerMsg::PseudoEnter => "visit(アカウント, tied):",
            PlayerMsg::PseudoCompute => "各子 c について: LF(c) = S(c) / U(c)",
            PlayerMsg::PseudoSort => "子を LF の高い順に並べる（LF が等しければユーザーが先）",
            PlayerMsg::PseudoLoop => "その順に各子 c について:",
            PlayerMsg::PseudoTied => {
                "tied = (c が先頭かつアカウントが tied) または LF(c) == LF(直前の子)"
            }
            PlayerMsg::PseudoRank => {
                "c がユーザーなら: tied でなければ rank = rank_no_ties; FairShare(c) = rank / N; rank_no_ties -= 1"
            }
            PlayerMsg::PseudoRecurse => "そうでなければ: visit(c, tied)",
            PlayerMsg::PseudoRecurseMerged => {
                "そうでなければ: visit(c と LF が等しい後続のアカウントをまとめて, tied)"
            }
            PlayerMsg::PseudoLeave => "戻る（return）",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_complete_and_consistent() {
        super::super::check_table::<PlayerMsg>().unwrap();
    }
}
