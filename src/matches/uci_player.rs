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
    /// game is chess), then `isready`. A game the engine does not offer
    /// (no `UCI_Variant` option, or a combo without it) is refused before
    /// the first game, naming the games it offers; where the options load
    /// games (`VariantPath`), the engine is asked again after them.
    pub fn start(
        spec: &EngineSpec,
        label: &str,
        variant: &str,
        timeout: Duration,
    ) -> Result<UciPlayer, String> {
        let mut process = EngineProcess::spawn(spec, label)?;
        let fail =
            |step: &str, e: Failure| format!("{label}: no answer to '{step}': the engine {e}");
        let (reported, mut offered) =
            handshake(&mut process, timeout).map_err(|e| fail("uci", e))?;
        let name = spec
            .name
            .clone()
            .or(reported)
            .unwrap_or_else(|| spec.fallback_name());
        for (option, value) in &spec.options {
            process
                .send(&format!("setoption name {option} value {value}"))
                .map_err(|e| fail("setoption", e))?;
        }
        if variant != "chess" {
            let loads_games = spec
                .options
                .iter()
                .any(|(o, _)| o.eq_ignore_ascii_case("VariantPath"));
            if loads_games && !offers(&offered, variant) {
                offered = handshake(&mut process, timeout)
                    .map_err(|e| fail("uci", e))?
                    .1;
            }
            if !offers(&offered, variant) {
                process.kill();
                return Err(match &offered {
                    None => format!(
                        "{label} ({name}) does not play '{variant}': it has no UCI_Variant \
                         option (it plays chess only)"
                    ),
                    Some(list) => format!(
                        "{label} ({name}) does not play '{variant}': its UCI_Variant offers {}",
                        list.join(", ")
                    ),
                });
            }
            process
                .send(&format!("setoption name UCI_Variant value {variant}"))
                .map_err(|e| fail("setoption", e))?;
        }
        let mut player = UciPlayer {
            process,
            name,
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

/// Sends `uci` and reads up to `uciok`: the name the engine gives itself,
/// and the games of its `UCI_Variant` option (`None` without one).
fn handshake(
    process: &mut EngineProcess,
    timeout: Duration,
) -> Result<(Option<String>, Option<Vec<String>>), Failure> {
    process.send("uci")?;
    let mut reported = None;
    let mut offered = None;
    process.wait_for(Instant::now() + timeout, |line| {
        if let Some(name) = line.strip_prefix("id name ") {
            reported = Some(name.trim().to_string());
        }
        if let Some(list) = variant_combo(line) {
            offered = Some(list);
        }
        (line.trim() == "uciok").then_some(())
    })?;
    Ok((reported, offered))
}

/// The values of an `option name UCI_Variant type combo ... var X var Y`
/// line.
fn variant_combo(line: &str) -> Option<Vec<String>> {
    let rest = line.trim().strip_prefix("option name UCI_Variant ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect(),
    )
}

/// Whether the games an engine offers include `variant` (any case, as
/// engines compare names).
fn offers(offered: &Option<Vec<String>>, variant: &str) -> bool {
    offered
        .as_ref()
        .is_some_and(|list| list.iter().any(|v| v.eq_ignore_ascii_case(variant)))
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

/// The score (and depth, if given) of an `info` line, unless it belongs
/// to a secondary PV.
fn info_score(line: &str) -> Option<(i32, Option<u32>)> {
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
    let score = match *words.get(i + 1)? {
        "cp" => value,
        "mate" => mate_score(value),
        _ => return None,
    };
    let depth =
        (words.iter().position(|&w| w == "depth")).and_then(|d| words.get(d + 1)?.parse().ok());
    Some((score, depth))
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
        let (mut score, mut depth) = (None, None);
        self.process.wait_for(request.deadline, |line| {
            if let Some((s, d)) = info_score(line) {
                (score, depth) = (Some(s), d);
            }
            let mut words = line.split_whitespace();
            (words.next() == Some("bestmove")).then(|| Reply::Move {
                text: words.next().unwrap_or("").to_string(),
                score,
                depth,
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
            info_score("info depth 5 seldepth 9 score cp -34 nodes 100 pv e2e4"),
            Some((-34, Some(5)))
        );
        assert_eq!(
            info_score("info depth 9 score mate 3 pv a1a8"),
            Some((99_997, Some(9)))
        );
        assert_eq!(info_score("info score mate -2"), Some((-99_998, None)));
        assert_eq!(info_score("info depth 9 multipv 2 score cp 10"), None);
        assert_eq!(
            info_score("info depth 9 multipv 1 score cp 10 lowerbound"),
            Some((10, Some(9)))
        );
        assert_eq!(info_score("info string score cp"), None);
        assert_eq!(info_score("bestmove e2e4"), None);
    }

    #[test]
    fn reads_the_games_an_engine_offers() {
        let line =
            "option name UCI_Variant type combo default chess var chess var xcapablanca var shogi";
        let list = variant_combo(line);
        assert_eq!(
            list.as_deref(),
            Some(&["chess".to_string(), "xcapablanca".into(), "shogi".into()][..])
        );
        assert!(offers(&list, "XCapablanca"));
        assert!(!offers(&list, "capablanca"));
        assert!(!offers(&None, "chess"));
        assert_eq!(variant_combo("option name Hash type spin default 16"), None);
    }
}
