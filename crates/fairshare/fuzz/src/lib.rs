//! Shared by the fuzz targets: run an import and everything downstream of it.
//!
//! Every target feeds text to one parser (through [`fairshare::import::import`], with a header
//! or wrapper that steers it to that parser) and then, when a tree comes out, runs both
//! algorithms, the sshare emitter and the printed-versus-recomputed comparison on it. None of
//! this may panic, whatever the input.

use fairshare::import::{self, Imported};
use fairshare::sshare::{self, TextLayout};
use fairshare::{Algorithm, Ranked};

/// Imports `text` and exercises the result.
pub fn check(text: &str) -> Imported {
    let imp = import::import(text);
    if let Some(s) = &imp.scenario {
        let ranked = Ranked::new(&s.tree, fairshare::TieRule::Slurm);
        let rows = sshare::fair_tree_rows(&ranked);
        let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG_PARTITIONS);
        let _ = sshare::render(&rows, &cols, TextLayout::FixedWidth, sshare::Header::Shown);
        let _ = import::compare(&ranked, &rows, &imp.printed);
        let cl = ranked.classic(&s.params);
        let rows = sshare::classic_rows(&ranked, &cl);
        let _ = import::compare(&ranked, &rows, &imp.printed);
    }
    imp
}

/// The fuzz input as text (invalid UTF-8 replaced, as a browser's textarea would).
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

pub mod arb;
