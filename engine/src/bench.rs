//! `bench`: a fixed-depth search of each of a variant's bench positions.
//! With one thread the node total is deterministic, so it doubles as a
//! signature of the search: it changes only when the search does.

use crate::search::{search, Request, SearchResult, Shared, Silent};
use crate::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
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
    /// Positions not searched to the end: an unreadable FEN or a search
    /// thread that panicked. A bench with any is no signature.
    pub failed: usize,
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

/// Searches every bench position of `game` (its spec's `bench_fens`) to
/// `depth` with a fresh hash table of `hash_mib` MiB each, calling
/// `each(index, fen, result)` after each position.
pub fn bench<V: Variant>(
    game: &V,
    depth: i32,
    threads: usize,
    hash_mib: usize,
    each: &mut BenchVisitor<'_, V::Move>,
) -> BenchTotal {
    let never = BenchTotal {
        nodes: 0,
        elapsed: Duration::ZERO,
        failed: 0,
    };
    run(game, depth, threads, hash_mib, None, each).unwrap_or(never)
}

/// [`bench`] that ends soon after `stop` is set (UCI `bench` runs like a
/// search); `None` when it was stopped.
pub fn bench_until<V: Variant>(
    game: &V,
    depth: i32,
    threads: usize,
    hash_mib: usize,
    stop: &AtomicBool,
    each: &mut BenchVisitor<'_, V::Move>,
) -> Option<BenchTotal> {
    run(game, depth, threads, hash_mib, Some(stop), each)
}

fn run<V: Variant>(
    game: &V,
    depth: i32,
    threads: usize,
    hash_mib: usize,
    stop: Option<&AtomicBool>,
    each: &mut BenchVisitor<'_, V::Move>,
) -> Option<BenchTotal> {
    let mut total = BenchTotal {
        nodes: 0,
        elapsed: Duration::ZERO,
        failed: 0,
    };
    for (i, fen) in game.spec().bench_fens.iter().enumerate() {
        let Some((shared, req)) = position(game, i, fen, depth, threads, hash_mib) else {
            total.failed += 1;
            continue;
        };
        let start = Instant::now();
        let result = match stop {
            None => search::<V>(&shared, &req, &Silent),
            Some(stop) => {
                let result = search_until(&shared, &req, stop);
                if stop.load(Relaxed) {
                    return None;
                }
                result
            }
        };
        total.elapsed += start.elapsed();
        total.nodes += result.nodes;
        total.failed += result.failed as usize;
        each(i, fen, &result);
    }
    Some(total)
}

/// A search whose fresh state also stops when `stop` is set: a watcher
/// carries the caller's flag into it.
fn search_until<V: Variant>(
    shared: &Shared,
    req: &Request<V>,
    stop: &AtomicBool,
) -> SearchResult<V::Move> {
    let searched = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !searched.load(Relaxed) {
                if stop.load(Relaxed) {
                    shared.stop.store(true, Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        let result = search::<V>(shared, req, &Silent);
        searched.store(true, Relaxed);
        result
    })
}

/// The fresh state and the request of bench position `i`.
fn position<V: Variant>(
    game: &V,
    i: usize,
    fen: &str,
    depth: i32,
    threads: usize,
    hash_mib: usize,
) -> Option<(Shared, Request<V>)> {
    let Ok(root) = game.read_fen(fen) else {
        log::error!("bench position {} is not a valid FEN: {fen}", i + 1);
        return None;
    };
    let req = Request::<V> {
        root,
        history: Vec::new(),
        positions: Vec::new(),
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        search_moves: Vec::new(),
        multipv: 1,
        threads,
        move_overhead: Duration::ZERO,
        params: Default::default(),
    };
    Some((Shared::new(hash_mib), req))
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::chess::Chess;
    use variants::prelude::*;

    #[test]
    fn single_thread_bench_is_deterministic() {
        let run = || {
            let mut per_position = Vec::new();
            let t = bench(&Chess, 4, 1, 1, &mut |_, _, r| per_position.push(r.nodes));
            (t.nodes, per_position)
        };
        let (a, per_a) = run();
        let (b, per_b) = run();
        assert_eq!(a, b);
        assert_eq!(per_a, per_b);
        assert_eq!(per_a.len(), Chess.spec().bench_fens.len());
        assert!(per_a.iter().all(|&n| n > 0));
        let go_on = AtomicBool::new(false);
        let mut per_c = Vec::new();
        let c = bench_until(&Chess, 4, 1, 1, &go_on, &mut |_, _, r| per_c.push(r.nodes));
        assert_eq!(c.map(|t| t.nodes), Some(a));
        assert_eq!(per_c, per_a);
    }

    #[test]
    fn a_stopped_bench_ends_at_once() {
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            let running = s.spawn(|| bench_until(&Chess, 60, 1, 1, &stop, &mut |_, _, _| {}));
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, Relaxed);
            assert_eq!(running.join().unwrap(), None);
        });
    }
}
