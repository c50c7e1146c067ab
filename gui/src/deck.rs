//! The Wizard's Chess deck checker for the page: each finding with its
//! line, and the verdict, as `arcana deck check` gives them.

use serde_json::{json, Value};

/// Checks a deck list against the built-in card table.
pub fn check(text: &str) -> Value {
    let table = deck::CardTable::builtin();
    let report = deck::check(text, &table, &deck::CheckOptions::default());
    let findings: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            json!({
                "rule": f.rule.to_string(),
                "line": f.line,
                "severity": f.severity.to_string(),
                "message": f.message,
            })
        })
        .collect();
    json!({
        "t": "deck",
        "legal": report.errors() == 0,
        "errors": report.errors(),
        "warnings": report.warnings(),
        "findings": findings,
        "text": report.render("deck", false),
    })
}
