//! The Wizard's Chess deck checker (spec `docs/rules/wizards-chess-mtg.md`):
//! Wizard's Chess is a Magic: The Gathering deck format in which creatures
//! stand for chess pieces. [`check`] reads a deck list with a card table
//! and reports every construction rule the deck breaks.

pub mod cards;
pub mod decklist;
pub mod mtgjson;
pub mod names;
pub mod report;
pub mod rules;

pub use cards::{Card, CardTable, LoadError};
pub use report::{Finding, Report, Rule, Severity};

/// What the players agreed on and chose for one check.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// `--waive-roles`: every class G rule gives warnings.
    pub waive_roles: bool,
    /// `--waive`: these class G rules give warnings.
    pub waive: Vec<Rule>,
    /// `--ban` and `--ban-file` names (any spelling).
    pub banned: Vec<String>,
}

/// The rules named in `names` (`R13`, any case), each one the players may
/// waive (a class G guideline); the error names the first that is not.
pub fn waivable(names: &[String]) -> Result<Vec<Rule>, String> {
    names
        .iter()
        .map(|text| {
            let rule = Rule::parse(text.trim()).ok_or_else(|| format!("unknown rule '{text}'"))?;
            if rule.is_guideline() {
                Ok(rule)
            } else {
                Err(format!(
                    "{rule} is not a guideline (class G) rule and cannot be waived"
                ))
            }
        })
        .collect()
}

/// Checks a deck file's text against the card table.
pub fn check(text: &str, table: &CardTable, options: &CheckOptions) -> Report {
    let list = decklist::read(text, table);
    let mut findings = list.findings.clone();
    let format_errors = findings.iter().any(|f| f.severity == Severity::Error);
    if !format_errors {
        let rule_options = rules::RuleOptions {
            banned: options.banned.iter().map(|n| names::normalize(n)).collect(),
        };
        findings.extend(rules::check(&list, table, &rule_options));
    }
    for f in &mut findings {
        let waived = options.waive_roles || options.waive.contains(&f.rule);
        if waived && f.rule.is_guideline() {
            f.severity = Severity::Warning;
        }
    }
    Report::new(findings)
}
