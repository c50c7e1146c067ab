//! The variant-specific half of a session: the game and the running search,
//! monomorphised per variant behind a small object-safe trait.

use crate::options::Options;
use crate::{say, Event, Out};
use engine::search::first_turn;
use engine::{search, Bound, Info, Limits, Reporter, Request, Score, Shared};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use variants::{Game, MoveError, Outcome, Side, Variant, VariantVisitor};

/// How search progress is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// UCI `info` lines.
    Uci,
    /// XBoard thinking output (`depth score time nodes pv`), or nothing.
    Xboard {
        /// Whether thinking output is on (`post`).
        post: bool,
    },
}

/// What to search.
#[derive(Clone, Debug)]
pub struct SearchSpec {
    /// Limits from `go` or XBoard's clock settings.
    pub limits: Limits,
    /// Restrict the root to these tokens (`searchmoves`).
    pub search_moves: Vec<String>,
    /// Progress output.
    pub style: Style,
    /// Search the position after this turn instead (XBoard pondering on
    /// the expected reply).
    pub after: Option<String>,
}

/// The outcome of a search in the protocol's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestTurn {
    /// The turn to play; `None` when the side to move has no legal turn.
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
}

/// How to end a running search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Stop it now.
    Stop,
    /// Wait for a bounded search; stop an infinite or pondering one.
    Finish,
    /// The search with this id reported its end: collect it. A report
    /// of an earlier search, already collected, changes nothing.
    Done(u64),
}

/// A game of one variant plus its search.
pub trait Backend: Send {
    /// Sets the position: a FEN (or the start) and turns played from it.
    /// On error the previous position stays.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// Plays one turn (a wire token or the variant's human notation).
    fn play(&mut self, token: &str) -> Result<(), MoveError>;
    /// Takes back the last turn; false when there is none.
    fn undo(&mut self) -> bool;
    /// The result, if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Whose turn it is.
    fn side_to_move(&self) -> Side;
    /// Turns played since the game's start position.
    fn turns_played(&self) -> usize;
    /// The current position's FEN.
    fn fen(&self) -> String;
    /// The board drawn for humans.
    fn board(&self) -> String;
    /// The lines that define the variant to an XBoard GUI.
    fn xboard_definition(&self) -> Vec<String>;
    /// The static evaluation, from White's point of view.
    fn eval_white(&self) -> i32;
    /// Starts UCI `go perft`: the divide lines and `Nodes searched: N`
    /// are printed when the count ends. It runs like a search: `notify`
    /// gets [`Event::SearchDone`], and [`Backend::end_search`] with
    /// [`End::Stop`] ends it (printing the root turns counted in full).
    fn perft(
        &mut self,
        depth: u32,
        threads: usize,
        out: Out,
        notify: Sender<Event>,
    ) -> Result<(), String>;
    /// Chess960 castling notation on or off.
    fn set_chess960(&mut self, on: bool);
    /// Whether `token` is the turn a ponder search assumed.
    fn ponder_matches(&self, token: &str) -> bool;
    /// Starts a search; `notify` gets [`Event::SearchDone`] with its id
    /// when it ends.
    fn go(
        &mut self,
        spec: SearchSpec,
        options: &Options,
        out: Out,
        notify: Sender<Event>,
    ) -> Result<(), String>;
    /// Whether a batch job (`go perft`, `bench`) is running (or finished
    /// but not collected).
    fn batch_running(&self) -> bool;
    /// Ends the search as `end` says and returns its result (`None` when
    /// there was none, when it was a perft, or with [`End::Done`] of
    /// another search).
    fn end_search(&mut self, end: End) -> Option<BestTurn>;
    /// Ends pondering: the clock now applies.
    fn ponderhit(&mut self);
    /// Forgets the hash table contents.
    fn clear_hash(&mut self);
    /// Re-creates the hash table with a new size (stops any search); when
    /// the memory cannot be had, the old table stays and the error says so.
    fn resize_hash(&mut self, mib: usize) -> Result<(), String>;
    /// Starts UCI `bench` on this variant's positions; it prints its lines
    /// as it goes and runs like `go perft`.
    fn bench(
        &mut self,
        depth: i32,
        options: &Options,
        out: Out,
        notify: Sender<Event>,
    ) -> Result<(), String>;
}

/// A move error that names `token`: the error's own text when it names
/// the token already (`illegal move 'e2e5': ...`), else prefixed with it.
fn naming(token: &str, e: &MoveError) -> String {
    if e.token() == token {
        e.to_string()
    } else {
        format!("{token}: {e}")
    }
}

/// Search ids, unique in the process: a switch of variant replaces the
/// backend, and the old backend's late `SearchDone` must never match a
/// search of the new one (it would be joined without being stopped).
static NEXT_SEARCH_ID: AtomicU64 = AtomicU64::new(1);

struct Running {
    id: u64,
    /// A search's result; `None` for a batch job, which prints its own.
    handle: JoinHandle<Option<BestTurn>>,
    unbounded: bool,
    /// A batch job (perft, bench) rather than a search.
    batch: bool,
}

struct VariantBackend<V: Variant> {
    game: Game<V>,
    chess960: bool,
    hash_mib: usize,
    shared: Arc<Shared>,
    running: Option<Running>,
    ponder_plies: Option<Vec<V::Move>>,
    /// The `position` command (FEN, tokens) the game was last set from,
    /// while nothing else has changed it: a GUI resends the whole game
    /// each move, and only the new tokens need reading.
    last_position: Option<(Option<String>, Vec<String>)>,
}

struct ProtocolReporter {
    out: Out,
    style: Style,
}

impl Reporter for ProtocolReporter {
    fn info(&self, i: &Info) {
        let ms = i.elapsed.as_millis() as u64;
        let line = match self.style {
            Style::Uci => {
                let score = match i.score {
                    Score::Cp(cp) => format!("cp {cp}"),
                    Score::Mate(n) => format!("mate {n}"),
                };
                let bound = match i.bound {
                    Bound::Lower => " lowerbound",
                    Bound::Upper => " upperbound",
                    Bound::Exact => "",
                };
                let nps = (i.nodes * 1000).checked_div(ms).unwrap_or(0);
                // A fail low has no move to show: no empty `pv`.
                let pv = if i.pv.is_empty() {
                    String::new()
                } else {
                    format!(" pv {}", i.pv.join(" "))
                };
                format!(
                    "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {nps} hashfull {} time {ms}{pv}",
                    i.depth, i.seldepth, i.multipv, i.nodes, i.hashfull,
                )
            }
            Style::Xboard { post } => {
                if !post || i.multipv != 1 || i.bound != Bound::Exact {
                    return;
                }
                // XBoard: centipawns, mates as 100000 + moves.
                let score = match i.score {
                    Score::Cp(cp) => cp,
                    Score::Mate(n) if n > 0 => 100_000 + n,
                    Score::Mate(n) => -100_000 + n,
                };
                format!(
                    "{} {score} {} {} {}",
                    i.depth,
                    ms / 10,
                    i.nodes,
                    i.pv.join(" ")
                )
            }
        };
        say(&self.out, &line);
    }
}

impl<V: Variant> VariantBackend<V> {
    fn new(variant: V, hash_mib: usize) -> Self {
        VariantBackend {
            game: Game::start(variant),
            chess960: false,
            hash_mib,
            shared: Arc::new(Shared::new(hash_mib)),
            running: None,
            ponder_plies: None,
            last_position: None,
        }
    }

    fn parse(pos: &V::Position, token: &str) -> Result<Vec<V::Move>, MoveError> {
        V::parse_san(pos, token)
    }

    fn variant(&self) -> &V {
        self.game.variant()
    }

    /// Rebuilds the game with the Chess960 flag applied to its start.
    fn rebuild(&mut self, start: V::Position) -> Game<V> {
        let mut start = self.variant().read_fen(&V::to_fen(&start)).unwrap_or(start);
        if self.chess960 {
            V::set_chess960(&mut start, true);
        }
        Game::new(self.variant().clone(), start)
    }
}

impl<V: Variant> Backend for VariantBackend<V> {
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let key = fen.map(str::to_string);
        let continued = self.last_position.as_ref().and_then(|(f, prev)| {
            (*f == key && moves.len() >= prev.len() && moves.iter().zip(prev).all(|(m, p)| m == p))
                .then_some(prev.len())
        });
        let (mut game, from) = match continued {
            Some(n) => (self.game.clone(), n),
            None => {
                let start = match fen {
                    Some(f) => self.variant().read_fen(f).map_err(|e| e.to_string())?,
                    None => self.variant().start(),
                };
                (self.rebuild(start), 0)
            }
        };
        for m in &moves[from..] {
            let plies = Self::parse(game.position(), m).map_err(|e| naming(m, &e))?;
            game.play_plies(plies);
        }
        self.game = game;
        self.last_position = Some((key, moves.iter().map(|m| m.to_string()).collect()));
        Ok(())
    }

    fn play(&mut self, token: &str) -> Result<(), MoveError> {
        let plies = Self::parse(self.game.position(), token)?;
        self.game.play_plies(plies);
        self.last_position = None;
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.last_position = None;
        self.game.undo()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn side_to_move(&self) -> Side {
        V::side_to_move(self.game.position())
    }

    fn turns_played(&self) -> usize {
        self.game.turns().len()
    }

    fn fen(&self) -> String {
        V::to_fen(self.game.position())
    }

    fn board(&self) -> String {
        V::board_text(self.game.position())
    }

    fn xboard_definition(&self) -> Vec<String> {
        self.variant().xboard_definition()
    }

    fn eval_white(&self) -> i32 {
        let e = V::evaluate(self.game.position());
        match self.side_to_move() {
            Side::White => e,
            Side::Black => -e,
        }
    }

    fn perft(
        &mut self,
        depth: u32,
        threads: usize,
        out: Out,
        notify: Sender<Event>,
    ) -> Result<(), String> {
        let root = self.game.position().clone();
        self.start_batch(notify, move |stop| {
            let lines = match perft::divide_until::<V>(&root, depth, threads, stop) {
                Ok(d) => format!("{}\nNodes searched: {}", divide_lines(&d.moves), d.nodes),
                Err(s) => format!(
                    "{}info string perft {depth} stopped: {} of {} root moves counted",
                    divide_lines(&s.counted),
                    s.counted.len(),
                    s.roots
                ),
            };
            say(&out, &lines);
        })
    }

    fn set_chess960(&mut self, on: bool) {
        if self.chess960 == on {
            return;
        }
        self.chess960 = on;
        self.last_position = None;
        let turns = self.game.turns().to_vec();
        let mut game = self.rebuild(self.game.start_position().clone());
        for plies in turns {
            game.play_plies(plies);
        }
        self.game = game;
    }

    fn ponder_matches(&self, token: &str) -> bool {
        match (&self.ponder_plies, Self::parse(self.game.position(), token)) {
            (Some(expected), Ok(plies)) => *expected == plies,
            _ => false,
        }
    }

    fn go(
        &mut self,
        spec: SearchSpec,
        options: &Options,
        out: Out,
        notify: Sender<Event>,
    ) -> Result<(), String> {
        let mut root = self.game.position().clone();
        let mut history = self.game.hashes().to_vec();
        self.ponder_plies = None;
        if let Some(token) = &spec.after {
            let plies = Self::parse(&root, token).map_err(|e| e.to_string())?;
            for &mv in &plies {
                root = V::make(&root, mv);
            }
            history.push(V::hash(&root));
            self.ponder_plies = Some(plies);
        }
        history.pop();
        let mut search_moves = Vec::new();
        for token in &spec.search_moves {
            let plies = Self::parse(&root, token)
                .map_err(|e| format!("searchmoves: {}", naming(token, &e)))?;
            search_moves.push(plies[0]);
        }
        self.end_search(End::Stop);
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Relaxed);
        shared.pondering.store(spec.limits.ponder, Relaxed);
        let unbounded = spec.limits.infinite || spec.limits.ponder;
        let req = Request::<V> {
            root,
            history,
            limits: spec.limits,
            search_moves,
            multipv: options.multipv,
            threads: options.threads,
            move_overhead: options.move_overhead,
        };
        let id = NEXT_SEARCH_ID.fetch_add(1, Relaxed);
        let style = spec.style;
        let xboard = matches!(style, Style::Xboard { .. });
        let handle = std::thread::spawn(move || {
            let reporter = ProtocolReporter { out, style };
            let result = search::<V>(&shared, &req, &reporter);
            let turn = first_turn::<V>(&req.root, &result.pv);
            let mut best = BestTurn::default();
            if !turn.is_empty() {
                best.best = Some(if xboard {
                    V::turn_to_xboard(&req.root, &turn)
                } else {
                    V::turn_to_token(&req.root, &turn)
                });
                // The reply as seen after the best turn.
                let mut after = req.root.clone();
                for &mv in &turn {
                    after = V::make(&after, mv);
                }
                // A first turn completed past the PV's end leaves no reply.
                let rest = result.pv.get(turn.len()..).unwrap_or(&[]);
                let reply = first_turn::<V>(&after, rest);
                if !reply.is_empty() {
                    best.ponder = Some(V::turn_to_token(&after, &reply));
                }
            }
            let _ = notify.send(Event::SearchDone(id));
            Some(best)
        });
        self.running = Some(Running {
            id,
            handle,
            unbounded,
            batch: false,
        });
        Ok(())
    }

    fn batch_running(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.batch)
    }

    fn end_search(&mut self, end: End) -> Option<BestTurn> {
        let running = self.running.as_ref()?;
        let stop = match end {
            End::Stop => true,
            End::Finish => running.unbounded || self.shared.pondering.load(Relaxed),
            End::Done(id) => {
                if id != running.id {
                    return None;
                }
                false
            }
        };
        if stop {
            self.shared.pondering.store(false, Relaxed);
            self.shared.stop.store(true, Relaxed);
        }
        let running = self.running.take()?;
        running.handle.join().ok().flatten()
    }

    fn ponderhit(&mut self) {
        self.shared.pondering.store(false, Relaxed);
    }

    fn clear_hash(&mut self) {
        self.end_search(End::Stop);
        match Arc::get_mut(&mut self.shared) {
            Some(s) => s.clear(),
            None => self.shared = Arc::new(Shared::new(self.hash_mib)),
        }
    }

    fn resize_hash(&mut self, mib: usize) -> Result<(), String> {
        self.end_search(End::Stop);
        // Free the old table before allocating the new one.
        let old = self.hash_mib;
        self.shared = Arc::new(Shared::new(1));
        match Shared::try_new(mib) {
            Ok(shared) => {
                self.shared = Arc::new(shared);
                self.hash_mib = mib;
                Ok(())
            }
            Err(e) => {
                self.shared = Arc::new(Shared::new(old));
                Err(format!("{e}; the table keeps {old} MiB"))
            }
        }
    }

    fn bench(
        &mut self,
        depth: i32,
        options: &Options,
        out: Out,
        notify: Sender<Event>,
    ) -> Result<(), String> {
        let (threads, hash_mib) = (options.threads, options.hash_mib);
        let game = self.variant().clone();
        self.start_batch(notify, move |stop| {
            let total = engine::bench::bench_until(
                &game,
                depth,
                threads,
                hash_mib,
                stop,
                &mut |i, fen, r| {
                    say(
                        &out,
                        &format!("info string position {} nodes {} fen {fen}", i + 1, r.nodes),
                    );
                },
            );
            match total {
                Some(total) => {
                    say(
                        &out,
                        &format!("info string total time {} ms", total.elapsed.as_millis()),
                    );
                    say(&out, &format!("{} nodes {} nps", total.nodes, total.nps()));
                }
                None => say(&out, "info string bench stopped"),
            }
        })
    }
}

impl<V: Variant> VariantBackend<V> {
    /// Runs a batch job on its own thread, like a search: it gets the
    /// stop flag, and `notify` hears when it ends.
    fn start_batch(
        &mut self,
        notify: Sender<Event>,
        job: impl FnOnce(&AtomicBool) + Send + 'static,
    ) -> Result<(), String> {
        self.end_search(End::Stop);
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Relaxed);
        let id = NEXT_SEARCH_ID.fetch_add(1, Relaxed);
        let thread = std::thread::Builder::new()
            .name("batch".to_string())
            .stack_size(perft::STACK_BYTES);
        let handle = thread
            .spawn(move || {
                job(&shared.stop);
                let _ = notify.send(Event::SearchDone(id));
                None
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        self.running = Some(Running {
            id,
            handle,
            unbounded: false,
            batch: true,
        });
        Ok(())
    }
}

/// Stockfish's `go perft` lines, `<turn>: <count>` per root turn, as one
/// block so that no other line lands inside it.
fn divide_lines(moves: &[(String, u64)]) -> String {
    moves.iter().map(|(t, n)| format!("{t}: {n}\n")).collect()
}

impl<V: Variant> Drop for VariantBackend<V> {
    fn drop(&mut self) {
        self.end_search(End::Stop);
    }
}

/// Builds the backend of a variant (used with `variants::with_variant`),
/// with a hash table of this many MiB.
pub struct MakeBackend(pub usize);

impl VariantVisitor for MakeBackend {
    type Output = Box<dyn Backend>;
    fn visit<V: Variant>(self, game: V) -> Box<dyn Backend> {
        Box::new(VariantBackend::new(game, self.0))
    }
}
