//! Orthodox chess against data: perft suites (standard positions, a
//! 128-position suite and a Chess960 suite, counts from Stockfish), SAN from
//! python-chess, and FEN round trips over every suite position.

use perft::epd::{self, Check, EpdEntry};
use variants::chess::{legal_moves, Chess};
use variants::prelude::*;
use variants::MoveList;

fn load(name: &str) -> Vec<EpdEntry> {
    let path = format!("{}/perft/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    epd::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn assert_all_pass(checks: &[Check], at_least: usize) {
    let failures: Vec<&Check> = checks.iter().filter(|c| !c.passed()).collect();
    assert!(failures.is_empty(), "perft mismatches: {failures:#?}");
    assert!(checks.len() >= at_least, "only {} checks ran", checks.len());
}

/// Entries trimmed to the depths whose expected count fits a node budget.
fn within_budget(entries: &[EpdEntry], budget: u64) -> Vec<EpdEntry> {
    entries
        .iter()
        .map(|e| EpdEntry {
            expected: e
                .expected
                .iter()
                .copied()
                .filter(|&(_, n)| n <= budget)
                .collect(),
            ..e.clone()
        })
        .collect()
}

#[test]
fn standard_positions() {
    let entries = load("chess-standard.epd");
    assert_eq!(entries.len(), 7);
    let checks = epd::check(&Chess, &within_budget(&entries, 20_000_000), u32::MAX);
    // Every position reaches depth 4 at least within the budget.
    assert_all_pass(&checks, 7 * 4);
}

#[test]
#[ignore = "about 23 billion nodes: run by hand with --ignored (about 20 s on 2 cores)"]
fn standard_positions_full_depth() {
    let checks = epd::check(&Chess, &load("chess-standard.epd"), u32::MAX);
    assert_all_pass(&checks, 44);
}

#[test]
fn random_position_suite() {
    let entries = load("chess-suite.epd");
    assert!(entries.len() >= 100);
    assert_all_pass(&epd::check(&Chess, &entries, 4), entries.len() * 4);
}

#[test]
fn chess960_suite() {
    let entries = load("chess960-suite.epd");
    assert!(entries.len() >= 30);
    assert_all_pass(&epd::check(&Chess, &entries, 4), entries.len() * 4);
}

#[test]
fn suite_fens_round_trip() {
    for name in [
        "chess-standard.epd",
        "chess-suite.epd",
        "chess960-suite.epd",
    ] {
        for e in load(name) {
            let pos = Chess
                .read_fen(&e.fen)
                .unwrap_or_else(|err| panic!("{}: {err}", e.fen));
            let printed = Chess::to_fen(&pos);
            let again = Chess::to_fen(&Chess.read_fen(&printed).unwrap());
            assert_eq!(printed, again);
            // The suites use X-FEN and only legal en passant squares, which
            // is what the engine prints.
            assert_eq!(printed, e.fen, "{name} line {}", e.line);
        }
    }
}

#[test]
fn san_matches_python_chess_and_round_trips() {
    let path = format!("{}/perft/data/chess-san.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (fen, pairs) = line.split_once(" | ").expect("fen | pairs");
        let pos = Chess.read_fen(fen).unwrap();
        let mut list = MoveList::new();
        legal_moves(&pos, &mut list);
        let mut ours: Vec<String> = list
            .iter()
            .map(|&m| {
                let token = Chess::turn_to_token(&pos, &[m]);
                let san = Chess::turn_to_san(&pos, &[m]);
                assert_eq!(
                    Chess::parse_san(&pos, &san).unwrap(),
                    vec![m],
                    "{fen}: {san}"
                );
                assert_eq!(
                    Chess::parse_turn(&pos, &token).unwrap(),
                    vec![m],
                    "{fen}: {token}"
                );
                format!("{token}={san}")
            })
            .collect();
        ours.sort();
        let theirs: Vec<String> = pairs.split(' ').map(String::from).collect();
        assert_eq!(ours, theirs, "{fen}");
        checked += ours.len();
    }
    assert!(checked > 3000, "only {checked} moves checked");
}
