//! Xiangqi's rule against perpetual chasing (`chasingRule = axf`: the
//! Asian Xiangqi Federation's rules as Fairy-Stockfish applies them). A
//! move chases the enemy pieces it newly attacks that are worth more than
//! the attacker or that nothing defends; in a repetition, a side whose
//! every move chased the same piece loses (both: a draw), after perpetual
//! check and before the repetition's own value. Checks also stretch the
//! move-count rule: beyond ten checks by one side, each adds a move.
//!
//! Fairy-Stockfish judges attacks here by the pieces' moves alone (an
//! elephant attacks across the river, a general outside its palace), so
//! the rule keeps each piece's moves as they were before the mobility
//! regions cut them.

use super::betza::CAPTURE;
use super::movegen::{self, plain_rides};
use super::piece::{ride, Board, Compiled, Rays, WIDTH};
use super::position::{Kind, Move, Position};

/// The values `chasingRule` takes.
pub const KEYS: &[&str] = &["chasingRule"];

/// Hops: a piece that hops is no slider (nothing it jumps is pinned by a
/// piece behind) and a second screen on its line also shields.
const HOPS: u16 = ride::CANNON_H
    | ride::CANNON_V
    | ride::CANNON_D
    | ride::GRASSHOPPER_H
    | ride::GRASSHOPPER_V
    | ride::GRASSHOPPER_D;

/// What the chasing rule knows of a game: its pieces by their xiangqi
/// role, and their moves before the mobility regions.
#[derive(Clone, Debug, Default)]
pub struct Chase {
    king: Option<usize>,
    rook: Option<usize>,
    horse: Option<usize>,
    cannon: Option<usize>,
    elephant: Option<usize>,
    fers: Option<usize>,
    soldier: Option<usize>,
    /// `[type][side]`: each piece's moves, unrestricted by regions.
    free: Vec<[Compiled; 2]>,
}

/// `b` with the piece the move `m` put on its destination back where it
/// came from (Fairy-Stockfish's way of following one piece through a
/// repetition).
fn undo(b: Board, m: Option<Move>) -> Board {
    match m {
        Some(m) if !matches!(m.kind(), Kind::Drop | Kind::Pass) && b.has(m.to()) => {
            b.and_not(Board::single(m.to())) | Board::single(m.from())
        }
        _ => b,
    }
}

impl Chase {
    /// The rule for a game whose pieces are named `names` (by type) and
    /// move as `free` (by type, by side) before any region restricts them.
    pub fn new(names: &[&str], free: Vec<[Compiled; 2]>) -> Chase {
        let role = |name: &str| names.iter().position(|n| *n == name);
        Chase {
            king: role("king"),
            rook: role("rook"),
            horse: role("horse"),
            cannon: role("cannon"),
            elephant: role("elephant"),
            fers: role("fers"),
            soldier: role("soldier"),
            free,
        }
    }

    /// The squares a piece of type `t` and `side` on `s` attacks with
    /// `occupied` holding the pieces (Fairy-Stockfish's `attacks_bb`).
    fn attacks(&self, pos: &Position, side: usize, t: usize, s: usize, occupied: Board) -> Board {
        let def = pos.def;
        let c = &self.free[t][side];
        let mut b = c.leap[0][CAPTURE][s];
        let rides = c.rides[0][CAPTURE] & !ride::JANGGI;
        if rides != 0 {
            b |= plain_rides(pos, rides, s, side, &(occupied | pos.holes));
        }
        b & c.pseudo[0][CAPTURE][s] & def.board
    }

    /// Whether `s` lies below the rank from which `side`'s soldiers also
    /// step sideways (none where the game sets no such rank).
    fn before_crossing(pos: &Position, side: usize, s: usize) -> bool {
        pos.def.mobility.soldier.is_some_and(|(_, rank)| {
            let r = s as i32 / WIDTH;
            let relative = if side == 0 { r } else { pos.def.ranks - 1 - r };
            relative < rank
        })
    }

    /// Whether a soldier of `side` on `s` has crossed to where it also
    /// steps sideways.
    fn promoted(&self, pos: &Position, side: usize, s: usize) -> bool {
        !Self::before_crossing(pos, side, s)
    }

    /// The squares of the file of `s`.
    fn file(pos: &Position, s: usize) -> Board {
        let f = s as i32 % WIDTH;
        (0..pos.def.ranks)
            .map(|r| (r * WIDTH + f) as usize)
            .collect()
    }

    /// [`Chase::attacks`] on the board as it stands, a soldier that has
    /// not crossed attacking only ahead (`attacks_from`).
    fn attacks_from(&self, pos: &Position, side: usize, t: usize, s: usize) -> Board {
        let b = self.attacks(pos, side, t, s, pos.occupied());
        if Some(t) == self.soldier && !self.promoted(pos, side, s) {
            b & Self::file(pos, s)
        } else {
            b
        }
    }

    /// The king and the soldiers that have not crossed of `side`: no
    /// attack on them is a chase.
    fn exempt(&self, pos: &Position, side: usize) -> Board {
        let mut b = Board::EMPTY;
        if let Some(k) = pos.king(side) {
            b.set(k);
        }
        if let Some(t) = self.soldier {
            for s in pos.pieces(side, t).iter() {
                if !self.promoted(pos, side, s) {
                    b.set(s);
                }
            }
        }
        b
    }

    /// The pieces of `side` that attack `s` with `occupied` holding the
    /// pieces: only those whose region holds `s`; below its promotion
    /// rank a square is attacked by a soldier only from behind.
    fn attackers_to(&self, pos: &Position, s: usize, occupied: Board, side: usize) -> Board {
        let mut b = Board::EMPTY;
        for x in pos.by_side[side].iter() {
            let (_, t) = pos.piece(x).expect("a piece of the side");
            if pos.def.mobility.region(t, side).has(s)
                && self.attacks(pos, side, t, x, occupied).has(s)
            {
                b.set(x);
            }
        }
        if let Some(soldier) = self.soldier {
            if Self::before_crossing(pos, side, s) {
                let behind = s as i32 - if side == 0 { WIDTH } else { -WIDTH };
                let soldiers = b & pos.pieces(side, soldier);
                for x in soldiers.iter() {
                    if x as i32 != behind {
                        b.clear(x);
                    }
                }
            }
        }
        b
    }

    /// The squares on the board one step from `s` by `steps` (file and
    /// rank offsets).
    fn around(pos: &Position, s: usize, steps: &[(i32, i32)]) -> Board {
        let (f, r) = (s as i32 % WIDTH, s as i32 / WIDTH);
        steps
            .iter()
            .map(|(df, dr)| (f + df, r + dr))
            .filter(|&(f, r)| (0..pos.def.files).contains(&f) && (0..pos.def.ranks).contains(&r))
            .map(|(f, r)| (r * WIDTH + f) as usize)
            .collect()
    }

    fn wazir(pos: &Position, s: usize) -> Board {
        Self::around(pos, s, &[(1, 0), (-1, 0), (0, 1), (0, -1)])
    }

    fn fers(pos: &Position, s: usize) -> Board {
        Self::around(pos, s, &[(1, 1), (-1, 1), (1, -1), (-1, -1)])
    }

    /// The squares of the rook's lines through `s` on an empty board.
    fn rook_lines(pos: &Position, s: usize) -> Board {
        pos.def
            .rays
            .reach(ride::ROOK_H | ride::ROOK_V, s, &Board::EMPTY)
            & pos.def.board
    }

    /// The whole rook's or bishop's line through `a` and `b`, both
    /// included; none when they share no such line.
    fn line(pos: &Position, a: usize, b: usize) -> Board {
        let Some(d) = Rays::direction(a, b).filter(|&d| d < 8) else {
            return Board::EMPTY;
        };
        let rays = &pos.def.rays;
        let all = rays.reach(ride::ROOK_H | ride::ROOK_V | ride::BISHOP, a, &Board::EMPTY);
        let mut out = Board::single(a);
        for s in all.iter() {
            if Rays::direction(a, s) == Some(d) || Rays::direction(s, a) == Some(d) {
                out.set(s);
            }
        }
        out
    }

    /// The pieces of either side that alone (or, before a hopper, as one
    /// of two screens) stand between `side`'s king and an enemy piece that
    /// does not attack it now (Fairy-Stockfish's `blockers_for_king`).
    fn blockers(&self, pos: &Position, side: usize) -> Board {
        let Some(k) = pos.king(side) else {
            return Board::EMPTY;
        };
        let them = 1 - side;
        let occupied = pos.occupied();
        let mut snipers = Board::EMPTY;
        let mut sliding = Board::EMPTY;
        for x in pos.by_side[them].iter() {
            let (_, t) = pos.piece(x).expect("a piece of the side");
            let c = &self.free[t][them];
            if !c.pseudo[0][CAPTURE][x].has(k) || c.leap[0][CAPTURE][x].has(k) {
                continue;
            }
            if self.attacks(pos, them, t, x, occupied).has(k) {
                continue;
            }
            snipers.set(x);
            if c.rides[0][CAPTURE] & !HOPS & !ride::JANGGI != 0 {
                sliding.set(x);
            }
        }
        let occupancy = occupied.and_not(sliding);
        let mut blockers = Board::EMPTY;
        for x in snipers.iter() {
            let (_, t) = pos.piece(x).expect("a piece of the side");
            let hopper = self.free[t][them].rides[0][CAPTURE] & HOPS != 0;
            let path = if Some(t) == self.horse {
                Self::wazir(pos, x) & Self::fers(pos, k)
            } else {
                pos.def.rays.line_between(k, x) | Board::single(x)
            };
            let b = path
                & if hopper {
                    occupied.and_not(Board::single(x))
                } else {
                    occupancy
                };
            if b.any() && (!b.more_than_one() || (hopper && b.count() == 2)) {
                blockers |= b;
            }
        }
        blockers
    }

    /// The pieces of the side to move of `pos` that the move leading to
    /// it from `prev` chases (Fairy-Stockfish's `Position::chased`): newly
    /// attacked, directly or by discovery, and worth more than the
    /// attacker or defended by nothing that may recapture; and those a
    /// newly pinned piece no longer truly defends, or that a discovered
    /// check leaves to be taken.
    fn chased(&self, prev: &Position, pos: &Position) -> Board {
        let mut b = Board::EMPTY;
        let Some(m) = pos.last else {
            return b;
        };
        if matches!(m.kind(), Kind::Pass) {
            return b;
        }
        let us = pos.side.index();
        let them = 1 - us;
        let occupied = pos.occupied();
        let flying = pos.def.mobility.flying_general;
        let kings = pos
            .king(0)
            .into_iter()
            .chain(pos.king(1))
            .collect::<Board>();
        let mut pins = self.blockers(pos, us);
        if flying {
            if let Some(tk) = pos.king(them) {
                let on_file = Self::file(pos, tk) & pos.by_side[us];
                let ours = on_file.and_not(kings);
                if pos.king(us).is_some_and(|k| on_file.has(k)) && !ours.more_than_one() {
                    pins |= ours;
                }
            }
        }
        let exempt = self.exempt(pos, us);
        let ours_of = |t: Option<usize>| t.map_or(Board::EMPTY, |t| pos.pieces(us, t));
        let add = |b: &mut Board, from: usize, t: usize, mut attacks: Board| {
            if attacks.and_not(*b).is_empty() {
                return;
            }
            attacks = attacks.and_not(exempt);
            let is = |role: Option<usize>| role == Some(t);
            if is(self.horse) || is(self.cannon) {
                *b |= attacks & ours_of(self.rook);
            }
            if is(self.elephant) || is(self.fers) {
                *b |= attacks & (ours_of(self.rook) | ours_of(self.cannon) | ours_of(self.horse));
            }
            if is(self.horse) && (Self::fers(pos, from) & occupied).any() {
                // A lame horse may attack a horse that cannot attack it.
                for s in (attacks & ours_of(self.horse)).iter() {
                    if self.attacks(pos, us, t, s, occupied).has(from) {
                        attacks.clear(s);
                    }
                }
            } else {
                // Mutual attacks by the same kind are no chase, unless
                // the attacked piece is pinned.
                attacks = attacks.and_not(pos.pieces(us, t).and_not(pins));
            }
            let without = occupied.and_not(Board::single(from));
            for s in attacks.iter() {
                let roots = self.attackers_to(pos, s, without, us).and_not(pins);
                let king_only = pos.king(us).is_some_and(|k| roots == Board::single(k));
                let facing = flying
                    && king_only
                    && pos.king(them).is_some_and(|tk| {
                        pos.def
                            .rays
                            .reach(ride::ROOK_H | ride::ROOK_V, tk, &without)
                            .has(s)
                    });
                if roots.is_empty() || facing {
                    b.set(s);
                }
            }
        };
        let (from, to) = (m.from(), m.to());
        let drop = m.is_drop();
        // Direct attacks: only the new ones of a rook or cannon count.
        if let Some((_, moved)) = pos.piece(to) {
            if Some(moved) != self.king && Some(moved) != self.soldier {
                let mut direct = self.attacks_from(pos, them, moved, to) & pos.by_side[us];
                if (Some(moved) == self.rook || Some(moved) == self.cannon) && !drop {
                    direct = direct.and_not(Self::line(pos, from, to));
                }
                add(&mut b, to, moved, direct);
            }
        }
        // Discovered attacks.
        let theirs = |t: Option<usize>| t.map_or(Board::EMPTY, |t| pos.pieces(them, t));
        let mut candidates = Self::rook_lines(pos, to) & theirs(self.cannon);
        if !drop {
            candidates |= (Self::wazir(pos, from) & theirs(self.horse))
                | (Self::fers(pos, from) & theirs(self.elephant))
                | (Self::rook_lines(pos, from) & (theirs(self.cannon) | theirs(self.rook)));
        }
        let captured = prev.piece(to).is_some_and(|(side, _)| side == us);
        let mut before = if captured {
            occupied
        } else {
            occupied.and_not(Board::single(to))
        };
        before.toggle(from);
        for s in candidates.iter() {
            let (_, t) = pos.piece(s).expect("a piece of the side");
            let discovered = pos.by_side[us]
                & self
                    .attacks(pos, them, t, s, occupied)
                    .and_not(self.attacks(pos, them, t, s, before));
            add(&mut b, s, t, discovered);
        }
        // Defenders newly pinned, and discovered checks.
        let fresh = self.blockers(pos, us).and_not(self.blockers(prev, us));
        let their_blockers = self.blockers(pos, them);
        for s in (fresh & pos.by_side[us]).iter() {
            let (_, t) = pos.piece(s).expect("a piece of the side");
            let defended = pos.by_side[us].and_not(exempt) & self.attacks(pos, us, t, s, occupied);
            for s2 in defended.iter() {
                if self
                    .attackers_to(pos, s2, occupied, them)
                    .and_not(their_blockers)
                    .any()
                {
                    b.set(s2);
                }
            }
        }
        if let (Some(k), Some(king)) = (pos.king(us), self.king) {
            let reach = self.attacks_from(pos, us, king, k);
            for s in (fresh & pos.by_side[them]).iter() {
                let (_, t) = pos.piece(s).expect("a piece of the side");
                let attacked = self.attacks_from(pos, them, t, s) & pos.by_side[us];
                b |= attacked.and_not(reach);
                let mut without = occupied;
                without.toggle(s);
                without.toggle(k);
                for s2 in (attacked & reach).iter() {
                    if self
                        .attackers_to(pos, s2, without, them)
                        .and_not(Board::single(s))
                        .any()
                    {
                        b.set(s2);
                    }
                }
            }
        }
        b
    }

    /// Whether each side chased throughout the repetition that ends
    /// `history` and began `span` plies before its end: `(them, us)`,
    /// `them` the side that made the last move. One piece must be chased
    /// by every move of the side, followed as it moves.
    pub fn judge(&self, history: &[Position], span: usize) -> (bool, bool) {
        let l = history.len() - 1;
        if span < 4 || l < span {
            return (false, false);
        }
        let chased = |k: usize| {
            if k == 0 {
                Board::EMPTY
            } else {
                self.chased(&history[k - 1], &history[k])
            }
        };
        let last = |k: usize| history[k].last;
        let mut them = undo(chased(l), last(l - 1)) & chased(l - 2);
        let mut us = undo(chased(l - 1), last(l - 2)) & chased(l - 3);
        let mut i = 4;
        loop {
            // The first position has no move, so nothing chased in it.
            if l != i {
                them = undo(them, last(l - i + 1)) & chased(l - i);
            }
            if i >= span {
                return (them.any(), us.any());
            }
            us = undo(us, last(l - i)) & chased(l - i - 1);
            i += 2;
        }
    }
}

/// The plies the move-count rule gives beyond its count under the chasing
/// rule: each check beyond ten by the side that gave more, since the
/// count began (within the game's first 20 plies: none). `history` ends
/// with the position judged.
pub fn move_rule_offset(history: &[Position]) -> u32 {
    let l = history.len() - 1;
    let pos = &history[l];
    if l < 20 {
        return 0;
    }
    let end = (pos.halfmove as usize).min(l);
    let checked = |k: usize| movegen::in_check(&history[k]) as u32;
    let mut them = checked(l);
    let mut us = checked(l - 1);
    let mut i = 2;
    while i < end {
        them += checked(l - i);
        us += checked(l - i - 1);
        i += 2;
    }
    2 * them.max(us).saturating_sub(10)
}
