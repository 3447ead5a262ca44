//! `<Player/>`: the ranking animation, Fair Tree's depth-first walk step by step.
//!
//! The player holds no copy of the algorithm: it moves `AppState::cursor` through the engine's
//! trace (`run.steps`), and everything on screen is read from `AppState::frame`
//! (`Frame::at(steps, cursor)`), so scrubbing is instant in both directions. The tree view
//! shows the same frame (current node, ranked users). The one timer of the app lives in
//! `crate::player::playback`; what a stop is (a sibling group, every visit, or only the steps of the
//! selected user's path) is decided in `player::model`.
//!
//! Children: `controls` (transport, slider, speed, granularity, My path), `group_panel` (the
//! sibling group with S, U, LF and the sorted order), `counters` (rank counters, FairShare,
//! the walk's stack), `pseudocode` (the highlighted line). The live region narrates each step
//! (`crate::player::narration`).

pub mod controls;
pub mod counters;
#[cfg(test)]
mod frame_tests;
pub mod group_panel;
pub mod intents;
pub mod marks;
pub mod model;
pub mod my_path;
pub mod narration;
pub mod playback;
pub mod pseudocode;
pub mod shown;

use std::sync::atomic::{AtomicUsize, Ordering};

use leptos::ev::KeyboardEvent;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;
use crate::messages::player::PlayerMsg;
use crate::player::my_path::my_path;
use crate::player::narration::narrate;
use crate::player::playback::{Playback, use_playback};
use crate::state::AppState;
use controls::Controls;
use counters::CountersPanel;
use group_panel::GroupPanel;
use model::{Granularity, KeyTarget, PlayerKey, interval_ms, key_action, stops};
use pseudocode::PseudocodePanel;
use shown::shown;

/// Numbers the players on a page, so element ids stay unique (tests mount several).
static NEXT_PLAYER: AtomicUsize = AtomicUsize::new(1);

/// The player's own state, shared by its parts through context. `Copy`.
#[derive(Clone, Copy)]
pub struct PlayerCtx {
    /// The clock.
    pub playback: Playback,
    /// One stop per sibling group or per step.
    pub granularity: RwSignal<Granularity>,
    /// The speed multiplier (see `model::SPEEDS`).
    pub speed: RwSignal<f64>,
    /// Whether to play only the selected user's path (on by default: it takes effect as soon
    /// as a user is selected; without one the whole walk plays).
    pub my_path: RwSignal<bool>,
    /// The selected user's path (step indices), when "My path" is on and a user is selected.
    pub path: Memo<Option<Vec<usize>>>,
    /// Where stepping and playing stop.
    pub stops: Memo<Vec<usize>>,
    /// This player's number, for element ids.
    pub id: usize,
    state: AppState,
}

impl PlayerCtx {
    /// Creates the player's state over `state` and provides it to the player's parts.
    pub fn provide(state: AppState) -> Self {
        let granularity = RwSignal::new(Granularity::default());
        let speed = RwSignal::new(1.0);
        let my_path_on = RwSignal::new(true);
        let path = shown(state, move || {
            if !my_path_on.get() {
                return None;
            }
            let user = selected_user(state)?;
            Some(state.steps().with(|s| my_path(s, user)))
        });
        let stops = shown(state, move || {
            let granularity = granularity.get();
            path.with(|p| state.steps().with(|s| stops(s, granularity, p.as_deref())))
        });
        let tick = Callback::new(move |()| {
            // A load while playing resets the cursor to the finished ranking: stop there.
            state.cursor().get_untracked().is_some()
                && stops.with_untracked(|s| state.step_forward(s))
        });
        let interval = Signal::derive(move || interval_ms(speed.get()));
        let res = Self {
            playback: use_playback(interval, tick),
            granularity,
            speed,
            my_path: my_path_on,
            path,
            stops,
            id: NEXT_PLAYER.fetch_add(1, Ordering::Relaxed),
            state,
        };
        provide_context(res);
        res
    }

    /// The context provided by `<Player/>`.
    pub fn expect() -> Self {
        expect_context::<Self>()
    }

    /// An element id unique to this player.
    pub fn element_id(self, part: &str) -> String {
        format!("ft-player-{}-{part}", self.id)
    }

    /// Play or pause. Playing from the finished ranking (or the end) starts at step 0.
    pub fn toggle_play(self) {
        self.state.release_player();
        if self.playback.is_playing_untracked() {
            self.playback.pause();
        } else {
            self.state.rewind_if_finished();
            self.playback.play();
        }
    }

    /// One stop forward (pauses).
    pub fn step_forward(self) {
        self.state.release_player();
        self.playback.pause();
        self.stops.with_untracked(|s| self.state.step_forward(s));
    }

    /// One stop back (pauses).
    pub fn step_back(self) {
        self.state.release_player();
        self.playback.pause();
        self.stops.with_untracked(|s| self.state.step_back(s));
    }

    /// Back to step 0 (keeps playing if playing).
    pub fn restart(self) {
        self.state.release_player();
        self.state.restart();
    }

    /// To the last step (pauses).
    pub fn jump_to_end(self) {
        self.state.release_player();
        self.playback.pause();
        self.state.jump_to_end();
    }

    /// To the next ranked user (pauses).
    pub fn next_ranked_user(self) {
        self.state.release_player();
        self.playback.pause();
        self.state.next_ranked_user();
    }

    /// To step `k` from the slider (pauses).
    pub fn seek(self, k: usize) {
        self.state.release_player();
        self.playback.pause();
        self.state.seek(k);
    }

    /// Performs a keyboard action.
    pub fn act(self, action: PlayerKey) {
        // What the person acts on is the walk of the state shown, not the one held back.
        self.state.release_player();
        match action {
            PlayerKey::TogglePlay => self.toggle_play(),
            PlayerKey::Back => self.step_back(),
            PlayerKey::Forward => self.step_forward(),
            PlayerKey::Start => {
                self.playback.pause();
                self.state.restart();
            }
            PlayerKey::End => self.jump_to_end(),
        }
    }
}

/// The selected association's position, if it is a user (reactive).
pub fn selected_user(state: AppState) -> Option<usize> {
    let ix = state.selected().get().and_then(|id| state.ix(id))?;
    state
        .scenario()
        .with(|s| s.tree.assocs().get(ix).is_some_and(|a| a.is_user()))
        .then_some(ix)
}

/// The ranking animation region.
#[component]
pub fn Player() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = PlayerCtx::provide(state);
    let narration = shown(state, move || {
        let lang = i18n.lang();
        let finished = state.cursor().with(Option::is_none);
        state.run().with(|run| {
            state.scenario().with(|s| {
                state
                    .frame()
                    .with(|f| narrate(run, &s.tree, f, finished, lang))
            })
        })
    });
    let on_keydown = move |ev: KeyboardEvent| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        if let Some(action) = key_action(&ev.key(), key_target(&ev)) {
            ev.prevent_default();
            if !(ev.repeat() && action == PlayerKey::TogglePlay) {
                ctx.act(action);
            }
        }
    };
    // Space on a button clicks it on release; the keydown already played or paused.
    let on_keyup = move |ev: KeyboardEvent| {
        if key_action(&ev.key(), KeyTarget::Button) == Some(PlayerKey::TogglePlay)
            && key_target(&ev) == KeyTarget::Button
        {
            ev.prevent_default();
        }
    };

    view! {
        <section
            class="ft-panel ft-player"
            role="region"
            aria-label=i18n.t(CommonMsg::RegionAnimation)
            aria-keyshortcuts="Space ArrowLeft ArrowRight Home End"
            tabindex="-1"
            on:keydown=on_keydown
            on:keyup=on_keyup
        >
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionAnimation)}</h2>
            <Controls />
            <p class="ft-player__narration" role="status" data-testid="player-narration">
                {move || narration.get()}
            </p>
            <div class="ft-player__panels">
                <GroupPanel />
                <div class="ft-player__side">
                    <CountersPanel />
                    <PseudocodePanel />
                </div>
            </div>
            <p class="ft-player__keys">{i18n.t(PlayerMsg::KeysHint)}</p>
        </section>
    }
}

/// What kind of element a key event comes from.
fn key_target(ev: &KeyboardEvent) -> KeyTarget {
    let Some(element) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return KeyTarget::Other;
    };
    match element.tag_name().to_ascii_uppercase().as_str() {
        "TEXTAREA" | "SELECT" => KeyTarget::Typing,
        "BUTTON" => KeyTarget::Button,
        "INPUT" => match element
            .get_attribute("type")
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "range" => KeyTarget::Range,
            "radio" => KeyTarget::Radio,
            "checkbox" => KeyTarget::Checkbox,
            "button" | "submit" | "reset" => KeyTarget::Button,
            _ => KeyTarget::Typing,
        },
        _ if element.has_attribute("contenteditable") => KeyTarget::Typing,
        _ => KeyTarget::Other,
    }
}
