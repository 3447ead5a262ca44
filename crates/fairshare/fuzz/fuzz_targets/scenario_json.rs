//! Scenario JSON: the scenario parser directly, and through import.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = fairshare_fuzz::text(data);
    let _ = fairshare::scenario::parse(&text);
    fairshare_fuzz::check(&format!("{{\"associations\": {text}"));
});
