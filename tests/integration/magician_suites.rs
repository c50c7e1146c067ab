//! Magician Chess perft: every number of the spec's table (rules section
//! 15), copied to `perft/data/magician.epd`. Counts up to a node budget run
//! in the normal test run; the ignored test runs every depth.

use perft::epd::{self, Check};
use variants::magician::Magician;

fn checks(budget: u64) -> Vec<Check> {
    let path = format!("{}/perft/data/magician.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut entries = epd::parse(&text).unwrap();
    assert_eq!(entries.len(), 20);
    for e in &mut entries {
        e.expected.retain(|&(_, n)| n <= budget);
    }
    epd::check(&Magician, &entries, 30)
}

fn assert_pass(checks: &[Check]) {
    let failures: Vec<&Check> = checks.iter().filter(|c| !c.passed()).collect();
    assert!(failures.is_empty(), "perft mismatches: {failures:#?}");
}

#[test]
fn magician_perft_within_budget() {
    let c = checks(400_000);
    assert!(c.len() >= 70, "{}", c.len());
    assert_pass(&c);
}

#[test]
#[ignore = "every depth of the spec's table: about 25 million nodes, a few seconds"]
fn magician_perft_full_depth() {
    let c = checks(u64::MAX);
    assert_eq!(c.len(), 88);
    assert_pass(&c);
}
