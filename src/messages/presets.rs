//! Titles and captions of the built-in scenarios.

use super::Message;

/// Keys of the preset titles and their two-line captions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        None
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::PresetMsg>().unwrap();
    }
}
