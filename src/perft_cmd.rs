//! `arcana perft`: counts, divides and checks perft suites.

use clap::Args;
use std::process::ExitCode;
use variants::{with_variant, Variant, VariantVisitor};

/// Arguments of `arcana perft`.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// The game (any case).
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: String,
    /// Position to count from (default: the variant's start position).
    #[arg(long, conflicts_with = "epd")]
    pub fen: Option<String>,
    /// Number of turns; with --epd, the deepest entry checked (default: all).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub depth: Option<u32>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (parallel over root moves).
    #[arg(long, short, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// Check every ';D<depth> <count>' (and ';S <first plies>') of a perft suite file instead.
    #[arg(long)]
    pub epd: Option<std::path::PathBuf>,
}

/// Runs the subcommand; exit code 0 only when everything checked out.
pub fn run(args: &PerftArgs) -> ExitCode {
    match with_variant(&args.variant, Runner(args)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

struct Runner<'a>(&'a PerftArgs);

impl VariantVisitor for Runner<'_> {
    type Output = Result<(), String>;

    fn visit<V: Variant>(self) -> Result<(), String> {
        let args = self.0;
        match &args.epd {
            Some(path) => run_epd::<V>(args, path),
            None => run_count::<V>(args),
        }
    }
}

fn run_count<V: Variant>(args: &PerftArgs) -> Result<(), String> {
    let depth = args
        .depth
        .ok_or("--depth is required (or use --epd FILE)")?;
    let pos = match &args.fen {
        Some(fen) => V::from_fen(fen).map_err(|e| e.to_string())?,
        None => V::start(),
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
            println!("{token}: {n}");
        }
        println!();
        println!("Moves: {}", result.moves.len());
    }
    let secs = result.elapsed.as_secs_f64();
    let nps = perft::nodes_per_second(result.nodes, result.elapsed);
    println!("{} nodes {secs:.3} s {nps} nps", result.nodes);
    Ok(())
}

fn run_epd<V: Variant>(args: &PerftArgs, path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let entries = perft::epd::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    let checks = pool.install(|| perft::epd::check::<V>(&entries, args.depth.unwrap_or(u32::MAX)));
    let mut failed = 0;
    let mut nodes = 0u64;
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
                println!(
                    "MISMATCH line {} {what}: expected {}, got {} ({})",
                    c.line, c.expected, n, c.fen
                );
            }
            Err(e) => {
                failed += 1;
                println!("ERROR line {}: {e} ({})", c.line, c.fen);
            }
        }
    }
    let elapsed = start.elapsed();
    println!(
        "{} of {} checks passed in {} positions",
        checks.len() - failed,
        checks.len(),
        entries.len()
    );
    println!(
        "{nodes} nodes {:.3} s {} nps",
        elapsed.as_secs_f64(),
        perft::nodes_per_second(nodes, elapsed)
    );
    if failed > 0 {
        Err(format!("{failed} perft check(s) failed"))
    } else {
        Ok(())
    }
}
