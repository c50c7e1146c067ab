//! Iterative deepening alpha-beta (PVS) with quiescence, generic over the
//! variant. A turn may span several plies: scores are negated only when the
//! side to move changes.

use crate::limits::{soft_scale, Budget, Limits};
use crate::tt::{Bound, Hit, Table};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use variants::{MoveCode, MoveList, Outcome, Variant};

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

/// A search thread's move-ordering statistics (empty while a search has
/// them).
#[derive(Default)]
struct Histories {
    /// How often a quiet ply cut, by (side, ply).
    history: Vec<i32>,
    /// Continuation history: how well a quiet ply did after the ply one
    /// and two plies before it, by a hash of the pair.
    continuation: Vec<i16>,
}

impl Histories {
    fn new() -> Histories {
        Histories {
            history: vec![0; HISTORY_SIZE],
            continuation: vec![0; CONTINUATION_SIZE],
        }
    }
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

    /// Forgets everything learnt: the table and the move-ordering
    /// statistics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.get_mut().map(Vec::clear).ok();
    }

    fn take_histories(&self, thread: usize) -> Histories {
        let mut kept = self.histories.lock().unwrap_or_else(|e| e.into_inner());
        match kept.get_mut(thread) {
            Some(h) if !h.history.is_empty() => std::mem::take(h),
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

/// One progress report (UCI `info`, XBoard thinking output).
#[derive(Clone, Debug)]
pub struct Info {
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
    /// Principal variation as wire tokens, one per turn.
    pub pv: Vec<String>,
    /// Which line this is (1 = best) when several are searched (MultiPV).
    pub multipv: usize,
    /// `Exact`, or the side of an aspiration window the score failed on
    /// (`Lower`: at least this good; `Upper`: at most).
    pub bound: Bound,
}

/// Receives progress reports.
pub trait Reporter: Sync {
    /// Called after each completed iteration of the main thread.
    fn info(&self, info: &Info);
}

/// A reporter that ignores everything.
pub struct Silent;

impl Reporter for Silent {
    fn info(&self, _info: &Info) {}
}

/// What to search.
pub struct Request<V: Variant> {
    /// The root position.
    pub root: V::Position,
    /// Hashes of earlier positions of the game at turn boundaries, oldest
    /// first (for repetition draws).
    pub history: Vec<u64>,
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
    path: Vec<u64>,
    killers: Vec<[V::Move; 2]>,
    histories: Histories,
    /// The ply played at each height of the current line (NONE for a null
    /// move), so a node knows what it answers.
    played: Vec<V::Move>,
    /// Static evaluation at each height (-INF when in check), and the side
    /// to move there, for telling whether a side's position improves.
    evals: Vec<(i32, usize)>,
    /// The ply a singular-extension search at each height leaves out.
    skipped: Vec<V::Move>,
    pv: Vec<Vec<V::Move>>,
    allow_null: Vec<bool>,
    search_moves: &'a [V::Move],
    /// Root plies already taken by better MultiPV lines.
    excluded: Vec<V::Move>,
    /// Whether an iteration has completed (until then nothing aborts).
    first_done: bool,
    /// The depth of the running iteration.
    root_depth: i32,
}

/// Nodes the first iteration may search before `stop` and the limits
/// apply: far more than depth 1 takes in a normal position.
const FIRST_ITERATION_GRACE: u64 = 4096;

/// Quiescence plies within which a side in check searches its evasions.
const QS_EVASION_PLIES: u32 = 8;

const HISTORY_SIZE: usize = 1 << 14;
/// History scores stay within +-HISTORY_MAX.
const HISTORY_MAX: i32 = 16384;

/// Continuation-history slots per thread (2 MiB of i16).
const CONTINUATION_SIZE: usize = 1 << 20;

/// The continuation-history slot of `mv` played `distance` plies after
/// `earlier`.
fn continuation_index<M: MoveCode>(earlier: M, distance: u64, mv: M) -> usize {
    let h =
        (earlier.to_bits().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (distance << 40) ^ mv.to_bits())
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    (h >> 44) as usize
}

fn history_index<M: MoveCode>(side: usize, mv: M) -> usize {
    let h = mv.to_bits().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 51;
    side * (HISTORY_SIZE / 2) + (h as usize & (HISTORY_SIZE / 2 - 1))
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
    fn new(shared: &'a Shared, req: &'a Request<V>, id: usize, start: Instant) -> Self {
        let main = id == 0;
        let us = V::side_to_move(&req.root).index();
        Worker {
            shared,
            main,
            start,
            budget: req.limits.budget(us, req.move_overhead),
            node_limit: req.limits.nodes,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            root_depth: 0,
            aborted: false,
            path: req.history.clone(),
            killers: vec![[V::Move::NONE; 2]; MAX_PLY + 1],
            histories: shared.take_histories(id),
            played: vec![V::Move::NONE; MAX_PLY + 1],
            evals: vec![(-INF, 2); MAX_PLY + 1],
            skipped: vec![V::Move::NONE; MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            allow_null: vec![true; MAX_PLY + 1],
            search_moves: &req.search_moves,
            excluded: Vec::new(),
            first_done: false,
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

    /// Moves a history score towards +-HISTORY_MAX: big scores change
    /// slowly, so old successes fade when newer moves cut.
    fn update_history(&mut self, side: usize, mv: V::Move, bonus: i32, ply: usize) {
        let h = &mut self.histories.history[history_index(side, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        for slot in self.continuation_slots(ply, mv).into_iter().flatten() {
            let c = &mut self.histories.continuation[slot];
            *c += (bonus - *c as i32 * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    /// The continuation slots of `mv` at `ply`: after the ply one and two
    /// plies up the line, where those were real plies.
    fn continuation_slots(&self, ply: usize, mv: V::Move) -> [Option<usize>; 2] {
        let at = |back: usize| {
            let earlier = *self.played.get(ply.checked_sub(back)?)?;
            (earlier != V::Move::NONE).then(|| continuation_index(earlier, back as u64, mv))
        };
        [at(1), at(2)]
    }

    /// Where `mv` goes in the move order: the table's move, winning and
    /// equal captures, killers, then quiet moves by history with the losing
    /// captures among them.
    fn ordering_key(
        &self,
        pos: &V::Position,
        mv: V::Move,
        tt_move: V::Move,
        killers: [V::Move; 2],
        side: usize,
        ply: usize,
    ) -> i32 {
        if mv == tt_move {
            1 << 30
        } else if V::is_noisy(pos, mv) {
            // Losing captures go after the quiet moves with good history.
            let base = if V::see_ge(pos, mv, 0) {
                1 << 24
            } else {
                -(1 << 21)
            };
            base + V::noisy_order(pos, mv)
        } else if mv == killers[0] {
            1 << 23
        } else if mv == killers[1] {
            (1 << 23) - 1
        } else {
            self.quiet_score(side, mv, ply)
        }
    }

    /// A quiet ply's ordering score: its history and continuation history.
    fn quiet_score(&self, side: usize, mv: V::Move, ply: usize) -> i32 {
        self.histories.history[history_index(side, mv)]
            + self
                .continuation_slots(ply, mv)
                .into_iter()
                .flatten()
                .map(|slot| self.histories.continuation[slot] as i32)
                .sum::<i32>()
    }

    fn terminal_score(pos: &V::Position, ply: usize) -> i32 {
        match V::rule_outcome(pos) {
            Some(Outcome::Win { winner, .. }) if winner == V::side_to_move(pos) => {
                MATE - ply as i32
            }
            Some(Outcome::Win { .. }) => -MATE + ply as i32,
            _ => 0,
        }
    }

    fn is_repetition(&self, pos: &V::Position) -> bool {
        let key = V::hash(pos);
        let window = (V::repetition_window(pos) as usize).min(self.path.len());
        self.path[self.path.len() - window..]
            .iter()
            .rev()
            .any(|&h| h == key)
    }

    /// Searches a child: negated when the side to move changes.
    fn child(
        &mut self,
        pos: &V::Position,
        child: &V::Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if V::side_to_move(child) == V::side_to_move(pos) {
            self.negamax(child, depth, alpha, beta, ply, false)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, true)
        }
    }

    fn negamax(
        &mut self,
        pos: &V::Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        turn_start: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        if ply > 0 {
            if turn_start && (V::halfmove_clock(pos) >= 100 || self.is_repetition(pos)) {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return V::evaluate(pos);
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = V::in_check(pos);
        // Check extensions stop at twice the iteration's depth: on crowded
        // boards one side can give check after check for dozens of plies,
        // and unbounded extensions turn a depth-2 search into minutes.
        if in_check && ply < MAX_PLY / 2 && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let key = V::hash(pos);
        // A singular-extension search: the node without one of its plies,
        // so the table's result for the whole node does not apply.
        let skipped = self.skipped[ply];
        let hit = if skipped == V::Move::NONE {
            self.shared.tt.probe(key)
        } else {
            None
        };
        let mut tt_move = V::Move::NONE;
        if let Some(h) = hit {
            tt_move = V::Move::from_bits(h.mv);
            if !pv_node && ply > 0 && h.depth >= depth {
                if let Some(s) = tt_cutoff(&h, ply, alpha, beta) {
                    return s;
                }
            }
        }
        // No move from the table at a deep node: search it a little
        // shallower first (internal iterative reduction).
        if depth >= 4 && tt_move == V::Move::NONE && skipped == V::Move::NONE {
            depth -= 1;
        }
        let static_eval = if in_check {
            -INF
        } else {
            hit.map(|h| h.eval).unwrap_or_else(|| V::evaluate(pos))
        };
        let side = V::side_to_move(pos).index();
        self.evals[ply] = (static_eval, side);
        // Improving: better than at this side's previous move (only where
        // sides alternate ply by ply).
        let improving = !in_check
            && ply >= 2
            && self.evals[ply - 1].1 != side
            && self.evals[ply - 2].1 == side
            && static_eval > self.evals[ply - 2].0;
        // A table score bounding the static evaluation is the better guess.
        let eval = match hit {
            Some(h) if !in_check && h.score.abs() < MATE_BOUND => match h.bound {
                Bound::Lower if h.score > static_eval => h.score,
                Bound::Upper if h.score < static_eval => h.score,
                Bound::Exact => h.score,
                _ => static_eval,
            },
            _ => static_eval,
        };
        if !pv_node
            && !in_check
            && ply > 0
            && beta.abs() < MATE_BOUND
            && !V::inside_turn(pos)
            && skipped == V::Move::NONE
        {
            // Reverse futility: far above beta at low depth.
            if depth <= 6 && eval - 80 * (depth - improving as i32) >= beta {
                return eval;
            }
            if depth >= 3 && eval >= beta && self.allow_null[ply] && turn_start {
                if let Some(null) = V::null_move(pos) {
                    let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                    self.allow_null[ply + 1] = false;
                    self.played[ply] = V::Move::NONE;
                    self.path.push(key);
                    let score =
                        -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1, true);
                    self.path.pop();
                    self.allow_null[ply + 1] = true;
                    if self.aborted {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        let mut list = MoveList::new();
        V::generate(pos, &mut list);
        if list.is_empty() {
            return Self::terminal_score(pos, ply);
        }
        let killers = self.killers[ply];
        // The table's move goes first unscored; the others are scored only
        // if it does not cut, which saves the work at most cut nodes.
        let tt_first = match list.iter().position(|&m| m == tt_move) {
            Some(at) => {
                list.swap(0, at);
                true
            }
            None => false,
        };
        let mut keys: MoveList<i32> = MoveList::new();
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = V::Move::NONE;
        let mut searched = 0;
        let mut quiets_tried: MoveList<V::Move, 64> = MoveList::new();
        // Singular extension: the table's move is searched a ply deeper
        // when every other ply falls clearly short of its score.
        let mut tt_extension = 0;
        if let Some(h) = hit {
            let tt_score = from_tt(h.score, ply);
            if ply > 0
                && depth >= 8
                && tt_move != V::Move::NONE
                && h.depth >= depth - 3
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && tt_score.abs() < MATE_BOUND
                && (ply as i32) < 2 * self.root_depth
                && list.contains(&tt_move)
            {
                let singular_beta = tt_score - 2 * depth;
                self.skipped[ply] = tt_move;
                let s = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    turn_start,
                );
                self.skipped[ply] = V::Move::NONE;
                if self.aborted {
                    return 0;
                }
                if s < singular_beta {
                    tt_extension = 1;
                } else if singular_beta >= beta {
                    // Several plies beat beta: this node cuts anyway.
                    return singular_beta;
                }
            }
        }
        if turn_start {
            self.path.push(key);
        }
        for i in 0..list.len() {
            if i == usize::from(tt_first) && keys.is_empty() {
                for &mv in list.iter() {
                    keys.push(self.ordering_key(pos, mv, tt_move, killers, side, ply));
                }
            }
            if !keys.is_empty() {
                // Selection sort: the best remaining move first.
                let mut j = i;
                for k in i + 1..list.len() {
                    if keys[k] > keys[j] {
                        j = k;
                    }
                }
                list.swap(i, j);
                keys.swap(i, j);
            }
            let mv = list[i];
            if mv == skipped
                || (ply == 0
                    && ((!self.search_moves.is_empty() && !self.search_moves.contains(&mv))
                        || self.excluded.contains(&mv)))
            {
                continue;
            }
            let extension = if mv == tt_move { tt_extension } else { 0 };
            let noisy = V::is_noisy(pos, mv);
            let child = V::make(pos, mv);
            // Whether the move checks matters only to pruning and LMR; the
            // test costs an attack computation, so other moves skip it.
            let check_matters = (!pv_node && !in_check && searched > 0 && depth <= 6)
                || (depth >= 3 && searched >= 3 && !noisy && !in_check);
            let gives_check = check_matters && V::in_check(&child);
            // Shallow pruning of moves unlikely to matter, once a move was
            // searched and while no mate is at stake.
            let prunable = !pv_node
                && !in_check
                && !gives_check
                && searched > 0
                && best > -MATE_BOUND
                && mv != tt_move;
            if prunable && depth <= 6 {
                if !noisy {
                    // Late moves and hopeless quiet moves.
                    if depth <= 4
                        && searched >= (3 + (depth * depth) as usize) / (2 - improving as usize)
                    {
                        continue;
                    }
                    if eval + 100 + 90 * depth <= alpha {
                        continue;
                    }
                    if !V::see_ge(pos, mv, -60 * depth) {
                        continue;
                    }
                } else if !V::see_ge(pos, mv, -110 * depth) {
                    continue;
                }
            }
            self.played[ply] = mv;
            let score = if searched == 0 {
                self.child(pos, &child, depth - 1 + extension, alpha, beta, ply + 1)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 3 && !noisy && !in_check {
                    r = (((depth as f32).ln() * (searched as f32).ln()) / 2.0) as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if gives_check || mv == killers[0] || mv == killers[1] {
                        r -= 1;
                    }
                    // Moves with a good history are reduced less.
                    r -= self.quiet_score(side, mv, ply) / 8000;
                    r = r.clamp(0, depth - 2);
                }
                let mut s = self.child(pos, &child, depth - 1 - r, alpha, alpha + 1, ply + 1);
                if s > alpha && r > 0 {
                    s = self.child(
                        pos,
                        &child,
                        depth - 1 + extension,
                        alpha,
                        alpha + 1,
                        ply + 1,
                    );
                }
                if s > alpha && s < beta {
                    s = self.child(pos, &child, depth - 1 + extension, alpha, beta, ply + 1);
                }
                s
            };
            if self.aborted {
                if turn_start {
                    self.path.pop();
                }
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !noisy {
                            if self.killers[ply][0] != mv {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = mv;
                            }
                            let bonus = (depth * depth * 16).min(HISTORY_MAX / 2);
                            self.update_history(side, mv, bonus, ply);
                            // The quiet moves that failed to cut lose credit.
                            for &q in quiets_tried.iter() {
                                self.update_history(side, q, -bonus, ply);
                            }
                        }
                        break;
                    }
                }
            }
            if !noisy && quiets_tried.len() < 64 {
                quiets_tried.push(mv);
            }
        }
        if turn_start {
            self.path.pop();
        }
        if searched == 0 {
            // Every root move was excluded by searchmoves.
            return Self::terminal_score(pos, ply).min(alpha);
        }
        let bound = bound_of(best, original_alpha, alpha, beta);
        if (ply == 0 && !self.excluded.is_empty()) || skipped != V::Move::NONE {
            // A later MultiPV line is not the root's value, nor is a
            // singular-extension search the node's.
            return best;
        }
        // The entry keeps the evaluation this node used, refined by the
        // table's bound where it had one: keeping the plain static
        // evaluation instead measured -17 Elo (252 games at 20,000 nodes).
        let stored_eval = if in_check { 0 } else { eval };
        self.shared.tt.store(
            key,
            best_move.to_bits(),
            to_tt(best, ply),
            stored_eval,
            depth,
            bound,
        );
        best
    }

    fn qsearch(
        &mut self,
        pos: &V::Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.check_stop() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return V::evaluate(pos);
        }
        let key = V::hash(pos);
        let hit = self.shared.tt.probe(key);
        if let Some(s) = hit.and_then(|h| tt_cutoff(&h, ply, alpha, beta)) {
            return s;
        }
        // Evasions are searched only near the horizon: where a side may stay
        // in check after its own move (Vanguard's Prince rule), both sides
        // can be in check at every ply, and quiescence would never end.
        let in_check = V::in_check(pos) && qply < QS_EVASION_PLIES;
        // Inside a turn the noisy plies include the turn's end, which
        // takes the place of standing pat.
        let stands = !in_check && !V::inside_turn(pos);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut stand = 0;
        if !in_check {
            stand = hit.map(|h| h.eval).unwrap_or_else(|| V::evaluate(pos));
            if stands {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
                best = stand;
            }
        }
        let mut list = MoveList::new();
        V::generate(pos, &mut list);
        if list.is_empty() {
            return Self::terminal_score(pos, ply);
        }
        // Captures must not lose material, and (delta pruning) must be
        // able to bring the score near alpha.
        let needed = match V::qsearch_delta() {
            Some(margin) if stands => (alpha - stand - margin).max(0),
            _ => 0,
        };
        let mut moves: MoveList<(i32, V::Move)> = MoveList::new();
        for &mv in list.iter() {
            if in_check || (V::is_noisy(pos, mv) && V::see_ge(pos, mv, needed)) {
                moves.push((V::noisy_order(pos, mv), mv));
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let mut best_move = V::Move::NONE;
        for &(_, mv) in moves.iter() {
            let child = V::make(pos, mv);
            let score = if V::side_to_move(&child) == V::side_to_move(pos) {
                self.qsearch(&child, alpha, beta, ply + 1, qply + 1)
            } else {
                -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1)
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = mv;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = bound_of(best, original_alpha, alpha, beta);
        let stored_eval = if in_check { 0 } else { stand };
        self.shared.tt.store(
            key,
            best_move.to_bits(),
            to_tt(best, ply),
            stored_eval,
            0,
            bound,
        );
        best
    }

    /// One root search with an aspiration window around `previous`,
    /// widened until the score falls inside. `None` when aborted.
    fn aspiration(
        &mut self,
        req: &Request<V>,
        reporter: &dyn Reporter,
        depth: i32,
        previous: i32,
        line: usize,
    ) -> Option<i32> {
        let mut window = 30;
        let (mut alpha, mut beta) = if depth >= 5 {
            (previous - window, previous + window)
        } else {
            (-INF, INF)
        };
        loop {
            let s = self.negamax(&req.root, depth, alpha, beta, 0, true);
            if self.aborted {
                return None;
            }
            if s <= -INF + 1 || s >= INF - 1 {
                return Some(s); // nothing to widen: no move, or all excluded
            }
            let bound = if s <= alpha {
                alpha = (s - window).max(-INF);
                Bound::Upper
            } else if s >= beta {
                beta = (s + window).min(INF);
                Bound::Lower
            } else {
                return Some(s);
            };
            // Long searches show their fail highs and lows, as GUIs expect.
            if self.main && line == 0 && self.start.elapsed() >= Duration::from_secs(3) {
                let pv = self.pv[0].clone();
                self.report(req, reporter, depth, s, &pv, 1, bound);
            }
            window *= 2;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        req: &Request<V>,
        reporter: &dyn Reporter,
        depth: i32,
        score: i32,
        pv: &[V::Move],
        multipv: usize,
        bound: Bound,
    ) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
        reporter.info(&Info {
            depth,
            seldepth: self.seldepth,
            score: score_in_turns::<V>(&req.root, pv, score),
            raw_score: score,
            nodes: self.shared.nodes.load(Relaxed),
            elapsed: self.start.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: pv_tokens::<V>(&req.root, pv),
            multipv,
            bound,
        });
    }

    /// Iterative deepening; returns the last completed iteration.
    fn iterate(&mut self, req: &Request<V>, reporter: &dyn Reporter) -> SearchResult<V::Move> {
        let max_depth = req
            .limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 1)
            .clamp(1, MAX_PLY as i32 - 1);
        let mut result = SearchResult {
            pv: Vec::new(),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        // Any legal move beats none if the first iteration is cut short.
        let mut list = MoveList::new();
        V::generate(&req.root, &mut list);
        if let Some(&first) = list
            .iter()
            .find(|m| req.search_moves.is_empty() || req.search_moves.contains(m))
        {
            result.pv.push(first);
        }
        let allowed = list
            .iter()
            .filter(|m| req.search_moves.is_empty() || req.search_moves.contains(m))
            .count();
        let lines = req.multipv.clamp(1, allowed.max(1));
        let mut line_scores = vec![0; lines];
        let mut previous_best = None;
        let mut previous_score = None;
        let mut stable = 0;
        for depth in 1..=max_depth {
            if self.first_done && self.shared.stop.load(Relaxed) {
                break;
            }
            let mut found: Vec<(i32, Vec<V::Move>)> = Vec::with_capacity(lines);
            self.excluded.clear();
            self.root_depth = depth;
            for (line, &previous) in line_scores.iter().enumerate() {
                self.seldepth = 0;
                let Some(score) = self.aspiration(req, reporter, depth, previous, line) else {
                    break;
                };
                let pv = self.pv[0].clone();
                let Some(&first) = pv.first() else { break };
                self.excluded.push(first);
                found.push((score, pv));
            }
            self.excluded.clear();
            self.first_done = true;
            if self.aborted || found.is_empty() {
                break;
            }
            found.sort_by_key(|l| std::cmp::Reverse(l.0));
            for (i, (score, _)) in found.iter().enumerate() {
                line_scores[i] = *score;
            }
            let score = found[0].0;
            result.score = score;
            result.depth = depth;
            result.pv = found[0].1.clone();
            if self.main {
                for (i, (score, pv)) in found.iter().enumerate() {
                    self.report(req, reporter, depth, *score, pv, i + 1, Bound::Exact);
                }
            }
            if let (Some(mate), Score::Mate(n)) = (
                req.limits.mate,
                score_in_turns::<V>(&req.root, &result.pv, score),
            ) {
                if n > 0 && n <= mate {
                    break;
                }
            }
            let pondering = self.shared.pondering.load(Relaxed);
            // A mate found this many plies early is settled: deeper
            // iterations only repeat it.
            let mate_plies = MATE - score.abs();
            if score.abs() > MATE_BOUND
                && depth >= 2 * mate_plies + 4
                && !req.limits.infinite
                && !pondering
            {
                break;
            }
            if result.pv.first() == previous_best.as_ref() {
                stable += 1;
            } else {
                stable = 0;
            }
            previous_best = result.pv.first().copied();
            let drop = previous_score.map_or(0, |p| p - score);
            previous_score = Some(score);
            // On a clock, an iteration started after half the soft budget
            // would rarely finish; the budget stretches while the best move
            // or the score is unsettled. A fixed move time is used to the end.
            if self.main
                && !pondering
                && req.limits.move_time.is_none()
                && self.budget.soft.is_some_and(|s| {
                    self.start.elapsed().as_secs_f64()
                        >= s.as_secs_f64() * soft_scale(stable, drop) / 2.0
                })
            {
                break;
            }
            if list.len() == 1 && self.main && self.budget.soft.is_some() && !pondering {
                break; // a forced move needs no thinking
            }
        }
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
        result
    }
}

/// Turns of a PV: the position at each turn's start and the turn's plies.
type Turns<V> = Vec<(<V as Variant>::Position, Vec<<V as Variant>::Move>)>;

/// Splits a PV into turns: (position at the turn's start, its plies). A
/// last turn cut short by the PV's end is kept, marked incomplete.
fn split_turns<V: Variant>(root: &V::Position, pv: &[V::Move]) -> (Turns<V>, bool) {
    let mut turns = Vec::new();
    let mut pos = root.clone();
    let mut start = root.clone();
    let mut plies = Vec::new();
    for &mv in pv {
        let child = V::make(&pos, mv);
        plies.push(mv);
        if V::side_to_move(&child) != V::side_to_move(&pos) {
            turns.push((
                std::mem::replace(&mut start, child.clone()),
                std::mem::take(&mut plies),
            ));
        }
        pos = child;
    }
    let incomplete = !plies.is_empty();
    if incomplete {
        turns.push((start, plies));
    }
    (turns, incomplete)
}

/// The score for the protocols: mate distances count the mover's turns
/// (a Parallel Worlds turn is up to four plies), read off the PV when it
/// reaches the mate; otherwise as [`Score::from_internal`] counts plies.
pub fn score_in_turns<V: Variant>(root: &V::Position, pv: &[V::Move], score: i32) -> Score {
    let plies = (MATE - score.abs()) as usize;
    if score.abs() <= MATE_BOUND || pv.len() < plies {
        return Score::from_internal(score);
    }
    let (turns, _) = split_turns::<V>(root, &pv[..plies]);
    let n = turns.len() as i32;
    if score > 0 {
        Score::Mate((n + 1) / 2)
    } else {
        Score::Mate(-(n / 2))
    }
}

/// The PV as wire tokens, one per complete turn. A first turn the PV cuts
/// short is completed as [`first_turn`] does (a PV must show the move);
/// a later one is left out.
pub fn pv_tokens<V: Variant>(root: &V::Position, pv: &[V::Move]) -> Vec<String> {
    let (mut turns, incomplete) = split_turns::<V>(root, pv);
    if incomplete {
        turns.pop();
        if turns.is_empty() && !pv.is_empty() {
            turns.push((root.clone(), first_turn::<V>(root, pv)));
        }
    }
    turns
        .iter()
        .map(|(pos, plies)| V::turn_to_token(pos, plies))
        .collect()
}

/// The plies of the first turn of a PV. A turn the PV cuts short (the
/// search reached its horizon inside the turn) is finished with the first
/// legal ply of each position, which is how a variant with multi-ply turns
/// lists "end the turn here" (Parallel Worlds' end-of-turn ply).
pub fn first_turn<V: Variant>(root: &V::Position, pv: &[V::Move]) -> Vec<V::Move> {
    let (turns, incomplete) = split_turns::<V>(root, pv);
    let mut plies = turns
        .into_iter()
        .next()
        .map(|(_, plies)| plies)
        .unwrap_or_default();
    if incomplete && plies.len() == pv.len() {
        let mover = V::side_to_move(root);
        let mut pos = root.clone();
        for &mv in &plies {
            pos = V::make(&pos, mv);
        }
        while V::side_to_move(&pos) == mover && plies.len() < MAX_PLY {
            let mut list = MoveList::new();
            V::generate(&pos, &mut list);
            let Some(&mv) = list.first() else { break };
            plies.push(mv);
            pos = V::make(&pos, mv);
        }
    }
    plies
}

/// Runs a search with `req.threads` threads (Lazy SMP) and returns the best
/// result: the deepest completed iteration of any thread.
pub fn search<V: Variant>(
    shared: &Shared,
    req: &Request<V>,
    reporter: &dyn Reporter,
) -> SearchResult<V::Move> {
    let start = Instant::now();
    shared.nodes.store(0, Relaxed);
    shared.tt.new_search();
    let threads = req.threads.max(1);
    let stack = 64 * 1024 * 1024;
    let mut results = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for id in 0..threads {
            let builder = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(stack);
            let handle = builder.spawn_scoped(scope, move || {
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
        handles
            .into_iter()
            .filter_map(|h| h.join().ok())
            .collect::<Vec<_>>()
    });
    let nodes = shared.nodes.load(Relaxed);
    let mut best = if results.is_empty() {
        SearchResult {
            pv: Vec::new(),
            score: 0,
            depth: 0,
            nodes,
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
    best
}
