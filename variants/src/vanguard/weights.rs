//! Vanguard's compiled-in evaluation weights: (middle game, endgame)
//! centipawns per term, in the order of `eval::param`, baked by `build.rs`
//! from the weights file `vanguard.weights` beside this file (see its
//! header for how they were fitted and how to fit them again).

include!(concat!(env!("OUT_DIR"), "/vanguard_weights.rs"));

#[cfg(test)]
mod tests {
    /// The file was written for this evaluation's terms.
    #[test]
    fn the_weights_file_matches_the_evaluations_terms() {
        crate::weights::check_baked(
            &super::NAMES,
            super::RULES,
            super::WEIGHTS.len(),
            super::super::eval::weight_names(),
        );
    }
}
