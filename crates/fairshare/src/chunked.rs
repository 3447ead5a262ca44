//! [`Chunked`]: a vector stored in shared chunks, copied on write a chunk at a time.
//!
//! An edit of a 100k-association tree changes a few associations' values, and the tree, its
//! hierarchy and its run before the edit stay alive (the undo history, the what-if panel's
//! baseline). As `Vec`s, each edit copied every association's record (the tree's `Assoc`s with
//! their names' reference counts, the run's values): most of a native 100k edit. A `Chunked`
//! clone is one reference count; a write copies the chunk it lands in (and, on the first
//! write, the table of chunk handles), so an edit copies O(chunks touched × [`CHUNK`]).
//!
//! It reads like a slice: `v[ix]`, [`Chunked::get`], [`Chunked::len`], [`Chunked::iter`]
//! (exact-size, double-ended), `for x in &v`, [`Chunked::to_vec`]; it is not one (no
//! sub-slicing).

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{Index, IndexMut};
use std::sync::Arc;

/// Elements per chunk (a power of two). Small, because one list's members (a usage edit
/// recomputes every member of each sibling list on the edited path: the root's top-level
/// accounts, scattered over the input order) each land in their own chunk.
pub const CHUNK: usize = 1 << SHIFT;
const SHIFT: usize = 6;
const MASK: usize = CHUNK - 1;

/// A vector in shared chunks of [`CHUNK`] elements (the last may be shorter), copied on write.
pub struct Chunked<T> {
    chunks: Arc<[Arc<[T]>]>,
    len: usize,
}

impl<T> Clone for Chunked<T> {
    /// O(1): shares every chunk.
    fn clone(&self) -> Self {
        Chunked {
            chunks: Arc::clone(&self.chunks),
            len: self.len,
        }
    }
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked {
            chunks: Arc::from([]),
            len: 0,
        }
    }
}

impl<T> Chunked<T> {
    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element at `ix`, if any.
    #[inline(always)]
    pub fn get(&self, ix: usize) -> Option<&T> {
        self.chunks.get(ix >> SHIFT)?.get(ix & MASK)
    }

    /// The first element.
    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    /// The last element.
    pub fn last(&self) -> Option<&T> {
        self.len.checked_sub(1).and_then(|ix| self.get(ix))
    }

    /// The elements in order.
    pub fn iter(&self) -> Iter<'_, T> {
        Iter {
            front: [].iter(),
            back: [].iter(),
            chunks: self.chunks.iter(),
            left: self.len,
        }
    }

    /// The elements at positions `range`, in order (panics out of range, as slicing does).
    pub fn range(&self, range: std::ops::Range<usize>) -> Iter<'_, T> {
        assert!(
            range.start <= range.end && range.end <= self.len,
            "range {range:?} out of 0..{}",
            self.len
        );
        if range.is_empty() {
            return Iter {
                front: [].iter(),
                back: [].iter(),
                chunks: [].iter(),
                left: 0,
            };
        }
        let (first, last) = (range.start >> SHIFT, (range.end - 1) >> SHIFT);
        let end_in_last = ((range.end - 1) & MASK) + 1;
        if first == last {
            return Iter {
                front: self.chunks[first][range.start & MASK..end_in_last].iter(),
                back: [].iter(),
                chunks: [].iter(),
                left: range.len(),
            };
        }
        Iter {
            front: self.chunks[first][range.start & MASK..].iter(),
            back: self.chunks[last][..end_in_last].iter(),
            chunks: self.chunks[first + 1..last].iter(),
            left: range.len(),
        }
    }

    /// The chunks in order, each a slice of [`CHUNK`] elements (the last may be shorter).
    pub fn chunks(&self) -> impl ExactSizeIterator<Item = &[T]> + DoubleEndedIterator {
        self.chunks.iter().map(|c| &c[..])
    }

    /// Whether `other` shares this one's chunks (O(1)): a clone of it, unwritten since.
    pub fn is_shared_with(&self, other: &Chunked<T>) -> bool {
        Arc::ptr_eq(&self.chunks, &other.chunks)
    }

    /// How many of the chunks `other` holds too (for tests: what an edit copied).
    pub fn chunks_shared_with(&self, other: &Chunked<T>) -> usize {
        self.chunks
            .iter()
            .zip(other.chunks.iter())
            .filter(|(a, b)| Arc::ptr_eq(a, b))
            .count()
    }
}

impl<T: Clone> Chunked<T> {
    /// The elements as a `Vec` (a copy).
    pub fn to_vec(&self) -> Vec<T> {
        let mut out = Vec::with_capacity(self.len);
        for c in self.chunks.iter() {
            out.extend_from_slice(c);
        }
        out
    }

    /// The element at `ix`, writable: its chunk is copied first if another `Chunked` shares
    /// it (and the table of chunks, on the first write after a clone). Panics out of range,
    /// as indexing does.
    #[inline]
    pub fn make_mut(&mut self, ix: usize) -> &mut T {
        let chunks = Arc::make_mut(&mut self.chunks);
        &mut Arc::make_mut(&mut chunks[ix >> SHIFT])[ix & MASK]
    }

    /// Every element, writable in order (each shared chunk copied once).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        Arc::make_mut(&mut self.chunks)
            .iter_mut()
            .flat_map(|c| Arc::make_mut(c).iter_mut())
    }
}

impl<T> From<Vec<T>> for Chunked<T> {
    fn from(v: Vec<T>) -> Self {
        let len = v.len();
        let mut chunks = Vec::with_capacity(len.div_ceil(CHUNK));
        let mut rest = v.into_iter();
        while rest.len() > 0 {
            chunks.push(rest.by_ref().take(CHUNK).collect::<Arc<[T]>>());
        }
        Chunked {
            chunks: Arc::from(chunks),
            len,
        }
    }
}

impl<T> FromIterator<T> for Chunked<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Chunked::from(iter.into_iter().collect::<Vec<T>>())
    }
}

impl<T> Index<usize> for Chunked<T> {
    type Output = T;
    /// Inlined always: the release build optimises for size, and a call per read cost more
    /// than the read (the usage sums read 100k elements per edit).
    #[inline(always)]
    fn index(&self, ix: usize) -> &T {
        &self.chunks[ix >> SHIFT][ix & MASK]
    }
}

/// Writes through [`Chunked::make_mut`]: copies a shared chunk first.
impl<T: Clone> IndexMut<usize> for Chunked<T> {
    #[inline]
    fn index_mut(&mut self, ix: usize) -> &mut T {
        self.make_mut(ix)
    }
}

impl<T: PartialEq> PartialEq for Chunked<T> {
    fn eq(&self, other: &Chunked<T>) -> bool {
        self.len == other.len
            && (Arc::ptr_eq(&self.chunks, &other.chunks)
                || self
                    .chunks
                    .iter()
                    .zip(other.chunks.iter())
                    .all(|(a, b)| Arc::ptr_eq(a, b) || a[..] == b[..]))
    }
}

impl<T: PartialEq> PartialEq<[T]> for Chunked<T> {
    fn eq(&self, other: &[T]) -> bool {
        self.len == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for Chunked<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        *self == other[..]
    }
}

impl<T: fmt::Debug> fmt::Debug for Chunked<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T> IntoIterator for &'a Chunked<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// [`Chunked::iter`].
pub struct Iter<'a, T> {
    front: std::slice::Iter<'a, T>,
    back: std::slice::Iter<'a, T>,
    chunks: std::slice::Iter<'a, Arc<[T]>>,
    left: usize,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            front: self.front.clone(),
            back: self.back.clone(),
            chunks: self.chunks.clone(),
            left: self.left,
        }
    }
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        loop {
            if let Some(x) = self.front.next() {
                self.left -= 1;
                return Some(x);
            }
            match self.chunks.next() {
                Some(c) => self.front = c.iter(),
                None => {
                    let x = self.back.next()?;
                    self.left -= 1;
                    return Some(x);
                }
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }

    fn fold<B, F: FnMut(B, &'a T) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = self.front.fold(init, &mut f);
        for c in self.chunks {
            acc = c.iter().fold(acc, &mut f);
        }
        self.back.fold(acc, f)
    }
}

impl<'a, T> DoubleEndedIterator for Iter<'a, T> {
    #[inline]
    fn next_back(&mut self) -> Option<&'a T> {
        loop {
            if let Some(x) = self.back.next_back() {
                self.left -= 1;
                return Some(x);
            }
            match self.chunks.next_back() {
                Some(c) => self.back = c.iter(),
                None => {
                    let x = self.front.next_back()?;
                    self.left -= 1;
                    return Some(x);
                }
            }
        }
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<T> FusedIterator for Iter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_like_the_vector_it_was_made_from() {
        for n in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5] {
            let v: Vec<usize> = (0..n).collect();
            let c = Chunked::from(v.clone());
            assert_eq!(c.len(), n);
            assert_eq!(c.to_vec(), v);
            assert!(c == v);
            assert_eq!(c.iter().len(), n);
            assert!(c.iter().copied().eq(v.iter().copied()));
            assert!(c.iter().rev().copied().eq(v.iter().rev().copied()));
            assert_eq!(c.iter().sum::<usize>(), v.iter().sum::<usize>());
            for (ix, x) in v.iter().enumerate() {
                assert_eq!(c[ix], *x);
                assert_eq!(c.get(ix), Some(x));
            }
            assert_eq!(c.get(n), None);
            assert_eq!(c.last(), v.last());
            // From both ends at once, meeting in the middle.
            let mut it = c.iter();
            let mut seen = Vec::new();
            while let (Some(a), b) = (it.next(), it.next_back()) {
                seen.push(*a);
                seen.extend(b.copied());
                assert_eq!(it.len(), n - seen.len());
            }
            seen.sort_unstable();
            assert_eq!(seen, v);
            for (a, b) in [
                (0, n),
                (0, 0),
                (n / 3, n / 2),
                (n / 2, n),
                (n.min(1), n.min(CHUNK + 2)),
            ] {
                assert!(
                    c.range(a..b).copied().eq(v[a..b].iter().copied()),
                    "{a}..{b}"
                );
                assert!(
                    c.range(a..b)
                        .rev()
                        .copied()
                        .eq(v[a..b].iter().rev().copied())
                );
                assert_eq!(c.range(a..b).len(), b - a);
            }
        }
    }

    #[test]
    fn a_write_copies_only_the_chunk_it_lands_in() {
        let n = 10 * CHUNK + 3;
        let before: Chunked<u64> = (0..n as u64).collect();
        let mut after = before.clone();
        assert!(after.is_shared_with(&before));
        after[CHUNK] = 7;
        *after.make_mut(n - 1) = 9;
        assert!(!after.is_shared_with(&before));
        assert_eq!(after.chunks_shared_with(&before), before.chunks().len() - 2);
        assert_eq!((before[CHUNK], after[CHUNK]), (CHUNK as u64, 7));
        assert_eq!((before[n - 1], after[n - 1]), (n as u64 - 1, 9));
        assert!(before != after);
        after[CHUNK] = CHUNK as u64;
        after[n - 1] = n as u64 - 1;
        assert!(before == after, "equal by content");
    }
}
