//! The games' rules (Markdown, `docs/rules/`) as an HTML page for players:
//! headings, paragraphs, lists, tables, code blocks (the rules' board
//! diagrams) and the inline marks the documents use (code, bold, italics,
//! links). Just what those documents need; everything is escaped.

/// An HTML page of `markdown` titled `title`, styled like the board's page.
pub fn page(title: &str, markdown: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><style>{STYLE}</style></head>\n<body><article>\n{body}</article></body></html>\n",
        t = escape(title),
        body = to_html(markdown)
    )
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;background:#f4f1ea;color:#222;margin:0}\
article{max-width:52em;margin:0 auto;padding:1em 1.5em 3em;line-height:1.5}\
pre{background:#fff;border:1px solid #ccc;padding:.6em;overflow-x:auto;line-height:1.15}\
code{background:#fff;padding:0 .2em;border-radius:3px}pre code{padding:0}\
table{border-collapse:collapse;margin:.6em 0}th,td{border:1px solid #bbb;padding:.2em .5em;vertical-align:top}\
th{background:#e8e2d4}h1,h2,h3{line-height:1.2}a{color:#2456a8}";

/// Markdown to HTML.
pub fn to_html(markdown: &str) -> String {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed.is_empty() {
            i += 1;
        } else if let Some(fence) = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f)) {
            let mut code = String::new();
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with(fence) {
                code.push_str(&escape(lines[i]));
                code.push('\n');
                i += 1;
            }
            i += 1;
            out.push_str(&format!("<pre><code>{code}</code></pre>\n"));
        } else if let Some((level, text)) = heading(trimmed) {
            out.push_str(&format!("<h{level}>{}</h{level}>\n", inline(text)));
            i += 1;
        } else if trimmed.starts_with('|') {
            let start = i;
            while i < lines.len() && lines[i].trim().starts_with('|') {
                i += 1;
            }
            out.push_str(&table(&lines[start..i]));
        } else if list_item(line).is_some() {
            let start = i;
            while i < lines.len() {
                let l = lines[i];
                let continues = !l.trim().is_empty()
                    && (list_item(l).is_some() || l.starts_with("  ") || l.starts_with('\t'));
                if !continues {
                    break;
                }
                i += 1;
            }
            out.push_str(&list(&lines[start..i]));
        } else {
            let mut text = Vec::new();
            while i < lines.len() {
                let l = lines[i].trim();
                if l.is_empty()
                    || heading(l).is_some()
                    || l.starts_with("```")
                    || l.starts_with('|')
                    || list_item(lines[i]).is_some()
                {
                    break;
                }
                text.push(l);
                i += 1;
            }
            out.push_str(&format!("<p>{}</p>\n", inline(&text.join(" "))));
        }
    }
    out
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.len() - line.trim_start_matches('#').len();
    let rest = &line[level..];
    ((1..=6).contains(&level) && rest.starts_with(' ')).then(|| (level, rest.trim()))
}

/// A list item: its indentation, whether it is numbered, and its text.
fn list_item(line: &str) -> Option<(usize, bool, &str)> {
    let indent = line.len() - line.trim_start().len();
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")) {
        return Some((indent, false, rest));
    }
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &t[digits..];
    (digits > 0 && (rest.starts_with(". ") || rest.starts_with(") ")))
        .then(|| (indent, true, rest[2..].trim_start()))
}

/// Lists, nested by indentation; lines without a marker continue the item.
fn list(lines: &[&str]) -> String {
    let mut out = String::new();
    // The open lists: (indentation, numbered).
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut item_open = false;
    for line in lines {
        match list_item(line) {
            Some((indent, numbered, text)) => {
                while open.last().is_some_and(|&(i, _)| i > indent) {
                    let (_, n) = open.pop().unwrap_or((0, false));
                    out.push_str(if n { "</li></ol>" } else { "</li></ul>" });
                }
                match open.last() {
                    Some(&(i, _)) if i == indent => {
                        if item_open {
                            out.push_str("</li>");
                        }
                    }
                    _ => {
                        out.push_str(if numbered { "<ol>" } else { "<ul>" });
                        open.push((indent, numbered));
                    }
                }
                out.push_str(&format!("<li>{}", inline(text)));
                item_open = true;
            }
            None => {
                out.push(' ');
                out.push_str(&inline(line.trim()));
            }
        }
    }
    while let Some((_, numbered)) = open.pop() {
        out.push_str(if numbered { "</li></ol>" } else { "</li></ul>" });
    }
    out.push('\n');
    out
}

fn cells(row: &str) -> Vec<&str> {
    let row = row.trim();
    let row = row.strip_prefix('|').unwrap_or(row);
    let row = row.strip_suffix('|').unwrap_or(row);
    row.split('|').map(str::trim).collect()
}

fn table(rows: &[&str]) -> String {
    let separator = |r: &str| {
        cells(r)
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
    };
    let mut out = String::from("<table>");
    for (n, row) in rows.iter().enumerate() {
        if separator(row) {
            continue;
        }
        let head = n == 0 && rows.get(1).is_some_and(|r| separator(r));
        let tag = if head { "th" } else { "td" };
        out.push_str("<tr>");
        for cell in cells(row) {
            out.push_str(&format!("<{tag}>{}</{tag}>", inline(cell)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>\n");
    out
}

/// Inline marks: `code`, **bold**, *italics*, [text](link).
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('`') {
            if let Some(end) = after.find('`') {
                out.push_str(&format!("<code>{}</code>", escape(&after[..end])));
                rest = &after[end + 1..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix("**") {
            if let Some(end) = after.find("**") {
                out.push_str(&format!("<strong>{}</strong>", inline(&after[..end])));
                rest = &after[end + 2..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix('*') {
            if let Some(end) = after
                .find('*')
                .filter(|&e| e > 0 && !after.starts_with(' '))
            {
                out.push_str(&format!("<em>{}</em>", inline(&after[..end])));
                rest = &after[end + 1..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix('[') {
            if let Some((label, tail)) = after.split_once("](") {
                if let Some((href, tail)) = tail.split_once(')') {
                    if !label.contains(']') {
                        out.push_str(&format!(
                            "<a href=\"{}\">{}</a>",
                            escape(href),
                            inline(label)
                        ));
                        rest = tail;
                        continue;
                    }
                }
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push_str(&escape(&c.to_string()));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Text as HTML text.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_documents_constructs_render() {
        let md = "# Title\n\nA *word* and **strong** `e4` [link](x.md) <tag>.\n\n\
                  ## Moves\n\n- one\n- two\n  continued\n  1. inner\n\n\
                  | a | b |\n|---|---|\n| `x` | y |\n\n```\n 8 | r |\n```\n";
        let html = to_html(md);
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(html.contains("<em>word</em>") && html.contains("<strong>strong</strong>"));
        assert!(html.contains("<code>e4</code>") && html.contains("<a href=\"x.md\">link</a>"));
        assert!(html.contains("&lt;tag&gt;"), "escaped: {html}");
        assert!(
            html.contains("<ul><li>one</li><li>two continued<ol><li>inner</li></ol></li></ul>"),
            "{html}"
        );
        assert!(html
            .contains("<tr><th>a</th><th>b</th></tr><tr><td><code>x</code></td><td>y</td></tr>"));
        assert!(html.contains("<pre><code> 8 | r |\n</code></pre>"));
        let page = page("Rules", md);
        assert!(page.starts_with("<!doctype html>") && page.contains("<title>Rules</title>"));
    }

    #[test]
    fn every_games_rules_render_without_raw_markdown() {
        for spec in variants::Registry::builtin().specs() {
            if spec.rules_markdown.is_empty() {
                continue;
            }
            let html = to_html(&spec.rules_markdown);
            assert!(
                html.contains("<h1>") || html.contains("<h2>"),
                "{}",
                spec.id
            );
            assert!(html.contains("<table>"), "{}: its tables", spec.id);
            // No heading or table row left as text.
            assert!(
                !html.contains("<p># ") && !html.contains("<p>| "),
                "{}",
                spec.id
            );
        }
    }
}
