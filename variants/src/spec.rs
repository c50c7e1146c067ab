//! What a game says about itself, as data: its names, start position,
//! boards, pieces, marks, hints, move numbering and bench positions. Every
//! front end (the protocols, the command line, the match runner, the page)
//! reads a game through its [`GameSpec`], reached from the game value
//! ([`crate::Rules::spec`]), so that a game whose rules are data (read from
//! a file) describes itself the same way as one written in Rust.

use crate::board_field::BoardShape;
use crate::{Side, SquareNames};

/// How a piece is drawn: one of the six standard chess figures, or a
/// shape of its own (an index into the page's fairy shapes) with its
/// letter written on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// ♚
    King,
    /// ♛
    Queen,
    /// ♜
    Rook,
    /// ♝
    Bishop,
    /// ♞
    Knight,
    /// ♟
    Pawn,
    /// A fairy shape: the game numbers its fairy pieces from 0 so that no
    /// two of them look alike.
    Shape(u8),
}

impl Figure {
    /// The Unicode chess symbol of a standard figure (the black one, which
    /// a drawing fills with either side's colour); `None` for a shape.
    pub fn glyph(self) -> Option<char> {
        match self {
            Figure::King => Some('\u{265A}'),
            Figure::Queen => Some('\u{265B}'),
            Figure::Rook => Some('\u{265C}'),
            Figure::Bishop => Some('\u{265D}'),
            Figure::Knight => Some('\u{265E}'),
            Figure::Pawn => Some('\u{265F}'),
            Figure::Shape(_) => None,
        }
    }

    /// The number of a fairy shape; `None` for a standard figure.
    pub fn shape(self) -> Option<u8> {
        match self {
            Figure::Shape(n) => Some(n),
            _ => None,
        }
    }
}

/// One kind of piece of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// Its FEN letter, upper case (White's).
    pub letter: char,
    /// Its name for players.
    pub name: String,
    /// Its moves in Betza notation, where the notation can say them all
    /// (XBoard draws them from it); `None` for pieces with moves of their
    /// own kind (shots, spells, swaps) beyond the notation.
    pub betza: Option<String>,
    /// How it is drawn.
    pub figure: Figure,
    /// Whether losing it loses the game (a king).
    pub royal: bool,
}

/// One board of a game.
#[derive(Clone, Debug)]
pub struct BoardSpec {
    /// Its size and what its FEN field may hold.
    pub shape: BoardShape,
    /// Its title above the drawing (`Earth`, `Level 2`); empty for a game
    /// of one board.
    pub title: String,
}

/// What a game says about itself.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// The identifier the protocols and the command line use (`chess`).
    pub id: String,
    /// The name for players (`Magician Chess`); a PGN's `Variant` tag.
    pub name: String,
    /// Other names it answers to, in any case (`standard`, `normal`).
    pub aliases: Vec<String>,
    /// The FEN of the start position.
    pub start_fen: String,
    /// How squares are named (`e4`, `p16`, `Ea5`, `2d4`).
    pub squares: SquareNames,
    /// The boards of the FEN's board field, in order (joined by `|`).
    pub boards: Vec<BoardSpec>,
    /// Every kind of piece, in the order a legend lists them.
    pub pieces: Vec<PieceSpec>,
    /// Squares a drawing marks in every position, by name, and why
    /// (Advanced Wizard's X squares, where captured Warriors and Eagles
    /// come back).
    pub marked: Vec<String>,
    /// What the marked squares are, for a tooltip.
    pub marked_title: String,
    /// Palace squares a drawing tints (xiangqi's and janggi's palaces: the
    /// squares their generals may not leave).
    pub palace: Vec<String>,
    /// Lines a drawing runs between square centres, by the squares'
    /// names (the palaces' diagonals).
    pub lines: Vec<(String, String)>,
    /// The ranks below a river a drawing runs across the board (xiangqi's,
    /// which its elephants may not cross), if there is one.
    pub river: Option<u32>,
    /// White's letters of the pieces a side may always drop, no hand
    /// holding them (ataxx's clones): a drawing offers them in each
    /// pocket, without a count.
    pub free_drops: Vec<char>,
    /// Marks that may follow a piece letter in the FEN, and what each
    /// means (`*`: may make its first move).
    pub marks: Vec<(char, String)>,
    /// How to enter the moves a newcomer cannot guess (spells, shots,
    /// placements, sub-moves); empty when plain moves are all.
    pub hint: String,
    /// What the letters after a move's squares mean, where they are not
    /// a piece to promote to (`x`: the piece falls; `q`: a quest), and the
    /// bare move (`""`) where a chooser offers it beside them: the words a
    /// chooser shows.
    pub choices: Vec<(String, String)>,
    /// The side whose turn starts a move number (White; Black in Advanced
    /// Wizard Chess, where Black moves first).
    pub numbering: Side,
    /// Positions `arcana bench` searches: a fixed list, so that the node
    /// count is a signature of the search.
    pub bench_fens: Vec<String>,
    /// Whether Chess960 castling notation applies (`UCI_Chess960`).
    pub chess960: bool,
    /// Whether a letter after a move off its side's first rank puts that
    /// piece from the hand on the square left (S-chess's gating), rather
    /// than promoting: the chooser's words.
    pub gating: bool,
    /// Whether the game's one wall moves on each turn (duck chess's duck):
    /// a drawing shows it as a piece of its own rather than a hole.
    pub moving_wall: bool,
    /// The rules as Arcana plays them, in Markdown (`docs/rules/`); empty
    /// where [`GameSpec::rules_link`] points to them.
    pub rules_markdown: String,
    /// Where the rules are published, when Arcana has no text of its own.
    pub rules_link: String,
}

impl GameSpec {
    /// A spec with the given names, start position and boards, and
    /// nothing else yet (no pieces, no marks, White numbering, the start
    /// position as the only bench position).
    pub fn new(id: &str, name: &str, start_fen: &str, squares: SquareNames) -> GameSpec {
        GameSpec {
            id: id.to_string(),
            name: name.to_string(),
            aliases: Vec::new(),
            start_fen: start_fen.to_string(),
            squares,
            boards: Vec::new(),
            pieces: Vec::new(),
            marked: Vec::new(),
            marked_title: String::new(),
            palace: Vec::new(),
            lines: Vec::new(),
            river: None,
            free_drops: Vec::new(),
            marks: Vec::new(),
            hint: String::new(),
            choices: Vec::new(),
            numbering: Side::White,
            bench_fens: vec![start_fen.to_string()],
            chess960: false,
            gating: false,
            moving_wall: false,
            rules_markdown: String::new(),
            rules_link: String::new(),
        }
    }

    /// The boards' shapes, in order.
    pub fn shapes(&self) -> Vec<BoardShape> {
        self.boards.iter().map(|b| b.shape).collect()
    }

    /// The piece of a letter, in either case.
    pub fn piece(&self, letter: char) -> Option<&PieceSpec> {
        let upper = letter.to_ascii_uppercase();
        self.pieces.iter().find(|p| p.letter == upper)
    }

    /// Whether `name` names this game: its id, its name or an alias, in
    /// any case, spaces around ignored.
    pub fn answers_to(&self, name: &str) -> bool {
        let name = name.trim();
        name.eq_ignore_ascii_case(&self.id)
            || name.eq_ignore_ascii_case(&self.name)
            || self.aliases.iter().any(|a| name.eq_ignore_ascii_case(a))
    }

    /// The move number written before a turn, as PGN and the page write
    /// it: `Some("12.")` before White's turn and `Some("12...")` before
    /// Black's where Black's turn opens a number (the game's first turn,
    /// or a turn of the side that starts move numbers); `None` where the
    /// number was already written. `number` is the position's move number
    /// (the FEN's last field), `first` whether the turn opens the list.
    pub fn move_number(&self, side: Side, number: u32, first: bool) -> Option<String> {
        match side {
            Side::White => Some(format!("{number}.")),
            Side::Black if first || self.numbering == Side::Black => Some(format!("{number}...")),
            Side::Black => None,
        }
    }
}

/// A piece of a built-in game, for the games' own spec tables.
pub(crate) fn piece(letter: char, name: &str, betza: Option<&str>, figure: Figure) -> PieceSpec {
    PieceSpec {
        letter,
        name: name.to_string(),
        betza: betza.map(str::to_string),
        figure,
        royal: false,
    }
}

/// One board of a built-in game.
pub(crate) fn board(shape: BoardShape, title: &str) -> BoardSpec {
    BoardSpec {
        shape,
        title: title.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_follow_the_side_that_starts_them() {
        let mut spec = GameSpec::new("x", "X", "8/8 w - - 0 1", SquareNames::single(8, 8));
        assert_eq!(
            spec.move_number(Side::White, 3, false).as_deref(),
            Some("3.")
        );
        assert_eq!(spec.move_number(Side::Black, 3, false), None);
        assert_eq!(
            spec.move_number(Side::Black, 3, true).as_deref(),
            Some("3...")
        );
        spec.numbering = Side::Black;
        assert_eq!(
            spec.move_number(Side::Black, 2, false).as_deref(),
            Some("2...")
        );
        assert!(spec.answers_to(" X "));
        assert!(!spec.answers_to("y"));
    }
}
