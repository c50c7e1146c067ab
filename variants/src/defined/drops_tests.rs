//! Pockets and drops: hands in the FEN, captures to hand, promoted pieces
//! going back as pawns, drop tokens and SAN, the hash kept move by move.

use super::tests::game;
use super::*;
use crate::Rules;

const GAMES: &str = "[zh:crazyhouse]\n[lp:loop]\n[pk:pocketknight]\n";

fn play(pos: &Position, tokens: &[&str]) -> Position {
    tokens.iter().fold(pos.clone(), |p, t| {
        let m = Defined::parse_ply(&p, t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
        let child = movegen::make(&p, m);
        // The hash kept move by move is the one the FEN gives.
        let again = Position::from_fen(child.def, &child.to_fen()).unwrap();
        assert_eq!(child.hash, again.hash, "{t} at {}", p.to_fen());
        assert_eq!(child.material, again.material, "{t} at {}", p.to_fen());
        child
    })
}

#[test]
fn hands_read_and_write_in_fairy_stockfish_order() {
    let g = game(GAMES, "zh");
    let fen = "r1b1k2r/ppp2Q~pp/2n5/3q4/8/8/PPP2PPP/R3K2R[QNNPbbp] b KQkq - 0 1";
    let pos = g.read_fen(fen).unwrap();
    assert_eq!(pos.to_fen(), fen);
    assert_eq!(pos.in_hand(0, g.0.type_of('N').unwrap()), 2);
    // Letters in any order read; the FEN writes each side's from the
    // last type to the first, White's first.
    let shuffled = g
        .read_fen("r1b1k2r/ppp2Q~pp/2n5/3q4/8/8/PPP2PPP/R3K2R[bNpQbNP] b KQkq - 0 1")
        .unwrap();
    assert_eq!(shuffled.to_fen(), fen);
    assert_eq!(shuffled.hash, pos.hash);
    // The start writes its empty hands.
    assert!(g.start().to_fen().contains("RNBQKBNR[] w"));
}

#[test]
fn bad_hands_are_refused_with_the_reason() {
    let g = game(GAMES, "zh");
    let err = |fen: &str| g.read_fen(fen).unwrap_err().to_string();
    assert!(err("8/8/8/4k3/8/8/8/4K3[X] w - - 0 1").contains("'X' in the hands"));
    assert!(err("8/8/8/4k3/8/8/8/4K3[Q w - - 0 1").contains("must end with ']'"));
    let chess = game("[c:chess]\n", "c");
    let no = chess
        .read_fen("8/8/8/4k3/8/8/8/4K3[Q] w - - 0 1")
        .unwrap_err();
    assert!(no.to_string().contains("no pockets"), "{no}");
    // Empty hands read anywhere, as Fairy-Stockfish reads them.
    assert!(chess.read_fen("8/8/8/4k3/8/8/8/4K3[] w - - 0 1").is_ok());
}

#[test]
fn captures_go_to_hand_and_promoted_pieces_go_back_as_pawns() {
    let fen = "4k3/1P6/8/8/8/8/7K/1r6[] w - - 0 1";
    let zh = game(GAMES, "zh");
    // b7b8q: the new queen is promoted (`~`); taken, it is a pawn in hand.
    let pos = play(&zh.read_fen(fen).unwrap(), &["b7b8q"]);
    assert_eq!(pos.to_fen(), "1Q~2k3/8/8/8/8/8/7K/1r6[] b - - 0 1");
    let pos = play(&pos, &["b1b8"]);
    assert_eq!(pos.to_fen(), "1r2k3/8/8/8/8/8/7K/8[p] w - - 0 2");
    // In loop chess a promoted piece stays what it became (and no `~`).
    let lp = game(GAMES, "lp");
    let pos = play(&lp.read_fen(fen).unwrap(), &["b7b8q"]);
    assert_eq!(pos.to_fen(), "1Q2k3/8/8/8/8/8/7K/1r6[] b - - 0 1");
    let pos = play(&pos, &["b1b8"]);
    assert_eq!(pos.to_fen(), "1r2k3/8/8/8/8/8/7K/8[q] w - - 0 2");
    // A plain capture puts the piece taken in the capturer's hand.
    let pos = play(&zh.start(), &["e2e4", "d7d5", "e4d5", "d8d5"]);
    assert_eq!(
        pos.to_fen(),
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"
    );
}

#[test]
fn drops_are_written_and_read_as_fairy_stockfish_writes_them() {
    let zh = game(GAMES, "zh");
    let pos = zh.read_fen("4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1").unwrap();
    let m = Defined::parse_ply(&pos, "N@f6").unwrap();
    assert!(m.is_drop());
    assert_eq!(Defined::ply_to_token(&pos, m), "N@f6");
    assert_eq!(Defined::ply_to_san(&pos, m), "N@f6+");
    // A lower-case letter reads too; a piece not in hand does not drop.
    assert_eq!(Defined::parse_ply(&pos, "n@f6").unwrap(), m);
    assert!(Defined::parse_ply(&pos, "Q@d4").is_err());
    assert!(Defined::parse_ply(&pos, "f6f6").is_err());
    // Pawns are not dropped on the first and last ranks.
    let p = zh.read_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    let mut list = MoveList::new();
    Defined::generate(&p, &mut list);
    let drops = list.iter().filter(|m| m.is_drop()).count();
    assert_eq!(drops, 48);
    // Dropped, a piece resets the move-count clock and leaves the hand.
    let after = play(
        &zh.read_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 7 9").unwrap(),
        &["N@c3"],
    );
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/2N5/8/4K3[] b - - 0 9");
}

#[test]
fn a_drop_in_check_must_block() {
    let zh = game(GAMES, "zh");
    // The rook on a1 checks along the first rank: a drop on b1, c1 or d1
    // blocks; no other drop is legal.
    let pos = zh.read_fen("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1").unwrap();
    let mut list = MoveList::new();
    Defined::generate(&pos, &mut list);
    let mut drops: Vec<String> = list
        .iter()
        .filter(|m| m.is_drop())
        .map(|&m| Defined::ply_to_token(&pos, m))
        .collect();
    drops.sort();
    assert_eq!(drops, ["N@b1", "N@c1", "N@d1"]);
    // Against a knight's check, no drop helps.
    let pos = zh.read_fen("4k3/8/8/8/8/3n4/8/4K3[N] w - - 0 1").unwrap();
    let mut list = MoveList::new();
    Defined::generate(&pos, &mut list);
    assert!(list.iter().all(|m| !m.is_drop()));
}

#[test]
fn pocket_knight_drops_without_taking_captures_to_hand() {
    let pk = game(GAMES, "pk");
    let pos = play(&pk.start(), &["N@e5", "e7e6", "e5d7", "c8d7"]);
    assert_eq!(
        pos.to_fen(),
        "rn1qkbnr/pppb1ppp/4p3/8/8/8/PPPPPPPP/RNBQKBNR[n] w KQkq - 0 3"
    );
}

fn tokens(pos: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    Defined::generate(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| Defined::ply_to_token(pos, m))
        .collect();
    out.sort();
    out
}

#[test]
fn placement_drops_first_and_castles_with_the_pieces_it_dropped() {
    let pl = game("[pl:placement]\n", "pl");
    // Pieces in hand must be dropped, on the first rank, before a pawn
    // moves.
    let start = pl.start();
    let moves = tokens(&start);
    assert!(moves.iter().all(|t| t.contains('@') && t.ends_with('1')));
    assert_eq!(moves.len(), 5 * 8);
    // The king and a rook dropped on their squares castle.
    let pos = play(&start, &["K@e1", "K@e8", "R@h1", "R@a8", "R@a1"]);
    assert!(pos.to_fen().contains(" b KQq - "), "{}", pos.to_fen());
    // A rook off its corner gains nothing.
    let pos = play(&start, &["R@g1", "K@e8", "K@e1"]);
    assert!(pos.to_fen().contains(" b - - "), "{}", pos.to_fen());
    // With a bishop on a dark square, the other goes to a light one.
    let pos = play(&start, &["B@c1", "K@e8"]);
    let bishops: Vec<String> = tokens(&pos)
        .into_iter()
        .filter(|t| t.starts_with("B@"))
        .collect();
    assert_eq!(bishops, ["B@b1", "B@d1", "B@f1", "B@h1"]);
    // Once the hand is empty, pieces move.
    let mut pos = start;
    let white = [
        "R@a1", "N@b1", "B@c1", "Q@d1", "K@e1", "B@f1", "N@g1", "R@h1",
    ];
    let black = [
        "R@a8", "N@b8", "B@c8", "Q@d8", "K@e8", "B@f8", "N@g8", "R@h8",
    ];
    for (w, b) in white.iter().zip(black) {
        pos = play(&pos, &[w, b]);
    }
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 9"
    );
    assert_eq!(tokens(&pos).len(), 20);
}

#[test]
fn seirawan_gates_pieces_from_the_hand_on_the_squares_pieces_leave() {
    let sc = game("[sc:seirawan]\n", "sc");
    let start = sc.start();
    let moves = tokens(&start);
    // Each first-rank knight move also gates either piece in hand.
    for t in ["b1c3", "b1c3e", "b1c3h", "g1f3e", "g1h3h"] {
        assert!(moves.contains(&t.to_string()), "{t}: {moves:?}");
    }
    assert_eq!(moves.len(), 28);
    let pos = play(&start, &["b1c3h"]);
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"
    );
    assert_eq!(
        Defined::ply_to_san(&start, Defined::parse_ply(&start, "b1c3h").unwrap()),
        "Nc3/H"
    );
    // Castling gates on the king's square (e1g1e) or on the rook's,
    // written from the rook to the king (h1e1e).
    let pos = play(&start, &["g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7"]);
    let castlings: Vec<String> = tokens(&pos)
        .into_iter()
        .filter(|t| t.starts_with("e1g1") || t.starts_with("h1e1"))
        .collect();
    assert_eq!(castlings, ["e1g1", "e1g1e", "e1g1h", "h1e1e", "h1e1h"]);
    let m = Defined::parse_ply(&pos, "h1e1h").unwrap();
    assert_eq!(Defined::ply_to_san(&pos, m), "O-O/Hh1");
    let after = play(&pos, &["h1e1h"]);
    assert!(
        after
            .to_fen()
            .starts_with("rnbqk2r/ppppppbp/5np1/8/8/5NP1/PPPPPPBP/RNBQ1RKH[Eeh] b ABCDkqbcd "),
        "{}",
        after.to_fen()
    );
    // The last piece in hand gated closes the side's gates.
    let after = play(&after, &["e8g8e", "b1c3e"]);
    assert!(after.to_fen().contains("[h] b abcd "), "{}", after.to_fen());
    // White gates no more; Black still may.
    assert!(tokens(&after).iter().any(|t| t.ends_with('h')));
    let after = play(&after, &["b8c6"]);
    assert!(
        tokens(&after).iter().all(|t| t.len() == 4),
        "{:?}",
        tokens(&after)
    );
}

#[test]
fn othello_drops_enclose_and_flip_and_a_side_without_one_passes() {
    use crate::{Rules, Side, WinReason};
    let fl = game("[fl:flipello]\n", "fl");
    let start = fl.start();
    assert_eq!(tokens(&start), ["P@c5", "P@d6", "P@e3", "P@f4"]);
    // e3 closes the line e3-e4-e5: e4 turns white.
    let pos = play(&start, &["P@e3"]);
    assert!(
        pos.to_fen().starts_with("8/8/8/3pP3/3PP3/4P3/8/8["),
        "{}",
        pos.to_fen()
    );
    // Nothing to enclose: the only move is the pass, written from the
    // side's first piece (a1a1); two passes end the game, counted.
    let fen =
        "pppppppp/ppppppp1/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/Pppppppp[PPPPp] w - - 0 31";
    let pos = fl.read_fen(fen).unwrap();
    assert_eq!(tokens(&pos), ["a1a1"]);
    // XBoard's pass reads as the pass, and is written so.
    let pass = Defined::parse_ply(&pos, "@@@@").unwrap();
    assert_eq!(Defined::ply_to_token(&pos, pass), "a1a1");
    assert_eq!(Defined::ply_to_xboard(&pos, pass), "@@@@");
    let pos = play(&pos, &["a1a1"]);
    assert_eq!(Defined::rule_outcome(&pos), None);
    let pos = play(&pos, &["b1b1"]);
    assert_eq!(
        Defined::rule_outcome(&pos),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Material
        })
    );
}

const SHOGI: &str = "[sh:shogi]\n[ms:minishogi]\n";

#[test]
fn shogi_promotions_are_written_with_a_plus_and_go_back_to_hand_unpromoted() {
    let sh = game(SHOGI, "sh");
    // A silver promotes entering the zone: `+`, or stays (no `+`).
    let pos = sh.read_fen("4k4/9/9/2S6/9/9/9/9/4K4[] w - - 0 1").unwrap();
    let promote = Defined::parse_ply(&pos, "c6c7+").unwrap();
    assert_eq!(promote.kind(), position::Kind::PiecePromotion);
    assert!(Defined::parse_ply(&pos, "c6c7").is_ok());
    let after = play(&pos, &["c6c7+"]);
    assert_eq!(after.to_fen(), "4k4/9/2+S6/9/9/9/9/9/4K4[] b - - 0 1");
    assert_eq!(Defined::ply_to_token(&pos, promote), "c6c7+");
    // `+S` reads back as a gold that came from a silver.
    let again = sh.read_fen(&after.to_fen()).unwrap();
    assert_eq!(again.hash, after.hash);
    let gold = sh.0.type_of('G').unwrap();
    let s = again.def.square(2, 6).unwrap();
    assert_eq!(again.piece(s), Some((0, gold)));
    assert_eq!(again.origin(s), Some(sh.0.type_of('S').unwrap()));
    // Taken, it goes to hand as a silver.
    let taken = play(
        &sh.read_fen("4k4/9/2+S6/9/9/2r6/9/9/4K4[] b - - 0 1")
            .unwrap(),
        &["c4c7"],
    );
    assert!(taken.to_fen().contains("[s]"), "{}", taken.to_fen());
    // A letter that does not promote cannot carry a `+`.
    assert!(sh.read_fen("4k4/9/2+G6/9/9/9/9/9/4K4[] w - - 0 1").is_err());
}

#[test]
fn mating_by_a_pawn_drop_loses_in_shogi() {
    let sh = game(SHOGI, "sh");
    let pos = sh
        .read_fen("3lkl3/9/3G1G3/9/9/9/9/9/K8[P] w - - 0 1")
        .unwrap();
    let mated = play(&pos, &["P@e8"]);
    assert_eq!(
        Defined::rule_outcome(&mated),
        Some(crate::Outcome::Win {
            winner: crate::Side::Black,
            reason: crate::WinReason::Checkmate
        })
    );
    // The same mate by a pawn that moved there stands.
    let pos = sh
        .read_fen("3lkl3/9/3GPG3/9/9/9/9/9/K8[] w - - 0 1")
        .unwrap();
    let mated = play(&pos, &["e7e8"]);
    assert!(matches!(
        Defined::rule_outcome(&mated),
        Some(crate::Outcome::Win {
            winner: crate::Side::White,
            ..
        })
    ));
}

/// In every drop parent, random play keeps nothing a FEN does not say: the
/// position read back from its FEN has the same hash, material and moves,
/// and every move's token reads back as that move.
#[test]
fn drop_games_keep_nothing_their_fen_does_not_say() {
    let parents: Vec<Defined> = super::builtin::drop_parents().map(Defined).collect();
    assert!(parents.len() >= 17, "the drop parents: {}", parents.len());
    let tokens = |p: &Position| -> Vec<String> {
        let mut list = MoveList::new();
        Defined::generate(p, &mut list);
        let mut v: Vec<String> = list.iter().map(|&m| Defined::ply_to_token(p, m)).collect();
        v.sort();
        v
    };
    let mut seed = 0x2026_1128_u64;
    for g in parents {
        let name = &g.0.spec.id;
        let mut pos = g.start();
        for ply in 0..1500 {
            let again = g.read_fen(&pos.to_fen()).unwrap();
            assert_eq!(pos.hash, again.hash, "{name} ply {ply}: {}", pos.to_fen());
            assert_eq!(pos.material, again.material, "{name} {}", pos.to_fen());
            assert_eq!(tokens(&pos), tokens(&again), "{name} {}", pos.to_fen());
            let mut list = MoveList::new();
            Defined::generate(&pos, &mut list);
            if list.is_empty() {
                pos = g.start();
                continue;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = list[(seed >> 33) as usize % list.len()];
            let token = Defined::ply_to_token(&pos, m);
            assert_eq!(Defined::parse_ply(&pos, &token).unwrap(), m, "{token}");
            pos = movegen::make(&pos, m);
        }
    }
}
