//! The wide bitboard's hot operations against bitvec's `BitArray` over the
//! same four words (a 16x16 board): and/or/not, shifts, popcount, iterating
//! set bits, lowest set bit.

use bitvec::prelude::*;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use variants::zobrist::keys;
use variants::Bits;

type Ours = Bits<4>;
type Theirs = BitArray<[u64; 4], Lsb0>;

const COUNT: usize = 256;

fn samples() -> (Vec<Ours>, Vec<Theirs>) {
    let k: [u64; COUNT * 8] = keys(42);
    // Sparse-ish boards, like piece sets: the AND of two random words.
    let ours: Vec<Ours> = (0..COUNT)
        .map(|i| Bits([0, 1, 2, 3].map(|w| k[i * 8 + w] & k[i * 8 + 4 + w])))
        .collect();
    let theirs = ours.iter().map(|b| BitArray::new(b.0)).collect();
    (ours, theirs)
}

fn bench(c: &mut Criterion) {
    let (ours, theirs) = samples();
    let mut g = c.benchmark_group("bits256");

    g.bench_function("and_or_not/ours", |b| {
        b.iter(|| {
            let mut acc = Ours::EMPTY;
            for w in black_box(&ours).windows(2) {
                acc ^= (w[0] & !w[1]) | (w[1] & acc);
            }
            acc
        })
    });
    g.bench_function("and_or_not/bitvec", |b| {
        b.iter(|| {
            let mut acc = Theirs::ZERO;
            for w in black_box(&theirs).windows(2) {
                acc ^= (w[0] & !w[1]) | (w[1] & acc);
            }
            acc
        })
    });

    g.bench_function("shift/ours", |b| {
        b.iter(|| {
            let mut acc = Ours::EMPTY;
            for x in black_box(&ours) {
                acc ^= x.shl(17) | x.shr(16);
            }
            acc
        })
    });
    g.bench_function("shift/bitvec", |b| {
        b.iter(|| {
            let mut acc = Theirs::ZERO;
            for x in black_box(&theirs) {
                let (mut up, mut down) = (*x, *x);
                up.shift_end(17); // bitvec: towards higher indices
                down.shift_start(16);
                acc ^= up | down;
            }
            acc
        })
    });

    g.bench_function("popcount/ours", |b| {
        b.iter(|| black_box(&ours).iter().map(|x| x.count()).sum::<u32>())
    });
    g.bench_function("popcount/bitvec", |b| {
        b.iter(|| {
            black_box(&theirs)
                .iter()
                .map(|x| x.count_ones())
                .sum::<usize>()
        })
    });

    g.bench_function("iter_ones/ours", |b| {
        b.iter(|| {
            black_box(&ours)
                .iter()
                .flat_map(|x| x.iter())
                .sum::<usize>()
        })
    });
    g.bench_function("iter_ones/bitvec", |b| {
        b.iter(|| {
            black_box(&theirs)
                .iter()
                .flat_map(|x| x.iter_ones())
                .sum::<usize>()
        })
    });

    g.bench_function("lowest/ours", |b| {
        b.iter(|| {
            black_box(&ours)
                .iter()
                .filter_map(|x| x.lowest())
                .sum::<usize>()
        })
    });
    g.bench_function("lowest/bitvec", |b| {
        b.iter(|| {
            black_box(&theirs)
                .iter()
                .filter_map(|x| x.first_one())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
