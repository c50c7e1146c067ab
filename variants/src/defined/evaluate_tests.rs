//! The evaluation of defined games: what it knows of a game's pieces and
//! board, and each term counted where it should be.

use super::evaluate::{param::*, term_counts};
use super::position::signed;
use super::tests::{game, CHESS};
use super::*;

/// A square by its name (`b2`) on the 16-wide board of defined games.
fn sq(name: &str) -> usize {
    let file = (name.as_bytes()[0] - b'a') as usize;
    let rank: usize = name[1..].parse().expect("a rank");
    (rank - 1) * 16 + file
}

fn counts(g: &Defined, fen: &str) -> Vec<i32> {
    term_counts(&g.read_fen(fen).expect("the FEN reads")).0
}

/// Pawns that take one step diagonally forward are known, so that their
/// attacks are found for all at once: chess's and chess16's pawns (the
/// grid's last file included), not shogi's nor Berolina's; the steps
/// never wrap to another rank.
#[test]
fn diagonal_pawns_are_known_by_their_captures() {
    for (ini, name, known) in [
        ("[capa:capablanca]\n", "capa", true),
        ("[b:berolina]\n", "b", false),
        ("[s:shogi]\n", "s", false),
        (
            "[sixteen]\nmaxFile = 16\nmaxRank = 16\npawn = p\nrook = r\nking = k\n\
             startFen = r14k/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/R14K w - - 0 1\n\
             promotionRegionWhite = *16\npromotionRegionBlack = *1\npromotionPieceTypes = r\n",
            "sixteen",
            true,
        ),
    ] {
        let g = game(ini, name);
        let pawn = g.0.type_of('p').expect("a pawn");
        for side in 0..2 {
            let found = g.0.eval.diagonal_pawns[side] & (1 << pawn) != 0;
            assert_eq!(found, known, "{name} side {side}");
        }
    }
    let steps = |squares: &[&str], side| {
        let mut b = super::piece::Board::EMPTY;
        for s in squares {
            b.set(sq(s));
        }
        let mut names: Vec<usize> = super::eval::diagonal_steps(b, side).iter().collect();
        names.sort();
        names
    };
    assert_eq!(steps(&["a2", "p2"], 0), vec![sq("b3"), sq("o3")]);
    assert_eq!(steps(&["a7", "p7"], 1), vec![sq("b6"), sq("o6")]);
    assert_eq!(steps(&["e4"], 1), vec![sq("d3"), sq("f3")]);
}

/// Colour-bound and file-riding types, phases, zones and the ranks to
/// promotion, on Capablanca's 10x8 board.
#[test]
fn the_evaluation_knows_a_games_pieces_and_board() {
    let g = game("[capa:capablanca]\n", "capa");
    let def = g.0;
    let info = &def.eval;
    let ty = |c: char| def.type_of(c).expect("a piece");
    let has = |set: u64, c: char| set & (1 << ty(c)) != 0;
    assert!(has(info.colour_bound, 'b'));
    for c in ['n', 'r', 'q', 'a', 'c', 'k', 'p'] {
        assert!(!has(info.colour_bound, c), "{c}");
    }
    for c in ['r', 'q', 'c'] {
        assert!(has(info.file_riders, c), "{c}");
    }
    for c in ['n', 'b', 'a', 'k', 'p'] {
        assert!(!has(info.file_riders, c), "{c}");
    }
    assert!(has(info.same_moves, 'r') && !has(info.same_moves, 'p'));
    // Knights and bishops 1, rooks 2, the archbishop 3, the queen and
    // the chancellor 4: 2 + 2 + 4 + 3 + 4 + 4 = 19 a side.
    assert_eq!(info.phase[ty('n')], 1);
    assert_eq!(info.phase[ty('r')], 2);
    assert_eq!(info.phase[ty('q')], 4);
    assert_eq!(info.phase[ty('k')], 0);
    assert_eq!(info.phase[ty('p')], 0);
    assert_eq!(info.phase[ty('a')], 3);
    assert_eq!(info.full_phase, 38);
    assert_eq!(info.steps[0][sq("b2")], 6);
    assert_eq!(info.steps[1][sq("b2")], 1);
    assert_eq!(info.steps[0][sq("j7")], 1);
    assert_eq!(def.around[sq("a1")].count(), 4);
    assert_eq!(def.around[sq("e4")].count(), 9);
    // Ahead of a white pawn on a2: the a and b files, ranks 3 to 8.
    assert_eq!(info.span[0][sq("a2")].count(), 12);
    assert_eq!(info.span[1][sq("a2")].count(), 2);
}

#[test]
fn pawn_terms_count_passed_isolated_doubled_and_supported_pawns() {
    let g = game(CHESS, "mychess");
    // White: e5 passed (3 ranks to go), doubled c-pawns (isolated both),
    // nothing supported. Black: a7 passed (6 to go), isolated.
    let c = counts(&g, "4k3/p7/8/4P3/8/2P5/2P5/4K3 w - - 0 1");
    assert_eq!(c[PASSED + 3], 1);
    assert_eq!(c[PASSED + 6], -1);
    // c3 is passed too (nothing on b, c, d ahead), c2 is not (c3 ahead).
    assert_eq!(c[PASSED + 5], 1);
    assert_eq!((1..8).map(|i| c[PASSED + i]).sum::<i32>(), 2 - 1);
    assert_eq!(c[ISOLATED], 3 - 1);
    assert_eq!(c[DOUBLED], 1);
    assert_eq!(c[SUPPORTED], 0);
    // A black pawn on d7 stops e5 (and stands on its own file only).
    let c = counts(&g, "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[PASSED + 3], 0);
    // f4 defends e5.
    let c = counts(&g, "4k3/8/8/4P3/5P2/8/8/4K3 w - - 0 1");
    assert_eq!(c[SUPPORTED], 1);
    assert_eq!(c[ISOLATED], 0);
}

#[test]
fn threats_count_pawn_attacks_lesser_attackers_and_loose_pieces() {
    let g = game(CHESS, "mychess");
    // The d4 pawn attacks the knight on e5; the knight on f3 attacks the
    // rook on g5, a piece worth clearly more, which nothing defends; the
    // knights attack each other (the same worth), and the rook defends
    // e5 along the rank, the knight on f3 the pawn.
    let c = counts(&g, "4k3/8/8/4n1r1/3P4/5N2/8/4K3 w - - 0 1");
    assert_eq!(c[THREAT_BY_PAWN], 1);
    assert_eq!(c[THREAT_BY_LESSER], 1);
    // Loose: the rook on g5 (for White), the knight on f3 (for Black).
    assert_eq!(c[HANGING], 1 - 1);
    // Without the rook the knight on e5 hangs too.
    let c = counts(&g, "4k3/8/8/4n3/3P4/5N2/8/4K3 w - - 0 1");
    assert_eq!(c[HANGING], 1 - 1);
    assert_eq!(c[THREAT_BY_LESSER], 0);
    let c = counts(&g, "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(c[HANGING], 1);
}

#[test]
fn king_terms_count_shelter_attacks_and_safe_checks() {
    let g = game(CHESS, "mychess");
    let quiet = counts(&g, "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    assert_eq!(quiet[SHELTER], 0, "three pawns each");
    assert_eq!(quiet[KING_DANGER], 0);
    // A queen and a rook bear on Black's castle; White's king sits alone.
    let c = counts(&g, "6k1/5ppp/8/6Q1/8/8/8/4RK2 w - - 0 1");
    assert_eq!(c[SHELTER], -3);
    assert_eq!(c[KING_DANGER], 0, "the rook misses the zone");
    // The rook up the f-file hits f7: two attackers, Black in danger
    // (counted for Black: negative).
    let c = counts(&g, "6k1/5ppp/8/6Q1/8/8/8/5RK1 w - - 0 1");
    assert!(c[KING_DANGER] < 0, "{c:?}");
    // The queen can check from d8, which Black does not guard; Black has
    // no piece to check with.
    assert!(c[SAFE_CHECK] > 0, "{c:?}");
}

#[test]
fn weak_squares_unsafe_checks_king_files_and_space_count() {
    let g = game(CHESS, "mychess");
    let c = counts(&g, "6k1/5ppp/8/6Q1/8/8/8/4RK2 w - - 0 1");
    // White's king has no pawn on the e, f and g files; Black's has one
    // on each of its three.
    assert_eq!(c[KING_FILES], 3);
    // The queen hits g7, which only Black's king guards (counted for
    // Black: negative); nothing of Black's reaches White's king.
    assert_eq!(c[WEAK_ZONE], -1, "{c:?}");
    // The queen checks from d8 and the rook from e8 safely, the queen
    // from g7 only by taking a guarded pawn; Black has nothing to check
    // with.
    assert_eq!(c[SAFE_CHECK], 2, "{c:?}");
    assert_eq!(c[UNSAFE_CHECK], 1, "{c:?}");
    let start = counts(
        &g,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(start[SPACE], 0);
    // White's centre pawns gain it the c to f files behind them.
    let c = counts(
        &g,
        "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1",
    );
    assert_eq!(c[SPACE], 12 * 13 * 13 / 256 - 4 * 13 * 13 / 256, "{c:?}");
}

#[test]
fn connected_pawns_outposts_and_king_races_count() {
    let g = game(CHESS, "mychess");
    // d2 and e2 stand side by side, six ranks from promotion each.
    let c = counts(&g, "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    assert_eq!(c[PHALANX], 2);
    assert_eq!(c[CONNECTED], 2 * (8 - 6));
    // d2 defends e3: only e3 is connected.
    let c = counts(&g, "4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1");
    assert_eq!(c[PHALANX], 0);
    assert_eq!(c[CONNECTED], 8 - 5);
    // A knight on e5 that d4 defends and no black pawn can chase.
    let c = counts(&g, "4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(c[OUTPOST], 1);
    // ... which f7 could chase; on e3 it is at home; a rook is no minor.
    for fen in [
        "4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/4N3/3P4/4K3 w - - 0 1",
        "4k3/8/8/4R3/3P4/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(counts(&g, fen)[OUTPOST], 0, "{fen}");
    }
    // The bishop on c1 (dark) shares its colour with d2, not e2.
    let c = counts(&g, "4k3/8/8/8/8/8/3PP3/2B1K3 w - - 0 1");
    assert_eq!(c[COLOUR_PAWNS], 1);
    // e6 is passed, two ranks from promotion (nearness 22 - 10); the
    // square ahead, e7, is 6 squares (counted 5) from White's king and 4
    // from Black's.
    let c = counts(&g, "k7/8/4P3/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[PASSED_KING_OURS], 12 * 5);
    assert_eq!(c[PASSED_KING_THEIRS], 12 * 4);
    // Far from promotion the race counts nothing.
    let c = counts(&g, "k7/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert_eq!((c[PASSED_KING_OURS], c[PASSED_KING_THEIRS]), (0, 0));
    // One queen on Black's king's zone: no danger (one attacker), but
    // its attack units count.
    let c = counts(&g, "6k1/5ppp/8/6Q1/8/8/8/4RK2 w - - 0 1");
    assert_eq!(c[KING_DANGER], 0);
    assert!(c[KING_ZONE] < 0, "{c:?}");
    // Each type's mobility counts apart, and adds up to the shared term.
    let c = counts(&g, "4k3/8/8/8/3N4/8/8/R3K3 w - - 0 1");
    let ty = |ch: char| g.0.type_of(ch).expect("a piece");
    let (n, r) = (
        c[eval::mobility_param(ty('n'))],
        c[eval::mobility_param(ty('r'))],
    );
    assert!(n != 0 && r != 0, "{c:?}");
    assert_eq!(n + r, c[MOBILITY]);
}

#[test]
fn flag_races_and_extinction_pressure_count() {
    let g = game(
        "[koth:chess]\nflagPiece = k\nflagRegionWhite = d4 e4 d5 e5\nflagRegionBlack = d4 e4 d5 e5\n",
        "koth",
    );
    assert!(g.0.eval.unbounded);
    // Both kings reach two of the centre's squares in three steps:
    // 64 x 2 / (2 + 9) each.
    let c = counts(&g, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[FLAG], 0);
    // White's king reaches d4 and e4 in one step: 64 x 2 / (2 + 1).
    let c = counts(&g, "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    assert_eq!(c[FLAG], 42 - 11);
    // A rook along the fourth rank holds d4 and e4: a move more.
    let c = counts(&g, "4k3/8/8/8/r7/4K3/8/8 w - - 0 1");
    assert_eq!(c[FLAG], 64 * 2 / (2 + 4) - 11);
    // Knights must not die out: one knight left is under more pressure
    // than two; even numbers even out.
    let g = game(
        "[ext:chess]\nextinctionValue = loss\nextinctionPieceTypes = n\n",
        "ext",
    );
    assert!(g.0.eval.unbounded);
    let c = counts(&g, "1n2k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert!(c[EXTINCTION] < -100, "{c:?}");
    let c = counts(&g, "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
    assert_eq!(c[EXTINCTION], 0);
    // Chess has neither.
    let g = game(CHESS, "mychess");
    assert!(!g.0.eval.unbounded);
    let c = counts(&g, "1n2k1n1/8/8/8/8/4K3/8/6N1 w - - 0 1");
    assert_eq!((c[FLAG], c[EXTINCTION]), (0, 0));
}

#[test]
fn file_riders_and_colour_bound_pairs_count() {
    let g = game(CHESS, "mychess");
    // The a-rook's file is open, the d-rook's half open (a black pawn),
    // the h-rook's closed; two white bishops on both colours, two black
    // bishops on one.
    let c = counts(&g, "4k3/3p3p/8/1b1b4/8/8/7P/RBBRK2R w - - 0 1");
    assert_eq!(c[FILE_OPEN], 1);
    assert_eq!(c[FILE_HALF_OPEN], 1);
    assert_eq!(c[COLOUR_PAIR], 1, "only White's pair counts");
}

/// Tapering: the phase falls with the pieces, and a king is pulled home
/// in the middle game and to the centre in the endgame.
#[test]
fn the_king_comes_out_as_the_board_empties() {
    let g = game(CHESS, "mychess");
    let def = g.0;
    let phase = |fen: &str| term_counts(&g.read_fen(fen).expect("the FEN reads")).1;
    assert_eq!(def.eval.full_phase, 24);
    assert_eq!(
        phase("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        24
    );
    assert_eq!(phase("r3k3/pppp4/8/8/8/8/8/4K2Q w - - 0 1"), 6);
    assert_eq!(phase("4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1"), 0);
    let king = def.type_of('k').expect("a king");
    let [home_mg, home_eg] = def.square_value(0, king, sq("e1"));
    let [centre_mg, centre_eg] = def.square_value(0, king, sq("e4"));
    assert!(centre_mg < home_mg && centre_eg > home_eg);
}

/// Positions along a game of Capablanca, picked by a fixed sequence of
/// legal moves: for checking that the trace adds up to the evaluation.
fn capablanca_positions(g: &Defined) -> Vec<Position> {
    let mut pos = g.start();
    let mut out = vec![pos.clone()];
    let mut seed = 11u64;
    for _ in 0..60 {
        let mut moves = MoveList::new();
        Defined::generate(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let (s, r) = crate::zobrist::splitmix64(seed);
        seed = s;
        pos = pos.make(moves[(r % moves.len() as u64) as usize]);
        out.push(pos.clone());
    }
    out
}

#[test]
fn the_trace_adds_up_to_the_evaluation() {
    let g = game("[capa:capablanca]\n", "capa");
    let weights: Vec<[f64; 2]> = g.0.eval.weights.iter().map(|w| w.map(f64::from)).collect();
    let mut phases = std::collections::BTreeSet::new();
    for pos in capablanca_positions(&g) {
        let trace = Defined::eval_trace(&pos).expect("a trace");
        let white = trace.evaluate(&weights);
        let ours = signed(pos.side.index(), Defined::evaluate(&pos));
        // The evaluation rounds once, at its taper.
        assert!(
            (white - f64::from(ours)).abs() <= 1.0,
            "{}: {white} {ours}",
            pos.to_fen()
        );
        phases.insert((trace.phase * 100.0) as i32);
    }
    assert!(
        phases.len() > 3,
        "the walk reaches several phases: {phases:?}"
    );
}

#[test]
fn a_games_weights_are_named_and_change_its_evaluation() {
    let g = game("[capa:capablanca]\n", "capa");
    let w = g.eval_weights().expect("weights");
    assert_eq!(w.names.len(), w.values.len());
    assert_eq!(w.names[MOBILITY], "mobility");
    assert_eq!(w.names[PASSED + 3], "passed 3");
    let pawn = w
        .names
        .iter()
        .position(|n| n == "value P")
        .expect("value P");
    assert_eq!(w.names[pawn + 1], "square P");
    assert_eq!(w.rules, g.0.rules_hash);
    // Another pawn's value: a position with an extra white pawn gains
    // the difference, twice as the taper has both phases.
    let fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    let up = "rnabqkbcnr/ppppppppp1/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    let mut richer = w.clone();
    richer.values[pawn] = [w.values[pawn][0] + 100, w.values[pawn][1] + 100];
    let g2 = g
        .with_eval_weights(&richer)
        .expect("the game's own weights");
    let score = |g: &Defined, f: &str| Defined::evaluate(&g.read_fen(f).unwrap());
    assert_eq!(score(&g2, fen), score(&g, fen));
    assert_eq!(score(&g2, up) - score(&g, up), 100);
    assert_eq!(g2.eval_weights().unwrap().values, richer.values);
    // The same weights again give the same game, not another copy.
    let g3 = g.with_eval_weights(&richer).expect("again");
    assert!(std::ptr::eq(g2.0, g3.0));
    // The rules are the same game's; another game's weights are refused.
    assert_eq!(g2.0.rules_hash, g.0.rules_hash);
    let chess = game(CHESS, "mychess");
    assert!(chess.with_eval_weights(&w).is_err());
}

#[test]
fn the_rules_hash_follows_the_rules_not_the_file() {
    let hash = |text: &str, name: &str| game(text, name).0.rules_hash;
    let a = hash("[g:chess]\nmaxRank = 8\nmaxFile = 8\n", "g");
    // Comments, blank lines, the order of keys and the section's name do
    // not change the rules; a parent's key said again neither.
    let b = hash("# a comment\n[h:chess]\nmaxFile = 8\n\nmaxRank = 8\n", "h");
    assert_eq!(a, b);
    assert_eq!(hash("[c:capablanca]\n", "c"), hash("[d:capablanca]\n", "d"));
    assert_ne!(a, hash("[g:chess]\nnMoveRule = 100\n", "g"));
    // A piece's moves are its rules too.
    assert_ne!(
        hash("[g:chess]\ncustomPiece1 = a:NB\n", "g"),
        hash("[g:chess]\ncustomPiece1 = a:NR\n", "g")
    );
}

/// The endgame part is scaled down as Stockfish scales chess's: a side
/// without pawns at most a minor piece ahead rarely wins, a side with few
/// pawns less often than its material says; the trace carries the scale.
#[test]
fn the_endgame_scales_by_pawns_and_material() {
    let g = game(CHESS, "mychess");
    let weights: Vec<[f64; 2]> = g.0.eval.weights.iter().map(|w| w.map(f64::from)).collect();
    for (fen, scale) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            64,
        ),
        // A lone knight; a rook against a knight: an eighth.
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", 8),
        ("4k3/8/8/8/8/8/8/3NK3 b - - 0 1", 8),
        ("4k3/8/8/2n5/8/8/8/3RK3 w - - 0 1", 8),
        // A lone rook: no pawns, 36; three pawns to two: 36 + 21.
        ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", 36),
        ("4k3/pp6/8/8/8/8/PPP5/3RK3 w - - 0 1", 57),
        // Black is the stronger side: its two pawns count.
        ("3rk3/pp6/8/8/8/8/8/4K3 w - - 0 1", 50),
    ] {
        let pos = g.read_fen(fen).expect("the FEN reads");
        let trace = Defined::eval_trace(&pos).expect("a trace");
        assert_eq!(trace.eg_scale, f64::from(scale) / 64.0, "{fen}");
        let ours = signed(pos.side.index(), Defined::evaluate(&pos));
        // The evaluation rounds twice: at the scale and at the taper.
        assert!(
            (trace.evaluate(&weights) - f64::from(ours)).abs() <= 2.0,
            "{fen}"
        );
    }
    let eval = |fen: &str| Defined::evaluate(&g.read_fen(fen).expect("the FEN reads"));
    assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 60);
    assert!(eval("4k3/8/8/8/8/8/8/3RK3 w - - 0 1") > 250);
}

#[test]
fn imbalance_counts_each_pair_of_types_on_the_board() {
    let g = game("[capa:capablanca]\n", "capa");
    let def = g.0;
    let n = def.pieces.len();
    let ty = |ch: char| def.type_of(ch).expect("a piece");
    // White: two knights, an archbishop, three pawns; Black: a rook, a
    // chancellor, a pawn.
    let c = counts(&g, "r3c1k3/p9/10/10/10/10/PPP7/1N2KA2N1 w - - 0 1");
    let ours = |x: char, y: char| {
        let (a, b) = (ty(x).max(ty(y)), ty(x).min(ty(y)));
        c[eval::imbalance_ours_param(n, a, b)]
    };
    assert_eq!(ours('n', 'p'), 2 * 3);
    assert_eq!(ours('n', 'n'), 2 * 2);
    assert_eq!(ours('a', 'n'), 2);
    assert_eq!(ours('p', 'p'), 3 * 3 - 1);
    assert_eq!(ours('r', 'c'), -1, "Black's");
    assert_eq!(ours('k', 'p'), 0, "the king is left out");
    // A white pawn against a black rook counts for the pawn's type or the
    // rook's, whichever comes later: their counts times the enemy's.
    let (p, r) = (ty('p'), ty('r'));
    let theirs = if p > r {
        c[eval::imbalance_theirs_param(n, p, r)]
    } else {
        -c[eval::imbalance_theirs_param(n, r, p)]
    };
    assert_eq!(
        theirs, 3,
        "three pawns against a rook, less no rook's against a pawn"
    );
    // Names and places agree, every pair once.
    let names = eval::weight_names(def);
    assert_eq!(names.len(), def.eval.weights.len());
    assert_eq!(
        names.iter().filter(|s| s.starts_with("imbalance ")).count(),
        n * n
    );
    assert_eq!(names[eval::imbalance_ours_param(n, 1, 0)], {
        let l: Vec<char> = def.pieces.iter().map(|p| p.letter).collect();
        format!("imbalance {} ours {}", l[1], l[0])
    });
    assert_eq!(
        eval::imbalance_theirs_param(n, n - 1, n - 2),
        names.len() - 1
    );
}

#[test]
fn fitted_imbalance_weights_count_in_the_evaluation_as_in_its_trace() {
    // Capablanca with its imbalance weights at zero (its fitted file
    // may set them): the evaluation skips the imbalance.
    let fitted = game("[capa:capablanca]\n", "capa");
    let mut w = fitted.eval_weights().expect("weights");
    let imbalance: Vec<usize> = (0..w.names.len())
        .filter(|&i| w.names[i].starts_with("imbalance "))
        .collect();
    for &i in &imbalance {
        w.values[i] = [0, 0];
    }
    let g = fitted
        .with_eval_weights(&w)
        .expect("the game's own weights");
    assert!(!g.0.eval.imbalance, "none while every weight is zero");
    for &i in &imbalance {
        w.values[i] = [(i % 7) as i32 - 3, (i % 5) as i32 - 2];
    }
    let g2 = g.with_eval_weights(&w).expect("the game's own weights");
    assert!(g2.0.eval.imbalance);
    let weights: Vec<[f64; 2]> = g2.0.eval.weights.iter().map(|w| w.map(f64::from)).collect();
    let mut differ = 0;
    for pos in capablanca_positions(&g2) {
        let trace = Defined::eval_trace(&pos).expect("a trace");
        let ours = signed(pos.side.index(), Defined::evaluate(&pos));
        assert!((trace.evaluate(&weights) - f64::from(ours)).abs() <= 1.0);
        let before = g.read_fen(&pos.to_fen()).expect("the FEN reads");
        differ += usize::from(Defined::evaluate(&before) != Defined::evaluate(&pos));
    }
    assert!(differ > 0, "the imbalance moved some scores");
    // The evaluation keeps each signature's imbalance in a cache: a game
    // given other weights, evaluated by turns with the first on the same
    // positions, still gets its own (as its trace says), and the first
    // still its own.
    for &i in &imbalance {
        w.values[i] = [(i % 5) as i32 - 2, (i % 3) as i32 - 1];
    }
    let g3 = g.with_eval_weights(&w).expect("the game's own weights");
    let weights3: Vec<[f64; 2]> = g3.0.eval.weights.iter().map(|w| w.map(f64::from)).collect();
    let mut apart = 0;
    for _ in 0..2 {
        for pos in capablanca_positions(&g2) {
            let other = g3.read_fen(&pos.to_fen()).expect("the FEN reads");
            let (a, b) = (Defined::evaluate(&pos), Defined::evaluate(&other));
            for (p, e, weights) in [(&pos, a, &weights), (&other, b, &weights3)] {
                let trace = Defined::eval_trace(p).expect("a trace");
                let ours = f64::from(signed(p.side.index(), e));
                assert!((trace.evaluate(weights) - ours).abs() <= 1.0);
            }
            apart += usize::from(a != b);
        }
    }
    assert!(apart > 0, "the two sets of weights give different scores");
}

/// The pawn terms come from a cache keyed by the pawns, the kings and the
/// holes: positions alike but for a king's square (which the passed
/// pawns' king race counts), evaluated by turns, each get their own.
#[test]
fn the_pawn_cache_knows_the_kings() {
    let g = game("[capa:capablanca]\n", "capa");
    let weights: Vec<[f64; 2]> = g.0.eval.weights.iter().map(|w| w.map(f64::from)).collect();
    let fens = [
        "4k5/10/10/10/4P5/10/10/4K5 w - - 0 1",
        "4k5/10/10/10/4P5/10/10/K9 w - - 0 1",
        "k9/10/10/10/4P5/10/10/4K5 w - - 0 1",
    ];
    let mut scores = std::collections::BTreeSet::new();
    for _ in 0..2 {
        for fen in fens {
            let pos = g.read_fen(fen).expect("the FEN reads");
            let ours = signed(pos.side.index(), Defined::evaluate(&pos));
            let trace = Defined::eval_trace(&pos).expect("a trace");
            assert!(
                (trace.evaluate(&weights) - f64::from(ours)).abs() <= 1.0,
                "{fen}"
            );
            scores.insert(ours);
        }
    }
    assert_eq!(
        scores.len(),
        3,
        "the kings' squares move the score: {scores:?}"
    );
}
