//! Advanced Wizard Chess (spec `rules/advancedwizard.md`): an Earth and a
//! Sky board of 9x9 each, Black moving first, Dragons and Pegasi that fly
//! between the boards, Archers and Eagles that strike across them, Warriors
//! and Eagles that come back onto X squares, promotion, Dragon quests and
//! the Wizard's teleport.
//!
//! A turn (an optional placement leg and one action) is one ply: even with
//! a placement leg a turn has a few hundred choices at most, so the search
//! never needs nodes inside a turn here.

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
pub use types::Action;

use crate::spec::{board, piece, Figure, GameSpec};
use crate::{
    Fen, FenError, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules, SearchHints, Side,
    WinReason,
};
use std::sync::LazyLock;
use types::*;

/// Advanced Wizard Chess, evaluated with its compiled-in weights or with those of a
/// weights file ([`SearchHints::with_eval_weights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdvancedWizard {
    weights: eval::Weights,
}

/// Advanced Wizard Chess with its compiled-in weights (see [`crate::chess::Chess`] for
/// why a constant).
#[allow(non_upper_case_globals)]
pub const AdvancedWizard: AdvancedWizard = AdvancedWizard {
    weights: eval::Weights::COMPILED,
};

/// What Advanced Wizard Chess says about itself.
pub fn spec() -> &'static GameSpec {
    static SPEC: LazyLock<GameSpec> = LazyLock::new(|| {
        let mut spec = GameSpec::new(
            "advancedwizard",
            "Advanced Wizard Chess",
            "dpagzgapd/hw*w*agaw*w*h/w*3h3w*/9/9/9/W*3H3W*/HW*W*AGAW*W*H/DPAGZGAPD|e1e1e1e1e/9/9/9/9/9/9/9/E1E1E1E1E b Zz - - 0 1",
            types::NAMES,
        );
        spec.boards = vec![board(fen::BOARDS[0], "Earth"), board(fen::BOARDS[1], "Sky")];
        // Every piece moves between or across the boards: beyond Betza.
        let mut wizard = piece('Z', "Wizard", None, Figure::Shape(0));
        wizard.royal = true;
        spec.pieces = vec![
            wizard,
            piece('D', "Dragon", None, Figure::Shape(1)),
            piece('P', "Pegasus", None, Figure::Shape(2)),
            piece('A', "Archer", None, Figure::Shape(3)),
            piece('G', "Giant", None, Figure::Shape(4)),
            piece('H', "Hero", None, Figure::Shape(5)),
            piece('W', "Warrior", None, Figure::Shape(6)),
            piece('E', "Eagle", None, Figure::Shape(7)),
        ];
        spec.marked = types::X_SQUARES
            .iter()
            .flatten()
            .flat_map(|squares| squares.iter())
            .map(|&sq| types::square_name(sq))
            .collect();
        spec.marked_title = "X square: captured Warriors and Eagles come back here".into();
        spec.marks = vec![
            ('*', "may make its first move".into()),
            ('~', "promoted: does not promote again".into()),
            ('^', "questing".into()),
        ];
        spec.hint = "Black moves first. A captured Warrior or Eagle comes back on a free X square (dashed): click that square first, then play the turn. Marks: * may make its first move, ~ promoted, ^ questing.".into();
        spec.choices = vec![
            ("h".into(), "promote to Hero".into()),
            ("g".into(), "promote to Giant".into()),
            ("p".into(), "promote to Pegasus".into()),
            (
                "q".into(),
                "declare a quest (a Dragon comes back later)".into(),
            ),
            (
                "d".into(),
                "declare a quest: a Dragon comes back now".into(),
            ),
        ];
        spec.numbering = Side::Black;
        spec.rules_markdown = include_str!("../../../docs/rules/advancedwizard.md").into();
        spec
    });
    &SPEC
}

impl Rules for AdvancedWizard {
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
        // No stalemate: a side without a legal turn loses.
        if movegen::count_legal(pos) == 0 {
            let loser = pos.side;
            return Some(Outcome::Win {
                winner: !loser,
                reason: if pos.wizard_in_check(pos.side.index()) {
                    WinReason::Checkmate
                } else {
                    WinReason::NoLegalMove
                },
            });
        }
        Self::move_rule_draw(pos)
    }

    fn count_turns(pos: &Position) -> u64 {
        movegen::count_legal(pos)
    }
}

impl Fen for AdvancedWizard {
    fn read_fen(&self, text: &str) -> Result<Position, FenError> {
        let mut pos = Position::from_fen(text)?;
        pos.weights = self.weights;
        Ok(pos)
    }

    fn board_text(pos: &Position) -> String {
        board_text(pos)
    }
}

impl OnePlyNotation for AdvancedWizard {
    fn parse_ply(pos: &Position, token: &str) -> Result<Action, MoveError> {
        notation::parse_token(pos, token)
    }

    fn ply_to_token(pos: &Position, mv: Action) -> String {
        notation::to_token(pos, mv)
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

impl SearchHints for AdvancedWizard {
    fn evaluate(pos: &Position) -> i32 {
        eval::evaluate(pos)
    }

    crate::weights::weighted_eval_hints!(AdvancedWizard);

    fn ply_kind(pos: &Position, mv: Action) -> PlyKind {
        let tactical = is_capture(pos, mv)
            || matches!(
                mv.suffix(),
                types::Suffix::Promote | types::Suffix::Resurrect
            );
        if tactical {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    fn history_key(pos: &Position, mv: Action) -> u32 {
        // The piece without its marks (quests): side and kind.
        let code = pos.board.get(mv.from()).map_or(255, |&c| (c & 15) as u32);
        code << 8 | (mv.to() as u32 & 0xFF)
    }

    fn mvv_lva(pos: &Position, mv: Action) -> i32 {
        eval::capture_order(pos, mv)
    }

    fn null_move(pos: &Position) -> Option<Position> {
        // Not in check, and not with a placement leg due (passing would
        // skip a compulsory leg).
        if pos.wizard_in_check(pos.side.index())
            || pos.pending_placement(pos.side.index()).is_some()
        {
            return None;
        }
        let mut p = pos.clone();
        p.halfmove += 1;
        p.reversible += 1;
        if p.side == Side::White {
            p.fullmove += 1;
        }
        p.side = !pos.side;
        p.hash = p.compute_hash();
        Some(p)
    }
}

/// Whether a turn captures.
pub fn is_capture(pos: &Position, a: Action) -> bool {
    match a.kind() {
        ActionKind::Shot | ActionKind::Swoop => true,
        ActionKind::Teleport => false,
        ActionKind::Normal => !pos.is_empty(a.victim()),
    }
}

/// Both boards side by side, then the FEN.
fn board_text(pos: &Position) -> String {
    let mut out = String::from("        Earth                        Sky\n");
    for rank in (0..9).rev() {
        let mut line = format!("{} ", rank + 1);
        for board in [EARTH, SKY] {
            for file in 0..9 {
                let sq = square(board, file, rank).expect("on the board");
                let cell = match pos.piece(sq) {
                    None => " .".to_string(),
                    Some(p) => {
                        let l = LETTERS[p.kind() as usize];
                        let l = if p.color() == 0 {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        };
                        let m = fen::mark_char(p.mark()).unwrap_or(' ');
                        format!("{m}{l}")
                    }
                };
                line.push_str(&cell);
            }
            if board == EARTH {
                line.push_str(&format!("     {} ", rank + 1));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("   a b c d e f g h i        a b c d e f g h i\n");
    out
}
