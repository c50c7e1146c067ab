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
pub mod position;
#[cfg(test)]
mod tests;
pub mod types;
mod xboard;

pub use eval::VALUE;
pub use position::Position;
pub use types::Action;

use crate::{
    Fen, FenError, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules, SearchHints, Side,
    WinReason,
};

/// Vanguard Chess.
pub struct Vanguard;

impl Rules for Vanguard {
    type Position = Position;

    type Move = Action;

    const ID: &'static str = "vanguard";

    const NAME: &'static str = "Vanguard Chess";

    fn side_to_move(pos: &Position) -> Side {
        Side::from_index(pos.side)
    }

    fn hash(pos: &Position) -> u64 {
        pos.hash
    }

    fn generate(pos: &Position, moves: &mut MoveList<Action>) {
        movegen::legal(pos, moves);
    }

    fn make(pos: &Position, mv: Action) -> Position {
        pos.apply(mv)
    }

    fn in_check(pos: &Position) -> bool {
        pos.in_check()
    }

    fn halfmove_clock(pos: &Position) -> u32 {
        pos.halfmove
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
    const START_FEN: &'static str = "hdyfbweqkicbfydh/rnzlaamggmaalznr/ppppsssttssspppp/16/16/16/16/16/16/16/16/16/16/PPPPSSSTTSSSPPPP/RNZLAAMGGMAALZNR/HDYFBWEQKICBFYDH w ABCDEFGJKLMNOPabcdefgjklmnop 0 1";

    fn from_fen(fen: &str) -> Result<Position, FenError> {
        fen::from_fen(fen)
    }

    fn to_fen(pos: &Position) -> String {
        fen::to_fen(pos)
    }
}

impl OnePlyNotation for Vanguard {
    fn xboard_definition() -> Vec<String> {
        xboard::definition()
    }

    fn parse_ply(pos: &Position, token: &str) -> Result<Action, MoveError> {
        notation::parse_token(pos, token)
    }

    fn ply_to_token(_pos: &Position, mv: Action) -> String {
        notation::to_token(mv)
    }
}

impl SearchHints for Vanguard {
    fn evaluate(pos: &Position) -> i32 {
        eval::evaluate(pos)
    }

    fn ply_kind(pos: &Position, mv: Action) -> PlyKind {
        if movegen::is_capture(pos, mv) || eval::promotes(pos, mv) {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    fn mvv_lva(pos: &Position, mv: Action) -> i32 {
        eval::capture_order(pos, mv)
    }

    fn see_ge(pos: &Position, mv: Action, threshold: i32) -> bool {
        eval::see_ge(pos, mv, threshold)
    }

    fn qsearch_delta() -> Option<i32> {
        Some(200)
    }

    fn null_move(pos: &Position) -> Option<Position> {
        // With dozens of pieces zugzwang is rare; a side in check, or one
        // whose King must be captured, cannot pass.
        if pos.in_check()
            || pos
                .king(1 - pos.side)
                .is_none_or(|k| pos.attacked(k, pos.side))
        {
            return None;
        }
        let mut p = pos.clone();
        p.halfmove += 1;
        p.reversible += 1;
        if p.side == 1 {
            p.fullmove += 1;
        }
        p.set_side(1 - pos.side);
        Some(p)
    }
}
