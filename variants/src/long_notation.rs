//! A human notation for the games whose seeds define none (Vanguard,
//! Advanced Wizard, Parallel Worlds): long algebraic with the piece's
//! letter, written from a ply's legs and the board before and after it.
//!
//! - a move `Ng1-f3`, a capture `Ng1xf3`; a leg that goes on from where
//!   the last one ended adds its mark and square (`Ae5xf7-e5`: the Archer
//!   takes f7 and stays on e5; `Zd4xe5xf6`: two captures);
//! - a swap with one's own piece `Wf1<>e2`;
//! - a placement `W@Eb8`; another piece's leg after it, after a comma
//!   (`W@Eb8,DEd5xSc4`); squares carry their board (`Ed5`, `1c7`);
//! - a piece that changes on its last square `=X` (a promotion), other
//!   letters after the square as the token has them (`q`, a quest);
//! - `+` after a turn that gives check;
//! - a turn of several plies (Parallel Worlds' sub-moves) joins them with
//!   commas.
//!
//! Reading it back matches the text against the notation of each legal
//! ply in turn, so whatever is written reads back to the same turn.

use crate::board_field::{self, Cell};
use crate::legs;
use crate::{GameSpec, MoveError, MoveList, Side, Variant};
use std::collections::HashMap;

/// What stands where: letter (upper case) and side.
type Board = HashMap<String, (char, Side)>;

fn board<V: Variant>(spec: &GameSpec, pos: &V::Position) -> Board {
    let fen = V::to_fen(pos);
    let field = fen.split_whitespace().next().unwrap_or_default();
    let mut out = Board::new();
    for (n, (text, b)) in field.split('|').zip(&spec.boards).enumerate() {
        // The game wrote this FEN: it reads.
        let _ = board_field::read(text, &b.shape, |file, rank, cell| {
            if let Cell::Piece { letter, side, .. } = cell {
                out.insert(
                    spec.squares.name(n, file, rank),
                    (letter.to_ascii_uppercase(), side),
                );
            }
            Ok(())
        });
    }
    out
}

/// The notation of one ply played from `pos`; empty for a ply without
/// legs (the end of a turn of several plies).
pub fn ply<V: Variant>(spec: &GameSpec, pos: &V::Position, ply: V::Move) -> String {
    written::<V>(spec, pos, &board::<V>(spec, pos), ply)
}

/// [`ply`] with the board before it read already (a reader tries many
/// plies of one position).
fn written<V: Variant>(spec: &GameSpec, pos: &V::Position, before: &Board, ply: V::Move) -> String {
    let token = V::turn_to_token(pos, &[ply]);
    let Some(legs) = legs::split(&token, &spec.squares) else {
        return token;
    };
    if legs.is_empty() {
        return String::new();
    }
    let mover = V::side_to_move(pos);
    let mut on = before.clone();
    let after = V::make(pos, ply);
    let after_board = board::<V>(spec, &after);
    let mut parts: Vec<String> = Vec::new();
    // The piece whose legs are being written, and where it stands now.
    let mut current: Option<(char, String)> = None;
    let mut last_suffix = String::new();
    for leg in &legs {
        let Some(from) = &leg.from else {
            let letter = leg.drop.unwrap_or('?').to_ascii_uppercase();
            parts.push(format!("{letter}@{}", leg.to));
            on.insert(leg.to.clone(), (letter, mover));
            current = None;
            continue;
        };
        let piece = on.get(from).copied();
        let letter = piece.map_or('?', |p| p.0);
        let mark = match on.get(&leg.to) {
            Some(&(_, side)) if side != mover => "x",
            Some(_) if leg.to != *from => "<>",
            _ => "-",
        };
        let continues = current.as_ref().is_some_and(|(_, at)| at == from);
        if continues {
            if let Some(text) = parts.last_mut() {
                text.push_str(mark);
                text.push_str(&leg.to);
            }
        } else {
            parts.push(format!("{letter}{from}{mark}{}", leg.to));
        }
        // The board as the legs leave it: a swap puts the other piece on
        // the mover's square.
        let displaced = on.remove(&leg.to);
        if mark == "<>" {
            if let Some(other) = displaced {
                on.insert(from.clone(), other);
            }
        } else {
            on.remove(from);
        }
        if let Some(p) = piece {
            on.insert(leg.to.clone(), p);
        }
        current = Some((letter, leg.to.clone()));
        last_suffix.clone_from(&leg.suffix);
    }
    let mut text = parts.join(",");
    if let Some((letter, at)) = &current {
        match after_board.get(at) {
            Some(&(now, side)) if side == mover && now != *letter => {
                text.push('=');
                text.push(now);
            }
            _ => text.push_str(&last_suffix),
        }
    }
    if V::side_to_move(&after) != mover && V::in_check(&after) {
        text.push('+');
    }
    text
}

/// The notation of a turn of `plies` played from `pos`.
pub fn turn<V: Variant>(spec: &GameSpec, pos: &V::Position, plies: &[V::Move]) -> String {
    let mut texts = Vec::new();
    let mut at = pos.clone();
    for &p in plies {
        let text = ply::<V>(spec, &at, p);
        if !text.is_empty() {
            texts.push(text);
        }
        at = V::make(&at, p);
    }
    texts.join(",")
}

/// Reads a turn written in this notation (check marks optional) by
/// matching it against the notation of the legal plies, ply by ply.
pub fn parse<V: Variant>(
    spec: &GameSpec,
    pos: &V::Position,
    text: &str,
) -> Result<Vec<V::Move>, MoveError> {
    let clean = |t: &str| t.trim().trim_end_matches(['+', '#']).to_string();
    // Nothing written: the rest of a turn under way is its end.
    let wanted: Vec<String> = if clean(text).is_empty() {
        Vec::new()
    } else {
        text.split(',').map(clean).collect()
    };
    if wanted.iter().any(String::is_empty) {
        return Err(MoveError::malformed(text, "an empty part between commas"));
    }
    let mover = V::side_to_move(pos);
    let mut at = pos.clone();
    let mut plies = Vec::new();
    let mut done = 0;
    while done < wanted.len() {
        let mut list = MoveList::new();
        V::generate(&at, &mut list);
        // The longest ply whose notation starts the parts left. Only the
        // plies whose first leg starts where the text does are written
        // out (writing one plays it): garbage costs a glance.
        let part = wanted[done].as_str();
        let before = board::<V>(spec, &at);
        let mut best: Option<(usize, V::Move)> = None;
        for &p in list.iter() {
            let token = V::turn_to_token(&at, &[p]);
            let Some(first) = legs::split(&token, &spec.squares).and_then(|l| l.into_iter().next())
            else {
                continue;
            };
            let starts = match &first.from {
                Some(from) => part
                    .get(1..)
                    .is_some_and(|rest| rest.starts_with(from.as_str())),
                None => part
                    .get(2..)
                    .is_some_and(|rest| rest.starts_with(first.to.as_str())),
            };
            if !starts {
                continue;
            }
            let written = written::<V>(spec, &at, &before, p);
            if written.is_empty() {
                continue;
            }
            let parts: Vec<String> = written.split(',').map(clean).collect();
            let n = parts.len();
            if wanted.len() - done >= n
                && wanted[done..done + n] == parts[..]
                && best.is_none_or(|(m, _)| n > m)
            {
                best = Some((n, p));
            }
        }
        let Some((n, p)) = best else {
            return Err(MoveError::illegal(
                text,
                format!("'{}' is no legal move here", wanted[done]),
            ));
        };
        plies.push(p);
        at = V::make(&at, p);
        done += n;
        if V::side_to_move(&at) != mover && done < wanted.len() {
            return Err(MoveError::illegal(
                text,
                "the turn ended before all its moves",
            ));
        }
    }
    // A turn written short ends where its legal end is (Parallel Worlds'
    // end of turn, a ply without legs).
    if V::side_to_move(&at) == mover {
        if plies.is_empty() && !V::inside_turn(&at) {
            return Err(MoveError::malformed(text, "no move"));
        }
        let mut list = MoveList::new();
        V::generate(&at, &mut list);
        let end = list
            .iter()
            .copied()
            .find(|&p| V::turn_to_token(&at, &[p]).is_empty());
        match end {
            Some(e) => plies.push(e),
            None => return Err(MoveError::illegal(text, "the turn is not finished")),
        }
    }
    Ok(plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advancedwizard::AdvancedWizard;
    use crate::parallelworlds::ParallelWorlds;
    use crate::prelude::*;
    use crate::turns::for_each_turn;
    use crate::vanguard::Vanguard;

    fn san<V: Variant>(game: &V, fen: &str, token: &str) -> String {
        let pos = game.read_fen(fen).unwrap();
        let plies = V::parse_turn(&pos, token).unwrap_or_else(|e| panic!("{token}: {e}"));
        V::turn_to_san(&pos, &plies)
    }

    #[test]
    fn moves_shots_swaps_placements_and_levels_are_written_with_their_pieces() {
        let v = Vanguard.spec().start_fen.clone();
        assert_eq!(san(&Vanguard, &v, "f1e2"), "Wf1<>e2");
        assert_eq!(san(&Vanguard, &v, "a3a5"), "Pa3-a5");
        let shot = "8k7/16/16/16/16/16/16/16/2p13/5n5b4/3p6r5/4A4Z6/2M13/16/6Q9/5W2K7 w - 0 1";
        assert_eq!(san(&Vanguard, shot, "e5f7,f7e5"), "Ae5xf7-e5");
        let wizard = "z8/9/9/9/9/9/9/6h~g~1/4Z4|9/9/9/9/9/9/9/9/9 w Z W - 0 1";
        assert_eq!(
            san(&AdvancedWizard, wizard, "W@Eb2,Eb2Ea3"),
            "W@Eb2,WEb2-Ea3"
        );
        let worlds = ParallelWorlds.spec().start_fen.clone();
        assert_eq!(
            san(&ParallelWorlds, &worlds, "1e21e4,3d23d4"),
            "P1e2-1e4,P3d2-3d4"
        );
        // Read back, with or without a check mark; garbage refused.
        let pos = ParallelWorlds.read_fen(&worlds).unwrap();
        let plies = ParallelWorlds::parse_san(&pos, "P1e2-1e4,P3d2-3d4+").unwrap();
        assert_eq!(ParallelWorlds::turn_to_token(&pos, &plies), "1e21e4,3d23d4");
        assert!(ParallelWorlds::parse_san(&pos, "P1e2-1e5").is_err());
        assert!(ParallelWorlds::parse_san(&pos, "P1e2-1e4,,").is_err());
    }

    /// Positions by random play from the start and from a few of each
    /// game's bench positions.
    fn walk<V: Variant>(game: &V, count: usize, seed: u64) -> Vec<V::Position> {
        let mut s = seed;
        let mut next = move |n: usize| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % n as u64) as usize
        };
        let starts: Vec<V::Position> = game
            .spec()
            .bench_fens
            .iter()
            .map(|f| game.read_fen(f).unwrap())
            .collect();
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = starts[out.len() % starts.len()].clone();
            for _ in 0..next(60) {
                let mut list = MoveList::new();
                V::generate(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                pos = V::make(&pos, list[next(list.len())]);
            }
            out.push(pos);
        }
        out
    }

    /// Every legal turn (a sample where there are thousands) writes a text
    /// that reads back to the same turn.
    fn round_trips<V: Variant>(game: V, positions: usize) {
        let mut checked = 0;
        for pos in walk(&game, positions, 0x5EED) {
            let mut turns = Vec::new();
            for_each_turn::<V>(&pos, &mut |plies, _| {
                if turns.len() < 120 {
                    turns.push(plies.to_vec());
                }
            });
            for plies in turns {
                let text = V::turn_to_san(&pos, &plies);
                let back = V::parse_san(&pos, &text).unwrap_or_else(|e| {
                    panic!("{}: {text}: {e} at {}", game.spec().id, V::to_fen(&pos))
                });
                assert_eq!(
                    V::turn_to_token(&pos, &back),
                    V::turn_to_token(&pos, &plies),
                    "{}: {text} at {}",
                    game.spec().id,
                    V::to_fen(&pos)
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn vanguard_notation_reads_back() {
        round_trips(Vanguard, 12);
    }

    #[test]
    fn advanced_wizard_notation_reads_back() {
        round_trips(AdvancedWizard, 20);
    }

    #[test]
    fn parallel_worlds_notation_reads_back() {
        round_trips(ParallelWorlds, 6);
    }
}
