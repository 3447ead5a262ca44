//! Share links and query strings (`fairshare::link`): the first byte picks what the rest is.
//!
//! - a whole fragment, as pasted into the address bar;
//! - scenario JSON, packed as the app packs it, then read back as a `#z=` link (the full path:
//!   base64url, inflate, UTF-8, scenario parsing);
//! - a raw deflate stream of the fuzzer's own making (the inflater and its size limit);
//! - a query string (`?lang=…&me=…`).
//!
//! Never a panic, and inflating never passes its limit; a link that opens, encoded again,
//! opens to the same scenario and tie rule.
#![no_main]

use libfuzzer_sys::fuzz_target;

use fairshare::link::{self, Link, UnpackError};

/// The inflate limit for raw streams (small, so a bomb costs little and the limit is reached).
const LIMIT: usize = 64 * 1024;

fn round_trips(read: Option<Result<Link, link::LinkError>>) {
    if let Some(Ok(opened)) = read {
        let again = link::decode(&link::encode(&opened.scenario, opened.tie_rule));
        assert_eq!(again, Some(Ok(opened)), "a link that opens round-trips");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = fairshare_fuzz::text(rest);
    match pick % 4 {
        0 => round_trips(link::decode(&text)),
        1 => {
            let tie = if pick & 4 == 0 { "" } else { "&tie=documented" };
            round_trips(link::decode(&format!("#z={}{tie}", link::pack(text.as_bytes()))));
        }
        2 => {
            match link::inflate(rest, LIMIT) {
                Ok(bytes) => assert!(bytes.len() <= LIMIT),
                Err(UnpackError::TooLarge | UnpackError::NotDeflate) => {}
                Err(UnpackError::NotBase64) => unreachable!("no base64 here"),
            }
            round_trips(link::decode(&format!("z={}", link::base64url_encode(rest))));
        }
        _ => {
            for (key, value) in link::query_pairs(&text) {
                assert!(value.len() <= link::MAX_QUERY_VALUE_LEN * 3, "{key}");
            }
        }
    }
});
