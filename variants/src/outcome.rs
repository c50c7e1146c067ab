//! How a game ends.

use crate::Side;
use std::fmt;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser's king (or wizard) was captured.
    KingCaptured,
    /// The loser has no legal move, which loses in this variant.
    NoLegalMove,
    /// The winner has no legal move, which wins in this variant
    /// (antichess's stalemate).
    NoLegalMoveWins,
    /// The loser's pieces of a kind are gone (a defined game's extinction
    /// rule), or the winner's, where extinction wins.
    Extinction,
    /// A flag piece reached its region.
    Flag,
    /// The winner gave the last of the checks the game counts (n-check).
    Checks,
    /// The game ended (both passed, the board filled) and the winner's
    /// material counts more (a defined game's `materialCounting`).
    Material,
    /// The position repeated as often as the game's rule says, which
    /// decides it (a defined game's `nFoldValue`).
    Repetition,
    /// The loser checked in every position of a repetition
    /// (`perpetualCheckIllegal`).
    PerpetualCheck,
    /// The loser chased the same piece with every move of a repetition
    /// (`chasingRule`: xiangqi's rule).
    PerpetualChase,
    /// The winner's pieces made the game's shape (a defined game's
    /// `connectN`: so many in a row).
    Connect,
    /// The winner castled as the game's rule says wins, or the loser lost
    /// the right to (a defined game's `castlingWins`).
    Castling,
}

/// Why the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position occurred three times with the same side to move.
    Repetition,
    /// 100 plies without a capture or a pawn-class move.
    FiftyMoves,
    /// Neither side can possibly mate.
    InsufficientMaterial,
    /// A defined game's extinction rule draws.
    Extinction,
    /// Both sides reached their flags.
    Flag,
    /// Makruk's counting ran out before mate.
    Counting,
    /// The game ended (both passed, the board filled) with the material
    /// even, or with nothing to count it by.
    Material,
    /// A shape was made that the game scores as a draw (`connectValue`).
    Connect,
    /// Shatar: a mate after checks none of which was a shak (by a rook,
    /// knight or bers), a niol.
    Niol,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// The side that won.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// The result when `mover` has no legal move: checkmate if in check,
    /// else stalemate (the orthodox rule several variants share).
    pub fn no_legal_move(mover: Side, in_check: bool) -> Outcome {
        if in_check {
            Outcome::Win {
                winner: !mover,
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }
}

/// The comment XBoard shows with a result, e.g. `White mates`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => match reason {
                WinReason::Checkmate => write!(f, "{winner} mates"),
                WinReason::KingCaptured => write!(f, "{winner} captures the king"),
                WinReason::NoLegalMove => write!(f, "{} has no legal move", !*winner),
                WinReason::NoLegalMoveWins => write!(f, "{winner} has no legal move and wins"),
                WinReason::Extinction => write!(f, "{winner} wins by extinction"),
                WinReason::Flag => write!(f, "{winner} wins by reaching the flag"),
                WinReason::Checks => write!(f, "{winner} wins by giving the last check"),
                WinReason::Material => write!(f, "{winner} wins on material"),
                WinReason::Repetition => write!(f, "{winner} wins by repetition"),
                WinReason::PerpetualCheck => write!(f, "{} checks perpetually", !*winner),
                WinReason::PerpetualChase => write!(f, "{} chases perpetually", !*winner),
                WinReason::Connect => write!(f, "{winner} wins by making a row"),
                WinReason::Castling => write!(f, "{winner} wins by castling"),
            },
            Outcome::Draw(reason) => f.write_str(match reason {
                DrawReason::Stalemate => "Stalemate",
                DrawReason::Repetition => "Draw by repetition",
                DrawReason::FiftyMoves => "Draw by fifty-move rule",
                DrawReason::InsufficientMaterial => "Draw by insufficient material",
                DrawReason::Extinction => "Draw by extinction",
                DrawReason::Flag => "Draw: both flags reached",
                DrawReason::Counting => "Draw by the counting rule",
                DrawReason::Niol => "Draw: a mate without a shak (niol)",
                DrawReason::Material => "Draw: the game ended with material even",
                DrawReason::Connect => "Draw: a row was made",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_strings() {
        let mate = Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate,
        };
        assert_eq!(mate.result(), "0-1");
        assert_eq!(mate.to_string(), "Black mates");
        assert_eq!(mate.winner(), Some(Side::Black));
        let draw = Outcome::Draw(DrawReason::Stalemate);
        assert_eq!(draw.result(), "1/2-1/2");
        assert_eq!(draw.winner(), None);
    }
}
