//! A move list that lives on the stack and moves to the heap only when a
//! position has more plies than its capacity.

use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// Default capacity: far above chess's 218, enough for the plies of every
/// variant Arcana plays (Advanced Wizard Chess reaches about 500 actions).
pub const MOVE_LIST_CAPACITY: usize = 1024;

/// A list of the moves of one position: on the stack up to `CAP` moves,
/// with no heap allocation; past that, every move moves to a heap vector,
/// so that a position with more plies than any built-in game has (a
/// 16x16 board of riders defined in a file) is counted, never a panic.
///
/// The storage is left uninitialised, so making an empty list costs nothing
/// however large the capacity is; only pushed moves are ever read.
pub struct MoveList<M: Copy, const CAP: usize = MOVE_LIST_CAPACITY> {
    /// Moves on the stack; stays `CAP` once the list has spilled.
    len: usize,
    items: [MaybeUninit<M>; CAP],
    /// Every move, once there were more than `CAP` (empty until then: an
    /// empty vector does not allocate).
    spilled: Vec<M>,
}

impl<M: Copy, const CAP: usize> MoveList<M, CAP> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            len: 0,
            // An array of MaybeUninit needs no initialisation.
            items: [const { MaybeUninit::uninit() }; CAP],
            spilled: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: M) {
        if self.len < CAP {
            self.items[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        } else {
            self.push_spilled(mv);
        }
    }

    /// The rare push past the stack's capacity: the first one copies the
    /// stack's moves to the heap, later ones append there.
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, mv: M) {
        if self.spilled.is_empty() {
            self.spilled.reserve(2 * CAP.max(1));
            let on_stack = self.inline_slice().to_vec();
            self.spilled.extend(on_stack);
        }
        self.spilled.push(mv);
    }

    /// Keeps the first `n` moves.
    pub fn truncate(&mut self, n: usize) {
        if self.spilled.is_empty() {
            self.len = self.len.min(n);
        } else if n <= CAP {
            for i in 0..n {
                self.items[i] = MaybeUninit::new(self.spilled[i]);
            }
            self.len = n;
            self.spilled.clear();
        } else {
            self.spilled.truncate(n);
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spilled.clear();
    }

    #[inline]
    fn inline_slice(&self) -> &[M] {
        // SAFETY: the first `len` items were written by `push`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr() as *const M, self.len) }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        if self.spilled.is_empty() {
            self.inline_slice()
        } else {
            &self.spilled
        }
    }

    /// The moves as a mutable slice (for sorting by the search).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        if self.spilled.is_empty() {
            // SAFETY: the first `len` items were written by `push`.
            unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr() as *mut M, self.len) }
        } else {
            &mut self.spilled
        }
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
    fn past_its_capacity_the_list_moves_to_the_heap() {
        let mut list: MoveList<u16, 2> = MoveList::new();
        for i in 0..5000 {
            list.push(i);
        }
        assert_eq!(list.len(), 5000);
        assert!(list.iter().copied().eq(0..5000));
        list.as_mut_slice().reverse();
        assert_eq!(list[0], 4999);
        list.clear();
        assert!(list.is_empty());
        // After a clear the stack serves again, then the heap.
        for i in 0..3 {
            list.push(i);
        }
        assert_eq!(&*list, &[0, 1, 2]);
        let mut full: MoveList<u8, 0> = MoveList::new();
        full.push(9);
        assert_eq!(&*full, &[9]);
    }
}
