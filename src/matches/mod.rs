//! `arcana match`: engine-vs-engine matches for every variant, refereed by
//! Arcana's own rules, `arcana match-merge` for matches split into
//! shards, and `arcana tune-search`, which fits the search's margins by
//! SPSA over such games.

mod error;
mod game;
pub mod openings;
mod player;
mod process;
pub mod referee;
mod report;
mod spec;
mod spsa;
mod stats;
mod tune;
mod tune_eval;
mod uci_player;
mod xboard_player;

use clap::{Args, ValueEnum};
use error::MatchError;
use game::{Finished, GameRules};
use openings::Opening;
use player::{Limits, Player};
use report::{GameRecord, MatchId, Report};
use spec::{DrawRule, EngineSpec, ResignRule, Shard, TimeControl};
use stats::{Sprt, Verdict, Wld};
use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;
use variants::pgn::Notation;

pub use tune::{run as run_tune, TuneArgs};
pub use tune_eval::{run as run_tune_eval, TuneEvalArgs};

/// Arguments of `arcana match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Games from a variants.ini file.
    #[command(flatten)]
    pub files: crate::variants_cmd::VariantFiles,
    /// The game (any case).
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: String,
    /// An engine, twice: name=..,cmd=..,arg=..,proto=uci|xboard,dir=..,option.NAME=VALUE
    /// (without cmd: Arcana itself).
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    pub engines: Vec<String>,
    /// Games in the whole match.
    #[arg(long, allow_negative_numbers = true, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Clock: MOVES/TIME+INC in seconds, e.g. 10+0.1 or 40/60.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed seconds per move.
    #[arg(long, allow_negative_numbers = true)]
    pub st: Option<f64>,
    /// Nodes per move (UCI engines).
    #[arg(long, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub depth: Option<u32>,
    /// Milliseconds an engine may overstep its clock before it forfeits.
    #[arg(long, allow_negative_numbers = true, default_value_t = 50)]
    pub timemargin: u64,
    /// Seconds an engine may stay silent where no clock limits it (the
    /// handshake, fixed-depth or node moves) before it counts as hung.
    #[arg(long, allow_negative_numbers = true, default_value_t = 60.0)]
    pub timeout: f64,
    /// Start positions: one FEN or EPD per line, used in turn.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random legal turns played before the engines take over.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub random_plies: u64,
    /// Seed of the random openings.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub seed: u64,
    /// Play every opening twice, colours swapped.
    #[arg(long)]
    pub repeat: bool,
    /// Draw adjudication: movenumber=N,movecount=M,score=CP.
    #[arg(long)]
    pub draw: Option<String>,
    /// Resign adjudication: movecount=M,score=CP.
    #[arg(long)]
    pub resign: Option<String>,
    /// Turns after which a game is adjudicated a draw.
    #[arg(long, allow_negative_numbers = true)]
    pub maxplies: Option<usize>,
    /// Games played at once.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Sequential test: elo0=..,elo1=..,alpha=..,beta=.. (logistic Elo);
    /// the match stops when it decides (not in a shard).
    #[arg(long)]
    pub sprt: Option<String>,
    /// Write every game here as PGN (the file is replaced).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Moves in the PGN as wire tokens or human notation.
    #[arg(long, value_enum, default_value_t = PgnNotation::Token)]
    pub pgn_notation: PgnNotation,
    /// Write the totals and every game's record here as JSON.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Play only slice K of N of the match: K/N.
    #[arg(long)]
    pub shard: Option<String>,
    /// The PGN Event tag.
    #[arg(long, default_value = "Arcana match")]
    pub event: String,
    /// No progress line.
    #[arg(long)]
    pub quiet: bool,
}

/// Movetext notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PgnNotation {
    /// Wire tokens (e2e4, e3f3x).
    Token,
    /// Human notation (SAN).
    San,
}

/// Arguments of `arcana match-merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The shards' JSON reports.
    #[arg(required = true)]
    pub reports: Vec<PathBuf>,
    /// Write the merged report here.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

/// One game to play.
#[derive(Clone, Debug)]
struct Job {
    index: usize,
    opening_index: usize,
    opening: Opening,
    first_is_white: bool,
}

/// Everything a match needs, checked.
struct Config {
    engines: [EngineSpec; 2],
    rules: GameRules,
    sprt: Option<Sprt>,
    shard: Shard,
    id: MatchId,
    jobs: Vec<Job>,
    event: String,
    /// Movetext notation of the PGN.
    notation: Notation,
}

/// Runs `arcana match`: 0 when the match was played, 2 on bad arguments or
/// an engine that cannot start.
pub fn run(args: &MatchArgs) -> ExitCode {
    let config = match configure(args) {
        Ok(c) => c,
        Err(e) => return crate::exit::bad_input(e),
    };
    match play_match(args, &config) {
        Ok(report) => {
            crate::out!("{}", report.summary());
            save_json(&report, args.json.as_deref())
        }
        Err(e) => crate::exit::bad_input(e),
    }
}

/// Runs `arcana match-merge`.
pub fn run_merge(args: &MergeArgs) -> ExitCode {
    let mut reports = Vec::new();
    for path in &args.reports {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return crate::exit::bad_input(format!("{}: {e}", path.display())),
        };
        match serde_json::from_str::<Report>(&text) {
            Ok(r) => reports.push(r),
            Err(e) => {
                return crate::exit::bad_input(format!(
                    "{}: not a match report: {e}",
                    path.display()
                ))
            }
        }
    }
    let merged = match Report::merge(reports) {
        Ok(m) => m,
        Err(e) => return crate::exit::bad_input(e),
    };
    crate::out!("{}", merged.summary());
    let missing = merged.shard_count as usize - merged.shards.len();
    if missing > 0 {
        crate::outln!("({missing} shard(s) not merged yet)");
    }
    save_json(&merged, args.json.as_deref())
}

/// Writes the report's JSON where `--json` asked; the exit status says
/// whether that worked.
fn save_json(report: &Report, path: Option<&std::path::Path>) -> ExitCode {
    if let Some(path) = path {
        if let Err(e) = std::fs::write(path, report.to_json()) {
            return crate::exit::bad_input(format!("{}: {e}", path.display()));
        }
    }
    ExitCode::SUCCESS
}

/// The match `args` describe, checked; every failure is a
/// [`MatchError::Config`].
fn configure(args: &MatchArgs) -> Result<Config, MatchError> {
    configure_checked(args).map_err(MatchError::Config)
}

fn configure_checked(args: &MatchArgs) -> Result<Config, String> {
    if args.engines.len() != 2 {
        return Err(format!(
            "a match needs exactly two --engine options, not {}",
            args.engines.len()
        ));
    }
    // Arcana itself plays the games of this run's files too.
    let files = crate::variants_cmd::preloaded();
    let engines = [
        EngineSpec::parse(&args.engines[0])?.with_run_files(&files),
        EngineSpec::parse(&args.engines[1])?.with_run_files(&files),
    ];
    let mut referee = referee::Referee::new(&variants::Registry::current(), &args.variant)
        .map_err(|e| e.to_string())?;
    let limits = match_limits(args)?;
    if args.nodes.is_some() && engines.iter().any(|e| e.proto == spec::Proto::Xboard) {
        return Err("--nodes works with UCI engines only (XBoard has no node limit)".into());
    }
    let timeout = spec::seconds_of(args.timeout)
        .filter(|d| !d.is_zero())
        .ok_or("--timeout needs a positive number of seconds")?;
    let draw = args.draw.as_deref().map(DrawRule::parse).transpose()?;
    let resign = args.resign.as_deref().map(ResignRule::parse).transpose()?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let shard = args
        .shard
        .as_deref()
        .map(Shard::parse)
        .transpose()?
        .unwrap_or(Shard::WHOLE);
    let fens = match &args.openings {
        Some(path) => openings::read_file(path, &mut referee)?,
        None => Vec::new(),
    };
    let games = args.games as usize;
    let jobs = match_jobs(args, &mut referee, &fens, shard)?;
    let id = match_id(args, referee.variant(), &limits, fens.len(), games);
    Ok(Config {
        engines,
        rules: GameRules {
            limits,
            time_margin: Duration::from_millis(args.timemargin),
            timeout,
            draw,
            resign,
            max_plies: args.maxplies,
        },
        notation: match args.pgn_notation {
            PgnNotation::Token => Notation::Token,
            PgnNotation::San => Notation::San,
        },
        sprt,
        shard,
        id,
        jobs,
        event: args.event.clone(),
    })
}

/// The limits per move of `--tc`, `--st`, `--nodes` and `--depth` (at
/// least one).
fn match_limits(args: &MatchArgs) -> Result<Limits, String> {
    let tc = args.tc.as_deref().map(TimeControl::parse).transpose()?;
    let st = match args.st {
        Some(s) => Some(
            spec::seconds_of(s)
                .filter(|d| !d.is_zero())
                .ok_or("--st needs a positive number of seconds")?,
        ),
        None => None,
    };
    let limits = Limits {
        tc,
        st,
        nodes: args.nodes,
        depth: args.depth,
    };
    if limits == Limits::default() {
        return Err("give a limit: --tc, --st, --nodes or --depth".into());
    }
    Ok(limits)
}

/// The games this shard plays, each with its opening and colours.
fn match_jobs(
    args: &MatchArgs,
    referee: &mut referee::Referee,
    fens: &[String],
    shard: Shard,
) -> Result<Vec<Job>, String> {
    let games = args.games as usize;
    let pair = if args.repeat { 2 } else { 1 };
    let mut jobs = Vec::new();
    for index in 0..games {
        let opening_index = index / pair;
        if opening_index as u64 % shard.count as u64 != (shard.index - 1) as u64 {
            continue;
        }
        let opening = openings::opening(
            referee,
            fens,
            opening_index,
            args.random_plies as usize,
            args.seed,
        )?;
        jobs.push(Job {
            index,
            opening_index,
            opening,
            first_is_white: index % 2 == 0,
        });
    }
    Ok(jobs)
}

/// What identifies the match in its reports (merged shards must agree).
fn match_id(
    args: &MatchArgs,
    variant: &str,
    limits: &Limits,
    positions: usize,
    games: usize,
) -> MatchId {
    let limits_text = [
        limits.tc.map(|t| format!("tc={}", t.pgn())),
        limits.st.map(|s| format!("st={}", spec::format_seconds(s))),
        args.nodes.map(|n| format!("nodes={n}")),
        args.depth.map(|d| format!("depth={d}")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    let openings_text = match &args.openings {
        Some(path) => format!("{} ({} positions)", path.display(), positions),
        None => "none".into(),
    };
    MatchId {
        variant: variant.to_string(),
        engines: args.engines.clone(),
        limits: limits_text,
        games,
        openings: openings_text,
        random_plies: args.random_plies as usize,
        seed: args.seed,
        repeat: args.repeat,
        adjudication: format!(
            "draw={} resign={} maxplies={} timemargin={}",
            args.draw.as_deref().unwrap_or("-"),
            args.resign.as_deref().unwrap_or("-"),
            args.maxplies.map_or("-".into(), |m| m.to_string()),
            args.timemargin
        ),
    }
}

/// A worker's pair of engines (first engine, second engine); `None` when
/// one must be (re)started.
type Pair = [Option<Box<dyn Player>>; 2];

fn start_engine(config: &Config, which: usize, worker: usize) -> Result<Box<dyn Player>, String> {
    player::start(
        &config.engines[which],
        &format!("engine{}#{worker}", which + 1),
        &config.id.variant,
        config.rules.timeout,
    )
}

/// What a worker sends back.
type Outcome = Result<(GameRecord, String), MatchError>;

fn play_match(args: &MatchArgs, config: &Config) -> Result<Report, MatchError> {
    let total = config.jobs.len();
    let workers = (args.concurrency as usize).min(total.max(1));
    // Start every engine before the first game, so a bad command fails fast.
    let mut pairs: Vec<Pair> = Vec::new();
    for w in 0..workers {
        pairs.push([
            Some(start_engine(config, 0, w).map_err(MatchError::Engine)?),
            Some(start_engine(config, 1, w).map_err(MatchError::Engine)?),
        ]);
    }
    let mut names = [0, 1].map(|i| {
        pairs[0][i]
            .as_ref()
            .map_or(String::new(), |p| p.name().to_string())
    });
    if names[0] == names[1] {
        names[1].push_str(" (2)");
    }
    let mut pgn_file = match &args.pgn {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| MatchError::Output(format!("{}: {e}", path.display())))?;
            Some(file)
        }
        None => None,
    };
    let queue = Mutex::new(config.jobs.iter().cloned().collect::<VecDeque<_>>());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Outcome>();
    let mut records = Vec::new();
    let mut fatal = None;
    let tty = std::io::stderr().is_terminal();
    std::thread::scope(|scope| {
        for (w, pair) in pairs.into_iter().enumerate() {
            let tx = tx.clone();
            let (queue, stop, names) = (&queue, &stop, &names);
            scope.spawn(move || worker(config, w, pair, queue, stop, names, tx));
        }
        drop(tx);
        let mut wld = Wld::default();
        for outcome in rx {
            let (record, pgn) = match outcome {
                Ok(done) => done,
                Err(e) => {
                    fatal.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            record.count(&mut wld);
            if let Some(file) = pgn_file.as_mut() {
                if let Err(e) = file.write_all(pgn.as_bytes()).and_then(|()| file.flush()) {
                    fatal.get_or_insert(MatchError::Output(format!("writing the PGN: {e}")));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            records.push(record);
            if !args.quiet {
                let line = report::progress(records.len(), total, &wld, config.sprt.as_ref());
                if tty {
                    eprint!("\r\x1b[2K{line}");
                } else {
                    eprintln!("{line}");
                }
            }
            // A shard plays its whole slice: the SPRT decides on the merge.
            if let Some(sprt) = config.sprt.filter(|_| config.shard.count == 1) {
                if sprt.verdict(&wld) != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if tty && !args.quiet {
            eprintln!();
        }
    });
    if let Some(e) = fatal {
        return Err(e);
    }
    Ok(Report::new(
        config.id.clone(),
        names,
        config.shard.count,
        vec![config.shard.index],
        config.sprt,
        records,
    ))
}

fn worker(
    config: &Config,
    w: usize,
    mut pair: Pair,
    queue: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    names: &[String; 2],
    tx: mpsc::Sender<Outcome>,
) {
    let mut referee = referee::Referee::new(&variants::Registry::current(), &config.id.variant)
        .expect("the variant was checked");
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(job) = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None) else {
            break;
        };
        let outcome = play_job(config, w, &mut pair, &mut referee, &job, names);
        let fatal = outcome.is_err();
        if tx.send(outcome).is_err() || fatal {
            break;
        }
    }
    for player in pair.iter_mut().flatten() {
        player.quit();
    }
}

fn play_job(
    config: &Config,
    w: usize,
    pair: &mut Pair,
    referee: &mut referee::Referee,
    job: &Job,
    names: &[String; 2],
) -> Outcome {
    // Engine k plays White when (k == 0) == first_is_white.
    let white = if job.first_is_white { 0 } else { 1 };
    let side_names = [names[white].clone(), names[1 - white].clone()];
    let mut restart_error = None;
    for (k, slot) in pair.iter_mut().enumerate() {
        if slot.is_none() {
            match start_engine(config, k, w) {
                Ok(p) => *slot = Some(p),
                Err(e) => restart_error = Some((k, e)),
            }
        }
    }
    let finished = match (restart_error, &mut *pair) {
        (Some((k, e)), _) => {
            referee
                .reset(&job.opening.fen)
                .map_err(MatchError::Opening)?;
            let loser_is_white = (k == 0) == job.first_is_white;
            Finished {
                result: if loser_is_white { "0-1" } else { "1-0" },
                termination: game::Termination::Abandoned,
                reason: format!("{} could not be restarted: {e}", names[k]),
                plies: 0,
                restart: [false; 2],
                move_comments: Vec::new(),
            }
        }
        (None, [Some(first), Some(second)]) => {
            let players: [&mut dyn Player; 2] = if job.first_is_white {
                [first.as_mut(), second.as_mut()]
            } else {
                [second.as_mut(), first.as_mut()]
            };
            let finished = game::play(referee, &job.opening, players, &config.rules)?;
            for (side, &dead) in finished.restart.iter().enumerate() {
                if dead {
                    let k = if side == 0 { white } else { 1 - white };
                    pair[k] = None;
                }
            }
            finished
        }
        (None, _) => unreachable!("both engines were started above"),
    };
    let round = (job.index + 1).to_string();
    let date = today();
    let tc = config
        .rules
        .limits
        .tc
        .map_or_else(|| "-".to_string(), |t| t.pgn());
    let tags: Vec<(&str, &str)> = vec![
        ("Event", &config.event),
        ("Site", "Arcana"),
        ("Date", &date),
        ("Round", &round),
        ("White", &side_names[0]),
        ("Black", &side_names[1]),
        ("Result", finished.result),
        ("Variant", referee.variant()),
        ("TimeControl", &tc),
        ("Termination", finished.termination.tag()),
    ];
    let mut pgn = referee.pgn(
        &tags,
        finished.result,
        config.notation,
        Some(&finished.reason),
        &finished.move_comments,
    );
    pgn.push('\n');
    let record = GameRecord {
        index: job.index,
        opening: job.opening_index,
        white: side_names[0].clone(),
        black: side_names[1].clone(),
        first_is_white: job.first_is_white,
        result: finished.result.to_string(),
        termination: finished.termination.tag().to_string(),
        reason: finished.reason.clone(),
        start_fen: job.opening.fen.clone(),
        opening_moves: job.opening.moves.clone(),
        plies: finished.plies,
        final_fen: referee.fen(),
        moves: referee.played().iter().map(|p| p.token.clone()).collect(),
    };
    Ok((record, pgn))
}

/// Today's date as PGN writes it (`2026.11.22`), from the system clock (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day number counted from 1970-01-01 (the
/// proleptic Gregorian calendar, by eras of 400 years).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
    }
}
