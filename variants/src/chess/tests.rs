//! Unit tests of the chess rules: FEN, special moves, tokens, outcomes.

use super::types::{MoveKind, QUEEN};
use super::*;
use crate::prelude::*;
use crate::{Game, WinReason};

fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter().map(|&m| perft(&pos.make(m), depth - 1)).sum()
}

fn fen(s: &str) -> Position {
    Chess.read_fen(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn tokens(pos: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut t: Vec<String> = list
        .iter()
        .map(|&m| Chess::turn_to_token(pos, &[m]))
        .collect();
    t.sort();
    t
}

#[test]
fn list_and_count_agree_and_perft_matches() {
    let pos = Chess.start();
    assert_eq!(perft(&pos, 3), 8_902);
    let kiwipete = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut list = MoveList::new();
    legal_moves(&kiwipete, &mut list);
    assert_eq!(list.len() as u64, count_legal(&kiwipete));
    assert_eq!(perft(&kiwipete, 2), 2_039);
}

#[test]
fn incremental_hash_equals_recomputed_hash_along_games() {
    // A deterministic walk through many positions with every move kind.
    for start in [
        Chess.spec().start_fen.as_str(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        let mut state = 7u64;
        for _ in 0..40 {
            let mut pos = fen(start);
            for _ in 0..60 {
                let mut list = MoveList::new();
                legal_moves(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                let (s, r) = crate::zobrist::splitmix64(state);
                state = s;
                pos = pos.make(list[(r % list.len() as u64) as usize]);
                assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.to_fen());
                assert_eq!(fen(&pos.to_fen()).hash(), pos.hash());
            }
        }
    }
}

#[test]
fn transpositions_hash_equal_and_differences_hash_differently() {
    let a = fen(Chess.spec().start_fen.as_str());
    let play = |mut p: Position, moves: &[&str]| {
        for m in moves {
            p = p.make(Chess::parse_turn(&p, m).unwrap()[0]);
        }
        p
    };
    let x = play(a, &["g1f3", "g8f6", "b1c3"]);
    let y = play(a, &["b1c3", "g8f6", "g1f3"]);
    assert_eq!(x.hash(), y.hash());
    assert_ne!(x.hash(), play(a, &["b1c3", "g8f6"]).hash());
    // Castling rights and side to move are part of the hash.
    assert_ne!(
        fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").hash(),
        fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").hash()
    );
    assert_ne!(
        fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").hash(),
        fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").hash()
    );
}

#[test]
fn fen_round_trips() {
    for s in [
        Chess.spec().start_fen.as_str(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k b - - 99 150",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1r2k1r1/8/8/8/8/8/8/R3K2R b KQk - 0 1",
    ] {
        let once = fen(s).to_fen();
        assert_eq!(fen(&once).to_fen(), once);
        if !s.contains("HF") {
            assert_eq!(once, s);
        }
    }
    // Missing clocks default to 0 1.
    assert_eq!(
        fen("8/8/8/8/8/8/8/K6k w - -").to_fen(),
        "8/8/8/8/8/8/8/K6k w - - 0 1"
    );
    // A useless en passant square is dropped (no pawn can take there).
    assert_eq!(
        fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn shredder_and_x_fen_castling() {
    // Shredder letters and KQkq mean the same here.
    let a = fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    let b = fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(a, b);
    assert!(a.is_chess960());
    // An inner rook needs its file letter in X-FEN.
    let inner = fen("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
    assert!(tokens(&inner).contains(&"e1c1".to_string()));
}

#[test]
fn malformed_fens_are_errors_not_panics() {
    let cases = [
        ("", "empty"),
        ("garbage", "at least 4 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "at least 4 fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            "at most 6",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6 has more than 8",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 has 7 squares",
        ),
        (
            "rnbqkbnr/pppppppp/16/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "more than 8",
        ),
        (
            "rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 8 has more than 8",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
            "8 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQXBNR w KQkq - 0 1",
            "unknown piece letter 'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "White must have exactly one king, found 0",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
            "White must have exactly one king, found 2",
        ),
        (
            "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "Black must have exactly one king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move must be 'w' or 'b'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            "unknown castling letter 'z'",
        ),
        (
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "castling right 'k'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
            "twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant field",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "not on rank 6",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "two-square move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
            "fullmove number",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1",
            "pawns cannot stand",
        ),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1 ", ""),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;", "at most 6"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 ;", "fullmove number"),
        ("r0k5/8/8/8/8/8/8/4K3 w - - 0 1", "0 squares"),
        ("é/8/8/8/8/8/8/4K3 w - - 0 1", "unknown piece letter"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1", "halfmove clock"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1 1", "at most 6"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'"),
        ("4k3/8/8/8/8/8/8/3K3R w K - 0 1", ""),
        ("4k3/8/8/8/8/8/4K3/7R w K - 0 1", "not on its first rank"),
        (
            "99999999999999999999/8/8/8/8/8/8/4K3 w - - 0 1",
            "more than 8",
        ),
        // 17-file ranks, as a 16x16 FEN plus one would have.
        (
            "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6 has more than 8",
        ),
        (
            "rnbqkbnrrnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "rank 8 has more than 8",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", ""),
        ("4k3/8/8/8/8/8/8/4K3\tw - - 0 1", ""),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", "side to move"),
    ];
    for (input, expected) in cases {
        match Chess.read_fen(input) {
            Ok(_) => assert!(expected.is_empty(), "{input:?} was accepted"),
            Err(e) => {
                assert!(!expected.is_empty(), "{input:?} was rejected: {e}");
                assert!(
                    e.to_string().contains(expected),
                    "{input:?}: got '{e}', want '{expected}'"
                );
            }
        }
    }
}

#[test]
fn en_passant_rules() {
    // Plain en passant.
    let p = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert!(tokens(&p).contains(&"e5f6".to_string()));
    assert!(
        !tokens(&p).contains(&"e5d6".to_string()),
        "d6 was not the last double push"
    );
    let after = p.make(Chess::parse_turn(&p, "e5f6").unwrap()[0]);
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // The horizontal pin: taking en passant would expose the king on rank 5.
    let pinned = fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert!(!tokens(&pinned).contains(&"b5c6".to_string()));
    // En passant that captures the checking pawn.
    let check = fen("8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1");
    assert!(check.in_check());
    assert!(tokens(&check).contains(&"c4d3".to_string()));
    // A diagonal pin forbids it too.
    let diag = fen("8/8/2k5/8/3Pp3/8/6B1/4K3 b - d3 0 1");
    assert!(!tokens(&diag).contains(&"e4d3".to_string()));
    // ... unless the capture stays on the pinning diagonal.
    let along = fen("8/7k/8/8/3Pp3/8/2B5/4K3 b - d3 0 1");
    assert!(tokens(&along).contains(&"e4d3".to_string()));
}

#[test]
fn castling_rules() {
    let both = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let t = tokens(&both);
    assert!(t.contains(&"e1g1".to_string()) && t.contains(&"e1c1".to_string()));
    // Through an attacked square: not allowed; b1 attacked does not matter.
    let attacked = fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!tokens(&attacked).contains(&"e1g1".to_string()));
    let b1 = fen("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");
    assert!(tokens(&b1).contains(&"e1c1".to_string()));
    // Not out of check.
    let check = fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(!tokens(&check).iter().any(|t| t == "e1g1" || t == "e1c1"));
    // Making it moves both pieces and drops both rights.
    let after = both.make(Chess::parse_turn(&both, "e1g1").unwrap()[0]);
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // King-takes-rook is accepted too.
    assert_eq!(
        Chess::parse_turn(&both, "e1h1"),
        Chess::parse_turn(&both, "e1g1")
    );
    // Capturing a rook removes the right.
    let grab = fen("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
    let taken = grab.make(Chess::parse_turn(&grab, "g2a8").unwrap()[0]);
    assert_eq!(taken.to_fen(), "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
}

#[test]
fn chess960_castling() {
    // King b1, rook a1: queen-side castling puts the king on c1, the rook on d1.
    let p = fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert!(p.is_chess960());
    assert!(tokens(&p).contains(&"b1a1".to_string()));
    let after = p.make(Chess::parse_turn(&p, "b1a1").unwrap()[0]);
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The castling rook shields the king's destination: still illegal.
    let shield = fen("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
    assert!(!tokens(&shield).contains(&"c1b1".to_string()));
    // King already on its destination (g1), rook h1 to f1.
    let g = fen("4k3/8/8/8/8/8/8/6KR w K - 0 1");
    let m = Chess::parse_turn(&g, "g1h1").unwrap()[0];
    assert_eq!(m.kind(), MoveKind::Castling);
    assert_eq!(g.make(m).to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // A king step onto g1 from f1 stays a king step; castling is f1h1.
    let f = fen("4k3/8/8/8/8/8/8/5K1R w K - 0 1");
    assert_eq!(
        Chess::parse_turn(&f, "f1g1").unwrap()[0].kind(),
        MoveKind::Normal
    );
    assert_eq!(
        Chess::parse_turn(&f, "f1h1").unwrap()[0].kind(),
        MoveKind::Castling
    );
}

#[test]
fn promotions_need_a_piece_and_allow_underpromotion() {
    let p = fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let t = tokens(&p);
    for piece in ["q", "r", "b", "n"] {
        assert!(t.contains(&format!("e7e8{piece}")));
    }
    let err = Chess::parse_turn(&p, "e7e8").unwrap_err();
    assert!(
        err.is_illegal() && err.to_string().contains("promotion"),
        "{err}"
    );
    let m = Chess::parse_turn(&p, "e7e8n").unwrap()[0];
    assert_eq!(p.make(m).to_fen(), "4N3/8/8/8/8/8/k7/4K3 b - - 0 1");
    assert!(Chess::parse_turn(&p, "e7e8k").is_err());
    assert_eq!(Chess::parse_san(&p, "e8=Q").unwrap()[0].promo_kind(), QUEEN);
    assert_eq!(Chess::parse_san(&p, "e8Q+").unwrap()[0].promo_kind(), QUEEN);
}

#[test]
fn bad_move_tokens_are_errors() {
    let p = Chess.start();
    for (token, illegal) in [
        ("", false),
        ("e2", false),
        ("e2e4e5", false),
        ("z9z9", false),
        ("e2e4x", false),
        ("ééé", false),
        ("e2e5", true),
        ("e1g1", true),
        ("e7e5", true),
        ("0000", false),
    ] {
        let err = Chess::parse_turn(&p, token).unwrap_err();
        assert_eq!(err.is_illegal(), illegal, "{token}: {err}");
        assert_eq!(err.token(), token);
    }
    for text in [
        "", "Nf6", "Qh5", "Ke2", "O-O", "exd5", "N", "Zf3", "Nbd2", "e2e4x", "e4-",
    ] {
        assert!(Chess::parse_san(&p, text).is_err(), "{text}");
    }
}

#[test]
fn san_disambiguation_and_checks() {
    let p = fen("1k6/8/8/8/8/8/4K3/R6R w - - 0 1");
    let san = |t: &str| Chess::turn_to_san(&p, &Chess::parse_turn(&p, t).unwrap());
    assert_eq!(san("a1d1"), "Rad1");
    assert_eq!(san("h1d1"), "Rhd1");
    let c = fen("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let san = |t: &str| Chess::turn_to_san(&c, &Chess::parse_turn(&c, t).unwrap());
    assert_eq!(san("a1d1"), "Rd1");
    assert_eq!(san("e1g1"), "O-O");
    assert_eq!(san("e1c1"), "O-O-O");
    assert_eq!(san("a1a8"), "Ra8+");
    let q = fen("2k5/8/8/8/Q6Q/8/8/Q6K w - - 0 1");
    let qsan = |t: &str| Chess::turn_to_san(&q, &Chess::parse_turn(&q, t).unwrap());
    // a1, a4 and h4 all reach d4: only the full square is unambiguous.
    assert_eq!(qsan("a4d4"), "Qa4d4");
    assert_eq!(qsan("a1a2"), "Q1a2");
    assert_eq!(qsan("a1b2"), "Qb2");
    assert_eq!(qsan("a4b4"), "Qab4");
    let mate = fen("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    assert_eq!(
        Chess::turn_to_san(&mate, &Chess::parse_turn(&mate, "h1h8").unwrap()),
        "Rh8#"
    );
    assert_eq!(
        Chess::parse_san(&q, "Qa4d4").unwrap(),
        Chess::parse_turn(&q, "a4d4").unwrap()
    );
    let amb = Chess::parse_san(&p, "Rd1").unwrap_err();
    assert!(amb.to_string().contains("ambiguous"));
}

#[test]
fn outcomes() {
    let mated = fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(
        Chess::rule_outcome(&mated),
        Some(Outcome::Win {
            winner: crate::Side::White,
            reason: WinReason::Checkmate
        })
    );
    let stalemate = fen("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(
        Chess::rule_outcome(&stalemate),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    let fifty = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80");
    assert_eq!(
        Chess::rule_outcome(&fifty),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    let ninety_nine = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80");
    assert_eq!(Chess::rule_outcome(&ninety_nine), None);
    // Mate on the hundredth ply is still mate.
    let mate_at_100 = fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 90");
    assert!(matches!(
        Chess::rule_outcome(&mate_at_100),
        Some(Outcome::Win { .. })
    ));
    for dead in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(
            Chess::rule_outcome(&fen(dead)),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            "{dead}"
        );
    }
    for alive in [
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
    ] {
        assert_eq!(Chess::rule_outcome(&fen(alive)), None, "{alive}");
    }
}

#[test]
fn threefold_repetition_in_a_game() {
    let mut game = Game::start(Chess);
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for m in shuffle {
        game.play_token(m).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    for m in shuffle {
        game.play_token(m).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    // A bad token leaves the game as it was.
    let before = Chess::to_fen(game.position());
    assert!(game.play_token("Qxh7").is_err());
    assert_eq!(Chess::to_fen(game.position()), before);
}

#[test]
fn double_check_allows_only_king_moves() {
    let p = fen("4k3/8/8/8/8/8/4r3/r3K2R w K - 0 1");
    assert!(p.in_check());
    assert_eq!(p.checkers().count_ones(), 2);
    // Only the king steps; the rook on h1 may not capture, no castling.
    assert_eq!(tokens(&p), vec!["e1e2".to_string()]);
}

/// Chess's evaluation as named weights (see
/// [`crate::weights::check_weights_of`]).
#[test]
fn chess_takes_weights_at_run_time() {
    crate::weights::check_weights_of(
        Chess,
        &[
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 8",
            "8/5pk1/6p1/3P4/1p6/6P1/5PK1/8 w - - 0 40",
            "2r3k1/5ppp/p3q3/1p6/3Q4/P4N2/1P3PPP/3R2K1 w - - 0 25",
        ],
        &[
            ("value N", [500, 500]),
            ("tempo", [60, 40]),
            ("value P", [90, 130]),
        ],
    );
    assert_eq!(
        Chess.eval_weights().unwrap().names.len(),
        eval::param::COUNT
    );
}

/// The quiet plies that check by their own piece's attack are all among
/// those `may_check` lets through, along random games.
#[test]
fn every_direct_check_may_check() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut checks = 0;
    let start = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut pos = start;
    for _ in 0..3000 {
        let mut list = MoveList::new();
        legal_moves(&pos, &mut list);
        if list.is_empty() || pos.halfmove_clock() > 60 {
            pos = start;
            continue;
        }
        for &m in list.iter() {
            let child = pos.make(m);
            if Chess::ply_kind(&pos, m) == PlyKind::Quiet && child.checkers() & (1 << m.to()) != 0 {
                checks += 1;
                assert!(Chess::may_check(&pos, m), "{m:?} at {}", pos.to_fen());
            }
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        pos = pos.make(list[(seed % list.len() as u64) as usize]);
    }
    assert!(checks > 100, "only {checks} checks met");
}
