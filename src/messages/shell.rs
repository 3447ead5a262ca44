//! Strings of the workspace around the tree: the side column's tab list.

use super::Message;

/// Keys of the workspace shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShellMsg {
    /// Accessible name of the side column's tab list.
    PanelsLabel,
    /// The import panel's tab (the UI contract: `Import`).
    TabImport,
}

impl Message for ShellMsg {
    const ALL: &'static [ShellMsg] = &[ShellMsg::PanelsLabel, ShellMsg::TabImport];

    fn en(self) -> &'static str {
        match self {
            ShellMsg::PanelsLabel => "Panels",
            ShellMsg::TabImport => "Import",
        }
    }

    fn ja(self) -> Option<&'static str> {
        Some(match self {
            ShellMsg::PanelsLabel => "パネル",
            ShellMsg::TabImport => "インポート",
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_is_complete_and_consistent() {
        super::super::check_table::<super::ShellMsg>().unwrap();
    }
}
