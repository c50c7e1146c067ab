//! A fixed-capacity move list that lives on the stack.

use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// Default capacity: far above chess's 218, enough for the plies of every
/// variant Arcana plays (Advanced Wizard Chess reaches about 500 actions).
pub const MOVE_LIST_CAPACITY: usize = 1024;

/// A list of moves of one ply with a fixed capacity and no heap allocation.
///
/// The storage is left uninitialised, so making an empty list costs nothing
/// however large the capacity is; only pushed moves are ever read.
pub struct MoveList<M: Copy, const CAP: usize = MOVE_LIST_CAPACITY> {
    len: usize,
    items: [MaybeUninit<M>; CAP],
}

impl<M: Copy, const CAP: usize> MoveList<M, CAP> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            len: 0,
            // An array of MaybeUninit needs no initialisation.
            items: [const { MaybeUninit::uninit() }; CAP],
        }
    }

    /// Appends a move. Overflowing the capacity is a move-generator bug and
    /// panics (bounds check) rather than corrupting memory.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.items[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: the first `len` items were written by `push`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr() as *const M, self.len) }
    }

    /// The moves as a mutable slice (for sorting by the search).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // SAFETY: the first `len` items were written by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr() as *mut M, self.len) }
    }
}

impl<M: Copy, const CAP: usize> Default for MoveList<M, CAP> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy, const CAP: usize> Deref for MoveList<M, CAP> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Copy, const CAP: usize> DerefMut for MoveList<M, CAP> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<M: Copy + std::fmt::Debug, const CAP: usize> std::fmt::Debug for MoveList<M, CAP> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_and_read_back() {
        let mut list: MoveList<u16, 4> = MoveList::new();
        assert!(list.is_empty());
        list.push(7);
        list.push(3);
        assert_eq!(list.as_slice(), &[7, 3]);
        list.as_mut_slice().sort();
        assert_eq!(&*list, &[3, 7]);
        list.clear();
        assert_eq!(list.len(), 0);
    }

    #[test]
    #[should_panic]
    fn overflow_panics_instead_of_corrupting() {
        let mut list: MoveList<u8, 2> = MoveList::new();
        for i in 0..3 {
            list.push(i);
        }
    }
}
