//! The model of trees too big to show whole: windows, groups, counts and bands.

use super::*;

#[test]
fn big_trees_build_only_what_is_shown() {
    // The model holds the shown entries only. (How long the three steps take:
    // `cargo bench -p fairshare-explorer --bench app -- tree_view`.)
    for n in [1_000, 10_000, 100_000] {
        let f = Fixture::new(fairshare::r#gen::scenario(n, 42));
        let deep = (0..n).max_by_key(|&ix| f.h.depth(ix)).unwrap();
        let (model, visible) = f.focused(deep, true);
        assert_eq!(model.nodes.len(), visible.node_count());
        assert_eq!(model.nodes.len() + model.extras.len(), visible.items.len());
        assert!(model.nodes.len() <= crate::tree::visible::MAX_VISIBLE);
        assert!(model.is_visible(f.scenario.tree.assocs()[deep].id));
        let unique: std::collections::HashSet<AssocId> = model.nodes.iter().map(|n| n.id).collect();
        assert_eq!(unique.len(), model.nodes.len());
        // Overlay boxes are relative to a box that exists: no NaN or infinite percentages.
        assert!(model.nodes.iter().all(|n| !n.overlay_style.contains("NaN")));
    }
}

/// On a big tree a card's position, the root's user count and the "… N more" entries are
/// grouped (`position 9,412 of 9,412`), as sentences are, and so are the accessible names' counts
/// (`root: 10,000 users`, `collapsed, holds 10,000 users`).
#[test]
fn big_tree_cards_group_positions_and_counts() {
    let f = Fixture::new(fairshare::r#gen::scenario(10_000, 42));
    let n = f.run.n_users();
    assert!(n >= 1_000, "{n} users");
    let last = (0..f.scenario.tree.len())
        .find(|&ix| f.run.position(ix) == Some(n))
        .expect("a last user");
    let (model, _) = f.focused(last, false);
    let n_text = fairshare::format::grouped(n.into());
    assert!(n_text.contains(','), "{n_text}");
    let card = &node(&model, f.scenario.tree.assocs()[last].id.0).card;
    assert_eq!(
        card.rank.as_ref().unwrap().position,
        format!("position {n_text} of {n_text}")
    );
    let root = &model.nodes[0];
    assert_eq!(root.card.level_fs_label, format!("{n_text} users"));
    assert!(
        root.label.ends_with(&format!(": {n_text} users")),
        "{}",
        root.label
    );
    let root_id = f.scenario.tree.assocs()[0].id;
    let folded = f.model(&[root_id].into());
    assert!(
        node(&folded, root_id.0)
            .label
            .ends_with(&format!("; collapsed, holds {n_text} users")),
        "{}",
        node(&folded, root_id.0).label
    );
    // Every "… N more" entry reads its count grouped: no run of four digits.
    assert!(!model.extras.is_empty());
    for extra in &model.extras {
        let digits = extra.text.split(|c: char| !c.is_ascii_digit());
        assert!(digits.clone().all(|d| d.len() <= 3), "{}", extra.text);
    }
}

#[test]
fn lf_bands() {
    let b = |x: f64| LfBand::of(LevelFsRule::Ratio, Some(LongDouble::from_f64(x)));
    assert_eq!(b(5.0), LfBand::Under3);
    assert_eq!(b(3.0), LfBand::Under2);
    assert_eq!(b(1.5), LfBand::Under1);
    assert_eq!(b(1.0), LfBand::Even);
    assert_eq!(b(0.7), LfBand::Over1);
    assert_eq!(b(0.3), LfBand::Over2);
    assert_eq!(b(0.1), LfBand::Over3);
    // The case is the engine's, whatever the value says.
    let inf = Some(LongDouble::INFINITY);
    assert_eq!(
        LfBand::of(LevelFsRule::NoShares, Some(LongDouble::ZERO)),
        LfBand::Zero
    );
    assert_eq!(LfBand::of(LevelFsRule::NoUsage, inf), LfBand::Inf);
    assert_eq!(LfBand::of(LevelFsRule::Root, None), LfBand::None);
    assert_eq!(LfBand::of(LevelFsRule::ParentUser, inf), LfBand::Parent);
    assert_eq!(LfBand::of(LevelFsRule::ParentAccount, None), LfBand::Parent);
    let classes: BTreeSet<&str> = LfBand::ALL.iter().map(|b| b.as_class()).collect();
    assert_eq!(classes.len(), LfBand::ALL.len());
}

#[test]
fn a_run_of_hidden_siblings_keeps_its_key_when_the_window_beside_it_moves() {
    // One account of 40 users ordered by usage (least used first); u20, selected, sits in the
    // middle: the account shows its first five, u20 with two on each side, its last two, and a
    // run of hidden users on each side of u20's window.
    use fairshare::Shares;
    use fairshare::testing::{account_of, root, user_of};
    let root = root();
    let acct = account_of(2, &root, "a", Shares::from_raw(1));
    let mut assocs = vec![root, acct.clone()];
    for i in 0..40u32 {
        let usage = LongDouble::from_f64(f64::from(10 * i + 10));
        assocs.push(user_of(
            100 + i,
            &acct,
            &format!("u{i}"),
            Shares::from_raw(1),
            usage,
        ));
    }
    let tree = AssocTree::new(assocs).expect("valid tree");
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let shown = |ranked: &Ranked| {
        let outline = Outline::new(ranked.hierarchy(), ranked.run());
        let request = crate::tree::visible::Request {
            focus: vec![ranked.tree().position(AssocId(120)).unwrap()],
            ..Default::default()
        };
        let visible = crate::tree::visible::visible(&outline, &request, None);
        build(&ModelInput {
            ranked,
            slurm_run: None,
            what_if: None,
            outline: &outline,
            visible: &visible,
            unsorted: None,
            lang: Lang::En,
        })
    };
    let runs = |m: &TreeModel| {
        let group = &node(m, 2).children;
        let runs: Vec<(ChildRef, Option<(u32, u32)>)> = group
            .iter()
            .filter(|k| matches!(k, ChildRef::More(..)))
            .map(|&k| (k, m.extra(k).unwrap().range))
            .collect();
        (group.clone(), runs)
    };
    let (group, before) = runs(&shown(&ranked));
    // u20 two places down (more usage than u22, less than u23): both runs change their
    // ranges, and neither its key, so the account's group keeps every key in its place.
    let edited = ranked
        .with_usage(AssocId(120), LongDouble::from_f64(235.0))
        .expect("valid edit");
    let (group_after, after) = runs(&shown(&edited));
    let more = |n| ChildRef::More(AssocId(2), n);
    assert_eq!(
        before,
        vec![(more(0), Some((5, 18))), (more(1), Some((23, 38)))]
    );
    assert_eq!(
        after,
        vec![(more(0), Some((5, 20))), (more(1), Some((25, 38)))]
    );
    let extras = |g: &[ChildRef]| {
        g.iter()
            .filter(|k| !matches!(k, ChildRef::Node(..)))
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(extras(&group), extras(&group_after));
    assert_eq!(group.len(), group_after.len());
}
