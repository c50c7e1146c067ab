//! `arcana`: the engine process (UCI / XBoard on stdin/stdout) and its
//! command-line tools.

use arcana::{bench_cmd, deck_cmd, matches, perft_cmd, variants_cmd};

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Arcana, a chess-variant engine. With no subcommand it runs as an engine
/// speaking UCI or XBoard on standard input and output.
#[derive(Parser, Debug)]
#[command(
    name = "arcana",
    version,
    about = "A chess-variant engine speaking UCI and XBoard",
    long_about = None,
    after_help = engine_help()
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Games from a variants.ini file, for the engine (and any command
    /// named after it).
    #[command(flatten)]
    files: variants_cmd::VariantFiles,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the engine in UCI mode from the first line.
    Uci,
    /// Run the engine in XBoard (CECP v2) mode from the first line.
    Xboard,
    /// Count legal move sequences (perft) or check a perft suite.
    #[command(after_help = arcana::exit::RULE)]
    Perft(perft_cmd::PerftArgs),
    /// Search fixed positions to a fixed depth; prints nodes and speed.
    #[command(after_help = arcana::exit::RULE)]
    Bench(bench_cmd::BenchArgs),
    /// Play an engine-vs-engine match in any variant, refereed by Arcana.
    #[command(after_help = arcana::exit::RULE)]
    Match(Box<matches::MatchArgs>),
    /// Fit the search's margins by SPSA: game pairs between two copies of
    /// the engine, nudged apart.
    #[command(after_help = arcana::exit::RULE)]
    TuneSearch(Box<matches::TuneArgs>),
    /// Fit a game's evaluation weights to the results of its self-play
    /// games (Texel's method) and write a weights file (--eval-file).
    #[command(after_help = arcana::exit::RULE)]
    TuneEval(Box<matches::TuneEvalArgs>),
    /// Combine the JSON reports of a match's shards.
    #[command(after_help = arcana::exit::RULE)]
    MatchMerge(matches::MergeArgs),
    /// Wizard's Chess (a Magic: The Gathering deck format): check a deck list.
    #[command(after_help = arcana::exit::RULE)]
    Deck(deck_cmd::DeckArgs),
    /// Serve a board in the browser: play and analyse every game.
    Gui(GuiArgs),
    /// Games defined in a variants.ini file: check a file, show a game.
    #[command(after_help = arcana::exit::RULE)]
    Variants(variants_cmd::VariantsArgs),
}

/// `arcana gui`'s options.
#[derive(clap::Args, Debug)]
struct GuiArgs {
    /// Games from a variants.ini file.
    #[command(flatten)]
    files: variants_cmd::VariantFiles,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; anything but loopback lets other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Also open the page in the default browser.
    #[arg(long)]
    open: bool,
}

fn run_gui(args: &GuiArgs) -> ExitCode {
    let options = gui::Options {
        host: args.host.clone(),
        port: args.port,
        open: args.open,
    };
    match gui::serve(&options, |url| arcana::outln!("{url}")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => arcana::exit::bad_input(e),
    }
}

/// What `--help` says after the commands: a bare `arcana` is the engine.
fn engine_help() -> String {
    format!(
        "With no command, arcana is the engine: it reads UCI or XBoard (CECP v2) commands on \
         standard input and picks the protocol from the first one ('uci' or 'xboard'; other UCI \
         commands such as 'position' or 'go' also start UCI). Load it into a GUI (CuteChess, \
         Arena, XBoard/WinBoard), or type 'help' at it.\n\nGames: {} (and Chess960).\n\n{}",
        variants::Registry::current().ids().join(", "),
        arcana::exit::RULE
    )
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // Games from files first: `--variant` may then name them.
    let args: Vec<String> = std::env::args().collect();
    if let Err(error) = variants_cmd::preload(&args) {
        return arcana::exit::bad_input(error);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(&e),
    };
    match cli.command {
        None => run_engine(None),
        Some(Command::Uci) => run_engine(Some(protocol::Protocol::Uci)),
        Some(Command::Xboard) => run_engine(Some(protocol::Protocol::Xboard)),
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Bench(args)) => bench_cmd::run(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::MatchMerge(args)) => matches::run_merge(&args),
        Some(Command::TuneSearch(args)) => matches::run_tune(&args),
        Some(Command::TuneEval(args)) => matches::run_tune_eval(&args),
        Some(Command::Deck(args)) => deck_cmd::run(&args),
        Some(Command::Gui(args)) => run_gui(&args),
        Some(Command::Variants(args)) => variants_cmd::run(&args),
    }
}

/// Prints clap's whole message for bad arguments (the valid values, and
/// the usage of the command that was meant, which clap leaves out of some
/// messages); `--help` and `--version` go to stdout with status 0.
fn argument_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        arcana::out!("{e}");
        return ExitCode::SUCCESS;
    }
    let mut text = e.render().to_string();
    if !text.contains("Usage:") {
        let usage = usage_of_meant_command().to_string();
        let at = text
            .find("\nFor more information")
            .map_or(text.len(), |i| i + 1);
        text.insert_str(at, &format!("{}\n\n", usage.trim_end()));
        if !text[..at].ends_with("\n\n") {
            text.insert(at, '\n');
        }
    }
    eprint!("{text}");
    ExitCode::from(arcana::exit::BAD_INPUT)
}

/// The usage line of the (sub)command named on the command line.
fn usage_of_meant_command() -> clap::builder::StyledStr {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    cmd.build();
    let mut current = cmd;
    for arg in std::env::args().skip(1) {
        if arg.starts_with('-') {
            continue;
        }
        match current.find_subcommand(&arg) {
            Some(sub) => current = sub.clone(),
            None => break,
        }
    }
    current.render_usage()
}

/// The engine on stdin/stdout, in `protocol` or the one its first command
/// picks.
fn run_engine(protocol: Option<protocol::Protocol>) -> ExitCode {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let mut session = protocol::Session::new(arcana::stdout::Stdout);
    if let Some(p) = protocol {
        session.set_protocol(p);
    }
    match session.run(stdin) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => arcana::exit::bad_input(format!("cannot read standard input: {e}")),
    }
}
