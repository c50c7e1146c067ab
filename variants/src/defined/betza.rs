//! Betza's notation as Fairy-Stockfish reads it: which steps, rides and
//! hops a piece has, for quiet moves and captures, from any square and
//! from its initial squares.
//!
//! Read exactly as Fairy-Stockfish does, quirks included (see
//! `docs/rules/defined-games.md`): modifiers apply to the next atom only;
//! a direction letter alone is doubled (`f` is `ff`) and two letters of a
//! vertical and a horizontal kind pair up (`fs`, `rf`, `lh`), except that
//! for a single orthogonal atom a pair stands for both of its letters
//! (`fsW` is forward and sideways); a digit after an atom (or the atom
//! again) makes it a rider of that range (0 or the doubled atom:
//! unlimited); `g` is a hopper landing just beyond the hurdle, `p` one
//! landing anywhere beyond it; `n` makes a leaper lame. Which of these
//! moves exist on the board is decided later: Fairy-Stockfish drops rides
//! outside the W, F and N directions and lame leaps other than nN, nA,
//! nZ, nD, and so do we (`defined::piece`).

use std::collections::BTreeMap;

/// A vector as (ranks forward, files to the right), from White's side.
pub type Vector = (i8, i8);

/// Quiet moves (0) or captures (1).
pub const QUIET: usize = 0;
/// Captures.
pub const CAPTURE: usize = 1;

/// The moves of one piece from White's side: for each of `[initial]`
/// (0: any square, 1: moves allowed only from the initial region) and
/// `[modality]` (QUIET, CAPTURE), vector to distance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    /// Leaps: distance 0 a plain leap, -1 a lame one.
    pub steps: [[BTreeMap<Vector, i8>; 2]; 2],
    /// Rides: 0 unlimited, else the most steps.
    pub sliders: [[BTreeMap<Vector, i8>; 2]; 2],
    /// Hops over a hurdle: 1 lands just beyond it (grasshopper), 0
    /// anywhere beyond it up to the next piece (cannon), else a range.
    pub hoppers: [[BTreeMap<Vector, i8>; 2]; 2],
}

impl Moves {
    /// Whether the piece has no move at all.
    pub fn is_empty(&self) -> bool {
        self.steps
            .iter()
            .chain(&self.sliders)
            .chain(&self.hoppers)
            .all(|pair| pair.iter().all(BTreeMap::is_empty))
    }
}

/// The atoms Fairy-Stockfish knows, as (ranks, files) of one version.
fn atom(c: char) -> Option<(&'static [(i8, i8)], bool)> {
    let leaper: &'static [(i8, i8)] = match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        'R' => return Some((&[(1, 0)], true)),
        'B' => return Some((&[(1, 1)], true)),
        'Q' => return Some((&[(1, 0), (1, 1)], true)),
        _ => return None,
    };
    Some((leaper, false))
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight versions of an atom (a, b) and the direction pairs that
/// select each (`ff`, `rf`, ...), as Fairy-Stockfish lists them.
fn versions(a: i8, b: i8) -> [(Vector, &'static [&'static str]); 8] {
    [
        ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// Reads a Betza string; an error says which letter is not of the subset.
pub fn parse(betza: &str) -> Result<Moves, String> {
    let mut moves = Moves::default();
    let chars: Vec<char> = betza.chars().collect();
    let mut modalities: Vec<usize> = Vec::new();
    let mut hopper = false;
    let mut lame = false;
    let mut initial = false;
    let mut distance: i8 = 0;
    let mut directions: Vec<String> = Vec::new();
    let mut pending = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' | 'c' => {
                modalities.push(if c == 'c' { CAPTURE } else { QUIET });
                pending = true;
            }
            'p' | 'g' => {
                hopper = true;
                if c == 'g' {
                    distance = 1;
                }
                pending = true;
            }
            'n' => {
                lame = true;
                pending = true;
            }
            'i' => {
                initial = true;
                pending = true;
            }
            // The pawn's en passant mark: pawns take en passant by their
            // type (enPassantTypes), not by their Betza.
            'e' => {}
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let next = chars.get(i + 1).copied();
                let pairs = next.is_some_and(|c2| {
                    c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
                });
                match next {
                    Some(c2) if pairs => {
                        directions.push(format!("{c}{c2}"));
                        i += 1;
                    }
                    _ => directions.push(format!("{c}{c}")),
                }
                pending = true;
            }
            _ => {
                let Some((atoms, mut rider)) = atom(c) else {
                    return Err(unknown(betza, i, c));
                };
                if let Some(&next) = chars.get(i + 1) {
                    if next.is_ascii_digit() || next == c {
                        rider = true;
                        if let Some(d) = next.to_digit(10) {
                            distance = d as i8;
                        }
                        i += 1;
                    }
                }
                if !rider && lame {
                    distance = -1;
                }
                if modalities.is_empty() {
                    modalities = vec![QUIET, CAPTURE];
                }
                for &(a, b) in atoms {
                    let mut dirs: Vec<String> = Vec::new();
                    for s in &directions {
                        let (s0, s1) = (s.as_bytes()[0], s.as_bytes()[1]);
                        if atoms.len() == 1 && b == 0 && s0 != s1 {
                            dirs.push(format!("{0}{0}", s0 as char));
                            dirs.push(format!("{0}{0}", s1 as char));
                        } else {
                            dirs.push(s.clone());
                        }
                    }
                    for &modality in &modalities {
                        let table = if hopper {
                            &mut moves.hoppers[initial as usize][modality]
                        } else if rider {
                            &mut moves.sliders[initial as usize][modality]
                        } else {
                            &mut moves.steps[initial as usize][modality]
                        };
                        for (v, selectors) in versions(a, b) {
                            if dirs.is_empty()
                                || selectors.iter().any(|s| dirs.iter().any(|d| d == s))
                            {
                                table.insert(v, distance);
                            }
                        }
                    }
                }
                modalities.clear();
                directions.clear();
                hopper = false;
                lame = false;
                initial = false;
                distance = 0;
                pending = false;
            }
        }
        i += 1;
    }
    if pending {
        return Err(format!(
            "'{betza}' ends with modifiers but no atom after them (an atom such as W, F, N, R is needed)"
        ));
    }
    Ok(moves)
}

fn unknown(betza: &str, at: usize, c: char) -> String {
    let why = match c {
        'a' => "multi-leg moves (a) are not in the supported subset".to_string(),
        'o' | 'j' | 'y' | 'z' | 'u' | 'd' | 't' | 'x' | 'k' | 'q' => {
            format!("the modifier '{c}' is not in the supported subset")
        }
        _ if c.is_ascii_digit() => "a range must follow an atom (W3, N0)".to_string(),
        _ => format!("'{c}' is no Betza atom or modifier"),
    };
    format!("'{betza}', letter {}: {why}", at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(m: &BTreeMap<Vector, i8>) -> Vec<Vector> {
        m.keys().copied().collect()
    }

    #[test]
    fn atoms_riders_and_modalities() {
        let n = parse("N").unwrap();
        assert_eq!(n.steps[0][QUIET].len(), 8);
        assert_eq!(n.steps[0][CAPTURE].len(), 8);
        let q = parse("Q").unwrap();
        assert_eq!(q.sliders[0][QUIET].len(), 8);
        assert!(q.steps[0][QUIET].is_empty());
        let w3 = parse("W3").unwrap();
        assert!(w3.sliders[0][QUIET].values().all(|&d| d == 3));
        let nn = parse("NN").unwrap();
        assert!(nn.sliders[0][CAPTURE].values().all(|&d| d == 0));
        let pawn = parse("fmWfceF").unwrap();
        assert_eq!(keys(&pawn.steps[0][QUIET]), [(1, 0)]);
        assert_eq!(keys(&pawn.steps[0][CAPTURE]), [(1, -1), (1, 1)]);
        let cannon = parse("mRcpR").unwrap();
        assert_eq!(cannon.sliders[0][QUIET].len(), 4);
        assert_eq!(cannon.hoppers[0][CAPTURE].len(), 4);
        assert!(cannon.sliders[0][CAPTURE].is_empty());
        let grasshopper = parse("gQ").unwrap();
        assert!(grasshopper.hoppers[0][QUIET].values().all(|&d| d == 1));
        let horse = parse("nN").unwrap();
        assert!(horse.steps[0][QUIET].values().all(|&d| d == -1));
        let double = parse("ifmnD").unwrap();
        assert_eq!(keys(&double.steps[1][QUIET]), [(2, 0)]);
        assert!(double.steps[0][QUIET].is_empty());
    }

    #[test]
    fn directions_pair_as_fairy_stockfish_pairs_them() {
        // Soldier: forward and sideways steps.
        let soldier = parse("fsW").unwrap();
        assert_eq!(keys(&soldier.steps[0][QUIET]), [(0, -1), (0, 1), (1, 0)]);
        // Lance: forward rook.
        assert_eq!(keys(&parse("fR").unwrap().sliders[0][QUIET]), [(1, 0)]);
        // `f` is `ff`: the two steep forward leaps; `fh` adds the wide ones;
        // `rf` and `fr` pick one each.
        assert_eq!(
            keys(&parse("fN").unwrap().steps[0][QUIET]),
            [(2, -1), (2, 1)]
        );
        assert_eq!(
            keys(&parse("fhN").unwrap().steps[0][QUIET]),
            [(1, -2), (1, 2), (2, -1), (2, 1)]
        );
        assert_eq!(keys(&parse("rfN").unwrap().steps[0][QUIET]), [(2, 1)]);
        assert_eq!(keys(&parse("frN").unwrap().steps[0][QUIET]), [(1, 2)]);
        // Gold general: wazir and forward ferz.
        let gold = parse("WfF").unwrap();
        assert_eq!(gold.steps[0][QUIET].len(), 6);
    }

    #[test]
    fn letters_outside_the_subset_are_errors() {
        for (bad, why) in [
            ("NmafF", "multi-leg"),
            ("X", "no Betza atom"),
            ("oR", "'o' is not in the supported subset"),
            ("fm", "no atom after them"),
            ("3W", "must follow an atom"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
        assert!(parse("").unwrap().is_empty());
    }
}
