//! The server's game logic for every variant, driven as the page drives it:
//! JSON commands in, JSON messages out.

use gui::session::{Event, Session};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

fn session() -> (Session, UnboundedReceiver<Event>) {
    let (tx, rx) = unbounded_channel();
    (Session::new(tx), rx)
}

fn last_state(out: &[Value]) -> &Value {
    out.iter()
        .rev()
        .find(|m| m["t"] == "state")
        .expect("a state message")
}

fn send(s: &mut Session, command: Value) -> Vec<Value> {
    s.handle(&command.to_string())
}

/// Waits for the engine's move (its Done event) and returns the messages.
fn engine_reply(s: &mut Session, events: &mut UnboundedReceiver<Event>) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "the engine did not answer");
        match events.try_recv() {
            Ok(event @ Event::Done(..)) => return s.event(event),
            Ok(event) => {
                s.event(event);
            }
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// (variant, cells in the start position, pieces in it, a first turn that
/// is played ply by ply)
const GAMES: &[(&str, usize, usize, &[&str])] = &[
    ("chess", 64, 32, &["e2e4"]),
    ("magician", 49, 26, &["c2c3"]),
    ("vanguard", 256, 96, &["a3a5"]),
    ("advancedwizard", 162, 52, &["Ec8Ec6"]),
    ("parallelworlds", 192, 64, &["1e21e4", "3d23d4"]),
];

#[test]
fn every_game_starts_plays_refuses_and_answers() {
    for &(variant, _cells, pieces, turn) in GAMES {
        let (mut s, mut events) = session();
        let out = send(
            &mut s,
            json!({"t": "new", "variant": variant, "mode": "human"}),
        );
        let state = last_state(&out).clone();
        assert_eq!(state["variant"], variant);
        let occupied = state["position"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["hole"] == false)
            .count();
        assert_eq!(occupied, pieces, "{variant}");
        let plies = state["plies"].as_array().unwrap();
        assert!(!plies.is_empty(), "{variant}");
        for p in plies {
            let legs = p["legs"].as_array().unwrap();
            let token = p["token"].as_str().unwrap();
            assert!(!legs.is_empty() || token.is_empty(), "{variant} {token}");
            assert_eq!(legs.len(), token.split(',').count(), "{variant} {token}");
        }
        // An illegal ply is refused and the position kept.
        let fen = state["position"]["fen"].clone();
        let out = send(&mut s, json!({"t": "ply", "token": "a1a1"}));
        assert!(out.iter().any(|m| m["t"] == "error"), "{variant}");
        assert_eq!(last_state(&out)["position"]["fen"], fen);
        let out = send(&mut s, json!({"t": "move", "text": "garbage!"}));
        assert!(out.iter().any(|m| m["t"] == "error"), "{variant}");
        // The turn, ply by ply.
        let mut out = Vec::new();
        for (i, ply) in turn.iter().enumerate() {
            out = send(&mut s, json!({"t": "ply", "token": ply}));
            assert!(
                !out.iter().any(|m| m["t"] == "error"),
                "{variant} {ply}: {:?}",
                out.first()
            );
            let st = last_state(&out);
            if i + 1 < turn.len() {
                assert_eq!(st["pending"].as_array().unwrap().len(), i + 1);
            }
        }
        // (Parallel Worlds: the first turn's limit is two sub-moves, and a
        // turn with nothing left but its end ends by itself.)
        let st = last_state(&out);
        assert_eq!(st["history"].as_array().unwrap().len(), 1, "{variant}");
        assert_ne!(st["position"]["fen"], fen, "{variant}");
        // The engine answers.
        send(&mut s, json!({"t": "settings", "limits": {"depth": 2}}));
        let out = send(&mut s, json!({"t": "go"}));
        assert_eq!(last_state(&out)["thinking"], true, "{variant}");
        let out = engine_reply(&mut s, &mut events);
        let st = last_state(&out);
        assert_eq!(st["history"].as_array().unwrap().len(), 2, "{variant}");
        assert_eq!(st["thinking"], false);
        // Take back one turn.
        let out = send(&mut s, json!({"t": "undo"}));
        assert_eq!(last_state(&out)["history"].as_array().unwrap().len(), 1);
    }
}

#[test]
fn analysis_reports_and_stops() {
    let (mut s, mut events) = session();
    send(&mut s, json!({"t": "settings", "multipv": 3}));
    let out = send(
        &mut s,
        json!({"t": "new", "variant": "vanguard", "mode": "analysis"}),
    );
    assert_eq!(last_state(&out)["thinking"], true);
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut lines = std::collections::BTreeSet::new();
    while lines.len() < 3 {
        assert!(Instant::now() < deadline, "no MultiPV reports");
        if let Ok(e) = events.try_recv() {
            for m in s.event(e) {
                if m["t"] == "info" {
                    assert!(!m["pv"].as_array().unwrap().is_empty());
                    lines.insert(m["multipv"].as_u64().unwrap());
                }
            }
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    // The engine switched off: the search stops, the mode stays.
    let out = send(&mut s, json!({"t": "engine", "on": false}));
    assert_eq!(last_state(&out)["thinking"], false);
    assert_eq!(last_state(&out)["mode"], "analysis");
    assert!(!s.searching());
    let out = send(&mut s, json!({"t": "engine", "on": true}));
    assert_eq!(last_state(&out)["thinking"], true);
    let out = send(&mut s, json!({"t": "stop"}));
    assert_eq!(last_state(&out)["thinking"], false);
    assert_eq!(last_state(&out)["engine_on"], false);
    assert!(!s.searching());
}

#[test]
fn play_mode_answers_the_user_and_bad_requests_keep_the_game() {
    let (mut s, mut events) = session();
    send(&mut s, json!({"t": "settings", "limits": {"nodes": 2000}}));
    let out = send(
        &mut s,
        json!({"t": "new", "variant": "chess", "mode": "play"}),
    );
    assert_eq!(last_state(&out)["thinking"], false, "the user moves first");
    let out = send(&mut s, json!({"t": "ply", "token": "e2e4"}));
    assert_eq!(last_state(&out)["thinking"], true);
    let out = engine_reply(&mut s, &mut events);
    assert_eq!(last_state(&out)["history"].as_array().unwrap().len(), 2);
    let fen = last_state(&out)["position"]["fen"].clone();
    for bad in [
        "{",
        r#"{"t":"new","variant":"nosuch"}"#,
        r#"{"t":"new","variant":"chess","fen":"8/8 w"}"#,
        r#"{"t":"fly"}"#,
    ] {
        let out = s.handle(bad);
        assert!(out.iter().any(|m| m["t"] == "error"), "{bad}");
    }
    assert_eq!(s.state()["position"]["fen"], fen);
    // A game asked for (by the page's address) whose third move does not
    // play: shown as far as it goes, with the reason.
    let out = send(
        &mut s,
        json!({"t": "new", "variant": "duck", "mode": "human",
               "moves": ["e2e4,e4e5", "d7d5,d5d4", "g1f3,f3d5"]}),
    );
    let said = out.iter().find(|m| m["t"] == "error").expect("an error");
    assert!(
        said["message"].as_str().unwrap_or("").contains("turn 3"),
        "{said}"
    );
    let st = last_state(&out);
    assert_eq!(st["variant"], "duck");
    assert_eq!(st["history"].as_array().unwrap().len(), 2);
    let out = send(&mut s, json!({"t": "deck", "text": "1 Nosuch Card"}));
    assert_eq!(out[0]["t"], "deck");
    assert_eq!(out[0]["legal"], false);
}

#[test]
fn every_piece_has_a_diagram_of_its_moves() {
    let games: &[(&str, &str)] = &[
        ("chess", "KQRBNP"),
        ("magician", "KRNMCSWP"),
        ("vanguard", "KQRBNPCAWHGFSLYMDTIEZ"),
        ("advancedwizard", "ZDPAGHWE"),
        ("parallelworlds", "KQRBNP"),
    ];
    for &(variant, letters) in games {
        let (mut s, _events) = session();
        send(&mut s, json!({"t": "new", "variant": variant}));
        for letter in letters.chars() {
            let out = send(&mut s, json!({"t": "piece", "letter": letter}));
            let d = out
                .iter()
                .find(|m| m["t"] == "diagram")
                .unwrap_or_else(|| panic!("{variant} {letter}: {}", out[0]));
            let square = d["square"].as_str().unwrap();
            let on_it: Vec<&Value> = d["position"]["cells"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["square"] == square)
                .collect();
            assert_eq!(on_it[0]["piece"], letter.to_string(), "{variant}");
            let first = d["first"].as_array().unwrap();
            assert!(!first.is_empty(), "{variant} {letter}");
            assert!(first.iter().all(|sq| sq != square), "{variant} {letter}");
        }
    }
    // A knight in the middle of an empty board reaches eight squares, and
    // takes nowhere else.
    let (mut s, _events) = session();
    let out = send(&mut s, json!({"t": "piece", "letter": "n"}));
    assert_eq!(out[0]["first"].as_array().unwrap().len(), 8);
    assert!(out[0]["captures"].as_array().unwrap().is_empty());
    // A pawn takes where it cannot move: its two diagonals.
    let out = send(&mut s, json!({"t": "piece", "letter": "p"}));
    assert_eq!(
        out[0]["captures"].as_array().unwrap().len(),
        2,
        "{}",
        out[0]
    );
    // Vanguard's Archer shoots at the knight's squares it cannot move to.
    send(&mut s, json!({"t": "new", "variant": "vanguard"}));
    let out = send(&mut s, json!({"t": "piece", "letter": "a"}));
    let d = out.iter().find(|m| m["t"] == "diagram").unwrap();
    assert_eq!(d["captures"].as_array().unwrap().len(), 8, "{d}");
}

#[test]
fn recorded_games_open_from_pgn_and_match_reports() {
    let (mut s, _events) = session();
    let pgn = "[Event \"Club\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n\
               1. f3 e5 2. g4 Qh4# {White is mated} 0-1\n\n\
               [White \"Carol\"]\n[Black \"Dan\"]\n[Variant \"vanguard\"]\n[Result \"*\"]\n\n1. a3a5 *\n";
    let out = send(&mut s, json!({"t": "open", "text": pgn}));
    let games = out.iter().find(|m| m["t"] == "games").expect("the list");
    assert_eq!(games["games"].as_array().unwrap().len(), 2);
    let st = last_state(&out);
    assert_eq!(st["replay"]["white"], "Alice");
    assert_eq!(st["replay"]["reason"], "White is mated");
    assert_eq!(st["history"].as_array().unwrap().len(), 4);
    assert_eq!(st["shown"], 0, "a replay opens at its start");
    assert_eq!(st["mode"], "human");
    let out = send(&mut s, json!({"t": "goto", "turn": 4}));
    assert_eq!(last_state(&out)["outcome"]["result"], "0-1");
    let out = send(&mut s, json!({"t": "pick", "index": 1}));
    let st = last_state(&out);
    assert_eq!(st["variant"], "vanguard");
    assert_eq!(st["replay"]["black"], "Dan");
    assert!(send(&mut s, json!({"t": "pick", "index": 2}))[0]["t"] == "error");

    // A match report: its games with their moves; an old one without.
    let report = json!({
        "match": {"variant": "magician"}, "engines": ["A", "B"],
        "games": [
            {"index": 0, "white": "A", "black": "B", "result": "1/2-1/2", "reason": "adjudicated",
             "start_fen": "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1",
             "plies": 2, "moves": ["c2c3", "c6c5"], "final_fen": ""},
            {"index": 1, "white": "B", "black": "A", "result": "1-0", "reason": "mate",
             "start_fen": "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1", "plies": 9,
             "final_fen": "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR b AGag - 0 1"}
        ]
    });
    let out = send(&mut s, json!({"t": "open", "text": report.to_string()}));
    let st = last_state(&out);
    assert_eq!(st["variant"], "magician");
    assert_eq!(st["history"].as_array().unwrap().len(), 2);
    assert_eq!(st["replay"]["event"], "A vs B, game 1");
    let out = send(&mut s, json!({"t": "pick", "index": 1}));
    let st = last_state(&out);
    assert!(st["replay"]["reason"]
        .as_str()
        .unwrap()
        .contains("no moves"));
    assert_eq!(st["position"]["side"], "b");

    // Broken files: a message, and the game on the board stays.
    let fen = last_state(&out)["position"]["fen"].clone();
    for bad in [
        "1. e4 e5 2. Ke3 *",
        "{\"games\": 1}",
        "",
        "[Variant \"nosuch\"]\n\n1. e4 *",
    ] {
        let out = send(&mut s, json!({"t": "open", "text": bad}));
        assert_eq!(out[0]["t"], "error", "{bad}");
        assert_eq!(last_state(&out)["position"]["fen"], fen, "{bad}");
    }
}

#[test]
fn a_clock_charges_each_side_and_a_flag_ends_the_game() {
    let (mut s, mut events) = session();
    send(
        &mut s,
        json!({"t": "settings", "clock": {"base_ms": 60000, "inc_ms": 1000}}),
    );
    let out = send(
        &mut s,
        json!({"t": "new", "variant": "chess", "mode": "play"}),
    );
    let clock = &last_state(&out)["clock"];
    assert_eq!(clock["white_ms"].as_u64().unwrap(), 60000, "{clock}");
    // No time runs before the first move.
    assert_eq!(clock["running"], Value::Null);
    send(&mut s, json!({"t": "ply", "token": "e2e4"}));
    // The engine plays on its clock (a small share of one minute).
    let out = engine_reply(&mut s, &mut events);
    let st = last_state(&out);
    assert_eq!(st["history"].as_array().unwrap().len(), 2);
    let (white, black) = (
        st["clock"]["white_ms"].as_u64().unwrap(),
        st["clock"]["black_ms"].as_u64().unwrap(),
    );
    assert!(
        white > 59_500 && white <= 60_000,
        "the first move is free: {white}"
    );
    assert!(black < 61000 && black > 50000, "Black thought: {black}");

    // A flag falls: the game is lost on time and no move is taken.
    send(
        &mut s,
        json!({"t": "settings", "clock": {"base_ms": 30, "inc_ms": 0}}),
    );
    send(
        &mut s,
        json!({"t": "new", "variant": "chess", "mode": "human"}),
    );
    std::thread::sleep(Duration::from_millis(60));
    assert!(s.tick().is_empty(), "no flag before the first move");
    send(&mut s, json!({"t": "ply", "token": "e2e4"}));
    std::thread::sleep(Duration::from_millis(60));
    let out = s.tick();
    let st = last_state(&out);
    assert_eq!(st["outcome"]["result"], "1-0");
    assert!(st["outcome"]["reason"]
        .as_str()
        .unwrap()
        .contains("Black's time"));
    let out = send(&mut s, json!({"t": "ply", "token": "e7e5"}));
    assert_eq!(out[0]["t"], "error");
    // Taking the move back takes the flag with it: the game goes on.
    let out = send(&mut s, json!({"t": "undo"}));
    let st = last_state(&out);
    assert!(st["outcome"].is_null(), "{}", st["outcome"]);
    let out = send(&mut s, json!({"t": "ply", "token": "d2d4"}));
    assert_eq!(last_state(&out)["history"].as_array().unwrap().len(), 1);
    // A game opened to replay starts with a new clock.
    let out = send(&mut s, json!({"t": "open", "text": "1. e4 e5 *"}));
    assert!(
        last_state(&out)["outcome"].is_null(),
        "{}",
        last_state(&out)["outcome"]
    );
    // Back to no clock.
    let out = send(
        &mut s,
        json!({"t": "settings", "clock": {"base_ms": 0, "inc_ms": 0}}),
    );
    assert!(last_state(&out)["clock"].is_null());
}

#[test]
fn the_page_is_taught_each_game_once_and_the_server_writes_its_pgn() {
    let (mut s, _events) = session();
    let catalog = s.catalog();
    let ids: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids[..5],
        [
            "chess",
            "magician",
            "vanguard",
            "advancedwizard",
            "parallelworlds"
        ]
    );
    // Fairy-Stockfish's games Arcana has as built-in parents follow.
    for parent in ["capablanca", "crazyhouse", "shogi"] {
        assert!(ids.contains(&parent), "{ids:?}");
    }
    // No variant: the catalogue's first game; its spec comes before its state.
    let out = send(&mut s, json!({"t": "new", "mode": "human"}));
    let kinds: Vec<&str> = out.iter().map(|m| m["t"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["spec", "state"]);
    assert_eq!(out[0]["id"], "chess");
    assert_eq!(out[0]["pieces"][0]["glyph"], "\u{265A}");
    // The same game again: no spec.
    let out = send(&mut s, json!({"t": "ply", "token": "e2e4"}));
    assert!(out.iter().all(|m| m["t"] != "spec"), "{out:?}");
    let out = send(&mut s, json!({"t": "new", "variant": "AdvancedWizard"}));
    let spec = &out[0];
    assert_eq!(spec["t"], "spec");
    assert_eq!(spec["boards"][1], json!({"prefix": "S", "title": "Sky"}));
    assert_eq!(spec["numbering"], "b");
    assert_eq!(spec["marks"]["~"], "promoted: does not promote again");
    assert_eq!(spec["rules"], "rules/advancedwizard");
    assert!(spec["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "Pegasus" && p["shape"].is_u64()));
    send(&mut s, json!({"t": "settings", "mode": "human"}));
    for token in ["Ec8Ec6", "Ea1Sb2"] {
        send(&mut s, json!({"t": "move", "text": token}));
    }
    let out = send(&mut s, json!({"t": "pgn"}));
    let pgn = out[0]["text"].as_str().unwrap();
    assert!(pgn.contains("[Variant \"advancedwizard\"]"), "{pgn}");
    assert!(
        pgn.trim_end().ends_with("1... WEc8-Ec6 1. DEa1-Sb2 *"),
        "{pgn}"
    );
    let history = &last_state(&out)["history"];
    assert_eq!(history[0]["number"], "1...");
    assert_eq!(history[1]["number"], "1.");
}

/// A game defined in a `variants.ini` text joins the menu and plays as a
/// built-in one: its board, its legend diagrams, moves, the engine; errors
/// come back with their lines and leave the game as it was.
#[test]
fn a_game_written_in_a_definition_joins_the_menu_and_plays() {
    let (mut s, mut events) = session();
    let bad = "[broken]\nking = k\ncustomPiece1 = a:Xz\nstartFen = k7/8/8/8/8/8/8/K7 w - - 0 1\n";
    let out = send(
        &mut s,
        json!({"t": "variants", "text": bad, "name": "mine.ini"}),
    );
    assert_eq!(out[0]["t"], "error", "{out:?}");
    assert!(
        out[0]["message"].as_str().unwrap().contains("mine.ini:3: "),
        "{out:?}"
    );

    // A text with a section that loads and one that does not: the one
    // loads, the other is said with its line and the summary.
    let mixed =
        format!("{bad}\n[fine]\nking = k\nrook = r\nstartFen = k7/8/8/8/8/8/8/KR6 w - - 0 1\n");
    let out = send(
        &mut s,
        json!({"t": "variants", "text": mixed, "name": "mine.ini"}),
    );
    let loaded = out.iter().find(|m| m["t"] == "loaded").expect("loaded");
    assert_eq!(loaded["games"], json!(["fine"]), "{loaded}");
    assert!(
        loaded["errors"][0]
            .as_str()
            .unwrap()
            .starts_with("mine.ini:3: [broken]"),
        "{loaded}"
    );
    assert_eq!(
        loaded["summary"], "1 of 2 games load; 1 fail: other errors 1",
        "{loaded}"
    );

    let text = include_str!("../../../docs/variants/examples.ini");
    let out = send(&mut s, json!({"t": "variants", "text": text}));
    let catalog = out
        .iter()
        .find(|m| m["t"] == "catalog")
        .expect("a catalogue");
    let ids: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"chess") && ids.contains(&"crossboard"),
        "{ids:?}"
    );
    let loaded = out.iter().find(|m| m["t"] == "loaded").unwrap();
    assert_eq!(loaded["games"][0], "archers");
    // The first game loaded starts: 64 squares, 32 pieces, its spec taught.
    let spec = out.iter().find(|m| m["t"] == "spec").expect("a spec");
    // The archer (BD) is named as the well-known piece it moves as.
    assert!(spec.to_string().contains("\"name\":\"Bede\""), "{spec}");
    let state = last_state(&out);
    assert_eq!(state["variant"], "archers");

    // The archer's legend diagram: a bishop's rays and the dabbaba's leaps.
    let out = send(&mut s, json!({"t": "piece", "letter": "a"}));
    let d = out.iter().find(|m| m["t"] == "diagram").expect("a diagram");
    assert!(d["first"].as_array().unwrap().len() >= 11, "{d}");

    // The holed board: its 16 holes drawn as holes; a knight's move and
    // the engine's answer.
    let out = send(
        &mut s,
        json!({"t": "new", "variant": "crossboard", "mode": "play"}),
    );
    let state = last_state(&out);
    let holes = state["position"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["hole"] == true)
        .count();
    assert_eq!(holes, 16, "{state}");
    let out = send(&mut s, json!({"t": "move", "text": "d1c3"}));
    assert_eq!(
        last_state(&out)["history"].as_array().unwrap().len(),
        1,
        "{out:?}"
    );
    let out = engine_reply(&mut s, &mut events);
    assert_eq!(
        last_state(&out)["history"].as_array().unwrap().len(),
        2,
        "{out:?}"
    );
}
