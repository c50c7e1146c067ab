//! Parallel Worlds' compiled-in evaluation weights: (middle game, endgame)
//! centipawns per term, in the order of `eval::param`, baked by `build.rs`
//! from the weights file `parallelworlds.weights` beside this file (see its header
//! for how they were set and how to fit them again).

crate::weights::baked_weights!("parallelworlds_weights.rs");
