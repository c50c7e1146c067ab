//! Full UCI and XBoard sessions with the `arcana` binary over pipes, the way
//! a GUI drives it: each command's reply is awaited before the next.

use crate::common::Engine;

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    assert!(last.starts_with("bestmove "), "{lines:?}");
    last.split_whitespace().nth(1).unwrap().to_string()
}

/// python-chess-free legality check: the engine's own perft lists every
/// legal move of a position.
fn legal_moves(fen_or_start: &str) -> Vec<String> {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send(&format!("position {fen_or_start}"));
    e.send("go perft 1");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    e.quit();
    lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| !m.contains(' '))
        .map(|(m, _)| m.to_string())
        .collect()
}

/// The `Fen:` line for a `position` argument, from a fresh engine.
fn fen_after(position: &str) -> String {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send(&format!("position {position}"));
    let fen = e.fen();
    e.quit();
    fen
}

#[test]
fn full_uci_session() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until(|l| l == "uciok");
    assert!(hello[0].starts_with("id name Arcana"));
    for opt in ["Hash", "Threads", "MultiPV", "UCI_Chess960", "UCI_Variant"] {
        assert!(hello
            .iter()
            .any(|l| l.starts_with(&format!("option name {opt} "))));
    }
    e.send("setoption name Hash value 32");
    e.send("setoption name Threads value 2");
    assert_eq!(e.ask("isready"), "readyok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go wtime 2000 btime 2000 winc 20 binc 20");
    let lines = e.until(|l| l.starts_with("bestmove"));
    let best = bestmove(&lines);
    let info = lines.iter().find(|l| l.starts_with("info depth")).unwrap();
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} missing: {info}");
    }
    assert!(legal_moves("startpos moves e2e4 e7e5").contains(&best));

    // Ponder: the search waits for ponderhit, then answers on the clock.
    e.send(&format!("position startpos moves e2e4 e7e5 {best} b8c6"));
    e.send("go ponder wtime 1000 btime 1000");
    assert_eq!(e.ask("isready"), "readyok");
    e.send("ponderhit");
    let lines = e.until(|l| l.starts_with("bestmove"));
    bestmove(&lines);

    // Bad input of every kind: a clear error, then the engine still works.
    for (bad, error) in [
        (
            "position startpos moves e2e4 e2e4",
            "error: illegal move 'e2e4': ",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "invalid FEN",
        ),
        ("position sideways", "expected 'position startpos|fen"),
        ("go depth -x", "depth: '-x' is not a valid number"),
        ("go movetime", "movetime needs a value"),
        (
            "setoption name Threads value 0",
            "option 'Threads' takes a number",
        ),
        ("setoption name Colour value red", "unknown option 'Colour'"),
        (
            "setoption name UCI_Variant value checkers",
            "unknown variant 'checkers'",
        ),
        ("setoption", "expected 'setoption name"),
        ("xyzzy plugh", "unknown command 'xyzzy plugh'"),
        ("positio", "unknown command 'positio'"),
        ("position fen", "expected 'position startpos|fen"),
        ("go searchmoves", "searchmoves needs at least one move"),
        ("go wtime 100 btime", "btime needs a value"),
    ] {
        let reply = e.ask(bad);
        assert!(reply.starts_with("info string error: "), "{bad}: {reply}");
        assert!(reply.contains(error), "{bad}: {reply}");
        assert_eq!(e.ask("isready"), "readyok");
    }
    // The last good position survived all of that.
    assert_eq!(
        e.fen(),
        fen_after(&format!("startpos moves e2e4 e7e5 {best} b8c6"))
    );
    e.send("eval");
    let table = e.until(|l| l.starts_with("Final evaluation"));
    assert!(table[0].starts_with("Term "), "{table:?}");
    assert!(table.iter().any(|l| l.starts_with("tempo ")), "{table:?}");
    // The terms add up to the evaluation (to rounding).
    let number = |l: &str| l.rsplit(' ').next().unwrap().parse::<f64>().unwrap();
    let sum = number(&table[table.len() - 2]);
    let total = number(table.last().unwrap().trim_end_matches(" (white side)"));
    assert!((sum - total).abs() <= 0.02, "{table:?}");
    e.quit();
}

#[test]
fn uci_mates_with_one_and_two_threads() {
    for threads in ["1", "2"] {
        let mut e = Engine::start();
        e.send("uci");
        e.until(|l| l == "uciok");
        e.send(&format!("setoption name Threads value {threads}"));
        for (fen, depth, best, mate) in [
            ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, "a1a8", 1),
            (
                "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
                5,
                "d5f6",
                2,
            ),
            (
                "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1",
                7,
                "c3h8",
                3,
            ),
        ] {
            e.send(&format!("position fen {fen}"));
            e.send(&format!("go depth {depth}"));
            let lines = e.until(|l| l.starts_with("bestmove"));
            assert_eq!(bestmove(&lines), best, "{fen}");
            let last_info = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth"))
                .unwrap();
            assert!(
                last_info.contains(&format!("score mate {mate} ")),
                "{last_info}"
            );
        }
        e.quit();
    }
}

fn xboard_start() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let features = e.until(|l| l.contains("done=1"));
    let all = features.join(" ");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "memory=1",
        "smp=1",
        "analyze=1",
    ] {
        assert!(all.contains(f), "{f}: {all}");
    }
    e
}

#[test]
fn full_xboard_session() {
    let mut e = xboard_start();
    e.send("new");
    e.send("random");
    e.send("level 40 5 0");
    e.send("post");
    e.send("hard");
    e.send("memory 32");
    e.send("cores 2");
    assert_eq!(e.ask("ping 1"), "pong 1");
    // The engine plays Black: it answers each user move.
    e.send("time 30000");
    e.send("otim 30000");
    e.send("usermove e2e4");
    let lines = e.until(|l| l.starts_with("move "));
    // Thinking output: depth score time nodes pv.
    let think = &lines[0];
    let fields: Vec<&str> = think.split_whitespace().collect();
    assert!(fields.len() >= 5, "{think}");
    assert!(
        fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
        "{think}"
    );
    let reply = lines.last().unwrap()[5..].to_string();
    assert!(legal_moves("startpos moves e2e4").contains(&reply));
    // Pondering is on: the next user move may be a ponder hit or miss;
    // either way a move comes back.
    e.send("time 29000");
    e.send("otim 29000");
    e.send("usermove d2d4");
    let lines = e.until(|l| l.starts_with("move ") || l.starts_with("Illegal"));
    assert!(lines.last().unwrap().starts_with("move "), "{lines:?}");
    assert_eq!(e.ask("ping 2"), "pong 2");
    // Bad input: a clear error, the state survives.
    e.send("easy");
    e.send("force");
    // A garbled token is an error; a readable one that is not legal here
    // is an illegal move.
    assert_eq!(
        e.ask("usermove e4e5x"),
        "Error (malformed move: a capture mark needs a square after it): usermove e4e5x"
    );
    assert_eq!(e.ask("usermove a1a8"), "Illegal move: a1a8");
    assert_eq!(e.ask("usermove"), "Error (usermove needs a move): usermove");
    assert_eq!(e.ask("frobnicate"), "Error (unknown command): frobnicate");
    assert!(e.ask("setboard 8/8/8 w").starts_with("Error (bad FEN: "));
    assert!(e.ask("sd zero").starts_with("Error (expected 'sd DEPTH'"));
    assert!(e
        .ask("option Bogus=1")
        .starts_with("Error (unknown option 'Bogus')"));
    assert_eq!(e.ask("ping 3"), "pong 3");
    // Take back the engine's and the user's move, and replay.
    e.send("remove");
    assert_eq!(e.fen(), fen_after(&format!("startpos moves e2e4 {reply}")));
    // Set up a mate in one for White and let the engine take White.
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("st 1");
    e.send("go");
    let lines = e.until(|l| l.contains("{White mates}"));
    let n = lines.len();
    assert_eq!(lines[n - 2], "move a1a8");
    assert_eq!(lines[n - 1], "1-0 {White mates}");
    // Analysis: thinking lines until `exit`.
    e.send("force");
    e.send("new");
    e.send("analyze");
    e.until(|l| l.starts_with("3 "));
    e.send("usermove e2e4");
    e.send("exit");
    assert_eq!(e.ask("ping 4"), "pong 4");
    e.quit();
}

#[test]
fn xboard_game_against_itself_is_legal_to_the_end() {
    // Two engines play through their XBoard interfaces at fixed depth;
    // every move must be accepted by the other side, and a finished game
    // is announced by both.
    let mut white = xboard_start();
    let mut black = xboard_start();
    for e in [&mut white, &mut black] {
        e.send("new");
        e.send("sd 2");
    }
    white.send("go");
    let mut mover = 0;
    let mut engines = [white, black];
    let mut result = None;
    // Long enough for a depth-2 game to end; if it has not, the engine
    // last given a move still owes its reply, read below.
    for _ in 0..400 {
        let lines = engines[mover].until(|l| l.starts_with("move ") || l.contains(" {"));
        let last = lines.last().unwrap().clone();
        if last.contains(" {") {
            result = Some(last);
            break;
        }
        let other = &mut engines[1 - mover];
        other.send(&format!("usermove {}", &last[5..]));
        mover = 1 - mover;
    }
    if let Some(r) = &result {
        // The side that made the last move announced it; so must the other.
        let other = engines[1 - mover]
            .until(|l| l.contains(" {"))
            .pop()
            .unwrap();
        assert_eq!(&other, r);
    } else {
        engines[mover].until(|l| l.starts_with("move "));
    }
    for mut e in engines {
        e.send("force");
        assert_eq!(e.ask("ping 9"), "pong 9");
        e.quit();
    }
}
