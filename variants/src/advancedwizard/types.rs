//! Squares, pieces and actions of Advanced Wizard Chess.
//!
//! A square is `81 * board + 9 * rank + file` (Earth = board 0, Sky = board
//! 1; rank and file from 0), so the two boards are 162 squares in one array
//! and "the square above" is `+ 81`.

/// A square index, 0..162.
pub type Square = usize;
/// Squares on both boards.
pub const SQUARES: usize = 162;
/// Squares on one board.
pub const PLANE: usize = 81;

/// The Earth board.
pub const EARTH: usize = 0;
/// The Sky board.
pub const SKY: usize = 1;

/// Piece kinds, in FEN letter order `Z D P A G H W E`.
pub const WIZARD: u8 = 0;
/// Dragon: queen slides and cannon captures on the Earth, short queen in the Sky.
pub const DRAGON: u8 = 1;
/// Pegasus: rook, a Xiangqi-horse hop between the boards.
pub const PEGASUS: u8 = 2;
/// Archer: short orthogonal moves, diagonal shots.
pub const ARCHER: u8 = 3;
/// Giant: king steps and two-square diagonal steps.
pub const GIANT: u8 = 4;
/// Hero: moves diagonally, captures orthogonally.
pub const HERO: u8 = 5;
/// Warrior: the pawn-class piece.
pub const WARRIOR: u8 = 6;
/// Eagle: a Xiangqi horse in the Sky that swoops on the Earth.
pub const EAGLE: u8 = 7;
/// Number of kinds.
pub const KINDS: usize = 8;
/// FEN letters by kind (White's; Black's are lower case).
pub const LETTERS: [char; KINDS] = ['Z', 'D', 'P', 'A', 'G', 'H', 'W', 'E'];

/// Piece marks (FEN section 9).
pub const PLAIN: u8 = 0;
/// `*`: a Warrior's first-move right.
pub const FIRST: u8 = 1;
/// `~`: a Hero or Giant made by promotion, or a resurrected Dragon.
pub const PROMOTED: u8 = 2;
/// `^`: a questing Warrior, Hero or Giant.
pub const QUEST: u8 = 3;

/// A piece: colour (bit 0), kind (bits 1-3), mark (bits 4-5). Squares hold
/// `Option<Piece>`-like codes where 0xFF is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub u8);

impl Piece {
    /// A piece of `color` (0 White, 1 Black).
    pub const fn new(color: usize, kind: u8, mark: u8) -> Piece {
        Piece(color as u8 | kind << 1 | mark << 4)
    }
    /// 0 White, 1 Black.
    pub const fn color(self) -> usize {
        (self.0 & 1) as usize
    }
    /// The kind.
    pub const fn kind(self) -> u8 {
        (self.0 >> 1) & 7
    }
    /// The mark.
    pub const fn mark(self) -> u8 {
        self.0 >> 4
    }
    /// The same piece with another mark.
    pub const fn with_mark(self, mark: u8) -> Piece {
        Piece(self.0 & 0x0F | mark << 4)
    }
}

/// The empty square code.
pub const EMPTY: u8 = 0xFF;

/// Board of a square.
pub const fn board_of(sq: Square) -> usize {
    sq / PLANE
}
/// File of a square, 0..9.
pub const fn file_of(sq: Square) -> i32 {
    (sq % 9) as i32
}
/// Rank of a square, 0..9.
pub const fn rank_of(sq: Square) -> i32 {
    ((sq % PLANE) / 9) as i32
}
/// The square on `board` at (file, rank), if on the board.
pub const fn square(board: usize, file: i32, rank: i32) -> Option<Square> {
    if file < 0 || file > 8 || rank < 0 || rank > 8 {
        None
    } else {
        Some(board * PLANE + rank as usize * 9 + file as usize)
    }
}
/// The square at offset (df, dr) from `sq` on `board` (which may be the
/// other board: `S(x + d)` for an Earth square `x`).
pub const fn shift(sq: Square, board: usize, df: i32, dr: i32) -> Option<Square> {
    square(board, file_of(sq) + df, rank_of(sq) + dr)
}

/// How Advanced Wizard Chess names its squares: the board first.
/// How the game names its squares.
pub const NAMES: crate::SquareNames = crate::SquareNames {
    files: 9,
    ranks: 9,
    boards: &['E', 'S'],
};

/// `Ea5`, `Si9`.
pub fn square_name(sq: Square) -> String {
    NAMES.name(board_of(sq), file_of(sq) as usize, rank_of(sq) as usize)
}

/// Reads `Ea5` (the board letter in either case).
pub fn parse_square(s: &str) -> Option<Square> {
    let (board, file, rank) = NAMES.parse(s)?;
    square(board, file as i32, rank as i32)
}

/// Forward rank step of a colour.
pub const fn forward(color: usize) -> i32 {
    if color == 0 {
        1
    } else {
        -1
    }
}

/// Whether `rank` is in the camp `color` attacks (the enemy camp).
pub const fn in_enemy_camp(color: usize, rank: i32) -> bool {
    if color == 0 {
        rank >= 7
    } else {
        rank <= 1
    }
}

/// The enemy's last row for `color`.
pub const fn enemy_last_row(color: usize) -> i32 {
    if color == 0 {
        8
    } else {
        0
    }
}

/// Whether a Warrior or Eagle of `color` captured on `rank` goes to the
/// reserve (own territory or No Man's Land).
pub const fn saved_on(color: usize, rank: i32) -> bool {
    if color == 0 {
        rank <= 4
    } else {
        rank >= 4
    }
}

/// X squares by colour and reserve kind (0 Warriors on the Earth, 1 Eagles
/// in the Sky).
pub const X_SQUARES: [[&[Square]; 2]; 2] = [
    [&[10, 11, 15, 16], &[81, 85, 89]],
    [&[64, 65, 69, 70], &[153, 157, 161]],
];

/// The reserve slot of a kind (Warriors 0, Eagles 1).
pub const fn reserve_slot(kind: u8) -> Option<usize> {
    match kind {
        WARRIOR => Some(0),
        EAGLE => Some(1),
        _ => None,
    }
}

/// Orthogonal directions.
pub const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Diagonal directions.
pub const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// All eight directions.
pub const ALL_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// What an action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A move or capture ending on `to` (launches, descents, landings too).
    Normal = 0,
    /// An Archer's shot at `victim`; the Archer stays.
    Shot = 1,
    /// An Eagle's swoop at `victim`, ending on `to`.
    Swoop = 2,
    /// The Wizard's teleport with the friendly piece on `to`.
    Teleport = 3,
}

/// What happens to the moved piece at the end of its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suffix {
    /// Nothing.
    None = 0,
    /// Promotion to the next piece (Warrior to Hero, ...).
    Promote = 1,
    /// A quest declared, not on the last row.
    Quest = 2,
    /// A questing piece (or a quest declared on the last row) becomes a Dragon.
    Resurrect = 3,
}

/// One whole turn: an optional placement leg and one action, packed in 32
/// bits: from (8), to (8), victim (8), kind (2), suffix (2), placement: the
/// index of the X square in its side's list plus one (3 bits; 0 = none) and
/// its reserve slot (1 bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action(pub u32);

impl Action {
    /// "No action".
    pub const NONE: Action = Action(u32::MAX);

    /// An action without a placement leg.
    pub const fn new(from: Square, to: Square, victim: Square, kind: ActionKind) -> Action {
        Action(from as u32 | (to as u32) << 8 | (victim as u32) << 16 | (kind as u32) << 24)
    }
    /// A move or capture to `to` (the victim, if any, stands on `to`).
    pub const fn normal(from: Square, to: Square) -> Action {
        Action::new(from, to, to, ActionKind::Normal)
    }
    /// The same action with a suffix.
    pub const fn with_suffix(self, s: Suffix) -> Action {
        Action(self.0 & !(3 << 26) | (s as u32) << 26)
    }
    /// The same action preceded by placing a reserve piece of `slot` on the
    /// `index`-th X square.
    pub const fn with_placement(self, slot: usize, index: usize) -> Action {
        Action(self.0 & !(0xF << 28) | ((index as u32 + 1) << 28) | (slot as u32) << 31)
    }
    /// Start square.
    pub const fn from(self) -> Square {
        (self.0 & 0xFF) as Square
    }
    /// End square (the piece exchanged, for a teleport; the Archer's own
    /// square, for a shot).
    pub const fn to(self) -> Square {
        ((self.0 >> 8) & 0xFF) as Square
    }
    /// The square of the captured piece (shots and swoops), or `to`.
    pub const fn victim(self) -> Square {
        ((self.0 >> 16) & 0xFF) as Square
    }
    /// The action's kind.
    pub const fn kind(self) -> ActionKind {
        match (self.0 >> 24) & 3 {
            0 => ActionKind::Normal,
            1 => ActionKind::Shot,
            2 => ActionKind::Swoop,
            _ => ActionKind::Teleport,
        }
    }
    /// The suffix.
    pub const fn suffix(self) -> Suffix {
        match (self.0 >> 26) & 3 {
            0 => Suffix::None,
            1 => Suffix::Promote,
            2 => Suffix::Quest,
            _ => Suffix::Resurrect,
        }
    }
    /// The placement leg: (reserve slot, X square index), if any.
    pub const fn placement(self) -> Option<(usize, usize)> {
        let i = (self.0 >> 28) & 7;
        if i == 0 {
            None
        } else {
            Some(((self.0 >> 31) as usize, i as usize - 1))
        }
    }
}

crate::impl_move_code!(Action(u32), Action::NONE);
