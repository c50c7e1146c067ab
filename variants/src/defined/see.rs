//! Static exchange evaluation for defined games: does the exchange a move
//! starts on its square gain at least a threshold, each side recapturing
//! with its least valuable piece? The search orders captures by it, skips
//! losing ones in quiescence and prunes losing moves near the leaves.
//!
//! The attackers are found anew at every step with the squares emptied so
//! far, so riders behind a capturer (x-rays) and hoppers that gain or lose
//! their screen join in as the exchange goes; pins are ignored, as in
//! chess's own exchange evaluation.

use super::movegen::{capture_square, takes_on};
use super::piece::Board;
use super::position::{Kind, Move, Position};

/// What a royal king is worth in an exchange: it takes last, and only a
/// square nothing defends.
const ROYAL: i32 = 20_000;

/// A type's value in exchanges.
fn value(pos: &Position, t: usize) -> i32 {
    if Some(t) == pos.def.king {
        ROYAL
    } else {
        pos.def.values[t]
    }
}

/// The least valuable piece of `side` among `occupied` that takes on `s`:
/// its square and type.
fn least_attacker(
    pos: &Position,
    s: usize,
    side: usize,
    occupied: &Board,
) -> Option<(usize, usize)> {
    let def = pos.def;
    let blockers = *occupied | pos.holes;
    let candidates = pos.by_side[side] & *occupied & def.attackers[side][s];
    let mut best: Option<(usize, usize, i32)> = None;
    for from in candidates.iter() {
        let (_, t) = pos.piece(from).expect("a piece of the side");
        let v = value(pos, t);
        // Only a cheaper piece than the one found needs the attack test.
        if best.is_none_or(|(_, _, b)| v < b) && takes_on(pos, from, t, side, s, &blockers) {
            best = Some((from, t, v));
        }
    }
    best.map(|(from, t, _)| (from, t))
}

/// Whether the exchange `m` starts gains at least `threshold` centipawns
/// for the side that plays it. Castling counts as gaining nothing; a
/// promotion gains the new piece's value over the pawn's.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.kind() == Kind::Castling {
        return 0 >= threshold;
    }
    let us = pos.side.index();
    let (from, to) = (m.from(), m.to());
    let t = if m.is_drop() {
        super::movegen::moved_type(pos, m)
    } else {
        match pos.piece(from) {
            Some((_, t)) => t,
            None => return 0 >= threshold,
        }
    };
    let victim = match m.kind() {
        Kind::EnPassant => capture_square(pos, to),
        _ => pos.by_side[1 - us].has(to).then_some(to),
    };
    let taken = victim.map_or(0, |v| pos.piece(v).map_or(0, |(_, vt)| value(pos, vt)));
    let changes = matches!(
        m.kind(),
        Kind::Promotion | Kind::PiecePromotion | Kind::PieceDemotion
    );
    let (mover, promoted) = if changes {
        (m.promo(), value(pos, m.promo()) - value(pos, t))
    } else {
        (t, 0)
    };
    let mut swap = taken + promoted - threshold;
    if swap < 0 {
        return false;
    }
    if Some(t) == pos.def.king {
        // A legal move of the king: nothing takes it back.
        return true;
    }
    swap = value(pos, mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied().and_not(Board::single(from));
    if let Some(v) = victim {
        occupied.clear(v);
    }
    occupied.clear(to);
    let mut side = us;
    // Whether the side that moved first is ahead as the exchange stands.
    let mut ahead = true;
    loop {
        side = 1 - side;
        let Some((square, taker)) = least_attacker(pos, to, side, &occupied) else {
            break;
        };
        ahead = !ahead;
        if Some(taker) == pos.def.king {
            // The king takes only if nothing takes it back.
            let defended = least_attacker(pos, to, 1 - side, &occupied).is_some();
            return if defended { !ahead } else { ahead };
        }
        swap = value(pos, taker) - swap;
        if swap < i32::from(ahead) {
            break;
        }
        occupied.clear(square);
    }
    ahead
}
