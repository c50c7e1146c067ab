//! Wire tokens split into the legs the page enters one by one: a leg is
//! `<from><to>[suffix]` (a suffix of letters, or shogi's `+` and `-`) or a
//! placement `[+]<LETTER>@<square>` (CONVENTIONS: legs are joined by `,`).

use crate::SquareNames;

/// One leg of a ply: what the page draws and enters, what human notation
/// writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The square the leg starts on; `None` for a placement from off the board.
    pub from: Option<String>,
    /// The square the leg ends on.
    pub to: String,
    /// Letters after the squares (a promotion, Magician's `x`, a quest):
    /// the page asks which one when several plies differ only by it.
    pub suffix: String,
    /// The piece letter a placement puts on `to`.
    pub drop: Option<char>,
}

/// Splits `token` into legs, naming squares as `names` does; `None` when a
/// leg is not of either form (never for a token the game wrote).
pub fn split(token: &str, names: &SquareNames) -> Option<Vec<Leg>> {
    if token.is_empty() {
        return Some(Vec::new());
    }
    token.split(',').map(|leg| read_leg(leg, names)).collect()
}

fn read_leg(leg: &str, names: &SquareNames) -> Option<Leg> {
    if let Some((letter, square)) = leg.split_once('@') {
        // `+N@c3`: a piece dropped as what it promotes to (shogi's games).
        let (suffix, letter) = match letter.strip_prefix('+') {
            Some(rest) => ("+", rest),
            None => ("", letter),
        };
        let mut chars = letter.chars();
        let drop = chars.next().filter(|c| c.is_ascii_alphabetic())?;
        if chars.next().is_some() || names.parse(square).is_none() {
            return None;
        }
        return Some(Leg {
            from: None,
            to: square.to_string(),
            suffix: suffix.to_string(),
            drop: Some(drop),
        });
    }
    // Square names have 2 to 4 characters; the split is the one where both
    // squares read and only letters follow.
    for first in 2..=4.min(leg.len()) {
        let (from, rest) = leg.split_at_checked(first)?;
        if names.parse(from).is_none() {
            continue;
        }
        for second in (2..=4.min(rest.len())).rev() {
            let Some((to, suffix)) = rest.split_at_checked(second) else {
                continue;
            };
            // Letters, or shogi's `+` (promote) and `-` (demote).
            let suffix_reads =
                suffix.chars().all(|c| c.is_ascii_alphabetic()) || suffix == "+" || suffix == "-";
            if names.parse(to).is_some() && suffix_reads {
                return Some(Leg {
                    from: Some(from.to_string()),
                    to: to.to_string(),
                    suffix: suffix.to_string(),
                    drop: None,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legs_of_every_kind_split() {
        use crate::prelude::*;
        let chess = crate::chess::Chess.spec().squares;
        let vanguard = crate::vanguard::Vanguard.spec().squares;
        let wizard = crate::advancedwizard::AdvancedWizard.spec().squares;
        let worlds = crate::parallelworlds::ParallelWorlds.spec().squares;
        let one = |t: &str, n: &SquareNames| split(t, n).unwrap();
        assert_eq!(one("e7e8q", &chess)[0].suffix, "q");
        assert_eq!(one("e7e8q", &chess)[0].to, "e8");
        let shot = one("a11a12,a12a11", &vanguard);
        assert_eq!(shot.len(), 2);
        assert_eq!(shot[0].from.as_deref(), Some("a11"));
        assert_eq!(shot[0].to, "a12");
        assert_eq!(one("a1a10", &vanguard)[0].to, "a10");
        let placed = one("W@Eb8,Ec7Eb6", &wizard);
        assert_eq!(placed[0].drop, Some('W'));
        assert_eq!(placed[0].to, "Eb8");
        assert_eq!(placed[1].from.as_deref(), Some("Ec7"));
        assert_eq!(one("Eg8Ef9d", &wizard)[0].suffix, "d");
        let turn = one("1e21e4,3d73d5,2c81c8q", &worlds);
        assert_eq!(turn[2].suffix, "q");
        assert_eq!(turn[2].to, "1c8");
        assert!(split("", &chess).unwrap().is_empty());
        // Shogi's promotions and promoted drops.
        assert_eq!(one("c6c7+", &chess)[0].suffix, "+");
        assert_eq!(one("c6c7-", &chess)[0].suffix, "-");
        let promoted = one("+N@c3", &chess);
        assert_eq!(
            (promoted[0].drop, promoted[0].suffix.as_str()),
            (Some('N'), "+")
        );
        for bad in ["e2", "e2e9", "xx@e4", "e2e4,", "é2e4"] {
            assert_eq!(split(bad, &chess), None, "{bad}");
        }
    }
}
