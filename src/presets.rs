//! The built-in scenarios: the seed examples and one per question users keep asking.
//!
//! Each is scenario JSON in `src/presets/`, compiled in, so the CLI and the tests read the very
//! same files (`fairshare compute src/presets/test24-4.json`).

use fairshare::Scenario;

use crate::messages::presets::PresetMsg;

/// One built-in scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Stable id (used in links and tests).
    pub id: &'static str,
    /// Menu title.
    pub title: PresetMsg,
    /// Two lines on what to look at.
    pub caption: PresetMsg,
    json: &'static str,
}

impl Preset {
    /// The scenario. The files are ours and tested, so a parse failure is a build defect;
    /// it still degrades to an empty-looking root rather than a panic.
    pub fn scenario(&self) -> Scenario {
        match fairshare::scenario::parse(self.json) {
            (Some(s), _) => s,
            (None, _) => fallback(),
        }
    }
}

fn fallback() -> Scenario {
    let text = r#"{"associations": [{"id": 1, "parent": null, "account": "root", "user": null}]}"#;
    fairshare::scenario::parse(text)
        .0
        .unwrap_or_else(|| unreachable!("a root-only scenario parses"))
}

/// Every preset, in menu order.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "classic-example",
        title: PresetMsg::ClassicExampleTitle,
        caption: PresetMsg::ClassicExampleCaption,
        json: include_str!("presets/classic-example.json"),
    },
    Preset {
        id: "fair-tree-example",
        title: PresetMsg::FairTreeExampleTitle,
        caption: PresetMsg::FairTreeExampleCaption,
        json: include_str!("presets/fair-tree-example.json"),
    },
    Preset {
        id: "test24-4",
        title: PresetMsg::Test24Title,
        caption: PresetMsg::Test24Caption,
        json: include_str!("presets/test24-4.json"),
    },
    Preset {
        id: "level-fs-inf",
        title: PresetMsg::InfTitle,
        caption: PresetMsg::InfCaption,
        json: include_str!("presets/level-fs-inf.json"),
    },
    Preset {
        id: "labmates",
        title: PresetMsg::LabmatesTitle,
        caption: PresetMsg::LabmatesCaption,
        json: include_str!("presets/labmates.json"),
    },
    Preset {
        id: "blank-or-zero",
        title: PresetMsg::BlankTitle,
        caption: PresetMsg::BlankCaption,
        json: include_str!("presets/blank-or-zero.json"),
    },
    Preset {
        id: "fairshare-parent",
        title: PresetMsg::ParentTitle,
        caption: PresetMsg::ParentCaption,
        json: include_str!("presets/fairshare-parent.json"),
    },
    Preset {
        id: "tied-accounts",
        title: PresetMsg::TiedTitle,
        caption: PresetMsg::TiedCaption,
        json: include_str!("presets/tied-accounts.json"),
    },
    Preset {
        id: "level-fs-tiny",
        title: PresetMsg::TinyTitle,
        caption: PresetMsg::TinyCaption,
        json: include_str!("presets/level-fs-tiny.json"),
    },
    Preset {
        id: "two-accounts",
        title: PresetMsg::TwoAccountsTitle,
        caption: PresetMsg::TwoAccountsCaption,
        json: include_str!("presets/two-accounts.json"),
    },
];

/// The preset the app opens on.
pub const DEFAULT: &str = "classic-example";

/// The preset with this id.
pub fn by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_parses_cleanly_and_ids_are_unique() {
        for p in PRESETS {
            let (s, diags) = fairshare::scenario::parse(p.json);
            assert!(s.is_some() && diags.is_empty(), "{}: {diags:?}", p.id);
            assert_eq!(PRESETS.iter().filter(|q| q.id == p.id).count(), 1);
        }
        assert!(by_id(DEFAULT).is_some());
    }

    #[test]
    fn the_classic_example_gives_the_pages_numbers() {
        let s = by_id("classic-example").unwrap().scenario();
        let run = fairshare::classic::run(&s.tree, &s.params);
        let f: Vec<String> = s
            .tree
            .assocs()
            .iter()
            .zip(run.assocs())
            .filter(|(a, _)| a.user.as_deref().is_some_and(|u| u != "User6"))
            .map(|(_, r)| format!("{:.6}", r.fairshare.unwrap()))
            .collect();
        assert_eq!(
            f,
            ["0.408479", "0.022097", "0.125000", "0.500000", "0.749154"]
        );
    }

    #[test]
    fn in_the_fair_tree_example_user_b_ranks_above_user_a() {
        let s = by_id("fair-tree-example").unwrap().scenario();
        let run = fairshare::fair_tree::run(&s.tree);
        let rank = |name: &str| {
            let ix = s
                .tree
                .assocs()
                .iter()
                .position(|a| a.user.as_deref() == Some(name))
                .unwrap();
            run.assocs()[ix].rank.unwrap()
        };
        assert!(rank("UserB") > rank("UserA"));
    }

    /// Position of the association of `user` in `account`.
    fn position(s: &Scenario, account: &str, user: Option<&str>) -> usize {
        s.tree
            .assocs()
            .iter()
            .position(|a| a.account == account && a.user.as_deref() == user)
            .unwrap()
    }

    #[test]
    fn the_tiny_level_fs_preset_says_what_its_caption_says() {
        let s = by_id("level-fs-tiny").unwrap().scenario();
        let run = fairshare::fair_tree::run(&s.tree);
        let lf = |acct: &str, user: Option<&str>| {
            run.assocs()[position(&s, acct, user)]
                .level_fs
                .unwrap()
                .to_f64()
        };
        let rank = |acct: &str, user: &str| run.assocs()[position(&s, acct, Some(user))].rank;
        // S = 1/12, U = 100/400: LF = 1/3, below the idle labmates' inf.
        assert!((lf("chem", Some("you")) - 1.0 / 3.0).abs() < 1e-12);
        assert!(lf("chem", Some("mo")).is_infinite());
        // chem 0.5/0.4 = 1.25 above phys 0.5/0.6: you rank above every phys user.
        assert!((lf("chem", None) - 1.25).abs() < 1e-12);
        assert!(lf("phys", None) < 1.0);
        assert!(rank("chem", "you") > rank("phys", "p1"));
        assert!(rank("chem", "you") > rank("phys", "p2"));
    }

    #[test]
    fn in_the_two_accounts_preset_each_association_has_its_own_fairshare() {
        let s = by_id("two-accounts").unwrap().scenario();
        let run = fairshare::fair_tree::run(&s.tree);
        let fs = |acct: &str| {
            run.assocs()[position(&s, acct, Some("alice"))]
                .fairshare
                .unwrap()
        };
        assert_eq!(format!("{:.1} {:.1}", fs("bio"), fs("bio_gpu")), "0.8 0.4");
    }
}
