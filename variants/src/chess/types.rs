//! Squares, pieces and the compact chess move.

use std::fmt;

/// A square index: a1 = 0, b1 = 1, ..., h8 = 63.
pub type Square = usize;

/// Piece kinds, used as indices into per-kind bitboards.
pub const PAWN: usize = 0;
/// Knight kind.
pub const KNIGHT: usize = 1;
/// Bishop kind.
pub const BISHOP: usize = 2;
/// Rook kind.
pub const ROOK: usize = 3;
/// Queen kind.
pub const QUEEN: usize = 4;
/// King kind.
pub const KING: usize = 5;

/// Mailbox code of an empty square.
pub const NO_PIECE: u8 = 7;

/// The mailbox code of a piece: kind in bits 0-2, colour in bit 3.
#[inline(always)]
pub const fn piece_code(color: usize, kind: usize) -> u8 {
    (color << 3 | kind) as u8
}

/// The kind of a mailbox code.
#[inline(always)]
pub const fn kind_of(code: u8) -> usize {
    (code & 7) as usize
}

/// The colour of a mailbox code.
#[inline(always)]
pub const fn color_of(code: u8) -> usize {
    (code >> 3) as usize
}

/// FEN letter of a piece kind (upper case).
pub const KIND_LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// The kind for a FEN/SAN letter, either case.
pub fn kind_from_letter(c: char) -> Option<usize> {
    KIND_LETTERS
        .iter()
        .position(|&l| l == c.to_ascii_uppercase())
}

/// The file (0-7) of a square.
#[inline(always)]
pub const fn file_of(sq: Square) -> usize {
    sq & 7
}

/// The rank (0-7) of a square.
#[inline(always)]
pub const fn rank_of(sq: Square) -> usize {
    sq >> 3
}

/// The squares of `b` moved `by` bits towards `color`'s opponent (8 a
/// rank): forward for `color` (0 White), backward for the other side.
#[inline(always)]
pub const fn shift_forward(color: usize, b: u64, by: u32) -> u64 {
    if color == 0 {
        b << by
    } else {
        b >> by
    }
}

/// The rank (0-7) of a square counted from `color`'s side (0 White).
#[inline(always)]
pub const fn relative_rank(color: usize, sq: Square) -> usize {
    if color == 0 {
        rank_of(sq)
    } else {
        7 - rank_of(sq)
    }
}

/// How chess names its squares.
/// How the game names its squares.
pub const NAMES: crate::SquareNames = crate::SquareNames::single(8, 8);

/// Square name such as `e4`.
pub fn square_name(sq: Square) -> String {
    NAMES.name(0, file_of(sq), rank_of(sq))
}

/// Reads a square name such as `e4`.
pub fn parse_square(s: &str) -> Option<Square> {
    NAMES.parse(s).map(|(_, file, rank)| rank * 8 + file)
}

/// One chess move in 16 bits: from (6), to (6), kind (2), promotion (2).
///
/// Castling is stored as "king takes own rook" (`to` = the rook's square),
/// which serves Chess960 and orthodox chess alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A move or capture, including pawn pushes.
    Normal,
    /// A pawn reaching the last rank.
    Promotion,
    /// An en passant capture.
    EnPassant,
    /// Castling; `to` is the castling rook's square.
    Castling,
}

impl Move {
    /// A normal move.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move((from | to << 6) as u16)
    }

    /// A promotion to `kind` (KNIGHT..=QUEEN).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, kind: usize) -> Move {
        Move((from | to << 6 | 1 << 12 | (kind - KNIGHT) << 14) as u16)
    }

    /// An en passant capture onto the en passant square `to`.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move((from | to << 6 | 2 << 12) as u16)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Move((king | rook << 6 | 3 << 12) as u16)
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 63) as usize
    }

    /// Destination square (the rook's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        (self.0 >> 6 & 63) as usize
    }

    /// The move's kind.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The promotion piece kind (meaningful for promotions only).
    #[inline(always)]
    pub const fn promo_kind(self) -> usize {
        (self.0 >> 14) as usize + KNIGHT
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))?;
        match self.kind() {
            MoveKind::Promotion => write!(
                f,
                "{}",
                KIND_LETTERS[self.promo_kind()].to_ascii_lowercase()
            ),
            MoveKind::EnPassant => f.write_str("(ep)"),
            MoveKind::Castling => f.write_str("(castle)"),
            MoveKind::Normal => Ok(()),
        }
    }
}

crate::impl_move_code!(Move(u16), Move(0));

/// Rank bitboards.
pub const RANK_1: u64 = 0xFF;
/// Rank 3.
pub const RANK_3: u64 = RANK_1 << 16;
/// Rank 6.
pub const RANK_6: u64 = RANK_1 << 40;
/// Rank 8.
pub const RANK_8: u64 = RANK_1 << 56;
/// File a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h.
pub const FILE_H: u64 = FILE_A << 7;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveCode;

    #[test]
    fn move_fields_round_trip() {
        let m = Move::promotion(52, 60, QUEEN);
        assert_eq!(
            (m.from(), m.to(), m.kind(), m.promo_kind()),
            (52, 60, MoveKind::Promotion, QUEEN)
        );
        let c = Move::castling(4, 7);
        assert_eq!(c.kind(), MoveKind::Castling);
        assert_eq!(Move::from_bits(c.to_bits()), c);
        assert_eq!(format!("{:?}", Move::new(12, 28)), "e2e4");
        assert_ne!(Move::NONE, Move::new(0, 1));
    }

    #[test]
    fn squares() {
        assert_eq!(parse_square("e4"), Some(28));
        assert_eq!(square_name(63), "h8");
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
        assert_eq!(parse_square("a"), None);
        assert_eq!(parse_square("é1"), None);
    }
}
