//! Pockets and drops: the rules of a game whose pieces can come from a
//! hand (Fairy-Stockfish's `pieceDrops` family of keys), read from a
//! section once, and where a piece in hand may be put.

use super::piece::{Board, WIDTH};
use super::position::Position;

/// The keys of the drop rules (see [`DropRules`]).
pub const KEYS: &[&str] = &[
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropChecks",
    "dropRegionWhite",
    "dropRegionBlack",
    "whiteDropRegion",
    "blackDropRegion",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "shogiPawnDropMateIllegal",
    "dropPromoted",
];

/// How pieces go into hands and come out of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropRules {
    /// Whether pieces in hand may be dropped (`pieceDrops`): the game has
    /// pockets, written `[...]` after the FEN's board.
    pub enabled: bool,
    /// Whether a captured piece goes to the capturer's hand
    /// (`capturesToHand`).
    pub captures_to_hand: bool,
    /// Whether a promoted piece stays what it became when captured
    /// (`dropLoop`); else it goes to hand as the pawn it was.
    pub drop_loop: bool,
    /// Whether pawns may be dropped on their side's first rank.
    pub first_rank_pawn_drops: bool,
    /// Whether pawns may be dropped in their promotion region.
    pub promotion_zone_pawn_drops: bool,
    /// Whether a drop may give check (`dropChecks`).
    pub drop_checks: bool,
    /// `[side]`: where its pieces may be dropped.
    pub region: [Board; 2],
    /// A type that may not be dropped on a file holding
    /// `no_doubled_count` of its side's pieces of that type already
    /// (`dropNoDoubled`, shogi's pawns).
    pub no_doubled: Option<usize>,
    /// How many on a file forbid the drop (`dropNoDoubledCount`).
    pub no_doubled_count: u32,
    /// Whether a piece in hand may also be dropped as what it promotes to
    /// (`dropPromoted`).
    pub drop_promoted: bool,
    /// The shogi pawn's type where mating by dropping one is illegal
    /// (`shogiPawnDropMateIllegal`): the side so mated wins, as
    /// Fairy-Stockfish scores it.
    pub pawn_drop_mate: Option<usize>,
    /// `[side]`: the type a promoted piece goes back to in hand (the
    /// first of the promoting pawn types: Fairy-Stockfish's main
    /// promotion pawn type).
    pub unpromoted: [Option<usize>; 2],
}

impl Default for DropRules {
    fn default() -> DropRules {
        DropRules {
            enabled: false,
            captures_to_hand: false,
            drop_loop: false,
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            drop_checks: true,
            region: [Board::FULL; 2],
            no_doubled: None,
            no_doubled_count: 1,
            drop_promoted: false,
            pawn_drop_mate: None,
            unpromoted: [None; 2],
        }
    }
}

impl DropRules {
    /// Whether a position of the game writes a hand (`[...]`) and the `~`
    /// of promoted pieces.
    pub fn writes_promoted(&self) -> bool {
        self.captures_to_hand && !self.drop_loop
    }
}

/// The empty squares where `side` may drop a piece of type `t` (whether
/// it holds one is not asked): the side's region, less the first rank and
/// the promotion region for the game's pawn where the rules say so, less
/// the files already holding enough of a no-doubled type.
pub fn drop_squares(pos: &Position, side: usize, t: usize) -> Board {
    let def = pos.def;
    let rules = &def.drops;
    let mut b = rules.region[side] & def.board & !pos.occupied() & !pos.holes;
    if Some(t) == def.pawn {
        if !rules.promotion_zone_pawn_drops {
            b &= !def.promotion_region[side];
        }
        if !rules.first_rank_pawn_drops {
            let rank = if side == 0 { 0 } else { def.ranks - 1 };
            b &= !rank_squares(rank);
        }
    }
    if rules.no_doubled == Some(t) {
        let mine = pos.pieces(side, t);
        for f in 0..def.files {
            let file = file_squares(f);
            if (mine & file).count() >= rules.no_doubled_count {
                b &= !file;
            }
        }
    }
    b
}

fn rank_squares(rank: i32) -> Board {
    (0..WIDTH).map(|f| (rank * WIDTH + f) as usize).collect()
}

fn file_squares(file: i32) -> Board {
    (0..WIDTH).map(|r| (r * WIDTH + file) as usize).collect()
}
