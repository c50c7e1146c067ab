//! Reading and writing chess FEN, with X-FEN and Shredder-FEN castling.

use super::position::*;
use super::types::*;
use crate::board_field::{self, BoardShape, Cell};
use crate::GamePosition;
use crate::{FenError, Side};

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError::new(msg))
}

impl Position {
    /// Reads a FEN (4 to 6 fields; missing clocks default to `0 1`).
    /// Castling may be `KQkq` (X-FEN: outermost rook, or a file letter for an
    /// inner rook) or Shredder-FEN file letters (`HAha`).
    pub(super) fn read_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return err("empty string");
        }
        if fields.len() < 4 {
            return err(format!(
                "expected at least 4 fields (board, side, castling, en passant), found {}",
                fields.len()
            ));
        }
        if fields.len() > 6 {
            return err(format!("expected at most 6 fields, found {}", fields.len()));
        }
        let mut pos = Position::empty();
        read_board(&mut pos, fields[0])?;
        pos.side = Side::from_fen(fields[1])?;
        for color in 0..2 {
            let kings = pos.pieces(color, KING).count_ones();
            if kings != 1 {
                let who = if color == 0 { "White" } else { "Black" };
                return err(format!("{who} must have exactly one king, found {kings}"));
            }
        }
        if pos.by_kind[PAWN] & (RANK_1 | RANK_8) != 0 {
            return err("pawns cannot stand on the first or last rank");
        }
        read_castling(&mut pos, fields[2])?;
        read_en_passant(&mut pos, fields[3])?;
        pos.halfmove = match fields.get(4) {
            None => 0,
            Some(s) => s.parse().map_err(|_| {
                FenError::new(format!("halfmove clock must be a number, found '{s}'"))
            })?,
        };
        pos.fullmove = match fields.get(5) {
            None => 1,
            Some(s) => s.parse().map_err(|_| {
                FenError::new(format!("fullmove number must be a number, found '{s}'"))
            })?,
        };
        let us = pos.side().index();
        if pos.attackers_by(pos.king_square(us ^ 1), us, pos.occupied()) != 0 {
            return err("the side not to move is in check");
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Writes the FEN (X-FEN castling letters, en passant only when a
    /// capture is possible).
    pub(super) fn write_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        board_field::write(8, 8, &mut s, |file, rank, out| {
            let code = self.board[rank * 8 + file];
            if code != NO_PIECE {
                let side = Side::from_index(color_of(code));
                out.push(board_field::letter(KIND_LETTERS[kind_of(code)], side));
            }
            code != NO_PIECE
        });
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        s.push_str(&self.castling_field());
        s.push(' ');
        match self.en_passant() {
            Some(sq) => s.push_str(&square_name(sq)),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    fn castling_field(&self) -> String {
        let mut s = String::new();
        for i in 0..4 {
            if self.castling & (1 << i) == 0 {
                continue;
            }
            let color = i / 2;
            let rook = self.castle_rook[i] as usize;
            let king_side = i % 2 == 0;
            let letter = if outermost_rook(self, color, king_side) == Some(rook) {
                if king_side {
                    'K'
                } else {
                    'Q'
                }
            } else {
                (b'A' + file_of(rook) as u8) as char
            };
            s.push(if color == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// The chess board field. Chess has always read a run of any length
/// (`16` is too many files, not 1 and 6).
pub const BOARD: BoardShape = BoardShape {
    run_digits: usize::MAX,
    ..BoardShape::plain(8, 8)
};

fn read_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    board_field::read(board, &BOARD, |file, rank, cell| {
        let Cell::Piece { letter, side, .. } = cell else {
            return Err(FenError::new("chess has no holes"));
        };
        let kind = kind_from_letter(letter).ok_or_else(|| {
            FenError::new(format!(
                "unknown piece letter '{letter}' on rank {}",
                rank + 1
            ))
        })?;
        pos.put(rank * 8 + file, piece_code(side.index(), kind));
        Ok(())
    })
}

/// The outermost rook of `color` on its first rank on the given side of its
/// king (X-FEN's meaning of `K` and `Q`).
fn outermost_rook(pos: &Position, color: usize, king_side: bool) -> Option<Square> {
    let back = if color == 0 { 0 } else { 56 };
    let king = pos.king_square(color);
    if king / 8 != back / 8 {
        return None;
    }
    let rooks = pos.pieces(color, ROOK) & (RANK_1 << back);
    let files: Vec<usize> = (0..8).filter(|f| rooks >> (back + f) & 1 != 0).collect();
    let kf = file_of(king);
    if king_side {
        files
            .into_iter()
            .filter(|&f| f > kf)
            .max()
            .map(|f| back + f)
    } else {
        files
            .into_iter()
            .filter(|&f| f < kf)
            .min()
            .map(|f| back + f)
    }
}

fn read_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { 0 } else { 1 };
        let who = if color == 0 { "White" } else { "Black" };
        let back = if color == 0 { 0 } else { 56 };
        let king = pos.king_square(color);
        if king / 8 != back / 8 {
            return err(format!(
                "castling right '{c}' but the {who} king is not on its first rank"
            ));
        }
        let rook = match c.to_ascii_uppercase() {
            'K' => outermost_rook(pos, color, true),
            'Q' => outermost_rook(pos, color, false),
            f @ 'A'..='H' => {
                let sq = back + (f as u8 - b'A') as usize;
                (pos.board[sq] == piece_code(color, ROOK)).then_some(sq)
            }
            _ => return err(format!("unknown castling letter '{c}'")),
        };
        let rook = rook.ok_or_else(|| {
            FenError::new(format!(
                "castling right '{c}' but {who} has no rook for it on its first rank"
            ))
        })?;
        let right = 2 * color + usize::from(rook < king);
        if pos.castling & (1 << right) != 0 {
            return err(format!("castling field '{field}' gives a right twice"));
        }
        pos.castling |= 1 << right;
        pos.castle_rook[right] = rook as u8;
        if file_of(king) != 4 || (file_of(rook) != 0 && file_of(rook) != 7) {
            pos.chess960 = true;
        }
    }
    Ok(())
}

fn read_en_passant(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let sq = parse_square(field).ok_or_else(|| {
        FenError::new(format!(
            "en passant field must be a square or '-', found '{field}'"
        ))
    })?;
    let us = pos.side().index();
    let (ep_rank, pawn_sq, from_sq) = if us == 0 {
        (5, sq.wrapping_sub(8), sq + 8)
    } else {
        (2, sq + 8, sq.wrapping_sub(8))
    };
    if rank_of(sq) != ep_rank {
        return err(format!(
            "en passant square {field} is not on rank {} for the side to move",
            ep_rank + 1
        ));
    }
    if pos.board[pawn_sq] != piece_code(us ^ 1, PAWN)
        || pos.board[sq] != NO_PIECE
        || pos.board[from_sq] != NO_PIECE
    {
        return err(format!(
            "en passant square {field} does not follow a pawn's two-square move"
        ));
    }
    pos.set_ep_if_capturable(sq, us);
    Ok(())
}
