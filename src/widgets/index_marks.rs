//! Per-association signals for views that draw one element per association: [`KeyedMarks`]
//! (by id) and [`IndexMarks`] (by position) keep one signal per element in step with a reactive
//! computation of all values; [`settled`] is the one-value case.
//!
//! Why: if N elements (the tree's cards and treeitems) each read one signal that changes often,
//! every change re-runs N closures, and each re-run unsubscribes from and resubscribes to that
//! signal. A signal's subscriber set removes in O(subscribers), so a change costs O(N²): about
//! 100 ms per animation step on a 500-association tree in WebAssembly (measured with
//! e2e/bench/player-frames.mjs). With one signal per position, written only when that position's
//! value changes, a change re-runs only the elements whose look changes. This is the `Selector`
//! idea of reactive_graph, with values. Used by `FrameMarks` (the animation), `CompareMarks`
//! (the comparison highlight) and `TreeCtx::nodes` (the tree model's node views).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;

/// Per-position signals, made on demand: only the positions somebody reads have a signal, so a
/// change costs O(n) to compute the values (a plain vector) plus O(read positions) to compare
/// and write, not one hash lookup and signal per association (on a 100k tree, the tree shows a
/// few hundred). Derived state, written only by the render effect that [`IndexMarks::new`]
/// creates.
pub struct IndexMarks<T: 'static> {
    values: StoredValue<Vec<T>>,
    signals: StoredValue<HashMap<usize, ArcRwSignal<T>>>,
    runs: StoredValue<u64>,
    _sync: StoredValue<Arc<RenderEffect<()>>>,
}

impl<T: 'static> Clone for IndexMarks<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for IndexMarks<T> {}

impl<T> IndexMarks<T>
where
    T: Clone + Default + PartialEq + Send + Sync + 'static,
{
    /// Tracks `compute` (the value of every position) and writes each read position's signal
    /// only when its value changed; positions past a shorter vector read as the default.
    pub fn new(compute: impl Fn() -> Vec<T> + Send + Sync + 'static) -> Self {
        let values = StoredValue::new(Vec::new());
        let signals: StoredValue<HashMap<usize, ArcRwSignal<T>>> = StoredValue::new(HashMap::new());
        let runs = StoredValue::new(0);
        let sync = RenderEffect::new_isomorphic(move |_: Option<()>| {
            runs.update_value(|r| *r += 1);
            let new = compute();
            signals.with_value(|m| {
                for (&ix, signal) in m {
                    let value = new.get(ix).cloned().unwrap_or_default();
                    if signal.with_untracked(|old| *old != value) {
                        signal.set(value);
                    }
                }
            });
            values.set_value(new);
        });
        Self {
            values,
            signals,
            runs,
            _sync: StoredValue::new(Arc::new(sync)),
        }
    }

    /// How many times the values were computed (the first time included): what a change of the
    /// computation's sources cost, for tests.
    pub fn runs(self) -> u64 {
        self.runs.get_value()
    }

    /// The value at `ix` (tracked: the caller re-runs when it changes); the default when `ix` is
    /// out of range.
    pub fn get(self, ix: usize) -> T {
        let signal = self.signals.with_value(|m| m.get(&ix).cloned());
        let signal = signal.unwrap_or_else(|| {
            let value = self
                .values
                .with_value(|v| v.get(ix).cloned().unwrap_or_default());
            let signal = ArcRwSignal::new(value);
            self.signals.update_value(|m| {
                m.insert(ix, signal.clone());
            });
            signal
        });
        signal.get()
    }
}

/// A value computed from signals, held in a signal that is written only when the value changes.
///
/// Why not a `Memo`: when a memo's source changes, reactive_graph marks everything downstream
/// of the memo "check" before it knows whether the value changed, cloning each node's
/// subscriber set on the way. For the tree model's "lists not yet sorted" input, which changes
/// on a few steps of the walk but is recomputed on every step, that meant visiting the tree
/// model's ~1,000 readers on every step (about a third of a step's script time on a
/// 500-association tree, measured with e2e/bench/player-profile.mjs). An effect that compares
/// and writes stops the propagation at the comparison.
pub fn settled<T>(compute: impl Fn() -> T + Send + Sync + 'static) -> ReadSignal<T>
where
    T: Clone + Default + PartialEq + Send + Sync + 'static,
{
    let value = RwSignal::new(T::default());
    let sync = RenderEffect::new_isomorphic(move |_: Option<()>| {
        let new = compute();
        if value.with_untracked(|old| *old != new) {
            value.set(new);
        }
    });
    // The effect lives as long as the reactive owner (as `KeyedMarks`' does).
    StoredValue::new(Arc::new(sync));
    value.read_only()
}

/// One signal per key, written only when that key's value changes. For views with one element
/// per key whose values all come from one large computation (the tree model's node views, read
/// by a card and a treeitem per association; by position, [`IndexMarks`]).
///
/// Why: with N readers of the memo, every change re-ran all N, and each re-run unsubscribed
/// from the memo and subscribed again; unsubscribing is O(N) (an ordered set), so a change cost
/// O(N²) — about 12 ms of script per sorting step of the animation on a 500-association tree
/// (e2e/bench/player-profile.mjs --granularity group), before any view was updated.
pub struct KeyedMarks<K: 'static, T: 'static> {
    marks: RwSignal<HashMap<K, ArcRwSignal<T>>>,
    _sync: StoredValue<Option<Arc<RenderEffect<()>>>>,
}

impl<K: 'static, T: 'static> Clone for KeyedMarks<K, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: 'static, T: 'static> Copy for KeyedMarks<K, T> {}

impl<K, T> KeyedMarks<K, T>
where
    K: Copy + Eq + Hash + Send + Sync + 'static,
    T: Clone + Default + PartialEq + Send + Sync + 'static,
{
    /// Tracks `compute` (the value of every present key) and writes each key's signal only when
    /// its value changed; keys that disappear get the default. The map itself changes (and every
    /// reader looks again) only when a key is seen for the first time.
    pub fn new(compute: impl Fn() -> Vec<(K, T)> + Send + Sync + 'static) -> Self {
        let res = Self::unsynced();
        let sync = RenderEffect::new_isomorphic(move |_: Option<()>| res.sync(compute()));
        res._sync.set_value(Some(Arc::new(sync)));
        res
    }

    /// Marks that [`KeyedMarks::sync`] writes, for a caller's own effect that keeps several in
    /// step (each written in turn, before any reader wakes).
    pub fn unsynced() -> Self {
        Self {
            marks: RwSignal::new(HashMap::new()),
            _sync: StoredValue::new(None),
        }
    }

    /// Writes the value of every present key (`new`), each key's signal only when its value
    /// changed; keys that disappear get the default. The map itself changes (and every reader
    /// looks again) only when a key is seen for the first time.
    pub fn sync(self, new: Vec<(K, T)>) {
        self.sync_by(new, T::eq);
    }

    /// [`KeyedMarks::sync`], a key's signal written only when `same` says its value changed
    /// (a value `same` finds unchanged is not written: its readers read the old one).
    pub fn sync_by(self, new: Vec<(K, T)>, same: impl Fn(&T, &T) -> bool) {
        let marks = self.marks;
        let mut added = Vec::new();
        marks.with_untracked(|m| {
            let mut seen = std::collections::HashSet::with_capacity(new.len());
            for (key, value) in new {
                seen.insert(key);
                match m.get(&key) {
                    Some(signal) => {
                        if signal.with_untracked(|old| !same(old, &value)) {
                            signal.set(value);
                        }
                    }
                    None => added.push((key, value)),
                }
            }
            for (key, signal) in m {
                if !seen.contains(key) && signal.with_untracked(|old| *old != T::default()) {
                    signal.set(T::default());
                }
            }
        });
        if !added.is_empty() {
            marks.update(|m| {
                m.extend(added.into_iter().map(|(k, v)| (k, ArcRwSignal::new(v))));
            });
        }
    }

    /// `f` of the value of `key`, tracked as [`KeyedMarks::get`], without cloning the value.
    pub fn with<R>(self, key: K, f: impl FnOnce(&T) -> R) -> R {
        match self.marks.with_untracked(|m| m.get(&key).cloned()) {
            Some(signal) => signal.with(f),
            None => {
                self.marks.track();
                f(&T::default())
            }
        }
    }

    /// The value of `key` (tracked: the caller re-runs when it changes); the default for a key
    /// never seen.
    ///
    /// A key's signal never changes once made, so a reader of a known key tracks that signal
    /// only: if all readers tracked the map too, each re-run would unsubscribe from a signal
    /// with thousands of subscribers (O(N) each, O(N²) per change again). A reader of an
    /// unknown key tracks the map, to hear when the key appears.
    pub fn get(self, key: K) -> T {
        match self.marks.with_untracked(|m| m.get(&key).cloned()) {
            Some(signal) => signal.get(),
            None => {
                self.marks.track();
                T::default()
            }
        }
    }
}
