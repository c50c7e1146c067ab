//! Picking a variant by its identifier at run time.
//!
//! The protocols and the CLI know the variant only as a string; they hand a
//! [`VariantVisitor`] to [`with_variant`], which calls it once with the
//! concrete type, so everything below runs monomorphised.

use crate::advancedwizard::AdvancedWizard;
use crate::chess::Chess;
use crate::magician::Magician;
use crate::parallelworlds::ParallelWorlds;
use crate::vanguard::Vanguard;
use crate::Variant;
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

/// Runs `visitor` with the variant named `id`. The standard alias `standard`
/// (used by XBoard and CuteChess for orthodox chess) is accepted too.
pub fn with_variant<W: VariantVisitor>(id: &str, visitor: W) -> Result<W::Output, UnknownVariant> {
    match id {
        "chess" | "standard" | "normal" => Ok(visitor.visit::<Chess>()),
        "magician" => Ok(visitor.visit::<Magician>()),
        "vanguard" => Ok(visitor.visit::<Vanguard>()),
        "advancedwizard" => Ok(visitor.visit::<AdvancedWizard>()),
        "parallelworlds" => Ok(visitor.visit::<ParallelWorlds>()),
        _ => Err(UnknownVariant(id.to_string())),
    }
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
        let err = with_variant("chesss", NameOf).unwrap_err();
        assert!(err.to_string().contains("unknown variant 'chesss'"));
    }
}
