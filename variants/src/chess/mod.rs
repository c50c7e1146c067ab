//! Orthodox chess (FIDE rules), with Chess960 castling.
//!
//! Bitboards on `u64`, sliders by PEXT or magics (`attacks`), a legal move
//! generator with check and pin masks (`movegen`), copy-make (`position`).

pub mod attacks;
mod bench;
pub mod eval;
mod fen;
pub mod movegen;
pub mod position;
pub mod san;
mod see;
#[cfg(test)]
pub(crate) use see::exchange_cases;
#[cfg(test)]
mod slider_gen;
pub mod types;
mod weights;

use crate::GamePosition;
pub use movegen::{count_legal, legal_moves};
pub use position::Position;
pub use types::Move;
use types::{kind_of, MoveKind, NO_PIECE, PAWN};

use crate::spec::{board, piece, Figure, GameSpec};
use crate::{
    DrawReason, Fen, FenError, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules,
    SearchHints,
};
use std::sync::LazyLock;

/// Orthodox chess, evaluated with its compiled-in weights or with those of
/// a weights file ([`SearchHints::with_eval_weights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chess {
    weights: eval::Weights,
}

/// Orthodox chess with its compiled-in weights: the game as most code
/// names it (`Chess.start()`), a constant rather than a unit struct so
/// that the type can carry other weights.
#[allow(non_upper_case_globals)]
pub const Chess: Chess = Chess {
    weights: eval::Weights::COMPILED,
};

/// What orthodox chess says about itself.
pub fn spec() -> &'static GameSpec {
    static SPEC: LazyLock<GameSpec> = LazyLock::new(|| {
        let mut spec = GameSpec::new(
            "chess",
            "Chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            types::NAMES,
        );
        spec.aliases = vec!["standard".into(), "normal".into()];
        spec.boards = vec![board(fen::BOARD, "")];
        spec.pieces = standard_pieces();
        spec.bench_fens = bench::BENCH_FENS.iter().map(|f| f.to_string()).collect();
        spec.chess960 = true;
        spec.rules_link = "https://www.fide.com/FIDE/handbook/LawsOfChess.pdf".into();
        spec
    });
    &SPEC
}

/// The six pieces of orthodox chess, King first, as a legend lists them.
pub fn standard_pieces() -> Vec<crate::spec::PieceSpec> {
    let mut king = piece('K', "King", Some("K"), Figure::King);
    king.royal = true;
    vec![
        king,
        piece('Q', "Queen", Some("Q"), Figure::Queen),
        piece('R', "Rook", Some("R"), Figure::Rook),
        piece('B', "Bishop", Some("B"), Figure::Bishop),
        piece('N', "Knight", Some("N"), Figure::Knight),
        piece('P', "Pawn", Some("fmWfcFifmnD"), Figure::Pawn),
    ]
}

impl Rules for Chess {
    type Position = Position;

    type Move = Move;

    fn spec(&self) -> &GameSpec {
        spec()
    }

    #[inline]
    fn generate(pos: &Position, moves: &mut MoveList<Move>) {
        legal_moves(pos, moves);
    }

    fn rule_outcome(pos: &Position) -> Option<Outcome> {
        if let Some(outcome) = Self::mate_stalemate_or_move_rule(pos) {
            return Some(outcome);
        }
        if pos.insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        None
    }

    #[inline]
    fn count_turns(pos: &Position) -> u64 {
        count_legal(pos)
    }
}

impl Fen for Chess {
    fn read_fen(&self, text: &str) -> Result<Position, FenError> {
        let mut pos = Position::from_fen(text)?;
        pos.weights = self.weights;
        Ok(pos)
    }

    #[inline(always)]
    fn set_chess960(pos: &mut Position, on: bool) {
        pos.set_chess960(on);
    }
}

impl OnePlyNotation for Chess {
    fn parse_ply(pos: &Position, token: &str) -> Result<Move, MoveError> {
        san::parse_uci(pos, token)
    }

    fn ply_to_token(pos: &Position, mv: Move) -> String {
        san::to_uci(pos, mv)
    }

    fn ply_to_xboard(pos: &Position, mv: Move) -> String {
        if mv.kind() == MoveKind::Castling && pos.is_chess960() {
            // XBoard writes Chess960 castling as O-O / O-O-O.
            san::to_san(pos, mv)
                .trim_end_matches(['+', '#'])
                .to_string()
        } else {
            san::to_uci(pos, mv)
        }
    }

    fn ply_to_san(pos: &Position, mv: Move) -> String {
        san::to_san(pos, mv)
    }

    fn parse_ply_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
        san::parse_san(pos, text)
    }
}

impl SearchHints for Chess {
    fn evaluate(pos: &Position) -> i32 {
        eval::evaluate(pos)
    }

    #[inline]
    fn ply_kind(pos: &Position, mv: Move) -> PlyKind {
        let tactical = match mv.kind() {
            MoveKind::Normal => pos.piece_at(mv.to()) != NO_PIECE,
            MoveKind::Promotion | MoveKind::EnPassant => true,
            MoveKind::Castling => false,
        };
        if tactical {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    #[inline]
    fn history_key(pos: &Position, mv: Move) -> u32 {
        (pos.piece_at(mv.from()) as u32) << 8 | mv.to() as u32
    }

    fn correction_key(pos: &Position) -> Option<u64> {
        Some(eval::pawn_key(pos))
    }

    #[inline]
    fn mvv_lva(pos: &Position, mv: Move) -> i32 {
        let victim = match mv.kind() {
            MoveKind::EnPassant => PAWN,
            _ => match pos.piece_at(mv.to()) {
                NO_PIECE => PAWN,
                code => kind_of(code),
            },
        };
        let promo = if mv.kind() == MoveKind::Promotion {
            eval::VALUE_MG[mv.promo_kind()]
        } else {
            0
        };
        eval::VALUE_MG[victim] * 8 - kind_of(pos.piece_at(mv.from())) as i32 + promo
    }

    /// By the moved piece's own attack from its destination (with its
    /// origin emptied); castling's rook and discovered checks are not
    /// looked for.
    #[inline]
    fn may_check(pos: &Position, mv: Move) -> bool {
        if mv.kind() != MoveKind::Normal {
            return mv.kind() != MoveKind::Castling;
        }
        let us = pos.side().index();
        let king = 1u64 << pos.king_square(1 - us);
        let (from, to) = (mv.from(), mv.to());
        let occupied = pos.occupied() & !(1u64 << from);
        let attacks = match kind_of(pos.piece_at(from)) {
            PAWN => attacks::PAWN[us][to],
            types::KNIGHT => attacks::KNIGHT[to],
            types::BISHOP => attacks::bishop(to, occupied),
            types::ROOK => attacks::rook(to, occupied),
            types::QUEEN => attacks::queen(to, occupied),
            _ => 0,
        };
        attacks & king != 0
    }

    const SEE_WEIGHS_GAINS: bool = true;
    const PRUNES_CHECKS: bool = true;

    #[inline]
    fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
        see::see_ge(pos, mv, threshold)
    }

    fn null_move(pos: &Position) -> Option<Position> {
        let us = pos.side().index();
        let pieces = pos.color(us) & !pos.kind(types::PAWN) & !pos.kind(types::KING);
        (pieces != 0 && !pos.in_check()).then(|| pos.make_null())
    }

    crate::weights::weighted_eval_hints!(Chess);
}

#[cfg(test)]
mod tests;
