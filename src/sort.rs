//! The app's sorts, through one instance of the standard library's sort: the engine's
//! [`fairshare::sort`], which its own sorts off the hot paths share.
//!
//! Every `sort_by_key`/`sort_unstable` on a new element type or with a new closure compiles
//! its own copy of the sort (about 3.5 KB of WebAssembly each; the app had eight). The app's
//! lists are short (shown cards, menu entries, table rows, walk stops), so it sorts positions
//! (`usize`) with a comparator behind a reference instead, and there is one copy.
//! (docs/bundle.md.)

pub use fairshare::sort::{order, sort_by};

/// Sorts `v` ascending and removes repeats.
pub fn sort_dedup(v: &mut Vec<usize>) {
    sort_by(v, &|a, b| a.cmp(&b));
    v.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_dedup_sorts_and_removes_repeats() {
        let mut v = vec![5, 1, 5, 3, 1, 0];
        sort_dedup(&mut v);
        assert_eq!(v, [0, 1, 3, 5]);
    }
}
