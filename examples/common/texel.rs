//! Texel's method for material values, shared by the `*_material_fit`
//! examples: each sample is a quiet position (White's surplus of every
//! piece kind) labelled with the game's result, and the values minimise the
//! squared error of `sigmoid(k * material)` against the labels.

pub use arcana::fit::{best_scale, sigmoid};
use variants::{pgn, Variant};

/// One position: White's surplus of each kind, and the result for White.
pub struct Sample {
    pub diff: Vec<i8>,
    pub result: f64,
}

/// Mean squared error of the values with scale `k`.
pub fn error(samples: &[Sample], values: &[f64], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| {
            let material: f64 = s.diff.iter().zip(values).map(|(&d, &v)| d as f64 * v).sum();
            (s.result - sigmoid(k * material)).powi(2)
        })
        .sum::<f64>()
        / samples.len() as f64
}

/// The scale `k` that fits `values` best.
pub fn fit_scale(samples: &[Sample], values: &[f64]) -> f64 {
    best_scale(|k| error(samples, values, k))
}

/// Coordinate descent over the values numbered in `free`.
pub fn fit(samples: &[Sample], mut values: Vec<f64>, k: f64, free: &[usize]) -> Vec<f64> {
    for step in [40.0, 20.0, 10.0, 5.0] {
        let mut improved = true;
        while improved {
            improved = false;
            for &i in free {
                let here = error(samples, &values, k);
                for delta in [step, -step] {
                    values[i] += delta;
                    if error(samples, &values, k) < here {
                        improved = true;
                        break;
                    }
                    values[i] -= delta;
                }
            }
        }
    }
    values
}

/// Reads the PGN files named on the command line: the number of finished
/// games and one sample per quiet position from ply `skip` on (not in
/// check, and the move played next changes no material), its material
/// surplus given by `diff`.
pub fn quiet_samples<V: Variant + Default>(
    skip: usize,
    diff: impl Fn(&V::Position) -> Vec<i8>,
) -> (usize, Vec<Sample>) {
    let mut samples = Vec::new();
    let games = quiet_positions::<V>(std::env::args().skip(1), skip, |pos, result, _| {
        samples.push(Sample {
            diff: diff(pos),
            result,
        })
    });
    (games, samples)
}

/// Reads the PGN files in `paths` and calls `visit` with each quiet
/// position from ply `skip` on (not in check, and the move played next
/// changes no material), the game's result for White and the game's
/// number (from 0). Returns the number of finished games.
pub fn quiet_positions<V: Variant + Default>(
    paths: impl Iterator<Item = String>,
    skip: usize,
    mut visit: impl FnMut(&V::Position, f64, usize),
) -> usize {
    let mut games = 0;
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for chunk in text.split("[Event ").filter(|c| !c.trim().is_empty()) {
            let read = match pgn::read(&V::default(), &format!("[Event {chunk}")) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{path}: skipped a game: {e}");
                    continue;
                }
            };
            let Some(result) = result_value(&read.result) else {
                continue;
            };
            let mut pos = read.game.start_position().clone();
            for (ply, turn) in read.game.turns().iter().enumerate() {
                let quiet = !V::in_check(&pos) && turn.iter().all(|&mv| !V::is_noisy(&pos, mv));
                if ply >= skip && quiet {
                    visit(&pos, result, games);
                }
                for &mv in turn {
                    pos = V::make(&pos, mv);
                }
            }
            games += 1;
        }
    }
    games
}

/// The result of a PGN game for White, if decided or drawn.
fn result_value(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}
