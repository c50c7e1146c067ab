//! A position of a defined game: a mailbox of the 16x16 grid with a set of
//! squares per side and per piece type, the holes, castling rooks, en
//! passant squares and clocks; FEN in and out; the position after a move.

use super::def::GameDef;
use super::piece::{Board, WIDTH};
use crate::board_field::{self, Cell};
use crate::{FenError, Side};
use std::sync::atomic::{AtomicU8, Ordering};

/// The most piece types a defined game may have: each has its own letter
/// (a-z, either case), so 26.
pub const MAX_TYPES: usize = 26;

/// The most pieces of one type a hand holds (a FEN may ask for more).
const MAX_IN_HAND: u8 = 200;

/// The board byte's mark of a piece that a promotion made: taken into a
/// hand, it goes back as what it promoted from (Fairy-Stockfish's `~`).
pub const PROMOTED: u8 = 0x40;

/// The board byte's type bits.
const TYPE_BITS: u8 = 0x3f;

/// What a move does beyond moving a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// A move, taking what stands on the destination.
    Normal = 0,
    /// A pawn's move that promotes (the new type in `promo`).
    Promotion = 1,
    /// A capture en passant.
    EnPassant = 2,
    /// Castling: the king's move (`promo`: 0 king's side, 1 queen's side).
    Castling = 3,
    /// A piece from the hand put on an empty square (`promo`: its type;
    /// `from` is the square too, since no square is left).
    Drop = 4,
    /// A move that promotes the piece shogi-style (to its
    /// `promotedPieceType`).
    PiecePromotion = 5,
    /// A move that turns a promoted piece back into its type
    /// (`pieceDemotion`).
    PieceDemotion = 6,
    /// A pass (`pass`, `passOnStalemate`): nothing moves. `from` and `to`
    /// are the side's first piece's square, as Fairy-Stockfish writes it
    /// (`a1a1`).
    Pass = 7,
}

/// The bit of a drop as the promoted type.
const PROMOTED_DROP: u32 = 1 << 25;
/// Where a walling game's move keeps its wall's square (games with walls
/// have no drops and no gating, whose bits these are elsewhere).
const WALL_SHIFT: u32 = 24;
/// Where a move's gated type is kept (plus one; 0 for no gating).
const GATE_SHIFT: u32 = 26;
/// The bit of a castling that gates on the rook's square (else on the
/// king's).
const GATE_AT_ROOK: u32 = 1 << 31;

/// One move: from, to, kind and the promotion type (or castling wing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub u32);

crate::impl_move_code!(Move(u32), Move(u32::MAX));

impl Move {
    /// A move of `kind`.
    pub fn new(from: usize, to: usize, kind: Kind, promo: usize) -> Move {
        Move(from as u32 | (to as u32) << 8 | (kind as u32) << 16 | (promo as u32) << 19)
    }
    /// A drop of a piece of type `t` from the hand on `to`.
    pub fn drop(t: usize, to: usize) -> Move {
        Move::new(to, to, Kind::Drop, t)
    }
    /// A drop of a piece of type `t` from the hand on `to` as what `t`
    /// promotes to (`dropPromoted`).
    pub fn drop_promoted(t: usize, to: usize) -> Move {
        Move(Move::drop(t, to).0 | PROMOTED_DROP)
    }
    /// The move, gating a piece of type `t` from the hand on the square
    /// its piece leaves (Seirawan gating), or for a castling on the
    /// rook's square when `at_rook`.
    pub fn gating(self, t: usize, at_rook: bool) -> Move {
        let rook = if at_rook { GATE_AT_ROOK } else { 0 };
        Move(self.0 | (t as u32 + 1) << GATE_SHIFT | rook)
    }
    /// The type it gates, if it gates one (never asked in a walling game,
    /// whose walls keep their squares in these bits).
    #[inline]
    pub fn gate(self) -> Option<usize> {
        let code = (self.0 >> GATE_SHIFT) & 31;
        (code != 0).then(|| code as usize - 1)
    }
    /// Whether it is a castling that gates on the rook's square.
    #[inline]
    pub fn gates_at_rook(self) -> bool {
        self.0 & GATE_AT_ROOK != 0 && self.gate().is_some()
    }
    /// Whether it is a drop.
    #[inline]
    pub fn is_drop(self) -> bool {
        self.kind() == Kind::Drop
    }
    /// Whether it is a drop of a piece as what it promotes to.
    #[inline]
    pub fn is_promoted_drop(self) -> bool {
        self.is_drop() && self.0 & PROMOTED_DROP != 0
    }
    /// Its origin (its destination, for a drop).
    pub fn from(self) -> usize {
        (self.0 & 0xff) as usize
    }
    /// Its destination (the king's, for castling).
    pub fn to(self) -> usize {
        ((self.0 >> 8) & 0xff) as usize
    }
    /// Its kind.
    pub fn kind(self) -> Kind {
        match (self.0 >> 16) & 7 {
            1 => Kind::Promotion,
            2 => Kind::EnPassant,
            3 => Kind::Castling,
            4 => Kind::Drop,
            5 => Kind::PiecePromotion,
            6 => Kind::PieceDemotion,
            7 => Kind::Pass,
            _ => Kind::Normal,
        }
    }
    /// The promotion type, the castling wing, or the dropped type.
    pub fn promo(self) -> usize {
        ((self.0 >> 19) & 0x1f) as usize
    }
    /// The move, putting a wall on `s` (walling games only: the bits are
    /// the drops' and gates' elsewhere).
    pub fn with_wall(self, s: usize) -> Move {
        Move(self.0 & !(0xff << WALL_SHIFT) | (s as u32) << WALL_SHIFT)
    }
    /// The square its wall goes on, in a walling game (see
    /// [`super::walls::Walling::walls`] for whether it puts one).
    #[inline]
    pub fn wall(self) -> usize {
        (self.0 >> WALL_SHIFT) as usize
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct Position {
    /// The game.
    pub def: &'static GameDef,
    /// `(type + 1) | promoted << 6 | side << 7` per square, 0 empty
    /// (see [`PROMOTED`]).
    pub board: [u8; 256],
    /// `[side][type]`: the pieces in each side's hand, in games with drops.
    pub hand: [[u8; MAX_TYPES]; 2],
    /// Four bits a square: the code (see
    /// [`super::promotion::PiecePromotions::code`]) of the type a piece
    /// promoted shogi-style came from, 0 for none.
    pub origins: [u8; 128],
    /// Each side's pieces.
    pub by_side: [Board; 2],
    /// Squares that do not exist.
    pub holes: Board,
    /// The side to move.
    pub side: Side,
    /// `[side][wing]`: the rook's square of a castling right (0 the king's
    /// side, 1 the queen's).
    pub castling: [[Option<u8>; 2]; 2],
    /// `[side]`: the square of the piece that castles where it is not a
    /// royal king (`castlingKingPiece`), while the side has a right.
    pub castler: [Option<u8>; 2],
    /// Squares a capture en passant may take on now.
    pub ep: Board,
    /// Plies since a capture or a move of a type that resets the count.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
    /// Each side's royal king's square, kept by `put` and `remove`.
    pub kings: [Option<u8>; 2],
    /// Makruk's count, once started: (the limit, the plies counted), both
    /// in plies as Fairy-Stockfish keeps them.
    pub counting: Option<(u32, u32)>,
    /// The hash of all the above but the clocks.
    pub hash: u64,
    /// The hash of the pawns alone (the types that promote as pawns), kept
    /// by `put` and `remove`: the key of the search's correction history.
    pub pawn_hash: u64,
    /// The pieces' square values (the evaluation's tables), White's less
    /// Black's, middle game and endgame, kept by `put` and `remove`.
    pub material: [i32; 2],
    /// Whether the move that led here was a drop (shogi's rule against
    /// mating by a pawn drop asks).
    pub dropped: bool,
    /// The wing (0 the king's side, 1 the queen's) of the castling that
    /// led here, if the move was one (`castlingWins` asks).
    pub castled: Option<u8>,
    /// The move that led here (none in a position read from a FEN): the
    /// chasing rule asks which pieces it attacked.
    pub last: Option<Move>,
    /// `[side]`: while the side stands in check turn after turn, whether
    /// one of those checks was a shak (Shatar's mate rule); `None` when it
    /// was not in check at its last turn.
    pub shak_run: [Option<bool>; 2],
    /// `[side]`: the files of its castling rank whose pieces have not
    /// moved yet and may gate a piece from the hand (`gating`: the
    /// letters of the FEN's castling field beyond K and Q).
    pub gates: [u16; 2],
    /// `[side]`: the checks it has yet to give to win (`checkCounting`).
    pub checks: [u8; 2],
    /// The passes that led here, one after the other (two end the game;
    /// not in the hash, which the FEN gives).
    pub passes: u8,
    /// Whether castling is written the Chess960 way (the game's
    /// `chess960`, or `UCI_Chess960`): not in the hash.
    pub chess960: bool,
    /// Under `bikjangRule`: how many positions in a row, ending here,
    /// had the kings facing each other on an open line (two end the game:
    /// janggi's bikjang, the first left unbroken).
    pub bikjang: u8,
    /// Whether the side to move is in check, once asked.
    pub check: CheckCache,
}

/// Whether the side to move is in check, once known: the search asks of a
/// position as a child (does the move give check?), as a node, and when
/// it generates moves. Atomic (relaxed) only so that a position stays
/// `Sync`; each belongs to one thread.
#[derive(Debug, Default)]
pub struct CheckCache(AtomicU8);

impl CheckCache {
    const UNKNOWN: u8 = 0;
    const NO: u8 = 1;
    const YES: u8 = 2;

    /// The known answer, else `compute`'s (then kept).
    #[inline]
    pub fn get_or(&self, compute: impl FnOnce() -> bool) -> bool {
        match self.0.load(Ordering::Relaxed) {
            Self::NO => false,
            Self::YES => true,
            _ => {
                let yes = compute();
                let code = if yes { Self::YES } else { Self::NO };
                self.0.store(code, Ordering::Relaxed);
                yes
            }
        }
    }

    /// Forgets the answer (the position changed).
    #[inline]
    pub fn forget(&mut self) {
        *self.0.get_mut() = Self::UNKNOWN;
    }
}

impl Clone for CheckCache {
    fn clone(&self) -> CheckCache {
        CheckCache(AtomicU8::new(self.0.load(Ordering::Relaxed)))
    }
}

/// A square's name (`a1`, `p16`).
pub fn square_name(s: usize) -> String {
    let (f, r) = (s as i32 % WIDTH, s as i32 / WIDTH);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// `value` for White, its negation for Black.
#[inline]
pub fn signed(side: usize, value: i32) -> i32 {
    if side == 0 {
        value
    } else {
        -value
    }
}

/// Mixes a number into a hash key (SplitMix64).
fn key(n: u64) -> u64 {
    let mut z = n.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a piece of `side` and `t` on `s`.
pub fn piece_key(side: usize, t: usize, s: usize) -> u64 {
    key(((side * MAX_TYPES + t) * 256 + s) as u64)
}
fn castling_key(side: usize, wing: usize, rook: u8) -> u64 {
    key(0x1_0000_0000 + ((side * 2 + wing) * 256 + rook as usize) as u64)
}
fn ep_key(s: usize) -> u64 {
    key(0x2_0000_0000 + s as u64)
}
/// The key of `side`'s hand holding `count` pieces of type `t` (a hand's
/// key is the xor over its types' counts; no piece, no key).
fn hand_key(side: usize, t: usize, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    key(0x3_0000_0000 + ((side * MAX_TYPES + t) * 256 + count as usize) as u64)
}
fn checks_key(side: usize, left: u8) -> u64 {
    key(0x5_0000_0000 + (side * 256) as u64 + u64::from(left))
}
fn gate_key(side: usize, file: i32) -> u64 {
    key(0x4_0000_0000 + (side * 16) as u64 + file as u64)
}
fn wall_key(s: usize) -> u64 {
    key(0x6_0000_0000 + s as u64)
}
const SIDE_KEY: u64 = 0x5A5A_1234_9876_F0F0;

impl Position {
    /// An empty board of the game.
    pub fn empty(def: &'static GameDef) -> Position {
        Position {
            def,
            board: [0; 256],
            hand: [[0; MAX_TYPES]; 2],
            origins: [0; 128],
            by_side: [Board::EMPTY; 2],
            holes: Board::EMPTY,
            side: Side::White,
            castling: [[None; 2]; 2],
            castler: [None; 2],
            ep: Board::EMPTY,
            halfmove: 0,
            fullmove: 1,
            counting: None,
            kings: [None; 2],
            hash: 0,
            pawn_hash: 0,
            material: [0; 2],
            dropped: false,
            castled: None,
            last: None,
            shak_run: [None; 2],
            gates: [0; 2],
            checks: [0; 2],
            passes: 0,
            chess960: def.chess960,
            bikjang: 0,
            check: CheckCache::default(),
        }
    }

    /// The piece on `s`: (side, type).
    #[inline]
    pub fn piece(&self, s: usize) -> Option<(usize, usize)> {
        let c = self.board[s];
        (c != 0).then(|| ((c >> 7) as usize, ((c & TYPE_BITS) - 1) as usize))
    }

    /// Whether the piece on `s` is marked as made by a promotion.
    #[inline]
    pub fn is_promoted(&self, s: usize) -> bool {
        self.board[s] & PROMOTED != 0
    }

    /// Marks the piece on `s` as made by a promotion (not hashed, as in
    /// Fairy-Stockfish: the mark changes what a capture puts in hand, not
    /// what the position is for repetitions).
    pub fn mark_promoted(&mut self, s: usize) {
        if self.board[s] != 0 {
            self.board[s] |= PROMOTED;
        }
    }

    /// The type the piece on `s` promoted from shogi-style, if it did.
    #[inline]
    pub fn origin(&self, s: usize) -> Option<usize> {
        let code = (self.origins[s >> 1] >> ((s & 1) * 4)) & 15;
        (code != 0).then(|| self.def.piece_promotions.types[code as usize - 1])
    }

    /// Marks the piece on `s` as promoted shogi-style from type `t` (which
    /// promotes), or as no such piece (`None`).
    pub fn set_origin(&mut self, s: usize, t: Option<usize>) {
        let code = t.map_or(0, |t| self.def.piece_promotions.code[t]);
        let shift = (s & 1) * 4;
        self.origins[s >> 1] = (self.origins[s >> 1] & !(15 << shift)) | code << shift;
        if code != 0 {
            self.mark_promoted(s);
        }
    }

    /// How many pieces of type `t` `side` holds in hand.
    #[inline]
    pub fn in_hand(&self, side: usize, t: usize) -> u8 {
        // `freeDrops`: every type but the king, always.
        if self.def.drops.free && self.def.drops.enabled {
            return u8::from(self.def.king != Some(t));
        }
        self.hand[side][t]
    }

    /// Puts a piece of type `t` in `side`'s hand (keeping the hash and the
    /// material).
    pub fn add_to_hand(&mut self, side: usize, t: usize) {
        if self.def.drops.free {
            return;
        }
        let n = self.hand[side][t];
        self.hash ^= hand_key(side, t, n) ^ hand_key(side, t, n + 1);
        self.hand[side][t] = n + 1;
        let [mg, eg] = self.def.eval.hand_value(t);
        self.material[0] += signed(side, mg);
        self.material[1] += signed(side, eg);
    }

    /// Takes a piece of type `t` out of `side`'s hand, which holds one.
    pub fn take_from_hand(&mut self, side: usize, t: usize) {
        if self.def.drops.free {
            return;
        }
        let n = self.hand[side][t];
        debug_assert!(n > 0, "a piece in hand");
        self.hash ^= hand_key(side, t, n) ^ hand_key(side, t, n - 1);
        self.hand[side][t] = n - 1;
        let [mg, eg] = self.def.eval.hand_value(t);
        self.material[0] -= signed(side, mg);
        self.material[1] -= signed(side, eg);
    }

    /// Both sides' pieces.
    #[inline]
    pub fn occupied(&self) -> Board {
        self.by_side[0] | self.by_side[1]
    }

    /// Puts a piece on an empty square.
    pub fn put(&mut self, s: usize, side: usize, t: usize) {
        if Some(t) == self.def.king {
            self.kings[side] = Some(s as u8);
        }
        self.board[s] = (t as u8 + 1) | (side as u8) << 7;
        self.by_side[side].set(s);
        self.hash ^= piece_key(side, t, s);
        if self.def.promotion_pawn_types[side] & (1 << t) != 0 {
            self.pawn_hash ^= piece_key(side, t, s);
        }
        let [mg, eg] = self.def.square_value(side, t, s);
        self.material[0] += signed(side, mg);
        self.material[1] += signed(side, eg);
        self.check.forget();
    }

    /// Takes the piece off `s`.
    pub fn remove(&mut self, s: usize) -> Option<(usize, usize)> {
        let p = self.piece(s)?;
        if Some(p.1) == self.def.king && self.kings[p.0] == Some(s as u8) {
            self.kings[p.0] = None;
        }
        if self.board[s] & PROMOTED != 0 {
            self.set_origin(s, None);
        }
        self.board[s] = 0;
        self.by_side[p.0].clear(s);
        self.hash ^= piece_key(p.0, p.1, s);
        if self.def.promotion_pawn_types[p.0] & (1 << p.1) != 0 {
            self.pawn_hash ^= piece_key(p.0, p.1, s);
        }
        let [mg, eg] = self.def.square_value(p.0, p.1, s);
        self.material[0] -= signed(p.0, mg);
        self.material[1] -= signed(p.0, eg);
        self.check.forget();
        Some(p)
    }

    /// The squares of `side`'s pieces of type `t`.
    #[inline]
    pub fn pieces(&self, side: usize, t: usize) -> Board {
        // Scanned from the board (rarely asked: promotion limits, ends,
        // counting): a position without a board per type copies faster.
        let code = t as u8 + 1;
        self.by_side[side]
            .iter()
            .filter(|&s| self.board[s] & TYPE_BITS == code)
            .collect()
    }

    /// `side`'s king, where the game has one and it is on the board.
    #[inline]
    pub fn king(&self, side: usize) -> Option<usize> {
        self.kings[side].map(usize::from)
    }

    /// The square of `side`'s piece that castles: its royal king, or
    /// (`castlingKingPiece`, with no royal king) the piece the FEN's
    /// castling field found.
    #[inline]
    pub fn castling_king(&self, side: usize) -> Option<usize> {
        match self.def.castling_king_piece[side] {
            Some(_) if self.kings[side].is_none() => self.castler[side].map(usize::from),
            _ => self.king(side),
        }
    }

    /// Makes `s` a wall, a hole made in play (a piece petrified where it
    /// took: `petrifyOnCaptureTypes`), keeping the hash.
    pub fn add_wall(&mut self, s: usize) {
        if !self.holes.has(s) {
            self.holes.set(s);
            self.hash ^= wall_key(s);
        }
    }

    /// Takes the wall off `s` (the duck moving on), keeping the hash.
    pub fn remove_wall(&mut self, s: usize) {
        if self.holes.has(s) {
            self.holes.clear(s);
            self.hash ^= wall_key(s);
        }
    }

    /// Sets or clears a castling right (keeping the hash).
    pub fn set_castling(&mut self, side: usize, wing: usize, rook: Option<u8>) {
        if let Some(old) = self.castling[side][wing] {
            self.hash ^= castling_key(side, wing, old);
        }
        if let Some(new) = rook {
            self.hash ^= castling_key(side, wing, new);
        }
        self.castling[side][wing] = rook;
    }

    /// Whether a piece of `side` that castles with the king
    /// (`castlingRookPieces`) stands on `s`.
    pub fn is_castling_rook(&self, side: usize, s: usize) -> bool {
        self.piece(s).is_some_and(|(owner, t)| {
            owner == side && self.def.castling_rook_pieces[side] & (1 << t) != 0
        })
    }

    /// Whether `side` may still gate on `s` (a square of its castling
    /// rank whose piece has not moved).
    #[inline]
    pub fn is_gate(&self, side: usize, s: usize) -> bool {
        s as i32 / WIDTH == self.castling_rank(side)
            && self.gates[side] >> (s as i32 % WIDTH) & 1 != 0
    }

    /// Opens or closes `side`'s gate on `s`, a square of its castling
    /// rank (keeping the hash).
    pub fn set_gate(&mut self, side: usize, s: usize, open: bool) {
        let file = s as i32 % WIDTH;
        if s as i32 / WIDTH == self.castling_rank(side)
            && (self.gates[side] >> file & 1 != 0) != open
        {
            self.gates[side] ^= 1 << file;
            self.hash ^= gate_key(side, file);
        }
    }

    /// Sets the checks `side` has yet to give (keeping the hash).
    pub fn set_checks(&mut self, side: usize, left: u8) {
        self.hash ^= checks_key(side, self.checks[side]) ^ checks_key(side, left);
        self.checks[side] = left;
    }

    /// Closes all of `side`'s gates (keeping the hash).
    pub fn close_gates(&mut self, side: usize) {
        for file in 0..16 {
            if self.gates[side] >> file & 1 != 0 {
                self.hash ^= gate_key(side, file);
            }
        }
        self.gates[side] = 0;
    }

    /// Whether `side` still gates and writes its gates: Seirawan gating
    /// ends with the last piece in hand, unless captures refill it.
    pub fn gating_open(&self, side: usize) -> bool {
        let d = &self.def.drops;
        d.gating
            && (!d.seirawan_gating || d.captures_to_hand || self.hand[side].iter().any(|&n| n > 0))
    }

    /// Sets the en passant squares (keeping the hash).
    pub fn set_ep(&mut self, ep: Board) {
        if self.ep.is_empty() && ep.is_empty() {
            return;
        }
        for s in self.ep.iter() {
            self.hash ^= ep_key(s);
        }
        for s in ep.iter() {
            self.hash ^= ep_key(s);
        }
        self.ep = ep;
    }

    /// Passes the turn (keeping the hash).
    pub fn flip_side(&mut self) {
        self.side = !self.side;
        self.hash ^= SIDE_KEY;
        self.check.forget();
    }

    /// The castling rank of `side` (from 0, at the bottom).
    pub fn castling_rank(&self, side: usize) -> i32 {
        if side == 0 {
            self.def.castling_rank
        } else {
            self.def.ranks - 1 - self.def.castling_rank
        }
    }

    /// Reads a FEN of the game.
    pub fn from_fen(def: &'static GameDef, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::new("the FEN is empty"));
        }
        let mut pos = Position::empty(def);
        let shape = def.spec.boards[0].shape;
        let mut pieces = Vec::new();
        let (board_text, hand_text) = board_field::split_hand(fields[0])?;
        board_field::read(board_text, &shape, |file, rank, cell| {
            pieces.push((file, rank, cell));
            Ok(())
        })?;
        for (file, rank, cell) in pieces {
            let s = rank * WIDTH as usize + file;
            match cell {
                Cell::Hole => pos.add_wall(s),
                Cell::Piece { letter, side, mark } => {
                    let t = def.type_of(letter).ok_or_else(|| {
                        FenError::new(format!(
                            "'{letter}' on {} is no piece of {}",
                            square_name(s),
                            def.spec.id
                        ))
                    })?;
                    if mark == Some('+') {
                        // `+p`: what `p` promotes to, from `p`.
                        let promoted = def.piece_promotions.promoted[t].ok_or_else(|| {
                            FenError::new(format!(
                                "'+{letter}' on {}: '{letter}' does not promote in {}",
                                square_name(s),
                                def.spec.id
                            ))
                        })?;
                        pos.put(s, side.index(), promoted);
                        pos.set_origin(s, Some(t));
                        continue;
                    }
                    pos.put(s, side.index(), t);
                    // `~`: a piece a promotion made.
                    if mark == Some('~') {
                        pos.mark_promoted(s);
                    }
                }
            }
        }
        if let Some(hand) = hand_text {
            pos.read_hands(hand)?;
        }
        match fields.get(1).copied().unwrap_or("w") {
            "w" => {}
            "b" => pos.flip_side(),
            other => {
                return Err(FenError::new(format!(
                    "the side to move must be w or b, found '{other}'"
                )))
            }
        }
        // One royal king a side: the rules (check, castling) know one.
        if let Some(k) = def.king {
            for side in 0..2 {
                if pos.pieces(side, k).more_than_one() {
                    return Err(FenError::new(format!(
                        "{} has more than one king '{}': a side has one royal king",
                        if side == 0 { "White" } else { "Black" },
                        def.pieces[k].letter
                    )));
                }
            }
        }
        // A number after the side to move is the halfmove clock: the
        // castling and en passant fields are left out (Fairy-Stockfish's
        // reading, which files such as its own variants.ini rely on).
        let clocks_only = fields
            .get(2)
            .is_some_and(|f| f.starts_with(|c: char| c.is_ascii_digit()));
        let (castling, ep, mut clocks) = if clocks_only {
            ("-", "-", 2)
        } else {
            (
                fields.get(2).copied().unwrap_or("-"),
                fields.get(3).copied().unwrap_or("-"),
                4,
            )
        };
        // Checks to give (`3+3`) after the en passant field; where the FEN
        // says none, the next check wins (Fairy-Stockfish's reading).
        let mut lichess_checks = None;
        if def.check_counting {
            let mut left = [1, 1];
            if let Some(field) = fields.get(clocks).filter(|f| f.contains('+')) {
                left = read_checks(field, false)?;
                clocks += 1;
            }
            // lichess's checks given (`+1+0`) after the move number.
            if let Some(field) = fields.last().filter(|f| f.starts_with('+')) {
                if fields.len() > clocks + 2 {
                    lichess_checks = Some(read_checks(field, true)?);
                }
            }
            for (side, n) in left.into_iter().enumerate() {
                pos.set_checks(side, n);
            }
        }
        pos.read_castling(castling)?;
        // Under a counting rule the en passant field may hold the count's
        // limit instead (Fairy-Stockfish's FEN).
        let counting_limit = (def.counting != super::def::Counting::None)
            .then(|| ep.parse::<u32>().ok())
            .flatten();
        // An en passant field that starts with a digit names no square
        // (Fairy-Stockfish reads none from it: `0` in some files).
        let no_square = ep == "-" || ep.starts_with(|c: char| c.is_ascii_digit());
        if !no_square && counting_limit.is_none() {
            pos.set_ep(read_ep_squares(def, ep)?);
        }
        let number = |i: usize, what: &str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t
                    .parse()
                    .map_err(|_| FenError::new(format!("bad {what} '{t}'"))),
            }
        };
        pos.halfmove = number(clocks, "halfmove clock", 0)?;
        if let Some(limit) = counting_limit.filter(|&l| l > 0) {
            // The clock field is then the plies counted.
            pos.counting = Some((limit, pos.halfmove));
            pos.halfmove = 0;
        }
        pos.fullmove = number(clocks + 1, "move number", 1)?.max(1);
        if let Some(left) = lichess_checks {
            for (side, n) in left.into_iter().enumerate() {
                pos.set_checks(side, n);
            }
            clocks += 1;
        }
        if fields.len() > clocks + 2 {
            return Err(FenError::new(format!(
                "a FEN has at most {} fields here, found {}",
                clocks + 2,
                fields.len()
            )));
        }
        if def.shatar.is_some() {
            super::movegen::note_shak(&mut pos);
        }
        if def.bikjang {
            super::movegen::note_bikjang(&mut pos, 0);
        }
        Ok(pos)
    }

    /// Reads the hands between the brackets: a letter a piece, upper case
    /// White's.
    fn read_hands(&mut self, text: &str) -> Result<(), FenError> {
        if !text.is_empty() && !self.def.drops.pockets() {
            return Err(FenError::new(format!(
                "the hands '[{text}]': {} has no pockets (no pieceDrops)",
                self.def.spec.id
            )));
        }
        for c in text.chars() {
            if c == '-' {
                continue;
            }
            let t = self.def.type_of(c).ok_or_else(|| {
                FenError::new(format!(
                    "'{c}' in the hands is no piece of {}",
                    self.def.spec.id
                ))
            })?;
            let side = if c.is_ascii_uppercase() { 0 } else { 1 };
            if self.hand[side][t] >= MAX_IN_HAND {
                return Err(FenError::new(format!(
                    "more than {MAX_IN_HAND} '{c}' in hand"
                )));
            }
            self.add_to_hand(side, t);
        }
        Ok(())
    }

    /// Where the castling field finds `side`'s castling piece that is
    /// not a royal king (Fairy-Stockfish's rule): the one such piece on
    /// its castling rank, or, of several, the one on the king's file.
    fn find_castler(&mut self, side: usize) {
        let Some(t) = self.def.castling_king_piece[side] else {
            return;
        };
        if self.castler[side].is_some() || self.kings[side].is_some() {
            return;
        }
        let rank = self.castling_rank(side);
        let on_rank: Vec<usize> = self
            .pieces(side, t)
            .iter()
            .filter(|&s| s as i32 / WIDTH == rank)
            .collect();
        let home = self.def.square(self.def.castling_king_file, rank);
        self.castler[side] = match on_rank.as_slice() {
            [one] => Some(*one as u8),
            _ => home.filter(|h| on_rank.contains(h)).map(|h| h as u8),
        };
    }

    fn read_castling(&mut self, field: &str) -> Result<(), FenError> {
        // Without castling (or gates) the field says nothing: Fairy-
        // Stockfish reads antichess's `KQkq` and ignores it.
        if field == "-" || (!self.def.castling && !self.def.drops.gating) {
            return Ok(());
        }
        for c in field.chars() {
            let side = if c.is_ascii_uppercase() { 0 } else { 1 };
            let rank = self.castling_rank(side);
            self.find_castler(side);
            let king_file = self
                .castling_king(side)
                .filter(|&k| k as i32 / WIDTH == rank)
                .map(|k| k as i32 % WIDTH);
            let is_rook = |p: &Position, f: i32| {
                p.def
                    .square(f, rank)
                    .is_some_and(|s| p.is_castling_rook(side, s))
            };
            let (wing, file) = match c.to_ascii_uppercase() {
                'K' => {
                    let from = king_file.unwrap_or(self.def.castling_king_file) + 1;
                    (0, (from..self.def.files).rev().find(|&f| is_rook(self, f)))
                }
                'Q' => {
                    let to = king_file.unwrap_or(self.def.castling_king_file);
                    (1, (0..to).find(|&f| is_rook(self, f)))
                }
                l @ 'A'..='P' => {
                    let f = l as i32 - 'A' as i32;
                    let wing = if f > king_file.unwrap_or(self.def.castling_king_file) {
                        0
                    } else {
                        1
                    };
                    (wing, is_rook(self, f).then_some(f))
                }
                _ => {
                    return Err(FenError::new(format!(
                        "'{c}' in the castling field is not K, Q, k, q or a file"
                    )))
                }
            };
            if self.def.drops.gating {
                // A letter opens the gate of its square (the rook's, for K
                // and Q, with the king's); a file's letter gives no
                // castling right while Seirawan gating is on.
                let upper = c.to_ascii_uppercase();
                let named = match upper {
                    'K' | 'Q' => file,
                    l => Some(l as i32 - 'A' as i32),
                };
                // A side whose gates closed (its hand empty) keeps none:
                // its castling letters are rights only.
                let open = self.gating_open(side);
                if let Some(sq) = named.and_then(|f| self.def.square(f, rank)) {
                    if open && self.by_side[side].has(sq) {
                        self.set_gate(side, sq, true);
                    }
                }
                let king = king_file.and_then(|f| self.def.square(f, rank));
                match king {
                    Some(k) if matches!(upper, 'K' | 'Q') && open => self.set_gate(side, k, true),
                    Some(_) if matches!(upper, 'K' | 'Q') => {}
                    _ if open => continue,
                    _ => {}
                }
                // A letter with no king and rook to castle with only
                // names a gate, as Fairy-Stockfish reads it.
                if file.is_none() || king_file.is_none() {
                    continue;
                }
            }
            let Some(file) = file.filter(|_| king_file.is_some()) else {
                return Err(FenError::new(format!(
                    "castling right '{c}' has no king and rook to castle with"
                )));
            };
            let rook = self.def.square(file, rank).map(|s| s as u8);
            self.set_castling(side, wing, rook);
        }
        // A king on its gate without castling rights castles with the
        // rooks on gates (Fairy-Stockfish's reading of gates as rights).
        if self.def.drops.gating && self.def.castling {
            for side in 0..2 {
                let Some(k) = self.king(side) else {
                    continue;
                };
                if !self.is_gate(side, k)
                    || self.castling[side] != [None; 2]
                    || !self.gating_open(side)
                {
                    continue;
                }
                let rank = self.castling_rank(side);
                for f in 0..self.def.files {
                    let Some(sq) = self.def.square(f, rank) else {
                        continue;
                    };
                    if self.is_castling_rook(side, sq) && self.is_gate(side, sq) {
                        let wing = usize::from(sq < k);
                        self.set_castling(side, wing, Some(sq as u8));
                    }
                }
            }
        }
        // A castling piece is kept only while it may castle.
        for side in 0..2 {
            if self.castling[side] == [None; 2] {
                self.castler[side] = None;
            }
        }
        Ok(())
    }

    /// Writes the position's FEN.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        board_field::write(
            self.def.files as usize,
            self.def.ranks as usize,
            &mut out,
            |f, r, item| {
                let s = r * WIDTH as usize + f;
                if self.holes.has(s) {
                    item.push('*');
                    return true;
                }
                let Some((side, t)) = self.piece(s) else {
                    return false;
                };
                let side = Side::from_index(side);
                match self.origin(s) {
                    // Promoted shogi-style: `+` and what it was.
                    Some(o) => {
                        item.push('+');
                        item.push(board_field::letter(self.def.pieces[o].letter, side));
                    }
                    None => {
                        item.push(board_field::letter(self.def.pieces[t].letter, side));
                        if self.is_promoted(s) && self.def.drops.writes_promoted() {
                            item.push('~');
                        }
                    }
                }
                true
            },
        );
        if self.def.drops.pockets() {
            // Each side's hand, White's first, from the last type to the
            // first (Fairy-Stockfish's order).
            out.push('[');
            for side in 0..2 {
                for t in (0..self.def.pieces.len()).rev() {
                    let l = board_field::letter(self.def.pieces[t].letter, Side::from_index(side));
                    for _ in 0..self.hand[side][t] {
                        out.push(l);
                    }
                }
            }
            out.push(']');
        }
        out.push(' ');
        out.push(self.side.fen_char());
        out.push(' ');
        let mut castling = String::new();
        for side in 0..2 {
            for wing in 0..2 {
                let Some(rook) = self.castling[side][wing] else {
                    continue;
                };
                // Chess960: the rook's file (Shredder-FEN), as
                // Fairy-Stockfish writes it.
                let c = if self.chess960 {
                    (b'A' + (rook as i32 % WIDTH) as u8) as char
                } else if wing == 0 {
                    'K'
                } else {
                    'Q'
                };
                castling.push(if side == 0 { c } else { c.to_ascii_lowercase() });
            }
            // Gates, but those the castling letters already say.
            if self.gates[side] != 0 && self.gating_open(side) {
                let rank = self.castling_rank(side);
                let king = self.king(side).filter(|&k| k as i32 / WIDTH == rank);
                let castles = self.castling[side] != [None; 2];
                for f in 0..self.def.files {
                    let Some(sq) = self.def.square(f, rank) else {
                        continue;
                    };
                    let said = (castles && king == Some(sq))
                        || self.castling[side].contains(&Some(sq as u8));
                    if self.is_gate(side, sq) && !said {
                        let l = (b'A' + f as u8) as char;
                        castling.push(if side == 0 { l } else { l.to_ascii_lowercase() });
                    }
                }
            }
        }
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        // Under a count, its limit stands in the en passant field and its
        // plies in the clock's.
        let clock = match self.counting {
            Some((limit, ply)) => {
                out.push_str(&limit.to_string());
                ply
            }
            None if self.ep.is_empty() => {
                out.push('-');
                self.halfmove
            }
            None => {
                for s in self.ep.iter() {
                    out.push_str(&square_name(s));
                }
                self.halfmove
            }
        };
        if self.def.check_counting {
            out.push_str(&format!(" {}+{}", self.checks[0], self.checks[1]));
        }
        out.push_str(&format!(" {clock} {}", self.fullmove));
        out
    }
}

/// The checks each side has yet to give, from `3+3`, or from lichess's
/// checks given (`+1+0`, of three) when `given`.
fn read_checks(field: &str, given: bool) -> Result<[u8; 2], FenError> {
    let bad = || {
        FenError::new(format!(
            "the checks field '{field}' is not like 3+3 or +1+0"
        ))
    };
    let text = if given {
        field.strip_prefix('+').ok_or_else(bad)?
    } else {
        field
    };
    let (w, b) = text.split_once('+').ok_or_else(bad)?;
    let n = |t: &str| t.parse::<u8>().map_err(|_| bad());
    let (w, b) = (n(w)?, n(b)?);
    Ok(if given {
        [3u8.saturating_sub(w), 3u8.saturating_sub(b)]
    } else {
        [w, b]
    })
}

/// The squares of an en passant field (`e3`, `e3f3`, `b10`), each a file
/// letter and a rank number.
fn read_ep_squares(def: &GameDef, field: &str) -> Result<Board, FenError> {
    let bad = || {
        FenError::new(format!(
            "the en passant field '{field}' is not squares of the board"
        ))
    };
    let mut set = Board::EMPTY;
    let mut rest = field;
    while !rest.is_empty() {
        let mut chars = rest.chars();
        let file = match chars.next() {
            Some(c) if c.is_ascii_lowercase() => c as i32 - 'a' as i32,
            _ => return Err(bad()),
        };
        let after = chars.as_str();
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        let rank: i32 = after[..digits].parse().map_err(|_| bad())?;
        set.set(def.square(file, rank - 1).ok_or_else(bad)?);
        rest = &after[digits..];
    }
    Ok(set)
}
