//! The line protocols: UCI and XBoard (CECP v2), detected from the first
//! command. stdout carries protocol lines only; logs go to stderr.
//!
//! UCI: the handshake, options (Hash, Threads, Clear Hash, Move Overhead,
//! UCI_Variant), `position`, `go` (clock, movetime, depth, nodes, mate,
//! infinite, ponder), `stop`, `ponderhit`, `ucinewgame` and `d`. XBoard: the
//! handshake and `ping` so far.

pub mod backend;

use backend::{say, Backend, MakeBackend, Options, Out};
use engine::{Limits, ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION};
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use variants::{with_variant, VARIANT_IDS};

/// Which protocol the session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// No protocol command seen yet.
    Undecided,
    /// Universal Chess Interface.
    Uci,
    /// XBoard / WinBoard (CECP).
    Xboard,
}

/// What the loop should do after a line.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The protocol state machine.
pub struct Session {
    out: Out,
    protocol: Protocol,
    options: Options,
    backend: Box<dyn Backend>,
}

fn parse_ms(words: &[&str], i: usize, name: &str) -> Result<Duration, String> {
    let v = words.get(i + 1).ok_or(format!("{name} needs a value"))?;
    // GUIs may send negative times when the clock has run out.
    let ms: i64 = v
        .parse()
        .map_err(|_| format!("{name}: '{v}' is not a number"))?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_num<T: std::str::FromStr>(words: &[&str], i: usize, name: &str) -> Result<T, String> {
    let v = words.get(i + 1).ok_or(format!("{name} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{name}: '{v}' is not a valid number"))
}

/// Reads the parameters of UCI `go`.
pub fn parse_go(words: &[&str]) -> Result<Limits, String> {
    let mut l = Limits::default();
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
            "infinite" | "ponder" => {
                if w == "infinite" {
                    l.infinite = true;
                } else {
                    l.ponder = true;
                }
                i += 1;
                continue;
            }
            other => return Err(format!("unknown go parameter '{other}'")),
        }
        i += 2;
    }
    Ok(l)
}

impl Session {
    /// A session writing protocol lines to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Self {
        let options = Options::default();
        let backend =
            with_variant("chess", MakeBackend(options.hash_mib)).expect("chess is built in");
        Session {
            out: Arc::new(Mutex::new(Box::new(out))),
            protocol: Protocol::Undecided,
            options,
            backend,
        }
    }

    /// The protocol detected so far.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    fn say(&mut self, line: &str) -> io::Result<()> {
        say(&self.out, line);
        Ok(())
    }

    fn uci_error(&mut self, msg: &str) -> io::Result<()> {
        self.say(&format!("info string error: {msg}"))
    }

    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let moves: &[&str] = moves_at.map(|i| &words[i + 1..]).unwrap_or(&[]);
        let head = &words[..moves_at.unwrap_or(words.len())];
        match head.get(1) {
            Some(&"startpos") if head.len() == 2 => self.backend.set_position(None, moves),
            Some(&"fen") if head.len() > 2 => {
                let fen = head[2..].join(" ");
                self.backend.set_position(Some(&fen), moves)
            }
            _ => Err("expected 'position startpos|fen <FEN> [moves ...]'".to_string()),
        }
    }

    fn setoption(&mut self, line: &str) -> Result<(), String> {
        let rest = line.strip_prefix("setoption").unwrap_or("").trim();
        let rest = rest
            .strip_prefix("name")
            .ok_or("expected 'setoption name <id> [value <x>]'")?;
        let (name, value) = match rest.find(" value ") {
            Some(i) => (rest[..i].trim(), Some(rest[i + 7..].trim())),
            None => (rest.trim(), None),
        };
        let number = |v: Option<&str>, lo: usize, hi: usize| -> Result<usize, String> {
            let v = v.ok_or(format!("option '{name}' needs a value"))?;
            match v.parse::<usize>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(format!(
                    "option '{name}' takes a number from {lo} to {hi}, not '{v}'"
                )),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib = number(value, 1, 65536)?;
                self.options.hash_mib = mib;
                self.backend.resize_hash(mib);
            }
            "threads" => self.options.threads = number(value, 1, 256)?,
            "move overhead" => {
                self.options.move_overhead = Duration::from_millis(number(value, 0, 5000)? as u64)
            }
            "clear hash" => self.backend.clear_hash(),
            "ponder" => {}
            "uci_variant" => {
                let v = value.ok_or("option 'UCI_Variant' needs a value")?;
                self.backend.stop();
                self.backend = with_variant(v, MakeBackend(self.options.hash_mib))
                    .map_err(|e| e.to_string())?;
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(Flow::Continue);
        };
        log::debug!("<< {line}");
        match (self.protocol, cmd) {
            (_, "quit") => {
                self.backend.stop();
                return Ok(Flow::Quit);
            }
            (Protocol::Undecided | Protocol::Uci, "uci") => {
                self.protocol = Protocol::Uci;
                self.say(&format!("id name {ENGINE_NAME} {ENGINE_VERSION}"))?;
                self.say(&format!("id author {ENGINE_AUTHOR}"))?;
                let vars: Vec<String> = VARIANT_IDS.iter().map(|v| format!("var {v}")).collect();
                self.say(&format!(
                    "option name UCI_Variant type combo default chess {}",
                    vars.join(" ")
                ))?;
                self.say("option name Hash type spin default 16 min 1 max 65536")?;
                self.say("option name Threads type spin default 1 min 1 max 256")?;
                self.say("option name Clear Hash type button")?;
                self.say("option name Ponder type check default false")?;
                self.say("option name Move Overhead type spin default 30 min 0 max 5000")?;
                self.say("uciok")?;
            }
            (Protocol::Undecided | Protocol::Xboard, "xboard") => {
                self.protocol = Protocol::Xboard;
            }
            (Protocol::Uci, "isready") => self.say("readyok")?,
            (Protocol::Uci, "ucinewgame") => {
                self.backend.stop();
                self.backend.clear_hash();
                let _ = self.backend.set_position(None, &[]);
            }
            (Protocol::Uci, "position") => {
                let all: Vec<&str> = line.split_whitespace().collect();
                self.backend.stop();
                if let Err(e) = self.position(&all) {
                    self.uci_error(&e)?;
                }
            }
            (Protocol::Uci, "go") => {
                let all: Vec<&str> = line.split_whitespace().collect();
                match parse_go(&all) {
                    Ok(limits) => {
                        let out = Arc::clone(&self.out);
                        self.backend.go(limits, out, &self.options);
                    }
                    Err(e) => self.uci_error(&e)?,
                }
            }
            (Protocol::Uci, "stop") => self.backend.stop(),
            (Protocol::Uci, "ponderhit") => self.backend.ponderhit(),
            (Protocol::Uci, "setoption") => {
                if let Err(e) = self.setoption(line) {
                    self.uci_error(&e)?;
                }
            }
            (Protocol::Uci, "d") => {
                let fen = self.backend.fen();
                self.say(&format!("Fen: {fen}"))?;
            }
            (Protocol::Xboard, "protover") => {
                let variants = VARIANT_IDS
                    .iter()
                    .map(|&v| if v == "chess" { "normal" } else { v })
                    .collect::<Vec<_>>()
                    .join(",");
                self.say(&format!(
                    "feature myname=\"{ENGINE_NAME} {ENGINE_VERSION}\" variants=\"{variants}\" ping=1 sigint=0 sigterm=0 done=1"
                ))?;
            }
            (Protocol::Xboard, "ping") => {
                let n = words.next().unwrap_or("");
                self.say(&format!("pong {n}"))?;
            }
            (Protocol::Xboard, "accepted" | "rejected") => {}
            (Protocol::Xboard, _) => self.say(&format!("Error (unknown command): {line}"))?,
            _ => self.say(&format!("info string error: unknown command '{line}'"))?,
        }
        Ok(Flow::Continue)
    }

    /// Reads lines until `quit` or end of input.
    pub fn run<R: BufRead>(&mut self, input: R) -> io::Result<()> {
        for line in input.lines() {
            let line = match line {
                Ok(l) => l,
                // Invalid UTF-8 is bad input, not a reason to stop.
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    self.say("info string error: input line is not valid UTF-8")?;
                    continue;
                }
                Err(e) => return Err(e),
            };
            if self.handle(line.trim())? == Flow::Quit {
                return Ok(());
            }
        }
        // End of input: a bounded search still prints its full result
        // (handy for scripts); an infinite one is stopped.
        self.backend.finish();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> (String, Protocol) {
        let buf = Buffer::default();
        let mut s = Session::new(buf.clone());
        s.run(input.as_bytes()).unwrap();
        let p = s.protocol();
        let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        (out, p)
    }

    #[test]
    fn uci_position_go_and_errors() {
        let (out, _) = session(
            "uci\nposition startpos moves e2e4 e7e5\nd\nposition startpos moves e2e5\nd\n\
             position fen 8/8/8 w\nsetoption name Hash value 0\nsetoption name Nonsense value 1\n\
             go depth x\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\nisready\n",
        );
        let fen_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("Fen: ")).collect();
        let after = "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        // The illegal move leaves the previous position in place.
        assert_eq!(fen_lines, vec![after, after]);
        assert!(
            out.contains("info string error: illegal move 'e2e5'"),
            "{out}"
        );
        assert!(out.contains("info string error: invalid FEN"));
        assert!(out.contains("info string error: option 'Hash' takes a number from 1 to 65536"));
        assert!(out.contains("info string error: unknown option 'Nonsense'"));
        assert!(out.contains("info string error: depth: 'x' is not a valid number"));
        assert!(out.contains("score mate 1"), "{out}");
        assert!(out.contains("bestmove a1a8\n"), "{out}");
    }

    #[test]
    fn parse_go_reads_every_parameter() {
        let words: Vec<&str> =
            "go wtime 1000 btime -5 winc 10 binc 20 movestogo 5 depth 7 nodes 99 mate 3 ponder"
                .split(' ')
                .collect();
        let l = parse_go(&words).unwrap();
        assert_eq!(
            l.time,
            [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]
        );
        assert_eq!(l.inc[1], Some(Duration::from_millis(20)));
        assert_eq!(
            (l.moves_to_go, l.depth, l.nodes, l.mate, l.ponder),
            (Some(5), Some(7), Some(99), Some(3), true)
        );
        assert!(parse_go(&["go", "wtime"]).is_err());
        assert!(parse_go(&["go", "sideways"]).is_err());
    }

    #[test]
    fn uci_handshake() {
        let (out, p) = session("uci\nisready\nquit\nisready\n");
        assert_eq!(p, Protocol::Uci);
        assert!(out.contains("id name Arcana"));
        assert!(out.contains("option name UCI_Variant type combo default chess var chess"));
        assert!(out.ends_with("uciok\nreadyok\n"), "{out}");
    }

    #[test]
    fn xboard_handshake_and_errors() {
        let (out, p) = session("xboard\nprotover 2\nfoo bar\nping 7\n");
        assert_eq!(p, Protocol::Xboard);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("feature myname=\"Arcana"));
        assert!(lines[0].ends_with("done=1"));
        assert_eq!(lines[1], "Error (unknown command): foo bar");
        assert_eq!(lines[2], "pong 7");
    }

    #[test]
    fn garbage_before_protocol() {
        let (out, p) = session("\n   \nhello\n");
        assert_eq!(p, Protocol::Undecided);
        assert_eq!(out, "info string error: unknown command 'hello'\n");
    }
}
