//! Component tests of the association tree and the sshare table in headless Chromium.
//!
//! Run: `cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer`.
//! Each test mounts `<TreeView/>` (and `<SshareTable/>`) with a preset, acts, `tick().await`s,
//! and asserts the UI contract's roles and attributes, never whole `innerHTML`.
#![cfg(target_arch = "wasm32")]

use fairshare::step::Step;
use fairshare::{AssocId, LongDouble, Scenario, TieRule};
use fairshare_explorer::panels::sshare_table::{COLUMNS, SshareTable};
use fairshare_explorer::state::AppState;
use fairshare_explorer::tree::view::TreeView;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = "
export function press(el, key) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}
export function now() { return performance.now(); }
")]
extern "C" {
    fn press(el: &web_sys::Element, key: &str);
    fn now() -> f64;
}

use crate::support;

use support::preset;

/// Page-object helpers: the shared ones, and the tree's own.
mod ui {
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlElement};

    pub use super::support::*;

    impl<S: Mountable> Mounted<S> {
        /// The treeitem of association `id`.
        pub fn item(&self, id: u32) -> Element {
            self.get(&format!("[role='treeitem'][data-assoc-id='{id}']"))
        }

        /// An attribute of the treeitem of `id`.
        pub fn item_attr(&self, id: u32, name: &str) -> Option<String> {
            self.item(id).get_attribute(name)
        }

        /// Clicks the element matching `selector`.
        pub fn click(&self, selector: &str) {
            self.get(selector).unchecked_into::<HtmlElement>().click();
        }
    }

    /// The `data-assoc-id` of the focused element, if it is a treeitem.
    pub fn focused_item() -> Option<u32> {
        let active = document().active_element()?;
        (active.get_attribute("role").as_deref() == Some("treeitem"))
            .then(|| active.get_attribute("data-assoc-id")?.parse().ok())
            .flatten()
    }
}

/// Mounts the tree and the table over `scenario`; returns the mount and the state.
fn mount(scenario: Scenario) -> (ui::Mounted<impl Mountable>, AppState) {
    ui::mount_with_state(
        move || AppState::provide(scenario),
        || {
            view! {
                <TreeView />
                <SshareTable />
            }
        },
    )
}

fn ids(elements: &[web_sys::Element]) -> Vec<u32> {
    elements
        .iter()
        .map(|e| e.get_attribute("data-assoc-id").unwrap().parse().unwrap())
        .collect()
}

#[wasm_bindgen_test]
async fn treeitems_follow_the_visiting_order_and_carry_the_contract() {
    let (view, _state) = mount(preset("classic-example"));
    tick().await;

    let tree = view.get("[role='tree']");
    assert_eq!(
        tree.get_attribute("aria-label").as_deref(),
        Some("Association tree")
    );
    let items = view.all("[role='treeitem']");
    assert_eq!(
        ids(&items),
        [1, 3, 32, 321, 31, 311, 2, 21, 211, 22, 222, 221, 4, 41]
    );

    let attr = |id, name| view.item_attr(id, name);
    assert_eq!(attr(1, "data-kind").as_deref(), Some("root"));
    assert_eq!(attr(1, "aria-level").as_deref(), Some("1"));
    assert_eq!(attr(1, "data-level-fs").as_deref(), Some(""));
    assert_eq!(attr(1, "aria-expanded").as_deref(), Some("true"));
    assert_eq!(attr(1, "data-fairshare"), None);
    assert_eq!(attr(2, "data-kind").as_deref(), Some("account"));
    assert_eq!(
        attr(2, "data-level-fs").as_deref(),
        Some("0.88888888888888895")
    );
    assert_eq!(
        attr(2, "data-shares-norm").as_deref(),
        Some("0.40000000000000002")
    );
    assert_eq!(
        attr(2, "data-usage-efctv").as_deref(),
        Some("0.45000000000000001")
    );
    assert_eq!(attr(211, "data-kind").as_deref(), Some("user"));
    assert_eq!(attr(211, "data-name").as_deref(), Some("User1"));
    assert_eq!(attr(211, "data-account").as_deref(), Some("AccountB"));
    assert_eq!(attr(211, "aria-level").as_deref(), Some("4"));
    assert_eq!(attr(211, "data-rank").as_deref(), Some("4"));
    assert_eq!(
        attr(211, "data-fairshare").as_deref(),
        Some("0.66666666666666663")
    );
    assert_eq!(
        attr(211, "aria-expanded"),
        None,
        "leaves carry no aria-expanded"
    );
    assert_eq!(attr(222, "data-level-fs").as_deref(), Some("inf"));
    assert_eq!(
        attr(211, "aria-label").as_deref(),
        Some("User1 in AccountB: position 3 of 6, rank 4, FairShare 0.666667, Level FS 1")
    );
    assert_eq!(attr(211, "data-position").as_deref(), Some("3"));
    assert_eq!(attr(2, "data-position"), None, "accounts have no position");
    // The drawing is marked for the export helper.
    assert!(view.find("svg[data-tree-drawing]").is_some());
    assert_eq!(attr(211, "aria-selected").as_deref(), Some("false"));

    // Children are nested in their parent's treeitem, inside role="group".
    let user1 = view.item(211);
    let group = user1.parent_element().unwrap();
    assert_eq!(group.get_attribute("role").as_deref(), Some("group"));
    let parent = group.closest("[role='treeitem']").unwrap().unwrap();
    assert_eq!(parent.get_attribute("data-assoc-id").as_deref(), Some("21"));

    // One card per association in the drawing, which is hidden from assistive technology.
    assert_eq!(view.all(".ft-node").len(), 14);
    assert_eq!(
        view.get(".ft-tree__svg")
            .get_attribute("aria-hidden")
            .as_deref(),
        Some("true")
    );
    // Exactly one tab stop.
    assert_eq!(view.all("[role='treeitem'][tabindex='0']").len(), 1);
}

#[wasm_bindgen_test]
async fn click_selects_and_the_table_follows() {
    let (view, state) = mount(preset("classic-example"));
    tick().await;

    view.click("[role='treeitem'][data-assoc-id='311']");
    tick().await;
    assert_eq!(state.selected().get_untracked(), Some(AssocId(311)));
    assert_eq!(
        view.item_attr(311, "aria-selected").as_deref(),
        Some("true")
    );
    // A click on a child does not select its ancestors.
    assert_eq!(
        view.item_attr(31, "aria-selected").as_deref(),
        Some("false")
    );
    let row = view.get("tbody tr[data-assoc-id='311']");
    assert_eq!(row.get_attribute("aria-current").as_deref(), Some("true"));
    assert!(row.class_list().contains("ft-sshare__row--selected"));

    // A row click selects the association.
    view.click("tbody tr[data-assoc-id='22']");
    tick().await;
    assert_eq!(state.selected().get_untracked(), Some(AssocId(22)));
    assert_eq!(view.item_attr(22, "aria-selected").as_deref(), Some("true"));
    assert_eq!(
        view.item_attr(311, "aria-selected").as_deref(),
        Some("false")
    );
}

#[wasm_bindgen_test]
async fn keyboard_moves_focus_expands_collapses_and_selects() {
    let (view, state) = mount(preset("classic-example"));
    tick().await;
    let focus = |id: u32| {
        view.item(id)
            .unchecked_into::<web_sys::HtmlElement>()
            .focus()
            .unwrap()
    };
    let key = |key: &str| press(&document().active_element().unwrap(), key);

    focus(1);
    key("ArrowDown");
    tick().await;
    assert_eq!(ui::focused_item(), Some(3));
    key("ArrowRight");
    tick().await;
    assert_eq!(
        ui::focused_item(),
        Some(32),
        "Right enters an expanded account"
    );
    key("ArrowLeft");
    tick().await;
    assert_eq!(
        view.item_attr(32, "aria-expanded").as_deref(),
        Some("false"),
        "Left collapses"
    );
    assert!(
        view.find("[data-assoc-id='321'][role='treeitem']")
            .is_none()
    );
    key("ArrowRight");
    tick().await;
    assert_eq!(view.item_attr(32, "aria-expanded").as_deref(), Some("true"));
    key("ArrowDown");
    tick().await;
    assert_eq!(ui::focused_item(), Some(321));
    key("Enter");
    tick().await;
    assert_eq!(state.selected().get_untracked(), Some(AssocId(321)));
    assert_eq!(
        view.item_attr(321, "aria-selected").as_deref(),
        Some("true")
    );
    assert_eq!(view.item_attr(321, "tabindex").as_deref(), Some("0"));
    key("End");
    tick().await;
    assert_eq!(ui::focused_item(), Some(41));
    key("Home");
    tick().await;
    assert_eq!(ui::focused_item(), Some(1));
}

#[wasm_bindgen_test]
async fn the_animation_frame_marks_the_current_and_ranked_nodes() {
    let (view, state) = mount(preset("classic-example"));
    tick().await;
    assert!(
        view.find("[data-current]").is_none(),
        "no hooks when static"
    );
    assert!(view.find("[data-ranked]").is_none());

    // Stop right after the third user is ranked.
    let steps = state.run().with_untracked(|r| r.steps().to_vec());
    let k = steps
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, Step::UserRanked { .. }))
        .nth(2)
        .map(|(i, _)| i + 1)
        .unwrap();
    state.set_cursor(Some(k));
    tick().await;
    let current = view.all("[role='treeitem'][data-current='true']");
    assert_eq!(
        ids(&current),
        [211],
        "User1 is the third user Fair Tree ranks"
    );
    assert_eq!(ids(&view.all("[data-ranked='true']")), [321, 311, 211]);
    assert!(view.find(".ft-node--current").is_some());

    state.set_cursor(None);
    tick().await;
    assert!(view.find("[data-current]").is_none());
}

#[wasm_bindgen_test]
async fn edits_rerank_and_show_the_what_if_change() {
    let (view, state) = mount(preset("classic-example"));
    tick().await;
    state
        .set_usage(AssocId(311), LongDouble::from_u64(1000))
        .unwrap();
    tick().await;
    let label = view.item_attr(311, "aria-label").unwrap();
    assert!(label.contains("what-if: position 2 → "), "{label}");
    let tags: Vec<String> = view
        .all(".ft-tag--down")
        .iter()
        .map(|t| t.text_content().unwrap_or_default())
        .collect();
    assert!(tags.iter().any(|t| t.starts_with('↓')), "{tags:?}");
    // AccountD now has a lower Level FS than AccountA: AccountA comes first.
    let top: Vec<u32> = ids(&view.all("[role='treeitem'][aria-level='2']"));
    assert_eq!(top, [2, 3, 4]);
    // The DOM of the drawing did not reorder: cards are still in tree order.
    assert_eq!(view.all(".ft-node").len(), 14);

    state.reset_baseline();
    tick().await;
    assert!(view.find(".ft-tag--down").is_none());
}

#[wasm_bindgen_test]
async fn the_documented_tie_rule_shows_slurms_rank() {
    let (view, state) = mount(preset("tied-accounts"));
    tick().await;
    assert!(view.find(".ft-tag--tie-rule").is_none());
    state.set_tie_rule(TieRule::Documented);
    tick().await;
    let labels: Vec<String> = view
        .all("[role='treeitem'][data-kind='user']")
        .iter()
        .filter_map(|e| e.get_attribute("aria-label"))
        .collect();
    assert!(
        labels.iter().any(|l| l.contains("Slurm's code: rank")),
        "{labels:?}"
    );
    assert!(view.find(".ft-tag--tie-rule").is_some());
    // Switching the rule alone is not a what-if change.
    assert!(view.find(".ft-tag--up, .ft-tag--down").is_none());
}

#[wasm_bindgen_test]
async fn the_table_has_the_sshare_headers_and_one_row_per_association() {
    let (view, _state) = mount(preset("classic-example"));
    tick().await;
    let headers: Vec<String> = view
        .all("thead th")
        .iter()
        .map(|th| th.text_content().unwrap_or_default())
        .collect();
    // The table's own columns (their names are pinned in src/panels/sshare_table.rs's tests).
    let want: Vec<&str> = COLUMNS.iter().map(|c| c.header()).collect();
    assert_eq!(headers, want);
    assert_eq!(view.all("tbody tr").len(), 14);
    let cells: Vec<String> = view
        .all("tbody tr[data-assoc-id='211'] td")
        .iter()
        .map(|td| td.text_content().unwrap_or_default())
        .collect();
    assert_eq!(cells[0], "   AccountB");
    // The deciding columns come right after the names (issue 25).
    assert_eq!(&headers[..4], ["Account", "User", "FairShare", "LevelFS"]);
    assert_eq!(cells[2], "0.666667");
}

#[wasm_bindgen_test]
async fn table_rows_move_when_sorted_and_show_an_edited_value() {
    use fairshare::sshare::Column;
    use wasm_bindgen::JsCast;

    let (view, state) = mount(preset("classic-example"));
    tick().await;
    let row = || view.get("tbody tr[data-assoc-id='211']");
    let raw_usage = COLUMNS.iter().position(|c| *c == Column::RawUsage).unwrap();
    let usage_cell = || {
        row()
            .query_selector_all("td")
            .unwrap()
            .item(raw_usage as u32)
            .unwrap()
    };
    let before = row();
    // Sorting by Account reorders the rows: row 211 is the same node, moved.
    view.all("thead th button")[0]
        .clone()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    tick().await;
    assert_ne!(
        ids(&view.all("tbody tr")),
        [1, 3, 32, 321, 31, 311, 2, 21, 211, 22, 222, 221, 4, 41]
    );
    assert!(row().is_same_node(Some(&before)));
    // An edit of its usage shows in its row.
    state
        .set_usage(AssocId(211), LongDouble::from_u64(4321))
        .unwrap();
    tick().await;
    assert_eq!(usage_cell().text_content().as_deref(), Some("4321"));
}

/// Mounts the tree alone (big trees: the table is not what these tests are about).
fn mount_tree(scenario: Scenario) -> (ui::Mounted<impl Mountable>, AppState) {
    ui::mount_with_state(
        move || AppState::provide(scenario),
        || view! { <TreeView /> },
    )
}

/// Not a timed assertion: prints how long a 10,000-association tree takes to render and to
/// re-rank after one edit (see the report), and checks that only a bounded part is in the DOM.
#[wasm_bindgen_test]
async fn a_10k_tree_opens_collapsed_reveals_a_selected_user_and_reranks() {
    let scenario = fairshare::r#gen::scenario(10_000, 7);
    let h = fairshare::Hierarchy::new(&scenario.tree);
    let deep = (0..scenario.tree.len())
        .filter(|&ix| h.is_user(ix))
        .max_by_key(|&ix| h.depth(ix))
        .map(|ix| scenario.tree.assocs()[ix].id)
        .unwrap();
    let t0 = now();
    let (view, state) = mount_tree(scenario);
    tick().await;
    let t1 = now();
    let items = view.count("[role='treeitem']");
    let elements = view.count(".ft-tree-panel *");
    console_log!(
        "10k associations: first render {:.1} ms, {items} treeitems, {elements} elements",
        t1 - t0
    );
    assert!(items > 1 && items <= 400, "{items}");
    assert!(elements <= 2_000, "{elements}");
    // Collapsed accounts say so, and how many users they hold.
    let collapsed = view.get("[role='treeitem'][aria-expanded='false']");
    let label = collapsed.get_attribute("aria-label").unwrap();
    assert!(label.contains("collapsed, holds "), "{label}");
    // "… N more" entries are not treeitems and carry no id.
    for more in view.all(".ft-more") {
        assert_eq!(more.get_attribute("role"), None);
        assert_eq!(more.get_attribute("data-assoc-id"), None);
    }

    // Selecting (as Find, the table or Compare do) reveals the user.
    assert!(
        view.find(&format!("[data-assoc-id='{}']", deep.0))
            .is_none()
    );
    state.select(Some(deep));
    tick().await;
    assert_eq!(
        view.item_attr(deep.0, "aria-selected").as_deref(),
        Some("true")
    );
    let level: u32 = view
        .item_attr(deep.0, "aria-level")
        .unwrap()
        .parse()
        .unwrap();
    assert!(level >= 3);

    let before = view.item_attr(deep.0, "data-rank");
    let mut times = Vec::new();
    for k in 1..=5u64 {
        let t = now();
        state
            .set_usage(deep, LongDouble::from_u64(k * 1_000_000_000_000))
            .unwrap();
        tick().await;
        times.push(now() - t);
    }
    console_log!(
        "10k associations: re-rank + re-render {:?} ms",
        times
            .iter()
            .map(|t| (t * 10.0).round() / 10.0)
            .collect::<Vec<_>>()
    );
    assert_ne!(view.item_attr(deep.0, "data-rank"), before, "re-ranked");
    assert!(view.count(".ft-tree-panel *") <= 2_000);
}

/// One account of 40 users by usage (least used first, 10, 20, …, 400), u20 (id 120) selected:
/// the account shows its first five users, u20 with two on each side, its last two, and a
/// "… N more" on each side of u20's window.
fn forty_users() -> Scenario {
    let mut rows = vec![account(2, "a")];
    rows.extend((0..40u32).map(|i| user(100 + i, 2, "a", &format!("u{i}"), 10 * i + 10)));
    under_root(&rows)
}

/// A scenario of `rows` (scenario JSON objects) under a root of id 1.
fn under_root(rows: &[String]) -> Scenario {
    let text = format!(
        r#"{{"associations": [{{"id": 1, "parent": null, "account": "root", "user": null}}, {}]}}"#,
        rows.join(", ")
    );
    fairshare::scenario::parse(&text).0.unwrap()
}

/// An account of one share under the root, as a scenario JSON object.
fn account(id: u32, name: &str) -> String {
    format!(r#"{{"id": {id}, "parent": 1, "account": "{name}", "user": null, "shares": 1}}"#)
}

/// A user of one share with `usage` under account `parent`, as a scenario JSON object.
fn user(id: u32, parent: u32, account: &str, name: &str, usage: u32) -> String {
    format!(
        r#"{{"id": {id}, "parent": {parent}, "account": "{account}", "user": "{name}", "shares": 1, "usage_raw": {usage}}}"#
    )
}

#[wasm_bindgen_test]
async fn an_edit_that_moves_the_shown_window_keeps_the_entries_elements() {
    let (view, state) = mount_tree(forty_users());
    state.select(Some(AssocId(120)));
    tick().await;
    let texts = |sel: &str| {
        view.all(sel)
            .iter()
            .map(|e| e.text_content().unwrap_or_default())
            .collect::<Vec<_>>()
    };
    let (more, pills) = (view.all(".ft-more"), view.all(".ft-extra"));
    assert_eq!(texts(".ft-more"), ["… 13 more", "… 15 more"]);
    assert_eq!(more.len(), 2);
    assert_eq!(pills.len(), 2);
    let read = watch_writes(&view.get(".ft-tree-panel"));
    // u20 two places down: the runs beside its window hide 15 and 13 users now.
    state
        .set_usage(AssocId(120), LongDouble::from_u64(235))
        .unwrap();
    tick().await;
    assert_eq!(texts(".ft-more"), ["… 15 more", "… 13 more"]);
    // The treeitems leaving the window are dropped, not first stripped of their attributes.
    let seen = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    assert!(writes(&seen, "nodes") > 0.0, "the window moved");
    assert_eq!(
        writes(&seen, "detached"),
        0.0,
        "no write to a dropped element"
    );
    // The same elements, their text changed, in their places in the account's group.
    for (old, new) in more.iter().zip(view.all(".ft-more")) {
        assert!(old.is_same_node(Some(&new)));
    }
    for (old, new) in pills.iter().zip(view.all(".ft-extra")) {
        assert!(old.is_same_node(Some(&new)));
    }
    // u20's what-if tag: made by the edit, then kept while its text changes.
    let tag = view.get(".ft-tag--down");
    let text = tag.text_content().unwrap();
    assert!(text.starts_with('↓'), "{text}");
    state
        .set_usage(AssocId(120), LongDouble::from_u64(255))
        .unwrap();
    tick().await;
    let again = view.get(".ft-tag--down");
    assert!(tag.is_same_node(Some(&again)));
    assert_ne!(again.text_content().unwrap(), text);
    // The button still pages in the run it now stands for.
    view.click(".ft-more");
    tick().await;
    assert!(view.find("[data-assoc-id='105']").is_some());
}

/// Twenty accounts of two users each under the root, by usage (a0 least used: its users use
/// 10 and 11, a1's 20 and 21, …): the tree opens whole, every account open, and the root's
/// list is windowed around the selected user's account.
fn twenty_accounts() -> Scenario {
    let mut rows = Vec::new();
    for a in 0..20u32 {
        rows.push(account(10 + a, &format!("a{a}")));
        for u in 0..2u32 {
            rows.push(user(
                100 + 2 * a + u,
                10 + a,
                &format!("a{a}"),
                &format!("u{a}_{u}"),
                10 * a + 10 + u,
            ));
        }
    }
    under_root(&rows)
}

/// An edit that moves the selected user's account far in the root's list moves the list's
/// window: the accounts near its old place leave, with their open groups of users. A leaving
/// treeitem or card whose view ends before its list drops it writes nothing to its element
/// (the users' treeitems of a leaving account removed their nine attributes: about 20 writes
/// to elements on their way out per such edit at the 1k anchor).
#[wasm_bindgen_test]
async fn the_users_of_an_account_leaving_the_window_are_not_written_on_their_way_out() {
    let (view, state) = mount_tree(twenty_accounts());
    // u10_0 (a10, in the middle of the root's list) selected.
    state.select(Some(AssocId(120)));
    tick().await;
    let shown = |id: u32| view.find(&format!("[data-assoc-id='{id}']")).is_some();
    // a8 (id 18) and its users (116, 117), near a10, are shown.
    assert!(shown(18) && shown(116), "a8 and its users are shown");
    let read = watch_writes(&view.get(".ft-tree-panel"));
    // a10 now uses the most: it moves to the root's list's end, and its window with it.
    state
        .set_usage(AssocId(120), LongDouble::from_u64(100_000))
        .unwrap();
    tick().await;
    assert!(!shown(18) && !shown(116), "a8 left the window");
    let seen = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    assert!(writes(&seen, "nodes") > 0.0, "the window moved");
    assert_eq!(
        writes(&seen, "detached"),
        0.0,
        "no write to a dropped element"
    );
}

/// What one live card holds, counted: every card coming into view (an edit that moves the
/// shown window makes 1–4 at the 1k anchor) builds and restyles each of its elements. No group
/// around the Level FS badge's rect and text, and the inner border only on the root's card
/// (hidden on every other by style/tree.css): 11 elements for an account, 16 for a user (with
/// its rank line), 12 for the root, where the cards held 13, 18 and 13.
#[wasm_bindgen_test]
async fn a_card_holds_only_the_elements_it_shows() {
    let (view, _state) = mount_tree(forty_users());
    tick().await;
    let inside = |name: &str| {
        card_named(&view, name)
            .query_selector_all("*")
            .unwrap()
            .length()
    };
    assert_eq!(inside("a"), 11, "an account's card");
    assert_eq!(inside("u0"), 16, "a user's card");
    assert_eq!(inside("root"), 12, "the root's card, with its inner border");
    assert_eq!(view.count(".ft-node__inner"), 1, "only the root draws one");
    assert_eq!(
        view.count(".ft-tree__cards text.ft-badge"),
        view.count(".ft-tree__cards > svg")
    );
}

/// The live card (its `<svg>`) whose name reads `name`.
fn card_named(view: &ui::Mounted<impl Mountable>, name: &str) -> web_sys::Element {
    view.all(".ft-tree__cards > svg")
        .into_iter()
        .find(|c| {
            c.query_selector(".ft-node__name")
                .ok()
                .flatten()
                .and_then(|n| n.text_content())
                .as_deref()
                == Some(name)
        })
        .unwrap_or_else(|| panic!("{name}'s card"))
}

/// Watches `root` for DOM writes: returns a function that reports (and restarts) the counts of
/// attribute and text writes, of those that set a value equal to the one before (a rewrite of
/// what did not change), of attribute writes on the minimap's marks and on elements no longer in
/// the document (`detached`), and of nodes added and removed.
fn watch_writes(root: &web_sys::Element) -> web_sys::js_sys::Function {
    use wasm_bindgen::JsCast;
    web_sys::js_sys::Function::new_with_args(
        "root",
        "let seen = { attributes: 0, text: 0, same: 0, mark: 0, nodes: 0, detached: 0 };
         const count = (rs) => { for (const r of rs) {
           if (r.type === 'attributes') {
             seen.attributes += 1;
             if (!r.target.isConnected) seen.detached += 1;
             if (r.oldValue === r.target.getAttribute(r.attributeName)) seen.same += 1;
             if (r.target.classList.contains('ft-minimap__mark')) seen.mark += 1;
           } else if (r.type === 'characterData') {
             seen.text += 1;
             if (r.oldValue === r.target.nodeValue) seen.same += 1;
           } else seen.nodes += r.addedNodes.length + r.removedNodes.length;
         } };
         const o = new MutationObserver(count);
         o.observe(root, { subtree: true, childList: true, attributes: true,
           attributeOldValue: true, characterData: true, characterDataOldValue: true });
         return () => { count(o.takeRecords()); const res = seen;
           seen = { attributes: 0, text: 0, same: 0, mark: 0, nodes: 0, detached: 0 }; return res; };",
    )
    .call1(&wasm_bindgen::JsValue::NULL, root)
    .unwrap()
    .unchecked_into()
}

/// One of the counts `read` (from [`watch_writes`]) reports.
fn writes(seen: &wasm_bindgen::JsValue, what: &str) -> f64 {
    web_sys::js_sys::Reflect::get(seen, &what.into())
        .unwrap()
        .as_f64()
        .unwrap()
}

/// An edit that keeps the order rewrites the edited user's numbers in place: its treeitem and
/// card keep their elements, nothing is written with the value it already had, and the
/// minimap's mark on it (in the same place) is not drawn again.
#[wasm_bindgen_test]
async fn an_edit_in_place_writes_only_what_changed() {
    let (view, state) = mount_tree(forty_users());
    state.select(Some(AssocId(120)));
    tick().await;
    let card = || card_named(&view, "u20");
    // A first edit makes the what-if tag; the second rewrites it in place.
    state
        .set_usage(AssocId(120), LongDouble::from_u64(205))
        .unwrap();
    tick().await;
    let (item, u20) = (view.item(120), card());
    let mark = view.get(".ft-minimap__mark--selected");
    let usage = u20.query_selector_all(".ft-node__text").unwrap();
    let texts = |list: &web_sys::NodeList| {
        (0..list.length())
            .map(|k| list.item(k).unwrap().text_content().unwrap_or_default())
            .collect::<Vec<_>>()
    };
    let before = texts(&usage);
    let label = item.get_attribute("aria-label").unwrap();
    let position = item.get_attribute("data-position");
    let read = watch_writes(&view.get(".ft-tree-panel"));
    // 205 → 207: still between u19 (200) and u21 (220).
    state
        .set_usage(AssocId(120), LongDouble::from_u64(207))
        .unwrap();
    tick().await;
    let seen = read.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    assert!(
        item.is_same_node(Some(&view.item(120))),
        "the treeitem stays"
    );
    assert!(u20.is_same_node(Some(&card())), "the card stays");
    assert!(mark.is_same_node(Some(&view.get(".ft-minimap__mark--selected"))));
    assert_eq!(item.get_attribute("data-position"), position, "same place");
    assert_ne!(
        item.get_attribute("aria-label").unwrap(),
        label,
        "the name follows"
    );
    assert_ne!(texts(&usage), before, "the card's numbers follow");
    assert!(writes(&seen, "text") > 0.0 && writes(&seen, "attributes") > 0.0);
    assert_eq!(
        writes(&seen, "same"),
        0.0,
        "nothing rewritten with its own value"
    );
    assert_eq!(writes(&seen, "mark"), 0.0, "the mark is not drawn again");
    assert_eq!(writes(&seen, "nodes"), 0.0, "no element made or removed");
}

/// An edit that moves nobody changes the numbers of the shown nodes on the edited path, not
/// their places: the edges, the cards' classes and boxes and the treeitems' groups read the
/// nodes' places (`TreeCtx::places`), so it wakes none of their memos. Each changed node woke
/// about ten more (index, path, style, class, box, children, name, …) to find them unchanged:
/// 201 memo runs for this edit's 12 changed nodes with the places read from the views, 83
/// without.
#[wasm_bindgen_test]
async fn an_edit_of_numbers_wakes_no_memo_of_the_nodes_places() {
    let (view, state) = mount_tree(forty_users());
    state.select(Some(AssocId(120)));
    tick().await;
    state
        .set_usage(AssocId(120), LongDouble::from_u64(205))
        .unwrap();
    tick().await;
    let changed = view
        .all("[role='treeitem']")
        .iter()
        .map(|e| e.get_attribute("aria-label").unwrap_or_default())
        .collect::<Vec<_>>();
    let runs = fairshare_explorer::tree::view::memo_runs();
    // 205 → 207: still between u19 (200) and u21 (220).
    state
        .set_usage(AssocId(120), LongDouble::from_u64(207))
        .unwrap();
    tick().await;
    let woke = fairshare_explorer::tree::view::memo_runs() - runs;
    let relabelled = view
        .all("[role='treeitem']")
        .iter()
        .zip(&changed)
        .filter(|(e, old)| e.get_attribute("aria-label").unwrap_or_default() != **old)
        .count() as u64;
    console_log!("an edit in place: {relabelled} nodes changed, {woke} memo runs");
    assert!(relabelled >= 3, "the path's numbers change: {relabelled}");
    // What a changed node still wakes: its card's view and what of it changed, its name.
    assert!(
        woke <= 8 * relabelled + 12,
        "{woke} memo runs for {relabelled} changed nodes"
    );
}

/// The comparison's marks on the tree (`CompareMarks`) are computed only while two
/// associations are compared: without a comparison an edit (a new run) does not wake them.
/// They made a vector of every association's role, all `None`, on every edit (O(n) per edit
/// at any size); with a comparison an edit still moves them (the deciding pair may change).
#[wasm_bindgen_test]
async fn an_edit_without_a_comparison_does_not_compute_the_compare_marks() {
    use fairshare_explorer::tree::view::compare_marks::{CompareMarks, CompareRole};
    let cell = std::rc::Rc::new(std::cell::Cell::new(None::<(AppState, CompareMarks)>));
    let provided = std::rc::Rc::clone(&cell);
    let _view = ui::mount(move || {
        let state = AppState::provide(forty_users());
        provided.set(Some((state, CompareMarks::new(state))));
        view! { <p></p> }
    });
    tick().await;
    let (state, marks) = cell.get().expect("mounted");
    state.select(Some(AssocId(120)));
    tick().await;
    let runs = marks.runs();
    state
        .set_usage(AssocId(120), LongDouble::from_u64(205))
        .unwrap();
    tick().await;
    assert_eq!(marks.runs(), runs, "no comparison: the edit wakes no marks");
    state.compare(Some(AssocId(130)));
    tick().await;
    let u20 = state.ix(AssocId(120)).unwrap();
    assert_eq!(marks.role(u20), Some(CompareRole::Decider));
    let compared = marks.runs();
    assert!(compared > runs, "a comparison computes them");
    state
        .set_usage(AssocId(120), LongDouble::from_u64(207))
        .unwrap();
    tick().await;
    assert!(
        marks.runs() > compared,
        "with a comparison an edit moves them"
    );
    assert_eq!(marks.role(u20), Some(CompareRole::Decider));
    state.compare(None);
    tick().await;
    assert_eq!(marks.role(u20), None, "no comparison, no roles");
}

#[wasm_bindgen_test]
async fn a_5000_deep_chain_opens_and_reveals_its_bottom_with_true_levels() {
    let (view, state) = mount_tree(fairshare::r#gen::chain(5_000));
    tick().await;
    assert_eq!(view.count("[role='treeitem']"), 3);
    state.select(Some(AssocId(5_002)));
    tick().await;
    assert_eq!(
        view.item_attr(5_002, "aria-level").as_deref(),
        Some("5002"),
        "aria-level stays the true depth"
    );
    assert!(view.find(".ft-elision").is_some(), "the middle is elided");
    assert!(view.count("[role='treeitem']") < 20);
    // The walk's node is revealed too: step into the middle of the chain.
    state.select(None);
    state.set_cursor(Some(2_500));
    // The walk's node reaches the visible set through a settled signal: one more turn.
    tick().await;
    tick().await;
    let current = state.frame().with_untracked(|f| f.current).unwrap();
    let id = state.id_at(current).unwrap();
    assert!(
        view.find(&format!("[role='treeitem'][data-assoc-id='{}']", id.0))
            .is_some()
    );
    assert!(view.find("[data-current='true']").is_some());
}

#[wasm_bindgen_test]
async fn find_offers_matches_and_enter_selects_and_reveals() {
    let (view, state) = mount_tree(preset("classic-example"));
    tick().await;
    use wasm_bindgen::JsCast;
    let input: web_sys::HtmlInputElement = view
        .get("input[type='search'][aria-label='Find user or account']")
        .unchecked_into();
    // While the list is closed there is no list to control: no dangling aria-controls.
    assert_eq!(input.get_attribute("aria-controls"), None);
    input.set_value("user3");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    tick().await;
    let options = view.all("[role='option']");
    assert_eq!(options.len(), 1);
    let controls = input.get_attribute("aria-controls").expect("the open list");
    assert!(view.find(&format!("#{controls}[role='listbox']")).is_some());
    assert_eq!(
        options[0].text_content().as_deref(),
        Some("User3 in AccountC: position 4 of 6")
    );
    press(&input, "Enter");
    tick().await;
    assert_eq!(state.selected().get_untracked(), Some(AssocId(222)));
    assert!(
        view.find("[role='listbox']").is_none(),
        "closed after the pick"
    );
    assert_eq!(input.get_attribute("aria-controls"), None);
    assert_eq!(
        view.item_attr(222, "aria-selected").as_deref(),
        Some("true")
    );
}

/// The minimap is a fixed handful of elements whatever the size of the tree: its boxes are
/// paths (one box per shown card), never one element per association.
#[wasm_bindgen_test]
async fn the_minimap_draws_the_same_few_elements_for_35_and_10000_associations() {
    let minimap = |view: &ui::Mounted<_>| {
        let el = view.get("[data-minimap]");
        assert_eq!(el.get_attribute("role").as_deref(), Some("img"));
        assert_eq!(
            el.get_attribute("aria-label").as_deref(),
            Some("Tree overview")
        );
        let boxes: usize = view
            .all(".ft-minimap__box")
            .iter()
            .map(|p| {
                p.get_attribute("d")
                    .unwrap_or_default()
                    .matches('z')
                    .count()
            })
            .sum();
        (view.count("[data-minimap] *"), boxes)
    };
    let (small, _) = mount_tree(preset("test24-4"));
    tick().await;
    let (small_elements, small_boxes) = minimap(&small);
    assert_eq!(small_boxes, 35);
    drop(small);

    let scenario = fairshare::r#gen::scenario(10_000, 7);
    let user = scenario
        .tree
        .assocs()
        .iter()
        .rev()
        .find(|a| a.user.is_some())
        .map(|a| a.id)
        .unwrap();
    let (big, state) = mount_tree(scenario);
    tick().await;
    let (big_elements, big_boxes) = minimap(&big);
    let shown = big.count("[role='treeitem']") as usize;
    assert_eq!(big_boxes, shown, "one box per shown card");
    assert_eq!(big_elements, small_elements);
    assert!(big_elements <= 12, "{big_elements}");
    // The selected user gets a mark; still no element per association.
    assert!(big.find(".ft-minimap__mark--selected").is_none());
    state.select(Some(user));
    tick().await;
    assert!(big.find(".ft-minimap__mark--selected").is_some());
    assert!(big.count("[data-minimap] *") <= 12);
}

/// `me=` that names nothing, or a user in two accounts, is said in a status note (and one
/// exact name selects without a note).
#[wasm_bindgen_test]
async fn me_naming_nothing_or_several_is_said() {
    let history = window().history().unwrap();
    let before = window().location().href().unwrap();
    let set_query = |q: &str| {
        history
            .replace_state_with_url(&JsValue::NULL, "", Some(q))
            .unwrap()
    };
    let two_alices = || {
        fairshare::scenario::parse(
            r#"{"associations": [
              {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
              {"id": 2, "parent": 1, "account": "physics", "user": null, "shares": 1},
              {"id": 3, "parent": 2, "account": "physics", "user": "alice", "shares": 1},
              {"id": 4, "parent": 1, "account": "chem", "user": null, "shares": 1},
              {"id": 5, "parent": 4, "account": "chem", "user": "alice", "shares": 1}
            ]}"#,
        )
        .0
        .unwrap()
    };
    let note = |view: &ui::Mounted<_>| {
        view.find("[data-testid='me-note']").map(|n| {
            (
                n.get_attribute("role"),
                n.text_content().unwrap_or_default(),
            )
        })
    };

    set_query("?me=nobody");
    let (view, state) = mount_tree(two_alices());
    tick().await;
    let said = note(&view);
    assert_eq!(state.selected().get_untracked(), None);
    assert_eq!(
        said,
        Some((
            Some("status".to_string()),
            "The link's me=nobody names no user or account in this tree, so nothing is selected."
                .to_string()
        ))
    );
    drop(view);

    set_query("?me=alice");
    let (view, state) = mount_tree(two_alices());
    tick().await;
    let said = note(&view).map(|(_, text)| text).unwrap_or_default();
    assert_eq!(state.selected().get_untracked(), Some(AssocId(3)));
    assert!(
        said.contains("me=alice names 2 associations (physics/alice, chem/alice)"),
        "{said}"
    );
    drop(view);

    set_query("?me=chem/alice");
    let (view, state) = mount_tree(two_alices());
    tick().await;
    assert_eq!(state.selected().get_untracked(), Some(AssocId(5)));
    assert_eq!(note(&view), None);
    drop(view);
    set_query(&before);
}

/// An edit that moves the shown window (the selected user's account moves to the end of the
/// root's list) moves every shown entry after the window's old place: their cards, edges and
/// treeitems change place, not what they are. A moved entry's place (its card's box, its edge's
/// path, its treeitem's box) is a signal of its own (`TreeCtx::poses`), written into its three
/// elements by one writer each: it wakes no memo. Each moved entry woke about eleven (index,
/// class, box, edge path and style, group, toggle, name, …) to find them unchanged.
#[wasm_bindgen_test]
async fn an_edit_that_moves_the_window_wakes_no_memo_of_the_moved_entries() {
    let (view, state) = mount_tree(twenty_accounts());
    state.select(Some(AssocId(120)));
    tick().await;
    let styles = || {
        view.all("[role='treeitem']")
            .iter()
            .map(|e| {
                (
                    e.get_attribute("data-assoc-id").unwrap_or_default(),
                    (
                        e.get_attribute("style").unwrap_or_default(),
                        e.get_attribute("aria-label").unwrap_or_default(),
                    ),
                )
            })
            .collect::<std::collections::HashMap<_, _>>()
    };
    let before = styles();
    let runs = fairshare_explorer::tree::view::memo_runs();
    // a10 now uses the most: it moves to the root's list's end, and its window with it.
    state
        .set_usage(AssocId(120), LongDouble::from_u64(100_000))
        .unwrap();
    tick().await;
    let woke = fairshare_explorer::tree::view::memo_runs() - runs;
    let after = styles();
    let changed = |k: fn(&(String, String)) -> &String| {
        after
            .iter()
            .filter(|(id, new)| before.get(*id).is_some_and(|old| k(old) != k(new)))
            .count() as u64
    };
    let (moved, relabelled) = (changed(|v| &v.0), changed(|v| &v.1));
    let entered = after.keys().filter(|id| !before.contains_key(*id)).count() as u64;
    console_log!(
        "a reordering edit: {moved} entries moved, {relabelled} relabelled, {entered} entered, \
         {woke} memo runs"
    );
    assert!(moved >= 6, "the entries after the window move: {moved}");
    // What is left: what a changed node wakes (its card's view and what of it changed, as in
    // an edit in place) and the memos of the entries that entered (built).
    assert!(
        woke <= 10 * relabelled + 12 * entered + 12,
        "{woke} memo runs for {moved} moved, {relabelled} relabelled, {entered} entered entries"
    );
}

/// An account opened (as the walk's step into it opens it) builds its shown users' entries:
/// each a card, an edge and a treeitem. A card is drawn by one writer effect from its view
/// (`tree/view/card_draw.rs`), and a treeitem's toggle and group follow one memo of its place:
/// an entry built runs four of the tree view's memos (the treeitem's index, open state, toggle
/// and children), where a user's entry ran twelve (seven for its card's parts: view, root
/// border, rank line, tags, right edge, artefact, tag count).
#[wasm_bindgen_test]
async fn an_opened_account_builds_its_users_entries_with_few_memos() {
    let (view, state) = mount_tree(forty_users());
    tick().await;
    state.set_expanded(AssocId(2), false);
    tick().await;
    let (items, cards) = (
        view.count("[role='treeitem']"),
        view.count(".ft-tree__cards > svg"),
    );
    let runs = fairshare_explorer::tree::view::memo_runs();
    state.set_expanded(AssocId(2), true);
    tick().await;
    let woke = fairshare_explorer::tree::view::memo_runs() - runs;
    let entered = u64::from(view.count("[role='treeitem']") - items);
    let drawn = u64::from(view.count(".ft-tree__cards > svg") - cards);
    console_log!("an account opened: {entered} treeitems, {drawn} cards built, {woke} memo runs");
    assert!(
        entered >= 7 && drawn >= 7,
        "{entered} treeitems, {drawn} cards"
    );
    // Each card drawn as it was: its name and its rank line.
    let u0 = card_named(&view, "u0");
    assert_eq!(u0.query_selector_all("*").unwrap().length(), 16);
    assert!(
        u0.query_selector(".ft-node__rank .ft-node__fs")
            .unwrap()
            .is_some(),
        "{}",
        u0.outer_html()
    );
    assert!(
        woke <= 4 * entered + 12,
        "{woke} memo runs for {entered} entries built"
    );
}

/// The canvas (the drawing and the treeitems over it) is laid out from itself: its size is its
/// own style's (the drawing's times the scale), and with size and layout containment Chromium
/// lays out a change inside it (a step of the walk that builds, drops or moves entries) from the
/// canvas, not from the whole page, which it did for every such step: the viewport around the
/// canvas is a grid item, never a relayout boundary (docs/performance.md, session 21). Whether
/// Chromium takes it as a boundary is measured (`e2e/bench/player-frames.mjs --trace`:
/// whole-document layouts); what is checked here is what it needs: containment from the style
/// sheet, and a size of its own that the entries do not change.
#[wasm_bindgen_test]
async fn the_canvas_is_a_box_of_its_own_size_contained_for_layout() {
    let document = web_sys::window().unwrap().document().unwrap();
    let style = document.create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../../style/tree.css")));
    document.head().unwrap().append_child(&style).unwrap();
    let (view, state) = mount_tree(forty_users());
    tick().await;
    let canvas = view.get(".ft-tree__canvas");
    let contain = web_sys::window()
        .unwrap()
        .get_computed_style(&canvas)
        .unwrap()
        .unwrap()
        .get_property_value("contain")
        .unwrap();
    assert!(
        contain.contains("size") && contain.contains("layout") || contain == "strict",
        "contain: {contain:?}"
    );
    let own = canvas.get_attribute("style").unwrap_or_default();
    assert!(own.contains("width:") && own.contains("height:"), "{own}");
    // Its box is its style's, whatever it holds: an account closed and opened again builds and
    // drops entries inside it, and the box follows the drawing's size, not its content.
    let size = |el: &web_sys::Element| {
        let r = el.get_bounding_client_rect();
        (r.width().round(), r.height().round())
    };
    let before = size(&canvas);
    state.set_expanded(AssocId(2), false);
    tick().await;
    state.set_expanded(AssocId(2), true);
    tick().await;
    assert_eq!(size(&canvas), before);
    style.remove();
}

/// A reordering edit that changes the drawing's size (the accounts coming into the root's
/// window are not as wide as those leaving it) rewrites no card that did not move: a card's box
/// is sized in drawing units times the canvas's scale, not in percentages of the canvas, so only
/// the canvas's own style follows the drawing's size. (In percentages, every card's style
/// changed with the drawing's width, and each was restyled and laid out again in the edit's
/// frame: at the 1k anchor every reordering edit, about a third of workspace.mjs's edits.)
#[wasm_bindgen_test]
async fn a_reordering_edit_that_resizes_the_drawing_rewrites_no_card_that_did_not_move() {
    let (view, state) = mount_tree(twenty_accounts());
    state.select(Some(AssocId(120)));
    tick().await;
    // Each card's style and drawn width, by name.
    let cards = || {
        view.all(".ft-tree__cards > svg")
            .iter()
            .map(|c| {
                let name = c
                    .query_selector(".ft-node__name")
                    .ok()
                    .flatten()
                    .and_then(|n| n.text_content())
                    .unwrap_or_default();
                let style = c.get_attribute("style").unwrap_or_default();
                (name, (style, c.get_bounding_client_rect().width()))
            })
            .collect::<std::collections::HashMap<_, _>>()
    };
    let canvas = || view.get(".ft-tree__canvas").get_attribute("style");
    let (before, canvas_before) = (cards(), canvas());
    // a10 now uses the most: it moves to the root's list's end, and its window with it.
    state
        .set_usage(AssocId(120), LongDouble::from_u64(100_000))
        .unwrap();
    tick().await;
    let (after, canvas_after) = (cards(), canvas());
    let width = |style: &Option<String>| {
        style
            .as_deref()
            .and_then(|s| s.split(';').next().map(str::to_string))
    };
    assert_ne!(
        width(&canvas_before),
        width(&canvas_after),
        "the drawing's width changed"
    );
    let transform = |style: &str| style.split_once("transform: ").map(|t| t.1.to_string());
    // Cards kept from before to after, drawn at the same place (the same offset) and size.
    let unmoved: Vec<&String> = after
        .iter()
        .filter(|(name, (style, w))| {
            before.get(*name).is_some_and(|(old, old_w)| {
                transform(old) == transform(style) && (old_w - w).abs() < 0.01
            })
        })
        .map(|(name, _)| name)
        .collect();
    let rewritten: Vec<&&String> = unmoved
        .iter()
        .filter(|name| before[**name].0 != after[**name].0)
        .collect();
    console_log!(
        "a reordering edit resizing the drawing: {} cards kept, {} of them unmoved, rewritten: \
         {rewritten:?}",
        after.keys().filter(|n| before.contains_key(*n)).count(),
        unmoved.len()
    );
    assert!(unmoved.len() >= 2, "{unmoved:?}");
    assert!(
        rewritten.is_empty(),
        "rewritten though unmoved: {rewritten:?}"
    );
}
