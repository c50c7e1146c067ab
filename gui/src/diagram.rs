//! A piece alone on an empty board and where it can go from there: what a
//! click on a legend entry shows (as H. G. Muller's Interactive Diagram
//! does on chessvariants.com). The moves are the game's own legal moves
//! from a real position, so they follow the rules to the letter.

use crate::game::{position_view, PositionView};
use crate::legs;
use serde::Serialize;
use variants::board_field::{self, Cell};
use variants::{GameSpec, Side, Variant};

/// The diagram the page draws.
#[derive(Clone, Debug, Serialize)]
pub struct DiagramView {
    /// The piece's letter (White's, upper case).
    pub letter: char,
    /// Where it stands.
    pub square: String,
    /// The position: the piece and the royal pieces the game needs.
    pub position: PositionView,
    /// Where a move's first leg ends.
    pub first: Vec<String>,
    /// Where its later legs end (shots, double moves), if anywhere else.
    pub later: Vec<String>,
    /// Where it takes an enemy piece standing there but cannot move when
    /// the square is empty (shots, capture-only moves): found by putting an
    /// enemy on each empty square in turn.
    pub captures: Vec<String>,
}

/// The diagram of White's `letter` in game `V`: the piece on the square
/// nearest the first board's centre from which it has moves, with only
/// the royal pieces of the start position beside it.
pub fn diagram<V: Variant>(game: &V, letter: char) -> Result<DiagramView, String> {
    let letter = letter.to_ascii_uppercase();
    let spec = game.spec();
    let start = game.start();
    // The royal piece a position of the game cannot do without.
    let royal_letter = spec
        .pieces
        .iter()
        .find(|p| p.royal)
        .map_or('K', |p| p.letter);
    let mut from_start: Vec<(String, Cell)> = board_field::cells(game, &start)
        .into_iter()
        .filter(|(_, cell)| match cell {
            Cell::Hole => true,
            Cell::Piece { letter: l, .. } => l.to_ascii_uppercase() == royal_letter,
        })
        .collect();
    if letter == royal_letter {
        // The royal piece shown leaves its start square (one of them, in
        // Parallel Worlds).
        if let Some(i) = from_start.iter().position(|(_, c)| {
            matches!(
                c,
                Cell::Piece {
                    side: Side::White,
                    ..
                }
            )
        }) {
            from_start.remove(i);
        }
    }
    // Where the start squares do not do (Advanced Wizard's Wizards face
    // each other on an open file), the royal pieces near opposite corners,
    // on no common line.
    let first = &spec.boards[0].shape;
    let mut corners: Vec<(String, Cell)> = from_start
        .iter()
        .filter(|(_, c)| *c == Cell::Hole)
        .cloned()
        .collect();
    let black = board_field::letter(royal_letter, Side::Black);
    corners.push((
        spec.squares.name(0, first.files - 1, first.ranks - 1),
        Cell::Piece {
            letter: black,
            side: Side::Black,
            mark: None,
        },
    ));
    if letter != royal_letter {
        corners.push((
            spec.squares.name(0, 1, 0),
            Cell::Piece {
                letter: royal_letter,
                side: Side::White,
                mark: None,
            },
        ));
    }
    let rest: Vec<&str> = spec.start_fen.split_whitespace().skip(1).collect();
    // The layout that lets the piece show the most moves (a piece between
    // two facing Wizards is pinned to their line).
    [from_start, corners]
        .iter()
        .filter_map(|kept| placed(game, kept, &rest, letter))
        .max_by_key(|d| d.first.len() + d.later.len())
        .ok_or_else(|| format!("no diagram for '{letter}' in {}", spec.name))
}

/// The diagram of `letter` beside the `kept` cells, on the square nearest
/// the centre from which it moves.
fn placed<V: Variant>(
    game: &V,
    kept: &[(String, Cell)],
    rest: &[&str],
    letter: char,
) -> Option<DiagramView> {
    let spec = game.spec();
    for (board, shape) in spec.shapes().iter().enumerate() {
        let mut squares: Vec<(usize, usize)> = (0..shape.ranks)
            .flat_map(|r| (0..shape.files).map(move |f| (f, r)))
            .collect();
        // Nearest the centre first (twice the coordinates: no fractions).
        let centre = |f: usize, r: usize| {
            let df = (2 * f + 1).abs_diff(shape.files);
            let dr = (2 * r + 1).abs_diff(shape.ranks);
            df * df + dr * dr
        };
        squares.sort_by_key(|&(f, r)| centre(f, r));
        for (file, rank) in squares {
            let square = spec.squares.name(board, file, rank);
            if kept.iter().any(|(s, _)| *s == square) {
                continue;
            }
            let field = board_text(spec, kept, &[(board, file, rank, letter)]);
            for fen in fens(&field, rest) {
                let Ok(pos) = game.read_fen(&fen) else {
                    continue;
                };
                if V::side_to_move(&pos) != Side::White {
                    continue;
                }
                let (first, later) = destinations(game, &pos, &square);
                if !first.is_empty() {
                    let captures =
                        captures_only(game, kept, rest, (board, file, rank), letter, &first);
                    return Some(DiagramView {
                        letter,
                        square,
                        position: position_view(&play::Board {
                            fen: V::to_fen(&pos),
                            side: V::side_to_move(&pos),
                            cells: board_field::cells(game, &pos),
                        }),
                        first,
                        later,
                        captures,
                    });
                }
            }
        }
    }
    None
}

/// The squares where the piece on `at` takes an enemy it could not move
/// to: an enemy (the game's first piece that is not royal) is put on each
/// other free square in turn, and a first leg ending there counts.
fn captures_only<V: Variant>(
    game: &V,
    kept: &[(String, Cell)],
    rest: &[&str],
    at: (usize, usize, usize),
    letter: char,
    moves: &[String],
) -> Vec<String> {
    let spec = game.spec();
    let Some(enemy) = spec.pieces.iter().find(|p| !p.royal) else {
        return Vec::new();
    };
    let enemy = board_field::letter(enemy.letter, Side::Black);
    let from = spec.squares.name(at.0, at.1, at.2);
    let mut out = Vec::new();
    for (board, shape) in spec.shapes().iter().enumerate() {
        for rank in 0..shape.ranks {
            for file in 0..shape.files {
                let target = spec.squares.name(board, file, rank);
                if target == from
                    || moves.contains(&target)
                    || kept.iter().any(|(s, _)| *s == target)
                {
                    continue;
                }
                let field = board_text(
                    spec,
                    kept,
                    &[(at.0, at.1, at.2, letter), (board, file, rank, enemy)],
                );
                let Some(pos) = fens(&field, rest)
                    .into_iter()
                    .find_map(|fen| game.read_fen(&fen).ok())
                else {
                    continue;
                };
                if destinations(game, &pos, &from).0.contains(&target) {
                    out.push(target);
                }
            }
        }
    }
    out
}

/// The board field with the kept cells and each (board, file, rank,
/// letter) put on.
fn board_text(
    spec: &GameSpec,
    kept: &[(String, Cell)],
    put: &[(usize, usize, usize, char)],
) -> String {
    let mut out = String::new();
    for (b, shape) in spec.shapes().iter().enumerate() {
        if b > 0 {
            out.push('|');
        }
        board_field::write(shape.files, shape.ranks, &mut out, |f, r, item| {
            if let Some(&(.., letter)) = put.iter().find(|p| (p.0, p.1, p.2) == (b, f, r)) {
                item.push(letter);
                return true;
            }
            let name = spec.squares.name(b, f, r);
            match kept.iter().find(|(s, _)| *s == name).map(|(_, c)| c) {
                Some(Cell::Hole) => item.push('*'),
                Some(Cell::Piece { letter, .. }) => item.push(*letter),
                None => return false,
            }
            true
        });
    }
    out
}

/// FENs to try: the start FEN's other fields with White to move, first as
/// they are, then without the rights the removed pieces had.
fn fens(field: &str, rest: &[&str]) -> Vec<String> {
    let mut fields: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
    if let Some(side) = fields.first_mut() {
        *side = "w".into();
    }
    let mut out = vec![format!("{field} {}", fields.join(" "))];
    if fields.len() > 1 {
        fields[1] = "-".into();
        out.push(format!("{field} {}", fields.join(" ")));
    }
    let bare: Vec<String> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if i == 0 || f.chars().all(|c| c.is_ascii_digit()) {
                f.clone()
            } else {
                "-".into()
            }
        })
        .collect();
    out.push(format!("{field} {}", bare.join(" ")));
    // Where the rights are the only field to clear, the last two agree.
    out.dedup();
    out
}

/// The squares the legal moves from `square` reach: by their first leg,
/// and by later legs elsewhere.
fn destinations<V: Variant>(
    game: &V,
    pos: &V::Position,
    square: &str,
) -> (Vec<String>, Vec<String>) {
    let mut first = Vec::new();
    let mut later = Vec::new();
    let mut plies = variants::MoveList::new();
    V::generate(pos, &mut plies);
    for &ply in plies.iter() {
        let token = V::turn_to_token(pos, &[ply]);
        let Some(legs) = legs::split(&token, &game.spec().squares) else {
            continue;
        };
        let Some((head, tail)) = legs.split_first() else {
            continue;
        };
        if head.from.as_deref() != Some(square) {
            continue;
        }
        if !first.contains(&head.to) {
            first.push(head.to.clone());
        }
        for leg in tail {
            if leg.to != square && !first.contains(&leg.to) && !later.contains(&leg.to) {
                later.push(leg.to.clone());
            }
        }
    }
    later.retain(|s| !first.contains(s));
    (first, later)
}

struct MakeDiagram(char);

impl variants::VariantVisitor for MakeDiagram {
    type Output = Result<DiagramView, String>;
    fn visit<V: Variant>(self, game: V) -> Self::Output {
        diagram(&game, self.0)
    }
}

/// The `diagram` message for White's `letter` in `variant`.
pub fn message(
    registry: &variants::Registry,
    variant: &str,
    letter: char,
) -> Result<serde_json::Value, String> {
    let view = registry
        .visit(variant, MakeDiagram(letter))
        .map_err(|e| e.to_string())??;
    let mut v = serde_json::to_value(view).map_err(|e| e.to_string())?;
    v["t"] = "diagram".into();
    Ok(v)
}
