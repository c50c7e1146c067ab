//! `arcana tune-eval`: fits a game's evaluation weights to the results of
//! its own games (Texel's method, [`crate::fit`]). It plays self-play
//! games at a low node count (the match runner's games: referee, openings
//! from random plies, adjudication), keeps their quiet positions with each
//! game's result, fits the weights on every core and writes a weights
//! file, which the engine loads with `--eval-file` or the `EvalFile`
//! option. Games already played (`--from-pgn`) can be fitted instead.

use super::error::MatchError;
use super::game::{self, GameRules};
use super::openings;
use super::player::{self, comment_score, Player};
use super::referee::Referee;
use super::spec::{self, DrawRule, EngineSpec, ResignRule};
use super::stats::Wld;
use super::tune::{bar, clock};
use crate::fit::{self, FitOptions, Samples};
use clap::Args;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use variants::pgn::{self, Notation};
use variants::{EvalWeights, Registry, Side, Variant, VariantVisitor};

/// Arguments of `arcana tune-eval`.
#[derive(Args, Debug, Clone)]
pub struct TuneEvalArgs {
    /// Games from a variants.ini file, and weights to start from.
    #[command(flatten)]
    pub files: crate::variants_cmd::VariantFiles,
    /// The game (any case).
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: String,
    /// The engine both sides run: name=..,cmd=..,arg=..,option.NAME=VALUE
    /// (default: Arcana itself, with this run's --variants and --eval-file).
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<String>,
    /// Self-play games to play.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub games: u64,
    /// Nodes per move (the default limit: 4000).
    #[arg(long, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub depth: Option<u32>,
    /// Clock: MOVES/TIME+INC in seconds, e.g. 2+0.02.
    #[arg(long)]
    pub tc: Option<String>,
    /// Random legal turns played before the engines take over; positions
    /// before them are not fitted.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub random_plies: u64,
    /// Start positions: one FEN or EPD per line, used in turn.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw adjudication: movenumber=N,movecount=M,score=CP.
    #[arg(long, default_value = "movenumber=40,movecount=8,score=10")]
    pub draw: String,
    /// Resign adjudication: movecount=M,score=CP.
    #[arg(long, default_value = "movecount=3,score=1000")]
    pub resign: String,
    /// Turns after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 400)]
    pub maxplies: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Write the self-play games here (PGN, moves as tokens).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Fit the games of these PGN files instead of playing (repeatable).
    #[arg(long, value_name = "FILE")]
    pub from_pgn: Vec<PathBuf>,
    /// The weight of the game's result in each position's label, from 0
    /// to 1; the rest is the engine's own score of the position, read from
    /// the PGN's move comments (`{+0.31/12 0.52s}`, as `arcana match` and
    /// cutechess write them) through the same sigmoid. 1: results alone
    /// (Texel's method).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub lambda: f64,
    /// Adam steps over all positions.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Penalty on squared distances from the starting weights.
    #[arg(long, default_value_t = 1e-8)]
    pub l2: f64,
    /// Weights with counts in fewer positions keep their values.
    #[arg(long, default_value_t = 100)]
    pub min_seen: usize,
    /// Fit only the weights whose names start with this (repeatable, e.g.
    /// --fit "king danger" --fit storm); the others keep their values.
    #[arg(long, value_name = "PREFIX")]
    pub fit: Vec<String>,
    /// The weights file to write.
    #[arg(long, required_unless_present = "list")]
    pub out: Option<PathBuf>,
    /// Print the game's weights (a weights file) and stop.
    #[arg(long)]
    pub list: bool,
    /// No progress lines.
    #[arg(long)]
    pub quiet: bool,
}

/// The weights `--fit` leaves alone: none without prefixes, else those
/// whose names start with none of them. A prefix that names no weight is
/// an error (a typo would otherwise freeze everything).
fn frozen_weights(names: &[String], prefixes: &[String]) -> Result<Vec<bool>, String> {
    if prefixes.is_empty() {
        return Ok(Vec::new());
    }
    if let Some(p) = prefixes
        .iter()
        .find(|p| !names.iter().any(|n| n.starts_with(p.as_str())))
    {
        return Err(format!(
            "--fit {p:?}: no weight of this game has a name starting so; \
             see the names with --list"
        ));
    }
    Ok(names
        .iter()
        .map(|n| !prefixes.iter().any(|p| n.starts_with(p.as_str())))
        .collect())
}

/// Runs `arcana tune-eval`.
pub fn run(args: &TuneEvalArgs) -> ExitCode {
    match tune(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::exit::bad_input(e),
    }
}

/// The game's weights, or why it has none.
fn weights_of(registry: &Registry, variant: &str) -> Result<EvalWeights, String> {
    struct Weights;
    impl VariantVisitor for Weights {
        type Output = Result<EvalWeights, String>;
        fn visit<V: Variant>(self, game: V) -> Self::Output {
            game.eval_weights().ok_or_else(|| {
                format!(
                    "{}'s evaluation takes no weights file: arcana tune-eval fits games \
                     whose evaluation is named weights (every built-in game, and games read \
                     with --variants FILE)",
                    game.spec().name
                )
            })
        }
    }
    registry
        .visit(variant, Weights)
        .map_err(|e| e.to_string())?
}

fn tune(args: &TuneEvalArgs) -> Result<(), String> {
    let registry = Registry::current();
    let weights = weights_of(&registry, &args.variant)?;
    if args.list {
        crate::out!("{}", weights.to_text(&heading(&weights.game)));
        return Ok(());
    }
    let out = args.out.as_ref().expect("clap requires --out");
    let frozen = frozen_weights(&weights.names, &args.fit)?;
    for (name, v) in [("--rate", args.rate), ("--l2", args.l2)] {
        if !(v >= 0.0 && v.is_finite()) {
            return Err(format!("{name} must be a number of at least 0, not {v}"));
        }
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!(
            "--lambda must be between 0 (scores alone) and 1 (results alone), not {}",
            args.lambda
        ));
    }
    let (texts, origin) = if args.from_pgn.is_empty() {
        let texts = self_play(args).map_err(|e| e.to_string())?;
        let origin = format!("{} self-play games at {}", texts.len(), limits_text(args));
        (texts, origin)
    } else {
        let mut texts = Vec::new();
        for path in &args.from_pgn {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            texts.extend(split_games(&text));
        }
        let origin = format!("{} games of --from-pgn", texts.len());
        (texts, origin)
    };
    let mut sets = registry
        .visit(
            &args.variant,
            Collect {
                texts: &texts,
                skip: args.random_plies as usize,
            },
        )
        .map_err(|e| e.to_string())?;
    if sets.train.is_empty() {
        return Err(format!(
            "no quiet positions to fit in {} games ({} unreadable)",
            sets.games, sets.unread
        ));
    }
    eprintln!(
        "{} games ({} unreadable, {} unfinished or ended by a forfeit), {} training and {} \
         held-out positions",
        sets.games,
        sets.unread,
        sets.unfinished,
        sets.train.len(),
        sets.test.len()
    );
    if sets.test.is_empty() {
        eprintln!("(no game held out: one in ten is, from the tenth on)");
    }
    let start: Vec<[f64; 2]> = weights.values.iter().map(|w| w.map(f64::from)).collect();
    let k = fit::best_scale(|k| sets.train.error(&start, k));
    // The scale comes from the results alone; the held-out error stays
    // against results, so that fits with any lambda compare.
    if args.lambda < 1.0 {
        let scored = sets.train.scored();
        if scored == 0 {
            return Err(format!(
                "--lambda {} needs the engine's scores in the games' move comments \
                 ({{+0.31/12 0.52s}}); none of the {} training positions has one",
                args.lambda,
                sets.train.len()
            ));
        }
        eprintln!(
            "labels: {} x result + {} x score ({scored} of {} training positions scored)",
            args.lambda,
            1.0 - args.lambda,
            sets.train.len()
        );
        sets.train.blend(k, args.lambda);
    }
    let before = (sets.train.error(&start, k), sets.test.error(&start, k));
    eprintln!(
        "k = {k:.6}; error now: training {:.6}, held out {:.6}",
        before.0, before.1
    );
    let options = FitOptions {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
        min_seen: args.min_seen,
        frozen,
    };
    let started = Instant::now();
    let fitted = fit::fit(&sets.train, &start, k, &options, |epoch, w| {
        if !args.quiet {
            eprintln!(
                "epoch {epoch}/{}: training {:.6}, held out {:.6} ({})",
                args.epochs,
                sets.train.error(w, k),
                sets.test.error(w, k),
                clock(started.elapsed())
            );
        }
    });
    let after = sets.test.error(&fitted, k);
    let mut result = weights.clone();
    result.values = fitted
        .iter()
        .map(|w| w.map(|x| x.round().clamp(-30000.0, 30000.0) as i32))
        .collect();
    let comment = format!(
        "{}\n\
         written by arcana tune-eval on {date}: {origin}, {n} positions (one game in ten held out)\n\
         k = {k:.6}; held-out error {b:.6} before, {after:.6} after",
        heading(&result.game),
        date = super::today(),
        n = sets.train.len() + sets.test.len(),
        b = before.1,
    );
    std::fs::write(out, result.to_text(&comment))
        .map_err(|e| format!("{}: cannot write: {e}", out.display()))?;
    crate::outln!(
        "{}: {} weights fitted to {} positions of {} games; held-out error {:.6} -> {:.6}",
        out.display(),
        result.game,
        sets.train.len() + sets.test.len(),
        sets.games,
        before.1,
        after
    );
    for (name, (old, new)) in weights
        .names
        .iter()
        .zip(weights.values.iter().zip(&result.values))
        .filter(|(_, (o, n))| o != n)
    {
        crate::outln!(
            "  {name:<18} {:>6} {:>6}  ->  {:>6} {:>6}",
            old[0],
            old[1],
            new[0],
            new[1]
        );
    }
    crate::outln!(
        "Play with them: arcana --eval-file {} ... (or the engine option EvalFile)",
        out.display()
    );
    Ok(())
}

/// A weights file's first comment line.
fn heading(game: &str) -> String {
    format!("{game}'s evaluation weights: name, middle game, endgame (centipawns a count)")
}

/// The limit of a move, in words.
fn limits_text(args: &TuneEvalArgs) -> String {
    match (&args.tc, args.depth, args.nodes) {
        (Some(tc), _, _) => format!("tc {tc}"),
        (None, Some(d), _) => format!("depth {d}"),
        (None, None, n) => format!("{} nodes a move", n.unwrap_or(DEFAULT_NODES)),
    }
}

/// Nodes a move without another limit.
const DEFAULT_NODES: u64 = 4000;

/// A PGN file's games, each with its tags.
fn split_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            games.push(std::mem::take(&mut current));
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

/// The positions to fit, and what was read.
struct Sets {
    train: Samples,
    test: Samples,
    games: usize,
    unread: usize,
    unfinished: usize,
}

/// Reads games and keeps their quiet positions from ply `skip` on (not in
/// check, and the turn played next is quiet), with the game's result for
/// White and the score the engine to move gave it, where its move's
/// comment says; one game in ten is held out, whole (a game's positions are
/// alike).
struct Collect<'a> {
    texts: &'a [String],
    skip: usize,
}

impl VariantVisitor for Collect<'_> {
    type Output = Sets;

    fn visit<V: Variant>(self, game: V) -> Sets {
        let mut sets = Sets {
            train: Samples::default(),
            test: Samples::default(),
            games: 0,
            unread: 0,
            unfinished: 0,
        };
        for text in self.texts {
            let read = match pgn::read(&game, text) {
                Ok(r) => r,
                Err(e) => {
                    log::warn!("skipped a game: {e}");
                    sets.unread += 1;
                    continue;
                }
            };
            let tag = |name: &str| {
                read.tags
                    .iter()
                    .find(|(k, _)| k == name)
                    .map(|(_, v)| v.as_str())
            };
            // A game lost by a crash, an illegal move or the clock says
            // nothing of the positions before.
            let forfeit = matches!(
                tag("Termination"),
                Some("abandoned" | "time forfeit" | "rules infraction")
            );
            let result = match read.result.as_str() {
                "1-0" if !forfeit => 1.0,
                "0-1" if !forfeit => 0.0,
                "1/2-1/2" if !forfeit => 0.5,
                _ => {
                    sets.unfinished += 1;
                    continue;
                }
            };
            // Held out by the game's number where it has one (the same
            // games whatever order they finished in), else by its place.
            let number = tag("Round")
                .and_then(|r| r.parse::<usize>().ok())
                .map_or(sets.games, |r| r.saturating_sub(1));
            let set = if number % 10 == 9 {
                &mut sets.test
            } else {
                &mut sets.train
            };
            sets.games += 1;
            let mut pos = read.game.start_position().clone();
            for (ply, turn) in read.game.turns().iter().enumerate() {
                let quiet = !V::in_check(&pos) && turn.iter().all(|&mv| !V::is_noisy(&pos, mv));
                if ply >= self.skip && quiet {
                    if let Some(trace) = V::eval_trace(&pos) {
                        let white = V::side_to_move(&pos) == Side::White;
                        let score = (read.comments.get(ply))
                            .and_then(|c| comment_score(c.as_deref()?))
                            .map(|s| if white { s } else { -s });
                        set.push(&trace, result, score);
                    }
                }
                for &mv in turn {
                    pos = V::make(&pos, mv);
                }
            }
        }
        sets
    }
}

/// Plays the self-play games, `--concurrency` at a time; returns each as
/// PGN.
fn self_play(args: &TuneEvalArgs) -> Result<Vec<String>, MatchError> {
    let files = crate::variants_cmd::preloaded();
    let engine = EngineSpec::parse(args.engine.as_deref().unwrap_or(""))
        .map_err(MatchError::Engine)?
        .with_run_files(&files);
    let mut referee =
        Referee::new(&Registry::current(), &args.variant).map_err(MatchError::Config)?;
    let limits = player::Limits {
        tc: args
            .tc
            .as_deref()
            .map(spec::TimeControl::parse)
            .transpose()
            .map_err(MatchError::Engine)?,
        st: None,
        nodes: args
            .nodes
            .or((args.tc.is_none() && args.depth.is_none()).then_some(DEFAULT_NODES)),
        depth: args.depth,
    };
    let rules = GameRules {
        limits,
        time_margin: Duration::from_millis(50),
        timeout: Duration::from_secs(60),
        draw: Some(DrawRule::parse(&args.draw).map_err(MatchError::Engine)?),
        resign: Some(ResignRule::parse(&args.resign).map_err(MatchError::Engine)?),
        max_plies: Some(args.maxplies),
    };
    let fens = match &args.openings {
        Some(path) => openings::read_file(path, &mut referee).map_err(MatchError::Engine)?,
        None => Vec::new(),
    };
    let variant = referee.variant().to_string();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let fatal = Mutex::new(None);
    let games = Mutex::new(Vec::new());
    let tally = Mutex::new(Wld::default());
    let pgn_file = match &args.pgn {
        Some(path) => {
            Some(Mutex::new(std::fs::File::create(path).map_err(|e| {
                MatchError::Output(format!("{}: {e}", path.display()))
            })?))
        }
        None => None,
    };
    let started = Instant::now();
    std::thread::scope(|scope| {
        for w in 0..args.concurrency.min(args.games) as usize {
            let (next, stop, fatal, games, tally) = (&next, &stop, &fatal, &games, &tally);
            let (engine, rules, fens, variant, pgn_file) =
                (&engine, &rules, &fens, &variant, &pgn_file);
            scope.spawn(move || {
                let fail = |e: MatchError| {
                    fatal
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                };
                let mut referee =
                    Referee::new(&Registry::current(), variant).expect("the variant was checked");
                let start = |side: &str| {
                    player::start(engine, &format!("{side}#{w}"), variant, rules.timeout)
                        .map_err(MatchError::Engine)
                };
                let mut players: Vec<Box<dyn Player>> = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    if players.len() < 2 {
                        players.clear();
                        match (start("white"), start("black")) {
                            (Ok(a), Ok(b)) => players.extend([a, b]),
                            (Err(e), _) | (_, Err(e)) => return fail(e),
                        }
                    }
                    let opening = match openings::opening(
                        &mut referee,
                        fens,
                        index as usize,
                        args.random_plies as usize,
                        args.seed,
                    ) {
                        Ok(o) => o,
                        Err(e) => return fail(MatchError::Opening(e)),
                    };
                    let [white, black] = &mut players[..] else {
                        unreachable!("two players")
                    };
                    let finished = match game::play(
                        &mut referee,
                        &opening,
                        [white.as_mut(), black.as_mut()],
                        rules,
                    ) {
                        Ok(f) => f,
                        Err(e) => return fail(e),
                    };
                    if finished.restart.iter().any(|&r| r) {
                        for p in players.iter_mut() {
                            p.kill();
                        }
                        players.clear();
                    }
                    let round = (index + 1).to_string();
                    let tags = [
                        ("Event", "arcana tune-eval"),
                        ("Round", round.as_str()),
                        ("Result", finished.result),
                        ("Variant", variant.as_str()),
                        ("Termination", finished.termination.tag()),
                    ];
                    let text = referee.pgn(
                        &tags,
                        finished.result,
                        Notation::Token,
                        None,
                        &finished.move_comments,
                    );
                    // The file keeps the games in the order of the list
                    // (which decides the held-out games): one lock.
                    let mut g = games.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(file) = pgn_file {
                        use std::io::Write;
                        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
                        if let Err(e) = writeln!(f, "{text}") {
                            return fail(MatchError::Output(e.to_string()));
                        }
                    }
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    match finished.result {
                        "1-0" => t.wins += 1,
                        "0-1" => t.losses += 1,
                        _ => t.draws += 1,
                    }
                    g.push((index, text));
                    if !args.quiet {
                        show(g.len() as u64, args.games, &t, started.elapsed());
                    }
                }
                for p in players.iter_mut() {
                    p.quit();
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
    let mut games = games.into_inner().unwrap_or_else(|e| e.into_inner());
    games.sort_by_key(|(index, _)| *index);
    Ok(games.into_iter().map(|(_, text)| text).collect())
}

/// One progress line: games done, White's W-L-D, the time left.
fn show(done: u64, total: u64, t: &Wld, elapsed: Duration) {
    let left = elapsed.mul_f64((total - done) as f64 / done.max(1) as f64);
    let line = format!(
        "{} {done}/{total} games, White {}-{}-{}, {} left",
        bar(done, total),
        t.wins,
        t.losses,
        t.draws,
        clock(left)
    );
    if std::io::stderr().is_terminal() {
        eprint!("\r\x1b[2K{line}");
    } else if done.is_multiple_of(50) || done == total {
        eprintln!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Forfeited games are left out; the held-out games are those
    /// numbered 10, 20, ... by their Round tag, whatever the file's order.
    #[test]
    fn forfeits_are_skipped_and_rounds_decide_the_held_out_games() {
        let registry = Registry::builtin();
        let game = |round: u32, termination: &str| {
            format!(
                "[Event \"x\"]\n[Round \"{round}\"]\n[Termination \"{termination}\"]\n\n\
                 1. g1f3 g8f6 2. b1c3 b8c6 1-0\n"
            )
        };
        let texts = vec![
            game(10, "normal"),
            game(1, "time forfeit"),
            game(2, "abandoned"),
            game(3, "rules infraction"),
            game(4, "adjudication"),
        ];
        // Chess has no weights: chess written in a file has.
        let loaded = {
            let mut r = registry.clone();
            r.load("[fen:chess]\n", "t.ini");
            r
        };
        let sets = loaded
            .visit(
                "fen",
                Collect {
                    texts: &texts,
                    skip: 0,
                },
            )
            .expect("the game");
        assert_eq!(sets.games, 2);
        assert_eq!(sets.unfinished, 3);
        // Four quiet positions a game: round 10 held out, round 4 not.
        assert_eq!(sets.test.len(), 4);
        assert_eq!(sets.train.len(), 4);
    }

    #[test]
    fn a_pgn_file_splits_into_its_games() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let games = split_games(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].contains("e4") && !games[0].contains("d4"));
        assert!(games[1].starts_with("[Event \"b\"]"));
    }
}
