//! Strings of the classic panel (`classic_panel`) and the score legend (`score_legend`).
//!
//! Formula lines are templates: the symbols (S, UA, UE, F, s/L, d) stay as Slurm and the classic
//! page write them in every language; only the words around them are translated.

use super::Message;

/// Keys of the classic panel and the score legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum ClassicMsg {
    /// What the panel is.
    Intro,
    /// Shown when nothing is selected.
    SelectPrompt,
    /// Heading for the root.
    HeadingRoot,
    /// Heading for a user association.
    HeadingUser,
    /// Heading for an account.
    HeadingAccount,
    /// Section: normalized shares.
    SectionShares,
    /// Section: normalized usage.
    SectionUsageNorm,
    /// Section: effective usage.
    SectionUsage,
    /// Section: the factor.
    SectionFactor,
    /// S of the root.
    SharesRoot,
    /// S copied by FairShare=parent.
    SharesCopied,
    /// S as a product.
    SharesProduct,
    /// S as a product with a zero level sum.
    SharesProductZero,
    /// UA when root's usage is 0.
    UsageNormRootZero,
    /// UA capped at 1.
    UsageNormCapped,
    /// UA = usage / root usage.
    UsageNorm,
    /// UE of the root.
    UsageRoot,
    /// UE = UA in the first tier.
    UsageFirstTier,
    /// UE copied by FairShare=parent.
    UsageCopied,
    /// UE = UE_parent when L = 0.
    UsageZeroLevel,
    /// UE = UA + (UE_parent − UA) · s/L.
    UsageBlend,
    /// DEPTH_OBLIVIOUS fallback UE = UA.
    UsageDepthObliviousFallback,
    /// DEPTH_OBLIVIOUS: ratio_p.
    DepthObliviousRatioP,
    /// DEPTH_OBLIVIOUS: ratio_s.
    DepthObliviousRatioS,
    /// DEPTH_OBLIVIOUS: ratio_l.
    DepthObliviousRatioL,
    /// DEPTH_OBLIVIOUS: k = 1.
    DepthObliviousKOne,
    /// DEPTH_OBLIVIOUS: k from the formula.
    DepthObliviousK,
    /// DEPTH_OBLIVIOUS: UE.
    DepthObliviousUsage,
    /// F = 0 because S = 0.
    FactorZeroShares,
    /// F of a FairShare=parent association.
    FactorCopied,
    /// F = 2^(−UE/S/d).
    Factor,
    /// Code vs page: level sums.
    NoteLevelSum,
    /// Code vs page: UA's denominator and cap.
    NoteUsageNorm,
    /// Code vs page: first tier and L = 0.
    NoteFirstTier,
    /// Code vs page: the damping factor.
    NoteDamping,
    /// Code vs page: DEPTH_OBLIVIOUS.
    NoteDepthOblivious,
    /// The zero-share account that stands for the idle machine.
    MachineNote,
    /// Help for the DEPTH_OBLIVIOUS checkbox.
    DepthObliviousHelp,
    /// Title of the whole-tree table.
    TableTitle,
    /// Caption of the whole-tree table.
    TableCaption,
    /// Column: association.
    TableAssociation,
    /// Column: S.
    TableShares,
    /// Column: UA.
    TableUsageNorm,
    /// Column: UE.
    TableUsage,
    /// Column: F.
    TableFactor,
    /// Title of the order comparison.
    OrdersTitle,
    /// Caption of the order comparison.
    OrdersCaption,
    /// Heading of the classic list.
    OrdersClassic,
    /// Heading of the Fair Tree list.
    OrdersFairTree,
    /// Both orders agree.
    OrdersSame,
    /// Shown while the orders are computed again after a change (the lists show the last ones).
    OrdersUpdating,
    /// Shown when a long order list is cut to the users around the selected one.
    OrdersWindow,
    /// How many users differ.
    OrdersDiffer,
    /// Marker: the user's place in the Fair Tree order.
    OrderOtherFairTree,
    /// Marker: the user's place in the classic order.
    OrderOtherClassic,
    /// Region name of the legend.
    LegendTitle,
    /// Legend: classic heading.
    LegendClassicTitle,
    /// Legend: classic 1.0.
    LegendClassicUnused,
    /// Legend: classic above 0.5.
    LegendClassicUnder,
    /// Legend: classic 0.5.
    LegendClassicExact,
    /// Legend: classic below 0.5.
    LegendClassicOver,
    /// Legend: classic 0.
    LegendClassicFar,
    /// Legend: Fair Tree heading.
    LegendFairTreeTitle,
    /// Legend: what a Fair Tree FairShare is.
    LegendFairTreeText,
    /// Legend: nothing (or an account) is selected.
    LegendPickUser,
    /// Legend: the selected user's classic reading.
    LegendClassicValue,
    /// Legend: the selected user's Fair Tree reading.
    LegendFairTreeValue,
    /// Reading: unused.
    BandUnused,
    /// Reading: under-using.
    BandUnder,
    /// Reading: exactly the share.
    BandExact,
    /// Reading: over-using.
    BandOver,
    /// Reading: far over.
    BandFar,
    /// Reading: no shares.
    BandNoShares,
    /// Fair Tree reading: above the middle.
    FairTreeUpper,
    /// Fair Tree reading: the middle.
    FairTreeMiddle,
    /// Fair Tree reading: below the middle.
    FairTreeLower,
}

impl Message for ClassicMsg {
    const ALL: &'static [ClassicMsg] = &[
        ClassicMsg::Intro,
        ClassicMsg::SelectPrompt,
        ClassicMsg::HeadingRoot,
        ClassicMsg::HeadingUser,
        ClassicMsg::HeadingAccount,
        ClassicMsg::SectionShares,
        ClassicMsg::SectionUsageNorm,
        ClassicMsg::SectionUsage,
        ClassicMsg::SectionFactor,
        ClassicMsg::SharesRoot,
        ClassicMsg::SharesCopied,
        ClassicMsg::SharesProduct,
        ClassicMsg::SharesProductZero,
        ClassicMsg::UsageNormRootZero,
        ClassicMsg::UsageNormCapped,
        ClassicMsg::UsageNorm,
        ClassicMsg::UsageRoot,
        ClassicMsg::UsageFirstTier,
        ClassicMsg::UsageCopied,
        ClassicMsg::UsageZeroLevel,
        ClassicMsg::UsageBlend,
        ClassicMsg::UsageDepthObliviousFallback,
        ClassicMsg::DepthObliviousRatioP,
        ClassicMsg::DepthObliviousRatioS,
        ClassicMsg::DepthObliviousRatioL,
        ClassicMsg::DepthObliviousKOne,
        ClassicMsg::DepthObliviousK,
        ClassicMsg::DepthObliviousUsage,
        ClassicMsg::FactorZeroShares,
        ClassicMsg::FactorCopied,
        ClassicMsg::Factor,
        ClassicMsg::NoteLevelSum,
        ClassicMsg::NoteUsageNorm,
        ClassicMsg::NoteFirstTier,
        ClassicMsg::NoteDamping,
        ClassicMsg::NoteDepthOblivious,
        ClassicMsg::MachineNote,
        ClassicMsg::DepthObliviousHelp,
        ClassicMsg::TableTitle,
        ClassicMsg::TableCaption,
        ClassicMsg::TableAssociation,
        ClassicMsg::TableShares,
        ClassicMsg::TableUsageNorm,
        ClassicMsg::TableUsage,
        ClassicMsg::TableFactor,
        ClassicMsg::OrdersTitle,
        ClassicMsg::OrdersCaption,
        ClassicMsg::OrdersClassic,
        ClassicMsg::OrdersFairTree,
        ClassicMsg::OrdersSame,
        ClassicMsg::OrdersUpdating,
        ClassicMsg::OrdersWindow,
        ClassicMsg::OrdersDiffer,
        ClassicMsg::OrderOtherFairTree,
        ClassicMsg::OrderOtherClassic,
        ClassicMsg::LegendTitle,
        ClassicMsg::LegendClassicTitle,
        ClassicMsg::LegendClassicUnused,
        ClassicMsg::LegendClassicUnder,
        ClassicMsg::LegendClassicExact,
        ClassicMsg::LegendClassicOver,
        ClassicMsg::LegendClassicFar,
        ClassicMsg::LegendFairTreeTitle,
        ClassicMsg::LegendFairTreeText,
        ClassicMsg::LegendPickUser,
        ClassicMsg::LegendClassicValue,
        ClassicMsg::LegendFairTreeValue,
        ClassicMsg::BandUnused,
        ClassicMsg::BandUnder,
        ClassicMsg::BandExact,
        ClassicMsg::BandOver,
        ClassicMsg::BandFar,
        ClassicMsg::BandNoShares,
        ClassicMsg::FairTreeUpper,
        ClassicMsg::FairTreeMiddle,
        ClassicMsg::FairTreeLower,
    ];

    fn en(self) -> &'static str {
        use ClassicMsg as M;
        match self {
            M::Intro => {
                "What Slurm's classic algorithm (PriorityFlags=NO_FAIR_TREE) makes of the same \
                 tree. The tree itself is ordered by Fair Tree; these numbers sit beside it."
            }
            M::SelectPrompt => {
                "Select an association in the tree or in the table below to follow its numbers."
            }
            M::HeadingRoot => "{name} (the root)",
            M::HeadingUser => "{name} (user in {account})",
            M::HeadingAccount => "{name} (account)",
            M::SectionShares => "Normalized shares S: the product of level fractions s/L",
            M::SectionUsageNorm => "Normalized usage UA",
            M::SectionUsage => "Effective usage UE, from the first tier down",
            M::SectionFactor => "Fairshare factor F",
            M::SharesRoot => "S({name}) = 1",
            M::SharesCopied => {
                "S({name}) = S({parent}) = {s} (FairShare=parent copies its fairshare parent's S)"
            }
            M::SharesProduct => "S({name}) = {factors} = {s}",
            M::SharesProductZero => "S({name}) = {factors} = {s}: a level sum L of 0 makes S 0",
            M::UsageNormRootZero => "UA({name}) = 0: root's RawUsage is 0",
            M::UsageNormCapped => "UA({name}) = {usage} / {root}, capped at 1 = 1.000000",
            M::UsageNorm => "UA({name}) = RawUsage / root's RawUsage = {usage} / {root} = {ua}",
            M::UsageRoot => "UE({name}) = 1",
            M::UsageFirstTier => {
                "UE({name}) = UA = {ue} (first tier: its fairshare parent is root)"
            }
            M::UsageCopied => "UE({name}) = UE({parent}) = {ue} (FairShare=parent)",
            M::UsageZeroLevel => "UE({name}) = UE({parent}) = {ue} (L = 0: no sibling has shares)",
            M::UsageBlend => {
                "UE({name}) = UA + (UE({parent}) − UA) · s/L = {ua} + ({ue_parent} − {ua}) · \
                 {s}/{l} = {ue}"
            }
            M::UsageDepthObliviousFallback => {
                "UE({name}) = UA = {ue} (DEPTH_OBLIVIOUS: S, S_parent, UE_parent or UA is 0)"
            }
            M::DepthObliviousRatioP => {
                "ratio_p = UE({parent}) / S({parent}) = {ue_parent} / {s_parent} = {ratio_p}"
            }
            M::DepthObliviousRatioS => {
                "ratio_s = Σ UA of {parent}'s children / S({parent}) = {sum} / {s_parent} = \
                 {ratio_s}"
            }
            M::DepthObliviousRatioL => {
                "ratio_l = (UA / S) / ratio_s = ({ua} / {s}) / {ratio_s} = {ratio_l}"
            }
            M::DepthObliviousKOne => "k = 1 (ln ratio_p · ln ratio_l ≥ 0)",
            M::DepthObliviousK => "k = 1 / (1 + (5 · ln ratio_p)²) = {k}",
            M::DepthObliviousUsage => {
                "UE({name}) = ratio_p · ratio_l^k · S = {ratio_p} · {ratio_l}^{k} · {s} = {ue}"
            }
            M::FactorZeroShares => "F({name}) = {f}: S = 0, so F = 0 whatever the usage",
            M::FactorCopied => {
                "F({name}) = 2^(−UE/S/d) with {parent}'s UE and S = 2^(−{ue} / {s} / {d}) = {f}"
            }
            M::Factor => "F({name}) = 2^(−UE/S/d) = 2^(−{ue} / {s} / {d}) = {f}",
            M::NoteLevelSum => {
                "Slurm's code: one level sum L per parent adds users and sub-accounts together \
                 (the classic page separates “siblings” from “sibling accounts”). \
                 FairShare=parent children count 0 in it and are skipped in the product; any \
                 L = 0 makes S = 0."
            }
            M::NoteUsageNorm => {
                "Slurm's code: UA is a fraction of root's RawUsage (which also keeps the usage of \
                 deleted associations), capped at 1. The classic page says “fraction of the \
                 machine”."
            }
            M::NoteFirstTier => {
                "Slurm's code: UE = UA for every association whose fairshare parent is root: \
                 top-level accounts, and also users directly under root and FairShare=parent \
                 associations moved up to root. When no sibling has shares (L = 0), \
                 UE = UE_parent; the page does not say so."
            }
            M::NoteDamping => {
                "The classic page's final formula F = 2^(−UE/S) leaves out d; Slurm's code \
                 always divides by d = FairShareDampeningFactor (now {d})."
            }
            M::NoteDepthOblivious => {
                "DEPTH_OBLIVIOUS in Slurm's code: k = 1 whenever ln ratio_p · ln ratio_l ≥ 0 \
                 (the page's two conditions overlap at 0), and UE = UA when S, S_parent, \
                 UE_parent or UA is 0."
            }
            M::MachineNote => {
                "{account} has 0 shares and holds {ua} of root's usage: the unused part of the \
                 machine in the classic page's example. With it, root's usage is the whole \
                 machine, so Slurm's “fraction of root usage” and the page's “fraction of the \
                 machine” agree."
            }
            M::DepthObliviousHelp => {
                "PriorityFlags=DEPTH_OBLIVIOUS: another UE formula, so that deep and shallow \
                 accounts compete evenly."
            }
            M::TableTitle => "Classic values of the whole tree",
            M::TableCaption => {
                "As sshare prints them under PriorityFlags=NO_FAIR_TREE: S = NormShares, \
                 UA = NormUsage, UE = EffectvUsage, F = FairShare (blank on accounts). Select a \
                 name to follow its numbers."
            }
            M::TableAssociation => "Association",
            M::TableShares => "S",
            M::TableUsageNorm => "UA",
            M::TableUsage => "UE",
            M::TableFactor => "F",
            M::OrdersTitle => "Classic order beside Fair Tree order",
            M::OrdersCaption => {
                "Users from first to last: classic by F (a job's priority reads F directly), \
                 Fair Tree by position. ≠ marks a user the two algorithms place differently."
            }
            M::OrdersClassic => "Classic (F)",
            M::OrdersFairTree => "Fair Tree (FairShare)",
            M::OrdersSame => "Both algorithms put the users in the same order.",
            M::OrdersUpdating => "Updating the orders…",
            M::OrdersWindow => {
                "Each list shows {shown} of its {n} users, around the selected one (select a \
                 user in the tree to move there)."
            }
            M::OrdersDiffer => "{n} of {total} users are placed differently.",
            M::OrderOtherFairTree => "≠ Fair Tree position {place}",
            M::OrderOtherClassic => "≠ classic position {place}",
            M::LegendTitle => "What the score means",
            M::LegendClassicTitle => "Classic: F = 2^(−UE/S/d) compares usage with the share",
            M::LegendClassicUnused => "1.0: no usage at all",
            M::LegendClassicUnder => "above 0.5: using less than its share",
            M::LegendClassicExact => "0.5: using exactly its share",
            M::LegendClassicOver => "below 0.5: using more than its share",
            M::LegendClassicFar => "0: far over its share (or no shares at all)",
            M::LegendFairTreeTitle => {
                "Fair Tree: FairShare = Slurm's rank / N is a place in a queue"
            }
            M::LegendFairTreeText => {
                "Slurm's rank counts the N user associations of the cluster from the last: 1.0 is first served (position 1), 1/N is last. \
                 0.5 is the middle of the cluster, not “fair”: by itself it says nothing about \
                 the user's own share."
            }
            M::LegendPickUser => "Select a user association to read its two scores.",
            M::LegendClassicValue => "{name}: F = {f}, {reading}.",
            M::LegendFairTreeValue => {
                "{name}: position {position} of {n} (Slurm rank {rank}), FairShare = {rank}/{n} = \
                 {fs}: ahead of {below} and behind {above} other users, {reading}."
            }
            M::BandUnused => "no usage yet",
            M::BandUnder => "under-using its share",
            M::BandExact => "using exactly its share",
            M::BandOver => "over-using its share",
            M::BandFar => "far over its share",
            M::BandNoShares => "no shares, so F = 0 whatever its usage",
            M::FairTreeUpper => "in the upper half of the cluster",
            M::FairTreeMiddle => "exactly in the middle of the cluster",
            M::FairTreeLower => "in the lower half of the cluster",
        }
    }

    fn ja(self) -> Option<&'static str> {
        // Formulas and Slurm's symbols read the same in Japanese: `Some(self.en())` says so.
        use ClassicMsg as M;
        Some(match self {
            M::Intro => {
                "同じツリーに Slurm の classic アルゴリズム（PriorityFlags=NO_FAIR_TREE）を適用した\
                 結果です。ツリー自体の順序は Fair Tree によるもので、これらの数値はその横に並べて\
                 示しています。"
            }
            M::SelectPrompt => "ツリーか下の表で association を選ぶと、その数値を順に追えます。",
            M::HeadingRoot => "{name}（ルート）",
            M::HeadingUser => "{name}（{account} のユーザー）",
            M::HeadingAccount => "{name}（アカウント）",
            M::SectionShares => "正規化シェア S：レベル比 s/L の積",
            M::SectionUsageNorm => "正規化使用量 UA",
            M::SectionUsage => "実効使用量 UE（第 1 階層から順に）",
            M::SectionFactor => "フェアシェア係数 F",
            M::SharesRoot => return Some(self.en()),
            M::SharesCopied => {
                "S({name}) = S({parent}) = {s}（FairShare=parent は fairshare 親の S を\
                 コピーする）"
            }
            M::SharesProduct => return Some(self.en()),
            M::SharesProductZero => "S({name}) = {factors} = {s}：レベル合計 L が 0 なので S は 0",
            M::UsageNormRootZero => "UA({name}) = 0：root の RawUsage が 0",
            M::UsageNormCapped => "UA({name}) = {usage} / {root}、上限 1 で 1.000000",
            M::UsageNorm => "UA({name}) = RawUsage / root の RawUsage = {usage} / {root} = {ua}",
            M::UsageRoot => return Some(self.en()),
            M::UsageFirstTier => "UE({name}) = UA = {ue}（第 1 階層：fairshare 親が root）",
            M::UsageCopied => return Some(self.en()),
            M::UsageZeroLevel => {
                "UE({name}) = UE({parent}) = {ue}（L = 0：どの兄弟もシェアを持たない）"
            }
            M::UsageBlend => return Some(self.en()),
            M::UsageDepthObliviousFallback => {
                "UE({name}) = UA = {ue}（DEPTH_OBLIVIOUS：S、S_parent、UE_parent、UA の\
                 いずれかが 0）"
            }
            M::DepthObliviousRatioP => return Some(self.en()),
            M::DepthObliviousRatioS => {
                "ratio_s = {parent} の子の UA の合計 / S({parent}) = {sum} / {s_parent} = \
                 {ratio_s}"
            }
            M::DepthObliviousRatioL => return Some(self.en()),
            M::DepthObliviousKOne => return Some(self.en()),
            M::DepthObliviousK => return Some(self.en()),
            M::DepthObliviousUsage => return Some(self.en()),
            M::FactorZeroShares => "F({name}) = {f}：S = 0 なので使用量に関係なく F = 0",
            M::FactorCopied => {
                "F({name}) = {parent} の UE と S による 2^(−UE/S/d) = 2^(−{ue} / {s} / {d}) \
                 = {f}"
            }
            M::Factor => return Some(self.en()),
            M::NoteLevelSum => {
                "Slurm のコード：親ごとのレベル合計 L はユーザーとサブアカウントを合わせて数える\
                 （classic のページは「兄弟」と「兄弟アカウント」を分けている）。FairShare=parent \
                 の子は 0 として数え、積からも外す。どこかの L が 0 なら S = 0。"
            }
            M::NoteUsageNorm => {
                "Slurm のコード：UA は root の RawUsage（削除された association の使用量も含む）\
                 に対する割合で、上限は 1。classic のページは「マシンに対する割合」と書いている。"
            }
            M::NoteFirstTier => {
                "Slurm のコード：fairshare 親が root の association はすべて UE = UA。最上位の\
                 アカウントだけでなく、root 直下のユーザーや FairShare=parent で root まで\
                 繰り上がった association も含む。兄弟が誰もシェアを持たない（L = 0）ときは \
                 UE = UE_parent。ページには書かれていない。"
            }
            M::NoteDamping => {
                "classic のページの最終式 F = 2^(−UE/S) には d がないが、Slurm のコードは常に \
                 d = FairShareDampeningFactor（現在 {d}）で割る。"
            }
            M::NoteDepthOblivious => {
                "Slurm のコードの DEPTH_OBLIVIOUS：ln ratio_p · ln ratio_l ≥ 0 なら k = 1\
                 （ページの 2 つの条件は 0 で重なる）。S、S_parent、UE_parent、UA のいずれかが 0 \
                 なら UE = UA。"
            }
            M::MachineNote => {
                "{account} はシェア 0 で、root の使用量の {ua} を持っています。classic のページの\
                 例ではこれがマシンの未使用分です。これがあるので root の使用量がマシン全体になり、\
                 Slurm の「root の使用量に対する割合」とページの「マシンに対する割合」が一致します。"
            }
            M::DepthObliviousHelp => {
                "PriorityFlags=DEPTH_OBLIVIOUS：深さの違うアカウントが公平に競うための別の UE の式。"
            }
            M::TableTitle => "ツリー全体の classic の値",
            M::TableCaption => {
                "PriorityFlags=NO_FAIR_TREE のときに sshare が表示する値：S = NormShares、\
                 UA = NormUsage、UE = EffectvUsage、F = FairShare（アカウントの行は空欄）。\
                 名前を選ぶとその数値を追えます。"
            }
            M::TableAssociation => "Association",
            M::TableShares => return Some(self.en()),
            M::TableUsageNorm => return Some(self.en()),
            M::TableUsage => return Some(self.en()),
            M::TableFactor => return Some(self.en()),
            M::OrdersTitle => "classic の順序と Fair Tree の順序",
            M::OrdersCaption => {
                "上位から順に並べたユーザー：classic は F の順（ジョブの優先度は F をそのまま使う）、\
                 Fair Tree は位置の順。≠ は 2 つのアルゴリズムで位置が違うユーザー。"
            }
            M::OrdersClassic => "classic（F）",
            M::OrdersFairTree => "Fair Tree（FairShare）",
            M::OrdersSame => "2 つのアルゴリズムはユーザーを同じ順に並べています。",
            M::OrdersUpdating => "並び順を更新しています…",
            M::OrdersWindow => {
                "各リストは {n} 人中 {shown} 人を、選択中のユーザーの前後で表示します（ツリーでユーザーを選ぶとそこへ移ります）。"
            }
            M::OrdersDiffer => "{total} 人中 {n} 人の位置が違います。",
            M::OrderOtherFairTree => "≠ Fair Tree では {place} 番目",
            M::OrderOtherClassic => "≠ classic では {place} 番目",
            M::LegendTitle => "スコアの意味",
            M::LegendClassicTitle => "classic：F = 2^(−UE/S/d) は使用量をシェアと比べる",
            M::LegendClassicUnused => "1.0：まったく使っていない",
            M::LegendClassicUnder => "0.5 より上：シェアより少なく使っている",
            M::LegendClassicExact => "0.5：ちょうどシェアどおり使っている",
            M::LegendClassicOver => "0.5 より下：シェアより多く使っている",
            M::LegendClassicFar => "0：シェアを大きく超えている（またはシェアがない）",
            M::LegendFairTreeTitle => "Fair Tree：FairShare = Slurm の rank / N は順番待ちの位置",
            M::LegendFairTreeText => {
                "Slurm の rank はクラスタの全ユーザー association N 個を最後から数えたもの：1.0 が最初に処理される（1 番目）、1/N が最後。\
                 0.5 はクラスタの真ん中という意味で、「公平」という意味ではなく、それだけでは\
                 ユーザー自身のシェアについて何も語らない。"
            }
            M::LegendPickUser => "ユーザー association を選ぶと 2 つのスコアを読めます。",
            M::LegendClassicValue => "{name}：F = {f}、{reading}。",
            M::LegendFairTreeValue => {
                "{name}：{n} 人中 {position} 番目（Slurm の rank {rank}）、FairShare = {rank}/{n} = \
                 {fs}：ほかの {below} 人より前、{above} 人より後ろで、{reading}。"
            }
            M::BandUnused => "まだ使っていない",
            M::BandUnder => "シェアより少なく使っている",
            M::BandExact => "ちょうどシェアどおり使っている",
            M::BandOver => "シェアより多く使っている",
            M::BandFar => "シェアを大きく超えている",
            M::BandNoShares => "シェアがないので使用量に関係なく F = 0",
            M::FairTreeUpper => "クラスタの上半分",
            M::FairTreeMiddle => "クラスタのちょうど真ん中",
            M::FairTreeLower => "クラスタの下半分",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::ClassicMsg>().unwrap();
    }
}
