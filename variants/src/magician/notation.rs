//! Move tokens (spec section 11) and human notation (section 12).

use super::movegen::legal_moves;
use super::position::Position;
use super::types::*;
use crate::GamePosition;
use crate::{MoveError, MoveList};

const PROMO_LETTERS: [(usize, char); 3] = [
    (ROOK_KNIGHT, 'c'),
    (ROOK_MAGICIAN, 's'),
    (KNIGHT_MAGICIAN, 'w'),
];

fn promo_letter(kind: usize) -> char {
    PROMO_LETTERS
        .iter()
        .find(|p| p.0 == kind)
        .map(|p| p.1)
        .unwrap_or('?')
}

/// The wire token of a move.
pub fn to_token(mv: Move) -> String {
    let mut s = square_name(mv.from()) + &square_name(mv.to());
    match mv.kind() {
        MoveKind::Promotion => s.push(promo_letter(mv.promo())),
        MoveKind::SpellFall => s.push('x'),
        _ => {}
    }
    s
}

/// Reads a wire token against the legal moves.
pub fn parse_token(pos: &Position, token: &str) -> Result<Move, MoveError> {
    let malformed = |why: &str| MoveError::malformed(token, why);
    if !token.is_ascii() || !(4..=5).contains(&token.len()) {
        return Err(malformed(
            "expected <from><to>[c|s|w|x] with squares a1..g7, e.g. e3f3 or d4e4x",
        ));
    }
    let from = parse_square(&token[..2]).ok_or_else(|| malformed("bad origin square"))?;
    let to = parse_square(&token[2..4]).ok_or_else(|| malformed("bad destination square"))?;
    let suffix = token[4..].chars().next();
    if suffix.is_some_and(|c| !matches!(c, 'c' | 's' | 'w' | 'x')) {
        return Err(malformed(
            "the suffix must be c, s, w (promotion) or x (a spell's fall)",
        ));
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter()
        .copied()
        .find(|&m| m.from() == from && m.to() == to && to_token(m) == token)
        .ok_or_else(|| {
            let needs_promo = suffix.is_none()
                && list
                    .iter()
                    .any(|m| m.from() == from && m.to() == to && m.kind() == MoveKind::Promotion);
            if needs_promo {
                MoveError::illegal(token, "a promotion must name its piece: c, s or w")
            } else {
                MoveError::illegal(token, "not a legal move in this position")
            }
        })
}

fn piece_letter(pos: &Position, mv: Move) -> char {
    if mv.is_spell() {
        return 'H';
    }
    pos.piece_at(mv.from())
        .map(|(_, k)| LETTERS[k])
        .unwrap_or('?')
}

/// The SAN of a legal move, with `+` or `#`.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut s = san_body(pos, mv, list.as_slice());
    let child = pos.make(mv);
    if child.in_check() {
        let mut replies = MoveList::new();
        legal_moves(&child, &mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

fn san_body(pos: &Position, mv: Move, legal: &[Move]) -> String {
    let (from, to) = (mv.from(), mv.to());
    let letter = piece_letter(pos, mv);
    match mv.kind() {
        MoveKind::Castling => {
            return if to < from { "0-0(b)" } else { "0-0(f)" }.to_string();
        }
        MoveKind::EnPassant => {
            return format!(
                "{}x{}",
                (b'a' + file_of(from) as u8) as char,
                square_name(to)
            );
        }
        _ => {}
    }
    let capture = match mv.kind() {
        MoveKind::SpellFall => true,
        MoveKind::Spell => false,
        _ => pos.occupied() & (1 << to) != 0,
    };
    let mut s = String::new();
    if letter == 'P' {
        if capture {
            s.push((b'a' + file_of(from) as u8) as char);
            s.push('x');
        }
        s.push_str(&square_name(to));
    } else {
        s.push(letter);
        // Other legal moves of the same letter and kind to the same square.
        let rivals: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                m != mv
                    && m.to() == to
                    && m.from() != from
                    && piece_letter(pos, m) == letter
                    && m.is_spell() == mv.is_spell()
                    && (m.kind() == MoveKind::SpellFall) == (mv.kind() == MoveKind::SpellFall)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|m| file_of(m.from()) == file_of(from));
            let same_rank = rivals.iter().any(|m| rank_of(m.from()) == rank_of(from));
            if !same_file {
                s.push((b'a' + file_of(from) as u8) as char);
            } else if !same_rank {
                s.push((b'1' + rank_of(from) as u8) as char);
            } else {
                s.push_str(&square_name(from));
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&square_name(to));
    }
    if mv.kind() == MoveKind::Promotion {
        s.push('=');
        s.push(promo_letter(mv.promo()).to_ascii_uppercase());
    }
    s
}

/// Reads SAN (or a wire token) against the legal moves.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    if let Ok(mv) = parse_token(pos, text) {
        return Ok(mv);
    }
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let core = match core {
        "O-O(b)" => "0-0(b)",
        "O-O(f)" => "0-0(f)",
        other => other,
    };
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let found: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| san_body(pos, m, list.as_slice()) == core)
        .collect();
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] if core.is_empty() || !core.is_ascii() => Err(MoveError::malformed(
            text,
            "not a move in SAN or token notation",
        )),
        [] => Err(MoveError::illegal(text, "no legal move has this notation")),
        _ => Err(MoveError::illegal(text, "ambiguous: name the origin")),
    }
}
