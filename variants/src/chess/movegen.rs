//! Legal move generation: check and pin masks, no make-and-test.
//!
//! One generator feeds a [`Sink`]: [`ListSink`] collects the moves,
//! [`CountSink`] only counts them (popcounts of target sets), which is what
//! perft's last ply needs.

use super::attacks;
use super::position::{Position, NO_SQUARE};
use super::types::*;
use crate::MoveList;

/// Receives generated moves.
pub(crate) trait Sink {
    /// Non-pawn moves from `from` to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: u64);
    /// Pawn moves (not promotions) to `targets`, each from `to - delta`.
    fn pawn_moves(&mut self, targets: u64, delta: i32);
    /// Pawn promotions to `targets` (four pieces each), from `to - delta`.
    fn promotions(&mut self, targets: u64, delta: i32);
    /// A single special move (castling, en passant).
    fn single(&mut self, mv: Move);
}

/// Collects moves into a list.
pub(crate) struct ListSink<'a>(pub &'a mut MoveList<Move>);

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.0.push(Move::new(from, to));
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, mut targets: u64, delta: i32) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.0.push(Move::new((to as i32 - delta) as usize, to));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, mut targets: u64, delta: i32) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let from = (to as i32 - delta) as usize;
            for kind in [QUEEN, ROOK, BISHOP, KNIGHT] {
                self.0.push(Move::promotion(from, to, kind));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Counts moves without building them.
pub(crate) struct CountSink(pub u64);

impl Sink for CountSink {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, _delta: i32) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, _delta: i32) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Feeds every legal move of the side to move into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    if pos.side == crate::Side::White {
        generate_for::<0, S>(pos, sink)
    } else {
        generate_for::<1, S>(pos, sink)
    }
}

/// Legal moves as a list.
pub fn legal_moves(pos: &Position, list: &mut MoveList<Move>) {
    generate(pos, &mut ListSink(list));
}

/// The number of legal moves.
pub fn count_legal(pos: &Position) -> u64 {
    let mut sink = CountSink(0);
    generate(pos, &mut sink);
    sink.0
}

#[inline(always)]
fn generate_for<const US: usize, S: Sink>(pos: &Position, sink: &mut S) {
    let them = US ^ 1;
    let ours = pos.by_color[US];
    let theirs = pos.by_color[them];
    let occ = ours | theirs;
    let ksq = pos.king_square(US);
    let rq = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & theirs;
    let bq = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & theirs;
    let their_pawns = pos.by_kind[PAWN] & theirs;
    let checkers = (attacks::rook(ksq, occ) & rq)
        | (attacks::bishop(ksq, occ) & bq)
        | (attacks::KNIGHT[ksq] & pos.by_kind[KNIGHT] & theirs)
        | (attacks::PAWN[US][ksq] & their_pawns);

    // King steps: each target tested with the king lifted off the board, so
    // stepping back along a slider's line is seen as attacked.
    let occ_no_king = occ ^ (1u64 << ksq);
    let mut king_targets = attacks::KING[ksq] & !ours;
    let mut safe = 0u64;
    while king_targets != 0 {
        let to = king_targets.trailing_zeros() as usize;
        king_targets &= king_targets - 1;
        if pos.attackers_by(to, them, occ_no_king) == 0 {
            safe |= 1u64 << to;
        }
    }
    sink.piece_moves(ksq, safe);
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check: only the king moves
    }
    let check_mask = if checkers != 0 {
        attacks::between(ksq, checkers.trailing_zeros() as usize) | checkers
    } else {
        !0
    };

    let mut pinned = 0u64;
    let mut snipers = (attacks::rook(ksq, theirs) & rq) | (attacks::bishop(ksq, theirs) & bq);
    while snipers != 0 {
        let s = snipers.trailing_zeros() as usize;
        snipers &= snipers - 1;
        let blockers = attacks::between(ksq, s) & occ;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers & ours;
        }
    }

    let target = !ours & check_mask;
    let mut knights = pos.by_kind[KNIGHT] & ours & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros() as usize;
        knights &= knights - 1;
        sink.piece_moves(from, attacks::KNIGHT[from] & target);
    }
    let mut diagonal = (pos.by_kind[BISHOP] | pos.by_kind[QUEEN]) & ours;
    while diagonal != 0 {
        let from = diagonal.trailing_zeros() as usize;
        diagonal &= diagonal - 1;
        let mut t = attacks::bishop(from, occ) & target;
        if pinned >> from & 1 != 0 {
            t &= attacks::line(ksq, from);
        }
        sink.piece_moves(from, t);
    }
    let mut orthogonal = (pos.by_kind[ROOK] | pos.by_kind[QUEEN]) & ours;
    while orthogonal != 0 {
        let from = orthogonal.trailing_zeros() as usize;
        orthogonal &= orthogonal - 1;
        let mut t = attacks::rook(from, occ) & target;
        if pinned >> from & 1 != 0 {
            t &= attacks::line(ksq, from);
        }
        sink.piece_moves(from, t);
    }

    let pawns = pos.by_kind[PAWN] & ours;
    pawn_moves::<US, S>(pawns & !pinned, occ, theirs, check_mask, sink);
    let mut pinned_pawns = pawns & pinned;
    while pinned_pawns != 0 {
        let from = pinned_pawns.trailing_zeros() as usize;
        pinned_pawns &= pinned_pawns - 1;
        let allowed = check_mask & attacks::line(ksq, from);
        pawn_moves::<US, S>(1u64 << from, occ, theirs, allowed, sink);
    }

    if pos.ep != NO_SQUARE {
        let ep = pos.ep as usize;
        let captured = ep ^ 8;
        let mut capturers = attacks::PAWN[them][ep] & pawns;
        // A checker other than the captured pawn, unless a slider (whose
        // line the test below covers), cannot be answered en passant.
        let other_checkers = checkers & !(rq | bq) & !(1u64 << captured);
        while capturers != 0 && other_checkers == 0 {
            let from = capturers.trailing_zeros() as usize;
            capturers &= capturers - 1;
            let after = occ ^ (1u64 << from) ^ (1u64 << ep) ^ (1u64 << captured);
            if attacks::rook(ksq, after) & rq == 0 && attacks::bishop(ksq, after) & bq == 0 {
                sink.single(Move::en_passant(from, ep));
            }
        }
    }

    if checkers == 0 && pos.castling & (3 << (2 * US)) != 0 {
        castling::<US, S>(pos, ksq, occ, sink);
    }
}

#[inline(always)]
fn pawn_moves<const US: usize, S: Sink>(
    pawns: u64,
    occ: u64,
    theirs: u64,
    allowed: u64,
    sink: &mut S,
) {
    if pawns == 0 {
        return;
    }
    let (up, left, right): (i32, i32, i32) = if US == 0 { (8, 7, 9) } else { (-8, -9, -7) };
    let last = if US == 0 { RANK_8 } else { RANK_1 };
    let third = if US == 0 { RANK_3 } else { RANK_6 };
    let empty = !occ;
    let push1 = shift_forward(US, pawns, 8) & empty;
    let push2 = shift_forward(US, push1 & third, 8) & empty & allowed;
    let push1 = push1 & allowed;
    // "left" and "right" are from White's view: towards file a and file h.
    let cap_left = if US == 0 {
        (pawns & !FILE_A) << 7
    } else {
        (pawns & !FILE_A) >> 9
    } & theirs
        & allowed;
    let cap_right = if US == 0 {
        (pawns & !FILE_H) << 9
    } else {
        (pawns & !FILE_H) >> 7
    } & theirs
        & allowed;
    sink.pawn_moves(push1 & !last, up);
    sink.pawn_moves(push2, 2 * up);
    sink.pawn_moves(cap_left & !last, left);
    sink.pawn_moves(cap_right & !last, right);
    if (push1 | cap_left | cap_right) & last != 0 {
        sink.promotions(push1 & last, up);
        sink.promotions(cap_left & last, left);
        sink.promotions(cap_right & last, right);
    }
}

#[inline(never)]
fn castling<const US: usize, S: Sink>(pos: &Position, ksq: Square, occ: u64, sink: &mut S) {
    let back = if US == 0 { 0 } else { 56 };
    for right in [2 * US, 2 * US + 1] {
        if pos.castling & (1 << right) == 0 {
            continue;
        }
        let rook = pos.castle_rook[right] as usize;
        let king_side = right % 2 == 0;
        let kdest = back + if king_side { 6 } else { 2 };
        let rdest = back + if king_side { 5 } else { 3 };
        let king_path = attacks::between(ksq, kdest) | 1u64 << kdest;
        let must_be_empty = (king_path | attacks::between(rook, rdest) | 1u64 << rdest)
            & !(1u64 << ksq | 1u64 << rook);
        if must_be_empty & occ != 0 {
            continue;
        }
        // Judge attacks without the castling rook: in Chess960 it may be
        // what shields the king's destination.
        let after = occ ^ (1u64 << ksq) ^ (1u64 << rook);
        let mut path = king_path;
        let mut safe = true;
        while path != 0 {
            let sq = path.trailing_zeros() as usize;
            path &= path - 1;
            if pos.attackers_by(sq, US ^ 1, after) != 0 {
                safe = false;
                break;
            }
        }
        if safe {
            sink.single(Move::castling(ksq, rook));
        }
    }
}
