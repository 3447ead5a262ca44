//! `<Controls/>`: the transport buttons, the step slider with a tick per ranked user, the
//! speed, the granularity and "My path". Every control only calls `PlayerCtx` intents.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::player::PlayerMsg;
use crate::player::model::{Granularity, SPEEDS, TICKS_WIDTH, rank_ticks, tick_path};
use crate::player::narration::name_of;
use crate::player::{PlayerCtx, selected_user};
use crate::state::AppState;

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
                <SpeedSelect />
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
    let len = Memo::new(move |_| state.run().with(|r| r.steps().len()));
    // One SVG path for every tick: one element however long the walk.
    let ticks = Memo::new(move |_| {
        state
            .run()
            .with(|r| tick_path(&rank_ticks(r.steps()), r.steps().len()))
    });
    let value = move || state.cursor().get().unwrap_or(len.get()).min(len.get());
    let position = move || {
        let n = len.get().to_string();
        match state.cursor().get() {
            None => PlayerMsg::StepFinished.fill(i18n.lang(), &[("n", &n)]),
            Some(k) => {
                let k = k.min(len.get()).to_string();
                PlayerMsg::StepOf.fill(i18n.lang(), &[("k", &k), ("n", &n)])
            }
        }
    };
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
                    <path class="ft-controls__tick-path" d=move || ticks.get() vector-effect="non-scaling-stroke" />
                </svg>
            </div>
            <span class="ft-controls__position" data-testid="player-position">
                {move || position()}
            </span>
        </div>
    }
}

/// The speed select (0.25× to 4×).
#[component]
fn SpeedSelect() -> impl IntoView {
    let i18n = I18n::expect();
    let ctx = PlayerCtx::expect();
    let on_change = move |ev| {
        if let Some(speed) = fairshare::format::parse_f64(&event_target_value(&ev)) {
            ctx.speed.set(speed);
        }
    };
    let options = SPEEDS
        .iter()
        .map(|&speed| {
            let value = fairshare::format::shortest(speed);
            let label = value.clone();
            view! {
                <option value=value>
                    {move || PlayerMsg::SpeedOption.fill(i18n.lang(), &[("speed", &label)])}
                </option>
            }
        })
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    view! {
        <label class="ft-controls__field">
            <span class="ft-controls__label">{i18n.t(PlayerMsg::Speed)}</span>
            <select
                class="ft-controls__select"
                prop:value=move || fairshare::format::shortest(ctx.speed.get())
                on:change=on_change
            >
                {options}
            </select>
        </label>
    }
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
            PlayerMsg::MyPathFor.fill(i18n.lang(), &[("user", &name), ("n", &n.to_string())])
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
