//! The saved session's tests: round trips, budgets, the JSON cache, the storage key.

use std::sync::Arc;

use super::cache::UNFIT_KEPT;
use super::stored::{StoredDecay, StoredJob, load_decay, store_decay};
use super::*;
use crate::state::{DecayClock, DecayInputs};

fn preset(id: &str) -> Scenario {
    presets::by_id(id).unwrap().scenario()
}

fn snapshot(id: &'static str) -> Snapshot {
    Snapshot {
        scenario: preset(id),
        baseline: preset(id),
        printed: Arc::from([]),
        preset: Some(presets::by_id(id).unwrap().id),
        decay: Default::default(),
    }
}

/// A session of `current` and `history`, nothing selected, Slurm's tie rule, no link.
fn plain(current: Snapshot, history: History) -> Saved {
    Saved {
        current,
        history,
        selected: None,
        compare_with: None,
        tie_rule: TieRule::Slurm,
        before: false,
        from: None,
    }
}

/// The length of each snapshot text the cache keeps for the timeline's moments.
fn moment_lengths(cache: &JsonCache) -> impl Iterator<Item = usize> + '_ {
    cache
        .moments
        .as_ref()
        .unwrap()
        .1
        .iter()
        .flatten()
        .map(|(_, j)| j.len())
}

/// A session with something in every field: an edit against a before snapshot, undo and
/// redo steps, a selection and a comparison, the documented tie rule, the address it came from.
fn full_session() -> Saved {
    let mut edited = snapshot("test24-4");
    edited.baseline = preset("labmates");
    edited.preset = None;
    Saved {
        current: edited,
        history: History::from_stacks(
            vec![snapshot("labmates"), snapshot("test24-4")],
            vec![snapshot("two-accounts")],
        ),
        selected: Some(AssocId(3)),
        compare_with: Some(AssocId(4)),
        tie_rule: TieRule::Documented,
        before: true,
        from: fragment_hash("#z=abc"),
    }
}

#[test]
fn a_session_survives_storage() {
    let saved = full_session();
    let text = encode(&saved).unwrap();
    assert!(text.starts_with("1."));
    assert_eq!(decode(&text), Some(saved));
}

/// The decay timeline's schedule and jobs are saved with each step; the tree saved is its
/// own t = 0 at the same moment of the jobs' clock (the clock restarted there).
#[test]
fn the_decay_timelines_inputs_survive_storage() {
    use fairshare::decay::Job;
    let mut moved = snapshot("test24-4");
    moved.decay = DecayClock {
        epoch: 600,
        time: 3_600,
        base: Some(Arc::new(preset("test24-4").tree)),
        inputs: DecayInputs {
            half_life: Arc::from("1-0"),
            period: Arc::from("10"),
            jobs: Arc::from([
                Job::running(AssocId(211), 64.5, 0).until(7_200),
                Job::running(AssocId(212), 0.1, -30).with_usage_factor(0.25),
            ]),
        },
    };
    let mut older = snapshot("labmates");
    older.decay.inputs.jobs = Arc::from([Job::running(AssocId(3), 8.0, 5)]);
    let saved = plain(
        moved.clone(),
        History::from_stacks(vec![older.clone()], vec![]),
    );
    let back = decode(&encode(&saved).unwrap()).unwrap();
    assert_eq!(back.current.decay, moved.decay.restarted());
    assert_eq!(back.current.decay.epoch, 4_200);
    assert_eq!(back.current.decay.inputs, moved.decay.inputs);
    assert_eq!(back.history.undo_stack()[0].decay, older.decay);
    // A timeline as the page opens (defaults, no jobs) stores nothing.
    assert!(store_decay(&DecayClock::default()).is_none());
    // Texts and numbers that do not read fall back or are left out; nothing fails.
    let clock = load_decay(Some(StoredDecay {
        half_life: "soon".into(),
        period: "0".into(),
        epoch: 5,
        jobs: vec![
            StoredJob {
                user: 3,
                billable: "-1".into(),
                start: 0,
                end: None,
                usage_factor: None,
            },
            StoredJob {
                user: 4,
                billable: "2".into(),
                start: 0,
                end: None,
                usage_factor: Some("x".into()),
            },
        ],
    }));
    assert_eq!(clock.inputs.half_life, DecayInputs::default().half_life);
    assert_eq!(clock.inputs.period, DecayInputs::default().period);
    assert!(clock.inputs.jobs.is_empty());
    assert_eq!(clock.epoch, 5);
}

#[test]
fn unreadable_text_is_ignored() {
    for bad in ["", "1.", "2.abc", "1.***", "1.AAAA", "{\"current\": {}}"] {
        assert_eq!(decode(bad), None, "{bad:?}");
    }
    let not_a_session = format!("1.{}", codec::pack(b"{\"current\": {\"scenario\": \"{\"}}"));
    assert_eq!(decode(&not_a_session), None);
    // A damaged history step is dropped; the rest of the session stays.
    let json = format!(
        r#"{{"current": {{"scenario": {}}}, "undo": [{{"scenario": "null"}}]}}"#,
        serde_json::to_string(&fairshare::scenario::to_json(&preset("labmates"))).unwrap()
    );
    let saved = decode(&format!("1.{}", codec::pack(json.as_bytes()))).unwrap();
    assert!(!saved.history.can_undo());
    assert_eq!(saved.current.scenario, preset("labmates"));
    // Saved before the before flag existed: no before snapshot.
    assert!(!saved.before);
}

#[test]
fn the_cache_gives_the_same_text() {
    let saved = plain(
        snapshot("labmates"),
        History::from_stacks(vec![snapshot("test24-4"); 3], Vec::new()),
    );
    let mut cache = JsonCache::default();
    let first = encode_with(&saved, &mut cache);
    assert_eq!(cache.entries.len(), 2, "one entry per distinct scenario");
    assert_eq!(encode_with(&saved, &mut cache), first);
    assert_eq!(encode(&saved), first);
}

/// A scrubber step's save prints no timeline snapshot printed by an earlier save (the
/// 10k tree's JSON takes about 60 ms, in the glide), and saves the same text as a save
/// from scratch; an edited snapshot is printed (nothing the user made is lost), and a new
/// timeline drops the old one's texts.
#[test]
fn a_timeline_snapshot_is_printed_once() {
    use fairshare::Shares;
    use fairshare::timeline::Timeline;
    use leptos::prelude::*;

    use crate::state::AppState;

    let timeline = |ids: &[&str]| {
        Timeline::new(
            ids.iter()
                .map(|id| (None, id.to_string(), preset(id).tree))
                .collect(),
        )
    };
    Owner::new().with(|| {
        let state = AppState::new(preset("labmates"));
        let days = ["labmates", "test24-4", "labmates"];
        state.load_timeline(timeline(&days), vec![Vec::new(); 3], preset("labmates"));
        let saved = || crate::chrome::start::saved(state, None);
        let mut cache = JsonCache::default();
        let save = |cache: &mut JsonCache| {
            state
                .timeline()
                .with_untracked(|t| cache.follow(t.as_ref()));
            let text = encode_with(&saved(), cache).unwrap();
            assert_eq!(text, encode(&saved()).unwrap(), "the text printed afresh");
            cache.printed
        };
        // Day 2 and its before snapshot day 1, and the undo step (what was on screen).
        let mut seen = save(&mut cache);
        // A day shown for the first time: itself, and its before snapshot under its name.
        for (k, new) in [(0, 1), (1, 2)] {
            state.show_moment(k);
            let now = save(&mut cache);
            assert_eq!(now, seen + new, "day {k} is new");
            seen = now;
        }
        for k in [2, 0, 2, 1, 0, 1] {
            state.show_moment(k);
            assert_eq!(save(&mut cache), seen, "day {k} was printed before");
        }
        // Back and forth between two days: the sessions are packed once each, and a session
        // saved a moment ago is not even written again (its text is the one stored then).
        let (packs, writes) = (cache.packs, cache.writes);
        for k in [0, 1, 0, 1] {
            state.show_moment(k);
            save(&mut cache);
        }
        assert_eq!(cache.packs, packs, "days 0 and 1 were just saved");
        assert_eq!(cache.writes, writes, "days 0 and 1 were just written");
        assert_eq!(cache.moments.as_ref().unwrap().1.len(), days.len());

        let first_user = state.scenario().with_untracked(|s| {
            s.tree
                .assocs()
                .iter()
                .find(|a| a.user.is_some())
                .unwrap()
                .id
        });
        state.set_shares(first_user, Shares::Value(7)).unwrap();
        assert_eq!(save(&mut cache), seen + 1, "the edited day 0 is printed");

        state.load_timeline(
            timeline(&["test24-4", "labmates"]),
            vec![Vec::new(); 2],
            preset("labmates"),
        );
        let before = cache.printed;
        save(&mut cache);
        assert_eq!(
            cache.moments.as_ref().unwrap().1.len(),
            2,
            "the old timeline's texts are gone"
        );
        assert!(cache.printed > before);

        // With no room, a snapshot is kept as any scenario, from one save to the next; with
        // room for one text, the kept bytes never pass the budget.
        let mut small = JsonCache {
            moment_budget: 1,
            ..JsonCache::default()
        };
        for k in [0, 1, 2, 1] {
            state.show_moment(k);
            let printed = save(&mut small);
            assert_eq!(
                save(&mut small),
                printed,
                "day {k} saved again: nothing printed"
            );
        }
        assert_eq!(small.moment_bytes, 0);
        let mut roomy = JsonCache::default();
        save(&mut roomy);
        let one = moment_lengths(&roomy).max().unwrap();
        let mut tight = JsonCache {
            moment_budget: one,
            ..JsonCache::default()
        };
        for k in [0, 1, 0, 1] {
            state.show_moment(k);
            save(&mut tight);
            assert!(tight.moment_bytes <= one);
            let kept: usize = moment_lengths(&tight).sum();
            assert_eq!(kept, tight.moment_bytes);
        }
    });
}

/// A session too long to store, even without its history, is tried once: saving it again
/// prints, serialises and packs nothing (a 100k tree's, at each scrubber step, took up to
/// 0.7 s in the glide); a change to its scenario is tried afresh, and one that fits is
/// stored.
#[test]
fn a_session_too_long_to_store_is_tried_once() {
    let saved = |current: Snapshot| Saved {
        current,
        history: History::from_stacks(vec![snapshot("test24-4"); 3], Vec::new()),
        selected: Some(AssocId(3)),
        compare_with: None,
        tie_rule: TieRule::Slurm,
        before: false,
        from: None,
    };
    let big = saved(snapshot("labmates"));
    let full = encode(&big).unwrap().len();
    // Room for the history's step alone, not for the scenario on screen.
    let mut cache = JsonCache {
        max_len: full / 4,
        ..JsonCache::default()
    };
    assert_eq!(encode_with(&big, &mut cache), None);
    let (printed, packs) = (cache.printed, cache.packs);
    assert!(packs > 1, "the history was halved until none was left");
    let again = Saved {
        selected: None,
        history: History::default(),
        ..big.clone()
    };
    for s in [&big, &again] {
        assert_eq!(encode_with(s, &mut cache), None);
        assert_eq!(
            (cache.printed, cache.packs),
            (printed, packs),
            "nothing done"
        );
    }
    // Another baseline (a before snapshot) is another session: tried.
    let mut compared = big.clone();
    compared.current.baseline = preset("test24-4");
    assert_eq!(encode_with(&compared, &mut cache), None);
    assert!(cache.packs > packs);
    // A smaller scenario fits, and is stored as a save from scratch stores it.
    let small = Saved {
        history: History::default(),
        ..saved(snapshot("two-accounts"))
    };
    let mut roomy = JsonCache {
        max_len: encode(&small).unwrap().len(),
        ..cache
    };
    assert_eq!(encode_with(&small, &mut roomy), encode(&small));
    // The remembered sessions are bounded.
    let mut many = JsonCache {
        max_len: 1,
        ..JsonCache::default()
    };
    for k in 0..UNFIT_KEPT + 3 {
        let mut s = big.clone();
        s.current.scenario.name = format!("day {k}");
        assert_eq!(encode_with(&s, &mut many), None);
    }
    assert_eq!(many.unfit.len(), UNFIT_KEPT);
}

/// A scenario of `n` associations shaped like the 100k performance tree: root, 500
/// accounts of users (names drawn from 50,000), shares 1–100, 30 % of users without usage
/// and the others' with all its digits (what keeps the packed text long); `edited` adds 1
/// to one user's.
fn big_scenario(n: usize, edited: bool) -> Scenario {
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let accounts = 500;
    let mut json = String::from(
        r#"{"name":"big","algorithm":"fair_tree","params":{"damping_factor":1,"flags":[]},"associations":[{"id":1,"parent":null,"account":"root","user":null,"shares":1,"usage_raw":0.0}"#,
    );
    for a in 0..accounts {
        let shares = next() % 100 + 1;
        json.push_str(&format!(
            r#",{{"id":{},"parent":1,"account":"a{a:05}","user":null,"shares":{shares},"usage_raw":0.0}}"#,
            a + 2
        ));
    }
    for k in 0..n - accounts - 1 {
        let id = k + accounts + 2;
        let per_account = (n - accounts - 1).div_ceil(accounts);
        let a = k / per_account;
        let shares = next() % 100 + 1;
        let mut usage = match next() % 10 {
            0..=2 => 0.0,
            _ => (next() >> 11) as f64 / (1u64 << 53) as f64 * 1e7,
        };
        if edited && k == 7 {
            usage += 1.0;
        }
        json.push_str(&format!(
            r#",{{"id":{id},"parent":{},"account":"a{a:05}","user":"u{:06}","shares":{shares},"usage_raw":{usage:?}}}"#,
            a + 2,
            next() % 50_000
        ));
    }
    json.push_str("]}");
    fairshare::scenario::parse(&json).0.unwrap()
}

/// A 100k tree's session is stored (at the old limit of 2 M characters none was, and a
/// reload lost the tree); with its baseline (an edit) it is too long for any browser, and
/// the tree is stored alone rather than nothing.
#[test]
fn a_100k_session_is_stored() {
    let tree = big_scenario(100_000, false);
    let mut saved = Saved {
        current: Snapshot {
            scenario: tree.clone(),
            baseline: tree.clone(),
            printed: Arc::from([]),
            preset: None,
            decay: Default::default(),
        },
        history: History::default(),
        selected: Some(AssocId(900)),
        compare_with: None,
        tie_rule: TieRule::Slurm,
        before: false,
        from: None,
    };
    let mut cache = JsonCache::default();
    let alone = encode_with(&saved, &mut cache).expect("a 100k session is stored");
    assert!(
        alone.len() > 2_000_000,
        "as long as the real one: {}",
        alone.len()
    );
    assert!(!cache.without_baseline());
    assert_eq!(decode(&alone).as_ref(), Some(&saved));

    // Edited: the pair is past the limit; known to be from the last pack's rate, it is
    // not packed, and the edited tree is stored as its own baseline.
    saved.current.scenario = big_scenario(100_000, true);
    let packs = cache.packs;
    let edited = encode_with(&saved, &mut cache).expect("the edited tree is stored");
    assert!(cache.without_baseline());
    assert_eq!(cache.packs, packs + 1, "the pair was not packed");
    let back = decode(&edited).unwrap();
    assert_eq!(back.current.scenario, saved.current.scenario);
    assert_eq!(back.current.baseline, saved.current.scenario);
    assert!(!back.before);
    // A save that fits whole again says so.
    saved.current.baseline = saved.current.scenario.clone();
    assert!(encode_with(&saved, &mut cache).is_some());
    assert!(!cache.without_baseline());
}

/// A session whose baseline makes it too long is stored without it, a before snapshot
/// no longer marked; one too long alone is not stored.
#[test]
fn a_session_too_long_with_its_baseline_is_stored_without_it() {
    let mut current = snapshot("labmates");
    current.baseline = preset("test24-4");
    let saved = Saved {
        current,
        history: History::default(),
        selected: None,
        compare_with: None,
        tie_rule: TieRule::Slurm,
        before: true,
        from: None,
    };
    let alone = Saved {
        current: snapshot("labmates"),
        before: false,
        ..saved.clone()
    };
    let alone_text = encode(&alone).unwrap();
    let mut cache = JsonCache {
        max_len: alone_text.len(),
        ..JsonCache::default()
    };
    assert_eq!(encode_with(&saved, &mut cache), Some(alone_text.clone()));
    assert!(cache.without_baseline());
    let mut tight = JsonCache {
        max_len: alone_text.len() - 1,
        ..JsonCache::default()
    };
    assert_eq!(encode_with(&saved, &mut tight), None);
    assert!(!tight.without_baseline());
}

/// Runs a [`SaveJob`] for `saved` a `slice` at a time: its text and how many steps it took.
fn in_slices(saved: &Saved, cache: &mut JsonCache, slice: Slice) -> (Option<String>, usize) {
    let mut job = SaveJob::new(saved.clone());
    let mut steps = 1;
    loop {
        if let Some(text) = job.step(cache, slice) {
            return (text, steps);
        }
        steps += 1;
    }
}

/// The autosave's save in slices (idle callbacks) stores the session a save at once stores, and
/// leaves the cache saying the same, whatever the slice and whatever the save does: stores
/// the session whole, halves its history, drops its baseline, or stores nothing.
#[test]
fn a_save_in_slices_stores_what_a_save_at_once_does() {
    let saved = full_session();
    let whole = encode(&saved).unwrap();
    let tiny = Slice {
        assocs: 2,
        bytes: 37,
    };
    for max_len in [0, whole.len() - 1, whole.len() / 2, 10] {
        let fresh = || JsonCache {
            max_len,
            ..JsonCache::default()
        };
        let (mut at_once, mut sliced) = (fresh(), fresh());
        let want = encode_with(&saved, &mut at_once);
        for slice in [tiny, Slice::IDLE] {
            let (got, steps) = in_slices(&saved, &mut sliced, slice);
            // Deflate cut into slices may choose other blocks: the same session, not the same
            // characters.
            let read = |text: &Option<String>| text.as_deref().map(decode);
            assert_eq!(read(&got), read(&want), "max_len {max_len}, {slice:?}");
            assert_eq!(sliced.without_baseline(), at_once.without_baseline());
            if slice == tiny && max_len == 0 {
                // Each step packs at most 37 bytes of the session's JSON.
                let json_len = sliced.packed_rate.1;
                assert!(steps >= json_len / 37, "{steps} steps for {json_len} bytes");
            }
            // The second time round, from the cache: nothing is printed again.
            sliced.printed = at_once.printed;
        }
    }
}

/// A 100k tree's first save takes a hundred slices or more, each printing at most 1,000
/// associations, and stores the session a save at once stores.
#[test]
fn a_100k_save_in_slices_is_the_save_at_once() {
    let tree = big_scenario(100_000, false);
    let saved = plain(
        Snapshot {
            scenario: tree.clone(),
            baseline: tree,
            printed: Arc::from([]),
            preset: None,
            decay: Default::default(),
        },
        History::default(),
    );
    let want = encode(&saved).expect("stored");
    let mut cache = JsonCache::default();
    let (got, steps) = in_slices(&saved, &mut cache, Slice::IDLE);
    let got = got.expect("stored");
    assert_eq!(decode(&got), decode(&want));
    assert!(
        got.len().abs_diff(want.len()) < want.len() / 100,
        "about as long"
    );
    assert_eq!(cache.printed, 1);
    let json_len = cache.packed_rate.1;
    // Printing, then packing (and writing, not counted here).
    let at_least = 100_000 / Slice::IDLE.assocs + json_len / Slice::IDLE.bytes;
    assert!(steps >= at_least, "{steps} steps, {at_least} at least");
}

#[test]
fn history_is_bounded() {
    let undo = vec![snapshot("test24-4"); MAX_SAVED_STEPS + 30];
    let saved = plain(snapshot("labmates"), History::from_stacks(undo, Vec::new()));
    let back = decode(&encode(&saved).unwrap()).unwrap();
    assert_eq!(back.history.undo_stack().len(), MAX_SAVED_STEPS);
}

/// A reload within the save delay goes to the address before the save; the session saved
/// from that address is newer and wins. A link the session did not come from (a new link
/// opened) wins over it; the link the session shows brings the whole session back.
#[test]
fn the_session_wins_over_the_address_it_was_saved_from() {
    let opened = fairshare::link::encode(&preset("labmates"), TieRule::Slurm);
    let link = |fragment: &str| fairshare::link::decode(fragment).unwrap().unwrap();
    let mut edited = snapshot("labmates");
    edited.scenario = preset("test24-4");
    let saved = Saved {
        from: fragment_hash(&opened),
        ..plain(
            edited,
            History::from_stacks(vec![snapshot("labmates")], Vec::new()),
        )
    };
    let saved = decode(&encode(&saved).unwrap()).unwrap();
    assert!(session_wins(&saved, &opened, &link(&opened)));
    // With or without the `#`.
    assert!(session_wins(&saved, &format!("#{opened}"), &link(&opened)));
    // A different link: it wins.
    let other = fairshare::link::encode(&preset("two-accounts"), TieRule::Slurm);
    assert!(!session_wins(&saved, &other, &link(&other)));
    // The same scenario with the other tie rule is another link.
    let documented = fairshare::link::encode(&preset("labmates"), TieRule::Documented);
    assert!(!session_wins(&saved, &documented, &link(&documented)));
    // The link of what the session shows: a plain reload.
    let shown = fairshare::link::encode(&preset("test24-4"), TieRule::Slurm);
    assert!(session_wins(&saved, &shown, &link(&shown)));
    // A session saved from an address without a link is matched by no link but its own.
    let unlinked = Saved {
        from: None,
        ..saved
    };
    assert!(!session_wins(&unlinked, &opened, &link(&opened)));
    assert!(session_wins(&unlinked, &shown, &link(&shown)));
    assert_eq!(fragment_hash(""), None);
    assert_eq!(fragment_hash("#"), None);
    assert_ne!(fragment_hash("#z=a"), fragment_hash("#z=b"));
}

#[test]
fn keys_separate_embeds_and_presets() {
    assert_eq!(key(false, None), "fairshare-explorer:session");
    assert_eq!(
        key(true, Some("test24-4")),
        "fairshare-explorer:session:embed:test24-4"
    );
    assert_eq!(key(false, Some("no-such")), "fairshare-explorer:session");
}
