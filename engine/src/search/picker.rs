//! Move ordering, which belongs to the search alone: a game says what kind
//! of ply each ply is ([`PlyKind`]); the search puts kinds into its bands.

use super::history::ContRows;
use super::Worker;
use variants::{MoveList, PlyKind, Variant};

/// The bands of the main search's order, best first. Quiet plies are
/// ordered by their history scores (within +-6 * HISTORY_MAX at the
/// heaviest weights), which stay between [`TURN_END`] and
/// [`LOSING_TACTICAL`].
mod band {
    /// The table's move.
    pub const TT_MOVE: i32 = 1 << 30;
    /// Captures and promotions that do not lose material, by MVV-LVA.
    pub const GOOD_TACTICAL: i32 = 1 << 24;
    /// The first killer (the second is one below).
    pub const KILLER: i32 = 1 << 23;
    /// Ending a multi-ply turn early: after the captures and killers,
    /// before the other quiet plies.
    pub const TURN_END: i32 = 1 << 22;
    /// Captures that lose material: after the quiet plies with a good
    /// history.
    pub const LOSING_TACTICAL: i32 = -(1 << 21);
}

/// Hands out a node's plies best first: the table's move before anything
/// is scored (a node it cuts skips the scoring), then the others by
/// selection sort on their keys.
pub(super) struct MovePicker<M: Copy> {
    list: MoveList<M>,
    keys: MoveList<i32>,
    next: usize,
    tt_first: bool,
    /// Whether the list holds only the table's move so far: the others
    /// are generated once it has been searched without a cut.
    pending: bool,
}

impl<M: Copy + PartialEq> MovePicker<M> {
    /// A picker over `list` that hands out `tt_move` first if it is there.
    pub(super) fn new(mut list: MoveList<M>, tt_move: M) -> MovePicker<M> {
        let tt_first = match list.iter().position(|&m| m == tt_move) {
            Some(at) => {
                list.swap(0, at);
                true
            }
            None => false,
        };
        MovePicker {
            list,
            keys: MoveList::new(),
            next: 0,
            tt_first,
            pending: false,
        }
    }

    /// A picker that hands out `tt_move` (known legal) before the node's
    /// plies are generated; [`MovePicker::add_rest`] adds them after.
    pub(super) fn deferred(tt_move: M) -> MovePicker<M> {
        let mut list = MoveList::new();
        list.push(tt_move);
        MovePicker {
            list,
            keys: MoveList::new(),
            next: 0,
            tt_first: true,
            pending: true,
        }
    }

    /// Whether the table's move has been handed out and the other plies
    /// are still to be generated.
    pub(super) fn wants_rest(&self) -> bool {
        self.pending && self.next > 0
    }

    /// The node's plies (the table's move among them), in the order
    /// [`MovePicker::new`] would hold them, so that the search goes as it
    /// would have with every ply generated first.
    pub(super) fn add_rest(&mut self, mut all: MoveList<M>) {
        let tt_move = self.list[0];
        match all.iter().position(|&m| m == tt_move) {
            Some(at) => all.swap(0, at),
            None => debug_assert!(false, "the table's move is legal"),
        }
        self.list = all;
        self.pending = false;
    }

    /// Plies held.
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether `mv` is one of the node's plies.
    pub(super) fn contains(&self, mv: &M) -> bool {
        self.list.contains(mv)
    }

    /// The next ply, scoring the rest with `key` the first time they are
    /// needed.
    pub(super) fn next(&mut self, mut key: impl FnMut(M) -> i32) -> Option<M> {
        let i = self.next;
        if i >= self.list.len() {
            return None;
        }
        if i == usize::from(self.tt_first) && self.keys.is_empty() {
            for &mv in self.list.iter() {
                self.keys.push(key(mv));
            }
        }
        if !self.keys.is_empty() {
            // The first of the best keys: two passes over the keys that
            // the compiler vectorises (one loop keeping the index does
            // not), the same ply as that loop picks.
            let rest = &self.keys[i..self.list.len()];
            let best = rest.iter().copied().max().unwrap_or(i32::MIN);
            let j = i + rest.iter().position(|&k| k == best).unwrap_or(0);
            self.list.swap(i, j);
            self.keys.swap(i, j);
        }
        self.next += 1;
        Some(self.list[i])
    }
}

impl<V: Variant> Worker<'_, V> {
    /// Where `mv` goes in the main search's order (see [`band`]), with
    /// the node's table move and its killers as they were when the node
    /// began, and its continuation-history rows.
    pub(super) fn ordering_key(
        &self,
        pos: &V::Position,
        mv: V::Move,
        (tt_move, killers): (V::Move, [V::Move; 2]),
        side: usize,
        rows: &ContRows,
    ) -> i32 {
        if mv == tt_move {
            return band::TT_MOVE;
        }
        match V::ply_kind(pos, mv) {
            PlyKind::Tactical => {
                let victim = V::mvv_lva(pos, mv);
                // MVV-LVA weighs the value taken eight times.
                let threshold = -(victim.max(0) / 8) * self.params.good_capture_see / 100;
                let divisor = self.params.capture_history_divisor;
                let history = if divisor > 0 {
                    self.capture_score(side, V::history_key(pos, mv), victim) / divisor
                } else {
                    0
                };
                if V::see_ge(pos, mv, threshold) {
                    band::GOOD_TACTICAL + victim + history
                } else if self.params.losing_capture_floor > 0 {
                    // Among the quiet plies: their own order squeezed so
                    // that they stay near the floor.
                    -self.params.losing_capture_floor + (victim + history).max(0) / 64
                } else {
                    band::LOSING_TACTICAL + victim + history
                }
            }
            PlyKind::TurnEnd => band::TURN_END,
            PlyKind::Quiet if mv == killers[0] => band::KILLER,
            PlyKind::Quiet if mv == killers[1] => band::KILLER - 1,
            PlyKind::Quiet => self.quiet_order(side, mv, V::history_key(pos, mv), rows),
        }
    }
}

/// The quiescence search's order: captures by MVV-LVA (evasions too), the
/// end of a turn last.
pub(super) fn quiescence_key<V: Variant>(pos: &V::Position, mv: V::Move) -> i32 {
    match V::ply_kind(pos, mv) {
        PlyKind::TurnEnd => i32::MIN,
        _ => V::mvv_lva(pos, mv),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy(list: &MoveList<u32>) -> MoveList<u32> {
        let mut out = MoveList::new();
        for &m in list.iter() {
            out.push(m);
        }
        out
    }

    /// Hands out every ply of `picker`, keyed by `key`.
    fn drain(mut picker: MovePicker<u32>, all: &MoveList<u32>, key: fn(u32) -> i32) -> Vec<u32> {
        let mut out = Vec::new();
        loop {
            if picker.wants_rest() {
                picker.add_rest(copy(all));
            }
            match picker.next(key) {
                Some(m) => out.push(m),
                None => return out,
            }
        }
    }

    /// A picker that starts with the table's move alone hands out the
    /// plies in the order of one given every ply at once, ties included,
    /// so deferring generation leaves the search as it was.
    #[test]
    fn a_deferred_picker_keeps_the_order() {
        let mut all = MoveList::new();
        for m in [5u32, 9, 1, 7, 3, 8, 2, 6] {
            all.push(m);
        }
        // Keys with ties (m % 3), so the list's order decides among them.
        let key = |m: u32| (m % 3) as i32;
        for tt in [5u32, 9, 6, 2] {
            let at_once = drain(MovePicker::new(copy(&all), tt), &all, key);
            let deferred = drain(MovePicker::deferred(tt), &all, key);
            assert_eq!(at_once[0], tt);
            assert_eq!(deferred, at_once, "table's move {tt}");
        }
    }
}
