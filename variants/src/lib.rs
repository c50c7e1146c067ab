//! The rules of every game Arcana plays.
//!
//! Each game is a value of a type implementing [`Variant`]: its own
//! position type, its own compact move type and its own bitboard move
//! generator, and a [`GameSpec`] that says what it is. Everything the
//! search, the protocols and perft need goes through that trait, so they
//! stay generic and are monomorphised per game; a [`Registry`] lists the
//! games of a run.

pub mod advancedwizard;
pub mod bitboard;
pub mod board_field;
pub mod board_text;
pub mod chess;
pub mod defined;
pub mod error;
pub mod game;
pub mod geometry;
pub mod legs;
pub mod long_notation;
pub mod magician;
pub mod movelist;
pub mod outcome;
pub mod parallelworlds;
pub mod pgn;
pub mod registry;
pub mod side;
pub mod spec;
pub mod squares;
pub mod turns;
pub mod vanguard;
pub mod variant;
pub mod weights;
pub mod zobrist;

pub use bitboard::Bits;
pub use error::{FenError, MoveError};
pub use game::Game;
pub use movelist::MoveList;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use registry::{with_variant, Listed, Registry, UnknownVariant, VariantVisitor};
pub use side::Side;
pub use spec::{BoardSpec, Figure, GameSpec, PieceSpec};
pub use squares::SquareNames;
pub use variant::{
    Fen, GamePosition, MoveCode, Notation, OnePlyNotation, PlyKind, Rules, SearchHints, Variant,
    MOVE_RULE_PLIES,
};
pub use weights::{EvalPart, EvalTrace, EvalWeights};

/// The game traits in one import, for code that calls a game's functions
/// (`Chess.read_fen(..)`, `Chess::generate(..)`).
pub mod prelude {
    pub use crate::{Fen, GamePosition, Notation, OnePlyNotation, Rules, SearchHints, Variant};
}
