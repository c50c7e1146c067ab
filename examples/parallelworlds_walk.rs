//! Parallel Worlds perft speed in both units: whole turns (what perft
//! counts, with the last turn counted in bulk) and sub-move nodes (every
//! sub-move played, the end-of-turn ply included, as the search sees them).
//!
//! `cargo run --release --example parallelworlds_walk [depth]` (default 2).

use std::time::Instant;
use variants::parallelworlds::ParallelWorlds as Pw;
use variants::prelude::*;
use variants::MoveList;

/// Plays every ply of `turns` whole turns; returns (turns, plies played).
fn walk(pos: &<Pw as Rules>::Position, turns: u32) -> (u64, u64) {
    if turns == 0 {
        return (1, 0);
    }
    let mut list = MoveList::new();
    Pw::generate(pos, &mut list);
    let (mut leaves, mut plies) = (0, 0);
    for &mv in list.iter() {
        let child = Pw::make(pos, mv);
        plies += 1;
        let left = if Pw::side_to_move(&child) == Pw::side_to_move(pos) {
            turns
        } else {
            turns - 1
        };
        let (l, p) = walk(&child, left);
        leaves += l;
        plies += p;
    }
    (leaves, plies)
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(2);
    let start = Pw.start();
    let t = Instant::now();
    let bulk = perft::perft::<Pw>(&start, depth);
    let bulk_time = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let (turns, plies) = walk(&start, depth);
    let walk_time = t.elapsed().as_secs_f64();
    assert_eq!(turns, bulk);
    println!(
        "perft {depth}: {bulk} turns in {bulk_time:.3} s ({:.0} turns/s, last turn counted in bulk)",
        bulk as f64 / bulk_time
    );
    println!(
        "full walk: {plies} plies (sub-moves and turn ends) in {walk_time:.3} s ({:.0} plies/s, {:.0} turns/s)",
        plies as f64 / walk_time,
        turns as f64 / walk_time
    );
}
