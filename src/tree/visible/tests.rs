use super::*;
use fairshare::{AssocTree, Ranked, Scenario};

struct Fixture {
    tree: AssocTree,
    outline: Outline,
}

impl Fixture {
    fn new(scenario: Scenario) -> Self {
        let ranked = Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
        Fixture {
            outline: Outline::new(ranked.hierarchy(), ranked.run()),
            tree: scenario.tree,
        }
    }

    fn ix(&self, id: u32) -> usize {
        self.tree.position(fairshare::AssocId(id)).unwrap()
    }

    /// The items as short texts: `id`, `id+` (open), `…a-b` (gap), `⋮k` (elision).
    fn show(&self, v: &Visible) -> Vec<String> {
        v.items
            .iter()
            .map(|it| match *it {
                Item::Node { ix, open } => {
                    format!(
                        "{}{}",
                        self.tree.assocs()[ix].id.0,
                        if open { "+" } else { "" }
                    )
                }
                Item::Gap { from, to, .. } => format!("…{from}-{to}"),
                Item::Elision { levels, .. } => format!("⋮{levels}"),
            })
            .collect()
    }
}

/// A root with `accounts` accounts of `users` users each (ids: account a = 100 + a,
/// user u of account a = 1000 · (a + 1) + u); usage makes the visiting order the id order.
fn wide(accounts: u32, users: u32) -> Scenario {
    let mut assocs = vec![
        r#"{"id": 1, "parent": null, "account": "root", "user": null, "shares": 1}"#.to_string(),
    ];
    for a in 0..accounts {
        assocs.push(format!(
            r#"{{"id": {}, "parent": 1, "account": "a{a}", "user": null, "shares": 1}}"#,
            100 + a
        ));
        for u in 0..users {
            assocs.push(format!(
                r#"{{"id": {}, "parent": {}, "account": "a{a}", "user": "u{a}_{u}", "shares": 1, "usage_raw": {}}}"#,
                1000 * (a + 1) + u,
                100 + a,
                1 + u + 1000 * a
            ));
        }
    }
    let text = format!(r#"{{"associations": [{}]}}"#, assocs.join(","));
    fairshare::scenario::parse(&text).0.unwrap()
}

/// A Shares or Raw usage edit keeps the tree's structure, so the outline it makes shares
/// the last one's hierarchy parts; each makes a new `Hierarchy`, and an outline keyed on
/// that was made afresh on every edit (O(N) in nine allocations at 100k). An edit that
/// moves no entry of any sibling list (the run shares the walk) keeps the outline itself,
/// unchanged, so nothing that reads it wakes; another structure makes it afresh.
#[test]
fn a_value_edit_follows_the_outline_it_replaces() {
    use fairshare::{AssocId, LongDouble, TieRule};
    let first = Ranked::new(&wide(3, 4).tree, TieRule::Slurm);
    let mut from = MadeFrom::default();
    let (before, changed) = Outline::follow(None, &mut from, &first);
    assert!(changed);
    // The first account's first user becomes the heaviest: its account is visited last.
    let user = AssocId(1000);
    let moved = first
        .with_usage(user, LongDouble::from_u64(1 << 40))
        .unwrap();
    let (after, changed) = Outline::follow(Some(before.clone()), &mut from, &moved);
    assert!(changed);
    assert_eq!(after, Outline::new(moved.hierarchy(), moved.run()));
    assert_ne!(after.kids(after.root), before.kids(before.root));
    assert!(
        Arc::ptr_eq(&after.kids_at, &before.kids_at) && Arc::ptr_eq(&after.depth, &before.depth),
        "the same structure: its parts are shared, not made again"
    );
    // The same usage again: the run walks as the last one did.
    let same = moved
        .with_usage(user, LongDouble::from_u64(1 << 40))
        .unwrap();
    assert!(Arc::ptr_eq(
        &same.run().shared_steps(),
        &moved.run().shared_steps()
    ));
    let (kept, changed) = Outline::follow(Some(after.clone()), &mut from, &same);
    assert!(!changed, "an edit that moves no one keeps the outline");
    assert_eq!(kept, Outline::new(same.hierarchy(), same.run()));
    // Another structure (a rename): made afresh.
    let renamed = same.tree().with_name(user, "renamed").unwrap();
    let renamed = Ranked::new(&renamed, TieRule::Slurm);
    let (fresh, _) = Outline::follow(Some(kept.clone()), &mut from, &renamed);
    assert_eq!(fresh, Outline::new(renamed.hierarchy(), renamed.run()));
    assert!(!Arc::ptr_eq(&fresh.kids_at, &kept.kids_at));
}

/// A walk shown a moment ago (a timeline's scrubber moved back and forth: each snapshot its
/// own tree and run, kept alive by the timeline) takes back the outline made when it was
/// shown, equal to one made afresh, and wakes its readers as a new outline would.
#[test]
fn a_walk_shown_again_takes_back_its_outline() {
    use fairshare::TieRule;
    let days = [
        Ranked::new(&wide(3, 4).tree, TieRule::Slurm),
        Ranked::new(&wide(4, 3).tree, TieRule::Slurm),
    ];
    let mut from = MadeFrom::default();
    let (first, _) = Outline::follow(None, &mut from, &days[0]);
    let (other, changed) = Outline::follow(Some(first.clone()), &mut from, &days[1]);
    assert!(changed);
    assert_eq!(from.hits(), 0);
    let (again, changed) = Outline::follow(Some(other.clone()), &mut from, &days[0]);
    assert!(changed, "another outline than the one it replaces");
    assert_eq!(from.hits(), 1, "taken back, not made");
    assert!(
        Arc::ptr_eq(&again.kids_flat, &first.kids_flat)
            && Arc::ptr_eq(&again.kids_at, &first.kids_at),
        "the outline made when the walk was first shown"
    );
    assert_eq!(again, Outline::new(days[0].hierarchy(), days[0].run()));
    let (back, _) = Outline::follow(Some(again), &mut from, &days[1]);
    assert!(Arc::ptr_eq(&back.pos, &other.pos));
    assert_eq!(back, Outline::new(days[1].hierarchy(), days[1].run()));
    assert_eq!(from.hits(), 2);
}

#[test]
fn small_trees_open_fully_expanded() {
    let f = Fixture::new(crate::presets::by_id("classic-example").unwrap().scenario());
    let v = visible(&f.outline, &Request::default(), None);
    assert_eq!(v.node_count(), f.tree.len());
    assert_eq!(
        f.show(&v),
        [
            "1+", "3+", "32+", "321", "31+", "311", "2+", "21+", "211", "22+", "222", "221", "4+",
            "41"
        ]
    );
    // Collapsing on purpose hides the subtree; selecting below it does not undo that.
    let ix2 = f.ix(2);
    let req = Request {
        collapsed: [ix2].into(),
        focus: vec![f.ix(211)],
        ..Request::default()
    };
    let v = visible(&f.outline, &req, None);
    assert!(v.items.contains(&Item::Node {
        ix: ix2,
        open: false
    }));
    assert!(v.find(f.ix(211)).is_none());
    // The walk's node is shown even there.
    let v = visible(&f.outline, &req, Some(f.ix(211)));
    assert!(v.find(f.ix(211)).is_some());
}

#[test]
fn big_trees_open_collapsed_with_windowed_sibling_groups() {
    // 30 accounts of 10 users: 331 associations.
    let f = Fixture::new(wide(30, 10));
    let v = visible(&f.outline, &Request::default(), None);
    let shown = f.show(&v);
    // The root's 30 children are windowed; accounts are collapsed (30 > FEW).
    assert_eq!(shown[0], "1+");
    assert_eq!(&shown[1..6], ["100", "101", "102", "103", "104"]);
    assert_eq!(shown[6], "…5-28");
    assert_eq!(&shown[7..], ["128", "129"]);
    assert_eq!(v.dom_parent(6), Some(0));

    // Selecting a user deep in the hidden part reveals it with its neighbours.
    let target = f.ix(17_004);
    let req = Request {
        focus: vec![target],
        ..Request::default()
    };
    let v = visible(&f.outline, &req, None);
    assert_eq!(
        f.show(&v),
        [
            "1+", "100", "101", "102", "103", "104", "…5-14", "114", "115", "116+", "17000",
            "17001", "17002", "17003", "17004", "17005", "17006", "17007", "17008", "17009", "117",
            "118", "…19-28", "128", "129"
        ]
    );
    // Paging in the first gap shows 20 more of it (and it is gone: 9 hidden ones < PAGE).
    let req = Request {
        pages: [(f.ix(1), vec![(5, 5 + PAGE)])].into(),
        ..req
    };
    let v = visible(&f.outline, &req, None);
    assert!(!f.show(&v).iter().any(|s| s == "…5-14"));
    assert!(f.show(&v).iter().any(|s| s == "…25-28"));
}

#[test]
fn a_deep_chain_opens_collapsed_and_elides_a_deep_focus_path() {
    let f = Fixture::new(fairshare::r#gen::chain(10_000));
    let v = visible(&f.outline, &Request::default(), None);
    // Root, the first level (the root has one child), the second collapsed.
    assert_eq!(f.show(&v), ["1+", "2+", "3"]);

    let deep = f.ix(10_002);
    let v = visible(
        &f.outline,
        &Request {
            focus: vec![deep],
            ..Request::default()
        },
        None,
    );
    let shown = f.show(&v);
    // ELIDE_FROM levels shown, then the elision, then KEEP_BOTTOM ancestors and the user.
    assert_eq!(
        shown,
        [
            "1+", "2+", "3+", "4+", "5+", "6+", "7+", "⋮9991", "9999+", "10000+", "10001+", "10002"
        ]
    );
    // The node after the elision nests in the node above the elision.
    let after = v.find(f.ix(9999)).unwrap();
    assert_eq!(v.dom_parent(after), v.find(f.ix(7)));
    assert_eq!(f.outline.depth[f.ix(9999)], 9998);
}

#[test]
fn another_run_of_the_same_hierarchy_reorders_only_the_children() {
    let scenario = crate::presets::by_id("fair-tree-example")
        .unwrap()
        .scenario();
    let ranked = Ranked::new(&scenario.tree, fairshare::TieRule::Slurm);
    let first = Outline::new(ranked.hierarchy(), ranked.run());
    // Edits of every user's usage (the hierarchy is kept), some of which reorder the root's
    // accounts.
    let mut reordered = 0;
    for user in scenario.tree.assocs().iter().filter(|a| a.user.is_some()) {
        let edited = ranked
            .with_usage(user.id, fairshare::LongDouble::from_f64(1e12))
            .unwrap();
        let fresh = Outline::new(edited.hierarchy(), edited.run());
        let reused = Outline::with_run(&first, edited.hierarchy(), edited.run());
        assert_eq!(reused, fresh);
        assert!(Arc::ptr_eq(&reused.depth, &first.depth));
        assert!(Arc::ptr_eq(&reused.below, &first.below));
        reordered += usize::from(reused.kids(reused.root) != first.kids(first.root));
    }
    assert!(reordered > 0, "some edit reorders the root's children");
    // Out of range: no children, no panic.
    assert!(first.kids(first.len()).is_empty());
}

#[test]
fn an_elided_chain_ends_at_the_focus_not_below_it() {
    let f = Fixture::new(fairshare::r#gen::chain(1_000));
    let req = Request {
        expanded: (0..f.outline.len()).collect(),
        ..Request::default()
    };
    let middle = f.ix(502);
    let v = visible(&f.outline, &req, Some(middle));
    let shown = f.show(&v);
    assert!(v.find(middle).is_some(), "{shown:?}");
    assert_eq!(
        shown.iter().filter(|s| s.starts_with('⋮')).count(),
        2,
        "{shown:?}"
    );
    assert!(v.items.len() < 30, "{shown:?}");
}

#[test]
fn expanding_everything_stays_within_the_budget() {
    let f = Fixture::new(wide(300, 20));
    let req = Request {
        expanded: (0..f.outline.len()).collect(),
        ..Request::default()
    };
    let v = visible(&f.outline, &req, None);
    assert!(
        v.node_count() <= MAX_VISIBLE + WINDOW_ALL,
        "{}",
        v.node_count()
    );
    // Expanding every account of a long chain: the chain is elided, the nesting bounded.
    let f = Fixture::new(fairshare::r#gen::chain(5_000));
    let req = Request {
        expanded: (0..f.outline.len()).collect(),
        ..Request::default()
    };
    let v = visible(&f.outline, &req, None);
    assert!(v.items.len() < 20, "{:?}", f.show(&v));
    assert!(matches!(v.items[7], Item::Elision { .. }));
}

#[test]
fn the_outline_counts_users_and_keeps_the_visiting_order() {
    let f = Fixture::new(crate::presets::by_id("classic-example").unwrap().scenario());
    let o = &f.outline;
    assert_eq!(o.users[o.root], 6);
    assert_eq!(o.users[f.ix(2)], 3);
    assert_eq!(o.below[f.ix(2)], 5);
    let kids: Vec<u32> = o
        .kids(o.root)
        .iter()
        .map(|&c| f.tree.assocs()[c as usize].id.0)
        .collect();
    assert_eq!(kids, [3, 2, 4]);
    assert_eq!(o.pos[f.ix(4)], 2);
}

#[test]
fn ten_thousand_deep_and_a_hundred_thousand_wide_show_a_bounded_set() {
    // How long it takes: `cargo bench -p fairshare-explorer --bench app -- visible_set`.
    for s in [
        fairshare::r#gen::chain(10_000),
        fairshare::r#gen::scenario(100_000, 5),
    ] {
        let f = Fixture::new(s);
        let last = f.outline.len() - 1;
        let v = visible(
            &f.outline,
            &Request {
                focus: vec![last],
                ..Request::default()
            },
            None,
        );
        assert!(v.find(last).is_some());
        assert!(v.items.len() < 200);
    }
}

/// The walk through a windowed group moves the window by blocks: a window sliding by one
/// sibling a step moved every card of the group at each step (the tidy layout centres the
/// group under its parent), the dearest steps of the walk at 10k. The walk's child is always
/// shown with a neighbour on each side.
#[test]
fn the_walk_through_a_windowed_group_moves_the_window_by_blocks() {
    // 40 accounts of 5 users (241 associations): the root's 40 children are windowed.
    let f = Fixture::new(wide(40, 5));
    let mut moves = 0;
    let mut last: Option<Vec<u32>> = None;
    for a in 0..40u32 {
        let v = visible(&f.outline, &Request::default(), Some(f.ix(100 + a)));
        // The root's children shown (account ids), the walk's among them.
        let accounts: Vec<u32> = v
            .items
            .iter()
            .filter_map(|it| match *it {
                Item::Node { ix, .. } => Some(f.tree.assocs()[ix].id.0),
                _ => None,
            })
            .filter(|id| (100..140).contains(id))
            .collect();
        let at = accounts.iter().position(|&id| id == 100 + a);
        let at = at.unwrap_or_else(|| panic!("a{a} is not shown: {accounts:?}"));
        // Its neighbours are shown beside it.
        if a > 0 {
            assert_eq!(accounts[at - 1], 99 + a, "{accounts:?}");
        }
        if a < 39 {
            assert_eq!(accounts[at + 1], 101 + a, "{accounts:?}");
        }
        if last.as_ref().is_some_and(|l| *l != accounts) {
            moves += 1;
        }
        last = Some(accounts);
    }
    // 40 positions in blocks of 5: the window moves at most at the 7 block edges, not at
    // each of the 39 steps (a window sliding by one: 37 moves).
    assert!(moves <= 7, "the window moved {moves} times");
}
