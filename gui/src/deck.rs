//! The Wizard's Chess deck checker for the page: each finding with its
//! line, and the verdict, as `arcana deck check` gives them.

use serde_json::{json, Value};

/// The article's example deck, for the page's "Sample deck".
pub const SAMPLE: &str = include_str!("../../tests/data/deck/example.deck");

/// Checks a deck list against the built-in card table, with the players'
/// waivers and bans; findings in line order, the deck's own last.
pub fn check(
    text: &str,
    waive_roles: bool,
    waive: &[String],
    banned: &[String],
) -> Result<Value, String> {
    let table = deck::CardTable::builtin();
    let options = deck::CheckOptions {
        waive_roles,
        waive: deck::waivable(waive).map_err(|e| format!("waive: {e}"))?,
        banned: banned.to_vec(),
    };
    let report = deck::check(text, &table, &options);
    let mut sorted: Vec<&deck::Finding> = report.findings.iter().collect();
    sorted.sort_by_key(|f| (f.line.is_none(), f.line));
    let findings: Vec<Value> = sorted
        .into_iter()
        .map(|f| {
            json!({
                "rule": f.rule.to_string(),
                "line": f.line,
                "severity": f.severity.to_string(),
                "message": f.message,
            })
        })
        .collect();
    Ok(json!({
        "t": "deck",
        "legal": report.errors() == 0,
        "errors": report.errors(),
        "warnings": report.warnings(),
        "findings": findings,
        "text": report.render("deck", false),
    }))
}
