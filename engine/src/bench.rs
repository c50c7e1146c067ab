//! `bench`: a fixed-depth search of each of a variant's bench positions.
//! With one thread the node total is deterministic, so it doubles as a
//! signature of the search: it changes only when the search does.

use crate::search::{search, Request, SearchResult, Shared, Silent};
use crate::Limits;
use std::time::{Duration, Instant};
use variants::Variant;

/// Depth of `bench` when none is given (a few seconds on one core).
pub const DEFAULT_DEPTH: i32 = 10;

/// Totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTotal {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Wall time of all searches.
    pub elapsed: Duration,
}

impl BenchTotal {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.elapsed.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / us
    }
}

/// Called after each bench position: its index, FEN and search result.
pub type BenchVisitor<'a, M> = dyn FnMut(usize, &str, &SearchResult<M>) + 'a;

/// Searches every position of `V::BENCH_FENS` to `depth` with a fresh hash
/// table of `hash_mib` MiB each, calling `each(index, fen, result)` after
/// each position.
pub fn bench<V: Variant>(
    depth: i32,
    threads: usize,
    hash_mib: usize,
    each: &mut BenchVisitor<'_, V::Move>,
) -> BenchTotal {
    let mut total = BenchTotal {
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    for (i, fen) in V::BENCH_FENS.iter().enumerate() {
        let Ok(root) = V::from_fen(fen) else {
            log::error!("bench position {} is not a valid FEN: {fen}", i + 1);
            continue;
        };
        let shared = Shared::new(hash_mib);
        let req = Request::<V> {
            root,
            history: Vec::new(),
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            search_moves: Vec::new(),
            multipv: 1,
            threads,
            move_overhead: Duration::ZERO,
        };
        let start = Instant::now();
        let result = search::<V>(&shared, &req, &Silent);
        total.elapsed += start.elapsed();
        total.nodes += result.nodes;
        each(i, fen, &result);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::chess::Chess;

    #[test]
    fn single_thread_bench_is_deterministic() {
        let run = || {
            let mut per_position = Vec::new();
            let t = bench::<Chess>(4, 1, 1, &mut |_, _, r| per_position.push(r.nodes));
            (t.nodes, per_position)
        };
        let (a, per_a) = run();
        let (b, per_b) = run();
        assert_eq!(a, b);
        assert_eq!(per_a, per_b);
        assert_eq!(per_a.len(), Chess::BENCH_FENS.len());
        assert!(per_a.iter().all(|&n| n > 0));
    }
}
