//! A fixed-width bitboard of `64 * N` bits for boards wider than 8x8.
//!
//! 64-square boards use plain `u64`; the 16x16 Vanguard board (`Bits<4>`) and
//! the stacked boards (up to 3 x 81 or 3 x 64 squares) use this type. Bit `i`
//! is square `i`; bit 0 is the lowest bit of word 0.
//!
//! The hot operations are written on the words directly: the criterion
//! benchmark `benches/bitboard.rs` compares them with bitvec's `BitArray`
//! over the same words (numbers in the README).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares on a board of up to `64 * N` squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const N: usize>(pub [u64; N]);

impl<const N: usize> Bits<N> {
    /// Number of bits.
    pub const BITS: usize = 64 * N;
    /// No square.
    pub const EMPTY: Self = Bits([0; N]);
    /// Every bit set (including bits beyond a board's last square).
    pub const FULL: Self = Bits([!0; N]);

    /// The set holding only `sq`.
    #[inline]
    pub const fn single(sq: usize) -> Self {
        let mut w = [0; N];
        w[sq / 64] = 1 << (sq % 64);
        Bits(w)
    }

    /// The set of the first `n` squares (`0..n`); a board mask.
    pub const fn first(n: usize) -> Self {
        let mut w = [0u64; N];
        let mut i = 0;
        while i < N {
            let lo = i * 64;
            w[i] = if n >= lo + 64 {
                !0
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        Bits(w)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn has(&self, sq: usize) -> bool {
        self.0[sq / 64] >> (sq % 64) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn set(&mut self, sq: usize) {
        self.0[sq / 64] |= 1 << (sq % 64);
    }

    /// Removes `sq`.
    #[inline]
    pub fn clear(&mut self, sq: usize) {
        self.0[sq / 64] &= !(1 << (sq % 64));
    }

    /// Toggles `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: usize) {
        self.0[sq / 64] ^= 1 << (sq % 64);
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the set has at least one square.
    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Number of squares in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set has two or more squares (cheaper than `count() > 1`).
    #[inline]
    pub fn more_than_one(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The lowest square in the set.
    #[inline]
    pub fn lowest(&self) -> Option<usize> {
        // Scanned from the top without an early exit, so the compiler emits
        // conditional moves: measured 4x faster than returning early, and
        // faster than calling bitvec's first_one on the same words.
        let mut found = usize::MAX;
        for i in (0..N).rev() {
            let w = self.0[i];
            if w != 0 {
                found = i * 64 + w.trailing_zeros() as usize;
            }
        }
        (found != usize::MAX).then_some(found)
    }

    /// The highest square in the set.
    #[inline]
    pub fn highest(&self) -> Option<usize> {
        let mut found = usize::MAX;
        for i in 0..N {
            let w = self.0[i];
            if w != 0 {
                found = i * 64 + 63 - w.leading_zeros() as usize;
            }
        }
        (found != usize::MAX).then_some(found)
    }

    /// The squares up to and including the lowest square of the set, or
    /// every square when it is empty: a ray rising from a square, cut by
    /// `ray & (ray & blockers).through_lowest()`, ends on its first
    /// blocker. Branch-free (conditional moves), so a ride needs no second
    /// table lookup.
    #[inline]
    pub fn through_lowest(&self) -> Self {
        let mut out = [0u64; N];
        let mut clear_below = true;
        for (o, &w) in out.iter_mut().zip(&self.0) {
            *o = if clear_below {
                w ^ w.wrapping_sub(1)
            } else {
                0
            };
            clear_below &= w == 0;
        }
        Bits(out)
    }

    /// The squares from the highest square of the set up, or every square
    /// when it is empty: [`Bits::through_lowest`] for falling rays.
    #[inline]
    pub fn from_highest(&self) -> Self {
        let mut out = [0u64; N];
        let mut clear_above = true;
        for i in (0..N).rev() {
            let w = self.0[i];
            let mask = if w == 0 {
                u64::MAX
            } else {
                u64::MAX << (63 - w.leading_zeros())
            };
            out[i] = if clear_above { mask } else { 0 };
            clear_above &= w == 0;
        }
        Bits(out)
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_lowest(&mut self) -> Option<usize> {
        for i in 0..N {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(&self) -> SquareIter<N> {
        SquareIter {
            words: self.0,
            word: 0,
        }
    }

    /// Shifts every square up by `n` (towards higher indices); bits pushed
    /// past the end are lost.
    #[inline]
    pub fn shl(&self, n: usize) -> Self {
        if n >= Self::BITS {
            return Self::EMPTY;
        }
        let (ws, bs) = (n / 64, n % 64);
        let mut out = [0u64; N];
        for i in (ws..N).rev() {
            let src = i - ws;
            out[i] = self.0[src] << bs;
            if bs != 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - bs);
            }
        }
        Bits(out)
    }

    /// Shifts every square down by `n` (towards lower indices).
    #[inline]
    pub fn shr(&self, n: usize) -> Self {
        if n >= Self::BITS {
            return Self::EMPTY;
        }
        let (ws, bs) = (n / 64, n % 64);
        let mut out = [0u64; N];
        for (i, o) in out.iter_mut().enumerate().take(N - ws) {
            let src = i + ws;
            *o = self.0[src] >> bs;
            if bs != 0 && src + 1 < N {
                *o |= self.0[src + 1] << (64 - bs);
            }
        }
        Bits(out)
    }

    /// Shifts by a signed amount: positive goes up, negative goes down.
    #[inline]
    pub fn shift(&self, n: isize) -> Self {
        if n >= 0 {
            self.shl(n as usize)
        } else {
            self.shr(n.unsigned_abs())
        }
    }

    /// `self & !other`.
    #[inline]
    pub fn and_not(&self, other: Self) -> Self {
        let mut out = self.0;
        for (o, w) in out.iter_mut().zip(other.0) {
            *o &= !w;
        }
        Bits(out)
    }
}

impl<const N: usize> Default for Bits<N> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const N: usize> std::fmt::Debug for Bits<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the squares of a [`Bits`], lowest first.
pub struct SquareIter<const N: usize> {
    words: [u64; N],
    word: usize,
}

impl<const N: usize> Iterator for SquareIter<N> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < N {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl<const N: usize> FromIterator<usize> for Bits<N> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for sq in iter {
            b.set(sq);
        }
        b
    }
}

macro_rules! word_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt, $aop:tt) => {
        impl<const N: usize> $tr for Bits<N> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let mut out = self.0;
                for (o, w) in out.iter_mut().zip(rhs.0) {
                    *o $aop w;
                }
                Bits(out)
            }
        }
        impl<const N: usize> $atr for Bits<N> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for (o, w) in self.0.iter_mut().zip(rhs.0) {
                    *o $aop w;
                }
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl<const N: usize> Not for Bits<N> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        let mut out = self.0;
        for o in out.iter_mut() {
            *o = !*o;
        }
        Bits(out)
    }
}

impl<const N: usize> Shl<usize> for Bits<N> {
    type Output = Self;
    #[inline]
    fn shl(self, n: usize) -> Self {
        Bits::shl(&self, n)
    }
}

impl<const N: usize> Shr<usize> for Bits<N> {
    type Output = Self;
    #[inline]
    fn shr(self, n: usize) -> Self {
        Bits::shr(&self, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitvec::prelude::*;

    type B4 = Bits<4>;

    /// A slow reference: the set as a sorted Vec of squares.
    fn model(b: &B4) -> Vec<usize> {
        (0..256).filter(|&s| b.has(s)).collect()
    }

    fn sample(seed: u64) -> B4 {
        let keys: [u64; 4] = crate::zobrist::keys(seed);
        Bits([
            keys[0] & keys[1],
            keys[1] & keys[2],
            keys[2] & keys[3],
            keys[3],
        ])
    }

    #[test]
    fn single_set_clear_toggle() {
        let mut b = B4::EMPTY;
        for sq in [0, 63, 64, 127, 128, 200, 255] {
            assert!(!b.has(sq));
            b.set(sq);
            assert!(b.has(sq));
            assert_eq!(B4::single(sq) & b, B4::single(sq));
        }
        assert_eq!(b.count(), 7);
        b.clear(64);
        b.toggle(1);
        assert_eq!(model(&b), vec![0, 1, 63, 127, 128, 200, 255]);
        b.toggle(1);
        assert!(!b.has(1));
    }

    #[test]
    fn logic_ops_match_per_square_logic() {
        let (a, b) = (sample(11), sample(12));
        for sq in 0..256 {
            assert_eq!((a & b).has(sq), a.has(sq) && b.has(sq));
            assert_eq!((a | b).has(sq), a.has(sq) || b.has(sq));
            assert_eq!((a ^ b).has(sq), a.has(sq) != b.has(sq));
            assert_eq!((!a).has(sq), !a.has(sq));
            assert_eq!(a.and_not(b).has(sq), a.has(sq) && !b.has(sq));
        }
        let mut c = a;
        c &= b;
        assert_eq!(c, a & b);
        c |= a;
        assert_eq!(c, a);
        c ^= a;
        assert!(c.is_empty());
    }

    #[test]
    fn shifts_move_every_square_across_words() {
        let a = sample(5);
        for n in [0usize, 1, 7, 16, 63, 64, 65, 100, 128, 200, 255, 256, 300] {
            let up: Vec<usize> = model(&a)
                .into_iter()
                .map(|s| s + n)
                .filter(|&s| s < 256)
                .collect();
            assert_eq!(model(&a.shl(n)), up, "shl {n}");
            assert_eq!(model(&(a << n)), up, "<< {n}");
            let down: Vec<usize> = model(&a)
                .into_iter()
                .filter(|&s| s >= n)
                .map(|s| s - n)
                .collect();
            assert_eq!(model(&a.shr(n)), down, "shr {n}");
            assert_eq!(model(&(a >> n)), down, ">> {n}");
            if n < 256 {
                assert_eq!(a.shift(-(n as isize)), a.shr(n));
                assert_eq!(a.shift(n as isize), a.shl(n));
            }
        }
    }

    #[test]
    fn iteration_lowest_and_count() {
        let a = sample(9);
        let squares: Vec<usize> = a.iter().collect();
        assert_eq!(squares, model(&a));
        assert_eq!(a.count() as usize, squares.len());
        assert_eq!(a.lowest(), squares.first().copied());
        let mut b = a;
        let mut popped = Vec::new();
        while let Some(s) = b.pop_lowest() {
            popped.push(s);
        }
        assert_eq!(popped, squares);
        assert_eq!(B4::EMPTY.lowest(), None);
        assert_eq!(squares.iter().copied().collect::<B4>(), a);
    }

    #[test]
    fn masks_through_the_lowest_and_from_the_highest_square() {
        for seed in 0..64 {
            // Sparse sets too, so that whole words are empty.
            let a = sample(seed) & sample(seed + 100) & sample(seed + 200);
            let squares = model(&a);
            let (low, high) = (squares.first(), squares.last());
            for s in 0..B4::BITS {
                assert_eq!(a.through_lowest().has(s), low.is_none_or(|&l| s <= l));
                assert_eq!(a.from_highest().has(s), high.is_none_or(|&h| s >= h));
            }
        }
        assert_eq!(B4::EMPTY.through_lowest(), !B4::EMPTY);
        assert_eq!(B4::single(200).through_lowest(), B4::first(201));
        assert_eq!(B4::single(70).from_highest(), !B4::first(70));
    }

    #[test]
    fn more_than_one_and_first() {
        assert!(!B4::EMPTY.more_than_one());
        assert!(!B4::single(200).more_than_one());
        assert!((B4::single(3) | B4::single(200)).more_than_one());
        assert!((B4::single(3) | B4::single(4)).more_than_one());
        assert_eq!(B4::first(0), B4::EMPTY);
        assert_eq!(B4::first(256), B4::FULL);
        assert_eq!(model(&Bits::<4>::first(70)), (0..70).collect::<Vec<_>>());
        assert_eq!(Bits::<2>::first(81).count(), 81);
    }

    #[test]
    fn agrees_with_bitvec_over_the_same_words() {
        let (a, b) = (sample(21), sample(22));
        let va: BitArray<[u64; 4], Lsb0> = BitArray::new(a.0);
        let vb: BitArray<[u64; 4], Lsb0> = BitArray::new(b.0);
        assert_eq!((va & vb).into_inner(), (a & b).0);
        assert_eq!(va.count_ones() as u32, a.count());
        assert_eq!(va.first_one(), a.lowest());
        assert_eq!(
            va.iter_ones().collect::<Vec<_>>(),
            a.iter().collect::<Vec<_>>()
        );
        // bitvec shifts towards the end (higher indices).
        let mut shifted = va;
        shifted.shift_end(17);
        assert_eq!(shifted.into_inner(), a.shl(17).0);
    }
}
