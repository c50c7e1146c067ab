//! Perft: the number of legal move sequences of a given number of turns.
//!
//! Works for every [`Variant`]: a turn is a run of plies by one side (see
//! the trait), so depth counts turns, not plies. The last turn is counted in
//! bulk by [`Variant::count_turns`]. Root turns can be searched in parallel.

pub mod epd;

use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};
use variants::{turns, MoveList, Variant};

/// Stack of each worker thread: a deep count recurses a ply per frame, and
/// a frame holds a move list and a position of the widest games.
pub const STACK_BYTES: usize = 64 << 20;

/// Whether a count should give up; checked once per node above the
/// last two turns, so that a stop lands within milliseconds.
trait Abort: Sync {
    fn aborted(&self) -> bool;
}

/// Never gives up: the plain count compiles to the loop without a check.
struct Never;

impl Abort for Never {
    #[inline(always)]
    fn aborted(&self) -> bool {
        false
    }
}

impl Abort for AtomicBool {
    #[inline]
    fn aborted(&self) -> bool {
        self.load(Relaxed)
    }
}

/// `perft(pos, depth)`: legal turn sequences of length `depth`.
pub fn perft<V: Variant>(pos: &V::Position, depth: u32) -> u64 {
    count::<V, Never>(pos, depth, &Never)
}

/// The count behind [`perft`]; an aborted count returns a partial number
/// that the caller must throw away.
fn count<V: Variant, A: Abort>(pos: &V::Position, depth: u32, abort: &A) -> u64 {
    match depth {
        0 => 1,
        1 => V::count_turns(pos),
        _ => {
            if abort.aborted() {
                return 0;
            }
            let mover = V::side_to_move(pos);
            let mut list = MoveList::new();
            V::generate(pos, &mut list);
            let mut nodes = 0;
            for &mv in list.iter() {
                let child = V::make(pos, mv);
                // A ply that keeps the side to move continues the same turn.
                let left = if V::side_to_move(&child) == mover {
                    depth
                } else {
                    depth - 1
                };
                nodes += count::<V, A>(&child, left, abort);
            }
            nodes
        }
    }
}

/// The result of a divided perft.
#[derive(Clone, Debug)]
pub struct Divide {
    /// Each root turn's token and its subtree count, sorted by token.
    pub moves: Vec<(String, u64)>,
    /// The total.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// A divided perft that was stopped before it finished.
#[derive(Clone, Debug)]
pub struct Stopped {
    /// The root turns whose subtrees were counted in full, sorted by token.
    pub counted: Vec<(String, u64)>,
    /// The number of root turns.
    pub roots: usize,
}

/// Perft split by root turn, over `threads` worker threads (1 = on the
/// calling thread). Depth 0 gives one node and no moves.
pub fn divide<V: Variant>(pos: &V::Position, depth: u32, threads: usize) -> Divide {
    let start = Instant::now();
    // A count that never aborts always finishes; the fallback only keeps
    // the types honest.
    divide_with::<V, Never>(pos, depth, threads, &Never).unwrap_or_else(|s| {
        let nodes = s.counted.iter().map(|(_, n)| n).sum();
        Divide {
            moves: s.counted,
            nodes,
            elapsed: start.elapsed(),
        }
    })
}

/// [`divide`] that gives up soon after `stop` is set (UCI `go perft` runs
/// like a search: `stop` and `quit` end it).
pub fn divide_until<V: Variant>(
    pos: &V::Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Divide, Stopped> {
    divide_with::<V, AtomicBool>(pos, depth, threads, stop)
}

fn divide_with<V: Variant, A: Abort>(
    pos: &V::Position,
    depth: u32,
    threads: usize,
    abort: &A,
) -> Result<Divide, Stopped> {
    let start = Instant::now();
    if depth == 0 {
        return Ok(Divide {
            moves: Vec::new(),
            nodes: 1,
            elapsed: start.elapsed(),
        });
    }
    // Only the plies of each root turn are kept: a Parallel Worlds
    // middlegame has over a million root turns, too many to hold with
    // their positions. Each is replayed when its subtree is counted.
    let mut roots: Vec<Vec<V::Move>> = Vec::new();
    turns::for_each_turn::<V>(pos, &mut |plies, _| roots.push(plies.to_vec()));
    let subtree = |plies: &Vec<V::Move>| {
        // Checked before each root too: a subtree of one turn is a bulk
        // count that no check inside interrupts.
        if abort.aborted() {
            return (String::new(), None);
        }
        let child = plies.iter().fold(pos.clone(), |p, &mv| V::make(&p, mv));
        let n = count::<V, A>(&child, depth - 1, abort);
        // A subtree is whole only if the stop came after it.
        (
            V::turn_to_token(pos, plies),
            (!abort.aborted()).then_some(n),
        )
    };
    let mut counts: Vec<(String, Option<u64>)> = if threads <= 1 {
        roots.iter().map(subtree).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(STACK_BYTES)
            .build();
        match pool {
            Ok(pool) => pool.install(|| roots.par_iter().map(subtree).collect()),
            Err(_) => roots.iter().map(subtree).collect(),
        }
    };
    counts.sort();
    if counts.iter().any(|(_, n)| n.is_none()) {
        return Err(Stopped {
            counted: counts
                .into_iter()
                .filter_map(|(t, n)| n.map(|n| (t, n)))
                .collect(),
            roots: roots.len(),
        });
    }
    let moves: Vec<(String, u64)> = counts
        .into_iter()
        .map(|(t, n)| (t, n.unwrap_or(0)))
        .collect();
    let nodes = moves.iter().map(|(_, n)| n).sum();
    Ok(Divide {
        moves,
        nodes,
        elapsed: start.elapsed(),
    })
}

/// Nodes per second, guarding against a zero duration.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::chess::Chess;
    use variants::prelude::*;

    #[test]
    fn start_position_small_depths() {
        let pos = Chess.start();
        let expected = [1, 20, 400, 8_902, 197_281];
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft::<Chess>(&pos, d as u32), n, "depth {d}");
        }
    }

    #[test]
    fn divide_sums_and_threads_agree() {
        let pos = Chess
            .read_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
        let one = divide::<Chess>(&pos, 3, 1);
        let two = divide::<Chess>(&pos, 3, 2);
        assert_eq!(one.nodes, 97_862);
        assert_eq!(one.moves.len(), 48);
        assert_eq!(one.moves, two.moves);
        assert!(one.moves.iter().any(|(t, _)| t == "e1g1"));
        let unset = AtomicBool::new(false);
        let whole = divide_until::<Chess>(&pos, 3, 2, &unset).unwrap();
        assert_eq!(whole.moves, one.moves);
    }

    #[test]
    fn a_stopped_divide_reports_only_whole_subtrees() {
        let stop = AtomicBool::new(false);
        let pos = Chess.start();
        std::thread::scope(|s| {
            let counting = s.spawn(|| divide_until::<Chess>(&pos, 30, 1, &stop));
            std::thread::sleep(Duration::from_millis(20));
            stop.store(true, Relaxed);
            let stopped = counting.join().unwrap().unwrap_err();
            assert_eq!(stopped.roots, 20);
            assert!(stopped.counted.is_empty(), "{:?}", stopped.counted);
        });
        // Set before the start: nothing deeper than the bulk count runs.
        let stopped = divide_until::<Chess>(&pos, 3, 1, &stop).unwrap_err();
        assert_eq!(stopped.roots, 20);
    }
}
