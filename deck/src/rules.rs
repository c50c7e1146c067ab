//! The construction rules R1-R33 of spec §4, run on a deck list whose file
//! format was clean.

use crate::cards::{can_exceed, Card, CardTable};
use crate::decklist::{Colour, DeckList, Role, Side};
use crate::names::normalize;
use crate::report::{Finding, Rule};

/// One distinct card of a slot (or of the deck): name, copies, first line.
#[derive(Clone, Debug)]
struct Holding<'a> {
    card: &'a Card,
    count: u32,
    line: usize,
}

/// Adds copies of a card to a list of holdings.
fn add<'a>(list: &mut Vec<Holding<'a>>, card: &'a Card, count: u32, line: usize) {
    match list.iter_mut().find(|h| h.card.name == card.name) {
        Some(h) => h.count += count,
        None => list.push(Holding { card, count, line }),
    }
}

/// The deck grouped for the rules.
struct Deck<'a> {
    k: Colour,
    q: Colour,
    /// Per role of `Role::ALL`, its distinct cards.
    slots: Vec<(Role, Vec<Holding<'a>>)>,
    /// Cards without a role.
    unroled: Vec<Holding<'a>>,
    /// Every distinct card of the deck (any role), first line anywhere.
    all: Vec<Holding<'a>>,
}

impl<'a> Deck<'a> {
    fn slot(&self, role: Role) -> &[Holding<'a>] {
        self.slots
            .iter()
            .find(|(r, _)| *r == role)
            .map(|(_, h)| h.as_slice())
            .unwrap_or(&[])
    }

    fn colour(&self, side: Side) -> Colour {
        if side == Side::King {
            self.k
        } else {
            self.q
        }
    }

    /// The card of a slot that holds exactly its copies of one creature.
    fn exact(&self, role: Role) -> Option<&Holding<'a>> {
        match self.slot(role) {
            [h] if h.count == role.copies() && h.card.is_creature() => Some(h),
            _ => None,
        }
    }

    /// The creatures of the piece slots: (role, holding), each card once
    /// per slot.
    fn pieces(&self) -> impl Iterator<Item = (Role, &Holding<'a>)> {
        self.slots
            .iter()
            .filter(|(r, _)| *r != Role::Artifact)
            .flat_map(|(r, hs)| hs.iter().map(move |h| (*r, h)))
            .filter(|(_, h)| h.card.is_creature())
    }
}

/// What the rules need besides the deck: the named ban list.
#[derive(Clone, Debug, Default)]
pub struct RuleOptions {
    /// Normalised names of `--ban` and `--ban-file`.
    pub banned: Vec<String>,
}

fn pt(card: &Card) -> String {
    format!(
        "{}/{}",
        card.power.as_deref().unwrap_or("-"),
        card.toughness.as_deref().unwrap_or("-")
    )
}

fn colours_text(c: &str) -> String {
    if c.is_empty() {
        "colourless".to_string()
    } else {
        c.to_string()
    }
}

/// Runs every R rule; the deck must have both colours.
pub fn check(list: &DeckList, table: &CardTable, options: &RuleOptions) -> Vec<Finding> {
    let (Some(k), Some(q)) = (list.king, list.queen) else {
        return Vec::new();
    };
    let mut deck = Deck {
        k,
        q,
        slots: Role::ALL.iter().map(|&r| (r, Vec::new())).collect(),
        unroled: Vec::new(),
        all: Vec::new(),
    };
    for e in &list.entries {
        let Some(card) = table.get(&e.name) else {
            continue;
        };
        add(&mut deck.all, card, e.count, e.line);
        match e.role {
            Some(role) => {
                let slot = &mut deck.slots.iter_mut().find(|(r, _)| *r == role).unwrap().1;
                add(slot, card, e.count, e.line);
            }
            None => add(&mut deck.unroled, card, e.count, e.line),
        }
    }
    let mut out = Vec::new();
    composition(&deck, &mut out);
    colours(&deck, &mut out);
    pieces(&deck, &mut out);
    sets(&deck, &mut out);
    wizard_and_artifact(&deck, &mut out);
    spells_and_lands(&deck, &mut out);
    bans(&deck, options, &mut out);
    out
}

fn composition(deck: &Deck, out: &mut Vec<Finding>) {
    for &role in Role::ALL.iter().filter(|&&r| r != Role::Artifact) {
        let slot = deck.slot(role);
        let total: u32 = slot.iter().map(|h| h.count).sum();
        if total != role.copies() {
            out.push(Finding::error(
                Rule::R(1),
                slot.first().map(|h| h.line),
                format!(
                    "the {} slot holds {total} card(s), it needs exactly {}",
                    role.name(),
                    role.copies()
                ),
            ));
        }
        for h in slot.iter().filter(|h| !h.card.is_creature()) {
            out.push(Finding::error(
                Rule::R(2),
                Some(h.line),
                format!("{} {} is not a creature", role.name(), h.card.name),
            ));
        }
    }
    for h in deck.unroled.iter().filter(|h| h.card.is_creature()) {
        out.push(Finding::error(
            Rule::R(2),
            Some(h.line),
            format!("the creature {} has no piece role", h.card.name),
        ));
    }
    let artifact = deck.slot(Role::Artifact);
    let total: u32 = artifact.iter().map(|h| h.count).sum();
    if total != 1 {
        out.push(Finding::error(
            Rule::R(3),
            artifact.first().map(|h| h.line),
            format!("{total} card(s) marked Queen's Artifact, the deck needs exactly 1"),
        ));
    }
    for h in artifact.iter().filter(|h| !h.card.is_artifact()) {
        out.push(Finding::error(
            Rule::R(3),
            Some(h.line),
            format!("Queen's Artifact {} is not an artifact", h.card.name),
        ));
    }
    // Other artifacts: their first line outside the artifact slot.
    let mut others: Vec<Holding> = Vec::new();
    for (role, hs) in &deck.slots {
        if *role != Role::Artifact {
            for h in hs {
                add(&mut others, h.card, h.count, h.line);
            }
        }
    }
    for h in &deck.unroled {
        add(&mut others, h.card, h.count, h.line);
    }
    others.sort_by_key(|h| h.line);
    for h in others.iter().filter(|h| h.card.is_artifact()) {
        out.push(Finding::error(
            Rule::R(3),
            Some(h.line),
            format!(
                "{} is an artifact besides the Queen's Artifact (the deck may hold only one)",
                h.card.name
            ),
        ));
    }
    let spells: u32 = deck
        .all
        .iter()
        .filter(|h| h.card.is_noncreature_spell())
        .map(|h| h.count)
        .sum();
    if spells != 18 {
        out.push(Finding::error(
            Rule::R(4),
            None,
            format!("{spells} non-creature spells, the deck needs exactly 18"),
        ));
    }
    let lands: u32 = deck
        .all
        .iter()
        .filter(|h| h.card.is_land())
        .map(|h| h.count)
        .sum();
    if lands < 24 {
        out.push(Finding::error(
            Rule::R(5),
            None,
            format!("{lands} lands, the deck needs at least 24"),
        ));
    }
}

fn colours(deck: &Deck, out: &mut Vec<Finding>) {
    if deck.k == deck.q {
        out.push(Finding::error(
            Rule::R(6),
            None,
            format!("the King's and the Queen's colour are both {}", deck.k),
        ));
    }
    let kq = |c: char| c == deck.k || c == deck.q;
    for h in &deck.all {
        let c = &h.card;
        if c.is_land() || c.is_artifact() {
            continue;
        }
        if c.colors.is_empty() || !c.colors.chars().all(kq) {
            out.push(Finding::error(
                Rule::R(7),
                Some(h.line),
                format!(
                    "{} is {}, the deck's colours are {} and {}",
                    c.name,
                    colours_text(&c.colors),
                    deck.k,
                    deck.q
                ),
            ));
        }
    }
    for (role, h) in deck.pieces() {
        let c = &h.card;
        let ok = match role.side() {
            Some(side) => c.colors == deck.colour(side).to_string(),
            None => c.colors == deck.k.to_string() || c.colors == deck.q.to_string(),
        };
        if !ok {
            let wanted = match role.side() {
                Some(side) => format!("exactly {}", deck.colour(side)),
                None => format!("exactly {} or exactly {}", deck.k, deck.q),
            };
            out.push(Finding::error(
                Rule::R(8),
                Some(h.line),
                format!(
                    "{} {} is {}, it must be {wanted}",
                    role.name(),
                    c.name,
                    colours_text(&c.colors)
                ),
            ));
        }
    }
}

fn pieces(deck: &Deck, out: &mut Vec<Finding>) {
    for (role, h) in deck.pieces() {
        let c = h.card;
        let who = format!("{} {}", role.name(), c.name);
        let line = Some(h.line);
        let (p, t) = (c.int_power(), c.int_toughness());
        let wall_error = |rule: u8, out: &mut Vec<Finding>| {
            if c.is_wall() {
                out.push(Finding::error(
                    Rule::R(rule),
                    line,
                    format!("{who} is a Wall"),
                ));
            }
        };
        match role {
            Role::King | Role::Queen => {
                wall_error(9, out);
                if c.cmc() < 5 {
                    out.push(Finding::error(
                        Rule::R(9),
                        line,
                        format!("{who} has CMC {}, it needs 5 or more", c.cmc()),
                    ));
                }
            }
            Role::Bishop(_) => {
                wall_error(10, out);
                match (p, t) {
                    (Some(p), Some(t)) if p < t => out.push(Finding::error(
                        Rule::R(10),
                        line,
                        format!("{who} has power {p} below its toughness {t}"),
                    )),
                    (Some(_), Some(_)) => {}
                    _ => out.push(Finding::warning(
                        Rule::R(10),
                        line,
                        format!("{who} is {}: power >= toughness cannot be decided", pt(c)),
                    )),
                }
            }
            Role::Knight(_) => {
                wall_error(11, out);
                match (p, t) {
                    (Some(p), Some(t)) if p + t > 6 => out.push(Finding::error(
                        Rule::R(11),
                        line,
                        format!("{who} has power + toughness {}, above 6", p + t),
                    )),
                    (Some(_), Some(_)) => {}
                    _ => out.push(Finding::warning(
                        Rule::R(11),
                        line,
                        format!(
                            "{who} is {}: power + toughness <= 6 cannot be decided",
                            pt(c)
                        ),
                    )),
                }
                if c.knight_keyword().is_none() {
                    out.push(Finding::error(
                        Rule::R(12),
                        line,
                        format!(
                            "{who} has none of Flying, First strike, Double strike, Trample, Rampage, Protection from a colour"
                        ),
                    ));
                }
            }
            Role::Rook(_) => {
                if !c.is_wall() {
                    match c.blocking_ability() {
                        Some(why) => out.push(Finding::warning(
                            Rule::R(13),
                            line,
                            format!("{who} is not a Wall; it qualifies only by agreement ({why})"),
                        )),
                        None => out.push(Finding::error(
                            Rule::R(13),
                            line,
                            format!("{who} is not a Wall and has no blocking ability"),
                        )),
                    }
                }
            }
            Role::Pawn(_) => pawn(c, &who, line, out),
            Role::Wizard | Role::Artifact => {}
        }
    }
    for side in [Side::King, Side::Queen] {
        let slot = deck.slot(Role::Pawn(side));
        if slot.len() > 1 {
            let names: Vec<&str> = slot.iter().map(|h| h.card.name.as_str()).collect();
            out.push(Finding::error(
                Rule::R(14),
                Some(slot[0].line),
                format!(
                    "the {} slot holds different cards ({}); the Pawns are four copies of one card",
                    Role::Pawn(side).name(),
                    names.join(", ")
                ),
            ));
        }
    }
}

fn pawn(c: &Card, who: &str, line: Option<usize>, out: &mut Vec<Finding>) {
    if c.is_wall() {
        out.push(Finding::error(
            Rule::R(14),
            line,
            format!("{who} is a Wall"),
        ));
    }
    let vanilla = c.is_vanilla();
    if !vanilla && c.cmc() > 3 {
        out.push(Finding::error(
            Rule::R(15),
            line,
            format!("{who} has CMC {} above 3 and abilities", c.cmc()),
        ));
    }
    if let (Some(p), Some(t)) = (c.int_power(), c.int_toughness()) {
        let limit = if vanilla { 4 } else { 3 };
        if p + t > limit {
            out.push(Finding::error(
                Rule::R(16),
                line,
                format!(
                    "{who} has power + toughness {}, above {limit}{}",
                    p + t,
                    if vanilla { "" } else { " (it has abilities)" }
                ),
            ));
        }
    }
    if c.is_inflatable() {
        out.push(Finding::error(
            Rule::R(17),
            line,
            format!("{who} can change its own power or toughness"),
        ));
    }
    if c.has_tag("tap:other") {
        out.push(Finding::error(
            Rule::R(18),
            line,
            format!("{who} has a tap ability that does more than add mana"),
        ));
    }
}

/// R19-R21: the Bishop, Knight, Rook and Pawns of one colour together.
fn sets(deck: &Deck, out: &mut Vec<Finding>) {
    for side in [Side::King, Side::Queen] {
        let (b, n, r, p) = (
            deck.exact(Role::Bishop(side)),
            deck.exact(Role::Knight(side)),
            deck.exact(Role::Rook(side)),
            deck.exact(Role::Pawn(side)),
        );
        if let (Some(b), Some(n), Some(r)) = (b, n, r) {
            let names = [&b.card.name, &n.card.name, &r.card.name];
            if names[0] == names[1] || names[0] == names[2] || names[1] == names[2] {
                out.push(Finding::error(
                    Rule::R(19),
                    Some(b.line),
                    format!(
                        "the {} Bishop, Knight and Rook are not three different cards ({}, {}, {})",
                        if side == Side::King {
                            "King's"
                        } else {
                            "Queen's"
                        },
                        names[0],
                        names[1],
                        names[2]
                    ),
                ));
            }
        }
        for (high, hi_role, low, lo_role) in [
            (b, Role::Bishop(side), n, Role::Knight(side)),
            (n, Role::Knight(side), p, Role::Pawn(side)),
        ] {
            let (Some(high), Some(low)) = (high, low) else {
                continue;
            };
            let (hp, lp) = (high.card.int_power(), low.card.int_power());
            let text = format!(
                "{} {} (power {}) must exceed {} {} (power {}) in power",
                hi_role.name(),
                high.card.name,
                high.card.power.as_deref().unwrap_or("-"),
                lo_role.name(),
                low.card.name,
                low.card.power.as_deref().unwrap_or("-")
            );
            match can_exceed(high.card, hp, "pump:power", lp) {
                Some(true) => {}
                Some(false) => out.push(Finding::error(Rule::R(20), Some(low.line), text)),
                None => out.push(Finding::warning(
                    Rule::R(20),
                    Some(low.line),
                    format!("cannot be decided: {text}"),
                )),
            }
        }
        let Some(r) = r else { continue };
        for (other, role) in [
            (b, Role::Bishop(side)),
            (n, Role::Knight(side)),
            (p, Role::Pawn(side)),
        ] {
            let Some(o) = other else { continue };
            let text = format!(
                "{} {} toughness {} does not exceed the power {} of the {} {}",
                Role::Rook(side).name(),
                r.card.name,
                r.card.toughness.as_deref().unwrap_or("-"),
                o.card.power.as_deref().unwrap_or("-"),
                role.name().split(' ').nth(1).unwrap_or(""),
                o.card.name
            );
            match can_exceed(
                r.card,
                r.card.int_toughness(),
                "pump:toughness",
                o.card.int_power(),
            ) {
                Some(true) => {}
                Some(false) => out.push(Finding::warning(Rule::R(21), Some(r.line), text)),
                None => out.push(Finding::warning(
                    Rule::R(21),
                    Some(r.line),
                    format!("cannot be decided: {text}"),
                )),
            }
        }
    }
}

fn wizard_and_artifact(deck: &Deck, out: &mut Vec<Finding>) {
    for h in deck
        .slot(Role::Wizard)
        .iter()
        .filter(|h| h.card.is_creature())
    {
        let c = h.card;
        let who = format!("King's Wizard {}", c.name);
        let line = Some(h.line);
        if !c.has_abilities() {
            out.push(Finding::error(
                Rule::R(22),
                line,
                format!("{who} has no abilities"),
            ));
        } else if !c.has_tag("tap:mana") && !c.has_tag("tap:other") {
            out.push(Finding::warning(
                Rule::R(23),
                line,
                format!("{who} has no ability with {{T}} in its cost"),
            ));
        }
        match (c.int_power(), c.int_toughness()) {
            (Some(p), Some(t)) if p + t > 4 => out.push(Finding::error(
                Rule::R(24),
                line,
                format!("{who} has power + toughness {}, above 4", p + t),
            )),
            (Some(_), Some(_)) => {}
            _ => out.push(Finding::error(
                Rule::R(24),
                line,
                format!(
                    "{who} is {}: its power and toughness are not fixed numbers",
                    pt(c)
                ),
            )),
        }
        if c.is_inflatable() {
            out.push(Finding::error(
                Rule::R(24),
                line,
                format!("{who} can change its own power or toughness"),
            ));
        }
    }
    let kq = |c: char| c == deck.k || c == deck.q;
    for h in deck
        .slot(Role::Artifact)
        .iter()
        .filter(|h| h.card.is_artifact())
    {
        let c = h.card;
        let who = format!("Queen's Artifact {}", c.name);
        if c.is_creature() {
            out.push(Finding::error(
                Rule::R(25),
                Some(h.line),
                format!("{who} is a creature"),
            ));
        }
        let mana = c.mana_colors().replace('C', "");
        if !mana.chars().all(kq) || !c.colors.chars().all(kq) {
            out.push(Finding::error(
                Rule::R(26),
                Some(h.line),
                format!(
                    "{who} makes mana {} and is {}; only {} and {} (and colourless) are allowed",
                    colours_text(&mana),
                    colours_text(&c.colors),
                    deck.k,
                    deck.q
                ),
            ));
        }
    }
}

fn spells_and_lands(deck: &Deck, out: &mut Vec<Finding>) {
    for h in deck.all.iter().filter(|h| h.card.is_noncreature_spell()) {
        if h.count > 2 {
            out.push(Finding::error(
                Rule::R(27),
                Some(h.line),
                format!(
                    "{} copies of {}, at most 2 are allowed",
                    h.count, h.card.name
                ),
            ));
        }
    }
    let special: Vec<&Holding> = deck
        .all
        .iter()
        .filter(|h| h.card.is_special_land())
        .collect();
    let total: u32 = special.iter().map(|h| h.count).sum();
    if total > 4 {
        out.push(Finding::error(
            Rule::R(28),
            None,
            format!("{total} special lands, at most 4 are allowed"),
        ));
    }
    let mut repeated_dual_seen = false;
    for h in special.iter().filter(|h| h.count > 1) {
        if h.card.is_dual_land() && !repeated_dual_seen {
            repeated_dual_seen = true;
            continue;
        }
        let why = if h.card.is_dual_land() {
            "only one special land may be repeated"
        } else {
            "it is not a dual land, and only a dual land may be repeated"
        };
        out.push(Finding::error(
            Rule::R(29),
            Some(h.line),
            format!(
                "{} copies of the special land {}: {why}",
                h.count, h.card.name
            ),
        ));
    }
    for h in deck.all.iter().filter(|h| h.card.is_land()) {
        let mana = h.card.mana_colors().replace('C', "");
        let ok = !mana.is_empty() && mana.chars().all(|c| c == deck.k || c == deck.q);
        if !ok {
            out.push(Finding::error(
                Rule::R(30),
                Some(h.line),
                format!(
                    "the land {} makes mana {}; lands must make {} or {} and no other colour",
                    h.card.name,
                    if mana.is_empty() {
                        "of no colour".to_string()
                    } else {
                        mana
                    },
                    deck.k,
                    deck.q
                ),
            ));
        }
    }
}

fn bans(deck: &Deck, options: &RuleOptions, out: &mut Vec<Finding>) {
    for h in &deck.all {
        let c = h.card;
        let cats: Vec<&str> = ["ban:mass", "ban:control", "ban:graveyard", "ban:discard"]
            .into_iter()
            .filter(|t| c.has_tag(t))
            .collect();
        if !cats.is_empty() {
            let text = format!(
                "{} falls in a banned category ({})",
                c.name,
                cats.join(", ")
            );
            out.push(if c.derived {
                Finding::warning(
                    Rule::R(31),
                    Some(h.line),
                    format!("{text}, judged from its text: the players must decide"),
                )
            } else {
                Finding::error(Rule::R(31), Some(h.line), text)
            });
        }
        if c.has_tag("ban:named") || options.banned.contains(&normalize(&c.name)) {
            out.push(Finding::error(
                Rule::R(32),
                Some(h.line),
                format!("{} is on the named ban list", c.name),
            ));
        }
        if c.has_tag("tokens") {
            out.push(Finding::warning(
                Rule::R(33),
                Some(h.line),
                format!(
                    "{} creates creatures: it may be played, but not its creature-making abilities",
                    c.name
                ),
            ));
        }
    }
}
