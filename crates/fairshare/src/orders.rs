//! Classic order beside Fair Tree order: the user associations ranked by classic's factor F
//! (highest first: a job's priority reads F) and by Fair Tree's rank (highest first, the
//! visiting order between equal ranks), each user with its place in both lists.
//!
//! Equal keys share the place of the first of them (1, 2, 2, 4). O(U) for U users (at most
//! six radix passes over the users' integer keys, or none for Fair Tree's order, read off
//! its walk), then each user's place in the other list through a table by position. The count
//! of moves and lookups is returned as [`Orders::work`], so the 100,000-association hardening
//! test holds it to U · log U by counting, not by timing.

use std::cell::Cell;

use crate::Ranked;
use crate::classic::ClassicRun;

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
}

impl Orders {
    /// How many users the two orders place differently.
    pub fn n_differ(&self) -> usize {
        self.classic.iter().filter(|e| e.differs()).count()
    }
}

/// Both orders of `ranked`'s users; `classic` is `ranked.classic(…)`. Empty when the runs do
/// not belong to the tree.
///
/// Each user's sort key is an integer whose order is the order of the list (classic: F,
/// highest first; Fair Tree: rank, highest first, then the visiting order), sorted by a radix
/// sort that keeps list order between equal keys: no comparison of values at all. Fair Tree's
/// walk visits users in its order already, so that list is read off the visiting order and
/// checked (O(U)); it is sorted only if the check fails.
pub fn classic_beside_fair_tree(ranked: &Ranked, classic: &ClassicRun) -> Orders {
    let (tree, h, ft) = (ranked.tree(), ranked.hierarchy(), ranked.run());
    let n = tree.len();
    let fa = ft.assocs();
    if classic.len() != n || fa.len() != n || h.len() != n {
        return Orders::default();
    }
    let work = Cell::new(0u64);
    let users: Vec<usize> = h
        .list_order()
        .iter()
        .copied()
        .filter(|&ix| h.is_user(ix))
        .collect();
    work.set(work.get() + n as u64);
    let count = |k: usize| work.set(work.get() + k as u64);

    // Classic has no ranking of its own: a job's priority reads F, so higher F comes first;
    // equal F keep the list order.
    let f: Vec<f64> = users
        .iter()
        .map(|&ix| classic.fairshare(ix).unwrap_or(0.0))
        .collect();
    let by_f = sorted_by_key(users.len(), |pos| !total_order_key(f[pos]), &work);
    // Fair Tree: rank N is first; the visiting order only orders equal ranks (they share one).
    let rank: Vec<u32> = users.iter().map(|&ix| fa[ix].rank.unwrap_or(0)).collect();
    let visit: Vec<Option<u32>> = users.iter().map(|&ix| fa[ix].visit).collect();
    // `None` (not visited) before every visit, as `Option`'s order has it (a visit is a
    // position in the visiting order, below the number of associations: + 1 cannot wrap).
    let rank_key = |pos: usize| {
        let v = visit[pos].map_or(0, |v| v.saturating_add(1));
        (u64::from(u32::MAX - rank[pos]) << 32) | u64::from(v)
    };
    let by_rank = visiting_order(ft.visit_order(), n, &users, &rank_key, &count)
        .unwrap_or_else(|| sorted_by_key(users.len(), rank_key, &work));

    // Places by position in `users`, then each user's place in the other list.
    let classic_places = places(&by_f, |a, b| f[a] == f[b]);
    let ft_places = places(&by_rank, |a, b| rank[a] == rank[b]);
    let place_of = |list: &[(usize, usize)]| {
        let mut at = vec![0usize; users.len()];
        for &(pos, place) in list {
            at[pos] = place;
        }
        at
    };
    let (classic_at, ft_at) = (place_of(&classic_places), place_of(&ft_places));
    count(4 * classic_places.len());
    let placed = |list: &[(usize, usize)], other: &[usize]| -> Vec<Placed> {
        list.iter()
            .map(|&(pos, place)| Placed {
                ix: users[pos],
                place,
                other_place: other[pos],
            })
            .collect()
    };
    Orders {
        classic: placed(&classic_places, &ft_at),
        fair_tree: placed(&ft_places, &classic_at),
        work: work.get(),
    }
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

/// The positions `0..len` ordered by `key`, equal keys by position (stable): a least
/// significant digit radix sort of 11-bit digits (six passes cover 64 bits). One pass over the
/// keys counts every digit; a digit every key shares is skipped. Integers only, O(len) per
/// pass; the moves are counted into `work`.
///
/// Eleven bits rather than eight: at most six scatter passes instead of eight, and one counting
/// pass instead of one per digit (both orders of the 100k tree: 74.9M → 68.8M instructions
/// with the `one_classic` example), while the 2,048 counters of a digit stay in cache.
fn sorted_by_key(len: usize, key: impl Fn(usize) -> u64, work: &Cell<u64>) -> Vec<usize> {
    const BITS: u32 = 11;
    const DIGITS: usize = 64usize.div_ceil(BITS as usize);
    const RADIX: usize = 1 << BITS;
    let digit = |k: u64, d: usize| ((k >> (d as u32 * BITS)) as usize) & (RADIX - 1);
    let mut items: Vec<(u64, u32)> = (0..len).map(|pos| (key(pos), pos as u32)).collect();
    let mut counts = vec![[0u32; RADIX]; DIGITS];
    for &(k, _) in &items {
        for (d, c) in counts.iter_mut().enumerate() {
            c[digit(k, d)] += 1;
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
        for &item in &items {
            let b = digit(item.0, d);
            other[start[b] as usize] = item;
            start[b] += 1;
        }
        work.set(work.get() + len as u64);
        std::mem::swap(&mut items, &mut other);
    }
    items.into_iter().map(|(_, pos)| pos as usize).collect()
}

/// The users' positions (in `users`, list order) in the order Fair Tree's walk visited them,
/// if that is their order by `key` then position (the walk hands out ranks as it visits, so
/// it is, unless a user was not visited); `None` otherwise.
fn visiting_order(
    visit_order: &[usize],
    n: usize,
    users: &[usize],
    key: &impl Fn(usize) -> u64,
    count: &impl Fn(usize),
) -> Option<Vec<usize>> {
    let mut pos_of = vec![u32::MAX; n];
    for (pos, &ix) in users.iter().enumerate() {
        pos_of[ix] = pos as u32;
    }
    let mut order: Vec<usize> = Vec::with_capacity(users.len());
    order.extend(
        visit_order
            .iter()
            .filter_map(|&ix| pos_of.get(ix).copied())
            .filter(|&pos| pos != u32::MAX)
            .map(|pos| pos as usize),
    );
    count(visit_order.len() + order.len());
    let sorted = order.len() == users.len()
        && order
            .windows(2)
            .all(|w| (key(w[0]), w[0]) < (key(w[1]), w[1]));
    sorted.then_some(order)
}

/// Places for a list already sorted best first: equal keys share the place of the first of
/// them (1, 2, 2, 4).
fn places(sorted: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut res: Vec<(usize, usize)> = Vec::with_capacity(sorted.len());
    for (i, &ix) in sorted.iter().enumerate() {
        let place = match res.last() {
            Some(&(prev, prev_place)) if same(prev, ix) => prev_place,
            _ => i + 1,
        };
        res.push((ix, place));
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The users' positions sorted by key, equal keys in position order.
    #[test]
    fn sorted_by_key_is_a_stable_sort() {
        let keys = [3u64, 1, 3, 0, 1];
        let work = Cell::new(0);
        assert_eq!(sorted_by_key(5, |p| keys[p], &work), [3, 1, 4, 0, 2]);
        assert!(work.get() > 0);
        assert!(total_order_key(-1.0) < total_order_key(-0.0));
        assert!(total_order_key(-0.0) < total_order_key(0.0));
        assert!(total_order_key(0.0) < total_order_key(0.25));
        assert!(total_order_key(0.25) < total_order_key(1.0));
    }

    /// The visiting order is taken only when it is the order of the keys; otherwise the caller
    /// sorts.
    #[test]
    fn the_visiting_order_is_taken_only_when_it_is_the_keys_order() {
        // Associations 0..5; users 1, 2 and 4 (positions 0, 1, 2 in list order).
        let users = [1, 2, 4];
        let count = |_: usize| {};
        let keys = [5u64, 7, 6];
        let key = |pos: usize| keys[pos];
        assert_eq!(
            visiting_order(&[0, 1, 3, 4, 2], 5, &users, &key, &count),
            Some(vec![0, 2, 1])
        );
        // Not the keys' order, a user missing, or equal keys out of position order: none.
        assert_eq!(visiting_order(&[0, 2, 4, 1], 5, &users, &key, &count), None);
        assert_eq!(visiting_order(&[0, 1, 4], 5, &users, &key, &count), None);
        let equal = |_: usize| 1u64;
        assert_eq!(visiting_order(&[4, 2, 1], 5, &users, &equal, &count), None);
        assert_eq!(
            visiting_order(&[1, 2, 4], 5, &users, &equal, &count),
            Some(vec![0, 1, 2])
        );
    }
}
