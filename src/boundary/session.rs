//! The session saved in the browser (`localStorage`), so a reload or a crash loses nothing:
//! the scenario on screen with its baseline and preset, a bounded undo/redo history, the
//! selection, the comparison and the tie rule, and with each step the decay timeline's inputs
//! (schedule and jobs; the tree saved is its own t = 0).
//!
//! **Format (version 1).** The stored value is `1.` followed by the base64url of the raw
//! deflate of a JSON object (`StoredSession` below); scenarios inside it are the scenario JSON
//! of `fairshare::scenario::to_json`, as strings. The rows Slurm printed for an imported sshare
//! text are not saved (they come back only with the import). Reading never fails: anything
//! unreadable is ignored and the app opens as if nothing was saved.
//!
//! **Size.** Undo steps are kept newest first while their JSON stays under
//! [`HISTORY_JSON_BUDGET`]; a session whose packed text exceeds [`MAX_STORED_LEN`] loses half
//! its history until none is left, then its baseline (the tree on screen is stored as its own
//! baseline), and if still too long is not saved (and the stale one is removed, so a reload
//! never brings back an older state). When the browser refuses a session that fits (the
//! origin's storage is full), the one saved before is kept as it was, and the page says so.

use fairshare::link::Link;
use fairshare::{AssocId, Scenario, TieRule};

use crate::boundary::codec;
use crate::presets;
use crate::state::{History, Snapshot};

mod cache;
mod save_job;
mod stored;

pub use cache::JsonCache;
pub use save_job::{SaveJob, Slice};
use stored::{StoredSession, load};

/// The version prefix of the stored text.
const VERSION_PREFIX: &str = "1.";
/// The undo steps saved are at most this many bytes of scenario JSON (newest first).
pub const HISTORY_JSON_BUDGET: usize = 1024 * 1024;
/// At most this many undo steps and this many redo steps are saved.
pub const MAX_SAVED_STEPS: usize = 50;
/// A packed session longer than this is not saved: 4.5 M characters, 86 % of
/// [`WEB_STORAGE_QUOTA`]. A 100k tree's session is about 2.04 M, with a before snapshot or an
/// edit (its baseline) about 4.07 M; the rest is room for the language key and another kind
/// of page's session (an embed, a preset). The session is written to its one key, and no
/// other key with it: a write replaces the value, and the quota does not count the old one
/// beside the new one. (It was 2 M, half of "about 5 M", which no 100k session fitted.)
pub const MAX_STORED_LEN: usize = 4_500_000;
/// What Web Storage holds per origin, all keys and values together, in UTF-16 code units:
/// 5 MiB in Firefox and Safari, and in Chromium 5,241,856 characters of value beside a short
/// key (`e2e/bench/storage-quota.mjs`, Chromium 156; ASCII or not, localStorage and
/// sessionStorage alike). A write past it fails (`storage::Refused::Full`).
pub const WEB_STORAGE_QUOTA: usize = 5 * 1024 * 1024;
// Room beside the longest session for the language key and another page's smaller session.
const _: () = assert!(WEB_STORAGE_QUOTA - MAX_STORED_LEN >= 700_000);
/// Inflating a stored session stops here.
const MAX_INFLATED_LEN: usize = 64 * 1024 * 1024;
/// Compression level for sessions: the fastest, since it runs after edits.
const LEVEL: u8 = 1;

/// A session as the app restores it.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    /// The scenario on screen and what belongs to it.
    pub current: Snapshot,
    /// The undo and redo stacks.
    pub history: History,
    /// The selected association.
    pub selected: Option<AssocId>,
    /// The association compared with the selected one.
    pub compare_with: Option<AssocId>,
    /// The tie rule.
    pub tie_rule: TieRule,
    /// Whether the baseline is a before snapshot (`AppState::before`): a reload compares with
    /// it again (`data-position-before`, the `Since the before snapshot` region). A timeline
    /// shows one snapshot and its before snapshot, so this brings back the snapshot shown.
    pub before: bool,
    /// The [`fragment_hash`] of the address this session was saved from (the URL fragment
    /// just before the save made the address follow it); `None` for an address without one.
    /// A reload that beats the save goes to that older address: [`session_wins`] then lets
    /// the saved session, which descends from it, win over it.
    pub from: Option<u64>,
}

/// The text to store for `saved`, or `None` when even the session without history would be
/// longer than [`MAX_STORED_LEN`].
pub fn encode(saved: &Saved) -> Option<String> {
    encode_with(saved, &mut JsonCache::default())
}

/// [`encode`], reusing (and updating) the JSON of scenarios printed by earlier saves: a
/// [`SaveJob`] run in one slice.
pub fn encode_with(saved: &Saved, cache: &mut JsonCache) -> Option<String> {
    let mut job = SaveJob::new(saved.clone());
    loop {
        if let Some(text) = job.step(cache, Slice::WHOLE) {
            return text;
        }
    }
}

/// The session stored as `text`; `None` for anything unreadable.
pub fn decode(text: &str) -> Option<Saved> {
    let packed = text.strip_prefix(VERSION_PREFIX)?;
    let json = codec::unpack(packed, MAX_INFLATED_LEN).ok()?;
    // `from_str`, like the engine's parsers: one serde_json reader in the wasm, not two.
    let session: StoredSession = serde_json::from_str(std::str::from_utf8(&json).ok()?).ok()?;
    let current = load(session.current)?;
    let undo = session.undo.into_iter().filter_map(load).collect();
    let redo = session.redo.into_iter().filter_map(load).collect();
    Some(Saved {
        current,
        history: History::from_stacks(undo, redo),
        selected: session.selected.map(AssocId),
        compare_with: session.compare_with.map(AssocId),
        tie_rule: if session.documented_ties {
            TieRule::Documented
        } else {
            TieRule::Slurm
        },
        before: session.before,
        from: session.from,
    })
}

/// Whether a link's scenario is the one the saved session shows (then the whole session is
/// restored, not just the link).
pub fn matches_link(saved: &Saved, scenario: &Scenario, tie_rule: TieRule) -> bool {
    saved.current.scenario == *scenario && saved.tie_rule == tie_rule
}

/// A fingerprint of a URL fragment (with or without its `#`; `None` when empty): FNV-1a, the
/// same in every build, so a session saved by one version of the app is matched by the next.
pub fn fragment_hash(fragment: &str) -> Option<u64> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.is_empty() {
        return None;
    }
    let hash = fragment.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Some(hash)
}

/// Whether the saved session opens rather than the link in the address (`fragment`, read as
/// `link`): when the link is the scenario the session shows (a reload), or the address the
/// session was saved from (a reload that went to the address before the save made it follow:
/// the session is newer). Any other link is a new one opened, and wins.
pub fn session_wins(saved: &Saved, fragment: &str, link: &Link) -> bool {
    matches_link(saved, &link.scenario, link.tie_rule)
        || (saved.from.is_some() && saved.from == fragment_hash(fragment))
}

/// The storage key: one session per kind of page, so several embeds of different presets on
/// one docs site do not overwrite each other.
pub fn key(embed: bool, preset: Option<&str>) -> String {
    let mut res = String::from("fairshare-explorer:session");
    if embed {
        res.push_str(":embed");
    }
    if let Some(p) = preset.and_then(presets::by_id) {
        res.push(':');
        res.push_str(p.id);
    }
    res
}

#[cfg(test)]
mod tests;
