//! Component tests of the ranking animation in headless Chromium.
//!
//! Run: `cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer`.
//! Each test mounts `<Player/>` over the test24.4 preset, acts through the controls the way a
//! person would (buttons by their accessible name, the slider, the keyboard) and checks where
//! the cursor went and what the semantic hooks say. Expected text comes from the messages.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;

use fairshare::AssocId;
use fairshare::step::Frame;
use fairshare_explorer::i18n::I18n;
use fairshare_explorer::messages::player::PlayerMsg;
use fairshare_explorer::messages::{Lang, Message};
use fairshare_explorer::player::Player;
use fairshare_explorer::player::model::{Granularity, stops};
use fairshare_explorer::player::narration::narrate;
use fairshare_explorer::state::AppState;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = r#"
export function set_value(el, value) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}
export function press(el, key) {
  const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  el.dispatchEvent(down);
  el.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
  return down.defaultPrevented;
}
"#)]
extern "C" {
    /// Sets a form control's value and dispatches `input` and `change`.
    fn set_value(el: &web_sys::Element, value: &str);
    /// Presses and releases `key` on `el`; returns whether the keydown's default was prevented.
    fn press(el: &web_sys::Element, key: &str) -> bool;
}

use crate::support;

/// Page-object helpers: the shared ones (`sleep`, a real-time wait, for the player's clock).
mod ui {
    pub use super::support::*;
}

/// Mounts the player over test24.4 and hands back the state it drives.
fn mount_player() -> (ui::Mounted<impl Mountable>, AppState) {
    let cell: Rc<Cell<Option<AppState>>> = Rc::new(Cell::new(None));
    let provided = Rc::clone(&cell);
    let view = ui::mount(move || {
        I18n::provide(Lang::En);
        let scenario = ui::preset("test24-4");
        provided.set(Some(AppState::provide(scenario)));
        view! { <Player /> }
    });
    let state = cell.get().expect("mounted");
    (view, state)
}

fn en(msg: PlayerMsg) -> &'static str {
    msg.text(Lang::En)
}

fn cursor(state: AppState) -> Option<usize> {
    state.cursor().get_untracked()
}

fn len(state: AppState) -> usize {
    state.run().with_untracked(|r| r.steps().len())
}

/// Chooses "one step per visit or comparison".
async fn fine_grained<S: Mountable>(view: &ui::Mounted<S>) {
    let radio = view.get("input[type='radio'][value='visit']");
    radio.unchecked_ref::<web_sys::HtmlElement>().click();
    tick().await;
}

#[wasm_bindgen_test]
async fn the_region_has_every_control_and_opens_on_the_finished_ranking() {
    let (view, state) = mount_player();
    tick().await;

    let region = view.get("[role='region'][aria-label='Ranking animation']");
    assert!(region.query_selector("[role='status']").unwrap().is_some());
    for name in [
        PlayerMsg::Play,
        PlayerMsg::StepBack,
        PlayerMsg::StepForward,
        PlayerMsg::Restart,
        PlayerMsg::JumpToEnd,
        PlayerMsg::NextRankedUser,
    ] {
        view.button(en(name));
    }
    let slider = view.get("input[type='range']");
    let label = view.get(&format!(
        "label[for='{}']",
        slider.get_attribute("id").unwrap()
    ));
    assert_eq!(label.text_content().unwrap().trim(), en(PlayerMsg::Slider));
    assert_eq!(slider.get_attribute("max"), Some(len(state).to_string()));
    // One tick per ranked user, all drawn by one path (no element per step).
    assert_eq!(view.all(".ft-controls__ticks path").len(), 1);
    let d = view
        .get(".ft-controls__ticks path")
        .get_attribute("d")
        .unwrap_or_default();
    assert_eq!(d.matches('M').count(), 21);
    let speed = view.get("input.ft-controls__speed");
    assert_eq!(
        view.text("label:has(.ft-controls__speed)").trim(),
        en(PlayerMsg::Speed)
    );
    assert_eq!(speed.get_attribute("max").as_deref(), Some("5"));

    assert_eq!(cursor(state), None, "static first");
    assert!(
        view.text("[role='status']")
            .starts_with("The finished ranking of 21 users")
    );
    assert!(view.find("[aria-current='step']").is_none());
}

/// The tick path's strokes (one `M` each).
fn strokes<S: Mountable>(view: &ui::Mounted<S>) -> usize {
    view.get(".ft-controls__tick-path")
        .get_attribute("d")
        .unwrap_or_default()
        .matches('M')
        .count()
}

#[wasm_bindgen_test]
async fn an_edit_redraws_the_ticks_in_the_next_idle_period_not_in_its_frame() {
    let (view, state) = mount_player();
    assert_eq!(strokes(&view), 21);
    // A 22nd user: a new trace with one more rank step.
    let account = state
        .scenario()
        .with_untracked(|s| {
            s.tree
                .assocs()
                .iter()
                .find(|a| a.kind() == fairshare::AssocKind::Account)
                .map(|a| a.id)
        })
        .unwrap();
    state.add_child(account, true, "new_user").unwrap();
    tick().await;
    assert_eq!(
        view.get("input[type='range']").get_attribute("max"),
        Some(len(state).to_string()),
        "the edit is drawn"
    );
    assert_eq!(
        strokes(&view),
        21,
        "the ticks are not redrawn with the edit"
    );
    // At most the idle callback's timeout later.
    ui::sleep(600).await;
    assert_eq!(strokes(&view), 22);
    // An edit that leaves the trace as it was leaves the path alone.
    let d = view.get(".ft-controls__tick-path").get_attribute("d");
    state.set_tie_rule(fairshare::TieRule::Slurm);
    tick().await;
    ui::sleep(600).await;
    assert_eq!(view.get(".ft-controls__tick-path").get_attribute("d"), d);
}

#[wasm_bindgen_test]
async fn buttons_and_slider_move_the_cursor() {
    let (view, state) = mount_player();
    tick().await;
    let n = len(state);
    let group_stops = state
        .run()
        .with_untracked(|r| stops(r.steps(), Granularity::Group, None));

    // Group granularity (the default): Step forward from the finished ranking starts the walk.
    view.button(en(PlayerMsg::StepForward)).click();
    tick().await;
    assert_eq!(cursor(state), Some(group_stops[1]));
    view.button(en(PlayerMsg::StepForward)).click();
    tick().await;
    assert_eq!(cursor(state), Some(group_stops[2]));
    view.button(en(PlayerMsg::StepBack)).click();
    tick().await;
    assert_eq!(cursor(state), Some(group_stops[1]));

    fine_grained(&view).await;
    view.button(en(PlayerMsg::StepForward)).click();
    tick().await;
    assert_eq!(cursor(state), Some(group_stops[1] + 1));

    view.button(en(PlayerMsg::JumpToEnd)).click();
    tick().await;
    assert_eq!(cursor(state), Some(n));
    view.button(en(PlayerMsg::StepBack)).click();
    tick().await;
    assert_eq!(cursor(state), Some(n - 1));
    let back = || view.get("[data-testid='player-back']");
    assert!(!back().has_attribute("disabled"), "enabled past step 0");
    view.button(en(PlayerMsg::Restart)).click();
    tick().await;
    assert_eq!(cursor(state), Some(0));
    // Nothing before step 0: Step back is disabled there.
    assert!(back().has_attribute("disabled"), "disabled at step 0");

    set_value(&view.get("input[type='range']"), "17");
    tick().await;
    assert_eq!(cursor(state), Some(17));
    assert!(!back().has_attribute("disabled"));
    assert_eq!(
        view.text("[data-testid='player-position']"),
        format!("Step 17 of {n}")
    );

    view.button(en(PlayerMsg::NextRankedUser)).click();
    tick().await;
    let k = cursor(state).unwrap();
    assert!(k > 17);
    assert!(state.run().with_untracked(|r| r.steps()[k - 1].is_rank()));
    assert!(
        state
            .run()
            .with_untracked(|r| r.steps()[17..k - 1].iter().all(|s| !s.is_rank())),
        "no ranking skipped"
    );
}

#[wasm_bindgen_test]
async fn narration_counters_and_pseudo_code_follow_the_step() {
    let (view, state) = mount_player();
    tick().await;
    fine_grained(&view).await;

    view.button(en(PlayerMsg::Restart)).click();
    tick().await;
    assert!(view.text("[role='status']").starts_with("Step 0"));
    assert_eq!(view.text("[data-testid='counter-rank']"), "21");

    let mut previous = view.text("[role='status']");
    for _ in 0..6 {
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
        let text = view.text("[role='status']");
        assert_ne!(text, previous, "the narration changes at every step");
        let expected = state.run().with_untracked(|r| {
            state.scenario().with_untracked(|s| {
                let frame = Frame::at(r.steps(), cursor(state).unwrap());
                narrate(r, &s.tree, &frame, false, Lang::En)
            })
        });
        assert_eq!(text, expected);
        previous = text;
    }
    // The active pseudo-code line is the one of the step just taken.
    let active = view.all("[aria-current='step'][data-pseudo-line]");
    assert_eq!(active.len(), 1);

    // First ranking: u1, without usage under the root, gets 21 = N: FairShare 21 / 21.
    view.button(en(PlayerMsg::Restart)).click();
    view.button(en(PlayerMsg::NextRankedUser)).click();
    tick().await;
    assert_eq!(view.text("[data-testid='counter-rank']"), "21");
    assert_eq!(view.text("[data-testid='counter-rank-no-ties']"), "20");
    assert_eq!(
        view.text("[data-testid='counter-fairshare']"),
        "FairShare of u1 = 21 / 21 = 1.000000"
    );
    let active = view.get("[aria-current='step'][data-pseudo-line]");
    assert_eq!(
        active.get_attribute("data-pseudo-line").as_deref(),
        Some("rank")
    );
    // The group panel shows the root's children, u1 current, with its numbers in place.
    let row = view.get(".ft-group__body [role='row'][aria-current='step']");
    let text = row.text_content().unwrap();
    assert!(
        text.contains("u1") && text.contains("inf") && text.contains("0.048077"),
        "{text}"
    );
    assert_eq!(row.get_attribute("aria-rowindex").as_deref(), Some("2"));
    // The next ranking, aE1, reuses u1's rank: aE was entered tied with u1.
    view.button(en(PlayerMsg::NextRankedUser)).click();
    tick().await;
    assert_eq!(
        view.text("[role='status']"),
        "aE1 reuses rank 21 because aE was entered tied with u1 (users before accounts)."
    );
    assert_eq!(
        view.text("[data-testid='counter-tie']"),
        "Rank reused: a tie carried into the account."
    );
}

#[wasm_bindgen_test]
async fn play_becomes_pause_and_the_clock_advances() {
    let (view, state) = mount_player();
    tick().await;
    fine_grained(&view).await;
    // 4× (the speed slider's sixth stop).
    set_value(&view.get("input.ft-controls__speed"), "5");
    tick().await;

    view.button(en(PlayerMsg::Play)).click();
    tick().await;
    assert_eq!(cursor(state), Some(0), "Play starts the walk from step 0");
    let pause = view.button(en(PlayerMsg::Pause));
    ui::sleep(600).await;
    tick().await;
    let k = cursor(state).unwrap();
    assert!(k >= 1, "the clock moved the cursor (at {k})");

    pause.click();
    tick().await;
    view.button(en(PlayerMsg::Play));
    let stopped = cursor(state);
    ui::sleep(400).await;
    assert_eq!(cursor(state), stopped, "paused means still");

    // At the end the clock stops by itself and the button says Play again.
    state.seek(len(state) - 1);
    view.button(en(PlayerMsg::Play)).click();
    ui::sleep(500).await;
    tick().await;
    assert_eq!(cursor(state), Some(len(state)));
    view.button(en(PlayerMsg::Play));
}

#[wasm_bindgen_test]
async fn keyboard_controls_in_the_region() {
    let (view, state) = mount_player();
    tick().await;
    fine_grained(&view).await;
    let region = view.get("[role='region']");
    let back = view.button(en(PlayerMsg::StepBack));

    assert!(press(&region, "ArrowRight"));
    tick().await;
    assert_eq!(cursor(state), Some(1));
    press(&region, "ArrowRight");
    press(&region, "ArrowLeft");
    tick().await;
    assert_eq!(cursor(state), Some(1));
    press(&region, "End");
    tick().await;
    assert_eq!(cursor(state), Some(len(state)));
    press(&region, "Home");
    tick().await;
    assert_eq!(cursor(state), Some(0));

    // Space on a focused button plays or pauses once (it does not also click the button).
    press(&back, " ");
    tick().await;
    view.button(en(PlayerMsg::Pause));
    press(&region, " ");
    tick().await;
    view.button(en(PlayerMsg::Play));
    assert_eq!(cursor(state), Some(0), "Space did not step back");

    // The radio buttons keep their arrows.
    let radio = view.get("input[type='radio'][value='visit']");
    assert!(!press(&radio, "ArrowRight"));
}

#[wasm_bindgen_test]
async fn my_path_plays_only_the_selected_users_steps() {
    let (view, state) = mount_player();
    tick().await;
    let checkbox = view.get("input[type='checkbox']");
    assert!(checkbox.has_attribute("disabled"), "no user selected yet");
    assert!(
        view.text(".ft-controls__hint")
            .starts_with("Select a user in the tree")
    );

    state.select(Some(AssocId(921))); // uGA1
    tick().await;
    assert!(!checkbox.has_attribute("disabled"));
    // "My path" is the default once a user is selected.
    assert!(
        checkbox
            .unchecked_ref::<web_sys::HtmlInputElement>()
            .checked()
    );
    assert_eq!(
        view.text(".ft-controls__hint"),
        "Only the 12 steps that decide uGA1's rank."
    );
    let path = fairshare_explorer::player::my_path::my_path(
        &state.run().with_untracked(|r| r.steps().to_vec()),
        state.ix(AssocId(921)).unwrap(),
    );
    for &i in &path {
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
        assert_eq!(cursor(state), Some(i + 1));
    }
    assert!(
        view.text("[role='status']")
            .starts_with("uGA1 reuses rank 4 because aGA was entered tied with uG1")
    );
}

#[wasm_bindgen_test]
async fn an_edit_that_shrinks_the_trace_keeps_the_player_working() {
    let (view, state) = mount_player();
    tick().await;
    view.button(en(PlayerMsg::JumpToEnd)).click();
    tick().await;
    let old = len(state);
    state.delete(AssocId(3)).unwrap(); // account aB and its subtree
    tick().await;
    let n = len(state);
    assert!(n < old);
    assert_eq!(cursor(state), Some(n));
    assert_eq!(
        view.get("input[type='range']").get_attribute("max"),
        Some(n.to_string())
    );
    view.button(en(PlayerMsg::StepBack)).click();
    tick().await;
    let k = cursor(state).unwrap();
    assert!(
        k < n
            && state
                .run()
                .with_untracked(|r| r.steps()[k - 1].is_group_start())
    );
    state.seek(n - 1);
    fine_grained(&view).await;
    view.button(en(PlayerMsg::StepBack)).click();
    tick().await;
    assert_eq!(cursor(state), Some(n - 2));
    assert!(view.find("[role='alert']").is_none());
}

#[wasm_bindgen_test]
async fn frame_marks_change_only_with_the_cursor() {
    use fairshare::step::NodeStatus;
    use fairshare_explorer::player::marks::{FrameMarks, Mark};

    let cell: Rc<Cell<Option<(AppState, FrameMarks)>>> = Rc::new(Cell::new(None));
    let provided = Rc::clone(&cell);
    let view = ui::mount(move || {
        let scenario = ui::preset("test24-4");
        let state = AppState::provide(scenario);
        let marks = FrameMarks::provide(state);
        provided.set(Some((state, marks)));
        let root = state.ix(AssocId(1)).unwrap();
        view! { <p data-testid="root-current">{move || marks.is_current(root).to_string()}</p> }
    });
    tick().await;
    let (state, marks) = cell.get().expect("mounted");
    let root = state.ix(AssocId(1)).unwrap();
    let u1 = state.ix(AssocId(7)).unwrap();
    assert_eq!(
        marks.mark(root),
        Mark::default(),
        "no marks on the finished ranking"
    );
    assert_eq!(view.text("[data-testid='root-current']"), "false");

    state.seek(1);
    tick().await;
    assert!(marks.is_current(root));
    assert_eq!(view.text("[data-testid='root-current']"), "true");
    state.seek(5); // u1 ranked
    tick().await;
    assert!(!marks.is_current(root));
    assert!(marks.is_current(u1));
    assert_eq!(marks.status(u1), Some(NodeStatus::Ranked));
    state.seek(4);
    tick().await;
    assert_eq!(marks.status(u1), Some(NodeStatus::Computed));
    state.set_cursor(None);
    tick().await;
    assert_eq!(marks.mark(u1), Mark::default());
}

/// `index_marks::settled` (what keeps a step from waking the tree model's readers) follows its
/// source and wakes a reader only when its own value changes.
#[wasm_bindgen_test]
async fn settled_wakes_readers_only_when_its_value_changes() {
    use fairshare_explorer::widgets::index_marks::settled;
    // Effects need the executor, which mounting starts in the other tests; this one mounts
    // nothing. (Err: already started by an earlier test, which is fine.)
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let owner = Owner::new();
    let (source, tens, runs) = owner.with(|| {
        let source = RwSignal::new(1u32);
        let tens = settled(move || source.get() / 10);
        let runs = RwSignal::new(0u32);
        Effect::new(move |_| {
            tens.track();
            runs.update_untracked(|r| *r += 1);
        });
        (source, tens, runs)
    });
    tick().await;
    assert_eq!((tens.get_untracked(), runs.get_untracked()), (0, 1));
    source.set(5);
    tick().await;
    assert_eq!(
        (tens.get_untracked(), runs.get_untracked()),
        (0, 1),
        "same value: the reader stays asleep"
    );
    source.set(25);
    tick().await;
    assert_eq!((tens.get_untracked(), runs.get_untracked()), (2, 2));
    drop(owner);
}

/// `index_marks::KeyedMarks` (what cards and treeitems read instead of the whole tree model):
/// a change to one key wakes only that key's readers, a key seen for the first time wakes the
/// readers waiting for it, and a key that disappears reads as the default.
#[wasm_bindgen_test]
async fn keyed_marks_wake_only_the_changed_key() {
    use fairshare_explorer::widgets::index_marks::KeyedMarks;
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let owner = Owner::new();
    let (source, marks, runs_a, runs_c) = owner.with(|| {
        let source = RwSignal::new(vec![(1u32, 10u32), (2, 20)]);
        let marks = KeyedMarks::new(move || source.get());
        let (runs_a, runs_c) = (RwSignal::new(0u32), RwSignal::new(0u32));
        Effect::new(move |_| {
            marks.get(1);
            runs_a.update_untracked(|r| *r += 1);
        });
        Effect::new(move |_| {
            marks.get(3);
            runs_c.update_untracked(|r| *r += 1);
        });
        (source, marks, runs_a, runs_c)
    });
    tick().await;
    assert_eq!((runs_a.get_untracked(), runs_c.get_untracked()), (1, 1));
    source.set(vec![(1, 10), (2, 21)]);
    tick().await;
    assert_eq!(
        (runs_a.get_untracked(), runs_c.get_untracked()),
        (1, 1),
        "only key 2 changed: nobody reading 1 or 3 wakes"
    );
    source.set(vec![(1, 10), (2, 21), (3, 30)]);
    tick().await;
    assert_eq!(runs_c.get_untracked(), 2, "key 3 appeared");
    assert_eq!(owner.with(|| marks.get(3)), 30);
    source.set(vec![(2, 21), (3, 30)]);
    tick().await;
    assert_eq!(runs_a.get_untracked(), 2, "key 1 disappeared");
    assert_eq!(owner.with(|| marks.get(1)), 0);
    drop(owner);
}

/// A sibling group that scrolls draws only the rows near its box's view (each row is a dozen
/// layout objects, restyled and laid out at every step of the walk), the one the step is about
/// among them, and the box follows it there.
#[wasm_bindgen_test]
async fn a_big_sibling_group_draws_only_the_rows_near_its_view() {
    let style = group_box_style();
    let scenario = wide_group(60);
    let (view, _state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <Player /> });
    tick().await;
    fine_grained(&view).await;
    view.button(en(PlayerMsg::Restart)).click();
    tick().await;
    let rows = ".ft-group__body [role='row']";
    let current = ".ft-group__body [role='row'][aria-current='step']";
    // The first user ranked: the group of 60, its first rows drawn.
    view.button(en(PlayerMsg::NextRankedUser)).click();
    tick().await;
    let table = view.get(".ft-group__table");
    assert_eq!(table.get_attribute("aria-rowcount").as_deref(), Some("61"));
    let drawn = view.count(rows);
    assert!((13..=30).contains(&drawn), "{drawn} of 60 rows drawn");
    assert_eq!(
        view.get(current).get_attribute("aria-rowindex").as_deref(),
        Some("2")
    );
    // Forty users on: the row the step is about is drawn, still not all of them, and the box
    // has scrolled to it (in the next animation frame).
    for _ in 0..40 {
        view.button(en(PlayerMsg::NextRankedUser)).click();
        tick().await;
    }
    ui::sleep(50).await;
    tick().await;
    let drawn = view.count(rows);
    assert!((13..=30).contains(&drawn), "{drawn} of 60 rows drawn");
    assert_eq!(
        view.get(current).get_attribute("aria-rowindex").as_deref(),
        Some("42")
    );
    let scrolled = view.get(".ft-group__scroll").scroll_top();
    // Row 40 (0-based) ends 42 rows of 32 px down, the header included: 1344 − 400.
    assert!((900..=1000).contains(&scrolled), "scrolled to {scrolled}");
    style.remove();
}

/// The group box's size from the stylesheet, which component tests do not load: its part, in a
/// `<style>` the caller removes.
fn group_box_style() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let style = document.create_element("style").unwrap();
    style.set_text_content(Some(
        ".ft-group { --ft-group-row-h: 32px; }\
         .ft-group__scroll { max-height: 400px; overflow: auto; }\
         .ft-group__row { height: 32px; }\
         .ft-group__body { position: relative; }\
         .ft-group__body > .ft-group__row { position: absolute; top: 0; left: 0; right: 0; }",
    ));
    document.head().unwrap().append_child(&style).unwrap();
    style
}

/// One account of `n` users below the root (a sibling group that scrolls in the group box).
fn wide_group(n: usize) -> fairshare::scenario::Scenario {
    let mut assocs = vec![
        r#"{"id": 1, "parent": null, "account": "root", "user": null, "shares": 0, "usage_raw": 0.0}"#.to_string(),
        r#"{"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1, "usage_raw": 0.0}"#.to_string(),
    ];
    for k in 0..n {
        assocs.push(format!(
            r#"{{"id": {}, "parent": 2, "account": "a", "user": "u{k:02}", "shares": 1, "usage_raw": {}.0}}"#,
            10 + k,
            (k * 7) % 61 + 1
        ));
    }
    scenario_of("wide", &assocs)
}

/// The group box follows the walk's row by writing its scroll offset, and the scroll event that
/// write causes reads nothing: where the box is was known when it was written, and a read then
/// lays the page out in the middle of the next step (issue 24 §5: layout read at most once per
/// frame). The write waits until the step's frame is painted, not in an animation-frame
/// callback, where the step's changes (or the next step's) are not laid out yet and the write
/// lays them out first. A scroll by the person is still measured.
#[wasm_bindgen_test]
async fn the_group_box_does_not_measure_the_echo_of_its_own_scroll() {
    use web_sys::js_sys::{Function, Reflect};
    let style = group_box_style();
    let scenario = wide_group(60);
    let (view, _state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <Player /> });
    tick().await;
    view.button(en(PlayerMsg::Restart)).click();
    tick().await;
    view.button(en(PlayerMsg::NextRankedUser)).click();
    tick().await;
    ui::sleep(50).await;
    let scroller = view.get(".ft-group__scroll");
    // Counts the box's scroll offset read and written (what its scroll handler reads first), and
    // the writes made inside an animation-frame callback.
    let spy = Function::new_with_args(
        "el",
        "const d = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
         const seen = { reads: 0, writes: 0, in_frame: 0 };
         let inFrame = false;
         window.__ftRaf = window.requestAnimationFrame;
         const raf = window.__ftRaf.bind(window);
         window.requestAnimationFrame = (cb) => raf((t) => {
           inFrame = true;
           try { cb(t); } finally { inFrame = false; } });
         Object.defineProperty(el, 'scrollTop', { configurable: true,
           get() { seen.reads += 1; return d.get.call(this); },
           set(v) { seen.writes += 1; if (inFrame) seen.in_frame += 1; d.set.call(this, v); } });
         return () => seen;",
    );
    let read: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &scroller)
        .unwrap()
        .unchecked_into();
    let seen = |what: &str| {
        let s = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
        Reflect::get(&s, &what.into()).unwrap().as_f64().unwrap()
    };
    // Forty users, a step at a time with frames between them (each write's scroll event comes).
    for _ in 0..40 {
        view.button(en(PlayerMsg::NextRankedUser)).click();
        tick().await;
        ui::sleep(40).await;
    }
    assert!(
        seen("writes") >= 20.0,
        "the box followed the walk: {} writes",
        seen("writes")
    );
    assert_eq!(seen("reads"), 0.0, "no echo of a write was measured");
    assert_eq!(
        seen("in_frame"),
        0.0,
        "no write in an animation frame's callbacks"
    );
    // The person scrolls back to the top: measured.
    let scroller: web_sys::HtmlElement = scroller.unchecked_into();
    let restore = Function::new_with_args(
        "el",
        // Put the page's own requestAnimationFrame back: it is an own property of `window`,
        // so deleting the spy would leave none, and every later test's frames would never come.
        "delete el.scrollTop; window.requestAnimationFrame = window.__ftRaf; delete window.__ftRaf;",
    );
    restore
        .call1(&wasm_bindgen::JsValue::NULL, &scroller)
        .unwrap();
    scroller.set_scroll_top(0);
    ui::sleep(50).await;
    tick().await;
    let drawn: Vec<String> = view
        .all(".ft-group__body [role='row']:not([hidden])")
        .iter()
        .filter_map(|r| r.get_attribute("aria-rowindex"))
        .collect();
    assert!(
        drawn.iter().any(|r| r == "2"),
        "the first rows are drawn again: {drawn:?}"
    );
    style.remove();
}

/// The Fair Tree scenario `name` of these association objects (scenario JSON), parsed cleanly.
/// The associations of a root over accounts named as given, each with that many users
/// (`a1`, `a2`, …; usages spread so the users sort apart).
fn accounts_of(accounts: &[(&str, usize)]) -> Vec<String> {
    let mut assocs = vec![
        r#"{"id": 1, "parent": null, "account": "root", "user": null, "shares": 0, "usage_raw": 0.0}"#.to_string(),
    ];
    for (a, &(account, users)) in accounts.iter().enumerate() {
        let id = 10 * (a + 1);
        assocs.push(format!(
            r#"{{"id": {id}, "parent": 1, "account": "{account}", "user": null, "shares": 1, "usage_raw": 0.0}}"#
        ));
        for u in 1..=users {
            assocs.push(format!(
                r#"{{"id": {}, "parent": {id}, "account": "{account}", "user": "{account}{u}", "shares": 1, "usage_raw": {}.0}}"#,
                id + u,
                (a * 3 + u) * 7 % 11 + 1
            ));
        }
    }
    assocs
}

fn scenario_of(name: &str, assocs: &[String]) -> fairshare::scenario::Scenario {
    let json = format!(
        r#"{{"name": "{name}", "algorithm": "fair_tree", "params": {{"damping_factor": 1, "flags": []}}, "associations": [{}]}}"#,
        assocs.join(",")
    );
    let (scenario, problems) = fairshare::scenario::parse(&json);
    assert!(problems.is_empty(), "{problems:?}");
    scenario.expect("a scenario")
}

/// A step into another sibling group of as many members rewrites the group's rows in place
/// (rows are keyed by their place in the list): no row is dropped or built, each shows the new
/// group's member, and that step does not glide; the group's sort that follows does.
#[wasm_bindgen_test]
async fn a_step_into_another_group_rewrites_the_rows_in_place() {
    use web_sys::js_sys::Function;
    // The root's three accounts, each with three users: every group has three rows.
    let scenario = scenario_of("three", &accounts_of(&[("a", 3), ("b", 3), ("c", 3)]));
    let (view, _state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <Player /> });
    tick().await;
    fine_grained(&view).await;
    view.button(en(PlayerMsg::Restart)).click();
    tick().await;
    let rows = ".ft-group__body [role='row']";
    let title = || view.text(".ft-group h3");
    let members = || {
        view.all(rows)
            .iter()
            .map(|r| r.get_attribute("data-assoc-ix").unwrap_or_default())
            .collect::<Vec<_>>()
    };
    // Forward to the root's group (its Level FS computed), then on to the step before the
    // group changes.
    while view.count(rows) == 0 {
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
    }
    let root_title = title();
    let body = view.get(".ft-group__body");
    let spy = Function::new_with_args(
        "body",
        "const seen = { nodes: 0 };
         const count = (rs) => { for (const r of rs)
           seen.nodes += r.addedNodes.length + r.removedNodes.length; };
         const o = new MutationObserver(count);
         o.observe(body, { childList: true });
         return () => { count(o.takeRecords()); return seen.nodes; };",
    );
    let nodes_changed: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &body)
        .unwrap()
        .unchecked_into();
    let elements = view.all(rows);
    assert_eq!(elements.len(), 3);
    let mut before = members();
    let mut steps = 0;
    while title() == root_title {
        before = members();
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
        steps += 1;
        assert!(steps < 20, "the walk never left the root's group");
    }
    // Another group: other members in the same three elements.
    let after = members();
    assert_eq!(after.len(), 3);
    assert!(
        after.iter().all(|m| !before.contains(m)),
        "{before:?} → {after:?}"
    );
    assert!(elements.iter().all(|e| e.is_connected()));
    let changed = nodes_changed.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    assert_eq!(changed.as_f64(), Some(0.0), "rows dropped or built");
    let still = |b: &web_sys::Element| b.class_list().contains("ft-group__body--still");
    assert!(still(&body), "a step into another group does not glide");
    // The group's sort, a step or two on, glides again.
    let sorted = en(PlayerMsg::GroupSorted);
    while view.text(".ft-group__caption") != sorted {
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
        assert_eq!(members(), after, "the same group");
    }
    assert!(!still(&body), "the sort glides");
}

/// The group's rows are a pool as large as the most rows drawn: a step into a group with fewer
/// members hides the spare rows instead of dropping them, and a step into a larger one shows
/// them again instead of building rows. Across the whole walk of a tree whose groups have 3, 3,
/// 1 and 2 members, no node of the group's rows (row, cell or text) is dropped or built after
/// the first group's, and a hidden row names no member.
#[wasm_bindgen_test]
async fn a_smaller_group_hides_the_spare_rows_and_a_larger_one_shows_them_again() {
    use web_sys::js_sys::Function;
    let scenario = scenario_of("uneven", &accounts_of(&[("a", 3), ("b", 1), ("c", 2)]));
    let (view, _state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <Player /> });
    tick().await;
    fine_grained(&view).await;
    view.button(en(PlayerMsg::Restart)).click();
    tick().await;
    let rows = ".ft-group__body [role='row']";
    let shown = ".ft-group__body [role='row']:not([hidden])";
    while view.count(rows) == 0 {
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
    }
    // The root's group: three rows, all shown.
    let elements = view.all(rows);
    assert_eq!((elements.len(), view.count(shown)), (3, 3));
    let body = view.get(".ft-group__body");
    let spy = Function::new_with_args(
        "body",
        "const seen = { nodes: 0 };
         const count = (rs) => { for (const r of rs)
           seen.nodes += r.addedNodes.length + r.removedNodes.length; };
         const o = new MutationObserver(count);
         o.observe(body, { childList: true, subtree: true });
         return () => { count(o.takeRecords()); return seen.nodes; };",
    );
    let nodes_changed: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &body)
        .unwrap()
        .unchecked_into();
    let table = view.get(".ft-group__table");
    let mut sizes = Vec::new();
    for _ in 0..60 {
        view.button(en(PlayerMsg::StepForward)).click();
        tick().await;
        if !table.is_connected() {
            // The walk has finished: no group is shown any more.
            break;
        }
        // The rows shown are the group's members, as the table's row count says.
        let count = table
            .get_attribute("aria-rowcount")
            .and_then(|n| n.parse::<u32>().ok())
            .map_or(0, |n| n - 1);
        assert_eq!(view.count(shown), count, "{}", body.outer_html());
        assert_eq!(view.count(rows), 3, "the pool keeps its three rows");
        let hidden = ".ft-group__body [role='row'][hidden]";
        assert!(
            view.all(hidden)
                .iter()
                .all(|r| r.get_attribute("data-assoc-ix").is_none()
                    && r.get_attribute("aria-current").is_none())
        );
        assert!(elements.iter().all(|e| e.is_connected()));
        let changed = nodes_changed.call0(&wasm_bindgen::JsValue::NULL).unwrap();
        assert_eq!(changed.as_f64(), Some(0.0), "rows dropped or built");
        if sizes.last() != Some(&count) {
            sizes.push(count);
        }
    }
    assert!(
        sizes.contains(&1) && sizes.contains(&2),
        "the walk went through the groups of 1 and 2: {sizes:?}"
    );
    let one = sizes.iter().position(|&n| n == 1).unwrap();
    assert!(
        sizes[one..].iter().any(|&n| n > 1),
        "and on to a larger one: {sizes:?}"
    );
}

/// A timeline's scrubber step holds the player's texts back until the step's frame is painted:
/// the step's frame computes and writes none of them (the docked player is not a relayout
/// boundary, so any text of it lays out the whole page), and the frame after shows the other
/// snapshot's walk. Acting on the player shows it at once.
#[wasm_bindgen_test]
async fn a_scrubber_step_shows_the_other_walk_in_the_player_after_its_frame() {
    use fairshare::timeline::{Time, Timeline};
    let (view, state) = mount_player();
    // Day 0 has one more user than day 1 (the preset): a longer walk.
    let scenario = ui::preset("test24-4");
    let day1 = scenario.tree.clone();
    let account = day1
        .assocs()
        .iter()
        .find(|a| a.kind() == fairshare::AssocKind::Account && a.parent.is_some())
        .cloned()
        .expect("an account");
    let newcomer = fairshare::Assoc::new(
        day1.next_id(),
        Some(account.id),
        account.account.clone(),
        Some("newcomer".into()),
    );
    let day0 = day1.with_added(newcomer).expect("a valid tree");
    let timeline = Timeline::new(vec![
        (Time::parse("2024-05-01T00:00Z"), "day0.txt".into(), day0),
        (Time::parse("2024-05-02T00:00Z"), "day1.txt".into(), day1),
    ]);
    state.load_timeline(timeline, vec![Vec::new(); 2], scenario);
    tick().await;
    ui::sleep(100).await;
    let slider = || view.get("input[type='range']");
    let max = || slider().get_attribute("max");
    let narration = || view.text("[data-testid='player-narration']");
    let position = || view.text("[data-testid='player-position']");
    let day1_len = len(state);
    assert_eq!(max(), Some(day1_len.to_string()), "day 1's walk");
    let (day1_narration, day1_position) = (narration(), position());

    // To day 0: the state (and the tree, which reads it) has day 0 at once ...
    state.show_moment(0);
    tick().await;
    let day0_len = len(state);
    assert_ne!(day0_len, day1_len);
    // ... the player still shows day 1's walk in the step's frame ...
    assert_eq!(
        max(),
        Some(day1_len.to_string()),
        "held in the step's frame"
    );
    assert_eq!(narration(), day1_narration);
    assert_eq!(position(), day1_position);
    // ... and day 0's once that frame is painted.
    ui::sleep(100).await;
    assert_eq!(max(), Some(day0_len.to_string()), "shown after the paint");
    assert_ne!(narration(), day1_narration);
    assert_ne!(position(), day1_position);

    // Back to day 1, and the person steps at once: the player shows day 1's walk, stepped.
    state.show_moment(1);
    tick().await;
    assert_eq!(max(), Some(day0_len.to_string()), "held");
    view.button(en(PlayerMsg::StepForward)).click();
    tick().await;
    assert_eq!(max(), Some(day1_len.to_string()), "released by the step");
    let day1_stops = state
        .run()
        .with_untracked(|r| stops(r.steps(), Granularity::Group, None));
    assert_eq!(cursor(state), Some(day1_stops[1]), "day 1's stops");
}

/// The player holds no `<select>`: in Chromium no box around a select is laid out alone (its
/// picker is anchored to it, and anchor queries cross layout boundaries: docs/performance.md,
/// session 21), so with one in the player every step of the walk laid out the whole page. The
/// speed is a slider over the speeds offered, which says its value (`1×`) to the eye and to
/// assistive technology.
#[wasm_bindgen_test]
async fn the_speed_is_a_slider_and_the_player_holds_no_select() {
    use fairshare::format::shortest;
    use fairshare_explorer::player::model::SPEEDS;
    let (view, _state) = mount_player();
    tick().await;
    let region = view.get("[role='region'][aria-label='Ranking animation']");
    assert!(
        region.query_selector("select").unwrap().is_none(),
        "a <select> in the player"
    );
    let speed = view.get("input.ft-controls__speed");
    let value = |el: &web_sys::Element| el.unchecked_ref::<web_sys::HtmlInputElement>().value();
    assert_eq!(speed.get_attribute("type").as_deref(), Some("range"));
    assert_eq!(value(&speed), "2");
    assert_eq!(speed.get_attribute("aria-valuetext").as_deref(), Some("1×"));
    assert_eq!(view.text(".ft-controls__speed-value"), "1×");
    for k in [5, 0, 3] {
        set_value(&speed, &k.to_string());
        tick().await;
        let said = format!("{}×", shortest(SPEEDS[k]));
        assert_eq!(speed.get_attribute("aria-valuetext"), Some(said.clone()));
        assert_eq!(view.text(".ft-controls__speed-value"), said);
        assert_eq!(value(&speed), k.to_string());
    }
}
