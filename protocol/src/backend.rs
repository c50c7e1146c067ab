//! The variant-specific half of a session: the game and the running search,
//! monomorphised per variant behind a small object-safe trait.

use engine::search::{first_turn, pv_tokens};
use engine::{search, Info, Limits, Reporter, Request, Score, Shared};
use std::io::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use variants::{Game, Variant, VariantVisitor};

/// Where protocol lines go; shared with the search thread.
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one protocol line (errors writing stdout cannot be reported).
pub fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Engine options that outlive a variant switch.
#[derive(Clone, Debug)]
pub struct Options {
    /// Hash size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Time kept per move.
    pub move_overhead: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 16,
            threads: 1,
            move_overhead: Duration::from_millis(30),
        }
    }
}

/// A game of one variant plus its search.
pub trait Backend: Send {
    /// Sets the position: a FEN (or the start) and moves played from it.
    /// On error the previous position stays.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// The current position's FEN.
    fn fen(&self) -> String;
    /// Starts a search that prints `info` lines and then `bestmove`.
    fn go(&mut self, limits: Limits, out: Out, options: &Options);
    /// Stops a running search and waits for its `bestmove`.
    fn stop(&mut self);
    /// Lets a bounded search finish (stops an infinite or pondering one).
    fn finish(&mut self);
    /// Forgets the hash table contents.
    fn clear_hash(&mut self);
    /// Re-creates the hash table with a new size (no search may run).
    fn resize_hash(&mut self, mib: usize);
    /// Ends pondering: the clock now applies.
    fn ponderhit(&mut self);
}

struct VariantBackend<V: Variant> {
    game: Game<V>,
    shared: Arc<Shared>,
    search: Option<JoinHandle<()>>,
    unbounded: bool,
}

struct UciReporter {
    out: Out,
}

impl Reporter for UciReporter {
    fn info(&self, i: &Info) {
        let score = match i.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        let ms = i.elapsed.as_millis() as u64;
        let nps = (i.nodes * 1000).checked_div(ms).unwrap_or(0);
        say(
            &self.out,
            &format!(
                "info depth {} seldepth {} multipv 1 score {score} nodes {} nps {nps} hashfull {} time {ms} pv {}",
                i.depth,
                i.seldepth,
                i.nodes,
                i.hashfull,
                i.pv.join(" ")
            ),
        );
    }
}

impl<V: Variant> Backend for VariantBackend<V> {
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut game = match fen {
            Some(f) => Game::<V>::from_fen(f).map_err(|e| e.to_string())?,
            None => Game::default(),
        };
        for m in moves {
            game.play_token(m).map_err(|e| e.to_string())?;
        }
        self.game = game;
        Ok(())
    }

    fn fen(&self) -> String {
        V::to_fen(self.game.position())
    }

    fn go(&mut self, limits: Limits, out: Out, options: &Options) {
        self.stop();
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Relaxed);
        shared.pondering.store(limits.ponder, Relaxed);
        self.unbounded = limits.infinite || limits.ponder;
        let root = self.game.position().clone();
        let hashes = self.game.hashes();
        let history = hashes[..hashes.len() - 1].to_vec();
        let req = Request::<V> {
            root,
            history,
            limits,
            search_moves: Vec::new(),
            threads: options.threads,
            move_overhead: options.move_overhead,
        };
        self.search = Some(std::thread::spawn(move || {
            let reporter = UciReporter {
                out: Arc::clone(&out),
            };
            let result = search::<V>(&shared, &req, &reporter);
            let turn = first_turn::<V>(&req.root, &result.pv);
            if turn.is_empty() {
                say(&out, "bestmove (none)");
                return;
            }
            let tokens = pv_tokens::<V>(&req.root, &result.pv);
            let best = V::turn_to_token(&req.root, &turn);
            match tokens.get(1) {
                Some(p) => say(&out, &format!("bestmove {best} ponder {p}")),
                None => say(&out, &format!("bestmove {best}")),
            }
        }));
    }

    fn stop(&mut self) {
        if let Some(handle) = self.search.take() {
            self.shared.pondering.store(false, Relaxed);
            self.shared.stop.store(true, Relaxed);
            let _ = handle.join();
        }
    }

    fn finish(&mut self) {
        if self.unbounded || self.shared.pondering.load(Relaxed) {
            self.stop();
        } else if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn clear_hash(&mut self) {
        self.stop();
        match Arc::get_mut(&mut self.shared) {
            Some(s) => s.tt.clear(),
            None => self.shared = Arc::new(Shared::new(16)),
        }
    }

    fn resize_hash(&mut self, mib: usize) {
        self.stop();
        self.shared = Arc::new(Shared::new(mib));
    }

    fn ponderhit(&mut self) {
        self.shared.pondering.store(false, Relaxed);
    }
}

impl<V: Variant> Drop for VariantBackend<V> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Builds the backend of a variant (used with `variants::with_variant`).
pub struct MakeBackend(pub usize);

impl VariantVisitor for MakeBackend {
    type Output = Box<dyn Backend>;
    fn visit<V: Variant>(self) -> Box<dyn Backend> {
        Box::new(VariantBackend::<V> {
            game: Game::default(),
            shared: Arc::new(Shared::new(self.0)),
            search: None,
            unbounded: false,
        })
    }
}
