//! Vanguard Chess perft: every number of the spec's table (rules section
//! 13), copied to `perft/data/vanguard.epd`. The whole table is about six
//! million nodes, a second in a release build, so all of it runs here.

use perft::epd;
use variants::vanguard::Vanguard;

#[test]
fn vanguard_perft_table() {
    let path = format!("{}/perft/data/vanguard.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let entries = epd::parse(&text).unwrap();
    assert_eq!(entries.len(), 26);
    let checks = epd::check(&Vanguard, &entries, 30);
    assert_eq!(checks.len(), 76);
    let failures: Vec<_> = checks.iter().filter(|c| !c.passed()).collect();
    assert!(failures.is_empty(), "perft mismatches: {failures:#?}");
}
