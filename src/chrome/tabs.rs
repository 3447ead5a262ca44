//! The side column's tabs as plain data: which panels exist, in which order, their names and
//! ids, and where the arrow keys move focus (the WAI-ARIA tabs pattern). Pure and tested natively.

use crate::messages::Lang;
use crate::messages::Message;
use crate::messages::classic::ClassicMsg;
use crate::messages::common::CommonMsg;
use crate::messages::inspector::WhatIfMsg;
use crate::messages::shell::ShellMsg;

/// One panel of the side column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum PanelTab {
    /// Edit the selected association.
    #[default]
    Inspector,
    /// "Why is B above me?"
    Compare,
    /// What would it take (issue 22).
    Calc,
    /// Rank changes against the baseline.
    WhatIf,
    /// The classic formula for the selected association.
    Classic,
    /// What the score means.
    Score,
    /// Usage decay over time.
    Decay,
    /// Job priority.
    Priority,
    /// The sshare table.
    Sshare,
    /// Import and export.
    Import,
}

impl PanelTab {
    /// Every tab, in the order the tab list shows them.
    pub const ALL: [PanelTab; 10] = [
        PanelTab::Inspector,
        PanelTab::Compare,
        PanelTab::Calc,
        PanelTab::WhatIf,
        PanelTab::Classic,
        PanelTab::Score,
        PanelTab::Decay,
        PanelTab::Priority,
        PanelTab::Sshare,
        PanelTab::Import,
    ];

    /// The tab's accessible name: its panel's region name (the UI contract), except the import
    /// panel's tab, which is `Import`.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            PanelTab::Inspector => CommonMsg::RegionInspector.text(lang),
            PanelTab::Compare => CommonMsg::RegionCompare.text(lang),
            PanelTab::Calc => CommonMsg::RegionCalc.text(lang),
            PanelTab::WhatIf => WhatIfMsg::Region.text(lang),
            PanelTab::Classic => CommonMsg::RegionClassic.text(lang),
            PanelTab::Score => ClassicMsg::LegendTitle.text(lang),
            PanelTab::Decay => CommonMsg::RegionDecay.text(lang),
            PanelTab::Priority => CommonMsg::RegionPriority.text(lang),
            PanelTab::Sshare => CommonMsg::RegionSshare.text(lang),
            PanelTab::Import => ShellMsg::TabImport.text(lang),
        }
    }

    /// A stable slug for element ids (`ft-tab-<slug>`, `ft-tabpanel-<slug>`).
    pub fn slug(self) -> &'static str {
        match self {
            PanelTab::Inspector => "inspector",
            PanelTab::Compare => "compare",
            PanelTab::Calc => "calc",
            PanelTab::WhatIf => "whatif",
            PanelTab::Classic => "classic",
            PanelTab::Score => "score",
            PanelTab::Decay => "decay",
            PanelTab::Priority => "priority",
            PanelTab::Sshare => "sshare",
            PanelTab::Import => "import",
        }
    }

    /// The id of the tab element.
    pub fn tab_id(self) -> String {
        format!("ft-tab-{}", self.slug())
    }

    /// The id of the tab panel element.
    pub fn panel_id(self) -> String {
        format!("ft-tabpanel-{}", self.slug())
    }

    fn index(self) -> usize {
        Self::ALL.iter().position(|t| *t == self).unwrap_or(0)
    }
}

/// Where a key press on a tab moves the selection (automatic activation), if anywhere:
/// Left/Up previous, Right/Down next (both wrap), Home first, End last.
pub fn key_target(current: PanelTab, key: &str) -> Option<PanelTab> {
    let n = PanelTab::ALL.len();
    let i = current.index();
    let to = match key {
        "ArrowLeft" | "ArrowUp" => (i + n - 1) % n,
        "ArrowRight" | "ArrowDown" => (i + 1) % n,
        "Home" => 0,
        "End" => n - 1,
        _ => return None,
    };
    Some(PanelTab::ALL[to])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrow_keys_wrap_and_home_end_jump() {
        use PanelTab::*;
        assert_eq!(key_target(Inspector, "ArrowRight"), Some(Compare));
        assert_eq!(key_target(Inspector, "ArrowLeft"), Some(Import));
        assert_eq!(key_target(Import, "ArrowDown"), Some(Inspector));
        assert_eq!(key_target(Classic, "ArrowUp"), Some(WhatIf));
        assert_eq!(key_target(Classic, "Home"), Some(Inspector));
        assert_eq!(key_target(Classic, "End"), Some(Import));
        assert_eq!(key_target(Classic, "Enter"), None);
        assert_eq!(key_target(Classic, "a"), None);
    }

    #[test]
    fn names_are_the_contract_region_names_and_ids_are_unique() {
        let names: Vec<_> = PanelTab::ALL.iter().map(|t| t.name(Lang::En)).collect();
        for name in [
            "Inspector",
            "Compare",
            "What would it take",
            "Classic fairshare",
            "sshare",
            "Import",
        ] {
            assert!(names.contains(&name), "no tab named {name}");
        }
        let ids: std::collections::HashSet<_> = PanelTab::ALL.iter().map(|t| t.tab_id()).collect();
        assert_eq!(ids.len(), PanelTab::ALL.len());
        // Japanese names differ from English where translated, and are never empty.
        assert!(PanelTab::ALL.iter().all(|t| !t.name(Lang::Ja).is_empty()));
        assert_ne!(PanelTab::Import.name(Lang::Ja), "Import");
    }
}
