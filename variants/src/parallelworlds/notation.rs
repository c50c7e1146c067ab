//! Turn tokens of spec section 9: sub-moves `1e21e4`, `2c81c8q` joined by
//! commas, in the order played.

use super::movegen;
use super::position::Position;
use super::types::*;
use crate::GamePosition;
use crate::{MoveError, MoveList};

/// The token of a turn's plies (the end-of-turn ply writes nothing).
pub fn to_token(plies: &[SubMove]) -> String {
    plies
        .iter()
        .filter(|m| !m.is_end())
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads one sub-move's text: (from, to, promotion kind or 0).
fn read_submove(token: &str, text: &str) -> Result<(Square, Square, usize), MoveError> {
    let bad = |why: &str| MoveError::malformed(token, format!("sub-move '{text}': {why}"));
    if !text.is_ascii() || !(6..=7).contains(&text.len()) {
        return Err(bad(
            "expected <level><file><rank> twice and an optional promotion letter",
        ));
    }
    let from = parse_square(&text[0..3]).ok_or_else(|| bad("bad from-square"))?;
    let to = parse_square(&text[3..6]).ok_or_else(|| bad("bad to-square"))?;
    let promo = match text[6..].to_ascii_lowercase().as_str() {
        "" => 0,
        "q" => QUEEN,
        "r" => ROOK,
        "b" => BISHOP,
        "n" => KNIGHT,
        _ => return Err(bad("promotion must be q, r, b or n")),
    };
    Ok((from, to, promo))
}

/// Reads a whole turn: its sub-moves, each legal on the board the earlier
/// ones left, then the end of the turn where the rules do not end it.
pub fn parse_token(pos: &Position, token: &str) -> Result<Vec<SubMove>, MoveError> {
    let parts: Vec<&str> = token.split(',').collect();
    if token.is_empty() || parts.len() > 3 {
        return Err(MoveError::malformed(
            token,
            "a turn is 1 to 3 sub-moves joined by ','",
        ));
    }
    let wanted = parts
        .iter()
        .map(|p| read_submove(token, p))
        .collect::<Result<Vec<_>, _>>()?;
    if pos.king_missing().is_some() {
        return Err(MoveError::illegal(
            token,
            "the game is over (a King was captured)",
        ));
    }
    let mut plies = Vec::new();
    let mut p = pos.clone();
    for (i, &(from, to, promo)) in wanted.iter().enumerate() {
        if p.side != pos.side {
            return Err(MoveError::illegal(
                token,
                format!(
                    "the turn ended before '{}' (sub-move limit reached or a King captured)",
                    parts[i]
                ),
            ));
        }
        let mut list = MoveList::new();
        movegen::legal(&p, &mut list);
        let found = list
            .iter()
            .copied()
            .find(|m| !m.is_end() && m.from() == from && m.to() == to && m.promo() == promo);
        let mv = found.ok_or_else(|| {
            let needs_promo = promo == 0
                && list
                    .iter()
                    .any(|m| !m.is_end() && m.from() == from && m.to() == to);
            let why = if needs_promo {
                format!("'{}' must name a promotion piece (q, r, b, n)", parts[i])
            } else {
                format!("'{}' is not a legal sub-move here", parts[i])
            };
            MoveError::illegal(token, why)
        })?;
        plies.push(mv);
        p = p.make(mv);
    }
    if p.side == pos.side {
        plies.push(SubMove::END);
    }
    Ok(plies)
}
