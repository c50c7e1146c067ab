//! Turn generation: pseudo-legal actions of every piece (spec section 5),
//! promotion, quest and resurrection choices (6.4, 6.5), the placement leg
//! (6.3) and the legality test (section 7).

use super::position::Position;
use super::types::*;
use crate::MoveList;

/// Whether `sq` may be a target for `us`: empty, or an enemy that is not a
/// Wizard (a Wizard is never captured).
#[inline]
fn open_for(pos: &Position, sq: Square, us: usize) -> bool {
    pos.piece(sq)
        .is_none_or(|p| p.color() != us && p.kind() != WIZARD)
}

/// Whether `sq` holds a capturable enemy of `us`.
#[inline]
fn enemy_at(pos: &Position, sq: Square, us: usize) -> bool {
    pos.piece(sq)
        .is_some_and(|p| p.color() != us && p.kind() != WIZARD)
}

/// Pushes the move with its promotion, quest or resurrection choices.
fn push_normal(
    pos: &Position,
    piece: Piece,
    from: Square,
    to: Square,
    out: &mut impl FnMut(Action),
) {
    let us = piece.color();
    let a = Action::normal(from, to);
    let rank = rank_of(to);
    let eligible = matches!(piece.kind(), WARRIOR | HERO | GIANT)
        && piece.mark() != PROMOTED
        && piece.mark() != QUEST;
    if eligible && board_of(to) == EARTH && in_enemy_camp(us, rank) {
        out(a.with_suffix(Suffix::Promote));
        if pos.dragons[us] > pos.questing(us) {
            out(a.with_suffix(if rank == enemy_last_row(us) {
                Suffix::Resurrect
            } else {
                Suffix::Quest
            }));
        }
    } else if piece.mark() == QUEST && board_of(to) == EARTH && rank == enemy_last_row(us) {
        out(a.with_suffix(Suffix::Resurrect));
    } else {
        out(a);
    }
}

/// Slides from `from` along `(df, dr)` on `board` for at most `range`
/// squares over empty squares; empty squares are moves, and the first
/// occupied one a capture when `capture` and it holds a capturable enemy.
#[allow(clippy::too_many_arguments)]
fn slide(
    pos: &Position,
    piece: Piece,
    from: Square,
    board: usize,
    (df, dr): (i32, i32),
    range: i32,
    capture: bool,
    out: &mut impl FnMut(Action),
) {
    let mut s = from;
    for _ in 0..range {
        let Some(n) = shift(s, board, df, dr) else {
            return;
        };
        s = n;
        if pos.is_empty(s) {
            push_normal(pos, piece, from, s, out);
        } else {
            if capture && enemy_at(pos, s, piece.color()) {
                push_normal(pos, piece, from, s, out);
            }
            return;
        }
    }
}

/// Every pseudo-legal action of the side to move (no placement leg).
pub fn actions(pos: &Position, out: &mut impl FnMut(Action)) {
    let us = pos.side.index();
    for from in 0..SQUARES {
        let Some(piece) = pos.piece(from) else {
            continue;
        };
        if piece.color() != us {
            continue;
        }
        let board = board_of(from);
        match (piece.kind(), board) {
            (WIZARD, _) => wizard(pos, piece, from, us, out),
            (DRAGON, EARTH) => dragon_on_earth(pos, piece, from, us, out),
            (DRAGON, _) => dragon_in_sky(pos, piece, from, us, out),
            (PEGASUS, EARTH) => pegasus_on_earth(pos, piece, from, us, out),
            (PEGASUS, _) => pegasus_in_sky(pos, piece, from, us, out),
            (ARCHER, _) => archer(pos, piece, from, us, out),
            (GIANT, _) => giant(pos, piece, from, us, out),
            (HERO, _) => hero(pos, piece, from, us, out),
            (WARRIOR, _) => warrior(pos, piece, from, us, out),
            (EAGLE, _) => eagle(pos, piece, from, us, out),
            _ => {}
        }
    }
}

/// The Wizard: a step on the Earth, or the teleport to a friend once a game.
#[inline]
fn wizard(pos: &Position, _piece: Piece, from: Square, us: usize, out: &mut impl FnMut(Action)) {
    for &(df, dr) in &ALL_DIRS {
        if let Some(t) = shift(from, EARTH, df, dr) {
            if open_for(pos, t, us) {
                out(Action::normal(from, t));
            }
        }
    }
    if pos.teleport[us] && !pos.wizard_in_check(us) {
        for t in 0..PLANE {
            if t != from && pos.piece(t).is_some_and(|p| p.color() == us) {
                out(Action::new(from, t, t, ActionKind::Teleport));
            }
        }
    }
}

/// A Dragon on the Earth: slides, cannon captures over one screen, and flights up to the Sky.
#[inline]
fn dragon_on_earth(
    pos: &Position,
    _piece: Piece,
    from: Square,
    us: usize,
    out: &mut impl FnMut(Action),
) {
    for &(df, dr) in &ALL_DIRS {
        // Quiet slide, then the cannon capture over one screen.
        let mut s = from;
        let mut screen = false;
        while let Some(n) = shift(s, EARTH, df, dr) {
            s = n;
            if pos.is_empty(s) {
                if !screen {
                    out(Action::normal(from, s));
                }
            } else if !screen {
                screen = true;
            } else {
                if enemy_at(pos, s, us) {
                    out(Action::normal(from, s));
                }
                break;
            }
        }
    }
    for (df, dr) in [(0, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)] {
        if let Some(t) = shift(from, SKY, df, dr) {
            if pos.is_empty(t) {
                out(Action::normal(from, t));
            }
        }
    }
}

/// A Dragon in the Sky: slides of up to three, and descents to the Earth.
#[inline]
fn dragon_in_sky(
    pos: &Position,
    piece: Piece,
    from: Square,
    us: usize,
    out: &mut impl FnMut(Action),
) {
    for &d in &ALL_DIRS {
        slide(pos, piece, from, SKY, d, 3, true, out);
    }
    for (df, dr) in [(0, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)] {
        if let Some(t) = shift(from, EARTH, df, dr) {
            if open_for(pos, t, us) {
                out(Action::normal(from, t));
            }
        }
    }
}

/// A Pegasus on the Earth: rook slides, and jumps up to the Sky.
#[inline]
fn pegasus_on_earth(
    pos: &Position,
    piece: Piece,
    from: Square,
    _us: usize,
    out: &mut impl FnMut(Action),
) {
    for &(df, dr) in &ORTHO {
        slide(pos, piece, from, EARTH, (df, dr), 9, true, out);
        if pos.empty_at(shift(from, EARTH, df, dr)) {
            if let Some(t) = shift(from, SKY, 2 * df, 2 * dr) {
                if pos.is_empty(t) {
                    out(Action::normal(from, t));
                }
            }
        }
    }
}

/// A Pegasus in the Sky: short slides, and jumps down to the Earth.
#[inline]
fn pegasus_in_sky(
    pos: &Position,
    piece: Piece,
    from: Square,
    us: usize,
    out: &mut impl FnMut(Action),
) {
    for &(df, dr) in &ORTHO {
        slide(pos, piece, from, SKY, (df, dr), 3, true, out);
        if pos.empty_at(shift(from, SKY, df, dr)) {
            if let Some(t) = shift(from, EARTH, 2 * df, 2 * dr) {
                if open_for(pos, t, us) {
                    out(Action::normal(from, t));
                }
            }
        }
    }
}

/// An Archer: short orthogonal moves, and shots into the Sky or over an Earth piece.
#[inline]
fn archer(pos: &Position, piece: Piece, from: Square, us: usize, out: &mut impl FnMut(Action)) {
    for &d in &ORTHO {
        slide(pos, piece, from, EARTH, d, 2, false, out);
    }
    for &(df, dr) in &DIAG {
        let Some(up) = shift(from, SKY, df, dr) else {
            continue;
        };
        if enemy_at(pos, up, us) {
            out(Action::new(from, from, up, ActionKind::Shot));
        } else if pos.is_empty(up) {
            if let Some(t) = shift(from, EARTH, 2 * df, 2 * dr) {
                if enemy_at(pos, t, us) {
                    out(Action::new(from, from, t, ActionKind::Shot));
                }
            }
        }
    }
}

/// A Giant: king steps and diagonal jumps.
#[inline]
fn giant(pos: &Position, piece: Piece, from: Square, us: usize, out: &mut impl FnMut(Action)) {
    for &(df, dr) in &ALL_DIRS {
        if let Some(t) = shift(from, EARTH, df, dr) {
            if open_for(pos, t, us) {
                push_normal(pos, piece, from, t, out);
            }
        }
    }
    for &(df, dr) in &DIAG {
        if pos.empty_at(shift(from, EARTH, df, dr)) {
            if let Some(t) = shift(from, EARTH, 2 * df, 2 * dr) {
                if open_for(pos, t, us) {
                    push_normal(pos, piece, from, t, out);
                }
            }
        }
    }
}

/// A Hero: diagonal steps, orthogonal captures.
#[inline]
fn hero(pos: &Position, piece: Piece, from: Square, us: usize, out: &mut impl FnMut(Action)) {
    for &(df, dr) in &DIAG {
        if let Some(t) = shift(from, EARTH, df, dr) {
            if pos.is_empty(t) {
                push_normal(pos, piece, from, t, out);
            }
        }
    }
    for &(df, dr) in &ORTHO {
        if let Some(t) = shift(from, EARTH, df, dr) {
            if enemy_at(pos, t, us) {
                push_normal(pos, piece, from, t, out);
            }
        }
    }
}

/// A Warrior: diagonal steps, the straight capture, and its first double step.
#[inline]
fn warrior(pos: &Position, piece: Piece, from: Square, us: usize, out: &mut impl FnMut(Action)) {
    let f = forward(us);
    let diag = [shift(from, EARTH, -1, f), shift(from, EARTH, 1, f)];
    for t in diag.into_iter().flatten() {
        if pos.is_empty(t) {
            push_normal(pos, piece, from, t, out);
        }
    }
    if let Some(t) = shift(from, EARTH, 0, f) {
        if enemy_at(pos, t, us) {
            push_normal(pos, piece, from, t, out);
        }
    }
    if piece.mark() == FIRST {
        let open = [pos.empty_at(diag[0]), pos.empty_at(diag[1])];
        for (df, via) in [(-2, open[0]), (0, open[0] || open[1]), (2, open[1])] {
            if via {
                if let Some(t) = shift(from, EARTH, df, 2 * f) {
                    if pos.is_empty(t) {
                        push_normal(pos, piece, from, t, out);
                    }
                }
            }
        }
    }
}

/// An Eagle: bent flights in the Sky, and swoops onto Earth pieces.
#[inline]
fn eagle(pos: &Position, _piece: Piece, from: Square, us: usize, out: &mut impl FnMut(Action)) {
    for &(df, dr) in &ORTHO {
        if pos.empty_at(shift(from, SKY, df, dr)) {
            // The two squares beyond the leg, sideways.
            for side in [-1, 1] {
                let (sf, sr) = if df == 0 {
                    (side, 2 * dr)
                } else {
                    (2 * df, side)
                };
                if let Some(t) = shift(from, SKY, sf, sr) {
                    if open_for(pos, t, us) {
                        out(Action::normal(from, t));
                    }
                }
            }
        }
    }
    for &(df, dr) in &DIAG {
        if let (Some(v), Some(land)) =
            (shift(from, EARTH, df, dr), shift(from, SKY, 2 * df, 2 * dr))
        {
            if enemy_at(pos, v, us) && pos.is_empty(land) {
                out(Action::new(from, land, v, ActionKind::Swoop));
            }
        }
    }
}

/// Calls `f` with every turn the pieces allow (the placement leg
/// included), before the check rule.
pub fn for_each_candidate(pos: &Position, mut f: impl FnMut(Action)) {
    let us = pos.side.index();
    match pos.pending_placement(us) {
        Some(slot) => {
            let vacant: Vec<(usize, Square)> = pos.vacant_x(us, slot).collect();
            for (idx, x) in vacant {
                let mut placed = pos.clone();
                placed.place(us, slot, x);
                actions(&placed, &mut |a| f(a.with_placement(slot, idx)));
            }
        }
        None => actions(pos, &mut f),
    }
}

/// Whether a candidate turn leaves the mover's Wizard out of check.
pub fn is_legal(pos: &Position, a: Action) -> bool {
    !pos.apply_unhashed(a).wizard_in_check(pos.side.index())
}

/// Calls `f` with every legal turn.
pub fn for_each_legal(pos: &Position, mut f: impl FnMut(Action)) {
    for_each_candidate(pos, |a| {
        if is_legal(pos, a) {
            f(a);
        }
    });
}

/// The legal turns.
pub fn legal(pos: &Position, out: &mut MoveList<Action>) {
    for_each_legal(pos, |a| out.push(a));
}

/// The number of legal turns.
pub fn count_legal(pos: &Position) -> u64 {
    let mut n = 0;
    for_each_legal(pos, |_| n += 1);
    n
}
