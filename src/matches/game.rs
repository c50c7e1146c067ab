//! One game between two engines, refereed by the variant's rules.

use super::openings::Opening;
use super::player::{GameSetup, Limits, MoveRequest, Player, Reply};
use super::process::Failure;
use super::referee::Referee;
use super::spec::{DrawRule, ResignRule};
use std::time::{Duration, Instant};
use variants::Side;

/// The rules of play every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// Limits per move.
    pub limits: Limits,
    /// Grace beyond the clock before a flag falls.
    pub time_margin: Duration,
    /// How long an engine without a clock may stay silent.
    pub timeout: Duration,
    /// Draw adjudication.
    pub draw: Option<DrawRule>,
    /// Resign adjudication.
    pub resign: Option<ResignRule>,
    /// Turns after which the game is adjudicated a draw.
    pub max_plies: Option<usize>,
}

/// How a game ended, for the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the game, or a resignation.
    Normal,
    /// A flag fell.
    TimeForfeit,
    /// An illegal or garbled move.
    RulesInfraction,
    /// Decided by the runner's draw, resign or length rules.
    Adjudication,
    /// An engine crashed, hung or broke the protocol.
    Abandoned,
}

impl Termination {
    /// The PGN tag value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Adjudication => "adjudication",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// What came of a game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// How it ended.
    pub termination: Termination,
    /// Why, in words (`White mates`, `Black's move e1e5 is illegal: ...`).
    pub reason: String,
    /// Turns played, the opening's included.
    pub plies: usize,
    /// Whether the White / Black engine must be restarted before it plays again.
    pub restart: [bool; 2],
}

fn win(side: Side) -> &'static str {
    if side == Side::White {
        "1-0"
    } else {
        "0-1"
    }
}

/// A side's clock.
struct Clock {
    remaining: Duration,
    moves_in_period: u32,
}

/// Score-based adjudication counters.
#[derive(Default)]
struct Streaks {
    drawish: [u32; 2],
    losing: [u32; 2],
}

/// Plays one game from `opening`; `players` are White's and Black's engine.
pub fn play(
    referee: &mut dyn Referee,
    opening: &Opening,
    mut players: [&mut dyn Player; 2],
    rules: &GameRules,
) -> Result<Finished, String> {
    referee.reset(&opening.fen)?;
    for m in &opening.moves {
        referee.play(m)?;
    }
    let start_fen = opening.fen.clone();
    let standard_start = start_fen == referee.variant_start_fen();
    let mut restart = [false; 2];
    let setup = GameSetup {
        variant: referee.variant(),
        start_fen: &start_fen,
        standard_start,
        played: referee.played(),
        limits: &rules.limits,
    };
    for (i, player) in players.iter_mut().enumerate() {
        match player.new_game(&setup) {
            Ok(()) => {}
            Err(Failure::Unsupported(why)) => return Err(why),
            Err(e) => {
                restart[i] = true;
                let side = Side::from_index(i);
                let finished = Finished {
                    result: win(!side),
                    termination: Termination::Abandoned,
                    reason: format!("{side} ({}) {e} before the game", player.name()),
                    plies: referee.played().len(),
                    restart,
                };
                return Ok(finish(players, finished));
            }
        }
    }
    let base = rules.limits.tc.map_or(Duration::ZERO, |tc| tc.base);
    let mut clocks = [0, 1].map(|_| Clock {
        remaining: base,
        moves_in_period: 0,
    });
    let mut streaks = Streaks::default();
    let mut moves_by_engines = 0u32;
    let end = |result, termination, reason: String, restart| Finished {
        result,
        termination,
        reason,
        plies: 0,
        restart,
    };
    let mut finished = loop {
        if let Some(outcome) = referee.outcome() {
            break end(
                outcome.result(),
                Termination::Normal,
                outcome.to_string(),
                restart,
            );
        }
        if rules.max_plies.is_some_and(|m| referee.played().len() >= m) {
            break end(
                "1/2-1/2",
                Termination::Adjudication,
                "Draw by the runner's move limit".into(),
                restart,
            );
        }
        let side = referee.side_to_move();
        let me = side.index();
        let tc = rules.limits.tc;
        let started = Instant::now();
        let mut allowed = rules.timeout;
        if tc.is_some() {
            allowed = clocks[me].remaining + rules.time_margin;
        }
        if let Some(st) = rules.limits.st {
            allowed = allowed.min(st + rules.time_margin);
        }
        let request = MoveRequest {
            start_fen: &start_fen,
            standard_start,
            played: referee.played(),
            side,
            remaining: [clocks[0].remaining, clocks[1].remaining],
            inc: tc.map_or(Duration::ZERO, |tc| tc.inc),
            moves_to_go: tc
                .and_then(|tc| tc.moves)
                .map(|m| m - clocks[me].moves_in_period),
            limits: &rules.limits,
            deadline: started + allowed,
        };
        let name = players[me].name().to_string();
        let reply = players[me].think(&request);
        let elapsed = started.elapsed();
        let reply = match reply {
            Ok(reply) => reply,
            Err(Failure::Timeout) => {
                restart[me] = true;
                let (termination, what) = if tc.is_some() || rules.limits.st.is_some() {
                    (Termination::TimeForfeit, "loses on time")
                } else {
                    (Termination::Abandoned, "stopped answering")
                };
                break end(
                    win(!side),
                    termination,
                    format!("{side} ({name}) {what}"),
                    restart,
                );
            }
            Err(e) => {
                restart[me] = true;
                break end(
                    win(!side),
                    Termination::Abandoned,
                    format!("{side} ({name}) {e}"),
                    restart,
                );
            }
        };
        if let Some(tc) = tc {
            let clock = &mut clocks[me];
            if elapsed > clock.remaining + rules.time_margin {
                break end(
                    win(!side),
                    Termination::TimeForfeit,
                    format!("{side} ({name}) loses on time"),
                    restart,
                );
            }
            clock.remaining = clock.remaining.saturating_sub(elapsed) + tc.inc;
            clock.moves_in_period += 1;
            if tc.moves == Some(clock.moves_in_period) {
                clock.remaining += tc.base;
                clock.moves_in_period = 0;
            }
        }
        if rules
            .limits
            .st
            .is_some_and(|st| elapsed > st + rules.time_margin)
        {
            break end(
                win(!side),
                Termination::TimeForfeit,
                format!("{side} ({name}) exceeds the time per move"),
                restart,
            );
        }
        let (text, score) = match reply {
            Reply::Resign => {
                break end(
                    win(!side),
                    Termination::Normal,
                    format!("{side} ({name}) resigns"),
                    restart,
                )
            }
            Reply::Move { text, score } => (text, score),
        };
        if let Err(why) = referee.play(&text) {
            break end(
                win(!side),
                Termination::RulesInfraction,
                format!("{side} ({name}) plays an illegal move '{text}': {why}"),
                restart,
            );
        }
        moves_by_engines += 1;
        if let Some(verdict) = adjudicate(rules, &mut streaks, side, score, moves_by_engines) {
            break end(verdict.0, Termination::Adjudication, verdict.1, restart);
        }
    };
    finished.plies = referee.played().len();
    Ok(finish(players, finished))
}

/// Tells both engines the result.
fn finish(players: [&mut dyn Player; 2], finished: Finished) -> Finished {
    for (i, player) in players.into_iter().enumerate() {
        if finished.restart[i] {
            player.kill();
        } else {
            player.game_over(finished.result, &finished.reason);
        }
    }
    finished
}

/// Applies the draw and resign rules after `side` moved with `score`.
fn adjudicate(
    rules: &GameRules,
    streaks: &mut Streaks,
    side: Side,
    score: Option<i32>,
    moves_by_engines: u32,
) -> Option<(&'static str, String)> {
    let me = side.index();
    if let Some(rule) = rules.resign {
        match score {
            Some(s) if s <= -rule.score => streaks.losing[me] += 1,
            _ => streaks.losing[me] = 0,
        }
        if streaks.losing[me] >= rule.move_count {
            return Some((win(!side), format!("{side} is lost (adjudicated)")));
        }
    }
    if let Some(rule) = rules.draw {
        let full_moves = moves_by_engines.div_ceil(2);
        match score {
            Some(s) if s.abs() <= rule.score && full_moves >= rule.move_number => {
                streaks.drawish[me] += 1
            }
            _ => streaks.drawish[me] = 0,
        }
        if streaks.drawish.iter().all(|&n| n >= rule.move_count) {
            return Some(("1/2-1/2", "Draw by adjudication".into()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(draw: Option<DrawRule>, resign: Option<ResignRule>) -> GameRules {
        GameRules {
            limits: Limits::default(),
            time_margin: Duration::ZERO,
            timeout: Duration::from_secs(1),
            draw,
            resign,
            max_plies: None,
        }
    }

    #[test]
    fn resign_rule_needs_consecutive_bad_scores_of_one_side() {
        let r = rules(
            None,
            Some(ResignRule {
                move_count: 2,
                score: 500,
            }),
        );
        let mut s = Streaks::default();
        assert!(adjudicate(&r, &mut s, Side::White, Some(-600), 1).is_none());
        assert!(adjudicate(&r, &mut s, Side::Black, Some(600), 2).is_none());
        assert!(
            adjudicate(&r, &mut s, Side::White, Some(-100), 3).is_none(),
            "streak broken"
        );
        assert!(adjudicate(&r, &mut s, Side::White, Some(-600), 5).is_none());
        let verdict = adjudicate(&r, &mut s, Side::White, Some(-700), 7).unwrap();
        assert_eq!(verdict.0, "0-1");
    }

    #[test]
    fn draw_rule_needs_both_sides_and_the_move_number() {
        let r = rules(
            Some(DrawRule {
                move_number: 2,
                move_count: 2,
                score: 10,
            }),
            None,
        );
        let mut s = Streaks::default();
        // Move 1 is before the rule's move number: not counted.
        assert!(adjudicate(&r, &mut s, Side::White, Some(0), 1).is_none());
        assert!(adjudicate(&r, &mut s, Side::Black, Some(0), 2).is_none());
        assert!(adjudicate(&r, &mut s, Side::White, Some(5), 3).is_none());
        assert!(adjudicate(&r, &mut s, Side::Black, Some(-5), 4).is_none());
        assert!(
            adjudicate(&r, &mut s, Side::White, None, 5).is_none(),
            "no score breaks it"
        );
        assert!(adjudicate(&r, &mut s, Side::Black, Some(3), 6).is_none());
        assert!(adjudicate(&r, &mut s, Side::White, Some(3), 7).is_none());
        assert!(adjudicate(&r, &mut s, Side::Black, Some(3), 8).is_none());
        assert_eq!(
            adjudicate(&r, &mut s, Side::White, Some(3), 9).unwrap().0,
            "1/2-1/2"
        );
    }
}
