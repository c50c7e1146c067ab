//! Errors for bad input: FEN strings and move tokens.

use std::fmt;

/// A FEN string that does not describe a legal position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    message: String,
}

impl FenError {
    /// An error with a human-readable reason (without the "invalid FEN" prefix).
    pub fn new(message: impl Into<String>) -> FenError {
        FenError {
            message: message.into(),
        }
    }

    /// The reason, as shown to the user.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.message)
    }
}

impl std::error::Error for FenError {}

/// A move token that could not be played.
///
/// The protocols answer the two kinds differently: XBoard says
/// `Illegal move: <token>` for an illegal move but `Error (...)` for garbage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move token of this variant at all.
    Malformed {
        /// The token as received.
        token: String,
        /// Why it could not be read.
        reason: String,
    },
    /// The token reads as a move but no legal turn matches it.
    Illegal {
        /// The token as received.
        token: String,
        /// Why it is not legal here.
        reason: String,
    },
}

impl MoveError {
    /// A token that cannot be read.
    pub fn malformed(token: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Malformed {
            token: token.to_string(),
            reason: reason.into(),
        }
    }

    /// A readable token that is not a legal turn in the position.
    pub fn illegal(token: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            token: token.to_string(),
            reason: reason.into(),
        }
    }

    /// The offending token.
    pub fn token(&self) -> &str {
        match self {
            MoveError::Malformed { token, .. } | MoveError::Illegal { token, .. } => token,
        }
    }

    /// True when the token was readable but not legal.
    pub fn is_illegal(&self) -> bool {
        matches!(self, MoveError::Illegal { .. })
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { token, reason } => {
                write!(f, "malformed move '{token}': {reason}")
            }
            MoveError::Illegal { token, reason } => write!(f, "illegal move '{token}': {reason}"),
        }
    }
}

impl std::error::Error for MoveError {}
