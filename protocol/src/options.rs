//! Engine options shared by both protocols (UCI `setoption`, XBoard
//! `option`, `memory`, `cores`).

use std::time::Duration;

/// Engine options that outlive a variant switch.
#[derive(Clone, Debug)]
pub struct Options {
    /// Hash size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Time kept per move.
    pub move_overhead: Duration,
    /// Lines searched and reported.
    pub multipv: usize,
    /// Whether the GUI may send `go ponder`.
    pub ponder: bool,
    /// Chess960 castling notation.
    pub chess960: bool,
    /// The search's tunable margins (not announced: set by tuners, which
    /// know their names from `arcana tune-search --list`).
    pub params: engine::Params,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 16,
            threads: 1,
            move_overhead: Duration::from_millis(30),
            multipv: 1,
            ponder: false,
            chess960: false,
            params: engine::Params::default(),
        }
    }
}

/// Range limits of the numeric options (also announced by `uci`).
pub const HASH_MAX: usize = 65536;
/// Most search threads.
pub const THREADS_MAX: usize = 256;
/// Most MultiPV lines.
pub const MULTIPV_MAX: usize = 256;
/// Largest move overhead in ms.
pub const OVERHEAD_MAX: usize = 5000;

/// One option change, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// New hash size (MiB).
    Hash(usize),
    /// New thread count.
    Threads(usize),
    /// New move overhead.
    MoveOverhead(Duration),
    /// New MultiPV.
    MultiPv(usize),
    /// Pondering allowed.
    Ponder(bool),
    /// Chess960 notation.
    Chess960(bool),
    /// Empty the hash table.
    ClearHash,
    /// Switch to a variant (by its name as given).
    Variant(String),
    /// Load the games of `variants.ini` files (paths separated by `:`, as
    /// Fairy-Stockfish's `VariantPath`).
    VariantPath(String),
    /// Give a game the evaluation weights of a file (`arcana tune-eval`
    /// writes them; empty or `<empty>`: none).
    EvalFile(String),
    /// A search parameter (by its index in `engine::PARAMS`) and its
    /// value, in range.
    SearchParam(usize, i32),
}

/// Reads an option by name (case-insensitive) and value.
pub fn parse_change(name: &str, value: Option<&str>) -> Result<Change, String> {
    let number = |lo: usize, hi: usize| -> Result<usize, String> {
        let v = value.ok_or(format!("option '{name}' needs a value"))?;
        match v.trim().parse::<usize>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(format!(
                "option '{name}' takes a number from {lo} to {hi}, not '{v}'"
            )),
        }
    };
    let flag = || -> Result<bool, String> {
        match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
            Some("true" | "1" | "on") => Ok(true),
            Some("false" | "0" | "off") => Ok(false),
            Some(v) => Err(format!("option '{name}' takes true or false, not '{v}'")),
            None => Err(format!("option '{name}' needs a value")),
        }
    };
    Ok(match name.trim().to_ascii_lowercase().as_str() {
        "hash" => Change::Hash(number(1, HASH_MAX)?),
        "threads" => Change::Threads(number(1, THREADS_MAX)?),
        "move overhead" => {
            Change::MoveOverhead(Duration::from_millis(number(0, OVERHEAD_MAX)? as u64))
        }
        "multipv" => Change::MultiPv(number(1, MULTIPV_MAX)?),
        "ponder" => Change::Ponder(flag()?),
        "uci_chess960" => Change::Chess960(flag()?),
        "clear hash" => Change::ClearHash,
        "uci_variant" => Change::Variant(
            value
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .ok_or("option 'UCI_Variant' needs a value")?
                .to_string(),
        ),
        "variantpath" => Change::VariantPath(value.map(str::trim).unwrap_or("").to_string()),
        "evalfile" => Change::EvalFile(value.map(str::trim).unwrap_or("").to_string()),
        other => match engine::Params::find(other) {
            Some(index) => {
                let info = &engine::PARAMS[index];
                let v = value.ok_or(format!("option '{}' needs a value", info.name))?;
                match v.trim().parse::<i32>() {
                    Ok(n) if (info.min..=info.max).contains(&n) => Change::SearchParam(index, n),
                    _ => {
                        return Err(format!(
                            "option '{}' takes a number from {} to {}, not '{v}'",
                            info.name, info.min, info.max
                        ))
                    }
                }
            }
            None => return Err(format!("unknown option '{}'", name.trim())),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_parameters_are_options_with_their_ranges() {
        let index = engine::Params::find("RfpMargin").unwrap();
        assert_eq!(
            parse_change("rfpmargin", Some("95")),
            Ok(Change::SearchParam(index, 95))
        );
        let e = parse_change("RfpMargin", Some("5")).unwrap_err();
        assert!(e.contains("from 20 to 250"), "{e}");
        assert!(parse_change("RfpMargin", None).is_err());
    }

    #[test]
    fn parses_and_validates() {
        assert_eq!(parse_change("hash", Some("64")), Ok(Change::Hash(64)));
        assert_eq!(parse_change("Threads", Some(" 2 ")), Ok(Change::Threads(2)));
        assert_eq!(
            parse_change("UCI_Chess960", Some("true")),
            Ok(Change::Chess960(true))
        );
        assert_eq!(parse_change("Clear Hash", None), Ok(Change::ClearHash));
        assert!(parse_change("Hash", Some("0"))
            .unwrap_err()
            .contains("1 to 65536"));
        assert!(parse_change("MultiPV", None)
            .unwrap_err()
            .contains("needs a value"));
        assert!(parse_change("Ponder", Some("maybe")).is_err());
        assert!(parse_change("UCI_Variant", Some("")).is_err());
        assert_eq!(
            parse_change("VariantPath", Some(" my.ini ")),
            Ok(Change::VariantPath("my.ini".into()))
        );
        assert_eq!(
            parse_change("Nonsense", Some("1")).unwrap_err(),
            "unknown option 'Nonsense'"
        );
    }
}
