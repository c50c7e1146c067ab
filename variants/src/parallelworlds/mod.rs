//! Parallel Worlds Chess (spec `rules/parallelworlds.md`): three stacked
//! 8x8 levels, two chess armies per side on levels 1 and 3, a middle level
//! where everything moves as a non-capturing queen, and turns of up to
//! three sub-moves by different pieces ending on different levels. There
//! is no check: capturing either enemy King wins.
//!
//! Inside the engine a turn is a run of plies: each sub-move is a ply, and
//! once one was made the explicit [`SubMove::END`] ply may end the turn
//! (the last sub-move the limit allows and a King capture end it by
//! themselves). The search thus sees a few dozen plies per node instead of
//! the tens of thousands of whole turns. The position carries the turn's
//! progress (pieces moved, levels used, sub-moves made, two-steps made) and
//! hashes it, so the transposition table tells mid-turn nodes apart and
//! still merges the same sub-moves played in another order.

mod eval;
mod fen;
pub mod movegen;
mod notation;
pub mod position;
#[cfg(test)]
mod tests;
pub mod types;
mod weights;

pub use position::Position;
pub use types::SubMove;

use crate::spec::{board, GameSpec};
use crate::{
    DrawReason, Fen, FenError, MoveError, MoveList, Notation, Outcome, PlyKind, Rules, SearchHints,
    Side, WinReason,
};
use std::sync::LazyLock;
use types::*;

/// Parallel Worlds Chess, evaluated with its compiled-in weights or with those of a
/// weights file ([`SearchHints::with_eval_weights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParallelWorlds {
    weights: eval::Weights,
}

/// Parallel Worlds Chess with its compiled-in weights (see [`crate::chess::Chess`] for
/// why a constant).
#[allow(non_upper_case_globals)]
pub const ParallelWorlds: ParallelWorlds = ParallelWorlds {
    weights: eval::Weights::COMPILED,
};

/// What Parallel Worlds Chess says about itself.
pub fn spec() -> &'static GameSpec {
    static SPEC: LazyLock<GameSpec> = LazyLock::new(|| {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1KQkq,3KQkq - 0 1 2";
        let mut spec = GameSpec::new(
            "parallelworlds",
            "Parallel Worlds Chess",
            start,
            types::NAMES,
        );
        spec.boards = fen::BOARDS
            .iter()
            .enumerate()
            .map(|(i, &shape)| board(shape, &format!("Level {}", i + 1)))
            .collect();
        // Pieces also move between levels: the Betza of chess says only
        // part of it.
        spec.pieces = crate::chess::standard_pieces();
        for p in &mut spec.pieces {
            p.betza = None;
        }
        spec.hint = "A turn is up to three sub-moves (two in White's first), each ending on another level; pieces also move between levels. End turn stops early.".into();
        spec.bench_fens = vec![
            start.into(),
            "r1bqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKB1R|8/8/8/8/1n6/8/8/6N1|rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w 1KQkq,3KQkq - 1 3 3".into(),
            "k4r2/6P1/8/8/8/8/8/K7|2P5/8/8/8/8/8/8/1P6|k1n5/8/8/8/8/8/8/K7 w - - 0 1 3".into(),
        ];
        spec.rules_markdown = include_str!("../../../docs/rules/parallelworlds.md").into();
        spec
    });
    &SPEC
}

impl Rules for ParallelWorlds {
    type Position = Position;

    type Move = SubMove;

    fn spec(&self) -> &GameSpec {
        spec()
    }

    fn generate(pos: &Position, moves: &mut MoveList<SubMove>) {
        movegen::legal(pos, moves);
    }

    fn rule_outcome(pos: &Position) -> Option<Outcome> {
        if let Some(loser) = pos.king_missing() {
            return Some(Outcome::Win {
                winner: !Side::from_index(loser),
                reason: WinReason::KingCaptured,
            });
        }
        if pos.made > 0 {
            return None; // results are decided at the start of a turn
        }
        if movegen::count_plies(pos) == 0 {
            return Some(Outcome::Draw(DrawReason::Stalemate));
        }
        Self::move_rule_draw(pos)
    }

    fn count_turns(pos: &Position) -> u64 {
        movegen::count_turns(pos)
    }
}

impl Fen for ParallelWorlds {
    fn read_fen(&self, text: &str) -> Result<Position, FenError> {
        let mut pos = Position::from_fen(text)?;
        pos.weights = self.weights;
        Ok(pos)
    }

    fn board_text(pos: &Position) -> String {
        board_text(pos)
    }
}

impl Notation for ParallelWorlds {
    fn parse_turn(pos: &Position, token: &str) -> Result<Vec<SubMove>, MoveError> {
        notation::parse_token(pos, token)
    }

    fn turn_to_token(_pos: &Position, plies: &[SubMove]) -> String {
        notation::to_token(plies)
    }

    fn turn_to_san(pos: &Position, plies: &[SubMove]) -> String {
        crate::long_notation::turn::<Self>(spec(), pos, plies)
    }

    fn parse_san(pos: &Position, text: &str) -> Result<Vec<SubMove>, MoveError> {
        let token = match Self::parse_turn(pos, text) {
            Ok(plies) => return Ok(plies),
            Err(e) => e,
        };
        match crate::long_notation::parse::<Self>(spec(), pos, text) {
            Ok(plies) => Ok(plies),
            Err(_) if token.is_illegal() => Err(token),
            Err(e) => Err(e),
        }
    }
}

impl SearchHints for ParallelWorlds {
    fn evaluate(pos: &Position) -> i32 {
        eval::evaluate(pos)
    }

    crate::weights::weighted_eval_hints!(ParallelWorlds);

    /// Captures and promotions; and the end of the turn, which quiescence
    /// searches in place of standing pat inside a turn (see
    /// [`Variant::inside_turn`]), so that it sees the opponent's replies.
    fn ply_kind(pos: &Position, mv: SubMove) -> PlyKind {
        if mv.is_end() {
            PlyKind::TurnEnd
        } else if mv.promo() != 0 || eval::captured_value(pos, mv) != 0 {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    fn inside_turn(pos: &Position) -> bool {
        pos.made > 0
    }

    fn history_key(pos: &Position, mv: SubMove) -> u32 {
        // The end of a turn starts nowhere (255).
        let code = pos.board.get(mv.from()).map_or(255, |&c| c as u32);
        code << 8 | (mv.to() as u32 & 0xFF)
    }

    fn mvv_lva(pos: &Position, mv: SubMove) -> i32 {
        if mv.is_end() {
            return 0;
        }
        let attacker = code_kind(pos.board[mv.from()]) as i32;
        eval::captured_value(pos, mv) * 8 + eval::VALUE[mv.promo()] - attacker
    }

    const SEE_WEIGHS_GAINS: bool = true;

    fn see_ge(pos: &Position, mv: SubMove, threshold: i32) -> bool {
        eval::see_ge(pos, mv, threshold)
    }

    /// Passing a whole turn, only at a turn's start.
    fn null_move(pos: &Position) -> Option<Position> {
        if pos.made > 0 || pos.king_missing().is_some() {
            return None;
        }
        let mut p = pos.clone();
        p.end_turn();
        Some(p)
    }
}

/// The three levels side by side (level 3 on the left, as in the spec's
/// diagram).
fn board_text(pos: &Position) -> String {
    let mut out = String::from("   level 3             level 2             level 1\n");
    for rank in (0..8).rev() {
        let mut line = String::new();
        for level in [2, 1, 0] {
            line.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let code = pos.board[level * 64 + rank * 8 + file];
                let c = if code == EMPTY {
                    '.'
                } else if code_color(code) == 0 {
                    LETTERS[code_kind(code)]
                } else {
                    LETTERS[code_kind(code)].to_ascii_lowercase()
                };
                line.push(c);
                line.push(' ');
            }
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&"  a b c d e f g h   ".repeat(3));
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
