//! A game of any variant behind one object-safe handle, and its search
//! behind another: what every front end of Arcana holds (the UCI and
//! XBoard sessions, the page's tabs, the match runner's referee).
//!
//! The game handle ([`GameHandle`], made by [`open`]) owns the game: the
//! position, the history, a turn entered ply by ply, the notations of each
//! turn. The search handle ([`SearchHandle`]) owns the search's life cycle:
//! the table, the search thread, its id, stopping and collecting it. The
//! search reports typed results ([`Report`], [`Found`]): turns that carry
//! every notation of the game, scores and bounds; each front end writes
//! them as its protocol or page wants.

mod handle;
mod search;
mod turn;

pub use handle::{open, BenchEach, BenchJob, Board, EvalTerms, GameHandle, Job, PerftJob};
pub use search::{End, Found, Report, SearchHandle, SearchOrder, Sink, FAILED_SEARCH};
pub use turn::{Played, Turn};

#[cfg(test)]
mod tests;
