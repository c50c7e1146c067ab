//! Evaluation for Advanced Wizard Chess: material by board (a Dragon or a
//! Pegasus in the Sky is not the same piece as on the Earth), pieces in
//! reserve and Dragons waiting for resurrection, Warrior advancement and
//! quest progress, and the Wizard's safety against pieces in the Sky above
//! it.

use super::position::Position;
use super::types::*;

/// Values by kind on the Earth and in the Sky (centipawns).
pub const VALUE: [[i32; 2]; KINDS] = [
    [0, 0],     // Wizard
    [600, 800], // Dragon: cannon and queen slides below, a short queen above
    [520, 480], // Pegasus: a rook below, a three-square rook above
    [330, 330], // Archer
    [380, 380], // Giant
    [230, 230], // Hero
    [100, 100], // Warrior
    [320, 320], // Eagle
];

/// A piece waiting in the reserve comes back as a new piece.
const RESERVE_VALUE: [i32; 2] = [90, 280];
/// A dead Dragon that a quest may bring back.
const DEAD_DRAGON: i32 = 60;
/// The teleport is an escape kept for later.
const TELEPORT: i32 = 25;
const TEMPO: i32 = 12;

/// The value of the piece on `sq`.
pub fn piece_value(pos: &Position, sq: Square) -> i32 {
    pos.piece(sq)
        .map_or(0, |p| VALUE[p.kind() as usize][board_of(sq)])
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = [0i32; 2];
    for sq in 0..SQUARES {
        let Some(p) = pos.piece(sq) else {
            continue;
        };
        let c = p.color();
        let kind = p.kind();
        let mut v = VALUE[kind as usize][board_of(sq)];
        // Distance travelled towards the enemy camp, for pieces that
        // promote or quest there.
        let advance = if c == 0 { rank_of(sq) } else { 8 - rank_of(sq) };
        match (kind, p.mark()) {
            (WARRIOR, _) => v += 6 * advance + if advance >= 5 { 25 } else { 0 },
            (_, QUEST) => v += 30 * advance,
            (HERO | GIANT, PLAIN) => v += 4 * advance,
            _ => {}
        }
        // Pieces in the Sky over the enemy Wizard's neighbourhood threaten
        // descents and swoops that an Earth wall cannot stop.
        if board_of(sq) == SKY && kind != WIZARD {
            let z = pos.wizard[1 - c];
            if z < SQUARES {
                let d = (file_of(sq) - file_of(z))
                    .abs()
                    .max((rank_of(sq) - rank_of(z)).abs());
                if d <= 2 {
                    v += 40 - 12 * d;
                }
            }
        }
        score[c] += v;
    }
    for (c, score) in score.iter_mut().enumerate() {
        *score += RESERVE_VALUE[0] * pos.reserve[c][0] as i32
            + RESERVE_VALUE[1] * pos.reserve[c][1] as i32;
        *score += DEAD_DRAGON * pos.dragons[c].min(2) as i32;
        if pos.teleport[c] {
            *score += TELEPORT;
        }
        // The Wizard's shelter: friendly Earth pieces around it.
        let z = pos.wizard[c];
        if z < SQUARES {
            let guards = ALL_DIRS
                .iter()
                .filter_map(|&(df, dr)| shift(z, EARTH, df, dr))
                .filter(|&s| pos.piece(s).is_some_and(|p| p.color() == c))
                .count() as i32;
            *score += 8 * guards.min(4);
        }
    }
    let us = pos.side.index();
    score[us] - score[1 - us] + TEMPO
}

/// Ordering key of a capture: most valuable victim, least valuable attacker.
pub fn capture_order(pos: &Position, a: Action) -> i32 {
    let victim = piece_value(pos, a.victim());
    let attacker = piece_value(pos, a.from());
    let promo = if a.suffix() == Suffix::Promote || a.suffix() == Suffix::Resurrect {
        300
    } else {
        0
    };
    (victim + promo) * 8 - attacker / 10
}
