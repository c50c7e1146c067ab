//! Advanced Wizard Chess perft: every number of the spec's table (rules
//! section 12), copied to `perft/data/advancedwizard.epd`. The whole table
//! is about 31 million nodes, a few seconds in a release build, so all of
//! it runs here.

use perft::epd;
use variants::advancedwizard::AdvancedWizard;

#[test]
fn advancedwizard_perft_table() {
    let path = format!(
        "{}/perft/data/advancedwizard.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let entries = epd::parse(&text).unwrap();
    assert_eq!(entries.len(), 19);
    let checks = epd::check(&AdvancedWizard, &entries, 30);
    assert_eq!(checks.len(), 73);
    let failures: Vec<_> = checks.iter().filter(|c| !c.passed()).collect();
    assert!(failures.is_empty(), "perft mismatches: {failures:#?}");
}
