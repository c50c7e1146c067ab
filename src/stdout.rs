//! Standard output for the engine and the tools. A reader may go away
//! before the output ends (`arcana perft ... | head -1`, a GUI that closes
//! the engine's pipe): the process then ends quietly with status 0, as
//! Stockfish and `ripgrep` do, where `println!` would panic with a
//! backtrace. Any other write error (a full disk) is reported once on
//! stderr and ends the process with status 2 ([`crate::exit::RULE`]):
//! nothing more can be said.

use std::io::{self, Write};

/// Standard output that never returns an error: see the module's doc.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(or_exit(io::stdout().write(buf)))
    }

    fn flush(&mut self) -> io::Result<()> {
        or_exit(io::stdout().flush());
        Ok(())
    }
}

fn or_exit<T>(result: io::Result<T>) -> T {
    match result {
        Ok(v) => v,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            std::process::exit(crate::exit::BAD_INPUT.into())
        }
    }
}

/// `print!` through [`Stdout`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!($crate::stdout::Stdout, $($arg)*);
    }};
}

/// `println!` through [`Stdout`].
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($crate::stdout::Stdout, $($arg)*);
    }};
}
