//! What the GUI asked for (`go ...`) and how long that lets the search run.

use std::time::Duration;

/// Search limits from `go` (UCI) or `level`/`st`/`sd` (XBoard).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Time left for White and Black.
    pub time: [Option<Duration>; 2],
    /// Increment per move for White and Black.
    pub inc: [Option<Duration>; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Exactly this long.
    pub move_time: Option<Duration>,
    /// At most this many plies deep.
    pub depth: Option<i32>,
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<i32>,
    /// Until `stop`.
    pub infinite: bool,
    /// Pondering: like infinite until `ponderhit`.
    pub ponder: bool,
}

/// The soft and hard time budgets of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop at once after this.
    pub hard: Option<Duration>,
}

impl Limits {
    /// The budget for the side `us` (0 White, 1 Black), keeping `overhead`
    /// per move for the GUI and the pipes.
    pub fn budget(&self, us: usize, overhead: Duration) -> Budget {
        if let Some(t) = self.move_time {
            let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
            return Budget {
                soft: Some(t),
                hard: Some(t),
            };
        }
        // Pondering is timed like a normal search; the search ignores the
        // clock until `ponderhit`.
        if self.infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        let Some(left) = self.time[us] else {
            return Budget {
                soft: None,
                hard: None,
            };
        };
        let inc = self.inc[us].unwrap_or_default();
        let usable = left.saturating_sub(overhead);
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 50);
        let base = usable / moves + inc * 3 / 4;
        let hard_cap = usable / 3;
        let soft = base.min(hard_cap).max(Duration::from_millis(1));
        let hard = (soft * 4).min(hard_cap.max(soft));
        Budget {
            soft: Some(soft),
            hard: Some(hard),
        }
    }
}

/// How much of the soft budget the next iteration may start within, as a
/// factor on the budget: more while the best move keeps changing or the
/// score is falling (the search has not settled), less once the same best
/// move has held for several iterations. `stable` counts the iterations in
/// a row that kept the best move (0: it changed in the last one);
/// `score_drop` is the previous iteration's score minus this one's, in
/// centipawns, from the mover's side.
pub fn soft_scale(stable: u32, score_drop: i32) -> f64 {
    let stability = match stable {
        0 => 1.5,
        1 => 1.2,
        2 => 1.0,
        3 => 0.9,
        4 => 0.8,
        _ => 0.7,
    };
    let falling = (1.0 + f64::from(score_drop.clamp(-1000, 1000)) / 200.0).clamp(0.9, 1.5);
    stability * falling
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_and_infinite() {
        let l = Limits {
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        assert_eq!(l.budget(0, ms(10)).hard, Some(ms(990)));
        let inf = Limits {
            infinite: true,
            time: [Some(ms(5)), None],
            ..Limits::default()
        };
        assert_eq!(inf.budget(0, ms(10)).hard, None);
    }

    #[test]
    fn clock_budget_never_exceeds_a_third_of_the_time() {
        let l = Limits {
            time: [Some(ms(1000)), Some(ms(60_000))],
            inc: [Some(ms(10)), Some(ms(10))],
            ..Limits::default()
        };
        let white = l.budget(0, ms(10));
        assert!(white.hard.unwrap() <= ms(330));
        assert!(white.soft.unwrap() >= ms(30));
        let black = l.budget(1, ms(10));
        assert!(black.soft.unwrap() > white.soft.unwrap());
        let tiny = Limits {
            time: [Some(ms(3)), None],
            ..Limits::default()
        };
        assert!(tiny.budget(0, ms(50)).hard.unwrap() >= ms(1));
    }

    #[test]
    fn unsettled_searches_get_more_time() {
        assert!(soft_scale(0, 0) > soft_scale(1, 0));
        assert!(soft_scale(1, 0) > soft_scale(3, 0));
        assert!(soft_scale(3, 0) > soft_scale(9, 0));
        assert_eq!(soft_scale(9, 0), soft_scale(20, 0));
        assert!(soft_scale(3, 60) > soft_scale(3, 0));
        assert!(soft_scale(3, -60) < soft_scale(3, 0));
        // Bounded both ways, so a wild score swing cannot eat the clock.
        assert!(soft_scale(0, 5000) <= 2.25 + 1e-9);
        assert!(soft_scale(9, -5000) >= 0.6);
    }
}
