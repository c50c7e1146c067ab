//! Walls put by moves: the built-in walling games count as
//! Fairy-Stockfish counts them, moves are written and read in its forms,
//! and definitions that cannot have walls are refused.

use super::tests::{game, perft};
use super::*;
use crate::{GamePosition, Rules};

fn parent(name: &str) -> Defined {
    game(&format!("[my{name}:{name}]\n"), &format!("my{name}"))
}

/// Fairy-Stockfish's counts from the start (pyffish, 2026-11-29).
#[test]
fn walling_games_count_as_fairy_stockfish_counts_them() {
    let cases: &[(&str, u64, u64)] = &[
        ("duck", 640, 379_440),
        ("isolation", 225, 47_300),
        ("snailtrail", 3, 9),
        ("joust", 8, 62),
        ("amazons", 2176, 4_307_152),
    ];
    for &(name, one, two) in cases {
        let g = parent(name);
        let start = g.start();
        assert_eq!(perft(&start, 1), one, "{name}");
        assert_eq!(perft(&start, 2), two, "{name}");
    }
}

#[test]
fn the_duck_moves_on_and_is_written_as_fairy_stockfish_writes_it() {
    let g = parent("duck");
    // The commoner that castles as the king is drawn as one.
    let k = g.0.type_of('k').unwrap();
    assert_eq!(g.0.spec.pieces[k].figure, crate::spec::Figure::King);
    let start = g.start();
    let m = Defined::parse_ply(&start, "e2e4,e4e5").unwrap();
    assert_eq!(Defined::ply_to_san(&start, m), "e4,e5");
    let after = Defined::make(&start, m);
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // The same position read from its FEN hashes the same (the duck is in
    // both hashes), so repetitions are found either way.
    assert_eq!(g.read_fen(&after.to_fen()).unwrap().hash(), after.hash());
    // The duck must move: no move leaves it on e5, and it is lifted
    // from e5 when it goes elsewhere.
    let e5 = Defined::parse_ply(&after, "d7d5,d5e5");
    assert!(e5.is_err(), "{e5:?}");
    let d6 = Defined::parse_ply(&after, "d7d5,d5d6").unwrap();
    let fen = Defined::make(&after, d6).to_fen();
    assert!(fen.starts_with("rnbqkbnr/ppp1pppp/3*4/3p4/4P3/"), "{fen}");
    // A move without its wall is refused with what to write.
    let bare = Defined::parse_ply(&start, "e2e4").unwrap_err();
    assert!(format!("{bare:?}").contains("comma"), "{bare:?}");
    // A promotion: UCI puts the letter first, XBoard the wall first.
    let pos = g.read_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let q = Defined::parse_ply(&pos, "b7b8q,b8a1").unwrap();
    assert_eq!(Defined::ply_to_xboard(&pos, q), "b7b8,b8a1q");
    assert_eq!(Defined::parse_ply(&pos, "b7b8,b8a1q").unwrap(), q);
    assert_eq!(Defined::ply_to_san(&pos, q), "b8=Q,a1");
    assert_eq!(Defined::parse_ply_san(&pos, "b8=Q,a1").unwrap(), q);
}

#[test]
fn a_side_that_walls_or_moves_writes_both_as_fairy_stockfish_does() {
    let text = "[atlantis:chess]\nwallingRule = edge\nwallOrMove = true\n";
    let g = game(text, "atlantis");
    let start = g.start();
    // A move without a wall names a1 as its wall; plain is read too.
    let m = Defined::parse_ply(&start, "e2e4").unwrap();
    assert_eq!(Defined::ply_to_token(&start, m), "e2e4,e4a1");
    // Walling instead: a pass of the first piece, on the edge only.
    let wall = Defined::parse_ply(&start, "a1a1,a1d4");
    assert!(wall.is_err(), "{wall:?}");
    let wall = Defined::parse_ply(&start, "a1a1,a1a4").unwrap();
    let after = Defined::make(&start, wall);
    assert!(after.to_fen().starts_with("rnbqkbnr/pppppppp/8/8/*7/8/"));
    // Beside a wall is allowed next (Black walls from its first piece,
    // the pawn on a7).
    let reply = Defined::parse_ply(&after, "a7a7,a7b4");
    assert!(reply.is_ok(), "{reply:?}");
    // In check, no wall.
    let check = g.read_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    let mut list = MoveList::new();
    Defined::generate(&check, &mut list);
    assert!(list.iter().all(|m| m.kind() != position::Kind::Pass));
}

#[test]
fn walls_that_cannot_be_are_refused_with_the_reason() {
    let cases = [
        ("[x:crazyhouse]\nwallingRule = duck\n", "pieceDrops"),
        ("[x:seirawan]\nwallingRule = static\n", "gating"),
        (
            "[x:chess]\nwallingRule = wobble\n",
            "arrow, duck, edge, past, static or none",
        ),
    ];
    for (text, phrase) in cases {
        let loaded = load(text, "walls.ini");
        assert!(loaded.games.is_empty(), "{text}");
        let errors = format!("{:?}", loaded.errors);
        assert!(errors.contains(phrase), "{text}: {errors}");
    }
}

/// A duck game written as PGN (SAN with the duck's square after a comma)
/// reads back to the same moves.
#[test]
fn a_duck_game_goes_through_pgn() {
    let g = parent("duck");
    let mut game = crate::Game::new(g, g.start());
    for token in ["e2e4,e4e5", "d7d5,d5d4", "e4d5,d5c6", "d8d5,d5e4"] {
        let pos = game.position().clone();
        let ply = Defined::parse_ply(&pos, token).unwrap();
        game.play_plies(vec![ply]);
    }
    let text = crate::pgn::write(&game, &[], "*");
    assert!(text.contains("e4,e5") && text.contains("exd5,c6"), "{text}");
    let read = crate::pgn::read(&g, &text).unwrap();
    assert_eq!(read.game.position().to_fen(), game.position().to_fen());
}
