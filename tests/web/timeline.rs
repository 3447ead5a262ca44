//! Component tests of the Timeline region (top of the What-if panel) in headless Chromium: the
//! scrubber's accessible name and value, the chart's accessible name and its table (the text
//! alternative), and the scrubber moving the page to another snapshot. Expected texts come
//! from the panel's own pure model and the messages, so a wording change does not break them.
//!
//! Run: `cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer`.
#![cfg(target_arch = "wasm32")]

use fairshare::timeline::{Time, Timeline};
use fairshare::{AssocId, AssocTree, LongDouble};
use fairshare_explorer::messages::timeline::TimelineMsg;
use fairshare_explorer::messages::{Lang, Message};
use fairshare_explorer::panels::timeline_panel::{TimelinePanel, model};
use fairshare_explorer::presets;
use fairshare_explorer::state::AppState;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

use crate::support;

/// Page-object helpers (shared by every suite).
mod ui {
    pub use super::support::*;
}

/// Mounts the Timeline region with the classic-example preset and hands back the state.
fn mount_with_state() -> (ui::Mounted<impl Mountable>, AppState) {
    ui::mount_with_state(
        || AppState::provide_preset(presets::by_id("classic-example").unwrap()),
        || view! { <TimelinePanel /> },
    )
}

/// User1 (id 211) of the classic example.
const USER1: AssocId = AssocId(211);

fn with_usage(tree: &AssocTree, id: u32, usage: f64) -> AssocTree {
    tree.with_usage(AssocId(id), LongDouble::from_f64(usage))
        .expect("a valid usage")
}

/// Three days of the classic example: User1 runs a lot on day 1, then User4 on day 2.
fn three_days() -> (Timeline, fairshare::Scenario) {
    let scenario = support::preset("classic-example");
    let day0 = scenario.tree.clone();
    let day1 = with_usage(&day0, 211, 90.0);
    let day2 = with_usage(&day1, 311, 400.0);
    let t = |s| Time::parse(s);
    let timeline = Timeline::new(vec![
        (t("2024-05-01T00:00Z"), "day0.txt".into(), day0),
        (t("2024-05-02T00:00Z"), "day1.txt".into(), day1),
        (t("2024-05-03T00:00Z"), "day2.txt".into(), day2),
    ]);
    (timeline, scenario)
}

fn move_slider(slider: &web_sys::Element, value: &str) {
    let input: web_sys::HtmlInputElement = slider.clone().unchecked_into();
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
    input.dispatch_event(&ev).unwrap();
}

#[wasm_bindgen_test]
async fn timeline_names_its_scrubber_and_chart_and_the_scrubber_shows_a_moment() {
    let (panel, state) = mount_with_state();
    tick().await;
    // No timeline: no region.
    assert!(panel.find("[role='region']").is_none());

    let (timeline, scenario) = three_days();
    let expected = timeline.clone();
    state.load_timeline(timeline, vec![Vec::new(); 3], scenario);
    state.select(Some(USER1));
    tick().await;

    let region = panel.get("[role='region']");
    assert_eq!(
        region.get_attribute("aria-label").as_deref(),
        Some(TimelineMsg::Heading.text(Lang::En))
    );
    // The scrubber: a range input (role slider) named "Moment", at the newest snapshot, its
    // value said as the moment's time and place.
    let slider = panel.get("input[type='range']");
    let input: web_sys::HtmlInputElement = slider.clone().unchecked_into();
    assert_eq!(
        slider.get_attribute("aria-label").as_deref(),
        Some(TimelineMsg::Scrubber.text(Lang::En))
    );
    assert_eq!(slider.get_attribute("max").as_deref(), Some("2"));
    assert_eq!(input.value(), "2");
    let value_text = |k: usize| model::moment_value(&expected.moments()[k], k, 3, Lang::En);
    assert_eq!(slider.get_attribute("aria-valuetext"), Some(value_text(2)));
    assert!(value_text(2).contains("2024-05-03T00:00Z"));

    // The chart: an image named for the user, with its table as the text alternative (one row
    // per snapshot, the one shown marked current).
    let chart = model::chart(&expected, 2, USER1, Lang::En).expect("User1 is charted");
    let svg = panel.get("svg[role='img']");
    assert_eq!(svg.get_attribute("aria-label"), Some(chart.name.clone()));
    assert!(chart.name.contains("User1"), "{}", chart.name);
    assert_eq!(panel.text("figure table caption"), chart.caption);
    assert_eq!(panel.count("figure tbody tr"), 3);
    let current = || {
        panel
            .get("figure tbody tr[aria-current='true']")
            .get_attribute("data-moment")
    };
    assert_eq!(current().as_deref(), Some("2"));
    let positions: Vec<String> = panel
        .all("[data-timeline-position]")
        .iter()
        .map(|td| td.text_content().unwrap_or_default().trim().to_owned())
        .collect();
    let rows: Vec<String> = chart.rows.iter().map(|r| r.position.clone()).collect();
    assert_eq!(positions, rows);
    // User1 ran a lot on day 1: it is lower on day 1 than on day 0.
    let series = expected.series(
        2,
        expected.moments()[2].ranked.tree().position(USER1).unwrap(),
    );
    let pos = |k: usize| series[k].and_then(|p| p.position).unwrap();
    assert!(pos(1) > pos(0), "{} {}", pos(0), pos(1));

    // Moving the scrubber shows that moment: the status, the value text, the current row, and
    // the scenario on the page is that snapshot's tree.
    let status = || panel.text("[data-timeline-status]");
    assert_eq!(status(), model::showing(&expected, 2, Lang::En));
    move_slider(&slider, "0");
    tick().await;
    assert_eq!(status(), model::showing(&expected, 0, Lang::En));
    assert_eq!(slider.get_attribute("aria-valuetext"), Some(value_text(0)));
    assert_eq!(current().as_deref(), Some("0"));
    let usage = |state: AppState| {
        state.with_slurm_run(|r| {
            let ix = state.ix(USER1).expect("User1 is there");
            r.assocs()[ix].usage_raw.to_f64()
        })
    };
    assert_eq!(usage(state), 20.0);
    move_slider(&slider, "1");
    tick().await;
    assert_eq!(status(), model::showing(&expected, 1, Lang::En));
    assert_eq!(usage(state), 90.0);
    assert_eq!(current().as_deref(), Some("1"));
    // The selection follows the user from snapshot to snapshot.
    assert_eq!(state.selected().get_untracked(), Some(USER1));
}

/// A scrubber step that keeps the selected user keeps the chart's figure and table (the same
/// elements): only the "now" line, the current row and the rows' Show buttons follow the step.
#[wasm_bindgen_test]
async fn a_scrubber_step_keeps_the_chart_and_moves_only_its_now_line_and_current_row() {
    let (panel, state) = mount_with_state();
    let (timeline, scenario) = three_days();
    state.load_timeline(timeline, vec![Vec::new(); 3], scenario);
    state.select(Some(USER1));
    tick().await;
    let figure = panel.get("figure");
    let svg = panel.get("svg[data-timeline-chart]");
    let points = panel.all(".ft-timeline__point");
    let rows = panel.all("figure tbody tr");
    let now = || panel.get(".ft-timeline__now").get_attribute("x1");
    let current = || {
        panel
            .get("figure tbody tr[aria-current='true']")
            .get_attribute("data-moment")
    };
    let disabled = || {
        panel
            .all("figure tbody button")
            .iter()
            .map(|b| b.has_attribute("disabled"))
            .collect::<Vec<_>>()
    };
    assert_eq!(now(), Some(model::x_of(2, 3).to_string()));
    assert_eq!(disabled(), [false, false, true]);

    move_slider(&panel.get("input[type='range']"), "0");
    tick().await;
    assert_eq!(now(), Some(model::x_of(0, 3).to_string()));
    assert_eq!(current().as_deref(), Some("0"));
    assert_eq!(disabled(), [true, false, false]);
    assert!(
        figure.is_same_node(Some(&panel.get("figure"))) && svg.is_connected(),
        "the figure was rebuilt"
    );
    let same = |old: &[web_sys::Element], new: Vec<web_sys::Element>| {
        old.len() == new.len() && old.iter().zip(&new).all(|(a, b)| a.is_same_node(Some(b)))
    };
    assert!(
        same(&points, panel.all(".ft-timeline__point")),
        "points rebuilt"
    );
    assert!(same(&rows, panel.all("figure tbody tr")), "rows rebuilt");
}

/// The What-if list mounted on a 2,000-association tree compared with the same tree where its
/// heaviest user ran nothing: a before snapshot that moves many users.
async fn what_if_against_idle_heavy_user() -> (ui::Mounted<impl Mountable>, AppState) {
    use fairshare_explorer::panels::whatif::WhatIf;
    let scenario = fairshare::r#gen::scenario(2_000, 7);
    let before = fairshare::r#gen::heaviest_user_idle(&scenario.tree).expect("a heavy user");
    let (app, state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <WhatIf /> });
    state.load_before(&before);
    tick().await;
    (app, state)
}

/// Each element's text.
fn row_texts(rows: &[web_sys::Element]) -> Vec<String> {
    rows.iter()
        .map(|r| r.text_content().unwrap_or_default())
        .collect()
}

/// The rows `now` are the elements `rows` were, none replaced.
fn assert_same_elements(rows: &[web_sys::Element], now: &[web_sys::Element]) {
    for (old, new) in rows.iter().zip(now) {
        assert!(old.is_same_node(Some(new)), "the row element was replaced");
    }
}

/// The What-if rows `now` show the list's own words for the state's diff, in its order: each
/// row's association and its text. The rows expected, for the caller's further checks.
fn assert_rows_say_the_moves(
    state: AppState,
    now: &[web_sys::Element],
) -> Vec<fairshare_explorer::panels::whatif::Row> {
    use fairshare_explorer::panels::whatif::{FIRST_ROWS, WhatIfRows};
    let expected = state.moves().with_untracked(|d| {
        state
            .scenario()
            .with_untracked(|s| d.rows_up_to(&s.tree, Lang::En, FIRST_ROWS))
    });
    for (row, el) in expected.iter().zip(now) {
        assert_eq!(
            el.get_attribute("data-assoc-id").as_deref(),
            Some(row.id.0.to_string().as_str())
        );
        let text = el.text_content().unwrap_or_default();
        assert!(text.contains(&row.text), "{text:?} lacks {:?}", row.text);
    }
    expected
}

/// A step that moves many users: the What-if list builds its first screenful of rows only
/// (a scrubber step rewrites all of them), and its button lists the rest.
#[wasm_bindgen_test]
async fn the_what_if_list_starts_with_a_screenful_and_lists_the_rest_on_request() {
    use fairshare_explorer::messages::inspector::WhatIfMsg;
    use fairshare_explorer::panels::whatif::{FIRST_ROWS, SHOWN};
    let (app, state) = what_if_against_idle_heavy_user().await;
    let moved = state.moves().with_untracked(|d| d.moved.len());
    assert!(moved > FIRST_ROWS, "{moved} moved");
    assert_eq!(app.count(".ft-whatif__row"), FIRST_ROWS as u32);
    let rest = moved.min(SHOWN) - FIRST_ROWS;
    app.button(&WhatIfMsg::ShowRest.fill(Lang::En, &[("rest", &rest.to_string())]))
        .click();
    tick().await;
    assert_eq!(app.count(".ft-whatif__row"), moved.min(SHOWN) as u32);
    assert!(
        app.all(".ft-button-row:not([hidden]) button")
            .iter()
            .all(|b| !b.text_content().unwrap_or_default().starts_with("List ")),
        "no button once the list is whole"
    );
}

/// An edit that moves the listed users again rewrites the What-if rows' texts in the elements
/// already there (a timeline step alike): the list does not replace its rows.
#[wasm_bindgen_test]
async fn the_what_if_list_keeps_its_row_elements_when_an_edit_changes_their_texts() {
    use fairshare_explorer::panels::whatif::FIRST_ROWS;
    let (app, state) = what_if_against_idle_heavy_user().await;
    let rows = app.all(".ft-whatif__row");
    assert_eq!(rows.len(), FIRST_ROWS);
    let old_texts = row_texts(&rows);
    // The first listed user runs a great deal more: its rank, FairShare and many others' move.
    let first: u32 = rows[0]
        .get_attribute("data-assoc-id")
        .expect("an association id")
        .parse()
        .unwrap();
    state
        .set_usage(AssocId(first), LongDouble::from_f64(1e12))
        .expect("a valid usage");
    tick().await;
    let now = app.all(".ft-whatif__row");
    assert_eq!(now.len(), FIRST_ROWS, "still a screenful moved");
    assert_same_elements(&rows, &now);
    let new_texts = row_texts(&now);
    assert_ne!(old_texts, new_texts, "the edit changed the rows' texts");
    // The texts are the list's own words for the new diff, not stale ones.
    for (row, el) in assert_rows_say_the_moves(state, &now).iter().zip(&now) {
        let text = el.text_content().unwrap_or_default();
        assert!(
            text.contains(&row.reason),
            "{text:?} lacks {:?}",
            row.reason
        );
    }
}

/// The What-if list alone over a three-day timeline of a generated 2,000-association tree, on
/// its last day: the heaviest user idle on day 0, running on day 1, idle again on day 2, so both
/// steps move many users.
async fn what_if_over_three_days() -> (ui::Mounted<impl Mountable>, AppState) {
    use fairshare_explorer::panels::whatif::WhatIf;
    let scenario = fairshare::r#gen::scenario(2_000, 7);
    let idle = fairshare::r#gen::heaviest_user_idle(&scenario.tree).expect("a heavy user");
    let t = |s| Time::parse(s);
    // The heavy user runs on day 1 and is idle again on day 2: both steps move many users.
    let timeline = Timeline::new(vec![
        (t("2024-05-01T00:00Z"), "day0.txt".into(), idle.clone()),
        (
            t("2024-05-02T00:00Z"),
            "day1.txt".into(),
            scenario.tree.clone(),
        ),
        (t("2024-05-03T00:00Z"), "day2.txt".into(), idle),
    ]);
    let template = scenario.clone();
    let (app, state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <WhatIf /> });
    state.load_timeline(timeline, vec![Vec::new(); 3], template);
    tick().await;
    (app, state)
}

/// A scrubber step that moves other users rewrites the What-if rows in place: the same `<li>`
/// elements, now with the step's texts.
#[wasm_bindgen_test]
async fn a_timeline_step_keeps_the_what_if_row_elements_and_rewrites_their_texts() {
    use fairshare_explorer::panels::whatif::FIRST_ROWS;
    let (app, _) = what_if_over_three_days().await;
    let rows = app.all(".ft-whatif__row");
    assert_eq!(rows.len(), FIRST_ROWS);
    let old_texts = row_texts(&rows);
    move_slider(&app.get("input[type='range']"), "1");
    tick().await;
    let now = app.all(".ft-whatif__row");
    assert_eq!(now.len(), FIRST_ROWS);
    assert_ne!(
        old_texts,
        row_texts(&now),
        "the step changed the rows' texts"
    );
    assert_same_elements(&rows, &now);
}

/// A step to a moment that lists no one (the timeline's first day: nothing before it) hides the
/// What-if list and keeps its row elements; the step to the next day rewrites their texts in
/// place, and the list is shown again.
#[wasm_bindgen_test]
async fn a_step_to_a_moment_without_moves_hides_the_what_if_rows_and_keeps_their_elements() {
    use fairshare_explorer::panels::whatif::FIRST_ROWS;
    let (app, state) = what_if_over_three_days().await;
    let list: web_sys::HtmlElement = app.get(".ft-whatif__list").unchecked_into();
    assert!(!list.hidden(), "day 2 lists who moved");
    let rows = app.all(".ft-whatif__row");
    assert_eq!(rows.len(), FIRST_ROWS);
    let day2_texts = row_texts(&rows);
    let slider = app.get("input[type='range']");

    // Day 0: nothing before it, no one moved. The list is hidden (out of the accessibility
    // tree), its rows kept.
    move_slider(&slider, "0");
    tick().await;
    assert_eq!(state.moves().with_untracked(|d| d.moved.len()), 0);
    assert!(list.hidden(), "a list of no one is hidden");
    let kept = app.all(".ft-whatif__row");
    assert_eq!(kept.len(), FIRST_ROWS, "the rows were removed");
    assert_same_elements(&rows, &kept);

    // Day 1: the same elements, shown again with day 1's words.
    move_slider(&slider, "1");
    tick().await;
    assert!(!list.hidden(), "day 1 lists who moved");
    let now = app.all(".ft-whatif__row");
    assert_eq!(now.len(), FIRST_ROWS);
    assert_same_elements(&rows, &now);
    assert_ne!(day2_texts, row_texts(&now), "day 1's rows are not day 2's");
    assert_rows_say_the_moves(state, &now);
}

/// The "Since the before snapshot" section over the three days, User1 selected, on the last day.
/// Hands back the mounted section and the state.
async fn snapshot_section_over_three_days() -> (ui::Mounted<impl Mountable>, AppState) {
    use fairshare_explorer::panels::snapshot_panel::SnapshotPanel;
    let (timeline, scenario) = three_days();
    let template = scenario.clone();
    let (app, state) = ui::mount_with_state(
        move || AppState::provide(scenario),
        || view! { <SnapshotPanel /> },
    );
    state.load_timeline(timeline, vec![Vec::new(); 3], template);
    state.select(Some(USER1));
    tick().await;
    (app, state)
}

/// A step to the timeline's first day (no before snapshot) hides the "Since the before snapshot"
/// section and keeps every one of its elements; the step to the next day shows the same
/// elements again with that day's move and reason, rewritten in place.
#[wasm_bindgen_test]
async fn a_step_without_a_before_snapshot_hides_the_snapshot_section_and_keeps_its_elements() {
    use fairshare_explorer::panels::snapshot_panel::move_view;
    let (app, state) = snapshot_section_over_three_days().await;
    let elements = || app.all(".ft-snapshot, .ft-snapshot *");
    let section: web_sys::HtmlElement = app.get(".ft-snapshot").unchecked_into();
    assert!(!section.hidden(), "day 2 has a before snapshot");
    let day2 = elements();
    let reasons = app.count("[data-snapshot-reason] li") as usize;
    assert!(reasons > 0, "User1's move on day 2 has a reason");
    // The section, its title, its line with the Clear button, the move, the reason's list and
    // its lines, and the help shown without a selected user.
    assert_eq!(day2.len(), 7 + reasons);
    let day2_move = app.text("[data-snapshot-move]");
    let is_same = |old: &[web_sys::Element], new: &[web_sys::Element]| {
        old.iter()
            .zip(new)
            .filter(|(a, b)| a.is_same_node(Some(b)))
            .count()
    };

    // Day 0: nothing before it. The section is hidden, every element kept.
    state.show_moment(0);
    tick().await;
    assert!(state.before().with_untracked(Option::is_none));
    assert!(section.is_connected(), "the section was removed");
    assert!(
        section.hidden(),
        "a section with no before snapshot is hidden"
    );
    let day0 = elements();
    assert_eq!(day0.len(), day2.len(), "elements were removed or added");
    assert_eq!(is_same(&day2, &day0), day2.len(), "elements were replaced");
    assert_eq!(app.text("[data-snapshot-move]"), day2_move, "texts kept");

    // Day 1: the same elements, shown with day 1's move (User1 ran a lot since day 0).
    state.show_moment(1);
    tick().await;
    assert!(!section.hidden(), "day 1 has a before snapshot");
    let day1 = elements();
    let lines = app.count("[data-snapshot-reason] li") as usize;
    assert_eq!(day1.len(), 7 + lines);
    // Every element but the reason lines one day has and the other has not.
    let kept = 7 + lines.min(reasons);
    let skeleton = |els: &[web_sys::Element]| {
        els.iter()
            .filter(|e| e.tag_name() != "LI")
            .cloned()
            .collect::<Vec<_>>()
    };
    let li = |els: &[web_sys::Element]| {
        els.iter()
            .filter(|e| e.tag_name() == "LI")
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(
        is_same(&skeleton(&day2), &skeleton(&day1)) + is_same(&li(&day2), &li(&day1)),
        kept,
        "elements were replaced"
    );
    let (timeline, _) = three_days();
    let (before, after) = (&timeline.moments()[0].ranked, &timeline.moments()[1].ranked);
    let ix = after.tree().position(USER1).expect("User1");
    let expected = move_view(before, after, None, ix, Lang::En).expect("a user");
    assert_ne!(expected.summary, day2_move, "day 1's move is not day 2's");
    assert_eq!(app.text("[data-snapshot-move]"), expected.summary);
    let texts = app
        .all("[data-snapshot-reason] li")
        .iter()
        .map(|l| l.text_content().unwrap_or_default())
        .collect::<Vec<_>>();
    assert_eq!(texts, expected.reason);
}

/// While a timeline is loaded, the selected user's move and its reason ("Since the before
/// snapshot") sit in the Timeline region between the scrubber's buttons and the chart, whose
/// table grows with the timeline: the answer under the control that picks the step. With the
/// timeline closed and its step's before snapshot still compared, it is at the top of the What-if
/// panel.
#[wasm_bindgen_test]
async fn the_steps_reason_sits_under_the_scrubber_above_the_chart() {
    use fairshare_explorer::panels::whatif::WhatIf;
    let (timeline, scenario) = three_days();
    let template = scenario.clone();
    let (app, state) =
        ui::mount_with_state(move || AppState::provide(scenario), || view! { <WhatIf /> });
    state.load_timeline(timeline, vec![Vec::new(); 3], template);
    state.select(Some(USER1));
    tick().await;
    assert_eq!(app.count(".ft-snapshot"), 1, "one Since section");
    let since = app.get(".ft-timeline .ft-snapshot");
    assert!(
        !since.unchecked_ref::<web_sys::HtmlElement>().hidden(),
        "day 2 has a before snapshot"
    );
    assert_eq!(
        since.query_selector("h4").unwrap().map(|h| h.tag_name()),
        Some("H4".into())
    );
    let chart = app.get(".ft-timeline figure");
    let buttons = app.get(".ft-timeline .ft-button-row");
    let follows = |a: &web_sys::Element, b: &web_sys::Element| {
        a.compare_document_position(b) & web_sys::Node::DOCUMENT_POSITION_FOLLOWING != 0
    };
    assert!(
        follows(&buttons, &since),
        "the reason comes after the scrubber's buttons"
    );
    assert!(
        follows(&since, &chart),
        "the reason comes before the chart and its table"
    );

    // The timeline closed, the step's before snapshot stays compared: the section moves up.
    state.clear_timeline();
    tick().await;
    assert!(state.before().get_untracked().is_some(), "still comparing");
    assert_eq!(app.count(".ft-timeline"), 0, "no timeline");
    assert_eq!(app.count(".ft-snapshot"), 1, "one Since section");
    let since = app.get(".ft-whatif > .ft-snapshot");
    assert!(
        !since.unchecked_ref::<web_sys::HtmlElement>().hidden(),
        "a before snapshot is compared"
    );
    assert_eq!(
        since.query_selector("h3").unwrap().map(|h| h.tag_name()),
        Some("H3".into())
    );
}
