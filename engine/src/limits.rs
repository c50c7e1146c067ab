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
    /// The budget for the side `us` (0 White, 1 Black) at the game's
    /// `ply` (plies played since the start, as a count of half-moves),
    /// keeping `overhead` per move for the GUI and the pipes.
    ///
    /// The shape is Stockfish's: the clock is spread over the moves still
    /// to come (at most 50, the increments of all of them counted), the
    /// share of a move grows with the game's length (the opening is known
    /// ground, the middle game is where time pays), and the hard limit is
    /// a multiple of the soft one, never beyond four fifths of the clock.
    pub fn budget(&self, us: usize, ply: u32, overhead: Duration) -> Budget {
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
        let left = left.as_secs_f64();
        let inc = self.inc[us].unwrap_or_default().as_secs_f64();
        let overhead = overhead.as_secs_f64();
        let ply = f64::from(ply);
        let moves = f64::from(self.moves_to_go.unwrap_or(50).clamp(1, 50));
        // What the rest of the game (or of the time control) holds.
        let pool = (left + inc * (moves - 1.0) - overhead * (2.0 + moves)).max(0.001);
        let (soft_share, hard_factor) = if self.moves_to_go.is_some() {
            (
                ((0.88 + ply / 116.4) / moves).min(0.88 * left / pool),
                (1.5 + 0.11 * moves).min(6.3),
            )
        } else {
            (
                (0.0084 + (ply + 3.0).sqrt() * 0.0042).min(0.2 * left / pool),
                (4.0 + ply / 12.0).min(7.0),
            )
        };
        let soft = soft_share * pool;
        let hard = (hard_factor * soft).min(0.8 * left - overhead);
        let at_least = |s: f64| Duration::from_secs_f64(s.max(0.001));
        Budget {
            soft: Some(at_least(soft.min(hard))),
            hard: Some(at_least(hard)),
        }
    }
}

/// What the search saw in the iterations so far, for deciding whether
/// to start another (see [`Budget::spend`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// The last completed iteration's depth.
    pub depth: i32,
    /// Its score, from the mover's side.
    pub score: i32,
    /// A running average of the scores before it (each new score weighs
    /// half).
    pub average: i32,
    /// The score three iterations earlier.
    pub earlier: i32,
    /// Changes of the best root move, each iteration's count halved at the
    /// next.
    pub changes: f64,
    /// The last depth at which the best move changed.
    pub best_since: i32,
    /// The best move's share of the root's nodes, 0 to 1.
    pub share: f64,
    /// The last iteration's time over the time of all before it (0 before
    /// two iterations): what the next is likely to cost, relatively.
    pub cost: f64,
}

impl Budget {
    /// How long the whole search may take after the iterations of
    /// `progress`, from the soft budget: longer while the score falls and
    /// the best move keeps changing, shorter once it has held for ten
    /// iterations (Stockfish's factors). `None` without a clock.
    pub fn spend(&self, progress: &Progress) -> Option<Duration> {
        let soft = self.soft?.as_secs_f64();
        // Stockfish's weights are per its internal unit, about half a
        // centipawn: doubled here. A steady score gives the floor, 0.5.
        let fall = f64::from(progress.average - progress.score) * 24.0
            + f64::from(progress.earlier - progress.score) * 12.0;
        let falling = ((69.0 + fall) / 781.4).clamp(0.5, 1.5);
        let settled = progress.best_since + 10 < progress.depth;
        let reduction = if settled { 0.89 } else { 1.43 };
        let depth = f64::from(progress.depth.max(1));
        let instability = 1.073 + (2.25 - 9.9 / depth).max(1.0) * progress.changes;
        let mut total = soft * falling * reduction * instability;
        // A best move that took nearly all the nodes is not in doubt.
        if progress.depth >= 10 && progress.share >= 0.97 {
            total *= 0.739;
        }
        Some(Duration::from_secs_f64(total))
    }

    /// Whether another iteration may start after `elapsed`: not once the
    /// time spent passes `percent` of what [`Budget::spend`] allows, since
    /// an iteration costs about as much as all before it and one started
    /// late runs on to the hard limit, its time lost when it is cut short.
    /// Always without a clock.
    pub fn may_deepen(&self, progress: &Progress, elapsed: Duration, percent: i32) -> bool {
        self.spend(progress)
            .is_none_or(|t| elapsed.as_secs_f64() < t.as_secs_f64() * f64::from(percent) / 100.0)
    }

    /// Whether the next iteration, priced at `progress.cost` times all the
    /// time spent so far (between half and four times it), ends within
    /// `percent` of what the iterations so far allow: at 200, where
    /// iterations cost as much as all before them (chess) the search
    /// deepens while any of `spend` is left, as without this rule; where
    /// they cost three times as much (Capablanca), until half of it. 0:
    /// always. Always without a clock.
    pub fn next_fits(&self, progress: &Progress, elapsed: Duration, percent: i32) -> bool {
        if percent == 0 || progress.cost <= 0.0 {
            return true;
        }
        let end = elapsed.as_secs_f64() * (1.0 + progress.cost.clamp(0.5, 4.0));
        self.spend(progress)
            .is_none_or(|t| end <= t.as_secs_f64() * f64::from(percent) / 100.0)
    }
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
        assert_eq!(l.budget(0, 0, ms(10)).hard, Some(ms(990)));
        let inf = Limits {
            infinite: true,
            time: [Some(ms(5)), None],
            ..Limits::default()
        };
        assert_eq!(inf.budget(0, 0, ms(10)).hard, None);
    }

    #[test]
    fn the_clock_is_spread_and_never_spent_past_four_fifths() {
        let l = Limits {
            time: [Some(ms(1000)), Some(ms(60_000))],
            inc: [Some(ms(10)), Some(ms(10))],
            ..Limits::default()
        };
        let white = l.budget(0, 20, ms(10));
        assert!(white.hard.unwrap() <= ms(790));
        assert!(white.soft.unwrap() >= ms(10));
        assert!(white.soft.unwrap() <= white.hard.unwrap());
        let black = l.budget(1, 20, ms(10));
        assert!(black.soft.unwrap() > white.soft.unwrap());
        // 10+0.1 from the start: a few tenths of a second a move, more in
        // the middle game than in the opening.
        let blitz = Limits {
            time: [Some(ms(10_000)), Some(ms(10_000))],
            inc: [Some(ms(100)), Some(ms(100))],
            ..Limits::default()
        };
        let opening = blitz.budget(0, 0, ms(30)).soft.unwrap();
        let middle = blitz.budget(0, 40, ms(30)).soft.unwrap();
        assert!(opening >= ms(150) && opening <= ms(400), "{opening:?}");
        assert!(middle > opening, "{middle:?} {opening:?}");
        // Moves to go: the time control's share, with room to spare.
        let control = Limits {
            time: [Some(ms(60_000)), None],
            moves_to_go: Some(10),
            ..Limits::default()
        };
        let b = control.budget(0, 40, ms(30));
        assert!(b.soft.unwrap() >= ms(4000) && b.soft.unwrap() <= ms(9000));
        assert!(b.hard.unwrap() <= ms(48_000));
        let tiny = Limits {
            time: [Some(ms(3)), None],
            ..Limits::default()
        };
        assert!(tiny.budget(0, 0, ms(50)).hard.unwrap() >= ms(1));
    }

    #[test]
    fn no_iteration_starts_past_a_share_of_the_plan() {
        let budget = Budget {
            soft: Some(ms(1000)),
            hard: Some(ms(5000)),
        };
        let progress = Progress {
            depth: 12,
            best_since: 12,
            ..Progress::default()
        };
        let plan = budget.spend(&progress).unwrap();
        assert!(budget.may_deepen(&progress, plan.mul_f64(0.59), 60));
        assert!(!budget.may_deepen(&progress, plan.mul_f64(0.61), 60));
        assert!(budget.may_deepen(&progress, plan.mul_f64(0.99), 100));
        assert!(!budget.may_deepen(&progress, plan, 100));
        let no_clock = Budget {
            soft: None,
            hard: None,
        };
        assert!(no_clock.may_deepen(&progress, ms(1_000_000), 60));
        // Priced by the last iteration's cost: at 200, an iteration as
        // dear as all before it may start until the plan is spent, one
        // three times as dear until half of it.
        let even = Progress {
            cost: 1.0,
            ..progress
        };
        assert!(budget.next_fits(&even, plan.mul_f64(0.99), 200));
        assert!(!budget.next_fits(&even, plan.mul_f64(1.01), 200));
        let dear = Progress {
            cost: 3.0,
            ..progress
        };
        assert!(budget.next_fits(&dear, plan.mul_f64(0.49), 200));
        assert!(!budget.next_fits(&dear, plan.mul_f64(0.51), 200));
        assert!(budget.next_fits(&dear, plan.mul_f64(5.0), 0));
        assert!(
            budget.next_fits(&progress, plan.mul_f64(5.0), 200),
            "no cost known yet"
        );
        assert!(no_clock.next_fits(&dear, ms(1_000_000), 200));
    }

    #[test]
    fn unsettled_searches_get_more_time() {
        let budget = Budget {
            soft: Some(ms(1000)),
            hard: Some(ms(5000)),
        };
        let steady = Progress {
            depth: 12,
            score: 30,
            average: 30,
            earlier: 30,
            changes: 0.0,
            best_since: 8,
            share: 0.5,
            cost: 0.0,
        };
        let spend = |p: Progress| budget.spend(&p).unwrap();
        let falling = Progress {
            average: 80,
            earlier: 90,
            ..steady
        };
        assert!(spend(falling) > spend(steady));
        let changing = Progress {
            changes: 2.0,
            ..steady
        };
        assert!(spend(changing) > spend(steady));
        let settled = Progress {
            best_since: 1,
            ..steady
        };
        assert!(spend(settled) < spend(steady));
        let only_move = Progress {
            share: 0.99,
            ..steady
        };
        assert!(spend(only_move) < spend(steady));
        // A wild swing is bounded, so it cannot eat the clock.
        let wild = Progress {
            average: 5000,
            earlier: 5000,
            ..steady
        };
        assert!(spend(wild) <= ms(1000) * 3);
        let none = Budget {
            soft: None,
            hard: None,
        };
        assert_eq!(none.spend(&steady), None);
    }
}
