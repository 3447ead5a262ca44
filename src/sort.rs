//! The app's sorts, through one instance of the standard library's sort (the engine's
//! [`fairshare::sort`], which its own sorts off the hot paths share).
//!
//! Every `sort_by_key`/`sort_unstable` on a new element type or with a new closure compiles
//! its own copy of the sort (about 3.5 KB of WebAssembly each; the app had eight). The app's
//! lists are short (shown cards, menu entries, table rows, walk stops), so it sorts positions
//! (`usize`) with a comparator behind a reference instead, and there is one copy.
//! (README, "Bundle".)

use std::cmp::Ordering;

/// Sorts the positions `v` by `cmp`, stably (equal positions keep their order).
pub fn sort_by(v: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    fairshare::sort::sort_by(v, cmp);
}

/// Sorts `v` ascending and removes repeats.
pub fn sort_dedup(v: &mut Vec<usize>) {
    sort_by(v, &|a, b| a.cmp(&b));
    v.dedup();
}

/// The positions `0..len` ordered by `cmp`, stably.
pub fn order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    fairshare::sort::order(len, cmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_by_is_stable() {
        let keys = [2, 1, 2, 1, 0];
        let res = order(keys.len(), &|a, b| keys[a].cmp(&keys[b]));
        assert_eq!(res, [4, 1, 3, 0, 2]);
    }

    #[test]
    fn sort_dedup_sorts_and_removes_repeats() {
        let mut v = vec![5, 1, 5, 3, 1, 0];
        sort_dedup(&mut v);
        assert_eq!(v, [0, 1, 3, 5]);
    }
}
