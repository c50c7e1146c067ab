//! Drawing a board for humans from a FEN's board field.

/// Draws the board field of `fen` (ranks separated by `/`, empty runs as
/// decimal numbers, pieces as letters or other single characters) as a grid
/// with file letters and rank numbers. Boards of multi-board FENs (`|`) are
/// drawn one after the other.
pub fn from_fen_board(fen: &str) -> String {
    let field = fen.split_whitespace().next().unwrap_or("");
    let mut out = String::new();
    for board in field.split('|') {
        let ranks: Vec<Vec<char>> = board.split('/').map(expand_rank).collect();
        let files = ranks.iter().map(Vec::len).max().unwrap_or(0);
        let rule = format!("   +{}\n", "---+".repeat(files));
        out.push_str(&rule);
        for (i, rank) in ranks.iter().enumerate() {
            out.push_str(&format!("{:>2} |", ranks.len() - i));
            for f in 0..files {
                out.push_str(&format!(" {} |", rank.get(f).copied().unwrap_or(' ')));
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
    out
}

fn expand_rank(rank: &str) -> Vec<char> {
    let mut squares = Vec::new();
    let mut run = 0usize;
    for c in rank.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d as usize;
            continue;
        }
        squares.extend(std::iter::repeat_n(' ', run.min(256)));
        run = 0;
        squares.push(c);
    }
    squares.extend(std::iter::repeat_n(' ', run.min(256)));
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
    fn two_digit_runs() {
        let text = from_fen_board("16/p15");
        assert!(text.contains(" 1 | p |"), "{text}");
        assert!(text.contains(" p  \n"), "{text}");
    }
}
