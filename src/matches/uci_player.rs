//! Driving a UCI engine.

use super::player::{mate_score, GameSetup, MoveRequest, Player, Reply};
use super::process::{EngineProcess, Failure};
use super::spec::EngineSpec;
use std::time::{Duration, Instant};

/// A UCI engine.
pub struct UciPlayer {
    process: EngineProcess,
    name: String,
    timeout: Duration,
}

impl UciPlayer {
    /// Starts the engine: `uci`, the options (and `UCI_Variant` unless the
    /// game is chess), then `isready`.
    pub fn start(
        spec: &EngineSpec,
        label: &str,
        variant: &str,
        timeout: Duration,
    ) -> Result<UciPlayer, String> {
        let mut process = EngineProcess::spawn(spec, label)?;
        let fail =
            |step: &str, e: Failure| format!("{label}: no answer to '{step}': the engine {e}");
        process.send("uci").map_err(|e| fail("uci", e))?;
        let mut reported = None;
        process
            .wait_for(Instant::now() + timeout, |line| {
                if let Some(name) = line.strip_prefix("id name ") {
                    reported = Some(name.trim().to_string());
                }
                (line.trim() == "uciok").then_some(())
            })
            .map_err(|e| fail("uci", e))?;
        let mut options = spec.options.clone();
        if variant != "chess" {
            options.push(("UCI_Variant".to_string(), variant.to_string()));
        }
        for (name, value) in &options {
            process
                .send(&format!("setoption name {name} value {value}"))
                .map_err(|e| fail("setoption", e))?;
        }
        let mut player = UciPlayer {
            process,
            name: spec
                .name
                .clone()
                .or(reported)
                .unwrap_or_else(|| spec.fallback_name()),
            timeout,
        };
        player.sync().map_err(|e| fail("isready", e))?;
        Ok(player)
    }

    fn sync(&mut self) -> Result<(), Failure> {
        self.process.send("isready")?;
        self.process
            .wait_for(Instant::now() + self.timeout, |line| {
                (line.trim() == "readyok").then_some(())
            })
    }
}

/// The `go` command for a request.
fn go_command(request: &MoveRequest<'_>) -> String {
    let mut go = String::from("go");
    let limits = request.limits;
    if limits.tc.is_some() {
        let ms = |d: Duration| d.as_millis();
        go.push_str(&format!(
            " wtime {} btime {} winc {} binc {}",
            ms(request.remaining[0]),
            ms(request.remaining[1]),
            ms(request.inc),
            ms(request.inc)
        ));
        if let Some(n) = request.moves_to_go {
            go.push_str(&format!(" movestogo {n}"));
        }
    }
    if let Some(st) = limits.st {
        go.push_str(&format!(" movetime {}", st.as_millis()));
    }
    if let Some(nodes) = limits.nodes {
        go.push_str(&format!(" nodes {nodes}"));
    }
    if let Some(depth) = limits.depth {
        go.push_str(&format!(" depth {depth}"));
    }
    go
}

/// The score of an `info` line, unless it belongs to a secondary PV.
fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    if let Some(i) = words.iter().position(|&w| w == "multipv") {
        if words.get(i + 1).is_some_and(|&n| n != "1") {
            return None;
        }
    }
    let i = words.iter().position(|&w| w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(value),
        "mate" => Some(mate_score(value)),
        _ => None,
    }
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _setup: &GameSetup<'_>) -> Result<(), Failure> {
        self.process.drain();
        self.process.send("ucinewgame")?;
        self.sync()
    }

    fn think(&mut self, request: &MoveRequest<'_>) -> Result<Reply, Failure> {
        let mut position = if request.standard_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", request.start_fen)
        };
        if !request.played.is_empty() {
            position.push_str(" moves");
            for p in request.played {
                position.push(' ');
                position.push_str(&p.token);
            }
        }
        self.process.send(&position)?;
        self.process.send(&go_command(request))?;
        let mut score = None;
        self.process.wait_for(request.deadline, |line| {
            if let Some(s) = info_score(line) {
                score = Some(s);
            }
            let mut words = line.split_whitespace();
            (words.next() == Some("bestmove")).then(|| Reply::Move {
                text: words.next().unwrap_or("").to_string(),
                score,
            })
        })
    }

    fn game_over(&mut self, _result: &str, _comment: &str) {}

    fn process(&mut self) -> &mut EngineProcess {
        &mut self.process
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_of_the_main_line_only() {
        assert_eq!(
            info_score("info depth 5 score cp -34 nodes 100 pv e2e4"),
            Some(-34)
        );
        assert_eq!(
            info_score("info depth 9 score mate 3 pv a1a8"),
            Some(99_997)
        );
        assert_eq!(info_score("info depth 9 score mate -2"), Some(-99_998));
        assert_eq!(info_score("info depth 9 multipv 2 score cp 10"), None);
        assert_eq!(
            info_score("info depth 9 multipv 1 score cp 10 lowerbound"),
            Some(10)
        );
        assert_eq!(info_score("info string score cp"), None);
        assert_eq!(info_score("bestmove e2e4"), None);
    }
}
