//! The page's files and the rules documents, compiled into the binary: the
//! application needs no files, Node or network at run time.

/// The page's files: name, contents, MIME type.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        include_str!("../assets/index.html"),
        "text/html; charset=utf-8",
    ),
    (
        "state.js",
        include_str!("../assets/state.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "pieces.js",
        include_str!("../assets/pieces.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "board.js",
        include_str!("../assets/board.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "entry.js",
        include_str!("../assets/entry.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "engine.js",
        include_str!("../assets/engine.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "replay.js",
        include_str!("../assets/replay.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "deck.js",
        include_str!("../assets/deck.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "legend.js",
        include_str!("../assets/legend.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "layout.js",
        include_str!("../assets/layout.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "main.js",
        include_str!("../assets/main.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "style.css",
        include_str!("../assets/style.css"),
        "text/css; charset=utf-8",
    ),
];

/// Rules documents that belong to no game of the registry: the deck
/// checker's format (the games' own come from their specs).
const RULES: &[(&str, &str)] = &[
    (
        "wizards-chess-mtg.md",
        include_str!("../../docs/rules/wizards-chess-mtg.md"),
    ),
    (
        "defined-games.md",
        include_str!("../../docs/rules/defined-games.md"),
    ),
];

/// A page file and its MIME type.
pub fn get(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, body, mime)| (body, mime))
}

/// A rules document by file name: `<game id>.md` from the game's spec,
/// or one of [`RULES`].
pub fn rules(registry: &variants::Registry, name: &str) -> Option<String> {
    if let Some(&(_, text)) = RULES.iter().find(|(n, _)| *n == name) {
        return Some(text.to_string());
    }
    let id = name.strip_suffix(".md")?;
    let spec = registry.spec(id).ok().filter(|s| s.id == id)?;
    (!spec.rules_markdown.is_empty()).then(|| spec.rules_markdown.clone())
}
