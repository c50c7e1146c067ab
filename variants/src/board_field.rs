//! The FEN board field every game shares: ranks from the top separated by
//! `/`, empty runs of one or two digits, a letter per piece (upper case
//! White), `*` for a hole where a game has holes, and a mark after a letter
//! where a game marks pieces (`W*`, `H~`), or `+` before it (shogi's
//! `+p`). Each game reads and writes only what a cell holds; the runs, the
//! rank count and the messages are here.

use crate::{FenError, Side};

/// The size of one board and what its cells may carry.
#[derive(Clone, Copy, Debug)]
pub struct BoardShape {
    /// Files per rank.
    pub files: usize,
    /// Ranks.
    pub ranks: usize,
    /// The board's name in messages (`Earth`, `level 2`), empty for a game
    /// of one board.
    pub name: &'static str,
    /// Whether `*` alone is a hole (Magician Chess).
    pub holes: bool,
    /// Marks that may follow a piece letter (Advanced Wizard's `*~^`).
    pub marks: &'static [char],
    /// The most digits one empty run is read from: boards of up to 9 files
    /// read each digit as a run of its own (`11` is two runs of one), wider
    /// ones join two (`16`).
    pub run_digits: usize,
}

impl BoardShape {
    /// A plain board of `files` x `ranks`: no holes, no marks, no name,
    /// runs of one digit up to 9 files and of two beyond.
    pub const fn plain(files: usize, ranks: usize) -> BoardShape {
        BoardShape {
            files,
            ranks,
            name: "",
            holes: false,
            marks: &[],
            run_digits: if files > 9 { 2 } else { 1 },
        }
    }

    fn rank_label(&self, rank: usize) -> String {
        if self.name.is_empty() {
            format!("rank {}", rank + 1)
        } else {
            format!("{} rank {}", self.name, rank + 1)
        }
    }
}

/// What a FEN cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A piece: its letter as written (the case gives the side), and the
    /// mark after it, if any.
    Piece {
        /// The letter as written.
        letter: char,
        /// The side the case gives.
        side: Side,
        /// The mark that followed the letter.
        mark: Option<char>,
    },
    /// A hole (a cell that is not part of the board).
    Hole,
}

/// Reads a board field, calling `put(file, rank, cell)` (counted from 0,
/// rank 0 at the bottom) for every occupied cell in reading order. `put`
/// says which letters it knows: an error from it stops the reading.
pub fn read(
    text: &str,
    shape: &BoardShape,
    mut put: impl FnMut(usize, usize, Cell) -> Result<(), FenError>,
) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != shape.ranks {
        let board = if shape.name.is_empty() {
            "the board".to_string()
        } else {
            format!("the {} board", shape.name)
        };
        return Err(FenError::new(format!(
            "{board} must have {} ranks separated by '/', found {}",
            shape.ranks,
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = shape.ranks - 1 - i;
        let too_long = || {
            FenError::new(format!(
                "{} has more than {} squares",
                shape.rank_label(rank),
                shape.files
            ))
        };
        let mut file = 0usize;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d as usize;
                for _ in 1..shape.run_digits {
                    match chars.next_if(char::is_ascii_digit) {
                        Some(d) => {
                            run = run
                                .saturating_mul(10)
                                .saturating_add(d.to_digit(10).unwrap_or(0) as usize)
                        }
                        None => break,
                    }
                }
                if run == 0 {
                    return Err(FenError::new(format!(
                        "{} has an empty run of 0 squares",
                        shape.rank_label(rank)
                    )));
                }
                file = file.saturating_add(run);
                if file > shape.files {
                    return Err(too_long());
                }
                continue;
            }
            if file >= shape.files {
                return Err(too_long());
            }
            let cell = if c == '*' && shape.holes {
                Cell::Hole
            } else if c.is_ascii_alphabetic() || (c == '+' && shape.marks.contains(&'+')) {
                let (letter, mark) = if c == '+' {
                    // `+p`: a piece promoted shogi-style from `p`, the
                    // mark before its letter.
                    let Some(letter) = chars.next_if(char::is_ascii_alphabetic) else {
                        return Err(FenError::new(format!(
                            "'+' on {} is not followed by a piece letter",
                            shape.rank_label(rank)
                        )));
                    };
                    (letter, Some('+'))
                } else {
                    // `+` marks the letter after it, never the one before.
                    (c, chars.next_if(|m| *m != '+' && shape.marks.contains(m)))
                };
                let side = if letter.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                Cell::Piece { letter, side, mark }
            } else {
                return Err(FenError::new(format!(
                    "unknown piece letter '{c}' on {}",
                    shape.rank_label(rank)
                )));
            };
            put(file, rank, cell)?;
            file += 1;
        }
        if file != shape.files {
            return Err(FenError::new(format!(
                "{} has {file} squares, expected {}",
                shape.rank_label(rank),
                shape.files
            )));
        }
    }
    Ok(())
}

/// Writes a board field of `files` x `ranks` to `out`; `cell(file, rank)`
/// (counted from 0, rank 0 at the bottom) writes what stands there and
/// returns whether anything does.
pub fn write(
    files: usize,
    ranks: usize,
    out: &mut String,
    mut cell: impl FnMut(usize, usize, &mut String) -> bool,
) {
    let mut item = String::with_capacity(2);
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            item.clear();
            if !cell(file, rank, &mut item) {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push_str(&item);
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// A board field and the hands written after it (`RNBQKBNR[Qp]`, as
/// Fairy-Stockfish writes pockets): the board's text and, where there is
/// one, the text between the brackets; `Err` when the bracket is not
/// closed at the end.
pub fn split_hand(field: &str) -> Result<(&str, Option<&str>), FenError> {
    let Some(open) = field.find('[') else {
        return Ok((field, None));
    };
    let hand = field[open + 1..].strip_suffix(']').ok_or_else(|| {
        FenError::new(format!(
            "the hands '{}' must end with ']' right after the board",
            &field[open..]
        ))
    })?;
    Ok((&field[..open], Some(hand)))
}

/// What stands on a position's squares, as (square name, cell), read from
/// its FEN: what a board drawing needs, for every game alike.
pub fn cells<V: crate::Fen>(game: &V, pos: &V::Position) -> Vec<(String, Cell)> {
    let spec = game.spec();
    let fen = V::to_fen(pos);
    let field = fen.split_whitespace().next().unwrap_or_default();
    let field = split_hand(field).map_or(field, |(board, _)| board);
    let mut out = Vec::new();
    for (board, (text, b)) in field.split('|').zip(&spec.boards).enumerate() {
        // The game wrote this FEN: it reads.
        let _ = read(text, &b.shape, |file, rank, cell| {
            out.push((spec.squares.name(board, file, rank), cell));
            Ok(())
        });
    }
    out
}

/// A piece letter in the case of its side.
pub fn letter(upper: char, side: Side) -> char {
    match side {
        Side::White => upper,
        Side::Black => upper.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str, shape: &BoardShape) -> Result<Vec<(usize, usize, Cell)>, String> {
        let mut out = Vec::new();
        read(text, shape, |f, r, c| {
            out.push((f, r, c));
            Ok(())
        })
        .map_err(|e| e.to_string())?;
        Ok(out)
    }

    #[test]
    fn runs_holes_and_marks_read() {
        let big = BoardShape::plain(16, 2);
        let got = cells("15k/16", &big).unwrap();
        // Up to 9 files each digit is a run of its own.
        let small = BoardShape::plain(4, 2);
        assert_eq!(cells("11k1/1111", &small).unwrap()[0].0, 2);
        assert!(cells("11k1/44", &small).is_err());
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 15);
        assert_eq!(got[0].1, 1);
        let holes = BoardShape {
            holes: true,
            ..BoardShape::plain(3, 1)
        };
        assert_eq!(cells("*1*", &holes).unwrap().len(), 2);
        assert_eq!(cells("*1*", &holes).unwrap()[1].2, Cell::Hole);
        let marked = BoardShape {
            marks: &['*', '~'],
            ..BoardShape::plain(3, 1)
        };
        let got = cells("W*1h~", &marked).unwrap();
        assert_eq!(
            got[0].2,
            Cell::Piece {
                letter: 'W',
                side: Side::White,
                mark: Some('*')
            }
        );
        assert_eq!(got[1].0, 2);
        assert!(matches!(
            got[1].2,
            Cell::Piece {
                side: Side::Black,
                mark: Some('~'),
                ..
            }
        ));
    }

    #[test]
    fn bad_fields_say_what_is_wrong() {
        let chess = BoardShape::plain(8, 8);
        let named = BoardShape {
            name: "Earth",
            ..BoardShape::plain(9, 9)
        };
        for (text, shape, why) in [
            ("8/8", &chess, "the board must have 8 ranks"),
            ("9/8/8/8/8/8/8/8", &chess, "rank 8 has more than 8 squares"),
            (
                "7/8/8/8/8/8/8/8",
                &chess,
                "rank 8 has 7 squares, expected 8",
            ),
            ("8/8/8/8/8/8/8/r0k5", &chess, "rank 1 has an empty run of 0"),
            (
                "8/8/8/8/8/8/8/*7",
                &chess,
                "unknown piece letter '*' on rank 1",
            ),
            ("99999999999999999999/8/8/8/8/8/8/8", &chess, "more than 8"),
            ("8/8/8/8/8/8/8/8/8", &chess, "found 9"),
            ("9/9", &named, "the Earth board must have 9 ranks"),
            ("9/9/9/9/9/9/9/9/8", &named, "Earth rank 1 has 8 squares"),
        ] {
            let e = cells(text, shape).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn cells_of_every_game_are_named_in_its_notation() {
        use crate::prelude::*;
        fn start<V: Variant>(game: V) -> Vec<(String, Cell)> {
            super::cells(&game, &game.start())
        }
        let chess = start(crate::chess::Chess);
        assert_eq!(chess.len(), 32);
        assert!(chess.iter().any(|(sq, c)| sq == "e1"
            && *c
                == Cell::Piece {
                    letter: 'K',
                    side: Side::White,
                    mark: None
                }));
        let magician = start(crate::magician::Magician);
        assert_eq!(magician.iter().filter(|(_, c)| *c == Cell::Hole).count(), 9);
        assert_eq!(start(crate::vanguard::Vanguard).len(), 96);
        let wizard = start(crate::advancedwizard::AdvancedWizard);
        assert!(wizard.iter().any(|(sq, _)| sq == "Sa1"));
        assert!(wizard.iter().any(|(sq, c)| sq == "Eb2"
            && matches!(
                c,
                Cell::Piece {
                    mark: Some('*'),
                    ..
                }
            )));
        let worlds = start(crate::parallelworlds::ParallelWorlds);
        assert_eq!(worlds.len(), 64);
        assert!(worlds.iter().any(|(sq, _)| sq == "3e8"));
    }

    #[test]
    fn writing_joins_runs() {
        let mut out = String::new();
        write(16, 2, &mut out, |f, r, s| {
            if f == 15 && r == 1 {
                s.push('k');
                true
            } else {
                false
            }
        });
        assert_eq!(out, "15k/16");
        assert_eq!(cells(&out, &BoardShape::plain(16, 2)).unwrap().len(), 1);
    }
}
