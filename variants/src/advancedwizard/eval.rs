//! Evaluation for Advanced Wizard Chess: material by board (a Dragon or a
//! Pegasus in the Sky is not the same piece as on the Earth), pieces in
//! reserve and Dragons waiting for resurrection, Warrior advancement and
//! quest progress, and the Wizard's safety against pieces in the Sky above
//! it.
//!
//! Every term is a count times a (middle game, endgame) weight, so the
//! same code evaluates and describes a position as term counts ([`trace`])
//! for `arcana tune-eval`; a weights file replaces the weights at run time.

use super::position::Position;
use super::types::*;
use crate::weights::{Counts, Sums, TableRef, Terms};

/// Values by kind on the Earth and in the Sky (centipawns), for move
/// ordering, exchanges and the phase; the evaluation's own are its weights
/// (`value X earth`, `value X sky` in `advancedwizard.weights`).
pub const VALUE: [[i32; 2]; KINDS] = [
    [0, 0],     // Wizard
    [600, 800], // Dragon: cannon and queen slides below, a short queen above
    [520, 480], // Pegasus: a rook below, a three-square rook above
    [330, 330], // Archer
    [380, 380], // Giant
    [230, 230], // Hero
    [100, 100], // Warrior
    [320, 320], // Eagle
];

/// Where each term's weights sit in the table.
pub mod param {
    use super::KINDS;
    /// Material by kind on the Earth.
    pub const EARTH: usize = 0;
    /// Material by kind in the Sky.
    pub const SKY: usize = EARTH + KINDS;
    /// A Warrior's advance, in ranks.
    pub const WARRIOR_ADVANCE: usize = SKY + KINDS;
    /// A Warrior five or more ranks on.
    pub const WARRIOR_DEEP: usize = WARRIOR_ADVANCE + 1;
    /// A piece on a quest: its advance, in ranks.
    pub const QUEST_ADVANCE: usize = WARRIOR_DEEP + 1;
    /// A plain Hero's or Giant's advance, in ranks.
    pub const HERO_GIANT_ADVANCE: usize = QUEST_ADVANCE + 1;
    /// A piece in the Sky by its distance (0, 1, 2) to the enemy Wizard.
    pub const SKY_OVER_WIZARD: usize = HERO_GIANT_ADVANCE + 1;
    /// A captured Warrior waiting in the reserve.
    pub const RESERVE_WARRIOR: usize = SKY_OVER_WIZARD + 3;
    /// A captured Eagle waiting in the reserve.
    pub const RESERVE_EAGLE: usize = RESERVE_WARRIOR + 1;
    /// A dead Dragon that a quest may bring back (up to two).
    pub const DEAD_DRAGON: usize = RESERVE_EAGLE + 1;
    /// The teleport, kept for later.
    pub const TELEPORT: usize = DEAD_DRAGON + 1;
    /// Own Earth pieces around the Wizard (up to four).
    pub const WIZARD_GUARDS: usize = TELEPORT + 1;
    /// The side to move's bonus.
    pub const TEMPO: usize = WIZARD_GUARDS + 1;
    /// Number of weights.
    pub const COUNT: usize = TEMPO + 1;
}

/// Every weight, (middle game, endgame) centipawns, in the order of
/// [`param`].
pub type Table = [[i32; 2]; param::COUNT];

/// The table a position is evaluated with (see [`TableRef`]).
pub type Weights = TableRef<{ param::COUNT }>;

/// The compiled-in weights, those of `advancedwizard.weights` (see
/// `weights.rs`).
pub fn compiled() -> &'static Table {
    &super::weights::WEIGHTS
}

/// Each weight's name in a weights file, in the order of [`param`].
pub fn weight_names() -> Vec<String> {
    let mut names = vec![String::new(); param::COUNT];
    for (k, letter) in LETTERS.iter().enumerate() {
        names[param::EARTH + k] = format!("value {letter} earth");
        names[param::SKY + k] = format!("value {letter} sky");
    }
    for d in 0..3 {
        names[param::SKY_OVER_WIZARD + d] = format!("sky over wizard {d}");
    }
    for (at, name) in [
        (param::WARRIOR_ADVANCE, "warrior advance"),
        (param::WARRIOR_DEEP, "warrior deep"),
        (param::QUEST_ADVANCE, "quest advance"),
        (param::HERO_GIANT_ADVANCE, "hero and giant advance"),
        (param::RESERVE_WARRIOR, "reserve warrior"),
        (param::RESERVE_EAGLE, "reserve eagle"),
        (param::DEAD_DRAGON, "dead dragon"),
        (param::TELEPORT, "teleport"),
        (param::WIZARD_GUARDS, "wizard guards"),
        (param::TEMPO, "tempo"),
    ] {
        names[at] = name.to_string();
    }
    names
}

/// Material that counts toward the phase (Warriors and Wizards aside) at
/// the start, Earth values: the phase is the share of it left.
const PHASE_FULL: i32 = 2 * (2 * 600 + 2 * 520 + 2 * 330 + 2 * 380 + 2 * 230 + 320);

/// The value of the piece on `sq`.
pub fn piece_value(pos: &Position, sq: Square) -> i32 {
    pos.piece(sq)
        .map_or(0, |p| VALUE[p.kind() as usize][board_of(sq)])
}

/// Static evaluation from the side to move's point of view, with the
/// position's weights.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sums = Sums::new(pos.weights.or(compiled()));
    let phase = terms(pos, &mut sums);
    sums.score(phase, pos.side.index() == 0)
}

/// The position's term counts, for fitting the weights.
pub fn trace(pos: &Position) -> crate::EvalTrace {
    let mut counts = Counts::new(param::COUNT);
    let phase = terms(pos, &mut counts);
    counts.trace(phase)
}

/// Adds the position's terms; returns the phase, 24 (the start's pieces)
/// down to 0.
fn terms<T: Terms>(pos: &Position, out: &mut T) -> i32 {
    let mut material = 0;
    for sq in 0..SQUARES {
        let Some(p) = pos.piece(sq) else {
            continue;
        };
        let c = p.color();
        let kind = p.kind();
        let value = if board_of(sq) == EARTH {
            param::EARTH
        } else {
            param::SKY
        };
        out.add(c, value + kind as usize, 1);
        if kind != WARRIOR {
            material += VALUE[kind as usize][0];
        }
        // Distance travelled towards the enemy camp, for pieces that
        // promote or quest there.
        let advance = if c == 0 { rank_of(sq) } else { 8 - rank_of(sq) };
        match (kind, p.mark()) {
            (WARRIOR, _) => {
                out.add(c, param::WARRIOR_ADVANCE, advance);
                if advance >= 5 {
                    out.add(c, param::WARRIOR_DEEP, 1);
                }
            }
            (_, QUEST) => out.add(c, param::QUEST_ADVANCE, advance),
            (HERO | GIANT, PLAIN) => out.add(c, param::HERO_GIANT_ADVANCE, advance),
            _ => {}
        }
        // Pieces in the Sky over the enemy Wizard's neighbourhood threaten
        // descents and swoops that an Earth wall cannot stop.
        if board_of(sq) == SKY && kind != WIZARD {
            let z = pos.wizard[1 - c];
            if z < SQUARES {
                let d = (file_of(sq) - file_of(z))
                    .abs()
                    .max((rank_of(sq) - rank_of(z)).abs());
                if d <= 2 {
                    out.add(c, param::SKY_OVER_WIZARD + d as usize, 1);
                }
            }
        }
    }
    for c in 0..2 {
        out.add(c, param::RESERVE_WARRIOR, i32::from(pos.reserve[c][0]));
        out.add(c, param::RESERVE_EAGLE, i32::from(pos.reserve[c][1]));
        out.add(c, param::DEAD_DRAGON, i32::from(pos.dragons[c].min(2)));
        out.add(c, param::TELEPORT, i32::from(pos.teleport[c]));
        // The Wizard's shelter: friendly Earth pieces around it.
        let z = pos.wizard[c];
        if z < SQUARES {
            let guards = ALL_DIRS
                .iter()
                .filter_map(|&(df, dr)| shift(z, EARTH, df, dr))
                .filter(|&s| pos.piece(s).is_some_and(|p| p.color() == c))
                .count() as i32;
            out.add(c, param::WIZARD_GUARDS, guards.min(4));
        }
    }
    out.add(pos.side.index(), param::TEMPO, 1);
    (material * 24 / PHASE_FULL).min(24)
}

/// Ordering key of a capture: most valuable victim, least valuable attacker.
pub fn capture_order(pos: &Position, a: Action) -> i32 {
    let victim = piece_value(pos, a.victim());
    let attacker = piece_value(pos, a.from());
    let promo = if a.suffix() == Suffix::Promote || a.suffix() == Suffix::Resurrect {
        300
    } else {
        0
    };
    (victim + promo) * 8 - attacker / 10
}
