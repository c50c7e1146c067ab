//! Card data (spec §3): the card record, the facts derived from it (§3.4)
//! and the card table loaded from TSV (§3.2), the built-in one first.

use crate::names::normalize;
use std::collections::HashMap;
use std::fmt;

/// The built-in table: Appendix A of the spec, compiled in.
pub const BUILTIN_TSV: &str = include_str!("../data/cards.tsv");

/// The header every TSV card table starts with.
pub const HEADER: [&str; 10] = [
    "name",
    "mana_cost",
    "colors",
    "types",
    "supertypes",
    "subtypes",
    "power",
    "toughness",
    "keywords",
    "tags",
];

/// Tags with a fixed name (§3.3); `mana:<letters>` comes besides.
pub const TAGS: [&str; 14] = [
    "tap:mana",
    "tap:other",
    "pump:power",
    "pump:toughness",
    "var:power",
    "var:toughness",
    "block",
    "other",
    "tokens",
    "ban:mass",
    "ban:control",
    "ban:graveyard",
    "ban:discard",
    "ban:named",
];

/// Tags that make a card "have abilities" (§3.4): all but `ban:named`,
/// which [`TAGS`] lists last.
const ABILITY_TAGS: &[&str] = TAGS.split_last().unwrap().1;

/// One card as the checker sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The Oracle name.
    pub name: String,
    /// Mana symbols, `{2}{G}{G}`; empty for none.
    pub mana_cost: String,
    /// Colour letters in `WUBRG` order.
    pub colors: String,
    /// Card types (`Creature`, `Artifact`, `Land`, ...).
    pub types: Vec<String>,
    /// Supertypes (`Basic`, `Legendary`).
    pub supertypes: Vec<String>,
    /// Subtypes (`Wall`, `Forest`, ...).
    pub subtypes: Vec<String>,
    /// Printed power, creatures only.
    pub power: Option<String>,
    /// Printed toughness, creatures only.
    pub toughness: Option<String>,
    /// Keyword abilities with their parameters (`Rampage 2`).
    pub keywords: Vec<String>,
    /// Tags of §3.3 (the loader adds `var:` for a printed `*`).
    pub tags: Vec<String>,
    /// Where the row came from (`built-in` or a file name).
    pub source: String,
    /// Whether the tags were derived by the MTGJSON importer's heuristics.
    pub derived: bool,
}

/// An integer printed power or toughness: an optional `-` and digits.
pub fn integer(value: &Option<String>) -> Option<i64> {
    let v = value.as_deref()?;
    let digits = v.strip_prefix('-').unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse().ok()
}

/// The converted mana cost of a cost string (§3.4).
pub fn cmc(cost: &str) -> u32 {
    mana_symbols(cost).map(symbol_value).sum()
}

/// The mana symbols of a text, braces removed (`{2}{W/U}` gives `2`,
/// `W/U`); an unclosed brace ends the list.
pub fn mana_symbols(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let open = rest.find('{')?;
        let close = rest[open..].find('}')?;
        let symbol = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        Some(symbol)
    })
}

fn symbol_value(symbol: &str) -> u32 {
    if let Ok(n) = symbol.parse::<u32>() {
        return n;
    }
    if matches!(symbol, "X" | "Y" | "Z") {
        return 0;
    }
    if symbol.contains('/') {
        return symbol
            .split('/')
            .map(|part| part.parse::<u32>().unwrap_or(1))
            .max()
            .unwrap_or(1);
    }
    1
}

impl Card {
    /// Whether the card has the tag.
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }

    fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x.eq_ignore_ascii_case(t))
    }

    /// Converted mana cost.
    pub fn cmc(&self) -> u32 {
        cmc(&self.mana_cost)
    }

    /// A creature card.
    pub fn is_creature(&self) -> bool {
        self.has_type("Creature")
    }

    /// An artifact card (artifact creatures and lands included).
    pub fn is_artifact(&self) -> bool {
        self.has_type("Artifact")
    }

    /// A land card.
    pub fn is_land(&self) -> bool {
        self.has_type("Land")
    }

    /// A basic land (supertype Basic).
    pub fn is_basic(&self) -> bool {
        self.supertypes
            .iter()
            .any(|s| s.eq_ignore_ascii_case("Basic"))
    }

    /// A Wall (the subtype).
    pub fn is_wall(&self) -> bool {
        self.subtypes.iter().any(|s| s.eq_ignore_ascii_case("Wall"))
    }

    /// Neither creature, land nor artifact.
    pub fn is_noncreature_spell(&self) -> bool {
        !self.is_creature() && !self.is_land() && !self.is_artifact()
    }

    /// A land that is not Basic.
    pub fn is_special_land(&self) -> bool {
        self.is_land() && !self.is_basic()
    }

    /// The basic land types among the subtypes, as mana letters.
    fn basic_land_colors(&self) -> Vec<char> {
        basic_land_letters(&self.subtypes)
    }

    /// A special land with exactly two different basic land types.
    pub fn is_dual_land(&self) -> bool {
        self.is_special_land() && self.basic_land_colors().len() == 2
    }

    /// The mana letters (`WUBRGC`) the card can produce: its `mana:` tags,
    /// and a land's basic land types.
    pub fn mana_colors(&self) -> String {
        let mut set: Vec<char> = Vec::new();
        for tag in &self.tags {
            if let Some(letters) = tag.strip_prefix("mana:") {
                set.extend(letters.chars());
            }
        }
        if self.is_land() {
            set.extend(self.basic_land_colors());
        }
        "WUBRGC".chars().filter(|c| set.contains(c)).collect()
    }

    /// Printed power as an integer, if it is one.
    pub fn int_power(&self) -> Option<i64> {
        integer(&self.power)
    }

    /// Printed toughness as an integer, if it is one.
    pub fn int_toughness(&self) -> Option<i64> {
        integer(&self.toughness)
    }

    /// A keyword or an ability tag.
    pub fn has_abilities(&self) -> bool {
        !self.keywords.is_empty() || ABILITY_TAGS.iter().any(|t| self.has_tag(t))
    }

    /// A creature without abilities.
    pub fn is_vanilla(&self) -> bool {
        self.is_creature() && !self.has_abilities()
    }

    /// Can change its own power or toughness (`pump:` or `var:`).
    pub fn is_inflatable(&self) -> bool {
        self.tags
            .iter()
            .any(|t| t.starts_with("pump:") || t.starts_with("var:"))
    }

    /// Has one of the Knight's keywords (§3.4).
    pub fn knight_keyword(&self) -> Option<&str> {
        self.keywords
            .iter()
            .find(|k| {
                let k = k.to_ascii_lowercase();
                matches!(
                    k.as_str(),
                    "flying" | "first strike" | "double strike" | "trample" | "rampage"
                ) || k.starts_with("rampage ")
                    || matches!(
                        k.strip_prefix("protection from "),
                        Some(
                            "white"
                                | "blue"
                                | "black"
                                | "red"
                                | "green"
                                | "all colors"
                                | "all colours"
                                | "everything"
                        )
                    )
            })
            .map(String::as_str)
    }

    /// A blocking ability for a non-Wall Rook (§3.4), named.
    pub fn blocking_ability(&self) -> Option<&str> {
        if let Some(k) = self
            .keywords
            .iter()
            .find(|k| k.eq_ignore_ascii_case("reach") || k.eq_ignore_ascii_case("defender"))
        {
            return Some(k);
        }
        if self.has_tag("block") {
            return Some("a special blocking ability");
        }
        if self.has_tag("pump:toughness") {
            return Some("can raise its own toughness");
        }
        None
    }
}

/// The mana letters of the basic land types among `subtypes` (Plains W,
/// Island U, Swamp B, Mountain R, Forest G), each once.
pub fn basic_land_letters(subtypes: &[String]) -> Vec<char> {
    let mut out = Vec::new();
    for (t, c) in [
        ("Plains", 'W'),
        ("Island", 'U'),
        ("Swamp", 'B'),
        ("Mountain", 'R'),
        ("Forest", 'G'),
    ] {
        if subtypes.iter().any(|s| s == t) && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// "A can exceed B" (§3.4): `Some(true/false)`, or `None` when undecidable.
/// `pump` is A's pump tag for the characteristic compared.
pub fn can_exceed(
    a: &Card,
    a_value: Option<i64>,
    pump: &str,
    b_value: Option<i64>,
) -> Option<bool> {
    if a.has_tag(pump) {
        return Some(true);
    }
    Some(a_value? > b_value?)
}

/// A card table that failed to load: file, line and reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The table's name as given.
    pub file: String,
    /// 1-based line, 0 for the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for LoadError {}

/// The cards the checker knows, by normalised name.
#[derive(Clone, Debug, Default)]
pub struct CardTable {
    cards: Vec<Card>,
    index: HashMap<String, usize>,
}

impl CardTable {
    /// An empty table.
    pub fn new() -> CardTable {
        CardTable::default()
    }

    /// The built-in table.
    pub fn builtin() -> CardTable {
        let mut t = CardTable::new();
        t.load_tsv(BUILTIN_TSV, "built-in")
            .expect("the built-in card table is valid");
        t
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the table has no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The card of a name (any spelling that normalises the same).
    pub fn get(&self, name: &str) -> Option<&Card> {
        self.index.get(&normalize(name)).map(|&i| &self.cards[i])
    }

    /// The known name nearest to an unknown one (§3.5).
    pub fn suggest(&self, name: &str) -> Option<&str> {
        crate::names::suggest(
            name,
            self.index
                .iter()
                .map(|(norm, &i)| (norm.as_str(), self.cards[i].name.as_str())),
        )
    }

    /// Up to `max` names for a lookup that found nothing, best first
    /// ([`crate::names::candidates`]).
    pub fn candidates(&self, name: &str, max: usize) -> Vec<&str> {
        crate::names::candidates(
            name,
            self.index
                .iter()
                .map(|(norm, &i)| (norm.as_str(), self.cards[i].name.as_str())),
            max,
        )
    }

    /// Adds a card, replacing one of the same normalised name.
    pub fn insert(&mut self, card: Card) {
        let key = normalize(&card.name);
        match self.index.get(&key) {
            Some(&i) => self.cards[i] = card,
            None => {
                self.index.insert(key, self.cards.len());
                self.cards.push(card);
            }
        }
    }

    /// Whether a name is known.
    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(&normalize(name))
    }

    /// Loads a TSV table (§3.2); its rows replace cards of the same name.
    /// On error nothing of the file is added.
    pub fn load_tsv(&mut self, text: &str, file: &str) -> Result<(), LoadError> {
        let err = |line: usize, message: String| LoadError {
            file: file.to_string(),
            line,
            message,
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut header_seen = false;
        let mut rows = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (i, raw) in text.split('\n').enumerate() {
            let line = i + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            if !header_seen {
                let fields: Vec<&str> = raw.split('\t').collect();
                if fields.len() < HEADER.len() || fields[..HEADER.len()] != HEADER {
                    return Err(err(
                        line,
                        format!("the first line must be the header '{}'", HEADER.join("\\t")),
                    ));
                }
                header_seen = true;
                continue;
            }
            if raw.trim().is_empty() || raw.starts_with('#') {
                continue;
            }
            let card = parse_row(raw, file).map_err(|m| err(line, m))?;
            let key = normalize(&card.name);
            if let Some(first) = seen.insert(key, line) {
                return Err(err(
                    line,
                    format!("'{}' is listed twice (first on line {first})", card.name),
                ));
            }
            rows.push(card);
        }
        if !header_seen {
            return Err(err(0, "empty card table (no header line)".to_string()));
        }
        for card in rows {
            self.insert(card);
        }
        Ok(())
    }
}

fn words(field: &str) -> Vec<String> {
    field.split_whitespace().map(str::to_string).collect()
}

fn optional(field: &str) -> Option<String> {
    let f = field.trim();
    (!f.is_empty()).then(|| f.to_string())
}

/// Checks the fields every source must satisfy and adds the implied tags;
/// shared by the TSV loader and the MTGJSON importer.
pub fn validate(mut card: Card) -> Result<Card, String> {
    if card.name.trim().is_empty() {
        return Err("empty card name".to_string());
    }
    let mut seen = String::new();
    for c in card.colors.chars() {
        if !"WUBRG".contains(c) || seen.contains(c) {
            return Err(format!(
                "bad colour letters '{}' (WUBRG, each once)",
                card.colors
            ));
        }
        seen.push(c);
    }
    card.colors = "WUBRG".chars().filter(|c| seen.contains(*c)).collect();
    if card.types.is_empty() {
        return Err(format!("'{}' has no card type", card.name));
    }
    let creature = card.is_creature();
    let has_pt = card.power.is_some() || card.toughness.is_some();
    if creature && (card.power.is_none() || card.toughness.is_none()) {
        return Err(format!("creature '{}' lacks power or toughness", card.name));
    }
    if !creature && has_pt {
        return Err(format!(
            "'{}' is not a creature but has power or toughness",
            card.name
        ));
    }
    for tag in &card.tags {
        if let Some(letters) = tag.strip_prefix("mana:") {
            if letters.is_empty() || !letters.chars().all(|c| "WUBRGC".contains(c)) {
                return Err(format!("bad mana tag '{tag}' (letters from WUBRGC)"));
            }
        } else if !TAGS.contains(&tag.as_str()) {
            return Err(format!("unknown tag '{tag}'"));
        }
    }
    for (value, tag) in [
        (&card.power, "var:power"),
        (&card.toughness, "var:toughness"),
    ] {
        if value.as_deref().is_some_and(|v| v.contains('*')) && !card.has_tag(tag) {
            card.tags.push(tag.to_string());
        }
    }
    Ok(card)
}

fn parse_row(raw: &str, source: &str) -> Result<Card, String> {
    let f: Vec<&str> = raw.split('\t').collect();
    if f.len() < HEADER.len() {
        return Err(format!(
            "{} fields, expected {} (TAB-separated)",
            f.len(),
            HEADER.len()
        ));
    }
    validate(Card {
        name: f[0].trim().to_string(),
        mana_cost: f[1].trim().to_string(),
        colors: f[2].trim().to_string(),
        types: words(f[3]),
        supertypes: words(f[4]),
        subtypes: words(f[5]),
        power: optional(f[6]),
        toughness: optional(f[7]),
        keywords: f[8]
            .split(';')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_string)
            .collect(),
        tags: words(f[9]),
        source: source.to_string(),
        derived: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_table_holds_appendix_a() {
        let t = CardTable::builtin();
        assert_eq!(t.len(), 164);
        let plant = t.get("carnivorous plant").unwrap();
        assert!(plant.is_wall() && plant.is_creature());
        assert_eq!(t.get("Juzam Djinn").unwrap().name, "Juzám Djinn");
        let nightmare = t.get("Nightmare").unwrap();
        assert!(nightmare.is_inflatable() && nightmare.int_power().is_none());
        let taiga = t.get("Taiga").unwrap();
        assert!(taiga.is_dual_land());
        assert_eq!(taiga.mana_colors(), "RG");
        assert!(!t.get("Karplusan Forest").unwrap().is_dual_land());
        assert_eq!(t.get("Karplusan Forest").unwrap().mana_colors(), "RGC");
        assert!(t.get("Goblin Hero").unwrap().is_vanilla());
        assert!(!t.get("Llanowar Elves").unwrap().is_vanilla());
        assert_eq!(
            t.get("Black Knight").unwrap().knight_keyword(),
            Some("First strike")
        );
        assert_eq!(
            t.get("Knights of Thorn").unwrap().knight_keyword(),
            Some("Protection from red")
        );
        assert_eq!(
            t.get("Granite Gargoyle").unwrap().blocking_ability(),
            Some("can raise its own toughness")
        );
        assert!(t.get("Rod of Ruin").unwrap().is_artifact());
        assert!(t.get("Fissure").unwrap().is_noncreature_spell());
    }

    #[test]
    fn converted_mana_cost() {
        assert_eq!(cmc("{2}{G}{G}{G}{G}"), 6);
        assert_eq!(cmc("{X}{R}"), 1);
        assert_eq!(cmc("{2/W}{W/U}{W/P}{C}{S}"), 6);
        assert_eq!(cmc(""), 0);
        assert_eq!(cmc("{0}"), 0);
        assert_eq!(cmc("{12}"), 12);
    }

    #[test]
    fn tsv_errors_name_the_line_and_rows_replace_earlier_ones() {
        let header = HEADER.join("\t");
        let mut t = CardTable::builtin();
        let fix = format!(
            "{header}\n# a correction\nGoblin Hero\t{{1}}{{R}}\tR\tCreature\t\tGoblin\t3\t1\t\t\n"
        );
        t.load_tsv(&fix, "fix.tsv").unwrap();
        let hero = t.get("Goblin Hero").unwrap();
        assert_eq!(
            (hero.cmc(), hero.power.as_deref(), hero.source.as_str()),
            (2, Some("3"), "fix.tsv")
        );
        assert_eq!(t.len(), 164);
        let bad = [
            ("name\tmana_cost\n", 1, "header"),
            (
                &format!("{header}\nX\t\tG\tCreature\t\t\t1\n") as &str,
                2,
                "fields",
            ),
            (
                &format!("{header}\n\t\tG\tSorcery\t\t\t\t\t\t\n"),
                2,
                "empty card name",
            ),
            (
                &format!("{header}\nX\t\tGG\tSorcery\t\t\t\t\t\t\n"),
                2,
                "colour",
            ),
            (&format!("{header}\nX\t\tG\t\t\t\t\t\t\t\n"), 2, "type"),
            (
                &format!("{header}\nX\t\tG\tCreature\t\t\t1\t\t\t\n"),
                2,
                "lacks",
            ),
            (
                &format!("{header}\nX\t\tG\tSorcery\t\t\t1\t1\t\t\n"),
                2,
                "not a creature",
            ),
            (
                &format!("{header}\nX\t\tG\tSorcery\t\t\t\t\t\tshiny\n"),
                2,
                "unknown tag",
            ),
            (
                &format!("{header}\nX\t\tG\tSorcery\t\t\t\t\t\tmana:Q\n"),
                2,
                "mana tag",
            ),
            (
                &format!("{header}\nX\t\tG\tSorcery\t\t\t\t\t\t\nx\t\tG\tSorcery\t\t\t\t\t\t\n"),
                3,
                "twice",
            ),
        ];
        for (text, line, why) in bad {
            let e = CardTable::new().load_tsv(text, "t.tsv").unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(why), "{e}");
        }
    }
}
