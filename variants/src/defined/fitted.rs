//! Evaluation weights fitted by `arcana tune-eval` for games whose rules
//! are those of a built-in parent or of a game of
//! `docs/variants/examples.ini`: a game with the same rules (the same
//! [`super::GameDef::rules_hash`], whatever its section's name: a
//! `[capa:capablanca]` that changes nothing) plays with them instead of
//! the hand-set defaults. Each file is a weights file as `tune-eval`
//! writes it; a weight it leaves out keeps its default.

use super::def::GameDef;
use crate::weights::EvalWeights;

/// The fitted files, by the game they were fitted for (a built-in parent
/// or a game of `docs/variants/examples.ini`).
const FITTED: &[(&str, &str)] = &[
    ("capablanca", include_str!("fitted/capablanca.weights")),
    ("grand", include_str!("fitted/grand.weights")),
    ("gothic", include_str!("fitted/gothic.weights")),
    ("shatranj", include_str!("fitted/shatranj.weights")),
    ("chess16", include_str!("fitted/chess16.weights")),
    ("courier", include_str!("fitted/courier.weights")),
    ("makruk", include_str!("fitted/makruk.weights")),
];

/// The fitted weights of a game with `def`'s rules, if there are any.
pub fn weights_for(def: &GameDef) -> Option<Vec<[i32; 2]>> {
    let (parent, text) = FITTED.iter().find(|(_, text)| {
        text.lines()
            .find_map(|l| l.strip_prefix("rules "))
            .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
            == Some(def.rules_hash)
    })?;
    let ours = EvalWeights {
        game: EvalWeights::game_of(text).unwrap_or_default(),
        rules: def.rules_hash,
        names: super::eval::weight_names(def),
        values: def.eval.weights.clone(),
    };
    // A shipped file that does not read would be a defect of the build,
    // which the test below catches; the game then keeps its defaults.
    ours.read(text, &format!("fitted/{parent}.weights"))
        .ok()
        .map(|w| w.values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped file is for a built-in parent or a game of the
    /// examples, reads, and is the weights that game plays with.
    #[test]
    fn every_fitted_file_reads_and_its_parent_plays_with_it() {
        const EXAMPLES: &str = include_str!("../../../docs/variants/examples.ini");
        let examples = super::super::load(EXAMPLES, "examples.ini");
        for (parent, text) in FITTED {
            let def = match examples.games.iter().find(|g| g.spec.id == *parent) {
                Some(def) => *def,
                None => {
                    let loaded = super::super::load(&format!("[x:{parent}]\n"), "test.ini");
                    assert!(loaded.errors.is_empty(), "{parent}: {:?}", loaded.errors);
                    loaded.games[0]
                }
            };
            assert_eq!(
                EvalWeights::game_of(text).as_deref(),
                Some(*parent),
                "{parent}'s file names its parent"
            );
            let fitted = weights_for(def).unwrap_or_else(|| panic!("{parent}'s file applies"));
            assert_eq!(def.eval.weights, fitted, "{parent}");
        }
    }
}
