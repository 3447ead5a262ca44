//! JSON and sshare output of arbitrary valid trees: scenario JSON round-trips to the same tree;
//! sshare rows render in every layout and read back without a panic.
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

use fairshare::sshare::{self, TextLayout};
use fairshare::{Algorithm, Hierarchy, Params, Scenario, TieRule, classic, fair_tree, scenario};
use fairshare_fuzz::arb;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(tree) = arb::tree(&mut u, 300) else {
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
    let h = Hierarchy::new(&s.tree);
    let ft = fair_tree::run_with(&s.tree, &h, TieRule::Slurm);
    let cl = classic::run_with(&s.tree, &h, &Params::default());
    for (algorithm, rows) in [
        (
            Algorithm::FairTree,
            sshare::fair_tree_rows(&s.tree, &h, &ft),
        ),
        (Algorithm::Classic, sshare::classic_rows(&s.tree, &h, &cl)),
    ] {
        for long in [false, true] {
            let columns = sshare::default_columns(algorithm, sshare::SshareFlags { long, partitions: true });
            for layout in [
                TextLayout::Parsable,
                TextLayout::ParsableNoEnding,
                TextLayout::FixedWidth,
            ] {
                let text = sshare::render_text(&rows, &columns, layout, sshare::Header::Shown);
                let imp = fairshare_fuzz::check(&text);
                let _ = imp.diagnostics.len();
            }
        }
    }
});
