//! What the evaluation of a defined game knows of the game, computed once
//! when the game is read: each piece's value (the file's, or derived from
//! its moves), a table per piece and square that adds what a square is
//! worth to it (the centre for pieces, the ranks towards promotion for
//! pawns), each type's weight in the game phase and on a king's zone, and
//! the board's geometry the terms of [`super::evaluate`] ask for (king
//! zones, files, the squares ahead of a pawn, its distance to promotion).

use super::betza::{CAPTURE, QUIET};
use super::def::GameDef;
use super::evaluate::{param, WEIGHTS};
use super::piece::{ride_reach, Board, Compiled, WIDTH};

/// The evaluation's version, part of every game's rules hash: raise it
/// when a term's or a square shape's meaning changes, so that weights
/// fitted to the old meaning are refused.
pub const VERSION: u32 = 1;

/// A knight's value: the unit that derived values are measured in.
const KNIGHT: f64 = 320.0;
/// What Fairy-Stockfish's internal units are worth in centipawns (its
/// knight, 781 in the middle game and 854 in the endgame, is ours 320).
pub(super) const FSF_SCALE: f64 = 320.0 / 817.5;
/// A pawn's value where the file gives none (middle game, endgame).
const PAWN: [i32; 2] = [95, 115];

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

/// Each piece type's value in centipawns, (middle game, endgame): the
/// file's (`pieceValueMg`, `pieceValueEg`, in Fairy-Stockfish's units),
/// else a pawn's for pawns, else Fairy-Stockfish's published values of a
/// predefined piece, else derived from its mobility measured against a
/// knight's on the same board (on an empty board, weighed 0.4, and a
/// crowded one, 0.6; that puts chess's bishop, rook and queen at about
/// 380, 600 and 980), the same in both phases. A royal piece is worth
/// nothing: it is never exchanged.
pub fn values(def: &GameDef) -> Vec<[i32; 2]> {
    let knight = super::piece::compile(
        &super::piece::moves_of("N").expect("a knight's Betza"),
        0,
        def.files,
        def.ranks,
    );
    let (ke, kc) = mobility(def, &knight);
    let scaled = |v: i32| (v as f64 * FSF_SCALE).round() as i32;
    def.pieces
        .iter()
        .enumerate()
        .map(|(t, p)| {
            match p.value {
                (Some(mg), Some(eg)) => return [scaled(mg), scaled(eg)],
                (Some(v), None) | (None, Some(v)) => return [scaled(v); 2],
                (None, None) => {}
            }
            // The king is royal: it is never taken, so it counts nothing.
            if Some(t) == def.king {
                return [0; 2];
            }
            if def.promotion_pawn_types[0] & (1 << t) != 0 {
                return PAWN;
            }
            if let Some(&(_, mg, eg)) = PREDEFINED_VALUES.iter().find(|(n, _, _)| *n == p.name) {
                return [scaled(mg), scaled(eg)];
            }
            let (e, c) = mobility(def, &p.compiled[0]);
            if ke == 0.0 || kc == 0.0 {
                return [(e * 40.0) as i32; 2];
            }
            [(KNIGHT * (0.4 * e / ke + 0.6 * c / kc)).round() as i32; 2]
        })
        .collect()
}

/// Twice a square's distance from the board's edge towards its centre, in
/// files and ranks (0 in a corner).
fn centre(def: &GameDef, s: usize) -> i32 {
    let (files, ranks) = (def.files, def.ranks);
    let (f, r) = (s as i32 % WIDTH, s as i32 / WIDTH);
    let df = (2 * f - (files - 1)).abs();
    let dr = (2 * r - (ranks - 1)).abs();
    (files + ranks - 2 - df - dr).max(0)
}

/// What square `s` is worth to a piece of type `t` and `side`, in units
/// of the type's square weight: a pawn's advance squared (more the closer
/// to promotion), any other piece's nearness to the centre.
pub fn square_shape(def: &GameDef, t: usize, side: usize, s: usize) -> i32 {
    if def.promotion_pawn_types[0] & (1 << t) != 0 {
        let r = s as i32 / WIDTH;
        let advance = if side == 0 { r } else { def.ranks - 1 - r };
        advance * advance
    } else {
        centre(def, s)
    }
}

/// Where type `t`'s value sits among the weights (its square weight is
/// the next, its mobility weight the one after).
pub fn value_param(t: usize) -> usize {
    param::COUNT + 3 * t
}

/// Where type `t`'s own mobility weight sits: squares a piece of the type
/// reaches beyond its typical reach count there too, beside the shared
/// mobility weight.
pub fn mobility_param(t: usize) -> usize {
    value_param(t) + 2
}

/// Where the imbalance weight of a side's type `a` with its own type
/// `b` (`b <= a`) sits, in a game of `n` types: after every type's three
/// weights, the n(n+1)/2 pairs of own types, then the n(n-1)/2 of
/// [`imbalance_theirs_param`].
pub fn imbalance_ours_param(n: usize, a: usize, b: usize) -> usize {
    param::COUNT + 3 * n + a * (a + 1) / 2 + b
}

/// Where the imbalance weight of a side's type `a` with the enemy's type
/// `b` (`b < a`) sits, in a game of `n` types.
pub fn imbalance_theirs_param(n: usize, a: usize, b: usize) -> usize {
    param::COUNT + 3 * n + n * (n + 1) / 2 + a * (a - 1) / 2 + b
}

/// The default weights: the terms' [`WEIGHTS`], then each type's value
/// and square weight. A king stays home while the board is full and
/// comes out when it empties; other pieces like the centre; pawns their
/// advance.
fn default_weights(def: &GameDef, values: &[[i32; 2]]) -> Vec<[i32; 2]> {
    let mut w = WEIGHTS.to_vec();
    for (t, &value) in values.iter().enumerate() {
        let pawn = def.promotion_pawn_types[0] & (1 << t) != 0;
        let royal = Some(t) == def.king && value == [0; 2];
        let square = if pawn {
            [2, 2]
        } else if royal {
            [-2, 3]
        } else {
            [3, 3]
        };
        w.extend([value, square, [0, 0]]);
    }
    // No imbalance until fitted.
    w.resize(w.len() + values.len() * values.len(), [0, 0]);
    w
}

/// Each weight's name, in the order of [`EvalInfo::weights`]: the terms'
/// ([`param::NAMES`]), then `value X`, `square X` and `mobility X` for
/// each piece letter X, then `imbalance X ours Y` for each pair of
/// letters (Y at or before X) and `imbalance X theirs Y` (Y before X).
pub fn weight_names(def: &GameDef) -> Vec<String> {
    let letters: Vec<char> = def.pieces.iter().map(|p| p.letter).collect();
    let pairs = |theirs: bool| {
        let letters = &letters;
        (0..letters.len()).flat_map(move |a| {
            let side = if theirs { "theirs" } else { "ours" };
            (0..a + usize::from(!theirs))
                .map(move |b| format!("imbalance {} {side} {}", letters[a], letters[b]))
        })
    };
    param::NAMES
        .iter()
        .map(|n| n.to_string())
        .chain(letters.iter().flat_map(|l| {
            [
                format!("value {l}"),
                format!("square {l}"),
                format!("mobility {l}"),
            ]
        }))
        .chain(pairs(false))
        .chain(pairs(true))
        .collect()
}

/// `(type * 2 + side) * 256 + square`: the value of a piece there, for
/// its side, (middle game, endgame): its value plus its square weight
/// times the square's [`square_shape`].
fn tables(def: &GameDef, weights: &[[i32; 2]]) -> Vec<[i16; 2]> {
    (0..def.pieces.len())
        .flat_map(|t| [(t, 0), (t, 1)])
        .flat_map(|(t, side)| {
            let value = weights[value_param(t)];
            let square = weights[value_param(t) + 1];
            (0..(WIDTH * WIDTH) as usize).map(move |s| {
                let shape = square_shape(def, t, side, s);
                let v = |i: usize| (value[i] + square[i] * shape).clamp(-30000, 30000) as i16;
                [v(0), v(1)]
            })
        })
        .collect()
}

/// Each type's reach on a crowded board (see [`mobility`]), in whole
/// squares.
fn typical_mobility(def: &GameDef) -> Vec<i32> {
    def.pieces
        .iter()
        .map(|p| mobility(def, &p.compiled[0]).1.round() as i32)
        .collect()
}

/// Whether `weights` set any imbalance weight of `def`'s types.
fn has_imbalance(def: &GameDef, weights: &[[i32; 2]]) -> bool {
    let start = imbalance_ours_param(def.pieces.len(), 0, 0);
    weights
        .get(start..)
        .is_some_and(|w| w.iter().any(|&w| w != [0, 0]))
}

/// Piece types at most this many get safe-check terms (an array per type
/// on the stack; games have far fewer).
pub const CHECK_TYPES: usize = 24;

/// What the evaluation knows of a game, computed once when it is read.
#[derive(Clone, Debug, Default)]
pub struct EvalInfo {
    /// Every weight, (middle game, endgame): the terms' (see
    /// [`param`]), then each type's value and square weight (see
    /// [`value_param`]). The defaults, or a weights file's.
    pub weights: Vec<[i32; 2]>,
    /// `(type * 2 + side) * 256 + square`: a piece's value there,
    /// (middle game, endgame), for its side (one flat table: the position
    /// adds it up in every `put` and `remove`).
    pub tables: Vec<[i16; 2]>,
    /// Each type's reach on a crowded board, in squares: mobility counts
    /// against it.
    pub typical_mobility: Vec<i32>,
    /// Each type's weight in the game phase: 0 for pawns and the king,
    /// else its value in quarter rooks (a knight 1, a rook 2, a queen 4).
    pub phase: Vec<i32>,
    /// The phase of the start position: the middle game's full weight (at
    /// least 1).
    pub full_phase: i32,
    /// Each type's attack units on a king's zone, per square it hits.
    pub attack_units: Vec<i32>,
    /// The types bound to one colour of squares (a bishop, an alfil).
    pub colour_bound: u64,
    /// The types that ride whole files (a rook, a chancellor).
    pub file_riders: u64,
    /// The types that move as they take (not a pawn, not a cannon): their
    /// mobility is the squares they attack but their own side's.
    pub same_moves: u64,
    /// The dark squares (a1's colour).
    pub dark: Board,
    /// `[side][square]`: the squares ahead of a pawn there on its own and
    /// the neighbouring files.
    pub span: [Vec<Board>; 2],
    /// `[file]`: the file's squares.
    pub file: Vec<Board>,
    /// `[file]`: the neighbouring files' squares.
    pub neighbours: Vec<Board>,
    /// The minor pieces: worth less than 450 (a knight, a bishop), not
    /// pawns nor royal.
    pub minor: u64,
    /// Whether terms beyond the lazy margin can count (a flag's race, an
    /// extinction rule): lazy evaluation is then off.
    pub unbounded: bool,
    /// Whether any imbalance weight is set: the evaluation skips the
    /// pairs' counts otherwise.
    pub imbalance: bool,
    /// `[side]`: where the side's minor pieces find outposts: the ranks
    /// from the board's middle to the enemy's third rank.
    pub outpost_ranks: [Board; 2],
    /// `[side]`: the squares space counts (see
    /// [`super::evaluate::param::SPACE`]): the central half of the files
    /// (a quarter of them left out on each wing), on the side's half of
    /// the board but its back rank.
    pub space: [Board; 2],
    /// `[side][square]`: ranks from there to the side's promotion region
    /// (to the last rank where the game has none), at most 7.
    pub steps: [Vec<u8>; 2],
    /// `[side]`: the pawn types that take one step diagonally forward
    /// and nowhere else, from every square of the board: the evaluation
    /// finds all their attacks at once by shifting the board.
    pub diagonal_pawns: [u64; 2],
}

/// The squares one step diagonally forward of `pawns` (`side` 0 moves
/// up the ranks), on the 16-file grid: nothing wraps to another rank.
#[inline]
pub fn diagonal_steps(pawns: Board, side: usize) -> Board {
    // The first and the last file of the grid (a square every 16 bits).
    const FIRST_FILE: Board = crate::bitboard::Bits([0x0001_0001_0001_0001; 4]);
    const LAST_FILE: Board = crate::bitboard::Bits([0x8000_8000_8000_8000; 4]);
    let w = WIDTH as usize;
    let (left, right) = (pawns.and_not(FIRST_FILE), pawns.and_not(LAST_FILE));
    if side == 0 {
        (left << (w - 1)) | (right << (w + 1))
    } else {
        (right >> (w - 1)) | (left >> (w + 1))
    }
}

/// `[side]`: the pawn types whose captures are the two diagonal steps
/// forward, and only those, from every square of `def`'s board (see
/// [`EvalInfo::diagonal_pawns`]).
fn diagonal_pawns(def: &GameDef) -> [u64; 2] {
    let mut found = [0u64; 2];
    for (side, found) in found.iter_mut().enumerate() {
        for t in 0..def.pieces.len() {
            if def.promotion_pawn_types[side] & (1 << t) == 0 {
                continue;
            }
            let c = &def.pieces[t].compiled[side];
            let same = c.rides[0][CAPTURE] == 0
                && def.board.iter().all(|s| {
                    let reach = c.leap[0][CAPTURE][s] & c.pseudo[0][CAPTURE][s] & def.board;
                    reach == diagonal_steps(Board::single(s), side) & def.board
                });
            if same {
                *found |= 1 << t;
            }
        }
    }
    found
}

impl EvalInfo {
    /// What a piece of type `t` in hand is worth (middle game, endgame):
    /// its type's value, with no square.
    #[inline]
    pub fn hand_value(&self, t: usize) -> [i32; 2] {
        self.weights.get(value_param(t)).copied().unwrap_or([0, 0])
    }

    /// Takes `weights` (in the order of [`weight_names`]) for the
    /// evaluation of `def`. Phases, attack units and the values exchanges
    /// count stay those of the file's or derived values.
    pub fn set_weights(&mut self, def: &GameDef, weights: &[[i32; 2]]) {
        self.tables = tables(def, weights);
        self.weights = weights.to_vec();
        self.imbalance = has_imbalance(def, weights);
    }

    /// The evaluation's knowledge of `def`, with the types' `values`.
    pub fn new(def: &GameDef, values: &[[i32; 2]]) -> EvalInfo {
        let n = WIDTH as usize * WIDTH as usize;
        let (files, ranks) = (def.files, def.ranks);
        let on_board = |f: i32, r: i32| (0..files).contains(&f) && (0..ranks).contains(&r);
        let sq = |f: i32, r: i32| (r * WIDTH + f) as usize;
        let royal = |t: usize| Some(t) == def.king;
        let pawns = def.promotion_pawn_types;
        let is_pawn = |t: usize| (pawns[0] | pawns[1]) & (1 << t) != 0;
        let mean = |t: usize| (values[t][0] + values[t][1]) / 2;
        let phase: Vec<i32> = (0..def.pieces.len())
            .map(|t| {
                if royal(t) || is_pawn(t) {
                    0
                } else {
                    ((mean(t) as f64 / 250.0).round() as i32).max(1)
                }
            })
            .collect();
        let start_board = def.start_fen.split_whitespace().next().unwrap_or("");
        let full_phase = start_board
            .chars()
            .filter_map(|c| def.type_of(c))
            .map(|t| phase[t])
            .sum::<i32>()
            .max(1);
        let attack_units = (0..def.pieces.len())
            .map(|t| ((mean(t) as f64 / 200.0).round() as i32).clamp(1, 6))
            .collect();
        let mut dark = Board::EMPTY;
        let mut file = vec![Board::EMPTY; WIDTH as usize];
        let mut span = [vec![Board::EMPTY; n], vec![Board::EMPTY; n]];
        let mut steps = [vec![0u8; n], vec![0u8; n]];
        let mut outpost_ranks = [Board::EMPTY; 2];
        let mut space = [Board::EMPTY; 2];
        for r in 0..ranks {
            for f in 0..files {
                let s = sq(f, r);
                if (files / 4..files - files / 4).contains(&f) {
                    if (1..ranks / 2).contains(&r) {
                        space[0].set(s);
                    }
                    if (1..ranks / 2).contains(&(ranks - 1 - r)) {
                        space[1].set(s);
                    }
                }
                if (ranks / 2 - 1..=ranks - 3).contains(&r) {
                    outpost_ranks[0].set(s);
                }
                if (ranks / 2 - 1..=ranks - 3).contains(&(ranks - 1 - r)) {
                    outpost_ranks[1].set(s);
                }
                if (f + r) % 2 == 0 {
                    dark.set(s);
                }
                file[f as usize].set(s);
                for (side, ahead) in [(0usize, r + 1..ranks), (1, 0..r)] {
                    for r2 in ahead {
                        for f2 in f - 1..=f + 1 {
                            if on_board(f2, r2) {
                                span[side][s].set(sq(f2, r2));
                            }
                        }
                    }
                }
                for (side, region) in def.promotion_region.iter().enumerate() {
                    let forward = |r2: i32| if side == 0 { r2 - r } else { r - r2 };
                    let to_region = (0..ranks)
                        .filter(|&r2| forward(r2) >= 0)
                        .filter(|&r2| (0..files).any(|f2| region.has(sq(f2, r2))))
                        .map(forward)
                        .min();
                    let last = if side == 0 { ranks - 1 - r } else { r };
                    steps[side][s] = to_region.unwrap_or(last).clamp(0, 7) as u8;
                }
            }
        }
        let neighbours = (0..WIDTH as usize)
            .map(|f| {
                let left = if f > 0 { file[f - 1] } else { Board::EMPTY };
                let right = file.get(f + 1).copied().unwrap_or(Board::EMPTY);
                left | right
            })
            .collect();
        let mut colour_bound = 0u64;
        let mut file_riders = 0u64;
        let mut same_moves = 0u64;
        let centre = sq(files / 2, ranks / 2);
        // A file rider reaches its whole file from the centre.
        let whole_file = (file[(files / 2) as usize] & def.board).and_not(Board::single(centre));
        for (t, p) in def.pieces.iter().enumerate() {
            let c = &p.compiled[0];
            let reach = |s: usize| c.pseudo[0][QUIET][s] | c.pseudo[0][CAPTURE][s];
            let bound = !is_pawn(t)
                && def.board.iter().any(|s| reach(s).any())
                && def
                    .board
                    .iter()
                    .all(|s| reach(s).iter().all(|d| dark.has(d) == dark.has(s)));
            if bound {
                colour_bound |= 1 << t;
            }
            if c.leap[0][QUIET] == c.leap[0][CAPTURE]
                && c.pseudo[0][QUIET] == c.pseudo[0][CAPTURE]
                && c.rides[0][QUIET] == c.rides[0][CAPTURE]
            {
                same_moves |= 1 << t;
            }
            if !is_pawn(t) && !royal(t) && (c.pseudo[0][QUIET][centre] & whole_file) == whole_file {
                file_riders |= 1 << t;
            }
        }
        let minor = (0..def.pieces.len())
            .filter(|&t| !royal(t) && !is_pawn(t) && mean(t) < 450)
            .fold(0u64, |m, t| m | 1 << t);
        let weights = default_weights(def, values);
        let imbalance = has_imbalance(def, &weights);
        EvalInfo {
            tables: tables(def, &weights),
            weights,
            typical_mobility: typical_mobility(def),
            phase,
            full_phase,
            attack_units,
            colour_bound,
            file_riders,
            same_moves,
            minor,
            outpost_ranks,
            space,
            unbounded: def.flag_region.iter().any(|r| r.any())
                || def.extinction_value != super::def::Value::None,
            imbalance,
            diagonal_pawns: diagonal_pawns(def),
            dark,
            span,
            file,
            neighbours,
            steps,
        }
    }
}
