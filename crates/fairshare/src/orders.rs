//! Classic order beside Fair Tree order: the user associations ranked by classic's factor F
//! (highest first: a job's priority reads F) and by Fair Tree's rank (highest first, the
//! visiting order between equal ranks), each user with its place in both lists.
//!
//! Equal keys share the place of the first of them (1, 2, 2, 4). O(U) for U users (at most
//! six radix passes over the users' integer keys, or none for Fair Tree's order, read off
//! its walk; after an edit, the classic list carried over from the one before it, only the
//! users it moved sorted again: [`classic_beside_fair_tree_after`]), then each user's place in
//! the other list through a table by position. The count
//! of moves and lookups is returned as [`Orders::work`], so the 100,000-association hardening
//! test holds it to U · log U by counting, not by timing.

use std::cell::Cell;
use std::sync::Arc;

use crate::Ranked;
use crate::classic::{ArraysJob, ClassicRun};
use crate::hierarchy::Hierarchy;

/// One user in one of the two orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The user's position in the tree.
    pub ix: usize,
    /// Its place in this order (1 = first; equal values share a place).
    pub place: usize,
    /// Its place in the other order.
    pub other_place: usize,
}

impl Placed {
    /// Whether the two algorithms put this user in different places.
    pub fn differs(&self) -> bool {
        self.place != self.other_place
    }
}

/// The users in classic order and in Fair Tree order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Orders {
    /// Classic: by F, highest first.
    pub classic: Vec<Placed>,
    /// Fair Tree: by rank, highest first.
    pub fair_tree: Vec<Placed>,
    /// Moves and lookups spent (O(U)).
    pub work: u64,
    /// How many users the two orders place differently (counted once, as they are placed).
    differ: usize,
}

impl Orders {
    /// How many users the two orders place differently. O(1).
    pub fn n_differ(&self) -> usize {
        self.differ
    }
}

/// Both orders of `ranked`'s users; `classic` is `ranked.classic(…)`. Empty when the runs do
/// not belong to the tree.
///
/// Each user's sort key is an integer whose order is the order of the list (classic: F,
/// highest first; Fair Tree: rank, highest first, then the visiting order), sorted by a radix
/// sort that keeps list order between equal keys: no comparison of values at all. Fair Tree's
/// walk visits users in its order already, so that list is read off the visiting order and
/// checked (O(U)); it is sorted only if the check fails. Places are kept by association (not
/// by position in the list order), so no table from one to the other is built.
pub fn classic_beside_fair_tree(ranked: &Ranked, classic: &ClassicRun) -> Orders {
    orders(None, ranked, classic)
}

/// [`classic_beside_fair_tree`], equal to it in every list and place, with the classic list
/// taken from `prev` (the orders before an edit) where that is cheaper than sorting: an edit
/// moves few users in it (a usage edit changes every F, but almost all by one common factor).
///
/// The classic list is the users sorted by (F's key, list position), a total order (no two
/// users share a list position), so exactly one sequence is sorted by it: the stable sort's.
/// `prev`'s list, if it holds each user once, is walked in its order, keeping a sorted
/// subsequence and setting aside each user that would break it together with the kept user
/// it is below (so at most twice as many as the fewest users whose removal leaves the rest
/// sorted); the set-aside users are sorted and merged back. Too many set aside (an edit that
/// reorders much, or a `prev` of another tree), and the list is sorted from scratch.
pub fn classic_beside_fair_tree_after(
    prev: &Orders,
    ranked: &Ranked,
    classic: &ClassicRun,
) -> Orders {
    orders(Some(prev), ranked, classic)
}

fn orders(prev: Option<&Orders>, ranked: &Ranked, classic: &ClassicRun) -> Orders {
    if !belong(ranked, classic) {
        return Orders::default();
    }
    let work = Cell::new(0u64);
    let by_f = classic_list(prev, ranked, classic, &work);
    both_orders(by_f, ranked, &work)
}

/// Whether the runs are of one tree.
fn belong(ranked: &Ranked, classic: &ClassicRun) -> bool {
    let n = ranked.tree().len();
    classic.len() == n && ranked.run().assocs().len() == n && ranked.hierarchy().len() == n
}

/// The users by F, highest first (carried over from `prev` where that is cheaper), with F's key.
fn classic_list(
    prev: Option<&Orders>,
    ranked: &Ranked,
    classic: &ClassicRun,
    work: &Cell<u64>,
) -> Vec<(u64, u32)> {
    let h = ranked.hierarchy();
    // Classic has no ranking of its own: a job's priority reads F, so higher F comes first;
    // equal F keep the list order (the keys are made in list order; the sort is stable).
    let f = classic.factors();
    match prev.and_then(|p| carried_order(&p.classic, h, f, work)) {
        Some(order) => order,
        None => {
            let keys = keyed_users(h, |ix| factor_key(f[ix]));
            work.set(work.get() + h.len() as u64);
            sorted_by_key(keys, work)
        }
    }
}

/// The orders from the classic list `by_f` ([`classic_list`]): Fair Tree's list, and each
/// user's places.
fn both_orders(by_f: Vec<(u64, u32)>, ranked: &Ranked, work: &Cell<u64>) -> Orders {
    let (tree, h, ft) = (ranked.tree(), ranked.hierarchy(), ranked.run());
    let n = tree.len();
    let fa = ft.assocs();
    let count = |k: usize| work.set(work.get() + k as u64);
    let is_user = |&ix: &usize| h.is_user(ix);
    // Fair Tree: rank N is first; the visiting order only orders equal ranks (they share one).
    // `None` (not visited) before every visit, as `Option`'s order has it (a visit is a
    // position in the visiting order, below the number of associations: + 1 cannot wrap).
    let rank_key = |ix: usize| {
        let a = &fa[ix];
        let v = a.visit.map_or(0, |v| v.saturating_add(1));
        (u64::from(u32::MAX - a.rank.unwrap_or(0)) << 32) | u64::from(v)
    };
    let by_rank = match visiting_order(ft.visit_order(), by_f.len(), &is_user, &rank_key) {
        Some(order) => order,
        None => sorted_by_key(keyed_users(h, rank_key), work),
    };
    count(2 * n);

    // Each user's place in each list, by association; then each list with the other place.
    let mut classic_at = vec![0u32; n];
    places(
        &by_f,
        |a, b| a == b && !f64::from_bits(factor_bits(a)).is_nan(),
        &mut classic_at,
    );
    let mut ft_at = vec![0u32; n];
    places(&by_rank, |a, b| a >> 32 == b >> 32, &mut ft_at);
    count(4 * by_f.len());
    let placed = |list: &[(u64, u32)], at: &[u32], other: &[u32]| -> Vec<Placed> {
        list.iter()
            .map(|&(_, ix)| {
                let ix = ix as usize;
                Placed {
                    ix,
                    place: at[ix] as usize,
                    other_place: other[ix] as usize,
                }
            })
            .collect()
    };
    let classic = placed(&by_f, &classic_at, &ft_at);
    let differ = classic.iter().filter(|e| e.differs()).count();
    Orders {
        classic,
        fair_tree: placed(&by_rank, &ft_at, &classic_at),
        work: work.get(),
        differ,
    }
}

/// [`classic_beside_fair_tree`] (or, given the orders before an edit,
/// [`classic_beside_fair_tree_after`]) a slice at a time, for a reader that must not hold the
/// thread for it all at once: the classic run's values ([`ArraysJob`], slices of at most the
/// budget's associations), then the classic list, then the Fair Tree list and the places (one
/// slice each). The same orders.
pub struct OrdersJob {
    prev: Option<Arc<Orders>>,
    ranked: Ranked,
    arrays: ArraysJob,
    by_f: Option<Vec<(u64, u32)>>,
    work: u64,
    done: Option<Orders>,
}

impl OrdersJob {
    /// The job of both orders of `ranked`'s users, `classic` being `ranked`'s classic run,
    /// carried over from `prev` (the orders before an edit) where that is cheaper.
    pub fn new(prev: Option<Arc<Orders>>, ranked: Ranked, classic: Arc<ClassicRun>) -> OrdersJob {
        OrdersJob {
            prev,
            ranked,
            arrays: ArraysJob::new(classic),
            by_f: None,
            work: 0,
            done: None,
        }
    }

    /// Does about `budget` associations' part of the work (at least one step), and whether
    /// the orders are made ([`OrdersJob::finish`] then takes them in O(1)).
    pub fn step(&mut self, budget: usize) -> bool {
        if self.done.is_some() {
            return true;
        }
        let classic = Arc::clone(self.arrays.run());
        if !belong(&self.ranked, &classic) {
            self.done = Some(Orders::default());
            return true;
        }
        if !self.arrays.step(budget) {
            return false;
        }
        let work = Cell::new(self.work);
        match self.by_f.take() {
            None => {
                let list = classic_list(self.prev.as_deref(), &self.ranked, &classic, &work);
                self.prev = None;
                self.by_f = Some(list);
                self.work = work.get();
                false
            }
            Some(by_f) => {
                self.done = Some(both_orders(by_f, &self.ranked, &work));
                true
            }
        }
    }

    /// The orders, computing what is left at once.
    pub fn finish(mut self) -> Orders {
        while !self.step(usize::MAX) {}
        self.done.take().unwrap_or_default()
    }
}

/// The users in list order, each with its `key`: one slot per user written in place (at
/// opt-level z, as the WebAssembly is built, a `push` per user is a call).
fn keyed_users(h: &Hierarchy, key: impl Fn(usize) -> u64) -> Vec<(u64, u32)> {
    let users = h.list_order().iter().filter(|&&ix| h.is_user(ix)).count();
    let mut keys = vec![(0u64, 0u32); users];
    for (slot, &ix) in keys
        .iter_mut()
        .zip(h.list_order().iter().filter(|&&ix| h.is_user(ix)))
    {
        *slot = (key(ix), ix as u32);
    }
    keys
}

/// The users of `prev` (the classic list before an edit) sorted by (`key`, list position) as
/// [`sorted_by_key`] sorts the users in list order, if `prev` holds each user of `h` once and
/// is nearly in that order ([`classic_beside_fair_tree_after`]); `None` otherwise. `f` is F
/// by association (the key is [`factor_key`] of it).
///
/// Slices and counters rather than `Vec` methods: at opt-level z, as the WebAssembly is built,
/// a `Vec` index or `push` is a call.
fn carried_order(
    prev: &[Placed],
    h: &Hierarchy,
    f: &[f64],
    work: &Cell<u64>,
) -> Option<Vec<(u64, u32)>> {
    const UNSEEN: u8 = 0;
    const KEPT: u8 = 1;
    const APART: u8 = 2;
    let n = h.len();
    let (list, is_user) = (h.list_order(), &h.is_user[..]);
    if f.len() != n || is_user.len() != n {
        return None;
    }
    // Each user's position in the list order (u32::MAX: not a user).
    let mut pos_held = vec![u32::MAX; n];
    let pos = &mut pos_held[..];
    let mut users = 0usize;
    for &ix in list {
        if is_user[ix] {
            pos[ix] = users as u32;
            users += 1;
        }
    }
    if prev.len() != users {
        return None;
    }
    let pos = &pos_held[..];
    // Beyond this many set aside, the sort from scratch costs less (a short list is always
    // merged: it costs little either way).
    let limit = users / 8 + 32;
    let mut state_held = vec![UNSEEN; n];
    let state = &mut state_held[..];
    let mut kept_held = vec![(0u64, 0u32); users];
    let kept = &mut kept_held[..];
    let (mut n_kept, mut apart) = (0usize, 0usize);
    // The last kept user's (key, list position): the kept ones are sorted by it.
    let mut last = (0u64, 0u32);
    for p in prev {
        let ix = p.ix;
        // `prev` must hold each user once (else it is another tree's list).
        if ix >= n || pos[ix] == u32::MAX || state[ix] != UNSEEN {
            return None;
        }
        let item = (factor_key(f[ix]), pos[ix]);
        if n_kept > 0 && last > item {
            // Set aside this user and the kept one it is below.
            n_kept -= 1;
            state[kept[n_kept].1 as usize] = APART;
            state[ix] = APART;
            apart += 2;
            if apart > limit {
                return None;
            }
            if n_kept > 0 {
                let (k, t) = kept[n_kept - 1];
                last = (k, pos[t as usize]);
            }
        } else {
            state[ix] = KEPT;
            kept[n_kept] = (item.0, ix as u32);
            n_kept += 1;
            last = item;
        }
    }
    // The set-aside users in list order, sorted stably by key: by (key, list position).
    let mut aside = vec![(0u64, 0u32); apart];
    let mut j = 0;
    for &ix in list {
        if state[ix] == APART {
            aside[j] = (factor_key(f[ix]), ix as u32);
            j += 1;
        }
    }
    drop(state_held);
    let aside_held = sorted_by_key(aside, work);
    let aside = &aside_held[..];
    let kept = &kept_held[..n_kept];
    work.set(work.get() + 3 * n as u64);
    // Merge the two sorted sequences (no two users are equal by (key, list position)).
    let mut order_held = vec![(0u64, 0u32); users];
    let (mut i, mut j) = (0, 0);
    for slot in order_held.iter_mut() {
        let take_aside = j < aside.len()
            && (i == kept.len() || {
                let (a, k) = (aside[j], kept[i]);
                (a.0, pos[a.1 as usize]) < (k.0, pos[k.1 as usize])
            });
        if take_aside {
            *slot = aside[j];
            j += 1;
        } else {
            *slot = kept[i];
            i += 1;
        }
    }
    Some(order_held)
}

/// The key of F in the classic list: unsigned order is F's `f64::total_cmp` order, highest
/// first, with −0 and +0 one key (they are equal F).
fn factor_key(f: f64) -> u64 {
    let f = if f == 0.0 { 0.0 } else { f };
    !total_order_key(f)
}

/// The bits of the F whose [`factor_key`] is `key`.
fn factor_bits(key: u64) -> u64 {
    let k = !key;
    if k >> 63 == 1 { k & !(1 << 63) } else { !k }
}

/// A key whose unsigned order is `f64::total_cmp`'s.
fn total_order_key(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// `items` (a key and an association each) ordered by key, equal keys in their order in
/// `items` (stable): a least significant digit radix sort of 11-bit digits (six passes cover
/// 64 bits). One pass over the keys counts every digit; a digit every key shares is skipped.
/// Integers only, O(len) per pass; the moves are counted into `work`.
///
/// Eleven bits rather than eight: at most six scatter passes instead of eight, and one counting
/// pass instead of one per digit, while the 2,048 counters of a digit stay in cache.
fn sorted_by_key(mut items: Vec<(u64, u32)>, work: &Cell<u64>) -> Vec<(u64, u32)> {
    const BITS: u32 = 11;
    const DIGITS: usize = 64usize.div_ceil(BITS as usize);
    const RADIX: usize = 1 << BITS;
    const MASK: u64 = RADIX as u64 - 1;
    let len = items.len();
    let mut counts = vec![[0u32; RADIX]; DIGITS];
    for &(k, _) in &items {
        let mut k = k;
        for c in counts.iter_mut() {
            c[(k & MASK) as usize] += 1;
            k >>= BITS;
        }
    }
    work.set(work.get() + len as u64);
    let mut other: Vec<(u64, u32)> = vec![(0, 0); len];
    for (d, count) in counts.iter().enumerate() {
        if count.iter().any(|&c| c as usize == len) {
            continue;
        }
        let mut start = [0u32; RADIX];
        let mut sum = 0u32;
        for (s, &c) in start.iter_mut().zip(count) {
            (*s, sum) = (sum, sum + c);
        }
        let shift = d as u32 * BITS;
        for &item in &items {
            let b = &mut start[((item.0 >> shift) & MASK) as usize];
            other[*b as usize] = item;
            *b += 1;
        }
        work.set(work.get() + len as u64);
        std::mem::swap(&mut items, &mut other);
    }
    items
}

/// The users (`is_user`, `users` of them) in the order Fair Tree's walk visited them, with
/// their keys, if that is their order by `key` (strictly increasing: the walk hands out ranks
/// as it visits, so it is, unless a user was not visited); `None` otherwise.
fn visiting_order(
    visit_order: &[usize],
    users: usize,
    is_user: &impl Fn(&usize) -> bool,
    key: &impl Fn(usize) -> u64,
) -> Option<Vec<(u64, u32)>> {
    let mut order: Vec<(u64, u32)> = Vec::with_capacity(users);
    let mut prev: Option<u64> = None;
    for &ix in visit_order.iter().filter(|ix| is_user(ix)) {
        let k = key(ix);
        if prev.is_some_and(|p| p >= k) {
            return None;
        }
        prev = Some(k);
        order.push((k, ix as u32));
    }
    (order.len() == users).then_some(order)
}

/// Writes each user's place in a list already sorted best first into `at` (by association):
/// equal keys (`same`) share the place of the first of them (1, 2, 2, 4).
fn places(sorted: &[(u64, u32)], same: impl Fn(u64, u64) -> bool, at: &mut [u32]) {
    let mut prev: Option<(u64, u32)> = None;
    for (i, &(k, ix)) in sorted.iter().enumerate() {
        let place = match prev {
            Some((pk, place)) if same(pk, k) => place,
            _ => i as u32 + 1,
        };
        at[ix as usize] = place;
        prev = Some((k, place));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The items sorted by key, equal keys in their given order.
    #[test]
    fn sorted_by_key_is_a_stable_sort() {
        let items = vec![(3u64, 0u32), (1, 1), (3, 2), (0, 3), (1, 4), (u64::MAX, 5)];
        let work = Cell::new(0);
        let got: Vec<u32> = sorted_by_key(items, &work).iter().map(|i| i.1).collect();
        assert_eq!(got, [3, 1, 4, 0, 2, 5]);
        assert!(work.get() > 0);
        assert!(total_order_key(-1.0) < total_order_key(-0.0));
        assert!(total_order_key(-0.0) < total_order_key(0.0));
        assert!(total_order_key(0.0) < total_order_key(0.25));
        assert!(total_order_key(0.25) < total_order_key(1.0));
    }

    /// F's key orders highest first, makes −0 and +0 one key, and gives F back.
    #[test]
    fn factor_keys_order_highest_first_and_decode() {
        for f in [1.0, 0.5, 0.25, 1e-300, 0.0, f64::NAN, -1.0] {
            assert_eq!(factor_bits(factor_key(f)), f.to_bits());
        }
        assert_eq!(factor_key(-0.0), factor_key(0.0));
        assert!(factor_key(1.0) < factor_key(0.5));
        assert!(factor_key(0.5) < factor_key(5e-324));
        assert!(factor_key(5e-324) < factor_key(0.0));
    }

    /// The visiting order is taken only when it is the order of the keys; otherwise the caller
    /// sorts.
    #[test]
    fn the_visiting_order_is_taken_only_when_it_is_the_keys_order() {
        // Associations 0..5; users 1, 2 and 4.
        let is_user = |ix: &usize| [1, 2, 4].contains(ix);
        let keys = [0u64, 5, 7, 0, 6];
        let key = |ix: usize| keys[ix];
        let ixs = |o: Option<Vec<(u64, u32)>>| o.map(|o| o.iter().map(|i| i.1).collect::<Vec<_>>());
        assert_eq!(
            ixs(visiting_order(&[0, 1, 3, 4, 2], 3, &is_user, &key)),
            Some(vec![1, 4, 2])
        );
        // Not the keys' order, a user missing, or equal keys: none.
        assert_eq!(visiting_order(&[0, 2, 4, 1], 3, &is_user, &key), None);
        assert_eq!(visiting_order(&[0, 1, 4], 3, &is_user, &key), None);
        let equal = |_: usize| 1u64;
        assert_eq!(visiting_order(&[1, 2, 4], 3, &is_user, &equal), None);
    }

    /// Equal keys share the place of the first of them.
    #[test]
    fn places_are_shared_by_equal_keys() {
        let mut at = vec![0u32; 5];
        places(&[(1, 3), (2, 0), (2, 4), (5, 1)], |a, b| a == b, &mut at);
        assert_eq!(at, [2, 4, 0, 1, 2]);
    }
}
