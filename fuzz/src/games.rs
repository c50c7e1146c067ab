//! Each game's readers: FEN, wire tokens, human notation and PGN, and
//! everything a position that was read must survive (move generation,
//! evaluation, a short search).

use crate::{text, Bytes};
use engine::search::first_turn;
use engine::{search, Limits, Request, Shared, Silent};
use std::time::Duration;
use variants::{pgn, turns, MoveList, Variant};

/// Most legal turns whose notation is checked in one position, spread
/// evenly over them: a Parallel Worlds position has thousands of turns,
/// and reading one of its tokens takes about a millisecond.
const TURNS_CHECKED: usize = 40;

/// Most turns listed one by one in a position; beyond, turns are sampled
/// (a Parallel Worlds middlegame has over a million).
const ENUMERATED_MAX: u64 = 20_000;

/// Most turns a fuzz input walks from its start position.
const WALK_MAX: u8 = 24;

/// The game's identifier, for messages.
fn id<V: Variant + Default>() -> String {
    V::default().spec().id.clone()
}

/// A FEN that is read writes back to a FEN that reads to the same position,
/// and the position can be played: see [`exercise`].
pub fn fen<V: Variant + Default>(bytes: &[u8]) {
    let input = text(bytes);
    let Ok(pos) = V::default().read_fen(&input) else {
        return;
    };
    let written = V::to_fen(&pos);
    let again = V::default().read_fen(&written).unwrap_or_else(|e| {
        panic!(
            "{}: {input:?} was read, but its FEN {written:?} is refused: {e}",
            id::<V>()
        )
    });
    assert_eq!(
        V::to_fen(&again),
        written,
        "{}: the FEN of {input:?} does not write back the same",
        id::<V>()
    );
    assert_eq!(
        V::hash(&again),
        V::hash(&pos),
        "{}: {written:?} reads back to another position",
        id::<V>()
    );
    exercise::<V>(&pos);
}

/// Wire tokens and human notation read at a position reached from a start
/// by legal turns: whatever they read is a legal turn, and every legal
/// turn's token and notation read back to that turn.
///
/// The input: a start (one of the variant's start and bench positions),
/// a number of turns and their choices, then text whose words are read in
/// turn as moves until one is refused.
pub fn moves<V: Variant + Default>(bytes: &[u8]) {
    let mut b = Bytes::new(bytes);
    let game = V::default();
    let spec = game.spec();
    let starts: Vec<&str> = std::iter::once(&spec.start_fen)
        .chain(&spec.bench_fens)
        .map(String::as_str)
        .collect();
    let start = starts[b.below(starts.len())];
    let mut pos = V::default()
        .read_fen(start)
        .unwrap_or_else(|e| panic!("{}: bench FEN {start}: {e}", id::<V>()));
    let walk = b.byte() % WALK_MAX;
    for _ in 0..walk {
        match random_turn::<V>(&pos, &mut |n| b.below(n)) {
            Some((_, next)) => pos = next,
            None => break,
        }
    }
    for word in text(b.rest()).split_whitespace() {
        let token = V::parse_turn(&pos, word);
        let human = V::parse_san(&pos, word);
        if let Ok(plies) = &token {
            // A wire token is human notation too, and means the same turn.
            let same = human.as_ref().map(|h| h == plies);
            if same != Ok(true) {
                let after_token = play_checked::<V>(&pos, plies, word);
                let after_human = human
                    .as_ref()
                    .map(|h| V::to_fen(&play_checked::<V>(&pos, h, word)));
                assert_eq!(
                    after_human.as_deref(),
                    Ok(V::to_fen(&after_token).as_str()),
                    "{}: {word:?} reads as a token and as notation differently at {}",
                    id::<V>(),
                    V::to_fen(&pos)
                );
            }
        }
        let Ok(plies) = human else {
            break;
        };
        pos = play_checked::<V>(&pos, &plies, word);
    }
    notation_round_trips::<V>(&pos);
}

/// A PGN that is read writes back (in human notation and in tokens) to a
/// PGN that reads to the same game.
pub fn pgn<V: Variant + Default>(bytes: &[u8]) {
    let input = text(bytes);
    let Ok(read) = pgn::read(&V::default(), &input) else {
        return;
    };
    let game = read.game;
    let tags: Vec<(&str, &str)> = read
        .tags
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    for notation in [pgn::Notation::San, pgn::Notation::Token] {
        let written =
            pgn::write_with::<V>(&game, &tags, &read.result, notation, None, &read.comments);
        let again = pgn::read(&V::default(), &written).unwrap_or_else(|e| {
            panic!(
                "{}: a game read from PGN writes a PGN that is refused ({e}):\n{written}",
                id::<V>()
            )
        });
        assert_eq!(
            again.game.turns(),
            game.turns(),
            "{}: the PGN written reads back to other moves:\n{written}",
            id::<V>()
        );
        assert_eq!(
            V::to_fen(again.game.position()),
            V::to_fen(game.position()),
            "{}",
            id::<V>()
        );
        assert_eq!(again.result, read.result, "{}:\n{written}", id::<V>());
    }
    exercise::<V>(game.position());
}

/// Everything the engine does with a position must work on any position
/// the FEN reader accepts: generating and making every ply, the turn
/// count perft uses, evaluation, static exchanges, the null move, the
/// outcome, the text board, every turn's notation and a short search.
pub fn exercise<V: Variant + Default>(pos: &V::Position) {
    let mut list = MoveList::new();
    V::generate(pos, &mut list);
    for &mv in list.iter() {
        let child = V::make(pos, mv);
        V::hash(&child);
        V::evaluate(&child);
        V::is_noisy(pos, mv);
        V::mvv_lva(pos, mv);
        V::ply_kind(pos, mv);
        V::see_ge(pos, mv, 0);
        V::rule_outcome(&child);
    }
    V::evaluate(pos);
    V::in_check(pos);
    V::rule_outcome(pos);
    V::board_text(pos);
    V::null_move(pos);
    V::inside_turn(pos);
    let counted = V::count_turns(pos);
    if counted <= ENUMERATED_MAX {
        let mut turns = 0u64;
        turns::for_each_turn::<V>(pos, &mut |_, _| turns += 1);
        assert_eq!(
            counted,
            turns,
            "{}: the bulk turn count disagrees with the turns at {}",
            id::<V>(),
            V::to_fen(pos)
        );
    }
    notation_round_trips::<V>(pos);
    search_briefly::<V>(pos);
}

/// Every legal turn's wire token, XBoard token and human notation read back
/// to that turn (or to a turn that reaches the same position).
pub fn notation_round_trips<V: Variant + Default>(pos: &V::Position) {
    for (plies, token, after) in sample_turns::<V>(pos) {
        let human = V::turn_to_san(pos, &plies);
        let xboard = V::turn_to_xboard(pos, &plies);
        for (kind, text, read) in [
            ("token", &token, V::parse_turn(pos, &token)),
            ("notation", &human, V::parse_san(pos, &human)),
            ("XBoard token", &xboard, V::parse_san(pos, &xboard)),
        ] {
            let back = read.unwrap_or_else(|e| {
                panic!(
                    "{}: the {kind} {text:?} of a legal turn is refused ({e}) at {}",
                    id::<V>(),
                    V::to_fen(pos)
                )
            });
            if back != plies {
                let reached = play_checked::<V>(pos, &back, text);
                assert_eq!(
                    V::to_fen(&reached),
                    V::to_fen(&after),
                    "{}: the {kind} {text:?} reads back to another turn at {}",
                    id::<V>(),
                    V::to_fen(pos)
                );
            }
        }
    }
}

/// Up to [`TURNS_CHECKED`] legal turns with their tokens and the positions
/// after them: spread evenly over all turns, or, where there are too many
/// to list, drawn by walks of plies.
fn sample_turns<V: Variant + Default>(
    pos: &V::Position,
) -> Vec<(Vec<V::Move>, String, V::Position)> {
    if V::count_turns(pos) <= ENUMERATED_MAX {
        let all = turns::legal_turns::<V>(pos);
        let step = all.len().div_ceil(TURNS_CHECKED).max(1);
        return all.into_iter().step_by(step).collect();
    }
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut choose = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize % n
    };
    (0..TURNS_CHECKED)
        .filter_map(|_| random_turn::<V>(pos, &mut choose))
        .map(|(plies, at)| {
            let token = V::turn_to_token(pos, &plies);
            (plies, token, at)
        })
        .collect()
}

/// Plays `plies` read from `text` after checking that they are one legal
/// turn: each ply generated in its position, the side to move kept until
/// the last ply and changed by it (or the game over).
fn play_checked<V: Variant + Default>(
    pos: &V::Position,
    plies: &[V::Move],
    text: &str,
) -> V::Position {
    let mover = V::side_to_move(pos);
    let mut at = pos.clone();
    for (i, &mv) in plies.iter().enumerate() {
        let mut list = MoveList::new();
        V::generate(&at, &mut list);
        assert!(
            list.contains(&mv),
            "{}: {text:?} reads to a ply that is not legal at {}",
            id::<V>(),
            V::to_fen(&at)
        );
        at = V::make(&at, mv);
        let last = i + 1 == plies.len();
        assert!(
            last || V::side_to_move(&at) == mover,
            "{}: {text:?} reads to plies that go on after the turn ended at {}",
            id::<V>(),
            V::to_fen(pos)
        );
    }
    let mut list = MoveList::new();
    V::generate(&at, &mut list);
    assert!(
        V::side_to_move(&at) != mover || list.is_empty(),
        "{}: {text:?} reads to a turn that is not finished at {}",
        id::<V>(),
        V::to_fen(pos)
    );
    at
}

/// One legal turn, each ply picked by `choose(number of plies)`, with the
/// position after it; `None` when the side to move has none.
fn random_turn<V: Variant + Default>(
    pos: &V::Position,
    choose: &mut impl FnMut(usize) -> usize,
) -> Option<(Vec<V::Move>, V::Position)> {
    let mover = V::side_to_move(pos);
    let (mut at, mut plies) = (pos.clone(), Vec::new());
    loop {
        let mut list = MoveList::new();
        V::generate(&at, &mut list);
        if list.is_empty() {
            break;
        }
        let mv = list[choose(list.len())];
        plies.push(mv);
        at = V::make(&at, mv);
        if V::side_to_move(&at) != mover {
            break;
        }
    }
    (!plies.is_empty()).then_some((plies, at))
}

/// A search of a few hundred nodes: whatever it plays is a legal turn.
fn search_briefly<V: Variant + Default>(pos: &V::Position) {
    let shared = Shared::new(1);
    let req = Request::<V> {
        root: pos.clone(),
        history: Vec::new(),
        positions: Vec::new(),
        limits: Limits {
            nodes: Some(300),
            depth: Some(3),
            ..Limits::default()
        },
        search_moves: Vec::new(),
        multipv: 1,
        threads: 1,
        move_overhead: Duration::ZERO,
        params: Default::default(),
    };
    let result = search::<V>(&shared, &req, &Silent);
    let turn = first_turn::<V>(pos, &result.pv);
    if !turn.is_empty() {
        let token = V::turn_to_token(pos, &turn);
        let back = V::parse_turn(pos, &token).unwrap_or_else(|e| {
            panic!(
                "{}: the search's move {token:?} is refused ({e}) at {}",
                id::<V>(),
                V::to_fen(pos)
            )
        });
        play_checked::<V>(pos, &back, &token);
    }
}
