//! Static exchange evaluation: does a capture sequence on one square gain
//! at least a threshold? The search uses it to order and prune captures.

use super::attacks;
use super::position::Position;
use super::types::*;
use crate::GamePosition;

/// Exchange values (pawn, knight, bishop, rook, queen, king).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Whether the exchange started by `mv` wins at least `threshold`
/// centipawns for the mover, both sides recapturing with their least
/// valuable piece (pins are ignored). Castling, en passant and promotions
/// count as gaining nothing (they are rarely losing).
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    if mv.kind() != MoveKind::Normal {
        return 0 >= threshold;
    }
    let (from, to) = (mv.from(), mv.to());
    let victim = pos.piece_at(to);
    let mut swap = if victim == NO_PIECE {
        0
    } else {
        SEE_VALUE[kind_of(victim)]
    } - threshold;
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[kind_of(pos.piece_at(from))] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() ^ (1u64 << from) ^ (1u64 << to);
    let mut side = pos.side().index();
    let mut attackers = pos.attackers_by(to, 0, occ) | pos.attackers_by(to, 1, occ);
    let diagonal = pos.kind(BISHOP) | pos.kind(QUEEN);
    let straight = pos.kind(ROOK) | pos.kind(QUEEN);
    // 1 while the side that made the first capture is winning the swap.
    let mut result = 1;
    loop {
        side ^= 1;
        attackers &= occ;
        let ours = attackers & pos.color(side);
        if ours == 0 {
            break;
        }
        result ^= 1;
        let Some(kind) = (PAWN..=KING).find(|&k| ours & pos.kind(k) != 0) else {
            break;
        };
        if kind == KING {
            // The king may take only if nothing defends the square.
            return if attackers & pos.color(side ^ 1) != 0 {
                result ^ 1 != 0
            } else {
                result != 0
            };
        }
        swap = SEE_VALUE[kind] - swap;
        if swap < result {
            break;
        }
        let piece = ours & pos.kind(kind);
        occ ^= piece & piece.wrapping_neg();
        // Sliders behind the piece that just captured join in.
        if matches!(kind, PAWN | BISHOP | QUEEN) {
            attackers |= attacks::bishop(to, occ) & diagonal;
        }
        if matches!(kind, ROOK | QUEEN) {
            attackers |= attacks::rook(to, occ) & straight;
        }
    }
    result != 0
}

/// Exchanges on which a static exchange evaluation of chess is tested,
/// with the values it gives a pawn, a knight and a queen: (FEN, move,
/// threshold, whether the exchange gains at least the threshold). Chess's
/// own evaluation and chess written as a file share them.
#[cfg(test)]
pub(crate) fn exchange_cases(
    pawn: i32,
    knight: i32,
    queen: i32,
) -> Vec<(&'static str, &'static str, i32, bool)> {
    // Pawn takes an undefended knight.
    let knight_up = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
    // Queen takes a pawn defended by a pawn: loses the queen.
    let queen_lost = "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1";
    // Rook takes a defended rook, backed by a second rook (x-ray).
    let x_ray = "3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1";
    // A quiet move to a square a pawn attacks loses the piece.
    let quiet = "4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1";
    // The king recaptures only when nothing defends the square.
    let king_alone = "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1";
    let king_defended = "8/8/4k3/3p4/2P5/8/8/3RK3 w - - 0 1";
    vec![
        (knight_up, "e4d5", knight, true),
        (knight_up, "e4d5", knight + 1, false),
        (queen_lost, "d2d5", 0, false),
        (queen_lost, "d2d5", pawn - queen, true),
        (x_ray, "d2d7", 0, true),
        (x_ray, "d2d7", 1, false),
        (quiet, "g1f3", 0, false),
        (quiet, "g1h3", 0, true),
        (king_alone, "d1d5", 0, false),
        (king_defended, "d1d5", pawn, true),
        (king_defended, "d1d5", pawn + 1, false),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::san::parse_uci;

    fn see(fen: &str, token: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        see_ge(&pos, parse_uci(&pos, token).unwrap(), threshold)
    }

    #[test]
    fn exchanges() {
        let cases = exchange_cases(SEE_VALUE[PAWN], SEE_VALUE[KNIGHT], SEE_VALUE[QUEEN]);
        for (fen, token, threshold, gains) in cases {
            assert_eq!(
                see(fen, token, threshold),
                gains,
                "{fen} {token} {threshold}"
            );
        }
    }
}
