// The engine as the app calls it (import, Fair Tree, classic, sshare text, explain, diff,
// share links, scenario JSON, messages), exported to JavaScript with no view at all.
use fairshare::sshare::{
    Header, SshareFlags, TextLayout, classic_rows, default_columns, fair_tree_rows, render_text,
};
use fairshare::{Algorithm, Ranked, TieRule};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn probe(text: &str, other: &str, a: usize, b: usize) -> String {
    let imported = fairshare::import::import(text);
    let mut out = String::new();
    for d in &imported.diagnostics {
        out += &format!("{:?}: {}\n", d.line, d.kind);
    }
    let Some(s) = imported.scenario else {
        return out;
    };
    let o = fairshare::scenario::parse(other)
        .0
        .unwrap_or_else(|| s.clone());
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    let classic = ranked.classic(&s.params);
    for (rows, algorithm) in [
        (fair_tree_rows(&ranked), Algorithm::FairTree),
        (classic_rows(&ranked, &classic), Algorithm::Classic),
    ] {
        let columns = default_columns(algorithm, SshareFlags::LONG);
        out += &render_text(&rows, &columns, TextLayout::ParsableNoEnding, Header::Shown);
    }
    let d = fairshare::diff::run_diff(&Ranked::new(&o.tree, TieRule::Slurm), &ranked, 100);
    out += &format!("{} {} {}", d.moved.len(), d.added, d.removed);
    if let Ok(e) = fairshare::explain::explain(&ranked, a, b) {
        out += &e.sentence(&s.tree);
    }
    out += &fairshare::link::encode(&s, TieRule::Slurm);
    if let Some(Ok(l)) = fairshare::link::decode(other) {
        out += &fairshare::scenario::to_json(&l.scenario);
    }
    out += &fairshare::scenario::to_json(&s);
    out
}
