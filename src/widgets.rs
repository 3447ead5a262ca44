//! Widgets shared by several panels, each split into a pure model (tested natively) and a view.

pub mod dom_id;
pub mod download;
pub mod field;
pub mod index_marks;
pub mod input_field;
pub mod keyed_rows;
pub mod on_screen;
pub mod panel_open;
pub mod row_window;
pub mod scroll_echo;
pub mod scroll_window;
pub mod slots;
pub mod sort_header;
pub mod spacer;
pub mod table_filter;
pub mod table_order;
pub mod user_menu;
pub mod when;
