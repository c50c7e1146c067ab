//! The README's two commands share one build: every crate that
//! `cargo run --release` compiles is compiled with the features the tests'
//! build gives it, so `cargo test --release` reuses it instead of building
//! it (and everything above it) again. Cargo's resolver 2 leaves the
//! dev-dependencies' features out of the engine's build; the
//! `workspace-hack` crate asks for them. This test fails when a new or
//! upgraded dependency makes the two builds drift apart again, and names
//! the crates and features to add to `workspace-hack/Cargo.toml`.

use std::collections::BTreeMap;
use std::process::Command;

/// Each package of the workspace's graph (name and version) with the
/// features enabled on it, as `cargo tree` resolves them with `edges`.
fn features(edges: &str) -> BTreeMap<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "--workspace", "--offline", "--locked", "--prefix"])
        .args(["none", "--format", "{p}|{f}", "--edges", edges])
        .output()
        .expect("run cargo tree");
    assert!(
        out.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let (package, features) = line.trim_end_matches(" (*)").split_once('|')?;
            // A path package prints its directory: the name and version are enough.
            let name = package.split(" (").next().unwrap_or(package);
            Some((name.to_string(), features.to_string()))
        })
        .collect()
}

#[test]
fn the_test_build_reuses_the_engine_build() {
    // `no-dev`: the graph `cargo run` builds; `all`: the tests' graph.
    let engine = features("no-dev");
    let tests = features("all");
    assert!(
        engine.keys().any(|p| p.starts_with("tokio ")),
        "the engine's graph was not read: {engine:?}"
    );
    let drift: Vec<String> = engine
        .iter()
        .filter(|(package, f)| tests.get(*package) != Some(f))
        .map(|(package, f)| {
            format!(
                "{package}: engine [{f}], tests [{}]",
                tests.get(package).map_or("", String::as_str)
            )
        })
        .collect();
    assert!(
        drift.is_empty(),
        "these crates would be built twice; lift them in workspace-hack/Cargo.toml:\n{}",
        drift.join("\n")
    );
}
