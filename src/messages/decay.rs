//! Strings of the decay timeline (`decay_panel`).

use super::Message;

/// Keys of the decay timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum DecayMsg {
    /// What the panel does.
    Intro,
    /// Label: PriorityDecayHalfLife.
    HalfLife,
    /// Help for the half-life.
    HalfLifeHelp,
    /// Label: PriorityCalcPeriod.
    CalcPeriod,
    /// Help for the calc period.
    CalcPeriodHelp,
    /// Refusal of a half-life.
    FieldHalfLife,
    /// Refusal of a calc period.
    FieldCalcPeriod,
    /// The per-second and per-cycle factors.
    FactorLine,
    /// With H = 0 nothing decays.
    NoDecay,
    /// What one half-life really leaves.
    HalfLifeFact,
    /// Label of the time slider.
    Time,
    /// The time on the slider.
    TimeValue,
    /// The decay factor since t = 0.
    FactorReadout,
    /// Root's usage at t = 0 and now.
    RootUsage,
    /// The selected association's usage at t = 0 and now.
    SelectedUsage,
    /// How the slider applies.
    ApplyHint,
    /// The timeline restarted after an edit or undo.
    Restarted,
    /// The fact the engine tests prove.
    RankFact,
    /// Ranks are unchanged since t = 0.
    RanksSame,
    /// Some ranks changed since t = 0.
    RanksChanged,
    /// Heading: jobs.
    JobsTitle,
    /// Label: the job's user.
    JobUser,
    /// Label: billing TRES.
    JobBillable,
    /// Label: run time.
    JobHours,
    /// Label: start time.
    JobStart,
    /// Label: still running.
    JobRunning,
    /// Button: add the job.
    AddJob,
    /// Button: remove a job.
    RemoveJob,
    /// A finished job in the list.
    JobLine,
    /// A running job in the list.
    JobLineRunning,
    /// No jobs yet.
    NoJobs,
    /// Refusal of a number that must be ≥ 0.
    FieldNonNegative,
    /// The job has no user.
    JobNeedsUser,
    /// Heading: how long until.
    UntilTitle,
    /// Label: the kind of target.
    UntilKind,
    /// Option: a position (1 = first served).
    UntilPosition,
    /// Option: a FairShare.
    UntilFairShare,
    /// Label: the target value.
    UntilValue,
    /// Button: compute.
    UntilCompute,
    /// Nothing (or an account) is selected.
    UntilPick,
    /// Already true.
    UntilNow,
    /// Reached later.
    UntilAt,
    /// Never within the horizon.
    UntilNever,
    /// Never: only decay is left.
    UntilNeverNoJobs,
    /// Refusal of a target position.
    FieldPosition,
    /// Refusal of a target FairShare.
    FieldFairShare,
}

impl Message for DecayMsg {
    const ALL: &'static [DecayMsg] = &[
        DecayMsg::Intro,
        DecayMsg::HalfLife,
        DecayMsg::HalfLifeHelp,
        DecayMsg::CalcPeriod,
        DecayMsg::CalcPeriodHelp,
        DecayMsg::FieldHalfLife,
        DecayMsg::FieldCalcPeriod,
        DecayMsg::FactorLine,
        DecayMsg::NoDecay,
        DecayMsg::HalfLifeFact,
        DecayMsg::Time,
        DecayMsg::TimeValue,
        DecayMsg::FactorReadout,
        DecayMsg::RootUsage,
        DecayMsg::SelectedUsage,
        DecayMsg::ApplyHint,
        DecayMsg::Restarted,
        DecayMsg::RankFact,
        DecayMsg::RanksSame,
        DecayMsg::RanksChanged,
        DecayMsg::JobsTitle,
        DecayMsg::JobUser,
        DecayMsg::JobBillable,
        DecayMsg::JobHours,
        DecayMsg::JobStart,
        DecayMsg::JobRunning,
        DecayMsg::AddJob,
        DecayMsg::RemoveJob,
        DecayMsg::JobLine,
        DecayMsg::JobLineRunning,
        DecayMsg::NoJobs,
        DecayMsg::FieldNonNegative,
        DecayMsg::JobNeedsUser,
        DecayMsg::UntilTitle,
        DecayMsg::UntilKind,
        DecayMsg::UntilPosition,
        DecayMsg::UntilFairShare,
        DecayMsg::UntilValue,
        DecayMsg::UntilCompute,
        DecayMsg::UntilPick,
        DecayMsg::UntilNow,
        DecayMsg::UntilAt,
        DecayMsg::UntilNever,
        DecayMsg::UntilNeverNoJobs,
        DecayMsg::FieldPosition,
        DecayMsg::FieldFairShare,
    ];

    fn en(self) -> &'static str {
        use DecayMsg as M;
        match self {
            M::Intro => {
                "Slurm decays all usage as time passes: every PriorityCalcPeriod it multiplies \
                 every association's RawUsage by d^P, with d = 1 − 0.693 / H per second, and \
                 running jobs add billing TRES × seconds. Move time forward; the tree reorders \
                 when you let go of the slider."
            }
            M::HalfLife => "PriorityDecayHalfLife",
            M::HalfLifeHelp => {
                "A Slurm time: minutes, or days-hours such as 7-0 (the default, 7 days); 0 turns \
                 decay off."
            }
            M::CalcPeriod => "PriorityCalcPeriod",
            M::CalcPeriodHelp => "Minutes between decay cycles (the default is 5).",
            M::FieldHalfLife => {
                "PriorityDecayHalfLife: enter a Slurm time such as 7-0 (days-hours), 10080 \
                 (minutes) or 2:30:00 (hours:minutes:seconds)."
            }
            M::FieldCalcPeriod => {
                "PriorityCalcPeriod: enter a Slurm time of at least 1 minute, such as 5."
            }
            M::FactorLine => {
                "d = 1 − 0.693 / {h} s = {d} per second; one cycle of P = {p} s multiplies usage \
                 by d^P = {dp}."
            }
            M::NoDecay => "PriorityDecayHalfLife = 0: usage never decays (d = 1).",
            M::HalfLifeFact => {
                "After one half-life {factor} of the usage is left, not exactly 0.5: 0.693 is a \
                 truncated ln 2."
            }
            M::Time => "Time",
            M::TimeValue => "t = {t} ({cycles} decay cycles)",
            M::FactorReadout => "Decay since t = 0: d^t = {factor}",
            M::RootUsage => "root RawUsage: {from} at t = 0, {to} at t",
            M::SelectedUsage => "{name} RawUsage: {from} at t = 0, {to} at t",
            M::ApplyHint => {
                "Releasing the slider (or an arrow key) applies the usage at t to the tree as one \
                 edit, which Undo takes back."
            }
            M::Restarted => {
                "The tree was edited since the last move, so t = 0 is the tree as it is now."
            }
            M::RankFact => {
                "Decay alone multiplies every usage by the same factor, so every Level FS and \
                 every position stay the same; only new usage, from jobs, moves users. One exception, \
                 in Slurm too: Level FS values equal only on paper (10/10 beside 15/15) are \
                 ordered by 80-bit rounding (the ≈ badge), and a decay cycle can split or join \
                 such a tie (4 of Slurm's 135 test trees)."
            }
            M::RanksSame => "Every position is the same as at t = 0.",
            M::RanksChanged => "{n} users have a different position than at t = 0.",
            M::JobsTitle => "Jobs",
            M::JobUser => "Job's user",
            M::JobBillable => "Billing TRES",
            M::JobHours => "Run time (hours)",
            M::JobStart => "Starts at (hours after t = 0)",
            M::JobRunning => "Still running (its usage keeps accruing)",
            M::AddJob => "Add job",
            M::RemoveJob => "Remove job {n}",
            M::JobLine => "#{n} {user}: {billable} billing TRES from t = {start} for {hours} h",
            M::JobLineRunning => {
                "#{n} {user}: {billable} billing TRES from t = {start}, still running"
            }
            M::NoJobs => "No jobs yet: with decay alone no position ever changes.",
            M::FieldNonNegative => "{field}: enter a number of at least 0.",
            M::JobNeedsUser => "Choose the job's user first: the tree has no user association.",
            M::UntilTitle => "How long until I am back above …?",
            M::UntilKind => "Target",
            M::UntilPosition => "Position (1 = first served) at most",
            M::UntilFairShare => "FairShare at least",
            M::UntilValue => "Target value",
            M::UntilCompute => "Compute",
            M::UntilPick => "Select a user association to ask about it.",
            M::UntilNow => "{name} meets it already: position {position} of {n}, FairShare {fs}.",
            M::UntilAt => {
                "{name} gets there after {time} ({periods} decay cycles): position {position} of \
                 {n}, FairShare {fs}."
            }
            M::UntilNever => {
                "Never within the horizon of {horizon}: {name} does not get there while the jobs \
                 run, and after they end only decay is left, which changes no position."
            }
            M::UntilNeverNoJobs => {
                "Never: no job runs after now, so only decay is left, and decay alone changes no \
                 position. Add a job for someone else to see {name} move up."
            }
            M::FieldPosition => {
                "Target position: enter a whole number from 1 (first served) to {n} (last)."
            }
            M::FieldFairShare => "Target FairShare: enter a number from 0 to 1.",
        }
    }

    fn ja(self) -> Option<&'static str> {
        use DecayMsg as M;
        Some(match self {
            M::Intro => {
                "Slurm は時間とともにすべての使用量を減衰させます。PriorityCalcPeriod ごとに、\
                 すべての association の RawUsage に d^P（d = 1 − 0.693 / H、秒あたり）を掛け、\
                 実行中のジョブは課金 TRES × 秒を加えます。時間を進めてください。スライダーを\
                 離すとツリーが再計算されます。"
            }
            // A slurm.conf parameter name: the same in every language.
            M::HalfLife => return Some(self.en()),
            M::HalfLifeHelp => {
                "Slurm の時間指定：分、または 7-0 のような 日-時（既定は 7 日）。0 で減衰なし。"
            }
            // A slurm.conf parameter name: the same in every language.
            M::CalcPeriod => return Some(self.en()),
            M::CalcPeriodHelp => "減衰サイクルの間隔（分、既定は 5）。",
            M::FieldHalfLife => {
                "PriorityDecayHalfLife：7-0（日-時）、10080（分）、2:30:00（時:分:秒）のような \
                 Slurm の時間を入力してください。"
            }
            M::FieldCalcPeriod => {
                "PriorityCalcPeriod：5 のような 1 分以上の Slurm の時間を入力してください。"
            }
            M::FactorLine => {
                "d = 1 − 0.693 / {h} s = {d}（秒あたり）。P = {p} s の 1 サイクルで使用量は \
                 d^P = {dp} 倍になる。"
            }
            M::NoDecay => "PriorityDecayHalfLife = 0：使用量は減衰しない（d = 1）。",
            M::HalfLifeFact => {
                "半減期が 1 回過ぎると使用量は {factor} 残る（ちょうど 0.5 ではない）。0.693 は \
                 ln 2 を切り捨てた値だから。"
            }
            M::Time => "時間",
            M::TimeValue => "t = {t}（減衰サイクル {cycles} 回）",
            M::FactorReadout => "t = 0 からの減衰：d^t = {factor}",
            M::RootUsage => "root の RawUsage：t = 0 で {from}、t で {to}",
            M::SelectedUsage => "{name} の RawUsage：t = 0 で {from}、t で {to}",
            M::ApplyHint => {
                "スライダーを離す（または矢印キー）と、t の時点の使用量が 1 回の編集としてツリーに\
                 適用されます。元に戻すで取り消せます。"
            }
            M::Restarted => "前回の移動のあとツリーが編集されたので、t = 0 は現在のツリーです。",
            M::RankFact => {
                "減衰だけではすべての使用量に同じ係数が掛かるので、Level FS も位置も変わらない。\
                 ユーザーの位置を動かすのはジョブによる新しい使用量だけ。例外は Slurm でも同じで、\
                 数式の上でだけ等しい Level FS（10/10 と 15/15）は 80 ビットの丸めで順序が決まり\
                 （≈ バッジ）、減衰の 1 サイクルでその同点が分かれたりまとまったりする\
                 （Slurm の 135 のテスト木のうち 4 つ）。"
            }
            M::RanksSame => "すべての位置が t = 0 と同じです。",
            M::RanksChanged => "{n} 人の位置が t = 0 と違います。",
            M::JobsTitle => "ジョブ",
            M::JobUser => "ジョブのユーザー",
            M::JobBillable => "課金 TRES",
            M::JobHours => "実行時間（時間）",
            M::JobStart => "開始時刻（t = 0 から何時間後）",
            M::JobRunning => "実行中（使用量が増え続ける）",
            M::AddJob => "ジョブを追加",
            M::RemoveJob => "ジョブ {n} を削除",
            M::JobLine => "#{n} {user}：課金 TRES {billable}、t = {start} から {hours} 時間",
            M::JobLineRunning => "#{n} {user}：課金 TRES {billable}、t = {start} から実行中",
            M::NoJobs => "ジョブはまだありません。減衰だけでは位置は変わりません。",
            M::FieldNonNegative => "{field}：0 以上の数を入力してください。",
            M::JobNeedsUser => {
                "先にジョブのユーザーを選んでください。ツリーにユーザー association がありません。"
            }
            M::UntilTitle => "いつ … より上に戻れるか",
            M::UntilKind => "目標",
            M::UntilPosition => "順番（1 = 最初に処理）がこれ以内",
            M::UntilFairShare => "FairShare がこれ以上",
            M::UntilValue => "目標値",
            M::UntilCompute => "計算",
            M::UntilPick => "ユーザー association を選んでください。",
            M::UntilNow => {
                "{name} はすでに達しています：{n} 人中 {position} 番目、FairShare {fs}。"
            }
            M::UntilAt => {
                "{name} は {time} 後（減衰サイクル {periods} 回）に達します：{n} 人中 {position} \
                 番目、FairShare {fs}。"
            }
            M::UntilNever => {
                "{horizon} の範囲では達しません。{name} はジョブの実行中に届かず、ジョブが終わると\
                 減衰しか残らず、減衰は位置を変えないからです。"
            }
            M::UntilNeverNoJobs => {
                "達しません。これから実行されるジョブがないので減衰しか残らず、減衰だけでは位置は\
                 変わりません。ほかの人のジョブを追加すると {name} が上がるのを確かめられます。"
            }
            M::FieldPosition => {
                "目標の順番：1（最初に処理）から {n}（最後）までの整数を入力してください。"
            }
            M::FieldFairShare => "目標の FairShare：0 から 1 までの数を入力してください。",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::DecayMsg>().unwrap();
    }
}
