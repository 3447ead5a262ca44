//! Every classic golden vector (steady state, as Slurm's code computed it) within 1e-12 relative:
//! S, UA, UE and F for every association, with the damping factor and DEPTH_OBLIVIOUS flags of
//! each vector.

use crate::common;

use common::{ld, vectors};
use fairshare::{classic, scenario};

fn close(got: f64, want: f64) -> bool {
    got == want || (got - want).abs() <= 1e-12 * want.abs().max(got.abs())
}

#[test]
fn every_classic_vector_matches_slurm() {
    let all = vectors("classic");
    let mut failures = Vec::new();
    let mut checked = 0;
    for v in &all {
        match check(v) {
            Ok(n) => checked += n,
            Err(msg) => failures.push(format!("{}: {msg}", v.name)),
        }
    }
    common::assert_none_failed(&failures, all.len());
    assert!(checked > 1000, "only {checked} associations checked");
}

fn check(v: &common::Vector) -> Result<usize, String> {
    let (s, diags) = scenario::parse(&v.text);
    let s = s.ok_or_else(|| format!("did not parse: {diags:?}"))?;
    let run = classic::run(&s.tree, &s.params);
    let expected = v.json["expected"].as_array().unwrap();
    for e in expected {
        let id = e["id"].as_u64().unwrap() as u32;
        let ix = s
            .tree
            .position(fairshare::AssocId(id))
            .ok_or(format!("id {id} missing"))?;
        let got = &run.assocs()[ix];
        let who = format!("id {id} ({})", s.tree.assocs()[ix].name());
        let want_sn = e["shares_norm"].as_f64().unwrap();
        if !close(got.shares_norm, want_sn) {
            return Err(format!(
                "{who}: shares_norm {}, Slurm {want_sn}",
                got.shares_norm
            ));
        }
        let pairs = [
            (
                "usage_norm",
                got.usage_norm.map(|x| x.to_f64()),
                ld(&e["usage_norm"]).map(|x| x.to_f64()),
            ),
            (
                "usage_efctv",
                Some(got.usage_effective.to_f64()),
                ld(&e["usage_efctv"]).map(|x| x.to_f64()),
            ),
            ("fairshare", got.fairshare, e["fairshare"].as_f64()),
        ];
        for (what, got, want) in pairs {
            match (got, want) {
                (Some(g), Some(w)) if close(g, w) => {}
                (None, None) => {}
                _ => return Err(format!("{who}: {what} {got:?}, Slurm {want:?}")),
            }
        }
    }
    Ok(expected.len())
}
