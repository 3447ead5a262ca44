use super::*;
use crate::presets;
use fairshare::{Scenario, TieRule};
use std::collections::BTreeSet;

mod big;

fn preset(id: &str) -> Scenario {
    presets::by_id(id).expect("preset exists").scenario()
}

#[test]
fn levels_are_as_tall_as_their_tallest_card() {
    // Root and accounts (86) above users (116); a level of both is a user level.
    let tops = level_tops(
        [
            (0, ACCOUNT_H),
            (1, ACCOUNT_H),
            (2, USER_H),
            (2, ACCOUNT_H),
            (1, USER_H),
        ]
        .into_iter(),
    );
    let account = ACCOUNT_H + LEVEL_GAP;
    let user = USER_H + LEVEL_GAP;
    assert_eq!(
        tops,
        vec![
            0.0,
            account,
            account + user,
            account + 2.0 * user - LEVEL_GAP
        ]
    );
    assert_eq!(level_tops(std::iter::empty()), vec![0.0]);
}

struct Fixture {
    scenario: Scenario,
    ranked: Ranked,
    h: Arc<Hierarchy>,
    run: Arc<FairTreeRun>,
}

impl Fixture {
    fn new(scenario: Scenario) -> Fixture {
        let ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
        let (h, run) = (ranked.shared_hierarchy(), ranked.shared_run());
        Fixture {
            scenario,
            ranked,
            h,
            run,
        }
    }

    fn model(&self, collapsed: &BTreeSet<AssocId>) -> TreeModel {
        let outline = Outline::new(&self.h, &self.run);
        let visible = shown(&self.scenario.tree, &outline, collapsed);
        build(&ModelInput {
            ranked: &self.ranked,
            slurm_run: None,
            what_if: None,
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: Lang::En,
        })
    }

    /// The model with association `focus` revealed (a big tree opens collapsed), with the run
    /// as its own what-if baseline or with none, and what is shown.
    fn focused(&self, focus: usize, what_if: bool) -> (TreeModel, Visible) {
        let outline = Outline::new(&self.h, &self.run);
        let request = crate::tree::visible::Request {
            focus: vec![focus],
            ..Default::default()
        };
        let visible = crate::tree::visible::visible(&outline, &request, None);
        let model = build(&ModelInput {
            ranked: &self.ranked,
            slurm_run: None,
            what_if: what_if.then_some(WhatIf {
                base: &self.ranked,
                cur: &self.ranked,
                before: None,
            }),
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: Lang::En,
        });
        (model, visible)
    }
}

/// The visible set with `collapsed` accounts collapsed on purpose.
fn shown(tree: &AssocTree, outline: &Outline, collapsed: &BTreeSet<AssocId>) -> Visible {
    let request = crate::tree::visible::Request {
        collapsed: collapsed
            .iter()
            .filter_map(|&id| tree.position(id))
            .collect(),
        ..Default::default()
    };
    crate::tree::visible::visible(outline, &request, None)
}

fn ids(model: &TreeModel) -> Vec<u32> {
    model.nodes.iter().map(|n| n.id.0).collect()
}

fn node(model: &TreeModel, id: u32) -> &NodeView {
    model.get(AssocId(id)).expect("visible node")
}

#[test]
fn css_lists_join_their_parts_with_the_engines_fixed_point() {
    assert_eq!(
        css_list(&[("translate(", 12.26, 1, "px, "), ("", -3.0, 1, "px)")]),
        "translate(12.3px, -3.0px)"
    );
}

#[test]
fn classic_example_is_in_visiting_order() {
    let f = Fixture::new(preset("classic-example"));
    let model = f.model(&BTreeSet::new());
    // AccountD (LF 2.4) before AccountA (0.89) before AccountG (0); AccountF (inf) before
    // AccountE; AccountB (1.69) before AccountC; User3 (inf) before User2.
    assert_eq!(
        ids(&model),
        [1, 3, 32, 321, 31, 311, 2, 21, 211, 22, 222, 221, 4, 41]
    );
    // Ranks fall along the DOM order (no ties here).
    let ranks: Vec<u32> = model
        .nodes
        .iter()
        .filter_map(|n| n.rank_attr.as_ref().map(|r| r.parse().unwrap()))
        .collect();
    assert_eq!(ranks, [6, 5, 4, 3, 2, 1]);
    // The DOM order is the run's visiting order.
    let by_visit: Vec<u32> = f
        .run
        .visit_order()
        .iter()
        .map(|&ix| f.scenario.tree.assocs()[ix].id.0)
        .collect();
    assert_eq!(ids(&model), by_visit);
    assert_eq!(model.draw_order.len(), 14);
}

#[test]
fn contract_attributes() {
    let f = Fixture::new(preset("classic-example"));
    let model = f.model(&BTreeSet::new());
    let root = node(&model, 1);
    assert_eq!((root.kind, root.level), (AssocKind::Root, 1));
    assert_eq!(root.level_fs_attr, "");
    assert_eq!(root.fairshare_attr, None);
    assert_eq!(root.rank_attr, None);
    assert!(root.has_children && root.expanded);

    let a = node(&model, 2);
    assert_eq!((a.kind, a.level), (AssocKind::Account, 2));
    assert_eq!(a.name, "AccountA");
    assert_eq!(a.level_fs_attr, "0.88888888888888895");
    assert_eq!(a.shares_norm_attr, "0.40000000000000002");
    assert_eq!(a.usage_effective_attr, "0.45000000000000001");

    let u1 = node(&model, 211);
    assert_eq!((u1.kind, u1.level), (AssocKind::User, 4));
    assert_eq!(
        (u1.name.as_str(), u1.account.as_str()),
        ("User1", "AccountB")
    );
    assert_eq!(u1.fairshare_attr.as_deref(), Some("0.66666666666666663"));
    assert_eq!(u1.rank_attr.as_deref(), Some("4"));
    assert_eq!(u1.level_fs_attr, "1");
    assert_eq!(u1.parent, Some(AssocId(21)));

    let u3 = node(&model, 222);
    assert_eq!(u3.level_fs_attr, "inf");
    assert_eq!(
        (u3.card.badge.text.as_str(), u3.card.badge.kind),
        ("inf", LfBadge::Inf)
    );
    assert!(u3.class.contains("ft-lf--inf"));
    let g = node(&model, 4);
    assert_eq!(
        (g.card.badge.text.as_str(), g.card.badge.kind),
        ("0", LfBadge::Zero)
    );
    assert_eq!(g.level_fs_attr, "0");
}

/// Every shown node of `model` as a person reads it: the accessible name, then the card's
/// lines and tags, indented by level.
#[cfg(not(target_arch = "wasm32"))]
fn transcript(model: &TreeModel) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for n in &model.nodes {
        let indent = "  ".repeat(n.level as usize - 1);
        let c = &n.card;
        let _ = writeln!(out, "{indent}{}", n.label);
        let _ = writeln!(
            out,
            "{indent}  [{}] {} | {} | {} | {} | {} ({})",
            c.display_name, c.shares, c.s, c.usage, c.u, c.level_fs_label, c.badge.text
        );
        if let Some(rank) = &c.rank {
            let _ = writeln!(out, "{indent}  {} | {}", rank.position, rank.fairshare);
        }
        for tag in &c.tags {
            let _ = writeln!(out, "{indent}  tag: {}", tag.text);
        }
    }
    out
}

/// The classic example's tree model after User4 (id 311) uses 1000 instead of 20, tagged
/// against the preset as the what-if baseline, and the engine's diff it was tagged from.
fn classic_example_with_user4_busy() -> (TreeModel, fairshare::diff::RunDiff) {
    let base = Fixture::new(preset("classic-example"));
    let edited = base
        .scenario
        .tree
        .with_usage(AssocId(311), LongDouble::from_u64(1000))
        .unwrap();
    let f = Fixture::new(Scenario {
        tree: edited,
        ..base.scenario.clone()
    });
    let moves = fairshare::diff::run_diff(&base.ranked, &f.ranked, 0);
    let outline = Outline::new(&f.h, &f.run);
    let visible = shown(&f.scenario.tree, &outline, &BTreeSet::new());
    let model = build(&ModelInput {
        ranked: &f.ranked,
        slurm_run: None,
        what_if: Some(WhatIf {
            base: &base.ranked,
            cur: &f.ranked,
            before: None,
        }),
        outline: &outline,
        visible: &visible,
        unsorted: None,
        lang: Lang::En,
    });
    (model, moves)
}

#[test]
fn a_before_snapshot_gives_users_their_old_position_and_their_move() {
    // The before snapshot: the classic example with User4 busy, its rows reversed and
    // renumbered (as another paste would be); after: the preset. Matched by name.
    let base = Fixture::new(preset("classic-example"));
    let busy = base
        .scenario
        .tree
        .with_usage(AssocId(311), LongDouble::from_u64(1000))
        .unwrap();
    let mut rows: Vec<fairshare::Assoc> = busy.assocs().to_vec();
    rows.reverse();
    for a in &mut rows {
        a.id = AssocId(a.id.0 + 5000);
        a.parent = a.parent.map(|p| AssocId(p.0 + 5000));
    }
    let before_tree = AssocTree::new(rows).unwrap();
    let cmp = fairshare::snapshot::compare(&before_tree, &base.ranked, 0);
    let outline = Outline::new(&base.h, &base.run);
    let visible = shown(&base.scenario.tree, &outline, &BTreeSet::new());
    let model = build(&ModelInput {
        ranked: &base.ranked,
        slurm_run: None,
        what_if: Some(WhatIf {
            base: &cmp.before,
            cur: &base.ranked,
            before: Some(&cmp.before),
        }),
        outline: &outline,
        visible: &visible,
        unsorted: None,
        lang: Lang::En,
    });
    // User4 was 5th with its heavy usage; in the preset it is 2nd.
    let user4 = node(&model, 311);
    assert_eq!(user4.position_attr.as_deref(), Some("2"));
    assert_eq!(user4.position_before_attr.as_deref(), Some("5"));
    assert!(user4.label.contains("; up 3 places"), "{}", user4.label);
    // Accounts carry no position.
    assert_eq!(node(&model, 1).position_before_attr, None);
    // Without a before snapshot, no attribute.
    assert_eq!(
        base.model(&BTreeSet::new())
            .get(AssocId(311))
            .unwrap()
            .position_before_attr,
        None
    );
}

// Snapshots are files: native only (a wasm test has no file system).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn card_labels_of_the_classic_example() {
    // One what-if edit, so that the snapshot shows the tags too.
    let (model, _) = classic_example_with_user4_busy();
    expect_test::expect_file!["snapshots/classic_example_cards.txt"].assert_eq(&transcript(&model));
    let base = Fixture::new(preset("classic-example"));
    let ja = build(&ModelInput {
        lang: Lang::Ja,
        ranked: &base.ranked,
        slurm_run: None,
        what_if: None,
        outline: &Outline::new(&base.h, &base.run),
        visible: &shown(
            &base.scenario.tree,
            &Outline::new(&base.h, &base.run),
            &BTreeSet::new(),
        ),
        unsorted: None,
    });
    expect_test::expect_file!["snapshots/classic_example_cards_ja.txt"].assert_eq(&transcript(&ja));
}

#[test]
fn accessible_names_start_with_the_name() {
    let f = Fixture::new(preset("classic-example"));
    let model = f.model(&BTreeSet::new());
    assert_eq!(
        node(&model, 211).label,
        "User1 in AccountB: position 3 of 6, rank 4, FairShare 0.666667, Level FS 1"
    );
    assert_eq!(node(&model, 211).position_attr.as_deref(), Some("3"));
    assert_eq!(
        node(&model, 222).label,
        "User3 in AccountC: position 4 of 6, rank 3, FairShare 0.5, Level FS inf"
    );
    assert_eq!(node(&model, 21).label, "AccountB: Level FS 1.6875");
    assert_eq!(node(&model, 4).label, "AccountG: Level FS 0");
    assert_eq!(node(&model, 1).label, "root: 6 users");
}

#[test]
fn card_texts_use_sshare_formatting() {
    let f = Fixture::new(preset("classic-example"));
    let model = f.model(&BTreeSet::new());
    let u1 = node(&model, 211);
    let card = &u1.card;
    assert_eq!(
        (card.shares.as_str(), card.usage.as_str()),
        ("Shares 1", "Usage 20")
    );
    assert_eq!(
        (card.s.as_str(), card.u.as_str()),
        ("S 1.000000", "U 1.000000")
    );
    assert_eq!(
        (card.badge.text.as_str(), card.badge.kind),
        ("1.000000", LfBadge::Number)
    );
    let rank = card.rank.as_ref().unwrap();
    assert_eq!(
        (rank.position.as_str(), rank.fairshare.as_str()),
        ("position 3 of 6", "FS 0.666667")
    );
    assert!((rank.fill_w - rank.bar_w * 4.0 / 6.0).abs() < 1e-9);
    let a = node(&model, 21);
    assert_eq!(a.card.u, "U 0.444444");
    assert_eq!(a.card.badge.text, "1.687500");
    assert!(a.card.rank.is_none());
    assert_eq!(node(&model, 1).card.shares, "Shares –");
}

#[test]
fn fairshare_parent_shows_the_parent_badge() {
    let f = Fixture::new(preset("fairshare-parent"));
    let model = f.model(&BTreeSet::new());
    let parents: Vec<&Arc<NodeView>> = model
        .nodes
        .iter()
        .filter(|n| f.scenario.tree.assocs()[n.ix].shares.is_parent())
        .collect();
    assert!(!parents.is_empty(), "the preset has FairShare=parent");
    for n in parents {
        assert_eq!(n.card.badge.kind, LfBadge::Parent, "{}", n.name);
        assert!(n.class.contains("ft-lf--parent"));
        assert!(n.label.contains("Level FS parent"), "{}", n.label);
        assert_eq!(n.card.shares, "Shares parent");
    }
}

#[test]
fn every_preset_keeps_siblings_in_visiting_order() {
    for p in presets::PRESETS {
        let f = Fixture::new(p.scenario());
        let model = f.model(&BTreeSet::new());
        assert_eq!(model.nodes.len(), f.scenario.tree.len(), "{}", p.id);
        for n in &model.nodes {
            let visits: Vec<u32> = n
                .children
                .iter()
                .map(|&c| {
                    let ChildRef::Node(c) = c else {
                        panic!("small trees show everything")
                    };
                    f.run.assocs()[model.get(c).unwrap().ix].visit.unwrap()
                })
                .collect();
            assert!(
                visits.windows(2).all(|w| w[0] < w[1]),
                "{}: {}",
                p.id,
                n.name
            );
            // The overlay box of each child lies inside the canvas.
            assert!(n.card.w >= MIN_W && n.card.w <= MAX_W);
        }
    }
}

#[test]
fn collapsed_accounts_hide_their_subtree() {
    let f = Fixture::new(preset("classic-example"));
    let collapsed: BTreeSet<AssocId> = [AssocId(2)].into();
    let model = f.model(&collapsed);
    assert_eq!(ids(&model), [1, 3, 32, 321, 31, 311, 2, 4, 41]);
    let a = node(&model, 2);
    assert!(a.has_children && !a.expanded && a.children.is_empty());
    assert_eq!(a.card.tags[0].text, "+5 hidden");
    assert!(
        a.label.ends_with("; collapsed, holds 3 users"),
        "{}",
        a.label
    );
    assert!(!model.is_visible(AssocId(211)));
    assert_eq!(model.draw_order.len(), 9);
}

#[test]
fn keyboard_follows_the_tree_pattern() {
    let f = Fixture::new(preset("classic-example"));
    let model = f.model(&BTreeSet::new());
    let id = AssocId;
    assert_eq!(
        key_action(&model, id(1), "ArrowDown"),
        TreeKey::Focus(id(3))
    );
    assert_eq!(key_action(&model, id(3), "ArrowUp"), TreeKey::Focus(id(1)));
    assert_eq!(key_action(&model, id(1), "ArrowUp"), TreeKey::None);
    assert_eq!(
        key_action(&model, id(311), "ArrowDown"),
        TreeKey::Focus(id(2))
    );
    assert_eq!(
        key_action(&model, id(3), "ArrowRight"),
        TreeKey::Focus(id(32))
    );
    assert_eq!(key_action(&model, id(321), "ArrowRight"), TreeKey::None);
    assert_eq!(
        key_action(&model, id(321), "ArrowLeft"),
        TreeKey::Focus(id(32))
    );
    assert_eq!(
        key_action(&model, id(32), "ArrowLeft"),
        TreeKey::Collapse(id(32))
    );
    assert_eq!(key_action(&model, id(22), "Home"), TreeKey::Focus(id(1)));
    assert_eq!(key_action(&model, id(22), "End"), TreeKey::Focus(id(41)));
    assert_eq!(key_action(&model, id(22), "Enter"), TreeKey::Select(id(22)));
    assert_eq!(key_action(&model, id(22), " "), TreeKey::Select(id(22)));
    assert_eq!(key_action(&model, id(22), "x"), TreeKey::None);
    assert_eq!(
        key_action(&model, id(999), "ArrowDown"),
        TreeKey::Focus(id(1))
    );

    let collapsed: BTreeSet<AssocId> = [AssocId(32)].into();
    let model = f.model(&collapsed);
    assert_eq!(
        key_action(&model, id(32), "ArrowRight"),
        TreeKey::Expand(id(32))
    );
    assert_eq!(
        key_action(&model, id(32), "ArrowLeft"),
        TreeKey::Focus(id(3))
    );
    assert_eq!(
        key_action(&model, id(32), "ArrowDown"),
        TreeKey::Focus(id(31))
    );
}

#[test]
fn what_if_tags_show_position_changes_from_the_engines_diff() {
    // User4 (position 2) uses much more: it drops below everyone in AccountA.
    let (model, moves) = classic_example_with_user4_busy();
    let u4 = node(&model, 311);
    let moved = moves.moved.iter().find(|m| m.id == AssocId(311)).unwrap();
    assert_eq!(u4.card.tags.len(), 1);
    assert_eq!(u4.card.tags[0].class, Trend::Down.as_class());
    let delta = moved.new_position - moved.old_position;
    assert_eq!(
        u4.card.tags[0].text,
        format!(
            "↓{delta} position {} → {}",
            moved.old_position, moved.new_position
        )
    );
    assert!(
        u4.label
            .contains("what-if: position 2 → 5, FairShare 0.833333 → 0.333333"),
        "{}",
        u4.label
    );
    // Every user the engine lists as moved carries a tag, and nobody else does.
    for n in model.nodes.iter().filter(|n| n.kind == AssocKind::User) {
        let listed = moves.moved.iter().any(|m| m.id == n.id);
        assert_eq!(!n.card.tags.is_empty(), listed, "{}", n.name);
    }
    assert!(
        model
            .nodes
            .iter()
            .any(|n| n.card.tags.iter().any(|t| t.class == Trend::Up.as_class())),
        "someone moved up"
    );
}

#[test]
fn documented_tie_rule_marks_rank_differences() {
    let scenario = preset("tied-accounts");
    let slurm_ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
    let ranked = slurm_ranked.with_rule(TieRule::Documented);
    let (slurm, documented) = (slurm_ranked.run(), ranked.run());
    let outline = Outline::new(ranked.hierarchy(), documented);
    let visible = shown(&scenario.tree, &outline, &BTreeSet::new());
    let model = build(&ModelInput {
        ranked: &ranked,
        slurm_run: Some(slurm),
        what_if: None,
        outline: &outline,
        visible: &visible,
        unsorted: None,
        lang: Lang::En,
    });
    let mut differing = 0;
    for n in model.nodes.iter().filter(|n| n.kind == AssocKind::User) {
        let (s, d) = (slurm.assocs()[n.ix].rank, documented.assocs()[n.ix].rank);
        let tagged = n
            .card
            .tags
            .iter()
            .any(|t| t.class == "ft-tag ft-tag--tie-rule");
        assert_eq!(tagged, s != d, "{}", n.name);
        if s != d {
            differing += 1;
            assert!(n.label.contains("Slurm's code: rank"), "{}", n.label);
        }
    }
    assert!(differing > 0, "the preset shows the difference");
}

#[test]
fn rounding_artefacts_get_an_explanation() {
    // 18/90 ÷ 2/10 and 27/90 ÷ 3/10 are both 1, but not in 80 bits (ARCHITECTURE.md).
    let text = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 2},
      {"id": 3, "parent": 2, "account": "a", "user": "ua", "shares": 1, "usage_raw": 18},
      {"id": 4, "parent": 1, "account": "b", "user": null, "shares": 3},
      {"id": 5, "parent": 4, "account": "b", "user": "ub", "shares": 1, "usage_raw": 27},
      {"id": 6, "parent": 1, "account": "c", "user": null, "shares": 5},
      {"id": 7, "parent": 6, "account": "c", "user": "uc", "shares": 1, "usage_raw": 45}
    ]}"#;
    let f = Fixture::new(fairshare::scenario::parse(text).0.unwrap());
    let model = f.model(&BTreeSet::new());
    let marked: Vec<&Arc<NodeView>> = model
        .nodes
        .iter()
        .filter(|n| n.artefact.is_some())
        .collect();
    let expected = f
        .run
        .assocs()
        .iter()
        .filter(|a| a.artefact.is_some())
        .count();
    assert_eq!(marked.len(), expected);
    for n in marked {
        let text = n.artefact.as_deref().unwrap();
        assert!(text.starts_with("80-bit rounding"), "{text}");
        assert!(n.label.ends_with(text));
    }
}

#[test]
fn unsorted_lists_are_drawn_in_list_order_during_the_animation() {
    let f = Fixture::new(preset("classic-example"));
    let start = Frame::at(f.run.steps(), 0);
    let all = || 0..f.h.len();
    let unsorted = unsorted_parents(&f.h, &start, all());
    assert!(
        unsorted.contains(&f.h.root()),
        "nothing is sorted at step 0"
    );
    assert_eq!(
        unsorted_parents(&f.h, &start, [f.h.root(), 999]),
        [f.h.root()],
        "only the accounts asked about, in range"
    );
    let end = Frame::at(f.run.steps(), f.run.steps().len());
    assert!(unsorted_parents(&f.h, &end, all()).is_empty());
    let outline = Outline::new(&f.h, &f.run);
    let visible = shown(&f.scenario.tree, &outline, &BTreeSet::new());
    let input = |unsorted| ModelInput {
        ranked: &f.ranked,
        slurm_run: None,
        what_if: None,
        outline: &outline,
        visible: &visible,
        unsorted,
        lang: Lang::En,
    };
    let sorted = build(&input(None));
    let drawn = build(&input(Some(&unsorted)));
    // The DOM order stays the visiting order; only positions change.
    assert_eq!(ids(&sorted), ids(&drawn));
    let x = |m: &TreeModel, id: u32| node(m, id).transform.clone();
    assert_ne!(
        x(&sorted, 2),
        x(&drawn, 2),
        "AccountA is drawn first in list order"
    );
    // The live card and its treeitem move by `transform` alone (a compositor transition): the
    // rest of their style is a size (in drawing units times the canvas's scale), never a
    // `left`/`top` that would be laid out again.
    for style in [
        |m: &TreeModel| node(m, 2).card_style.clone(),
        |m: &TreeModel| node(m, 2).overlay_style.clone(),
    ] {
        let moved = |m: &TreeModel| style(m).split_once("transform: ").unwrap().1.to_string();
        assert_ne!(moved(&sorted), moved(&drawn));
        for m in [&sorted, &drawn] {
            let size = style(m).split_once("transform: ").unwrap().0.to_string();
            assert!(size.starts_with("width: ") && !size.contains("left") && !size.contains("top"));
        }
    }
}

#[test]
fn overlay_boxes_are_relative_to_the_parent() {
    let f = Fixture::new(preset("classic-example"));
    let model = f.model(&BTreeSet::new());
    let root = node(&model, 1);
    assert!(root.overlay_style.starts_with("width: "));
    // The card's size in drawing units times the canvas's scale (not in percentages of the
    // canvas, whose size changes with the drawing's), its offset in percentages of its own size.
    let (l, t, w, h) = node(&model, 3).bbox;
    let card = node(&model, 3).card_style.clone();
    let fixed = fairshare::format::fixed;
    assert_eq!(
        card,
        format!(
            "width: calc(var(--ft-scale) * {}px); height: calc(var(--ft-scale) * {}px); \
             transform: translate({}%, {}%);",
            fixed(w, 2),
            fixed(h, 2),
            fixed(100.0 * l / w, 4),
            fixed(100.0 * t / h, 4)
        )
    );
    // The child's treeitem sized alike, whatever its parent's size.
    assert!(
        node(&model, 3).overlay_style.starts_with(&format!(
            "width: calc(var(--ft-scale) * {}px); ",
            fixed(w, 2)
        )),
        "{}",
        node(&model, 3).overlay_style
    );
    assert!(root.edge.is_none());
    assert!(node(&model, 3).edge.as_deref().unwrap().starts_with("M "));
    assert_eq!(
        model.canvas_style(2.0),
        format!(
            "width: {}px; height: {}px; --ft-scale: 2.000000;",
            fixed(2.0 * model.width, 1),
            fixed(2.0 * model.height, 1)
        )
    );
    assert_eq!(auto_scale(1000.0, 500.0, 2000.0, 2000.0), MAX_FIT_SCALE);
    assert_eq!(
        auto_scale(1000.0, 500.0, 900.0, 500.0),
        0.9,
        "shrinks to fit while readable"
    );
    assert_eq!(
        auto_scale(1000.0, 500.0, 500.0, 500.0),
        READABLE_SCALE,
        "never below readable"
    );
    assert_eq!(auto_scale(1000.0, 500.0, 0.0, 0.0), 1.0);
    assert!(model.view_box().starts_with("0 0 "));
}
