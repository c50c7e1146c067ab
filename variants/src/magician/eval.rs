//! Magician Chess evaluation: material, mobility, king safety that knows
//! spells and holes, and hole control.
//!
//! Every term is a count times a (middle game, endgame) weight, so the
//! same code evaluates and describes a position as term counts ([`trace`])
//! for `arcana tune-eval`; a weights file replaces the weights at run time.
//!
//! The compiled-in material values are measured: 552 self-play games
//! (`arcana match`, depth 7, 8 random opening plies) gave 66,000 quiet
//! positions, and a material-only Texel fit (the Pawn fixed at 100) gave
//! the values. Holes cut the Rook short (360), the Knight leaps them (295),
//! and the Magician's spells make it the strongest single piece (430).
//! Promoted pieces are too rare in games for a fit of their own, so each
//! compound is worth its two parts. Against the first guesses (R 420, N
//! 330, M 360, C 820, S 860, W 760) the fitted values scored +42 Elo (95%
//! interval +12 to +73) in 400 games at depth 7.

use super::position::Position;
use super::types::*;
use crate::weights::{Counts, Sums, TableRef, Terms};
use crate::GamePosition;

/// Piece values by kind (K, P, R, N, M, C, S, W), for move ordering and
/// exchanges; the evaluation's own are its weights (`value X` in
/// `magician.weights`).
pub const VALUE: [i32; KINDS] = [0, 100, 360, 295, 430, 655, 790, 725];

/// Where each term's weights sit in the table.
pub mod param {
    use super::KINDS;
    /// Material by kind.
    pub const VALUE: usize = 0;
    /// Squares a piece reaches (empty or enemy), by kind.
    pub const MOBILITY: usize = VALUE + KINDS;
    /// A pawn by its advance (ranks from its first, 0..=6).
    pub const PAWN_ADVANCE: usize = MOBILITY + KINDS;
    /// Holes within a Magician's spell range.
    pub const HOLES_IN_RANGE: usize = PAWN_ADVANCE + 7;
    /// Holes next to the King (orthogonally) that an enemy spell can move.
    pub const KING_HOLES_THREATENED: usize = HOLES_IN_RANGE + 1;
    /// Holes around the King.
    pub const KING_HOLES: usize = KING_HOLES_THREATENED + 1;
    /// The side to move's bonus.
    pub const TEMPO: usize = KING_HOLES + 1;
    /// Number of weights.
    pub const COUNT: usize = TEMPO + 1;
}

/// Every weight, (middle game, endgame) centipawns, in the order of
/// [`param`].
pub type Table = [[i32; 2]; param::COUNT];

/// The table a position is evaluated with (see [`TableRef`]).
pub type Weights = TableRef<{ param::COUNT }>;

/// The compiled-in weights, those of `magician.weights` (see `weights.rs`).
pub fn compiled() -> &'static Table {
    &super::weights::WEIGHTS
}

/// Each weight's name in a weights file, in the order of [`param`].
pub fn weight_names() -> Vec<String> {
    let mut names = vec![String::new(); param::COUNT];
    for (k, letter) in LETTERS.iter().enumerate() {
        names[param::VALUE + k] = format!("value {letter}");
        names[param::MOBILITY + k] = format!("mobility {letter}");
    }
    for r in 0..7 {
        names[param::PAWN_ADVANCE + r] = format!("pawn advance {r}");
    }
    names[param::HOLES_IN_RANGE] = "holes in spell range".into();
    names[param::KING_HOLES_THREATENED] = "king holes threatened".into();
    names[param::KING_HOLES] = "king holes".into();
    names[param::TEMPO] = "tempo".into();
    names
}

/// Material that counts toward the phase (pawns and the King aside) at
/// the start: the phase is the share of it left.
const PHASE_FULL: i32 = 2 * (2 * 360 + 2 * 295 + 430);

/// Evaluation in centipawns from the side to move's view, with the
/// position's weights.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sums = Sums::new(pos.weights.or(compiled()));
    let phase = terms(pos, &mut sums);
    sums.score(phase, pos.side().index() == 0)
}

/// The position's term counts, for fitting the weights.
pub fn trace(pos: &Position) -> crate::EvalTrace {
    let mut counts = Counts::new(param::COUNT);
    let phase = terms(pos, &mut counts);
    counts.trace(phase)
}

/// Adds the position's terms; returns the phase, 24 (the start's pieces)
/// down to 0.
fn terms<T: Terms>(pos: &Position, out: &mut T) -> i32 {
    let blockers = pos.occupied() | pos.holes();
    let empty = CELLS & !blockers;
    let mut material = 0;
    for color in 0..2 {
        material += side_terms(pos, color, blockers, empty, out);
    }
    out.add(pos.side().index(), param::TEMPO, 1);
    (material * 24 / PHASE_FULL).min(24)
}

/// One side's material and positional terms; returns its material other
/// than pawns.
fn side_terms<T: Terms>(
    pos: &Position,
    color: usize,
    blockers: u64,
    empty: u64,
    out: &mut T,
) -> i32 {
    let mut material = 0;
    let enemy = pos.by_color[color ^ 1];
    let mut pieces = pos.by_color[color];
    while pieces != 0 {
        let sq = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let Some((_, kind)) = pos.piece_at(sq) else {
            continue;
        };
        out.add(color, param::VALUE + kind, 1);
        if kind != PAWN {
            material += VALUE[kind];
        }
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
            let holes = (SPELL_RANGE[sq] & pos.holes()).count_ones() as i32;
            out.add(color, param::HOLES_IN_RANGE, holes);
        }
        out.add(color, param::MOBILITY + kind, reach.count_ones() as i32);
        if kind == PAWN {
            // Advancement towards promotion.
            let advance = if color == 0 {
                rank_of(sq)
            } else {
                6 - rank_of(sq)
            };
            out.add(color, param::PAWN_ADVANCE + advance, 1);
        }
    }
    // King safety: enemy spell reach over holes next to our King, and
    // holes around the King that hem it in.
    if let Some(k) = pos.king_square(color) {
        let near_holes = ORTHOGONAL[k] & pos.holes();
        let threatened = near_holes & pos.castable_holes(color ^ 1);
        out.add(
            color,
            param::KING_HOLES_THREATENED,
            threatened.count_ones() as i32,
        );
        out.add(
            color,
            param::KING_HOLES,
            (KING_STEPS[k] & pos.holes()).count_ones() as i32,
        );
    }
    material
}
