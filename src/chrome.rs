//! The page chrome: the workspace around the tree (the stage with its docked player, and the
//! side column whose panels sit behind tabs, one at a time, each scrolling inside itself), the
//! toolbar, the lesson, presentation mode, the panic banner, the keyboard shortcuts, and
//! [`start`], which wires the app to the outside world at launch. Pure parts are tested
//! natively; the browser parts are thin and never throw into wasm.

pub mod keyboard_shortcuts;
pub mod lesson;
pub mod panic_banner;
pub mod present;
pub mod shell_bar;
pub mod side_panels;
pub mod start;
pub mod tab_list;
pub mod tab_panel;
pub mod tabs;
pub mod toolbar;

pub use side_panels::SidePanels;
pub use tabs::PanelTab;
