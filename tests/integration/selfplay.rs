//! Two Arcana processes play each other over UCI, refereed by the rules
//! library: every move must be legal and every game must end by a rule.
//! Ignored (about a minute of play); run with
//! `cargo test --release --test integration selfplay -- --ignored --nocapture`.
//! `ARCANA_SELFPLAY_GAMES` and `ARCANA_SELFPLAY_MOVETIME` (ms) change the
//! defaults of 4 games at 100 ms a move (about 35 s on 2 cores).

use crate::common::Engine;
use variants::magician::Magician;
use variants::{Game, Outcome, Variant};

/// An engine set to play `variant`.
fn engine(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    assert_eq!(e.ask("isready"), "readyok");
    e
}

fn play<V: Variant>(variant: V, games: usize, movetime: u64) -> Vec<Outcome> {
    let id = variant.spec().id.clone();
    let mut engines = [engine(&id), engine(&id)];
    let mut results = Vec::new();
    for g in 0..games {
        for e in &mut engines {
            e.send("ucinewgame");
        }
        let mut game = Game::start(variant.clone());
        let mut tokens: Vec<String> = Vec::new();
        // Engines alternate colours; the first mover is engine g % 2.
        let mut mover = g % 2;
        let outcome = loop {
            if let Some(o) = game.outcome() {
                break o;
            }
            let e = &mut engines[mover];
            e.send(&format!("position startpos moves {}", tokens.join(" ")));
            e.send(&format!("go movetime {movetime}"));
            let best = e.until(|l| l.starts_with("bestmove ")).pop().unwrap();
            let token = best.split_whitespace().nth(1).unwrap().to_string();
            if let Err(err) = game.play_token(&token) {
                panic!(
                    "game {}: illegal move {token} after {tokens:?}: {err}",
                    g + 1
                );
            }
            tokens.push(token);
            mover = 1 - mover;
        };
        eprintln!(
            "game {}: {} ({outcome}) after {} turns",
            g + 1,
            outcome.result(),
            tokens.len()
        );
        results.push(outcome);
    }
    for e in engines {
        e.quit();
    }
    results
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "plays whole games: about 35 s on 2 cores"]
fn magician_selfplay_over_uci() {
    let games = setting("ARCANA_SELFPLAY_GAMES", 4) as usize;
    let movetime = setting("ARCANA_SELFPLAY_MOVETIME", 100);
    let results = play(Magician, games, movetime);
    assert_eq!(results.len(), games);
}
