//! The commands of the `arcana` binary as a library, so that tests and the
//! fuzz targets reach them: perft, bench, the match runner and the deck
//! checker. `main.rs` parses the command line and runs the engine.

pub mod bench_cmd;
pub mod deck_cmd;
pub mod exit;
pub mod fit;
pub mod matches;
pub mod perft_cmd;
pub mod stdout;
pub mod variant_arg;
pub mod variants_cmd;
