//! The line protocols: UCI and XBoard (CECP v2), detected from the first
//! command (`uci` or `xboard`). stdout carries protocol lines only; logs go
//! to stderr.
//!
//! One thread reads input lines; the session handles them and the ends of
//! searches as events, in order, on its own thread, so a search finishing
//! and a command arriving never race over the game state.

mod jobs;
pub mod options;
mod uci;
mod xboard;

use options::{parse_change, Change, Options};
use play::{End, Found, GameHandle, SearchHandle};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use variants::Registry;

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
    /// The game.
    game: Box<dyn GameHandle>,
    /// Its search (or `go perft`, `bench`) and the table.
    search: SearchHandle,
    /// The games this session can play.
    registry: Registry,
    /// The variant as the user named it (`chess`, `fischerandom`, ...).
    variant: String,
    notify: Sender<Event>,
    events: Option<Receiver<Event>>,
    xboard: xboard::State,
    /// Lines that arrived while a batch job (`go perft`, `bench`) ran, in
    /// order.
    deferred: VecDeque<String>,
}

/// Most lines kept waiting for a batch job; more are refused, so that a
/// flood of input cannot grow memory without bound.
const DEFERRED_MAX: usize = 10_000;

/// What `help` prints before a protocol is chosen, for these games.
fn help(registry: &Registry) -> Vec<String> {
    vec![
        "Arcana is a chess-variant engine: a GUI or a match runner drives it over UCI or XBoard.".into(),
        "  uci       start a UCI session (then: setoption, position, go, stop, d, eval, bench, quit)".into(),
        "  xboard    start an XBoard (CECP v2) session".into(),
        "UCI commands such as 'position startpos' and 'go depth 10' also work without 'uci'.".into(),
        format!(
            "Variants: setoption name UCI_Variant value <{}>.",
            registry.ids().join("|")
        ),
        "Outside the engine: arcana --help (perft, bench, match, deck).".into(),
    ]
}

impl Session {
    /// A session writing protocol lines to `out`, playing the built-in
    /// games.
    pub fn new(out: impl Write + Send + 'static) -> Self {
        Self::with_registry(out, Registry::current())
    }

    /// A session writing protocol lines to `out`, playing the games of
    /// `registry` (the first is the one it starts with).
    pub fn with_registry(out: impl Write + Send + 'static, registry: Registry) -> Self {
        let options = Options::default();
        let first = registry.ids().into_iter().next().unwrap_or_default();
        let game = play::open(&registry, &first, None).expect("a registry has a game");
        let search = SearchHandle::new(options.hash_mib);
        let (notify, events) = channel();
        Session {
            out: Arc::new(Mutex::new(Box::new(out))),
            protocol: Protocol::Undecided,
            options,
            game,
            search,
            registry,
            variant: first,
            notify,
            events: Some(events),
            xboard: xboard::State::default(),
            deferred: VecDeque::new(),
        }
    }

    /// The protocol detected so far.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Speaks `protocol` from the first line on (`arcana uci`), as if its
    /// opening command (`uci`, `xboard`) had been seen; `Undecided` lets
    /// the first command decide again.
    pub fn set_protocol(&mut self, protocol: Protocol) {
        self.protocol = protocol;
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// `d` in either protocol: the board, then `Fen: <fen>`.
    fn show_board(&self) {
        self.say(self.game.board_text().trim_end());
        self.say(&format!("Fen: {}", self.game.fen()));
    }

    /// Switches the variant (`fischerandom` and `chess960` are chess with
    /// Chess960 castling); the game restarts from the variant's start.
    fn switch_variant(&mut self, name: &str) -> Result<(), String> {
        let lower = name.to_ascii_lowercase();
        // Chess960 is the game with Chess960 castling, with it on.
        let chess960 = self
            .registry
            .listing()
            .into_iter()
            .find(|g| g.chess960)
            .map(|g| g.id);
        let (id, frc) = match (lower.as_str(), chess960) {
            ("fischerandom" | "chess960", Some(id)) => (id, true),
            (other, _) => (other.to_string(), false),
        };
        let mut game = play::open(&self.registry, &id, None)?;
        self.end_search(End::Stop);
        game.set_chess960(frc || self.options.chess960);
        self.game = game;
        // The table's entries are another game's.
        self.search.clear();
        self.variant = lower;
        Ok(())
    }

    /// Applies an option change from either protocol.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match parse_change(name, value)? {
            Change::Hash(mib) => {
                self.search.resize(mib)?;
                self.options.hash_mib = mib;
            }
            Change::Threads(n) => self.options.threads = n,
            Change::MoveOverhead(d) => self.options.move_overhead = d,
            Change::MultiPv(n) => self.options.multipv = n,
            Change::Ponder(on) => self.options.ponder = on,
            Change::Chess960(on) => {
                self.options.chess960 = on;
                self.game.set_chess960(on);
            }
            Change::ClearHash => self.search.clear(),
            Change::Variant(v) => self.switch_variant(&v)?,
            Change::VariantPath(paths) => self.load_variants(&paths)?,
            Change::EvalFile(path) => self.load_weights(&path)?,
            Change::SearchParam(index, v) => {
                let name = engine::PARAMS[index].name;
                self.options.params.set(name, v)?;
            }
        }
        Ok(())
    }

    /// Loads the games of `variants.ini` files (`:`-separated paths; empty
    /// or `<empty>` loads nothing) and says which. Every section that reads
    /// loads, as in Fairy-Stockfish; the others are said with their errors
    /// (`info string` lines in UCI; comment lines and one `telluser` in
    /// XBoard). A file that cannot be read is an error.
    fn load_variants(&mut self, paths: &str) -> Result<(), String> {
        let mut names = Vec::new();
        for path in paths.split(':').map(str::trim) {
            if path.is_empty() || path == "<empty>" {
                continue;
            }
            let loaded = self
                .registry
                .load_file(std::path::Path::new(path))
                .map_err(|e| e.to_string())?;
            if !loaded.errors.is_empty() {
                let summary = format!("{path}: {}", loaded.summary());
                match self.protocol {
                    Protocol::Xboard => {
                        for e in &loaded.errors {
                            self.say(&format!("# {e}"));
                        }
                        self.say(&format!(
                            "telluser {summary} (the engine's output lists why)"
                        ));
                    }
                    _ => {
                        for e in &loaded.errors {
                            self.say(&format!("info string {e}"));
                        }
                        self.say(&format!("info string {summary}"));
                    }
                }
            }
            names.extend(loaded.names());
        }
        if names.is_empty() {
            return Ok(());
        }
        match self.protocol {
            Protocol::Xboard => self.xb_variants_feature(),
            _ => self.say(&format!(
                "info string variants loaded: {} (UCI_Variant offers them)",
                names.join(", ")
            )),
        }
        Ok(())
    }

    /// Gives a game the evaluation weights of the file at `path` (empty
    /// or `<empty>`: nothing) and says so; the game being played starts
    /// again with them, as after a change of game.
    fn load_weights(&mut self, path: &str) -> Result<(), String> {
        if path.is_empty() || path == "<empty>" {
            return Ok(());
        }
        let game = self
            .registry
            .load_weights_file(std::path::Path::new(path))?;
        if self.registry.canonical_id(&self.variant).ok().as_deref() == Some(game.as_str()) {
            // The game goes on under the new weights: the same start and
            // the same moves (an XBoard GUI may send it mid-game).
            let start = self.game.start_fen();
            let moves: Vec<String> = self
                .game
                .history()
                .into_iter()
                .map(|p| p.turn.token)
                .collect();
            let current = self.variant.clone();
            self.switch_variant(&current)?;
            if self.game.new_game(Some(&start)).is_ok() {
                for token in &moves {
                    if self.game.play(token).is_err() {
                        break;
                    }
                }
            }
        }
        let said = format!("{path}: {game} plays with these evaluation weights");
        match self.protocol {
            Protocol::Xboard => self.say(&format!("# {said}")),
            _ => self.say(&format!("info string {said}")),
        }
        Ok(())
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let Some(cmd) = line.split_whitespace().next() else {
            return Flow::Continue;
        };
        log::debug!("<< {line}");
        // A piped script expects `go perft` and `bench` to finish before
        // its next command, `quit` included, as in Stockfish; `stop` and
        // `isready` cannot wait.
        let waiting = self.search.batch_running() || !self.deferred.is_empty();
        if cmd == "quit" && !waiting {
            return self.quit();
        }
        if waiting && !matches!(cmd, "stop" | "isready") {
            if cmd == "quit" {
                // Always kept: the session must end after the count.
                self.deferred.push_back(line.to_string());
            } else if self.deferred.len() >= DEFERRED_MAX {
                self.say(
                    "info string error: too many commands wait for go perft or bench; send stop",
                );
            } else {
                self.deferred.push_back(line.to_string());
            }
            return Flow::Continue;
        }
        self.dispatch(line, cmd);
        Flow::Continue
    }

    /// Runs one command of the session's protocol, deciding the protocol
    /// on the first one.
    fn dispatch(&mut self, line: &str, cmd: &str) {
        match self.protocol {
            Protocol::Uci => self.uci_command(line),
            Protocol::Xboard => self.xboard_command(line),
            Protocol::Undecided => match cmd {
                "xboard" => {
                    self.protocol = Protocol::Xboard;
                    self.xboard_command(line)
                }
                // Stockfish takes UCI commands without the handshake.
                c if c == "uci" || uci::is_command(c) => {
                    self.protocol = Protocol::Uci;
                    self.uci_command(line)
                }
                "help" => {
                    for l in help(&self.registry) {
                        self.say(&l);
                    }
                }
                _ => self.say(&format!(
                    "info string error: unknown command '{line}'; Arcana speaks UCI and XBoard: \
                     start with 'uci' or 'xboard' ('help' says more)"
                )),
            },
        }
    }

    /// Ends the session: a script that ends with `quit` still gets the
    /// answer to its `go` (UCI `bestmove`, XBoard `move`), as from
    /// Stockfish.
    fn quit(&mut self) -> Flow {
        if let Some(best) = self.end_search(End::Stop) {
            self.search_finished(best);
            // XBoard may have started pondering on the move just sent.
            self.end_search(End::Stop);
        }
        Flow::Quit
    }

    /// Runs the commands that waited for a batch job (`go perft`,
    /// `bench`), until one starts another or one quits.
    fn run_deferred(&mut self) -> Flow {
        while !self.search.batch_running() {
            let Some(line) = self.deferred.pop_front() else {
                break;
            };
            let cmd = line.split_whitespace().next().unwrap_or("").to_string();
            if cmd == "quit" {
                return self.quit();
            }
            self.dispatch(&line, &cmd);
        }
        Flow::Continue
    }

    fn handle(&mut self, event: Event) -> Flow {
        let flow = match event {
            Event::Line(line) => self.handle_line(&line),
            Event::BadLine => {
                match self.protocol {
                    Protocol::Xboard => self.say("Error (input is not UTF-8): ?"),
                    _ => self.say("info string error: input line is not valid UTF-8"),
                }
                Flow::Continue
            }
            Event::SearchDone(id) => {
                if let Some(best) = self.end_search(End::Done(id)) {
                    self.search_finished(best);
                }
                Flow::Continue
            }
            Event::Eof => {
                // A bounded search still prints its result (handy for
                // scripts); an infinite one is stopped. Commands that
                // waited for a count run after it, and their searches
                // end the same way.
                loop {
                    if let Some(best) = self.end_search(End::Finish) {
                        self.search_finished(best);
                    }
                    if self.deferred.is_empty() || self.run_deferred() == Flow::Quit {
                        return Flow::Quit;
                    }
                }
            }
        };
        if flow == Flow::Continue {
            return self.run_deferred();
        }
        flow
    }

    fn search_finished(&mut self, best: Found) {
        match self.protocol {
            Protocol::Xboard => self.xboard_search_finished(best),
            _ => self.uci_bestmove(best),
        }
    }

    /// Handles one input line, as [`Session::run`] would; false once the
    /// session has quit. Searches go on in the background: their ends are
    /// handled by [`Session::pump`]. For drivers that feed lines themselves
    /// (tests, fuzzing, a front end in the same process).
    pub fn feed(&mut self, line: &str) -> bool {
        self.handle(Event::Line(line.to_string())) == Flow::Continue
    }

    /// Handles the ends of searches reported so far, without waiting;
    /// false once the session has quit.
    pub fn pump(&mut self) -> bool {
        let Some(events) = self.events.take() else {
            return true;
        };
        let mut flow = Flow::Continue;
        while let Ok(event) = events.try_recv() {
            flow = self.handle(event);
            if flow == Flow::Quit {
                break;
            }
        }
        self.events = Some(events);
        flow == Flow::Continue
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// Whether commands are waiting for a batch job (`go perft`, `bench`).
    pub fn waiting(&self) -> bool {
        self.search.batch_running() || !self.deferred.is_empty()
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
