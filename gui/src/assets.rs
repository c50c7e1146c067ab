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
        "app.js",
        include_str!("../assets/app.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "pieces.js",
        include_str!("../assets/pieces.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "style.css",
        include_str!("../assets/style.css"),
        "text/css; charset=utf-8",
    ),
];

/// The rules as Arcana plays them (`docs/rules/`).
const RULES: &[(&str, &str)] = &[
    ("magician.md", include_str!("../../docs/rules/magician.md")),
    ("vanguard.md", include_str!("../../docs/rules/vanguard.md")),
    (
        "advancedwizard.md",
        include_str!("../../docs/rules/advancedwizard.md"),
    ),
    (
        "parallelworlds.md",
        include_str!("../../docs/rules/parallelworlds.md"),
    ),
    (
        "wizards-chess-mtg.md",
        include_str!("../../docs/rules/wizards-chess-mtg.md"),
    ),
];

/// A page file and its MIME type.
pub fn get(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, body, mime)| (body, mime))
}

/// A rules document by file name.
pub fn rules(name: &str) -> Option<&'static str> {
    RULES.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}
