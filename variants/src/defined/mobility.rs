//! Where pieces may go, Fairy-Stockfish's xiangqi family of rules, read
//! from a section once: mobility regions (`mobilityRegionWhiteKing = d1
//! e1 f1 ...`: a piece of that type and side moves, takes, attacks and is
//! dropped only within its region, so a general never leaves its palace),
//! the soldier's steps before its promotion rank (`soldierPromotionRank`:
//! only forward until then) and the flying general (`flyingGeneral`: no
//! move may leave the two kings facing each other on an open file or
//! rank), and janggi's palace lines (`diagonalLines`: on those squares a
//! wazir, a soldier, a rook and a janggi cannon, and a general that moves
//! as a wazir, also move along the diagonals to the next square of the
//! lines, as a fers, a pawn taking, a bishop and a cannon hopping
//! diagonally do). The regions and lines are compiled into each piece's
//! move tables ([`Mobility::restrict`], [`Mobility::add_lines`]), so the
//! move generator and the attack tests pay nothing for them.

use super::piece::{Board, Compiled, WIDTH};

/// The keys of this family beyond the per-piece regions (see
/// [`is_region_key`]).
pub const KEYS: &[&str] = &[
    "soldierPromotionRank",
    "flyingGeneral",
    "diagonalLines",
    "kingType",
];

/// The diagonal moves a piece of Fairy-Stockfish's type `name` gains on
/// the palace lines (`diagonalLines`), in Betza: a wazir's (and a general
/// that moves as one, `wazir_king`) as a fers, a soldier's as a pawn
/// takes (forward, to move and to take), a rook's as a bishop, a janggi
/// cannon's as a cannon hopping along the diagonal. Other types,
/// custom pieces among them, gain none (Fairy-Stockfish's rule, by type).
pub fn line_moves(name: &str, wazir_king: bool) -> Option<&'static str> {
    match name {
        "wazir" => Some("F"),
        "king" if wazir_king => Some("F"),
        "soldier" => Some("fF"),
        "rook" => Some("B"),
        "janggiCannon" => Some("pB"),
        _ => None,
    }
}

/// The prefixes of the per-piece region keys, by side.
pub const REGION_PREFIXES: [&str; 2] = ["mobilityRegionWhite", "mobilityRegionBlack"];

/// Whether `key` is a mobility region key (`mobilityRegionWhiteKing`,
/// `mobilityRegionBlackCustomPiece3`): the piece it names is looked up
/// with the game's pieces.
pub fn is_region_key(key: &str) -> bool {
    REGION_PREFIXES
        .iter()
        .any(|p| key.strip_prefix(p).is_some_and(|rest| !rest.is_empty()))
}

/// The key of the region of the piece called `name` for `side`, as
/// Fairy-Stockfish spells it (the name's first letter in upper case).
pub fn region_key(side: usize, name: &str) -> String {
    let mut cs = name.chars();
    let first = cs.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{}{}{}",
        REGION_PREFIXES[side],
        first.map(String::from).unwrap_or_default(),
        cs.as_str()
    )
}

/// Where each piece may go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mobility {
    /// By type, by side: the squares its pieces may stand on, where the
    /// file restricts them (an empty region restricts nothing, as in
    /// Fairy-Stockfish).
    pub region: Vec<[Option<Board>; 2]>,
    /// The soldier's type, where the game has one, and the rank (from 0,
    /// from its side) from which it also steps sideways.
    pub soldier: Option<(usize, i32)>,
    /// Whether the kings may not face each other (`flyingGeneral`).
    pub flying_general: bool,
    /// The squares of the palace lines (`diagonalLines`; empty: none).
    pub lines: Board,
}

impl Mobility {
    /// Whether any piece is restricted.
    pub fn restricts(&self) -> bool {
        self.region.iter().flatten().any(Option::is_some) || self.soldier.is_some()
    }

    /// The squares a piece of type `t` and `side` may stand on.
    #[inline]
    pub fn region(&self, t: usize, side: usize) -> Board {
        self.region
            .get(t)
            .and_then(|r| r[side])
            .unwrap_or(Board::FULL)
    }

    /// The squares a piece of type `t` and `side` on `from` may go to:
    /// its region, and a soldier's file before its promotion rank.
    fn targets(&self, t: usize, side: usize, from: usize, ranks: i32) -> Board {
        let mut b = self.region(t, side);
        if let Some((soldier, rank)) = self.soldier {
            let r = from as i32 / WIDTH;
            let relative = if side == 0 { r } else { ranks - 1 - r };
            if soldier == t && relative < rank {
                let file = from as i32 % WIDTH;
                b &= (0..WIDTH)
                    .map(|r| (r * WIDTH + file) as usize)
                    .collect::<Board>();
            }
        }
        b
    }

    /// Cuts the compiled moves of type `t` and `side` to where it may go
    /// (its attacks with them).
    pub fn restrict(&self, compiled: &mut Compiled, t: usize, side: usize, ranks: i32) {
        let n = (WIDTH * WIDTH) as usize;
        let masks: Vec<Board> = (0..n)
            .map(|from| self.targets(t, side, from, ranks))
            .collect();
        compiled.restrict(&masks);
    }

    /// Adds the palace lines' moves `extra` (the moves of
    /// [`line_moves`], compiled for the piece's side) to a piece of type
    /// `t` and `side`: from a square of the lines to one of the lines
    /// within its region. (After [`Mobility::restrict`]: a soldier short
    /// of its promotion rank keeps them, as in Fairy-Stockfish.)
    pub fn add_lines(&self, compiled: &mut Compiled, extra: &Compiled, t: usize, side: usize) {
        let to = self.lines & self.region(t, side);
        compiled.add_within(extra, &self.lines, &to);
    }
}
