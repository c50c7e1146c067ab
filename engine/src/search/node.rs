//! The main search of a node (negamax with PVS), as a sequence of numbered
//! steps. The margins are in [`super::params`], the order in
//! [`super::picker`].

use super::history::ContRows;
use super::params::QUIETS_REMEMBERED;
use super::picker::MovePicker;
use super::stack::Frame;
use super::stats::{self, Event};
use super::{
    bound_of, from_tt, refined_by_table, tt_cutoff, Worker, INF, MATE, MATE_BOUND, MAX_PLY,
};
use crate::tt::{Bound, Hit};
use variants::{MoveCode, MoveList, PlyKind, Variant};

/// What a node knows before its moves are searched.
struct NodeInfo<M> {
    key: u64,
    pv_node: bool,
    in_check: bool,
    turn_start: bool,
    /// A null-window node expected to fail high.
    cut_node: bool,
    /// On a principal variation now or when the table stored it.
    tt_pv: bool,
    side: usize,
    hit: Option<Hit>,
    tt_move: M,
    /// The ply a singular-extension search of this node leaves out.
    skipped: M,
    /// The static evaluation, refined by the table's bound.
    eval: i32,
    improving: bool,
    /// The continuation-history rows its quiet plies read.
    rows: ContRows,
}

impl<V: Variant> Worker<'_, V> {
    /// Searches a child: negated when the side to move changes.
    /// `cut` says whether the child, when the other side moves there, is
    /// expected to fail high (a cut node); a ply that continues the same
    /// side's turn keeps the parent's expectation.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        pos: &V::Position,
        child: &V::Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        if V::side_to_move(child) == V::side_to_move(pos) {
            let parent_cut = self.stack[ply - 1].cut_node;
            self.negamax(child, depth, alpha, beta, ply, false, parent_cut)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, true, cut)
        }
    }

    /// A node's score from `alpha` to `beta`. `cut_node`: a null-window
    /// node expected to fail high (Stockfish's cutNode), reduced more.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &V::Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        turn_start: bool,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.stack[ply].pv.clear();
        self.stack[ply].cut_node = cut_node;
        if self.check_stop() {
            return 0;
        }
        // Step 1. Draws by rule, the ply limit, mate-distance pruning.
        if ply > 0 {
            if turn_start {
                if V::move_rule_reached(pos) {
                    return 0;
                }
                if let Some(score) = self.repetition_score(pos, ply) {
                    return score;
                }
            }
            if ply >= MAX_PLY - 1 {
                return self.static_eval(pos);
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // Step 2. Quiescence at the horizon (no check extension: it cost
        // more nodes than it found, as Stockfish measured when it removed
        // its own, and a match confirmed here).
        let in_check = V::in_check(pos);
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        stats::count(Event::Node, depth);
        self.seldepth = self.seldepth.max(ply);
        // Step 3. The transposition table.
        let key = V::hash(pos);
        // A singular-extension search: the node without one of its plies,
        // so the table's result for the whole node does not apply.
        let skipped = self.stack[ply].skipped;
        let hit = if skipped == V::Move::NONE {
            self.shared.tt.probe(key)
        } else {
            None
        };
        // A singular-extension search keeps the node's own mark.
        if skipped == V::Move::NONE {
            self.stack[ply].tt_pv = pv_node || hit.is_some_and(|h| h.pv);
        }
        let tt_pv = self.stack[ply].tt_pv;
        let mut tt_move = V::Move::NONE;
        if let Some(h) = hit {
            tt_move = V::Move::from_bits(h.mv);
            if !pv_node && ply > 0 && h.depth >= depth {
                if let Some(s) = tt_cutoff(&h, ply, alpha, beta) {
                    if s >= beta && self.params.tt_cut_history != 0 {
                        self.reward_table_cut(pos, tt_move, depth, ply);
                    }
                    stats::count(Event::TableCut, depth);
                    return s;
                }
            }
        }
        // Step 4. Internal iterative reduction: no move from the table at
        // a deep node, so search it a little shallower first.
        if depth >= self.params.iir_min_depth
            && tt_move == V::Move::NONE
            && skipped == V::Move::NONE
        {
            depth -= 1;
        }
        // Step 5. Static evaluation, and whether the side improves.
        let side = V::side_to_move(pos).index();
        let (eval, improving) = self.evaluate_node(pos, hit, in_check, side, ply);
        if skipped == V::Move::NONE {
            self.reward_by_eval(turn_start, side, depth, ply);
        }
        let node = NodeInfo {
            key,
            pv_node,
            in_check,
            turn_start,
            cut_node,
            tt_pv,
            side,
            hit,
            tt_move,
            skipped,
            eval,
            improving,
            rows: self.continuation_rows(ply),
        };
        // Step 6. Reverse futility and null-move pruning.
        if let Some(s) = self.prune_node(pos, &node, depth, beta, ply) {
            stats::count(Event::SettledEarly, depth);
            return s;
        }
        // Step 6b. ProbCut: a capture whose reduced search beats beta by a
        // margin settles the node.
        if let Some(s) = self.probcut(pos, &node, depth, beta, ply) {
            stats::count(Event::ProbCut, depth);
            return s;
        }
        // Step 7. The plies; none: the rules decide. Where the game can
        // tell that the table's move is legal, the others are generated
        // only if it does not cut.
        let defer = ply > 0 && tt_move != V::Move::NONE && V::is_legal(pos, tt_move);
        let mut picker = if defer {
            MovePicker::deferred(tt_move)
        } else {
            let mut list = MoveList::new();
            V::generate(pos, &mut list);
            if list.is_empty() {
                return Self::terminal_score(pos, ply);
            }
            MovePicker::new(list, tt_move)
        };
        // The killers as the node began (a singular search may change
        // them).
        let killers = self.stack[ply].killers;
        // Step 8. Singular extension of the table's move.
        let tt_extension = match self.singular_extension(pos, &node, &picker, depth, beta, ply) {
            Ok(e) => e,
            Err(score) => {
                stats::count(Event::MultiCut, depth);
                return score;
            }
        };
        // Step 9. The move loop.
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = V::Move::NONE;
        let mut searched = 0;
        // Noisy plies and quiet checks among them (for the search's
        // statistics only).
        let mut noisy_searched = 0u64;
        let mut check_searched = 0u64;
        // Plies handed out before this one, pruned ones included.
        let mut tried = 0;
        let mut quiets_tried: MoveList<(V::Move, u32), QUIETS_REMEMBERED> = MoveList::new();
        let mut captures_tried: MoveList<(V::Move, u32), QUIETS_REMEMBERED> = MoveList::new();
        if turn_start {
            self.enter(key, in_check, pos);
        }
        loop {
            if picker.wants_rest() {
                let mut all = MoveList::new();
                V::generate(pos, &mut all);
                picker.add_rest(all);
            }
            let Some(mv) =
                picker.next(|m| self.ordering_key(pos, m, (tt_move, killers), side, &node.rows))
            else {
                break;
            };
            if mv == skipped || (ply == 0 && self.excluded_at_root(mv)) {
                continue;
            }
            // What late-move pruning and reductions count the ply's place
            // by: the plies searched before it, or (Stockfish's moveCount)
            // every ply handed out before it.
            let count = if self.params.move_count_all != 0 {
                tried
            } else {
                searched
            };
            tried += 1;
            let extension = if mv == tt_move { tt_extension } else { 0 };
            let noisy = V::is_noisy(pos, mv);
            let child = V::make(pos, mv);
            self.shared.tt.prefetch(V::hash(&child));
            // A late ply: late-move reductions apply to it (to a noisy one
            // only where it loses material and the option says so).
            let late = depth >= self.params.lmr_min_depth
                && searched >= self.params.lmr_min_searched as usize
                && !in_check;
            let late_quiet = late && !noisy;
            // Whether the move checks matters only to pruning and LMR; the
            // test costs an attack computation, so other moves skip it.
            let may_prune = !pv_node || (self.params.prune_pv_nodes != 0 && ply > 0);
            let check_matters =
                (may_prune && !in_check && searched > 0 && self.prunes_at(depth)) || late_quiet;
            let gives_check = check_matters && V::in_check(&child);
            // Step 10. Pruning of plies unlikely to matter.
            let prunable = may_prune
                && !in_check
                && (!gives_check || (self.params.prune_checks != 0 && V::PRUNES_CHECKS))
                && searched > 0
                && best > -MATE_BOUND
                && mv != tt_move;
            // What the histories know the ply by.
            let hkey = V::history_key(pos, mv);
            if prunable
                && self.prune_move(
                    pos,
                    (mv, hkey),
                    (noisy, gives_check),
                    &node,
                    depth,
                    alpha,
                    count,
                )
            {
                continue;
            }
            stats::count(Event::Ply, depth);
            if noisy {
                noisy_searched += 1;
            } else if gives_check {
                check_searched += 1;
            }
            self.stack[ply].played = mv;
            self.stack[ply].played_key = hkey;
            self.stack[ply].played_quiet = !noisy;
            self.stack[ply].played_early = mv != tt_move
                && (mv == killers[0] || tried <= 1 + usize::from(tt_move != V::Move::NONE));
            let nodes_before = self.nodes;
            // Step 11. Principal variation search, with late-move
            // reductions of the plies after the first.
            let score = if searched == 0 {
                // The first ply at a null-window node: its child is of the
                // other kind.
                let cut = !pv_node && !cut_node;
                self.child(
                    pos,
                    &child,
                    depth - 1 + extension,
                    alpha,
                    beta,
                    ply + 1,
                    cut,
                )
            } else {
                let r = if late_quiet {
                    let killer = mv == killers[0] || mv == killers[1];
                    self.reduction(&node, (mv, hkey), depth, count, gives_check || killer)
                } else if late
                    && ((self.params.lmr_captures != 0 && (!node.tt_pv || cut_node))
                        || (self.params.lmr_losing_captures != 0 && !V::see_ge(pos, mv, 0)))
                {
                    // A late capture away from the principal variation, or
                    // one that loses material: reduced as a quiet ply with
                    // nothing known for it.
                    (self.base_reduction(depth, count) - i32::from(pv_node)
                        + self.stable_reduction(&node))
                    .clamp(0, depth - 2)
                } else {
                    0
                };
                // A late ply is expected to be refuted: its child cuts.
                let mut s = self.child(
                    pos,
                    &child,
                    depth - 1 - r,
                    alpha,
                    alpha + 1,
                    ply + 1,
                    r > 0 || !cut_node,
                );
                if s > alpha && r > 0 {
                    s = self.child(
                        pos,
                        &child,
                        depth - 1 + extension,
                        alpha,
                        alpha + 1,
                        ply + 1,
                        !cut_node,
                    );
                }
                if s > alpha && s < beta {
                    s = self.child(
                        pos,
                        &child,
                        depth - 1 + extension,
                        alpha,
                        beta,
                        ply + 1,
                        false,
                    );
                }
                s
            };
            if self.aborted {
                if turn_start {
                    self.leave();
                }
                return 0;
            }
            searched += 1;
            let main_root = ply == 0 && self.excluded.is_empty() && skipped == V::Move::NONE;
            if main_root {
                self.note_root_effort(mv, self.nodes - nodes_before);
                if score > alpha && searched > 1 {
                    self.best_changes += 1;
                }
            }
            // Step 12. A new best ply; a cut rewards the quiet ply.
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if ply == 0 {
                        self.root_best = score;
                    }
                    let (head, tail) = self.stack.split_at_mut(ply + 1);
                    head[ply].pv.clear();
                    head[ply].pv.push(mv);
                    head[ply].pv.extend_from_slice(&tail[0].pv);
                    if score >= beta {
                        self.punish_prior(turn_start, depth, ply);
                        if !noisy {
                            self.reward_cut((mv, hkey), &quiets_tried, side, depth, ply);
                        }
                        self.reward_captures(pos, (mv, hkey), noisy, &captures_tried, side, depth);
                        break;
                    }
                }
            }
            if !noisy && quiets_tried.len() < QUIETS_REMEMBERED {
                quiets_tried.push((mv, hkey));
            } else if noisy && captures_tried.len() < QUIETS_REMEMBERED {
                captures_tried.push((mv, hkey));
            }
        }
        if best >= beta {
            stats::count(Event::Cut, depth);
            stats::add(Event::PliesBeforeCut, depth, searched as u64);
            if searched == 1 {
                stats::count(Event::FirstCut, depth);
            }
        } else {
            stats::count(Event::NoCut, depth);
            stats::add(Event::NoisyPlyAtNoCut, depth, noisy_searched);
            stats::add(Event::CheckPlyAtNoCut, depth, check_searched);
            stats::add(Event::PliesAtNoCut, depth, picker.len() as u64);
        }
        if turn_start {
            self.leave();
        }
        if searched == 0 {
            // Every root move was excluded by searchmoves.
            return Self::terminal_score(pos, ply).min(alpha);
        }
        // Step 13. The table.
        if (ply == 0 && !self.excluded.is_empty()) || skipped != V::Move::NONE {
            // A later MultiPV line is not the root's value, nor is a
            // singular-extension search the node's.
            return best;
        }
        let bound = bound_of(best, original_alpha, alpha, beta);
        if bound == Bound::Upper {
            self.reward_prior(turn_start, pv_node, depth, ply);
        }
        // Step 14. Correction history: how far the static evaluation erred,
        // where the search's score says so (not after a capture, nor a bound
        // on the evaluation's side of it).
        let static_eval = self.stack[ply].eval;
        // The correction as the node began (the subtree may have moved it).
        let correction = self.stack[ply].correction;
        let after_capture = best_move != V::Move::NONE && V::is_noisy(pos, best_move);
        let bound_says_nothing = (bound == Bound::Lower && best <= static_eval)
            || (bound == Bound::Upper && best >= static_eval);
        let erred = !in_check && !after_capture && !bound_says_nothing && best.abs() < MATE_BOUND;
        if erred {
            self.update_correction(pos, side, best - static_eval, depth);
        }
        // The entry keeps the evaluation this node used, refined by the
        // table's bound where it had one (keeping the plain static
        // evaluation instead measured -17 Elo, 252 games at 20,000 nodes),
        // less the correction.
        let stored_eval = (!in_check).then_some(eval - correction);
        // A node failing low under a PV node is marked as on the PV too
        // (Stockfish's rule): it may become one when the PV changes.
        let tt_pv =
            tt_pv || (bound == Bound::Upper && ply > 0 && depth > 3 && self.stack[ply - 1].tt_pv);
        self.store(key, best_move, best, ply, stored_eval, depth, bound, tt_pv);
        best
    }

    /// Step 5: the static evaluation (from the table when it has one;
    /// -INF in check), recorded on the stack; whether it improved on the
    /// side's previous move (only where sides alternate ply by ply); and
    /// the evaluation refined by a table score that bounds it.
    fn evaluate_node(
        &mut self,
        pos: &V::Position,
        hit: Option<Hit>,
        in_check: bool,
        side: usize,
        ply: usize,
    ) -> (i32, bool) {
        // The table keeps the evaluation without the correction, which
        // moves on as the search learns.
        let correction = if in_check {
            0
        } else {
            self.correction(pos, side)
        };
        let static_eval = if in_check {
            -INF
        } else {
            hit.map(|h| h.eval).unwrap_or_else(|| self.static_eval(pos)) + correction
        };
        self.stack[ply].eval = static_eval;
        self.stack[ply].correction = correction;
        self.stack[ply].side = side;
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 1].side != side
            && self.stack[ply - 2].side == side
            && static_eval > self.stack[ply - 2].eval;
        let eval = match hit {
            Some(h) if !in_check => refined_by_table(&h, static_eval),
            _ => static_eval,
        };
        (eval, improving)
    }

    /// Whether a node may be settled before its moves are searched (steps
    /// 6 and 6b): a null-window node below the root, out of check, between
    /// turns, not a singular-extension search, with beta no mate score.
    fn may_settle_early(
        pos: &V::Position,
        node: &NodeInfo<V::Move>,
        beta: i32,
        ply: usize,
    ) -> bool {
        !(node.pv_node
            || node.in_check
            || ply == 0
            || beta.abs() >= MATE_BOUND
            || V::inside_turn(pos)
            || node.skipped != V::Move::NONE)
    }

    /// Step 6: a score that settles the node before its moves, at a
    /// quiet-looking non-PV node: reverse futility (far above beta at low
    /// depth), then the null move (passing still beats beta).
    fn prune_node(
        &mut self,
        pos: &V::Position,
        node: &NodeInfo<V::Move>,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if !Self::may_settle_early(pos, node, beta, ply) {
            return None;
        }
        let eval = node.eval;
        if depth <= self.params.rfp_max_depth
            && eval - self.params.rfp_margin * (depth - node.improving as i32) >= beta
        {
            return Some(eval);
        }
        if depth < self.params.nmp_min_depth
            || eval < beta
            || !self.stack[ply].allow_null
            || !node.turn_start
        {
            return None;
        }
        let null = V::null_move(pos)?;
        let r = self.params.nmp_base_reduction
            + depth / self.params.nmp_depth_divisor
            + ((eval - beta) / self.params.nmp_eval_divisor).min(self.params.nmp_eval_max);
        self.stack[ply + 1].allow_null = false;
        self.stack[ply].played = V::Move::NONE;
        self.stack[ply].played_quiet = false;
        // Never in check: a null move is not tried there.
        self.enter(node.key, false, pos);
        let score = -self.negamax(
            &null,
            depth - 1 - r,
            -beta,
            -beta + 1,
            ply + 1,
            true,
            !node.cut_node,
        );
        self.leave();
        self.stack[ply + 1].allow_null = true;
        if self.aborted {
            return Some(0);
        }
        // A mate found after passing proves nothing about the real moves.
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Step 8: one more ply for the table's move when every other ply
    /// falls clearly short of its score (two when far short, at a
    /// null-window node), one less when another ply nearly matches a score
    /// above beta. `Err` carries the node's score when the test settles it
    /// (several plies beat beta; or aborted).
    fn singular_extension(
        &mut self,
        pos: &V::Position,
        node: &NodeInfo<V::Move>,
        picker: &MovePicker<V::Move>,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, i32> {
        let Some(h) = node.hit else { return Ok(0) };
        let tt_score = from_tt(h.score, ply);
        let candidate = ply > 0
            && depth >= self.params.se_min_depth
            && node.tt_move != V::Move::NONE
            && h.depth >= depth - self.params.se_tt_depth_slack
            && matches!(h.bound, Bound::Lower | Bound::Exact)
            && tt_score.abs() < MATE_BOUND
            && (ply as i32) < self.params.extension_depth_factor * self.root_depth
            && picker.contains(&node.tt_move);
        if !candidate {
            return Ok(0);
        }
        let singular_beta = tt_score - self.params.se_margin * depth;
        self.stack[ply].skipped = node.tt_move;
        let s = self.negamax(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            node.turn_start,
            node.cut_node,
        );
        self.stack[ply].skipped = V::Move::NONE;
        if self.aborted {
            Err(0)
        } else if s < singular_beta {
            // Far below at a null-window node: two plies more.
            let double = !node.pv_node && s < singular_beta - self.params.se_double_margin;
            Ok(1 + i32::from(double))
        } else if singular_beta >= beta {
            // Several plies beat beta: this node cuts anyway.
            Err(singular_beta)
        } else if tt_score >= beta {
            // Another ply nearly as good, and the table's ply expected to
            // cut: it is searched a ply shallower.
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Adds `nodes` to the root move `mv`'s effort.
    fn note_root_effort(&mut self, mv: V::Move, nodes: u64) {
        match self.root_effort.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, n)) => *n += nodes,
            None => self.root_effort.push((mv, nodes)),
        }
    }

    /// Whether a root ply is left out: not among `searchmoves`, or taken
    /// by a better MultiPV line.
    fn excluded_at_root(&self, mv: V::Move) -> bool {
        (!self.search_moves.is_empty() && !self.search_moves.contains(&mv))
            || self.excluded.contains(&mv)
    }

    /// Step 10: late-move pruning, continuation-history, futility and SEE
    /// pruning of a ply at a shallow node, once a ply was searched and no
    /// mate is at stake; `count` is the ply's place (see `MoveCountAll`).
    #[allow(clippy::too_many_arguments)]
    fn prune_move(
        &self,
        pos: &V::Position,
        (mv, hkey): (V::Move, u32),
        (noisy, gives_check): (bool, bool),
        node: &NodeInfo<V::Move>,
        depth: i32,
        alpha: i32,
        count: usize,
    ) -> bool {
        if !self.prunes_at(depth) {
            return false;
        }
        let on_lmr_depth = self.params.prune_lmr_depth != 0;
        if noisy {
            // A capture the capture history judges bad, where it would
            // be searched less than a ply deep.
            if self.params.capture_history_prune != 0
                && !gives_check
                && depth - 1 - self.base_reduction(depth, count) < 1
                && self.capture_score(node.side, hkey, V::mvv_lva(pos, mv)) < 0
            {
                stats::count(Event::PrunedCaptureHistory, depth);
                return true;
            }
            let pruned = self.loses_past_tactical_margin(pos, mv, depth);
            if pruned {
                stats::count(Event::PrunedCapture, depth);
            }
            return pruned;
        }
        let late = depth <= self.params.lmp_max_depth
            && count
                >= (self.params.lmp_base + depth * depth) as usize / (2 - node.improving as usize);
        if late {
            stats::count(Event::PrunedLate, depth);
            return true;
        }
        // A quiet check (`PruneChecks`): only a loss of material beyond
        // the captures' margin prunes it besides its place.
        if gives_check {
            let pruned = self.loses_past_tactical_margin(pos, mv, depth);
            if pruned {
                stats::count(Event::PrunedSee, depth);
            }
            return pruned;
        }
        // The depth the ply would be searched at after its reduction
        // (Stockfish's lmrDepth), where an option reads it.
        let lmr_depth = (on_lmr_depth || self.params.conthist_prune_depth > 0)
            .then(|| (depth - 1 - self.base_reduction(depth, count)).max(0));
        if lmr_depth.is_some_and(|d| d < self.params.conthist_prune_depth)
            && self.continuations_negative(hkey, &node.rows)
        {
            stats::count(Event::PrunedContinuation, depth);
            return true;
        }
        // Futility and SEE margins at the reduced depth, or at the node's.
        let d = lmr_depth.filter(|_| on_lmr_depth).unwrap_or(depth);
        if d > self.params.prune_max_depth {
            return false;
        }
        // A ply the histories judge bad enough for the depth.
        if self.params.history_prune_margin > 0
            && self.quiet_score(node.side, mv, hkey, &node.rows)
                < -self.params.history_prune_margin * depth
        {
            stats::count(Event::PrunedHistory, depth);
            return true;
        }
        if node.eval + self.params.futility_base + self.params.futility_margin * d <= alpha {
            stats::count(Event::PrunedFutility, depth);
            return true;
        }
        if !V::see_ge(pos, mv, self.params.see_quiet_margin * d) {
            stats::count(Event::PrunedSee, depth);
            return true;
        }
        false
    }

    /// Whether a capture or a quiet check at a node `depth` deep, within
    /// the pruning depths, loses more material by SEE than the captures'
    /// margin allows there.
    fn loses_past_tactical_margin(&self, pos: &V::Position, mv: V::Move, depth: i32) -> bool {
        depth <= self.params.prune_max_depth
            && !V::see_ge(pos, mv, self.params.see_tactical_margin * depth)
    }

    /// Whether step 10 may prune any ply at a node `depth` deep: within
    /// the depths of its margins, or at any depth where an option judges
    /// plies by their reduced depth.
    fn prunes_at(&self, depth: i32) -> bool {
        depth <= self.params.prune_max_depth.max(self.params.lmp_max_depth)
            || self.params.prune_lmr_depth != 0
            || self.params.conthist_prune_depth != 0
    }

    /// The reduction of a late quiet ply before what is known of the node
    /// and the ply: `ln(depth) * ln(searched)` scaled, plus the constant.
    fn base_reduction(&self, depth: i32, searched: usize) -> i32 {
        (((depth as f32).ln() * (searched as f32).ln()) / (self.params.lmr_divisor as f32 / 100.0)
            + self.params.lmr_base as f32 / 100.0) as i32
    }

    /// Step 11: `LmrStable`'s plies at a null-window node while the root's
    /// best move holds (at most two changes, recent ones counting most).
    fn stable_reduction(&self, node: &NodeInfo<V::Move>) -> i32 {
        // Off by default: the late plies' hot path skips the count then.
        if self.params.lmr_stable == 0 || node.pv_node {
            return 0;
        }
        let changes = self.changes_before + f64::from(self.best_changes);
        if changes > 2.0 {
            0
        } else {
            self.params.lmr_stable
        }
    }

    /// Step 11: how many plies a late quiet ply is reduced by.
    fn reduction(
        &self,
        node: &NodeInfo<V::Move>,
        (mv, hkey): (V::Move, u32),
        depth: i32,
        searched: usize,
        checks_or_killer: bool,
    ) -> i32 {
        let mut r = self.base_reduction(depth, searched);
        if node.pv_node {
            r -= 1;
        }
        if !node.improving {
            r += 1;
        }
        if node.cut_node {
            r += self.params.lmr_cut_node;
        }
        if node.tt_pv {
            r -= self.params.lmr_tt_pv;
        }
        if checks_or_killer {
            r -= 1;
        }
        r += self.stable_reduction(node);
        // Plies with a good history are reduced less.
        r -= self.quiet_score(node.side, mv, hkey, &node.rows) / self.params.lmr_history_divisor;
        r.clamp(0, depth - 2)
    }

    /// Step 3: a table cutoff above beta by a quiet ply rewards it as a
    /// searched cut. (The table checks the whole key: its ply is one of
    /// this position's.)
    fn reward_table_cut(&mut self, pos: &V::Position, tt_move: V::Move, depth: i32, ply: usize) {
        if tt_move == V::Move::NONE || V::is_noisy(pos, tt_move) {
            return;
        }
        let side = V::side_to_move(pos).index();
        let hkey = V::history_key(pos, tt_move);
        self.reward_cut((tt_move, hkey), &MoveList::new(), side, depth, ply);
    }

    /// Step 12: the capture histories learn from a cut: a capture that cut
    /// gains, the captures tried before the cutting ply lose (where the
    /// search keeps capture histories).
    fn reward_captures(
        &mut self,
        pos: &V::Position,
        (mv, hkey): (V::Move, u32),
        noisy: bool,
        captures_tried: &MoveList<(V::Move, u32), QUIETS_REMEMBERED>,
        side: usize,
        depth: i32,
    ) {
        if self.params.capture_history_divisor == 0 && self.params.capture_history_prune == 0 {
            return;
        }
        let bonus = self.history_bonus(depth);
        if noisy {
            self.update_capture_history(side, hkey, V::mvv_lva(pos, mv), bonus);
        }
        for &(c, c_key) in captures_tried.iter() {
            self.update_capture_history(side, c_key, V::mvv_lva(pos, c), -bonus);
        }
    }

    /// Step 6b: ProbCut. At a null-window node deep enough, a capture
    /// good enough by exchange whose quiescence and then reduced search
    /// both beat beta by a margin settles the node (stored in the table
    /// at the reduced depth).
    fn probcut(
        &mut self,
        pos: &V::Position,
        node: &NodeInfo<V::Move>,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let margin = self.params.probcut_margin;
        if margin == 0
            || depth < self.params.probcut_depth
            || !Self::may_settle_early(pos, node, beta, ply)
        {
            return None;
        }
        let raised = beta + margin;
        // The table already says a search this deep stays below it.
        if let Some(h) = node.hit {
            if h.depth >= depth - 3 && from_tt(h.score, ply) < raised {
                return None;
            }
        }
        let mut list = MoveList::new();
        if !V::generate_noisy(pos, &mut list) {
            V::generate(pos, &mut list);
        }
        let side_to_move = V::side_to_move(pos);
        if node.turn_start {
            self.enter(node.key, node.in_check, pos);
        }
        let mut found = None;
        for &mv in list.iter() {
            if V::ply_kind(pos, mv) != PlyKind::Tactical || !V::see_ge(pos, mv, raised - node.eval)
            {
                continue;
            }
            let child = V::make(pos, mv);
            self.stack[ply].played = mv;
            self.stack[ply].played_key = V::history_key(pos, mv);
            self.stack[ply].played_quiet = false;
            let same_side = V::side_to_move(&child) == side_to_move;
            let mut score = if same_side {
                self.qsearch(&child, raised - 1, raised, ply + 1, 0)
            } else {
                -self.qsearch(&child, -raised, -raised + 1, ply + 1, 0)
            };
            if score >= raised && !self.aborted {
                score = self.child(
                    pos,
                    &child,
                    depth - 4,
                    raised - 1,
                    raised,
                    ply + 1,
                    !node.cut_node,
                );
            }
            if self.aborted {
                found = Some(0);
                break;
            }
            if score >= raised {
                self.store(
                    node.key,
                    mv,
                    score,
                    ply,
                    (!node.in_check).then_some(node.eval - self.stack[ply].correction),
                    depth - 3,
                    Bound::Lower,
                    node.tt_pv,
                );
                found = Some(score);
                break;
            }
        }
        if node.turn_start {
            self.leave();
        }
        found
    }

    /// Step 5b: the opponent's quiet ply before this node gains main
    /// history by how much it lowered the static evaluation, times depth
    /// and `EvalDiffHistory`, within 1000 either way (Stockfish's ordering
    /// by the evaluation's difference).
    fn reward_by_eval(&mut self, turn_start: bool, side: usize, depth: i32, ply: usize) {
        let weight = self.params.eval_diff_history;
        if weight == 0 {
            return;
        }
        let Some(prior) = self.prior_quiet(turn_start, ply) else {
            return;
        };
        let now = self.stack[ply].eval;
        if prior.side == side || now == -INF || prior.eval == -INF {
            return;
        }
        let bonus = (-depth * weight * (prior.eval + now)).clamp(-1000, 1000);
        let (mover, mv) = (prior.side, prior.played);
        self.update_main_history(mover, mv, bonus);
    }

    /// Step 12: a cut here refutes the opponent's ply before it; where
    /// that was a quiet ply its node's order trusted (see
    /// [`super::stack::Frame::played_early`]), its continuation histories
    /// lose `EarlyRefutationMalus` times a cut's bonus (Stockfish's extra
    /// penalty for a refuted early ply).
    fn punish_prior(&mut self, turn_start: bool, depth: i32, ply: usize) {
        let weight = self.params.early_refutation_malus;
        if weight == 0 {
            return;
        }
        let Some(prior) = self.prior_quiet(turn_start, ply).filter(|p| p.played_early) else {
            return;
        };
        let key = prior.played_key;
        let malus = self.history_bonus(depth) * weight;
        let rows = self.continuation_rows(ply - 1);
        self.update_continuations(&rows, key, -malus);
    }

    /// Step 12b: a node that failed low says the opponent's quiet ply
    /// before it was good: its continuation histories gain
    /// `PriorCounterBonus` times a cut's bonus (Stockfish's bonus for the
    /// prior countermove), at depth 3 and more or on a principal variation.
    fn reward_prior(&mut self, turn_start: bool, pv_node: bool, depth: i32, ply: usize) {
        let weight = self.params.prior_counter_bonus;
        if weight == 0 || (depth < 3 && !pv_node) {
            return;
        }
        let Some(prior) = self.prior_quiet(turn_start, ply) else {
            return;
        };
        let key = prior.played_key;
        let bonus = self.history_bonus(depth) * weight;
        let rows = self.continuation_rows(ply - 1);
        self.update_continuations(&rows, key, bonus);
    }

    /// The frame of the opponent's ply before a node, where that was a
    /// quiet ply (what steps 5b, 12 and 12b learn about): the node starts
    /// a turn below the root.
    fn prior_quiet(&self, turn_start: bool, ply: usize) -> Option<&Frame<V::Move>> {
        let prior = self.stack.get(ply.checked_sub(1)?)?;
        (turn_start && prior.played_quiet).then_some(prior)
    }

    /// The history bonus of a cut at `depth` (and the malus of the plies
    /// tried before it): `HistoryBonus` a ply less `HistoryBonusOffset`,
    /// at least 16 and at most `HistoryBonusMax`.
    fn history_bonus(&self, depth: i32) -> i32 {
        (depth * self.params.history_bonus - self.params.history_bonus_offset)
            .clamp(16, self.params.history_bonus_max)
    }

    /// Step 12: a quiet ply cut: it becomes a killer and gains history;
    /// the quiet plies tried before it lose what it gains.
    fn reward_cut(
        &mut self,
        (mv, hkey): (V::Move, u32),
        quiets_tried: &MoveList<(V::Move, u32), QUIETS_REMEMBERED>,
        side: usize,
        depth: i32,
        ply: usize,
    ) {
        let killers = &mut self.stack[ply].killers;
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let bonus = self.history_bonus(depth);
        // The same rows for every ply of the node: found once.
        let rows = self.continuation_rows(ply);
        self.update_history(side, mv, hkey, bonus, &rows);
        for &(q, q_key) in quiets_tried.iter() {
            self.update_history(side, q, q_key, -bonus, &rows);
        }
    }
}
