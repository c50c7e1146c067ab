//! `arcana tune-search` end to end: real Arcana processes playing the
//! pairs, the values they were given, the file a run leaves.

use crate::common::{arcana, text};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arcana-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The values of a `NAME=VALUE` file.
fn values(file: &std::path::Path) -> Vec<(String, f64)> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| {
            let (k, v) = l.split_once('=').unwrap();
            (k.to_string(), v.parse().unwrap())
        })
        .collect()
}

#[test]
fn a_run_plays_its_pairs_with_nudged_engines_and_keeps_its_values() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("run");
    // Arcana behind a wrapper that logs what the tuner tells it, one log
    // per process: engines playing at once would interleave their lines
    // in a shared file.
    let wrapper = dir.join("engine.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\ntee '{}/stdin.'$$'.log' | exec '{}'\n",
            dir.display(),
            env!("CARGO_BIN_EXE_arcana")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out_file = dir.join("values.txt");
    let engine = format!("cmd={}", wrapper.display());
    let out = arcana(&[
        "tune-search",
        "--engine",
        &engine,
        "--params",
        "RfpMargin,LmpBase",
        "--nodes",
        "300",
        "--pairs",
        "3",
        "--concurrency",
        "2",
        "--random-plies",
        "4",
        "--maxplies",
        "60",
        "--quiet",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("SPSA, 3 pairs"), "{stdout}");
    assert!(
        stdout.contains("engine options: option.RfpMargin="),
        "{stdout}"
    );
    let kept = values(&out_file);
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert_eq!(kept[0].0, "RfpMargin");
    assert!((20.0..=250.0).contains(&kept[0].1), "{kept:?}");
    assert_eq!(kept[1].0, "LmpBase");
    // Six engines, each told both values; the two of a pair straddle the
    // start (80), so RfpMargin took at least two values.
    let told: String = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let margins: std::collections::BTreeSet<&str> = told
        .lines()
        .filter_map(|l| l.strip_prefix("setoption name RfpMargin value "))
        .collect();
    assert_eq!(
        told.lines()
            .filter(|l| l.starts_with("setoption name RfpMargin"))
            .count(),
        6,
        "{told}"
    );
    assert!(margins.len() >= 2, "{margins:?}");
    assert!(
        margins.iter().any(|m| m.parse::<i32>().unwrap() > 80),
        "{margins:?}"
    );
    assert!(
        margins.iter().any(|m| m.parse::<i32>().unwrap() < 80),
        "{margins:?}"
    );
    // A run goes on from the file.
    let out = arcana(&[
        "tune-search",
        "--params",
        "RfpMargin,LmpBase",
        "--start",
        out_file.to_str().unwrap(),
        "--nodes",
        "300",
        "--pairs",
        "1",
        "--maxplies",
        "60",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_list_and_bad_arguments() {
    let out = arcana(&["tune-search", "--list"]);
    assert!(out.status.success(), "{}", text(&out));
    let list = String::from_utf8_lossy(&out.stdout);
    assert!(
        list.contains("RfpMargin") && list.contains("[20, 250]"),
        "{list}"
    );
    for (args, says) in [
        (
            vec!["--nodes", "100", "--params", "Nonsense"],
            "no search parameter 'Nonsense'",
        ),
        (vec!["--params", "RfpMargin"], "give a limit"),
        (
            vec![
                "--nodes",
                "100",
                "--params",
                "RfpMargin",
                "--start",
                "RfpMargin=900",
            ],
            "outside its range",
        ),
        (
            vec![
                "--nodes",
                "100",
                "--params",
                "RfpMargin",
                "--start",
                "LmpBase=3",
            ],
            "not among the tuned parameters",
        ),
        (vec!["--nodes", "100", "--r-end", "0"], "--r-end"),
    ] {
        let mut all = vec!["tune-search"];
        all.extend(args);
        let out = arcana(&all);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{says}: {}",
            text(&out)
        );
    }
}
