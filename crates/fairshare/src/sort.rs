//! One stable sort of positions, for the engine's sorts off the hot paths and for the app.
//!
//! Every `sort_by`/`sort_unstable` on a new element type or with a new closure compiles its own
//! copy of the standard library's sort (2 to 4 KB of WebAssembly each). These sorts order
//! positions (`usize`) with a comparator behind a reference instead, so they share one copy.
//! Fair Tree's and `Hierarchy::new`'s sibling sorts keep their own, specialised ones: they are
//! on the path that ranks 100,000 associations.

use std::cmp::Ordering;

/// Sorts the positions `v` by `cmp`, stably (equal positions keep their order).
pub fn sort_by(v: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    v.sort_by(|&a, &b| cmp(a, b));
}

/// The positions `0..len` ordered by `cmp`, stably.
pub fn order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut res: Vec<usize> = (0..len).collect();
    sort_by(&mut res, cmp);
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_stable() {
        let keys = [2, 1, 2, 1, 0];
        let res = order(keys.len(), &|a, b| keys[a].cmp(&keys[b]));
        assert_eq!(res, [4, 1, 3, 0, 2]);
    }
}
