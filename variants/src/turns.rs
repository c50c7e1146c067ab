//! Whole turns built from plies.

use crate::{MoveList, Rules, Variant};

/// A callback receiving a turn's plies and the position after it.
pub type TurnVisitor<'a, V> = dyn FnMut(&[<V as Rules>::Move], &<V as Rules>::Position) + 'a;

/// Calls `visit(plies, position_after)` once for every legal turn of the
/// side to move: every sequence of plies that ends when the side to move
/// changes. Used for perft's root moves, token lookup and counting.
pub fn for_each_turn<V: Rules>(pos: &V::Position, visit: &mut TurnVisitor<'_, V>) {
    let mut plies = Vec::with_capacity(4);
    walk::<V>(pos, V::side_to_move(pos), &mut plies, visit);
}

fn walk<V: Rules>(
    pos: &V::Position,
    mover: crate::Side,
    plies: &mut Vec<V::Move>,
    visit: &mut TurnVisitor<'_, V>,
) {
    let mut list = MoveList::new();
    V::generate(pos, &mut list);
    for &mv in list.iter() {
        let child = V::make(pos, mv);
        plies.push(mv);
        if V::side_to_move(&child) == mover {
            walk::<V>(&child, mover, plies, visit);
        } else {
            visit(plies, &child);
        }
        plies.pop();
    }
}

/// Every legal turn with its wire token and the position after it.
pub fn legal_turns<V: Variant>(pos: &V::Position) -> Vec<(Vec<V::Move>, String, V::Position)> {
    let mut out = Vec::new();
    for_each_turn::<V>(pos, &mut |plies, child| {
        out.push((plies.to_vec(), V::turn_to_token(pos, plies), child.clone()));
    });
    out
}
