//! What the page draws of a tab's game, read off its game handle (the
//! position, the legal plies, the turn under way, the history with its
//! move numbers) and of the search's typed reports. Every rule comes from
//! the `variants` code the engine uses.

use crate::legs::{self, Leg};
use play::{Board, GameHandle, Report};
use serde::Serialize;
use serde_json::{json, Value};
use variants::board_field::Cell;
use variants::{GameSpec, Outcome, Side, SquareNames};

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
    /// The move number written before it (`12.`, `12...`), if any.
    pub number: Option<String>,
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
    /// Each side's pieces in hand, in a game with pockets (crazyhouse,
    /// shogi).
    pub hands: Option<HandsView>,
}

/// The pieces in each side's hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandsView {
    /// White's.
    pub white: Vec<InHand>,
    /// Black's.
    pub black: Vec<InHand>,
}

/// Pieces of one kind in a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InHand {
    /// Its FEN letter, in the case of its side.
    pub piece: String,
    /// How many.
    pub count: u32,
}

/// The hands a FEN writes after its board (`[QNp]`), in the FEN's order;
/// `None` for a game without pockets.
pub fn hands_view(fen: &str) -> Option<HandsView> {
    let field = fen.split_whitespace().next()?;
    let (_, hand) = variants::board_field::split_hand(field).ok()?;
    let mut view = HandsView::default();
    for c in hand?.chars().filter(char::is_ascii_alphabetic) {
        let side = if c.is_ascii_uppercase() {
            &mut view.white
        } else {
            &mut view.black
        };
        match side.iter_mut().find(|h| h.piece == c.to_string()) {
            Some(h) => h.count += 1,
            None => side.push(InHand {
                piece: c.to_string(),
                count: 1,
            }),
        }
    }
    Some(view)
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
    /// The plies of the turn under way.
    pub pending: Vec<PlyView>,
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

/// The position with each side's pocket offering the pieces it may always
/// drop (`free`, White's letters: ataxx's clones), counted 0 for "no
/// count", where the FEN writes no hand.
pub fn with_free_drops(mut view: PositionView, free: &[char]) -> PositionView {
    if view.hands.is_none() && !free.is_empty() {
        let of = |upper: bool| {
            free.iter()
                .map(|&c| InHand {
                    piece: if upper {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    }
                    .to_string(),
                    count: 0,
                })
                .collect()
        };
        view.hands = Some(HandsView {
            white: of(true),
            black: of(false),
        });
    }
    view
}

/// The page's view of a board.
pub fn position_view(board: &Board) -> PositionView {
    let cells = board
        .cells
        .iter()
        .map(|(square, cell)| match *cell {
            Cell::Hole => CellView {
                square: square.clone(),
                piece: String::new(),
                mark: None,
                hole: true,
            },
            Cell::Piece { letter, mark, .. } => CellView {
                square: square.clone(),
                piece: letter.to_string(),
                mark,
                hole: false,
            },
        })
        .collect();
    PositionView {
        fen: board.fen.clone(),
        side: board.side.fen_char(),
        cells,
        hands: hands_view(&board.fen),
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

/// Everything the page draws of `game` now.
pub fn state_view(game: &dyn GameHandle) -> StateView {
    let spec = game.spec();
    let names = spec.squares;
    let split = |token: &str| legs::split(token, &names).unwrap_or_default();
    let plies = game
        .legal_plies()
        .into_iter()
        .map(|token| PlyView {
            legs: split(&token),
            token,
        })
        .collect();
    let history = game
        .history()
        .into_iter()
        .map(|p| TurnView {
            number: p.number,
            legs: split(&p.turn.token),
            san: p.turn.san,
            side: side_name(p.side),
            fen: p.fen,
            token: p.turn.token,
        })
        .collect();
    let pending: Vec<PlyView> = game
        .pending()
        .into_iter()
        .map(|token| PlyView {
            legs: split(&token),
            token,
        })
        .collect();
    let board = game.board(None).expect("a game has a position now");
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
        start_fen: game.start_fen(),
        marked: spec.marked.clone(),
        position: with_free_drops(position_view(&board), &spec.free_drops),
        plies,
        outcome: pending
            .is_empty()
            .then(|| game.outcome())
            .flatten()
            .map(|o| outcome_view(&o)),
        pending,
        history,
    }
}

/// A search's report as the page shows it: the score for White (the
/// evaluation bar's side), the line in human notation, arrows for its
/// first two turns.
pub fn info_view(r: &Report, names: &SquareNames) -> InfoView {
    let (cp, mate) = match r.score_for_white() {
        engine::Score::Cp(c) => (Some(c), None),
        engine::Score::Mate(m) => (None, Some(m)),
    };
    InfoView {
        depth: r.depth,
        multipv: r.multipv,
        cp,
        mate,
        nodes: r.nodes,
        nps: r.nps(),
        ms: r.elapsed.as_millis() as u64,
        pv: r.line.iter().map(|t| t.token.clone()).collect(),
        san: r.line.iter().map(|t| t.san.clone()).collect(),
        arrows: r
            .line
            .iter()
            .take(2)
            .map(|t| legs::split(&t.token, names).unwrap_or_default())
            .collect(),
    }
}

/// What the page is taught of a game: its boards with their titles, its
/// pieces (letter, name, figure, Betza), marked squares and marks, the
/// hint for its special moves, where its rules are.
pub fn spec_message(spec: &GameSpec) -> Value {
    let names = spec.squares;
    let boards: Vec<Value> = spec
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let prefix = names
                .boards
                .get(i)
                .map(|c| c.to_string())
                .unwrap_or_default();
            json!({"prefix": prefix, "title": b.title})
        })
        .collect();
    let pieces: Vec<Value> = spec
        .pieces
        .iter()
        .map(|p| {
            json!({"letter": p.letter.to_string(), "name": p.name, "betza": p.betza,
                   "royal": p.royal, "glyph": p.figure.glyph().map(String::from),
                   "shape": p.figure.shape()})
        })
        .collect();
    let marks: serde_json::Map<String, Value> = spec
        .marks
        .iter()
        .map(|(c, meaning)| (c.to_string(), json!(meaning)))
        .collect();
    let choices: serde_json::Map<String, Value> = spec
        .choices
        .iter()
        .map(|(suffix, words)| (suffix.clone(), json!(words)))
        .collect();
    let rules = if !spec.rules_link.is_empty() {
        Some(spec.rules_link.clone())
    } else if !spec.rules_markdown.is_empty() {
        Some(format!("rules/{}", spec.id))
    } else {
        None
    };
    json!({
        "t": "spec", "id": spec.id, "name": spec.name, "start_fen": spec.start_fen,
        "files": names.files, "ranks": names.ranks,
        "boards": boards, "pieces": pieces, "marked": spec.marked, "marked_title": spec.marked_title,
        "palace": spec.palace, "lines": spec.lines, "river": spec.river,
        "marks": marks, "hint": spec.hint, "rules": rules, "choices": choices,
        "numbering": spec.numbering.fen_char().to_string(), "gating": spec.gating,
        "moving_wall": spec.moving_wall,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_are_read_off_the_fen_by_side_with_counts() {
        let view = hands_view("4k3/8/8/8/8/8/8/4K3[QNNpb] w - - 0 1").unwrap();
        let counts = |h: &[InHand]| -> Vec<(String, u32)> {
            h.iter().map(|i| (i.piece.clone(), i.count)).collect()
        };
        assert_eq!(counts(&view.white), [("Q".into(), 1), ("N".into(), 2)]);
        assert_eq!(counts(&view.black), [("p".into(), 1), ("b".into(), 1)]);
        assert_eq!(
            hands_view("8/8/8/8/8/8/8/8[] w - - 0 1"),
            Some(HandsView::default())
        );
        assert_eq!(hands_view("8/8/8/8/8/8/8/8 w - - 0 1"), None);
    }
}
