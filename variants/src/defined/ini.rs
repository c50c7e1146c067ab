//! The `variants.ini` file as text: sections (`[name]`, `[name:parent]`),
//! `key = value` lines and comments, each remembered with its line so that
//! every later error can say where it comes from.

use std::fmt;

/// What is wrong in a definition file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefError {
    /// The file's name as the user gave it.
    pub file: String,
    /// The line, from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong, and what to do where that is not obvious.
    pub message: String,
    /// The section the error keeps from loading (None: none, such as a
    /// line before the first section).
    pub section: Option<String>,
    /// What the section would need, for a file's summary.
    pub cause: Cause,
}

/// Why a section does not load, as a file's summary counts it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cause {
    /// A key of Fairy-Stockfish's that Arcana does not read (yet).
    Key(String),
    /// A parent that is no game Arcana knows.
    Parent(String),
    /// A parent that did not load.
    ParentFailed,
    /// Anything else: a value, a piece, the start position, the syntax.
    Other,
}

impl DefError {
    /// An error at `line` of `file`, of no section yet.
    pub fn new(file: &str, line: usize, message: String) -> DefError {
        DefError {
            file: file.to_string(),
            line,
            message,
            section: None,
            cause: Cause::Other,
        }
    }

    /// The error, as one that keeps section `name` from loading.
    pub fn in_section(mut self, name: &str) -> DefError {
        self.section = Some(name.to_string());
        self
    }

    /// The error, with its cause.
    pub fn because(mut self, cause: Cause) -> DefError {
        self.cause = cause;
        self
    }

    /// Errors as one text, each as `file:line: message`, separated by
    /// `separator` (a newline for people, `; ` on a protocol line).
    pub fn join(errors: &[DefError], separator: &str) -> String {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(separator)
    }
}

impl fmt::Display for DefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for DefError {}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key as written.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Its line.
    pub line: usize,
}

/// One section: a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The game's name.
    pub name: String,
    /// The game it inherits from (`[name:parent]`).
    pub parent: Option<String>,
    /// The line of its header.
    pub line: usize,
    /// Its lines, in order.
    pub entries: Vec<Entry>,
    /// Its lines that are neither `key = value` nor a comment: the section
    /// does not load while it has one.
    pub errors: Vec<DefError>,
}

/// Reads the sections of a file. Comments start with `#` or `;`; blank
/// lines are ignored; a line of neither form is an error of its section
/// (which then does not load; the others do, as in Fairy-Stockfish). A
/// header that does not read is a section of that text with its error (its
/// lines are skipped up to the next header). The errors returned apart are
/// the lines before the first section.
pub fn read(text: &str, file: &str) -> (Vec<Section>, Vec<DefError>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors = Vec::new();
    // Whether the lines at hand follow a header that did not read.
    let mut skipping = false;
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if let Some(inner) = t.strip_prefix('[') {
            match header(inner) {
                Ok((name, parent)) => {
                    skipping = false;
                    sections.push(Section {
                        name: name.to_string(),
                        parent: parent.map(str::to_string),
                        line,
                        entries: Vec::new(),
                        errors: Vec::new(),
                    });
                }
                Err(why) => {
                    // A section that does not load: its lines are skipped.
                    skipping = true;
                    let error = DefError::new(
                        file,
                        line,
                        format!("'{t}' {why}; its lines up to the next section are skipped"),
                    )
                    .in_section(t);
                    sections.push(Section {
                        name: t.to_string(),
                        parent: None,
                        line,
                        entries: Vec::new(),
                        errors: vec![error],
                    });
                }
            }
            continue;
        }
        if skipping {
            continue;
        }
        let Some(section) = sections.last_mut() else {
            let key = t.split_once('=').map_or(t, |(k, _)| k.trim());
            errors.push(DefError::new(
                file,
                line,
                format!("'{key}' stands before any section: start with [name]"),
            ));
            continue;
        };
        let Some((key, value)) = t.split_once('=') else {
            let name = section.name.clone();
            section.errors.push(
                DefError::new(
                    file,
                    line,
                    format!("[{name}] '{t}' is neither a section header nor 'key = value'"),
                )
                .in_section(&name),
            );
            continue;
        };
        // A comment may follow the value (`key = value # why`).
        let value = value.split(" #").next().unwrap_or("").trim();
        section.entries.push(Entry {
            key: key.trim().to_string(),
            value: value.to_string(),
            line,
        });
    }
    (sections, errors)
}

/// A header's name and parent (`name]`, `name:parent]`, after the `[`),
/// or what is wrong with it.
fn header(inner: &str) -> Result<(&str, Option<&str>), &'static str> {
    let inner = inner
        .strip_suffix(']')
        .ok_or("opens a section but has no closing ']'")?;
    let (name, parent) = match inner.split_once(':') {
        Some((name, parent)) => (name.trim(), Some(parent.trim())),
        None => (inner.trim(), None),
    };
    let valid = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    if !valid(name) || parent.is_some_and(|p| !valid(p)) {
        return Err(
            "is no section header: write [name] or [name:parent] with letters, digits, -, _ and .",
        );
    }
    Ok((name, parent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_comments_and_errors() {
        let text = "# a file\n[one]\nmaxFile = 10 # wide\n; note\n\n[two:one]\nkey=value\n";
        let (s, errors) = read(text, "f.ini");
        assert!(errors.is_empty());
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "one");
        assert_eq!(s[0].entries[0].value, "10");
        assert_eq!(s[0].entries[0].line, 3);
        assert_eq!(s[1].parent.as_deref(), Some("one"));
        assert_eq!(s[1].entries[0].key, "key");
        assert!(s.iter().all(|s| s.errors.is_empty()));
    }

    /// A line before any section and a header that does not read are the
    /// file's errors (the header's lines are skipped); a stray line in a
    /// section is that section's, and the sections around it still read.
    #[test]
    fn an_error_stays_with_its_section() {
        let text = "key = 1\n[bad\nx = 1\n[x y]\n[ok]\na = 1\nnonsense\n[fine]\nb = 2\n";
        let (s, e) = read(text, "g.ini");
        assert_eq!(e.len(), 1);
        assert!(e[0]
            .to_string()
            .starts_with("g.ini:1: 'key' stands before any section"));
        assert!(e[0].section.is_none());
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["[bad", "[x y]", "ok", "fine"]);
        assert!(s[0].errors[0].message.contains("no closing ']'"));
        assert_eq!(s[0].errors[0].line, 2);
        assert!(s[0].entries.is_empty(), "its lines are skipped");
        assert_eq!(s[1].errors[0].line, 4);
        assert_eq!(s[2].errors.len(), 1);
        assert_eq!(s[2].errors[0].line, 7);
        assert_eq!(s[2].errors[0].section.as_deref(), Some("ok"));
        assert_eq!(s[2].entries.len(), 1);
        assert!(s[3].errors.is_empty());
    }
}
