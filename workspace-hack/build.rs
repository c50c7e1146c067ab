//! Empty: a build script makes Cargo resolve this crate's
//! build-dependencies, which lift the features of the host's `syn`.
fn main() {}
