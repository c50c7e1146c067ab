//! The handles on their own: the game's life (positions, turns entered ply
//! by ply, history and its numbers, boards at earlier turns) and the
//! search's (found turns in every notation, typed reports, ends).

use super::*;
use engine::{Limits, Score};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use variants::{Registry, Side};

fn open_game(name: &str, fen: Option<&str>) -> Box<dyn GameHandle> {
    open(&Registry::builtin(), name, fen).unwrap()
}

#[test]
fn a_game_plays_takes_back_and_reports_its_history() {
    let mut g = open_game("Standard", None);
    assert_eq!(g.spec().id, "chess");
    let turn = g.play("e4").unwrap();
    assert_eq!((turn.token.as_str(), turn.san.as_str()), ("e2e4", "e4"));
    g.play("e7e5").unwrap();
    assert!(g.play("e2e4").unwrap_err().is_illegal());
    let history = g.history();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0].number.as_deref(), Some("1."));
    assert_eq!(history[1].number, None);
    assert_eq!(history[1].side, Side::Black);
    assert_eq!(history[1].fen, g.fen());
    let start = g.board(Some(0)).unwrap();
    assert_eq!(start.fen, g.start_fen());
    assert_eq!(start.cells.len(), 32);
    assert!(g.board(Some(3)).is_none());
    assert!(g.undo());
    assert_eq!(g.turns_played(), 1);
    g.truncate(0);
    assert_eq!(g.fen(), g.spec().start_fen);
    assert!(open(&Registry::builtin(), "checkers", None).is_err());
    assert!(open(&Registry::builtin(), "chess", Some("not a fen")).is_err());
}

#[test]
fn a_turn_entered_ply_by_ply_commits_when_the_side_changes() {
    let mut g = open_game("parallelworlds", None);
    g.play_ply("1e21e4").unwrap();
    assert!(g.inside_turn());
    assert_eq!(g.pending(), ["1e21e4"]);
    assert_eq!(g.turns_played(), 0);
    assert!(
        g.play("3e23e4").is_err(),
        "a whole turn waits for the one under way"
    );
    // White's first turn has two sub-moves: the second ends it.
    g.play_ply("3e23e4").unwrap();
    assert!(!g.inside_turn());
    assert_eq!(g.turns_played(), 1);
    assert_eq!(g.history()[0].turn.token, "1e21e4,3e23e4");
    assert_eq!(g.side_to_move(), Side::Black);
    assert!(g.play_ply("zz").is_err());
    g.play_ply("1e71e5").unwrap();
    assert!(g.undo(), "takes back the ply under way");
    assert!(!g.inside_turn());
    assert_eq!(g.turns_played(), 1);
}

#[test]
fn uci_positions_continue_and_errors_keep_the_game() {
    let mut g = open_game("chess", None);
    g.set_position(None, &["e2e4", "e7e5"]).unwrap();
    g.set_position(None, &["e2e4", "e7e5", "g1f3"]).unwrap();
    assert_eq!(g.turns_played(), 3);
    let before = g.fen();
    let err = g.set_position(None, &["e2e4", "e2e4"]).unwrap_err();
    assert!(err.starts_with("illegal move 'e2e4'"), "{err}");
    assert_eq!(g.fen(), before);
    // Chess960 notation applies to the game's start and stays.
    g.set_chess960(true);
    g.set_position(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &[])
        .unwrap();
    assert_eq!(g.play("e1h1").unwrap().xboard, "O-O");
}

#[test]
fn advanced_wizard_numbers_black_first() {
    let mut g = open_game("advancedwizard", None);
    for t in ["Ea9Sb8", "Ea1Sb2", "Sb8Ea9"] {
        g.play(t).unwrap();
    }
    let numbers: Vec<Option<String>> = g.history().into_iter().map(|p| p.number).collect();
    assert_eq!(
        numbers,
        [
            Some("1...".to_string()),
            Some("1.".into()),
            Some("2...".into())
        ]
    );
}

#[test]
fn a_search_finds_a_mate_and_reports_typed_lines() {
    let mut g = open_game("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    let mut search = SearchHandle::new(1);
    let reports = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&reports);
    let (tx, rx) = channel();
    let order = SearchOrder {
        limits: Limits {
            depth: Some(3),
            ..Limits::default()
        },
        ..SearchOrder::default()
    };
    let id = search
        .search(
            g.as_mut(),
            &order,
            Box::new(move |id, r| kept.lock().unwrap().push((id, r))),
            Box::new(move |id| tx.send(id).unwrap()),
        )
        .unwrap();
    assert_eq!(rx.recv_timeout(Duration::from_secs(30)), Ok(id));
    assert_eq!(search.end(End::Done(id + 1)), None, "another search's end");
    let found = search.end(End::Done(id)).unwrap();
    let best = found.best.unwrap();
    assert_eq!((best.token.as_str(), best.san.as_str()), ("a1a8", "Ra8#"));
    let reports = reports.lock().unwrap();
    let (rid, last) = reports.last().unwrap();
    assert_eq!(*rid, id);
    assert_eq!(last.score, Score::Mate(1));
    assert_eq!(last.score_for_white(), Score::Mate(1));
    assert_eq!(last.line[0].san, "Ra8#");
    assert_eq!(search.running(), None);
}

#[test]
fn an_infinite_search_waits_for_stop_and_a_ponder_search_remembers_its_turn() {
    let mut g = open_game("chess", None);
    let mut search = SearchHandle::new(1);
    let order = SearchOrder {
        limits: Limits {
            infinite: true,
            ..Limits::default()
        },
        after: Some("e2e4".into()),
        ..SearchOrder::default()
    };
    let id = search
        .search(g.as_mut(), &order, Box::new(|_, _| {}), Box::new(|_| {}))
        .unwrap();
    assert_eq!(search.running(), Some(id));
    assert!(g.ponder_matches("e4"));
    assert!(!g.ponder_matches("d4"));
    std::thread::sleep(Duration::from_millis(50));
    // Finish stops an unbounded search; its move is Black's, after e4.
    let found = search.end(End::Finish).unwrap();
    let best = found.best.unwrap().token;
    assert!(best.ends_with('6') || best.ends_with('5'), "{best}");
    assert!(search.end(End::Stop).is_none(), "nothing runs");
}

#[test]
fn perft_and_bench_run_as_batch_jobs() {
    let g = open_game("magician", None);
    let divide = g.prepare_perft(2, 1)(&std::sync::atomic::AtomicBool::new(false)).unwrap();
    assert_eq!(divide.nodes, 192);
    let mut search = SearchHandle::new(1);
    let (tx, rx) = channel();
    let counted = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&counted);
    let job = g.prepare_bench(2, 1, 1, Box::new(move |_, _, _| *seen.lock().unwrap() += 1));
    let id = search
        .batch(
            move |stop| {
                assert!(job(stop).is_some());
            },
            Box::new(move |id| tx.send(id).unwrap()),
        )
        .unwrap();
    assert!(search.batch_running());
    assert_eq!(rx.recv_timeout(Duration::from_secs(30)), Ok(id));
    assert_eq!(
        search.end(End::Done(id)),
        None,
        "a batch job reports its own"
    );
    assert_eq!(*counted.lock().unwrap(), g.spec().bench_fens.len());
}
