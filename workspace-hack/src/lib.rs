//! Holds no code. Its manifest unifies dependency features between the
//! engine's build and the tests' build (see `Cargo.toml`).
