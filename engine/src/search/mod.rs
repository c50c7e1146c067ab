//! Iterative deepening alpha-beta (PVS) with quiescence, generic over the
//! variant. A turn may span several plies: scores are negated only when the
//! side to move changes.
//!
//! Where things are: the numbered steps of a node in `node`, quiescence in
//! `quiescence`, iterative deepening and reports in `root`, move ordering
//! in `picker`, the histories in `history`, the per-ply stack in `stack`,
//! every margin in `params`, PVs in turns in `pv`; here the shared state,
//! the public types and the threads.

mod history;
mod node;
mod params;
mod picker;
mod pv;
mod quiescence;
mod root;
mod stack;
mod stats;

pub use params::{ParamInfo, Params, PARAMS};
pub use pv::{first_turn, pv_turns, score_in_turns};

use history::Histories;
use params::FIRST_ITERATION_GRACE;
use stack::Frame;

use crate::limits::{Budget, Limits};
use crate::tt::{Bound, Hit, Table};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use variants::{GamePosition, MoveCode, MoveList, Outcome, Variant};

/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Score of a mate at the root.
pub const MATE: i32 = 32000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
const INF: i32 = MATE + 1;

/// State shared by every search thread.
pub struct Shared {
    /// The transposition table.
    pub tt: Table,
    /// Set to stop all threads at once.
    pub stop: AtomicBool,
    /// Set while pondering: the clock does not stop the search.
    pub pondering: AtomicBool,
    nodes: AtomicU64,
    /// Each thread's move-ordering statistics, kept from one search to the
    /// next within a game.
    histories: Mutex<Vec<Histories>>,
}

impl Shared {
    /// Shared state with a table of `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Shared {
        Shared {
            tt: Table::new(hash_mib),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            histories: Mutex::new(Vec::new()),
        }
    }

    /// Shared state with a table of `hash_mib` MiB, or an error when that
    /// memory cannot be had.
    pub fn try_new(hash_mib: usize) -> Result<Shared, String> {
        Ok(Shared {
            tt: Table::try_new(hash_mib)?,
            ..Shared::new(1)
        })
    }

    /// Nodes searched so far by the running (or last) search, all threads
    /// (flushed in batches: a front end's progress display).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }

    /// Forgets everything learnt: the table and the move-ordering
    /// statistics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.get_mut().map(Vec::clear).ok();
    }

    fn take_histories(&self, thread: usize) -> Histories {
        let mut kept = self.histories.lock().unwrap_or_else(|e| e.into_inner());
        match kept.get_mut(thread) {
            Some(h) if h.is_filled() => std::mem::take(h),
            _ => Histories::new(),
        }
    }

    fn keep_histories(&self, thread: usize, h: Histories) {
        let mut kept = self.histories.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() <= thread {
            kept.resize_with(thread + 1, Histories::default);
        }
        kept[thread] = h;
    }
}

/// A score as the protocols show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: getting mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

/// One progress report (UCI `info`, XBoard thinking output), typed: the
/// line is the game's own turns, which each front end writes as it needs.
#[derive(Clone, Debug)]
pub struct Info<M> {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Score for the side to move at the root.
    pub score: Score,
    /// The internal score, for XBoard's centipawn-style output.
    pub raw_score: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Table fill in permille.
    pub hashfull: u32,
    /// Principal variation in whole turns from the root, each its plies.
    pub pv: Vec<Vec<M>>,
    /// Which line this is (1 = best) when several are searched (MultiPV).
    pub multipv: usize,
    /// `Exact`, or the side of an aspiration window the score failed on
    /// (`Lower`: at least this good; `Upper`: at most).
    pub bound: Bound,
}

/// Receives progress reports of a game whose plies are `M`.
pub trait Reporter<M>: Sync {
    /// Called after each completed iteration of the main thread.
    fn info(&self, info: &Info<M>);
}

/// A reporter that ignores everything.
pub struct Silent;

impl<M> Reporter<M> for Silent {
    fn info(&self, _info: &Info<M>) {}
}

/// What to search.
pub struct Request<V: Variant> {
    /// The root position.
    pub root: V::Position,
    /// Earlier positions of the game at turn boundaries, oldest first, as
    /// their hash and whether the side to move was in check there (for
    /// repetitions, and the games where perpetual check loses).
    pub history: Vec<(u64, bool)>,
    /// The same earlier positions themselves, where the game's repetition
    /// rule needs them ([`variants::Rules::repetition_needs_positions`]:
    /// xiangqi's chases); else empty.
    pub positions: Vec<V::Position>,
    /// Limits.
    pub limits: Limits,
    /// Only these root plies (`searchmoves`); empty: all.
    pub search_moves: Vec<V::Move>,
    /// How many best lines to search and report (MultiPV, at least 1).
    pub multipv: usize,
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Time kept per move for the GUI and pipes.
    pub move_overhead: Duration,
    /// The search's tunable margins.
    pub params: Params,
}

/// The root's first legal ply, for a search that failed with nothing
/// found; none if the game is over or the move generator panics here too.
fn first_legal_ply<V: Variant>(root: &V::Position) -> Option<V::Move> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut list = MoveList::new();
        V::generate(root, &mut list);
        list.first().copied()
    }))
    .ok()
    .flatten()
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The principal variation (plies).
    pub pv: Vec<M>,
    /// Score of the best line.
    pub score: i32,
    /// Depth completed.
    pub depth: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// A search thread panicked: the result is what the others found, or
    /// else the root's first legal ply (a game in progress goes on), and a
    /// bench or a test must not take it for a search.
    pub failed: bool,
}

struct Worker<'a, V: Variant> {
    shared: &'a Shared,
    main: bool,
    start: Instant,
    budget: Budget,
    node_limit: Option<u64>,
    nodes: u64,
    flushed: u64,
    seldepth: usize,
    aborted: bool,
    /// The line's positions at turn boundaries, the game's before the
    /// root's first: hash, and whether the side to move was in check.
    path: Vec<(u64, bool)>,
    /// The same positions themselves, where the game's repetition rule
    /// needs them (`keep_line`); else empty.
    line: Vec<V::Position>,
    keep_line: bool,
    histories: Histories,
    /// One frame per ply of the current line.
    stack: Vec<Frame<V::Move>>,
    search_moves: &'a [V::Move],
    /// Root plies already taken by better MultiPV lines.
    excluded: Vec<V::Move>,
    /// Whether an iteration has completed (until then nothing aborts
    /// within the first [`FIRST_ITERATION_GRACE`] nodes).
    first_done: bool,
    /// The depth of the running iteration.
    root_depth: i32,
    /// The margins this search uses.
    params: Params,
    /// Nodes spent under each root move in all iterations so far (the
    /// main line's), for the time check: a best move that took nearly all
    /// of them is settled.
    root_effort: Vec<(V::Move, u64)>,
    /// Changes of the best root move in the running iteration.
    best_changes: u32,
    /// Half of `Progress::changes` as the running iteration began: with
    /// `best_changes` added, the count that iteration will end with (each
    /// iteration's changes halved at the next).
    changes_before: f64,
    /// The score of the last root ply that beat the window.
    root_best: i32,
}

/// Half-moves played since the game's start (from the position's move
/// number), for the time budget.
fn game_ply<V: Variant>(pos: &V::Position) -> u32 {
    let full = pos.fullmove_number().max(1) - 1;
    2 * full + V::side_to_move(pos).index() as u32
}

/// `eval` damped linearly toward a draw as the game's move-count rule nears
/// ([`variants::Rules::move_rule_progress`], in hundredths): by `damping`
/// percent of it when the rule is reached (100: to zero, as
/// Fairy-Stockfish; 0: not at all).
#[inline]
fn damped(eval: i32, progress: u32, damping: i32) -> i32 {
    if progress == 0 || damping == 0 {
        eval
    } else {
        eval * (10_000 - damping * progress as i32) / 10_000
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A static evaluation `eval`, or the table entry's score where its bound
/// says the score is the better guess (a mate score never is).
fn refined_by_table(h: &Hit, eval: i32) -> i32 {
    if h.score.abs() >= MATE_BOUND {
        return eval;
    }
    match h.bound {
        Bound::Lower if h.score > eval => h.score,
        Bound::Upper if h.score < eval => h.score,
        Bound::Exact => h.score,
        _ => eval,
    }
}

/// The score a table entry proves for the window, if it settles the node.
fn tt_cutoff(h: &Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(h.score, ply);
    match h.bound {
        Bound::Exact => Some(s),
        Bound::Lower if s >= beta => Some(s),
        Bound::Upper if s <= alpha => Some(s),
        _ => None,
    }
}

/// What a node's result says about its true score, for the table.
fn bound_of(best: i32, original_alpha: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if alpha > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

impl<'a, V: Variant> Worker<'a, V> {
    /// The game's static evaluation, damped as the move-count rule nears
    /// (`MoveRuleDamping`).
    #[inline]
    fn static_eval(&self, pos: &V::Position) -> i32 {
        self.damped(pos, V::evaluate(pos))
    }

    /// `eval`, a static evaluation of `pos` or a bound on it, damped as
    /// the move-count rule nears.
    #[inline]
    fn damped(&self, pos: &V::Position, eval: i32) -> i32 {
        match self.params.move_rule_damping {
            0 => eval,
            d => damped(eval, V::move_rule_progress(pos), d),
        }
    }

    fn new(shared: &'a Shared, req: &'a Request<V>, id: usize, start: Instant) -> Self {
        let main = id == 0;
        let us = V::side_to_move(&req.root).index();
        Worker {
            shared,
            main,
            start,
            budget: req
                .limits
                .budget(us, game_ply::<V>(&req.root), req.move_overhead),
            node_limit: req.limits.nodes,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            root_depth: 0,
            aborted: false,
            path: req.history.clone(),
            line: req.positions.clone(),
            keep_line: V::repetition_needs_positions(&req.root),
            histories: shared.take_histories(id),
            stack: vec![Frame::new(-INF); MAX_PLY + 1],
            search_moves: &req.search_moves,
            excluded: Vec::new(),
            first_done: false,
            params: req.params,
            root_effort: Vec::new(),
            best_changes: 0,
            changes_before: 0.0,
            root_best: -INF,
        }
    }

    fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.first_done && self.nodes < FIRST_ITERATION_GRACE {
            // Depth 1 completes in a normal position, so even an instant
            // `stop` or `?` gets a searched move rather than the first
            // generated one; past the grace the limits apply (a crowded
            // position's quiescence can take minutes at depth 1).
            return false;
        }
        if self.nodes & 1023 == 0 {
            self.shared
                .nodes
                .fetch_add(self.nodes - self.flushed, Relaxed);
            self.flushed = self.nodes;
            if self.shared.stop.load(Relaxed) {
                self.aborted = true;
            } else if self.main {
                let timed_out = !self.shared.pondering.load(Relaxed)
                    && self.budget.hard.is_some_and(|h| self.start.elapsed() >= h);
                if timed_out {
                    self.aborted = true;
                    self.shared.stop.store(true, Relaxed);
                }
            }
        }
        if let Some(limit) = self.node_limit {
            if self.nodes >= limit {
                self.aborted = true;
                self.shared.stop.store(true, Relaxed);
            }
        }
        self.aborted
    }

    /// Stores a node's result: its best ply and score (mate scores made
    /// relative to the node), the evaluation it used (none in check), the
    /// depth searched and whether the node is on a principal variation.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        key: u64,
        best_move: V::Move,
        best: i32,
        ply: usize,
        eval: Option<i32>,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let eval = eval.unwrap_or(0);
        let score = to_tt(best, ply);
        self.shared
            .tt
            .store(key, best_move.to_bits(), score, eval, depth, bound, pv);
    }

    fn terminal_score(pos: &V::Position, ply: usize) -> i32 {
        Self::outcome_score(pos, V::rule_outcome(pos), ply)
    }

    /// The score of a game ended at `pos` (`ply` from the root) by
    /// `outcome`, for the side to move: a mate score for a win or a loss,
    /// else a draw.
    fn outcome_score(pos: &V::Position, outcome: Option<Outcome>, ply: usize) -> i32 {
        match outcome {
            Some(Outcome::Win { winner, .. }) if winner == V::side_to_move(pos) => {
                MATE - ply as i32
            }
            Some(Outcome::Win { .. }) => -MATE + ply as i32,
            _ => 0,
        }
    }

    /// Steps into `pos` (hashed `key`) at a turn's start: it joins the
    /// line that repetitions are looked for in.
    fn enter(&mut self, key: u64, in_check: bool, pos: &V::Position) {
        self.path.push((key, in_check));
        if self.keep_line {
            self.line.push(pos.clone());
        }
    }

    /// Steps back out of the last position [`Self::enter`]ed.
    fn leave(&mut self) {
        self.path.pop();
        if self.keep_line {
            self.line.pop();
        }
    }

    /// The score of a repetition, if `pos` recurs along the line: a draw,
    /// or what the game's rule makes it (a loss for the side that checked
    /// throughout, where perpetual check is illegal).
    fn repetition_score(&mut self, pos: &V::Position, ply: usize) -> Option<i32> {
        let key = V::hash(pos);
        let len = self.path.len();
        let window = (V::repetition_window(pos) as usize).min(len);
        let span = self.path[len - window..]
            .iter()
            .rev()
            .position(|&(h, _)| h == key)?
            + 1;
        // The line's positions end with this one, for the game's judge.
        if self.keep_line {
            self.line.push(pos.clone());
        }
        let path = &self.path;
        let checked = |d: usize| {
            if d == 0 {
                V::in_check(pos)
            } else {
                path[len - d].1
            }
        };
        let outcome = V::repetition_in_search(pos, span, &checked, &self.line);
        if self.keep_line {
            self.line.pop();
        }
        Some(Self::outcome_score(pos, outcome, ply))
    }
}

/// Sets its flag when dropped, by a return or a panic alike.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

/// Runs a search with `req.threads` threads (Lazy SMP) and returns the best
/// result: the deepest completed iteration of any thread.
pub fn search<V: Variant>(
    shared: &Shared,
    req: &Request<V>,
    reporter: &dyn Reporter<V::Move>,
) -> SearchResult<V::Move> {
    let start = Instant::now();
    shared.nodes.store(0, Relaxed);
    shared.tt.new_search();
    stats::reset();
    let threads = req.threads.max(1);
    let stack = 64 * 1024 * 1024;
    let joined = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for id in 0..threads {
            let builder = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(stack);
            let handle = builder.spawn_scoped(scope, move || {
                // Should the main thread panic, its helpers still stop.
                let _stops = (id == 0).then(|| StopOnDrop(&shared.stop));
                let mut w = Worker::<V>::new(shared, req, id, start);
                let r = w.iterate(req, if id == 0 { reporter } else { &Silent });
                shared.keep_histories(id, w.histories);
                if id == 0 {
                    // UCI: an infinite or pondering search that ran out of
                    // depth still waits for `stop` or `ponderhit`.
                    while (req.limits.infinite || shared.pondering.load(Relaxed))
                        && !shared.stop.load(Relaxed)
                    {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    // The main thread decides: stop the helpers.
                    shared.stop.store(true, Relaxed);
                }
                r
            });
            match handle {
                Ok(h) => handles.push(h),
                Err(e) => log::warn!("could not start search thread {id}: {e}"),
            }
        }
        handles.into_iter().map(|h| h.join()).collect::<Vec<_>>()
    });
    // A panicked thread's message is already on stderr (the panic hook);
    // the play goes on with the others' result, flagged as failed.
    let failed = joined.iter().any(|r| r.is_err());
    if failed {
        log::error!("a search thread panicked; the result is incomplete");
    }
    let mut results: Vec<_> = joined.into_iter().filter_map(Result::ok).collect();
    let nodes = shared.nodes.load(Relaxed);
    let mut best = if results.is_empty() {
        SearchResult {
            pv: Vec::new(),
            score: 0,
            depth: 0,
            nodes,
            failed,
        }
    } else {
        results.remove(0)
    };
    for r in results {
        if r.depth > best.depth && !r.pv.is_empty() && r.score >= best.score {
            best = r;
        }
    }
    best.nodes = nodes;
    best.failed = failed;
    if failed && best.pv.is_empty() {
        // Of the moves a GUI restricted the search to, if it did.
        let restricted = req.search_moves.first().copied();
        best.pv
            .extend(restricted.or_else(|| first_legal_ply::<V>(&req.root)));
    }
    stats::report();
    best
}
