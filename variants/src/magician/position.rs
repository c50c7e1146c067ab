//! The Magician Chess position: pieces, holes, rights and counters, with
//! attack detection (spell attacks included) and copy-make.

use super::types::*;
use crate::zobrist::keys;
use crate::Side;
use crate::{FenError, GamePosition};

const PIECE_KEYS: [u64; 2 * KINDS * 64] = keys(0x4D41_4749_0001);
const HOLE_KEYS: [u64; 64] = keys(0x4D41_4749_0002);
const CASTLE_KEYS: [u64; 16] = keys(0x4D41_4749_0003);
const EP_KEYS: [u64; 64] = keys(0x4D41_4749_0004);
const SIDE_KEY: u64 = keys::<1>(0x4D41_4749_0005)[0];

/// King home cells (d1, d7) and castling rook homes by right:
/// 0 White b-side (a1), 1 White f-side (g1), 2 Black b-side (a7),
/// 3 Black f-side (g7).
pub const KING_HOME: [Square; 2] = [3, 6 * 8 + 3];
/// Rook home of each castling right.
pub const ROOK_HOME: [Square; 4] = [0, 6, 6 * 8, 6 * 8 + 6];
/// The FEN letters of the castling rights, in FEN order.
pub const CASTLE_LETTERS: [char; 4] = ['A', 'G', 'a', 'g'];

/// A Magician Chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_color: [u64; 2],
    pub(crate) by_kind: [u64; KINDS],
    pub(crate) holes: u64,
    pub(crate) side: Side,
    /// Bit per right, in the order of [`CASTLE_LETTERS`].
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// The evaluation's weights (those of the game that read the FEN).
    pub(crate) weights: super::eval::Weights,
}

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            by_color: [0; 2],
            by_kind: [0; KINDS],
            holes: 0,
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            weights: super::eval::Weights::COMPILED,
        }
    }

    /// The piece on a cell: (color, kind).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(usize, usize)> {
        let bit = 1u64 << sq;
        let color = if self.by_color[0] & bit != 0 {
            0
        } else if self.by_color[1] & bit != 0 {
            1
        } else {
            return None;
        };
        let kind = (0..KINDS).find(|&k| self.by_kind[k] & bit != 0)?;
        Some((color, kind))
    }

    /// Pieces of one colour and kind.
    #[inline]
    pub fn pieces(&self, color: usize, kind: usize) -> u64 {
        self.by_color[color] & self.by_kind[kind]
    }

    /// Every piece.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The holes.
    #[inline]
    pub fn holes(&self) -> u64 {
        self.holes
    }

    /// Pieces of `color` with the rook power (R, C, S).
    #[inline]
    pub fn rook_likes(&self, color: usize) -> u64 {
        self.by_color[color]
            & (self.by_kind[ROOK] | self.by_kind[ROOK_KNIGHT] | self.by_kind[ROOK_MAGICIAN])
    }

    /// Pieces of `color` with the knight power (N, C, W).
    #[inline]
    pub fn knight_likes(&self, color: usize) -> u64 {
        self.by_color[color]
            & (self.by_kind[KNIGHT] | self.by_kind[ROOK_KNIGHT] | self.by_kind[KNIGHT_MAGICIAN])
    }

    /// Pieces of `color` with the magician power (M, S, W).
    #[inline]
    pub fn magician_likes(&self, color: usize) -> u64 {
        self.by_color[color]
            & (self.by_kind[MAGICIAN] | self.by_kind[ROOK_MAGICIAN] | self.by_kind[KNIGHT_MAGICIAN])
    }

    /// Holes that `color` can cast a spell on.
    #[inline]
    pub fn castable_holes(&self, color: usize) -> u64 {
        let mut casters = self.magician_likes(color);
        let mut reach = 0;
        while casters != 0 {
            reach |= SPELL_RANGE[casters.trailing_zeros() as usize];
            casters &= casters - 1;
        }
        reach & self.holes
    }

    /// Whether side `by` attacks the cell `sq` (spell attacks included).
    pub fn attacked_by(&self, sq: Square, by: usize) -> bool {
        let them = self.by_color[by];
        if PAWN_ATTACKS[by ^ 1][sq] & self.by_kind[PAWN] & them != 0
            || KING_STEPS[sq] & self.by_kind[KING] & them != 0
            || KNIGHT_LEAPS[sq] & self.knight_likes(by) != 0
            || rook_attacks(sq, self.occupied() | self.holes) & self.rook_likes(by) != 0
        {
            return true;
        }
        // A hole next to the cell that a magician can cast on.
        ORTHOGONAL[sq] & self.castable_holes(by) != 0
    }

    /// The King square of `color`, if it has one.
    #[inline]
    pub fn king_square(&self, color: usize) -> Option<Square> {
        let k = self.pieces(color, KING);
        (k != 0).then(|| k.trailing_zeros() as usize)
    }

    /// Whether `color`'s King is attacked (or missing).
    pub fn king_in_danger(&self, color: usize) -> bool {
        match self.king_square(color) {
            Some(k) => self.attacked_by(k, color ^ 1),
            None => true,
        }
    }

    /// The en passant cell, if any.
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    pub(crate) fn put(&mut self, sq: Square, color: usize, kind: usize) {
        let bit = 1u64 << sq;
        self.by_color[color] |= bit;
        self.by_kind[kind] |= bit;
        self.hash ^= PIECE_KEYS[(color * KINDS + kind) * 64 + sq];
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<(usize, usize)> {
        let (color, kind) = self.piece_at(sq)?;
        let bit = 1u64 << sq;
        self.by_color[color] &= !bit;
        self.by_kind[kind] &= !bit;
        self.hash ^= PIECE_KEYS[(color * KINDS + kind) * 64 + sq];
        Some((color, kind))
    }

    pub(crate) fn toggle_hole(&mut self, sq: Square) {
        self.holes ^= 1 << sq;
        self.hash ^= HOLE_KEYS[sq];
    }

    /// The hash from scratch (for FEN reading and checks).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..64 {
            if let Some((c, k)) = self.piece_at(sq) {
                h ^= PIECE_KEYS[(c * KINDS + k) * 64 + sq];
            }
            if self.holes & (1 << sq) != 0 {
                h ^= HOLE_KEYS[sq];
            }
        }
        h ^= CASTLE_KEYS[self.castling as usize];
        if let Some(ep) = self.ep {
            h ^= EP_KEYS[ep];
        }
        if self.side == Side::Black {
            h ^= SIDE_KEY;
        }
        h
    }

    /// Drops castling rights whose King or plain Rook left home.
    pub(crate) fn castling_still_valid(&self) -> u8 {
        let mut rights = self.castling;
        for (right, &rook_home) in ROOK_HOME.iter().enumerate() {
            let color = right / 2;
            let king_home = self.pieces(color, KING) & (1 << KING_HOME[color]) != 0;
            let rook_home = self.pieces(color, ROOK) & (1 << rook_home) != 0;
            if !(king_home && rook_home) {
                rights &= !(1 << right);
            }
        }
        rights
    }
}

impl Position {
    /// Passes the turn (for null-move pruning): the side changes, the en
    /// passant right lapses.
    pub(crate) fn null_in_place(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.hash ^= EP_KEYS[ep];
        }
        self.side = !self.side;
        self.hash ^= SIDE_KEY;
        self.halfmove += 1;
    }
}

impl Position {
    /// Reads a FEN. Never panics: bad input is an error that says what is
    /// wrong.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        super::fen::from_fen(fen)
    }
}

impl GamePosition for Position {
    type Move = Move;

    /// The side to move.
    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    /// The Zobrist hash.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture or pawn move.
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        self.king_in_danger(self.side.index())
    }

    /// The position after a move produced by the generator (legal or
    /// pseudo-legal: the caller checks the mover's King).
    fn make(&self, mv: Move) -> Position {
        let mut p = self.clone();
        let us = self.side.index();
        let (from, to) = (mv.from(), mv.to());
        if let Some(ep) = p.ep.take() {
            p.hash ^= EP_KEYS[ep];
        }
        p.hash ^= CASTLE_KEYS[p.castling as usize];
        p.halfmove += 1;
        match mv.kind() {
            MoveKind::Normal | MoveKind::Promotion => {
                let (_, kind) = p.remove(from).expect("a piece on the origin");
                if p.remove(to).is_some() {
                    p.halfmove = 0;
                }
                let placed = if mv.kind() == MoveKind::Promotion {
                    mv.promo()
                } else {
                    kind
                };
                p.put(to, us, placed);
                if kind == PAWN {
                    p.halfmove = 0;
                    if rank_of(from).abs_diff(rank_of(to)) == 2 {
                        let passed = (from + to) / 2;
                        // Recorded only when an enemy pawn stands beside the
                        // arriving pawn (spec section 10).
                        let beside = (if file_of(to) > 0 { 1u64 << (to - 1) } else { 0 })
                            | (if file_of(to) < 6 { 1u64 << (to + 1) } else { 0 });
                        if beside & p.pieces(us ^ 1, PAWN) != 0 {
                            p.ep = Some(passed);
                            p.hash ^= EP_KEYS[passed];
                        }
                    }
                }
            }
            MoveKind::EnPassant => {
                p.remove(from);
                p.put(to, us, PAWN);
                let victim = if us == 0 { to - 8 } else { to + 8 };
                p.remove(victim);
                p.halfmove = 0;
            }
            MoveKind::Castling => {
                let b_side = to < from;
                let right = 2 * us + usize::from(!b_side);
                let rook_from = ROOK_HOME[right];
                let rook_to = if b_side { from - 1 } else { from + 1 };
                p.remove(from);
                p.remove(rook_from);
                p.put(to, us, KING);
                p.put(rook_to, us, ROOK);
            }
            MoveKind::Spell | MoveKind::SpellFall => {
                // `from` is the hole, `to` the target: they swap.
                p.toggle_hole(from);
                p.toggle_hole(to);
                if let Some((color, kind)) = p.remove(to) {
                    if mv.kind() == MoveKind::Spell {
                        p.put(from, color, kind);
                    } else {
                        p.halfmove = 0;
                    }
                }
            }
        }
        p.castling = p.castling_still_valid();
        p.hash ^= CASTLE_KEYS[p.castling as usize];
        if us == 1 {
            p.fullmove += 1;
        }
        p.side = !p.side;
        p.hash ^= SIDE_KEY;
        p
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn to_fen(&self) -> String {
        super::fen::to_fen(self)
    }
}
