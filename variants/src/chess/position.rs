//! The chess position and making moves on it.

use super::attacks;
use super::types::*;
use crate::{zobrist, FenError, GamePosition, Side};

const PIECE_KEYS: [u64; 16 * 64] = zobrist::keys(0xC4E5_5001);
const CASTLE_KEYS: [u64; 16] = zobrist::keys(0xC4E5_5002);
const EP_KEYS: [u64; 8] = zobrist::keys(0xC4E5_5003);
const SIDE_KEY: u64 = zobrist::keys::<1>(0xC4E5_5004)[0];

/// En passant square value meaning "none".
pub const NO_SQUARE: u8 = 64;

/// Castling right bits: White king side, White queen side, Black king side,
/// Black queen side. Right `i` belongs to colour `i / 2`.
pub const CASTLE_WK: u8 = 1;
/// White queen side.
pub const CASTLE_WQ: u8 = 2;
/// Black king side.
pub const CASTLE_BK: u8 = 4;
/// Black queen side.
pub const CASTLE_BQ: u8 = 8;

#[inline(always)]
fn piece_key(code: u8, sq: Square) -> u64 {
    PIECE_KEYS[(code as usize) << 6 | sq]
}

/// A chess position: bitboards by kind and colour plus a mailbox.
///
/// Copied on every move (copy-make); about 150 bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_kind: [u64; 6],
    pub(crate) by_color: [u64; 2],
    pub(crate) board: [u8; 64],
    pub(crate) hash: u64,
    pub(crate) side: Side,
    pub(crate) castling: u8,
    /// The rook start square of each castling right (Chess960-ready).
    pub(crate) castle_rook: [u8; 4],
    /// Set only when a pawn of the side to move could capture there.
    pub(crate) ep: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    /// Castling tokens are written king-takes-rook (Chess960 convention).
    pub(crate) chess960: bool,
    /// The evaluation's weights (those of the game that read the FEN).
    pub(crate) weights: super::eval::Weights,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            by_kind: [0; 6],
            by_color: [0; 2],
            board: [NO_PIECE; 64],
            hash: 0,
            side: Side::White,
            castling: 0,
            castle_rook: [0; 4],
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            chess960: false,
            weights: super::eval::Weights::COMPILED,
        }
    }

    /// The mailbox code on `sq` ([`NO_PIECE`] when empty).
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> u8 {
        self.board[sq]
    }

    /// Pieces of one colour and kind.
    #[inline(always)]
    pub fn pieces(&self, color: usize, kind: usize) -> u64 {
        self.by_kind[kind] & self.by_color[color]
    }

    /// All pieces of a colour.
    #[inline(always)]
    pub fn color(&self, color: usize) -> u64 {
        self.by_color[color]
    }

    /// All pieces of a kind, both colours.
    #[inline(always)]
    pub fn kind(&self, kind: usize) -> u64 {
        self.by_kind[kind]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The king square of `color`.
    #[inline(always)]
    pub fn king_square(&self, color: usize) -> Square {
        self.pieces(color, KING).trailing_zeros() as usize
    }

    /// Castling right bits (`CASTLE_*`).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en passant target square, when a capture there is possible.
    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then_some(self.ep as usize)
    }

    /// Whether castling moves are written king-takes-rook.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Chooses how castling moves are written (`UCI_Chess960`).
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// Pieces of `by` that attack `sq`, with blockers `occ`.
    #[inline(always)]
    pub fn attackers_by(&self, sq: Square, by: usize, occ: u64) -> u64 {
        let theirs = self.by_color[by];
        ((attacks::PAWN[by ^ 1][sq] & self.by_kind[PAWN])
            | (attacks::KNIGHT[sq] & self.by_kind[KNIGHT])
            | (attacks::KING[sq] & self.by_kind[KING])
            | (attacks::bishop(sq, occ) & (self.by_kind[BISHOP] | self.by_kind[QUEEN]))
            | (attacks::rook(sq, occ) & (self.by_kind[ROOK] | self.by_kind[QUEEN])))
            & theirs
    }

    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> u64 {
        let us = self.side.index();
        self.attackers_by(self.king_square(us), us ^ 1, self.occupied())
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, code: u8) {
        let bit = 1u64 << sq;
        self.by_kind[kind_of(code)] |= bit;
        self.by_color[color_of(code)] |= bit;
        self.board[sq] = code;
        self.hash ^= piece_key(code, sq);
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square) {
        let code = self.board[sq];
        let bit = 1u64 << sq;
        self.by_kind[kind_of(code)] ^= bit;
        self.by_color[color_of(code)] ^= bit;
        self.board[sq] = NO_PIECE;
        self.hash ^= piece_key(code, sq);
    }

    #[inline(always)]
    fn shift_piece(&mut self, from: Square, to: Square) {
        let code = self.board[from];
        let bits = 1u64 << from | 1u64 << to;
        self.by_kind[kind_of(code)] ^= bits;
        self.by_color[color_of(code)] ^= bits;
        self.board[from] = NO_PIECE;
        self.board[to] = code;
        self.hash ^= piece_key(code, from) ^ piece_key(code, to);
    }

    /// Sets the en passant square after a double push if a pawn of
    /// `capturer` could take there (so the hash and FEN ignore useless ep
    /// squares, and repetitions are recognised).
    #[inline(always)]
    pub(crate) fn set_ep_if_capturable(&mut self, ep: Square, capturer: usize) {
        if attacks::PAWN[capturer ^ 1][ep] & self.pieces(capturer, PAWN) != 0 {
            self.ep = ep as u8;
            self.hash ^= EP_KEYS[file_of(ep)];
        }
    }

    /// Recomputes the hash from scratch (FEN reading, tests).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..64 {
            if self.board[sq] != NO_PIECE {
                h ^= piece_key(self.board[sq], sq);
            }
        }
        h ^= CASTLE_KEYS[self.castling as usize];
        if self.ep != NO_SQUARE {
            h ^= EP_KEYS[file_of(self.ep as usize)];
        }
        if self.side == Side::Black {
            h ^= SIDE_KEY;
        }
        h
    }

    /// Castling rights lost by touching `sq` (king or rook moving or captured).
    #[inline(always)]
    fn rights_lost(&self, sq: Square) -> u8 {
        let mut lost = 0;
        for i in 0..4 {
            if self.castle_rook[i] as usize == sq {
                lost |= 1 << i;
            }
        }
        if self.board[sq] != NO_PIECE && kind_of(self.board[sq]) == KING {
            lost |= 3 << (2 * color_of(self.board[sq]));
        }
        lost
    }

    /// The position with the turn passed (for null-move pruning).
    pub fn make_null(&self) -> Position {
        let mut p = *self;
        if p.ep != NO_SQUARE {
            p.hash ^= EP_KEYS[file_of(p.ep as usize)];
            p.ep = NO_SQUARE;
        }
        p.side = !p.side;
        p.hash ^= SIDE_KEY;
        p.halfmove = p.halfmove.saturating_add(1);
        p
    }

    /// Whether neither side has mating material (FIDE dead positions that
    /// are cheap to recognise: K v K, K+minor v K, bishops all on one colour).
    pub fn insufficient_material(&self) -> bool {
        if self.by_kind[PAWN] | self.by_kind[ROOK] | self.by_kind[QUEEN] != 0 {
            return false;
        }
        let minors = self.by_kind[KNIGHT] | self.by_kind[BISHOP];
        if minors.count_ones() <= 1 {
            return true;
        }
        const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
        let bishops = self.by_kind[BISHOP];
        self.by_kind[KNIGHT] == 0 && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
    }
}

impl Position {
    /// Reads a FEN. Never panics: bad input is an error that says what is
    /// wrong.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::read_fen(fen)
    }
}

impl GamePosition for Position {
    type Move = Move;

    /// The side to move.
    #[inline(always)]
    fn side(&self) -> Side {
        self.side
    }

    /// The Zobrist hash.
    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture or pawn move.
    fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// Whether the side to move is in check.
    #[inline]
    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    /// The position after a legal move `mv`.
    #[inline(always)]
    fn make(&self, mv: Move) -> Position {
        let mut p = *self;
        let us = self.side.index();
        let (from, to) = (mv.from(), mv.to());
        if p.ep != NO_SQUARE {
            p.hash ^= EP_KEYS[file_of(p.ep as usize)];
            p.ep = NO_SQUARE;
        }
        if p.castling != 0 {
            let lost = self.castling & (self.rights_lost(from) | self.rights_lost(to));
            if lost != 0 {
                p.hash ^=
                    CASTLE_KEYS[p.castling as usize] ^ CASTLE_KEYS[(p.castling & !lost) as usize];
                p.castling &= !lost;
            }
        }
        p.halfmove += 1;
        match mv.kind() {
            MoveKind::Normal => {
                if self.board[to] != NO_PIECE {
                    p.remove(to);
                    p.halfmove = 0;
                }
                p.shift_piece(from, to);
                if kind_of(self.board[from]) == PAWN {
                    p.halfmove = 0;
                    if from ^ to == 16 {
                        p.set_ep_if_capturable((from + to) / 2, us ^ 1);
                    }
                }
            }
            MoveKind::Promotion => {
                if self.board[to] != NO_PIECE {
                    p.remove(to);
                }
                p.remove(from);
                p.put(to, piece_code(us, mv.promo_kind()));
                p.halfmove = 0;
            }
            MoveKind::EnPassant => {
                p.remove(to ^ 8);
                p.shift_piece(from, to);
                p.halfmove = 0;
            }
            MoveKind::Castling => {
                let back = if us == 0 { 0 } else { 56 };
                let king_side = to > from;
                let kdest = back + if king_side { 6 } else { 2 };
                let rdest = back + if king_side { 5 } else { 3 };
                // Lift both first: in Chess960 the squares may overlap.
                p.remove(from);
                p.remove(to);
                p.put(kdest, piece_code(us, KING));
                p.put(rdest, piece_code(us, ROOK));
            }
        }
        p.side = !p.side;
        p.hash ^= SIDE_KEY;
        if us == 1 {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove.into()
    }

    fn to_fen(&self) -> String {
        self.write_fen()
    }
}
