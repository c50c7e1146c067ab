//! The match runner's errors, by what went wrong. Each prints the message
//! the user sees after `error: `.

use std::fmt;

/// Why a match could not be played (games an engine loses are not errors:
/// they are results).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The command line, or a file it names, is wrong: nothing was played.
    Config(String),
    /// An engine could not be started, or cannot play this match (it lacks
    /// the variant).
    Engine(String),
    /// The referee refused an opening's position or one of its moves.
    Opening(String),
    /// An output file could not be written.
    Output(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Config(m)
            | MatchError::Engine(m)
            | MatchError::Opening(m)
            | MatchError::Output(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for MatchError {}
