//! How moves of a defined game are written: UCI tokens as Fairy-Stockfish
//! writes them (`e2e4`, `a10a11`, `e7e8q`; castling as the king's move,
//! `e1g1`; drops `N@f3`; shogi-style promotions `b2b8+`, demotions `-`;
//! S-chess gating `b1c3h`, `h1e1h` for a castling gating on the rook's
//! square; a pass as the side's first piece staying put, `a1a1`, and
//! XBoard's `@@@@`) and SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`, `N@f3`, `Nc3/H`, `+`,
//! `#`).

use super::movegen;
use super::piece::WIDTH;
use super::position::{square_name, Kind, Move, Position};
use crate::{MoveError, MoveList};

/// The UCI token of a move (a drop as `P@e4`: the piece's letter in
/// upper case for either side, as Fairy-Stockfish writes it).
pub fn to_token(pos: &Position, m: Move) -> String {
    if m.is_drop() {
        return drop_text(pos, m);
    }
    let mut out = squares_text(pos, m);
    if pos.def.walling.rule.is_some() {
        // A wall's square after the move, from where the piece landed
        // (`e2e4,e4h5`).
        out.push_str(&promotion_suffix(pos, m));
        out.push_str(&wall_suffix(pos, m));
        return out;
    }
    if let Some(g) = m.gate() {
        // Gating: the gated piece's letter; a castling gating on the
        // rook's square is written from the rook to the king (h1e1h).
        if m.gates_at_rook() {
            let rook = movegen::castling_rook(pos, m).unwrap_or(m.to());
            out = square_name(rook) + &square_name(m.from());
        }
        out.push(pos.def.pieces[g].letter.to_ascii_lowercase());
        return out;
    }
    out.push_str(&promotion_suffix(pos, m));
    out
}

/// XBoard's form of a move's token: as UCI's, but a wall comes before a
/// promotion's letter (`e7e8,e8h5q`), as Fairy-Stockfish writes it there.
pub fn to_xboard(pos: &Position, m: Move) -> String {
    if pos.def.walling.rule.is_none() || m.is_drop() {
        return to_token(pos, m);
    }
    let mut out = squares_text(pos, m);
    out.push_str(&wall_suffix(pos, m));
    out.push_str(&promotion_suffix(pos, m));
    out
}

/// A move's origin and the destination its token names (`e2e4`).
fn squares_text(pos: &Position, m: Move) -> String {
    square_name(m.from()) + &square_name(token_to(pos, m))
}

/// What a token writes after its squares for a promotion: the type's
/// letter, `+` or `-`.
fn promotion_suffix(pos: &Position, m: Move) -> String {
    match m.kind() {
        Kind::Promotion => pos.def.pieces[m.promo()]
            .letter
            .to_ascii_lowercase()
            .to_string(),
        Kind::PiecePromotion => "+".into(),
        Kind::PieceDemotion => "-".into(),
        _ => String::new(),
    }
}

/// `,` and the landing and wall squares of a walling game's move
/// (`,e4h5`). Where a side moves or walls, a move that does not wall is
/// written with a1 for its wall, as Fairy-Stockfish writes it.
fn wall_suffix(pos: &Position, m: Move) -> String {
    let wall = if pos.def.walling.walls(m) {
        m.wall()
    } else {
        0
    };
    format!(",{}{}", square_name(token_to(pos, m)), square_name(wall))
}

/// The square a move's token names as its destination: the king's for a
/// castling, unless the king could step there anyway (a king castling from
/// d1 to c1): then the rook's, as Fairy-Stockfish writes it.
fn token_to(pos: &Position, m: Move) -> usize {
    if m.kind() != Kind::Castling {
        return m.to();
    }
    let us = pos.side.index();
    let rook = movegen::castling_rook(pos, m);
    let king_steps = pos.piece(m.from()).is_some_and(|(_, t)| {
        pos.def.pieces[t].compiled[us].pseudo[0][super::betza::QUIET][m.from()].has(m.to())
    });
    match rook {
        // Chess960: the king takes its rook.
        Some(r) if king_steps || pos.chess960 => r,
        _ => m.to(),
    }
}

/// A drop written out: `N@f3`; `+N@f3` as what it promotes to.
fn drop_text(pos: &Position, m: Move) -> String {
    let plus = if m.is_promoted_drop() { "+" } else { "" };
    format!(
        "{plus}{}@{}",
        pos.def.pieces[m.promo()].letter,
        square_name(m.to())
    )
}

/// Reads a drop's token (`N@f3`, `n@f3`): the legal drop it names, `None`
/// when the text is no drop.
fn parse_drop(pos: &Position, token: &str) -> Option<Result<Move, MoveError>> {
    let (piece, square) = token.split_once('@')?;
    let (promoted, piece) = match piece.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, piece),
    };
    let mut letters = piece.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return Some(Err(MoveError::malformed(
            token,
            "a drop is a piece's letter, '@' and a square (N@f3)",
        )));
    };
    let Some(t) = pos.def.type_of(letter) else {
        return Some(Err(MoveError::malformed(
            token,
            "the dropped letter is no piece of this game",
        )));
    };
    let to = match read_square(pos, square) {
        Some((to, "")) => to,
        _ => {
            return Some(Err(MoveError::malformed(
                token,
                "a drop is a piece's letter, '@' and a square (N@f3)",
            )))
        }
    };
    let m = if promoted {
        Move::drop_promoted(t, to)
    } else {
        Move::drop(t, to)
    };
    Some(if legal(pos).contains(&m) {
        Ok(m)
    } else {
        Err(MoveError::illegal(
            token,
            "that piece may not be dropped there",
        ))
    })
}

/// Reads a square name (`a1` .. `p16`) at the start of `text`: the square
/// and the rest of the text.
fn read_square<'a>(pos: &Position, text: &'a str) -> Option<(usize, &'a str)> {
    let bytes = text.as_bytes();
    let file = (*bytes.first()? as char).to_ascii_lowercase();
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = text[1..].chars().take_while(char::is_ascii_digit).count();
    let rank: i32 = text[1..1 + digits].parse().ok()?;
    let s = pos.def.square(file as i32 - 'a' as i32, rank - 1)?;
    Some((s, &text[1 + digits..]))
}

/// The legal moves.
fn legal(pos: &Position) -> MoveList<Move> {
    let mut list = MoveList::new();
    movegen::legal(pos, &mut list);
    list
}

/// What follows a token's squares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Suffix {
    /// Nothing: a plain move.
    None,
    /// A pawn's promotion to a type (`e7e8q`).
    Type(usize),
    /// A shogi-style promotion (`+`).
    Promote,
    /// A demotion (`-`).
    Demote,
}

/// Reads a UCI token: the legal move it names.
pub fn parse_token(pos: &Position, token: &str) -> Result<Move, MoveError> {
    let t = token.trim();
    if t == "@@@@" {
        // XBoard's pass.
        return legal(pos)
            .iter()
            .copied()
            .find(|m| m.kind() == Kind::Pass)
            .ok_or_else(|| MoveError::illegal(token, "the side to move may not pass here"));
    }
    if let Some(drop) = parse_drop(pos, t) {
        return drop;
    }
    if pos.def.walling.rule.is_some() {
        return parse_walling(pos, token, t);
    }
    if pos.def.drops.seirawan_gating {
        let list = legal(pos);
        let gating = list
            .iter()
            .find(|&&m| m.gate().is_some() && to_token(pos, m).eq_ignore_ascii_case(t));
        if let Some(&m) = gating {
            return Ok(m);
        }
    }
    let parsed = read_square(pos, t).and_then(|(from, rest)| {
        let (to, rest) = read_square(pos, rest)?;
        let suffix = match rest {
            "" => Suffix::None,
            "+" => Suffix::Promote,
            "-" => Suffix::Demote,
            _ if rest.len() == 1 => Suffix::Type(pos.def.type_of(rest.chars().next()?)?),
            _ => return None,
        };
        Some((from, to, suffix))
    });
    let Some((from, to, suffix)) = parsed else {
        return Err(MoveError::malformed(
            token,
            "expected a move like e2e4 or e7e8q (from, to, a promotion's letter)",
        ));
    };
    let list = legal(pos);
    // A move that is not castling first, where a king's step and castling
    // would share a token.
    let mut found = None;
    for &m in list.iter() {
        if m.is_drop()
            || m.gate().is_some()
            || m.from() != from
            || (m.to() != to && token_to(pos, m) != to)
        {
            continue;
        }
        let written = match m.kind() {
            Kind::Promotion => Suffix::Type(m.promo()),
            Kind::PiecePromotion => Suffix::Promote,
            Kind::PieceDemotion => Suffix::Demote,
            _ => Suffix::None,
        };
        if written != suffix {
            continue;
        }
        if found.is_none() || m.kind() != Kind::Castling {
            found = Some(m);
        }
    }
    found.ok_or_else(|| MoveError::illegal(token, "no legal move goes so here"))
}

/// Reads the token of a walling game's move: UCI's `e7e8q,e8h5` or
/// XBoard's `e7e8,e8h5q` (a move without a wall, where a side moves or
/// walls, as any other game's).
fn parse_walling(pos: &Position, token: &str, t: &str) -> Result<Move, MoveError> {
    let list = legal(pos);
    let found = list.iter().copied().find(|&m| {
        let token = to_token(pos, m);
        token.eq_ignore_ascii_case(t)
            // XBoard's differs only where a promotion's mark follows the
            // squares.
            || (matches!(
                m.kind(),
                Kind::Promotion | Kind::PiecePromotion | Kind::PieceDemotion
            ) && to_xboard(pos, m).eq_ignore_ascii_case(t))
            // A move that puts no wall (where a side moves or walls) may
            // also be written without one (`e2e4`).
            || (!pos.def.walling.walls(m)
                && token.split_once(',').is_some_and(|(head, _)| head.eq_ignore_ascii_case(t)))
    });
    if let Some(m) = found {
        return Ok(m);
    }
    let shape = t
        .split_once(',')
        .map_or(t, |(head, _)| head)
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-');
    if !shape || read_square(pos, t).is_none() {
        return Err(MoveError::malformed(
            token,
            "expected a move and its wall like e2e4,e4h5 (from, to, then the landing and wall squares)",
        ));
    }
    let message = if pos.def.walling.or_move || t.contains(',') {
        "no legal move goes so here, or its wall may not stand there"
    } else {
        "every move here puts a wall: write its square after a comma (e2e4,e4h5)"
    };
    Err(MoveError::illegal(token, message))
}

/// Whether a move takes a piece.
pub fn is_capture(pos: &Position, m: Move) -> bool {
    movegen::is_capture(pos, m)
}

/// The SAN of a move, with `+` or `#`.
pub fn to_san(pos: &Position, m: Move) -> String {
    to_san_in(pos, m, &legal(pos))
}

fn to_san_in(pos: &Position, m: Move, list: &MoveList<Move>) -> String {
    let def = pos.def;
    let mut out = String::new();
    if m.kind() == Kind::Pass {
        // PGN's null move.
        out.push_str("--");
    } else if m.kind() == Kind::Castling {
        out.push_str(if m.promo() == 0 { "O-O" } else { "O-O-O" });
    } else if m.is_drop() {
        out.push_str(&drop_text(pos, m));
    } else {
        let (_, t) = pos.piece(m.from()).expect("a move's piece");
        let pawn_like = Some(t) == def.pawn;
        let capture = is_capture(pos, m);
        let from = square_name(m.from());
        if pawn_like {
            if capture {
                out.push_str(&from[..1]);
            } else if def.sittuyin_promotion && m.kind() == Kind::Promotion && m.from() != m.to() {
                // Sittuyin's promotion by a step: several pawns may step
                // there (Fairy-Stockfish names the square: d4e5=F).
                out.push_str(&from);
            }
        } else {
            out.push(def.pieces[t].letter);
            // Other pieces of the type that reach the same square.
            let rivals: Vec<usize> = list
                .iter()
                .filter(|o| {
                    o.to() == m.to()
                        && o.from() != m.from()
                        && !matches!(o.kind(), Kind::Castling | Kind::Drop)
                })
                .filter(|o| pos.piece(o.from()).map(|p| p.1) == Some(t))
                .map(|o| o.from())
                .collect();
            if !rivals.is_empty() {
                let file = |s: usize| s as i32 % WIDTH;
                let rank = |s: usize| s as i32 / WIDTH;
                if rivals.iter().all(|&r| file(r) != file(m.from())) {
                    out.push_str(&from[..1]);
                } else if rivals.iter().all(|&r| rank(r) != rank(m.from())) {
                    out.push_str(&from[1..]);
                } else {
                    out.push_str(&from);
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push_str(&square_name(m.to()));
        if matches!(
            m.kind(),
            Kind::Promotion | Kind::PiecePromotion | Kind::PieceDemotion
        ) {
            out.push('=');
            out.push(def.pieces[m.promo()].letter);
        }
    }
    if pos.def.walling.walls(m) {
        // The wall's square (Fairy-Stockfish's `e4,h5`).
        out.push(',');
        out.push_str(&square_name(m.wall()));
    } else if let Some(g) = m.gate().filter(|_| pos.def.walling.rule.is_none()) {
        // S-chess: Nc3/H; a castling names the gate (O-O/Hh1).
        out.push('/');
        out.push(def.pieces[g].letter);
        if m.kind() == Kind::Castling {
            let at = match movegen::castling_rook(pos, m) {
                Some(rook) if m.gates_at_rook() => rook,
                _ => m.from(),
            };
            out.push_str(&square_name(at));
        }
    }
    let child = movegen::make(pos, m);
    if movegen::checked(&child) {
        let mut replies = MoveList::new();
        movegen::legal(&child, &mut replies);
        out.push(if replies.is_empty() { '#' } else { '+' });
    }
    out
}

/// Reads SAN (or a UCI token): the legal move it names. Check marks and
/// annotations are optional; `0-0` reads as `O-O`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    if let Ok(m) = parse_token(pos, text) {
        return Ok(m);
    }
    let bare = |s: &str| -> String {
        let s = s.trim().trim_end_matches(['+', '#', '!', '?']);
        match s {
            "0-0" => "O-O".to_string(),
            "0-0-0" => "O-O-O".to_string(),
            _ => s.to_string(),
        }
    };
    let wanted = bare(text);
    if wanted.is_empty() {
        return Err(MoveError::malformed(text, "an empty move"));
    }
    let list = legal(pos);
    let found: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| {
            let san = bare(&to_san_in(pos, m, &list));
            // A pawn's capture may be written without the 'x' (exd5, ed5).
            san == wanted || san.replace('x', "") == wanted.replace('x', "")
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveError::illegal(text, "no legal move is written so")),
        _ => Err(MoveError::illegal(
            text,
            "more than one legal move is written so",
        )),
    }
}
