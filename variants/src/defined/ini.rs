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
}

impl DefError {
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
}

/// Reads the sections of a file. Comments start with `#` or `;`; blank
/// lines are ignored; anything else outside the two forms is an error.
pub fn read(text: &str, file: &str) -> Result<Vec<Section>, Vec<DefError>> {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors = Vec::new();
    let error = |line: usize, message: String| DefError {
        file: file.to_string(),
        line,
        message,
    };
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if let Some(inner) = t.strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                errors.push(error(
                    line,
                    format!("'{t}' opens a section but has no closing ']'"),
                ));
                continue;
            };
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
                errors.push(error(
                    line,
                    format!(
                        "'{t}' is no section header: write [name] or [name:parent] with letters, digits, - and _"
                    ),
                ));
                continue;
            }
            sections.push(Section {
                name: name.to_string(),
                parent: parent.map(str::to_string),
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            errors.push(error(
                line,
                format!("'{t}' is neither a section header nor 'key = value'"),
            ));
            continue;
        };
        let Some(section) = sections.last_mut() else {
            errors.push(error(
                line,
                format!(
                    "'{}' stands before any section: start with [name]",
                    key.trim()
                ),
            ));
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
    if errors.is_empty() {
        Ok(sections)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_comments_and_errors() {
        let text = "# a file\n[one]\nmaxFile = 10 # wide\n; note\n\n[two:one]\nkey=value\n";
        let s = read(text, "f.ini").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "one");
        assert_eq!(s[0].entries[0].value, "10");
        assert_eq!(s[0].entries[0].line, 3);
        assert_eq!(s[1].parent.as_deref(), Some("one"));
        assert_eq!(s[1].entries[0].key, "key");
        let e = read("key = 1\n[bad\n[x y]\nnonsense\n", "g.ini").unwrap_err();
        let lines: Vec<usize> = e.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 2, 3, 4]);
        assert!(e[0]
            .to_string()
            .starts_with("g.ini:1: 'key' stands before any section"));
    }
}
