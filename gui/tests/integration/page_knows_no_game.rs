//! The page is taught by the server: its scripts name no game, no piece,
//! no board of any game, so that a game added in `variants/` (or read from
//! a file) reaches the page with no change to it.

use variants::Registry;

/// The page's scripts, by name.
fn scripts() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the page's folder") {
        let path = entry.expect("a file").path();
        if path.extension().is_some_and(|e| e == "js") {
            let text = std::fs::read_to_string(&path).expect("a script");
            out.push((path.display().to_string(), text));
        }
    }
    assert!(
        out.len() >= 5,
        "the page's scripts were not found in {dir:?}"
    );
    out
}

/// Whether `word` stands in `text` as a word of its own (letters, digits
/// and `_` around it end it).
fn names(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

#[test]
fn the_page_scripts_name_no_game_piece_or_board() {
    let registry = Registry::builtin();
    let mut words: Vec<String> = Vec::new();
    for spec in registry.specs() {
        words.push(spec.id.clone());
        words.push(spec.name.clone());
        words.extend(spec.aliases.iter().cloned());
        words.extend(spec.pieces.iter().map(|p| p.name.clone()));
        words.extend(spec.boards.iter().map(|b| b.title.clone()));
        // The longer texts the page used to carry itself.
        if !spec.hint.is_empty() {
            words.push(spec.hint.clone());
        }
        words.extend(spec.marks.iter().map(|(_, meaning)| meaning.clone()));
        words.extend(spec.choices.iter().map(|(_, words)| words.clone()));
    }
    // Words the page uses of every game that are also a game's id: a
    // placement (a piece put from off the board) is older on the page
    // than the game called so.
    words.retain(|w| !w.is_empty() && w != "placement" && w != "Placement");
    assert!(words.iter().any(|w| w == "Knight") && words.iter().any(|w| w == "Earth"));
    let mut found = Vec::new();
    for (file, text) in scripts() {
        for word in &words {
            // Ids are lower case, names capitalised: both as written.
            if names(&text, word)
                || names(&text.to_lowercase(), &word.to_lowercase()) && word == &word.to_lowercase()
            {
                found.push(format!("{file}: {word}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the page names games or pieces:\n{}",
        found.join("\n")
    );
    let html = include_str!("../../assets/index.html");
    for id in registry.ids() {
        assert!(
            !html.contains(&format!("value=\"{id}\"")),
            "index.html lists {id}"
        );
    }
}

#[test]
fn the_word_check_finds_words_and_only_words() {
    assert!(names("const a = \"Knight\";", "Knight"));
    assert!(!names("Knightrider", "Knight"));
    assert!(names("variant === 'chess'", "chess"));
    assert!(!names("chessboard", "chess"));
}
