//! XBoard / WinBoard (CECP v2): features, game control (`new`, `variant`,
//! `force`, `go`, `playother`, `usermove`, `?`, `undo`, `remove`,
//! `setboard`, `result`), clocks (`level`, `st`, `sd`, `time`, `otim`),
//! thinking output (`post`), pondering (`hard`), analysis (`analyze`,
//! `exit`) and options (`memory`, `cores`, `option`).

use crate::jobs::Style;
use crate::options::{MULTIPV_MAX, OVERHEAD_MAX};
use crate::Session;
use engine::{Limits, ENGINE_NAME, ENGINE_VERSION};
use play::{End, Found, SearchOrder, FAILED_SEARCH};
use std::time::Duration;
use variants::{MoveError, Side};

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// Our move: play it when done.
    Think,
    /// The opponent's time, on the expected reply.
    Ponder,
    /// Analysis mode: runs until told otherwise.
    Analyze,
}

/// A time control from `level`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    /// Moves per session (0: the whole game).
    moves: u32,
    base: Duration,
    inc: Duration,
}

/// XBoard session state.
#[derive(Debug)]
pub(crate) struct State {
    force: bool,
    engine_side: Side,
    post: bool,
    ponder: bool,
    analyzing: bool,
    game_over: bool,
    level: Option<Level>,
    st: Option<Duration>,
    sd: Option<i32>,
    time: Option<Duration>,
    otim: Option<Duration>,
    purpose: Option<Purpose>,
}

impl Default for State {
    fn default() -> Self {
        State {
            force: false,
            engine_side: Side::Black,
            post: false,
            ponder: false,
            analyzing: false,
            game_over: false,
            level: None,
            st: None,
            sd: None,
            time: None,
            otim: None,
            purpose: None,
        }
    }
}

/// Reads `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
fn parse_level(args: &[&str]) -> Result<Level, String> {
    let [mps, base, inc] = args else {
        return Err("expected 'level MPS BASE INC'".to_string());
    };
    let moves = mps
        .parse::<u32>()
        .map_err(|_| format!("moves per session '{mps}' is not a number"))?;
    let base_secs = match base.split_once(':') {
        Some((m, s)) => m
            .parse::<u64>()
            .ok()
            .zip(s.parse::<u64>().ok())
            .map(|(m, s)| (m * 60 + s) as f64),
        None => base.parse::<f64>().ok().map(|m| m * 60.0),
    }
    .filter(|s| s.is_finite() && *s >= 0.0)
    .ok_or(format!("base time '{base}' is not minutes or min:sec"))?;
    let inc_secs = parse_seconds(inc)?;
    Ok(Level {
        moves,
        base: Duration::from_secs_f64(base_secs.min(1e7)),
        inc: inc_secs,
    })
}

fn parse_seconds(v: &str) -> Result<Duration, String> {
    match v.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(Duration::from_secs_f64(s.min(1e7))),
        _ => Err(format!("'{v}' is not a number of seconds")),
    }
}

/// Reads a clock in centiseconds (negative when the flag fell).
fn parse_centis(v: Option<&&str>) -> Result<Duration, String> {
    let v = v.ok_or("expected a time in centiseconds")?;
    let cs: i64 = v
        .parse()
        .map_err(|_| format!("'{v}' is not a number of centiseconds"))?;
    Ok(Duration::from_millis(cs.max(0) as u64 * 10))
}

impl Session {
    fn xb_error(&self, reason: &str, command: &str) {
        self.say(&format!("Error ({reason}): {command}"));
    }

    /// The `variants` feature's list.
    fn xb_variant_list(&self) -> String {
        // XBoard calls orthodox chess "normal" and its Chess960
        // "fischerandom": the game with Chess960 castling answers to both.
        let variants: Vec<String> = self
            .registry
            .listing()
            .into_iter()
            .flat_map(|game| {
                if game.chess960 {
                    vec!["normal".to_string(), game.id, "fischerandom".into()]
                } else {
                    vec![game.id]
                }
            })
            .collect();
        variants.join(",")
    }

    /// Tells XBoard the games again after a file added some.
    pub(crate) fn xb_variants_feature(&self) {
        self.say(&format!("feature variants=\"{}\"", self.xb_variant_list()));
    }

    fn xb_features(&self) {
        self.say(&format!(
            "feature done=0 myname=\"{ENGINE_NAME} {ENGINE_VERSION}\" variants=\"{}\" \
             setboard=1 usermove=1 ping=1 playother=1 time=1 draw=0 reuse=1 san=0 \
             analyze=1 colors=0 sigint=0 sigterm=0 memory=1 smp=1 exclude=0 nps=0",
            self.xb_variant_list()
        ));
        self.say(&format!(
            "feature option=\"Move Overhead -spin 30 0 {OVERHEAD_MAX}\" \
             option=\"MultiPV -spin 1 1 {MULTIPV_MAX}\" option=\"Clear Hash -button\" \
             option=\"VariantPath -file \" option=\"EvalFile -file \""
        ));
        self.say("feature done=1");
    }

    /// Ends the running search without playing its result.
    fn xb_abandon(&mut self) {
        self.xboard.purpose = None;
        self.end_search(End::Stop);
    }

    /// Limits for a search on the engine's clock.
    fn xb_limits(&self) -> Limits {
        let x = &self.xboard;
        let mut l = Limits {
            depth: x.sd,
            ..Limits::default()
        };
        let us = x.engine_side.index();
        if let Some(st) = x.st {
            l.move_time = Some(st);
        } else if let Some(own) = x.time.or(x.level.map(|lv| lv.base)) {
            l.time[us] = Some(own);
            l.time[1 - us] = x.otim.or(Some(own));
            if let Some(lv) = x.level {
                l.inc = [Some(lv.inc); 2];
                if lv.moves > 0 {
                    let made = (self.game.turns_played() / 2) as u32;
                    l.moves_to_go = Some(lv.moves - made % lv.moves);
                }
            }
        } else if x.sd.is_none() {
            // No clock was ever given: think a moderate fixed time.
            l.move_time = Some(Duration::from_secs(5));
        }
        l
    }

    fn xb_start(&mut self, purpose: Purpose, after: Option<String>) {
        let mut limits = match purpose {
            Purpose::Analyze => Limits {
                infinite: true,
                ..Limits::default()
            },
            _ => self.xb_limits(),
        };
        limits.ponder = purpose == Purpose::Ponder;
        let post = self.xboard.post || purpose == Purpose::Analyze;
        let order = SearchOrder {
            limits,
            after,
            ..SearchOrder::default()
        };
        match self.start_search(order, Style::Xboard { post }) {
            Ok(()) => self.xboard.purpose = Some(purpose),
            Err(e) => log::warn!("could not start a search: {e}"),
        }
    }

    /// Starts thinking when it is the engine's move.
    fn xb_maybe_think(&mut self) {
        let x = &self.xboard;
        if !x.force
            && !x.analyzing
            && !x.game_over
            && x.purpose.is_none()
            && self.game.side_to_move() == x.engine_side
        {
            self.xb_start(Purpose::Think, None);
        }
    }

    fn xb_restart_analysis(&mut self) {
        if self.xboard.analyzing {
            self.xb_abandon();
            self.xb_start(Purpose::Analyze, None);
        }
    }

    /// Announces the result if the game just ended.
    fn xb_check_end(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            self.xboard.game_over = true;
            if !self.xboard.force && !self.xboard.analyzing {
                self.say(&format!("{} {{{outcome}}}", outcome.result()));
            }
        } else {
            self.xboard.game_over = false;
        }
    }

    /// Plays the user's move `token`, which came in `command`: an illegal
    /// move gets `Illegal move: <token>`, a token that is no move at all
    /// `Error (malformed move: <reason>): <command>`.
    fn xb_usermove(&mut self, token: &str, command: &str) {
        if self.xboard.purpose == Some(Purpose::Ponder) && self.game.ponder_matches(token) {
            // The expected reply: the ponder search goes on, now on our clock.
            if self.game.play(token).is_ok() {
                self.xboard.purpose = Some(Purpose::Think);
                self.search.ponderhit();
                return;
            }
        }
        if self.xboard.purpose.is_some() {
            self.end_search(End::Stop);
            if self.xboard.purpose != Some(Purpose::Analyze) {
                self.xboard.purpose = None;
            }
        }
        if let Err(e) = self.game.play(token) {
            log::info!("{e}");
            match e {
                MoveError::Illegal { .. } => self.say(&format!("Illegal move: {token}")),
                MoveError::Malformed { reason, .. } => {
                    self.xb_error(&format!("malformed move: {reason}"), command)
                }
            }
            if self.xboard.purpose == Some(Purpose::Analyze) {
                self.xboard.purpose = None;
                self.xb_start(Purpose::Analyze, None);
            }
            return;
        }
        self.xb_check_end();
        if self.xboard.analyzing {
            self.xboard.purpose = None;
            self.xb_start(Purpose::Analyze, None);
        } else {
            self.xb_maybe_think();
        }
    }

    pub(crate) fn xboard_search_finished(&mut self, best: Found) {
        if self.xboard.purpose.take() != Some(Purpose::Think) {
            return;
        }
        if best.failed {
            // CECP's engines write their debugging output after a '#'.
            self.say(&format!("# error: {FAILED_SEARCH}"));
        }
        let Some(turn) = best.best else {
            self.xb_check_end();
            return;
        };
        if let Err(e) = self.game.play(&turn.token) {
            log::error!("the engine's own move {} was rejected: {e}", turn.token);
            return;
        }
        // XBoard's own form of the turn (Chess960 castling is O-O there).
        let token = turn.xboard;
        // A multi-leg move goes out one leg per line, each but the last
        // ending in a comma (CECP).
        let legs: Vec<&str> = token.split(',').collect();
        for (i, leg) in legs.iter().enumerate() {
            let more = if i + 1 < legs.len() { "," } else { "" };
            self.say(&format!("move {leg}{more}"));
        }
        self.xb_check_end();
        if self.xboard.ponder && !self.xboard.game_over && !self.xboard.force {
            if let Some(reply) = best.ponder {
                self.xb_start(Purpose::Ponder, Some(reply.token));
            }
        }
    }

    fn xb_new_game(&mut self) {
        self.xb_abandon();
        if self.variant != "chess" || self.options.chess960 {
            self.options.chess960 = false;
            let _ = self.switch_variant("chess");
        }
        let _ = self.game.set_position(None, &[]);
        self.search.clear();
        let x = &mut self.xboard;
        x.force = false;
        x.engine_side = Side::Black;
        x.game_over = false;
        x.sd = None;
        x.time = None;
        x.otim = None;
    }

    fn xb_option(&mut self, rest: &str) -> Result<(), String> {
        let (name, value) = match rest.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (rest.trim(), None),
        };
        match name.to_ascii_lowercase().as_str() {
            "move overhead" | "multipv" | "clear hash" | "variantpath" | "evalfile" => {
                self.set_option(name, value)
            }
            // The search's tunable margins, not announced (for tuners).
            other if engine::Params::find(other).is_some() => self.set_option(name, value),
            _ => Err(format!("unknown option '{name}'")),
        }
    }

    pub(crate) fn xboard_command(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let rest = line[words[0].len()..].trim();
        // Each group answers the commands it knows (`None` for the rest).
        let result = self
            .xb_handshake(&words, rest)
            .or_else(|| self.xb_game_control(&words, rest))
            .or_else(|| self.xb_moves(&words, line))
            .or_else(|| self.xb_thinking(&words))
            .or_else(|| self.xb_set_limits(&words))
            .or_else(|| self.xb_options(&words, rest))
            .unwrap_or_else(|| self.xb_other(&words, line));
        if let Err(reason) = result {
            self.xb_error(&reason, line);
        }
    }

    /// The board for humans, and moves sent bare (without `usermove=1`
    /// accepted); anything else is an unknown command.
    fn xb_other(&mut self, words: &[&str], line: &str) -> Result<(), String> {
        if words[0] == "d" {
            self.show_board();
            Ok(())
        } else if words.len() == 1 && looks_like_move(words[0]) {
            self.xb_usermove(words[0], line);
            Ok(())
        } else {
            Err("unknown command".to_string())
        }
    }

    /// The handshake and keep-alive commands.
    fn xb_handshake(&mut self, words: &[&str], rest: &str) -> Option<Result<(), String>> {
        Some(match words[0] {
            "xboard" => {
                self.xboard = State::default();
                Ok(())
            }
            "protover" => {
                self.xb_features();
                Ok(())
            }
            // Accepted and harmless to ignore (`holding`: the pockets,
            // which the engine keeps from the moves itself).
            "accepted" | "rejected" | "computer" | "name" | "rating" | "random" | "ics"
            | "draw" | "hint" | "bk" | "." | "nps" | "holding" => Ok(()),
            "ping" => {
                self.say(&format!("pong {rest}"));
                Ok(())
            }
            _ => return None,
        })
    }

    /// Commands that start, set up or end a game, or say who plays what.
    fn xb_game_control(&mut self, words: &[&str], rest: &str) -> Option<Result<(), String>> {
        Some(match words[0] {
            "new" => {
                self.xb_new_game();
                Ok(())
            }
            "variant" => {
                self.xb_abandon();
                let r = self.switch_variant(rest);
                self.xboard.game_over = false;
                if r.is_ok() {
                    for line in self.game.xboard_definition() {
                        self.say(&line);
                    }
                }
                r
            }
            "force" => {
                self.xb_abandon();
                self.xboard.force = true;
                Ok(())
            }
            "go" => {
                if self.xboard.purpose != Some(Purpose::Think) {
                    self.xb_abandon();
                }
                self.xboard.force = false;
                self.xboard.engine_side = self.game.side_to_move();
                self.xb_maybe_think();
                Ok(())
            }
            "playother" => {
                self.xb_abandon();
                self.xboard.force = false;
                self.xboard.engine_side = !self.game.side_to_move();
                Ok(())
            }
            "white" | "black" => {
                self.xb_abandon();
                self.xboard.engine_side = if words[0] == "white" {
                    Side::Black
                } else {
                    Side::White
                };
                Ok(())
            }
            "setboard" => {
                self.xb_abandon();
                let r = self
                    .game
                    .set_position(Some(rest), &[])
                    .map_err(|e| format!("bad FEN: {e}"));
                if r.is_ok() {
                    self.xb_check_end();
                }
                self.xb_restart_analysis();
                r
            }
            "result" => {
                self.xb_abandon();
                self.xboard.game_over = true;
                Ok(())
            }
            _ => return None,
        })
    }

    /// Moves: the user's, the engine's now (`?`), taking back.
    fn xb_moves(&mut self, words: &[&str], line: &str) -> Option<Result<(), String>> {
        Some(match words[0] {
            "usermove" => {
                match words.get(1) {
                    Some(token) => self.xb_usermove(token, line),
                    None => self.xb_error("usermove needs a move", line),
                }
                Ok(())
            }
            "?" => {
                if self.xboard.purpose == Some(Purpose::Think) {
                    if let Some(best) = self.end_search(End::Stop) {
                        self.xboard_search_finished(best);
                    }
                }
                Ok(())
            }
            "undo" | "remove" => {
                let n = if words[0] == "undo" { 1 } else { 2 };
                if self.game.turns_played() < n {
                    // All or nothing: a refused command changes no state.
                    Err("no move to take back".to_string())
                } else {
                    self.xb_abandon();
                    for _ in 0..n {
                        self.game.undo();
                    }
                    self.xb_check_end();
                    self.xb_restart_analysis();
                    Ok(())
                }
            }
            _ => return None,
        })
    }

    /// Pondering, thinking output and analysis.
    fn xb_thinking(&mut self, words: &[&str]) -> Option<Result<(), String>> {
        Some(match words[0] {
            "hard" => {
                self.xboard.ponder = true;
                Ok(())
            }
            "easy" => {
                self.xboard.ponder = false;
                if self.xboard.purpose == Some(Purpose::Ponder) {
                    self.xb_abandon();
                }
                Ok(())
            }
            "post" | "nopost" => {
                self.xboard.post = words[0] == "post";
                Ok(())
            }
            "analyze" => {
                self.xb_abandon();
                self.xboard.analyzing = true;
                self.xb_start(Purpose::Analyze, None);
                Ok(())
            }
            "exit" => {
                if self.xboard.analyzing {
                    self.xb_abandon();
                    self.xboard.analyzing = false;
                }
                Ok(())
            }
            _ => return None,
        })
    }

    /// Time and depth limits.
    fn xb_set_limits(&mut self, words: &[&str]) -> Option<Result<(), String>> {
        Some(match words[0] {
            "level" => parse_level(&words[1..]).map(|lv| {
                self.xboard.level = Some(lv);
                self.xboard.st = None;
            }),
            "st" => words
                .get(1)
                .ok_or("expected 'st SECONDS'".to_string())
                .and_then(|v| parse_seconds(v))
                .map(|d| self.xboard.st = Some(d)),
            "sd" => match words.get(1).map(|v| v.parse::<i32>()) {
                Some(Ok(d)) if d >= 1 => {
                    self.xboard.sd = Some(d);
                    Ok(())
                }
                _ => Err("expected 'sd DEPTH' with a depth of at least 1".to_string()),
            },
            "time" => parse_centis(words.get(1)).map(|d| self.xboard.time = Some(d)),
            "otim" => parse_centis(words.get(1)).map(|d| self.xboard.otim = Some(d)),
            _ => return None,
        })
    }

    /// Hash, threads and the engine's options.
    fn xb_options(&mut self, words: &[&str], rest: &str) -> Option<Result<(), String>> {
        Some(match words[0] {
            "memory" => self.set_option("Hash", words.get(1).copied()),
            "cores" => self.set_option("Threads", words.get(1).copied()),
            "option" => self.xb_option(rest),
            _ => return None,
        })
    }
}

/// Whether a word is shaped like a move token rather than a command word.
fn looks_like_move(w: &str) -> bool {
    w.chars().any(|c| c.is_ascii_digit()) || w.starts_with("O-O") || w.starts_with("0-0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        let l = parse_level(&["40", "5", "0"]).unwrap();
        assert_eq!(
            (l.moves, l.base, l.inc),
            (40, Duration::from_secs(300), Duration::ZERO)
        );
        let l = parse_level(&["0", "2:30", "0.5"]).unwrap();
        assert_eq!(l.base, Duration::from_secs(150));
        assert_eq!(l.inc, Duration::from_millis(500));
        assert!(parse_level(&["0", "x", "1"]).is_err());
        assert!(parse_level(&["0", "1"]).is_err());
        assert!(parse_level(&["0", "1", "-2"]).is_err());
    }

    #[test]
    fn clocks_in_centiseconds() {
        assert_eq!(
            parse_centis(Some(&"1234")),
            Ok(Duration::from_millis(12340))
        );
        assert_eq!(parse_centis(Some(&"-50")), Ok(Duration::ZERO));
        assert!(parse_centis(Some(&"soon")).is_err());
        assert!(parse_centis(None).is_err());
    }
}
