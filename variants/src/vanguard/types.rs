//! Squares, pieces, actions and the fixed geometry of the 16x16 board.
//!
//! A square is `16 * rank + file` (both from 0), as the spec numbers them,
//! so "lowest square" is the lowest index. The board is a mailbox of piece
//! codes beside one wide bitboard (`Bits<4>`) per colour and per kind.

use crate::Bits;
use std::sync::OnceLock;

/// A square index, 0..256.
pub type Square = usize;
/// A set of squares.
pub type Board = Bits<4>;

/// Files and ranks.
pub const SIZE: i32 = 16;
/// Squares.
pub const SQUARES: usize = 256;

/// The piece kinds, in the spec's table order.
pub const KING: usize = 0;
/// Queen `Q`.
pub const QUEEN: usize = 1;
/// Rook `R`.
pub const ROOK: usize = 2;
/// Bishop `B`.
pub const BISHOP: usize = 3;
/// Knight `N` (with the Giraffe leap).
pub const KNIGHT: usize = 4;
/// Pawn `P`.
pub const PAWN: usize = 5;
/// Chancellor `C`.
pub const CHANCELLOR: usize = 6;
/// Archer `A`.
pub const ARCHER: usize = 7;
/// Wizard `W`.
pub const WIZARD: usize = 8;
/// Helepolis `H`.
pub const HELEPOLIS: usize = 9;
/// General `G`.
pub const GENERAL: usize = 10;
/// Falconer `F`.
pub const FALCONER: usize = 11;
/// Soldier `S`.
pub const SOLDIER: usize = 12;
/// Lancer `L`.
pub const LANCER: usize = 13;
/// Spy `Y`.
pub const SPY: usize = 14;
/// Bowman `M`.
pub const BOWMAN: usize = 15;
/// Nightrider `D`.
pub const NIGHTRIDER: usize = 16;
/// Sergeant `T`.
pub const SERGEANT: usize = 17;
/// Prince `I`.
pub const PRINCE: usize = 18;
/// Princess `E`.
pub const PRINCESS: usize = 19;
/// Berserker `Z` (the Chu Shogi Lion).
pub const BERSERKER: usize = 20;
/// Number of kinds.
pub const KINDS: usize = 21;

/// FEN letters by kind (upper case: White).
pub const LETTERS: [char; KINDS] = [
    'K', 'Q', 'R', 'B', 'N', 'P', 'C', 'A', 'W', 'H', 'G', 'F', 'S', 'L', 'Y', 'M', 'D', 'T', 'I',
    'E', 'Z',
];

/// The kind of an upper-case letter.
pub fn kind_from_letter(c: char) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c)
}

/// Pawn, Soldier and Sergeant: they promote and reset the 100-ply clock.
pub const fn pawn_class(kind: usize) -> bool {
    matches!(kind, PAWN | SOLDIER | SERGEANT)
}

/// What a pawn-class piece becomes on its far rank.
pub const fn promotion_of(kind: usize) -> usize {
    match kind {
        PAWN => KNIGHT,
        SOLDIER => HELEPOLIS,
        SERGEANT => LANCER,
        other => other,
    }
}

/// The file (0..16) of a square.
#[inline]
pub const fn file_of(sq: Square) -> i32 {
    (sq % 16) as i32
}

/// The rank (0..16) of a square.
#[inline]
pub const fn rank_of(sq: Square) -> i32 {
    (sq / 16) as i32
}

/// The square at `(file, rank)`, if on the board.
#[inline]
pub const fn square(file: i32, rank: i32) -> Option<Square> {
    if file >= 0 && file < SIZE && rank >= 0 && rank < SIZE {
        Some((rank * SIZE + file) as Square)
    } else {
        None
    }
}

/// `sq + (dx, dy)`, if on the board.
#[inline]
pub const fn offset(sq: Square, dx: i32, dy: i32) -> Option<Square> {
    square(file_of(sq) + dx, rank_of(sq) + dy)
}

/// How Vanguard Chess names its squares.
/// How the game names its squares.
pub const NAMES: crate::SquareNames = crate::SquareNames::single(16, 16);

/// A square's name: `a1` .. `p16`.
pub fn square_name(sq: Square) -> String {
    NAMES.name(0, file_of(sq) as usize, rank_of(sq) as usize)
}

/// Reads a square name; `None` unless it is `a1` .. `p16` exactly.
pub fn parse_square(s: &str) -> Option<Square> {
    let (_, file, rank) = NAMES.parse(s)?;
    square(file as i32, rank as i32)
}

/// What an action does besides moving a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ActionKind {
    /// Move, capturing on `to` if an enemy stands there.
    Normal = 0,
    /// The Wizard swaps with the friendly piece on `to`.
    Swap = 1,
    /// The Archer captures on `via` and stays (`to == from`).
    ArcherShot = 2,
    /// The Bowman moves to `to` and captures on `via`.
    BowmanShot = 3,
    /// The Berserker captures on `via`, then steps to `to` (capturing there
    /// too if an enemy stands there; `to == from` captures without moving).
    LionDouble = 4,
    /// The Berserker steps to the empty `via` and back: nothing changes.
    Pass = 5,
}

/// One action (a whole turn): from, to, a second square and a kind, packed
/// into 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action(pub u32);

impl Action {
    /// The "no action" value.
    pub const NONE: Action = Action(u32::MAX);

    /// A packed action.
    #[inline]
    pub const fn new(from: Square, to: Square, via: Square, kind: ActionKind) -> Action {
        Action(from as u32 | (to as u32) << 8 | (via as u32) << 16 | (kind as u32) << 24)
    }

    /// A plain move or capture.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Action {
        Action::new(from, to, 0, ActionKind::Normal)
    }

    /// The start square.
    #[inline]
    pub const fn from(self) -> Square {
        (self.0 & 0xFF) as Square
    }

    /// The end square (the start square for shots without moving).
    #[inline]
    pub const fn to(self) -> Square {
        (self.0 >> 8 & 0xFF) as Square
    }

    /// The first leg's square: the shot's or first capture's victim, or the
    /// pass's empty square.
    #[inline]
    pub const fn via(self) -> Square {
        (self.0 >> 16 & 0xFF) as Square
    }

    /// The kind.
    #[inline]
    pub const fn kind(self) -> ActionKind {
        match self.0 >> 24 & 0xFF {
            0 => ActionKind::Normal,
            1 => ActionKind::Swap,
            2 => ActionKind::ArcherShot,
            3 => ActionKind::BowmanShot,
            4 => ActionKind::LionDouble,
            _ => ActionKind::Pass,
        }
    }
}

crate::impl_move_code!(Action(u32), Action::NONE);

/// The (x, y) vectors of an atom in all its versions.
const fn versions(a: i32, b: i32) -> [(i32, i32); 8] {
    [
        (a, b),
        (-a, b),
        (a, -b),
        (-a, -b),
        (b, a),
        (-b, a),
        (b, -a),
        (-b, -a),
    ]
}

/// The 8 knight vectors.
pub const N_STEPS: [(i32, i32); 8] = versions(2, 1);
/// The 4 orthogonal unit vectors.
pub const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The 4 diagonal unit vectors.
pub const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Leaper patterns, each a set of vectors (duplicates merge in the masks).
pub mod pattern {
    /// King: W and F.
    pub const KING: usize = 0;
    /// Knight: N and Giraffe (4,1).
    pub const KNIGHT: usize = 1;
    /// Prince: F and N.
    pub const PRINCE: usize = 2;
    /// Helepolis: W, D, H and (4,0).
    pub const HELEPOLIS: usize = 3;
    /// Falconer: F, A, D, C and G.
    pub const FALCONER: usize = 4;
    /// Wizard: F, N and C.
    pub const WIZARD: usize = 5;
    /// Berserker direct: every square at Chebyshev distance 1 or 2.
    pub const LION: usize = 6;
    /// N alone (Archer shot, Spy, Chancellor, Princess, Lancer's first leap).
    pub const N: usize = 7;
    /// Number of patterns.
    pub const COUNT: usize = 8;
}

fn pattern_vectors(p: usize) -> Vec<(i32, i32)> {
    let atoms: &[(i32, i32)] = match p {
        pattern::KING => &[(1, 0), (1, 1)],
        pattern::KNIGHT => &[(2, 1), (4, 1)],
        pattern::PRINCE => &[(1, 1), (2, 1)],
        pattern::HELEPOLIS => &[(1, 0), (2, 0), (3, 0), (4, 0)],
        pattern::FALCONER => &[(1, 1), (2, 2), (2, 0), (3, 1), (3, 3)],
        pattern::WIZARD => &[(1, 1), (2, 1), (3, 1)],
        pattern::LION => &[(1, 0), (1, 1), (2, 0), (2, 1), (2, 2)],
        _ => &[(2, 1)],
    };
    let mut out: Vec<(i32, i32)> = atoms.iter().flat_map(|&(a, b)| versions(a, b)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// See [`Tables::sensitive`].
fn sensitive_squares(king: Square) -> Board {
    let mut set = Board::EMPTY;
    for (dx, dy) in ORTHO.iter().chain(&DIAG).chain(&N_STEPS) {
        let mut s = king;
        while let Some(n) = offset(s, *dx, *dy) {
            s = n;
            set.set(s);
        }
    }
    // The Bowman's leg: for a step v onto the King from b = K - v, and for
    // a shot from K - 2v (its landing square K - v is on a knight line).
    let leg = |b: (i32, i32), (x, y): (i32, i32)| {
        if x.abs() == 2 {
            square(b.0 + x / 2, b.1)
        } else {
            square(b.0, b.1 + y / 2)
        }
    };
    let (kf, kr) = (file_of(king), rank_of(king));
    for (x, y) in N_STEPS {
        for k in [1, 2] {
            if let Some(o) = leg((kf - k * x, kr - k * y), (x, y)) {
                set.set(o);
            }
        }
    }
    set
}

/// Precomputed geometry.
pub struct Tables {
    /// Leaper target sets by pattern and square.
    pub leaps: Vec<[Board; SQUARES]>,
    /// Leaper target lists by pattern and square (for generation order).
    pub leap_lists: Vec<Vec<Vec<u8>>>,
    /// By King square: every square that some attack on the King needs
    /// empty (the queen lines, the knight lines, the Bowman's leg
    /// squares). Vacating any other square cannot expose the King.
    pub sensitive: Vec<Board>,
}

/// The geometry tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut leaps = Vec::new();
        let mut leap_lists = Vec::new();
        for p in 0..pattern::COUNT {
            let vectors = pattern_vectors(p);
            let mut masks = [Board::EMPTY; SQUARES];
            let mut lists = Vec::with_capacity(SQUARES);
            for (sq, mask) in masks.iter_mut().enumerate() {
                let mut list = Vec::new();
                for &(dx, dy) in &vectors {
                    if let Some(t) = offset(sq, dx, dy) {
                        mask.set(t);
                        list.push(t as u8);
                    }
                }
                list.sort_unstable();
                lists.push(list);
            }
            leaps.push(masks);
            leap_lists.push(lists);
        }
        let sensitive = (0..SQUARES).map(sensitive_squares).collect();
        Tables {
            leaps,
            leap_lists,
            sensitive,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_names() {
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("p1"), Some(15));
        assert_eq!(parse_square("a2"), Some(16));
        assert_eq!(parse_square("p16"), Some(255));
        for bad in ["q1", "a0", "a17", "a01", "a", "", "h8x"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
        assert_eq!(square_name(255), "p16");
        let a = Action::new(7, 200, 33, ActionKind::LionDouble);
        assert_eq!(
            (a.from(), a.to(), a.via(), a.kind()),
            (7, 200, 33, ActionKind::LionDouble)
        );
    }

    #[test]
    fn leaper_target_counts_in_the_middle() {
        let t = tables();
        let mid = square(7, 7).unwrap();
        let count = |p: usize| t.leaps[p][mid].count();
        assert_eq!(count(pattern::KING), 8);
        assert_eq!(count(pattern::KNIGHT), 16);
        assert_eq!(count(pattern::PRINCE), 12);
        assert_eq!(count(pattern::HELEPOLIS), 16);
        assert_eq!(count(pattern::FALCONER), 24);
        assert_eq!(count(pattern::WIZARD), 20);
        assert_eq!(count(pattern::LION), 24);
        assert_eq!(count(pattern::N), 8);
    }
}
