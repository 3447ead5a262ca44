//! Compact text for links and saved sessions: raw deflate (`miniz_oxide`, pure Rust), then
//! base64url. Decoding is bounded: a small input can never inflate past a caller's limit.

use crate::shell::url_state::{base64url_decode, base64url_encode};

/// Compression level: 9 is the smallest output; the inputs are at most a few MB of JSON.
const LEVEL: u8 = 9;

/// `bytes` deflated and base64url-encoded (no padding).
pub fn pack(bytes: &[u8]) -> String {
    pack_with(bytes, LEVEL)
}

/// [`pack`] at compression `level` (1 fastest … 9 smallest).
pub fn pack_with(bytes: &[u8], level: u8) -> String {
    base64url_encode(&miniz_oxide::deflate::compress_to_vec(bytes, level))
}

/// Why [`unpack`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// Not base64url.
    NotBase64,
    /// Not a valid deflate stream.
    NotDeflate,
    /// It would inflate to more than the limit.
    TooLarge,
}

/// The bytes [`pack`] encoded, refusing anything that would inflate past `max_len` bytes.
pub fn unpack(text: &str, max_len: usize) -> Result<Vec<u8>, UnpackError> {
    use miniz_oxide::inflate::{TINFLStatus, decompress_to_vec_with_limit};

    let deflated = base64url_decode(text).ok_or(UnpackError::NotBase64)?;
    decompress_to_vec_with_limit(&deflated, max_len).map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => UnpackError::TooLarge,
        _ => UnpackError::NotDeflate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_shrinks_repetitive_text() {
        let text = r#"{"id": 1, "account": "physics", "shares": 1}, "#.repeat(200);
        let packed = pack(text.as_bytes());
        assert!(packed.len() * 10 < text.len(), "{}", packed.len());
        assert_eq!(unpack(&packed, 1 << 20).unwrap(), text.as_bytes());
        assert_eq!(unpack(&pack(b""), 0).unwrap(), b"");
    }

    #[test]
    fn hostile_input_is_refused_not_inflated() {
        // A bomb: 10 MB of zeros packs to a few KB; a 1 MB limit refuses it.
        let bomb = pack(&vec![0u8; 10 << 20]);
        assert!(bomb.len() < 20_000);
        assert_eq!(unpack(&bomb, 1 << 20), Err(UnpackError::TooLarge));
        assert_eq!(unpack("***", 100), Err(UnpackError::NotBase64));
        assert_eq!(unpack("AAAA", 100), Err(UnpackError::NotDeflate));
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for len in 0..200 {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as u8
                })
                .collect();
            let _ = unpack(&base64url_encode(&bytes), 4096);
        }
    }
}
