//! The session's searches and batch jobs (`go perft`, `bench`): started on
//! the game handle through the search handle, their reports written as
//! UCI `info` lines or XBoard thinking output.

use crate::{say, Event, Out, Session};
use engine::{Bound, Score};
use play::{End, Found, Report, SearchOrder};
use std::sync::Arc;

/// How search progress is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// UCI `info` lines.
    Uci,
    /// XBoard thinking output (`depth score time nodes pv`), or nothing.
    Xboard {
        /// Whether thinking output is on (`post`).
        post: bool,
    },
}

/// A report as a protocol line; `None` where the protocol shows nothing.
pub fn report_line(style: Style, r: &Report) -> Option<String> {
    let ms = r.elapsed.as_millis() as u64;
    let tokens: Vec<&str> = r.line.iter().map(|t| t.token.as_str()).collect();
    match style {
        Style::Uci => {
            let score = match r.score {
                Score::Cp(cp) => format!("cp {cp}"),
                Score::Mate(n) => format!("mate {n}"),
            };
            let bound = match r.bound {
                Bound::Lower => " lowerbound",
                Bound::Upper => " upperbound",
                Bound::Exact => "",
            };
            // A fail low has no move to show: no empty `pv`.
            let pv = if tokens.is_empty() {
                String::new()
            } else {
                format!(" pv {}", tokens.join(" "))
            };
            Some(format!(
                "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {ms}{pv}",
                r.depth, r.seldepth, r.multipv, r.nodes, r.nps(), r.hashfull,
            ))
        }
        Style::Xboard { post } => {
            if !post || r.multipv != 1 || r.bound != Bound::Exact {
                return None;
            }
            // XBoard: centipawns, mates as 100000 + moves.
            let score = match r.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) if n > 0 => 100_000 + n,
                Score::Mate(n) => -100_000 + n,
            };
            Some(format!(
                "{} {score} {} {} {}",
                r.depth,
                ms / 10,
                r.nodes,
                tokens.join(" ")
            ))
        }
    }
}

/// Stockfish's `go perft` lines, `<turn>: <count>` per root turn, as one
/// block so that no other line lands inside it.
fn divide_lines(moves: &[(String, u64)]) -> String {
    moves.iter().map(|(t, n)| format!("{t}: {n}\n")).collect()
}

impl Session {
    /// A `done` callback that tells the session's loop a search ended.
    fn notifier(&self) -> Box<dyn FnOnce(u64) + Send> {
        let notify = self.notify.clone();
        Box::new(move |id| {
            let _ = notify.send(Event::SearchDone(id));
        })
    }

    /// Starts a search of the game (a running one is stopped), its
    /// reports written in `style`.
    pub(crate) fn start_search(
        &mut self,
        mut order: SearchOrder,
        style: Style,
    ) -> Result<(), String> {
        order.multipv = self.options.multipv;
        order.threads = self.options.threads;
        order.move_overhead = self.options.move_overhead;
        order.params = self.options.params;
        let out: Out = Arc::clone(&self.out);
        let sink = Box::new(move |_, r: Report| {
            if let Some(line) = report_line(style, &r) {
                say(&out, &line);
            }
        });
        let done = self.notifier();
        self.search
            .search(self.game.as_mut(), &order, sink, done)
            .map(|_| ())
    }

    /// Starts UCI `go perft`: the divide lines and `Nodes searched: N`
    /// are printed when the count ends; `stop` ends it, printing the root
    /// turns counted in full.
    pub(crate) fn start_perft(&mut self, depth: u32) -> Result<(), String> {
        let job = self.game.prepare_perft(depth, self.options.threads);
        let out = Arc::clone(&self.out);
        let done = self.notifier();
        let run = move |stop: &std::sync::atomic::AtomicBool| {
            let lines = match job(stop) {
                Ok(d) => format!("{}\nNodes searched: {}", divide_lines(&d.moves), d.nodes),
                Err(s) => format!(
                    "{}info string perft {depth} stopped: {} of {} root moves counted",
                    divide_lines(&s.counted),
                    s.counted.len(),
                    s.roots
                ),
            };
            say(&out, &lines);
        };
        self.search.batch(run, done).map(|_| ())
    }

    /// Starts UCI `bench` on the game's bench positions; it prints its
    /// lines as it goes and runs like `go perft`.
    pub(crate) fn start_bench(&mut self, depth: i32) -> Result<(), String> {
        let out = Arc::clone(&self.out);
        let each_out = Arc::clone(&out);
        let each = Box::new(move |i: usize, fen: &str, nodes: u64| {
            say(
                &each_out,
                &format!("info string position {} nodes {nodes} fen {fen}", i + 1),
            );
        });
        let job = self
            .game
            .prepare_bench(depth, self.options.threads, self.options.hash_mib, each);
        let done = self.notifier();
        let run = move |stop: &std::sync::atomic::AtomicBool| match job(stop) {
            Some(total) => {
                say(
                    &out,
                    &format!("info string total time {} ms", total.elapsed.as_millis()),
                );
                say(&out, &format!("{} nodes {} nps", total.nodes, total.nps()));
                if total.failed > 0 {
                    say(
                        &out,
                        &format!(
                            "info string error: {} bench position(s) not searched to the end",
                            total.failed
                        ),
                    );
                }
            }
            None => say(&out, "info string bench stopped"),
        };
        self.search.batch(run, done).map(|_| ())
    }

    /// Ends the search as `end` says and returns what it found.
    pub(crate) fn end_search(&mut self, end: End) -> Option<Found> {
        self.search.end(end)
    }
}
