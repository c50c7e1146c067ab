//! Defined games: chess written as a file plays as chess.

use super::*;
use crate::Rules;

const CHESS: &str =
    "[mychess]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\npromotionPieceTypes = qrbn\n";

fn game(text: &str, name: &str) -> Defined {
    let (games, errors) = load(text, "test.ini");
    assert!(errors.is_empty(), "{errors:?}");
    Defined(
        games
            .into_iter()
            .find(|g| g.spec.id == name)
            .expect("the game"),
    )
}

fn perft(pos: &Position, depth: u32) -> u64 {
    let mut list = MoveList::new();
    Defined::generate(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&m| perft(&movegen::make(pos, m), depth - 1))
        .sum()
}

#[test]
fn chess_from_a_file_matches_the_perft_suite() {
    // Written out, and inherited from the built-in parent.
    for g in [game(CHESS, "mychess"), game("[c2:chess]\n", "c2")] {
        suite(g);
    }
}

/// A section without a parent promotes to nothing unless it says so (as
/// Fairy-Stockfish's empty template): the pawn cannot step to the last rank.
#[test]
fn a_game_without_a_parent_promotes_to_nothing_by_default() {
    let text = CHESS.replace("promotionPieceTypes = qrbn\n", "");
    let g = game(&text, "mychess");
    let pos = g.read_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(perft(&pos, 1), 5);
    let pos = game(CHESS, "mychess")
        .read_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
        .unwrap();
    assert_eq!(perft(&pos, 1), 9);
}

fn suite(g: Defined) {
    for (fen, counts) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[20u64, 400, 8902, 197281][..],
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[48, 2039, 97862],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            &[14, 191, 2812, 43238],
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            &[6, 264, 9467],
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            &[44, 1486, 62379],
        ),
    ] {
        let pos = g.read_fen(fen).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&pos, d as u32 + 1), n, "{fen} depth {}", d + 1);
        }
    }
}

/// A side has one royal king: a FEN with two is refused with a reason.
#[test]
fn a_fen_with_two_kings_of_a_side_is_refused() {
    let g = game(CHESS, "mychess");
    let e = g.read_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("more than one king"), "{e}");
    assert!(g.read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
}
