//! Parallel Worlds Chess perft: every number of the spec's table (rules
//! section 13), copied to `perft/data/parallelworlds.epd`: whole-turn counts
//! at every listed depth and the counts of first sub-moves. The table holds
//! about 1.5 billion turns; the last turn of each sequence is counted
//! without being played, so it takes well under a minute on two cores.

use perft::epd;
use variants::parallelworlds::ParallelWorlds;

#[test]
fn parallelworlds_perft_table() {
    let path = format!(
        "{}/perft/data/parallelworlds.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let entries = epd::parse(&text).unwrap();
    assert_eq!(entries.len(), 14);
    let checks = epd::check(&ParallelWorlds, &entries, 3);
    // 31 turn counts and 14 first-sub-move counts.
    assert_eq!(checks.len(), 45);
    let failures: Vec<_> = checks.iter().filter(|c| !c.passed()).collect();
    assert!(failures.is_empty(), "perft mismatches: {failures:#?}");
}
