//! The Parallel Worlds position: three levels, the turn's progress, and
//! playing one sub-move (or the end of the turn) on it.

use super::types::*;
use crate::chess::attacks;
use crate::zobrist::keys;
use crate::Side;
use crate::{FenError, GamePosition};

/// No en passant square (in the per-level arrays).
pub const NO_EP: u8 = 0xFF;

/// Castling right bits: `4 * chess_slot + {K: 0, Q: 1, k: 2, q: 3}`.
pub const fn castle_bit(level: usize, color: usize, queen_side: bool) -> u8 {
    1 << (4 * chess_slot(level) + 2 * color + queen_side as usize)
}

/// The rights a sub-move starting or ending on each square removes
/// (kings' and rooks' start squares of levels 1 and 3).
static CASTLE_LOSS: [u8; SQUARES] = castle_loss();

const fn castle_loss() -> [u8; SQUARES] {
    let mut t = [0u8; SQUARES];
    let mut i = 0;
    while i < 2 {
        let level = CHESS_LEVELS[i];
        let base = level * 64;
        let mut color = 0;
        while color < 2 {
            let back = if color == 0 { 0 } else { 56 };
            let k = castle_bit(level, color, false);
            let q = castle_bit(level, color, true);
            t[base + back + 4] = k | q;
            t[base + back + 7] = k;
            t[base + back] = q;
            color += 1;
        }
        i += 1;
    }
    t
}

static PIECE_KEYS: [u64; SQUARES * 12] = keys(0x5057_0001);
static STATE_KEYS: [u64; 16] = keys(0x5057_0002);
static CASTLE_KEYS: [u64; 8] = keys(0x5057_0003);
/// En passant squares for this turn (slot * 64 + local), then the ones
/// created in this turn (128 + ...).
static EP_KEYS: [u64; 256] = keys(0x5057_0004);
static MOVED_KEYS: [u64; SQUARES] = keys(0x5057_0005);

/// A Parallel Worlds position, at the start of a turn or inside one.
#[derive(Clone, Debug)]
pub struct Position {
    /// Mailbox: piece code per square or [`EMPTY`].
    pub board: [u8; SQUARES],
    /// Pieces per level and colour.
    pub by_color: [[u64; 2]; LEVELS],
    /// Pieces per level and kind.
    pub by_kind: [[u64; KINDS]; LEVELS],
    /// The side whose turn it is (0 White, 1 Black).
    pub side: Side,
    /// Castling rights, see [`castle_bit`].
    pub castling: u8,
    /// En passant square usable in this turn, per chess level (local square).
    pub ep: [u8; 2],
    /// En passant squares created by this turn's two-steps.
    pub ep_new: [u8; 2],
    /// Turns since the last turn with a capture or a pawn sub-move.
    pub clock: u32,
    /// The move number (grows after Black's turn).
    pub fullmove: u32,
    /// The most sub-moves of this turn (2 on White's first turn, else 3).
    pub limit: u8,
    /// Sub-moves made so far in this turn.
    pub made: u8,
    /// Levels (bit per level) a sub-move of this turn has ended on.
    pub levels_used: u8,
    /// Squares of the pieces that moved in this turn, per level.
    pub moved: [u64; LEVELS],
    /// Whether this turn captured or moved a pawn (resets the clock).
    pub reset: bool,
    /// Zobrist hash of the pieces alone.
    pub piece_hash: u64,
    /// The evaluation's weights (those of the game that read the FEN).
    pub weights: super::eval::Weights,
}

impl Position {
    /// An empty board, White to move at the start of a turn.
    pub fn empty() -> Position {
        Position {
            board: [EMPTY; SQUARES],
            by_color: [[0; 2]; LEVELS],
            by_kind: [[0; KINDS]; LEVELS],
            side: Side::White,
            castling: 0,
            ep: [NO_EP; 2],
            ep_new: [NO_EP; 2],
            clock: 0,
            fullmove: 1,
            limit: 3,
            made: 0,
            levels_used: 0,
            moved: [0; LEVELS],
            reset: false,
            piece_hash: 0,
            weights: super::eval::Weights::COMPILED,
        }
    }

    /// All pieces on a level.
    #[inline(always)]
    pub fn occupied(&self, level: usize) -> u64 {
        self.by_color[level][0] | self.by_color[level][1]
    }

    /// The pieces of one colour and kind on a level.
    #[inline(always)]
    pub fn pieces(&self, level: usize, color: usize, kind: usize) -> u64 {
        self.by_color[level][color] & self.by_kind[level][kind]
    }

    /// Puts a piece on an empty square.
    pub fn put(&mut self, sq: Square, code: u8) {
        let (level, bit) = (level_of(sq), 1u64 << local(sq));
        self.board[sq] = code;
        self.by_color[level][code_color(code)] |= bit;
        self.by_kind[level][code_kind(code)] |= bit;
        self.piece_hash ^= PIECE_KEYS[sq * 12 + code as usize];
    }

    /// Removes the piece on a square and returns its code.
    pub fn remove(&mut self, sq: Square) -> u8 {
        let code = self.board[sq];
        let (level, bit) = (level_of(sq), 1u64 << local(sq));
        self.board[sq] = EMPTY;
        self.by_color[level][code_color(code)] &= !bit;
        self.by_kind[level][code_kind(code)] &= !bit;
        self.piece_hash ^= PIECE_KEYS[sq * 12 + code as usize];
        code
    }

    /// The side that has lost a King, if any (the game is then over).
    pub fn king_missing(&self) -> Option<usize> {
        (0..2).find(|&c| self.pieces(0, c, KING) == 0 || self.pieces(2, c, KING) == 0)
    }

    /// The pieces of both colours on chess level `level` that attack `sq`
    /// (local), with the level's blockers `occ`.
    pub fn attackers(&self, level: usize, sq: usize, occ: u64) -> u64 {
        let k = &self.by_kind[level];
        let c = &self.by_color[level];
        attacks::KNIGHT[sq] & k[KNIGHT]
            | attacks::KING[sq] & k[KING]
            | attacks::PAWN[1][sq] & k[PAWN] & c[0]
            | attacks::PAWN[0][sq] & k[PAWN] & c[1]
            | attacks::bishop(sq, occ) & (k[BISHOP] | k[QUEEN])
            | attacks::rook(sq, occ) & (k[ROOK] | k[QUEEN])
    }

    /// Whether `sq` (local, on chess level `level`) is attacked by a piece
    /// of `by` on that level, with the level's blockers `occ`.
    #[inline]
    pub fn attacked(&self, level: usize, sq: usize, by: usize, occ: u64) -> bool {
        self.attackers(level, sq, occ) & self.by_color[level][by] != 0
    }

    /// Ends the turn: the other side moves, with the en passant squares of
    /// this turn's two-steps and the counters updated.
    pub fn end_turn(&mut self) {
        self.clock = if self.reset { 0 } else { self.clock + 1 };
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.ep = self.ep_new;
        self.ep_new = [NO_EP; 2];
        self.limit = 3;
        self.made = 0;
        self.levels_used = 0;
        self.moved = [0; LEVELS];
        self.reset = false;
    }
}

#[inline(always)]
fn castle_key(rights: u8) -> u64 {
    let mut h = 0;
    let mut r = rights;
    while r != 0 {
        h ^= CASTLE_KEYS[r.trailing_zeros() as usize];
        r &= r - 1;
    }
    h
}

impl Position {
    /// Reads a FEN. Never panics: bad input is an error that says what is
    /// wrong.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        super::fen::from_fen(fen)
    }
}

impl GamePosition for Position {
    type Move = SubMove;

    /// The full hash: pieces, side, rights, en passant squares, the limit
    /// and the turn's progress (sub-moves made, levels used, moved pieces,
    /// two-steps made), so positions inside a turn never match turn starts
    /// or each other unless the rest of the turn is the same.
    fn hash(&self) -> u64 {
        let mut h = self.piece_hash ^ castle_key(self.castling);
        if self.side == Side::Black {
            h ^= STATE_KEYS[0];
        }
        if self.limit == 2 {
            h ^= STATE_KEYS[1];
        }
        h ^= STATE_KEYS[2 + self.made as usize];
        h ^= STATE_KEYS[8 + self.levels_used as usize];
        for slot in 0..2 {
            if self.ep[slot] != NO_EP {
                h ^= EP_KEYS[slot * 64 + self.ep[slot] as usize];
            }
            if self.ep_new[slot] != NO_EP {
                h ^= EP_KEYS[128 + slot * 64 + self.ep_new[slot] as usize];
            }
        }
        for level in 0..LEVELS {
            let mut m = self.moved[level];
            while m != 0 {
                h ^= MOVED_KEYS[level * 64 + m.trailing_zeros() as usize];
                m &= m - 1;
            }
        }
        h
    }

    /// The position after a ply produced by the move generator.
    fn make(&self, mv: SubMove) -> Position {
        let mut p = self.clone();
        if mv.is_end() {
            p.end_turn();
            return p;
        }
        let (from, to) = (mv.from(), mv.to());
        let to_level = level_of(to);
        let code = p.remove(from);
        let kind = code_kind(code);
        let mut victim = EMPTY;
        match mv.flag() {
            Flag::EnPassant => {
                let behind = if p.side == Side::White {
                    to - 8
                } else {
                    to + 8
                };
                victim = p.remove(behind);
            }
            Flag::Double => {
                let passed = (local(from) + local(to)) / 2;
                p.ep_new[chess_slot(to_level)] = passed as u8;
            }
            Flag::Castle => {
                let base = to - local(to) % 8; // the back rank's a-file
                let (rook_from, rook_to) = if to % 8 == 6 {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                // The rights go below: the King leaves its start square.
                let rook = p.remove(rook_from);
                p.put(rook_to, rook);
                p.moved[to_level] |= 1 << local(rook_to);
            }
            Flag::Normal => {
                if p.board[to] != EMPTY {
                    victim = p.remove(to);
                }
            }
        }
        let placed = if mv.promo() != 0 {
            piece_code(p.side.index(), mv.promo())
        } else {
            code
        };
        p.put(to, placed);
        p.moved[to_level] |= 1 << local(to);
        p.levels_used |= 1 << to_level;
        p.made += 1;
        p.castling &= !(CASTLE_LOSS[from] | CASTLE_LOSS[to]);
        if victim != EMPTY || kind == PAWN {
            p.reset = true;
        }
        // A King capture ends the turn and the game; so does the last
        // sub-move the limit allows.
        if (victim != EMPTY && code_kind(victim) == KING) || p.made >= p.limit {
            p.end_turn();
        }
        p
    }

    fn side(&self) -> Side {
        self.side
    }

    /// No check rule: a King under attack is a threat the evaluation
    /// weighs, not a state that restricts moves.
    fn in_check(&self) -> bool {
        false
    }

    fn halfmove_clock(&self) -> u32 {
        self.clock
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn to_fen(&self) -> String {
        super::fen::to_fen(self)
    }
}
