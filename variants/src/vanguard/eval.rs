//! Evaluation for Vanguard Chess: material, the reach of every piece from
//! its square, pawn-class advancement, and King and Prince safety.
//!
//! Every term is a count times a (middle game, endgame) weight, so the
//! same code evaluates and describes a position as term counts ([`trace`])
//! for `arcana tune-eval`; a weights file replaces the weights at run time
//! (the positions carry their game's table).

use super::position::{far_rank, Position};
use super::types::*;
use crate::weights::{Counts, Sums, TableRef, Terms};

/// Piece values by kind, in centipawns, for move ordering and exchanges:
/// set from each piece's reach and kept against reach-only tables in
/// self-play (the README's Vanguard section has the numbers). The
/// evaluation's own values are its weights (`value X`), fitted apart in
/// `vanguard.weights`.
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

/// Where each term's weights sit in the table.
pub mod param {
    use super::KINDS;
    /// Material by kind.
    pub const VALUE: usize = 0;
    /// A piece's activity by kind: the squares a leaper's pattern covers
    /// from its square, or a slider reaches.
    pub const ACTIVITY: usize = VALUE + KINDS;
    /// A Pawn's, a Soldier's and a Sergeant's advance, squared.
    pub const ADVANCE: usize = ACTIVITY + KINDS;
    /// Own pieces next to the King.
    pub const KING_SHELTER: usize = ADVANCE + 3;
    /// Enemy pieces within two squares of the King.
    pub const KING_PRESSURE: usize = KING_SHELTER + 1;
    /// Enemy pieces within two squares of the Prince.
    pub const PRINCE_PRESSURE: usize = KING_PRESSURE + 1;
    /// The side to move's bonus.
    pub const TEMPO: usize = PRINCE_PRESSURE + 1;
    /// Number of weights.
    pub const COUNT: usize = TEMPO + 1;
}

/// Every weight, (middle game, endgame) centipawns, in the order of
/// [`param`].
pub type Table = [[i32; 2]; param::COUNT];

/// The table a position is evaluated with (see [`TableRef`]).
pub type Weights = TableRef<{ param::COUNT }>;

/// The pawn classes, in the order of [`param::ADVANCE`] (the evaluation
/// picks the index by a `match`, in this order).
const PAWN_CLASSES: [usize; 3] = [PAWN, SOLDIER, SERGEANT];

/// The compiled-in weights, those of `vanguard.weights` (see
/// `weights.rs`).
pub fn compiled() -> &'static Table {
    &super::weights::WEIGHTS
}

/// Each weight's name in a weights file, in the order of [`param`].
pub fn weight_names() -> Vec<String> {
    let mut names = vec![String::new(); param::COUNT];
    for (k, letter) in LETTERS.iter().enumerate() {
        names[param::VALUE + k] = format!("value {letter}");
        names[param::ACTIVITY + k] = format!("activity {letter}");
    }
    for (i, &k) in PAWN_CLASSES.iter().enumerate() {
        names[param::ADVANCE + i] = format!("advance {}", LETTERS[k]);
    }
    names[param::KING_SHELTER] = "king shelter".into();
    names[param::KING_PRESSURE] = "king pressure".into();
    names[param::PRINCE_PRESSURE] = "prince pressure".into();
    names[param::TEMPO] = "tempo".into();
    names
}

/// Material that counts toward the phase (pawn classes and the King
/// aside) at the start: the phase is the share of it left.
const PHASE_FULL: i32 = 2 * (2 * 1000 + 4 * 560 + 4 * 400 + 4 * 420);

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

/// Adds the position's terms; returns the phase, 0 (bare) to 24 (the
/// start's pieces).
fn terms<T: Terms>(pos: &Position, out: &mut T) -> i32 {
    let t = tables();
    let mut material = 0;
    for color in 0..2 {
        for sq in pos.by_color[color].iter() {
            let Some((_, kind)) = pos.piece(sq) else {
                continue;
            };
            out.add(color, param::VALUE + kind, 1);
            if !pawn_class(kind) {
                material += VALUE[kind];
            }
            // Leapers: the squares their pattern covers from here (centre
            // and activity); sliders: the squares they really reach.
            let activity = match kind {
                KNIGHT => t.leaps[pattern::KNIGHT][sq].count() as i32,
                HELEPOLIS => t.leaps[pattern::HELEPOLIS][sq].count() as i32,
                FALCONER => t.leaps[pattern::FALCONER][sq].count() as i32,
                WIZARD => t.leaps[pattern::WIZARD][sq].count() as i32,
                PRINCE => t.leaps[pattern::PRINCE][sq].count() as i32,
                BERSERKER => t.leaps[pattern::LION][sq].count() as i32,
                BOWMAN | ARCHER | SPY | LANCER => t.leaps[pattern::N][sq].count() as i32,
                QUEEN => reach(pos, sq, &ORTHO, 16) + reach(pos, sq, &DIAG, 16),
                ROOK | CHANCELLOR => reach(pos, sq, &ORTHO, 16),
                BISHOP | PRINCESS | GENERAL => reach(pos, sq, &DIAG, 16),
                NIGHTRIDER => reach(pos, sq, &N_STEPS, 16),
                PAWN | SOLDIER | SERGEANT => {
                    let a = advance(color, sq);
                    let class = match kind {
                        PAWN => 0,
                        SOLDIER => 1,
                        _ => 2,
                    };
                    out.add(color, param::ADVANCE + class, a * a);
                    0
                }
                _ => 0,
            };
            if activity != 0 {
                out.add(color, param::ACTIVITY + kind, activity);
            }
        }
        // King safety: friends around the King, enemies close to it.
        if let Some(k) = pos.king(color) {
            let near = t.leaps[pattern::KING][k];
            let friends = (near & pos.by_color[color]).count() as i32;
            out.add(color, param::KING_SHELTER, friends);
            let zone = t.leaps[pattern::LION][k] | near;
            let enemies = (zone & pos.by_color[1 - color]).count() as i32;
            out.add(color, param::KING_PRESSURE, enemies);
        }
        if let Some(p) = pos.pieces(color, PRINCE).lowest() {
            let zone = t.leaps[pattern::LION][p];
            let enemies = (zone & pos.by_color[1 - color]).count() as i32;
            out.add(color, param::PRINCE_PRESSURE, enemies);
        }
    }
    out.add(pos.side.index(), param::TEMPO, 1);
    (material * 24 / PHASE_FULL).min(24)
}

/// The score for the side to move, with the position's weights.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sums = Sums::new(pos.weights.or(compiled()));
    let phase = terms(pos, &mut sums);
    sums.score(phase, pos.side == crate::Side::White)
}

/// The position's term counts, for fitting the weights.
pub fn trace(pos: &Position) -> crate::EvalTrace {
    let mut counts = Counts::new(param::COUNT);
    let phase = terms(pos, &mut counts);
    counts.trace(phase)
}
