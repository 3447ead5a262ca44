//! Component tests of the side panels (classic, score legend, decay, priority) in headless
//! Chromium: each panel follows the selection and the scenario.
//!
//! Run: `cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer`.
#![cfg(target_arch = "wasm32")]

use fairshare::AssocId;
use fairshare_explorer::chrome::tab_panel::TabPanel;
use fairshare_explorer::chrome::tabs::PanelTab;
use fairshare_explorer::panels::classic_panel::ClassicPanel;
use fairshare_explorer::panels::decay_panel::DecayPanel;
use fairshare_explorer::panels::priority_panel::PriorityPanel;
use fairshare_explorer::panels::score_legend::ScoreLegend;
use fairshare_explorer::presets;
use fairshare_explorer::state::AppState;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

use crate::support;
use crate::support::after_next_paint;

/// Waits until `done` (at most 2 s): what follows the state in the next idle period.
async fn until(done: impl Fn() -> bool) {
    for _ in 0..100 {
        if done() {
            return;
        }
        support::sleep(20).await;
    }
}

/// Counts the changes under `root` from now on: `seen("nodes")` (nodes added or removed),
/// `seen("attributes")` and `seen("text")`, each the total so far.
fn watch_changes(root: &web_sys::Element) -> impl Fn(&str) -> f64 + use<> {
    use web_sys::js_sys::{Function, Reflect};
    let spy = Function::new_with_args(
        "root",
        "const seen = { nodes: 0, attributes: 0, text: 0 };
         const count = (rs) => { for (const r of rs) {
           if (r.type === 'childList') seen.nodes += r.addedNodes.length + r.removedNodes.length;
           else if (r.type === 'attributes') seen.attributes += 1; else seen.text += 1; } };
         const o = new MutationObserver(count);
         o.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
         return () => { count(o.takeRecords()); return seen; };",
    );
    let read: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, root)
        .unwrap()
        .unchecked_into();
    move |what: &str| {
        let s = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
        Reflect::get(&s, &what.into()).unwrap().as_f64().unwrap()
    }
}

/// Page-object helpers (shared by every suite).
mod ui {
    pub use super::support::*;
}

/// Mounts `panel` with the classic-example preset (the app's default) and hands back the state.
fn mount_with_state<F, N>(panel: F) -> (ui::Mounted<N::State>, AppState)
where
    F: FnOnce() -> N + 'static,
    N: IntoView,
{
    ui::mount_with_state(
        || AppState::provide_preset(presets::by_id("classic-example").unwrap()),
        panel,
    )
}

fn set_input(input: &web_sys::Element, value: &str) {
    let input: web_sys::HtmlInputElement = input.clone().unchecked_into();
    input.set_value(value);
    let ev = web_sys::Event::new("change").unwrap();
    input.dispatch_event(&ev).unwrap();
}

#[wasm_bindgen_test]
async fn classic_panel_follows_the_selection() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    // The panel follows the state while its tab is open (hidden, it keeps its last values).
    state.open_panel(PanelTab::Classic);
    tick().await;
    assert!(
        panel
            .find("[role='region'][aria-label='Classic fairshare']")
            .is_some()
    );
    assert!(
        panel.find("[data-testid='classic-factor']").is_none(),
        "nothing selected yet"
    );
    assert!(
        panel
            .text("[data-testid='machine-note']")
            .contains("AccountG has 0 shares")
    );

    for (id, f) in [
        (211, "0.408479"),
        (221, "0.022097"),
        (222, "0.125000"),
        (311, "0.500000"),
        (321, "0.749154"),
    ] {
        state.select(Some(AssocId(id)));
        tick().await;
        let factor = panel.get("[data-testid='classic-factor']");
        assert_eq!(factor.get_attribute("data-fairshare").as_deref(), Some(f));
        assert!(panel.text("[data-testid='classic-factor']").ends_with(f));
    }

    // A click on a name in the table selects that association.
    let button = panel.get("tr[data-assoc-id='2'] button");
    button.unchecked_ref::<web_sys::HtmlElement>().click();
    tick().await;
    assert_eq!(state.selected().get_untracked(), Some(AssocId(2)));
    assert_eq!(panel.text(".ft-classic__heading"), "AccountA (account)");
    assert_eq!(
        button.get_attribute("aria-current").as_deref(),
        Some("true")
    );
}

/// Kept hidden once its tab closes, the Classic panel keeps its last values and computes
/// nothing; opening the tab again brings it up to date. (Inside its tab panel, which tells it
/// whether it is open.)
#[wasm_bindgen_test]
async fn a_hidden_classic_panel_catches_up_when_its_tab_opens_again() {
    let (panel, state) = mount_with_state(|| view! { <TabPanel tab=PanelTab::Classic /> });
    state.open_panel(PanelTab::Classic);
    state.select(Some(AssocId(211)));
    tick().await;
    let factor = || {
        panel
            .get("[data-testid='classic-factor']")
            .get_attribute("data-fairshare")
    };
    assert_eq!(factor().as_deref(), Some("0.408479"));
    state.open_panel(PanelTab::Inspector);
    state.select(Some(AssocId(311)));
    tick().await;
    assert_eq!(
        factor().as_deref(),
        Some("0.408479"),
        "hidden: not recomputed"
    );
    state.open_panel(PanelTab::Classic);
    tick().await;
    assert_eq!(factor().as_deref(), Some("0.500000"));
}

/// Built ahead of its first opening (what the prefetch asks for once the Classic panel's module
/// is in: `BuildAhead`), the Classic panel is on the page hidden, with its formulas and table
/// but not its orders; opening its tab then adds no element to the formulas or the table: it
/// shows what is there, and the orders come after its first paint. (Without the build ahead,
/// the opening built all of it.)
#[wasm_bindgen_test]
async fn a_classic_panel_built_ahead_opens_without_building_its_table() {
    use fairshare_explorer::chrome::tab_panel::BuildAhead;
    use web_sys::js_sys::{Function, Reflect};
    let ahead = std::rc::Rc::new(std::cell::Cell::new(None::<BuildAhead>));
    let slot = std::rc::Rc::clone(&ahead);
    let (panel, state) = mount_with_state(move || {
        slot.set(Some(BuildAhead::provide()));
        view! {
            <TabPanel tab=PanelTab::Inspector />
            <TabPanel tab=PanelTab::Classic />
        }
    });
    state.select(Some(AssocId(211)));
    tick().await;
    let tabpanel = || panel.get(&format!("#{}", PanelTab::Classic.panel_id()));
    let table_rows = "[data-testid='classic-table'] tbody tr[data-assoc-id]";
    assert!(
        panel.find(table_rows).is_none(),
        "not built before it is asked for"
    );
    ahead.get().expect("provided").request(PanelTab::Classic);
    tick().await;
    until(|| panel.find(table_rows).is_some()).await;
    assert!(tabpanel().has_attribute("hidden"), "built hidden");
    assert_eq!(
        panel
            .get("[data-testid='classic-factor']")
            .get_attribute("data-fairshare")
            .as_deref(),
        Some("0.408479"),
        "with the selection's formulas"
    );
    support::sleep(100).await;
    assert!(
        panel.find("[data-testid='classic-orders']").is_none(),
        "no orders while hidden"
    );
    let spy = Function::new_with_args(
        "panel",
        "const seen = { added: 0 };
         const count = (rs) => { for (const r of rs) if (r.type === 'childList')
           for (const n of r.addedNodes) if (n.nodeType === 1) seen.added += 1; };
         const o = new MutationObserver(count);
         o.observe(panel, { subtree: true, childList: true });
         return () => { count(o.takeRecords()); o.disconnect(); return seen; };",
    );
    let read: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &tabpanel())
        .unwrap()
        .unchecked_into();
    state.open_panel(PanelTab::Classic);
    tick().await;
    assert!(!tabpanel().has_attribute("hidden"), "shown");
    let seen = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    let added = Reflect::get(&seen, &"added".into())
        .unwrap()
        .as_f64()
        .unwrap();
    assert_eq!(added, 0.0, "the opening's task adds no element");
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    assert!(
        panel.find("[data-testid='classic-orders']").is_some(),
        "the orders come after the opening's paint"
    );
}

/// Kept hidden, the Classic panel follows an edit in the next idle period, not in the edit's
/// own task: its formulas and table (so the next opening has nothing to compute), not its
/// orders (which read every user's F: they follow once the tab opens).
#[wasm_bindgen_test]
async fn a_hidden_classic_panel_follows_an_edit_when_idle_but_not_its_orders() {
    let (panel, state) = mount_with_state(|| {
        view! {
            <TabPanel tab=PanelTab::Inspector />
            <TabPanel tab=PanelTab::Classic />
        }
    });
    state.open_panel(PanelTab::Classic);
    state.select(Some(AssocId(211)));
    tick().await;
    let factor = || {
        panel
            .get("[data-testid='classic-factor']")
            .get_attribute("data-fairshare")
    };
    let table_f = || panel.text("tr[data-assoc-id='211'] [data-testid='classic-table-f']");
    let orders = || panel.text("[data-testid='classic-orders'] .ft-order__entries");
    until(|| panel.find("[data-testid='classic-orders']").is_some() && !orders().is_empty()).await;
    until(|| {
        panel
            .get("[data-testid='classic-orders']")
            .get_attribute("aria-busy")
            .is_none()
    })
    .await;
    let orders_before = orders();
    assert_eq!(factor().as_deref(), Some("0.408479"));
    state.open_panel(PanelTab::Inspector);
    tick().await;
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    assert_eq!(
        factor().as_deref(),
        Some("0.408479"),
        "not in the edit's task"
    );
    assert_eq!(table_f(), "0.408479");
    until(|| factor().as_deref() != Some("0.408479")).await;
    let ix = state
        .scenario()
        .with_untracked(|s| s.tree.position(AssocId(211)))
        .unwrap();
    let want = state
        .classic()
        .with_untracked(|c| fairshare::sshare::format_double(c.assocs()[ix].fairshare.unwrap()));
    assert_eq!(factor(), Some(want.clone()), "the formulas, when idle");
    assert_eq!(table_f(), want, "the table, when idle");
    support::sleep(300).await;
    assert_eq!(orders(), orders_before, "not the orders while hidden");
    state.open_panel(PanelTab::Classic);
    tick().await;
    until(|| orders() != orders_before).await;
    assert_ne!(orders(), orders_before, "the orders once shown");
}

/// Beside other tab panels (each tells its own content whether it is open, not its
/// siblings'), the open Classic panel follows edits: its formulas and its table.
#[wasm_bindgen_test]
async fn the_open_classic_panel_follows_edits_beside_other_tab_panels() {
    let (panel, state) = mount_with_state(|| {
        view! {
            <TabPanel tab=PanelTab::Score />
            <TabPanel tab=PanelTab::Classic />
            <TabPanel tab=PanelTab::Sshare />
        }
    });
    state.open_panel(PanelTab::Classic);
    state.select(Some(AssocId(211)));
    tick().await;
    let factor = || {
        panel
            .get("[data-testid='classic-factor']")
            .get_attribute("data-fairshare")
    };
    let table_f = || panel.text("tr[data-assoc-id='211'] [data-testid='classic-table-f']");
    assert_eq!(factor().as_deref(), Some("0.408479"));
    assert_eq!(table_f(), "0.408479");
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    let ix = state
        .scenario()
        .with_untracked(|s| s.tree.position(AssocId(211)))
        .unwrap();
    let want = state
        .classic()
        .with_untracked(|c| fairshare::sshare::format_double(c.assocs()[ix].fairshare.unwrap()));
    assert_ne!(want, "0.408479");
    assert_eq!(factor(), Some(want.clone()), "open: follows the edit");
    assert_eq!(table_f(), want);
}

/// A usage edit rewrites only the text of the classic table's value cells that changed: each
/// row in view stays the same element, and no attribute in the table's body is set again (a
/// row drawn again would set every one of them).
#[wasm_bindgen_test]
async fn a_usage_edit_rewrites_only_the_classic_tables_changed_cells() {
    use web_sys::js_sys::{Function, Reflect};
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    state.open_panel(PanelTab::Classic);
    tick().await;
    let row = panel.get("[data-testid='classic-table'] tr[data-assoc-id='211']");
    let f = || panel.text("tr[data-assoc-id='211'] [data-testid='classic-table-f']");
    assert_eq!(f(), "0.408479");
    let spy = Function::new_with_args(
        "body",
        "const seen = { attributes: 0, text: 0 };
         const o = new MutationObserver((rs) => { for (const r of rs) {
           if (r.type === 'attributes') seen.attributes += 1; else seen.text += 1; } });
         o.observe(body, { subtree: true, attributes: true, characterData: true });
         return () => { for (const r of o.takeRecords()) {
           if (r.type === 'attributes') seen.attributes += 1; else seen.text += 1; }
           return seen; };",
    );
    let body = panel.get("[data-testid='classic-table'] tbody");
    let read: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &body)
        .unwrap()
        .unchecked_into();
    let seen = |what: &str| {
        let s = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
        Reflect::get(&s, &what.into()).unwrap().as_f64().unwrap()
    };
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    assert_ne!(f(), "0.408479", "the factor follows the edit");
    assert!(row.is_connected(), "the row's element stays");
    assert!(seen("text") > 0.0, "changed cells are rewritten");
    assert_eq!(seen("attributes"), 0.0, "no attribute is set again");
}

/// A usage edit rewrites only the texts of the Classic formulas that changed: the formulas of
/// the selected association are the same elements after it (none added or removed, no
/// attribute set but the result's F), and their numbers follow the edit. (They were built again
/// on every edit with the tab open: at 100k about 50 elements and a reactive text each.)
#[wasm_bindgen_test]
async fn a_usage_edit_rewrites_only_the_classic_formulas_changed_texts() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    state.open_panel(PanelTab::Classic);
    state.select(Some(AssocId(211)));
    tick().await;
    let article = panel.get("[data-testid='classic-explain']");
    let factor = panel.get("[data-testid='classic-factor']");
    assert_eq!(
        factor.get_attribute("data-fairshare").as_deref(),
        Some("0.408479")
    );
    let chain = panel.text("[data-testid='classic-usage-chain']");
    let seen = watch_changes(&article);
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    assert!(
        article.is_connected(),
        "the formulas stay the same elements"
    );
    assert!(factor.is_connected());
    assert_ne!(
        factor.get_attribute("data-fairshare").as_deref(),
        Some("0.408479"),
        "F follows the edit"
    );
    assert_ne!(
        panel.text("[data-testid='classic-usage-chain']"),
        chain,
        "the chain follows the edit"
    );
    assert_eq!(seen("nodes"), 0.0, "no node added or removed");
    assert_eq!(seen("attributes"), 1.0, "only the result's data-fairshare");
    assert!(seen("text") > 0.0, "the changed texts are rewritten");
}

/// A selection redraws the classic table's rows in place: every row in view stays the same
/// element, and only the class and `aria-current` of the row left and the row chosen change
/// (each row is one keyed unit drawn from its values and the selection, written where they
/// differ from what it shows).
#[wasm_bindgen_test]
async fn a_selection_changes_only_the_two_rows_marks_in_the_classic_table() {
    use web_sys::js_sys::{Function, Reflect};
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    state.open_panel(PanelTab::Classic);
    state.select(Some(AssocId(211)));
    tick().await;
    let rows = panel.all("[data-testid='classic-table'] tbody tr[data-assoc-id]");
    assert!(rows.len() > 2);
    let selected = || {
        panel
            .all("[data-testid='classic-table'] tr.ft-ctable__row--selected")
            .iter()
            .map(|r| r.get_attribute("data-assoc-id").unwrap_or_default())
            .collect::<Vec<_>>()
    };
    assert_eq!(selected(), ["211"]);
    let spy = Function::new_with_args(
        "body",
        "const seen = { attributes: 0, other: 0 };
         const count = (rs) => { for (const r of rs) {
           if (r.type === 'attributes') seen.attributes += 1; else seen.other += 1; } };
         const o = new MutationObserver(count);
         o.observe(body, { subtree: true, childList: true, attributes: true, characterData: true });
         return () => { count(o.takeRecords()); return seen; };",
    );
    let body = panel.get("[data-testid='classic-table'] tbody");
    let read: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &body)
        .unwrap()
        .unchecked_into();
    let seen = |what: &str| {
        let s = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
        Reflect::get(&s, &what.into()).unwrap().as_f64().unwrap()
    };
    state.select(Some(AssocId(221)));
    tick().await;
    assert_eq!(selected(), ["221"]);
    let current = panel.get("tr[data-assoc-id='221'] button");
    assert_eq!(
        current.get_attribute("aria-current").as_deref(),
        Some("true")
    );
    let left = panel.get("tr[data-assoc-id='211'] button");
    assert_eq!(left.get_attribute("aria-current"), None);
    assert!(
        rows.iter().all(|r| r.is_connected()),
        "every row's element stays"
    );
    assert_eq!(seen("other"), 0.0, "no node or text written");
    assert_eq!(
        seen("attributes"),
        4.0,
        "two rows' class and their buttons' aria-current"
    );
}

/// Off screen, the orders (which read every user's F: the whole classic run) do not follow an
/// edit in its frame; they catch up in the next idle period.
#[wasm_bindgen_test]
async fn off_screen_classic_orders_follow_an_edit_when_idle() {
    let (panel, state) = mount_with_state(|| {
        view! {
            <div style="height: 200vh"></div>
            <ClassicPanel />
        }
    });
    state.open_panel(PanelTab::Classic);
    tick().await;
    // The orders are built after the tab's first paint.
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    let values = || panel.text("[data-testid='classic-orders'] .ft-order__entries");
    let f = || panel.text("tr[data-assoc-id='211'] [data-testid='classic-table-f']");
    until(|| !values().is_empty()).await;
    let (before, f_before) = (values(), f());
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    assert_ne!(f(), f_before, "the table follows the edit at once");
    assert_eq!(
        values(),
        before,
        "the orders off screen wait for an idle period"
    );
    until(|| values() != before).await;
    assert_ne!(values(), before, "then follow the edit");
}

/// On screen too, the orders do not follow an edit in its frame: until their slices in idle
/// periods are done, the lists show the last orders marked as updating (`aria-busy` and a
/// note; on screen from the edit's own frame on), then the new ones, unmarked. (They followed at
/// once on screen: at 100k, the whole classic run and both orders in the edit's frame.)
#[wasm_bindgen_test]
async fn on_screen_classic_orders_show_the_last_orders_as_updating_after_an_edit() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    state.open_panel(PanelTab::Classic);
    tick().await;
    // The orders are built after the tab's first paint.
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    let orders = || panel.get("[data-testid='classic-orders']");
    let values = || panel.text("[data-testid='classic-orders'] .ft-order__entries");
    let busy = || orders().get_attribute("aria-busy");
    let note = || {
        panel
            .find("[data-testid='classic-orders-updating']")
            .is_some()
    };
    until(|| !values().is_empty() && busy().is_none()).await;
    assert!(!note(), "no note once the orders are made");
    // In view: the browser says so after a frame.
    orders().scroll_into_view();
    after_next_paint().await;
    support::sleep(50).await;
    let before = values();
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    assert_eq!(
        values(),
        before,
        "the edit's frame leaves the orders as they were"
    );
    assert_eq!(
        busy().as_deref(),
        Some("true"),
        "marked as updating at once"
    );
    assert!(note(), "with a note saying so");
    until(|| values() != before).await;
    assert_eq!(busy(), None, "the new orders are current");
    assert!(!note(), "and the note is gone");
}

/// Marking the orders as updating (an edit with the Classic tab open) changes how the entries
/// are painted, not how they are laid out: with the app's panel style sheet, no entry's font
/// changes. (Italics gave every entry's text another face: at 100k the edit's frame laid out
/// and shaped the sixty entries again, most of the layout the open tab added to an edit.)
#[wasm_bindgen_test]
async fn marking_the_classic_orders_as_updating_lays_out_no_entry_again() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../../style/panels.css")));
    panel.root.append_child(&style).unwrap();
    state.open_panel(PanelTab::Classic);
    tick().await;
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    let orders = || panel.get("[data-testid='classic-orders']");
    let entries = || panel.all("[data-testid='classic-orders'] .ft-order__entry span");
    until(|| !entries().is_empty() && orders().get_attribute("aria-busy").is_none()).await;
    // What of an entry's text decides its layout: its font.
    let fonts = || {
        entries()
            .iter()
            .map(|el| {
                let s = window().get_computed_style(el).unwrap().unwrap();
                ["font-style", "font-weight", "font-family", "font-size"]
                    .map(|p| s.get_property_value(p).unwrap())
                    .join(" ")
            })
            .collect::<Vec<_>>()
    };
    let before = fonts();
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    after_next_paint().await;
    assert_eq!(
        orders().get_attribute("aria-busy").as_deref(),
        Some("true"),
        "the frame after the edit's marks the orders as updating"
    );
    assert_eq!(fonts(), before, "and lays out no entry's text again");
}

/// An edit with the Classic tab open writes nothing into the orders out of view in its own task:
/// their "updating" mark (the lists' colour, the note that moves them down, `aria-busy`) comes
/// after the edit's frame is painted, and goes when the new orders are shown. (At 100k it repainted
/// every entry and re-layerized the whole panel in the edit's frame: about 470 display items and
/// 2–3 ms, most of what the open tab added to that frame.)
#[wasm_bindgen_test]
async fn an_edit_with_the_classic_tab_open_marks_the_orders_after_its_paint() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    // Out of view (as below the table in the app's panel), however the page is scrolled.
    panel
        .root
        .set_attribute(
            "style",
            "position: fixed; top: 200vh; left: 0; width: 40rem",
        )
        .unwrap();
    state.open_panel(PanelTab::Classic);
    tick().await;
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    let orders = || panel.get("[data-testid='classic-orders']");
    let values = || panel.text("[data-testid='classic-orders'] .ft-order__entries");
    let busy = || orders().get_attribute("aria-busy");
    until(|| !values().is_empty() && busy().is_none()).await;
    let before = values();
    let seen = watch_changes(&orders());
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    // The edit's task: its event and the effects in the microtasks after it.
    tick().await;
    assert_eq!(seen("nodes"), 0.0, "no note added in the edit's task");
    assert_eq!(seen("attributes"), 0.0, "no class or aria-busy set in it");
    assert_eq!(seen("text"), 0.0, "no entry rewritten in it");
    assert_eq!(busy(), None);
    after_next_paint().await;
    assert_eq!(busy().as_deref(), Some("true"), "marked after the paint");
    assert!(
        orders().class_list().contains("ft-order--updating"),
        "dimmed then"
    );
    assert!(
        panel
            .find("[data-testid='classic-orders-updating']")
            .is_some(),
        "with its note"
    );
    assert_eq!(values(), before, "still the last orders");
    until(|| values() != before).await;
    assert_eq!(busy(), None, "the new orders, unmarked");
    assert!(!orders().class_list().contains("ft-order--updating"));
}

/// The Classic table's windowed cells (one unwrapped line each) clip nothing: a clip per cell
/// was a paint chunk per cell, which a frame repainting the open panel (every edit at 100k)
/// layerized again.
#[wasm_bindgen_test]
async fn the_classic_tables_windowed_cells_clip_nothing() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../../style/table.css")));
    panel.root.append_child(&style).unwrap();
    state.open_panel(PanelTab::Classic);
    tick().await;
    // The example's 13 rows are all drawn; a table above 200 rows takes this class.
    let table = panel.get("[data-testid='classic-table']");
    table.class_list().add_1("ft-ctable--windowed").unwrap();
    let cells = panel.all("[data-testid='classic-table'] tbody tr[data-assoc-id] > *");
    assert!(cells.len() >= 13 * 5, "every row's cells");
    for cell in &cells {
        let s = window().get_computed_style(cell).unwrap().unwrap();
        assert_eq!(s.get_property_value("overflow-x").unwrap(), "visible");
        assert_eq!(s.get_property_value("overflow-y").unwrap(), "visible");
        assert_eq!(s.get_property_value("white-space").unwrap(), "nowrap");
    }
}

/// A usage edit rewrites the order lists' words and numbers in place: no element of an entry
/// is drawn again (each entry's spans keep their attributes untouched).
#[wasm_bindgen_test]
async fn a_usage_edit_rewrites_the_classic_orders_in_place() {
    use web_sys::js_sys::{Function, Reflect};
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    state.open_panel(PanelTab::Classic);
    tick().await;
    // The orders are built after the tab's first paint.
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    let values = || panel.text("[data-testid='classic-orders'] .ft-order__entries");
    // The orders follow the runs at once on screen, else in the next idle period.
    until(|| !values().is_empty()).await;
    let before = values();
    let spy = Function::new_with_args(
        "list",
        "const seen = { spans: 0 };
         const count = (rs) => { for (const r of rs)
           if (r.type === 'attributes' && r.target.tagName === 'SPAN') seen.spans += 1; };
         const o = new MutationObserver(count);
         o.observe(list, { subtree: true, attributes: true });
         return () => { count(o.takeRecords()); return seen; };",
    );
    let read: Function = spy
        .call1(
            &wasm_bindgen::JsValue::NULL,
            &panel.get("[data-testid='classic-orders']"),
        )
        .unwrap()
        .unchecked_into();
    state
        .set_usage(AssocId(211), fairshare::LongDouble::from_u64(0))
        .unwrap();
    tick().await;
    until(|| values() != before).await;
    assert_ne!(values(), before, "the lists follow the edit");
    let s = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    let spans = Reflect::get(&s, &"spans".into()).unwrap().as_f64().unwrap();
    assert_eq!(spans, 0.0, "no span of an entry is drawn again");
}

#[wasm_bindgen_test]
async fn classic_panel_follows_the_damping_factor_and_depth_oblivious() {
    let (panel, state) = mount_with_state(|| view! { <ClassicPanel /> });
    // The panel follows the state while its tab is open (hidden, it keeps its last values).
    state.open_panel(PanelTab::Classic);
    state.select(Some(AssocId(211)));
    tick().await;
    state.set_damping(2);
    tick().await;
    // 2^(−0.3875/0.3/2) = 0.639124.
    assert!(
        panel
            .text("[data-testid='classic-factor']")
            .contains("/ 2) = 0.639124")
    );
    state.set_damping(1);
    let checkbox = panel.get("input[type='checkbox']");
    checkbox.unchecked_ref::<web_sys::HtmlElement>().click();
    tick().await;
    assert!(
        state
            .scenario()
            .with_untracked(|s| s.params.depth_oblivious)
    );
    assert!(
        panel
            .text("[data-testid='classic-usage-chain']")
            .contains("ratio_p")
    );
    state.undo();
    tick().await;
    assert!(
        !panel
            .text("[data-testid='classic-usage-chain']")
            .contains("ratio_p")
    );
}

#[wasm_bindgen_test]
async fn legend_reads_the_selected_user_both_ways() {
    let (legend, state) = mount_with_state(|| view! { <ScoreLegend /> });
    tick().await;
    assert!(legend.find("[data-testid='legend-classic']").is_none());
    state.select(Some(AssocId(311)));
    tick().await;
    assert_eq!(
        legend.text("[data-testid='legend-classic']"),
        "User4: F = 0.500000, using exactly its share."
    );
    assert!(
        legend
            .text("[data-testid='legend-fair-tree']")
            .starts_with("User4: position 2 of 6 (Slurm rank 5), FairShare = 5/6 = 0.833333")
    );
    assert_eq!(
        legend.text(".ft-score__item--current"),
        "0.5: using exactly its share"
    );
    // An account has no FairShare to read.
    state.select(Some(AssocId(2)));
    tick().await;
    assert!(legend.find("[data-testid='legend-classic']").is_none());
}

#[wasm_bindgen_test]
async fn decay_slider_applies_one_undoable_edit() {
    let (panel, state) = mount_with_state(|| view! { <DecayPanel /> });
    tick().await;
    let slider = panel.get("input[type='range']");
    // The usage readouts: the root's, and the selected user's once there is one.
    assert!(
        panel
            .text("[data-testid='decay-root-usage']")
            .starts_with("root RawUsage: 100 at t = 0")
    );
    assert!(panel.find("[data-testid='decay-selected-usage']").is_none());
    state.select(Some(AssocId(211)));
    tick().await;
    assert!(
        panel
            .text("[data-testid='decay-selected-usage']")
            .contains(" RawUsage: ")
    );
    state.select(None);
    tick().await;
    assert!(panel.find("[data-testid='decay-selected-usage']").is_none());
    set_input(&slider, "604800");
    tick().await;
    assert!(
        panel
            .text("[data-testid='decay-factor']")
            .ends_with("0.500073")
    );
    let root = state
        .run()
        .with_untracked(|r| r.assocs()[0].usage_raw.to_f64());
    assert!((root - 50.0073).abs() < 1e-3, "{root}");
    assert_eq!(
        panel.text("[data-testid='decay-rank-changes']"),
        "Every position is the same as at t = 0."
    );
    state.undo();
    tick().await;
    let root = state
        .run()
        .with_untracked(|r| r.assocs()[0].usage_raw.to_f64());
    assert_eq!(root, 100.0);
    // Back at the timeline's start: t shows 0 again; redo brings back its time too.
    let time = || panel.text("[data-testid='decay-time']");
    assert!(time().starts_with("t = 00:00:00"), "{}", time());
    state.redo();
    tick().await;
    assert!(time().starts_with("t = 7-00:00:00"), "{}", time());
    // An edit behind the timeline's back restarts it from the edited tree.
    state
        .set_shares(AssocId(2), fairshare::Shares::Value(41))
        .unwrap();
    tick().await;
    assert!(time().starts_with("t = 00:00:00"), "{}", time());
}

#[wasm_bindgen_test]
async fn how_long_until_asks_and_answers_in_positions_and_drops_a_stale_answer() {
    let (panel, state) = mount_with_state(|| view! { <DecayPanel /> });
    state.select(Some(AssocId(221)));
    tick().await;
    let (rank, position) = state.run().with_untracked(|r| {
        let ix = state.ix(AssocId(221)).unwrap();
        (r.assocs()[ix].rank.unwrap(), r.position(ix).unwrap())
    });
    assert_eq!((rank, position), (2, 5), "User2: rank 2 of 6 is 5th served");
    let select: web_sys::HtmlSelectElement = panel.get(".ft-decay__until select").unchecked_into();
    select.set_value("position");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    tick().await;
    let value = panel.get(".ft-decay__until input");
    // "Position 5 or better" holds now; "position 1" (first served) would not.
    set_input(&value, "5");
    tick().await;
    panel.button("Compute").click();
    tick().await;
    let answer = || panel.text("[data-testid='decay-until']");
    assert_eq!(
        answer(),
        "User2 meets it already: position 5 of 6, FairShare 0.333333."
    );
    // An invalid target: the refusal, and no old answer beside it.
    set_input(&value, "0");
    tick().await;
    let alert = panel.text(".ft-decay__until [role='alert']");
    assert!(alert.contains("from 1 (first served) to 6"), "{alert}");
    assert_eq!(answer(), "", "the answer to the previous target is gone");
}

#[wasm_bindgen_test]
async fn priority_total_follows_weights_and_selection() {
    let (panel, state) = mount_with_state(|| view! { <PriorityPanel /> });
    tick().await;
    let total = || panel.text("[data-testid='priority-total']");
    let first = total();
    assert!(
        panel
            .text("[data-testid='priority-owner']")
            .contains("User1")
    );
    state.select(Some(AssocId(321)));
    tick().await;
    assert!(
        panel
            .text("[data-testid='priority-owner']")
            .starts_with("User5's job")
    );
    // The place the tree shows (position, 1 = first served), not Slurm's rank the other way round.
    let (rank, position) = state.run().with_untracked(|r| {
        let ix = state.ix(AssocId(321)).unwrap();
        (r.assocs()[ix].rank.unwrap(), r.position(ix).unwrap())
    });
    assert_ne!(rank, position, "the two directions differ for User5");
    let owner = panel.text("[data-testid='priority-owner']");
    assert!(
        owner.ends_with(&format!("(position {position} of 6).")),
        "{owner}"
    );
    assert!(!owner.contains("rank"), "{owner}");
    let with_user5 = total();
    assert_ne!(first, with_user5, "User5 ranks higher than User1");
    // The bar and the table of terms show the same result.
    let bar = panel.get("[data-testid='priority-bar']");
    let priority = with_user5
        .split_whitespace()
        .last()
        .unwrap()
        .trim_end_matches('.');
    assert!(
        bar.get_attribute("aria-label").unwrap().contains(priority),
        "{:?} vs {with_user5}",
        bar.get_attribute("aria-label")
    );
    assert!(panel.count("[data-testid='priority-bar'] span") > 0);
    assert!(panel.count(".ft-terms tbody tr") >= panel.count("[data-testid='priority-bar'] span"));
    let age = panel
        .root
        .query_selector_all("input")
        .unwrap()
        .item(0)
        .unwrap()
        .unchecked_into::<web_sys::Element>();
    set_input(&age, "5000");
    tick().await;
    assert_ne!(total(), with_user5);
    set_input(&age, "not a number");
    tick().await;
    assert!(panel.find("[role='alert']").is_some());
}

#[wasm_bindgen_test]
async fn priority_suggested_weight_follows_the_tree_and_sets_the_weight() {
    let (panel, state) = mount_with_state(|| view! { <PriorityPanel /> });
    tick().await;
    let n = state.run().with_untracked(|r| r.n_users());
    let suggested = || panel.text("[data-testid='priority-suggested']");
    assert!(
        suggested().contains(&format!("N = {n} ")),
        "{}",
        suggested()
    );
    panel.button(&format!("Set PriorityWeightFairshare to {}", 2 * n));
    state.add_child(AssocId(2), true, "new_user").unwrap();
    tick().await;
    assert!(
        suggested().contains(&format!("N = {} ", n + 1)),
        "{}",
        suggested()
    );
    let before = panel.text("[data-testid='priority-total']");
    panel
        .button(&format!("Set PriorityWeightFairshare to {}", 2 * (n + 1)))
        .click();
    tick().await;
    let weight = (2 * (n + 1)).to_string();
    assert!(
        panel
            .all("input")
            .iter()
            .any(|i| i.unchecked_ref::<web_sys::HtmlInputElement>().value() == weight),
        "a field shows the new weight"
    );
    assert_ne!(panel.text("[data-testid='priority-total']"), before);
}

/// What would it take: question 1 is answered as soon as a user is selected and the tab is
/// open; "Show me" applies it as an undoable edit; question 4 answers once X is typed.
#[wasm_bindgen_test]
async fn calc_panel_answers_at_once_and_show_me_is_undoable() {
    use fairshare_explorer::panels::calc_panel::CalcPanel;
    let (panel, state) = mount_with_state(|| view! { <CalcPanel /> });
    state.start_over(
        presets::by_id("two-accounts").unwrap().scenario(),
        Some("two-accounts"),
    );
    state.open_panel(PanelTab::Calc);
    tick().await;
    assert!(
        panel
            .find("[role='region'][aria-label='What would it take']")
            .is_some()
    );
    assert!(
        panel.find("[data-usage-headroom]").is_none(),
        "no user selected"
    );
    // bio/ben (id 22) is first; 80 more units tie with the user behind (engine snapshot).
    state.select(Some(AssocId(22)));
    tick().await;
    assert_eq!(
        panel
            .get("[data-usage-headroom]")
            .get_attribute("data-usage-headroom")
            .as_deref(),
        Some("80")
    );
    assert!(
        panel
            .text("[data-usage-headroom]")
            .starts_with("ben can run 80 raw units")
    );
    let usage = |state: AppState| {
        state
            .scenario()
            .with_untracked(|s| s.tree.get(AssocId(22)).unwrap().usage_raw.to_f64())
    };
    assert_eq!(usage(state), 100.0);
    panel.button("Show me").click();
    tick().await;
    assert_eq!(usage(state), 181.0, "one unit past the boundary");
    state.undo();
    tick().await;
    assert_eq!(usage(state), 100.0);
    // Question 4 for bio/alice (id 21): 3 shares to reach position 1.
    state.select(Some(AssocId(21)));
    tick().await;
    let pass = panel
        .all("input")
        .into_iter()
        .find(|i| {
            i.closest("label")
                .ok()
                .flatten()
                .is_some_and(|l| l.text_content().unwrap_or_default().contains("Pass X"))
        })
        .expect("the Pass X input");
    set_input(&pass, "1");
    tick().await;
    assert_eq!(
        panel
            .get("[data-shares-needed]")
            .get_attribute("data-shares-needed")
            .as_deref(),
        Some("3")
    );
}

/// The first user in the tables' order (the hierarchy's list order), or the last.
fn user_in_table_order(scenario: &fairshare::Scenario, last: bool) -> AssocId {
    let h = fairshare::Hierarchy::new(&scenario.tree);
    let order = h.list_order();
    let mut users = order.iter().copied().filter(|&ix| h.is_user(ix));
    let ix = if last {
        users.next_back()
    } else {
        users.next()
    };
    scenario.tree.assocs()[ix.unwrap()].id
}

/// The Classic tab's first build draws only the rows its table's box holds (with the app's
/// height for it, 28rem): no row is built before the box is measured only to be dropped after
/// the paint (it assumed a 600 px box: 32 rows built, 6 dropped), and none out of the box: the
/// overscan below it comes after the first paint, outside the click's task (it came with the
/// first build: 26 rows, 8 of them below the box).
#[wasm_bindgen_test]
async fn the_classic_tables_first_build_draws_only_the_rows_in_its_box() {
    use fairshare_explorer::widgets::row_window::OVERSCAN;
    use web_sys::js_sys::{Function, Reflect};
    let scenario = fairshare::r#gen::scenario(2_000, 7);
    let first = user_in_table_order(&scenario, false);
    let (panel, state) = ui::mount_with_state(
        move || AppState::provide(scenario),
        || view! { <TabPanel tab=PanelTab::Classic /> },
    );
    // The first user is selected (as the benchmark does): the box is measured after the paint.
    state.select(Some(first));
    // The app's style sheets are not loaded here: the table's box as style/table.css has it.
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(
        ":root { font-size: 16px } .ft-ctable__scroll { max-height: 28rem; overflow: auto } \
         .ft-ctable tr { height: 26px }",
    ));
    panel.root.append_child(&style).unwrap();
    // Rows added to or removed from the table's body, from the tab's opening on.
    let spy = Function::new_with_args(
        "root",
        "const seen = { added: 0, removed: 0 };
         const rows = (nodes) => [...nodes].filter((n) => n.nodeName === 'TR').length;
         const count = (rs) => { for (const r of rs) {
           seen.added += rows(r.addedNodes); seen.removed += rows(r.removedNodes); } };
         const o = new MutationObserver(count);
         o.observe(root, { subtree: true, childList: true });
         return () => { count(o.takeRecords()); return seen; };",
    );
    let read: Function = spy
        .call1(&wasm_bindgen::JsValue::NULL, &panel.root)
        .unwrap()
        .unchecked_into();
    let seen = |what: &str| {
        let s = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
        Reflect::get(&s, &what.into()).unwrap().as_f64().unwrap() as usize
    };
    let rows = || panel.count("[data-testid='classic-table'] tbody tr[data-assoc-id]") as usize;
    state.open_panel(PanelTab::Classic);
    // What the opening's own task built (the microtasks after the click), before any frame.
    tick().await;
    let built = rows();
    // 448 px of 26 px rows: 18 (the box), and nothing out of it.
    let in_box = 448usize.div_ceil(26);
    assert!(built > 0, "the first build draws rows");
    assert!(
        built <= in_box,
        "the first build draws at most the box's rows: {built} > {in_box}"
    );
    ui::sleep(100).await;
    tick().await;
    assert_eq!(
        seen("removed"),
        0,
        "no row built by the first build is dropped after the paint"
    );
    assert_eq!(
        rows(),
        in_box + OVERSCAN,
        "after the paint, the overscan below the box (none above the first row)"
    );
}

/// The Classic tab's opening builds the orders (below the table, never in its first paint)
/// after the first paint, in a task of their own: the click's task builds only what that paint
/// shows, the formulas and the table. (They were built in the click's task.)
#[wasm_bindgen_test]
async fn the_classic_tabs_first_build_leaves_the_orders_for_after_its_paint() {
    let (panel, state) = mount_with_state(|| view! { <TabPanel tab=PanelTab::Classic /> });
    state.open_panel(PanelTab::Classic);
    // What the opening's own task built (the microtasks after the click), before any frame.
    tick().await;
    assert!(
        panel
            .find("[data-testid='classic-table'] tbody tr")
            .is_some(),
        "the first build draws the table"
    );
    assert!(
        panel.find("[data-testid='classic-orders']").is_none(),
        "the first build leaves out the orders"
    );
    until(|| panel.find("[data-testid='classic-orders']").is_some()).await;
    until(|| {
        !panel
            .text("[data-testid='classic-orders'] .ft-order__entries")
            .is_empty()
    })
    .await;
}

/// Opening the Classic tab with a user selected far down a big tree builds only the rows in view
/// and reads no layout while it builds: the table scrolls to the selected row after the first
/// paint (`ScrollWindow::follow_selection`). Reading the container's size in the build's own
/// task forced a layout of the whole page there (at 100k, 16-34 ms of the tab's opening).
#[wasm_bindgen_test]
async fn the_classic_table_scrolls_to_the_selection_after_its_first_paint() {
    let scenario = fairshare::r#gen::scenario(2_000, 7);
    let last = user_in_table_order(&scenario, true);
    let (panel, state) = ui::mount_with_state(
        move || AppState::provide(scenario),
        || view! { <TabPanel tab=PanelTab::Classic /> },
    );
    // The app's style sheets are not loaded here: the table's scroller gets a height of its own.
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(
        ".ft-ctable__scroll { height: 400px; overflow: auto } .ft-ctable tr { height: 26px }",
    ));
    panel.root.append_child(&style).unwrap();
    state.select(Some(last));
    state.open_panel(PanelTab::Classic);
    tick().await;
    let scroller: web_sys::HtmlElement = panel.get(".ft-ctable__scroll").unchecked_into();
    let rows = || panel.count("[data-testid='classic-table'] tbody tr[data-assoc-id]");
    let drawn = rows();
    assert!(drawn > 0 && drawn <= 40, "only the rows in view: {drawn}");
    assert_eq!(
        scroller.scroll_top(),
        0,
        "not scrolled while the panel builds"
    );
    ui::sleep(100).await;
    tick().await;
    assert!(scroller.scroll_top() > 0, "scrolled after the paint");
    assert!(
        panel
            .find(&format!("tr[data-assoc-id='{}']", last.0))
            .is_some(),
        "the selected row is drawn"
    );
    assert!(rows() <= 60, "still only the rows in view: {}", rows());
}
