//! The evaluation of a defined game: each piece's value (the file's, or
//! derived from its moves) and a table per piece and square that adds what
//! a square is worth to it (the centre for pieces, the ranks towards
//! promotion for pawns). A position's score is the sum over its pieces.

use super::betza::{CAPTURE, QUIET};
use super::def::GameDef;
use super::movegen;
use super::piece::{ride_reach, Board, Compiled, WIDTH};
use super::position::{signed, Position};

/// A knight's value: the unit that derived values are measured in.
const KNIGHT: f64 = 320.0;
/// What Fairy-Stockfish's internal units are worth in centipawns (its
/// knight, 781 in the middle game and 854 in the endgame, is ours 320).
const FSF_SCALE: f64 = 320.0 / 817.5;
/// A pawn's value where the file gives none.
const PAWN: i32 = 100;
/// The side to move's bonus.
const TEMPO: i32 = 10;

/// The next number of a deterministic sequence (SplitMix64).
fn next(state: &mut u64) -> u64 {
    let (s, out) = crate::zobrist::splitmix64(*state);
    *state = s;
    out
}

/// The squares a piece compiled as `c` reaches from `s` among `blockers`:
/// quiet moves to empty squares, captures of blockers.
fn reach(def: &GameDef, c: &Compiled, s: usize, blockers: &Board) -> u32 {
    let at = |modality: usize| {
        (c.leap[0][modality][s]
            | ride_reach(
                c.rides[0][modality],
                s,
                0,
                blockers,
                &Board::EMPTY,
                def.files,
                def.ranks,
            ))
            & c.pseudo[0][modality][s]
    };
    ((at(QUIET) & !*blockers) | (at(CAPTURE) & *blockers)).count()
}

/// A piece's average reach on the game's board, empty (everything it
/// attacks counts) and with 30% of the other squares filled, as a middle
/// game crowds it.
fn mobility(def: &GameDef, c: &Compiled) -> (f64, f64) {
    let squares: Vec<usize> = def.board.iter().collect();
    let (mut empty, mut crowded, mut n) = (0u64, 0u64, 0u64);
    let mut rng = 7u64;
    for &s in &squares {
        // On the empty board every square it moves or takes to counts.
        empty += ((c.pseudo[0][QUIET][s] | c.pseudo[0][CAPTURE][s]) & def.board).count() as u64;
        for _ in 0..4 {
            let mut blockers = Board::EMPTY;
            for &t in &squares {
                if t != s && next(&mut rng) % 10 < 3 {
                    blockers.set(t);
                }
            }
            crowded += reach(def, c, s, &blockers) as u64;
        }
        n += 1;
    }
    let n = n.max(1) as f64;
    (empty as f64 / n, crowded as f64 / (4.0 * n))
}

/// Fairy-Stockfish's published values of its predefined pieces (middle
/// game, end game), in its units (a knight about 818): a piece defined by
/// its predefined name gets them where the file gives none.
const PREDEFINED_VALUES: &[(&str, i32, i32)] = &[
    ("knight", 781, 854),
    ("bishop", 825, 915),
    ("rook", 1276, 1380),
    ("queen", 2538, 2682),
    ("fers", 420, 450),
    ("met", 420, 450),
    ("alfil", 350, 330),
    ("fersAlfil", 700, 650),
    ("silver", 660, 640),
    ("khon", 660, 640),
    ("aiwok", 2300, 2700),
    ("bers", 1800, 1900),
    ("dragon", 1800, 1900),
    ("archbishop", 2200, 2200),
    ("chancellor", 2300, 2600),
    ("amazon", 2700, 2850),
    ("knibis", 1100, 1200),
    ("biskni", 750, 700),
    ("kniroo", 1050, 1250),
    ("rookni", 800, 950),
    ("lance", 400, 240),
    ("shogiKnight", 420, 290),
    ("gold", 720, 700),
    ("dragonHorse", 1550, 1550),
    ("cannon", 800, 700),
    ("janggiCannon", 800, 600),
    ("soldier", 200, 270),
    ("horse", 520, 800),
    ("elephant", 300, 300),
    ("janggiElephant", 340, 350),
    ("banner", 3400, 3500),
    ("wazir", 400, 350),
    ("commoner", 700, 900),
    ("centaur", 1800, 1900),
];

/// Each piece type's value in centipawns: the file's (`pieceValueMg`,
/// `pieceValueEg`, in Fairy-Stockfish's units), else a pawn's for pawns,
/// else Fairy-Stockfish's published value of a predefined piece, else
/// derived from its mobility measured against a knight's on the same
/// board (on an empty board, weighed 0.4, and a crowded one, 0.6; that puts
/// chess's bishop, rook and queen at about 380, 600 and 980). A royal
/// piece is worth nothing: it is never exchanged.
pub fn values(def: &GameDef) -> Vec<i32> {
    let knight = super::piece::compile(
        &super::piece::moves_of("N").expect("a knight's Betza"),
        0,
        def.files,
        def.ranks,
    );
    let (ke, kc) = mobility(def, &knight);
    def.pieces
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let given = match p.value {
                (Some(mg), Some(eg)) => Some((mg + eg) as f64 / 2.0),
                (Some(v), None) | (None, Some(v)) => Some(v as f64),
                (None, None) => None,
            };
            if let Some(v) = given {
                return (v * FSF_SCALE).round() as i32;
            }
            // The king is royal: it is never taken, so it counts nothing.
            if Some(t) == def.king {
                return 0;
            }
            if def.promotion_pawn_types[0] & (1 << t) != 0 {
                return PAWN;
            }
            if let Some(&(_, mg, eg)) = PREDEFINED_VALUES.iter().find(|(n, _, _)| *n == p.name) {
                return ((mg + eg) as f64 / 2.0 * FSF_SCALE).round() as i32;
            }
            let (e, c) = mobility(def, &p.compiled[0]);
            if ke == 0.0 || kc == 0.0 {
                return (e * 40.0) as i32;
            }
            (KNIGHT * (0.4 * e / ke + 0.6 * c / kc)).round() as i32
        })
        .collect()
}

/// `(type * 2 + side) * 256 + square`: the value of a piece there, for
/// its side.
pub fn tables(def: &GameDef, values: &[i32]) -> Vec<i16> {
    let (files, ranks) = (def.files, def.ranks);
    let centre = |s: usize| -> i32 {
        let (f, r) = (s as i32 % WIDTH, s as i32 / WIDTH);
        // Twice the distance from the centre, in files and ranks.
        let df = (2 * f - (files - 1)).abs();
        let dr = (2 * r - (ranks - 1)).abs();
        (files + ranks - 2 - df - dr).max(0)
    };
    (0..def.pieces.len())
        .map(|t| {
            let pawn = def.promotion_pawn_types[0] & (1 << t) != 0;
            let royal = Some(t) == def.king && values[t] == 0;
            let table = |side: usize| -> Vec<i16> {
                (0..(WIDTH * WIDTH) as usize)
                    .map(|s| {
                        let r = s as i32 / WIDTH;
                        let advance = if side == 0 { r } else { ranks - 1 - r };
                        let bonus = if pawn {
                            // More the closer to promotion.
                            advance * advance * 2
                        } else if royal {
                            // A king stays home while the board is full.
                            -centre(s) * 2
                        } else {
                            centre(s) * 3
                        };
                        (values[t] + bonus).clamp(-30000, 30000) as i16
                    })
                    .collect()
            };
            [table(0), table(1)]
        })
        .flat_map(|[white, black]| white.into_iter().chain(black))
        .collect()
}

/// Each type's reach on a crowded board (see [`mobility`]), in quarter
/// squares.
pub fn typical_mobility(def: &GameDef) -> Vec<i32> {
    def.pieces
        .iter()
        .map(|p| (mobility(def, &p.compiled[0]).1 * 4.0).round() as i32)
        .collect()
}

/// Centipawns per square a piece reaches beyond its typical reach.
const MOBILITY: i32 = 4;

/// How far mobility is taken to move the score at most, for lazy
/// evaluation.
const LAZY_MARGIN: i32 = 200;

/// The score without mobility less [`LAZY_MARGIN`], when that reaches
/// `beta` (see [`crate::SearchHints::evaluate_at_least`]).
pub fn evaluate_at_least(pos: &Position, beta: i32) -> Option<i32> {
    let bound = signed(pos.side.index(), pos.material) + TEMPO - LAZY_MARGIN;
    (bound >= beta).then_some(bound)
}

/// The static score for the side to move: the pieces' square values,
/// which the position keeps summed (White's less Black's), mobility (the
/// squares each piece but pawns and the king reaches, against its
/// type's typical reach) and a tempo.
pub fn evaluate(pos: &Position) -> i32 {
    let def = pos.def;
    let mut mobility = 0;
    let blockers = pos.occupied() | pos.holes;
    for side in 0..2 {
        let mut quarters = 0;
        for s in pos.by_side[side].iter() {
            let (_, t) = pos.piece(s).expect("a piece of the side");
            if Some(t) == def.king || def.promotion_pawn_types[side] & (1 << t) != 0 {
                continue;
            }
            quarters +=
                4 * movegen::mobility(pos, side, t, s, &blockers) as i32 - def.typical_mobility[t];
        }
        mobility += signed(side, quarters);
    }
    signed(pos.side.index(), pos.material + MOBILITY * mobility / 4) + TEMPO
}
