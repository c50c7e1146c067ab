//! Driving an XBoard (CECP v2) engine.

use super::player::{GameSetup, MoveRequest, Player, Reply};
use super::process::{EngineProcess, Failure};
use super::spec::{format_seconds, EngineSpec};
use std::time::{Duration, Instant};

/// How long an engine that did not send `done=0` gets for its features.
const FEATURE_WAIT: Duration = Duration::from_secs(2);

/// What the engine declared with `feature`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Features {
    setboard: bool,
    usermove: bool,
    ping: bool,
    time: bool,
    myname: Option<String>,
    variants: Option<Vec<String>>,
}

impl Default for Features {
    /// The protocol's defaults for an engine that declares nothing.
    fn default() -> Self {
        Features {
            setboard: false,
            usermove: false,
            ping: false,
            time: true,
            myname: None,
            variants: None,
        }
    }
}

/// Splits `feature a=1 b="x y"` into pairs.
fn feature_pairs(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line
        .trim_start()
        .strip_prefix("feature")
        .unwrap_or("")
        .trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        out.push((key, value.to_string()));
        rest = next.trim_start();
    }
    out
}

/// An XBoard engine.
pub struct XboardPlayer {
    process: EngineProcess,
    name: String,
    features: Features,
    timeout: Duration,
    /// Turns of the current game the engine has been told.
    synced: usize,
    /// Whether it plays a side (out of force mode).
    active: bool,
}

impl XboardPlayer {
    /// Starts the engine: `xboard`, `protover 2`, the features (answered
    /// `accepted`, except `san=1`, which is refused: moves go as
    /// coordinates), then the options. A game the engine does not list in
    /// `feature variants` (or a game other than chess from an engine that
    /// lists none) is refused before the first game, naming the games it
    /// offers; where the options load games (`VariantPath`), the engine is
    /// asked for its features again after them.
    pub fn start(
        spec: &EngineSpec,
        label: &str,
        variant: &str,
        timeout: Duration,
    ) -> Result<XboardPlayer, String> {
        let mut process = EngineProcess::spawn(spec, label)?;
        let fail = |e: Failure| format!("{label}: during the handshake the engine {e}");
        process.send("xboard").map_err(fail)?;
        let mut features = read_features(&mut process, timeout).map_err(fail)?;
        let name = spec
            .name
            .clone()
            .or(features.myname.clone())
            .unwrap_or_else(|| spec.fallback_name());
        for (option, value) in &spec.options {
            let line = match option.as_str() {
                "Hash" => format!("memory {value}"),
                "Threads" => format!("cores {value}"),
                _ => format!("option {option}={value}"),
            };
            process.send(&line).map_err(fail)?;
        }
        let wanted = xboard_variant(variant);
        let loads_games = spec
            .options
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case("VariantPath"));
        if loads_games && !features.offers(wanted) {
            let again = read_features(&mut process, timeout).map_err(fail)?;
            features.variants = again.variants;
        }
        if !features.offers(wanted) {
            process.kill();
            return Err(match &features.variants {
                None => format!(
                    "{label} ({name}) does not play '{wanted}': it lists no variants (it plays \
                     normal chess only)"
                ),
                Some(list) => format!(
                    "{label} ({name}) does not play '{wanted}': it lists {}",
                    list.join(",")
                ),
            });
        }
        let mut player = XboardPlayer {
            process,
            name,
            features,
            timeout,
            synced: 0,
            active: false,
        };
        player.sync().map_err(fail)?;
        Ok(player)
    }

    /// Waits until the engine has read everything sent, where it can tell.
    fn sync(&mut self) -> Result<(), Failure> {
        if !self.features.ping {
            return Ok(());
        }
        self.process.send("ping 1")?;
        self.process
            .wait_for(Instant::now() + self.timeout, |line| {
                (line.trim() == "pong 1").then_some(())
            })
    }

    fn send_move(&mut self, token: &str) -> Result<(), Failure> {
        if self.features.usermove {
            self.process.send(&format!("usermove {token}"))
        } else {
            self.process.send(token)
        }
    }

    fn send_clocks(&mut self, request: &MoveRequest<'_>) -> Result<(), Failure> {
        if request.limits.tc.is_none() || !self.features.time {
            return Ok(());
        }
        let me = request.side.index();
        let centis = |d: Duration| d.as_millis() / 10;
        self.process
            .send(&format!("time {}", centis(request.remaining[me])))?;
        self.process
            .send(&format!("otim {}", centis(request.remaining[1 - me])))
    }
}

/// Sends `protover 2` and reads the features up to `done=1` (or, from an
/// engine that says nothing, for a moment), answering each.
fn read_features(process: &mut EngineProcess, timeout: Duration) -> Result<Features, Failure> {
    process.send("protover 2")?;
    let mut features = Features::default();
    let mut deadline = Instant::now() + FEATURE_WAIT;
    loop {
        let line = match process.recv(deadline) {
            Ok(line) => line,
            // An engine without protover 2 says nothing: defaults apply.
            Err(Failure::Timeout) => return Ok(features),
            Err(e) => return Err(e),
        };
        if !line.trim_start().starts_with("feature") {
            continue;
        }
        let mut done = false;
        for (key, value) in feature_pairs(&line) {
            let on = value == "1";
            let mut accepted = true;
            match key.as_str() {
                "setboard" => features.setboard = on,
                "usermove" => features.usermove = on,
                "ping" => features.ping = on,
                "time" => features.time = on,
                "san" => accepted = !on,
                "myname" => features.myname = Some(value.clone()),
                "variants" => {
                    features.variants =
                        Some(value.split(',').map(|v| v.trim().to_string()).collect())
                }
                "done" => {
                    if on {
                        done = true;
                    } else {
                        deadline = Instant::now() + timeout;
                    }
                }
                _ => {}
            }
            let verdict = if accepted { "accepted" } else { "rejected" };
            process.send(&format!("{verdict} {key}"))?;
        }
        if done {
            return Ok(features);
        }
    }
}

impl Features {
    /// Whether the engine plays `wanted` (XBoard's name): listed, or
    /// normal chess from an engine that lists nothing.
    fn offers(&self, wanted: &str) -> bool {
        // Some engines (Fairy-Stockfish) list orthodox chess as `chess`.
        let is = |v: &String| v == wanted || (wanted == "normal" && v == "chess");
        match &self.variants {
            Some(list) => list.iter().any(is),
            None => wanted == "normal",
        }
    }
}

/// XBoard's name of a variant: orthodox chess is `normal`.
fn xboard_variant(id: &str) -> &str {
    if id == "chess" {
        "normal"
    } else {
        id
    }
}

/// The score and depth of a thinking-output line `depth score time nodes
/// pv...`.
fn thinking_score(line: &str) -> Option<(i32, u32)> {
    let mut words = line.split_whitespace();
    let depth = words.next()?;
    if !depth
        .trim_end_matches(['.', '&'])
        .chars()
        .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let score: i32 = words.next()?.parse().ok()?;
    words.next()?.parse::<u64>().ok()?;
    words.next()?.parse::<u64>().ok()?;
    let depth = depth.trim_end_matches(['.', '&']).parse().ok()?;
    Some((score, depth))
}

impl Player for XboardPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, setup: &GameSetup<'_>) -> Result<(), Failure> {
        if !setup.standard_start && !self.features.setboard {
            return Err(Failure::Unsupported(format!(
                "{} declared setboard=0, so it can only start from the start position; \
                 use --random-plies instead of FEN openings",
                self.name
            )));
        }
        self.process.drain();
        self.process.send("new")?;
        if setup.variant != "chess" {
            self.process
                .send(&format!("variant {}", xboard_variant(setup.variant)))?;
        }
        self.process.send("force")?;
        let limits = setup.limits;
        if let Some(tc) = limits.tc {
            let secs = tc.base.as_secs();
            let base = if secs % 60 == 0 {
                format!("{}", secs / 60)
            } else {
                format!("{}:{:02}", secs / 60, secs % 60)
            };
            self.process.send(&format!(
                "level {} {base} {}",
                tc.moves.unwrap_or(0),
                format_seconds(tc.inc)
            ))?;
        }
        if let Some(st) = limits.st {
            // st takes whole seconds.
            self.process
                .send(&format!("st {}", st.as_secs_f64().ceil().max(1.0)))?;
        }
        if let Some(depth) = limits.depth {
            self.process.send(&format!("sd {depth}"))?;
        }
        self.process.send("post")?;
        self.process.send("easy")?;
        if !setup.standard_start {
            self.process
                .send(&format!("setboard {}", setup.start_fen))?;
        }
        for p in setup.played {
            self.send_move(&p.xboard)?;
        }
        self.synced = setup.played.len();
        self.active = false;
        self.sync()
    }

    fn think(&mut self, request: &MoveRequest<'_>) -> Result<Reply, Failure> {
        let pending: Vec<String> = request.played[self.synced.min(request.played.len())..]
            .iter()
            .map(|p| p.xboard.clone())
            .collect();
        if self.active && pending.len() == 1 {
            // The usual case: the opponent's move starts our thinking.
            self.send_clocks(request)?;
            self.send_move(&pending[0])?;
        } else {
            if self.active {
                self.process.send("force")?;
            }
            for token in &pending {
                self.send_move(token)?;
            }
            self.send_clocks(request)?;
            self.process.send("go")?;
            self.active = true;
        }
        self.synced = request.played.len() + 1;
        let (mut score, mut depth) = (None, None);
        // A multi-leg move arrives one leg per `move` line, all but the
        // last ending in a comma.
        let mut legs = String::new();
        self.process.wait_for(request.deadline, |line| {
            let trimmed = line.trim();
            if let Some((s, d)) = thinking_score(trimmed) {
                (score, depth) = (Some(s), Some(d));
                return None;
            }
            let mut words = trimmed.split_whitespace();
            match words.next()? {
                "move" => {
                    legs.push_str(words.next().unwrap_or(""));
                    if legs.ends_with(',') {
                        return None;
                    }
                    Some(Ok(Reply::Move {
                        text: std::mem::take(&mut legs),
                        score,
                        depth,
                    }))
                }
                "resign" => Some(Ok(Reply::Resign)),
                "Illegal" => Some(Err(Failure::Protocol(format!(
                    "it refused a legal move: '{trimmed}'"
                )))),
                "1-0" | "0-1" | "1/2-1/2" => {
                    // Results come from the rules, not from claims.
                    log::info!("ignored a result claim: {trimmed}");
                    None
                }
                _ => None,
            }
        })?
    }

    fn game_over(&mut self, result: &str, comment: &str) {
        let _ = self.process.send(&format!("result {result} {{{comment}}}"));
        self.active = false;
    }

    fn process(&mut self) -> &mut EngineProcess {
        &mut self.process
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_feature_lines() {
        let pairs = feature_pairs(
            r#"feature setboard=1 myname="Fairy-Max 5.0b" variants="normal,magician" done=0"#,
        );
        let as_ref: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            as_ref,
            [
                ("setboard", "1"),
                ("myname", "Fairy-Max 5.0b"),
                ("variants", "normal,magician"),
                ("done", "0")
            ]
        );
        assert!(feature_pairs("feature").is_empty());
        assert_eq!(feature_pairs(r#"feature myname="unterminated"#).len(), 1);
    }

    #[test]
    fn reads_thinking_output() {
        assert_eq!(thinking_score("9 -31 120 45678 e2e4 e7e5"), Some((-31, 9)));
        assert_eq!(thinking_score("12. 15 300 99999 d2d4"), Some((15, 12)));
        assert_eq!(thinking_score("move e2e4"), None);
        assert_eq!(thinking_score("1-0 {White mates}"), None);
        assert_eq!(thinking_score("pong 1"), None);
    }
}
