//! The deck-list file (spec §2): colour lines, card lines with roles,
//! comments, headers and sideboards, read into entries with F findings.

use crate::cards::CardTable;
use crate::report::{Finding, Rule};

/// The side a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The King's side.
    King,
    /// The Queen's side.
    Queen,
}

/// A role in `[...]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// `[King]`.
    King,
    /// `[Queen]`.
    Queen,
    /// `[King's Wizard]`.
    Wizard,
    /// `[King's Bishop]` / `[Queen's Bishop]`.
    Bishop(Side),
    /// `[King's Knight]` / `[Queen's Knight]`.
    Knight(Side),
    /// `[King's Rook]` / `[Queen's Rook]`.
    Rook(Side),
    /// `[King's Pawn]` / `[Queen's Pawn]`.
    Pawn(Side),
    /// `[Queen's Artifact]`: not a piece role.
    Artifact,
}

impl Role {
    /// Every role in the order R1 reports slots.
    pub const ALL: [Role; 12] = [
        Role::King,
        Role::Queen,
        Role::Wizard,
        Role::Bishop(Side::King),
        Role::Knight(Side::King),
        Role::Rook(Side::King),
        Role::Bishop(Side::Queen),
        Role::Knight(Side::Queen),
        Role::Rook(Side::Queen),
        Role::Pawn(Side::King),
        Role::Pawn(Side::Queen),
        Role::Artifact,
    ];

    /// How many cards the slot holds.
    pub fn copies(self) -> u32 {
        if matches!(self, Role::Pawn(_)) {
            4
        } else {
            1
        }
    }

    /// The side whose colour the piece must have (`None`: Wizard, Artifact).
    pub fn side(self) -> Option<Side> {
        match self {
            Role::King => Some(Side::King),
            Role::Queen => Some(Side::Queen),
            Role::Bishop(s) | Role::Knight(s) | Role::Rook(s) | Role::Pawn(s) => Some(s),
            Role::Wizard | Role::Artifact => None,
        }
    }

    /// The role's name as the messages write it.
    pub fn name(self) -> String {
        let side = |s: Side| if s == Side::King { "King's" } else { "Queen's" };
        match self {
            Role::King => "King".to_string(),
            Role::Queen => "Queen".to_string(),
            Role::Wizard => "King's Wizard".to_string(),
            Role::Artifact => "Queen's Artifact".to_string(),
            Role::Bishop(s) => format!("{} Bishop", side(s)),
            Role::Knight(s) => format!("{} Knight", side(s)),
            Role::Rook(s) => format!("{} Rook", side(s)),
            Role::Pawn(s) => format!("{} Pawn", side(s)),
        }
    }

    fn parse(text: &str) -> Option<Role> {
        let t = fold(text);
        let (side, piece) = match t.split_once(' ') {
            Some(("kings", p)) => (Some(Side::King), p),
            Some(("queens", p)) => (Some(Side::Queen), p),
            _ => (None, t.as_str()),
        };
        Some(match (side, piece) {
            (None, "king") => Role::King,
            (None, "queen") => Role::Queen,
            (None | Some(Side::King), "wizard") => Role::Wizard,
            (None | Some(Side::Queen), "artifact") => Role::Artifact,
            (Some(s), "bishop") => Role::Bishop(s),
            (Some(s), "knight") => Role::Knight(s),
            (Some(s), "rook") => Role::Rook(s),
            (Some(s), "pawn" | "pawns") => Role::Pawn(s),
            _ => return None,
        })
    }
}

/// One card line of the deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based physical line.
    pub line: usize,
    /// Copies.
    pub count: u32,
    /// The card's name as in the table.
    pub name: String,
    /// The role, if any.
    pub role: Option<Role>,
}

/// A colour letter of `WUBRG`.
pub type Colour = char;

/// A deck file read with the card table.
#[derive(Clone, Debug, Default)]
pub struct DeckList {
    /// The King's colour.
    pub king: Option<Colour>,
    /// The Queen's colour.
    pub queen: Option<Colour>,
    /// The card lines, in file order.
    pub entries: Vec<Entry>,
    /// F findings (F1-F5).
    pub findings: Vec<Finding>,
}

/// Lower case, apostrophes (`'`, `’`) dropped, single spaces: how role
/// names and colour-line heads are compared.
fn fold(text: &str) -> String {
    let t: String = text
        .to_lowercase()
        .chars()
        .filter(|&c| c != '\'' && c != '’')
        .collect();
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn colour_of(word: &str) -> Option<Colour> {
    Some(match word.trim().to_lowercase().as_str() {
        "white" | "w" => 'W',
        "blue" | "u" => 'U',
        "black" | "b" => 'B',
        "red" | "r" => 'R',
        "green" | "g" => 'G',
        _ => return None,
    })
}

/// `King's colour: green` and its spellings: (side, the text after ':').
fn colour_line(text: &str) -> Option<(Side, &str)> {
    let (head, value) = text.split_once(':')?;
    let h = fold(head);
    let side = match h.as_str() {
        "kings colour" | "kings color" => Side::King,
        "queens colour" | "queens color" => Side::Queen,
        _ => return None,
    };
    Some((side, value))
}

/// `<count>[x] <rest>`: the count (1..999) and the rest.
fn count_prefix(text: &str) -> Option<(u32, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let count: u32 = text[..digits].parse().ok()?;
    let mut rest = &text[digits..];
    if let Some(r) = rest.strip_prefix(['x', 'X']) {
        rest = r;
    }
    if !rest.starts_with(char::is_whitespace) || count == 0 {
        return None;
    }
    Some((count, rest.trim()))
}

/// The name without a trailing `(SET)` or `(SET) 123`, if it has one.
fn without_set_code(name: &str) -> Option<&str> {
    let code = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric());
    let mut s = name.trim_end();
    // The space may be any whitespace character, several bytes long.
    if let Some((i, space)) = s.char_indices().rev().find(|(_, c)| c.is_whitespace()) {
        if code(&s[i + space.len_utf8()..]) && s[..i].trim_end().ends_with(')') {
            s = s[..i].trim_end();
        }
    }
    let inner = s.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    if !code(&inner[open + 1..]) {
        return None;
    }
    let name = inner[..open].trim_end();
    (!name.is_empty()).then_some(name)
}

/// Reads a deck file. The text must already be valid UTF-8.
pub fn read(text: &str, table: &CardTable) -> DeckList {
    let mut deck = DeckList::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut colour_lines: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut sideboard_line = None;
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if raw.trim_start().starts_with("//") {
            continue;
        }
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let lower = text.to_lowercase();
        if matches!(lower.as_str(), "deck" | "main" | "maindeck" | "main deck") {
            continue;
        }
        if lower == "sideboard" || lower == "sideboard:" {
            sideboard_line.get_or_insert(line);
            break;
        }
        if lower.starts_with("sb:") {
            sideboard_line.get_or_insert(line);
            continue;
        }
        if let Some((side, value)) = colour_line(text) {
            let slot = side as usize;
            colour_lines[slot].push(line);
            let label = if side == Side::King {
                "King's"
            } else {
                "Queen's"
            };
            match colour_of(value) {
                None => deck.findings.push(Finding::error(
                    Rule::F(3),
                    Some(line),
                    format!(
                        "the {label} colour line names no colour ('{}')",
                        value.trim()
                    ),
                )),
                Some(_) if colour_lines[slot].len() > 1 => deck.findings.push(Finding::error(
                    Rule::F(3),
                    Some(line),
                    format!(
                        "the {label} colour is given twice (first on line {})",
                        colour_lines[slot][0]
                    ),
                )),
                Some(c) => {
                    if side == Side::King {
                        deck.king = Some(c);
                    } else {
                        deck.queen = Some(c);
                    }
                }
            }
            continue;
        }
        card_line(&mut deck, table, line, text);
    }
    for (slot, label) in [(0, "King's"), (1, "Queen's")] {
        if colour_lines[slot].is_empty() {
            deck.findings.push(Finding::error(
                Rule::F(3),
                None,
                format!("the {label} colour line is missing ('{label} colour: <colour>')"),
            ));
        }
    }
    if let Some(line) = sideboard_line {
        deck.findings.push(Finding::warning(
            Rule::F(5),
            Some(line),
            "a sideboard is present and was ignored (Wizard's Chess has none)".to_string(),
        ));
    }
    deck
}

fn card_line(deck: &mut DeckList, table: &CardTable, line: usize, text: &str) {
    let f1 = |why: &str| Finding::error(Rule::F(1), Some(line), format!("'{text}': {why}"));
    let Some((count, rest)) = count_prefix(text) else {
        deck.findings.push(f1(
            "not a card line ('<count> <card name> [<role>]', count 1 to 999), colour line, header or sideboard",
        ));
        return;
    };
    let (name, role_text) = match rest.strip_suffix(']') {
        Some(r) => match r.rfind('[') {
            Some(open) => (r[..open].trim(), Some(r[open + 1..].trim())),
            None => {
                deck.findings.push(f1("']' without '['"));
                return;
            }
        },
        None => (rest, None),
    };
    if name.is_empty() {
        deck.findings.push(f1("no card name"));
        return;
    }
    if name.contains('[') || name.contains(']') {
        deck.findings
            .push(f1("'[' or ']' inside the name (the role goes last)"));
        return;
    }
    let role = match role_text {
        None => None,
        Some(r) => match Role::parse(r) {
            Some(role) => Some(role),
            None => {
                deck.findings.push(Finding::error(
                    Rule::F(2),
                    Some(line),
                    format!("unknown role '[{r}]'"),
                ));
                return;
            }
        },
    };
    let card = table
        .get(name)
        .or_else(|| without_set_code(name).and_then(|n| table.get(n)));
    let Some(card) = card else {
        let hint = match table.suggest(name) {
            Some(s) => format!("; did you mean '{s}'?"),
            None => String::new(),
        };
        deck.findings.push(Finding::error(
            Rule::F(4),
            Some(line),
            format!("unknown card '{name}'{hint}"),
        ));
        return;
    };
    deck.entries.push(Entry {
        line,
        count,
        name: card.name.clone(),
        role,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_and_counts_in_their_spellings() {
        assert_eq!(Role::parse("kings pawns"), Some(Role::Pawn(Side::King)));
        assert_eq!(Role::parse("Queen’s Rook"), Some(Role::Rook(Side::Queen)));
        assert_eq!(Role::parse("Wizard"), Some(Role::Wizard));
        assert_eq!(Role::parse("artifact"), Some(Role::Artifact));
        assert_eq!(Role::parse("Castle"), None);
        assert_eq!(Role::parse("Queen's Wizard"), None);
        assert_eq!(
            count_prefix("4x Llanowar Elves"),
            Some((4, "Llanowar Elves"))
        );
        assert_eq!(count_prefix("0 Forest"), None);
        assert_eq!(count_prefix("1000 Forest"), None);
        assert_eq!(count_prefix("4Forest"), None);
        assert_eq!(
            without_set_code("Llanowar Elves (DOM) 168"),
            Some("Llanowar Elves")
        );
        assert_eq!(
            without_set_code("Force of Nature (LEA)"),
            Some("Force of Nature")
        );
        assert_eq!(without_set_code("Force of Nature"), None);
        // Found by the deck_list fuzz target: a whitespace character of
        // two bytes (U+0085) before the set code was sliced into.
        assert_eq!(
            without_set_code("Force of Nature\u{85}(LEA)\u{85}12"),
            Some("Force of Nature")
        );
        assert_eq!(without_set_code("Tranquil \u{85}\u{85}"), None);
        let table = CardTable::builtin();
        let d = read("2 Tranquil\u{85}\u{85}ty\n", &table);
        assert!(
            d.findings.iter().any(|f| f.line == Some(1)),
            "{:?}",
            d.findings
        );
    }

    #[test]
    fn reads_crlf_bom_comments_headers_and_sideboards() {
        let table = CardTable::builtin();
        let text = "\u{feff}Deck\r\nKing’s color: G\r\nQueens colour:red # the Queen\r\n// 9 Nonsense\r\n\
                    2x Llanowar Elves [King's Pawns]\r\n2 llanowar  elves [kings pawn]\r\nSB: 1 Fireball\r\n\
                    Sideboard:\r\n1 Nonsense\r\n";
        let d = read(text, &table);
        assert_eq!((d.king, d.queen), (Some('G'), Some('R')));
        assert_eq!(d.entries.len(), 2);
        assert_eq!(d.entries[1].line, 6);
        assert_eq!(d.entries[1].name, "Llanowar Elves");
        assert_eq!(d.findings.len(), 1, "{:?}", d.findings);
        assert_eq!(
            (d.findings[0].rule, d.findings[0].line),
            (Rule::F(5), Some(7))
        );
    }
}
