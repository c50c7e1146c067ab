//! The line protocols: UCI and XBoard (CECP v2), detected from the first
//! command (`uci` or `xboard`). stdout carries protocol lines only; logs go
//! to stderr.
//!
//! One thread reads input lines; the session handles them and the ends of
//! searches as events, in order, on its own thread, so a search finishing
//! and a command arriving never race over the game state.

pub mod backend;
pub mod options;
mod uci;
mod xboard;

use backend::{Backend, MakeBackend};
use options::{parse_change, Change, Options};
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use variants::with_variant;

pub use uci::parse_go;

/// Where protocol lines go; shared with the search threads.
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one protocol line (errors writing stdout cannot be reported).
pub fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// What the session reacts to.
#[derive(Debug)]
pub enum Event {
    /// A line of input, without its line end.
    Line(String),
    /// A line that was not UTF-8.
    BadLine,
    /// The end of input.
    Eof,
    /// The search with this id finished.
    SearchDone(u64),
}

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

/// What the loop should do after an event.
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
    /// The variant as the user named it (`chess`, `fischerandom`, ...).
    variant: String,
    notify: Sender<Event>,
    events: Option<Receiver<Event>>,
    xboard: xboard::State,
}

impl Session {
    /// A session writing protocol lines to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Self {
        let options = Options::default();
        let backend =
            with_variant("chess", MakeBackend(options.hash_mib)).expect("chess is built in");
        let (notify, events) = channel();
        Session {
            out: Arc::new(Mutex::new(Box::new(out))),
            protocol: Protocol::Undecided,
            options,
            backend,
            variant: "chess".to_string(),
            notify,
            events: Some(events),
            xboard: xboard::State::default(),
        }
    }

    /// The protocol detected so far.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// `d` in either protocol: the board, then `Fen: <fen>`.
    fn show_board(&self) {
        self.say(self.backend.board().trim_end());
        self.say(&format!("Fen: {}", self.backend.fen()));
    }

    /// Switches the variant (`fischerandom` and `chess960` are chess with
    /// Chess960 castling); the game restarts from the variant's start.
    fn switch_variant(&mut self, name: &str) -> Result<(), String> {
        let lower = name.to_ascii_lowercase();
        let (id, frc) = match lower.as_str() {
            "fischerandom" | "chess960" => ("chess", true),
            other => (other, false),
        };
        let mut backend =
            with_variant(id, MakeBackend(self.options.hash_mib)).map_err(|e| e.to_string())?;
        self.backend.end_search(backend::End::Stop);
        backend.set_chess960(frc || self.options.chess960);
        self.backend = backend;
        self.variant = lower;
        Ok(())
    }

    /// Applies an option change from either protocol.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match parse_change(name, value)? {
            Change::Hash(mib) => {
                self.options.hash_mib = mib;
                self.backend.resize_hash(mib);
            }
            Change::Threads(n) => self.options.threads = n,
            Change::MoveOverhead(d) => self.options.move_overhead = d,
            Change::MultiPv(n) => self.options.multipv = n,
            Change::Ponder(on) => self.options.ponder = on,
            Change::Chess960(on) => {
                self.options.chess960 = on;
                self.backend.set_chess960(on);
            }
            Change::ClearHash => self.backend.clear_hash(),
            Change::Variant(v) => self.switch_variant(&v)?,
        }
        Ok(())
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let Some(cmd) = line.split_whitespace().next() else {
            return Flow::Continue;
        };
        log::debug!("<< {line}");
        if cmd == "quit" {
            self.backend.end_search(backend::End::Stop);
            return Flow::Quit;
        }
        match self.protocol {
            Protocol::Uci => self.uci_command(line),
            Protocol::Xboard => self.xboard_command(line),
            Protocol::Undecided => match cmd {
                "uci" => {
                    self.protocol = Protocol::Uci;
                    self.uci_command(line)
                }
                "xboard" => {
                    self.protocol = Protocol::Xboard;
                    self.xboard_command(line)
                }
                _ => self.say(&format!("info string error: unknown command '{line}'")),
            },
        }
        Flow::Continue
    }

    fn handle(&mut self, event: Event) -> Flow {
        match event {
            Event::Line(line) => return self.handle_line(&line),
            Event::BadLine => match self.protocol {
                Protocol::Xboard => self.say("Error (input is not UTF-8): ?"),
                _ => self.say("info string error: input line is not valid UTF-8"),
            },
            Event::SearchDone(id) => {
                if let Some(best) = self.backend.end_search(backend::End::Done(id)) {
                    self.search_finished(best);
                }
            }
            Event::Eof => {
                // A bounded search still prints its result (handy for
                // scripts); an infinite one is stopped.
                if let Some(best) = self.backend.end_search(backend::End::Finish) {
                    self.search_finished(best);
                }
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn search_finished(&mut self, best: backend::BestTurn) {
        match self.protocol {
            Protocol::Xboard => self.xboard_search_finished(best),
            _ => self.uci_bestmove(best),
        }
    }

    /// Reads lines until `quit` or end of input.
    pub fn run<R: BufRead + Send + 'static>(&mut self, mut input: R) -> io::Result<()> {
        let Some(events) = self.events.take() else {
            return Ok(());
        };
        let tx = self.notify.clone();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                let event = match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => Event::Eof,
                    Ok(_) => match std::str::from_utf8(&buf) {
                        Ok(s) => Event::Line(s.trim_end_matches(['\n', '\r']).to_string()),
                        Err(_) => Event::BadLine,
                    },
                };
                let eof = matches!(event, Event::Eof);
                if tx.send(event).is_err() || eof {
                    return;
                }
            }
        });
        for event in events.iter() {
            if self.handle(event) == Flow::Quit {
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
