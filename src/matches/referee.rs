//! The arbiter of a match game: the game's own rules, through the one game
//! handle every front end holds, and the turns as they were sent to the
//! engines.

use play::{GameHandle, Turn};
use variants::pgn::Notation;
use variants::{Outcome, Registry, Side};

/// A turn as it was played, in the forms the engines need (the wire token
/// for UCI engines and PGN, XBoard's form for XBoard engines).
pub type Played = Turn;

/// A game under the rules of one game of the registry.
pub struct Referee {
    game: Box<dyn GameHandle>,
    played: Vec<Played>,
}

impl Referee {
    /// A referee for the game of `registry` named `name`, at its start
    /// position.
    pub fn new(registry: &Registry, name: &str) -> Result<Referee, String> {
        Ok(Referee {
            game: play::open(registry, name, None)?,
            played: Vec::new(),
        })
    }

    /// The game's identifier.
    pub fn variant(&self) -> &str {
        &self.game.spec().id
    }

    /// The game's start position.
    pub fn variant_start_fen(&self) -> &str {
        &self.game.spec().start_fen
    }

    /// The game's shuffled setup numbered `n` (Chess960's), if it has
    /// such setups.
    pub fn shuffled_start(&self, n: u64) -> Option<String> {
        self.game.shuffled_start(n)
    }

    /// Starts a new game from `fen`.
    pub fn reset(&mut self, fen: &str) -> Result<(), String> {
        self.game.new_game(Some(fen))?;
        self.played.clear();
        Ok(())
    }

    /// The FEN the current game started from.
    pub fn start_fen(&self) -> String {
        self.game.start_fen()
    }

    /// The current position.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }

    /// Checks and plays a turn sent by an engine (its wire token, or human
    /// notation); on error the game is unchanged and the reason says why.
    pub fn play(&mut self, text: &str) -> Result<Played, String> {
        let turn = self.game.play(text).map_err(|e| e.to_string())?;
        self.played.push(turn.clone());
        Ok(turn)
    }

    /// Plays the legal turn `choose(n)` picks among the `n` there are;
    /// `None` when there is none.
    pub fn play_random(&mut self, choose: &mut dyn FnMut(usize) -> usize) -> Option<Played> {
        let turn = self.game.play_random(choose)?;
        self.played.push(turn.clone());
        Some(turn)
    }

    /// The result by the rules (mate, no move, repetition, move-count rule,
    /// king capture), if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The turns played so far.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The game as PGN, with `move_comments[i]` after turn `i`.
    pub fn pgn(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        notation: Notation,
        comment: Option<&str>,
        move_comments: &[Option<String>],
    ) -> String {
        self.game
            .pgn(tags, result, notation, comment, move_comments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::{DrawReason, WinReason};

    fn referee(registry: &Registry, name: &str) -> Result<Referee, String> {
        Referee::new(registry, name)
    }

    #[test]
    fn plays_checks_and_judges_by_the_rules() {
        let mut r = referee(&Registry::builtin(), "chess").unwrap();
        for m in ["f2f3", "e7e5", "g2g4"] {
            r.play(m).unwrap();
        }
        assert!(r.play("e1e5").is_err(), "illegal moves are refused");
        assert!(r.play("garbage").is_err());
        assert_eq!(r.played().len(), 3);
        let mate = r.play("Qh4").unwrap();
        assert_eq!(mate.token, "d8h4");
        assert_eq!(
            r.outcome(),
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::Checkmate
            })
        );
        r.reset("8/8/8/8/8/8/k7/7K w - - 0 1").unwrap();
        assert_eq!(
            r.outcome(),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        );
        assert!(r.reset("not a fen").is_err());
        assert!(referee(&Registry::builtin(), "nochess").is_err());
    }

    #[test]
    fn random_turns_are_legal_and_chosen_by_the_caller() {
        let mut r = referee(&Registry::builtin(), "magician").unwrap();
        let mut seen = Vec::new();
        for i in 0..6 {
            let played = r
                .play_random(&mut |n| {
                    seen.push(n);
                    i % n
                })
                .unwrap();
            assert!(!played.token.is_empty());
        }
        assert_eq!(r.played().len(), 6);
        assert!(seen.iter().all(|&n| n > 1));
        // Replaying the tokens from the start gives the same position.
        let fen = r.fen();
        let tokens: Vec<String> = r.played().iter().map(|p| p.token.clone()).collect();
        let mut again = referee(&Registry::builtin(), "magician").unwrap();
        for t in &tokens {
            again.play(t).unwrap();
        }
        assert_eq!(again.fen(), fen);
    }
}
