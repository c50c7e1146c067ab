//! Magician Chess rules against the spec: depth-1 move lists of the rule
//! positions, FEN examples, tokens, and the seed's sample game.

use super::*;
use crate::prelude::*;
use crate::{Game, MoveList, Outcome, Side, WinReason};

fn moves(fen: &str) -> Vec<String> {
    let pos = Magician.read_fen(fen).unwrap();
    let mut list = MoveList::new();
    Magician::generate(&pos, &mut list);
    let mut tokens: Vec<String> = list.iter().map(|&m| notation::to_token(m)).collect();
    tokens.sort();
    tokens
}

#[test]
fn depth_one_move_lists_of_the_spec() {
    for (name, fen, expected) in [
        ("magician-moves", "6k/*n5/3rp2/3MP1*/2P4/5*1/K6 w - - 0 1", "a1a2 a1b1 a1b2 c3c4 d4b2 d4c4 d4d3 d4f6 e4d5"),
        ("spell-targets", "6k/7/7/7/2**p2/*nMP3/6K w - - 0 1", "a2a1 a2a3 a2b2 a2b2x c2a4 c2c1 c2e4 d2e3 d3d2 d3d2x d3d4 d3e3 d3e3x g1f1 g1g2"),
        ("spell-range", "6k/2**3/3r*2/3M**1/7/1*5/K6 w - - 0 1", "a1a2 a1b1 d4b6 d4c4 d4d3 d4f2 d4f6 d6d5 d6d5x d6d7 d6e6 e5d5 e5d5x e5e6 e5f5 f4f3 f4f5 f4g4"),
        ("spell-check", "6k/3*3/1M4*/2*m3/*1*1M1*/2K4/7 w - - 0 1", "c2b1 c2b2 c2c1 c2d1 c2d2 c3b3 c3c2 c3d3 c4d4 c4d4x"),
        ("spell-own-king", "6k/7/*6/6*/3n3/2N*1M1/1m1K3 w - - 0 1", "c2a1 c2a3 c2b4 c2d4 c2e1 c2e3 d1e2 d2c2 d2c2x d2d3 d2d3x d2e2 f2d4 f2e2 f2f1 f2f3 f2g2"),
        ("spell-blocks-check", "r5k/7/7/1*5/2M1*2/7/K6 w - - 0 1", "a1b1 a1b2 b4a4 c3a5"),
        ("holes-block", "6k/2**3/r6/**1R1p1/*3*1*/1*P*PP1/KN4P w - - 0 1", "a1a2 b1c3 c2c3 c2c4 d4c4 d4d3 d4d5 d4e4 d4f4 f2f3 g1g2"),
        ("castling", "r1*k2r/7/7/7/7/3**1m/R2K2R w AGag - 0 1", "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1b1 a1c1 d1b1 d1c1 d1c2 g1e1 g1f1 g1g2"),
        ("en-passant", "6k/7/*5*/3*1p*/pPp4/7/4P1K b - b2 0 1", "a3a2 a3b2 c3b2 c3c2 f4f3 g7f6 g7f7 g7g6"),
        ("pawn-double-step", "p5k/1pp4/2*1p2/3*2*/1p*2P1/1*2P2/PPP3K w - - 0 1", "a1a2 a1a3 c1c2 e2e3 e2e4 f3f4 g1f1 g1f2 g1g2"),
        ("promotion", "1n1r2P/2P4/4k2/3*2*/7/4p2/p5K w - - 0 1", "c6b7c c6b7s c6b7w c6c7c c6c7s c6c7w c6d7c c6d7s c6d7w g1f2 g1g2"),
    ] {
        let expected: Vec<&str> = expected.split(' ').collect();
        assert_eq!(moves(fen), expected, "{name}");
    }
    // spell-discovered-check: 13 moves, a4b4 would open the a-file.
    let m = moves("r5k/7/7/*1M4/7/7/K6 w - - 0 1");
    assert_eq!(m.len(), 13);
    assert!(!m.contains(&"a4b4".to_string()));
}

#[test]
fn fen_examples_round_trip_and_bad_fens_are_rejected() {
    for fen in [
        Magician.spec().start_fen.as_str(),
        "rm1k2r/pppn*mp/*4n*/*1P1*p*/*NM3*/PPN*PPP/RM1K2R w AGag - 1 7",
        "rmnknmr/pp1*ppp/*5*/*Pp*2*/*5*/P1P*PPP/RMNKNMR w AGag c5 0 2",
        "7/p3*1p/*1k3*/*1p2P*/*1Pn1*1/PK*1*2/3rMR1 w - - 1 28",
    ] {
        let pos = Magician.read_fen(fen).unwrap();
        assert_eq!(Magician::to_fen(&pos), fen);
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    for (bad, why) in [
        (
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP w AGag - 0 1",
            "7 ranks",
        ),
        (
            "rmnknmr/ppp*pppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1",
            "more than 7",
        ),
        (
            "rmnknmr/ppp*pp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1",
            "has 6 squares",
        ),
        (
            "rmnqnmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1",
            "letter 'q'",
        ),
        (
            "rmn1nmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - 0 1",
            "Black has 0 kings",
        ),
        (
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR x AGag - 0 1",
            "side",
        ),
        (
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/1MNKNMR w AGag - 0 1",
            "castling right 'A'",
        ),
        (
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w KQkq - 0 1",
            "castling letter 'K'",
        ),
        (
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag e3 0 1",
            "en passant",
        ),
        (
            "rmnknmr/ppp*ppp/*5*/*2*2*/*5*/PPP*PPP/RMNKNMR w AGag - x 1",
            "halfmove",
        ),
        ("3k3/7/7/7/7/7/3RK2 w - - 0 1", "not to move is in check"),
    ] {
        let e = Magician.read_fen(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

const SAMPLE_SAN: &str = "1.c4 e4 2.Nb3 f4 3.Nc2 Nf5 4.Me1 Ne6 5.Mc3 Mf6 6.Hxe4 He6 7.Mbd3 Nxc4 \
8.0-0(b) b4 9.Me1 Md5 10.Hxf4 Ne5 11.Mdf1 c4 12.Nc5+ Kc6 13.Nxb4+ Kxc5 \
14.Nxd5 Kxd5 15.Rd1 Rgd7 16.Mc3 Nd4 17.Hc2 Kc5 18.Rd2 Nb5 19.Rxd7 Nxc3+ \
20.bxc3 Rxd7 21.f3 Rd1+ 22.Kb2 Hxf3 23.He3 Mf5 24.Me1 Mf4 25.Rf1 Hgf3 26.g3 \
Hxe2 27.gxf4 Nd3#";

const SAMPLE_TOKENS: &str = "c2c4 e6e4 c1b3 f6f4 e1c2 e7f5 f1e1 c7e6 e1c3 f7f6 d4e4x d6e6 b1d3 \
d6c4 d1b1 b6b4 c3e1 b7d5 e4f4x c4e5 d3f1 c6c4 b3c5 d7c6 c2b4 c6c5 b4d5 c5d5 \
c1d1 g7d7 e1c3 f5d4 d2c2 d5c5 d1d2 d4b5 d2d7 b5c3 b2c3 a7d7 f2f3 d7d1 b1b2 \
f4f3x f3e3 f6f5 f1e1 f5f4 g1f1 g3f3 g2g3 e3e2x g3f4 e5d3";

#[test]
fn the_seed_sample_game_replays_with_its_own_notation() {
    let sans: Vec<&str> = SAMPLE_SAN
        .split_whitespace()
        .map(|w| w.split_once('.').map(|(_, m)| m).unwrap_or(w))
        .collect();
    let tokens: Vec<&str> = SAMPLE_TOKENS.split_whitespace().collect();
    assert_eq!((sans.len(), tokens.len()), (54, 54));
    let mut game = Game::start(Magician);
    for (san, token) in sans.iter().zip(&tokens) {
        let pos = game.position().clone();
        let plies = Magician::parse_san(&pos, san).unwrap_or_else(|e| panic!("{san}: {e}"));
        // The engine's own SAN and token for the move equal the seed's.
        assert_eq!(Magician::turn_to_san(&pos, &plies), *san);
        assert_eq!(Magician::turn_to_token(&pos, &plies), *token);
        game.play_plies(plies);
    }
    assert_eq!(
        Magician::to_fen(game.position()),
        "7/p3*1p/*1k3*/*1p2P*/*1Pn1*1/PK*1*2/3rMR1 w - - 1 28"
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn tokens_are_checked() {
    let pos = Magician.start();
    for (token, illegal) in [
        ("d4e4", true),
        ("h1h2", false),
        ("a1a8", false),
        ("c2c4q", false),
        ("c2c", false),
        ("c2c5", true),
        ("d2e2x", true),
        ("b1c2", true),
    ] {
        let err = Magician::parse_turn(&pos, token).unwrap_err();
        assert_eq!(err.is_illegal(), illegal, "{token}: {err}");
    }
    assert!(Magician::parse_turn(&pos, "c2c4").is_ok());
    assert!(Magician::parse_san(&pos, "O-O(b)").is_err());
}

#[test]
fn the_sample_game_as_pgn_reads_and_writes() {
    let pgn_text = format!(
        "[Event \"Seed sample game\"]\n[Variant \"magician\"]\n[Result \"0-1\"]\n\n{SAMPLE_SAN} 0-1\n"
    );
    let read = crate::pgn::read(&Magician, &pgn_text).unwrap();
    assert_eq!(read.game.turns().len(), 54);
    assert_eq!(read.result, "0-1");
    let written = crate::pgn::write(&read.game, &[("Event", "Seed sample game")], "0-1");
    assert!(written.contains("[Variant \"magician\"]"));
    assert!(written.contains("8. 0-0(b) b4"), "{written}");
    assert!(
        written.trim_end().ends_with("27. gxf4 Nd3# 0-1"),
        "{written}"
    );
    // What it writes reads back to the same game.
    let again = crate::pgn::read(&Magician, &written).unwrap();
    assert_eq!(again.game.hashes(), read.game.hashes());
    // A PGN of another variant, or with an illegal move, is refused.
    assert!(crate::pgn::read(&Magician, "[Variant \"chess\"]\n\n1. e4 *").is_err());
    let Err(e) = crate::pgn::read(&Magician, "1. c4 e4 2. Nb4 *") else {
        panic!("an illegal move was accepted");
    };
    assert!(e.to_string().contains("move 3"), "{e}");
}

/// Magician's evaluation as named weights (see
/// [`crate::weights::check_weights_of`]); the compiled-in ones are the
/// hand-set evaluation.
#[test]
fn magician_takes_weights_at_run_time() {
    let start = Magician.spec().start_fen.clone();
    crate::weights::check_weights_of(
        Magician,
        &[start.as_str()],
        &[
            ("value M", [600, 400]),
            ("tempo", [40, 40]),
            ("mobility R", [8, 1]),
        ],
    );
}
