//! Picking a variant by its identifier at run time.
//!
//! The protocols and the CLI know the variant only as a string; they hand a
//! [`VariantVisitor`] to [`with_variant`], which calls it once with the
//! concrete type, so everything below runs monomorphised.

use crate::advancedwizard::AdvancedWizard;
use crate::chess::Chess;
use crate::magician::Magician;
use crate::parallelworlds::ParallelWorlds;
use crate::prelude::*;
use crate::vanguard::Vanguard;
use std::fmt;

/// Identifiers of the variants this build plays, in the order listed to users.
pub const VARIANT_IDS: &[&str] = &[
    Chess::ID,
    Magician::ID,
    Vanguard::ID,
    AdvancedWizard::ID,
    ParallelWorlds::ID,
];

/// Code to run with a concrete variant type.
pub trait VariantVisitor {
    /// What the code returns.
    type Output;
    /// Runs with the variant `V`.
    fn visit<V: Variant>(self) -> Self::Output;
}

/// An identifier that names no variant of this build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            VARIANT_IDS.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// Other names of orthodox chess: `standard` (CuteChess) and `normal`
/// (XBoard).
pub const CHESS_ALIASES: &[&str] = &["standard", "normal"];

/// Each variant's identifier and the name players write (a PGN's
/// `Variant` tag: "Magician Chess").
const VARIANT_NAMES: &[(&str, &str)] = &[
    (Chess::ID, Chess::NAME),
    (Magician::ID, Magician::NAME),
    (Vanguard::ID, Vanguard::NAME),
    (AdvancedWizard::ID, AdvancedWizard::NAME),
    (ParallelWorlds::ID, ParallelWorlds::NAME),
];

/// The identifier of the variant called `name`, in any case, aliases and
/// full names included (`Magician`, `STANDARD`, `Parallel Worlds Chess`).
pub fn canonical_id(name: &str) -> Result<&'static str, UnknownVariant> {
    let name = name.trim();
    let known = |id: &str| name.eq_ignore_ascii_case(id);
    if CHESS_ALIASES.iter().any(|a| known(a)) {
        return Ok(Chess::ID);
    }
    VARIANT_NAMES
        .iter()
        .find(|(id, full)| known(id) || known(full))
        .map(|(id, _)| *id)
        .ok_or_else(|| UnknownVariant(name.to_string()))
}

/// Runs `visitor` with the variant called `name` (see [`canonical_id`]).
pub fn with_variant<W: VariantVisitor>(
    name: &str,
    visitor: W,
) -> Result<W::Output, UnknownVariant> {
    match canonical_id(name)? {
        Magician::ID => Ok(visitor.visit::<Magician>()),
        Vanguard::ID => Ok(visitor.visit::<Vanguard>()),
        AdvancedWizard::ID => Ok(visitor.visit::<AdvancedWizard>()),
        ParallelWorlds::ID => Ok(visitor.visit::<ParallelWorlds>()),
        _ => Ok(visitor.visit::<Chess>()),
    }
}

/// The variants whose FEN reader accepts `fen`, in [`VARIANT_IDS`]'
/// order: for a hint when a FEN was given to the wrong game.
pub fn variants_reading(fen: &str) -> Vec<&'static str> {
    struct Reads<'a>(&'a str);
    impl VariantVisitor for Reads<'_> {
        type Output = bool;
        fn visit<V: Variant>(self) -> bool {
            V::from_fen(self.0).is_ok()
        }
    }
    VARIANT_IDS
        .iter()
        .copied()
        .filter(|id| with_variant(id, Reads(fen)) == Ok(true))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NameOf;
    impl VariantVisitor for NameOf {
        type Output = &'static str;
        fn visit<V: Variant>(self) -> &'static str {
            V::ID
        }
    }

    #[test]
    fn dispatches_known_ids_and_rejects_others() {
        assert_eq!(with_variant("chess", NameOf), Ok("chess"));
        assert_eq!(with_variant("standard", NameOf), Ok("chess"));
        assert_eq!(with_variant("Chess", NameOf), Ok("chess"));
        assert_eq!(with_variant("MAGICIAN", NameOf), Ok("magician"));
        assert_eq!(
            with_variant(" ParallelWorlds ", NameOf),
            Ok("parallelworlds")
        );
        for id in VARIANT_IDS {
            assert_eq!(with_variant(id, NameOf), Ok(*id));
        }
        assert_eq!(canonical_id("Parallel Worlds Chess"), Ok("parallelworlds"));
        assert_eq!(canonical_id("magician chess"), Ok("magician"));
        assert_eq!(canonical_id("Standard"), Ok("chess"));
        assert_eq!(
            VARIANT_NAMES.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
            VARIANT_IDS,
            "one list of the variants"
        );
        assert_eq!(
            variants_reading("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            vec!["chess"]
        );
        assert_eq!(variants_reading("not a fen"), Vec::<&str>::new());
        let err = with_variant("chesss", NameOf).unwrap_err();
        assert!(err.to_string().contains("unknown variant 'chesss'"));
    }
}
