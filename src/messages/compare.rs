//! Strings of "why is B above me?" (the Compare region). Sentences are templates filled from
//! `fairshare::explain::Explanation` data, so every language can order the words its own way.

use super::Message;

/// Keys of the Compare region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum CompareMsg {
    /// Label of the "me" menu (the selected user).
    Me,
    /// Label of the other menu (UI contract: `Compare with`).
    CompareWith,
    /// Empty entry of a user menu.
    ChooseUser,
    /// A user in a menu: name and account.
    UserOption,
    /// Accessible name of a menu's filter field.
    FilterLabel,
    /// How many of the users a long menu lists.
    MenuCount,
    /// Button: compare with the user just before (one position earlier).
    JustAbove,
    /// Nobody comes before the selected user.
    NobodyAbove,
    /// Nothing to compare yet.
    PickTwo,
    /// Label: the first common ancestor.
    AncestorLabel,
    /// Label: the two children that decided.
    DecidingLabel,
    /// Label: the rule.
    RuleLabel,
    /// Label: the two positions.
    PositionsLabel,
    /// Label: the plain sentence.
    WhyLabel,
    /// One child with its Level FS.
    ChildLevelFs,
    /// `A` vs `B`.
    Versus,
    /// Rule: higher Level FS first.
    RuleHigher,
    /// Rule: users before accounts on equal Level FS.
    RuleUserFirst,
    /// Rule: list order on exactly equal Level FS.
    RuleListOrder,
    /// Rule: the documented merge of tied accounts.
    RuleMerged,
    /// One user's position (and Slurm's rank).
    RankLine,
    /// A user named with its account, inside sentences.
    UserInAccount,
    /// "every user under X".
    EveryUserUnder,
    /// Sentence: higher Level FS decided.
    SentenceHigher,
    /// Sentence: users before accounts decided.
    SentenceUserFirst,
    /// Sentence: list order decided.
    SentenceListOrder,
    /// Sentence: the documented rule merged the accounts.
    SentenceMerged,
    /// Sentence: different ranks.
    SentenceRanks,
    /// Sentence: the same rank, with a reason.
    SentenceSameRank,
    /// Tie reason: an account tied with the user before it.
    TieAccountAfterUser,
    /// Tie reason: Slurm's unmerged tied accounts.
    TieAccountAfterAccount,
    /// Tie reason: first entry of an account entered tied.
    TieFirstOfTiedAccount,
    /// Tie reason: exactly equal Level FS.
    TieEqual,
    /// Note: a FairShare=parent user.
    ParentNote,
    /// Note: the decision exists only because of 80-bit rounding.
    ArtefactNote,
    /// Level FS not set.
    LfUnset,
}

impl Message for CompareMsg {
    const ALL: &'static [CompareMsg] = &[
        CompareMsg::Me,
        CompareMsg::CompareWith,
        CompareMsg::ChooseUser,
        CompareMsg::UserOption,
        CompareMsg::FilterLabel,
        CompareMsg::MenuCount,
        CompareMsg::JustAbove,
        CompareMsg::NobodyAbove,
        CompareMsg::PickTwo,
        CompareMsg::AncestorLabel,
        CompareMsg::DecidingLabel,
        CompareMsg::RuleLabel,
        CompareMsg::PositionsLabel,
        CompareMsg::WhyLabel,
        CompareMsg::ChildLevelFs,
        CompareMsg::Versus,
        CompareMsg::RuleHigher,
        CompareMsg::RuleUserFirst,
        CompareMsg::RuleListOrder,
        CompareMsg::RuleMerged,
        CompareMsg::RankLine,
        CompareMsg::UserInAccount,
        CompareMsg::EveryUserUnder,
        CompareMsg::SentenceHigher,
        CompareMsg::SentenceUserFirst,
        CompareMsg::SentenceListOrder,
        CompareMsg::SentenceMerged,
        CompareMsg::SentenceRanks,
        CompareMsg::SentenceSameRank,
        CompareMsg::TieAccountAfterUser,
        CompareMsg::TieAccountAfterAccount,
        CompareMsg::TieFirstOfTiedAccount,
        CompareMsg::TieEqual,
        CompareMsg::ParentNote,
        CompareMsg::ArtefactNote,
        CompareMsg::LfUnset,
    ];

    fn en(self) -> &'static str {
        match self {
            CompareMsg::Me => "Me",
            CompareMsg::CompareWith => "Compare with",
            CompareMsg::ChooseUser => "(choose a user)",
            CompareMsg::UserOption => "{user} in {account}",
            CompareMsg::FilterLabel => "Find a user for {menu}",
            CompareMsg::MenuCount => "{shown} of {n} users listed; type to narrow the list.",
            CompareMsg::JustAbove => "The user just above me",
            CompareMsg::NobodyAbove => "Nobody comes before {user}: position 1, first served.",
            CompareMsg::PickTwo => {
                "Pick two users: yourself (select a user in the tree, or in Me) and someone to compare with."
            }
            CompareMsg::AncestorLabel => "First common ancestor",
            CompareMsg::DecidingLabel => "The two children that decided",
            CompareMsg::RuleLabel => "Rule",
            CompareMsg::PositionsLabel => "Positions (1 = first served)",
            CompareMsg::WhyLabel => "Why",
            CompareMsg::ChildLevelFs => "{name} (Level FS {lf})",
            CompareMsg::Versus => "{first} before {second}",
            CompareMsg::RuleHigher => "The higher Level FS goes first.",
            CompareMsg::RuleUserFirst => "Equal Level FS: users go before accounts.",
            CompareMsg::RuleListOrder => {
                "Exactly equal Level FS, same kind: Slurm keeps its list order."
            }
            CompareMsg::RuleMerged => {
                "Equal Level FS between accounts: the documented tie rule merges their users."
            }
            CompareMsg::RankLine => "{user}: position {position} of {n} (Slurm rank {rank})",
            CompareMsg::UserInAccount => "{user} (in {account})",
            CompareMsg::EveryUserUnder => "every user under {account}",
            CompareMsg::SentenceHigher => {
                "Under {ancestor}, {first} has Level FS {lf1} and {second} has Level FS {lf2}: higher goes first, so {first_group} comes before {second_group}."
            }
            CompareMsg::SentenceUserFirst => {
                "Under {ancestor}, {first} and {second} have the same Level FS ({lf1}); Slurm puts users before accounts, so {first} comes first."
            }
            CompareMsg::SentenceListOrder => {
                "Under {ancestor}, {first} and {second} have exactly the same Level FS ({lf1}); Slurm keeps its list order (users first, then names in byte order), so {first} is visited first."
            }
            CompareMsg::SentenceMerged => {
                "Under {ancestor}, accounts {first} and {second} have the same Level FS ({lf1}); under the documented tie rule their users are merged and sorted together."
            }
            CompareMsg::SentenceRanks => {
                "{first_user} is at position {position1} of {n}; {second_user} at position {position2}."
            }
            CompareMsg::SentenceSameRank => {
                "Both share position {position} of {n} (Slurm rank {rank}): {why}."
            }
            CompareMsg::TieAccountAfterUser => {
                "{account} ties with the user before it, so its first user, {user}, shares that user's position (as Slurm's documentation says)"
            }
            CompareMsg::TieAccountAfterAccount => {
                "{account} ties with the account before it; Slurm does not merge tied accounts (its documentation says it does), it visits them one after another and the later one's first user, {user}, reuses the last position given"
            }
            CompareMsg::TieFirstOfTiedAccount => {
                "{user} is the first entry of {account}, which was entered tied"
            }
            CompareMsg::TieEqual => "{user} has exactly the same Level FS as the entry before it",
            CompareMsg::ParentNote => {
                "{name} is FairShare=parent: a FairShare=parent user gets Level FS inf, so it goes before its siblings unless they tie."
            }
            CompareMsg::ArtefactNote => {
                "Exact arithmetic would decide this pair differently: the outcome comes from 80-bit rounding in Slurm's long double."
            }
            CompareMsg::LfUnset => "unset",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            CompareMsg::Me => "自分",
            CompareMsg::CompareWith => "比較相手",
            CompareMsg::ChooseUser => "（ユーザーを選択）",
            CompareMsg::UserOption => "{account} の {user}",
            CompareMsg::FilterLabel => "{menu}のユーザーを検索",
            CompareMsg::MenuCount => "{n} 人中 {shown} 人を表示中。入力すると絞り込めます。",
            CompareMsg::JustAbove => "すぐ上のユーザー",
            CompareMsg::NobodyAbove => {
                "{user} より前のユーザーはいません（1 番目、最初に処理されます）。"
            }
            CompareMsg::PickTwo => {
                "2 人のユーザーを選んでください: 自分（ツリーか「自分」で選択）と比較相手です。"
            }
            CompareMsg::AncestorLabel => "最初の共通祖先",
            CompareMsg::DecidingLabel => "順序を決めた 2 つの子",
            CompareMsg::RuleLabel => "規則",
            CompareMsg::PositionsLabel => "位置（1 = 最初に処理）",
            CompareMsg::WhyLabel => "理由",
            CompareMsg::ChildLevelFs => "{name} (Level FS {lf})",
            CompareMsg::Versus => "{first} が {second} より先",
            CompareMsg::RuleHigher => "Level FS が高い方が先です。",
            CompareMsg::RuleUserFirst => "Level FS が等しいとき、ユーザーがアカウントより先です。",
            CompareMsg::RuleListOrder => {
                "Level FS が完全に等しく種類も同じとき、Slurm はリストの順序を保ちます。"
            }
            CompareMsg::RuleMerged => {
                "アカウント同士で Level FS が等しいとき、ドキュメントの同点ルールはそのユーザーを統合します。"
            }
            CompareMsg::RankLine => "{user}: {n} 人中 {position} 番目（Slurm の rank {rank}）",
            CompareMsg::UserInAccount => "{user}（{account}）",
            CompareMsg::EveryUserUnder => "{account} の下の全ユーザー",
            CompareMsg::SentenceHigher => {
                "{ancestor} の下で、{first} の Level FS は {lf1}、{second} の Level FS は {lf2} です。高い方が先なので、{first_group}は{second_group}より前になります。"
            }
            CompareMsg::SentenceUserFirst => {
                "{ancestor} の下で、{first} と {second} の Level FS は同じ ({lf1}) です。Slurm はユーザーをアカウントより先に置くので、{first} が先です。"
            }
            CompareMsg::SentenceListOrder => {
                "{ancestor} の下で、{first} と {second} の Level FS は完全に同じ ({lf1}) です。Slurm はリストの順序（ユーザーが先、次に名前のバイト順）を保つので、{first} が先に訪問されます。"
            }
            CompareMsg::SentenceMerged => {
                "{ancestor} の下で、アカウント {first} と {second} の Level FS は同じ ({lf1}) です。ドキュメントの同点ルールでは、そのユーザーは統合されて一緒に並べ替えられます。"
            }
            CompareMsg::SentenceRanks => {
                "{first_user} は {n} 人中 {position1} 番目、{second_user} は {position2} 番目です。"
            }
            CompareMsg::SentenceSameRank => {
                "どちらも {n} 人中 {position} 番目（Slurm の rank {rank}）です: {why}。"
            }
            CompareMsg::TieAccountAfterUser => {
                "{account} は直前のユーザーと同点なので、その最初のユーザー {user} はそのユーザーと同じ位置になります（Slurm のドキュメントどおり）"
            }
            CompareMsg::TieAccountAfterAccount => {
                "{account} は直前のアカウントと同点です。Slurm は（ドキュメントと違って）同点のアカウントを統合せず順に訪問するので、後のアカウントの最初のユーザー {user} は最後に与えられた位置を再利用します"
            }
            CompareMsg::TieFirstOfTiedAccount => {
                "{user} は同点で入った {account} の最初のエントリです"
            }
            CompareMsg::TieEqual => "{user} の Level FS は直前のエントリと完全に同じです",
            CompareMsg::ParentNote => {
                "{name} は FairShare=parent です。FairShare=parent のユーザーは Level FS が inf になるので、同点でない限り兄弟より先です。"
            }
            CompareMsg::ArtefactNote => {
                "厳密な演算ではこの 2 つの順序は違います。この結果は Slurm の long double（80 ビット）の丸めによるものです。"
            }
            CompareMsg::LfUnset => "未設定",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::CompareMsg>().unwrap();
    }
}
