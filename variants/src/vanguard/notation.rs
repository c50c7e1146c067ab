//! Move tokens (spec section 10): `e3e7`, and two-leg tokens for shots,
//! the Berserker's double moves and its pass.

use super::movegen::legal;
use super::position::Position;
use super::types::*;
use crate::{MoveError, MoveList};

/// The canonical token of an action.
pub fn to_token(action: Action) -> String {
    let (f, t, v) = (
        square_name(action.from()),
        square_name(action.to()),
        square_name(action.via()),
    );
    match action.kind() {
        ActionKind::Normal | ActionKind::Swap => format!("{f}{t}"),
        ActionKind::ArcherShot
        | ActionKind::BowmanShot
        | ActionKind::LionDouble
        | ActionKind::Pass => {
            format!("{f}{v},{v}{t}")
        }
    }
}

/// Splits `e3e7` into its two squares.
fn leg(text: &str) -> Option<(Square, Square)> {
    let bytes = text.as_bytes();
    let second = (1..bytes.len()).find(|&i| bytes[i].is_ascii_lowercase())?;
    Some((
        parse_square(&text[..second])?,
        parse_square(&text[second..])?,
    ))
}

/// Reads a token: a canonical one, a pass through any empty neighbour, or
/// a promotion with the forced piece's letter appended.
pub fn parse_token(pos: &Position, text: &str) -> Result<Action, MoveError> {
    let text = text.trim();
    let legs: Vec<&str> = text.split(',').collect();
    let suffix = text
        .chars()
        .last()
        .filter(|c| c.is_ascii_lowercase() && legs.len() == 1);
    let plain = if suffix.is_some() {
        &text[..text.len() - 1]
    } else {
        text
    };
    let readable = text.is_ascii()
        && match legs.as_slice() {
            [one] => leg(plain).is_some() || leg(one).is_some(),
            [a, b] => leg(a).is_some() && leg(b).is_some(),
            _ => false,
        };
    if !readable {
        return Err(MoveError::malformed(
            text,
            "expected two squares such as e3e7, or two legs such as e2d4,d4e2",
        ));
    }
    let mut moves = MoveList::new();
    legal(pos, &mut moves);
    if let Some(&a) = moves.iter().find(|&&a| to_token(a) == text) {
        return Ok(a);
    }
    // A promotion written with its (forced) piece letter.
    if let Some(letter) = suffix {
        if let Some(&a) = moves.iter().find(|&&a| to_token(a) == plain) {
            let forced = pos.piece(a.from()).and_then(|(c, k)| {
                (pawn_class(k) && rank_of(a.to()) == super::position::far_rank(c))
                    .then(|| LETTERS[promotion_of(k)].to_ascii_lowercase())
            });
            return match forced {
                Some(l) if l == letter => Ok(a),
                Some(l) => Err(MoveError::illegal(
                    text,
                    format!("promotion is forced and gives '{l}'"),
                )),
                None => Err(MoveError::illegal(text, "not a promotion")),
            };
        }
    }
    // A pass spelled through another empty neighbour.
    if let [first, second] = legs.as_slice() {
        if let (Some((a, b)), Some((c, d))) = (leg(first), leg(second)) {
            let through_empty = a == d
                && b == c
                && pos.board[b] == super::position::EMPTY
                && tables().leaps[pattern::KING][a].has(b);
            if through_empty {
                if let Some(&p) = moves
                    .iter()
                    .find(|&&m| m.kind() == ActionKind::Pass && m.from() == a)
                {
                    return Ok(p);
                }
            }
        }
    }
    Err(MoveError::illegal(text, "no legal action matches it"))
}
