//! Any text into the one import entry point (format detection included).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fairshare_fuzz::check(&fairshare_fuzz::text(data));
});
