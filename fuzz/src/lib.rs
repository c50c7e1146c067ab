//! The properties Arcana's parsers must keep, whatever the input: shared by
//! the fuzz targets (`tests/targets.rs`, run by `cargo test` on their
//! corpora and by `cargo bolero test` for as long as one likes) and by the
//! regression tests of the crashes they found.
//!
//! Every property panics with a message that says what broke.

// The library's test binary is built by `cargo bolero test` too, with the
// coverage instrumentation that libFuzzer (in bolero) resolves.
#[cfg(test)]
use bolero as _;

pub mod defined;
pub mod games;
pub mod session;
pub mod texts;

/// Input bytes as text: invalid UTF-8 becomes U+FFFD, as a lossy reader of
/// a file or a pipe would see it.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A byte-by-byte reader of fuzz input: choices that run out read as 0.
pub struct Bytes<'a> {
    rest: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads `data` from the start.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { rest: data }
    }

    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.rest.split_first() {
            Some((&b, rest)) => {
                self.rest = rest;
                b
            }
            None => 0,
        }
    }

    /// A choice among `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        let v = u16::from_le_bytes([self.byte(), self.byte()]) as usize;
        v % n.max(1)
    }

    /// Everything not read yet.
    pub fn rest(self) -> &'a [u8] {
        self.rest
    }
}
