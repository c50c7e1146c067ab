//! The `--variant` argument shared by the subcommands: any case, the
//! aliases of chess, and `--help` listing every variant of the build.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// Reads a variant name into its identifier (`Magician` -> `magician`).
#[derive(Clone, Copy, Debug, Default)]
pub struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        let registry = variants::Registry::current();
        registry.canonical_id(&text).map_err(|_| {
            let mut err = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
            if let Some(arg) = arg {
                err.insert(
                    ContextKind::InvalidArg,
                    ContextValue::String(arg.to_string()),
                );
            }
            err.insert(
                ContextKind::InvalidValue,
                ContextValue::String(text.into_owned()),
            );
            err.insert(
                ContextKind::ValidValue,
                ContextValue::Strings(registry.ids()),
            );
            err
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            variants::Registry::current()
                .ids()
                .into_iter()
                .map(PossibleValue::new),
        ))
    }
}
