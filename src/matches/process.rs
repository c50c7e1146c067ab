//! An engine as a child process: lines in, lines out, with deadlines.

use super::spec::EngineSpec;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line kept from an engine; the rest of a longer line is dropped,
/// so a runaway engine cannot fill the memory.
const MAX_LINE: u64 = 1 << 16;

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout,
    /// The process exited or closed its pipes.
    Crashed(String),
    /// It said something the protocol does not allow here.
    Protocol(String),
    /// It cannot play this game at all (e.g. no `setboard` for a FEN
    /// start): a setup error, not a lost game.
    Unsupported(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout => f.write_str("did not answer in time"),
            Failure::Crashed(why) => write!(f, "stopped running ({why})"),
            Failure::Protocol(why) => write!(f, "broke the protocol: {why}"),
            Failure::Unsupported(why) => f.write_str(why),
        }
    }
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    label: String,
}

impl EngineProcess {
    /// Starts the engine `spec` describes; `label` names it in logs.
    pub fn spawn(spec: &EngineSpec, label: &str) -> Result<EngineProcess, String> {
        let mut command = Command::new(&spec.command[0]);
        command
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.command.join(" ")))?;
        let stdin = child.stdin.take().ok_or("no stdin pipe")?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let (tx, lines) = mpsc::channel();
        let reader_label = label.to_string();
        std::thread::Builder::new()
            .name(format!("{label} reader"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    if buf.len() as u64 >= MAX_LINE && buf.last() != Some(&b'\n') {
                        // Skip the rest of an overlong line.
                        let mut sink = Vec::new();
                        let _ = reader.read_until(b'\n', &mut sink);
                    }
                    let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                    log::debug!("{reader_label} > {line}");
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            label: label.to_string(),
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        log::debug!("{} < {line}", self.label);
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crashed(format!("cannot write to it: {e}")))
    }

    /// The next line, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crashed(self.exit_status())),
        }
    }

    /// Reads lines until `accept` returns a value, or the deadline passes.
    pub fn wait_for<T>(
        &mut self,
        deadline: Instant,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, Failure> {
        loop {
            let line = self.recv(deadline)?;
            if let Some(found) = accept(&line) {
                return Ok(found);
            }
        }
    }

    /// Drops lines already received (late output of a finished game).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Ends the process at once (it hung or misbehaved).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn exit_status(&mut self) -> String {
        // The pipe closes a moment before the exit status is ready.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("exit {status}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        "closed its output".to_string()
    }
}

impl Drop for EngineProcess {
    /// Gives the engine a moment to leave after `quit`, then kills it.
    fn drop(&mut self) {
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
