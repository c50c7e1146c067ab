//! The search shared by every variant: generic over [`variants::Variant`]
//! and monomorphised per variant. Iterative deepening with aspiration
//! windows, PVS, quiescence, a lock-free transposition table shared by Lazy
//! SMP threads, null-move pruning, late-move reductions, singular
//! extensions, killers and histories keyed by the moving piece and its
//! target, and draws by repetition and the 50-move rule.

pub mod bench;
pub mod limits;
pub mod search;
pub mod tt;

pub use bench::{bench, BenchTotal};
pub use limits::Limits;
pub use search::{
    search, Info, ParamInfo, Params, Reporter, Request, Score, SearchResult, Shared, Silent, PARAMS,
};
pub use tt::Bound;

/// The engine's name as announced over UCI and XBoard.
pub const ENGINE_NAME: &str = "Arcana";
/// The engine's author line.
pub const ENGINE_AUTHOR: &str = "the Arcana developers";
/// The engine's version.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

#[cfg(test)]
mod tests;
