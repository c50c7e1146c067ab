//! Squares, pieces, moves and the precomputed tables of the 7x7 board.
//!
//! A cell is `rank * 8 + file` (files a..g = 0..6, ranks 1..7 = 0..6), so a
//! 64-bit bitboard holds the board with a spare file and rank that no table
//! ever reaches.

use crate::geometry::{self, leaper_table, KNIGHT_STEPS};

/// A cell index, `rank * 8 + file`.
pub type Square = usize;

/// Every cell of the 7x7 board.
pub const CELLS: u64 = {
    let mut b = 0u64;
    let mut r = 0;
    while r < 7 {
        b |= 0x7F << (8 * r);
        r += 1;
    }
    b
};

/// King.
pub const KING: usize = 0;
/// Pawn.
pub const PAWN: usize = 1;
/// Rook.
pub const ROOK: usize = 2;
/// Knight.
pub const KNIGHT: usize = 3;
/// Magician.
pub const MAGICIAN: usize = 4;
/// Rook + Knight.
pub const ROOK_KNIGHT: usize = 5;
/// Rook + Magician.
pub const ROOK_MAGICIAN: usize = 6;
/// Knight + Magician.
pub const KNIGHT_MAGICIAN: usize = 7;
/// Number of piece kinds.
pub const KINDS: usize = 8;
/// FEN letters (White's, upper case) by kind.
pub const LETTERS: [char; KINDS] = ['K', 'P', 'R', 'N', 'M', 'C', 'S', 'W'];

/// Whether a kind has the rook power.
pub const fn rook_like(kind: usize) -> bool {
    matches!(kind, ROOK | ROOK_KNIGHT | ROOK_MAGICIAN)
}
/// Whether a kind has the knight power.
pub const fn knight_like(kind: usize) -> bool {
    matches!(kind, KNIGHT | ROOK_KNIGHT | KNIGHT_MAGICIAN)
}
/// Whether a kind has the magician power (moves and spells).
pub const fn magician_like(kind: usize) -> bool {
    matches!(kind, MAGICIAN | ROOK_MAGICIAN | KNIGHT_MAGICIAN)
}

/// The kind for a FEN letter of either case.
pub fn kind_from_letter(c: char) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())
}

/// File 0..6 of a cell.
pub const fn file_of(sq: Square) -> usize {
    sq % 8
}
/// Rank 0..6 of a cell.
pub const fn rank_of(sq: Square) -> usize {
    sq / 8
}
/// The cell at a file and rank, if both are on the board.
pub const fn cell(file: i32, rank: i32) -> Option<Square> {
    if file >= 0 && file < 7 && rank >= 0 && rank < 7 {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// How Magician Chess names its squares.
/// How the game names its squares.
pub const NAMES: crate::SquareNames = crate::SquareNames::single(7, 7);

/// Square name such as `d4`.
pub fn square_name(sq: Square) -> String {
    NAMES.name(0, file_of(sq), rank_of(sq))
}

/// Reads a square name such as `d4`.
pub fn parse_square(s: &str) -> Option<Square> {
    NAMES.parse(s).map(|(_, file, rank)| rank * 8 + file)
}

const fn table(offsets: &[(i32, i32)]) -> [u64; 64] {
    leaper_table(7, 7, offsets)
}

/// Knight leaps from each cell.
pub static KNIGHT_LEAPS: [u64; 64] = table(&KNIGHT_STEPS);
/// King steps from each cell.
pub static KING_STEPS: [u64; 64] = table(&geometry::KING_STEPS);
/// Orthogonal neighbours of each cell (spell targets around a hole).
pub static ORTHOGONAL: [u64; 64] = table(&[(1, 0), (0, 1), (-1, 0), (0, -1)]);
/// The magician's non-capturing moves: orthogonal steps and diagonal
/// two-square leaps.
pub static MAGICIAN_MOVES: [u64; 64] = table(&[
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
]);
/// Cells within spell range of each cell: diagonal distance 1 or orthogonal
/// distance 2 (symmetric, so it serves both "holes a caster reaches" and
/// "casters that reach a hole").
pub static SPELL_RANGE: [u64; 64] = table(&[
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
]);
/// Cells a pawn of each side attacks from each cell.
pub static PAWN_ATTACKS: [[u64; 64]; 2] = [table(&[(1, 1), (-1, 1)]), table(&[(1, -1), (-1, -1)])];

/// Rook attacks from `sq`: slides stop at the first cell in `blockers`
/// (pieces and holes), which is included.
#[inline]
pub fn rook_attacks(sq: Square, blockers: u64) -> u64 {
    let mut att = 0;
    for (df, dr) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut r) = (file_of(sq) as i32 + df, rank_of(sq) as i32 + dr);
        while let Some(to) = cell(f, r) {
            att |= 1 << to;
            if blockers & (1 << to) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    att
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece move or capture.
    Normal,
    /// A pawn reaching the far rank, becoming `promo`.
    Promotion,
    /// The King's two-file move with its rook.
    Castling,
    /// A pawn capturing the pawn that just made a two-step.
    EnPassant,
    /// A spell: hole and target swap; a piece on the target is carried.
    Spell,
    /// A spell whose target piece falls.
    SpellFall,
}

/// One move: 6 bits from, 6 bits to, 3 bits kind, 3 bits promotion kind.
/// For spells `from` is the hole and `to` the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u32);

impl Move {
    /// Packs a move.
    pub const fn new(from: Square, to: Square, kind: MoveKind, promo: usize) -> Move {
        let k = match kind {
            MoveKind::Normal => 1,
            MoveKind::Promotion => 2,
            MoveKind::Castling => 3,
            MoveKind::EnPassant => 4,
            MoveKind::Spell => 5,
            MoveKind::SpellFall => 6,
        };
        Move(from as u32 | (to as u32) << 6 | k << 12 | (promo as u32) << 15)
    }
    /// Origin (the hole for spells).
    pub const fn from(self) -> Square {
        (self.0 & 63) as usize
    }
    /// Destination (the target for spells).
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as usize
    }
    /// The kind of move.
    pub const fn kind(self) -> MoveKind {
        match (self.0 >> 12) & 7 {
            2 => MoveKind::Promotion,
            3 => MoveKind::Castling,
            4 => MoveKind::EnPassant,
            5 => MoveKind::Spell,
            6 => MoveKind::SpellFall,
            _ => MoveKind::Normal,
        }
    }
    /// The promotion kind (meaningful for promotions).
    pub const fn promo(self) -> usize {
        ((self.0 >> 15) & 7) as usize
    }
    /// Whether the move is a spell.
    pub const fn is_spell(self) -> bool {
        matches!(self.kind(), MoveKind::Spell | MoveKind::SpellFall)
    }
}

crate::impl_move_code!(Move(u32), Move(0));
