//! The `arcana` binary as a child process driven over pipes, shared by the
//! integration tests.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// Runs `arcana` with arguments to completion.
pub fn arcana(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(args)
        .output()
        .expect("run arcana")
}

/// A finished run's status, stdout and stderr, for assertion messages.
pub fn text(out: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Runs `arcana` with arguments, `input` on its standard input, to completion.
pub fn arcana_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arcana");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .expect("write stdin");
    child.wait_with_output().expect("wait for arcana")
}

/// A running engine with a line reader that never blocks the test forever.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start arcana");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one satisfies `done`; returns the lines read.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            // Generous: this guards against hangs, it is not a speed test.
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(_) => panic!("no expected line; got so far: {got:?}"),
            }
        }
    }

    /// Sends `line` and returns its reply: the first line that is not
    /// search progress (UCI `info depth`, XBoard thinking output).
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.until(|l| !l.starts_with("info depth") && !l.starts_with(|c: char| c.is_ascii_digit()))
            .pop()
            .unwrap()
    }

    /// The `Fen:` line that `d` prints.
    pub fn fen(&mut self) -> String {
        self.send("d");
        self.until(|l| l.starts_with("Fen: ")).pop().unwrap()
    }

    pub fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}
