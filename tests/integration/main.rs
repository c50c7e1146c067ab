//! The integration tests, one binary for all of them: each module was its
//! own test crate, and each crate links the engine anew (with the release
//! profile's whole-program optimisation, some 20 s apiece here), so that
//! one binary builds faster, and its tests fill both cores together
//! instead of waiting for the crate before them. A new test module goes
//! here, not in `tests/`.

mod common;

mod advancedwizard_suites;
mod build_reuse;
mod chess_suites;
mod cli;
mod deck_examples;
mod defined_cli;
mod defined_vs_fairy;
mod magician_suites;
mod matches;
mod parallelworlds_suites;
mod protocols;
mod selfplay;
mod tune;
mod tune_eval;
mod vanguard_suites;
