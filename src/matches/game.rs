//! One game between two engines, refereed by the variant's rules.

use super::error::MatchError;
use super::openings::Opening;
use super::player::{move_comment, GameSetup, Limits, MoveRequest, Player, Reply};
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
    /// Each turn's PGN comment: the engine's score, depth and time
    /// ([`super::player::move_comment`]); `None` for the opening's turns.
    pub move_comments: Vec<Option<String>>,
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
    referee: &mut Referee,
    opening: &Opening,
    mut players: [&mut dyn Player; 2],
    rules: &GameRules,
) -> Result<Finished, MatchError> {
    set_up_opening(referee, opening)?;
    let start_fen = opening.fen.clone();
    let standard_start = start_fen == referee.variant_start_fen();
    let mut game = GameInProgress::new(rules, &start_fen, standard_start);
    if let Some(finished) = game.start_players(referee, &mut players)? {
        return Ok(finish(players, finished));
    }
    let mut finished = loop {
        if let Some(finished) = game.turn(referee, &mut players) {
            break finished;
        }
    };
    finished.plies = referee.played().len();
    Ok(finish(players, finished))
}

/// Sets the referee to the opening's position and plays its moves.
fn set_up_opening(referee: &mut Referee, opening: &Opening) -> Result<(), MatchError> {
    referee.reset(&opening.fen).map_err(MatchError::Opening)?;
    for m in &opening.moves {
        referee
            .play(m)
            .map_err(|e| MatchError::Opening(format!("opening move {m}: {e}")))?;
    }
    Ok(())
}

/// A game under way: the clocks, the adjudication counters and which
/// engines must be restarted.
struct GameInProgress<'a> {
    rules: &'a GameRules,
    start_fen: &'a str,
    standard_start: bool,
    clocks: [Clock; 2],
    streaks: Streaks,
    moves_by_engines: u32,
    restart: [bool; 2],
    move_comments: Vec<Option<String>>,
}

impl<'a> GameInProgress<'a> {
    fn new(rules: &'a GameRules, start_fen: &'a str, standard_start: bool) -> Self {
        let base = rules.limits.tc.map_or(Duration::ZERO, |tc| tc.base);
        GameInProgress {
            rules,
            start_fen,
            standard_start,
            clocks: [0, 1].map(|_| Clock {
                remaining: base,
                moves_in_period: 0,
            }),
            streaks: Streaks::default(),
            moves_by_engines: 0,
            restart: [false; 2],
            move_comments: Vec::new(),
        }
    }

    /// The end of the game (its plies are counted by the caller).
    fn end(&self, result: &'static str, termination: Termination, reason: String) -> Finished {
        Finished {
            result,
            termination,
            reason,
            plies: 0,
            restart: self.restart,
            move_comments: self.move_comments.clone(),
        }
    }

    /// Tells both engines about the new game. An engine that fails loses
    /// it (`Some`); one that cannot play the variant ends the match (`Err`).
    fn start_players(
        &mut self,
        referee: &Referee,
        players: &mut [&mut dyn Player; 2],
    ) -> Result<Option<Finished>, MatchError> {
        let setup = GameSetup {
            variant: referee.variant(),
            start_fen: self.start_fen,
            standard_start: self.standard_start,
            played: referee.played(),
            limits: &self.rules.limits,
        };
        for (i, player) in players.iter_mut().enumerate() {
            match player.new_game(&setup) {
                Ok(()) => {}
                Err(Failure::Unsupported(why)) => return Err(MatchError::Engine(why)),
                Err(e) => {
                    self.restart[i] = true;
                    let side = Side::from_index(i);
                    let mut finished = self.end(
                        win(!side),
                        Termination::Abandoned,
                        format!("{side} ({}) {e} before the game", player.name()),
                    );
                    finished.plies = referee.played().len();
                    return Ok(Some(finished));
                }
            }
        }
        Ok(None)
    }

    /// One turn: the rules' verdict, or the engine to move thinks and its
    /// reply is timed, checked and played. `Some` when the game is over.
    fn turn(
        &mut self,
        referee: &mut Referee,
        players: &mut [&mut dyn Player; 2],
    ) -> Option<Finished> {
        if let Some(outcome) = referee.outcome() {
            let reason = outcome.to_string();
            return Some(self.end(outcome.result(), Termination::Normal, reason));
        }
        if self
            .rules
            .max_plies
            .is_some_and(|m| referee.played().len() >= m)
        {
            let reason = "Draw by the runner's move limit".into();
            return Some(self.end("1/2-1/2", Termination::Adjudication, reason));
        }
        let side = referee.side_to_move();
        let me = side.index();
        let started = Instant::now();
        let request = self.request(referee, side, started);
        let name = players[me].name().to_string();
        let reply = players[me].think(&request);
        let elapsed = started.elapsed();
        let reply = match reply {
            Ok(reply) => reply,
            Err(e) => return Some(self.engine_failed(side, &name, e)),
        };
        if let Some(flag) = self.charge_clock(side, &name, elapsed) {
            return Some(flag);
        }
        let (text, score, comment) = match reply {
            Reply::Resign => {
                let reason = format!("{side} ({name}) resigns");
                return Some(self.end(win(!side), Termination::Normal, reason));
            }
            Reply::Move { text, score, depth } => {
                let comment = move_comment(score, depth, elapsed);
                (text, score, comment)
            }
        };
        if let Err(why) = referee.play(&text) {
            let reason = format!("{side} ({name}) plays an illegal move '{text}': {why}");
            return Some(self.end(win(!side), Termination::RulesInfraction, reason));
        }
        let turn = referee.played().len() - 1;
        self.move_comments.resize(turn, None);
        self.move_comments.push(Some(comment));
        self.moves_by_engines += 1;
        adjudicate(
            self.rules,
            &mut self.streaks,
            side,
            score,
            self.moves_by_engines,
        )
        .map(|(result, reason)| self.end(result, Termination::Adjudication, reason))
    }

    /// What the engine to move is asked, with its deadline: its clock plus
    /// the margin, the time per move, or the silence timeout.
    fn request<'r>(
        &'r self,
        referee: &'r Referee,
        side: Side,
        started: Instant,
    ) -> MoveRequest<'r> {
        let me = side.index();
        let limits = &self.rules.limits;
        let tc = limits.tc;
        let mut allowed = self.rules.timeout;
        if tc.is_some() {
            allowed = self.clocks[me].remaining + self.rules.time_margin;
        }
        if let Some(st) = limits.st {
            allowed = allowed.min(st + self.rules.time_margin);
        }
        MoveRequest {
            start_fen: self.start_fen,
            standard_start: self.standard_start,
            played: referee.played(),
            side,
            remaining: [self.clocks[0].remaining, self.clocks[1].remaining],
            inc: tc.map_or(Duration::ZERO, |tc| tc.inc),
            moves_to_go: tc
                .and_then(|tc| tc.moves)
                .map(|m| m - self.clocks[me].moves_in_period),
            limits,
            deadline: started + allowed,
        }
    }

    /// An engine that did not answer: it loses on time where a clock or a
    /// time per move runs, otherwise (hung, crashed) it abandons.
    fn engine_failed(&mut self, side: Side, name: &str, failure: Failure) -> Finished {
        self.restart[side.index()] = true;
        let limited = self.rules.limits.tc.is_some() || self.rules.limits.st.is_some();
        match failure {
            Failure::Timeout if limited => self.end(
                win(!side),
                Termination::TimeForfeit,
                format!("{side} ({name}) loses on time"),
            ),
            Failure::Timeout => self.end(
                win(!side),
                Termination::Abandoned,
                format!("{side} ({name}) stopped answering"),
            ),
            e => self.end(
                win(!side),
                Termination::Abandoned,
                format!("{side} ({name}) {e}"),
            ),
        }
    }

    /// Charges `elapsed` to the mover's clock (with the increment and a new
    /// period where the control has one); `Some` when a flag falls or the
    /// time per move is exceeded.
    fn charge_clock(&mut self, side: Side, name: &str, elapsed: Duration) -> Option<Finished> {
        let margin = self.rules.time_margin;
        if let Some(tc) = self.rules.limits.tc {
            let clock = &mut self.clocks[side.index()];
            if elapsed > clock.remaining + margin {
                let reason = format!("{side} ({name}) loses on time");
                return Some(self.end(win(!side), Termination::TimeForfeit, reason));
            }
            clock.remaining = clock.remaining.saturating_sub(elapsed) + tc.inc;
            clock.moves_in_period += 1;
            if tc.moves == Some(clock.moves_in_period) {
                clock.remaining += tc.base;
                clock.moves_in_period = 0;
            }
        }
        if self.rules.limits.st.is_some_and(|st| elapsed > st + margin) {
            let reason = format!("{side} ({name}) exceeds the time per move");
            return Some(self.end(win(!side), Termination::TimeForfeit, reason));
        }
        None
    }
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

    #[test]
    fn a_bad_opening_is_an_opening_error() {
        let mut referee =
            super::super::referee::Referee::new(&variants::Registry::builtin(), "chess").unwrap();
        let bad_move = Opening {
            fen: variants::chess::spec().start_fen.clone(),
            moves: vec!["e2e5".to_string()],
        };
        assert!(matches!(
            set_up_opening(&mut referee, &bad_move),
            Err(MatchError::Opening(m)) if m.starts_with("opening move e2e5: ")
        ));
        let bad_fen = Opening {
            fen: "8/8/8 w".to_string(),
            moves: Vec::new(),
        };
        assert!(matches!(
            set_up_opening(&mut referee, &bad_fen),
            Err(MatchError::Opening(_))
        ));
    }

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
