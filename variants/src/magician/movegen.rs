//! Legal move generation: piece moves, castling, pawn moves, spells.
//! Moves are generated pseudo-legally and kept when the mover's King still
//! stands and is not attacked afterwards (spells make pins and discovered
//! checks irregular enough that the make-and-test filter is the clear way).

use super::position::{Position, KING_HOME, ROOK_HOME};
use super::types::*;
use crate::GamePosition;
use crate::MoveList;

fn push_targets(list: &mut MoveList<Move>, from: Square, mut targets: u64) {
    while targets != 0 {
        let to = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        list.push(Move::new(from, to, MoveKind::Normal, 0));
    }
}

/// Appends the pseudo-legal moves of the side to move.
pub fn pseudo_moves(pos: &Position, list: &mut MoveList<Move>) {
    let us = pos.side().index();
    let own = pos.by_color[us];
    let enemy = pos.by_color[us ^ 1];
    let holes = pos.holes();
    let empty = CELLS & !pos.occupied() & !holes;
    let blockers = pos.occupied() | holes;
    let mut pieces = own & !pos.by_kind[PAWN];
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let kind = pos.piece_at(from).map(|(_, k)| k).unwrap_or(KING);
        let mut targets = 0;
        if kind == KING {
            targets |= KING_STEPS[from] & (empty | enemy);
        }
        if knight_like(kind) {
            targets |= KNIGHT_LEAPS[from] & (empty | enemy);
        }
        if rook_like(kind) {
            targets |= rook_attacks(from, blockers) & (empty | enemy);
        }
        if magician_like(kind) {
            targets |= MAGICIAN_MOVES[from] & empty;
        }
        push_targets(list, from, targets);
    }
    pawn_moves(pos, list, empty, enemy);
    castling(pos, list, empty);
    spells(pos, list);
}

fn pawn_moves(pos: &Position, list: &mut MoveList<Move>, empty: u64, enemy: u64) {
    let us = pos.side().index();
    let far_rank = if us == 0 { 6 } else { 0 };
    let forward: i32 = if us == 0 { 8 } else { -8 };
    let mut pawns = pos.pieces(us, PAWN);
    while pawns != 0 {
        let from = pawns.trailing_zeros() as usize;
        pawns &= pawns - 1;
        let push = |to: Square, list: &mut MoveList<Move>| {
            if rank_of(to) == far_rank {
                for promo in [ROOK_KNIGHT, ROOK_MAGICIAN, KNIGHT_MAGICIAN] {
                    list.push(Move::new(from, to, MoveKind::Promotion, promo));
                }
            } else {
                list.push(Move::new(from, to, MoveKind::Normal, 0));
            }
        };
        // A pawn carried onto its far rank has no move.
        if rank_of(from) == far_rank {
            continue;
        }
        let one = (from as i32 + forward) as usize;
        if empty & (1 << one) != 0 {
            push(one, list);
            let home = if us == 0 {
                rank_of(from) <= 1
            } else {
                rank_of(from) >= 5
            };
            if home {
                let two = (one as i32 + forward) as usize;
                if empty & (1 << two) != 0 {
                    list.push(Move::new(from, two, MoveKind::Normal, 0));
                }
            }
        }
        let mut caps = PAWN_ATTACKS[us][from] & enemy;
        while caps != 0 {
            let to = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            push(to, list);
        }
        if let Some(ep) = pos.en_passant() {
            if PAWN_ATTACKS[us][from] & (1 << ep) != 0 {
                list.push(Move::new(from, ep, MoveKind::EnPassant, 0));
            }
        }
    }
}

fn castling(pos: &Position, list: &mut MoveList<Move>, empty: u64) {
    let us = pos.side().index();
    let king = KING_HOME[us];
    for b_side in [true, false] {
        let right = 2 * us + usize::from(!b_side);
        if pos.castling & (1 << right) == 0 {
            continue;
        }
        // The two cells between King and Rook must be empty squares.
        let between = if b_side {
            (1u64 << (king - 1)) | (1 << (king - 2))
        } else {
            (1u64 << (king + 1)) | (1 << (king + 2))
        };
        debug_assert!(between & (1 << ROOK_HOME[right]) == 0);
        if between & !empty != 0 {
            continue;
        }
        let passed = if b_side { king - 1 } else { king + 1 };
        if pos.attacked_by(king, us ^ 1) || pos.attacked_by(passed, us ^ 1) {
            continue;
        }
        let to = if b_side { king - 2 } else { king + 2 };
        list.push(Move::new(king, to, MoveKind::Castling, 0));
    }
}

fn spells(pos: &Position, list: &mut MoveList<Move>) {
    let holes = pos.holes();
    let mut castable = pos.castable_holes(pos.side().index());
    let occupied = pos.occupied();
    while castable != 0 {
        let hole = castable.trailing_zeros() as usize;
        castable &= castable - 1;
        let mut targets = ORTHOGONAL[hole] & !holes;
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            list.push(Move::new(hole, t, MoveKind::Spell, 0));
            if occupied & (1 << t) != 0 {
                list.push(Move::new(hole, t, MoveKind::SpellFall, 0));
            }
        }
    }
}

/// Appends the legal moves of the side to move.
pub fn legal_moves(pos: &Position, list: &mut MoveList<Move>) {
    let mut pseudo = MoveList::new();
    pseudo_moves(pos, &mut pseudo);
    let us = pos.side().index();
    for &mv in pseudo.iter() {
        if !pos.make(mv).king_in_danger(us) {
            list.push(mv);
        }
    }
}

/// The number of legal moves.
pub fn count_legal(pos: &Position) -> u64 {
    let mut pseudo = MoveList::new();
    pseudo_moves(pos, &mut pseudo);
    let us = pos.side().index();
    pseudo
        .iter()
        .filter(|&&mv| !pos.make(mv).king_in_danger(us))
        .count() as u64
}
