//! Texel's method: evaluation weights fitted to game results. Each sample
//! is a quiet position as term counts ([`variants::EvalTrace`]) labelled
//! with its game's result for White, or a blend of that result and the
//! engine's own search score of the position ([`Samples::blend`]); the
//! weights minimise the mean squared error of `sigmoid(k × eval)` against
//! the labels. The evaluation is
//! linear in its weights, so the fit is a gradient descent (Adam) over
//! all samples at once, on every core; `k` is fitted first, to the
//! starting weights, and then kept, which fixes the scale.

use rayon::prelude::*;
use variants::EvalTrace;

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Samples in flat arrays: the terms of sample `i` are
/// `terms[start[i]..start[i + 1]]`.
#[derive(Clone, Debug)]
pub struct Samples {
    start: Vec<usize>,
    terms: Vec<(u32, f32)>,
    phase: Vec<f64>,
    eg_scale: Vec<f64>,
    /// The game's result for White.
    result: Vec<f64>,
    /// A search's score of the position for White, in centipawns (NaN:
    /// none).
    score: Vec<f64>,
    /// What the fit aims at: the result, or its blend with the score.
    target: Vec<f64>,
}

impl Default for Samples {
    fn default() -> Self {
        Samples {
            start: vec![0],
            terms: Vec::new(),
            phase: Vec::new(),
            eg_scale: Vec::new(),
            result: Vec::new(),
            score: Vec::new(),
            target: Vec::new(),
        }
    }
}

impl Samples {
    /// Adds a position with its game's result for White (1, ½ or 0) and,
    /// where known, a search's score of it for White (centipawns).
    pub fn push(&mut self, trace: &EvalTrace, result: f64, score: Option<i32>) {
        self.terms
            .extend(trace.terms.iter().map(|&(p, c)| (p, c as f32)));
        self.start.push(self.terms.len());
        self.phase.push(trace.phase);
        self.eg_scale.push(trace.eg_scale);
        self.result.push(result);
        self.score.push(score.map_or(f64::NAN, f64::from));
        self.target.push(result);
    }

    /// How many samples have a search score.
    pub fn scored(&self) -> usize {
        self.score.iter().filter(|s| !s.is_nan()).count()
    }

    /// Labels each sample with `lambda` times its game's result plus
    /// `1 - lambda` times its search score's win chance at scale `k`
    /// (samples without a score keep the result): the score says what the
    /// position was worth, the result what became of it, which is noisy.
    pub fn blend(&mut self, k: f64, lambda: f64) {
        for i in 0..self.len() {
            let s = self.score[i];
            self.target[i] = if s.is_nan() {
                self.result[i]
            } else {
                lambda * self.result[i] + (1.0 - lambda) * sigmoid(k * s)
            };
        }
    }

    /// The number of samples.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// In how many samples each of `n` weights has a count.
    pub fn seen(&self, n: usize) -> Vec<usize> {
        let mut seen = vec![0; n];
        for &(p, _) in &self.terms {
            seen[p as usize] += 1;
        }
        seen
    }

    /// White's evaluation of sample `i` under `w`.
    fn eval(&self, i: usize, w: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(p, c) in &self.terms[self.start[i]..self.start[i + 1]] {
            let [wm, we] = w[p as usize];
            mg += wm * f64::from(c);
            eg += we * f64::from(c);
        }
        mg * self.phase[i] + eg * self.eg_scale[i] * (1.0 - self.phase[i])
    }

    /// The mean squared error of the predictions under `w` and `k`.
    pub fn error(&self, w: &[[f64; 2]], k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let parts: Vec<f64> = self
            .chunks()
            .into_par_iter()
            .map(|range| {
                range
                    .map(|i| (self.target[i] - sigmoid(k * self.eval(i, w))).powi(2))
                    .sum::<f64>()
            })
            .collect();
        parts.iter().sum::<f64>() / self.len() as f64
    }

    /// The samples in fixed runs: each is summed on one core and the runs
    /// in order, so that a fit gives the same weights every time (a
    /// reduction in whatever order threads finish would round
    /// differently).
    fn chunks(&self) -> Vec<std::ops::Range<usize>> {
        const RUN: usize = 4096;
        (0..self.len())
            .step_by(RUN)
            .map(|a| a..(a + RUN).min(self.len()))
            .collect()
    }

    /// The gradient of [`Samples::error`] by each weight.
    fn gradient(&self, w: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
        let n = self.len().max(1);
        let parts: Vec<Vec<[f64; 2]>> = self
            .chunks()
            .into_par_iter()
            .map(|range| {
                let mut g = vec![[0.0; 2]; w.len()];
                for i in range {
                    let s = sigmoid(k * self.eval(i, w));
                    let d = -2.0 * (self.target[i] - s) * s * (1.0 - s) * k;
                    let dmg = d * self.phase[i];
                    let deg = d * self.eg_scale[i] * (1.0 - self.phase[i]);
                    for &(p, c) in &self.terms[self.start[i]..self.start[i + 1]] {
                        g[p as usize][0] += dmg * f64::from(c);
                        g[p as usize][1] += deg * f64::from(c);
                    }
                }
                g
            })
            .collect();
        let mut g = vec![[0.0; 2]; w.len()];
        for part in parts {
            for (x, y) in g.iter_mut().zip(part) {
                x[0] += y[0] / n as f64;
                x[1] += y[1] / n as f64;
            }
        }
        g
    }
}

/// The scale `k` that minimises `error(k)` (a step search from 0.005: a
/// centipawn evaluation maps to a win chance).
pub fn best_scale(error: impl Fn(f64) -> f64) -> f64 {
    let mut k = 0.005;
    let mut step = 0.002;
    while step > 1e-7 {
        let here = error(k);
        if error(k + step) < here {
            k += step;
        } else if k - step > 0.0 && error(k - step) < here {
            k -= step;
        } else {
            step /= 2.0;
        }
    }
    k
}

/// How a fit runs.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Adam steps over the whole training set.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weight of the penalty on squared distances from the starting
    /// weights (ridge regression): without it, terms seen in few
    /// positions swing far to fit noise.
    pub l2: f64,
    /// Weights with counts in fewer training positions keep their values.
    pub min_seen: usize,
    /// Weights that keep their values whatever the data (`true` at their
    /// index; shorter than the table or empty: the rest are free).
    pub frozen: Vec<bool>,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 2000,
            rate: 1.0,
            l2: 1e-8,
            min_seen: 100,
            frozen: Vec::new(),
        }
    }
}

/// Fits `start` to `train` at scale `k`; `each(epoch, weights)` is called
/// every 100 epochs (for progress and the held-out error). Weights seen in
/// fewer than `min_seen` training positions keep their values.
pub fn fit(
    train: &Samples,
    start: &[[f64; 2]],
    k: f64,
    options: &FitOptions,
    mut each: impl FnMut(usize, &[[f64; 2]]),
) -> Vec<[f64; 2]> {
    let seen = train.seen(start.len());
    let frozen = |i: usize| options.frozen.get(i).copied().unwrap_or(false);
    let free: Vec<bool> = (seen.iter().enumerate())
        .map(|(i, &s)| s >= options.min_seen && !frozen(i))
        .collect();
    let mut w = start.to_vec();
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut m = vec![[0.0f64; 2]; w.len()];
    let mut v = vec![[0.0f64; 2]; w.len()];
    for epoch in 1..=options.epochs {
        let g = train.gradient(&w, k);
        for i in (0..w.len()).filter(|&i| free[i]) {
            for phase in 0..2 {
                let gi = g[i][phase] + 2.0 * options.l2 * (w[i][phase] - start[i][phase]);
                m[i][phase] = b1 * m[i][phase] + (1.0 - b1) * gi;
                v[i][phase] = b2 * v[i][phase] + (1.0 - b2) * gi * gi;
                let mh = m[i][phase] / (1.0 - b1.powi(epoch as i32));
                let vh = v[i][phase] / (1.0 - b2.powi(epoch as i32));
                w[i][phase] -= options.rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch % 100 == 0 || epoch == options.epochs {
            each(epoch, &w);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose results follow known weights: the fit finds them
    /// again from elsewhere, and leaves a weight it never sees alone.
    #[test]
    fn the_fit_recovers_the_weights_that_made_the_results() {
        let truth = [[100.0, 150.0], [30.0, 10.0], [0.0, 0.0]];
        let k = 0.01;
        let mut train = Samples::default();
        let mut seed = 5u64;
        for _ in 0..4000 {
            let mut next = || {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as i64
            };
            let trace = EvalTrace {
                terms: vec![(0, (next() % 5 - 2) as i32), (1, (next() % 7 - 3) as i32)],
                phase: (next() % 100) as f64 / 100.0,
                eg_scale: 1.0,
            };
            // The expected result itself as the label: a noiseless world.
            let p = sigmoid(k * trace.evaluate(&truth));
            train.push(&trace, p, None);
        }
        let start = [[50.0, 50.0], [0.0, 0.0], [7.0, 7.0]];
        let options = FitOptions {
            epochs: 3000,
            rate: 2.0,
            l2: 0.0,
            min_seen: 10,
            frozen: Vec::new(),
        };
        let mut calls = 0;
        let w = fit(&train, &start, k, &options, |_, _| calls += 1);
        assert_eq!(calls, 30);
        for i in 0..2 {
            for phase in 0..2 {
                assert!(
                    (w[i][phase] - truth[i][phase]).abs() < 3.0,
                    "{i} {phase}: {:?}",
                    w
                );
            }
        }
        assert_eq!(w[2], [7.0, 7.0], "never seen, never moved");
        // A frozen weight keeps its value; the others still fit.
        let frozen = FitOptions {
            frozen: vec![true],
            ..options
        };
        let part = fit(&train, &start, k, &frozen, |_, _| ());
        assert_eq!(part[0], start[0]);
        assert_ne!(part[1], start[1]);
        assert!(train.error(&w, k) < train.error(&start, k) / 10.0);
        // The scale search finds k back from the true weights.
        let found = best_scale(|k| train.error(&truth, k));
        assert!((found - k).abs() < 0.0005, "{found}");
    }

    /// Blended labels: results that say nothing (every game drawn) but
    /// search scores that follow known weights fit those weights with
    /// lambda 0; samples without a score keep their result.
    #[test]
    fn blended_labels_fit_the_scores() {
        let truth = [[80.0, 120.0]];
        let k = 0.01;
        let mut train = Samples::default();
        for i in 0..2000 {
            let trace = EvalTrace {
                terms: vec![(0, i % 7 - 3)],
                phase: f64::from(i % 10) / 10.0,
                eg_scale: 1.0,
            };
            let score = trace.evaluate(&truth).round() as i32;
            train.push(&trace, 0.5, (i % 100 != 0).then_some(score));
        }
        assert_eq!(train.scored(), 1980);
        let start = [[10.0, 10.0]];
        let options = FitOptions {
            epochs: 2000,
            rate: 2.0,
            l2: 0.0,
            min_seen: 10,
            frozen: Vec::new(),
        };
        // On results alone the weight goes to nothing.
        let drawn = fit(&train, &start, k, &options, |_, _| ());
        assert!(drawn[0][0].abs() < 5.0, "{drawn:?}");
        train.blend(k, 0.0);
        let w = fit(&train, &start, k, &options, |_, _| ());
        for phase in 0..2 {
            assert!((w[0][phase] - truth[0][phase]).abs() < 10.0, "{w:?}");
        }
        // Half and half lies between.
        train.blend(k, 0.5);
        let half = fit(&train, &start, k, &options, |_, _| ());
        assert!(half[0][0] > 20.0 && half[0][0] < 75.0, "{half:?}");
    }
}
