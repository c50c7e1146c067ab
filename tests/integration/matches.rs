//! `arcana match` and `arcana match-merge` end to end: real Arcana
//! processes, and small shell-script engines that misbehave on purpose.

use crate::common::{arcana, text};
use std::path::{Path, PathBuf};
use std::process::Output;
use variants::{pgn, Registry, Variant, VariantVisitor};

/// A scratch directory removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("arcana-match-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }

    /// Writes an executable shell script.
    fn script(&self, file: &str, body: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let path = self.path(file);
        std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Reads every game of a PGN file with the variant's rules; returns
/// (result, turns) per game.
fn read_pgn(variant: &str, file: &Path) -> Vec<(String, usize)> {
    read_pgn_comments(variant, file)
        .into_iter()
        .map(|(result, turns, _)| (result, turns))
        .collect()
}

/// Reads every game of a PGN file with the variant's rules; returns
/// (result, turns, each turn's comment) per game.
fn read_pgn_comments(variant: &str, file: &Path) -> Vec<(String, usize, Vec<Option<String>>)> {
    struct Read<'a>(&'a str);
    impl VariantVisitor for Read<'_> {
        type Output = Vec<(String, usize, Vec<Option<String>>)>;
        fn visit<V: Variant>(self, variant: V) -> Self::Output {
            self.0
                .split("[Event ")
                .filter(|g| !g.trim().is_empty())
                .map(|g| {
                    let game = pgn::read(&variant, &format!("[Event {g}"))
                        .unwrap_or_else(|e| panic!("{e}\n{g}"));
                    (game.result, game.game.turns().len(), game.comments)
                })
                .collect()
        }
    }
    let content = std::fs::read_to_string(file).unwrap();
    variants::with_variant(variant, Read(&content)).unwrap()
}

#[test]
fn every_variant_plays_a_four_game_match_over_both_protocols() {
    let dir = Scratch::new("variants");
    for variant in Registry::builtin().ids() {
        let variant = variant.as_str();
        let (pgn_file, json_file) = (
            dir.path(&format!("{variant}.pgn")),
            dir.path(&format!("{variant}.json")),
        );
        let out = arcana(&[
            "match",
            "--variant",
            variant,
            "--engine",
            "name=Uci,option.Hash=4",
            "--engine",
            "name=Xb,proto=xboard,option.Hash=4",
            "--games",
            "4",
            "--depth",
            "2",
            "--random-plies",
            "2",
            "--repeat",
            // Depth-2 play can shuffle for thousands of plies (Advanced
            // Wizard Chess re-places captured pieces, and every capture
            // resets the 100-ply count).
            "--maxplies",
            "300",
            "--quiet",
            "--pgn",
            pgn_file.to_str().unwrap(),
            "--json",
            json_file.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{variant}: {}", text(&out));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(&format!("Uci vs Xb ({variant}, depth=2): 4 of 4 games")),
            "{stdout}"
        );
        let report = json(&json_file);
        let games = report["games"].as_array().unwrap();
        assert_eq!(games.len(), 4);
        let read = read_pgn_comments(variant, &pgn_file);
        assert_eq!(read.len(), 4, "{variant}: four games in the PGN");
        for (g, (result, turns, comments)) in games.iter().zip(&read) {
            // Each engine's turn says its score, depth and time, as
            // cutechess writes them (`{+0.31/2 0.012s}`); the random
            // opening's turns say nothing.
            assert!(comments[..2].iter().all(Option::is_none), "{comments:?}");
            for c in &comments[2..] {
                let c = c
                    .as_deref()
                    .unwrap_or_else(|| panic!("{variant}: {comments:?}"));
                let words: Vec<&str> = c.split_whitespace().collect();
                assert!(
                    words.len() == 2 && words[1].ends_with('s'),
                    "{variant}: {c}"
                );
                let depth = words[0].split_once('/').map(|(_, d)| d);
                assert!(matches!(depth, Some("1" | "2")), "{variant}: {c}");
            }
            assert_eq!(g["result"].as_str().unwrap(), result);
            assert_eq!(g["plies"].as_u64().unwrap() as usize, *turns);
            // The moves, for replaying the game (arcana gui opens reports).
            assert_eq!(g["moves"].as_array().unwrap().len(), *turns, "{g}");
            // Games end by the rules or the move limit, never by a failure.
            let end = g["termination"].as_str().unwrap();
            assert!(end == "normal" || end == "adjudication", "{g}");
        }
        // --repeat: games 1 and 2 share the opening, colours swapped.
        assert_eq!(games[0]["opening_moves"], games[1]["opening_moves"]);
        assert_eq!(
            (games[0]["white"].as_str(), games[1]["white"].as_str()),
            (Some("Uci"), Some("Xb"))
        );
        let pgn_text = std::fs::read_to_string(&pgn_file).unwrap();
        for tag in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Variant",
            "TimeControl",
            "Termination",
        ] {
            assert_eq!(pgn_text.matches(&format!("[{tag} ")).count(), 4, "{tag}");
        }
    }
}

/// Runs Arcana against the engine `cmd` (named `name`) with `extra`
/// arguments, writing the JSON report to `json_file`; returns the report.
fn versus(name: &str, cmd: &str, extra: &[&str], json_file: &Path) -> serde_json::Value {
    let spec = format!("name={name},cmd={cmd}");
    let mut args = vec![
        "match",
        "--engine",
        "name=Arcana",
        "--engine",
        &spec,
        "--quiet",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--json", json_file.to_str().unwrap()]);
    let out = arcana(&args);
    assert!(out.status.success(), "{}", text(&out));
    json(json_file)
}

/// A UCI engine that answers every `go` with `bestmove <reply>`, and exits
/// at its `exit_at`-th `go` (0: never).
fn uci_script(dir: &Scratch, file: &str, reply: &str, exit_at: u32) -> String {
    dir.script(
        file,
        &format!(
            r#"n=0
while read -r line; do
  case "$line" in
    uci) echo "id name Script"; echo uciok ;;
    isready) echo readyok ;;
    go*) n=$((n+1)); [ {exit_at} -ne 0 ] && [ $n -ge {exit_at} ] && exit 3; echo "bestmove {reply}" ;;
    quit) exit 0 ;;
  esac
done
"#
        ),
    )
}

#[test]
fn an_illegal_move_forfeits() {
    let dir = Scratch::new("illegal");
    let cheat = uci_script(&dir, "cheat.sh", "e2e5", 0);
    let json_file = dir.path("m.json");
    let report = versus(
        "Cheat",
        &cheat,
        &["--games", "2", "--depth", "1"],
        &json_file,
    );
    assert_eq!(report["totals"]["wins"], 2, "{report}");
    for g in report["games"].as_array().unwrap() {
        assert_eq!(g["termination"], "rules infraction");
        let reason = g["reason"].as_str().unwrap();
        assert!(
            reason.contains("(Cheat) plays an illegal move 'e2e5'"),
            "{reason}"
        );
    }
}

#[test]
fn an_engine_that_exits_mid_game_loses_and_is_restarted() {
    let dir = Scratch::new("crash");
    // Its first move is legal from the start for either colour, then it exits.
    let body = r#"n=0
while read -r line; do
  case "$line" in
    uci) echo uciok ;;
    isready) echo readyok ;;
    "position startpos") white=1 ;;
    position*) white=0 ;;
    go*) n=$((n+1)); [ $n -ge 2 ] && exit 3
         if [ "$white" = 1 ]; then echo "bestmove e2e4"; else echo "bestmove e7e5"; fi ;;
    quit) exit 0 ;;
  esac
done
"#;
    let crash = dir.script("crash.sh", body);
    let (json_file, pgn_file) = (dir.path("m.json"), dir.path("m.pgn"));
    let pgn = pgn_file.to_str().unwrap();
    let report = versus(
        "Crash",
        &crash,
        &["--games", "3", "--depth", "1", "--pgn", pgn],
        &json_file,
    );
    assert_eq!(report["totals"]["wins"], 3, "{report}");
    for g in report["games"].as_array().unwrap() {
        assert_eq!(g["termination"], "abandoned");
        assert!(
            g["reason"]
                .as_str()
                .unwrap()
                .contains("(Crash) stopped running"),
            "{g}"
        );
        // Each game got one move from the restarted script before it died.
        assert!(g["plies"].as_u64().unwrap() >= 2, "{g}");
    }
    assert_eq!(read_pgn("chess", &pgn_file).len(), 3);
}

#[test]
fn a_silent_engine_loses_on_time() {
    let dir = Scratch::new("silent");
    let body = r#"while read -r line; do
  case "$line" in
    uci) echo uciok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
"#;
    let silent = dir.script("silent.sh", body);
    let json_file = dir.path("m.json");
    let report = versus(
        "Silent",
        &silent,
        &["--games", "2", "--tc", "0.3+0"],
        &json_file,
    );
    assert_eq!(report["totals"]["wins"], 2, "{report}");
    for g in report["games"].as_array().unwrap() {
        assert_eq!(g["termination"], "time forfeit", "{g}");
    }
}

#[test]
fn the_sprt_stops_a_decided_match() {
    let dir = Scratch::new("sprt");
    let cheat = uci_script(&dir, "cheat.sh", "a1a1", 0);
    let json_file = dir.path("m.json");
    let extra = [
        "--games",
        "500",
        "--depth",
        "1",
        "--sprt",
        "elo0=0,elo1=200",
    ];
    let report = versus("Cheat", &cheat, &extra, &json_file);
    let played = report["games"].as_array().unwrap().len();
    assert!((2..50).contains(&played), "stopped after {played} games");
    assert_eq!(report["verdict"], "H1 accepted");
}

#[test]
fn shards_merged_give_the_totals_of_one_run() {
    let dir = Scratch::new("shards");
    let common = [
        "match",
        "--engine",
        "name=A,option.Hash=2",
        "--engine",
        "name=B,proto=xboard,option.Hash=4",
        "--games",
        "6",
        "--depth",
        "2",
        "--random-plies",
        "4",
        "--seed",
        "7",
        "--repeat",
        "--quiet",
    ];
    let run = |extra: &[&str]| {
        let mut args: Vec<&str> = common.to_vec();
        args.extend_from_slice(extra);
        let out = arcana(&args);
        assert!(out.status.success(), "{}", text(&out));
    };
    let whole = dir.path("whole.json");
    run(&["--json", whole.to_str().unwrap()]);
    let parts: Vec<PathBuf> = (1..=2)
        .map(|k| dir.path(&format!("part{k}.json")))
        .collect();
    for (k, part) in parts.iter().enumerate() {
        run(&[
            "--shard",
            &format!("{}/2", k + 1),
            "--json",
            part.to_str().unwrap(),
        ]);
    }
    let merged = dir.path("merged.json");
    let out = arcana(&[
        "match-merge",
        parts[1].to_str().unwrap(),
        parts[0].to_str().unwrap(),
        "--json",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let (whole, merged) = (json(&whole), json(&merged));
    assert_eq!(whole["totals"], merged["totals"]);
    assert_eq!(whole["games"], merged["games"]);
    // The shards split the openings: pairs of games stay together.
    let part1 = json(&parts[0]);
    let indices: Vec<u64> = part1["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indices, [0, 1, 4, 5]);
    // A shard merged twice, or a report of another match, is refused.
    let out = arcana(&[
        "match-merge",
        parts[0].to_str().unwrap(),
        parts[0].to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

#[test]
fn bad_arguments_and_engines_get_clear_errors() {
    let dir = Scratch::new("errors");
    let xboard_no_setboard = dir.script(
        "old.sh",
        r#"while read -r line; do
  case "$line" in
    "protover 2") echo "feature setboard=0 usermove=1 done=1" ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let openings = dir.path("openings.epd");
    std::fs::write(&openings, "8/8/8/4k3/8/8/4P3/4K3 w - - bm e4;\n").unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "--engine".into(),
                "name=a".into(),
                "--depth".into(),
                "1".into(),
            ],
            "exactly two --engine",
        ),
        (
            vec![
                "--engine".into(),
                "name=a".into(),
                "--engine".into(),
                "name=b".into(),
            ],
            "give a limit",
        ),
        (
            vec![
                "--engine".into(),
                "name=a".into(),
                "--engine".into(),
                "name=b".into(),
                "--tc".into(),
                "fast".into(),
            ],
            "--tc 'fast'",
        ),
        (
            vec![
                "--engine".into(),
                "name=a".into(),
                "--engine".into(),
                "cmd=/no/such/engine".into(),
                "--depth".into(),
                "1".into(),
            ],
            "cannot start '/no/such/engine'",
        ),
        (
            vec![
                "--variant".into(),
                "checkers".into(),
                "--engine".into(),
                "name=a".into(),
                "--engine".into(),
                "name=b".into(),
                "--depth".into(),
                "1".into(),
            ],
            "invalid value 'checkers' for '--variant <VARIANT>'",
        ),
        (
            vec![
                "--engine".into(),
                "name=a".into(),
                "--engine".into(),
                format!("name=Old,proto=xboard,cmd={xboard_no_setboard}"),
                "--depth".into(),
                "1".into(),
                "--openings".into(),
                openings.to_string_lossy().into_owned(),
            ],
            "Old declared setboard=0",
        ),
    ];
    for (args, expected) in cases {
        let mut full = vec!["match".to_string()];
        full.extend(args);
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        let out = arcana(&refs);
        assert_eq!(out.status.code(), Some(2), "{full:?}: {}", text(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(expected),
            "{full:?}: expected '{expected}' in {err}"
        );
    }
    let out = arcana(&["match-merge", "/no/such/report.json"]);
    assert_eq!(out.status.code(), Some(2));
}

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/variants/examples.ini");

/// A match in Archers (from the examples, loaded with `--variants`) between
/// two engines, at depth 1, with `extra` arguments.
fn archers(engines: &[&str; 2], extra: &[&str]) -> Output {
    let mut args = vec![
        "--variants",
        EXAMPLES,
        "match",
        "--variant",
        "archers",
        "--engine",
        engines[0],
        "--engine",
        engines[1],
        "--depth",
        "1",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    arcana(&args)
}

/// A game from a file: Arcana itself, as either engine and over either
/// protocol, is given the run's `--variants` file (and an engine given it
/// by its own arguments still works), so the games are played by the
/// rules, never forfeited.
#[test]
fn arcana_itself_plays_a_game_from_the_runs_file() {
    let dir = Scratch::new("defined");
    let json_file = dir.path("m.json");
    let own = format!("name=Own,proto=xboard,arg=--variants,arg={EXAMPLES}");
    let json_path = json_file.to_str().unwrap();
    let out = archers(
        &["name=Plain,option.Hash=4", &own],
        &["--games", "2", "--maxplies", "60", "--json", json_path],
    );
    assert!(out.status.success(), "{}", text(&out));
    let report = json(&json_file);
    for g in report["games"].as_array().unwrap() {
        let end = g["termination"].as_str().unwrap();
        assert!(end == "normal" || end == "adjudication", "{g}");
        assert!(g["plies"].as_u64().unwrap() > 10, "{g}");
    }
}

/// An engine that does not offer the game is refused before the first
/// game, named with the games it offers: a UCI engine without
/// `UCI_Variant`, one whose combo lacks the game, an XBoard engine whose
/// `feature variants` lacks it. An engine that offers the game only once
/// its `VariantPath` option is set is asked again, and plays.
#[test]
fn an_engine_that_does_not_offer_the_game_is_refused() {
    let dir = Scratch::new("offers");
    let chess_only = uci_script(&dir, "chessonly.sh", "e2e4", 0);
    let combo = dir.script(
        "combo.sh",
        r#"while read -r line; do
  case "$line" in
    uci) echo "id name Combo"; echo "option name UCI_Variant type combo default chess var chess var shogi"; echo uciok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let xboard = dir.script(
        "xb.sh",
        r#"while read -r line; do
  case "$line" in
    "protover 2") echo 'feature myname="Xb" variants="normal,shogi" ping=1 done=1' ;;
    "ping 1") echo "pong 1" ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    // Offers `archers` once it has read a VariantPath (then plays badly).
    let later = dir.script(
        "later.sh",
        r#"games="var chess"
while read -r line; do
  case "$line" in
    uci) echo "id name Later"; echo "option name UCI_Variant type combo default chess $games"; echo uciok ;;
    "setoption name VariantPath"*) games="var chess var archers" ;;
    isready) echo readyok ;;
    go*) echo "bestmove a1a1" ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let cases = [
        (
            format!("name=Sf,cmd={chess_only}"),
            "(Sf) does not play 'archers': it has no UCI_Variant option (it plays chess only)",
        ),
        (
            format!("cmd={combo}"),
            "(Combo) does not play 'archers': its UCI_Variant offers chess, shogi",
        ),
        (
            format!("proto=xboard,cmd={xboard}"),
            "(Xb) does not play 'archers': it lists normal,shogi",
        ),
    ];
    let pgn = dir.path("m.pgn");
    let pgn_path = pgn.to_str().unwrap();
    for (engine, expected) in cases {
        let out = archers(&["name=A", &engine], &["--pgn", pgn_path]);
        assert_eq!(out.status.code(), Some(2), "{engine}: {}", text(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{engine}: {err}");
        assert!(!pgn.exists(), "no game was played");
    }
    let later = format!("cmd={later},option.VariantPath={EXAMPLES}");
    let out = archers(&["name=A", &later], &[]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("2 of 2 games"),
        "{}",
        text(&out)
    );
}
