//! Magician Chess (spec `rules/magician.md`): a 7x7 board with nine holes
//! that spells move, magicians that never capture but make pieces fall,
//! and promotion to the compounds only.
//!
//! The board is a 64-bit bitboard with one spare file and rank (`types`);
//! holes are a bitboard beside the piece bitboards (`position`).

mod eval;
mod fen;
pub mod movegen;
mod notation;
pub mod position;
#[cfg(test)]
mod tests;
pub mod types;

pub use eval::VALUE;
pub use position::Position;
pub use types::Move;

use crate::GamePosition;
use crate::{Fen, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules, SearchHints};
use movegen::{count_legal, legal_moves};
use types::MoveKind;

/// Magician Chess.
pub struct Magician;

impl Rules for Magician {
    type Position = Position;

    type Move = Move;

    const ID: &'static str = "magician";

    const NAME: &'static str = "Magician Chess";

    fn generate(pos: &Position, moves: &mut MoveList<Move>) {
        legal_moves(pos, moves);
    }

    fn rule_outcome(pos: &Position) -> Option<Outcome> {
        // A mate on the 100th ply stands (checked first).
        Self::mate_stalemate_or_move_rule(pos)
    }

    fn count_turns(pos: &Position) -> u64 {
        count_legal(pos)
    }
}

impl Fen for Magician {
    const START_FEN: &'static str = "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1";

    const SQUARE_NAMES: crate::SquareNames = types::NAMES;

    const BOARDS: &'static [crate::board_field::BoardShape] = std::slice::from_ref(&fen::BOARD);
}

impl OnePlyNotation for Magician {
    fn parse_ply(pos: &Position, token: &str) -> Result<Move, MoveError> {
        notation::parse_token(pos, token)
    }

    fn ply_to_token(_pos: &Position, mv: Move) -> String {
        notation::to_token(mv)
    }

    fn ply_to_san(pos: &Position, mv: Move) -> String {
        notation::to_san(pos, mv)
    }

    fn parse_ply_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
        notation::parse_san(pos, text)
    }
}

impl SearchHints for Magician {
    fn evaluate(pos: &Position) -> i32 {
        eval::evaluate(pos)
    }

    fn ply_kind(pos: &Position, mv: Move) -> PlyKind {
        let tactical = match mv.kind() {
            MoveKind::Promotion | MoveKind::EnPassant | MoveKind::SpellFall => true,
            MoveKind::Normal => pos.occupied() & (1 << mv.to()) != 0,
            MoveKind::Castling | MoveKind::Spell => false,
        };
        if tactical {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    fn mvv_lva(pos: &Position, mv: Move) -> i32 {
        let victim = match mv.kind() {
            MoveKind::EnPassant => eval::VALUE[types::PAWN],
            _ => pos
                .piece_at(mv.to())
                .map(|(c, k)| {
                    // Dropping an own piece gains nothing.
                    if c == pos.side().index() {
                        -eval::VALUE[k]
                    } else {
                        eval::VALUE[k]
                    }
                })
                .unwrap_or(0),
        };
        let promo = if mv.kind() == MoveKind::Promotion {
            eval::VALUE[mv.promo()]
        } else {
            0
        };
        let attacker = if mv.is_spell() {
            0
        } else {
            pos.piece_at(mv.from())
                .map(|(_, k)| eval::VALUE[k] / 10)
                .unwrap_or(0)
        };
        victim * 8 + promo - attacker
    }

    fn null_move(pos: &Position) -> Option<Position> {
        // Zugzwang is rare with spells at hand, but pawn-only endings and
        // checks make a pass unsound.
        let us = pos.side().index();
        let pieces = pos.by_color[us] & !pos.by_kind[types::PAWN] & !pos.by_kind[types::KING];
        if pieces == 0 || pos.in_check() {
            return None;
        }
        let mut p = pos.clone();
        p.null_in_place();
        Some(p)
    }
}
