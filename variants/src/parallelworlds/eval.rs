//! Evaluation: material on the two army levels and on level 2, pawn
//! progress (a level-2 pawn on its last rank promotes by dropping), a little
//! mobility and centralisation, and hanging Kings.
//!
//! Inside a turn the score is what ending the turn now would be worth:
//! the search always has that option, so it is a fair lower bound, and it
//! makes a King left hanging at the end of the turn a lost King.
//!
//! Every term but the hanging and capturable Kings (rules more than
//! judgement) is a count times a (middle game, endgame) weight, so the
//! same code evaluates and describes a position as term counts ([`trace`])
//! for `arcana tune-eval`; a weights file replaces the weights at run time.

use super::movegen::last_rank;
use super::position::Position;
use super::types::*;
use crate::chess::attacks;
use crate::weights::{Counts, Sums, TableRef, Terms};

/// Piece values on levels 1 and 3 (P N B R Q K), for move ordering and
/// exchanges; the evaluation's own are its weights (`parallelworlds.weights`).
pub const VALUE: [i32; KINDS] = [100, 320, 330, 500, 950, 0];
/// Own King attacked when the turn would end now: it will be captured.
const KING_HANGING: i32 = 2500;
/// An enemy King we can capture with a sub-move of this turn.
const KING_CAPTURABLE: i32 = 2500;

/// Where each term's weights sit in the table.
pub mod param {
    use super::KINDS;
    /// Material by kind on levels 1 and 3.
    pub const VALUE: usize = 0;
    /// Material by kind on level 2.
    pub const MIDDLE_VALUE: usize = VALUE + KINDS;
    /// A level-2 pawn on its last rank with a free square below or above.
    pub const LAST_RANK_PAWN: usize = MIDDLE_VALUE + KINDS;
    /// A pawn on a chess level by its relative rank.
    pub const PAWN_RANK: usize = LAST_RANK_PAWN + 1;
    /// Squares a piece reaches on its chess level, by kind (N, B, R, Q).
    pub const MOBILITY: usize = PAWN_RANK + 8;
    /// A knight's centralisation on a chess level.
    pub const KNIGHT_CENTRE: usize = MOBILITY + 4;
    /// A King's relative rank on a chess level.
    pub const KING_RANK: usize = KNIGHT_CENTRE + 1;
    /// A level-2 piece's centralisation.
    pub const MIDDLE_CENTRE: usize = KING_RANK + 1;
    /// Own King attacked at the start of the turn.
    pub const KING_ATTACKED_TO_MOVE: usize = MIDDLE_CENTRE + 1;
    /// An enemy King attacked that the opponent will have to answer.
    pub const KING_ATTACKED_NEXT: usize = KING_ATTACKED_TO_MOVE + 1;
    /// Number of weights.
    pub const COUNT: usize = KING_ATTACKED_NEXT + 1;
}

/// Every weight, (middle game, endgame) centipawns, in the order of
/// [`param`].
pub type Table = [[i32; 2]; param::COUNT];

/// The table a position is evaluated with (see [`TableRef`]).
pub type Weights = TableRef<{ param::COUNT }>;

/// The compiled-in weights, those of `parallelworlds.weights` (see `weights.rs`).
pub fn compiled() -> &'static Table {
    &super::weights::WEIGHTS
}

/// Each weight's name in a weights file, in the order of [`param`].
pub fn weight_names() -> Vec<String> {
    let mut names = vec![String::new(); param::COUNT];
    for (k, letter) in LETTERS.iter().enumerate() {
        names[param::VALUE + k] = format!("value {letter}");
        names[param::MIDDLE_VALUE + k] = format!("value {letter} level 2");
    }
    for r in 0..8 {
        names[param::PAWN_RANK + r] = format!("pawn rank {}", r + 1);
    }
    for (m, letter) in ['N', 'B', 'R', 'Q'].iter().enumerate() {
        names[param::MOBILITY + m] = format!("mobility {letter}");
    }
    for (at, name) in [
        (param::LAST_RANK_PAWN, "level 2 pawn on its last rank"),
        (param::KNIGHT_CENTRE, "knight centre"),
        (param::KING_RANK, "king rank"),
        (param::MIDDLE_CENTRE, "level 2 centre"),
        (param::KING_ATTACKED_TO_MOVE, "king attacked to move"),
        (param::KING_ATTACKED_NEXT, "king attacked next"),
    ] {
        names[at] = name.to_string();
    }
    names
}

/// Material that counts toward the phase (pawns and Kings aside) at the
/// start: the phase is the share of it left.
const PHASE_FULL: i32 = 4 * (2 * 320 + 2 * 330 + 2 * 500 + 950);

/// Centralisation: 0 on the rim, growing towards the centre.
#[inline(always)]
fn centre(s: usize) -> i32 {
    let f = (s % 8) as i32;
    let r = (s / 8) as i32;
    let df = f.min(7 - f);
    let dr = r.min(7 - r);
    df + dr
}

/// Material, position and mobility of one side; returns its material
/// other than pawns.
fn side_terms<T: Terms>(pos: &Position, color: usize, out: &mut T) -> i32 {
    let mut material = 0;
    for level in CHESS_LEVELS {
        let occ = pos.occupied(level);
        let ours = pos.by_color[level][color];
        let mut bb = ours;
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let kind = code_kind(pos.board[level * 64 + s]);
            out.add(color, param::VALUE + kind, 1);
            if kind != PAWN {
                material += VALUE[kind];
            }
            let reach = match kind {
                PAWN => {
                    let rel = if color == 0 { s / 8 } else { 7 - s / 8 };
                    out.add(color, param::PAWN_RANK + rel, 1);
                    0
                }
                KNIGHT => {
                    out.add(color, param::KNIGHT_CENTRE, centre(s));
                    attacks::KNIGHT[s]
                }
                BISHOP => attacks::bishop(s, occ),
                ROOK => attacks::rook(s, occ),
                QUEEN => attacks::queen(s, occ),
                _ => {
                    // The King is safest at home.
                    let rel = if color == 0 { s / 8 } else { 7 - s / 8 };
                    out.add(color, param::KING_RANK, rel as i32);
                    0
                }
            };
            if matches!(kind, KNIGHT | BISHOP | ROOK | QUEEN) {
                let squares = (reach & !ours).count_ones() as i32;
                out.add(color, param::MOBILITY + kind - KNIGHT, squares);
            }
        }
    }
    let mut bb = pos.by_color[MIDDLE][color];
    while bb != 0 {
        let s = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        let kind = code_kind(pos.board[MIDDLE * 64 + s]);
        out.add(color, param::MIDDLE_VALUE + kind, 1);
        out.add(color, param::MIDDLE_CENTRE, centre(s));
        if kind != PAWN {
            material += VALUE[kind];
        }
        if kind == PAWN && last_rank(color) & (1 << s) != 0 {
            // Free below or above: the drop that promotes is open.
            if pos.occupied(0) & pos.occupied(2) & (1 << s) == 0 {
                out.add(color, param::LAST_RANK_PAWN, 1);
            }
        }
    }
    material
}

/// Threats to Kings: the weighted terms go to `out`; returns the hanging
/// and capturable Kings' score, from the side to move's point of view.
fn king_threats<T: Terms>(pos: &Position, out: &mut T) -> i32 {
    let us = pos.side.index();
    let mut score = 0;
    for level in CHESS_LEVELS {
        let occ = pos.occupied(level);
        let level_free = pos.levels_used & (1 << level) == 0;
        let own_king = pos.pieces(level, us, KING);
        if own_king != 0 && pos.attacked(level, own_king.trailing_zeros() as usize, 1 - us, occ) {
            if pos.made == 0 {
                out.add(us, param::KING_ATTACKED_TO_MOVE, 1);
            } else {
                score -= KING_HANGING;
            }
        }
        let their_king = pos.pieces(level, 1 - us, KING);
        if their_king != 0 {
            let k = their_king.trailing_zeros() as usize;
            let attackers = pos.attackers(level, k, occ) & pos.by_color[level][us];
            // Only our pieces that have not moved this turn may still take it.
            if level_free && attackers & !pos.moved[level] != 0 {
                score += KING_CAPTURABLE;
            } else if attackers != 0 {
                out.add(us, param::KING_ATTACKED_NEXT, 1);
            }
        }
    }
    score
}

/// Adds the position's weighted terms; returns the phase (24 to 0) and
/// the score of the terms that are not weights.
fn terms<T: Terms>(pos: &Position, out: &mut T) -> (i32, i32) {
    let material = side_terms(pos, 0, out) + side_terms(pos, 1, out);
    let fixed = king_threats(pos, out);
    ((material * 24 / PHASE_FULL).min(24), fixed)
}

/// The score for the side to move, with the position's weights.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sums = Sums::new(pos.weights.or(compiled()));
    let (phase, fixed) = terms(pos, &mut sums);
    sums.score(phase, pos.side.index() == 0) + fixed
}

/// The position's term counts, for fitting the weights (the hanging and
/// capturable Kings are not weights: positions with them are not quiet).
pub fn trace(pos: &Position) -> crate::EvalTrace {
    let mut counts = Counts::new(param::COUNT);
    let (phase, _) = terms(pos, &mut counts);
    counts.trace(phase)
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
