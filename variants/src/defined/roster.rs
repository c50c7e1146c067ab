//! The pieces of a defined game and their letters, as the levels of its
//! inheritance add and remove them. Fairy-Stockfish's semantics: a game
//! starts from its parent's pieces; each level (the oldest parent first,
//! the section itself last) reads its piece keys in type order; a piece
//! given a letter that another piece has takes the letter, and that piece
//! leaves the game; `-` removes a piece. A key that names pieces by letter
//! (`promotionPieceTypes = nbrq`) reads them as they stood after its own
//! level's pieces, so a child that gives `n` to a new piece does not make
//! its parent's knight promotion a promotion to the new piece.

use super::piece::PREDEFINED;
use std::collections::BTreeMap;

/// One key's value, its line (0 in a built-in parent) and its level in the
/// game's inheritance (0: the oldest parent).
#[derive(Clone, Debug)]
pub struct Setting {
    /// The value, trimmed.
    pub value: String,
    /// Its line.
    pub line: usize,
    /// Its level.
    pub level: usize,
}

/// The keys of one level: the last written wins, as in Fairy-Stockfish's
/// key map.
pub type Level = BTreeMap<String, Setting>;

/// A piece of the game: its key (`knight`, `customPiece1`: its type), its
/// letter, its moves and the line that gave it its letter.
#[derive(Clone, Debug)]
pub struct Slot {
    /// Its key.
    pub name: String,
    /// Its letter, upper case.
    pub letter: char,
    /// Its moves in Betza.
    pub betza: String,
    /// The line of its key.
    pub line: usize,
}

/// What a letter of a key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// The game's piece of this index.
    Piece(usize),
    /// A piece that a later level removed (the key's letter then names
    /// nothing, as in Fairy-Stockfish).
    Gone,
    /// No piece had the letter at the key's level.
    Nothing,
}

/// The game's pieces, and what each letter named at each level.
#[derive(Clone, Debug, Default)]
pub struct Roster {
    /// The game's pieces in Fairy-Stockfish's type order (predefined, custom,
    /// the king last): a piece's index is its type.
    pub slots: Vec<Slot>,
    /// After each level's piece keys: each letter's piece, by key.
    letters: Vec<BTreeMap<char, String>>,
    /// Each level: the pieces it removed, by key.
    removed: Vec<Vec<String>>,
}

/// The keys that name pieces, in Fairy-Stockfish's type order: the
/// predefined pieces, `customPiece1..25`, `king` last.
fn piece_keys() -> Vec<String> {
    let mut keys: Vec<String> = PREDEFINED
        .iter()
        .map(|(n, _)| n.to_string())
        .filter(|n| n != "king")
        .collect();
    keys.extend((1..=25).map(|n| format!("customPiece{n}")));
    keys.push("king".into());
    keys
}

/// Whether `key` names a piece: a predefined name, `customPiece1..25`.
pub fn is_piece_key(key: &str) -> bool {
    PREDEFINED.iter().any(|(n, _)| *n == key)
        || key
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=25).contains(&n))
}

impl Roster {
    /// The pieces `levels` define; `error(key, line, message)` hears of
    /// every piece key that does not read (the piece is then left out).
    pub fn build(levels: &[Level], error: &mut dyn FnMut(&str, usize, String)) -> Roster {
        let keys = piece_keys();
        // By key: letter, Betza, line.
        let mut pieces: BTreeMap<String, (char, String, usize)> = BTreeMap::new();
        let mut roster = Roster::default();
        for level in levels {
            let mut removed = Vec::new();
            for key in &keys {
                let Some(setting) = level.get(key) else {
                    continue;
                };
                let value = setting.value.trim();
                let mut chars = value.chars();
                let Some(letter) = chars.next() else {
                    continue;
                };
                if letter == '-' {
                    if pieces.remove(key).is_some() {
                        removed.push(key.clone());
                    }
                    continue;
                }
                let Some(betza) = piece_moves(key, letter, &mut chars, setting.line, error) else {
                    continue;
                };
                let upper = letter.to_ascii_uppercase();
                // The piece with the letter leaves (this very piece too, if it
                // had it: Fairy-Stockfish then forgets it as a promotion).
                if let Some(holder) = pieces
                    .iter()
                    .find(|(_, p)| p.0 == upper)
                    .map(|(k, _)| k.clone())
                {
                    pieces.remove(&holder);
                    removed.push(holder);
                }
                pieces.insert(key.clone(), (upper, betza, setting.line));
            }
            roster
                .letters
                .push(pieces.iter().map(|(k, p)| (p.0, k.clone())).collect());
            roster.removed.push(removed);
        }
        roster.slots = keys
            .iter()
            .filter_map(|k| {
                pieces.get(k).map(|(letter, betza, line)| Slot {
                    name: k.clone(),
                    letter: *letter,
                    betza: betza.clone(),
                    line: *line,
                })
            })
            .collect();
        roster
    }

    /// What `letter` (either case) named after the pieces of `level`.
    pub fn named(&self, level: usize, letter: char) -> Named {
        let upper = letter.to_ascii_uppercase();
        let Some(name) = self.letters.get(level).and_then(|l| l.get(&upper)) else {
            return Named::Nothing;
        };
        match self.slots.iter().position(|s| &s.name == name) {
            Some(t) => Named::Piece(t),
            None => Named::Gone,
        }
    }

    /// Whether a level after `level` removed piece `t` (a promotion named
    /// at `level` is then forgotten, even if the piece came back).
    pub fn removed_after(&self, level: usize, t: usize) -> bool {
        let name = &self.slots[t].name;
        self.removed
            .iter()
            .skip(level + 1)
            .any(|r| r.contains(name))
    }
}

/// The moves of the piece `key` written `letter` then `rest`: a custom
/// piece's Betza after a `:`, a predefined piece's own, the king's own or
/// a Betza of its own; `None` (with an error) when the value does not
/// read.
fn piece_moves(
    key: &str,
    letter: char,
    rest: &mut std::str::Chars,
    line: usize,
    error: &mut dyn FnMut(&str, usize, String),
) -> Option<String> {
    if !letter.is_ascii_alphabetic() {
        error(
            key,
            line,
            format!("'{letter}' is not a letter for the piece (a letter, or - to remove it)"),
        );
        return None;
    }
    let custom = key.starts_with("customPiece");
    let betza = match (rest.next(), custom) {
        (Some(':'), _) => rest.as_str().trim().to_string(),
        (None, true) => {
            error(
                key,
                line,
                "a custom piece needs its moves: customPieceN = x:Betza".into(),
            );
            return None;
        }
        (None, false) => PREDEFINED
            .iter()
            .find(|(n, _)| *n == key)
            .map(|(_, b)| b.to_string())
            .unwrap_or_default(),
        (Some(c), _) => {
            error(
                key,
                line,
                format!("'{c}' after the letter: write a letter, or letter:Betza"),
            );
            return None;
        }
    };
    if !custom && key != "king" && betza != predefined_moves(key) {
        error(
            key,
            line,
            "a predefined piece takes only its letter; its moves are fixed".into(),
        );
        return None;
    }
    Some(betza)
}

/// A predefined piece's Betza.
fn predefined_moves(key: &str) -> &'static str {
    PREDEFINED
        .iter()
        .find(|(n, _)| *n == key)
        .map_or("", |(_, b)| b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(n: usize, keys: &[(&str, &str)]) -> Level {
        keys.iter()
            .map(|(k, v)| {
                (
                    k.to_string(),
                    Setting {
                        value: v.to_string(),
                        line: n * 10,
                        level: n,
                    },
                )
            })
            .collect()
    }

    fn roster(levels: &[Level]) -> (Roster, Vec<String>) {
        let mut errors = Vec::new();
        let r = Roster::build(levels, &mut |k, _, m| errors.push(format!("{k}: {m}")));
        (r, errors)
    }

    fn letters(r: &Roster) -> String {
        r.slots
            .iter()
            .map(|s| format!("{}={}", s.name, s.letter))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A child's custom piece takes the letter of its parent's piece, which
    /// leaves; the parent's keys still name the parent's pieces.
    #[test]
    fn a_letter_taken_removes_its_piece() {
        let chess = level(
            0,
            &[("pawn", "p"), ("knight", "n"), ("rook", "r"), ("king", "k")],
        );
        let child = level(1, &[("customPiece1", "p:fmWfcF"), ("customPiece2", "n:NK")]);
        let (r, errors) = roster(&[chess.clone(), child]);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            letters(&r),
            "rook=R customPiece1=P customPiece2=N king=K",
            "type order"
        );
        // At the parent's level 'n' was the knight, now gone; at the
        // child's, the new piece.
        assert_eq!(r.named(0, 'n'), Named::Gone);
        assert_eq!(r.named(1, 'N'), Named::Piece(2));
        assert_eq!(r.named(0, 'r'), Named::Piece(0));
        assert_eq!(r.named(1, 'x'), Named::Nothing);
        assert!(!r.removed_after(0, 0));
        // Within one level the later type takes the letter; `-` removes.
        let one = level(
            0,
            &[
                ("pawn", "p"),
                ("immobile", "p"),
                ("queen", "q"),
                ("king", "k"),
            ],
        );
        let (r, _) = roster(&[one.clone(), level(1, &[("queen", "-")])]);
        assert_eq!(letters(&r), "immobile=P king=K");
        // A piece given its own letter again is removed and added back.
        let (r, _) = roster(&[chess, level(1, &[("rook", "r")])]);
        assert!(r.removed_after(0, r.slots.iter().position(|s| s.name == "rook").unwrap()));
    }

    #[test]
    fn bad_piece_values_are_errors() {
        let (r, errors) = roster(&[level(
            0,
            &[
                ("customPiece1", "a"),
                ("knight", "n:B"),
                ("bishop", "1"),
                ("rook", "rx"),
                ("queen", "q"),
            ],
        )]);
        assert_eq!(letters(&r), "queen=Q");
        assert_eq!(errors.len(), 4, "{errors:?}");
    }
}
