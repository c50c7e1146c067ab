//! The position: a mailbox with bitboards beside it, attack detection, and
//! applying an action (spec section 6).

use super::types::*;
use crate::zobrist::keys;
use crate::Side;
use crate::{FenError, GamePosition};

/// The mailbox value of an empty square.
pub const EMPTY: u8 = 0xFF;

/// The mailbox code of a piece.
#[inline]
pub const fn code(color: usize, kind: usize) -> u8 {
    (kind << 1 | color) as u8
}

static PIECE_KEYS: [u64; 2 * KINDS * SQUARES] = keys(0x7661_6E67_7561_7264);
const RIGHT_KEYS: [u64; SQUARES] = keys(0x7661_6E67_7269_6768);
const SIDE_KEY: u64 = keys::<1>(0x7661_6E67_7369_6465)[0];

#[inline]
fn piece_key(color: usize, kind: usize, sq: Square) -> u64 {
    PIECE_KEYS[(kind * 2 + color) * SQUARES + sq]
}

/// A Vanguard Chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Piece codes by square ([`EMPTY`] where none).
    pub board: [u8; SQUARES],
    /// Pieces by colour.
    pub by_color: [Board; 2],
    /// Pieces by kind (both colours).
    pub by_kind: [Board; KINDS],
    /// Pawns and Soldiers that still have their initial-move right.
    pub rights: Board,
    /// 0 White, 1 Black.
    pub side: Side,
    /// Plies since the last capture or pawn-class move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
    /// Plies since the last irreversible action (a capture, a forward or
    /// diagonal pawn-class move, a promotion, a lost initial-move right):
    /// the window in which positions can repeat. Sideways steps of Soldiers
    /// and Sergeants reset the 100-ply clock but not this.
    pub reversible: u32,
    /// Zobrist hash of board, rights and side.
    pub hash: u64,
    /// The evaluation's weights (those of the game that read the FEN).
    pub weights: super::eval::Weights,
}

/// Forward along the ranks for a colour.
#[inline]
pub const fn forward(color: usize) -> i32 {
    if color == 0 {
        1
    } else {
        -1
    }
}

/// The rank where a colour's pawn-class pieces promote.
#[inline]
pub const fn far_rank(color: usize) -> i32 {
    if color == 0 {
        SIZE - 1
    } else {
        0
    }
}

/// The lame knight's leg square for vector `(x, y)` from `sq`.
#[inline]
pub fn bowman_leg(sq: Square, x: i32, y: i32) -> Option<Square> {
    if x.abs() == 2 {
        offset(sq, x / 2, 0)
    } else {
        offset(sq, 0, y / 2)
    }
}

impl Position {
    /// An empty board, White to move.
    pub fn empty() -> Position {
        Position {
            board: [EMPTY; SQUARES],
            by_color: [Board::EMPTY; 2],
            by_kind: [Board::EMPTY; KINDS],
            rights: Board::EMPTY,
            side: Side::White,
            halfmove: 0,
            fullmove: 1,
            reversible: 0,
            hash: 0,
            weights: super::eval::Weights::COMPILED,
        }
    }

    /// The piece on `sq` as (colour, kind).
    #[inline]
    pub fn piece(&self, sq: Square) -> Option<(usize, usize)> {
        let c = self.board[sq];
        (c != EMPTY).then_some(((c & 1) as usize, (c >> 1) as usize))
    }

    /// A colour's pieces of one kind.
    #[inline]
    pub fn pieces(&self, color: usize, kind: usize) -> Board {
        self.by_color[color] & self.by_kind[kind]
    }

    /// Every piece.
    #[inline]
    pub fn occupied(&self) -> Board {
        self.by_color[0] | self.by_color[1]
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Square, color: usize, kind: usize) {
        debug_assert_eq!(self.board[sq], EMPTY);
        self.board[sq] = code(color, kind);
        self.by_color[color].set(sq);
        self.by_kind[kind].set(sq);
        self.hash ^= piece_key(color, kind, sq);
    }

    /// Takes the piece off `sq` and returns it.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<(usize, usize)> {
        let (color, kind) = self.piece(sq)?;
        self.board[sq] = EMPTY;
        self.by_color[color].clear(sq);
        self.by_kind[kind].clear(sq);
        self.hash ^= piece_key(color, kind, sq);
        Some((color, kind))
    }

    /// Gives or takes an initial-move right.
    pub fn set_right(&mut self, sq: Square, on: bool) {
        if self.rights.has(sq) != on {
            self.rights.toggle(sq);
            self.hash ^= RIGHT_KEYS[sq];
        }
    }

    /// Sets the side to move (keeping the hash right).
    pub fn set_side(&mut self, side: Side) {
        if self.side != side {
            self.side = side;
            self.hash ^= SIDE_KEY;
        }
    }

    /// The hash recomputed from scratch (tests compare it with the
    /// incremental one).
    pub fn full_hash(&self) -> u64 {
        let mut h = if self.side == Side::Black {
            SIDE_KEY
        } else {
            0
        };
        for sq in 0..SQUARES {
            if let Some((c, k)) = self.piece(sq) {
                h ^= piece_key(c, k, sq);
            }
        }
        for sq in self.rights.iter() {
            h ^= RIGHT_KEYS[sq];
        }
        h
    }

    /// A colour's King square.
    #[inline]
    pub fn king(&self, color: usize) -> Option<Square> {
        self.pieces(color, KING).lowest()
    }

    /// Whether some pseudo-legal action of `by` would capture on `sq`
    /// (spec section 7): leaps, slides, rides, shots, the Lancer's
    /// capture-only moves and the Berserker's moves all count.
    pub fn attacked(&self, sq: Square, by: usize) -> bool {
        let t = tables();
        let theirs = self.by_color[by];
        let leap = |p: usize, kinds: &[usize]| {
            let mut set = Board::EMPTY;
            for &k in kinds {
                set |= self.by_kind[k];
            }
            (t.leaps[p][sq] & set & theirs).any()
        };
        if leap(pattern::KING, &[KING])
            || leap(pattern::KNIGHT, &[KNIGHT])
            || leap(pattern::PRINCE, &[PRINCE])
            || leap(pattern::HELEPOLIS, &[HELEPOLIS])
            || leap(pattern::FALCONER, &[FALCONER])
            || leap(pattern::WIZARD, &[WIZARD])
            || leap(pattern::LION, &[BERSERKER])
            || leap(pattern::N, &[ARCHER, SPY, CHANCELLOR, PRINCESS, LANCER])
        {
            return true;
        }
        let is = |s: Square, kinds: &[usize]| match self.piece(s) {
            Some((c, k)) => c == by && kinds.contains(&k),
            None => false,
        };
        // Forward diagonal captures of pawn-class pieces: from one rank
        // behind `sq` as `by` sees it.
        let back = -forward(by);
        for dx in [-1, 1] {
            if let Some(s) = offset(sq, dx, back) {
                if is(s, &[PAWN, SOLDIER, SERGEANT]) {
                    return true;
                }
            }
        }
        // Orthogonal lines: the first piece met decides.
        for (dx, dy) in ORTHO {
            let mut s = sq;
            let mut d = 0;
            while let Some(n) = offset(s, dx, dy) {
                s = n;
                d += 1;
                let Some((c, k)) = self.piece(s) else {
                    continue;
                };
                if c == by {
                    let hit = match k {
                        QUEEN | ROOK | CHANCELLOR => true,
                        SPY => d <= 2,
                        LANCER => d == 2 || d == 3,
                        GENERAL => d % 2 == 0,
                        // The Sergeant slides forward: it sits behind `sq`.
                        SERGEANT => d <= 3 && dx == 0 && dy == back,
                        _ => false,
                    };
                    if hit {
                        return true;
                    }
                }
                break;
            }
        }
        for (dx, dy) in DIAG {
            let mut s = sq;
            while let Some(n) = offset(s, dx, dy) {
                s = n;
                let Some((c, k)) = self.piece(s) else {
                    continue;
                };
                if c == by && matches!(k, QUEEN | BISHOP | PRINCESS | GENERAL) {
                    return true;
                }
                break;
            }
        }
        for (x, y) in N_STEPS {
            // Nightrider rides and the Lancer's second leap over an empty
            // first landing square.
            let mut s = sq;
            let mut d = 0;
            while let Some(n) = offset(s, -x, -y) {
                s = n;
                d += 1;
                let Some((c, k)) = self.piece(s) else {
                    continue;
                };
                if c == by && (k == NIGHTRIDER || (k == LANCER && d == 2)) {
                    return true;
                }
                break;
            }
            // Bowman at sq - v with an empty leg moves (or captures) onto sq.
            if let Some(b) = offset(sq, -x, -y) {
                if is(b, &[BOWMAN]) && bowman_leg(b, x, y).is_some_and(|o| self.board[o] == EMPTY) {
                    return true;
                }
            }
            // Bowman shot from sq - 2v: leg and landing square empty.
            if let Some(b) = offset(sq, -2 * x, -2 * y) {
                if is(b, &[BOWMAN]) {
                    let clear = |o: Option<Square>| o.is_some_and(|o| self.board[o] == EMPTY);
                    if clear(bowman_leg(b, x, y)) && clear(offset(b, x, y)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The enemy-occupied squares an action captures on: the end square of
    /// a move, the victim of a shot, the Berserker's one or two victims.
    pub fn victims(&self, action: Action) -> [Option<Square>; 2] {
        let enemy = |sq: Square| {
            self.piece(sq)
                .is_some_and(|(c, _)| c != self.side.index())
                .then_some(sq)
        };
        let (from, to, via) = (action.from(), action.to(), action.via());
        match action.kind() {
            ActionKind::Normal => [enemy(to), None],
            ActionKind::ArcherShot | ActionKind::BowmanShot => [enemy(via), None],
            ActionKind::LionDouble if to != from => [enemy(via), enemy(to)],
            ActionKind::LionDouble => [enemy(via), None],
            ActionKind::Swap | ActionKind::Pass => [None, None],
        }
    }
}

impl Position {
    /// Reads a FEN. Never panics: bad input is an error that says what is
    /// wrong.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        super::fen::from_fen(fen)
    }
}

impl GamePosition for Position {
    type Move = Action;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        let us = self.side.index();
        self.king(us).is_some_and(|k| self.attacked(k, 1 - us))
    }

    /// The position after `action`, a pseudo-legal action of the side to
    /// move (spec section 6).
    fn make(&self, action: Action) -> Position {
        let mut p = self.clone();
        let us = self.side.index();
        let them = 1 - us;
        let (from, to) = (action.from(), action.to());
        let mover_kind = self.piece(from).map_or(KING, |(_, k)| k);
        // 1. Captures.
        let mut captured: [Option<(Square, usize)>; 2] = [None, None];
        for (slot, sq) in self.victims(action).into_iter().enumerate() {
            if let Some(sq) = sq {
                captured[slot] = p.remove(sq).map(|(_, k)| (sq, k));
            }
        }
        // 2. Movement.
        match action.kind() {
            ActionKind::Normal | ActionKind::BowmanShot | ActionKind::LionDouble if to != from => {
                if let Some((c, k)) = p.remove(from) {
                    p.put(to, c, k);
                }
            }
            ActionKind::Swap => {
                let a = p.remove(from);
                let b = p.remove(to);
                if let (Some((ca, ka)), Some((cb, kb))) = (a, b) {
                    p.put(to, ca, ka);
                    p.put(from, cb, kb);
                }
            }
            _ => {}
        }
        // 3. Promotion on the far rank, at the start or end square.
        for sq in [from, to] {
            if let Some((c, k)) = p.piece(sq) {
                if pawn_class(k) && rank_of(sq) == far_rank(c) {
                    p.remove(sq);
                    p.put(sq, c, promotion_of(k));
                }
            }
        }
        // 4. Conversions, judged after all captures.
        for &(_, kind) in captured.iter().flatten() {
            let successor = match kind {
                QUEEN => (PRINCESS, QUEEN),
                KING => (PRINCE, KING),
                _ => continue,
            };
            if let Some(sq) = p.pieces(them, successor.0).lowest() {
                p.remove(sq);
                p.put(sq, them, successor.1);
            }
        }
        // 5. Rights, clocks, turn.
        for sq in [
            Some(from),
            Some(to),
            captured[0].map(|c| c.0),
            captured[1].map(|c| c.0),
        ]
        .into_iter()
        .flatten()
        {
            p.set_right(sq, false);
        }
        // The mover is the piece on the start square: the Wizard for a swap.
        let capture = captured.iter().any(Option::is_some);
        p.halfmove = if capture || pawn_class(mover_kind) {
            0
        } else {
            self.halfmove + 1
        };
        let sideways = pawn_class(mover_kind)
            && rank_of(from) == rank_of(to)
            && action.kind() == ActionKind::Normal;
        p.reversible =
            if capture || p.rights != self.rights || (pawn_class(mover_kind) && !sideways) {
                0
            } else {
                self.reversible + 1
            };
        if us == 1 {
            p.fullmove += 1;
        }
        p.set_side(!self.side);
        p
    }

    fn side(&self) -> Side {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn to_fen(&self) -> String {
        super::fen::to_fen(self)
    }
}
