//! Search tests: mates at fixed depth, Lazy SMP, and multi-ply turns.

use super::*;
use crate::search::{first_turn, MATE_BOUND};
use std::time::Duration;
use variants::chess::Chess;
use variants::prelude::*;
use variants::{FenError, MoveError, MoveList, Outcome, Side, Variant, WinReason};

fn request<V: Variant>(root: V::Position, limits: Limits, threads: usize) -> Request<V> {
    Request {
        root,
        history: Vec::new(),
        positions: Vec::new(),
        limits,
        search_moves: Vec::new(),
        multipv: 1,
        threads,
        move_overhead: Duration::ZERO,
        params: Default::default(),
    }
}

fn best_token(fen: &str, depth: i32, threads: usize) -> (String, Score) {
    let shared = Shared::new(16);
    let root = Chess.read_fen(fen).unwrap();
    let req = request::<Chess>(
        root,
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        threads,
    );
    let r = search::<Chess>(&shared, &req, &Silent);
    let turn = first_turn::<Chess>(&root, &r.pv);
    (
        Chess::turn_to_token(&root, &turn),
        Score::from_internal(r.score),
    )
}

#[test]
fn finds_mates_in_one_two_and_three() {
    for threads in [1, 2] {
        // Back-rank mate in 1.
        assert_eq!(
            best_token("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, threads),
            ("a1a8".to_string(), Score::Mate(1))
        );
        // Mate in 2 (Nf6+ gxf6, Bxf7#).
        assert_eq!(
            best_token(
                "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
                5,
                threads
            ),
            ("d5f6".to_string(), Score::Mate(2))
        );
        // Mate in 3 with a queen sacrifice (Qxh8+).
        assert_eq!(
            best_token(
                "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1",
                7,
                threads
            ),
            ("c3h8".to_string(), Score::Mate(3))
        );
        // Mate in 3.
        let (_, s) = best_token(
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            7,
            threads,
        );
        assert_eq!(s, Score::Mate(3), "threads {threads}");
    }
}

#[test]
fn getting_mated_is_a_negative_mate_and_stalemate_is_zero() {
    // White can only delay mate by one move.
    let (_, s) = best_token("7k/8/8/8/8/r7/1r6/6K1 w - - 0 1", 4, 1);
    assert!(matches!(s, Score::Mate(n) if n < 0), "{s:?}");
    let shared = Shared::new(1);
    let stalemate = Chess.read_fen("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let r = search::<Chess>(
        &shared,
        &request::<Chess>(
            stalemate,
            Limits {
                depth: Some(3),
                ..Limits::default()
            },
            1,
        ),
        &Silent,
    );
    assert_eq!((r.score, r.pv.len()), (0, 0));
}

#[test]
fn node_limit_and_stop_flag_end_the_search() {
    let shared = Shared::new(1);
    let req = request::<Chess>(
        Chess.start(),
        Limits {
            nodes: Some(5000),
            ..Limits::default()
        },
        1,
    );
    let r = search::<Chess>(&shared, &req, &Silent);
    assert!(!r.pv.is_empty());
    assert!(r.nodes < 10_000, "{}", r.nodes);
    // A stop flag set beforehand still completes depth 1: a searched move.
    let shared = Shared::new(1);
    shared
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let req = request::<Chess>(
        Chess.start(),
        Limits {
            infinite: true,
            ..Limits::default()
        },
        1,
    );
    let r = search::<Chess>(&shared, &req, &Silent);
    assert_eq!(r.depth, 1);
    assert!(!r.pv.is_empty());
}

/// A search cut short by its node limit after the iteration under way
/// found a better root ply than the last completed one plays that ply:
/// for some limit between the two iterations' ends, the ply the deeper
/// iteration settles on is played while the completed depth stays the
/// shallower one.
#[test]
fn a_better_ply_from_an_iteration_cut_short_is_played() {
    let fens = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
        "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
        "r2q1rk1/ppp2ppp/2np1n2/2b1p3/2B1P1b1/2PP1N2/PP1N1PPP/R1BQ1RK1 w - - 4 8",
        "rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 2 5",
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    ];
    let search_at = |fen: &str, limits: Limits| {
        let req = request::<Chess>(Chess.read_fen(fen).unwrap(), limits, 1);
        search::<Chess>(&Shared::new(16), &req, &Silent)
    };
    let mut changes_tried = 0;
    for fen in fens {
        let mut previous = search_at(
            fen,
            Limits {
                depth: Some(2),
                ..Limits::default()
            },
        );
        for depth in 3..=9 {
            let deeper = search_at(
                fen,
                Limits {
                    depth: Some(depth),
                    ..Limits::default()
                },
            );
            if deeper.pv[0] != previous.pv[0] {
                changes_tried += 1;
                let (from, to) = (previous.nodes, deeper.nodes);
                let played: Vec<_> = (1..20)
                    .map(|k| {
                        let r = search_at(
                            fen,
                            Limits {
                                nodes: Some(from + (to - from) * k / 20),
                                ..Limits::default()
                            },
                        );
                        assert_eq!(r.depth, depth - 1, "{fen}");
                        r.pv[0]
                    })
                    .collect();
                if played.contains(&deeper.pv[0]) {
                    return;
                }
            }
            previous = deeper;
        }
    }
    panic!("no cut-short search played the deeper iteration's ply ({changes_tried} changes tried)");
}

#[test]
fn repetition_in_history_scores_as_a_draw() {
    // White, a queen down, has one move (Kg1), and the game already had the
    // position after it: the search must score it as a draw, not as -900.
    let shared = Shared::new(1);
    let root = Chess.read_fen("7k/8/8/8/8/8/q7/7K w - - 10 40").unwrap();
    let mut req = request::<Chess>(
        root,
        Limits {
            depth: Some(1),
            ..Limits::default()
        },
        1,
    );
    let only_move_child = Chess::make(&root, Chess::parse_turn(&root, "h1g1").unwrap()[0]);
    req.history = vec![(Chess::hash(&only_move_child), false)];
    let r = search::<Chess>(&shared, &req, &Silent);
    assert_eq!(r.score, 0, "the repeated position counts as a draw");
}

#[test]
fn an_edge_fades_as_the_move_rule_nears() {
    // A rook up with no pawn to push and nothing to take: nothing can
    // reset the clock, so 40 plies before the draw, with `MoveRuleDamping`
    // at 100, the edge is worth a fraction of what it is worth with the
    // clock at 0, and still an edge; with the damping off, the clock
    // changes nothing.
    let score = |clock: u32, damping: i32| {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 60");
        let root = Chess.read_fen(&fen).unwrap();
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let mut req = request::<Chess>(root, limits, 1);
        req.params.move_rule_damping = damping;
        search::<Chess>(&Shared::new(1), &req, &Silent).score
    };
    let (fresh, late) = (score(0, 100), score(60, 100));
    assert!(fresh > 300, "a rook up scores {fresh}");
    assert!(
        late > 0 && late < fresh / 2,
        "{late} at clock 60 against {fresh}"
    );
    assert_eq!(score(60, 0), score(0, 0), "no damping");
}

/// Xiangqi (a built-in game) from `fen` after `tokens`: the position
/// reached and the ones before it.
fn xiangqi_after(
    fen: &str,
    tokens: &[&str],
) -> (
    variants::defined::Position,
    Vec<variants::defined::Position>,
) {
    use variants::defined::{builtin, Defined};
    let i = builtin::parent_games()
        .iter()
        .position(|n| n == "xiangqi")
        .expect("xiangqi is a built-in game");
    let mut pos = Defined(builtin::parent_game(i)).read_fen(fen).unwrap();
    let mut earlier = Vec::new();
    for token in tokens {
        earlier.push(pos.clone());
        pos = Defined::make(&pos, Defined::parse_turn(&pos, token).unwrap()[0]);
    }
    (pos, earlier)
}

/// The score of a search of `root` to `depth` (of its ply `only`, if
/// given) after the game's `earlier` positions, told whether each was in
/// check (`checks`) and given the positions themselves (`positions`) or not.
fn score_after(
    root: &variants::defined::Position,
    earlier: &[variants::defined::Position],
    checks: bool,
    positions: bool,
    only: Option<&str>,
    depth: i32,
) -> i32 {
    use variants::defined::Defined;
    let shared = Shared::new(1);
    let mut req = request::<Defined>(
        root.clone(),
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        1,
    );
    req.history = earlier
        .iter()
        .map(|p| (Defined::hash(p), checks && Defined::in_check(p)))
        .collect();
    if positions {
        req.positions = earlier.to_vec();
    }
    if let Some(token) = only {
        req.search_moves = Defined::parse_turn(root, token).unwrap();
    }
    search::<Defined>(&shared, &req, &Silent).score
}

#[test]
fn perpetual_check_loses_where_the_game_says_so() {
    // Xiangqi: Red, facing mate (Rb1), may check the general up and down
    // the palace with its rook for ever; the game already went through the
    // checking cycle once. Perpetual check is illegal there: the search
    // must score the repeating check as the loss it is, where chess's rule
    // would make it a draw.
    let (pos, earlier) = xiangqi_after(
        "4k3R/9/9/9/9/9/9/9/rr7/3K5 b - - 0 1",
        &["e10e9", "i10i9", "e9e10"],
    );
    let cycle = score_after(&pos, &earlier, true, false, None, 4);
    assert!(cycle <= -MATE_BOUND, "the perpetual check loses: {cycle}");
    // The same cycle without its checks (as if the history said no side
    // was ever in check) is a repetition like any other: a draw.
    assert_eq!(score_after(&pos, &earlier, false, false, None, 4), 0);
}

#[test]
fn perpetual_chase_loses_where_the_game_says_so() {
    // Xiangqi: White's rook has chased the lone horse round once (a6a8,
    // g8h6, a8a6, h6g8); a6a8 again chases it on, which loses under the
    // chasing rule. The search must judge it so from the game's positions,
    // and can only call it a draw without them.
    let (pos, earlier) = xiangqi_after(
        "3k5/9/6n2/9/R8/9/9/9/9/4K4 w - - 0 1",
        &["a6a8", "g8h6", "a8a6", "h6g8"],
    );
    let judged = score_after(&pos, &earlier, true, true, Some("a6a8"), 3);
    assert!(judged <= -MATE_BOUND, "the perpetual chase loses: {judged}");
    let unjudged = score_after(&pos, &earlier, true, false, Some("a6a8"), 3);
    assert_eq!(unjudged, 0, "unjudged, a repetition draws");
}

/// A toy game whose turns have two plies: each ply adds 1 or 2 to a shared
/// total; reaching 10 or more wins for the player who did it, at once.
/// From the FEN `boom` its move generator panics once the total reaches 3:
/// a search thread that dies.
#[derive(Clone, Copy, Debug)]
struct Race;

#[derive(Clone, Debug)]
struct RacePos {
    total: u32,
    ply_in_turn: u32,
    side: Side,
    winner: Option<Side>,
    boom: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Add(u8);

variants::impl_move_code!(Add(u8), Add(0));

impl GamePosition for RacePos {
    type Move = Add;

    fn side(&self) -> Side {
        self.side
    }

    fn hash(&self) -> u64 {
        (self.total as u64) << 8 | (self.ply_in_turn as u64) << 1 | self.side.index() as u64
    }

    fn make(&self, mv: Add) -> RacePos {
        let mut p = self.clone();
        p.total += mv.0 as u32;
        p.ply_in_turn += 1;
        if p.total >= 10 {
            p.winner = Some(self.side);
        }
        if p.ply_in_turn == 2 || p.winner.is_some() {
            p.ply_in_turn = 0;
            p.side = !p.side;
        }
        p
    }

    fn in_check(&self) -> bool {
        false
    }

    fn halfmove_clock(&self) -> u32 {
        0
    }

    fn fullmove_number(&self) -> u32 {
        1
    }

    fn to_fen(&self) -> String {
        self.total.to_string()
    }
}

impl Rules for Race {
    type Position = RacePos;

    type Move = Add;

    fn spec(&self) -> &variants::GameSpec {
        static SPEC: std::sync::LazyLock<variants::GameSpec> = std::sync::LazyLock::new(|| {
            let mut spec = variants::GameSpec::new(
                "race",
                "Race to ten",
                "0",
                variants::SquareNames::single(1, 1),
            );
            // One good, one panicking, one unreadable: see bench_counts_...
            spec.bench_fens = vec!["0".into(), "boom".into(), "ten".into()];
            spec
        });
        &SPEC
    }

    fn generate(pos: &RacePos, moves: &mut MoveList<Add>) {
        assert!(!(pos.boom && pos.total >= 3), "boom");
        if pos.winner.is_none() {
            moves.push(Add(1));
            moves.push(Add(2));
        }
    }

    fn rule_outcome(pos: &RacePos) -> Option<Outcome> {
        pos.winner.map(|winner| Outcome::Win {
            winner,
            reason: WinReason::NoLegalMove,
        })
    }
}

impl Fen for Race {
    fn read_fen(&self, fen: &str) -> Result<RacePos, FenError> {
        let boom = fen == "boom";
        let total = match boom {
            true => 0,
            false => fen.parse().map_err(|_| FenError::new("a number"))?,
        };
        Ok(RacePos {
            total,
            ply_in_turn: 0,
            side: Side::White,
            winner: None,
            boom,
        })
    }
}

impl Notation for Race {
    fn parse_turn(_: &RacePos, token: &str) -> Result<Vec<Add>, MoveError> {
        Err(MoveError::malformed(token, "not used"))
    }

    fn turn_to_token(_: &RacePos, plies: &[Add]) -> String {
        plies
            .iter()
            .map(|a| a.0.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl SearchHints for Race {
    fn evaluate(_: &RacePos) -> i32 {
        0
    }

    fn ply_kind(_: &RacePos, _: Add) -> variants::PlyKind {
        variants::PlyKind::Quiet
    }
}

/// Does the side to move win with best play? Plain game-tree recursion
/// over whole turns, independent of the engine.
fn mover_wins(pos: &RacePos) -> bool {
    if let Some(w) = pos.winner {
        return w == pos.side;
    }
    let mut list = MoveList::new();
    Race::generate(pos, &mut list);
    list.iter().any(|&m| {
        let child = Race::make(pos, m);
        if child.side == pos.side {
            mover_wins(&child)
        } else {
            !mover_wins(&child)
        }
    })
}

#[test]
fn multi_ply_turns_negate_only_when_the_side_changes() {
    let mut wins = 0;
    for total in 0..10 {
        let root = Race.read_fen(&total.to_string()).unwrap();
        let shared = Shared::new(1);
        let req = request::<Race>(
            root.clone(),
            Limits {
                depth: Some(16),
                ..Limits::default()
            },
            1,
        );
        let r = search::<Race>(&shared, &req, &Silent);
        assert!(!r.failed);
        let expected = mover_wins(&root);
        wins += expected as usize;
        assert_eq!(
            r.score > MATE_BOUND,
            expected,
            "total {total}: score {}",
            r.score
        );
        assert_eq!(
            r.score < -MATE_BOUND,
            !expected,
            "total {total}: score {}",
            r.score
        );
        // The best first turn keeps the win.
        if expected {
            let mut p = root.clone();
            for &m in &first_turn::<Race>(&root, &r.pv) {
                p = Race::make(&p, m);
            }
            assert!(
                p.winner == Some(Side::White) || !mover_wins(&p),
                "total {total}"
            );
        }
    }
    // Both outcomes occur, so the test discriminates.
    assert!(wins > 0 && wins < 10, "{wins}");
}

#[test]
fn checks_on_both_sides_do_not_make_the_tree_endless() {
    // Vanguard positions from self-play where a side may stay in check
    // after its own move (the Prince rule): before extensions and
    // quiescence evasions were bounded, depth 2 ran for minutes.
    use variants::vanguard::Vanguard;
    for fen in [
        "11h1y2/11a4/7k8/6a1m7/7i8/16/16/5C10/10G5/9S1A3P/2WP12/6z9/2Y1F5SS1Y2/4A3T7/8K7/5S3I5H w - 5 147",
        "6R1ki5h/16/8m7/10s5/13p2/3s2a9/6a6Hp1/8S6p/11p4/2p13/6R9/3P12/1P6A2z4/7MI7/c15/7K8 b - 1 164",
    ] {
        let shared = Shared::new(16);
        let req = request::<Vanguard>(
            Vanguard.read_fen(fen).unwrap(),
            Limits {
                depth: Some(4),
                ..Limits::default()
            },
            1,
        );
        let r = search::<Vanguard>(&shared, &req, &Silent);
        assert_eq!(r.depth, 4);
        assert!(r.nodes < 1_000_000, "{fen}: {} nodes", r.nodes);
    }
}

/// Searches a Parallel Worlds position to `depth` plies: the first turn's
/// token, the position after it and the score.
fn parallel_worlds_turn(
    fen: &str,
    depth: i32,
) -> (String, variants::parallelworlds::Position, Score) {
    use variants::parallelworlds::ParallelWorlds as Pw;
    let shared = Shared::new(16);
    let root = Pw.read_fen(fen).unwrap();
    let req = request::<Pw>(
        root.clone(),
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        1,
    );
    let r = search::<Pw>(&shared, &req, &Silent);
    let turn = first_turn::<Pw>(&root, &r.pv);
    let mut after = root.clone();
    for &mv in &turn {
        after = Pw::make(&after, mv);
    }
    assert_ne!(
        Pw::side_to_move(&after),
        Pw::side_to_move(&root),
        "a whole turn"
    );
    (
        Pw::turn_to_token(&root, &turn),
        after,
        crate::search::score_in_turns::<Pw>(&root, &r.pv, r.score),
    )
}

#[test]
fn parallel_worlds_captures_a_king_and_saves_its_own() {
    // Two Kings hang: either capture wins at once and ends the turn.
    let (token, _, score) = parallel_worlds_turn(
        "R6k/8/8/8/8/8/8/K7|8/8/8/8/3N4/8/8/8|8/8/8/8/8/8/1k6/K7 w - - 0 1 3",
        3,
    );
    assert!(
        token.ends_with("1a81h8") || token.ends_with("3a13b2"),
        "{token}"
    );
    assert_eq!(score, Score::Mate(1));
    // A King won with the third sub-move of the turn is mate in 1 (a
    // turn, not three plies): the Knight drops to level 1 so that the Pawn
    // can step down out of the Rook's way on level 3. With the fitted
    // weights the Knight's sub-move comes late at the root and is reduced,
    // which leaves too few plies for the rest of the turn: the mate shows
    // from depth 10 (from depth 1 with the hand-set weights; searching
    // every sub-move inside a turn unpruned finds it at depth 4 but lost
    // 0-16 at 20,000 nodes).
    let (token, _, score) = parallel_worlds_turn(
        "7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/7N/8|7k/8/8/8/8/8/7P/K6R w - - 0 1 3",
        10,
    );
    assert_eq!(token, "2h21h2,3h22h2,3h13h8");
    assert_eq!(score, Score::Mate(1), "{token}");
    // White's level-1 King is attacked by the h1 Rook and cannot be
    // defended by capturing it: whatever else the turn does, it must leave
    // no King capturable (Black would win at once).
    for depth in [2, 4, 6] {
        let (token, after, score) = parallel_worlds_turn(
            "7k/8/8/8/8/8/8/K6r|8/8/8/8/8/8/8/8|k7/8/8/8/8/8/8/7K w - - 0 1 3",
            depth,
        );
        assert!(
            !matches!(score, Score::Mate(n) if n < 0),
            "{token}: {score:?}"
        );
        let occ = after.occupied(0);
        let king = after.pieces(0, 0, variants::parallelworlds::types::KING);
        assert!(
            !after.attacked(0, king.trailing_zeros() as usize, 1, occ),
            "depth {depth}: {token} leaves the King hanging"
        );
    }
}

/// Nodes of a fixed-depth search of `fen` with `shared`.
fn nodes_to_depth(shared: &Shared, fen: &str, depth: i32) -> u64 {
    let req = request::<Chess>(
        Chess.read_fen(fen).unwrap(),
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        1,
    );
    // The last search stopped its helpers through this flag.
    shared
        .stop
        .store(false, std::sync::atomic::Ordering::Relaxed);
    search::<Chess>(shared, &req, &Silent).nodes
}

#[test]
fn move_ordering_statistics_last_until_cleared() {
    let middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 3 8";
    let other = "r2q1rk1/1b2bppp/p2p1n2/1pn1p3/4P3/1BP2N1P/PP1N1PP1/R1BQR1K1 w - - 0 13";
    let fresh = nodes_to_depth(&Shared::new(16), middlegame, 8);
    // Histories learnt in another search, with the table cleared alone,
    // change the order of the plies and so the node count...
    let mut shared = Shared::new(16);
    nodes_to_depth(&shared, other, 8);
    shared.tt.clear();
    assert_ne!(nodes_to_depth(&shared, middlegame, 8), fresh);
    // ...and a full clear (a new game) forgets them.
    shared.clear();
    assert_eq!(nodes_to_depth(&shared, middlegame, 8), fresh);
}

/// Positions whose first iteration alone runs into millions of quiescence
/// nodes (found by the fuzz targets: `go nodes 300` searched 5 million
/// nodes for 3.7 s in the chess one, 6 million for 72 s in the Vanguard
/// one). The limits and `stop` apply past the first iteration's grace, and
/// a legal move still comes out. (A time limit takes the same path as
/// `stop`; it is left out because a timed node count would depend on the
/// machine.)
#[test]
fn limits_hold_even_when_the_first_iteration_explodes() {
    fn bounded<V: Variant>(game: V, fen: &str) {
        let id = &game.spec().id;
        let root = game.read_fen(fen).unwrap();
        for stop_at_once in [false, true] {
            let limits = Limits {
                nodes: (!stop_at_once).then_some(300),
                ..Limits::default()
            };
            let shared = Shared::new(1);
            shared
                .stop
                .store(stop_at_once, std::sync::atomic::Ordering::Relaxed);
            let r = search::<V>(&shared, &request::<V>(root.clone(), limits, 1), &Silent);
            assert!(r.nodes < 100_000, "{id}: {} nodes", r.nodes);
            let turn = first_turn::<V>(&root, &r.pv);
            let token = V::turn_to_token(&root, &turn);
            assert!(V::parse_turn(&root, &token).is_ok(), "{id}: {token}");
        }
    }
    bounded(
        Chess,
        "rrbqb1kr/pPPqp1Pp/5p2/8/4Q3/8/Ppppp1pR/BRQNNNKR w QkKq - 0 2",
    );
    bounded(
        variants::vanguard::Vanguard,
        "hdyfbweqifhbcdyk/znrlaamggmaalznr/ppppsssLtSsspqpp/16/16/16/16/16/16/16/16/16/16/\
         PPSSSsspppSSPPPP/RNZLAAMGGMAAL1Rc/HWQKBYFE1ICBFYDH w ABCDEop 0 1",
    );
    bounded(
        variants::advancedwizard::AdvancedWizard,
        "dpagzgapd/hw*W*agaw*w*h/w*3h3w*/9/9/hw*W*agaw*w*h/w*3h3w*/9/GADPGZPAD|\
         e1e1e111e/9/9/9/9/9/9/9/E1E1E1E1E b Zz - - 0 1",
    );
}

/// The pruning and reduction options change the tree when set away from
/// their defaults (so a match or `tune-search` setting them measures
/// something), and the search still finds a forced mate with each.
#[test]
fn optional_pruning_changes_the_tree_and_keeps_mates() {
    let run = |fen: &str, depth: i32, name: &str, value: i32| {
        let mut req = request::<Chess>(
            Chess.read_fen(fen).unwrap(),
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            1,
        );
        if !name.is_empty() {
            req.params.set(name, value).unwrap();
        }
        search::<Chess>(&Shared::new(16), &req, &Silent)
    };
    let middle = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
    let base = run(middle, 9, "", 0).nodes;
    let mate = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    for (name, value) in [
        ("LmrCutNode", 2),
        ("PruneLmrDepth", 1),
        ("HistoryPruneMargin", 500),
        ("QsDeltaMargin", 200),
        ("LmrLosingCaptures", 1),
        ("QsTable", 1),
        ("CaptureHistoryDivisor", 4),
        ("TtCutHistory", 1),
        ("ProbCutMargin", 100),
        ("QsMoveLimit", 2),
        ("LmrTtPv", 1),
        ("GoodCaptureSee", 40),
        ("LosingCaptureFloor", 500),
        ("ContHistPruneDepth", 5),
        ("PrunePvNodes", 1),
        ("MoveCountAll", 1),
        ("LmpMaxDepth", 64),
        ("HistoryBonusOffset", 200),
        ("QuietMainWeight", 2),
        ("QuietCont1Weight", 2),
        ("PriorCounterBonus", 1),
        ("EvalDiffHistory", 4),
        ("EarlyRefutationMalus", 1),
        ("LmrCaptures", 1),
        ("LmrStable", 1),
        ("QsChecks", 1),
        ("CaptureHistoryPrune", 1),
        // On by default: the test turns it off.
        ("PruneChecks", 0),
    ] {
        assert_ne!(run(middle, 9, name, value).nodes, base, "{name}");
        let r = run(mate, 5, name, value);
        assert_eq!(Score::from_internal(r.score), Score::Mate(2), "{name}");
    }
}

/// Checks are pruned only in the games whose hints allow it
/// (`SearchHints::PRUNES_CHECKS`): `PruneChecks` changes chess's tree
/// and leaves Advanced Wizard Chess's alone, where pruning them lost.
#[test]
fn prune_checks_follows_the_games_hint() {
    fn nodes<V: Variant>(game: &V, fen: Option<&str>, depth: i32, prune_checks: i32) -> u64 {
        let root = match fen {
            Some(fen) => game.read_fen(fen).unwrap(),
            None => game.start(),
        };
        let mut req = request::<V>(
            root,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            1,
        );
        req.params.set("PruneChecks", prune_checks).unwrap();
        search::<V>(&Shared::new(16), &req, &Silent).nodes
    }
    let middle = Some("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8");
    assert_ne!(nodes(&Chess, middle, 9, 1), nodes(&Chess, middle, 9, 0));
    let wizard = variants::advancedwizard::AdvancedWizard;
    assert_eq!(nodes(&wizard, None, 8, 1), nodes(&wizard, None, 8, 0));
}

#[test]
fn a_panicking_search_thread_is_reported_not_hidden() {
    for threads in [1, 2] {
        let root = Race.read_fen("boom").unwrap();
        let req = request::<Race>(
            root,
            Limits {
                depth: Some(8),
                ..Limits::default()
            },
            threads,
        );
        let r = search::<Race>(&Shared::new(1), &req, &Silent);
        assert!(r.failed, "{threads} thread(s): {r:?}");
        // Alone, the thread left nothing; a helper either fell too or was
        // stopped by the main thread's fall, with a shallow result at most.
        assert!(r.depth < 3, "{threads} thread(s): {r:?}");
        // A move is played all the same: the first legal one where no
        // thread found any.
        assert!(threads > 1 || r.pv == [Add(1)], "{r:?}");
        assert!(!r.pv.is_empty(), "{threads} thread(s): {r:?}");
    }
}

#[test]
fn bench_counts_the_positions_it_could_not_search() {
    let total = crate::bench(&Race, 6, 1, 1, &mut |_, _, _| {});
    assert_eq!(
        total.failed, 2,
        "the panicking search and the unreadable FEN"
    );
    assert!(total.nodes > 0, "the good position was searched");
}
