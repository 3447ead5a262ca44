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

use std::sync::Arc;

use fairshare::decay::Job;
use fairshare::link::Link;
use fairshare::timeline::Timeline;
use fairshare::{AssocId, Scenario, TieRule};
use serde::{Deserialize, Serialize};

use crate::boundary::codec;
use crate::presets;
use crate::state::{DecayClock, DecayInputs, History, LoadedTimeline, Snapshot};

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

#[derive(Serialize, Deserialize)]
struct StoredSnapshot {
    scenario: String,
    /// Absent when equal to the scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    baseline: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preset: Option<String>,
    /// Absent: Slurm's decay defaults, no jobs, t = 0 at the start of the jobs' clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    decay: Option<StoredDecay>,
}

/// The decay timeline's inputs, and where its t = 0 is on the jobs' clock. The tree saved is
/// its own t = 0 (the timeline restarts at the time shown, as after an edit), so the jobs stay
/// where they were in time.
#[derive(Serialize, Deserialize)]
struct StoredDecay {
    half_life: String,
    period: String,
    #[serde(default)]
    epoch: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    jobs: Vec<StoredJob>,
}

/// A job of the decay timeline; numbers as `fairshare::format::shortest` prints them (read back
/// exactly by `fairshare::format::parse_f64`).
#[derive(Serialize, Deserialize)]
struct StoredJob {
    user: u32,
    billable: String,
    start: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    end: Option<i64>,
    /// Absent: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    usage_factor: Option<String>,
}

fn store_decay(clock: &DecayClock) -> Option<StoredDecay> {
    let clock = clock.restarted();
    if clock == DecayClock::default() {
        return None;
    }
    let shortest = fairshare::format::shortest;
    Some(StoredDecay {
        half_life: clock.inputs.half_life.to_string(),
        period: clock.inputs.period.to_string(),
        epoch: clock.epoch,
        jobs: clock
            .inputs
            .jobs
            .iter()
            .map(|j| StoredJob {
                user: j.assoc.0,
                billable: shortest(j.billable),
                start: j.start,
                end: j.end,
                usage_factor: (j.usage_factor != 1.0).then(|| shortest(j.usage_factor)),
            })
            .collect(),
    })
}

/// The clock a stored timeline gives; texts that do not read fall back to Slurm's defaults,
/// and jobs whose numbers do not read are left out.
fn load_decay(stored: Option<StoredDecay>) -> DecayClock {
    let Some(stored) = stored else {
        return DecayClock::default();
    };
    let defaults = DecayInputs::default();
    let minutes = fairshare::format::parse_slurm_minutes;
    let number = |text: &str| fairshare::format::parse_f64(text).filter(|x| x.is_finite());
    let jobs = stored
        .jobs
        .iter()
        .filter_map(|j| {
            let billable = number(&j.billable).filter(|b| *b >= 0.0)?;
            let usage_factor = match &j.usage_factor {
                Some(text) => number(text)?,
                None => 1.0,
            };
            let job = Job::running(AssocId(j.user), billable, j.start);
            let job = match j.end {
                Some(end) => job.until(end),
                None => job,
            };
            Some(job.with_usage_factor(usage_factor))
        })
        .collect();
    DecayClock {
        epoch: stored.epoch,
        time: 0,
        base: None,
        inputs: DecayInputs {
            half_life: match minutes(&stored.half_life) {
                Some(_) => Arc::from(stored.half_life.trim()),
                None => defaults.half_life,
            },
            period: match minutes(&stored.period) {
                Some(m) if m >= 1 => Arc::from(stored.period.trim()),
                _ => defaults.period,
            },
            jobs,
        },
    }
}

#[derive(Serialize, Deserialize)]
struct StoredSession {
    current: StoredSnapshot,
    #[serde(default)]
    undo: Vec<StoredSnapshot>,
    #[serde(default)]
    redo: Vec<StoredSnapshot>,
    #[serde(default)]
    selected: Option<u32>,
    #[serde(default)]
    compare_with: Option<u32>,
    #[serde(default)]
    documented_ties: bool,
    /// Absent (false) in sessions saved before it existed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    before: bool,
    /// Absent in sessions saved before it existed, or saved from an address without a link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<u64>,
}

/// The scenario JSON of recently saved scenarios. Printing a scenario (80-bit usage in
/// `%.21Lg`) costs far more than comparing two, and the undo steps are the same from one save
/// to the next, so each save prints only what changed.
///
/// The loaded timeline's snapshots are kept apart, each once printed, for as long as that
/// timeline is loaded ([`JsonCache::follow`]): a scrubber step shows snapshots already seen,
/// and its save then prints nothing (at most the timeline's length of texts; an edited
/// snapshot is another scenario, printed as any other).
#[derive(Default)]
pub struct JsonCache {
    entries: Vec<(Scenario, String)>,
    used: Vec<(Scenario, String)>,
    /// The loaded timeline and, for each snapshot, its scenarios printed so far (a snapshot
    /// is shown under its own name, and as the next one's baseline under that one's).
    moments: Option<Moments>,
    /// The bytes of JSON kept in `moments`, at most `moment_budget`.
    moment_bytes: usize,
    /// How many bytes of the timeline's JSON may be kept ([`MOMENT_BYTES`]; 0 reads as that).
    moment_budget: usize,
    /// The last sessions' JSON and packed text, newest last: scrubbing back and forth between
    /// two snapshots saves the same two sessions in turn (deflating a 10k tree's takes ~12 ms).
    packed: Vec<(String, String)>,
    /// Sessions too long to store even without their history: the scenario on screen and its
    /// baseline (`None`: the scenario itself), newest last. A session showing them again is
    /// not printed, serialised or packed at all (a 100k tree's session is past
    /// [`MAX_STORED_LEN`] on its own, and trying took 0.3–0.7 s at each scrubber step).
    unfit: Vec<(Scenario, Option<Scenario>)>,
    /// The longest packed text stored ([`MAX_STORED_LEN`]; 0 reads as that; tests make it
    /// small).
    max_len: usize,
    /// The last text [`encode_with`] gave is the session without its baseline (too long with
    /// it): the page says so.
    without_baseline: bool,
    /// Packed characters per 1000 bytes of JSON in the last session packed, and its bytes of
    /// JSON (0: none yet).
    packed_rate: (usize, usize),
    /// How many scenarios were printed (for tests).
    printed: usize,
    /// How many sessions were packed (for tests).
    packs: usize,
}

impl JsonCache {
    /// Keeps the snapshots' JSON of `timeline` (the one loaded), dropping that of any other.
    pub fn follow(&mut self, timeline: Option<&LoadedTimeline>) {
        let same = match (&self.moments, timeline) {
            (Some((kept, _)), Some(t)) => Arc::ptr_eq(kept, &t.timeline),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.moments =
                timeline.map(|t| (t.timeline.clone(), vec![Vec::new(); t.timeline.len()]));
            self.moment_bytes = 0;
        }
    }

    fn json(&mut self, scenario: &Scenario) -> String {
        if let Some(i) = self.used.iter().position(|(s, _)| s == scenario) {
            return self.used[i].1.clone();
        }
        let kept = moment_texts(&mut self.moments, scenario)
            .and_then(|texts| texts.iter().find(|(s, _)| s == scenario))
            .map(|(_, json)| json.clone());
        let json = match kept {
            Some(json) => json,
            None => {
                let json = match self.entries.iter().position(|(s, _)| s == scenario) {
                    Some(i) => self.entries.swap_remove(i).1,
                    None => {
                        self.printed += 1;
                        fairshare::scenario::to_json(scenario)
                    }
                };
                let budget = match self.moment_budget {
                    0 => MOMENT_BYTES,
                    b => b,
                };
                if let Some(texts) = moment_texts(&mut self.moments, scenario) {
                    if texts.len() == MOMENT_VARIANTS {
                        self.moment_bytes -= texts.remove(0).1.len();
                    }
                    // Past the budget a snapshot is kept as any scenario: from one save to the next.
                    if self.moment_bytes + json.len() <= budget {
                        self.moment_bytes += json.len();
                        texts.push((scenario.clone(), json.clone()));
                    }
                }
                json
            }
        };
        self.used.push((scenario.clone(), json.clone()));
        json
    }

    /// The packed text of a session's JSON.
    fn pack(&mut self, json: String) -> String {
        if let Some(i) = self.packed.iter().position(|(j, _)| *j == json) {
            let hit = self.packed.remove(i);
            let text = hit.1.clone();
            self.packed.push(hit);
            return text;
        }
        self.packs += 1;
        let text = format!(
            "{VERSION_PREFIX}{}",
            codec::pack_with(json.as_bytes(), LEVEL)
        );
        self.packed_rate = ((text.len() * 1000).div_ceil(json.len().max(1)), json.len());
        if self.packed.len() == PACKED_KEPT {
            self.packed.remove(0);
        }
        self.packed.push((json, text.clone()));
        text
    }

    /// Keeps only what the last save used (and the timeline's snapshots).
    fn finish(&mut self) {
        self.entries = std::mem::take(&mut self.used);
    }

    /// The longest text that may be stored.
    fn max_len(&self) -> usize {
        match self.max_len {
            0 => MAX_STORED_LEN,
            n => n,
        }
    }

    /// Whether the last session encoded was stored without its baseline (too long with it).
    pub fn without_baseline(&self) -> bool {
        self.without_baseline
    }

    /// Whether `snapshot`'s scenario and baseline were too long to store without history.
    /// O(1) per remembered session for a timeline's snapshots (shared trees).
    fn is_unfit(&self, snapshot: &Snapshot) -> bool {
        let baseline = (snapshot.baseline != snapshot.scenario).then_some(&snapshot.baseline);
        self.unfit
            .iter()
            .any(|(s, b)| *s == snapshot.scenario && b.as_ref() == baseline)
    }

    /// Remembers that `snapshot` cannot be stored, whatever its history.
    fn remember_unfit(&mut self, snapshot: &Snapshot) {
        if self.unfit.len() == UNFIT_KEPT {
            self.unfit.remove(0);
        }
        let baseline = (snapshot.baseline != snapshot.scenario).then(|| snapshot.baseline.clone());
        self.unfit.push((snapshot.scenario.clone(), baseline));
    }
}

/// How many sessions too long to store [`JsonCache`] remembers: a timeline's snapshots shown
/// one after another, each with the one before it.
const UNFIT_KEPT: usize = 8;

/// How many packed sessions [`JsonCache`] keeps: two (scrubbing back and forth).
const PACKED_KEPT: usize = 2;

/// A loaded timeline and, for each of its snapshots, the scenarios of its tree printed.
type Moments = (Arc<Timeline>, Vec<Vec<(Scenario, String)>>);

/// How many bytes of the timeline's scenario JSON [`JsonCache`] keeps: 64 MiB, about 30
/// snapshots of a 10k tree shown both ways (a 100k tree's JSON is about ten times larger: three
/// snapshots; the others are printed at each save, as before the cache).
const MOMENT_BYTES: usize = 64 << 20;

/// How many scenarios of one timeline snapshot's tree are kept: the snapshot shown, and shown
/// as the next one's baseline.
const MOMENT_VARIANTS: usize = 2;

/// The scenarios kept for the timeline snapshot whose tree `scenario` shows (an edited tree
/// is another tree: none).
fn moment_texts<'a>(
    moments: &'a mut Option<Moments>,
    scenario: &Scenario,
) -> Option<&'a mut Vec<(Scenario, String)>> {
    let (timeline, texts) = moments.as_mut()?;
    // O(1) per snapshot: an unedited snapshot shares its tree with the timeline's.
    let k = timeline
        .moments()
        .iter()
        .position(|m| m.ranked.tree().is_shared_with(&scenario.tree))?;
    texts.get_mut(k)
}

fn store(s: &Snapshot, cache: &mut JsonCache) -> StoredSnapshot {
    StoredSnapshot {
        scenario: cache.json(&s.scenario),
        baseline: (s.baseline != s.scenario).then(|| cache.json(&s.baseline)),
        preset: s.preset.map(str::to_string),
        decay: store_decay(&s.decay),
    }
}

fn load(s: StoredSnapshot) -> Option<Snapshot> {
    let parse = |text: &str| fairshare::scenario::parse(text).0;
    let scenario = parse(&s.scenario)?;
    let baseline = match s.baseline {
        Some(text) => parse(&text)?,
        None => scenario.clone(),
    };
    Some(Snapshot {
        scenario,
        baseline,
        printed: Arc::from([]),
        preset: s.preset.as_deref().and_then(presets::by_id).map(|p| p.id),
        // The tree restored is its own t = 0, at the same moment of the jobs' clock.
        decay: load_decay(s.decay),
    })
}

/// Stored snapshots of `stack`, newest first, within the step count and the JSON budget.
fn newest_within_budget(
    stack: &[Snapshot],
    budget: &mut usize,
    cache: &mut JsonCache,
) -> Vec<StoredSnapshot> {
    let mut res = Vec::new();
    for snapshot in stack.iter().rev().take(MAX_SAVED_STEPS) {
        let stored = store(snapshot, cache);
        let size = stored.scenario.len() + stored.baseline.as_ref().map_or(0, String::len);
        if size > *budget {
            break;
        }
        *budget -= size;
        res.push(stored);
    }
    res
}

/// The text to store for `saved`, or `None` when even the session without history would be
/// longer than [`MAX_STORED_LEN`].
pub fn encode(saved: &Saved) -> Option<String> {
    encode_with(saved, &mut JsonCache::default())
}

/// [`encode`], reusing (and updating) the JSON of scenarios printed by earlier saves.
pub fn encode_with(saved: &Saved, cache: &mut JsonCache) -> Option<String> {
    // Known to be too long with no history at all: nothing is printed, serialised or packed.
    // (More history, a selection or decay jobs only make it longer; a change to the scenario
    // or its baseline is tried afresh.)
    cache.without_baseline = false;
    if cache.is_unfit(&saved.current) {
        return None;
    }
    let current = store(&saved.current, cache);
    let mut budget = HISTORY_JSON_BUDGET;
    let mut undo = newest_within_budget(saved.history.undo_stack(), &mut budget, cache);
    let mut redo = newest_within_budget(saved.history.redo_stack(), &mut budget, cache);
    cache.finish();
    undo.reverse();
    redo.reverse();
    let mut session = StoredSession {
        current,
        undo,
        redo,
        selected: saved.selected.map(|id| id.0),
        compare_with: saved.compare_with.map(|id| id.0),
        documented_ties: saved.tie_rule == TieRule::Documented,
        before: saved.before,
        from: saved.from,
    };
    loop {
        let json = serde_json::to_string(&session).ok()?;
        // Packing 10 MB of JSON takes ~0.7 s: a session sure to pack too long (past the limit
        // by a tenth at the rate of the last session packed, if that was at least a third as
        // long: small texts pack worse) is not packed.
        let (rate, rate_from) = cache.packed_rate;
        let doomed =
            rate_from >= json.len() / 3 && json.len() / 1000 * rate > cache.max_len() / 10 * 11;
        if !doomed {
            let packed = cache.pack(json);
            if packed.len() <= cache.max_len() {
                return Some(packed);
            }
        }
        if session.undo.is_empty() && session.redo.is_empty() {
            if session.current.baseline.is_none() {
                cache.remember_unfit(&saved.current);
                cache.without_baseline = false;
                return None;
            }
            // The tree with its baseline is too long (a 100k tree's pair is about 5.7 M, past
            // any browser's quota): store the tree on screen alone, its own baseline, rather
            // than nothing. A reload shows the edits, no longer marked as changes.
            session.current.baseline = None;
            session.before = false;
            cache.without_baseline = true;
            continue;
        }
        // Too big: keep the newer half of the history and try again.
        session.undo.drain(..session.undo.len().div_ceil(2));
        session.redo.drain(..session.redo.len().div_ceil(2));
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
