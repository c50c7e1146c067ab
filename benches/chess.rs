//! Chess move generation and evaluation speed: perft, generation alone,
//! counting, make, the static evaluation.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use variants::chess::{count_legal, legal_moves, Chess, Position};
use variants::prelude::*;
use variants::MoveList;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions reached from the start and Kiwipete, for the per-position benches.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for fen in [Chess.spec().start_fen.as_str(), KIWIPETE] {
        let root = Chess.read_fen(fen).unwrap();
        let mut list = MoveList::new();
        legal_moves(&root, &mut list);
        for &m in list.iter() {
            out.push(root.make(m));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let start = Chess.start();
    let kiwipete = Chess.read_fen(KIWIPETE).unwrap();
    let mut g = c.benchmark_group("chess");
    g.sample_size(20);
    g.bench_function("perft/start/5", |b| {
        b.iter(|| perft::perft::<Chess>(black_box(&start), 5))
    });
    g.bench_function("perft/kiwipete/4", |b| {
        b.iter(|| perft::perft::<Chess>(black_box(&kiwipete), 4))
    });
    g.finish();

    let positions = positions();
    let mut g = c.benchmark_group("chess-per-position");
    g.bench_function("generate", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in black_box(&positions) {
                let mut list = MoveList::new();
                legal_moves(p, &mut list);
                n += list.len();
            }
            n
        })
    });
    g.bench_function("count", |b| {
        b.iter(|| black_box(&positions).iter().map(count_legal).sum::<u64>())
    });
    let with_moves: Vec<(Position, Vec<variants::chess::Move>)> = positions
        .iter()
        .map(|p| {
            let mut list = MoveList::new();
            legal_moves(p, &mut list);
            (*p, list.to_vec())
        })
        .collect();
    g.bench_function("evaluate", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(|p| variants::chess::eval::evaluate(p) as i64)
                .sum::<i64>()
        })
    });
    g.bench_function("make", |b| {
        b.iter(|| {
            let mut h = 0u64;
            for (p, moves) in black_box(&with_moves) {
                for &m in moves {
                    h ^= p.make(m).hash();
                }
            }
            h
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
