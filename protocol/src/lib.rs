//! The line protocols: UCI and XBoard (CECP v2), detected from the first
//! command. stdout carries protocol lines only; logs go to stderr.
//!
//! At this stage the front end answers the handshake of both protocols
//! (`uci`/`isready`/`quit`, `xboard`/`protover`/`ping`/`quit`); the
//! commands that need the search arrive with it.

use engine::{ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION};
use std::io::{self, BufRead, Write};
use variants::VARIANT_IDS;

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
pub struct Session<W: Write> {
    out: W,
    protocol: Protocol,
}

impl<W: Write> Session<W> {
    /// A session writing protocol lines to `out`.
    pub fn new(out: W) -> Self {
        Session {
            out,
            protocol: Protocol::Undecided,
        }
    }

    /// The protocol detected so far.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(Flow::Continue);
        };
        log::debug!("<< {line}");
        match (self.protocol, cmd) {
            (_, "quit") => return Ok(Flow::Quit),
            (Protocol::Undecided | Protocol::Uci, "uci") => {
                self.protocol = Protocol::Uci;
                self.say(&format!("id name {ENGINE_NAME} {ENGINE_VERSION}"))?;
                self.say(&format!("id author {ENGINE_AUTHOR}"))?;
                let vars: Vec<String> = VARIANT_IDS.iter().map(|v| format!("var {v}")).collect();
                self.say(&format!(
                    "option name UCI_Variant type combo default chess {}",
                    vars.join(" ")
                ))?;
                self.say("uciok")?;
            }
            (Protocol::Undecided | Protocol::Xboard, "xboard") => {
                self.protocol = Protocol::Xboard;
            }
            (Protocol::Uci, "isready") => self.say("readyok")?,
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
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> (String, Protocol) {
        let mut out = Vec::new();
        let mut s = Session::new(&mut out);
        s.run(input.as_bytes()).unwrap();
        let p = s.protocol();
        (String::from_utf8(out).unwrap(), p)
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
