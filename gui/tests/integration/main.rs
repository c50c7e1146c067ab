//! The page's and the server's tests, one binary for all of them: each
//! module was its own test crate, and each crate links the server anew
//! (with the release profile's whole-program optimisation), so that one
//! binary builds faster and its tests fill both cores together. A new
//! test module goes here, not in `gui/tests/`.

mod browser;
mod page_knows_no_game;
mod server;
mod session;
