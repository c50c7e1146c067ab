//! Games opened from a file to replay: a PGN (one game or many, as
//! `arcana match --pgn` writes them) or the JSON report of `arcana match
//! --json`. Each game becomes its start FEN and its turns as wire tokens,
//! which the session plays through the rules like any other game.

use serde::Serialize;
use serde_json::Value;
use variants::{pgn, Registry, Variant, VariantVisitor};

/// One game of the file.
#[derive(Clone, Debug, Serialize)]
pub struct Recorded {
    /// The variant's id.
    pub variant: String,
    /// The event or match, if named.
    pub event: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Why it ended, as the file says.
    pub reason: String,
    /// The FEN it started from (`None`: the variant's start).
    #[serde(skip)]
    pub start_fen: Option<String>,
    /// Its turns as wire tokens.
    #[serde(skip)]
    pub moves: Vec<String>,
    /// Turns in it.
    pub turns: usize,
}

/// Reads every game of `text`, a PGN or an `arcana match` JSON report, of
/// the games of `registry`.
pub fn read(registry: &Registry, text: &str) -> Result<Vec<Recorded>, String> {
    let games = if text.trim_start().starts_with('{') {
        read_report(text)?
    } else {
        split_pgn(text)
            .into_iter()
            .enumerate()
            .map(|(i, chunk)| {
                read_pgn_game(registry, chunk).map_err(|e| format!("game {}: {e}", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    if games.is_empty() {
        return Err("no game in the file".into());
    }
    Ok(games)
}

/// The games of a match report; a report without moves (written before
/// they were recorded) still opens on each game's last position.
fn read_report(text: &str) -> Result<Vec<Recorded>, String> {
    let report: Value =
        serde_json::from_str(text).map_err(|e| format!("not a match report: {e}"))?;
    let variant = report["match"]["variant"]
        .as_str()
        .ok_or("not a match report: no match.variant")?;
    let event = report["engines"]
        .as_array()
        .map(|e| {
            let names: Vec<&str> = e.iter().filter_map(Value::as_str).collect();
            names.join(" vs ")
        })
        .unwrap_or_default();
    let games = report["games"]
        .as_array()
        .ok_or("not a match report: no games")?;
    let text_of = |g: &Value, key: &str| g[key].as_str().unwrap_or_default().to_string();
    games
        .iter()
        .map(|g| {
            let moves: Vec<String> = g["moves"]
                .as_array()
                .map(|m| {
                    m.iter()
                        .filter_map(|t| t.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let (start_fen, reason) = if moves.is_empty() && g["plies"].as_u64() != Some(0) {
                (
                    g["final_fen"].as_str().map(str::to_string),
                    format!(
                        "{} (this report has no moves: its last position is shown)",
                        text_of(g, "reason")
                    ),
                )
            } else {
                (
                    g["start_fen"].as_str().map(str::to_string),
                    text_of(g, "reason"),
                )
            };
            Ok(Recorded {
                variant: variant.to_string(),
                event: format!("{event}, game {}", g["index"].as_u64().unwrap_or(0) + 1),
                white: text_of(g, "white"),
                black: text_of(g, "black"),
                result: text_of(g, "result"),
                reason,
                start_fen,
                turns: moves.len(),
                moves,
            })
        })
        .collect()
}

/// The games of a PGN text: a game starts at a tag line that follows
/// movetext.
fn split_pgn(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut seen_moves = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with('[') && seen_moves {
            out.push(&text[start..offset]);
            start = offset;
            seen_moves = false;
        } else if !t.is_empty() && !t.starts_with('[') {
            seen_moves = true;
        }
        offset += line.len();
    }
    if !text[start..].trim().is_empty() {
        out.push(&text[start..]);
    }
    out
}

/// A tag of a PGN game, before it is read (the `Variant` tag says which
/// game's reader reads it).
fn tag<'a>(chunk: &'a str, name: &str) -> Option<&'a str> {
    chunk.lines().find_map(|line| {
        let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
        let (key, value) = inner.split_once(char::is_whitespace)?;
        (key == name).then(|| value.trim().trim_matches('"'))
    })
}

/// The last `{comment}` of the movetext: where match runners say why a
/// game ended.
fn last_comment(chunk: &str) -> Option<String> {
    let end = chunk.rfind('}')?;
    let start = chunk[..end].rfind('{')?;
    Some(chunk[start + 1..end].trim().to_string())
}

/// What a game's PGN reader gives: its start FEN (when not the variant's
/// start), its turns as tokens, the movetext's result and the tags.
type ReadGame = (Option<String>, Vec<String>, String, Vec<(String, String)>);

struct ReadPgn<'a>(&'a str);

impl VariantVisitor for ReadPgn<'_> {
    type Output = Result<ReadGame, String>;
    fn visit<V: Variant>(self, game: V) -> Self::Output {
        let read = pgn::read(&game, self.0).map_err(|e| e.to_string())?;
        let mut pos = read.game.start_position().clone();
        let start_fen = V::to_fen(&pos);
        let mut moves = Vec::new();
        for plies in read.game.turns() {
            moves.push(V::turn_to_token(&pos, plies));
            for &m in plies {
                pos = V::make(&pos, m);
            }
        }
        let start = (start_fen != game.spec().start_fen).then_some(start_fen);
        Ok((start, moves, read.result, read.tags))
    }
}

fn read_pgn_game(registry: &Registry, chunk: &str) -> Result<Recorded, String> {
    // A PGN without a Variant tag is orthodox chess.
    let variant = registry
        .canonical_id(tag(chunk, "Variant").unwrap_or("chess"))
        .map_err(|e| e.to_string())?;
    let (start_fen, moves, result, tags) = registry
        .visit(&variant, ReadPgn(chunk))
        .map_err(|e| e.to_string())??;
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let reason = last_comment(chunk)
        .or_else(|| tag("Termination").map(str::to_string))
        .unwrap_or_default();
    let event = [tag("Event"), tag("Round")]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty() && *s != "?" && *s != "-")
        .collect::<Vec<_>>()
        .join(", round ");
    Ok(Recorded {
        variant: variant.to_string(),
        event,
        white: tag("White").unwrap_or("?").to_string(),
        black: tag("Black").unwrap_or("?").to_string(),
        result: tag("Result").map_or(result, str::to_string),
        reason,
        start_fen,
        turns: moves.len(),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_files_of_several_games_and_variant_names_read() {
        let text = "[Event \"m\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
                    1. f3 e5 2. g4 Qh4# {White is mated} 0-1\n\n\
                    [Event \"m\"]\n[Variant \"Magician Chess\"]\n[Result \"*\"]\n\n1. c2c3 *\n";
        let games = read(&Registry::builtin(), text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert_eq!(games[0].reason, "White is mated");
        assert_eq!(
            (games[0].white.as_str(), games[0].result.as_str()),
            ("A", "0-1")
        );
        assert_eq!(games[1].variant, "magician");
        assert_eq!(games[1].moves.len(), 1);
        assert!(read(&Registry::builtin(), "1. e4 e5 2. Ke3 Ke6 3. Kxe6 *")
            .unwrap_err()
            .contains("game 1"));
        assert!(read(&Registry::builtin(), "").is_err());
        assert!(read(&Registry::builtin(), "{\"match\": 3}").is_err());
    }
}
