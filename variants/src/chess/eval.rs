//! Chess evaluation: tapered (midgame/endgame) material and piece-square
//! terms, mobility, pawn structure, king safety basics and tempo.
//!
//! The tables are built from simple formulas (centralisation, advancement,
//! king shelter) rather than tuned constants.

use super::attacks;
use super::position::Position;
use super::types::*;

/// Midgame and endgame piece values (pawn, knight, bishop, rook, queen, king).
pub const VALUE_MG: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// Endgame piece values.
pub const VALUE_EG: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// Game-phase weight of each kind; 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const TEMPO: i32 = 12;

const fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df + dr
}

/// Piece-square bonuses from White's view, [kind][square], midgame.
const fn pst_mg() -> [[i32; 64]; 6] {
    let mut t = [[0; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let c = center_distance(sq);
        let central_file = if f == 3 || f == 4 { 1 } else { 0 };
        t[PAWN][sq] = if r >= 1 && r <= 6 {
            (r - 1) * 4 + central_file * (r - 1) * 6
                - (if r == 1 && central_file == 1 { 10 } else { 0 })
        } else {
            0
        };
        t[KNIGHT][sq] = 20 - 8 * c;
        t[BISHOP][sq] = 10 - 3 * c;
        t[ROOK][sq] = if r == 6 { 15 } else { 0 } + if f >= 2 && f <= 5 { 4 } else { 0 };
        t[QUEEN][sq] = 4 - 2 * c / 2;
        // Shelter: the king belongs on its first ranks, towards a corner.
        t[KING][sq] = if r == 0 {
            if f <= 2 || f >= 6 {
                20
            } else {
                0
            }
        } else {
            -15 * r
        };
        sq += 1;
    }
    t
}

/// Endgame piece-square bonuses.
const fn pst_eg() -> [[i32; 64]; 6] {
    let mut t = [[0; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let r = (sq / 8) as i32;
        let c = center_distance(sq);
        t[PAWN][sq] = if r >= 1 && r <= 6 {
            (r - 1) * (r - 1) * 4
        } else {
            0
        };
        t[KNIGHT][sq] = 15 - 6 * c;
        t[BISHOP][sq] = 10 - 4 * c;
        t[ROOK][sq] = 0;
        t[QUEEN][sq] = 10 - 3 * c;
        t[KING][sq] = 30 - 10 * c;
        sq += 1;
    }
    t
}

static PST_MG: [[i32; 64]; 6] = pst_mg();
static PST_EG: [[i32; 64]; 6] = pst_eg();

const PASSED_MG: [i32; 8] = [0, 5, 10, 15, 30, 50, 80, 0];
const PASSED_EG: [i32; 8] = [0, 10, 20, 35, 60, 100, 150, 0];

fn file_mask(f: usize) -> u64 {
    FILE_A << f
}

/// Squares in front of a pawn on its own and adjacent files (White's view
/// for `color` 0).
fn passed_span(color: usize, sq: Square) -> u64 {
    let f = file_of(sq);
    let mut files = file_mask(f);
    if f > 0 {
        files |= file_mask(f - 1);
    }
    if f < 7 {
        files |= file_mask(f + 1);
    }
    let r = rank_of(sq);
    let ahead = if color == 0 {
        if r >= 7 {
            0
        } else {
            !0u64 << (8 * (r + 1))
        }
    } else if r == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - r))
    };
    files & ahead
}

/// Evaluation in centipawns from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let occ = pos.occupied();
    for color in 0..2 {
        let ours = pos.color(color);
        let their_pawns = pos.pieces(color ^ 1, PAWN);
        let their_pawn_attacks = {
            let p = their_pawns;
            if color == 0 {
                ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7)
            } else {
                ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9)
            }
        };
        let safe = !ours & !their_pawn_attacks;
        for kind in 0..6 {
            let mut b = pos.pieces(color, kind);
            phase += PHASE[kind] * b.count_ones() as i32;
            while b != 0 {
                let sq = b.trailing_zeros() as usize;
                b &= b - 1;
                let rel = if color == 0 { sq } else { sq ^ 56 };
                mg[color] += VALUE_MG[kind] + PST_MG[kind][rel];
                eg[color] += VALUE_EG[kind] + PST_EG[kind][rel];
                let mobility = match kind {
                    KNIGHT => (attacks::KNIGHT[sq] & safe).count_ones() as i32 - 4,
                    BISHOP => (attacks::bishop(sq, occ) & safe).count_ones() as i32 - 6,
                    ROOK => (attacks::rook(sq, occ) & safe).count_ones() as i32 - 7,
                    QUEEN => (attacks::queen(sq, occ) & safe).count_ones() as i32 - 13,
                    _ => 0,
                };
                let (wm, we) = match kind {
                    KNIGHT => (4, 4),
                    BISHOP => (5, 5),
                    ROOK => (2, 4),
                    QUEEN => (1, 2),
                    _ => (0, 0),
                };
                mg[color] += wm * mobility;
                eg[color] += we * mobility;
            }
        }
        // Pawn structure.
        let pawns = pos.pieces(color, PAWN);
        let mut b = pawns;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            let f = file_of(sq);
            let rel_rank = if color == 0 {
                rank_of(sq)
            } else {
                7 - rank_of(sq)
            };
            if passed_span(color, sq) & their_pawns == 0 {
                mg[color] += PASSED_MG[rel_rank];
                eg[color] += PASSED_EG[rel_rank];
                // In the endgame the kings race for the promotion path.
                let stop = if color == 0 {
                    sq + 8
                } else {
                    sq.wrapping_sub(8)
                };
                if stop < 64 {
                    let dist = |a: usize, b: usize| {
                        file_of(a)
                            .abs_diff(file_of(b))
                            .max(rank_of(a).abs_diff(rank_of(b))) as i32
                    };
                    let weight = rel_rank as i32 - 1;
                    eg[color] += weight
                        * (5 * dist(pos.king_square(color ^ 1), stop)
                            - 2 * dist(pos.king_square(color), stop));
                    if occ & (1 << stop) == 0 {
                        eg[color] += 4 * weight;
                    }
                }
            }
            let neighbours = (if f > 0 { file_mask(f - 1) } else { 0 })
                | (if f < 7 { file_mask(f + 1) } else { 0 });
            if pawns & neighbours == 0 {
                mg[color] -= 10;
                eg[color] -= 15;
            }
        }
        for f in 0..8 {
            let n = (pawns & file_mask(f)).count_ones() as i32;
            if n > 1 {
                mg[color] -= 10 * (n - 1);
                eg[color] -= 20 * (n - 1);
            }
        }
        // Two bishops cover both colours.
        if pos.pieces(color, BISHOP).count_ones() >= 2 {
            mg[color] += 30;
            eg[color] += 50;
        }
        // Rooks on files without own pawns: open (no pawns) or half-open.
        let mut rooks = pos.pieces(color, ROOK);
        while rooks != 0 {
            let f = file_of(rooks.trailing_zeros() as usize);
            rooks &= rooks - 1;
            if pawns & file_mask(f) == 0 {
                let open = their_pawns & file_mask(f) == 0;
                mg[color] += if open { 25 } else { 12 };
                eg[color] += if open { 10 } else { 5 };
            }
        }
        // King shelter: own pawns in front of the king (midgame only).
        let ksq = pos.king_square(color);
        let shield = attacks::KING[ksq] & pawns & passed_span(color, ksq);
        mg[color] += 8 * shield.count_ones().min(3) as i32;
        // Enemy pieces bearing on the king's zone: the more squares and the
        // heavier the pieces, the faster the danger grows.
        let zone = attacks::KING[ksq] | (1u64 << ksq);
        let mut attackers = 0;
        let mut units = 0;
        for kind in [KNIGHT, BISHOP, ROOK, QUEEN] {
            let mut b = pos.pieces(color ^ 1, kind);
            while b != 0 {
                let sq = b.trailing_zeros() as usize;
                b &= b - 1;
                let att = match kind {
                    KNIGHT => attacks::KNIGHT[sq],
                    BISHOP => attacks::bishop(sq, occ),
                    ROOK => attacks::rook(sq, occ),
                    _ => attacks::queen(sq, occ),
                };
                let hits = (att & zone).count_ones() as i32;
                if hits > 0 {
                    attackers += 1;
                    units += hits * [0, 2, 2, 3, 5, 0][kind];
                }
            }
        }
        if attackers >= 2 {
            mg[color] -= (units * units / 3).min(600);
        }
    }
    let phase = phase.min(24);
    let us = pos.side();
    let mg_score = mg[us] - mg[us ^ 1];
    let mut eg_score = eg[us] - eg[us ^ 1];
    // Without pawns, a side at most a minor piece ahead rarely wins.
    let stronger = if eg_score > 0 { us } else { us ^ 1 };
    if pos.pieces(stronger, PAWN) == 0
        && non_pawn(pos, stronger) - non_pawn(pos, stronger ^ 1) <= 400
    {
        eg_score /= 8;
    }
    (mg_score * phase + eg_score * (24 - phase)) / 24 + TEMPO
}

/// Midgame value of a side's pieces other than pawns and king.
fn non_pawn(pos: &Position, color: usize) -> i32 {
    (KNIGHT..=QUEEN)
        .map(|k| VALUE_MG[k] * pos.pieces(color, k).count_ones() as i32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn symmetric_and_sensible() {
        // The start position is equal but for the tempo bonus.
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            TEMPO
        );
        // Mirrored positions score the same for the side to move.
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
        // Material counts: a queen up is winning, for either side to move.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A lone minor piece cannot win: scaled towards a draw.
        assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 80);
        assert!(eval("4k3/8/8/8/8/8/8/3RK3 w - - 0 1") > 300);
        // The bishop pair and a rook on an open file count.
        assert!(
            eval("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1")
                > eval("4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2KB2 w - - 0 1") + 20
        );
        assert!(
            eval("4k3/ppp1pppp/8/8/8/8/PPP1PPPP/3RK3 w - - 0 1")
                > eval("4k3/pppp1ppp/8/8/8/8/PPPP1PPP/3RK3 w - - 0 1")
        );
        // A passed pawn the defending king cannot reach is worth more.
        assert!(
            eval("8/8/1P6/8/8/8/7k/K7 w - - 0 1") > eval("2k5/8/1P6/8/8/8/8/K7 w - - 0 1") + 50
        );
        // A far-advanced passed pawn is worth more than one at home.
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
    }
}
