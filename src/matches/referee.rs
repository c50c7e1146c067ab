//! The arbiter of a match game: the variant's own rules, behind an object
//! so that the match runner itself is not generic.

use variants::pgn::{self, Notation};
use variants::{turns, Game, Outcome, Registry, Side, UnknownVariant, Variant, VariantVisitor};

/// A turn as it was played, in the forms the engines need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The wire token (UCI engines, PGN).
    pub token: String,
    /// The token for XBoard engines.
    pub xboard: String,
}

/// A game under the rules of one variant.
pub trait Referee: Send {
    /// The variant's identifier.
    fn variant(&self) -> &str;
    /// The variant's start position.
    fn variant_start_fen(&self) -> &str;
    /// Starts a new game from `fen`.
    fn reset(&mut self, fen: &str) -> Result<(), String>;
    /// The FEN the current game started from.
    fn start_fen(&self) -> String;
    /// The current position.
    fn fen(&self) -> String;
    /// Whose turn it is.
    fn side_to_move(&self) -> Side;
    /// Checks and plays a turn sent by an engine (its wire token, or human
    /// notation); on error the game is unchanged and the reason says why.
    fn play(&mut self, text: &str) -> Result<Played, String>;
    /// Plays the legal turn `choose(n)` picks among the `n` there are;
    /// `None` when there is none.
    fn play_random(&mut self, choose: &mut dyn FnMut(usize) -> usize) -> Option<Played>;
    /// The result by the rules (mate, no move, repetition, move-count rule,
    /// king capture), if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The turns played so far.
    fn played(&self) -> &[Played];
    /// The game as PGN.
    fn pgn(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        notation: Notation,
        comment: Option<&str>,
    ) -> String;
}

/// A referee for the game of `registry` named `id`, at its start position.
pub fn referee(registry: &Registry, id: &str) -> Result<Box<dyn Referee>, UnknownVariant> {
    struct Make;
    impl VariantVisitor for Make {
        type Output = Box<dyn Referee>;
        fn visit<V: Variant>(self, game: V) -> Box<dyn Referee> {
            Box::new(Rules::<V> {
                game: Game::start(game),
                played: Vec::new(),
            })
        }
    }
    registry.visit(id, Make)
}

struct Rules<V: Variant> {
    game: Game<V>,
    played: Vec<Played>,
}

impl<V: Variant> Rules<V> {
    fn commit(&mut self, plies: Vec<V::Move>) -> Played {
        let pos = self.game.position();
        let played = Played {
            token: V::turn_to_token(pos, &plies),
            xboard: V::turn_to_xboard(pos, &plies),
        };
        self.game.play_plies(plies);
        self.played.push(played.clone());
        played
    }
}

impl<V: Variant> Referee for Rules<V> {
    fn variant(&self) -> &str {
        &self.game.variant().spec().id
    }

    fn variant_start_fen(&self) -> &str {
        &self.game.variant().spec().start_fen
    }

    fn reset(&mut self, fen: &str) -> Result<(), String> {
        let variant = self.game.variant().clone();
        self.game = Game::from_fen(variant, fen).map_err(|e| e.to_string())?;
        self.played.clear();
        Ok(())
    }

    fn start_fen(&self) -> String {
        V::to_fen(self.game.start_position())
    }

    fn fen(&self) -> String {
        V::to_fen(self.game.position())
    }

    fn side_to_move(&self) -> Side {
        V::side_to_move(self.game.position())
    }

    fn play(&mut self, text: &str) -> Result<Played, String> {
        let plies = V::parse_san(self.game.position(), text).map_err(|e| e.to_string())?;
        Ok(self.commit(plies))
    }

    fn play_random(&mut self, choose: &mut dyn FnMut(usize) -> usize) -> Option<Played> {
        let mut all = Vec::new();
        turns::for_each_turn::<V>(self.game.position(), &mut |plies, _| {
            all.push(plies.to_vec())
        });
        if all.is_empty() {
            return None;
        }
        let pick = choose(all.len()).min(all.len() - 1);
        Some(self.commit(all.swap_remove(pick)))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn played(&self) -> &[Played] {
        &self.played
    }

    fn pgn(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        notation: Notation,
        comment: Option<&str>,
    ) -> String {
        pgn::write_with(&self.game, tags, result, notation, comment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::{DrawReason, WinReason};

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
