//! Games won by making a shape (Fairy-Stockfish's connection rules, read
//! from a section once): `connectN` in a row (tic-tac-toe, Connect Four),
//! a chain from one region to another (`connectRegion1White` ...), an
//! N-by-N square (`connectNxN`), N on one line with gaps (`collinearN`);
//! of the `connectPieceTypes`, in the directions `connectHorizontal`,
//! `connectVertical` and `connectDiagonal` allow. The side whose move made
//! the shape gets `connectValue` (a win by default).

use super::def::Value;
use super::piece::{Board, WIDTH};
use super::position::Position;

/// The keys of the connection rules (see [`Connect`]).
pub const KEYS: &[&str] = &[
    "connectN",
    "connectPieceTypes",
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
    "connectNxN",
    "collinearN",
    "connectValue",
];

/// How a game is won by a shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// Pieces in an unbroken row that make the shape (0: none).
    pub n: u32,
    /// The side of a square of pieces that makes the shape (0: none).
    pub nxn: u32,
    /// Pieces on one line, gaps allowed, that make the shape (0: none).
    pub collinear: u32,
    /// `[side]`: two regions a chain of its pieces joins (empty: none).
    pub regions: [[Board; 2]; 2],
    /// The types that count.
    pub types: u64,
    /// The directions, as (files, ranks) steps: east, north, north-east
    /// and south-east, as the keys allow (Fairy-Stockfish's order).
    pub directions: Vec<(i32, i32)>,
    /// What the side that made the shape gets.
    pub value: Value,
}

impl Connect {
    /// Whether the game has a connection rule.
    pub fn any(&self) -> bool {
        self.n > 0
            || self.nxn > 0
            || self.collinear > 0
            || self.regions.iter().any(|r| r[0].any() && r[1].any())
    }

    /// Whether `side`'s pieces make one of the game's shapes in `pos`.
    pub fn made(&self, pos: &Position, side: usize) -> bool {
        let def = pos.def;
        let mine: Board = pos.by_side[side]
            .iter()
            .filter(|&s| {
                pos.piece(s)
                    .is_some_and(|(_, t)| self.types & (1 << t) != 0)
            })
            .collect();
        if !mine.any() {
            return false;
        }
        let at = |s: usize, (df, dr): (i32, i32), k: i32| {
            def.square(s as i32 % WIDTH + df * k, s as i32 / WIDTH + dr * k)
        };
        if self.n > 0 {
            let n = self.n as i32;
            let row =
                |s: usize, d: (i32, i32)| (1..n).all(|k| at(s, d, k).is_some_and(|x| mine.has(x)));
            if mine
                .iter()
                .any(|s| self.directions.iter().any(|&d| row(s, d)))
            {
                return true;
            }
        }
        let [first, second] = self.regions[side];
        if (first & mine).any() && (second & mine).any() {
            // Grown from the first region's pieces a step at a time, only
            // along the directions and only forwards, as Fairy-Stockfish's
            // shifts grow it; a piece of the second region reached by a
            // step joins them.
            let mut current = first & mine;
            loop {
                let mut new = Board::EMPTY;
                for &d in &self.directions {
                    for s in (current | new).iter() {
                        if let Some(x) = at(s, d, 1).filter(|&x| mine.has(x)) {
                            new.set(x);
                        }
                    }
                }
                if (new & second).any() {
                    return true;
                }
                if new.and_not(current).is_empty() {
                    break;
                }
                current |= new;
            }
        }
        if self.nxn > 0 {
            let n = self.nxn as i32;
            let square = |s: usize| {
                (0..n).all(|df| (0..n).all(|dr| at(s, (df, dr), 1).is_some_and(|x| mine.has(x))))
            };
            if mine.iter().any(square) {
                return true;
            }
        }
        if self.collinear > 0 {
            let n = self.collinear as i32;
            for s in mine.iter() {
                for &d in &self.directions {
                    let count = |sign: i32| {
                        (1..)
                            .map_while(|k| at(s, (d.0 * sign, d.1 * sign), k))
                            .filter(|&x| mine.has(x))
                            .count() as i32
                    };
                    if 1 + count(1) + count(-1) >= n {
                        return true;
                    }
                }
            }
        }
        false
    }
}
