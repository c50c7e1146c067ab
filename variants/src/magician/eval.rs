//! Magician Chess evaluation: material, mobility, king safety that knows
//! spells and holes, and hole control.
//!
//! The material values are measured: 552 self-play games (`arcana match`,
//! depth 7, 8 random opening plies) gave 66,000 quiet positions, and
//! `examples/magician_material_fit.rs` fitted the values to the game
//! results (Texel's method, the Pawn fixed at 100). Holes cut the Rook
//! short (360), the Knight leaps them (295), and the Magician's spells make
//! it the strongest single piece (430). Promoted pieces are too rare in
//! games for a fit of their own, so each compound is worth its two parts.
//! Against the first guesses (R 420, N 330, M 360, C 820, S 860, W 760)
//! the fitted values scored +42 Elo (95% interval +12 to +73) in 400 games
//! at depth 7.

use super::position::Position;
use super::types::*;
use crate::GamePosition;

/// Piece values by kind (K, P, R, N, M, C, S, W).
pub const VALUE: [i32; KINDS] = [0, 100, 360, 295, 430, 655, 790, 725];
const TEMPO: i32 = 10;

/// Evaluation in centipawns from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let blockers = pos.occupied() | pos.holes();
    let empty = CELLS & !blockers;
    let score = [0, 1].map(|color| side_score(pos, color, blockers, empty));
    let us = pos.side().index();
    score[us] - score[us ^ 1] + TEMPO
}

/// One side's material and positional terms.
fn side_score(pos: &Position, color: usize, blockers: u64, empty: u64) -> i32 {
    let mut score = 0;
    let enemy = pos.by_color[color ^ 1];
    let mut pieces = pos.by_color[color];
    while pieces != 0 {
        let sq = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let Some((_, kind)) = pos.piece_at(sq) else {
            continue;
        };
        score += VALUE[kind];
        let mut reach = 0u64;
        if knight_like(kind) {
            reach |= KNIGHT_LEAPS[sq] & (empty | enemy);
        }
        if rook_like(kind) {
            reach |= rook_attacks(sq, blockers) & (empty | enemy);
        }
        if magician_like(kind) {
            reach |= MAGICIAN_MOVES[sq] & empty;
            // Holes in spell range are this piece's weapons.
            score += 6 * (SPELL_RANGE[sq] & pos.holes()).count_ones() as i32;
        }
        score += 3 * reach.count_ones() as i32;
        if kind == PAWN {
            // Advancement towards promotion.
            let advance = if color == 0 {
                rank_of(sq)
            } else {
                6 - rank_of(sq)
            };
            score += [0, 0, 5, 12, 25, 45, 0][advance];
        }
    }
    // King safety: enemy spell reach over holes next to our King, and
    // holes around the King that hem it in.
    if let Some(k) = pos.king_square(color) {
        let near_holes = ORTHOGONAL[k] & pos.holes();
        let threatened = near_holes & pos.castable_holes(color ^ 1);
        score -= 40 * threatened.count_ones() as i32;
        score -= 8 * (KING_STEPS[k] & pos.holes()).count_ones() as i32;
    }
    score
}
