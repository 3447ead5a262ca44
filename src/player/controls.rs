//! `<Controls/>`: the transport buttons, the step slider with a tick per ranked user, the
//! speed (a slider), the granularity and "My path". Every control only calls `PlayerCtx` intents.

use std::sync::Arc;

use fairshare::format::grouped;
use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;

use crate::i18n::I18n;
use crate::messages::player::PlayerMsg;
use crate::messages::{Lang, Message};
use crate::player::model::{Granularity, SPEEDS, TICKS_WIDTH, rank_ticks, speed_index, tick_path};
use crate::player::narration::name_of;
use crate::player::shown::shown;
use crate::player::{PlayerCtx, selected_user};
use crate::state::{AppState, ByTrace};

/// The slider's position in words, its counts grouped (`Step 1,352 of 10,412`): the finished
/// ranking when `cursor` is none, else step `cursor` (at most `len`) of `len`.
pub(crate) fn position_text(lang: Lang, cursor: Option<usize>, len: usize) -> String {
    let count = |k: usize| grouped(k as u64);
    match cursor {
        None => PlayerMsg::StepFinished.fill(lang, &[("n", &count(len))]),
        Some(k) => PlayerMsg::StepOf.fill(lang, &[("k", &count(k.min(len))), ("n", &count(len))]),
    }
}

/// The player's controls.
#[component]
pub fn Controls() -> impl IntoView {
    let i18n = I18n::expect();
    let ctx = PlayerCtx::expect();
    let play_label = move || {
        let msg = if ctx.playback.is_playing() {
            PlayerMsg::Pause
        } else {
            PlayerMsg::Play
        };
        msg.text(i18n.lang())
    };
    let button = |msg: PlayerMsg, testid: &'static str, action: fn(PlayerCtx)| {
        view! {
            <button
                type="button"
                class="ft-button ft-controls__button"
                data-testid=testid
                on:click=move |_| action(ctx)
            >
                {i18n.t(msg)}
            </button>
        }
    };

    view! {
        <div class="ft-controls">
            <div class="ft-controls__transport">
                <button
                    type="button"
                    class="ft-button ft-controls__button ft-controls__play"
                    data-testid="player-play"
                    on:click=move |_| ctx.toggle_play()
                >
                    {move || play_label()}
                </button>
                <button
                    type="button"
                    class="ft-button ft-controls__button"
                    data-testid="player-back"
                    disabled=move || !ctx.state.can_step_back()
                    on:click=move |_| ctx.step_back()
                >
                    {i18n.t(PlayerMsg::StepBack)}
                </button>
                {button(PlayerMsg::StepForward, "player-forward", PlayerCtx::step_forward)}
                {button(PlayerMsg::Restart, "player-restart", PlayerCtx::restart)}
                {button(PlayerMsg::JumpToEnd, "player-end", PlayerCtx::jump_to_end)}
                {button(PlayerMsg::NextRankedUser, "player-next-ranked", PlayerCtx::next_ranked_user)}
            </div>
            <Timeline />
            <div class="ft-controls__options">
                <SpeedSlider />
                <GranularityChoice />
                <MyPathToggle />
            </div>
        </div>
    }
}

/// The step slider, its ticks and the position readout.
#[component]
fn Timeline() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = PlayerCtx::expect();
    let slider_id = ctx.element_id("slider");
    let len = shown(state, move || state.steps().with(|s| s.len()));
    // One SVG path for every tick: one element however long the walk (not built again after
    // an edit that leaves the trace as it was). Drawn with the slider, then drawn again in the
    // next idle period after a trace changes ([`follow_ticks`]), not in the edit's frame.
    let tick_el = NodeRef::<leptos::svg::Path>::new();
    let first_ticks = follow_ticks(state, tick_el);
    let value = move || state.cursor().get().unwrap_or(len.get()).min(len.get());
    let position = move || position_text(i18n.lang(), state.cursor().get(), len.get());
    let on_input = move |ev| {
        if let Ok(k) = event_target_value(&ev).parse::<usize>() {
            ctx.seek(k);
        }
    };

    view! {
        <div class="ft-controls__timeline">
            <label class="ft-controls__label" for=slider_id.clone()>
                {i18n.t(PlayerMsg::Slider)}
            </label>
            <div class="ft-controls__track">
                <input
                    id=slider_id
                    class="ft-controls__slider"
                    type="range"
                    min="0"
                    max=move || len.get().to_string()
                    step="1"
                    prop:value=move || value().to_string()
                    aria-valuetext=position
                    on:input=on_input
                />
                <svg
                    class="ft-controls__ticks"
                    aria-hidden="true"
                    viewBox=format!("0 0 {} 6", fairshare::format::shortest(TICKS_WIDTH))
                    preserveAspectRatio="none"
                >
                    <path
                        class="ft-controls__tick-path"
                        node_ref=tick_el
                        d=first_ticks
                        vector-effect="non-scaling-stroke"
                    />
                </svg>
            </div>
            <span class="ft-controls__position" data-testid="player-position">
                {move || position()}
            </span>
        </div>
    }
}

/// The tick path of the walk on screen now (returned, for the element to be built with), and
/// after each change of the walk's trace the tick path of the new one, written into `el` in the
/// browser's next idle period (once for a burst of edits; only if it differs from what was
/// written). The ticks are cosmetic, and on a big tree they are the dearest part of an edit's
/// frame that the edit is not about: a 10k tree's 7,900 strokes (79 KB of path) are formatted,
/// handed to the browser, parsed and laid out again whenever an edit moves someone in a sibling
/// list, about 2 ms of the frame (e2e/bench/edit-profile.mjs, `fairshare::format::push_fixed`).
///
/// The paths of the last traces shown are kept ([`ByTrace`]): a timeline's scrubber moved back
/// and forth shows the same traces again, whose ticks are then not formatted again.
fn follow_ticks(state: AppState, el: NodeRef<leptos::svg::Path>) -> String {
    let kept = StoredValue::new(ByTrace::<Arc<str>>::default());
    let draw = move || {
        state
            .steps()
            .try_with_untracked(|s| {
                kept.try_update_value(|k| {
                    k.get_or_make(s, || Arc::from(tick_path(&rank_ticks(s), s.len())))
                })
            })
            .flatten()
    };
    let first = draw().unwrap_or_else(|| Arc::from(""));
    let written = StoredValue::new(first.clone());
    let pending = StoredValue::new(false);
    let redraw = move || {
        // (`Some`: the slider is gone.)
        if pending.try_set_value(false).is_some() {
            return;
        }
        let (Some(d), Some(Some(el))) = (draw(), el.try_get_untracked()) else {
            return;
        };
        if written.try_with_value(|w| *w != d) == Some(true) {
            let _ = el.set_attribute("d", &d);
            written.set_value(d);
        }
    };
    let follow = RenderEffect::new(move |prev: Option<()>| {
        state.steps().track();
        if prev.is_none() || pending.get_value() {
            return;
        }
        pending.set_value(true);
        #[cfg(target_arch = "wasm32")]
        crate::boundary::storage::when_idle(TICKS_IDLE_TIMEOUT_MS, move |_| redraw());
        #[cfg(not(target_arch = "wasm32"))]
        redraw();
    });
    StoredValue::new(Arc::new(follow));
    first.to_string()
}

/// How long the ticks of a new trace may wait for an idle period, at most.
#[cfg(target_arch = "wasm32")]
const TICKS_IDLE_TIMEOUT_MS: u32 = 300;

/// The speed (0.25× to 4×): a slider over [`SPEEDS`], its value written beside it.
///
/// A slider, not a `<select>`: in Chromium a box holding a `<select>` is never laid out alone
/// (the select's picker is anchored to it, and anchor queries cross every layout boundary:
/// docs/performance.md, session 21), so a select in the player made every step of the walk lay
/// out the whole page. Without one, the docked player is a box of fixed size laid out from
/// itself (style/player.css).
#[component]
fn SpeedSlider() -> impl IntoView {
    let i18n = I18n::expect();
    let ctx = PlayerCtx::expect();
    let on_input = move |ev| {
        let picked = event_target_value(&ev).parse::<usize>().ok();
        if let Some(&speed) = picked.and_then(|k| SPEEDS.get(k)) {
            ctx.speed.set(speed);
        }
    };
    let text = move || speed_text(i18n.lang(), ctx.speed.get());
    view! {
        <div class="ft-controls__field">
            <label class="ft-controls__choice">
                <span class="ft-controls__label">{i18n.t(PlayerMsg::Speed)}</span>
                <input
                    class="ft-controls__speed"
                    type="range"
                    min="0"
                    max=(SPEEDS.len() - 1).to_string()
                    step="1"
                    prop:value=move || speed_index(ctx.speed.get()).to_string()
                    aria-valuetext=text
                    on:input=on_input
                />
            </label>
            <span class="ft-controls__speed-value" aria-hidden="true">
                {move || text()}
            </span>
        </div>
    }
}

/// A speed as the player writes it (`1.5×`).
pub(crate) fn speed_text(lang: Lang, speed: f64) -> String {
    let value = fairshare::format::shortest(SPEEDS[speed_index(speed)]);
    PlayerMsg::SpeedOption.fill(lang, &[("speed", &value)])
}

/// One step per sibling group, or one per visit or comparison.
#[component]
fn GranularityChoice() -> impl IntoView {
    let i18n = I18n::expect();
    let ctx = PlayerCtx::expect();
    let name = ctx.element_id("granularity");
    let radios = Granularity::ALL
        .into_iter()
        .map(|g| {
            view! {
                <label class="ft-controls__choice">
                    <input
                        type="radio"
                        name=name.clone()
                        value=g.as_value()
                        prop:checked=move || ctx.granularity.get() == g
                        on:change=move |_| ctx.granularity.set(g)
                    />
                    {i18n.t(g.label())}
                </label>
            }
        })
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    view! {
        <fieldset class="ft-controls__fieldset">
            <legend class="ft-controls__label">{i18n.t(PlayerMsg::Granularity)}</legend>
            {radios}
        </fieldset>
    }
}

/// "My path": play only the steps that decide the selected user's rank.
#[component]
fn MyPathToggle() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = PlayerCtx::expect();
    let hint_id = ctx.element_id("my-path-hint");
    let user = Memo::new(move |_| selected_user(state));
    let hint = move || match (user.get(), ctx.path.with(|p| p.as_ref().map(Vec::len))) {
        (Some(ix), Some(n)) => {
            let name = state.scenario().with(|s| name_of(&s.tree, ix).to_string());
            let n = grouped(n as u64);
            PlayerMsg::MyPathFor.fill(i18n.lang(), &[("user", &name), ("n", &n)])
        }
        (Some(_), None) => String::new(),
        (None, _) => PlayerMsg::MyPathHint.text(i18n.lang()).to_string(),
    };
    view! {
        <div class="ft-controls__field">
            <label class="ft-controls__choice">
                <input
                    type="checkbox"
                    aria-describedby=hint_id.clone()
                    prop:checked=move || ctx.my_path.get() && user.get().is_some()
                    disabled=move || user.get().is_none()
                    on:change=move |ev| ctx.my_path.set(event_target_checked(&ev))
                />
                {i18n.t(PlayerMsg::MyPath)}
            </label>
            <span id=hint_id class="ft-controls__hint">
                {move || hint()}
            </span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slider's position groups its counts, finished or at a step, in both languages.
    #[test]
    fn position_text_groups_its_counts() {
        assert_eq!(
            position_text(Lang::En, None, 12_345),
            "Finished ranking (12,345 steps)"
        );
        assert_eq!(
            position_text(Lang::En, Some(1_352), 12_345),
            "Step 1,352 of 12,345"
        );
        assert_eq!(
            position_text(Lang::En, Some(99_999), 12_345),
            "Step 12,345 of 12,345"
        );
        assert_eq!(
            position_text(Lang::Ja, Some(1_352), 12_345),
            "ステップ 1,352 / 12,345"
        );
    }
}
