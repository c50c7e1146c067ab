//! The small languages of `arcana match`'s options: engine descriptions,
//! time controls, adjudication rules and shards.

use std::path::PathBuf;
use std::time::Duration;

/// Splits `key=value,key=value` into pairs; every item needs its `=`.
pub fn pairs(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split(',')
        .filter(|item| !item.trim().is_empty())
        .map(|item| {
            item.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("'{item}' is not key=value"))
        })
        .collect()
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// UCI.
    Uci,
    /// XBoard / CECP v2.
    Xboard,
}

/// One `--engine` description.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name for PGN and reports (default: what the engine calls itself).
    pub name: Option<String>,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The working directory.
    pub dir: Option<PathBuf>,
    /// Its protocol.
    pub proto: Proto,
    /// Options to set before the first game, in order.
    pub options: Vec<(String, String)>,
    /// Whether the engine is this very program (no `cmd`): it then gets
    /// the games of the run's `--variants` files too.
    pub own: bool,
}

impl EngineSpec {
    /// Reads `name=..,cmd=..,arg=..,proto=uci|xboard,dir=..,option.NAME=VALUE`.
    /// Without `cmd` the engine is this very program (Arcana).
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            name: None,
            command: Vec::new(),
            dir: None,
            proto: Proto::Uci,
            options: Vec::new(),
            own: false,
        };
        let mut args = Vec::new();
        for (key, value) in pairs(text).map_err(|e| format!("--engine: {e}"))? {
            match key.as_str() {
                "name" => spec.name = Some(value),
                "cmd" => spec.command = value.split_whitespace().map(str::to_string).collect(),
                "arg" => args.push(value),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "proto" => {
                    spec.proto = match value.as_str() {
                        "uci" => Proto::Uci,
                        "xboard" | "cecp" => Proto::Xboard,
                        _ => return Err(format!("--engine: proto '{value}' (uci or xboard)")),
                    }
                }
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => spec.options.push((name.to_string(), value)),
                    _ => {
                        return Err(format!(
                        "--engine: unknown key '{key}' (name, cmd, arg, proto, dir, option.NAME)"
                    ))
                    }
                },
            }
        }
        if spec.command.is_empty() {
            let me = std::env::current_exe()
                .map_err(|e| format!("--engine without cmd: cannot find this program: {e}"))?;
            spec.command.push(me.to_string_lossy().into_owned());
            spec.own = true;
        }
        spec.command.extend(args);
        Ok(spec)
    }

    /// The engine, given the arguments that load this run's files
    /// (`--variants FILE`, `--eval-file FILE`; see
    /// [`crate::variants_cmd::preloaded`]) before its own arguments if it
    /// is this very program.
    pub fn with_run_files(mut self, loads: &[String]) -> EngineSpec {
        if self.own {
            let rest = self.command.split_off(1);
            self.command.extend(loads.iter().cloned());
            self.command.extend(rest);
        }
        self
    }

    /// The name to use before the engine said its own: the program's file name.
    pub fn fallback_name(&self) -> String {
        let program = &self.command[0];
        std::path::Path::new(program)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| program.clone())
    }
}

/// A chess clock's rules: `moves` per period (or the whole game), `base`
/// for each period and `inc` after every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period; `None` for the whole game.
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Increment per move.
    pub inc: Duration,
}

impl TimeControl {
    /// Reads `MOVES/TIME+INC`: `10+0.1`, `40/60`, `40/1:30+0.5`, `300`.
    /// TIME is seconds or `minutes:seconds`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("--tc '{text}': expected MOVES/TIME+INC, e.g. 10+0.1 or 40/60");
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (Some(m.parse::<u32>().map_err(|_| bad())?), rest),
            None => (None, text),
        };
        let (time, inc) = match rest.split_once('+') {
            Some((t, i)) => (t, Some(i)),
            None => (rest, None),
        };
        let base = match time.split_once(':') {
            Some((m, s)) => {
                let m = m.parse::<u64>().map_err(|_| bad())?;
                seconds(s).ok_or_else(bad)? + Duration::from_secs(m * 60)
            }
            None => seconds(time).ok_or_else(bad)?,
        };
        let inc = match inc {
            Some(i) => seconds(i).ok_or_else(bad)?,
            None => Duration::ZERO,
        };
        if base.is_zero() || moves == Some(0) {
            return Err(bad());
        }
        Ok(TimeControl { moves, base, inc })
    }

    /// The PGN `TimeControl` tag value: `40/60`, `10+0.1`.
    pub fn pgn(&self) -> String {
        let base = format_seconds(self.base);
        let mut out = match self.moves {
            Some(m) => format!("{m}/{base}"),
            None => base,
        };
        if !self.inc.is_zero() {
            out.push_str(&format!("+{}", format_seconds(self.inc)));
        }
        out
    }
}

/// Seconds as a non-negative decimal.
pub fn seconds(text: &str) -> Option<Duration> {
    seconds_of(text.trim().parse().ok()?)
}

/// A non-negative, finite number of seconds as a duration.
pub fn seconds_of(v: f64) -> Option<Duration> {
    (v.is_finite() && (0.0..1e9).contains(&v)).then(|| Duration::from_secs_f64(v))
}

/// The pairs of an option's `key=N,...` value, every value a whole number.
fn whole_pairs(option: &str, text: &str) -> Result<Vec<(String, i64)>, String> {
    pairs(text)
        .map_err(|e| format!("{option}: {e}"))?
        .into_iter()
        .map(|(key, value)| match value.parse::<i64>() {
            Ok(n) => Ok((key, n)),
            Err(_) => Err(format!("{option}: '{key}={value}' is not a whole number")),
        })
        .collect()
}

/// Seconds without needless decimals: `10`, `0.1`.
pub fn format_seconds(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{}", d.as_secs_f64())
    }
}

/// `--draw movenumber=N,movecount=M,score=S`: a draw once both engines
/// have reported |score| <= S for M consecutive moves each, from move N on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move at which the rule may apply.
    pub move_number: u32,
    /// Consecutive moves per engine.
    pub move_count: u32,
    /// Centipawns.
    pub score: i32,
}

impl DrawRule {
    /// Reads the option's value.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let mut rule = DrawRule {
            move_number: 0,
            move_count: 0,
            score: -1,
        };
        for (key, n) in whole_pairs("--draw", text)? {
            match key.as_str() {
                "movenumber" => rule.move_number = n.clamp(0, u32::MAX as i64) as u32,
                "movecount" => rule.move_count = n.clamp(0, u32::MAX as i64) as u32,
                "score" => rule.score = n.clamp(-1, 1_000_000) as i32,
                _ => {
                    return Err(format!(
                        "--draw: unknown key '{key}' (movenumber, movecount, score)"
                    ))
                }
            }
        }
        if rule.move_count == 0 || rule.score < 0 {
            return Err("--draw needs movecount >= 1 and score >= 0".into());
        }
        Ok(rule)
    }
}

/// `--resign movecount=M,score=S`: an engine that reported a score of -S or
/// worse on M consecutive moves of its own loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of the losing engine.
    pub move_count: u32,
    /// Centipawns.
    pub score: i32,
}

impl ResignRule {
    /// Reads the option's value.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let mut rule = ResignRule {
            move_count: 0,
            score: 0,
        };
        for (key, n) in whole_pairs("--resign", text)? {
            match key.as_str() {
                "movecount" => rule.move_count = n.clamp(0, u32::MAX as i64) as u32,
                "score" => rule.score = n.clamp(0, 1_000_000) as i32,
                _ => return Err(format!("--resign: unknown key '{key}' (movecount, score)")),
            }
        }
        if rule.move_count == 0 || rule.score <= 0 {
            return Err("--resign needs movecount >= 1 and score >= 1".into());
        }
        Ok(rule)
    }
}

/// `--shard K/N`: this run plays slice K (1-based) of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// 1..=count.
    pub index: u32,
    /// How many slices the match is cut into.
    pub count: u32,
}

impl Shard {
    /// Reads `K/N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{text}': expected K/N with 1 <= K <= N");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse::<u32>().map_err(|_| bad())?,
            n.trim().parse::<u32>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The whole match as one slice.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let spec = EngineSpec::parse(
            "name=Fairy,cmd=/usr/games/fairymax -x,arg=two words,proto=xboard,dir=/tmp,option.Hash=64",
        )
        .unwrap();
        assert_eq!(spec.name.as_deref(), Some("Fairy"));
        assert_eq!(spec.command, ["/usr/games/fairymax", "-x", "two words"]);
        assert_eq!(spec.proto, Proto::Xboard);
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(spec.options, [("Hash".to_string(), "64".to_string())]);
        assert_eq!(spec.fallback_name(), "fairymax");
        // Without cmd: this program.
        let me = EngineSpec::parse("name=me").unwrap();
        assert_eq!(me.proto, Proto::Uci);
        assert!(!me.command.is_empty());
        for bad in ["cmd", "proto=uic", "colour=white", "option.=1"] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(
            (tc.moves, tc.base, tc.inc),
            (None, Duration::from_secs(10), Duration::from_millis(100))
        );
        assert_eq!(tc.pgn(), "10+0.1");
        let tc = TimeControl::parse("40/1:30+0.5").unwrap();
        assert_eq!(
            (tc.moves, tc.base, tc.inc),
            (
                Some(40),
                Duration::from_secs(90),
                Duration::from_millis(500)
            )
        );
        assert_eq!(TimeControl::parse("40/60").unwrap().pgn(), "40/60");
        for bad in ["", "x", "0", "0/10", "10+", "-5", "10+abc", "1:xx"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn adjudication_rules_and_shards() {
        let d = DrawRule::parse("movenumber=40,movecount=8,score=10").unwrap();
        assert_eq!((d.move_number, d.move_count, d.score), (40, 8, 10));
        assert!(DrawRule::parse("movenumber=40").is_err());
        assert!(DrawRule::parse("movecount=x,score=1").is_err());
        let r = ResignRule::parse("movecount=3,score=900").unwrap();
        assert_eq!((r.move_count, r.score), (3, 900));
        assert!(ResignRule::parse("score=900").is_err());
        assert_eq!(Shard::parse("2/4").unwrap(), Shard { index: 2, count: 4 });
        for bad in ["0/4", "5/4", "2", "a/b"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
