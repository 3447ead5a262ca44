//! The engine alone, with no view.
#[path = "../probe.rs"]
mod probe;

fn main() {}
