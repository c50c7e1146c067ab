//! The average reach of every Vanguard piece on an otherwise empty 16x16
//! board, and on boards where 30% of the other squares hold pieces (as in
//! a middlegame: 96 pieces on 256 squares is 37%): the squares it can move
//! to and the squares on which it could capture, averaged over the squares
//! it can stand on. The first step in deriving piece values.
//!
//! ```sh
//! cargo run --release --example vanguard_mobility
//! ```

use variants::vanguard::movegen::pseudo_legal;
use variants::vanguard::position::Position;
use variants::vanguard::types::*;
use variants::MoveList;

/// The next number of a deterministic sequence (SplitMix64).
fn next(state: &mut u64) -> u64 {
    let (s, out) = variants::zobrist::splitmix64(*state);
    *state = s;
    out
}

/// Average (quiet moves, captures) of `kind` over its squares, with the
/// other squares filled at `density` by enemy Pawns (blockers and targets).
fn reach(kind: usize, density: f64, samples: u32) -> (f64, f64) {
    let mut rng = 1u64;
    let (mut moves, mut captures, mut n) = (0u64, 0u64, 0u64);
    for sq in 0..SQUARES {
        if pawn_class(kind) && (rank_of(sq) == 15 || rank_of(sq) < 2) {
            continue;
        }
        for _ in 0..samples {
            let mut pos = Position::empty();
            pos.put(sq, 0, kind);
            for t in 0..SQUARES {
                let fill = (next(&mut rng) % 1000) as f64 / 1000.0 < density;
                if t != sq && fill && rank_of(t) != 0 && rank_of(t) != 15 {
                    pos.put(t, 1, PAWN);
                }
            }
            let mut list = MoveList::new();
            pseudo_legal(&pos, &mut list);
            moves += list
                .iter()
                .filter(|a| a.kind() == ActionKind::Normal && pos.piece(a.to()).is_none())
                .count() as u64;
            // On an empty board: every square it attacks; filled: the
            // enemies it attacks.
            captures += (0..SQUARES)
                .filter(|&t| t != sq && (density == 0.0 || pos.piece(t).is_some()))
                .filter(|&t| pos.attacked(t, 0))
                .count() as u64;
            n += 1;
        }
    }
    (moves as f64 / n as f64, captures as f64 / n as f64)
}

fn main() {
    println!("piece  empty board      30% filled");
    println!("       moves captures   moves captures");
    for (kind, letter) in LETTERS.iter().enumerate() {
        let (m0, c0) = reach(kind, 0.0, 1);
        let (m1, c1) = reach(kind, 0.3, 8);
        println!("{letter}      {m0:5.1} {c0:5.1}      {m1:5.1} {c1:5.1}");
    }
}
