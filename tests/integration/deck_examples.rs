//! The deck checker's acceptance examples (spec section 6), data-driven:
//! `tests/data/deck/examples.txt` lists each change to `example.deck`, the
//! flags, and the rules expected as errors (a set) and warnings (with their
//! counts), run through the `arcana deck check` binary. Malformed input
//! follows: clear errors, exit status 2 where the spec says so, no panic.

use crate::common::{arcana, arcana_with_input};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/deck")
        .join(name)
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Applies one row's edits to the example deck.
fn edit(deck: &str, edits: &str) -> String {
    let mut lines: Vec<String> = deck.lines().map(str::to_string).collect();
    if edits == "-" {
        return lines.join("\n") + "\n";
    }
    for op in edits.split(" ; ") {
        let (verb, rest) = op.split_once(' ').unwrap();
        let (old, new) = match rest.split_once(" => ") {
            Some((o, n)) => (o, Some(n.replace("\\n", "\n"))),
            None => (rest, None),
        };
        let i = lines
            .iter()
            .position(|l| squash(l).contains(&squash(old)))
            .unwrap_or_else(|| panic!("no line holds '{old}'"));
        match (verb, new) {
            ("replace", Some(n)) => {
                lines.splice(i..=i, n.lines().map(str::to_string));
            }
            ("after", Some(n)) => {
                lines.splice(i + 1..i + 1, n.lines().map(str::to_string));
            }
            ("delete", None) => {
                lines.remove(i);
            }
            _ => panic!("bad edit '{op}'"),
        }
    }
    lines.join("\n") + "\n"
}

/// Splits flags on spaces, keeping double-quoted words together.
fn flags(text: &str) -> Vec<String> {
    if text == "-" {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

fn expected(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| *w != "-")
        .flat_map(|w| {
            if w == "base" {
                vec!["R13".to_string(), "R21".to_string()]
            } else {
                vec![w.to_string()]
            }
        })
        .collect()
}

/// (severity, rule, line) of every finding line, and the verdict line.
fn findings(out: &str, deck: &str) -> (Vec<(String, String, Option<usize>)>, String) {
    let mut found = Vec::new();
    let mut verdict = String::new();
    for line in out.lines() {
        let rest = line.strip_prefix(deck).unwrap_or_else(|| panic!("{line}"));
        if rest.starts_with(": legal") || rest.starts_with(": illegal") {
            verdict = rest[2..].to_string();
            continue;
        }
        let (num, body) = match rest.strip_prefix(':').unwrap().split_once(": ") {
            Some((n, b)) if n.bytes().all(|c| c.is_ascii_digit()) && !n.is_empty() => {
                (Some(n.parse().unwrap()), b)
            }
            _ => (None, rest.strip_prefix(": ").unwrap()),
        };
        let (sev, tail) = body.split_once('[').unwrap();
        let rule = tail.split(']').next().unwrap();
        found.push((sev.to_string(), rule.to_string(), num));
    }
    (found, verdict)
}

#[test]
fn acceptance_examples_give_the_spec_findings() {
    let example = std::fs::read_to_string(data("example.deck")).unwrap();
    let table = std::fs::read_to_string(data("examples.txt")).unwrap();
    let dir = std::env::temp_dir().join(format!("arcana-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        assert_eq!(f.len(), 6, "{line}");
        let (row, edits, flag_text, errors, warnings, exit) = (f[0], f[1], f[2], f[3], f[4], f[5]);
        let path = dir.join(format!("row{row}.deck"));
        std::fs::write(&path, edit(&example, edits)).unwrap();
        let p = path.to_str().unwrap().to_string();
        let mut args = vec!["deck".to_string(), "check".to_string()];
        args.extend(flags(flag_text));
        args.push(p.clone());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = arcana(&args);
        let code = out.status.code().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(code.to_string(), exit, "row {row}: {stdout}");
        rows += 1;
        if errors == "usage" {
            assert!(stdout.is_empty(), "row {row}: {stdout}");
            assert!(!out.stderr.is_empty());
            continue;
        }
        let (found, verdict) = findings(&stdout, &p);
        let got = |sev: &str| -> Vec<String> {
            found
                .iter()
                .filter(|f| f.0 == sev)
                .map(|f| f.1.clone())
                .collect()
        };
        let want_errors: BTreeSet<String> = expected(errors).into_iter().collect();
        let got_errors: BTreeSet<String> = got("error").into_iter().collect();
        assert_eq!(got_errors, want_errors, "row {row} errors:\n{stdout}");
        let count = |v: Vec<String>| {
            let mut m = BTreeMap::new();
            for r in v {
                *m.entry(r).or_insert(0) += 1;
            }
            m
        };
        assert_eq!(
            count(got("warning")),
            count(expected(warnings)),
            "row {row} warnings:\n{stdout}"
        );
        // The verdict agrees with the exit status (--deny-warnings too).
        let legal = if exit == "0" { "legal" } else { "illegal" };
        assert!(verdict.starts_with(legal), "row {row}: {verdict}");
        if row == "0" {
            assert_eq!(
                found,
                [
                    ("warning".to_string(), "R13".to_string(), Some(20)),
                    ("warning".to_string(), "R21".to_string(), Some(12))
                ]
            );
            let want = if flag_text == "--deny-warnings" {
                "illegal (0 errors, 2 warnings; warnings denied)"
            } else {
                "legal (0 errors, 2 warnings)"
            };
            assert_eq!(verdict, want);
        }
        if row == "38" {
            assert!(
                stdout.contains(":32: error[F4]") && stdout.contains("Lightning Bolt"),
                "{stdout}"
            );
        }
        if row == "29" {
            assert!(stdout.contains(": error[R4]:"), "deck-level R4: {stdout}");
            assert_eq!(verdict, "illegal (1 error, 2 warnings)");
        }
    }
    assert_eq!(rows, 46);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_clear_errors_and_no_panic() {
    let dir = std::env::temp_dir().join(format!("arcana-deck-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    };
    // Missing, empty, not UTF-8: exit 2, one line on stderr, nothing on stdout.
    let binary: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
    for path in [
        dir.join("missing.deck").to_str().unwrap().to_string(),
        write("empty.deck", b""),
        write("blank.deck", b"\n  \n"),
        write("binary.deck", &binary),
    ] {
        let out = arcana(&["deck", "check", &path]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&path), "{err}");
    }
    // A 10 MB file and a 100,000-character line: findings, not a crash.
    let mut big = String::from("King's colour: green\nQueen's colour: red\n");
    while big.len() < 10_000_000 {
        big.push_str("1 Nonexistent Card Of Some Length [King]\n2 Forest\n");
    }
    let long = format!(
        "King's colour: G\nQueen's colour: R\n1 {}\n",
        "x".repeat(100_000)
    );
    let odd = "King's colour: green\nQueen's colour: red\nQueen's colour: blue\n\
               1 Craw Wurm [Jester]\nForest\n0 Forest\n1 Craw [Wurm] [King]\n";
    for (name, text, rule) in [
        ("big.deck", big.as_str(), "F4"),
        ("long.deck", long.as_str(), "F4"),
        ("odd.deck", odd, "F1"),
    ] {
        let path = write(name, text.as_bytes());
        let out = arcana(&["deck", "check", &path]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains(&format!("error[{rule}]")), "{name}");
        assert!(stdout.trim_end().ends_with("errors, 0 warnings)") || stdout.contains("illegal"));
    }
    let out = arcana(&["deck", "check", &write("odd2.deck", odd.as_bytes())]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    for rule in [
        ":3: error[F3]",
        ":4: error[F2]",
        ":5: error[F1]",
        ":6: error[F1]",
        ":7: error[F1]",
    ] {
        assert!(stdout.contains(rule), "{rule}: {stdout}");
    }
    // Standard input, a user table overriding a built-in row, deck show.
    let example = std::fs::read_to_string(data("example.deck")).unwrap();
    let out = arcana_with_input(&["deck", "check", "-"], example.as_bytes());
    assert!(
        String::from_utf8_lossy(&out.stdout).ends_with("<stdin>: legal (0 errors, 2 warnings)\n")
    );
    let header =
        "name\tmana_cost\tcolors\ttypes\tsupertypes\tsubtypes\tpower\ttoughness\tkeywords\ttags";
    let fix = write(
        "fix.tsv",
        format!("{header}\nCarnivorous Plant\t{{3}}{{G}}\tG\tCreature\t\tPlant Wall\t4\t7\tDefender\t\n").as_bytes(),
    );
    let deck = write("example.deck", example.as_bytes());
    let out = arcana(&["deck", "check", "--cards", &fix, &deck]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.ends_with("legal (0 errors, 1 warning)\n"),
        "toughness 7 beats 6: {stdout}"
    );
    let bad_table = write(
        "bad.tsv",
        format!("{header}\nX\t\tG\tSorcery\t\t\t\t\t\tshiny\n").as_bytes(),
    );
    let out = arcana(&["deck", "check", "--cards", &bad_table, &deck]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.tsv:2:"));
    let out = arcana(&["deck", "show", "juzam", "djinn"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("name: Juzám Djinn") && stdout.contains("CMC: 4"),
        "{stdout}"
    );
    let out = arcana(&["deck", "show", "Wall", "of", "Bones"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Wall of Bone"));
    // A part of a name, or a misspelt first word, finds the card.
    for (part, card) in [
        ("craw", "'Craw Wurm'"),
        ("wurm", "'Craw Wurm'"),
        ("juzam", "'Juzám Djinn'"),
    ] {
        let out = arcana(&["deck", "show", part]);
        assert_eq!(out.status.code(), Some(1));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(&format!("did you mean {card}")),
            "{part}: {stdout}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
