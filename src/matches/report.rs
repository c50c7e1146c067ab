//! A match's results: per-game records, totals, the summary text and the
//! JSON file that `arcana match-merge` combines.

use super::stats::{Sprt, Verdict, Wld};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Everything that makes two runs parts of the same match. Shards must
/// agree on all of it to be merged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchId {
    /// The variant.
    pub variant: String,
    /// The `--engine` descriptions as given.
    pub engines: Vec<String>,
    /// The limits, as text (`tc=10+0.1 depth=3`).
    pub limits: String,
    /// Games in the whole match.
    pub games: usize,
    /// The openings: file name and size, or none.
    pub openings: String,
    /// Random opening turns.
    pub random_plies: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Openings played twice with colours swapped.
    pub repeat: bool,
    /// Adjudication settings, as text.
    pub adjudication: String,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its number in the whole match, from 0.
    pub index: usize,
    /// The number of its opening.
    pub opening: usize,
    /// The White engine's name.
    pub white: String,
    /// The Black engine's name.
    pub black: String,
    /// Whether the first engine had White.
    pub first_is_white: bool,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The PGN Termination value.
    pub termination: String,
    /// Why it ended, in words.
    pub reason: String,
    /// The FEN it started from.
    pub start_fen: String,
    /// The random opening turns played before the engines took over.
    pub opening_moves: Vec<String>,
    /// Turns played in all.
    pub plies: usize,
    /// The last position.
    pub final_fen: String,
    /// Every turn from `start_fen` (the opening's included) as wire
    /// tokens, for replaying the game (`arcana gui` opens the report);
    /// empty in reports written before it was recorded.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl GameRecord {
    /// Adds the game to the first engine's tally.
    pub fn count(&self, wld: &mut Wld) {
        let first_won = match self.result.as_str() {
            "1-0" => self.first_is_white,
            "0-1" => !self.first_is_white,
            _ => {
                wld.draws += 1;
                return;
            }
        };
        if first_won {
            wld.wins += 1;
        } else {
            wld.losses += 1;
        }
    }
}

/// The JSON file of a run (or of merged runs).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// What match this is.
    #[serde(rename = "match")]
    pub id: MatchId,
    /// The two engines' names, first engine first.
    pub engines: [String; 2],
    /// Into how many shards the match was cut.
    pub shard_count: u32,
    /// The shards (1-based) this report covers.
    pub shards: Vec<u32>,
    /// The SPRT, when one was asked for.
    pub sprt: Option<Sprt>,
    /// The first engine's wins, losses and draws.
    pub totals: Wld,
    /// Its score fraction.
    pub score: f64,
    /// The Elo difference (absent when infinite).
    pub elo: Option<f64>,
    /// The 95% interval's low end.
    pub elo_low: Option<f64>,
    /// Its high end.
    pub elo_high: Option<f64>,
    /// Likelihood of superiority.
    pub los: f64,
    /// The SPRT's log-likelihood ratio.
    pub llr: Option<f64>,
    /// The SPRT's decision: `H0`, `H1` or `continue`.
    pub verdict: Option<String>,
    /// How the games ended: Termination value to count.
    pub terminations: BTreeMap<String, u32>,
    /// The games, by index.
    pub games: Vec<GameRecord>,
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some((x * 100.0).round() / 100.0)
}

impl Report {
    /// A report of `games`, in the order they finished (a merge: by
    /// index).
    pub fn new(
        id: MatchId,
        engines: [String; 2],
        shard_count: u32,
        mut shards: Vec<u32>,
        sprt: Option<Sprt>,
        mut games: Vec<GameRecord>,
    ) -> Report {
        // The SPRT decides at the first game that takes its ratio past a
        // bound, in the order the games came in (a live match stops there;
        // the games still under way at that moment then finish, and must
        // not undo the decision).
        let verdict = sprt.map(|s| {
            let mut running = Wld::default();
            for g in &games {
                g.count(&mut running);
                let v = s.verdict(&running);
                if v != Verdict::Continue {
                    return v;
                }
            }
            Verdict::Continue
        });
        games.sort_by_key(|g| g.index);
        shards.sort_unstable();
        let mut totals = Wld::default();
        let mut terminations = BTreeMap::new();
        for g in &games {
            g.count(&mut totals);
            *terminations.entry(g.termination.clone()).or_insert(0) += 1;
        }
        let (elo, low, high) = totals.elo();
        Report {
            id,
            engines,
            shard_count,
            shards,
            sprt,
            totals,
            score: totals.score(),
            elo: finite(elo),
            elo_low: finite(low),
            elo_high: finite(high),
            los: totals.los(),
            llr: sprt.map(|s| totals.llr(s.elo0, s.elo1)),
            verdict: verdict.map(|v| verdict_text(v).to_string()),
            terminations,
            games,
        }
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serialises")
    }

    /// Combines shard reports of one match.
    pub fn merge(reports: Vec<Report>) -> Result<Report, String> {
        let first = reports.first().ok_or("nothing to merge")?;
        let (id, engines, count, sprt) = (
            first.id.clone(),
            first.engines.clone(),
            first.shard_count,
            first.sprt,
        );
        let mut shards = Vec::new();
        let mut games: BTreeMap<usize, GameRecord> = BTreeMap::new();
        for (n, r) in reports.into_iter().enumerate() {
            if r.id != id || r.shard_count != count {
                return Err(format!(
                    "report {} is from a different match (variant, engines, limits, games, \
                     openings, seed and shard count must agree)",
                    n + 1
                ));
            }
            for s in r.shards {
                if shards.contains(&s) {
                    return Err(format!("shard {s}/{count} appears twice"));
                }
                shards.push(s);
            }
            for g in r.games {
                if games.insert(g.index, g).is_some() {
                    return Err("a game appears in two reports".into());
                }
            }
        }
        Ok(Report::new(
            id,
            engines,
            count,
            shards,
            sprt,
            games.into_values().collect(),
        ))
    }

    /// The final summary for people.
    pub fn summary(&self) -> String {
        let t = self.totals;
        let mut out = format!(
            "{} vs {} ({}, {}): {} of {} games\n",
            self.engines[0],
            self.engines[1],
            self.id.variant,
            self.id.limits,
            t.games(),
            self.id.games
        );
        out.push_str(&format!(
            "{}: {} wins, {} losses, {} draws, score {:.1}%\n",
            self.engines[0],
            t.wins,
            t.losses,
            t.draws,
            100.0 * t.score()
        ));
        let (elo, low, high) = t.elo();
        out.push_str(&format!(
            "Elo difference {} (95% interval {} to {}), LOS {:.1}%\n",
            elo_text(elo),
            elo_text(low),
            elo_text(high),
            100.0 * self.los
        ));
        if let (Some(sprt), Some(llr)) = (self.sprt, self.llr) {
            let (lower, upper) = sprt.bounds();
            out.push_str(&format!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}), {}\n",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                self.verdict.as_deref().unwrap_or("continue")
            ));
        }
        let ends: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        out.push_str(&format!("Terminations: {}\n", ends.join(", ")));
        if self.shard_count > 1 {
            out.push_str(&format!(
                "Shards {} of {}\n",
                self.shards
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                self.shard_count
            ));
        }
        out
    }
}

/// The words for an SPRT decision.
pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Continue => "continue",
        Verdict::H0 => "H0 accepted",
        Verdict::H1 => "H1 accepted",
    }
}

/// An Elo value with its sign (`+12.3`, `-inf`).
pub fn elo_text(elo: f64) -> String {
    if elo.is_finite() {
        // Adding zero turns -0.0 into 0.0.
        format!("{:+.1}", elo + 0.0)
    } else if elo > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// The live progress line.
pub fn progress(done: usize, total: usize, wld: &Wld, sprt: Option<&Sprt>) -> String {
    let (elo, low, high) = wld.elo();
    let mut line = format!(
        "{done}/{total} games, W-L-D {}-{}-{}, score {:.1}%, Elo {} [{}, {}], LOS {:.1}%",
        wld.wins,
        wld.losses,
        wld.draws,
        100.0 * wld.score(),
        elo_text(elo),
        elo_text(low),
        elo_text(high),
        100.0 * wld.los()
    );
    if let Some(s) = sprt {
        let (lower, upper) = s.bounds();
        line.push_str(&format!(
            ", LLR {:.2} [{lower:.2}, {upper:.2}]",
            wld.llr(s.elo0, s.elo1)
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id() -> MatchId {
        MatchId {
            variant: "chess".into(),
            engines: vec!["a".into(), "b".into()],
            limits: "depth=1".into(),
            games: 3,
            openings: "none".into(),
            random_plies: 0,
            seed: 1,
            repeat: false,
            adjudication: String::new(),
        }
    }

    fn game(index: usize, result: &str, first_is_white: bool) -> GameRecord {
        GameRecord {
            index,
            opening: index,
            white: "a".into(),
            black: "b".into(),
            first_is_white,
            result: result.into(),
            termination: "normal".into(),
            reason: String::new(),
            start_fen: String::new(),
            opening_moves: Vec::new(),
            plies: 10,
            final_fen: String::new(),
            moves: Vec::new(),
        }
    }

    #[test]
    fn results_count_from_the_first_engines_side() {
        let r = Report::new(
            id(),
            ["a".into(), "b".into()],
            1,
            vec![1],
            None,
            vec![
                game(0, "1-0", true),
                game(1, "1-0", false),
                game(2, "1/2-1/2", true),
            ],
        );
        assert_eq!(
            r.totals,
            Wld {
                wins: 1,
                losses: 1,
                draws: 1
            }
        );
        assert_eq!(r.terminations["normal"], 3);
        assert!(r
            .summary()
            .contains("1 wins, 1 losses, 1 draws, score 50.0%"));
        assert!(
            r.summary().contains("Elo difference +0.0"),
            "{}",
            r.summary()
        );
        assert_eq!(
            (elo_text(f64::INFINITY), elo_text(-f64::INFINITY)),
            ("+inf".into(), "-inf".into())
        );
    }

    #[test]
    fn the_sprt_keeps_the_decision_the_games_in_flight_cannot_undo() {
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        // Wins enough to accept H1, then a few losses from games that were
        // still being played when the match stopped.
        let mut games: Vec<GameRecord> = (0..400)
            .map(|i| game(i, if i % 3 == 0 { "1/2-1/2" } else { "1-0" }, true))
            .collect();
        let decided = Report::new(
            id(),
            ["a".into(), "b".into()],
            1,
            vec![1],
            Some(sprt),
            games.clone(),
        );
        assert_eq!(decided.verdict.as_deref(), Some("H1 accepted"));
        let mut running = Wld::default();
        let crossing = games
            .iter()
            .position(|g| {
                g.count(&mut running);
                sprt.verdict(&running) == Verdict::H1
            })
            .unwrap();
        games.truncate(crossing + 1);
        let n = games.len();
        games.extend((n..n + 40).map(|i| game(i, "0-1", true)));
        let mut totals = Wld::default();
        games.iter().for_each(|g| g.count(&mut totals));
        assert_eq!(
            sprt.verdict(&totals),
            Verdict::Continue,
            "the test needs a late dip"
        );
        let r = Report::new(
            id(),
            ["a".into(), "b".into()],
            1,
            vec![1],
            Some(sprt),
            games,
        );
        assert_eq!(r.verdict.as_deref(), Some("H1 accepted"));
    }

    #[test]
    fn merging_checks_the_match_and_the_shards() {
        let part = |shard: u32, games| {
            Report::new(id(), ["a".into(), "b".into()], 2, vec![shard], None, games)
        };
        let a = part(1, vec![game(0, "1-0", true), game(2, "0-1", true)]);
        let b = part(2, vec![game(1, "1/2-1/2", false)]);
        let json = b.to_json();
        let b: Report = serde_json::from_str(&json).unwrap();
        let merged = Report::merge(vec![a.clone(), b.clone()]).unwrap();
        assert_eq!(
            merged.totals,
            Wld {
                wins: 1,
                losses: 1,
                draws: 1
            }
        );
        assert_eq!(merged.shards, [1, 2]);
        assert_eq!(
            merged.games.iter().map(|g| g.index).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        assert!(Report::merge(vec![a.clone(), a.clone()])
            .unwrap_err()
            .contains("twice"));
        let mut other = b;
        other.id.seed = 2;
        assert!(Report::merge(vec![a, other])
            .unwrap_err()
            .contains("different match"));
        assert!(Report::merge(Vec::new()).is_err());
    }
}
