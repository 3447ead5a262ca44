//! Usage kept from removed associations (Slurm's `leaf_usage` of an account, spec §1.6):
//! account.usage_raw = Σ(descendant users' usage) + Σ(retained usage of the account and its
//! descendant accounts), each term added in association-list order; the import of a full
//! `sshare -a` output that shows it; scenario JSON; round trips.

use fairshare::import::{self, Agreement};
use fairshare::sshare::{self, Header, TextLayout};
use fairshare::testing::{acct, root, user};
use fairshare::{
    Algorithm, Assoc, AssocId, AssocTree, Hierarchy, LongDouble, Ranked, TieRule, r#gen, scenario,
};
use proptest::prelude::*;

fn ld(x: f64) -> LongDouble {
    LongDouble::from_f64(x)
}

fn retaining(a: Assoc, retained: f64) -> Assoc {
    Assoc {
        retained_usage: ld(retained),
        ..a
    }
}

/// Slurm's rebuild of the totals, literally (`_foreach_reset_assoc_set_parent`, then
/// `_foreach_add_coord_and_aggregate`): every account from 0; in list order, each
/// association's term (a user's usage, an account's retained usage) is added to itself if it
/// is an account, and to every ancestor. One ancestor walk per association: the reference the
/// engine's shared-work sums must equal bit for bit.
fn slurm_walk(tree: &AssocTree, h: &Hierarchy) -> Vec<LongDouble> {
    let assocs = tree.assocs();
    let mut usage: Vec<LongDouble> = assocs
        .iter()
        .map(|a| {
            if a.is_user() {
                a.usage_raw
            } else {
                LongDouble::ZERO
            }
        })
        .collect();
    for &ix in h.list_order() {
        let a = &assocs[ix];
        let term = if a.is_user() {
            a.usage_raw
        } else {
            usage[ix] = usage[ix].add(a.retained_usage);
            a.retained_usage
        };
        let mut p = h.parent(ix);
        while let Some(q) = p {
            usage[q] = usage[q].add(term);
            p = h.parent(q);
        }
    }
    usage
}

/// root → a (retained 100; u1 10, u2 20), b (u3 30; bb (retained 15; u4 5)), one share each.
fn hand_tree() -> AssocTree {
    AssocTree::new(vec![
        root(),
        retaining(acct(2, Some(1), "a"), 100.0),
        user(21, 2, "a", "u1", ld(10.0)),
        user(22, 2, "a", "u2", ld(20.0)),
        acct(3, Some(1), "b"),
        user(31, 3, "b", "u3", ld(30.0)),
        retaining(acct(4, Some(3), "bb"), 15.0),
        user(41, 4, "bb", "u4", ld(5.0)),
    ])
    .expect("valid")
}

/// What `sshare -a -l -p` prints for [`hand_tree`], every value worked out by hand (U =
/// usage / fairshare parent's usage; a's 130 and bb's 20 include their retained usage):
/// b's Level FS 0.5 / (50/180) = 1.8 beats a's 0.5 / (130/180) = 0.692308, bb's 0.5 / 0.4 beats
/// u3's 0.5 / 0.6, so u4, u3, u1, u2 are served in that order (FairShare 4/4 … 1/4).
const HAND_SSHARE: &str = "\
Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins|
root|||0.000000|180||1.000000||||cpu=0|
 a||1|0.500000|130|0.722222|0.722222||0.692308||cpu=0|
  a|u1|1|0.500000|10|0.055556|0.076923|0.500000|6.500000||cpu=0|
  a|u2|1|0.500000|20|0.111111|0.153846|0.250000|3.250000||cpu=0|
 b||1|0.500000|50|0.277778|0.277778||1.800000||cpu=0|
  b|u3|1|0.500000|30|0.166667|0.600000|0.750000|0.833333||cpu=0|
  bb||1|0.500000|20|0.111111|0.400000||1.250000||cpu=0|
   bb|u4|1|1.000000|5|0.027778|0.250000|1.000000|4.000000||cpu=0|
";

#[test]
fn retained_usage_counts_in_the_account_and_its_ancestors() {
    let tree = hand_tree();
    let h = Hierarchy::new(&tree);
    let usage = |id: u32| h.usage_raw(tree.position(AssocId(id)).unwrap()).to_f64();
    assert_eq!(
        [usage(1), usage(2), usage(3), usage(4), usage(21)],
        [180.0, 130.0, 50.0, 20.0, 10.0]
    );
    assert!(h.has_retained_usage());
    assert_eq!(
        h.retained_usage(tree.position(AssocId(2)).unwrap()),
        ld(100.0)
    );
    assert_eq!(
        h.retained_usage(tree.position(AssocId(21)).unwrap()),
        ld(0.0)
    );
    // The engine prints what was worked out by hand.
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
    let text = sshare::render_text(&rows, &cols, TextLayout::Parsable, Header::Shown);
    assert_eq!(text, HAND_SSHARE);
}

#[test]
fn an_accounts_own_retained_usage_is_added_before_its_members() {
    // 2^63 + 0.5 rounds (to even) back to 2^63 in 80 bits, twice; 0.5 + 0.5 + 2^63 is exact.
    // Slurm adds the account's leaf_usage first (it precedes its members in list order).
    let big = 9_223_372_036_854_775_808.0;
    let tree = AssocTree::new(vec![
        root(),
        retaining(acct(2, Some(1), "a"), big),
        user(21, 2, "a", "u1", ld(0.5)),
        user(22, 2, "a", "u2", ld(0.5)),
    ])
    .unwrap();
    let h = Hierarchy::new(&tree);
    assert_eq!(h.usage_raw(1), ld(big));
    assert_eq!(h.usage_raw(0), ld(big));
    assert_eq!(slurm_walk(&tree, &h)[1], ld(big));
    // Without it, the sums are the users' alone.
    let plain = AssocTree::new(vec![
        root(),
        acct(2, Some(1), "a"),
        user(21, 2, "a", "u1", ld(0.5)),
        user(22, 2, "a", "u2", ld(0.5)),
    ])
    .unwrap();
    assert!(!Hierarchy::new(&plain).has_retained_usage());
    assert_eq!(Hierarchy::new(&plain).usage_raw(1), ld(1.0));
}

#[test]
fn a_full_sshare_output_with_retained_usage_is_reproduced() {
    let imp = import::import(HAND_SSHARE);
    assert!(!imp.has_errors(), "{:?}", imp.diagnostics);
    let s = imp.scenario.as_ref().expect("a tree");
    assert!(!s.tree.is_partial(), "no hidden user is inferred");
    assert_eq!(s.tree.n_users(), 4);
    let retained: Vec<(&str, f64)> = s
        .tree
        .assocs()
        .iter()
        .filter(|a| !a.retained_usage.is_zero())
        .map(|a| (a.name(), a.retained_usage.to_f64()))
        .collect();
    assert_eq!(retained, [("a", 100.0), ("bb", 15.0)]);
    let ranked = Ranked::new(&s.tree, TieRule::Slurm);
    let rows = sshare::fair_tree_rows(&ranked);
    for c in import::compare(&ranked, &rows, &imp.printed) {
        assert_eq!(c.agreement, Agreement::Match, "{c:?}");
    }
    // And it prints the same text again.
    let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
    let text = sshare::render_text(&rows, &cols, TextLayout::Parsable, Header::Shown);
    assert_eq!(text, HAND_SSHARE);
}

#[test]
fn usage_within_the_truncation_slack_is_not_read_as_retained() {
    // a prints 31 over users printed 10 and 20: one more than their sum, which their
    // fractions (10.6 and 20.7) explain. Nothing is retained; the row is truncated usage.
    let text = "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS\nroot|||0.000000|31||1.000000||\n a||1|1.000000|31|1.000000|1.000000||1.000000\n  a|u1|1|0.500000|10|0.340836|0.340836|1.000000|1.466981\n  a|u2|1|0.500000|20|0.665595|0.665595|0.500000|0.751208\n";
    let imp = import::import(text);
    let s = imp.scenario.as_ref().expect("a tree");
    assert!(s.tree.assocs().iter().all(|a| a.retained_usage.is_zero()));
    assert!(!s.tree.is_partial());
}

#[test]
fn scenario_json_carries_retained_usage_only_when_there_is_some() {
    let s = fairshare::Scenario {
        name: "kept".into(),
        algorithm: Algorithm::FairTree,
        params: fairshare::Params::default(),
        tree: hand_tree(),
    };
    let json = scenario::to_json(&s);
    assert_eq!(json.matches("\"retained_usage\"").count(), 2, "{json}");
    assert!(json.contains("\"retained_usage\": 100") || json.contains("\"retained_usage\":100"));
    let (again, diags) = scenario::parse(&json);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(again.expect("parses").tree, s.tree);
    // Old files (no key) read as 0; a user's key is ignored (its leaf_usage is its usage); a
    // bad value names the association.
    let text = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root"},
      {"id": 2, "parent": 1, "account": "a", "retained_usage": "12.5"},
      {"id": 3, "parent": 2, "account": "a", "user": "u", "usage_raw": 1, "retained_usage": 7}
    ]}"#;
    let (s, diags) = scenario::parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let tree = s.expect("parses").tree;
    assert_eq!(tree.assocs()[1].retained_usage, ld(12.5));
    assert!(tree.assocs()[2].retained_usage.is_zero());
    assert_eq!(Hierarchy::new(&tree).usage_raw(0), ld(13.5));
    let bad = text.replace("\"12.5\"", "-4");
    let (s, diags) = scenario::parse(&bad);
    assert!(s.is_none());
    assert_eq!(diags[0].line, Some(3), "{diags:?}");
    assert!(
        diags[0]
            .message()
            .contains("retained_usage must be a number"),
        "{diags:?}"
    );
    for value in ["true", "\"x\"", "1e+300"] {
        let bad = text.replace("\"12.5\"", value);
        let (s, diags) = scenario::parse(&bad);
        assert!(s.is_none(), "{value}");
        assert!(diags[0].message().contains(value), "{diags:?}");
    }
}

/// A generated tree with each account's retained usage from `picks` (cycled; 0 for some).
fn with_retained(tree: &AssocTree, picks: &[f64], whole: bool) -> AssocTree {
    let mut k = 0;
    let assocs = tree
        .assocs()
        .iter()
        .map(|a| {
            let mut a = a.clone();
            if whole {
                a.usage_raw = LongDouble::from_u64(sshare::truncate_usage(a.usage_raw));
            }
            if !a.is_user() && !picks.is_empty() {
                let r = picks[k % picks.len()];
                k += 1;
                a.retained_usage = if whole { ld(r.trunc()) } else { ld(r) };
            }
            a
        })
        .collect();
    AssocTree::new(assocs).expect("valid")
}

fn retained_pick() -> impl Strategy<Value = f64> {
    prop_oneof![
        2 => Just(0.0),
        2 => 0.0..1e6f64,
        1 => 1e6..1e15f64,
        1 => Just(0.1),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The engine's sums (shared work, exact fast paths) are Slurm's literal walk, bit for bit,
    /// and an edit ranked incrementally is the edited tree ranked from scratch.
    #[test]
    fn sums_follow_slurms_walk(
        size in 2usize..120,
        seed in any::<u64>(),
        picks in prop::collection::vec(retained_pick(), 0..12),
        edit in any::<usize>(),
        new_usage in 0.0..1e7f64,
        scramble in any::<bool>(),
    ) {
        let mut tree = with_retained(&r#gen::tree(size, seed), &picks, false);
        if scramble {
            // Explicit lineages that do not follow the tree: list order is no pre-order, and
            // an account may come after its own members.
            let assocs = tree.assocs().iter().enumerate().map(|(k, a)| {
                let mut a = a.clone();
                if a.parent.is_some() {
                    let key = (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
                    a.lineage = Some(format!("/{key:x}/").into());
                }
                a
            }).collect();
            tree = AssocTree::new(assocs).expect("valid");
        }
        let h = Hierarchy::new(&tree);
        let walk = slurm_walk(&tree, &h);
        for (ix, &slurm) in walk.iter().enumerate() {
            prop_assert_eq!(h.usage_raw(ix), slurm, "position {}", ix);
        }
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let users: Vec<AssocId> =
            tree.assocs().iter().filter(|a| a.is_user()).map(|a| a.id).collect();
        if !users.is_empty() {
            let id = users[edit % users.len()];
            let step = ranked.with_usage(id, ld(new_usage)).expect("valid edit");
            let fresh = Ranked::new(step.tree(), TieRule::Slurm);
            prop_assert!(step == fresh, "incremental edit of {:?} differs", id);
            // Classic reads the same sums, carried over the edit or not.
            let params = fairshare::Params::default();
            let carried = step.classic_after(&ranked.classic(&params), &params);
            let again = fresh.classic(&params);
            let values = |run: &fairshare::classic::ClassicRun| -> Vec<(LongDouble, LongDouble, Option<u64>)> {
                run.assocs().iter()
                    .map(|a| (a.usage_raw, a.usage_effective, a.fairshare.map(f64::to_bits)))
                    .collect()
            };
            prop_assert_eq!(values(&carried), values(&again));
            for (ix, a) in again.assocs().iter().enumerate() {
                prop_assert_eq!(a.usage_raw, step.hierarchy().usage_raw(ix));
            }
        }
    }

    /// print(tree with retained usage) → import → the same tree values and the same text, and
    /// every printed row is reproduced. Retained usage is whole and at least the users below
    /// the account (what the import can tell from truncation), or 0.
    #[test]
    fn printed_retained_usage_reads_back(
        size in 2usize..80,
        seed in any::<u64>(),
        picks in prop::collection::vec(retained_pick(), 1..12),
    ) {
        let base = with_retained(&r#gen::tree(size, seed), &[], true);
        // Each account's retained usage is 0 or at least its users' count (the slack).
        let h0 = Hierarchy::new(&base);
        let mut users_below = vec![0u64; base.len()];
        for &ix in h0.list_order().iter().rev() {
            if h0.is_user(ix) {
                users_below[ix] += 1;
            }
            if let Some(p) = h0.parent(ix) {
                users_below[p] += users_below[ix];
            }
        }
        let mut k = 0;
        let assocs: Vec<Assoc> = base.assocs().iter().enumerate().map(|(ix, a)| {
            let mut a = a.clone();
            if !a.is_user() {
                let r = picks[k % picks.len()].trunc() as u64;
                k += 1;
                if r > 0 && users_below[ix] > 0 {
                    a.retained_usage = LongDouble::from_u64(r + users_below[ix]);
                }
            }
            a
        }).collect();
        let tree = AssocTree::new(assocs).expect("valid");
        let ranked = Ranked::new(&tree, TieRule::Slurm);
        let rows = sshare::fair_tree_rows(&ranked);
        let cols = sshare::default_columns(Algorithm::FairTree, sshare::SshareFlags::LONG);
        let text = sshare::render_text(&rows, &cols, TextLayout::ParsableNoEnding, Header::Shown);
        let imp = import::import(&text);
        prop_assert!(!imp.has_errors(), "{:?}\n{}", imp.diagnostics, text);
        let got = &imp.scenario.as_ref().expect("a tree").tree;
        prop_assert!(!got.is_partial(), "{}", text);
        // The same associations in list order, with the same users' usage and retained usage.
        let values = |t: &AssocTree| -> Vec<(String, bool, f64, f64)> {
            let h = Hierarchy::new(t);
            h.list_order().iter().map(|&ix| {
                let a = &t.assocs()[ix];
                let usage = if a.is_user() { a.usage_raw.to_f64() } else { 0.0 };
                (a.name().to_string(), a.is_user(), usage, a.retained_usage.to_f64())
            }).collect()
        };
        prop_assert_eq!(values(got), values(&tree), "{}", text);
        let got_ranked = Ranked::new(got, TieRule::Slurm);
        let got_rows = sshare::fair_tree_rows(&got_ranked);
        for c in import::compare(&got_ranked, &got_rows, &imp.printed) {
            prop_assert_eq!(c.agreement, Agreement::Match, "{:?}\n{}", c, text);
        }
        let again = sshare::render_text(&got_rows, &cols, TextLayout::ParsableNoEnding, Header::Shown);
        prop_assert_eq!(again, text);
    }
}

#[test]
fn a_user_in_an_account_with_retained_usage_gets_a_smaller_share() {
    // Same users, same usage: the account that kept 100 from a removed user ranks below.
    let tree = AssocTree::new(vec![
        root(),
        retaining(acct(2, Some(1), "kept"), 100.0),
        user(21, 2, "kept", "k", ld(10.0)),
        acct(3, Some(1), "clean"),
        user(31, 3, "clean", "c", ld(10.0)),
    ])
    .unwrap();
    let ranked = Ranked::new(&tree, TieRule::Slurm);
    let pos = |id: u32| {
        ranked
            .run()
            .position(tree.position(AssocId(id)).unwrap())
            .unwrap()
    };
    assert_eq!((pos(31), pos(21)), (1, 2));
}

#[test]
fn decay_scales_retained_usage_like_every_usage() {
    // Slurm multiplies every account's leaf_usage by the cycle's factor too: a week on, with
    // no jobs, the re-summed tree's account usage is what the simulation holds.
    let tree = hand_tree();
    let schedule = fairshare::decay::Schedule::default();
    let week = 604_800;
    let held = fairshare::decay::advance_usage(&tree, &[], &schedule, week);
    let later = fairshare::decay::tree_at(&tree, &[], &schedule, week).expect("valid");
    let a = tree.position(AssocId(2)).unwrap();
    let factor = held[a].to_f64() / 130.0;
    assert!((0.49..0.51).contains(&factor), "{factor}");
    let kept = later.assocs()[a].retained_usage.to_f64();
    assert!((kept - 100.0 * factor).abs() < 1e-9, "{kept}");
    let h = Hierarchy::new(&later);
    for (ix, want) in held.iter().enumerate() {
        let (got, want) = (h.usage_raw(ix).to_f64(), want.to_f64());
        assert!((got - want).abs() <= want * 1e-12, "{ix}: {got} vs {want}");
    }
    // Time 0 is the tree itself.
    assert_eq!(
        fairshare::decay::tree_at(&tree, &[], &schedule, 0).unwrap(),
        tree
    );
}

#[test]
fn removing_a_user_moves_nobody_when_its_usage_stays_on_the_account() {
    // Yesterday u0 (100) was in a; today it was removed and a kept its 100 (Slurm 22.05+). The
    // account's usage, and so every Level FS and every remaining user's position, is the same.
    let before = AssocTree::new(
        hand_tree()
            .assocs()
            .iter()
            .map(|a| Assoc {
                retained_usage: if a.id == AssocId(2) {
                    LongDouble::ZERO
                } else {
                    a.retained_usage
                },
                ..a.clone()
            })
            .chain([user(20, 2, "a", "u0", ld(100.0))])
            .collect(),
    )
    .unwrap();
    let after = Ranked::new(&hand_tree(), TieRule::Slurm);
    let cmp = fairshare::snapshot::compare(&before, &after, 10);
    let a = after.tree().position(AssocId(2)).unwrap();
    let a_before = cmp
        .before
        .tree()
        .position(after.tree().assocs()[a].id)
        .unwrap();
    assert_eq!(
        cmp.before.hierarchy().usage_raw(a_before),
        after.hierarchy().usage_raw(a)
    );
    for (ix, u) in after.tree().assocs().iter().enumerate() {
        if u.is_user() {
            assert_eq!(
                cmp.position_before(&after, ix),
                after.run().position(ix),
                "{}",
                u.name()
            );
        }
    }
}

/// Deleting an association in the engine is what Slurm (22.05+) does: its usage stays on its
/// parent as retained usage, so the parent's and the root's usage do not change and the
/// siblings' U are the same; for an account, its whole subtree's usage (users' and retained)
/// goes to the parent.
#[test]
fn deleting_keeps_the_usage_on_the_parent() {
    let tree = hand_tree();
    let at = |t: &AssocTree, id: u32| t.position(AssocId(id)).unwrap();
    let usage = |t: &AssocTree, id: u32| Hierarchy::new(t).usage_raw(at(t, id)).to_f64();
    let kept = |t: &AssocTree, id: u32| t.get(AssocId(id)).unwrap().retained_usage.to_f64();
    let u = |t: &AssocTree, id: u32| {
        let ranked = Ranked::new(t, TieRule::Slurm);
        ranked.run().assocs()[at(t, id)].usage_effective.to_f64()
    };

    // A user: a keeps its 10 on top of the 100 it had.
    let no_u1 = tree.without(AssocId(21)).unwrap();
    assert_eq!(kept(&no_u1, 2), 110.0);
    assert_eq!((usage(&no_u1, 2), usage(&no_u1, 1)), (130.0, 180.0));
    assert_eq!(u(&no_u1, 22), u(&tree, 22));
    assert_eq!(u(&no_u1, 2), u(&tree, 2));

    // A sub-account: b keeps bb's own 15 and u4's 5; u3's U is still 30 / 50.
    let no_bb = tree.without(AssocId(4)).unwrap();
    assert_eq!(kept(&no_bb, 3), 20.0);
    assert_eq!((usage(&no_bb, 3), usage(&no_bb, 1)), (50.0, 180.0));
    assert_eq!(u(&no_bb, 31), u(&tree, 31));

    // A top account: root keeps a's 100 and its users' 30; b's U is still 50 / 180.
    let no_a = tree.without(AssocId(2)).unwrap();
    assert_eq!(kept(&no_a, 1), 130.0);
    assert_eq!(usage(&no_a, 1), 180.0);
    assert_eq!(u(&no_a, 3), u(&tree, 3));
    assert_eq!(no_a.len(), 5);

    // A user without usage changes nothing but the tree.
    let idle = AssocTree::new(
        tree.assocs()
            .iter()
            .cloned()
            .chain([user(23, 2, "a", "idle", ld(0.0))])
            .collect(),
    )
    .unwrap();
    assert_eq!(idle.without(AssocId(23)).unwrap(), tree);
}

/// The value a removed subtree leaves on its parent is summed bottom-up, each account's own
/// term first, then its children in list order (users first): 2^63 + 0.5 + 0.5 rounds to 2^63
/// twice, where 0.5 + 0.5 + 2^63 would be exact.
#[test]
fn a_removed_accounts_usage_is_summed_in_list_order() {
    let big = 9_223_372_036_854_775_808.0;
    // Input order puts the halves first; list order sorts "0-a" (big) before "0-b", "0-c".
    let tree = AssocTree::new(vec![
        root(),
        acct(2, Some(1), "x"),
        user(22, 2, "x", "b", ld(0.5)),
        user(23, 2, "x", "c", ld(0.5)),
        user(21, 2, "x", "a", ld(big)),
        acct(3, Some(1), "y"),
    ])
    .unwrap();
    let gone = tree.without(AssocId(2)).unwrap();
    assert_eq!(gone.root().retained_usage, ld(big));
}

/// Slurm's removal, literally: each removed association's `leaf_usage` (a user's usage, an
/// account's retained usage plus what its removed members left it) added to its parent's,
/// members first, in list order. Recursive: for the small generated trees only.
fn removed_leaf(tree: &AssocTree, h: &Hierarchy, ix: usize) -> LongDouble {
    let a = &tree.assocs()[ix];
    if a.is_user() {
        return a.usage_raw;
    }
    h.list_order()
        .iter()
        .filter(|&&c| h.parent(c) == Some(ix))
        .fold(a.retained_usage, |sum, &c| {
            sum.add(removed_leaf(tree, h, c))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Deleting any association: the parent keeps exactly Slurm's removed `leaf_usage`, the
    /// sums are Slurm's walk of the smaller tree, and with whole usages (exact sums) every
    /// remaining association's usage is what it was.
    #[test]
    fn deleting_leaves_every_remaining_usage_as_it_was(
        size in 2usize..80,
        seed in any::<u64>(),
        picks in prop::collection::vec(retained_pick(), 0..8),
        pick in any::<usize>(),
        whole in any::<bool>(),
    ) {
        let tree = with_retained(&r#gen::tree(size, seed), &picks, whole);
        let h = Hierarchy::new(&tree);
        let ix = 1 + pick % (tree.len() - 1);
        let id = tree.assocs()[ix].id;
        let parent = tree.assocs()[h.parent(ix).expect("not the root")].id;
        let gone = tree.without(id).expect("deletable");
        let before = tree.get(parent).unwrap().retained_usage;
        prop_assert_eq!(
            gone.get(parent).unwrap().retained_usage,
            before.add(removed_leaf(&tree, &h, ix))
        );
        let g = Hierarchy::new(&gone);
        let walk = slurm_walk(&gone, &g);
        for (k, &slurm) in walk.iter().enumerate() {
            prop_assert_eq!(g.usage_raw(k), slurm, "position {}", k);
        }
        if whole {
            for (k, a) in gone.assocs().iter().enumerate() {
                let old = tree.position(a.id).unwrap();
                prop_assert_eq!(g.usage_raw(k), h.usage_raw(old), "{}", a.name());
            }
        }
    }
}
