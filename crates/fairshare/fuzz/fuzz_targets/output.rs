//! JSON and sshare output of arbitrary valid trees: scenario JSON round-trips to the same tree;
//! sshare rows render and read back without a panic, in the algorithm, column set and layout
//! the bytes pick (one of each per input, so an input costs one render and one import; the
//! corpus covers them all).
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

use fairshare::sshare::{self, TextLayout};
use fairshare::{Algorithm, Params, Ranked, Scenario, TieRule, scenario};
use fairshare_fuzz::arb;

/// Largest tree built from one input.
const MAX_ASSOCS: usize = 100;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, data)) = data.split_first() else {
        return;
    };
    let mut u = Unstructured::new(data);
    let Ok(tree) = arb::tree(&mut u, MAX_ASSOCS) else {
        return;
    };
    let s = Scenario {
        name: "fuzz".into(),
        algorithm: Algorithm::FairTree,
        params: Params::default(),
        tree,
    };
    let json = scenario::to_json(&s);
    let (back, diags) = scenario::parse(&json);
    let back = back.unwrap_or_else(|| panic!("to_json output must parse: {diags:?}"));
    assert_eq!(back.tree, s.tree, "scenario JSON round-trips");
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    let (algorithm, rows) = if pick & 1 == 0 {
        (Algorithm::FairTree, sshare::fair_tree_rows(&ranked))
    } else {
        let cl = ranked.classic(&Params::default());
        (Algorithm::Classic, sshare::classic_rows(&ranked, &cl))
    };
    let long = pick & 2 != 0;
    let layout = match (pick >> 2) % 3 {
        0 => TextLayout::Parsable,
        1 => TextLayout::ParsableNoEnding,
        _ => TextLayout::FixedWidth,
    };
    let columns = sshare::default_columns(algorithm, sshare::SshareFlags { long, partitions: true });
    let text = sshare::render_text(&rows, &columns, layout, sshare::Header::Shown);
    let imp = fairshare_fuzz::check(&text);
    let _ = imp.diagnostics.len();
});
