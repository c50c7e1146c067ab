//! `arcana tune-search`: fits the search's margins (`engine::PARAMS`) by
//! SPSA, playing game pairs between two copies of an engine (Arcana
//! itself unless `--engine` names another build) whose parameters are
//! nudged in opposite directions. The games are the match runner's: the
//! same referee, openings, limits and adjudication.

use super::error::MatchError;
use super::game::{self, GameRules};
use super::openings;
use super::player::{self, Player};
use super::referee::Referee;
use super::spec::{self, DrawRule, EngineSpec, ResignRule};
use super::spsa::{Spsa, Trial, Tuned};
use super::stats::Wld;
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Arguments of `arcana tune-search`.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// Games from a variants.ini file.
    #[command(flatten)]
    pub files: crate::variants_cmd::VariantFiles,
    /// The game (any case).
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: String,
    /// The engine both sides run: name=..,cmd=..,arg=..,option.NAME=VALUE
    /// (default: Arcana itself).
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<String>,
    /// The parameters to tune, by name, comma-separated (default: all).
    #[arg(long, value_delimiter = ',')]
    pub params: Vec<String>,
    /// Start values, NAME=VALUE comma-separated, or a file written by
    /// `--out` (default: the engine's).
    #[arg(long)]
    pub start: Option<String>,
    /// Game pairs to play (each opening twice, colours swapped).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub pairs: u64,
    /// The learning rate at the last pair (the field's r_end).
    #[arg(long, default_value_t = 0.002)]
    pub r_end: f64,
    /// Each parameter's nudge at the last pair, as a share of its range
    /// (the field's c_end: a twentieth of the range by default).
    #[arg(long, default_value_t = 0.05)]
    pub c_share: f64,
    /// Clock: MOVES/TIME+INC in seconds, e.g. 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Nodes per move.
    #[arg(long, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub depth: Option<u32>,
    /// Random legal turns played before the engines take over.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub random_plies: u64,
    /// Start positions: one FEN or EPD per line, used in turn.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Seed of the openings and the nudges.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw adjudication: movenumber=N,movecount=M,score=CP.
    #[arg(long)]
    pub draw: Option<String>,
    /// Resign adjudication: movecount=M,score=CP.
    #[arg(long)]
    pub resign: Option<String>,
    /// Turns after which a game is adjudicated a draw.
    #[arg(long)]
    pub maxplies: Option<usize>,
    /// Pairs played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Write the values here (NAME=VALUE lines) after every pair, so that
    /// a run cut short keeps what it learnt (`--start FILE` goes on).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// List the parameters with their defaults and ranges, and stop.
    #[arg(long)]
    pub list: bool,
    /// No progress line.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `arcana tune-search`.
pub fn run(args: &TuneArgs) -> ExitCode {
    if args.list {
        for p in engine::PARAMS {
            crate::outln!(
                "{:<22} {:>6}  [{}, {}]  {}",
                p.name,
                p.default,
                p.min,
                p.max,
                p.doc.trim()
            );
        }
        return ExitCode::SUCCESS;
    }
    let setup = match Setup::new(args) {
        Ok(s) => s,
        Err(e) => return crate::exit::bad_input(e),
    };
    match tune(args, &setup) {
        Ok(spsa) => {
            crate::out!("{}", final_report(&spsa));
            ExitCode::SUCCESS
        }
        Err(e) => crate::exit::bad_input(e),
    }
}

/// Everything a run needs, checked.
struct Setup {
    engine: EngineSpec,
    variant: String,
    rules: GameRules,
    fens: Vec<String>,
    /// The tuned parameters' names, in the order of the trials' values.
    names: Vec<String>,
    spsa: Mutex<Spsa>,
}

impl Setup {
    fn new(args: &TuneArgs) -> Result<Setup, String> {
        let files = crate::variants_cmd::preloaded();
        let engine =
            EngineSpec::parse(args.engine.as_deref().unwrap_or(""))?.with_run_files(&files);
        let mut referee = Referee::new(&variants::Registry::current(), &args.variant)?;
        let limits = player::Limits {
            tc: args
                .tc
                .as_deref()
                .map(spec::TimeControl::parse)
                .transpose()?,
            st: None,
            nodes: args.nodes,
            depth: args.depth,
        };
        if limits == player::Limits::default() {
            return Err("give a limit: --tc, --nodes or --depth".into());
        }
        if !(args.r_end > 0.0 && args.r_end.is_finite()) {
            return Err(format!("--r-end must be above 0, not {}", args.r_end));
        }
        if !(args.c_share > 0.0 && args.c_share <= 0.5) {
            return Err(format!(
                "--c-share must be above 0 and at most 0.5, not {}",
                args.c_share
            ));
        }
        let fens = match &args.openings {
            Some(path) => openings::read_file(path, &mut referee)?,
            None => Vec::new(),
        };
        let params = tuned_params(args)?;
        Ok(Setup {
            engine,
            variant: referee.variant().to_string(),
            rules: GameRules {
                limits,
                time_margin: Duration::from_millis(50),
                timeout: Duration::from_secs(60),
                draw: args.draw.as_deref().map(DrawRule::parse).transpose()?,
                resign: args.resign.as_deref().map(ResignRule::parse).transpose()?,
                max_plies: args.maxplies,
            },
            fens,
            names: params.iter().map(|p| p.name.clone()).collect(),
            spsa: Mutex::new(Spsa::new(params, args.pairs, args.r_end, args.seed)),
        })
    }
}

/// The parameters `--params` names (all by default), at the values of
/// `--start` or their defaults.
fn tuned_params(args: &TuneArgs) -> Result<Vec<Tuned>, String> {
    let names: Vec<&str> = if args.params.is_empty() {
        engine::PARAMS.iter().map(|p| p.name).collect()
    } else {
        args.params.iter().map(String::as_str).collect()
    };
    let mut tuned = Vec::new();
    for name in names {
        let index = engine::Params::find(name).ok_or_else(|| {
            format!("--params: no search parameter '{name}' (arcana tune-search --list names them)")
        })?;
        let info = &engine::PARAMS[index];
        if tuned.iter().any(|t: &Tuned| t.name == info.name) {
            return Err(format!("--params: '{}' is named twice", info.name));
        }
        let (min, max) = (f64::from(info.min), f64::from(info.max));
        tuned.push(Tuned {
            name: info.name.to_string(),
            theta: f64::from(info.default),
            min,
            max,
            c_end: ((max - min) * args.c_share).max(0.5),
        });
    }
    if let Some(start) = &args.start {
        for (name, value) in start_values(start)? {
            let t = tuned
                .iter_mut()
                .find(|t| t.name.eq_ignore_ascii_case(&name))
                .ok_or_else(|| format!("--start: '{name}' is not among the tuned parameters"))?;
            if !(t.min..=t.max).contains(&value) {
                return Err(format!(
                    "--start: {} = {value} is outside its range [{}, {}]",
                    t.name, t.min, t.max
                ));
            }
            t.theta = value;
        }
    }
    Ok(tuned)
}

/// `NAME=VALUE,...`, or a file of `NAME=VALUE` lines (as `--out` writes).
fn start_values(start: &str) -> Result<Vec<(String, f64)>, String> {
    let path = std::path::Path::new(start);
    let (text, origin) = if !start.contains('=') {
        let text = std::fs::read_to_string(path).map_err(|e| format!("--start {start}: {e}"))?;
        (text, start.to_string())
    } else {
        (start.replace(',', "\n"), "--start".to_string())
    };
    let mut values = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = line
            .split_once('=')
            .and_then(|(k, v)| Some((k.trim().to_string(), v.trim().parse::<f64>().ok()?)))
            .filter(|(_, v)| v.is_finite());
        match parsed {
            Some(pair) => values.push(pair),
            None => {
                return Err(format!(
                    "{origin}, line {}: '{line}' is not NAME=VALUE with a number",
                    n + 1
                ))
            }
        }
    }
    Ok(values)
}

/// Plays the run's pairs, `--concurrency` at a time, and returns the
/// fitted values.
fn tune(args: &TuneArgs, setup: &Setup) -> Result<Spsa, MatchError> {
    let stop = AtomicBool::new(false);
    let fatal = Mutex::new(None);
    let progress = Mutex::new(Progress::default());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for w in 0..args.concurrency.min(args.pairs) as usize {
            let (stop, fatal, progress) = (&stop, &fatal, &progress);
            scope.spawn(move || {
                let mut referee = Referee::new(&variants::Registry::current(), &setup.variant)
                    .expect("the variant was checked");
                while !stop.load(Ordering::Relaxed) {
                    let trial = {
                        let mut spsa = setup.spsa.lock().unwrap_or_else(|e| e.into_inner());
                        if spsa.issued >= args.pairs {
                            break;
                        }
                        spsa.next_trial()
                    };
                    match play_pair(args, setup, &mut referee, &trial, w) {
                        Ok(result) => {
                            let mut spsa = setup.spsa.lock().unwrap_or_else(|e| e.into_inner());
                            let score = f64::from(result.wins) - f64::from(result.losses);
                            spsa.update(&trial, score);
                            let mut p = progress.lock().unwrap_or_else(|e| e.into_inner());
                            p.add(result);
                            if let Err(e) = save(args, &spsa) {
                                fatal
                                    .lock()
                                    .unwrap_or_else(|e| e.into_inner())
                                    .get_or_insert(e);
                                stop.store(true, Ordering::Relaxed);
                            }
                            if !args.quiet {
                                p.show(&spsa, args.pairs, started.elapsed());
                            }
                        }
                        Err(e) => {
                            fatal
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    if !args.quiet && std::io::stderr().is_terminal() {
        eprintln!();
    }
    if let Some(e) = fatal.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(setup.spsa.lock().unwrap_or_else(|e| e.into_inner()).clone())
}

/// Plays trial `trial`'s pair: one opening, each engine White once.
fn play_pair(
    args: &TuneArgs,
    setup: &Setup,
    referee: &mut Referee,
    trial: &Trial,
    w: usize,
) -> Result<Wld, MatchError> {
    let opening = openings::opening(
        referee,
        &setup.fens,
        trial.k as usize - 1,
        args.random_plies as usize,
        args.seed,
    )
    .map_err(MatchError::Opening)?;
    let engine_with = |values: &[i32]| {
        let mut spec = setup.engine.clone();
        for (name, v) in setup.names.iter().zip(values) {
            spec.options.push((name.clone(), v.to_string()));
        }
        spec
    };
    let specs = [engine_with(&trial.plus), engine_with(&trial.minus)];
    let start_both = || -> Result<[Box<dyn Player>; 2], MatchError> {
        let start = |i: usize| {
            let label = format!("{}#{w}", ["plus", "minus"][i]);
            player::start(&specs[i], &label, &setup.variant, setup.rules.timeout)
                .map_err(MatchError::Engine)
        };
        Ok([start(0)?, start(1)?])
    };
    let mut result = Wld::default();
    let mut engines = start_both()?;
    for plus_is_white in [true, false] {
        let [plus, minus] = &mut engines;
        let players: [&mut dyn Player; 2] = if plus_is_white {
            [plus.as_mut(), minus.as_mut()]
        } else {
            [minus.as_mut(), plus.as_mut()]
        };
        let finished = game::play(referee, &opening, players, &setup.rules)?;
        match (finished.result, plus_is_white) {
            ("1-0", true) | ("0-1", false) => result.wins += 1,
            ("1-0", false) | ("0-1", true) => result.losses += 1,
            _ => result.draws += 1,
        }
        if plus_is_white && finished.restart.iter().any(|&r| r) {
            // An engine died or hung: start both again for the second game.
            for e in engines.iter_mut() {
                e.kill();
            }
            engines = start_both()?;
        }
    }
    for e in engines.iter_mut() {
        e.quit();
    }
    Ok(result)
}

/// Totals for the progress line.
#[derive(Default)]
struct Progress {
    pairs: u64,
    total: Wld,
}

impl Progress {
    fn add(&mut self, r: Wld) {
        self.pairs += 1;
        self.total.wins += r.wins;
        self.total.losses += r.losses;
        self.total.draws += r.draws;
    }

    /// One line: pairs done, the plus side's W-L-D, the time left, and the
    /// values so far.
    fn show(&self, spsa: &Spsa, pairs: u64, elapsed: Duration) {
        let left = elapsed.mul_f64((pairs - self.pairs) as f64 / self.pairs.max(1) as f64);
        let values = spsa
            .params
            .iter()
            .map(|p| format!("{}={:.1}", p.name, p.theta))
            .collect::<Vec<_>>()
            .join(" ");
        let bar = bar(self.pairs, pairs);
        let line = format!(
            "{bar} {}/{pairs} pairs, plus W-L-D {}-{}-{}, {} left  {values}",
            self.pairs,
            self.total.wins,
            self.total.losses,
            self.total.draws,
            clock(left)
        );
        if std::io::stderr().is_terminal() {
            let width = 160;
            let shown: String = line.chars().take(width).collect();
            eprint!("\r\x1b[2K{shown}");
        } else {
            eprintln!("{line}");
        }
    }
}

/// A 20-character progress bar.
pub(super) fn bar(done: u64, total: u64) -> String {
    let filled = (done * 20 / total.max(1)) as usize;
    format!(
        "[{}{}]",
        "#".repeat(filled),
        ".".repeat(20 - filled.min(20))
    )
}

/// `1h02m`, `3m05s`, `12s`.
pub(super) fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

/// Writes the values to `--out`, if given.
fn save(args: &TuneArgs, spsa: &Spsa) -> Result<(), MatchError> {
    let Some(path) = &args.out else { return Ok(()) };
    let text: String = spsa
        .params
        .iter()
        .map(|p| format!("{}={:.2}\n", p.name, p.theta))
        .collect();
    std::fs::write(path, text).map_err(|e| MatchError::Output(format!("{}: {e}", path.display())))
}

/// What a run prints at the end: each value (and its default), then the
/// whole set as `--engine` options to check it with `arcana match`.
fn final_report(spsa: &Spsa) -> String {
    let mut out = format!("SPSA, {} pairs:\n", spsa.issued);
    let mut options = Vec::new();
    for p in &spsa.params {
        let default = engine::Params::find(&p.name).map_or(0, |i| engine::PARAMS[i].default);
        out.push_str(&format!(
            "{:<22} {:>9.2}  (default {default})\n",
            p.name, p.theta
        ));
        options.push(format!("option.{}={}", p.name, p.theta.round() as i64));
    }
    out.push_str(&format!("engine options: {}\n", options.join(",")));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_values_read_pairs_and_say_bad_lines() {
        assert_eq!(
            start_values("RfpMargin=90.5,LmpBase=4").unwrap(),
            [
                ("RfpMargin".to_string(), 90.5),
                ("LmpBase".to_string(), 4.0)
            ]
        );
        let e = start_values("RfpMargin=x").unwrap_err();
        assert!(e.contains("line 1") && e.contains("RfpMargin=x"), "{e}");
        let e = start_values("/nonexistent/values").unwrap_err();
        assert!(e.contains("/nonexistent/values"), "{e}");
    }

    #[test]
    fn progress_pieces() {
        assert_eq!(bar(5, 10), "[##########..........]");
        assert_eq!(clock(Duration::from_secs(3725)), "1h02m");
        assert_eq!(clock(Duration::from_secs(65)), "1m05s");
    }
}
