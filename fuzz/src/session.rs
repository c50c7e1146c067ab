//! Whole UCI and XBoard sessions of arbitrary lines. After every line the
//! engine must answer `isready` / `ping` at once; a line it rejects must
//! leave the position as it was; `quit` must end it. A session that stops
//! answering fails the property (instead of hanging the fuzzer).

use crate::text;
use protocol::Session;
use std::io::{self, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The protocol a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI, opened with `uci`.
    Uci,
    /// XBoard, opened with `xboard` and `protover 2`.
    Xboard,
}

/// Most lines of one input driven through a session.
const LINES_MAX: usize = 64;

/// How long one input may take before the session counts as hung.
const HUNG_AFTER: Duration = Duration::from_secs(8);

#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Output {
    fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn since(&self, mark: usize) -> String {
        let all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&all[mark.min(all.len())..]).into_owned()
    }
}

/// Drives the input's lines through a session of `dialect` and checks the
/// properties; panics, naming the line, when one breaks or the session
/// stops answering.
pub fn session(bytes: &[u8], dialect: Dialect) {
    let input = text(bytes);
    let lines: Vec<String> = input.lines().take(LINES_MAX).map(str::to_string).collect();
    let at = Arc::new(Mutex::new(String::from("the opening handshake")));
    let (done, finished) = mpsc::channel();
    let where_ = Arc::clone(&at);
    let worker = std::thread::spawn(move || {
        drive(&lines, dialect, &where_);
        let _ = done.send(());
    });
    match finished.recv_timeout(HUNG_AFTER) {
        // Disconnected: the worker panicked; its message is reported.
        Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            let line = at.lock().unwrap_or_else(|e| e.into_inner()).clone();
            panic!("{dialect:?} session hung at {line}");
        }
    }
}

fn drive(lines: &[String], dialect: Dialect, at: &Mutex<String>) {
    let out = Output::default();
    let mut s = Session::new(out.clone());
    let opening: &[&str] = match dialect {
        Dialect::Uci => &["uci"],
        Dialect::Xboard => &["xboard", "protover 2"],
    };
    for line in opening {
        s.feed(line);
    }
    for (i, line) in lines.iter().enumerate() {
        *at.lock().unwrap_or_else(|e| e.into_inner()) = format!("line {}: {line:?}", i + 1);
        if !s.pump() {
            return;
        }
        let before = s.fen();
        let waiting = s.waiting();
        let mark = out.len();
        if !s.feed(line) {
            return;
        }
        let said = out.since(mark);
        if !waiting && !s.waiting() && rejected(&said, dialect) {
            assert_eq!(
                s.fen(),
                before,
                "the rejected line {line:?} changed the position; the engine said:\n{said}"
            );
        }
        let (probe, answer) = match dialect {
            Dialect::Uci => ("isready".to_string(), "readyok".to_string()),
            Dialect::Xboard => (format!("ping {i}"), format!("pong {i}")),
        };
        let mark = out.len();
        s.feed(&probe);
        let said = out.since(mark);
        assert!(
            said.lines().any(|l| l == answer),
            "no '{answer}' at once after {line:?}; the engine said:\n{said}"
        );
    }
    *at.lock().unwrap_or_else(|e| e.into_inner()) = "quit".to_string();
    s.feed("quit");
}

/// Whether the engine refused the line it was just given.
fn rejected(said: &str, dialect: Dialect) -> bool {
    said.lines().any(|l| match dialect {
        Dialect::Uci => l.starts_with("info string error"),
        Dialect::Xboard => l.starts_with("Error") || l.starts_with("Illegal move"),
    })
}
