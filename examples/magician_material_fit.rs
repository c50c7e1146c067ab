//! Fits Magician Chess material values to game results (Texel's method,
//! material only): every quiet position of the given PGN games is a sample
//! whose label is the game's result, and the values minimise the squared
//! error of `sigmoid(k * material)` against those labels. The Pawn stays at
//! 100 to fix the scale.
//!
//! ```sh
//! arcana match --variant magician --engine name=A --engine name=B --games 1000 \
//!     --depth 4 --random-plies 6 --concurrency 2 --pgn selfplay.pgn
//! cargo run --release --example magician_material_fit -- selfplay.pgn
//! ```

use variants::magician::{types, Magician, VALUE};

/// The piece kinds with a value (the King has none), and their names.
const KINDS: [usize; 7] = [
    types::PAWN,
    types::ROOK,
    types::KNIGHT,
    types::MAGICIAN,
    types::ROOK_KNIGHT,
    types::ROOK_MAGICIAN,
    types::KNIGHT_MAGICIAN,
];
const NAMES: [&str; 7] = ["P", "R", "N", "M", "C (R+N)", "S (R+M)", "W (N+M)"];

#[path = "common/texel.rs"]
mod texel;
use texel::{error, fit, fit_scale, quiet_samples, Sample};

fn main() {
    let (games, samples) = quiet_samples::<Magician>(8, |pos| {
        KINDS
            .iter()
            .map(|&kind| {
                (pos.pieces(0, kind).count_ones() as i32 - pos.pieces(1, kind).count_ones() as i32)
                    as i8
            })
            .collect()
    });
    if samples.is_empty() {
        eprintln!("usage: magician_material_fit GAMES.pgn... (no games read)");
        std::process::exit(2);
    }
    // The engine's values, so that the error printed is the engine's.
    let current: Vec<f64> = KINDS.iter().map(|&kind| VALUE[kind] as f64).collect();
    println!("{games} games, {} quiet positions", samples.len());
    for (i, name) in NAMES.iter().enumerate() {
        let unequal = samples.iter().filter(|s| s.diff[i] != 0).count();
        println!("  {name:8} unequal in {unequal} positions");
    }
    let k = fit_scale(&samples, &current);
    println!(
        "k = {k:.5}, error with the current values {:.6}",
        error(&samples, &current, k)
    );
    let free = fit(&samples, current.clone(), k, &[1, 2, 3, 4, 5, 6]);
    println!("every value free (error {:.6}):", error(&samples, &free, k));
    print_values(&free);
    // Promoted pieces are rare, and appear mostly in games already won,
    // so their free values are noise. Tied, each compound is worth its two
    // parts, and its samples inform the parts instead.
    let folded: Vec<Sample> = samples
        .iter()
        .map(|s| {
            let d = &s.diff;
            Sample {
                diff: vec![
                    d[0],
                    d[1] + d[4] + d[5],
                    d[2] + d[4] + d[6],
                    d[3] + d[5] + d[6],
                    0,
                    0,
                    0,
                ],
                result: s.result,
            }
        })
        .collect();
    let mut tied = fit(&folded, current, k, &[1, 2, 3]);
    tied[4] = tied[1] + tied[2];
    tied[5] = tied[1] + tied[3];
    tied[6] = tied[2] + tied[3];
    println!(
        "compounds = sum of their parts (error {:.6}):",
        error(&samples, &tied, k)
    );
    print_values(&tied);
}

fn print_values(values: &[f64]) {
    for (name, v) in NAMES.iter().zip(values) {
        println!("  {name:8} {v:.0}");
    }
}
