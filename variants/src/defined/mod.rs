//! Games defined in a `variants.ini` file (Fairy-Stockfish's format; rules
//! in `docs/rules/defined-games.md`): read ([`ini`]), checked and compiled
//! ([`def`], [`betza`], [`piece`]) into a [`GameDef`] that one generic
//! game type, [`Defined`], plays on boards up to 16x16 with holes.
//!
//! A loaded game lives for the rest of the run (a `&'static GameDef`, as
//! the positions of the built-in games need no pointer at all): loading the
//! same text twice gives the same games.

pub mod betza;
pub mod builtin;
pub mod chase;
pub mod connect;
pub mod def;
mod describe;
pub mod drops;
#[cfg(test)]
mod drops_tests;
mod eval;
mod evaluate;
#[cfg(test)]
mod evaluate_tests;
mod fitted;
pub mod ini;
pub mod mobility;
pub mod movegen;
mod names;
mod notation;
pub mod piece;
pub mod position;
pub mod promotion;
pub mod roster;
mod rules;
mod see;
mod shuffle;
#[cfg(test)]
mod tests;
pub mod walls;
#[cfg(test)]
mod walls_tests;

pub use def::GameDef;
pub use ini::DefError;
pub use position::{Move, Position};

use crate::{
    Fen, FenError, GamePosition, MoveError, MoveList, OnePlyNotation, Outcome, PlyKind, Rules,
    SearchHints, Side,
};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// A game defined in a file.
#[derive(Clone, Copy, Debug)]
pub struct Defined(pub &'static GameDef);

/// What a `variants.ini` text gave: the games that load and every error
/// of the others, each with its file and line.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The games that load, in the file's order.
    pub games: Vec<&'static GameDef>,
    /// Every error, by line; a game with an error is not among the games.
    pub errors: Vec<DefError>,
    /// The sections of the file (headers that do not read included).
    pub sections: usize,
}

impl Loaded {
    /// The names of the games that load.
    pub fn names(&self) -> Vec<String> {
        self.games.iter().map(|g| g.spec.id.clone()).collect()
    }

    /// The sections that do not load.
    pub fn failed(&self) -> usize {
        self.sections.saturating_sub(self.games.len())
    }

    /// One line for people: `29 of 143 games load; 114 fail, needing:
    /// pieceDrops 28, ...` (each failing section counted once under every
    /// key it needs, then the other causes).
    pub fn summary(&self) -> String {
        let head = format!("{} of {} games load", self.games.len(), self.sections);
        if self.failed() == 0 {
            return head;
        }
        let mut by_cause: std::collections::BTreeMap<String, std::collections::BTreeSet<&str>> =
            std::collections::BTreeMap::new();
        for e in &self.errors {
            let section = e.section.as_deref().unwrap_or("");
            let label = match &e.cause {
                ini::Cause::Key(k) => k.clone(),
                ini::Cause::Parent(p) => format!("parent {p}"),
                ini::Cause::ParentFailed => "a parent that fails".into(),
                ini::Cause::Other => "other errors".into(),
            };
            by_cause.entry(label).or_default().insert(section);
        }
        let mut counts: Vec<(String, usize)> =
            by_cause.into_iter().map(|(k, v)| (k, v.len())).collect();
        // Most needed first; the catch-alls last.
        counts.sort_by_key(|(k, n)| {
            (
                k == "a parent that fails" || k == "other errors",
                std::cmp::Reverse(*n),
                k.clone(),
            )
        });
        let list: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!("{head}; {} fail: {}", self.failed(), list.join(", "))
    }
}

/// Reads every game of a `variants.ini` text (`file` names it in errors):
/// the games that load, and every error found, each with its file and
/// line. A section with an error is left out; the others load, as in
/// Fairy-Stockfish.
pub fn load(text: &str, file: &str) -> Loaded {
    static CACHE: LazyLock<Mutex<HashMap<(String, String), Loaded>>> =
        LazyLock::new(|| Mutex::new(HashMap::new()));
    let key = (text.to_string(), file.to_string());
    if let Some(hit) = CACHE.lock().map(|c| c.get(&key).cloned()).ok().flatten() {
        return hit;
    }
    let (sections, mut errors) = ini::read(text, file);
    let (defs, more) = def::compile_all(&sections, file, &builtin::sections);
    errors.extend(more);
    let mut games = Vec::new();
    for mut d in defs {
        // The start position must read: its errors are the file's.
        if d.chess960 {
            // Chess960's castling rights are written as the rooks' files
            // (`KQkq` reads as `HAha`): the start FEN as the game writes
            // it, so that a start position reads back the same.
            let probe: &'static GameDef = Box::leak(Box::new(d.clone()));
            if let Ok(start) = Position::from_fen(probe, &probe.start_fen) {
                d.start_fen = start.to_fen();
                d.spec.start_fen = d.start_fen.clone();
                d.spec.bench_fens = vec![d.start_fen.clone()];
            }
        }
        let leaked: &'static GameDef = Box::leak(Box::new(d));
        match Position::from_fen(leaked, &leaked.start_fen) {
            Ok(_) => games.push(leaked),
            Err(e) => errors.push(
                DefError::new(
                    file,
                    leaked.start_fen_line,
                    format!("[{}] startFen: {}", leaked.spec.id, e.message()),
                )
                .in_section(&leaked.spec.id),
            ),
        }
    }
    errors.sort_by_key(|e| e.line);
    let loaded = Loaded {
        games,
        errors,
        sections: sections.len(),
    };
    if let Ok(mut c) = CACHE.lock() {
        c.insert(key, loaded.clone());
    }
    loaded
}

/// Whether the game ends before any move is looked at (extinction, a flag
/// reached): Fairy-Stockfish's immediate game end, where no move is legal.
pub fn immediate_end(pos: &Position) -> Option<Outcome> {
    rules::immediate_end(pos)
}

impl GamePosition for Position {
    type Move = Move;

    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn make(&self, mv: Move) -> Position {
        movegen::make(self, mv)
    }

    fn in_check(&self) -> bool {
        movegen::in_check(self)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }
}

impl Rules for Defined {
    type Position = Position;

    type Move = Move;

    fn spec(&self) -> &crate::GameSpec {
        &self.0.spec
    }

    fn shuffled_start(&self, n: u64) -> Option<String> {
        shuffle::shuffled_start(self.0, n)
    }

    fn generate(pos: &Position, moves: &mut MoveList<Move>) {
        if rules::immediate_end(pos).is_none() {
            movegen::legal(pos, moves);
        }
    }

    fn move_rule_reached(pos: &Position) -> bool {
        let n = pos.def.n_move_rule;
        (n > 0 && pos.halfmove >= 2 * n) || rules::counted_out(pos)
    }

    fn move_rule_progress(pos: &Position) -> u32 {
        // `nMoveRule` counts moves of both sides; 0 turns the rule off.
        match pos.def.n_move_rule {
            0 => 0,
            n => (pos.halfmove * 50 / n).min(100),
        }
    }

    fn rule_outcome(pos: &Position) -> Option<Outcome> {
        rules::outcome(pos)
    }

    fn count_turns(pos: &Position) -> u64 {
        // A turn is one move: perft's last ply counts the legal moves
        // without making them.
        let mut moves = MoveList::new();
        Self::generate(pos, &mut moves);
        moves.len() as u64
    }

    fn repetition_outcome(history: &[Position], count: usize) -> Option<Outcome> {
        rules::repetition(history, count)
    }

    fn repetition_in_search(
        pos: &Position,
        span: usize,
        checked: &dyn Fn(usize) -> bool,
        line: &[Position],
    ) -> Option<Outcome> {
        rules::repetition_in_search(pos, span, checked, line)
    }

    fn repetition_needs_positions(pos: &Position) -> bool {
        pos.def.chase.is_some()
    }

    fn repetition_window(pos: &Position) -> u32 {
        // Where captures go to hand, a capture can be undone by a drop: any
        // earlier position may come back (Fairy-Stockfish looks as far).
        if pos.def.drops.captures_to_hand {
            u32::MAX / 2
        } else {
            pos.halfmove
        }
    }
}

impl Fen for Defined {
    fn read_fen(&self, fen: &str) -> Result<Position, FenError> {
        Position::from_fen(self.0, fen)
    }

    fn set_chess960(pos: &mut Position, on: bool) {
        // A game whose rules say Chess960 stays so (Fairy-Stockfish's
        // `UCI_Chess960` or the variant's).
        pos.chess960 = on || pos.def.chess960;
    }
}

impl OnePlyNotation for Defined {
    fn parse_ply(pos: &Position, token: &str) -> Result<Move, MoveError> {
        notation::parse_token(pos, token)
    }

    fn ply_to_token(pos: &Position, mv: Move) -> String {
        notation::to_token(pos, mv)
    }

    fn ply_to_xboard(pos: &Position, mv: Move) -> String {
        // XBoard's pass (Fairy-Stockfish writes it so there).
        if mv.kind() == position::Kind::Pass && !pos.def.walling.walls(mv) {
            return "@@@@".into();
        }
        notation::to_xboard(pos, mv)
    }

    fn ply_to_san(pos: &Position, mv: Move) -> String {
        notation::to_san(pos, mv)
    }

    fn parse_ply_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
        notation::parse_san(pos, text)
    }

    fn xboard_definition(&self) -> Vec<String> {
        builtin::xboard_definition(self.0)
    }
}

impl SearchHints for Defined {
    fn evaluate(pos: &Position) -> i32 {
        evaluate::evaluate(pos)
    }

    fn ply_kind(pos: &Position, mv: Move) -> PlyKind {
        // Where every move captures (clobber), taking is the game's quiet
        // move: a quiescence search of captures would search it to its end.
        if pos.def.every_move_captures {
            return PlyKind::Quiet;
        }
        if matches!(
            mv.kind(),
            position::Kind::Promotion | position::Kind::PiecePromotion
        ) || notation::is_capture(pos, mv)
        {
            PlyKind::Tactical
        } else {
            PlyKind::Quiet
        }
    }

    fn history_key(pos: &Position, mv: Move) -> u32 {
        // A drop is known apart from a move of its type to its square.
        let code = if mv.is_drop() {
            let promoted = if mv.is_promoted_drop() { 64 } else { 0 };
            128 + promoted + (mv.promo() * 2 + pos.side.index()) as u32
        } else {
            pos.piece(mv.from())
                .map_or(255, |(side, t)| (t * 2 + side) as u32)
        };
        code << 8 | mv.to() as u32
    }

    fn correction_key(pos: &Position) -> Option<u64> {
        // The pawns of both sides (the types that promote like pawns),
        // kept by the position as pieces come and go.
        Some(pos.pawn_hash)
    }

    fn mvv_lva(pos: &Position, mv: Move) -> i32 {
        let values = &pos.def.values;
        let victim = match mv.kind() {
            position::Kind::EnPassant => pos.def.pawn.map_or(100, |p| values[p]),
            position::Kind::Castling => 0,
            _ => pos
                .piece(mv.to())
                .filter(|&(side, _)| side != pos.side.index())
                .map_or(0, |(_, t)| values[t]),
        };
        let promo = match mv.kind() {
            position::Kind::Promotion => values[mv.promo()],
            position::Kind::PiecePromotion => pos
                .piece(mv.from())
                .map_or(0, |(_, t)| (values[mv.promo()] - values[t]).max(0)),
            _ => 0,
        };
        let attacker = pos.piece(mv.from()).map_or(0, |(_, t)| values[t] / 10);
        victim * 8 + promo - attacker
    }

    const SEE_WEIGHS_GAINS: bool = true;
    const PRUNES_CHECKS: bool = true;

    fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
        see::see_ge(pos, mv, threshold)
    }

    fn may_check(pos: &Position, mv: Move) -> bool {
        movegen::may_check(pos, mv)
    }

    fn evaluate_at_least(pos: &Position, beta: i32) -> Option<i32> {
        evaluate::evaluate_at_least(pos, beta)
    }

    fn eval_weights(&self) -> Option<crate::EvalWeights> {
        Some(crate::EvalWeights {
            game: self.0.spec.id.clone(),
            rules: self.0.rules_hash,
            names: eval::weight_names(self.0),
            values: self.0.eval.weights.clone(),
        })
    }

    fn eval_trace(pos: &Position) -> Option<crate::EvalTrace> {
        Some(evaluate::trace(pos))
    }

    fn with_eval_weights(&self, weights: &crate::EvalWeights) -> Result<Self, String> {
        let names = eval::weight_names(self.0);
        if weights.game != self.0.spec.id
            || weights.rules != self.0.rules_hash
            || weights.names != names
        {
            return Err(format!(
                "these weights are not those of {} as defined here",
                self.0.spec.id
            ));
        }
        // A new game for the rest of the run, as a loaded one is; the same
        // weights given again (a GUI's option at every new game) give the
        // same game, so a run holds one copy of each.
        type Key = (usize, Vec<[i32; 2]>);
        static MADE: LazyLock<Mutex<HashMap<Key, &'static GameDef>>> =
            LazyLock::new(|| Mutex::new(HashMap::new()));
        let key = (self.0 as *const GameDef as usize, weights.values.clone());
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        let def = *made.entry(key).or_insert_with(|| {
            let mut def = self.0.clone();
            def.eval.set_weights(self.0, &weights.values);
            Box::leak(Box::new(def))
        });
        Ok(Defined(def))
    }

    fn is_legal(pos: &Position, mv: Move) -> bool {
        rules::immediate_end(pos).is_none() && movegen::is_legal(pos, mv)
    }

    fn generate_noisy(pos: &Position, moves: &mut MoveList<Move>) -> bool {
        if rules::immediate_end(pos).is_none() {
            movegen::legal_of(pos, movegen::Moves::Noisy, moves);
        }
        true
    }

    fn generate_noisy_and_checks(pos: &Position, moves: &mut MoveList<Move>) -> bool {
        if rules::immediate_end(pos).is_none() {
            movegen::legal_of(pos, movegen::Moves::NoisyAndChecks, moves);
        }
        true
    }

    fn null_move(pos: &Position) -> Option<Position> {
        // Passing is unsound where zugzwang is likely: in check, with only
        // pawns and a king, or in games without checks (where a king may
        // be taken and a pass can hang it).
        let def = pos.def;
        let us = pos.side.index();
        if !def.checking || movegen::in_check(pos) {
            return None;
        }
        let pawns = def.promotion_pawn_types[us];
        let pieces = (0..def.pieces.len())
            .filter(|&t| pawns & (1 << t) == 0 && Some(t) != def.king)
            .any(|t| pos.pieces(us, t).any());
        if !pieces {
            return None;
        }
        let mut p = pos.clone();
        p.set_ep(piece::Board::EMPTY);
        p.flip_side();
        Some(p)
    }
}
