//! `arcana tune-eval` and weights files: a game's weights listed, fitted
//! from a few self-play games, and loaded by `--eval-file`, UCI's and
//! XBoard's `EvalFile`; a file for another game or rules is refused.

use crate::common::{arcana, arcana_with_input, text};
use std::path::{Path, PathBuf};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/variants/examples.ini");
const GAME: &str = "capablanca-shuffle";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arcana-tune-eval-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `arcana tune-eval` of the game with `args`.
fn tune_eval(args: &[&str]) -> std::process::Output {
    let mut all = vec!["--variants", EXAMPLES, "tune-eval", "--variant", GAME];
    all.extend(args);
    arcana(&all)
}

/// The game's weights as `tune-eval --list` writes them.
fn listed() -> String {
    let o = tune_eval(&["--list"]);
    assert!(o.status.success(), "{}", text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The engine's `eval` of the start position, in pawns, with `setup`
/// lines (and `args` on its command line) first.
fn eval(args: &[&str], setup: &str) -> (f64, String) {
    eval_at(args, setup, "startpos")
}

/// The engine's `eval` after `position <position>`, in pawns (see
/// [`eval`]).
fn eval_at(args: &[&str], setup: &str, position: &str) -> (f64, String) {
    let mut all = vec!["--variants", EXAMPLES];
    all.extend(args);
    let input = format!(
        "uci\n{setup}setoption name UCI_Variant value {GAME}\nposition {position}\neval\nisready\n"
    );
    let o = arcana_with_input(&all, input.as_bytes());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("readyok"), "{}", text(&o));
    let score = out
        .lines()
        .find_map(|l| l.strip_prefix("Final evaluation: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no evaluation: {out}"));
    (score, out)
}

/// `list` with its line that starts with `start` replaced by `line`.
fn with_line(list: &str, start: &str, line: &str) -> String {
    let old = list
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("a line '{start}...' in {list}"));
    list.replace(old, line)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a file");
    path.to_string_lossy().into_owned()
}

#[test]
fn a_weights_file_changes_the_evaluation_everywhere_it_is_given() {
    let dir = scratch("load");
    let list = listed();
    assert!(list.contains(&format!("game {GAME}\n")), "{list}");
    assert!(list.contains("\nrules "), "{list}");
    let same = write(&dir, "same.weights", &list);
    // White to move at the start: the score is the tempo alone.
    let (base, _) = eval(&[], "");
    assert_eq!(eval(&["--eval-file", &same], "").0, base);
    let bigger = write(
        &dir,
        "tempo.weights",
        &with_line(&list, "tempo ", "tempo 500 500"),
    );
    let (cli, _) = eval(&["--eval-file", &bigger], "");
    assert_eq!(cli, 5.0, "the start's score is the tempo: {cli}");
    let (uci, out) = eval(&[], &format!("setoption name EvalFile value {bigger}\n"));
    assert_eq!(uci, 5.0);
    assert!(out.contains("option name EvalFile type string"), "{out}");
    assert!(
        out.contains(&format!(
            "info string {bigger}: {GAME} plays with these evaluation weights"
        )),
        "{out}"
    );
    // XBoard: the option, and the game it names plays with it.
    let input = format!(
        "xboard\nprotover 2\noption VariantPath={EXAMPLES}\noption EvalFile={bigger}\nnew\n\
         variant {GAME}\nping 1\nquit\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("option=\"EvalFile -file \""), "{out}");
    assert!(
        out.contains("# ") && out.contains("plays with these evaluation weights"),
        "{out}"
    );
    assert!(out.contains("pong 1"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn weights_for_another_game_or_rules_are_refused_and_the_engine_goes_on() {
    let dir = scratch("refuse");
    let list = listed();
    let other = write(
        &dir,
        "other.weights",
        &with_line(&list, "rules ", "rules 0000000000000001"),
    );
    let (score, out) = eval(&[], &format!("setoption name EvalFile value {other}\n"));
    assert!(out.contains("another definition of"), "{out}");
    assert_eq!(score, eval(&[], "").0, "the old weights stay");
    let o = arcana(&["--variants", EXAMPLES, "--eval-file", &other, "bench"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("fit them again"),
        "{}",
        text(&o)
    );
    // Another game's weights under chess's name: chess's own terms differ.
    let chess = write(&dir, "chess.weights", &list.replace(GAME, "chess"));
    let (score, out) = eval(&[], &format!("setoption name EvalFile value {chess}\n"));
    assert!(out.contains("chess.weights"), "{out}");
    assert!(
        !out.contains("plays with these evaluation weights"),
        "{out}"
    );
    assert_eq!(score, eval(&[], "").0, "the old weights stay");
    std::fs::remove_dir_all(&dir).ok();
}

/// A few games at a few hundred nodes: the file is written, names the
/// game, loads, and the same games fit again from their PGN.
#[test]
fn tune_eval_plays_fits_and_writes_a_file_the_engine_loads() {
    let dir = scratch("fit");
    let out = dir.join("fitted.weights").to_string_lossy().into_owned();
    let pgn = dir.join("games.pgn").to_string_lossy().into_owned();
    // Every run fits with the same settings.
    let tune = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend([
            "--random-plies",
            "4",
            "--epochs",
            "100",
            "--min-seen",
            "5",
            "--quiet",
        ]);
        let o = tune_eval(&all);
        assert!(o.status.success(), "{}", text(&o));
        o
    };
    // The weights alone, without the comments.
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let said = tune(&[
        "--games",
        "6",
        "--nodes",
        "300",
        "--maxplies",
        "120",
        "--out",
        &out,
        "--pgn",
        &pgn,
    ]);
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(
        said.contains("weights fitted to") && said.contains("of 6 games"),
        "{said}"
    );
    let file = std::fs::read_to_string(&out).expect("the weights file");
    assert!(file.contains(&format!("game {GAME}\n")), "{file}");
    assert!(file.contains("# written by arcana tune-eval"), "{file}");
    assert_ne!(body(&file), body(&listed()), "some weight moved");
    let games = std::fs::read_to_string(&pgn).expect("the games");
    assert_eq!(games.matches("[Event \"arcana tune-eval\"]").count(), 6);
    let (_, out_eval) = eval(&["--eval-file", &out], "");
    assert!(!out_eval.contains("error"), "{out_eval}");
    let again = dir.join("again.weights").to_string_lossy().into_owned();
    tune(&["--from-pgn", &pgn, "--out", &again]);
    // The same positions and settings fit to the same weights.
    assert_eq!(
        body(&std::fs::read_to_string(&again).expect("the second file")),
        body(&file)
    );
    // --fit moves only the weights so named: `value` ones move, the rest
    // keep their listed values.
    let part = dir.join("part.weights").to_string_lossy().into_owned();
    tune(&["--from-pgn", &pgn, "--fit", "value", "--out", &part]);
    let listed = body(&listed());
    let part = body(&std::fs::read_to_string(&part).expect("the --fit file"));
    assert_eq!(listed.len(), part.len());
    let mut moved = 0;
    for (start, part) in listed.iter().zip(&part) {
        if start.starts_with("value ") {
            moved += usize::from(part != start);
        } else {
            assert_eq!(part, start, "--fit value moved another weight");
        }
    }
    assert!(moved > 0, "the value weights fitted:\n{part:?}");
    // The games keep each engine move's score, depth and time as its
    // comment; --lambda blends those scores into the labels, and moves
    // the weights elsewhere than the results alone do.
    let scored = games
        .split(['{', '}'])
        .filter(|c| {
            let mut words = c.split_whitespace();
            let score = words.next().unwrap_or("");
            (score.starts_with('+') || score.starts_with('-'))
                && score.contains('/')
                && words.next().is_some_and(|t| t.ends_with('s'))
        })
        .count();
    assert!(scored > 20, "move comments with scores: {scored}\n{games}");
    let blended = dir.join("blended.weights").to_string_lossy().into_owned();
    let said = tune(&["--from-pgn", &pgn, "--lambda", "0.5", "--out", &blended]);
    let said = String::from_utf8_lossy(&said.stderr);
    assert!(
        said.contains("labels: 0.5 x result + 0.5 x score"),
        "{said}"
    );
    let blended = body(&std::fs::read_to_string(&blended).expect("the blended file"));
    assert_ne!(blended, body(&file), "the scores change the fit");
    for bad in ["1.5", "-0.1", "nan"] {
        let o = tune_eval(&["--from-pgn", &pgn, "--lambda", bad, "--out", &out]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", text(&o));
        assert!(text(&o).contains("--lambda"), "{}", text(&o));
    }
    // Games without scores cannot be blended: said, not fitted to nothing.
    let mut bare = String::new();
    let mut inside = false;
    for c in games.chars() {
        match c {
            '{' => inside = true,
            '}' => inside = false,
            _ if !inside => bare.push(c),
            _ => {}
        }
    }
    let bare_pgn = dir.join("bare.pgn").to_string_lossy().into_owned();
    std::fs::write(&bare_pgn, bare).unwrap();
    let o = tune_eval(&["--from-pgn", &bare_pgn, "--lambda", "0", "--out", &out]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("none of the"), "{}", text(&o));
    // A prefix that names no weight is refused before any game is played.
    let o = tune_eval(&["--fit", "vaule", "--out", &out]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--fit \"vaule\""), "{}", text(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// An EvalFile sent mid-game keeps the game (XBoard GUIs may), and one
/// sent during a UCI search ends it with its best move first.
#[test]
fn eval_file_keeps_the_game_and_answers_a_running_search() {
    let dir = scratch("midgame");
    let same = write(&dir, "same.weights", &listed());
    let input = format!(
        "xboard\nprotover 2\noption VariantPath={EXAMPLES}\nnew\nvariant {GAME}\nforce\n\
         usermove e2e4\nusermove e7e5\noption EvalFile={same}\nusermove d1h5\nping 1\nquit\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("pong 1"), "{out}");
    assert!(
        !out.contains("Illegal move"),
        "d1h5 is legal after e2e4 e7e5 only: {out}"
    );
    let input = format!(
        "uci\nsetoption name VariantPath value {EXAMPLES}\nsetoption name UCI_Variant value {GAME}\n\
         position startpos moves e2e4\ngo infinite\nsetoption name EvalFile value {same}\nd\nisready\n"
    );
    let o = arcana_with_input(&[], input.as_bytes());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("bestmove "), "{out}");
    assert!(out.contains("readyok"), "{out}");
    assert!(
        out.contains("Fen: rnbqkcabnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNBQKCABNR b"),
        "the position stays: {out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Weights of any size keep the static score below mate scores.
#[test]
fn huge_weights_keep_the_score_below_mates() {
    let dir = scratch("huge");
    let list = listed();
    let huge = write(
        &dir,
        "huge.weights",
        &with_line(&list, "value Q ", "value Q 30000 30000"),
    );
    let (score, out) = eval_at(
        &["--eval-file", &huge],
        "",
        "fen 4k5/10/10/10/10/10/10/QQQQK5 w - - 0 1",
    );
    assert_eq!(score, 200.0, "clamped at 20,000 centipawns: {out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn chess_takes_a_weights_file_too() {
    let dir = scratch("chess");
    let o = arcana(&["tune-eval", "--variant", "chess", "--list"]);
    assert!(o.status.success(), "{}", text(&o));
    let list = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(list.contains("game chess\n"), "{list}");
    assert!(
        list.contains("\nvalue N ") && list.contains("\nsquare K g1 "),
        "{list}"
    );
    let chess_eval = |args: &[&str], setup: &str| {
        let input = format!("uci\n{setup}position startpos\neval\nisready\n");
        let o = arcana_with_input(args, input.as_bytes());
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        out.lines()
            .find_map(|l| l.strip_prefix("Final evaluation: "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or_else(|| panic!("no evaluation: {out}"))
    };
    let tempo = write(
        &dir,
        "tempo.weights",
        &with_line(&list, "tempo ", "tempo 500 500"),
    );
    // The start is symmetric: its score is the tempo alone.
    assert_eq!(chess_eval(&["--eval-file", &tempo], ""), 5.0);
    assert_eq!(
        chess_eval(&[], &format!("setoption name EvalFile value {tempo}\n")),
        5.0
    );
    assert!(chess_eval(&[], "") < 1.0);
    // A file fitted for other terms is refused, with what to do.
    let other = write(
        &dir,
        "other.weights",
        &with_line(&list, "rules ", "rules 0123456789abcdef"),
    );
    let o = arcana(&[
        "--eval-file",
        &other,
        "tune-eval",
        "--variant",
        "chess",
        "--list",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("other.weights"), "{}", text(&o));
    std::fs::remove_dir_all(&dir).ok();
}
