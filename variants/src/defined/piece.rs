//! The pieces of a defined game: the predefined ones Fairy-Stockfish names
//! (`knight = n`) with their Betza, and what a piece's Betza becomes on a
//! board of up to 16x16: for each square, the squares it leaps to and the
//! squares it could reach on an empty board, and the kinds of rides that
//! the board's pieces and holes may block.

use super::betza::{self, Moves, Vector, CAPTURE, QUIET};
use crate::Bits;

/// A set of squares of the 16x16 grid (`rank * 16 + file`).
pub type Board = Bits<4>;

/// The grid's width: squares are `rank * 16 + file`.
pub const WIDTH: i32 = 16;

/// The predefined pieces, by the name a definition gives them, with their
/// Betza (Fairy-Stockfish's list; the pawn's double step and en passant
/// come from the rules, not the Betza).
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("met", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("khon", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("dragon", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// Kinds of rides and blockable leaps (as Fairy-Stockfish groups them):
/// a piece's board moves are its plain leaps and the squares these kinds
/// reach from its square, kept where its empty-board reach goes.
pub mod ride {
    /// Rook rides along ranks.
    pub const ROOK_H: u16 = 1;
    /// Rook rides along files.
    pub const ROOK_V: u16 = 1 << 1;
    /// Bishop rides.
    pub const BISHOP: u16 = 1 << 2;
    /// Nightrider rides.
    pub const NIGHTRIDER: u16 = 1 << 3;
    /// Cannon hops along ranks (land anywhere beyond the hurdle).
    pub const CANNON_H: u16 = 1 << 4;
    /// Cannon hops along files.
    pub const CANNON_V: u16 = 1 << 5;
    /// Cannon hops along diagonals.
    pub const CANNON_D: u16 = 1 << 6;
    /// Grasshopper hops along ranks (land just beyond the hurdle).
    pub const GRASSHOPPER_H: u16 = 1 << 7;
    /// Grasshopper hops along files.
    pub const GRASSHOPPER_V: u16 = 1 << 8;
    /// Grasshopper hops along diagonals.
    pub const GRASSHOPPER_D: u16 = 1 << 9;
    /// Lame knight leaps (the Xiangqi horse).
    pub const HORSE: u16 = 1 << 10;
    /// Lame alfil leaps (the Xiangqi elephant).
    pub const ELEPHANT: u16 = 1 << 11;
    /// Lame zebra leaps (the Janggi elephant).
    pub const ZEBRA: u16 = 1 << 12;
    /// Lame dabbaba leaps.
    pub const DABBABA: u16 = 1 << 13;
    /// Marks a janggi cannon's hops: it neither hops over nor takes
    /// another janggi cannon (read by the move generator, which knows
    /// where the cannons stand).
    pub const JANGGI: u16 = 1 << 14;
}

/// A piece's moves for one side, square by square.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    /// `[initial][modality][square]`: plain leaps.
    pub leap: [[Vec<Board>; 2]; 2],
    /// `[initial][modality][square]`: everything reachable on an empty board.
    pub pseudo: [[Vec<Board>; 2]; 2],
    /// `[initial][modality]`: the kinds of rides and blockable leaps.
    pub rides: [[u16; 2]; 2],
    /// `[square]`: where the piece takes on `square` from, to find
    /// attackers.
    pub attackers: Vec<Attackers>,
    /// `[square]`: the plain leaps of `leap[0]`, both modalities in one
    /// cache line for the move generator.
    pub leaps: Vec<Leaps>,
    /// `[initial][modality]`: whether leaps and rides stay within the
    /// empty-board reach from every square without masking by `pseudo`
    /// (rook, bishop and nightrider rides without ranges or directions
    /// left out); set by [`Compiled::mark_exact`].
    pub exact: [[bool; 2]; 2],
}

/// A piece's plain leaps from one square, to move and to take.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub struct Leaps {
    /// Leaps that move.
    pub quiet: Board,
    /// Leaps that take.
    pub capture: Board,
}

impl Compiled {
    /// Notes which of the piece's moves need no masking by their
    /// empty-board reach on the board `board` with ray tables `rays`:
    /// those made only of plain leaps and rays whose full length from
    /// every square lies within that reach (a ride cut short by a blocker
    /// then does too).
    pub fn mark_exact(&mut self, rays: &Rays, board: &Board) {
        for initial in 0..2 {
            for modality in [QUIET, CAPTURE] {
                let rides = self.rides[initial][modality];
                self.exact[initial][modality] = rides & !RAY_RIDES == 0
                    && board.iter().all(|s| {
                        let all =
                            self.leap[initial][modality][s] | rays.reach(rides, s, &Board::EMPTY);
                        all.and_not(self.pseudo[initial][modality][s]).is_empty()
                    });
            }
        }
    }
}

/// The squares from which a piece takes on one square on an empty board
/// (its captures turned round), side by side in one cache line: the
/// attack test reads both.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub struct Attackers {
    /// By any move.
    pub any: Board,
    /// By plain leaps only (which nothing blocks).
    pub leaps: Board,
}

fn is_rook_h(v: Vector) -> bool {
    v.0 == 0 && v.1.abs() == 1
}
fn is_rook_v(v: Vector) -> bool {
    v.1 == 0 && v.0.abs() == 1
}
fn is_bishop(v: Vector) -> bool {
    v.0.abs() == 1 && v.1.abs() == 1
}
fn is_knight(v: Vector) -> bool {
    (v.0.abs(), v.1.abs()) == (2, 1) || (v.0.abs(), v.1.abs()) == (1, 2)
}

/// The square `(file, rank)` of the grid, if on a board of `files` x `ranks`.
pub fn square(file: i32, rank: i32, files: i32, ranks: i32) -> Option<usize> {
    (file >= 0 && rank >= 0 && file < files && rank < ranks).then(|| (rank * WIDTH + file) as usize)
}

/// The step `v` from `s` for `side` (Black's vectors are White's turned
/// half round, as Fairy-Stockfish turns them), on the board.
pub fn step(s: usize, v: Vector, side: usize, files: i32, ranks: i32) -> Option<usize> {
    let (dr, df) = if side == 0 { (v.0, v.1) } else { (-v.0, -v.1) };
    let (file, rank) = ((s as i32) % WIDTH, (s as i32) / WIDTH);
    square(file + df as i32, rank + dr as i32, files, ranks)
}

/// Compiles a piece's moves for `side` on a board of `files` x `ranks`.
pub fn compile(moves: &Moves, side: usize, files: i32, ranks: i32) -> Compiled {
    let mut out = Compiled::default();
    let n = (WIDTH * WIDTH) as usize;
    for initial in 0..2 {
        for modality in [QUIET, CAPTURE] {
            let mut leap = vec![Board::EMPTY; n];
            let mut pseudo = vec![Board::EMPTY; n];
            let mut rides = 0u16;
            for (&v, &d) in &moves.steps[initial][modality] {
                let lame = match (v.0.abs(), v.1.abs()) {
                    (2, 1) | (1, 2) => ride::HORSE,
                    (2, 2) => ride::ELEPHANT,
                    (3, 2) | (2, 3) => ride::ZEBRA,
                    (2, 0) | (0, 2) => ride::DABBABA,
                    _ => 0,
                };
                if d != 0 {
                    rides |= lame;
                }
                for s in 0..n {
                    if let Some(to) = step(s, v, side, files, ranks) {
                        pseudo[s].set(to);
                        if d == 0 {
                            leap[s].set(to);
                        }
                    }
                }
            }
            for (&v, &limit) in &moves.sliders[initial][modality] {
                if is_rook_h(v) {
                    rides |= ride::ROOK_H;
                } else if is_rook_v(v) {
                    rides |= ride::ROOK_V;
                } else if is_bishop(v) {
                    rides |= ride::BISHOP;
                } else if is_knight(v) {
                    rides |= ride::NIGHTRIDER;
                }
                for (s, reach) in pseudo.iter_mut().enumerate() {
                    let mut at = s;
                    let mut count = 0;
                    while let Some(to) = step(at, v, side, files, ranks) {
                        reach.set(to);
                        at = to;
                        count += 1;
                        if limit > 0 && count >= limit {
                            break;
                        }
                    }
                }
            }
            for (&v, &limit) in &moves.hoppers[initial][modality] {
                let cannon = limit != 1;
                if is_rook_h(v) {
                    rides |= if cannon {
                        ride::CANNON_H
                    } else {
                        ride::GRASSHOPPER_H
                    };
                } else if is_rook_v(v) {
                    rides |= if cannon {
                        ride::CANNON_V
                    } else {
                        ride::GRASSHOPPER_V
                    };
                } else if is_bishop(v) {
                    rides |= if cannon {
                        ride::CANNON_D
                    } else {
                        ride::GRASSHOPPER_D
                    };
                }
                // On an empty board a grasshopper's reach is its whole
                // line; a ranged hopper's, its range.
                for (s, reach) in pseudo.iter_mut().enumerate() {
                    let mut at = s;
                    let mut count = 0;
                    while let Some(to) = step(at, v, side, files, ranks) {
                        reach.set(to);
                        at = to;
                        count += 1;
                        if limit > 1 && count >= limit {
                            break;
                        }
                    }
                }
            }
            out.leap[initial][modality] = leap;
            out.pseudo[initial][modality] = pseudo;
            out.rides[initial][modality] = rides;
        }
    }
    out.derive();
    out
}

impl Compiled {
    /// Cuts every move from a square `from` to `masks[from]` (a mobility
    /// region: rides still stop where they stop, and land only inside),
    /// the attack tables with them.
    pub fn restrict(&mut self, masks: &[Board]) {
        for initial in 0..2 {
            for modality in [QUIET, CAPTURE] {
                for (from, mask) in masks.iter().enumerate() {
                    self.leap[initial][modality][from] &= *mask;
                    self.pseudo[initial][modality][from] &= *mask;
                }
            }
        }
        self.derive();
    }

    /// Adds the moves of `extra` from the squares `from` that land on
    /// `to` (janggi's palace lines): its leaps and its empty-board reach
    /// there, and its kinds of rides (cut to that reach wherever it is
    /// not exact: see [`Compiled::mark_exact`]).
    pub fn add_within(&mut self, extra: &Compiled, from: &Board, to: &Board) {
        for initial in 0..2 {
            for modality in [QUIET, CAPTURE] {
                for s in from.iter() {
                    let leap = extra.leap[initial][modality][s] & *to;
                    let pseudo = extra.pseudo[initial][modality][s] & *to;
                    self.leap[initial][modality][s] |= leap;
                    self.pseudo[initial][modality][s] |= pseudo;
                }
                self.rides[initial][modality] |= extra.rides[initial][modality];
            }
        }
        self.derive();
    }

    /// The tables the move generator and the attack tests read, from the
    /// leaps and reaches.
    fn derive(&mut self) {
        let n = self.leap[0][QUIET].len();
        let out = self;
        out.leaps = (0..n)
            .map(|s| Leaps {
                quiet: out.leap[0][QUIET][s],
                capture: out.leap[0][CAPTURE][s],
            })
            .collect();
        out.attackers = vec![Attackers::default(); n];
        for from in 0..n {
            for to in out.pseudo[0][CAPTURE][from].iter() {
                out.attackers[to].any.set(from);
            }
            for to in out.leap[0][CAPTURE][from].iter() {
                out.attackers[to].leaps.set(from);
            }
        }
    }
}

/// The squares the rides and blockable leaps of `rides` reach from `s`
/// for `side`, with `blockers` (pieces and holes) in the way: a ride ends
/// on the first blocker, a cannon lands anywhere beyond its hurdle up to
/// the next blocker, a grasshopper just beyond it (a hole is no hurdle: a
/// hop ends before it), a lame leap needs its path free.
pub fn ride_reach(
    rides: u16,
    s: usize,
    side: usize,
    blockers: &Board,
    holes: &Board,
    files: i32,
    ranks: i32,
) -> Board {
    let mut out = Board::EMPTY;
    let mut rays = |dirs: &[Vector], hop: u8| {
        for &v in dirs {
            let mut at = s;
            let mut hurdle = false;
            while let Some(to) = step(at, v, side, files, ranks) {
                at = to;
                if hop > 0 && holes.has(to) {
                    break;
                }
                if hop == 0 || hurdle {
                    out.set(to);
                    if hop == 2 {
                        break;
                    }
                }
                if blockers.has(to) {
                    if hop > 0 && !hurdle {
                        hurdle = true;
                    } else {
                        break;
                    }
                }
            }
        }
    };
    const H: [Vector; 2] = [(0, 1), (0, -1)];
    const V: [Vector; 2] = [(1, 0), (-1, 0)];
    const D: [Vector; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const N: [Vector; 8] = [
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
        (1, 2),
        (1, -2),
        (-1, 2),
        (-1, -2),
    ];
    if rides & ride::ROOK_H != 0 {
        rays(&H, 0);
    }
    if rides & ride::ROOK_V != 0 {
        rays(&V, 0);
    }
    if rides & ride::BISHOP != 0 {
        rays(&D, 0);
    }
    if rides & ride::NIGHTRIDER != 0 {
        rays(&N, 0);
    }
    if rides & ride::CANNON_H != 0 {
        rays(&H, 1);
    }
    if rides & ride::CANNON_V != 0 {
        rays(&V, 1);
    }
    if rides & ride::CANNON_D != 0 {
        rays(&D, 1);
    }
    if rides & ride::GRASSHOPPER_H != 0 {
        rays(&H, 2);
    }
    if rides & ride::GRASSHOPPER_V != 0 {
        rays(&V, 2);
    }
    if rides & ride::GRASSHOPPER_D != 0 {
        rays(&D, 2);
    }
    let mut lame = |dirs: &[Vector]| {
        for &v in dirs {
            let Some(to) = step(s, v, side, files, ranks) else {
                continue;
            };
            if path(s, v, side, files, ranks)
                .iter()
                .all(|&p| !blockers.has(p))
            {
                out.set(to);
            }
        }
    };
    if rides & ride::HORSE != 0 {
        lame(&N);
    }
    if rides & ride::ELEPHANT != 0 {
        lame(&[(2, 2), (2, -2), (-2, 2), (-2, -2)]);
    }
    if rides & ride::ZEBRA != 0 {
        lame(&[
            (3, 2),
            (3, -2),
            (-3, 2),
            (-3, -2),
            (2, 3),
            (2, -3),
            (-2, 3),
            (-2, -3),
        ]);
    }
    if rides & ride::DABBABA != 0 {
        lame(&[(2, 0), (-2, 0), (0, 2), (0, -2)]);
    }
    out
}

/// The squares a lame leap passes: one step at a time along the longer
/// side first, diagonally once both sides are equal (the Xiangqi horse's
/// orthogonal first step; the elephant's diagonal middle square).
fn path(s: usize, v: Vector, side: usize, files: i32, ranks: i32) -> Vec<usize> {
    let (dr, df) = if side == 0 {
        (v.0 as i32, v.1 as i32)
    } else {
        (-v.0 as i32, -v.1 as i32)
    };
    let (mut f, mut r) = ((s as i32) % WIDTH, (s as i32) / WIDTH);
    let (tf, tr) = (f + df, r + dr);
    let mut out = Vec::new();
    while (f, r) != (tf, tr) {
        let diff = (tf - f).abs() - (tr - r).abs();
        if diff > 0 {
            f += (tf - f).signum();
        } else if diff < 0 {
            r += (tr - r).signum();
        } else {
            f += (tf - f).signum();
            r += (tr - r).signum();
        }
        if (f, r) != (tf, tr) {
            // A path square off the board blocks nothing.
            if let Some(p) = square(f, r, files, ranks) {
                out.push(p);
            }
        }
    }
    out
}

/// A piece's Betza, read (errors say which letter is wrong).
pub fn moves_of(betza: &str) -> Result<Moves, String> {
    betza::parse(betza)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> usize {
        let f = name.as_bytes()[0] as i32 - 'a' as i32;
        let r: i32 = name[1..].parse::<i32>().unwrap() - 1;
        (r * WIDTH + f) as usize
    }

    #[test]
    fn narrow_rays_agree_with_the_wide_tables() {
        // Boards of up to 8 ranks take the 128-bit path; the 256-bit
        // tables of the same board are the reference.
        for (files, ranks) in [(8, 8), (10, 8), (16, 8), (7, 5)] {
            let narrow = Rays::new(files, ranks);
            assert!(!narrow.narrow.is_empty());
            let wide = Rays {
                narrow: Vec::new(),
                ..narrow.clone()
            };
            let squares: Vec<usize> = (0..ranks)
                .flat_map(|r| (0..files).map(move |f| (r * WIDTH + f) as usize))
                .collect();
            let mut seed = 5u64;
            for round in 0..40 {
                let mut blockers = Board::EMPTY;
                for &s in &squares {
                    let (next, x) = crate::zobrist::splitmix64(seed);
                    seed = next;
                    if x % 100 < round * 2 {
                        blockers.set(s);
                    }
                }
                for &s in &squares {
                    assert_eq!(
                        narrow.reach(RAY_RIDES, s, &blockers),
                        wide.reach(RAY_RIDES, s, &blockers),
                        "{files}x{ranks} from {s}"
                    );
                    for d in 0..16 {
                        assert_eq!(
                            narrow.first_beyond(s, d, &blockers),
                            wide.first_beyond(s, d, &blockers)
                        );
                    }
                    for &t in &squares {
                        if let Some(d) = Rays::direction(s, t) {
                            assert_eq!(narrow.between(s, t, d), wide.between(s, t, d));
                            assert_eq!(
                                narrow.clear_between(s, t, d, &blockers),
                                wide.clear_between(s, t, d, &blockers)
                            );
                        }
                    }
                }
            }
        }
        assert!(Rays::new(8, 9).narrow.is_empty());
    }

    fn reach(betza: &str, from: &str, blockers: &[&str]) -> Vec<usize> {
        let c = compile(&moves_of(betza).unwrap(), 0, 8, 8);
        let mut occ = Board::EMPTY;
        for b in blockers {
            occ.set(sq(b));
        }
        let s = sq(from);
        let b = (c.leap[0][CAPTURE][s]
            | ride_reach(c.rides[0][CAPTURE], s, 0, &occ, &Board::EMPTY, 8, 8))
            & c.pseudo[0][CAPTURE][s];
        b.iter().collect()
    }

    #[test]
    fn rides_hops_and_lame_leaps_on_a_board() {
        assert_eq!(reach("R", "a1", &["a3"]).len(), 7 + 2);
        assert_eq!(reach("W3", "a1", &[]).len(), 6);
        // A cannon takes the first piece beyond a hurdle.
        assert_eq!(
            reach("pR", "a1", &["a3", "a6"]),
            vec![sq("a4"), sq("a5"), sq("a6")]
        );
        assert_eq!(reach("gR", "a1", &["a3", "a6"]), vec![sq("a4")]);
        // The Xiangqi horse: blocked by the orthogonal neighbour.
        assert_eq!(reach("nN", "b1", &["b2"]), vec![sq("d2")]);
        assert_eq!(reach("nN", "b1", &[]).len(), 3);
        // A rider outside W, F and N: dropped as Fairy-Stockfish drops it.
        assert!(reach("AA", "a1", &[]).is_empty());
        // Black's forward is down the board.
        let black = compile(&moves_of("fW").unwrap(), 1, 8, 8);
        assert!(black.leap[0][QUIET][sq("e7")].has(sq("e6")));
    }
}

/// The rides of rooks, bishops and nightriders as ray tables of one board
/// size: a ride is its empty-board ray cut after the first blocker (the
/// nearest set square of the ray, lowest or highest by the direction's
/// sign), a few word operations instead of a walk square by square.
#[derive(Clone, Debug, Default)]
pub struct Rays {
    /// `[square][direction]`: the squares from `square` on in `direction`
    /// (a square's rays side by side, as a ride reads them together).
    ray: Vec<[Board; 16]>,
    /// The same rays as 128-bit words, for boards of up to 8 ranks (all
    /// squares below 128; empty otherwise): a ride there is a few
    /// operations on one register pair, and the table fits the L1 cache.
    narrow: Vec<[u128; 16]>,
}

/// A board's first two words (its squares below 128) as one number.
#[inline]
fn low128(b: &Board) -> u128 {
    b.0[0] as u128 | (b.0[1] as u128) << 64
}

/// A 128-bit set as a board.
#[inline]
fn from128(x: u128) -> Board {
    crate::Bits([x as u64, (x >> 64) as u64, 0, 0])
}

/// A rising ray up to and including its first square in `occupied`.
#[inline(always)]
fn rising(ray: u128, occupied: u128) -> u128 {
    let hit = ray & occupied;
    ray & (hit ^ hit.wrapping_sub(1))
}

/// A falling ray down to and including its first square in `occupied`.
#[inline(always)]
fn falling(ray: u128, occupied: u128) -> u128 {
    // Square 0 added to the hit moves its highest square only when the
    // hit is empty, and then the mask keeps the whole ray (square 0, if
    // on it, is its last square): no branch.
    let hit = ray & occupied | 1;
    ray & (u128::MAX << (127 - hit.leading_zeros()))
}

// `reach128` writes each direction's rise or fall out; [`UP`] agrees.
const _: () = assert!(
    UP[0]
        && !UP[1]
        && UP[2]
        && !UP[3]
        && UP[4]
        && UP[5]
        && !UP[6]
        && !UP[7]
        && UP[8]
        && UP[9]
        && !UP[10]
        && !UP[11]
        && UP[12]
        && UP[13]
        && !UP[14]
        && !UP[15]
);

/// [`Rays::reach`] on the 128-bit tables, each direction's rise or fall
/// known (see [`UP`]).
#[inline(always)]
fn reach128(rays: &[u128; 16], rides: u16, occupied: u128) -> u128 {
    let mut out = 0;
    if rides & ride::ROOK_H != 0 {
        out |= rising(rays[0], occupied) | falling(rays[1], occupied);
    }
    if rides & ride::ROOK_V != 0 {
        out |= rising(rays[2], occupied) | falling(rays[3], occupied);
    }
    if rides & ride::BISHOP != 0 {
        out |= rising(rays[4], occupied)
            | rising(rays[5], occupied)
            | falling(rays[6], occupied)
            | falling(rays[7], occupied);
    }
    if rides & ride::NIGHTRIDER != 0 {
        out |= rising(rays[8], occupied)
            | rising(rays[9], occupied)
            | falling(rays[10], occupied)
            | falling(rays[11], occupied)
            | rising(rays[12], occupied)
            | rising(rays[13], occupied)
            | falling(rays[14], occupied)
            | falling(rays[15], occupied);
    }
    out
}

/// The directions of [`Rays`]: rook along ranks (2), along files (2),
/// bishop (4), nightrider (8).
const RAY_DIRECTIONS: [Vector; 16] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
];

/// Whether squares grow along each of [`RAY_DIRECTIONS`]: it goes up the
/// board, or right along a rank.
const UP: [bool; 16] = {
    let mut up = [false; 16];
    let mut d = 0;
    while d < 16 {
        let (dr, df) = RAY_DIRECTIONS[d];
        up[d] = dr > 0 || (dr == 0 && df > 0);
        d += 1;
    }
    up
};

/// Not a direction of [`Rays`].
const NO_DIRECTION: u8 = u8::MAX;

/// `[rank step + 2][file step + 2]`: the index in [`RAY_DIRECTIONS`].
const DIRECTION_OF: [[u8; 5]; 5] = {
    let mut table = [[NO_DIRECTION; 5]; 5];
    let mut d = 0;
    while d < 16 {
        let (dr, df) = RAY_DIRECTIONS[d];
        table[(dr + 2) as usize][(df + 2) as usize] = d as u8;
        d += 1;
    }
    table
};

/// The ride kinds [`Rays`] computes.
pub const RAY_RIDES: u16 = ride::ROOK_H | ride::ROOK_V | ride::BISHOP | ride::NIGHTRIDER;

impl Rays {
    /// The tables of a board of `files` x `ranks`.
    pub fn new(files: i32, ranks: i32) -> Rays {
        let n = (WIDTH * WIDTH) as usize;
        let ray = (0..n)
            .map(|s| {
                RAY_DIRECTIONS.map(|v| {
                    let mut b = Board::EMPTY;
                    let mut at = s;
                    while let Some(to) = step(at, v, 0, files, ranks) {
                        b.set(to);
                        at = to;
                    }
                    b
                })
            })
            .collect::<Vec<[Board; 16]>>();
        let narrow = if ranks as usize * WIDTH as usize <= 128 {
            ray[..128]
                .iter()
                .map(|rays| rays.map(|b| low128(&b)))
                .collect()
        } else {
            Vec::new()
        };
        Rays { ray, narrow }
    }

    /// The direction (an index of the tables) in which `to` lies from
    /// `from` on a rook's, bishop's or nightrider's line, if it does.
    #[inline]
    pub fn direction(from: usize, to: usize) -> Option<usize> {
        let (dr, df) = (
            to as i32 / WIDTH - from as i32 / WIDTH,
            to as i32 % WIDTH - from as i32 % WIDTH,
        );
        let unit = if dr == 0 || df == 0 || dr.abs() == df.abs() {
            (dr.signum(), df.signum())
        } else if dr.abs() == 2 * df.abs() {
            (2 * dr.signum(), df.signum())
        } else if df.abs() == 2 * dr.abs() {
            (dr.signum(), 2 * df.signum())
        } else {
            return None;
        };
        let d = DIRECTION_OF[(unit.0 + 2) as usize][(unit.1 + 2) as usize];
        (d != NO_DIRECTION).then_some(d as usize)
    }

    /// The squares strictly between `from` and `to`, which lies from
    /// `from` in direction `d`.
    #[inline]
    pub fn between(&self, from: usize, to: usize, d: usize) -> Board {
        if let (Some(a), Some(b)) = (self.narrow.get(from), self.narrow.get(to)) {
            return from128(a[d] & !b[d] & !(1u128 << to));
        }
        self.ray[from][d]
            .and_not(self.ray[to][d])
            .and_not(Board::single(to))
    }

    /// Whether none of `blockers` stands strictly between `from` and `to`
    /// (which lies from `from` in direction `d`).
    #[inline]
    pub fn clear_between(&self, from: usize, to: usize, d: usize, blockers: &Board) -> bool {
        if let (Some(a), Some(b)) = (self.narrow.get(from), self.narrow.get(to)) {
            return a[d] & !b[d] & !(1u128 << to) & low128(blockers) == 0;
        }
        (self.between(from, to, d) & *blockers).is_empty()
    }

    /// The squares strictly between two squares on a rook's or bishop's
    /// line; none when they share no such line.
    #[inline]
    pub fn line_between(&self, a: usize, b: usize) -> Board {
        match Self::direction(a, b) {
            Some(d) if d < 8 => self.between(a, b, d),
            _ => Board::EMPTY,
        }
    }

    /// The first square of `blockers` beyond `s` seen from `from` (`s`
    /// lying in direction `d` from it), if any.
    #[inline]
    pub fn first_beyond(&self, s: usize, d: usize, blockers: &Board) -> Option<usize> {
        if let Some(rays) = self.narrow.get(s) {
            let hit = rays[d] & low128(blockers);
            return (hit != 0).then(|| {
                if UP[d] {
                    hit.trailing_zeros() as usize
                } else {
                    127 - hit.leading_zeros() as usize
                }
            });
        }
        let hit = self.ray[s][d] & *blockers;
        if UP[d] {
            hit.lowest()
        } else {
            hit.highest()
        }
    }

    /// The squares the rides of `rides` (of [`RAY_RIDES`]) reach from `s`
    /// with `blockers` in the way, each ride ending on its first blocker.
    #[inline]
    pub fn reach(&self, rides: u16, s: usize, blockers: &Board) -> Board {
        match self.narrow.get(s) {
            Some(rays) => from128(reach128(rays, rides, low128(blockers))),
            None => self.reach_wide(rides, s, blockers),
        }
    }

    /// [`Rays::reach`] on the 256-bit tables (boards of over 8 ranks).
    #[inline(never)]
    fn reach_wide(&self, rides: u16, s: usize, blockers: &Board) -> Board {
        let mut dirs = 0u16;
        if rides & ride::ROOK_H != 0 {
            dirs |= 0x0003;
        }
        if rides & ride::ROOK_V != 0 {
            dirs |= 0x000c;
        }
        if rides & ride::BISHOP != 0 {
            dirs |= 0x00f0;
        }
        if rides & ride::NIGHTRIDER != 0 {
            dirs |= 0xff00;
        }
        let rays = &self.ray[s];
        let mut out = Board::EMPTY;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = rays[d];
            let hit = ray & *blockers;
            out |= ray
                & if UP[d] {
                    hit.through_lowest()
                } else {
                    hit.from_highest()
                };
        }
        out
    }
}
