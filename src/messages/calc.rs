//! Strings of the `What would it take` region (issue 22): the five questions, their inputs,
//! their one-sentence answers (the English is what `fairshare calc` prints), and every reason
//! there is no answer (`fairshare::calc::NoAnswer`, worded word for word as its `Display`).

use super::Message;

/// Keys of the What would it take region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum CalcMsg {
    /// Nothing selected.
    SelectUser,
    /// Question 1.
    Q1Heading,
    /// Question 2.
    Q2Heading,
    /// Question 3.
    Q3Heading,
    /// Question 4.
    Q4Heading,
    /// Question 5.
    Q5Heading,
    /// Input: X of question 1.
    BelowLabel,
    /// Input: X of question 2.
    AboveLabel,
    /// Input: X of question 4.
    PassLabel,
    /// What X can be.
    XHelp,
    /// Input: other users' running jobs.
    RunningLabel,
    /// Input: job size of question 3.
    JobLabel,
    /// Input: TRES billing weights for the hours shown.
    WeightsLabel,
    /// A billing weights text that is not TYPE=weight pairs.
    BadWeights,
    /// Select: whose shares change.
    SharesOfLabel,
    /// Textarea: pasted sprio output.
    SprioLabel,
    /// Button: apply the answer as a what-if edit.
    ShowMe,
    /// X as a position.
    PositionX,
    /// X as a FairShare.
    FairShareX,
    /// X as a user in its account.
    UserX,
    /// Raw usage with hours.
    RawUnits,
    /// Core-hours.
    CoreHours,
    /// GPU-hours.
    GpuHours,
    /// Node-hours.
    NodeHours,
    /// Question 1's answer (the CLI prints the same English).
    Headroom,
    /// Question 2's answer.
    Idle,
    /// Question 3's answer with a job.
    BestWithJob,
    /// Question 3's answer without a job.
    BestNoJob,
    /// One account, with the job.
    AccountRow,
    /// One account, without a job.
    AccountRowNoJob,
    /// Question 4's answer.
    SharesNeeded,
    /// Whose shares: an account.
    AccountWhose,
    /// A question without an answer.
    NoAnswer,
    /// X of question 3 in a no-answer sentence.
    ItsAccounts,
    /// No answer: not a user.
    NotAUser,
    /// No answer: partial tree.
    PartialTree,
    /// No answer: X is the user.
    TargetIsSelf,
    /// No answer: X is not a user.
    TargetNotAUser,
    /// No answer: position out of range.
    PositionOutOfRange,
    /// No answer: FairShare out of range.
    FairShareOutOfRange,
    /// No answer: already below X.
    AlreadyBelow,
    /// No answer: X's account stays below.
    NeverBelowAccount,
    /// No answer: no usage drops the user below X.
    NeverBelow,
    /// No answer: already above X.
    AlreadyAbove,
    /// No answer: decay alone never gets there.
    DecayNever,
    /// No answer: no shares are enough.
    NotEnoughShares,
    /// No answer: not the user or its account.
    NotOnPath,
    /// No answer: FairShare=parent.
    ParentShares,
    /// Bad X: empty.
    TargetEmpty,
    /// Bad X: no such user.
    NoSuchUser,
    /// Bad X: an account.
    TargetIsAccount,
    /// Bad running jobs: not a pair.
    RunningNotAPair,
    /// Bad running jobs: billable.
    RunningBadBillable,
    /// Bad job size.
    BadJobSize,
    /// A sprio problem on a line.
    SprioLine,
    /// sprio: no header.
    SprioNoHeader,
    /// sprio: unknown column.
    SprioUnknownColumn,
    /// sprio: no PRIORITY column.
    SprioNoPriority,
    /// sprio: wrong number of fields.
    SprioFieldCount,
    /// sprio: not a number.
    SprioNotANumber,
    /// sprio: no job lines.
    SprioNoJobs,
    /// sprio: the job is first.
    JobFirst,
    /// sprio: the job's user.
    JobUser,
    /// sprio: jobs ahead and the lead.
    JobBehind,
    /// sprio: the deciding factor.
    MostFrom,
    /// sprio: fairshare decides.
    Decides,
    /// sprio: fairshare does not decide.
    NotDecides,
    /// sprio: the FairShare that would put it first.
    Lead,
    /// sprio: no FairShare is enough.
    Unreachable,
    /// sprio: no weights row.
    NoWeights,
    /// sprio: end of a job's sentence.
    End,
}

impl Message for CalcMsg {
    const ALL: &'static [CalcMsg] = &[
        CalcMsg::SelectUser,
        CalcMsg::Q1Heading,
        CalcMsg::Q2Heading,
        CalcMsg::Q3Heading,
        CalcMsg::Q4Heading,
        CalcMsg::Q5Heading,
        CalcMsg::BelowLabel,
        CalcMsg::AboveLabel,
        CalcMsg::PassLabel,
        CalcMsg::XHelp,
        CalcMsg::RunningLabel,
        CalcMsg::JobLabel,
        CalcMsg::WeightsLabel,
        CalcMsg::BadWeights,
        CalcMsg::SharesOfLabel,
        CalcMsg::SprioLabel,
        CalcMsg::ShowMe,
        CalcMsg::PositionX,
        CalcMsg::FairShareX,
        CalcMsg::UserX,
        CalcMsg::RawUnits,
        CalcMsg::CoreHours,
        CalcMsg::GpuHours,
        CalcMsg::NodeHours,
        CalcMsg::Headroom,
        CalcMsg::Idle,
        CalcMsg::BestWithJob,
        CalcMsg::BestNoJob,
        CalcMsg::AccountRow,
        CalcMsg::AccountRowNoJob,
        CalcMsg::SharesNeeded,
        CalcMsg::AccountWhose,
        CalcMsg::NoAnswer,
        CalcMsg::ItsAccounts,
        CalcMsg::NotAUser,
        CalcMsg::PartialTree,
        CalcMsg::TargetIsSelf,
        CalcMsg::TargetNotAUser,
        CalcMsg::PositionOutOfRange,
        CalcMsg::FairShareOutOfRange,
        CalcMsg::AlreadyBelow,
        CalcMsg::NeverBelowAccount,
        CalcMsg::NeverBelow,
        CalcMsg::AlreadyAbove,
        CalcMsg::DecayNever,
        CalcMsg::NotEnoughShares,
        CalcMsg::NotOnPath,
        CalcMsg::ParentShares,
        CalcMsg::TargetEmpty,
        CalcMsg::NoSuchUser,
        CalcMsg::TargetIsAccount,
        CalcMsg::RunningNotAPair,
        CalcMsg::RunningBadBillable,
        CalcMsg::BadJobSize,
        CalcMsg::SprioLine,
        CalcMsg::SprioNoHeader,
        CalcMsg::SprioUnknownColumn,
        CalcMsg::SprioNoPriority,
        CalcMsg::SprioFieldCount,
        CalcMsg::SprioNotANumber,
        CalcMsg::SprioNoJobs,
        CalcMsg::JobFirst,
        CalcMsg::JobUser,
        CalcMsg::JobBehind,
        CalcMsg::MostFrom,
        CalcMsg::Decides,
        CalcMsg::NotDecides,
        CalcMsg::Lead,
        CalcMsg::Unreachable,
        CalcMsg::NoWeights,
        CalcMsg::End,
    ];

    fn en(self) -> &'static str {
        match self {
            CalcMsg::SelectUser => "Select a user to see what it would take.",
            CalcMsg::Q1Heading => "How much more can I run?",
            CalcMsg::Q2Heading => "How long until I am back above X if I stop?",
            CalcMsg::Q3Heading => "Which of my accounts puts me first?",
            CalcMsg::Q4Heading => "How many shares to pass X?",
            CalcMsg::Q5Heading => "Why isn't my job starting, and is it fairshare?",
            CalcMsg::BelowLabel => "Below X (empty: my position)",
            CalcMsg::AboveLabel => "Above X",
            CalcMsg::PassLabel => "Pass X",
            CalcMsg::XHelp => {
                "X is a position (3), a FairShare (0.5) or a user (alice, or account/alice)."
            }
            CalcMsg::RunningLabel => "Other users' running jobs (user=billable, …)",
            CalcMsg::JobLabel => "Job size (TRES-seconds)",
            CalcMsg::WeightsLabel => {
                "TRES billing weights (empty: one raw unit is one core-second)"
            }
            CalcMsg::BadWeights => {
                "Billing weights are TYPE=weight pairs, such as CPU=1,GRES/gpu=4."
            }
            CalcMsg::SharesOfLabel => "Shares of",
            CalcMsg::SprioLabel => "Paste sprio -l output (and sprio -w)",
            CalcMsg::ShowMe => "Show me",
            CalcMsg::PositionX => "position {p}",
            CalcMsg::FairShareX => "FairShare {f}",
            CalcMsg::UserX => "{user}",
            CalcMsg::RawUnits => "{raw} raw units ({hours})",
            CalcMsg::CoreHours => "{h} core-hours",
            CalcMsg::GpuHours => "{h} GPU-hours",
            CalcMsg::NodeHours => "{h} node-hours",
            CalcMsg::Headroom => {
                "{user} can run {raw} more before dropping below {x}: at {usage} raw usage {user} is at position {at}; one unit more puts {user} at position {past}."
            }
            CalcMsg::Idle => {
                "{user} is above {x} after {duration} idle ({periods} calc periods), at position {p}."
            }
            CalcMsg::BestWithJob => {
                "{user} does best under {account}: position {p} after a job of {raw}."
            }
            CalcMsg::BestNoJob => "{user} does best under {account}: position {p}.",
            CalcMsg::AccountRow => "{account}: position {now} now, {after} after the job",
            CalcMsg::AccountRowNoJob => "{account}: position {now}",
            CalcMsg::SharesNeeded => {
                "{whose} needs {needed} shares (now {now}) for {user} to be above {x}: with {needed} shares {user} is at position {at}, with {fewer} at position {below}."
            }
            CalcMsg::AccountWhose => "account {account}",
            CalcMsg::NoAnswer => "No answer for {user} and {x}: {reason}.",
            CalcMsg::ItsAccounts => "its accounts",
            CalcMsg::NotAUser => "that association is not a user",
            CalcMsg::PartialTree => {
                "the tree is partial (an inferred association), so positions cannot be known"
            }
            CalcMsg::TargetIsSelf => "X is the user itself",
            CalcMsg::TargetNotAUser => "X is not a user association",
            CalcMsg::PositionOutOfRange => "the position must be between 1 and {n}",
            CalcMsg::FairShareOutOfRange => "the FairShare must be between 0 and 1",
            CalcMsg::AlreadyBelow => "you are already below X",
            CalcMsg::NeverBelowAccount => {
                "no usage can drop you below X: X is in another account whose Level FS stays below yours"
            }
            CalcMsg::NeverBelow => "no usage can drop you below X",
            CalcMsg::AlreadyAbove => "you are already above X",
            CalcMsg::DecayNever => {
                "decay alone never gets you there, because X's usage also decays"
            }
            CalcMsg::NotEnoughShares => "no number of shares Slurm can hold gets you above X",
            CalcMsg::NotOnPath => "that association is neither the user nor one of its accounts",
            CalcMsg::ParentShares => {
                "that association is FairShare=parent and has no shares of its own"
            }
            CalcMsg::TargetEmpty => "Type X: a position, a FairShare or a user.",
            CalcMsg::NoSuchUser => "No user named \"{name}\".",
            CalcMsg::TargetIsAccount => "\"{name}\" is an account, not a user.",
            CalcMsg::RunningNotAPair => "\"{text}\" is not user=billable.",
            CalcMsg::RunningBadBillable => "\"{text}\" is not a number of billable TRES.",
            CalcMsg::BadJobSize => "The job size must be a whole number of TRES-seconds.",
            CalcMsg::SprioLine => "Line {line}: {problem}",
            CalcMsg::SprioNoHeader => "no sprio header (a line starting with JOBID)",
            CalcMsg::SprioUnknownColumn => "unknown sprio column \"{column}\"",
            CalcMsg::SprioNoPriority => "the header has no PRIORITY column",
            CalcMsg::SprioFieldCount => "{found} fields where the header has {expected} columns",
            CalcMsg::SprioNotANumber => "{column} is \"{text}\", not a number",
            CalcMsg::SprioNoJobs => "no job lines under the header",
            CalcMsg::JobFirst => "Job {job}{user}: first of the jobs shown.",
            CalcMsg::JobUser => "({user})",
            CalcMsg::JobBehind => "Job {job}{user}: {n} jobs ahead; job {top} leads by {gap}",
            CalcMsg::MostFrom => ", most of it from {factor}",
            CalcMsg::Decides => "; fairshare decides",
            CalcMsg::NotDecides => "; fairshare does not decide",
            CalcMsg::Lead => "; FairShare {f} would put it first (position {p} on this tree)",
            CalcMsg::Unreachable => "; no FairShare puts it first",
            CalcMsg::NoWeights => "; paste sprio -w for the FairShare that would put it first",
            CalcMsg::End => ".",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            CalcMsg::SelectUser => "ユーザーを選ぶと、どうすれば届くかを表示します。",
            CalcMsg::Q1Heading => "あとどれだけ使える？",
            CalcMsg::Q2Heading => "止めたら X より上に戻るまでどれくらい？",
            CalcMsg::Q3Heading => "どのアカウントで投入すると一番先？",
            CalcMsg::Q4Heading => "X を追い越すにはシェアがいくつ必要？",
            CalcMsg::Q5Heading => "ジョブが始まらないのはなぜ？ fairshare のせい？",
            CalcMsg::BelowLabel => "X より下（空欄: 自分の現在の位置）",
            CalcMsg::AboveLabel => "X より上",
            CalcMsg::PassLabel => "追い越す X",
            CalcMsg::XHelp => {
                "X は位置（3）、FairShare（0.5）、ユーザー（alice または account/alice）のいずれかです。"
            }
            CalcMsg::RunningLabel => "他のユーザーの実行中ジョブ（user=billable, …）",
            CalcMsg::JobLabel => "ジョブの大きさ（TRES 秒）",
            CalcMsg::WeightsLabel => "TRES 課金の重み（空欄: 生の使用量 1 単位 = 1 コア秒）",
            CalcMsg::BadWeights => "課金の重みは CPU=1,GRES/gpu=4 のような TYPE=weight の組です。",
            CalcMsg::SharesOfLabel => "シェアを変える対象",
            CalcMsg::SprioLabel => "sprio -l の出力（と sprio -w）を貼り付け",
            CalcMsg::ShowMe => "見せて",
            CalcMsg::PositionX => "{p} 番目",
            CalcMsg::FairShareX => "FairShare {f}",
            CalcMsg::UserX => "{user}",
            CalcMsg::RawUnits => "生の使用量 {raw}（{hours}）",
            CalcMsg::CoreHours => "{h} コア時間",
            CalcMsg::GpuHours => "{h} GPU 時間",
            CalcMsg::NodeHours => "{h} ノード時間",
            CalcMsg::Headroom => {
                "{user} は {x} より下がるまでに、あと {raw} 使えます。生の使用量 {usage} では {user} は {at} 番目、あと 1 単位で {user} は {past} 番目になります。"
            }
            CalcMsg::Idle => {
                "{user} は {duration} 何も実行しなければ（計算周期 {periods} 回）{x} より上の {p} 番目になります。"
            }
            CalcMsg::BestWithJob => {
                "{user} は {account} で投入するのが一番有利です。{raw} のジョブの後で {p} 番目です。"
            }
            CalcMsg::BestNoJob => "{user} は {account} が一番有利です: {p} 番目。",
            CalcMsg::AccountRow => "{account}: 今は {now} 番目、ジョブの後は {after} 番目",
            CalcMsg::AccountRowNoJob => "{account}: {now} 番目",
            CalcMsg::SharesNeeded => {
                "{user} が {x} より上になるには、{whose} のシェアが {needed}（今は {now}）必要です。{needed} なら {user} は {at} 番目、{fewer} なら {below} 番目です。"
            }
            CalcMsg::AccountWhose => "アカウント {account}",
            CalcMsg::NoAnswer => "{user} と {x} には答えがありません: {reason}。",
            CalcMsg::ItsAccounts => "そのアカウント",
            CalcMsg::NotAUser => "その関連はユーザーではありません",
            CalcMsg::PartialTree => "ツリーが部分的（推定した関連あり）なので、位置は分かりません",
            CalcMsg::TargetIsSelf => "X はそのユーザー自身です",
            CalcMsg::TargetNotAUser => "X はユーザーの関連ではありません",
            CalcMsg::PositionOutOfRange => "位置は 1 から {n} の間です",
            CalcMsg::FairShareOutOfRange => "FairShare は 0 から 1 の間です",
            CalcMsg::AlreadyBelow => "すでに X より下です",
            CalcMsg::NeverBelowAccount => {
                "どれだけ使っても X より下にはなりません: X は別のアカウントにあり、その Level FS はずっとあなたの側より低いままです"
            }
            CalcMsg::NeverBelow => "どれだけ使っても X より下にはなりません",
            CalcMsg::AlreadyAbove => "すでに X より上です",
            CalcMsg::DecayNever => {
                "減衰だけではそこに届きません。X の使用量も同じように減衰するからです"
            }
            CalcMsg::NotEnoughShares => "Slurm が持てるどのシェア数でも X より上にはなりません",
            CalcMsg::NotOnPath => "その関連はユーザー本人でも、そのアカウントでもありません",
            CalcMsg::ParentShares => "その関連は FairShare=parent で、自分のシェアを持ちません",
            CalcMsg::TargetEmpty => "X を入力してください: 位置、FairShare、ユーザーのいずれか。",
            CalcMsg::NoSuchUser => "「{name}」というユーザーはいません。",
            CalcMsg::TargetIsAccount => "「{name}」はアカウントで、ユーザーではありません。",
            CalcMsg::RunningNotAPair => "「{text}」は user=billable の形ではありません。",
            CalcMsg::RunningBadBillable => "「{text}」は課金 TRES の数ではありません。",
            CalcMsg::BadJobSize => "ジョブの大きさは TRES 秒の整数で入力してください。",
            CalcMsg::SprioLine => "{line} 行目: {problem}",
            CalcMsg::SprioNoHeader => "sprio の見出し行（JOBID で始まる行）がありません",
            CalcMsg::SprioUnknownColumn => "sprio にない列「{column}」",
            CalcMsg::SprioNoPriority => "見出しに PRIORITY 列がありません",
            CalcMsg::SprioFieldCount => "見出しは {expected} 列なのに {found} 個の値があります",
            CalcMsg::SprioNotANumber => "{column} が「{text}」で、数ではありません",
            CalcMsg::SprioNoJobs => "見出しの下にジョブの行がありません",
            CalcMsg::JobFirst => "ジョブ {job}{user}: 表示されたジョブの中で一番先です。",
            CalcMsg::JobUser => "（{user}）",
            CalcMsg::JobBehind => "ジョブ {job}{user}: 先に {n} 件。ジョブ {top} が {gap} 上",
            CalcMsg::MostFrom => "（差の大半は {factor}）",
            CalcMsg::Decides => "。fairshare が決め手です",
            CalcMsg::NotDecides => "。fairshare は決め手ではありません",
            CalcMsg::Lead => "。FairShare {f}（このツリーで {p} 番目）なら一番先になります",
            CalcMsg::Unreachable => "。どの FairShare でも一番先にはなりません",
            CalcMsg::NoWeights => {
                "。一番先になる FairShare を知るには sprio -w も貼り付けてください"
            }
            CalcMsg::End => "。",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_complete_and_consistent() {
        crate::messages::check_table::<CalcMsg>().unwrap();
    }

    /// The reasons read as the engine's `Display` (the CLI's English), word for word.
    #[test]
    fn reasons_are_the_engines_english() {
        use crate::panels::calc_panel::reason_words;
        use fairshare::calc::NoAnswer;
        for e in [
            NoAnswer::NotAUser,
            NoAnswer::PartialTree,
            NoAnswer::TargetIsSelf,
            NoAnswer::TargetNotAUser,
            NoAnswer::PositionOutOfRange { n: 7 },
            NoAnswer::FairShareOutOfRange,
            NoAnswer::AlreadyBelow,
            NoAnswer::NeverBelow {
                other_account: Some(3),
            },
            NoAnswer::NeverBelow {
                other_account: None,
            },
            NoAnswer::AlreadyAbove,
            NoAnswer::DecayNeverGetsThere,
            NoAnswer::NotEnoughShares,
            NoAnswer::NotOnPath,
            NoAnswer::ParentShares,
        ] {
            assert_eq!(reason_words(e, crate::messages::Lang::En), e.to_string());
        }
    }
}
