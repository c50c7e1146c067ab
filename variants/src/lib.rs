//! The rules of every game Arcana plays.
//!
//! Each game is a type implementing [`Variant`]: its own position type, its
//! own compact move type and its own bitboard move generator. Everything the
//! search, the protocols and perft need goes through that trait, so they stay
//! generic and are monomorphised per variant.

pub mod advancedwizard;
pub mod bitboard;
pub mod board_field;
pub mod board_text;
pub mod chess;
pub mod error;
pub mod game;
pub mod geometry;
pub mod magician;
pub mod movelist;
pub mod outcome;
pub mod parallelworlds;
pub mod pgn;
pub mod registry;
pub mod side;
pub mod squares;
pub mod turns;
pub mod vanguard;
pub mod variant;
pub mod zobrist;

pub use bitboard::Bits;
pub use error::{FenError, MoveError};
pub use game::Game;
pub use movelist::MoveList;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use registry::{
    canonical_id, variants_reading, with_variant, UnknownVariant, VariantVisitor, VARIANT_IDS,
};
pub use side::Side;
pub use squares::SquareNames;
pub use variant::{
    Fen, GamePosition, MoveCode, Notation, OnePlyNotation, PlyKind, Rules, SearchHints, Variant,
    MOVE_RULE_PLIES,
};

/// The game traits in one import, for code that calls a game's functions
/// on its type (`Chess::from_fen`).
pub mod prelude {
    pub use crate::{Fen, GamePosition, Notation, OnePlyNotation, Rules, SearchHints, Variant};
}
