//! FEN of spec section 8: `<level 1>|<level 2>|<level 3> <side> <castling>
//! <en passant> <turn clock> <move number> <sub-move limit>`.

use super::movegen::last_rank;
use super::position::{castle_bit, Position, NO_EP};
use super::types::*;
use crate::board_field::{self, BoardShape, Cell};
use crate::{FenError, Side};

/// The rights letters of one level in FEN order with (colour, queen side).
const RIGHTS: [(char, usize, bool); 4] = [
    ('K', 0, false),
    ('Q', 0, true),
    ('k', 1, false),
    ('q', 1, true),
];

/// Reads a FEN, checking every validity rule of section 8.
pub fn from_fen(fen: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(FenError::new(format!(
            "expected 7 fields (levels, side, castling, en passant, turn clock, move number, sub-move limit), found {}",
            fields.len()
        )));
    }
    let mut pos = Position::empty();
    let levels: Vec<&str> = fields[0].split('|').collect();
    if levels.len() != 3 {
        return Err(FenError::new(format!(
            "expected 3 levels separated by '|', found {}",
            levels.len()
        )));
    }
    for (level, text) in levels.iter().enumerate() {
        read_level(&mut pos, level, text)?;
    }
    if pos.by_kind[MIDDLE][KING] != 0 {
        return Err(FenError::new("a King stands on level 2"));
    }
    for level in CHESS_LEVELS {
        for color in 0..2 {
            if pos.pieces(level, color, KING).count_ones() > 1 {
                return Err(FenError::new(format!(
                    "{} has more than one King on level {}",
                    side_name(color),
                    level + 1
                )));
            }
            if pos.pieces(level, color, PAWN) & last_rank(color) != 0 {
                return Err(FenError::new(format!(
                    "a {} pawn stands on its last rank of level {}",
                    side_name(color),
                    level + 1
                )));
            }
        }
    }
    let has_both = |c: usize| pos.pieces(0, c, KING) != 0 && pos.pieces(2, c, KING) != 0;
    if !has_both(0) && !has_both(1) {
        return Err(FenError::new(
            "neither side has a King on both level 1 and level 3",
        ));
    }
    pos.side = Side::from_fen(fields[1])?;
    read_castling(&mut pos, fields[2])?;
    read_en_passant(&mut pos, fields[3])?;
    pos.clock = fields[4]
        .parse()
        .map_err(|_| FenError::new(format!("bad turn clock '{}'", fields[4])))?;
    pos.fullmove = fields[5]
        .parse()
        .ok()
        .filter(|&n: &u32| n >= 1)
        .ok_or_else(|| FenError::new(format!("bad move number '{}'", fields[5])))?;
    pos.limit = match fields[6] {
        "2" => 2,
        "3" => 3,
        other => {
            return Err(FenError::new(format!(
                "sub-move limit must be 2 or 3, found '{other}'"
            )))
        }
    };
    Ok(pos)
}

fn side_name(color: usize) -> &'static str {
    if color == 0 {
        "White"
    } else {
        "Black"
    }
}

/// The three levels of the FEN, bottom first.
pub const BOARDS: [BoardShape; 3] = [
    BoardShape {
        name: "level 1",
        ..BoardShape::plain(8, 8)
    },
    BoardShape {
        name: "level 2",
        ..BoardShape::plain(8, 8)
    },
    BoardShape {
        name: "level 3",
        ..BoardShape::plain(8, 8)
    },
];

fn read_level(pos: &mut Position, level: usize, text: &str) -> Result<(), FenError> {
    board_field::read(text, &BOARDS[level], |file, rank, cell| {
        let Cell::Piece { letter, side, .. } = cell else {
            return Err(FenError::new("Parallel Worlds Chess has no holes"));
        };
        let kind = LETTERS
            .iter()
            .position(|&l| l == letter.to_ascii_uppercase())
            .ok_or_else(|| FenError::new(format!("unknown piece letter '{letter}'")))?;
        pos.put(level * 64 + rank * 8 + file, piece_code(side.index(), kind));
        Ok(())
    })
}

fn read_castling(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let mut prev: Option<usize> = None;
    for group in text.split(',') {
        let mut chars = group.chars();
        let level = match chars.next() {
            Some('1') => 0,
            Some('3') => 2,
            _ => {
                return Err(FenError::new(format!(
                    "castling group '{group}' must start with level 1 or 3"
                )))
            }
        };
        if prev.is_some_and(|p| p >= level) || group.len() < 2 {
            return Err(FenError::new(format!(
                "bad castling field '{text}' (groups in level order, each with rights)"
            )));
        }
        prev = Some(level);
        let mut order = 0;
        for c in chars {
            let i = RIGHTS
                .iter()
                .position(|r| r.0 == c)
                .filter(|&i| i >= order)
                .ok_or_else(|| {
                    FenError::new(format!("bad castling rights '{group}' (order K, Q, k, q)"))
                })?;
            order = i + 1;
            let (_, color, queen_side) = RIGHTS[i];
            let back = if color == 0 { 0 } else { 56 };
            let rook = back + if queen_side { 0 } else { 7 };
            if pos.pieces(level, color, KING) & (1 << (back + 4)) == 0
                || pos.pieces(level, color, ROOK) & (1 << rook) == 0
            {
                return Err(FenError::new(format!(
                    "castling right '{}{c}' without its King and Rook on their start squares",
                    level + 1
                )));
            }
            pos.castling |= castle_bit(level, color, queen_side);
        }
    }
    Ok(())
}

fn read_en_passant(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let mut last: Option<usize> = None;
    for name in text.split(',') {
        let sq = parse_square(name)
            .ok_or_else(|| FenError::new(format!("bad en passant square '{name}'")))?;
        let level = level_of(sq);
        if level == MIDDLE || last.is_some_and(|l| l >= level) {
            return Err(FenError::new(format!(
                "bad en passant field '{text}' (level 1 or 3, in level order)"
            )));
        }
        last = Some(level);
        let l = local(sq);
        // The side that two-stepped is the side not to move.
        let mover = 1 - pos.side.index();
        let (rank, beyond) = if mover == 0 {
            (2, l + 8)
        } else {
            (5, l.wrapping_sub(8))
        };
        if l / 8 != rank
            || pos.board[sq] != EMPTY
            || pos.board.get(level * 64 + beyond) != Some(&piece_code(mover, PAWN))
        {
            return Err(FenError::new(format!(
                "en passant square '{name}' is not just behind a pawn of the side not to move"
            )));
        }
        pos.ep[chess_slot(level)] = l as u8;
    }
    Ok(())
}

/// Writes the FEN.
pub fn to_fen(pos: &Position) -> String {
    let mut levels = Vec::new();
    for level in 0..LEVELS {
        let mut board = String::new();
        board_field::write(8, 8, &mut board, |file, rank, cell| {
            let code = pos.board[level * 64 + rank * 8 + file];
            if code != EMPTY {
                let side = Side::from_index(code_color(code));
                cell.push(board_field::letter(LETTERS[code_kind(code)], side));
            }
            code != EMPTY
        });
        levels.push(board);
    }
    let mut groups = Vec::new();
    for level in CHESS_LEVELS {
        let rights: String = RIGHTS
            .iter()
            .filter(|&&(_, c, q)| pos.castling & castle_bit(level, c, q) != 0)
            .map(|r| r.0)
            .collect();
        if !rights.is_empty() {
            groups.push(format!("{}{rights}", level + 1));
        }
    }
    let eps: Vec<String> = CHESS_LEVELS
        .iter()
        .filter(|&&l| pos.ep[chess_slot(l)] != NO_EP)
        .map(|&l| square_name(l * 64 + pos.ep[chess_slot(l)] as usize))
        .collect();
    let or_dash = |v: Vec<String>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    format!(
        "{} {} {} {} {} {} {}",
        levels.join("|"),
        pos.side.fen_char(),
        or_dash(groups),
        or_dash(eps),
        pos.clock,
        pos.fullmove,
        pos.limit
    )
}
