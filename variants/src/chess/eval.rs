//! Chess evaluation: tapered (midgame/endgame) material, its imbalance
//! and piece-square terms, mobility, pawn structure, threats, king safety
//! (attack units, safe checks, the pawns' shelter and storm) and tempo.
//!
//! Every term is a count times a (midgame, endgame) weight from
//! `weights.rs`, so the same code both evaluates (weights summed as it
//! goes) and describes a position as term counts ([`trace`]), which is
//! what fitting the weights to game results needs (Texel's method,
//! `arcana tune-eval`). The weights started as simple formulas
//! (centralisation, advancement, king shelter) and were then fitted.

use super::attacks;
use super::position::Position;
use super::types::*;
use super::weights::WEIGHTS;
use crate::weights::{Counts, Source, Sums, Terms};
use crate::GamePosition;
use crate::Side;

/// Piece values for move ordering (pawn, knight, bishop, rook, queen,
/// king); fixed, so that refitting the evaluation leaves ordering alone.
pub const VALUE_MG: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// Game-phase weight of each kind; 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Where each term's weights sit in the weight table.
pub mod param {
    /// Material by kind (pawn .. king).
    pub const MATERIAL: usize = 0;
    /// Piece-square terms, `64 * kind + square` from White's view.
    pub const PST: usize = MATERIAL + 6;
    /// Knight mobility by safe squares reached (0..=8).
    pub const MOB_KNIGHT: usize = PST + 6 * 64;
    /// Bishop mobility (0..=13).
    pub const MOB_BISHOP: usize = MOB_KNIGHT + 9;
    /// Rook mobility (0..=14).
    pub const MOB_ROOK: usize = MOB_BISHOP + 14;
    /// Queen mobility (0..=27).
    pub const MOB_QUEEN: usize = MOB_ROOK + 15;
    /// Passed pawn by relative rank.
    pub const PASSED: usize = MOB_QUEEN + 28;
    /// Passed pawn: the enemy King's distance to its stop square, times
    /// the pawn's rank weight.
    pub const PASSED_THEIR_KING: usize = PASSED + 8;
    /// Passed pawn: the own King's distance to the stop square.
    pub const PASSED_OWN_KING: usize = PASSED_THEIR_KING + 1;
    /// Passed pawn with an empty stop square.
    pub const PASSED_FREE: usize = PASSED_OWN_KING + 1;
    /// Pawn without pawns of its side on the neighbouring files.
    pub const ISOLATED: usize = PASSED_FREE + 1;
    /// Each pawn beyond the first on a file.
    pub const DOUBLED: usize = ISOLATED + 1;
    /// Two or more bishops.
    pub const BISHOP_PAIR: usize = DOUBLED + 1;
    /// Rook on a file without pawns.
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
    /// Rook on a file without own pawns.
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
    /// Own pawns in front of the King (up to three).
    pub const SHIELD: usize = ROOK_HALF_OPEN + 1;
    /// Attack units on the King's zone (0..=48), when two or more pieces
    /// attack it.
    pub const KING_DANGER: usize = SHIELD + 1;
    /// The side to move's bonus.
    pub const TEMPO: usize = KING_DANGER + 49;
    /// An enemy piece attacked by a pawn, by the attacked piece's kind.
    pub const THREAT_BY_PAWN: usize = TEMPO + 1;
    /// An enemy piece attacked by a knight or bishop, by its kind.
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6;
    /// An enemy piece attacked by a rook, by its kind.
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
    /// An enemy piece or pawn attacked and not defended.
    pub const HANGING: usize = THREAT_BY_ROOK + 6;
    /// A knight or bishop (by kind) on the 4th to 6th rank, defended by a
    /// pawn and out of reach of enemy pawns.
    pub const OUTPOST: usize = HANGING + 1;
    /// A pawn with an own pawn beside it, by relative rank.
    pub const PHALANX: usize = OUTPOST + 6;
    /// A pawn defended by an own pawn, by relative rank.
    pub const SUPPORTED: usize = PHALANX + 8;
    /// A pawn no own pawn can come level with, whose stop square an
    /// enemy pawn attacks.
    pub const BACKWARD: usize = SUPPORTED + 8;
    /// Files at and beside the King without own pawns (0..=3).
    pub const KING_FILES_OPEN: usize = BACKWARD + 1;
    /// Squares from which a piece (by kind) could check the enemy King
    /// without being taken there.
    pub const SAFE_CHECK: usize = KING_FILES_OPEN + 1;
    /// Own pawn shelter on each of the three files around the King (its
    /// file kept off the edge), `8 * edge distance + relative rank` of the
    /// own pawn nearest home at or ahead of the King's rank and not hit by
    /// an enemy pawn (rank 0: none).
    pub const SHELTER: usize = SAFE_CHECK + 6;
    /// Enemy pawn storming those files, `8 * edge distance + relative
    /// rank` (from the King's side) of the enemy pawn nearest the King
    /// (rank 0: none), when no own pawn stands just in front of it.
    pub const STORM: usize = SHELTER + 32;
    /// An enemy storming pawn blocked by an own pawn, by its relative rank.
    pub const BLOCKED_STORM: usize = STORM + 32;
    /// The King's file: `2 * (no own pawn on it) + (no enemy pawn on it)`.
    pub const KING_ON_FILE: usize = BLOCKED_STORM + 8;
    /// The King's distance to its nearest own pawn.
    pub const KING_PAWN_DISTANCE: usize = KING_ON_FILE + 4;
    /// An enemy piece (not a pawn) attacked by a pawn that is itself safe:
    /// not attacked, or defended.
    pub const SAFE_PAWN_THREAT: usize = KING_PAWN_DISTANCE + 1;
    /// An enemy piece (not a pawn) a pawn would attack after a push to a
    /// free square it could stand on safely.
    pub const PAWN_PUSH_THREAT: usize = SAFE_PAWN_THREAT + 1;
    /// An undefended enemy piece or pawn the King attacks.
    pub const THREAT_BY_KING: usize = PAWN_PUSH_THREAT + 1;
    /// Per bishop: own pawns on its squares' colour, times one (if no own
    /// pawn defends the bishop) plus the own central pawns that cannot
    /// step forward.
    pub const BISHOP_PAWNS: usize = THREAT_BY_KING + 1;
    /// A bishop that sees both central squares of a long diagonal through
    /// everything but pawns.
    pub const LONG_DIAGONAL_BISHOP: usize = BISHOP_PAWNS + 1;
    /// A knight or bishop with a pawn right in front of it.
    pub const MINOR_BEHIND_PAWN: usize = LONG_DIAGONAL_BISHOP + 1;
    /// A knight's or bishop's (by kind) distance to its own King.
    pub const KING_PROTECTOR: usize = MINOR_BEHIND_PAWN + 1;
    /// Space while the pieces are on: safe central squares on the own
    /// side (those behind own pawns twice), times the square of the own
    /// pieces and the blocked pawns, over 16.
    pub const SPACE: usize = KING_PROTECTOR + 6;
    /// A passed pawn whose path to promotion no enemy attacks, times its
    /// rank weight.
    pub const PASSED_SAFE_PATH: usize = SPACE + 1;
    /// A passed pawn whose stop square no enemy attacks, times its rank
    /// weight.
    pub const PASSED_SAFE_STOP: usize = PASSED_SAFE_PATH + 1;
    /// Material imbalance, the second-degree part (Stockfish's classical
    /// imbalance, fitted here): a piece kind's count times the count of
    /// an own kind at or before it in (bishop pair, pawn, knight, bishop,
    /// rook, queen), by pair [`imbalance_ours`] (20 pairs).
    pub const IMBALANCE_OURS: usize = PASSED_SAFE_STOP + 1;
    /// The same with the enemy's count of a kind before it, by pair
    /// [`imbalance_theirs`] (15 pairs).
    pub const IMBALANCE_THEIRS: usize = IMBALANCE_OURS + 20;
    /// Number of weights.
    pub const COUNT: usize = IMBALANCE_THEIRS + 15;

    /// Where the weight of a side's imbalance kind `a` (1..=5: pawn ..
    /// queen) with its own kind `b` (0: the bishop pair, 1..=5 as `a`;
    /// `b <= a`) sits.
    pub const fn imbalance_ours(a: usize, b: usize) -> usize {
        // Rows 1..a hold 2, 3, .. a + 1 pairs each.
        IMBALANCE_OURS + (a - 1) * (a + 2) / 2 + b
    }

    /// Where the weight of a side's imbalance kind `a` with the enemy's
    /// kind `b` (`b < a`) sits.
    pub const fn imbalance_theirs(a: usize, b: usize) -> usize {
        // Rows 1..a hold 1, 2, .. a pairs each.
        IMBALANCE_THEIRS + (a - 1) * a / 2 + b
    }
}

/// Every weight of the evaluation, (middle game, endgame) centipawns, in
/// the order of [`param`].
pub type Table = [[i32; 2]; param::COUNT];

/// The weights a position is evaluated with: the compiled-in ones, or a
/// table given at run time (a weights file, `EvalFile`). Positions carry
/// it, as a game read from a file carries its own, so that two games of
/// chess with different weights can live in one process.
pub type Weights = crate::weights::TableRef<{ param::COUNT }>;

/// The compiled-in weights.
pub fn compiled() -> &'static Table {
    &WEIGHTS
}

/// The (midgame, endgame) weight of term `param` (see [`param`]), as
/// compiled in.
pub fn weight(param: usize) -> [i32; 2] {
    WEIGHTS[param]
}

/// Each weight's name in a weights file, in the order of [`param`].
pub fn weight_names() -> Vec<String> {
    use param::*;
    const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];
    let square = |sq: usize| format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1);
    let mut names = vec![String::new(); COUNT];
    for (k, letter) in LETTERS.iter().enumerate() {
        names[MATERIAL + k] = format!("value {letter}");
        for sq in 0..64 {
            names[PST + 64 * k + sq] = format!("square {letter} {}", square(sq));
        }
        names[THREAT_BY_PAWN + k] = format!("threat by pawn on {letter}");
        names[THREAT_BY_MINOR + k] = format!("threat by minor on {letter}");
        names[THREAT_BY_ROOK + k] = format!("threat by rook on {letter}");
        names[OUTPOST + k] = format!("outpost {letter}");
        names[SAFE_CHECK + k] = format!("safe check {letter}");
        names[KING_PROTECTOR + k] = format!("king protector {letter}");
    }
    for (start, len, what) in [
        (MOB_KNIGHT, 9, "mobility N"),
        (MOB_BISHOP, 14, "mobility B"),
        (MOB_ROOK, 15, "mobility R"),
        (MOB_QUEEN, 28, "mobility Q"),
        (KING_DANGER, 49, "king danger"),
    ] {
        for i in 0..len {
            names[start + i] = format!("{what} {i}");
        }
    }
    for rank in 0..8 {
        let pawn_rank = match rank {
            0 => "none".to_string(),
            r => (r + 1).to_string(),
        };
        for edge in 0..4 {
            let file = (b'a' + edge as u8) as char;
            names[SHELTER + 8 * edge + rank] = format!("shelter {file} {pawn_rank}");
            names[STORM + 8 * edge + rank] = format!("storm {file} {pawn_rank}");
        }
        names[BLOCKED_STORM + rank] = format!("blocked storm {}", rank + 1);
        names[PASSED + rank] = format!("passed {}", rank + 1);
        names[PHALANX + rank] = format!("phalanx {}", rank + 1);
        names[SUPPORTED + rank] = format!("supported {}", rank + 1);
    }
    const IMBALANCE: [&str; 6] = ["pair", "P", "N", "B", "R", "Q"];
    for a in 1..6 {
        for b in 0..=a {
            let (x, y) = (IMBALANCE[a], IMBALANCE[b]);
            names[imbalance_ours(a, b)] = format!("imbalance {x} ours {y}");
            if b < a {
                names[imbalance_theirs(a, b)] = format!("imbalance {x} theirs {y}");
            }
        }
    }
    for (at, name) in [
        (PASSED_THEIR_KING, "passed their king"),
        (PASSED_OWN_KING, "passed own king"),
        (PASSED_FREE, "passed free"),
        (ISOLATED, "isolated"),
        (DOUBLED, "doubled"),
        (BISHOP_PAIR, "bishop pair"),
        (ROOK_OPEN, "rook open file"),
        (ROOK_HALF_OPEN, "rook half-open file"),
        (SHIELD, "shelter"),
        (TEMPO, "tempo"),
        (HANGING, "hanging"),
        (BACKWARD, "backward"),
        (KING_FILES_OPEN, "king files open"),
        (KING_ON_FILE, "king file closed"),
        (KING_ON_FILE + 1, "king file half-open for them"),
        (KING_ON_FILE + 2, "king file half-open for us"),
        (KING_ON_FILE + 3, "king file open"),
        (KING_PAWN_DISTANCE, "king pawn distance"),
        (SAFE_PAWN_THREAT, "threat by safe pawn"),
        (PAWN_PUSH_THREAT, "threat by pawn push"),
        (THREAT_BY_KING, "threat by king"),
        (BISHOP_PAWNS, "bishop pawns"),
        (LONG_DIAGONAL_BISHOP, "long diagonal bishop"),
        (MINOR_BEHIND_PAWN, "minor behind pawn"),
        (SPACE, "space"),
        (PASSED_SAFE_PATH, "passed safe path"),
        (PASSED_SAFE_STOP, "passed safe stop"),
    ] {
        names[at] = name.to_string();
    }
    names
}

/// The compiled-in weights, read from the static itself so that the
/// compiler folds each one into the code. (The seed games read theirs
/// through the position's table: folding them there measured 4% slower in
/// Vanguard's search, 2026-11-27.)
#[derive(Clone, Copy)]
struct Compiled;

impl Source for Compiled {
    #[inline(always)]
    fn get(&self, param: usize) -> [i32; 2] {
        WEIGHTS[param]
    }
}

/// Records the terms and also sums them, since the endgame scale depends on
/// the endgame score.
struct Tracer {
    sums: Sums<&'static Table>,
    counts: Counts,
}

impl Terms for Tracer {
    fn add(&mut self, color: usize, param: usize, count: i32) {
        self.sums.add(color, param, count);
        self.counts.add(color, param, count);
    }
}

const fn file_mask(f: usize) -> u64 {
    FILE_A << f
}

/// The files beside file `f`.
const fn neighbour_files(f: usize) -> u64 {
    (if f > 0 { file_mask(f - 1) } else { 0 }) | (if f < 7 { file_mask(f + 1) } else { 0 })
}

/// Squares in front of a pawn on its own and adjacent files (White's view
/// for `color` 0). A table: the evaluation asks for it several times per
/// pawn.
fn passed_span(color: usize, sq: Square) -> u64 {
    PASSED_SPAN[color][sq]
}

static PASSED_SPAN: [[u64; 64]; 2] = passed_spans();

const fn passed_spans() -> [[u64; 64]; 2] {
    let mut out = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let files = file_mask(f) | neighbour_files(f);
        if r < 7 {
            out[0][sq] = files & (!0u64 << (8 * (r + 1)));
        }
        if r > 0 {
            out[1][sq] = files & (!0u64 >> (8 * (8 - r)));
        }
        sq += 1;
    }
    out
}

fn distance(a: Square, b: Square) -> i32 {
    file_of(a)
        .abs_diff(file_of(b))
        .max(rank_of(a).abs_diff(rank_of(b))) as i32
}

/// Feeds every term of the position but those of [`pawn_terms`] to `t`
/// (`passed`: each side's passed pawns, as [`pawn_terms`] found them);
/// returns the game phase.
#[inline(always)]
fn terms<T: Terms>(pos: &Position, t: &mut T, passed: [u64; 2]) -> i32 {
    use param::*;
    let mut phase = 0;
    let occ = pos.occupied();
    t.add(pos.side().index(), TEMPO, 1);
    // Squares each side attacks, by the attacking kind.
    let mut attacked_by = [[0u64; 6]; 2];
    // Pieces bearing on each King's zone, and their weight by squares hit.
    let mut zone_attackers = [0usize; 2];
    let mut zone_units = [0usize; 2];
    for color in 0..2 {
        let their_ksq = pos.king_square(color ^ 1);
        let their_zone = attacks::KING[their_ksq] | (1u64 << their_ksq);
        let ours = pos.color(color);
        let their_pawns = pos.pieces(color ^ 1, PAWN);
        let their_pawn_attacks = pawn_attacks(color ^ 1, their_pawns);
        let safe = !ours & !their_pawn_attacks;
        attacked_by[color ^ 1][PAWN] = their_pawn_attacks;
        for (kind, kind_phase) in PHASE.iter().enumerate() {
            let mut b = pos.pieces(color, kind);
            let n = popcount(b);
            phase += kind_phase * n;
            t.add(color, MATERIAL + kind, n);
            while b != 0 {
                let sq = b.trailing_zeros() as usize;
                b &= b - 1;
                let rel = if color == 0 { sq } else { sq ^ 56 };
                t.add(color, PST + 64 * kind + rel, 1);
                let (att, mobility) = match kind {
                    KNIGHT => (attacks::KNIGHT[sq], MOB_KNIGHT),
                    BISHOP => (attacks::bishop(sq, occ), MOB_BISHOP),
                    ROOK => (attacks::rook(sq, occ), MOB_ROOK),
                    QUEEN => (attacks::queen(sq, occ), MOB_QUEEN),
                    _ => continue,
                };
                attacked_by[color][kind] |= att;
                t.add(color, mobility + (att & safe).count_ones() as usize, 1);
                let hits = (att & their_zone).count_ones() as usize;
                if hits > 0 {
                    zone_attackers[color ^ 1] += 1;
                    zone_units[color ^ 1] += hits * [0, 2, 2, 3, 5, 0][kind];
                }
            }
        }
        let pawns = pos.pieces(color, PAWN);
        // Two bishops cover both colours.
        if pos.pieces(color, BISHOP).count_ones() >= 2 {
            t.add(color, BISHOP_PAIR, 1);
        }
        let mut rooks = pos.pieces(color, ROOK);
        while rooks != 0 {
            let f = file_of(rooks.trailing_zeros() as usize);
            rooks &= rooks - 1;
            if pawns & file_mask(f) == 0 {
                let open = their_pawns & file_mask(f) == 0;
                t.add(color, if open { ROOK_OPEN } else { ROOK_HALF_OPEN }, 1);
            }
        }
        attacked_by[color][KING] = attacks::KING[pos.king_square(color)];
        // A passed pawn with an empty stop square.
        let mut b = passed[color];
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            if let Some(stop) = stop_square(color, sq) {
                if occ & (1 << stop) == 0 {
                    t.add(color, PASSED_FREE, relative_rank(color, sq) as i32 - 1);
                }
            }
        }
    }
    // Enemy pieces bearing on the King's zone: the more squares and the
    // heavier the pieces, the faster the danger grows. (Stockfish's wider
    // zone, two ranks ahead of a King at home, and its gate, one attacker
    // with a queen on the board, with the danger table fitted to this
    // zone: -23 Elo after 453 games at 20,000 nodes, stopped undecided.)
    for color in 0..2 {
        if zone_attackers[color] >= 2 {
            t.add(color, KING_DANGER + zone_units[color].min(48), 1);
        }
    }
    let all = attacked_by.map(|by_kind| by_kind.iter().fold(0, |acc, b| acc | b));
    for (color, ours) in attacked_by.iter().enumerate() {
        threats(pos, color, &attacked_by, all, t);
        minor_terms(pos, color, ours[PAWN], t);
        passed_paths(color, passed[color], all[color ^ 1], t);
    }
    space(pos, &attacked_by, all, t);
    phase.min(24)
}

/// Material imbalance: each pair of kinds' counts, own with own and own
/// with the enemy's (Stockfish's classical quadratic imbalance; its
/// tables' weights here are fitted like every other).
#[inline(always)]
fn imbalance<T: Terms>(counts: &[[i32; 6]; 2], t: &mut T) {
    use param::*;
    for color in 0..2 {
        let (ours, theirs) = (counts[color], counts[color ^ 1]);
        for a in 1..6 {
            if ours[a] == 0 {
                continue;
            }
            for (b, &n) in ours[..=a].iter().enumerate() {
                t.add(color, imbalance_ours(a, b), ours[a] * n);
            }
            for (b, &n) in theirs[..a].iter().enumerate() {
                t.add(color, imbalance_theirs(a, b), ours[a] * n);
            }
        }
    }
}

/// Each side's (bishop pair, pawn, knight, bishop, rook, queen) counts:
/// what [`imbalance`] is a function of.
fn imbalance_counts(pos: &Position) -> [[i32; 6]; 2] {
    [0, 1].map(|color| {
        let n = |kind| popcount(pos.pieces(color, kind));
        let pair = i32::from(n(BISHOP) >= 2);
        [pair, n(PAWN), n(KNIGHT), n(BISHOP), n(ROOK), n(QUEEN)]
    })
}

/// A slot of the imbalance cache: the counts packed (4 bits each) and the
/// (middle game, endgame) sum they give with the compiled-in weights.
#[derive(Clone, Copy)]
struct ImbalanceEntry {
    key: u64,
    mg: i32,
    eg: i32,
}

/// Slots of each thread's imbalance cache (a power of two).
const IMBALANCE_CACHE_SIZE: usize = 1 << 10;

thread_local! {
    /// Each thread's cache of [`imbalance`] with the compiled-in weights:
    /// a search meets few material signatures, and the 70 products cost
    /// 3% of the speed when computed at every node.
    static IMBALANCE_CACHE: std::cell::RefCell<Vec<ImbalanceEntry>> =
        std::cell::RefCell::new(vec![ImbalanceEntry { key: !0, mg: 0, eg: 0 }; IMBALANCE_CACHE_SIZE]);
}

/// Adds [`imbalance`] with the compiled-in weights to `sums`, from the
/// cache where it has it.
fn cached_imbalance(pos: &Position, sums: &mut Sums<Compiled>) {
    let counts = imbalance_counts(pos);
    // A game's counts stay below 16 (ten of a kind at most), 4 bits each,
    // 48 in all, so a key of !0 is no position's; a set-up position with
    // more would share another's key, and is summed afresh.
    if counts.iter().flatten().any(|&n| n > 15) {
        imbalance(&counts, sums);
        return;
    }
    let key = counts
        .iter()
        .flatten()
        .fold(0u64, |key, &n| key << 4 | n as u64);
    let slot =
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize & (IMBALANCE_CACHE_SIZE - 1);
    IMBALANCE_CACHE.with(|cache| {
        let entry = &mut cache.borrow_mut()[slot];
        if entry.key != key {
            let mut fresh = Sums::new(Compiled);
            imbalance(&counts, &mut fresh);
            *entry = ImbalanceEntry {
                key,
                mg: fresh.mg,
                eg: fresh.eg,
            };
        }
        sums.mg += entry.mg;
        sums.eg += entry.eg;
    })
}

/// The square in front of `color`'s pawn on `sq`, if on the board.
fn stop_square(color: usize, sq: Square) -> Option<Square> {
    let stop = if color == 0 {
        sq + 8
    } else {
        sq.wrapping_sub(8)
    };
    (stop < 64).then_some(stop)
}

/// Feeds the terms of the pawns and the Kings' squares alone to `t` (pawn
/// structure, passed pawns and the Kings' distances to them, the pawns
/// around each King); returns each side's passed pawns. These terms are
/// the same for every position with the same pawns and Kings, so the
/// evaluation caches them ([`PAWN_CACHE`]).
#[inline(always)]
fn pawn_terms<T: Terms>(pos: &Position, t: &mut T) -> [u64; 2] {
    use param::*;
    let mut passed = [0u64; 2];
    for (color, passed) in passed.iter_mut().enumerate() {
        let pawns = pos.pieces(color, PAWN);
        let their_pawns = pos.pieces(color ^ 1, PAWN);
        let their_pawn_attacks = pawn_attacks(color ^ 1, their_pawns);
        let our_pawn_attacks = pawn_attacks(color, pawns);
        let mut b = pawns;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            let f = file_of(sq);
            let rel_rank = relative_rank(color, sq);
            let stop = stop_square(color, sq);
            if passed_span(color, sq) & their_pawns == 0 {
                *passed |= 1 << sq;
                t.add(color, PASSED + rel_rank, 1);
                // In the endgame the kings race for the promotion path.
                if let Some(stop) = stop {
                    let weight = rel_rank as i32 - 1;
                    t.add(
                        color,
                        PASSED_THEIR_KING,
                        weight * distance(pos.king_square(color ^ 1), stop),
                    );
                    t.add(
                        color,
                        PASSED_OWN_KING,
                        weight * distance(pos.king_square(color), stop),
                    );
                }
            }
            let neighbours = neighbour_files(f);
            if pawns & neighbours == 0 {
                t.add(color, ISOLATED, 1);
            }
            let beside = ((1u64 << sq) << 1 & !FILE_A) | ((1u64 << sq) >> 1 & !FILE_H);
            if pawns & beside != 0 {
                t.add(color, PHALANX + rel_rank, 1);
            }
            if our_pawn_attacks & (1 << sq) != 0 {
                t.add(color, SUPPORTED + rel_rank, 1);
            }
            // Backward: every neighbour is ahead, and stepping up walks
            // into an enemy pawn's capture.
            if let Some(stop) = stop {
                if pawns & passed_span(color ^ 1, stop) & neighbours == 0
                    && pawns & neighbours != 0
                    && their_pawn_attacks & (1 << stop) != 0
                {
                    t.add(color, BACKWARD, 1);
                }
            }
        }
        // Each file's pawns beyond the first are doubled.
        let files = pawn_files(pawns);
        let doubled = popcount(pawns) - popcount(files);
        if doubled > 0 {
            t.add(color, DOUBLED, doubled);
        }
        let ksq = pos.king_square(color);
        let shield = attacks::KING[ksq] & pawns & passed_span(color, ksq);
        t.add(color, SHIELD, shield.count_ones().min(3) as i32);
        let king_files = (file_mask(file_of(ksq)) | neighbour_files(file_of(ksq))) & 0xff;
        t.add(color, KING_FILES_OPEN, popcount(king_files & !files));
        shelter(color, ksq, pawns, their_pawns, their_pawn_attacks, t);
        let on_file = |p: u64| usize::from(p & file_mask(file_of(ksq)) == 0);
        t.add(
            color,
            KING_ON_FILE + 2 * on_file(pawns) + on_file(their_pawns),
            1,
        );
        if pawns != 0 {
            t.add(
                color,
                KING_PAWN_DISTANCE,
                KING_PAWN_DIST[ksq][..]
                    .iter()
                    .position(|&ring| ring & pawns != 0)
                    .unwrap_or(7) as i32,
            );
        }
    }
    passed
}

/// One slot of the pawn cache: the pawns and Kings it was filled for, and
/// what [`pawn_terms`] gave with the compiled-in weights.
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    pawns: [u64; 2],
    kings: u16,
    mg: i32,
    eg: i32,
    passed: [u64; 2],
}

/// Slots of each thread's pawn cache (a power of two).
const PAWN_CACHE_SIZE: usize = 1 << 13;

thread_local! {
    /// Each thread's cache of [`pawn_terms`] with the compiled-in weights:
    /// searches meet the same pawns and Kings again and again, and these
    /// terms (the King's shelter and storm above all) cost a tenth of the
    /// speed.
    static PAWN_CACHE: std::cell::RefCell<Vec<PawnEntry>> =
        std::cell::RefCell::new(vec![PawnEntry::default(); PAWN_CACHE_SIZE]);
}

/// A hash of both sides' pawns: the correction history's key, and with the
/// Kings' squares the pawn cache's.
pub(super) fn pawn_key(pos: &Position) -> u64 {
    let white = pos.pieces(0, PAWN).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let black = pos.pieces(1, PAWN).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (white ^ black.rotate_left(29)).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Adds [`pawn_terms`] with the compiled-in weights to `sums`, from the
/// cache where it has them; returns each side's passed pawns.
fn cached_pawn_terms(pos: &Position, sums: &mut Sums<Compiled>) -> [u64; 2] {
    let pawns = [pos.pieces(0, PAWN), pos.pieces(1, PAWN)];
    let kings = (pos.king_square(0) as u16) << 8 | pos.king_square(1) as u16;
    let key = (pawn_key(pos) ^ u64::from(kings).wrapping_mul(0x1656_67B1_9E37_79F9)) >> 40;
    let slot = key as usize & (PAWN_CACHE_SIZE - 1);
    PAWN_CACHE.with(|cache| {
        let entry = &mut cache.borrow_mut()[slot];
        // A slot never filled holds no pawns and Kings on a1 both: no
        // position's.
        if entry.pawns != pawns || entry.kings != kings {
            let mut fresh = Sums::new(Compiled);
            let passed = pawn_terms(pos, &mut fresh);
            *entry = PawnEntry {
                pawns,
                kings,
                mg: fresh.mg,
                eg: fresh.eg,
                passed,
            };
        }
        sums.mg += entry.mg;
        sums.eg += entry.eg;
        entry.passed
    })
}

/// The pawns around `color`'s King on `ksq`: its own pawns' shelter and the
/// enemy pawns' storm on the King's file and its two neighbours.
#[inline(always)]
fn shelter<T: Terms>(
    color: usize,
    ksq: Square,
    pawns: u64,
    their_pawns: u64,
    their_pawn_attacks: u64,
    t: &mut T,
) {
    use param::*;
    // The King's rank and the ranks ahead of it.
    let ahead = if color == 0 {
        !0u64 << (8 * rank_of(ksq))
    } else {
        !0u64 >> (8 * (7 - rank_of(ksq)))
    };
    let ours = pawns & ahead & !their_pawn_attacks;
    let theirs = their_pawns & ahead;
    // The pawn nearest `color`'s home rank on a file.
    let nearest = |b: u64| -> usize {
        if b == 0 {
            0
        } else if color == 0 {
            relative_rank(0, b.trailing_zeros() as usize)
        } else {
            relative_rank(1, 63 - b.leading_zeros() as usize)
        }
    };
    let centre = file_of(ksq).clamp(1, 6);
    for f in centre - 1..=centre + 1 {
        let edge = f.min(7 - f);
        let our_rank = nearest(ours & file_mask(f));
        let their_rank = nearest(theirs & file_mask(f));
        t.add(color, SHELTER + 8 * edge + our_rank, 1);
        if our_rank != 0 && our_rank + 1 == their_rank {
            t.add(color, BLOCKED_STORM + their_rank, 1);
        } else {
            t.add(color, STORM + 8 * edge + their_rank, 1);
        }
    }
}

/// The squares at each King distance (0..=7) from a square.
static KING_PAWN_DIST: [[u64; 8]; 64] = king_rings();

const fn king_rings() -> [[u64; 8]; 64] {
    let mut out = [[0u64; 8]; 64];
    let mut a: usize = 0;
    while a < 64 {
        let mut b: usize = 0;
        while b < 64 {
            let df = (a % 8).abs_diff(b % 8);
            let dr = (a / 8).abs_diff(b / 8);
            let d = if df > dr { df } else { dr };
            out[a][d] |= 1u64 << b;
            b += 1;
        }
        a += 1;
    }
    out
}

/// The files holding a pawn of `pawns`, as the bits of the first rank.
#[inline(always)]
fn pawn_files(pawns: u64) -> u64 {
    let mut x = pawns | pawns >> 32;
    x |= x >> 16;
    x |= x >> 8;
    x & 0xff
}

/// The squares `color`'s pawns on `pawns` attack.
#[inline(always)]
fn pawn_attacks(color: usize, pawns: u64) -> u64 {
    if color == 0 {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

fn popcount(b: u64) -> i32 {
    b.count_ones() as i32
}

/// Threats by `color` on the enemy's pieces and King (safe checking
/// squares), and `color`'s outposts.
/// `attacked_by` holds each side's attacks by kind, `all` each side's
/// attacks.
#[inline(always)]
fn threats<T: Terms>(
    pos: &Position,
    color: usize,
    attacked_by: &[[u64; 6]; 2],
    all: [u64; 2],
    t: &mut T,
) {
    use param::*;
    let them = color ^ 1;
    let ours = &attacked_by[color];
    let (our_attacks, their_attacks) = (all[color], all[them]);
    let minors = ours[KNIGHT] | ours[BISHOP];
    for kind in PAWN..=QUEEN {
        let theirs = pos.pieces(them, kind);
        if theirs == 0 {
            continue;
        }
        t.add(color, THREAT_BY_PAWN + kind, popcount(theirs & ours[PAWN]));
        t.add(color, THREAT_BY_MINOR + kind, popcount(theirs & minors));
        t.add(color, THREAT_BY_ROOK + kind, popcount(theirs & ours[ROOK]));
    }
    let loose = pos.color(them) & !pos.pieces(them, KING) & our_attacks & !their_attacks;
    t.add(color, HANGING, popcount(loose));
    t.add(color, THREAT_BY_KING, popcount(loose & ours[KING]));
    // Pawns that threaten pieces from squares they hold, now or after a
    // push.
    let occ = pos.occupied();
    let targets = pos.color(them) & !pos.pieces(them, PAWN) & !pos.pieces(them, KING);
    let pawns = pos.pieces(color, PAWN);
    let safe_pawns = pawns & (!their_attacks | our_attacks);
    t.add(
        color,
        SAFE_PAWN_THREAT,
        popcount(pawn_attacks(color, safe_pawns) & targets),
    );
    let third = if color == 0 { RANK_3 } else { RANK_6 };
    let single = shift_forward(color, pawns, 8) & !occ;
    let double = shift_forward(color, single & third, 8) & !occ;
    let pushed = (single | double) & !attacked_by[them][PAWN] & (!their_attacks | our_attacks);
    t.add(
        color,
        PAWN_PUSH_THREAT,
        popcount(pawn_attacks(color, pushed) & targets),
    );
    let ksq = pos.king_square(them);
    let safe = !their_attacks & !pos.color(color);
    let (diagonal, straight) = (attacks::bishop(ksq, occ), attacks::rook(ksq, occ));
    for (kind, checks) in [
        (KNIGHT, attacks::KNIGHT[ksq]),
        (BISHOP, diagonal),
        (ROOK, straight),
        (QUEEN, diagonal | straight),
    ] {
        t.add(
            color,
            SAFE_CHECK + kind,
            popcount(checks & ours[kind] & safe),
        );
    }
    let their_pawns = pos.pieces(them, PAWN);
    for kind in [KNIGHT, BISHOP] {
        let mut b = pos.pieces(color, kind) & ours[PAWN];
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            let rel_rank = relative_rank(color, sq);
            let attackers = passed_span(color, sq) & !file_mask(file_of(sq));
            if (3..=5).contains(&rel_rank) && attackers & their_pawns == 0 {
                t.add(color, OUTPOST + kind, 1);
            }
        }
    }
}

/// The central squares, d4 e4 d5 e5.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// The light squares.
const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;

/// `color`'s knights' and bishops' placement: their distance to the King,
/// a pawn in front of them, a bishop's own pawns on its colour and its
/// long diagonal. `pawn_cover`: the squares `color`'s pawns attack.
#[inline(always)]
fn minor_terms<T: Terms>(pos: &Position, color: usize, pawn_cover: u64, t: &mut T) {
    use param::*;
    let ksq = pos.king_square(color);
    let all_pawns = pos.pieces(0, PAWN) | pos.pieces(1, PAWN);
    let pawns = pos.pieces(color, PAWN);
    // Own central pawns whose stop square is taken.
    let occ = pos.occupied();
    let blocked = pawns & shift_forward(color ^ 1, occ, 8) & 0x3C3C_3C3C_3C3C_3C3C;
    let behind = shift_forward(color ^ 1, all_pawns, 8);
    for kind in [KNIGHT, BISHOP] {
        let pieces = pos.pieces(color, kind);
        t.add(color, MINOR_BEHIND_PAWN, popcount(pieces & behind));
        let mut b = pieces;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            t.add(color, KING_PROTECTOR + kind, distance(sq, ksq));
            if kind == BISHOP {
                let colour = if LIGHT & (1 << sq) != 0 {
                    LIGHT
                } else {
                    !LIGHT
                };
                let factor = i32::from(pawn_cover & (1 << sq) == 0) + popcount(blocked);
                t.add(color, BISHOP_PAWNS, popcount(pawns & colour) * factor);
                if (attacks::bishop(sq, all_pawns) & CENTRE).count_ones() > 1 {
                    t.add(color, LONG_DIAGONAL_BISHOP, 1);
                }
            }
        }
    }
}

/// `color`'s passed pawns (`passed`) whose stop square, or whole path,
/// the enemy (`theirs`: its attacks) does not attack.
#[inline(always)]
fn passed_paths<T: Terms>(color: usize, passed: u64, theirs: u64, t: &mut T) {
    use param::*;
    let mut b = passed;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        let Some(stop) = stop_square(color, sq) else {
            continue;
        };
        let weight = relative_rank(color, sq) as i32 - 1;
        let path = passed_span(color, sq) & file_mask(file_of(sq));
        if theirs & path == 0 {
            t.add(color, PASSED_SAFE_PATH, weight);
        } else if theirs & (1 << stop) == 0 {
            t.add(color, PASSED_SAFE_STOP, weight);
        }
    }
}

/// Space (Stockfish's): each side's safe squares on files c to f of its
/// second to fourth ranks, twice those behind its own pawns, weighted by
/// the square of its pieces and the blocked pawns; only while enough
/// pieces are on for space to matter.
#[inline(always)]
fn space<T: Terms>(pos: &Position, attacked_by: &[[u64; 6]; 2], all: [u64; 2], t: &mut T) {
    use param::*;
    if non_pawn(pos, 0) + non_pawn(pos, 1) < 4980 {
        return;
    }
    let (white_pawns, black_pawns) = (pos.pieces(0, PAWN), pos.pieces(1, PAWN));
    let blocked = popcount(white_pawns & shift_forward(1, black_pawns, 8)) * 2;
    for color in 0..2 {
        let them = color ^ 1;
        let pawns = pos.pieces(color, PAWN);
        let area = if color == 0 {
            0x0000_0000_3C3C_3C00u64
        } else {
            0x003C_3C3C_0000_0000u64
        };
        let safe = area & !pawns & !attacked_by[them][PAWN];
        let mut behind = pawns;
        behind |= shift_forward(them, behind, 8);
        behind |= shift_forward(them, behind, 16);
        let bonus = popcount(safe) + popcount(behind & safe & !all[them]);
        let weight = popcount(pos.color(color)) - 3 + blocked.min(9);
        t.add(color, SPACE, bonus * weight * weight / 16);
    }
}

/// The endgame factor, in 64ths (Stockfish's scale factors): without
/// pawns, a side at most a minor piece ahead rarely wins; bishops on
/// opposite colours alone draw often, even a pawn or two up; and a side
/// with few pawns wins less often than its material says.
fn eg_scale(pos: &Position, eg_white: i32) -> i32 {
    let stronger = if eg_white > 0 { 0 } else { 1 };
    let pawns = popcount(pos.pieces(stronger, PAWN));
    let material = [non_pawn(pos, 0), non_pawn(pos, 1)];
    if pawns == 0 && material[stronger] - material[stronger ^ 1] <= 400 {
        return 8;
    }
    let (wb, bb) = (pos.pieces(0, BISHOP), pos.pieces(1, BISHOP));
    let opposite_bishops =
        wb.count_ones() == 1 && bb.count_ones() == 1 && ((wb & LIGHT == 0) != (bb & LIGHT == 0));
    if opposite_bishops && material == [VALUE_MG[BISHOP]; 2] {
        return 22;
    }
    (36 + if opposite_bishops { 2 } else { 7 } * pawns).min(64)
}

/// Evaluation in centipawns from the side to move's view, with the
/// position's weights.
pub fn evaluate(pos: &Position) -> i32 {
    match pos.weights.given() {
        None => {
            let mut sums = Sums::new(Compiled);
            let passed = cached_pawn_terms(pos, &mut sums);
            cached_imbalance(pos, &mut sums);
            finish(pos, sums, passed)
        }
        Some(table) => {
            let mut sums = Sums::new(table);
            let passed = pawn_terms(pos, &mut sums);
            imbalance(&imbalance_counts(pos), &mut sums);
            finish(pos, sums, passed)
        }
    }
}

/// The evaluation from `sums` holding the pawn terms so far.
#[inline(always)]
fn finish<S: Source>(pos: &Position, mut sums: Sums<S>, passed: [u64; 2]) -> i32 {
    let phase = terms(pos, &mut sums, passed);
    sums.eg = sums.eg * eg_scale(pos, sums.eg) / 64;
    sums.score(phase, pos.side() == Side::White)
}

/// The position's term counts, for fitting the weights.
pub fn trace(pos: &Position) -> crate::EvalTrace {
    let mut tracer = Tracer {
        sums: Sums::new(pos.weights.or(&WEIGHTS)),
        counts: Counts::new(param::COUNT),
    };
    let passed = pawn_terms(pos, &mut tracer);
    imbalance(&imbalance_counts(pos), &mut tracer);
    let phase = terms(pos, &mut tracer, passed);
    let eg_scale = f64::from(eg_scale(pos, tracer.sums.eg)) / 64.0;
    crate::EvalTrace {
        eg_scale,
        ..tracer.counts.trace(phase)
    }
}

/// Midgame value of a side's pieces other than pawns and king.
fn non_pawn(pos: &Position, color: usize) -> i32 {
    (KNIGHT..=QUEEN)
        .map(|k| VALUE_MG[k] * popcount(pos.pieces(color, k)))
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
            WEIGHTS[param::TEMPO][0]
        );
        // Mirrored positions score the same for the side to move.
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
        // Material counts: a queen up is winning, for either side to move.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 600);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -600);
        // A lone minor piece cannot win: scaled towards a draw.
        assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 80);
        // Bishops on opposite colours draw often, even a pawn up; on the
        // same colour the pawn counts more.
        let opposite = eval("4k3/8/8/4b3/8/8/4P3/3BK3 w - - 0 1");
        let same = eval("4k3/8/8/3b4/8/8/4P3/3BK3 w - - 0 1");
        assert!(opposite > 0 && opposite * 2 < same, "{opposite} {same}");
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

    fn count(fen: &str, param: usize) -> i32 {
        let t = trace(&Position::from_fen(fen).unwrap());
        t.terms
            .iter()
            .find(|&&(p, _)| p as usize == param)
            .map_or(0, |&(_, c)| c)
    }

    #[test]
    fn threats_and_outposts_are_counted() {
        use param::*;
        // White's e4 pawn hits the d5 knight; nothing hits back.
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, THREAT_BY_PAWN + KNIGHT), 1);
        // The knight is loose: nothing defends it.
        assert_eq!(count(fen, HANGING), 1);
        // Defended by a pawn, it is no longer loose; a rook on d1 now
        // also hits it.
        let fen = "4k3/8/4p3/3n4/4P3/8/8/3RK3 w - - 0 1";
        assert_eq!(count(fen, THREAT_BY_ROOK + KNIGHT), 1);
        assert_eq!(count(fen, HANGING), 0);
        // Black's bishop on b4 hits White's queen on e1: a minor's threat.
        let fen = "3k4/8/8/8/1b6/8/8/4QK2 w - - 0 1";
        assert_eq!(count(fen, THREAT_BY_MINOR + QUEEN), -1);
        // A knight on e5 backed by the d4 pawn, with no black pawn on d or
        // f to chase it, is an outpost; an f7 pawn could chase it.
        let fen = "4k3/p7/8/4N3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, OUTPOST + KNIGHT), 1);
        let fen = "4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, OUTPOST + KNIGHT), 0);
    }

    #[test]
    fn pawn_structure_and_king_terms_are_counted() {
        use param::*;
        // d4 and e4 stand side by side; c3 defends d4; rank index 3 is
        // the 4th rank.
        let fen = "4k3/8/8/8/3PP3/2P5/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PHALANX + 3), 2);
        assert_eq!(count(fen, SUPPORTED + 3), 1);
        assert_eq!(count(fen, SUPPORTED + 2), 0);
        // White's d3 pawn: its neighbours c4 and e4 are ahead and Black's
        // e5 pawn hits d4, so d3 is backward; with the c-pawn back on c3
        // it is not.
        let fen = "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1";
        assert_eq!(count(fen, BACKWARD), 1);
        let fen = "4k3/8/8/4p3/4P3/2PP4/8/4K3 w - - 0 1";
        assert_eq!(count(fen, BACKWARD), 0);
        // White's King on g1 with pawns on f2 and h2 only: the g-file is
        // open; Black's King on b8 has no pawns near at all.
        let fen = "1k6/8/8/8/8/8/5P1P/6K1 w - - 0 1";
        assert_eq!(count(fen, KING_FILES_OPEN), 1 - 3);
        // Black's King on h8 behind g7 and h7: the d1 rook can check on
        // d8 and the b3 queen on b8, both unopposed; the queen's other
        // checking square, g8, is next to the King.
        let fen = "7k/6pp/8/8/8/1Q6/8/K2R4 w - - 0 1";
        assert_eq!(count(fen, SAFE_CHECK + ROOK), 1);
        assert_eq!(count(fen, SAFE_CHECK + QUEEN), 1);
        // A black rook on c8 guards d8 and cuts b8 off, and has a safe
        // check of its own on a8 (counts are White's minus Black's).
        let fen = "2r4k/6pp/8/8/8/1Q6/8/K2R4 w - - 0 1";
        assert_eq!(count(fen, SAFE_CHECK + ROOK), -1);
        assert_eq!(count(fen, SAFE_CHECK + QUEEN), 0);
    }

    #[test]
    fn pawn_threats_and_minor_placement_are_counted() {
        use param::*;
        // White's e4 pawn, defended by d3, hits the d5 knight: a safe
        // pawn's threat. Undefended and hit by Black's f5 pawn, it is not.
        let fen = "4k3/8/8/3n4/4P3/3P4/8/4K3 w - - 0 1";
        assert_eq!(count(fen, SAFE_PAWN_THREAT), 1);
        let fen = "4k3/8/8/3n1p2/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, SAFE_PAWN_THREAT), 0);
        // e3-e4 would hit the d5 knight from a square nothing attacks; with
        // Black's f5 pawn guarding e4 the push is no threat.
        let fen = "4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PAWN_PUSH_THREAT), 1);
        let fen = "4k3/8/8/3n1p2/8/4P3/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PAWN_PUSH_THREAT), 0);
        // e2-e4 (a double step) hits the d5 knight too.
        let fen = "4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1";
        assert_eq!(count(fen, PAWN_PUSH_THREAT), 1);
        // The white King hits the loose d2 knight.
        let fen = "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1";
        assert_eq!(count(fen, THREAT_BY_KING), 1);
        // The b2 bishop sees d4 and e5 through the c3 knight, not through
        // a pawn; the d3 knight stands behind the d4 pawn; the a8 knight is
        // seven squares from the h1 King.
        let fen = "4k3/8/8/8/8/2N5/1B6/7K w - - 0 1";
        assert_eq!(count(fen, LONG_DIAGONAL_BISHOP), 1);
        let fen = "4k3/8/8/8/8/2P5/1B6/7K w - - 0 1";
        assert_eq!(count(fen, LONG_DIAGONAL_BISHOP), 0);
        let fen = "4k3/8/8/8/3P4/3N4/8/7K w - - 0 1";
        assert_eq!(count(fen, MINOR_BEHIND_PAWN), 1);
        let fen = "N3k3/8/8/8/8/8/8/7K w - - 0 1";
        assert_eq!(count(fen, KING_PROTECTOR + KNIGHT), 7);
        // The dark-squared c1 bishop with pawns on b2 and d2 (dark) and
        // c2 (light), none defending it, the d2 pawn blocked by a knight
        // on d3 (a central file): 2 pawns x (1 + 1 blocked).
        let fen = "4k3/8/8/8/8/3n4/1PPP4/2B3K1 w - - 0 1";
        assert_eq!(count(fen, BISHOP_PAWNS), 4);
    }

    #[test]
    fn space_and_passed_paths_are_counted() {
        use param::*;
        // The start position is even. After 1. e4 c5 White has c3..f3, c4,
        // f4 and e2 safe (d4 is under the c5 pawn), e2 and e3 behind its
        // e-pawn twice: 9; Black c6..f6, c7 and e5, c6 and c7 twice: 8.
        // Sixteen pieces a side, no blocked pawns: (9 - 8) x 13 x 13 / 16,
        // each side rounded down.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(count(start, SPACE), 0);
        let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(count(fen, SPACE), 9 * 169 / 16 - 8 * 169 / 16);
        // Without enough pieces on, no space.
        assert_eq!(
            count("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", SPACE),
            0
        );
        // A passed pawn on b6 (rank weight 4): its path b7-b8 unattacked;
        // a black rook on b8 or h7 attacks its stop square; one on a8 only
        // the square beyond.
        let fen = "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PASSED_SAFE_PATH), 4);
        let fen = "1r2k3/8/1P6/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PASSED_SAFE_PATH), 0);
        assert_eq!(count(fen, PASSED_SAFE_STOP), 0);
        let fen = "4k3/7r/1P6/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PASSED_SAFE_PATH), 0);
        assert_eq!(count(fen, PASSED_SAFE_STOP), 0);
        let fen = "r3k3/8/1P6/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PASSED_SAFE_PATH), 0);
        assert_eq!(count(fen, PASSED_SAFE_STOP), 4);
    }

    #[test]
    fn shelter_and_storm_are_counted() {
        use param::*;
        // White's King on g1 behind f2, g2, h3; Black's King on b8 behind
        // a7, b7, c7; nothing storms either side.
        let fen = "1k6/ppp5/8/8/8/7P/5PP1/6K1 w - - 0 1";
        assert_eq!(count(fen, SHELTER + 8 * 2 + 1), 1 - 1);
        assert_eq!(count(fen, SHELTER + 8 + 1), 1 - 1);
        assert_eq!(count(fen, SHELTER + 2), 1);
        assert_eq!(count(fen, SHELTER + 1), -1);
        assert_eq!(count(fen, STORM), 3 - 3);
        // Black's g- and h-pawns storm to g5 and h4; the h4 pawn stands
        // just in front of White's h3 pawn: blocked.
        let fen = "1k6/ppp5/8/6p1/7p/7P/5PP1/6K1 w - - 0 1";
        assert_eq!(count(fen, STORM + 8 + 4), 1);
        assert_eq!(count(fen, BLOCKED_STORM + 3), 1);
        assert_eq!(count(fen, STORM), -1);
        assert_eq!(count(fen, STORM + 8 * 2), 1 - 1);
        // With g4 instead, h3 is under a pawn's attack: no shelter there,
        // and the h-pawn's storm is unblocked.
        let fen = "1k6/ppp5/8/8/6pp/7P/5PP1/6K1 w - - 0 1";
        assert_eq!(count(fen, BLOCKED_STORM + 3), 0);
        assert_eq!(count(fen, STORM + 3), 1);
        assert_eq!(count(fen, SHELTER), 1);
        // Pushed on to g3, the g-pawn hits f2 and h2 (h2 empty); the f2
        // pawn, under attack, no longer shelters.
        let fen = "1k6/ppp5/8/8/7p/6pP/5P2/6K1 w - - 0 1";
        assert_eq!(count(fen, SHELTER + 8 * 2), 1);
        assert_eq!(count(fen, STORM + 8 + 2), 1);
        // The King's file: g1's holds no white pawn and a black one; b8's
        // a black pawn and no white one.
        assert_eq!(count(fen, KING_ON_FILE + 2), 1);
        assert_eq!(count(fen, KING_ON_FILE + 1), -1);
        assert_eq!(count(fen, KING_ON_FILE + 3), 0);
        // Distance to the nearest own pawn: f2 from g1 is 1, b8's nearest
        // of a7..c7 is 1.
        assert_eq!(count(fen, KING_PAWN_DISTANCE), 0);
    }

    /// The pawn and imbalance caches give what computing their terms
    /// afresh gives, also for a position met after another with the same
    /// pawns and Kings but other pieces (a piece on a passed pawn's stop
    /// square among them: that term is the position's own, not the
    /// cache's), or the same material elsewhere.
    #[test]
    fn the_caches_change_no_evaluation() {
        let afresh = |pos: &Position| {
            let mut sums = Sums::new(Compiled);
            let passed = pawn_terms(pos, &mut sums);
            imbalance(&imbalance_counts(pos), &mut sums);
            finish(pos, sums, passed)
        };
        for fen in [
            "4k3/8/3P4/8/8/8/5PPP/6K1 w - - 0 1",
            "4k3/3n4/3P4/8/8/8/5PPP/6K1 w - - 0 1",
            "3qk3/8/3P4/8/8/8/5PPP/3R2K1 b - - 0 1",
            "4k3/8/3P4/8/8/8/5PPP/6K1 w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 8",
            "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 3 8",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for _ in 0..2 {
                assert_eq!(evaluate(&pos), afresh(&pos), "{fen}");
            }
        }
        // Sixteen knights would share a pawn's key in the imbalance
        // cache: such a position is summed afresh, whichever comes first.
        let pawn = Position::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        let knights = Position::from_fen("4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1").unwrap();
        for pos in [&pawn, &knights, &pawn, &knights] {
            assert_eq!(evaluate(pos), afresh(pos), "{}", pos.to_fen());
        }
        // The blocked passed pawn is scored apart from the free one.
        let free = "4k3/8/3P4/8/8/8/5PPP/6K1 w - - 0 1";
        let blocked = "4k3/3n4/3P4/8/8/8/5PPP/6K1 w - - 0 1";
        assert_eq!(count(free, param::PASSED_FREE), 4);
        assert_eq!(count(blocked, param::PASSED_FREE), 0);
    }

    #[test]
    fn trace_reproduces_the_evaluation() {
        // The fitting sees exactly the terms the evaluation sums.
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 8",
            "8/5pk1/6p1/3P4/1p6/6P1/5PK1/8 w - - 0 40",
            "4k3/8/8/8/8/8/8/3NK3 b - - 0 1",
            "2r3k1/5ppp/p3q3/1p6/3Q4/P4N2/1P3PPP/3R2K1 w - - 0 25",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let t = trace(&pos);
            let (mut mg, mut eg) = (0.0, 0.0);
            for &(p, c) in &t.terms {
                mg += f64::from(weight(p as usize)[0] * c);
                eg += f64::from(weight(p as usize)[1] * c);
            }
            let white = mg * t.phase + eg * t.eg_scale * (1.0 - t.phase);
            let ours = if pos.side() == Side::White {
                white
            } else {
                -white
            };
            // Integer divisions round twice.
            assert!((ours - evaluate(&pos) as f64).abs() < 2.0, "{fen}");
        }
    }

    #[test]
    fn imbalance_counts_each_pair_of_kinds() {
        // White: two knights, a bishop pair, eight pawns; Black: a rook,
        // a queen, four pawns.
        let pos = Position::from_fen("3rqk2/pppp4/8/8/8/8/PPPPPPPP/1NB1KBN1 w - - 0 1").unwrap();
        let t = trace(&pos);
        let names = weight_names();
        let count = |name: &str| {
            let at = names.iter().position(|n| n == name).unwrap();
            t.terms
                .iter()
                .find(|&&(p, _)| p as usize == at)
                .map_or(0, |&(_, c)| c)
        };
        // White's side less Black's.
        assert_eq!(count("imbalance N ours P"), 2 * 8);
        assert_eq!(count("imbalance N ours pair"), 2);
        assert_eq!(count("imbalance P ours P"), 64 - 16);
        assert_eq!(count("imbalance B ours B"), 4);
        assert_eq!(count("imbalance R theirs N"), -2);
        assert_eq!(count("imbalance Q theirs pair"), -1);
        assert_eq!(count("imbalance Q theirs R"), 0, "no white rook");
        assert_eq!(
            count("imbalance P theirs pair"),
            -4,
            "Black's pawns against the pair"
        );
        assert_eq!(count("imbalance R ours P"), -4);
        assert_eq!(count("imbalance Q ours R"), -1);
        // Every pair has its own weight and name.
        let imbalance = names.iter().filter(|n| n.starts_with("imbalance ")).count();
        assert_eq!(imbalance, 35);
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
    }
}
