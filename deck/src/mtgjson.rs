//! MTGJSON card files (spec §3.6 item 3): the accepted shapes, and tags
//! derived from each card's Oracle text by the spec's heuristics.

use crate::cards::{basic_land_letters, mana_symbols, validate, Card, CardTable, LoadError};
use serde_json::{Map, Value};

/// Keywords a creature's keyword-only line may hold (besides
/// `Protection from X`, `Rampage N` and any landwalk).
const KEYWORDS: [&str; 24] = [
    "flying",
    "first strike",
    "double strike",
    "trample",
    "reach",
    "defender",
    "banding",
    "vigilance",
    "haste",
    "deathtouch",
    "lifelink",
    "flanking",
    "shroud",
    "fear",
    "shadow",
    "menace",
    "hexproof",
    "indestructible",
    "intimidate",
    "horsemanship",
    "prowess",
    "wither",
    "infect",
    "flash",
];

/// Adds the cards of an MTGJSON file whose names are not known yet.
/// Returns how many were added.
pub fn import(text: &str, file: &str, table: &mut CardTable) -> Result<usize, LoadError> {
    let err = |message: String| LoadError {
        file: file.to_string(),
        line: 0,
        message,
    };
    let root: Value = serde_json::from_str(text).map_err(|e| LoadError {
        file: file.to_string(),
        line: e.line(),
        message: format!("not valid JSON: {e}"),
    })?;
    let mut root = match root {
        Value::Object(o) => o,
        _ => return Err(err("the top level is not a JSON object".to_string())),
    };
    if let Some(Value::Object(data)) = root.remove("data") {
        root = data;
    }
    let mut objects = Vec::new();
    collect(&root, &mut objects);
    if objects.is_empty() && !root.is_empty() {
        return Err(err(
            "no card objects found (expected sets with a \"cards\" array, or cards by name)"
                .to_string(),
        ));
    }
    let mut added = 0;
    for obj in objects {
        let Some(card) = card_of(obj, file) else {
            continue;
        };
        if table.contains(&card.name) {
            continue;
        }
        table.insert(card);
        added += 1;
    }
    Ok(added)
}

fn is_card(v: &Value) -> bool {
    v.get("name").is_some_and(Value::is_string) && v.get("types").is_some()
}

/// The card objects of either accepted shape, in file order.
fn collect<'a>(root: &'a Map<String, Value>, out: &mut Vec<&'a Map<String, Value>>) {
    for value in root.values() {
        match value {
            Value::Object(o) if is_card(value) => out.push(o),
            Value::Object(o) => {
                if let Some(Value::Array(cards)) = o.get("cards") {
                    out.extend(
                        cards
                            .iter()
                            .filter(|c| is_card(c))
                            .filter_map(Value::as_object),
                    );
                }
            }
            Value::Array(faces) => {
                out.extend(
                    faces
                        .iter()
                        .filter(|c| is_card(c))
                        .filter_map(Value::as_object),
                );
            }
            _ => {}
        }
    }
}

fn strings(obj: &Map<String, Value>, key: &str) -> Vec<String> {
    match obj.get(key) {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        Some(Value::String(s)) => s.split_whitespace().map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

fn colour_letter(c: &str) -> Option<char> {
    Some(match c.to_ascii_lowercase().as_str() {
        "w" | "white" => 'W',
        "u" | "blue" => 'U',
        "b" | "black" => 'B',
        "r" | "red" => 'R',
        "g" | "green" => 'G',
        _ => return None,
    })
}

/// A card from an MTGJSON object; `None` for objects the checker cannot
/// use (a creature without power, for example).
fn card_of(obj: &Map<String, Value>, file: &str) -> Option<Card> {
    let name = obj.get("name")?.as_str()?.to_string();
    let field = |k: &str| obj.get(k).and_then(Value::as_str).map(str::to_string);
    let colours: Vec<char> = strings(obj, "colors")
        .iter()
        .filter_map(|c| colour_letter(c))
        .collect();
    let colors: String = "WUBRG".chars().filter(|c| colours.contains(c)).collect();
    let types = strings(obj, "types");
    let creature = types.iter().any(|t| t == "Creature");
    let mut card = Card {
        name: name.clone(),
        mana_cost: field("manaCost").unwrap_or_default(),
        colors,
        types,
        supertypes: strings(obj, "supertypes"),
        subtypes: strings(obj, "subtypes"),
        power: if creature { field("power") } else { None },
        toughness: if creature { field("toughness") } else { None },
        keywords: Vec::new(),
        tags: Vec::new(),
        source: file.to_string(),
        derived: true,
    };
    let v5_keywords: Vec<String> = strings(obj, "keywords")
        .iter()
        .map(|k| k.to_ascii_lowercase())
        .collect();
    derive(&mut card, &field("text").unwrap_or_default(), &v5_keywords);
    validate(card).ok()
}

fn push(tags: &mut Vec<String>, tag: &str) {
    if !tags.iter().any(|t| t == tag) {
        tags.push(tag.to_string());
    }
}

/// Removes reminder text and writes the card's own name as `~`.
fn prepare(line: &str, name: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let mut s = out.replace(name, "~");
    if let Some((short, _)) = name.split_once(',') {
        if !short.trim().is_empty() {
            s = s.replace(short.trim(), "~");
        }
    }
    s.replace("this creature", "~")
        .replace("This creature", "~")
}

/// A keyword phrase's Oracle spelling, if the phrase is one.
fn keyword(phrase: &str, v5: &[String]) -> Option<String> {
    let p = phrase.trim().trim_end_matches('.');
    let lower = p.to_ascii_lowercase();
    let known = KEYWORDS.contains(&lower.as_str())
        || lower.starts_with("protection from ")
        || (lower.ends_with("walk") && !lower.contains(' '))
        || lower
            .strip_prefix("rampage ")
            .is_some_and(|n| n.parse::<u32>().is_ok())
        || (!lower.is_empty() && v5.contains(&lower));
    if !known {
        return None;
    }
    let mut chars = p.chars();
    let first = chars.next()?.to_uppercase().collect::<String>();
    Some(first + &chars.as_str().to_lowercase())
}

/// Tags `<kind>:power` and `<kind>:toughness` for the non-zero halves of a
/// `gets +A/+B` in the text; whether it tagged anything.
fn push_gets(tags: &mut Vec<String>, text: &str, kind: &str) -> bool {
    let Some((a, b)) = gets(text) else {
        return false;
    };
    if a {
        push(tags, &format!("{kind}:power"));
    }
    if b {
        push(tags, &format!("{kind}:toughness"));
    }
    a || b
}

/// `gets +A/+B` in a text: whether A and B are non-zero.
fn gets(text: &str) -> Option<(bool, bool)> {
    let i = text.find("~ gets ")?;
    let rest = &text[i + 7..];
    let token = rest.split_whitespace().next()?;
    let (a, b) = token.split_once('/')?;
    let nonzero = |s: &str| {
        let d = s.trim_start_matches(['+', '-']);
        !d.is_empty() && d.chars().any(|c| c != '0')
    };
    let valid = |s: &str| s.starts_with(['+', '-']);
    (valid(a) && valid(b)).then(|| (nonzero(a), nonzero(b)))
}

/// Within one sentence: whether the words appear in this order.
fn in_order(text: &str, words: &[&str]) -> bool {
    text.split(['.', ';']).any(|sentence| {
        let s = sentence.to_lowercase();
        let mut at = 0;
        words.iter().all(|w| match s[at..].find(w) {
            Some(i) => {
                at += i + w.len();
                true
            }
            None => false,
        })
    })
}

/// The mana letters an `Add ...` effect names.
fn mana_added(effect: &str) -> String {
    let lower = effect.to_lowercase();
    if lower.contains("any color")
        || lower.contains("any one color")
        || lower.contains("any combination of colors")
    {
        return "WUBRG".to_string();
    }
    let mut letters = String::new();
    for sym in mana_symbols(effect) {
        let letter = match sym {
            "W" | "U" | "B" | "R" | "G" | "C" => sym.chars().next(),
            s if s.parse::<u32>().is_ok() => Some('C'),
            _ => None,
        };
        if let Some(l) = letter {
            if !letters.contains(l) {
                letters.push(l);
            }
        }
    }
    letters
}

fn derive(card: &mut Card, text: &str, v5: &[String]) {
    let creature = card.is_creature();
    let mut tags = Vec::new();
    let mut mana = String::new();
    for raw in text.lines() {
        let line = prepare(raw, &card.name);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        // 2: a line of keyword phrases.
        if creature {
            let phrases: Vec<&str> = line.split([',', ';']).map(str::trim).collect();
            let kws: Vec<Option<String>> = phrases.iter().map(|p| keyword(p, v5)).collect();
            if kws.iter().all(Option::is_some) {
                for k in kws.into_iter().flatten() {
                    if k.to_ascii_lowercase().starts_with("rampage") {
                        push(&mut tags, "var:power");
                        push(&mut tags, "var:toughness");
                    }
                    if !card.keywords.contains(&k) {
                        card.keywords.push(k);
                    }
                }
                continue;
            }
        }
        let lower = line.to_lowercase();
        let mut gave = false;
        // 6: on any line.
        if lower.contains("creature token") {
            push(&mut tags, "tokens");
            gave = true;
        }
        let mass = in_order(line, &["destroy", "all", "creatures"])
            || in_order(line, &["bury", "all", "creatures"])
            || in_order(line, &["damage to each", "creature"])
            || ((in_order(line, &["all", "creature"]) || in_order(line, &["each", "creature"]))
                && (in_order(line, &["creature", "get -"])
                    || in_order(line, &["creature", "gets -"])));
        if mass {
            push(&mut tags, "ban:mass");
        }
        if lower.contains("gain control of")
            || lower.contains("you control enchanted creature")
            || lower.contains("exchange control")
        {
            push(&mut tags, "ban:control");
        }
        let graveyard = ["return", "exile", "remove", "shuffle", "put"]
            .iter()
            .any(|v| in_order(line, &[v, "from", "graveyard"]))
            || lower.contains("creature card in a graveyard");
        if graveyard {
            push(&mut tags, "ban:graveyard");
        }
        // 3: activated abilities.
        let activated = line.split_once(':').filter(|(cost, _)| {
            cost.contains('{')
                || ["Sacrifice", "Discard", "Pay", "Remove", "Tap", "Exile"]
                    .iter()
                    .any(|w| cost.contains(w))
        });
        let discard_text = match activated {
            Some((_, effect)) => effect.to_lowercase(),
            None => lower.clone(),
        };
        if (discard_text.contains("discard") || discard_text.contains("discards"))
            && !discard_text.contains("additional cost")
        {
            push(&mut tags, "ban:discard");
        }
        if let Some((cost, effect)) = activated {
            let effect = effect.trim();
            if cost.contains("{T}") {
                if effect.starts_with("Add") {
                    push(&mut tags, "tap:mana");
                    for l in mana_added(effect).chars() {
                        if !mana.contains(l) {
                            mana.push(l);
                        }
                    }
                } else {
                    push(&mut tags, "tap:other");
                }
                gave = true;
            }
            gave |= push_gets(&mut tags, effect, "pump");
            if creature && !gave {
                push(&mut tags, "other");
            }
            continue;
        }
        // 4: any other line.
        gave |= push_gets(&mut tags, line, "var");
        if lower.contains("+1/+1 counter on ~")
            || lower.contains("+1/+1 counters on ~")
            || lower.contains("~'s power and toughness")
            || lower.contains("power and toughness are each equal")
            || lower.contains("as a copy of")
        {
            push(&mut tags, "var:power");
            push(&mut tags, "var:toughness");
            gave = true;
        }
        if lower.contains("can block an additional")
            || lower.contains("can block any number")
            || lower.contains("can block creatures with flying")
            || lower.contains("is dealt to ~ instead")
        {
            push(&mut tags, "block");
            gave = true;
        }
        if creature && !gave {
            push(&mut tags, "other");
        }
    }
    // 5: a land's basic land types.
    if card.is_land() {
        for l in basic_land_letters(&card.subtypes) {
            if !mana.contains(l) {
                mana.push(l);
            }
        }
    }
    if !mana.is_empty() {
        let ordered: String = "WUBRGC".chars().filter(|c| mana.contains(*c)).collect();
        tags.push(format!("mana:{ordered}"));
    }
    card.tags = tags;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(name: &str, types: &str, text: &str, pt: Option<(&str, &str)>) -> Value {
        let mut v = serde_json::json!({
            "name": name,
            "types": types.split_whitespace().collect::<Vec<_>>(),
            "colors": ["Green"],
            "manaCost": "{1}{G}",
            "text": text,
        });
        if let Some((p, t)) = pt {
            v["power"] = p.into();
            v["toughness"] = t.into();
        }
        v
    }

    fn tags_of(table: &CardTable, name: &str) -> (Vec<String>, Vec<String>) {
        let c = table.get(name).unwrap();
        (c.keywords.clone(), c.tags.clone())
    }

    #[test]
    fn derives_keywords_and_tags_from_oracle_text() {
        let cards = vec![
            card("Llanowar Elves", "Creature", "{T}: Add {G}.", Some(("1", "1"))),
            card("Shivan Dragon", "Creature", "Flying (This creature can't be blocked except by creatures with flying or reach.)\n{R}: Shivan Dragon gets +1/+0 until end of turn.", Some(("5", "5"))),
            card("Wrath of God", "Sorcery", "Destroy all creatures. They can't be regenerated.", None),
            card("Raise Dead", "Sorcery", "Return target creature card from your graveyard to your hand.", None),
            card("Hypnotic Specter", "Creature", "Flying\nWhenever Hypnotic Specter deals damage to an opponent, that player discards a card at random.", Some(("2", "2"))),
            card("Control Magic", "Enchantment", "Enchant creature\nYou control enchanted creature.", None),
            card("Kird Ape", "Creature", "Kird Ape gets +1/+2 as long as you control a Forest.", Some(("1", "1"))),
            card("Veteran Bodyguard", "Creature", "As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked creatures is dealt to Veteran Bodyguard instead.", Some(("2", "5"))),
            card("Craw Giant", "Creature", "Trample\nRampage 2 (Whenever this creature becomes blocked, it gets +2/+2 until end of turn for each creature blocking it beyond the first.)", Some(("6", "4"))),
            card("Rukh Egg", "Creature", "When Rukh Egg dies, create a 4/4 red Bird creature token with flying at the beginning of the next end step.", Some(("0", "3"))),
            card("Giant Spider", "Creature", "Reach", Some(("2", "4"))),
            card("Karplusan Forest", "Land", "{T}: Add {C}.\n{T}: Add {R} or {G}. Karplusan Forest deals 1 damage to you.", None),
            card("Sengir Vampire", "Creature", "Flying\nWhenever a creature dealt damage by Sengir Vampire this turn dies, put a +1/+1 counter on Sengir Vampire.", Some(("4", "4"))),
            card("Drudge Skeletons", "Creature", "{B}: Regenerate Drudge Skeletons.", Some(("1", "1"))),
        ];
        // v3 AllSets shape: sets with a "cards" array.
        let file = serde_json::json!({ "LEA": { "name": "Alpha", "cards": cards } }).to_string();
        let mut table = CardTable::new();
        assert_eq!(import(&file, "AllSets.json", &mut table).unwrap(), 14);
        let t = |n: &str| tags_of(&table, n).1;
        let k = |n: &str| tags_of(&table, n).0;
        assert_eq!(t("Llanowar Elves"), ["tap:mana", "mana:G"]);
        assert_eq!(
            (k("Shivan Dragon"), t("Shivan Dragon")),
            (vec!["Flying".to_string()], vec!["pump:power".to_string()])
        );
        assert_eq!(t("Wrath of God"), ["ban:mass"]);
        assert_eq!(t("Raise Dead"), ["ban:graveyard"]);
        assert_eq!(t("Hypnotic Specter"), ["ban:discard", "other"]);
        assert!(t("Control Magic").contains(&"ban:control".to_string()));
        assert_eq!(t("Kird Ape"), ["var:power", "var:toughness"]);
        assert_eq!(t("Veteran Bodyguard"), ["block"]);
        assert_eq!(k("Craw Giant"), ["Trample", "Rampage 2"]);
        assert_eq!(t("Craw Giant"), ["var:power", "var:toughness"]);
        assert_eq!(t("Rukh Egg"), ["tokens"]);
        assert_eq!(
            (k("Giant Spider"), t("Giant Spider")),
            (vec!["Reach".to_string()], vec![])
        );
        assert_eq!(t("Karplusan Forest"), ["tap:mana", "mana:RGC"]);
        assert_eq!(t("Sengir Vampire"), ["var:power", "var:toughness"]);
        assert_eq!(t("Drudge Skeletons"), ["other"]);
        assert!(table.get("Wrath of God").unwrap().derived);
    }

    #[test]
    fn reads_every_accepted_shape_and_keeps_known_cards() {
        let bears = card("Grizzly Bears", "Creature", "", Some(("2", "2")));
        let ape = card(
            "Kird Ape",
            "Creature",
            "Kird Ape gets +1/+2 as long as you control a Forest.",
            Some(("1", "1")),
        );
        let shapes = [
            // v4/v5 AllPrintings: "data" wrapping sets.
            serde_json::json!({ "meta": {}, "data": { "LEA": { "cards": [bears.clone()] } } }),
            // v3 AllCards: cards by name.
            serde_json::json!({ "Grizzly Bears": bears.clone() }),
            // v5 AtomicCards: arrays of faces by name.
            serde_json::json!({ "data": { "Grizzly Bears": [bears.clone()] } }),
        ];
        for shape in shapes {
            let mut table = CardTable::new();
            assert_eq!(
                import(&shape.to_string(), "f.json", &mut table).unwrap(),
                1,
                "{shape}"
            );
            assert_eq!(
                table.get("grizzly bears").unwrap().power.as_deref(),
                Some("2")
            );
        }
        // A curated row wins over the importer's guess.
        let mut table = CardTable::builtin();
        let file = serde_json::json!({ "X": { "cards": [bears, ape] } }).to_string();
        assert_eq!(import(&file, "f.json", &mut table).unwrap(), 0);
        assert!(!table.get("Kird Ape").unwrap().derived);
        // Not JSON, not an object, no cards: clear errors.
        for bad in ["{", "[1, 2]", "{\"a\": 1}"] {
            assert!(
                import(bad, "bad.json", &mut CardTable::new()).is_err(),
                "{bad}"
            );
        }
    }
}
