//! FEN for Vanguard Chess (spec section 9): two-digit empty runs and an
//! initial-move rights field.

use super::position::{far_rank, Position};
use super::types::*;
use crate::board_field::{self, BoardShape, Cell};
use crate::squares::fen_clocks;
use crate::{FenError, Side};

fn err(msg: impl Into<String>) -> FenError {
    FenError::new(msg)
}

/// Reads a FEN; the error says what is wrong.
///
/// Besides the five fields of the spec it takes the six-field form XBoard
/// writes for this board (`<board> <side> <castling> <e.p.> <halfmove>
/// <move>`, the two middle fields unused here). That form has no rights
/// field, so every Pawn and Soldier on its start rank gets its initial-move
/// right: the same reading as XBoard's own `i` moves, which only ask that
/// the piece stands on its start square.
pub fn from_fen(fen: &str) -> Result<Position, FenError> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let xboard_form = fields.len() == 6;
    if xboard_form {
        fields.remove(3);
        fields[2] = "-";
    }
    if fields.len() != 5 {
        return Err(err(format!(
            "expected 5 fields (board, side, rights, halfmove clock, move number), found {}",
            fields.len()
        )));
    }
    let mut pos = read_board(fields[0])?;
    for color in 0..2 {
        if pos.pieces(color, KING).count() > 1 {
            return Err(err("a side has more than one King"));
        }
    }
    if pos.by_kind[KING].is_empty() {
        return Err(err("neither side has a King"));
    }
    pos.set_side(Side::from_fen(fields[1])?);
    read_rights(&mut pos, fields[2])?;
    if xboard_form {
        grant_start_rank_rights(&mut pos);
    }
    (pos.halfmove, pos.fullmove) = fen_clocks(fields[3], fields[4])?;
    // No history is known before the FEN: the clock bounds the window.
    pos.reversible = pos.halfmove;
    Ok(pos)
}

/// The Vanguard board field: 16x16, runs of up to two digits.
pub const BOARD: BoardShape = BoardShape::plain(16, 16);

/// Reads the board field: 16 ranks, empty runs of one or two digits.
fn read_board(board: &str) -> Result<Position, FenError> {
    let mut pos = Position::empty();
    board_field::read(board, &BOARD, |file, rank, cell| {
        let Cell::Piece { letter, side, .. } = cell else {
            return Err(err("Vanguard Chess has no holes"));
        };
        let kind = kind_from_letter(letter.to_ascii_uppercase())
            .ok_or_else(|| err(format!("unknown piece letter '{letter}'")))?;
        let (color, sq) = (side.index(), rank * 16 + file);
        if pawn_class(kind) && rank as i32 == far_rank(color) {
            return Err(err(format!(
                "a pawn-class piece stands on its far rank ({})",
                square_name(sq)
            )));
        }
        pos.put(sq, color, kind);
        Ok(())
    })?;
    Ok(pos)
}

/// Reads the initial-move rights field (`-`, or the files of the Pawns and
/// Soldiers that still have it, White's upper-case first, in file order).
fn read_rights(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field != "-" {
        let mut last: [Option<char>; 2] = [None, None];
        for c in field.chars() {
            let color = if c.is_ascii_uppercase() { 0 } else { 1 };
            let lower = c.to_ascii_lowercase();
            if !('a'..='p').contains(&lower) {
                return Err(err(format!("bad initial-move right '{c}'")));
            }
            if color == 0 && last[1].is_some() {
                return Err(err("White's rights come before Black's"));
            }
            if last[color].is_some_and(|l| l >= lower) {
                return Err(err("initial-move rights must be in file order, once each"));
            }
            last[color] = Some(lower);
            let rank = if color == 0 { 2 } else { 13 };
            let sq = square(lower as i32 - 'a' as i32, rank).expect("file a..p");
            match pos.piece(sq) {
                Some((c2, k)) if c2 == color && (k == PAWN || k == SOLDIER) => {
                    pos.set_right(sq, true)
                }
                _ => {
                    return Err(err(format!(
                        "right '{c}': no {} Pawn or Soldier on {}",
                        if color == 0 { "White" } else { "Black" },
                        square_name(sq)
                    )))
                }
            }
        }
    }
    Ok(())
}

/// XBoard's FEN has no rights field: every Pawn and Soldier on its start
/// rank gets its initial-move right.
fn grant_start_rank_rights(pos: &mut Position) {
    for color in 0..2 {
        let start_rank = if color == 0 { 2 } else { 13 };
        let candidates = pos.pieces(color, PAWN) | pos.pieces(color, SOLDIER);
        for sq in candidates.iter() {
            if rank_of(sq) == start_rank {
                pos.set_right(sq, true);
            }
        }
    }
}

/// Writes the FEN in the six-field form XBoard reads for this board: no
/// castling, no en-passant square and no rights field (XBoard judges
/// initial moves by the start square alone).
pub fn to_xboard_fen(pos: &Position) -> String {
    let fen = to_fen(pos);
    let f: Vec<&str> = fen.split(' ').collect();
    format!("{} {} - - {} {}", f[0], f[1], f[3], f[4])
}

/// Writes the FEN.
pub fn to_fen(pos: &Position) -> String {
    let mut out = String::with_capacity(160);
    board_field::write(16, 16, &mut out, |file, rank, cell| {
        let piece = pos.piece(rank * 16 + file);
        if let Some((c, k)) = piece {
            cell.push(board_field::letter(LETTERS[k], Side::from_index(c)));
        }
        piece.is_some()
    });
    out.push(' ');
    out.push(pos.side.fen_char());
    out.push(' ');
    let mut rights = String::new();
    for color in 0..2 {
        for sq in pos.rights.iter() {
            if (sq / 16 == 2 && color == 0) || (sq / 16 == 13 && color == 1) {
                let f = (b'a' + file_of(sq) as u8) as char;
                rights.push(if color == 0 {
                    f.to_ascii_uppercase()
                } else {
                    f
                });
            }
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    out.push_str(&rights);
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}
