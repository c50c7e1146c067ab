//! Vanguard Chess rules: FEN, tokens, the depth-1 move lists and the
//! 80-token game of the spec, and positions for each special rule.

use super::types::*;
use super::*;
use crate::prelude::*;
use crate::turns::legal_turns;
use crate::Game;

fn tokens(fen: &str) -> Vec<String> {
    let pos = Vanguard.read_fen(fen).unwrap();
    let mut t: Vec<String> = legal_turns::<Vanguard>(&pos)
        .into_iter()
        .map(|(_, token, _)| token)
        .collect();
    t.sort();
    t
}

fn fen_of(name: &str) -> String {
    let text = include_str!("../../../perft/data/vanguard.epd");
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line == format!("# {name}") {
            let entry = lines.next().unwrap();
            return entry.split(" ;").next().unwrap().to_string();
        }
    }
    panic!("no position {name}");
}

#[test]
fn start_fen_round_trips_and_hashes_agree() {
    let pos = Vanguard.start();
    assert_eq!(Vanguard::to_fen(&pos), Vanguard.spec().start_fen.as_str());
    assert_eq!(pos.hash, pos.full_hash());
    assert_eq!(pos.by_color[0].count(), 48);
    assert_eq!(pos.rights.count(), 28);
}

#[test]
fn fen_examples_of_the_spec() {
    let cases = [
        (vec!["e3e7"], "hdyfbweqkicbfydh/rnzlaamggmaalznr/ppppsssttssspppp/16/16/16/16/16/16/4S11/16/16/16/PPPP1SSTTSSSPPPP/RNZLAAMGGMAALZNR/HDYFBWEQKICBFYDH b ABCDFGJKLMNOPabcdefgjklmnop 0 1"),
        (vec!["f1g4", "f16g13", "g4h1"], "hdyfb1eqkicbfydh/rnzlaamggmaalznr/ppppsssttssspppp/6w9/16/16/16/16/16/16/16/16/6Q9/PPPPSSSTTSSSPPPP/RNZLAAMGGMAALZNR/HDYFB1EWKICBFYDH b ABCDEFGJKLMNOPabcdefgjklmnop 3 2"),
        (vec!["d3d4", "d14d13", "c2d3"], "hdyfbweqkicbfydh/rnzlaamggmaalznr/ppp1sssttssspppp/3p12/16/16/16/16/16/16/16/16/3P12/PPPZSSSTTSSSPPPP/RN1LAAMGGMAALZNR/HDYFBWEQKICBFYDH b ABCEFGJKLMNOPabcefgjklmnop 1 2"),
    ];
    for (moves, fen) in cases {
        let mut game = Game::start(Vanguard);
        for m in &moves {
            game.play_token(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        assert_eq!(Vanguard::to_fen(game.position()), fen, "{moves:?}");
        let back = Vanguard.read_fen(fen).unwrap();
        assert_eq!(Vanguard::to_fen(&back), fen);
        assert_eq!(
            back.hash,
            game.position().hash,
            "hash of a FEN equals the played hash"
        );
    }
}

#[test]
fn bad_fens_are_refused() {
    let start = Vanguard.spec().start_fen.as_str();
    let bad = [
        "",
        "16/16 w - 0 1",
        &start.replace(" w ", " x "),
        &start.replace(
            "/16/16/16/16/16/16/16/16/16/16/",
            "/16/16/16/16/16/16/16/16/16/17/",
        ),
        &start.replace("hdyfbweqkicbfydh", "hdyfbweqkicbfyd"),
        &start.replace("hdyfbweqkicbfydh", "hdyfbweqkicbfydhh"),
        &start.replace("hdyfbweqkicbfydh", "hdyfbweqxicbfydh"),
        &start.replace("ABCDEFGJKLMNOP", "ABCDEFGHJKLMNOP"),
        &start.replace("ABCDEFGJKLMNOP", "BA"),
        &start.replace(" 0 1", " x 1"),
        &start.replace(" 0 1", " 0 0"),
        &start.replace(" 0 1", ""),
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - 0 1",
        "P15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1",
        "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - 0 1",
        "kk14/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1",
    ];
    for fen in bad {
        let k_missing_white = fen.starts_with("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16");
        if k_missing_white {
            // One King is enough for a valid FEN (the other side has lost).
            assert!(Vanguard.read_fen(fen).is_ok());
            continue;
        }
        assert!(Vanguard.read_fen(fen).is_err(), "accepted: {fen}");
    }
}

#[test]
fn depth_one_move_lists_of_the_spec() {
    let lists: [(&str, &str); 8] = [
        ("wizard_swap_evasion", "h8j7 h8j9 i10j10 j7i6 j7i7 j7i8 j7k6 j7k7 j7k8"),
        ("bowman_shot", "a1a2 a1b1 a1b2 d10d11 h8d6,d6f7 h8f7 h8f9 h8g10 h8i10 h8j12,j12i10 i8i9 i8j9"),
        ("must_capture_king_prince_succeeds", "f11h12 h4h12"),
        ("no_safe_move_with_prince", "a1b1 a1b2 a2b1 a2b3 a2b4 a2c1 a2c3"),
        ("berserker_takes_king_and_prince", "e8e9 e8e9,e9d10 e8e9,e9d8 e8e9,e9d9 e8e9,e9e10 e8e9,e9e8 e8e9,e9f10 e8e9,e9f8 e8e9,e9f9"),
        ("bowman_shot_check", "a8h8 i10h10 i10h11 i10h9 i10i11 i10i9 i10j10 i10j11 i10j9"),
        ("lancer_capture_only_check", "a6e6 e7d6 e7d8 e7e6 e7f6 e7f8"),
        ("lancer", "a1a2 a1b1 a1b2 d10d11 f8f9 g10g11 h8d6 h8f4 h8f7 h8f9 h8g6 h8h10 h8i10 h8i6 h8j12 h8j4 h8j7 h8j9 h8k8 h8l6"),
    ];
    for (name, expected) in lists {
        let mut want: Vec<&str> = expected.split(' ').collect();
        want.sort();
        assert_eq!(tokens(&fen_of(name)), want, "{name}");
    }
}

#[test]
fn the_eighty_token_game_reaches_midgame_3() {
    let line = "c3c7 d15f11 b1i15 k16i15 a1a4 c15d13 f3f4 d16c15 m1j4 o14o10 \
        f1e3 c15d12 n2o4 m15k11 a4a6 d12c9 o2m1 c9c7 d2f6 c7f6 \
        n3n5 f11b9 a3a5 f6i3 k2i3,i3k2 c14c10 i2i14 b14b10 c1a1 k11g13 \
        j4i7 h15i14 k3k4 d13f11 a6a8 b9a7 a8a7 h14i13 o1i13 g13i13 \
        k4k5 h16h3 g1h3 n15p13 h3o10 f11d13 c2d2 a14a10 o10n11 d13b12 \
        n11p13 o15p13 a7a8 b12a13 a8a10 i14o8 a10c10 o8o4 i7j6 o4p3 \
        p2p3 d14d13 j6l6 b16h4 p3p13 m16p13 g3f3 n14n13 g2h4 o16h2 \
        h1h2 i15i14 c10b10 i13g12 i1h1 l15m16 l6i9 m16l15 e3b2 j14j10";
    let mut game = Game::start(Vanguard);
    for (i, t) in line.split_whitespace().enumerate() {
        game.play_token(t)
            .unwrap_or_else(|e| panic!("token {}: {t}: {e}", i + 1));
        assert_eq!(
            game.position().hash,
            game.position().full_hash(),
            "after {t}"
        );
    }
    assert_eq!(Vanguard::to_fen(game.position()), fen_of("midgame_3"));
}

#[test]
fn alternative_spellings_are_accepted_and_garbage_refused() {
    // A pass through any empty neighbour, and the forced promotion letter.
    let lion = fen_of("berserker_lion");
    let pos = Vanguard.read_fen(&lion).unwrap();
    let canonical = Vanguard::parse_turn(&pos, "h8g7,g7h8").unwrap();
    assert_eq!(Vanguard::parse_turn(&pos, "h8h7,h7h8").unwrap(), canonical);
    let promo = Vanguard.read_fen(&fen_of("promotion")).unwrap();
    let plain = Vanguard::parse_turn(&promo, "b15b16").unwrap();
    assert_eq!(Vanguard::parse_turn(&promo, "b15b16n").unwrap(), plain);
    assert!(Vanguard::parse_turn(&promo, "b15b16q")
        .unwrap_err()
        .is_illegal());
    for garbage in ["", "e2", "z1z2", "e3e7,", "a1a2,a2a3,a3a4", "é3e7", "e0e7"] {
        let e = Vanguard::parse_turn(&promo, garbage).unwrap_err();
        assert!(!e.is_illegal(), "{garbage}: {e}");
    }
    assert!(Vanguard::parse_turn(&promo, "a1a5")
        .unwrap_err()
        .is_illegal());
}

#[test]
fn endings_by_the_rules() {
    use crate::{DrawReason, Outcome, Side, WinReason};
    let mated = Vanguard
        .read_fen(&fen_of("checkmate_without_prince"))
        .unwrap();
    assert_eq!(
        Vanguard::rule_outcome(&mated),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
    let stale = Vanguard.read_fen(&fen_of("stalemate")).unwrap();
    assert_eq!(
        Vanguard::rule_outcome(&stale),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    // Capturing the King of a side without a Prince wins at once.
    let mut game = Game::from_fen(Vanguard, &fen_of("king_capture_without_prince_wins")).unwrap();
    game.play_token("h4h12").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::KingCaptured
        })
    );
    // With a Prince, it becomes the King.
    let mut game = Game::from_fen(Vanguard, &fen_of("must_capture_king_prince_succeeds")).unwrap();
    game.play_token("h4h12").unwrap();
    assert_eq!(game.position().king(1), square(12, 13));
    assert_eq!(game.outcome(), None);
}

#[test]
fn sideways_shuffles_repeat_although_they_reset_the_clock() {
    use crate::{DrawReason, Outcome};
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/6s9/16/6S9/K15 w - 0 1";
    let mut game = Game::from_fen(Vanguard, fen).unwrap();
    for t in [
        "g2h2", "g4h4", "h2g2", "h4g4", "g2h2", "g4h4", "h2g2", "h4g4",
    ] {
        assert_eq!(game.outcome(), None, "before {t}");
        game.play_token(t).unwrap();
        assert_eq!(
            game.position().halfmove,
            0,
            "a Soldier move resets the clock"
        );
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn xboard_six_field_fen_gives_rights_to_pawns_and_soldiers_on_their_start_rank() {
    let xb = "k15/16/2p1p4s1s4/16/16/16/16/16/16/16/6n9/16/7r8/2P1P1P2S1S4/16/K15 w - - 3 9";
    let pos = Vanguard.read_fen(xb).unwrap();
    // Every Pawn and Soldier on rank 3 / rank 14 gets its right, the
    // halfmove clock and move number are kept.
    assert_eq!(
        Vanguard::to_fen(&pos),
        "k15/16/2p1p4s1s4/16/16/16/16/16/16/16/6n9/16/7r8/2P1P1P2S1S4/16/K15 w CEGJLcejl 3 9"
    );
    assert_eq!(super::fen::to_xboard_fen(&pos), xb);
    // Five fields stay the spec's FEN: no rights inferred.
    let spec = Vanguard
        .read_fen("k15/16/2p1p4s1s4/16/16/16/16/16/16/16/6n9/16/7r8/2P1P1P2S1S4/16/K15 w - 3 9")
        .unwrap();
    assert!(Vanguard::to_fen(&spec).contains(" w - 3 9"));
    assert!(Vanguard
        .read_fen("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0")
        .is_err());
}

/// Positions reached by random legal play from the start and from the
/// spec's positions: crowded, open, and everything between.
fn random_positions(count: usize) -> Vec<Position> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut starts = vec![Vanguard.start()];
    for name in [
        "midgame_1",
        "midgame_3",
        "archer_shot",
        "bowman_shot",
        "berserker_lion",
        "lancer",
        "general_even_slide",
        "leapers_knight_helepolis_falconer_spy_nightrider",
        "sliders_prince_princess_chancellor_queen",
    ] {
        starts.push(pos_of(name));
    }
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = starts[out.len() % starts.len()].clone();
        for _ in 0..next(120) {
            let mut list = MoveList::new();
            Vanguard::generate(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            pos = Vanguard::make(&pos, list[next(list.len())]);
        }
        out.push(pos);
    }
    out
}

fn pos_of(name: &str) -> Position {
    Vanguard.read_fen(&fen_of(name)).unwrap()
}

/// The pieces are described twice: forward by the move generator and
/// backward by `attacked`, which check and the King's safety use. On
/// random positions, a square holding a piece is attacked by a side
/// exactly when one of that side's pseudo-legal actions captures there.
#[test]
fn attacked_agrees_with_the_generator_on_random_positions() {
    let mut checked = 0;
    for pos in random_positions(300) {
        for by in 0..2 {
            let mut mover = pos.clone();
            mover.set_side(Side::from_index(by));
            let mut actions = MoveList::new();
            movegen::pseudo_legal(&mover, &mut actions);
            for sq in mover.by_color[1 - by].iter() {
                let captured = actions.iter().any(|&a| movegen::captures_on(&mover, a, sq));
                assert_eq!(
                    mover.attacked(sq, by),
                    captured,
                    "{} attacked by side {by}: {}",
                    square_name(sq),
                    Vanguard::to_fen(&mover)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 5_000, "{checked} squares checked");
}

/// The Betza strings the pieces carry (for XBoard and the legend) are a
/// second description of the moves: where Arcana's own Betza reader (the
/// one games defined in a file use) can read a string, the squares it
/// gives each piece agree with the generator's plain moves on random
/// positions. The others need XBoard's multi-leg moves (`a`) or read
/// differently in Fairy-Stockfish's dialect, and are listed here.
#[test]
fn betza_strings_agree_with_the_generator_where_the_reader_can_say_them() {
    use crate::defined::betza::{CAPTURE, QUIET};
    use crate::defined::piece::{compile, moves_of, ride_reach, Compiled};
    // XBoard reads `nD0` as a lame dabbaba rider (every square between
    // empty) and `ncH` as a lame threeleaper; Fairy-Stockfish's dialect,
    // which the reader follows, has a dabbaba rider that jumps and lame
    // leaps only of N, A, Z and D (a lame H is no move): the General and
    // the Lancer are not compared.
    const DIALECT: &[char] = &['G', 'L'];
    let specs = pieces::pieces();
    let compiled: Vec<Option<[Compiled; 2]>> = LETTERS
        .iter()
        .map(|&l| {
            let spec = specs.iter().find(|p| p.letter == l)?;
            if DIALECT.contains(&l) {
                return None;
            }
            let moves = moves_of(spec.betza.as_deref()?).ok()?;
            Some([compile(&moves, 0, 16, 16), compile(&moves, 1, 16, 16)])
        })
        .collect();
    let readable: Vec<char> = (0..KINDS)
        .filter(|&k| compiled[k].is_some())
        .map(|k| LETTERS[k])
        .collect();
    assert_eq!(
        readable.iter().collect::<String>(),
        "KQRBPCWFSYDTIE",
        "the pieces compared"
    );
    let reach = |c: &Compiled,
                 from: Square,
                 side: usize,
                 occupied: &Board,
                 initial: usize,
                 modality: usize| {
        let mut b = c.leap[initial][modality][from];
        let rides = c.rides[initial][modality];
        if rides != 0 {
            b |= ride_reach(rides, from, side, occupied, &Board::EMPTY, 16, 16)
                & c.pseudo[initial][modality][from];
        }
        b
    };
    let mut compared = 0;
    for pos in random_positions(200) {
        let us = pos.side.index();
        let mut actions = MoveList::new();
        movegen::pseudo_legal(&pos, &mut actions);
        let occupied = pos.occupied();
        for from in pos.by_color[us].iter() {
            let Some((_, kind)) = pos.piece(from) else {
                continue;
            };
            let Some(c) = &compiled[kind] else {
                continue;
            };
            let c = &c[us];
            let theirs: Board = actions
                .iter()
                .filter(|a| a.from() == from && a.kind() == ActionKind::Normal)
                .map(|a| a.to())
                .collect();
            let mut ours = (reach(c, from, us, &occupied, 0, QUIET) & !occupied)
                | (reach(c, from, us, &occupied, 0, CAPTURE) & pos.by_color[1 - us]);
            if pos.rights.has(from) {
                ours |= reach(c, from, us, &occupied, 1, QUIET) & !occupied;
            }
            assert_eq!(
                ours.iter().map(square_name).collect::<Vec<_>>(),
                theirs.iter().map(square_name).collect::<Vec<_>>(),
                "{} on {}: Betza {:?} against the generator in {}",
                LETTERS[kind],
                square_name(from),
                specs
                    .iter()
                    .find(|p| p.letter == LETTERS[kind])
                    .and_then(|p| p.betza.clone()),
                Vanguard::to_fen(&pos)
            );
            compared += 1;
        }
    }
    assert!(compared > 2_000, "{compared} pieces compared");
}

/// Vanguard's evaluation as named weights (see
/// [`crate::weights::check_weights_of`]); the compiled-in ones are the
/// hand-set evaluation.
#[test]
fn vanguard_takes_weights_at_run_time() {
    let start = Vanguard.spec().start_fen.clone();
    let names = Vanguard.eval_weights().unwrap().names;
    assert!(names.contains(&"value Z".to_string()), "{names:?}");
    assert!(names.contains(&"advance P".to_string()), "{names:?}");
    crate::weights::check_weights_of(
        Vanguard,
        &[start.as_str()],
        &[
            ("value Q", [1200, 900]),
            ("tempo", [40, 40]),
            ("activity N", [5, 1]),
        ],
    );
}
