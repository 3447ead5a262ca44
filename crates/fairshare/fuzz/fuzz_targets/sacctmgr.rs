//! `sacctmgr show assoc` output: the first byte picks the tree form (indentation) or the
//! header-driven form with IDs, parent IDs and lineage.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = fairshare_fuzz::text(rest);
    let header = if pick % 2 == 0 {
        "Account|User|Share\n"
    } else {
        "Cluster|ID|Par ID|Account|User|Partition|Par Name|Share|Lineage\n"
    };
    fairshare_fuzz::check(&format!("{header}{text}"));
});
