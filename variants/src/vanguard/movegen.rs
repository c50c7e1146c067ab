//! Pseudo-legal actions of every piece (spec section 4) and the legality
//! rules of section 7 (check, the must-capture rule, the Prince).

use super::position::{bowman_leg, forward, Position, EMPTY};
use super::types::*;
use crate::GamePosition;
use crate::MoveList;

/// Adds `from -> to` unless a friendly piece stands on `to`.
#[inline]
fn leap_to(pos: &Position, us: usize, from: Square, to: Square, out: &mut MoveList<Action>) {
    match pos.piece(to) {
        Some((c, _)) if c == us => {}
        _ => out.push(Action::normal(from, to)),
    }
}

/// Leaps of a pattern.
fn leaps(pos: &Position, us: usize, from: Square, p: usize, out: &mut MoveList<Action>) {
    let targets = tables().leaps[p][from] & !pos.by_color[us];
    for to in targets.iter() {
        out.push(Action::normal(from, to));
    }
}

/// Slides along `(dx, dy)` for at most `range` squares; `capture` says
/// whether the first enemy met may be taken.
fn slide(
    pos: &Position,
    us: usize,
    from: Square,
    (dx, dy): (i32, i32),
    range: i32,
    capture: bool,
    out: &mut MoveList<Action>,
) {
    let mut s = from;
    for _ in 0..range {
        let Some(n) = offset(s, dx, dy) else { return };
        s = n;
        match pos.piece(s) {
            None => out.push(Action::normal(from, s)),
            Some((c, _)) => {
                if capture && c != us {
                    out.push(Action::normal(from, s));
                }
                return;
            }
        }
    }
}

fn slides(
    pos: &Position,
    us: usize,
    from: Square,
    dirs: &[(i32, i32)],
    range: i32,
    out: &mut MoveList<Action>,
) {
    for &d in dirs {
        slide(pos, us, from, d, range, true, out);
    }
}

/// Appends every pseudo-legal action of the side to move.
pub fn pseudo_legal(pos: &Position, out: &mut MoveList<Action>) {
    let us = pos.side.index();
    let fwd = forward(us);
    for from in pos.by_color[us].iter() {
        let Some((_, kind)) = pos.piece(from) else {
            continue;
        };
        match kind {
            KING => leaps(pos, us, from, pattern::KING, out),
            QUEEN => {
                slides(pos, us, from, &ORTHO, SIZE, out);
                slides(pos, us, from, &DIAG, SIZE, out);
            }
            ROOK => slides(pos, us, from, &ORTHO, SIZE, out),
            BISHOP => slides(pos, us, from, &DIAG, SIZE, out),
            KNIGHT => leaps(pos, us, from, pattern::KNIGHT, out),
            PAWN | SOLDIER => {
                let range = if pos.rights.has(from) { 4 } else { 1 };
                slide(pos, us, from, (0, fwd), range, false, out);
                for dx in [-1, 1] {
                    if let Some(t) = offset(from, dx, fwd) {
                        if pos.piece(t).is_some_and(|(c, _)| c != us) {
                            out.push(Action::normal(from, t));
                        }
                    }
                }
                if kind == SOLDIER {
                    for dx in [-1, 1] {
                        slide(pos, us, from, (dx, 0), 1, false, out);
                    }
                }
            }
            SERGEANT => {
                slide(pos, us, from, (0, fwd), 3, true, out);
                for dx in [-1, 1] {
                    if let Some(t) = offset(from, dx, fwd) {
                        leap_to(pos, us, from, t, out);
                    }
                    slide(pos, us, from, (dx, 0), 1, false, out);
                }
            }
            CHANCELLOR => {
                slides(pos, us, from, &ORTHO, SIZE, out);
                leaps(pos, us, from, pattern::N, out);
            }
            PRINCESS => {
                slides(pos, us, from, &DIAG, SIZE, out);
                leaps(pos, us, from, pattern::N, out);
            }
            NIGHTRIDER => slides(pos, us, from, &N_STEPS, SIZE, out),
            PRINCE => leaps(pos, us, from, pattern::PRINCE, out),
            SPY => {
                slides(pos, us, from, &ORTHO, 2, out);
                leaps(pos, us, from, pattern::N, out);
            }
            HELEPOLIS => leaps(pos, us, from, pattern::HELEPOLIS, out),
            FALCONER => leaps(pos, us, from, pattern::FALCONER, out),
            GENERAL => {
                slides(pos, us, from, &DIAG, SIZE, out);
                general_even_slides(pos, us, from, out);
            }
            ARCHER => {
                for d in DIAG {
                    slide(pos, us, from, d, 3, false, out);
                }
                for &t in &tables().leap_lists[pattern::N][from] {
                    let t = t as Square;
                    if pos.piece(t).is_some_and(|(c, _)| c != us) {
                        out.push(Action::new(from, from, t, ActionKind::ArcherShot));
                    }
                }
            }
            BOWMAN => bowman(pos, us, from, out),
            LANCER => lancer(pos, us, from, out),
            WIZARD => {
                for &t in &tables().leap_lists[pattern::WIZARD][from] {
                    let t = t as Square;
                    match pos.piece(t) {
                        Some((c, _)) if c == us => {
                            out.push(Action::new(from, t, 0, ActionKind::Swap))
                        }
                        _ => out.push(Action::normal(from, t)),
                    }
                }
            }
            BERSERKER => berserker(pos, us, from, out),
            _ => {}
        }
    }
}

/// The General's orthogonal slides of even length over empty squares.
fn general_even_slides(pos: &Position, us: usize, from: Square, out: &mut MoveList<Action>) {
    for (dx, dy) in ORTHO {
        let mut s = from;
        let mut d = 0;
        while let Some(n) = offset(s, dx, dy) {
            s = n;
            d += 1;
            match pos.piece(s) {
                None => {
                    if d % 2 == 0 {
                        out.push(Action::normal(from, s));
                    }
                }
                Some((c, _)) => {
                    if d % 2 == 0 && c != us {
                        out.push(Action::normal(from, s));
                    }
                    break;
                }
            }
        }
    }
}

fn bowman(pos: &Position, us: usize, from: Square, out: &mut MoveList<Action>) {
    for (x, y) in N_STEPS {
        let Some(leg) = bowman_leg(from, x, y) else {
            continue;
        };
        if pos.board[leg] != EMPTY {
            continue;
        }
        let Some(land) = offset(from, x, y) else {
            continue;
        };
        match pos.piece(land) {
            Some((c, _)) if c == us => {}
            Some(_) => out.push(Action::normal(from, land)),
            None => {
                out.push(Action::normal(from, land));
                if let Some(victim) = offset(land, x, y) {
                    if pos.piece(victim).is_some_and(|(c, _)| c != us) {
                        out.push(Action::new(from, land, victim, ActionKind::BowmanShot));
                    }
                }
            }
        }
    }
}

fn lancer(pos: &Position, us: usize, from: Square, out: &mut MoveList<Action>) {
    for (x, y) in N_STEPS {
        let Some(first) = offset(from, x, y) else {
            continue;
        };
        match pos.piece(first) {
            Some((c, _)) if c == us => {}
            Some(_) => out.push(Action::normal(from, first)),
            None => {
                out.push(Action::normal(from, first));
                if let Some(second) = offset(first, x, y) {
                    leap_to(pos, us, from, second, out);
                }
            }
        }
    }
    // Capture-only orthogonal 2 and 3 over empty squares.
    for (dx, dy) in ORTHO {
        let mut s = from;
        for d in 1..=3 {
            let Some(n) = offset(s, dx, dy) else { break };
            s = n;
            match pos.piece(s) {
                None => continue,
                Some((c, _)) => {
                    if d >= 2 && c != us {
                        out.push(Action::normal(from, s));
                    }
                    break;
                }
            }
        }
    }
}

fn berserker(pos: &Position, us: usize, from: Square, out: &mut MoveList<Action>) {
    leaps(pos, us, from, pattern::LION, out);
    let steps = &tables().leap_lists[pattern::KING];
    let mut pass_square = None;
    for &k in &steps[from] {
        let k = k as Square;
        match pos.piece(k) {
            None => {
                // The lowest empty neighbour spells the pass.
                if pass_square.is_none() {
                    pass_square = Some(k);
                }
            }
            Some((c, _)) if c != us => {
                for &e in &steps[k] {
                    let e = e as Square;
                    if e == from || pos.piece(e).is_none_or(|(c, _)| c != us) {
                        out.push(Action::new(from, e, k, ActionKind::LionDouble));
                    }
                }
            }
            Some(_) => {}
        }
    }
    if let Some(m) = pass_square {
        out.push(Action::new(from, from, m, ActionKind::Pass));
    }
}

/// Whether `action` captures on `sq`.
pub fn captures_on(pos: &Position, action: Action, sq: Square) -> bool {
    pos.victims(action).contains(&Some(sq))
}

/// Whether an action captures anything.
pub fn is_capture(pos: &Position, action: Action) -> bool {
    pos.victims(action)[0].is_some()
}

/// Safe (section 7): after it, the opponent has no King, or our King is
/// not attacked. Returns the child too, since callers usually want it.
fn safe_child(pos: &Position, action: Action) -> (bool, Position) {
    let child = pos.make(action);
    let us = pos.side.index();
    let safe = match (child.king(1 - us), child.king(us)) {
        (None, _) => true,
        (Some(_), Some(k)) => !child.attacked(k, 1 - us),
        (Some(_), None) => false,
    };
    (safe, child)
}

/// Whether an action, played when the King is not in check, certainly
/// leaves it safe: the King stays, no square that an attack on it needs
/// empty is vacated, and no captured Queen or King hands the opponent a
/// stronger piece (its Princess or Prince converts).
fn cannot_expose(pos: &Position, a: Action, king: Square, sensitive: Board) -> bool {
    let (from, to, via) = (a.from(), a.to(), a.via());
    let converts = |sq: Square| {
        pos.piece(sq)
            .is_some_and(|(c, k)| c != pos.side.index() && (k == QUEEN || k == KING))
    };
    match a.kind() {
        ActionKind::Pass => true,
        ActionKind::Swap => from != king && to != king,
        ActionKind::Normal => from != king && !sensitive.has(from) && !converts(to),
        ActionKind::ArcherShot => !sensitive.has(via) && !converts(via),
        ActionKind::BowmanShot => {
            from != king && !sensitive.has(from) && !sensitive.has(via) && !converts(via)
        }
        ActionKind::LionDouble => {
            let moves = to != from;
            let risky = from == king
                || sensitive.has(via)
                || converts(via)
                || (moves && (sensitive.has(from) || converts(to)));
            !risky
        }
    }
}

/// Appends the legal actions (section 7).
pub fn legal(pos: &Position, out: &mut MoveList<Action>) {
    let us = pos.side.index();
    let (Some(our_king), Some(their_king)) = (pos.king(us), pos.king(1 - us)) else {
        return;
    };
    let mut pseudo = MoveList::new();
    pseudo_legal(pos, &mut pseudo);
    let in_check = pos.attacked(our_king, 1 - us);
    if !in_check && pos.attacked(their_king, us) {
        // Must capture the King: the safe captures if there are any.
        let start = out.len();
        for &a in pseudo.iter() {
            if captures_on(pos, a, their_king) && safe_child(pos, a).0 {
                out.push(a);
            }
        }
        if out.len() == start {
            for &a in pseudo.iter() {
                if captures_on(pos, a, their_king) {
                    out.push(a);
                }
            }
        }
        return;
    }
    let start = out.len();
    let sensitive = tables().sensitive[our_king];
    for &a in pseudo.iter() {
        let quick = !in_check && cannot_expose(pos, a, our_king, sensitive);
        if quick || safe_child(pos, a).0 {
            out.push(a);
        }
    }
    if out.len() == start && pos.pieces(us, PRINCE).any() {
        // The King cannot be saved: any action, the Prince will succeed.
        for &a in pseudo.iter() {
            out.push(a);
        }
    }
}

/// The number of legal actions.
pub fn count_legal(pos: &Position) -> u64 {
    let mut list = MoveList::new();
    legal(pos, &mut list);
    list.len() as u64
}
