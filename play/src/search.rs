//! The search's life cycle, once for every front end: the table, the
//! thread a search or a batch job (perft, bench) runs on, its id, stopping
//! it and collecting what it found. What a search reports is typed
//! ([`Report`], [`Found`]); the front ends write it.

use crate::{GameHandle, Turn};
use engine::{Bound, Limits, Score, Shared};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use variants::Side;

/// What to search, beyond the game's position.
#[derive(Clone, Debug, Default)]
pub struct SearchOrder {
    /// Limits (`go`'s, a clock's, the page's).
    pub limits: Limits,
    /// Lines searched and reported (MultiPV, at least 1).
    pub multipv: usize,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Time kept per move for the GUI and pipes.
    pub move_overhead: Duration,
    /// The search's margins (tuning sets them; the defaults otherwise).
    pub params: engine::Params,
    /// Only these root turns (UCI `searchmoves`), as tokens or notation.
    pub search_moves: Vec<String>,
    /// Search the position after this turn instead (XBoard pondering on
    /// the expected reply).
    pub after: Option<String>,
    /// Search the position after this many turns of the game, with the
    /// history before it (the page stepping through a game); `None`: the
    /// position now.
    pub at_turn: Option<usize>,
}

/// One progress report of a search, typed: the front end writes it.
#[derive(Clone, Debug)]
pub struct Report {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Which line (1 = best).
    pub multipv: usize,
    /// The score for the side to move at the root.
    pub score: Score,
    /// The search's own score (XBoard's centipawn-style output).
    pub raw_score: i32,
    /// `Exact`, or the side of the aspiration window it failed on.
    pub bound: Bound,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Table fill in permille.
    pub hashfull: u32,
    /// The side to move at the root.
    pub side: Side,
    /// The line, in whole turns.
    pub line: Vec<Turn>,
}

impl Report {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis() as u64;
        (self.nodes * 1000).checked_div(ms).unwrap_or(0)
    }

    /// The score from White's point of view (an evaluation bar).
    pub fn score_for_white(&self) -> Score {
        match (self.side, self.score) {
            (Side::White, s) => s,
            (Side::Black, Score::Cp(c)) => Score::Cp(-c),
            (Side::Black, Score::Mate(m)) => Score::Mate(-m),
        }
    }
}

/// Where reports go, with the id of the search that made them (called on
/// the search thread).
pub type Sink = Box<dyn Fn(u64, Report) + Send + Sync>;

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The turn to play; `None` when the side to move has none.
    pub best: Option<Turn>,
    /// The reply expected after it.
    pub ponder: Option<Turn>,
    /// A search thread panicked: the turn is what the others found, or
    /// the first legal one (the front end says so to its user, in
    /// [`FAILED_SEARCH`]'s words).
    pub failed: bool,
}

/// What a front end tells its user when a search thread panicked (the
/// panic's message is on stderr): the turn it plays is all the same legal.
pub const FAILED_SEARCH: &str =
    "the search failed (see the engine's log on stderr); playing what it found, or the first legal move";

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

/// Search ids, unique in the process: a front end that replaces its game
/// (and its search handle) must never take an old search's late report for
/// one of the new handle's.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

struct Running {
    id: u64,
    /// A search's result; `None` for a batch job, which reports its own.
    handle: JoinHandle<Option<Found>>,
    unbounded: bool,
    batch: bool,
}

/// The table and the one search (or batch job) that may run on it.
pub struct SearchHandle {
    shared: Arc<Shared>,
    hash_mib: usize,
    running: Option<Running>,
}

impl SearchHandle {
    /// A handle with a table of `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> SearchHandle {
        SearchHandle {
            shared: Arc::new(Shared::new(hash_mib)),
            hash_mib,
            running: None,
        }
    }

    /// Starts a search of `game` as `order` says (a running one is stopped
    /// first). `sink` gets its reports with its id; `done` is called with
    /// the id on the search thread when it ends, after which
    /// [`SearchHandle::end`] with [`End::Done`] collects it. Returns the id.
    pub fn search(
        &mut self,
        game: &mut dyn GameHandle,
        order: &SearchOrder,
        sink: Sink,
        done: Box<dyn FnOnce(u64) + Send>,
    ) -> Result<u64, String> {
        let job = game.prepare_search(order)?;
        self.end(End::Stop);
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Relaxed);
        shared.pondering.store(order.limits.ponder, Relaxed);
        let id = NEXT_ID.fetch_add(1, Relaxed);
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let found = job(&shared, &|report| sink(id, report));
                done(id);
                Some(found)
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        self.running = Some(Running {
            id,
            handle,
            unbounded: order.limits.infinite || order.limits.ponder,
            batch: false,
        });
        Ok(id)
    }

    /// Runs a batch job (perft, bench) like a search, on a thread with
    /// perft's stack: it gets the stop flag, and `done` hears its id when
    /// it ends.
    pub fn batch(
        &mut self,
        job: impl FnOnce(&AtomicBool) + Send + 'static,
        done: Box<dyn FnOnce(u64) + Send>,
    ) -> Result<u64, String> {
        self.end(End::Stop);
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Relaxed);
        let id = NEXT_ID.fetch_add(1, Relaxed);
        let handle = std::thread::Builder::new()
            .name("batch".into())
            .stack_size(perft::STACK_BYTES)
            .spawn(move || {
                job(&shared.stop);
                done(id);
                None
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?;
        self.running = Some(Running {
            id,
            handle,
            unbounded: false,
            batch: true,
        });
        Ok(id)
    }

    /// Ends the running search as `end` says and returns what it found
    /// (`None` when nothing ran, for a batch job, or with [`End::Done`] of
    /// another search).
    pub fn end(&mut self, end: End) -> Option<Found> {
        let running = self.running.as_ref()?;
        let stop = match end {
            End::Stop => true,
            End::Finish => running.unbounded || self.shared.pondering.load(Relaxed),
            End::Done(id) if id != running.id => return None,
            End::Done(_) => false,
        };
        if stop {
            self.shared.pondering.store(false, Relaxed);
            self.shared.stop.store(true, Relaxed);
        }
        let running = self.running.take()?;
        running.handle.join().ok().flatten()
    }

    /// The id of the search or batch job running (or ended but not yet
    /// collected).
    pub fn running(&self) -> Option<u64> {
        self.running.as_ref().map(|r| r.id)
    }

    /// Whether a batch job runs (or ended but was not collected).
    pub fn batch_running(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.batch)
    }

    /// Ends pondering: the clock now applies.
    pub fn ponderhit(&self) {
        self.shared.pondering.store(false, Relaxed);
    }

    /// Nodes of the running (or last) search, all threads.
    pub fn nodes(&self) -> u64 {
        self.shared.nodes()
    }

    /// The table's size in MiB.
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Forgets what the table and the move-ordering statistics learnt (a
    /// new game); stops the search first.
    pub fn clear(&mut self) {
        self.end(End::Stop);
        match Arc::get_mut(&mut self.shared) {
            Some(s) => s.clear(),
            None => self.shared = Arc::new(Shared::new(self.hash_mib)),
        }
    }

    /// A new table of `mib` MiB (stops the search); when the memory cannot
    /// be had, the old table's size stays and the error says so.
    pub fn resize(&mut self, mib: usize) -> Result<(), String> {
        self.end(End::Stop);
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
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.end(End::Stop);
    }
}
