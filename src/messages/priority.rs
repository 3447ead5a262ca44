//! Strings of the job-priority panel (`priority_panel`). Slurm's parameter names
//! (PriorityWeightAge, …) are labels in every language.

use super::Message;

/// Keys of the job-priority panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum PriorityMsg {
    /// What the panel shows.
    Intro,
    /// The multifactor formula.
    Formula,
    /// Heading: weights.
    WeightsTitle,
    /// The weights default to 0.
    WeightsDefaultNote,
    /// PriorityWeightAge.
    WeightAge,
    /// PriorityWeightAssoc.
    WeightAssoc,
    /// PriorityWeightFairshare.
    WeightFairshare,
    /// PriorityWeightJobSize.
    WeightJobSize,
    /// PriorityWeightPartition.
    WeightPartition,
    /// PriorityWeightQOS.
    WeightQos,
    /// PriorityWeightTRES.
    WeightTres,
    /// Help for PriorityWeightTRES.
    TresHelp,
    /// PriorityMaxAge.
    MaxAge,
    /// Heading: the example job.
    JobTitle,
    /// Whose job it is.
    JobUser,
    /// Nobody selected: whose job it is meanwhile.
    JobUserFallback,
    /// The tree has no user.
    JobNoUser,
    /// Label: hours waited.
    Waited,
    /// Label: nodes requested.
    MinNodes,
    /// Label: CPUs.
    Cpus,
    /// Label: nodes in the cluster.
    ClusterNodes,
    /// Label: CPUs in the cluster.
    ClusterCpus,
    /// Label: the partition's PriorityJobFactor.
    PartitionFactor,
    /// Label: the largest PriorityJobFactor.
    MaxPartitionFactor,
    /// Label: the QOS priority.
    QosPriority,
    /// Label: the largest QOS priority.
    MaxQosPriority,
    /// Label: GPUs.
    Gpus,
    /// Label: GPUs in the partition.
    PartitionGpus,
    /// Label: nice.
    Nice,
    /// Heading: the terms.
    TermsTitle,
    /// Column: term.
    ColumnTerm,
    /// Column: weight.
    ColumnWeight,
    /// Column: factor.
    ColumnFactor,
    /// Column: weight × factor.
    ColumnProduct,
    /// Term: age.
    TermAge,
    /// Term: association.
    TermAssoc,
    /// Term: fairshare.
    TermFairshare,
    /// Term: job size.
    TermJobSize,
    /// Term: partition.
    TermPartition,
    /// Term: QOS.
    TermQos,
    /// Term: one TRES.
    TermTres,
    /// Term: nice.
    TermNice,
    /// The total.
    Total,
    /// The bar, for screen readers.
    BarLabel,
    /// The sum was raised to 1.
    ClampRaised,
    /// The sum was capped.
    ClampCapped,
    /// The PriorityWeightFairshare advice, computed for the tree.
    Suggested,
    /// Button: use the suggested weight.
    UseSuggested,
    /// Refusal: a weight.
    FieldWeight,
    /// Refusal: a whole number.
    FieldWhole,
    /// Refusal: a number.
    FieldNumber,
    /// Refusal: a signed whole number.
    FieldSigned,
    /// Refusal: PriorityWeightTRES.
    FieldTres,
    /// Refusal: PriorityMaxAge.
    FieldMaxAge,
}

impl Message for PriorityMsg {
    const ALL: &'static [PriorityMsg] = &[
        PriorityMsg::Intro,
        PriorityMsg::Formula,
        PriorityMsg::WeightsTitle,
        PriorityMsg::WeightsDefaultNote,
        PriorityMsg::WeightAge,
        PriorityMsg::WeightAssoc,
        PriorityMsg::WeightFairshare,
        PriorityMsg::WeightJobSize,
        PriorityMsg::WeightPartition,
        PriorityMsg::WeightQos,
        PriorityMsg::WeightTres,
        PriorityMsg::TresHelp,
        PriorityMsg::MaxAge,
        PriorityMsg::JobTitle,
        PriorityMsg::JobUser,
        PriorityMsg::JobUserFallback,
        PriorityMsg::JobNoUser,
        PriorityMsg::Waited,
        PriorityMsg::MinNodes,
        PriorityMsg::Cpus,
        PriorityMsg::ClusterNodes,
        PriorityMsg::ClusterCpus,
        PriorityMsg::PartitionFactor,
        PriorityMsg::MaxPartitionFactor,
        PriorityMsg::QosPriority,
        PriorityMsg::MaxQosPriority,
        PriorityMsg::Gpus,
        PriorityMsg::PartitionGpus,
        PriorityMsg::Nice,
        PriorityMsg::TermsTitle,
        PriorityMsg::ColumnTerm,
        PriorityMsg::ColumnWeight,
        PriorityMsg::ColumnFactor,
        PriorityMsg::ColumnProduct,
        PriorityMsg::TermAge,
        PriorityMsg::TermAssoc,
        PriorityMsg::TermFairshare,
        PriorityMsg::TermJobSize,
        PriorityMsg::TermPartition,
        PriorityMsg::TermQos,
        PriorityMsg::TermTres,
        PriorityMsg::TermNice,
        PriorityMsg::Total,
        PriorityMsg::BarLabel,
        PriorityMsg::ClampRaised,
        PriorityMsg::ClampCapped,
        PriorityMsg::Suggested,
        PriorityMsg::UseSuggested,
        PriorityMsg::FieldWeight,
        PriorityMsg::FieldWhole,
        PriorityMsg::FieldNumber,
        PriorityMsg::FieldSigned,
        PriorityMsg::FieldTres,
        PriorityMsg::FieldMaxAge,
    ];

    fn en(self) -> &'static str {
        use PriorityMsg as M;
        match self {
            M::Intro => {
                "How fairshare becomes a job's priority (priority/multifactor): a weighted sum of \
                 factors that are each between 0 and 1. The fairshare factor is the selected \
                 user's FairShare from the tree."
            }
            M::Formula => {
                "priority = PriorityWeightAge · age + PriorityWeightAssoc · assoc + \
                 PriorityWeightFairshare · fairshare + PriorityWeightJobSize · job size + \
                 PriorityWeightPartition · partition + PriorityWeightQOS · QOS + \
                 Σ PriorityWeightTRES · TRES − nice; at least 1 (0 means held), at most \
                 4294967295, truncated to a whole number."
            }
            M::WeightsTitle => "Weights (slurm.conf)",
            M::WeightsDefaultNote => {
                "In Slurm's code every PriorityWeight* defaults to 0 (an example comment in the \
                 docs says 1); these are example values."
            }
            M::WeightAge => "PriorityWeightAge",
            M::WeightAssoc => "PriorityWeightAssoc",
            M::WeightFairshare => "PriorityWeightFairshare",
            M::WeightJobSize => "PriorityWeightJobSize",
            M::WeightPartition => "PriorityWeightPartition",
            M::WeightQos => "PriorityWeightQOS",
            M::WeightTres => "PriorityWeightTRES",
            M::TresHelp => "TRES=weight pairs separated by commas, such as CPU=500,GRES/gpu=1000.",
            M::MaxAge => "PriorityMaxAge",
            M::JobTitle => "Example job",
            M::JobUser => "{name}'s job: FairShare {fs} (position {position} of {n}).",
            M::JobUserFallback => {
                "Select a user in the tree; until then the job belongs to {name} (FairShare {fs})."
            }
            M::JobNoUser => "The tree has no user association: the fairshare factor is 0.",
            M::Waited => "Waited (hours)",
            M::MinNodes => "Nodes requested",
            M::Cpus => "CPUs requested",
            M::ClusterNodes => "Nodes in the cluster",
            M::ClusterCpus => "CPUs in the cluster",
            M::PartitionFactor => "Partition's PriorityJobFactor",
            M::MaxPartitionFactor => "Highest PriorityJobFactor",
            M::QosPriority => "QOS Priority",
            M::MaxQosPriority => "Highest QOS Priority",
            M::Gpus => "GPUs requested",
            M::PartitionGpus => "GPUs in the partition",
            M::Nice => "Nice value",
            M::TermsTitle => "The weighted terms",
            M::ColumnTerm => "Term",
            M::ColumnWeight => "Weight",
            M::ColumnFactor => "Factor",
            M::ColumnProduct => "Weight × factor",
            M::TermAge => "Age",
            M::TermAssoc => "Association",
            M::TermFairshare => "Fairshare",
            M::TermJobSize => "Job size",
            M::TermPartition => "Partition",
            M::TermQos => "QOS",
            M::TermTres => "TRES {name}",
            M::TermNice => "Nice",
            M::Total => "Priority = {sum} → {priority}",
            M::BarLabel => "Stacked bar of the job's priority {priority}: {terms}",
            M::ClampRaised => "The sum is below 1, so Slurm raises it to 1 (0 would mean held).",
            M::ClampCapped => "The sum exceeds 4294967295, so Slurm caps it and logs an error.",
            M::Suggested => {
                "Fair Tree's FairShare moves in steps of 1/N. With N = {n} user associations in \
                 this tree, a PriorityWeightFairshare of {low} to {high} (1–2 × N) is already \
                 enough for every rank to count (fair_tree.shtml); what matters beyond that is \
                 its size next to the other weights."
            }
            M::UseSuggested => "Set PriorityWeightFairshare to {high}",
            M::FieldWeight => "{field}: enter a whole number from 0 to 4294967295.",
            M::FieldWhole => "{field}: enter a whole number of at least 0.",
            M::FieldNumber => "{field}: enter a number of at least 0.",
            M::FieldSigned => "{field}: enter a whole number (negative raises the priority).",
            M::FieldTres => {
                "PriorityWeightTRES: write TRES=weight pairs separated by commas, such as \
                 CPU=500,GRES/gpu=1000."
            }
            M::FieldMaxAge => "PriorityMaxAge: enter a Slurm time such as 7-0 (days-hours).",
        }
    }

    fn ja(self) -> Option<&'static str> {
        use PriorityMsg as M;
        Some(match self {
            M::Intro => {
                "フェアシェアがジョブの優先度になるしくみ（priority/multifactor）：それぞれ 0〜1 の\
                 係数の重み付き和。fairshare 係数は、ツリーで選んだユーザーの FairShare です。"
            }
            M::Formula => {
                "priority = PriorityWeightAge · age + PriorityWeightAssoc · assoc + \
                 PriorityWeightFairshare · fairshare + PriorityWeightJobSize · ジョブサイズ + \
                 PriorityWeightPartition · partition + PriorityWeightQOS · QOS + \
                 Σ PriorityWeightTRES · TRES − nice。最小 1（0 は保留を意味する）、最大 \
                 4294967295 で、整数に切り捨てる。"
            }
            M::WeightsTitle => "重み（slurm.conf）",
            M::WeightsDefaultNote => {
                "Slurm のコードではすべての PriorityWeight* の既定値は 0（ドキュメントの例の\
                 コメントは 1 と書いている）。ここの値は例です。"
            }
            M::WeightAge
            | M::WeightAssoc
            | M::WeightFairshare
            | M::WeightJobSize
            | M::WeightPartition
            | M::WeightQos
            | M::WeightTres
            // slurm.conf parameter names: the same in every language.
            | M::MaxAge => return Some(self.en()),
            M::TresHelp => "CPU=500,GRES/gpu=1000 のように TRES=重み をカンマで区切る。",
            M::JobTitle => "ジョブの例",
            M::JobUser => "{name} のジョブ：FairShare {fs}（{n} 人中 {position} 番目）。",
            M::JobUserFallback => {
                "ツリーでユーザーを選んでください。それまでは {name} のジョブとします（FairShare \
                 {fs}）。"
            }
            M::JobNoUser => "ツリーにユーザー association がないので fairshare 係数は 0。",
            M::Waited => "待ち時間（時間）",
            M::MinNodes => "要求ノード数",
            M::Cpus => "要求 CPU 数",
            M::ClusterNodes => "クラスタのノード数",
            M::ClusterCpus => "クラスタの CPU 数",
            M::PartitionFactor => "パーティションの PriorityJobFactor",
            M::MaxPartitionFactor => "PriorityJobFactor の最大値",
            M::QosPriority => "QOS の Priority",
            M::MaxQosPriority => "QOS の Priority の最大値",
            M::Gpus => "要求 GPU 数",
            M::PartitionGpus => "パーティションの GPU 数",
            M::Nice => "nice 値",
            M::TermsTitle => "重み付きの項",
            M::ColumnTerm => "項",
            M::ColumnWeight => "重み",
            M::ColumnFactor => "係数",
            M::ColumnProduct => "重み × 係数",
            M::TermAge => "経過時間",
            M::TermAssoc => "association",
            M::TermFairshare => "フェアシェア",
            M::TermJobSize => "ジョブサイズ",
            M::TermPartition => "パーティション",
            M::TermQos => "QOS",
            M::TermTres => "TRES {name}",
            M::TermNice => "Nice 値",
            M::Total => "優先度 = {sum} → {priority}",
            M::BarLabel => "ジョブの優先度 {priority} の積み上げ棒：{terms}",
            M::ClampRaised => "和が 1 未満なので Slurm は 1 に引き上げる（0 は保留の意味）。",
            M::ClampCapped => "和が 4294967295 を超えるので Slurm は上限で切り、エラーを記録する。",
            M::Suggested => {
                "Fair Tree の FairShare は 1/N 刻みで動く。このツリーのユーザー association は \
                 N = {n} 個なので、PriorityWeightFairshare は {low}〜{high}（N の 1〜2 倍）で\
                 すべての順位の差が効く（fair_tree.shtml）。それ以上は、ほかの重みとの大小だけが\
                 意味を持つ。"
            }
            M::UseSuggested => "PriorityWeightFairshare を {high} にする",
            M::FieldWeight => "{field}：0 から 4294967295 までの整数を入力してください。",
            M::FieldWhole => "{field}：0 以上の整数を入力してください。",
            M::FieldNumber => "{field}：0 以上の数を入力してください。",
            M::FieldSigned => "{field}：整数を入力してください（負の値は優先度を上げる）。",
            M::FieldTres => {
                "PriorityWeightTRES：CPU=500,GRES/gpu=1000 のように TRES=重み をカンマで区切って\
                 書いてください。"
            }
            M::FieldMaxAge => {
                "PriorityMaxAge：7-0（日-時）のような Slurm の時間を入力してください。"
            }
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::PriorityMsg>().unwrap();
    }
}
