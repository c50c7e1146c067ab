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
use texel::{error, fit, fit_scale, result_value, Sample};
use variants::vanguard::types::{KINDS, LETTERS, PAWN};
use variants::vanguard::{Vanguard, VALUE};
use variants::{pgn, Variant};

fn main() {
    let mut samples = Vec::new();
    let mut games = 0;
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for chunk in text.split("[Event ").filter(|c| !c.trim().is_empty()) {
            let read = match pgn::read::<Vanguard>(&format!("[Event {chunk}")) {
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
                // next changes no material.
                let quiet = !Vanguard::in_check(&pos)
                    && turn.iter().all(|&mv| !Vanguard::is_noisy(&pos, mv));
                if ply >= 12 && quiet {
                    let diff = (0..KINDS)
                        .map(|k| {
                            (pos.pieces(0, k).count() as i32 - pos.pieces(1, k).count() as i32)
                                as i8
                        })
                        .collect();
                    samples.push(Sample { diff, result });
                }
                for &mv in turn {
                    pos = Vanguard::make(&pos, mv);
                }
            }
        }
    }
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
