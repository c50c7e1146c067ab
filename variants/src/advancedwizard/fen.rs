//! FEN (spec section 9): `<Earth>|<Sky> <side> <teleport> <reserve>
//! <dragons> <halfmove> <fullmove>`, pieces with marks `*`, `~`, `^`.

use super::position::Position;
use super::types::*;
use crate::board_field::{self, BoardShape, Cell};
use crate::squares::fen_clocks;
use crate::{FenError, Side};

fn err(msg: impl Into<String>) -> FenError {
    FenError::new(msg)
}

/// The FEN character of a mark (none for a plain piece).
pub(super) fn mark_char(mark: u8) -> Option<char> {
    match mark {
        FIRST => Some('*'),
        PROMOTED => Some('~'),
        QUEST => Some('^'),
        _ => None,
    }
}

/// Whether `kind` may carry `mark`.
fn mark_allowed(kind: u8, mark: u8) -> bool {
    match mark {
        PLAIN => true,
        FIRST => kind == WARRIOR,
        PROMOTED => matches!(kind, HERO | GIANT | DRAGON),
        _ => matches!(kind, WARRIOR | HERO | GIANT),
    }
}

/// The Earth and the Sky boards of the FEN: 9x9, pieces marked `*`
/// (first move), `~` (promoted), `^` (on a quest).
pub const BOARDS: [BoardShape; 2] = [
    BoardShape {
        name: "Earth",
        marks: &['*', '~', '^'],
        ..BoardShape::plain(9, 9)
    },
    BoardShape {
        name: "Sky",
        marks: &['*', '~', '^'],
        ..BoardShape::plain(9, 9)
    },
];

fn read_board(pos: &mut Position, board: usize, text: &str) -> Result<(), FenError> {
    let shape = &BOARDS[board];
    let name = shape.name;
    board_field::read(text, shape, |file, rank, cell| {
        let Cell::Piece { letter, side, mark } = cell else {
            return Err(err("Advanced Wizard Chess has no holes"));
        };
        let kind = LETTERS
            .iter()
            .position(|&l| l == letter.to_ascii_uppercase())
            .ok_or_else(|| err(format!("unknown piece letter '{letter}'")))?
            as u8;
        let color = side.index();
        let mark = match mark {
            Some('*') => FIRST,
            Some('~') => PROMOTED,
            Some(_) => QUEST,
            None => PLAIN,
        };
        if !mark_allowed(kind, mark) {
            return Err(err(format!(
                "the mark on '{letter}' is not allowed for that piece"
            )));
        }
        let on_earth = kind != EAGLE;
        let may_fly = matches!(kind, DRAGON | PEGASUS);
        if !may_fly && on_earth != (board == EARTH) {
            return Err(err(format!("'{letter}' cannot stand on the {name} board")));
        }
        if kind == WIZARD && pos.wizard[color] < SQUARES {
            return Err(err("a side has more than one Wizard"));
        }
        pos.put(
            board * PLANE + rank * 9 + file,
            Piece::new(color, kind, mark),
        );
        Ok(())
    })
}

/// Reads a FEN; the error says what is wrong.
pub fn from_fen(fen: &str) -> Result<Position, FenError> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() != 7 {
        return Err(err(format!(
            "expected 7 fields (boards, side, teleport, reserve, dragons, halfmove clock, move number), found {}",
            f.len()
        )));
    }
    let (earth, sky) = f[0]
        .split_once('|')
        .ok_or_else(|| err("the boards field needs '|' between the Earth and the Sky"))?;
    let mut pos = Position::empty();
    read_board(&mut pos, EARTH, earth)?;
    read_board(&mut pos, SKY, sky)?;
    if pos.wizard.iter().any(|&w| w >= SQUARES) {
        return Err(err("each side needs exactly one Wizard"));
    }
    pos.side = Side::from_fen(f[1])?;
    match f[2] {
        "-" => {}
        "Z" => pos.teleport = [true, false],
        "z" => pos.teleport = [false, true],
        "Zz" => pos.teleport = [true, true],
        other => return Err(err(format!("bad teleport field '{other}' (Z, z, Zz or -)"))),
    }
    if f[3] != "-" {
        let order = ['W', 'E', 'w', 'e'];
        let mut last = 0;
        for c in f[3].chars() {
            let i = order
                .iter()
                .position(|&o| o == c)
                .ok_or_else(|| err(format!("bad reserve letter '{c}' (W, E, w, e)")))?;
            if i < last {
                return Err(err("reserve letters must be in the order W, E, w, e"));
            }
            last = i;
            pos.reserve[i / 2][i % 2] += 1;
        }
    }
    if f[4] != "-" {
        let mut last = 0;
        for c in f[4].chars() {
            let color = match c {
                'D' => 0,
                'd' => 1,
                _ => return Err(err(format!("bad dragons letter '{c}' (D, d)"))),
            };
            if color < last {
                return Err(err("dragon letters must be D before d"));
            }
            last = color;
            pos.dragons[color] += 1;
        }
    }
    (pos.halfmove, pos.fullmove) = fen_clocks(f[5], f[6])?;
    validate(&pos)?;
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// The validity rules of section 9 beyond the syntax.
fn validate(pos: &Position) -> Result<(), FenError> {
    for color in 0..2 {
        let side = if color == 0 { "White" } else { "Black" };
        let on_board = pos
            .board
            .iter()
            .filter(|&&c| c != EMPTY && Piece(c).color() == color && Piece(c).kind() == DRAGON)
            .count();
        if on_board + pos.dragons[color] as usize > 2 {
            return Err(err(format!(
                "{side} has more than two Dragons counting the dead"
            )));
        }
        if pos.questing(color) > pos.dragons[color] {
            return Err(err(format!(
                "{side} has more questing pieces than dead Dragons"
            )));
        }
        for slot in 0..2 {
            let n = pos.reserve[color][slot];
            let vacant = pos.vacant_x(color, slot).count();
            let awaiting = n == 1 && color == pos.side.index() && vacant >= 2;
            if n > 0 && vacant > 0 && !awaiting {
                return Err(err(format!(
                    "{side}'s reserve piece should stand on a vacant X square"
                )));
            }
        }
    }
    if pos.wizard_in_check(1 - pos.side.index()) {
        return Err(err("the side not to move is in check"));
    }
    Ok(())
}

fn write_board(pos: &Position, board: usize, out: &mut String) {
    board_field::write(9, 9, out, |file, rank, cell| {
        let piece = pos.piece(board * PLANE + rank * 9 + file);
        if let Some(p) = piece {
            let side = Side::from_index(p.color());
            cell.push(board_field::letter(LETTERS[p.kind() as usize], side));
            cell.extend(mark_char(p.mark()));
        }
        piece.is_some()
    });
}

/// Writes the FEN (canonical: `from_fen(to_fen(p))` gives `p`).
pub fn to_fen(pos: &Position) -> String {
    let mut out = String::with_capacity(140);
    write_board(pos, EARTH, &mut out);
    out.push('|');
    write_board(pos, SKY, &mut out);
    out.push(' ');
    out.push(pos.side.fen_char());
    out.push(' ');
    match pos.teleport {
        [true, true] => out.push_str("Zz"),
        [true, false] => out.push('Z'),
        [false, true] => out.push('z'),
        [false, false] => out.push('-'),
    }
    out.push(' ');
    let reserve: String = [('W', 0, 0), ('E', 0, 1), ('w', 1, 0), ('e', 1, 1)]
        .iter()
        .flat_map(|&(c, color, slot)| std::iter::repeat_n(c, pos.reserve[color][slot] as usize))
        .collect();
    out.push_str(if reserve.is_empty() { "-" } else { &reserve });
    out.push(' ');
    let dragons: String = std::iter::repeat_n('D', pos.dragons[0] as usize)
        .chain(std::iter::repeat_n('d', pos.dragons[1] as usize))
        .collect();
    out.push_str(if dragons.is_empty() { "-" } else { &dragons });
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}
