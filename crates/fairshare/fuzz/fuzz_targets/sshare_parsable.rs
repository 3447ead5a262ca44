//! `sshare -l -P` rows (with a header, so every row goes to the parsable-table reader), and the
//! same bytes without a header (column count inferred).
#![no_main]

use libfuzzer_sys::fuzz_target;

const HEADER: &str = "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins\n";

fuzz_target!(|data: &[u8]| {
    let text = fairshare_fuzz::text(data);
    fairshare_fuzz::check(&format!("{HEADER}{text}"));
    fairshare_fuzz::check(&format!("root|||0.000000|0||1.000000||||cpu=0\n{text}"));
});
