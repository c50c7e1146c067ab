//! Drawing a board for humans from a FEN's board field.

/// Draws the board field of `fen` (ranks separated by `/`, empty runs as
/// decimal numbers, pieces as letters or other single characters) as a grid
/// with file letters and rank numbers. Boards of multi-board FENs (`|`) are
/// drawn one after the other.
pub fn from_fen_board(fen: &str) -> String {
    let field = fen.split_whitespace().next().unwrap_or("");
    // Hands after the board (`[Qnp]`) are drawn under it.
    let (field, hands) = crate::board_field::split_hand(field).unwrap_or((field, None));
    let mut out = String::new();
    for board in field.split('|') {
        let ranks: Vec<Vec<String>> = board.split('/').map(expand_rank).collect();
        let files = ranks.iter().map(Vec::len).max().unwrap_or(0);
        let rule = format!("   +{}\n", "---+".repeat(files));
        out.push_str(&rule);
        for (i, rank) in ranks.iter().enumerate() {
            out.push_str(&format!("{:>2} |", ranks.len() - i));
            for f in 0..files {
                let cell = rank.get(f).map_or(" ", String::as_str);
                if cell.chars().count() > 1 {
                    // A marked piece (`+S`, `Q~`) fills the cell.
                    out.push_str(&format!("{cell:<3}|"));
                } else {
                    out.push_str(&format!(" {cell} |"));
                }
            }
            out.push('\n');
            out.push_str(&rule);
        }
        out.push_str("    ");
        for f in 0..files {
            let letter = (b'a' + (f as u8 % 26)) as char;
            out.push_str(&format!(" {letter}  "));
        }
        out.push('\n');
    }
    if let Some(hands) = hands {
        let white: String = hands.chars().filter(char::is_ascii_uppercase).collect();
        let black: String = hands.chars().filter(char::is_ascii_lowercase).collect();
        out.push_str(&format!("In hand: White {white}, Black {black}\n"));
    }
    out
}

/// A rank's squares: empty ones blank, a piece with its marks (`+S`,
/// `Q~`) as one square.
fn expand_rank(rank: &str) -> Vec<String> {
    let mut squares: Vec<String> = Vec::new();
    let mut run = 0usize;
    let mut prefix = None;
    for c in rank.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d as usize;
            continue;
        }
        squares.extend(std::iter::repeat_n(" ".to_string(), run.min(256)));
        run = 0;
        match (c, squares.last_mut()) {
            ('+', _) => prefix = Some(c),
            ('~', Some(last)) => last.push(c),
            _ => {
                let mut square = prefix.take().map(String::from).unwrap_or_default();
                square.push(c);
                squares.push(square);
            }
        }
    }
    squares.extend(std::iter::repeat_n(" ".to_string(), run.min(256)));
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_ranks_top_down_with_coordinates() {
        let text = from_fen_board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " 8 |   |   |   |   | k |   |   |   |");
        assert_eq!(lines[15], " 1 | R |   |   |   | K |   |   | R |");
        assert_eq!(lines[17], "     a   b   c   d   e   f   g   h  ");
    }

    #[test]
    fn marked_pieces_fill_a_square_and_hands_follow() {
        let text = from_fen_board("1+S1/Q~2/3[Nn] w - - 0 1");
        assert!(text.contains(" 3 |   |+S |   |"), "{text}");
        assert!(text.contains(" 2 |Q~ |   |   |"), "{text}");
        assert!(text.contains("In hand: White N, Black n"), "{text}");
    }

    #[test]
    fn two_digit_runs() {
        let text = from_fen_board("16/p15");
        assert!(text.contains(" 1 | p |"), "{text}");
        assert!(text.contains(" p  \n"), "{text}");
    }
}
