//! Fits Vanguard Chess material values to game results (Texel's method,
//! material only, see `common/texel.rs`): every quiet position of the given
//! PGN games is a sample labelled with the game's result. The Pawn stays at
//! 100 to fix the scale; the King has no value.
//!
//! ```sh
//! arcana match --variant vanguard --engine name=A --engine name=B --games 300 \
//!     --depth 2 --random-plies 10 --maxplies 600 --pgn selfplay.pgn
//! cargo run --release --example vanguard_material_fit -- selfplay.pgn
//! ```

#[path = "common/texel.rs"]
mod texel;
use texel::{error, fit, fit_scale, quiet_samples};
use variants::vanguard::types::{KINDS, LETTERS, PAWN};
use variants::vanguard::{Vanguard, VALUE};

fn main() {
    let (games, samples) = quiet_samples::<Vanguard>(12, |pos| {
        (0..KINDS)
            .map(|k| (pos.pieces(0, k).count() as i32 - pos.pieces(1, k).count() as i32) as i8)
            .collect()
    });
    if samples.is_empty() {
        eprintln!("usage: vanguard_material_fit GAMES.pgn... (no games read)");
        std::process::exit(2);
    }
    let current: Vec<f64> = VALUE.iter().map(|&v| v as f64).collect();
    println!("{games} games, {} quiet positions", samples.len());
    let k = fit_scale(&samples, &current);
    println!(
        "k = {k:.5}, error with the current values {:.6}",
        error(&samples, &current, k)
    );
    let free: Vec<usize> = (1..KINDS).filter(|&k| k != PAWN).collect();
    let fitted = fit(&samples, current.clone(), k, &free);
    println!("fitted (error {:.6}):", error(&samples, &fitted, k));
    println!("  piece  current  fitted  positions where unequal");
    for kind in 1..KINDS {
        let unequal = samples.iter().filter(|s| s.diff[kind] != 0).count();
        println!(
            "  {}      {:5.0}   {:5.0}   {unequal}",
            LETTERS[kind], current[kind], fitted[kind]
        );
    }
}
