//! `arcana variants`: games defined in a `variants.ini` file, for the
//! inventor debugging one: `check` reads a file and lists every error
//! with its line; `show` draws a loaded game's board and each piece's
//! moves. `--variants FILE` (read by `main.rs` before anything else) loads
//! a file's games for every command of the run.

use crate::exit::{Failure, CHECK_FAILED};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use variants::defined::betza::{CAPTURE, QUIET};
use variants::defined::def::GameDef;
use variants::Registry;

/// `--variants FILE` on a command: the files are read by [`preload`]
/// before the command line is parsed; clap only documents and accepts it.
#[derive(Args, Debug, Clone, Default)]
pub struct VariantFiles {
    /// Load the games of a variants.ini file (Fairy-Stockfish's format;
    /// see docs/rules/defined-games.md); repeatable.
    #[arg(long = "variants", value_name = "FILE")]
    pub variants: Vec<PathBuf>,
    /// Give a game the evaluation weights of a file that `arcana
    /// tune-eval` wrote (read after the --variants files); repeatable.
    #[arg(long = "eval-file", value_name = "FILE")]
    pub eval_files: Vec<PathBuf>,
}

/// `arcana variants ...`.
#[derive(Args, Debug)]
pub struct VariantsArgs {
    #[command(subcommand)]
    command: VariantsCommand,
}

#[derive(Subcommand, Debug)]
enum VariantsCommand {
    /// Read a variants.ini file: every error with its file and line (exit
    /// status 1 on any), else the games it defines.
    Check {
        /// The file.
        file: PathBuf,
    },
    /// A game loaded with --variants FILE: its board, and each piece with
    /// its letter, name, Betza, value and a diagram of its moves.
    Show {
        /// The game's name.
        name: String,
        /// The file that defines it.
        #[command(flatten)]
        files: VariantFiles,
    },
}

/// Runs `arcana variants`.
pub fn run(args: &VariantsArgs) -> ExitCode {
    match &args.command {
        VariantsCommand::Check { file } => check(file),
        VariantsCommand::Show { name, .. } => match show(&Registry::current(), name) {
            Ok(text) => {
                crate::out!("{text}");
                ExitCode::SUCCESS
            }
            Err(f) => f.report(),
        },
    }
}

fn check(file: &Path) -> ExitCode {
    let mut registry = Registry::builtin();
    let loaded = match registry.load_file(file) {
        Ok(loaded) => loaded,
        Err(e) => return crate::exit::bad_input(e),
    };
    if loaded.errors.is_empty() {
        crate::outln!("{}: ok, {} game(s):", file.display(), loaded.games.len());
    } else {
        crate::outln!("{}: {} game(s) load:", file.display(), loaded.games.len());
    }
    for def in &loaded.games {
        crate::outln!(
            "  {}: {}x{}, {} piece types, start {}",
            def.spec.id,
            def.files,
            def.ranks,
            def.pieces.len(),
            def.start_fen
        );
    }
    if loaded.errors.is_empty() {
        return ExitCode::SUCCESS;
    }
    for e in &loaded.errors {
        crate::outln!("{e}");
    }
    crate::outln!("{} error(s)", loaded.errors.len());
    crate::outln!("{}", loaded.summary());
    ExitCode::from(CHECK_FAILED)
}

/// The text `arcana variants show NAME` prints.
pub fn show(registry: &Registry, name: &str) -> Result<String, Failure> {
    let Some(def) = registry.defined(name) else {
        let loaded: Vec<String> = registry
            .ids()
            .into_iter()
            .filter(|id| registry.is_defined(id))
            .collect();
        return Err(Failure::Input(if loaded.is_empty() {
            format!(
                "'{name}' is not a game read from a file: load one with --variants FILE \
                 (arcana --variants my.ini variants show mygame)"
            )
        } else {
            format!(
                "'{name}' is not a game whose rules are data (these are: {}); load its \
                 file with --variants FILE (arcana --variants my.ini variants show mygame)",
                loaded.join(", ")
            )
        }));
    };
    let mut out = format!(
        "{} ({}x{}), start {}\n\n",
        def.spec.id, def.files, def.ranks, def.start_fen
    );
    let start = variants::defined::position::Position::from_fen(def, &def.start_fen)
        .map_err(|e| Failure::Input(e.to_string()))?;
    out.push_str(&board(def, |s| {
        if start.holes.has(s) {
            return '#';
        }
        match start.piece(s) {
            Some((side, t)) => {
                let l = def.pieces[t].letter;
                if side == 0 {
                    l
                } else {
                    l.to_ascii_lowercase()
                }
            }
            None => '.',
        }
    }));
    out.push_str(
        "\nEach piece (White's, on an empty board): * the piece, x moves or takes, \
         m moves only, c takes only.\n",
    );
    let centre = def
        .square((def.files - 1) / 2, (def.ranks - 1) / 2)
        .expect("a square");
    for (t, p) in def.pieces.iter().enumerate() {
        let royal = if def.king == Some(t) { ", royal" } else { "" };
        // The name players see, and the key that defines a custom piece.
        let shown = &def.spec.pieces[t].name;
        let name = if p.name.starts_with("customPiece") {
            format!("{shown} ({})", p.name)
        } else {
            p.name.clone()
        };
        out.push_str(&format!(
            "\n{} {name}: {}{royal}, value {}\n",
            p.letter,
            if p.betza.is_empty() {
                "(no moves)"
            } else {
                &p.betza
            },
            def.values.get(t).copied().unwrap_or(0)
        ));
        let c = &p.compiled[0];
        out.push_str(&board(def, |s| {
            let quiet = c.pseudo[0][QUIET][centre].has(s);
            let take = c.pseudo[0][CAPTURE][centre].has(s);
            match (s == centre, quiet, take) {
                (true, _, _) => '*',
                (_, true, true) => 'x',
                (_, true, false) => 'm',
                (_, false, true) => 'c',
                _ => '.',
            }
        }));
    }
    Ok(out)
}

/// The board drawn rank by rank from the top, with file letters and rank
/// numbers.
fn board(def: &GameDef, cell: impl Fn(usize) -> char) -> String {
    let mut out = String::new();
    for rank in (0..def.ranks).rev() {
        let cells: Vec<String> = (0..def.files)
            .map(|file| cell(def.square(file, rank).expect("a square")).to_string())
            .collect();
        out.push_str(&format!("{:>3} {}\n", rank + 1, cells.join(" ")));
    }
    let files: Vec<String> = (0..def.files)
        .map(|file| ((b'a' + file as u8) as char).to_string())
        .collect();
    out.push_str(&format!("    {}\n", files.join(" ")));
    out
}

/// The arguments that loaded this run's files (`--variants FILE` and
/// `--eval-file FILE`, paths made absolute), for the engines of a match
/// that are Arcana itself.
static PRELOADED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The arguments that loaded this run's files: `--variants FILE` and
/// `--eval-file FILE` pairs, in that order, paths absolute.
pub fn preloaded() -> Vec<String> {
    PRELOADED.lock().map(|p| p.clone()).unwrap_or_default()
}

/// Loads the files named by `--variants FILE` and then those of
/// `--eval-file FILE` (either also as `--flag=FILE`) in `args` for the
/// whole run, before the command line is parsed (so that `--variant` may
/// name their games). Every section that reads loads, as in
/// Fairy-Stockfish; the errors of the others are written to stderr with a
/// summary. A file that cannot be read, or weights that do not fit their
/// game, is the error returned.
pub fn preload(args: &[String]) -> Result<(), String> {
    let mut paths = Vec::new();
    let mut weights = Vec::new();
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        if a == "--" {
            break;
        }
        for (flag, list) in [("--variants", &mut paths), ("--eval-file", &mut weights)] {
            if a == flag {
                if let Some(p) = it.next() {
                    list.push(p.clone());
                }
            } else if let Some(p) = a.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
                list.push(p.to_string());
            }
        }
    }
    let remember = |flag: &str, path: &Path| {
        if let Ok(mut preloaded) = PRELOADED.lock() {
            let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
            preloaded.extend([flag.to_string(), absolute.to_string_lossy().into_owned()]);
        }
    };
    for p in paths {
        let path = Path::new(&p);
        let loaded = Registry::load_for_process(path).map_err(|e| e.to_string())?;
        if !loaded.errors.is_empty() {
            for e in &loaded.errors {
                eprintln!("{e}");
            }
            eprintln!("{p}: {}", loaded.summary());
        }
        remember("--variants", path);
    }
    for p in weights {
        let path = Path::new(&p);
        let game = Registry::load_weights_for_process(path)?;
        log::info!("{p}: {game}'s evaluation weights");
        remember("--eval-file", path);
    }
    Ok(())
}
