//! The built-in games a section may name as its parent (`[mygame:chess]`),
//! each written out as a `variants.ini` section equal to Fairy-Stockfish's
//! built-in game of that name (`parents.ini`); and how XBoard learns a
//! defined game (`setup` and `piece`).

use super::def::GameDef;
use super::ini::{self, Section};
use super::position::Position;

/// The parents' definitions.
const PARENTS: &str = include_str!("parents.ini");

/// The sections that define the built-in parent `name` (with the sections
/// it inherits from), if it is one.
pub fn sections(name: &str) -> Option<Vec<Section>> {
    // Fairy-Stockfish's other name for chess (XBoard's too).
    let name = if name == "normal" { "chess" } else { name };
    let (all, _) = ini::read(PARENTS, "parents.ini");
    let mut chain = Vec::new();
    let mut at = Some(name.to_string());
    while let Some(n) = at {
        let s = all.iter().find(|s| s.name == n)?.clone();
        at = s.parent.clone();
        chain.push(s);
    }
    chain.reverse();
    Some(chain)
}

/// The built-in parents that are games of their own in every run's menu:
/// all but chess and Chess960 (the chess written in Rust plays both).
pub fn parent_games() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        names()
            .into_iter()
            .filter(|n| n != "chess" && n != "fischerandom")
            .collect()
    })
}

/// The game of the built-in parent `parent_games()[i]`, compiled the first
/// time a run asks for it (a game's tables take about a megabyte: a menu
/// of them is compiled only as games are played).
pub fn parent_game(i: usize) -> &'static GameDef {
    static GAMES: std::sync::OnceLock<Vec<std::sync::OnceLock<&'static GameDef>>> =
        std::sync::OnceLock::new();
    let games = GAMES.get_or_init(|| {
        (0..parent_games().len())
            .map(|_| std::sync::OnceLock::new())
            .collect()
    });
    games[i].get_or_init(|| {
        let name = &parent_games()[i];
        let loaded = super::load(&format!("[{name}:{name}]\n"), "parents.ini");
        match loaded.games.first() {
            Some(&g) => g,
            None => panic!("the built-in parent {name} loads: {:?}", loaded.errors),
        }
    })
}

/// The built-in parents that have pockets (crazyhouse, shogi, ...),
/// compiled.
pub fn drop_parents() -> impl Iterator<Item = &'static GameDef> {
    (0..parent_games().len())
        .map(parent_game)
        .filter(|g| g.drops.pockets())
}

/// The names of the built-in parents.
pub fn names() -> Vec<String> {
    ini::read(PARENTS, "parents.ini")
        .0
        .into_iter()
        .map(|s| s.name)
        .collect()
}

/// The names of Fairy-Stockfish's built-in games (`UCI_Variant` of a
/// source build with `largeboards=yes all=yes`, 121 of them): a parent
/// among them that Arcana lacks is a game it does not play yet, not a typo.
pub const FAIRY_GAMES: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "ataxx",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "sortofalmost",
    "spartan",
    "suicide",
    "supply",
    "tencubed",
    "threekings",
    "torishogi",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

/// XBoard's piece slots, by the letter XBoard gives each: a defined piece
/// takes the slot of its predefined name where it has one, else a free
/// slot, so that XBoard draws a knight as a knight.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The slot of a predefined piece.
fn slot_of(name: &str) -> Option<usize> {
    let letter = match name {
        "pawn" => 'P',
        "knight" => 'N',
        "bishop" => 'B',
        "rook" => 'R',
        "queen" => 'Q',
        "fers" | "met" => 'F',
        "alfil" => 'E',
        "archbishop" => 'A',
        "chancellor" => 'C',
        "wazir" => 'W',
        "commoner" => 'M',
        "cannon" => 'O',
        "nightrider" => 'H',
        "king" => 'K',
        _ => return None,
    };
    SLOTS.find(letter)
}

/// The lines sent to XBoard after `variant <name>`: `setup` with the
/// pieces in XBoard's slots, the board's size and the start position, and
/// one `piece` line per piece with its Betza. Empty when the game has more
/// pieces than XBoard has slots.
pub fn xboard_definition(def: &'static GameDef) -> Vec<String> {
    let mut slots: Vec<Option<char>> = vec![None; SLOTS.len()];
    let mut rest = Vec::new();
    for p in &def.pieces {
        match slot_of(&p.name).filter(|&i| slots[i].is_none()) {
            Some(i) => slots[i] = Some(p.letter),
            None => rest.push(p.letter),
        }
    }
    for letter in rest {
        // The king's slot is the last; others fill from the front.
        match slots[..SLOTS.len() - 1].iter().position(Option::is_none) {
            Some(i) => slots[i] = Some(letter),
            None => return Vec::new(),
        }
    }
    let white: String = slots.iter().map(|s| s.unwrap_or('.')).collect();
    let table = format!("{white}{}", white.to_ascii_lowercase());
    let start = Position::from_fen(def, &def.start_fen).map(|p| p.to_fen());
    let Ok(fen) = start else {
        return Vec::new();
    };
    // A game with pockets tells XBoard its holdings' size and the drop
    // rules of its parent (`8x8+5_crazyhouse`; shogi's promotions with
    // `+` where pieces promote so; gating without drops as S-chess).
    let (holdings, parent) = if def.drops.pockets() {
        let kinds = (0..def.pieces.len())
            .filter(|&t| Some(t) != def.king)
            .count();
        let parent = if def.piece_promotions.any() {
            "shogi"
        } else if def.drops.seirawan_gating && !def.drops.enabled {
            "seirawan"
        } else {
            "crazyhouse"
        };
        (kinds, parent)
    } else {
        (0, "fairy")
    };
    let mut lines = vec![format!(
        "setup ({table}) {}x{}+{holdings}_{parent} {fen}",
        def.files, def.ranks
    )];
    for p in &def.pieces {
        lines.push(format!("piece {}& {}", p.letter, p.betza));
    }
    lines
}
