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
mod weights;

pub use eval::VALUE;
pub use position::Position;
pub use types::Move;

use crate::spec::{board, piece, Figure, GameSpec};
use crate::GamePosition;
use crate::{
    Fen, FenError, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules, SearchHints,
};
use movegen::{count_legal, legal_moves};
use std::sync::LazyLock;
use types::MoveKind;

/// Magician Chess, evaluated with its compiled-in weights or with those
/// of a weights file ([`SearchHints::with_eval_weights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Magician {
    weights: eval::Weights,
}

/// Magician Chess with its compiled-in weights (see
/// [`crate::chess::Chess`] for why a constant).
#[allow(non_upper_case_globals)]
pub const Magician: Magician = Magician {
    weights: eval::Weights::COMPILED,
};

/// What Magician Chess says about itself.
pub fn spec() -> &'static GameSpec {
    static SPEC: LazyLock<GameSpec> = LazyLock::new(|| {
        let mut spec = GameSpec::new(
            "magician",
            "Magician Chess",
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1",
            types::NAMES,
        );
        spec.boards = vec![board(fen::BOARD, "")];
        let mut king = piece('K', "King", Some("K"), Figure::King);
        king.royal = true;
        // The Magician's spells (section 6 of the rules) are beyond Betza.
        spec.pieces = vec![
            king,
            piece('R', "Rook", Some("R"), Figure::Rook),
            piece('N', "Knight", Some("N"), Figure::Knight),
            piece('M', "Magician", None, Figure::Shape(0)),
            piece('C', "Rook-Knight", Some("RN"), Figure::Shape(1)),
            piece('S', "Rook-Magician", None, Figure::Shape(2)),
            piece('W', "Knight-Magician", None, Figure::Shape(3)),
            piece('P', "Pawn", None, Figure::Pawn),
        ];
        spec.choices = vec![
            (
                "".into(),
                "carried: the piece moves to the hole's square".into(),
            ),
            ("x".into(), "falls: the piece is lost in the hole".into()),
        ];
        spec.hint = "Spells: click a hole, then the square beside it that it swaps with (a chooser asks whether its piece is carried or falls).".into();
        spec.rules_markdown = include_str!("../../../docs/rules/magician.md").into();
        spec
    });
    &SPEC
}

impl Rules for Magician {
    type Position = Position;

    type Move = Move;

    fn spec(&self) -> &GameSpec {
        spec()
    }

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
    fn read_fen(&self, text: &str) -> Result<Position, FenError> {
        let mut pos = Position::from_fen(text)?;
        pos.weights = self.weights;
        Ok(pos)
    }
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

    crate::weights::weighted_eval_hints!(Magician);

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

    fn history_key(pos: &Position, mv: Move) -> u32 {
        let code = (mv.from() < 64)
            .then(|| pos.piece_at(mv.from()))
            .flatten()
            .map_or(255, |(color, kind)| (kind * 2 + color) as u32);
        code << 8 | (mv.to() as u32 & 0xFF)
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
