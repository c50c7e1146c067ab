//! The two sides of every game.

use std::fmt;
use std::ops::Not;

/// One of the two players. White's pieces are upper-case letters in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side whose pieces are upper-case letters.
    White,
    /// The side whose pieces are lower-case letters.
    Black,
}

impl Side {
    /// 0 for White, 1 for Black: the index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side for an index produced by [`Side::index`].
    #[inline]
    pub const fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The FEN side-to-move letter (`w` or `b`).
    pub const fn fen_char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}
