//! `arcana deck`: the Wizard's Chess deck checker (`check`) and the card
//! lookup (`show`), spec `docs/rules/wizards-chess-mtg.md` §1.

use clap::{Args, Subcommand};
use deck::{CardTable, CheckOptions};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

/// `arcana deck ...`.
#[derive(Args, Debug)]
pub struct DeckArgs {
    #[command(subcommand)]
    command: DeckCommand,
}

#[derive(Subcommand, Debug)]
enum DeckCommand {
    /// Check a Wizard's Chess deck list against the construction rules.
    Check(CheckArgs),
    /// Print one card as the checker sees it.
    Show(ShowArgs),
}

/// Where card data comes from.
#[derive(Args, Debug)]
struct TableArgs {
    /// Load a further card table (TSV or MTGJSON); repeatable, read in order.
    #[arg(long = "cards", value_name = "FILE")]
    cards: Vec<PathBuf>,
    /// Do not load the built-in card table.
    #[arg(long)]
    no_builtin: bool,
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    tables: TableArgs,
    /// Put a card on the named ban list (R32); repeatable.
    #[arg(long, value_name = "NAME")]
    ban: Vec<String>,
    /// Put every card named in FILE (one a line, '#' comments) on the ban list.
    #[arg(long, value_name = "FILE")]
    ban_file: Vec<PathBuf>,
    /// The players waive the piece guidelines: class G rules give warnings.
    #[arg(long)]
    waive_roles: bool,
    /// Waive only these class G rules (comma-separated, e.g. R13,R8).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    waive: Vec<String>,
    /// Exit with status 1 when there is any warning.
    #[arg(long)]
    deny_warnings: bool,
    /// The deck file, or '-' for standard input.
    deck: String,
}

#[derive(Args, Debug)]
struct ShowArgs {
    #[command(flatten)]
    tables: TableArgs,
    /// The card's name (several words may be given unquoted).
    #[arg(required = true, num_args = 1..)]
    name: Vec<String>,
}

/// Runs `arcana deck`.
pub fn run(args: &DeckArgs) -> ExitCode {
    let result = match &args.command {
        DeckCommand::Check(a) => check(a),
        DeckCommand::Show(a) => show(a),
    };
    match result {
        Ok(code) => code,
        Err(message) => crate::exit::bad_input(message),
    }
}

/// Reads a file as UTF-8 text, with the reasons the spec wants.
fn read_text(path: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("<stdin>: cannot read: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("{path}: cannot read: {e}"))?;
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not valid UTF-8 text (bad byte at offset {})",
            display_name(path),
            e.utf8_error().valid_up_to()
        )
    })
}

fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

fn load_tables(args: &TableArgs) -> Result<CardTable, String> {
    let mut table = if args.no_builtin {
        CardTable::new()
    } else {
        CardTable::builtin()
    };
    for path in &args.cards {
        let name = path.display().to_string();
        let text = read_text(&name)?;
        if text.trim_start().starts_with('{') {
            let added =
                deck::mtgjson::import(&text, &name, &mut table).map_err(|e| e.to_string())?;
            log::info!("{name}: {added} cards added from MTGJSON");
        } else {
            table.load_tsv(&text, &name).map_err(|e| e.to_string())?;
        }
    }
    Ok(table)
}

fn check(args: &CheckArgs) -> Result<ExitCode, String> {
    let waive = deck::waivable(&args.waive).map_err(|e| format!("--waive: {e}"))?;
    let mut banned = args.ban.clone();
    for path in &args.ban_file {
        let name = path.display().to_string();
        let text = read_text(&name)?;
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if !line.is_empty() {
                banned.push(line.to_string());
            }
        }
    }
    let table = load_tables(&args.tables)?;
    let text = read_text(&args.deck)?;
    let shown = display_name(&args.deck);
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(format!("{shown}: the deck file is empty"));
    }
    let options = CheckOptions {
        waive_roles: args.waive_roles,
        waive,
        banned,
    };
    let report = deck::check(&text, &table, &options);
    crate::out!("{}", report.render(shown, args.deny_warnings));
    Ok(ExitCode::from(report.exit_code(args.deny_warnings) as u8))
}

fn show(args: &ShowArgs) -> Result<ExitCode, String> {
    let table = load_tables(&args.tables)?;
    let name = args.name.join(" ");
    let Some(c) = table.get(&name) else {
        let hint = match table.candidates(&name, 3).as_slice() {
            [] => String::new(),
            [one] => format!("; did you mean '{one}'?"),
            [first @ .., last] => {
                let first: Vec<String> = first.iter().map(|n| format!("'{n}'")).collect();
                format!("; did you mean {} or '{last}'?", first.join(", "))
            }
        };
        crate::outln!("error[F4]: unknown card '{name}'{hint}");
        return Ok(ExitCode::from(crate::exit::CHECK_FAILED));
    };
    let list = |v: &[String], sep: &str| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(sep)
        }
    };
    let or_dash = |s: &str| {
        if s.is_empty() {
            "-".to_string()
        } else {
            s.to_string()
        }
    };
    let yes = |b: bool| if b { "yes" } else { "no" };
    crate::outln!("name: {}", c.name);
    crate::outln!("mana cost: {}", or_dash(&c.mana_cost));
    crate::outln!("CMC: {}", c.cmc());
    crate::outln!(
        "colours: {}",
        if c.colors.is_empty() {
            "colourless".to_string()
        } else {
            c.colors.clone()
        }
    );
    crate::outln!("types: {}", list(&c.types, " "));
    crate::outln!("supertypes: {}", list(&c.supertypes, " "));
    crate::outln!("subtypes: {}", list(&c.subtypes, " "));
    if c.is_creature() {
        crate::outln!(
            "power/toughness: {}/{}",
            c.power.as_deref().unwrap_or("-"),
            c.toughness.as_deref().unwrap_or("-")
        );
    }
    crate::outln!("keywords: {}", list(&c.keywords, "; "));
    crate::outln!("tags: {}", list(&c.tags, " "));
    if c.is_creature() {
        crate::outln!("vanilla: {}", yes(c.is_vanilla()));
        crate::outln!("inflatable: {}", yes(c.is_inflatable()));
        crate::outln!("Knight keyword: {}", c.knight_keyword().unwrap_or("none"));
        crate::outln!(
            "blocking ability: {}",
            c.blocking_ability().unwrap_or("none")
        );
    }
    if c.is_land() {
        crate::outln!("dual land: {}", yes(c.is_dual_land()));
    }
    crate::outln!("mana colours: {}", or_dash(&c.mana_colors()));
    crate::outln!(
        "source: {}{}",
        c.source,
        if c.derived {
            " (tags derived from the card's text)"
        } else {
            ""
        }
    );
    Ok(ExitCode::SUCCESS)
}
