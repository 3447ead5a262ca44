//! Compact text for saved sessions: raw deflate, then base64url, bounded on read. The engine
//! owns it ([`fairshare::link`], which share links use too); this is its name in the shell.

pub use fairshare::link::{UnpackError, pack, pack_with, unpack};
