//! The board kit every game shares: square names for one or several
//! boards (`e4`, `p16`, `Ea5`, `2d4`), the FEN side-to-move field and the
//! FEN clock fields.

use crate::{FenError, Side};

/// How a game names its squares: an optional board prefix, a file letter
/// from `a`, a rank number from 1 (one or two digits, no leading zero).
#[derive(Clone, Copy, Debug)]
pub struct SquareNames {
    /// Files per board.
    pub files: usize,
    /// Ranks per board.
    pub ranks: usize,
    /// The prefix of each board, empty for a game of one board: `E`/`S`
    /// (read in either case), `1`/`2`/`3`.
    pub boards: &'static [char],
}

impl SquareNames {
    /// The names of a single board of `files` x `ranks`.
    pub const fn single(files: usize, ranks: usize) -> SquareNames {
        SquareNames {
            files,
            ranks,
            boards: &[],
        }
    }

    /// The name of (board, file, rank), all counted from 0.
    pub fn name(&self, board: usize, file: usize, rank: usize) -> String {
        let mut s = String::with_capacity(4);
        if let Some(&prefix) = self.boards.get(board) {
            s.push(prefix);
        }
        s.push((b'a' + file as u8) as char);
        s.push_str(&(rank + 1).to_string());
        s
    }

    /// Reads a whole square name as (board, file, rank), counted from 0;
    /// `None` for anything else (never panics, whatever the text).
    pub fn parse(&self, text: &str) -> Option<(usize, usize, usize)> {
        let mut rest = text;
        let mut board = 0;
        if !self.boards.is_empty() {
            let first = rest.chars().next()?;
            board = self
                .boards
                .iter()
                .position(|b| b.eq_ignore_ascii_case(&first))?;
            rest = &rest[first.len_utf8()..];
        }
        let (&letter, digits) = rest.as_bytes().split_first()?;
        let file = letter.checked_sub(b'a').map(usize::from)?;
        if file >= self.files
            || digits.is_empty()
            || digits.len() > 2
            || digits[0] == b'0'
            || !digits.iter().all(u8::is_ascii_digit)
        {
            return None;
        }
        let rank = digits
            .iter()
            .fold(0, |n, &d| n * 10 + usize::from(d - b'0'))
            - 1;
        (rank < self.ranks).then_some((board, file, rank))
    }
}

impl Side {
    /// Reads the FEN side-to-move field (`w` or `b`).
    pub fn from_fen(field: &str) -> Result<Side, FenError> {
        match field {
            "w" => Ok(Side::White),
            "b" => Ok(Side::Black),
            other => Err(FenError::new(format!(
                "side to move must be 'w' or 'b', found '{other}'"
            ))),
        }
    }
}

/// Reads the FEN halfmove clock and move number (at least 1).
pub fn fen_clocks(halfmove: &str, fullmove: &str) -> Result<(u32, u32), FenError> {
    let clock = halfmove
        .parse()
        .map_err(|_| FenError::new(format!("bad halfmove clock '{halfmove}'")))?;
    let number = fullmove
        .parse()
        .ok()
        .filter(|&n: &u32| n >= 1)
        .ok_or_else(|| FenError::new(format!("bad move number '{fullmove}'")))?;
    Ok((clock, number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_nothing_else_reads() {
        let chess = SquareNames::single(8, 8);
        let vanguard = SquareNames::single(16, 16);
        let wizard = SquareNames {
            files: 9,
            ranks: 9,
            boards: &['E', 'S'],
        };
        let worlds = SquareNames {
            files: 8,
            ranks: 8,
            boards: &['1', '2', '3'],
        };
        assert_eq!(chess.name(0, 4, 3), "e4");
        assert_eq!(vanguard.name(0, 15, 15), "p16");
        assert_eq!(wizard.name(0, 0, 4), "Ea5");
        assert_eq!(worlds.name(1, 3, 3), "2d4");
        for names in [chess, vanguard, wizard, worlds] {
            for board in 0..names.boards.len().max(1) {
                for file in 0..names.files {
                    for rank in 0..names.ranks {
                        let name = names.name(board, file, rank);
                        assert_eq!(names.parse(&name), Some((board, file, rank)), "{name}");
                    }
                }
            }
        }
        assert_eq!(wizard.parse("sd6"), Some((1, 3, 5)));
        for bad in ["", "e", "e9", "i1", "e0", "e04", "E4", "e4x", "é4", "e+4"] {
            assert_eq!(chess.parse(bad), None, "{bad}");
        }
        for bad in ["p17", "q1", "a0", "a123", "a01"] {
            assert_eq!(vanguard.parse(bad), None, "{bad}");
        }
        for bad in ["a5", "Xa5", "Ej1", "Ea10", "E"] {
            assert_eq!(wizard.parse(bad), None, "{bad}");
        }
        for bad in ["4a1", "0a1", "1i1", "1a9", "a1"] {
            assert_eq!(worlds.parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn clocks_are_numbers_and_moves_count_from_one() {
        assert_eq!(fen_clocks("0", "1").unwrap(), (0, 1));
        assert_eq!(fen_clocks("99", "40").unwrap(), (99, 40));
        assert!(fen_clocks("x", "1")
            .unwrap_err()
            .to_string()
            .contains("bad halfmove clock 'x'"));
        assert!(fen_clocks("0", "0")
            .unwrap_err()
            .to_string()
            .contains("bad move number '0'"));
    }

    #[test]
    fn the_side_field_is_w_or_b() {
        assert_eq!(Side::from_fen("w").unwrap(), Side::White);
        assert_eq!(Side::from_fen("b").unwrap(), Side::Black);
        for bad in ["W", "", "white", "x"] {
            assert!(Side::from_fen(bad)
                .unwrap_err()
                .to_string()
                .contains("side to move must be 'w' or 'b'"));
        }
    }
}
