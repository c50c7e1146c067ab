//! What the search learns about quiet plies while it runs: the history
//! (how often a ply cut) and the continuation histories (how well a piece
//! going to a square did after the ply one, two and four plies before it).
//! Kept per thread from one search to the next within a game.

use super::Worker;
use variants::{MoveCode, Variant};

/// Slots of the history table (both sides).
const HISTORY_SIZE: usize = 1 << 14;
/// History scores stay within +-HISTORY_MAX.
pub(super) const HISTORY_MAX: i32 = 16384;
/// Continuation-history slots per thread (2 MiB of i16).
const CONTINUATION_SIZE: usize = 1 << 20;

/// A search thread's move-ordering statistics (empty while a search has
/// them).
#[derive(Default)]
pub(super) struct Histories {
    /// How often a quiet ply cut, by (side, ply).
    history: Vec<i32>,
    /// Continuation history, by a hash of the pair of plies.
    continuation: Vec<i16>,
}

impl Histories {
    pub(super) fn new() -> Histories {
        Histories {
            history: vec![0; HISTORY_SIZE],
            continuation: vec![0; CONTINUATION_SIZE],
        }
    }

    /// Whether these are the statistics of a search (not the empty
    /// placeholder left while a search holds them).
    pub(super) fn is_filled(&self) -> bool {
        !self.history.is_empty()
    }
}

/// The continuation-history slot of the ply keyed `key` played `distance`
/// plies after the ply keyed `earlier` (keys: [`variants::SearchHints::history_key`]:
/// the moving piece and its destination).
fn continuation_index(earlier: u32, distance: u64, key: u32) -> usize {
    let h = ((earlier as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (distance << 40) ^ key as u64)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    (h >> 44) as usize
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
    /// ply's history key.
    pub(super) fn update_history(
        &mut self,
        side: usize,
        mv: V::Move,
        key: u32,
        bonus: i32,
        ply: usize,
    ) {
        let h = &mut self.histories.history[history_index(side, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        for slot in self.continuation_slots(ply, key).into_iter().flatten() {
            let c = &mut self.histories.continuation[slot];
            *c += (bonus - *c as i32 * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    /// The continuation slots of the ply keyed `key` at `ply`: after the
    /// plies [`CONTINUATION_PLIES`] up the line, where those were real
    /// plies.
    fn continuation_slots(&self, ply: usize, key: u32) -> [Option<usize>; 3] {
        CONTINUATION_PLIES.map(|back| {
            let frame = self.stack.get(ply.checked_sub(back)?)?;
            (frame.played != V::Move::NONE)
                .then(|| continuation_index(frame.played_key, back as u64, key))
        })
    }

    /// A quiet ply's ordering score: its history and continuation
    /// histories.
    pub(super) fn quiet_score(&self, side: usize, mv: V::Move, key: u32, ply: usize) -> i32 {
        self.histories.history[history_index(side, mv)]
            + self
                .continuation_slots(ply, key)
                .into_iter()
                .flatten()
                .map(|slot| self.histories.continuation[slot] as i32)
                .sum::<i32>()
    }
}
