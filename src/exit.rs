//! Exit statuses: one rule for every command, stated in `--help`.

use std::process::ExitCode;

/// What `--help` says about exit statuses.
pub const RULE: &str = "Exit status: 0 when the command did its job (every check passed); 1 when \
    a check failed (a perft count, a deck, a card not found); 2 for bad arguments, input that \
    cannot be read or used (a missing file, a bad FEN, an engine that does not start) or output \
    that cannot be written.";

/// A check ran and failed.
pub const CHECK_FAILED: u8 = 1;
/// The arguments or the input could not be used.
pub const BAD_INPUT: u8 = 2;

/// Why a command stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Arguments or input that cannot be used (exit status 2).
    Input(String),
    /// A check that failed (exit status 1).
    Check(String),
}

impl Failure {
    /// Prints `error: <message>` on stderr and gives the status to exit with.
    pub fn report(&self) -> ExitCode {
        let (message, code) = match self {
            Failure::Input(m) => (m, BAD_INPUT),
            Failure::Check(m) => (m, CHECK_FAILED),
        };
        eprintln!("error: {message}");
        ExitCode::from(code)
    }
}

/// Reports a bad input and gives its status: for commands whose only
/// failure is their input.
pub fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    Failure::Input(message.to_string()).report()
}
