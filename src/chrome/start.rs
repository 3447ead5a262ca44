//! Start-up and the session's life: what the page opens with (a link, the saved session, a
//! preset, the default), then saving the session and following the URL as the state changes.
//!
//! Order at start: `fresh=1` discards the saved session; a link in the fragment wins, unless it
//! is the scenario the saved session shows (a reload), which then comes back whole, or the
//! address the session was saved from (a reload that beat the save's address update: the
//! session is newer, and the address then follows it); otherwise the saved session; otherwise
//! `preset=` or the default preset. `step=` then sets the cursor.

use std::time::Duration;

use leptos::prelude::*;

use crate::boundary::launch_params::LaunchParams;
use crate::boundary::url_state::{self, ShareLink};
use crate::boundary::{session, storage};
use crate::presets::{self, Preset};
use crate::state::AppState;

/// How long the state must be still before it is saved and the URL updated.
const SAVE_DELAY: Duration = Duration::from_millis(400);

/// After [`SAVE_DELAY`], the save waits for the browser's next idle period (after the frame it
/// is drawing) at most this long (ms), and each further slice of it as long: encoding and
/// compressing the session of a big tree takes from tens of milliseconds to a second (a 100k
/// tree), which must not land in front of a frame.
const IDLE_TIMEOUT_MS: u32 = 1000;

/// A save goes on to its next slice ([`session::Slice::IDLE`], a few milliseconds) while the
/// idle period has at least this long left (ms); else it waits for the next idle period. Idle
/// periods last at most 50 ms: a save takes about half of one, so that a frame asked for
/// meanwhile waits little.
const SLICE_ROOM_MS: f64 = 25.0;

/// The shell's handle, in context: launch parameters and what start-up did.
#[derive(Clone, Copy)]
pub struct Shell {
    /// The query parameters the page was opened with.
    pub params: StoredValue<LaunchParams>,
    /// A saved session was restored (the note with `Start over` shows while this is set).
    pub restored: RwSignal<bool>,
    /// The last save stored nothing, or the session without its baseline, and why (a status
    /// line says so until a save stores it whole).
    pub unsaved: RwSignal<Option<Unsaved>>,
    key: StoredValue<String>,
    pending: StoredValue<Option<TimeoutHandle>>,
    /// The next change is `Start over` itself: a fresh start is not a session to restore.
    skip_next: StoredValue<bool>,
    /// Scenario JSON printed by earlier saves (the undo steps rarely change between saves, and
    /// a scrubber step shows a timeline snapshot already printed).
    cache: StoredValue<session::JsonCache>,
    /// The save under way in idle slices, if any.
    job: StoredValue<Option<session::SaveJob>>,
    /// Counts changes: a save's next slice, scheduled before a change, finds it changed and
    /// stops (the change schedules its own save).
    generation: StoredValue<u64>,
}

/// Why the session on screen is not (all) the one saved in the browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsaved {
    /// Longer than [`session::MAX_STORED_LEN`] even without history: nothing is stored (the
    /// older session is removed, so a reload does not go back in time).
    TooBig,
    /// Stored without its baseline (too long with it): a reload brings the tree back, its
    /// edits no longer marked as changes.
    WithoutBaseline,
    /// The browser refused it (`QuotaExceededError`: other keys fill the origin's storage):
    /// the session saved before is kept as it was.
    StorageFull,
}

impl Shell {
    /// The handle provided by [`start`], if any (components mounted alone in tests have none).
    pub fn use_context() -> Option<Self> {
        use_context::<Self>()
    }

    /// The preset the page starts from: `preset=` if it names one, else the default.
    pub fn start_preset(self) -> &'static Preset {
        self.params
            .with_value(|p| p.preset.as_deref().and_then(presets::by_id))
            .or_else(|| presets::by_id(presets::DEFAULT))
            .unwrap_or(&presets::PRESETS[0])
    }

    /// Discards the saved session and the URL's link, and opens the starting preset afresh.
    pub fn start_over(self, state: AppState) {
        self.cancel_pending();
        self.key.with_value(|k| storage::remove(k));
        let href = window().location().href().unwrap_or_default();
        url_state::replace_url(href.split_once('#').map_or(href.as_str(), |(b, _)| b));
        let preset = self.start_preset();
        self.skip_next.set_value(true);
        state.start_over(preset.scenario(), Some(preset.id));
        self.restored.set(false);
        self.unsaved.set(None);
    }

    /// Cancels the save due, the one under way included.
    fn cancel_pending(self) {
        if let Some(handle) = self.pending.try_update_value(Option::take).flatten() {
            handle.clear();
        }
        self.job.try_set_value(None);
        self.generation.try_update_value(|g| *g += 1);
    }

    /// Saves the session and updates the URL now (after the debounce, or when the page hides).
    /// The session remembers the address it was saved from: a reload under way when the page
    /// hides goes there, not to the address this save writes.
    fn flush(self, state: AppState) {
        self.cancel_pending();
        let saved = self.saved_now(state);
        let text = self
            .cache
            .try_update_value(|cache| session::encode_with(&saved, cache))
            .flatten();
        self.store(state, text);
    }

    /// The session to save now, the cache following the loaded timeline.
    fn saved_now(self, state: AppState) -> session::Saved {
        let fragment = window().location().hash().unwrap_or_default();
        self.cache.try_update_value(|cache| {
            state
                .timeline()
                .with_untracked(|t| cache.follow(t.as_ref()))
        });
        saved(state, session::fragment_hash(&fragment))
    }

    /// Stores `text` (`None`: too long to store), says on the page what was not saved, and
    /// makes the address follow the state.
    fn store(self, state: AppState, text: Option<String>) {
        let without_baseline = self
            .cache
            .try_with_value(session::JsonCache::without_baseline)
            .unwrap_or_default();
        let unsaved = self.key.with_value(|key| match text {
            Some(ref text) => match storage::write(key, text) {
                Ok(()) => without_baseline.then_some(Unsaved::WithoutBaseline),
                // Nothing was written: the older session stays whole, and the page says so.
                Err(storage::Refused::Full) => Some(Unsaved::StorageFull),
                Err(storage::Refused::Unavailable) => {
                    storage::remove(key);
                    None
                }
            },
            // Too big: remove the older one, so a reload cannot go back in time.
            None => {
                storage::remove(key);
                Some(Unsaved::TooBig)
            }
        });
        if self.unsaved.get_untracked() != unsaved {
            self.unsaved.set(unsaved);
        }
        url_state::follow(state);
    }
}

/// The session as it stands, as the autosave writes it; `from` is the hash of the address it is
/// saved from ([`session::fragment_hash`]).
pub fn saved(state: AppState, from: Option<u64>) -> session::Saved {
    session::Saved {
        current: state.snapshot(),
        history: state.history().get_untracked(),
        selected: state.selected().get_untracked(),
        compare_with: state.compare_with().get_untracked(),
        tie_rule: state.tie_rule().get_untracked(),
        before: state.before().with_untracked(Option::is_some),
        from,
    }
}

/// Reads the launch parameters and restores what the page should open with; then saves the
/// session and follows the URL as the state changes. Call once from `App`, after the state
/// exists.
pub fn start(state: AppState, params: LaunchParams) -> Shell {
    let share = ShareLink::provide();
    let key = session::key(params.embed, params.preset.as_deref());
    let fresh = params.fresh;
    let step = params.step;
    let present = params.present;
    let open_calc = params.calc.is_some();
    let snapshots = (
        params.src.clone(),
        params.before.clone(),
        params.timeline.clone(),
        params.me.clone(),
    );
    let shell = Shell {
        params: StoredValue::new(params),
        restored: RwSignal::new(false),
        unsaved: RwSignal::new(None),
        key: StoredValue::new(key.clone()),
        pending: StoredValue::new(None),
        skip_next: StoredValue::new(false),
        cache: StoredValue::new(session::JsonCache::default()),
        job: StoredValue::new(None),
        generation: StoredValue::new(0),
    };
    provide_context(shell);

    if fresh {
        storage::remove(&key);
        drop_fresh_from_url();
    }
    let saved = storage::read(&key).and_then(|text| session::decode(&text));
    let resume = |saved: session::Saved| {
        let before = saved.before.then(|| saved.current.baseline.tree.clone());
        state.resume(
            saved.current,
            saved.history,
            saved.selected,
            saved.compare_with,
            saved.tie_rule,
        );
        // The baseline was a before snapshot: compare with it again (matched by name; its
        // ids are already the scenario's).
        if let Some(tree) = before {
            state.load_before(&tree);
        }
        shell.restored.set(true);
    };
    let hash = window().location().hash().unwrap_or_default();
    // The preset opened, if start-up opened one rather than a link or the saved session.
    let mut opened = None;
    match (url_state::decode(&hash), saved) {
        (Some(Ok(link)), Some(saved)) if session::session_wins(&saved, &hash, &link) => {
            let older = !session::matches_link(&saved, &link.scenario, link.tie_rule);
            resume(saved);
            if older {
                // The address is older than the session: it follows what is shown.
                url_state::follow(state);
            }
        }
        (Some(Ok(link)), _) => state.open_link(link),
        (Some(Err(e)), saved) => {
            share.error.set(Some(e));
            match saved {
                Some(saved) => resume(saved),
                None => opened = Some(open_preset(state, shell.start_preset())),
            }
        }
        (None, Some(saved)) => resume(saved),
        (None, None) => opened = Some(open_preset(state, shell.start_preset())),
    }
    // A card clicked on the pre-rendered first view (index.html) before the app mounted.
    let applies = shell
        .params
        .with_value(|p| crate::prerender::pick_applies(p, opened));
    let picked = crate::prerender::take_pick().filter(|id| {
        applies
            && state
                .scenario()
                .with_untracked(|s| s.tree.get(*id).is_some())
    });
    if picked.is_some() {
        state.select(picked);
    }
    if let Some(step) = step {
        state.seek(step);
    }

    if present {
        crate::chrome::present::install(state);
    }
    if open_calc {
        state.open_panel(crate::chrome::tabs::PanelTab::Calc);
    }
    autosave(state, shell);
    url_state::listen_for_pasted_links(state, share);
    let (src, before, timeline, me) = snapshots;
    crate::boundary::snapshot_urls::fetch_on_open(state, src, before, timeline, me);
    shell
}

/// Opens `preset` afresh; returns its id.
fn open_preset(state: AppState, preset: &'static Preset) -> &'static str {
    state.start_over(preset.scenario(), Some(preset.id));
    preset.id
}

/// Removes `fresh=1` from the address bar, so a later reload restores the new session.
fn drop_fresh_from_url() {
    let href = window().location().href().unwrap_or_default();
    let (base, fragment) = href.split_once('#').unwrap_or((&href, ""));
    let (path, query) = base.split_once('?').unwrap_or((base, ""));
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("fresh="))
        .collect();
    let mut url = path.to_string();
    if !kept.is_empty() {
        url = format!("{url}?{}", kept.join("&"));
    }
    if !fragment.is_empty() {
        url = format!("{url}#{fragment}");
    }
    url_state::replace_url(&url);
}

/// Saves the session (and updates the URL) once the state has been still for [`SAVE_DELAY`], in
/// the browser's next idle period, and at once when the page is hidden or unloaded, so a quick
/// reload loses nothing.
fn autosave(state: AppState, shell: Shell) {
    Effect::new(move |first: Option<()>| {
        state.scenario().track();
        state.baseline().track();
        state.history().track();
        state.selected().track();
        state.compare_with().track();
        state.tie_rule().track();
        state.decay().track();
        state.before().track();
        let skip = shell.skip_next.try_update_value(std::mem::take);
        if first.is_none() || skip == Some(true) {
            // Opening (or starting over) is not a change: nothing to save yet.
            return;
        }
        shell.cancel_pending();
        let generation = shell.generation.get_value();
        let save = move || {
            let slice = move |idle| save_in_slices(shell, state, generation, idle);
            storage::when_idle(IDLE_TIMEOUT_MS, slice);
        };
        let handle = set_timeout_with_handle(save, SAVE_DELAY).ok();
        shell.pending.set_value(handle);
    });
    let flush = move || flush_if_pending(shell, state);
    let hide = window_event_listener_untyped("pagehide", move |_| flush());
    let visibility = window_event_listener_untyped("visibilitychange", move |_| flush());
    // The listeners live as long as the page.
    std::mem::forget((hide, visibility));
}

/// Goes on with the save due (from `generation`, the change that scheduled it) in the idle
/// period `idle`: a slice at a time while the period has room, then in the next idle period;
/// once done, stores it. Stops if a change came since (it schedules its own save), or the save
/// was made at once (the page hid) or cancelled (`Start over`), or the view is gone.
fn save_in_slices(shell: Shell, state: AppState, generation: u64, idle: storage::Idle) {
    let due = shell.generation.try_get_value() == Some(generation)
        && shell.pending.try_with_value(Option::is_some) == Some(true);
    if !due {
        return;
    }
    if shell.job.try_with_value(Option::is_none) == Some(true) {
        let saved = shell.saved_now(state);
        shell.job.try_set_value(Some(session::SaveJob::new(saved)));
    }
    let mut steps = 0;
    let done = loop {
        steps += 1;
        // `None`: no job (the view is gone); `Some(None)`: not done yet.
        let step = shell
            .job
            .try_update_value(|job| {
                let job = job.as_mut()?;
                shell
                    .cache
                    .try_update_value(|cache| job.step(cache, session::Slice::IDLE))
            })
            .flatten();
        match step {
            Some(Some(text)) => break Some(text),
            None => return,
            Some(None) if idle.time_left_ms() < SLICE_ROOM_MS => break None,
            Some(None) => {}
        }
    };
    match done {
        // Written in an idle period of its own (`setItem` of a 100k tree's session is one long
        // call): the job, done, gives its text again at once.
        Some(text) if steps == 1 => {
            shell.cancel_pending();
            shell.store(state, text);
        }
        _ => {
            let slice = move |idle| save_in_slices(shell, state, generation, idle);
            storage::when_idle(IDLE_TIMEOUT_MS, slice);
        }
    }
}

/// Saves now if a save is due (a change since the last save); nothing after the page hid and
/// saved, or once the view is gone.
fn flush_if_pending(shell: Shell, state: AppState) {
    if shell.pending.try_with_value(Option::is_some) == Some(true) {
        shell.flush(state);
    }
}
