//! Perft suites in EPD form: `<fen> ;D1 20 ;D2 400 ...`, optionally with
//! `;S <n>`, the number of legal first plies (for variants whose turns have
//! several plies, such as Parallel Worlds' sub-moves).

use crate::perft;
use std::fmt;
use variants::Variant;

/// One line of a perft suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The position.
    pub fen: String,
    /// (depth, expected count) pairs in file order.
    pub expected: Vec<(u32, u64)>,
    /// The expected number of legal first plies (`;S <n>`), if given.
    pub first_plies: Option<u64>,
}

/// A line that is not a perft suite entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for EpdError {}

/// Reads a perft suite. Blank lines and lines starting with `#` are skipped.
pub fn parse(text: &str) -> Result<Vec<EpdEntry>, EpdError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut parts = trimmed.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut expected = Vec::new();
        let mut first_plies = None;
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let bad = || EpdError {
                line,
                message: format!("expected 'D<depth> <count>' or 'S <count>', found '{part}'"),
            };
            if let Some(n) = part.strip_prefix("S ") {
                first_plies = Some(n.trim().parse().map_err(|_| bad())?);
                continue;
            }
            let rest = part.strip_prefix('D').ok_or_else(bad)?;
            let mut words = rest.split_whitespace();
            let depth = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
            let count = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
            if words.next().is_some() {
                return Err(bad());
            }
            expected.push((depth, count));
        }
        if expected.is_empty() {
            return Err(EpdError {
                line,
                message: "no ';D<depth> <count>' entries".to_string(),
            });
        }
        out.push(EpdEntry {
            line,
            fen,
            expected,
            first_plies,
        });
    }
    Ok(out)
}

/// The outcome of checking one (position, depth) pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The entry's line number.
    pub line: usize,
    /// The position.
    pub fen: String,
    /// Depth checked; 0 stands for the count of legal first plies (`;S`).
    pub depth: u32,
    /// Count in the file.
    pub expected: u64,
    /// Count computed, or the FEN error.
    pub actual: Result<u64, String>,
}

impl Check {
    /// Whether the computed count equals the expected one.
    pub fn passed(&self) -> bool {
        self.actual == Ok(self.expected)
    }
}

/// Checks every entry, as positions of `game`, up to `max_depth`, running
/// positions in parallel on the current rayon pool.
pub fn check<V: Variant>(game: &V, entries: &[EpdEntry], max_depth: u32) -> Vec<Check> {
    use rayon::prelude::*;
    let jobs: Vec<(&EpdEntry, u32, u64)> = entries
        .iter()
        .flat_map(|e| e.expected.iter().map(move |&(d, n)| (e, d, n)))
        .filter(|&(_, d, _)| d <= max_depth)
        .collect();
    let mut checks: Vec<Check> = jobs
        .par_iter()
        .map(|&(e, depth, expected)| Check {
            line: e.line,
            fen: e.fen.clone(),
            depth,
            expected,
            actual: game
                .read_fen(&e.fen)
                .map(|pos| perft::<V>(&pos, depth))
                .map_err(|err| err.to_string()),
        })
        .collect();
    for e in entries {
        if let Some(expected) = e.first_plies {
            checks.push(Check {
                line: e.line,
                fen: e.fen.clone(),
                depth: 0,
                expected,
                actual: game
                    .read_fen(&e.fen)
                    .map(|pos| {
                        let mut list = variants::MoveList::new();
                        V::generate(&pos, &mut list);
                        list.len() as u64
                    })
                    .map_err(|err| err.to_string()),
            });
        }
    }
    checks
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::chess::Chess;

    #[test]
    fn parses_and_checks() {
        let text = "# comment\n\n8/8/8/8/8/8/8/K6k w - - 0 1 ;S 3 ;D1 3 ;D2 9\n";
        let entries = parse(text).unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[0].expected, vec![(1, 3), (2, 9)]);
        assert_eq!(entries[0].first_plies, Some(3));
        let checks = check(&Chess, &entries, 9);
        assert_eq!(checks.len(), 3);
        assert!(checks.iter().all(Check::passed), "{checks:?}");
    }

    #[test]
    fn reports_mismatch_and_bad_lines() {
        let entries = parse("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 4").unwrap();
        let checks = check(&Chess, &entries, 5);
        assert_eq!(checks[0].actual, Ok(3));
        assert!(!checks[0].passed());
        let wrong_plies = parse("8/8/8/8/8/8/8/K6k w - - 0 1 ;S 2 ;D1 3").unwrap();
        let checks = check(&Chess, &wrong_plies, 1);
        assert!(checks
            .iter()
            .any(|c| c.depth == 0 && c.actual == Ok(3) && !c.passed()));
        assert!(parse("8/8/8/8/8/8/8/K6k w - - 0 1 ;S x ;D1 3").is_err());
        assert_eq!(parse("x ;D1 abc").unwrap_err().line, 1);
        assert!(parse("8/8/8/8/8/8/8/K6k w - - 0 1").is_err());
        let bad_fen = parse("garbage ;D1 1").unwrap();
        assert!(check(&Chess, &bad_fen, 1)[0].actual.is_err());
    }
}
