//! Simultaneous perturbation stochastic approximation (SPSA), as engine
//! developers run it to tune search margins: every parameter is nudged
//! up or down at random at once, a game pair between the two nudged
//! engines says which way was better, and every parameter moves along its
//! nudge by the pair's result. The schedule is the one the field uses
//! (Spall's exponents, a step `c` that ends at `c_end` and a learning rate
//! that ends at `r_end`), so a run of N pairs is set by those two numbers.
//! No I/O here: [`Spsa`] hands out trials and takes results.

use super::openings::Rng;

/// Spall's exponent of the learning rate's decay.
const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation's decay.
const GAMMA: f64 = 0.101;

/// One parameter being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Its name.
    pub name: String,
    /// Its current value.
    pub theta: f64,
    /// Its range; values are kept inside.
    pub min: f64,
    /// See `min`.
    pub max: f64,
    /// The perturbation at the last pair.
    pub c_end: f64,
}

/// One pair to play: the values of the engine nudged up (`plus`) and of
/// the one nudged down (`minus`), whole numbers for the engines.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// The pair's number, from 1.
    pub k: u64,
    /// The `plus` engine's values, by parameter.
    pub plus: Vec<i32>,
    /// The `minus` engine's values, by parameter.
    pub minus: Vec<i32>,
    /// Each parameter's direction (+1 or -1).
    delta: Vec<f64>,
    /// Each parameter's perturbation at `k`.
    c: Vec<f64>,
    /// The learning rate at `k`.
    a: f64,
}

/// An SPSA run.
#[derive(Clone, Debug)]
pub struct Spsa {
    /// The parameters and their current values.
    pub params: Vec<Tuned>,
    /// Pairs handed out so far.
    pub issued: u64,
    pairs: u64,
    r_end: f64,
    /// The stability constant (a tenth of the run, as usual).
    big_a: f64,
    seed: u64,
}

impl Spsa {
    /// A run of `pairs` game pairs whose learning rate ends at `r_end`.
    pub fn new(params: Vec<Tuned>, pairs: u64, r_end: f64, seed: u64) -> Spsa {
        Spsa {
            params,
            issued: 0,
            pairs: pairs.max(1),
            r_end,
            big_a: 0.1 * pairs.max(1) as f64,
            seed,
        }
    }

    /// The next pair's values. The values are rounded at random to a whole
    /// number (up with the fraction's chance), so that a parameter whose
    /// step is below 1 still moves the engines on average.
    pub fn next_trial(&mut self) -> Trial {
        self.issued += 1;
        let k = self.issued;
        let mut rng = Rng::new(self.seed ^ 0x5bd1_e995, k);
        let n = self.pairs as f64;
        let mut trial = Trial {
            k,
            plus: Vec::new(),
            minus: Vec::new(),
            delta: Vec::new(),
            c: Vec::new(),
            a: 0.0,
        };
        for p in &self.params {
            // c_k = c_end * (N / k)^gamma: c_end at the last pair.
            let c = p.c_end * (n / k as f64).powf(GAMMA);
            let d = if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
            let mut round = |x: f64| {
                let x = x.clamp(p.min, p.max);
                let fraction = x - x.floor();
                let up = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= fraction;
                (x.floor() + if up && fraction > 0.0 { 1.0 } else { 0.0 }) as i32
            };
            trial.plus.push(round(p.theta + c * d));
            trial.minus.push(round(p.theta - c * d));
            trial.delta.push(d);
            trial.c.push(c);
        }
        // a_k = a_end (A + N)^alpha / (A + k)^alpha, where a_end is r_end
        // times c_end squared (per parameter, below).
        trial.a = self.r_end * ((self.big_a + n) / (self.big_a + k as f64)).powf(ALPHA);
        trial
    }

    /// Takes a pair's result for the `plus` engine: its wins less its
    /// losses (from -2 to 2). Each parameter moves by
    /// `a_k * c_end^2 / c_k * result * delta`, inside its range.
    pub fn update(&mut self, trial: &Trial, result: f64) {
        for (i, p) in self.params.iter_mut().enumerate() {
            let step = trial.a * p.c_end * p.c_end / trial.c[i] * result * trial.delta[i];
            p.theta = (p.theta + step).clamp(p.min, p.max);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(theta: f64) -> Tuned {
        Tuned {
            name: "X".into(),
            theta,
            min: 0.0,
            max: 400.0,
            c_end: 10.0,
        }
    }

    #[test]
    fn trials_straddle_theta_and_shrink() {
        let mut spsa = Spsa::new(vec![param(100.0)], 100, 0.002, 1);
        let first = spsa.next_trial();
        assert_eq!(first.k, 1);
        assert_eq!(first.plus[0] - 100, 100 - first.minus[0]);
        let early = (first.plus[0] - first.minus[0]).abs();
        for _ in 0..98 {
            spsa.next_trial();
        }
        let last = spsa.next_trial();
        let late = (last.plus[0] - last.minus[0]).abs();
        assert!(late < early, "{early} then {late}");
        // Two c_end apart at the end, give or take the rounding.
        assert!((19..=21).contains(&late), "{late}");
    }

    #[test]
    fn a_win_moves_theta_towards_the_winner() {
        let mut spsa = Spsa::new(vec![param(100.0)], 100, 0.002, 3);
        let trial = spsa.next_trial();
        spsa.update(&trial, 2.0);
        let moved = spsa.params[0].theta - 100.0;
        assert!(moved != 0.0);
        assert_eq!(moved > 0.0, trial.plus[0] > trial.minus[0]);
        // A draw leaves it.
        let before = spsa.params[0].theta;
        let trial = spsa.next_trial();
        spsa.update(&trial, 0.0);
        assert_eq!(spsa.params[0].theta, before);
    }

    /// A simulated engine whose strength peaks at 250 (a logistic game
    /// result from the difference of two parabolas), started at 100:
    /// SPSA must bring it most of the way (a larger learning rate than the
    /// field's default, whose runs are ten times longer; ten seeds tried
    /// all ended between 212 and 268).
    #[test]
    fn finds_the_optimum_of_a_simulated_engine() {
        let elo = |x: f64| -((x - 250.0) / 40.0).powi(2) * 10.0;
        let mut rng = Rng::new(9, 0);
        let mut uniform = move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let pairs = 4000;
        let mut spsa = Spsa::new(vec![param(100.0)], pairs, 0.05, 5);
        for _ in 0..pairs {
            let t = spsa.next_trial();
            let diff = elo(t.plus[0] as f64) - elo(t.minus[0] as f64);
            let p = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
            let mut result = 0.0;
            for _ in 0..2 {
                let u = uniform();
                // Half the games drawn; the rest split by p.
                if u < 0.5 {
                    continue;
                }
                result += if uniform() < p { 1.0 } else { -1.0 };
            }
            spsa.update(&t, result);
        }
        let theta = spsa.params[0].theta;
        assert!((200.0..=300.0).contains(&theta), "{theta}");
    }
}
