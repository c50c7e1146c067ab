//! Shuffled setups of a Chess960 game from a file (`chess960 = true`:
//! Fischer random chess, Capablanca random chess): the pieces of the
//! first rank placed anew, Black's mirroring White's, as a match runner
//! or a player starting "a random game" expects. Fairy-Stockfish leaves
//! setups to the GUI; these follow Chess960's rules for any board: the
//! castling king between two castling rooks, and the pieces of each
//! colour-bound type (bishops) spread over both colours.

use super::def::GameDef;
use super::position::Position;
use crate::board_field::{self, BoardShape, Cell};
use crate::zobrist::splitmix64;

/// The start position numbered `n` among the game's shuffled setups, as
/// a FEN with the game's castling rights (Shredder letters); `None` for a
/// game without Chess960 castling or whose first ranks do not mirror each
/// other.
pub fn shuffled_start(def: &'static GameDef, n: u64) -> Option<String> {
    if !def.chess960 || !def.castling {
        return None;
    }
    let fields: Vec<&str> = def.start_fen.split(' ').collect();
    let (board, hand) = board_field::split_hand(fields.first()?).ok()?;
    let rows: Vec<&str> = board.split('/').collect();
    let files = def.files as usize;
    let (white, black) = (rank(rows.last()?, files)?, rank(rows.first()?, files)?);
    let mirrored = white
        .iter()
        .zip(&black)
        .all(|(w, b)| w.map(|c| c.to_ascii_lowercase()) == *b);
    if !mirrored {
        return None;
    }
    let letter_of = |t: usize| def.pieces[t].letter.to_ascii_uppercase();
    let king = def.castling_king_piece[0].or(def.king).map(letter_of)?;
    let rooks: Vec<char> = (0..def.pieces.len())
        .filter(|&t| def.castling_rook_pieces[0] & (1 << t) != 0)
        .map(letter_of)
        .collect();
    let bound: Vec<char> = (0..def.pieces.len())
        .filter(|&t| def.eval.colour_bound & (1 << t) != 0)
        .map(letter_of)
        .collect();
    let squares: Vec<usize> = (0..white.len()).filter(|&f| white[f].is_some()).collect();
    let mut pieces: Vec<char> = squares.iter().filter_map(|&f| white[f]).collect();
    let mut state = n ^ 0x0005_EED0_F960;
    for _ in 0..100_000 {
        // Fisher-Yates, then the rules; most draws pass within a few tries.
        for i in (1..pieces.len()).rev() {
            let (s, r) = splitmix64(state);
            state = s;
            pieces.swap(i, (r % (i as u64 + 1)) as usize);
        }
        if allowed(&pieces, &squares, king, &rooks, &bound) {
            let mut row = vec![None; white.len()];
            for (&f, &p) in squares.iter().zip(&pieces) {
                row[f] = Some(p);
            }
            let mut out = rows.clone();
            let (w, b) = (written(&row, true), written(&row, false));
            let last_index = out.len() - 1;
            out[last_index] = &w;
            out[0] = &b;
            let mut board = out.join("/");
            if let Some(hand) = hand {
                board.push_str(&format!("[{hand}]"));
            }
            let mut rest: Vec<String> = fields[1..].iter().map(|s| s.to_string()).collect();
            if rest.len() >= 2 {
                rest[1] = "KQkq".into();
            }
            let fen = format!("{board} {}", rest.join(" "));
            // Read back, so that the rights are written as the game writes
            // them (the rooks' files).
            return Position::from_fen(def, &fen).ok().map(|p| p.to_fen());
        }
    }
    None
}

/// Whether a draw of `pieces` on `squares` (their files) keeps the king
/// between two rooks and each colour-bound type on both colours.
fn allowed(pieces: &[char], squares: &[usize], king: char, rooks: &[char], bound: &[char]) -> bool {
    let Some(k) = pieces.iter().position(|&p| p == king) else {
        return false;
    };
    let rook = |i: &usize| rooks.contains(&pieces[*i]);
    let left = (0..k).any(|i| rook(&i));
    let right = (k + 1..pieces.len()).any(|i| rook(&i));
    if !(left && right) {
        return false;
    }
    bound.iter().all(|&b| {
        let colours: Vec<usize> = (0..pieces.len())
            .filter(|&i| pieces[i] == b)
            .map(|i| squares[i] % 2)
            .collect();
        let dark = colours.iter().filter(|&&c| c == 0).count();
        let light = colours.len() - dark;
        dark.abs_diff(light) <= 1
    })
}

/// A FEN rank of `files` squares as one letter per file (`None`: empty),
/// read by the FEN's own board reader; `None` for a rank it refuses or
/// whose cells are holes or marked pieces, which a setup does not move.
fn rank(text: &str, files: usize) -> Option<Vec<Option<char>>> {
    let mut row = vec![None; files];
    let mut plain = true;
    board_field::read(text, &BoardShape::plain(files, 1), |file, _, cell| {
        match cell {
            Cell::Piece {
                letter, mark: None, ..
            } => row[file] = Some(letter),
            _ => plain = false,
        }
        Ok(())
    })
    .ok()?;
    plain.then_some(row)
}

/// A rank back as FEN, White's letters (`upper`) or Black's.
fn written(row: &[Option<char>], upper: bool) -> String {
    let mut out = String::new();
    board_field::write(row.len(), 1, &mut out, |file, _, cell| match row[file] {
        Some(c) => {
            cell.push(if upper {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            });
            true
        }
        None => false,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defined::builtin;

    fn parent(name: &str) -> &'static GameDef {
        let i = builtin::parent_games()
            .iter()
            .position(|n| n == name)
            .unwrap();
        builtin::parent_game(i)
    }

    /// Capablanca random chess: setups differ by number, repeat for the
    /// same number, keep Black mirroring White, the king between its
    /// rooks, the bishops on both colours, and are legal starts with
    /// castling rights on the rooks' files; a game without Chess960 has
    /// none.
    #[test]
    fn shuffled_setups_follow_chess960s_rules() {
        let def = parent("caparandom");
        let mut seen = std::collections::BTreeSet::new();
        for n in 0..200 {
            let fen = shuffled_start(def, n).expect("a setup");
            assert_eq!(shuffled_start(def, n).as_deref(), Some(fen.as_str()));
            let board = fen.split(' ').next().unwrap();
            let rows: Vec<&str> = board.split('/').collect();
            let (black, white) = (rows[0], rows[7]);
            assert_eq!(black.to_ascii_uppercase(), white, "{fen}");
            assert_eq!(rows[1], "pppppppppp");
            let k = white.find('K').unwrap();
            assert!(
                white[..k].contains('R') && white[k + 1..].contains('R'),
                "{fen}"
            );
            let bishops: Vec<usize> = white.match_indices('B').map(|(i, _)| i % 2).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0], bishops[1], "{fen}");
            let pos = Position::from_fen(def, &fen).expect("a legal start");
            assert_eq!(pos.to_fen(), fen);
            let rights = fen.split(' ').nth(2).unwrap();
            assert_eq!(rights.len(), 4, "{fen}");
            seen.insert(white.to_string());
        }
        assert!(seen.len() > 150, "{} setups of 200", seen.len());
        assert_eq!(shuffled_start(parent("capablanca"), 3), None);
    }
}
