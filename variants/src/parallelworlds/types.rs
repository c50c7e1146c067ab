//! Squares, pieces and sub-moves of Parallel Worlds Chess.
//!
//! A square is `64 * level + 8 * rank + file` with levels 0..3 (the spec's
//! levels 1..3), so the same file and rank one level up is `+ 64` and each
//! level is one 64-bit bitboard.

/// A square index, 0..192.
pub type Square = usize;
/// Squares on the three levels.
pub const SQUARES: usize = 192;
/// Number of levels.
pub const LEVELS: usize = 3;
/// The middle level (the spec's level 2), where nothing is captured.
pub const MIDDLE: usize = 1;
/// The two chess levels (the spec's levels 1 and 3).
pub const CHESS_LEVELS: [usize; 2] = [0, 2];

/// Piece kinds, indexing `Position::by_kind`.
pub const PAWN: usize = 0;
/// Knight.
pub const KNIGHT: usize = 1;
/// Bishop.
pub const BISHOP: usize = 2;
/// Rook.
pub const ROOK: usize = 3;
/// Queen.
pub const QUEEN: usize = 4;
/// King: stays on its chess level.
pub const KING: usize = 5;
/// Number of kinds.
pub const KINDS: usize = 6;
/// FEN letters by kind (White's; Black's are lower case).
pub const LETTERS: [char; KINDS] = ['P', 'N', 'B', 'R', 'Q', 'K'];
/// The pieces a pawn may promote to, in token-letter order of the spec.
pub const PROMOTIONS: [usize; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// A mailbox cell without a piece.
pub const EMPTY: u8 = 0xFF;

/// The mailbox code of a piece: colour in bit 0, kind above it.
#[inline(always)]
pub const fn piece_code(color: usize, kind: usize) -> u8 {
    (color | kind << 1) as u8
}

/// The colour (0 White, 1 Black) of a mailbox code.
#[inline(always)]
pub const fn code_color(code: u8) -> usize {
    (code & 1) as usize
}

/// The kind of a mailbox code.
#[inline(always)]
pub const fn code_kind(code: u8) -> usize {
    (code >> 1) as usize
}

/// The level (0..3) of a square.
#[inline(always)]
pub const fn level_of(sq: Square) -> usize {
    sq / 64
}

/// The square within its level (0..64).
#[inline(always)]
pub const fn local(sq: Square) -> usize {
    sq % 64
}

/// The index (0 or 1) of a chess level in per-chess-level arrays.
#[inline(always)]
pub const fn chess_slot(level: usize) -> usize {
    level / 2
}

/// How Parallel Worlds Chess names its squares: the level first.
/// How the game names its squares.
pub const NAMES: crate::SquareNames = crate::SquareNames {
    files: 8,
    ranks: 8,
    boards: &['1', '2', '3'],
};

/// A square's name, `1e2` style.
pub fn square_name(sq: Square) -> String {
    let l = local(sq);
    NAMES.name(level_of(sq), l % 8, l / 8)
}

/// Reads a square name (`1e2`).
pub fn parse_square(text: &str) -> Option<Square> {
    let (level, file, rank) = NAMES.parse(text)?;
    Some(level * 64 + rank * 8 + file)
}

/// What a sub-move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// A plain move, capture or vertical move.
    Normal = 0,
    /// A pawn's two-step (creates an en passant square).
    Double = 1,
    /// An en passant capture.
    EnPassant = 2,
    /// Castling, written as the King's two-square move.
    Castle = 3,
}

/// One ply: a sub-move (from, to, promotion, flag) or the end of the turn.
///
/// Bits 0-7 from, 8-15 to, 16-18 promotion kind (0 none), 19-20 flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubMove(pub u32);

impl SubMove {
    /// The ply that ends the turn (allowed once a sub-move was made).
    pub const END: SubMove = SubMove(0xFFFF);
    /// No move.
    pub const NONE: SubMove = SubMove(u32::MAX);

    /// A sub-move.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, promo: usize, flag: Flag) -> SubMove {
        SubMove(from as u32 | (to as u32) << 8 | (promo as u32) << 16 | (flag as u32) << 19)
    }

    /// The square the piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 0xFF) as usize
    }

    /// The square the piece reaches (the King's for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        (self.0 >> 8 & 0xFF) as usize
    }

    /// The promotion kind, or 0 (a pawn never promotes to a pawn).
    #[inline(always)]
    pub const fn promo(self) -> usize {
        (self.0 >> 16 & 7) as usize
    }

    /// The flag.
    #[inline(always)]
    pub const fn flag(self) -> Flag {
        match self.0 >> 19 & 3 {
            0 => Flag::Normal,
            1 => Flag::Double,
            2 => Flag::EnPassant,
            _ => Flag::Castle,
        }
    }

    /// Whether this is the end-of-turn ply.
    #[inline(always)]
    pub const fn is_end(self) -> bool {
        self.0 == Self::END.0
    }

    /// The sub-move's text (`1e21e4`, `2c81c8q`); empty for the end ply.
    pub fn text(self) -> String {
        if self.is_end() {
            return String::new();
        }
        let mut s = square_name(self.from()) + &square_name(self.to());
        if self.promo() != 0 {
            s.push(LETTERS[self.promo()].to_ascii_lowercase());
        }
        s
    }
}

crate::impl_move_code!(SubMove(u32), SubMove::NONE);
