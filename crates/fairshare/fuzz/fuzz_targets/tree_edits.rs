//! A sequence of edits on an arbitrary valid tree: each edit gives a valid tree or an error,
//! never a panic, and the engine runs on every tree along the way.
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

use fairshare::{Assoc, AssocId, Ranked, TieRule};
use fairshare_fuzz::arb;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(mut tree) = arb::tree(&mut u, 300) else {
        return;
    };
    while !u.is_empty() {
        let n = tree.len();
        let Ok(pick) = u.choose_index(n + 2) else {
            break;
        };
        // An id in the tree most of the time, sometimes one that is not.
        let id = tree
            .assocs()
            .get(pick)
            .map_or(AssocId(pick as u32 * 7919), |a| a.id);
        let Ok(op) = u.arbitrary::<u8>() else { break };
        let edited = match op % 6 {
            0 => arb::shares(&mut u).map(|s| tree.with_shares(id, s)),
            1 => arb::usage(&mut u).map(|x| tree.with_usage(id, x)),
            2 => arb::name(&mut u).map(|s| tree.with_name(id, &s)),
            3 => Ok(tree.without(id)),
            4 => u
                .choose_index(n)
                .map(|k| tree.with_moved(id, tree.assocs()[k].id)),
            _ => arb::name(&mut u).map(|s| {
                let parent = tree.get(id).map(|a| a.account.clone()).unwrap_or_default();
                tree.with_added(Assoc {
                    id: tree.next_id(),
                    parent: Some(id),
                    account: parent,
                    user: Some(s.into()),
                    partition: None,
                    shares: fairshare::Shares::Value(1),
                    usage_raw: fairshare::LongDouble::ZERO,
                    lineage: None,
                    inferred: false,
                    retained_usage: fairshare::LongDouble::ZERO,
                })
            }),
        };
        let Ok(edited) = edited else { break };
        if let Ok(t) = edited {
            // The invariant: whatever an edit returns is a valid tree.
            let again = fairshare::AssocTree::new(t.assocs().to_vec());
            assert!(again.is_ok(), "an edit returned an invalid tree");
            tree = t;
            let ranked = Ranked::new(&tree, TieRule::Slurm);
            assert_eq!(ranked.run().assocs().len(), tree.len());
        }
    }
});
