//! The traits every game implements, by job: [`Rules`] (the rules of
//! play), [`Fen`] and [`Notation`] (how positions and turns are written;
//! [`OnePlyNotation`] writes them once for every game whose turns are one
//! ply), [`SearchHints`] (what the search needs to know). [`Variant`] is
//! all of them, and what the engine, the protocols and perft take.

use crate::weights::{EvalTrace, EvalWeights};
use crate::{FenError, GameSpec, MoveError, MoveList, Outcome, Side};
use std::fmt::Debug;
use std::hash::Hash;

/// A compact move of one ply, storable in the transposition table.
pub trait MoveCode: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// A value that no generated move ever equals ("no move").
    const NONE: Self;
    /// The move packed into at most 64 bits.
    fn to_bits(self) -> u64;
    /// The inverse of [`MoveCode::to_bits`]. Garbage in gives a move that
    /// simply matches no generated move; it never panics.
    fn from_bits(bits: u64) -> Self;
}

/// Implements [`MoveCode`] for a move that is a newtype over an unsigned
/// integer: the bits are the integer; bits that do not fit are cut, which
/// gives a move that matches no generated one.
///
/// `impl_move_code!(Move(u16), Move(0));`
#[macro_export]
macro_rules! impl_move_code {
    ($move:ident($int:ty), $none:expr) => {
        impl $crate::MoveCode for $move {
            const NONE: Self = $none;
            fn to_bits(self) -> u64 {
                self.0 as u64
            }
            fn from_bits(bits: u64) -> Self {
                $move(bits as $int)
            }
        }
    };
}

/// The rules a position answers about itself: side to move, hash, check,
/// the move-count clock, the position after a ply, and its FEN. Each game
/// implements it on its position type, where those are defined; [`Rules`]
/// and [`Fen`] read it, so that a game's rules only say what is its own
/// (its plies, its outcome).
pub trait GamePosition: Clone + Debug + Send + Sync + Sized + 'static {
    /// One ply.
    type Move: MoveCode;

    /// The side whose ply it is.
    fn side(&self) -> Side;

    /// The Zobrist hash of everything that makes positions differ.
    fn hash(&self) -> u64;

    /// The position after a ply produced by the game's generator.
    fn make(&self, mv: Self::Move) -> Self;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// Plies since the last capture or pawn-class move (the 50-move counter).
    fn halfmove_clock(&self) -> u32;

    /// The move number (the FEN's last field): 1 at the start, one more
    /// after each turn of the side that ends a move number.
    fn fullmove_number(&self) -> u32;

    /// Writes a FEN that the game's [`Fen::read_fen`] reads back to the
    /// same position.
    fn to_fen(&self) -> String;
}

/// Plies without a capture or pawn-class move after which every game is
/// drawn (the 50-move rule: 50 moves of each side).
pub const MOVE_RULE_PLIES: u32 = 100;

/// What a ply does, as far as the search's move ordering cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyKind {
    /// Changes no material.
    Quiet,
    /// Captures or promotes (or resurrects): material changes.
    Tactical,
    /// Ends a multi-ply turn before its last possible ply (Parallel Worlds'
    /// end-of-turn ply). Quiescence searches it in place of standing pat
    /// inside a turn, so that it sees the opponent's replies.
    TurnEnd,
}

/// One game's rules of play: the legal plies, making them, the position's
/// hash, side to move, check, clocks and outcome.
///
/// A player's *turn* may span several *plies*: Parallel Worlds moves up to
/// three pieces, Advanced Wizard Chess may place a piece before moving. The
/// move generator produces the legal plies of the position; a turn ends when
/// [`Rules::side_to_move`] changes (a variant whose turn ends by a rule,
/// such as capturing the king, switches the side in [`Rules::make`]). The
/// search negates scores only when the side changes, perft counts whole turns
/// and the wire token of a turn joins its plies (see
/// [`Notation::turn_to_token`]).
///
/// Positions are immutable values: [`Rules::make`] returns the child
/// (copy-make), which measured faster than make/unmake for chess and is
/// simpler to share between threads.
///
/// A game is a value (`Chess`, or a game whose rules were read from a
/// file): what needs no position (its spec, reading a FEN, the start
/// position) goes through the value; everything that has a position is
/// asked of the game's type with the position, which knows its game (a
/// built-in game is a zero-sized type, so the search stays monomorphised
/// and its speed does not change).
pub trait Rules: Clone + Sized + Send + Sync + 'static {
    /// The whole game state the rules need (repetition history aside).
    type Position: GamePosition<Move = Self::Move>;

    /// One ply.
    type Move: MoveCode;

    /// What the game says about itself: names, start position, boards,
    /// pieces, hints, move numbering, bench positions.
    fn spec(&self) -> &GameSpec;

    /// The start position numbered `n` among the game's shuffled setups
    /// (Chess960's: a match's openings, a random game), as a FEN; `None`
    /// for a game that has none.
    fn shuffled_start(&self, _n: u64) -> Option<String> {
        None
    }

    /// The side whose ply it is.
    #[inline(always)]
    fn side_to_move(pos: &Self::Position) -> Side {
        pos.side()
    }

    /// The Zobrist hash of everything that makes positions differ.
    #[inline(always)]
    fn hash(pos: &Self::Position) -> u64 {
        pos.hash()
    }

    /// Appends the legal plies of the position. Empty when the game is over
    /// by the rules of play (mate, stalemate, king captured); draw claims such
    /// as repetition are not the generator's business.
    fn generate(pos: &Self::Position, moves: &mut MoveList<Self::Move>);

    /// The position after a ply produced by [`Rules::generate`].
    #[inline(always)]
    fn make(pos: &Self::Position, mv: Self::Move) -> Self::Position {
        pos.make(mv)
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    fn in_check(pos: &Self::Position) -> bool {
        pos.in_check()
    }

    /// Plies since the last capture or pawn-class move (the 50-move counter).
    #[inline(always)]
    fn halfmove_clock(pos: &Self::Position) -> u32 {
        pos.halfmove_clock()
    }

    /// Whether the move-count rule draws the game now: [`MOVE_RULE_PLIES`]
    /// plies without a capture or pawn-class move (the 50-move rule). The
    /// one place that says so: the games' [`Rules::rule_outcome`] and the
    /// search both ask it.
    fn move_rule_reached(pos: &Self::Position) -> bool {
        Self::halfmove_clock(pos) >= MOVE_RULE_PLIES
    }

    /// How far the move-count rule has run toward its draw, in hundredths
    /// (0 to 100; 0 in a game without one). The search damps its static
    /// evaluation linearly toward a draw as the rule nears, as
    /// Fairy-Stockfish does, so that a side which cannot make progress
    /// sees its edge fade instead of shuffling into the draw.
    fn move_rule_progress(pos: &Self::Position) -> u32 {
        (Self::halfmove_clock(pos) * 100 / MOVE_RULE_PLIES).min(100)
    }

    /// The verdict most games share once their own rules (a captured
    /// King, dead material) found none: no legal turn is mate or stalemate
    /// ([`Outcome::no_legal_move`]), else the move-count rule may draw.
    fn mate_stalemate_or_move_rule(pos: &Self::Position) -> Option<Outcome> {
        if Self::count_turns(pos) == 0 {
            return Some(Outcome::no_legal_move(
                Self::side_to_move(pos),
                Self::in_check(pos),
            ));
        }
        Self::move_rule_draw(pos)
    }

    /// The move-count rule's draw, if it has come.
    fn move_rule_draw(pos: &Self::Position) -> Option<Outcome> {
        Self::move_rule_reached(pos).then_some(Outcome::Draw(crate::DrawReason::FiftyMoves))
    }

    /// Plies since the last action that no later position can undo: only
    /// positions within this window can repeat the current one. The
    /// 50-move clock serves where every clock-resetting move is
    /// irreversible; Vanguard's sideways Soldier steps reset the clock but
    /// can be taken back, so it counts separately.
    fn repetition_window(pos: &Self::Position) -> u32 {
        Self::halfmove_clock(pos)
    }

    /// The result when the current position, the last of `history` (the
    /// game's positions since its start, in order), has occurred `count`
    /// times (see [`crate::Game`]): the default draws at the third.
    fn repetition_outcome(_history: &[Self::Position], count: usize) -> Option<Outcome> {
        (count >= 3).then_some(Outcome::Draw(crate::DrawReason::Repetition))
    }

    /// What a repetition met by the search is worth: `pos` recurs `span`
    /// turns back along the searched line (the game before the root
    /// included), and `checked(d)` says whether the side to move `d` turns
    /// back (0: at `pos`) was in check; `line` holds the line's positions
    /// themselves, oldest first and ending with `pos`, where the game asks
    /// for them ([`Rules::repetition_needs_positions`]), else nothing. The
    /// search takes one recurrence for the game's whole rule, as engines
    /// do. `None`, the default: a draw. Games where a repetition loses for
    /// a side (perpetual check in shogi and xiangqi, perpetual chase in
    /// xiangqi, shogi variants' `nFoldValue`) say so, so that the search
    /// neither walks into such a loss nor fears a draw there.
    fn repetition_in_search(
        _pos: &Self::Position,
        _span: usize,
        _checked: &dyn Fn(usize) -> bool,
        _line: &[Self::Position],
    ) -> Option<Outcome> {
        None
    }

    /// Whether [`Rules::repetition_in_search`] needs the line's positions
    /// (xiangqi's chases: what each move attacked), which the search then
    /// keeps along its line; checks alone serve every other rule.
    fn repetition_needs_positions(_pos: &Self::Position) -> bool {
        false
    }

    /// The result decided by the position alone (mate, stalemate, king
    /// captured, dead material, the 50-move rule); repetition is decided by
    /// [`crate::Game`], which holds the history.
    fn rule_outcome(pos: &Self::Position) -> Option<Outcome>;

    /// The number of legal turns, for perft's last ply. Variants override it
    /// with a count that does not build the moves.
    fn count_turns(pos: &Self::Position) -> u64 {
        let mut n = 0;
        crate::turns::for_each_turn::<Self>(pos, &mut |_, _| n += 1);
        n
    }
}

/// How a game's positions are written: FEN, and the text board of `d`.
pub trait Fen: Rules {
    /// Reads a FEN of this game. Never panics: bad input is an error that
    /// says what is wrong.
    fn read_fen(&self, fen: &str) -> Result<Self::Position, FenError>;

    /// The start position (its FEN was checked when the game was made).
    fn start(&self) -> Self::Position {
        self.read_fen(&self.spec().start_fen)
            .expect("the start FEN is valid")
    }

    /// Writes a FEN that [`Fen::read_fen`] reads back to the same position.
    fn to_fen(pos: &Self::Position) -> String {
        pos.to_fen()
    }

    /// Writes castling the Chess960 way (king takes rook) from now on, for
    /// `UCI_Chess960` and XBoard's `fischerandom`. Variants without castling
    /// ignore it.
    fn set_chess960(_pos: &mut Self::Position, _on: bool) {}

    /// The board as text for humans (`d`): one line per rank, White at the
    /// bottom. The default draws the FEN's board field, which serves every
    /// single-board variant.
    fn board_text(pos: &Self::Position) -> String {
        crate::board_text::from_fen_board(&Self::to_fen(pos))
    }
}

/// How a game's turns are written: wire tokens (one per turn, its plies
/// joined), human notation, XBoard's conventions.
pub trait Notation: Rules {
    /// Reads one wire token (a whole turn) and returns its plies.
    fn parse_turn(pos: &Self::Position, token: &str) -> Result<Vec<Self::Move>, MoveError>;

    /// The wire token of a turn made of `plies`, played from `pos`.
    fn turn_to_token(pos: &Self::Position, plies: &[Self::Move]) -> String;

    /// The token XBoard expects for a turn. Differs from the wire token only
    /// where XBoard has its own convention (castling in Chess960 is `O-O`).
    fn turn_to_xboard(pos: &Self::Position, plies: &[Self::Move]) -> String {
        Self::turn_to_token(pos, plies)
    }

    /// Lines an XBoard engine sends right after `variant <id>` to define a
    /// variant the GUI does not know (`setup` with board size, piece letters
    /// and start position, `piece` with each piece's moves). Empty where
    /// XBoard knows the game.
    fn xboard_definition(&self) -> Vec<String> {
        Vec::new()
    }

    /// Human notation (SAN where the variant has one) of a turn.
    fn turn_to_san(pos: &Self::Position, plies: &[Self::Move]) -> String {
        Self::turn_to_token(pos, plies)
    }

    /// Reads human notation or a wire token.
    fn parse_san(pos: &Self::Position, text: &str) -> Result<Vec<Self::Move>, MoveError> {
        Self::parse_turn(pos, text)
    }
}

/// What the search needs to know of a game beyond its rules: evaluation,
/// the kinds of plies, exchanges, the null move, multi-ply turns.
pub trait SearchHints: Fen {
    /// Static evaluation in centipawns from the side to move's point of view.
    fn evaluate(pos: &Self::Position) -> i32;

    /// What kind of ply `mv` is. The search orders, prunes and reduces by
    /// kind, in bands of its own: a game says what a ply does, never where
    /// it goes in the order.
    fn ply_kind(pos: &Self::Position, mv: Self::Move) -> PlyKind;

    /// Whether a ply is not [`PlyKind::Quiet`]: the quiescence search plays
    /// only these.
    #[inline]
    fn is_noisy(pos: &Self::Position, mv: Self::Move) -> bool {
        Self::ply_kind(pos, mv) != PlyKind::Quiet
    }

    /// What the search's histories know a ply by: the moving piece (the
    /// game's code for its side and kind; 255 where no piece stands on the
    /// start, a placement) and the square it goes to, as `code << 8 |
    /// square`: the same piece going to the same square shares its
    /// statistics whatever its start. The default, for a game that says no
    /// more, is the ply's bits folded to 16.
    fn history_key(_pos: &Self::Position, mv: Self::Move) -> u32 {
        let b = mv.to_bits();
        ((b ^ b >> 16 ^ b >> 32 ^ b >> 48) & 0xFFFF) as u32
    }

    /// A key of the position's slowly changing structure (chess: its
    /// pawns), under which the search learns how far its static evaluation
    /// errs and corrects it (correction history). `None`: no correction.
    fn correction_key(_pos: &Self::Position) -> Option<u64> {
        None
    }

    /// How much a ply takes, to order captures and promotions among
    /// themselves (and evasions in quiescence), larger first: the victim's
    /// value weighed far above the attacker's (MVV-LVA), promotions counted.
    /// The search reads an eighth of it as the centipawns a capture takes:
    /// the games weigh the victim eight times and the attacker a tenth.
    fn mvv_lva(_pos: &Self::Position, _mv: Self::Move) -> i32 {
        0
    }

    /// A cheap lower bound on [`SearchHints::evaluate`] when that bound
    /// already reaches `beta`, for a game whose evaluation has an
    /// expensive part of limited size: quiescence then stands pat on it
    /// without the full evaluation (lazy evaluation). The default: `None`.
    fn evaluate_at_least(_pos: &Self::Position, _beta: i32) -> Option<i32> {
        None
    }

    /// Whether `mv` (the transposition table's move, perhaps from another
    /// position) is a legal ply here, for a game that can tell without
    /// generating every ply: the search then tries it before generating
    /// the others. The default says no, and the search generates first.
    fn is_legal(_pos: &Self::Position, _mv: Self::Move) -> bool {
        false
    }

    /// Appends the legal plies that [`SearchHints::is_noisy`] accepts and
    /// returns `true`, for a game that can generate them without the quiet
    /// ones; the quiescence search, out of check, then looks at no others
    /// (and takes an empty list for a quiet position, not a stalemate).
    /// The default returns `false` and appends nothing: the search
    /// generates every ply and keeps the noisy ones.
    fn generate_noisy(_pos: &Self::Position, _moves: &mut MoveList<Self::Move>) -> bool {
        false
    }

    /// Appends the noisy plies, as [`SearchHints::generate_noisy`], and
    /// the quiet ones that may give check (a superset of them: each is
    /// proved by making it), for quiescence's first ply; `false` (the
    /// default) where the game cannot, and the search then generates
    /// every ply.
    fn generate_noisy_and_checks(_pos: &Self::Position, _moves: &mut MoveList<Self::Move>) -> bool {
        false
    }

    /// Whether the exchange a ply starts gains at least `threshold`
    /// centipawns (static exchange evaluation). The search skips losing
    /// captures in quiescence and orders them late. The default knows no
    /// exchanges and says yes whenever the threshold is not positive.
    fn see_ge(_pos: &Self::Position, _mv: Self::Move, threshold: i32) -> bool {
        threshold <= 0
    }

    /// Whether the quiet ply `mv` may give check: `false` only where it
    /// surely does not attack the enemy king from its destination (a
    /// cheap filter before the ply is made; quiescence's first ply tries
    /// the quiet plies that check). The default cannot tell.
    fn may_check(_pos: &Self::Position, _mv: Self::Move) -> bool {
        true
    }

    /// The margin of delta pruning in quiescence, for variants whose
    /// [`SearchHints::see_ge`] bounds what a capture can win: a capture that
    /// cannot lift the stand-pat score to within this margin of alpha is
    /// skipped. Crowded boards full of free captures (shots that never
    /// risk the shooter) need it, or quiescence explodes. `None`: no delta
    /// pruning.
    fn qsearch_delta(_pos: &Self::Position) -> Option<i32> {
        None
    }

    /// Whether [`SearchHints::see_ge`] weighs what a capture wins against
    /// a positive threshold (the default's answer is no for every positive
    /// one), so that the search may delta-prune by it with a margin of its
    /// own where [`SearchHints::qsearch_delta`] gives none.
    const SEE_WEIGHS_GAINS: bool = false;

    /// Whether the search may prune a ply that gives check as it prunes
    /// the others (by its place and by SEE; the search option
    /// `PruneChecks` can only turn it off). Measured per game: it gained
    /// in chess and in Capablanca, and lost in Advanced Wizard Chess,
    /// whose checks decide more. The default keeps every check.
    const PRUNES_CHECKS: bool = false;

    /// Whether a turn of several plies is under way (some of its plies
    /// were played). The static score then cannot stand for the rest of the
    /// turn: a piece that moved in the turn may hang and cannot move again.
    /// The search does not stand pat or prune on it there; the variant
    /// marks the ply that ends the turn noisy so that quiescence searches
    /// it. The default: every turn is one ply.
    fn inside_turn(_pos: &Self::Position) -> bool {
        false
    }

    /// The position with the turn passed, where a null move is a sound
    /// pruning test (not in check, no zugzwang-prone material, not inside a
    /// multi-ply turn). `None` disables null-move pruning.
    fn null_move(_pos: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// The evaluation's weights by name, for a game whose evaluation is a
    /// sum of term counts times weights (see [`crate::weights`]); `None`
    /// for a game whose evaluation takes no weights file.
    fn eval_weights(&self) -> Option<EvalWeights> {
        None
    }

    /// The position's evaluation as term counts of
    /// [`SearchHints::eval_weights`], for fitting them (`arcana
    /// tune-eval`); `None` where the game has no weights.
    fn eval_trace(_pos: &Self::Position) -> Option<EvalTrace> {
        None
    }

    /// The game with its evaluation's weights changed to `weights` (which
    /// [`EvalWeights::read`] checked against
    /// [`SearchHints::eval_weights`]).
    fn with_eval_weights(&self, _weights: &EvalWeights) -> Result<Self, String> {
        Err(format!(
            "{}'s evaluation takes no weights file",
            self.spec().name
        ))
    }
}

/// A whole game: its rules, notation and search hints. Implemented for
/// every type that implements the four.
pub trait Variant: Rules + Fen + Notation + SearchHints {}

impl<T: Rules + Fen + Notation + SearchHints> Variant for T {}

/// The notation of a game whose every turn is one ply: it writes single
/// plies, and this adapter makes them turns (a token reads to one ply; a
/// turn's token is its ply's).
pub trait OnePlyNotation: Rules {
    /// Reads one wire token.
    fn parse_ply(pos: &Self::Position, token: &str) -> Result<Self::Move, MoveError>;

    /// The wire token of a ply.
    fn ply_to_token(pos: &Self::Position, mv: Self::Move) -> String;

    /// The token XBoard expects (see [`Notation::turn_to_xboard`]).
    fn ply_to_xboard(pos: &Self::Position, mv: Self::Move) -> String {
        Self::ply_to_token(pos, mv)
    }

    /// Human notation of a ply (SAN where the game has one).
    fn ply_to_san(pos: &Self::Position, mv: Self::Move) -> String {
        Self::ply_to_token(pos, mv)
    }

    /// Reads human notation or a wire token.
    fn parse_ply_san(pos: &Self::Position, text: &str) -> Result<Self::Move, MoveError> {
        Self::parse_ply(pos, text)
    }

    /// See [`Notation::xboard_definition`].
    fn xboard_definition(&self) -> Vec<String> {
        Vec::new()
    }
}

impl<T: OnePlyNotation> Notation for T {
    fn parse_turn(pos: &T::Position, token: &str) -> Result<Vec<T::Move>, MoveError> {
        T::parse_ply(pos, token).map(|m| vec![m])
    }

    fn turn_to_token(pos: &T::Position, plies: &[T::Move]) -> String {
        plies
            .first()
            .map(|&m| T::ply_to_token(pos, m))
            .unwrap_or_default()
    }

    fn turn_to_xboard(pos: &T::Position, plies: &[T::Move]) -> String {
        plies
            .first()
            .map(|&m| T::ply_to_xboard(pos, m))
            .unwrap_or_default()
    }

    fn xboard_definition(&self) -> Vec<String> {
        <T as OnePlyNotation>::xboard_definition(self)
    }

    fn turn_to_san(pos: &T::Position, plies: &[T::Move]) -> String {
        plies
            .first()
            .map(|&m| T::ply_to_san(pos, m))
            .unwrap_or_default()
    }

    fn parse_san(pos: &T::Position, text: &str) -> Result<Vec<T::Move>, MoveError> {
        T::parse_ply_san(pos, text).map(|m| vec![m])
    }
}
