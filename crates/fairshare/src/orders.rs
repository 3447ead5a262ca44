//! Classic order beside Fair Tree order: the user associations ranked by classic's factor F
//! (highest first: a job's priority reads F) and by Fair Tree's rank (highest first, the
//! visiting order between equal ranks), each user with its place in both lists.
//!
//! Equal keys share the place of the first of them (1, 2, 2, 4). O(U log U) for U users: two
//! sorts of the users' keys, then each user's place in the other list through a table by
//! position. The count of
//! comparisons and lookups is returned as [`Orders::work`], so the 100,000-association
//! hardening test holds it to U · log U by counting, not by timing.

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
    /// Comparisons and lookups spent (O(U log U)).
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
/// The sort keys are read out of the runs once, into small arrays by list position, and the
/// sorts compare those: a comparison reading each user's value out of the runs' per-association
/// records jumps about 100,000 records at random (most of the panel's time at 100k).
pub fn classic_beside_fair_tree(ranked: &Ranked, classic: &ClassicRun) -> Orders {
    let (tree, h, ft) = (ranked.tree(), ranked.hierarchy(), ranked.run());
    let n = tree.len();
    let (cl, fa) = (classic.assocs(), ft.assocs());
    if cl.len() != n || fa.len() != n || h.len() != n {
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

    // Classic has no ranking of its own: a job's priority reads F, so higher F comes first;
    // equal F keep the list order (the sort is stable).
    let f: Vec<f64> = users
        .iter()
        .map(|&ix| cl[ix].fairshare.unwrap_or(0.0))
        .collect();
    let by_f = crate::sort::order(users.len(), &|a, b| {
        work.set(work.get() + 1);
        f[b].total_cmp(&f[a])
    });
    // Fair Tree: rank N is first; the visiting order only orders equal ranks (they share one).
    let rank: Vec<u32> = users.iter().map(|&ix| fa[ix].rank.unwrap_or(0)).collect();
    let visit: Vec<Option<u32>> = users.iter().map(|&ix| fa[ix].visit).collect();
    let by_rank = crate::sort::order(users.len(), &|a, b| {
        work.set(work.get() + 1);
        rank[b].cmp(&rank[a]).then(visit[a].cmp(&visit[b]))
    });

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
    work.set(work.get() + 4 * classic_places.len() as u64);
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
