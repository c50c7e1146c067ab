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
    /// A move, and the last score and depth it reported.
    Move {
        /// The move text, checked by the referee afterwards.
        text: String,
        /// Its evaluation (centipawns, its own view; mates as
        /// [`mate_score`]), if it said one.
        score: Option<i32>,
        /// The depth of that score's search, if it said one.
        depth: Option<u32>,
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

/// A move's PGN comment as match runners write it: the engine's score in
/// pawns from its own view (`+M3`/`-M3`: mate in three moves) and depth,
/// then the time it took: `+0.31/12 0.523s`.
pub fn move_comment(score: Option<i32>, depth: Option<u32>, time: Duration) -> String {
    let mut text = String::new();
    if let Some(s) = score {
        let sign = if s < 0 { '-' } else { '+' };
        if let Some(moves) = mate_distance(s) {
            text.push_str(&format!("{sign}M{moves}"));
        } else {
            text.push_str(&format!("{sign}{:.2}", f64::from(s.abs()) / 100.0));
        }
        if let Some(d) = depth {
            text.push_str(&format!("/{d}"));
        }
        text.push(' ');
    }
    text.push_str(&format!("{:.3}s", time.as_secs_f64()));
    text
}

/// The score of a move's PGN comment ([`move_comment`]'s form, which
/// cutechess writes too), in centipawns from the mover's view, mates as
/// [`mate_score`]; `None` when it has none.
pub fn comment_score(comment: &str) -> Option<i32> {
    let word = comment.split_whitespace().next()?;
    let value = word.split('/').next()?;
    let (negative, magnitude) = match value.as_bytes().first()? {
        b'+' => (false, &value[1..]),
        b'-' => (true, &value[1..]),
        _ => return None,
    };
    let cp = match magnitude.strip_prefix('M') {
        Some(moves) => MATE - moves.parse::<i32>().ok()?.clamp(0, MATE_MOVES),
        None => {
            let pawns: f64 = magnitude.parse().ok()?;
            if !pawns.is_finite() || pawns.abs() > 1000.0 {
                return None;
            }
            (pawns * 100.0).round() as i32
        }
    };
    Some(if negative { -cp } else { cp })
}

/// A mate's score: [`mate_score`] counts mates as ±MATE less the distance.
const MATE: i32 = 100_000;
/// Scores within this many moves of ±[`MATE`] are mates.
const MATE_MOVES: i32 = 1000;

/// A score line's value in centipawns: mates count as ±100000 less the
/// distance, so adjudication treats them as decisive.
pub fn mate_score(moves: i32) -> i32 {
    if moves > 0 {
        MATE - moves
    } else {
        -MATE - moves
    }
}

/// The moves to mate (either way) of a [`mate_score`], `None` for a
/// score in centipawns.
fn mate_distance(score: i32) -> Option<i32> {
    (score.abs() > MATE - MATE_MOVES).then(|| MATE - score.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_comments_carry_score_depth_and_time_and_read_back() {
        let t = Duration::from_millis(523);
        assert_eq!(move_comment(Some(31), Some(12), t), "+0.31/12 0.523s");
        assert_eq!(move_comment(Some(-250), None, t), "-2.50 0.523s");
        assert_eq!(move_comment(None, Some(3), t), "0.523s");
        assert_eq!(
            move_comment(Some(mate_score(3)), Some(9), t),
            "+M3/9 0.523s"
        );
        assert_eq!(
            move_comment(Some(mate_score(-2)), Some(9), t),
            "-M2/9 0.523s"
        );
        for s in [0, 31, -31, 1234, -99_000, mate_score(3), mate_score(-2)] {
            let text = move_comment(Some(s), Some(7), t);
            assert_eq!(comment_score(&text), Some(s), "{text}");
        }
        // cutechess's own forms, and comments without a score.
        assert_eq!(comment_score("+0.17/14 0.31s"), Some(17));
        assert_eq!(comment_score("-1.2/20 1.2s"), Some(-120));
        assert_eq!(comment_score("book"), None);
        assert_eq!(comment_score("0.523s"), None);
        assert_eq!(comment_score("White mates"), None);
        assert_eq!(comment_score("+inf/3"), None);
        assert_eq!(comment_score(""), None);
    }
}
