//! Perft: the number of legal move sequences of a given number of turns.
//!
//! Works for every [`Variant`]: a turn is a run of plies by one side (see
//! the trait), so depth counts turns, not plies. The last turn is counted in
//! bulk by [`Variant::count_turns`]. Root turns can be searched in parallel.

pub mod epd;

use rayon::prelude::*;
use std::time::{Duration, Instant};
use variants::{turns, MoveList, Variant};

/// `perft(pos, depth)`: legal turn sequences of length `depth`.
pub fn perft<V: Variant>(pos: &V::Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => V::count_turns(pos),
        _ => {
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
                nodes += perft::<V>(&child, left);
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

/// Perft split by root turn, over `threads` worker threads (1 = on the
/// calling thread). Depth 0 gives one node and no moves.
pub fn divide<V: Variant>(pos: &V::Position, depth: u32, threads: usize) -> Divide {
    let start = Instant::now();
    if depth == 0 {
        return Divide {
            moves: Vec::new(),
            nodes: 1,
            elapsed: start.elapsed(),
        };
    }
    let roots = turns::legal_turns::<V>(pos);
    let count = |(_, token, child): &(Vec<V::Move>, String, V::Position)| {
        (token.clone(), perft::<V>(child, depth - 1))
    };
    let mut moves: Vec<(String, u64)> = if threads <= 1 {
        roots.iter().map(count).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| roots.par_iter().map(count).collect()),
            Err(_) => roots.iter().map(count).collect(),
        }
    };
    moves.sort();
    let nodes = moves.iter().map(|(_, n)| n).sum();
    Divide {
        moves,
        nodes,
        elapsed: start.elapsed(),
    }
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

    #[test]
    fn start_position_small_depths() {
        let pos = Chess::start();
        let expected = [1, 20, 400, 8_902, 197_281];
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft::<Chess>(&pos, d as u32), n, "depth {d}");
        }
    }

    #[test]
    fn divide_sums_and_threads_agree() {
        let pos =
            Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let one = divide::<Chess>(&pos, 3, 1);
        let two = divide::<Chess>(&pos, 3, 2);
        assert_eq!(one.nodes, 97_862);
        assert_eq!(one.moves.len(), 48);
        assert_eq!(one.moves, two.moves);
        assert!(one.moves.iter().any(|(t, _)| t == "e1g1"));
    }
}
