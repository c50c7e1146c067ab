//! The root: iterative deepening, aspiration windows, MultiPV lines,
//! progress reports and the time checks between iterations.

use super::pv::{pv_turns, score_in_turns};
use super::{Info, Reporter, Request, Score, SearchResult, Worker, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::limits::Progress;
use crate::tt::Bound;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use variants::{MoveList, Variant};

impl<V: Variant> Worker<'_, V> {
    /// One root search with an aspiration window around `previous`,
    /// widened until the score falls inside. `None` when aborted.
    fn aspiration(
        &mut self,
        req: &Request<V>,
        reporter: &dyn Reporter<V::Move>,
        depth: i32,
        previous: i32,
        line: usize,
    ) -> Option<i32> {
        let mut window = self.params.aspiration_window;
        let (mut alpha, mut beta) = if depth >= self.params.aspiration_min_depth {
            (previous - window, previous + window)
        } else {
            (-INF, INF)
        };
        loop {
            let s = self.negamax(&req.root, depth, alpha, beta, 0, true, false);
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
                let pv = self.stack[0].pv.clone();
                self.report(req, reporter, depth, s, &pv, 1, bound);
            }
            window *= 2;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        req: &Request<V>,
        reporter: &dyn Reporter<V::Move>,
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
            pv: pv_turns::<V>(&req.root, pv),
            multipv,
            bound,
        });
    }

    /// After an iteration cut short: a root ply other than the best so far
    /// that beat the window was searched to the end at the new depth and
    /// found better than every ply before it, so it is played (as
    /// Stockfish does), and shown.
    fn adopt_partial(
        &mut self,
        req: &Request<V>,
        reporter: &dyn Reporter<V::Move>,
        depth: i32,
        result: &mut SearchResult<V::Move>,
    ) {
        let pv = &self.stack[0].pv;
        if pv.is_empty() || pv.first() == result.pv.first() {
            return;
        }
        result.pv = pv.clone();
        result.score = self.root_best;
        if self.main {
            let pv = result.pv.clone();
            self.report(req, reporter, depth, result.score, &pv, 1, Bound::Lower);
        }
    }

    /// Iterative deepening; returns the last completed iteration, or a
    /// better root ply found by the iteration cut short.
    pub(super) fn iterate(
        &mut self,
        req: &Request<V>,
        reporter: &dyn Reporter<V::Move>,
    ) -> SearchResult<V::Move> {
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
            failed: false,
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
        let mut progress = Progress::default();
        let mut scores: Vec<i32> = Vec::new();
        let mut average = None;
        for depth in 1..=max_depth {
            if self.first_done && self.shared.stop.load(Relaxed) {
                break;
            }
            let iteration_start = self.start.elapsed();
            let mut found: Vec<(i32, Vec<V::Move>)> = Vec::with_capacity(lines);
            self.excluded.clear();
            self.root_depth = depth;
            self.best_changes = 0;
            self.changes_before = progress.changes / 2.0;
            for (line, &previous) in line_scores.iter().enumerate() {
                self.seldepth = 0;
                let Some(score) = self.aspiration(req, reporter, depth, previous, line) else {
                    break;
                };
                let pv = self.stack[0].pv.clone();
                let Some(&first) = pv.first() else { break };
                self.excluded.push(first);
                found.push((score, pv));
            }
            self.excluded.clear();
            self.first_done = true;
            if self.aborted && lines == 1 {
                self.adopt_partial(req, reporter, depth, &mut result);
            }
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
            // Stockfish's time checks: the whole search may take a share
            // of the soft budget that grows while the score falls and the
            // best move changes, and shrinks once it has held.
            if result.pv.first() != previous_best.as_ref() {
                progress.best_since = depth;
            }
            previous_best = result.pv.first().copied();
            // The average of the scores before this one (each new one
            // weighing half).
            progress.average = average.unwrap_or(score);
            average = Some(average.map_or(score, |a| (a + score) / 2));
            progress.earlier = scores.len().checked_sub(3).map_or(score, |i| scores[i]);
            scores.push(score);
            progress.depth = depth;
            progress.score = score;
            progress.changes = progress.changes / 2.0 + f64::from(self.best_changes);
            let all: u64 = self.root_effort.iter().map(|e| e.1).sum();
            let best: u64 = self
                .root_effort
                .iter()
                .find(|e| Some(&e.0) == result.pv.first())
                .map_or(0, |e| e.1);
            progress.share = best as f64 / all.max(1) as f64;
            let elapsed = self.start.elapsed();
            // Iterations of a millisecond say nothing of the next one's cost.
            progress.cost = if iteration_start.as_secs_f64() >= 0.001 {
                (elapsed - iteration_start).as_secs_f64() / iteration_start.as_secs_f64()
            } else {
                0.0
            };
            // A fixed move time is used to the end.
            if self.main
                && !pondering
                && req.limits.move_time.is_none()
                && (!self
                    .budget
                    .may_deepen(&progress, elapsed, self.params.time_next_iteration)
                    || !self
                        .budget
                        .next_fits(&progress, elapsed, self.params.time_iteration_cost))
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
