//! The position: both boards as one 162-square mailbox, the side to move,
//! teleport rights, reserves, resurrection counts and clocks; applying a
//! turn; and check (attacks on a Wizard, confrontation).

use super::types::*;
use crate::zobrist::keys;
use crate::Side;
use crate::{FenError, GamePosition};

static PIECE_KEYS: [u64; SQUARES * 64] = keys(0xA3C1_5EED);
const STATE_KEYS: [u64; 64] = keys(0xA3C1_57A7);
const SIDE_KEY: usize = 0;
const TELEPORT_KEY: usize = 1; // + colour
const RESERVE_KEY: usize = 3; // + 16 * colour + 8 * slot + count (0..8)
const DRAGONS_KEY: usize = 35; // + 4 * colour + count (0..3)

/// A full game state (repetition history aside).
#[derive(Clone, Debug)]
pub struct Position {
    /// Piece codes by square ([`EMPTY`] for none).
    pub board: [u8; SQUARES],
    /// 0 White, 1 Black.
    pub side: Side,
    /// Whether each Wizard may still teleport.
    pub teleport: [bool; 2],
    /// Captured pieces waiting for an X square: `[colour][0 Warriors, 1 Eagles]`.
    pub reserve: [[u8; 2]; 2],
    /// Resurrection counts (captured, never resurrected Dragons).
    pub dragons: [u8; 2],
    /// Plies since the last capture or Warrior move.
    pub halfmove: u32,
    /// Move number, +1 after each White turn.
    pub fullmove: u32,
    /// Plies since the last turn no later position can undo (a teleport,
    /// a Dragon's death or resurrection): the repetition window. Captures
    /// do not end it, since captured Warriors and Eagles come back.
    pub reversible: u32,
    /// Zobrist hash of FEN fields 1-5.
    pub hash: u64,
    /// Each Wizard's square.
    pub wizard: [Square; 2],
    /// The evaluation's weights (those of the game that read the FEN).
    pub weights: super::eval::Weights,
}

impl Position {
    /// An empty board, White to move.
    pub fn empty() -> Position {
        Position {
            board: [EMPTY; SQUARES],
            side: Side::White,
            teleport: [false; 2],
            reserve: [[0; 2]; 2],
            dragons: [0; 2],
            halfmove: 0,
            fullmove: 1,
            reversible: 0,
            hash: 0,
            wizard: [SQUARES; 2],
            weights: super::eval::Weights::COMPILED,
        }
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq];
        (c != EMPTY).then_some(Piece(c))
    }

    /// Whether `sq` is empty.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.board[sq] == EMPTY
    }

    /// Whether `sq` exists and is empty.
    #[inline]
    pub fn empty_at(&self, sq: Option<Square>) -> bool {
        sq.is_some_and(|s| self.is_empty(s))
    }

    /// Puts `piece` on `sq`.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq] = piece.0;
        if piece.kind() == WIZARD {
            self.wizard[piece.color()] = sq;
        }
    }

    /// The vacant X squares of `color` for reserve `slot`.
    pub fn vacant_x(
        &self,
        color: usize,
        slot: usize,
    ) -> impl Iterator<Item = (usize, Square)> + '_ {
        X_SQUARES[color][slot]
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, sq)| self.is_empty(sq))
    }

    /// The reserve slot whose piece must be placed as the first leg of
    /// `color`'s turn: a reserve piece with two or more vacant X squares.
    pub fn pending_placement(&self, color: usize) -> Option<usize> {
        (0..2)
            .find(|&slot| self.reserve[color][slot] > 0 && self.vacant_x(color, slot).count() >= 2)
    }

    /// The number of `color`'s questing pieces.
    pub fn questing(&self, color: usize) -> u8 {
        self.board
            .iter()
            .filter(|&&c| c != EMPTY && Piece(c).color() == color && Piece(c).mark() == QUEST)
            .count() as u8
    }

    /// Puts a new reserve piece of `slot` on `sq`.
    pub fn place(&mut self, color: usize, slot: usize, sq: Square) {
        self.reserve[color][slot] -= 1;
        let piece = if slot == 0 {
            Piece::new(color, WARRIOR, FIRST)
        } else {
            Piece::new(color, EAGLE, PLAIN)
        };
        self.put(sq, piece);
    }

    /// Removes the piece on `sq` as a capture: counts a dead Dragon, saves a
    /// Warrior or Eagle captured at home.
    fn capture(&mut self, sq: Square) {
        let v = Piece(self.board[sq]);
        self.board[sq] = EMPTY;
        let owner = v.color();
        if v.kind() == DRAGON && v.mark() != PROMOTED {
            self.dragons[owner] += 1;
        }
        if let Some(slot) = reserve_slot(v.kind()) {
            if saved_on(owner, rank_of(sq)) {
                self.reserve[owner][slot] += 1;
            }
        }
    }

    /// [`Position::apply`] without the hash, for legality tests.
    pub fn apply_unhashed(&self, a: Action) -> Position {
        let mut p = self.clone();
        let us = self.side.index();
        if let Some((slot, idx)) = a.placement() {
            p.place(us, slot, X_SQUARES[us][slot][idx]);
        }
        let (from, to) = (a.from(), a.to());
        let mover = Piece(p.board[from]);
        let mut reset = mover.kind() == WARRIOR && a.kind() != ActionKind::Teleport;
        match a.kind() {
            ActionKind::Teleport => {
                let other = Piece(p.board[to]);
                p.put(from, other);
                p.put(to, mover);
                p.teleport[us] = false;
            }
            ActionKind::Shot => {
                p.capture(a.victim());
                reset = true;
            }
            ActionKind::Swoop | ActionKind::Normal => {
                if !p.is_empty(a.victim()) {
                    p.capture(a.victim());
                    reset = true;
                }
                p.board[from] = EMPTY;
                let mut piece = mover;
                if piece.mark() == FIRST {
                    piece = piece.with_mark(PLAIN);
                }
                piece = match a.suffix() {
                    Suffix::None => piece,
                    Suffix::Promote => match piece.kind() {
                        WARRIOR => Piece::new(us, HERO, PROMOTED),
                        HERO => Piece::new(us, GIANT, PROMOTED),
                        _ => Piece::new(us, PEGASUS, PLAIN),
                    },
                    Suffix::Quest => piece.with_mark(QUEST),
                    Suffix::Resurrect => {
                        p.dragons[us] -= 1;
                        Piece::new(us, DRAGON, PROMOTED)
                    }
                };
                p.put(to, piece);
            }
        }
        // Automatic placements: one vacant X square takes one reserve piece;
        // with none the pieces are held, with several the owner chooses.
        for color in 0..2 {
            for slot in 0..2 {
                if p.reserve[color][slot] > 0 {
                    let only = {
                        let mut vacant = p.vacant_x(color, slot);
                        match (vacant.next(), vacant.next()) {
                            (Some((_, sq)), None) => Some(sq),
                            _ => None,
                        }
                    };
                    if let Some(sq) = only {
                        p.place(color, slot, sq);
                    }
                }
            }
        }
        p.halfmove = if reset { 0 } else { p.halfmove + 1 };
        let lasting = a.kind() == ActionKind::Teleport || p.dragons != self.dragons;
        p.reversible = if lasting { 0 } else { self.reversible + 1 };
        if us == 0 {
            p.fullmove += 1;
        }
        p.side = !self.side;
        p
    }

    /// The hash of everything FEN fields 1-5 hold.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            if c != EMPTY {
                h ^= PIECE_KEYS[sq * 64 + (c as usize & 63)];
            }
        }
        if self.side == Side::Black {
            h ^= STATE_KEYS[SIDE_KEY];
        }
        for color in 0..2 {
            if self.teleport[color] {
                h ^= STATE_KEYS[TELEPORT_KEY + color];
            }
            for slot in 0..2 {
                let n = (self.reserve[color][slot] as usize).min(7);
                h ^= STATE_KEYS[RESERVE_KEY + 16 * color + 8 * slot + n];
            }
            h ^= STATE_KEYS[DRAGONS_KEY + 4 * color + (self.dragons[color] as usize).min(3)];
        }
        h
    }

    /// Whether the piece on `sq` (if any) is an enemy of `color` of `kind`.
    #[inline]
    fn is_enemy(&self, sq: Option<Square>, color: usize, kind: u8) -> bool {
        sq.and_then(|s| self.piece(s))
            .is_some_and(|p| p.color() != color && p.kind() == kind)
    }

    /// Whether `color`'s Wizard is in check: attacked by an enemy piece
    /// (spec section 5's table) or confronting the other Wizard.
    pub fn wizard_in_check(&self, color: usize) -> bool {
        let z = self.wizard[color];
        if z >= SQUARES {
            return false;
        }
        let e = 1 - color;
        for (i, &(df, dr)) in ALL_DIRS.iter().enumerate() {
            let ortho = i < 4;
            // Neighbours: Giant, Wizard, Hero (orthogonal).
            if let Some(s) = shift(z, EARTH, df, dr) {
                if let Some(p) = self.piece(s) {
                    if p.color() == e
                        && (p.kind() == GIANT || p.kind() == WIZARD || (ortho && p.kind() == HERO))
                    {
                        return true;
                    }
                }
            }
            // Lines: the first piece (a Pegasus orthogonally; the other
            // Wizard, confronting), the piece after one screen (a Dragon).
            let mut s = z;
            let mut screens = 0;
            while let Some(n) = shift(s, EARTH, df, dr) {
                s = n;
                if let Some(p) = self.piece(s) {
                    if screens == 0 {
                        if p.color() == e && (p.kind() == WIZARD || (ortho && p.kind() == PEGASUS))
                        {
                            return true;
                        }
                        screens = 1;
                    } else {
                        if p.color() == e && p.kind() == DRAGON {
                            return true;
                        }
                        break;
                    }
                }
            }
            if ortho {
                // A Pegasus landing from the Sky.
                if self.is_enemy(shift(z, SKY, 2 * df, 2 * dr), color, PEGASUS)
                    && self.empty_at(shift(z, SKY, df, dr))
                {
                    return true;
                }
            } else {
                let sky_d = shift(z, SKY, df, dr);
                // Giant's two-step, Archer's shot, Dragon's descent, Eagle's swoop.
                if self.is_enemy(shift(z, EARTH, 2 * df, 2 * dr), color, GIANT)
                    && self.empty_at(shift(z, EARTH, df, dr))
                {
                    return true;
                }
                if self.is_enemy(shift(z, EARTH, 2 * df, 2 * dr), color, ARCHER)
                    && self.empty_at(sky_d)
                {
                    return true;
                }
                if self.is_enemy(sky_d, color, DRAGON) {
                    return true;
                }
                if self.is_enemy(sky_d, color, EAGLE) && self.empty_at(shift(z, SKY, -df, -dr)) {
                    return true;
                }
            }
        }
        self.is_enemy(Some(z + PLANE), color, DRAGON)
            || self.is_enemy(shift(z, EARTH, 0, -forward(e)), color, WARRIOR)
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

    /// The position after the turn `a` (placement leg, action, promotion or
    /// quest, capture consequences, automatic placements), the other side
    /// to move. `a` must come from the move generator.
    fn make(&self, a: Action) -> Position {
        let mut p = self.apply_unhashed(a);
        p.hash = p.compute_hash();
        p
    }

    fn side(&self) -> Side {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn in_check(&self) -> bool {
        self.wizard_in_check(self.side.index())
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
