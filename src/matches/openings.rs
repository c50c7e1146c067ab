//! Where each game of a match starts: a FEN from a file (or the variant's
//! start) followed by random legal turns, all decided by the seed alone so
//! that every shard of a match agrees on them.

use super::referee::Referee;
use std::path::Path;

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `stream` under `seed`.
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut rng = Rng(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
        rng.next_u64();
        rng
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = variants::zobrist::splitmix64(self.0);
        self.0 = state;
        out
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * n as f64) as usize
    }
}

/// Reads an openings file: one FEN or EPD per line; blank lines and lines
/// starting with `#` are skipped. Each position is checked by the rules.
pub fn read_file(path: &Path, referee: &mut Referee) -> Result<Vec<String>, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text =
        String::from_utf8(text).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
    read_text(&text, &path.display().to_string(), referee)
}

/// Reads the text of an openings file named `name` (for messages): the
/// FEN of each position, as the referee writes it.
pub fn read_text(text: &str, name: &str, referee: &mut Referee) -> Result<Vec<String>, String> {
    let mut fens = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = position_of(line, referee).map_err(|e| format!("{name}:{}: {e}", n + 1))?;
        fens.push(fen);
    }
    if fens.is_empty() {
        return Err(format!("{name}: no positions"));
    }
    Ok(fens)
}

/// More fields than any game's FEN has (Advanced Wizard Chess has the
/// most, seven).
const FEN_FIELDS_MAX: usize = 8;

/// The FEN of a line that holds a FEN, or an EPD record (the position's
/// fields followed by operations, with the move counters left out).
fn position_of(line: &str, referee: &mut Referee) -> Result<String, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut first_error = None;
    // No game's FEN has more fields than this: longer prefixes cannot be
    // positions, and trying them all would make a long line quadratic.
    for take in (1..=fields.len().min(FEN_FIELDS_MAX)).rev() {
        let head = fields[..take].join(" ");
        for candidate in [head.clone(), format!("{head} 0 1")] {
            match referee.reset(&candidate) {
                Ok(()) => return Ok(referee.start_fen()),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
    }
    Err(first_error.unwrap_or_else(|| "empty line".into()))
}

/// The opening of one game: its start FEN and the turns to play from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Where the game starts.
    pub fen: String,
    /// Random turns played before the engines take over (wire tokens).
    pub moves: Vec<String>,
}

/// The opening numbered `index`: FEN `index` of `fens` (cycling; without
/// a file, the game's shuffled setup drawn from `seed` and `index` for a
/// Chess960 game, else its start), then `plies` random turns drawn from
/// `seed`. A random line that would end the game is drawn again.
pub fn opening(
    referee: &mut Referee,
    fens: &[String],
    index: usize,
    plies: usize,
    seed: u64,
) -> Result<Opening, String> {
    let fen = if fens.is_empty() {
        let n = variants::zobrist::splitmix64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9)).1;
        referee
            .shuffled_start(n)
            .unwrap_or_else(|| referee.variant_start_fen().to_string())
    } else {
        fens[index % fens.len()].clone()
    };
    let mut rng = Rng::new(seed, index as u64);
    let mut best = Vec::new();
    for _attempt in 0..100 {
        referee.reset(&fen)?;
        let mut moves = Vec::new();
        while moves.len() < plies && referee.outcome().is_none() {
            match referee.play_random(&mut |n| rng.below(n)) {
                Some(played) => moves.push(played.token),
                None => break,
            }
        }
        if referee.outcome().is_none() {
            return Ok(Opening { fen, moves });
        }
        // Keep the longest line that still leaves a game to play.
        moves.pop();
        if moves.len() > best.len() {
            best = moves;
        }
    }
    Ok(Opening { fen, moves: best })
}

#[cfg(test)]
mod tests {
    use super::super::referee::Referee;
    use super::*;

    #[test]
    fn random_openings_depend_on_the_seed_and_index_only() {
        let mut r = Referee::new(&variants::Registry::builtin(), "chess").unwrap();
        let a = opening(&mut r, &[], 3, 8, 42).unwrap();
        let b = opening(&mut r, &[], 3, 8, 42).unwrap();
        let c = opening(&mut r, &[], 4, 8, 42).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.moves, c.moves);
        assert_eq!(a.moves.len(), 8);
        // The moves replay legally.
        r.reset(&a.fen).unwrap();
        for m in &a.moves {
            r.play(m).unwrap();
        }
        assert!(r.outcome().is_none());
    }

    /// A Chess960 game's openings start from its shuffled setups, one
    /// for each opening; a game without them from its start.
    #[test]
    fn chess960_games_open_from_shuffled_setups() {
        let mut r = Referee::new(&variants::Registry::builtin(), "caparandom").unwrap();
        let starts: std::collections::BTreeSet<String> = (0..6)
            .map(|i| opening(&mut r, &[], i, 0, 7).unwrap().fen)
            .collect();
        assert_eq!(starts.len(), 6, "{starts:?}");
        assert!(!starts.contains(r.variant_start_fen()));
        assert_eq!(
            opening(&mut r, &[], 2, 0, 7).unwrap(),
            opening(&mut r, &[], 2, 0, 7).unwrap()
        );
        let mut capa = Referee::new(&variants::Registry::builtin(), "capablanca").unwrap();
        assert_eq!(
            opening(&mut capa, &[], 2, 0, 7).unwrap().fen,
            capa.variant_start_fen()
        );
    }

    #[test]
    fn files_hold_fens_or_epd() {
        let dir = std::env::temp_dir().join(format!("arcana-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.epd");
        std::fs::write(
            &good,
            "# comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n\
             r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; id \"castles\";\n",
        )
        .unwrap();
        let mut r = Referee::new(&variants::Registry::builtin(), "chess").unwrap();
        let fens = read_file(&good, &mut r).unwrap();
        assert_eq!(fens.len(), 2);
        assert!(
            fens[1].starts_with("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"),
            "{}",
            fens[1]
        );
        let bad = dir.join("bad.epd");
        std::fs::write(
            &bad,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnonsense here\n",
        )
        .unwrap();
        let err = read_file(&bad, &mut r).unwrap_err();
        assert!(err.contains("bad.epd:2:"), "{err}");
        std::fs::write(&bad, "").unwrap();
        assert!(read_file(&bad, &mut r)
            .unwrap_err()
            .contains("no positions"));
        assert!(read_file(&dir.join("missing"), &mut r).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_long_line_is_read_in_linear_time() {
        // Every prefix of the line used to be tried as a FEN: a position
        // followed by 200,000 EPD words would have taken hours.
        let mut r = Referee::new(&variants::Registry::builtin(), "chess").unwrap();
        let tail = " c0 x".repeat(100_000);
        let line = format!("4k3/8/8/8/8/8/8/4K2R w K -{tail}\n");
        let fens = read_text(&line, "long.epd", &mut r).unwrap();
        assert_eq!(fens, ["4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
        let junk = "x ".repeat(100_000);
        let err = read_text(&junk, "junk.epd", &mut r).unwrap_err();
        assert!(err.starts_with("junk.epd:1: "), "{err}");
    }

    #[test]
    fn the_generator_spreads_evenly_enough() {
        let mut rng = Rng::new(7, 0);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            counts[rng.below(4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }
}
