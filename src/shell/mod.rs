//! The shell: the workspace around the tree (the stage with its docked player, and the side
//! column whose panels sit behind tabs, one at a time, each scrolling inside itself), and the
//! app's boundary with the outside world (launch parameters, the saved session, the URL,
//! embedding in a host page, exports). Pure parts are tested natively; the browser parts are
//! thin and never throw into wasm.

pub mod codec;
pub mod document;
pub mod export;
pub mod keyboard_shortcuts;
pub mod launch_params;
pub mod lesson;
pub mod panic_banner;
pub mod present;
pub mod session;
pub mod shell_bar;
pub mod side_panels;
pub mod snapshot_urls;
pub mod start;
pub mod storage;
pub mod tab_list;
pub mod tab_panel;
pub mod tabs;
pub mod toolbar;
pub mod url_state;

pub use side_panels::SidePanels;
pub use tabs::PanelTab;
