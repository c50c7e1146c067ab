//! The static evaluation of a defined game, for any board, pieces and
//! pawns: the pieces' square values (kept summed by the position, middle
//! game and endgame), mobility (shared and by type), pawn structure and
//! the kings' race to passed pawns, minor pieces on outposts, king
//! safety (attack units, weak squares, safe and unsafe checks, pawns
//! and open files around the king), threats, space, riders on open
//! files, colour-bound pairs and the own pawns on their colour, a flag
//! game's race to the flag and an extinction game's pressure on the last
//! pieces of a type, tapered between middle game and endgame by the
//! material left, and a tempo.
//!
//! Every term is a count times a (middle game, endgame) weight of
//! [`WEIGHTS`], fed through [`Terms`], so that the same code that
//! evaluates can later describe a position as term counts for fitting the
//! weights to game results (Texel's method), as chess's evaluation does.

use super::betza::CAPTURE;
use super::def::GameDef;
use super::eval::CHECK_TYPES;
use super::movegen;
use super::piece::{Board, WIDTH};
use super::position::{signed, Position, MAX_TYPES};
use crate::weights::{Sums, Terms};
use std::cell::RefCell;
use std::thread::LocalKey;

/// Where each term's weights sit in [`WEIGHTS`].
pub mod param {
    /// Squares a piece (not a pawn nor the king) moves or takes to,
    /// beyond its type's typical reach.
    pub const MOBILITY: usize = 0;
    /// A passed pawn (no enemy pawn ahead on its own or the neighbouring
    /// files, no own pawn ahead on its file), by the ranks left to its
    /// promotion (1..=7).
    pub const PASSED: usize = MOBILITY + 1;
    /// A pawn without own pawns on the neighbouring files.
    pub const ISOLATED: usize = PASSED + 8;
    /// A pawn with an own pawn ahead on its file.
    pub const DOUBLED: usize = ISOLATED + 1;
    /// A pawn an own pawn defends.
    pub const SUPPORTED: usize = DOUBLED + 1;
    /// Own pawns in the king's zone ahead of it (up to three).
    pub const SHELTER: usize = SUPPORTED + 1;
    /// Attack units on the king's zone, squared and divided by 8, when
    /// two or more pieces attack it (up to 48 units).
    pub const KING_DANGER: usize = SHELTER + 1;
    /// Squares from which a piece could check the enemy king, which the
    /// enemy does not attack.
    pub const SAFE_CHECK: usize = KING_DANGER + 1;
    /// An enemy piece (not a pawn) a pawn attacks.
    pub const THREAT_BY_PAWN: usize = SAFE_CHECK + 1;
    /// An enemy piece attacked by a piece worth clearly less.
    pub const THREAT_BY_LESSER: usize = THREAT_BY_PAWN + 1;
    /// An enemy piece or pawn attacked and not defended.
    pub const HANGING: usize = THREAT_BY_LESSER + 1;
    /// A file rider (a rook, a chancellor) on a file without pawns.
    pub const FILE_OPEN: usize = HANGING + 1;
    /// A file rider on a file without own pawns, with enemy ones.
    pub const FILE_HALF_OPEN: usize = FILE_OPEN + 1;
    /// Pieces of one colour-bound type on both colours (a bishop pair).
    pub const COLOUR_PAIR: usize = FILE_HALF_OPEN + 1;
    /// Own pawns on the squares of a colour-bound piece's colour, for
    /// each such piece (a bishop hemmed in by its own pawns).
    pub const COLOUR_PAWNS: usize = COLOUR_PAIR + 1;
    /// A pawn with an own pawn beside it on its rank.
    pub const PHALANX: usize = COLOUR_PAWNS + 1;
    /// A pawn an own pawn defends or stands beside, by its advance: 8
    /// less its ranks to promotion.
    pub const CONNECTED: usize = PHALANX + 1;
    /// A minor piece (worth less than 450) on the enemy's side of the
    /// board, defended by a pawn, where no enemy pawn can come to attack it.
    pub const OUTPOST: usize = CONNECTED + 1;
    /// The enemy king's distance (at most 5) to the square ahead of a
    /// passed pawn, times the pawn's nearness to promotion (22 less 5 per
    /// rank to go, at least 0).
    pub const PASSED_KING_THEIRS: usize = OUTPOST + 1;
    /// The same for the own king's distance.
    pub const PASSED_KING_OURS: usize = PASSED_KING_THEIRS + 1;
    /// Attack units on the king's zone, whatever the attackers' number
    /// (the linear part of king danger).
    pub const KING_ZONE: usize = PASSED_KING_OURS + 1;
    /// A flag game's race: 64 w / (w + d²) for the w flag pieces that
    /// first reach the side's flag region in d moves (squares the enemy
    /// attacks or the own pawns hold cost a move more), Fairy-Stockfish's
    /// capture-the-flag term.
    pub const FLAG: usize = KING_ZONE + 1;
    /// An extinction game's pressure on a type that must not die out, in
    /// centipawns at weight 1: Fairy-Stockfish's 10⁶ / (500 + value) in
    /// its units, over the square of the pieces left above the rule's
    /// count; negative where losing them all loses, positive where it wins.
    pub const EXTINCTION: usize = FLAG + 1;
    /// Squares of the king's zone the enemy attacks and no own piece
    /// but the king defends.
    pub const WEAK_ZONE: usize = EXTINCTION + 1;
    /// Squares from which a piece could check the enemy king, which the
    /// enemy attacks (a check that costs the checker, or needs support).
    pub const UNSAFE_CHECK: usize = WEAK_ZONE + 1;
    /// The king's file and its neighbours without own pawns (0 to 3).
    pub const KING_FILES: usize = UNSAFE_CHECK + 1;
    /// Space, Stockfish's: safe squares of the central files on the own
    /// half (but the back rank), counted twice behind own pawns, times the
    /// square of the side's pieces less 3, over 256.
    pub const SPACE: usize = KING_FILES + 1;
    /// The side to move's bonus.
    pub const TEMPO: usize = SPACE + 1;
    /// Number of the terms' weights (each piece type's value and square
    /// weight follow them: see [`super::super::eval::value_param`]).
    pub const COUNT: usize = TEMPO + 1;

    /// Each term's weight's name, as a weights file writes it.
    pub const NAMES: [&str; COUNT] = [
        "mobility",
        "passed 0",
        "passed 1",
        "passed 2",
        "passed 3",
        "passed 4",
        "passed 5",
        "passed 6",
        "passed 7",
        "isolated",
        "doubled",
        "supported",
        "shelter",
        "king danger",
        "safe check",
        "threat by pawn",
        "threat by lesser",
        "hanging",
        "file open",
        "file half-open",
        "colour pair",
        "colour pawns",
        "phalanx",
        "connected",
        "outpost",
        "passed king theirs",
        "passed king ours",
        "king zone",
        "flag",
        "extinction",
        "weak zone",
        "unsafe check",
        "king files",
        "space",
        "tempo",
    ];
}

/// The terms' default weights, (middle game, endgame) centipawns per
/// count, in the order of [`param`]. Set by hand from chess's fitted weights and Stockfish's
/// published classical ones, then proved by matches.
#[rustfmt::skip]
pub static WEIGHTS: [[i32; 2]; param::COUNT] = [
    // mobility
    [4, 5],
    // passed pawn by ranks to promotion (0 unused)
    [0, 0], [100, 130], [60, 85], [25, 45], [10, 25], [5, 15], [3, 10], [0, 5],
    // isolated, doubled, supported
    [-6, -14], [-8, -20], [8, 6],
    // shelter
    [12, 0],
    // king danger
    [-3, 0],
    // safe check
    [20, 5],
    // threat by pawn, by lesser piece, hanging
    [55, 30], [40, 25], [20, 30],
    // file rider on an open, a half-open file
    [40, 5], [20, 5],
    // colour-bound pair
    [30, 60],
    // colour pawns, phalanx, connected, outpost
    [0, 0], [0, 0], [0, 0], [0, 0],
    // passed pawn's distance to the enemy's, the own king
    [0, 0], [0, 0],
    // king zone
    [0, 0],
    // flag race (Fairy-Stockfish's 4000 for a piece in the region, over
    // 64), extinction (counted in centipawns)
    [24, 24], [1, 1],
    // weak zone, unsafe check, king files, space
    [0, 0], [0, 0], [0, 0], [0, 0],
    // tempo
    [20, 10],
];

/// How far the terms beyond the pieces' square values are taken to move
/// the score at most, for lazy evaluation.
const LAZY_MARGIN: i32 = 400;

/// A piece must be worth this much more than its attacker for a threat
/// by a lesser piece.
const LESSER_BY: i32 = 100;

/// A bound on the score from the pieces' square values alone, less
/// [`LAZY_MARGIN`], when that reaches `beta` (see
/// [`crate::SearchHints::evaluate_at_least`]).
pub fn evaluate_at_least(pos: &Position, beta: i32) -> Option<i32> {
    // A flag's race or an extinction's pressure may move the score by
    // far more than the margin.
    if pos.def.eval.unbounded {
        return None;
    }
    let [mg, eg] = pos.material;
    // The tapered score lies between the two phases' scores.
    let low = if pos.side.index() == 0 {
        mg.min(eg)
    } else {
        -mg.max(eg)
    };
    let mut bound = low - LAZY_MARGIN;
    if pos.def.promotion_pawn_types != [0, 0] {
        // The endgame part may be scaled down to an eighth (see
        // [`eg_scale`]): where the side to move leads there, count only
        // that eighth.
        let ours = signed(pos.side.index(), eg) - LAZY_MARGIN;
        if ours > 0 {
            bound = bound.min(ours / 8);
        }
    }
    (bound >= beta).then_some(bound)
}

/// The static score for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sums = Sums::new(&pos.def.eval.weights[..]);
    let shape = terms(pos, &mut sums);
    let full = pos.def.eval.full_phase;
    let phase = shape.phase.min(full);
    let mg = i64::from(pos.material[0] + sums.mg + shape.cached[0]);
    let eg = pos.material[1] + sums.eg + shape.cached[1];
    let eg = i64::from(eg) * i64::from(eg_scale(pos.def, &shape, eg)) / 64;
    let white = (mg * i64::from(phase) + eg * i64::from(full - phase)) / i64::from(full);
    // Weights from a file may add up to anything: a static score stays
    // well below the search's mate scores (31,000 and up).
    let white = white.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i32;
    signed(pos.side.index(), white)
}

/// The largest static score either way.
const SCORE_LIMIT: i64 = 20_000;

/// What the endgame's scale needs to know of a position, found while its
/// terms are counted.
struct Shape {
    /// The game phase (not capped).
    phase: i32,
    /// Each side's share of it: its pieces but pawns and king, in quarter
    /// rooks.
    side_phase: [i32; 2],
    /// Each side's pawns.
    pawns: [i32; 2],
    /// The (middle game, endgame) sums of the terms the caches gave,
    /// White's view, where the terms' sink did not take them term by
    /// term: the material imbalance (see [`cached_imbalance`]) and the
    /// pawn structure (see [`cached_pawn_structure`]).
    cached: [i32; 2],
}

/// The endgame score's scale, in 64ths, for a game with pawns (Stockfish's
/// scale factors for chess, by pieces' phase weights instead of values):
/// without pawns, a side at most a minor piece ahead rarely wins; with few
/// pawns, less often than its material says. `eg_white`: the endgame
/// score, White's view.
fn eg_scale(def: &GameDef, shape: &Shape, eg_white: i32) -> i32 {
    if def.promotion_pawn_types == [0, 0] {
        return 64;
    }
    let stronger = usize::from(eg_white <= 0);
    let pawns = shape.pawns[stronger];
    if pawns == 0 && shape.side_phase[stronger] - shape.side_phase[1 - stronger] <= 1 {
        return 8;
    }
    (36 + 7 * pawns).min(64)
}

/// Feeds every term of the position to `t`; returns the game phase and
/// what the endgame's scale needs.
#[inline(always)]
fn terms<T: Terms>(pos: &Position, t: &mut T) -> Shape {
    use param::*;
    let def = pos.def;
    let info = &def.eval;
    let blockers = pos.occupied() | pos.holes;
    t.add(pos.side.index(), TEMPO, 1);
    let mut pawns = [Board::EMPTY; 2];
    // File riders are judged once both sides' pawns are known.
    let mut riders = [Board::EMPTY; 2];
    let zones = [0, 1].map(|side| pos.king(side).map(|k| def.around[k]));
    let mut side_phase = [0; 2];
    let mut attacks = [Board::EMPTY; 2];
    // What each side's pieces but its king attack: a zone's defence.
    let mut guarded = [Board::EMPTY; 2];
    let mut pawn_attacks = [Board::EMPTY; 2];
    let mut by_type = [[Board::EMPTY; CHECK_TYPES]; 2];
    let mut types = [0u64; 2];
    let mut zone_attackers = [0; 2];
    let mut zone_units = [0; 2];
    let mut on_colour = [[0u64; 2]; 2];
    let mut bound_on = [[0i32; 2]; 2];
    let mut minors = [Board::EMPTY; 2];
    // Each side's pieces of each type on the board, for the imbalance.
    let mut count = [[0i32; MAX_TYPES]; 2];
    for side in 0..2 {
        let them = 1 - side;
        let mut mobility = 0;
        let mut lesser = 0;
        // Pawns that take one step diagonally forward: attacks found for
        // all at once after the loop.
        let mut diagonal = Board::EMPTY;
        for s in pos.by_side[side].iter() {
            let (_, ty) = pos.piece(s).expect("a piece of the side");
            count[side][ty] += 1;
            if info.diagonal_pawns[side] & (1 << ty) != 0 {
                pawns[side].set(s);
                diagonal.set(s);
                continue;
            }
            let att = movegen::reach(pos, side, ty, s, 0, CAPTURE);
            attacks[side] |= att;
            if def.promotion_pawn_types[side] & (1 << ty) != 0 {
                pawns[side].set(s);
                pawn_attacks[side] |= att;
                guarded[side] |= att;
                continue;
            }
            if Some(ty) == def.king {
                continue;
            }
            guarded[side] |= att;
            side_phase[side] += info.phase[ty];
            types[side] |= 1 << ty;
            if ty < CHECK_TYPES {
                by_type[side][ty] |= att;
            }
            let reach = if info.same_moves & (1 << ty) != 0 {
                att.and_not(pos.by_side[side]).count()
            } else {
                movegen::mobility(pos, side, ty, s, &blockers)
            };
            let beyond = reach as i32 - info.typical_mobility[ty];
            mobility += beyond;
            t.add(side, super::eval::mobility_param(ty), beyond);
            if info.minor & (1 << ty) != 0 {
                minors[side].set(s);
            }
            if let Some(zone) = zones[them] {
                let hits = (att & zone).count() as i32;
                if hits > 0 {
                    zone_attackers[them] += 1;
                    zone_units[them] += hits * info.attack_units[ty];
                }
            }
            for target in (att & pos.by_side[them]).iter() {
                let (_, tt) = pos.piece(target).expect("a piece of the other side");
                if Some(tt) != def.king && def.values[tt] >= def.values[ty] + LESSER_BY {
                    lesser += 1;
                }
            }
            if info.file_riders & (1 << ty) != 0 {
                riders[side].set(s);
            }
            if info.colour_bound & (1 << ty) != 0 {
                let colour = info.dark.has(s) as usize;
                on_colour[side][colour] |= 1 << ty;
                bound_on[side][colour] += 1;
            }
        }
        if diagonal.any() {
            let att = super::eval::diagonal_steps(diagonal, side) & def.board & !pos.holes;
            attacks[side] |= att;
            pawn_attacks[side] |= att;
            guarded[side] |= att;
        }
        t.add(side, MOBILITY, mobility);
        t.add(side, THREAT_BY_LESSER, lesser);
        t.add(
            side,
            COLOUR_PAIR,
            (on_colour[side][0] & on_colour[side][1]).count_ones() as i32,
        );
    }
    // Where every pawn's attacks are its diagonal steps, the pawn terms
    // depend on the pawns, the kings and the holes alone: a sum has them
    // from the cache.
    let pawns_cached = !T::EVERY_TERM && info.diagonal_pawns == def.promotion_pawn_types;
    let mut cached = [0; 2];
    if pawns_cached {
        cached = cached_pawn_structure(pos, &pawns, &pawn_attacks);
    }
    for side in 0..2 {
        let them = 1 - side;
        let (mut open, mut half_open) = (0, 0);
        for s in riders[side].iter() {
            let file = info.file[s % WIDTH as usize];
            if (file & pawns[side]).is_empty() {
                if (file & pawns[them]).is_empty() {
                    open += 1;
                } else {
                    half_open += 1;
                }
            }
        }
        t.add(side, FILE_OPEN, open);
        t.add(side, FILE_HALF_OPEN, half_open);
        if !pawns_cached {
            pawn_structure(pos, side, &pawns, &pawn_attacks[side], t);
        }
        let light = def.board.and_not(info.dark);
        t.add(
            side,
            COLOUR_PAWNS,
            bound_on[side][0] * (pawns[side] & light).count() as i32
                + bound_on[side][1] * (pawns[side] & info.dark).count() as i32,
        );
        let mut outposts = 0;
        for s in (minors[side] & pawn_attacks[side] & info.outpost_ranks[side]).iter() {
            let f = s % WIDTH as usize;
            if (info.span[side][s] & info.neighbours[f] & pawns[them]).is_empty() {
                outposts += 1;
            }
        }
        t.add(side, OUTPOST, outposts);
        if side_phase[side] * 2 >= info.full_phase / 2 {
            t.add(
                side,
                SPACE,
                space(pos, side, &pawns, &pawn_attacks[them], &attacks[them]),
            );
        }
        if let (Some(k), Some(zone)) = (pos.king(side), zones[side]) {
            let ahead = info.span[side][k] & zone & pawns[side];
            t.add(side, SHELTER, ahead.count().min(3) as i32);
            t.add(side, KING_ZONE, zone_units[side]);
            let weak = zone & attacks[them] & def.board.and_not(guarded[side]);
            t.add(side, WEAK_ZONE, weak.count() as i32);
            let f = k % WIDTH as usize;
            let files = [f.wrapping_sub(1), f, f + 1]
                .iter()
                .filter(|&&g| g < def.files as usize && (info.file[g] & pawns[side]).is_empty())
                .count();
            t.add(side, KING_FILES, files as i32);
            if zone_attackers[side] >= 2 {
                let units = zone_units[side].min(48);
                t.add(side, KING_DANGER, units * units / 8);
            }
        }
        // Threats of `side` on the enemy.
        let theirs = pos.by_side[them];
        let royal = pos.king(them).map_or(Board::EMPTY, Board::single);
        let pieces = theirs.and_not(pawns[them] | royal);
        t.add(
            side,
            THREAT_BY_PAWN,
            (pieces & pawn_attacks[side]).count() as i32,
        );
        let loose = theirs.and_not(royal | attacks[them]) & attacks[side];
        t.add(side, HANGING, loose.count() as i32);
        if let Some(k) = pos.king(them) {
            let safe = def.board.and_not(attacks[them] | pos.by_side[side]);
            let mut checks = 0;
            let mut unsafe_checks = 0;
            let mut present = types[side];
            while present != 0 {
                let ty = present.trailing_zeros() as usize;
                present &= present - 1;
                if ty >= CHECK_TYPES {
                    break;
                }
                // Where a piece of this type would check from: where one
                // of the enemy's on the king's square would take (the
                // same lines for pieces symmetric left to right).
                let from = movegen::reach(pos, them, ty, k, 0, CAPTURE) & by_type[side][ty];
                checks += (from & safe).count() as i32;
                unsafe_checks += from.and_not(safe | pos.by_side[side]).count() as i32;
            }
            t.add(side, SAFE_CHECK, checks);
            t.add(side, UNSAFE_CHECK, unsafe_checks);
        }
    }
    if def.flag_region.iter().any(|r| r.any()) {
        for side in 0..2 {
            t.add(
                side,
                FLAG,
                flag_race(pos, side, &attacks[1 - side], &pawns[side]),
            );
        }
    }
    if def.extinction_value != super::def::Value::None && !def.extinction_all {
        for side in 0..2 {
            t.add(side, EXTINCTION, extinction(pos, side));
        }
    }
    if T::EVERY_TERM {
        imbalance(def, &count, t);
    } else if info.imbalance {
        let [mg, eg] = cached_imbalance(def, &count);
        cached[0] += mg;
        cached[1] += eg;
    }
    Shape {
        phase: side_phase[0] + side_phase[1],
        side_phase,
        pawns: pawns.map(|p| p.count() as i32),
        cached,
    }
}

/// A slot of one of the evaluation's caches: the key of what it was
/// filled for (a hash) and the (middle game, endgame) sum that gives,
/// White's view.
#[derive(Clone, Copy)]
struct SumEntry {
    key: u64,
    sum: [i32; 2],
}

/// Slots of each thread's imbalance cache (a power of two).
const IMBALANCE_CACHE_SIZE: usize = 1 << 10;

/// Slots of each thread's pawn-structure cache (a power of two).
const PAWN_CACHE_SIZE: usize = 1 << 12;

thread_local! {
    /// Each thread's cache of [`imbalance`]: a search meets few material
    /// signatures, and Capablanca's 49 products a side computed at every
    /// node cost 8% of the instructions a node (callgrind, 2026-11-30).
    static IMBALANCE_CACHE: RefCell<Vec<SumEntry>> =
        RefCell::new(vec![SumEntry { key: 0, sum: [0; 2] }; IMBALANCE_CACHE_SIZE]);

    /// Each thread's cache of [`pawn_structure`]: a search changes the
    /// pawns at few of its plies, and the terms walk every pawn (6% of
    /// Capablanca's time, perf, 2026-12-01).
    static PAWN_CACHE: RefCell<Vec<SumEntry>> =
        RefCell::new(vec![SumEntry { key: 0, sum: [0; 2] }; PAWN_CACHE_SIZE]);
}

/// One step of the caches' keys: `x` folded into `key`.
fn mix(key: u64, x: u64) -> u64 {
    (key ^ x)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

/// The sum `cache` keeps under `key` (made odd: an empty slot's key is
/// 0), from `compute` where its slot holds another. Two things a search
/// meets sharing a 64-bit key (and one taking the other's sum) is a
/// chance too small to guard.
fn cached_sum(
    cache: &'static LocalKey<RefCell<Vec<SumEntry>>>,
    key: u64,
    compute: impl FnOnce() -> [i32; 2],
) -> [i32; 2] {
    let key = key | 1;
    cache.with(|cache| {
        let mut cache = cache.borrow_mut();
        let slot = (key >> 32) as usize & (cache.len() - 1);
        let entry = &mut cache[slot];
        if entry.key != key {
            *entry = SumEntry {
                key,
                sum: compute(),
            };
        }
        entry.sum
    })
}

/// [`imbalance`]'s sum under the game's weights, from the cache where it
/// has it. The key hashes the game (its definition's address: weights
/// given at run time make a definition of their own, never freed) and
/// every count.
fn cached_imbalance(def: &GameDef, count: &[[i32; MAX_TYPES]; 2]) -> [i32; 2] {
    let n = def.pieces.len();
    let key = count
        .iter()
        .flat_map(|side| &side[..n])
        .fold(mix(0, def as *const GameDef as u64), |key, &c| {
            mix(key, c as u64)
        });
    cached_sum(&IMBALANCE_CACHE, key, || {
        let mut fresh = Sums::new(&def.eval.weights[..]);
        imbalance(def, count, &mut fresh);
        [fresh.mg, fresh.eg]
    })
}

/// Both sides' [`pawn_structure`] sums under the game's weights, from the
/// cache where it has them, for a game whose pawns all attack their
/// diagonal steps (`pawn_attacks` then follows from `pawns`). The key
/// hashes the game (its definition's address), the pawns (the position's
/// pawn hash), both kings' squares and the holes.
fn cached_pawn_structure(
    pos: &Position,
    pawns: &[Board; 2],
    pawn_attacks: &[Board; 2],
) -> [i32; 2] {
    let def = pos.def;
    let kings = pos.kings.map(|k| k.map_or(0xFF, u64::from));
    let mut key = mix(def as *const GameDef as u64, pos.pawn_hash);
    key = mix(key, kings[0] | kings[1] << 8);
    if pos.holes.any() {
        for word in pos.holes.0 {
            key = mix(key, word);
        }
    }
    cached_sum(&PAWN_CACHE, key, || {
        let mut fresh = Sums::new(&def.eval.weights[..]);
        for (side, defended) in pawn_attacks.iter().enumerate() {
            pawn_structure(pos, side, pawns, defended, &mut fresh);
        }
        [fresh.mg, fresh.eg]
    })
}

/// Material imbalance (Stockfish's classical quadratic imbalance, for
/// any game's types): for each side, each type's count on the board times
/// the count of each own type at or before it, and of each enemy type
/// before it, every pair its own weight (see
/// [`super::eval::imbalance_ours_param`]). The royal type is left out.
#[inline(always)]
fn imbalance<T: Terms>(def: &GameDef, count: &[[i32; MAX_TYPES]; 2], t: &mut T) {
    let n = def.pieces.len();
    // The king's count left out: it never changes.
    let mut count = *count;
    if let Some(k) = def.king {
        count[0][k] = 0;
        count[1][k] = 0;
    }
    for side in 0..2 {
        let (ours, theirs) = (&count[side], &count[1 - side]);
        for a in (0..n).filter(|&a| ours[a] != 0) {
            for b in (0..=a).filter(|&b| ours[b] != 0) {
                let at = super::eval::imbalance_ours_param(n, a, b);
                t.add(side, at, ours[a] * ours[b]);
            }
            for b in (0..a).filter(|&b| theirs[b] != 0) {
                let at = super::eval::imbalance_theirs_param(n, a, b);
                t.add(side, at, ours[a] * theirs[b]);
            }
        }
    }
}

/// Space for `side` (see [`param::SPACE`]): the safe squares of its
/// space mask (no own pawn, no enemy pawn's attack), and again those of
/// them behind an own pawn that the enemy does not attack,
/// times the square of its pieces less three, over 256.
fn space(
    pos: &Position,
    side: usize,
    pawns: &[Board; 2],
    their_pawn_attacks: &Board,
    theirs: &Board,
) -> i32 {
    let info = &pos.def.eval;
    let safe = info.space[side].and_not(pawns[side] | *their_pawn_attacks);
    // The squares behind an own pawn on its file: the pawns filled
    // towards the side's first rank, a rank, then 1, 2, 4 and 8 more (a
    // board has at most 16). Off the board they meet no safe square.
    let back = |b: Board, ranks: usize| {
        if side == 0 {
            b >> (ranks * WIDTH as usize)
        } else {
            b << (ranks * WIDTH as usize)
        }
    };
    let mut behind = back(pawns[side], 1);
    for ranks in [1, 2, 4, 8] {
        behind |= back(behind, ranks);
    }
    let bonus = safe.count() + (safe & behind).and_not(*theirs).count();
    let weight = (pos.by_side[side].count() as i32 - 3).max(0);
    bonus as i32 * weight * weight / 256
}

/// The pawn terms of `side`: passed, isolated, doubled and supported
/// pawns (`defended`: the squares its pawns attack).
#[inline(always)]
fn pawn_structure<T: Terms>(
    pos: &Position,
    side: usize,
    pawns: &[Board; 2],
    defended: &Board,
    t: &mut T,
) {
    use param::*;
    let info = &pos.def.eval;
    let ours = pawns[side];
    let def = pos.def;
    let kings = [pos.king(side), pos.king(1 - side)];
    let (mut isolated, mut doubled, mut supported) = (0, 0, 0);
    let (mut phalanx, mut connected) = (0, 0);
    let mut near = [0, 0];
    for s in ours.iter() {
        let span = info.span[side][s];
        let f = s % WIDTH as usize;
        let steps = info.steps[side][s] as i32;
        // The rear pawn of doubled pawns is not passed: the front one is.
        let behind_own = (span & info.file[f] & ours).any();
        if behind_own {
            doubled += 1;
        } else if (span & pawns[1 - side]).is_empty() {
            t.add(side, PASSED + steps as usize, 1);
            // The kings' race to the square ahead, which counts more the
            // nearer the pawn is to promotion.
            let nearness = (22 - 5 * steps).max(0);
            let stop = if side == 0 {
                s + WIDTH as usize
            } else {
                s.wrapping_sub(WIDTH as usize)
            };
            if nearness > 0 && stop < (WIDTH * WIDTH) as usize && def.board.has(stop) {
                for (i, k) in kings.iter().enumerate() {
                    if let Some(k) = *k {
                        near[i] += nearness * distance(k, stop).min(5);
                    }
                }
            }
        }
        if (info.neighbours[f] & ours).is_empty() {
            isolated += 1;
        }
        let beside = (f > 0 && ours.has(s - 1)) || (f + 1 < WIDTH as usize && ours.has(s + 1));
        if beside {
            phalanx += 1;
        }
        if defended.has(s) {
            supported += 1;
        }
        if beside || defended.has(s) {
            connected += 8 - steps;
        }
    }
    t.add(side, PHALANX, phalanx);
    t.add(side, CONNECTED, connected);
    t.add(side, PASSED_KING_OURS, near[0]);
    t.add(side, PASSED_KING_THEIRS, near[1]);
    t.add(side, ISOLATED, isolated);
    t.add(side, DOUBLED, doubled);
    t.add(side, SUPPORTED, supported);
}

/// The moves a flag piece of `side` needs at most to be counted.
const FLAG_HORIZON: i32 = 8;

/// [`param::FLAG`]'s count for `side`: the flag pieces walked towards the
/// region move by move, as their type moves on the current board (a
/// king's steps where any piece may take the flag), squares `held` (the
/// enemy's attacks) or the side's own `pawns` taking a move more.
fn flag_race(pos: &Position, side: usize, held: &Board, pawns: &Board) -> i32 {
    let def = pos.def;
    let region = def.flag_region[side] & def.board;
    if region.is_empty() {
        return 0;
    }
    let theirs = pos.by_side[1 - side];
    let free = def.board.and_not(pos.occupied() | pos.holes);
    let steps = |s: usize| match def.flag_piece[side] {
        Some(ty) => {
            (movegen::reach(pos, side, ty, s, 0, super::betza::QUIET) & free)
                | (movegen::reach(pos, side, ty, s, 0, CAPTURE) & theirs)
        }
        None => def.around[s].and_not(pos.by_side[side] | pos.holes),
    };
    let slow = *held | *pawns;
    let mut front = super::rules::flag_pieces(pos, side);
    let mut later = Board::EMPTY;
    let mut seen = Board::EMPTY;
    for d in 0..=FLAG_HORIZON {
        let wins = (front & region).count() as i32;
        if wins > 0 {
            return 64 * wins / (wins + d * d);
        }
        seen |= front;
        let mut next = Board::EMPTY;
        for s in front.iter() {
            next |= steps(s);
        }
        next = next.and_not(seen);
        front = (next.and_not(slow) | later).and_not(seen);
        later = next & slow;
        if front.is_empty() && later.is_empty() {
            break;
        }
    }
    0
}

/// [`param::EXTINCTION`]'s count for `side`: for each type that must not
/// die out (a single type; "all pieces" rules count nothing here), when
/// the enemy has enough of its own for the rule to decide.
fn extinction(pos: &Position, side: usize) -> i32 {
    use super::def::Value;
    let def = pos.def;
    let sign = match def.extinction_value {
        Value::Loss => -1,
        Value::Win => 1,
        _ => return 0,
    };
    let mut total = 0;
    for ty in 0..def.pieces.len() {
        if def.extinction_piece_types & (1 << ty) == 0 {
            continue;
        }
        let ours = pos.pieces(side, ty).count() as i32;
        if (pos.pieces(1 - side, ty).count()) < def.extinction_opponent_piece_count {
            continue;
        }
        let above = (ours - def.extinction_piece_count as i32).max(1);
        // The type's value in Fairy-Stockfish's units (a king, worth
        // nothing here, as a pawn).
        let value = (def.values[ty].max(PAWN_FLOOR) as f64 / super::eval::FSF_SCALE) as i32;
        let cp = (1_000_000.0 / f64::from(500 + value) * super::eval::FSF_SCALE) as i32;
        total += sign * cp / (above * above);
    }
    total
}

/// The least value an extinction type is priced at (a king's is 0).
const PAWN_FLOOR: i32 = 100;

/// The king's (Chebyshev) distance between two squares.
fn distance(a: usize, b: usize) -> i32 {
    let w = WIDTH as usize;
    let df = (a % w).abs_diff(b % w);
    let dr = (a / w).abs_diff(b / w);
    df.max(dr) as i32
}

/// Counts every weight's terms, White's less Black's: the position
/// described for fitting the weights, and for tests.
struct Counts(Vec<i32>);

impl Terms for Counts {
    const EVERY_TERM: bool = true;

    fn add(&mut self, side: usize, param: usize, count: i32) {
        self.0[param] += signed(side, count);
    }
}

/// The position's term counts (every weight's but the pieces' values and
/// squares), White's less Black's, and its phase.
#[cfg(test)]
pub(super) fn term_counts(pos: &Position) -> (Vec<i32>, i32) {
    let (counts, shape) = counts_and_shape(pos);
    (counts, shape.phase)
}

fn counts_and_shape(pos: &Position) -> (Vec<i32>, Shape) {
    let mut counts = Counts(vec![0; pos.def.eval.weights.len()]);
    let shape = terms(pos, &mut counts);
    (counts.0, shape)
}

/// The position's evaluation as counts of every weight, White's less
/// Black's (see [`crate::weights::EvalTrace`]): the terms', then each
/// type's pieces (its value) and their squares' shapes (its square
/// weight).
pub fn trace(pos: &Position) -> crate::weights::EvalTrace {
    let def = pos.def;
    let (counts, shape) = counts_and_shape(pos);
    let mut all = counts.clone();
    for side in 0..2 {
        for s in pos.by_side[side].iter() {
            let (_, t) = pos.piece(s).expect("a piece of the side");
            let at = super::eval::value_param(t);
            all[at] += signed(side, 1);
            all[at + 1] += signed(side, super::eval::square_shape(def, t, side, s));
        }
        // Pieces in hand count at their type's value, on no square.
        for (t, &n) in pos.hand[side].iter().enumerate().take(def.pieces.len()) {
            all[super::eval::value_param(t)] += signed(side, i32::from(n));
        }
    }
    let full = def.eval.full_phase;
    // The endgame score the scale is chosen by, as `evaluate` sums it.
    let eg = pos.material[1]
        + (counts.iter().zip(&def.eval.weights))
            .map(|(c, w)| c * w[1])
            .sum::<i32>();
    crate::weights::EvalTrace {
        terms: all
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(p, &c)| (p as u32, c))
            .collect(),
        phase: f64::from(shape.phase.min(full)) / f64::from(full),
        eg_scale: f64::from(eg_scale(def, &shape, eg)) / 64.0,
    }
}
