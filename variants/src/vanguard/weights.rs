//! Vanguard's compiled-in evaluation weights: (middle game, endgame)
//! centipawns per term, in the order of `eval::param`, baked by `build.rs`
//! from the weights file `vanguard.weights` beside this file (see its
//! header for how they were fitted and how to fit them again).

include!(concat!(env!("OUT_DIR"), "/vanguard_weights.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    /// The file was written for this evaluation's terms: after a change of
    /// the terms, write a new one (`arcana tune-eval --variant vanguard
    /// --list`, then fit).
    #[test]
    fn the_weights_file_matches_the_evaluations_terms() {
        let names = super::super::eval::weight_names();
        assert_eq!(NAMES.to_vec(), names);
        assert_eq!(RULES, crate::weights::fnv1a(names));
        assert_eq!(WEIGHTS.len(), super::super::eval::param::COUNT);
    }
}
