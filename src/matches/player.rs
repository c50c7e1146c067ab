//! What the match runner asks of an engine, whatever its protocol.

use super::process::{EngineProcess, Failure};
use super::referee::Played;
use super::spec::{EngineSpec, Proto, TimeControl};
use std::time::{Duration, Instant};
use variants::Side;

/// The limits every move of the match is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The clock, if any.
    pub tc: Option<TimeControl>,
    /// A fixed time per move.
    pub st: Option<Duration>,
    /// A node budget per move.
    pub nodes: Option<u64>,
    /// A depth per move.
    pub depth: Option<u32>,
}

/// One request for a move.
pub struct MoveRequest<'a> {
    /// The FEN the game started from.
    pub start_fen: &'a str,
    /// Whether that is the variant's start position.
    pub standard_start: bool,
    /// The turns played since.
    pub played: &'a [Played],
    /// The side the engine plays.
    pub side: Side,
    /// Clock time left, by side index (White, Black).
    pub remaining: [Duration; 2],
    /// Increment per move.
    pub inc: Duration,
    /// Moves to the next time control, if the control has periods.
    pub moves_to_go: Option<u32>,
    /// The limits of the match.
    pub limits: &'a Limits,
    /// When the engine has lost on time (or hung) if it has not moved.
    pub deadline: Instant,
}

/// An engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, and the last score it reported (centipawns, its own view).
    Move {
        /// The move text, checked by the referee afterwards.
        text: String,
        /// Its evaluation, if it said one.
        score: Option<i32>,
    },
    /// It resigned.
    Resign,
}

/// A new game: what every engine is told before its first move.
pub struct GameSetup<'a> {
    /// The variant's identifier.
    pub variant: &'a str,
    /// The FEN of the first position.
    pub start_fen: &'a str,
    /// Whether that is the variant's start position.
    pub standard_start: bool,
    /// Opening turns already played from it.
    pub played: &'a [Played],
    /// The match's limits.
    pub limits: &'a Limits,
}

/// An engine driven over its protocol.
pub trait Player: Send {
    /// The name to show.
    fn name(&self) -> &str;
    /// Prepares a new game.
    fn new_game(&mut self, setup: &GameSetup<'_>) -> Result<(), Failure>;
    /// Asks for a move.
    fn think(&mut self, request: &MoveRequest<'_>) -> Result<Reply, Failure>;
    /// Tells the engine the game is over (best effort).
    fn game_over(&mut self, result: &str, comment: &str);
    /// The engine's process.
    fn process(&mut self) -> &mut EngineProcess;
    /// Ends a process that hung or misbehaved, without ceremony.
    fn kill(&mut self) {
        self.process().kill();
    }
    /// Asks the engine to quit (both protocols say `quit`).
    fn quit(&mut self) {
        let _ = self.process().send("quit");
    }
}

/// Starts the engine `spec` describes for games of `variant`, waiting at
/// most `timeout` for each handshake step.
pub fn start(
    spec: &EngineSpec,
    label: &str,
    variant: &str,
    timeout: Duration,
) -> Result<Box<dyn Player>, String> {
    Ok(match spec.proto {
        Proto::Uci => Box::new(super::uci_player::UciPlayer::start(
            spec, label, variant, timeout,
        )?),
        Proto::Xboard => Box::new(super::xboard_player::XboardPlayer::start(
            spec, label, variant, timeout,
        )?),
    })
}

/// A score line's value in centipawns: mates count as ±100000 less the
/// distance, so adjudication treats them as decisive.
pub fn mate_score(moves: i32) -> i32 {
    if moves > 0 {
        100_000 - moves
    } else {
        -100_000 - moves
    }
}
