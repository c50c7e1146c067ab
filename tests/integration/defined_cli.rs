//! Games defined in a file, from the command line and over the protocols:
//! `--variants`, `arcana variants check|show`, UCI `VariantPath`, XBoard
//! `option VariantPath=`. The counts are derived by hand from the example
//! file's start positions (docs/variants/examples.ini).

use crate::common::{arcana, arcana_with_input};
use std::process::Output;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/variants/examples.ini");

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn count(game: &str, depth: &str) -> String {
    let o = arcana(&[
        "--variants",
        EXAMPLES,
        "perft",
        "--variant",
        game,
        "--depth",
        depth,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    out.lines()
        .last()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string()
}

/// Archers: 16 pawn moves and two archer leaps (b1-b3, g1-g3), the same
/// for Black. The cross-shaped board: 5 single pawn steps and two knight
/// moves each (b2 and i2 are holes). 16x16: 32 pawn moves, 8 knight
/// moves, 10 and 9 nightrider moves (two of them taking pawns on rank 15).
#[test]
fn defined_games_count_as_derived_by_hand() {
    assert_eq!(count("archers", "1"), "18");
    assert_eq!(count("archers", "2"), "324");
    assert_eq!(count("crossboard", "1"), "9");
    assert_eq!(count("crossboard", "2"), "81");
    assert_eq!(count("chess16", "1"), "59");
}

#[test]
fn check_lists_the_games_or_every_error_with_its_line() {
    let o = arcana(&["variants", "check", EXAMPLES]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("ok, 4 game(s)"), "{out}");
    assert!(out.contains("  chess16: 16x16"), "{out}");

    let dir = std::env::temp_dir().join(format!("arcana-defined-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, MIXED).unwrap();
    let o = arcana(&["variants", "check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    let path = bad.display().to_string();
    // The games that load, then the Betza string, the unsupported key and
    // the FEN, each by its line, and the section that inherits from a
    // section that fails.
    assert!(out.contains("2 game(s) load:\n  good: 8x8"), "{out}");
    assert!(out.contains("  goodchild: 8x8"), "{out}");
    assert!(out.contains(&format!("{path}:7: ")), "{out}");
    assert!(
        out.contains(&format!("{path}:8: ")) && out.contains("petrifyBlastPieces"),
        "{out}"
    );
    assert!(out.contains("not supported"), "{out}");
    assert!(
        out.contains(&format!(
            "{path}:11: [badchild:bad]: its parent [bad] (line 5) does not load"
        )),
        "{out}"
    );
    assert!(
        out.contains("[fromducks:ducks]: the parent 'ducks' is neither an earlier section nor a built-in game"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "2 of 6 games load; 4 fail: parent ducks 1, petrifyBlastPieces 1, other errors 2, a parent that fails 1\n"
        ),
        "{out}"
    );
    // The engine plays the games that load and says which did not.
    let o = arcana(&[
        "--variants",
        bad.to_str().unwrap(),
        "perft",
        "--variant",
        "goodchild",
        "--depth",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The king's two steps and the rook's thirteen.
    assert!(stdout(&o).starts_with("15 nodes"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains(&format!("{path}:7: ")), "{err}");
    assert!(err.contains("2 of 6 games load"), "{err}");
    // A game that did not load is unknown, with the reasons above it.
    let o = arcana(&[
        "--variants",
        bad.to_str().unwrap(),
        "perft",
        "--variant",
        "bad",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("invalid value 'bad' for '--variant"), "{err}");
    assert!(err.contains(&format!("{path}:7: ")), "{err}");
    // A file that cannot be read stops the engine.
    let o = arcana(&["--variants", "no-such-file.ini", "perft", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read the file"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A file of six sections: two load (one inherits from the other), one has
/// a bad Betza string, a key Arcana lacks and a bad start, one inherits from
/// it, one from a game of Fairy-Stockfish's Arcana does not play yet.
const MIXED: &str = "[good]\nking = k\nstartFen = k7/8/8/8/8/8/8/K7 w - - 0 1\n\n\
[bad]\nking = k\ncustomPiece1 = a:Xq\npetrifyBlastPieces = true\nstartFen = k7/8/8/8/8/8/8/Z7 w - - 0 1\n\n\
[badchild:bad]\n\n[goodchild:good]\nrook = r\nstartFen = k7/8/8/8/8/8/8/KR6 w - - 0 1\n\n\
[fromducks:ducks]\n\n[last]\nking = k\nnonsense\n";

/// UCI and XBoard load the sections that read and say the others.
#[test]
fn the_protocols_load_what_reads_and_say_the_rest() {
    let dir = std::env::temp_dir().join(format!("arcana-defined-mixed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.ini");
    std::fs::write(&path, MIXED).unwrap();
    let path = path.display().to_string();
    let input = format!(
        "uci\nsetoption name VariantPath value {path}\nsetoption name UCI_Variant value goodchild\n\
         go perft 1\n"
    );
    let out = stdout(&arcana_with_input(&[], input.as_bytes()));
    assert!(
        out.contains(&format!("info string {path}:7: [bad] customPiece1")),
        "{out}"
    );
    assert!(
        out.contains(&format!("info string {path}: 2 of 6 games load")),
        "{out}"
    );
    assert!(
        out.contains("info string variants loaded: good, goodchild"),
        "{out}"
    );
    assert!(out.contains("Nodes searched: 15"), "{out}");
    let input = format!("xboard\nprotover 2\noption VariantPath={path}\nquit\n");
    let out = stdout(&arcana_with_input(&[], input.as_bytes()));
    assert!(
        out.contains(&format!("# {path}:7: [bad] customPiece1")),
        "{out}"
    );
    assert!(
        out.contains("telluser ") && out.contains("2 of 6 games load"),
        "{out}"
    );
    assert!(out.contains("goodchild\""), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A FEN whose en passant field holds a character of several bytes is an
/// error, over UCI and XBoard, and the engine keeps its position.
#[test]
fn a_fen_with_a_non_ascii_en_passant_field_is_an_error() {
    let fen = "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq \u{e9} 0 1";
    let input = format!(
        "uci\nsetoption name VariantPath value {EXAMPLES}\nsetoption name UCI_Variant value capablanca-shuffle\n\
         position startpos moves e2e4\nposition fen {fen}\nd\nisready\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("the en passant field"), "{out}");
    assert!(
        out.contains("Fen: rnbqkcabnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNBQKCABNR b KQkq"),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
    let input = format!(
        "xboard\nprotover 2\noption VariantPath={EXAMPLES}\nnew\nvariant capablanca-shuffle\n\
         setboard {fen}\nping 7\nquit\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("the en passant field"), "{out}");
    assert!(out.contains("pong 7"), "{out}");
}

#[test]
fn show_draws_the_board_and_each_pieces_moves() {
    let o = arcana(&["--variants", EXAMPLES, "variants", "show", "crossboard"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // The holes of the first rank, the knight's Betza and its diagram.
    assert!(out.contains("  1 # # R N K B N # #"), "{out}");
    assert!(out.contains("N knight: N, value "), "{out}");
    assert!(out.contains("  7 . . . x . x . . .\n"), "{out}");
    // A custom piece that moves as a well-known piece is called by its name.
    let o = arcana(&["--variants", EXAMPLES, "variants", "show", "archers"]);
    assert!(
        stdout(&o).contains("A Bede (customPiece1): BD, value "),
        "{}",
        stdout(&o)
    );
    let o = arcana(&["variants", "show", "crossboard"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--variants FILE"), "{}", stderr(&o));
}

#[test]
fn uci_and_xboard_load_a_file_with_variant_path() {
    let input = format!(
        "uci\nsetoption name VariantPath value {EXAMPLES}\nsetoption name UCI_Variant value archers\n\
         position startpos moves b1b3\ngo perft 1\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = stdout(&o);
    assert!(out.contains("option name VariantPath type string"), "{out}");
    assert!(
        out.contains(
            "info string variants loaded: archers, capablanca-shuffle, chess16, crossboard"
        ),
        "{out}"
    );
    // After b1-b3 Black has its 18 moves.
    assert!(out.contains("Nodes searched: 18"), "{out}");

    let input = format!(
        "xboard\nprotover 2\noption VariantPath={EXAMPLES}\nnew\nvariant crossboard\nforce\nusermove d1c3\ngo\nquit\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = stdout(&o);
    assert!(out.contains("option=\"VariantPath -file \""), "{out}");
    assert!(
        out.contains("feature variants=\"") && out.contains("crossboard\""),
        "{out}"
    );
    // XBoard is told the board and the pieces.
    assert!(out.contains("setup ("), "{out}");
    assert!(out.contains("9x9+0_fairy **rnkbn**/"), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
}
