//! [`SaveJob`]: a save done a [`Slice`] at a time (print, write, pack), and the markers that
//! stand for the scenario texts while the session's JSON is written.

use super::cache::JsonCache;
use super::stored::{StoredSession, StoredSnapshot, build, first_unprinted};
use super::{LEVEL, Saved};

/// The shortest session JSON for which a save asks for the deflater's module when it is not in
/// yet. Below it, stored blocks (a third longer than the JSON) cost the storage quota little,
/// and a visitor whose browser asks to save data, for whom nothing is prefetched, fetches no
/// module for a session that only selected someone.
const ASK_DEFLATER_AT: usize = 64 * 1024;

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
///
/// [`encode_with`]: super::encode_with
pub struct SaveJob {
    saved: Saved,
    stage: Stage,
    /// The scenario JSON in the session, taken out of it: the session holds markers instead
    /// ([`marked`]), so that writing it is a small serialisation and the texts' escaping.
    texts: Vec<String>,
    /// The session with markers, once every text it holds is printed.
    session: Option<StoredSession>,
    /// Whether the cache knows what this job stores (once done, or found there at once).
    remembered: bool,
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
pub(super) fn marked(session: &mut StoredSession) -> Vec<String> {
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
            remembered: false,
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
            Stage::Pack(_) => {
                let Stage::Pack(packer) = std::mem::replace(&mut self.stage, Stage::Print(None))
                else {
                    unreachable!("matched above")
                };
                // Through the deflater's module, which made the packer (`pack_or_judge`).
                let (packer, _) = crate::boundary::deferred::deflate_step(packer, slice.bytes);
                match packer.packed() {
                    Ok((json, packed)) => {
                        let packed = cache.packed_now(json, packed);
                        self.judge(cache, Some(packed));
                    }
                    Err(packer) => self.stage = Stage::Pack(packer),
                }
            }
        }
        match &self.stage {
            Stage::Done(text) => {
                if !self.remembered {
                    self.remembered = true;
                    cache.remember_session(&self.saved, text.clone());
                }
                Some(text.clone())
            }
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
            // Saved a moment ago (a scrubber moved back): stored again as it was.
            if let Some((text, without_baseline)) = cache.session_before(&self.saved) {
                cache.without_baseline = without_baseline;
                self.remembered = true;
                self.stage = Stage::Done(text);
                return;
            }
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
        cache.writes += 1;
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
        let ask = json.len() >= ASK_DEFLATER_AT;
        match crate::boundary::deferred::deflate_start(json, LEVEL, ask) {
            Ok(packer) => self.stage = Stage::Pack(packer),
            // The deflater's module is not in yet (it is on its way): stored blocks, whole.
            Err(json) => {
                let packed = fairshare::link::pack_stored(json.as_bytes());
                let packed = cache.packed_now(json, packed);
                self.judge(cache, Some(packed));
            }
        }
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
