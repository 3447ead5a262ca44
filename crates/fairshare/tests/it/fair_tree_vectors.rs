//! Every Fair Tree golden vector (values computed by Slurm's own code) must come out identically:
//! FairShare, rank, sibling order and visiting order exactly; S exactly; U, NormUsage and Level FS
//! bit-for-bit in 80 bits.

use crate::common;

use common::{ld, vectors};
use fairshare::Ranked;
use fairshare::step::{Frame, NodeStatus};
use fairshare::{TieRule, fair_tree, scenario};

#[test]
fn every_fair_tree_vector_matches_slurm() {
    let mut failures = Vec::new();
    let all = vectors("fair_tree");
    for v in &all {
        if let Err(msg) = check(v) {
            failures.push(format!("{}: {msg}", v.name));
        }
    }
    common::assert_none_failed(&failures, all.len());
}

/// The player's promise on every vector, under both tie rules: the last frame of the trace is
/// the run's ranking (rank, FairShare = rank / N, every user ranked, every visited account left,
/// the walk's stack empty).
#[test]
fn the_last_frame_of_every_vector_is_its_ranking() {
    for v in vectors("fair_tree") {
        let (scenario, diags) = scenario::parse(&v.text);
        let tree = scenario
            .unwrap_or_else(|| panic!("{}: {diags:?}", v.name))
            .tree;
        for rule in [TieRule::Slurm, TieRule::Documented] {
            let ranked = Ranked::new(&tree, rule);
            let run = ranked.run();
            let end = Frame::at(run.steps(), run.steps().len());
            let name = &v.name;
            assert_eq!(end.n_users, run.n_users(), "{name} {rule:?}");
            assert!(end.path.is_empty(), "{name} {rule:?}: the stack is empty");
            for (ix, (assoc, a)) in tree.assocs().iter().zip(run.assocs()).enumerate() {
                let who = format!("{name} {rule:?}: {}", assoc.name());
                assert_eq!(end.rank_of[ix], a.rank, "{who}");
                if assoc.is_user() {
                    assert_eq!(end.status[ix], NodeStatus::Ranked, "{who}");
                    let fs = end.rank_of[ix].map(|r| f64::from(r) / f64::from(end.n_users));
                    assert_eq!(fs, a.fairshare, "{who}");
                } else if a.visit.is_some() {
                    assert_eq!(end.status[ix], NodeStatus::Done, "{who}");
                }
            }
        }
    }
}

fn check(v: &common::Vector) -> Result<(), String> {
    let (scenario, diags) = scenario::parse(&v.text);
    let scenario = scenario.ok_or_else(|| format!("did not parse: {diags:?}"))?;
    let tree = &scenario.tree;
    let ranked = Ranked::new(tree, TieRule::Slurm);
    let (h, run) = (ranked.hierarchy(), ranked.run());
    let internal = &v.json["internal"];
    if let Some(n) = internal["user_assoc_count"].as_u64()
        && u64::from(run.n_users()) != n
    {
        return Err(format!("N = {} but Slurm says {n}", run.n_users()));
    }
    for e in v.json["expected"].as_array().unwrap() {
        let id = e["id"].as_u64().unwrap() as u32;
        let ix = tree
            .position(fairshare::AssocId(id))
            .ok_or(format!("id {id} missing"))?;
        let got = &run.assocs()[ix];
        let who = format!("id {id} ({})", tree.assocs()[ix].name());
        if e["fairshare"].as_f64() != got.fairshare {
            return Err(format!(
                "{who}: fairshare {:?}, Slurm {}",
                got.fairshare, e["fairshare"]
            ));
        }
        if e["shares_norm"].as_f64() != Some(got.shares_norm) {
            return Err(format!(
                "{who}: shares_norm {}, Slurm {}",
                got.shares_norm, e["shares_norm"]
            ));
        }
        if ld(&e["usage_efctv"]) != Some(got.usage_effective) {
            return Err(format!(
                "{who}: usage_efctv {}, Slurm {}",
                got.usage_effective, e["usage_efctv"]
            ));
        }
        if ld(&e["usage_norm"]) != run.usage_norm(ix) {
            return Err(format!(
                "{who}: usage_norm {:?}, Slurm {}",
                run.usage_norm(ix),
                e["usage_norm"]
            ));
        }
        if ld(&e["level_fs"]) != got.level_fs {
            return Err(format!(
                "{who}: level_fs {:?}, Slurm {}",
                got.level_fs, e["level_fs"]
            ));
        }
    }
    if let Some(assocs) = internal["assocs"].as_array() {
        for a in assocs {
            let id = a["id"].as_u64().unwrap() as u32;
            let ix = tree.position(fairshare::AssocId(id)).unwrap();
            let who = format!("id {id} ({})", tree.assocs()[ix].name());
            if let Some(rank) = a["rank"].as_u64()
                && run.assocs()[ix].rank != Some(rank as u32)
            {
                return Err(format!(
                    "{who}: rank {:?}, Slurm {rank}",
                    run.assocs()[ix].rank
                ));
            }
            if ld(&a["usage_raw"]) != Some(h.usage_raw(ix)) {
                return Err(format!(
                    "{who}: usage_raw {}, Slurm {}",
                    h.usage_raw(ix),
                    a["usage_raw"]
                ));
            }
            if a["level_shares"].as_u64() != Some(u64::from(h.level_shares(ix))) {
                return Err(format!(
                    "{who}: level_shares {}, Slurm {}",
                    h.level_shares(ix),
                    a["level_shares"]
                ));
            }
            let fs_parent = h.fs_parent(ix).map(|p| u64::from(tree.assocs()[p].id.0));
            if a["fs_parent"].as_u64() != fs_parent {
                return Err(format!(
                    "{who}: fs_parent {fs_parent:?}, Slurm {}",
                    a["fs_parent"]
                ));
            }
            if let Some(order) = a["children_order"].as_array() {
                let want: Vec<u64> = order.iter().map(|x| x.as_u64().unwrap()).collect();
                let got: Vec<u64> = h
                    .fs_children(ix)
                    .map(|c| u64::from(tree.assocs()[c].id.0))
                    .collect();
                if want != got {
                    return Err(format!("{who}: children order {got:?}, Slurm {want:?}"));
                }
            }
        }
    }
    // Slurm's own trace: visiting order, depth, tie markers and Level FS to 20 decimals.
    if let Some(log) = v.json["debug_log"].as_array() {
        let prefix = "oracle: priority/multifactor: _ft_debug: ";
        let slurm: Vec<&str> = log
            .iter()
            .filter_map(|l| l.as_str()?.strip_prefix(prefix))
            .collect();
        let ours = fair_tree::slurm_debug_lines(&ranked);
        // The harness runs two cycles; each prints the whole walk.
        let first_cycle = &slurm[..ours.len().min(slurm.len())];
        if first_cycle != ours.as_slice() {
            let at = first_cycle
                .iter()
                .zip(&ours)
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(first_cycle.len()));
            return Err(format!(
                "debug log line {at}: ours {:?}, Slurm {:?}",
                ours.get(at),
                first_cycle.get(at)
            ));
        }
    }
    // Association-list order = the order of `expected` (Slurm's list, which sshare prints).
    let want: Vec<u64> = v.json["expected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_u64().unwrap())
        .collect();
    let got: Vec<u64> = h
        .list_order()
        .iter()
        .map(|&ix| u64::from(tree.assocs()[ix].id.0))
        .collect();
    if want != got {
        return Err(format!("list order {got:?}, Slurm {want:?}"));
    }
    Ok(())
}
