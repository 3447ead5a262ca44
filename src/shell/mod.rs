//! The workspace around the tree: the stage (tree and docked player) and the side column, whose
//! panels sit behind tabs, one at a time, each scrolling inside itself.

pub mod side_panels;
pub mod tab_list;
pub mod tab_panel;
pub mod tabs;

pub use side_panels::SidePanels;
pub use tabs::PanelTab;
