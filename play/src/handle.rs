//! One game of any variant behind an object-safe handle: the position, the
//! history, a turn entered ply by ply (the page), the last `position`
//! command (UCI), the reply a ponder search assumed (XBoard), and the
//! search, perft and bench jobs prepared for the game's own types.

use crate::search::{Found, Report, SearchOrder};
use crate::{Played, Turn};
use engine::bench::BenchTotal;
use engine::search::{first_turn, search};
use engine::{Info, Reporter, Request, Shared};
use perft::{Divide, Stopped};
use std::sync::atomic::AtomicBool;
use variants::board_field::{self, Cell};
use variants::pgn::{self, Notation};
use variants::{
    turns, Game, GamePosition, GameSpec, MoveError, MoveList, Outcome, Registry, Side, Variant,
    VariantVisitor,
};

/// The terms behind a static evaluation (see [`GameHandle::eval_terms`]).
#[derive(Clone, Debug)]
pub struct EvalTerms {
    /// Each counted weight's part, largest first.
    pub parts: Vec<variants::EvalPart>,
    /// The middle game's share of the score, 0 to 1.
    pub phase: f64,
    /// The endgame part's scale (1 where nothing scales it).
    pub eg_scale: f64,
}

/// A search ready to run on a search thread, with the table it uses and
/// where its reports go.
pub type Job = Box<dyn FnOnce(&Shared, &(dyn Fn(Report) + Sync)) -> Found + Send>;

/// A perft count ready to run, with the stop flag that ends it.
pub type PerftJob = Box<dyn FnOnce(&AtomicBool) -> Result<Divide, Stopped> + Send>;

/// A bench run ready to run, with the stop flag; `None` when stopped.
pub type BenchJob = Box<dyn FnOnce(&AtomicBool) -> Option<BenchTotal> + Send>;

/// Called after each bench position with its index, FEN and node count.
pub type BenchEach = Box<dyn FnMut(usize, &str, u64) + Send>;

/// What stands on a position's squares, for a drawing.
#[derive(Clone, Debug)]
pub struct Board {
    /// The position's FEN.
    pub fen: String,
    /// The side to move.
    pub side: Side,
    /// Each occupied square and each hole, by name.
    pub cells: Vec<(String, Cell)>,
}

/// A game of some variant: everything a front end asks of it.
pub trait GameHandle: Send {
    /// What the game says about itself.
    fn spec(&self) -> &GameSpec;

    /// A new game from `fen` (or the start); on error the game stays.
    fn new_game(&mut self, fen: Option<&str>) -> Result<(), String>;
    /// UCI's `position`: a FEN (or the start) and turns played from it. A
    /// GUI resends the whole game each move: only new turns are read. On
    /// error the previous position stays.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// Plays a whole turn given as a wire token or in human notation; on
    /// error the game is unchanged.
    fn play(&mut self, text: &str) -> Result<Turn, MoveError>;
    /// Plays one ply of the turn under way, by its token (empty: end the
    /// turn early). A ply that ends the turn commits it; a turn with
    /// nothing left but its end (Parallel Worlds at the sub-move limit)
    /// ends by itself.
    fn play_ply(&mut self, token: &str) -> Result<(), String>;
    /// The tokens of the plies of the turn under way.
    fn pending(&self) -> Vec<String>;
    /// Whether a turn is under way (some of its plies played).
    fn inside_turn(&self) -> bool;
    /// Takes back the plies of the turn under way, or else the last turn;
    /// false when there is nothing to take back.
    fn undo(&mut self) -> bool;
    /// Keeps only the first `turns` turns.
    fn truncate(&mut self, turns: usize);
    /// Plays the legal turn `choose(n)` picks among the `n` there are;
    /// `None` when there is none.
    fn play_random(&mut self, choose: &mut dyn FnMut(usize) -> usize) -> Option<Turn>;

    /// The result by the rules (mate, no move, repetition, move-count
    /// rule, king capture), if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The side to move (inside a turn: still the mover).
    fn side_to_move(&self) -> Side;
    /// Whether the side to move is in check now.
    fn in_check(&self) -> bool;
    /// Turns played.
    fn turns_played(&self) -> usize;
    /// The position's FEN (inside a turn: after its plies so far).
    fn fen(&self) -> String;
    /// The FEN the game started from.
    fn start_fen(&self) -> String;
    /// The game's shuffled setup numbered `n` (Chess960's), if it has
    /// such setups.
    fn shuffled_start(&self, n: u64) -> Option<String>;
    /// The board as text for humans (`d`).
    fn board_text(&self) -> String;
    /// The lines that define the game to an XBoard GUI.
    fn xboard_definition(&self) -> Vec<String>;
    /// The static evaluation, from White's point of view.
    fn eval_white(&self) -> i32;
    /// The terms behind the static evaluation (White's point of view,
    /// largest first), the middle game's share and the endgame's scale,
    /// where the game's evaluation is named weights.
    fn eval_terms(&self) -> Option<EvalTerms>;
    /// Chess960 castling notation on or off (kept over new games).
    fn set_chess960(&mut self, on: bool);
    /// The turns played, in every notation, with their move numbers and
    /// the FEN after each.
    fn history(&self) -> Vec<Played>;
    /// The tokens of the legal plies now (inside a turn: its next plies);
    /// none when the game is over.
    fn legal_plies(&self) -> Vec<String>;
    /// The tokens of the legal plies after `turns` turns of the game (a
    /// position stepped back to); none past the game's end or where the
    /// game was over.
    fn legal_plies_at(&self, turns: usize) -> Vec<String>;
    /// The board after `turns` turns (`None`: now, inside a turn after its
    /// plies so far); `None` past the game's end.
    fn board(&self, turns: Option<usize>) -> Option<Board>;
    /// The game as PGN (see `variants::pgn::write_with`), with
    /// `move_comments[i]` after turn `i`.
    fn pgn(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        notation: Notation,
        comment: Option<&str>,
        move_comments: &[Option<String>],
    ) -> String;
    /// Whether `token` is the turn the last ponder search assumed.
    fn ponder_matches(&self, token: &str) -> bool;

    /// A search of the game as `order` says: run it with
    /// [`crate::SearchHandle::search`]. A ponder search (`order.after`)
    /// remembers the turn it assumes.
    fn prepare_search(&mut self, order: &SearchOrder) -> Result<Job, String>;
    /// Perft of the position now, split by root turn.
    fn prepare_perft(&self, depth: u32, threads: usize) -> PerftJob;
    /// `bench` over the game's bench positions; `each(index, fen, nodes)`
    /// after each.
    fn prepare_bench(
        &self,
        depth: i32,
        threads: usize,
        hash_mib: usize,
        each: BenchEach,
    ) -> BenchJob;
}

/// A handle on a new game of the game of `registry` called `name`, from
/// `fen` (or its start).
pub fn open(
    registry: &Registry,
    name: &str,
    fen: Option<&str>,
) -> Result<Box<dyn GameHandle>, String> {
    struct Open<'a>(Option<&'a str>);
    impl VariantVisitor for Open<'_> {
        type Output = Result<Box<dyn GameHandle>, String>;
        fn visit<V: Variant>(self, game: V) -> Self::Output {
            let mut handle = VariantHandle {
                game: Game::start(game),
                pending: Vec::new(),
                chess960: false,
                ponder: None,
                last_position: None,
            };
            handle.new_game(self.0)?;
            Ok(Box::new(handle))
        }
    }
    registry.visit(name, Open(fen)).map_err(|e| e.to_string())?
}

struct VariantHandle<V: Variant> {
    game: Game<V>,
    /// The plies of the turn under way (the page enters turns ply by ply).
    pending: Vec<V::Move>,
    chess960: bool,
    /// The turn a ponder search assumed.
    ponder: Option<Vec<V::Move>>,
    /// The `position` command (FEN, tokens) the game was last set from,
    /// while nothing else has changed it.
    last_position: Option<(Option<String>, Vec<String>)>,
}

impl<V: Variant> VariantHandle<V> {
    fn variant(&self) -> &V {
        self.game.variant()
    }

    /// A game from `start` with the Chess960 flag applied.
    fn rebuild(&self, start: V::Position) -> Game<V> {
        let mut start = self.variant().read_fen(&V::to_fen(&start)).unwrap_or(start);
        if self.chess960 {
            V::set_chess960(&mut start, true);
        }
        Game::new(self.variant().clone(), start)
    }

    fn start_from(&self, fen: Option<&str>) -> Result<V::Position, String> {
        match fen.map(str::trim) {
            Some(f) if !f.is_empty() => self.variant().read_fen(f).map_err(|e| e.to_string()),
            _ => Ok(self.variant().start()),
        }
    }

    /// The position now, after the plies of the turn under way.
    fn current(&self) -> V::Position {
        let mut p = self.game.position().clone();
        for &m in &self.pending {
            p = V::make(&p, m);
        }
        p
    }

    /// The position after each turn, the start first.
    fn positions(&self) -> Vec<V::Position> {
        let mut out = vec![self.game.start_position().clone()];
        for turn in self.game.turns() {
            let mut p = out[out.len() - 1].clone();
            for &m in turn {
                p = V::make(&p, m);
            }
            out.push(p);
        }
        out
    }

    fn plies(pos: &V::Position) -> Vec<V::Move> {
        let mut list = MoveList::new();
        V::generate(pos, &mut list);
        list.iter().copied().collect()
    }

    fn commit(&mut self, plies: Vec<V::Move>) -> Turn {
        let turn = Turn::of::<V>(self.game.position(), &plies);
        self.game.play_plies(plies);
        self.last_position = None;
        turn
    }

    fn board_of(&self, pos: &V::Position) -> Board {
        Board {
            fen: V::to_fen(pos),
            side: V::side_to_move(pos),
            cells: board_field::cells(self.variant(), pos),
        }
    }
}

/// A move error that names `token`: the error's own text when it names
/// the token already (`illegal move 'e2e5': ...`), else prefixed with it.
fn naming(token: &str, e: &MoveError) -> String {
    if e.token() == token {
        e.to_string()
    } else {
        format!("{token}: {e}")
    }
}

impl<V: Variant> GameHandle for VariantHandle<V> {
    fn spec(&self) -> &GameSpec {
        self.variant().spec()
    }

    fn new_game(&mut self, fen: Option<&str>) -> Result<(), String> {
        let start = self.start_from(fen)?;
        self.game = self.rebuild(start);
        self.pending.clear();
        self.ponder = None;
        self.last_position = None;
        Ok(())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let key = fen.map(str::to_string);
        let continued = self.last_position.as_ref().and_then(|(f, prev)| {
            (*f == key && moves.len() >= prev.len() && moves.iter().zip(prev).all(|(m, p)| m == p))
                .then_some(prev.len())
        });
        let (mut game, from) = match continued {
            Some(n) => (self.game.clone(), n),
            None => (self.rebuild(self.start_from(fen)?), 0),
        };
        for m in &moves[from..] {
            let plies = V::parse_san(game.position(), m).map_err(|e| naming(m, &e))?;
            game.play_plies(plies);
        }
        self.game = game;
        self.pending.clear();
        self.last_position = Some((key, moves.iter().map(|m| m.to_string()).collect()));
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<Turn, MoveError> {
        if !self.pending.is_empty() {
            return Err(MoveError::illegal(
                text,
                "finish or take back the turn under way first",
            ));
        }
        let plies = V::parse_san(self.game.position(), text.trim())?;
        Ok(self.commit(plies))
    }

    fn play_ply(&mut self, token: &str) -> Result<(), String> {
        if self.pending.is_empty() && self.game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let pos = self.current();
        let ply = Self::plies(&pos)
            .into_iter()
            .find(|&m| V::turn_to_token(&pos, &[m]) == token)
            .ok_or_else(|| {
                if token.is_empty() {
                    "the turn cannot end here".to_string()
                } else {
                    format!("'{token}' is not a legal move here")
                }
            })?;
        let mover = V::side_to_move(self.game.position());
        let mut after = V::make(&pos, ply);
        self.pending.push(ply);
        if V::side_to_move(&after) == mover {
            if let [only] = Self::plies(&after)[..] {
                if V::turn_to_token(&after, &[only]).is_empty() {
                    self.pending.push(only);
                    after = V::make(&after, only);
                }
            }
        }
        if V::side_to_move(&after) != mover {
            let plies = std::mem::take(&mut self.pending);
            self.commit(plies);
        }
        Ok(())
    }

    fn pending(&self) -> Vec<String> {
        let mut before = self.game.position().clone();
        self.pending
            .iter()
            .map(|&m| {
                let t = V::turn_to_token(&before, &[m]);
                before = V::make(&before, m);
                t
            })
            .collect()
    }

    fn inside_turn(&self) -> bool {
        !self.pending.is_empty()
    }

    fn undo(&mut self) -> bool {
        self.last_position = None;
        self.pending.pop().is_some() || self.game.undo()
    }

    fn truncate(&mut self, turns: usize) {
        self.pending.clear();
        self.last_position = None;
        while self.game.turns().len() > turns {
            self.game.undo();
        }
    }

    fn play_random(&mut self, choose: &mut dyn FnMut(usize) -> usize) -> Option<Turn> {
        self.pending.clear();
        let mut all = Vec::new();
        turns::for_each_turn::<V>(self.game.position(), &mut |plies, _| {
            all.push(plies.to_vec())
        });
        if all.is_empty() {
            return None;
        }
        let pick = choose(all.len()).min(all.len() - 1);
        Some(self.commit(all.swap_remove(pick)))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn side_to_move(&self) -> Side {
        V::side_to_move(self.game.position())
    }

    fn in_check(&self) -> bool {
        V::in_check(&self.current())
    }

    fn turns_played(&self) -> usize {
        self.game.turns().len()
    }

    fn fen(&self) -> String {
        V::to_fen(&self.current())
    }

    fn start_fen(&self) -> String {
        V::to_fen(self.game.start_position())
    }

    fn shuffled_start(&self, n: u64) -> Option<String> {
        self.variant().shuffled_start(n)
    }

    fn board_text(&self) -> String {
        V::board_text(&self.current())
    }

    fn xboard_definition(&self) -> Vec<String> {
        self.variant().xboard_definition()
    }

    fn eval_white(&self) -> i32 {
        let pos = self.current();
        let e = V::evaluate(&pos);
        match V::side_to_move(&pos) {
            Side::White => e,
            Side::Black => -e,
        }
    }

    fn eval_terms(&self) -> Option<EvalTerms> {
        let pos = self.current();
        let trace = V::eval_trace(&pos)?;
        let weights = self.variant().eval_weights()?;
        Some(EvalTerms {
            parts: trace.parts(&weights),
            phase: trace.phase,
            eg_scale: trace.eg_scale,
        })
    }

    fn set_chess960(&mut self, on: bool) {
        if self.chess960 == on {
            return;
        }
        self.chess960 = on;
        self.last_position = None;
        let turns = self.game.turns().to_vec();
        let mut game = self.rebuild(self.game.start_position().clone());
        for plies in turns {
            game.play_plies(plies);
        }
        self.game = game;
    }

    fn history(&self) -> Vec<Played> {
        let spec = self.spec();
        let positions = self.positions();
        self.game
            .turns()
            .iter()
            .zip(positions.windows(2))
            .enumerate()
            .map(|(i, (plies, pair))| {
                let before = &pair[0];
                let side = V::side_to_move(before);
                Played {
                    turn: Turn::of::<V>(before, plies),
                    side,
                    number: spec.move_number(side, before.fullmove_number(), i == 0),
                    fen: V::to_fen(&pair[1]),
                }
            })
            .collect()
    }

    fn legal_plies(&self) -> Vec<String> {
        if self.pending.is_empty() && self.game.outcome().is_some() {
            return Vec::new();
        }
        let pos = self.current();
        Self::plies(&pos)
            .into_iter()
            .map(|m| V::turn_to_token(&pos, &[m]))
            .collect()
    }

    fn legal_plies_at(&self, turns: usize) -> Vec<String> {
        if turns >= self.game.turns().len() {
            return if turns == self.game.turns().len() && self.pending.is_empty() {
                self.legal_plies()
            } else {
                Vec::new()
            };
        }
        let mut game = self.game.clone();
        while game.turns().len() > turns {
            game.undo();
        }
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        Self::plies(pos)
            .into_iter()
            .map(|m| V::turn_to_token(pos, &[m]))
            .collect()
    }

    fn board(&self, turns: Option<usize>) -> Option<Board> {
        match turns {
            None => Some(self.board_of(&self.current())),
            Some(n) => self.positions().get(n).map(|p| self.board_of(p)),
        }
    }

    fn pgn(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        notation: Notation,
        comment: Option<&str>,
        move_comments: &[Option<String>],
    ) -> String {
        pgn::write_with(&self.game, tags, result, notation, comment, move_comments)
    }

    fn ponder_matches(&self, token: &str) -> bool {
        match (&self.ponder, V::parse_san(self.game.position(), token)) {
            (Some(expected), Ok(plies)) => *expected == plies,
            _ => false,
        }
    }

    fn prepare_search(&mut self, order: &SearchOrder) -> Result<Job, String> {
        let mut game = self.game.clone();
        if let Some(turns) = order.at_turn {
            while game.turns().len() > turns {
                game.undo();
            }
        }
        let mut root = game.position().clone();
        let mut history: Vec<(u64, bool)> = game
            .positions()
            .iter()
            .map(|p| (V::hash(p), V::in_check(p)))
            .collect();
        let keep_positions = V::repetition_needs_positions(&root);
        let mut positions = if keep_positions {
            game.positions().to_vec()
        } else {
            Vec::new()
        };
        self.ponder = None;
        if let Some(token) = &order.after {
            let plies = V::parse_san(&root, token).map_err(|e| e.to_string())?;
            for &mv in &plies {
                root = V::make(&root, mv);
            }
            history.push((V::hash(&root), V::in_check(&root)));
            if keep_positions {
                positions.push(root.clone());
            }
            self.ponder = Some(plies);
        }
        // The root's own hash is not history.
        history.pop();
        positions.pop();
        let mut search_moves = Vec::new();
        for token in &order.search_moves {
            let plies = V::parse_san(&root, token)
                .map_err(|e| format!("searchmoves: {}", naming(token, &e)))?;
            search_moves.push(plies[0]);
        }
        let req = Request::<V> {
            root,
            history,
            positions,
            limits: order.limits.clone(),
            search_moves,
            multipv: order.multipv.max(1),
            threads: order.threads.max(1),
            move_overhead: order.move_overhead,
            params: order.params,
        };
        Ok(Box::new(
            move |shared: &Shared, sink: &(dyn Fn(Report) + Sync)| {
                let reporter = Reports::<V> {
                    root: req.root.clone(),
                    sink,
                };
                let result = search::<V>(shared, &req, &reporter);
                Found {
                    failed: result.failed,
                    ..found::<V>(&req.root, &result.pv)
                }
            },
        ))
    }

    fn prepare_perft(&self, depth: u32, threads: usize) -> PerftJob {
        let root = self.current();
        Box::new(move |stop| perft::divide_until::<V>(&root, depth, threads, stop))
    }

    fn prepare_bench(
        &self,
        depth: i32,
        threads: usize,
        hash_mib: usize,
        mut each: BenchEach,
    ) -> BenchJob {
        let game = self.variant().clone();
        Box::new(move |stop| {
            engine::bench::bench_until(&game, depth, threads, hash_mib, stop, &mut |i, fen, r| {
                each(i, fen, r.nodes)
            })
        })
    }
}

/// The best turn of a PV and the reply expected after it.
fn found<V: Variant>(root: &V::Position, pv: &[V::Move]) -> Found {
    let turn = first_turn::<V>(root, pv);
    if turn.is_empty() {
        return Found::default();
    }
    let mut after = root.clone();
    for &mv in &turn {
        after = V::make(&after, mv);
    }
    // A first turn completed past the PV's end leaves no reply.
    let rest = pv.get(turn.len()..).unwrap_or(&[]);
    let reply = first_turn::<V>(&after, rest);
    Found {
        best: Some(Turn::of::<V>(root, &turn)),
        ponder: (!reply.is_empty()).then(|| Turn::of::<V>(&after, &reply)),
        failed: false,
    }
}

/// The engine's reports, with the line's turns written every way.
struct Reports<'a, V: Variant> {
    root: V::Position,
    sink: &'a (dyn Fn(Report) + Sync),
}

impl<V: Variant> Reporter<V::Move> for Reports<'_, V> {
    fn info(&self, i: &Info<V::Move>) {
        let mut pos = self.root.clone();
        let line =
            i.pv.iter()
                .map(|plies| {
                    let turn = Turn::of::<V>(&pos, plies);
                    for &m in plies {
                        pos = V::make(&pos, m);
                    }
                    turn
                })
                .collect();
        (self.sink)(Report {
            depth: i.depth,
            seldepth: i.seldepth,
            multipv: i.multipv,
            score: i.score,
            raw_score: i.raw_score,
            bound: i.bound,
            nodes: i.nodes,
            elapsed: i.elapsed,
            hashfull: i.hashfull,
            side: V::side_to_move(&self.root),
            line,
        });
    }
}
