//! Shogi-style promotions: a piece (not only a pawn) that becomes another
//! type on a move into, within or out of its side's promotion region
//! (Fairy-Stockfish's `promotedPieceType`), read from a section once; and
//! which of a piece's moves promote, demote or stay plain.

use super::piece::Board;
use super::position::Position;

/// The keys of shogi-style promotion (see [`PiecePromotions`]).
pub const KEYS: &[&str] = &[
    "promotedPieceType",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    "piecePromotionOnCapture",
];

/// The most types that promote shogi-style: a promoted piece keeps the
/// type it came from in four bits of its square.
pub const MAX_PROMOTING: usize = 15;

/// How pieces promote shogi-style.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecePromotions {
    /// By type: what it promotes to, if it does.
    pub promoted: Vec<Option<usize>>,
    /// Whether a piece that can promote must, moving into (or within) the
    /// region (`mandatoryPiecePromotion`).
    pub mandatory: bool,
    /// Whether a promoted piece may go back to its type on such a move
    /// (`pieceDemotion`).
    pub demotion: bool,
    /// Whether only captures promote (`piecePromotionOnCapture`).
    pub on_capture: bool,
    /// By type: its code among the types that promote (from 1; 0: it does
    /// not), what a promoted piece's square keeps.
    pub code: Vec<u8>,
    /// By code less one: the type.
    pub types: Vec<usize>,
}

impl PiecePromotions {
    /// Whether any type promotes shogi-style.
    pub fn any(&self) -> bool {
        !self.types.is_empty()
    }

    /// Sets the codes of the types that promote; `Err` with their count
    /// when there are more than [`MAX_PROMOTING`].
    pub fn number(&mut self) -> Result<(), usize> {
        self.types = (0..self.promoted.len())
            .filter(|&t| self.promoted[t].is_some())
            .collect();
        if self.types.len() > MAX_PROMOTING {
            return Err(self.types.len());
        }
        self.code = vec![0; self.promoted.len()];
        for (i, &t) in self.types.iter().enumerate() {
            self.code[t] = i as u8 + 1;
        }
        Ok(())
    }
}

/// The squares the piece of type `t` on `from` (of `us`) may promote on
/// and demote on among `targets` (its moves and captures), and the squares
/// where it may also move without either, as Fairy-Stockfish allows them:
/// a piece promotes moving into its region, or within or out of it; with
/// `on_capture` only by a capture; `mandatory` forbids the plain move
/// where a promotion or demotion is open. The predefined pawn promotes
/// only into the region, beside its own promotions.
pub fn targets(
    pos: &Position,
    us: usize,
    t: usize,
    from: usize,
    targets: Board,
) -> (Board, Board, Board) {
    let def = pos.def;
    let rules = &def.piece_promotions;
    let zone = def.promotion_region[us];
    let theirs = pos.by_side[1 - us];
    let open = rules.promoted[t].filter(|&p| {
        let limit = def.promotion_limit[p];
        limit == 0 || pos.pieces(us, p).count() < limit
    });
    if Some(t) == def.pawn {
        let mut promote = if open.is_some() {
            targets & zone
        } else {
            Board::EMPTY
        };
        if rules.on_capture {
            promote &= theirs;
        }
        return (promote, Board::EMPTY, Board::FULL);
    }
    let demote_open = rules.demotion && pos.origin(from).is_some();
    if open.is_none() && !demote_open {
        return (Board::EMPTY, Board::EMPTY, Board::FULL);
    }
    let mut promote = if open.is_some() {
        targets
    } else {
        Board::EMPTY
    };
    let mut demote = if demote_open { targets } else { Board::EMPTY };
    let mut plain = Board::FULL;
    let inside = zone.has(from);
    if rules.mandatory {
        plain = if inside { Board::EMPTY } else { !zone };
        if rules.on_capture {
            plain |= !pos.occupied();
        }
    }
    if rules.on_capture {
        promote &= theirs;
        demote &= theirs;
    }
    if !inside {
        promote &= zone;
        demote &= zone;
    }
    (promote, demote, plain)
}
