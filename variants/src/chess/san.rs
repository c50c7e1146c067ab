//! Standard Algebraic Notation (SAN) and UCI move tokens for chess.

use super::movegen::{count_legal, legal_moves};
use super::position::Position;
use super::types::*;
use crate::GamePosition;
use crate::{MoveError, MoveList};

/// The squares a castling move's king lands on (`to` is the rook square).
fn castle_king_dest(mv: Move) -> Square {
    let back = mv.from() & 56;
    back + if mv.to() > mv.from() { 6 } else { 2 }
}

/// The UCI token of a move. Castling is written king-to-destination
/// (`e1g1`) unless the position is in Chess960 mode (`e1h1`).
pub fn to_uci(pos: &Position, mv: Move) -> String {
    let to = match mv.kind() {
        MoveKind::Castling if !pos.chess960 => castle_king_dest(mv),
        _ => mv.to(),
    };
    let mut s = square_name(mv.from());
    s.push_str(&square_name(to));
    if mv.kind() == MoveKind::Promotion {
        s.push(KIND_LETTERS[mv.promo_kind()].to_ascii_lowercase());
    }
    s
}

/// Reads a UCI token. Castling is accepted both as king-takes-rook and as
/// king-to-destination (when that is not also an ordinary king move).
pub fn parse_uci(pos: &Position, token: &str) -> Result<Move, MoveError> {
    let malformed = |why: &str| MoveError::malformed(token, why);
    if !token.is_ascii() || !(4..=5).contains(&token.len()) {
        return Err(malformed(
            "expected <from><to>[promotion], e.g. e2e4 or e7e8q",
        ));
    }
    let from = parse_square(&token[0..2]).ok_or_else(|| malformed("bad origin square"))?;
    let to = parse_square(&token[2..4]).ok_or_else(|| malformed("bad destination square"))?;
    let promo = match token[4..].chars().next() {
        None => None,
        Some(c) => match kind_from_letter(c) {
            Some(k) if (KNIGHT..=QUEEN).contains(&k) => Some(k),
            _ => return Err(malformed("promotion must be one of n, b, r, q")),
        },
    };
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let found = list.iter().copied().find(|&m| {
        if m.from() != from {
            return false;
        }
        match m.kind() {
            MoveKind::Promotion => m.to() == to && promo == Some(m.promo_kind()),
            MoveKind::Castling => {
                promo.is_none()
                    && (m.to() == to
                        || (castle_king_dest(m) == to
                            && from.abs_diff(to) >= 2
                            && file_of(from) != file_of(to)))
            }
            _ => m.to() == to && promo.is_none(),
        }
    });
    found.ok_or_else(|| {
        let needs_promo = promo.is_none()
            && list
                .iter()
                .any(|m| m.from() == from && m.to() == to && m.kind() == MoveKind::Promotion);
        if needs_promo {
            MoveError::illegal(token, "a promotion must name its piece (e.g. e7e8q)")
        } else {
            MoveError::illegal(token, "not a legal move in this position")
        }
    })
}

/// The SAN of a legal move, with `+` or `#`.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let mut s = String::new();
    let moved = kind_of(pos.piece_at(mv.from()));
    match mv.kind() {
        MoveKind::Castling => s.push_str(if mv.to() > mv.from() { "O-O" } else { "O-O-O" }),
        _ => {
            let capture = mv.kind() == MoveKind::EnPassant || pos.piece_at(mv.to()) != NO_PIECE;
            if moved == PAWN {
                if capture {
                    s.push((b'a' + file_of(mv.from()) as u8) as char);
                }
            } else {
                s.push(KIND_LETTERS[moved]);
                let mut list = MoveList::new();
                legal_moves(pos, &mut list);
                let rivals: Vec<Square> = list
                    .iter()
                    .filter(|m| {
                        m.to() == mv.to()
                            && m.from() != mv.from()
                            && m.kind() != MoveKind::Castling
                            && kind_of(pos.piece_at(m.from())) == moved
                    })
                    .map(|m| m.from())
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals.iter().any(|&r| file_of(r) == file_of(mv.from()));
                    let same_rank = rivals.iter().any(|&r| rank_of(r) == rank_of(mv.from()));
                    let name = square_name(mv.from());
                    if !same_file {
                        s.push_str(&name[..1]);
                    } else if !same_rank {
                        s.push_str(&name[1..]);
                    } else {
                        s.push_str(&name);
                    }
                }
            }
            if capture {
                s.push('x');
            }
            s.push_str(&square_name(mv.to()));
            if mv.kind() == MoveKind::Promotion {
                s.push('=');
                s.push(KIND_LETTERS[mv.promo_kind()]);
            }
        }
    }
    let after = pos.make(mv);
    if after.in_check() {
        s.push(if count_legal(&after) == 0 { '#' } else { '+' });
    }
    s
}

/// Reads SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`, `0-0-0`, with or without `+`,
/// `#`, `!`, `?`), or a UCI token as a fallback.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    if matches!(core, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        let king_side = core.len() == 3;
        return list
            .iter()
            .copied()
            .find(|m| m.kind() == MoveKind::Castling && (m.to() > m.from()) == king_side)
            .ok_or_else(|| MoveError::illegal(text, "castling is not legal here"));
    }
    if let Ok(mv) = parse_uci(pos, core) {
        return Ok(mv);
    }
    let b = core.as_bytes();
    if !core.is_ascii() || b.len() < 2 {
        return Err(MoveError::malformed(
            text,
            "not a move in SAN or UCI notation",
        ));
    }
    let (piece, rest) = match b[0] {
        b'N' | b'B' | b'R' | b'Q' | b'K' => {
            (kind_from_letter(b[0] as char).unwrap_or(PAWN), &core[1..])
        }
        _ => (PAWN, core),
    };
    // Split off a promotion suffix: "=Q" or "Q".
    let (body, promo) = match rest.as_bytes().last() {
        Some(&c) if b"NBRQ".contains(&c) => {
            let body = rest[..rest.len() - 1].trim_end_matches('=');
            (body, kind_from_letter(c as char))
        }
        _ => (rest, None),
    };
    if body.ends_with(['x', '-', ':']) {
        return Err(MoveError::malformed(
            text,
            "a capture mark needs a square after it",
        ));
    }
    let body: String = body
        .chars()
        .filter(|&c| c != 'x' && c != '-' && c != ':')
        .collect();
    if body.len() < 2 {
        return Err(MoveError::malformed(text, "no destination square"));
    }
    let dest = parse_square(&body[body.len() - 2..])
        .ok_or_else(|| MoveError::malformed(text, "bad destination square"))?;
    let hint = &body[..body.len() - 2];
    let (mut hint_file, mut hint_rank) = (None, None);
    for c in hint.chars() {
        match c {
            'a'..='h' if hint_file.is_none() => hint_file = Some(c as usize - 'a' as usize),
            '1'..='8' if hint_rank.is_none() => hint_rank = Some(c as usize - '1' as usize),
            _ => return Err(MoveError::malformed(text, "bad disambiguation")),
        }
    }
    let matches: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| {
            m.kind() != MoveKind::Castling
                && m.to() == dest
                && kind_of(pos.piece_at(m.from())) == piece
                && hint_file.is_none_or(|f| file_of(m.from()) == f)
                && hint_rank.is_none_or(|r| rank_of(m.from()) == r)
                && match m.kind() {
                    MoveKind::Promotion => promo == Some(m.promo_kind()),
                    _ => promo.is_none(),
                }
        })
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(MoveError::illegal(text, "no legal move matches")),
        _ => Err(MoveError::illegal(
            text,
            "ambiguous: several legal moves match",
        )),
    }
}
