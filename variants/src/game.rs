//! A game in progress: the position plus the history that repetition needs.

use crate::{FenError, MoveError, Outcome, Variant};

/// A game: a start position and the turns played from it.
///
/// Keeps every position at a turn boundary, so undo is a pop and threefold
/// repetition is a scan of the hashes since the last irreversible move.
pub struct Game<V: Variant> {
    variant: V,
    positions: Vec<V::Position>,
    hashes: Vec<u64>,
    turns: Vec<Vec<V::Move>>,
}

impl<V: Variant> Clone for Game<V> {
    fn clone(&self) -> Self {
        Game {
            variant: self.variant.clone(),
            positions: self.positions.clone(),
            hashes: self.hashes.clone(),
            turns: self.turns.clone(),
        }
    }
}

impl<V: Variant> Game<V> {
    /// A game of `variant` starting from `start`.
    pub fn new(variant: V, start: V::Position) -> Self {
        let hash = V::hash(&start);
        Game {
            variant,
            positions: vec![start],
            hashes: vec![hash],
            turns: Vec::new(),
        }
    }

    /// A game of `variant` from its start position.
    pub fn start(variant: V) -> Self {
        let start = variant.start();
        Self::new(variant, start)
    }

    /// A game of `variant` starting from a FEN.
    pub fn from_fen(variant: V, fen: &str) -> Result<Self, FenError> {
        let start = variant.read_fen(fen)?;
        Ok(Self::new(variant, start))
    }

    /// The game it is a game of.
    pub fn variant(&self) -> &V {
        &self.variant
    }

    /// The current position.
    pub fn position(&self) -> &V::Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &V::Position {
        &self.positions[0]
    }

    /// The turns played so far, each as its plies.
    pub fn turns(&self) -> &[Vec<V::Move>] {
        &self.turns
    }

    /// Hashes of the positions at each turn boundary, oldest first
    /// (the search uses them to see repetitions of the game's history).
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// The positions at each turn boundary, the start first.
    pub fn positions(&self) -> &[V::Position] {
        &self.positions
    }

    /// Plays a turn given as a wire token (or human notation). On error the
    /// game is unchanged.
    pub fn play_token(&mut self, token: &str) -> Result<(), MoveError> {
        let plies = V::parse_san(self.position(), token)?;
        self.play_plies(plies);
        Ok(())
    }

    /// Plays a turn already known to be legal (e.g. from the search).
    pub fn play_plies(&mut self, plies: Vec<V::Move>) {
        let mut pos = self.position().clone();
        for &mv in &plies {
            pos = V::make(&pos, mv);
        }
        self.hashes.push(V::hash(&pos));
        self.positions.push(pos);
        self.turns.push(plies);
    }

    /// Takes back the last turn; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.turns.pop().is_none() {
            return false;
        }
        self.positions.pop();
        self.hashes.pop();
        true
    }

    /// How many times the current position has occurred (at least 1).
    pub fn repetitions(&self) -> usize {
        let current = *self.hashes.last().expect("a game always has a position");
        // Only positions since the last irreversible move can repeat.
        let window = (V::repetition_window(self.position()) as usize + 1).min(self.hashes.len());
        self.hashes[self.hashes.len() - window..]
            .iter()
            .filter(|&&h| h == current)
            .count()
    }

    /// The result, if the game is over: by the rules of the position, or by
    /// threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = V::rule_outcome(self.position()) {
            return Some(outcome);
        }
        V::repetition_outcome(&self.positions, self.repetitions())
    }
}
