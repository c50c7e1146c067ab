//! Move tokens (spec section 10): one token per turn, e.g. `Ec8Ec6`,
//! `Ec7Eb8h`, `Ee5Sd6,Sd6Ee5` (shot), `Se5Ed6,Ed6Sc7` (swoop),
//! `W@Eb8,Ec7Eb6` (placement leg, then the action).

use super::movegen::{for_each_candidate, is_legal};
use super::position::Position;
use super::types::*;
use crate::MoveError;

/// The wire token of a turn played from `pos`.
pub fn to_token(pos: &Position, a: Action) -> String {
    let mut s = String::with_capacity(24);
    if let Some((slot, idx)) = a.placement() {
        s.push(if slot == 0 { 'W' } else { 'E' });
        s.push('@');
        s.push_str(&square_name(X_SQUARES[pos.side.index()][slot][idx]));
        s.push(',');
    }
    let (from, to, victim) = (a.from(), a.to(), a.victim());
    match a.kind() {
        ActionKind::Shot => {
            s += &format!(
                "{}{},{}{}",
                square_name(from),
                square_name(victim),
                square_name(victim),
                square_name(from)
            );
        }
        ActionKind::Swoop => {
            s += &format!(
                "{}{},{}{}",
                square_name(from),
                square_name(victim),
                square_name(victim),
                square_name(to)
            );
        }
        ActionKind::Normal | ActionKind::Teleport => {
            s += &square_name(from);
            s += &square_name(to);
            match a.suffix() {
                Suffix::None => {}
                Suffix::Quest => s.push('q'),
                Suffix::Resurrect => s.push('d'),
                Suffix::Promote => {
                    // The piece that moved, as it stood before the turn (a
                    // placed piece never promotes on its placement).
                    let kind = pos.piece(from).map_or(WARRIOR, |p| p.kind());
                    s.push(match kind {
                        WARRIOR => 'h',
                        HERO => 'g',
                        _ => 'p',
                    });
                }
            }
        }
    }
    s
}

/// Reads a token against the legal turns. A promoting move may omit its
/// suffix (it is then the promotion, never a quest).
pub fn parse_token(pos: &Position, token: &str) -> Result<Action, MoveError> {
    let t = token.trim();
    if t.is_empty() || !t.is_ascii() || t.len() > 40 {
        return Err(MoveError::malformed(
            token,
            "expected a turn such as Ec8Ec6, Ec7Eb8h, Ee5Sd6,Sd6Ee5 or W@Eb8,Ec7Eb6",
        ));
    }
    // Board letters may come in lower case; suffixes and files stay as sent.
    let canonical = canonical_case(t);
    // Tokens are compared before the (costlier) check test, which only the
    // matching turn needs.
    let mut exact = None;
    let mut bare_promotion = None;
    for_each_candidate(pos, |a| {
        let tok = to_token(pos, a);
        if tok == canonical {
            exact = Some(a);
        } else if a.suffix() == Suffix::Promote && tok[..tok.len() - 1] == *canonical {
            bare_promotion = Some(a);
        }
    });
    exact
        .or(bare_promotion)
        .filter(|&a| is_legal(pos, a))
        .ok_or_else(|| {
            if looks_like_turn(&canonical) {
                MoveError::illegal(token, "no legal turn matches it")
            } else {
                MoveError::malformed(
                    token,
                    "expected squares like Ea5 or Sd6 (e.g. Ec8Ec6, Ee5Sd6,Sd6Ee5, W@Eb8,Ec7Eb6)",
                )
            }
        })
}

/// Upper-cases the board letter of every square in a token.
fn canonical_case(t: &str) -> String {
    let b = t.as_bytes();
    let mut out = String::with_capacity(t.len());
    for (i, &c) in b.iter().enumerate() {
        let square_start = matches!(c, b'e' | b's')
            && b.get(i + 1).is_some_and(|n| (b'a'..=b'i').contains(n))
            && b.get(i + 2).is_some_and(|n| (b'1'..=b'9').contains(n));
        out.push(if square_start {
            c.to_ascii_uppercase() as char
        } else {
            c as char
        });
    }
    out
}

/// Whether every leg is made of well-formed squares (so a failed match is
/// an illegal turn, not garbage).
fn looks_like_turn(t: &str) -> bool {
    t.split(',').all(|leg| {
        if let Some(sq) = leg.strip_prefix("W@").or_else(|| leg.strip_prefix("E@")) {
            return parse_square(sq).is_some();
        }
        let leg = leg.trim_end_matches(['h', 'g', 'p', 'q', 'd']);
        leg.len() == 6 && parse_square(&leg[..3]).is_some() && parse_square(&leg[3..]).is_some()
    })
}
