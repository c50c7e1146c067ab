//! `arcana`: the engine process (UCI / XBoard on stdin/stdout) and its
//! command-line tools.

mod bench_cmd;
mod deck_cmd;
mod matches;
mod perft_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Arcana, a chess-variant engine. With no subcommand it runs as an engine
/// speaking UCI or XBoard on standard input and output.
#[derive(Parser, Debug)]
#[command(name = "arcana", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count legal move sequences (perft) or check a perft suite.
    Perft(perft_cmd::PerftArgs),
    /// Search fixed positions to a fixed depth; prints nodes and speed.
    Bench(bench_cmd::BenchArgs),
    /// Play an engine-vs-engine match in any variant, refereed by Arcana.
    Match(Box<matches::MatchArgs>),
    /// Combine the JSON reports of a match's shards.
    MatchMerge(matches::MergeArgs),
    /// Wizard's Chess (a Magic: The Gathering deck format): check a deck list.
    Deck(deck_cmd::DeckArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            // One line, so scripts can show it as is.
            let text = e.render().to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        None => run_engine(),
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Bench(args)) => bench_cmd::run(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::MatchMerge(args)) => matches::run_merge(&args),
        Some(Command::Deck(args)) => deck_cmd::run(&args),
    }
}

fn run_engine() -> ExitCode {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let mut session = protocol::Session::new(std::io::stdout());
    match session.run(stdin) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("i/o error: {e}");
            ExitCode::FAILURE
        }
    }
}
