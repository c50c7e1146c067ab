//! The `arcana` binary driven as a user or a script would.

use crate::common::{arcana, arcana_with_input};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_last_line_starts_with_the_count() {
    let o = arcana(&["perft", "--depth", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("197281 nodes "), "{last}");
    assert!(last.ends_with(" nps"), "{last}");
}

#[test]
fn perft_divide_lists_root_moves() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = arcana(&[
        "perft",
        "--fen",
        fen,
        "--depth",
        "2",
        "--divide",
        "--threads",
        "2",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("e1g1: 43\n"), "{out}");
    assert!(out.contains("e1c1: 43\n"));
    assert!(out.contains("Moves: 48\n"));
    assert!(out.lines().last().unwrap().starts_with("2039 nodes"));
    let sum: u64 = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(k, _)| k.len() <= 5 && k != &"Moves")
        .map(|(_, v)| v.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 2039);
}

#[test]
fn perft_bad_input_fails_with_one_line() {
    // Errors found by the command itself: one line, for scripts.
    for args in [
        vec!["perft", "--fen", "not a fen", "--depth", "2"],
        vec!["perft"],
        vec!["perft", "--epd", "/nonexistent/suite.epd"],
    ] {
        let o = arcana(&args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = stderr(&o);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    // Argument errors: clap's whole message, with the usage.
    for args in [
        vec![
            "perft",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "--depth",
            "x",
        ],
        vec!["perft", "--depth", "-1"],
        vec!["perft", "--depth", "99"],
        vec!["perft", "--variant", "checkers", "--depth", "1"],
        vec!["frobnicate"],
    ] {
        let o = arcana(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("Usage: arcana"), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    // A negative depth is a bad depth, not an unknown option.
    let o = arcana(&["perft", "--depth", "-1"]);
    let err = stderr(&o);
    assert!(err.contains("-1 is not in 0..=30"), "{err}");
    // An EPD file that cannot be read is bad input, as for `deck` and `match`.
    let o = arcana(&["perft", "--epd", "/nonexistent/suite.epd"]);
    assert_eq!(o.status.code(), Some(2));
    let o = arcana(&["perft", "--variant", "checkers", "--depth", "1"]);
    let err = stderr(&o);
    assert!(err.contains("invalid value 'checkers'"), "{err}");
    assert!(
        err.contains("chess, magician, vanguard, advancedwizard, parallelworlds"),
        "{err}"
    );
}

#[test]
fn argument_errors_show_the_whole_message() {
    let o = arcana(&["match"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("required arguments were not provided"),
        "{err}"
    );
    assert!(err.contains("--engine <SPEC>"), "{err}");
    assert!(err.contains("Usage: arcana match"), "{err}");
    let o = arcana(&[
        "match",
        "--engine",
        "a",
        "--engine",
        "b",
        "--pgn-notation",
        "foo",
    ]);
    let err = stderr(&o);
    assert!(err.contains("[possible values: token, san]"), "{err}");
    let o = arcana(&["deck"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("check") && err.contains("show"), "{err}");
    assert!(err.contains("Usage: arcana deck <COMMAND>"), "{err}");
}

#[test]
fn variants_are_listed_and_read_in_any_case() {
    let o = arcana(&["perft", "--help"]);
    assert!(
        stdout(&o).contains(
            "[possible values: chess, magician, vanguard, advancedwizard, parallelworlds, \
             fairy, capablanca,"
        ) && stdout(&o).contains(" crazyhouse, ")
            && stdout(&o).contains(" shogi, "),
        "{}",
        stdout(&o)
    );
    for (name, count) in [
        ("Chess", "400"),
        ("MAGICIAN", "192"),
        ("Vanguard", "12996"),
        ("Shogi", "900"),
        ("crazyHouse", "400"),
    ] {
        let o = arcana(&["perft", "--variant", name, "--depth", "2"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(
            stdout(&o).starts_with(&format!("{count} nodes")),
            "{name}: {}",
            stdout(&o)
        );
    }
    let o = arcana(&["bench", "--variant", "ParallelWorlds", "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn the_engine_is_named_in_help_and_has_protocol_subcommands() {
    let o = arcana(&["--help"]);
    let out = stdout(&o);
    assert!(
        out.contains("With no command, arcana is the engine"),
        "{out}"
    );
    assert!(out.contains("uci ") && out.contains("xboard "), "{out}");
    let o = arcana_with_input(&["uci"], b"isready\nd\n");
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("readyok\n"), "{}", stdout(&o));
    let o = arcana_with_input(&["xboard"], b"ping 3\nd\n");
    assert!(stdout(&o).starts_with("pong 3\n"), "{}", stdout(&o));
    // Before a protocol is chosen, a UCI command starts UCI; others get a hint.
    let o = arcana_with_input(&[], b"position startpos moves e2e4\nd\nquit\n");
    assert!(stdout(&o).contains("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
    let o = arcana_with_input(&[], b"hello\n");
    assert!(
        stdout(&o).contains("start with 'uci' or 'xboard'"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn perft_epd_reports_mismatches() {
    let dir = std::env::temp_dir().join(format!("arcana-epd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.epd");
    std::fs::write(&good, "# ok\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9\n").unwrap();
    let o = arcana(&["perft", "--epd", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("2 of 2 checks passed in 1 positions"));
    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 10\n").unwrap();
    let o = arcana(&["perft", "--epd", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(
        stdout(&o).contains("MISMATCH line 1 depth 2: expected 10, got 9"),
        "{}",
        stdout(&o)
    );
    // --depth caps the depths checked.
    let o = arcana(&["perft", "--epd", bad.to_str().unwrap(), "--depth", "1"]);
    assert!(o.status.success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_suite_of_another_game_gets_one_line_per_position_and_a_hint() {
    let o = arcana(&[
        "perft",
        "--variant",
        "magician",
        "--epd",
        "perft/data/chess-suite.epd",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let positions = std::fs::read_to_string("perft/data/chess-suite.epd")
        .unwrap()
        .lines()
        .filter(|l| l.contains(";D"))
        .count();
    let errors = out.lines().filter(|l| l.starts_with("ERROR line ")).count();
    assert_eq!(errors, positions, "{out}");
    let err = stderr(&o);
    assert!(
        err.contains(
            "positions are not magician FENs; they read as chess FENs: try --variant chess"
        ),
        "{err}"
    );
}

#[test]
fn subcommands_have_help() {
    let o = arcana(&["perft", "--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("--divide"));
    assert!(stdout(&o).contains("--epd"));
}

#[test]
fn engine_answers_the_handshakes_on_stdin() {
    let o = arcana_with_input(&[], b"uci\nnonsense\nisready\nquit\n");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("uciok\n"));
    assert!(out.contains("info string error: unknown command 'nonsense'\n"));
    assert!(out.ends_with("readyok\n"), "{out}");
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    stdin
        .write_all(b"uci\nposition startpos moves e2e4\ngo infinite\n")
        .unwrap();
    stdin.flush().unwrap();
    // Wait for the search to report progress, then stop it.
    for line in lines.by_ref() {
        if line.unwrap().starts_with("info depth 3 ") {
            break;
        }
    }
    let asked = std::time::Instant::now();
    stdin.write_all(b"stop\n").unwrap();
    stdin.flush().unwrap();
    let best = lines
        .by_ref()
        .map(|l| l.unwrap())
        .find(|l| l.starts_with("bestmove "))
        .expect("a bestmove after stop");
    // Generous bound: this guards against a hang, it is not a speed test.
    assert!(asked.elapsed() < std::time::Duration::from_secs(5));
    let token = best.split_whitespace().nth(1).unwrap();
    assert!(
        [
            "e7e5", "c7c5", "e7e6", "d7d5", "g8f6", "b8c6", "c7c6", "d7d6", "g7g6", "b7b6", "a7a6",
            "f7f5", "g8h6", "b8a6", "h7h6", "a7a5", "b7b5", "f7f6", "g7g5", "h7h5"
        ]
        .contains(&token),
        "{best}"
    );
    // The engine keeps answering.
    stdin.write_all(b"isready\n").unwrap();
    stdin.flush().unwrap();
    assert_eq!(lines.next().unwrap().unwrap(), "readyok");
    stdin.write_all(b"quit\n").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn bench_is_deterministic_and_ends_with_nodes_and_nps() {
    let run = || {
        let o = arcana(&["bench", "--depth", "5"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        let last = out.lines().last().unwrap().to_string();
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
        assert!(words[2].parse::<u64>().unwrap() > 0);
        assert_eq!(out.matches("position ").count(), 41);
        words[0].parse::<u64>().unwrap()
    };
    assert_eq!(run(), run());
    let o = arcana(&["bench", "--depth", "0"]);
    assert!(!o.status.success());
}

/// Runs `arcana` with `input` on stdin and its output into a reader that
/// reads `keep` lines and closes (`keep` = None: closed before the start, so
/// that every write fails). Returns the exit status and stderr.
fn into_closing_reader(
    args: &[&str],
    input: &[u8],
    keep: Option<usize>,
) -> (std::process::ExitStatus, String) {
    use std::io::{BufRead, BufReader};
    let mut command = Command::new(env!("CARGO_BIN_EXE_arcana"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    let reader = match keep {
        None => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            command.stdout(writer);
            None
        }
        Some(_) => {
            command.stdout(Stdio::piped());
            Some(())
        }
    };
    let mut child = command.spawn().expect("run arcana");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The engine may end before it reads everything: a failed write is fine.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    if let (Some(()), Some(n)) = (reader, keep) {
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        for _ in 0..n {
            lines.next();
        }
    }
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (out.status, stderr(&out))
}

#[test]
fn every_command_ends_quietly_when_its_reader_goes_away() {
    let chess_suite = "perft/data/chess-suite.epd";
    let deck = "tests/data/deck/example.deck";
    let engine_script = b"uci\nisready\nposition startpos\ngo depth 3\nd\nquit\n";
    let xboard_script = b"xboard\nprotover 2\nnew\ngo\nquit\n";
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (
            vec![
                "perft",
                "--variant",
                "parallelworlds",
                "--depth",
                "1",
                "--divide",
            ],
            b"",
        ),
        (vec!["perft", "--variant", "vanguard", "--depth", "2"], b""),
        (vec!["perft", "--depth", "3", "--divide", "-t", "2"], b""),
        (vec!["perft", "--epd", chess_suite, "--depth", "1"], b""),
        (
            vec!["perft", "--variant", "magician", "--epd", chess_suite],
            b"",
        ),
        (vec!["bench", "--depth", "2"], b""),
        (vec!["deck", "show", "craw", "wurm"], b""),
        (vec!["deck", "check", deck], b""),
        (vec!["--help"], b""),
        (vec!["perft", "--help"], b""),
        (vec![], engine_script),
        (vec!["uci"], engine_script),
        (vec![], xboard_script),
    ];
    for (args, input) in &cases {
        for keep in [None, Some(1)] {
            let (status, err) = into_closing_reader(args, input, keep);
            assert!(
                !err.contains("panicked") && !err.contains("Broken pipe"),
                "{args:?} keeping {keep:?} lines: {err}"
            );
            // Closed at the start, the first line ends the command; a
            // reader of one line may get all there is (a deck's whole
            // report), and then the command's own status stands.
            let fine = match keep {
                None => status.success(),
                Some(_) => status.code().is_some_and(|c| c != 101),
            };
            assert!(fine, "{args:?} keeping {keep:?} lines: {status} {err}");
        }
    }
    // The board server has nothing to say after its address.
    let (status, err) = into_closing_reader(&["gui", "--port", "0"], b"", None);
    assert!(status.success() && err.is_empty(), "{status} {err}");
}
