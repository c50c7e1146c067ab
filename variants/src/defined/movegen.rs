//! Moves of a defined game: each piece's reach from its Betza (masked as
//! Fairy-Stockfish masks it), the pawns' steps, promotions, en passant and
//! castling; the attacks that check needs; the position after a move.

use super::betza::{CAPTURE, QUIET};
use super::def::{Counting, GameDef};
use super::piece::{ride, ride_reach, Board, Rays, RAY_RIDES, WIDTH};
use super::position::{Kind, Move, Position};
use crate::MoveList;

/// The squares piece type `t` of `side` on `s` reaches, for `modality`,
/// from its initial moves (`initial`) or its others, with the pieces and
/// holes of `pos` in the way; on the board, never on a hole.
#[inline]
pub fn reach(
    pos: &Position,
    side: usize,
    t: usize,
    s: usize,
    initial: usize,
    modality: usize,
) -> Board {
    reach_among(
        pos,
        side,
        t,
        s,
        initial,
        modality,
        &(pos.occupied() | pos.holes),
    )
}

/// [`reach`] among `blockers` instead of the board's pieces.
fn reach_among(
    pos: &Position,
    side: usize,
    t: usize,
    s: usize,
    initial: usize,
    modality: usize,
    blockers: &Board,
) -> Board {
    let def = pos.def;
    let c = &def.pieces[t].compiled[side];
    let mut b = c.leap[initial][modality][s];
    let rides = c.rides[initial][modality];
    if rides != 0 {
        b |= rides_on(pos, rides, s, side, blockers);
    }
    b & c.pseudo[initial][modality][s] & def.board & !pos.holes
}

/// The squares piece type `t` of `side` moves to without taking from
/// `s` (not as its first move), with `blockers` and the holes in the way:
/// where an amazon's arrow may fly.
pub(super) fn quiet_reach_among(
    pos: &Position,
    side: usize,
    t: usize,
    s: usize,
    blockers: &Board,
) -> Board {
    reach_among(pos, side, t, s, 0, QUIET, &(*blockers | pos.holes))
}

/// The squares the rides and blockable leaps of `rides` reach from `s`
/// among `blockers`: rooks', bishops' and nightriders' from the game's ray
/// tables, the others walked.
#[inline]
fn rides_on(pos: &Position, rides: u16, s: usize, side: usize, blockers: &Board) -> Board {
    if rides & ride::JANGGI != 0 {
        return janggi_rides(pos, rides & !ride::JANGGI, s, side, blockers);
    }
    plain_rides(pos, rides, s, side, blockers)
}

/// A janggi cannon's hops: only where it would land with the cannons
/// taken away too (so it hopped over none), never on a cannon. (Kept out
/// of line, so that the other games' rides stay one inlined call.)
#[cold]
#[inline(never)]
fn janggi_rides(pos: &Position, rides: u16, s: usize, side: usize, blockers: &Board) -> Board {
    let cannons = pos
        .def
        .janggi_cannon
        .map_or(Board::EMPTY, |t| pos.pieces(0, t) | pos.pieces(1, t));
    let full = plain_rides(pos, rides, s, side, blockers);
    let without = plain_rides(pos, rides, s, side, &blockers.and_not(cannons));
    (full & without).and_not(cannons)
}

/// [`rides_on`] without the janggi cannon's rule.
#[inline(always)]
pub(super) fn plain_rides(
    pos: &Position,
    rides: u16,
    s: usize,
    side: usize,
    blockers: &Board,
) -> Board {
    let def = pos.def;
    let mut b = Board::EMPTY;
    let fast = rides & RAY_RIDES;
    if fast != 0 {
        b |= def.rays.reach(fast, s, blockers);
    }
    let slow = rides & !RAY_RIDES;
    if slow != 0 {
        b |= ride_reach(slow, s, side, blockers, &pos.holes, def.files, def.ranks);
    }
    b
}

/// Whether `side`'s pieces but those on `exclude` would attack `s` with
/// `occupied` the squares holding pieces (holes block as ever).
fn attacked_with(pos: &Position, s: usize, side: usize, occupied: &Board, exclude: &Board) -> bool {
    let blockers = *occupied | pos.holes;
    attackers(pos, s, side, pos.by_side[side].and_not(*exclude), blockers)
        .next()
        .is_some()
}

/// The pieces of `side` among `pieces` that take on `s` with `blockers`
/// (pieces and holes) in the way: those that could on an empty board, by
/// any type's reach, each then tested by its own.
fn attackers(
    pos: &Position,
    s: usize,
    side: usize,
    pieces: Board,
    blockers: Board,
) -> impl Iterator<Item = usize> + '_ {
    (pieces & pos.def.attackers[side][s])
        .iter()
        .filter(move |&from| {
            let (_, t) = pos.piece(from).expect("a piece of the side");
            takes_on(pos, from, t, side, s, &blockers)
        })
}

/// Whether the piece of `side` and type `t` on `from` could take on `s`
/// with `blockers` (pieces and holes) in the way.
#[inline(always)]
pub fn takes_on(
    pos: &Position,
    from: usize,
    t: usize,
    side: usize,
    s: usize,
    blockers: &Board,
) -> bool {
    let def = pos.def;
    let c = &def.pieces[t].compiled[side];
    let attackers = &c.attackers[s];
    if !attackers.any.has(from) {
        return false;
    }
    if attackers.leaps.has(from) {
        return true;
    }
    let rides = c.rides[0][CAPTURE];
    if rides == 0 {
        return false;
    }
    if rides & !RAY_RIDES == 0 {
        // Rook, bishop and nightrider rides: the piece reaches `s` on an
        // empty board (its ranges and directions included) and not by a
        // leap, so by riding the line between, if that is free.
        Rays::direction(s, from).is_some_and(|d| def.rays.clear_between(s, from, d, blockers))
    } else {
        // With hops or lame leaps a square may be in reach by one kind and
        // on a free line of another: the piece rides forward.
        rides_on(pos, rides, from, side, blockers).has(s)
    }
}

/// How many squares the piece of `side` and type `t` on `s` moves or
/// takes to (its own pieces' squares left out), for the evaluation;
/// `blockers` holds the pieces and holes.
pub fn mobility(pos: &Position, side: usize, t: usize, s: usize, blockers: &Board) -> u32 {
    let def = pos.def;
    let c = &def.pieces[t].compiled[side];
    let rides = c.rides[0][QUIET] | c.rides[0][CAPTURE];
    let leaps = &c.leaps[s];
    let mut b = leaps.quiet | leaps.capture;
    if rides != 0 {
        b |= rides_on(pos, rides, s, side, blockers);
    }
    if !(c.exact[0][QUIET] && c.exact[0][CAPTURE]) {
        b &= c.pseudo[0][QUIET][s] | c.pseudo[0][CAPTURE][s];
    }
    (b & def.board)
        .and_not(pos.holes | pos.by_side[side])
        .count()
}

/// The pieces of `side` that attack `s`.
pub fn checkers(pos: &Position, s: usize, side: usize) -> impl Iterator<Item = usize> + '_ {
    let blockers = pos.occupied() | pos.holes;
    attackers(pos, s, side, pos.by_side[side], blockers)
}

/// Whether `side` attacks `s` (a capture of a piece standing there).
pub fn attacked(pos: &Position, s: usize, side: usize) -> bool {
    attacked_with(pos, s, side, &pos.occupied(), &Board::EMPTY)
}

/// Whether the side to move's king is attacked (in check).
pub fn in_check(pos: &Position) -> bool {
    pos.check.get_or(|| {
        let us = pos.side.index();
        pos.king(us).is_some_and(|k| attacked(pos, k, 1 - us))
    })
}

/// Whether the side to move is in check as a game's end judges it: its
/// king attacked, or (`extinctionPseudoRoyal`) one of its pseudo-royal
/// pieces (Fairy-Stockfish's binding scores a side without moves so).
pub fn checked(pos: &Position) -> bool {
    if in_check(pos) {
        return true;
    }
    let us = pos.side.index();
    let theirs = if pos.def.blast_on_capture {
        pseudo_royals(pos, 1 - us)
    } else {
        Board::EMPTY
    };
    if !pos.def.extinction_pseudo_royal {
        return false;
    }
    if pseudo_royals(pos, us)
        .iter()
        .any(|s| !touching(pos, s, theirs) && attacked(pos, s, 1 - us))
    {
        return true;
    }
    // A duple check: every piece of the extinction types attacked.
    pos.def.duple_check && {
        let all = extinction_pieces(pos, us);
        all.any()
            && all
                .iter()
                .all(|s| !touching(pos, s, theirs) && attacked(pos, s, 1 - us))
    }
}

/// `side`'s pieces of the extinction types.
fn extinction_pieces(pos: &Position, side: usize) -> Board {
    pieces_of_types(pos, side, pos.def.extinction_piece_types)
}

/// `side`'s pieces of the types in the set `types`.
fn pieces_of_types(pos: &Position, side: usize, types: u64) -> Board {
    (0..pos.def.pieces.len())
        .filter(|&t| is(types, t))
        .fold(Board::EMPTY, |b, t| b | pos.pieces(side, t))
}

/// Whether the side to move is in check only by the enemy king's move
/// that led here, and by a check Fairy-Stockfish does not see: it finds a
/// king's direct check by the king's moves taken back from the checked
/// king's square (with the squares as they stood before the move), which
/// a grasshopper's hops or a horse's lame leaps do not give back. It then
/// scores a side without moves as stalemated, not mated (a custom royal
/// king, `king = g:gBgR`).
#[cold]
#[inline(never)]
pub fn unseen_royal_check(pos: &Position) -> bool {
    let def = pos.def;
    let Some(m) = pos.last else {
        return false;
    };
    if matches!(m.kind(), Kind::Drop | Kind::Pass | Kind::Castling) {
        return false;
    }
    let us = pos.side.index();
    let them = 1 - us;
    let (Some(k), Some(kt)) = (pos.king(us), def.king) else {
        return false;
    };
    if pos.king(them) != Some(m.to()) {
        return false;
    }
    let blockers = pos.occupied() | pos.holes;
    let others = pos.by_side[them].and_not(Board::single(m.to()));
    if attackers(pos, k, them, others, blockers).next().is_some() {
        return false;
    }
    let before =
        pos.occupied().and_not(Board::single(m.to())) | Board::single(m.from()) | pos.holes;
    !reach_among(pos, us, kt, k, 0, CAPTURE, &before).has(m.to())
}

/// Whether the piece on `s` touches one of `royals` (atomic: a royal piece
/// touching an enemy royal piece cannot be taken, the blast would take
/// the taker's own).
fn touching(pos: &Position, s: usize, royals: Board) -> bool {
    (pos.def.around[s] & royals).any()
}

fn is(set: u64, t: usize) -> bool {
    set & (1 << t) != 0
}

/// One square forward for `side`.
fn forward(side: usize) -> i32 {
    if side == 0 {
        WIDTH
    } else {
        -WIDTH
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Moves {
    /// Every move.
    All,
    /// Captures and promotions only (the quiescence search's).
    Noisy,
    /// Those, and the quiet moves whose piece may attack the enemy king
    /// from its destination (see [`may_check`]): quiescence's first ply.
    NoisyAndChecks,
}

/// Appends the moves of the side to move (of `which`), before the king's
/// safety is looked at.
pub fn pseudo_legal(pos: &Position, which: Moves, among: Board, out: &mut impl FnMut(Move)) {
    let def = pos.def;
    let us = pos.side.index();
    let them = 1 - us;
    let occupied = pos.occupied();
    let empty = def.board & !occupied & !pos.holes;
    // A pawn's region (where the file gives it one) bounds every step.
    let pawn_empty = match def.pawn {
        Some(p) if def.mobility.restricts() => empty & def.mobility.region(p, us),
        _ => empty,
    };
    let blockers = occupied | pos.holes;
    let their_king = match which {
        Moves::NoisyAndChecks => pos.king(them),
        _ => None,
    };
    for from in (pos.by_side[us] & among).iter() {
        let (_, t) = pos.piece(from).expect("a piece of the side");
        let c = &def.pieces[t].compiled[us];
        // Most pieces ride alike to move and to take: one ride serves both.
        let (rq, rc) = (c.rides[0][QUIET], c.rides[0][CAPTURE]);
        let ride_c = if rc != 0 {
            rides_on(pos, rc, from, us, &blockers)
        } else {
            Board::EMPTY
        };
        let ride_q = if rq == rc {
            ride_c
        } else if rq != 0 {
            rides_on(pos, rq, from, us, &blockers)
        } else {
            Board::EMPTY
        };
        let leaps = &c.leaps[from];
        let mut captures = (leaps.capture | ride_c) & pos.by_side[them];
        if !c.exact[0][CAPTURE] {
            captures &= c.pseudo[0][CAPTURE][from];
        }
        let mut quiets = if Some(t) == def.pawn {
            pawn_pushes(pos, us, from, pawn_empty)
        } else {
            (leaps.quiet | ride_q) & empty
        };
        if Some(t) != def.pawn && !c.exact[0][QUIET] {
            quiets &= c.pseudo[0][QUIET][from];
        }
        if Some(t) != def.pawn && def.double_step_region[us].has(from) {
            quiets |= reach(pos, us, t, from, 1, QUIET) & empty;
        }
        let promotes = is(def.promotion_pawn_types[us], t) && !def.sittuyin_promotion;
        let zone = if promotes {
            def.promotion_region[us]
        } else {
            Board::EMPTY
        };
        // Shogi-style promotions and demotions, and where the plain move
        // stays open beside them.
        let (promote, demote, plain) = if def.piece_promotions.any() {
            super::promotion::targets(pos, us, t, from, captures | quiets)
        } else {
            (Board::EMPTY, Board::EMPTY, Board::FULL)
        };
        let targets = match which {
            Moves::All => captures | quiets,
            // Only the quiet moves that promote are noisy.
            Moves::Noisy => captures | (quiets & zone) | promote,
            Moves::NoisyAndChecks => {
                let checks = their_king.map_or(Board::EMPTY, |k| c.attackers[k].any);
                captures | (quiets & (zone | checks)) | promote
            }
        };
        for to in targets.iter() {
            let mut normal = plain.has(to);
            if zone.has(to) {
                for p in promotion_choices(pos, us) {
                    out(Move::new(from, to, Kind::Promotion, p));
                }
                if def.mandatory_pawn_promotion {
                    normal = false;
                }
            }
            if normal {
                out(Move::new(from, to, Kind::Normal, 0));
            }
            if promote.has(to) {
                let p = def.piece_promotions.promoted[t].unwrap_or(t);
                out(Move::new(from, to, Kind::PiecePromotion, p));
            }
            if demote.has(to) && (which == Moves::All || captures.has(to)) {
                let o = pos.origin(from).unwrap_or(t);
                out(Move::new(from, to, Kind::PieceDemotion, o));
            }
        }
        if def.sittuyin_promotion && Some(t) == def.pawn {
            sittuyin_promotions(pos, us, from, out);
        }
        if is(def.en_passant_types[us], t) && pos.ep.any() {
            let ep = reach(pos, us, t, from, 0, CAPTURE) & !quiets & pos.ep & empty;
            for to in ep.iter() {
                out(Move::new(from, to, Kind::EnPassant, 0));
            }
        }
    }
    if which == Moves::All && pos.castling_king(us).is_some_and(|k| among.has(k)) {
        castlings(pos, us, out);
    }
    if which == Moves::All && def.cambodian_moves && pos.gates[us] != 0 {
        cambodian_moves(pos, us, among, out);
    }
}

/// Cambodian chess's first moves (`cambodianMoves`), from a gate (a piece
/// not moved yet): the king leaps as a knight to the next rank, two files
/// aside, but not out of check; the fers (met) jumps two squares forward;
/// both only to an empty square.
#[cold]
#[inline(never)]
fn cambodian_moves(pos: &Position, us: usize, among: Board, out: &mut impl FnMut(Move)) {
    let def = pos.def;
    let occupied = pos.occupied() | pos.holes;
    let step = |from: usize, files: i32, ranks: i32| -> Option<usize> {
        let (f, r) = (from as i32 % WIDTH + files, from as i32 / WIDTH + ranks);
        ((0..def.files).contains(&f) && (0..def.ranks).contains(&r))
            .then(|| (r * WIDTH + f) as usize)
            .filter(|&to| def.board.has(to) && !occupied.has(to))
    };
    let ahead = forward(us) / WIDTH;
    if let Some(k) = pos.king(us) {
        if among.has(k) && pos.is_gate(us, k) && !in_check(pos) {
            for files in [-2, 2] {
                if let Some(to) = step(k, files, ahead) {
                    out(Move::new(k, to, Kind::Normal, 0));
                }
            }
        }
    }
    if let Some(fers) = def.pieces.iter().position(|p| p.name == "fers") {
        for from in (pos.pieces(us, fers) & among).iter() {
            if pos.is_gate(us, from) {
                if let Some(to) = step(from, 0, 2 * ahead) {
                    out(Move::new(from, to, Kind::Normal, 0));
                }
            }
        }
    }
}

/// The pieces of `side` royal by `extinctionPseudoRoyal`: those of each
/// extinction type of which it has at most one more than the count that
/// loses (Fairy-Stockfish counts the board, not the hand; coregal's count
/// of 64 makes every queen royal).
fn pseudo_royals(pos: &Position, side: usize) -> Board {
    let def = pos.def;
    let most = def.extinction_piece_count + 1;
    let mut out = Board::EMPTY;
    for t in 0..def.pieces.len() {
        if is(def.extinction_piece_types, t) && pos.pieces(side, t).count() <= most {
            out |= pos.pieces(side, t);
        }
    }
    if def.extinction_all && pos.by_side[side].count() <= most {
        out |= pos.by_side[side];
    }
    out
}

/// Whether `m` leaves every pseudo-royal piece of the side to move
/// unattacked, as Fairy-Stockfish judges it: the set is the one before
/// the move, the moved piece carried along, a promotion to an extinction
/// type (a drop of one) adding its piece while the type stays under the
/// count and taking the type's royalty away past it; a castling
/// pseudo-royal piece may not start or pass through an attack; taking a
/// pseudo-royal piece en passant makes any move legal.
fn pseudo_royals_safe(pos: &Position, m: Move) -> bool {
    let def = pos.def;
    let us = pos.side.index();
    let them = 1 - us;
    let before = pseudo_royals(pos, us);
    let mut ours = before;
    let to = m.to();
    if !m.is_drop() && ours.has(m.from()) {
        ours = ours.and_not(Board::single(m.from())) | Board::single(to);
    }
    if m.kind() == Kind::Promotion && is(def.extinction_piece_types, m.promo()) {
        if pos.pieces(us, m.promo()).count() > def.extinction_piece_count {
            ours = ours.and_not(pos.pieces(us, m.promo()));
        } else {
            ours |= Board::single(to);
        }
    }
    if m.is_drop() && is(def.extinction_piece_types, moved_type(pos, m)) {
        ours |= Board::single(to);
    }
    if m.kind() == Kind::EnPassant {
        let theirs = pseudo_royals(pos, them);
        if capture_square(pos, to).is_some_and(|v| theirs.has(v)) {
            return true;
        }
    }
    if m.kind() == Kind::Castling && before.has(m.from()) {
        let occupied = pos.occupied().and_not(Board::single(m.from()));
        let (from, step) = (m.from() as i32, if to > m.from() { 1 } else { -1 });
        // Atomic: a square touching an enemy royal piece is safe.
        let theirs = if def.blast_on_capture {
            pseudo_royals(pos, them)
        } else {
            Board::EMPTY
        };
        let mut s = from;
        loop {
            let immune = touching(pos, s as usize, theirs);
            if !immune && attacked_with(pos, s as usize, them, &occupied, &Board::EMPTY) {
                return false;
            }
            s += step;
            if s == to as i32 || from == to as i32 {
                break;
            }
        }
    }
    // Petrified chess: a pseudo-royal piece of the petrified types may
    // not take (it would turn to stone).
    let petrifies = def.petrify_types != 0 && is_capture(pos, m);
    if petrifies
        && !m.is_drop()
        && before.has(m.from())
        && is(def.petrify_types, moved_type(pos, m))
    {
        return false;
    }
    let mut child = make(pos, m);
    if petrifies && def.blast_on_capture && !pos.holes.has(to) {
        // Fairy-Stockfish judges the blast's safety with the square
        // emptied, before its wall stands.
        child.holes = child.holes.and_not(Board::single(to));
    }
    // Their pseudo-royal pieces of the petrified types take nothing, so
    // they attack nothing.
    let harmless = pieces_of_types(&child, them, def.petrify_types & def.extinction_piece_types);
    let attacked = |c: &Position, s: usize| attacked_with(c, s, them, &c.occupied(), &harmless);
    if def.blast_on_capture {
        // Atomic: blowing up one's own royal piece is illegal, blowing up
        // the enemy's ends the game (any such move is legal), and a royal
        // piece touching an enemy royal piece cannot be taken.
        if ours
            .iter()
            .any(|s| child.piece(s).is_none_or(|(side, _)| side != us))
        {
            return false;
        }
        let theirs = pseudo_royals(pos, them);
        if theirs
            .iter()
            .any(|s| child.piece(s).is_none_or(|(side, _)| side != them))
        {
            return true;
        }
        return !ours
            .iter()
            .any(|s| !touching(pos, s, theirs) && attacked(&child, s));
    }
    if ours.iter().any(|s| attacked(&child, s)) {
        return false;
    }
    // `dupleCheck`: while a side has more of them than are royal, it may
    // not leave all its pieces of the extinction types attacked at once.
    !(def.duple_check && all_attacked(&child, us, duple_candidates(pos, m)))
}

/// The pieces of the extinction types of the side to move of `pos` after
/// `m` (the moved piece carried along, a promotion to such a type added):
/// Fairy-Stockfish's candidates for a duple check.
fn duple_candidates(pos: &Position, m: Move) -> Board {
    let def = pos.def;
    let mut b = extinction_pieces(pos, pos.side.index());
    if !m.is_drop() && b.has(m.from()) {
        b = b.and_not(Board::single(m.from())) | Board::single(m.to());
    }
    if m.kind() == Kind::Promotion && is(def.extinction_piece_types, m.promo()) {
        b |= Board::single(m.to());
    }
    b
}

/// Whether `pieces` of `side` are some and all attacked in `pos`.
fn all_attacked(pos: &Position, side: usize, pieces: Board) -> bool {
    pieces.any() && pieces.iter().all(|s| attacked(pos, s, 1 - side))
}

/// The types a pawn of `us` may promote to now: its promotion types
/// still under their limits (`promotionLimit`).
fn promotion_choices(pos: &Position, us: usize) -> impl Iterator<Item = usize> + '_ {
    let def = pos.def;
    (0..def.pieces.len()).filter(move |&p| {
        let limit = def.promotion_limit[p];
        is(def.promotion_piece_types[us], p) && (limit == 0 || pos.pieces(us, p).count() < limit)
    })
}

/// Sittuyin's promotions of the pawn on `from`: while the side has more
/// than one pawn, only one in the promotion region promotes; it becomes a
/// promotion piece (under its limit) where it stands or one of that
/// piece's moves away on an empty square, where it attacks no enemy
/// piece. (That it gives no check, discovered ones too, is legality's.)
fn sittuyin_promotions(pos: &Position, us: usize, from: usize, out: &mut impl FnMut(Move)) {
    let def = pos.def;
    let pawns = def.pawn.map_or(0, |p| pos.pieces(us, p).count());
    if pawns > 1 && !def.promotion_region[us].has(from) {
        return;
    }
    let empty = def.board & !pos.occupied() & !pos.holes;
    let without = (pos.occupied() | pos.holes).and_not(Board::single(from));
    for p in promotion_choices(pos, us) {
        let to = (reach(pos, us, p, from, 0, CAPTURE) & empty) | Board::single(from);
        for to in to.iter() {
            let attacks = reach_among(pos, us, p, to, 0, CAPTURE, &without);
            if (attacks & pos.by_side[1 - us]).is_empty() {
                out(Move::new(from, to, Kind::Promotion, p));
            }
        }
    }
}

/// The predefined pawn's pushes: one step, two (three) from its regions
/// over empty squares.
fn pawn_pushes(pos: &Position, us: usize, from: usize, empty: Board) -> Board {
    let def = pos.def;
    let mut out = Board::EMPTY;
    let step = |s: usize| -> Option<usize> {
        let to = s as i32 + forward(us);
        (0..256)
            .contains(&to)
            .then_some(to as usize)
            .filter(|&t| def.board.has(t))
    };
    let Some(one) = step(from).filter(|&s| empty.has(s)) else {
        return out;
    };
    out.set(one);
    if !def.double_step {
        return out;
    }
    let double = def.double_step_region[us].has(from);
    let triple = def.triple_step_region[us].has(from);
    if double || triple {
        if let Some(two) = step(one).filter(|&s| empty.has(s)) {
            if double {
                out.set(two);
            }
            if triple {
                if let Some(three) = step(two).filter(|&s| empty.has(s)) {
                    out.set(three);
                }
            }
        }
    }
    out
}

fn castlings(pos: &Position, us: usize, out: &mut impl FnMut(Move)) {
    let def = pos.def;
    if !def.castling {
        return;
    }
    let Some(king) = pos.castling_king(us) else {
        return;
    };
    // A piece that is not royal castles whatever attacks its way.
    let royal = pos.king(us) == Some(king);
    let rank = pos.castling_rank(us);
    for wing in 0..2 {
        let Some(rook) = pos.castling[us][wing] else {
            continue;
        };
        let rook = rook as usize;
        let kfile = if wing == 0 {
            def.castling_kingside_file
        } else {
            def.castling_queenside_file
        };
        let Some(kto) = def.square(kfile, rank) else {
            continue;
        };
        let rto = rook_to(kto, wing);
        // Every square either piece crosses or lands on is empty but for
        // the two of them.
        let span = |a: usize, b: usize| a.min(b)..=a.max(b);
        let clear = span(king, kto)
            .chain(span(rook, rto))
            .all(|s| s == king || s == rook || (pos.board[s] == 0 && !pos.holes.has(s)));
        if !clear {
            continue;
        }
        // The king may not castle out of, through or into an attack, nor
        // onto a square its rook shielded (Chess960: an enemy rook on a1
        // behind the castling rook on b1).
        if royal
            && (span(king, kto).any(|s| attacked(pos, s, 1 - us))
                || attacked_with(
                    pos,
                    kto,
                    1 - us,
                    &pos.occupied().and_not(Board::single(rook)),
                    &Board::EMPTY,
                ))
        {
            continue;
        }
        out(Move::new(king, kto, Kind::Castling, wing));
    }
}

/// Appends the legal moves of the side to move.
pub fn legal(pos: &Position, out: &mut MoveList<Move>) {
    legal_of(pos, Moves::All, out);
}

/// Appends the legal moves of the side to move of `which`.
pub fn legal_of(pos: &Position, which: Moves, out: &mut MoveList<Move>) {
    let def = pos.def;
    if which != Moves::All && def.every_move_captures {
        return;
    }
    let drops = if which == Moves::All {
        Drops::All
    } else {
        Drops::None
    };
    let before = out.len();
    legal_among(pos, which, pos.by_side[pos.side.index()], drops, out);
    if which == Moves::All {
        if let Some(pass) = pass(pos, out.len() > before) {
            out.push(pass);
        }
        // `wallOrMove`: walling instead of moving, written as a pass of
        // the side's first piece (Fairy-Stockfish's form); never in check.
        if def.walling.or_move && !in_check(pos) {
            if let Some(first) = pos.by_side[pos.side.index()].iter().next() {
                push_walled(pos, Move::new(first, first, Kind::Pass, 0), out);
            }
        }
    }
    // `mustCapture`: with a capture to make, nothing else is legal (every
    // capture is among the noisy moves too).
    if def.must_capture {
        let list = out.as_mut_slice();
        let mut kept = before;
        for i in before..list.len() {
            if is_capture(pos, list[i]) {
                list[kept] = list[i];
                kept += 1;
            }
        }
        if kept > before {
            out.truncate(kept);
        }
    }
}

/// Whether `m` takes a piece (en passant included; castling, drops and
/// passes never do).
pub fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind() == Kind::EnPassant
        || (!matches!(m.kind(), Kind::Castling | Kind::Drop | Kind::Pass)
            && pos.by_side[1 - pos.side.index()].has(m.to()))
}

/// The side to move's pass, where it may pass (`pass`; `passOnStalemate`
/// when it has no `other` move) and is not in check.
fn pass(pos: &Position, other: bool) -> Option<Move> {
    let us = pos.side.index();
    let def = pos.def;
    let may = def.pass[us] || (def.pass_on_stalemate[us] && !other);
    // Kings facing (janggi's bikjang): a pass is legal even in check.
    if !may || (in_check(pos) && pos.bikjang == 0) {
        return None;
    }
    // Written from the king's square, else the first piece's; a side
    // without pieces has nothing to pass with (Fairy-Stockfish's rule).
    let first = pos.king(us).or_else(|| pos.by_side[us].iter().next())?;
    Some(Move::new(first, first, Kind::Pass, 0))
}

/// Whether `m` is a legal move here (the search's table may offer a move
/// of another position): the moves of its piece (the drops of its type)
/// are generated.
pub fn is_legal(pos: &Position, m: Move) -> bool {
    // A pass, or a move where captures may be compulsory, is judged
    // among all the moves.
    if m.kind() == Kind::Pass || pos.def.must_capture {
        let mut list = MoveList::new();
        legal(pos, &mut list);
        return list.contains(&m);
    }
    let (among, drops) = if m.is_drop() {
        if m.promo() >= pos.def.pieces.len() {
            return false;
        }
        (Board::EMPTY, Drops::Of(m.promo(), m.to()))
    } else {
        (Board::single(m.from()), Drops::None)
    };
    let mut list = MoveList::new();
    legal_among(pos, Moves::All, among, drops, &mut list);
    list.contains(&m)
}

/// Which drops to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drops {
    /// None.
    None,
    /// Every drop the hands allow.
    All,
    /// Those of one type on one square, if allowed.
    Of(usize, usize),
}

/// Appends the drops of `which` of the side to move, before the king's
/// safety is looked at.
fn pseudo_drops(pos: &Position, which: Drops, out: &mut impl FnMut(Move)) {
    let def = pos.def;
    if !def.drops.enabled || which == Drops::None {
        return;
    }
    let us = pos.side.index();
    for t in 0..def.pieces.len() {
        if pos.in_hand(us, t) == 0 {
            continue;
        }
        let mut squares = super::drops::drop_squares(pos, us, t);
        if let Drops::Of(only, to) = which {
            if only != t {
                continue;
            }
            squares &= Board::single(to);
        }
        let promoted = def.drops.drop_promoted && def.piece_promotions.promoted[t].is_some();
        for to in squares.iter() {
            out(Move::drop(t, to));
            if promoted {
                out(Move::drop_promoted(t, to));
            }
        }
    }
}

/// Appends the legal moves of `which` of the side to move's pieces on
/// `among`, and the drops of `drops`.
fn legal_among(pos: &Position, which: Moves, among: Board, drops: Drops, out: &mut MoveList<Move>) {
    let us = pos.side.index();
    let def = pos.def;
    // A side that must drop (`mustDrop`) moves a piece only when no drop
    // of the type it must drop is legal.
    let must = super::drops::must_drop(pos, us);
    let among = if must && !among.is_empty() && forced_drop(pos) {
        Board::EMPTY
    } else {
        among
    };
    let occupied = pos.occupied();
    // Without enemy hoppers (whose attacks a piece moving into a line can
    // make) and out of check, only a move of the king or of a piece whose
    // leaving exposes the king (pinned: found by taking each candidate
    // away), en passant and castling need the position after them. In
    // check, where the enemy has only leaps and rook and bishop rides
    // (pins then known exactly), another piece's move must also take the
    // one checker or step between it and the king.
    let king = pos.king(us);
    let check = king.is_some() && in_check(pos);
    let fast = def.checking
        && !def.hoppers[1 - us]
        && king.is_some()
        && (!check || def.line_riders_only[1 - us]);
    let pinned = match king {
        Some(k) if fast => pinned(pos, k, us),
        _ => Board::EMPTY,
    };
    let evasions = match king {
        Some(k) if fast && check => Some(evasion_squares(pos, k, us)),
        _ => None,
    };
    let them = 1 - us;
    // The rarer rules (janggi cannons, mutual immunity, atomic's blasts,
    // the flying general), asked only in the games that have them.
    let special = def.janggi_cannon.is_some()
        || def.mutually_immune_types != 0
        || def.blast_on_capture
        || def.mobility.flying_general
        || def.bikjang
        || def.makpong;
    // Makpong: a king in check moves only to take its one checker.
    let king_bound = match king {
        Some(k) if def.makpong && check => Some(checkers(pos, k, them).collect::<Board>()),
        _ => None,
    };
    // Each move is judged as it is generated.
    let mut judge = |m: Move| {
        let mut janggi = false;
        if special {
            if immune_capture(pos, m) {
                return;
            }
            if let Some(checkers) = king_bound {
                if king == Some(m.from()) && !m.is_drop() && checkers != Board::single(m.to()) {
                    return;
                }
            }
            janggi = janggi_sensitive(pos, m);
        }
        let plain = !(special && (janggi || def.blast_on_capture))
            && matches!(
                m.kind(),
                Kind::Normal | Kind::Promotion | Kind::PiecePromotion | Kind::PieceDemotion
            );
        if m.is_drop() {
            if must && def.drops.must_drop_type.is_some_and(|t| t != m.promo()) {
                return;
            }
            if !super::drops::bishops_allow(pos, us, moved_type(pos, m), m.to()) {
                return;
            }
            // A king dropped may not land where it is attacked.
            if def.king == Some(moved_type(pos, m)) {
                let after = occupied | Board::single(m.to());
                if attacked_with(pos, m.to(), them, &after, &Board::EMPTY) {
                    return;
                }
            }
            // A drop only adds a piece: out of check it exposes the king
            // only as an enemy hopper's screen; in check it must block.
            if let Some(k) = king {
                let safe = if janggi {
                    let child = make(pos, m);
                    !attacked(&child, k, them)
                } else if !check && !def.hoppers[them] {
                    true
                } else if let Some(e) = evasions {
                    e.has(m.to())
                } else {
                    let after = occupied | Board::single(m.to());
                    !attacked_with(pos, k, them, &after, &Board::EMPTY)
                };
                if !safe {
                    return;
                }
            }
            if (!def.checking || !def.drops.drop_checks) && gives_check(pos, &make(pos, m), m) {
                return;
            }
        } else if fast && plain && !pinned.has(m.from()) && king != Some(m.from()) {
            // Safe, unless it leaves a check unanswered.
            if evasions.is_some_and(|e| !e.has(m.to())) {
                return;
            }
        } else if plain && def.checking {
            // A plain move (the king's, a pinned piece's, any against
            // hoppers) changes only which squares are occupied and which
            // enemy piece is gone: the attack test asks the position as it
            // would be, without making it.
            if let Some(k) = king {
                let (from, to) = (m.from(), m.to());
                let after = occupied.and_not(Board::single(from)) | Board::single(to);
                let k = if from == k { to } else { k };
                if attacked_with(pos, k, 1 - us, &after, &Board::single(to)) {
                    return;
                }
            }
        } else {
            let child = make(pos, m);
            // The king is royal in every game (as in Fairy-Stockfish, even
            // where `checking = false`): no move may leave it attacked.
            if child.king(us).is_some_and(|k| attacked(&child, k, 1 - us)) {
                return;
            }
            // `checking = false` forbids giving check instead.
            if !def.checking && gives_check(pos, &child, m) {
                return;
            }
        }
        // A walling move's safety is judged with its wall standing.
        let walls = def.walling.walls(m);
        if def.extinction_pseudo_royal && !walls && !pseudo_royals_safe(pos, m) {
            return;
        }
        if special
            && (def.mobility.flying_general || pos.bikjang > 0)
            && m.kind() != Kind::Pass
            && kings_face(pos, m)
        {
            return;
        }
        // Sittuyin's promotion may not give check.
        if def.sittuyin_promotion
            && m.kind() == Kind::Promotion
            && gives_check(pos, &make(pos, m), m)
        {
            return;
        }
        // `immobilityIllegal`: a plain move may not leave its piece where
        // it has no quiet move on an empty board (Fairy-Stockfish's test:
        // a promotion, castling or en passant is never caught by it).
        if pos.def.immobility_illegal && matches!(m.kind(), Kind::Normal | Kind::Drop) {
            let t = moved_type(pos, m);
            let quiet = &pos.def.pieces[t].compiled[us].pseudo[0][QUIET][m.to()];
            if quiet.and_not(pos.holes).is_empty() {
                return;
            }
        }
        if walls {
            push_walled(pos, m, out);
            return;
        }
        out.push(m);
        if def.drops.seirawan_gating {
            gatings(pos, m, &mut |g| out.push(g));
        }
    };
    pseudo_legal(pos, which, among, &mut judge);
    pseudo_drops(pos, drops, &mut judge);
}

/// Appends the legal move `m` once for each square its wall may go on
/// (judged with the wall standing where pieces are pseudo-royal).
fn push_walled(pos: &Position, m: Move, out: &mut MoveList<Move>) {
    for w in super::walls::squares(pos, m).iter() {
        let walled = m.with_wall(w);
        if !pos.def.extinction_pseudo_royal || pseudo_royals_safe(pos, walled) {
            out.push(walled);
        }
    }
}

/// Whether `m` takes a piece of its own type where that type is
/// mutually immune (`mutuallyImmuneTypes`).
#[cold]
#[inline(never)]
fn immune_capture(pos: &Position, m: Move) -> bool {
    let def = pos.def;
    if def.mutually_immune_types == 0 || m.is_drop() || m.kind() == Kind::Castling {
        return false;
    }
    let t = moved_type(pos, m);
    let them = 1 - pos.side.index();
    is(def.mutually_immune_types, t)
        && pos
            .piece(m.to())
            .is_some_and(|(s, ct)| s == them && ct == t)
}

/// Whether a janggi cannon moves, lands or is taken by `m`: that changes
/// which hurdles the cannons may hop over, so `m` is judged on the
/// position after it.
#[cold]
#[inline(never)]
fn janggi_sensitive(pos: &Position, m: Move) -> bool {
    pos.def.janggi_cannon.is_some_and(|c| {
        moved_type(pos, m) == c || (!m.is_drop() && pos.piece(m.to()).is_some_and(|(_, t)| t == c))
    })
}

/// Whether `m` leaves the side to move's king facing the enemy king on a
/// file or rank with nothing between (`flyingGeneral`), as
/// Fairy-Stockfish judges it: by the squares the move empties and fills
/// (a castling by the king's square after it).
#[cold]
#[inline(never)]
fn kings_face(pos: &Position, m: Move) -> bool {
    let us = pos.side.index();
    let Some(k) = pos.king(us) else {
        return false;
    };
    let (king, occupied) = match m.kind() {
        Kind::Drop => (k, pos.occupied() | Board::single(m.to())),
        Kind::Castling | Kind::Pass => {
            let child = make(pos, m);
            let Some(k) = child.king(us) else {
                return false;
            };
            (k, child.occupied())
        }
        _ => {
            let to = if m.from() == k { m.to() } else { k };
            let after = pos.occupied().and_not(Board::single(m.from())) | Board::single(m.to());
            (to, after)
        }
    };
    let Some(enemy) = pos.king(1 - us).filter(|&e| e != m.to() || m.is_drop()) else {
        return false;
    };
    see_each_other(pos, king, enemy, &occupied)
}

/// Whether squares `a` and `b` lie on one file or rank with nothing of
/// `occupied` (nor a hole) between them: kings facing.
fn see_each_other(pos: &Position, a: usize, b: usize, occupied: &Board) -> bool {
    let w = WIDTH as usize;
    (a / w == b / w || a % w == b % w)
        && Rays::direction(a, b).is_some_and(|d| {
            pos.def
                .rays
                .clear_between(a, b, d, &(*occupied | pos.holes))
        })
}

/// The gating moves of the legal move `m` (Seirawan gating): a piece of
/// each type in hand put on the gate its piece leaves (a castling's, on
/// the king's or the rook's), where that type may be dropped and the
/// king or rook does not land on it. Whether they are legal is the move's
/// question alone, as Fairy-Stockfish judges them.
fn gatings(pos: &Position, m: Move, push: &mut impl FnMut(Move)) {
    if m.is_drop() {
        return;
    }
    let us = pos.side.index();
    let def = pos.def;
    let landing = if m.kind() == Kind::Castling {
        Board::single(m.to()) | Board::single(rook_to(m.to(), m.promo()))
    } else {
        Board::EMPTY
    };
    let gates = [(Some(m.from()), false), (castling_rook(pos, m), true)];
    for (square, at_rook) in gates {
        let Some(sq) = square.filter(|&sq| pos.is_gate(us, sq) && !landing.has(sq)) else {
            continue;
        };
        for t in 0..def.pieces.len() {
            if pos.in_hand(us, t) > 0 && super::drops::drop_region(pos, us, t).has(sq) {
                push(m.gating(t, at_rook));
            }
        }
    }
}

/// The square a castling's rook lands on: beside the king's, inside.
pub(super) fn rook_to(king_to: usize, wing: usize) -> usize {
    if wing == 0 {
        king_to - 1
    } else {
        king_to + 1
    }
}

/// The square of the rook a castling `m` of the side to move takes along
/// (`None` for any other move).
pub fn castling_rook(pos: &Position, m: Move) -> Option<usize> {
    if m.kind() != Kind::Castling {
        return None;
    }
    pos.castling[pos.side.index()][m.promo()].map(usize::from)
}

/// Whether the side to move has a legal drop (of the type it must drop).
fn forced_drop(pos: &Position) -> bool {
    let mut drops = MoveList::new();
    legal_among(pos, Moves::All, Board::EMPTY, Drops::All, &mut drops);
    !drops.is_empty()
}

/// The type of the piece `m` moves (drops: the type it lands as).
#[inline]
pub fn moved_type(pos: &Position, m: Move) -> usize {
    if m.is_promoted_drop() {
        pos.def.piece_promotions.promoted[m.promo()].unwrap_or(m.promo())
    } else if m.is_drop() {
        m.promo()
    } else {
        pos.piece(m.from()).expect("a move's piece").1
    }
}

/// Whether `m` may give check by its piece's own attack: its type (on
/// an empty board) attacks the enemy king from the destination.
/// Discovered checks and castling's are not looked for: quiescence's
/// filter of quiet checks, which proves each by making it.
pub fn may_check(pos: &Position, m: Move) -> bool {
    let us = pos.side.index();
    let Some(k) = pos.king(1 - us) else {
        return false;
    };
    if matches!(m.kind(), Kind::Castling | Kind::Pass) {
        return false;
    }
    let t = moved_type(pos, m);
    pos.def.pieces[t].compiled[us].attackers[k].any.has(m.to())
}

/// Whether `m` (made into `child`) gives check as Fairy-Stockfish counts
/// it: the moved piece (the castling rook) attacks the enemy king; or,
/// when the move leaves a square that alone shielded the king from one of
/// our line riders, or is en passant, or the mover's side has a piece
/// that rides other than on lines (a nightrider, a hopper, a lame
/// leaper), any other piece of ours attacks it, a check it stood in
/// already included.
fn gives_check(pos: &Position, child: &Position, m: Move) -> bool {
    let def = pos.def;
    let us = pos.side.index();
    let Some(k) = child.king(1 - us) else {
        return false;
    };
    let occupied = child.occupied();
    let attacks_from = |x: usize| {
        attacked_with(
            child,
            k,
            us,
            &occupied,
            &child.by_side[us].and_not(Board::single(x)),
        )
    };
    let to = m.to();
    let direct = match m.kind() {
        Kind::Castling => rook_to(to, m.promo()),
        _ => to,
    };
    if attacks_from(direct) {
        return true;
    }
    let moved = Board::single(direct) | Board::single(to);
    if !child.by_side[us].and_not(moved).iter().any(attacks_from) {
        return false;
    }
    let lines =
        super::piece::ride::ROOK_H | super::piece::ride::ROOK_V | super::piece::ride::BISHOP;
    let off_lines = pos.by_side[us].iter().any(|x| {
        let (_, t) = pos.piece(x).expect("a piece of the side");
        def.pieces[t].compiled[us].rides[0][CAPTURE] & !lines != 0
    });
    let before = pos.occupied();
    let shield = pos.by_side[us].iter().any(|x| {
        let (_, t) = pos.piece(x).expect("a piece of the side");
        let c = &def.pieces[t].compiled[us];
        c.rides[0][CAPTURE] & lines != 0
            && c.attackers[k].any.has(x)
            && def.rays.line_between(k, x) & before == Board::single(m.from())
    });
    off_lines || shield || m.kind() == Kind::EnPassant
}

/// The position after `m`.
pub fn make(pos: &Position, m: Move) -> Position {
    let def: &GameDef = pos.def;
    let mut p = pos.clone();
    let us = pos.side.index();
    let them = 1 - us;
    if m.kind() == Kind::Pass {
        // Nothing moves: the turn, the clocks and the passes change (a
        // pass that walls, `wallOrMove`, is a move, never a pass that
        // ends the game).
        p.set_ep(Board::EMPTY);
        p.dropped = false;
        p.castled = None;
        p.last = Some(m);
        p.passes = if def.walling.or_move {
            0
        } else {
            pos.passes.saturating_add(1).min(2)
        };
        super::walls::place(pos, &mut p, m);
        // Fairy-Stockfish's pass is a move of the piece it is written
        // from: a pawn's (of the rule's types) resets the count.
        let resets = pos
            .piece(m.from())
            .is_some_and(|(_, t)| is(def.n_move_rule_types[us], t));
        p.halfmove = if resets { 0 } else { pos.halfmove + 1 };
        if let Some((_, ply)) = &mut p.counting {
            *ply += 1;
        }
        if us == 1 {
            p.fullmove += 1;
        }
        p.flip_side();
        if def.bikjang {
            note_bikjang(&mut p, pos.bikjang);
        }
        return p;
    }
    p.passes = 0;
    let (from, to) = (m.from(), m.to());
    let t = moved_type(pos, m);
    let mut captured = false;
    let captured_type = pos.piece(to).filter(|&(s, _)| s == them).map(|(_, t)| t);
    // What a capture on a square puts in the capturer's hand.
    let to_hand = |p: &mut Position, s: usize| {
        if let Some((side, back)) = taken_to_hand(pos, s) {
            p.add_to_hand(1 - side, back);
        }
    };
    let mut new_ep = Board::EMPTY;
    if let Some((_, ply)) = &mut p.counting {
        *ply += 1;
    }
    match m.kind() {
        // Made above.
        Kind::Pass => {}
        Kind::Castling => {
            let rook = castling_rook(pos, m).unwrap_or(from);
            let rto = rook_to(to, m.promo());
            let king = p.remove(from).expect("the king");
            let rk = p.remove(rook).expect("the rook");
            p.put(to, us, king.1);
            p.put(rto, us, rk.1);
        }
        Kind::Drop => {
            // `t` is the type it lands as; the hand gives `m.promo()`.
            p.take_from_hand(us, m.promo());
            p.put(to, us, t);
            if m.is_promoted_drop() {
                p.set_origin(to, Some(m.promo()));
            }
        }
        Kind::EnPassant => {
            let victim = capture_square(pos, to);
            if let Some(v) = victim {
                to_hand(&mut p, v);
                p.remove(v);
            }
            p.remove(from);
            p.put(to, us, t);
            captured = true;
        }
        Kind::Normal | Kind::Promotion | Kind::PiecePromotion | Kind::PieceDemotion => {
            // (Sittuyin's promotion in place takes nothing.)
            if pos.board[to] != 0 && to != from {
                to_hand(&mut p, to);
                p.remove(to);
                captured = true;
            }
            p.remove(from);
            let now = if m.kind() == Kind::Normal {
                t
            } else {
                m.promo()
            };
            p.put(to, us, now);
            match m.kind() {
                // A promotion makes a promoted piece.
                Kind::Promotion => p.mark_promoted(to),
                Kind::PiecePromotion => p.set_origin(to, Some(t)),
                Kind::PieceDemotion => {}
                // A promoted piece moves as one.
                _ => {
                    if pos.is_promoted(from) {
                        p.mark_promoted(to);
                        p.set_origin(to, pos.origin(from));
                    }
                }
            }
            // A double step of the pawn: en passant behind it.
            let dist = (to as i32 - from as i32).abs();
            if Some(t) == def.pawn
                && m.kind() == Kind::Normal
                && (dist == 2 * WIDTH || dist == 3 * WIDTH)
            {
                let back = -forward(us);
                // Pieces other than the pawn that take en passant make
                // every square passed one; else only a square a pawn
                // attacks is.
                let others = def.en_passant_types[them] & !def.pawn.map_or(0, |p| 1u64 << p) != 0;
                for n in 1..dist / WIDTH {
                    let s = (to as i32 + back * n) as usize;
                    if def.en_passant_region[them].has(s)
                        && (others || pawn_attackers(pos, s, them))
                    {
                        new_ep.set(s);
                    }
                }
            } else if Some(t) != def.pawn && m.kind() == Kind::Normal {
                // An initial-only move of another piece leaves en passant
                // squares on the squares between and, as Fairy-Stockfish
                // writes them, on the square it lands on.
                let c = &def.pieces[t].compiled[us];
                let initial_only = c.pseudo[1][QUIET][from] & !c.pseudo[0][QUIET][from];
                if initial_only.has(to) {
                    new_ep = (def.rays.line_between(from, to) | Board::single(to))
                        & def.en_passant_region[them];
                }
            }
        }
    }
    // What took, as it landed (a promotion's new type), for petrification.
    let lander = if captured && def.petrify_types != 0 {
        p.piece(to).map(|(_, lt)| lt)
    } else {
        None
    };
    // Atomic: a capture blows up the capturer and every piece but pawns
    // around the square (pieces of an immune type stay).
    let mut blasted = Board::EMPTY;
    if captured && def.blast_on_capture {
        let pawns = def
            .pawn
            .map_or(Board::EMPTY, |t| p.pieces(0, t) | p.pieces(1, t));
        let around = (def.around[to] & p.occupied()).and_not(pawns) | Board::single(to);
        for s in around.iter() {
            let Some((_, bt)) = p.piece(s) else {
                continue;
            };
            if is(def.blast_immune_types, bt) {
                continue;
            }
            if let Some((side, back)) = taken_to_hand(&p, s) {
                p.add_to_hand(1 - side, back);
            }
            p.remove(s);
            blasted.set(s);
        }
    }
    // Petrification: a piece of the types that took (as it moved) is gone
    // and, where what landed is of the types too, a wall stands in its
    // place; after a blast, where what landed blew up.
    if let Some(landed) = lander {
        if def.blast_on_capture {
            if blasted.has(to) && is(def.petrify_types, landed) {
                p.add_wall(to);
            }
        } else if is(def.petrify_types, t) {
            p.remove(to);
            if is(def.petrify_types, landed) {
                p.add_wall(to);
            }
        }
    }
    // Castling rights go with a king or rook that leaves or is taken.
    if p.castling != [[None; 2]; 2] {
        for side in 0..2 {
            let king = pos.castling_king(side);
            let king_moved =
                Some(from) == king || Some(to) == king || king.is_some_and(|k| blasted.has(k));
            for wing in 0..2 {
                // `oppositeCastling`: castling on a wing takes the other
                // side's right to castle on that wing.
                let opposite = def.opposite_castling
                    && m.kind() == Kind::Castling
                    && side == them
                    && wing == m.promo();
                if let Some(r) = p.castling[side][wing] {
                    let r = r as usize;
                    if r == from || r == to || king_moved || blasted.has(r) || opposite {
                        p.set_castling(side, wing, None);
                    }
                }
            }
            if p.castling[side] == [None; 2] {
                p.castler[side] = None;
            }
        }
    }
    if m.kind() == Kind::Drop && def.drops.castling_dropped {
        castling_of_dropped(&mut p, us, t, to);
    }
    if def.drops.gating {
        gate(pos, &mut p, m);
    }
    // Cambodian chess: a rook aimed at the enemy king (on an empty board)
    // takes its leap away.
    if def.cambodian_moves && def.pieces[t].name == "rook" {
        if let Some(k) = p.king(them).filter(|&k| p.is_gate(them, k)) {
            let lines = def
                .rays
                .reach(ride::ROOK_H | ride::ROOK_V, to, &Board::EMPTY);
            if lines.has(k) {
                p.set_gate(them, k, false);
            }
        }
    }
    if def.drops.flip != super::drops::Flip::None {
        use super::drops::Flip;
        // Othello: the enemy lines the piece closes change sides; ataxx:
        // the enemy pieces around it (quadwrangle: after a drop, only
        // one beside a piece of its side).
        // (`around` holds the square itself too.)
        let neighbours = def.around[to].and_not(Board::single(to));
        let flipped = match def.drops.flip {
            Flip::Reversi => super::drops::enclosed(&p, us, to),
            Flip::Ataxx => neighbours & p.by_side[them],
            Flip::Quadwrangle if !m.is_drop() || (neighbours & p.by_side[us]).any() => {
                neighbours & p.by_side[them]
            }
            _ => Board::EMPTY,
        };
        for s in flipped.iter() {
            if let Some((_, ft)) = p.remove(s) {
                p.put(s, us, ft);
            }
        }
    }
    if def.walling.walls(m) {
        // No en passant onto the wall just put.
        new_ep.clear(m.wall());
        super::walls::place(pos, &mut p, m);
    }
    p.set_ep(new_ep);
    p.dropped = m.is_drop();
    p.castled = (m.kind() == Kind::Castling).then_some(m.promo() as u8);
    p.last = Some(m);
    // A capture, a promotion, or a move of the rule's types that the piece
    // could not move back by resets the count (Fairy-Stockfish's rule: a
    // king-like pawn's sideways step is reversible).
    let reversible = || def.pieces[t].compiled[us].pseudo[0][QUIET][to].has(from);
    let resets = captured
        || m.kind() == Kind::Promotion
        || m.kind() == Kind::Drop
        || (m.kind() == Kind::PiecePromotion && !def.piece_promotions.demotion)
        || (is(def.n_move_rule_types[us], t) && !reversible());
    p.halfmove = if resets { 0 } else { pos.halfmove + 1 };
    if us == 1 {
        p.fullmove += 1;
    }
    p.flip_side();
    if def.check_counting && p.checks[us] > 0 && in_check(&p) {
        p.set_checks(us, p.checks[us] - 1);
    }
    if def.counting != Counting::None {
        count(&mut p, captured_type, captured, m.kind() == Kind::Promotion);
    }
    if def.shatar.is_some() {
        note_shak(&mut p);
    }
    if def.bikjang {
        note_bikjang(&mut p, pos.bikjang);
    }
    p
}

/// Janggi's bikjang (`bikjangRule`): counts the positions in a row, `before`
/// of them up to the one before `p`, whose kings face each other on an
/// open file or rank.
#[cold]
#[inline(never)]
pub(super) fn note_bikjang(p: &mut Position, before: u8) {
    p.bikjang = if kings_facing(p) {
        before.saturating_add(1).min(2)
    } else {
        0
    };
}

/// Whether the two kings stand on one file or rank with nothing between.
fn kings_facing(pos: &Position) -> bool {
    let (Some(a), Some(b)) = (pos.king(0), pos.king(1)) else {
        return false;
    };
    see_each_other(pos, a, b, &pos.occupied())
}

/// Shatar: notes whether the side to move of `p`, in check, has been
/// checked by a shak (a rook's, knight's or bers' check) since its run of
/// checks began.
#[cold]
#[inline(never)]
pub(super) fn note_shak(p: &mut Position) {
    let us = p.side.index();
    let Some((shak_types, _)) = p.def.shatar else {
        return;
    };
    p.shak_run[us] = if in_check(p) {
        let k = p.king(us).expect("in check, a king");
        let shak =
            checkers(p, k, 1 - us).any(|s| p.piece(s).is_some_and(|(_, t)| is(shak_types, t)));
        Some(shak || p.shak_run[us] == Some(true))
    } else {
        None
    };
}

/// Where captures go to hand (`capturesToHand`): the side of the piece
/// on `s` in `pos` and the type it goes to the other side's hand as (a
/// promoted piece as what it was, unless `dropLoop`).
fn taken_to_hand(pos: &Position, s: usize) -> Option<(usize, usize)> {
    let def = pos.def;
    if !def.drops.captures_to_hand {
        return None;
    }
    let (side, t) = pos.piece(s)?;
    let back = if pos.is_promoted(s) && !def.drops.drop_loop {
        pos.origin(s).or(def.drops.unpromoted[side]).unwrap_or(t)
    } else {
        t
    };
    Some((side, back))
}

/// Gating after `m` (made from `pos` into `p`): the gated piece put on
/// its gate; the gates of the squares the move left, and of the square it
/// took on, closed; a side whose hand is empty (and cannot refill) closes
/// them all.
fn gate(pos: &Position, p: &mut Position, m: Move) {
    let us = pos.side.index();
    let rook = castling_rook(pos, m);
    if let Some(g) = m.gate() {
        let sq = match rook {
            Some(r) if m.gates_at_rook() => r,
            _ => m.from(),
        };
        p.take_from_hand(us, g);
        p.put(sq, us, g);
        p.set_gate(us, sq, false);
    }
    if !m.is_drop() {
        p.set_gate(us, m.from(), false);
    }
    if let Some(r) = rook {
        p.set_gate(us, r, false);
    }
    p.set_gate(1 - us, m.to(), false);
    if !p.gating_open(us) {
        p.close_gates(us);
    }
}

/// `castlingDroppedPiece`: a king of type `t` dropped on its castling
/// square gains the rights of the rooks in its rank's corners; a rook
/// dropped in a corner of that rank gains its right if the king stands on
/// its square.
fn castling_of_dropped(p: &mut Position, us: usize, t: usize, to: usize) {
    let def = p.def;
    let rank = p.castling_rank(us);
    if !def.castling || to as i32 / WIDTH != rank {
        return;
    }
    let Some(home) = def.square(def.castling_king_file, rank) else {
        return;
    };
    let corners = [def.square(0, rank), def.square(def.files - 1, rank)];
    let right = |p: &mut Position, rook: usize| {
        let wing = usize::from(rook < home);
        p.set_castling(us, wing, Some(rook as u8));
    };
    if Some(t) == def.king {
        if to == home {
            for rook in corners.into_iter().flatten() {
                if p.is_castling_rook(us, rook) {
                    right(p, rook);
                }
            }
        }
    } else if is(def.castling_rook_pieces[us], t)
        && corners.contains(&Some(to))
        && p.piece(home) == def.king.map(|k| (us, k))
    {
        right(p, to);
    }
}

/// The counting rule, after a move (Fairy-Stockfish's order): under
/// Makruk's, a bare king that takes the last pawn starts the count of its
/// opponent's pieces' honour; then a side to move with a count limit
/// starts one (or restarts it when its last piece but the king went).
fn count(p: &mut Position, captured_type: Option<usize>, captured: bool, promotion: bool) {
    let def = p.def;
    let asean = def.counting == Counting::Asean;
    let stm = p.side.index();
    let mover = 1 - stm;
    let all = |p: &Position, side: usize| p.by_side[side].count();
    let pawns = pawn_count(p);
    let total = all(p, 0) + all(p, 1);
    if !asean
        && captured_type.is_some()
        && captured_type == def.pawn
        && all(p, mover) == 1
        && pawns == 0
    {
        let limit = count_limit(p, mover);
        if limit > 0 {
            p.counting = Some((2 * limit, 2 * total - 1));
        }
    }
    if p.counting.is_none() || ((captured || promotion) && all(p, stm) == 1) {
        let limit = count_limit(p, stm);
        if limit > 0 {
            let ply = if asean || all(p, stm) > 1 {
                0
            } else {
                2 * total
            };
            p.counting = Some((2 * limit, ply));
        }
    }
}

/// The moves `side` has to mate under the counting rule (0: no count).
/// Makruk's: the board's honour (64) while it has more than its king, else
/// the pieces' honour by what its opponent has left. ASEAN's: only a bare
/// king counts, by its opponent's strongest piece.
fn count_limit(p: &Position, side: usize) -> u32 {
    let def = p.def;
    let pawns = pawn_count(p);
    let theirs = |names: &[&str]| -> u32 {
        (0..def.pieces.len())
            .filter(|&t| names.contains(&def.pieces[t].name.as_str()))
            .map(|t| p.pieces(1 - side, t).count())
            .sum()
    };
    if def.counting == Counting::Asean {
        if pawns > 0 || p.by_side[side].count() > 1 {
            return 0;
        }
        return match () {
            _ if theirs(&["rook"]) > 0 => 16,
            _ if theirs(&["khon", "silver"]) > 0 => 44,
            _ if theirs(&["knight"]) > 0 => 64,
            _ => 0,
        };
    }
    let cambodian = def.counting == Counting::Cambodian;
    if cambodian {
        // Cambodian: only a side of at most three pieces counts, from 63
        // (the board's honour) and one move fewer for each piece's.
        if p.by_side[side].count() > 3 || p.by_side[1 - side].count() == 1 {
            return 0;
        }
        if p.by_side[side].count() > 1 {
            return 63;
        }
        if pawns > 0 {
            return 0;
        }
    } else {
        if pawns > 0 || p.by_side[1 - side].count() == 1 {
            return 0;
        }
        if p.by_side[side].count() > 1 {
            return 64;
        }
    }
    let (rooks, khons, knights) = (
        theirs(&["rook"]),
        theirs(&["khon", "silver"]),
        theirs(&["knight"]),
    );
    let limit = match () {
        _ if rooks > 1 => 8,
        _ if rooks == 1 => 16,
        _ if khons > 1 => 22,
        _ if knights > 1 => 32,
        _ if khons == 1 => 44,
        _ => 64,
    };
    limit - cambodian as u32
}

/// The predefined pawns on the board, both sides'.
fn pawn_count(p: &Position) -> u32 {
    p.def
        .pawn
        .map_or(0, |t| p.pieces(0, t).count() + p.pieces(1, t).count())
}

/// Whether a pawn of `side` attacks `s` (the predefined pawn's captures).
fn pawn_attackers(pos: &Position, s: usize, side: usize) -> bool {
    let Some(pawn) = pos.def.pawn else {
        return false;
    };
    // Only pawns that could take on `s` on an empty board need a look.
    let near = pos.def.pieces[pawn].compiled[side].attackers[s].any & pos.by_side[side];
    near.iter().any(|from| {
        pos.piece(from).is_some_and(|(_, t)| t == pawn)
            && reach(pos, side, pawn, from, 0, CAPTURE).has(s)
    })
}

/// Where a piece other than the king (of `us`, on `k`, in check from an
/// enemy with only leaps and rook and bishop rides) must go to answer the
/// check: the checker's square, and the squares between when it checks by
/// riding; nowhere against two checkers.
fn evasion_squares(pos: &Position, k: usize, us: usize) -> Board {
    let def = pos.def;
    let them = 1 - us;
    let blockers = pos.occupied() | pos.holes;
    let mut checkers = attackers(pos, k, them, pos.by_side[them], blockers);
    let (Some(x), None) = (checkers.next(), checkers.next()) else {
        return Board::EMPTY;
    };
    let (_, t) = pos.piece(x).expect("a piece of the side");
    if def.pieces[t].compiled[them].attackers[k].leaps.has(x) {
        return Board::single(x);
    }
    // A rook's or bishop's ride (the enemy has no other).
    Board::single(x) | def.rays.line_between(k, x)
}

/// The own pieces that alone shield the king on `k` (of `us`, not in
/// check) from an attack.
fn pinned(pos: &Position, k: usize, us: usize) -> Board {
    let def = pos.def;
    let them = 1 - us;
    let occupied = pos.occupied();
    let candidates = pin_candidates(pos, k, us);
    if !def.line_riders_only[them] {
        // Hops, lame leaps and nightriders: take each candidate away.
        return candidates
            .iter()
            .filter(|&s| {
                attacked_with(
                    pos,
                    k,
                    them,
                    &occupied.and_not(Board::single(s)),
                    &Board::EMPTY,
                )
            })
            .collect();
    }
    // The enemy takes only by leaps (which no piece blocks: they do not
    // hit the king now) and rook and bishop rides: a candidate is pinned
    // when the first piece behind it, seen from the king, is an enemy
    // that reaches the king on an empty board.
    let blockers = occupied | pos.holes;
    candidates
        .iter()
        .filter(|&s| {
            let Some(d) = Rays::direction(k, s).filter(|&d| d < 8) else {
                return false;
            };
            def.rays
                .first_beyond(s, d, &blockers)
                .filter(|&x| pos.by_side[them].has(x))
                .is_some_and(|x| {
                    let (_, t) = pos.piece(x).expect("a piece of the side");
                    def.pieces[t].compiled[them].attackers[k].any.has(x)
                })
        })
        .collect()
}

/// The own pieces that may shield the king on `k` (of `us`) from an
/// attack: where the enemy takes only by rook and bishop rides and leaps,
/// those between the king and an enemy piece that could take it on an
/// empty board; else every own piece on the king's lines and near it.
fn pin_candidates(pos: &Position, k: usize, us: usize) -> Board {
    let def = pos.def;
    let them = 1 - us;
    if !def.line_riders_only[them] {
        return def.king_lines[k] & pos.by_side[us];
    }
    let mut lines = Board::EMPTY;
    for x in (pos.by_side[them] & def.attackers[them][k]).iter() {
        let (_, t) = pos.piece(x).expect("a piece of the side");
        let c = &def.pieces[t].compiled[them];
        if c.rides[0][CAPTURE] != 0 && c.attackers[k].any.has(x) {
            lines |= def.rays.line_between(k, x);
        }
    }
    lines & pos.by_side[us]
}

/// Where an en passant capture onto `to` takes: an en passant square a
/// piece stands on (the frontmost), else the nearest enemy piece behind
/// `to` on its file.
pub fn capture_square(pos: &Position, to: usize) -> Option<usize> {
    let us = pos.side.index();
    let marked = pos.ep & pos.occupied();
    if marked.any() {
        let squares: Vec<usize> = marked.iter().collect();
        return if us == 0 {
            squares.first().copied()
        } else {
            squares.last().copied()
        };
    }
    let back = -forward(us);
    let mut s = to as i32 + back;
    while (0..256).contains(&s) && pos.def.board.has(s as usize) {
        if pos.by_side[1 - us].has(s as usize) {
            return Some(s as usize);
        }
        s += back;
    }
    None
}
