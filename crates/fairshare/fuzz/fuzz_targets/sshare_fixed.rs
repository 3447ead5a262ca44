//! Fixed-width `sshare -l` rows under sshare's real header and dash line.
#![no_main]

use libfuzzer_sys::fuzz_target;

const HEADER: &str = "\
Account                    User  RawShares  NormShares    RawUsage   NormUsage  EffectvUsage  FairShare    LevelFS                    GrpTRESMins                    TRESRunMins
-------------------- ---------- ---------- ----------- ----------- ----------- ------------- ---------- ---------- ------------------------------ ------------------------------
";

fuzz_target!(|data: &[u8]| {
    let text = fairshare_fuzz::text(data);
    fairshare_fuzz::check(&format!("{HEADER}{text}"));
});
