//! Evaluation: material on the two army levels and on level 2, pawn
//! progress (a level-2 pawn on its last rank promotes by dropping), a little
//! mobility and centralisation, and hanging Kings.
//!
//! Inside a turn the score is what ending the turn now would be worth:
//! the search always has that option, so it is a fair lower bound, and it
//! makes a King left hanging at the end of the turn a lost King.

use super::movegen::last_rank;
use super::position::Position;
use super::types::*;
use crate::chess::attacks;

/// Piece values on levels 1 and 3 (P N B R Q K).
pub const VALUE: [i32; KINDS] = [100, 320, 330, 500, 950, 0];
/// Piece values on level 2: safe from capture but unable to capture, so a
/// little less; a pawn there is a promotion threat (see `LAST_RANK_PAWN`).
const MIDDLE_VALUE: [i32; KINDS] = [140, 270, 280, 430, 820, 0];
/// A level-2 pawn on its last rank with a free square below or above: it
/// promotes with its next sub-move.
const LAST_RANK_PAWN: i32 = 250;
/// Pawn progress by relative rank on the chess levels.
const PAWN_RANK: [i32; 8] = [-5, 0, 4, 10, 20, 35, 60, 0];
/// Per reachable square of a knight, bishop, rook or queen on a chess level.
const MOBILITY: i32 = 3;
/// Own King attacked at the start of the turn: a sub-move must answer it.
const KING_ATTACKED_TO_MOVE: i32 = 60;
/// Own King attacked when the turn would end now: it will be captured.
const KING_HANGING: i32 = 2500;
/// An enemy King we can capture with a sub-move of this turn.
const KING_CAPTURABLE: i32 = 2500;
/// An enemy King attacked that the opponent will have to answer.
const KING_ATTACKED_NEXT: i32 = 40;

/// Centralisation: 0 on the rim, growing towards the centre.
#[inline(always)]
fn centre(s: usize) -> i32 {
    let f = (s % 8) as i32;
    let r = (s / 8) as i32;
    let df = f.min(7 - f);
    let dr = r.min(7 - r);
    df + dr
}

/// Material, position and mobility of one side, in centipawns.
fn side_score(pos: &Position, color: usize) -> i32 {
    let mut score = 0;
    for level in CHESS_LEVELS {
        let occ = pos.occupied(level);
        let ours = pos.by_color[level][color];
        let mut bb = ours;
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let kind = code_kind(pos.board[level * 64 + s]);
            score += VALUE[kind];
            let reach = match kind {
                PAWN => {
                    let rel = if color == 0 { s / 8 } else { 7 - s / 8 };
                    score += PAWN_RANK[rel];
                    0
                }
                KNIGHT => {
                    score += 4 * centre(s);
                    attacks::KNIGHT[s]
                }
                BISHOP => attacks::bishop(s, occ),
                ROOK => attacks::rook(s, occ),
                QUEEN => attacks::queen(s, occ),
                _ => {
                    // The King is safest at home.
                    let rel = if color == 0 { s / 8 } else { 7 - s / 8 };
                    score -= 8 * rel as i32;
                    0
                }
            };
            score += MOBILITY * (reach & !ours).count_ones() as i32;
        }
    }
    let mut bb = pos.by_color[MIDDLE][color];
    while bb != 0 {
        let s = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        let kind = code_kind(pos.board[MIDDLE * 64 + s]);
        score += MIDDLE_VALUE[kind] + centre(s);
        if kind == PAWN && last_rank(color) & (1 << s) != 0 {
            // Free below or above: the drop that promotes is open.
            if pos.occupied(0) & pos.occupied(2) & (1 << s) == 0 {
                score += LAST_RANK_PAWN;
            }
        }
    }
    score
}

/// Threats to Kings from the side to move's point of view.
fn king_threats(pos: &Position) -> i32 {
    let us = pos.side.index();
    let mut score = 0;
    for level in CHESS_LEVELS {
        let occ = pos.occupied(level);
        let level_free = pos.levels_used & (1 << level) == 0;
        let own_king = pos.pieces(level, us, KING);
        if own_king != 0 && pos.attacked(level, own_king.trailing_zeros() as usize, 1 - us, occ) {
            score -= if pos.made == 0 {
                KING_ATTACKED_TO_MOVE
            } else {
                KING_HANGING
            };
        }
        let their_king = pos.pieces(level, 1 - us, KING);
        if their_king != 0 {
            let k = their_king.trailing_zeros() as usize;
            let attackers = pos.attackers(level, k, occ) & pos.by_color[level][us];
            // Only our pieces that have not moved this turn may still take it.
            if level_free && attackers & !pos.moved[level] != 0 {
                score += KING_CAPTURABLE;
            } else if attackers != 0 {
                score += KING_ATTACKED_NEXT;
            }
        }
    }
    score
}

/// The score for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side.index();
    side_score(pos, us) - side_score(pos, 1 - us) + king_threats(pos)
}

/// The value a sub-move captures (0 for none), Kings counted high.
pub fn captured_value(pos: &Position, mv: SubMove) -> i32 {
    if mv.is_end() {
        return 0;
    }
    match mv.flag() {
        Flag::EnPassant => VALUE[PAWN],
        _ => match pos.board[mv.to()] {
            EMPTY => 0,
            code if code_kind(code) == KING => 20_000,
            code => VALUE[code_kind(code)],
        },
    }
}

/// Whether a sub-move wins at least `threshold`: what it captures and
/// promotes to, less the moved piece when the enemy attacks its new square
/// on that level (their reply comes in their turn; our own recaptures are
/// not counted, which errs on the safe side).
pub fn see_ge(pos: &Position, mv: SubMove, threshold: i32) -> bool {
    if mv.is_end() {
        return 0 >= threshold;
    }
    let mut gain = captured_value(pos, mv);
    let mut piece = code_kind(pos.board[mv.from()]);
    if mv.promo() != 0 {
        gain += VALUE[mv.promo()] - VALUE[PAWN];
        piece = mv.promo();
    }
    let level = level_of(mv.to());
    if level != MIDDLE && gain < 20_000 {
        let mut occ = pos.occupied(level) | 1 << local(mv.to());
        if level_of(mv.from()) == level {
            occ &= !(1 << local(mv.from()));
        }
        if pos.attacked(level, local(mv.to()), 1 - pos.side.index(), occ) {
            gain -= if piece == KING { 20_000 } else { VALUE[piece] };
        }
    }
    gain >= threshold
}
