//! `AppState`'s own tests: intents, undo, the memos.

use super::*;
use leptos::prelude::Owner;

fn scenario() -> Scenario {
    let text = r#"{"associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
      {"id": 3, "parent": 2, "account": "a", "user": "u1", "shares": 1, "usage_raw": 10},
      {"id": 4, "parent": 2, "account": "a", "user": "u2", "shares": 1, "usage_raw": 30}
    ]}"#;
    fairshare::scenario::parse(text).0.unwrap()
}

#[test]
fn a_state_made_for_a_preset_records_the_preset() {
    Owner::new().with(|| {
        let preset = crate::presets::by_id("classic-example").unwrap();
        let state = AppState::provide_preset(preset);
        assert_eq!(state.preset.get_untracked(), Some("classic-example"));
        assert_eq!(
            expect_context::<AppState>().preset.get_untracked(),
            Some("classic-example")
        );
        assert_eq!(
            state.scenario.with_untracked(|s| s.tree.len()),
            preset.scenario().tree.len()
        );
    });
}

#[test]
fn edits_rerank_and_undo_restores() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        let rank = |id: u32| {
            let ix = state.ix(AssocId(id)).unwrap();
            state.run.with(|r| r.assocs()[ix].rank)
        };
        assert_eq!((rank(3), rank(4)), (Some(2), Some(1)));
        state
            .set_usage(AssocId(3), LongDouble::from_u64(50))
            .unwrap();
        assert_eq!((rank(3), rank(4)), (Some(1), Some(2)));
        assert!(state.set_shares(AssocId(99), Shares::Value(1)).is_err());
        assert!(state.rename(AssocId(3), "bad/name").is_err());
        state.undo();
        assert_eq!((rank(3), rank(4)), (Some(2), Some(1)));
        state.redo();
        assert_eq!((rank(3), rank(4)), (Some(1), Some(2)));
        let new = state.add_child(AssocId(2), true, "u3").unwrap();
        assert_eq!(state.selected.get(), Some(new));
        state.delete(new).unwrap();
        assert_eq!(state.selected.get(), None);
        assert!(state.history.with(History::can_undo));
    });
}

/// A load counts (the tree view opens each loaded tree on its root), the same scenario loaded
/// again too; an edit, its undo and redo, and the undo of a load do not (the view stays).
#[test]
fn loads_count_loads_and_nothing_else() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        assert_eq!(state.loads.get_untracked(), 0);
        state.load(scenario(), Vec::new(), None);
        state.load(scenario(), Vec::new(), None);
        assert_eq!(state.loads.get_untracked(), 2);
        state
            .set_usage(AssocId(3), LongDouble::from_u64(50))
            .unwrap();
        state.undo();
        state.redo();
        state.undo();
        state.undo();
        assert_eq!(state.loads.get_untracked(), 2);
        let preset = crate::presets::by_id("classic-example").unwrap();
        state.start_over(preset.scenario(), Some(preset.id));
        assert_eq!(state.loads.get_untracked(), 3);
    });
}

/// The edit intents hand the engine's incremental ranking to `slurm_ranked`: equal to the
/// edited tree ranked from scratch, and taken as computed (a usage given on an account
/// changes nothing Slurm ranks, so the engine shares the hierarchy with the ranking before;
/// ranked from scratch it would be a new one).
#[test]
fn edits_take_the_engines_incremental_ranking() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        let before = state.slurm_ranked.with(Ranked::shared_hierarchy);
        state
            .set_usage(AssocId(2), LongDouble::from_u64(7))
            .unwrap();
        let after = state.slurm_ranked.with(Ranked::shared_hierarchy);
        assert!(
            Arc::ptr_eq(&before, &after),
            "the engine's ranking was taken"
        );
        state
            .set_usage(AssocId(3), LongDouble::from_u64(50))
            .unwrap();
        state.set_shares(AssocId(4), Shares::Value(3)).unwrap();
        let fresh = state
            .scenario
            .with(|s| Ranked::new(&s.tree, TieRule::Slurm));
        assert!(state.slurm_ranked.with(|r| *r == fresh));
        // An undo ranks the tree it restores (no incremental ranking is pending for it).
        state.undo();
        let fresh = state
            .scenario
            .with(|s| Ranked::new(&s.tree, TieRule::Slurm));
        assert!(state.slurm_ranked.with(|r| *r == fresh));
    });
}

#[test]
fn undo_restores_what_belongs_to_the_state_and_nothing_else() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        let sshare = [
            "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS",
            "root|||0.000000|10||1.000000||",
            " a||1|1.000000|10|1.000000|1.000000||1.000000",
            "  a|x|1|1.000000|10|1.000000|1.000000|1.000000|1.000000",
        ]
        .join("\n");
        let imported = fairshare::import::import(&sshare);
        let printed = imported.printed.clone();
        assert!(!printed.is_empty(), "the import has printed rows");
        let scenario_b = imported.scenario.unwrap();
        state.load(scenario_b.clone(), printed.clone(), None);
        state
            .set_usage(state.id_at(2).unwrap(), LongDouble::from_u64(5))
            .unwrap();
        state.reset_baseline();
        state.set_tie_rule(TieRule::Documented);
        state.undo(); // the usage edit: baseline and rows of that time come back
        assert_eq!(state.baseline.get(), scenario_b);
        assert_eq!(*state.printed.get(), *printed);
        state.undo(); // the import: the first scenario, no printed rows, its baseline
        assert_eq!(state.scenario.get(), scenario());
        assert_eq!(state.baseline.get(), scenario());
        assert!(state.printed.get().is_empty());
        assert_eq!(
            state.tie_rule.get(),
            TieRule::Documented,
            "not part of a step"
        );
        state.redo();
        assert_eq!(*state.printed.get(), *printed);
    });
}

#[test]
fn the_frame_follows_the_cursor_and_the_tie_rule() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        let steps = state.run.with(|r| r.steps().len());
        assert_eq!(
            state.frame.with(|f| f.cursor),
            steps,
            "static first: the finished walk"
        );
        state.set_cursor(Some(1));
        assert_eq!(state.frame.with(|f| f.cursor), 1);
        let hierarchy = state.hierarchy.get();
        state.set_tie_rule(TieRule::Documented);
        assert_eq!(state.run.with(|r| r.tie_rule()), TieRule::Documented);
        assert!(
            Arc::ptr_eq(&hierarchy, &state.hierarchy.get()),
            "another tie rule ranks the same hierarchy again"
        );
        assert_eq!(state.with_slurm_run(|r| r.tie_rule()), TieRule::Slurm);
        assert_eq!(state.ranked.with(Ranked::rule), TieRule::Documented);
        assert!(state.ranked.with(|r| {
            state
                .slurm_ranked
                .with(|s| Arc::ptr_eq(&r.shared_hierarchy(), &s.shared_hierarchy()))
        }));
    });
}

/// While the walk plays, the frame memo moves its one frame to the next cursor in place
/// (`Ranked::move_frame`), equal to the frame built at that cursor; scrubbed back too; an edit
/// mid-walk (a new run) builds the new run's frame, never moves the old one over new steps.
#[test]
fn playing_moves_the_one_frame_in_place() {
    Owner::new().with(|| {
        let preset = crate::presets::by_id("classic-example").unwrap();
        let state = AppState::provide_preset(preset);
        let frame_at = |k: usize| state.ranked.with_untracked(|r| r.frame(k));
        let len = state.run.with_untracked(|r| r.steps().len());
        state.set_cursor(Some(0));
        let first = state.frame.with(Arc::as_ptr);
        for k in 1..=len {
            state.set_cursor(Some(k));
            state.frame.with(|f| {
                assert_eq!(**f, frame_at(k), "cursor {k}");
                assert_eq!(Arc::as_ptr(f), first, "moved in place, not built again");
            });
        }
        state.set_cursor(Some(3));
        assert_eq!(state.frame.with(|f| (**f).clone()), frame_at(3));
        let user = state
            .scenario
            .with_untracked(|s| s.tree.assocs().iter().find(|a| a.is_user()).map(|a| a.id))
            .unwrap();
        state
            .set_usage(user, LongDouble::from_u64(123_456))
            .unwrap();
        let k = state.cursor().get_untracked().unwrap();
        assert_eq!(
            state.frame.with(|f| (**f).clone()),
            frame_at(k),
            "the edited run's"
        );
        state.set_cursor(Some(k + 1));
        assert_eq!(state.frame.with(|f| (**f).clone()), frame_at(k + 1));
        state.set_cursor(None);
        assert_eq!(state.frame.with(|f| (**f).clone()), frame_at(usize::MAX));
    });
}

/// An edit whose run walks as the one before (no entry of a sibling list moves) keeps the
/// trace (`steps`, the same handle) and so the frame and everything read from the trace; one
/// that moves a user gives a new trace and frame.
#[test]
fn an_edit_that_moves_nobody_keeps_the_trace_and_the_frame() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        let (steps, frame) = (state.steps.get(), state.frame.get());
        // u1 (10) stays ahead of u2 (30 -> 31).
        state
            .set_usage(AssocId(4), LongDouble::from_u64(31))
            .unwrap();
        assert!(Arc::ptr_eq(&steps, &state.steps.get()), "the same trace");
        assert!(Arc::ptr_eq(&frame, &state.frame.get()), "the same frame");
        assert_eq!(
            *state.frame.get(),
            state.ranked.with_untracked(|r| r.frame(usize::MAX))
        );
        // u2 without usage goes ahead of u1.
        state
            .set_usage(AssocId(4), LongDouble::from_u64(0))
            .unwrap();
        assert!(!Arc::ptr_eq(&steps, &state.steps.get()), "a new trace");
        assert_eq!(
            *state.frame.get(),
            state.ranked.with_untracked(|r| r.frame(usize::MAX))
        );
    });
}

/// The decay timeline's inputs are app state: a change is one undoable step, and with the
/// timeline moved the tree at its time is computed again in that same step.
#[test]
fn decay_inputs_change_in_one_undoable_step() {
    use fairshare::decay::Job;
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        let with_job = |inputs: &DecayInputs| DecayInputs {
            jobs: Arc::from([Job::running(AssocId(3), 10.0, 0)]),
            ..inputs.clone()
        };
        let inputs = state.decay().with_untracked(|c| c.inputs.clone());
        assert_eq!(inputs, DecayInputs::default());
        // At t = 0 only the inputs change (the tree is its own t = 0).
        state
            .set_decay_inputs(with_job(&inputs), |_, _, _| unreachable!("t = 0"))
            .unwrap();
        assert_eq!(state.decay().with(|c| c.inputs.jobs.len()), 1);
        assert_eq!(state.scenario().get(), scenario());
        state.undo();
        assert_eq!(state.decay().with(|c| c.inputs.clone()), inputs);
        state.redo();
        assert_eq!(state.decay().with(|c| c.inputs.jobs.len()), 1);
        // The same inputs again: no step.
        let steps = state.history().with(|h| h.undo_stack().len());
        state
            .set_decay_inputs(with_job(&inputs), |_, _, _| unreachable!())
            .unwrap();
        assert_eq!(state.history().with(|h| h.undo_stack().len()), steps);
        // Moved to t = 60: a schedule change recomputes the tree there, in one step.
        state
            .move_in_time(60, |base| {
                base.with_usage(AssocId(3), LongDouble::from_u64(11))
            })
            .unwrap();
        let faster = DecayInputs {
            half_life: Arc::from("1"),
            ..state.decay().with_untracked(|c| c.inputs.clone())
        };
        let steps = state.history().with(|h| h.undo_stack().len());
        state
            .set_decay_inputs(faster.clone(), |base, inputs, t| {
                assert_eq!((t, inputs.schedule().half_life_secs), (60, 60));
                Ok((120, base.with_usage(AssocId(3), LongDouble::from_u64(12))?))
            })
            .unwrap();
        assert_eq!(state.history().with(|h| h.undo_stack().len()), steps + 1);
        assert_eq!(
            state.decay().with(|c| (c.time, c.inputs.clone())),
            (120, faster)
        );
        let usage = |state: AppState| {
            state
                .scenario()
                .with(|s| s.tree.get(AssocId(3)).unwrap().usage_raw)
        };
        assert_eq!(usage(state), LongDouble::from_u64(12));
        state.undo();
        assert_eq!(usage(state), LongDouble::from_u64(11));
        assert_eq!(
            state.decay().with(|c| (c.time, c.inputs.half_life.clone())),
            (60, Arc::from("7-0"))
        );
        // A refusal changes nothing.
        assert!(
            state
                .set_decay_inputs(DecayInputs::default(), |base, _, _| {
                    base.with_name(AssocId(3), "bad/name").map(|t| (60, t))
                })
                .is_err()
        );
        assert_eq!(state.history().with(|h| h.undo_stack().len()), steps);
        // Another edit restarts the timeline but keeps its inputs.
        state.rename(AssocId(3), "u9").unwrap();
        assert_eq!(
            state.decay().with(|c| (c.time, c.inputs.jobs.len())),
            (0, 1)
        );
    });
}

/// A usage edit wakes only what it changes: the decay clock standing at t = 0 and a cursor
/// inside the new walk are not written, so nothing that reads them recomputes (each was a
/// notification per edit to every reader); a moved clock and a cursor past the new walk's end
/// still change.
#[test]
fn an_edit_leaves_the_clock_at_t0_and_a_cursor_in_range_unwritten() {
    use std::sync::atomic::{AtomicU32, Ordering};
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        // How many times a memo that reads only `read` has computed, read after the changes.
        let counter = |read: fn(AppState)| {
            let n = Arc::new(AtomicU32::new(0));
            let seen = Arc::clone(&n);
            let memo = Memo::new(move |_| {
                read(state);
                seen.fetch_add(1, Ordering::Relaxed) + 1
            });
            move || {
                memo.get();
                n.load(Ordering::Relaxed)
            }
        };
        let clock_reads = counter(|state| state.decay().track());
        let cursor_reads = counter(|state| state.cursor().track());
        state.set_cursor(Some(1));
        assert_eq!((clock_reads(), cursor_reads()), (1, 1));
        for u in [50, 60] {
            state
                .set_usage(AssocId(3), LongDouble::from_u64(u))
                .unwrap();
            state
                .set_shares(AssocId(4), Shares::Value(u as u32))
                .unwrap();
        }
        assert_eq!(
            (clock_reads(), cursor_reads()),
            (1, 1),
            "four edits, nothing else written"
        );
        assert_eq!(state.cursor().get_untracked(), Some(1));
        // A cursor past the end of the new walk is clamped (the walk has fewer steps than this).
        state.set_cursor(Some(usize::MAX));
        let end = state.run.with_untracked(|r| r.steps().len());
        assert_eq!(state.cursor().get_untracked(), Some(end));
        // A moved clock restarts with the next edit.
        state
            .move_in_time(60, |base| {
                base.with_usage(AssocId(3), LongDouble::from_u64(7))
            })
            .unwrap();
        let reads = clock_reads();
        state
            .set_usage(AssocId(3), LongDouble::from_u64(8))
            .unwrap();
        assert_eq!(clock_reads(), reads + 1);
        assert_eq!(
            state.decay().with_untracked(|c| (c.time, c.base.is_none())),
            (0, true)
        );
    });
}

/// An edit's memos keep the ranking and frame they replace alive (freed after the frame that
/// shows the edit, in the browser's next idle period), one old value each: the next edit frees
/// the one before.
#[test]
fn a_replaced_ranking_is_freed_later_and_only_one_is_kept() {
    Owner::new().with(|| {
        drop_later::release();
        let state = AppState::new(scenario());
        let first_run = Arc::downgrade(&state.run.get_untracked());
        let first_frame = Arc::downgrade(&state.frame.get_untracked());
        state
            .set_usage(AssocId(3), LongDouble::from_u64(50))
            .unwrap();
        // The memos are read, as the page reads them after an edit.
        let second_run = Arc::downgrade(&state.run.get_untracked());
        let second_frame = Arc::downgrade(&state.frame.get_untracked());
        assert!(first_run.upgrade().is_some(), "the old run is kept");
        assert!(first_frame.upgrade().is_some(), "the old frame is kept");
        // (u1 back ahead of u2: a new walk, so a new frame; an edit that moves nobody keeps
        // the frame.)
        state
            .set_usage(AssocId(3), LongDouble::from_u64(20))
            .unwrap();
        state.frame.with_untracked(|_| ());
        assert!(
            first_run.upgrade().is_none(),
            "only one old ranking is kept"
        );
        assert!(
            first_frame.upgrade().is_none(),
            "only one old frame is kept"
        );
        assert!(second_run.upgrade().is_some() && second_frame.upgrade().is_some());
        assert!(drop_later::kept() > 0);
        drop_later::release();
        assert!(second_run.upgrade().is_none() && second_frame.upgrade().is_none());
        // The frame shown is the finished walk of the current run.
        let end = state
            .run
            .with_untracked(|r| Frame::at(r.steps(), r.steps().len()));
        assert_eq!(*state.frame.get_untracked(), end);
    });
}

/// The classic memo is made by its first reader (a split panel), but under the state's owner:
/// it outlives the reader's owner (a panel closed), is the same memo for every reader, follows
/// edits, and carries each run over from the one before it (S shared after a usage edit).
#[test]
fn the_classic_memo_is_made_on_first_read_and_outlives_its_reader() {
    Owner::new().with(|| {
        let state = AppState::new(scenario());
        assert!(state.classic.with_value(|slot| slot.memo.is_none()));
        let reader = Owner::current().expect("the test's owner").child();
        let (memo, before) = reader.with(|| {
            let memo = state.classic();
            (memo, memo.get_untracked())
        });
        reader.cleanup();
        drop(reader);
        assert_eq!(state.classic(), memo);
        let u1 = state.ix(AssocId(3)).unwrap();
        assert_eq!(before.fairshare(u1), memo.get_untracked().fairshare(u1));
        // Computed whole (as the tab's orders do): the next run carries its arrays over.
        before.compute_all();
        state
            .set_usage(AssocId(3), LongDouble::from_u64(50))
            .unwrap();
        let after = memo
            .try_get_untracked()
            .expect("not disposed with its reader");
        assert_ne!(after.fairshare(u1), before.fairshare(u1));
        assert!(after.shares_shared_with(&before));
        let fresh = state
            .slurm_ranked
            .with_untracked(|r| r.classic(&state.scenario.with_untracked(|s| s.params.clone())));
        assert_eq!(*after, fresh);
    });
}
