//! One tab's game of one variant: the position, the plies of a turn under
//! way, the history in the variant's notation, and what the page draws.
//! Every rule comes from the `variants` code the engine uses.

use crate::legs::{self, Leg};
use serde::Serialize;
use std::sync::Arc;
use variants::board_field::{self, Cell};
use variants::{Game, MoveList, Outcome, Side, Variant};

/// A legal ply as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// The ply's wire token (empty for the ply that ends a turn early).
    pub token: String,
    /// The token split into legs.
    pub legs: Vec<Leg>,
}

/// A square's content as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct CellView {
    /// Square name in wire notation.
    pub square: String,
    /// FEN letter in the case of its side; empty for a hole.
    pub piece: String,
    /// The mark after the letter (Advanced Wizard).
    pub mark: Option<char>,
    /// A hole (Magician Chess).
    pub hole: bool,
}

/// One turn of the move list.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// Wire token.
    pub token: String,
    /// Human notation (SAN where the variant has one).
    pub san: String,
    /// The side that played it.
    pub side: &'static str,
    /// The FEN after it.
    pub fen: String,
    /// Its token split into legs (the page marks the last turn's squares).
    pub legs: Vec<Leg>,
}

/// Everything the page draws of a position.
#[derive(Clone, Debug, Serialize)]
pub struct PositionView {
    /// The FEN (inside a turn: of the position after its plies so far).
    pub fen: String,
    /// `w` or `b`.
    pub side: char,
    /// Occupied squares and holes.
    pub cells: Vec<CellView>,
}

/// The result, for the page.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why, in words.
    pub reason: String,
}

/// The whole state the page shows.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    /// Variant id.
    pub variant: String,
    /// The variant's name.
    pub name: String,
    /// Files and ranks per board.
    pub files: usize,
    /// Ranks per board.
    pub ranks: usize,
    /// Each board's square-name prefix (one empty name for one board).
    pub boards: Vec<String>,
    /// The start FEN of this game.
    pub start_fen: String,
    /// Squares marked on the board in every position (X squares).
    pub marked: Vec<String>,
    /// The position now (after the plies of the turn under way).
    pub position: PositionView,
    /// The legal plies there.
    pub plies: Vec<PlyView>,
    /// The tokens of the plies of the turn under way.
    pub pending: Vec<String>,
    /// The turns played.
    pub history: Vec<TurnView>,
    /// The result, when the game is over.
    pub outcome: Option<OutcomeView>,
}

/// One progress report of a search, for the page.
#[derive(Clone, Debug, Serialize)]
pub struct InfoView {
    /// Completed depth.
    pub depth: i32,
    /// Which line (1 = best).
    pub multipv: usize,
    /// Centipawns for White (the evaluation bar's side), if not a mate.
    pub cp: Option<i32>,
    /// Mate in this many moves, positive when White mates.
    pub mate: Option<i32>,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub ms: u64,
    /// The line as wire tokens.
    pub pv: Vec<String>,
    /// The line in human notation.
    pub san: Vec<String>,
    /// The legs of the line's first turns (for arrows).
    pub arrows: Vec<Vec<Leg>>,
}

struct PageReporter<V: Variant> {
    root: V::Position,
    squares: variants::SquareNames,
    sink: Box<dyn Fn(InfoView) + Send + Sync>,
}

impl<V: Variant> engine::Reporter for PageReporter<V> {
    fn info(&self, i: &engine::Info) {
        if i.bound != engine::Bound::Exact && i.multipv > 1 {
            return;
        }
        let white = V::side_to_move(&self.root) == Side::White;
        let flip = |n: i32| if white { n } else { -n };
        let (cp, mate) = match i.score {
            engine::Score::Cp(c) => (Some(flip(c)), None),
            engine::Score::Mate(m) => (None, Some(flip(m))),
        };
        let mut san = Vec::new();
        let mut arrows = Vec::new();
        let mut pos = self.root.clone();
        for token in &i.pv {
            let Ok(plies) = V::parse_turn(&pos, token) else {
                break;
            };
            san.push(V::turn_to_san(&pos, &plies));
            if arrows.len() < 2 {
                arrows.push(legs::split(token, &self.squares).unwrap_or_default());
            }
            for &m in &plies {
                pos = V::make(&pos, m);
            }
        }
        let ms = i.elapsed.as_millis() as u64;
        (self.sink)(InfoView {
            depth: i.depth,
            multipv: i.multipv,
            cp,
            mate,
            nodes: i.nodes,
            nps: (i.nodes * 1000).checked_div(ms).unwrap_or(0),
            ms,
            pv: i.pv.clone(),
            san,
            arrows,
        });
    }
}

/// What a search found, in wire notation.
#[derive(Clone, Debug)]
pub struct Found {
    /// The turn to play, if any.
    pub best: Option<String>,
}

/// A game of some variant, behind an object-safe face.
pub trait GuiGame: Send {
    /// The state to draw.
    fn state(&self) -> StateView;
    /// Plays one ply of the turn under way, given by its token (empty: end
    /// the turn). A ply that ends the turn commits it to the game.
    fn play_ply(&mut self, token: &str) -> Result<(), String>;
    /// Plays a whole turn from a wire token or human notation.
    fn play_turn(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the plies of the turn under way, or else the last turn.
    fn undo(&mut self) -> bool;
    /// Keeps only the first `turns` turns (stepping back and playing on).
    fn truncate(&mut self, turns: usize);
    /// The position after `turns` turns, for stepping through the game.
    fn view(&self, turns: usize) -> Option<PositionView>;
    /// Turns played.
    fn turns_played(&self) -> usize;
    /// Whether a turn is under way (some of its plies played).
    fn inside_turn(&self) -> bool;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The game's outcome.
    fn outcome(&self) -> Option<Outcome>;
    /// Prepares a search of the position after `turns` turns (the shown
    /// one) with the game's history: a closure to run on a search thread.
    fn searcher(&self, turns: usize, job: SearchJob) -> Box<dyn FnOnce() -> Found + Send>;
}

/// The engine side of a search the session starts.
pub struct SearchJob {
    /// The table and stop flag.
    pub shared: Arc<engine::Shared>,
    /// Limits.
    pub limits: engine::Limits,
    /// MultiPV lines.
    pub multipv: usize,
    /// Threads.
    pub threads: usize,
    /// Where progress goes.
    pub sink: Box<dyn Fn(InfoView) + Send + Sync>,
}

/// A game of `V`.
pub struct VariantGame<V: Variant> {
    game: Game<V>,
    pending: Vec<V::Move>,
}

impl<V: Variant> VariantGame<V> {
    /// A new game of `variant` from `fen` (or the start).
    pub fn new(variant: V, fen: Option<&str>) -> Result<Self, String> {
        let start = match fen {
            Some(f) if !f.trim().is_empty() => {
                variant.read_fen(f.trim()).map_err(|e| e.to_string())?
            }
            _ => variant.start(),
        };
        Ok(VariantGame {
            game: Game::new(variant, start),
            pending: Vec::new(),
        })
    }

    fn current(&self) -> V::Position {
        let mut p = self.game.position().clone();
        for &m in &self.pending {
            p = V::make(&p, m);
        }
        p
    }

    pub(crate) fn position_view(variant: &V, pos: &V::Position) -> PositionView {
        let cells = board_field::cells(variant, pos)
            .into_iter()
            .map(|(square, cell)| match cell {
                Cell::Hole => CellView {
                    square,
                    piece: String::new(),
                    mark: None,
                    hole: true,
                },
                Cell::Piece { letter, mark, .. } => CellView {
                    square,
                    piece: letter.to_string(),
                    mark,
                    hole: false,
                },
            })
            .collect();
        PositionView {
            fen: V::to_fen(pos),
            side: V::side_to_move(pos).fen_char(),
            cells,
        }
    }

    fn positions(&self) -> Vec<V::Position> {
        let mut out = vec![self.game.start_position().clone()];
        for turn in self.game.turns() {
            let mut p = out
                .last()
                .cloned()
                .unwrap_or_else(|| self.game.variant().start());
            for &m in turn {
                p = V::make(&p, m);
            }
            out.push(p);
        }
        out
    }

    pub(crate) fn legal_plies(pos: &V::Position) -> Vec<V::Move> {
        let mut list = MoveList::new();
        V::generate(pos, &mut list);
        list.iter().copied().collect()
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// The outcome in words.
pub fn outcome_view(o: &Outcome) -> OutcomeView {
    let result = match o {
        Outcome::Win {
            winner: Side::White,
            ..
        } => "1-0",
        Outcome::Win { .. } => "0-1",
        Outcome::Draw(_) => "1/2-1/2",
    };
    OutcomeView {
        result,
        reason: o.to_string(),
    }
}

impl<V: Variant> GuiGame for VariantGame<V> {
    fn state(&self) -> StateView {
        let spec = self.game.variant().spec();
        let names = spec.squares;
        let pos = self.current();
        let game_over = self.pending.is_empty() && self.game.outcome().is_some();
        let plies = if game_over {
            Vec::new()
        } else {
            Self::legal_plies(&pos)
                .into_iter()
                .map(|m| {
                    let token = V::turn_to_token(&pos, &[m]);
                    let legs = legs::split(&token, &names).unwrap_or_default();
                    PlyView { token, legs }
                })
                .collect()
        };
        let positions = self.positions();
        let history = self
            .game
            .turns()
            .iter()
            .zip(&positions)
            .zip(positions.iter().skip(1))
            .map(|((turn, before), after)| {
                let token = V::turn_to_token(before, turn);
                TurnView {
                    legs: legs::split(&token, &names).unwrap_or_default(),
                    san: V::turn_to_san(before, turn),
                    side: side_name(V::side_to_move(before)),
                    fen: V::to_fen(after),
                    token,
                }
            })
            .collect();
        let mut before = self.game.position().clone();
        let pending = self
            .pending
            .iter()
            .map(|&m| {
                let t = V::turn_to_token(&before, &[m]);
                before = V::make(&before, m);
                t
            })
            .collect();
        StateView {
            variant: spec.id.clone(),
            name: spec.name.clone(),
            files: names.files,
            ranks: names.ranks,
            boards: if names.boards.is_empty() {
                vec![String::new()]
            } else {
                names.boards.iter().map(|c| c.to_string()).collect()
            },
            start_fen: V::to_fen(self.game.start_position()),
            marked: spec.marked.clone(),
            position: Self::position_view(self.game.variant(), &pos),
            plies,
            pending,
            history,
            outcome: self
                .pending
                .is_empty()
                .then(|| self.game.outcome())
                .flatten()
                .map(|o| outcome_view(&o)),
        }
    }

    fn play_ply(&mut self, token: &str) -> Result<(), String> {
        if self.pending.is_empty() && self.game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let pos = self.current();
        let ply = Self::legal_plies(&pos)
            .into_iter()
            .find(|&m| V::turn_to_token(&pos, &[m]) == token)
            .ok_or_else(|| {
                if token.is_empty() {
                    "the turn cannot end here".to_string()
                } else {
                    format!("'{token}' is not a legal move here")
                }
            })?;
        let mut after = V::make(&pos, ply);
        self.pending.push(ply);
        // A turn with no sub-move left but its end (Parallel Worlds at the
        // sub-move limit) ends by itself.
        if V::side_to_move(&after) == V::side_to_move(self.game.position()) {
            if let [only] = Self::legal_plies(&after)[..] {
                if V::turn_to_token(&after, &[only]).is_empty() {
                    self.pending.push(only);
                    after = V::make(&after, only);
                }
            }
        }
        if V::side_to_move(&after) != V::side_to_move(self.game.position()) {
            let plies = std::mem::take(&mut self.pending);
            self.game.play_plies(plies);
        }
        Ok(())
    }

    fn play_turn(&mut self, text: &str) -> Result<(), String> {
        if !self.pending.is_empty() {
            return Err("finish or take back the turn under way first".into());
        }
        if self.game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let plies = V::parse_san(self.game.position(), text.trim()).map_err(|e| e.to_string())?;
        self.game.play_plies(plies);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.pending.pop().is_some() {
            return true;
        }
        self.game.undo()
    }

    fn truncate(&mut self, turns: usize) {
        self.pending.clear();
        while self.game.turns().len() > turns {
            self.game.undo();
        }
    }

    fn view(&self, turns: usize) -> Option<PositionView> {
        self.positions()
            .get(turns)
            .map(|p| Self::position_view(self.game.variant(), p))
    }

    fn turns_played(&self) -> usize {
        self.game.turns().len()
    }

    fn inside_turn(&self) -> bool {
        !self.pending.is_empty()
    }

    fn side_to_move(&self) -> Side {
        V::side_to_move(&self.current())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn searcher(&self, turns: usize, job: SearchJob) -> Box<dyn FnOnce() -> Found + Send> {
        let mut game = self.game.clone();
        while game.turns().len() > turns {
            game.undo();
        }
        let root = game.position().clone();
        let squares = game.variant().spec().squares;
        // Hashes of the earlier positions, for repetitions.
        let mut history = game.hashes().to_vec();
        history.pop();
        Box::new(move || {
            let req = engine::Request::<V> {
                root: root.clone(),
                history,
                limits: job.limits,
                search_moves: Vec::new(),
                multipv: job.multipv.max(1),
                threads: job.threads.max(1),
                move_overhead: std::time::Duration::from_millis(10),
            };
            let reporter = PageReporter::<V> {
                root: root.clone(),
                squares,
                sink: job.sink,
            };
            let result = engine::search(&job.shared, &req, &reporter);
            let plies = engine::search::first_turn::<V>(&root, &result.pv);
            let best = (!plies.is_empty()).then(|| V::turn_to_token(&root, &plies));
            Found { best }
        })
    }
}
