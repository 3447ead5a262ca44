//! The association tree at any size: what is shown ([`visible`], pure), the view model
//! ([`model`], pure), the view ([`view`]), finding an association ([`view::find_box`]) and the
//! `me=` link parameter ([`me_param`]), the overview's geometry ([`minimap`], pure).

pub mod me_param;
pub mod minimap;
pub mod model;
pub mod view;
pub mod visible;
