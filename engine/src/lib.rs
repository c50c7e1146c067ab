//! The search shared by every variant: generic over [`variants::Variant`]
//! and monomorphised per variant.
//!
//! This crate is the home of iterative deepening, the transposition table
//! and time management. At this stage it provides engine identity only; the
//! search lands with the search-and-protocols work (see the README).

/// The engine's name as announced over UCI and XBoard.
pub const ENGINE_NAME: &str = "Arcana";
/// The engine's author line.
pub const ENGINE_AUTHOR: &str = "the Arcana developers";
/// The engine's version.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
