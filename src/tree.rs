//! The association tree at any size: what is shown ([`visible`], pure), the view model
//! ([`model`], pure), the view ([`view`]), finding an association ([`view::find_box`]), the
//! overview's geometry ([`minimap`], pure). The `me=` link parameter is read at the boundary
//! ([`crate::boundary::me_param`]).

pub mod minimap;
pub mod model;
pub mod view;
pub mod visible;
