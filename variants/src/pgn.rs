//! PGN for every variant: tags, and movetext in the variant's human
//! notation (`Variant::turn_to_san`), read back with `Variant::parse_san`.

use crate::{Game, GamePosition, Variant};
use std::fmt;

/// A game read from PGN: its tags, in file order, and the game itself.
pub struct PgnGame<V: Variant> {
    /// Tag pairs such as `("Variant", "magician")`.
    pub tags: Vec<(String, String)>,
    /// The game, from its start position (the `FEN` tag, else the start).
    pub game: Game<V>,
    /// The result token of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// The comment after each turn (`{+0.31/12 0.52s}`, as match runners
    /// write the engine's score, depth and time), by turn; `None` where a
    /// turn has none. Comments before the first turn are dropped.
    pub comments: Vec<Option<String>>,
}

/// What is wrong with a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError(pub String);

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN: {}", self.0)
    }
}

impl std::error::Error for PgnError {}

/// How the movetext writes moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The variant's human notation (SAN for chess), as PGN prescribes.
    San,
    /// The wire tokens (`e2e4`, `e3f3x`), which every reader of
    /// [`read`] (and python-chess, for chess) accepts as well.
    Token,
}

/// Writes a game as PGN in human notation; see [`write_with`].
pub fn write<V: Variant>(game: &Game<V>, tags: &[(&str, &str)], result: &str) -> String {
    write_with(game, tags, result, Notation::San, None, &[])
}

/// Writes a game as PGN. `tags` come first (Event, Site, ...); `Variant`,
/// and `SetUp`/`FEN` when the game did not start from the variant's start
/// position, are added when missing. `move_comments[i]`, where given, goes
/// after turn `i` (match runners write the engine's score, depth and time
/// there); `comment`, when given, goes before the result (match runners say
/// there why the game ended). Movetext lines stay under 80 columns.
pub fn write_with<V: Variant>(
    game: &Game<V>,
    tags: &[(&str, &str)],
    result: &str,
    notation: Notation,
    comment: Option<&str>,
    move_comments: &[Option<String>],
) -> String {
    let mut out = String::new();
    let has = |name: &str| tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(name));
    for (k, v) in tags {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    if !has("Result") {
        out.push_str(&format!("[Result \"{result}\"]\n"));
    }
    let spec = game.variant().spec();
    if !has("Variant") {
        out.push_str(&format!("[Variant \"{}\"]\n", spec.id));
    }
    let start_fen = V::to_fen(game.start_position());
    if start_fen != spec.start_fen && !has("FEN") {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_fen}\"]\n"));
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut pos = game.start_position().clone();
    for (i, plies) in game.turns().iter().enumerate() {
        let san = match notation {
            Notation::San => V::turn_to_san(&pos, plies),
            Notation::Token => V::turn_to_token(&pos, plies),
        };
        // The number comes from the position, as the game counts moves
        // (Advanced Wizard's Black moves first): a number stays on the
        // line of its move.
        let side = V::side_to_move(&pos);
        words.push(
            match spec.move_number(side, pos.fullmove_number(), i == 0) {
                Some(number) => format!("{number} {san}"),
                None => san,
            },
        );
        for &mv in plies {
            pos = V::make(&pos, mv);
        }
        if let Some(Some(text)) = move_comments.get(i) {
            push_comment(&mut words, text);
        }
    }
    if let Some(text) = comment {
        push_comment(&mut words, text);
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Adds `{text}` to the movetext's words (braces inside it would end the
/// comment early, so they are dropped).
fn push_comment(words: &mut Vec<String>, text: &str) {
    let clean: String = text.chars().filter(|&c| c != '{' && c != '}').collect();
    words.extend(format!("{{{clean}}}").split(' ').map(str::to_string));
}

/// Marks a comment's place among the movetext's words while reading (a
/// control character, which no move or number contains).
const COMMENT_MARK: char = '\u{1}';

/// Reads the first game of a PGN text of the game `variant`. The
/// `Variant` tag, if present, must name it; moves are checked against the
/// rules one by one.
pub fn read<V: Variant>(variant: &V, text: &str) -> Result<PgnGame<V>, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            let (key, rest) = inner
                .split_once(char::is_whitespace)
                .ok_or_else(|| PgnError(format!("bad tag line '{t}'")))?;
            let value = rest
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| PgnError(format!("tag '{key}' needs a quoted value")))?;
            tags.push((
                key.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
        } else if !t.starts_with('%') {
            movetext.push_str(t);
            movetext.push(' ');
        }
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let spec = variant.spec();
    if let Some(v) = tag("Variant") {
        // Ids, aliases ("Standard") and full names ("Magician Chess").
        if !spec.answers_to(v) {
            return Err(PgnError(format!("the game is '{v}', not '{}'", spec.id)));
        }
    }
    let mut game = match tag("FEN") {
        Some(fen) => Game::from_fen(variant.clone(), fen).map_err(|e| PgnError(e.to_string()))?,
        None => Game::start(variant.clone()),
    };
    // Set comments aside (a mark keeps their place) and drop variations,
    // then read the words. A '(' glued to a word is notation (Magician
    // Chess castles `0-0(b)`), not a variation.
    let mut clean = String::new();
    let mut texts: Vec<String> = Vec::new();
    let (mut brace, mut paren) = (false, 0usize);
    let mut prev = ' ';
    for c in movetext.chars().filter(|&c| c != COMMENT_MARK) {
        let glued = !prev.is_whitespace() && prev != ')' && paren == 0;
        prev = c;
        match c {
            '{' if !brace && paren == 0 => {
                brace = true;
                texts.push(String::new());
                clean.push_str(&format!(" {COMMENT_MARK}{} ", texts.len() - 1));
            }
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            _ if brace && paren == 0 => {
                if let Some(t) = texts.last_mut() {
                    t.push(c);
                }
            }
            '(' if !brace && !glued => paren += 1,
            ')' if !brace && paren > 0 => paren -= 1,
            _ if brace || paren > 0 => {}
            _ => clean.push(c),
        }
    }
    let mut result = "*".to_string();
    let mut comments: Vec<Option<String>> = Vec::new();
    for word in clean.split_whitespace() {
        if let Some(index) = word.strip_prefix(COMMENT_MARK) {
            let text = index.parse::<usize>().ok().and_then(|i| texts.get(i));
            // The first comment after a turn is its own (a match runner's
            // closing comment may follow it).
            if let (Some(text), Some(last)) = (text, game.turns().len().checked_sub(1)) {
                comments.resize(last + 1, None);
                comments[last].get_or_insert_with(|| text.trim().to_string());
            }
            continue;
        }
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            result = word.to_string();
            break;
        }
        if word.starts_with('$') {
            continue;
        }
        // Move numbers: "12." or "12..." possibly glued to the move (but
        // "0-0(b)" is a move, not a number).
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let mv = if digits > 0 && word[digits..].starts_with('.') {
            word[digits..].trim_start_matches('.')
        } else {
            word
        };
        if mv.is_empty() {
            continue;
        }
        game.play_token(mv)
            .map_err(|e| PgnError(format!("move {}: {e}", game.turns().len() + 1)))?;
    }
    comments.resize(game.turns().len(), None);
    Ok(PgnGame {
        tags,
        game,
        result,
        comments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Chess;

    #[test]
    fn chess_game_from_a_fen_with_black_to_move() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 12";
        let mut game = Game::from_fen(Chess, fen).unwrap();
        for m in ["O-O", "O-O-O", "Rf2"] {
            game.play_token(m).unwrap();
        }
        let text = write(&game, &[("Event", "test \"quoted\"")], "*");
        assert!(
            text.contains("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 12\"]"),
            "{text}"
        );
        assert!(text.contains("12... O-O 13. O-O-O Rf2 *"), "{text}");
        let tokens = write_with(
            &game,
            &[],
            "1-0",
            Notation::Token,
            Some("White {wins}"),
            &[],
        );
        assert!(
            tokens.contains("12... e8g8 13. e1c1 f8f2 {White wins} 1-0"),
            "{tokens}"
        );
        assert_eq!(read(&Chess, &tokens).unwrap().game.hashes(), game.hashes());
        let back = read(&Chess, &text).unwrap();
        assert_eq!(back.game.hashes(), game.hashes());
        assert_eq!(
            back.tags[0],
            ("Event".to_string(), "test \"quoted\"".to_string())
        );
        // Variations, NAGs and glued numbers are skipped; comments are
        // kept by the turn before them (a variation's are not).
        let g = read(
            &Chess,
            "{intro} 1.e4 {best} e5 (1...c5 {no} 2.Nf3) 2.Nf3 $1 Nc6 {a {b} 1-0",
        )
        .unwrap();
        assert_eq!((g.game.turns().len(), g.result.as_str()), (4, "1-0"));
        let best = Some("best".to_string());
        assert_eq!(g.comments, vec![best, None, None, Some("a {b".to_string())]);
        let two = read(&Chess, "1. e4 {one} {two} *").unwrap();
        assert_eq!(two.comments, vec![Some("one".to_string())]);
        assert!(read(&Chess, "[Variant \"magician\"]\n\n1. e4 *").is_err());
        assert!(read(&Chess, "[Event broken]\n\n1. e4 *").is_err());
    }

    /// Comments after turns are written where they belong and read back
    /// by turn, across line breaks; the closing comment after the last
    /// turn's own is not taken for it.
    #[test]
    fn move_comments_are_written_and_read_by_turn() {
        let mut game = Game::start(Chess);
        for m in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
            game.play_token(m).unwrap();
        }
        let notes: Vec<Option<String>> = (0..5)
            .map(|i| (i != 1).then(|| format!("+0.{i}1/1{i} 0.{i}00s a long comment")))
            .collect();
        let text = write_with(&game, &[], "*", Notation::San, Some("ends"), &notes);
        assert!(
            text.contains("1. e4 {+0.01/10 0.000s a long comment} e5 2. Nf3 {+0.21/12"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        let back = read(&Chess, &text).unwrap();
        assert_eq!(back.game.hashes(), game.hashes());
        assert_eq!(back.comments, notes);
        // Fewer comments than turns: the rest have none.
        let short = write_with(&game, &[], "*", Notation::Token, None, &notes[..1]);
        assert_eq!(
            read(&Chess, &short).unwrap().comments[1..],
            [None, None, None, None]
        );
    }
}
