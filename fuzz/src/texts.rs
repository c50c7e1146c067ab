//! Files users hand to the tools: perft suites (EPD) and deck lists.

use crate::text;
use deck::{CardTable, CheckOptions, Severity};
use std::fmt::Write;
use std::sync::OnceLock;
use variants::chess::Chess;

/// A perft suite that is read writes back to a suite that reads the same,
/// and checking it (to depth 1) never fails on the suite's own terms.
pub fn epd(bytes: &[u8]) {
    let input = text(bytes);
    let Ok(entries) = perft::epd::parse(&input) else {
        return;
    };
    let mut written = String::new();
    for e in &entries {
        written.push_str(&e.fen);
        for (depth, count) in &e.expected {
            let _ = write!(written, " ;D{depth} {count}");
        }
        if let Some(n) = e.first_plies {
            let _ = write!(written, " ;S {n}");
        }
        written.push('\n');
    }
    let again = perft::epd::parse(&written)
        .unwrap_or_else(|e| panic!("a suite that was read writes back refused ({e}):\n{written}"));
    assert_eq!(again.len(), entries.len(), "{written}");
    for (a, b) in again.iter().zip(&entries) {
        assert_eq!(
            (&a.fen, &a.expected, a.first_plies),
            (&b.fen, &b.expected, b.first_plies),
            "{written}"
        );
    }
    let checks = perft::epd::check(&Chess, &entries, 1);
    for c in &checks {
        assert!(c.depth <= 1, "a check beyond the depth cap: {c:?}");
    }
}

fn builtin() -> &'static CardTable {
    static TABLE: OnceLock<CardTable> = OnceLock::new();
    TABLE.get_or_init(CardTable::builtin)
}

/// Any deck list gets a report whose findings point at its own lines and
/// whose verdict line agrees with the findings and with the exit status,
/// with and without `--waive-roles` and `--deny-warnings`.
pub fn deck_list(bytes: &[u8]) {
    let input = text(bytes);
    let lines = input.lines().count();
    for waive_roles in [false, true] {
        let options = CheckOptions {
            waive_roles,
            ..CheckOptions::default()
        };
        let report = deck::check(&input, builtin(), &options);
        let errors = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count();
        assert_eq!(report.errors(), errors);
        for f in &report.findings {
            if let Some(line) = f.line {
                assert!(
                    (1..=lines.max(1)).contains(&line),
                    "finding on line {line} of a {lines}-line list: {f:?}"
                );
            }
            assert!(!f.message.is_empty(), "{f:?}");
            if waive_roles && f.rule.is_guideline() {
                assert_eq!(f.severity, Severity::Warning, "waived: {f:?}");
            }
        }
        for deny in [false, true] {
            let rendered = report.render("d", deny);
            let verdict = rendered.lines().last().unwrap_or("");
            let legal = report.exit_code(deny) == 0;
            let word = if legal { "d: legal (" } else { "d: illegal (" };
            assert!(verdict.starts_with(word), "{verdict} (exit {legal})");
            assert_eq!(
                rendered.lines().count(),
                report.findings.len() + 1,
                "one line per finding and the verdict:\n{rendered}"
            );
            assert_eq!(legal, errors == 0 && (!deny || report.warnings() == 0));
        }
    }
}

/// An openings file for `arcana match` in any game: every position it
/// yields is one the referee reads back to the same FEN, and no line makes
/// the reader slow (it once tried every prefix of a line).
pub fn openings(bytes: &[u8]) {
    let (&which, rest) = bytes.split_first().unwrap_or((&0, &[]));
    let registry = variants::Registry::builtin();
    let ids = registry.ids();
    let id = &ids[which as usize % ids.len()];
    let mut referee = arcana::matches::referee::Referee::new(&registry, id)
        .unwrap_or_else(|e| panic!("the referee of {id}: {e}"));
    let input = text(rest);
    let Ok(fens) = arcana::matches::openings::read_text(&input, "f", &mut referee) else {
        return;
    };
    assert!(
        !fens.is_empty(),
        "{id}: an openings file read without positions"
    );
    for fen in fens {
        referee
            .reset(&fen)
            .unwrap_or_else(|e| panic!("{id}: the opening {fen:?} that was read is refused: {e}"));
        assert_eq!(referee.start_fen(), fen, "{id}");
    }
}
