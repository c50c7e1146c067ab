//! Walls placed by moves (Fairy-Stockfish's `wallingRule`): after its
//! move a side puts a wall on an empty square of its walling region:
//! anywhere (`static`: isolation), where its piece reaches from where it
//! landed (`arrow`: the Game of the Amazons), on the square it left
//! (`past`: snailtrail, joust), on the board's edge or beside a wall
//! (`edge`), or moves the one wall, the duck, to another square (`duck`:
//! duck chess). With `wallOrMove` a side either moves or walls (a pass
//! that puts a wall). A wall is a hole made in play: no piece stands on it
//! or passes it.

use super::def::GameDef;
use super::piece::{Board, WIDTH};
use super::position::{Kind, Move, Position};

/// The keys of the walling rules (see [`Walling`]).
pub const KEYS: &[&str] = &[
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
];

/// Where a move's wall may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallRule {
    /// Where the moved piece could move from where it landed (amazons).
    Arrow,
    /// Anywhere: the walls already standing are lifted first, so there is
    /// one wall, the duck, and it must move.
    Duck,
    /// On the board's outer files and ranks, or beside a wall (a file or
    /// rank step away).
    Edge,
    /// On the square the piece left.
    Past,
    /// On any empty square.
    Static,
}

impl WallRule {
    /// The rule a `wallingRule` value names (`none` and unknown: `None`,
    /// the caller tells which).
    pub fn parse(value: &str) -> Option<Option<WallRule>> {
        Some(match value {
            "none" => None,
            "arrow" => Some(WallRule::Arrow),
            "duck" => Some(WallRule::Duck),
            "edge" => Some(WallRule::Edge),
            "past" => Some(WallRule::Past),
            "static" => Some(WallRule::Static),
            _ => return None,
        })
    }
}

/// A game's walling rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walling {
    /// Where walls go (None: the game has no walls).
    pub rule: Option<WallRule>,
    /// `[side]`: the squares it may wall.
    pub region: [Board; 2],
    /// Whether a side either moves or walls, never both (`wallOrMove`).
    pub or_move: bool,
}

impl Walling {
    /// Whether move `m` puts a wall: every move in a walling game, only
    /// the pass that stands for walling where a side moves or walls.
    #[inline]
    pub fn walls(&self, m: Move) -> bool {
        self.rule.is_some() && (!self.or_move || m.kind() == Kind::Pass)
    }
}

/// The squares the side to move may wall after the legal move `m` (one
/// that walls, see [`Walling::walls`]): empty after it, not walls, in
/// its region, and where the rule allows.
pub fn squares(pos: &Position, m: Move) -> Board {
    let def: &GameDef = pos.def;
    let Some(rule) = def.walling.rule else {
        return Board::EMPTY;
    };
    let us = pos.side.index();
    let (from, to) = (m.from(), m.to());
    // The squares occupied once the move is made.
    let mut occupied = pos.occupied();
    if m.kind() != Kind::Pass {
        occupied.clear(from);
        occupied.set(to);
        match m.kind() {
            Kind::EnPassant => {
                if let Some(s) = super::movegen::capture_square(pos, to) {
                    occupied.clear(s);
                }
            }
            Kind::Castling => {
                if let Some(rook) = super::movegen::castling_rook(pos, m) {
                    occupied.clear(rook);
                    occupied.set(super::movegen::rook_to(to, m.promo()));
                }
            }
            _ => {}
        }
    }
    let mut free = def.board.and_not(occupied).and_not(pos.holes) & def.walling.region[us];
    match rule {
        WallRule::Arrow => {
            // The piece's quiet moves from where it landed, as the type it
            // was, with its origin emptied (a castling's from the rook's
            // square: Fairy-Stockfish's move of the king to its rook).
            let t = pos.piece(from).map_or(0, |(_, t)| t);
            let blockers = pos.occupied().and_not(Board::single(from));
            let origin = super::movegen::castling_rook(pos, m).unwrap_or(to);
            free &= super::movegen::quiet_reach_among(pos, us, t, origin, &blockers);
        }
        WallRule::Past => free &= Board::single(from),
        WallRule::Edge => {
            // The outer files and ranks, and the squares a file or rank
            // step from a wall (the walls are few: walked, not the board).
            let (files, ranks) = (def.files, def.ranks);
            let mut edge: Board = (0..files)
                .flat_map(|f| [(f, 0), (f, ranks - 1)])
                .chain((0..ranks).flat_map(|r| [(0, r), (files - 1, r)]))
                .filter_map(|(f, r)| def.square(f, r))
                .collect();
            for h in pos.holes.iter() {
                let (f, r) = (h as i32 % WIDTH, h as i32 / WIDTH);
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if let Some(n) = def.square(f + df, r + dr) {
                        edge.set(n);
                    }
                }
            }
            free &= edge;
        }
        WallRule::Duck | WallRule::Static => {}
    }
    free
}

/// Puts the wall of `m` (made from `pos` into `p`): the duck's old square
/// is freed first.
pub fn place(pos: &Position, p: &mut Position, m: Move) {
    if !pos.def.walling.walls(m) {
        return;
    }
    if pos.def.walling.rule == Some(WallRule::Duck) {
        for s in pos.holes.iter() {
            p.remove_wall(s);
        }
    }
    p.add_wall(m.wall());
}
