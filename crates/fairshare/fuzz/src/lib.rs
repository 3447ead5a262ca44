//! Shared by the fuzz targets: run an import and everything downstream of it.
//!
//! Every target feeds text to one parser (through [`fairshare::import::import`], with a header
//! or wrapper that steers it to that parser) and then, when a tree comes out, runs both
//! algorithms, the sshare emitter and the printed-versus-recomputed comparison on it. None of
//! this may panic, whatever the input.

use fairshare::import::{self, Imported};

/// Imports `text` and exercises the result (`fairshare::testing::exercise_import`, which the
/// property tests run too).
pub fn check(text: &str) -> Imported {
    let imp = import::import(text);
    fairshare::testing::exercise_import(&imp);
    imp
}

/// The fuzz input as text (invalid UTF-8 replaced, as a browser's textarea would).
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

pub mod arb;
