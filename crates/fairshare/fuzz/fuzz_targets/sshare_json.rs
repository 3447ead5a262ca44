//! `sshare --json`: the bytes as the entries of the shares list.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = fairshare_fuzz::text(data);
    fairshare_fuzz::check(&format!("{{\"shares\": {{\"shares\": [{text}]}}}}"));
});
