//! Match statistics: Elo difference with its 95% interval, likelihood of
//! superiority and the sequential probability ratio test.
//!
//! Elo here is logistic Elo: a score fraction `p` means a difference of
//! `-400 log10(1/p - 1)`. The interval and the SPRT use the trinomial
//! (win/draw/loss) per-game variance, so draws narrow the interval as they
//! should.

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, losses and draws, from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Wld {
    /// Games the first engine won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

impl Wld {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's score fraction (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// The per-game variance of the score. While one kind of result is
    /// missing it is taken from the counts plus half a game of each kind:
    /// otherwise a run of wins alone has no spread, its interval would be
    /// a point and the SPRT could never decide (or would after one game).
    fn spread(&self) -> f64 {
        let (w, l, d) = (self.wins as f64, self.losses as f64, self.draws as f64);
        if self.wins == 0 || self.losses == 0 || self.draws == 0 {
            variance_of(w + 0.5, l + 0.5, d + 0.5)
        } else {
            variance_of(w, l, d)
        }
    }

    /// The Elo difference and its 95% interval `(elo, low, high)`, always
    /// finite. While one side has scored everything, the estimate counts
    /// the same half game of each kind as [`Wld::spread`] (a score of 1
    /// would mean infinite Elo). A bound whose score would pass 0 or 1 is
    /// taken on the Elo scale instead: the estimate plus or minus the
    /// score's margin times the slope of Elo at that score.
    pub fn elo(&self) -> (f64, f64, f64) {
        let mut p = self.score();
        if p <= 0.0 || p >= 1.0 {
            let (w, l, d) = (self.wins as f64, self.losses as f64, self.draws as f64);
            p = (w + 0.5 + (d + 0.5) / 2.0) / (w + l + d + 1.5);
        }
        let margin = Z95 * (self.spread() / self.games().max(1) as f64).sqrt();
        let elo = elo_of(p);
        let slope = 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
        let low = if p - margin > 0.0 {
            elo_of(p - margin)
        } else {
            elo - margin * slope
        };
        let high = if p + margin < 1.0 {
            elo_of(p + margin)
        } else {
            elo + margin * slope
        };
        (elo, low, high)
    }

    /// Likelihood of superiority: the probability that the first engine is
    /// the stronger, from wins and losses (draws say nothing about it).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 + 0.5 * erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt())
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`), by the
    /// generalised SPRT's normal approximation.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let var = self.spread();
        if var <= 0.0 {
            // No games yet.
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        self.games() as f64 * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }
}

/// The per-game score variance of `w` wins, `l` losses and `d` draws.
fn variance_of(w: f64, l: f64, d: f64) -> f64 {
    let n = w + l + d;
    if n == 0.0 {
        return 0.0;
    }
    let p = (w + d / 2.0) / n;
    (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n
}

/// The Elo difference a score fraction means.
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// The expected score fraction at an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, to about 1e-9: its Taylor series where that
/// converges quickly, the asymptotic expansion of erfc beyond.
pub fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 4.0 {
        let mut term = x;
        let mut sum = x;
        let x2 = x * x;
        for n in 1..200 {
            term *= -x2 / n as f64;
            let add = term / (2 * n + 1) as f64;
            sum += add;
            if add.abs() < 1e-17 {
                break;
            }
        }
        return sum * 2.0 / std::f64::consts::PI.sqrt();
    }
    let x2 = x * x;
    let series = 1.0 - 1.0 / (2.0 * x2) + 3.0 / (4.0 * x2 * x2) - 15.0 / (8.0 * x2 * x2 * x2);
    1.0 - (-x2).exp() / (x * std::f64::consts::PI.sqrt()) * series
}

/// The parameters of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep playing.
    Continue,
    /// H0 accepted: the change is not as strong as `elo1`.
    H0,
    /// H1 accepted.
    H1,
}

impl Sprt {
    /// Reads `elo0=..,elo1=..,alpha=..,beta=..` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for (key, value) in super::spec::pairs(text)? {
            let v: f64 = value
                .parse()
                .map_err(|_| format!("--sprt: '{key}={value}' is not a number"))?;
            match key.as_str() {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                _ => {
                    return Err(format!(
                        "--sprt: unknown key '{key}' (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0 and elo1".into());
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("--sprt needs elo1 > elo0".into());
        }
        let open = |p: f64| p > 0.0 && p < 0.5;
        if !open(sprt.alpha) || !open(sprt.beta) {
            return Err("--sprt: alpha and beta must lie in (0, 0.5)".into());
        }
        Ok(sprt)
    }

    /// The bounds `(lower, upper)` of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision for `wld`.
    pub fn verdict(&self, wld: &Wld) -> Verdict {
        let llr = wld.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    // Expected values computed by hand (and checked with Python's math.erf).
    #[test]
    fn elo_interval_and_los_of_known_counts() {
        let wld = Wld {
            wins: 30,
            losses: 20,
            draws: 50,
        };
        let (elo, low, high) = wld.elo();
        assert!(close(elo, 34.860_070, 1e-5), "{elo}");
        assert!(close(low, -12.929_693, 1e-5), "{low}");
        assert!(close(high, 84.010_763, 1e-5), "{high}");
        assert!(close(wld.los(), 0.921_350_396, 1e-8), "{}", wld.los());
        let bad = Wld {
            wins: 10,
            losses: 40,
            draws: 50,
        };
        assert!(close(bad.elo().0, -107.538_125, 1e-5));
        assert!(close(bad.los(), 1.104_525e-5, 1e-10), "{}", bad.los());
    }

    #[test]
    fn sprt_llr_and_bounds_of_known_counts() {
        let wld = Wld {
            wins: 30,
            losses: 20,
            draws: 50,
        };
        assert!(close(wld.llr(0.0, 10.0), 0.502_745_856, 1e-8));
        let bad = Wld {
            wins: 10,
            losses: 40,
            draws: 50,
        };
        assert!(close(bad.llr(-5.0, 5.0), -2.105_877_573, 1e-8));
        let sprt = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_438_979, 1e-8) && close(upper, 2.944_438_979, 1e-8));
        assert_eq!(sprt.verdict(&wld), Verdict::Continue);
        let crushing = Wld {
            wins: 300,
            losses: 100,
            draws: 100,
        };
        assert_eq!(sprt.verdict(&crushing), Verdict::H1);
        assert_eq!(sprt.verdict(&bad), Verdict::Continue, "LLR -2.21");
        let terrible = Wld {
            wins: 5,
            losses: 60,
            draws: 35,
        };
        assert_eq!(sprt.verdict(&terrible), Verdict::H0);
        // Wins alone: no decision after one game, a decision after many.
        let wins = |n| Wld {
            wins: n,
            losses: 0,
            draws: 0,
        };
        assert_eq!(sprt.verdict(&wins(1)), Verdict::Continue);
        assert_eq!(sprt.verdict(&wins(40)), Verdict::H1);
        // W=1 regularised to (1.5, 0.5, 0.5): p = 0.7, variance 0.16.
        assert!(close(
            wins(1).llr(0.0, 10.0),
            0.014_387_3 * 0.985_612_7 / 0.32,
            1e-6
        ));
    }

    #[test]
    fn edge_cases_stay_finite() {
        let none = Wld::default();
        assert_eq!(
            (none.score(), none.los(), none.llr(0.0, 5.0)),
            (0.5, 0.5, 0.0)
        );
        let all = Wld {
            wins: 4,
            losses: 0,
            draws: 0,
        };
        let (elo, low, high) = all.elo();
        // Regularised (4.5, 0.5, 0.5): score 4.75 / 5.5, variance 0.095041,
        // margin 1.96 * sqrt(0.095041 / 4) = 0.30213; the high end passes
        // a score of 1 and is taken on the Elo scale.
        assert!(close(elo, 320.652_9, 1e-3), "{elo}");
        assert!(close(low, 42.966_1, 1e-3), "{low}");
        assert!(close(high, 766.298_0, 1e-2), "{high}");
        let (elo, low, high) = Wld {
            wins: 0,
            losses: 4,
            draws: 0,
        }
        .elo();
        assert!(
            close(elo, -320.652_9, 1e-3) && close(low, -766.298_0, 1e-2),
            "{elo} {low}"
        );
        assert!(close(high, -42.966_1, 1e-3), "{high}");
        for n in [1, 2, 10, 1000] {
            let (e, l, h) = Wld {
                wins: n,
                losses: 0,
                draws: 0,
            }
            .elo();
            assert!(e.is_finite() && l.is_finite() && h.is_finite(), "{n}");
            assert!(l < e && e < h, "{n}: {l} {e} {h}");
        }
        assert!(close(erf(0.5), 0.520_499_877_8, 1e-9));
        assert!(close(erf(4.5), 0.999_999_999_803_384, 1e-13));
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=0.7").is_err());
        assert!(Sprt::parse("elo0=0,elo1=x").is_err());
    }
}
