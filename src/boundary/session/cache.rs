//! [`JsonCache`]: what one save keeps for the next (scenario JSON printed, packed texts,
//! sessions known too long).

use std::sync::Arc;

use fairshare::Scenario;
use fairshare::timeline::Timeline;

use super::{MAX_STORED_LEN, Saved, VERSION_PREFIX};
use crate::state::{LoadedTimeline, Snapshot};

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
    pub(super) entries: Vec<(Scenario, String)>,
    pub(super) used: Vec<(Scenario, String)>,
    /// The loaded timeline and, for each snapshot, its scenarios printed so far (a snapshot
    /// is shown under its own name, and as the next one's baseline under that one's).
    pub(super) moments: Option<Moments>,
    /// The bytes of JSON kept in `moments`, at most `moment_budget`.
    pub(super) moment_bytes: usize,
    /// How many bytes of the timeline's JSON may be kept ([`MOMENT_BYTES`]; 0 reads as that).
    pub(super) moment_budget: usize,
    /// The last sessions' JSON and packed text, newest last: scrubbing back and forth between
    /// two snapshots saves the same two sessions in turn (deflating a 10k tree's takes ~12 ms).
    pub(super) packed: Vec<(String, String)>,
    /// Sessions too long to store even without their history: the scenario on screen and its
    /// baseline (`None`: the scenario itself), newest last. A session showing them again is
    /// not printed, serialised or packed at all (a 100k tree's session is past
    /// [`MAX_STORED_LEN`] on its own, and trying took 0.3–0.7 s at each scrubber step).
    pub(super) unfit: Vec<(Scenario, Option<Scenario>)>,
    /// The longest packed text stored ([`MAX_STORED_LEN`]; 0 reads as that; tests make it
    /// small).
    pub(super) max_len: usize,
    /// The last text [`encode_with`] gave is the session without its baseline (too long with
    /// it): the page says so.
    ///
    /// [`encode_with`]: super::encode_with
    pub(super) without_baseline: bool,
    /// Packed characters per 1000 bytes of JSON in the last session packed, and its bytes of
    /// JSON (0: none yet).
    pub(super) packed_rate: (usize, usize),
    /// The last sessions saved and what was stored for each (and whether without its
    /// baseline), newest last: a timeline's scrubber moved back and forth saves the same
    /// sessions in turn, whose text is then neither written nor looked up by its JSON (writing
    /// a 10k pair's JSON was ~10 ms of each step's idle work).
    pub(super) sessions: Vec<(Saved, Option<String>, bool)>,
    /// How many saves found their session kept (for tests).
    pub(super) session_hits: usize,
    /// How many sessions' JSON was written (for tests).
    pub(super) writes: usize,
    /// How many scenarios were printed (for tests).
    pub(super) printed: usize,
    /// How many sessions were packed (for tests).
    pub(super) packs: usize,
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

    pub(super) fn json(&mut self, scenario: &Scenario) -> String {
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
    pub(super) fn packed_before(&mut self, json: &str) -> Option<String> {
        let i = self.packed.iter().position(|(j, _)| j == json)?;
        let hit = self.packed.remove(i);
        let text = hit.1.clone();
        self.packed.push(hit);
        Some(text)
    }

    /// Remembers `packed` (without the version prefix) as the packed text of `json`; the text
    /// to store.
    pub(super) fn packed_now(&mut self, json: String, packed: String) -> String {
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
    pub(super) fn doomed(&self, len: usize) -> bool {
        let (rate, rate_from) = self.packed_rate;
        rate_from >= len / 3 && len / 1000 * rate > self.max_len() / 10 * 11
    }

    /// The length of `scenario`'s JSON if the cache holds it (printed by this save or an
    /// earlier one, or a timeline snapshot's).
    pub(super) fn known_len(&mut self, scenario: &Scenario) -> Option<usize> {
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
    pub(super) fn finish(&mut self) {
        self.entries = std::mem::take(&mut self.used);
    }

    /// The longest text that may be stored.
    pub(super) fn max_len(&self) -> usize {
        match self.max_len {
            0 => MAX_STORED_LEN,
            n => n,
        }
    }

    /// What was stored for `saved` if it is one of the last sessions saved (then the newest
    /// again), and whether without its baseline. O(1) per session kept for a timeline's
    /// snapshots (shared trees).
    pub(super) fn session_before(&mut self, saved: &Saved) -> Option<(Option<String>, bool)> {
        let i = self.sessions.iter().position(|(s, _, _)| s == saved)?;
        let hit = self.sessions.remove(i);
        let found = (hit.1.clone(), hit.2);
        self.sessions.push(hit);
        self.session_hits += 1;
        Some(found)
    }

    /// Remembers that `text` was stored for `saved` (`None`: nothing, too long).
    pub(super) fn remember_session(&mut self, saved: &Saved, text: Option<String>) {
        if self.sessions.len() == PACKED_KEPT {
            self.sessions.remove(0);
        }
        self.sessions
            .push((saved.clone(), text, self.without_baseline));
    }

    /// Whether the last session encoded was stored without its baseline (too long with it).
    pub fn without_baseline(&self) -> bool {
        self.without_baseline
    }

    /// Whether `snapshot`'s scenario and baseline were too long to store without history.
    /// O(1) per remembered session for a timeline's snapshots (shared trees).
    pub(super) fn is_unfit(&self, snapshot: &Snapshot) -> bool {
        let baseline = (snapshot.baseline != snapshot.scenario).then_some(&snapshot.baseline);
        self.unfit
            .iter()
            .any(|(s, b)| *s == snapshot.scenario && b.as_ref() == baseline)
    }

    /// Remembers that `snapshot` cannot be stored, whatever its history.
    pub(super) fn remember_unfit(&mut self, snapshot: &Snapshot) {
        if self.unfit.len() == UNFIT_KEPT {
            self.unfit.remove(0);
        }
        let baseline = (snapshot.baseline != snapshot.scenario).then(|| snapshot.baseline.clone());
        self.unfit.push((snapshot.scenario.clone(), baseline));
    }
}

/// How many sessions too long to store [`JsonCache`] remembers: a timeline's snapshots shown
/// one after another, each with the one before it.
pub(super) const UNFIT_KEPT: usize = 8;

/// How many packed sessions (and sessions saved) [`JsonCache`] keeps: two (scrubbing back and
/// forth).
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
