//! `arcana perft`: counts, divides and checks perft suites.

use crate::exit::Failure;
use clap::Args;
use std::process::ExitCode;
use variants::{Registry, Variant, VariantVisitor};

/// Arguments of `arcana perft`.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// Games from a variants.ini file.
    #[command(flatten)]
    pub files: crate::variants_cmd::VariantFiles,
    /// The game (any case).
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: String,
    /// Position to count from (default: the variant's start position).
    #[arg(long, conflicts_with = "epd")]
    pub fen: Option<String>,
    /// Number of turns; with --epd, the deepest entry checked (default: all).
    #[arg(long, allow_negative_numbers = true, short, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub depth: Option<u32>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (parallel over root moves).
    #[arg(long, allow_negative_numbers = true, short, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// Check every ';D<depth> <count>' (and ';S <first plies>') of a perft suite file instead.
    #[arg(long)]
    pub epd: Option<std::path::PathBuf>,
}

/// Runs the subcommand; exit status as [`crate::exit::RULE`] says.
pub fn run(args: &PerftArgs) -> ExitCode {
    let registry = Registry::current();
    match registry.visit(&args.variant, Runner(args, &registry)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(failure)) => failure.report(),
        Err(e) => crate::exit::bad_input(e),
    }
}

struct Runner<'a>(&'a PerftArgs, &'a Registry);

impl VariantVisitor for Runner<'_> {
    type Output = Result<(), Failure>;

    fn visit<V: Variant>(self, game: V) -> Result<(), Failure> {
        let args = self.0;
        match &args.epd {
            Some(path) => run_epd(&game, self.1, args, path),
            None => run_count(&game, args),
        }
    }
}

fn run_count<V: Variant>(game: &V, args: &PerftArgs) -> Result<(), Failure> {
    let depth = args
        .depth
        .ok_or_else(|| Failure::Input("--depth is required (or use --epd FILE)".into()))?;
    let pos = match &args.fen {
        Some(fen) => game
            .read_fen(fen)
            .map_err(|e| Failure::Input(e.to_string()))?,
        None => game.start(),
    };
    // Without --divide and on one thread (or to depth 1) the plain count
    // serves: it lists no root turns, of which a Parallel Worlds
    // middlegame has over a million.
    let result = if !args.divide && (args.threads <= 1 || depth <= 1) {
        let start = std::time::Instant::now();
        let nodes = perft::perft::<V>(&pos, depth);
        perft::Divide {
            moves: Vec::new(),
            nodes,
            elapsed: start.elapsed(),
        }
    } else {
        perft::divide::<V>(&pos, depth, args.threads as usize)
    };
    if args.divide {
        for (token, n) in &result.moves {
            crate::outln!("{token}: {n}");
        }
        crate::outln!();
        crate::outln!("Moves: {}", result.moves.len());
    }
    let secs = result.elapsed.as_secs_f64();
    let nps = perft::nodes_per_second(result.nodes, result.elapsed);
    crate::outln!("{} nodes {secs:.3} s {nps} nps", result.nodes);
    Ok(())
}

fn run_epd<V: Variant>(
    game: &V,
    registry: &Registry,
    args: &PerftArgs,
    path: &std::path::Path,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
    let entries =
        perft::epd::parse(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| Failure::Input(e.to_string()))?;
    let start = std::time::Instant::now();
    let checks = pool.install(|| perft::epd::check(game, &entries, args.depth.unwrap_or(u32::MAX)));
    let mut failed = 0;
    let mut nodes = 0u64;
    // A position this game cannot read is one error, not one per depth.
    let mut unreadable = std::collections::BTreeSet::new();
    for c in &checks {
        match &c.actual {
            Ok(n) if *n == c.expected => nodes += n,
            Ok(n) => {
                failed += 1;
                let what = if c.depth == 0 {
                    "first plies".to_string()
                } else {
                    format!("depth {}", c.depth)
                };
                crate::outln!(
                    "MISMATCH line {} {what}: expected {}, got {} ({})",
                    c.line,
                    c.expected,
                    n,
                    c.fen
                );
            }
            Err(e) => {
                failed += 1;
                if unreadable.insert(c.line) {
                    crate::outln!("ERROR line {}: {e} ({})", c.line, c.fen);
                }
            }
        }
    }
    let elapsed = start.elapsed();
    crate::outln!(
        "{} of {} checks passed in {} positions",
        checks.len() - failed,
        checks.len(),
        entries.len()
    );
    crate::outln!(
        "{nodes} nodes {:.3} s {} nps",
        elapsed.as_secs_f64(),
        perft::nodes_per_second(nodes, elapsed)
    );
    if failed > 0 {
        let mut message = format!("{failed} perft check(s) failed");
        if !unreadable.is_empty() {
            let id = &game.spec().id;
            message += &format!(
                "; {} of {} positions are not {id} FENs",
                unreadable.len(),
                entries.len(),
            );
            if let Some(hint) = other_game_hint(registry, &entries, &unreadable, id) {
                message += &hint;
            }
        }
        Err(Failure::Check(message))
    } else {
        Ok(())
    }
}

/// When every position this game cannot read reads as another game's:
/// "; they read as chess FENs: try --variant chess".
fn other_game_hint(
    registry: &Registry,
    entries: &[perft::epd::EpdEntry],
    unreadable: &std::collections::BTreeSet<usize>,
    this: &str,
) -> Option<String> {
    let fens: Vec<&str> = entries
        .iter()
        .filter(|e| unreadable.contains(&e.line))
        .map(|e| e.fen.as_str())
        .collect();
    let game = registry
        .ids()
        .into_iter()
        .find(|game| game != this && fens.iter().all(|fen| registry.reading(fen).contains(game)))?;
    Some(format!("; they read as {game} FENs: try --variant {game}"))
}
