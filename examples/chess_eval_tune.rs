//! Fits every chess evaluation weight to game results (Texel's method):
//! each quiet position of the given PGN games is a sample labelled with the
//! game's result, and the weights minimise the squared error of
//! `sigmoid(k * eval)` against the labels. The evaluation is linear in its
//! weights (`eval::trace` gives each position's term counts), so the fit is
//! a plain gradient descent (Adam) over all samples at once, starting from
//! the current weights; `k` is fitted first, to the current weights, and
//! then kept, which fixes the scale. One game in ten is held out to show
//! that the fit generalises. `TUNE_PST=separable` fits piece-square
//! tables by file and rank terms only. `TUNE_EPOCHS`, `TUNE_RATE` and `TUNE_L2` in
//! the environment override the constants below. Prints the new `variants/src/chess/weights.rs`.
//!
//! ```sh
//! arcana match --engine name=A --engine name=B --games 10000 --nodes 4000 \
//!     --random-plies 8 --concurrency 2 --resign movecount=3,score=900 \
//!     --draw movenumber=50,movecount=10,score=8 --pgn selfplay.pgn
//! cargo run --release --example chess_eval_tune -- selfplay.pgn > weights.rs
//! ```

use rayon::prelude::*;
use texel::sigmoid;
use variants::chess::eval::{self, param};
use variants::chess::Chess;

#[path = "common/texel.rs"]
#[allow(dead_code)] // the material-only fitting there is for other variants
mod texel;

/// Adam steps over the whole training set.
const EPOCHS: usize = 3000;
/// Weight of the penalty on squared distances from the starting weights
/// (ridge regression): without it, terms seen in a few hundred positions
/// swing by hundreds of centipawns to fit noise.
const L2: f64 = 1e-8;
/// Terms in fewer training positions than this keep their weights.
const MIN_SEEN: usize = 200;
/// Adam's step size, in centipawns.
const RATE: f64 = 1.0;

/// Samples in flat arrays: the terms of sample `i` are
/// `terms[start[i]..start[i + 1]]`.
#[derive(Default)]
struct Samples {
    start: Vec<usize>,
    terms: Vec<(u16, i16)>,
    phase: Vec<f64>,
    eg_scale: Vec<f64>,
    result: Vec<f64>,
}

impl Samples {
    fn new() -> Samples {
        Samples {
            start: vec![0],
            ..Samples::default()
        }
    }

    fn push(&mut self, trace: eval::Trace, result: f64) {
        self.terms.extend_from_slice(&trace.terms);
        self.start.push(self.terms.len());
        self.phase.push(trace.phase as f64 / 24.0);
        self.eg_scale.push(trace.eg_scale);
        self.result.push(result);
    }

    fn len(&self) -> usize {
        self.result.len()
    }

    /// White's evaluation of sample `i` under `w` (midgame weights at even
    /// indices, endgame at odd).
    fn eval(&self, i: usize, w: &[f64]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(p, c) in &self.terms[self.start[i]..self.start[i + 1]] {
            mg += w[2 * p as usize] * c as f64;
            eg += w[2 * p as usize + 1] * c as f64;
        }
        mg * self.phase[i] + eg * self.eg_scale[i] * (1.0 - self.phase[i])
    }

    fn error(&self, w: &[f64], k: f64) -> f64 {
        (0..self.len())
            .into_par_iter()
            .map(|i| (self.result[i] - sigmoid(k * self.eval(i, w))).powi(2))
            .sum::<f64>()
            / self.len() as f64
    }

    /// The gradient of the mean squared error.
    fn gradient(&self, w: &[f64], k: f64) -> Vec<f64> {
        let n = self.len();
        let mut g = (0..n)
            .into_par_iter()
            .fold(
                || vec![0.0; w.len()],
                |mut g, i| {
                    let s = sigmoid(k * self.eval(i, w));
                    let d = -2.0 * (self.result[i] - s) * s * (1.0 - s) * k;
                    let dmg = d * self.phase[i];
                    let deg = d * self.eg_scale[i] * (1.0 - self.phase[i]);
                    for &(p, c) in &self.terms[self.start[i]..self.start[i + 1]] {
                        g[2 * p as usize] += dmg * c as f64;
                        g[2 * p as usize + 1] += deg * c as f64;
                    }
                    g
                },
            )
            .reduce(
                || vec![0.0; w.len()],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        g.iter_mut().for_each(|x| *x /= n as f64);
        g
    }
}

/// The weight groups in table order: name and first index (a group ends
/// where the next begins).
const GROUPS: [(&str, usize); 33] = [
    ("material", param::MATERIAL),
    ("piece-square pawn (a1..h8, White's view)", param::PST),
    ("piece-square knight", param::PST + 64),
    ("piece-square bishop", param::PST + 2 * 64),
    ("piece-square rook", param::PST + 3 * 64),
    ("piece-square queen", param::PST + 4 * 64),
    ("piece-square king", param::PST + 5 * 64),
    ("mobility knight (safe squares 0..)", param::MOB_KNIGHT),
    ("mobility bishop", param::MOB_BISHOP),
    ("mobility rook", param::MOB_ROOK),
    ("mobility queen", param::MOB_QUEEN),
    ("passed pawn by relative rank", param::PASSED),
    (
        "passed pawn: enemy king distance to the stop square, per rank weight",
        param::PASSED_THEIR_KING,
    ),
    (
        "passed pawn: own king distance to the stop square, per rank weight",
        param::PASSED_OWN_KING,
    ),
    (
        "passed pawn: free stop square, per rank weight",
        param::PASSED_FREE,
    ),
    ("isolated pawn", param::ISOLATED),
    ("doubled pawn (each extra)", param::DOUBLED),
    ("bishop pair", param::BISHOP_PAIR),
    ("rook on an open file", param::ROOK_OPEN),
    ("rook on a half-open file", param::ROOK_HALF_OPEN),
    ("king shelter pawn (up to 3)", param::SHIELD),
    (
        "king zone attack units (two or more attackers)",
        param::KING_DANGER,
    ),
    ("tempo", param::TEMPO),
    ("threat by pawn on (pawn .. king)", param::THREAT_BY_PAWN),
    (
        "threat by knight or bishop on (pawn .. king)",
        param::THREAT_BY_MINOR,
    ),
    ("threat by rook on (pawn .. king)", param::THREAT_BY_ROOK),
    ("hanging piece or pawn", param::HANGING),
    (
        "outpost (pawn .. king; knight and bishop used)",
        param::OUTPOST,
    ),
    ("pawn phalanx by relative rank", param::PHALANX),
    (
        "pawn defended by a pawn, by relative rank",
        param::SUPPORTED,
    ),
    ("backward pawn", param::BACKWARD),
    (
        "files at and beside the king without own pawns",
        param::KING_FILES_OPEN,
    ),
    (
        "safe checking squares by checker (pawn .. king)",
        param::SAFE_CHECK,
    ),
];

/// The weight indices of group `g`.
fn group(g: usize) -> std::ops::Range<usize> {
    let end = GROUPS.get(g + 1).map_or(param::COUNT, |next| next.1);
    GROUPS[g].1..end
}

/// The fitted coordinates: each moves a set of weights (midgame at even
/// indices, endgame at odd) by the same amount. A weight seen in fewer than
/// MIN_SEEN positions is in none. Normally each weight is its own
/// coordinate; with `separable`, a piece-square table moves only by a
/// file term (the same for mirrored files) plus a rank term, 12 numbers
/// instead of 64, which the data can pin down.
fn coordinates(seen: &[usize], separable: bool) -> Vec<Vec<usize>> {
    let fitted = |p: usize| seen[p] >= MIN_SEEN;
    let pst = param::PST..param::PST + 6 * 64;
    let mut coords: Vec<Vec<usize>> = (0..param::COUNT)
        .filter(|&p| fitted(p) && !(separable && pst.contains(&p)))
        .flat_map(|p| [vec![2 * p], vec![2 * p + 1]])
        .collect();
    if separable {
        for kind in 0..6 {
            for phase in 0..2 {
                let members = |on: &dyn Fn(usize) -> bool| -> Vec<usize> {
                    (0..64)
                        .map(|sq| param::PST + 64 * kind + sq)
                        .filter(|&p| fitted(p) && on((p - param::PST) % 64))
                        .map(|p| 2 * p + phase)
                        .collect()
                };
                for file in 0..4 {
                    coords.push(members(&|sq| sq % 8 == file || sq % 8 == 7 - file));
                }
                for rank in 0..8 {
                    coords.push(members(&|sq| sq / 8 == rank));
                }
            }
        }
        coords.retain(|c| !c.is_empty());
    }
    coords
}

/// Moves each piece-square table's mean into the piece's material value.
/// Every piece counts its material and one table entry, so only their sum
/// is fitted; without this the tables drift to large offsets (a queen's
/// endgame entries near -300 against material 1,300) and read as nonsense.
/// The evaluation changes only by rounding. The King is left alone: its
/// material weight is 0 and both sides always have one.
fn centre_tables(w: &mut [f64]) {
    for kind in 0..5 {
        // Pawns never stand on the first or last rank.
        let squares = if kind == 0 { 8..56 } else { 0..64 };
        for phase in 0..2 {
            let at = |sq: usize| 2 * (param::PST + 64 * kind + sq) + phase;
            let mean = squares.clone().map(|sq| w[at(sq)]).sum::<f64>() / squares.len() as f64;
            for sq in squares.clone() {
                w[at(sq)] -= mean;
            }
            w[2 * (param::MATERIAL + kind) + phase] += mean;
        }
    }
}

fn print_weights(w: &[f64], note: &str) {
    println!("//! Chess evaluation weights: (midgame, endgame) centipawns per term, in");
    println!("//! the order of `eval::param`. Generated by the `chess_eval_tune` example");
    println!("//! ({note}).");
    println!();
    println!("use super::eval::param::COUNT;");
    println!();
    println!("/// Every evaluation weight.");
    println!("#[rustfmt::skip]");
    println!("pub(super) static WEIGHTS: [[i32; 2]; COUNT] = [");
    for (g, (name, _)) in GROUPS.iter().enumerate() {
        println!("    // {name}");
        for row in group(g).collect::<Vec<_>>().chunks(8) {
            let cells: Vec<String> = row
                .iter()
                .map(|&p| {
                    format!(
                        "[{}, {}],",
                        w[2 * p].round() as i32,
                        w[2 * p + 1].round() as i32
                    )
                })
                .collect();
            println!("    {}", cells.join(" "));
        }
    }
    println!("];");
}

fn main() {
    let mut train = Samples::new();
    let mut test = Samples::new();
    let games =
        texel::quiet_positions::<Chess>(std::env::args().skip(1), 8, |pos, result, game| {
            // Positions of one game are alike: hold out whole games.
            let set = if game % 10 == 9 {
                &mut test
            } else {
                &mut train
            };
            set.push(eval::trace(pos), result);
        });
    if train.len() == 0 {
        eprintln!("usage: chess_eval_tune GAMES.pgn... (no games read)");
        std::process::exit(2);
    }
    eprintln!(
        "{games} games, {} training and {} held-out positions",
        train.len(),
        test.len()
    );
    let mut w: Vec<f64> = (0..param::COUNT)
        .flat_map(|p| eval::weight(p).map(f64::from))
        .collect();
    let k = texel::best_scale(|k| train.error(&w, k));
    eprintln!(
        "k = {k:.6}; error now: training {:.6}, held out {:.6}",
        train.error(&w, k),
        test.error(&w, k)
    );
    // Weights of terms seen in few positions would only fit noise.
    let mut seen = vec![0usize; param::COUNT];
    for &(p, _) in &train.terms {
        seen[p as usize] += 1;
    }
    // TUNE_GROUPS: the numbers of the groups (in `GROUPS`) to fit; others
    // keep their weights.
    let groups: Option<Vec<usize>> = std::env::var("TUNE_GROUPS")
        .ok()
        .map(|v| v.split(',').filter_map(|g| g.trim().parse().ok()).collect());
    if let Some(groups) = &groups {
        for g in (0..GROUPS.len()).filter(|g| !groups.contains(g)) {
            seen[group(g)].iter_mut().for_each(|s| *s = 0);
        }
    }
    let frozen = seen.iter().filter(|&&s| s < MIN_SEEN).count();
    eprintln!("{frozen} terms seen in fewer than {MIN_SEEN} positions stay as they are");
    let setting = |name: &str, default: f64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (epochs, rate, l2) = (
        setting("TUNE_EPOCHS", EPOCHS as f64) as usize,
        setting("TUNE_RATE", RATE),
        setting("TUNE_L2", L2),
    );
    let w0 = w.clone();
    let coords = coordinates(
        &seen,
        std::env::var("TUNE_PST").is_ok_and(|v| v == "separable"),
    );
    eprintln!("{} fitted coordinates", coords.len());
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut delta = vec![0.0; coords.len()];
    let mut m = vec![0.0; coords.len()];
    let mut v = vec![0.0; coords.len()];
    for epoch in 1..=epochs {
        let mut g = train.gradient(&w, k);
        for i in 0..w.len() {
            g[i] += 2.0 * l2 * (w[i] - w0[i]);
        }
        for (c, members) in coords.iter().enumerate() {
            let gc: f64 = members.iter().map(|&i| g[i]).sum();
            m[c] = b1 * m[c] + (1.0 - b1) * gc;
            v[c] = b2 * v[c] + (1.0 - b2) * gc * gc;
            let mh = m[c] / (1.0 - b1.powi(epoch as i32));
            let vh = v[c] / (1.0 - b2.powi(epoch as i32));
            delta[c] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        w.copy_from_slice(&w0);
        for (c, members) in coords.iter().enumerate() {
            members.iter().for_each(|&i| w[i] += delta[c]);
        }
        if epoch % 250 == 0 {
            eprintln!(
                "epoch {epoch}: training {:.6}, held out {:.6}",
                train.error(&w, k),
                test.error(&w, k)
            );
        }
    }
    centre_tables(&mut w);
    print_weights(
        &w,
        &format!(
            "{games} games, {} positions, k = {k:.6}, held-out error {:.6}",
            train.len() + test.len(),
            test.error(&w, k)
        ),
    );
}
