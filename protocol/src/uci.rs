//! UCI: the handshake, options, `position`, `go` (clock, movetime, depth,
//! nodes, mate, infinite, ponder, searchmoves, perft), `stop`, `ponderhit`,
//! `ucinewgame`, and the Stockfish-style extras `d`, `eval` and `bench`.

use crate::jobs::Style;
use crate::options::{HASH_MAX, MULTIPV_MAX, OVERHEAD_MAX, THREADS_MAX};
use crate::Session;
use engine::{Limits, ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION};
use play::{End, Found, SearchOrder, FAILED_SEARCH};
use std::time::Duration;

/// The deepest `go perft`: deeper counts never finish anyway, and each
/// turn of depth is a few stack frames.
const PERFT_DEPTH_MAX: u32 = 128;

/// A parsed `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Search limits.
    pub limits: Limits,
    /// `searchmoves`: restrict the root to these tokens.
    pub search_moves: Vec<String>,
    /// `go perft N`: count instead of search.
    pub perft: Option<u32>,
}

fn value<'a>(words: &[&'a str], i: usize, name: &str) -> Result<&'a str, String> {
    words
        .get(i + 1)
        .copied()
        .ok_or(format!("{name} needs a value"))
}

fn parse_ms(words: &[&str], i: usize, name: &str) -> Result<Duration, String> {
    let v = value(words, i, name)?;
    // GUIs may send negative times when the clock has run out.
    let ms: i64 = v
        .parse()
        .map_err(|_| format!("{name}: '{v}' is not a number"))?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_num<T: std::str::FromStr>(words: &[&str], i: usize, name: &str) -> Result<T, String> {
    let v = value(words, i, name)?;
    v.parse()
        .map_err(|_| format!("{name}: '{v}' is not a valid number"))
}

/// Reads the parameters of UCI `go` (`words[0]` is `go`).
pub fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let l = &mut go.limits;
    let mut i = 1;
    while i < words.len() {
        let w = words[i];
        match w {
            "wtime" => l.time[0] = Some(parse_ms(words, i, w)?),
            "btime" => l.time[1] = Some(parse_ms(words, i, w)?),
            "winc" => l.inc[0] = Some(parse_ms(words, i, w)?),
            "binc" => l.inc[1] = Some(parse_ms(words, i, w)?),
            "movetime" => l.move_time = Some(parse_ms(words, i, w)?),
            "movestogo" => l.moves_to_go = Some(parse_num(words, i, w)?),
            "depth" => l.depth = Some(parse_num(words, i, w)?),
            "nodes" => l.nodes = Some(parse_num(words, i, w)?),
            "mate" => l.mate = Some(parse_num(words, i, w)?),
            "perft" => go.perft = Some(parse_num(words, i, w)?),
            "infinite" => l.infinite = true,
            "ponder" => l.ponder = true,
            "searchmoves" => {
                // The moves run to the next keyword or the end.
                let mut j = i + 1;
                while j < words.len() && !is_go_keyword(words[j]) {
                    go.search_moves.push(words[j].to_string());
                    j += 1;
                }
                if j == i + 1 {
                    return Err("searchmoves needs at least one move".to_string());
                }
                i = j;
                continue;
            }
            other => return Err(format!("unknown go parameter '{other}'")),
        }
        i += if matches!(w, "infinite" | "ponder") {
            1
        } else {
            2
        };
    }
    Ok(go)
}

/// Whether a word is a UCI command (other than `uci` itself): a first
/// command such as `position` or `go` starts a UCI session, as in Stockfish.
pub(crate) fn is_command(w: &str) -> bool {
    matches!(
        w,
        "isready"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "setoption"
            | "d"
            | "eval"
            | "bench"
    )
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movetime"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "perft"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

impl Session {
    fn uci_error(&self, msg: &str) {
        self.say(&format!("info string error: {msg}"));
    }

    pub(crate) fn uci_bestmove(&mut self, best: Found) {
        if best.failed {
            self.uci_error(FAILED_SEARCH);
        }
        match (best.best, best.ponder) {
            (None, _) => self.say("bestmove (none)"),
            (Some(b), Some(p)) => self.say(&format!("bestmove {} ponder {}", b.token, p.token)),
            (Some(b), None) => self.say(&format!("bestmove {}", b.token)),
        }
    }

    /// Ends a running search; a GUI that sent `go` gets its `bestmove`.
    fn uci_stop(&mut self) {
        if let Some(best) = self.end_search(End::Stop) {
            self.uci_bestmove(best);
        }
    }

    fn uci_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let moves: &[&str] = moves_at.map(|i| &words[i + 1..]).unwrap_or(&[]);
        let head = &words[..moves_at.unwrap_or(words.len())];
        match head.get(1) {
            Some(&"startpos") if head.len() == 2 => self.game.set_position(None, moves),
            Some(&"fen") if head.len() > 2 => {
                let fen = head[2..].join(" ");
                self.game.set_position(Some(&fen), moves)
            }
            _ => Err("expected 'position startpos|fen <FEN> [moves ...]'".to_string()),
        }
    }

    fn uci_options(&self) {
        let vars: Vec<String> = self
            .registry
            .ids()
            .iter()
            .map(|v| format!("var {v}"))
            .collect();
        let lines = [
            format!(
                "option name UCI_Variant type combo default chess {}",
                vars.join(" ")
            ),
            "option name UCI_Chess960 type check default false".to_string(),
            "option name VariantPath type string default <empty>".to_string(),
            "option name EvalFile type string default <empty>".to_string(),
            format!("option name Hash type spin default 16 min 1 max {HASH_MAX}"),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            "option name Clear Hash type button".to_string(),
            "option name Ponder type check default false".to_string(),
            format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
            format!("option name Move Overhead type spin default 30 min 0 max {OVERHEAD_MAX}"),
        ];
        for l in lines {
            self.say(&l);
        }
    }

    fn uci_setoption(&mut self, line: &str) -> Result<(), String> {
        let rest = line.strip_prefix("setoption").unwrap_or("").trim();
        let rest = rest
            .strip_prefix("name ")
            .ok_or("expected 'setoption name <id> [value <x>]'")?;
        let (name, value) = match rest.find(" value ") {
            Some(i) => (rest[..i].trim(), Some(rest[i + 7..].trim())),
            None => (rest.trim_end_matches(" value").trim(), None),
        };
        let touches_game = matches!(
            name.to_ascii_lowercase().as_str(),
            "hash" | "clear hash" | "uci_variant" | "uci_chess960" | "evalfile"
        );
        if touches_game {
            // These replace the table or the game under a running search.
            self.uci_stop();
        }
        self.set_option(name, value)
    }

    fn uci_go(&mut self, words: &[&str]) -> Result<(), String> {
        let go = parse_go(words)?;
        self.uci_stop();
        if let Some(depth) = go.perft {
            if depth > PERFT_DEPTH_MAX {
                return Err(format!(
                    "perft depth {depth} is above the limit of {PERFT_DEPTH_MAX}"
                ));
            }
            return self.start_perft(depth);
        }
        let order = SearchOrder {
            limits: go.limits,
            search_moves: go.search_moves,
            ..SearchOrder::default()
        };
        self.start_search(order, Style::Uci)
    }

    fn uci_bench(&mut self, depth: i32) -> Result<(), String> {
        self.uci_stop();
        self.start_bench(depth)
    }

    pub(crate) fn uci_command(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let result = match words[0] {
            "uci" => {
                self.say(&format!("id name {ENGINE_NAME} {ENGINE_VERSION}"));
                self.say(&format!("id author {ENGINE_AUTHOR}"));
                self.uci_options();
                self.say("uciok");
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.uci_stop();
                self.search.clear();
                self.game.set_position(None, &[])
            }
            "position" => {
                self.uci_stop();
                self.uci_position(&words)
            }
            "go" => self.uci_go(&words),
            "stop" => {
                self.uci_stop();
                Ok(())
            }
            "ponderhit" => {
                self.search.ponderhit();
                Ok(())
            }
            "setoption" => self.uci_setoption(line),
            "d" => {
                self.show_board();
                Ok(())
            }
            "eval" => {
                if let Some(terms) = self.game.eval_terms() {
                    for line in eval_table(&terms) {
                        self.say(&line);
                    }
                }
                let cp = self.game.eval_white();
                self.say(&format!(
                    "Final evaluation: {:+.2} (white side)",
                    cp as f64 / 100.0
                ));
                Ok(())
            }
            "bench" => match words.get(1).map(|d| d.parse::<i32>()) {
                None => self.uci_bench(engine::bench::DEFAULT_DEPTH),
                Some(Ok(d)) if (1..=64).contains(&d) => self.uci_bench(d),
                Some(_) => Err("expected 'bench [depth 1-64]'".to_string()),
            },
            _ => Err(format!("unknown command '{line}'")),
        };
        if let Err(e) = result {
            self.uci_error(&e);
        }
    }
}

/// The terms behind the static evaluation as a table, Stockfish's `eval`
/// trace in spirit: each counted weight's count and its part in pawns
/// (middle game, endgame, tapered), White's point of view, largest first.
fn eval_table(terms: &play::EvalTerms) -> Vec<String> {
    let width = (terms.parts.iter().map(|p| p.name.len()))
        .max()
        .unwrap_or(4)
        .max(4);
    let pawns = |cp: f64| format!("{:+7.2}", cp / 100.0);
    let mut lines = vec![format!(
        "{:<width$} {:>6} {:>7} {:>7} {:>7}",
        "Term", "Count", "MG", "EG", "Total"
    )];
    for p in &terms.parts {
        lines.push(format!(
            "{:<width$} {:>6} {} {} {}",
            p.name,
            p.count,
            pawns(p.mg),
            pawns(p.eg),
            pawns(p.tapered)
        ));
    }
    let sum: f64 = terms.parts.iter().map(|p| p.tapered).sum();
    lines.push(format!(
        "Phase {:.2} (1: middle game), endgame scale {:.2}, terms' sum {:+.2}",
        terms.phase,
        terms.eg_scale,
        sum / 100.0
    ));
    lines
}
