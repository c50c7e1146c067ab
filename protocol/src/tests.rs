//! Session tests over in-memory pipes.

use super::*;
use std::time::Duration;
use variants::prelude::*;

#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn session(input: &str) -> (String, Protocol) {
    let buf = Buffer::default();
    let mut s = Session::new(buf.clone());
    s.run(io::Cursor::new(input.to_string())).unwrap();
    let p = s.protocol();
    let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    (out, p)
}

#[test]
fn uci_position_go_and_errors() {
    let (out, _) = session(
        "uci\nposition startpos moves e2e4 e7e5\nd\nposition startpos moves e2e5\nd\n\
         position fen 8/8/8 w\nsetoption name Hash value 0\nsetoption name Nonsense value 1\n\
         go depth x\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\nisready\n",
    );
    let fen_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("Fen: ")).collect();
    let after = "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    // The illegal move leaves the previous position in place.
    assert_eq!(fen_lines, vec![after, after]);
    assert!(
        out.contains("info string error: illegal move 'e2e5': "),
        "{out}"
    );
    assert!(out.contains("info string error: invalid FEN"));
    assert!(out.contains("info string error: option 'Hash' takes a number from 1 to 65536"));
    assert!(out.contains("info string error: unknown option 'Nonsense'"));
    assert!(out.contains("info string error: depth: 'x' is not a valid number"));
    assert!(out.contains("score mate 1"), "{out}");
    assert!(out.contains("bestmove a1a8\n"), "{out}");
}

#[test]
fn parse_go_reads_every_parameter() {
    let words: Vec<&str> =
        "go wtime 1000 btime -5 winc 10 binc 20 movestogo 5 depth 7 nodes 99 mate 3 ponder \
         searchmoves e2e4 d2d4 infinite"
            .split(' ')
            .collect();
    let go = parse_go(&words).unwrap();
    let l = &go.limits;
    assert_eq!(
        l.time,
        [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]
    );
    assert_eq!(l.inc[1], Some(Duration::from_millis(20)));
    assert_eq!(
        (
            l.moves_to_go,
            l.depth,
            l.nodes,
            l.mate,
            l.ponder,
            l.infinite
        ),
        (Some(5), Some(7), Some(99), Some(3), true, true)
    );
    assert_eq!(go.search_moves, vec!["e2e4", "d2d4"]);
    assert_eq!(parse_go(&["go", "perft", "3"]).unwrap().perft, Some(3));
    assert!(parse_go(&["go", "wtime"]).is_err());
    assert!(parse_go(&["go", "sideways"]).is_err());
    assert!(parse_go(&["go", "searchmoves", "depth", "2"]).is_err());
}

#[test]
fn a_hash_size_that_cannot_be_had_is_refused_and_the_table_kept() {
    // 65536 MiB is the advertised maximum; allocating it aborted the
    // engine where the memory was not there.
    let (out, _) = session(
        "uci\nsetoption name Hash value 65536\nisready\nsetoption name Hash value 2\n\
         go depth 3\n",
    );
    if out.contains("cannot allocate") {
        assert!(
            out.contains(
                "info string error: cannot allocate 65536 MiB for the hash table; \
                 the table keeps 16 MiB"
            ),
            "{out}"
        );
    }
    assert!(
        out.contains("readyok\n") && out.contains("bestmove "),
        "{out}"
    );
    let (out, _) = session("xboard\nmemory 65536\nping 1\n");
    assert!(out.contains("pong 1"), "{out}");
}

#[test]
fn uci_handshake_lists_every_option() {
    let (out, p) = session("uci\nisready\nquit\nisready\n");
    assert_eq!(p, Protocol::Uci);
    assert!(out.contains("id name Arcana"));
    for option in [
        "UCI_Variant type combo default chess var chess",
        "UCI_Chess960 type check",
        "Hash type spin",
        "Threads type spin",
        "Clear Hash type button",
        "Ponder type check",
        "MultiPV type spin",
        "Move Overhead type spin",
    ] {
        assert!(out.contains(&format!("option name {option}")), "{option}");
    }
    assert!(out.ends_with("uciok\nreadyok\n"), "{out}");
}

#[test]
fn uci_multipv_searchmoves_perft_eval() {
    // Each session ends at EOF, which lets its bounded search finish.
    let (out, _) = session("uci\nsetoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
    let depth4: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth 4 "))
        .collect();
    assert_eq!(depth4.len(), 3, "{out}");
    for (i, l) in depth4.iter().enumerate() {
        assert!(l.contains(&format!(" multipv {} ", i + 1)), "{l}");
    }
    let (out, _) =
        session("uci\nsetoption name MultiPV value 3\ngo depth 3 searchmoves a2a3 h2h3\n");
    let best = out.lines().find(|l| l.starts_with("bestmove")).unwrap();
    let restricted = best.split(' ').nth(1).unwrap();
    assert!(["a2a3", "h2h3"].contains(&restricted), "{out}");
    assert_eq!(out.matches("info depth 3 ").count(), 2, "{out}");
    let (out, _) = session(
        "uci\ngo depth 2 searchmoves e2e5\ngo perft 3\n\
         position fen 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1\neval\n",
    );
    assert!(
        out.contains("info string error: searchmoves: illegal move 'e2e5': "),
        "{out}"
    );
    assert!(out.contains("e2e4: 600\n"), "{out}");
    assert!(out.contains("Nodes searched: 8902\n"), "{out}");
    assert!(out.contains("Final evaluation: +"), "{out}");
}

#[test]
fn uci_chess960_castling_tokens() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let (out, _) = session(&format!(
        "uci\nsetoption name UCI_Chess960 value true\nposition fen {fen}\ngo perft 1\n\
         position fen {fen} moves e1h1\nd\nsetoption name UCI_Chess960 value false\n\
         position fen {fen}\ngo perft 1\nposition fen {fen} moves e1g1\nd\n"
    ));
    let (on, off) = out.split_at(out.find("Nodes searched").unwrap() + 1);
    // King takes rook with UCI_Chess960, king to its square without.
    assert!(on.contains("e1h1: 1\n") && on.contains("e1a1: 1\n"), "{on}");
    assert!(!on.contains("e1g1"), "{on}");
    assert!(
        off.contains("e1g1: 1\n") && off.contains("e1c1: 1\n"),
        "{off}"
    );
    assert!(!off.contains("e1h1: 1"), "{off}");
    // Both notations are read in either mode.
    assert_eq!(
        out.matches("Fen: r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1")
            .count(),
        2
    );
    // A Chess960 start position with Shredder-FEN castling: O-O at once.
    let (out, _) = session(
        "uci\nsetoption name UCI_Chess960 value true\n\
         position fen bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\ngo perft 1\n",
    );
    assert!(out.contains("f1g1: 1\n"), "{out}");
}

#[test]
fn uci_chess960_castling_in_games_from_a_file() {
    // Capablanca random chess: the king takes its rook, the FEN names the
    // rooks' files; plain Capablanca writes the king's square until
    // UCI_Chess960 turns the other way on.
    let fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let (out, _) = session(&format!(
        "uci
setoption name UCI_Variant value caparandom
position fen {fen}
go perft 1
         position fen {fen} moves f1j1
d
"
    ));
    assert!(
        out.contains(
            "f1j1: 1
"
        ) && out.contains(
            "f1a1: 1
"
        ),
        "{out}"
    );
    assert!(
        !out.contains(
            "f1i1: 1
"
        ),
        "{out}"
    );
    assert!(
        out.contains("Fen: r4k3r/10/10/10/10/10/10/R6RK1 b ja - 1 1"),
        "{out}"
    );
    let (out, _) = session(&format!(
        "uci
setoption name UCI_Variant value capablanca
position fen {fen}
go perft 1
         setoption name UCI_Chess960 value true
position fen {fen}
go perft 1
"
    ));
    let (off, on) = out.split_at(out.find("Nodes searched").unwrap() + 1);
    assert!(
        off.contains(
            "f1i1: 1
"
        ) && !off.contains("f1j1"),
        "{off}"
    );
    assert!(
        on.contains(
            "f1j1: 1
"
        ) && !on.contains("f1i1: 1"),
        "{on}"
    );
}

#[test]
fn uci_stop_and_ponder() {
    let (out, _) = session(
        "uci\nposition startpos\ngo infinite\nisready\nstop\nposition startpos moves e2e4\n\
         go ponder wtime 1000 btime 1000\nponderhit\n",
    );
    assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
    let ready = out.find("readyok").unwrap();
    let first_best = out.find("bestmove").unwrap();
    assert!(
        ready < first_best,
        "infinite search must wait for stop: {out}"
    );
}

#[test]
fn uci_bench_last_line() {
    let (out, _) = session("uci\nbench 2\nbench x\n");
    let lines: Vec<&str> = out.lines().collect();
    let last = lines[lines.len() - 2];
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert!(words[0].parse::<u64>().unwrap() > 0);
    assert_eq!((words[1], words[3]), ("nodes", "nps"));
    assert_eq!(
        lines[lines.len() - 1],
        "info string error: expected 'bench [depth 1-64]'"
    );
}

#[test]
fn garbage_before_protocol() {
    let (out, p) = session("\n   \nhello\n");
    assert_eq!(p, Protocol::Undecided);
    assert_eq!(
        out,
        "info string error: unknown command 'hello'; Arcana speaks UCI and XBoard: \
         start with 'uci' or 'xboard' ('help' says more)\n"
    );
    let (out, p) = session("help\n");
    assert_eq!(p, Protocol::Undecided);
    assert!(out.contains("uci ") && out.contains("xboard "), "{out}");
}

#[test]
fn a_first_command_that_is_uci_starts_a_uci_session() {
    for first in ["isready", "d", "position startpos moves e2e4", "go depth 1"] {
        let (out, p) = session(&format!("{first}\nisready\n"));
        assert_eq!(p, Protocol::Uci, "{first}");
        assert!(!out.contains("unknown command"), "{first}: {out}");
        assert!(
            out.ends_with("readyok\n") || out.contains("bestmove"),
            "{out}"
        );
    }
    let (out, _) = session("position startpos moves e2e4\nd\n");
    assert!(out.contains("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

/// A session on its own thread, fed through a pipe with real pauses, so
/// that commands meet searches mid-way as they do from a GUI.
struct Live {
    input: io::PipeWriter,
    output: Buffer,
    seen: usize,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Live {
    fn start() -> Live {
        let (reader, input) = io::pipe().unwrap();
        let output = Buffer::default();
        let out = output.clone();
        let thread = std::thread::spawn(move || {
            let mut s = Session::new(out);
            s.run(io::BufReader::new(reader)).unwrap();
        });
        Live {
            input,
            output,
            seen: 0,
            thread: Some(thread),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
    }

    fn pause(&self, ms: u64) {
        std::thread::sleep(Duration::from_millis(ms));
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.0.lock().unwrap()).into_owned()
    }

    /// Waits for a line equal to `want` after the lines already seen; a
    /// session that stays silent for 10 s has hung.
    fn expect(&mut self, want: &str) {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let text = self.text();
            let lines: Vec<&str> = text.lines().collect();
            if let Some(i) = lines[self.seen.min(lines.len())..]
                .iter()
                .position(|l| *l == want)
            {
                self.seen += i + 1;
                return;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no '{want}' within 10 s; the session said:\n{text}"
            );
            self.pause(5);
        }
    }

    /// Waits for a line starting with `prefix`, as [`Live::expect`] does.
    fn expect_start(&mut self, prefix: &str) -> String {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let text = self.text();
            let lines: Vec<&str> = text.lines().collect();
            let from = self.seen.min(lines.len());
            if let Some(i) = lines[from..].iter().position(|l| l.starts_with(prefix)) {
                self.seen = from + i + 1;
                return lines[from + i].to_string();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no '{prefix}...' within 10 s; the session said:\n{text}"
            );
            self.pause(5);
        }
    }

    /// Sends `quit` and waits for the session to end.
    fn quit(mut self) -> String {
        self.send("quit");
        self.ended()
    }

    /// Whether the session is still running.
    fn running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Waits for the session to end (after a `quit` sent).
    fn ended(mut self) -> String {
        let thread = self.thread.take().unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while !thread.is_finished() {
            assert!(
                std::time::Instant::now() < deadline,
                "quit did not end the session:\n{}",
                self.text()
            );
            self.pause(5);
        }
        thread.join().unwrap();
        self.text()
    }
}

#[test]
fn uci_switching_the_variant_during_a_search_never_hangs() {
    // The sequence that used to deadlock: the first search's late end
    // report was taken for the second search's, which was then joined
    // without being stopped.
    let mut s = Live::start();
    s.send("uci");
    s.send("go infinite");
    s.pause(500);
    s.send("setoption name UCI_Variant value magician");
    s.send("go infinite");
    s.pause(1000);
    s.send("stop");
    s.send("isready");
    s.expect("readyok");
    let out = s.quit();
    assert_eq!(bestmoves(&out).len(), 2, "{out}");
    // The second search was Magician's.
    let second = bestmoves(&out)[1];
    use variants::magician::Magician;
    let start = Magician.start();
    assert!(Magician::parse_turn(&start, second).is_ok(), "{second}");
}

#[test]
fn uci_commands_during_a_search_stop_it_first() {
    let mut s = Live::start();
    s.send("uci");
    for (i, cmd) in [
        "setoption name UCI_Variant value vanguard",
        "position startpos moves e3e5",
        "ucinewgame",
        "setoption name Hash value 2",
        "setoption name Clear Hash",
        "setoption name UCI_Chess960 value true",
        "setoption name UCI_Variant value parallelworlds",
        "go depth 1",
        "bench 1",
        "go perft 2",
    ]
    .iter()
    .enumerate()
    {
        s.send("go infinite");
        s.pause(50 + 40 * i as u64);
        s.send(cmd);
        s.send("go infinite");
        s.pause(30);
        s.send("stop");
        s.send("isready");
        s.expect("readyok");
    }
    let out = s.quit();
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn xboard_switching_the_variant_during_analysis_never_hangs() {
    for (variant, token) in [
        ("magician", "c2c4"),
        ("parallelworlds", "1d21d3,3e22e2"),
        ("vanguard", "e3e5"),
        ("advancedwizard", "Ea9Sb8"),
    ] {
        let mut s = Live::start();
        s.send("xboard");
        s.send("protover 2");
        s.send("analyze");
        s.pause(300);
        s.send(&format!("variant {variant}"));
        s.send(&format!("usermove {token}"));
        s.pause(300);
        s.send("ping 1");
        s.expect("pong 1");
        s.send("exit");
        s.send("ping 2");
        s.expect("pong 2");
        // The relatives: a new game, a position and a switch back while
        // analysing, and a game the engine plays.
        s.send("analyze");
        s.pause(100);
        s.send("new");
        s.send("ping 3");
        s.expect("pong 3");
        s.send("analyze");
        s.pause(100);
        s.send("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        s.send("ping 4");
        s.expect("pong 4");
        s.send(&format!("variant {variant}"));
        s.send("ping 5");
        s.expect("pong 5");
        s.send("exit");
        s.send("st 10");
        s.send("go");
        s.pause(100);
        s.send("variant normal");
        s.send("ping 6");
        s.expect("pong 6");
        let out = s.quit();
        assert!(!out.contains("Illegal move"), "{variant}: {out}");
    }
}

#[test]
fn uci_go_perft_runs_like_a_search() {
    let mut s = Live::start();
    s.send("uci");
    // Far too deep to finish: isready is answered at once, stop ends it.
    s.send("go perft 99");
    s.pause(200);
    s.send("isready");
    s.expect("readyok");
    s.send("stop");
    s.expect("info string perft 99 stopped: 0 of 20 root moves counted");
    // Commands sent during a count wait for it, as a piped script expects.
    s.send("position startpos moves e2e4");
    s.send("go perft 4");
    s.send("position startpos");
    s.send("go perft 2");
    s.expect("Nodes searched: 405385");
    s.expect("Nodes searched: 400");
    // quit waits for a count, as in Stockfish (a piped script gets its
    // numbers); stop ends it first.
    s.send("go perft 99");
    s.pause(100);
    s.send("quit");
    s.pause(200);
    assert!(s.running(), "quit waits for the count");
    s.send("stop");
    let out = s.ended();
    assert!(
        out.ends_with("info string perft 99 stopped: 0 of 20 root moves counted\n"),
        "{out}"
    );
    let (out, _) = session("uci\nposition startpos\ngo perft 4\nquit\nd\n");
    assert!(out.contains("Nodes searched: 197281"), "{out}");
    assert!(!out.contains("Fen: "), "the session ended at quit: {out}");
    // A Parallel Worlds middlegame has 1,470,487 turns: a count of two
    // turns is a bulk count per root turn, and stop must still land at once
    // (found by the uci_session fuzz target: stop waited for every root).
    let mut s = Live::start();
    s.send("setoption name UCI_Variant value parallelworlds");
    s.send(
        "position fen rnb1kbnr/3p4/6p1/8/5P1q/2N5/1P1PP2P/R1BQKB1R|4P3/pppppppp/2p5/8/8/2P3P1/\
         PPPPPPPP/6N1|rnbqkbr1/pp2pp1p/8/8/6n1/8/8/RNBQKBNR w 1KQk,3KQq - 1 16 3",
    );
    s.send("go perft 2");
    s.pause(300);
    s.send("stop");
    let stopped = s.expect_start("info string perft 2 stopped: ");
    assert!(
        stopped.ends_with(" of 1470487 root moves counted"),
        "{stopped}"
    );
    s.quit();
    // bench too: isready at once, stop ends it, later commands wait.
    let mut s = Live::start();
    s.send("uci");
    s.send("bench 60");
    s.send("isready");
    s.expect("readyok");
    s.send("stop");
    s.expect("info string bench stopped");
    s.send("bench 1");
    s.send("position startpos moves e2e4");
    s.send("d");
    s.expect("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let out = s.quit();
    // The `d` waited for the whole bench: its last line comes first.
    let lines: Vec<&str> = out.lines().collect();
    let total = lines.iter().position(|l| l.ends_with(" nps")).unwrap();
    let fen = lines.iter().position(|l| l.starts_with("Fen: ")).unwrap();
    assert!(total < fen, "{out}");
    let (out, _) = session("uci\ngo perft 129\nisready\n");
    assert!(
        out.contains("info string error: perft depth 129 is above the limit of 128"),
        "{out}"
    );
}

#[test]
fn xboard_handshake_and_errors() {
    let (out, p) = session("xboard\nprotover 2\nfoo bar\nping 7\n");
    assert_eq!(p, Protocol::Xboard);
    let lines: Vec<&str> = out.lines().collect();
    let features = lines
        .iter()
        .take_while(|l| l.starts_with("feature"))
        .count();
    let all = lines[..features].join(" ");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "memory=1",
        "smp=1",
        "analyze=1",
        "colors=0",
        "variants=\"normal,chess,fischerandom,magician,vanguard,advancedwizard,parallelworlds,fairy,",
        ",crazyhouse,",
        "option=\"Move Overhead -spin",
    ] {
        assert!(all.contains(f), "{f} missing in {all}");
    }
    assert_eq!(lines[features - 1], "feature done=1");
    assert_eq!(lines[features], "Error (unknown command): foo bar");
    assert_eq!(lines[features + 1], "pong 7");
}

/// The moves of every `bestmove` line of a UCI session's output.
fn bestmoves(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split(' ').next().unwrap())
        .collect()
}

/// Asserts that an XBoard session answered no `Illegal move` and no `Error`.
fn assert_no_error(lines: &[String]) {
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{lines:?}"
    );
}

fn xboard_lines(input: &str) -> Vec<String> {
    let (out, _) = session(&format!("xboard\n{input}"));
    out.lines().map(str::to_string).collect()
}

#[test]
fn xboard_sends_a_multi_leg_move_one_leg_per_line_and_reads_it_whole() {
    // Vanguard: the Berserker's double capture of King and Prince wins.
    let lines = xboard_lines(
        "new\nvariant vanguard\nforce\n\
         setboard 16/16/16/16/16/16/5i10/4k11/4Z11/16/16/16/16/16/16/K15 w - 0 1\n\
         sd 2\ngo\n",
    );
    let mv = lines
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("move");
    assert_eq!(lines[mv], "move e8e9,", "{lines:?}");
    assert_eq!(lines[mv + 1], "move e9f10", "{lines:?}");
    assert_eq!(lines[mv + 2], "1-0 {White captures the king}", "{lines:?}");
    // The GUI sends the legs joined by a comma; Black (the engine) answers
    // with its Prince, now King.
    let lines = xboard_lines(
        "new\nvariant vanguard\n\
         setboard 16/16/16/16/16/16/5i10/4k11/4Z11/16/16/16/16/16/16/K15 w - 0 1\n\
         sd 1\nusermove e8e9,e9d10\n",
    );
    assert_no_error(&lines);
    assert!(lines.iter().any(|l| l.starts_with("move f10")), "{lines:?}");
}

/// Duck chess over XBoard as Fairy-Stockfish speaks it: the engine's move
/// and its wall in two lines (`move e2e4,` then `move e4h5`), the GUI's
/// joined; UCI's `bestmove` names both in one token.
#[test]
fn a_move_and_its_wall_go_over_xboard_and_uci() {
    let lines = xboard_lines("new\nvariant duck\nforce\ne2e4,e4e5\nsd 2\ngo\n");
    assert_no_error(&lines);
    let mv = lines
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("move");
    assert!(lines[mv].ends_with(','), "{lines:?}");
    let (from_to, wall) = (&lines[mv][5..], &lines[mv + 1]);
    assert!(
        from_to.len() == 5 && wall.starts_with("move ") && wall[5..7] == from_to[2..4],
        "{lines:?}"
    );
    let (out, _) = session("uci\nsetoption name UCI_Variant value duck\nposition startpos moves e2e4,e4e5\ngo depth 2\n");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("bestmove");
    assert!(best.contains(',') && best.len() == 9, "{out}");
}

#[test]
fn xboard_variant_vanguard_defines_board_pieces_and_takes_the_gui_fen() {
    let lines = xboard_lines("protover 2\nnew\nvariant vanguard\nping 1\n");
    let setup = lines
        .iter()
        .position(|l| l.starts_with("setup "))
        .expect("setup line");
    assert_eq!(
        lines[setup],
        "setup (PNBRQFTECYIADG.MWZLSHKpnbrqftecyiadg.mwzlshk) 16x16+0_fairy \
         hdyfbweqkicbfydh/rnzlaamggmaalznr/ppppsssttssspppp/16/16/16/16/16/16/16/16/16/16/\
         PPPPSSSTTSSSPPPP/RNZLAAMGGMAALZNR/HDYFBWEQKICBFYDH w - - 0 1"
    );
    let pieces: Vec<&String> = lines.iter().filter(|l| l.starts_with("piece ")).collect();
    let letters: String = pieces.iter().map(|l| &l[6..7]).collect();
    assert_eq!(letters, "KQRBNPCAWHGFSLYMDTIEZ");
    assert!(pieces.contains(&&"piece N& NmpafmpafmpafmpasW".to_string()));
    assert_eq!(lines.last().map(String::as_str), Some("pong 1"));
    // Chess defines nothing: XBoard knows it.
    let lines = xboard_lines("protover 2\nnew\nvariant normal\nping 1\n");
    assert!(!lines
        .iter()
        .any(|l| l.starts_with("setup") || l.starts_with("piece")));
    // XBoard echoes the start as a six-field FEN; Pawns and Soldiers on
    // their start rank keep their initial move (c3c7 goes four squares).
    let lines = xboard_lines(
        "protover 2\nnew\nvariant vanguard\nforce\n\
         setboard hdyfbweqkicbfydh/rnzlaamggmaalznr/ppppsssttssspppp/16/16/16/16/16/16/16/16/16/16/\
         PPPPSSSTTSSSPPPP/RNZLAAMGGMAALZNR/HDYFBWEQKICBFYDH w - - 0 1\n\
         usermove c3c7\nping 2\n",
    );
    assert_no_error(&lines);
    assert_eq!(lines.last().map(String::as_str), Some("pong 2"));
}

#[test]
fn advancedwizard_black_moves_first_over_uci_and_xboard() {
    // UCI: the start position has Black to move; the engine answers for
    // Black, then for White after Black's move, using the mover's clock.
    let (out, _) = session(
        "uci\nsetoption name UCI_Variant value advancedwizard\nucinewgame\nposition startpos\nd\n\
         go depth 2\nposition startpos moves Ea9Sb8\ngo wtime 2000 btime 1 winc 0 binc 0\nisready\n",
    );
    assert!(out.contains("Fen: dpagzgapd/hw*w*agaw*w*h/w*3h3w*/9/9/9/W*3H3W*/HW*W*AGAW*W*H/DPAGZGAPD|e1e1e1e1e/9/9/9/9/9/9/9/E1E1E1E1E b Zz - - 0 1"));
    assert!(out.contains("        Earth                        Sky"));
    let best = bestmoves(&out);
    assert_eq!(best.len(), 2, "{out}");
    let black = variants::advancedwizard::AdvancedWizard.start();

    let first = variants::advancedwizard::AdvancedWizard::parse_turn(&black, best[0]).unwrap();
    assert_eq!(
        variants::advancedwizard::AdvancedWizard::side_to_move(&black),
        variants::Side::Black
    );
    assert_eq!(first.len(), 1);
    let white = variants::advancedwizard::AdvancedWizard::make(
        &black,
        variants::advancedwizard::AdvancedWizard::parse_turn(&black, "Ea9Sb8").unwrap()[0],
    );
    assert!(
        variants::advancedwizard::AdvancedWizard::parse_turn(&white, best[1]).is_ok(),
        "{}",
        best[1]
    );
    // XBoard: after `new` the engine has Black, which moves first here,
    // so `go` makes it play Black's turn; given Black's turn it plays White.
    for (input, mover) in [
        (
            "protover 2\nnew\nvariant advancedwizard\nsd 2\ngo\n",
            black.clone(),
        ),
        (
            "protover 2\nnew\nvariant advancedwizard\nforce\nusermove Ea9Sb8\nsd 2\ngo\n",
            white.clone(),
        ),
    ] {
        let lines = xboard_lines(input);
        let moves: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("move "))
            .collect();
        assert_eq!(moves.len(), 1, "{lines:?}");
        assert!(
            variants::advancedwizard::AdvancedWizard::parse_turn(&mover, moves[0]).is_ok(),
            "{lines:?}"
        );
        assert_no_error(&lines);
    }
}

#[test]
fn xboard_plays_its_side_and_announces_mate() {
    let lines = xboard_lines(
        "ping 1\nnew\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nsd 3\npost\ngo\n",
    );
    assert_eq!(lines[0], "pong 1");
    let mv = lines.iter().position(|l| l == "move a1a8").expect("move");
    assert_eq!(lines[mv + 1], "1-0 {White mates}");
    // Thinking output: depth score time nodes pv, mate as 100000 + moves.
    assert!(
        lines[..mv].iter().any(|l| l.starts_with("3 100001 ")),
        "{lines:?}"
    );
}

#[test]
fn xboard_answers_user_moves_and_rejects_bad_ones() {
    let lines = xboard_lines(
        "new\nst 0.2\nusermove e2e5\nforce\nsetboard not a fen\n\
         level 0 x 0\nmemory 0\nping 3\nnew\nusermove e2e4\n",
    );
    assert_eq!(lines[0], "Illegal move: e2e5");
    assert!(lines[1].starts_with("Error (bad FEN: "), "{lines:?}");
    assert!(lines[1].ends_with("): setboard not a fen"), "{lines:?}");
    assert!(lines[2].starts_with("Error (base time 'x'"), "{lines:?}");
    assert!(
        lines[3].starts_with("Error (option 'Hash' takes"),
        "{lines:?}"
    );
    assert_eq!(lines[4], "pong 3");
    // The engine keeps its state and answers a legal move (as Black).
    assert!(lines[5].starts_with("move "), "{lines:?}");
    assert_eq!(lines.len(), 6);
}

#[test]
fn xboard_force_undo_remove_and_playother() {
    let lines = xboard_lines(
        "new\nforce\nusermove e2e4\nusermove e7e5\nd\nundo\nd\nremove\nd\nundo\nd\n\
         usermove e2e4\nusermove e7e5\nremove\nd\nsd 2\nplayother\nusermove d2d4\n",
    );
    let fens: Vec<&String> = lines.iter().filter(|l| l.starts_with("Fen: ")).collect();
    let start = "Fen: rnbqkbnr/pppppppp/8/8/8/8/";
    let after_e4 = "Fen: rnbqkbnr/pppppppp/8/8/4P3/";
    assert!(fens[0].contains("4p3/4P3"), "{fens:?}");
    assert!(fens[1].starts_with(after_e4), "{fens:?}");
    // remove takes back two turns or, refused, none.
    assert!(lines.contains(&"Error (no move to take back): remove".to_string()));
    assert!(fens[2].starts_with(after_e4), "{fens:?}");
    assert!(fens[3].starts_with(start), "{fens:?}");
    assert!(fens[4].starts_with(start), "{fens:?}");
    // playother: the engine has Black and answers 1.d4.
    assert!(lines.last().unwrap().starts_with("move "), "{lines:?}");
}

#[test]
fn xboard_move_now_and_analysis() {
    let (out, _) = session(
        "xboard\nnew\nforce\nusermove e2e4\nanalyze\nusermove e7e5\nexit\nlevel 0 10 0\n\
         time 100000\notim 100000\ngo\n?\nping 5\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    // `?` answers at once with a searched move.
    let mv = lines
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("a move");
    assert_eq!(lines[mv + 1], "pong 5");
    assert_ne!(lines[mv], "move e1e2");
    // Analysis prints thinking lines without `post`.
    assert!(lines[..mv].iter().any(|l| l.starts_with("1 ")), "{out}");
}

#[test]
fn xboard_variant_fischerandom_castles_as_o_o() {
    let lines = xboard_lines(
        "new\nvariant fischerandom\nforce\n\
         setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nusermove O-O\nd\nvariant nonsense\nping 6\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: 4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (unknown variant 'nonsense'")),
        "{lines:?}"
    );
}

#[test]
fn bytes_that_are_not_utf8_get_an_error_and_the_session_goes_on() {
    let buf = Buffer::default();
    let mut s = Session::new(buf.clone());
    let mut input = b"uci\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'g', b'o', b'\n', 0xc3, b'\n']);
    input.extend_from_slice(b"isready\nposition startpos moves e2e4\nd"); // no final newline
    s.run(io::Cursor::new(input)).unwrap();
    let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    assert_eq!(
        out.matches("info string error: input line is not valid UTF-8")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("readyok\n"), "{out}");
    // A last line without its newline is still a command.
    assert!(
        out.contains("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{out}"
    );
}

#[test]
fn magician_over_uci_and_xboard() {
    let (out, _) = session(
        "uci\nsetoption name UCI_Variant value magician\nposition startpos moves c2c4 e6e4 d4e4\n\
         position startpos moves c2c4 e6e4\nd\ngo depth 3\n",
    );
    assert!(
        out.contains("info string error: illegal move 'd4e4': "),
        "{out}"
    );
    assert!(out.contains(" 4 | * |   | P | * | p |   | * |"), "{out}");
    assert!(
        out.contains("Fen: rmnknmr/ppp*1pp/*5*/*1P*p1*/*5*/PP1*PPP/RMNKNMR w AGag - 0 2"),
        "{out}"
    );
    assert!(out.contains("bestmove "), "{out}");
    let (out, _) = session(
        "xboard\nprotover 2\nnew\nvariant magician\nforce\n\
         setboard 7/p3*1p/*1k1n1*/*1p2P*/*1P2*1/PK*1*2/3rMR1 b - - 0 27\nsd 3\ngo\n",
    );
    // Black mates with Nd3 (spec section 13).
    assert!(out.contains("move e5d3\n0-1 {Black mates}"), "{out}");
}

#[test]
fn parallelworlds_turns_of_several_sub_moves_over_uci_and_xboard() {
    use variants::parallelworlds::ParallelWorlds as Pw;

    // UCI: bestmove is a whole turn; White's first turn has at most two
    // sub-moves, Black's reply up to three; tokens go back in as turns.
    let (out, _) = session(
        "uci\nsetoption name UCI_Variant value parallelworlds\nucinewgame\nposition startpos\nd\n\
         go depth 3\nposition startpos moves 1e21e4,3g13f3\ngo depth 4\n\
         position startpos moves 1e21e4,1d21d4\nposition startpos moves 1e21e4,3g13f3 1d71d5,3e73e5,1b82b8\nd\nisready\n",
    );
    assert!(out.contains("   level 3             level 2             level 1"));
    assert!(out.contains(&format!("Fen: {}", Pw.spec().start_fen.as_str())));
    let best = bestmoves(&out);
    assert_eq!(best.len(), 2, "{out}");
    let start = Pw.start();
    let first = Pw::parse_turn(&start, best[0]).unwrap();
    assert!(best[0].split(',').count() <= 2, "{}", best[0]);
    assert!(!first.is_empty());
    let after = Pw::parse_turn(&start, "1e21e4,3g13f3").unwrap();
    let mut black = start.clone();
    for mv in after {
        black = Pw::make(&black, mv);
    }
    assert!(Pw::parse_turn(&black, best[1]).is_ok(), "{}", best[1]);
    // Two sub-moves ending on level 1 are not a turn: the position stays.
    assert!(out.contains("illegal move '1e21e4,1d21d4'"), "{out}");
    assert!(out.contains("Fen: r1bqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR|1n6/8/8/8/8/8/8/8|"));
    assert!(out.ends_with("readyok\n"), "{out}");
    // info lines show the whole first turn as the PV's first token.
    assert!(out
        .lines()
        .any(|l| l.starts_with("info depth 1 ") && l.contains(" pv 1")));

    // XBoard: the engine's turn goes out one sub-move per line, each but
    // the last ending in a comma; the GUI's turn comes in as one token.
    let lines = xboard_lines(
        "protover 2\nnew\nvariant parallelworlds\nforce\nusermove 1e21e4,3g13f3\nsd 3\ngo\n",
    );
    let legs: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("move "))
        .collect();
    assert!(!legs.is_empty() && legs.len() <= 3, "{lines:?}");
    let token = legs.concat();
    assert!(Pw::parse_turn(&black, &token).is_ok(), "{token}");
    assert_no_error(&lines);
    let lines = xboard_lines(
        "protover 2\nnew\nvariant parallelworlds\nforce\nusermove 1e21e4,1e41e5\nping 3\n",
    );
    assert!(
        lines.contains(&"Illegal move: 1e21e4,1e41e5".to_string()),
        "{lines:?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("pong 3"));
}

#[test]
fn quit_answers_the_search_it_ends() {
    // Stockfish answers a script's `go` before it exits on `quit`.
    for script in [
        "uci\nposition startpos\ngo depth 2\nquit\n",
        "uci\nposition startpos\ngo depth 60\nquit\n",
        "uci\ngo infinite\nquit\n",
        "position startpos moves e2e4\ngo movetime 60000\nquit\nisready\n",
    ] {
        let (out, _) = session(script);
        assert_eq!(bestmoves(&out).len(), 1, "{script}: {out}");
        assert!(out.ends_with('\n') && !out.contains("readyok"), "{out}");
    }
    // XBoard: a move where one was asked for, nothing from analysis; a
    // pondering engine does not start pondering on its way out.
    let (out, _) = session("xboard\nprotover 2\nnew\nhard\nst 60\ngo\nquit\n");
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "{out}");
    let (out, _) = session("xboard\nprotover 2\nnew\npost\nanalyze\nquit\n");
    assert!(!out.contains("move "), "{out}");
}

/// The nodes of the last `info` line of a depth-7 search after `setup`.
fn nodes_after(setup: &str) -> u64 {
    let (out, _) = session(&format!(
        "uci\n{setup}position startpos moves e2e4 e7e5 g1f3\ngo depth 7\nisready\n"
    ));
    let line = out
        .lines()
        .rfind(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{out}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "nodes").unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn search_parameters_are_set_as_options_but_not_announced() {
    let (out, _) = session("uci\n");
    assert!(!out.contains("RfpMargin"), "{out}");
    let default = nodes_after("");
    assert_eq!(default, nodes_after("setoption name RfpMargin value 80\n"));
    assert_ne!(
        default,
        nodes_after("setoption name LmrDivisor value 120\n")
    );
    // Out of range: refused, and the search keeps its value.
    let (out, _) = session("uci\nsetoption name LmrDivisor value 1\n");
    assert!(
        out.contains("info string error: option 'LmrDivisor' takes a number from 100 to 400"),
        "{out}"
    );
    assert_eq!(default, nodes_after("setoption name LmrDivisor value 1\n"));
}

#[test]
fn xboard_takes_search_parameters_as_options() {
    let (out, _) = session("xboard\nprotover 2\noption RfpMargin=90\noption RfpMargin=9000\n");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].contains("'RfpMargin' takes a number from 20 to 250"),
        "{out}"
    );
}

/// XBoard learns a drop game's holdings and parent, takes drops as moves
/// and lets its `holding` lines pass.
#[test]
fn xboard_plays_drops_in_a_game_with_pockets() {
    let (out, _) = session(
        "xboard\nprotover 2\nnew\nvariant crazyhouse\nforce\nusermove e2e4\nusermove d7d5\n\
         usermove e4d5\nholding [P] []\nusermove d8d5\nusermove P@e4\nholding [] [P]\nping 3\n",
    );
    assert!(out.contains("8x8+5_crazyhouse"), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(!out.contains("Error"), "{out}");
    assert!(out.contains("pong 3"), "{out}");
    let (out, _) = session("xboard\nprotover 2\nvariant shogi\n");
    assert!(out.contains("9x9+9_shogi"), "{out}");
}

/// A search that failed (a thread panicked) is said to the GUI before the
/// `bestmove` it still gets; a search that did not fail says nothing.
#[test]
fn uci_says_when_the_search_failed() {
    for failed in [false, true] {
        let buf = Buffer::default();
        let mut s = Session::new(buf.clone());
        s.uci_bestmove(Found {
            failed,
            ..Found::default()
        });
        let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        let said = format!("info string error: {}\n", play::FAILED_SEARCH);
        assert_eq!(out.contains(&said), failed, "{out}");
        assert!(out.ends_with("bestmove (none)\n"), "{out}");
    }
}
