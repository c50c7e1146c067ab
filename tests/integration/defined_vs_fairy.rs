//! Games defined in a `variants.ini` file, against Fairy-Stockfish itself
//! (pyffish, its Python binding, through `tests/fairy/reference.py`):
//! random definitions (board sizes, Betza pieces of the subset, rules on
//! and off), positions reached by random play from their starts, and at
//! each the legal moves, the FEN and the game's end compared; perft to
//! depth 2 at some. Also the classic games written out as files against
//! Fairy-Stockfish's built-in games of those names.
//!
//! Without pyffish (`pip install pyffish`) the tests say so and pass,
//! except under CI (`ARCANA_REQUIRE_PYFFISH`).

use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};
use variants::defined::{self, Defined, GameDef, Position};
use variants::prelude::*;
use variants::{MoveList, Outcome};

const REQUIRE: &str = "ARCANA_REQUIRE_PYFFISH";

/// The next number of a deterministic sequence (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let (s, out) = variants::zobrist::splitmix64(self.0);
        self.0 = s;
        out
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One job for the reference: the position after `moves` from `fen`.
struct Job {
    /// Arcana's game.
    variant: String,
    /// Fairy-Stockfish's name for it (a built-in game, or the same).
    reference: String,
    fen: String,
    moves: Vec<String>,
    perft: u32,
}

/// Fairy-Stockfish's answers to `jobs` with `config` loaded; `None` when
/// pyffish is not installed.
fn reference(config: &str, jobs: &[Job]) -> Option<Vec<Value>> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fairy/reference.py");
    let request = json!({
        "config": config,
        "jobs": jobs.iter().map(|j| json!({
            "variant": j.reference, "fen": j.fen, "moves": j.moves, "perft": j.perft,
        })).collect::<Vec<_>>(),
    });
    let child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        return None;
    };
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(request.to_string().as_bytes())
        .expect("write the request");
    let out = child.wait_with_output().expect("the reference runs");
    if out.status.code() == Some(3) {
        return None;
    }
    assert!(
        out.status.success(),
        "reference.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("the reference's JSON"))
}

/// Whether to skip: pyffish missing and not required.
fn skip() -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if probe {
        return false;
    }
    assert!(
        std::env::var_os(REQUIRE).is_none(),
        "{REQUIRE} is set but pyffish is not installed (pip install pyffish)"
    );
    eprintln!("skipped: pyffish is not installed (pip install pyffish)");
    true
}

fn legal(pos: &Position) -> Vec<defined::Move> {
    let mut list = MoveList::new();
    Defined::generate(pos, &mut list);
    list.iter().copied().collect()
}

fn tokens(pos: &Position) -> Vec<String> {
    let mut t: Vec<String> = legal(pos)
        .into_iter()
        .map(|m| Defined::ply_to_token(pos, m))
        .collect();
    t.sort();
    t
}

fn perft(pos: &Position, depth: u32, counts: &mut [u64], level: usize) {
    let moves = legal(pos);
    counts[level] += moves.len() as u64;
    if level + 1 < depth as usize {
        for m in moves {
            perft(&Defined::make(pos, m), depth, counts, level + 1);
        }
    }
}

/// The reference's value for the side to move (mate scores positive for
/// a win) as an outcome's sign: 1 win, -1 loss, 0 draw.
fn sign(value: i64) -> i64 {
    value.signum()
}

fn outcome_sign(o: Option<Outcome>, pos: &Position) -> Option<i64> {
    o.map(|o| match o.winner() {
        None => 0,
        Some(w) if w == pos.side => 1,
        Some(_) => -1,
    })
}

/// What was compared, and what differed.
#[derive(Default)]
struct Tally {
    definitions: usize,
    positions: usize,
    moves: usize,
    perft_nodes: u64,
    mismatches: Vec<String>,
}

impl Tally {
    /// Says what was compared (of `what`: definitions, games) and fails
    /// on any mismatch, showing the first `shown`, each cut at the file's
    /// text when `short`.
    fn report(&self, what: &str, shown: usize, short: bool) {
        eprintln!(
            "compared {} {what}, {} positions, {} legal moves, {} perft nodes",
            self.definitions, self.positions, self.moves, self.perft_nodes
        );
        let listed: Vec<&str> = self
            .mismatches
            .iter()
            .take(shown)
            .map(|m| {
                if short {
                    m.split("\n[").next().unwrap_or("")
                } else {
                    m
                }
            })
            .collect();
        assert!(
            self.mismatches.is_empty(),
            "{} mismatches:\n{}",
            self.mismatches.len(),
            listed.join("\n\n")
        );
    }
}

/// Compares every game of `games` (read from `config`) with the reference
/// from its start: `plies` of random play, three games each, perft every
/// `perft_every` plies. `None` when pyffish is missing.
fn compare_games(
    config: &str,
    games: &[&'static GameDef],
    rng: &mut Rng,
    plies: usize,
    perft_every: usize,
) -> Option<Tally> {
    let mut tally = Tally::default();
    for &def in games {
        let game = Defined(def);
        let jobs = playouts(game, &def.start_fen, rng, 3, plies, perft_every);
        tally.definitions += 1;
        compare(config, &jobs, &mut tally)?;
    }
    Some(tally)
}

/// Compares Arcana with the reference on `jobs` of the games of `config`.
/// `None` when pyffish is missing.
fn compare(config: &str, jobs: &[Job], tally: &mut Tally) -> Option<()> {
    let games = defined::load(config, "random.ini").games;
    let answers = reference(config, jobs)?;
    for (job, answer) in jobs.iter().zip(&answers) {
        let def: &'static GameDef = games
            .iter()
            .copied()
            .find(|g| g.spec.id == job.variant)
            .expect("the game");
        let game = Defined(def);
        let mut pos = game.read_fen(&job.fen).expect("the start reads");
        let mut played = variants::Game::new(game, pos.clone());
        for (i, m) in job.moves.iter().enumerate() {
            let ply = Defined::parse_ply(&pos, m).unwrap_or_else(|e| {
                panic!(
                    "{e:?} after {:?} at {}\n{config}",
                    &job.moves[..i],
                    pos.to_fen()
                )
            });
            pos = Defined::make(&pos, ply);
            played.play_plies(vec![ply]);
        }
        let place = format!(
            "[{}] {} moves {}\n{config}",
            job.variant,
            job.fen,
            job.moves.join(" ")
        );
        if let Some(e) = answer.get("error") {
            tally
                .mismatches
                .push(format!("reference error {e} at {place}"));
            continue;
        }
        tally.positions += 1;
        let theirs: Vec<String> = answer["legal"]
            .as_array()
            .expect("legal")
            .iter()
            .map(|v| v.as_str().unwrap_or("").to_string())
            .collect();
        let ours = tokens(&pos);
        tally.moves += theirs.len();
        // The quiescence search's own list: legal moves only, among them
        // every noisy one (a pawn's plain move into the promotion zone
        // comes with its promotions, and the search drops it).
        let mut noisy = MoveList::new();
        assert!(Defined::generate_noisy(&pos, &mut noisy));
        let all = legal(&pos);
        let mut got: Vec<u32> = noisy
            .iter()
            .filter(|&&m| Defined::is_noisy(&pos, m))
            .map(|m| m.0)
            .collect();
        let mut want: Vec<u32> = all
            .iter()
            .filter(|&&m| Defined::is_noisy(&pos, m))
            .map(|m| m.0)
            .collect();
        got.sort_unstable();
        want.sort_unstable();
        if got != want || noisy.iter().any(|m| !all.contains(m)) {
            tally
                .mismatches
                .push(format!("noisy moves {got:?} for {want:?} at {place}"));
        }
        if ours != theirs {
            let only_ours: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            let only_theirs: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
            tally.mismatches.push(format!(
                "legal moves differ: only Arcana {only_ours:?}, only Fairy-Stockfish {only_theirs:?} at {} ({place})",
                pos.to_fen()
            ));
            continue;
        }
        // The FEN: board, side, en passant and clocks (castling rights are
        // written differently where files are named).
        let their_fen = answer["fen"].as_str().unwrap_or("");
        let fields = |f: &str| -> Vec<String> {
            f.split(' ')
                .enumerate()
                .filter(|(i, _)| *i != 2)
                .map(|(_, s)| s.to_string())
                .collect()
        };
        if fields(&pos.to_fen()) != fields(their_fen) {
            tally.mismatches.push(format!(
                "FEN differs: Arcana {} Fairy-Stockfish {their_fen} ({place})",
                pos.to_fen()
            ));
        }
        // The game's end.
        let end = &answer["end"];
        let ours_end = outcome_sign(defined::immediate_end(&pos), &pos);
        let theirs_end = end[0]
            .as_bool()
            .unwrap_or(false)
            .then(|| sign(end[1].as_i64().unwrap_or(0)));
        if ours_end != theirs_end {
            tally.mismatches.push(format!(
                "immediate end differs: Arcana {ours_end:?} Fairy-Stockfish {theirs_end:?} ({place})"
            ));
        }
        // The game's end by its history (repetitions) or its clocks, where
        // no immediate end came first.
        let optional = &answer["optional"];
        if theirs_end.is_none() && !theirs.is_empty() {
            let theirs_optional = optional[0]
                .as_bool()
                .unwrap_or(false)
                .then(|| sign(optional[1].as_i64().unwrap_or(0)));
            let ours_optional = outcome_sign(played.outcome(), &pos);
            if ours_optional != theirs_optional {
                tally.mismatches.push(format!(
                    "game end by repetition or count differs: Arcana {ours_optional:?} Fairy-Stockfish {theirs_optional:?} ({place})"
                ));
            }
        }
        if theirs.is_empty() && theirs_end.is_none() {
            let result = answer["result"].as_i64().map(sign);
            let ours_result = outcome_sign(Defined::rule_outcome(&pos), &pos);
            if result != ours_result {
                tally.mismatches.push(format!(
                    "result without moves differs: Arcana {ours_result:?} Fairy-Stockfish {result:?} ({place})"
                ));
            }
        }
        if job.perft > 0 {
            let mut counts = vec![0u64; job.perft as usize];
            perft(&pos, job.perft, &mut counts, 0);
            let theirs: Vec<u64> = answer["perft"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default();
            tally.perft_nodes += counts.iter().sum::<u64>();
            if counts != theirs {
                tally.mismatches.push(format!(
                    "perft differs: Arcana {counts:?} Fairy-Stockfish {theirs:?} ({place})"
                ));
            }
        }
    }
    Some(())
}

/// Positions reached by random play from the start of `game`: every ply
/// of `games` random games of up to `plies` plies.
fn playouts(
    game: Defined,
    start_fen: &str,
    rng: &mut Rng,
    games: usize,
    plies: usize,
    perft_every: usize,
) -> Vec<Job> {
    let start = game.read_fen(start_fen).expect("the start reads");
    let mut jobs = Vec::new();
    for _ in 0..games {
        let mut pos = start.clone();
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..=plies {
            let list = legal(&pos);
            jobs.push(Job {
                variant: game.0.spec.id.clone(),
                reference: game.0.spec.id.clone(),
                fen: start_fen.to_string(),
                moves: moves.clone(),
                // (A walling game's positions have a thousand moves: depth
                // 2 only where the reference counts it in seconds.)
                perft: if perft_every > 0
                    && ply % perft_every == 0
                    && (game.0.walling.rule.is_none() || list.len() <= 400)
                {
                    2
                } else {
                    0
                },
            });
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            moves.push(Defined::ply_to_token(&pos, m));
            pos = Defined::make(&pos, m);
        }
    }
    jobs
}

/// A random piece of the subset, as Betza.
fn random_betza(rng: &mut Rng) -> String {
    const LEAPERS: &[&str] = &["W", "F", "D", "N", "A", "H", "C", "Z", "G"];
    const RIDERS: &[&str] = &["R", "B", "Q", "NN", "W2", "W3", "F2", "F3", "N2"];
    const HOPPERS: &[&str] = &["pR", "pB", "gR", "gB"];
    const LAME: &[&str] = &["nN", "nA", "nZ", "nD"];
    const DIRS: &[&str] = &[
        "", "", "", "f", "b", "l", "r", "v", "s", "fl", "br", "fs", "bs",
    ];
    const MODES: &[&str] = &["", "", "", "m", "c"];
    let mut out = String::new();
    for _ in 0..1 + rng.below(3) {
        let atom = match rng.below(10) {
            0..=4 => *rng.pick(LEAPERS),
            5..=7 => *rng.pick(RIDERS),
            8 => *rng.pick(HOPPERS),
            _ => *rng.pick(LAME),
        };
        let (prefix, letters) = match atom.strip_prefix(['p', 'g', 'n']) {
            Some(rest) => (&atom[..1], rest),
            None => ("", atom),
        };
        let marks = format!("{}{}{prefix}", rng.pick(MODES), rng.pick(DIRS));
        // `F` then `F3` would read as the rider `FF` and a stray digit
        // (which Fairy-Stockfish skips and Arcana refuses).
        if marks.is_empty() && out.ends_with(&letters[..1]) {
            continue;
        }
        out.push_str(&marks);
        out.push_str(letters);
    }
    out
}

/// A random game: its section text and its name.
fn random_game(rng: &mut Rng, n: usize) -> String {
    let files = 5 + rng.below(8); // 5..=12
    let ranks = 5 + rng.below(6); // 5..=10
    let name = format!("random{n}");
    let mut lines = vec![
        format!("[{name}]"),
        format!("maxFile = {files}"),
        format!("maxRank = {ranks}"),
    ];
    let mut letters: Vec<char> = Vec::new();
    let predefined = [
        ("knight", 'n'),
        ("bishop", 'b'),
        ("rook", 'r'),
        ("queen", 'q'),
        ("fers", 'f'),
        ("wazir", 'w'),
    ];
    for (name, l) in predefined {
        if rng.chance(40) {
            lines.push(format!("{name} = {l}"));
            letters.push(l);
        }
    }
    let pool = [
        'a', 'c', 'd', 'e', 'g', 'h', 'i', 'j', 'l', 'm', 'o', 's', 't', 'u', 'v', 'x', 'y', 'z',
    ];
    for i in 0..1 + rng.below(4) {
        let l = pool[(i * 5 + rng.below(5)) % pool.len()];
        if letters.contains(&l) {
            continue;
        }
        // Some pieces move like pawns: an initial double or triple step
        // (which opens en passant) and an en passant capture (`e`).
        const PAWNLIKE: &[&str] = &[
            "fmWfceFifmW2",
            "fmWfcFifmW3",
            "fsmWfceFifmW2",
            "fmWfceFimfnD",
        ];
        let betza = if rng.chance(20) {
            rng.pick(PAWNLIKE).to_string()
        } else {
            random_betza(rng)
        };
        lines.push(format!("customPiece{} = {l}:{betza}", i + 1));
        letters.push(l);
    }
    let pawns = rng.chance(70);
    if pawns {
        lines.push("pawn = p".into());
    }
    // Most games have a royal king; the others end by extinction.
    let royal = rng.chance(85);
    let king = 'k';
    lines.push(if royal { "king = k" } else { "commoner = k" }.to_string());
    if rng.chance(15) {
        lines.push("checking = false".into());
    }
    // The start: White on its first two ranks, Black the mirror image.
    let king_file = files / 2;
    let mut back: Vec<Option<char>> = (0..files)
        .map(|f| {
            if f == king_file {
                Some('k')
            } else if rng.chance(65) && !letters.is_empty() {
                Some(*rng.pick(&letters))
            } else {
                None
            }
        })
        .collect();
    let castle = royal && files >= 8 && letters.contains(&'r') && rng.chance(60);
    if castle {
        back[0] = Some('r');
        back[files - 1] = Some('r');
    }
    let second: Vec<Option<char>> = (0..files)
        .map(|_| {
            if pawns && rng.chance(80) {
                Some('p')
            } else if rng.chance(15) && !letters.is_empty() {
                Some(*rng.pick(&letters))
            } else {
                None
            }
        })
        .collect();
    let row = |cells: &[Option<char>], upper: bool| -> String {
        let mut s = String::new();
        let mut empty = 0;
        for c in cells {
            match c {
                Some(l) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(if upper { l.to_ascii_uppercase() } else { *l });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        s
    };
    let mut rows = vec![row(&back, false), row(&second, false)];
    for _ in 0..ranks - 4 {
        rows.push(files.to_string());
    }
    rows.push(row(&second, true));
    rows.push(row(&back, true));
    let castling = if castle { "KQkq" } else { "-" };
    lines.push(format!("startFen = {} w {castling} - 0 1", rows.join("/")));
    lines.push(format!("castling = {castle}"));
    if castle {
        // Fairy-Stockfish's castling files do not follow the board size:
        // on other widths, say where the king goes.
        lines.push(format!(
            "castlingKingFile = {}",
            (b'a' + king_file as u8) as char
        ));
        lines.push(format!(
            "castlingKingsideFile = {}",
            (b'a' + (files - 2) as u8) as char
        ));
        lines.push(format!("castlingQueensideFile = {}", (b'a' + 2) as char));
    }
    if pawns {
        let promotable: String = letters
            .iter()
            .filter(|&&l| l != 'p' && !(royal && l == 'k'))
            .collect();
        if !promotable.is_empty() && rng.chance(70) {
            lines.push(format!("promotionPieceTypes = {promotable}"));
        }
        if rng.chance(60) {
            lines.push(format!("promotionRegionWhite = *{ranks}"));
            lines.push("promotionRegionBlack = *1".into());
        }
        if rng.chance(30) {
            lines.push("mandatoryPawnPromotion = false".into());
        }
        if rng.chance(30) {
            lines.push("doubleStep = false".into());
        } else if rng.chance(60) {
            lines.push("doubleStepRegionWhite = *2".into());
            lines.push(format!("doubleStepRegionBlack = *{}", ranks - 1));
        }
    }
    if rng.chance(20) {
        lines.push(format!(
            "stalemateValue = {}",
            rng.pick(&["loss", "win", "draw"])
        ));
    }
    if !royal || rng.chance(15) {
        lines.push("extinctionValue = loss".into());
        let other = if letters.is_empty() {
            king
        } else {
            *rng.pick(&letters)
        };
        let types = match rng.below(3) {
            0 => "*".to_string(),
            1 => king.to_string(),
            _ => format!("{king}{other}"),
        };
        lines.push(format!("extinctionPieceTypes = {types}"));
    }
    if rng.chance(15) {
        // The king, or every piece.
        let flag = if rng.chance(70) { 'k' } else { '*' };
        lines.push(format!("flagPiece = {flag}"));
        lines.push(format!("flagRegionWhite = *{ranks}"));
        lines.push("flagRegionBlack = *1".into());
        if rng.chance(50) {
            lines.push("flagMove = true".into());
        }
        if rng.chance(50) {
            lines.push("flagPieceSafe = true".into());
        }
    }
    if rng.chance(15) {
        lines.push("immobilityIllegal = true".into());
    }
    if rng.chance(10) {
        // Without a checks field in the FEN, the first check wins.
        lines.push("checkCounting = true".into());
    }
    lines.join("\n") + "\n"
}

/// Compares random definitions `make` writes (`ARCANA_FAIRY_GAMES` of
/// them, else `count`) from `seed`: `games` playouts of `plies` plies each,
/// perft every `perft_every`; reports them as `what`.
fn compare_random(
    seed: u64,
    count: usize,
    make: fn(&mut Rng, usize) -> String,
    (games, plies, perft_every): (usize, usize, usize),
    what: &str,
) {
    if skip() {
        return;
    }
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    let count: usize = std::env::var("ARCANA_FAIRY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(count);
    for n in 0..count {
        let config = make(&mut rng, n);
        let loaded = defined::load(&config, "random.ini");
        let (defs, errors) = (loaded.games, loaded.errors);
        assert!(errors.is_empty(), "{config}\n{errors:?}");
        let game = Defined(defs[0]);
        let jobs = playouts(game, &game.0.start_fen, &mut rng, games, plies, perft_every);
        tally.definitions += 1;
        if compare(&config, &jobs, &mut tally).is_none() {
            return;
        }
        if tally.mismatches.len() > 5 {
            break;
        }
    }
    tally.report(what, usize::MAX, false);
}

#[test]
fn random_definitions_play_as_fairy_stockfish_plays_them() {
    compare_random(20_261_125, 40, random_game, (3, 30, 10), "definitions");
}

/// A random definition (see [`random_game`]) with drops: pockets, captures
/// to hand or not, promoted pieces going back as pawns or not, and the
/// drop rules' regions and restrictions; the start with pieces in hand.
fn random_drop_game(rng: &mut Rng, n: usize) -> String {
    let config = random_game(rng, n);
    let letters: Vec<char> = config
        .lines()
        .filter_map(|l| {
            let (key, value) = l.split_once(" = ")?;
            let letter = value.chars().next()?;
            (key != "startFen" && letter.is_ascii_lowercase())
                .then_some(letter)
                .filter(|_| {
                    ["knight", "bishop", "rook", "queen", "fers", "wazir", "pawn"].contains(&key)
                        || key.starts_with("customPiece")
                })
        })
        .collect();
    let ranks = config
        .lines()
        .find_map(|l| l.strip_prefix("maxRank = "))
        .and_then(|r| r.parse::<usize>().ok())
        .unwrap_or(8);
    let mut lines: Vec<String> = Vec::new();
    let mut hand = String::new();
    for _ in 0..rng.below(5) {
        if letters.is_empty() {
            break;
        }
        let l = *rng.pick(&letters);
        hand.push(if rng.chance(50) {
            l.to_ascii_uppercase()
        } else {
            l
        });
    }
    for line in config.lines() {
        match line.strip_prefix("startFen = ") {
            Some(fen) => {
                let (board, rest) = fen.split_once(' ').expect("a FEN with fields");
                lines.push(format!("startFen = {board}[{hand}] {rest}"));
            }
            None => lines.push(line.to_string()),
        }
    }
    lines.push("pieceDrops = true".into());
    if rng.chance(80) {
        lines.push("capturesToHand = true".into());
    }
    if rng.chance(25) {
        lines.push("dropLoop = true".into());
    }
    if rng.chance(30) {
        lines.push("firstRankPawnDrops = true".into());
    }
    if rng.chance(30) {
        lines.push("promotionZonePawnDrops = true".into());
    }
    if rng.chance(25) {
        lines.push("dropChecks = false".into());
    }
    if rng.chance(25) {
        let half = (ranks / 2).max(1);
        let white: Vec<String> = (1..=half).map(|r| format!("*{r}")).collect();
        let black: Vec<String> = (ranks + 1 - half..=ranks)
            .map(|r| format!("*{r}"))
            .collect();
        lines.push(format!("dropRegionWhite = {}", white.join(" ")));
        lines.push(format!("dropRegionBlack = {}", black.join(" ")));
    }
    if config.contains("pawn = p") && rng.chance(30) {
        lines.push("dropNoDoubled = p".into());
        if rng.chance(40) {
            lines.push("dropNoDoubledCount = 2".into());
        }
    }
    if rng.chance(60) {
        add_piece_promotions(rng, &letters, &mut lines);
    }
    lines.join("\n") + "\n"
}

/// Adds shogi-style promotions to a random definition's `lines`: some of
/// its `letters` promote to others (a shogi pawn too, given in hand), and
/// the rules that go with them.
fn add_piece_promotions(rng: &mut Rng, letters: &[char], lines: &mut Vec<String>) {
    let mut pairs = Vec::new();
    for &l in letters {
        if rng.chance(50) {
            let to = *rng.pick(letters);
            if to != l {
                pairs.push(format!("{l}:{to}"));
            }
        }
    }
    let shogi_pawn = rng.chance(40);
    if shogi_pawn {
        lines.push("shogiPawn = o".into());
        if let Some(&to) = letters.first() {
            pairs.push(format!("o:{to}"));
        }
        // The shogi pawns start in hand.
        for line in lines.iter_mut() {
            if let Some(rest) = line.strip_prefix("startFen = ") {
                *line = format!("startFen = {}", rest.replacen("[", "[OOo", 1));
            }
        }
        if rng.chance(70) {
            lines.push("shogiPawnDropMateIllegal = true".into());
        }
    }
    if pairs.is_empty() {
        return;
    }
    lines.push(format!("promotedPieceType = {}", pairs.join(" ")));
    if rng.chance(30) {
        lines.push("mandatoryPiecePromotion = true".into());
    }
    // Not beside a pawn's promotions: Fairy-Stockfish would demote a piece
    // a pawn became into no piece (Arcana generates no such demotion).
    if rng.chance(30) && !lines.iter().any(|l| l == "pawn = p") {
        lines.push("pieceDemotion = true".into());
    }
    if rng.chance(20) {
        lines.push("piecePromotionOnCapture = true".into());
    }
    if rng.chance(25) {
        lines.push("dropPromoted = true".into());
    }
}

/// Random definitions with drops, played deep enough that pockets fill.
#[test]
fn random_drop_definitions_play_as_fairy_stockfish_plays_them() {
    compare_random(
        20_261_128,
        30,
        random_drop_game,
        (2, 60, 15),
        "definitions with drops",
    );
}

/// The built-in parents (`parents.ini`), each written out in full, play as
/// Fairy-Stockfish's built-in games of the same names: from the start and
/// (for the counting and end rules) from endings. The first half of the
/// sections, in the file's order (a test each, so that the two run at once).
#[test]
fn classic_games_written_out_match_fairy_stockfish_built_ins() {
    classic_games_match_fairy_stockfish(0);
}

/// The same for the second half of the sections.
#[test]
fn more_classic_games_written_out_match_fairy_stockfish_built_ins() {
    classic_games_match_fairy_stockfish(1);
}

/// Compares every other section of `parents.ini`, from the `half`th on
/// (each section's playouts seeded by its place in the file, whatever the
/// half).
fn classic_games_match_fairy_stockfish(half: usize) {
    if skip() {
        return;
    }
    let parents = include_str!("../../variants/src/defined/parents.ini");
    let mut tally = Tally::default();
    // Endings: few pieces, so that counts, bare kings and extinction come.
    let endings: &[(&str, &[&str])] = &[
        (
            "makruk",
            &[
                "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                "8/3k4/8/8/2S5/8/2M5/4K3 b - - 0 1",
                "8/3k4/8/2p5/8/8/2R5/4K3 w - - 0 1",
            ],
        ),
        // Spartan: two kings may not both be left attacked, and both
        // attacked is check.
        (
            "spartan",
            &[
                "2k2k2/8/8/8/8/8/8/3QK3 w - - 0 1",
                "1k4k1/hhh5/8/8/8/8/3R4/R3K3 b Q - 0 1",
            ],
        ),
        // Shatar: mates by a knight alone, without a shak, after one.
        (
            "shatar",
            &[
                "6rk/6pp/8/6N1/8/8/8/4K3 w - - 0 1",
                "7k/5K2/8/6N1/8/2B5/p7/8 w - - 0 1",
                "8/2K5/7R/1kp5/2N5/3B4/8/p6p w - - 0 1",
            ],
        ),
        // Cambodian: its own counting (a rook against a bare king, three
        // pieces against a rook), the leaps from the gates; Karouk: the
        // first check wins.
        (
            "cambodian",
            &[
                "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                "8/3k4/8/2p5/8/8/2R5/4K3 w - - 0 1",
                "r2mk3/8/8/8/8/8/8/3KM2R w DEde - 0 1",
                "4k3/4p3/8/8/8/8/8/3K3R w DEde - 0 1",
            ],
        ),
        ("karouk", &["r2mk3/8/8/8/8/8/8/3KM2R w DEde - 0 1"]),
        // Makpong: a king in check moves only to take its checker.
        (
            "makpong",
            &[
                "8/3k4/8/8/8/8/2R5/4K3 w - - 0 1",
                "8/8/3s4/4k3/8/8/4R3/4K3 b - - 0 1",
            ],
        ),
        (
            "shatranj",
            &[
                "8/3k4/8/8/8/8/2R5/4K3 w - - 0 1",
                "8/3k4/2p5/8/8/8/2R5/4K3 w - - 0 1",
            ],
        ),
        ("courier", &["12/3k8/12/12/12/12/2R9/4K7 w - - 0 1"]),
        // The antichess family: captures compulsory, the side that loses
        // every piece (or is stalemated) wins; suicide counts the pieces
        // of a stalemate; losers' mate wins; codrus is won by losing the
        // king; giveaway's commoner castles.
        (
            "antichess",
            &[
                "8/8/8/8/8/8/p7/7N w - - 0 1",
                "8/8/8/8/8/p7/P7/8 w - - 0 1",
                "8/8/8/8/8/8/p7/8 w - - 0 1",
            ],
        ),
        (
            "suicide",
            &[
                "8/8/8/8/8/p7/P7/8 w - - 0 1",
                "8/8/8/8/8/p7/P7/7n w - - 0 1",
            ],
        ),
        (
            "losers",
            &[
                "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                "4k3/3q4/8/8/8/8/8/3RK3 w - - 0 1",
            ],
        ),
        ("codrus", &["4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"]),
        // Coregal: every queen is royal, a promoted one too.
        (
            "coregal",
            &[
                "4k3/1P6/8/8/8/8/3PPP2/1q1QK3 w - - 0 1",
                "r3k3/1P6/8/8/8/8/3PPP2/3QK3 w - - 0 1",
                "Q7/3k4/8/8/8/8/3PPP2/3QK3 w - - 1 2",
            ],
        ),
        ("giveaway", &["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]),
        // Koedem: the commoner castles through attacks; of two on the
        // rank the one on the king's file castles; one in hand must be
        // dropped; a side without one loses when the other owns both.
        (
            "koedem",
            &[
                "r3k2r/pppppppp/8/8/8/5q2/PPPPP1PP/R3K2R[] w KQkq - 0 1",
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R1K1K2R[] w KQkq - 0 1",
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Kk] w KQkq - 0 1",
                "r6r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[K] b KQ - 0 1",
            ],
        ),
        // Sittuyin: promotions in the region, or anywhere by the last
        // pawn, in place or a step away, never attacking; a king and pawn
        // whose every move promotes draw; ASEAN's counting (a rook 16
        // moves, a khon 44, a count already running).
        (
            "sittuyin",
            &[
                "7k/8/8/3P4/8/8/P7/4K3 w - - 0 1",
                "4k3/8/2r5/3P4/8/8/P7/4K3 w - - 0 1",
                "k7/2K5/8/8/8/8/1P6/8 w - - 0 1",
                "6r1/8/8/8/8/5k1p/7P/7K w - - 0 1",
                "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                "8/8/8/4k3/8/2s5/8/4K3 w - 88 80 40",
            ],
        ),
        ("grand", &["10/4k5/10/10/10/10/10/5P4/1p8/4K5 w - - 0 1"]),
        // The xiangqi family: generals held in their palaces and never
        // facing each other on an open line; soldiers forward only until
        // they cross the river (manchu, supply); supply's drops within
        // each piece's region and never giving check.
        // Atomic: a capture blows up the capturer and the pieces around
        // it; kings that touch cannot be taken; blowing up one's own king
        // is illegal, the enemy's wins; en passant blasts where the pawn
        // lands; a castling king may not pass an attack.
        (
            "atomic",
            &[
                "8/8/8/8/3k4/3K4/8/8 w - - 0 1",
                "4k3/8/8/8/8/8/4q3/4K2R w K - 0 1",
                "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
                "1R4kr/4K3/8/8/8/8/8/8 b k - 0 1",
            ],
        ),
        ("atomar", &["8/8/8/8/3k4/3K4/3R4/8 w - - 0 1"]),
        // Janggi: kings facing (bikjang) must part or pass, a pass then
        // ends the game by points (Black given 1.5); the palace lines.
        (
            "janggi",
            &[
                "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1",
                "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1",
                "4k4/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
                "3ak4/4r4/9/9/9/9/9/9/4C4/3RKA3 b - - 0 1",
            ],
        ),
        ("janggitraditional", &["4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1"]),
        // Chess960 setups (X-FEN and Shredder-FEN castling), castling
        // written as the king taking its rook, a king that castles in
        // place, a rook that shielded the king's square.
        (
            "fischerandom",
            &[
                "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
                "nrbkqrnb/pppppppp/8/8/8/8/PPPPPPPP/NRBKQRNB w BFbf - 0 1",
                "r5kr/8/8/8/8/8/8/rRK4R w BHh - 0 1",
            ],
        ),
        (
            "caparandom",
            &[
                "arbnkqnrcb/pppppppppp/10/10/10/10/PPPPPPPPPP/ARBNKQNRCB w KQkq - 0 1",
                "rkrbnqbnca/pppppppppp/10/10/10/10/PPPPPPPPPP/RKRBNQBNCA w KQkq - 0 1",
            ],
        ),
        // Ataxx: clones beside a piece of the side, jumps two squares,
        // the enemy pieces around turned; a full board counted, a side
        // without pieces or moves judged by the pieces left.
        (
            "ataxx",
            &[
                "PPPPPPp/ppppppp/PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPP2 w 0 1",
                "7/7/7/7/7/7/6p w 0 1",
                "ppp4/pPp4/ppp4/7/7/7/6P w 0 1",
            ],
        ),
        // Petrified: a piece that takes turns to stone (a wall), a
        // commoner may not take, nor be left attacked but by a commoner.
        (
            "petrified",
            &[
                "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
                "8/8/8/3kK3/8/8/8/8 w - - 0 1",
                "r3k3/1p6/8/8/8/8/6P1/R3K2R w KQq - 0 1",
                "4k3/8/2*5/8/3Q4/8/8/4K3 b - - 0 1",
            ],
        ),
        (
            "minixiangqi",
            &[
                "3k3/7/7/7/7/7/2KR3 w - - 0 1",
                "2k4/3P3/7/7/7/3r3/3K3 w - - 0 1",
            ],
        ),
        (
            "manchu",
            &[
                "4k4/9/9/9/4P4/9/9/9/9/M3K4 w - - 0 1",
                "3k5/4a4/9/2p6/9/9/9/9/4A4/4K3M b - - 0 1",
            ],
        ),
        (
            "supply",
            &[
                "4k4/9/9/9/9/9/9/9/9/4K4[RNBAPCrnbapc] w - - 0 1",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[PPAa] b - - 0 1",
            ],
        ),
        // A check from the last one to give wins (and the lichess form).
        (
            "3check",
            &[
                "4k3/8/8/8/8/8/8/R3K3 w - - 1+2 0 1",
                "4k3/3q4/8/8/8/8/8/R3K3 b - - 2+1 0 1",
                "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+1",
            ],
        ),
    ];
    for (index, section) in parents.split("\n[").skip(1).enumerate() {
        if index % 2 != half {
            continue;
        }
        let mut rng = Rng(1_125 + index as u64);
        let (head, body) = section.split_once(']').expect("a section head");
        let (name, parent) = match head.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (head, None),
        };
        let mine = format!("my{name}");
        let config = match parent {
            Some(p) => format!("[{mine}:{p}]{body}"),
            None => format!("[{mine}]{body}"),
        };
        let loaded = defined::load(&config, "parents.ini");
        let (games, errors) = (loaded.games, loaded.errors);
        assert!(errors.is_empty(), "{config}\n{errors:?}");
        let game = Defined(games[0]);
        let mut starts = vec![game.0.start_fen.clone()];
        for (n, fens) in endings {
            if *n == name {
                starts.extend(fens.iter().map(|f| f.to_string()));
            }
        }
        for start in &starts {
            let mut jobs = playouts(game, start, &mut rng, 3, 40, 8);
            for j in &mut jobs {
                j.reference = name.to_string();
            }
            tally.definitions += 1;
            if compare(&config, &jobs, &mut tally).is_none() {
                return;
            }
        }
    }
    let what = [
        "games and endings (first half)",
        "games and endings (second half)",
    ][half];
    tally.report(what, 5, false);
}

/// Sections that give a parent's letters to new pieces, re-state or remove
/// pieces, and start from FENs written as some files write them (no
/// castling field; an en passant field `0`): Arcana reads them as
/// Fairy-Stockfish does (a custom piece takes a letter and its old piece
/// leaves; a key's letters name the pieces of its own section), and they
/// play the same, promotions, the move-count clock (a king-like pawn's
/// reversible step does not reset it) and castling from the d-file (d1a1
/// where the king could step to c1 anyway) included.
#[test]
fn sections_that_reassign_letters_play_as_fairy_stockfish() {
    if skip() {
        return;
    }
    let config = "\
[lettered:chess]
customPiece1 = a:BN
promotionPieceTypes = aqrbn
startFen = r3k2r/pPpppppp/8/8/8/8/PPPPPPpP/R3K2R w KQkq - 0 1

[newpawn:lettered]
customPiece2 = p:fmWfcFifmnD
pawnTypes = p

[dragons:chess]
customPiece1 = b:BK
customPiece2 = n:NK
customPiece3 = p:KifmnD
customPiece4 = r:RK
castlingRookPieces = r
pawnTypes = p

[dragonpromo:dragons]
startFen = r3k2r/pPpppppp/8/8/8/8/PPPPPPpP/R3K2R w KQkq - 0 1

[restated:chess]
knight = n
queen = -
startFen = 4k3/P7/8/8/8/8/7p/4K3 w - - 0 1

[restatedagain:restated]
promotionPieceTypes = nr

[clocksonly:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 7 3

[kingond:chess]
startFen = r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1

[epzero:chess]
maxRank = 6
maxFile = 5
startFen = qkbnr/ppppp/5/5/PPPPP/QKBNR w - 0 1
castling = false
doubleStep = false
promotionRegionWhite = *6
";
    let loaded = defined::load(config, "letters.ini");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    assert_eq!(loaded.games.len(), 9);
    let Some(tally) = compare_games(config, &loaded.games, &mut Rng(38), 20, 5) else {
        return;
    };
    tally.report("games", usize::MAX, false);
}

/// Pseudo-royal pieces (`extinctionPseudoRoyal`: a lone amazon against a
/// king, two commoners of which the last is royal, one that castles and
/// one promoted to, with drops) and compulsory captures with drops play as
/// Fairy-Stockfish plays them: no move leaves such a piece attacked, a
/// side without moves is mated when one is attacked and stalemated when
/// none is, and extinction does not end these games.
#[test]
fn pseudo_royal_pieces_and_compulsory_captures_play_as_fairy_stockfish() {
    if skip() {
        return;
    }
    let config = "\
[amazonroyal:chess]
amazon = m
startFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1
extinctionValue = loss
extinctionPieceTypes = m
extinctionPseudoRoyal = true

[amazonmated:amazonroyal]
startFen = 7k/8/8/8/p1p5/1pp5/pp6/Mn6 w - - 0 1

[amazonstalemated:amazonroyal]
startFen = 7k/8/8/8/p1p5/1pp5/pn6/Mn6 w - - 0 1

[twocommoners:chess]
king = -
commoner = k
castlingKingPiece = k
promotionPieceTypes = qk
extinctionValue = loss
extinctionPseudoRoyal = true
extinctionPieceTypes = k
extinctionPieceCount = 1
startFen = r2kk2r/pPpppppp/8/8/8/8/PPPPPPpP/R2KK2R w KQkq - 0 1

[royalhouse:crazyhouse]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPseudoRoyal = true
extinctionPieceTypes = k
startFen = r3k2r/ppp2ppp/2n5/3pp3/3PP3/2N5/PPP2PPP/R3K2R[QNqn] w KQkq - 0 1

[capturehouse:crazyhouse]
mustCapture = true
";
    let loaded = defined::load(config, "royals.ini");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    assert_eq!(loaded.games.len(), 6);
    let Some(tally) = compare_games(config, &loaded.games, &mut Rng(1_161), 60, 4) else {
        return;
    };
    tally.report("games", usize::MAX, false);
}

/// Walls play as Fairy-Stockfish plays them: beside the built-in walling
/// games (among the parents), a side that moves or walls on the board's
/// edge and beside walls (`wallOrMove`, `edge`: atlantis, written as
/// Fairy-Stockfish's own file writes it), a duck in atomic chess (the
/// blast judged with the duck moved), arrows after a castling (shot from
/// the rook's square) and walls in each side's region with royal kings.
#[test]
fn walls_play_as_fairy_stockfish() {
    if skip() {
        return;
    }
    let config = "\
[atlantis:chess]
wallingRule = edge
wallOrMove = true

[atomicduck:atomic]
wallingRule = duck
stalemateValue = win

[arrowchess:chess]
wallingRule = arrow

[regionwalls:chess]
wallingRule = static
wallingRegionWhite = *3 *4
wallingRegionBlack = *5 *6
";
    let loaded = defined::load(config, "walls.ini");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    assert_eq!(loaded.games.len(), 4);
    let Some(tally) = compare_games(config, &loaded.games, &mut Rng(1_167), 60, 0) else {
        return;
    };
    tally.report("games", usize::MAX, false);
}

/// Shapes, palaces and pushed-in drops play as Fairy-Stockfish plays
/// them: rows, squares, collinear lines and chains between regions
/// (`connectN`, `connectNxN`, `collinearN`, `connectRegion1White` ...,
/// `connectValue`), drops on top of a column, away from enemy pieces or
/// in from an edge (`enclosingDrop = top`, `snort`, `anyside`), several
/// flag pieces (`flagPieceCount`, `flagPieceBlockedWin`), pieces held in
/// regions and kings that may not face each other (`mobilityRegion...`,
/// `flyingGeneral`, `soldierPromotionRank`), janggi cannons, which hop
/// over no cannon, castlings that win or take the other side's right
/// (`castlingWins`, `oppositeCastling`) and a move-count rule by side
/// (`nMoveRuleTypesBlack`).
#[test]
fn shapes_regions_and_cannons_play_as_fairy_stockfish() {
    if skip() {
        return;
    }
    let config = "\
[rows]
maxRank = 4
maxFile = 4
immobile = p
startFen = 4/4/4/4[PPPPPPPPpppppppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
connectN = 3
connectDiagonal = false

[columns:rows]
maxRank = 5
maxFile = 5
startFen = 5/5/5/5/5[PPPPPPPPPPPPpppppppppppp] w - - 0 1
enclosingDrop = top
connectN = 4
connectDiagonal = true
connectValue = loss

[edges:rows]
maxRank = 5
maxFile = 5
startFen = 5/5/5/5/5[PPPPPPPPPPPPpppppppppppp] w - - 0 1
enclosingDrop = anyside
connectN = 0
connectNxN = 2

[apart:rows]
maxRank = 5
maxFile = 5
startFen = 5/5/5/5/5[PPPPPPPPPPPPpppppppppppp] w - - 0 1
enclosingDrop = snort
connectN = 0
collinearN = 4

[bridge:chess]
maxRank = 4
maxFile = 4
commoner = m
startFen = mmmk/4/4/KMMM w - - 0 1
connectPieceTypes = m
connectRegion1White = *1
connectRegion2White = *4
connectRegion1Black = *4
connectRegion2Black = *1
castling = false

[camps:chess]
maxRank = 5
maxFile = 5
pawn = -
knight = n
startFen = nnn2/n4/5/4N/2NNN w - - 0 1
king = -
flagPiece = n
flagRegionWhite = c5 d5 e5 e4
flagRegionBlack = a1 b1 c1 a2
flagPieceCount = 3
flagPieceBlockedWin = true
castling = false

[palace:chess]
maxRank = 8
maxFile = 9
king = k:W
fers = a
elephant = b
horse = n
cannon = c
soldier = p
rook = r
pawn = -
bishop = -
queen = -
knight = -
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2
mobilityRegionBlackKing = d7 e7 f7 d8 e8 f8
mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2
mobilityRegionBlackFers = d7 e7 f7 d8 e8 f8
mobilityRegionWhiteElephant = *1 *2 *3 *4
mobilityRegionBlackElephant = *5 *6 *7 *8
soldierPromotionRank = 5
flyingGeneral = true
stalemateValue = loss
castling = false
doubleStep = false

[palacehouse:palace]
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/P1P1P1P1P/1C5C1/9/RNBAKABNR[RCPArcpa] w - - 0 1
pieceDrops = true
capturesToHand = true
dropChecks = false

[cannons:chess]
janggiCannon = c
startFen = rc2k1cr/pppppppp/8/8/8/8/PPPPPPPP/RC2K1CR w - - 0 1
castling = false

[castlewins:chess]
startFen = r3k2r/pp1pp1pp/8/8/8/8/PP1PP1PP/R3K2R b KQkq - 0 1
castlingWins = qK

[oppositecastling:chess]
startFen = r3k2r/pp1pp1pp/8/8/8/8/PP1PP1PP/R3K2R w KQkq - 0 1
oppositeCastling = true
nMoveRuleTypesBlack = r
";
    let loaded = defined::load(config, "shapes.ini");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    assert_eq!(loaded.games.len(), 11);
    let Some(tally) = compare_games(config, &loaded.games, &mut Rng(1_128), 40, 4) else {
        return;
    };
    tally.report("games", usize::MAX, false);
}

/// Every game that loads from a `variants.ini` file named by
/// `ARCANA_FAIRY_INI` (Fairy-Stockfish's own `src/variants.ini`, say: not
/// part of this repository) against Fairy-Stockfish with the same file
/// loaded. Without the variable it says so and passes: run it by hand,
/// `ARCANA_FAIRY_INI=.../variants.ini cargo test --release --test
/// defined_vs_fairy a_whole_file -- --nocapture`.
#[test]
fn a_whole_file_plays_as_fairy_stockfish_plays_it() {
    let Some(path) = std::env::var_os("ARCANA_FAIRY_INI") else {
        eprintln!("skipped: ARCANA_FAIRY_INI names no file");
        return;
    };
    if skip() {
        return;
    }
    let config = std::fs::read_to_string(&path).expect("ARCANA_FAIRY_INI reads");
    let loaded = defined::load(&config, "fairy.ini");
    eprintln!("{}", loaded.summary());
    // Walls (`*`) in an Othello game: Fairy-Stockfish's enclosing lines
    // run through them and then flip the wall square itself (its position
    // no longer says what is on the board); Arcana's lines stop at a hole.
    let games: Vec<_> = loaded
        .games
        .iter()
        .copied()
        .filter(|g| !(g.drops.flip == defined::drops::Flip::Reversi && g.start_fen.contains('*')))
        .collect();
    let Some(tally) = compare_games(&config, &games, &mut Rng(143), 30, 6) else {
        return;
    };
    tally.report("games", usize::MAX, true);
}

/// The drop games among the built-in parents, played deep (pockets full,
/// promoted pieces taken and dropped again) against Fairy-Stockfish's
/// built-in games of the same names.
#[test]
fn drop_games_deep_into_play_match_fairy_stockfish() {
    if skip() {
        return;
    }
    let config: String = defined::builtin::drop_parents()
        .map(|d| format!("[{0}:{0}]\n", d.spec.id))
        .collect();
    let loaded = defined::load(&config, "drops.ini");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let mut rng = Rng(41);
    let mut tally = Tally::default();
    // Shuffles that repeat the start (each position on the way is asked
    // for the game's end: minishogi's repetition loses for White), and
    // placement's setup to castling (kings and rooks dropped on their
    // squares gain the rights; the bishops end on both colours), and
    // S-chess's gating.
    let placement = [
        "K@e1", "K@e8", "R@a1", "R@a8", "R@h1", "R@h8", "B@c1", "B@c8", "Q@d1", "Q@d8", "N@b1",
        "N@b8", "N@g1", "N@g8", "B@f1", "B@f8", "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5",
        "e1g1", "e8g8",
    ];
    // S-chess: castling gating on the rook's square (h1e1h) and on the
    // king's (e8g8e); White's last piece in hand gated closes its gates.
    let gating = [
        "g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7", "h1e1h", "e8g8e", "b1c3e", "b8c6", "d2d4",
        "d7d5", "c1f4", "c8f5", "d1d2",
    ];
    let shuffles: &[(&str, &[&str], usize)] = &[
        ("seirawan", &gating, gating.len()),
        ("shouse", &gating, gating.len()),
        ("minishogi", &["b1b2", "d5d4", "b2b1", "d4d5"], 13),
        ("shogi", &["e1e2", "e9e8", "e2e1", "e8e9"], 13),
        ("crazyhouse", &["g1f3", "g8f6", "f3g1", "f6g8"], 13),
        ("placement", &placement, placement.len()),
    ];
    // Othello: Black has only the pass (a1a1), then White moves; a full
    // board and a double pass end the game, counted.
    let positions: &[(&str, &str, &[&str])] = &[
        (
            "flipello",
            "PppppppP/PppPPppP/pPPPpppP/pPPppppP/pppppppP/pppppppP/pppppPPP/pPp1PPPP[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppppppppppp] b - - 0 30",
            &["a1a1"],
        ),
        (
            "flipello",
            "PPPP1PPP/PPPPPPPp/PPPppppp/PPPpppPp/PppPPPpp/PpPPPPpp/ppppPppp/Pppppppp[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppp] w - - 0 31",
            &["a1a1"],
        ),
        (
            "flipello",
            "pppppppp/ppppppp1/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/Pppppppp[PPPPp] w - - 0 31",
            &["a1a1", "b1b1"],
        ),
    ];
    for &def in &loaded.games {
        let mut jobs = playouts(Defined(def), &def.start_fen, &mut rng, 2, 100, 25);
        for (name, fen, line) in positions {
            if def.spec.id == *name {
                for n in 0..=line.len() {
                    jobs.push(Job {
                        variant: def.spec.id.clone(),
                        reference: def.spec.id.clone(),
                        fen: fen.to_string(),
                        moves: line[..n].iter().map(|m| m.to_string()).collect(),
                        perft: 1,
                    });
                }
            }
        }
        for (name, line, plies) in shuffles {
            if def.spec.id == *name {
                let moves: Vec<String> = line
                    .iter()
                    .cycle()
                    .take(*plies)
                    .map(|m| m.to_string())
                    .collect();
                for n in 0..=moves.len() {
                    jobs.push(Job {
                        variant: def.spec.id.clone(),
                        reference: def.spec.id.clone(),
                        fen: def.start_fen.clone(),
                        moves: moves[..n].to_vec(),
                        perft: 0,
                    });
                }
            }
        }
        tally.definitions += 1;
        if compare(&config, &jobs, &mut tally).is_none() {
            return;
        }
    }
    tally.report("drop games", usize::MAX, false);
}

/// The move `m` played back: from its destination to its origin, if
/// that is a legal move of `pos`.
fn reverse_of(pos: &Position, m: defined::Move) -> Option<defined::Move> {
    legal(pos)
        .into_iter()
        .find(|r| r.from() == m.to() && r.to() == m.from() && !r.is_drop() && !m.is_drop())
}

/// Xiangqi's ends by its history, judged as Fairy-Stockfish judges them:
/// a repetition lost by the side that checked in every position of it,
/// else by the side whose every move chased the same piece (attacked it
/// anew while it was worth more than the attacker or undefended), else
/// drawn; and the move-count rule stretched by checks (each beyond ten by
/// one side adds a move). From random middle games, two-move shuffles of
/// both sides played twice (the position before them then stands a third
/// time), every position on the way asked for the game's end; and from a
/// high move count, runs of play that check where they can.
#[test]
fn xiangqi_repetitions_chases_and_counts_end_as_fairy_stockfish() {
    if skip() {
        return;
    }
    let config = "[myxiangqi:xiangqi]\n";
    let loaded = defined::load(config, "xiangqi.ini");
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let game = Defined(loaded.games[0]);
    let mut rng = Rng(77);
    let mut jobs = Vec::new();
    let job = |fen: &str, moves: &[String]| Job {
        variant: "myxiangqi".into(),
        reference: "xiangqi".into(),
        fen: fen.to_string(),
        moves: moves.to_vec(),
        perft: 0,
    };
    // Decisive repetitions Arcana finds, by chase and by check (the test
    // must meet some of each to mean anything).
    let (mut chases, mut checks) = (0, 0);
    let start_fen = game.0.start_fen.clone();
    for _ in 0..60 {
        let mut pos = game.read_fen(&start_fen).expect("the start reads");
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..10 + rng.below(50) {
            let list = legal(&pos);
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            moves.push(Defined::ply_to_token(&pos, m));
            pos = Defined::make(&pos, m);
        }
        let ours = legal(&pos);
        if ours.is_empty() {
            continue;
        }
        // Shuffles: a move of each side and both taken back, twice. Some
        // chosen at random, some where the first side's piece attacks the
        // same enemy piece from both its squares (a chase, if the piece
        // is undefended or stronger), some that check twice.
        let mut shuffles = Vec::new();
        let (mut chasing, mut checking) = (Vec::new(), Vec::new());
        for &m1 in &ours {
            let p1 = Defined::make(&pos, m1);
            for n1 in legal(&p1) {
                let p2 = Defined::make(&p1, n1);
                let Some(m2) = reverse_of(&p2, m1) else {
                    continue;
                };
                let p3 = Defined::make(&p2, m2);
                let Some(n2) = reverse_of(&p3, n1) else {
                    continue;
                };
                let attacks = |p: &Position, from: usize, s: usize| {
                    let side = p.piece(from).map_or(0, |(side, _)| side);
                    defined::movegen::checkers(p, s, side).any(|x| x == from)
                };
                let cycle = [m1, n1, m2, n2];
                if attacks(&p1, m1.to(), n1.from()) && attacks(&p3, m2.to(), n1.to()) {
                    chasing.push(cycle);
                } else if defined::movegen::in_check(&p1) && defined::movegen::in_check(&p3) {
                    checking.push(cycle);
                } else {
                    shuffles.push(cycle);
                }
            }
        }
        let mut cycles = Vec::new();
        for (pool, n) in [(&chasing, 3), (&checking, 2), (&shuffles, 2)] {
            for _ in 0..n.min(pool.len()) {
                cycles.push(pool[rng.below(pool.len())]);
            }
        }
        for [m1, n1, m2, n2] in cycles {
            let mut line = moves.clone();
            let mut played = variants::Game::new(game, game.read_fen(&start_fen).unwrap());
            for t in &moves {
                played.play_token(t).unwrap();
            }
            let mut at = pos.clone();
            for m in [m1, n1, m2, n2, m1, n1, m2, n2] {
                if played.outcome().is_some() {
                    break;
                }
                line.push(Defined::ply_to_token(&at, m));
                played.play_plies(vec![m]);
                at = Defined::make(&at, m);
                jobs.push(job(&start_fen, &line));
            }
            match played.outcome() {
                Some(Outcome::Win {
                    reason: variants::WinReason::PerpetualChase,
                    ..
                }) => chases += 1,
                Some(Outcome::Win {
                    reason: variants::WinReason::PerpetualCheck,
                    ..
                }) => checks += 1,
                _ => {}
            }
        }
    }
    // The move count stretched by checks: from a count of 50 plies,
    // White's attackers check where they can against a defended king
    // (asked at every ply from the 21st: fewer plies stretch nothing).
    let attacks = [
        "2bakab2/9/9/9/9/9/2N6/9/4C4/R3K4 w - - 50 1",
        "3akab2/9/4b4/9/9/2R6/9/2N3C2/9/3K5 w - - 50 1",
    ];
    for i in 0..12 {
        let fen = attacks[i % attacks.len()];
        let mut pos = game.read_fen(fen).expect("the FEN reads");
        let mut line: Vec<String> = Vec::new();
        let mut played = variants::Game::new(game, pos.clone());
        for ply in 0..90 {
            let list = legal(&pos);
            if list.is_empty() || played.outcome().is_some() {
                break;
            }
            // A check where there is one, a capture never (it would reset
            // the count) nor a position seen before (checks repeated
            // would end the game), else a random move.
            let quiet: Vec<_> = list
                .iter()
                .copied()
                .filter(|&m| {
                    !defined::movegen::is_capture(&pos, m)
                        && !played.hashes().contains(&Defined::make(&pos, m).hash)
                })
                .collect();
            let pool = if quiet.is_empty() { &list } else { &quiet };
            let checking: Vec<_> = pool
                .iter()
                .copied()
                .filter(|&m| defined::movegen::in_check(&Defined::make(&pos, m)))
                .collect();
            let m = if !checking.is_empty() && pos.side == variants::Side::White {
                checking[rng.below(checking.len())]
            } else {
                pool[rng.below(pool.len())]
            };
            line.push(Defined::ply_to_token(&pos, m));
            played.play_plies(vec![m]);
            pos = Defined::make(&pos, m);
            if ply >= 20 {
                jobs.push(job(fen, &line));
            }
        }
    }
    let mut tally = Tally {
        definitions: 1,
        ..Default::default()
    };
    if compare(config, &jobs, &mut tally).is_none() {
        return;
    }
    eprintln!("decisive repetitions: {chases} by chase, {checks} by check");
    tally.report("games", 5, true);
    assert!(
        chases >= 3 && checks >= 3,
        "{chases} chases, {checks} checks"
    );
}

/// Janggi's ends by its history, judged as Fairy-Stockfish judges them:
/// modern janggi's rule against moving a piece back and forth (four moves
/// in a row out of check, a pass standing for the first way back, the
/// mover losing), and the other janggi games' bikjang and two passes in a
/// row, settled by points. From random middle games, one side's piece
/// taken back and forth while the other side plays at random (passing
/// now and then), every position on the way asked for the game's end.
#[test]
fn janggi_repetitions_bikjang_and_passes_end_as_fairy_stockfish() {
    if skip() {
        return;
    }
    let mut rng = Rng(2_024);
    let mut tally = Tally::default();
    // Decisive ends Arcana finds by each rule (the test must meet some of
    // each to mean anything).
    let (mut back_and_forth, mut counted) = (0, 0);
    for name in ["janggimodern", "janggi"] {
        let mine = format!("my{name}");
        let config = format!("[{mine}:{name}]\n");
        let loaded = defined::load(&config, "janggi.ini");
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let game = Defined(loaded.games[0]);
        let start_fen = game.0.start_fen.clone();
        let mut jobs = Vec::new();
        for _ in 0..40 {
            let mut pos = game.read_fen(&start_fen).expect("the start reads");
            let mut played = variants::Game::new(game, pos.clone());
            let mut line: Vec<String> = Vec::new();
            for _ in 0..4 + rng.below(40) {
                let list = legal(&pos);
                if list.is_empty() || played.outcome().is_some() {
                    break;
                }
                let m = list[rng.below(list.len())];
                line.push(Defined::ply_to_token(&pos, m));
                played.play_plies(vec![m]);
                pos = Defined::make(&pos, m);
            }
            // The side to move shuffles one piece; the other answers at
            // random, passing a quarter of the time.
            let mut shuffle: Option<defined::Move> = None;
            for ply in 0..14 {
                let list = legal(&pos);
                if list.is_empty() || played.outcome().is_some() {
                    break;
                }
                let pass = list
                    .iter()
                    .copied()
                    .find(|m| m.kind() == defined::position::Kind::Pass);
                let m = if ply % 2 == 0 {
                    let back = shuffle.and_then(|s| reverse_of(&pos, s));
                    match (back, pass) {
                        (Some(b), _) if ply != 2 || rng.below(3) != 0 => b,
                        (_, Some(p)) if ply == 2 => p,
                        _ => list[rng.below(list.len())],
                    }
                } else {
                    match pass {
                        Some(p) if rng.below(4) == 0 => p,
                        _ => list[rng.below(list.len())],
                    }
                };
                if ply % 2 == 0 && m.kind() != defined::position::Kind::Pass {
                    shuffle = Some(m);
                }
                line.push(Defined::ply_to_token(&pos, m));
                played.play_plies(vec![m]);
                pos = Defined::make(&pos, m);
                jobs.push(Job {
                    variant: mine.clone(),
                    reference: name.into(),
                    fen: start_fen.clone(),
                    moves: line.clone(),
                    perft: 0,
                });
            }
            match played.outcome() {
                Some(Outcome::Win {
                    reason: variants::WinReason::Repetition,
                    ..
                }) => back_and_forth += 1,
                Some(Outcome::Win {
                    reason: variants::WinReason::Material,
                    ..
                }) => counted += 1,
                _ => {}
            }
        }
        tally.definitions += 1;
        if compare(&config, &jobs, &mut tally).is_none() {
            return;
        }
    }
    eprintln!("decisive ends: {back_and_forth} by moving back and forth, {counted} by points");
    tally.report("games", 5, true);
    assert!(
        back_and_forth >= 3 && counted >= 3,
        "{back_and_forth} by moving back and forth, {counted} by points"
    );
}
