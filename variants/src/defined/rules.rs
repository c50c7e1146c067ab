//! How a defined game ends, in Fairy-Stockfish's order: extinction and a
//! flag reached (where no move is generated), the move-count rule; then,
//! with no legal move, the values of checkmate and stalemate; repetition by
//! the game's history.

use super::def::Value;
use super::movegen;
use super::piece::{Board, WIDTH};
use super::position::Position;
use crate::{DrawReason, MoveList, Outcome, Side, WinReason};

/// The outcome of `value` for the side to move.
fn outcome_of(pos: &Position, value: Value, win: WinReason, draw: DrawReason) -> Option<Outcome> {
    let mover = pos.side;
    match value {
        Value::Win => Some(Outcome::Win {
            winner: mover,
            reason: win,
        }),
        Value::Loss => Some(Outcome::Win {
            winner: !mover,
            reason: win,
        }),
        Value::Draw => Some(Outcome::Draw(draw)),
        Value::None => None,
    }
}

/// How many pieces of `side` count for extinction of type `t` (`None`:
/// all of them), those in its hand included.
fn count(pos: &Position, side: usize, t: Option<usize>) -> u32 {
    match t {
        Some(t) => pos.pieces(side, t).count() + u32::from(pos.in_hand(side, t)),
        None => {
            let hand: u32 = pos.hand[side].iter().map(|&n| u32::from(n)).sum();
            pos.by_side[side].count() + hand
        }
    }
}

/// The pieces of `side` that take its flag by reaching the region: its
/// flag piece's type, or all of them.
pub(super) fn flag_pieces(pos: &Position, side: usize) -> Board {
    match pos.def.flag_piece[side] {
        Some(t) => pos.pieces(side, t),
        None => pos.by_side[side],
    }
}

/// `flagPieceCount` flag pieces of `side` standing in its region, or one
/// in a region full of pieces (`flagPieceBlockedWin`); `flagPieceSafe`:
/// when there are just as many as the count, each must stand there
/// unattacked, unless `side` is to move after a `flagMove`.
fn flag_reached(pos: &Position, side: usize) -> bool {
    let def = pos.def;
    let region = def.flag_region[side];
    let there = flag_pieces(pos, side) & region;
    if !region.any() || !there.any() {
        return false;
    }
    let count = there.count();
    // A region written by ranks or files spans Fairy-Stockfish's whole
    // 12x10 grid, so on a smaller board it is never full, as there.
    let blocked = def.flag_piece_blocked_win && {
        let (files, ranks) = (def.files.max(12), def.ranks.max(10));
        region
            .iter()
            .filter(|&s| (s as i32 % WIDTH) < files && (s as i32 / WIDTH) < ranks)
            .all(|s| pos.occupied().has(s))
    };
    if count < def.flag_piece_count && !blocked {
        return false;
    }
    let judged = def.flag_piece_safe && (!def.flag_move || side != pos.side.index());
    !(judged
        && count == def.flag_piece_count
        && there.iter().any(|s| movegen::attacked(pos, s, 1 - side)))
}

/// Whether the game ends here before any move is looked at: extinction
/// or a flag (Fairy-Stockfish's immediate game ends, where it generates no
/// move).
pub fn immediate_end(pos: &Position) -> Option<Outcome> {
    let def = pos.def;
    let us = pos.side.index();
    // Pseudo-royal pieces are never taken: extinction does not end such
    // a game (Fairy-Stockfish's rule), the moves run out instead.
    // (A blast can take them: atomic's kings die out.)
    if def.extinction_value != Value::None && (!def.extinction_pseudo_royal || def.blast_on_capture)
    {
        let mut types: Vec<Option<usize>> = (0..def.pieces.len())
            .filter(|&t| def.extinction_piece_types & (1 << t) != 0)
            .map(Some)
            .collect();
        if def.extinction_all {
            types.push(None);
        }
        for side in [1 - us, us] {
            for &t in &types {
                let claim = u32::from(def.extinction_claim && side == us);
                if count(pos, side, t) <= def.extinction_piece_count
                    && count(pos, 1 - side, t) >= def.extinction_opponent_piece_count + claim
                {
                    let value = if side == us {
                        def.extinction_value
                    } else {
                        negate(def.extinction_value)
                    };
                    return outcome_of(pos, value, WinReason::Extinction, DrawReason::Extinction);
                }
            }
        }
    }
    if def.flag_region.iter().any(|r| r.any()) {
        let them = 1 - us;
        let safe = def.flag_piece_safe;
        // Whether a side's flag piece is its king (racing kings' rules).
        let kings = |side: usize| def.king.is_some() && def.flag_piece[side] == def.king;
        if (def.flag_move || safe) && flag_reached(pos, us) {
            // The side to move reached its flag last turn and the other
            // side did not answer it by reaching its own (nor, where the
            // flag piece must be safe, take it).
            let draw_first = (def.flag_move && pos.side == Side::White && kings(them))
                || (safe && !def.flag_move);
            return if flag_reached(pos, them) && draw_first {
                Some(Outcome::Draw(DrawReason::Flag))
            } else {
                outcome_of(pos, Value::Win, WinReason::Flag, DrawReason::Flag)
            };
        }
        // The other side reached its flag: the game ends now, unless a
        // flag move is owed (then it ends a turn later, above), or Black's
        // king can still answer by reaching its own.
        if (!def.flag_move || safe || kings(us))
            && flag_reached(pos, them)
            && !(def.flag_move
                && kings(us)
                && pos.side == Side::Black
                && !movegen::in_check(pos)
                && can_reach_flag(pos))
        {
            return outcome_of(pos, Value::Loss, WinReason::Flag, DrawReason::Flag);
        }
    }
    // `castlingWins`: the castling just made wins; a side whose winning
    // rights are all gone loses.
    if def.castling_wins.iter().flatten().any(|&w| w) {
        let them = 1 - us;
        if pos
            .castled
            .is_some_and(|wing| def.castling_wins[them][wing as usize])
        {
            return outcome_of(pos, Value::Loss, WinReason::Castling, DrawReason::Flag);
        }
        for side in [them, us] {
            let wins = def.castling_wins[side];
            let kept = (0..2).any(|w| wins[w] && pos.castling[side][w].is_some());
            if wins.iter().any(|&w| w) && !kept {
                let value = if side == us { Value::Loss } else { Value::Win };
                return outcome_of(pos, value, WinReason::Castling, DrawReason::Flag);
            }
        }
    }
    if def.check_counting && pos.checks[1 - us] == 0 {
        return outcome_of(pos, Value::Loss, WinReason::Checks, DrawReason::Flag);
    }
    // The side that just moved made its shape.
    if def.connect.any() && def.connect.made(pos, 1 - us) {
        return outcome_of(
            pos,
            negate(def.connect.value),
            WinReason::Connect,
            DrawReason::Connect,
        );
    }
    // Both sides passed, the kings faced each other after both sides'
    // moves (janggi's bikjang), or the board is full: material decides.
    let full = || (def.board & !pos.holes & !pos.occupied()).is_empty();
    if pos.passes >= 2 || pos.bikjang >= 2 || (def.adjudicate_full_board && full()) {
        let value = material_value(pos).unwrap_or(Value::Draw);
        return outcome_of(pos, value, WinReason::Material, DrawReason::Material);
    }
    None
}

/// What material counting (`materialCounting`) says for the side to move.
fn material_value(pos: &Position) -> Option<Value> {
    use super::def::MaterialCounting;
    let white = match pos.def.material_counting? {
        MaterialCounting::Unweighted => {
            let (w, b) = (pos.by_side[0].count(), pos.by_side[1].count());
            match w.cmp(&b) {
                std::cmp::Ordering::Greater => Value::Win,
                std::cmp::Ordering::Less => Value::Loss,
                std::cmp::Ordering::Equal => Value::Draw,
            }
        }
        MaterialCounting::WhiteDrawOdds => Value::Win,
        MaterialCounting::BlackDrawOdds => Value::Loss,
        MaterialCounting::Janggi => {
            let points = |side: usize| -> i32 {
                let def = pos.def;
                (0..def.pieces.len())
                    .map(|t| def.janggi_points[t] * pos.pieces(side, t).count() as i32)
                    .sum()
            };
            // Black's 1.5 points: White wins only when strictly ahead by
            // more than one.
            if points(0) - points(1) - 1 > 0 {
                Value::Win
            } else {
                Value::Loss
            }
        }
    };
    Some(if pos.side == Side::White {
        white
    } else {
        negate(white)
    })
}

/// Whether the side to move can reach its flag this move (with
/// `flagMove`, Black's answer to White's reaching it).
fn can_reach_flag(pos: &Position) -> bool {
    let mut list = MoveList::new();
    movegen::legal(pos, &mut list);
    let us = pos.side.index();
    list.iter()
        .any(|&m| flag_reached(&movegen::make(pos, m), us))
}

/// Sittuyin's stalemate (its laws, 3.9 c.7, as Fairy-Stockfish reads
/// them): a side out of check with only its king and one pawn, whose every
/// move is a promotion (the promotion being optional), draws.
fn only_promotions(pos: &Position) -> bool {
    let us = pos.side.index();
    let pawn = pos.def.pawn.map_or(0, |p| pos.pieces(us, p).count());
    if pos.by_side[us].count() != 2 || pawn != 1 || movegen::in_check(pos) {
        return false;
    }
    let mut list = MoveList::new();
    movegen::legal(pos, &mut list);
    list.iter()
        .all(|m| m.kind() == super::position::Kind::Promotion)
}

fn has_move(pos: &Position) -> bool {
    let mut list = MoveList::new();
    movegen::legal(pos, &mut list);
    !list.is_empty()
}

fn negate(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        other => other,
    }
}

/// The result decided by the position alone.
pub fn outcome(pos: &Position) -> Option<Outcome> {
    if let Some(end) = immediate_end(pos) {
        return Some(end);
    }
    let def = pos.def;
    let moves = has_move(pos);
    let n = def.n_move_rule;
    // The move-count rule draws, but a mate on its last move stands.
    // (Under the chasing rule checks stretch it: judged with the history.)
    if n > 0 && def.chase.is_none() && pos.halfmove >= 2 * n && (moves || !movegen::in_check(pos)) {
        return counted(pos, Outcome::Draw(DrawReason::FiftyMoves));
    }
    // So does a count that ran out (Makruk's).
    if counted_out(pos) && (moves || !movegen::in_check(pos)) {
        return Some(Outcome::Draw(DrawReason::Counting));
    }
    if def.sittuyin_promotion && only_promotions(pos) {
        return Some(Outcome::Draw(DrawReason::Stalemate));
    }
    if moves {
        return None;
    }
    // A game that has no move always ends: a value of `none` draws.
    let or_draw = |v: Value| if v == Value::None { Value::Draw } else { v };
    if movegen::checked(pos) && !movegen::unseen_royal_check(pos) {
        if pawn_drop_mate(pos) {
            // Mated by a pawn drop where that is illegal: the side mated
            // wins (Fairy-Stockfish's reading of the rule).
            return outcome_of(pos, Value::Win, WinReason::Checkmate, DrawReason::Stalemate);
        }
        if let Some((_, knight)) = def.shatar {
            // Shatar: a mate by knights alone is illegal (the side mated
            // wins); one after checks none of which was a shak draws.
            let us = pos.side.index();
            if let Some(k) = pos.king(us) {
                let by_knights = movegen::checkers(pos, k, 1 - us)
                    .all(|s| pos.piece(s).is_some_and(|(_, t)| Some(t) == knight));
                if by_knights {
                    return outcome_of(
                        pos,
                        Value::Win,
                        WinReason::Checkmate,
                        DrawReason::Stalemate,
                    );
                }
                if pos.shak_run[us] != Some(true) {
                    return Some(Outcome::Draw(DrawReason::Niol));
                }
            }
        }
        let v = or_draw(def.checkmate_value);
        outcome_of(pos, v, WinReason::Checkmate, DrawReason::Stalemate)
    } else {
        let mut v = or_draw(def.stalemate_value);
        // Judged by the pieces on the board: fewer loses (the value),
        // more wins, as many draws.
        if def.stalemate_piece_count {
            let us = pos.side.index();
            let (mine, theirs) = (pos.by_side[us].count(), pos.by_side[1 - us].count());
            v = match mine.cmp(&theirs) {
                std::cmp::Ordering::Equal => Value::Draw,
                std::cmp::Ordering::Less => v,
                std::cmp::Ordering::Greater => negate(v),
            };
        }
        if v == Value::Draw {
            if let Some(m) = material_value(pos) {
                return outcome_of(pos, m, WinReason::Material, DrawReason::Material);
            }
        }
        // The side without a move names the end, whether it wins or loses.
        let reason = if v == Value::Win {
            WinReason::NoLegalMoveWins
        } else {
            WinReason::NoLegalMove
        };
        outcome_of(pos, v, reason, DrawReason::Stalemate)
    }
}

/// Whether the side to move, in check with no move, was checked only by
/// shogi pawns just dropped under `shogiPawnDropMateIllegal`.
fn pawn_drop_mate(pos: &Position) -> bool {
    let Some(pawn) = pos.def.drops.pawn_drop_mate else {
        return false;
    };
    let (Some(k), true) = (pos.king(pos.side.index()), pos.dropped) else {
        return false;
    };
    let them = 1 - pos.side.index();
    movegen::checkers(pos, k, them).all(|s| pos.piece(s).is_some_and(|(_, t)| t == pawn))
}

/// How many plies back from the end of `history` lies the earlier
/// occurrence of its last position that makes it `n`-fold, if one does.
fn repetition_span(history: &[Position], n: usize) -> Option<usize> {
    if n < 2 || history.is_empty() {
        return None;
    }
    let last = history.len() - 1;
    let key = history[last].hash;
    let mut seen = 0;
    (1..=last).find(|&d| {
        if history[last - d].hash == key {
            seen += 1;
        }
        seen + 1 >= n
    })
}

/// The value for the side to move of a repetition `span` plies long
/// ending `history` by who did something throughout it (checked, or
/// chased): a win when only the other side did, a loss when only the
/// side to move did, a draw when both; `None` when neither.
fn guilty(them: bool, us: bool) -> Option<Value> {
    match (them, us) {
        (true, false) => Some(Value::Win),
        (false, true) => Some(Value::Loss),
        (true, true) => Some(Value::Draw),
        (false, false) => None,
    }
}

/// Whether each side checked in every position of the repetition `span`
/// plies long ending `history`: `(them, us)`, `them` the side that made
/// the last move.
fn perpetual(history: &[Position], span: usize) -> (bool, bool) {
    let last = history.len() - 1;
    checked_throughout(span, &|d| movegen::in_check(&history[last - d]))
}

/// Whether each side checked in every position of a repetition `span`
/// plies long, `checked(d)` saying whether the side to move `d` plies
/// back was in check: `(them, us)` as [`perpetual`].
fn checked_throughout(span: usize, checked: &dyn Fn(usize) -> bool) -> (bool, bool) {
    let them = (0..=span).step_by(2).all(checked);
    let us = (1..span).step_by(2).all(checked);
    (them, us)
}

/// Whether a count (Makruk's) has run past its limit.
pub fn counted_out(pos: &Position) -> bool {
    pos.counting.is_some_and(|(limit, ply)| ply > limit)
}

/// The result when the position, the last of `history`, has occurred
/// `count` times. Under `perpetualCheckIllegal` a side that gave check in
/// every position of the repetition loses (both: a draw), and then under
/// `chasingRule` a side that chased throughout it, as Fairy-Stockfish
/// judges them. Under `chasingRule` the move-count rule is judged here
/// too, since checks stretch it.
pub fn repetition(history: &[Position], count: usize) -> Option<Outcome> {
    let pos = history.last()?;
    let def = pos.def;
    if def.chase.is_some() {
        if let Some(end) = stretched_move_rule(history) {
            return Some(end);
        }
    }
    if def.move_repetition_illegal && def.n_fold_rule > 0 && moved_back_and_forth(history) {
        // The side that just moved loses.
        return outcome_of(
            pos,
            Value::Win,
            WinReason::Repetition,
            DrawReason::Repetition,
        );
    }
    if def.n_fold_rule == 0 || count < def.n_fold_rule as usize {
        return None;
    }
    if let Some(span) = repetition_span(history, def.n_fold_rule as usize) {
        if def.perpetual_check_illegal {
            let (them, us) = perpetual(history, span);
            if let Some(v) = guilty(them, us) {
                return outcome_of(pos, v, WinReason::PerpetualCheck, DrawReason::Repetition);
            }
        }
        if let Some(chase) = &def.chase {
            let (them, us) = chase.judge(history, span);
            if let Some(v) = guilty(them, us) {
                return outcome_of(pos, v, WinReason::PerpetualChase, DrawReason::Repetition);
            }
        }
    }
    n_fold_outcome(pos)
}

/// The result of a repetition that no side's checks or chases decide:
/// the game's `nFoldValue` (White's, where it is absolute), a draw
/// judged by material where the game counts it.
fn n_fold_outcome(pos: &Position) -> Option<Outcome> {
    let def = pos.def;
    let value = if def.n_fold_value_absolute && pos.side == Side::Black {
        negate(def.n_fold_value)
    } else {
        def.n_fold_value
    };
    outcome_of(pos, value, WinReason::Repetition, DrawReason::Repetition)
        .and_then(|end| counted(pos, end))
}

/// What a repetition the search meets `span` plies back is worth (see
/// `Rules::repetition_in_search`): perpetual check where it is illegal,
/// then perpetual chase (judged on `line`, the line's positions ending
/// with `pos`, which the search keeps under `chasingRule`), then the
/// game's `nFoldValue`. Modern janggi's back-and-forth rule is left to the
/// referee.
pub fn repetition_in_search(
    pos: &Position,
    span: usize,
    checked: &dyn Fn(usize) -> bool,
    line: &[Position],
) -> Option<Outcome> {
    let def = pos.def;
    if def.n_fold_rule == 0 {
        return None;
    }
    if def.perpetual_check_illegal {
        let (them, us) = checked_throughout(span, checked);
        if let Some(v) = guilty(them, us) {
            return outcome_of(pos, v, WinReason::PerpetualCheck, DrawReason::Repetition);
        }
    }
    if let (Some(chase), false) = (&def.chase, line.is_empty()) {
        let (them, us) = chase.judge(line, span);
        if let Some(v) = guilty(them, us) {
            return outcome_of(pos, v, WinReason::PerpetualChase, DrawReason::Repetition);
        }
    }
    n_fold_outcome(pos)
}

/// Modern janggi's rule (`moveRepetitionIllegal`), as Fairy-Stockfish
/// judges it: the side that just moved has taken a piece that can reach
/// the enemy's palace back and forth, out of check, four moves in a row
/// (a pass may stand for its first move back), the last of them taking
/// nothing, within the plies the move-count clock and the history span.
fn moved_back_and_forth(history: &[Position]) -> bool {
    use super::position::Kind;
    let last = history.len() - 1;
    let pos = &history[last];
    let end = (pos.halfmove as usize).min(last);
    if end < 4 {
        return false;
    }
    let at = |d: usize| &history[last - d];
    // The move that led to the position `d` plies back.
    let led = |d: usize| at(d).last;
    let checked = |d: usize| movegen::in_check(at(d));
    let back = |a: Option<super::position::Move>, b: Option<super::position::Move>| match (a, b) {
        (Some(a), Some(b)) => {
            a.kind() == Kind::Normal
                && b.kind() == Kind::Normal
                && a.from() == b.to()
                && a.to() == b.from()
        }
        _ => false,
    };
    let Some(m0) = led(0).filter(|m| m.kind() == Kind::Normal) else {
        return false;
    };
    if checked(1) || checked(3) {
        return false;
    }
    // Only a piece that may enter the enemy's palace counts.
    let def = pos.def;
    let mover = 1 - pos.side.index();
    let Some((_, t)) = pos.piece(m0.to()) else {
        return false;
    };
    let palace = def
        .king
        .map_or(def.board, |k| def.mobility.region(k, pos.side.index()));
    if (def.mobility.region(t, mover) & palace & def.board).is_empty() {
        return false;
    }
    let mut run = if back(led(2), led(0)) {
        2
    } else if led(2).is_some_and(|m| m.kind() == Kind::Pass) {
        1
    } else {
        0
    };
    let mut i = 4;
    while i <= end && run > 0 {
        if i < end && checked(i + 1) {
            run = 0;
        } else if run < 4 {
            let earlier = if run == 1 { led(0) } else { led(i - 2) };
            run = if back(led(i), earlier) { run + 1 } else { 0 };
        } else {
            // The same piece, its move `i` plies back taking nothing.
            let same = led(i - 2)
                .zip(led(i))
                .is_some_and(|(a, b)| a.from() == b.to());
            let took =
                || (0..2).any(|side| at(i + 1).by_side[side].count() > at(i).by_side[side].count());
            return same && i < last && !took();
        }
        i += 2;
    }
    false
}

/// The move-count rule under the chasing rule: a draw once the count,
/// less two plies for each check beyond ten by one side, passes the rule
/// (a mate on its last move stands).
fn stretched_move_rule(history: &[Position]) -> Option<Outcome> {
    let pos = history.last()?;
    let n = pos.def.n_move_rule;
    if n == 0 || pos.halfmove < 2 * n || (movegen::in_check(pos) && !has_move(pos)) {
        return None;
    }
    let offset = super::chase::move_rule_offset(history);
    (pos.halfmove.saturating_sub(offset) >= 2 * n)
        .then(|| counted(pos, Outcome::Draw(DrawReason::FiftyMoves)))
        .flatten()
}

/// A draw by the move-count rule or by repetition, or what material
/// counting (`materialCounting`) makes of it, as Fairy-Stockfish judges
/// those ends.
fn counted(pos: &Position, draw: Outcome) -> Option<Outcome> {
    match material_value(pos) {
        Some(v) if matches!(draw, Outcome::Draw(_)) => {
            outcome_of(pos, v, WinReason::Material, DrawReason::Material)
        }
        _ => Some(draw),
    }
}
