//! What the search learns about quiet plies while it runs: the history
//! (how often a ply cut) and the continuation histories (how well a piece
//! going to a square did after the ply one, two and four plies before it),
//! and what it learns about its static evaluation: the correction history
//! (how far the evaluation erred under a pawn structure). Kept per thread
//! from one search to the next within a game.

use super::Worker;
use variants::{MoveCode, Variant};

/// Slots of the history table (both sides).
const HISTORY_SIZE: usize = 1 << 14;
/// History scores stay within +-HISTORY_MAX.
pub(super) const HISTORY_MAX: i32 = 16384;
/// Continuation-history rows: one for each earlier ply (and distance
/// back), hashed.
const CONTINUATION_ROW_BITS: u32 = 12;
/// Columns of a row: one for each ply that may follow, by its history key.
const CONTINUATION_COLUMN_BITS: u32 = 11;
/// Continuation-history slots per thread (16 MiB of i16).
const CONTINUATION_SIZE: usize = 1 << (CONTINUATION_ROW_BITS + CONTINUATION_COLUMN_BITS);
/// Capture-history slots (both sides).
const CAPTURE_SIZE: usize = 1 << 16;
/// Correction-history slots per side.
const CORRECTION_SIZE: usize = 1 << 14;
/// Correction entries are centipawns times this...
const CORRECTION_GRAIN: i32 = 16;
/// ...within this many centipawns either way.
const CORRECTION_MAX_CP: i32 = 300;

/// A search thread's move-ordering statistics (empty while a search has
/// them).
#[derive(Default)]
pub(super) struct Histories {
    /// How often a quiet ply cut, by (side, ply).
    history: Vec<i32>,
    /// Continuation history, a row for each earlier ply and a column for
    /// each later one (see `continuation_row`).
    continuation: Vec<i16>,
    /// How often a capture cut, by (side, history key, what it takes).
    capture: Vec<i16>,
    /// How far the static evaluation erred, by side and correction key
    /// (in 1/[`CORRECTION_GRAIN`] centipawns).
    correction: Vec<i16>,
}

impl Histories {
    pub(super) fn new() -> Histories {
        Histories {
            history: vec![0; HISTORY_SIZE],
            continuation: vec![0; CONTINUATION_SIZE],
            capture: vec![0; CAPTURE_SIZE],
            correction: vec![0; 2 * CORRECTION_SIZE],
        }
    }

    /// Whether these are the statistics of a search (not the empty
    /// placeholder left while a search holds them).
    pub(super) fn is_filled(&self) -> bool {
        !self.history.is_empty()
    }
}

/// The continuation-history row of the plies played `distance` plies
/// after the ply keyed `earlier` (keys: [`variants::SearchHints::history_key`]:
/// the moving piece above its destination's 8 bits), as the index of its
/// first slot. The earlier ply (and the distance) picks a row, the later
/// ply's piece and destination a column (see [`continuation_column`]), so
/// that the plies a node orders read one dense row for each ply before
/// them, as Stockfish's tables by piece and square do, instead of a cache
/// line each; a node finds its rows once (see [`ContRows`]).
fn continuation_row(earlier: u32, distance: u64) -> usize {
    let row = ((earlier as u64) << 3 | distance).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        >> (64 - CONTINUATION_ROW_BITS);
    (row as usize) << CONTINUATION_COLUMN_BITS
}

/// The column of the ply keyed `key` in a continuation-history row: its
/// piece and destination (pieces 128 columns apart: chess's 12 and
/// Capablanca's 16 kinds of piece take distinct columns).
fn continuation_column(key: u32) -> usize {
    (((key >> 8) << 7).wrapping_add(key & 0xFF) & ((1 << CONTINUATION_COLUMN_BITS) - 1)) as usize
}

/// The continuation-history rows a node's plies read and write: one for
/// each of [`CONTINUATION_PLIES`] up the line where that was a real ply.
/// They depend on the plies before the node only, so a node finds them
/// once rather than for every ply it orders.
pub(super) type ContRows = [Option<usize>; CONTINUATION_PLIES.len()];

/// The capture-history slot of a capture keyed `key` (the moving piece
/// and its destination) whose MVV-LVA score (what it takes) is `victim`.
fn capture_index(side: usize, key: u32, victim: i32) -> usize {
    let h = ((key as u64) << 32 | victim as u32 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 49;
    side * (CAPTURE_SIZE / 2) + (h as usize & (CAPTURE_SIZE / 2 - 1))
}

fn history_index<M: MoveCode>(side: usize, mv: M) -> usize {
    let h = mv.to_bits().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 51;
    side * (HISTORY_SIZE / 2) + (h as usize & (HISTORY_SIZE / 2 - 1))
}

/// How far back the continuation histories look: the ply before, the one
/// before that, and the side's own ply before its last.
const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];

impl<V: Variant> Worker<'_, V> {
    /// Moves a history score towards +-HISTORY_MAX: big scores change
    /// slowly, so old successes fade when newer moves cut. `key` is the
    /// ply's history key, `rows` its node's continuation-history rows.
    pub(super) fn update_history(
        &mut self,
        side: usize,
        mv: V::Move,
        key: u32,
        bonus: i32,
        rows: &ContRows,
    ) {
        self.update_main_history(side, mv, bonus);
        self.update_continuations(rows, key, bonus);
    }

    /// Moves the history score of `side`'s ply `mv` (not its continuation
    /// histories) towards +-HISTORY_MAX (see [`Worker::update_history`]).
    pub(super) fn update_main_history(&mut self, side: usize, mv: V::Move, bonus: i32) {
        let h = &mut self.histories.history[history_index(side, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Moves the continuation-history scores of the ply keyed `key` in
    /// its node's `rows` towards +-HISTORY_MAX (see
    /// [`Worker::update_history`]).
    pub(super) fn update_continuations(&mut self, rows: &ContRows, key: u32, bonus: i32) {
        let column = continuation_column(key);
        for &row in rows.iter().flatten() {
            let c = &mut self.histories.continuation[row + column];
            *c += (bonus - *c as i32 * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    /// The continuation-history rows of a node at `ply` (see
    /// [`ContRows`]).
    pub(super) fn continuation_rows(&self, ply: usize) -> ContRows {
        CONTINUATION_PLIES.map(|back| {
            let frame = self.stack.get(ply.checked_sub(back)?)?;
            (frame.played != V::Move::NONE).then(|| continuation_row(frame.played_key, back as u64))
        })
    }

    /// A quiet ply's place in the order: its history and continuation
    /// histories (in the node's `rows`), the history and the continuation
    /// after the ply before weighted by `QuietMainWeight` and
    /// `QuietCont1Weight` (Stockfish counts both twice).
    pub(super) fn quiet_order(&self, side: usize, mv: V::Move, key: u32, rows: &ContRows) -> i32 {
        let weights = (
            self.params.quiet_main_weight,
            self.params.quiet_cont1_weight,
        );
        self.history_sum(side, mv, key, rows, weights)
    }

    /// A quiet ply's score for reductions and pruning: its history and
    /// continuation histories (in the node's `rows`).
    pub(super) fn quiet_score(&self, side: usize, mv: V::Move, key: u32, rows: &ContRows) -> i32 {
        self.history_sum(side, mv, key, rows, (1, 1))
    }

    /// A quiet ply's history and continuation histories, the history and
    /// the continuation after the ply before times `main` and `cont1`.
    fn history_sum(
        &self,
        side: usize,
        mv: V::Move,
        key: u32,
        rows: &ContRows,
        (main, cont1): (i32, i32),
    ) -> i32 {
        let column = continuation_column(key);
        let cont =
            |i: usize| rows[i].map_or(0, |row| self.histories.continuation[row + column] as i32);
        self.histories.history[history_index(side, mv)] * main + cont(0) * cont1 + cont(1) + cont(2)
    }

    /// Whether the continuation histories of a quiet ply after the plies
    /// one and two before it (the node's `rows`) are both negative
    /// (neither missing).
    pub(super) fn continuations_negative(&self, key: u32, rows: &ContRows) -> bool {
        let column = continuation_column(key);
        rows[..2]
            .iter()
            .all(|row| row.is_some_and(|r| self.histories.continuation[r + column] < 0))
    }

    /// Moves a capture's history score towards +-HISTORY_MAX (see
    /// [`Worker::update_history`]); `victim` is its MVV-LVA score.
    pub(super) fn update_capture_history(
        &mut self,
        side: usize,
        key: u32,
        victim: i32,
        bonus: i32,
    ) {
        let c = &mut self.histories.capture[capture_index(side, key, victim)];
        *c += (bonus - *c as i32 * bonus.abs() / HISTORY_MAX) as i16;
    }

    /// A capture's history score (see [`Worker::update_capture_history`]).
    pub(super) fn capture_score(&self, side: usize, key: u32, victim: i32) -> i32 {
        self.histories.capture[capture_index(side, key, victim)] as i32
    }

    /// The correction of the side to move's static evaluation at `pos`, in
    /// centipawns (0 for a game without correction keys).
    pub(super) fn correction(&self, pos: &V::Position, side: usize) -> i32 {
        V::correction_key(pos).map_or(0, |key| {
            self.histories.correction[correction_index(side, key)] as i32 / CORRECTION_GRAIN
        })
    }

    /// Moves the correction at `pos` towards `error` (the searched score
    /// less the static evaluation, in centipawns), more the deeper the
    /// search that found it.
    pub(super) fn update_correction(
        &mut self,
        pos: &V::Position,
        side: usize,
        error: i32,
        depth: i32,
    ) {
        let Some(key) = V::correction_key(pos) else {
            return;
        };
        let limit = CORRECTION_MAX_CP * CORRECTION_GRAIN;
        let target = (error * CORRECTION_GRAIN).clamp(-limit, limit);
        let weight = (4 * depth).clamp(1, 64);
        let c = &mut self.histories.correction[correction_index(side, key)];
        *c = ((*c as i32 * (256 - weight) + target * weight) / 256).clamp(-limit, limit) as i16;
    }
}

/// The correction slot of `side` at a position of correction key `key`.
fn correction_index(side: usize, key: u64) -> usize {
    side * CORRECTION_SIZE + (key >> 50) as usize % CORRECTION_SIZE
}

#[cfg(test)]
mod tests {
    use super::super::{Request, Shared};
    use super::*;
    use std::time::{Duration, Instant};
    use variants::chess::Chess;
    use variants::prelude::*;

    /// The correction learns a pawn structure's error, for the side that
    /// erred, bounded; pieces elsewhere share it; a game without
    /// correction keys gets none.
    #[test]
    fn the_correction_learns_by_pawn_structure() {
        let shared = Shared::new(1);
        let root = Chess
            .read_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/4K2N w - - 0 1")
            .unwrap();
        let req = Request::<Chess> {
            root,
            history: Vec::new(),
            positions: Vec::new(),
            limits: Default::default(),
            search_moves: Vec::new(),
            multipv: 1,
            threads: 1,
            move_overhead: Duration::ZERO,
            params: Default::default(),
        };
        let mut w = Worker::<Chess>::new(&shared, &req, 0, Instant::now());
        assert_eq!(w.correction(&root, 0), 0);
        for _ in 0..200 {
            w.update_correction(&root, 0, 100, 10);
        }
        let learnt = w.correction(&root, 0);
        assert!((90..=100).contains(&learnt), "{learnt}");
        assert_eq!(w.correction(&root, 1), 0);
        let knight_elsewhere = Chess
            .read_fen("4k3/pp3ppp/8/8/3N4/8/PP3PPP/4K3 w - - 0 1")
            .unwrap();
        assert_eq!(w.correction(&knight_elsewhere, 0), learnt);
        let other_pawns = Chess
            .read_fen("4k3/pp3ppp/8/8/8/P7/1P3PPP/4K2N w - - 0 1")
            .unwrap();
        assert_eq!(w.correction(&other_pawns, 0), 0);
        for _ in 0..200 {
            w.update_correction(&root, 0, 5000, 20);
        }
        let capped = w.correction(&root, 0);
        assert!((290..=CORRECTION_MAX_CP).contains(&capped), "{capped}");
    }
}
