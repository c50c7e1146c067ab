//! Evaluation for Vanguard Chess: material, the reach of every piece from
//! its square, pawn-class advancement, and King and Prince safety.

use super::position::{far_rank, Position};
use super::types::*;

/// Piece values by kind, in centipawns: set from each piece's reach and
/// kept against reach-only tables in self-play (the README's Vanguard
/// section has the numbers).
pub const VALUE: [i32; KINDS] = [
    0,    // King
    1000, // Queen
    560,  // Rook
    400,  // Bishop
    420,  // Knight (with the Giraffe leap)
    100,  // Pawn
    980,  // Chancellor
    330,  // Archer
    470,  // Wizard
    380,  // Helepolis
    700,  // General
    430,  // Falconer
    120,  // Soldier
    480,  // Lancer
    330,  // Spy
    360,  // Bowman
    560,  // Nightrider
    160,  // Sergeant
    450,  // Prince
    820,  // Princess
    1100, // Berserker
];

const TEMPO: i32 = 10;

/// Whether an action promotes a pawn-class piece.
pub fn promotes(pos: &Position, action: Action) -> bool {
    pos.piece(action.from())
        .is_some_and(|(c, k)| pawn_class(k) && rank_of(action.to()) == far_rank(c))
}

/// Ordering key of a capture: most valuable victim first, cheapest
/// attacker first.
pub fn capture_order(pos: &Position, action: Action) -> i32 {
    let mut victims: i32 = pos
        .victims(action)
        .into_iter()
        .flatten()
        .filter_map(|sq| pos.piece(sq))
        .map(|(_, k)| VALUE[k].max(50) + if k == KING { 5000 } else { 0 })
        .sum();
    if promotes(pos, action) {
        victims += 300;
    }
    let attacker = pos.piece(action.from()).map_or(0, |(_, k)| VALUE[k]);
    victims * 8 - attacker / 10
}

/// What an action wins at once: its victims and any promotion.
fn immediate_gain(pos: &Position, action: Action) -> i32 {
    let mut gain: i32 = pos
        .victims(action)
        .into_iter()
        .flatten()
        .filter_map(|sq| pos.piece(sq))
        .map(|(_, k)| VALUE[k])
        .sum();
    if promotes(pos, action) {
        if let Some((_, k)) = pos.piece(action.from()) {
            gain += VALUE[promotion_of(k)] - VALUE[k];
        }
    }
    gain
}

/// A one-exchange estimate of static exchange evaluation: the victims,
/// less the capturing piece when it lands on a square the opponent
/// attacks. Shots and captures without moving risk nothing. Full SEE on
/// this board (rifles, Lions, swaps) would cost more than it saves.
pub fn see_ge(pos: &Position, action: Action, threshold: i32) -> bool {
    let gain = immediate_gain(pos, action);
    if gain < threshold {
        return false;
    }
    let lands = match action.kind() {
        ActionKind::Normal | ActionKind::BowmanShot => Some(action.to()),
        ActionKind::LionDouble if action.to() != action.from() => Some(action.to()),
        _ => None,
    };
    let Some(sq) = lands else { return true };
    let risked = pos.piece(action.from()).map_or(0, |(_, k)| VALUE[k]);
    gain - risked >= threshold || !pos.attacked(sq, 1 - pos.side.index())
}

/// How far a pawn-class piece of `color` on `sq` has come (0 at home).
fn advance(color: usize, sq: Square) -> i32 {
    if color == 0 {
        rank_of(sq) - 2
    } else {
        13 - rank_of(sq)
    }
}

/// Squares a slider reaches along `dirs` (at most `range` each).
fn reach(pos: &Position, sq: Square, dirs: &[(i32, i32)], range: i32) -> i32 {
    let mut n = 0;
    for &(dx, dy) in dirs {
        let mut s = sq;
        for _ in 0..range {
            let Some(t) = offset(s, dx, dy) else { break };
            s = t;
            n += 1;
            if pos.board[s] != super::position::EMPTY {
                break;
            }
        }
    }
    n
}

/// The score from White's point of view.
fn white_score(pos: &Position) -> i32 {
    let t = tables();
    let mut score = 0;
    for color in 0..2 {
        let sign = if color == 0 { 1 } else { -1 };
        let mut s = 0;
        for sq in pos.by_color[color].iter() {
            let Some((_, kind)) = pos.piece(sq) else {
                continue;
            };
            s += VALUE[kind];
            // Leapers: the squares their pattern covers from here (centre
            // and activity); sliders: the squares they really reach.
            s += match kind {
                KNIGHT => t.leaps[pattern::KNIGHT][sq].count() as i32 * 2,
                HELEPOLIS => t.leaps[pattern::HELEPOLIS][sq].count() as i32 * 2,
                FALCONER => t.leaps[pattern::FALCONER][sq].count() as i32 * 2,
                WIZARD => t.leaps[pattern::WIZARD][sq].count() as i32 * 2,
                PRINCE => t.leaps[pattern::PRINCE][sq].count() as i32,
                BERSERKER => t.leaps[pattern::LION][sq].count() as i32 * 2,
                BOWMAN | ARCHER | SPY | LANCER => t.leaps[pattern::N][sq].count() as i32 * 3,
                QUEEN => reach(pos, sq, &ORTHO, 16) + reach(pos, sq, &DIAG, 16),
                ROOK | CHANCELLOR => reach(pos, sq, &ORTHO, 16) * 2,
                BISHOP | PRINCESS | GENERAL => reach(pos, sq, &DIAG, 16) * 2,
                NIGHTRIDER => reach(pos, sq, &N_STEPS, 16) * 2,
                PAWN | SOLDIER | SERGEANT => {
                    let a = advance(color, sq);
                    a * a
                }
                _ => 0,
            };
        }
        // King safety: friends around the King, enemies close to it.
        if let Some(k) = pos.king(color) {
            let near = t.leaps[pattern::KING][k];
            s += 6 * (near & pos.by_color[color]).count() as i32;
            let zone = t.leaps[pattern::LION][k] | near;
            s -= 12 * (zone & pos.by_color[1 - color]).count() as i32;
        }
        if let Some(p) = pos.pieces(color, PRINCE).lowest() {
            let zone = t.leaps[pattern::LION][p];
            s -= 4 * (zone & pos.by_color[1 - color]).count() as i32;
        }
        score += sign * s;
    }
    score
}

/// The score for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let s = white_score(pos);
    (if pos.side == crate::Side::White {
        s
    } else {
        -s
    }) + TEMPO
}
