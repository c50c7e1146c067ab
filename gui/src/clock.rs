//! The game clock of a timed game (base time and increment, as "5+3"):
//! kept by the server, which sees every turn, charges the side that moved
//! and gives the engine its time as a UCI `wtime`/`btime` would.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use variants::Side;

/// A time control: base time and increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct ClockSpec {
    /// Each side's time at the start, ms (0: no clock).
    pub base_ms: u64,
    /// Added after each of the side's turns, ms.
    pub inc_ms: u64,
}

/// Both sides' time.
#[derive(Clone, Debug)]
pub struct Clock {
    inc: Duration,
    left: [Duration; 2],
    /// Since when the side to move's time runs.
    since: Instant,
    /// Turns played when the clock last looked.
    turns: usize,
    /// The side whose time ran out.
    flagged: Option<Side>,
    /// Whether a turn was played since the clock was set: until then no
    /// time runs (a player may look at the position first).
    started: bool,
}

impl Clock {
    /// Both sides at `spec`'s base time, with `turns` played so far.
    pub fn new(spec: ClockSpec, turns: usize) -> Clock {
        let base = Duration::from_millis(spec.base_ms);
        Clock {
            inc: Duration::from_millis(spec.inc_ms),
            left: [base; 2],
            since: Instant::now(),
            turns,
            flagged: None,
            started: false,
        }
    }

    /// After a change of the game: a turn more charges its mover the time
    /// since the last look and adds the increment; a takeback charges
    /// nobody. The side to move's time runs from now.
    pub fn sync(&mut self, turns: usize, to_move: Side) {
        if self.flagged.is_some() {
            return;
        }
        if turns > self.turns && self.started {
            let mover = (!to_move).index();
            let used = self.since.elapsed();
            self.left[mover] = self.left[mover].saturating_sub(used) + self.inc;
        }
        // The first turn starts the clocks; it costs its mover nothing.
        self.started |= turns > self.turns;
        self.turns = turns;
        self.since = Instant::now();
    }

    /// `side`'s time left now.
    pub fn left(&self, side: Side, to_move: Side) -> Duration {
        let left = self.left[side.index()];
        if side == to_move && self.flagged.is_none() && self.started {
            left.saturating_sub(self.since.elapsed())
        } else {
            left
        }
    }

    /// Whether the side to move's time has run out (it stays out).
    pub fn flag(&mut self, to_move: Side) -> Option<Side> {
        if self.flagged.is_none() && self.left(to_move, to_move).is_zero() {
            self.left[to_move.index()] = Duration::ZERO;
            self.flagged = Some(to_move);
        }
        self.flagged
    }

    /// The side whose time ran out, if one did.
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// The engine's limits for a move: both times and increments.
    pub fn limits(&self, to_move: Side) -> engine::Limits {
        engine::Limits {
            time: [
                Some(self.left(Side::White, to_move)),
                Some(self.left(Side::Black, to_move)),
            ],
            inc: [Some(self.inc); 2],
            ..engine::Limits::default()
        }
    }

    /// What the page shows; `running` when the side to move's time runs.
    pub fn view(&self, to_move: Side, running: bool) -> Value {
        let ms = |side| self.left(side, to_move).as_millis() as u64;
        json!({
            "white_ms": ms(Side::White),
            "black_ms": ms(Side::Black),
            "inc_ms": self.inc.as_millis() as u64,
            "running": (running && self.started && self.flagged.is_none())
                .then(|| to_move.fen_char().to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_charges_its_mover_and_adds_the_increment() {
        let spec = ClockSpec {
            base_ms: 60_000,
            inc_ms: 2_000,
        };
        let mut c = Clock::new(spec, 0);
        // No time runs before the first turn, and the first turn is free.
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(c.left(Side::White, Side::White), Duration::from_secs(60));
        c.sync(1, Side::Black);
        assert_eq!(c.left(Side::White, Side::Black), Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(30));
        c.sync(2, Side::White);
        let black = c.left(Side::Black, Side::White);
        assert!(black < Duration::from_millis(62_000 - 25), "{black:?}");
        assert!(black > Duration::from_millis(61_000), "{black:?}");
        assert_eq!(c.left(Side::White, Side::Black), Duration::from_secs(60));
        // A takeback charges nobody.
        c.sync(1, Side::Black);
        assert_eq!(c.left(Side::White, Side::Black), Duration::from_secs(60));
        // Time runs out once the clocks run.
        let mut short = Clock::new(
            ClockSpec {
                base_ms: 1,
                inc_ms: 0,
            },
            0,
        );
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(short.flag(Side::White), None, "not before the first turn");
        short.sync(1, Side::Black);
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(short.flag(Side::Black), Some(Side::Black));
        short.sync(2, Side::White);
        assert_eq!(short.flagged(), Some(Side::Black), "a flag stays down");
    }
}
