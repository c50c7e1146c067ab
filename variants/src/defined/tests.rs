//! Defined games: chess written as a file plays as chess.

use super::*;
use crate::Rules;

pub(super) const CHESS: &str =
    "[mychess]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\npromotionPieceTypes = qrbn\n";

pub(super) fn game(text: &str, name: &str) -> Defined {
    let loaded = load(text, "test.ini");
    let (games, errors) = (loaded.games, loaded.errors);
    assert!(errors.is_empty(), "{errors:?}");
    Defined(
        games
            .into_iter()
            .find(|g| g.spec.id == name)
            .expect("the game"),
    )
}

pub(super) fn perft(pos: &Position, depth: u32) -> u64 {
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
fn piece_names_name_pieces_for_players_and_bad_ones_are_errors() {
    let g = game("[named:xiangqi]\n", "named");
    let name = |letter: char| {
        g.0.spec
            .pieces
            .iter()
            .find(|p| p.letter == letter)
            .map(|p| p.name.clone())
    };
    // Xiangqi's parent names its advisor and general; the others keep
    // the names of their types.
    assert_eq!(name('A').as_deref(), Some("Advisor"));
    assert_eq!(name('K').as_deref(), Some("General"));
    assert_eq!(name('R').as_deref(), Some("Rook"));
    let loaded = load("[bad:chess]\npieceNames = q Queen\n", "bad.ini");
    assert!(loaded.games.is_empty());
    let e = format!("{:?}", loaded.errors);
    assert!(e.contains("pieceNames") && e.contains("'q Queen'"), "{e}");
    // An unknown chasing rule is an error too (read after the pieces).
    let loaded = load("[bad:chess]\nchasingRule = sometimes\n", "bad.ini");
    assert!(loaded.games.is_empty(), "{:?}", loaded.errors);
}

#[test]
fn a_fen_with_two_kings_of_a_side_is_refused() {
    let g = game(CHESS, "mychess");
    let e = g.read_fen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("more than one king"), "{e}");
    assert!(g.read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
}

/// The exchange evaluation of chess written as a file, on the positions
/// chess's own is tested with (values from the file's pieces: pawn 65,
/// knight 320, bishop 338, rook 505, queen 1010 or so).
#[test]
fn exchanges_count_as_in_chess() {
    let g = game(CHESS, "mychess");
    let v = |t: char| g.0.values[g.0.type_of(t).expect("a type")];
    let (pawn, knight, rook) = (v('p'), v('n'), v('r'));
    let see = |fen: &str, token: &str, threshold: i32| {
        let pos = g.read_fen(fen).expect("the FEN reads");
        let m = Defined::parse_ply(&pos, token).expect("a legal move");
        Defined::see_ge(&pos, m, threshold)
    };
    for (fen, token, threshold, gains) in crate::chess::exchange_cases(pawn, knight, v('q')) {
        assert_eq!(
            see(fen, token, threshold),
            gains,
            "{fen} {token} {threshold}"
        );
    }
    // The king takes a piece nothing defends; it cannot be taken back.
    let fen = "8/8/4k3/8/8/8/3r4/4K3 w - - 0 1";
    assert!(see(fen, "e1d2", rook));
    // A promotion gains the queen over the pawn.
    let fen = "8/3P4/4k3/8/8/8/8/4K3 w - - 0 1";
    assert!(see(fen, "d7d8q", v('q') - pawn));
    assert!(!see(fen, "d7d8q", v('q') - pawn + 1));
}

/// A cannon (hopping rook) needs a screen: it joins an exchange once a
/// piece stands between, and leaves it when the screen goes.
#[test]
fn exchanges_follow_hoppers_screens() {
    let g = game(
        "[cannons:chess]\ncustomPiece1 = c:mRcpR\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        "cannons",
    );
    let v = |t: char| g.0.values[g.0.type_of(t).expect("a type")];
    let see = |fen: &str, token: &str, threshold: i32| {
        let pos = g.read_fen(fen).expect("the FEN reads");
        let m = Defined::parse_ply(&pos, token).expect("a legal move");
        Defined::see_ge(&pos, m, threshold)
    };
    // The rook takes a knight on d5; Black's cannon on d8 takes back over
    // the pawn on d7 (its screen).
    let fen = "3ck3/3p4/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert!(!see(fen, "d1d5", 1));
    assert!(see(fen, "d1d5", v('n') - v('r')));
    // Without the screen the cannon cannot take back.
    let fen = "3ck3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert!(see(fen, "d1d5", v('n')));
    // A cannon's screen that leaves takes the cannon out: the rook on d3
    // (the white cannon's screen) takes the pawn on d5, the pawn on e6
    // takes back, and the cannon has nothing to hop over.
    let (p, r) = (v('p'), v('r'));
    let fen = "4k3/8/4p3/3p4/8/3R4/8/3CK3 w - - 0 1";
    assert!(see(fen, "d3d5", p - r));
    assert!(!see(fen, "d3d5", p - r + 1));
    // With a pawn on d2 as its screen instead, the cannon takes back.
    let fen = "4k3/8/4p3/3p4/8/3R4/3P4/3CK3 w - - 0 1";
    assert!(see(fen, "d3d5", 2 * p - r));
    assert!(!see(fen, "d3d5", 2 * p - r + 1));
}

/// The evaluation counts mobility: a rook shut in by its own pieces is
/// worth less than the same rook on open lines (the same squares' values:
/// both stand in a corner).
#[test]
fn a_shut_in_rook_counts_less() {
    let g = game(CHESS, "mychess");
    let eval = |fen: &str| Defined::evaluate(&g.read_fen(fen).expect("the FEN reads"));
    let shut = eval("4k3/8/8/8/8/8/P7/RN2K3 w - - 0 1");
    let open = eval("4k2R/8/8/8/8/8/P7/1N2K3 w - - 0 1");
    assert!(open > shut + 20, "open {open}, shut {shut}");
}

/// Lazy evaluation claims a bound only where it reaches beta, and the
/// bound stays below the full evaluation in ordinary positions.
#[test]
fn the_lazy_bound_stays_below_the_full_evaluation() {
    let g = game(CHESS, "mychess");
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n5/8/1bBPn3/5N2/PP1B1PPP/RN1QK2R w KQkq - 0 8",
        "2kr3r/p1p2ppp/1pP1bn2/6N1/8/8/PP3PPP/RN3RK1 w - - 0 17",
        "8/2p1k1pp/p1P1p3/1p6/4K2P/R7/PPr2PP1/8 b - - 0 29",
    ] {
        let pos = g.read_fen(fen).expect("the FEN reads");
        let full = Defined::evaluate(&pos);
        assert_eq!(Defined::evaluate_at_least(&pos, full + 1000), None, "{fen}");
        let bound = Defined::evaluate_at_least(&pos, -10_000).expect("far above beta");
        assert!(bound <= full, "{fen}: bound {bound}, full {full}");
    }
}

/// The share of the move-count rule gone by counts `nMoveRule`'s moves of
/// both sides, and stays 0 where the rule is off.
#[test]
fn the_move_rule_progress_follows_n_move_rule() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 30 60";
    let progress = |text: &str| {
        let g = game(text, "x");
        Defined::move_rule_progress(&g.read_fen(fen).expect("the FEN reads"))
    };
    assert_eq!(progress("[x:chess]\n"), 30, "50 moves: 30 of 100 plies");
    assert_eq!(
        progress("[x:chess]\nnMoveRule = 20\n"),
        75,
        "20 moves: 30 of 40"
    );
    assert_eq!(
        progress("[x:chess]\nnMoveRule = 10\n"),
        100,
        "past the rule"
    );
    assert_eq!(progress("[x:chess]\nnMoveRule = 0\n"), 0, "no rule");
}

/// Under `perpetualCheckIllegal` the side checked in every position of a
/// repetition wins it; without, the repetition draws.
#[test]
fn a_perpetual_check_loses_where_the_rule_says() {
    let text = "[pc:chess]\nperpetualCheckIllegal = true\n[plain:chess]\n";
    let line = [
        "e1e8", "h8h7", "e8e4", "h7h8", "e4e8", "h8h7", "e8e4", "h7h8", "e4e8",
    ];
    for (name, want) in [("pc", Some(crate::Side::Black)), ("plain", None)] {
        let g = game(text, name);
        let start = g.read_fen("7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1").unwrap();
        let mut played = crate::Game::new(g, start);
        for token in line {
            assert!(played.outcome().is_none(), "{name} before {token}");
            played.play_token(token).unwrap();
        }
        match (played.outcome(), want) {
            (Some(crate::Outcome::Win { winner, .. }), Some(w)) => assert_eq!(winner, w),
            (Some(crate::Outcome::Draw(_)), None) => {}
            (other, _) => panic!("{name}: {other:?}"),
        }
    }
}

/// The search's judgement of a repetition (one recurrence, the line's
/// checks) gives the referee's result: perpetual check, an absolute
/// `nFoldValue`, a plain draw.
#[test]
fn the_search_judges_a_repetition_as_the_referee() {
    let text = "[pc:chess]\nperpetualCheckIllegal = true\n[plain:chess]\n\
                [lossy:chess]\nnFoldValue = loss\nnFoldValueAbsolute = true\n";
    let checks = [
        "e1e8", "h8h7", "e8e4", "h7h8", "e4e8", "h8h7", "e8e4", "h7h8", "e4e8",
    ];
    let quiet = [
        "e1e2", "h8g8", "e2e1", "g8h8", "e1e2", "h8g8", "e2e1", "g8h8",
    ];
    use crate::Side::Black;
    for (name, line, winner) in [
        ("pc", &checks[..], Some(Black)),
        ("plain", &checks[..], None),
        ("lossy", &quiet[..], Some(Black)),
    ] {
        let g = game(text, name);
        let start = g.read_fen("7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1").unwrap();
        let mut played = crate::Game::new(g, start);
        for token in line {
            played.play_token(token).unwrap();
        }
        let referee = played.outcome();
        let referee_winner = match referee {
            Some(crate::Outcome::Win { winner, .. }) => Some(winner),
            Some(crate::Outcome::Draw(_)) => None,
            None => panic!("{name}: the line repeats thrice"),
        };
        assert_eq!(referee_winner, winner, "{name}");
        let positions = played.positions();
        let last = positions.len() - 1;
        let pos = &positions[last];
        let span = (1..=last)
            .find(|&d| positions[last - d].hash == pos.hash)
            .expect("a recurrence");
        let checked = |d: usize| movegen::in_check(&positions[last - d]);
        let search = rules::repetition_in_search(pos, span, &checked, positions)
            .unwrap_or(crate::Outcome::Draw(crate::DrawReason::Repetition));
        match (referee, search) {
            (
                Some(crate::Outcome::Win { winner: a, .. }),
                crate::Outcome::Win { winner: b, .. },
            ) => {
                assert_eq!(a, b, "{name}")
            }
            (Some(crate::Outcome::Draw(_)), crate::Outcome::Draw(_)) => {}
            (referee, search) => panic!("{name}: referee {referee:?}, search {search:?}"),
        }
    }
}

/// Xiangqi's chasing rule: a rook that attacks the same undefended horse
/// with every move of a repetition loses it; defended where it flees to,
/// the horse is not chased and the repetition draws.
#[test]
fn a_perpetual_chase_loses_and_a_defended_piece_is_not_chased() {
    use crate::{Side, WinReason};
    let g = game("[xq:xiangqi]\n", "xq");
    let cycle = ["a6a8", "g8h6", "a8a6", "h6g8"];
    let cases = [
        // The horse alone: White chases it and loses.
        (
            "3k5/9/6n2/9/R8/9/9/9/9/4K4 w - - 0 1",
            Some(WinReason::PerpetualChase),
        ),
        // Rooks guard g8 and h6: no chase.
        ("3k3r1/9/6n1r/9/R8/9/9/9/9/4K4 w - - 0 1", None),
    ];
    for (fen, want) in cases {
        let start = g.read_fen(fen).unwrap();
        let mut played = crate::Game::new(g, start);
        for (i, token) in cycle.iter().chain(&cycle).enumerate() {
            assert!(played.outcome().is_none(), "{fen} before ply {i}");
            played
                .play_token(token)
                .unwrap_or_else(|e| panic!("{fen} {token}: {e:?}"));
        }
        match (played.outcome(), want) {
            (Some(crate::Outcome::Win { winner, reason }), Some(w)) => {
                assert_eq!((winner, reason), (Side::Black, w), "{fen}")
            }
            (Some(crate::Outcome::Draw(_)), None) => {}
            (other, _) => panic!("{fen}: {other:?}"),
        }
    }
}

/// Shatar's mate rule, as Fairy-Stockfish plays it: a mate by a knight
/// alone is illegal (the side mated wins), a mate after a run of checks
/// none of which was a shak (a rook's, knight's or bers' check) draws,
/// one with a shak anywhere in the run wins.
#[test]
fn shatar_mates_need_a_shak() {
    use crate::{DrawReason, Side, WinReason};
    let g = game("[sh:shatar]\n", "sh");
    let cases: [(&str, &[&str], Outcome); 4] = [
        (
            "6rk/6pp/8/6N1/8/8/8/4K3 w - - 0 1",
            &["g5f7"],
            Outcome::Win {
                winner: Side::Black,
                reason: WinReason::Checkmate,
            },
        ),
        (
            "4k3/8/4K3/8/8/8/p7/7R w - - 0 1",
            &["h1h8"],
            Outcome::Win {
                winner: Side::White,
                reason: WinReason::Checkmate,
            },
        ),
        (
            "7k/5K2/8/6N1/8/2B5/p7/8 w - - 0 1",
            &["c3d4"],
            Outcome::Draw(DrawReason::Niol),
        ),
        // A rook's check, then a bishop's mate: the run had a shak.
        (
            "8/2K5/7R/1kp5/2N5/3B4/8/p6p w - - 0 1",
            &["h6b6", "b5a4", "d3c2"],
            Outcome::Win {
                winner: Side::White,
                reason: WinReason::Checkmate,
            },
        ),
    ];
    for (fen, line, want) in cases {
        let mut played = crate::Game::new(g, g.read_fen(fen).unwrap());
        for token in line {
            played.play_token(token).unwrap();
        }
        assert_eq!(played.outcome(), Some(want), "{fen} {line:?}");
    }
}

#[test]
fn n_check_counts_checks_in_the_fen_and_the_last_one_wins() {
    use crate::{Rules, Side, WinReason};
    let g = game("[tc:3check]\n", "tc");
    assert!(g.start().to_fen().contains(" KQkq - 3+3 0 1"));
    let play = |fen: &str, token: &str| {
        let pos = g.read_fen(fen).unwrap();
        let m = Defined::parse_ply(&pos, token).unwrap();
        movegen::make(&pos, m)
    };
    // A check counts; a quiet move does not.
    let pos = play("4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1", "a1a8");
    assert!(pos.to_fen().contains(" - - 1+3 1 1"), "{}", pos.to_fen());
    assert_eq!(Defined::rule_outcome(&pos), None);
    let pos = play("4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1", "a1a2");
    assert!(pos.to_fen().contains(" - - 2+3 1 1"), "{}", pos.to_fen());
    // The last check wins; lichess's checks given (+2+0) read the same.
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0",
    ] {
        let pos = play(fen, "a1a8");
        assert_eq!(
            Defined::rule_outcome(&pos),
            Some(Outcome::Win {
                winner: Side::White,
                reason: WinReason::Checks
            })
        );
    }
    let bad = g.read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 1x3 0 1");
    assert!(bad.is_err());
}

/// The legal tokens of `fen` in `g`, sorted.
fn tokens(g: Defined, fen: &str) -> Vec<String> {
    let pos = g.read_fen(fen).unwrap();
    let mut list = MoveList::new();
    Defined::generate(&pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| Defined::ply_to_token(&pos, m))
        .collect();
    out.sort();
    out
}

/// A general stays in its palace, an elephant on its side of the river,
/// a soldier steps sideways only across it; the generals may not face
/// each other on an open file (no check: the move is simply not there).
#[test]
fn xiangqi_pieces_keep_to_their_regions_and_generals_never_face() {
    let g = game("[mx:minixiangqi]\n", "mx");
    // The general on d1 steps within c1-e3 only; on d-file with the
    // enemy general on d7 and nothing between, it may not stay on the
    // file: d1d2 is gone, c1 and e1 remain.
    assert_eq!(tokens(g, "3k3/7/7/7/7/7/3K3 w - - 0 1"), ["d1c1", "d1e1"]);
    // A piece between them may not leave the file.
    let t = tokens(g, "3k3/7/7/3R3/7/7/3K3 w - - 0 1");
    assert!(t.contains(&"d4d5".to_string()) && !t.iter().any(|m| m.starts_with("d4a4")));
    let m = game("[mc:manchu]\n", "mc");
    // A soldier before the river steps forward only; across it, sideways
    // too. An elephant does not cross the river.
    let t = tokens(m, "4k4/9/9/9/4P4/9/9/9/9/M2K1B3 w - - 0 1");
    assert!(t.contains(&"e6e7".to_string()) && t.contains(&"e6d6".to_string()));
    let t = tokens(m, "4k4/9/9/9/9/4P4/9/9/9/M2K1B3 w - - 0 1");
    assert!(t.contains(&"e5e6".to_string()) && !t.contains(&"e5d5".to_string()));
    let t = tokens(m, "4k4/9/9/9/9/9/9/9/9/M2K1B3 w - - 0 1");
    assert!(
        t.contains(&"f1d3".to_string())
            && !t.iter().any(|m| m.starts_with("f1") && m.ends_with('6'))
    );
}

/// A janggi cannon hops over no janggi cannon and takes none.
#[test]
fn janggi_cannons_neither_hop_over_nor_take_cannons() {
    let g = game("[jc:chess]\njanggiCannon = c\ncastling = false\n", "jc");
    let t = tokens(g, "4k3/8/8/8/c7/8/C7/C3K3 w - - 0 1");
    // a2 cannot take the cannon on a4; a1 cannot hop over a2.
    assert!(!t
        .iter()
        .any(|m| m.starts_with("a2a") || m.starts_with("a1a")));
    let t = tokens(g, "4k3/8/8/8/r7/8/P7/C3K3 w - - 0 1");
    assert!(t.contains(&"a1a3".to_string()) && t.contains(&"a1a4".to_string()));
}

/// Three in a row on a tic-tac-toe board wins for the side that made it;
/// `connectValue = loss` makes it lose; a square of four and a drop on
/// top of a column.
#[test]
fn shapes_win_for_the_side_that_made_them() {
    use crate::{Side, WinReason};
    let base = "[ttt]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\nstartFen = 3/3/3[PPPPPppppp] w - - 0 1\npieceDrops = true\ncastling = false\ndoubleStep = false\nconnectN = 3\n";
    let play = |g: Defined, fen: &str, token: &str| {
        let pos = g.read_fen(fen).unwrap();
        let m = Defined::parse_ply(&pos, token).unwrap();
        Defined::rule_outcome(&movegen::make(&pos, m))
    };
    let g = game(base, "ttt");
    assert_eq!(
        play(g, "3/pp1/PP1[PPPppp] w - - 0 1", "P@c1"),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Connect
        })
    );
    assert_eq!(play(g, "3/pp1/PP1[PPPppp] w - - 0 1", "P@c3"), None);
    let lose = game(&format!("{base}connectValue = loss\n"), "ttt");
    assert_eq!(
        play(lose, "3/pp1/PP1[PPPppp] w - - 0 1", "P@c1").and_then(|o| o.winner()),
        Some(Side::Black)
    );
    let square = game(&base.replace("connectN = 3", "connectNxN = 2"), "ttt");
    assert_eq!(
        play(square, "3/PP1/P2[PPPppp] w - - 0 1", "P@b1").and_then(|o| o.winner()),
        Some(Side::White)
    );
    let top = game(&format!("{base}enclosingDrop = top\n"), "ttt");
    assert_eq!(
        tokens(top, "3/3/1p1[PPpp] w - - 0 1"),
        ["P@a1", "P@b2", "P@c1"]
    );
}

/// `castlingWins = q`: Black's castling on the queen's side wins; losing
/// that right loses. `oppositeCastling`: castling on a wing takes the
/// other side's right on that wing.
#[test]
fn castlings_that_win_and_castlings_that_take_rights() {
    use crate::{Side, WinReason};
    let g = game("[cw:chess]\ncastlingWins = q\n", "cw");
    let after = |g: Defined, fen: &str, token: &str| {
        let pos = g.read_fen(fen).unwrap();
        movegen::make(&pos, Defined::parse_ply(&pos, token).unwrap())
    };
    let start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";
    assert_eq!(
        Defined::rule_outcome(&after(g, start, "e8c8")),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Castling
        })
    );
    assert_eq!(
        Defined::rule_outcome(&after(g, start, "a8b8")).and_then(|o| o.winner()),
        Some(Side::White)
    );
    assert_eq!(Defined::rule_outcome(&after(g, start, "h8g8")), None);
    let o = game("[oc:chess]\noppositeCastling = true\n", "oc");
    let pos = after(
        o,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "e1g1",
    );
    assert!(pos.to_fen().contains(" b q - "), "{}", pos.to_fen());
}

/// Cambodian chess: from their gates (the castling field's `DEde`) the
/// king leaps as a knight to the next rank, not out of check, and the met
/// jumps two squares forward; a rook aimed at the king on its gate (on an
/// empty board: through the pawn) takes its leap away (the FEN's `e`).
#[test]
fn cambodian_leaps_from_the_gates_until_a_rook_aims() {
    let g = game("[cb:cambodian]\n", "cb");
    let start = tokens(
        g,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
    );
    for leap in ["d1b2", "d1f2"] {
        assert!(start.contains(&leap.to_string()), "{leap} in {start:?}");
    }
    let met = tokens(g, "4k3/8/8/8/8/8/4P3/3KM3 w DE - 0 1");
    assert!(met.contains(&"e1e3".to_string()), "{met:?}");
    let fen = "4k3/4p3/8/8/8/8/8/3K3R w DEde - 0 1";
    for (line, fen_after, leaps) in [
        ("h1e1", "4k3/4p3/8/8/8/8/8/3KR3 b D 126 0 1", false),
        ("h1h2", "4k3/4p3/8/8/8/8/7R/3K4 b De 126 0 1", true),
    ] {
        let pos = g.read_fen(fen).unwrap();
        let after = movegen::make(&pos, Defined::parse_ply(&pos, line).unwrap());
        assert_eq!(after.to_fen(), fen_after);
        let moves = tokens(g, fen_after);
        assert_eq!(
            moves.contains(&"e8g7".to_string()),
            leaps,
            "{line}: {moves:?}"
        );
    }
    // In check, no leap.
    let checked = tokens(g, "4k3/8/8/8/8/8/8/3KR3 b De - 0 1");
    assert!(!checked.contains(&"e8c7".to_string()), "{checked:?}");
}

/// Antichess's stalemate wins for the side without a move, and the end's
/// text names that side (it named the loser as the one without a move).
#[test]
fn a_stalemate_that_wins_names_the_side_without_a_move() {
    let g = game("[ac:antichess]\n", "ac");
    let pos = g
        .read_fen("4B3/7p/7N/R7/8/8/PPPPP2P/R1BQK3 b - - 0 18")
        .unwrap();
    let end = Defined::rule_outcome(&pos).expect("Black has no move");
    assert_eq!(
        end,
        crate::Outcome::Win {
            winner: crate::Side::Black,
            reason: crate::WinReason::NoLegalMoveWins
        }
    );
    assert_eq!(end.to_string(), "Black has no legal move and wins");
}

/// Quiescence's first ply generates every noisy move and every quiet one
/// that checks by its piece's own attack, and nothing illegal; along
/// random games of games with leaps, rides, hops, regions and shaped
/// kings.
#[test]
fn quiescence_checks_hold_the_noisy_moves_and_every_direct_check() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checks = 0;
    for parent in [
        "chess",
        "capablanca",
        "grand",
        "shatranj",
        "xiangqi",
        "janggi",
        "berolina",
        "knightmate",
        "shako",
        "nightrider",
    ] {
        let g = game(&format!("[t:{parent}]\n"), "t");
        let start = g.read_fen(&g.0.start_fen).expect("the start");
        let mut pos = start.clone();
        for _ in 0..600 {
            let mut all = MoveList::new();
            Defined::generate(&pos, &mut all);
            if all.is_empty() || rules::immediate_end(&pos).is_some() {
                pos = start.clone();
                continue;
            }
            let mut got = MoveList::new();
            movegen::legal_of(&pos, movegen::Moves::NoisyAndChecks, &mut got);
            let us = pos.side.index();
            let fen = pos.to_fen();
            for &m in got.iter() {
                assert!(all.contains(&m), "{parent}: {m:?} is not legal at {fen}");
            }
            for &m in all.iter() {
                if Defined::is_noisy(&pos, m) {
                    assert!(got.contains(&m), "{parent}: noisy {m:?} missing at {fen}");
                    continue;
                }
                let child = movegen::make(&pos, m);
                let direct = child
                    .king(1 - us)
                    .is_some_and(|k| movegen::checkers(&child, k, us).any(|s| s == m.to()));
                if direct {
                    checks += 1;
                    assert!(movegen::may_check(&pos, m), "{parent}: {m:?} at {fen}");
                    assert!(got.contains(&m), "{parent}: check {m:?} missing at {fen}");
                }
            }
            pos = movegen::make(&pos, all[(next() % all.len() as u64) as usize]);
        }
    }
    assert!(checks > 100, "only {checks} checks met");
}
