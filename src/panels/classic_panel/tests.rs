//! Native tests of the classic panel's model: the formula lines carry the engine's numbers
//! (seed 002's worked example number by number, one damping vector, one DEPTH_OBLIVIOUS vector),
//! the whole-tree table, and the two orders.

use fairshare::classic::{ClassicRun, UsageRule};
use fairshare::{AssocId, Ranked, Scenario, TieRule};

use super::model::{self, Explain, OrderEntry, Side};
use crate::messages::Lang;
use crate::presets;

fn classic_example() -> Scenario {
    presets::by_id("classic-example").unwrap().scenario()
}

fn vector(text: &str) -> Scenario {
    fairshare::scenario::parse(text).0.unwrap()
}

fn run(s: &Scenario) -> (Ranked, ClassicRun) {
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    let c = ranked.classic(&s.params);
    (ranked, c)
}

/// Both orders in full, worded (the panel words only the part it shows).
struct Orders {
    classic: Vec<OrderEntry>,
    fair_tree: Vec<OrderEntry>,
}

impl Orders {
    fn n_differ(&self) -> usize {
        self.classic.iter().filter(|e| e.differs()).count()
    }
}

fn orders(r: &Ranked, c: &ClassicRun) -> Orders {
    let placed = fairshare::orders::classic_beside_fair_tree(r, c);
    let words = |side: Side| model::order_entries(r, c, side, side.list(&placed), Lang::En);
    let o = Orders {
        classic: words(Side::Classic),
        fair_tree: words(Side::FairTree),
    };
    assert_eq!(o.n_differ(), placed.n_differ());
    o
}

fn explain(s: &Scenario, id: u32) -> Explain {
    let (r, c) = run(s);
    model::explain(&r, &c, AssocId(id)).unwrap()
}

fn en(line: &model::Line) -> String {
    line.text(Lang::En)
}

fn chain(e: &Explain) -> Vec<String> {
    e.usage_chain
        .iter()
        .flat_map(|step| step.lines.iter().map(en))
        .collect()
}

#[test]
fn seed_002_users_show_the_page_factors() {
    let s = classic_example();
    let want = [
        (211, "0.408479"),
        (221, "0.022097"),
        (222, "0.125000"),
        (311, "0.500000"),
        (321, "0.749154"),
    ];
    for (id, f) in want {
        let e = explain(&s, id);
        assert_eq!(e.fairshare.as_deref(), Some(f), "id {id}");
        assert!(en(e.factor.as_ref().unwrap()).ends_with(&format!("= {f}")));
    }
}

#[test]
fn seed_002_user1_can_be_followed_number_by_number() {
    let e = explain(&classic_example(), 211);
    assert_eq!(en(&e.heading), "User1 (user in AccountB)");
    assert_eq!(
        en(&e.shares),
        "S(User1) = 1/1 (User1) × 30/40 (AccountB) × 40/100 (AccountA) = 0.300000"
    );
    assert_eq!(
        en(e.usage_norm.as_ref().unwrap()),
        "UA(User1) = RawUsage / root's RawUsage = 20 / 100 = 0.200000"
    );
    assert_eq!(
        chain(&e),
        [
            "UE(AccountA) = UA = 0.450000 (first tier: its fairshare parent is root)",
            "UE(AccountB) = UA + (UE(AccountA) − UA) · s/L = 0.200000 + (0.450000 − 0.200000) · \
             30/40 = 0.387500",
            "UE(User1) = UA + (UE(AccountB) − UA) · s/L = 0.200000 + (0.387500 − 0.200000) · \
             1/1 = 0.387500",
        ]
    );
    let selected: Vec<bool> = e.usage_chain.iter().map(|s| s.is_selected).collect();
    assert_eq!(selected, [false, false, true]);
    assert_eq!(
        en(e.factor.as_ref().unwrap()),
        "F(User1) = 2^(−UE/S/d) = 2^(−0.387500 / 0.300000 / 1) = 0.408479"
    );
    assert!(!e.uses_depth_oblivious);
}

#[test]
fn seed_002_user3_is_penalised_by_its_sibling() {
    let e = explain(&classic_example(), 222);
    assert_eq!(
        chain(&e).last().unwrap(),
        "UE(User3) = UA + (UE(AccountC) − UA) · s/L = 0.000000 + (0.300000 − 0.000000) · 1/2 \
         = 0.150000"
    );
    assert_eq!(
        en(e.factor.as_ref().unwrap()),
        "F(User3) = 2^(−UE/S/d) = 2^(−0.150000 / 0.050000 / 1) = 0.125000"
    );
}

#[test]
fn zero_shares_and_the_idle_machine() {
    let s = classic_example();
    let e = explain(&s, 41);
    assert_eq!(
        en(&e.shares),
        "S(User6) = 0/0 (User6) × 0/100 (AccountG) = 0.000000: a level sum L of 0 makes S 0"
    );
    assert_eq!(
        chain(&e).last().unwrap(),
        "UE(User6) = UE(AccountG) = 0.300000 (L = 0: no sibling has shares)"
    );
    assert_eq!(
        en(e.factor.as_ref().unwrap()),
        "F(User6) = 0.000000: S = 0, so F = 0 whatever the usage"
    );
    let (r, c) = run(&s);
    assert_eq!(
        model::idle_holder(&r, &c),
        Some(("AccountG".to_string(), "0.300000".to_string()))
    );
}

#[test]
fn root_and_accounts() {
    let s = classic_example();
    let root = explain(&s, 1);
    assert_eq!(en(&root.shares), "S(root) = 1");
    assert!(root.usage_norm.is_none() && root.factor.is_none() && root.fairshare.is_none());
    assert_eq!(chain(&root), ["UE(root) = 1"]);
    let a = explain(&s, 2);
    assert_eq!(en(&a.heading), "AccountA (account)");
    assert_eq!(chain(&a).len(), 1);
    // Accounts have a factor in Slurm too (sshare hides it): 2^(−0.45/0.4).
    assert_eq!(a.fairshare.as_deref(), Some("0.458502"));
}

#[test]
fn unknown_id_gives_nothing() {
    let s = classic_example();
    let (r, c) = run(&s);
    assert!(model::explain(&r, &c, AssocId(999)).is_none());
}

/// A damping vector (d = 10): the formula shows d and the vector's factors.
#[test]
fn damping_vector_classic_rand_0024() {
    let s = vector(include_str!(
        "../../../crates/fairshare/tests/data/classic/classic_rand_0024.json"
    ));
    assert_eq!(s.params.damping_factor, 10);
    let e = explain(&s, 4);
    assert_eq!(
        en(e.factor.as_ref().unwrap()),
        "F(uka4) = 2^(−UE/S/d) = 2^(−0.991085 / 0.909091 / 10) = 0.927218"
    );
    // Slurm's own printed value (the vector's sshare line).
    assert_eq!(e.fairshare.as_deref(), Some("0.927218"));
    let e = explain(&s, 2);
    assert_eq!(e.fairshare.as_deref(), Some("0.993226"));
    assert!(en(e.factor.as_ref().unwrap()).contains("/ 10) = 0.993226"));
}

/// A DEPTH_OBLIVIOUS vector: user uf736's UE comes from ratio_p, ratio_s, ratio_l and k.
#[test]
fn depth_oblivious_vector_classic_rand_0104() {
    let s = vector(include_str!(
        "../../../crates/fairshare/tests/data/classic/classic_rand_0104.json"
    ));
    assert!(s.params.depth_oblivious);
    let (r, c) = run(&s);
    let ix = s.tree.position(AssocId(4)).unwrap();
    let UsageRule::DepthOblivious(d) = &c.assocs()[ix].usage_rule else {
        panic!("uf736 should use the DEPTH_OBLIVIOUS formula");
    };
    let e = model::explain(&r, &c, AssocId(4)).unwrap();
    assert!(e.uses_depth_oblivious);
    let lines = chain(&e);
    assert_eq!(
        lines[0],
        "UE(agh47.n) = UA = 1.359e-06 (first tier: its fairshare parent is root)"
    );
    let own = &lines[1..];
    assert_eq!(own.len(), 5);
    assert_eq!(
        own[0],
        format!(
            "ratio_p = UE(agh47.n) / S(agh47.n) = 1.359e-06 / 0.019608 = {}",
            fairshare::format::formula_value_ld(d.ratio_p)
        )
    );
    assert!(own[1].starts_with("ratio_s = Σ UA of agh47.n's children / S(agh47.n) = 1.359e-06"));
    assert!(own[2].starts_with("ratio_l = (UA / S) / ratio_s = (6.795e-07 / 0.001783)"));
    assert!(own[3].starts_with("k = "));
    // The vector's EffectvUsage 1.23634622670674255404e-07 and FairShare 0.999952 (Slurm's).
    assert!(own[4].ends_with("= 1.236e-07"), "{}", own[4]);
    assert_eq!(e.fairshare.as_deref(), Some("0.999952"));
    assert!(en(e.factor.as_ref().unwrap()).starts_with("F(uf736) = 2^(−UE/S/d) = 2^(−1.236e-07"));
}

#[test]
fn fairshare_parent_copies_its_parents_factor() {
    let s = vector(include_str!(
        "../../../crates/fairshare/tests/data/classic/classic_rand_0016.json"
    ));
    // uy9hu.n is FairShare=parent directly under root: UE = its own UA (first tier), S and F
    // from root (2^(−1/5) with d = 5).
    let e = explain(&s, 5);
    assert_eq!(
        en(&e.shares),
        "S(uy9hu.n) = S(root) = 1.000000 (FairShare=parent copies its fairshare parent's S)"
    );
    assert_eq!(
        en(e.factor.as_ref().unwrap()),
        "F(uy9hu.n) = 2^(−UE/S/d) with root's UE and S = 2^(−1.000000 / 1.000000 / 5) = 0.870551"
    );
}

#[test]
fn table_rows_are_sshare_cells() {
    let s = classic_example();
    let (r, c) = run(&s);
    let rows = model::table(&r, &c);
    assert_eq!(rows.len(), s.tree.len());
    assert_eq!(rows[0].name, "root");
    assert_eq!(rows[0].usage_norm, "");
    assert_eq!(rows[0].fairshare, "");
    let user1 = rows.iter().find(|r| r.name == "User1").unwrap();
    assert_eq!(
        (
            user1.depth,
            user1.shares_norm.as_str(),
            user1.usage_norm.as_str(),
            user1.usage_effective.as_str(),
            user1.fairshare.as_str()
        ),
        (3, "0.300000", "0.200000", "0.387500", "0.408479")
    );
    let account_b = rows.iter().find(|r| r.name == "AccountB").unwrap();
    assert_eq!(account_b.fairshare, "", "sshare hides account factors");
}

/// The table's order, built from the tree alone (and one formatted column when sorted by
/// numbers), is the order of the whole table's cells sorted and filtered as the table widget
/// sorts any table (`table_order::order`), for every column, both directions and a filter.
#[test]
fn the_table_order_is_the_whole_tables_order() {
    use crate::widgets::table_order::{self, SortBy, SortDir};

    let s = fairshare::r#gen::scenario(400, 7);
    let (r, c) = run(&s);
    let whole = model::table(&r, &c);
    assert_eq!(whole.len(), s.tree.len());
    let cells: Vec<Vec<String>> = whole
        .iter()
        .map(|row| {
            vec![
                row.name.clone(),
                row.shares_norm.clone(),
                row.usage_norm.clone(),
                row.usage_effective.clone(),
                row.fairshare.clone(),
            ]
        })
        .collect();
    let mut sorts = vec![None];
    for column in 0..5 {
        for dir in [SortDir::Ascending, SortDir::Descending] {
            sorts.push(Some(SortBy { column, dir }));
        }
    }
    let some_name = whole[whole.len() / 2].name.to_uppercase();
    for query in ["", " \t ", "1", some_name.as_str(), "no such name"] {
        for &sort in &sorts {
            let want: Vec<AssocId> = table_order::order(&cells, &[0], query, sort)
                .into_iter()
                .map(|i| whole[i].id)
                .collect();
            let got: Vec<AssocId> = model::table_order(&r, &c, query, sort)
                .into_iter()
                .map(|ix| s.tree.assocs()[ix].id)
                .collect();
            assert_eq!(got, want, "{query:?} {sort:?}");
        }
    }
    // Each row is built alone as the whole table has it.
    for (ix, a) in s.tree.assocs().iter().enumerate() {
        let row = model::row(&r, &c, ix).unwrap();
        assert_eq!(&row, whole.iter().find(|w| w.id == a.id).unwrap());
    }
    assert_eq!(model::row(&r, &c, s.tree.len()), None);
    // Another tree's run: no rows, no panic.
    let other = Ranked::new(&classic_example().tree, TieRule::Slurm);
    assert!(model::table_order(&other, &c, "", None).is_empty());
    assert_eq!(model::row(&other, &c, 0), None);
}

/// With no filter word the table's rows are the order copied whole: no name is read (an edit
/// of 10^5 associations does not lowercase or compare any). With words, every name is read once
/// and the matches keep the order.
#[test]
fn no_filter_reads_no_name() {
    use std::cell::Cell;
    let names = ["alpha", "Beta", "gamma", "alphabet"];
    let order = [3, 1, 0, 2];
    let reads = Cell::new(0);
    let name = |ix: usize| {
        reads.set(reads.get() + 1);
        names[ix]
    };
    for query in ["", "   ", " \t\n"] {
        assert_eq!(model::filtered(&order, query, name), order, "{query:?}");
    }
    assert_eq!(reads.get(), 0);
    assert_eq!(model::filtered(&order, "ALPHA", name), [3, 0]);
    assert_eq!(reads.get(), order.len());
    assert_eq!(model::filtered(&order, "a b", name), [3, 1]);
}

/// A long list shows the window around the selected user, worded as the whole list is.
#[test]
fn a_long_order_shows_the_part_around_the_selection() {
    use super::orders::{ORDER_LIMIT, shown_part};

    let s = fairshare::r#gen::scenario(400, 7);
    let (r, c) = run(&s);
    let placed = fairshare::orders::classic_beside_fair_tree(&r, &c);
    let whole = orders(&r, &c);
    assert!(placed.classic.len() > 2 * ORDER_LIMIT);
    for side in [Side::Classic, Side::FairTree] {
        let list = side.list(&placed);
        let words = match side {
            Side::Classic => &whole.classic,
            Side::FairTree => &whole.fair_tree,
        };
        // Nothing selected: the first ones.
        assert_eq!(shown_part(list, None), &list[..ORDER_LIMIT]);
        // The selected user in the middle of its window, worded as in the whole list.
        let k = list.len() / 2;
        let part = shown_part(list, Some(list[k].ix));
        assert_eq!(part.len(), ORDER_LIMIT);
        assert_eq!(part[ORDER_LIMIT / 2], list[k]);
        let start = k - ORDER_LIMIT / 2;
        assert_eq!(
            model::order_entries(&r, &c, side, part, Lang::En),
            words[start..start + ORDER_LIMIT]
        );
        // An account (in no list) selected: the first ones.
        assert_eq!(shown_part(list, Some(0)), &list[..ORDER_LIMIT]);
    }
}

#[test]
fn orders_mark_users_placed_differently() {
    let s = classic_example();
    let (r, c) = run(&s);
    let o = orders(&r, &c);
    let names: Vec<&str> = o.classic.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(
        names,
        [
            "User5 (AccountF)",
            "User4 (AccountE)",
            "User1 (AccountB)",
            "User3 (AccountC)",
            "User2 (AccountC)",
            "User6 (AccountG)",
        ]
    );
    assert_eq!(o.classic[0].value, "0.749154");
    assert_eq!(o.fair_tree.len(), 6);
    // Every user appears once in each list, with its place in the other list.
    for e in &o.classic {
        let other = o.fair_tree.iter().find(|f| f.id == e.id).unwrap();
        assert_eq!(e.other_place, other.place);
        assert_eq!(other.other_place, e.place);
        assert_eq!(e.differs(), other.differs());
    }
    // Fair Tree places by rank: FairShare falls down the list.
    let fs: Vec<f64> = o
        .fair_tree
        .iter()
        .map(|e| e.value.parse().unwrap())
        .collect();
    assert!(fs.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(
        o.n_differ(),
        o.classic
            .iter()
            .filter(|e| e.place != e.other_place)
            .count()
    );
}

#[test]
fn ties_share_a_place() {
    let text = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": 0},
      {"id": 4, "parent": 2, "account": "a", "user": "u2", "shares": 1, "usage_raw": 0},
      {"id": 5, "parent": 2, "account": "a", "user": "u3", "shares": 1, "usage_raw": 5}
    ]}"#;
    let s = vector(text);
    let (r, c) = run(&s);
    let o = orders(&r, &c);
    let places: Vec<usize> = o.classic.iter().map(|e| e.place).collect();
    assert_eq!(places, [1, 1, 3]);
    let places: Vec<usize> = o.fair_tree.iter().map(|e| e.place).collect();
    assert_eq!(places, [1, 1, 3]);
    assert_eq!(o.n_differ(), 0);
}

#[test]
fn lines_translate_without_losing_numbers() {
    let e = explain(&classic_example(), 211);
    let ja = e.factor.as_ref().unwrap().text(Lang::Ja);
    assert!(ja.contains("0.408479"));
}

#[test]
fn a_hidden_classic_panel_computes_nothing_on_edits() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use fairshare::LongDouble;
    use leptos::prelude::*;

    use crate::chrome::PanelTab;
    use crate::state::AppState;
    use crate::widgets::panel_open::while_shown;

    Owner::new().with(|| {
        let state = AppState::new(classic_example());
        state.open_panel(PanelTab::Classic);
        let runs = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&runs);
        // What the tab panel gives the Classic panel: open while its tab is selected.
        let open = Signal::derive(move || state.panel().get() == PanelTab::Classic);
        let rows = while_shown(open, move || {
            counted.fetch_add(1, Ordering::Relaxed);
            state
                .ranked()
                .with(|r| state.classic().with(|c| super::model::table(r, c)))
        });
        let before = rows.get();
        assert_eq!(runs.load(Ordering::Relaxed), 1);
        let user = state
            .scenario()
            .with_untracked(|s| s.tree.assocs().iter().find(|a| a.is_user()).map(|a| a.id));
        let edit = |v: u64| {
            state
                .set_usage(user.unwrap_or(AssocId(0)), LongDouble::from_u64(v))
                .unwrap()
        };
        // Hidden: an edit leaves the table as it was, and nothing is computed.
        state.open_panel(PanelTab::Inspector);
        edit(12_345);
        assert!(rows.get() == before);
        assert_eq!(runs.load(Ordering::Relaxed), 1);
        // Open again: brought up to date.
        state.open_panel(PanelTab::Classic);
        assert!(rows.get() != before);
        assert_eq!(runs.load(Ordering::Relaxed), 2);
        // Open: every edit shows.
        edit(54_321);
        let after = rows.get();
        assert_eq!(runs.load(Ordering::Relaxed), 3);
        assert!(after != before);
    });
}

/// The table's order is computed again for a value edit only while the table is sorted by a
/// value column: a usage or shares edit keeps the tree's layout (names, parents), so unsorted,
/// filtered or sorted by name the order stays as it was, neither copied nor compared; a sort by
/// a value, a new filter or a rename computes it again. It is always the order of the runs.
#[test]
fn a_value_edit_leaves_the_table_order_alone_unless_sorted_by_a_value() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use fairshare::{LongDouble, Shares};
    use leptos::prelude::*;

    use super::Runs;
    use super::table::order_memo;
    use crate::state::AppState;
    use crate::widgets::table_order::{SortBy, SortDir};

    Owner::new().with(|| {
        let state = AppState::new(classic_example());
        let runs = Memo::new(move |_| Runs {
            ranked: state.ranked().get(),
            classic: state.classic().get(),
        });
        let query = RwSignal::new(String::new());
        let sort = RwSignal::new(None::<SortBy>);
        let computed = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&computed);
        let order = order_memo(runs, query, sort, move |r, c, q, s| {
            counted.fetch_add(1, Ordering::Relaxed);
            model::table_order(r, c, q, s)
        });
        let check = |times: usize, what: &str| {
            let want = Runs::read(runs, |r, c| {
                model::table_order(r, c, &query.get_untracked(), sort.get_untracked())
            });
            assert_eq!(order.get(), want, "{what}");
            assert_eq!(computed.load(Ordering::Relaxed), times, "{what}");
        };
        let user = |name: &str| {
            state.scenario().with_untracked(|s| {
                let a = s.tree.assocs().iter().find(|a| a.name() == name);
                a.map_or(AssocId(0), |a| a.id)
            })
        };
        let usage = |name: &str, v: u64| {
            state
                .set_usage(user(name), LongDouble::from_u64(v))
                .unwrap()
        };
        check(1, "first");
        usage("User1", 1);
        check(1, "usage edit, unsorted");
        state.set_shares(user("User2"), Shares::Value(7)).unwrap();
        check(1, "shares edit, unsorted");
        sort.set(Some(SortBy {
            column: 0,
            dir: SortDir::Descending,
        }));
        check(2, "sorted by name");
        usage("User1", 500_000);
        check(2, "usage edit, sorted by name");
        query.set("user".to_string());
        check(3, "filtered");
        usage("User1", 7);
        check(3, "usage edit, filtered");
        sort.set(Some(SortBy {
            column: 4,
            dir: SortDir::Ascending,
        }));
        check(4, "sorted by factor");
        let before = order.get_untracked();
        usage("User1", 9_000_000);
        check(5, "usage edit, sorted by factor");
        assert_ne!(order.get_untracked(), before, "User1's factor moved it");
        sort.set(None);
        check(6, "unsorted again");
        state.rename(user("User1"), "Zed").unwrap();
        check(7, "renamed");
    });
}
