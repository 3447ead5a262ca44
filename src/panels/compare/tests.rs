use super::*;
use fairshare::fair_tree::FairTreeRun;
use fairshare::{Hierarchy, Ranked, Scenario, TieRule};
use std::sync::Arc;

struct Case {
    s: Scenario,
    ranked: Ranked,
    h: Arc<Hierarchy>,
    run: Arc<FairTreeRun>,
}

impl Case {
    fn new(s: Scenario, rule: TieRule) -> Self {
        let ranked = Ranked::new(&s.tree, rule);
        let (h, run) = (ranked.shared_hierarchy(), ranked.shared_run());
        Case { s, ranked, h, run }
    }
    fn preset(id: &str) -> Self {
        Self::new(
            crate::presets::by_id(id).unwrap().scenario(),
            TieRule::Slurm,
        )
    }
    fn json(text: &str) -> Self {
        Self::new(fairshare::scenario::parse(text).0.unwrap(), TieRule::Slurm)
    }
    fn ix(&self, name: &str) -> usize {
        self.s
            .tree
            .assocs()
            .iter()
            .position(|a| a.name() == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }
    fn text(&self, a: &str, b: &str, lang: Lang) -> (Explanation, ComparisonText) {
        let e = explain(&self.ranked, self.ix(a), self.ix(b)).unwrap();
        let t = describe(&self.ranked, &e, lang);
        (e, t)
    }
}

#[test]
fn fair_tree_page_example_names_acct1_and_its_children() {
    let c = Case::preset("fair-tree-example");
    let (e, t) = c.text("UserA", "UserB", Lang::En);
    assert_eq!(e.deciding, Deciding::HigherLevelFs);
    assert_eq!(t.ancestor, "Acct1");
    assert!(
        t.first_child.starts_with("Acct16 (Level FS "),
        "{}",
        t.first_child
    );
    assert!(
        t.second_child.starts_with("Acct12 (Level FS "),
        "{}",
        t.second_child
    );
    assert!(
        t.sentence.starts_with("Under Acct1, Acct16 has Level FS ")
            && t.sentence
                .contains("so every user under Acct16 comes before every user under Acct12."),
        "{}",
        t.sentence
    );
    assert!(t.first_rank.starts_with("UserB: position "));
    // The same data as the engine's English sentence, word for word.
    assert_eq!(t.sentence, e.sentence(&c.s.tree));
    let (_, ja) = c.text("UserA", "UserB", Lang::Ja);
    assert!(ja.sentence.contains("Acct1 の下で"), "{}", ja.sentence);
}

#[test]
fn ties_users_before_accounts_and_carried_ties_match_the_engine() {
    // Every pair of users of every preset, both rules: the template sentence equals the
    // engine's English sentence (so every case, ties included, is covered by the templates).
    for preset in crate::presets::PRESETS {
        for rule in [TieRule::Slurm, TieRule::Documented] {
            let c = Case::new(preset.scenario(), rule);
            let users: Vec<usize> = (0..c.s.tree.len()).filter(|&ix| c.h.is_user(ix)).collect();
            for &a in &users {
                for &b in &users {
                    let Ok(e) = explain(&c.ranked, a, b) else {
                        continue;
                    };
                    let t = describe(&c.ranked, &e, Lang::En);
                    assert_eq!(t.sentence, e.sentence(&c.s.tree), "{} {a} {b}", preset.id);
                }
            }
        }
    }
}

#[test]
fn fairshare_parent_users_get_a_note() {
    let c = Case::json(
        r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "a", "user": "heir", "shares": "parent", "usage_raw": 50},
      {"id": 4, "parent": 2, "account": "a", "user": "u", "shares": 1, "usage_raw": 1}
    ]}"#,
    );
    let (e, t) = c.text("u", "heir", Lang::En);
    assert_eq!(e.first.user, c.s.tree.assocs()[c.ix("heir")].id);
    assert!(
        t.first_child.contains("Level FS parent"),
        "{}",
        t.first_child
    );
    assert_eq!(t.notes.len(), 1);
    assert!(t.notes[0].starts_with("heir is FairShare=parent"));
}

#[test]
fn the_user_just_above_is_the_previous_user_visited() {
    let c = Case::preset("fair-tree-example");
    let order: Vec<usize> = c
        .run
        .visit_order()
        .iter()
        .copied()
        .filter(|&v| c.h.is_user(v))
        .collect();
    assert_eq!(user_just_above(&c.h, &c.run, order[0]), None);
    for w in order.windows(2) {
        assert_eq!(user_just_above(&c.h, &c.run, w[1]), Some(w[0]));
    }
    assert_eq!(user_just_above(&c.h, &c.run, c.ix("Acct1")), None);
}

#[test]
fn menus_list_users_best_first_as_text() {
    let c = Case::json(
        r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "<b>acct<b>", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "<b>acct<b>", "user": "<img src=x>", "shares": 1, "usage_raw": 9},
      {"id": 4, "parent": 2, "account": "<b>acct<b>", "user": "idle", "shares": 1}
    ]}"#,
    );
    let choices = user_choices(&c.s.tree, &c.run, Lang::En);
    let labels: Vec<&str> = choices.iter().map(|u| u.label.as_str()).collect();
    assert_eq!(labels, ["idle in <b>acct<b>", "<img src=x> in <b>acct<b>"]);
}

#[test]
fn highlight_marks_both_paths_and_the_deciding_pair() {
    let c = Case::preset("fair-tree-example");
    let id = |name: &str| c.s.tree.assocs()[c.ix(name)].id;
    let hl = highlight(&c.ranked, Some(id("UserA")), Some(id("UserB"))).unwrap();
    assert_eq!(hl.ancestor, c.ix("Acct1"));
    assert_eq!(hl.deciding, [c.ix("Acct16"), c.ix("Acct12")]);
    assert_eq!(hl.paths[0].last(), Some(&c.ix("UserB")));
    assert_eq!(hl.paths[1][0], c.ix("root"));
    assert_eq!(highlight(&c.ranked, Some(id("UserA")), None), None);
    assert_eq!(
        highlight(&c.ranked, Some(id("Acct1")), Some(id("UserA"))),
        None
    );
}
