use super::movegen::{count_legal, for_each_legal};
use super::types::*;
use super::*;
use crate::prelude::*;
use crate::{DrawReason, Game};

fn pos(fen: &str) -> Position {
    AdvancedWizard
        .read_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn tokens(p: &Position) -> Vec<String> {
    let mut v = Vec::new();
    for_each_legal(p, |a| v.push(AdvancedWizard::turn_to_token(p, &[a])));
    v.sort();
    v
}

const EPD: &str = include_str!("../../../perft/data/advancedwizard.epd");

fn suite_fens() -> Vec<&'static str> {
    EPD.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" ;").next().unwrap().trim())
        .collect()
}

#[test]
fn fen_round_trips_for_the_spec_examples_and_every_suite_position() {
    let examples = [
        AdvancedWizard.spec().start_fen.as_str(),
        "7z1/9/2h6/5W3/3hA4/9/6g2/9/Z8|9/9/9/3e5/9/5e3/9/9/9 b - w - 0 2",
        "1z4D~2/2a3H^2/2W6/9/9/9/9/9/Z8|9/9/9/9/9/9/9/9/9 b - - D 0 2",
    ];
    for fen in examples.iter().copied().chain(suite_fens()) {
        assert_eq!(AdvancedWizard::to_fen(&pos(fen)), fen);
    }
}

#[test]
fn bad_fens_are_refused_with_a_reason() {
    let start = AdvancedWizard.spec().start_fen.as_str();
    let cases = [
        (start.replace('|', "/"), "'|'"),
        (start.replace(" b Zz", " x Zz"), "side to move"),
        (
            start.replace("dpagzgapd/", "dpagzgapz/"),
            "more than one Wizard",
        ),
        (
            start.replace("DPAGZGAPD|", "DPAG1GAPD|"),
            "exactly one Wizard",
        ),
        (
            start.replace("E1E1E1E1E b", "E1E1E1A1E b"),
            "cannot stand on the Sky",
        ),
        (start.replace("DPAGZGAPD|", "DPA*GZGAPD|"), "mark"),
        (start.replace("/9/9/9/W*", "/9/9/8/W*"), "8 squares"),
        (start.replace(" - - 0 1", " - DDD 0 1"), "two Dragons"),
        (
            "7z1/9/2h6/5W3/3hA4/9/6g2/9/Z8|9/9/9/3e5/9/5e3/9/9/9 w - w - 0 2".to_string(),
            "reserve",
        ),
        (start.replace(" 0 1", " 0"), "7 fields"),
        (
            "4z4/9/9/9/9/9/9/9/4Z4|9/9/9/9/9/9/9/9/9 b - - - 0 1".to_string(),
            "not to move is in check",
        ),
    ];
    for (fen, why) in cases {
        let e = AdvancedWizard.read_fen(&fen).expect_err(&fen).to_string();
        assert!(e.contains(why), "{fen}: '{e}' lacks '{why}'");
    }
}

#[test]
fn every_legal_token_reads_back_as_its_turn() {
    for fen in suite_fens() {
        let p = pos(fen);
        for_each_legal(&p, |a| {
            let t = AdvancedWizard::turn_to_token(&p, &[a]);
            assert_eq!(
                AdvancedWizard::parse_turn(&p, &t).unwrap(),
                vec![a],
                "{fen}: {t}"
            );
        });
    }
}

#[test]
fn tokens_of_the_special_actions() {
    // Black moves first; the Dragon's cannon capture over Eb8 is legal.
    let start = AdvancedWizard.start();
    assert_eq!(AdvancedWizard::side_to_move(&start), Side::Black);
    let t = tokens(&start);
    assert!(t.contains(&"Ea9Eh2".to_string()) && t.contains(&"Ei9Eb2".to_string()));
    // Archer shots into the Sky and over an Earth piece.
    let archer = pos("7z1/9/2h3w2/5W3/3hA4/9/6g2/9/Z8|9/9/9/3e5/9/5e3/9/9/9 w - - - 0 1");
    let t = tokens(&archer);
    for shot in ["Ee5Sd6,Sd6Ee5", "Ee5Eg7,Eg7Ee5", "Ee5Sf4,Sf4Ee5"] {
        assert!(t.contains(&shot.to_string()), "{shot} in {t:?}");
    }
    assert!(!t.contains(&"Ee5Ec7,Ec7Ee5".to_string()));
    // After the shot at Eg7 Black's four X squares are free: its turn
    // begins with placing the Warrior.
    let shot = AdvancedWizard::parse_turn(&archer, "Ee5Eg7,Eg7Ee5").unwrap();
    let after = AdvancedWizard::make(&archer, shot[0]);
    assert_eq!(
        AdvancedWizard::to_fen(&after),
        "7z1/9/2h6/5W3/3hA4/9/6g2/9/Z8|9/9/9/3e5/9/5e3/9/9/9 b - w - 0 2"
    );
    let t = tokens(&after);
    assert!(t.iter().all(|t| t.starts_with("W@E")), "{t:?}");
    for x in ["W@Eb8,", "W@Ec8,", "W@Eg8,", "W@Eh8,"] {
        assert!(t.iter().any(|t| t.starts_with(x)), "{x}");
    }
    // The placed Warrior has its first move at once.
    let placed = AdvancedWizard::parse_turn(&after, "W@Eb8,Eb8Eb6").unwrap();
    let next = AdvancedWizard::make(&after, placed[0]);
    assert!(
        AdvancedWizard::to_fen(&next).starts_with("7z1/9/2h6/1w3W3/"),
        "{}",
        AdvancedWizard::to_fen(&next)
    );
    // Eagle swoop, Dragon launch, Pegasus landing with a capture.
    let eagle = pos("7z1/1aa3a2/9/3h1w3/9/3g1H3/9/9/Z8|9/9/3p5/5e3/4Ed3/9/2e6/9/9 w - - - 0 1");
    assert!(tokens(&eagle)
        .iter()
        .any(|t| t.contains(',') && t.starts_with("Se5E")));
    let pegasus = pos("2g4z1/9/4h4/9/9/3WP4/9/9/Z8|9/9/2Pe5/4e4/9/9/9/9/9 w - - - 0 1");
    assert!(tokens(&pegasus).contains(&"Sc7Ec9".to_string()));
}

#[test]
fn promotion_quest_and_resurrection() {
    let quest = pos("1z4h2/2a3H^2/2W1G4/9/9/9/9/9/Z8|9/9/9/9/9/9/9/9/9 w - - DD 0 1");
    let t = tokens(&quest);
    // The Warrior entering the camp: promote or declare a quest.
    assert!(
        t.contains(&"Ec7Eb8h".to_string()) && t.contains(&"Ec7Eb8q".to_string()),
        "{t:?}"
    );
    // The questing Hero reaching rank 9 resurrects a Dragon.
    let d: Vec<&String> = t.iter().filter(|t| t.ends_with('d')).collect();
    assert!(!d.is_empty(), "{t:?}");
    let a = AdvancedWizard::parse_turn(&quest, d[0]).unwrap()[0];
    let after = AdvancedWizard::make(&quest, a);
    let fen = AdvancedWizard::to_fen(&after);
    assert!(fen.contains("D~") && fen.ends_with(" b - - D 1 2"), "{fen}");
    // A bare promotion token means the promotion.
    let bare = AdvancedWizard::parse_turn(&quest, "Ec7Eb8").unwrap()[0];
    assert_eq!(bare.suffix(), Suffix::Promote);
    assert!(AdvancedWizard::parse_turn(&quest, "Ec7Eb8x").is_err());
    assert!(AdvancedWizard::parse_turn(&quest, "garbage").is_err());
    assert!(AdvancedWizard::parse_turn(&quest, "Ea1Ea9")
        .unwrap_err()
        .is_illegal());
}

#[test]
fn teleport_keeps_marks_and_is_used_once() {
    let p = pos("7z1/9/5p3/9/7H1/9/1W*7/5A3/3Z5|9/9/9/9/9/9/9/3E5/9 w Zz - - 0 1");
    let t = tokens(&p);
    let teleports: Vec<&String> = t
        .iter()
        .filter(|t| {
            t.starts_with("Ed1")
                && !t.starts_with("Ed1Ec")
                && !t.starts_with("Ed1Ed2")
                && !t.starts_with("Ed1Ee")
        })
        .collect();
    assert_eq!(teleports, vec!["Ed1Eb3"]);
    let a = AdvancedWizard::parse_turn(&p, "Ed1Eb3").unwrap()[0];
    let after = AdvancedWizard::make(&p, a);
    let fen = AdvancedWizard::to_fen(&after);
    assert!(
        fen.starts_with("7z1/9/5p3/9/7H1/9/1Z7/5A3/3W*5|") && fen.contains(" b z "),
        "{fen}"
    );
}

#[test]
fn no_legal_turn_loses_even_out_of_check() {
    let p = pos("z1H6/9/HH7/9/9/9/9/9/2Z6|9/9/9/9/9/9/9/9/9 b z - - 0 1");
    assert_eq!(count_legal(&p), 0);
    assert_eq!(
        AdvancedWizard::rule_outcome(&p),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn hash_follows_the_fen_and_repetitions_count() {
    let mut game = Game::new(AdvancedWizard, AdvancedWizard.start());
    for t in [
        "Ea9Sb8", "Ea1Sb2", "Sb8Ea9", "Sb2Ea1", "Ea9Sb8", "Ea1Sb2", "Sb8Ea9", "Sb2Ea1",
    ] {
        let plies =
            AdvancedWizard::parse_turn(game.position(), t).unwrap_or_else(|e| panic!("{t}: {e}"));
        game.play_plies(plies);
        let p = game.position();
        assert_eq!(p.hash, pos(&AdvancedWizard::to_fen(p)).hash);
    }
    assert_eq!(game.repetitions(), 3);
}

#[test]
fn a_capture_whose_victim_comes_back_can_repeat_the_position() {
    // The Archer shoots the Warrior on b8, which goes straight back to b8
    // (its only vacant X square); every capture resets the 100-ply count,
    // so only repetition ends such a cycle.
    let start = pos("4z4/1w*w*3w*w*1/9/3A5/9/9/9/9/Z8|9/9/9/9/9/9/9/9/9 w - - - 0 1");
    let mut game = Game::new(AdvancedWizard, start);
    for t in ["Ed6Eb8,Eb8Ed6", "Ee9Ed9", "Ed6Eb8,Eb8Ed6", "Ed9Ee9"].repeat(2) {
        let plies =
            AdvancedWizard::parse_turn(game.position(), t).unwrap_or_else(|e| panic!("{t}: {e}"));
        game.play_plies(plies);
    }
    assert_eq!(game.position().halfmove, 1);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn pgn_moves_are_numbered_from_one_with_black_first_and_read_back() {
    let mut game = Game::start(AdvancedWizard);
    for t in ["Ea9Sb8", "Ea1Sb2", "Sb8Ea9", "Sb2Ea1"] {
        game.play_token(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    let text = crate::pgn::write_with(&game, &[], "*", crate::pgn::Notation::Token, None, &[]);
    let movetext = text.lines().last().unwrap();
    // Black opens move 1 and White answers it; Black opens move 2.
    assert_eq!(
        movetext, "1... Ea9Sb8 1. Ea1Sb2 2... Sb8Ea9 2. Sb2Ea1 *",
        "{text}"
    );
    let back = crate::pgn::read(&AdvancedWizard, &text).unwrap();
    assert_eq!(back.game.hashes(), game.hashes());
    let san = crate::pgn::write(&game, &[], "*");
    assert!(san.lines().last().unwrap().starts_with("1... "), "{san}");
    assert_eq!(
        crate::pgn::read(&AdvancedWizard, &san)
            .unwrap()
            .game
            .hashes(),
        game.hashes()
    );
}

/// Advanced Wizard's evaluation as named weights (see
/// [`crate::weights::check_weights_of`]); the compiled-in ones are the
/// hand-set evaluation.
#[test]
fn advanced_wizard_takes_weights_at_run_time() {
    let start = AdvancedWizard.spec().start_fen.clone();
    crate::weights::check_weights_of(
        AdvancedWizard,
        &[start.as_str()],
        &[
            ("value D earth", [900, 700]),
            ("tempo", [40, 40]),
            ("wizard guards", [20, 2]),
        ],
    );
}
