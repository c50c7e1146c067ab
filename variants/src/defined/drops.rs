//! Pockets and drops: the rules of a game whose pieces can come from a
//! hand (Fairy-Stockfish's `pieceDrops` family of keys), read from a
//! section once, and where a piece in hand may be put.

use super::piece::{Board, WIDTH};
use super::position::Position;

/// The keys of the drop rules (see [`DropRules`]).
pub const KEYS: &[&str] = &[
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropChecks",
    "dropRegionWhite",
    "dropRegionBlack",
    "whiteDropRegion",
    "blackDropRegion",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "shogiPawnDropMateIllegal",
    "dropPromoted",
    "mustDrop",
    "mustDropType",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "sittuyinRookDrop",
    "twoBoards",
    "gating",
    "seirawanGating",
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "freeDrops",
];

/// Where a drop may go by the pieces around it (`enclosingDrop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosing {
    /// Anywhere its other rules allow.
    None,
    /// Closing a line of enemy pieces against one of its side's
    /// (`reversi`: Othello).
    Reversi,
    /// On the first rank or on a piece (`top`: Connect Four's columns).
    Top,
    /// Next to no enemy piece on a file or rank (`snort`).
    Snort,
    /// Pushed in from an edge: on each rank and file whose edge square is
    /// empty, the empty square nearest the edge before a piece, or the far
    /// edge's (`anyside`).
    Anyside,
    /// Next to one of its side's pieces, in any of the eight directions
    /// (`ataxx`: a piece cloned beside its parent).
    Ataxx,
}

/// Which enemy pieces change sides after a move or drop
/// (`flipEnclosedPieces`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// None.
    None,
    /// The lines of them a piece closes against one of its side's
    /// (`reversi`: Othello).
    Reversi,
    /// Every one next to the square moved or dropped to (`ataxx`).
    Ataxx,
    /// The same, after a move, or after a drop next to one of its side's
    /// pieces (`quadwrangle`).
    Quadwrangle,
}

/// How pieces go into hands and come out of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropRules {
    /// Whether pieces in hand may be dropped (`pieceDrops`): the game has
    /// pockets, written `[...]` after the FEN's board.
    pub enabled: bool,
    /// Whether a captured piece goes to the capturer's hand
    /// (`capturesToHand`).
    pub captures_to_hand: bool,
    /// Whether a promoted piece stays what it became when captured
    /// (`dropLoop`); else it goes to hand as the pawn it was.
    pub drop_loop: bool,
    /// Whether pawns may be dropped on their side's first rank.
    pub first_rank_pawn_drops: bool,
    /// Whether pawns may be dropped in their promotion region.
    pub promotion_zone_pawn_drops: bool,
    /// Whether a drop may give check (`dropChecks`).
    pub drop_checks: bool,
    /// `[side]`: where its pieces may be dropped.
    pub region: [Board; 2],
    /// A type that may not be dropped on a file holding
    /// `no_doubled_count` of its side's pieces of that type already
    /// (`dropNoDoubled`, shogi's pawns).
    pub no_doubled: Option<usize>,
    /// How many on a file forbid the drop (`dropNoDoubledCount`).
    pub no_doubled_count: u32,
    /// Whether a piece in hand may also be dropped as what it promotes to
    /// (`dropPromoted`).
    pub drop_promoted: bool,
    /// The shogi pawn's type where mating by dropping one is illegal
    /// (`shogiPawnDropMateIllegal`): the side so mated wins, as
    /// Fairy-Stockfish scores it.
    pub pawn_drop_mate: Option<usize>,
    /// `[side]`: the type a promoted piece goes back to in hand (the
    /// first of the promoting pawn types: Fairy-Stockfish's main
    /// promotion pawn type).
    pub unpromoted: [Option<usize>; 2],
    /// Whether a side holding a piece of `must_drop_type` must drop one
    /// while it can (`mustDrop`: the setup phases of placement chess and
    /// sittuyin).
    pub must_drop: bool,
    /// The type `mustDrop` is about (`mustDropType`; `None`: any piece in
    /// hand, and then a drop of any of them).
    pub must_drop_type: Option<usize>,
    /// The bishop's type where a side's bishops must end on squares of
    /// both colours (`dropOppositeColoredBishop`).
    pub opposite_bishops: Option<usize>,
    /// Whether a king or rook dropped on its castling square gains the
    /// castling right (`castlingDroppedPiece`).
    pub castling_dropped: bool,
    /// The rook's type where rooks may be dropped only on their side's
    /// first rank (`sittuyinRookDrop`).
    pub rook_first_rank: Option<usize>,
    /// Whether the pockets are filled from a partner's board (`twoBoards`,
    /// bughouse): on one board they hold only what the position says, and
    /// promoted pieces are marked (they go to the partner as pawns).
    pub two_boards: bool,
    /// Whether the FEN's castling field keeps the squares of the castling
    /// rank whose pieces have not moved (`gating`).
    pub gating: bool,
    /// Whether a piece leaving such a square may put a piece from the
    /// hand on it (`seirawanGating`: S-chess).
    pub seirawan_gating: bool,
    /// Where a drop may go by the pieces around it (`enclosingDrop`).
    pub enclosing: Enclosing,
    /// Where drops go while any of these squares is empty, enclosing or
    /// not (`enclosingDropStart`: Othello's centre).
    pub enclosing_start: Board,
    /// Which enemy pieces change sides (`flipEnclosedPieces`).
    pub flip: Flip,
    /// Whether every type but the king may always be dropped, no hand
    /// holding them (`freeDrops`: ataxx's clones; the FEN has no hand).
    pub free: bool,
}

impl Default for DropRules {
    fn default() -> DropRules {
        DropRules {
            enabled: false,
            captures_to_hand: false,
            drop_loop: false,
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            drop_checks: true,
            region: [Board::FULL; 2],
            no_doubled: None,
            no_doubled_count: 1,
            drop_promoted: false,
            pawn_drop_mate: None,
            unpromoted: [None; 2],
            must_drop: false,
            must_drop_type: None,
            opposite_bishops: None,
            castling_dropped: false,
            rook_first_rank: None,
            two_boards: false,
            gating: false,
            seirawan_gating: false,
            enclosing: Enclosing::None,
            enclosing_start: Board::EMPTY,
            flip: Flip::None,
            free: false,
        }
    }
}

impl DropRules {
    /// Whether the game has pockets (`[...]` in its FEN): pieces are
    /// dropped or gated from them.
    pub fn pockets(&self) -> bool {
        (self.enabled && !self.free) || self.seirawan_gating
    }

    /// Whether a position of the game writes a hand (`[...]`) and the `~`
    /// of promoted pieces.
    pub fn writes_promoted(&self) -> bool {
        (self.captures_to_hand && !self.drop_loop) || self.two_boards
    }
}

/// The empty squares where `side` may drop a piece of type `t` (whether
/// it holds one is not asked): the side's region, less the first rank and
/// the promotion region for the game's pawn where the rules say so, less
/// the files already holding enough of a no-doubled type.
pub fn drop_squares(pos: &Position, side: usize, t: usize) -> Board {
    drop_region(pos, side, t) & !pos.occupied() & !pos.holes
}

/// The squares where `side` may put a piece of type `t` from its hand,
/// empty or not (a gate is the square its piece leaves).
pub fn drop_region(pos: &Position, side: usize, t: usize) -> Board {
    let def = pos.def;
    let rules = &def.drops;
    let mut b = rules.region[side] & def.board & def.mobility.region(t, side);
    let first_rank = || rank_squares(if side == 0 { 0 } else { def.ranks - 1 });
    if Some(t) == def.pawn {
        if !rules.promotion_zone_pawn_drops {
            b &= !def.promotion_region[side];
        }
        if !rules.first_rank_pawn_drops {
            b &= !first_rank();
        }
    }
    if rules.rook_first_rank == Some(t) {
        b &= first_rank();
    }
    if rules.enclosing != Enclosing::None {
        if (rules.enclosing_start & !pos.occupied()).any() {
            b &= rules.enclosing_start;
        } else {
            b = match rules.enclosing {
                Enclosing::Reversi => b
                    .iter()
                    .filter(|&s| !enclosed(pos, side, s).is_empty())
                    .collect(),
                Enclosing::Top => {
                    let below_filled = pos
                        .occupied()
                        .iter()
                        .filter_map(|s| def.square(s as i32 % WIDTH, s as i32 / WIDTH + 1))
                        .collect::<Board>();
                    b & (below_filled | rank_squares(0))
                }
                Enclosing::Snort => {
                    let theirs = pos.by_side[1 - side];
                    b.iter()
                        .filter(|&s| {
                            let (f, r) = (s as i32 % WIDTH, s as i32 / WIDTH);
                            [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().all(|&(df, dr)| {
                                def.square(f + df, r + dr).is_none_or(|x| !theirs.has(x))
                            })
                        })
                        .collect()
                }
                // Fairy-Stockfish starts afresh here: no other rule's
                // squares are asked, before or after.
                Enclosing::Anyside => return anyside(pos),
                Enclosing::Ataxx => {
                    let near = pos.by_side[side]
                        .iter()
                        .fold(Board::EMPTY, |n, s| n | def.around[s]);
                    b & near
                }
                Enclosing::None => b,
            };
        }
    }
    if rules.no_doubled == Some(t) {
        let mine = pos.pieces(side, t);
        for f in 0..def.files {
            let file = file_squares(f);
            if (mine & file).count() >= rules.no_doubled_count {
                b &= !file;
            }
        }
    }
    b
}

/// Whether a side holding pieces it must drop (`mustDrop`) has to drop
/// one now rather than move: `side` holds one of the type.
pub fn must_drop(pos: &Position, side: usize) -> bool {
    let rules = &pos.def.drops;
    rules.must_drop
        && match rules.must_drop_type {
            Some(t) => pos.in_hand(side, t) > 0,
            None => (0..pos.def.pieces.len()).any(|t| pos.in_hand(side, t) > 0),
        }
}

/// Whether dropping a piece of type `t` on `to` still lets `side` end
/// with as many bishops on dark squares as on light ones
/// (`dropOppositeColoredBishop`; Fairy-Stockfish's count: half the
/// bishops, on the board and in hand, rounded down, on each colour).
pub fn bishops_allow(pos: &Position, side: usize, t: usize, to: usize) -> bool {
    let Some(bishop) = pos.def.drops.opposite_bishops else {
        return true;
    };
    let bishops = pos.pieces(side, bishop);
    let total = bishops.count() + u32::from(pos.in_hand(side, bishop));
    let dark = |s: usize| (s % WIDTH as usize + s / WIDTH as usize).is_multiple_of(2);
    let on = |b: &Board, d: bool| b.iter().filter(|&s| dark(s) == d).count() as u32;
    if t == bishop {
        on(&bishops, dark(to)) < total.div_ceil(2)
    } else {
        let mut room = drop_squares(pos, side, bishop);
        room.clear(to);
        let places = bishops | room;
        on(&places, true) >= total / 2 && on(&places, false) >= total / 2
    }
}

/// The enemy pieces a piece of `side` on `s` encloses: each unbroken line
/// of them, in each of the eight directions, that a piece of `side` ends.
pub fn enclosed(pos: &Position, side: usize, s: usize) -> Board {
    let def = pos.def;
    let (file, rank) = (s as i32 % WIDTH, s as i32 / WIDTH);
    let mut out = Board::EMPTY;
    for (df, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let mut line = Board::EMPTY;
        let (mut f, mut r) = (file + df, rank + dr);
        while let Some(x) = def.square(f, r).filter(|&x| !pos.holes.has(x)) {
            match pos.piece(x) {
                Some((owner, _)) if owner != side => line.set(x),
                Some(_) => {
                    out |= line;
                    break;
                }
                None => break,
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// The squares `anyside` allows: from each edge, on each line whose
/// edge square is empty, the first empty square (counted from the
/// board's first file or rank) whose neighbour away from that edge holds
/// a piece, or else the line's last square, as Fairy-Stockfish finds them.
fn anyside(pos: &Position) -> Board {
    let def = pos.def;
    let occupied = pos.occupied();
    let (files, ranks) = (def.files, def.ranks);
    let empty = |f: i32, r: i32| def.square(f, r).is_some_and(|s| !occupied.has(s));
    let filled = |f: i32, r: i32| def.square(f, r).is_some_and(|s| occupied.has(s));
    let mut out = Board::EMPTY;
    let mut first = |cells: &mut dyn Iterator<Item = (i32, i32)>, ok: &dyn Fn(i32, i32) -> bool| {
        for (f, r) in cells {
            if empty(f, r) && ok(f, r) {
                if let Some(s) = def.square(f, r) {
                    out.set(s);
                }
                break;
            }
        }
    };
    for r in 0..ranks {
        // From the first file: a square before a piece, or the last file.
        if empty(0, r) {
            first(&mut (0..files).map(|f| (f, r)), &|f, r| {
                filled(f + 1, r) || f == files - 1
            });
        }
    }
    for f in 0..files {
        if empty(f, 0) {
            first(&mut (0..ranks).map(|r| (f, r)), &|f, r| {
                filled(f, r + 1) || r == ranks - 1
            });
        }
    }
    for f in 0..files {
        if empty(f, ranks - 1) {
            first(&mut (0..ranks).map(|r| (f, r)), &|f, r| {
                filled(f, r - 1) || r == 0
            });
        }
    }
    for r in 0..ranks {
        if empty(files - 1, r) {
            first(&mut (0..files).map(|f| (f, r)), &|f, r| {
                filled(f - 1, r) || f == 0
            });
        }
    }
    out
}

fn rank_squares(rank: i32) -> Board {
    (0..WIDTH).map(|f| (rank * WIDTH + f) as usize).collect()
}

fn file_squares(file: i32) -> Board {
    (0..WIDTH).map(|r| (r * WIDTH + file) as usize).collect()
}
