//! Compact text for saved sessions and share links: raw deflate, then base64url, bounded on
//! read. The engine owns the format ([`fairshare::link`]); this is its name in the shell, where
//! the deflater is a module of its own (`super::deferred`): until it is in, [`pack`] writes
//! deflate's stored blocks, which [`unpack`] reads the same.

pub use fairshare::link::{UnpackError, unpack};

/// `bytes` deflated at `level` (1 fastest … 9 smallest) and base64url-encoded; stored
/// uncompressed (a third longer than `bytes`) while the deflater's module is not in.
pub fn pack_with(bytes: &[u8], level: u8) -> String {
    packed(bytes, level, true)
}

/// [`pack_with`] at the share links' level (the smallest output).
pub fn pack(bytes: &[u8]) -> String {
    pack_with(bytes, fairshare::link::LEVEL)
}

/// [`pack`], deflated if the deflater's module is in, but never asking for it: for the address
/// bar, which follows every save (a selection's too), so that a visit under saveData that only
/// looks around fetches no module (the prefetch brings it otherwise).
pub fn pack_if_in(bytes: &[u8]) -> String {
    packed(bytes, fairshare::link::LEVEL, false)
}

/// `bytes` deflated by the deflater's module if it is in (asked for if `ask`), else stored.
fn packed(bytes: &[u8], level: u8, ask: bool) -> String {
    super::deferred::deflate(bytes, level, ask)
        .unwrap_or_else(|| fairshare::link::pack_stored(bytes))
}
