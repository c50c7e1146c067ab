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

use variants::magician::{types, Magician};
use variants::{pgn, Variant};

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
use texel::{error, fit, fit_scale, result_value, Sample};

fn main() {
    let mut samples = Vec::new();
    let mut games = 0;
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for chunk in text.split("[Event ").filter(|c| !c.trim().is_empty()) {
            let read = match pgn::read::<Magician>(&format!("[Event {chunk}")) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{path}: skipped a game: {e}");
                    continue;
                }
            };
            let Some(result) = result_value(&read.result) else {
                continue;
            };
            games += 1;
            let mut pos = read.game.start_position().clone();
            for (ply, turn) in read.game.turns().iter().enumerate() {
                // Quiet positions only: not in check, and the move played
                // next is not a capture or promotion (the material is not
                // about to change hands).
                let quiet = !Magician::in_check(&pos)
                    && turn.iter().all(|&mv| !Magician::is_noisy(&pos, mv));
                if ply >= 8 && quiet {
                    let mut diff = vec![0i8; 7];
                    for (i, &kind) in KINDS.iter().enumerate() {
                        diff[i] = (pos.pieces(0, kind).count_ones() as i32
                            - pos.pieces(1, kind).count_ones() as i32)
                            as i8;
                    }
                    samples.push(Sample { diff, result });
                }
                for &mv in turn {
                    pos = Magician::make(&pos, mv);
                }
            }
        }
    }
    if samples.is_empty() {
        eprintln!("usage: magician_material_fit GAMES.pgn... (no games read)");
        std::process::exit(2);
    }
    let current = vec![100.0, 420.0, 330.0, 360.0, 820.0, 860.0, 760.0];
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
