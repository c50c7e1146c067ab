//! Chess's compiled-in evaluation weights: (midgame, endgame) centipawns
//! per term, in the order of `eval::param`, baked by `build.rs` from the
//! weights file `chess.weights` beside this file (see its header for how
//! they were fitted and how to fit them again).

crate::weights::baked_weights!("chess_weights.rs");
