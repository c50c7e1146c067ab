//! A turn in the notations the front ends write.

use variants::{Side, Variant};

/// One turn, written every way a front end may want it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The wire token (UCI, the page, PGN's token notation).
    pub token: String,
    /// The token for XBoard (Chess960 castling is `O-O` there).
    pub xboard: String,
    /// Human notation: SAN where the game has it, else the token.
    pub san: String,
}

impl Turn {
    /// The turn of `plies` played from `pos`.
    pub(crate) fn of<V: Variant>(pos: &V::Position, plies: &[V::Move]) -> Turn {
        Turn {
            token: V::turn_to_token(pos, plies),
            xboard: V::turn_to_xboard(pos, plies),
            san: V::turn_to_san(pos, plies),
        }
    }
}

/// A turn of a game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The turn.
    pub turn: Turn,
    /// The side that played it.
    pub side: Side,
    /// The move number written before it (`12.`, `12...`), where one is
    /// written: the game's own numbering (Advanced Wizard's Black moves
    /// first).
    pub number: Option<String>,
    /// The FEN after it.
    pub fen: String,
}
