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

#[derive(Clone, Serialize, Deserialize)]
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
#[derive(Clone, Serialize, Deserialize)]
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
#[derive(Clone, Serialize, Deserialize)]
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

#[derive(Clone, Serialize, Deserialize)]
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

    /// The packed text of `json` if one of the last sessions packed was it (then it is the
    /// newest again).
    fn packed_before(&mut self, json: &str) -> Option<String> {
        let i = self.packed.iter().position(|(j, _)| j == json)?;
        let hit = self.packed.remove(i);
        let text = hit.1.clone();
        self.packed.push(hit);
        Some(text)
    }

    /// Remembers `packed` (without the version prefix) as the packed text of `json`; the text
    /// to store.
    fn packed_now(&mut self, json: String, packed: String) -> String {
        let text = format!("{VERSION_PREFIX}{packed}");
        self.packed_rate = ((text.len() * 1000).div_ceil(json.len().max(1)), json.len());
        if self.packed.len() == PACKED_KEPT {
            self.packed.remove(0);
        }
        self.packed.push((json, text.clone()));
        text
    }

    /// Whether a session of `len` bytes of JSON is sure to pack too long: past the limit by a
    /// tenth at the rate of the last session packed, if that was at least a third as long
    /// (small texts pack worse). Packing 10 MB of JSON takes ~0.7 s; such a one is not packed.
    fn doomed(&self, len: usize) -> bool {
        let (rate, rate_from) = self.packed_rate;
        rate_from >= len / 3 && len / 1000 * rate > self.max_len() / 10 * 11
    }

    /// The length of `scenario`'s JSON if the cache holds it (printed by this save or an
    /// earlier one, or a timeline snapshot's).
    fn known_len(&mut self, scenario: &Scenario) -> Option<usize> {
        let held = |list: &[(Scenario, String)]| {
            list.iter()
                .find(|(s, _)| s == scenario)
                .map(|(_, j)| j.len())
        };
        held(&self.used)
            .or_else(|| held(&self.entries))
            .or_else(|| moment_texts(&mut self.moments, scenario).and_then(|t| held(t)))
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

/// How much one [`SaveJob::step`] may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    /// Associations printed.
    pub assocs: usize,
    /// Bytes of session JSON written or packed.
    pub bytes: usize,
}

impl Slice {
    /// Everything at once (a save that must end now: the page is hiding).
    pub const WHOLE: Slice = Slice {
        assocs: usize::MAX,
        bytes: usize::MAX,
    };
    /// A few milliseconds of work in the browser: 1,000 associations of a 100k tree print in
    /// about 5 ms, and 256 KiB of its JSON is written or deflated in about as long.
    pub const IDLE: Slice = Slice {
        assocs: 1_000,
        bytes: 256 * 1024,
    };
}

/// A save done a slice at a time, so that a big session (a 100k tree's JSON is 10 MB: printing,
/// writing and packing it took 0.35–1.4 s in one task) never holds the main thread for long:
/// each [`SaveJob::step`] prints, writes or packs at most one [`Slice`]. It stores the session
/// [`encode_with`] stores (which is this job in one slice; deflate cut into slices may choose
/// other blocks, so not always the same characters), and leaves the cache as it does.
pub struct SaveJob {
    saved: Saved,
    stage: Stage,
    /// The scenario JSON in the session, taken out of it: the session holds markers instead
    /// ([`marked`]), so that writing it is a small serialisation and the texts' escaping.
    texts: Vec<String>,
    /// The session with markers, once every text it holds is printed.
    session: Option<StoredSession>,
}

enum Stage {
    /// Printing the scenarios the session holds that the cache does not know yet.
    Print(Option<fairshare::scenario::JsonPrinter>),
    /// Writing the session's JSON: its pieces, the one being written (and how far), the text.
    Write {
        pieces: Vec<Piece>,
        at: (usize, usize),
        json: String,
    },
    /// Packing the session's JSON.
    Pack(fairshare::link::Packer<String>),
    /// The text to store, or `None` (too long).
    Done(Option<String>),
}

/// A piece of a session's JSON: serialised as it is, or one of [`SaveJob::texts`] to write
/// escaped as a JSON string (without its quotes, which the serialised pieces hold).
enum Piece {
    Raw(String),
    Text(usize),
}

/// The marker standing for text `i` in a session being written: no scenario name or preset id
/// holds a control character, and every marker is checked to stand once in the serialisation.
fn marker(i: usize) -> String {
    format!("\u{1}{i}")
}

/// Replaces every scenario text in `session` by its marker; the texts, in marker order.
fn marked(session: &mut StoredSession) -> Vec<String> {
    let mut texts = Vec::new();
    let mut take = |text: &mut String| {
        let mark = marker(texts.len());
        texts.push(std::mem::replace(text, mark));
    };
    let snapshots = std::iter::once(&mut session.current)
        .chain(session.undo.iter_mut())
        .chain(session.redo.iter_mut());
    for s in snapshots {
        take(&mut s.scenario);
        if let Some(b) = s.baseline.as_mut() {
            take(b);
        }
    }
    texts
}

/// Puts the texts [`marked`] took back in place of their markers.
fn put_back(session: &mut StoredSession, texts: &[String]) {
    let snapshots = std::iter::once(&mut session.current)
        .chain(session.undo.iter_mut())
        .chain(session.redo.iter_mut());
    let texts_of = |s: &mut StoredSnapshot| {
        [Some(&mut s.scenario), s.baseline.as_mut()]
            .into_iter()
            .flatten()
            .for_each(|t| {
                let i = t
                    .strip_prefix('\u{1}')
                    .and_then(|i| i.parse::<usize>().ok());
                if let Some(text) = i.and_then(|i| texts.get(i)) {
                    t.clone_from(text);
                }
            });
    };
    snapshots.for_each(texts_of);
}

/// The pieces of `session`'s JSON (markers for `n` texts), or `None` if a marker does not
/// stand exactly once in it (then the session is written whole).
fn pieces(session: &StoredSession, n: usize) -> Option<Vec<Piece>> {
    let skeleton = serde_json::to_string(session).ok()?;
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    for i in 0..n {
        let quoted = serde_json::to_string(&marker(i)).ok()?;
        let mut hits = skeleton.match_indices(&quoted);
        match (hits.next(), hits.next()) {
            (Some((at, _)), None) => found.push((at, at + quoted.len(), i)),
            (None, None) => {}
            _ => return None,
        }
    }
    // Serialised in the order they were taken (current, undo, redo; scenario, baseline).
    if !found.windows(2).all(|w| w[0].0 < w[1].0) {
        return None;
    }
    let mut res = Vec::with_capacity(2 * found.len() + 1);
    let mut from = 0;
    for (start, end, i) in found {
        // The marker's quotes stay, around the text written in its place.
        res.push(Piece::Raw(skeleton[from..=start].to_string()));
        res.push(Piece::Text(i));
        from = end - 1;
    }
    res.push(Piece::Raw(skeleton[from..].to_string()));
    Some(res)
}

impl SaveJob {
    /// A job saving `saved`.
    pub fn new(saved: Saved) -> SaveJob {
        SaveJob {
            saved,
            stage: Stage::Print(None),
            texts: Vec::new(),
            session: None,
        }
    }

    /// Does at most `slice` of the work; the text to store (`None`: too long) once done.
    pub fn step(&mut self, cache: &mut JsonCache, slice: Slice) -> Option<Option<String>> {
        match &mut self.stage {
            Stage::Done(text) => return Some(text.clone()),
            Stage::Print(Some(printer)) => {
                if printer.print(slice.assocs) {
                    let Stage::Print(Some(printer)) =
                        std::mem::replace(&mut self.stage, Stage::Print(None))
                    else {
                        unreachable!("matched above")
                    };
                    let scenario = printer.scenario().clone();
                    cache.entries.push((scenario, printer.finish()));
                }
            }
            Stage::Print(None) => self.print_or_write(cache),
            Stage::Write { pieces, at, json } => {
                let mut left = slice.bytes;
                while left > 0 && at.0 < pieces.len() {
                    match &pieces[at.0] {
                        Piece::Raw(raw) => {
                            json.push_str(raw);
                            left = left.saturating_sub(raw.len());
                            *at = (at.0 + 1, 0);
                        }
                        Piece::Text(i) => {
                            let text = &self.texts[*i];
                            let mut end = at.1.saturating_add(left).min(text.len());
                            while !text.is_char_boundary(end) {
                                end += 1;
                            }
                            push_escaped(json, &text[at.1..end]);
                            left = left.saturating_sub(end - at.1);
                            *at = if end == text.len() {
                                (at.0 + 1, 0)
                            } else {
                                (at.0, end)
                            };
                        }
                    }
                }
                if at.0 == pieces.len() {
                    let json = std::mem::take(json);
                    self.pack_or_judge(cache, json);
                }
            }
            Stage::Pack(packer) => {
                if packer.pack(slice.bytes) {
                    let Stage::Pack(packer) =
                        std::mem::replace(&mut self.stage, Stage::Print(None))
                    else {
                        unreachable!("matched above")
                    };
                    let (json, packed) = packer.finish_keeping_input();
                    let packed = cache.packed_now(json, packed);
                    self.judge(cache, Some(packed));
                }
            }
        }
        match &self.stage {
            Stage::Done(text) => Some(text.clone()),
            _ => None,
        }
    }

    /// Starts printing the next scenario the session needs, or, all printed, builds the
    /// session and starts writing it.
    fn print_or_write(&mut self, cache: &mut JsonCache) {
        if self.session.is_none() {
            // Known to be too long with no history at all: nothing is printed, serialised or
            // packed. (More history, a selection or decay jobs only make it longer; a change to
            // the scenario or its baseline is tried afresh.)
            cache.without_baseline = false;
            if cache.is_unfit(&self.saved.current) {
                self.stage = Stage::Done(None);
                return;
            }
            if let Err(scenario) = first_unprinted(&self.saved, cache) {
                cache.printed += 1;
                let printer = fairshare::scenario::JsonPrinter::new(&scenario);
                self.stage = Stage::Print(Some(printer));
                return;
            }
            let mut session = build(&self.saved, cache);
            self.texts = marked(&mut session);
            self.session = Some(session);
        }
        self.write(cache);
    }

    /// Starts writing the session's JSON as it now stands; not if it is sure to pack too long
    /// even at its length before escaping (a 100k tree with its baseline: 20 MB not written).
    fn write(&mut self, cache: &mut JsonCache) {
        let Some(session) = self.session.as_ref() else {
            self.stage = Stage::Done(None);
            return;
        };
        let pieces = pieces(session, self.texts.len()).unwrap_or_else(|| {
            // A marker stands more than once: write the session with its texts put back.
            let mut whole = session.clone();
            put_back(&mut whole, &self.texts);
            vec![Piece::Raw(
                serde_json::to_string(&whole).unwrap_or_default(),
            )]
        });
        let at_least: usize = pieces
            .iter()
            .map(|p| match p {
                Piece::Raw(raw) => raw.len(),
                Piece::Text(i) => self.texts[*i].len(),
            })
            .sum();
        if cache.doomed(at_least) {
            return self.judge(cache, None);
        }
        self.stage = Stage::Write {
            pieces,
            at: (0, 0),
            json: String::new(),
        };
    }

    /// Packs `json`, unless it is sure to pack too long or was packed just before.
    fn pack_or_judge(&mut self, cache: &mut JsonCache, json: String) {
        if json.is_empty() {
            self.stage = Stage::Done(None);
            return;
        }
        if cache.doomed(json.len()) {
            return self.judge(cache, None);
        }
        if let Some(packed) = cache.packed_before(&json) {
            return self.judge(cache, Some(packed));
        }
        cache.packs += 1;
        let packer = fairshare::link::Packer::new(json, LEVEL);
        self.stage = Stage::Pack(packer);
    }

    /// Done if `packed` fits; else the session made shorter and written again, or nothing.
    fn judge(&mut self, cache: &mut JsonCache, packed: Option<String>) {
        if let Some(packed) = packed.filter(|p| p.len() <= cache.max_len()) {
            self.stage = Stage::Done(Some(packed));
            return;
        }
        let Some(session) = self.session.as_mut() else {
            self.stage = Stage::Done(None);
            return;
        };
        if session.undo.is_empty() && session.redo.is_empty() {
            if session.current.baseline.is_none() {
                cache.remember_unfit(&self.saved.current);
                cache.without_baseline = false;
                self.stage = Stage::Done(None);
                return;
            }
            // The tree with its baseline is too long (a 100k tree's pair is about 5.7 M, past
            // any browser's quota): store the tree on screen alone, its own baseline, rather
            // than nothing. A reload shows the edits, no longer marked as changes.
            session.current.baseline = None;
            session.before = false;
            cache.without_baseline = true;
        } else {
            // Too big: keep the newer half of the history and try again.
            session.undo.drain(..session.undo.len().div_ceil(2));
            session.redo.drain(..session.redo.len().div_ceil(2));
        }
        self.write(cache);
    }
}

/// `text` escaped as inside a JSON string, appended to `out` (escaping is per character, so a
/// text written in pieces cut at character boundaries is the text written whole).
fn push_escaped(out: &mut String, text: &str) {
    if let Ok(quoted) = serde_json::to_string(text) {
        out.push_str(&quoted[1..quoted.len() - 1]);
    }
}

/// The first scenario the session needs whose JSON the cache does not hold, in the order
/// [`build`] prints them (the history only as far as its budget reaches).
fn first_unprinted(saved: &Saved, cache: &mut JsonCache) -> Result<(), Scenario> {
    let mut len = |s: &Scenario| cache.known_len(s).ok_or_else(|| s.clone());
    let mut snapshot_len = |s: &Snapshot| -> Result<usize, Scenario> {
        let scenario = len(&s.scenario)?;
        let baseline = if s.baseline == s.scenario {
            0
        } else {
            len(&s.baseline)?
        };
        Ok(scenario + baseline)
    };
    snapshot_len(&saved.current)?;
    let mut budget = HISTORY_JSON_BUDGET;
    for stack in [saved.history.undo_stack(), saved.history.redo_stack()] {
        for snapshot in stack.iter().rev().take(MAX_SAVED_STEPS) {
            let size = snapshot_len(snapshot)?;
            if size > budget {
                break;
            }
            budget -= size;
        }
    }
    Ok(())
}

/// The session to store for `saved`, its history within [`HISTORY_JSON_BUDGET`].
fn build(saved: &Saved, cache: &mut JsonCache) -> StoredSession {
    let current = store(&saved.current, cache);
    let mut budget = HISTORY_JSON_BUDGET;
    let mut undo = newest_within_budget(saved.history.undo_stack(), &mut budget, cache);
    let mut redo = newest_within_budget(saved.history.redo_stack(), &mut budget, cache);
    cache.finish();
    undo.reverse();
    redo.reverse();
    StoredSession {
        current,
        undo,
        redo,
        selected: saved.selected.map(|id| id.0),
        compare_with: saved.compare_with.map(|id| id.0),
        documented_ties: saved.tie_rule == TieRule::Documented,
        before: saved.before,
        from: saved.from,
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
