//! Magician Chess FEN (spec section 10): board with `*` holes, side,
//! castling letters `AGag`, en passant, clocks.

use super::position::{Position, CASTLE_LETTERS, KING_HOME, ROOK_HOME};
use super::types::*;
use crate::board_field::{self, BoardShape, Cell};
use crate::{FenError, Side};

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::new(msg))
}

/// Reads a FEN; every rule of spec section 10 is checked.
/// The Magician board field: 7x7 with holes.
pub const BOARD: BoardShape = BoardShape {
    holes: true,
    ..BoardShape::plain(7, 7)
};

/// Reads a FEN.
pub fn from_fen(fen: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 6 {
        return err(format!(
            "expected 6 fields (board, side, castling, en passant, halfmove, fullmove), found {}",
            fields.len()
        ));
    }
    let mut pos = Position::empty();
    board_field::read(fields[0], &BOARD, |file, rank, cell| {
        let sq = rank * 8 + file;
        match cell {
            Cell::Hole => pos.toggle_hole(sq),
            Cell::Piece { letter, side, .. } => {
                let kind = kind_from_letter(letter)
                    .ok_or_else(|| FenError::new(format!("unknown piece letter '{letter}'")))?;
                pos.put(sq, side.index(), kind);
            }
        }
        Ok(())
    })?;
    for color in 0..2 {
        let kings = pos.pieces(color, KING).count_ones();
        if kings != 1 {
            let who = if color == 0 { "White" } else { "Black" };
            return err(format!("{who} has {kings} kings, not 1"));
        }
    }
    pos.side = Side::from_fen(fields[1])?;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let right = CASTLE_LETTERS
                .iter()
                .position(|&l| l == c)
                .ok_or_else(|| FenError::new(format!("unknown castling letter '{c}'")))?;
            if pos.castling & (1 << right) != 0 {
                return err(format!("castling right '{c}' given twice"));
            }
            let color = right / 2;
            if pos.pieces(color, KING) & (1 << KING_HOME[color]) == 0
                || pos.pieces(color, ROOK) & (1 << ROOK_HOME[right]) == 0
            {
                return err(format!(
                    "castling right '{c}' needs its King and Rook on their home squares"
                ));
            }
            pos.castling |= 1 << right;
        }
    }
    if fields[3] != "-" {
        let ep = parse_square(fields[3])
            .ok_or_else(|| FenError::new(format!("bad en passant square '{}'", fields[3])))?;
        // The pawn that two-stepped belongs to the side not to move.
        let (ranks_ok, pawn_sq, behind) = if pos.side == Side::White {
            (matches!(rank_of(ep), 5 | 4), ep as i32 - 8, ep as i32 + 8)
        } else {
            (matches!(rank_of(ep), 1 | 2), ep as i32 + 8, ep as i32 - 8)
        };
        let empty = |sq: i32| {
            (0..64).contains(&sq)
                && CELLS & (1 << sq) != 0
                && (pos.occupied() | pos.holes) & (1 << sq) == 0
        };
        let pawn_there = (0..64).contains(&pawn_sq)
            && pos.pieces(pos.side.index() ^ 1, PAWN) & (1 << pawn_sq) != 0;
        if !ranks_ok || !empty(ep as i32) || !empty(behind) || !pawn_there {
            return err(format!(
                "en passant square '{}' is not one a pawn just passed",
                fields[3]
            ));
        }
        pos.ep = Some(ep);
    }
    pos.halfmove = fields[4]
        .parse()
        .map_err(|_| FenError::new(format!("bad halfmove clock '{}'", fields[4])))?;
    pos.fullmove = match fields[5].parse() {
        Ok(n) if n >= 1 => n,
        _ => return err(format!("bad fullmove number '{}'", fields[5])),
    };
    if pos.king_in_danger(pos.side.index() ^ 1) {
        return err("the side not to move is in check");
    }
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// Writes the FEN of a position.
pub fn to_fen(pos: &Position) -> String {
    let mut s = String::new();
    board_field::write(7, 7, &mut s, |file, rank, out| {
        let sq = rank * 8 + file;
        if pos.holes & (1 << sq) != 0 {
            out.push('*');
        } else if let Some((color, kind)) = pos.piece_at(sq) {
            out.push(board_field::letter(LETTERS[kind], Side::from_index(color)));
        }
        !out.is_empty()
    });
    s.push(' ');
    s.push(pos.side.fen_char());
    s.push(' ');
    if pos.castling == 0 {
        s.push('-');
    } else {
        for (i, &l) in CASTLE_LETTERS.iter().enumerate() {
            if pos.castling & (1 << i) != 0 {
                s.push(l);
            }
        }
    }
    s.push(' ');
    match pos.ep {
        Some(ep) => s.push_str(&square_name(ep)),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    s
}
