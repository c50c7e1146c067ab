//! Rules tests of Parallel Worlds Chess beyond the perft table: the spec's
//! FEN walk-through, tokens, turn rules, game ends and hashing.

use super::*;
use crate::GamePosition;
use crate::{Game, MoveError};

/// The start position's FEN.
static START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1KQkq,3KQkq - 0 1 2";
const EN_PASSANT: &str =
    "k7/8/8/1pPpP3/8/8/8/7K|8/8/8/8/8/8/8/8|k7/8/8/6pP/8/8/8/7K w - 1d6,3g6 0 2 3";
const CASTLING: &str =
    "4k3/8/b7/8/8/8/4P3/RN2K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/p5p1/R3K2R w 1KQ,3KQ - 0 1 3";
const KING_CAPTURE: &str = "R6k/8/8/8/8/8/8/K7|8/8/8/8/3N4/8/8/8|8/8/8/8/8/8/1k6/K7 w - - 0 1 3";

fn pos(fen: &str) -> Position {
    ParallelWorlds.read_fen(fen).unwrap()
}

fn play(fen: &str, token: &str) -> Result<Position, MoveError> {
    let mut p = pos(fen);
    for mv in ParallelWorlds::parse_turn(&p, token)? {
        p = p.make(mv);
    }
    Ok(p)
}

fn legal(fen: &str, token: &str) -> bool {
    play(fen, token).is_ok()
}

#[test]
fn spec_fen_walk_through() {
    // Section 8's examples: each FEN follows from the previous by a turn.
    let steps = [
        ("1e21e4,3g13f3", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b 1KQkq,3KQkq 1e3 0 1 3"),
        ("1d71d5,3e73e5,1b82b8", "r1bqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR|1n6/8/8/8/8/8/8/8|rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w 1KQkq,3KQkq 1d6,3e6 0 2 3"),
        ("1e41d5,3f33e5,1g12g1", "r1bqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKB1R|1n6/8/8/8/8/8/8/6N1|rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b 1KQkq,3KQkq - 0 2 3"),
        ("2b82b4", "r1bqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKB1R|8/8/8/8/1n6/8/8/6N1|rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w 1KQkq,3KQkq - 1 3 3"),
    ];
    let mut fen = START.to_string();
    assert_eq!(ParallelWorlds::to_fen(&pos(START)), START);
    for (token, expected) in steps {
        let after = play(&fen, token).unwrap();
        fen = ParallelWorlds::to_fen(&after);
        assert_eq!(fen, expected, "after {token}");
        assert_eq!(ParallelWorlds::to_fen(&pos(expected)), expected);
    }
}

#[test]
fn invalid_fens_are_rejected_with_reasons() {
    let bad = [
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1",
            "7 fields",
        ),
        ("7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1 3", "3 levels"),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/K7|7k/8/8/8/8/8/8/K7 w - - 0 1 3",
            "level 2",
        ),
        (
            "7k/8/8/8/8/8/8/KK6|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1 3",
            "more than one King",
        ),
        (
            "7k/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/K7 w - - 0 1 3",
            "neither side",
        ),
        (
            "P6k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1 3",
            "last rank",
        ),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w 1K - 0 1 3",
            "castling right",
        ),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - 1e6 0 1 3",
            "en passant",
        ),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1 4",
            "limit",
        ),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - x 1 3",
            "turn clock",
        ),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 0 3",
            "move number",
        ),
        (
            "7k/8/8/8/8/8/8/K6|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1 3",
            "7 squares",
        ),
        (
            "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 x - - 0 1 3",
            "side to move",
        ),
    ];
    for (fen, reason) in bad {
        let err = ParallelWorlds.read_fen(fen).unwrap_err().to_string();
        assert!(err.contains(reason), "{fen}: {err}");
    }
    // A side missing a King is a finished game, not a bad FEN.
    let over = pos("7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/K7 w - - 0 1 3");
    assert_eq!(
        ParallelWorlds::rule_outcome(&over),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::KingCaptured
        })
    );
}

#[test]
fn tokens_of_the_spec_and_turn_rules() {
    assert!(legal(EN_PASSANT, "1c52c5,1e51d6,3h53g6"));
    // Both pawns can take on 1d6, but only one sub-move may end on level 1.
    assert!(!legal(EN_PASSANT, "1c51d6,1e51d6"));
    assert!(legal(CASTLING, "1b12b1,1e11c1"));
    assert!(legal(CASTLING, "3e13c1"));
    assert!(!legal(CASTLING, "3e13g1"), "3f1 is attacked by 3g2");
    assert!(!legal(CASTLING, "1e22e2,1e11g1"), "the a6 Bishop sees f1");
    assert!(!legal(CASTLING, "1e11g1,1f12f1"), "the castled Rook moved");
    let lost = play(CASTLING, "1h12h1").unwrap();
    assert!(ParallelWorlds::to_fen(&lost).contains(" 1Q,3KQ "));
    // One move per piece, limits, order.
    let one = "7k/8/8/8/8/8/8/K7|8/8/8/8/3R4/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1 3";
    assert!(!legal(one, "2d41d4,1d42d4"));
    assert!(legal(one, "2d41d4,3a13b1"));
    assert!(
        !legal(START, "1e21e4,3e23e4,1d22d2"),
        "White's first turn has 2 sub-moves"
    );
    assert!(legal(START, "1e21e4,3e23e4"));
    // A King capture ends the turn and the game.
    assert!(!legal(KING_CAPTURE, "1a81h8,2d41d4"));
    let won = play(KING_CAPTURE, "2d43d4,1a81h8").unwrap();
    assert_eq!(won.side, crate::Side::Black);
    assert_eq!(
        ParallelWorlds::rule_outcome(&won),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::KingCaptured
        })
    );
    assert!(ParallelWorlds::parse_turn(&won, "3b22b2").is_err());
    // Promotion needs its letter; the token reads back the same.
    let promo = "k4r2/6P1/8/8/8/8/8/K7|2P5/8/8/8/8/8/8/1P6|k1n5/8/8/8/8/8/8/K7 w - - 0 1 3";
    let err = ParallelWorlds::parse_turn(&pos(promo), "1g71g8").unwrap_err();
    assert!(err.is_illegal() && err.to_string().contains("promotion"));
    let plies = ParallelWorlds::parse_turn(&pos(promo), "2c82d8,1g71f8n").unwrap();
    assert_eq!(
        ParallelWorlds::turn_to_token(&pos(promo), &plies),
        "2c82d8,1g71f8n"
    );
}

#[test]
fn malformed_tokens_are_errors_not_panics() {
    let p = pos(START);
    for token in [
        "",
        "1e2",
        "1e21e4,",
        "4e21e4",
        "1i21e4",
        "1e21e9",
        "1e21e4x",
        "1e21e4qq",
        "é1e21e4",
        "1e21e4,3e23e4,1d21d4,3d23d4",
    ] {
        let err = ParallelWorlds::parse_turn(&p, token).unwrap_err();
        assert!(!err.is_illegal(), "{token}: {err}");
    }
    for token in [
        "1e21e5",
        "1e11e2",
        "2e22e4",
        "1e22e2,1d22d2",
        "1e21e4,1d21d4",
    ] {
        let err = ParallelWorlds::parse_turn(&p, token).unwrap_err();
        assert!(err.is_illegal(), "{token}: {err}");
    }
    assert!(ParallelWorlds::parse_turn(&p, "1e22e2,1d21d4").is_ok());
}

#[test]
fn stalemate_and_the_hundred_turn_rule() {
    let stalemate = "RRRRRRRR/PPPPPPPP/PP6/PP6/PP3k2/PP6/PP6/KP6|pppppppp/pppppppp/pp6/pp6/pp6/pp6/pp6/1p6|RRRRRRRR/PPPPPPPP/PP6/PP6/PP3k2/PP6/PP6/KP6 w - - 0 1 3";
    assert_eq!(
        ParallelWorlds::rule_outcome(&pos(stalemate)),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    let quiet = "7k/8/8/8/8/8/8/K7|8/8/8/8/3N4/8/8/8|7k/8/8/8/8/8/8/K7 w - - 99 80 3";
    assert_eq!(ParallelWorlds::rule_outcome(&pos(quiet)), None);
    let after = play(quiet, "1a11b1").unwrap();
    assert_eq!(after.clock, 100);
    assert_eq!(
        ParallelWorlds::rule_outcome(&after),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    // Any pawn sub-move resets the clock, a level-2 slide too.
    let pawn = "7k/8/8/8/8/8/8/K7|8/8/8/8/3P4/8/8/8|7k/8/8/8/8/8/8/K7 w - - 99 80 3";
    assert_eq!(play(pawn, "2d42a7").unwrap().clock, 0);
}

#[test]
fn hash_follows_the_turn_and_ignores_sub_move_order() {
    let a = play(START, "1e21e4,3g13f3").unwrap();
    let b = play(START, "3g13f3,1e21e4").unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(ParallelWorlds::to_fen(&a), ParallelWorlds::to_fen(&b));
    // Mid-turn: same sub-moves, other order, same node; not a turn start.
    let p = pos(&START.replace(" 1 2", " 1 3"));
    let s1 = ParallelWorlds::parse_turn(&p, "1g11f3").unwrap()[0];
    let s2 = ParallelWorlds::parse_turn(&p, "3g13f3").unwrap()[0];
    let ab = p.make(s1).make(s2);
    let ba = p.make(s2).make(s1);
    assert_eq!(ab.hash(), ba.hash());
    assert_eq!(ab.side, crate::Side::White);
    let ended = ab.make(SubMove::END);
    assert_ne!(ab.hash(), ended.hash());
    // The limit field is part of the position.
    assert_ne!(pos(START).hash(), p.hash());
}

#[test]
fn knights_shuffling_repeat_the_position() {
    let mut game = Game::from_fen(
        ParallelWorlds,
        "7k/8/8/8/8/8/8/KN6|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K6n w - - 0 1 3",
    )
    .unwrap();
    for _ in 0..2 {
        for token in ["1b11c3", "3h13g3", "1c31b1", "3g33h1"] {
            assert_eq!(game.outcome(), None);
            game.play_token(token).unwrap();
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn board_text_shows_three_levels() {
    let text = ParallelWorlds::board_text(&pos(START));
    assert!(text.starts_with("   level 3"));
    assert!(text.contains("8 r n b q k b n r   8 . . . . . . . .   8 r n b q k b n r"));
    assert_eq!(text.lines().count(), 10);
}

/// The same position with the colours exchanged (ranks mirrored, case
/// swapped, the other side to move).
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let levels: Vec<String> = f[0]
        .split('|')
        .map(|l| swap(&l.split('/').rev().collect::<Vec<_>>().join("/")))
        .collect();
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        f[2].split(',')
            .map(|g| {
                let (lvl, r) = g.split_at(1);
                let r = swap(r);
                let order: String = "KQkq".chars().filter(|c| r.contains(*c)).collect();
                format!("{lvl}{order}")
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        f[3].split(',')
            .map(|s| {
                let rank = s.as_bytes()[2] - b'1';
                format!("{}{}", &s[..2], (b'8' - rank) as char)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if f[1] == "w" { "b" } else { "w" };
    format!(
        "{} {side} {castling} {ep} {} {} {}",
        levels.join("|"),
        f[4],
        f[5],
        f[6]
    )
}

#[test]
fn evaluation_is_colour_symmetric_inside_turns_too() {
    let fens = [
        START,
        EN_PASSANT,
        CASTLING,
        KING_CAPTURE,
        "k4r2/6P1/8/8/8/8/8/K7|2P5/8/8/8/8/8/8/1P6|k1n5/8/8/8/8/8/8/K7 w - - 0 1 3",
        "r1bqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKB1R|8/8/8/8/1n6/8/8/6N1|rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w 1KQkq,3KQkq - 1 3 3",
    ];
    for fen in fens {
        let p = pos(fen);
        let m = pos(&mirror(fen));
        assert_eq!(
            ParallelWorlds::to_fen(&pos(&mirror(&mirror(fen)))),
            ParallelWorlds::to_fen(&p)
        );
        assert_eq!(
            ParallelWorlds::evaluate(&p),
            ParallelWorlds::evaluate(&m),
            "{fen}"
        );
        // After each first sub-move and its mirror image.
        let mut list = MoveList::new();
        ParallelWorlds::generate(&p, &mut list);
        for &mv in list.iter().take(12) {
            let flip = |sq: usize| sq - sq % 64 + (7 - sq % 64 / 8) * 8 + sq % 8;
            let mirrored = SubMove::new(flip(mv.from()), flip(mv.to()), mv.promo(), mv.flag());
            let (a, b) = (p.make(mv), m.make(mirrored));
            assert_eq!(
                ParallelWorlds::evaluate(&a),
                ParallelWorlds::evaluate(&b),
                "{fen}: {}",
                mv.text()
            );
        }
    }
    assert_eq!(ParallelWorlds::evaluate(&pos(START)), 0);
}

#[test]
fn the_spec_token_examples_are_legal_and_read_back() {
    let promotion = "k4r2/6P1/8/8/8/8/8/K7|2P5/8/8/8/8/8/8/1P6|k1n5/8/8/8/8/8/8/K7 w - - 0 1 3";
    let black_pawns = "k2p4/4N3/8/8/8/8/6p1/K6R|8/8/8/8/8/8/8/4p3|k7/1p6/8/8/8/8/8/7K b - - 0 1 3";
    let vertical = "7k/8/1N6/8/3R4/8/8/K7|8/8/1B6/8/8/8/8/8|7k/8/1p6/6P1/8/8/8/K7 w - - 0 1 3";
    let level2 = "k7/8/8/8/8/8/8/7K|rB6/NP6/8/8/8/8/8/8|k7/8/8/8/8/8/8/7K w - - 0 1 3";
    let one = "7k/8/8/8/8/8/8/K7|8/8/8/8/3R4/8/8/8|7k/8/8/8/8/8/8/K7 w - - 0 1 3";
    let black_castling = mirror(CASTLING);
    let cases = [
        (START, "1g11f3"),
        (START, "1e21e4,3g13f3"),
        (START, "1e22e2"),
        (EN_PASSANT, "1e51d6"),
        (EN_PASSANT, "1c52c5,1e51d6,3h53g6"),
        (promotion, "1g71g8q"),
        (promotion, "1g71f8n"),
        (promotion, "2c81c8q"),
        (black_pawns, "1g21g1q"),
        (black_pawns, "1g21h1r"),
        (black_pawns, "2e11e1n"),
        (black_pawns, "1d81d7"),
        (CASTLING, "1e11g1"),
        (CASTLING, "1b12b1,1e11c1"),
        (&black_castling, "3e83c8"),
        (&black_castling, "1e81g8"),
        (one, "2d42h8"),
        (level2, "2b72c8"),
        (vertical, "3g52g5"),
        (vertical, "1d42d4"),
    ];
    for (fen, token) in cases {
        let p = pos(fen);
        let plies =
            ParallelWorlds::parse_turn(&p, token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(ParallelWorlds::turn_to_token(&p, &plies), token);
    }
    assert!(
        !legal(black_pawns, "1d81d6"),
        "no two-step from the first rank"
    );
}

/// Parallel Worlds' evaluation as named weights (see
/// [`crate::weights::check_weights_of`]); the compiled-in ones are the
/// hand-set evaluation.
#[test]
fn parallel_worlds_takes_weights_at_run_time() {
    // The start is symmetric: every weight cancels there. After a
    // sub-move (the turn goes on) it is not.
    let start = ParallelWorlds.start();
    let mut list = MoveList::new();
    ParallelWorlds::generate(&start, &mut list);
    let after = ParallelWorlds::to_fen(&start.make(list[0]));
    crate::weights::check_weights_of(
        ParallelWorlds,
        &[after.as_str()],
        &[
            ("value N", [400, 300]),
            ("mobility N", [9, 2]),
            ("king rank", [-30, 5]),
        ],
    );
}
