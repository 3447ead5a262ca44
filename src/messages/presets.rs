//! Titles and captions of the built-in scenarios.

use super::Message;

/// Keys of the preset titles and their two-line captions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum PresetMsg {
    /// Title: the classic page's example.
    ClassicExampleTitle,
    /// Caption: the classic page's example.
    ClassicExampleCaption,
    /// Title: the Fair Tree page's example.
    FairTreeExampleTitle,
    /// Caption: the Fair Tree page's example.
    FairTreeExampleCaption,
    /// Title: Slurm's test24.4.
    Test24Title,
    /// Caption: Slurm's test24.4.
    Test24Caption,
    /// Title: "My Level FS is inf".
    InfTitle,
    /// Caption: "My Level FS is inf".
    InfCaption,
    /// Title: "My labmates used our share".
    LabmatesTitle,
    /// Caption: "My labmates used our share".
    LabmatesCaption,
    /// Title: "Why is my FairShare blank or 0?".
    BlankTitle,
    /// Caption: "Why is my FairShare blank or 0?".
    BlankCaption,
    /// Title: FairShare=parent.
    ParentTitle,
    /// Caption: FairShare=parent.
    ParentCaption,
    /// Title: tied accounts.
    TiedTitle,
    /// Caption: tied accounts.
    TiedCaption,
    /// Title: "My Level FS is tiny, but I rarely run".
    TinyTitle,
    /// Caption: "My Level FS is tiny, but I rarely run".
    TinyCaption,
    /// Title: one person with two accounts.
    TwoAccountsTitle,
    /// Caption: one person with two accounts.
    TwoAccountsCaption,
}

impl Message for PresetMsg {
    const ALL: &'static [PresetMsg] = &[
        PresetMsg::ClassicExampleTitle,
        PresetMsg::ClassicExampleCaption,
        PresetMsg::FairTreeExampleTitle,
        PresetMsg::FairTreeExampleCaption,
        PresetMsg::Test24Title,
        PresetMsg::Test24Caption,
        PresetMsg::InfTitle,
        PresetMsg::InfCaption,
        PresetMsg::LabmatesTitle,
        PresetMsg::LabmatesCaption,
        PresetMsg::BlankTitle,
        PresetMsg::BlankCaption,
        PresetMsg::ParentTitle,
        PresetMsg::ParentCaption,
        PresetMsg::TiedTitle,
        PresetMsg::TiedCaption,
        PresetMsg::TinyTitle,
        PresetMsg::TinyCaption,
        PresetMsg::TwoAccountsTitle,
        PresetMsg::TwoAccountsCaption,
    ];

    fn en(self) -> &'static str {
        match self {
            PresetMsg::ClassicExampleTitle => "Classic page example (accounts A–F, users 1–5)",
            PresetMsg::ClassicExampleCaption => {
                "The worked example of Slurm's classic fairshare page. Open the Classic fairshare panel and select User1 to User5: F = 0.408479, 0.022097, 0.125000, 0.500000, 0.749154.\n\
                 The page measures usage as a share of the machine; Slurm divides by the root's total usage, so AccountG (0 shares) holds the unused 0.3 and the two agree."
            }
            PresetMsg::FairTreeExampleTitle => "Fair Tree page example: why is UserB above UserA?",
            PresetMsg::FairTreeExampleCaption => {
                "UserB ran four times as much as UserA, yet ranks higher. Compare UserA with UserB.\n\
                 Their first common ancestor is Acct1; below it Acct16 has a higher Level FS than Acct12, so every Acct16 user ranks above every Acct12 user."
            }
            PresetMsg::Test24Title => "Slurm's own test (test24.4)",
            PresetMsg::Test24Caption => {
                "The tree Slurm's test suite checks Fair Tree with: 21 users, ties at inf, zero shares, FairShare=parent.\n\
                 Step through the ranking animation to see every rule at work."
            }
            PresetMsg::InfTitle => "My Level FS is inf",
            PresetMsg::InfCaption => {
                "No usage means U = 0, so Level FS = S / U is infinite: alice, bob and carol are tied at the top of physics.\n\
                 Tied users share one rank, and the next user skips ranks (5, 5, 5, then 2)."
            }
            PresetMsg::LabmatesTitle => "My labmates used our share",
            PresetMsg::LabmatesCaption => {
                "You barely ran, but your account bio used 70% of the cluster for half the shares.\n\
                 bio's Level FS is below geo's, so every bio user, you included, ranks below every geo user."
            }
            PresetMsg::BlankTitle => "Why is my FairShare blank or 0?",
            PresetMsg::BlankCaption => {
                "Account rows have no FairShare under Fair Tree (sshare leaves them blank). Zero shares give Level FS 0: last among siblings, but never a FairShare of 0 (the lowest is 1/N).\n\
                 In the classic panel zero shares do give F = 0, and heavy users (u3) come close to it."
            }
            PresetMsg::ParentTitle => "FairShare=parent",
            PresetMsg::ParentCaption => {
                "pi and the students account are FairShare=parent: students' users are ranked among lab's own users.\n\
                 A FairShare=parent user gets Level FS inf internally (sshare shows it blank) and its own rank, not its parent's."
            }
            PresetMsg::TiedTitle => "Tied accounts: the docs vs Slurm",
            PresetMsg::TiedCaption => {
                "A and B have exactly the same Level FS. The Fair Tree page says their users are merged; Slurm's code visits A, then B.\n\
                 So b1 shares a2's rank and b2 falls to 0.25. Switch on the documented tie rule to compare."
            }
            PresetMsg::TinyTitle => "My Level FS is tiny, but I rarely run",
            PresetMsg::TinyCaption => {
                "Level FS compares you with your siblings only: you hold 1 of chem's 12 shares (S = 0.083) but ran a quarter of chem's usage (U = 0.25), so LF = 0.083 / 0.25 = 0.33, below your idle labmates (inf). Above 1 is good for you, below 1 is not.\n\
                 chem's own Level FS (1.25) is above phys's (0.83), so you still rank above every phys user."
            }
            PresetMsg::TwoAccountsTitle => "One person, two accounts",
            PresetMsg::TwoAccountsCaption => {
                "alice has an association in bio and another in bio_gpu: each has its own usage, Level FS, rank and FairShare (0.8 in bio, 0.4 in bio_gpu).\n\
                 A job gets the FairShare of the account it is charged to (sbatch --account)."
            }
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            PresetMsg::ClassicExampleTitle => "classic ページの例（アカウント A–F、ユーザー 1–5）",
            PresetMsg::ClassicExampleCaption => {
                "Slurm の classic fairshare ページの計算例。Classic fairshare パネルを開き User1〜User5 を選ぶと F = 0.408479, 0.022097, 0.125000, 0.500000, 0.749154。\n\
                 ページは使用量をマシン全体に対する割合で測り、Slurm は root の総使用量で割る。AccountG（シェア 0）が未使用の 0.3 を持つので両者が一致する。"
            }
            PresetMsg::FairTreeExampleTitle => "Fair Tree ページの例: なぜ UserB が UserA より上？",
            PresetMsg::FairTreeExampleCaption => {
                "UserB は UserA の 4 倍使ったのに順位が高い。UserA と UserB を比較してみよう。\n\
                 最初の共通祖先は Acct1。その下で Acct16 の Level FS が Acct12 より高いので、Acct16 のユーザーは全員 Acct12 のユーザーより上になる。"
            }
            PresetMsg::Test24Title => "Slurm 自身のテスト（test24.4）",
            PresetMsg::Test24Caption => {
                "Slurm のテストが Fair Tree を確かめる木: ユーザー 21 人、inf での同順位、シェア 0、FairShare=parent。\n\
                 順位付けアニメーションを 1 ステップずつ進めると、すべての規則が働く様子が見える。"
            }
            PresetMsg::InfTitle => "Level FS が inf になっている",
            PresetMsg::InfCaption => {
                "使用量がなければ U = 0 なので Level FS = S / U は無限大: alice、bob、carol は physics の先頭で同順位。\n\
                 同順位のユーザーは 1 つの順位を共有し、次のユーザーは順位を飛ばす（5, 5, 5 の次は 2）。"
            }
            PresetMsg::LabmatesTitle => "研究室の仲間が割り当てを使った",
            PresetMsg::LabmatesCaption => {
                "あなたはほとんど使っていないが、アカウント bio はシェアの半分でクラスタの 70% を使った。\n\
                 bio の Level FS は geo より低いので、あなたを含む bio の全員が geo の全員より下になる。"
            }
            PresetMsg::BlankTitle => "FairShare が空欄や 0 なのはなぜ？",
            PresetMsg::BlankCaption => {
                "Fair Tree ではアカウントの行に FairShare はない（sshare は空欄）。シェア 0 なら Level FS は 0 で兄弟の最後だが、FairShare が 0 になることはない（最低は 1/N）。\n\
                 classic パネルではシェア 0 で F = 0 になり、使いすぎのユーザー（u3）も 0 に近づく。"
            }
            PresetMsg::ParentTitle => "FairShare=parent",
            PresetMsg::ParentCaption => {
                "pi と students アカウントは FairShare=parent: students のユーザーは lab 自身のユーザーと一緒に並べられる。\n\
                 FairShare=parent のユーザーは内部で Level FS inf となり（sshare では空欄）、親のではなく自分の順位を持つ。"
            }
            PresetMsg::TiedTitle => "同点のアカウント: ドキュメントと Slurm の違い",
            PresetMsg::TiedCaption => {
                "A と B の Level FS はまったく同じ。Fair Tree ページはユーザーを統合すると書くが、Slurm のコードは A、次に B の順に訪れる。\n\
                 そのため b1 は a2 と同じ順位になり、b2 は 0.25 に落ちる。ドキュメントの同点規則をオンにして比べよう。"
            }
            PresetMsg::TinyTitle => "ほとんど使っていないのに Level FS がとても小さい",
            PresetMsg::TinyCaption => {
                "Level FS は兄弟との比較だけ: あなたは chem の 12 シェアのうち 1（S = 0.083）だが chem の使用量の 4 分の 1 を使った（U = 0.25）ので LF = 0.083 / 0.25 = 0.33、使っていない仲間（inf）より下。1 より上なら有利、下なら不利。\n\
                 chem 自体の Level FS（1.25）は phys（0.83）より高いので、あなたは phys の全員より上のまま。"
            }
            PresetMsg::TwoAccountsTitle => "1 人で 2 つのアカウント",
            PresetMsg::TwoAccountsCaption => {
                "alice は bio と bio_gpu にそれぞれアソシエーションを持つ: 使用量、Level FS、順位、FairShare はそれぞれ別（bio で 0.8、bio_gpu で 0.4）。\n\
                 ジョブは課金先アカウント（sbatch --account）の FairShare を使う。"
            }
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::PresetMsg>().unwrap();
    }
}
