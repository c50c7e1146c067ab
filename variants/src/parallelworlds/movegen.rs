//! Sub-move generation: chess on levels 1 and 3, non-capturing queens on
//! level 2, vertical moves between neighbouring levels, all filtered by the
//! turn's rules (each piece once, each level ended on once).

use super::position::{castle_bit, Position, NO_EP};
use super::types::*;
use crate::chess::attacks;
use crate::GamePosition;
use crate::MoveList;

/// Receives generated sub-moves. `targets` takes a whole set of
/// destinations at once, so counting needs no per-move work.
pub(crate) trait Sink {
    /// One sub-move (or the end of the turn).
    fn one(&mut self, mv: SubMove);
    /// Moves from `from` to each local square of `set` on level `to_level`;
    /// `promote`: each is four promotions.
    fn targets(&mut self, from: Square, to_level: usize, set: u64, flag: Flag, promote: bool);
}

impl Sink for MoveList<SubMove> {
    #[inline(always)]
    fn one(&mut self, mv: SubMove) {
        self.push(mv);
    }
    #[inline(always)]
    fn targets(&mut self, from: Square, to_level: usize, mut set: u64, flag: Flag, promote: bool) {
        while set != 0 {
            let to = to_level * 64 + set.trailing_zeros() as usize;
            set &= set - 1;
            if promote {
                for kind in PROMOTIONS {
                    self.push(SubMove::new(from, to, kind, flag));
                }
            } else {
                self.push(SubMove::new(from, to, 0, flag));
            }
        }
    }
}

/// Counts moves without building them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn one(&mut self, _: SubMove) {
        self.0 += 1;
    }
    #[inline(always)]
    fn targets(&mut self, _: Square, _: usize, set: u64, _: Flag, promote: bool) {
        self.0 += set.count_ones() as u64 * if promote { 4 } else { 1 };
    }
}

/// A colour's last rank on every level (rank 8 for White, rank 1 for Black).
#[inline(always)]
pub const fn last_rank(color: usize) -> u64 {
    if color == 0 {
        0xFF00_0000_0000_0000
    } else {
        0xFF
    }
}

/// Every legal ply of the position into `sink`: the end of the turn once a
/// sub-move was made, then the sub-moves. Nothing when a King is gone.
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    if pos.king_missing().is_some() {
        return;
    }
    if pos.made > 0 {
        sink.one(SubMove::END);
    }
    if pos.made >= pos.limit {
        return;
    }
    let us = pos.side.index();
    let free = |level: usize| pos.levels_used & (1 << level) == 0;
    for level in CHESS_LEVELS {
        let own = pos.by_color[level][us] & !pos.moved[level];
        if free(level) {
            chess_level(pos, level, own, sink);
        }
        if free(MIDDLE) {
            let up = own & !pos.by_kind[level][KING] & !pos.occupied(MIDDLE);
            vertical(level, MIDDLE, up, 0, sink);
        }
    }
    let own = pos.by_color[MIDDLE][us] & !pos.moved[MIDDLE];
    if free(MIDDLE) {
        let occ = pos.occupied(MIDDLE);
        let mut bb = own;
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let reach = attacks::queen(s, occ) & !occ;
            sink.targets(MIDDLE * 64 + s, MIDDLE, reach, Flag::Normal, false);
        }
    }
    let pawns = own & pos.by_kind[MIDDLE][PAWN];
    for level in CHESS_LEVELS {
        if free(level) {
            let down = own & !pos.occupied(level);
            vertical(MIDDLE, level, down, pawns & last_rank(us), sink);
        }
    }
}

/// Vertical moves of the pieces `set` (local squares) from one level to the
/// same squares of another; those in `promoting` promote on arrival.
#[inline(always)]
fn vertical<S: Sink>(from: usize, to: usize, set: u64, promoting: u64, sink: &mut S) {
    let mut bb = set;
    while bb != 0 {
        let s = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        let bit = 1u64 << s;
        sink.targets(from * 64 + s, to, bit, Flag::Normal, promoting & bit != 0);
    }
}

/// Chess moves on level 1 or 3 of the unmoved pieces `own`.
fn chess_level<S: Sink>(pos: &Position, level: usize, own: u64, sink: &mut S) {
    let us = pos.side.index();
    let ours = pos.by_color[level][us];
    let theirs = pos.by_color[level][1 - us];
    let occ = ours | theirs;
    let base = level * 64;
    let k = &pos.by_kind[level];
    let mut bb = own & !k[PAWN];
    while bb != 0 {
        let s = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        let reach = match code_kind(pos.board[base + s]) {
            KNIGHT => attacks::KNIGHT[s],
            BISHOP => attacks::bishop(s, occ),
            ROOK => attacks::rook(s, occ),
            QUEEN => attacks::queen(s, occ),
            _ => attacks::KING[s],
        };
        sink.targets(base + s, level, reach & !ours, Flag::Normal, false);
    }
    let last = last_rank(us);
    let ep = match pos.ep[chess_slot(level)] {
        NO_EP => 0,
        sq => (1u64 << sq) & !occ,
    };
    let mut pawns = own & k[PAWN];
    while pawns != 0 {
        let s = pawns.trailing_zeros() as usize;
        pawns &= pawns - 1;
        let (one, second) = if us == 0 {
            (s + 8, (8..16).contains(&s))
        } else {
            (s - 8, (48..56).contains(&s))
        };
        let mut quiet = (1u64 << one) & !occ;
        if quiet != 0 && second {
            let two = if us == 0 { s + 16 } else { s - 16 };
            let double = (1u64 << two) & !occ;
            sink.targets(base + s, level, double, Flag::Double, false);
        }
        let hits = attacks::PAWN[us][s];
        let captures = hits & theirs;
        quiet |= captures;
        sink.targets(base + s, level, quiet & !last, Flag::Normal, false);
        sink.targets(base + s, level, quiet & last, Flag::Normal, true);
        sink.targets(base + s, level, hits & ep, Flag::EnPassant, false);
    }
    castling(pos, level, own, occ, sink);
}

/// Castling on a chess level, judged at this moment of the turn.
fn castling<S: Sink>(pos: &Position, level: usize, own: u64, occ: u64, sink: &mut S) {
    let us = pos.side.index();
    let back = if us == 0 { 0 } else { 56 };
    let king = back + 4;
    if own & (1 << king) & pos.by_kind[level][KING] == 0 {
        return;
    }
    let rooks = pos.pieces(level, us, ROOK);
    let attacked = |sq: usize| pos.attacked(level, sq, 1 - us, occ);
    for queen_side in [false, true] {
        if pos.castling & castle_bit(level, us, queen_side) == 0 {
            continue;
        }
        let (rook, empty, safe, to) = if queen_side {
            (back, 0b1110u64 << back, [4, 3, 2], back + 2)
        } else {
            (back + 7, 0b110_0000u64 << back, [4, 5, 6], back + 6)
        };
        if rooks & (1 << rook) == 0 || occ & empty != 0 {
            continue;
        }
        if safe.iter().any(|&d| attacked(back + d)) {
            continue;
        }
        sink.one(SubMove::new(
            level * 64 + king,
            level * 64 + to,
            0,
            Flag::Castle,
        ));
    }
}

/// The legal plies of the position.
pub fn legal(pos: &Position, list: &mut MoveList<SubMove>) {
    generate(pos, list);
}

/// The number of legal plies (the end of the turn included).
pub fn count_plies(pos: &Position) -> u64 {
    let mut c = Counter(0);
    generate(pos, &mut c);
    c.0
}

/// The number of ways to finish the current turn: whole turns at a turn's
/// start, the completions of the turn inside one (ending it now counts).
pub fn count_turns(pos: &Position) -> u64 {
    if pos.made + 1 >= pos.limit {
        // Every sub-move ends the turn: count them without making them.
        return count_plies(pos);
    }
    let mut list = MoveList::new();
    generate(pos, &mut list);
    let mut n = 0;
    for &mv in list.iter() {
        if mv.is_end() {
            n += 1;
            continue;
        }
        let child = pos.make(mv);
        n += if child.side != pos.side {
            1
        } else {
            count_turns(&child)
        };
    }
    n
}
