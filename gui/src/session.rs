//! One browser tab: its game, its engine and what it sends to the page.
//! Commands arrive as JSON objects tagged by `t`; every answer is a JSON
//! object tagged the same way (`state`, `info`, `tick`, `error`, `deck`).

use crate::clock::{Clock, ClockSpec};
use crate::game::{info_view, position_view, state_view, InfoView, OutcomeView};
use crate::replay::{self, Recorded};
use play::{End, GameHandle, SearchHandle, SearchOrder};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;
use variants::{Registry, Side};

/// Search threads running in the whole process, over every tab: a new
/// search takes what the machine has left, at least one thread, so tabs
/// that search at once share the cores instead of oversubscribing them.
static BUSY_THREADS: AtomicUsize = AtomicUsize::new(0);

fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Threads a new search may use when it asks for `wanted`.
pub fn threads_for(wanted: usize) -> usize {
    let free = machine_threads().saturating_sub(BUSY_THREADS.load(Ordering::Relaxed));
    wanted.clamp(1, free.max(1))
}

struct ThreadsTaken(usize);

impl Drop for ThreadsTaken {
    fn drop(&mut self) {
        BUSY_THREADS.fetch_sub(self.0, Ordering::Relaxed);
    }
}

/// How the page plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Against the engine: the user has `user_side`.
    Play,
    /// Two people on one board.
    Human,
    /// The engine searches the shown position without limit.
    Analysis,
    /// The engine plays both sides.
    Engine,
}

/// The engine's limits for a move.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct MoveLimits {
    /// Milliseconds a move.
    pub movetime: Option<u64>,
    /// Depth.
    pub depth: Option<i32>,
    /// Nodes.
    pub nodes: Option<u64>,
}

/// What the page sends.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Command {
    /// A new game.
    New {
        /// Variant id (any case); none: the first game of the catalogue.
        variant: Option<String>,
        /// Start FEN (empty: the variant's start).
        fen: Option<String>,
        /// How to play.
        mode: Option<Mode>,
        /// The engine's limits a move (as in `settings`), so that a page
        /// opening with a limit gets one state message.
        limits: Option<MoveLimits>,
        /// Turns played from the start (a reloaded page's game), as tokens
        /// or in the game's notation.
        moves: Option<Vec<String>>,
    },
    /// One ply of the turn under way, by its token.
    Ply {
        /// The ply's token (empty ends the turn).
        token: String,
    },
    /// A whole turn typed as a token or in human notation.
    Move {
        /// The text.
        text: String,
    },
    /// Take back the turn under way or the last turn.
    Undo,
    /// Show the position after this many turns.
    Goto {
        /// Turns from the start.
        turn: usize,
    },
    /// Change how the page plays.
    Settings {
        /// Mode.
        mode: Option<Mode>,
        /// `w` or `b`: the user's side in play mode.
        side: Option<char>,
        /// Limits of an engine move.
        limits: Option<MoveLimits>,
        /// Search threads.
        threads: Option<usize>,
        /// Hash table MiB.
        hash: Option<usize>,
        /// MultiPV lines in analysis.
        multipv: Option<usize>,
        /// A game clock (base 0: none), reset to its base for both sides.
        clock: Option<ClockSpec>,
    },
    /// The engine plays the side to move now.
    Go,
    /// The engine's search of its move ends now and its best move so far
    /// is played (analysis just stops for this position).
    MoveNow,
    /// The player resigns (in play, the user's side; else the side to
    /// move).
    Resign,
    /// The player offers a draw: the engine accepts when its last search
    /// saw no advantage for itself; two players agree at once.
    Draw,
    /// The engine searches by itself (for its side in play, both sides,
    /// or analysis) or not; the mode stays.
    Engine {
        /// On or off.
        on: bool,
    },
    /// Stop the search (its move is not played) and switch the engine
    /// off; the mode stays.
    Stop,
    /// Show a piece's moves on an empty board (a legend entry clicked).
    Piece {
        /// The piece's letter.
        letter: char,
    },
    /// Open a PGN or an `arcana match` JSON report to replay its games.
    Open {
        /// The file's text.
        text: String,
    },
    /// Replay game `index` (from 0) of the file opened.
    Pick {
        /// Which game.
        index: usize,
    },
    /// The game as PGN (answered by a `pgn` message).
    Pgn,
    /// Check a Wizard's Chess deck list.
    Deck {
        /// The list.
        text: String,
        /// The piece guidelines waived: class G rules give warnings.
        #[serde(default)]
        waive_roles: bool,
        /// Only these class G rules waived (`R13`).
        #[serde(default)]
        waive: Vec<String>,
        /// Cards banned by the players, by name.
        #[serde(default)]
        banned: Vec<String>,
    },
    /// The example deck.
    DeckSample,
    /// Games defined in a `variants.ini` text: they join the menu and the
    /// first of them starts (answered by `catalog`, `loaded` and its state;
    /// errors with their lines).
    Variants {
        /// The definitions.
        text: String,
        /// The file's name, for errors (default `pasted.ini`).
        #[serde(default)]
        name: Option<String>,
        /// Keep the game shown (a reloaded page loading its definitions
        /// again before it asks for its game): only the catalogue answers.
        #[serde(default)]
        keep: bool,
    },
}

/// What a search thread reports to the session.
pub enum Event {
    /// Progress of search `id`.
    Info(u64, InfoView),
    /// Search `id` ended.
    Done(u64),
}

/// The search the tab runs.
struct Running {
    id: u64,
    analysis: bool,
}

/// One tab's state.
pub struct Session {
    game: Box<dyn GameHandle>,
    variant: String,
    /// The games the page can open.
    registry: Arc<Registry>,
    /// The game whose spec the page has.
    announced: Option<String>,
    mode: Mode,
    user_side: char,
    limits: MoveLimits,
    threads: usize,
    hash: usize,
    multipv: usize,
    /// Whether the engine searches by itself as the mode asks.
    engine_on: bool,
    /// Whether the user chose a side ("You play"): kept over new games;
    /// until then the user has the side to move of each new game.
    side_chosen: bool,
    /// A game ended by the players (a resignation, an agreed draw).
    ended: Option<OutcomeView>,
    /// The engine's last score of the position, for White (a draw offer).
    last_score: Option<i32>,
    /// The turn shown (stepping through the game); the end when `None`.
    shown: Option<usize>,
    /// The engine: the search and its table.
    search: SearchHandle,
    running: Option<Running>,
    events: UnboundedSender<Event>,
    /// Games of the file opened, and the one on the board, if any.
    library: Vec<Recorded>,
    replaying: Option<usize>,
    /// The time control chosen, and the clock of the game under way.
    clock_spec: Option<ClockSpec>,
    clock: Option<Clock>,
}

fn new_game(
    registry: &Registry,
    variant: &str,
    fen: Option<&str>,
) -> Result<(Box<dyn GameHandle>, String), String> {
    let game = play::open(registry, variant, fen)?;
    let id = game.spec().id.clone();
    Ok((game, id))
}

/// Default hash table per tab, MiB.
pub const DEFAULT_HASH: usize = 32;
/// Largest hash table per tab, MiB.
pub const MAX_HASH: usize = 4096;

impl Session {
    /// The first game of the run (`Registry::current`) in play mode; `events` carries the search threads'
    /// reports back to the session's task.
    pub fn new(events: UnboundedSender<Event>) -> Session {
        Self::with_registry(events, Arc::new(Registry::current()))
    }

    /// A game of the first of `registry`'s games in play mode.
    pub fn with_registry(events: UnboundedSender<Event>, registry: Arc<Registry>) -> Session {
        let first = registry.ids().into_iter().next().unwrap_or_default();
        let (game, variant) = new_game(&registry, &first, None).expect("a registry has a game");
        Session {
            game,
            variant,
            registry,
            announced: None,
            mode: Mode::Play,
            user_side: 'w',
            limits: MoveLimits {
                movetime: Some(1000),
                depth: None,
                nodes: None,
            },
            threads: 1,
            hash: DEFAULT_HASH,
            multipv: 1,
            engine_on: true,
            side_chosen: false,
            ended: None,
            last_score: None,
            shown: None,
            search: SearchHandle::new(DEFAULT_HASH),
            running: None,
            events,
            library: Vec::new(),
            replaying: None,
            clock_spec: None,
            clock: None,
        }
    }

    /// Whether a search runs.
    pub fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// Nodes of the running search.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// The games the page offers: the first message of a tab.
    pub fn catalog(&self) -> Value {
        let games: Vec<Value> = self
            .registry
            .listing()
            .into_iter()
            .map(|g| json!({"id": g.id, "name": g.name}))
            .collect();
        json!({"t": "catalog", "games": games})
    }

    /// Handles one line from the page; returns the messages to send.
    pub fn handle(&mut self, text: &str) -> Vec<Value> {
        let command: Command = match serde_json::from_str(text) {
            Ok(c) => c,
            Err(e) => return vec![error(format!("bad request: {e}"))],
        };
        let mut out = match self.command(command) {
            Ok(mut out) => {
                out.extend(self.after_change());
                out
            }
            Err(e) => vec![error(e), self.state()],
        };
        self.announce(&mut out);
        out
    }

    /// Puts the game's spec before the first state of a game the page has
    /// not been told about: the page draws nothing it was not taught.
    fn announce(&mut self, out: &mut Vec<Value>) {
        if self.announced.as_deref() == Some(self.variant.as_str()) {
            return;
        }
        if let Some(at) = out.iter().position(|m| m["t"] == "state") {
            out.insert(at, crate::game::spec_message(self.game.spec()));
            self.announced = Some(self.variant.clone());
        }
    }

    fn command(&mut self, command: Command) -> Result<Vec<Value>, String> {
        match command {
            Command::New {
                variant,
                fen,
                mode,
                limits,
                moves,
            } => {
                let variant = match variant {
                    Some(v) => v,
                    None => self.registry.ids().into_iter().next().unwrap_or_default(),
                };
                let (mut game, id) = new_game(&self.registry, &variant, fen.as_deref())?;
                // A move that does not play stops the game there: the game
                // asked for is shown as far as it goes, with the reason.
                let mut failed = None;
                for (n, text) in moves.iter().flatten().enumerate() {
                    if let Err(e) = game.play(text) {
                        failed = Some(format!(
                            "turn {} of the game asked for: {e}; the game stops before it",
                            n + 1
                        ));
                        break;
                    }
                }
                if let Some(l) = limits {
                    self.limits = l;
                }
                self.put_game(game, id);
                if let Some(m) = mode {
                    self.mode = m;
                }
                match failed {
                    Some(e) => Err(e),
                    None => Ok(vec![]),
                }
            }
            Command::Ply { token } => {
                self.time_left()?;
                self.users_turn()?;
                self.play_here(|game| game.play_ply(&token))?;
                Ok(vec![])
            }
            Command::Move { text } => {
                self.time_left()?;
                self.users_turn()?;
                self.play_here(|game| {
                    if !game.inside_turn() && game.outcome().is_some() {
                        return Err("the game is over".into());
                    }
                    game.play(&text).map(|_| ()).map_err(|e| e.to_string())
                })?;
                Ok(vec![])
            }
            Command::Undo => {
                self.stop();
                self.shown = None;
                self.ended = None;
                // A flag that fell goes with the turn taken back: the
                // clocks start again.
                if self.clock.as_ref().is_some_and(|c| c.flagged().is_some()) {
                    self.clock = self.clock_spec.map(|spec| Clock::new(spec, 0));
                }
                // Against the engine, take back its reply too.
                let undone = self.game.undo();
                if undone
                    && self.mode == Mode::Play
                    && !self.game.inside_turn()
                    && self.game.side_to_move().fen_char() != self.user_side
                {
                    self.game.undo();
                }
                Ok(vec![])
            }
            Command::Goto { turn } => {
                // Past the end: the game as it stands (End key).
                let len = self.game.turns_played();
                self.shown = (turn < len).then_some(turn);
                // Analysis follows the shown position; a game waits.
                self.stop();
                Ok(vec![])
            }
            Command::Settings {
                mode,
                side,
                limits,
                threads,
                hash,
                multipv,
                clock,
            } => {
                if let Some(spec) = clock {
                    self.stop();
                    self.clock_spec = (spec.base_ms > 0).then_some(spec);
                    self.clock = self
                        .clock_spec
                        .map(|spec| Clock::new(spec, self.game.turns_played()));
                }
                if let Some(m) = mode {
                    self.stop();
                    self.mode = m;
                }
                if let Some(s) = side {
                    if s != 'w' && s != 'b' {
                        return Err(format!("side must be 'w' or 'b', found '{s}'"));
                    }
                    self.stop();
                    self.user_side = s;
                    self.side_chosen = true;
                }
                if let Some(l) = limits {
                    self.limits = l;
                }
                if let Some(t) = threads {
                    self.threads = t.clamp(1, machine_threads());
                }
                if let Some(m) = multipv {
                    self.multipv = m.clamp(1, 5);
                    if self.running.as_ref().is_some_and(|r| r.analysis) {
                        self.stop();
                    }
                }
                if let Some(h) = hash {
                    let h = h.clamp(1, MAX_HASH);
                    if h != self.hash {
                        self.stop();
                        self.search.resize(h)?;
                        self.hash = h;
                    }
                }
                Ok(vec![])
            }
            Command::Go => {
                if self.game.inside_turn() {
                    return Err(
                        "the engine plays whole turns: finish this one (End turn) or take \
                                back its sub-moves first"
                            .into(),
                    );
                }
                self.stop();
                self.start_search(false);
                Ok(vec![])
            }
            Command::MoveNow => match &self.running {
                Some(r) if !r.analysis => {
                    let found = self.search.end(End::Stop).unwrap_or_default();
                    self.running = None;
                    Ok(self.engine_moves(found))
                }
                _ => Err("the engine is not thinking about a move".into()),
            },
            Command::Resign => {
                self.time_left()?;
                if self.game.outcome().is_some() {
                    return Err("the game is over".into());
                }
                self.stop();
                let loser = match self.mode {
                    Mode::Play if self.user_side == 'b' => Side::Black,
                    Mode::Play => Side::White,
                    _ => self.game.side_to_move(),
                };
                self.ended = Some(OutcomeView {
                    result: if loser == Side::White { "0-1" } else { "1-0" },
                    reason: format!("{loser} resigned"),
                });
                Ok(vec![])
            }
            Command::Draw => {
                self.time_left()?;
                if self.game.outcome().is_some() {
                    return Err("the game is over".into());
                }
                if self.mode == Mode::Play && self.engine_on {
                    // The engine takes a draw when it saw itself no better
                    // than a third of a pawn up (it has to have looked).
                    let engine_white = self.user_side == 'b';
                    let for_engine = self.last_score.map(|s| if engine_white { s } else { -s });
                    if for_engine.is_none_or(|s| s > 30) {
                        return Err("the engine declines the draw".into());
                    }
                }
                self.stop();
                self.ended = Some(OutcomeView {
                    result: "1/2-1/2",
                    reason: "draw by agreement".into(),
                });
                Ok(vec![])
            }
            Command::Engine { on } => {
                self.engine_on = on;
                if !on {
                    self.stop();
                }
                Ok(vec![])
            }
            Command::Stop => {
                self.engine_on = false;
                self.stop();
                Ok(vec![])
            }
            Command::Open { text } => {
                let games = replay::read(&self.registry, &text)?;
                self.replay(&games[0], 0)?;
                self.library = games;
                Ok(vec![json!({"t": "games", "games": self.library})])
            }
            Command::Pick { index } => {
                let game = self
                    .library
                    .get(index)
                    .ok_or_else(|| format!("there is no game {}", index + 1))?
                    .clone();
                self.replay(&game, index)?;
                Ok(vec![])
            }
            Command::Deck {
                text,
                waive_roles,
                waive,
                banned,
            } => Ok(vec![crate::deck::check(
                &text,
                waive_roles,
                &waive,
                &banned,
            )?]),
            Command::Variants { text, name, keep } => {
                let file = name
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| "pasted.ini".into());
                let mut registry = (*self.registry).clone();
                let loaded = registry.load(&text, &file);
                let names = loaded.names();
                let Some(first) = names.first().cloned() else {
                    if !loaded.errors.is_empty() {
                        return Err(variants::defined::DefError::join(&loaded.errors, "\n"));
                    }
                    return Err(format!(
                        "{file} defines no game: write a section [mygame] with its keys"
                    ));
                };
                self.registry = Arc::new(registry);
                if keep {
                    return Ok(vec![self.catalog()]);
                }
                // The sections that do not load are listed with their errors,
                // as the games that do are offered.
                let errors: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
                let summary = (!errors.is_empty()).then(|| loaded.summary());
                let mut out = vec![
                    self.catalog(),
                    json!({"t": "loaded", "games": names, "errors": errors, "summary": summary}),
                ];
                out.extend(self.command(Command::New {
                    variant: Some(first),
                    fen: None,
                    mode: None,
                    limits: None,
                    moves: None,
                })?);
                Ok(out)
            }
            Command::DeckSample => Ok(vec![
                json!({"t": "decksample", "text": crate::deck::SAMPLE}),
            ]),
            Command::Pgn => Ok(vec![json!({"t": "pgn", "text": self.pgn()})]),
            Command::Piece { letter } => Ok(vec![crate::diagram::message(
                &self.registry,
                &self.variant,
                letter,
            )?]),
        }
    }

    /// Puts a recorded game on the board, at its start, for two players
    /// (stepping through it, or playing on from any turn).
    fn replay(&mut self, recorded: &Recorded, index: usize) -> Result<(), String> {
        let (mut game, id) = new_game(
            &self.registry,
            &recorded.variant,
            recorded.start_fen.as_deref(),
        )?;
        for (n, token) in recorded.moves.iter().enumerate() {
            game.play(token)
                .map_err(|e| format!("game {}, turn {} ({token}): {e}", index + 1, n + 1))?;
        }
        self.put_game(game, id);
        self.mode = Mode::Human;
        self.shown = (!recorded.moves.is_empty()).then_some(0);
        self.replaying = Some(index);
        Ok(())
    }

    /// A game on the board in place of the last: searches stop, the user
    /// has the side to move, the clock starts again and the table forgets.
    fn put_game(&mut self, game: Box<dyn GameHandle>, id: String) {
        self.stop();
        self.game = game;
        self.variant = id;
        self.shown = None;
        self.replaying = None;
        self.ended = None;
        self.last_score = None;
        if !self.side_chosen {
            self.user_side = self.game.side_to_move().fen_char();
        }
        self.clock = self
            .clock_spec
            .map(|spec| Clock::new(spec, self.game.turns_played()));
        self.search.clear();
    }

    /// Refuses a move of the engine's side while the engine plays it.
    fn users_turn(&self) -> Result<(), String> {
        let engines = self.engine_on
            && self.shown.is_none()
            && match self.mode {
                Mode::Play => self.game.side_to_move().fen_char() != self.user_side,
                Mode::Engine => true,
                Mode::Human | Mode::Analysis => false,
            };
        if engines && self.game.outcome().is_none() {
            Err("it is the engine's move: wait for it, or press Move now".into())
        } else {
            Ok(())
        }
    }

    /// Refuses a move after a flag fell.
    fn time_left(&self) -> Result<(), String> {
        match self.players_outcome() {
            Some(flag) => Err(format!("the game is over: {}", flag.reason)),
            None => Ok(()),
        }
    }

    /// The result when a flag fell.
    fn flag_outcome(&self) -> Option<OutcomeView> {
        let side = self.clock.as_ref()?.flagged()?;
        Some(OutcomeView {
            result: if side == Side::White { "0-1" } else { "1-0" },
            reason: format!("{side}'s time ran out"),
        })
    }

    /// The squares of the side to move's royal pieces when it is in check
    /// (at the position shown).
    fn checked_squares(&self) -> Vec<String> {
        if self.shown.is_some() || !self.game.in_check() {
            return Vec::new();
        }
        let spec = self.game.spec();
        let mover = self.game.side_to_move();
        let Some(board) = self.game.board(None) else {
            return Vec::new();
        };
        board
            .cells
            .into_iter()
            .filter(|(_, cell)| match cell {
                variants::board_field::Cell::Piece { letter, side, .. } => {
                    *side == mover && spec.piece(*letter).is_some_and(|p| p.royal)
                }
                variants::board_field::Cell::Hole => false,
            })
            .map(|(square, _)| square)
            .collect()
    }

    /// The result when the game ended off the board: a flag, a
    /// resignation, an agreed draw.
    fn players_outcome(&self) -> Option<OutcomeView> {
        self.flag_outcome().or_else(|| self.ended.clone())
    }

    /// Every 250 ms: the search's progress, and the clock's flag.
    pub fn tick(&mut self) -> Vec<Value> {
        let mut out = self.tick_messages();
        self.announce(&mut out);
        out
    }

    fn tick_messages(&mut self) -> Vec<Value> {
        let mut out = Vec::new();
        let to_move = self.game.side_to_move();
        let fell = match &mut self.clock {
            Some(c) if c.flagged().is_none() && self.game.outcome().is_none() => {
                c.flag(to_move).is_some()
            }
            _ => false,
        };
        if fell {
            self.stop();
            out.push(self.state());
        } else if self.searching() {
            out.push(json!({"t": "tick", "nodes": self.nodes()}));
        }
        out
    }

    /// Stepping back and playing on drops the later turns.
    /// Plays where the board is: at a turn stepped back to, the later
    /// turns give way (the page asked the user first); a refused move
    /// keeps them.
    fn play_here(
        &mut self,
        play: impl FnOnce(&mut dyn GameHandle) -> Result<(), String>,
    ) -> Result<(), String> {
        self.stop();
        let Some(turn) = self.shown else {
            return play(self.game.as_mut());
        };
        let later: Vec<String> = self.game.history()[turn..]
            .iter()
            .map(|p| p.turn.token.clone())
            .collect();
        self.game.truncate(turn);
        match play(self.game.as_mut()) {
            Ok(()) => {
                self.shown = None;
                Ok(())
            }
            Err(e) => {
                for token in &later {
                    let _ = self.game.play(token);
                }
                Err(e)
            }
        }
    }

    /// Starts what the mode asks for after a change, and sends the state.
    fn after_change(&mut self) -> Vec<Value> {
        let (turns, to_move) = (self.game.turns_played(), self.game.side_to_move());
        if let Some(c) = &mut self.clock {
            c.sync(turns, to_move);
        }
        let flagged = self.players_outcome().is_some();
        let over = flagged || (self.game.outcome().is_some() && !self.game.inside_turn());
        let wants = match self.mode {
            _ if !self.engine_on => None,
            _ if over && self.mode != Mode::Analysis => None,
            Mode::Human => None,
            Mode::Analysis => Some(true),
            Mode::Engine => Some(false),
            Mode::Play => (self.shown.is_none()
                && self.game.side_to_move().fen_char() != self.user_side)
                .then_some(false),
        };
        match (wants, &self.running) {
            (Some(analysis), None) => self.start_search(analysis),
            (None, Some(r)) if r.analysis => self.stop(),
            _ => {}
        }
        vec![self.state()]
    }

    /// The state message.
    pub fn state(&self) -> Value {
        let mut state = serde_json::to_value(state_view(self.game.as_ref())).unwrap_or(Value::Null);
        let shown = self.shown.and_then(|turn| {
            let board = self.game.board(Some(turn))?;
            let view = position_view(&board);
            Some((
                turn,
                crate::game::with_free_drops(view, &self.game.spec().free_drops),
            ))
        });
        if let Value::Object(map) = &mut state {
            map.insert("t".into(), json!("state"));
            map.insert("mode".into(), json!(self.mode));
            map.insert("user_side".into(), json!(self.user_side.to_string()));
            map.insert("thinking".into(), json!(self.running.is_some()));
            map.insert("engine_on".into(), json!(self.engine_on));
            map.insert("check".into(), json!(self.checked_squares()));
            map.insert("threads".into(), json!(self.threads));
            map.insert("hash".into(), json!(self.hash));
            map.insert("multipv".into(), json!(self.multipv));
            map.insert("shown".into(), json!(shown.as_ref().map(|s| s.0)));
            let replay = self.replaying.and_then(|i| {
                let g = self.library.get(i)?;
                Some(json!({
                    "index": i, "count": self.library.len(), "event": g.event,
                    "white": g.white, "black": g.black, "result": g.result, "reason": g.reason,
                }))
            });
            map.insert("replay".into(), replay.unwrap_or(Value::Null));
            let to_move = self.game.side_to_move();
            let running = self.game.outcome().is_none() && self.mode != Mode::Analysis;
            let clock = self.clock.as_ref().map(|c| c.view(to_move, running));
            map.insert("clock".into(), clock.unwrap_or(Value::Null));
            if let Some(flag) = self.players_outcome() {
                map.insert("outcome".into(), json!(flag));
            }
            if let Some((turn, view)) = shown {
                map.insert("position".into(), json!(view));
                // The board takes moves there too: they replace the later
                // turns (the page asks first).
                let names = self.game.spec().squares;
                let plies: Vec<Value> = self
                    .game
                    .legal_plies_at(turn)
                    .into_iter()
                    .map(|token| {
                        let legs = crate::legs::split(&token, &names).unwrap_or_default();
                        json!({"token": token, "legs": legs})
                    })
                    .collect();
                map.insert("plies".into(), json!(plies));
            }
        }
        state
    }

    fn start_search(&mut self, analysis: bool) {
        if self.running.is_some() || self.game.inside_turn() {
            return;
        }
        let threads = threads_for(self.threads);
        BUSY_THREADS.fetch_add(threads, Ordering::Relaxed);
        let taken = ThreadsTaken(threads);
        let limits = if analysis {
            engine::Limits {
                infinite: true,
                ..engine::Limits::default()
            }
        } else if let Some(clock) = &self.clock {
            clock.limits(self.game.side_to_move())
        } else {
            engine::Limits {
                move_time: self.limits.movetime.map(Duration::from_millis),
                depth: self.limits.depth,
                nodes: self.limits.nodes,
                ..engine::Limits::default()
            }
        };
        let order = SearchOrder {
            limits,
            multipv: if analysis { self.multipv } else { 1 },
            threads,
            move_overhead: Duration::from_millis(10),
            at_turn: self.shown,
            ..SearchOrder::default()
        };
        let names = self.game.spec().squares;
        let info_events = self.events.clone();
        // Lines below the best that failed their window say nothing new.
        let sink = Box::new(move |id, report: play::Report| {
            if report.bound != engine::Bound::Exact && report.multipv > 1 {
                return;
            }
            let _ = info_events.send(Event::Info(id, info_view(&report, &names)));
        });
        let events = self.events.clone();
        let done = Box::new(move |id| {
            drop(taken);
            let _ = events.send(Event::Done(id));
        });
        match self.search.search(self.game.as_mut(), &order, sink, done) {
            Ok(id) => self.running = Some(Running { id, analysis }),
            Err(e) => log::warn!("could not start a search: {e}"),
        }
    }

    /// Stops the running search and waits for its thread (a stop takes
    /// milliseconds).
    pub fn stop(&mut self) {
        if self.running.take().is_some() {
            self.search.end(End::Stop);
        }
    }

    /// Handles a search thread's report; returns the messages to send.
    pub fn event(&mut self, event: Event) -> Vec<Value> {
        let mut out = self.event_messages(event);
        self.announce(&mut out);
        out
    }

    fn event_messages(&mut self, event: Event) -> Vec<Value> {
        match event {
            Event::Info(id, info) => {
                if self.running.as_ref().is_some_and(|r| r.id == id) {
                    if info.multipv == 1 {
                        self.last_score = Some(match (info.cp, info.mate) {
                            (Some(cp), _) => cp,
                            (_, Some(m)) if m > 0 => 10_000,
                            _ => -10_000,
                        });
                    }
                    let mut v = serde_json::to_value(info).unwrap_or(Value::Null);
                    if let Value::Object(map) = &mut v {
                        map.insert("t".into(), json!("info"));
                    }
                    vec![v]
                } else {
                    vec![]
                }
            }
            Event::Done(id) => {
                let Some(r) = self.running.take_if(|r| r.id == id) else {
                    return vec![];
                };
                let found = self.search.end(End::Done(id)).unwrap_or_default();
                if r.analysis {
                    return vec![self.state()];
                }
                self.engine_moves(found)
            }
        }
    }

    /// Plays the engine's move, then whatever the mode asks next; the page
    /// measures from here to the move drawn.
    fn engine_moves(&mut self, found: play::Found) -> Vec<Value> {
        let replied_at = epoch_ms();
        let mut out = Vec::new();
        if found.failed {
            out.push(error(play::FAILED_SEARCH.to_string()));
        }
        if let Some(best) = found.best {
            if let Err(e) = self.game.play(&best.token) {
                out.push(error(format!("the engine's move {}: {e}", best.token)));
            }
        }
        out.extend(self.after_change());
        for m in &mut out {
            if m["t"] == "state" {
                m["engine_reply_at"] = json!(replied_at);
            }
        }
        out
    }

    /// The game as PGN: the players of a game replayed, the result.
    fn pgn(&self) -> String {
        let replay = self.replaying.and_then(|i| self.library.get(i));
        let (white, black) = replay.map_or(("?", "?"), |g| (g.white.as_str(), g.black.as_str()));
        let result = self
            .players_outcome()
            .map(|o| o.result)
            .or_else(|| {
                self.game
                    .outcome()
                    .map(|o| crate::game::outcome_view(&o).result)
            })
            .unwrap_or("*");
        let tags = [("Event", "Arcana GUI"), ("White", white), ("Black", black)];
        self.game
            .pgn(&tags, result, variants::pgn::Notation::San, None, &[])
    }

    /// The variant played.
    pub fn variant(&self) -> &str {
        &self.variant
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Milliseconds since the Unix epoch (the page's `Date.now()` clock).
fn epoch_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// An error message for the page.
pub fn error(message: impl Into<String>) -> Value {
    json!({"t": "error", "message": message.into()})
}
