//! Vanguard Chess (spec `rules/vanguard.md`): a 16x16 board, 21 piece
//! types with shots, a Chu Shogi Lion and a Wizard that swaps, forced
//! promotions, and a King that a Prince succeeds.
//!
//! The board is a mailbox of piece codes with a wide bitboard (`Bits<4>`)
//! per colour and per kind beside it: leaps are table lookups on the
//! bitboards, slides step along the mailbox (`types`, `position`).

mod eval;
mod fen;
pub mod movegen;
mod notation;
mod pieces;
pub mod position;
#[cfg(test)]
mod tests;
pub mod types;
mod weights;
mod xboard;

pub use eval::VALUE;
pub use position::Position;
pub use types::Action;

use crate::spec::{board, GameSpec};
use crate::GamePosition;
use crate::{
    Fen, FenError, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules, SearchHints, Side,
    WinReason,
};
use std::sync::LazyLock;

/// Vanguard Chess, evaluated with its compiled-in weights or with those
/// of a weights file ([`SearchHints::with_eval_weights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vanguard {
    weights: eval::Weights,
}

/// Vanguard Chess with its compiled-in weights (see [`crate::chess::Chess`]
/// for why a constant).
#[allow(non_upper_case_globals)]
pub const Vanguard: Vanguard = Vanguard {
    weights: eval::Weights::COMPILED,
};

/// What Vanguard Chess says about itself.
pub fn spec() -> &'static GameSpec {
    static SPEC: LazyLock<GameSpec> = LazyLock::new(|| {
        let mut spec = GameSpec::new(
            "vanguard",
            "Vanguard Chess",
            "hdyfbweqkicbfydh/rnzlaamggmaalznr/ppppsssttssspppp/16/16/16/16/16/16/16/16/16/16/PPPPSSSTTSSSPPPP/RNZLAAMGGMAALZNR/HDYFBWEQKICBFYDH w ABCDEFGJKLMNOPabcdefgjklmnop 0 1",
            types::NAMES,
        );
        spec.boards = vec![board(fen::BOARD, "")];
        spec.pieces = pieces::pieces();
        spec.hint = "Shots and double moves: click the piece, then each leg's square in turn; the shooter's shot ends back where it stands.".into();
        spec.rules_markdown = include_str!("../../../docs/rules/vanguard.md").into();
        spec
    });
    &SPEC
}

impl Rules for Vanguard {
    type Position = Position;

    type Move = Action;

    fn spec(&self) -> &GameSpec {
        spec()
    }

    fn generate(pos: &Position, moves: &mut MoveList<Action>) {
        movegen::legal(pos, moves);
    }

    fn repetition_window(pos: &Position) -> u32 {
        pos.reversible
    }

    fn rule_outcome(pos: &Position) -> Option<Outcome> {
        for color in 0..2 {
            if pos.king(color).is_none() {
                return Some(Outcome::Win {
                    winner: Side::from_index(1 - color),
                    reason: WinReason::KingCaptured,
                });
            }
        }
        Self::mate_stalemate_or_move_rule(pos)
    }

    fn count_turns(pos: &Position) -> u64 {
        movegen::count_legal(pos)
    }
}

impl Fen for Vanguard {
    fn read_fen(&self, text: &str) -> Result<Position, FenError> {
        let mut pos = Position::from_fen(text)?;
        pos.weights = self.weights;
        Ok(pos)
    }
}

impl OnePlyNotation for Vanguard {
    fn xboard_definition(&self) -> Vec<String> {
        xboard::definition()
    }

    fn parse_ply(pos: &Position, token: &str) -> Result<Action, MoveError> {
        notation::parse_token(pos, token)
    }

    fn ply_to_token(_pos: &Position, mv: Action) -> String {
        notation::to_token(mv)
    }

    fn ply_to_san(pos: &Position, mv: Action) -> String {
        crate::long_notation::ply::<Self>(spec(), pos, mv)
    }

    fn parse_ply_san(pos: &Position, text: &str) -> Result<Action, MoveError> {
        let token = match Self::parse_ply(pos, text) {
            Ok(a) => return Ok(a),
            Err(e) => e,
        };
        match crate::long_notation::parse::<Self>(spec(), pos, text) {
            Ok(plies) if plies.len() == 1 => Ok(plies[0]),
            // A token that reads but is not legal says so; anything else
            // says it is neither a token nor the notation.
            _ if token.is_illegal() => Err(token),
            Ok(_) => Err(MoveError::illegal(text, "more than one move")),
            Err(e) => Err(e),
        }
    }
}

impl SearchHints for Vanguard {
    fn evaluate(pos: &Position) -> i32 {
        eval::evaluate(pos)
    }

    crate::weights::weighted_eval_hints!(Vanguard);

    fn ply_kind(pos: &Position, mv: Action) -> PlyKind {
        if movegen::is_capture(pos, mv) || eval::promotes(pos, mv) {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    fn history_key(pos: &Position, mv: Action) -> u32 {
        let code = pos.board.get(mv.from()).map_or(255, |&c| c as u32);
        code << 8 | (mv.to() as u32 & 0xFF)
    }

    fn mvv_lva(pos: &Position, mv: Action) -> i32 {
        eval::capture_order(pos, mv)
    }

    const SEE_WEIGHS_GAINS: bool = true;

    fn see_ge(pos: &Position, mv: Action, threshold: i32) -> bool {
        eval::see_ge(pos, mv, threshold)
    }

    fn qsearch_delta(_pos: &Position) -> Option<i32> {
        Some(200)
    }

    fn null_move(pos: &Position) -> Option<Position> {
        // With dozens of pieces zugzwang is rare; a side in check, or one
        // whose King must be captured, cannot pass.
        if pos.in_check()
            || pos
                .king(1 - pos.side.index())
                .is_none_or(|k| pos.attacked(k, pos.side.index()))
        {
            return None;
        }
        let mut p = pos.clone();
        p.halfmove += 1;
        p.reversible += 1;
        if p.side == Side::Black {
            p.fullmove += 1;
        }
        p.set_side(!pos.side);
        Some(p)
    }
}
