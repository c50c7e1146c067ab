//! The quiescence search: captures (and promotions, evasions near the
//! horizon, the end of a multi-ply turn) until the position is quiet.

use super::picker::quiescence_key;
use super::stats::{self, Event};
use super::{bound_of, refined_by_table, tt_cutoff, Worker, INF, MATE_BOUND, MAX_PLY};
use variants::{MoveCode, MoveList, Variant};

impl<V: Variant> Worker<'_, V> {
    pub(super) fn qsearch(
        &mut self,
        pos: &V::Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.stack[ply].pv.clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.check_stop() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        let key = V::hash(pos);
        let hit = self.shared.tt.probe(key);
        if let Some(s) = hit.and_then(|h| tt_cutoff(&h, ply, alpha, beta)) {
            return s;
        }
        // Evasions are searched only near the horizon: where a side may stay
        // in check after its own move (Vanguard's Prince rule), both sides
        // can be in check at every ply, and quiescence would never end.
        let checked = V::in_check(pos);
        stats::count(Event::Quiescence, 0);
        if checked {
            stats::count(Event::QuiescenceInCheck, 0);
        }
        let in_check = checked && qply < self.params.qs_evasion_plies as u32;
        // Inside a turn the noisy plies include the turn's end, which
        // takes the place of standing pat.
        let stands = !in_check && !V::inside_turn(pos);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut stand = 0;
        let mut correction = 0;
        if !in_check {
            if hit.is_none() && stands {
                // Far enough above beta, the cheap part of the evaluation
                // decides the cut. Damped, the bound stays a lower bound
                // (damping scales by a positive factor) but may fall under
                // beta.
                if let Some(bound) = V::evaluate_at_least(pos, beta)
                    .map(|b| self.damped(pos, b))
                    .filter(|&b| b >= beta)
                {
                    return bound;
                }
            }
            correction = self.correction(pos, V::side_to_move(pos).index());
            stand = hit.map(|h| h.eval).unwrap_or_else(|| self.static_eval(pos)) + correction;
            // The table's score, where its bound says it is the better
            // guess, stands in for the static one.
            if let Some(h) = hit.filter(|_| self.params.qs_table != 0) {
                stand = refined_by_table(&h, stand);
            }
            if stands {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
                best = stand;
            }
        }
        let mut list = MoveList::new();
        // Out of check a game that can generate its noisy plies alone
        // saves generating (and proving legal) the quiet ones; an empty
        // list then means a quiet position, and the stand-pat score holds.
        // Quiescence's first ply may try quiet checks too: it needs them
        // all.
        let quiet_checks = self.params.qs_checks != 0 && qply == 0 && stands && !checked;
        let noisy_only = !checked
            && stands
            && if quiet_checks {
                V::generate_noisy_and_checks(pos, &mut list)
            } else {
                V::generate_noisy(pos, &mut list)
            };
        if !noisy_only {
            V::generate(pos, &mut list);
            if list.is_empty() {
                return Self::terminal_score(pos, ply);
            }
        }
        // Captures must not lose material, and (delta pruning) must be
        // able to bring the score near alpha.
        let margin = V::qsearch_delta(pos)
            .or((V::SEE_WEIGHS_GAINS && self.params.qs_delta_margin > 0)
                .then_some(self.params.qs_delta_margin));
        let needed = match margin {
            Some(margin) if stands => (alpha - stand - margin).max(0),
            _ => 0,
        };
        let mut moves: MoveList<(i32, V::Move)> = MoveList::new();
        for &mv in list.iter() {
            if in_check || (V::is_noisy(pos, mv) && V::see_ge(pos, mv, needed)) {
                moves.push((quiescence_key::<V>(pos, mv), mv));
            } else if quiet_checks
                && !V::is_noisy(pos, mv)
                && V::may_check(pos, mv)
                && V::see_ge(pos, mv, 0)
            {
                // After every capture; proved a check once made.
                moves.push((i32::MIN + 1, mv));
            }
        }
        // The table's ply first, where it is among them.
        if let Some(h) = hit.filter(|_| self.params.qs_table != 0) {
            let tt_move = V::Move::from_bits(h.mv);
            if let Some(m) = moves.iter_mut().find(|m| m.1 == tt_move) {
                m.0 = i32::MAX;
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let mut best_move = V::Move::NONE;
        let prune_evasions = in_check && self.params.qs_evasion_prune != 0;
        // The move-count limit: out of check, where standing pat is an
        // option, and only while the plies' destinations are known (the
        // ply before's, for a recapture, and each ply's for the next).
        let limit = self.params.qs_move_limit as usize;
        let limited = limit > 0 && stands;
        let before = &self.stack[ply.saturating_sub(1)];
        let retake_on = (limited && ply > 0 && before.played != V::Move::NONE)
            .then_some(before.played_key & 0xFF);
        let mut searched = 0;
        for &(_, mv) in moves.iter() {
            if prune_evasions
                && best > -MATE_BOUND
                && !V::is_noisy(pos, mv)
                && !V::see_ge(pos, mv, 0)
            {
                continue;
            }
            let key = (limit > 0).then(|| V::history_key(pos, mv));
            let child = V::make(pos, mv);
            if quiet_checks && !V::is_noisy(pos, mv) && !V::in_check(&child) {
                continue;
            }
            if limited
                && searched >= limit
                && best > -MATE_BOUND
                && key.map(|k| k & 0xFF) != retake_on
                && !V::in_check(&child)
            {
                continue;
            }
            self.shared.tt.prefetch(V::hash(&child));
            if let Some(key) = key {
                self.stack[ply].played = mv;
                self.stack[ply].played_key = key;
                self.stack[ply].played_quiet = false;
            }
            searched += 1;
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
        // The table keeps the evaluation without the correction.
        let stored_eval = (!in_check).then_some(stand - correction);
        // A PV node's mark stays with the position.
        let pv = hit.is_some_and(|h| h.pv);
        self.store(key, best_move, best, ply, stored_eval, 0, bound, pv);
        best
    }
}
