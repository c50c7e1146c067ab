//! Findings and the report format of spec §1.

use std::fmt;

/// A rule: `F1`..`F5` (file format) or `R1`..`R33` (construction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A deck-file rule.
    F(u8),
    /// A construction rule.
    R(u8),
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::F(n) => write!(f, "F{n}"),
            Rule::R(n) => write!(f, "R{n}"),
        }
    }
}

impl Rule {
    /// Reads `R13` / `F2` (case-insensitive).
    pub fn parse(text: &str) -> Option<Rule> {
        let t = text.trim();
        let (kind, num) = t.split_at_checked(1)?;
        let n: u8 = num.parse().ok()?;
        match kind {
            "R" | "r" if (1..=33).contains(&n) => Some(Rule::R(n)),
            "F" | "f" if (1..=5).contains(&n) => Some(Rule::F(n)),
            _ => None,
        }
    }

    /// Whether `--waive` may name it: the class G rules.
    pub fn is_guideline(self) -> bool {
        matches!(self, Rule::R(8..=20 | 22 | 24 | 25 | 26))
    }
}

/// Error or warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Makes the deck illegal.
    Error,
    /// Reported; the deck stays legal (unless `--deny-warnings`).
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule broken.
    pub rule: Rule,
    /// The line, or `None` for the whole deck.
    pub line: Option<usize>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, naming the cards and numbers compared.
    pub message: String,
}

impl Finding {
    /// An error.
    pub fn error(rule: Rule, line: Option<usize>, message: String) -> Finding {
        Finding {
            rule,
            line,
            severity: Severity::Error,
            message,
        }
    }

    /// A warning.
    pub fn warning(rule: Rule, line: Option<usize>, message: String) -> Finding {
        Finding {
            rule,
            line,
            severity: Severity::Warning,
            message,
        }
    }
}

/// The result of a check: ordered findings.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Findings in report order.
    pub findings: Vec<Finding>,
}

impl Report {
    /// Orders findings by rule, deck-level first, then by line (stable).
    pub fn new(mut findings: Vec<Finding>) -> Report {
        findings.sort_by_key(|f| (f.rule, f.line.is_some(), f.line));
        Report { findings }
    }

    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    fn count(&self, s: Severity) -> usize {
        self.findings.iter().filter(|f| f.severity == s).count()
    }

    /// The report as printed for the deck named `deck`. Under
    /// `--deny-warnings` a deck with warnings is rejected, and its verdict
    /// line says so, in agreement with the exit status.
    pub fn render(&self, deck: &str, deny_warnings: bool) -> String {
        let mut out = String::new();
        for f in &self.findings {
            match f.line {
                Some(l) => out.push_str(&format!(
                    "{deck}:{l}: {}[{}]: {}\n",
                    f.severity, f.rule, f.message
                )),
                None => out.push_str(&format!(
                    "{deck}: {}[{}]: {}\n",
                    f.severity, f.rule, f.message
                )),
            }
        }
        let plural = |n: usize, word: &str| {
            if n == 1 {
                format!("1 {word}")
            } else {
                format!("{n} {word}s")
            }
        };
        let denied = self.errors() == 0 && self.denied(deny_warnings);
        out.push_str(&format!(
            "{deck}: {} ({}, {}{})\n",
            if self.exit_code(deny_warnings) == 0 {
                "legal"
            } else {
                "illegal"
            },
            plural(self.errors(), "error"),
            plural(self.warnings(), "warning"),
            if denied { "; warnings denied" } else { "" }
        ));
        out
    }

    fn denied(&self, deny_warnings: bool) -> bool {
        deny_warnings && self.warnings() > 0
    }

    /// The exit status: 0 legal, 1 illegal (or warnings when denied).
    pub fn exit_code(&self, deny_warnings: bool) -> i32 {
        if self.errors() > 0 || self.denied(deny_warnings) {
            1
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_by_rule_then_deck_level_then_line() {
        let r = Report::new(vec![
            Finding::warning(Rule::R(21), Some(12), "b".into()),
            Finding::warning(Rule::R(13), Some(20), "a".into()),
            Finding::error(Rule::R(4), None, "c".into()),
            Finding::error(Rule::R(13), None, "d".into()),
        ]);
        let order: Vec<_> = r.findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(order, ["c", "d", "a", "b"]);
        assert_eq!(
            r.render("x.deck", false).lines().last(),
            Some("x.deck: illegal (2 errors, 2 warnings)")
        );
        assert_eq!(
            r.render("x.deck", true).lines().last(),
            Some("x.deck: illegal (2 errors, 2 warnings)")
        );
        assert_eq!(
            Report::new(vec![]).render("d", true).trim(),
            "d: legal (0 errors, 0 warnings)"
        );
        // The verdict agrees with the exit status under --deny-warnings.
        let warned = Report::new(vec![Finding::warning(Rule::R(21), Some(12), "b".into())]);
        assert_eq!(
            warned.render("w", false).lines().last(),
            Some("w: legal (0 errors, 1 warning)")
        );
        assert_eq!(warned.exit_code(false), 0);
        assert_eq!(
            warned.render("w", true).lines().last(),
            Some("w: illegal (0 errors, 1 warning; warnings denied)")
        );
        assert_eq!(warned.exit_code(true), 1);
        assert_eq!(Rule::parse("r13"), Some(Rule::R(13)));
        assert_eq!(Rule::parse("R34"), None);
        assert!(Rule::R(13).is_guideline() && !Rule::R(4).is_guideline());
    }
}
