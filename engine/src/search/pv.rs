//! Principal variations in turns: split into whole turns, mate distances
//! counted in the mover's turns. Front ends write the turns in their own
//! notation.

use super::{Score, MATE, MATE_BOUND, MAX_PLY};
use variants::{MoveList, Rules, Variant};

/// Turns of a PV: the position at each turn's start and the turn's plies.
type Turns<V> = Vec<(<V as Rules>::Position, Vec<<V as Rules>::Move>)>;

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

/// The PV in whole turns, each as its plies, from `root`. A first turn the
/// PV cuts short is completed as [`first_turn`] does (a PV must show the
/// move); a later one is left out.
pub fn pv_turns<V: Variant>(root: &V::Position, pv: &[V::Move]) -> Vec<Vec<V::Move>> {
    let (mut turns, incomplete) = split_turns::<V>(root, pv);
    if incomplete {
        turns.pop();
        if turns.is_empty() && !pv.is_empty() {
            turns.push((root.clone(), first_turn::<V>(root, pv)));
        }
    }
    turns.into_iter().map(|(_, plies)| plies).collect()
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
